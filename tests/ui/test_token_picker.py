"""The move picker offers a Shadow army's leadership tokens like leaders (R-6.5, R-9.2): a
token-led army fast-moves with a Shadow Box die and the player says how many tokens go with the
part that moves. Driven with posted mouse events only.

`python tests/ui/test_token_picker.py [OUT]` renders docs/img/move_tokens.png."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from botwotr.core import Game  # noqa: E402
from conftest import click  # noqa: E402
from helpers import clear_board, place, to_actions  # noqa: E402
from test_decision_panels import click_region, open_scene, press, submitted  # noqa: E402


def token_move_game(rohan):
    """Two tokens of the Palantír Room on 3 Orcs in Nan Curunír; the Shadow fast-moves them."""
    g = Game.new(rohan, seed=3)
    clear_board(g)
    place(g, "nan_curunir", "sh", {"orcs": 3})
    to_actions(g, fp=["army_muster", "muster", "event", "event"], sh=["army", "muster", "event", "event"],
               position="palantir_room", fate=["grey_1a"])
    place(g, "aldburg", "fp", {"rohan_riders": 1})
    assert g.state["regions"]["nan_curunir"]["tokens"] == 2
    g.submit({"cmd": "pass", "side": "fp"})
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "fast_move"})
    return g


def open_split(make_app, g, size=(1920, 1080)):
    app, scene = open_scene(make_app, g, size=size)
    click_region(app, scene, "nan_curunir")
    click_region(app, scene, "isen_vale")
    for key in ("u:orcs", "tokens"):  # one Orc stays behind, and one token with it
        panel = scene.decision
        panel.reveal(panel.find("picker"))
        app.step()
        rect = scene.decision.picker.minus_rect(key)
        assert scene.decision.rect.contains(rect), (key, rect, scene.decision.rect)
        click(app, rect.center)
        app.step()
    return app, scene


def test_r6_5_the_move_picker_splits_leadership_tokens(make_app, rohan):
    g = token_move_game(rohan)
    app, scene = open_split(make_app, g)
    assert scene.decision.picker.values()["tokens"] == 1
    n = len(g.log)
    press(app, scene, "move")
    c = submitted(g, n, cmd="move_army")
    assert c["units"] == {"orcs": 2} and c["tokens"] == 1
    assert g.state["regions"]["isen_vale"]["tokens"] == 1 and g.state["regions"]["nan_curunir"]["tokens"] == 1


if __name__ == "__main__":
    from botwotr.catalog import spec_for
    from botwotr.ui.app import App, StepClock
    import tempfile
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[2] / "docs" / "img"
    apps = []

    def make(size):
        a = App(size=size, clock=StepClock(), home=Path(tempfile.mkdtemp()))
        apps.append(a)
        return a

    app, scene = open_split(make, token_move_game(spec_for("rohan")), size=(1920, 1080))
    app.screenshot(out / "move_tokens.png")
    for a in apps:
        a.close()
