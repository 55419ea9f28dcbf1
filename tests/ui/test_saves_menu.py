"""No game is ever lost (issue 9): every game has its own autosave file; the in-game menu; the
load screen (pictures, delete with confirmation, odd files); cleanup and migration at start; the
folders from platformdirs. Driven through posted pygame events and the injected clock."""
from __future__ import annotations

import json
import os
import time

import pygame
import pytest

from botwotr.core import Game
from botwotr.persistence import autosave as autosaves
from botwotr.persistence import save as saves
from botwotr.ui.app import App, StepClock
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.load import LoadScene
from botwotr.ui.scenes.menu import MenuScene
from botwotr.ui.scenes.title import TitleScene

from conftest import click


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def type_text(app, text):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    app.step()


def play(scene, app, n=3):
    """Make n moves in the scene (whoever's turn it is), one frame each."""
    for _ in range(n):
        scene.lift_curtain()
        app.step()
        assert scene.legal, "the game waits for a decision"
        assert scene.submit(scene.legal[0])
        app.step()


def start_from_title(app, seed):
    title = TitleScene(app)
    title.seed = seed
    app.reset_to(title)
    app.step()
    click(app, title.btn_new.rect.center)
    assert isinstance(app.scene, GameScene)
    return app.scene


def menu_button(app, name):
    menu = app.scene
    assert isinstance(menu, MenuScene)
    b = next(w for w in menu.panel.children if getattr(w, "name", None) == name)
    click(app, b.rect.center)


def quit_to_title(app):
    key(app, pygame.K_ESCAPE)
    menu_button(app, "title")
    assert isinstance(app.scene, TitleScene)  # nothing was asked


def run_until_pictures(app, load, frames=40):
    for _ in range(frames):
        app.step()
        if all(r.ready for r in load.list.rows):
            return
    raise AssertionError("the load screen did not read every file")


def on_disk(autosave_file):
    """An autosave's bytes: the save and its journal."""
    j = autosaves.journal_of(autosave_file)
    return autosave_file.read_bytes(), j.read_bytes() if j.exists() else None


def test_starting_another_game_keeps_the_first(make_app, home, rohan):
    app = make_app()
    a = start_from_title(app, seed=3)
    play(a, app, 4)
    a_file = autosaves.slot_of(a.game)
    a_text = on_disk(a_file)
    quit_to_title(app)
    b = start_from_title(app, seed=5)
    play(b, app, 2)
    b_file = autosaves.slot_of(b.game)
    assert b_file != a_file and b_file.is_file()
    assert on_disk(a_file) == a_text  # the first game's file (and its journal) is untouched
    quit_to_title(app)
    # Continue resumes the most recent game (B); the load screen opens A
    title = app.scene
    click(app, title.btn_continue.rect.center)
    assert isinstance(app.scene, GameScene) and app.scene.game.log == b.game.log
    quit_to_title(app)
    click(app, app.scene.btn_load.rect.center)
    load = app.scene
    assert isinstance(load, LoadScene)
    run_until_pictures(app, load)
    i = next(i for i, r in enumerate(load.list.rows) if r.entry.path == a_file)
    click(app, load.list.row_rect(i).center)   # select
    click(app, load.btn_open.rect.center)
    assert isinstance(app.scene, GameScene) and app.scene.game.log == a.game.log
    play(app.scene, app, 1)  # A goes on in its own file
    assert autosaves.slot_of(app.scene.game) == a_file
    assert autosaves.load_save(a_file, lambda s: rohan).log == app.scene.game.log
    assert b_file.is_file()


def test_a_new_game_left_before_its_first_move_is_kept_too(make_app, home, rohan):
    app = make_app()
    a = start_from_title(app, seed=3)
    play(a, app, 2)
    quit_to_title(app)
    b = start_from_title(app, seed=9)
    quit_to_title(app)
    assert autosaves.games(home) == [autosaves.slot_of(b.game), autosaves.slot_of(a.game)]
    click(app, app.scene.btn_continue.rect.center)
    assert app.scene.game.log == b.game.log and app.scene.game.seed == 9


def test_escape_closes_the_help_first_then_opens_and_closes_the_menu(make_app, home, rohan):
    app = make_app()
    scene = start_from_title(app, seed=3)
    scene.lift_curtain()
    app.step()
    key(app, pygame.K_F1)
    assert scene.show_help
    key(app, pygame.K_ESCAPE)
    assert not scene.show_help and app.scene is scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.scene.under is scene
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    click(app, scene.btn_menu.rect.center)  # the Menu button opens it too
    assert isinstance(app.scene, MenuScene)
    menu_button(app, "resume")
    assert app.scene is scene


def test_menu_rules_help_shows_the_help_over_the_game(make_app, home, rohan):
    app = make_app()
    scene = start_from_title(app, seed=3)
    key(app, pygame.K_ESCAPE)
    menu_button(app, "help")
    assert app.scene is scene and scene.show_help


