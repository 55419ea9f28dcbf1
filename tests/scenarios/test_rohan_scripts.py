"""Scripted games of the Battle for Rohan, from the set-up to each kind of victory, run through
`botwotr script` exactly as a user would (R-4.2, R-4.3)."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ROOT / "tests" / "scripts"


@pytest.mark.parametrize("name,winner,reason", [
    ("rohan_shadow_victory.yaml", "sh", ("victory points", "has eliminated")),
    ("rohan_fate_victory.yaml", "fp", ("fate marker reached the endgame",)),
])
def test_r4_2_r4_3_scripted_rohan_game_reaches_its_victory(name, winner, reason):
    """R-4.2 (fate victory) and R-4.3 (the Shadow's victory conditions)."""
    r = subprocess.run([sys.executable, "-m", "botwotr", "script", str(SCRIPTS / name), "--log-only", "--compact"],
                       cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["winner"] == winner and out["phase"] == "over"
    won = [e for entry in out["log"] for e in entry["events"] if e["e"] == "GameWon"]
    assert len(won) == 1 and any(r in won[0]["reason"] for r in reason)
