"""The first command frames in a freshly opened game window (issue 11), at 1920x1080, headless.

    python bench/first_commands.py [--runs 5] [--against DIR] [--idle 60] [--start 60]

A Rohan random game (seed 7) played to `--start` commands, then opened in a hotseat window in a
fresh process (the process's caches empty, as when the program starts); the window is stepped
until its board and panels are settled, then `--idle` frames more (a player's first second:
the warm-up of `botwotr/ui/warm.py` runs in them), then 8 commands of the same game, each through
`GameScene.submit` and one frame (autosaved once after opening, as a game opened from its
autosave has its file) (the cover lifted before each, the animation finished and 20
frames between them). Prints, in CPU time (`time.process_time`), each of the 8 command frames
and the slowest of the first 5, min / median / max over the runs, per tree (this one, and with
`--against DIR` another checkout, PYTHONPATH=DIR, interleaved run by run), and the ratio of the
medians; with `--warm W`, the same 8 commands in a window opened W commands earlier (the caches
filled by W commands: what the first ones would cost warm).
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


def one(start: int, idle: int, warm: int) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from window_game import command_frame, new_window, open_hotseat, random_command

    g, rng = Game.new(spec_for("rohan"), seed=7), random.Random(7)
    for _ in range(start - warm):
        g.submit(random_command(g, rng))
    app = new_window()
    scene, opening = open_hotseat(app, g)
    scene.autosave()  # (as a game opened from its autosave has its file: the first command appends)
    idle_cpu = []
    for _ in range(idle):
        t = time.process_time()
        app.step([])
        idle_cpu.append(time.process_time() - t)
    for _ in range(warm):
        command_frame(app, scene, g, rng)
    frames = [command_frame(app, scene, g, rng) for _ in range(8)]
    assert app.last_error is None, app.last_error
    return {"frames": frames, "opening": opening, "idle max": max(idle_cpu, default=0.0),
            "warming left": bool(getattr(scene, "warming", False))}  # fmt: skip


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against")
    ap.add_argument("--idle", type=int, default=60)
    ap.add_argument("--start", type=int, default=60)
    ap.add_argument("--warm", type=int, default=0)
    ap.add_argument("--one", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        sys.path.insert(0, os.environ.get("TREE", os.path.join(HERE, "..")))
        print(json.dumps(one(a.start, a.idle, a.warm)))
        return 0
    from window_game import runs_in_turn

    args = ["--idle", str(a.idle), "--start", str(a.start), "--warm", str(a.warm)]
    runs, loads = runs_in_turn(__file__, args, a.runs, HERE, a.against)
    trees = list(runs)
    print(f"Rohan seed 7 from command {a.start}, hotseat 1920x1080, {a.idle} idle frames, warm {a.warm}; "
          f"{a.runs} runs, load {min(loads):.2f}-{max(loads):.2f}; CPU ms min / median / max")  # fmt: skip

    def mmm(xs):
        return f"{min(xs) * 1000:.2f} / {statistics.median(xs) * 1000:.2f} / {max(xs) * 1000:.2f}"

    rows = [(f"command frame {k + 1}", lambda x, k=k: x["frames"][k]) for k in range(8)]
    rows += [("slowest of the first 5", lambda x: max(x["frames"][:5])), ("slowest of 8", lambda x: max(x["frames"])),
             ("opening (scene + first frame)", lambda x: x["opening"]), ("idle frames: slowest", lambda x: x["idle max"])]  # fmt: skip
    print("| figure | " + " | ".join(trees) + (" | ratio (medians) |" if a.against else " |"))
    for label, f in rows:
        vals = {k: [f(x) for x in runs[k]] for k in trees}
        line = f"| {label} | " + " | ".join(mmm(v) for v in vals.values())
        if a.against:
            line += f" | {statistics.median(vals['this']) / statistics.median(vals['other']):.2f}"
        print(line + " |")
    print("warm-up left unfinished in runs:", sum(x["warming left"] for x in runs["this"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
