"""Font, icon and image caches that survive `pygame.quit()` / `pygame.init()`.

pygame fonts die with the font module (using one afterwards raises "Invalid font"). The caches
here register a `pygame.register_quit` callback the first time they fill, and empty themselves
when pygame quits; a cached font is also checked on use (a bare `pygame.font.quit()` calls no
callback), so the next `font(...)` after a re-init makes a fresh object. Tests that start
and stop pygame many times can therefore share one module.

    from botwotr.ui import resources as res
    f = res.font("serif_bold", 24)
    ico = res.icon("castle", 32, (200, 160, 70))
    art = res.image(layout.art)
"""

from __future__ import annotations

import io
import os
import re
from collections import OrderedDict
from pathlib import Path

import pygame

from ..assets import font_path, icon_path

_fonts: dict[tuple[str, int], pygame.font.Font] = {}
_icons: dict[tuple[str, int, int, tuple], pygame.Surface] = {}
_svg_text: dict[str, str] = {}
_images: dict[str, pygame.Surface] = {}
_text: dict[tuple, pygame.Surface] = {}
_registered = False
TEXT_CACHE_MAX = 4000


_at_quit: list = []  # other modules' forgetting of what they keep for the window (`at_quit`)


def _on_quit() -> None:
    global _registered
    clear()
    _registered = False
    for forget in _at_quit:
        forget()


def at_quit(forget) -> None:
    """Call `forget()` whenever pygame quits (a window closed), with this module's caches: for
    what another module keeps for the window's lifetime."""
    if forget not in _at_quit:
        _at_quit.append(forget)
    _register()


def _register() -> None:
    global _registered
    if not _registered:
        pygame.register_quit(_on_quit)
        _registered = True


_misc: dict[tuple, object] = {}
MISC_CACHE_MAX = 3000
# the board art scaled per zoom level, (art path, width, height) -> surface, least recently used
# first (board_view keeps it within its budget)
art_levels: OrderedDict = OrderedDict()


def clear() -> None:
    """Forget every cached object (called when pygame quits; safe to call at any time)."""
    _fonts.clear()
    _icons.clear()
    _images.clear()
    _text.clear()
    _misc.clear()
    art_levels.clear()


def cached(key: tuple, factory):
    """Any drawn thing worth keeping (token sprites...), made by `factory()` on first use."""
    v = _misc.get(key)
    if v is None:
        if len(_misc) > MISC_CACHE_MAX:
            _misc.clear()
        v = factory()
        _register()
        _misc[key] = v
    return v


def picture(size) -> pygame.Surface:
    """A new opaque picture of `size` in the window's pixel format (a plain one without a
    window). Made in that format at once: `pygame.Surface(size).convert()` makes a second
    picture and copies the first into it (4-6 ms for a 1920x1080 one, against 0.4)."""
    shown = pygame.display.get_surface() if pygame.display.get_init() else None
    return pygame.Surface(size, 0, shown) if shown is not None else pygame.Surface(size)


