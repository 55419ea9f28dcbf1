"""Rules-core benchmarks on the Battle for Rohan, each figure against python-chess in the same run
(issue 11). Every figure is measured RUNS times (default 5) and printed as min / median / max; the
ratio is the median of the per-run ratios (each run times its baseline just before the figure). Needs the `bench` extra (`pip install -e .[bench]`: python-chess).

Run: python bench/rohan_core.py [--runs 5] [--memory 10000,40000] [--skip-memory]
     python bench/rohan_core.py --breakdown   (only where a random game's time goes, see below)
     python bench/rohan_core.py --against /path/to/other/tree   (ten games' CPU time and their replay, both trees in turn)

- random full game: a Rohan game from `Game.new` to its winner, each command a uniformly random
  choice among `legal_commands()` (`random.Random(seed)`), submitted with `submit`; ten games a
  run, other seeds each run (`GAMES_A_RUN`);
- one random command: the same loop, per command (legal_commands + choice + submit);
  baseline: one random python-chess ply (`list(board.legal_moves)` + choice + `push`), random
  games from the start position to their end or 300 plies;
- replay per event: `Game.replay(spec, seed, log)` (re-decide every command and verify its events)
  of a log of N events, divided by N; baseline: python-chess parsing a PGN game
  (`chess.pgn.read_game`) and replaying its main line on a board, per ply. The logs are prefixes
  of one long random Rohan game (seed 18, 1,078 commands, 5,744 events); past its end the log is
  padded with `adjust_fate` adjustments (as in bench/save_load.py), so the 8,000-event log is
  5,744 game events and 2,256 padding events;
- replay per entry: the same replays divided by the log's entries (commands), against the same
  baseline per PGN ply (issue 11's goal for the 2,000-event save);
- loading a long log: a child process per size reads and parses a padded save of N entries
  (bench/save_load.py's `make_save`) and replays it with `Game.replay` directly, so the bound of
  `save.MAX_LOG_ENTRIES` does not apply; time and memory include reading and parsing the JSON;
  memory is the growth of the child's max RSS from before the file is read (and its peak).

The random full games are also timed with the content frozen out of the cyclic collector
(`gc.freeze()` after loading it, as the window does, `ui/gcpace.py`) and with the collector off
while they are played (as the computer's search plays its games, `ai/search.py`).

The load average (`os.getloadavg`) is printed before and after the core figures.

`--breakdown` plays ten random Rohan games (seeds 0-9) and prints the CPU time
(`time.process_time`) of `legal_commands` by the kind of decision asked (lists, commands a list,
µs a list, share of the time) and of `submit` by command: where the cost of a game is.
"""
from __future__ import annotations

import argparse
import gc
import io
import json
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import chess  # noqa: E402
import chess.pgn  # noqa: E402

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from padded_log import log_of_events  # noqa: E402,F401 (bench/padded_log.py)

LONG_SEED = 18
# Games a run of the random full game figure (seeds 100 + GAMES_A_RUN * run + k): ten, because
# games differ in length (seeds 0-59: 600 to 750 commands a game on average by tens), and the
# three a run of sessions 1-10 (seeds 100-114, 630 commands on average, against 666 for seeds
# 0-59) gave a figure about a tenth better than a larger sample does.
GAMES_A_RUN = 10


def timed(fn, runs: int) -> list[float]:
    out = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        out.append(time.perf_counter() - t)
    return out


def stats(xs: list[float]) -> tuple[float, float, float]:
    return min(xs), statistics.median(xs), max(xs)


# -- python-chess baselines -----------------------------------------------------------------------
def chess_random_plies(seed: int, games: int = 10, max_plies: int = 300) -> int:
    rng = random.Random(seed)
    plies = 0
    for _ in range(games):
        b = chess.Board()
        while b.ply() < max_plies and not b.is_game_over(claim_draw=False):
            b.push(rng.choice(list(b.legal_moves)))
            plies += 1
    return plies


def chess_pgn_texts(n: int = 10, seed: int = 1, max_plies: int = 300) -> tuple[list[str], int]:
    rng = random.Random(seed)
    texts, plies = [], 0
    for _ in range(n):
        b = chess.Board()
        while b.ply() < max_plies and not b.is_game_over(claim_draw=False):
            b.push(rng.choice(list(b.legal_moves)))
        plies += b.ply()
        texts.append(str(chess.pgn.Game.from_board(b)))
    return texts, plies


