"""The worked battle of docs/battles.md (docs/examples/battle.yaml) runs as the doc tells it
(R-10.4, R-10.6, R-10.7, R-10.8, R-11.3)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from botwotr.catalog import spec_for
from botwotr.script import read_script, run_script

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "examples" / "battle.yaml"


@pytest.fixture(scope="module")
def result():
    import os
    old = os.getcwd()
    os.chdir(ROOT)  # the script names its scenario folder relative to the project
    try:
        return run_script(read_script(SCRIPT), spec_for)
    finally:
        os.chdir(old)


def _events(game, name):
    return [e for entry in game.log for e in entry["events"] if e["e"] == name]


def test_r10_6_worked_battle_runs_without_error(result):
    """R-10.6: worked battle runs without error."""
    game, rep = result
    assert "error" not in rep
    assert rep["waiting_for"] == "the Shadow to take an action (use a die or pass)"
    assert game.state["battle"] is None


def test_r10_6_worked_battle_ends_with_a_retreat_after_regroup(result):
    """R-10.6: worked battle ends with a retreat after regroup."""
    game, _ = result
    started = _events(game, "BattleStarted")
    assert started == [{"e": "BattleStarted", "attacker": "fp", "armies": ["fields"], "target": "fen", "mode": "army"}]
    assert [e["choice"] for e in _events(game, "TacticsRevealed")] == [
        {"fp": "maneuver:riders", "sh": "combat_event"},
        {"fp": "combat_event", "sh": "maneuver:wargs"},
        {"fp": "maneuver:footmen", "sh": "regroup"},
    ]
    assert [e["outcome"] for e in _events(game, "BattleEnded")] == ["retreated"]


def test_r10_4_worked_battle_dice_and_hits(result):
    """R-10.4: worked battle dice and hits."""
    game, _ = result
    rolls = [(e["side"], e["stage"], e["dice"], e["maneuver"], e["target"]) for e in _events(game, "CombatRolled")]
    assert rolls[:4] == [
        ("fp", "roll", [3, 6, 3, 2], 1, 6),  # across the ford: target 6 in the first round
        ("sh", "roll", [5, 4, 1, 6, 2], 0, 5),  # 3 Orcs + 1 Warg = 5 (+1 marsh, capped at 5)
        ("fp", "reroll", [3, 6, 6, 4], 1, 6),
        ("sh", "reroll", [5, 5, 3, 6, 2], 0, 5),  # 1 token + Steady Ranks: 2 re-rolls
    ]
    assert rolls[4][4] == 5  # round 2: the ford no longer counts
    # Only the Footmen's maneuver die hits (round 3): their Shield Wall cancels the Shadow's hit.
    assert [(e["side"], e["unit"]) for e in _events(game, "UnitAbilityTriggered")] == [("fp", "footmen")]
    assert [e["card"] for e in _events(game, "CardPlayed") if e.get("combat")] == ["forced_march", "call_to_arms"]


def test_r10_8_worked_battle_final_position(result):
    """R-10.8: worked battle final position."""
    game, _ = result
    regs = game.state["regions"]
    fen, camp, fields = regs["fen"], regs["camp"], regs["fields"]
    assert (fen["side"], fen["units"], fen["damage"], fen["leaders"]) == ("fp", {"riders": 1}, 0, 1)
    assert game.state["chars"]["captain"] == {"status": "in_play", "region": "fen"}
    assert (camp["side"], camp["units"], camp["damage"]) == ("sh", {"wargs": 1}, 1)
    assert (camp["tokens"], fen["tokens"]) == (1, 0)  # the token retreated with its army
    assert fields["units"] == {}


def test_r10_6_worked_battle_through_the_command_line():
    """R-10.6: worked battle through the command line."""
    out = subprocess.run([sys.executable, "-m", "botwotr", "script", str(SCRIPT.relative_to(ROOT)),
                          "--log-only", "--compact"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    rep = json.loads(out.stdout)
    ended = [e for entry in rep["log"] for e in entry["events"] if e["e"] == "BattleEnded"]
    assert [e["outcome"] for e in ended] == ["retreated"]
