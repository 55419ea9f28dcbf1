"""Frames with the garbage collector paced by the window (botwotr/ui/gcpace.py) against Python's
own automatic collector, in the same run (issue 11; docs/PERFORMANCE.md).

    python bench/gc_frames.py [--runs 5] [--commands 600] [--frames 20]

Each run plays a Battle for Rohan hotseat game (seed 5, the greedy bot on both sides, through
`GameScene.submit`) headless at 1280x720, with `--frames` frames between commands, as a player
would leave them: the command's own frame, the animation's frames (finished half-way), then calm
frames. Two fresh processes per run, interleaved: "paced" (the window's collector) and "automatic"
(`App.collector.stop()`: Python's collector as it is outside the window). Each frame's CPU time
(`time.process_time`: the window's own work, not the waits for a core on a shared machine) is put
in one of three kinds: the frame after a command (one was given: the log grew), a busy frame
(animation, settling), a calm frame (as the window counts it for its collector: no input and
`scene.calm()` for 10 frames; before session 9 the bench called `scene.calm()` itself before each
frame, which took the command's frame's "moved" from the window's own call: that frame counted
as calm for the collector).
Prints per kind the median, 99th percentile and maximum, min/median/max over the runs, and the
paced figure over the automatic one run by run; and the paced collector's passes in each kind of
frame (counted around `App.collector.frame_end`: the automatic collector's passes are not seen).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
KINDS = ("command", "busy", "calm")


def one(paced: bool, commands: int, frames: int) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, ROOT)
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.core.bots import GreedyBot
    from botwotr.ui.app import App, StepClock
    from botwotr.ui.scenes.game import GameScene

    app = App(size=(1280, 720), clock=StepClock(1 / 60), home=tempfile.mkdtemp())
    if not paced:
        app.collector.stop()
    g = Game.new(spec_for("rohan"), seed=5)
    scene = GameScene(app, g)
    app.push(scene)
    for _ in range(30):
        app.step([])
    bot = GreedyBot(seed=5)
    times: dict[str, list[float]] = {k: [] for k in KINDS}
    by_kind = {k: [0, 0, 0] for k in KINDS}  # the collector's passes in each kind of frame, by generation
    ran: list = []
    real_end = app.collector.frame_end

    def frame_end(*a, **k):
        gen = real_end(*a, **k)
        ran.append((a[0], gen))  # (whether the window counted the frame calm, the pass run)
        return gen

    app.collector.frame_end = frame_end
    n = 0
    gave = False  # (a command was given before this round's first frame: it is that command's frame)
    while not g.state.get("winner") and n < commands:
        for k in range(frames):
            t0 = time.process_time()
            app.step([])
            dt = time.process_time() - t0
            calm, gen = ran[-1]
            kind = "command" if k == 0 and gave else "calm" if calm else "busy"
            times[kind].append(dt)
            if gen is not None:
                by_kind[kind][gen] += 1
            if k == frames // 2 and scene.animator.busy:
                scene.animator.finish()
        if scene.curtain is not None:
            scene.lift_curtain()
        gave = False
        if scene.legal:
            before = len(g.log)
            scene.submit(bot.choose(g, scene.legal))
            gave = len(g.log) != before
            n += 1
    out = {}
    for k, xs in times.items():
        xs = sorted(xs)
        out[k] = {"median": xs[len(xs) // 2], "p99": xs[min(len(xs) - 1, int(0.99 * len(xs)))], "max": xs[-1],
                  "n": len(xs)}
    out["passes"] = app.collector.passes
    out["by kind"] = by_kind
    app.close()
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--commands", type=int, default=600)
    ap.add_argument("--frames", type=int, default=20)
    ap.add_argument("--one", choices=("paced", "automatic"), help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.one:
        print(json.dumps(one(a.one == "paced", a.commands, a.frames)))
        return 0
    runs: dict[str, list[dict]] = {"paced": [], "automatic": []}
    loads = []
    for r in range(a.runs):
        for mode in (("paced", "automatic") if r % 2 == 0 else ("automatic", "paced")):
            p = subprocess.run([sys.executable, __file__, "--one", mode, "--commands", str(a.commands),
                                "--frames", str(a.frames)], capture_output=True, text=True, check=True)
            runs[mode].append(json.loads(p.stdout.strip().splitlines()[-1]))
        loads.append(os.getloadavg()[0])
        print(f"run {r + 1}: load {loads[-1]:.2f}", file=sys.stderr)
    print(f"Rohan hotseat, {a.commands} commands, {a.frames} frames each, 1280x720, CPU time per frame; "
          f"{a.runs} runs, load {min(loads):.2f}–{max(loads):.2f}")
    print("| frames | figure | automatic (min / median / max) | paced (min / median / max) | paced / automatic, median of runs |")
    print("|---|---|---|---|---|")
    for k in KINDS:
        for f in ("median", "p99", "max"):
            au = [x[k][f] * 1000 for x in runs["automatic"]]
            pa = [x[k][f] * 1000 for x in runs["paced"]]
            ratio = statistics.median(p / q for p, q in zip(pa, au) if q)
            print(f"| {k} ({runs['paced'][0][k]['n']}) | {f} | {min(au):.2f} / {statistics.median(au):.2f} / "
                  f"{max(au):.2f} ms | {min(pa):.2f} / {statistics.median(pa):.2f} / {max(pa):.2f} ms | {ratio:.2f} |")
    print(f"paced passes by generation (first run): {runs['paced'][0]['passes']}")
    if "by kind" in runs["paced"][0]:
        print(f"paced passes (young, middle, full) by kind of frame (first run): {runs['paced'][0]['by kind']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
