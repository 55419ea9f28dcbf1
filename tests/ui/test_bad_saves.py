"""A corrupted autosave is refused and the title scene keeps running; the previous good autosave
is offered instead; nothing on disk is overwritten."""
from __future__ import annotations

import json

import pytest

from botwotr.core import Game  # noqa: E402
from botwotr.persistence import save as saves  # noqa: E402
from botwotr.persistence.autosave import prev_of  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402
from botwotr.ui.scenes.title import TitleScene  # noqa: E402

from conftest import click  # noqa: E402


def corruptions(good: str):
    data = json.loads(good)
    yield "truncated", good[: len(good) // 3]
    yield "not JSON", "this is not a save"
    yield "wrong types", json.dumps({**data, "log": "nope"})
    d = json.loads(good)
    for entry in d["log"]:
        for e in entry["events"]:
            if e["e"] == "DiceRolled":
                e["results"] = ["eye"] * len(e["results"])
    yield "edited die", json.dumps(d)
    d = json.loads(good)
    d["log"].insert(2, {"cmd": {"cmd": "pass", "side": "fp"}, "events": []})
    yield "illegal command", json.dumps(d)
    yield "other content", json.dumps({**data, "content_version": "0"})
    yield "newer version", json.dumps({**data, "version": 99})


def played(rohan_spec) -> Game:
    g = Game.new(rohan_spec, seed=4)
    for _ in range(12):
        g.submit(g.legal_commands()[0])
    return g


@pytest.mark.parametrize("shape", ["truncated", "not JSON", "wrong types", "edited die", "illegal command",
                                   "other content", "newer version"])
def test_corrupt_autosave_is_refused_and_the_title_keeps_running(make_app, home, rohan, shape):
    g = played(rohan)
    good = saves.dumps(g)
    text = dict(corruptions(good))[shape]
    newest = home / "saves" / "autosave-20260101-000000-abcdef.json"  # the game's own autosave
    newest.parent.mkdir(parents=True, exist_ok=True)
    newest.write_text(text)
    app = make_app()
    title = TitleScene(app)
    app.reset_to(title)
    app.step()
    click(app, title.btn_continue.rect.center)
    app.step()
    assert app.scene is title and not isinstance(app.scene, GameScene)
    assert "cannot be loaded" in title.problem
    assert newest.read_text() == text  # nothing on disk is touched
    # With the last good autosave kept beside it, Continue offers that one instead.
    prev_of(newest).write_text(good)
    click(app, title.btn_continue.rect.center)
    app.step()
    assert isinstance(app.scene, GameScene) and len(app.scene.game.log) == len(g.log)
