"""The board art's painted English words, covered by their translation.

The painted frame of a board (title plate, Shadow Box, decks, fate track, legend...) carries
English words. The map generator records each one in the `.tmx` (layer ``art_text``, read into
``BoardLayout.art_texts``): its English text, its rectangle in board pixels, its font size and
ink. When the window's language is not English, each is covered by a plate of the colour of the
art under it (its commonest colour), with the translated words in the same ink, the font shrunk (measured) until the
words fit the painted rectangle, in one line or in as many as the painted caption had (two if
the rectangle is tall enough).

The translation is the catalogue's (``pgettext("board art", english)``; ``tools/i18n.py`` extracts the strings from
the maps' layers), or the content's for a recorded ``ref``: the scenario's name, a Shadow Box
position, a region (the protection tracks' strongholds), a border's name (``feature:<id>``: the
rivers, fords, walls and passes painted along their borders, the translation's ``features``).

Words painted along a border are turned (``angle``): their plate is made upright (its rects are
the unrotated ones round the painted words' centre) and turned by the same angle when drawn. A
translation may take up to half as much room again along the border before the font shrinks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from . import resources as res
from .i18n import language, pgettext
from .i18n_content import feature_name
from .logtext import position_name, region_name

CONTEXT = "board art"  # the catalogue's context of these words ("Pass" is not the button's)
MIN_SIZE = 6  # pixels: the smallest font a plate shrinks to
KIND = {"bold": "serif_bold", "regular": "serif", "italic": "serif"}


@dataclass(frozen=True)
class Plate:
    english: str
    text: str
    rect: pygame.Rect  # on the screen: the plate (it covers the painted words and the translation)
    lines: tuple[str, ...]
    kind: str  # the font (resources.font kind)
    size: int  # the font size fitted into rect
    ink: tuple[int, int, int]
    fill: tuple[int, int, int]
    align: str = "center"
    cover: pygame.Rect | None = None  # the painted words' box on the screen
    room: pygame.Rect | None = None  # the room the words stand in: the translation fits in it
    block: pygame.Rect | None = None  # where the translation's lines go
    grown: bool = False  # even MIN_SIZE did not fit the room: it grew round the painted words
    angle: float = 0.0  # turned by this (degrees counter-clockwise) round rect's centre when drawn

    @property
    def bounds(self) -> pygame.Rect:
        """The plate's box on the screen as drawn (turned, for words along a border)."""
        if not self.angle:
            return self.rect
        a = math.radians(self.angle)
        w = abs(self.rect.w * math.cos(a)) + abs(self.rect.h * math.sin(a))
        h = abs(self.rect.w * math.sin(a)) + abs(self.rect.h * math.cos(a))
        out = pygame.Rect(0, 0, math.ceil(w), math.ceil(h))
        out.center = self.rect.center
        return out


def translated(spec, t) -> str:
    """The words to show over one painted text."""
    ref = t.ref or ""
    if ref == "scenario":
        return getattr(spec, "name", None) or pgettext(CONTEXT, t.english)
    if ref.startswith("position:"):
        return position_name(spec, ref.split(":", 1)[1])
    if ref.startswith("region:"):
        rid = ref.split(":", 1)[1]
        return region_name(spec, rid) if rid in spec.board.regions else pgettext(CONTEXT, t.english)
    if ref.startswith("feature:"):
        return feature_name(spec, ref.split(":", 1)[1]) or t.english
    return pgettext(CONTEXT, t.english)


def _layouts(text: str, lines: int) -> list[tuple[str, ...]]:
    """The ways to break `text`: one line, and the most balanced break into 2..`lines` lines."""
    out = [(text,)]
    words = text.split(" ")
    for n in range(2, min(len(words), lines) + 1):
        # greedy balanced break into n lines by characters
        target = len(text) / n
        rows, cur = [], []
        for w in words:
            if cur and len(" ".join(cur + [w])) > target * 1.15 and len(rows) < n - 1:
                rows.append(" ".join(cur))
                cur = [w]
            else:
                cur.append(w)
        rows.append(" ".join(cur))
        if len(rows) > 1:
            out.append(tuple(rows))
    return out


def measure(rows, kind: str, size: int) -> tuple[int, int]:
    """The width and height of `rows` in one font (measured)."""
    f = res.font(kind, size)
    return max(f.size(r)[0] for r in rows), f.get_linesize() * (len(rows) - 1) + f.get_height()


_fitted: dict[tuple, tuple[tuple[str, ...], int]] = {}


def fit(text: str, kind: str, rect: pygame.Rect, start: int, lines: int) -> tuple[tuple[str, ...], int]:
    """The lines and the largest font size (<= start) at which `text` fits inside rect (measured).
    When nothing fits even at MIN_SIZE (a board shown very small), the layout that overflows least.
    Kept per size (a pan asks again for the same ones; ~9 ms for a board's words otherwise)."""
    key = (text, kind, rect.w, rect.h, start, lines)
    hit = _fitted.get(key)
    if hit is None:
        if len(_fitted) > 4000:
            _fitted.clear()
        hit = _fitted[key] = _fit(text, kind, rect, start, lines)
    return hit


def _fit(text: str, kind: str, rect: pygame.Rect, start: int, lines: int) -> tuple[tuple[str, ...], int]:
    best = None
    for rows in _layouts(text, lines):
        size = max(MIN_SIZE, start)
        while True:
            w, h = measure(rows, kind, size)
            if (w <= rect.w and h <= rect.h) or size <= MIN_SIZE:
                break
            size -= 1
        over = max(w / max(1, rect.w), h / max(1, rect.h))
        key = (size, -over)
        if best is None or key > best[0]:
            best = (key, rows, size)
    return best[1], best[2]


