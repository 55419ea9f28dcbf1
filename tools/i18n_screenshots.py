"""Screenshots of the window in each language (docs/img/i18n_<lang>_*.png), at 1280x720:
the title screen, a battle (bots play the Battle for Rohan until one is fought), the help, and
the Battle for Gondor's log just after a stronghold's walls are worn (`*_gondor_siege.png`).

    SDL_VIDEODRIVER=dummy python tools/i18n_screenshots.py [OUT_FOLDER] [LANG...]
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import GreedyBot, deciding_side  # noqa: E402
from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.i18n import set_language  # noqa: E402

LANGS = ("pt_BR", "es", "ru")


def frames(app, n=3):
    for _ in range(n):
        app.step()


def play_to(scene, game, want, steps=2000, seed=4):
    """Bots play until `want(game)` holds (a battle decision, say); True if it did."""
    bots = {"fp": GreedyBot(seed), "sh": GreedyBot(seed + 1)}
    for _ in range(steps):
        if want(game):
            return True
        if game.state["winner"]:
            return False
        if scene.curtain:
            scene.lift_curtain()
        side = deciding_side(game.state)
        cmds = [c for c in game.legal_commands() if c["side"] == side]
        scene.submit(bots[side].choose(game, cmds))
        scene.animator.finish()
        scene.update(1 / 60)
    return want(game)


def shoot(lang: str, out: Path) -> list[Path]:
    from botwotr.ui.scenes.game import GameScene
    from botwotr.ui.scenes.title import TitleScene

    set_language(lang)
    home = Path(tempfile.mkdtemp(prefix="botwotr-i18n-"))
    app = App(size=(1280, 720), clock=StepClock(), home=home)
    made = []
    try:
        app.push(TitleScene(app))
        frames(app, 2)
        made.append(app.screenshot(out / f"i18n_{lang}_title.png"))
        game = Game.new(spec_for("rohan"), seed=4)
        scene = GameScene(app, game, mode="hotseat")
        app.push(scene)
        frames(app, 2)

        def in_battle(g):
            p = g.state["pending"][-1] if g.state["pending"] else None
            return p is not None and p["kind"] in ("tactic",)

        play_to(scene, game, in_battle)
        if scene.curtain:
            scene.lift_curtain()
        scene.animator.finish()
        frames(app, 3)
        made.append(app.screenshot(out / f"i18n_{lang}_battle.png"))
        scene.show_help = True
        frames(app, 2)
        made.append(app.screenshot(out / f"i18n_{lang}_help.png"))
        scene.show_help = False
        # the Battle for Gondor: the log just after the walls of a stronghold are worn
        game = Game.new(spec_for("gondor"), seed=2)
        scene = GameScene(app, game, mode="hotseat")
        app.push(scene)

        def walls_worn(g):
            recent = [e for x in g.log[-2:] for e in x["events"]]
            return any(e["e"] == "Note" and e.get("code") == "protection_falls" for e in recent)

        play_to(scene, game, walls_worn, seed=2)
        if scene.curtain:
            scene.lift_curtain()
        scene.animator.finish()
        frames(app, 3)
        made.append(app.screenshot(out / f"i18n_{lang}_gondor_siege.png"))
    finally:
        app.close()
        set_language("en")
    return made


def main(argv: list[str]) -> None:
    out = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    for lang in argv[1:] or LANGS:
        for p in shoot(lang, out):
            print(p)


if __name__ == "__main__":
    main(sys.argv[1:])
