"""Random playouts of the test scenario, taking only commands from `legal_commands()`, with the
invariants of the rules checked after every command (R-2.1, R-2.2, R-11.3, R-5.1, R-7.2), and the
log checked to replay, save, load, undo and redo exactly."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from botwotr.core import Game, RuleError
from botwotr.core import invariants
from botwotr.core.state import canonical
from botwotr.persistence import save as saves
from helpers import scenario_spec

GAMES = 100
MAX_STEPS = 4000


check_invariants = invariants.check


def play(seed: int, stats: Counter) -> Game:
    spec = scenario_spec()
    game = Game.new(spec, seed=seed)
    rng = random.Random(seed)
    check_invariants(game)
    for step in range(MAX_STEPS):
        if game.state["winner"]:
            break
        cmds = game.legal_commands()
        assert cmds, f"seed {seed}: nothing legal while waiting for {game.waiting_for()}"
        cmd = rng.choice(cmds)
        try:
            events = game.submit(cmd)
        except RuleError as e:  # pragma: no cover - a listed command must be accepted
            pytest.fail(f"seed {seed} step {step}: legal_commands listed {cmd}, refused: {e}")
        for e in events:
            if e["e"] == "BattleEnded":
                stats["battle:" + e["outcome"]] += 1
            if e["e"] == "BattleUpdated" and "current" in e["changes"]:
                stats["battle:combined_switch"] += 1
            if e["e"] == "BattleStarted" and e["mode"] == "combined" and len(e["armies"]) > 1:
                stats["battle:combined"] += 1
            if e["e"] == "ArmyDestroyed":
                side = e["side"]
                stats[f"destroyed:{side}"] += 1
        check_invariants(game)
        if step % 97 == 13 and game.can_undo(force=True):
            before = canonical(game.state)
            game.undo(force=True)
            game.redo()
            assert canonical(game.state) == before, "undo then redo changed the state"
    else:
        pytest.fail(f"seed {seed}: no winner after {MAX_STEPS} commands")
    stats["winner:" + game.state["winner"]] += 1
    return game


def test_random_playouts_keep_invariants_and_replay():
    stats: Counter = Counter()
    for seed in range(GAMES):
        game = play(seed, stats)
        assert game.fold() == game.state, f"seed {seed}: replaying the events differs from the live state"
        if seed % 10 == 0:
            data = saves.parse(saves.dumps(game))
            loaded = saves.from_dict(data, game.spec)
            assert canonical(loaded.state) == canonical(game.state), "save then load differs"
    # the playouts reach every kind of battle ending.
    for outcome in ("ceased", "retreated", "fled", "attacker_won", "defender_won", "both_destroyed"):
        assert stats["battle:" + outcome] > 0, f"no battle ended '{outcome}' in {GAMES} games: {stats}"
    assert stats["battle:combined"] > 0 and stats["battle:combined_switch"] > 0, stats
    assert stats["destroyed:fp"] > 0 and stats["destroyed:sh"] > 0, stats
    assert stats["winner:fp"] > 0 and stats["winner:sh"] > 0, stats
