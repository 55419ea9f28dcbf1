"""Tiled maps -> the board graph (`BoardSpec`) and its drawing layout (`BoardLayout`).

No pygame here: `pytmx.TiledMap(path)` parses without a display, and the art is only located and
checked; the UI loads it.
"""

from botwotr.board.layout import (
    ANCHOR_KINDS,
    OPTIONAL_ANCHOR_KINDS,
    REQUIRED_TRACK_SLOTS,
    SHADOW_POSITIONS,
    ArtText,
    BoardLayout,
    BorderLine,
    TrackSlot,
)
from botwotr.board.loader import MAPS_DIR, Board, BoardError, load_board, load_layout, load_map, map_path

__all__ = [
    "ANCHOR_KINDS",
    "ArtText",
    "OPTIONAL_ANCHOR_KINDS",
    "REQUIRED_TRACK_SLOTS",
    "SHADOW_POSITIONS",
    "Board",
    "BoardError",
    "BoardLayout",
    "BorderLine",
    "MAPS_DIR",
    "TrackSlot",
    "load_board",
    "load_layout",
    "load_map",
    "map_path",
]
