"""Review mode's stepping (issue 15), against the core's own state access in the same run.

Run: python bench/review.py [--runs 5] [--seed 4]

One greedy-vs-random Battle for Rohan game (seed 4 by default) is stepped through with
`botwotr.review.Cursor`, the model under the window's review scene (no drawing):

- event forward / event back: every readable step from the start to the end and back, per step;
- move forward / move back: every log entry, per step;
- baseline: `game.state_at(n)` for every n, in falling order (each one folded from the nearest
  kept snapshot; the order that defeats the core's one-state cache), per call.

Each figure is timed RUNS times (min / median / max); the ratio is the median of per-run ratios
to the baseline timed just before it. A fresh `Game.replay` of the save is made for each run, so
no run sees another's folded states.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side  # noqa: E402
from botwotr.review import Cursor  # noqa: E402


def bot_log(seed: int) -> tuple:
    spec = spec_for("rohan")
    g = Game.new(spec, seed=seed)
    bots = {"fp": GreedyBot(seed), "sh": RandomBot(seed + 1)}
    while not g.state["winner"]:
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    return spec, seed, g.log


def baseline(game) -> float:
    t = time.perf_counter()
    for n in range(len(game.log), -1, -1):
        game.state_at(n)
    return (time.perf_counter() - t) / (len(game.log) + 1)


def stepping(game, by: str, direction: int) -> float:
    c = Cursor(game, 0 if direction > 0 else len(game.log))
    steps = 0
    t = time.perf_counter()
    while not (c.at_end() if direction > 0 else c.at_start()):
        c.step(direction, by)
        steps += 1
    return (time.perf_counter() - t) / max(1, steps)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--seed", type=int, default=4)
    args = ap.parse_args(argv)
    spec, seed, log = bot_log(args.seed)
    print(f"Rohan bot game, seed {seed}: {len(log)} log entries, {sum(len(e['events']) for e in log)} events")
    print(f"{'figure':<16} {'min ms':>8} {'median ms':>10} {'max ms':>8} {'× state_at':>11}")
    base_runs = []
    for name, by, d in (
        ("event forward", "event", 1),
        ("event back", "event", -1),
        ("move forward", "action", 1),
        ("move back", "action", -1),
    ):
        times, ratios = [], []
        for _ in range(args.runs):
            g = Game.replay(spec, seed, log, verify=False)
            b = baseline(g)
            g = Game.replay(spec, seed, log, verify=False)
            x = stepping(g, by, d)
            base_runs.append(b)
            times.append(x)
            ratios.append(x / b)
        print(
            f"{name:<16} {min(times) * 1e3:8.3f} {statistics.median(times) * 1e3:10.3f} "
            f"{max(times) * 1e3:8.3f} {statistics.median(ratios):11.2f}"
        )
    print(
        f"{'baseline state_at':<16} {min(base_runs) * 1e3:7.3f} {statistics.median(base_runs) * 1e3:10.3f} "
        f"{max(base_runs) * 1e3:8.3f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
