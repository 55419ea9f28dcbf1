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
    yield "other content", json.dumps(other_content(good, placed_more=True))
    yield "newer version", json.dumps({**data, "version": 99})


def other_content(good: str, placed_more: bool = False) -> dict:
    """The save as a program with content version "0" wrote it (its header and its GameStarted
    event); with `placed_more`, that content also set up one unit more than this one does."""
    d = json.loads(good)
    d["content_version"] = "0"
    events = d["log"][0]["events"]
    next(e for e in events if e["e"] == "GameStarted")["content_version"] = "0"
    if placed_more:
        placed = next(e for e in events if e["e"] == "UnitsPlaced")
        unit = next(iter(placed["units"]))
        placed["units"][unit] += 1
    return d


def test_an_autosave_of_other_content_that_replays_the_same_is_continued(make_app, home, rohan):
    """An autosave written with another content version whose every entry gives the same events
    under this content is the same game: Continue opens it (docs/reliability.md)."""
    g = played(rohan)
    app, _title, _newest = continue_from(make_app, home, json.dumps(other_content(saves.dumps(g))))
    assert isinstance(app.scene, GameScene) and len(app.scene.game.log) == len(g.log)
    assert app.scene.game.state == g.state


def continue_from(make_app, home, text: str):
    """The game's own autosave holding `text`, and Continue pressed on the title screen:
    (the app, the title scene, the autosave's path)."""
    newest = home / "saves" / "autosave-20260101-000000-abcdef.json"  # the game's own autosave
    newest.parent.mkdir(parents=True, exist_ok=True)
    newest.write_text(text)
    app = make_app()
    title = TitleScene(app)
    app.reset_to(title)
    app.step()
    click(app, title.btn_continue.rect.center)
    app.step()
    return app, title, newest


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
    app, title, newest = continue_from(make_app, home, text)
    assert app.scene is title and not isinstance(app.scene, GameScene)
    assert "cannot be loaded" in title.problem
    assert newest.read_text() == text  # nothing on disk is touched
    # With the last good autosave kept beside it, Continue offers that one instead.
    prev_of(newest).write_text(good)
    click(app, title.btn_continue.rect.center)
    app.step()
    assert isinstance(app.scene, GameScene) and len(app.scene.game.log) == len(g.log)


# -- the shapes of issue 9, through Continue and through the Load screen -------------------------

import bad_save_shapes as shapes  # noqa: E402


@pytest.fixture(scope="module")
def good_save(rohan):
    return shapes.make_good(rohan)


def _drawn(app) -> None:
    """A frame is drawn (the problem line included) without an exception."""
    app.step()
    app.step()


@pytest.mark.parametrize("shape", list(shapes.SHAPES))
def test_continue_refuses_every_bad_save_shape(make_app, home, good_save, shape):
    """A FIFO, a symlink to an endless file, a 1,000-deep or 40,000-entry save... as the autosave:
    Continue says what is wrong with which file, the title keeps running (no hang, no crash) and
    the file is left as it was."""
    path = home / "saves" / "autosave-20260101-000000-abcdef.json"  # a game's own autosave
    path.parent.mkdir(parents=True, exist_ok=True)
    shapes.write(shape, path, good_save)
    before = shapes.snapshot(path)
    app = make_app()
    title = TitleScene(app)
    app.reset_to(title)
    app.step()
    click(app, title.btn_continue.rect.center)
    _drawn(app)
    assert app.scene is title
    if SHAPES_NOT_FILES.get(shape):
        # not a regular file: never opened, so it is no game to continue (the load screen says why)
        assert not title.btn_continue.enabled and not title.problem
    else:
        assert str(path) in title.problem and shapes.words(shape) in title.problem, title.problem
    assert shapes.snapshot(path) == before


SHAPES_NOT_FILES = {name: str(how[0]).startswith(("fifo", "symlink:", "folder", "dir"))
                    for name, how in shapes.SHAPES.items()}


def _open_load_screen(make_app):
    """The title screen's Load button, clicked: the app and the load screen."""
    from botwotr.ui.scenes.load import LoadScene
    app = make_app()
    title = TitleScene(app)
    app.reset_to(title)
    app.step()
    click(app, title.btn_load.rect.center)
    app.step()
    assert isinstance(app.scene, LoadScene)
    return app, app.scene


@pytest.mark.parametrize("shape", list(shapes.SHAPES))
def test_the_load_screen_refuses_every_bad_save_shape(make_app, home, good_save, shape):
    folder = home / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "bad.json"
    shapes.write(shape, path, good_save)
    before = shapes.snapshot(path)
    app, scene = _open_load_screen(make_app)
    for _ in range(60):  # the screen reads one file a frame
        app.step()
        if all(r.ready for r in scene.list.rows):
            break
    row = next(r for r in scene.list.rows if r.entry.path == path)
    assert not row.openable and shapes.words(shape) in row.info.problem, row.info.problem
    scene.list.selected = scene.list.rows.index(row)
    scene.selection_changed()
    assert not scene.btn_open.enabled
    scene.open_selected()
    _drawn(app)
    assert app.scene is scene and not isinstance(app.scene, GameScene)
    assert shapes.snapshot(path) == before


def test_the_good_save_opens_from_the_load_screen(make_app, home, good_save):
    folder = home / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.json").write_text(good_save.text, encoding="utf-8")
    app, scene = _open_load_screen(make_app)
    click(app, scene.list.row_rect(0).center)  # select
    click(app, scene.list.row_rect(0).center)  # open
    app.step()
    assert isinstance(app.scene, GameScene) and app.scene.players == {"fp": "Ann", "sh": "Bo"}


def test_text_with_nul_or_lone_surrogates_is_drawn_not_raised():
    """Whatever reaches a font (a name, a message) renders and measures: NUL and lone surrogates
    are drawn as U+FFFD instead of raising ValueError / UnicodeEncodeError."""
    from botwotr.ui import resources as res
    for s in ("Eo\x00wyn", "Eo\ud800wyn", "\udcff", "\x00"):
        img = res.text(s, "sans", 18, (255, 255, 255))
        assert img.get_width() > 0
        assert res.font("serif_bold", 18).size(s)[0] > 0
    assert res.drawable("Eo\x00wyn") == "Eo\ufffdwyn"
