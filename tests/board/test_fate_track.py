"""The fate track drawn on each board has exactly the spaces 0..the content's endgame (R-13.1 / the
scenario's `endgame`): the map's source (maps/src/*.yaml), the generated .tmx the window loads,
and the window's schematic fallback. No space beyond the endgame marker is drawn."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from botwotr.board import load_map
from botwotr.catalog import spec_for

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("scenario", ["rohan", "gondor"])
def test_the_drawn_fate_track_ends_at_the_endgame(scenario, make_map):
    spec = spec_for(scenario)
    want = list(range(spec.endgame + 1))
    from mapgen.source import load_source  # tools/ is on the path with make_map

    src = load_source(ROOT / "maps" / "src" / f"{scenario}.yaml")
    painted = sorted(int(t.slot) for t in src.tracks if t.track == "fate")  # the art paints these
    assert painted == want, f"maps/src/{scenario}.yaml: fate spaces {painted}, endgame {spec.endgame}"
    layout = load_map(ROOT / "maps" / f"{scenario}.tmx").layout
    assert [s.index for s in layout.fate_spaces] == want
    # the spaces stay in one row, left to right, without overlapping
    rects = [s.rect for s in layout.fate_spaces]
    assert all(a[0] + a[2] < b[0] and a[1] == b[1] for a, b in zip(rects, rects[1:]))


def test_the_schematic_track_ends_at_the_endgame():
    from botwotr.ui.layouts import schematic_layout

    for scenario in ("rohan", "gondor"):
        spec = spec_for(scenario)
        assert [s.index for s in schematic_layout(spec).fate_spaces] == list(range(spec.endgame + 1))


def test_the_bootstrap_gives_the_same_track():
    """tools/mapgen/bootstrap_*.py (the sources' first draft) spreads 0..endgame over the strip."""
    sys.path.insert(0, str(ROOT / "tools"))
    from mapgen import bootstrap_rohan

    for endgame in (13, 14):
        slots = bootstrap_rohan.fate_slots(endgame)
        assert [int(s["slot"]) for s in slots] == list(range(endgame + 1))
        assert slots[-1]["rect"][0] + slots[-1]["rect"][2] <= bootstrap_rohan.FATE_STRIP[1]
