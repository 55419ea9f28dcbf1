"""The window: a scene stack driven by an injected clock.

    app = App(size=(1280, 720), clock=StepClock(1 / 60))   # tests: frames without sleeping
    app.push(TitleScene(app))
    app.step()          # one frame: events -> update(dt) -> draw -> flip
    app.run()           # until quit (the real clock waits for the frame rate)

`run(argv)` is the program's entry point (`botwotr` with no arguments).

The app handles QUIT, window resizes (a new `Theme` and `scene.on_resize`) and F12 (a PNG of the
window in `<home>/screenshots/`); everything else goes to the top scene. Every call into a scene
goes through the crash boundary: an exception is logged to `crash.log` (in the user log folder,
or `<home>` when a home is given), the scene's game is autosaved (into its own file), and an
`ErrorScene` explains what happened and offers to continue from the autosave. At start,
`persistence.autosave.prepare` removes leftover temporary files and migrates an old autosave.
"""

from __future__ import annotations

import argparse
import datetime as _dt
import os
import sys
import traceback
import warnings
from pathlib import Path

import pygame

from . import resources as res
from .gcpace import CALM_FRAMES, PacedCollector
from .i18n import _
from .theme import BG, Theme

FPS = 60
MIN_SIZE = (800, 600)
# input events: the window keeps its picture (any other event may mean it was exposed, resized…)
_KEEP_PICTURE = frozenset(
    (
        pygame.MOUSEMOTION,
        pygame.MOUSEBUTTONDOWN,
        pygame.MOUSEBUTTONUP,
        pygame.MOUSEWHEEL,
        pygame.KEYDOWN,
        pygame.KEYUP,
        pygame.TEXTINPUT,
        pygame.TEXTEDITING,
    )
)

# the window's own events: its size changed (the `VIDEORESIZE` that comes with them is the one
# handled) or its picture was lost (the next frame is drawn whole). They are no scene's input: a
# scene that took them for one would draw its pictures again (the game scene's panels at once,
# not over frames while a resize's stand-in is shown)
_WINDOW_ONLY = frozenset((pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED, pygame.VIDEOEXPOSE, pygame.WINDOWEXPOSED))


class RealClock:
    """Waits for the frame rate; returns the frame time in milliseconds."""

    def __init__(self):
        self._clock = pygame.time.Clock()

    def tick(self, fps: int = FPS) -> int:
        return self._clock.tick(fps)


class StepClock:
    """A clock for tests: every tick is `dt` seconds long and nobody sleeps."""

    def __init__(self, dt: float = 1 / FPS):
        self.dt = dt
        self.ticks = 0

    def tick(self, fps: int = FPS) -> int:
        self.ticks += 1
        return int(round(self.dt * 1000))


def home_folder() -> Path:
    """The user data folder (saves, screenshots): `platformdirs`, or `$BOTWOTR_HOME`."""
    from ..persistence.autosave import data_folder

    return data_folder()


