"""`layouts.board_file` reads a scenario's `board:` line without the YAML reader when it is one
plain or quoted value (issue 11: the YAML import was ~13 ms of `botwotr export`); whatever it
reads must be what the YAML reader reads, for the shipped scenarios and for odd files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from botwotr.ui import layouts

ROOT = Path(__file__).resolve().parents[2]


def by_yaml(folder: Path):
    doc = yaml.safe_load((folder / "scenario.yaml").read_text(encoding="utf-8"))
    b = doc.get("board") if isinstance(doc, dict) else None
    return (folder / b).resolve() if isinstance(b, str) and b.endswith(".tmx") else None


@pytest.mark.parametrize("folder", sorted(p.parent for p in (ROOT / "botwotr" / "data").rglob("scenario.yaml")))
def test_the_shipped_scenarios_boards_are_the_yaml_readers(folder):
    assert layouts.board_file(folder) == by_yaml(folder)


@pytest.mark.parametrize(
    "text",
    [
        "id: x\nboard: maps/a.tmx\n",
        "id: x\nboard: \"maps/a b.tmx\"  # the map\n",
        "id: x\nboard: 'maps/a.tmx'\n",
        "board: maps/a.tmx # c\nid: x\n",
        "id: x\nboard:\n  regions: {}\n",
        "id: x\nboard: &m maps/a.tmx\nother: *m\n",
        "id: x\nboard: maps/a#b.tmx\n",
        "id: x\nboard: maps/a.yaml\n",
        "id: x\nnotes: |\n  board: fake.tmx\nboard: maps/real.tmx\n",
        "id: x\n---\nboard: maps/a.tmx\n",
    ],
)
def test_odd_files_read_as_the_yaml_reader_reads_them(tmp_path, text):
    (tmp_path / "scenario.yaml").write_text(text, encoding="utf-8")
    try:
        want = by_yaml(tmp_path)
    except yaml.YAMLError:
        want = None
    assert layouts.board_file(tmp_path) == want
