"""`CountPicker`: choose how many of each thing goes along (units per type, leaders, characters,
damage markers), one row per thing with − and + buttons.

    picker = CountPicker(on_change=lambda values: ...)
    picker.set_rows([
        PickRow("rohan_footmen", "Footmen", value=2, maximum=2, icon="swordman", side="fp"),
        PickRow("leaders", "Leaders", value=1, maximum=1, icon="crown", side="fp"),
        PickRow("char:eomer", "Éomer", value=1, maximum=1, icon="horse-head", side="fp", toggle=True),
        PickRow("damage", "Damage markers", value=0, minimum=0, maximum=1, icon="skull-crossed-bones"),
    ])
    picker.values() -> {"rohan_footmen": 2, "leaders": 1, "char:eomer": 1, "damage": 0}
    picker.set_limits("damage", lo, hi)   # clamp a row's range (the value follows)

It is a plain widget (see `widgets.py`): its owner sets `rect` (the height it needs is
`needed_height(theme)`), passes events and draws it. Rows with `toggle=True` show a check box
instead of − / + (a character goes or stays). `minus_rect(key)` / `plus_rect(key)` /
`row_rect(key)` are the screen rectangles of the last layout (tests click them; a drag-and-drop
front end may reuse the picker for a partial drop). Strings are given by the owner (through `_()`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

import pygame

from . import resources as res
from . import theme as T
from .theme import Theme
from .widgets import Tip, Widget, fit_text


@dataclass
class PickRow:
    key: str
    label: str
    value: int = 0
    minimum: int = 0
    maximum: int = 1
    icon: str | None = None
    side: str | None = None
    toggle: bool = False
    tip: Tip | None = None


class CountPicker(Widget):
    ROW = 34  # row height at 1280x720

    def __init__(self, rows=(), on_change: Callable[[dict], None] | None = None, rect=None):
        super().__init__(rect)
        self.rows: list[PickRow] = []
        self.on_change = on_change
        self._rects: dict[str, tuple[pygame.Rect, pygame.Rect, pygame.Rect]] = {}
        self._pressed: tuple[str, str] | None = None
        self._mouse = (-1, -1)
        self._theme: Theme | None = None
        self.set_rows(rows)

    # -- data ------------------------------------------------------------------------------
    def set_rows(self, rows) -> None:
        self.rows = [PickRow(**r.__dict__) for r in rows]
        for r in self.rows:
            r.value = max(r.minimum, min(r.maximum, r.value))

    def row(self, key: str) -> PickRow | None:
        return next((r for r in self.rows if r.key == key), None)

    def values(self) -> dict[str, int]:
        return {r.key: r.value for r in self.rows}

    def set_value(self, key: str, value: int, notify: bool = True) -> None:
        r = self.row(key)
        if r is None:
            return
        v = max(r.minimum, min(r.maximum, value))
        if v != r.value:
            r.value = v
            if notify and self.on_change:
                self.on_change(self.values())

    def set_limits(self, key: str, minimum: int, maximum: int) -> None:
        r = self.row(key)
        if r is None:
            return
        r.minimum, r.maximum = minimum, max(minimum, maximum)
        r.value = max(r.minimum, min(r.maximum, r.value))

    # -- geometry --------------------------------------------------------------------------
    def needed_height(self, theme: Theme) -> int:
        return len(self.rows) * (theme.px(self.ROW) + theme.px(3))

    def _layout(self, theme: Theme) -> None:
        self._theme = theme
        self._rects = {}
        h = theme.px(self.ROW)
        b = h - theme.px(6)
        y = self.rect.y
        for r in self.rows:
            row = pygame.Rect(self.rect.x, y, self.rect.w, h)
            plus = pygame.Rect(row.right - b - theme.px(3), row.y + theme.px(3), b, b)
            if r.toggle:
                minus = plus.copy()
            else:
                minus = pygame.Rect(plus.x - b - theme.px(36), plus.y, b, b)
            self._rects[r.key] = (row, minus, plus)
            y += h + theme.px(3)

    def row_rect(self, key: str) -> pygame.Rect | None:
        return self._rects.get(key, (None,))[0]

    def minus_rect(self, key: str) -> pygame.Rect | None:
        t = self._rects.get(key)
        return t[1] if t else None

    def plus_rect(self, key: str) -> pygame.Rect | None:
        t = self._rects.get(key)
        return t[2] if t else None

    def layout(self, theme: Theme) -> None:
        self._layout(theme)

    # -- input -----------------------------------------------------------------------------
    def _hit(self, pos):
        for r in self.rows:
            rr = self._rects.get(r.key)
            if rr is None:
                continue
            if r.toggle and rr[0].collidepoint(pos):
                return r.key, "toggle"
            if rr[1].collidepoint(pos):
                return r.key, "minus"
            if rr[2].collidepoint(pos):
                return r.key, "plus"
        return None

    def handle_event(self, ev) -> bool:
        super().handle_event(ev)
        if not self.visible:
            return False
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._mouse = ev.pos
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self._pressed = self._hit(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self._pressed is not None:
            hit, self._pressed = self._hit(ev.pos), None
            if hit is not None:
                key, what = hit
                r = self.row(key)
                if what == "toggle":
                    self.set_value(key, r.maximum if r.value == r.minimum else r.minimum)
                elif what == "minus":
                    self.set_value(key, r.value - 1)
                else:
                    self.set_value(key, r.value + 1)
            return True
        return False

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface, theme):
        if not self.visible:
            return
        self._layout(theme)
        from .board_view import draw_token

        for r in self.rows:
            row, minus, plus = self._rects[r.key]
            hover = row.collidepoint(self._mouse) and self.hover
            pygame.draw.rect(surface, T.BG_PANEL_2 if not hover else T.BUTTON_HOVER, row, border_radius=theme.px(5))
            x = row.x + theme.px(4)
            s = row.h - theme.px(6)
            if r.icon:
                draw_token(surface, pygame.Rect(x, row.y + theme.px(3), s, s), r.side, r.icon)
                x += s + theme.px(6)
            col = T.TEXT if r.maximum > r.minimum else T.TEXT_DIM
            room = minus.x - x - theme.px(6)
            img = res.text(fit_text(r.label, "sans", theme.body, room), "sans", theme.body, col)
            surface.blit(img, (x, row.centery - img.get_height() // 2))
            if r.toggle:
                on = r.value > r.minimum
                pygame.draw.rect(surface, T.PARCHMENT if on else T.BUTTON_DISABLED, plus, border_radius=theme.px(4))
                pygame.draw.rect(surface, T.BRASS, plus, width=max(1, theme.px(1.5)), border_radius=theme.px(4))
                if on:
                    ico = res.icon("check-mark", plus.w - theme.px(6), T.INK)
                    surface.blit(ico, (plus.x + theme.px(3), plus.y + theme.px(3)))
                continue
            for rect, vertical, ok in ((minus, False, r.value > r.minimum), (plus, True, r.value < r.maximum)):
                pygame.draw.rect(surface, T.BUTTON if ok else T.BUTTON_DISABLED, rect, border_radius=theme.px(4))
                pygame.draw.rect(surface, T.BRASS if ok else (40, 34, 26), rect, width=1, border_radius=theme.px(4))
                col = T.TEXT if ok else T.TEXT_DIM
                arm, w = rect.w // 4, max(2, theme.px(2.5))
                pygame.draw.line(
                    surface, col, (rect.centerx - arm, rect.centery), (rect.centerx + arm, rect.centery), w
                )
                if vertical:
                    pygame.draw.line(
                        surface, col, (rect.centerx, rect.centery - arm), (rect.centerx, rect.centery + arm), w
                    )
            val = res.text(f"{r.value}/{r.maximum}", "sans_bold", theme.body, T.BRASS_LIGHT)
            cx = (minus.right + plus.x) // 2
            surface.blit(val, (cx - val.get_width() // 2, row.centery - val.get_height() // 2))

    def tooltip_at(self, pos):
        if not self.visible:
            return None
        for r in self.rows:
            rr = self._rects.get(r.key)
            if rr and rr[0].collidepoint(pos) and r.tip:
                return r.tip
        return None
