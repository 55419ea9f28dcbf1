"""Window benchmarks on the Battle for Rohan at 1920x1080 (issue 11), headless (SDL dummy driver).

    python bench/frame.py [--runs 5] [--against DIR] [--profile WHAT] [--cpu] [--parts] [--driver x11]

`--driver x11`: a real X window (`DISPLAY` set, e.g. an `Xvfb :41 -screen 0 1920x1200x24`),
resizable; a resize is then the window resized from outside, as a window manager does it
(`XResizeWindow` on its own X connection, waited for until the program's connection has the
event), and the timed frame reads it (`pygame.event.get()`: pygame makes the window's new surface
there) and handles it. Under Xvfb SDL draws the window through OpenGL (Mesa's software renderer)
unless `SDL_FRAMEBUFFER_ACCELERATION=0` (then an X shared-memory image): give it to say which.
`--parts`: also the resize rows' frames split into their parts (the window's new surface:
`set_mode` or the event read; the layout; the panels' steps and picture; the board; the flip),
for the slowest frame and as medians.

Each run is a fresh child process (per tree: this one, and with `--against DIR` another checkout
such as the tree before a change, PYTHONPATH=DIR, interleaved run by run). In each run, measured
in the same process just before the figures: the baseline, one full-window blit (a 1920x1080
surface onto the window surface, median of 300). Figures (frames stepped with the StepClock: no
frame-rate sleep, so a frame is events -> update -> draw -> flip):

- animated frames: the game scene (companion mode, the set-up of seed 3) with a move, a dice roll,
  a combat roll and a fate-marker step fed again whenever the animator is idle (600 frames;
  median and 99th percentile);
- a still board: 200 frames;
- the frame after a command (hotseat, the cover lifted), with a log of ~100 events and of ~8,000
  events (a long random game, seed 18, padded past its end with `adjust_fate` adjustments as in bench/rohan_core.py): the
  command is an `adjust_fate` (the same core cost at both lengths), given through
  `GameScene.submit` (so the autosave, into a real folder, and the log panel are in it), then one
  frame; 40 commands, the animation finished before the next, the first once the opened board is
  settled (before winfast5 the first command's frame also ran the board's first build steps);
- a zoom step (one wheel notch over the board, then the frame), in and out, 24 steps;
- zooming with pauses over levels seen: 12 notches, each followed by the frames until the board
  is settled (`BoardView.smoothing`: a picture drawn over several frames, or the art smoothed);
- zooming out with pauses: 3 notches, each to a level not scaled yet, then the frames until its
  art is smooth (the art of a new level is drawn at once with a quick scale and smoothed in
  slices over the next frames, `board_view.SmoothScale`);
- a resize (1920x1080 <-> 1600x900, a `VIDEORESIZE` event in the frame), 12 each way; 12 resizes
  each followed by every frame until the board and the panels are settled; a resize to a new size
  every frame (1600x900 growing by 24x13 px, 12 frames: a window edge dragged); and the same with
  three sizes a frame (a window manager's events come faster than frames), then a pause: every
  frame until settled;
- a pan (a middle-button drag, 12 px a frame, zoomed in 3 notches, after the board settled and
  half a second more), 120 frames; its first frame alone too (the dragged picture drawn, or the
  one drawn ahead brought up to date: `BoardView.prepare_pan`);
- opening a game: `Continue` on a 300-command Rohan autosave (load and verify, the game scene,
  its first frame).

Prints min / median / max over the runs of each figure and the median ratio to the baseline
(per run), for each tree, and the ratio of this tree to the other.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import padded_log  # bench/padded_log.py

ROOT = Path(__file__).resolve().parents[1]
SIZE = (1920, 1080)


def pct(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


# -- the child: one run ----------------------------------------------------------------------
CLOCK = time.perf_counter  # --cpu: time.process_time (this process's CPU time, for a busy machine)
PARTS = False  # --parts


class Resizer:
    """A frame that resizes the window: with the dummy driver `VIDEORESIZE` events handed to
    `App.step` (the app makes the window's new surface, `set_mode`); with a real X window the
    window resized from outside (`XResizeWindow` on a connection of our own, as a window
    manager does), waited for (untimed) until the program's X connection has the events, then a
    frame that reads them (`pygame.event.get()`, where pygame takes SDL's new surface)."""

    def __init__(self, app, x11: bool):
        self.app = app
        self.late = 0  # (x11: frames whose last size came only in a later read)
        self.x = None
        if not x11:
            return
        import ctypes
        import ctypes.util

        import pygame

        x = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XResizeWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_uint, ctypes.c_uint]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XConnectionNumber.argtypes = [ctypes.c_void_p]
        get = ctypes.pythonapi.PyCapsule_GetPointer
        get.restype, get.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
        info = pygame.display.get_wm_info()
        self.fd = x.XConnectionNumber(get(info["display"], b"display"))  # the program's connection
        self.dpy = x.XOpenDisplay(os.environ.get("DISPLAY", "").encode())
        self.x = x

    def frame(self, sizes) -> float:
        import pygame

        if self.x is None:
            return self._step([pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)) for w, h in sizes])
        import select

        window = pygame.display.get_wm_info()["window"]  # (SDL may make its window again for OpenGL)
        for w, h in sizes:
            self.x.XResizeWindow(self.dpy, window, w, h)
        self.x.XSync(self.dpy, 0)  # (the server has done them and sent the events)
        select.select([self.fd], [], [], 1.0)
        dt = self._step(None)
        want = tuple(sizes[-1])
        for _ in range(100):
            if self.app.size == want:
                break
            self.late += 1
            select.select([self.fd], [], [], 0.01)
            self.app.step(None)
        return dt

    def _step(self, events) -> float:
        t = CLOCK()
        self.app.step(events)
        return CLOCK() - t


