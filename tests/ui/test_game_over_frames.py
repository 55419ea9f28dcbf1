"""The frames at a game's end (issue 11: "p99 <= 8 ms ... including the frame after a command"; the
end of a long game must cost no more than its start): the end's dialog (R-4.2, R-4.3: who won and
how, once the game is won) is made over frames, a bounded share a frame, and shown whole and right;
with it open a frame blits its picture and draws its buttons, and never draws the game under it
again. Counted, not timed, through the window's own frames and events."""

from __future__ import annotations

import pygame

from botwotr import review
from botwotr.core import Game
from botwotr.ui.scenes import game_over
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.game_over import GameOverScene
from test_review import bot_game


def counting(monkeypatch, owner, name, counts, key):
    inner = getattr(owner, name)

    def run(*a, **k):
        counts[key] = counts.get(key, 0) + 1
        return inner(*a, **k)

    monkeypatch.setattr(owner, name, run)


def test_the_end_dialog_is_made_over_frames_and_shown_whole_and_right(make_app, rohan, monkeypatch):
    """R-4.2: the game won by the last command given in the window: that command's frame folds no
    turn's end and draws no dialog; each frame after it folds at most SUMMARY_TURNS_PER_STEP turn
    ends; the dialog, once on top, shows the summary made from scratch (`review.summary`)."""
    g = bot_game(rohan, 4, {"fp": "Ann", "sh": "Ben"})
    app = make_app((1280, 720))
    gs = GameScene(app, Game.replay(rohan, g.seed, g.log[:-1]), mode="hotseat")
    app.push(gs)
    app.step([])
    counts: dict = {}
    counting(monkeypatch, review, "turn_end_state", counts, "turn ends")
    counting(monkeypatch, GameOverScene, "_dialog_parts", counts, "dialog drawn")
    gs.seat = g.log[-1]["cmd"].get("side") if g.log[-1]["cmd"].get("side") in ("fp", "sh") else None
    assert gs.submit(g.log[-1]["cmd"])
    gs.animator.finish()
    app.step([])  # the command's frame
    assert gs.game.state["winner"] and app.scene is gs
    assert counts == {}, counts
    frames = 0
    while app.scene is gs:
        counts.clear()
        gs.animator.finish()
        app.step([])
        frames += 1
        assert counts.get("turn ends", 0) <= review.SUMMARY_TURNS_PER_STEP, (frames, counts)
        assert frames <= 40
    assert frames > 2  # (made over frames, not in one)
    over = app.scene
    assert isinstance(over, GameOverScene)
    want = review.summary(gs.game)
    assert over.summary == want  # the same numbers as made from scratch, every one
    assert want.turns == g.state["turn"] and [t for t, _v, _f in want.course] == list(range(1, want.turns + 1))
    assert over.picture is not None and over.picture.get_size() == app.size


def test_frames_with_the_dialog_open_blit_its_picture(make_app, rohan, monkeypatch):
    """With the dialog open no frame draws the game under it or the dialog's text again (counted),
    a button still shows the mouse over it (a MOUSEMOTION through the window's events), the
    picture is what drawing it whole shows (the board veiled, the box), a resize draws it anew at
    the new size, and Escape closes it (R-4.3: back to the board)."""
    from test_review import finish_in_window

    app = make_app((1280, 720))
    _g, gs = finish_in_window(app, rohan, 7)
    over = app.scene
    assert isinstance(over, GameOverScene)
    app.step([])
    counts: dict = {}
    counting(monkeypatch, GameScene, "draw", counts, "game drawn")
    counting(monkeypatch, GameOverScene, "_dialog_parts", counts, "dialog drawn")
    b = over.btn_review.rect
    edge = (b.x + 4, b.centery)
    before = app.screen.get_at(edge)
    for k in range(6):
        pos = b.center if k >= 3 else (b.x - 40, b.y - 40)
        app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    assert counts == {}, counts
    assert app.screen.get_at(edge) != before  # (the button lit under the mouse)
    # what a frame shows is what drawing everything whole shows: the game under a window-sized
    # veil, the box and its text (compared away from the log panel, whose older rows were added
    # above its view meanwhile, and from the buttons)
    whole = app.screen.copy()
    gs.draw(whole)
    veil = pygame.Surface(app.size, pygame.SRCALPHA)
    veil.fill((10, 8, 6, 200))
    whole.blit(veil, (0, 0))
    for _part in GameOverScene._dialog_parts(over, whole):
        pass
    box = over.box.inflate(-over.theme.px(12), 0)
    box.height = over.btn_review.rect.y - box.y - 2
    assert pygame.image.tobytes(whole.subsurface(box), "RGB") == pygame.image.tobytes(app.screen.subsurface(box), "RGB")
    board = gs.board.rect.clip(pygame.Rect(0, 0, over.box.x, app.size[1]))
    assert board.w > 20
    assert pygame.image.tobytes(whole.subsurface(board), "RGB") == pygame.image.tobytes(
        app.screen.subsurface(board), "RGB"
    )
    counts.clear()
    app.resize(1600, 900)
    app.step([])
    assert counts.get("dialog drawn") == 1 and over.picture.get_size() == (1600, 900)
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="")])
    assert app.scene is gs
    assert game_over._canvases  # (the picture's surface is kept for the next game's end)
