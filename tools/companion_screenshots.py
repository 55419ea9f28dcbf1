"""Render the companion-mode documentation pictures headless: docs/img/companion_dice.png (the
outcome dialog entering the action dice), docs/img/companion_edit.png (the board-edit mode, an
army being dragged), docs/img/companion_opening.png (entering an opening hand),
docs/img/companion_cards_marked.png (a two-card draw: the first card picked stays in the grid,
marked) and docs/img/companion_tactics.png (both battle tactics entered in one panel).

    SDL_VIDEODRIVER=dummy python tools/companion_screenshots.py [OUT_DIR]
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game, RuleError  # noqa: E402
from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402


def submit_asking(g, cmd, rng):
    cmd = dict(cmd)
    while True:
        try:
            return g.submit(cmd)
        except RuleError as e:
            if e.code != "chance/needs_outcome":
                raise
            v = rng.randint(1, 6) if e.data["kind"] == "die" else rng.choice(e.data["options"])
            cmd["outcomes"] = cmd.get("outcomes", []) + [v]


def frames(app, n=4):
    for _ in range(n):
        app.step()


def to_kind(g, kind, rng, side=None):
    from botwotr.core.bots import GreedyBot, deciding_side
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    for _ in range(5000):
        p = g.state["pending"][-1]
        if p["kind"] == kind and (side is None or side in (p.get("sides") or [p.get("side")])):
            return
        sd = deciding_side(g.state)
        submit_asking(g, bots[sd].choose(g, [c for c in g.legal_commands() if c["side"] == sd]), rng)
    raise RuntimeError(f"never reached {kind}")


def cards(app, spec, out: Path) -> None:
    rng = random.Random(1)
    g = Game.new(spec, seed=2, options={"companion": True})
    scene = GameScene(app, g)
    app.push(scene)
    frames(app)
    scene.submit({"cmd": "draw_cards", "side": "fp"})
    dlg = app.scene
    dlg.answer("council_of_war")
    app.mouse = (-1, -1)
    frames(app)
    app.screenshot(out / "companion_opening.png")
    dlg.answer(dlg.need["options"][0])
    dlg.confirm()
    frames(app)
    while g.state["pending"][-1]["kind"] != "roll_dice":
        submit_asking(g, g.legal_commands()[0], rng)
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["event"] * g.state["sides"]["fp"]["dice"]})
    submit_asking(g, {"cmd": "roll_dice", "side": "sh"}, rng)
    while g.state["pending"][-1] != {"kind": "action", "side": "fp"}:
        submit_asking(g, g.legal_commands()[0], rng)
    scene.refresh(force=True)
    scene.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "council_of_war"})
    dlg = app.scene
    dlg.answer(sorted(dlg.need["options"])[3])
    frames(app)
    app.screenshot(out / "companion_cards_marked.png")
    dlg.cancel()
    app.pop()


def tactics(app, spec, out: Path) -> None:
    rng = random.Random(3)
    g = Game.new(spec, seed=5, options={"companion": True})
    to_kind(g, "tactic", rng)
    scene = GameScene(app, g)
    app.push(scene)
    frames(app)
    panel = scene.decision
    sides = g.state["pending"][-1]["sides"]
    for sd in sides:
        name = next(n for n in panel.names() if n.startswith(f"tactic:{sd}:maneuver:")) if sd == sides[0] \
            else f"tactic:{sd}:regroup"
        w = panel.find(name)
        panel.reveal(w)
        w.clicked()
        frames(app, 1)
    panel.scroll = 0
    panel.layout(scene.theme)
    app.mouse = (-1, -1)
    frames(app)
    app.screenshot(out / "companion_tactics.png")
    app.pop()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    spec = spec_for("rohan")
    with tempfile.TemporaryDirectory() as home:
        app = App(size=(1280, 720), clock=StepClock(1 / 60), home=home)
        rng = random.Random(0)
        g = Game.new(spec, seed=2, options={"companion": True})
        while g.state["pending"][-1]["kind"] != "roll_dice":
            submit_asking(g, g.legal_commands()[0], rng)
        scene = GameScene(app, g)
        app.push(scene)
        frames(app)
        scene.submit({"cmd": "roll_dice", "side": "fp"})
        dlg = app.scene
        dlg.answer("will")
        dlg.answer("event")
        app.mouse = (-1, -1)
        frames(app)
        app.screenshot(out / "companion_dice.png")
        dlg.cancel()
        scene.message_time = 0
        frames(app)
        scene.edit.toggle()
        frames(app)
        bv = scene.board
        start = bv.piece_rects[next(k for k in bv.piece_rects if k[:2] == ("unit", "helms_deep"))].center
        x, y = bv.camera.to_screen(*bv.layout.anchor("deeping_coomb", "army"))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        app.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(round(x) + 20, round(y) + 10), rel=(1, 1),
                                             buttons=(1, 0, 0)))
        frames(app)
        app.screenshot(out / "companion_edit.png")
        app.pop()
        cards(app, spec, out)
        tactics(app, spec, out)
        app.close()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent.parent / "docs" / "img")
