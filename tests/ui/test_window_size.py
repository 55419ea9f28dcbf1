"""The window remembers its size between runs (settings.json, `botwotr.ui.settings`): the size
at close (the windowed one when full screen) and whether it was maximised; the next start opens
at it, maximised if it was. `--size` still wins; a stored value that makes no sense is ignored."""
from __future__ import annotations

import json

import pygame
import pytest

from botwotr.ui import app as app_mod
from botwotr.ui.app import App, StepClock
from botwotr.ui.settings import SETTINGS, start_window, store_setting, window_setting


def event(app, ev) -> None:
    pygame.event.post(ev)
    app.step()


def stored(home) -> dict:
    return json.loads((home / SETTINGS).read_text(encoding="utf-8"))


def test_the_size_at_close_is_the_next_start_size(home):
    store_setting(home, "language", "es")  # the other settings are kept
    app = App(size=(1000, 700), clock=StepClock(), home=home, remember_size=True)
    event(app, pygame.event.Event(pygame.VIDEORESIZE, w=1100, h=650, size=(1100, 650)))
    assert app.size == (1100, 650)
    app.close()
    assert window_setting(home) == ((1100, 650), False)
    assert stored(home)["language"] == "es"
    size, maximized = start_window(home, None, (1920, 1080))
    assert (size, maximized) == ((1100, 650), False)
    again = App(size=size, clock=StepClock(), home=home, maximized=maximized, remember_size=True)
    try:
        assert again.size == (1100, 650) and again.theme.width == 1100
    finally:
        again.close()


def test_a_maximised_window_opens_maximised_again(home):
    app = App(size=(1000, 700), clock=StepClock(), home=home, remember_size=True)
    event(app, pygame.event.Event(pygame.WINDOWMAXIMIZED))
    assert app.maximized
    app.close()
    assert window_setting(home) == ((1000, 700), True)
    assert start_window(home, None, (1920, 1080)) == ((1000, 700), True)
    app = App(size=(1000, 700), clock=StepClock(), home=home, remember_size=True)
    event(app, pygame.event.Event(pygame.WINDOWMAXIMIZED))
    event(app, pygame.event.Event(pygame.WINDOWRESTORED))  # un-maximised before closing
    app.close()
    assert window_setting(home) == ((1000, 700), False)


def test_full_screen_stores_the_windowed_size(home):
    app = App(size=(1024, 640), clock=StepClock(), home=home, remember_size=True)
    event(app, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    assert app.fullscreen
    app.close()
    assert window_setting(home) == ((1024, 640), False)


def test_first_start_asked_size_and_a_smaller_desktop(home):
    # nothing stored: 85% of the desktop, maximised (as before)
    assert start_window(home, None, (1920, 1080)) == ((1632, 918), True)
    assert start_window(home, None, (0, 0)) == ((1280, 720), True)
    store_setting(home, "window", {"size": [3000, 2000], "maximized": False})
    assert start_window(home, None, (1920, 1080)) == ((1920, 1080), False)  # no larger than the screen
    assert start_window(home, (900, 600), (1920, 1080)) == ((900, 600), False)  # --size wins
    store_setting(home, "window", {"size": [100, 50], "maximized": False})
    assert start_window(home, None, (1920, 1080), (800, 600)) == ((800, 600), False)


@pytest.mark.parametrize("bad", ["big", [1280], [1280, "720"], [0, 720], [1280, 99999], [True, 720],
                                 {"w": 1280}, None])
def test_a_stored_size_that_makes_no_sense_is_ignored(home, bad):
    store_setting(home, "window", {"size": bad, "maximized": False})
    assert window_setting(home) is None
    assert start_window(home, None, (1920, 1080)) == ((1632, 918), True)
    (home / SETTINGS).write_text("{not json", encoding="utf-8")
    assert window_setting(home) is None


def test_an_app_not_asked_to_remember_writes_nothing(home):
    app = App(size=(1000, 700), clock=StepClock(), home=home)
    app.close()
    assert not (home / SETTINGS).exists()


def test_botwotr_opens_at_the_stored_size_and_stores_it_again(home, monkeypatch):
    """`botwotr` (app.run) with no --size: the stored size; at the end the size is stored again."""
    store_setting(home, "window", {"size": [1000, 666], "maximized": False})  # the dummy screen: 1024x768
    seen = {}

    def run_once(self):
        seen["size"], seen["maximized"] = self.size, self.maximized
        self.resize(1010, 700)  # the player makes the window bigger, then quits
        return 0

    monkeypatch.setattr(App, "run", run_once)
    assert app_mod.run([]) == 0
    assert seen == {"size": (1000, 666), "maximized": False}
    assert window_setting(home) == ((1010, 700), False)