class App:
    def __init__(
        self,
        size=(1280, 720),
        clock=None,
        home: str | os.PathLike | None = None,
        title: str | None = None,
        resizable: bool = True,
        mode_flags: int = 0,
        maximized: bool = False,
        remember_size: bool = False,
    ):
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        pygame.display.init()
        pygame.font.init()
        flags = (pygame.RESIZABLE if resizable else 0) | mode_flags
        size = (max(MIN_SIZE[0], int(size[0])), max(MIN_SIZE[1], int(size[1])))
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(title or _("Battles of the War of the Ring"))
        try:
            pygame.display.set_icon(res.icon("ring", 64, (214, 170, 60)))
        except (pygame.error, OSError, ValueError):
            pass
        try:  # the window manager keeps the window at least this big
            with warnings.catch_warnings():  # pygame-ce 2.5 calls this bridge deprecated
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        self.flags = flags
        self.fullscreen = False
        self._windowed_size = size
        self.maximized = False  # the window manager's maximise is on (its events keep this)
        self.remember_size = remember_size  # store the size at close for the next start (settings)
        if maximized:
            self.maximize()
        self.clock = clock or RealClock()
        self.home = Path(home) if home else home_folder()
        from ..persistence import autosave as _autosave

        # a home given here (tests) holds everything; otherwise platformdirs' log and cache folders
        self.log_dir = self.home if home else _autosave.log_folder()
        self.cache_dir = self.home / "cache" if home else _autosave.cache_folder()
        self.crash_log = self.log_dir / "crash.log"
        self.startup_notes = _autosave.prepare(self.home if home else None)  # temporary files, old autosave
        self.theme = Theme.for_size(*size)
        self.scenes: list = []
        self.running = True
        self.mouse = (-1, -1)
        self.hover_time = 0.0
        self.frame = 0
        self.last_error: BaseException | None = None
        self.messages: list[str] = []  # for scenes that want to say something after a switch
        # the scene whose last frame the window holds untouched (`draw`), and onto which surface
        self._holds = None
        self._holds_surface: pygame.Surface | None = None
        self.retained = False
        # the cyclic garbage collector's longer passes wait for a calm frame (gcpace)
        self.collector = PacedCollector()
        self.collector.start()
        self.quiet_frames = 0  # frames since the last input event
        self.calm_frames = 0  # frames in a row where the scene was calm (`Scene.calm`)

    # -- the scene stack -----------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scene(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        self.scenes.append(scene)
        self._guard(scene, scene.on_enter)

    def pop(self):
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._guard(scene, scene.on_exit)
        if self.scene is not None:
            self._guard(self.scene, self.scene.on_resize, *self.size)
        return scene

    def replace(self, scene) -> None:
        if self.scenes:
            old = self.scenes.pop()
            self._guard(old, old.on_exit)
        self.push(scene)

    def reset_to(self, scene) -> None:
        """Clear the stack and show `scene` (e.g. back to the title)."""
        while self.scenes:
            old = self.scenes.pop()
            self._guard(old, old.on_exit)
        self.push(scene)

    # -- the scene flow ------------------------------------------------------------------
    # Scenes ask the app for the screens above them (a new game, the title screen), so no scene
    # module imports one that imports it back (tests/ui/test_scene_import_cycles.py).
    def open_game(self, game, replace_all: bool = False):
        """Show `game` in a new `GameScene` with the stored settings; returns the scene."""
        from .scenes.game import open_game

        return open_game(self, game, replace_all=replace_all)

    def to_title(self) -> None:
        """Clear the stack and show the title screen."""
        from .scenes.title import TitleScene

        self.reset_to(TitleScene(self))

    def quit(self) -> None:
        self.running = False

    # -- the crash boundary --------------------------------------------------------------
    def _guard(self, scene, fn, *args):
        try:
            return fn(*args)
        except Exception as exc:  # noqa: BLE001 - the point of the boundary
            self.scene_failed(scene, exc)
            return None

    def scene_failed(self, scene, exc: BaseException) -> None:
        from .scenes.error import ErrorScene

        self.last_error = exc
        tb = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        try:
            self.log_dir.mkdir(parents=True, exist_ok=True)
            with open(self.crash_log, "a", encoding="utf-8") as f:
                f.write(f"--- {_dt.datetime.now().isoformat(timespec='seconds')}\n{tb}\n")
        except OSError:
            pass
        print(tb, file=sys.stderr)
        if isinstance(scene, ErrorScene):  # the error screen itself failed: give up cleanly
            self.running = False
            return
        saved = None
        game = getattr(scene, "game", None)
        if game is not None:
            try:
                from ..persistence.autosave import autosave

                saved = autosave(game, self.home, force=True)
            except Exception:  # noqa: BLE001 - a failing save must not hide the first error
                saved = None
        if scene in self.scenes:
            self.scenes.remove(scene)
        err = ErrorScene(self, exc, saved=saved)
        self.scenes.append(err)
        try:
            err.on_enter()
        except Exception:  # noqa: BLE001
            self.running = False

    # -- one frame -----------------------------------------------------------------------
    def handle_event(self, ev) -> None:
        if ev.type not in _KEEP_PICTURE:  # (a window event: the window may have lost its picture)
            self._holds = None
        if ev.type == pygame.QUIT:
            self.running = False
            return
        if ev.type == pygame.VIDEORESIZE:
            self.resize(ev.w, ev.h)
            return
        if ev.type in _WINDOW_ONLY:
            return
        if ev.type in (pygame.WINDOWMAXIMIZED, pygame.WINDOWRESTORED):
            self.maximized = ev.type == pygame.WINDOWMAXIMIZED
            return
        if ev.type in _KEEP_PICTURE:
            self.quiet_frames = 0
        if ev.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            if ev.pos != self.mouse:
                self.hover_time = 0.0
            self.mouse = ev.pos
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_F12:
            path = self.screenshot()
            scene = self.scene
            if scene is not None and hasattr(scene, "notify"):
                scene.notify(_("Screenshot saved: {path}").format(path=path))
            return
        scene = self.scene
        if scene is not None:
            self._guard(scene, scene.handle_event, ev)

    @staticmethod
    def _window():
        with warnings.catch_warnings():  # pygame-ce 2.5 calls this bridge deprecated
            warnings.simplefilter("ignore", DeprecationWarning)
            return pygame.Window.from_display_module()

    def maximize(self) -> None:
        """Fill the screen, as a window (the window manager's maximise)."""
        try:
            self._window().maximize()
        except (AttributeError, pygame.error):
            return  # (self.maximized follows the window manager's WINDOWMAXIMIZED, not the request)
        w, h = pygame.display.get_surface().get_size()
        if (w, h) != self.size:
            self.resize(w, h)

    def toggle_fullscreen(self) -> None:
        """F11: full screen at the desktop's size, or back to the window as it was."""
        self._holds = None
        if self.fullscreen:
            self.fullscreen = False
            self.screen = pygame.display.set_mode(self._windowed_size, self.flags)
        else:
            self._windowed_size = self.size
            self.fullscreen = True
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        w, h = self.size
        self.theme = Theme.for_size(w, h)
        for scene in list(self.scenes):
            self._guard(scene, scene.on_resize, w, h)

    def store_size(self) -> None:
        """Remember the window's size (the windowed size when full screen) and whether it is
        maximised, for the next start (`settings.start_window`); a home that cannot be written
        only loses the setting."""
        from .settings import store_window

        try:
            store_window(self.home, self._windowed_size if self.fullscreen else self.size, self.maximized)
        except OSError:
            pass

    def resize(self, w: int, h: int) -> None:
        self._holds = None
        self.hover_time = 0.0  # (a tooltip waits for the mouse to rest again: what was under it moved)
        w, h = max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)
        current = pygame.display.get_surface()
        if current is not None and current.get_size() == (w, h):
            self.screen = current  # SDL already resized the window's surface
        else:
            self.screen = pygame.display.set_mode((w, h), self.flags)
        self.theme = Theme.for_size(w, h)
        for scene in list(self.scenes):
            self._guard(scene, scene.on_resize, w, h)

    def step(self, events=None) -> bool:
        """Run one frame; returns False once the app should stop."""
        dt = self.clock.tick(FPS) / 1000.0
        if events is None:
            events = pygame.event.get()
        # A window edge dragged gives several sizes between two frames: only the last is laid
        # out and drawn (each would make the window's surface and lay the scenes out again)
        last = max((i for i, ev in enumerate(events) if ev.type == pygame.VIDEORESIZE), default=-1)
        for i, ev in enumerate(events):
            if ev.type == pygame.VIDEORESIZE and i != last:
                self._holds = None
                continue
            self.handle_event(ev)
            if not self.running:
                return False
        self.hover_time += dt
        scene = self.scene
        if scene is None:
            self.running = False
            return False
        self._guard(scene, scene.update, dt)
        self.draw()
        self.frame += 1
        self.quiet_frames += 1
        scene = self.scene
        settled = scene is None or self._guard(scene, scene.calm) is True
        self.calm_frames = self.calm_frames + 1 if settled else 0
        # calm: no input and nothing moving for a moment (so not the frame that shows a move)
        thinking = scene is not None and self._guard(scene, scene.thinking) is True
        moved = scene is not None and self._guard(scene, scene.moved) is True
        calm = self.quiet_frames > CALM_FRAMES and self.calm_frames > CALM_FRAMES
        self.collector.frame_end(calm, thinking, moved)
        return self.running

    def draw(self) -> None:
        """Draw the top scene and show it. While `retained` is True (during the scene's draw
        called from here) the window holds what that scene drew at the last frame, untouched:
        it may draw only what changed (`GameScene.draw`). Anything else that may have drawn over
        the window, or lost it (another scene, a resize, a window event), clears `_holds`."""
        scene = self.scene
        held, self._holds = self._holds, None
        if not getattr(scene, "opaque", False):  # a scene that covers the window draws every pixel
            self.screen.fill(BG)
            held = None
        if scene is not None:
            self.retained = held is scene and self._holds_surface is self.screen
            failed = self.last_error
            try:
                self._guard(scene, scene.draw, self.screen)
            finally:
                self.retained = False
            if self.last_error is failed and self.scene is scene:
                self._holds, self._holds_surface = scene, self.screen
        pygame.display.flip()

    def run(self) -> int:
        while self.running:
            self.step()
        return 0

    def screenshot(self, path: str | os.PathLike | None = None) -> Path:
        """Save the window as it is now to a PNG; returns the path."""
        if path is None:
            folder = self.home / "screenshots"
            folder.mkdir(parents=True, exist_ok=True)
            stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
            path = folder / f"botwotr-{stamp}-{self.frame}.png"
        path = Path(path)
        from .png import save_png

        save_png(self.screen, path)
        return path

    def close(self) -> None:
        if self.remember_size:
            self.store_size()
        while self.scenes:
            s = self.scenes.pop()
            try:
                s.on_exit()
            except Exception:  # noqa: BLE001
                pass
        from ..persistence import autosave as _autosave

        _autosave.flush()  # the journal lines written last are on the disk before the window goes
        pygame.quit()
        res.clear()
        self.collector.stop()