class Parts:
    """The resize rows' frames split into parts: time spent in each of a few calls (wrapped),
    per frame; `summary()`: per row, each part's median and the slowest frame's parts."""

    def __init__(self, scene):
        import pygame

        self.now: dict = {}
        self.frames: dict = {}
        self.undos = []
        self.wrap(pygame.display, "set_mode", "surface (set_mode)")
        self.wrap(pygame.event, "get", "surface (event read)")
        self.wrap(pygame.display, "flip", "flip")
        self.wrap(scene, "on_resize", "layout")
        if hasattr(scene, "_panel_steps_first"):
            self.wrap(scene, "_panel_steps_first", "panels' steps")
        self.wrap(scene, "_draw_panels", "panels")
        self.wrap(scene.board, "draw", "board")
        self.wrap(scene, "update", "update")
        import gc

        self.gc_start = 0.0

        def collecting(phase, info):
            if phase == "start":
                self.gc_start = CLOCK()
            else:
                self.now["garbage collector"] = self.now.get("garbage collector", 0.0) + CLOCK() - self.gc_start

        self.gc_callback = collecting
        gc.callbacks.append(collecting)

    def wrap(self, obj, name, label):
        f = getattr(obj, name)
        now = self.now
        own = name in vars(obj)  # (a module's function, or an instance's own attribute)

        def timed(*a, **k):
            t = CLOCK()
            try:
                return f(*a, **k)
            finally:
                now[label] = now.get(label, 0.0) + CLOCK() - t

        self.undos.append((obj, name, f, own))
        setattr(obj, name, timed)

    def undo(self):
        import gc

        gc.callbacks.remove(self.gc_callback)
        for obj, name, f, own in reversed(self.undos):
            if own:
                setattr(obj, name, f)
            else:
                delattr(obj, name)

    def begin(self):
        self.now.clear()

    def end(self, row, total):
        p = dict(self.now)
        p["total"] = total
        self.frames.setdefault(row, []).append(p)

    def summary(self) -> dict:
        out = {}
        for row, frames in self.frames.items():
            names = sorted({k for f in frames for k in f})
            slowest = max(frames, key=lambda f: f["total"])
            out[row] = {
                "median": {k: statistics.median(f.get(k, 0.0) for f in frames) for k in names},
                "slowest": {k: slowest.get(k, 0.0) for k in names},
            }
        return out


