"""Random playouts of the test scenario, taking only commands from `legal_commands()`, with the
invariants of the rules checked after every command (R-2.1, R-2.2, R-11.3, R-5.1, R-7.2), and the
log checked to replay, save, load, undo and redo exactly."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from botwotr.core import Game, RuleError
from botwotr.core.state import army_size, canonical
from botwotr.persistence import save as saves
from helpers import scenario_spec

GAMES = 200
MAX_STEPS = 4000


def check_invariants(game: Game) -> None:
    s, spec = game.state, game.spec
    kinds = {p["kind"] for p in s["pending"]}
    for r, reg in s["regions"].items():
        n = army_size(reg)
        if "remove_excess" not in kinds:
            assert n <= 5 or spec.board.regions[r].recruitment_area, f"R-2.1: {r} holds {n} units"
        if n == 0:
            assert reg["leaders"] == 0, f"R-2.2: leader without units in {r}"
            assert reg["damage"] == 0 and reg["tokens"] == 0
            assert reg["side"] is None
        else:
            assert reg["side"] in ("fp", "sh")
        if not kinds & {"casualties", "flee_casualty"}:
            assert reg["damage"] <= n, f"R-11.3: {r} has {reg['damage']} damage on {n} units"
        for u in reg["units"]:
            assert spec.units[u].side == reg["side"]
    # every card is somewhere, once.
    piles = s["generic"] + s["discard"] + s["gone"] + s["table"]
    for side in ("fp", "sh"):
        sd = s["sides"][side]
        piles += sd["hand"] + sd["story"] + sd["special"]
        assert len(sd["hand"]) <= spec.hand_limit or "discard" in kinds, "R-5.4"
        assert sd["dice"] >= 1
    assert Counter(piles) == Counter(list(spec.cards)), f"cards not conserved: {sorted(piles)}"
    tiles = s["fate_pool"] + s["fate_aside"] + s["fate_extra"] + s["fate_used"]
    tiles += [p["tile"] for p in s["pending"] if p["kind"] == "fate_decide"]  # drawn, being decided
    assert Counter(tiles) == Counter(list(spec.fate_tiles)), "R-7.2: fate tiles not conserved"
    # never more figures than exist.
    for u, us in spec.units.items():
        on = sum(reg["units"].get(u, 0) for reg in s["regions"].values())
        assert on <= us.figures
    assert 0 <= s["fate"] <= spec.endgame


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
