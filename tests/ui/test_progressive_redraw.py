"""A zoom step draws the board's new picture over several frames (`BoardView._progress`, issue
11): the frame of the notch shows the last picture scaled to the new camera, the ground and the
pieces are drawn a few steps a frame, and the picture they make is swapped in when it is whole.

- every settled frame is pixel for pixel the frame drawn from nothing (the panels too, on every
  frame between);
- a transitional frame only ever scales a picture drawn for the same view, seat and hidden
  pieces: after a command, a hand-over of the hotseat screen or a piece hidden for an animation,
  the very next frame is the frame drawn from nothing (no stale picture, no hidden piece shown);
- input during a transition acts on the camera as it is: a click picks the region under the
  mouse now, and no piece can be picked up from where the stale picture shows it.

The time each frame gives the drawing comes from `BoardView.build_clock`; here a clock that
ticks once per reading, so one step is drawn per frame and the frames are the same every run.
"""

from __future__ import annotations

import itertools
import random

import pygame

from botwotr.core import Game
from botwotr.ui.scenes.game import GameScene
from conftest import random_command  # noqa: E402

from test_render_caches import cached_frame, fresh_frame, mouse, settle  # noqa: E402


def one_step_a_frame(board) -> None:
    ticks = itertools.count()
    board.build_clock = lambda: float(next(ticks))
    board.build_seconds = 0.5


def columns(frame: bytes, size, x0: int, x1: int) -> list[bytes]:
    w = size[0] * 3
    return [frame[y * w + x0 * 3 : y * w + x1 * 3] for y in range(size[1])]


def start(make_app, spec, mode="hotseat", seed=3, size=(1280, 720)):
    app = make_app(size)
    scene = GameScene(app, Game.new(spec, seed=seed), mode=mode)
    app.push(scene)
    app.step([])
    if scene.curtain:
        scene.lift_curtain()
    app.step([])
    settle(app)
    one_step_a_frame(scene.board)
    return app, scene


def test_a_zoom_step_is_drawn_over_frames_and_settles_on_the_frame_drawn_from_nothing(make_app, rohan):
    app, scene = start(make_app, rohan)
    board = scene.board
    p = board.rect.center
    app.step([mouse("motion", p)])
    settle(app)
    steps = []
    for notch in [1, 1, -1, 1, 1, -1, -1, -1, -1]:
        app.step([mouse("wheel", p, y=notch)])
        assert board.smoothing and board._build is not None, "a notch draws the new picture over frames"
        # the panels, right of the board, are the frame drawn from nothing on a transitional frame
        got, want = cached_frame(app), fresh_frame(app)
        x0 = board.rect.right
        assert columns(got, app.size, x0, app.size[0]) == columns(want, app.size, x0, app.size[0])
        n = settle(app)
        steps.append(n)
        assert cached_frame(app) == fresh_frame(app), f"notch {notch}: the settled frame differs"
    assert min(steps) >= 3, steps  # the ground and the pieces were drawn over several frames