def child(profile: str | None) -> dict:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import random

    import pygame

    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.persistence import autosave as autosaves
    from botwotr.ui.app import App, StepClock

    try:
        from botwotr.ui.scenes.game import GameScene
    except ImportError:  # pragma: no cover
        raise
    spec = spec_for("rohan")
    home = tempfile.mkdtemp(prefix="botwotr-bench-")
    x11 = os.environ.get("SDL_VIDEODRIVER") == "x11"
    app = App(size=SIZE, clock=StepClock(1 / 60), home=home, resizable=x11)
    out: dict = {"driver": pygame.display.get_driver(), "framebuffer": os.environ.get("SDL_FRAMEBUFFER_ACCELERATION")}
    resizer = Resizer(app, x11)
    prof = None
    if profile:
        import cProfile

        prof = cProfile.Profile()

    def timed_step(events=(), fn=None) -> float:
        t = CLOCK()
        if fn is not None:
            fn()
        app.step(list(events))
        return CLOCK() - t

    def maybe_profile(what, fn):
        if prof is not None and profile == what:
            prof.enable()
            try:
                return fn()
            finally:
                prof.disable()
        return fn()

    # baseline
    src = pygame.Surface(app.screen.get_size()).convert()
    src.fill((90, 80, 70))
    base = []
    for _ in range(300):
        t = CLOCK()
        app.screen.blit(src, (0, 0))
        base.append(CLOCK() - t)
    out["baseline"] = statistics.median(base)

    # animated and still frames
    game = Game.new(spec, seed=3)
    scene = GameScene(app, game, mode="companion")
    app.push(scene)
    for _ in range(5):
        app.step([])
    regs = game.state["regions"]
    frm = next(r for r, v in sorted(regs.items()) if v["side"] == "fp" and v["units"])
    to = sorted(game.spec.board.neighbours(frm))[0]
    u = sorted(regs[frm]["units"])[0]
    evs = [
        {"e": "ArmyMoved", "side": "fp", "from": frm, "path": [to], "units": {u: 1}, "leaders": 0,
         "characters": [], "damage": 0},
        {"e": "DiceRolled", "side": "sh", "results": ["army", "muster", "eye", "event"],
         "kept": ["army", "muster", "eye", "event"], "to_box": 0},
        {"e": "CombatRolled", "side": "fp", "dice": [6, 3, 5, 1, 2], "maneuver": 2, "target": 5, "mod": 0,
         "stage": "roll"},
        {"e": "FateMarkerMoved", "from": 0, "to": 3},
    ]  # fmt: skip

    def animated():
        times = []
        for _ in range(600):
            if not scene.animator.busy:
                scene.animator.feed(evs)
            times.append(timed_step())
        return times

    times = maybe_profile("animated", animated)
    out["animated median"] = statistics.median(times)
    out["animated p99"] = pct(times, 99)
    scene.animator.finish()
    still = [timed_step() for _ in range(200)]
    out["still median"] = statistics.median(still)

    # zoom, pan, resize on this scene
    centre = scene.board.rect.center
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0))])

    def zooms():
        zs = []
        for k in range(24):
            y = 1 if (k // 6) % 2 == 0 else -1
            zs.append(timed_step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)]))
        return zs

    zs = maybe_profile("zoom", zooms)
    out["zoom median"] = statistics.median(zs)
    out["zoom max"] = max(zs)
    out["zoom p99"] = pct(zs, 99)

    # a notch, then the frames until the board's picture is settled (a tree that draws the new
    # picture over several frames shows the last one scaled meanwhile), in and out over levels seen
    def zoom_settles():
        zt, frames = [], 0
        for k in range(12):
            y = 1 if (k // 3) % 2 == 0 else -1
            zt.append(timed_step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False)]))
            n = 0
            while getattr(scene.board, "smoothing", False) and n < 2000:
                zt.append(timed_step())
                n += 1
            frames += n
        return zt, frames / 12

    zt, zf = maybe_profile("zoomsettle", zoom_settles)
    out["zoom settle median"] = statistics.median(zt)
    out["zoom settle p99"] = pct(zt, 99)
    out["zoom settle frames"] = zf
    # zooming with a pause: a notch to a level not scaled yet, then the frames until its art is
    # smooth (a tree without the sliced smoothing scales it in the notch's frame)
    notch, smooth = [], []
    for _ in range(3):
        notch.append(timed_step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)]))
        n = 0
        while getattr(scene.board, "smoothing", False) and n < 2000:
            smooth.append(timed_step())
            n += 1
    for _ in range(3):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    out["zoom new max"] = max(notch)
    out["zoom smoothing max"] = max(smooth) if smooth else 0.0
    out["zoom smoothing frames"] = len(smooth) / 3
    for _ in range(3):
        app.step([pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)])
    for _ in range(2000):  # (settled, then half a second: a person's pause before dragging)
        if not getattr(scene.board, "smoothing", False):
            break
        app.step([])
    for _ in range(30):
        app.step([])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre, button=2)])

    def pans():
        ps = []
        pos = list(centre)
        for k in range(120):
            d = 12 if (k // 30) % 2 == 0 else -12
            pos[0] += d
            ev = pygame.event.Event(pygame.MOUSEMOTION, pos=tuple(pos), rel=(d, d // 2), buttons=(0, 1, 0))
            ps.append(timed_step([ev]))
        return ps

    ps = maybe_profile("pan", pans)
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=tuple(centre), button=2)])
    out["pan first"] = ps[0]
    out["pan median"] = statistics.median(ps)
    out["pan p99"] = pct(ps, 99)

    if x11:  # (the window's events since it opened, its first mouse motion: read before the resizes)
        app.step(None)
        while getattr(scene.board, "smoothing", False) or getattr(scene, "panels_settling", False):
            app.step([])
    parts = Parts(scene) if PARTS else None

    def unsettled():
        return getattr(scene.board, "smoothing", False) or getattr(scene, "panels_settling", False)

    def resize_frame(*sizes, row=None):
        if parts is not None:
            parts.begin()
        dt = resizer.frame(sizes)
        if parts is not None:
            parts.end(row, dt)
        return dt

    def resizes():
        rs = []
        for k in range(24):
            w, h = (1600, 900) if k % 2 == 0 else SIZE
            rs.append(resize_frame((w, h), row="resize"))
        return rs

    rs = maybe_profile("resize", resizes)
    out["resize median"] = statistics.median(rs)
    out["resize max"] = max(rs)

    def resize_settles():  # a resize, then every frame until the board and the panels are settled
        rt, frames = [], 0
        for k in range(12):
            w, h = (1600, 900) if k % 2 == 0 else SIZE
            rt.append(resize_frame((w, h), row="resize settle"))
            n = 0
            while unsettled() and n < 2000:
                rt.append(timed_step())
                n += 1
            frames += n
        return rt, frames / 12

    rt, rf = maybe_profile("resizesettle", resize_settles)
    out["resize settle median"] = statistics.median(rt)
    out["resize settle p99"] = pct(rt, 99)
    out["resize settle max"] = max(rt)
    out["resize settle frames"] = rf

    def drag_resizes():  # a window edge dragged: a new size every frame
        return [resize_frame((1600 + 24 * k, 900 + 13 * k), row="new size") for k in range(1, 13)]

    ds = maybe_profile("dragresize", drag_resizes)
    out["new size median"] = statistics.median(ds)
    out["new size max"] = max(ds)

    def fast_drag():  # three sizes a frame, 12 frames, then every frame until settled
        fd = []
        for k in range(1, 13):
            sizes = [(1888 - 8 * (3 * k + j), 1056 - 4 * (3 * k + j)) for j in range(3)]
            fd.append(resize_frame(*sizes, row="fast drag"))
        after = []
        while unsettled() and len(after) < 2000:
            after.append(timed_step())
        return fd, after

    fd, after = maybe_profile("fastdrag", fast_drag)
    out["fast drag median"] = statistics.median(fd)
    out["fast drag max"] = max(fd)
    out["fast drag settle max"] = max(after) if after else 0.0
    out["fast drag settle frames"] = len(after)
    out["x11 late"] = resizer.late
    if parts is not None:
        out["parts"] = parts.summary()
        parts.undo()
    resizer.frame([SIZE])
    for _ in range(400):
        if not getattr(scene.board, "smoothing", False):
            break
        app.step([])
    app.reset_to(GameScene(app, Game.new(spec, seed=4), mode="companion"))
    app.step([])

    # the frame after a command, short and long logs
    long_game = Game.new(spec, seed=18)
    rng = random.Random(18)
    while not long_game.state["winner"]:
        long_game.submit(rng.choice(long_game.legal_commands()))

    def log_of_events(n):
        return padded_log.log_of_events(long_game, n)

    from botwotr.core import RuleError

    def adjustable(n):
        """The log of about n events, taken on to a position where the board may be adjusted
        (not inside a battle)."""
        log = log_of_events(n)
        while True:
            g = Game.replay(spec, 18, log)
            try:
                g.submit({"cmd": "adjust_fate", "side": "players", "to": 0 if g.state["fate"] else 1})
                return Game.replay(spec, 18, log)
            except RuleError:
                log = log + [json.loads(json.dumps(long_game.log[len(log)]))]

    for n in (100, 8000):
        g = adjustable(n)
        out[f"events {n}"] = sum(len(e["events"]) for e in g.log)
        sc = GameScene(app, g, mode="hotseat")  # (the long game was played without companion options)
        app.reset_to(sc)
        sc.autosave()
        for _ in range(3):
            if sc.curtain:
                sc.lift_curtain()
            app.step([])
        for _ in range(400):  # (a player's first command comes after the opened board is drawn)
            if not (getattr(sc.board, "smoothing", False) or getattr(sc, "panels_settling", False)):
                break
            app.step([])

        def commands(g=g, sc=sc):
            cs = []
            for _ in range(40):
                cmd = {"cmd": "adjust_fate", "side": "players", "to": 0 if g.state["fate"] else 1}
                before = len(g.log)
                cs.append(timed_step(fn=lambda cmd=cmd: sc.submit(cmd)))
                assert len(g.log) == before + 1, "the command was refused"
                assert not sc.curtain, "the hotseat cover came down: not the frame of a command"
                sc.animator.finish()
                app.step([])
            return cs

        cs = maybe_profile(f"command{n}", commands)
        out[f"command {n} median"] = statistics.median(cs)
        out[f"command {n} max"] = max(cs)

    # opening a game: Continue on a 300-command autosave
    g = Game.new(spec, seed=5)
    rng = random.Random(5)
    while len(g.log) < 300 and not g.state["winner"]:
        g.submit(rng.choice(g.legal_commands()))
    autosaves.autosave(g, home)
    autosaves.touch(g)
    from botwotr.ui.scenes.title import TitleScene

    opens = []
    for _ in range(5):
        app.reset_to(TitleScene(app))
        app.step([])
        title = app.scene

        def open_once(title=title):
            t = CLOCK()
            title.continue_game()
            app.step([])
            return CLOCK() - t

        opens.append(maybe_profile("open", open_once))
        assert len(app.scene.game.log) == len(g.log), "Continue opened another game"
    out["open median"] = statistics.median(opens)
    assert app.last_error is None, app.last_error
    app.close()
    if prof is not None:
        import pstats

        pstats.Stats(prof, stream=sys.stderr).sort_stats("cumulative").print_stats(30)
    return out


