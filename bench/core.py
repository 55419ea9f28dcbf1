"""Rules-core benchmarks. Figures are ratios against a baseline measured in the same run, because
these machines are noisy. Run: python bench/core.py  (prints a Markdown table)."""
from __future__ import annotations

import dataclasses
import json
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from botwotr.content import load_scenario  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.events import apply, apply_all  # noqa: E402
from botwotr.core.state import new_state  # noqa: E402
from botwotr.persistence import save as saves  # noqa: E402

SPEC = load_scenario(ROOT / "tests" / "data" / "test_scenario")


@dataclasses.dataclass(frozen=True)
class _P:
    a: int = 0
    b: int = 0


def baseline(n: int = 200_000) -> float:
    """Seconds per `dataclasses.replace` call: the unit every figure is divided by."""
    p = _P()
    t = time.perf_counter()
    for i in range(n):
        p = dataclasses.replace(p, a=i)
    return (time.perf_counter() - t) / n


def random_game(seed: int) -> Game:
    g = Game.new(SPEC, seed=seed)
    rng = random.Random(seed)
    while not g.state["winner"]:
        g.submit(rng.choice(g.legal_commands()))
    return g


def best(fn, repeat=3):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        r = fn()
        times.append(time.perf_counter() - t)
    return min(times), r


def main() -> None:
    base = min(baseline() for _ in range(3))
    games = [random_game(s) for s in range(20)]
    events = [e for g in games for entry in g.log for e in entry["events"]]

    def apply_each():  # every event on its own: a new state each (copy-on-write of what it touches)
        for g in games:
            s = new_state(SPEC, g.seed)
            for entry in g.log:
                for e in entry["events"]:
                    s = apply(s, e)

    def fold_all():  # a log folded as one change, as Game.state_at does
        for g in games:
            apply_all(new_state(SPEC, g.seed), [e for entry in g.log for e in entry["events"]])
    t_each, _ = best(apply_each)
    per_apply = t_each / len(events)
    t_fold, _ = best(fold_all)
    per_event = t_fold / len(events)

    t_games, _ = best(lambda: [random_game(100 + s) for s in range(10)], repeat=2)
    per_game = t_games / 10

    # A save of about 2,000 events: cut a long game's log there.
    long_log, count = [], 0
    g = max(games, key=lambda g: sum(len(e["events"]) for e in g.log))
    for entry in g.log:
        long_log.append(entry)
        count += len(entry["events"])
        if count >= 2000:
            break
    text = json.dumps({**saves.to_dict(g), "log": long_log})
    t_load, loaded = best(lambda: saves.from_dict(saves.parse(text), SPEC))

    # Battle rounds: re-decide every command made while a battle was under way.
    from botwotr.core.engine import decide
    battle_cmds = [(g, i) for g in games for i, entry in enumerate(g.log)
                   if g.state_at(i)["battle"] is not None]
    rounds = sum(1 for g in games for entry in g.log for e in entry["events"]
                 if e["e"] == "BattleUpdated" and "round" in e["changes"])

    def battles():
        for g, i in battle_cmds:
            decide(SPEC, g.rules, g.state_at(i), g.log[i]["cmd"])
    t_battle, _ = best(battles)
    per_round = t_battle / max(1, rounds)
    rows = [
        ("baseline: one dataclasses.replace", f"{base * 1e6:.2f} µs", "1"),
        ("apply one event on its own (events.apply: a new state)", f"{per_apply * 1e6:.2f} µs",
         f"{per_apply / base:.1f}"),
        ("fold one event of a log (events.apply_all: one change)", f"{per_event * 1e6:.2f} µs",
         f"{per_event / base:.1f}"),
        ("events folded per second", f"{1 / per_event:,.0f}", ""),
        ("one random full game (decide + legal_commands)", f"{per_game * 1e3:.1f} ms", f"{per_game / base:,.0f}"),
        ("random full games per second", f"{1 / per_game:.1f}", ""),
        (f"load and verify a {count}-event save ({len(long_log)} commands)", f"{t_load * 1e3:.1f} ms", f"{t_load / base:,.0f}"),
        ("one battle round (all its decisions)", f"{per_round * 1e3:.2f} ms", f"{per_round / base:,.0f}"),
        ("battle rounds resolved per second", f"{1 / per_round:,.0f}", ""),
    ]
    print("| measure | value | ratio to baseline |\n|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} |")
    print(f"\n{len(events)} events from 20 games; {rounds} battle rounds ({len(battle_cmds)} battle commands).")


if __name__ == "__main__":
    main()
