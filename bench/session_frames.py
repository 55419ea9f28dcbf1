"""Every frame of a hotseat session played at a person's pace (issue 11: "frame median with
animation <= 2 ms and p99 <= 8 ms, including the frame after a command, a zoom step, a resize
and a pan"), on the Battle for Rohan at 1920x1080, headless.

    python bench/session_frames.py [--runs 5] [--commands 100] [--think 45 180] [--against DIR]

A Rohan random game (seed 7) played to command 40, then opened in a hotseat window in a fresh
process (the step clock: 1/60 s a frame, no sleep). The window idles until its warm-up is done
(a player looking at the board after opening it: about two seconds). Then, for each of
`--commands` random commands of the game (seed 7):
- when the cover is down (the screen to hand over), a few frames with it, then the frame in
  which it is lifted (`lift_curtain`, as its button does);
- the player reads for `--think` frames (drawn between the two numbers: 45-180 frames is 0.75-3 s,
  quicker than people decide at a board), the mouse moving onto another region of the board
  every 12 of them (its outline and tooltip);
- the command through `GameScene.submit` and its frame; its animation then plays out in the
  frames after (not finished at once);
- every 10th command, before it: three zoom notches in over the board, a frame each, the frames
  until the board is settled, and three out;
- every 10th command (the 5th of ten), before it: a pan (a middle-button drag, 12 px a frame,
  30 frames);
- every 25th command, before it: the window resized (1920x1080 to 1600x900, or back), then the
  frames until the board and the panels are settled.
Every frame is timed (CPU, `time.process_time`), the untimed work being only the bench's own
choices. Printed per tree: all the frames' median and p99 (the goal's reading: the frames of a
session, those after a command, a zoom, a resize and a pan included); the same without the
frames after a command; the frames after a command alone (median, p99: the reading of
bench/command_frames.py); the share of frames after a command; the baseline taken in the same
process: one full-window blit. min / median / max over the runs; with `--against DIR` another
checkout run in turn, and the ratio of the medians.
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
SIZES = ((1920, 1080), (1600, 900))


def pct(values, p):
    xs = sorted(values)
    return xs[min(len(xs) - 1, int(len(xs) * p / 100))]


def one(commands: int, think: tuple[int, int]) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from window_game import new_window, open_hotseat, random_command

    g, rng = Game.new(spec_for("rohan"), seed=7), random.Random(7)
    for _ in range(40):
        g.submit(random_command(g, rng))
    app = new_window()
    scene, _opening = open_hotseat(app, g)
    for _ in range(600):
        if not getattr(scene, "warming", False):
            break
        app.step([])
    src = pygame.Surface(app.size).convert()
    blits = []
    for _ in range(200):
        t = time.process_time()
        app.screen.blit(src, (0, 0))
        blits.append(time.process_time() - t)

    pace = random.Random(11)
    kinds: dict[str, list[float]] = {"command": [], "cover": [], "idle": [], "mouse": [], "zoom": [], "pan": [],
                                     "resize": []}  # fmt: skip

    def frame(kind: str, events=(), before=None) -> None:
        t = time.process_time()
        if before is not None:
            before()
        app.step(list(events))
        kinds[kind].append(time.process_time() - t)

    def mouse_onto_a_region() -> list:
        board = scene.board
        regions = sorted(board.layout.polygons)
        for _ in range(50):
            pos = [round(c) for c in board.region_screen_center(pace.choice(regions))]
            if board.rect.collidepoint(pos):
                return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))]
        return []

    def unsettled() -> bool:
        return bool(getattr(scene.board, "smoothing", False) or getattr(scene, "panels_settling", False))

    def until_settled(kind: str) -> None:
        for _ in range(2000):
            if not unsettled():
                return
            frame(kind)

    def wheel(y: int) -> list:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)]

    size_at = 0
    for k in range(commands):
        if g.state["winner"]:
            break
        if scene.curtain:
            for _ in range(pace.randint(10, 40)):
                frame("cover")
            frame("cover", before=scene.lift_curtain)
        if k % 25 == 24:
            size_at = 1 - size_at
            w, h = SIZES[size_at]
            frame("resize", [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])
            until_settled("resize")
        if k % 10 == 9:
            centre = scene.board.rect.center
            frame("mouse", [pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))])
            for y in (1, 1, 1, -1, -1, -1):
                frame("zoom", wheel(y))
                until_settled("zoom")
        if k % 10 == 4:
            pos = list(scene.board.rect.center)
            frame("pan", [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=tuple(pos), button=2)])
            for i in range(30):
                d = 12 if i < 15 else -12
                pos[0] += d
                frame("pan", [pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(d, 0), buttons=(0, 1, 0))])
            frame("pan", [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(pos), button=2)])
        for i in range(pace.randint(*think)):
            if i % 12 == 0:
                frame("mouse", mouse_onto_a_region())
            else:
                frame("idle")
        cmd = random_command(g, rng)
        frame("command", before=lambda cmd=cmd: scene.submit(cmd))
    assert app.last_error is None, app.last_error
    every = [x for xs in kinds.values() for x in xs]
    rest = [x for name, xs in kinds.items() if name != "command" for x in xs]
    cmd_frames = kinds["command"]
    out = {
        "commands": len(cmd_frames),
        "frames": len(every),
        "all median": statistics.median(every),
        "all p99": pct(every, 99),
        "rest p99": pct(rest, 99),
        "command median": statistics.median(cmd_frames),
        "command p99": pct(cmd_frames, 99),
        "command share": len(cmd_frames) / len(every),
        "blit": statistics.median(blits),
    }
    for name, xs in kinds.items():
        if xs:
            out[f"{name} p99"] = pct(xs, 99)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--commands", type=int, default=100)
    ap.add_argument("--think", type=int, nargs=2, default=(45, 180), metavar=("MIN", "MAX"))
    ap.add_argument("--against")
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        sys.path.insert(0, os.environ.get("TREE", os.path.join(HERE, "..")))
        print(json.dumps(one(a.commands, tuple(a.think))))
        return 0
    from window_game import runs_in_turn

    args = ["--commands", str(a.commands), "--think", *map(str, a.think)]
    runs, loads = runs_in_turn(__file__, args, a.runs, HERE, a.against)
    trees = list(runs)
    first = runs["this"][0]
    print(
        f"Rohan seed 7 from command 40, a hotseat session at 1920x1080: {first['commands']} commands, "
        f"{first['frames']} frames a run (a person reading {a.think[0]}-{a.think[1]} frames before each command; "
        f"{first['command share'] * 100:.1f} % of the frames are a command's); {a.runs} runs, "
        f"load {min(loads):.2f}-{max(loads):.2f}; CPU ms min / median / max over the runs"
    )

    def mmm(xs, scale=1000.0, fmt="{:.2f}"):
        return " / ".join(fmt.format(v * scale) for v in (min(xs), statistics.median(xs), max(xs)))

    names = {
        "blit": "baseline: one full-window blit",
        "all median": "every frame: median",
        "all p99": "every frame: p99",
        "rest p99": "every frame but those after a command: p99",
        "command median": "the frames after a command: median",
        "command p99": "the frames after a command: p99",
        "cover p99": "the cover's frames (the one lifting it included): p99",
        "mouse p99": "the mouse onto another region: p99",
        "zoom p99": "a zoom notch and its settling frames: p99",
        "pan p99": "panning: p99",
        "resize p99": "a resize and its settling frames: p99",
    }
    head = "| figure | " + " | ".join(f"{k} | {k} / blit" for k in trees)
    print(head + (" | this / other |" if a.against else " |"))
    for label, name in names.items():
        if any(label not in x for k in trees for x in runs[k]):
            continue
        line = f"| {name} |"
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