_fills: dict[tuple, tuple[int, int, int]] = {}


def _fill(art_path, rect) -> tuple[int, int, int]:
    """The colour of the art under a painted text: the commonest colour (in coarse steps) of the
    rectangle and a thin ring round it, so that the letters and a nearby frame line do not count."""
    key = (str(art_path), tuple(rect))
    col = _fills.get(key)
    if col is None:
        art = res.image(art_path)
        bounds = art.get_rect()
        r = pygame.Rect(*(round(v) for v in rect)).inflate(4, 4).clip(bounds)
        buckets: dict[tuple, list] = {}
        step = max(1, min(r.w, r.h) // 12)
        for yy in range(r.top, r.bottom, step):
            for xx in range(r.left, r.right, step):
                c = art.get_at((xx, yy))
                b = buckets.setdefault((c[0] // 24, c[1] // 24, c[2] // 24), [0, 0, 0, 0])
                b[0] += c[0]
                b[1] += c[1]
                b[2] += c[2]
                b[3] += 1
        if buckets:
            b = max(buckets.values(), key=lambda v: v[3])
            col = (round(b[0] / b[3]), round(b[1] / b[3]), round(b[2] / b[3]))
        else:
            col = (236, 226, 200)
        _fills[key] = col
    return col


PLAQUE = (247, 238, 212)  # the light halo the map generator paints round words on the map


def _lum(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _readable(fill, ink) -> tuple[int, int, int]:
    """The art's colour under the words, or the painted words' light halo where the ink would
    not read on it (the compass's letter over Mordor's shade)."""
    return fill if abs(_lum(fill) - _lum(ink)) >= 70 else PLAQUE


def plates(view) -> list[Plate]:
    """The plates to draw on a board view now (none in English or on a board without art)."""
    layout = view.layout
    if language() == "en" or layout.art is None or not getattr(layout, "art_texts", ()):
        return []
    cam = view.camera
    out = []
    for t in layout.art_texts:
        text = translated(view.spec, t)
        if text == t.english:
            continue  # a name the translation keeps: the painted words stay
        x, y, w, h = t.rect
        sx0, sy0 = cam.to_screen(x, y)
        sx1, sy1 = cam.to_screen(x + w, y + h)
        rect = pygame.Rect(round(sx0), round(sy0), max(1, round(sx1 - sx0)), max(1, round(sy1 - sy0)))
        kind = KIND.get(t.style, "serif")
        angle = getattr(t, "angle", 0.0)
        if angle:  # along a border: room along it, the painted words' centre kept
            centre = rect.center
            rect.w = round(rect.w * 1.5)
            rect.center = centre
        rows, size = fit(text, kind, rect, round(t.size * cam.scale), max(t.lines + 1, 3))
        w, h = measure(rows, kind, size)
        px, py, pw, ph = t.painted
        (cx0, cy0), (cx1, cy1) = cam.to_screen(px, py), cam.to_screen(px + pw, py + ph)
        cover = pygame.Rect(round(cx0), round(cy0), max(1, round(cx1 - cx0)), max(1, round(cy1 - cy0)))
        grown_room = w > rect.w or h > rect.h
        if grown_room:  # only at MIN_SIZE: the room grows round the painted words
            grown = pygame.Rect(0, 0, max(w, rect.w), max(h, rect.h))
            grown.center = rect.center
            if t.align == "left":
                grown.x = rect.x
            rect = grown
        block = pygame.Rect(0, 0, w, h)
        block.center = rect.center
        if t.align == "left":
            block.x = rect.x
        # the plate: the painted words and the translation's lines (not the whole room)
        plate = cover.union(block).inflate(4, 0)
        fill = _readable(_fill(layout.art, t.painted), t.ink)
        out.append(
            Plate(t.english, text, plate, rows, kind, size, t.ink, fill, t.align, cover, rect, block, grown_room, angle)
        )
    return out


_turned: dict[tuple, pygame.Surface] = {}


def _turned_plate(p: Plate) -> pygame.Surface:
    """A turned plate's picture (kept: the same words at the same size are drawn every frame)."""
    key = (p.text, p.kind, p.size, p.ink, p.fill, p.rect.size, p.block.topleft, p.angle, p.lines)
    img = _turned.get(key)
    if img is None:
        if len(_turned) > 200:
            _turned.clear()
        flat = pygame.Surface(p.rect.size, pygame.SRCALPHA)
        pygame.draw.rect(flat, p.fill, flat.get_rect(), border_radius=2)
        _draw_lines(flat, p, (p.block.x - p.rect.x, p.block.y - p.rect.y))
        img = _turned[key] = pygame.transform.rotate(flat, p.angle)
    return img


def _draw_lines(surface: pygame.Surface, p: Plate, at: tuple[int, int]) -> None:
    f = res.font(p.kind, p.size)
    lh = f.get_linesize()
    x, y = at
    for row in p.lines:
        img = res.text(row, p.kind, p.size, p.ink)
        if p.align == "left":
            surface.blit(img, (x, y))
        else:
            surface.blit(img, img.get_rect(midtop=(x + p.block.w // 2, y)))
        y += lh


def draw(surface: pygame.Surface, view, theme=None) -> None:
    """Cover the painted English words of the frame with their translation (see the module)."""
    for p in plates(view):
        if not p.bounds.colliderect(view.rect):
            continue
        if p.angle:
            img = _turned_plate(p)
            surface.blit(img, img.get_rect(center=p.rect.center))
            continue
        pygame.draw.rect(surface, p.fill, p.rect, border_radius=2)
        _draw_lines(surface, p, p.block.topleft)
