"""Taking back the winning move (R-4.2: the game is won by the last command; the end's dialog that
says so is made over a few frames). In hotseat the other player is asked behind the cover, also
once the game is won; the dialog does not open over that question nor on a position that is no
longer won, and winning again opens it. Through the window's own frames, keys and clicks."""

from __future__ import annotations

import pygame

from botwotr.core import Game
from botwotr.ui.scenes.game import open_game
from botwotr.ui.scenes.game_over import GameOverScene
from test_review import bot_game, until_the_end


def ctrl_z(app) -> None:
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode="\x1a", scancode=0)])


def click(app, pos) -> None:
    app.step([pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos)])
    app.step([pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos)])


def take_back(app, gs) -> None:
    """Undo as the players would: Ctrl+Z; a move that showed dice or cards needs "Take it back
    anyway" and, in hotseat, the other player's yes behind the cover."""
    ctrl_z(app)
    if gs.btn_force_undo.visible:
        click(app, gs.btn_force_undo.rect.center)
    if gs.consent:
        for _ in range(30):  # the question waits behind the cover; no end's dialog over it
            app.step()
            assert app.scene is gs and gs.consent and gs.curtain == gs.consent["side"]
        screen = pygame.Rect((0, 0), app.size)
        assert gs.btn_allow.rect.w > 0 and screen.contains(gs.btn_allow.rect)
        click(app, gs.btn_allow.rect.center)


def test_an_undo_while_the_end_is_being_made_stops_it_and_a_new_win_opens_it(make_app, rohan):
    g = bot_game(rohan, 4, {"fp": "Ann", "sh": "Ben"})
    last = g.log[-1]["cmd"]
    app = make_app((1280, 720))
    gs = open_game(app, Game.replay(rohan, g.seed, g.log[:-1]), replace_all=True)
    app.step()
    gs.seat = last.get("side") if last.get("side") in ("fp", "sh") else None
    assert gs.submit(last)
    gs.animator.finish()
    app.step()
    app.step()  # the dialog in the making (it takes about a dozen frames)
    assert gs.game.state["winner"] and app.scene is gs and gs._end_steps is not None
    take_back(app, gs)
    assert not gs.game.state["winner"] and len(gs.game.log) == len(g.log) - 1
    for _ in range(40):  # no dialog on a position that is not won
        gs.animator.finish()
        app.step()
        assert app.scene is gs, "the end's dialog opened after the winning move was taken back"
    assert gs._end_steps is None
    assert gs.submit(last)  # the same move wins again: the dialog is made and opens
    gs.animator.finish()
    assert until_the_end(app) < 40 and isinstance(app.scene, GameOverScene)
    assert app.scene.summary.winner == gs.game.state["winner"] == g.state["winner"]


def test_after_the_end_is_shown_an_undo_asks_the_other_player_and_a_new_win_shows_it_again(make_app, rohan):
    from test_review import finish_in_window

    app = make_app((1280, 720))
    g, gs = finish_in_window(app, rohan, 4)
    over = app.scene
    assert isinstance(over, GameOverScene)
    click(app, over.btn_board.rect.center)  # back to the board
    assert app.scene is gs
    take_back(app, gs)
    assert not gs.game.state["winner"] and len(gs.game.log) == len(g.log) - 1
    gs.seat = g.log[-1]["cmd"].get("side")
    assert gs.submit(g.log[-1]["cmd"])
    gs.animator.finish()
    assert until_the_end(app) < 40 and isinstance(app.scene, GameOverScene)