def test_a_notch_during_a_transition_scales_the_last_whole_picture_and_settles_exactly(make_app, rohan):
    app, scene = start(make_app, rohan, seed=5)
    board = scene.board
    p = (board.rect.x + board.rect.w // 3, board.rect.y + board.rect.h // 2)
    app.step([mouse("motion", p)])
    settle(app)
    whole = board._frame_cache
    for notch in [1, 1, 1, -1]:  # a notch every frame: each new picture is begun again
        app.step([mouse("wheel", p, y=notch)])
        assert board._frame_cache is whole  # the transition scales the last whole picture
        app.step([])
    settle(app)
    assert board._frame_cache is not whole
    assert cached_frame(app) == fresh_frame(app)


def test_no_transitional_frame_outlives_a_change_of_what_the_board_shows(make_app, rohan):
    """R-15: after a command (and a hand-over of the screen, with its cover), a change of seat or
    a piece hidden for an animation, the next frame is the frame drawn from nothing: the last
    picture, drawn for what was shown before, is never scaled onto it."""
    app, scene = start(make_app, rohan, seed=8)
    board = scene.board
    g = scene.game
    rng = random.Random(8)
    p = board.rect.center
    app.step([mouse("motion", p)])
    for notch in [1, 1, 1, -1, -1, -1, -1, -1, 1, 1]:  # every level the walk below reaches, smoothed
        app.step([mouse("wheel", p, y=notch)])
        settle(app)
    checked = covers = 0
    level = 0
    for _k in range(40):
        if g.state["winner"]:
            break
        notch = rng.choice((1, -1)) if abs(level) < 2 else -level // abs(level)
        level += notch
        app.step([mouse("wheel", p, y=notch)])
        if not board._build:
            settle(app)
            continue
        app.step([])  # in the middle of the transition
        scene.submit(random_command(g, rng))
        scene.animator.finish()
        app.step([])
        assert board._build is None or board._build.key[1] == scene.sides.seat
        got, want = cached_frame(app), fresh_frame(app)
        assert board._smoothing is None  # (every level's art smooth already: the frames compare exactly)
        if board._build is None:
            assert got == want, "a frame after a command showed the last picture"
        else:  # zoomed again by nothing: only a new picture for the same view is being drawn
            x0 = board.rect.right
            assert columns(got, app.size, x0, app.size[0]) == columns(want, app.size, x0, app.size[0])
        checked += 1
        if scene.curtain:
            covers += 1
            assert got == want  # the cover, drawn over a board drawn for nobody's secrets
            scene.lift_curtain()
        settle(app)
        assert cached_frame(app) == fresh_frame(app)
    assert checked >= 10 and covers >= 1, (checked, covers)
    # a piece hidden during a transition: an army's move glides it, the still picture must not
    # show it where it stood (the animator hides it)
    settle(app)
    regs = scene.view["regions"]
    frm = next(r for r, v in sorted(regs.items()) if v.get("units") and v.get("side") == "fp")
    to = sorted(g.spec.board.neighbours(frm))[0]
    unit = sorted(regs[frm]["units"])[0]
    app.step([mouse("wheel", p, y=1)])
    assert board._build is not None
    scene.animator.feed([{"e": "ArmyMoved", "side": "fp", "from": frm, "path": [to], "units": {unit: 1},
                          "leaders": 0, "characters": [], "damage": 0}])  # fmt: skip
    app.step([])
    assert board.hidden_pieces and board._build is None
    assert board._frame_cache[0][3] == frozenset(board.hidden_pieces)  # drawn without the piece


def test_input_during_a_transition_acts_on_the_camera_as_it_is(make_app, rohan):
    app, scene = start(make_app, rohan, seed=3)
    board = scene.board
    clicked = []
    board.on_region_click = clicked.append
    p = (board.rect.x + board.rect.w // 4, board.rect.y + board.rect.h // 3)
    app.step([mouse("motion", p)])
    for _ in range(3):
        app.step([mouse("wheel", p, y=1)])
    assert board._build is not None
    q = (p[0] + 90, p[1] + 60)
    app.step([mouse("motion", q)])
    want = board.layout.region_at(*board.camera.to_world(*q))
    assert want is not None
    assert board.hover_region == want
    app.step([mouse(pygame.MOUSEBUTTONDOWN, q), mouse(pygame.MOUSEBUTTONUP, q)])
    assert clicked == [want]
    # no piece answers from where the stale picture shows it
    assert board._build is not None
    assert board.piece_rects == {} and board._tips == []
    settle(app)
    assert board.piece_rects  # the settled picture's pieces answer again
    assert cached_frame(app) == fresh_frame(app)


def test_a_resize_shows_the_last_picture_scaled_then_settles_on_the_frame_drawn_from_nothing(make_app, rohan):
    app, scene = start(make_app, rohan, seed=4, size=(1280, 720))
    board = scene.board
    p = board.rect.center
    app.step([mouse("motion", p)])
    app.step([mouse("wheel", p, y=1)])
    settle(app)
    transitions = 0
    for size in [(1600, 900), (1280, 720), (1600, 900), (1024, 768), (1280, 720)]:
        app.resize(*size)
        app.step([])
        transitions += board._build is not None
        if board._build is not None:  # the board shows the picture of the last rectangle, scaled
            assert board._build.key[0][0] == tuple(board.rect) and board.piece_rects == {}
        settle(app)
        assert cached_frame(app) == fresh_frame(app), f"{size}: the settled frame differs"
    assert transitions >= 3


def panels_region(frame: bytes, app, scene) -> list[bytes]:
    """The pixels of the window outside the board (the status bar, the side column, the band
    under a wide board), row by row."""
    b = scene.board.rect
    w = app.size[0] * 3
    rows = []
    for y in range(app.size[1]):
        row = frame[y * w : (y + 1) * w]
        rows.append(row if not b.top <= y < b.bottom else row[: b.x * 3] + row[b.right * 3 :])
    return rows


def test_a_resize_shows_the_panels_last_picture_scaled_then_settles_on_the_frame_drawn_from_nothing(make_app, rohan):
    """The panels at a new window size are drawn a part a frame (`GameScene._draw_panels`,
    `_PanelBuild`); meanwhile the frames show the last size's picture scaled onto the new
    rectangles, and the settled frame is the one drawn from nothing — between two sizes seen
    (a kept picture: only its changed parts) and at sizes not seen."""
    app, scene = start(make_app, rohan, seed=4, size=(1280, 720))
    transitions = []
    for size in [(1600, 900), (1280, 720), (1600, 900), (1440, 810), (1024, 768), (1280, 720)]:
        before = scene._panels_shown
        app.resize(*size)
        app.step([])
        if scene.panels_settling:
            transitions.append(size)
            assert scene._panels_shown is before  # (the new picture is not shown until whole)
            frames = 0
            while scene.panels_settling:
                app.step([])
                frames += 1
                assert frames < 20
            assert frames >= 2  # (one part a frame here: the clock ticks once per reading)
        settle(app)
        assert cached_frame(app) == fresh_frame(app), f"{size}: the settled frame differs"
    # (a 4:3 window puts the log under the board: another arrangement, drawn at once, and so is
    # the first frame back from it)
    assert transitions == [(1600, 900), (1280, 720), (1600, 900), (1440, 810)]


def test_no_scaled_panels_outlive_a_change_of_what_they_show(make_app, rohan):
    """R-15: the panels' last picture is shown scaled after a resize only if it was drawn for the
    same position, seat and cover: a resize in the frame the hotseat cover is lifted, or after a
    command, draws the panels for the new view at once; a command or a click during the
    transition gives it up, and that frame is the frame drawn from nothing."""
    app, scene = start(make_app, rohan, seed=8, size=(1280, 720))
    g = scene.game
    rng = random.Random(8)
    sizes = itertools.cycle([(1600, 900), (1280, 720), (1440, 810)])
    checked = covers = 0
    for _k in range(30):
        if g.state["winner"]:
            break
        app.resize(*next(sizes))
        app.step([])
        assert scene.panels_settling  # (nothing changed: the last picture is shown scaled)
        n = len(g.log)
        scene.submit(random_command(g, rng))  # during the transition
        scene.animator.finish()
        app.step([])
        assert len(g.log) > n
        # (under the cover the panels are not drawn; the build waits, and lifting it gives it up)
        assert scene.curtain or not scene.panels_settling
        got, want = cached_frame(app), fresh_frame(app)
        assert panels_region(got, app, scene) == panels_region(want, app, scene)
        checked += 1
        if scene.curtain:
            covers += 1
            assert got == want  # the cover over all
            scene.lift_curtain()
            app.resize(*next(sizes))  # the cover lifted and the window resized in one frame
            app.step([])
            assert not scene.panels_settling, "the last player's panels were shown scaled"
            assert panels_region(cached_frame(app), app, scene) == panels_region(fresh_frame(app), app, scene)
        settle(app)
        assert cached_frame(app) == fresh_frame(app)
    assert checked >= 10 and covers >= 1, (checked, covers)
    # a click on the panels during a transition: drawn whole at once
    app.resize(*next(sizes))
    app.step([])
    assert scene.panels_settling
    side = scene.side_rect.center
    app.step([mouse("motion", side)])
    assert not scene.panels_settling
    settle(app)
    assert cached_frame(app) == fresh_frame(app)
    # a hover on the panels during a transition (the part under the mouse changes): drawn whole
    app.resize(*next(sizes))
    app.step([])
    assert scene.panels_settling
    app.step([mouse("motion", (scene.side_rect.centerx, scene.side_rect.bottom - 20))])
    assert not scene.panels_settling
    settle(app)
    assert cached_frame(app) == fresh_frame(app)


def test_a_resize_event_settles_the_panels_first_and_the_board_in_what_is_left_of_each_frame(make_app, rohan):
    """A VIDEORESIZE through the window's own event handling: the frames after it draw the
    panels' new picture first (`GameScene._panel_steps_first`) and the board's in what is left of
    the frame's share (`BoardView.frame_spent`): a frame whose panel steps took the board's share
    runs no board step, and the others run the board's steps within its share. Counted, not
    timed: the build clock reads 1 ms more at each reading, so a step "takes" 1 ms of it."""
    app, scene = start(make_app, rohan, seed=4, size=(1280, 720))
    board = scene.board
    ticks = itertools.count()
    board.build_clock = lambda: next(ticks) / 1000
    board.build_seconds, scene.panel_build_seconds = 0.003, 0.002
    for size in [(1600, 900), (1280, 720), (1440, 810)]:
        app.step([pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
        assert app.size == size and scene.panels_settling and board._build is not None
        tally = {"panels": 0, "board": 0}
        wrapped: set[int] = set()

        def count(owner, name):
            if owner is not None and id(owner) not in wrapped:
                wrapped.add(id(owner))
                steps = owner.steps

                def counted():
                    for _ in steps:
                        tally[name] += 1
                        yield

                owner.steps = counted()

        frames = panel_frames = 0
        while scene.panels_settling or board.smoothing:
            count(scene._panel_build, "panels")
            count(board._build, "board")
            before = dict(tally)
            settling = scene.panels_settling
            app.step([])
            frames += 1
            panels, steps = tally["panels"] - before["panels"], tally["board"] - before["board"]
            if settling:
                panel_frames += 1
                # (a frame may only find the steps at their end)
                assert panels >= 1 or not scene.panels_settling, f"{size}, frame {frames}: the panels waited"
                # (2 ms of panel steps and the clock's readings: the board's 3 ms are taken; a
                # frame that only finds the panels' steps at their end leaves the board its share)
                assert panels <= 2, (size, frames, panels, steps)
                assert steps == 0 or panels == 0 and not scene.panels_settling, (size, frames, panels, steps)
            else:
                assert steps <= 3, (size, frames, steps)  # (its share less the art's slice)
            assert frames < 200
        assert panel_frames <= (tally["panels"] + 1) // 2 + 1, (size, panel_frames, tally)
        assert tally["board"] > 0, size
        assert cached_frame(app) == fresh_frame(app), f"{size}: the settled frame differs"