def chess_replay(texts: list[str]) -> None:
    for t in texts:
        g = chess.pgn.read_game(io.StringIO(t))
        b = g.board()
        for m in g.mainline_moves():
            b.push(m)


# -- Rohan ------------------------------------------------------------------------------------
def random_game(spec, seed: int) -> Game:
    g = Game.new(spec, seed=seed)
    rng = random.Random(seed)
    while not g.state["winner"]:
        g.submit(rng.choice(g.legal_commands()))
    return g


def memory_child(path: str) -> None:
    """Child: replay the save's log and print seconds and max-RSS growth (MiB)."""
    spec = spec_for("rohan")  # content loading is not the save's cost
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    t = time.perf_counter()
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    g = Game.replay(spec, data["seed"], data["log"])
    dt = time.perf_counter() - t
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"seconds": dt, "growth_mib": (peak - base) / 1024, "peak_mib": peak / 1024,
                      "entries": len(g.log)}))


def breakdown(games: int = 10) -> None:
    """The CPU time (`time.process_time`) of each `legal_commands` by the kind of decision asked,
    and of each `submit` by command, over `games` random Rohan games (seeds 0..games-1)."""
    import collections

    spec = spec_for("rohan")
    lt, lcount, llen, st = collections.Counter(), collections.Counter(), collections.Counter(), collections.Counter()
    clock = time.process_time
    for seed in range(games):
        g = Game.new(spec, seed=seed)
        rng = random.Random(seed)
        while not g.state["winner"]:
            kind = g.state["pending"][-1]["kind"]
            t0 = clock()
            cmds = g.legal_commands()
            t1 = clock()
            cmd = rng.choice(cmds)
            t2 = clock()
            g.submit(cmd)
            st[cmd["cmd"]] += clock() - t2
            lt[kind] += t1 - t0
            lcount[kind] += 1
            llen[kind] += len(cmds)
    n = sum(lcount.values())
    legal, submit = sum(lt.values()), sum(st.values())
    print(f"{games} random Rohan games, {n:,} commands ({n / games:.0f} a game); CPU time")
    print(f"per command: legal_commands {legal / n * 1e6:.1f} µs, submit {submit / n * 1e6:.1f} µs")
    print("\n| legal_commands when asked | lists | share of lists | commands a list | µs a list | share of the time |")
    print("|---|---|---|---|---|---|")
    for kind, v in lt.most_common():
        c = lcount[kind]
        print(f"| {kind} | {c} | {c / n:.1%} | {llen[kind] / c:.1f} | {v / c * 1e6:.1f} | {v / legal:.1%} |")
    print("\n| submit of | share of the time |\n|---|---|")
    for name, v in st.most_common():
        print(f"| {name} | {v / submit:.1%} |")


AB_CHILD = """
import random, sys, time
sys.path.insert(0, sys.argv[1])
from botwotr.catalog import spec_for
from botwotr.core import Game
spec = spec_for("rohan")
t = time.process_time()
n = 0
logs = []
for seed in range(10):
    g = Game.new(spec, seed=seed)
    rng = random.Random(seed)
    while not g.state["winner"]:
        g.submit(rng.choice(g.legal_commands()))
    n += len(g.log)
    logs.append((seed, g.log))
play = time.process_time() - t
t = time.process_time()
for seed, log in logs:
    Game.replay(spec, seed, log)
print(play, n, time.process_time() - t)
"""


