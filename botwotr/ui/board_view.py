"""The board: art, regions, pieces and tracks, drawn from a per-seat VIEW of the state.

    bv = BoardView(layout, spec)
    bv.set_rect(pygame.Rect(0, 40, 1400, 1000))     # where on the screen; fits the board
    bv.handle_event(ev)                              # wheel zoom, drag pan, hover, clicks
    bv.draw(surface, theme, view)                    # view = game.view_for(seat)
    bv.region_at_screen(pos); bv.camera.to_screen(x, y); bv.camera.to_world(sx, sy)

Extension points for decision panels, drag-and-drop and animations:
- `highlights`: {region: (r, g, b)} regions to tint (targets of a pending choice).
- `on_region_click(region)` / `on_slot_click(slot)`: set by the scene; called on a click (press
  and release without dragging) on a region or a track slot.
- `hidden_pieces`: {(region, unit)} not drawn (a piece being dragged or animated); also
  (region, "leaders"), (region, "damage"), ("char", char_id) and ("fate_marker",);
  `piece_rects` holds the last drawn rectangle of every piece, keyed like
  ("unit", region, unit_id), ("char", char_id), ("leaders", region) ... for hit tests.
- `overlays`: callables `f(surface, board_view, theme)` drawn after the pieces (arrows, paths).
`draw` never changes game state; it records only where it drew things (for hit tests and tooltips).
"""

from __future__ import annotations

import math
import time
from collections import Counter
from typing import Callable

import pygame

from ..core.view import HIDDEN
from . import art_labels
from . import resources as res
from . import siege_view
from .pieces import _hexagon, draw_badge, draw_die, draw_token  # noqa: F401 (used here and re-exported)
from . import theme as T
from .i18n import _, language, ngettext, pgettext
from .logtext import BORDER_NAMES, TERRAIN_NAMES, char_name, position_name, region_name, side_title, unit_name
from .theme import Theme
from .widgets import Tip

MIN_ZOOM_FACTOR = 0.75  # of the fitting scale
MAX_ZOOM = 3.0  # screen pixels per board pixel
DRAG_THRESHOLD = 6
BUILD_SECONDS = 0.003  # a frame's share of a picture drawn over several frames (`BoardView._Build`)
_BUILD_STATE = ("piece_rects", "_tips", "_army_box", "_retained", "_sig_ctx")


class Camera:
    """World (board pixels) <-> screen pixels: screen = viewport.topleft + (world - origin) * scale."""

    def __init__(self, world_size: tuple[int, int], viewport: pygame.Rect | None = None):
        self.world_w, self.world_h = world_size
        self.viewport = pygame.Rect(viewport or (0, 0, *world_size))
        self.scale = 1.0
        self.ox = 0.0
        self.oy = 0.0
        self.fitted = True
        self.fit()

    @property
    def fit_scale(self) -> float:
        return min(self.viewport.w / self.world_w, self.viewport.h / self.world_h)

    def fit(self) -> None:
        self.scale = self.fit_scale
        self.fitted = True
        self._clamp()

    def set_viewport(self, rect: pygame.Rect) -> None:
        cx, cy = self.to_world(*self.viewport.center)
        self.viewport = pygame.Rect(rect)
        if self.fitted:
            self.fit()
        else:
            self.scale = max(self.scale, self.fit_scale * MIN_ZOOM_FACTOR)
            self.center_on(cx, cy)

    def center_on(self, x: float, y: float) -> None:
        self.ox = x - self.viewport.w / 2 / self.scale
        self.oy = y - self.viewport.h / 2 / self.scale
        self._clamp()

    def zoom_at(self, screen_pos, factor: float) -> None:
        wx, wy = self.to_world(*screen_pos)
        lo = self.fit_scale * MIN_ZOOM_FACTOR
        hi = max(MAX_ZOOM, self.fit_scale)
        new = max(lo, min(hi, self.scale * factor))
        if abs(new - self.scale) < 1e-9:
            return
        self.scale = new
        self.fitted = abs(new - self.fit_scale) < 1e-6
        self.ox = wx - (screen_pos[0] - self.viewport.x) / new
        self.oy = wy - (screen_pos[1] - self.viewport.y) / new
        self._clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.ox -= dx / self.scale
        self.oy -= dy / self.scale
        self.fitted = False
        self._clamp()

    def _clamp(self) -> None:
        vw, vh = self.viewport.w / self.scale, self.viewport.h / self.scale
        if vw >= self.world_w:
            self.ox = (self.world_w - vw) / 2
        else:
            self.ox = max(0.0, min(self.world_w - vw, self.ox))
        if vh >= self.world_h:
            self.oy = (self.world_h - vh) / 2
        else:
            self.oy = max(0.0, min(self.world_h - vh, self.oy))

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.viewport.x + (x - self.ox) * self.scale, self.viewport.y + (y - self.oy) * self.scale)

    def to_world(self, sx: float, sy: float) -> tuple[float, float]:
        return (self.ox + (sx - self.viewport.x) / self.scale, self.oy + (sy - self.viewport.y) / self.scale)

    def board_rect(self) -> pygame.Rect:
        """The whole board's rectangle on the screen."""
        x0, y0 = self.to_screen(0, 0)
        x1, y1 = self.to_screen(self.world_w, self.world_h)
        return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


# -- the board art, scaled per zoom level -------------------------------------------------------
ZOOM_STEP = 1.15  # one wheel notch
ART_LEVEL_MAX = 12_000_000  # pixels: up to this the whole board is kept scaled (else the visible part)
ART_LEVELS_BUDGET = 30_000_000  # pixels of scaled art kept in all (~120 MB)
PAN_MARGIN = 160  # pixels round the board in the picture a drag moves (what sticks out of the board)
PAN_LAYER_MAX = 9_000_000  # pixels: a bigger board at this scale is drawn frame by frame while dragged


ART_SLICE_SECONDS = 0.002  # of a frame spent smoothing a new zoom level's art (`SmoothScale`)
ART_SLICE_ROWS = 48  # source rows a slice of the horizontal pass scales
ART_SLICE_COLS = 96  # columns a slice of the vertical pass scales


GROUND_BANDS = 4  # the ground's art and its copy under the pieces: bands of rows, a step each


def _near(a: float, b: float) -> bool:
    """Two parts of a pixel the same to 1e-4 (0.99995 and 0.00001 too)."""
    return abs((a - b + 0.5) % 1.0 - 0.5) < 1e-4


