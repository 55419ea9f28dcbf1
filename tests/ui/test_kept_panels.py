"""The decision panel kept across commands (issue 11): a refresh after a command gives the panel
a new context; when what its drawing reads is the same as when it was drawn
(`widgets.draw_signature`), the scene keeps the panel's pixels in its picture instead of drawing
it again. Over a whole hotseat game (the seat and the cover changing, adjustments between the
turns' commands so the same panel comes back), every kept panel is pixel for pixel the panel a
new one built from the same context draws."""

from __future__ import annotations

import random

import pygame

from botwotr.core import Game
from botwotr.ui.scenes.game import GameScene
from conftest import random_command  # noqa: E402

COLUMN = (44, 38, 30)


def rebuilt(scene) -> bytes:
    """The decision panel as a new one built from the scene's context draws it."""
    old = scene.decision
    fresh = type(old)(scene)
    fresh.rect = pygame.Rect(old.rect)
    fresh.refresh(old.ctx)
    fresh.layout(scene.theme)
    surface = pygame.Surface(scene.app.screen.get_size())
    surface.fill(COLUMN)
    surface.set_clip(fresh.rect)
    fresh.draw(surface, scene.theme)
    scene.board.highlights = old.highlights()  # (a new panel's refresh may set them: put back)
    return pygame.image.tobytes(surface.subsurface(fresh.rect), "RGB")


def shown(scene) -> bytes:
    return pygame.image.tobytes(scene.app.screen.subsurface(scene.decision.rect), "RGB")


def test_every_kept_decision_panel_is_the_panel_a_rebuild_draws(make_app, rohan):
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=7)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    rng = random.Random(7)
    checked = commands = 0
    while not g.state["winner"] and commands < 160:
        if app.scene is not scene:  # (the game's end)
            break
        if scene.curtain:
            scene.lift_curtain()
        elif rng.random() < 0.35:  # the players adjust the fate track (the decision stays)
            scene.submit({"cmd": "adjust_fate", "side": "players", "to": rng.randrange(0, 4)})
            scene.message = ""
        else:
            scene.submit(random_command(g, rng))
            commands += 1
        before = scene.decisions_kept
        app.step([])
        scene.animator.finish()
        if scene.decisions_kept > before and app.scene is scene:
            checked += 1
            assert shown(scene) == rebuilt(scene), f"command {commands}: the kept panel is not the panel rebuilt"
    assert checked >= 10, checked


def test_the_column_split_stays_put_while_the_log_keeps_its_lines(make_app, rohan):
    """The decision panel's height does not follow each new log line (a few pixels at every
    command, each a redraw of the panel and the log at new heights): across the players'
    adjustments after real moves the panel keeps its rectangle and is kept, and through a whole
    stretch of play the log still shows its newest 8 lines whole (4 beside a panel that would
scroll, `log_room_fault`), and every frame is the frame
    drawn from nothing."""
    from test_render_caches import cached_frame, fresh_frame, settle  # noqa: E402
    from test_text_fit import log_room_fault  # noqa: E402

    app = make_app((1920, 1080))
    g = Game.new(rohan, seed=18)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    rng = random.Random(18)
    moves = 0
    while moves < 40 and not g.state["winner"] and app.scene is scene:
        if scene.curtain:
            scene.lift_curtain()
        else:
            scene.submit(random_command(g, rng))
            moves += 1
        app.step([])
        scene.animator.finish()
        app.step([])
        if scene.decision is not None and not scene.curtain and len(scene.log_panel.list.items) >= 8:
            assert log_room_fault(scene) is None, f"move {moves}: {log_room_fault(scene)}"
    while scene.curtain or g.state["pending"] and g.state["pending"][-1].get("kind") != "action":
        # (to a turn's action, where the players' adjustments leave the panel as it is)
        if scene.curtain:
            scene.lift_curtain()
        else:
            scene.submit(random_command(g, rng))
        app.step([])
        scene.animator.finish()
    settle(app)
    app.step([])
    rect, kept = pygame.Rect(scene.decision.rect), scene.decisions_kept
    for k in range(8):
        assert scene.submit({"cmd": "adjust_fate", "side": "players", "to": (g.state["fate"] + 1) % 4})
        app.step([])
        assert scene.decision.rect == rect, f"adjustment {k}: the split moved"
        assert log_room_fault(scene) is None, log_room_fault(scene)
    assert scene.decisions_kept >= kept + 8, "the decision panel was drawn again"
    settle(app)
    assert cached_frame(app) == fresh_frame(app)
