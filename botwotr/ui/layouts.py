"""The drawing layout of a scenario's board.

`layout_for(spec, folder=None)` loads the Tiled map the scenario names (`board: ....tmx` in its
scenario.yaml) with `botwotr.board.load_layout`. A scenario whose board is given in YAML (the test
scenario) has no map; it gets a plain schematic layout (a grid of boxes, the tracks in a frame),
so every scenario can be shown and played. No pygame here.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from pathlib import Path

from ..board import BoardLayout, TrackSlot, load_layout
from ..board.layout import DECK_SLOTS, SHADOW_POSITIONS


def scenario_folder(spec, folder=None) -> Path | None:
    if folder is not None:
        return Path(folder)
    from ..catalog import folder_for

    try:
        return folder_for(spec.id)
    except KeyError:
        return None


_BOARD_LINE = re.compile(
    r"""^board:[ \t]*(?:"([^"\\\n]*)"|'([^'\n]*)'|([^\s"'#&!*|>%@`{\[][^#\n]*?))[ \t]*(?:#.*)?$""", re.M
)


def board_file(folder: Path | None) -> Path | None:
    """The Tiled map a scenario names (`board: ....tmx` in its scenario.yaml), or None. A
    top-level `board:` line with one plain or quoted value is read as it is (without importing
    the YAML reader: ~13 ms of `botwotr export`); anything else is read as YAML."""
    if folder is None:
        return None
    try:
        text = (folder / "scenario.yaml").read_text(encoding="utf-8")
    except OSError:
        return None
    found = _BOARD_LINE.findall(text)
    if len(found) == 1 and text.count("\nboard:") + text.startswith("board:") == 1 and "\n---" not in text:
        b = next(v for v in found[0] if v)
        if b.endswith(".tmx") and ": " not in b:
            return (folder / b).resolve()
    try:
        import yaml

        # libyaml's loader when there is one: the pure-Python one took ~40 ms of `botwotr export`
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        doc = yaml.load(text, Loader=loader)
    except Exception:  # noqa: BLE001 - a broken file is the content loader's business
        return None
    b = doc.get("board") if isinstance(doc, dict) else None
    if isinstance(b, str) and b.endswith(".tmx"):
        return (folder / b).resolve()
    return None


@lru_cache(maxsize=8)
def _load(path: str) -> BoardLayout:
    return load_layout(path)


def layout_for(spec, folder=None) -> BoardLayout:
    tmx = board_file(scenario_folder(spec, folder))
    if tmx is not None and tmx.is_file():
        return _load(str(tmx))
    return schematic_layout(spec)


def schematic_layout(spec) -> BoardLayout:
    """A grid of square regions in id order, with the fate track below and a frame at the right."""
    ids = list(spec.board.regions)
    cols = max(1, math.ceil(math.sqrt(len(ids) * 1.5)))
    rows = max(1, math.ceil(len(ids) / cols))
    cell = 300
    margin = 30
    frame_w = 420
    map_w, map_h = cols * cell, rows * cell
    n_fate = max(spec.endgame, 1) + 1  # the spaces 0..endgame, none beyond
    fate_w = max(60, min(120, (map_w + frame_w) // n_fate))
    width = margin * 2 + map_w + frame_w
    height = margin * 2 + map_h + fate_w + 40
    polygons, anchors = {}, {}
    for i, r in enumerate(ids):
        x0 = margin + (i % cols) * cell
        y0 = margin + (i // cols) * cell
        polygons[r] = ((x0, y0), (x0 + cell, y0), (x0 + cell, y0 + cell), (x0, y0 + cell))
        cx, cy = x0 + cell / 2, y0 + cell / 2
        anchors[r] = {
            "label": (cx, y0 + 34),
            "army": (cx, cy - 10),
            "characters": (cx + 80, cy + 70),
            "control": (x0 + 40, y0 + 40),
            "tokens": (cx - 70, cy + 80),
        }
    tracks = {}
    fy = margin + map_h + 30
    for k in range(n_fate):
        tracks[f"fate.{k}"] = TrackSlot(
            f"fate.{k}", "fate", str(k), (margin + k * fate_w, fy, fate_w - 6, fate_w - 6), k
        )
    fx = margin + map_w + 20
    y = margin
    positions = list(spec.positions) or list(SHADOW_POSITIONS)
    pw = (frame_w - 40) // max(3, len(positions))
    for j, p in enumerate(positions):
        tracks[f"shadow_box.{p}"] = TrackSlot(f"shadow_box.{p}", "shadow_box", p, (fx + j * pw, y, pw - 8, 110))
    for p in SHADOW_POSITIONS:  # required slots the loader knows
        tracks.setdefault(f"shadow_box.{p}", TrackSlot(f"shadow_box.{p}", "shadow_box", p, (fx, y, 1, 1)))
    y += 120
    tracks["shadow_box.dice"] = TrackSlot("shadow_box.dice", "shadow_box", "dice", (fx, y, frame_w - 40, 70))
    y += 90
    dw = (frame_w - 40) // 4
    for j, d in enumerate(DECK_SLOTS):
        tracks[f"deck.{d}"] = TrackSlot(f"deck.{d}", "deck", d, (fx + j * dw, y, dw - 10, 120))
        tracks[f"discard.{d}"] = TrackSlot(f"discard.{d}", "discard", d, (fx + j * dw, y + 130, dw - 10, 90))
    y += 240
    tracks["fp_action_tokens"] = TrackSlot(
        "fp_action_tokens", "fp_action_tokens", "fp_action_tokens", (fx, y, frame_w - 40, 80)
    )
    tracks["fate_pool"] = TrackSlot("fate_pool", "fate_pool", "fate_pool", (fx, y + 90, frame_w - 40, 80))
    return BoardLayout(
        source=Path("<schematic>"),
        art=None,
        size=(width, max(height, y + 200)),
        tile_size=cell,
        polygons=polygons,
        anchors=anchors,
        borders=(),
        tracks=tracks,
        properties={"title": spec.name, "schematic": True},
    )
