"""The whole `botwotr export SAVE --out X.png --size 1920x1080` command, against a baseline measured
in the same run (issue 11): a `python -c pass` process start plus one full-window blit (a
1920x1080 surface onto the 1920x1080 window surface, SDL dummy driver). Each run times the
baseline and then the command; the ratio is taken run by run. Prints min / median / max.

Run: python bench/export.py [--runs 7] [--against DIR]

`--against DIR` also times, interleaved in the same runs, the command run from another checkout
(PYTHONPATH=DIR, e.g. `git worktree add /tmp/old main`), and prints this tree over that one.

Two ways Python may start, both measured:
- "bytecode cached": as an installed package runs, with the compiled modules cached (a private
  PYTHONPYCACHEPREFIX, PYTHONDONTWRITEBYTECODE unset, one warm-up run first);
- "no bytecode cache": PYTHONDONTWRITEBYTECODE=1 and no cache, so every botwotr module is compiled
  again at each start (how this project's build machines run, and what the issue measured).

Then the command's parts, in one process each run (`--phases`): imports, the scenario's content
(YAML and the Tiled map, validated), the save's load and replay, the board layout, the render,
the PNG.
The save is a 30-command Battle for Rohan game (seed 3, random legal commands), made in the run.
The program's folders are the run's own (`BOTWOTR_HOME` in a temporary folder): the disk caches are
warm after the warm-up runs whatever else uses the user's cache folder meanwhile.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
SIZE = "1920x1080"


def make_save(path: Path) -> None:
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.persistence import save as saves

    g = Game.new(spec_for("rohan"), seed=3)
    rng = random.Random(3)
    while len(g.log) < 30:
        g.submit(rng.choice(g.legal_commands()))
    saves.save(g, path)


def blit_time(n: int = 50) -> float:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.display.init()
    screen = pygame.display.set_mode((1920, 1080))
    src = pygame.Surface((1920, 1080))
    src.fill((40, 60, 80))
    screen.blit(src, (0, 0))
    t = time.perf_counter()
    for _ in range(n):
        screen.blit(src, (0, 0))
    return (time.perf_counter() - t) / n


CPU: dict[int, float] = {}  # id of a wall-time figure -> the child's CPU time (user + system)


def wall(cmd: list[str], env: dict) -> float:
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
    dt = time.perf_counter() - t
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    if r.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {r.stderr.strip()}")
    CPU[len(CPU)] = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    return dt


def timed_cpu(cmd: list[str], env: dict, into: list, cpu: list) -> None:
    into.append(wall(cmd, env))
    cpu.append(CPU[len(CPU) - 1])


def phases(save: str, out: str) -> None:
    """Child: the parts of the export, timed in one process."""
    T = time.perf_counter
    t0 = T()
    from botwotr.catalog import spec_for
    from botwotr.persistence.save import load
    from botwotr.ui import export  # the command's own imports

    getattr(export, "leave_out_unused_pygame", lambda: None)()  # as `cmd_export` starts pygame
    import pygame
    from botwotr.ui.layouts import layout_for
    from botwotr.ui.png import save_png
    from botwotr.ui.render import render_position

    t1 = T()
    spec = spec_for("rohan")
    t2 = T()
    game = load(save, spec_for)
    t3 = T()
    layout = layout_for(spec)
    t35 = T()
    pygame.font.init()
    surf = render_position(game, spec, layout, (1920, 1080), "public")
    t4 = T()
    try:
        save_png(surf, out, level=1, up=False)  # as botwotr/ui/export.py writes it
    except TypeError:  # a tree from before issue 11 (Up filter, level 4)
        save_png(surf, out)
    t5 = T()
    print(
        json.dumps(
            {
                "imports": t1 - t0,
                "content (YAML + Tiled map, validated)": t2 - t1,
                "save (read + replay)": t3 - t2,
                "layout": t35 - t3,
                "render": t4 - t35,
                "png": t5 - t4,
            }
        )
    )


def stats(xs):
    return min(xs), statistics.median(xs), max(xs)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", help="another checkout to time in the same runs")
    ap.add_argument("--phases", nargs=2, help=argparse.SUPPRESS)
    a = ap.parse_args(argv)
    if a.phases:
        phases(*a.phases)
        return 0
    exe = shutil.which("botwotr", path=str(Path(sys.executable).parent))
    export = [exe] if exe else [sys.executable, "-m", "botwotr"]
    blit = statistics.median(blit_time() for _ in range(5))
    tmp = Path(tempfile.mkdtemp(prefix="botwotr-bench-export-"))
    try:
        save = tmp / "game.json"
        make_save(save)
        # the disk caches (the checked scenario and map, the art at the size drawn) in a folder of
        # the run's own, filled by the warm-up runs: the user's cache folder is shared with other
        # checkouts and sessions, whose files push this tree's out (then a run reads the map again)
        base_env = {
            **os.environ,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "PYTHONPATH": str(ROOT),
            "BOTWOTR_HOME": str(tmp / "home"),
        }
        cached = {k: v for k, v in base_env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        cached["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
        nocache = {**base_env, "PYTHONDONTWRITEBYTECODE": "1"}
        nocache.pop("PYTHONPYCACHEPREFIX", None)
        cmd = export + ["export", str(save), "--out", str(tmp / "x.png"), "--size", SIZE]
        old_cmd = export + ["export", str(save), "--out", str(tmp / "old.png"), "--size", SIZE]
        wall(cmd, cached)  # warm-up: fills the bytecode cache
        wall([sys.executable, "-c", "pass"], cached)
        print(
            f"`botwotr export SAVE --out X.png --size {SIZE}`, {a.runs} runs; load average "
            f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores; one full-window blit {blit * 1e3:.2f} ms"
        )
        print("\n| measure | min | median | max | ratio to baseline (median of per-run ratios) |")
        print("|---|---|---|---|---|")
        other = {}
        if a.against:
            for label, env in (("bytecode cached", cached), ("no bytecode cache", nocache)):
                other[label] = {**env, "PYTHONPATH": str(Path(a.against).resolve())}
            wall(old_cmd, other["bytecode cached"])
        for label, env in (("bytecode cached", cached), ("no bytecode cache", nocache)):
            base, fig, old, cpu, old_cpu = [], [], [], [], []
            for _ in range(a.runs):
                base.append(wall([sys.executable, "-c", "pass"], env) + blit)
                timed_cpu(cmd, env, fig, cpu)
                if other:
                    timed_cpu(old_cmd, other[label], old, old_cpu)
            ratio = statistics.median(f / b for f, b in zip(fig, base))
            rows = [
                (f"baseline ({label}): `python -c pass` + one blit", base, "1"),
                (f"`botwotr export` ({label})", fig, f"{ratio:.1f}"),
            ]
            if old:
                rows.append(
                    (
                        f"`botwotr export` ({label}), {a.against}",
                        old,
                        f"{statistics.median(f / b for f, b in zip(old, base)):.1f}",
                    )
                )
            for name, xs, r in rows:
                lo, med, hi = stats(xs)
                print(f"| {name} | {lo * 1e3:.0f} ms | {med * 1e3:.0f} ms | {hi * 1e3:.0f} ms | {r} |")
            print(
                f"| `botwotr export` ({label}): CPU time (user + system) | {min(cpu) * 1e3:.0f} ms | "
                f"{statistics.median(cpu) * 1e3:.0f} ms | {max(cpu) * 1e3:.0f} ms | |"
            )
            if old:
                print(
                    f"| `botwotr export` ({label}), {a.against}: CPU time | {min(old_cpu) * 1e3:.0f} ms | "
                    f"{statistics.median(old_cpu) * 1e3:.0f} ms | {max(old_cpu) * 1e3:.0f} ms | |"
                )
                print(
                    f"| this tree / {a.against} (median of per-run ratios) | | "
                    f"{statistics.median(f / o for f, o in zip(fig, old)):.2f} | | |"
                )
        parts: dict[str, list[float]] = {}
        for _ in range(a.runs):
            out = subprocess.run(
                [sys.executable, __file__, "--phases", str(save), str(tmp / "p.png")],
                env=cached,
                capture_output=True,
                text=True,
                cwd=ROOT,
            )
            if out.returncode:
                raise SystemExit(out.stderr)
            for k, v in json.loads(out.stdout.strip().splitlines()[-1]).items():
                parts.setdefault(k, []).append(v)
        print("\n| part of the command (bytecode cached, in one process) | min | median | max |")
        print("|---|---|---|---|")
        for k, xs in parts.items():
            lo, med, hi = stats(xs)
            print(f"| {k} | {lo * 1e3:.0f} ms | {med * 1e3:.0f} ms | {hi * 1e3:.0f} ms |")
        print(f"\nPNG written: {(tmp / 'x.png').stat().st_size / 1e6:.2f} MB")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
