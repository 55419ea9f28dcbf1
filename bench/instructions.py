"""A random Rohan game and a random python-chess ply counted in instructions, beside their CPU time
in the same run (issue 11): how much of the gap to python-chess is work done, and how much is the
rate at which the machine does it.

    python bench/instructions.py [--games 5] [--chess-games 10] [--runs 5]

- instructions: `valgrind --tool=callgrind` (apt-get install valgrind) runs this script on the work
  (random Rohan games of seeds 100.., as `bench/rohan_core.py` plays them; random python-chess
  games of seed 1, `list(board.legal_moves)` + choice + `push`) and on the same script doing no
  work (the imports, the content), with PYTHONHASHSEED=0; the difference is the work's count. It
  does not depend on the machine's load.
- CPU time: the same work, RUNS times in turn (`time.process_time`), min / median / max.

The ratio "a Rohan game in chess plies" is given both ways: by instructions, and by CPU time.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def work(kind: str, n: int) -> int:
    """Rohan: n games (their commands); chess: n games (their plies). n = 0: the set-up alone."""
    from rohan_core import chess_random_plies, random_game

    from botwotr.catalog import spec_for

    spec = spec_for("rohan")
    if kind == "rohan":
        return sum(len(random_game(spec, s).log) for s in range(100, 100 + n))
    return chess_random_plies(1, games=n) if n else 0


def counted(kind: str, n: int) -> tuple[int, int]:
    """(instructions, units of work) of `work(kind, n)` under callgrind."""
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "cg.out"
        env = dict(os.environ, PYTHONHASHSEED="0")
        p = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, __file__, "--child", kind, str(n)],
            capture_output=True,
            text=True,
            env=env,
            cwd=ROOT,
        )
        m = re.search(r"Collected : (\d+)", p.stderr)
        units = re.search(r"^units (\d+)$", p.stdout, re.M)
        if p.returncode or not m or not units:
            raise SystemExit(f"callgrind failed on {kind} {n}:\n{p.stderr[-2000:]}")
        return int(m.group(1)), int(units.group(1))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=5, help="random Rohan games (seeds 100..)")
    ap.add_argument("--chess-games", type=int, default=10)
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        print("units", work(args.child[0], int(args.child[1])))
        return 0
    if not shutil.which("valgrind"):
        print("bench/instructions.py needs valgrind (apt-get install valgrind)", file=sys.stderr)
        return 2
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    work("rohan", 1)  # warm the disk caches first (the checked content and map): else the first count pays them
    base_r, _ = counted("rohan", 0)
    all_r, commands = counted("rohan", args.games)
    base_c, _ = counted("chess", 0)
    all_c, plies = counted("chess", args.chess_games)
    per_command = (all_r - base_r) / commands
    per_game = (all_r - base_r) / args.games
    per_ply = (all_c - base_c) / plies
    t_ply, t_game = [], []
    for _ in range(args.runs):
        t = time.process_time()
        p = work("chess", args.chess_games)
        t_ply.append((time.process_time() - t) / p)
        t = time.process_time()
        work("rohan", args.games)
        t_game.append((time.process_time() - t) / args.games)
    ratios = sorted(g / c for g, c in zip(t_game, t_ply))
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print()
    print(f"| measure ({args.games} Rohan games, {commands} commands; {plies} chess plies) | value |")
    print("|---|---|")
    print(f"| instructions: a Rohan command | {per_command / 1e3:,.0f} K |")
    print(f"| instructions: a Rohan game | {per_game / 1e6:,.1f} M |")
    print(f"| instructions: a chess ply | {per_ply / 1e3:,.0f} K |")
    print(f"| a Rohan command in chess plies, by instructions | {per_command / per_ply:.2f} |")
    print(f"| a Rohan game in chess plies, by instructions | {per_game / per_ply:,.0f} |")
    lo, med, hi = min(t_ply), statistics.median(t_ply), max(t_ply)
    print(f"| CPU time: a chess ply (min / median / max) | {lo * 1e6:.1f} / {med * 1e6:.1f} / {hi * 1e6:.1f} µs |")
    lo, med, hi = min(t_game), statistics.median(t_game), max(t_game)
    print(f"| CPU time: a Rohan game (min / median / max) | {lo * 1e3:.1f} / {med * 1e3:.1f} / {hi * 1e3:.1f} ms |")
    print(f"| a Rohan game in chess plies, by CPU time (min / median / max of the runs) | "
          f"{ratios[0]:,.0f} / {statistics.median(ratios):,.0f} / {ratios[-1]:,.0f} |")
    rate_r = per_game / statistics.median(t_game)
    rate_c = per_ply / statistics.median(t_ply)
    print(f"| instructions a second: Rohan / chess | {rate_r / 1e9:.2f} / {rate_c / 1e9:.2f} G ({rate_r / rate_c:.2f}) |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
