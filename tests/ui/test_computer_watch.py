"""The computer against the computer (issue 13): both sides Computer on the title, the game plays
itself at a pace to follow — every move given after its animation and a pause, animated and
written in the log —, Pause stops it between two moves, Step gives one move, Space goes on;
nobody's hand is shown on any frame (the public view: both hands hidden, R-15); the save keeps
both levels. One whole Rohan game, easy against easy, with a small iteration budget."""

from __future__ import annotations

import pygame

from botwotr.ai import Budget
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.title import TitleScene
from test_computer_games import click, key
from test_secrecy import Recorder, Secrets, leaks


def test_the_computer_plays_itself_with_pause_and_step_R15(make_app, rohan):
    app = make_app((1280, 720))
    title = TitleScene(app)
    title.seed = 31
    app.push(title)
    app.step()
    click(app, title.side_rows["sh"]["computer"].rect.center)
    click(app, title.side_rows["fp"]["computer"].rect.center)
    assert title.both_computers and all(title.side_rows[sd]["level"].visible for sd in ("fp", "sh"))
    assert not title.mode_buttons["companion"].enabled
    for sd in ("fp", "sh"):  # normal -> hard -> easy
        click(app, title.side_rows[sd]["level"].rect.center)
        click(app, title.side_rows[sd]["level"].rect.center)
    assert title.computer_levels() == {"fp": "easy", "sh": "easy"}
    click(app, title.btn_new.rect.center)
    scene = app.scene
    assert isinstance(scene, GameScene)
    game, comp = scene.game, scene.computer
    assert game.computer == {"fp": "easy", "sh": "easy"} and comp.watching and comp.person is None
    assert game.state["options"]["players"] == {"fp": "Computer (easy)", "sh": "Computer (easy)"}
    names = [b.name for b in scene.toolbar.children]
    assert names[:2] == ["watch_pause", "watch_step"] and "undo" not in names and "hint" not in names
    comp.budget_fn = lambda seconds: Budget(iterations=2)
    scene.watch_pause = 0.05  # (3 frames: the test's pace)
    fed = []  # every move's events given to the animator
    real_feed = scene.animator.feed
    scene.animator.feed = lambda events, **kw: fed.append(list(events)) or real_feed(events, **kw)
    secrets = Secrets(game)
    rec = Recorder().install()
    paused_at = stepped = resumed = None
    checked_at = None
    try:
        for frame in range(40_000):
            app.step([])
            if app.scene is not scene:
                break
            texts, faces, tiles = rec.take()
            assert scene.curtain is None and scene.shown == "public" and not scene.legal
            if checked_at != len(game.log) // 10:  # (a frame every few moves)
                checked_at = len(game.log) // 10
                assert not leaks(game, secrets, texts, faces, tiles, {"public"}), frame
            assert not comp.failure, comp.failure
            n = len(game.log)
            if paused_at is None and n > 30:
                click(app, scene.btn_watch.rect.center)  # Pause
                assert scene.watch_paused and scene.btn_watch.text == "Go on"
                paused_at = len(game.log)
                for _ in range(20_000):  # the next answer comes, and waits: no move while paused
                    app.step([])
                    scene.animator.finish()
                    if comp.answer is not None:
                        break
                for _ in range(120):
                    app.step([])
                assert len(game.log) == paused_at and comp.answer is not None
                click(app, scene.btn_step.rect.center)  # Step: one move, then paused again
                for _ in range(20_000):
                    app.step([])
                    scene.animator.finish()
                    if len(game.log) > paused_at:
                        break
                for _ in range(20_000):  # (the answer after it comes, and waits)
                    app.step([])
                    if comp.answer is not None:
                        break
                stepped = len(game.log)
                assert stepped == paused_at + 1 and scene.watch_paused
                key(app, pygame.K_SPACE)  # go on
                assert not scene.watch_paused
                resumed = frame
            elif scene.animator.busy:
                scene.animator.finish()
        else:
            raise AssertionError("the game did not end")
    finally:
        rec.uninstall()
    assert game.state.get("winner") in ("fp", "sh") and resumed is not None
    # the game is over: nothing left to pause or step
    assert not scene.btn_watch.enabled and not scene.btn_step.enabled
    moves = [e for e in game.log[1:] if e["cmd"].get("side") in ("fp", "sh")]
    assert len(moves) > 60 and {e["cmd"]["side"] for e in moves} == {"fp", "sh"}
    # every move was animated (its events fed to the animator) and is in the log panel
    assert len(fed) == len(game.log) - 1
    assert [e for batch in fed for e in batch] == [e for entry in game.log[1:] for e in entry["events"]]
    from botwotr.persistence.autosave import load_save, slot_of

    assert load_save(slot_of(game), lambda sid: game.spec).computer == {"fp": "easy", "sh": "easy"}
