"""Strength and time of the computer opponent (issue 13; docs/ai.md).

    python bench/ai.py [--scenario rohan|gondor] [--pairing hard-normal|normal-easy|...]
                       [--games 200] [--first-seed 0] [--iterations 60 | --seconds 1.0]
                       [--side both|fp|sh] [--jobs 1] [--max-commands 3000]
                       [--record bench/results/ai_strength.jsonl]
    python bench/ai.py --summary bench/results/ai_strength.jsonl


Plays `--games` games per side: the first level of the pairing takes the Free Peoples in one set
and the Shadow in the other (the same seeds), the second level the other side. Every decision is
`botwotr.ai.decide` on the seat's `seen` (built incrementally here, as `seen_by` builds it), so the
AI never gets the game. Prints per side the first level's wins with a 95% Wilson interval, how the
games ended, and the CPU and wall time per decision of each level (min/median/max over the
decisions that had a choice, and the same over all decisions). `--jobs N` plays games in N
processes (the figures are per decision, so they hold; use 1 on a shared machine).

`--record FILE` appends one JSON line per finished game (scenario, pairing, budget, the first
level's side, seed, winner, how it ended, turns, commands, the commit) and skips the games the file
already holds, so a long strength run can be stopped and resumed, and runs of several sessions add
up. `--summary FILE` prints the table of wins per scenario, pairing, budget and side from it.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from botwotr.ai import Budget, decide, log_for, scenario  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import deciding_side  # noqa: E402


def wilson(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    r = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (c - r) / d, (c + r) / d


def play_one(args: tuple) -> dict:
    scen, seed, levels, budget, max_commands = args
    spec, _ = scenario(scen)
    g = Game.new(spec, seed=seed)
    logs = {"fp": [], "sh": []}
    times = {"fp": [], "sh": []}  # (cpu, wall, had a choice)
    n = 0
    while not g.state["winner"] and n < max_commands:
        for seat in ("fp", "sh"):  # the seats' logs, up to date (what seen_by gives)
            logs[seat] += log_for(g.log[len(logs[seat]):], seat)
        side = deciding_side(g.state)
        seen = {"scenario": spec.id, "seat": side, "view": g.view_for(side), "log": logs[side]}
        c0, w0 = time.process_time(), time.perf_counter()
        d = decide(seen, levels[side], seed=seed * 100003 + n, budget=budget)
        times[side].append((time.process_time() - c0, time.perf_counter() - w0, d.reason["code"] != "only"))
        g.submit(d.command)
        n += 1
    s = g.state
    return {"seed": seed, "levels": levels, "winner": s["winner"], "reason": s["win_reason"],
            "turn": s["turn"], "commands": n, "times": times}


def spread(xs: list[float]) -> str:
    if not xs:
        return "—"
    return f"{min(xs) * 1000:.0f} / {statistics.median(xs) * 1000:.0f} / {max(xs) * 1000:.0f} ms"


def kind(reason: str | None) -> str:
    r = (reason or "").lower()
    if "fate" in r:
        return "fate"
    if "victory point" in r:
        return "vp"
    if "eliminated" in r:
        return "captains"
    if "fallen" in r:
        return "city"
    return "other" if reason else "cap"


def game_key(r: dict) -> tuple:
    return (r["scenario"], r["pairing"], r["budget"], r["side"], r["seed"])


def read_record(path: Path) -> list[dict]:
    if not path.exists():
        return []
    out = []
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if not line.strip():
            continue
        try:
            out.append(json.loads(line))
        except json.JSONDecodeError as e:  # a line cut by a kill: say where, keep the rest
            print(f"{path}:{n}: not a JSON line ({e.msg}); skipped", file=sys.stderr)
    return out


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def summary(path: Path) -> int:
    rows: dict[tuple, list[dict]] = {}
    for r in read_record(path):
        rows.setdefault((r["scenario"], r["pairing"], r["budget"], r["side"]), []).append(r)
    print("| scenario | pairing | budget | first level plays | games (seeds) | first level wins | 95% interval "
          "| endings (fate/vp/captains/city/cap) |")
    print("|---|---|---|---|---|---|---|---|")
    for (scen, pairing, budget, side), rs in sorted(rows.items()):
        k = sum(1 for r in rs if r["winner"] == side)
        lo, hi = wilson(k, len(rs))
        seeds = sorted(r["seed"] for r in rs)
        ends = {e: sum(1 for r in rs if r["winner"] == side and kind(r["reason"]) == e)
                for e in ("fate", "vp", "captains", "city", "cap")}
        print(f"| {scen} | {pairing} | {budget} | {side} | {len(rs)} ({seeds[0]}–{seeds[-1]}) | "
              f"{k} ({100 * k / len(rs):.1f}%) | {100 * lo:.1f}–{100 * hi:.1f}% | "
              f"{'/'.join(str(v) for v in ends.values())} |")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scenario", default="rohan")
    ap.add_argument("--pairing", default="normal-easy", help="first-second, e.g. hard-normal")
    ap.add_argument("--games", type=int, default=200, help="games per side")
    ap.add_argument("--first-seed", type=int, default=0)
    ap.add_argument("--iterations", type=int, default=None, help="hard's budget in rollouts (deterministic)")
    ap.add_argument("--seconds", type=float, default=None, help="hard's time budget per decision")
    ap.add_argument("--side", choices=("both", "fp", "sh"), default="both", help="the first level's side")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--max-commands", type=int, default=3000)
    ap.add_argument("--record", type=Path, default=None, help="append each game to this JSON-lines file")
    ap.add_argument("--summary", type=Path, default=None, help="print the wins recorded in this file")
    args = ap.parse_args(argv)
    if args.summary:
        return summary(args.summary)
    first, second = args.pairing.split("-")
    if args.iterations is None and args.seconds is None:
        args.iterations = 60
    budget = Budget(seconds=args.seconds, iterations=args.iterations)
    sides = ("fp", "sh") if args.side == "both" else (args.side,)
    done = {game_key(r) for r in read_record(args.record)} if args.record else set()
    jobs = []
    for side in sides:
        levels = {side: first, ("sh" if side == "fp" else "fp"): second}
        for seed in range(args.first_seed, args.first_seed + args.games):
            if (args.scenario, args.pairing, str(budget), side, seed) not in done:
                jobs.append((args.scenario, seed, levels, budget, args.max_commands))
    if not jobs:
        print("every game asked for is in the record already", file=sys.stderr)
        return 0
    rev = commit()

    def finished(r: dict) -> None:
        results.append(r)
        report_game(r, first)
        if args.record:
            side = "fp" if r["levels"]["fp"] == first else "sh"
            line = {"scenario": args.scenario, "pairing": args.pairing, "budget": str(budget), "side": side,
                    "seed": r["seed"], "winner": r["winner"], "reason": r["reason"], "turn": r["turn"],
                    "commands": r["commands"], "commit": rev}
            args.record.parent.mkdir(parents=True, exist_ok=True)
            with args.record.open("a+", encoding="utf-8") as f:
                f.seek(0, os.SEEK_END)
                if f.tell():  # a line cut by a kill stays alone on its line
                    f.seek(f.tell() - 1)
                    if f.read(1) != "\n":
                        f.write("\n")
                f.write(json.dumps(line) + "\n")
                f.flush()
                os.fsync(f.fileno())
    t0 = time.perf_counter()
    results = []
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as ex:
            for r in ex.map(play_one, jobs):
                finished(r)
    else:
        for j in jobs:
            finished(play_one(j))
    secs = time.perf_counter() - t0
    print(f"\n{args.scenario}, {first} vs {second}, budget {budget}, seeds {args.first_seed}.."
          f"{args.first_seed + args.games - 1}, load {os.getloadavg()[0]:.2f}, {secs:.0f} s")
    print(f"| {first} plays | games | {first} wins | 95% interval | endings (fate/vp/captains/city/cap) "
          f"| avg turns |")
    print("|---|---|---|---|---|---|")
    for side in sides:
        rs = [r for r in results if r["levels"][side] == first]
        k = sum(1 for r in rs if r["winner"] == side)
        lo, hi = wilson(k, len(rs))
        ends = {e: sum(1 for r in rs if kind(r["reason"]) == e) for e in ("fate", "vp", "captains", "city", "cap")}
        turns = statistics.mean(r["turn"] for r in rs) if rs else 0
        print(f"| {side} | {len(rs)} | {k} ({100 * k / max(1, len(rs)):.1f}%) | {100 * lo:.1f}–{100 * hi:.1f}% "
              f"| {'/'.join(str(v) for v in ends.values())} | {turns:.1f} |")
    print("\n| level | decisions (with a choice) | CPU per decision with a choice min/median/max "
          "| wall min/median/max | CPU over all decisions median/max |")
    print("|---|---|---|---|---|")
    for level in dict.fromkeys((first, second)):
        ts = [t for r in results for side in ("fp", "sh") if r["levels"][side] == level for t in r["times"][side]]
        chosen = [t for t in ts if t[2]]
        cpu_all = [t[0] for t in ts]
        print(f"| {level} | {len(ts)} ({len(chosen)}) | {spread([t[0] for t in chosen])} | "
              f"{spread([t[1] for t in chosen])} | "
              f"{statistics.median(cpu_all) * 1000:.0f} / {max(cpu_all) * 1000:.0f} ms |" if ts else f"| {level} | 0 |")
    return 0


def report_game(r: dict, first: str) -> None:
    side = "fp" if r["levels"]["fp"] == first else "sh"
    print(f"seed {r['seed']}: {first} as {side}: winner {r['winner']} ({kind(r['reason'])}), turn {r['turn']}, "
          f"{r['commands']} commands", file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
