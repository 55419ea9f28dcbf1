"""The automated players choose only legal commands, finish games, and the greedy one plays
better than chance."""
from botwotr.core import Game
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side, play
from helpers import scenario_spec


def test_bots_only_choose_legal_commands_and_finish():
    spec = scenario_spec()
    for seed in range(5):
        g = Game.new(spec, seed=seed)
        winner = play(g, {"fp": GreedyBot(seed), "sh": RandomBot(seed)})
        assert winner in ("fp", "sh")
        assert g.fold() == g.state


def test_greedy_beats_random_on_both_sides():
    spec = scenario_spec()
    wins = 0
    games = 12
    for seed in range(games):
        g = Game.new(spec, seed=seed)
        if play(g, {"fp": GreedyBot(seed), "sh": RandomBot(seed)}) == "fp":
            wins += 1
        g = Game.new(spec, seed=seed)
        if play(g, {"fp": RandomBot(seed), "sh": GreedyBot(seed)}) == "sh":
            wins += 1
    assert wins >= 0.7 * 2 * games, f"greedy won only {wins} of {2 * games}"


def test_deciding_side_for_simultaneous_decisions():
    g = Game.new(scenario_spec(), seed=1)
    assert deciding_side(g.state) in ("fp", "sh")
