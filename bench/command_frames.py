"""The frame after each command, over a long stretch of a Rohan hotseat game (issue 11), at
1920x1080, headless.

    python bench/command_frames.py [--runs 5] [--commands 150] [--against DIR]

A Rohan random game (seed 7) played to command 40, then opened in a hotseat window in a fresh
process; the window is stepped until its board and panels are settled and 120 idle frames more
(the warm-up of `botwotr/ui/warm.py` runs in them); then `--commands` random commands of the
game, each through `GameScene.submit` and one frame (the cover lifted before each, the animation
finished and 20 frames between them); then 200 frames each with the mouse moved onto another
region of the board (its outline and tooltip). Each run prints the CPU time
(`time.process_time`) of those command frames (`submit` and the frame): median, p90, p99,
the slowest and the mean of the slowest tenth (a steadier figure of the tail than one p99);
and of the mouse's frames: median and p99; and the baseline taken in the same process just
before them: one full-window blit (a 1920x1080 picture onto the window), median of 200.
Figures are min / median / max over the runs, per tree (this one and, with `--against DIR`,
another checkout, PYTHONPATH=DIR, interleaved run by run); the ratio columns are the median of
the per-run ratios to the blit, and the ratio of the two trees' medians.

bench/first_commands.py measures a freshly opened window's first eight commands; this one the
frames of an ordinary stretch of play in a warmed window, where the 8 ms of the p99 goal holds
or not.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def one(commands: int) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from window_game import command_frame, new_window, open_hotseat, random_command

    g, rng = Game.new(spec_for("rohan"), seed=7), random.Random(7)
    for _ in range(40):
        g.submit(random_command(g, rng))
    app = new_window()
    scene, _opening = open_hotseat(app, g)
    scene.autosave()
    for _ in range(120):
        app.step([])
    src = pygame.Surface(app.size).convert()
    blits = []
    for _ in range(200):
        t = time.process_time()
        app.screen.blit(src, (0, 0))
        blits.append(time.process_time() - t)
    frames = []
    for _ in range(commands):
        if g.state["winner"]:
            break
        frames.append(command_frame(app, scene, g, rng))
    # the mouse moved over the board from one region to another, a frame each (the hovered
    # region's outline and its tooltip)
    board = scene.board
    regions = sorted(board.layout.polygons)
    hover_rng = random.Random(3)
    hovers = []
    while len(hovers) < 200:
        pos = [round(c) for c in board.region_screen_center(hover_rng.choice(regions))]
        if not board.rect.collidepoint(pos):
            continue
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        t = time.process_time()
        app.step([ev])
        hovers.append(time.process_time() - t)
    assert app.last_error is None, app.last_error
    frames.sort()
    hovers.sort()
    n = len(frames)
    return {
        "n": n,
        "median": statistics.median(frames),
        "p90": frames[int(n * 0.9)],
        "p99": frames[min(n - 1, int(n * 0.99))],
        "max": frames[-1],
        "tail": statistics.mean(frames[-max(1, n // 10):]),
        "hover median": statistics.median(hovers),
        "hover p99": hovers[int(len(hovers) * 0.99)],
        "blit": statistics.median(blits),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--commands", type=int, default=150)
    ap.add_argument("--against")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        sys.path.insert(0, os.environ.get("TREE", os.path.join(HERE, "..")))
        print(json.dumps(one(a.commands)))
        return 0
    from window_game import runs_in_turn

    runs, loads = runs_in_turn(__file__, ["--commands", str(a.commands)], a.runs, HERE, a.against)
    trees = list(runs)
    n = runs["this"][0]["n"]
    print(
        f"Rohan seed 7 from command 40, hotseat 1920x1080, warmed window, {n} command frames a run; "
        f"{a.runs} runs, load {min(loads):.2f}-{max(loads):.2f}; CPU ms min / median / max over the runs"
    )

    def mmm(xs):
        return f"{min(xs) * 1000:.2f} / {statistics.median(xs) * 1000:.2f} / {max(xs) * 1000:.2f}"

    head = "| figure | " + " | ".join(f"{k} | {k} / blit" for k in trees)
    print(head + (" | this / other |" if a.against else " |"))
    names = {"blit": "baseline: one full-window blit", "hover median": "the mouse onto another region: median",
             "hover p99": "the mouse onto another region: p99",
             "tail": "command frames, the slowest tenth's mean"}  # fmt: skip
    for label in ("blit", "median", "p90", "p99", "max", "tail", "hover median", "hover p99"):
        line = f"| {names.get(label, 'command frame ' + label)} |"
        for k in trees:
            xs = [x[label] for x in runs[k]]
            ratio = statistics.median(x[label] / x["blit"] for x in runs[k])
            line += f" {mmm(xs)} | {ratio:.1f} |"
        if a.against:
            this = statistics.median(x[label] for x in runs["this"])
            other = statistics.median(x[label] for x in runs["other"])
            line += f" {this / other:.2f} |"
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
