"""The same AI decisions as another tree: every decision of hard-against-normal games, for the
first `--commands` commands of each game, recorded on this tree and on another one (e.g. a
`git archive` copy of main) and compared (issue 13, session 7: hard's search was made faster
without changing any decision, so the strength runs already made stay valid).

    python bench/ai_same.py record OUT.json [--seeds 0 1 2] [--commands 150] [--iterations 40]
    python bench/ai_same.py compare A.json B.json
    python bench/ai_same.py pins        # hard's decisions pinned by tests/ai/test_ai_pinned.py
    python bench/ai_same.py --against /path/to/other/tree [...]   # records on both, compares

A game is played as bench/ai.py plays it (`Game.new(spec, seed)`, `decide` on the seat's `seen`
with the seed `seed * 100003 + n`), for each scenario (Rohan, Gondor), each seed and each side
hard plays. For each decision it records the seat, the level, the command, the reason (code and
params: for hard the rollouts, candidates and the chosen command's mean value) and the
iterations. Equal records mean equal decisions, and, as each decision is made on the position the
previous ones made, the same positions too. `--against` runs the two trees one after the other
in child processes (`python TREE/bench/ai_same.py record ...`: each imports its own botwotr; this
script is copied into the other tree's bench/ if it has none).
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = ("rohan", "gondor")


def record(seeds: list[int], commands: int, iterations: int, scenarios: tuple[str, ...]) -> dict:
    sys.path.insert(0, str(ROOT))
    from botwotr.ai import Budget, decide, log_for, scenario
    from botwotr.core import Game
    from botwotr.core.bots import deciding_side

    budget = Budget(iterations=iterations)
    games = []
    for scen in scenarios:
        spec, _ = scenario(scen)
        for hard in ("fp", "sh"):
            levels = {hard: "hard", ("sh" if hard == "fp" else "fp"): "normal"}
            for seed in seeds:
                t0 = time.process_time()
                g = Game.new(spec, seed=seed)
                logs: dict[str, list] = {"fp": [], "sh": []}
                rows = []
                for n in range(commands):
                    if g.state["winner"]:
                        break
                    for seat in ("fp", "sh"):
                        logs[seat] += log_for(g.log[len(logs[seat]) :], seat)
                    side = deciding_side(g.state)
                    seen = {"scenario": spec.id, "seat": side, "view": g.view_for(side), "log": logs[side]}
                    d = decide(seen, levels[side], seed=seed * 100003 + n, budget=budget)
                    rows.append([n, side, levels[side], d.command, d.reason, d.iterations, d.value])
                    g.submit(d.command)
                secs = time.process_time() - t0
                print(f"  {scen} seed {seed}, hard as {hard}: {len(rows)} decisions, {secs:.1f} s CPU",
                      file=sys.stderr, flush=True)
                games.append({"scenario": scen, "seed": seed, "hard": hard, "decisions": rows})
    return {"root": str(ROOT), "iterations": iterations, "commands": commands, "games": games}


# The positions tests/ai/test_ai_pinned.py pins hard's decision at: (scenario, game seed, the first
# command number from which the first decision of that kind with a choice is taken), reached by
# normal playing both seats (`decide(seen, "normal", seed=n)` for command n).
PINS = [("rohan", 5, 30, "advance"), ("rohan", 5, 10, "action"), ("rohan", 6, 60, "move"),
        ("rohan", 6, 120, "cease"), ("gondor", 5, 40, "attack"), ("gondor", 5, 100, "tactic"),
        ("gondor", 6, 100, "action")]
PIN_ITERATIONS = 20
PIN_SEED = 7


def pins() -> list:
    """Hard's decision at each of PINS: [scenario, game seed, command number, seat, kind, command,
    iterations, the chosen command's mean value]."""
    sys.path.insert(0, str(ROOT))
    from botwotr.ai import Budget, decide, log_for, scenario
    from botwotr.core import Game
    from botwotr.core.bots import deciding_side

    out = []
    for scen, seed, start, want in PINS:
        spec, _ = scenario(scen)
        g = Game.new(spec, seed=seed)
        logs: dict[str, list] = {"fp": [], "sh": []}
        n = 0
        while True:
            for seat in ("fp", "sh"):
                logs[seat] += log_for(g.log[len(logs[seat]) :], seat)
            side = deciding_side(g.state)
            seen = {"scenario": spec.id, "seat": side, "view": g.view_for(side), "log": logs[side]}
            kind = g.state["pending"][-1]["kind"]
            many = len([c for c in g.legal_commands() if c["side"] == side]) > 1
            if n >= start and kind == want and many:
                d = decide(seen, "hard", seed=PIN_SEED, budget=Budget(iterations=PIN_ITERATIONS))
                out.append([scen, seed, n, side, kind, d.command, d.iterations, d.value])
                break
            g.submit(decide(seen, "normal", seed=n).command)
            n += 1
    return out


