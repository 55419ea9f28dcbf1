"""Render what players read, headless: a mid-game screen with a decision open at 1280x720 and
1920x1080 (the log keeps its 8 lines beside the panel), and the full-log view (L).

    SDL_VIDEODRIVER=dummy python tools/readable_screenshots.py [OUT_FOLDER] [--seed N]

Writes midgame_1280.png, midgame_1920.png, full_log_1280.png and full_log_1920.png.
"""
from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import GreedyBot, deciding_side  # noqa: E402
from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402


def midgame(spec, seed: int, turn: int = 3, kind: str = "action") -> Game:
    """GreedyBots play until turn `turn` asks for a decision of `kind` (the next seed if the
    game ends first)."""
    for s in range(seed, seed + 20):
        g = Game.new(spec, seed=s)
        bots = {"fp": GreedyBot(s), "sh": GreedyBot(s + 1)}
        for _ in range(4000):
            if g.state["winner"]:
                break
            p = g.state["pending"][-1] if g.state["pending"] else None
            if g.state["turn"] >= turn and p and p["kind"] == kind and len(g.log) > 40:
                return g
            side = deciding_side(g.state)
            cmds = [c for c in g.legal_commands() if c["side"] == side]
            g.submit(bots[side].choose(g, cmds))
    raise RuntimeError("the bots did not reach the position asked for")


def shoot(game: Game, size, out: Path, name: str, full_log: bool = False) -> None:
    home = Path(tempfile.mkdtemp(prefix="botwotr-shots-"))
    app = App(size=size, clock=StepClock(), home=home)
    try:
        scene = GameScene(app, game, mode="hotseat")
        app.push(scene)
        app.step()
        if scene.curtain:
            scene.lift_curtain()
        for _ in range(60):
            app.step()
        if full_log:
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_l, mod=0, unicode="l"))
            app.step()
            app.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, size[1] - 2), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        app.step()
        path = out / name
        app.screenshot(path)
        print(path, "log lines in view:", scene.log_panel.visible_lines())
    finally:
        app.close()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=str(Path(__file__).resolve().parent.parent / "docs" / "img"))
    ap.add_argument("--seed", type=int, default=2)
    a = ap.parse_args(argv)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    g = midgame(spec_for("rohan"), a.seed)
    for size in ((1280, 720), (1920, 1080)):
        shoot(g, size, out, f"midgame_{size[0]}.png")
        shoot(g, size, out, f"full_log_{size[0]}.png", full_log=True)


if __name__ == "__main__":
    main()