def test_save_as_writes_a_named_copy_and_never_overwrites(make_app, home, rohan):
    app = make_app()
    scene = start_from_title(app, seed=3)
    play(scene, app, 3)
    key(app, pygame.K_ESCAPE)
    menu_button(app, "save_as")
    for ch in "Helm":
        type_text(app, ch)
    key(app, pygame.K_RETURN)
    copy = home / "saves" / "Helm.json"
    assert copy.is_file() and saves.load(copy, lambda s: rohan).log == scene.game.log
    assert app.scene.page == "main" and "Helm" in app.scene.message
    text = copy.read_text()
    play_more = app.scene
    key(app, pygame.K_ESCAPE)
    assert app.scene is scene
    play(scene, app, 1)
    key(app, pygame.K_ESCAPE)
    menu_button(app, "save_as")
    type_text(app, "Helm")
    menu_button(app, "do_save")
    assert copy.read_text() == text  # the first copy is kept
    second = home / "saves" / "Helm (2).json"
    assert saves.load(second, lambda s: rohan).log == scene.game.log
    assert play_more is not app.scene
    # the autosave goes on in the game's own file, not in the copies
    assert autosaves.slot_of(scene.game).name.startswith("autosave-")


def test_a_loaded_copy_gets_its_own_autosave_and_the_copy_stays(make_app, home, rohan):
    app = make_app()
    scene = start_from_title(app, seed=3)
    play(scene, app, 2)
    path = autosaves.save_copy(scene.game, "Copy", home)
    text = path.read_text()
    first = autosaves.slot_of(scene.game)
    first_text = on_disk(first)
    quit_to_title(app)
    click(app, app.scene.btn_load.rect.center)
    load = app.scene
    run_until_pictures(app, load)
    i = next(i for i, r in enumerate(load.list.rows) if r.entry.path == path)
    click(app, load.list.row_rect(i).center)
    click(app, load.list.row_rect(i).center)  # a click on the selected row opens it
    game = app.scene.game
    assert isinstance(app.scene, GameScene) and game.log == scene.game.log
    play(app.scene, app, 1)
    new = autosaves.slot_of(game)
    assert new not in (first, path) and new.is_file()
    assert path.read_text() == text and on_disk(first) == first_text


def test_animation_speed_setting_applies_and_is_kept(make_app, home, rohan):
    app = make_app()
    scene = start_from_title(app, seed=3)
    key(app, pygame.K_ESCAPE)
    menu_button(app, "settings")
    menu_button(app, "speed:4")
    assert scene.animator.speed == 4 and scene.btn_speed.text == "4×"
    assert json.loads((home / "settings.json").read_text())["animation_speed"] == 4
    key(app, pygame.K_ESCAPE)   # settings -> the menu
    key(app, pygame.K_ESCAPE)   # the menu -> the game
    assert app.scene is scene
    other = start_from_title(app, seed=4)
    assert other.animator.speed == 4


def games_in(home, rohan, n=3):
    out = []
    for i in range(n):
        g = Game.new(rohan, seed=10 + i, options={"players": {"fp": f"Anna{i}", "sh": f"Boris{i}"}})
        for _ in range(3 + i):
            g.submit(g.legal_commands()[0])
        out.append((g, autosaves.autosave(g, home)))
        autosaves.autosave(g, home, force=True)  # a previous copy beside it (internal)
    return out


def test_load_screen_lists_games_with_pictures_and_hides_internal_files(make_app, home, rohan, monkeypatch):
    made = games_in(home, rohan)
    copy = autosaves.save_copy(made[0][0], "Kept", home)
    folder = home / "saves"
    (folder / ".Kept.json.x1y2.tmp").write_text("half a save")
    (folder / "notes.txt").write_text("not a save")
    app = make_app()
    title = TitleScene(app)
    app.push(title)
    app.step()
    click(app, title.btn_load.rect.center)
    load = app.scene
    run_until_pictures(app, load)
    listed = [r.entry.path for r in load.list.rows]
    assert sorted(listed) == sorted([p for _g, p in made] + [copy])
    by_path = {r.entry.path: r for r in load.list.rows}
    for g, p in made:
        row = by_path[p]
        assert row.openable and row.pic is not None and row.pic.get_width() > 40
        assert row.info.turn == g.state["turn"] and row.info.moves == len(g.log) - 1
        assert row.info.mode == "Hotseat" and row.info.scenario == rohan.name
        lines = " ".join(t for t, _c in load.row_lines(row))
        assert g.state["options"]["players"]["fp"] in lines and "turn" in lines
    assert app.last_error is None
    thumbs = list((app.cache_dir / "thumbnails").glob("*.png"))
    assert len(thumbs) == len(listed)
    # a second visit reads the cache: no save is loaded again (a new date alone changes nothing)
    os.utime(made[0][1], (time.time() + 60, time.time() + 60))
    monkeypatch.setattr(autosaves, "load_path", lambda *a, **k: pytest.fail("read again"))
    again = LoadScene(app)
    app.push(again)
    app.step()
    assert all(r.ready and r.pic is not None for r in again.list.rows)
    app.step()


