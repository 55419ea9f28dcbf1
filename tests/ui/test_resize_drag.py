"""A window edge dragged (issue 11): a new size every frame, several between two frames, each
with the events an X window sends (`WINDOWSIZECHANGED`, `VIDEORESIZE`, `WINDOWRESIZED`, then the
expose events). The app makes the window's surface and lays the scenes out once a frame, at the
last size; the frames show the last whole picture (the panels' and the board's) scaled onto the
new rectangles, nothing drawn at the sizes passed through; once the size stops changing the
pictures are drawn over the next frames and the settled frame is the frame drawn from nothing.
A change of what the panels show during a drag (a command, the hotseat cover) is drawn at once,
never a stand-in of another seat's picture (R-15)."""

from __future__ import annotations

import random

import pygame

from conftest import random_command  # noqa: E402

from test_progressive_redraw import panels_region, start  # noqa: E402
from test_render_caches import cached_frame, fresh_frame, settle  # noqa: E402


def resized(*sizes) -> list:
    """The events an X window gives for these sizes, in one frame."""
    evs = []
    for w, h in sizes:
        evs += [
            pygame.event.Event(pygame.WINDOWSIZECHANGED, x=w, y=h),
            pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h)),
            pygame.event.Event(pygame.WINDOWRESIZED, x=w, y=h),
        ]
    return evs + [pygame.event.Event(pygame.VIDEOEXPOSE), pygame.event.Event(pygame.WINDOWEXPOSED)]


def counting(monkeypatch, scene) -> dict:
    """Counts of the window's surfaces made, the layouts and the panels' parts drawn."""
    n = {"set_mode": 0, "layout": 0, "part": 0}
    set_mode, layout, part = pygame.display.set_mode, scene.layout, scene._draw_part

    def counted(name, fn):
        def call(*a, **k):
            n[name] += 1
            return fn(*a, **k)

        return call

    monkeypatch.setattr(pygame.display, "set_mode", counted("set_mode", set_mode))
    monkeypatch.setattr(scene, "layout", counted("layout", layout))
    monkeypatch.setattr(scene, "_draw_part", counted("part", part))
    return n


def test_an_edge_dragged_shows_the_last_whole_picture_scaled_and_settles_on_the_frame_drawn_from_nothing(
    make_app, rohan, monkeypatch
):
    app, scene = start(make_app, rohan, seed=4, size=(1280, 720))
    board = scene.board
    panels, panel_rects = scene._panels_shown, [pygame.Rect(r) for r in scene._shown_rects]
    board_picture = board._frame_cache[2]
    n = counting(monkeypatch, scene)
    for k in range(1, 7):
        sizes = [(1280 + 30 * (3 * k + j), 720 + 17 * (3 * k + j)) for j in range(3)]
        before = dict(n)
        app.step(resized(*sizes))
        assert app.size == sizes[-1]
        # one surface a frame, at the last size, and no widgets laid out while the size changes
        # (they are laid out once it stops: `GameScene._layout_later`)
        assert (n["set_mode"] - before["set_mode"], n["layout"] - before["layout"]) == (1, 0), k
        assert n["part"] == 0, "a panel was drawn at a size passed through"
        assert scene.panels_settling and scene._panels_shown is panels
        assert board._build is not None and board._last_whole[2] is board_picture
        # what the player sees in the side column: the last whole picture's column, scaled
        side = scene.side_rect.clip(app.screen.get_rect())
        want = pygame.transform.scale(panels.subsurface(panel_rects[1]), side.size)
        got = app.screen.subsurface(side)
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), k
    app.step([])
    assert n["layout"] == 1 and scene.panels_settling  # (the frame after the drag: laid out, then drawn)
    assert settle(app) > 0
    assert n["part"] > 0 and n["layout"] == 1
    assert cached_frame(app) == fresh_frame(app), "the settled frame differs"
    # dragged back to where it started: the picture kept for that size, settled likewise
    for w, h in [(1400, 788), (1320, 743), (1280, 720)]:
        app.step(resized((w, h)))
    settle(app)
    assert app.size == (1280, 720)
    assert cached_frame(app) == fresh_frame(app), "the settled frame back at 1280x720 differs"


