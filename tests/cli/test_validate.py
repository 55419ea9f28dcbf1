"""`botwotr validate` checks content and maps; each error names the file, the object or key, and
the problem, with no traceback (R-1.4 borders, R-1.1 terrains)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import TEST_SCENARIO

ROOT = Path(__file__).resolve().parents[2]


def validate(*args):
    return subprocess.run([sys.executable, "-m", "botwotr", "validate", *map(str, args)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)


@pytest.fixture
def scenario(tmp_path):
    dst = tmp_path / "scn"
    shutil.copytree(TEST_SCENARIO, dst)
    return dst


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_validate_good_scenario(scenario):
    r = validate(scenario)
    assert r.returncode == 0 and "ok" in r.stdout


def test_r1_4_validate_border_missing_an_end(scenario):
    """R-1.4: a border needs both of its regions."""
    edit(scenario / "board.yaml", "  - {a: hold, b: town}", "  - {a: hold}")
    r = validate(scenario)
    assert r.returncode == 1
    assert "board.yaml" in r.stdout and "borders[0].b" in r.stdout and "missing" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_r1_4_validate_asymmetric_adjacency(scenario):
    """R-1.4: one border per pair; a second, contradicting border between the same regions
    (hold-town normal, town-hold river) would make adjacency one-sided."""
    edit(scenario / "board.yaml", "  - {a: hold, b: town}", "  - {a: hold, b: town}\n  - {a: town, b: hold, kind: river}")
    r = validate(scenario)
    assert r.returncode == 1 and "board.yaml" in r.stdout and "borders[1]" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_r1_4_validate_border_naming_a_missing_region(scenario):
    """R-1.4: a border names two regions of the board."""
    edit(scenario / "board.yaml", "  - {a: hold, b: town}", "  - {a: hold, b: atlantis}")
    r = validate(scenario)
    assert r.returncode == 1 and "atlantis" in r.stdout and "board.yaml" in r.stdout


def test_r1_1_validate_unknown_terrain(scenario):
    """R-1.1: the six terrains."""
    edit(scenario / "board.yaml", "terrain: marsh", "terrain: swamp")
    r = validate(scenario)
    assert r.returncode == 1 and "regions.fen.terrain" in r.stdout and "swamp" in r.stdout


def test_validate_bad_yaml_type(scenario):
    edit(scenario / "units.yaml", "strength: 2", 'strength: "two"')
    r = validate(scenario)
    assert r.returncode == 1 and "units.yaml" in r.stdout and "strength" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


def test_validate_broken_yaml_syntax(scenario):
    (scenario / "cards.yaml").write_text("cards: [\n  - {id: x")
    r = validate(scenario)
    assert r.returncode == 1 and "cards.yaml" in r.stdout and "line" in r.stdout


def test_validate_unknown_scenario():
    r = validate("no_such_scenario_anywhere")
    assert r.returncode == 1 and "no such scenario" in r.stdout
