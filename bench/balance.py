"""Bot-versus-bot balance: plays many games headless and reports win rates, game length and how
games end. Run: python bench/balance.py [--scenario rohan] [--games 500] [--fp greedy] [--sh greedy]"""
from __future__ import annotations

import argparse
import gc
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import BOTS, play  # noqa: E402


def ending(reason: str | None) -> str:
    if not reason:
        return "no result"
    if "fate marker" in reason:
        return "Free Peoples: fate reached the endgame"
    if "victory points" in reason:
        return "Shadow: victory points"
    if "eliminated" in reason:
        return "Shadow: captains eliminated"
    if "has fallen" in reason:  # Gondor: the Shadow takes Minas Tirith
        return "Shadow: the city fell"
    return reason


def run(scenario: str, games: int, fp: str, sh: str, seed0: int = 0) -> dict:
    spec = spec_for(scenario)
    # the content lives as long as the program: out of the cyclic collector's passes (issue 11)
    gc.collect()
    gc.freeze()
    wins, ends, turns = Counter(), Counter(), []
    t = time.perf_counter()
    for i in range(games):
        seed = seed0 + i
        g = Game.new(spec, seed=seed)
        winner = play(g, {"fp": BOTS[fp](seed * 2 + 1), "sh": BOTS[sh](seed * 2 + 2)})
        wins[winner] += 1
        ends[ending(g.state["win_reason"])] += 1
        turns.append(g.state["turn"])
    elapsed = time.perf_counter() - t
    return {"scenario": scenario, "games": games, "fp_bot": fp, "sh_bot": sh, "wins": dict(wins),
            "ends": dict(ends), "avg_turns": sum(turns) / len(turns), "min_turns": min(turns),
            "max_turns": max(turns), "seconds": elapsed}


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default="rohan")
    ap.add_argument("--games", type=int, default=500)
    ap.add_argument("--fp", default="greedy", choices=sorted(BOTS))
    ap.add_argument("--sh", default="greedy", choices=sorted(BOTS))
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    r = run(a.scenario, a.games, a.fp, a.sh, a.seed)
    n = r["games"]
    print(f"{r['scenario']}: {n} games, Free Peoples {r['fp_bot']} vs Shadow {r['sh_bot']} "
          f"({r['seconds']:.1f} s, {n / r['seconds']:.1f} games/s)")
    for side in ("fp", "sh", None):
        print(f"  wins {side or 'none'}: {r['wins'].get(side, 0)} ({100 * r['wins'].get(side, 0) / n:.1f}%)")
    print(f"  turns: average {r['avg_turns']:.1f}, min {r['min_turns']}, max {r['max_turns']}")
    for k, v in sorted(r["ends"].items(), key=lambda kv: -kv[1]):
        print(f"  {k}: {v}")


if __name__ == "__main__":
    main()
