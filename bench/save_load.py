"""How long a save takes to load, and how much memory, by the length of its log (the figures behind
`save.MAX_LOG_ENTRIES`, docs/reliability.md). Each size is loaded in a fresh child process so its
peak memory (max RSS) is its own.

Run: python bench/save_load.py [N ...]   (default 1000 5000 10000 20000 40000; prints Markdown)

A save of N entries is a random Battle for Rohan game played to its end, then padded with
`adjust_fate` adjustments (allowed after the end) up to N entries, so the state being replayed is
a full late-game state.
"""
from __future__ import annotations

import json
import os
import random
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def make_save(n: int, path: Path, seed: int = 3) -> int:
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.persistence import save as saves
    spec = spec_for("rohan")
    g = Game.new(spec, seed=seed)
    rng = random.Random(seed)
    while len(g.log) < n and not g.state["winner"]:
        g.submit(rng.choice(g.legal_commands()))
    played = len(g.log)
    # Padding straight into the log (replaying what submit would give), so making a 40,000-entry
    # save does not itself keep 40,000 states.
    log = [dict(e) for e in g.log]
    fate = g.state["fate"]
    while len(log) < n:
        to = 0 if fate else 1
        log.append({"cmd": {"cmd": "adjust_fate", "side": "players", "to": to},
                    "events": [{"e": "Adjustment", "what": "fate", "command": {"to": to}},
                               {"e": "FateMarkerMoved", "from": fate, "to": to, "why": "adjustment"}]})
        fate = to
    data = saves.to_dict(g)
    data["log"] = log
    path.write_text(json.dumps(data, separators=(",", ":")), encoding="utf-8")
    return played


def measure(path: str) -> None:
    """Child: load the save and print seconds and peak RSS (MiB)."""
    from botwotr.catalog import spec_for
    from botwotr.persistence import save as saves
    spec_for("rohan")  # content loading is not the save's cost
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    try:
        g = saves.load(path, spec_for)
        result = f"loaded {len(g.log)}"
    except saves.SaveError as e:
        result = f"refused: {str(e)[len(path) + 2:][:60]}"
    dt = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": dt, "peak_mib": peak / 1024, "growth_mib": (peak - base) / 1024,
                      "result": result}))


def child_result(script: str, path: Path) -> dict | None:
    """Run `script --child PATH` in a fresh process; its last output line as JSON (None, with
    its error printed, if it failed)."""
    out = subprocess.run([sys.executable, script, "--child", str(path)], capture_output=True,
                         text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    if out.returncode:
        print(out.stderr, file=sys.stderr)
        return None
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> int:
    if argv[:1] == ["--child"]:
        measure(argv[1])
        return 0
    sizes = [int(a) for a in argv] or [1000, 5000, 10000, 20000, 40000]
    print("| log entries | file size | load time | memory growth | result |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            path = Path(tmp) / f"s{n}.json"
            make_save(n, path)
            r = child_result(__file__, path)
            if r is None:
                return 1
            print(f"| {n:,} | {path.stat().st_size / 1e6:.1f} MB | {r['seconds']:.1f} s | "
                  f"{r['growth_mib']:.0f} MiB | {r['result']} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