ROWS = [
    ("animated median", "frame, animation running: median"),
    ("animated p99", "frame, animation running: 99th percentile"),
    ("still median", "frame, still board: median"),
    ("command 100 median", "the frame after a command, ~100-event log: median"),
    ("command 100 max", "the frame after a command, ~100-event log: slowest"),
    ("command 8000 median", "the frame after a command, ~8,000-event log: median"),
    ("command 8000 max", "the frame after a command, ~8,000-event log: slowest"),
    ("zoom median", "a zoom step: median"),
    ("zoom max", "a zoom step: slowest"),
    ("zoom p99", "a zoom step: 99th percentile"),
    ("zoom settle median", "a notch, then every frame until the board is settled: median"),
    ("zoom settle p99", "the same: 99th percentile"),
    ("resize median", "a resize: median"),
    ("resize max", "a resize: slowest"),
    ("resize settle median", "a resize, then every frame until settled: median"),
    ("resize settle p99", "the same: 99th percentile"),
    ("resize settle max", "the same: slowest"),
    ("new size median", "a resize to a new size each frame (an edge dragged): median"),
    ("new size max", "a resize to a new size each frame: slowest"),
    ("fast drag median", "three new sizes a frame (a fast edge drag): median"),
    ("fast drag max", "three new sizes a frame: slowest"),
    ("fast drag settle max", "the frames after the drag until settled: slowest"),
    ("zoom new max", "a pause, then a notch to a level not scaled yet: slowest"),
    ("zoom smoothing max", "the frames after it, until its art is smooth: slowest"),
    ("pan first", "panning, the drag's first frame"),
    ("pan median", "panning, a frame: median"),
    ("pan p99", "panning, a frame: 99th percentile"),
    ("open median", "opening a game (Continue, 300 commands, to its first frame)"),
]