def _parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = text.lower().split("x")
        return int(w), int(h)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT, got {text!r}") from None


def run(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="botwotr", description=_("Battles of the War of the Ring"))
    parser.add_argument("--size", type=_parse_size, default=None, help="window size WxH")
    parser.add_argument(
        "--lang",
        default=None,
        help="interface language: en, pt_BR, es or ru (default: the last one chosen, else the system's)",
    )
    args = parser.parse_args(argv or [])
    if args.lang:  # the help text below in that language too
        from .i18n import set_language

        set_language(args.lang)
    from .settings import start_window

    desktop = (0, 0)
    if args.size is None:
        pygame.display.init()
        try:
            info = pygame.display.Info()
            desktop = (max(0, info.current_w), max(0, info.current_h))
        except pygame.error:
            pass
    # the size asked for; else the last one (maximised if it was); else maximised
    size, maximized = start_window(home_folder(), args.size, desktop, MIN_SIZE)
    app = App(size=size, maximized=maximized, remember_size=True)
    from .i18n import set_language
    from .i18n_choice import startup_language

    set_language(startup_language(app.home, args.lang))  # --lang, else the stored choice, else the system's
    pygame.display.set_caption(_("Battles of the War of the Ring"))
    from .scenes.title import TitleScene

    app.push(TitleScene(app))
    try:
        return app.run()
    finally:
        app.close()
