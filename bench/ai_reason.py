"""A hint's reason (botwotr/ai/explain.py, docs/ai.md "The reason"): what it adds to hard's decision.

    python bench/ai_reason.py [RUNS] [ITERATIONS]

At searched decisions of a Rohan and a Gondor game of two greedy bots (seed 7, every 30th
command), `decide(seen, "hard", Budget(iterations=ITERATIONS))` (default 300) is run RUNS times
(default 5); each run times, with `time.process_time`, the whole decision and the part spent in
`explain.reason` (the baseline: the decision it explains, measured in the same call). Printed per
decision: the tries compared, the reason's CPU time min/median/max over the runs and its share of
the decision's time; then the load average."""

from __future__ import annotations

import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import botwotr.ai.explain as explain  # noqa: E402
from botwotr.ai.search import SEARCHED  # noqa: E402
from botwotr.ai import Budget, decide, scenario, seen_by  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import GreedyBot, deciding_side  # noqa: E402

SPENT: list[float] = []
_reason = explain.reason


def _timed(*args, **kw):
    t = time.process_time()
    try:
        return _reason(*args, **kw)
    finally:
        SPENT.append(time.process_time() - t)


def positions() -> list[tuple[str, dict]]:
    out = []
    for name in ("rohan", "gondor"):
        spec, _ = scenario(name)
        g = Game.new(spec, seed=7)
        bots = {"fp": GreedyBot(0), "sh": GreedyBot(1)}
        for n in range(300):
            if g.state["winner"]:
                break
            side = deciding_side(g.state)
            legal = [c for c in g.legal_commands() if c["side"] == side]
            if g.state["pending"][-1]["kind"] in SEARCHED and len(legal) > 1 and n % 30 == 0:
                out.append((f"{name}@{len(g.log)}", seen_by(g, side)))
            g.submit(bots[side].choose(g, legal))
    return out


def main(argv: list[str]) -> int:
    runs = int(argv[0]) if argv else 5
    iterations = int(argv[1]) if len(argv) > 1 else 300
    explain.reason = _timed
    print(f"load average before: {os.getloadavg()}")
    shares = []
    for label, seen in positions():
        spent, total, tries = [], [], None
        for _ in range(runs):
            SPENT.clear()
            t = time.process_time()
            d = decide(seen, "hard", seed=1, budget=Budget(iterations=iterations))
            total.append(time.process_time() - t)
            spent.append(sum(SPENT))
            tries = d.reason["params"].get("tries")
        share = [s / t for s, t in zip(spent, total)]
        shares += share
        ms = sorted(x * 1e3 for x in spent)
        print(
            f"{label:12} tries {tries}: reason {ms[0]:.1f} / {statistics.median(ms):.1f} / {ms[-1]:.1f} ms, "
            f"share of the decision {min(share):.1%} / {statistics.median(share):.1%} / {max(share):.1%}"
        )
    print(f"all: share min/median/max {min(shares):.1%} / {statistics.median(shares):.1%} / {max(shares):.1%}")
    print(f"load average after: {os.getloadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
