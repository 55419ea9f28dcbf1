"""Render the documentation screenshots headless (docs/img/title.png, board_1920.png,
board_tooltip.png).

    SDL_VIDEODRIVER=dummy python tools/ui_screenshots.py [OUT_FOLDER]

The title screen at 1280x720; the game screen at 1920x1080 on the Battle for Rohan set-up, the
Shadow to choose Saruman's position, Edoras under the mouse; then the tooltip of an army.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402
from botwotr.ui.scenes.title import TitleScene  # noqa: E402


def frames(app, n=30):
    for _ in range(n):
        app.step()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="botwotr-shots-"))
    app = App(size=(1280, 720), clock=StepClock(), home=home)
    try:
        app.push(TitleScene(app))
        frames(app, 2)
        app.screenshot(out / "title.png")

        app.resize(1920, 1080)
        scene = GameScene(app, Game.new(spec_for("rohan"), seed=3))
        app.push(scene)
        frames(app, 2)
        scene.lift_curtain()
        frames(app, 2)
        # hover Edoras: its outline lights up (the picture is taken before the tooltip shows)
        bv = scene.board
        x, y = bv.camera.to_screen(*bv.layout.anchor("edoras", "label"))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x) + 40, round(y) + 80),
                                             rel=(0, 0), buttons=(0, 0, 0)))
        frames(app, 3)
        app.screenshot(out / "board_1920.png")
        rect = bv.piece_rects.get(("unit", "isen_vale", "warg_riders"))
        if rect is not None:  # and a unit's tooltip
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            frames(app, 40)
            app.screenshot(out / "board_tooltip.png")
    finally:
        app.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs" / "img")
