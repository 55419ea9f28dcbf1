"""Where things are drawn: the part of a board the rules core does not need.

A :class:`BoardLayout` holds the region polygons, the anchor points, the border lines, the track
slots (fate track, Shadow Box, decks...) and the path of the board art. The UI uses it to draw
and to hit-test; the core only ever sees :class:`botwotr.core.spec.BoardSpec`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

from botwotr.board import geometry as geo

Point = tuple[float, float]

# Anchors every region has (docs/maps.md).
ANCHOR_KINDS = ("army", "characters", "control", "tokens", "label")
# Anchors a region may have: where catapults and siege towers stand (the Gondor board).
OPTIONAL_ANCHOR_KINDS = ("siege",)

# The Shadow Box positions of the Battle for Rohan (SCENARIOS.md).
SHADOW_POSITIONS = ("palantir_room", "balcony", "pits")
DECK_SLOTS = ("generic", "fp_story", "sh_story", "special")

# Track slots a board must have besides the fate track spaces fate.0 .. fate.N.
REQUIRED_TRACK_SLOTS = (
    *(f"shadow_box.{p}" for p in SHADOW_POSITIONS),
    "shadow_box.dice",
    *(f"deck.{d}" for d in DECK_SLOTS),
    *(f"discard.{d}" for d in DECK_SLOTS),
    "fp_action_tokens",
    "fate_pool",
)


def required_track_slots(positions=SHADOW_POSITIONS) -> tuple[str, ...]:
    """The slots a board must have, for its Shadow Box positions (map property
    ``shadow_positions``: the Gondor face names the Witch-king's; Rohan's are the default)."""
    rest = tuple(s for s in REQUIRED_TRACK_SLOTS if not s.startswith("shadow_box.") or s == "shadow_box.dice")
    return (*(f"shadow_box.{p}" for p in positions), *rest)


@dataclass(frozen=True)
class TrackSlot:
    """A place in the frame around the map: a fate-track space, a Shadow Box position, a deck..."""

    id: str  # "fate.3", "shadow_box.balcony", "deck.generic", "fate_pool"
    track: str  # "fate", "shadow_box", "deck", "discard", "fp_action_tokens", ...
    slot: str  # "3", "balcony", "generic", ...
    rect: tuple[float, float, float, float]  # x, y, width, height in board pixels
    index: int | None = None  # the space number on the fate track

    @property
    def center(self) -> Point:
        x, y, w, h = self.rect
        return (x + w / 2, y + h / 2)

    def contains(self, x: float, y: float) -> bool:
        rx, ry, w, h = self.rect
        return rx <= x < rx + w and ry <= y < ry + h


@dataclass(frozen=True)
class BorderLine:
    """The drawn line of one border (both regions' shared edge)."""

    a: str
    b: str
    kind: str
    points: tuple[Point, ...]
    feature: str | None = None  # "Isen", "Deeping Wall", ...


ART_TEXT_STYLES = ("regular", "bold", "italic")


@dataclass(frozen=True)
class ArtText:
    """An English text painted in the board's frame (layer ``art_text``): the window covers it
    with its translation (``botwotr.ui.art_labels``). ``ref`` names a content text instead of the
    catalogue: ``scenario`` (its name), ``position:<id>``, ``region:<id>``, ``feature:<id>`` (a
    border's name: a river, ford, wall or pass, the content translation's ``features``)."""

    english: str
    rect: tuple[float, float, float, float]  # the room (x, y, width, height in board pixels)
    style: str  # "regular", "bold", "italic"
    size: int  # the painted font size in board pixels
    ink: tuple[int, int, int]
    lines: int = 1  # painted in this many lines
    ref: str = ""
    align: str = "center"  # or "left": the words start at the rect's left edge (the legend)
    words: tuple[float, float, float, float] | None = None  # the painted words' own box (in rect)
    angle: float = 0.0  # degrees counter-clockwise: words painted along a border (rect: unrotated, round the centre)

    @property
    def painted(self) -> tuple[float, float, float, float]:
        """The painted words' box (the rect is the room they stand in, which may be wider)."""
        return self.words or self.rect


@dataclass(frozen=True)
class BoardLayout:
    source: Path  # the .tmx file
    art: Path  # the board image (absolute path)
    size: tuple[int, int]  # board size in pixels
    tile_size: int
    polygons: Mapping[str, tuple[Point, ...]]
    anchors: Mapping[str, Mapping[str, Point]]
    borders: tuple[BorderLine, ...]
    tracks: Mapping[str, TrackSlot]
    properties: Mapping[str, object] = field(default_factory=dict)  # map-level (title...)
    art_texts: tuple[ArtText, ...] = ()  # the frame's painted English words (optional layer)

    def region_at(self, x: float, y: float) -> str | None:
        """The region whose polygon contains the board point (x, y), if any."""
        for rid, poly in self.polygons.items():
            x0, y0, x1, y1 = geo.bbox(poly)
            if x0 <= x <= x1 and y0 <= y <= y1 and geo.point_in_polygon((x, y), poly) >= 0:
                return rid
        return None

    def slot_at(self, x: float, y: float) -> TrackSlot | None:
        for s in self.tracks.values():
            if s.contains(x, y):
                return s
        return None

    @property
    def fate_spaces(self) -> tuple[TrackSlot, ...]:
        """The fate track's spaces in order, 0 first."""
        spaces = [s for s in self.tracks.values() if s.track == "fate"]
        return tuple(sorted(spaces, key=lambda s: s.index or 0))

    def fate_space(self, n: int) -> TrackSlot:
        return self.tracks[f"fate.{n}"]

    def anchor(self, region: str, kind: str) -> Point:
        return self.anchors[region][kind]

    def border_line(self, a: str, b: str) -> BorderLine | None:
        for bl in self.borders:
            if {bl.a, bl.b} == {a, b}:
                return bl
        return None
