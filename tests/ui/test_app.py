"""The window: title -> game, the crash boundary, fit/zoom, the generic decision panel."""
import subprocess
import sys

import pygame
import pytest

from botwotr.core import Game
from botwotr.ui.scenes.base import Scene
from botwotr.ui.scenes.error import ErrorScene
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.title import TitleScene

from conftest import click


def test_title_renders_and_new_game_opens_a_game(make_app, rohan):
    app = make_app((1280, 720))
    title = TitleScene(app)
    title.seed = 7
    app.push(title)
    app.step()
    assert app.screen.get_at((5, 5))[:3] != (0, 0, 0)
    click(app, title.btn_new.rect.center)
    assert isinstance(app.scene, GameScene)
    assert app.scene.game.spec.id == "rohan"
    assert app.scene.game.seed == 7
    assert app.clock.ticks == app.frame  # every frame went through the injected clock


def test_title_choices_toggle(make_app, rohan):
    app = make_app((1280, 720))
    title = TitleScene(app)
    app.push(title)
    app.step()
    click(app, title.mode_buttons["companion"].rect.center)
    assert title.mode == "companion"
    click(app, title.btn_swap.rect.center)
    assert title.players()["sh"] == "Player 1"


def test_continue_loads_the_autosave(make_app, rohan):
    app = make_app()
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    scene.lift_curtain()
    assert scene.submit(scene.legal[0])
    n = len(g.log)
    title = TitleScene(app)
    app.reset_to(title)
    app.step()
    assert title.btn_continue.enabled
    click(app, title.btn_continue.rect.center)
    assert isinstance(app.scene, GameScene) and len(app.scene.game.log) == n


@pytest.mark.parametrize("size", [(1280, 720), (800, 600), (1920, 1080)])
def test_board_fits_the_window(make_app, rohan, size):
    app = make_app(size)
    app.push(GameScene(app, Game.new(rohan, seed=1)))
    app.step()
    bv = app.scene.board
    board = bv.camera.board_rect()
    view = bv.rect
    assert view.right <= size[0] and view.bottom <= size[1]
    assert view.inflate(2, 2).contains(board)
    # it fills the area in one dimension at least
    assert board.w >= view.w - 2 or board.h >= view.h - 2
    assert app.last_error is None


def test_resize_refits(make_app, rohan):
    app = make_app((1280, 720))
    app.push(GameScene(app, Game.new(rohan, seed=1)))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700)))
    app.step()
    assert app.size == (1000, 700)
    bv = app.scene.board
    assert bv.rect.inflate(2, 2).contains(bv.camera.board_rect())


def test_wheel_zooms_and_drag_pans(make_app, rohan):
    app = make_app((1280, 720))
    app.push(GameScene(app, Game.new(rohan, seed=1)))
    app.step()
    app.scene.lift_curtain()
    bv = app.scene.board
    c = bv.rect.center
    s0 = bv.camera.scale
    world = bv.camera.to_world(*c)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=c, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False, precise_x=0.0, precise_y=2.0))
    app.step()
    s1 = bv.camera.scale
    assert s1 > s0
    wx, wy = bv.camera.to_world(*c)  # the point under the mouse stays put
    assert abs(wx - world[0]) < 1 and abs(wy - world[1]) < 1
    # drag on the board pans
    ox = bv.camera.ox
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=c, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(c[0] + 60, c[1]), rel=(60, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(c[0] + 60, c[1]), button=1))
    app.step()
    assert bv.camera.ox < ox
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-10, flipped=False, precise_x=0.0, precise_y=-10.0))
    app.step()
    assert bv.camera.scale < s1


def test_clicking_a_legal_command_submits_it(make_app, rohan, monkeypatch):
    from botwotr.ui import panels
    monkeypatch.setattr(panels, "_PANELS", {})  # the generic list (specific panels: test_decision_panels.py)
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    assert scene.curtain and scene.legal == []  # hotseat starts behind the curtain
    click(app, scene.btn_reveal.rect.center)
    legal = scene.legal
    assert legal, "the game waits for a decision this seat can give"
    lst = scene.decision.list

    def in_view(c):  # the panel shares the column with the log's 8 lines: some rows need a scroll
        r = lst.row_rect(scene.decision.index_of(c))
        return r is not None and lst.rect.contains(r)

    target = next(c for c in reversed(legal) if in_view(c))
    rect = lst.row_rect(scene.decision.index_of(target))
    n = len(g.log)
    before = g.state
    click(app, rect.center)
    assert len(g.log) == n + 1
    assert g.log[-1]["cmd"] == target
    assert g.state != before
    from botwotr.persistence.autosave import slot_of
    assert slot_of(g).is_file() and slot_of(g).parent == app.home / "saves"  # the game's own autosave