def against(other: str, runs: int) -> None:
    """This tree and `other` in turn, `runs` times: CPU time (`time.process_time`) of ten random
    Rohan games (seeds 0-9) in a fresh process each, then of replaying their ten logs
    (`Game.replay`, re-decide and verify), with a python-chess ply (CPU time) just before each;
    the games per second, the ratio of a command to a chess ply and the replay per entry, for
    both trees."""
    import subprocess

    ply_n = chess_random_plies(7)
    trees = {"this tree": str(ROOT), "other": str(Path(other).resolve())}
    res: dict[str, list[tuple[float, float, int, float]]] = {k: [] for k in trees}
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    for _ in range(runs):
        for name, root in trees.items():
            t = time.process_time()
            chess_random_plies(7)
            ply = (time.process_time() - t) / ply_n
            out = subprocess.run([sys.executable, "-c", AB_CHILD, root], capture_output=True, text=True, check=True)
            cpu, cmds, replay = out.stdout.split()
            res[name].append((float(cpu), ply, int(cmds), float(replay)))
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| tree | ten games, CPU s (min / median / max) | games per second (median) | command / chess ply (median) "
          "| replaying their logs, CPU s (min / median / max) | µs an entry (median) |")
    print("|---|---|---|---|---|---|")
    for name, rows in res.items():
        lo, med, hi = stats([r[0] for r in rows])
        ratio = statistics.median((r[0] / r[2]) / r[1] for r in rows)
        rlo, rmed, rhi = stats([r[3] for r in rows])
        per = statistics.median(r[3] / r[2] for r in rows) * 1e6
        print(f"| {name} ({trees[name]}) | {lo:.3f} / {med:.3f} / {hi:.3f} | {10 / med:.1f} | {ratio:.2f} "
              f"| {rlo:.3f} / {rmed:.3f} / {rhi:.3f} | {per:.1f} |")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--memory", default="10000,40000", help="log entries of the memory figures")
    ap.add_argument("--memory-runs", type=int, default=None, help="runs per memory size (default --runs)")
    ap.add_argument("--skip-memory", action="store_true")
    ap.add_argument("--child", help=argparse.SUPPRESS)
    ap.add_argument(
        "--breakdown",
        action="store_true",
        help="only where a random game's time goes: CPU time of legal_commands by pending kind and of submit by command",
    )
    ap.add_argument("--against", help="only: ten random games' CPU time (and replaying their logs) here and in another tree, in turn")
    a = ap.parse_args(argv)
    if a.against:
        against(a.against, a.runs)
        return 0
    if a.child:
        memory_child(a.child)
        return 0
    if a.breakdown:
        print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
        breakdown()
        return 0
    runs = a.runs
    spec = spec_for("rohan")
    print(f"load average at the start: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    rows = []

    # Each run measures the baseline and then the figure, and the ratio is taken run by run, so
    # a burst of load from other processes hits both; the table gives the median of the ratios.
    ply_n = chess_random_plies(7)  # warm-up, and the plies a run

    def one_ply() -> float:
        t = time.perf_counter()
        chess_random_plies(7)
        return (time.perf_counter() - t) / ply_n

    texts, pgn_plies = chess_pgn_texts()

    def one_pgn_ply() -> float:
        t = time.perf_counter()
        chess_replay(texts)
        return (time.perf_counter() - t) / pgn_plies

    def row(name, xs, scale, unit, bases=None):
        lo, med, hi = stats(xs)
        ratio = f"{statistics.median(x / b for x, b in zip(xs, bases)):,.2f}" if bases else "1"
        rows.append((name, f"{lo * scale:,.2f}", f"{med * scale:,.2f}", f"{hi * scale:,.2f}", unit, ratio))
        return med, (statistics.median(x / b for x, b in zip(xs, bases)) if bases else 1)

    # random full Rohan games (GAMES_A_RUN a run, different seeds each run; each game dropped
    # when played, as a program playing games one after another does: ten games kept alive
    # would make the collector's passes walk them), under three collector policies: Python's
    # default; the content frozen out of the cyclic collector (`gc.freeze()` after loading it,
    # as the window does); the collector off while they are played (as the computer's search
    # plays its games, `ai/search.py`). Each run is put back as it was after it.
    def games_run(r: int, policy: str) -> tuple[float, float, int]:
        """(the run's chess ply baseline, its CPU seconds, its commands)."""
        base = one_ply()
        if policy == "frozen":
            gc.collect()
            gc.freeze()
        elif policy == "off":
            gc.collect()
            gc.disable()
        try:
            t = time.perf_counter()
            commands = sum(len(random_game(spec, 100 + GAMES_A_RUN * r + k).log) for k in range(GAMES_A_RUN))
            return base, time.perf_counter() - t, commands
        finally:
            gc.unfreeze()
            gc.enable()

    per_game, per_cmd, ply_base = [], [], []
    by_policy: dict[str, tuple[list[float], list[float]]] = {"frozen": ([], []), "off": ([], [])}
    for policy in ("default", "frozen", "off"):
        for r in range(runs):
            base, dt, commands = games_run(r, policy)
            if policy == "default":
                ply_base.append(base)
                per_game.append(dt / GAMES_A_RUN)
                per_cmd.append(dt / commands)
            else:
                by_policy[policy][0].append(base)
                by_policy[policy][1].append(dt / GAMES_A_RUN)
    frozen_base, frozen_game = by_policy["frozen"]
    off_base, off_game = by_policy["off"]
    row(f"baseline: one random python-chess ply (random games, {ply_n} plies a run)", ply_base, 1e6, "µs")
    med_game, _ = row(f"one random full Rohan game ({GAMES_A_RUN} games a run)", per_game, 1e3, "ms", ply_base)
    row("one random Rohan command (legal_commands + choice + submit)", per_cmd, 1e6, "µs", ply_base)
    med_frozen, _ = row(f"one random full Rohan game, gc.freeze() after loading the content (the same {GAMES_A_RUN} games)",
                        frozen_game, 1e3, "ms", frozen_base)
    med_off, _ = row(f"one random full Rohan game, the collector off (the same {GAMES_A_RUN} games)",
                     off_game, 1e3, "ms", off_base)

    long_game = random_game(spec, LONG_SEED)
    game_events = sum(len(e["events"]) for e in long_game.log)
    logs = {n: log_of_events(long_game, n) for n in (500, 2000, 5000, 8000)}
    # state_at(n) where it costs most: the last entry before a snapshot, nothing folded yet
    # (a tree from before issue 11 kept every state: no such figure)
    from botwotr.core import game as game_mod
    k = getattr(game_mod, "SNAPSHOT_EVERY", None)
    if k:
        worst = list(range(k - 1, len(long_game.log) - game_mod.RECENT, k))
        at_times, at_base = [], []
        for r in range(runs):
            at_base.append(one_ply())
            t = time.perf_counter()
            for n in worst:
                long_game._folded = None
                long_game.state_at(n)
            at_times.append((time.perf_counter() - t) / len(worst))
        row(f"state_at(n), n just before a snapshot ({k - 1} entries to fold; "
            f"{len(worst)} such n a run)", at_times, 1e6, "µs", at_base)
    del long_game
    pgn_base = []
    per_event = {n: [] for n in logs}
    for r in range(runs):
        pgn_base.append(one_pgn_ply())
        for n, log in logs.items():
            events = sum(len(e["events"]) for e in log)
            t = time.perf_counter()
            Game.replay(spec, LONG_SEED, log)
            per_event[n].append((time.perf_counter() - t) / events)
    row(f"baseline: python-chess PGN parse + replay, per ply ({pgn_plies} plies, 10 games)",
        pgn_base, 1e6, "µs")
    ratio = {}
    for n, log in logs.items():
        events = sum(len(e["events"]) for e in log)
        pad = f", {events - game_events:,} of them padding" if events > game_events else ""
        _, ratio[n] = row(f"replay (re-decide + verify) per event, {events:,}-event log "
                          f"({len(log):,} entries{pad})", per_event[n], 1e6, "µs", pgn_base)
    for n, log in logs.items():
        events = sum(len(e["events"]) for e in log)
        per_entry = [x * events / len(log) for x in per_event[n]]
        row(f"replay (re-decide + verify) per entry, {events:,}-event log ({len(log):,} entries)",
            per_entry, 1e6, "µs", pgn_base)

    print(f"Battle for Rohan, {runs} runs per figure; load average {os.getloadavg()[0]:.2f} "
          f"on {os.cpu_count()} cores at the end of the core figures.")
    print("\n| measure | min | median | max | unit | ratio to baseline (median of per-run ratios) |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print(f"\nrandom full Rohan games per second (median): {1 / med_game:.2f}; "
          f"with gc.freeze() after loading the content: {1 / med_frozen:.2f}; with the collector off: {1 / med_off:.2f}")
    print(f"replay per event, 8,000 / 500 events: {ratio[8000] / ratio[500]:.2f}; "
          f"5,000 / 500 (game events only): {ratio[5000] / ratio[500]:.2f} (ratios of the medians of the ratios)")

    if a.skip_memory:
        return 0
    from save_load import child_result, make_save
    mruns = a.memory_runs or runs
    print("\n| log entries | file size | read + parse + replay min / median / max | "
          "max-RSS growth min / median / max | peak max RSS (median) |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in [int(x) for x in a.memory.split(",") if x]:
            path = Path(tmp) / f"s{n}.json"
            make_save(n, path)
            secs, mibs, peaks = [], [], []
            for _ in range(mruns):
                r = child_result(__file__, path)
                if r is None:
                    return 1
                secs.append(r["seconds"])
                mibs.append(r["growth_mib"])
                peaks.append(r["peak_mib"])
            s, m = stats(secs), stats(mibs)
            print(f"| {n:,} | {path.stat().st_size / 1e6:.1f} MB | {s[0]:.2f} / {s[1]:.2f} / {s[2]:.2f} s | "
                  f"{m[0]:.0f} / {m[1]:.0f} / {m[2]:.0f} MiB | {statistics.median(peaks):.0f} MiB |", flush=True)
    print(f"load average at the end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
