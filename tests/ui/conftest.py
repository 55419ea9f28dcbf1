import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from botwotr.ui.app import App, StepClock  # noqa: E402


@pytest.fixture
def home(tmp_path, monkeypatch):
    h = tmp_path / "home"
    monkeypatch.setenv("BOTWOTR_HOME", str(h))
    return h


@pytest.fixture
def make_app(home):
    apps = []

    def make(size=(1280, 720)):
        app = App(size=size, clock=StepClock(1 / 60), home=home)
        apps.append(app)
        return app

    yield make
    for a in apps:
        a.close()


@pytest.fixture(scope="session")
def rohan():
    from botwotr.catalog import spec_for
    try:
        return spec_for("rohan")
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"the Rohan scenario does not load yet: {e}")


@pytest.fixture(scope="session")
def gondor():
    from botwotr.catalog import spec_for
    try:
        return spec_for("gondor")
    except Exception as e:  # noqa: BLE001
        pytest.skip(f"the Gondor scenario does not load: {e}")


def until(j, cond, limit=60):
    """Step a journey until `cond()` holds (at most `limit` steps)."""
    for _ in range(limit):
        if cond():
            return
        j.step()
    raise AssertionError(f"not reached in {limit} steps; last: {j.steps[-6:]}")


def random_command(g, rng):
    """A random legal command of the side the game waits for (or of both players together)."""
    from botwotr.core.bots import deciding_side

    side = deciding_side(g.state)
    return rng.choice([c for c in g.legal_commands() if c.get("side") in (side, "players")] or g.legal_commands())


def click(app, pos, button=1):
    """Post a press and a release at `pos` and run a frame for each."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step()