def run_child(tree: Path, profile: str | None, cpu: bool = False) -> dict:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(tree)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    cmd = [sys.executable, str(Path(__file__).resolve()), "--child"] + (["--profile", profile] if profile else [])
    cmd += ["--cpu"] if cpu else []
    cmd += ["--parts"] if PARTS else []
    r = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=tree)
    if r.returncode:
        raise SystemExit(f"the run in {tree} failed:\n{r.stderr[-3000:]}")
    if profile:
        sys.stderr.write(r.stderr)
    return json.loads(r.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--against", type=Path, help="another checkout, timed in the same runs")
    ap.add_argument("--profile", help="animated, zoom, pan, resize, command100, command8000, open")
    ap.add_argument("--cpu", action="store_true", help="time CPU (time.process_time), not the wall clock")
    ap.add_argument("--parts", action="store_true", help="the resize rows' frames split into parts")
    ap.add_argument("--driver", choices=("dummy", "x11"), help="SDL's video driver (x11: DISPLAY must be set)")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    global CLOCK, PARTS
    if args.cpu:
        CLOCK = time.process_time
    PARTS = args.parts
    if args.driver:
        os.environ["SDL_VIDEODRIVER"] = args.driver
    if args.child:
        sys.path.insert(0, os.getcwd())
        print(json.dumps(child(args.profile)))
        return 0
    trees = [("this tree", ROOT)] + ([("other tree", args.against.resolve())] if args.against else [])
    results: dict[str, list[dict]] = {name: [] for name, _t in trees}
    loads = []
    for i in range(args.runs):
        loads.append(os.getloadavg()[0])
        for name, tree in trees if i % 2 == 0 else list(reversed(trees)):
            results[name].append(run_child(tree, args.profile, args.cpu))
        print(f"run {i + 1}/{args.runs} done", file=sys.stderr)
    first = results["this tree"][0]
    print(f"{args.runs} runs; load average (1 min) at the runs: {', '.join(f'{x:.1f}' for x in loads)}"
          + ("; CPU time (time.process_time)" if args.cpu else "; wall-clock time")
          + f"; driver {first.get('driver', '?')}"
          + (f", SDL_FRAMEBUFFER_ACCELERATION={first['framebuffer']}" if first.get("framebuffer") else ""))  # fmt: skip
    print()
    for name, tree in trees:
        rs = results[name]
        print(f"### {name} ({tree})")
        print()
        print("| measure | min | median | max | ratio to baseline |")
        print("|---|---|---|---|---|")
        b = [r["baseline"] * 1000 for r in rs]
        print(f"| baseline: one full-window blit (1920x1080) | {min(b):.2f} ms | {statistics.median(b):.2f} ms "
              f"| {max(b):.2f} ms | 1 |")  # fmt: skip
        for key, label in ROWS:
            v = [r[key] * 1000 for r in rs]
            ratio = statistics.median(r[key] / r["baseline"] for r in rs)
            print(f"| {label} | {min(v):.2f} ms | {statistics.median(v):.2f} ms | {max(v):.2f} ms | {ratio:.1f} |")
        print(f"| (log lengths: {rs[0].get('events 100', '?')} and {rs[0].get('events 8000', '?')} events) | | | | |")
        sm = [r.get("zoom smoothing frames", 0) for r in rs]
        print(f"| (frames to smooth a new level's art: {min(sm):.0f}-{max(sm):.0f}) | | | | |")
        zf = [r.get("zoom settle frames", 0) for r in rs]
        print(f"| (frames after a notch until the board is settled: {min(zf):.1f}-{max(zf):.1f}) | | | | |")
        rf = [r.get("resize settle frames", 0) for r in rs]
        print(f"| (frames after a resize until settled: {min(rf):.1f}-{max(rf):.1f}) | | | | |")
        late = sum(r.get("x11 late", 0) for r in rs)
        print(f"| (frames after the drag until settled: {min(r.get('fast drag settle frames', 0) for r in rs)}-"
              f"{max(r.get('fast drag settle frames', 0) for r in rs)}{f'; x11 sizes read late: {late}' if late else ''})"
              " | | | | |")  # fmt: skip
        c = [r["command 8000 median"] / r["command 100 median"] for r in rs]
        print(f"| the frame after a command, 8,000 / 100 events (per run) | {min(c):.2f} | "
              f"{statistics.median(c):.2f} | {max(c):.2f} | |")  # fmt: skip
        print()
    if args.parts:
        for name, _tree in trees:
            print(f"### {name}: the resize rows' frames in parts (ms; medians over the runs)")
            print()
            rows = results[name][0].get("parts", {})
            for row in rows:
                names = list(rows[row]["median"])
                print(f"{row}: | " + " | ".join(names) + " |")
                for what in ("median", "slowest"):
                    vals = [statistics.median(r["parts"][row][what].get(k, 0.0) for r in results[name]) for k in names]
                    print(f"  {what}: | " + " | ".join(f"{v * 1000:.2f}" for v in vals) + " |")
            print()
    if args.against:
        print("### this tree / other tree (medians over the runs)")
        print()
        print("| measure | ratio |")
        print("|---|---|")
        for key, label in ROWS:
            a = statistics.median(r[key] for r in results["this tree"])
            o = statistics.median(r[key] for r in results["other tree"])
            print(f"| {label} | {a / o:.2f} |" if o else f"| {label} | (other tree: 0) |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
