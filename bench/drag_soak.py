"""Armies dragged on the board at random in random hotseat games (a soak, not a benchmark).

    python bench/drag_soak.py [--seeds 1-5] [--steps 500] [--size 1280x720]

For each seed, a Rohan and a Gondor game are played in a headless hotseat window (the step
clock). At an action decision (no die chosen yet), half the time, one of the acting side's unit
pieces is dragged with the mouse (left button mostly, right button a third of the time) onto a
region one or two steps away. Then the drop's popup gets a random button (a way, a count picker's
OK, or Cancel), or the target of a move-then-attack gets a click. Every other decision is a
random legal command through `GameScene.submit`. It reports the drops, the popups, the drops that
became commands, the targets clicked, every failure the window's crash boundary caught
(`App.last_error`), and the labels the ways' popups showed.

Session 14 wrote it for the drag before a die (`DragDrop._ways_from`); its first run found a
die named "box" (the Shadow Box's) failing the press.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
sys.path.insert(0, os.path.join(HERE, "..", "tests", "ui"))  # (its conftest first: `click`)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def seeds_of(text: str) -> list[int]:
    if "-" in text:
        a, b = text.split("-")
        return list(range(int(a), int(b) + 1))
    return [int(x) for x in text.split(",")]


def soak(scenario: str, seed: int, steps: int, size, home: str, stats: dict, labels: set) -> None:
    from conftest import click
    from test_dragdrop_animation import drag

    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.core.bots import deciding_side
    from botwotr.ui.app import App, StepClock
    from botwotr.ui.scenes.game import GameScene

    spec = spec_for(scenario)
    g, rng = Game.new(spec, seed=seed), random.Random(seed)
    app = App(size=size, clock=StepClock(1 / 60), home=home)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step()
    bv = scene.board

    def screen(region):
        x, y = bv.camera.to_screen(*bv.layout.anchor(region, "army"))
        return round(x), round(y)

    for _step in range(steps):
        if g.state["winner"]:
            break
        if scene.curtain:
            scene.lift_curtain()
            app.step()
        p = g.state["pending"][-1]
        if p["kind"] == "action" and rng.random() < 0.6:
            app.step()
            mine = [k for k in bv.piece_rects if k[0] == "unit" and g.state["regions"][k[1]].get("side") == p["side"]]
            if mine:
                k = rng.choice(mine)
                near = sorted(spec.board.neighbours(k[1]))
                far = sorted({y for x in near for y in spec.board.neighbours(x)})
                b = screen(rng.choice(near + far))
                if bv.rect.collidepoint(b):
                    n = len(g.log)
                    stats["drops"] += 1
                    drag(app, bv.piece_rects[k].center, b, button=rng.choice([1, 1, 3]))
                    dd = scene.dragdrop
                    for _ in range(4):
                        if dd.popup is not None:
                            stats["popups"] += 1
                            ways = list(getattr(dd.popup, "buttons", []) or [dd.popup.btn_ok])
                            labels.update(w.text for w in getattr(dd.popup, "buttons", []))
                            app.step()
                            click(app, rng.choice(ways + [dd.popup.btn_cancel]).rect.center)
                            if scene.curtain:
                                scene.lift_curtain()
                                app.step()
                        elif dd.aim is not None:
                            stats["targets"] += 1
                            click(app, screen(dd.aim[3][0]))
                    stats["commands"] += len(g.log) > n
                    if app.last_error:
                        stats["errors"].append(f"{scenario} seed {seed}: {app.last_error}")
                        app.last_error = None
                    for _ in range(5):
                        app.step()
                    scene.animator.finish()
                    continue
        side = deciding_side(g.state)
        cmds = [c for c in g.legal_commands() if c["side"] == side]
        if cmds:
            scene.submit(rng.choice(cmds))
            scene.animator.finish()
        app.step()
    if app.last_error:
        stats["errors"].append(f"{scenario} seed {seed}: {app.last_error}")
    app.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seeds", default="1-5")
    ap.add_argument("--steps", type=int, default=500)
    ap.add_argument("--size", default="1280x720")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.lower().split("x"))
    stats: dict = {"drops": 0, "popups": 0, "commands": 0, "targets": 0, "errors": []}
    labels: set[str] = set()
    with tempfile.TemporaryDirectory() as home:
        for seed in seeds_of(args.seeds):
            for scenario in ("rohan", "gondor"):
                soak(scenario, seed, args.steps, size, home, stats, labels)
    print(
        f"drops {stats['drops']}, popups {stats['popups']}, drops that became commands {stats['commands']}, "
        f"targets clicked {stats['targets']}, failures {len(stats['errors'])}"
    )
    for e in stats["errors"]:
        print("FAILED", e)
    print(f"{len(labels)} ways' labels, e.g.: " + "; ".join(sorted(labels)[:12]))


if __name__ == "__main__":
    main()
