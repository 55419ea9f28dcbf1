"""Battle odds (botwotr/core/odds.py, docs/battles.md "Battle odds"): CPU time of one count.

    python bench/odds.py [RUNS]

Two real attack positions (the tests' own: tests/core/test_odds.py), each counted from the
attacker's view for an aimed attack:
- cold: the whole battle with an empty chain cache (the first count of these armies);
- warm: the same with the chain kept (what a tactic or card chosen costs);
- round: this round only (`whole=False`, the drag label), chain cache empty (rnogc: the same
  with the cyclic collector off, see below);
- first: the stepped count's first step (`odds_steps`: this round, what a click or drop costs
  in its frame), chain cache empty;
- step: the slowest single later step of the stepped count (one state of the chain or
  STEP_PAIRS transitions; the window runs steps for ~3 ms a frame), and how many steps; the
  cyclic collector is off while these are timed (a full collection, 30-40 ms in this process,
  may fall in any frame of the window: it is not the count's work).
Each figure is the min/median/max of RUNS (default 7) runs of `time.process_time`, and its ratio
to a baseline taken in the same run: the core's `decide` of one combat roll from the same
position (a command the window runs anyway)."""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in ("tests", "tests/core", "tests/scenarios"):
    sys.path.insert(0, str(ROOT / p))

import botwotr.core.odds as O  # noqa: E402
from botwotr.core.engine import decide  # noqa: E402
from gondor_positions import ready as gondor_ready  # noqa: E402
from rohan_positions import FP, SH, die_for, place, to_shadow  # noqa: E402
from test_odds import ATTACK, ford_attack  # noqa: E402


def siege():
    g = gondor_ready(sh=["army"] * 6)
    place(g, "minas_tirith", FP, {"gondor_footmen": 3, "gondor_archers": 2}, leaders=2)
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 2})
    to_shadow(g)
    g.submit({"cmd": "use_die", "side": SH, "die": die_for(g, SH, "army"), "action": "attack"})
    return g, {"cmd": "attack", "side": SH, "from": "gate_fields", "target": "minas_tirith"}


def timed(fn, runs):
    """min/median/max CPU time of `fn`; a function marked `nogc` runs with the cyclic collector
    off (collected before, untimed)."""
    out = []
    for _ in range(runs):
        off = getattr(fn, "nogc", False)
        if off:
            gc.collect()
            gc.disable()
        t = time.process_time()
        fn()
        out.append(time.process_time() - t)
        if off:
            gc.enable()
    return min(out), statistics.median(out), max(out)


def main(runs: int) -> None:
    print(f"load average: {os.getloadavg()}")
    for name, (g, attack) in (
        ("Rohan, the ford (3 v 5)", (ford_attack(), dict(ATTACK))),
        ("Gondor, Minas Tirith (5 v 5)", siege()),
    ):
        view = g.view_for(attack["side"])
        _e, s2 = decide(g.spec, g.rules, g.state, attack)
        for c in (
            {"cmd": "tactic", "side": SH, "tactic": "regroup"},
            {"cmd": "tactic", "side": FP, "tactic": "regroup"},
        ):
            _e, s2 = decide(g.spec, g.rules, s2, c)

        def base():
            for _ in range(10):
                decide(g.spec, g.rules, s2, {"cmd": "roll_combat", "side": SH})

        b = [x / 10 for x in timed(base, runs)]

        def cold():
            O._CHAINS.clear()
            O._DIST_MEMO.clear()
            O.odds_for(g.spec, g.rules, view, attack["side"], attack)

        def warm():
            O.odds_for(g.spec, g.rules, view, attack["side"], attack)

        def round_only():
            O._CHAINS.clear()
            O._DIST_MEMO.clear()
            O.odds_for(g.spec, g.rules, view, attack["side"], attack, whole=False)

        def round_nogc():
            round_only()

        round_nogc.nogc = True

        def stepped():
            O._CHAINS.clear()
            O._DIST_MEMO.clear()
            gc.collect()
            gc.disable()
            try:
                return stepped_()
            finally:
                gc.enable()

        def stepped_():
            steps = O.odds_steps(g.spec, g.rules, view, attack["side"], attack)
            t = time.process_time()
            next(steps)
            times = [time.process_time() - t]
            while True:
                t = time.process_time()
                try:
                    next(steps)
                except StopIteration:
                    break
                finally:
                    times.append(time.process_time() - t)
            return times

        runs_ = [stepped() for _ in range(runs)]

        print(f"{name}: baseline decide(roll_combat) {b[1] * 1e3:.2f} ms (min {b[0] * 1e3:.2f}, max {b[2] * 1e3:.2f})")
        for label, fn in (("cold", cold), ("warm", warm), ("round", round_only), ("rnogc", round_nogc)):
            lo, med, hi = timed(fn, runs)
            print(
                f"  {label:5s} min {lo * 1e3:7.2f}  median {med * 1e3:7.2f}  max {hi * 1e3:7.2f} ms  ({med / b[1]:.1f}x baseline)"
            )
        for label, xs in (("first", [r[0] for r in runs_]), ("step", [max(r[1:]) for r in runs_])):
            lo, med, hi = min(xs), statistics.median(xs), max(xs)
            print(
                f"  {label:5s} min {lo * 1e3:7.2f}  median {med * 1e3:7.2f}  max {hi * 1e3:7.2f} ms  ({med / b[1]:.1f}x baseline)"
            )
        print(f"  steps {len(runs_[0])} a count")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 7)
