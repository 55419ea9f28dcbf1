"""The full log: every event of the game so far, over the game screen (L, or the log panel's
"Full log" button).

    open_full_log(game_scene)

It shows the same sentences as the log panel, for the same seat (so nothing hidden from the
player at the screen), in a box as big as the window allows; the wheel, the arrow keys, Page
Up/Down, Home and End scroll it. A click on a line closes it and shows the board as it was after
that line ("look back"); L, Escape or the Close button close it. It changes nothing in the game.
"""

from __future__ import annotations

import pygame

from .. import resources as res
from .. import theme as T
from ..i18n import _, ngettext
from ..panels import log_items
from ..widgets import Button, ScrollList, ellipsize
from .base import Scene


def open_full_log(scene) -> None:
    """Push the full log over a game scene (nothing happens while its hotseat curtain is down)."""
    if getattr(scene, "curtain", None):
        return
    scene.app.push(FullLogScene(scene.app, scene))


class FullLogScene(Scene):
    def __init__(self, app, under):
        super().__init__(app)
        self.under = under
        lp = under.log_panel
        self.seat = lp.seat
        self.list = ScrollList(clickable=True, size_key="body", stick_to_bottom=True, boxed=False, on_pick=self.pick)
        rows = lp.rows_for(under.game, self.seat) if hasattr(lp, "rows_for") else None
        self.list.set_items(rows.last() if rows is not None else log_items(under.game, self.seat))
        self.events = sum(1 for it in self.list.items if not it.heading)  # counted once, not every frame
        self.btn_close = Button(_("Close"), self.close, name="close", icon="cancel")
        self.root.children = [self.list, self.btn_close]
        self.box = pygame.Rect(0, 0, 0, 0)
        self._backdrop = None

    @property
    def game(self):  # the crash boundary autosaves this
        return self.under.game

    def close(self) -> None:
        if self.app.scene is self:
            self.app.pop()

    def pick(self, item) -> None:
        n = item.payload
        self.close()
        if n is not None and hasattr(self.under, "look_back"):
            self.under.look_back(n)

    def layout(self) -> None:
        t = self.theme
        w, h = self.app.size
        margin = t.px(28)
        self.box = pygame.Rect(margin, margin, w - 2 * margin, h - 2 * margin)
        head = res.font("serif_bold", t.heading).get_linesize() + t.px(10)
        bw = res.font("sans_bold", t.body).size(self.btn_close.text)[0] + t.px(50)
        self.btn_close.rect = pygame.Rect(self.box.right - t.pad - bw, self.box.y + t.px(6), bw, t.row)
        top = max(self.box.y + head, self.btn_close.rect.bottom + t.px(4))
        self.list.rect = pygame.Rect(
            self.box.x + t.px(14), top, self.box.w - t.px(28), self.box.bottom - top - t.px(12)
        )
        self._backdrop = None

    def on_resize(self, w, h) -> None:
        self.layout()

    def handle_event(self, ev) -> None:
        if ev.type == pygame.KEYDOWN:
            k = ev.key
            if k in (pygame.K_ESCAPE, pygame.K_l):
                self.close()
                return
            page = max(1, self.list.rect.h - self.theme.row)
            step = {
                pygame.K_UP: -self.theme.row,
                pygame.K_DOWN: self.theme.row,
                pygame.K_PAGEUP: -page,
                pygame.K_PAGEDOWN: page,
                pygame.K_HOME: -(10**9),
                pygame.K_END: 10**9,
            }.get(k)
            if step is not None:
                self.list.scroll = max(0, min(self.list.max_scroll, self.list.scroll + step))
            return
        self.root.handle_event(ev)

    def draw(self, surface) -> None:
        t = self.theme
        if self._backdrop is None or self._backdrop.get_size() != surface.get_size():
            # the game as it was when the log opened, veiled (drawn once: it does not change)
            self.under.draw(surface)
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((10, 8, 6, 190))
            surface.blit(veil, (0, 0))
            self._backdrop = surface.copy()
        else:
            surface.blit(self._backdrop, (0, 0))
        pygame.draw.rect(surface, (30, 26, 20), self.box, border_radius=t.px(10))
        pygame.draw.rect(surface, T.BRASS, self.box, width=max(2, t.px(2)), border_radius=t.px(10))
        n = self.events
        title = _("Game log")
        sub = ngettext(
            "{n} event · click a line to see the board after it · L or Escape closes",
            "{n} events · click a line to see the board after it · L or Escape closes",
            n,
        ).format(n=n)
        x = self.box.x + t.px(14)
        img = res.text(title, "serif_bold", t.heading, T.BRASS_LIGHT)
        surface.blit(img, (x, self.box.y + t.px(8)))
        room = self.btn_close.rect.x - t.pad - (x + img.get_width() + t.px(16))
        if room > t.px(40):
            f = res.font("sans", t.small)
            sub = ellipsize(sub, f, room)
            simg = res.text(sub, "sans", t.small, T.TEXT_DIM)
            surface.blit(
                simg,
                (x + img.get_width() + t.px(16), self.box.y + t.px(8) + img.get_height() - simg.get_height() - t.px(2)),
            )
        self.root.draw(surface, t)
        self.draw_tooltip(surface)