def compare(a: dict, b: dict) -> int:
    """0 when the records are equal; otherwise prints the first difference of each game."""
    bad = 0
    if len(a["games"]) != len(b["games"]):
        print(f"different numbers of games: {len(a['games'])} and {len(b['games'])}")
        return 1
    hard_decisions = searched = 0
    for ga, gb in zip(a["games"], b["games"]):
        name = f"{ga['scenario']} seed {ga['seed']}, hard as {ga['hard']}"
        for ra, rb in zip(ga["decisions"], gb["decisions"]):
            if ra != rb:
                print(f"{name}: decision {ra[0]} differs:\n  {json.dumps(ra)}\n  {json.dumps(rb)}")
                bad += 1
                break
        else:
            if len(ga["decisions"]) != len(gb["decisions"]):
                print(f"{name}: {len(ga['decisions'])} and {len(gb['decisions'])} decisions")
                bad += 1
        hard_decisions += sum(1 for r in ga["decisions"] if r[2] == "hard")
        searched += sum(1 for r in ga["decisions"] if r[2] == "hard" and r[5])
    n = sum(len(g["decisions"]) for g in a["games"])
    print(f"{len(a['games'])} games, {n} decisions ({hard_decisions} by hard, {searched} of them searched): "
          + ("identical" if not bad else f"{bad} games differ"))
    return 1 if bad else 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", nargs="?", choices=("record", "compare", "pins"), default=None)
    ap.add_argument("files", nargs="*")
    ap.add_argument("--against", help="another tree: record on both (this tree last) and compare")
    ap.add_argument("--seeds", type=int, nargs="+", default=[0, 1, 2])
    ap.add_argument("--commands", type=int, default=150, help="commands recorded per game")
    ap.add_argument("--iterations", type=int, default=40)
    ap.add_argument("--scenario", choices=SCENARIOS, nargs="+", default=list(SCENARIOS))
    ap.add_argument("--out", default="/tmp", help="where --against writes its two records")
    a = ap.parse_args(argv)
    if a.mode == "record":
        (path,) = a.files
        Path(path).write_text(json.dumps(record(a.seeds, a.commands, a.iterations, tuple(a.scenario))))
        return 0
    if a.mode == "pins":  # the expected values of tests/ai/test_ai_pinned.py
        for row in pins():
            print(json.dumps(row) + ",")
        return 0
    if a.mode == "compare":
        pa, pb = a.files
        return compare(json.loads(Path(pa).read_text()), json.loads(Path(pb).read_text()))
    if not a.against:
        ap.error("give record, compare or --against")
    other = Path(a.against).resolve()
    script = other / "bench" / "ai_same.py"
    if not script.exists():
        shutil.copy(__file__, script)
    paths = []
    for tree in (other, ROOT):
        out = Path(a.out) / f"ai_same_{tree.name}.json"
        args = ["--seeds", *map(str, a.seeds), "--commands", str(a.commands), "--iterations", str(a.iterations),
                "--scenario", *a.scenario]
        print(f"recording on {tree}", file=sys.stderr, flush=True)
        subprocess.run([sys.executable, str(tree / "bench" / "ai_same.py"), "record", str(out), *args], check=True)
        paths.append(out)
    return compare(json.loads(paths[0].read_text()), json.loads(paths[1].read_text()))


if __name__ == "__main__":
    sys.exit(main())
