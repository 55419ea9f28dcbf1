"""Window benchmarks: frame time at 1920x1080 with the full Rohan set-up and an animation running,
launch time to the first drawn frame, export time. Headless (SDL dummy driver).

    python bench/frame.py [--frames 600] [--profile]

Figures are compared with a baseline measured in the same run: one full-screen blit (a 1920x1080
surface onto the window surface). Prints a Markdown table (docs/PERFORMANCE.md, "Window").
Frames are stepped with the StepClock (no frame-rate sleep), so a frame is the time the app
needs for events -> update -> draw -> flip.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

SIZE = (1920, 1080)


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def baseline(screen, n=300) -> list[float]:
    src = pygame.Surface(screen.get_size()).convert()
    src.fill((90, 80, 70))
    out = []
    for _ in range(n):
        t = time.perf_counter()
        screen.blit(src, (0, 0))
        out.append(time.perf_counter() - t)
    return out


def moving_events(game):
    """A move, a dice roll and a casualty that the animator can play again and again."""
    regs = game.state["regions"]
    frm = next(r for r, v in sorted(regs.items()) if v["side"] == "fp" and v["units"])
    to = sorted(game.spec.board.neighbours(frm))[0]
    u = sorted(regs[frm]["units"])[0]
    return [
        {"e": "ArmyMoved", "side": "fp", "from": frm, "path": [to], "units": {u: 1}, "leaders": 0,
         "characters": [], "damage": 0},
        {"e": "DiceRolled", "side": "sh", "results": ["army", "muster", "eye", "event"],
         "kept": ["army", "muster", "eye", "event"], "to_box": 0},
        {"e": "CombatRolled", "side": "fp", "dice": [6, 3, 5, 1, 2], "maneuver": 2, "target": 5, "mod": 0,
         "stage": "roll"},
        {"e": "FateMarkerMoved", "from": 0, "to": 3},
    ]


def frame_times(frames: int, profile: bool = False):
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.ui.app import App, StepClock
    from botwotr.ui.scenes.game import GameScene
    home = tempfile.mkdtemp(prefix="botwotr-bench-")
    app = App(size=SIZE, clock=StepClock(1 / 60), home=home, resizable=False)
    game = Game.new(spec_for("rohan"), seed=3)
    scene = GameScene(app, game, mode="companion")
    app.push(scene)
    for _ in range(5):
        app.step([])
    base = baseline(app.screen)
    evs = moving_events(game)
    times, anim_frames = [], 0

    def run():
        nonlocal anim_frames
        for _ in range(frames):
            if not scene.animator.busy:
                scene.animator.feed(evs)
            t = time.perf_counter()
            app.step([])
            times.append(time.perf_counter() - t)
            anim_frames += scene.animator.busy

    if profile:
        import cProfile
        import pstats
        pr = cProfile.Profile()
        pr.enable()
        run()
        pr.disable()
        pstats.Stats(pr).sort_stats("cumulative").print_stats(25)
    else:
        run()
    still = []
    scene.animator.finish()
    for _ in range(min(200, frames)):
        t = time.perf_counter()
        app.step([])
        still.append(time.perf_counter() - t)
    assert app.last_error is None, app.last_error
    app.close()
    return base, times, still, anim_frames


LAUNCH = r"""
import os, sys, time
os.environ.setdefault("SDL_VIDEODRIVER", "dummy"); os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
import tempfile
from botwotr.ui.app import App, StepClock
app = App(size=(1920, 1080), clock=StepClock(), home=tempfile.mkdtemp())
if sys.argv[1] == "title":
    from botwotr.ui.scenes.title import TitleScene
    app.push(TitleScene(app))
else:
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.ui.scenes.game import GameScene
    app.push(GameScene(app, Game.new(spec_for("rohan"), seed=3), mode="companion"))
app.step([])
print(time.time())
"""


def launch(what: str, n: int = 3) -> float:
    out = []
    for _ in range(n):
        t = time.time()
        r = subprocess.run([sys.executable, "-c", LAUNCH, what], capture_output=True, text=True, cwd=ROOT,
                           check=True)
        out.append(float(r.stdout.strip().splitlines()[-1]) - t)
    return statistics.median(out)


def export_times(n: int = 3) -> tuple[float, float]:
    """(in-process render + PNG, the whole `botwotr export` command)."""
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.persistence.save import save
    from botwotr.ui.export import export_save
    g = Game.new(spec_for("rohan"), seed=3)
    for _ in range(30):
        g.submit(g.legal_commands()[0])
    folder = Path(tempfile.mkdtemp(prefix="botwotr-bench-"))
    path = folder / "game.json"
    save(g, path)
    inproc = []
    for i in range(n):
        t = time.perf_counter()
        export_save(path, folder / f"in{i}.png")
        inproc.append(time.perf_counter() - t)
    cmd = []
    for i in range(n):
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "botwotr", "export", str(path), "--out",
                            str(folder / f"cli{i}.png")], cwd=ROOT, capture_output=True, text=True)
        if r.returncode:
            raise SystemExit(f"botwotr export failed: {r.stderr.strip()}")
        cmd.append(time.perf_counter() - t)
    return statistics.median(inproc[1:] or inproc), statistics.median(cmd)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--frames", type=int, default=600)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args(argv)
    base, times, still, anim = frame_times(args.frames, args.profile)
    b = statistics.median(base)
    ms = 1000.0
    title = launch("title")
    board = launch("game")
    exp_in, exp_cmd = export_times()
    rows = [
        ("baseline: one full-screen blit (1920x1080)", b * ms, 1.0),
        (f"frame, animation running: median ({anim} of {len(times)} frames animated)", statistics.median(times) * ms,
         statistics.median(times) / b),
        ("frame, animation running: 99th percentile", pct(times, 99) * ms, pct(times, 99) / b),
        ("frame, still board: median", statistics.median(still) * ms, statistics.median(still) / b),
        ("frame, still board: 99th percentile", pct(still, 99) * ms, pct(still, 99) / b),
        ("launch to the first drawn frame: title screen", title * ms, title / b),
        ("launch to the first drawn frame: game screen (Rohan)", board * ms, board / b),
        ("export: render + PNG, in process", exp_in * ms, exp_in / b),
        ("export: the whole `botwotr export` command", exp_cmd * ms, exp_cmd / b),
    ]
    print("| measure | value | ratio to baseline |")
    print("|---|---|---|")
    for name, v, r in rows:
        print(f"| {name} | {v:,.2f} ms | {r:,.0f} |" if r >= 10 else f"| {name} | {v:,.2f} ms | {r:.1f} |")
    print()
    print(f"python {sys.version.split()[0]}, pygame-ce {pygame.version.ver}, SDL video driver "
          f"{os.environ.get('SDL_VIDEODRIVER')}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
