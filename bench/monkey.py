"""The whole window played with random input, from the title screen (a soak, not a benchmark).

    python bench/monkey.py [--seeds 1-6] [--frames 5000] [--size 1280x720]

Each seed opens a headless window (dummy video driver, the step clock) on a home of its own that
holds three saves to find (a finished Rohan game, a Gondor game in its middle, a companion
game), then for `--frames` frames feeds random input: clicks (mostly on the scene's widgets),
mouse moves, drags, the wheel, keys (with and without Ctrl), typed text, and window resizes; a
hotseat cover is lifted half the time. It stops at the first failure the window's crash boundary
caught (`App.last_error`), prints its traceback, and reports the scenes reached.

A seed's report: "seed N frames F scenes [...] errors []". Anything printed to stderr besides
pygame's banner is worth a look (a worker process's traceback is not caught by the window's
boundary: session 11 found one this way, the computer's worker writing to a closed pipe).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SIZES = [(1280, 720), (1024, 768), (1600, 900), (900, 600)]


def saves(home: str, seed: int) -> None:
    """The saves a seed's window finds: a finished Rohan game, a Gondor game at its 150th
    command, a Rohan companion game at its 80th."""
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.persistence.save import save
    from helpers import submit_asking  # tests/helpers.py: the dice and draws told at random
    from window_game import random_command

    os.makedirs(os.path.join(home, "saves"), exist_ok=True)
    for face, n, opts in (("rohan", 10**6, None), ("gondor", 150, None), ("rohan", 80, {"companion": True})):
        g = Game.new(spec_for(face), seed=seed, options=opts)
        rng = random.Random(seed)
        k = 0
        while not g.state["winner"] and k < n:
            submit_asking(g, random_command(g, rng), rng)
            k += 1
        save(g, os.path.join(home, "saves", f"{face}-{seed}-{k}.json"))


def widget_spots(scene) -> list:
    spots = []
    todo = list(scene._widgets()) if hasattr(scene, "_widgets") else list(getattr(scene, "widgets", None) or [])
    while todo:
        w = todo.pop()
        rect = getattr(w, "rect", None)
        if getattr(w, "visible", True) and rect is not None and getattr(rect, "w", 0) > 0:
            spots.append(rect.center)
        todo += list(getattr(w, "children", None) or [])
    return spots


def events(app, rng, pos):
    """One frame's random input (and the mouse's position after it)."""
    ev = pygame.event.Event
    w, h = app.size
    r = rng.random()
    if r < 0.35:  # a click, mostly on a widget
        spots = widget_spots(app.scene)
        p = rng.choice(spots) if spots and rng.random() < 0.7 else (rng.randrange(w), rng.randrange(h))
        return [ev(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)),
                ev(pygame.MOUSEBUTTONDOWN, pos=p, button=1), ev(pygame.MOUSEBUTTONUP, pos=p, button=1)], p  # fmt: skip
    if r < 0.5:
        p = (rng.randrange(w), rng.randrange(h))
        return [ev(pygame.MOUSEMOTION, pos=p, rel=(p[0] - pos[0], p[1] - pos[1]), buttons=(0, 0, 0))], p
    if r < 0.6:  # a drag
        a, b = (rng.randrange(w), rng.randrange(h)), (rng.randrange(w), rng.randrange(h))
        return [ev(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                ev(pygame.MOUSEMOTION, pos=b, rel=(b[0] - a[0], b[1] - a[1]), buttons=(1, 0, 0)),
                ev(pygame.MOUSEBUTTONUP, pos=b, button=1)], b  # fmt: skip
    if r < 0.7:
        return [ev(pygame.MOUSEWHEEL, x=0, y=rng.choice((1, -1, 3)), flipped=False)], pos
    if r < 0.8:
        k = rng.choice(KEYS)
        mod = rng.choice((0, 0, pygame.KMOD_CTRL))
        return [ev(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0),
                ev(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)], pos  # fmt: skip
    if r < 0.82:
        app.resize(*rng.choice(SIZES))
        return [], pos
    if r < 0.84:
        return [ev(pygame.TEXTINPUT, text=rng.choice(["a", "Ж", "1", " ", "é"]))], pos
    return [], pos


KEYS = [getattr(pygame, f"K_{k}") for k in ("ESCAPE", "RETURN", "SPACE", "l", "F1", "z", "y", "TAB", "LEFT", "RIGHT",
                                             "UP", "DOWN", "PAGEUP", "PAGEDOWN", "HOME", "END", "PLUS", "MINUS", "0",
                                             "1", "s", "h", "BACKSPACE", "a")]  # fmt: skip


def one(seed: int, frames: int, size, home: str | None = None) -> tuple[bool, set]:
    """One seed's run (`home`: the window's folder, a new temporary one if not given): whether no
    failure was caught, and the scenes reached."""
    from botwotr.ui.app import App, StepClock
    from botwotr.ui.scenes.title import TitleScene

    rng = random.Random(seed)
    home = home or tempfile.mkdtemp(prefix=f"botwotr-monkey-{seed}-")
    saves(home, seed)
    app = App(size=size, clock=StepClock(1 / 30), home=home)
    app.reset_to(TitleScene(app))
    seen, pos, error = set(), (size[0] // 2, size[1] // 2), None
    f = 0
    for f in range(frames):
        evs, pos = events(app, rng, pos)
        if getattr(app.scene, "curtain", None) and rng.random() < 0.5:
            app.scene.lift_curtain()
        app.step(evs)
        seen.add(type(app.scene).__name__)
        if app.last_error is not None:
            error = app.last_error
            traceback.print_exception(error)
            break
        if not app.running:  # (Quit clicked: the title again)
            app.running = True
            app.reset_to(TitleScene(app))
    app.close()
    print(f"seed {seed} frames {f + 1} scenes {sorted(seen)} errors {[repr(error)] if error else []}", flush=True)
    return error is None, seen


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-6", help="a range a-b or a list a,b,c")
    ap.add_argument("--frames", type=int, default=5000)
    ap.add_argument("--size", default="1280x720")
    a = ap.parse_args()
    if "-" in a.seeds:
        lo, hi = (int(x) for x in a.seeds.split("-"))
        seeds = list(range(lo, hi + 1))
    else:
        seeds = [int(x) for x in a.seeds.split(",")]
    size = tuple(int(x) for x in a.size.lower().split("x"))
    ok = all([one(s, a.frames, size)[0] for s in seeds])
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
