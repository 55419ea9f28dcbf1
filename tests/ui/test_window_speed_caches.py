"""The caches of issue 11's last window step never leave a wrong picture:

- a new zoom level's art is smoothed in slices over several frames (`board_view.SmoothScale`):
  the slices give exactly `pygame.transform.smoothscale`'s pixels, and once they are done the
  frame is the frame drawn from nothing (zooming in, out, far in, and after a resize);
- a part of the panels (the bar, the sides' summaries, the decision panel, the log) is drawn
  again on its own when only it changed (`GameScene._draw_panels`): after every command of a
  hotseat game, and after hovering over each part, the frame is the frame drawn from nothing,
  and the parts that did not change were not drawn again.
"""

from __future__ import annotations

import random

import pygame
import pytest

from botwotr.core import Game
from botwotr.ui.board_view import SmoothScale
from botwotr.ui.scenes.game import GameScene
from conftest import random_command  # noqa: E402

from test_render_caches import cached_frame, fresh_frame, mouse, settle, widget_spots  # noqa: E402


def pixels(s: pygame.Surface) -> bytes:
    return pygame.image.tobytes(s, "RGB")


@pytest.mark.parametrize("size", [(3431, 2287), (1500, 1000), (2400, 1100), (1777, 1600), (640, 2000)])
def test_the_sliced_smoothscale_is_smoothscale(make_app, rohan, size):
    from botwotr.ui import resources as res
    from botwotr.ui.layouts import layout_for

    make_app((640, 360))
    lay = layout_for(rohan)
    art = res.image(lay.art, lay.size)
    job = SmoothScale("k", lambda: art, size, [])
    frames = 0
    while not job.work(0.0):  # one slice a call
        frames += 1
    assert frames > 3  # it was made in slices
    assert job.out.get_size() == size
    # the result is kept in bands of rows, each made by a step of its own (a picture of 7-38 MB
    # made at once was the slowest frame of a zoom); together they are smoothscale's pixels
    bands = job.out.bands
    assert [y0 for y0, _b in bands] == sorted(y0 for y0, _b in bands) and bands[0][0] == 0
    assert sum(b.get_height() for _y, b in bands) == size[1] and all(b.get_width() == size[0] for _y, b in bands)
    assert size[1] < 600 or len(bands) > 1
    want = pixels(pygame.transform.smoothscale(art, size))
    assert pixels(job.out.whole()) == want
    # blitted band by band onto a window, at an offset and under a clip: the picture's blit
    window = pygame.Surface((900, 700))
    for pos, clip in (((0, 0), None), ((-317, -211), None), ((-1000, -380), pygame.Rect(40, 30, 500, 333))):
        a, b = window.copy(), window.copy()
        a.fill((9, 9, 9))
        b.fill((9, 9, 9))
        a.set_clip(clip)
        b.set_clip(clip)
        job.out.blit_onto(a, pos)
        b.blit(pygame.transform.smoothscale(art, size), pos)
        assert pixels(a) == pixels(b)
    # the scratch picture is reused by the next job, and the result is the same again
    again = SmoothScale("k2", lambda: art, size, job.scratch).finish()
    assert pixels(again.whole()) == want


def test_a_new_zoom_level_is_drawn_at_once_then_smoothed_to_the_frame_drawn_from_nothing(make_app, rohan):
    from botwotr.ui import resources as res

    res.art_levels.clear()
    app = make_app((1600, 900))
    scene = GameScene(app, Game.new(rohan, seed=3), mode="companion")
    app.push(scene)
    app.step([])
    board = scene.board
    p = board.rect.center
    app.step([mouse("motion", p)])
    quick = 0
    for k, notch in enumerate([1, 1, 1, -1, -1, -1, -1, 1, 1, 1, 1, 1, 1, 1, 1]):
        app.step([mouse("wheel", p, y=notch)])
        if board.smoothing:  # a level not scaled yet: drawn with a quick scale meanwhile
            quick += 1
            # only the board's art is drawn otherwise: the panels are the frame drawn from nothing
            got, want = cached_frame(app), fresh_frame(app)
            w = app.size[0] * 3
            x0, x1 = board.rect.right * 3, app.size[0] * 3
            assert all(got[y * w + x0 : y * w + x1] == want[y * w + x0 : y * w + x1] for y in range(app.size[1]))
        n = settle(app)
        assert n < 400
        assert cached_frame(app) == fresh_frame(app), f"notch {k}: the smoothed frame differs"
    assert quick >= 5
    # a resize to a size not seen: a new level for the fitted board, smoothed likewise
    board.camera.fit()
    app.resize(1500, 850)
    app.step([])
    assert board.smoothing
    settle(app)
    assert cached_frame(app) == fresh_frame(app)


