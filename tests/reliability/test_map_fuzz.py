"""Mutation fuzzing of the Rohan Tiled map: attributes and properties removed or given wrong
types, objects deleted or duplicated, polygons broken, regions renamed, the art made unreadable.
Every mutant either loads cleanly or raises BoardError naming the file — never another
exception, never a half-built board."""
from __future__ import annotations

import os
import random
import re
import shutil
from pathlib import Path

import pytest

from botwotr.board import BoardError, load_map

ROOT = Path(__file__).resolve().parents[2]
TMX = ROOT / "maps" / "rohan.tmx"
ART = ROOT / "maps" / "rohan_art.png"
TALLY: dict[str, int] = {}
# mutants of each kind: the suite makes about 85; BOTWOTR_MAP_FUZZ_SCALE=2 makes twice as many (the
# suite made 167 until session 5), 10 ten times as many
SCALE = max(1, int(os.environ.get("BOTWOTR_MAP_FUZZ_SCALE", "1")))


def mutants(text: str, rng: random.Random):
    props = [m for m in re.finditer(r'<property name="([a-z_]+)"( type="(int|bool)")? value="([^"]*)"/>', text)]
    for _ in range(20 * SCALE):  # remove a property
        m = rng.choice(props)
        yield "remove property", text[:m.start()] + text[m.end():]
    for _ in range(20 * SCALE):  # wrong type or unknown value
        m = rng.choice(props)
        bad = rng.choice(['value="lots"', 'value=""', 'value="-3"', 'value="swamp"', 'value="nowhere"'])
        yield "bad property value", text[:m.start()] + m.group(0).replace(f'value="{m.group(4)}"', bad) + text[m.end():]
    objs = list(re.finditer(r"<object [^>]*>.*?</object>", text, re.S))
    for _ in range(12 * SCALE):  # delete an object
        m = rng.choice(objs)
        yield "delete object", text[:m.start()] + text[m.end():]
    for _ in range(5 * SCALE):  # duplicate an object
        m = rng.choice(objs)
        yield "duplicate object", text[:m.end()] + m.group(0) + text[m.end():]
    polys = list(re.finditer(r'<(polygon|polyline) points="([^"]*)"/>', text))
    for _ in range(12 * SCALE):  # broken geometry
        m = rng.choice(polys)
        pts = m.group(2).split()
        bad = rng.choice([" ".join(pts[:2]), "0,0 x,y 3,3", "", " ".join(reversed(pts)) + " 9999,9999 -50,7000",
                          "0,0 100,100 0,100 100,0"])
        yield "broken polygon", text[:m.start()] + f'<{m.group(1)} points="{bad}"/>' + text[m.end():]
    names = list(re.finditer(r'name="([a-z_]+)" type="Region"', text))
    for _ in range(5 * SCALE):  # rename a region (borders now name a missing one)
        m = rng.choice(names)
        yield "renamed region", text[:m.start()] + m.group(0).replace(m.group(1), m.group(1) + "_x") + text[m.end():]
    for cut in range(200, len(text), max(1, len(text) // (8 * SCALE))):  # truncated XML
        yield "truncated", text[:cut]
    yield "not XML", "hello"
    yield "empty", ""


def test_map_mutants_raise_board_error_or_load(tmp_path):
    text = TMX.read_text()
    rng = random.Random(5)
    shutil.copy(ART, tmp_path / ART.name)
    for label, mutant in mutants(text, rng):
        path = tmp_path / "rohan.tmx"
        path.write_text(mutant)
        try:
            board = load_map(path)
            assert board.spec.regions and board.layout.polygons
            outcome = "loaded"
        except BoardError as e:
            assert str(path) in str(e), e
            outcome = "refused"
        TALLY[f"{label}:{outcome}"] = TALLY.get(f"{label}:{outcome}", 0) + 1
    total = sum(TALLY.values())
    refused = sum(v for k, v in TALLY.items() if k.endswith("refused"))
    print(f"\nmap mutants: {total}, refused cleanly: {refused}, loaded (harmless): {total - refused}")
    for k in sorted(TALLY):
        print(f"  {k}: {TALLY[k]}")
    assert total > 75 * SCALE


@pytest.mark.parametrize("art", ["missing", "garbage"])
def test_unreadable_art_is_a_board_error(tmp_path, art):
    shutil.copy(TMX, tmp_path / TMX.name)
    if art == "garbage":
        (tmp_path / ART.name).write_bytes(b"not a png at all")
    with pytest.raises(BoardError, match="rohan_art.png"):
        load_map(tmp_path / TMX.name)
