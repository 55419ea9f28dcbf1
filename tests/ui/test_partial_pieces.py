"""The pieces drawn again only where they changed (BoardView._update_pieces, issue 11): through
random hotseat games at 1920x1080 — moves, battles and their rounds, recruitment, cards, undo —
the board picture after every command is pixel for pixel the board drawn whole from nothing, for
Rohan and for Gondor (whose siege draws the pieces whole)."""

from __future__ import annotations

import random

import pygame
import pytest

from botwotr.core import Game
from botwotr.ui.scenes.game import GameScene
from conftest import random_command  # noqa: E402


def board_pixels(board, surface, theme, view, seat) -> bytes:
    surface.fill((255, 0, 255))
    board.draw(surface, theme, view, seat)
    return pygame.image.tobytes(surface.subsurface(board.rect), "RGB")


@pytest.mark.parametrize("face, seed", [("rohan", 11), ("rohan", 12), ("gondor", 5)])
def test_the_board_after_each_command_is_the_board_drawn_whole(make_app, monkeypatch, face, seed):
    from botwotr.catalog import spec_for
    from botwotr.ui.board_view import BoardView

    done = []  # True: a frame whose pieces were drawn again only where they changed
    update = BoardView._update_pieces
    monkeypatch.setattr(BoardView, "_update_pieces", lambda self, *a: done.append(update(self, *a)) or done[-1])

    spec = spec_for(face)
    app = make_app((1920, 1080))
    g = Game.new(spec, seed=seed)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    rng = random.Random(seed)
    board = scene.board
    theme = app.theme
    surface = pygame.Surface(app.size)
    reference = type(board)(board.layout, board.spec)  # a second view of the board, never cached
    reference.partial_pieces = False
    partial = battles = undos = 0
    app.step([])
    for k in range(70):
        if g.state["winner"]:
            break
        if scene.curtain:
            scene.lift_curtain()
        n = len(done)
        if k % 9 == 8 and g.can_undo():
            scene.undo()
            undos += 1
        else:
            scene.submit(random_command(g, rng))
        scene.animator.finish()
        app.step([])
        view, seat = scene.view, scene.sides.seat
        got = board_pixels(board, surface, theme, view, seat)
        partial += any(done[n:])
        battles += bool(view.get("battle"))
        reference.camera = board.camera
        reference.highlights, reference.hover_region = dict(board.highlights), board.hover_region
        reference.hidden_pieces = set(board.hidden_pieces)
        reference.invalidate()
        want = board_pixels(reference, surface, theme, view, seat)
        if got != want:
            pygame.image.save(surface, f"/tmp/botwotr-partial-want-{face}-{k}.png")
        assert got == want, f"command {k}: the board differs from the board drawn whole"
    assert undos >= 3
    if face == "rohan":
        assert partial >= 10 and battles >= 1, (partial, battles)