def test_a_panel_is_drawn_again_alone_and_the_frame_is_the_frame_drawn_from_nothing(make_app, rohan, monkeypatch):
    drawn: list[str] = []
    part = GameScene._draw_part

    def spy(self, surface, name):
        drawn.append(name)
        return part(self, surface, name)

    monkeypatch.setattr(GameScene, "_draw_part", spy)
    app = make_app((1920, 1080))
    g = Game.new(rohan, seed=12)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    rng = random.Random(12)
    app.step([])
    alone = 0
    for k in range(40):
        if g.state["winner"]:
            break
        if scene.curtain:
            scene.lift_curtain()
            app.step([])
        del drawn[:]
        if k % 3 == 2:  # hover over a part of the panels (a button, a row of the log...)
            spots = [s for s in widget_spots(scene) if not scene.board.rect.collidepoint(s)]
            app.step([mouse("motion", rng.choice(spots))])
        else:
            scene.submit(random_command(g, rng))
            scene.animator.finish()
            app.step([])
        if drawn and len(set(drawn)) < 4:
            alone += 1
        assert cached_frame(app) == fresh_frame(app), f"step {k}: the panels differ from the ones drawn whole"
    assert alone >= 10, alone
    # a board adjustment changes the fate track only: the sides' summaries are not drawn again
    if not scene.curtain and not g.state["winner"]:
        del drawn[:]
        before = len(g.log)
        if scene.submit({"cmd": "adjust_fate", "side": "players", "to": 0 if g.state["fate"] else 1}):
            app.step([])
            if len(g.log) == before + 1:
                assert "sides" not in drawn, drawn
                assert cached_frame(app) == fresh_frame(app)


def test_the_log_still_ends_with_the_newest_entry_after_resizes(make_app, rohan):
    """A log at its end stays at its end when the window is resized (its rows wrap again to
    another height: the scroll it had was kept, so the newest lines fell out of view)."""
    app = make_app((1360, 765))
    # physical cards: no cover comes between the commands (with tracked cards a side enters its
    # draws behind its own cover, and under a cover no log is drawn)
    g = Game.new(rohan, seed=1, options={"companion": True, "physical_cards": True})
    scene = GameScene(app, g, mode="companion")
    app.push(scene)
    rng = random.Random(1)
    for _ in range(25):
        scene.submit(random_command(g, rng))
        scene.animator.finish()
        app.step([])
    lst = scene.log_panel.list
    for size in [(1100, 650), (1500, 850), (1400, 800), (1420, 810), (1360, 765)]:
        app.resize(*size)
        app.step([])
        settle(app)  # (the panels at a new size are drawn over a few frames: `_PanelBuild`)
        shown = lst._in_view()
        assert shown and shown[-1][1] is lst.items[-1], f"{size}: the newest entry is out of view"
        assert cached_frame(app) == fresh_frame(app)


def test_the_art_read_in_slices_is_the_art_decoded(make_app, rohan):
    """The board art read from its pixels kept on disk a band of rows at a time
    (`resources.image_in_slices`, made in the display's format at once) is the art decoded from
    its file and converted: the same pixels, the same format."""
    from botwotr.ui import resources as res
    from botwotr.ui.layouts import layout_for

    make_app((640, 360))
    lay = layout_for(rohan)
    key = str(lay.art)
    res._images.pop(key, None)
    decoded = res.image(lay.art, lay.size)  # (decoded once, or read whole; its pixels kept on disk)
    res._images.pop(key, None)
    res.store_picture(lay.art, lay.size, decoded)
    slices = 0
    for _ in res.image_in_slices(lay.art, lay.size):
        slices += 1
    assert slices > 3, "not read in slices"
    sliced = res._images[key]
    want = pygame.image.load(key).convert()
    assert sliced.get_size() == want.get_size()
    assert (sliced.get_bitsize(), sliced.get_masks()[:3]) == (want.get_bitsize(), want.get_masks()[:3])
    assert pixels(sliced) == pixels(want)
