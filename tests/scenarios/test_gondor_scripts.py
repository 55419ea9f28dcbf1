"""Scripted games of the Battle for Gondor, from the set-up to each ending, run through
`botwotr script` exactly as a user would (R-4.2: fate reaches the endgame with the city standing;
R-4.3 as Gondor says it: Minas Tirith falls). Made by `python tools/make_scripts.py --scenario gondor`."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "tests" / "scripts"


@pytest.mark.parametrize("name,winner,reason", [
    ("gondor_shadow_victory.yaml", "sh", "Minas Tirith has fallen"),
    ("gondor_fate_victory.yaml", "fp", "fate marker reached the endgame"),
])
def test_r4_2_r4_3_scripted_gondor_game_reaches_its_ending(name, winner, reason):
    r = subprocess.run([sys.executable, "-m", "botwotr", "script", str(SCRIPTS / name), "--log-only", "--compact"],
                       cwd=ROOT, capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["winner"] == winner and out["phase"] == "over"
    won = [e for entry in out["log"] for e in entry["events"] if e["e"] == "GameWon"]
    assert len(won) == 1 and reason in won[0]["reason"]
    taken = [e for entry in out["log"] for e in entry["events"]
             if e["e"] == "ControlChanged" and e["region"] == "minas_tirith" and e["side"] == "sh"]
    assert bool(taken) == (winner == "sh")  # the city stood to the end, or fell once