def test_draw_never_changes_the_game(make_app, rohan):
    from botwotr.core.state import canonical
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=3)
    app.push(GameScene(app, g))
    app.step()
    before = canonical(g.state), len(g.log)
    for _ in range(5):
        app.draw()
    assert (canonical(g.state), len(g.log)) == before


class Boom(Scene):
    def update(self, dt):
        raise RuntimeError("kaboom")


def test_crash_boundary_catches_a_failing_scene(make_app):
    app = make_app()
    app.push(Boom(app))
    assert app.step() is True
    assert isinstance(app.scene, ErrorScene)
    assert "kaboom" in (app.home / "crash.log").read_text()
    app.step()  # the error screen draws


def test_crash_boundary_autosaves_and_continues(make_app, rohan, monkeypatch):
    app = make_app()
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    g.submit(g.legal_commands()[0])  # not autosaved by the scene

    def broken(surface):
        raise ValueError("draw failed")

    monkeypatch.setattr(scene, "draw", broken)
    app.step()
    err = app.scene
    assert isinstance(err, ErrorScene) and err.saved
    app.step()
    assert err.btn_continue.enabled
    click(app, err.btn_continue.rect.center)
    assert isinstance(app.scene, GameScene)
    assert app.scene.game.log == g.log


def test_f12_saves_a_picture(make_app, rohan):
    app = make_app((1280, 720))
    app.push(GameScene(app, Game.new(rohan, seed=3)))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F12, mod=0, unicode="", scancode=0))
    app.step()
    shots = list((app.home / "screenshots").glob("*.png"))
    assert len(shots) == 1
    assert pygame.image.load(str(shots[0])).get_size() == (1280, 720)


def test_hotseat_curtain_hides_the_other_side(make_app, rohan):
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    scene.lift_curtain()
    first = scene.seat
    assert first in ("fp", "sh")
    # play until the decision passes to the other side
    for _ in range(40):
        if scene.curtain:
            break
        scene.submit(scene.legal[0])
        app.step()
    assert scene.curtain and scene.curtain != first
    assert scene.sides.seat == "public" and scene.legal == []
    click(app, scene.btn_reveal.rect.center)
    assert scene.curtain is None and scene.seat != first and scene.legal


def test_core_does_not_import_pygame():
    code = "import sys, botwotr.core, botwotr.core.game; assert 'pygame' not in sys.modules, 'pygame'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_scenario_without_a_map_gets_a_schematic_board(make_app):
    from pathlib import Path

    from botwotr.content import load_scenario
    from botwotr.ui.layouts import layout_for
    folder = Path(__file__).resolve().parent.parent / "data" / "test_scenario"
    spec = load_scenario(folder)
    layout = layout_for(spec, folder)
    assert layout.art is None and set(layout.polygons) == set(spec.board.regions)
    app = make_app((1024, 700))
    g = Game.new(spec, seed=1)
    scene = GameScene(app, g, layout=layout)
    app.push(scene)
    app.step()
    scene.lift_curtain()
    app.step()
    assert scene.legal and app.last_error is None
    r = scene.board.region_at_screen(scene.board.camera.to_screen(*layout.anchor("fields", "army")))
    assert r == "fields"


def _to_region_choice(g, kinds=("place_leadership",)):
    for _ in range(60):
        p = g.state["pending"][-1] if g.state["pending"] else None
        if p and p["kind"] in kinds:
            return True
        g.submit(g.legal_commands()[0])
    return False