def test_changed_and_deleted_files_refresh_the_cache(make_app, home, rohan):
    made = games_in(home, rohan, 2)
    app = make_app()
    load = LoadScene(app)
    app.push(load)
    run_until_pictures(app, load)
    g, p = made[0]
    g.submit(g.legal_commands()[0])
    autosaves.autosave(g, home)
    os.utime(p, (time.time() + 5, time.time() + 5))
    os.unlink(made[1][1])
    load.refresh()
    run_until_pictures(app, load)
    assert [r.entry.path for r in load.list.rows] == [p]
    assert load.list.rows[0].info.moves == len(g.log) - 1
    assert len(list((app.cache_dir / "thumbnails").glob("*.png"))) == 1  # the stale ones are gone


def test_odd_files_in_the_saves_folder_do_not_crash_the_load_screen(make_app, home, rohan):
    made = games_in(home, rohan, 1)
    folder = home / "saves"
    os.symlink(folder / "nowhere.json", folder / "dangling.json")
    os.symlink(folder / "loop-b.json", folder / "loop-a.json")
    os.symlink(folder / "loop-a.json", folder / "loop-b.json")
    os.mkfifo(folder / "pipe.json")
    (folder / "folder.json").mkdir()
    (folder / "binary.json").write_bytes(b"\xff\xfe\x00garbage")
    (folder / "garbage.json").write_text("{ not json")
    app = make_app()
    load = LoadScene(app)
    app.push(load)
    run_until_pictures(app, load)   # a FIFO is never opened, so this does not block
    assert app.last_error is None and isinstance(app.scene, LoadScene)
    rows = {r.entry.path.name: r for r in load.list.rows}
    assert rows[made[0][1].name].openable
    for name in ("dangling.json", "loop-a.json", "loop-b.json", "pipe.json", "folder.json", "binary.json",
                 "garbage.json"):
        assert not rows[name].openable and rows[name].info.problem, name
    assert "does not exist" in rows["dangling.json"].info.problem
    assert "FIFO" in rows["pipe.json"].info.problem
    assert not rows["folder.json"].entry.deletable
    # links, FIFOs and folders are listed after the files, greyed out with the reason
    names = [r.entry.path.name for r in load.list.rows]
    assert max(names.index(n) for n in ("garbage.json", "binary.json", made[0][1].name)) < min(
        names.index(n) for n in ("dangling.json", "loop-a.json", "pipe.json", "folder.json"))
    load.list.selected = [r.entry.path.name for r in load.list.rows].index("pipe.json")
    load.selection_changed()
    assert not load.btn_open.enabled
    key(app, pygame.K_RETURN)   # cannot be opened: nothing happens
    assert app.scene is load and app.last_error is None
    app.step()
    # Continue ignores them too
    title = TitleScene(app)
    app.reset_to(title)
    app.step()
    click(app, title.btn_continue.rect.center)
    assert isinstance(app.scene, GameScene)


def test_delete_asks_first_and_removes_the_game_and_its_previous_copy(make_app, home, rohan):
    made = games_in(home, rohan, 2)
    target = made[1][1]
    prev = autosaves.prev_of(target)
    assert prev.is_file()
    app = make_app()
    load = LoadScene(app)
    app.push(load)
    run_until_pictures(app, load)
    i = [r.entry.path for r in load.list.rows].index(target)
    click(app, load.list.row_rect(i).center)
    click(app, load.btn_delete.rect.center)
    assert load.confirm.visible
    click(app, load.btn_no.rect.center)       # "Keep it"
    assert not load.confirm.visible and target.is_file()
    click(app, load.btn_delete.rect.center)
    key(app, pygame.K_ESCAPE)                 # Escape keeps it too
    assert not load.confirm.visible and target.is_file() and app.scene is load
    click(app, load.btn_delete.rect.center)
    click(app, load.btn_yes.rect.center)
    assert not target.exists() and not prev.exists()
    assert [r.entry.path for r in load.list.rows] == [made[0][1]]
    assert made[0][1].is_file()


