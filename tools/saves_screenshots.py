"""Render the screenshots of the saves screens headless: docs/img/game_menu.png (the in-game
menu), load_screen.png (several games with their pictures, one file that cannot be opened),
load_delete.png (the delete confirmation), and title.png.

    SDL_VIDEODRIVER=dummy python tools/saves_screenshots.py [OUT_FOLDER]

Three Battle for Rohan games played by seeded random moves, a saved copy and a dangling link are
put into a temporary home folder; the window is 1280x720 and is driven by posted events.
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game, RuleError  # noqa: E402
from botwotr.persistence import autosave  # noqa: E402
from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.scenes.load import LoadScene  # noqa: E402
from botwotr.ui.scenes.title import TitleScene  # noqa: E402

GAMES = ((5, 40, {"players": {"fp": "Anna", "sh": "Boris"}}),
         (9, 120, {"companion": True}),
         (11, 8, {}))


def post_click(app, pos):
    for t in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        kw = {"rel": (0, 0), "buttons": (0, 0, 0)} if t == pygame.MOUSEMOTION else {"button": 1}
        pygame.event.post(pygame.event.Event(t, pos=pos, **kw))
        app.step()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="botwotr-saves-shots-"))
    spec = spec_for("rohan")
    for seed, n, opts in GAMES:
        g = Game.new(spec, seed=seed, options=opts)
        rng = random.Random(seed)
        for _ in range(n):
            if g.state["winner"]:
                break
            try:
                g.submit(rng.choice(g.legal_commands()))
            except RuleError:  # companion mode: a roll waits for the players' dice
                break
        autosave.autosave(g, home)
        if seed == 9:
            autosave.save_copy(g, "Before the big battle", home)
        time.sleep(1.1)  # distinct dates
    os.symlink(home / "nowhere.json", home / "saves" / "old link.json")
    app = App(size=(1280, 720), clock=StepClock(), home=home)
    try:
        title = TitleScene(app)
        app.push(title)
        app.step()
        app.screenshot(out / "title.png")
        post_click(app, title.btn_load.rect.center)
        load = app.scene
        assert isinstance(load, LoadScene)
        for _ in range(12):
            app.step()
        app.screenshot(out / "load_screen.png")
        names = [r.entry.path.stem for r in load.list.rows]
        i = names.index("Before the big battle")
        post_click(app, load.list.row_rect(i).center)
        post_click(app, load.btn_delete.rect.center)
        app.step()
        app.screenshot(out / "load_delete.png")
        post_click(app, load.btn_no.rect.center)
        j = next(k for k, r in enumerate(load.list.rows) if r.info and r.info.moves >= 40)
        post_click(app, load.list.row_rect(j).center)
        post_click(app, load.btn_open.rect.center)
        scene = app.scene
        post_click(app, scene.btn_reveal.rect.center)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.step()
        app.step()
        app.screenshot(out / "game_menu.png")
        assert app.last_error is None, app.last_error
    finally:
        app.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs" / "img")
