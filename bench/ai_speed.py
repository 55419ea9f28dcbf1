"""Hard's speed against another tree's, measured in the same run (issue 13, session 7).

    python bench/ai_speed.py --against /path/to/main/copy [--runs 5] [--games 2] [--side fp]
                             [--scenario rohan] [--iterations 40]

Runs `TREE/bench/ai.py --pairing hard-normal` on the other tree and on this one, interleaved
(other, this, other, this...), each in a child process under the same load. For each run it reads
the child's CPU time (`resource.getrusage(RUSAGE_CHILDREN)`: the whole game, normal's decisions
and the set-up included) and the hard line of ai.py's table (median and max CPU per decision with
a choice). Prints min/median/max over the runs for both trees and the ratios other/this of the
medians, with the load average. The games are the same on both trees when their decisions are
(bench/ai_same.py), so the times compare the same work.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(tree: Path, args: argparse.Namespace) -> dict[str, float]:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    cmd = [sys.executable, str(tree / "bench" / "ai.py"), "--scenario", args.scenario, "--pairing", "hard-normal",
           "--games", str(args.games), "--first-seed", str(args.first_seed), "--iterations", str(args.iterations),
           "--side", args.side]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    m = re.search(r"^\| hard \| (\d+) \((\d+)\) \| (\d+) / (\d+) / (\d+) ms \|", out, re.M)
    if m is None:
        raise SystemExit(f"no hard line in the output of {tree}:\n{out}")
    games = args.games * (2 if args.side == "both" else 1)
    return {"game": cpu / games, "median": float(m.group(4)), "max": float(m.group(5)), "decisions": float(m.group(2))}


def spread(xs: list[float], fmt: str) -> str:
    return " / ".join(fmt.format(x) for x in (min(xs), statistics.median(xs), max(xs)))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, help="the other tree (e.g. a git archive copy of main)")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--side", choices=("both", "fp", "sh"), default="fp")
    ap.add_argument("--scenario", default="rohan")
    ap.add_argument("--iterations", type=int, default=40)
    args = ap.parse_args(argv)
    other = Path(args.against).resolve()
    trees = {"other": other, "this": ROOT}
    res: dict[str, list[dict[str, float]]] = {"other": [], "this": []}
    loads = []
    for i in range(args.runs):
        for name, tree in trees.items():
            loads.append(os.getloadavg()[0])
            r = run(tree, args)
            res[name].append(r)
            print(f"run {i + 1} {name} ({tree}): {r['game']:.1f} s CPU per game, hard's decisions with a choice "
                  f"{r['decisions']:.0f}, median {r['median']:.0f} ms, max {r['max']:.0f} ms",
                  file=sys.stderr, flush=True)
    print(f"\n{args.scenario}, hard (as {args.side}) against normal, {args.iterations} rollouts, {args.games} games "
          f"(seeds {args.first_seed}..{args.first_seed + args.games - 1}) per run, {args.runs} runs each, interleaved; "
          f"load average {min(loads):.1f}-{max(loads):.1f}")
    print("| tree | CPU per game min/median/max | hard's CPU per decision with a choice, median (min/median/max "
          "over runs) | its max (min/median/max) |")
    print("|---|---|---|---|")
    for name, tree in trees.items():
        rs = res[name]
        print(f"| {tree} | {spread([r['game'] for r in rs], '{:.1f}')} s | "
              f"{spread([r['median'] for r in rs], '{:.0f}')} ms | {spread([r['max'] for r in rs], '{:.0f}')} ms |")
    med = {n: {k: statistics.median(r[k] for r in res[n]) for k in ("game", "median", "max")} for n in res}
    ratios = [o["game"] / t["game"] for o, t in zip(res["other"], res["this"])]
    print(f"\nratio other/this of the medians: per game {med['other']['game'] / med['this']['game']:.2f}, "
          f"per decision (median) {med['other']['median'] / med['this']['median']:.2f}; "
          f"per game, run by run: {', '.join(f'{x:.2f}' for x in ratios)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
