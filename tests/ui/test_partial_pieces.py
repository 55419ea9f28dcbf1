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


@pytest.fixture
def language():
    from botwotr.ui.i18n import set_language

    yield set_language
    set_language("en")


def board_pixels(board, surface, theme, view, seat) -> bytes:
    surface.fill((255, 0, 255))
    board.draw(surface, theme, view, seat)
    return pygame.image.tobytes(surface.subsurface(board.rect), "RGB")


def drawn_whole(reference, board, surface, theme, view, seat) -> bytes:
    """`board_pixels` of `reference` (a second view of the board, caches off: `partial_pieces`
    False) drawn from nothing with `board`'s camera, marks and hidden pieces."""
    reference.camera = board.camera
    reference.highlights, reference.hover_region = dict(board.highlights), board.hover_region
    reference.hidden_pieces = set(board.hidden_pieces)
    reference.invalidate()
    return board_pixels(reference, surface, theme, view, seat)


def settle_opened(app, scene) -> None:
    """Frames until the opened board is settled: its art smooth, its first picture whole."""
    for k in range(300):
        app.step([])
        if k > 30 and not (scene.board.smoothing or scene.panels_settling):
            break


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
        want = drawn_whole(reference, board, surface, theme, view, seat)
        if got != want:
            pygame.image.save(surface, f"/tmp/botwotr-partial-want-{face}-{k}.png")
        assert got == want, f"command {k}: the board differs from the board drawn whole"
    assert undos >= 3
    if face == "rohan":
        assert partial >= 10 and battles >= 1, (partial, battles)


def test_a_seat_shown_anew_draws_only_what_that_seat_sees_otherwise(make_app, rohan, monkeypatch):
    """A hotseat game's seat changes (the cover lifted: the public board under it, then the
    player's own view; a command that turns the view public, as a game's last one does): on the
    same ground, the board's picture is drawn from the last one, another seat's, item by item
    where the views differ (counted: fewer items than the board holds; the pixels those of the
    board drawn whole from nothing)."""
    from botwotr.ui.board_view import BoardView

    drawn, grounds = [], []
    draw_item, draw_ground = BoardView._draw_item, BoardView._draw_ground
    monkeypatch.setattr(BoardView, "_draw_item", lambda self, *a, **k: drawn.append(a[2]) or draw_item(self, *a, **k))
    monkeypatch.setattr(
        BoardView, "_draw_ground", lambda self, *a, **k: grounds.append(1) or draw_ground(self, *a, **k)
    )
    app = make_app((1920, 1080))
    g = Game.new(rohan, seed=11)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    board = scene.board
    reference = type(board)(board.layout, board.spec)
    reference.partial_pieces = False
    surface = pygame.Surface(app.size)
    rng = random.Random(11)
    changes = 0
    settle_opened(app, scene)
    for _k in range(50):
        if g.state["winner"]:
            break
        seat = scene.sides.seat if not scene.curtain else "public"
        if scene.curtain:
            scene.lift_curtain()
        else:
            scene.submit(random_command(g, rng))
        scene.animator.finish()
        del drawn[:], grounds[:]
        app.step([])
        now = scene.sides.seat if not scene.curtain else "public"
        if now == seat or grounds or not board._retained:
            continue  # (the same seat, or a new ground under the pieces: the highlights, a battle)
        changes += 1
        items = len(board._retained)
        assert len(drawn) < items, (seat, now, len(drawn), items)
        view = scene.view if not scene.curtain else g.view_for("public")
        got = board_pixels(board, surface, app.theme, view, now)
        assert got == drawn_whole(reference, board, surface, app.theme, view, now), (seat, now)
    assert changes >= 5, changes


@pytest.mark.parametrize("face, seed, lang", [("rohan", 13, "en"), ("rohan", 14, "ru"), ("gondor", 6, "pt_BR")])
def test_a_change_of_the_marks_alone_draws_the_ground_again_only_under_them(
    make_app, monkeypatch, language, face, seed, lang
):
    """The highlighted regions of a decision, the hovered region and a battle's area are drawn
    on the ground: when only they change (most commands, every region the mouse crosses), the
    ground is drawn again only in the rectangles of the regions whose mark changed, and the
    pieces there. Through random hotseat games with the mouse moved over a region after every
    command, the board's picture is pixel for pixel the board drawn whole from nothing (in a
    translation too, whose region names are on plates over the painted ones)."""
    from botwotr.catalog import spec_for
    from botwotr.ui.board_view import BoardView

    language(lang)

    grounds = {"whole": 0, "part": 0}
    draw_ground = BoardView._draw_ground

    def counted(self, surface, theme, view, within=None):
        if self is scene.board:
            grounds["whole" if within is None else "part"] += 1
        return draw_ground(self, surface, theme, view, within)

    monkeypatch.setattr(BoardView, "_draw_ground", counted)
    marks_changed, shares = BoardView._marks_changed, []

    def measured(self, old_key, ground_key):
        rects = marks_changed(self, old_key, ground_key)
        if rects is not None and self is scene.board:
            shares.append(sum(r.w * r.h for r in rects) / (self.rect.w * self.rect.h))
        return rects

    monkeypatch.setattr(BoardView, "_marks_changed", measured)
    spec = spec_for(face)
    app = make_app((1920, 1080))
    g = Game.new(spec, seed=seed)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    board = scene.board
    settle_opened(app, scene)
    reference = type(board)(board.layout, board.spec)
    reference.partial_pieces = False
    surface = pygame.Surface(app.size)
    rng = random.Random(seed)
    regions = sorted(board.layout.polygons)
    whole_at_start = grounds["whole"]
    frames = 0
    for k in range(60):
        if g.state["winner"]:
            break
        if scene.curtain:
            scene.lift_curtain()
        else:
            scene.submit(random_command(g, rng))
        scene.animator.finish()
        app.step([])
        for _ in range(2):
            pos = [round(c) for c in board.region_screen_center(rng.choice(regions))]
            if board.rect.collidepoint(pos):
                app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
            view = scene.view if not scene.curtain else g.view_for("public")
            seat = scene.sides.seat if not scene.curtain else "public"
            got = board_pixels(board, surface, app.theme, view, seat)
            want = drawn_whole(reference, board, surface, app.theme, view, seat)
            assert got == want, f"step {k}: the board differs"
            frames += 1
    assert frames >= 60
    assert grounds["part"] >= 30, grounds
    if face == "rohan":  # (marks over more than a third of the board drawn in part too: a move's armies)
        assert any(BoardView.PARTIAL_MAX < x <= BoardView.MARKS_MAX for x in shares), max(shares)
    # (the ground drawn whole: marks over much of the board)
    assert grounds["whole"] - whole_at_start < grounds["part"] / 4, grounds
