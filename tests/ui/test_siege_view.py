"""The Gondor board in the window (issue 12): the siege drawn from `state["flags"]["gondor"]`
(botwotr/ui/siege_view.py) in real positions reached through `Game.submit`, nothing of it on the
Rohan board, the title's two faces of the board, and the help overlay's siege column."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame

from botwotr.ui import siege_view
from botwotr.ui.help import draw_help
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.title import TitleScene, board_picture
from conftest import click

SCEN = Path(__file__).resolve().parents[1] / "scenarios"
if str(SCEN) not in sys.path:
    sys.path.insert(0, str(SCEN))



def open_scene(make_app, game, size=(1920, 1080)):
    app = make_app(size)
    scene = GameScene(app, game)
    app.push(scene)
    for _ in range(2):
        app.step()
    scene.lift_curtain()
    for _ in range(3):
        app.step()
    return app, scene


def siege_game():
    """Four catapults in North and East Pelennor, a tower at the Gate Fields, Minas Tirith's
    walls lowered by the catapults (the screenshot tool's position)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import gondor_screenshots

    return gondor_screenshots.siege_game()


def test_rohan_has_no_siege_and_its_board_is_unchanged(make_app, rohan):
    from botwotr.core import Game

    game = Game.new(rohan, seed=3)
    assert siege_view.siege_state(game.view_for("public")) is None
    app, scene = open_scene(make_app, game)
    bv = scene.board
    assert not [k for k in bv.piece_rects if k[0] in ("protection", "protection_map", "catapult", "tower")]
    assert siege_view.region_lines(bv, "edoras") == []
    # the board drawn with the siege module's calls and without them: the same picture
    before = pygame.image.tobytes(app.screen.subsurface(bv.rect), "RGB")
    bv.invalidate()
    scene_draw = siege_view.draw, siege_view.draw_over
    try:
        siege_view.draw = siege_view.draw_over = lambda *a, **k: None
        app.step()
        without = pygame.image.tobytes(app.screen.subsurface(bv.rect), "RGB")
    finally:
        siege_view.draw, siege_view.draw_over = scene_draw
    assert before == without


def test_protection_markers_stand_on_the_tracks_and_beside_the_names(make_app, gondor):
    from botwotr.core import Game

    game = Game.new(gondor, seed=3)
    g = game.state["flags"]["gondor"]
    app, scene = open_scene(make_app, game)
    bv = scene.board
    for rid in ("minas_tirith", "cair_andros"):
        slot = bv._slot_rect(f"protection.{rid}.{g['protection'][rid]}")
        assert bv.piece_rects[("protection", rid)].center == slot.center
        tab = bv.piece_rects[("protection_map", rid)]
        assert tab.centery == bv._label_rect(rid, scene.theme).centery  # beside its name
        tip = bv.tooltip_at(tab.center)
        assert str(g["protection"][rid]) in " ".join(tip.lines) and "protection" in " ".join(tip.lines).lower()


def test_the_darkness_darkens_its_regions_and_lifts_visibly(make_app, gondor):
    from botwotr.core import Game

    game = Game.new(gondor, seed=3)
    dark = game.state["flags"]["gondor"]["darkness"]
    app, scene = open_scene(make_app, game)
    bv = scene.board
    assert "gate_fields" in dark and "lossarnach" not in dark

    def free_point(bv, rid):
        """A point of the region away from names, pieces and painted sites."""
        poly = [bv.camera.to_screen(x, y) for x, y in bv.layout.polygons[rid]]
        xs, ys = [q[0] for q in poly], [q[1] for q in poly]
        busy = list(bv.piece_rects.values()) + [bv._label_rect(r, scene.theme).inflate(20, 20)
                                                 for r in bv.layout.polygons]
        for fy in range(2, 11):
            for fx in range(2, 11):
                q = (round(min(xs) + (max(xs) - min(xs)) * fx / 12), round(min(ys) + (max(ys) - min(ys)) * fy / 12))
                if bv.region_at_screen(q) == rid and not any(r.collidepoint(q) for r in busy):
                    return q
        raise AssertionError(f"no free point in {rid}")

    p = free_point(bv, "gate_fields")
    c = app.screen.get_at(p)
    dark_before = c.r + c.g + c.b
    assert "Under the Darkness." in bv.region_tip("gate_fields").lines
    lr = bv._label_rect("gate_fields", scene.theme)
    assert bv.tooltip_at(lr.center).title == "Gate Fields: under the Darkness"
    # the same game once the Darkness has lifted from the Gate Fields (fate 4 and a west wind)
    from gondor_positions import next_turn, ready

    g2 = ready(keep_board=True, fate_tile="grey_3a")
    next_turn(g2, fate_tile="grey_1d", position="fell_beast")
    assert "gate_fields" not in g2.state["flags"]["gondor"]["darkness"]
    app2, scene2 = open_scene(make_app, g2)
    c = app2.screen.get_at(p)
    assert c.r + c.g + c.b > dark_before + 60  # the veil is gone: the fields show again
    assert "Under the Darkness." not in scene2.board.region_tip("gate_fields").lines


def test_catapults_and_towers_are_pieces_beside_their_army_off_the_names(make_app, gondor):
    game = siege_game()
    g = game.state["flags"]["gondor"]
    assert g["catapults"]["north_pelennor"] == 2 and g["towers"] == {"gate_fields": 1}
    app, scene = open_scene(make_app, game)
    bv, theme = scene.board, scene.theme
    cats = {k: r for k, r in bv.piece_rects.items() if k[0] == "catapult"}
    towers = {k: r for k, r in bv.piece_rects.items() if k[0] == "tower"}
    assert sorted(k[1] for k in cats) == ["east_pelennor", "east_pelennor", "north_pelennor", "north_pelennor"]
    assert list(towers) == [("tower", "gate_fields", 0)]
    labels = [bv._label_rect(r, theme) for r in bv.layout.polygons]
    units = [r for k, r in bv.piece_rects.items() if k[0] == "unit"]
    for key, r in {**cats, **towers}.items():
        assert not any(r.colliderect(lr) for lr in labels), f"{key} covers a name"
        assert not any(r.colliderect(u) for u in units), f"{key} covers a unit"
        assert bv.region_at_screen(r.center) == key[1]
    tip = bv.tooltip_at(cats[("catapult", "north_pelennor", 0)].center)
    assert tip.title.startswith("Catapult") and "2 catapults here." in tip.lines
    tip = bv.tooltip_at(towers[("tower", "gate_fields", 0)].center)
    assert tip.title.startswith("Siege tower") and any("5+" in ln for ln in tip.lines)
    # the track shows the walls as they are now
    slot = bv._slot_rect(f"protection.minas_tirith.{g['protection']['minas_tirith']}")
    assert bv.piece_rects[("protection", "minas_tirith")].center == slot.center


def test_a_breached_city_shows_its_ruin(make_app, gondor):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
    import gondor_screenshots

    game = gondor_screenshots.breach_game()
    assert game.state["flags"]["gondor"]["protection"]["minas_tirith"] == 0
    app, scene = open_scene(make_app, game)
    bv = scene.board
    tab = bv.piece_rects[("protection_map", "minas_tirith")]
    assert bv.tooltip_at(tab.center).title.endswith("breached")
    assert "Breached: its protection value is used up." in bv.region_tip("minas_tirith").lines
    slot = bv._slot_rect("protection.minas_tirith.0")
    assert bv.piece_rects[("protection", "minas_tirith")].center == slot.center


def test_title_offers_both_faces_of_the_board_with_pictures(make_app, gondor, rohan):
    app = make_app((1280, 720))
    title = TitleScene(app)
    app.push(title)
    app.step()
    names = [b.name for b in title.scenario_buttons]
    assert names[:2] == ["scenario:rohan", "scenario:gondor"] and title.scenario == "rohan"
    r, g = title.scenario_buttons[:2]
    assert r.rect.y == g.rect.y and not r.rect.colliderect(g.rect)  # side by side
    for b in (r, g):
        pic = board_picture(b.sid, b.rect.w - 12, b.rect.h - 40)
        assert pic is not None and pic.get_width() <= b.rect.w and pic.get_height() < b.rect.h
    click(app, g.rect.center)
    assert title.scenario == "gondor" and g.selected and not r.selected


def test_help_overlay_adds_the_siege_only_in_gondor(make_app, gondor, rohan):
    from botwotr.core import Game

    app = make_app((1920, 1080))
    surf = pygame.Surface((2400, 1000))  # wide enough for either box
    theme = app.theme
    area = surf.get_rect()
    rohan_game = Game.new(rohan, seed=3)
    gondor_game = Game.new(gondor, seed=3)
    plain = draw_help(surf, area, theme, spec=rohan, view=rohan_game.view_for("public"))
    siege = draw_help(surf, area, theme, spec=gondor, view=gondor_game.view_for("public"))
    assert siege.w > plain.w  # a third column: the siege's rules
    assert draw_help(surf, area, theme) == plain  # without a game: the Rohan help as before


def test_the_log_tells_the_siege_in_the_rules_words(gondor):
    """The rules module's sentences (Note events) reach the log; the engine's shorthand does not."""
    from botwotr.ui.logtext import event_sentence

    game = siege_game()
    lines = [event_sentence(e, game.spec) for x in game.log for e in x["events"] if e["e"] == "Note"]
    assert "A catapult is built in North Pelennor." in lines
    assert "A siege tower is raised in Gate Fields." in lines
    assert any(ln and ln.startswith("The catapults fire: 5, 6, 2, 4") for ln in lines)
    assert event_sentence({"e": "Note", "text": "combat card cancelled"}, game.spec) is None


def test_wrapped_help_lines_fit_and_leave_no_word_alone(make_app):
    """wrap_text's kerning pass moves a word that does not fit down into the next line of its
    paragraph (it used to leave it on a line of its own: "stop" in the Darkness's help)."""
    from botwotr.ui import resources as res
    from botwotr.ui.help import SIEGE
    from botwotr.ui.widgets import wrap_text

    app = make_app((1920, 1080))
    fb = res.font("sans", app.theme.small)
    for width in range(260, 480, 7):
        for _name, text in SIEGE:
            lines = wrap_text(text.replace("{spaces}", "4, 8 and 12"), fb, width)
            assert all(fb.size(ln)[0] <= width for ln in lines), (width, lines)
            assert all(len(ln.split()) > 1 for ln in lines[:-1]), (width, lines)
    assert wrap_text("a b c\n\nd e", fb, 1000) == ["a b c", "", "d e"]
