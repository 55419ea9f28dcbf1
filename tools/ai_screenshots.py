"""Render the computer opponent's documentation pictures headless (docs/ui.md, "Playing against
the computer"): docs/img/ai_hint.png (a hint: the command in words, its reason, its regions tinted
on the board, the card it plays marked in the hand and on its tile, the die to use outlined) and
docs/img/ai_table.png (companion mode, the Shadow played by the computer: its move told to the
table). The computer thinks in its worker process, with an iteration budget (the same pictures on
every machine).

    SDL_VIDEODRIVER=dummy python tools/ai_screenshots.py [OUT_DIR] [--lang LANG]
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from botwotr.ai import Budget  # noqa: E402
from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game, RuleError  # noqa: E402
from botwotr.core.bots import GreedyBot, deciding_side  # noqa: E402
from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.outcomes import OutcomeDialog  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402

ITERATIONS = 20  # the hint's and the computer's budget here



def submit_entered(game, cmd) -> None:
    """Submit a companion command with the outcomes the players enter at the table: the first
    outcome the core offers, added one at a time until it takes the command."""
    cmd = dict(cmd)
    while True:
        try:
            game.submit(cmd)
            return
        except RuleError as e:
            cmd["outcomes"] = [*cmd.get("outcomes", []), (e.data.get("options") or [3])[0]]

def click(app, pos):
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
              pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
              pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])


def frames(app, n=4):
    for _ in range(n):
        app.step()


def hint(app, out: Path) -> None:
    """Rohan, seed 1, turn 1: the Free Peoples' action; the hint plays Skirmishers with a die."""
    g = Game.new(spec_for("rohan"), seed=1)
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    while len(g.log) < 26:
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    frames(app)
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    scene.computer.budget_fn = lambda seconds: Budget(iterations=ITERATIONS)
    try:
        app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i"),
                  pygame.event.Event(pygame.KEYUP, key=pygame.K_i, mod=0)])
        for _ in range(6000):
            app.step()
            if scene.computer.hint is not None or scene.computer.failure:
                break
            time.sleep(0.005)
        h = scene.computer.hint
        if h is None:
            raise RuntimeError(f"no hint: {scene.computer.failure}")
        die = next((t for e in scene.decision.flow if e[0] == "tiles" for t in e[1] if t.marked), None)
        if die is not None and die.name.startswith("die:"):
            click(app, die.rect.center)  # the die picked: the card's tile shows, outlined
        frames(app)
        app.screenshot(out / "ai_hint.png")
        print("ai_hint.png:", h["command"], h["reason"])
    finally:
        scene.computer.close()
        app.pop()


def table(app, out: Path) -> None:
    """Companion mode, the Shadow played by the computer (normal): the first army it moves or
    attacks with (a single army: the sentence names its units)."""
    from botwotr.ui.scenes.title import TitleScene

    title = TitleScene(app)
    title.seed = 5
    app.push(title)
    frames(app, 2)
    click(app, title.mode_buttons["companion"].rect.center)
    click(app, title.side_rows["sh"]["computer"].rect.center)
    click(app, title.btn_new.rect.center)
    scene = app.scene
    game = scene.game
    scene.computer.budget_fn = lambda seconds: Budget(iterations=ITERATIONS)
    bot = GreedyBot(5)
    try:
        for _ in range(60_000):
            app.step()
            if isinstance(app.scene, OutcomeDialog):  # the players enter the computer's roll or draw
                dialog = app.scene
                app.pop()
                submit_entered(game, dialog.cmd)
                scene.refresh()
                continue
            tm = scene.table_move
            if tm is not None:
                c = tm["command"]
                if c.get("cmd") == "move_army" or (c.get("cmd") == "attack" and not c.get("armies")):
                    away = (scene.side_rect.x + 10, scene.side_rect.bottom - 10)  # (no tooltip over the board)
                    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=away, rel=(0, 0), buttons=(0, 0, 0))])
                    frames(app, 30)
                    app.screenshot(out / "ai_table.png")
                    print("ai_table.png:", tm["text"])
                    return
                click(app, scene.btn_table_done.rect.center)
                continue
            if scene.actor == "fp" and scene.legal and scene.computer.thinking is None and not scene.animator.busy:
                submit_entered(game, bot.choose(game, [c for c in scene.legal if c["side"] == "fp"]))
                scene.refresh()
            if scene.animator.busy:
                scene.animator.finish()
            time.sleep(0.002)
        raise RuntimeError("the computer never moved an army")
    finally:
        scene.computer.close()


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    out = Path(args[0]) if args else Path(__file__).resolve().parent.parent / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    if "--lang" in argv:
        from botwotr.ui.i18n import set_language

        set_language(argv[argv.index("--lang") + 1])
    home = Path(tempfile.mkdtemp(prefix="botwotr-ai-shots-"))
    app = App(size=(1280, 720), clock=StepClock(1 / 60), home=home)
    try:
        hint(app, out)
        table(app, out)
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