def test_undo_and_redo_buttons(make_app, rohan):
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    scene.lift_curtain()
    app.step()
    # choose_position reveals nothing: it can be taken back
    scene.submit(scene.legal[0])
    app.step()
    n = len(g.log)
    if not g.can_undo():
        pytest.skip("the first answer is an undo barrier in this content")
    click(app, scene.btn_undo.rect.center)
    assert len(g.log) == n - 1
    click(app, scene.btn_redo.rect.center)
    assert len(g.log) == n


def test_region_click_narrows_the_generic_list(make_app, rohan, monkeypatch):
    from botwotr.ui import panels
    monkeypatch.setattr(panels, "_PANELS", {})  # the generic list (specific panels: test_decision_panels.py)
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=3)
    assert _to_region_choice(g)
    scene = GameScene(app, g, mode="companion")
    app.push(scene)
    app.step()
    regions = sorted(scene.board.highlights)
    assert regions, "the regions of the choice are highlighted"
    region = regions[0]
    pos = scene.board.camera.to_screen(*scene.board.layout.anchor(region, "label"))
    click(app, (round(pos[0]), round(pos[1])))
    panel = scene.decision
    assert panel.filter == region
    assert panel.commands and all(region in (c.get("region"), c.get("target"), c.get("from")) or
                                  region in (c.get("path") or []) for c in panel.commands)
    click(app, panel.btn_all.rect.center)
    assert panel.filter is None


def test_companion_mode_shows_the_public_view_and_both_sides(make_app, rohan):
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g, mode="companion")
    app.push(scene)
    app.step()
    assert scene.curtain is None and scene.sides.seat == "public"
    assert scene.legal == g.legal_commands()


def test_tooltips_for_pieces_and_regions(make_app, rohan):
    app = make_app((1920, 1080))
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g, mode="companion")
    app.push(scene)
    app.step()
    bv = scene.board
    unit = next(k for k in bv.piece_rects if k[0] == "unit")
    tip = scene.tooltip_at(bv.piece_rects[unit].center)
    assert tip is not None and tip.title == rohan.units[unit[2]].name
    assert any("Strength" in ln for ln in tip.lines)
    rid = "the_wold" if "the_wold" in rohan.board.regions else next(iter(rohan.board.regions))
    x, y = bv.camera.to_screen(*bv.layout.anchor(rid, "label"))
    x += 1
    tip = scene.tooltip_at((round(x), round(y)))
    assert tip is not None and tip.title == rohan.board.regions[rid].name
    assert any("Borders" in ln for ln in tip.lines)


def test_run_opens_the_title_and_quits(home, monkeypatch):
    from botwotr.ui import app as appmod
    seen = {}
    orig = appmod.App.step

    def step(self, events=None):
        seen["scene"] = type(self.scene).__name__
        return orig(self, [pygame.event.Event(pygame.QUIT)])

    monkeypatch.setattr(appmod.App, "step", step)
    assert appmod.run(["--size", "800x600"]) == 0
    assert seen["scene"] == "TitleScene"


def test_clicking_the_log_looks_back(make_app, rohan):
    from botwotr.core.view import view_for
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g, mode="companion")
    app.push(scene)
    for _ in range(3):
        scene.submit(scene.legal[0])
    app.step()
    lst = scene.log_panel.list
    first = next(i for i, it in enumerate(lst.items) if it.payload == 1)
    lst.scroll = 0
    app.step()
    rect = lst.row_rect(first)
    click(app, rect.center)
    assert scene.looking_at == 1
    assert scene.view == view_for(g.state_at(1), "public")
    assert scene.legal == []
    click(app, scene.btn_present.rect.center)
    assert scene.looking_at is None and scene.legal


def test_a_registered_decision_panel_replaces_the_generic_one(make_app, rohan, monkeypatch):
    from botwotr.ui import panels

    seen = []

    class PositionPanel(panels.DecisionPanel):
        def refresh(self, ctx):
            super().refresh(ctx)
            seen.append([c["position"] for c in ctx.legal])

    monkeypatch.setitem(panels._PANELS, "choose_position", PositionPanel)
    app = make_app()
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g, mode="companion")
    app.push(scene)
    app.step()
    assert isinstance(scene.decision, PositionPanel)
    assert seen and set(seen[-1]) == set(rohan.positions)
    scene.submit(scene.legal[0])
    app.step()
    assert not isinstance(scene.decision, PositionPanel)
