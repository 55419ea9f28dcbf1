"""Frame times while the computer thinks (issue 13), headless (SDL dummy driver), 1280x720.

    python bench/ai_window.py [--runs 5] [--decisions 20] [--level hard] [--seconds 1.4]

Each run: a new Battle for Rohan game against the computer (the Shadow) at `--level` with the
window's time budget (`Budget(seconds=...)`, as `botwotr/ui/computer.py` gives it), the Free
Peoples played by the greedy bot through the game scene. Frames are paced at 60 per second
(`App.step` with a stepped clock, then a sleep for the rest of the 16.7 ms, as the real window's
clock does); each frame's work (events, update, draw, flip) is timed with `time.perf_counter`.
Wall time includes the time the window's process waits for a core (the worker and the other
programs compete for the two): the CPU time of the same frames (`time.process_time`) is printed
too, the window's own work. Figures per run: the frames drawn while the computer thinks (asked until answered), their
median, 99th percentile and maximum, and how many took over 50 ms (a frame in which a command is
given, the computer's or the person's, is counted apart as a move's frame: the command, its
autosave, the log and the animation's start, as for any move); the other frames as the baseline
of the same run; then min/median/max over the runs. The worker's start (the
first question) is counted apart. Prints the load average.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100 * (len(xs) - 1))))] if xs else float("nan")


def run_once(seed: int, level: str, decisions: int, seconds: float, home: str) -> dict:
    from botwotr.ai import Budget
    from botwotr.core.bots import GreedyBot
    from botwotr.ui.app import App, StepClock
    from botwotr.ui.scenes.title import TitleScene

    app = App(size=(1280, 720), clock=StepClock(1 / 60), home=home)
    try:
        title = TitleScene(app)
        title.seed = seed
        app.push(title)
        app.step([])
        title.choose_player("sh", True)
        while title.level != level:
            title.cycle_level()
        title.new_game()
        scene = app.scene
        comp = scene.computer
        comp.budget_fn = lambda s: Budget(seconds=seconds)
        person = GreedyBot(seed=seed)
        thinking, other, first, moves, cpu = [], [], [], [], []
        asked = 0
        while len(comp.answered) < decisions and not scene.game.state.get("winner") and app.scene is scene:
            was = comp.thinking is not None and comp.thinking["purpose"] == "move"
            n = len(scene.game.log)
            t0, c0 = time.perf_counter(), time.process_time()
            app.step([])
            dt = time.perf_counter() - t0
            if was and len(scene.game.log) == n and comp.answered:
                cpu.append((time.process_time() - c0) * 1000)
            if len(scene.game.log) != n:  # the frame that gives the answer: a move's frame, as a person's
                moves.append(dt * 1000)
            else:
                (first if was and not comp.answered else thinking if was else other).append(dt * 1000)
            if scene.actor == "fp" and scene.legal and comp.thinking is None and not scene.animator.busy:
                scene.submit(person.choose(scene.game, [c for c in scene.legal if c["side"] == "fp"]))
                asked += 1
            time.sleep(max(0.0, 1 / 60 - dt))
        return {"thinking": thinking, "other": other, "first": first, "moves": moves, "cpu": cpu, "answers": len(comp.answered)}
    finally:
        app.close()


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--decisions", type=int, default=20)
    ap.add_argument("--level", default="hard")
    ap.add_argument("--seconds", type=float, default=1.4)
    args = ap.parse_args()
    import tempfile

    print(f"load average before: {os.getloadavg()}")
    rows = []
    for r in range(args.runs):
        with tempfile.TemporaryDirectory() as home:
            res = run_once(100 + r, args.level, args.decisions, args.seconds, home)
        th, ot = res["thinking"], res["other"]
        row = {
            "frames": len(th),
            "median": statistics.median(th) if th else float("nan"),
            "p99": pct(th, 99),
            "max": max(th) if th else float("nan"),
            "over50": sum(x > 50 for x in th),
            "base_median": statistics.median(ot) if ot else float("nan"),
            "base_p99": pct(ot, 99),
            "first_max": max(res["first"]) if res["first"] else float("nan"),
            "cpu_p99": pct(res["cpu"], 99),
            "cpu_max": max(res["cpu"]) if res["cpu"] else float("nan"),
            "move_median": statistics.median(res["moves"]) if res["moves"] else float("nan"),
            "move_max": max(res["moves"]) if res["moves"] else float("nan"),
        }
        rows.append(row)
        print(
            f"run {r + 1}: {res['answers']} answers, {row['frames']} frames while thinking: median "
            f"{row['median']:.2f} ms, p99 {row['p99']:.2f}, max {row['max']:.2f}, over 50 ms: {row['over50']}; "
            f"other frames median {row['base_median']:.2f}, p99 {row['base_p99']:.2f}; "
            f"frames during the worker's start: max {row['first_max']:.2f}; frames with a move: median "
            f"{row['move_median']:.2f}, max {row['move_max']:.2f}; CPU of the frames while thinking: p99 "
            f"{row['cpu_p99']:.2f}, max {row['cpu_max']:.2f}"
        )
    print(f"load average after: {os.getloadavg()}")
    for key in ("median", "p99", "max", "over50", "base_median", "base_p99", "move_median", "move_max", "cpu_p99", "cpu_max"):
        xs = [r[key] for r in rows]
        print(f"{key:12s} min {min(xs):8.2f}  median {statistics.median(xs):8.2f}  max {max(xs):8.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
