"""Soak: many random and bot games with the invariants checked after every command, and the log
replayed at the end of each game. Reports games per second and every failure with its seed.
Run: python bench/soak.py [--games 5000] [--scenario rohan]"""
from __future__ import annotations

import argparse
import gc
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game, invariants  # noqa: E402
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side  # noqa: E402

KINDS = ("random", "greedy", "mixed")


def one_game(spec, seed: int, kind: str, max_commands: int = 20000) -> Game:
    g = Game.new(spec, seed=seed)
    bots = {
        "random": {"fp": RandomBot(seed), "sh": RandomBot(seed + 1)},
        "greedy": {"fp": GreedyBot(seed), "sh": GreedyBot(seed + 1)},
        "mixed": {"fp": GreedyBot(seed), "sh": RandomBot(seed + 1)} if seed % 2 else
                 {"fp": RandomBot(seed), "sh": GreedyBot(seed + 1)},
    }[kind]
    for _ in range(max_commands):
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        cmds = [c for c in g.legal_commands() if c["side"] == side]
        before = g.state
        g.submit(bots[side].choose(g, cmds))
        invariants.check(g, before)
    else:
        raise AssertionError(f"no winner after {max_commands} commands")
    assert g.fold() == g.state, "replaying the events differs from the live state"
    return g


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=5000)
    ap.add_argument("--scenario", default="rohan")
    a = ap.parse_args(argv)
    spec = spec_for(a.scenario)
    # the content lives as long as the program: out of the cyclic collector's passes (issue 11)
    gc.collect()
    gc.freeze()
    failures = []
    commands = 0
    t = time.perf_counter()
    for i in range(a.games):
        kind = KINDS[i % len(KINDS)]
        try:
            g = one_game(spec, i, kind)
            commands += len(g.log)
        except Exception as e:  # report every failure with what reproduces it
            failures.append((i, kind, f"{type(e).__name__}: {e}", traceback.format_exc(limit=3)))
    el = time.perf_counter() - t
    print(f"{a.scenario}: {a.games} games ({', '.join(KINDS)} in turn), {commands} commands, "
          f"{el:.0f} s, {a.games / el:.1f} games/s, {commands / el:.0f} commands/s; failures: {len(failures)}")
    for seed, kind, msg, tb in failures[:20]:
        print(f"  seed {seed} ({kind}): {msg}\n{tb}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