def picture_within(pool: list, size, grain: int = 160, keep: int = 2) -> pygame.Surface:
    """A picture of `size` to draw a stand-in into (a resize's scaled pictures): a part of one
    kept in `pool` at least that big, else a new one made with room to grow (`grain` pixels
    rounded up) and kept (the newest `keep`). A window edge dragged asks a new size every frame:
    a new picture each time was new memory each time (touched first when drawn into, 2-5 ms at
    1600x900-1920x1080)."""
    w, h = int(size[0]), int(size[1])
    if w <= 0 or h <= 0:
        return picture((max(0, w), max(0, h)))
    for pic in pool:
        pw, ph = pic.get_size()
        if pw >= w and ph >= h:
            pool.remove(pic)
            pool.append(pic)  # (the newest used: kept longest)
            return pic.subsurface((0, 0, w, h))
    pic = picture((-(-w // grain) * grain, -(-h // grain) * grain))
    pool.append(pic)
    del pool[:-keep]
    return pic.subsurface((0, 0, w, h))


def ensure_init() -> None:
    if not pygame.font.get_init():
        pygame.font.init()


# What a font cannot take: NUL (pygame refuses it) and lone surrogates (not UTF-8); other
# control characters already draw as a box. Texts from saves and names are checked where they enter
# (persistence/save.py, the core's start options); this keeps any that slip through drawable.
_UNDRAWABLE = re.compile("[\x00\ud800-\udfff]")


def drawable(s) -> str:
    """`s` as a font can always render and measure it (U+FFFD for what it cannot)."""
    return _UNDRAWABLE.sub("\ufffd", s) if isinstance(s, str) else s


class Font(pygame.font.Font):
    """A pygame font whose `render` and `size` never raise on a NUL or a lone surrogate. Sizes
    are remembered per text (the panels measure the same words at every layout; the fonts'
    styles are never changed)."""

    SIZES_KEPT = 20_000

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._sizes: dict = {}

    def render(self, text, *args, **kwargs):
        return super().render(drawable(text), *args, **kwargs)

    def size(self, text):
        got = self._sizes.get(text)
        if got is None:
            got = super().size(drawable(text))
            if len(self._sizes) >= self.SIZES_KEPT:
                self._sizes.clear()
            self._sizes[text] = got
        return got


def font(kind: str = "sans", size: int = 16) -> pygame.font.Font:
    """A shipped TTF ("serif", "serif_bold", "sans", "sans_bold") at a pixel size."""
    size = max(6, int(size))
    key = (kind, size)
    f = _fonts.get(key)
    if f is not None:
        try:
            f.get_height()  # raises once the font module was quit (pygame.font.quit())
        except pygame.error:
            clear()  # every cached font and text is from the old font module
            f = None
    if f is None:
        ensure_init()
        _register()
        f = Font(str(font_path(kind)), size)
        _fonts[key] = f
    return f


def text(s: str, kind: str, size: int, color, bg=None) -> pygame.Surface:
    """A rendered line of text, cached (labels are drawn every frame)."""
    key = (s, kind, size, tuple(color), tuple(bg) if bg else None)
    surf = _text.get(key)
    if surf is None:
        if len(_text) > TEXT_CACHE_MAX:
            _text.clear()
        f = font(kind, size)
        surf = f.render(s, True, color, bg) if bg else f.render(s, True, color)
        _register()
        _text[key] = surf
    return surf


def _hex(color) -> str:
    if isinstance(color, str):
        return color
    r, g, b = color[:3]
    return f"#{r:02x}{g:02x}{b:02x}"


def icon(name: str, size: int | tuple[int, int], color=(0, 0, 0)) -> pygame.Surface:
    """An icon from assets/icons, recoloured and rasterised at `size` (cached)."""
    w, h = (size, size) if isinstance(size, int) else size
    w, h = max(2, int(w)), max(2, int(h))
    key = (name, w, h, tuple(color) if not isinstance(color, str) else (color,))
    surf = _icons.get(key)
    if surf is None:
        svg = _svg_text.get(name)
        if svg is None:
            svg = icon_path(name).read_text(encoding="utf-8")
            _svg_text[name] = svg
        data = svg.replace("currentColor", _hex(color)).encode("utf-8")
        surf = pygame.image.load_sized_svg(io.BytesIO(data), (w, h))
        _register()
        _icons[key] = surf
    return surf


# -- scaled pictures kept on disk between runs (the board art at the sizes it is drawn) --------
STORED_PICTURES = 6  # the newest kept


def _picture_folder() -> Path | None:
    from ..folders import kept_cache

    return kept_cache("art")


def _picture_file(folder: Path, path, size) -> Path | None:
    import hashlib

    try:
        st = os.stat(path)
    except OSError:
        return None
    key = f"{Path(path).resolve()}|{st.st_size}|{st.st_mtime_ns}|{size[0]}x{size[1]}|{pygame.version.ver}"
    return folder / (hashlib.blake2b(key.encode("utf-8", "surrogateescape"), digest_size=16).hexdigest() + ".raw")


def stored_picture(path, size) -> pygame.Surface | None:
    """A picture made from the file at `path` scaled to `size`, if one was stored (the file's
    size and date are in the key, so an edited picture is not found)."""
    folder = _picture_folder()
    f = _picture_file(folder, path, size) if folder is not None else None
    if f is None:
        return None
    try:
        with open(f, "rb") as fh:
            n = os.fstat(fh.fileno()).st_size
            data = bytearray(n)
            if fh.readinto(data) != n:
                return None
    except OSError:
        return None
    w, h = size
    mode = "RGBA" if len(data) == w * h * 4 + 1 and data[0:1] == b"A" else "RGB"
    if len(data) != w * h * len(mode) + 1 or data[0:1] != mode[-1].encode():
        return None
    # the picture's pixels are the bytes read (no copy of a few MB: the surface keeps `data`)
    img = pygame.image.frombuffer(memoryview(data)[1:], size, mode)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        img = img.convert_alpha() if mode == "RGBA" else img.convert()
    return img


def store_picture(path, size, img: pygame.Surface) -> None:
    folder = _picture_folder()
    f = _picture_file(folder, path, size) if folder is not None else None
    if f is None:
        return
    from ..folders import store_kept

    mode = "RGBA" if img.get_flags() & pygame.SRCALPHA else "RGB"
    try:
        store_kept(folder, f.name, mode[-1].encode() + pygame.image.tobytes(img, mode), STORED_PICTURES)
    except (OSError, pygame.error):
        pass


def image(path: str | Path, size: tuple[int, int] | None = None) -> pygame.Surface:
    """A picture file (the board art), loaded once. With `size` (the size the file is known to
    have), the pixels are also kept on disk as raw pixels (`stored_picture`) and read from there
    next time: decoding the board's PNG is ~50 ms, reading its pixels ~5 ms."""
    key = str(path)
    surf = _images.get(key)
    if surf is None:
        surf = stored_picture(path, size) if size is not None else None
        if surf is None:
            surf = pygame.image.load(key)
            if pygame.display.get_init() and pygame.display.get_surface() is not None:
                surf = surf.convert_alpha() if surf.get_alpha() is not None else surf.convert()
            if size is not None and surf.get_size() == tuple(size):
                store_picture(path, size, surf)
        _register()
        _images[key] = surf
    return surf


def image_loaded(path) -> bool:
    return str(path) in _images


def image_in_slices(path, size: tuple[int, int], rows: int = 96):
    """`image(path, size)` made a band of rows at a time: a generator, one band per `next()`,
    done (StopIteration) when the picture is loaded. From the pixels kept on disk when they are
    there (an opaque picture), else decoded at once (the first time: the pixels are kept then)."""
    key = str(path)
    if key in _images:
        return
    folder = _picture_folder()
    f = _picture_file(folder, path, size) if folder is not None else None
    w, h = size
    try:
        fh = open(f, "rb") if f is not None else None
    except OSError:
        fh = None
    if fh is None:
        image(path, size)
        return
    with fh:
        if fh.read(1) != b"B" or os.fstat(fh.fileno()).st_size != w * h * 3 + 1:
            image(path, size)
            return
        # (made in the display's format at once: a `convert()` of it made and filled a second
        # picture of the same size, 15 MB, in the same step: 18 ms, the slowest frame of a zoom)
        surf = picture(size)
        yield
        for r0 in range(0, h, rows):
            n = min(rows, h - r0)
            data = fh.read(w * n * 3)
            if len(data) != w * n * 3:
                image(path, size)
                return
            surf.blit(pygame.image.frombytes(data, (w, n), "RGB"), (0, r0))
            yield
    if key not in _images:
        _register()
        _images[key] = surf
