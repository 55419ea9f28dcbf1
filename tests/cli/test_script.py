"""The scripted runner: `botwotr script FILE` plays a described game and prints JSON."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from helpers import TEST_SCENARIO

ROOT = Path(__file__).resolve().parents[2]


def run(args, cwd=ROOT):
    return subprocess.run([sys.executable, "-m", "botwotr", *args], cwd=cwd, capture_output=True, text=True, timeout=60)


def test_script_plays_commands_with_explicit_outcomes(tmp_path):
    script = tmp_path / "s.yaml"
    script.write_text(f"""
scenario: {TEST_SCENARIO}
seed: 3
commands:
  - {{cmd: choose_position, side: sh, position: tower}}
""")
    r = run(["script", str(script), "--compact"])
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["state"]["position"] == "tower"
    assert out["state"]["sides"]["sh"]["box"] == ["position"] * 2
    # the public view hides hands and the seed
    assert all(c == "hidden" for c in out["state"]["sides"]["fp"]["hand"])
    assert out["log"][1]["cmd"]["cmd"] == "choose_position"


def test_script_reports_a_refused_command(tmp_path):
    script = tmp_path / "s.json"
    script.write_text(json.dumps({"scenario": str(TEST_SCENARIO), "seed": 1,
                                  "commands": [{"cmd": "choose_position", "side": "fp", "position": "tower"}]}))
    r = run(["script", str(script), "--compact", "--log-only"])
    assert r.returncode == 1
    out = json.loads(r.stdout)
    assert out["error"]["index"] == 0 and out["error"]["code"] == "command/not_your_turn"
    assert "refused" in r.stderr


def test_script_bad_file_gives_clear_error(tmp_path):
    script = tmp_path / "s.yaml"
    script.write_text("scenario: [unclosed")
    r = run(["script", str(script)])
    assert r.returncode == 2 and "not valid YAML" in r.stderr and "Traceback" not in r.stderr
    r = run(["script", str(tmp_path / "missing.yaml")])
    assert r.returncode == 2 and "cannot be read" in r.stderr
