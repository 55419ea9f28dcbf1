"""Shown when a scene fails: what happened, in words, and a way back."""

from __future__ import annotations

import pygame

from .. import resources as res
from .. import theme as T
from ..i18n import _
from ..widgets import Button, Label
from .base import Scene


class ErrorScene(Scene):
    def __init__(self, app, exc: BaseException, saved=None):
        super().__init__(app)
        self.exc = exc
        self.saved = saved
        self.heading = Label(
            _("Something went wrong"), kind="serif_bold", size_key="title", color=T.BRASS_LIGHT, align="center"
        )
        msg = _("The program met an error it did not expect: {error}").format(error=f"{type(exc).__name__}: {exc}")
        if saved:
            msg += "\n\n" + _(
                "Your game was saved just before this happened ({path}). You can go on from there."
            ).format(path=saved)
        msg += "\n\n" + _("The details are in {path}.").format(path=app.crash_log)
        self.message = Label(msg, size_key="body", color=T.TEXT, align="center")
        self.btn_continue = Button(
            _("Continue from the autosave"), self.continue_autosave, icon="check-mark", name="continue"
        )
        self.btn_title = Button(_("Back to the title screen"), self.to_title, name="title")
        self.btn_quit = Button(_("Quit"), app.quit, icon="cancel", name="quit")
        from ...persistence.autosave import candidates

        self.btn_continue.enabled = bool(candidates(app.home))
        for w in (self.heading, self.message, self.btn_continue, self.btn_title, self.btn_quit):
            self.root.add(w)
        self.problem = ""

    def layout(self):
        t = self.theme
        w, h = self.app.size
        col = min(w - 2 * t.px(40), t.px(760))
        x = (w - col) // 2
        y = h // 6
        self.heading.rect = pygame.Rect(x, y, col, t.px(70))
        self.heading.size_key = "heading" if w < 1000 else "title"
        self.heading.rect.h = self.heading.fit_height(t)
        y = self.heading.rect.bottom + t.px(20)
        self.message.rect = pygame.Rect(x, y, col, 10)
        self.message.rect.h = self.message.fit_height(t)
        y = self.message.rect.bottom + t.px(30)
        bw = min(col, t.px(360))
        for b in (self.btn_continue, self.btn_title, self.btn_quit):
            b.rect = pygame.Rect(w // 2 - bw // 2, y, bw, t.row + t.px(6))
            y += t.row + t.px(16)

    def continue_autosave(self):
        from ...catalog import spec_for
        from ...persistence.autosave import load_latest

        game, problems = load_latest(spec_for, self.app.home)
        if game is None:
            self.problem = _("No autosave could be loaded: {why}").format(why="; ".join(problems) or _("none found"))
            return
        self.app.open_game(game, replace_all=True)

    def to_title(self):
        self.app.to_title()

    def draw(self, surface):
        surface.fill(T.BG)
        super().draw(surface)
        if self.problem:
            img = res.text(self.problem, "sans", self.theme.body, T.DANGER)
            surface.blit(
                img, (self.app.size[0] // 2 - img.get_width() // 2, self.btn_quit.rect.bottom + self.theme.px(20))
            )
