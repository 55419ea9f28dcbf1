"""Pick a save file: the saves folder (`<home>/saves/*.json`) and the autosaves."""
from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pygame

from ... import catalog
from .. import resources as res
from .. import theme as T
from ..i18n import _
from ..widgets import Button, ListItem, Panel, ScrollList, Tip
from .base import Scene


def save_files(home: Path) -> list[Path]:
    files = []
    folder = home / "saves"
    if folder.is_dir():
        files += sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    for name in ("autosave.json", "autosave.prev.json"):
        p = home / name
        if p.is_file():
            files.append(p)
    return files


class LoadScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.panel = self.root.add(Panel(title=_("Load a save")))
        self.list = self.panel.add(ScrollList(on_pick=self.pick))
        self.btn_back = self.panel.add(Button(_("Back"), app.pop, name="back"))
        self.problem = ""
        self.refresh()

    def refresh(self):
        items = []
        for p in save_files(self.app.home):
            when = _dt.datetime.fromtimestamp(p.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
            items.append(ListItem(f"{p.name} · {when}", payload=p, icon="scroll-unfurled",
                                  tip=Tip(p.name, str(p))))
        if not items:
            items.append(ListItem(_("No saves yet."), enabled=False))
        self.list.set_items(items)

    def pick(self, item):
        from ...persistence.save import SaveError, load
        try:
            game = load(item.payload, catalog.spec_for)
        except SaveError as e:
            self.problem = str(e)
            return
        from .game import GameScene
        self.app.replace(GameScene(self.app, game))

    def layout(self):
        t = self.theme
        w, h = self.app.size
        pw, ph = min(w - t.px(60), t.px(700)), h - t.px(120)
        self.panel.rect = pygame.Rect((w - pw) // 2, t.px(60), pw, ph)
        c = self.panel.content_rect(t)
        self.list.rect = pygame.Rect(c.x, c.y, c.w, c.h - t.row - t.pad)
        self.btn_back.rect = pygame.Rect(c.x, c.bottom - t.row, t.px(140), t.row)

    def draw(self, surface):
        surface.fill(T.BG)
        super().draw(surface)
        if self.problem:
            t = self.theme
            img = res.text(self.problem[:200], "sans", t.small, (255, 140, 120))
            surface.blit(img, (t.px(20), self.app.size[1] - t.px(40)))