def _bands(rect: pygame.Rect, n: int) -> list[pygame.Rect]:
    """`rect` cut into `n` bands of rows (top to bottom, together exactly `rect`)."""
    ys = [rect.y + rect.h * k // n for k in range(n + 1)]
    return [pygame.Rect(rect.x, y0, rect.w, y1 - y0) for y0, y1 in zip(ys, ys[1:]) if y1 > y0]


ART_BAND_BYTES = 2_000_000  # a band of a smoothed picture's rows (`Banded`): its memory made by a step


class Banded:
    """A picture kept as bands of rows, one Surface each, blitted band by band (the same pixels
    as one picture). `SmoothScale` makes a new zoom level's picture this way, a band's memory a
    step of its own: one Surface of 7-38 MB was cleared at once, the slowest frame of a zoom."""

    def __init__(self, size: tuple[int, int]):
        self.size = size
        self.bands: list[tuple[int, pygame.Surface]] = []  # (first row, the band), top to bottom

    def get_size(self) -> tuple[int, int]:
        return self.size

    def get_width(self) -> int:
        return self.size[0]

    def get_height(self) -> int:
        return self.size[1]

    def blit_onto(self, surface: pygame.Surface, pos) -> None:
        x, y = pos
        clip = surface.get_clip()
        for y0, band in self.bands:
            r = pygame.Rect(x, y + y0, band.get_width(), band.get_height())
            if r.colliderect(clip):
                surface.blit(band, r.topleft)

    def scale_part(self, surface: pygame.Surface, part: pygame.Rect, to: pygame.Rect) -> None:
        """`part` of the picture scaled (nearest pixel) onto `to`, band by band (a quick picture
        shown while the exact one is made: the bands' seams may round a row apart)."""
        for y0, band in self.bands:
            a, b = max(part.y, y0), min(part.bottom, y0 + band.get_height())
            if b <= a:
                continue
            t0 = to.y + (a - part.y) * to.h // part.h
            t1 = to.y + (b - part.y) * to.h // part.h
            if t1 > t0:
                sub = band.subsurface(pygame.Rect(part.x, a - y0, part.w, b - a))
                surface.blit(pygame.transform.scale(sub, (to.w, t1 - t0)), (to.x, t0))

    def whole(self) -> pygame.Surface:
        """The bands as one picture (for tests and tools; the board never needs one)."""
        out = pygame.Surface(self.size, 0, self.bands[0][1]) if self.bands else pygame.Surface(self.size)
        for y0, band in self.bands:
            out.blit(band, (0, y0))
        return out


def blit_picture(surface: pygame.Surface, img, pos) -> None:
    """Blit a Surface or a `Banded` picture at `pos`."""
    if isinstance(img, Banded):
        img.blit_onto(surface, pos)
    else:
        surface.blit(img, pos)


class SmoothScale:
    """`pygame.transform.smoothscale(src, size)` made a slice at a time, over several frames,
    into a `Banded` picture.

    smoothscale scales the rows first (each row on its own) into a picture `size[0]` wide and
    as tall as `src`, then the columns of that (each column on its own): so bands of rows
    scaled apart, then bands of columns scaled apart, give exactly its pixels
    (tests/ui/test_window_speed_caches.py checks it). The result's bands of rows are made a
    step each before the column pass, which scales a band of columns into a strip and copies
    the strip's rows into the bands. `key` says what the result is for."""

    def __init__(self, key, source: Callable[[], pygame.Surface], size: tuple[int, int], scratch=None, loader=None):
        """`source()` gives the picture to scale; `loader`, if given, is a generator to run
        (a slice per step) before `source()` can be called (`resources.image_in_slices`)."""
        self.key = key
        self.source = source
        self.loader = loader
        self.scratch = [] if scratch is None else scratch  # [a picture the row pass may write into]
        self.size = size
        self.src: pygame.Surface | None = None
        self.tmp: pygame.Surface | None = None
        self.out: Banded | None = None
        self._ys: list[int] = []  # the result's bands' first rows (and its height)
        self._strip: pygame.Surface | None = None  # the column pass's band of columns
        self._done = False
        self.row = self.col = 0

    def _begin(self) -> None:
        self.src = src = self.source()
        w, h = src.get_size()
        self.tmp = src if self.size[0] == w else None  # made by the next slice
        self.row = 0 if self.size[0] != w else h  # the next source row the row pass scales
        self.col = 0 if self.size[1] != h else self.size[0]  # the next column the column pass scales
        rows = max(1, ART_BAND_BYTES // max(1, 4 * self.size[0]))
        self._ys = list(range(0, self.size[1], rows)) + [self.size[1]]

    @property
    def done(self) -> bool:
        if self._done:
            return True
        if self.out is None or self.src is None:
            return False
        return (
            self.row >= self.src.get_height() and len(self.out.bands) == len(self._ys) - 1 and self.col >= self.size[0]
        )

    def step(self) -> None:
        """One slice: a band of the source loaded, a band of rows, a band of the result made, or
        once those are done a band of columns (the pictures are made by slices of their own:
        clearing 20 MB is a slice's worth)."""
        if self.src is None:
            if self.loader is not None:
                try:
                    next(self.loader)
                    return
                except StopIteration:
                    self.loader = None
            self._begin()
            return
        w, h = self.src.get_size()
        W, H = self.size
        if self.tmp is None:
            self.tmp = _scratch(self.scratch, (W, h), self.src)
        elif self.row < h:
            r0, r1 = self.row, min(h, self.row + ART_SLICE_ROWS)
            band = self.tmp.subsurface(pygame.Rect(0, r0, W, r1 - r0))
            pygame.transform.smoothscale(self.src.subsurface(pygame.Rect(0, r0, w, r1 - r0)), band.get_size(), band)
            self.row = r1
        elif self.out is None or len(self.out.bands) < len(self._ys) - 1:
            if self.out is None:
                self.out = Banded(self.size)
            k = len(self.out.bands)
            y0, y1 = self._ys[k], self._ys[k + 1]
            if H == h:  # (no column pass: the rows are the result)
                band = self.tmp.subsurface(pygame.Rect(0, y0, W, y1 - y0)).copy()
            else:
                band = pygame.Surface((W, y1 - y0), 0, self.src)
            band.set_alpha(None)  # (a 32-bit picture's fourth byte is not blended: blits copy)
            self.out.bands.append((y0, band))
        elif self.col < W:
            if self._strip is None:
                self._strip = pygame.Surface((min(W, ART_SLICE_COLS), H), 0, self.src)
                self._strip.set_alpha(None)  # (copied into the bands as it is: no blending)
                return
            c0, c1 = self.col, min(W, self.col + ART_SLICE_COLS)
            strip = self._strip.subsurface(pygame.Rect(0, 0, c1 - c0, H))
            pygame.transform.smoothscale(self.tmp.subsurface(pygame.Rect(c0, 0, c1 - c0, h)), strip.get_size(), strip)
            for y0, band in self.out.bands:
                band.blit(strip, (c0, 0), pygame.Rect(0, y0, c1 - c0, band.get_height()))
            self.col = c1

    def _let_go(self) -> None:
        self._done = True
        self.tmp = self.src = self._strip = None

    def work(self, seconds: float, clock: Callable[[], float] = time.perf_counter) -> bool:
        """Slices for about `seconds` of `clock` (at least one); True when the picture is whole."""
        t0 = clock()
        while not self.done:
            self.step()
            if clock() - t0 >= seconds:
                break
        if self.done:
            self._let_go()
        return self.done

    def finish(self) -> Banded:
        while not self.done:
            self.step()
        self._let_go()
        assert self.out is not None
        return self.out


def run_steps(steps, seconds: float, clock: Callable[[], float]) -> bool:
    """Advance the generator `steps` until `seconds` of `clock` have passed (at least one step);
    True when it is exhausted. The progressive redraws of the board and the panels use it."""
    t0 = clock()
    while True:
        try:
            next(steps)
        except StopIteration:
            return True
        if clock() - t0 >= seconds:
            return False


def _scratch(kept: list, size, like: pygame.Surface) -> pygame.Surface:
    """A `size` part of the picture in `kept` (one per board view: the row pass of each new zoom
    level writes into it), in the format of `like`; made again only when too small.

    A 32-bit scratch is made on memory mapped but not touched yet (`_untouched`): a new
    pygame.Surface clears all its pixels at once, and the first touch of that much memory is
    ~1 ms a MB on these machines (20-60 ms for a zoomed-in level, in one frame); the row pass
    touches it a band at a time instead. Only smoothscale reads it (byte for byte), never a
    blit."""
    keep = kept[0] if kept else None
    if (
        keep is None
        or keep.get_width() < size[0]
        or keep.get_height() < size[1]
        or keep.get_bitsize() != like.get_bitsize()
        or keep.get_bytesize() != like.get_bytesize()
        or (keep.get_masks()[:3] != like.get_masks()[:3])
    ):
        w = max(size[0], keep.get_width() if keep is not None else 0)
        h = max(size[1], keep.get_height() if keep is not None else 0)
        kept[:] = []  # (the old one let go first: its memory may serve the new one)
        keep = _untouched((w, h), like)
        kept[:] = [keep]
    return keep.subsurface(pygame.Rect(0, 0, *size))


def _untouched(size, like: pygame.Surface) -> pygame.Surface:
    """A picture of `size` with `like`'s colour channels, on memory that is touched only when
    written (an anonymous mapping), for 32-bit pictures in the display's layout (blue in the
    low byte); else a plain Surface in `like`'s format. Its fourth byte is an alpha channel
    that is ignored (`set_alpha(None)`: blits copy the colours)."""
    w, h = size
    if like.get_bytesize() == 4 and like.get_masks()[:3] == (0xFF0000, 0xFF00, 0xFF) and w > 0 and h > 0:
        import mmap

        img = pygame.image.frombuffer(mmap.mmap(-1, w * h * 4), (w, h), "BGRA")
        img.set_alpha(None)
        return img
    return pygame.Surface(size, 0, like)


def _scaled_art(path, size, disk: bool = False) -> pygame.Surface:
    """The art at `size`; with `disk` (the first picture a board view draws: a start, an export)
    also from and into the disk cache (decoding the 2400x1600 PNG and scaling it is ~0.1 s of
    every start and of `botwotr export`; zoom levels and resizes are not written to the disk)."""
    img = res.stored_picture(path, size) if disk else None
    if img is not None:
        return img
    art = res.image(path)
    img = pygame.transform.smoothscale(art, size) if size != art.get_size() else art
    if disk:
        res.store_picture(path, size, img)
    return img


# -- what the pieces layer draws, recorded (BoardView._update_pieces) ---------------------------
# While a board view draws one item of its pieces (the tracks, a region's pieces, a region's
# characters, the battle marker), every shape it draws is recorded with its rectangle and
# everything that decides its pixels: the item's display list. Two display lists of an item are
# compared to find the rectangles whose pixels may differ.
_MARKS: list | None = None


def _mark(rect, what) -> None:
    if _MARKS is not None:
        _MARKS.append(((rect[0], rect[1], rect[2], rect[3]), what))


def _token(surface, rect, *args, **kw) -> None:
    if _MARKS is not None:
        _MARKS.append(((rect[0], rect[1], rect[2], rect[3]), ("token", args, tuple(sorted(kw.items())))))
    draw_token(surface, rect, *args, **kw)


def _badge(surface, center, *args, **kw):
    r = draw_badge(surface, center, *args, **kw)
    if _MARKS is not None:
        # the rectangle does not depend on the clip: draw_badge computes it from its arguments
        _MARKS.append(((r.x, r.y, r.w, r.h), ("badge", tuple(center), args, tuple(sorted(kw.items())))))
    return r


def _die(surface, rect, *args, **kw) -> None:
    if _MARKS is not None:
        _MARKS.append(((rect[0], rect[1], rect[2] + 2, rect[3] + 2), ("die", args, tuple(sorted(kw.items())))))
    draw_die(surface, rect, *args, **kw)


# -- the board view ----------------------------------------------------------------------------


class BoardView:
    PIECE = 68  # a figure's size in board pixels
    MIN_PIECE = 22  # ... but never smaller than this on the screen
    MAX_PIECE = 84

    def __init__(self, layout, spec):
        self.layout = layout
        self.spec = spec
        self.camera = Camera(layout.size)
        self.hover_region: str | None = None
        self.highlights: dict[str, tuple] = {}
        self.hidden_pieces: set = set()
        self.overlays: list[Callable] = []
        self.on_region_click: Callable[[str], None] | None = None
        self.on_slot_click: Callable[[object], None] | None = None
        self.piece_rects: dict[tuple, pygame.Rect] = {}
        self._tips: list[tuple[pygame.Rect, Tip]] = []
        self._mouse = (-(10**6), -(10**6))
        self._press: tuple[int, int] | None = None
        self._dragging = False
        self._art_cache: tuple | None = None
        self._drawn_art = False  # the first art drawn is kept on disk too (`_scaled_art`)
        self._art_levels = res.art_levels  # shared by every board view (a game opened again scales nothing)
        # A zoom level (or a zoomed-in view) not scaled yet is drawn at once with a fast scale of
        # the part in view, and smoothed over the next frames (`SmoothScale`, `_smooth_art`);
        # False: scaled smooth at once (the pictures drawn from nothing in tests).
        self.smooth_later = True
        self._smoothing: SmoothScale | None = None
        self._scratch: list = []
        self._loader = None  # the art being loaded in slices (`resources.image_in_slices`)
        self._frame_cache: tuple | None = None
        self._region_tips: dict = {}  # (region, language) -> (title, lines) of its tooltip
        self._region_at: tuple | None = None  # the last world point asked and its region
        self._shown: tuple | None = None  # the frame cache last blitted, and (rectangle, surface size)
        self.blitted: list[pygame.Rect] = []
        # where the frame cache's picture was drawn again since it was last blitted (None: the
        # whole of it, or not known)
        self._damage: list[pygame.Rect] | None = None
        self._last_dirty: list[pygame.Rect] = []
        self._ground_cache: tuple | None = None
        self._pan_cache: tuple | None = None
        # the last dragged picture's frame and ground caches, kept after the drag: the next drag
        # draws into the same pictures, only where the pieces or the marks changed when its scale
        # and part of a pixel are the same (drawn whole, a drag's first frame took 15-45 ms)
        self._pan_prev: tuple = (None, None)
        self._pan_at: tuple | None = None  # (scale, fx, fy) of the last dragged picture drawn
        self._pan_prep: _Build | None = None  # the dragged picture being drawn ahead (`prepare_pan`)
        self._pan_pool: tuple = ([], [])  # the pictures dragged pictures are drawn into (ground, pieces)
        self._pan_spare: tuple | None = None  # (for `_new_layer` while a dragged picture is drawn whole)
        self._pan_plates: tuple = (None, None)  # the dragged picture's `_plates`, `_label_rects_kept`
        self._other_rect: tuple | None = None  # (rectangle, frame cache, ground cache) of the last other rectangle
        self._retained: dict | None = None  # the items of the pieces last drawn (`_update_pieces`)
        self._sig_ctx: tuple = ({}, {})
        self.partial_pieces = True  # a new view redraws only the pieces that changed
        self.pan_layer = True  # draw a dragged board from one picture (`_draw_panned`)
        self._army_box: dict[str, pygame.Rect | None] = {}
        self._region_boxes = {r: _bbox(p) for r, p in layout.polygons.items()}
        self._label_rects_kept: tuple | None = None  # (camera and theme, the names' rectangles)
        # A zoom step (or the art of a new level smoothed) draws the new picture over several
        # frames, `build_seconds` of each (the clock injectable); meanwhile the last picture is
        # shown scaled to the new camera (`_transition`). False: drawn at once.
        self.progressive = True
        self.build_seconds = BUILD_SECONDS
        self.build_clock: Callable[[], float] = time.perf_counter
        self._build: _Build | None = None
        self._rest_art = False
        # what other progressive drawing (the panels at a new window size) took of this frame
        # before the board's `draw`: it comes off the board's share of the frame (`build_seconds`),
        # and with none left the board does no step this frame (it shows what it showed)
        self.frame_spent = 0.0
        self._transition: pygame.Surface | None = None
        self._smoothed = 0.0
        self._waits = False
        self._spares: list[pygame.Surface] = []  # pictures of the board's size to draw the next one into
        self._last_whole: tuple | None = None  # the frame cache of the last other rectangle
        self._plates: tuple | None = None  # (camera and size, {region: its name plate's rectangle})
        self._transition_pics: list = []  # the pictures a transition is drawn into (`res.picture_within`)

    # -- geometry ------------------------------------------------------------------------
    @property
    def rect(self) -> pygame.Rect:
        return self.camera.viewport

    def set_rect(self, rect) -> None:
        """Where the board goes on the screen. The pictures drawn for the last other rectangle
        are kept: a window resized back (maximised and restored) finds them (their keys hold the
        camera, so a picture for another camera is drawn again as before)."""
        rect = pygame.Rect(rect)
        old = tuple(self.camera.viewport)
        if tuple(rect) != old:
            back = self._other_rect if self._other_rect is not None and self._other_rect[0] == tuple(rect) else None
            if self._frame_cache is not None or self._ground_cache is not None or back is not None:
                # (a rectangle left before its picture was drawn, a window edge dragged, keeps
                # the pictures of the last one that had them)
                self._other_rect = (old, self._frame_cache, self._ground_cache)
            if self._frame_cache is not None:
                self._last_whole = self._frame_cache  # (scaled onto the new rectangle meanwhile: `_progress`)
            self._frame_cache, self._ground_cache = (back[1], back[2]) if back is not None else (None, None)
            self._rest_art = True  # (the frame of a resize does its own work: the art's smoothing waits a frame)
        self.camera.set_viewport(rect)
        if tuple(rect) != old:
            # another region is under the resting mouse now (the camera fitted to the new
            # rectangle): it is the one outlined, as the tooltip that comes back names it
            self.hover_region = self.region_at_screen(self._mouse)

    def region_at_screen(self, pos) -> str | None:
        if not self.rect.collidepoint(pos):
            return None
        world = self.camera.to_world(*pos)
        last = self._region_at
        if last is not None and last[0] == world:  # (a resting mouse: its tooltip asks every frame)
            return last[1]
        rid = self.layout.region_at(*world)
        self._region_at = (world, rid)
        return rid

    def slot_at_screen(self, pos):
        if not self.rect.collidepoint(pos):
            return None
        return self.layout.slot_at(*self.camera.to_world(*pos))

    def piece_size(self) -> int:
        return int(max(self.MIN_PIECE, min(self.MAX_PIECE, self.PIECE * self.camera.scale)))

    def region_screen_center(self, region: str, anchor: str = "army") -> tuple[float, float]:
        return self.camera.to_screen(*self.layout.anchor(region, anchor))

    # -- input ---------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self._mouse = ev.pos
            if self._press is not None:
                if not self._dragging and (
                    abs(ev.pos[0] - self._press[0]) + abs(ev.pos[1] - self._press[1]) > DRAG_THRESHOLD
                ):
                    self._dragging = True
                if self._dragging:
                    self.camera.pan(*ev.rel)
                    return True
            self.hover_region = self.region_at_screen(ev.pos)
            return False
        if ev.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._mouse):
                self.camera.zoom_at(self._mouse, ZOOM_STEP**ev.y)
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(ev.pos):
            self._mouse = ev.pos
            if ev.button in (1, 2, 3):
                self._press = ev.pos
                self._dragging = False
                return True
            return False
        if ev.type == pygame.MOUSEBUTTONUP and self._press is not None:
            was_drag = self._dragging
            self._press = None
            self._dragging = False
            if not was_drag and ev.button == 1:
                slot = self.slot_at_screen(ev.pos)
                region = self.region_at_screen(ev.pos)
                if region and self.on_region_click:
                    self.on_region_click(region)
                elif slot and self.on_slot_click:
                    self.on_slot_click(slot)
            return True
        return False

    # -- drawing -------------------------------------------------------------------------
    def draw(
        self,
        surface: pygame.Surface,
        theme: Theme,
        view: dict | None,
        seat: str = "public",
        restore: list[pygame.Rect] | None = None,
    ) -> list[pygame.Rect] | None:
        """Everything but the overlays is drawn into cached pictures: the ground (art, region
        tints, labels) per camera, theme, highlights, hover region and battle area; the pieces on
        it per view object (views are never changed in place: a new state gives a new view),
        seat and hidden pieces. A frame is then one blit plus the overlays; a piece landing after
        an animation redraws the pieces only. `invalidate()` forces a redraw.

        `restore`: the surface holds this board's last picture but for these rectangles (where
        overlays drew over it): when the picture is still the one blitted last, only they are
        put back (an animated frame blits the dice, not the whole board). Returns the
        rectangles the overlays drew in, or None when an overlay does not say (each overlay
        returns a list, or None); `self.blitted` is what this call blitted of the picture."""
        clip = surface.get_clip()
        spent, self.frame_spent = self.frame_spent, 0.0
        t = self.build_clock()
        if spent < self.build_seconds:
            self._smooth_art(min(ART_SLICE_SECONDS, self.build_seconds - spent))
        # (taken from the frame's share for `_Build`; `_waits`: none left after the panels')
        self._smoothed = self.build_clock() - t + spent
        self._waits = spent > 0 and self._smoothed >= self.build_seconds
        if self._dragging and self.pan_layer and view is not None and self._draw_panned(surface, theme, view, seat):
            surface.set_clip(clip)
            self._shown = None
            self.blitted = [pygame.Rect(self.rect)]
            return None
        self._pan_cache = None
        self._render(theme, view, seat)
        if self._build is not None and self._transition is not None:
            return self._draw_transition(surface, theme, clip)
        fc = self._frame_cache
        _k, _v, layer, self.piece_rects, self._tips, self._army_box, _r = fc
        self.piece_rects = dict(self.piece_rects)
        self._tips = list(self._tips)
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        at = (tuple(self.rect), surface.get_size())
        shown = self._shown if restore is not None and self._shown is not None and self._shown[1] == at else None
        if shown is not None and shown[0] is not fc:
            # the picture changed since it was blitted: only where its pieces were drawn again,
            # when that is all that changed on the same picture
            same = self._damage is not None and shown[0][2] is layer
            restore = restore + self._damage if same and self._damage is not None else None
        if shown is not None and restore is not None:
            self.blitted = []
            for r in restore:
                r = self.rect.clip(r)
                if r.w and r.h:
                    surface.blit(layer, r.topleft, area=r)
                    self.blitted.append(r)
        else:
            surface.blit(layer, self.rect.topleft, area=self.rect)
            self.blitted = [pygame.Rect(self.rect)]
        self._shown = (fc, at)
        self._damage = []
        return self._draw_overlays(surface, theme, clip)

    def _draw_overlays(self, surface, theme, clip) -> list[pygame.Rect] | None:
        """The overlays over the board; what they drew (None: somewhere not said). Sets the
        surface's clip back to `clip`."""
        drawn: list[pygame.Rect] | None = []
        for ov in self.overlays:
            rects = ov(surface, self, theme)
            if rects is None:
                drawn = None
            elif drawn is not None:
                drawn += [self.rect.clip(r) for r in rects]
        surface.set_clip(clip)
        return drawn

    def _draw_transition(self, surface, theme, clip) -> list[pygame.Rect] | None:
        """A frame while the new picture is being drawn: the last one scaled to this camera. No
        piece can be clicked or asked for its tooltip meanwhile (they are not where it shows
        them); regions answer from the camera, as always."""
        self.piece_rects, self._tips = {}, []
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        assert self._transition is not None
        surface.blit(self._transition, self.rect.topleft)
        self.blitted = [pygame.Rect(self.rect)]
        self._shown = None
        self._damage = None
        return self._draw_overlays(surface, theme, clip)

    def _keys(self, theme, view, seat) -> tuple:
        cam = self.camera
        battle = (view or {}).get("battle") or {}
        ground_key = (
            tuple(cam.viewport),
            cam.scale,
            cam.ox,
            cam.oy,
            theme,
            frozenset((r, tuple(c)) for r, c in self.highlights.items()),
            self.hover_region,
            battle.get("target"),
            tuple(battle.get("armies") or ()),
            self._art_exact(),
        )
        return ground_key, (ground_key, seat, id(view), frozenset(self.hidden_pieces))

    def _render(self, theme, view, seat) -> None:
        """Bring `_frame_cache` (the ground and the pieces for this camera) up to date."""
        ground_key, key = self._keys(theme, view, seat)
        cached = self._frame_cache
        if cached is not None and cached[0] == key and cached[1] is view:
            self._drop_build()
            if not ground_key[-1]:  # (its art not smooth yet)
                self._resume_smoothing()
            return
        if self._progress(ground_key, key, cached, theme, view, seat):
            return
        self._drop_build()
        if cached is None or cached[0] != key or cached[1] is not view:
            need = (self.rect.right, self.rect.bottom)
            ground = self._ground_cache
            # (another seat's picture too: the pieces are drawn from the view alone, and each
            # item's signature is of what its view holds, so an item a seat sees otherwise, a
            # face-down token, the tracks' hands and dice, differs and is drawn again)
            marks = None  # (the ground's regions whose marks changed, drawn again alone)
            if (
                self.partial_pieces
                and cached is not None
                and cached[0][0] != ground_key
                and ground is not None
                and ground[0] == cached[0][0]
                and ground[1].get_size() == need
                and cached[2].get_size() == need
            ):
                marks = self._marks_changed(ground[0], ground_key)
                if marks is not None and sum(d.w * d.h for d in marks) <= self.MARKS_MAX * self.rect.w * self.rect.h:
                    for d in marks:
                        self._draw_ground(ground[1], theme, view, within=d)
                    ground = self._ground_cache = (ground_key, ground[1])
                else:
                    marks = None
            if (
                self.partial_pieces
                and cached is not None
                and (cached[0][0] == ground_key or marks is not None)
                and cached[2].get_size() == need
                and ground is not None
                and ground[0] == ground_key
                and ground[1].get_size() == need
            ):
                self._retained = cached[6]
                self._last_dirty = []
                if self._update_pieces(cached[2], ground[1], theme, view, marks or []):
                    if self._damage is not None:
                        self._damage += self._last_dirty
                    self._frame_cache = (
                        key,
                        view,
                        cached[2],
                        self.piece_rects,
                        self._tips,
                        self._army_box,
                        self._retained,
                    )
                    return
            self._damage = None  # (drawn whole: the next frame blits all of it)
            if ground is None or ground[0] != ground_key or ground[1].get_size() != need:
                img = ground[1] if ground is not None and ground[1].get_size() == need else self._new_layer(need)
                self._draw_ground(img, theme, view)
                ground = self._ground_cache = (ground_key, img)
            layer = cached[2] if cached is not None and cached[2].get_size() == need else self._new_layer(need)
            layer.blit(ground[1], self.rect.topleft, area=self.rect)
            self._draw_pieces(layer, theme, view, seat)
            self._frame_cache = (key, view, layer, self.piece_rects, self._tips, self._army_box, self._retained)

    def _progress(self, ground_key, key, cached, theme, view, seat) -> bool:
        """Draw the picture for a new camera over several frames (`_Build`), when only the
        camera (a zoom step; the board's rectangle and the theme: a resize), the hover region or
        the art's smoothness changed since the last picture: the same view, seat, hidden pieces,
        highlights and battle area. The frames meanwhile show the last picture scaled (`_transition`): nothing
        it shows is not in the new one. When the new picture is whole, it becomes the frame's
        picture, pixel for pixel the one drawn at once. False: draw as before."""
        need = (self.rect.right, self.rect.bottom)
        if not self.progressive or cached is not None and cached[0][0] == ground_key:
            return False  # (the same ground: nothing, or only the pieces that changed, to draw)

        def fits(fc) -> bool:
            return (
                fc is not None
                and fc[1] is view
                and fc[0][1:] == key[1:]
                and fc[0][0][5] == ground_key[5]  # the highlights
                and fc[0][0][7:9] == ground_key[7:9]  # the battle area
                and (fc[0][0][4] == ground_key[4] and fc[0][0][6] == ground_key[6] or fc[0][0][:4] != ground_key[:4])
            )  # (a new hover region or theme alone is drawn at once, as before)

        last = cached if fits(cached) else self._last_whole if fits(self._last_whole) else None
        if last is None:
            return False
        cached = last
        b = self._build
        if b is None or b.key != key:
            if b is not None:
                self._spares += [p for p in (b.ground, b.layer) if p is not None]
            mine = [p for p in self._spares if p.get_size() == need]
            ground = mine.pop() if mine else None  # (None: made by a step of its own)
            layer = mine.pop() if mine else None
            self._spares = [p for p in self._spares if p is not ground and p is not layer][-4:]
            same_camera = b is not None and b.ground_key[:4] == ground_key[:4] and self._transition is not None
            b = self._build = _Build(self, key, ground_key, view, ground, layer, theme, seat, need)
            if not same_camera:  # (begun again for the same camera: the art smooth now, a hover)
                self._transition = self._scaled_last(cached)
            return True  # (this frame scaled the last picture: the drawing starts with the next)
        if self._waits or not b.work(max(0.0, self.build_seconds - self._smoothed), self.build_clock):
            return True
        self._build = self._transition = None
        old_ground = self._ground_cache
        if self._frame_cache is not None:  # (for this rectangle, another camera)
            self._spares.append(self._frame_cache[2])
        if old_ground is not None:
            self._spares.append(old_ground[1])
        kept = self._other_rect
        keep = {id(p) for p in (kept[1][2] if kept and kept[1] else None, kept[2][1] if kept and kept[2] else None)}
        self._spares = [p for p in self._spares if id(p) not in keep and p is not b.ground and p is not b.layer][-4:]
        st = b.state
        self.piece_rects, self._tips, self._army_box, self._retained, self._sig_ctx = (st[a] for a in _BUILD_STATE)
        self._ground_cache = (ground_key, b.ground)
        self._frame_cache = (key, view, b.layer, self.piece_rects, self._tips, self._army_box, self._retained)
        self._damage = None
        return True

    def _drop_build(self) -> None:
        """Give up the picture being drawn (its pictures drawn into next time)."""
        b = self._build
        if b is not None:
            self._spares = (self._spares + [p for p in (b.ground, b.layer) if p is not None])[-4:]
        self._build = self._transition = None

    def _scaled_last(self, cached) -> pygame.Surface:
        """The last picture (`cached`, drawn for another camera) scaled and placed for this
        camera: the board's rectangle, the ground's colour where it had nothing."""
        vp = pygame.Rect(self.rect)
        v0, s0, ox0, oy0 = cached[0][0][:4]
        v0 = pygame.Rect(v0)
        cam = self.camera
        s1, ox1, oy1 = cam.scale, cam.ox, cam.oy
        pic = res.picture_within(self._transition_pics, vp.size)

        def to_new(x, y):  # a point of the old picture (screen) on the new one
            return (vp.x + ((x - v0.x) / s0 + ox0 - ox1) * s1, vp.y + ((y - v0.y) / s0 + oy0 - oy1) * s1)

        def to_old(x, y):
            return (v0.x + ((x - vp.x) / s1 + ox1 - ox0) * s0, v0.y + ((y - vp.y) / s1 + oy1 - oy0) * s0)

        ax, ay = to_old(vp.x, vp.y)
        bx, by = to_old(vp.right, vp.bottom)
        src = pygame.Rect(
            math.floor(ax), math.floor(ay), math.ceil(bx) - math.floor(ax), math.ceil(by) - math.floor(ay)
        )
        src = src.clip(v0).clip(cached[2].get_rect())
        if src.w <= 0 or src.h <= 0:
            pic.fill((22, 20, 18))
            return pic
        dx0, dy0 = to_new(src.x, src.y)
        dx1, dy1 = to_new(src.right, src.bottom)
        dst = pygame.Rect(round(dx0), round(dy0), max(1, round(dx1 - dx0)), max(1, round(dy1 - dy0)))
        for r in _outside(vp, dst):  # the ground's colour where the last picture had nothing
            pic.fill((22, 20, 18), r.move(-vp.x, -vp.y))
        part = cached[2].subsurface(src)
        dst.move_ip(-vp.x, -vp.y)
        inside = dst.clip(pic.get_rect())  # (the source's rounding outwards: a pixel or two over the edge)
        if dst.size == src.size:
            pic.blit(part, dst.topleft)
        elif inside.w and inside.h:
            pygame.transform.scale(part, inside.size, pic.subsurface(inside))  # (no picture made)
        return pic

    def _pan_geometry(self) -> tuple | None:
        """The dragged picture for this camera: (its size, the parts of a pixel `fx`, `fy` at
        which it holds world (0, 0) past its margin, where world (0, 0) is on the screen); None
        when the board is too big at this scale for one picture. The parts of a pixel are the
        camera's, or the kept picture's when they are the same to 1e-4 of a pixel."""
        cam = self.camera
        s, m = cam.scale, PAN_MARGIN
        size = (round(cam.world_w * s) + 2 * m, round(cam.world_h * s) + 2 * m)
        if size[0] * size[1] > PAN_LAYER_MAX:
            return None
        vp = cam.viewport
        cx, cy = vp.x - cam.ox * s, vp.y - cam.oy * s
        fx, fy = cx - math.floor(cx), cy - math.floor(cy)
        kept = self._pan_at  # (the kept picture's: the float sums of pans by whole pixels are 1e-13 apart)
        if kept is not None and kept[0] == s and _near(kept[1], fx) and _near(kept[2], fy):
            fx, fy = kept[1], kept[2]
        return size, fx, fy, (cx, cy)

    def _as_pan_picture(self, size, fx, fy):
        """Make the camera the dragged picture's (the whole board at this scale, world (0, 0) at
        (fx + m, fy + m)) and the frame's caches the last dragged picture's; returns what puts
        the board's own back (`_own_again`)."""
        cam = self.camera
        keep = (cam.viewport, cam.ox, cam.oy, self._frame_cache, self._ground_cache, self.progressive, self._build,
                self._transition, list(self._spares), self._plates, self._label_rects_kept, self._damage,
                self._last_dirty)  # fmt: skip
        m = PAN_MARGIN
        cam.viewport = pygame.Rect(0, 0, *size)
        cam.ox, cam.oy = -(fx + m) / cam.scale, -(fy + m) / cam.scale
        self._frame_cache, self._ground_cache = self._pan_prev
        self.progressive, self._build, self._transition = False, None, None
        self._plates, self._label_rects_kept = self._pan_plates
        return keep

    def _own_again(self, keep) -> None:
        cam = self.camera
        self._pan_plates = (self._plates, self._label_rects_kept)
        (cam.viewport, cam.ox, cam.oy, self._frame_cache, self._ground_cache, self.progressive, self._build,
         self._transition, self._spares, self._plates, self._label_rects_kept, self._damage,
         self._last_dirty) = keep  # fmt: skip

    def prepare_pan(self, theme, view, seat, seconds: float, clock: Callable[[], float] | None = None) -> bool:
        """In an idle frame, at most about `seconds`: the dragged picture for this scale drawn
        ahead, in steps (`_Build`), when the last one kept is for another scale or part of a pixel.
        A drag then draws into it only what changed since (a picture drawn whole at a drag's
        first frame was 15-45 ms at 1920x1080). True when nothing is left to do."""
        if not self.pan_layer or view is None or self._dragging or self.smoothing:
            return True
        return self._pan_steps(theme, view, seat, seconds, clock or self.build_clock)

    def pan_ready(self) -> bool:
        """A drag now would find its picture kept for this scale and part of a pixel (to be
        brought up to date at most), or would not use one (the board too big at this scale)."""
        geo = self._pan_geometry()
        if geo is None:
            return True
        size, fx, fy, _c = geo
        prev = self._pan_prev[0]
        return prev is not None and prev[2].get_size() == size and prev[0][0][1:4] == self._pan_camera(fx, fy)

    def _pan_steps(self, theme, view, seat, seconds: float, clock: Callable[[], float]) -> bool:
        if self.pan_ready():
            self._pan_prep = None
            return True
        size, fx, fy, _c = self._pan_geometry()
        if self._pan_prep is None and seconds != float("inf"):
            for pool in self._pan_pool:  # (a new picture is a frame's work of its own)
                if not any(p.get_width() >= size[0] and p.get_height() >= size[1] for p in pool):
                    self._pan_prev, self._pan_cache = (None, None), None
                    self._pan_room(pool, size)
                    return False
        keep = self._as_pan_picture(size, fx, fy)
        try:
            ground_key, key = self._keys(theme, view, seat)
            b = self._pan_prep
            if b is None or b.ground_key[:4] != ground_key[:4]:
                self._pan_prev, self._pan_cache = (None, None), None  # (its pictures are drawn into)
                pics = self._pan_pics(size)
                b = self._pan_prep = _Build(self, key, ground_key, view, pics[0], pics[1], theme, seat, size)
            done = b.work(seconds, clock)
        finally:
            self._own_again(keep)
        if done:
            self._pan_prep = None
            st = b.state
            fc = (b.key, b.view, b.layer, st["piece_rects"], st["_tips"], st["_army_box"], st["_retained"])
            self._pan_prev = (fc, (b.ground_key, b.ground))
            self._pan_at = (self.camera.scale, fx, fy)
        return done

    def _pan_camera(self, fx, fy) -> tuple:
        """The dragged picture's camera as a ground key holds it (scale, ox, oy)."""
        s, m = self.camera.scale, PAN_MARGIN
        return (s, -(fx + m) / s, -(fy + m) / s)

    def _pan_pics(self, size) -> tuple:
        """Two pictures of `size` (the ground, the pieces) for a dragged picture: parts of the two
        kept (`_pan_room`)."""
        return tuple(self._pan_room(pool, size) for pool in self._pan_pool)

    @staticmethod
    def _pan_room(pool: list, size) -> pygame.Surface:
        """A `size` part of the picture kept in `pool`. The first is made at that size; when it
        is too small, a new one of twice the area needed (up to `PAN_LAYER_MAX`) is made: a new
        picture of a dragged board's size takes 10-35 ms to make, so zooming in notch by notch
        makes one every few levels, not at each."""
        w, h = size
        if not any(p.get_width() >= w and p.get_height() >= h for p in pool):
            grow = max(1.0, min(2.0, PAN_LAYER_MAX / max(1, w * h))) ** 0.5 if pool else 1.0
            pool[:] = [res.picture((math.ceil(w * grow), math.ceil(h * grow)))]
        return pool[0].subsurface((0, 0, w, h))

    def _draw_panned(self, surface, theme, view, seat) -> bool:
        """While the board is dragged: the whole board (and a margin) drawn once into a picture
        at this scale, then each frame one blit at the camera's offset. The picture is drawn with
        the camera's sub-pixel offset, so it is pixel for pixel what the frame would draw (pans
        move by whole pixels; a move by a part of a pixel, where the board's edge clamped it,
        draws it again). It is kept after the drag (`_pan_prev`), and drawn ahead in idle frames
        (`prepare_pan`): a drag draws into it only what changed. False when the board is too big
        at this scale."""
        geo = self._pan_geometry()
        if geo is None:
            return False
        size, fx, fy, (cx, cy) = geo
        m = PAN_MARGIN
        _g, key = self._keys(theme, view, seat)
        key = (key[0][1:2] + key[0][4:], key[1:], size, fx, fy)  # no camera offset
        pc = self._pan_cache
        if pc is None or pc[0] != key or pc[1] is not view:
            if self._pan_prep is not None:  # (drawn ahead but not whole yet: finished now)
                self._pan_steps(theme, view, seat, float("inf"), self.build_clock)
            # drawn at once, never in steps: this frame blits it (a picture in steps for the
            # board's own camera, a resize's or a zoom's, is kept as it was and goes on after)
            keep = self._as_pan_picture(size, fx, fy)
            try:
                if self._frame_cache is None or self._frame_cache[2].get_size() != size:
                    pics = self._pan_pics(size)
                    self._frame_cache = self._ground_cache = None
                    self._pan_spare = pics
                self._render(theme, view, seat)
                fc = self._frame_cache
                self._pan_prev = (fc, self._ground_cache)
                self._pan_at = (self.camera.scale, fx, fy)
            finally:
                self._pan_spare = None
                self._own_again(keep)
            pc = self._pan_cache = (key, view, fc)
        fc = pc[2]
        at = (round(cx - fx - m), round(cy - fy - m))
        layer, rects, tips, boxes = fc[2], fc[3], fc[4], fc[5]
        self.piece_rects = {k: r.move(at) for k, r in rects.items()}
        self._tips = [(r.move(at), t) for r, t in tips]
        self._army_box = {k: (r.move(at) if r is not None else None) for k, r in boxes.items()}
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        surface.fill((22, 20, 18), self.rect)
        surface.blit(layer, at)
        for ov in self.overlays:
            ov(surface, self, theme)
        return True

    def _new_layer(self, size) -> pygame.Surface:
        spare = self._pan_spare  # (a dragged picture drawn whole: the kept pictures, ground first)
        if spare:
            self._pan_spare = spare[1:]
            return spare[0]
        return res.picture(size)

    def invalidate(self) -> None:
        """Forget the cached pictures (after changing something their keys do not see)."""
        self._frame_cache = None
        self._ground_cache = None
        self._pan_cache = None
        self._pan_prev = (None, None)
        self._pan_prep = None
        self._other_rect = None
        self._build = self._transition = None
        self._last_whole = None
        self._plates = None

    def _draw_ground(self, surface, theme, view, within: pygame.Rect | None = None) -> None:
        for _step in self._ground_steps(surface, theme, view, within):
            pass

    def _ground_steps(self, surface, theme, view, within: pygame.Rect | None = None):
        """The ground, drawn in steps (a generator: `_Build` stops between them, nothing else
        draws on `surface` meanwhile, and each step starts with the same clip). With `within`,
        only that rectangle of it is drawn (every shape clipped to it: the same pixels there as
        the ground drawn whole)."""
        r = self.rect if within is None else self.rect.clip(within)
        plan = self._art_plan() if self.layout.art is not None else None
        if plan is not None and plan[2] is not None and plan[2] in self._art_levels:
            # the art is a kept level's blit: a band of rows a step (the blit of a picture not
            # in the caches was 2-10 ms in one step); the same pixels as at once
            for band in _bands(self.rect, GROUND_BANDS):
                band = band.clip(r)
                if band.w and band.h:
                    surface.set_clip(band)
                    surface.fill((22, 20, 18), band)
                    self._draw_art(surface)
                yield
        else:
            surface.set_clip(r)
            surface.fill((22, 20, 18), r)
            self._draw_art(surface)
            yield
        surface.set_clip(r)
        if self.layout.art is None:
            self._draw_schematic_frame(surface, theme)
        self._draw_regions(surface, theme)
        if view is not None and view.get("battle"):
            self._draw_battle_area(surface, theme, view["battle"])
        yield
        for _step in self._label_steps(surface, theme):
            yield
            surface.set_clip(r)
        surface.set_clip(r)
        art_labels.draw(surface, self, theme)  # the frame's painted English words, translated
        surface.set_clip(None)

    def _marks_changed(self, old_key, ground_key) -> list[pygame.Rect] | None:
        """Where the ground of `ground_key` differs from the one of `old_key` (two keys of
        `_keys`) when only the marks over the art changed: the highlighted regions, the hovered
        one, the battle's area. The regions whose mark changed, as `_fill_poly` covers them;
        None when anything else changed (the camera, the theme, the art's smoothness: the
        ground is drawn whole)."""
        if old_key[:5] != ground_key[:5] or old_key[9:] != ground_key[9:] or not ground_key[-1]:
            return None
        rids: set = set()
        if old_key[5] != ground_key[5]:
            was, now = dict(old_key[5]), dict(ground_key[5])
            rids.update(rid for rid in was.keys() | now.keys() if was.get(rid) != now.get(rid))
        if old_key[6] != ground_key[6]:
            rids.update(h for h in (old_key[6], ground_key[6]) if h)
        if old_key[7:9] != ground_key[7:9]:
            for k in (old_key, ground_key):
                if k[7]:
                    rids.add(k[7])
                    rids.update(k[8])
        out = []
        for rid in rids:
            if rid in self.layout.polygons:
                box = self._poly_box(rid)
                if box.w > 0 and box.h > 0:
                    out.append(box)
        return _merge_rects(out)

    def _picture_steps(self, ground, layer, theme, view, seat):
        """The ground, then the ground and the pieces on `layer`, in steps: what `_render`
        draws at once."""
        yield from self._ground_steps(ground, theme, view)
        for band in _bands(self.rect, GROUND_BANDS):  # (a band a step: 3-5.5 ms in one step)
            layer.blit(ground, band.topleft, area=band)
            yield
        yield from self._piece_steps(layer, theme, view, seat)

    def _draw_pieces(self, surface, theme, view, seat) -> None:
        """All the pieces. Without the Gondor siege they are drawn item by item (`_item_ids`),
        each item's display list kept in `_retained` for `_update_pieces`."""
        for _step in self._piece_steps(surface, theme, view, seat):
            pass

    def _piece_steps(self, surface, theme, view, seat):
        self.piece_rects = {}
        self._army_box: dict[str, pygame.Rect | None] = {}
        self._tips = []
        self._retained = None
        surface.set_clip(self.rect)
        if view is not None and siege_view.siege_state(view) is None:
            items = {}
            for item in self._item_ids(view):
                items[item] = self._draw_item(surface, theme, view, item)
                yield
                surface.set_clip(self.rect)
            self._retained = items
        else:
            if view is not None:
                self._draw_tracks(surface, theme, view)
                siege_view.draw(surface, self, theme, view)  # Gondor only; nothing for Rohan
                for rid in self.layout.polygons:
                    if rid in view["regions"]:
                        self._draw_region_pieces(surface, theme, view, rid)
                self._draw_characters(surface, theme, view)
                siege_view.draw_over(surface, self, theme, view)  # Gondor only
            if view is not None and view.get("battle"):
                self._draw_battle(surface, theme, view["battle"])
        surface.set_clip(None)

    # -- the pieces drawn again only where they changed ----------------------------------
    # The pieces are drawn in items, in this order: the tracks, each region's pieces (the map's
    # order), each region's characters (the view's order), the battle marker. Each item keeps
    # what it depends on (`_item_sig`), its tooltips and piece rectangles, and its display list
    # (every shape with its rectangle and arguments, `_mark`). For a new view with the same
    # ground (camera, theme, highlights...): the items whose inputs changed are laid out again
    # (drawn with an empty clip: only their records are made); the rectangles where their old and
    # new display lists differ, widened by a margin (count badges, shadows), are the dirty
    # rectangles; in each, the ground is put back and every item that has a shape there is drawn
    # again, in order, clipped to it. A pixel outside them is touched by no changed shape, a
    # pixel inside gets the same drawing as a full redraw: the picture is the full redraw's.
    # The Gondor siege (its pieces stand beside the armies, read from every piece's place) and a
    # change that dirties much of the board draw everything again.
    PARTIAL_MAX = 0.35  # the share of the board beyond which everything is drawn again
    MARKS_MAX = 0.6  # the same for the marks' rectangles (their pieces' share: PARTIAL_MAX more)

    def _item_ids(self, view) -> list[tuple]:
        """The items of `view`, in drawing order (and, for `_item_sig`, the characters by region
        and the hidden pieces by region of this view)."""
        by_region = self._chars_by_region(view)
        hidden: dict = {}
        for h in self.hidden_pieces:
            if h:
                hidden.setdefault(h[0], []).append(repr(h))
        self._sig_ctx = (by_region, {k: sorted(v) for k, v in hidden.items()})
        ids: list[tuple] = [("tracks",)]
        ids += [("region", rid) for rid in self.layout.polygons if rid in view["regions"]]
        ids += [("chars", rid) for rid in by_region]
        if view.get("battle"):
            ids.append(("battle",))
        return ids

    def _item_sig(self, view, item) -> object:
        kind = item[0]
        by_region, hidden = self._sig_ctx
        if kind == "region":
            rid = item[1]
            return (repr(view["regions"][rid]), hidden.get(rid))
        if kind == "chars":
            rid = item[1]
            box = self._army_box.get(rid)
            return (tuple(by_region.get(rid, ())), tuple(box) if box is not None else None)
        if kind == "battle":
            b = view["battle"]
            box = self._army_box.get(b.get("target"))
            return (repr(b), tuple(box) if box is not None else None)
        # the tracks: what `_draw_tracks` reads of the sides (the Shadow Box's dice, the story and
        # special decks' sizes, the action tokens), not the sides whole: a die used or a card
        # drawn into a hand changes none of it, and the tracks are not laid out again for it
        fp, sh = view["sides"]["fp"], view["sides"]["sh"]
        return repr(
            (
                view.get("fate"),
                view.get("position"),
                sh["box"],
                fp["story"],
                sh["story"],
                sh["special"],
                fp["action_tokens"],
                view.get("generic"),
                view.get("discard"),
                view.get("gone"),
                view.get("fate_pool"),
                view.get("fate_aside"),
                sorted((c, st.get("status")) for c, st in view["chars"].items()),
                ("fate_marker",) in self.hidden_pieces,
            )
        )

    def _draw_item(self, surface, theme, view, item, sig=None, record=True):
        """Draw one item; with `record`, return its record (sig, tips, piece rects, army box,
        display list, the rectangles it may touch)."""
        global _MARKS
        if sig is None:
            sig = self._item_sig(view, item)
        rects, tips = self.piece_rects, self._tips
        self.piece_rects, self._tips = {}, []
        marks: list = []
        _MARKS = marks if record else None
        try:
            kind = item[0]
            if kind == "tracks":
                self._draw_tracks(surface, theme, view)
            elif kind == "region":
                self._draw_region_pieces(surface, theme, view, item[1])
            elif kind == "chars":
                self._draw_characters(surface, theme, view, only=item[1])
            else:
                self._draw_battle(surface, theme, view["battle"])
        finally:
            _MARKS = None
            mine_rects, mine_tips = self.piece_rects, self._tips
            rects.update(mine_rects)
            tips.extend(mine_tips)
            self.piece_rects, self._tips = rects, tips
        if not record:
            return None
        box = self._army_box.get(item[1], _NO_BOX) if item[0] == "region" else _NO_BOX
        return [sig, mine_tips, mine_rects, box, marks, None]  # [5]: its reach, made when needed

    def _reach(self, rec) -> list[pygame.Rect]:
        """The rectangles an item may touch: its shapes widened by the margin."""
        if rec[5] is None:
            m = self._margin()
            rec[5] = [pygame.Rect(r).inflate(2 * m, 2 * m) for r, _w in rec[4]]
        return rec[5]

    def _margin(self) -> int:
        return max(24, self.piece_size())

    def _update_pieces(self, layer, ground, theme, view, ground_dirty=()) -> bool:
        """Bring `layer` (the pieces of the last view over `ground`) to `view`, drawing only
        where it changed, and where the ground changed (`ground_dirty`: its rectangles drawn
        again under the pieces); False (nothing done) when it must be drawn whole."""
        old = self._retained
        if old is None or view is None or siege_view.siege_state(view) is not None:
            return False
        self.piece_rects, self._tips, self._army_box = {}, [], {}
        items: dict = {}
        changed: list = []
        layer.set_clip(pygame.Rect(self.rect.x, self.rect.y, 0, 0))  # lay out only: nothing drawn
        try:
            for item in self._item_ids(view):
                sig = self._item_sig(view, item)
                rec = old.get(item)
                if rec is not None and rec[0] == sig:
                    self.piece_rects.update(rec[2])
                    self._tips.extend(rec[1])
                    if rec[3] is not _NO_BOX:
                        self._army_box[item[1]] = rec[3]
                else:
                    new = self._draw_item(layer, theme, view, item, sig)
                    changed.append((rec, new))
                    rec = new
                items[item] = rec
        finally:
            layer.set_clip(None)
        changed += [(rec, None) for item, rec in old.items() if item not in items]
        self._retained = items
        if not changed and not ground_dirty:
            return True
        m = self._margin()
        dirty: list[pygame.Rect] = list(ground_dirty)
        for a, b in changed:
            was = Counter(a[4]) if a is not None else Counter()
            now = Counter(b[4]) if b is not None else Counter()
            for r, _w in (was - now) + (now - was):
                d = pygame.Rect(r).inflate(2 * m, 2 * m).clip(self.rect)
                if d.w and d.h:
                    dirty.append(d)
        dirty = _merge_rects(dirty)
        limit = self.PARTIAL_MAX if not ground_dirty else self.MARKS_MAX + self.PARTIAL_MAX
        if sum(d.w * d.h for d in dirty) > limit * self.rect.w * self.rect.h:
            self._retained = old
            return False
        self._last_dirty = dirty
        final = (self.piece_rects, self._tips, self._army_box)
        order = list(items.items())
        try:
            for d in dirty:
                layer.set_clip(d)
                layer.blit(ground, d.topleft, area=d)
                for item, rec in order:
                    if d.collidelist(self._reach(rec)) >= 0:
                        self.piece_rects, self._tips = {}, []
                        self._army_box = dict(final[2])
                        self._draw_item(layer, theme, view, item, rec[0], record=False)
        finally:
            layer.set_clip(None)
            self.piece_rects, self._tips, self._army_box = final
        return True

    def _art_plan(self):
        """What art this camera draws: (the world rectangle in view, its screen rectangle, the
        whole-board level's key and size or None, the zoomed-in part's key); None when no art
        is in view."""
        cam = self.camera
        vis_w0, vis_h0 = cam.to_world(cam.viewport.x, cam.viewport.y)
        vis_w1, vis_h1 = cam.to_world(cam.viewport.right, cam.viewport.bottom)
        x0, y0 = max(0, math.floor(vis_w0)), max(0, math.floor(vis_h0))
        x1, y1 = min(cam.world_w, math.ceil(vis_w1)), min(cam.world_h, math.ceil(vis_h1))
        if x1 <= x0 or y1 <= y0:
            return None
        sx0, sy0 = cam.to_screen(x0, y0)
        sx1, sy1 = cam.to_screen(x1, y1)
        dst = pygame.Rect(round(sx0), round(sy0), max(1, round(sx1 - sx0)), max(1, round(sy1 - sy0)))
        full_w, full_h = round(cam.world_w * cam.scale), round(cam.world_h * cam.scale)
        if full_w * full_h <= ART_LEVEL_MAX:
            return (x0, y0, x1, y1), dst, (str(self.layout.art), full_w, full_h), None
        return (x0, y0, x1, y1), dst, None, (x0, y0, x1, y1, dst.size, str(self.layout.art))

    def _art_exact(self) -> bool:
        """Whether the art for this camera is scaled smooth already (in the ground's key: the
        ground is drawn again when a new level's smoothing is done)."""
        if self.layout.art is None:
            return True
        plan = self._art_plan()
        if plan is None:
            return True
        _w, _d, level, part = plan
        if level is not None:
            return level in self._art_levels
        return self._art_cache is not None and self._art_cache[0] == part

    def _smooth_art(self, seconds: float = ART_SLICE_SECONDS) -> None:
        """A slice of the smoothing of the art in view, if one is under way (`SmoothScale`), of
        about `seconds` (at least one step); dropped when the camera no longer shows it."""
        job = self._smoothing
        rest, self._rest_art = self._rest_art, False
        if job is None or rest or self._dragging and self._pan_cache is not None:
            return  # (a drag drawn from one picture: that picture is not made again meanwhile)
        plan = self._art_plan() if self.layout.art is not None else None
        if plan is None or job.key not in (plan[2], plan[3]):
            self._smoothing = None
            return
        if job.work(seconds, self.build_clock):
            self._smoothing = None
            if job.key == plan[2]:
                self._keep_level(job.key, job.out)
            else:
                self._art_cache = (job.key, job.out)

    def _source_art(self) -> pygame.Surface:
        """The board art at its own size (board pixels), loaded once (and kept on disk as pixels:
        the first zoom of a start does not decode the PNG)."""
        return res.image(self.layout.art, self.layout.size)

    @property
    def smoothing(self) -> bool:
        """Whether the board shows a picture not settled yet: its art a quick scale still being
        smoothed, or the last picture scaled while the new one is drawn (`_progress`)."""
        return self._smoothing is not None or self._build is not None

    def _draw_art(self, surface) -> None:
        plan = self._art_plan()
        if plan is None:
            return
        (x0, y0, x1, y1), dst, level, part = plan
        if self.layout.art is None:
            surface.fill(T.PARCHMENT_DARK, dst)
            return
        cam = self.camera
        if level is not None:
            # the whole board at this scale, kept per zoom level: panning only blits, zooming back
            # to a level seen before scales nothing
            img = self._art_levels.get(level)
            if img is None:
                if self._drawn_art and self.smooth_later:
                    self._quick_art(surface, *self._smooth_job(plan), plan)
                    return
                img = _scaled_art(self.layout.art, level[1:], disk=not self._drawn_art)
                self._keep_level(level, img)
            self._drawn_art = True
            self._art_levels.move_to_end(level)
            bx, by = cam.to_screen(0, 0)
            blit_picture(surface, img, (round(bx), round(by)))
            return
        if self._art_cache is None or self._art_cache[0] != part:
            job = self._smooth_job(plan)
            if job is not None and self.smooth_later:
                self._quick_art(surface, *job, plan)
                return
            sub = self._source_art().subsurface(pygame.Rect(x0, y0, x1 - x0, y1 - y0))
            img = pygame.transform.smoothscale(sub, dst.size) if dst.size != sub.get_size() else sub.copy()
            self._art_cache = (part, img)
        blit_picture(surface, self._art_cache[1], dst.topleft)

    def _start_smoothing(self, key, source, size) -> None:
        """The smooth picture for `key` made over the next frames (`SmoothScale`), unless it is
        under way already."""
        if self._smoothing is None or self._smoothing.key != key:
            loader = None
            if not res.image_loaded(self.layout.art):  # (one loading, shared by the jobs that wait for it)
                if self._loader is None:
                    self._loader = res.image_in_slices(self.layout.art, self.layout.size)
                loader = self._loader
            self._smoothing = SmoothScale(key, source, size, self._scratch, loader)

    def _smooth_job(self, plan) -> tuple | None:
        """(key, source, size) of the smooth art `plan` (`_art_plan`) shows, for `SmoothScale`;
        None when it needs none (its level kept, its part made, or a part at its own size)."""
        (x0, y0, x1, y1), dst, level, part = plan
        if level is not None:
            return None if level in self._art_levels else (level, self._source_art, level[1:])
        box = pygame.Rect(x0, y0, x1 - x0, y1 - y0)
        if self._art_cache is not None and self._art_cache[0] == part or dst.size == box.size:
            return None
        return part, lambda: self._source_art().subsurface(box), dst.size

    def _resume_smoothing(self) -> None:
        """A picture whose art is a quick scale, found again (a window resized back to a
        rectangle whose pictures were kept; its smoothing was dropped when the camera left it):
        the smoothing starts again, so the ground is drawn smooth once it is done."""
        if self._smoothing is not None or not self.smooth_later or self.layout.art is None:
            return
        plan = self._art_plan()
        job = self._smooth_job(plan) if plan is not None else None
        if job is not None:
            self._start_smoothing(*job)

    def _quick_art(self, surface, key, source, size, plan) -> None:
        """The art in view with a fast (nearest-pixel) scale, from the kept level nearest this
        scale (or the art itself), while `SmoothScale` makes the smooth picture over the next
        frames: the ground is drawn again when it is done (`_art_exact` is in its key)."""
        self._start_smoothing(key, source, size)
        (x0, y0, x1, y1), dst, _level, _part = plan
        cam = self.camera
        best = None
        for lv, img in self._art_levels.items():
            if lv[0] == str(self.layout.art):
                d = abs(math.log(lv[1] / (cam.world_w * cam.scale)))
                if best is None or d < best[0]:
                    best = (d, img, lv[1] / cam.world_w)
        if best is not None and (best[0] < 0.7 or not res.image_loaded(self.layout.art)):
            _d, src, f = best
        else:
            src, f = self._source_art(), 1.0
        lx0, ly0 = math.floor(x0 * f), math.floor(y0 * f)
        lx1 = min(src.get_width(), math.ceil(x1 * f))
        ly1 = min(src.get_height(), math.ceil(y1 * f))
        if lx1 <= lx0 or ly1 <= ly0:
            return
        sx0, sy0 = cam.to_screen(lx0 / f, ly0 / f)
        sx1, sy1 = cam.to_screen(lx1 / f, ly1 / f)
        to = pygame.Rect(round(sx0), round(sy0), max(1, round(sx1 - sx0)), max(1, round(sy1 - sy0)))
        part = pygame.Rect(lx0, ly0, lx1 - lx0, ly1 - ly0)
        if isinstance(src, Banded):
            src.scale_part(surface, part, to)
            return
        surface.blit(pygame.transform.scale(src.subsurface(part), to.size), to.topleft)

    def _keep_level(self, level, img) -> None:
        levels = self._art_levels
        levels[level] = img
        while len(levels) > 1 and sum(w * h for _p, w, h in levels) > ART_LEVELS_BUDGET:
            levels.popitem(last=False)  # the level used least recently

    def _draw_schematic_frame(self, surface, theme) -> None:
        """A board without art: the track slots drawn as labelled boxes."""
        names = {
            "generic": _("Generic"),
            "fp_story": _("FP story"),
            "sh_story": _("Shadow story"),
            "special": _("Special"),
            "dice": _("dice in the box"),
        }
        size = max(9, min(theme.small, int(22 * self.camera.scale)))
        for sid, slot in self.layout.tracks.items():
            r = self._slot_rect(sid)
            if r is None or r.w < 4 or r.h < 4:
                continue
            fill = (228, 232, 204) if slot.track == "fate" else (236, 226, 200)
            pygame.draw.rect(surface, fill, r, border_radius=max(2, r.w // 12))
            pygame.draw.rect(surface, T.INK_SOFT, r, width=1, border_radius=max(2, r.w // 12))
            if slot.track == "fate":
                label = str(slot.index)
            elif slot.track == "shadow_box" and slot.slot in self.spec.positions:
                label = position_name(self.spec, slot.slot)
            elif slot.track in ("deck", "discard"):
                label = names.get(slot.slot, slot.slot) + ("" if slot.track == "deck" else " " + _("(out)"))
            elif slot.track == "fp_action_tokens":
                label = _("Free Peoples action tokens")
            elif slot.track == "fate_pool":
                label = _("Fate pool")
            else:
                label = names.get(slot.slot, slot.slot)
            img = res.text(label, "serif_bold", size, T.INK)
            if img.get_width() > r.w - 4:
                img = img.subsurface(pygame.Rect(0, 0, max(1, r.w - 4), img.get_height()))
            surface.blit(img, (r.centerx - img.get_width() // 2, r.y + 2))

    def _poly_screen(self, rid):
        return [self.camera.to_screen(x, y) for x, y in self.layout.polygons[rid]]

    def _poly_box(self, rid, pts=None) -> pygame.Rect:
        """The rectangle of the screen `_fill_poly` draws in for a region (within the board)."""
        if pts is None:
            pts = self._poly_screen(rid)
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        box = pygame.Rect(
            math.floor(min(xs)), math.floor(min(ys)), math.ceil(max(xs) - min(xs)) + 2, math.ceil(max(ys) - min(ys)) + 2
        )
        return box.clip(self.rect)

    def _fill_poly(self, surface, rid, color, alpha, outline=None, width=2):
        pts = self._poly_screen(rid)
        box = self._poly_box(rid, pts)
        if box.w <= 0 or box.h <= 0 or not box.colliderect(surface.get_clip()):
            return  # (nothing of it within the clip: a part of the ground drawn again)
        ov = pygame.Surface(box.size, pygame.SRCALPHA)
        local = [(x - box.x, y - box.y) for x, y in pts]
        pygame.draw.polygon(ov, (*color[:3], alpha), local)
        if outline:
            pygame.draw.polygon(ov, (*outline[:3], 255), local, width)
        surface.blit(ov, box.topleft)

    def _draw_regions(self, surface, theme) -> None:
        schematic = self.layout.art is None
        if schematic:
            for rid in self.layout.polygons:
                terr = self.spec.board.regions[rid].terrain if rid in self.spec.board.regions else "plains"
                col = {
                    "plains": (206, 196, 140),
                    "mountains": (170, 150, 130),
                    "forest": (120, 150, 96),
                    "marsh": (150, 170, 150),
                    "fort": (200, 180, 150),
                    "stronghold": (190, 170, 170),
                }[terr]
                self._fill_poly(surface, rid, col, 255, outline=(90, 70, 50), width=2)
        for rid, col in self.highlights.items():
            if rid in self.layout.polygons:
                self._fill_poly(surface, rid, col, 70, outline=col, width=max(2, theme.px(3)))
        if self.hover_region and self.hover_region in self.layout.polygons:
            self._fill_poly(surface, self.hover_region, T.HILITE, 60, outline=T.HILITE, width=max(2, theme.px(3)))

    def _label_size(self, theme) -> int:
        return max(theme.small, min(theme.body, int(26 * self.camera.scale)))

    def _label_rect(self, rid, theme) -> pygame.Rect:
        """Where a region's name is on the screen (ours or the painted one)."""
        x, y = self.camera.to_screen(*self.layout.anchor(rid, "label"))
        f = res.font("serif_bold", self._label_size(theme))
        lines, cover = self._label_lines(rid, f)
        w = max(max(f.size(ln)[0] for ln in lines), cover)
        h = f.get_linesize() * (len(lines) - 1) + f.size(lines[0])[1]
        r = pygame.Rect(0, 0, w + theme.px(8), max(h, int(30 * self.camera.scale)))
        r.center = (round(x), round(y))
        return r

    def _label_rects(self, theme) -> list[pygame.Rect]:
        """Every region's name's rectangle (`_label_rect`), kept for the camera and theme."""
        cam = self.camera
        key = (tuple(cam.viewport), cam.scale, cam.ox, cam.oy, theme)
        kept = self._label_rects_kept
        if kept is None or kept[0] != key:
            kept = self._label_rects_kept = (key, [self._label_rect(r, theme) for r in self.layout.polygons])
        return kept[1]

    def _label_lines(self, rid, font) -> tuple[list[str], int]:
        """A region's shown name in one line, or two when a translation is much wider than the
        painted (English) name; and the width the plate must cover (the painted name, 0 if none)."""
        from .i18n_content import english_name

        name = region_name(self.spec, rid)
        english = english_name(self.spec, rid)
        if english is None or english == name:
            return [name], 0
        ew, nw = font.size(english)[0], font.size(name)[0]
        words = name.split(" ")
        if nw > ew * 1.5 and len(words) > 1:
            best = min(range(1, len(words)), key=lambda i: abs(len(" ".join(words[:i])) - len(" ".join(words[i:]))))
            return [" ".join(words[:best]), " ".join(words[best:])], ew
        return [name], ew

    def _draw_labels(self, surface, theme, rids=None) -> None:
        """Region names on small plates. The painted board has its own names: they are covered
        by ours only while they are too small to read (or always on a schematic board)."""
        painted = self.layout.art is not None
        art_text_px = 26 * self.camera.scale  # the art's label size on the screen
        from .i18n_content import is_translated

        translated = is_translated(self.spec)  # the painted names are English: always cover them
        if painted and art_text_px >= theme.small * 1.05 and not translated:
            return
        size = self._label_size(theme)
        if translated and painted:
            size = max(size, int(art_text_px))
        f = res.font("serif_bold", size)
        min_h = int(30 * self.camera.scale) if translated and painted else 0
        # the plates' rectangles for this camera, kept: a part of the ground drawn again
        # (`_ground_steps` within a rectangle) draws only the plates that reach into it
        cam = self.camera
        key = (tuple(cam.viewport), cam.scale, cam.ox, cam.oy, theme, size, min_h)
        if self._plates is None or self._plates[0] != key:
            self._plates = (key, {})
        plates = self._plates[1]
        clip = surface.get_clip()
        for rid in self.layout.polygons if rids is None else rids:
            r = plates.get(rid)
            if r is not None and not r.colliderect(clip):
                continue
            plates[rid] = self.label_plate(surface, theme, rid, f, size, T.PARCHMENT, T.INK_SOFT, min_h).inflate(2, 2)

    def _label_steps(self, surface, theme):
        """`_draw_labels` a few plates a step."""
        rids = list(self.layout.polygons)
        for k in range(0, len(rids), 8):
            self._draw_labels(surface, theme, rids[k : k + 8])
            yield

    def label_plate(self, surface, theme, rid, f, size, fill, edge, min_h: int = 0) -> pygame.Rect:
        """A region's name (one line, or two as `_label_lines` splits it) on a plate of `fill`
        edged with `edge`, at least `min_h` high; the plate's rectangle. Also the siege view's
        plates over the Darkness."""
        lines, cover = self._label_lines(rid, f)
        x, y = self.camera.to_screen(*self.layout.anchor(rid, "label"))
        imgs = [res.text(ln, "serif_bold", size, T.INK) for ln in lines]
        lh = f.get_linesize()
        block = pygame.Rect(
            0, 0, max(max(i.get_width() for i in imgs), cover), lh * (len(imgs) - 1) + imgs[0].get_height()
        )
        block.center = (round(x), round(y))
        plate = block.inflate(theme.px(8), theme.px(2))
        if min_h:
            plate.h = max(plate.h, min_h)
            plate.centery = block.centery
        pygame.draw.rect(surface, (*fill,), plate, border_radius=theme.px(4))
        pygame.draw.rect(surface, edge, plate, width=1, border_radius=theme.px(4))
        for i, img in enumerate(imgs):
            surface.blit(img, img.get_rect(midtop=(block.centerx, block.y + i * lh)))
        return plate

    # pieces ----------------------------------------------------------------------------
    def _add_tip(self, rect, tip: Tip) -> None:
        self._tips.append((pygame.Rect(rect), tip))

    def _unit_tip(self, side, unit, n, region) -> Tip:
        us = self.spec.units.get(unit)
        if us is None:
            return Tip(unit_name(self.spec, unit))
        fav = ", ".join(_(TERRAIN_NAMES.get(t, t)) for t in us.favoured) or _("none")
        lines = [_("Strength {s}. Favoured terrain: {fav}.").format(s=us.strength, fav=fav)]
        if us.ability_text:
            lines.append(us.ability_text)
        lines.append(
            ngettext("{n} figure here ({side}).", "{n} figures here ({side}).", n).format(n=n, side=side_title(side))
        )
        return Tip(us.name, lines=lines)

    def _draw_region_pieces(self, surface, theme, view, rid) -> None:
        reg = view["regions"][rid]
        anchors = self.layout.anchors[rid]
        ps = self.piece_size()
        gap = max(2, ps // 8)
        side = reg["side"]
        # the army: one figure per unit type, strongest first
        items = []
        if side and reg["units"]:
            order = sorted(
                reg["units"].items(),
                key=lambda kv: (-(self.spec.units[kv[0]].strength if kv[0] in self.spec.units else 0), kv[0]),
            )
            for u, n in order:
                if n > 0 and (rid, u) not in self.hidden_pieces:
                    items.append(("unit", u, n))
            if reg.get("leaders") and (rid, "leaders") not in self.hidden_pieces:
                items.append(("leaders", None, reg["leaders"]))
        if items:
            ax, ay = self.camera.to_screen(*anchors["army"])
            per_row = 3 if len(items) > 4 else 4
            rows = [items[i : i + per_row] for i in range(0, len(items), per_row)]
            total_h = len(rows) * ps + (len(rows) - 1) * gap
            # keep the region's name readable: the army stands below its label
            label_bottom = self._label_rect(rid, theme).bottom + gap
            y = max(ay - total_h / 2, label_bottom) if label_bottom < ay else ay - total_h / 2
            first_rect = None
            box = None
            for row in rows:
                w = len(row) * ps + (len(row) - 1) * gap
                x = ax - w / 2
                for kind, u, n in row:
                    r = pygame.Rect(round(x), round(y), ps, ps)
                    if kind == "unit":
                        us = self.spec.units.get(u)
                        _token(surface, r, side, T.unit_icon(u, us.name if us else ""), n, badge_min=1)
                        self.piece_rects[("unit", rid, u)] = r
                        self._add_tip(r, self._unit_tip(side, u, n, rid))
                    else:
                        small = r.inflate(-ps // 5, -ps // 5)
                        _token(
                            surface,
                            small,
                            side,
                            "knight-banner",
                            n,
                            shape="square",
                            fill=(224, 186, 84),
                            rim=(70, 50, 10),
                            ink=(70, 40, 0),
                            badge_min=1,
                        )
                        self.piece_rects[("leaders", rid)] = small
                        self._add_tip(
                            small,
                            Tip(
                                _("Leaders"),
                                lines=[
                                    ngettext(
                                        "{n} Free Peoples leader: +1 leadership.", "{n} Free Peoples leaders.", n
                                    ).format(n=n)
                                ],
                            ),
                        )
                    first_rect = first_rect or r
                    box = r.copy() if box is None else box.union(r)
                    x += ps + gap
                y += ps + gap
            self._army_box[rid] = box
            if reg.get("damage") and (rid, "damage") not in self.hidden_pieces:  # a red skull marker
                d = reg["damage"]
                size = max(16, int(ps * 0.62))
                dr = pygame.Rect(0, 0, size, size)
                dr.midright = (first_rect.left - gap, first_rect.centery)
                _token(
                    surface,
                    dr,
                    None,
                    "skull-crossed-bones",
                    d,
                    shape="circle",
                    fill=(168, 26, 22),
                    rim=(255, 220, 200),
                    ink=(255, 240, 230),
                    badge_min=1,
                )
                self.piece_rects[("damage", rid)] = dr
                self._army_box[rid] = box.union(dr)
                self._add_tip(
                    dr,
                    Tip(
                        _("Damage"),
                        lines=[
                            ngettext(
                                "{n} damage marker: a unit hit once.", "{n} damage markers: units hit once.", d
                            ).format(n=d)
                        ],
                    ),
                )
        # Shadow leadership tokens and recruitment tokens share the "tokens" anchor
        tx, ty = self.camera.to_screen(*anchors["tokens"])
        toks = []
        if reg.get("tokens"):
            toks.append(("lead", None, reg["tokens"]))
        for s in ("fp", "sh"):
            for u in reg["rtokens"].get(s, []):
                toks.append(("rtoken", s, u))
        if toks:
            ts = max(16, int(ps * 0.72))
            w = len(toks) * ts + (len(toks) - 1) * gap
            x = tx - w / 2
            army = self._army_box.get(rid)
            if army is not None and pygame.Rect(round(x), round(ty - ts / 2), round(w), ts).colliderect(army):
                ty = army.bottom + gap + ts / 2  # under the army, not on it
            for kind, s, u in toks:
                r = pygame.Rect(round(x), round(ty - ts / 2), ts, ts)
                if kind == "lead":
                    _token(
                        surface,
                        r,
                        "sh",
                        "evil-eyes",
                        u,
                        shape="circle",
                        fill=(232, 120, 30),
                        rim=(40, 10, 0),
                        ink=(40, 10, 0),
                        badge_min=1,
                    )
                    self.piece_rects[("lead_tokens", rid)] = r
                    self._add_tip(
                        r,
                        Tip(
                            _("Shadow leadership tokens"),
                            lines=[
                                ngettext(
                                    "{n} token: +1 leadership this turn.",
                                    "{n} tokens: +1 leadership each this turn.",
                                    u,
                                ).format(n=u)
                            ],
                        ),
                    )
                elif u == HIDDEN:
                    _token(surface, r, s, None, shape="diamond", text="?")
                    self._add_tip(
                        r,
                        Tip(
                            _("Recruitment token"),
                            lines=[
                                _("Face down ({side}). Its unit is secret until it is used.").format(side=side_title(s))
                            ],
                        ),
                    )
                else:
                    us = self.spec.units.get(u)
                    _token(surface, r, s, T.unit_icon(u, us.name if us else ""), shape="diamond")
                    self._add_tip(
                        r,
                        Tip(
                            _("Recruitment token"),
                            lines=[
                                _("{unit} ({side}); face down to the opponent.").format(
                                    unit=unit_name(self.spec, u), side=side_title(s)
                                )
                            ],
                        ),
                    )
                self.piece_rects.setdefault(("rtokens", rid), r)
                x += ts + gap
        # control marker: when a settlement changed hands
        if reg.get("control"):
            cx, cy = self.camera.to_screen(*anchors["control"])
            cs = max(16, int(ps * 0.7))
            r = pygame.Rect(0, 0, cs, cs)
            r.center = (round(cx), round(cy))
            _token(surface, r, reg["control"], "flag-objective", shape="circle")
            self.piece_rects[("control", rid)] = r
            self._add_tip(
                r,
                Tip(
                    _("Control marker"),
                    lines=[
                        _("{region} is controlled by the {side}.").format(
                            region=region_name(self.spec, rid), side=side_title(reg["control"])
                        )
                    ],
                ),
            )

    def _char_token(self, surface, r, cid, theme) -> None:
        cs = self.spec.characters.get(cid)
        side = cs.side if cs else None
        if side == "fp":
            fill, rim, ink = (250, 240, 210), (200, 160, 50), (40, 60, 110)
        else:
            fill, rim, ink = (44, 36, 36), (210, 60, 40), (240, 220, 200)
        _token(
            surface, r, side, T.character_icon(cid, cs.kind if cs else ""), shape="circle", fill=fill, rim=rim, ink=ink
        )

    def _name_tag_text(self, cid, theme) -> pygame.Surface:
        cs = self.spec.characters.get(cid)
        size = max(10, theme.small - theme.px(2))
        return res.text(
            char_name(self.spec, cid), "sans_bold", size, (255, 255, 255) if cs and cs.side == "sh" else T.INK
        )

    def _name_tag(self, cid, theme) -> pygame.Surface:
        cs = self.spec.characters.get(cid)
        img = self._name_tag_text(cid, theme)
        tag = pygame.Surface((img.get_width() + 8, img.get_height()), pygame.SRCALPHA)
        bg = (40, 20, 18, 225) if cs and cs.side == "sh" else (250, 242, 214, 235)
        pygame.draw.rect(tag, bg, tag.get_rect(), border_radius=4)
        tag.blit(img, (4, 0))
        return tag

    def _char_tip(self, cid) -> Tip:
        cs = self.spec.characters.get(cid)
        if cs is None:
            return Tip(cid)
        lines = [
            _("{kind} of the {side}. Leadership {r}, modifier {m:+d}.").format(
                kind=_kind_name(cs.kind), side=side_title(cs.side), r=cs.rating, m=cs.modifier
            )
        ]
        if cs.ability_text:
            lines.append(cs.ability_text)
        return Tip(cs.name, lines=lines)

    def _chars_by_region(self, view) -> dict[str, list[str]]:
        by_region: dict[str, list[str]] = {}
        for cid, st in view["chars"].items():
            if (
                st["status"] == "in_play"
                and st["region"] in self.layout.anchors
                and ("char", cid) not in self.hidden_pieces
            ):
                by_region.setdefault(st["region"], []).append(cid)
        return by_region

    def _draw_characters(self, surface, theme, view, only: str | None = None) -> None:
        if only is not None:  # one item (`_draw_item`, after `_item_ids` for this view)
            by_region = self._sig_ctx[0]
            by_region = {only: by_region[only]} if only in by_region else {}
        else:
            by_region = self._chars_by_region(view)
        ps = self.piece_size()
        cs = max(22, int(ps * 0.85))
        gap = max(2, cs // 10)
        tags = cs >= 22
        tag_h = res.font("sans_bold", max(10, theme.small - theme.px(2))).get_linesize() if tags else 0
        overlap = max(2, cs // 8)
        slot = cs + gap + (tag_h - overlap if tags else 0)
        for rid, chars in by_region.items():
            x, y = self.camera.to_screen(*self.layout.anchor(rid, "characters"))
            total_h = len(chars) * slot - gap
            # The first stands on the anchor and the others below it: a column centred on the
            # anchor would climb over the region's name above; it is pulled up only as far as
            # the region's bottom requires.
            yy = y - cs / 2
            if rid in self._region_boxes:
                bottom = self.camera.to_screen(0, self._region_boxes[rid][3])[1]
                if yy + total_h > bottom:
                    yy = max(y - total_h / 2, bottom - total_h)
            army = self._army_box.get(rid)
            x, yy = self._char_place(rid, chars, army, (x, yy), theme, cs, gap, slot, total_h, tags)
            for cid in chars:
                r = pygame.Rect(round(x - cs / 2), round(yy), cs, cs)
                self._char_token(surface, r, cid, theme)
                self.piece_rects[("char", cid)] = r
                self._add_tip(r, self._char_tip(cid))
                if tags:  # a name tag under the portrait
                    tag = self._name_tag(cid, theme)
                    tr = self.tag_rect(cid, r, theme)
                    _mark(tr, ("tag", cid, tag.get_size()))
                    surface.blit(tag, tr)
                yy += slot

    def _char_column(self, chars, x, yy, theme, cs, slot, tags: bool) -> list[pygame.Rect]:
        """The portraits' and name tags' rectangles of a column of characters whose first
        portrait's top centre is (x, yy)."""
        out = []
        for cid in chars:
            r = pygame.Rect(round(x - cs / 2), round(yy), cs, cs)
            out.append(r)
            if tags:
                out.append(self.tag_rect(cid, r, theme))
            yy += slot
        return out

    def tag_rect(self, cid, portrait: pygame.Rect, theme) -> pygame.Rect:
        """Where a character's name tag is drawn under its portrait (overlapping its bottom)."""
        img = self._name_tag_text(cid, theme)  # (the tag: the text and 4 px each side)
        r = pygame.Rect(0, 0, img.get_width() + 8, img.get_height())
        r.midtop = (portrait.centerx, portrait.bottom - max(2, portrait.w // 8))
        return r

    def count_room(self) -> int:
        """How far a piece's count badge reaches past its bottom right corner."""
        return max(6, self.piece_size() // 8 + 2)

    def _char_place(self, rid, chars, army, home, theme, cs, gap, slot, total_h, tags: bool) -> tuple[float, float]:
        """Where a column of characters stands (the first portrait's top centre), given its
        place by the region's anchor (`home`): there, when it covers no region's name and not
        the region's army; else the first free place inside the region (its portraits' centres
        in it) of these: beside the army (right, left, below or above it, centred or at either
        end, then its corners), then home moved a portrait's width or two sideways or half a
        place up or down; else the one of them that covers least (by a region's edge, Aldburg's,
        the tags may still reach a neighbour's name). What it reads: the army's box, the camera
        and the theme (the item's signature and the ground's key)."""
        from ..board import geometry as geo

        poly = self.layout.polygons.get(rid)
        labels = self._label_rects(theme)
        if army is not None:  # (its count badges reach past its pieces' bottom right corners)
            b = self.count_room()
            army = pygame.Rect(army.x, army.y, army.w + b, army.h + b)

        def cost(x, yy) -> int:  # (the army's pieces and their counts weigh more than a name's plate)
            rects = self._char_column(chars, x, yy, theme, cs, slot, tags)
            on_names = sum(siege_view.overlap(r, o) for r in rects for o in labels)
            return on_names + (4 * sum(siege_view.overlap(r, army) for r in rects) if army is not None else 0)

        def inside(x, yy) -> bool:
            if poly is None:
                return True
            return all(
                geo.point_in_polygon(self.camera.to_world(x, yy + k * slot + cs / 2), poly) >= 0
                for k in range(len(chars))
            )

        hx, hy = home
        on_army = army is not None and pygame.Rect(round(hx - cs / 2), round(hy), cs, round(total_h)).colliderect(army)
        spots: list[tuple[float, float]] = [] if on_army else [home]
        if army is not None:
            mid, below, above = army.centery - total_h / 2, army.bottom + gap, army.top - gap - total_h
            right, left = army.right + gap + cs / 2, army.left - gap - cs / 2
            ends = (army.centerx, army.right - cs / 2, army.left + cs / 2)
            spots += [(right, mid), (left, mid), *((x, below) for x in ends), *((x, above) for x in ends)]
            spots += [(right, below), (left, below), (right, above), (left, above)]
        step, half = cs + gap, slot / 2
        spots += [(hx + d, hy) for d in (step, -step, 2 * step, -2 * step)]
        spots += [(hx + d, hy + e) for e in (half, -half) for d in (0, step, -step)]
        best, best_cost = None, None
        for k, (x, yy) in enumerate(spots):
            if (k or on_army) and not inside(x, yy):
                continue
            c = cost(x, yy)
            if c == 0:
                return x, yy
            if best_cost is None or c < best_cost:
                best, best_cost = (x, yy), c
        if best is not None:
            return best
        return (army.centerx, army.bottom + gap) if army is not None else home

    def _draw_battle_area(self, surface, theme, b) -> None:
        """The battle in progress: the target outlined in red (under the pieces)."""
        target = b.get("target")
        if target not in self.layout.polygons:
            return
        w = max(2, theme.px(3))
        for r in b.get("armies") or ():
            if r in self.layout.polygons:
                self._fill_poly(surface, r, (220, 60, 40), 0, outline=(220, 60, 40), width=max(1, w - 1))
        self._fill_poly(surface, target, (200, 30, 20), 40, outline=(230, 40, 30), width=w)

    def _draw_battle(self, surface, theme, b) -> None:
        """Crossed swords on the defending army (over the pieces), with the battle's tooltip."""
        target = b.get("target")
        if target not in self.layout.polygons:
            return
        ps = self.piece_size()
        r = pygame.Rect(0, 0, int(ps * 0.9), int(ps * 0.9))
        army = self._army_box.get(target)
        if army is not None:  # on the defending army's top left corner
            r.center = (army.left, army.top)
        else:
            x, y = self.camera.to_screen(*self.layout.anchor(target, "army"))
            r.center = (round(x), round(y))
        _token(
            surface,
            r,
            None,
            "crossed-swords",
            shape="circle",
            fill=(200, 40, 30),
            rim=(255, 230, 200),
            ink=(255, 240, 220),
        )
        self.piece_rects[("battle",)] = r
        lines = [
            _("{att} attack {target}; round {n}.").format(
                att=side_title(b.get("attacker")), target=region_name(self.spec, target), n=b.get("round", 0)
            )
        ]
        hits = b.get("hits") or {}
        if any(hits.values()):
            lines.append(
                _("Hits scored: Free Peoples {fp}, Shadow {sh}.").format(fp=hits.get("fp", 0), sh=hits.get("sh", 0))
            )
        self._add_tip(r, Tip(_("Battle"), lines=lines))

    # tracks ----------------------------------------------------------------------------
    def _slot_rect(self, sid) -> pygame.Rect | None:
        s = self.layout.tracks.get(sid)
        if s is None:
            return None
        x, y, w, h = s.rect
        x0, y0 = self.camera.to_screen(x, y)
        return pygame.Rect(
            round(x0), round(y0), max(1, round(w * self.camera.scale)), max(1, round(h * self.camera.scale))
        )

    def _draw_tracks(self, surface, theme, view) -> None:
        spec = self.spec
        ps = self.piece_size()
        # fate track: characters readied at a space, the endgame marker, then the fate marker
        for space, chars in spec.fate_markers.items():
            r = self._slot_rect(f"fate.{space}")
            if r is None:
                continue
            n = len(chars)
            isz = max(12, min(r.w // max(1, n), int(ps * 0.6)))
            for k, cid in enumerate(chars):
                ir = pygame.Rect(r.x + 2 + k * isz, r.bottom - isz - 2, isz - 2, isz - 2)
                ready = view["chars"].get(cid, {}).get("status") != "pool"
                if not ready:
                    _mark(ir, ("pool", cid))
                    surface.blit(res.icon(T.character_icon(cid), ir.w, (60, 70, 50)), ir)
            self._add_tip(
                r,
                Tip(
                    _("Fate {n}").format(n=space),
                    lines=[_("Ready: {chars}.").format(chars=", ".join(char_name(spec, c) for c in chars))],
                ),
            )
        er = self._slot_rect(f"fate.{spec.endgame}")
        if er is not None:
            m = max(16, int(min(er.w, er.h) * 0.42))
            rr = pygame.Rect(er.right - m - 2, er.y + 2, m, m)
            _token(
                surface,
                rr,
                "fp",
                "laurel-crown",
                shape="circle",
                fill=(250, 240, 200),
                rim=(60, 110, 50),
                ink=(60, 110, 50),
            )
            self._add_tip(
                rr,
                Tip(
                    _("Endgame marker"),
                    lines=[_("The Free Peoples win when the fate marker reaches space {n}.").format(n=spec.endgame)],
                ),
            )
        fr = self._slot_rect(f"fate.{min(view['fate'], len(self.layout.fate_spaces) - 1)}")
        if fr is not None and ("fate_marker",) not in self.hidden_pieces:
            m = max(20, int(min(fr.w, fr.h) * 0.7))
            rr = pygame.Rect(0, 0, m, m)
            rr.center = fr.center
            _token(
                surface,
                rr,
                None,
                "sands-of-time",
                shape="circle",
                fill=(236, 210, 120),
                rim=(80, 40, 10),
                ink=(80, 40, 10),
            )
            self.piece_rects[("fate_marker",)] = rr
            self._add_tip(
                rr,
                Tip(
                    _("Fate marker"),
                    lines=[_("On space {n}; the endgame marker is on {e}.").format(n=view["fate"], e=spec.endgame)],
                ),
            )
        # Shadow Box: the commander's position and the dice in the box
        pos = view.get("position")
        for pid in spec.positions:
            r = self._slot_rect(f"shadow_box.{pid}")
            if r is None:
                continue
            ps_ = spec.positions[pid]
            self._add_tip(
                r,
                Tip(
                    ps_.name,
                    lines=[
                        ps_.action_text,
                        ngettext("{n} die in the Shadow Box.", "{n} dice in the Shadow Box.", ps_.dice).format(
                            n=ps_.dice
                        ),
                    ],
                ),
            )
            if pid == pos:
                _mark(r, ("position", pid))
                pygame.draw.rect(surface, (232, 120, 30), r, width=max(2, theme.px(3)), border_radius=theme.px(4))
                m = max(20, int(min(r.w, r.h) * 0.55))
                rr = pygame.Rect(0, 0, m, m)
                rr.center = (r.centerx, r.centery)
                self._char_token(surface, rr, spec.commander, theme)
                self.piece_rects[("commander",)] = rr
        dr = self._slot_rect("shadow_box.dice")
        box = view["sides"]["sh"]["box"]
        if dr is not None and box:
            ds = max(14, min(dr.h - 6, int(ps * 0.7)))
            for k, kind in enumerate(box):
                r = pygame.Rect(dr.x + 4 + k * (ds + 4), dr.centery - ds // 2, ds, ds)
                _die(surface, r, "character" if kind == "rolled" else None, "sh")
            self._add_tip(
                dr,
                Tip(
                    _("Shadow Box"),
                    lines=[ngettext("{n} die in the box.", "{n} dice in the box.", len(box)).format(n=len(box))],
                ),
            )
        # decks and discards
        counts = {
            "deck.generic": view["generic"] if isinstance(view["generic"], int) else len(view["generic"]),
            "deck.fp_story": _count(view["sides"]["fp"]["story"]),
            "deck.sh_story": _count(view["sides"]["sh"]["story"]),
            "deck.special": _count(view["sides"]["sh"]["special"]),
            "discard.generic": len(view["discard"]),
        }
        for d in ("fp_story", "sh_story", "special"):
            counts[f"discard.{d}"] = sum(1 for c in view["gone"] if c in spec.cards and spec.cards[c].deck == d)
        names = {
            "deck.generic": _("Generic deck"),
            "deck.fp_story": _("Free Peoples story deck"),
            "deck.sh_story": _("Shadow story deck"),
            "deck.special": _("Special deck"),
            "discard.generic": _("Generic discard pile"),
            "discard.fp_story": _("Played Free Peoples story cards"),
            "discard.sh_story": _("Played Shadow story cards"),
            "discard.special": _("Played special cards"),
        }
        for sid, n in counts.items():
            r = self._slot_rect(sid)
            if r is None:
                continue
            size = max(16, min(int(r.h * 0.3), int(ps * 0.62)))
            _badge(
                surface, (r.centerx, r.bottom - size * 0.7), str(n), size, (40, 32, 24), (255, 244, 220), border=T.BRASS
            )
            self._add_tip(r, Tip(names[sid], lines=[ngettext("{n} card.", "{n} cards.", n).format(n=n)]))
        # Free Peoples action tokens
        ar = self._slot_rect("fp_action_tokens")
        if ar is not None:
            n = view["sides"]["fp"]["action_tokens"]
            ts = max(16, min(ar.h - 8, int(ps * 0.8)))
            spaces = _circle_spots(ar, ts, max(n, 2))
            for k in range(n):
                rr = pygame.Rect(0, 0, ts, ts)
                rr.center = spaces[k]
                _token(surface, rr, "fp", "hunting-horn", shape="circle")
            self._add_tip(
                ar,
                Tip(
                    _("Free Peoples action tokens"),
                    lines=[ngettext("{n} token left this turn.", "{n} tokens left this turn.", n).format(n=n)],
                ),
            )
        pr = self._slot_rect("fate_pool")
        if pr is not None:
            n = _count(view["fate_pool"])
            size = max(16, min(int(pr.h * 0.3), int(ps * 0.62)))
            _badge(
                surface,
                (pr.centerx, pr.bottom - size * 0.7),
                str(n),
                size,
                (40, 32, 24),
                (255, 244, 220),
                border=T.BRASS,
            )
            aside = len(view.get("fate_aside", []))
            lines = [ngettext("{n} tile in the pool.", "{n} tiles in the pool.", n).format(n=n)]
            if aside:
                lines.append(ngettext("{n} set aside.", "{n} set aside.", aside).format(n=aside))
            self._add_tip(pr, Tip(_("Fate pool"), lines=lines))

    # tooltips --------------------------------------------------------------------------
    def tooltip_at(self, pos) -> Tip | None:
        if not self.rect.collidepoint(pos) or self._dragging:
            return None
        for r, tip in reversed(self._tips):
            if r.collidepoint(pos):
                return tip
        rid = self.region_at_screen(pos)
        if rid:
            return self.region_tip(rid)
        return None

    def region_tip(self, rid) -> Tip:
        """The region's tooltip: what the board says of it (kept per region and language: the
        tooltip under a resting mouse is asked for every frame), and the siege's lines."""
        key = (rid, language())
        base = self._region_tips.get(key)
        if base is None:
            base = self._region_tips[key] = self._region_lines(rid)
        if base[1] is None:
            return Tip(rid)
        return Tip(base[0], lines=list(base[1]) + siege_view.region_lines(self, rid))  # (Gondor only)

    def _region_lines(self, rid) -> tuple:
        spec = self.spec
        rs = spec.board.regions.get(rid)
        if rs is None:
            return rid, None
        lines = []
        terr = _(TERRAIN_NAMES.get(rs.terrain, rs.terrain)).capitalize()
        if rs.territory:
            lines.append(
                _("{terrain}, in {territory}.").format(terrain=terr, territory=pgettext("board art", rs.territory))
            )
        else:
            lines.append(_("{terrain}.").format(terrain=terr))
        bonus = spec.terrain_bonus.get(rs.terrain, 0)
        if bonus:
            lines.append(_("Terrain bonus for defenders: {n:+d}.").format(n=bonus))
        if rs.settlement:
            lines.append(
                ngettext(
                    "Settlement of the {side}, worth {vp} victory point.",
                    "Settlement of the {side}, worth {vp} victory points.",
                    rs.vp,
                ).format(side=side_title(rs.owner), vp=rs.vp)
                if rs.vp
                else _("Settlement of the {side}.").format(side=side_title(rs.owner))
            )
        if rs.orc_area:
            lines.append(_("Orc recruitment area."))
        borders = []
        for b in spec.board.borders:
            if rid in (b.a, b.b):
                o = b.b if b.a == rid else b.a
                if b.kind == "normal":
                    borders.append(region_name(spec, o))
                else:
                    borders.append(f"{region_name(spec, o)} ({_(BORDER_NAMES.get(b.kind, b.kind))})")
        if borders:
            lines.append(_("Borders: {list}.").format(list=", ".join(borders)))
        return region_name(spec, rid), tuple(lines)


_NO_BOX = object()  # a region item with no army


def _outside(outer: pygame.Rect, inner: pygame.Rect) -> list[pygame.Rect]:
    """The parts of `outer` not in `inner` (at most four bands)."""
    i = inner.clip(outer)
    if not i.w or not i.h:
        return [pygame.Rect(outer)]
    out = [
        pygame.Rect(outer.x, outer.y, outer.w, i.y - outer.y),
        pygame.Rect(outer.x, i.bottom, outer.w, outer.bottom - i.bottom),
        pygame.Rect(outer.x, i.y, i.x - outer.x, i.h),
        pygame.Rect(i.right, i.y, outer.right - i.right, i.h),
    ]
    return [r for r in out if r.w > 0 and r.h > 0]


def _merge_rects(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """Overlapping rectangles joined into their union until none overlap."""
    out: list[pygame.Rect] = []
    for r in rects:
        r = pygame.Rect(r)
        while True:
            i = r.collidelist(out)
            if i < 0:
                break
            r = r.union(out.pop(i))
        out.append(r)
    return out


def _count(v) -> int:
    return v if isinstance(v, int) else len(v)


def _bbox(poly):
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return (min(xs), min(ys), max(xs), max(ys))


def _circle_spots(rect: pygame.Rect, size: int, n: int) -> list[tuple[int, int]]:
    gap = max(4, (rect.w - n * size) // (n + 1))
    total = n * size + (n - 1) * gap
    x0 = rect.centerx - total // 2 + size // 2
    cy = rect.centery + rect.h // 8
    return [(x0 + k * (size + gap), cy) for k in range(n)]


def _kind_name(kind: str) -> str:
    """A character's kind as the tooltip names it ("Captain of the Free Peoples")."""
    names = {
        "captain": pgettext("character kind", "Captain"),
        "companion": pgettext("character kind", "Companion"),
        "minion": pgettext("character kind", "Minion"),
        "commander": pgettext("character kind", "Commander"),
    }
    return names.get(kind, kind.capitalize())


class _Build:
    """A board picture drawn over several frames (`BoardView._progress`): the steps of
    `_picture_steps` for one key, run for a budget of time a frame. The board's drawing state
    (piece rectangles, tooltips, army boxes, the items' records) is the build's own while it
    runs, and the frame's otherwise."""

    def __init__(self, bv, key, ground_key, view, ground, layer, theme, seat, size):
        self.bv = bv
        self.key = key
        self.ground_key = ground_key
        self.view = view
        self.ground: pygame.Surface | None = ground
        self.layer: pygame.Surface | None = layer
        self.state: dict = {"piece_rects": {}, "_tips": [], "_army_box": {}, "_retained": None, "_sig_ctx": ({}, {})}
        self.steps = self._steps(theme, view, seat, size)
        self.done = False

    def _steps(self, theme, view, seat, size):
        if self.ground is None:  # a new picture is a step (its memory cleared: ~1 ms a MB)
            self.ground = self.bv._new_layer(size)
            yield
        if self.layer is None:
            self.layer = self.bv._new_layer(size)
            yield
        yield from self.bv._picture_steps(self.ground, self.layer, theme, view, seat)

    def work(self, seconds: float, clock: Callable[[], float]) -> bool:
        """Steps until `seconds` of `clock` have passed (at least one); True when whole."""
        bv = self.bv
        saved = {a: getattr(bv, a) for a in _BUILD_STATE}
        for a, v in self.state.items():
            setattr(bv, a, v)
        try:
            self.done = self.done or run_steps(self.steps, seconds, clock)
        finally:
            self.state = {a: getattr(bv, a) for a in _BUILD_STATE}
            for a, v in saved.items():
                setattr(bv, a, v)
        return self.done