def test_a_change_of_what_the_panels_show_during_a_drag_is_drawn_at_once(make_app, rohan):
    """R-15: a command during a drag (the hotseat cover coming down, or another seat's turn) is
    not shown over a stand-in of the picture drawn before it: that frame's panels are the ones
    drawn from nothing, the cover covers everything, and a cover lifted in a frame of the drag
    draws the new seat's panels at once."""
    app, scene = start(make_app, rohan, seed=8, size=(1280, 720))
    g = scene.game
    rng = random.Random(8)
    w, h = 1280, 720
    checked = covers = 0
    for _k in range(24):
        if g.state["winner"]:
            break
        for _ in range(2):
            w, h = w + 24 if w < 1700 else 1280, h + 13 if h < 950 else 720
            app.step(resized((w, h)))
        assert scene.panels_settling  # (nothing changed: the last whole picture shown scaled)
        n = len(g.log)
        scene.submit(random_command(g, rng))  # during the drag
        scene.animator.finish()
        w, h = w + 24 if w < 1700 else 1280, h + 13 if h < 950 else 720
        app.step(resized((w, h)))
        assert len(g.log) > n
        assert scene.curtain or not scene.panels_settling
        got, want = cached_frame(app), fresh_frame(app)
        assert panels_region(got, app, scene) == panels_region(want, app, scene)
        checked += 1
        if scene.curtain:
            covers += 1
            # the cover over all (over the public board, whose art at this size is smoothed over
            # the next frames; the panels' picture waits for the cover to be lifted)
            for _ in range(200):
                if not scene.board.smoothing:
                    break
                app.step([])
            assert cached_frame(app) == fresh_frame(app)
            scene.lift_curtain()
            app.step(resized((w + 24, h + 13)))  # the cover lifted and the window resized in one frame
            assert not scene.panels_settling, "the last player's panels were shown scaled"
            assert panels_region(cached_frame(app), app, scene) == panels_region(fresh_frame(app), app, scene)
        settle(app)
        assert cached_frame(app) == fresh_frame(app)
    assert checked >= 10 and covers >= 1, (checked, covers)


def test_a_size_left_before_its_art_was_smooth_and_come_back_to_is_smoothed(make_app, rohan, monkeypatch):
    """A window resized away while the board's art at its size was still a quick scale, then
    back in the next frame (a maximise undone at once): the pictures kept for that rectangle
    are found again with their quick-scaled art, and the smoothing, dropped when the size was
    left, starts again, so the window settles on the frame drawn from nothing (the quick scale
    stayed on the board for good before)."""
    from botwotr.ui.board_view import SmoothScale

    app, scene = start(make_app, rohan, seed=4, size=(1280, 720))
    board = scene.board
    work = SmoothScale.work
    monkeypatch.setattr(SmoothScale, "work", lambda self, seconds, clock=None: False)  # (the smoothing held)
    app.step(resized((1500, 850)))
    for _ in range(400):
        if board._build is None and not scene.panels_settling:
            break
        app.step([])
    assert board._build is None and board._smoothing is not None and not board._art_exact()
    job = board._smoothing
    app.step(resized((1380, 790)))  # left before the art was smooth: its smoothing is dropped
    for _ in range(50):
        if board._smoothing is not job:
            break
        app.step([])
    assert board._smoothing is not job and board._frame_cache is None
    app.step(resized((1500, 850)))  # and back before the new size's picture is whole: the kept pictures
    assert board._frame_cache is not None and board._build is None
    monkeypatch.setattr(SmoothScale, "work", work)
    app.step([])
    assert board.smoothing, "the quick-scaled art is shown with no smoothing under way"
    settle(app)
    assert board._art_exact()
    assert cached_frame(app) == fresh_frame(app)


def test_a_resize_outlines_the_region_now_under_the_resting_mouse(make_app, rohan):
    """The region outlined under the mouse stayed the one from before a resize, while the camera
    fitted to the new rectangle puts another region there (the one the tooltip names when it
    comes back): the one now under the mouse is outlined, none when the mouse is off the board."""
    app, scene = start(make_app, rohan, seed=4, size=(1280, 720))
    board = scene.board
    p = [round(c) for c in board.region_screen_center("edoras")]
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0))])
    assert board.hover_region == "edoras"
    app.step(resized((1600, 900)))
    now = board.layout.region_at(*board.camera.to_world(*p))
    assert now not in (None, "edoras") and board.hover_region == now
    settle(app)
    assert cached_frame(app) == fresh_frame(app)
    off = (board.rect.right + 5, board.rect.y + 5)  # (the side column)
    app.step([pygame.event.Event(pygame.MOUSEMOTION, pos=off, rel=(0, 0), buttons=(0, 0, 0))])
    app.step(resized((1280, 720)))
    assert board.hover_region is None
    settle(app)
    assert cached_frame(app) == fresh_frame(app)