def test_the_game_being_played_cannot_be_deleted_from_the_menu(make_app, home, rohan):
    games_in(home, rohan, 1)
    app = make_app()
    scene = start_from_title(app, seed=3)
    play(scene, app, 2)
    key(app, pygame.K_ESCAPE)
    menu_button(app, "load")
    load = app.scene
    run_until_pictures(app, load)
    mine = autosaves.slot_of(scene.game)
    i = [r.entry.path for r in load.list.rows].index(mine)
    click(app, load.list.row_rect(i).center)
    assert not load.btn_delete.enabled
    key(app, pygame.K_DELETE)
    assert not load.confirm.visible
    click(app, load.btn_open.rect.center)  # opening it goes back to it
    assert app.scene is scene


def test_leftover_temporary_files_are_removed_and_the_old_autosave_migrates(home, rohan):
    g = Game.new(rohan, seed=4)
    for _ in range(6):
        g.submit(g.legal_commands()[0])
    older = saves.dumps(g)
    g.submit(g.legal_commands()[0])
    newest = saves.dumps(g)
    home.mkdir(parents=True)
    (home / autosaves.NEWEST).write_text(newest)
    (home / autosaves.PREVIOUS).write_text(older)
    (home / "saves").mkdir()
    stale = [home / ".autosave.json.abc123.tmp", home / "saves" / ".x.json.k2j3.tmp",
             home / "saves" / ".autosave-20260101-000000-aaaaaa.prev.json.tmp"]
    for p in stale:
        p.write_text("half")
        os.utime(p, (time.time() - 3600, time.time() - 3600))
    fresh = home / "saves" / ".y.json.zzz.tmp"  # a write in progress right now: left alone
    fresh.write_text("writing")
    app = App(size=(1280, 720), clock=StepClock(1 / 60), home=home)
    try:
        assert not any(p.exists() for p in stale) and fresh.exists()
        assert not (home / autosaves.NEWEST).exists() and not (home / autosaves.PREVIOUS).exists()
        [moved] = autosaves.games(home)
        assert moved.read_text() == newest and autosaves.prev_of(moved).read_text() == older
        title = TitleScene(app)
        app.push(title)
        app.step()
        click(app, title.btn_continue.rect.center)
        assert isinstance(app.scene, GameScene) and app.scene.game.log == g.log
        assert any("older version" in n for n in app.startup_notes)
    finally:
        app.close()


def test_folders_come_from_platformdirs_and_botwotr_home_overrides(tmp_path, monkeypatch):
    import platformdirs
    monkeypatch.delenv("BOTWOTR_HOME", raising=False)
    for var, sub in (("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"), ("XDG_CACHE_HOME", "cache")):
        monkeypatch.setenv(var, str(tmp_path / sub))
    monkeypatch.setenv("HOME", str(tmp_path / "user"))
    assert autosaves.data_folder() == __import__("pathlib").Path(platformdirs.user_data_dir("botwotr", appauthor=False))
    assert autosaves.log_folder() == __import__("pathlib").Path(platformdirs.user_log_dir("botwotr", appauthor=False))
    app = App(size=(1280, 720), clock=StepClock(1 / 60))
    try:
        assert app.home == autosaves.data_folder() and app.crash_log.parent == autosaves.log_folder()
        assert str(app.home).startswith(str(tmp_path / "data")) and str(app.crash_log).startswith(str(tmp_path / "state"))
        from botwotr.ui.scenes.base import Scene

        class Boom(Scene):
            def update(self, dt):
                raise RuntimeError("kaboom")

        app.push(Boom(app))
        app.step()
        assert "kaboom" in app.crash_log.read_text()
    finally:
        app.close()
    monkeypatch.setenv("BOTWOTR_HOME", str(tmp_path / "mine"))
    assert autosaves.data_folder() == tmp_path / "mine" == autosaves.log_folder()
    assert autosaves.cache_folder() == tmp_path / "mine" / "cache"


def test_saves_of_the_old_hand_written_folder_move_to_the_platformdirs_one(tmp_path, monkeypatch, rohan):
    """Where platformdirs' data folder differs from the old `~/.local/share/botwotr` (macOS,
    Windows), the old autosave and saved copies are moved over at the first start."""
    monkeypatch.delenv("BOTWOTR_HOME", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    legacy = tmp_path / "legacy"
    monkeypatch.setattr(autosaves, "_legacy_folder", lambda: legacy)
    g = Game.new(rohan, seed=2)
    g.submit(g.legal_commands()[0])
    (legacy / "saves").mkdir(parents=True)
    (legacy / autosaves.PREVIOUS).write_text(saves.dumps(g))  # only the previous copy survived
    (legacy / "saves" / "mine.json").write_text(saves.dumps(g))
    app = App(size=(1280, 720), clock=StepClock(1 / 60))
    try:
        [game_file] = autosaves.games(app.home)
        assert game_file.read_text() == saves.dumps(g)
        assert (app.home / "saves" / "mine.json").read_text() == saves.dumps(g)
        assert not (legacy / autosaves.PREVIOUS).exists() and not (legacy / "saves" / "mine.json").exists()
    finally:
        app.close()
