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


def _first_position_choice():
    from botwotr.catalog import spec_for
    spec = spec_for("rohan")
    g = Game.new(spec, seed=3)
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    for _ in range(200):
        cmds = [c for c in g.legal_commands() if c["side"] == deciding_side(g.state)]
        if cmds and cmds[0]["cmd"] == "choose_position":
            return spec, g, cmds
        g.submit(bots[cmds[0]["side"]].choose(g, cmds))
    raise AssertionError("no Shadow phase reached")


def test_greedy_shadow_sets_fate_back_near_the_endgame_r7_7():
    """R-6.1, R-7.7: early on the greedy Shadow prefers another position, but with the fate
    marker one space from the endgame it takes the position that moves fate back."""
    from botwotr.core.bots import score
    spec, g, cmds = _first_position_choice()
    setter = [p for p, ps in spec.positions.items()
              if any(e.get("do") == "fate" and e.get("steps", 0) < 0 for e in ps.action)]
    assert setter, "the Rohan content has a position that sets fate back"
    view = g.view_for("sh")
    early = max(cmds, key=lambda c: score(spec, view, c))
    assert early["position"] not in setter
    late_view = dict(view, fate=spec.endgame - 1)
    late = max(cmds, key=lambda c: score(spec, late_view, c))
    assert late["position"] in setter
