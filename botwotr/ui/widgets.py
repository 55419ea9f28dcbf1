"""Small mouse-driven widgets: Button, Label (wrapping), Panel (a container), ScrollList, and the
tooltip drawing.

Conventions (so later panels fit in):
- A widget has a `rect` (screen pixels), set by its owner's `layout()`; widgets never place
  themselves.
- `handle_event(ev) -> bool`: True when the widget used the event (the owner stops passing it on).
  A click is a left-button press and release over the same widget.
- `draw(surface, theme)` only draws; it never changes game state.
- `tooltip_at(pos)` returns a `Tip` (or None) for the hover tooltip, which the scene draws last.
- Hover is taken from the mouse events the widget saw (posted events work in tests).
"""

from __future__ import annotations

import bisect

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import pygame

from . import resources as res
from . import theme as T
from .theme import Theme


@dataclass
class Tip:
    """What a hover tooltip shows: a title line and a body (wrapped)."""

    title: str
    body: str = ""
    lines: Sequence[str] = ()


def _cut_word(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A word wider than `width` in pieces that fit, cut where the glyph advances say (one pass)."""
    pieces, start, acc = [], 0, 0
    for i, m in enumerate(fnt.metrics(word)):
        adv = m[4] if m else 0
        if acc + adv > width and i > start:
            pieces.append(word[start:i])
            start, acc = i, 0
        acc += adv
    pieces.append(word[start:])
    return pieces


KERN_SLACK = 4  # pixels: how far kerning can take a line's width from the sum of its words


_WRAPS: dict = {}  # (text, font, width) -> the lines (`wrap_text`; a layout wraps the same texts again)
WRAPS_KEPT = 4000


def wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """Split text into lines that fit `width` pixels, breaking at spaces (a word longer than a
    line is cut). Linear in the text's length: every word is measured once, a line is measured
    once more to check it (kerning), and a long word is cut from its glyph advances. Kept per
    text, font and width."""
    key = (text, fnt, width)
    got = _WRAPS.get(key)
    if got is None:
        got = tuple(_wrap_text(text, fnt, width))
        if len(_WRAPS) >= WRAPS_KEPT:
            _WRAPS.clear()
        _WRAPS[key] = got
    return list(got)


def _wrap_text(text: str, fnt: pygame.font.Font, width: int) -> list[str]:
    out: list[str] = []
    space = fnt.size(" ")[0]
    for para in text.split("\n"):
        words: list[str] = []
        line_w = 0
        for w in para.split(" "):
            ww = fnt.size(w)[0] if w else 0
            if ww > width and len(w) > 1:  # a very long word: its own lines
                if words:
                    out.append(" ".join(words))
                pieces = _cut_word(w, fnt, width)
                out.extend(pieces[:-1])
                words, line_w = [pieces[-1]], fnt.size(pieces[-1])[0]
                continue
            fits = line_w + space + ww <= width
            if words and fits and line_w + space + ww > width - KERN_SLACK:
                # close to the edge the sum of word widths can miss the line's by kerning: measure
                # the line itself (once per line), so that the last word does not end up alone
                fits = fnt.size(" ".join(words) + " " + w)[0] <= width
            if words and not fits:
                if not w:
                    continue  # a space where the line ends
                out.append(" ".join(words))
                words, line_w = [w], ww
            else:
                line_w += (space if words else 0) + ww
                words.append(w)
        out.append(" ".join(words))
    # the sum of word widths may differ from the line's by a pixel of kerning: check each line
    # once and move its last word down when it does not fit
    k = 0
    while k < len(out):
        ln = out[k]
        if " " in ln.strip() and fnt.size(ln)[0] > width:
            head, _sep, last = ln.rstrip().rpartition(" ")
            out[k] = head
            if k + 1 < len(out) and out[k + 1] and fnt.size(last + " " + out[k + 1])[0] <= width:
                out[k + 1] = last + " " + out[k + 1]
            else:
                out.insert(k + 1, last)
            continue
        k += 1
    return out


ELLIPSIS = "…"


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    """`text` if it fits `width`, else its longest start that ends at a word and fits with an
    ellipsis ("Waiting for the Shadow to…"); a single word too long is cut inside it."""
    if fnt.size(text)[0] <= width:
        return text
    ell = fnt.size(ELLIPSIS)[0]
    words = text.split(" ")
    space = fnt.size(" ")[0]
    acc, keep = 0, 0
    for i, w in enumerate(words):
        ww = fnt.size(w)[0] + (space if i else 0)
        if acc + ww + ell > width:
            break
        acc += ww
        keep = i + 1
    while keep > 0:
        cand = " ".join(words[:keep]).rstrip(" .,;:·—-") + ELLIPSIS
        if fnt.size(cand)[0] <= width:
            return cand
        keep -= 1
    piece = _cut_word(text, fnt, max(1, width - ell))[0]
    while piece and fnt.size(piece + ELLIPSIS)[0] > width:
        piece = piece[:-1]
    return piece + ELLIPSIS if piece else ""


def fit_text(text: str, kind: str, size: int, width: int) -> str:
    """`text` shortened at a word with "…" to fit `width` pixels in the font `kind` at `size`."""
    return ellipsize(text, res.font(kind, size), max(1, int(width)))


def caption(text: str, theme, color, width: int) -> pygame.Surface:
    """A choice's name under its picture: set smaller while it is wider than the choice (a long
    name, a translation), then shortened with "…" (the tooltip has it whole)."""
    size = theme.small
    while res.font("sans_bold", size).size(text)[0] > width and size > max(9, theme.small - 3):
        size -= 1
    return res.text(fit_text(text, "sans_bold", size, width), "sans_bold", size, color)


def wrap_lines(text: str, fnt: pygame.font.Font, width: int, max_lines: int | None = None) -> list[str]:
    """`wrap_text`, but at most `max_lines` lines: the last one kept ends with an ellipsis."""
    lines = wrap_text(text, fnt, width)
    if max_lines is not None and len(lines) > max_lines:
        rest = " ".join(lines[max_lines - 1 :])
        lines = lines[: max_lines - 1] + [ellipsize(rest + " " + ELLIPSIS, fnt, width)]
    return lines


def draw_text_block(
    surface: pygame.Surface, lines: Sequence[str], kind: str, size: int, color, x: int, y: int, line_gap: int = 0
) -> int:
    """Draw lines from (x, y); returns the y below the last line."""
    f = res.font(kind, size)
    lh = f.get_linesize() + line_gap
    for ln in lines:
        if ln:
            surface.blit(res.text(ln, kind, size, color), (x, y))
        y += lh
    return y


class Widget:
    def __init__(self, rect=None, tooltip: Tip | Callable[[], Tip | None] | None = None):
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.enabled = True
        self.tooltip = tooltip
        self.hover = False

    def handle_event(self, ev) -> bool:
        if ev.type == pygame.MOUSEMOTION:
            self.hover = self.visible and self.rect.collidepoint(ev.pos)
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface: pygame.Surface, theme: Theme) -> None:
        pass

    def tooltip_at(self, pos) -> Tip | None:
        if not self.visible or not self.rect.collidepoint(pos) or self.tooltip is None:
            return None
        return self.tooltip() if callable(self.tooltip) else self.tooltip


class Clickable(Widget):
    """A widget pressed and released with the left button: `clicked()` runs when the release is
    over the widget. Subclasses say what a click does (`clicked`) and whether it may be pressed
    (`can_press`)."""

    pressed = False

    def can_press(self) -> bool:
        return self.enabled

    def clicked(self) -> None:
        pass

    def handle_event(self, ev) -> bool:
        super().handle_event(ev)
        if not self.visible:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self.pressed = self.can_press()
            self.hover = True
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(ev.pos) and self.can_press():
                self.clicked()
            return True
        return False


class Label(Widget):
    """Text in a rectangle, wrapped to its width; `fit_height()` gives the height it needs."""

    def __init__(
        self,
        text: str = "",
        kind: str = "sans",
        size_key: str = "body",
        color=T.TEXT,
        align: str = "left",
        rect=None,
        wrap: bool = True,
        max_lines: int | None = None,
    ):
        super().__init__(rect)
        self.max_lines = max_lines  # more lines than this: the last one ends with "…"
        self.text = text
        self.kind = kind
        self.size_key = size_key
        self.color = color
        self.align = align
        self.wrap = wrap

    def size(self, theme: Theme) -> int:
        return getattr(theme, self.size_key) if isinstance(self.size_key, str) else int(self.size_key)

    def lines(self, theme: Theme) -> list[str]:
        f = res.font(self.kind, self.size(theme))
        if not self.wrap:
            return [ellipsize(self.text, f, max(10, self.rect.w))]
        return wrap_lines(self.text, f, max(10, self.rect.w), self.max_lines)

    def fit_height(self, theme: Theme) -> int:
        return len(self.lines(theme)) * res.font(self.kind, self.size(theme)).get_linesize()

    def draw(self, surface, theme):
        if not self.visible or not self.text:
            return
        size = self.size(theme)
        f = res.font(self.kind, size)
        y = self.rect.y
        for ln in self.lines(theme):
            img = res.text(ln, self.kind, size, self.color)
            if self.align == "center":
                x = self.rect.centerx - img.get_width() // 2
            elif self.align == "right":
                x = self.rect.right - img.get_width()
            else:
                x = self.rect.x
            surface.blit(img, (x, y))
            y += f.get_linesize()


class Button(Clickable):
    """A push button, or a toggle when `selected` is not None. `on_click()` runs on release."""

    def __init__(
        self,
        text: str,
        on_click: Callable[[], Any] | None = None,
        rect=None,
        icon: str | None = None,
        tooltip=None,
        selected: bool | None = None,
        kind: str = "sans_bold",
        size_key: str = "body",
        name: str | None = None,
    ):
        super().__init__(rect, tooltip)
        self.text = text
        self.on_click = on_click
        self.icon = icon
        self.selected = selected
        self.kind = kind
        self.size_key = size_key
        self.name = name or text
        self.pressed = False
        self._theme: Theme | None = None

    def clicked(self) -> None:
        if self.on_click:
            self.on_click()

    def draw(self, surface, theme):
        if not self.visible:
            return
        r = self.rect
        if not self.enabled:
            col = T.BUTTON_DISABLED
        elif self.pressed:
            col = T.BUTTON_DOWN
        elif self.hover:
            col = T.BUTTON_HOVER
        else:
            col = T.BUTTON
        if self.selected:
            col = (150, 118, 52) if not self.hover else (176, 140, 64)
        rad = theme.px(6)
        pygame.draw.rect(surface, (0, 0, 0), r.move(0, theme.px(2)), border_radius=rad)
        pygame.draw.rect(surface, col, r, border_radius=rad)
        pygame.draw.rect(
            surface,
            T.BRASS if (self.hover or self.selected) and self.enabled else (40, 34, 26),
            r,
            width=max(1, theme.px(1.5)),
            border_radius=rad,
        )
        self._theme = theme
        size = getattr(theme, self.size_key)
        color = T.TEXT if self.enabled else T.TEXT_DIM
        isz, gap, label = self._label(theme)
        img = res.text(label, self.kind, size, color)
        x = r.centerx - (isz + gap + img.get_width()) // 2
        if isz:
            surface.blit(res.icon(self.icon, isz, color), (x, r.centery - isz // 2))
            x += isz + gap
        surface.blit(img, (x, r.centery - img.get_height() // 2))

    def _icon_room(self, theme: Theme) -> tuple[int, int, int]:
        """(text size, icon size, gap after the icon); no icon: 0 and 0."""
        size = getattr(theme, self.size_key)
        return (size, int(size * 1.3), theme.px(6)) if self.icon else (size, 0, 0)

    def natural_width(self, theme: Theme) -> int:
        """The width that shows the whole label and its icon."""
        size, isz, gap = self._icon_room(theme)
        return res.font(self.kind, size).size(self.text)[0] + isz + gap + theme.px(12)

    def _label(self, theme: Theme) -> tuple[int, int, str]:
        """(icon size, gap, text) as drawn: a label too long is cut at a word with "…"; a
        narrow button keeps its text rather than its icon."""
        size, isz, gap = self._icon_room(theme)
        room = self.rect.w - theme.px(8) - isz - gap
        if self.icon and room < theme.px(30):
            isz = gap = 0
            room = self.rect.w - theme.px(8)
        return isz, gap, ellipsize(self.text, res.font(self.kind, size), room)

    def shown_text(self, theme: Theme) -> str:
        """The label as drawn (shortened with an ellipsis when the button is too narrow)."""
        return self._label(theme)[2]

    def tooltip_at(self, pos):
        tip = super().tooltip_at(pos)
        if (
            tip is None
            and self.visible
            and self.rect.collidepoint(pos)
            and self._theme is not None
            and self.shown_text(self._theme) != self.text
        ):
            return Tip(self.text)  # the whole label of a shortened one
        return tip


class Panel(Widget):
    """A background with an optional title and child widgets (drawn in order, events to the
    topmost first)."""

    def __init__(self, rect=None, title: str = "", bg=T.BG_PANEL, children=None):
        super().__init__(rect)
        self.title = title
        self.bg = bg
        self.children: list[Widget] = list(children or [])

    def add(self, w: Widget) -> Widget:
        self.children.append(w)
        return w

    def title_height(self, theme: Theme) -> int:
        return res.font("serif_bold", theme.heading).get_linesize() + theme.px(4) if self.title else 0

    def content_rect(self, theme: Theme) -> pygame.Rect:
        th = self.title_height(theme)
        return pygame.Rect(
            self.rect.x + theme.pad,
            self.rect.y + th + theme.pad // 2,
            self.rect.w - 2 * theme.pad,
            self.rect.h - th - theme.pad,
        )

    def handle_event(self, ev) -> bool:
        super().handle_event(ev)
        if not self.visible:
            return False
        for w in reversed(self.children):
            if w.visible and w.handle_event(ev):
                return True
        return False

    def update(self, dt):
        for w in self.children:
            w.update(dt)

    def draw(self, surface, theme):
        if not self.visible:
            return
        if self.bg is not None:
            pygame.draw.rect(surface, self.bg, self.rect, border_radius=theme.px(6))
            pygame.draw.rect(surface, (28, 24, 20), self.rect, width=1, border_radius=theme.px(6))
        if self.title:
            img = res.text(self.title, "serif_bold", theme.heading, T.BRASS_LIGHT)
            surface.blit(img, (self.rect.x + theme.pad, self.rect.y + theme.px(2)))
        for w in self.children:
            w.draw(surface, theme)

    def tooltip_at(self, pos):
        if not self.visible or not self.rect.collidepoint(pos):
            return None
        for w in reversed(self.children):
            tip = w.tooltip_at(pos)
            if tip:
                return tip
        return super().tooltip_at(pos)


@dataclass
class ListItem:
    text: str
    payload: Any = None
    enabled: bool = True
    tip: Tip | None = None
    color: tuple | None = None
    icon: str | None = None
    heading: bool = False  # a group heading, not clickable


_WRAPPED: dict[tuple, list[str]] = {}  # (text, font kind, size, width) -> wrapped lines


class ScrollList(Widget):
    """A vertical list of wrapped rows; the wheel scrolls it; a click on a row calls
    `on_pick(item)`. Used by the generic decision panel and the log."""

    def __init__(
        self,
        items: Sequence[ListItem] = (),
        on_pick: Callable[[ListItem], Any] | None = None,
        rect=None,
        kind: str = "sans",
        size_key: str = "body",
        clickable: bool = True,
        stick_to_bottom: bool = False,
        boxed: bool = True,
    ):
        super().__init__(rect)
        self.boxed = boxed  # rows drawn as boxes (choices) or as plain lines (the log)
        self.whole_rows = not boxed  # plain lines: only rows wholly in view are drawn
        self.items: list[ListItem] = list(items)
        self.on_pick = on_pick
        self.kind = kind
        self.size_key = size_key
        self.clickable = clickable
        self.stick_to_bottom = stick_to_bottom
        self.scroll = 0
        # rows as laid out: (rectangle in list coordinates, item, wrapped lines); rows dropped from
        # the front (`extend_items`) leave the others where they are: y0 is the first row's top
        self._rows: list[tuple[pygame.Rect, ListItem, list[str]]] = []
        self._y0 = 0
        self._y1 = 0  # where the next row goes
        self._content_h = 0
        self._dropped = 0  # items dropped from the front since the last layout
        self._prepended = 0  # items added at the front since the last layout
        self._layout_key = None
        self._pressed: ListItem | None = None
        self._mouse = (-1, -1)
        self._theme: Theme | None = None

    def set_items(self, items: Sequence[ListItem]) -> None:
        self.items = list(items)
        self._layout_key = None
        self._dropped = self._prepended = 0
        if self.stick_to_bottom:
            self.scroll = 10**9
        else:
            self.scroll = 0

    def extend_items(self, items: Sequence[ListItem], keep: int | None = None) -> None:
        """Add rows at the end and keep only the last `keep`: only the new rows are laid out
        (the log after a command), whatever the length of the list."""
        self.items.extend(items)
        drop = len(self.items) - keep if keep is not None and len(self.items) > keep else 0
        if drop:
            del self.items[:drop]
            self._dropped += drop
        if self.stick_to_bottom:
            self.scroll = 10**9

    def prepend_items(self, items: Sequence[ListItem]) -> None:
        """Add rows at the front (a log's older rows, added over frames): only they are laid
        out, above the first; the rows in view stay in view."""
        if items:
            self.items[:0] = items
            self._prepended += len(items)

    def row_pad(self, theme: Theme) -> int:
        """Room round a row's text: boxes (choices) breathe, plain lines (the log) are tight."""
        return theme.px(6) if self.boxed else theme.px(2)

    def row_gap(self, theme: Theme, item: ListItem | None = None) -> int:
        """Space under a row: boxes are apart, plain lines and headings follow each other."""
        return theme.px(2) if self.boxed and not (item is not None and item.heading) else 0

    def row_height(self, theme: Theme) -> int:
        """The height of a one-line row, gap included."""
        f = res.font(self.kind, getattr(theme, self.size_key))
        return f.get_linesize() + self.row_pad(theme) + self.row_gap(theme)

    def _first_row_below(self, y: int) -> int:
        """The index of the first row whose bottom is below list coordinate `y` (rows are in order)."""
        return bisect.bisect_right(self._rows, y, key=lambda row: row[0].bottom)

    def _in_view(self):
        top = self.scroll + self._y0
        bottom = top + self.rect.h
        out = []
        for r, it, ls in self._rows[self._first_row_below(top - 1) :]:
            if r.y > bottom:
                break
            if r.y >= top and r.bottom <= bottom:
                out.append((r, it, ls))
        return out

    def visible_rows(self) -> int:
        """Rows wholly inside the rectangle at the current scroll (after a layout)."""
        return len(self._in_view())

    def visible_lines(self) -> int:
        """Lines of text in the rows wholly inside the rectangle (after a layout)."""
        return sum(len(ls) for _r, _it, ls in self._in_view())

    def wrap_width(self, theme: Theme, item: ListItem | None = None) -> int:
        size = getattr(theme, self.size_key)
        iw = int(size * 1.4) + self.row_pad(theme) if item is not None and item.icon else 0
        return max(20, self.rect.w - 2 * self.row_pad(theme) - iw - theme.px(10))

    def height_for_last(self, theme: Theme, lines: int, width: int | None = None) -> int:
        """The height that shows the newest rows holding at least `lines` lines of text, whole
        (the rows as they would wrap in a list `width` wide, default this one's)."""
        size = getattr(theme, self.size_key)
        # what the answer reads: kept, since the scene asks at every layout (each command)
        memo = (
            theme,
            size,
            self.kind,
            lines,
            self.rect.w if width is None else width,
            tuple((it.text, it.heading, bool(it.icon)) for it in self.items[-lines:]),
        )
        if getattr(self, "_last_memo", None) is not None and self._last_memo[0] == memo:
            return self._last_memo[1]
        h = self._height_for_last(theme, lines, width)
        self._last_memo = (memo, h)
        return h

    def _height_for_last(self, theme: Theme, lines: int, width: int | None) -> int:
        size = getattr(theme, self.size_key)
        pad = self.row_pad(theme)
        keep_w = self.rect.w
        if width is not None:
            self.rect.w = width
        h, n = 0, 0
        try:
            for it in reversed(self.items):
                kind = "sans_bold" if it.heading else self.kind
                f = res.font(kind, size)
                ww = self.wrap_width(theme, it)
                counts = self.__dict__.setdefault("_line_counts", {})  # (text, font, width) -> lines
                k = counts.get((it.text, kind, size, ww))
                if k is None:
                    if len(counts) > 512:
                        counts.clear()
                    k = counts[(it.text, kind, size, ww)] = len(wrap_text(it.text, f, ww))
                h += k * f.get_linesize() + pad + self.row_gap(theme, it)
                n += k
                if n >= lines:
                    break
        finally:
            self.rect.w = keep_w
        return h + max(0, lines - n) * self.row_height(theme)

    def _layout(self, theme: Theme) -> None:
        key = (
            id(self.items),
            self.rect.w,
            theme.ui,
        )  # (rows depend on the width only: not laid out again for a new height)
        dropped, self._dropped = self._dropped, 0
        front, self._prepended = self._prepended, 0
        if (
            key == self._layout_key
            and not (front and dropped)  # (both since the last layout: laid out whole)
            and dropped <= len(self._rows) + front
            and len(self._rows) + front - dropped <= len(self.items)
        ):
            # the same list: rows added at the front or dropped from it, rows added at the end
            if front:  # laid out from 0, then moved above the first row; what is in view stays
                y1, rows = self._y1, self._rows
                top = rows[0][0].y if rows else y1
                self._rows, self._y1 = [], 0
                self._add_rows(theme, self.items[:front])
                h = self._y1
                self._rows = [(r.move(0, top - h), it, ls) for r, it, ls in self._rows] + rows
                self._y0, self._y1 = top - h, y1
                self.scroll += h
            if dropped:
                del self._rows[:dropped]
                self._y0 = self._rows[0][0].y if self._rows else self._y1
            if len(self._rows) < len(self.items):
                self._add_rows(theme, self.items[len(self._rows) :])
            self._content_h = self._y1 - self._y0
            return
        self._layout_key = key
        self._theme = theme
        self._rows = []
        self._y0 = self._y1 = 0
        self._add_rows(theme, self.items)
        self._content_h = self._y1

    def _add_rows(self, theme: Theme, items) -> None:
        y = self._y1
        size = getattr(theme, self.size_key)
        pad = self.row_pad(theme)
        rows = self._rows
        for it in items:
            kind = "sans_bold" if it.heading else self.kind
            f = res.font(kind, size)
            width = self.wrap_width(theme, it)
            wkey = (it.text, kind, size, width)
            lines = _WRAPPED.get(wkey)
            if lines is None:  # a long log is laid out again after a resize: keep its lines
                if len(_WRAPPED) > 20000:
                    _WRAPPED.clear()
                lines = _WRAPPED[wkey] = wrap_text(it.text, f, width)
            h = len(lines) * f.get_linesize() + pad
            rows.append((pygame.Rect(0, y, self.rect.w - theme.px(10), h), it, lines))
            y += h + self.row_gap(theme, it)
        self._y1 = y

    @property
    def max_scroll(self) -> int:
        return max(0, getattr(self, "_content_h", 0) - self.rect.h)

    def _row_at(self, pos):
        if not self.rect.collidepoint(pos):
            return None
        y = pos[1] - self.rect.y + self.scroll + self._y0
        i = self._first_row_below(y)
        if i < len(self._rows) and self._rows[i][0].y <= y:
            return self._rows[i][1]
        return None

    def handle_event(self, ev) -> bool:
        super().handle_event(ev)
        if not self.visible:
            return False
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse = ev.pos
        if ev.type == pygame.MOUSEWHEEL and self.hover:
            step = self._theme.row if self._theme else 30
            self.scroll = max(0, min(self.max_scroll, self.scroll - ev.y * step))
            return True
        if not self.clickable:
            return False
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            it = self._row_at(ev.pos)
            self._pressed = it if it is not None and it.enabled and not it.heading else None
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self._pressed is not None:
            it, self._pressed = self._pressed, None
            if self._row_at(ev.pos) is it and self.on_pick:
                self.on_pick(it)
            return True
        return False

    def row_rect(self, index: int) -> pygame.Rect | None:
        """The screen rectangle of item `index` as last laid out (tests click on it)."""
        if self._theme is None or index >= len(self._rows):
            return None
        r = self._rows[index][0]
        return r.move(self.rect.x, self.rect.y - self.scroll - self._y0)

    def draw(self, surface, theme):
        if not self.visible:
            return
        self._layout(theme)
        if self.stick_to_bottom and self.scroll == getattr(self, "_at_bottom", None):
            # a list left at its end (its scroll not changed since) stays there when it is laid
            # out again to another height (a resize)
            self.scroll = self.max_scroll
        self.scroll = max(0, min(self.max_scroll, self.scroll))
        self._at_bottom = self.scroll if self.scroll >= self.max_scroll else None
        size = getattr(theme, self.size_key)
        pad = self.row_pad(theme)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        hover_item = self._row_at(self._mouse) if self.hover else None
        dy = self.rect.y - self.scroll - self._y0
        for r, it, lines in self._rows[self._first_row_below(self.scroll + self._y0 - 1) :]:
            sr = r.move(self.rect.x, dy)
            if sr.y > self.rect.bottom:
                break  # the rows are in order: the rest are below the list
            if sr.bottom < self.rect.y:
                continue
            if self.whole_rows and (sr.y < self.rect.y or sr.bottom > self.rect.bottom):
                continue  # a line cut by the edge is not drawn at all
            kind = "sans_bold" if it.heading else self.kind
            if it.heading:
                color = T.BRASS_LIGHT
            else:
                if self.clickable and (self.boxed or (it is hover_item and it.enabled)):
                    bg = T.BUTTON_HOVER if it is hover_item and it.enabled else T.BG_PANEL_2
                    pygame.draw.rect(surface, bg, sr, border_radius=theme.px(4))
                    if it is hover_item and it.enabled:
                        pygame.draw.rect(surface, T.BRASS, sr, width=1, border_radius=theme.px(4))
                color = it.color or (T.TEXT if it.enabled else T.TEXT_DIM)
            x = sr.x + pad
            if it.icon:
                isz = int(size * 1.3)
                surface.blit(res.icon(it.icon, isz, color), (x, sr.y + pad // 2))
                x += isz + pad
            draw_text_block(surface, lines, kind, size, color, x, sr.y + pad // 2)
        surface.set_clip(clip)
        if self.max_scroll > 0:  # scroll bar
            h = max(theme.px(20), self.rect.h * self.rect.h // (self.rect.h + self.max_scroll))
            y = self.rect.y + (self.rect.h - h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(
                surface, T.BRASS, (self.rect.right - theme.px(5), y, theme.px(4), h), border_radius=theme.px(2)
            )

    def tooltip_at(self, pos):
        if not self.visible:
            return None
        it = self._row_at(pos)
        return it.tip if it is not None else None


def draw_tooltip(surface: pygame.Surface, theme: Theme, pos, tip: Tip) -> pygame.Rect:
    """Draw a tooltip box near `pos`, kept inside the surface. The box and its shadow are made
    once per tip and theme and blitted where they go."""
    shade, img = res.cached(("tooltip", tip.title, tip.body, tuple(tip.lines), theme), lambda: _tooltip(theme, tip))
    w, h = img.get_size()
    x, y = pos[0] + theme.px(16), pos[1] + theme.px(16)
    sw, sh = surface.get_size()
    if x + w > sw:
        x = max(0, pos[0] - w - theme.px(8))
    if y + h > sh:
        y = max(0, sh - h)
    box = pygame.Rect(x, y, w, h)
    surface.blit(shade, box.move(theme.px(3), theme.px(3)))
    surface.blit(img, box)
    return box


_KEY = (255, 0, 254)  # the corners round the box (a colour no tooltip uses)


def _tooltip(theme: Theme, tip: Tip) -> tuple[pygame.Surface, pygame.Surface]:
    """The shadow and the box (rounded corners transparent) of a tooltip."""
    size = theme.body
    width = theme.px(320)
    fb = res.font("sans", size)
    ft = res.font("serif_bold", theme.heading)
    lines = []
    if tip.body:
        lines += wrap_text(tip.body, fb, width)
    for ln in tip.lines:
        lines += wrap_text(ln, fb, width)
    tw = max([ft.size(tip.title)[0]] + [fb.size(ln)[0] for ln in lines] + [theme.px(60)])
    pad = theme.px(8)
    h = ft.get_linesize() + len(lines) * fb.get_linesize() + 2 * pad
    w = tw + 2 * pad
    shade = pygame.Surface((w, h), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 90))
    img = pygame.Surface((w, h))
    img.fill(_KEY)
    box = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(img, T.TOOLTIP_BG, box, border_radius=theme.px(5))
    pygame.draw.rect(img, T.TOOLTIP_BORDER, box, width=max(1, theme.px(1.5)), border_radius=theme.px(5))
    img.blit(res.text(tip.title, "serif_bold", theme.heading, T.INK), (pad, pad))
    draw_text_block(img, lines, "sans", size, T.INK_SOFT, pad, pad + ft.get_linesize())
    img.set_colorkey(_KEY)
    return shade, img


# -- what a widget tree draws ---------------------------------------------------------------
# Attributes a drawing never reads (what a click does, what a tooltip says: the scene draws the
# tooltip itself), or that tie a panel to its scene and context (the drawing reads neither).
_NOT_DRAWN = frozenset({"tooltip", "payload", "tip", "scene", "ctx", "_sig"})
_PRESENCE = frozenset({"on_click", "on_pick"})  # (only whether there is one: a tile without is drawn dim)
# Types compared by identity: never changed once made (the content spec, the theme, cached
# pictures and fonts). Panels add the spec's type (`panels.DecisionPanel.drawn_signature`).
BY_IDENTITY: set[type] = {Theme, pygame.Surface, pygame.font.Font}


class _Unknown:
    """In a signature: something it cannot vouch for (unequal to everything, so never kept)."""

    __slots__ = ()

    def __eq__(self, other) -> bool:
        return False

    __hash__ = None  # type: ignore[assignment]


_ATOMS = frozenset({type(None), bool, int, str, float})  # (in a signature as they are)


def draw_signature(root) -> tuple:
    """A value equal for two states of `root` (a widget) exactly when its drawing reads the same:
    every attribute of every widget and list row it holds, painters by their code and what they
    hold, and nothing it cannot vouch for (an object of an unknown type makes the signature
    unequal to every other). A panel whose signature is the one it had when drawn draws the same
    pixels (tests/ui/test_kept_panels.py). (Numbers, strings, booleans and None are taken as
    they are where they are met, without a call each: most of a panel's values are those.)"""
    import types

    seen: dict[int, int] = {}
    atoms = _ATOMS

    def sig(o):
        t = type(o)
        if t in atoms:
            return o
        if t is tuple or t is list:
            return (t is tuple, *[v if type(v) in atoms else sig(v) for v in o])
        if t is dict:
            return ("d", *[(k, v if type(v) in atoms else sig(v)) for k, v in o.items()])
        if t is pygame.Rect:
            return ("R", o.x, o.y, o.w, o.h)
        if t is types.FunctionType:
            cells = tuple(sig(c.cell_contents) for c in o.__closure__ or ())
            return ("f", o.__code__, sig(o.__defaults__), sig(o.__kwdefaults__), cells)
        if t is types.MethodType:
            return ("m", o.__func__, sig(o.__self__))
        if t in BY_IDENTITY or t is type or t is types.ModuleType:
            return ("id", id(o))
        if isinstance(o, (Widget, ListItem, Tip)) or o is root:
            k = id(o)
            if k in seen:
                return ("seen", seen[k])
            seen[k] = len(seen)
            return (
                t,
                *[
                    (a, v is not None if a in _PRESENCE else v if type(v) in atoms else sig(v))
                    for a, v in vars(o).items()
                    if a not in _NOT_DRAWN
                ],
            )
        if t is set or t is frozenset:
            return ("s", *sorted((sig(v) for v in o), key=repr))
        if t is pygame.Color:
            return ("c", tuple(o))
        return _Unknown()

    return sig(root)
