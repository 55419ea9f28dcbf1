"""The companion mode in the window: the title starts it, the outcome dialog enters physical dice
and draws, physical cards are played by name or by hand, and the board-edit mode makes the
players' adjustments. Only posted mouse events drive the window."""
from __future__ import annotations

import random

import pygame
import pytest

from botwotr.core import Game, RuleError
from botwotr.core.state import canonical
from botwotr.ui import panels
from botwotr.ui.outcomes import OutcomeDialog
from botwotr.ui.scenes import game as game_scene
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.title import TitleScene

from conftest import click
from helpers import submit_asking


# -- helpers -------------------------------------------------------------------------------------

def advance_to(g: Game, kind: str, side: str | None = None, seed: int = 0) -> None:
    rng = random.Random(seed)
    for _ in range(200):
        p = g.state["pending"][-1]
        if p["kind"] == kind and (side is None or p.get("side") == side):
            return
        submit_asking(g, g.legal_commands()[0], rng)
    raise AssertionError(f"never reached {kind}")


@pytest.fixture
def generic_panels(monkeypatch):
    """The generic list of legal commands (independent of the specific decision panels)."""
    monkeypatch.setattr(game_scene, "panel_class_for", lambda kind: panels.GenericDecisionPanel)


def open_scene(make_app, game, size=(1280, 720)) -> tuple:
    app = make_app(size)
    scene = GameScene(app, game)
    app.push(scene)
    app.step()
    if scene.curtain:  # tracked cards: a side enters the cards it drew behind its own cover
        click(app, scene.btn_reveal.rect.center)
    app.step()
    return app, scene


def click_command(app, scene, cmd: dict) -> None:
    """Click the generic panel's row for `cmd`, scrolling the list with the wheel until it shows."""
    panel = scene.decision
    idx = panel.index_of(cmd)
    assert idx is not None, f"{cmd} is not offered"
    lst = panel.list
    for _ in range(400):
        rect = lst.row_rect(idx)
        if rect is not None and lst.rect.contains(rect):
            break
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=lst.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if rect is None or rect.y > lst.rect.y else 1,
                                             flipped=False, precise_x=0.0, precise_y=-1.0))
        app.step()
    click(app, lst.row_rect(idx).center)


def choice(dlg: OutcomeDialog, name: str):
    return next(c for c in dlg.choices if c.name == name)


def drag(app, start, end, steps=4) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step()
    for k in range(1, steps + 1):
        p = (round(start[0] + (end[0] - start[0]) * k / steps), round(start[1] + (end[1] - start[1]) * k / steps))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0)))
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


def screen_point(scene, region, anchor="army"):
    x, y = scene.board.camera.to_screen(*scene.board.layout.anchor(region, anchor))
    return round(x), round(y)


def no_rng_after_start(g: Game) -> bool:
    """Nothing was drawn from the seeded generator (the start of the game included)."""
    return g.state["rng"] == 0 and not any(e["e"] == "RngAdvanced" for entry in g.log for e in entry["events"])


# -- the title -----------------------------------------------------------------------------------

def test_title_starts_a_companion_game_and_continue_keeps_the_mode(make_app, rohan):
    app = make_app((1280, 720))
    title = TitleScene(app)
    title.seed = 5
    app.push(title)
    app.step()
    assert not title.btn_cards.visible
    click(app, title.mode_buttons["companion"].rect.center)
    assert title.btn_cards.visible
    click(app, title.btn_cards.rect.center)
    click(app, title.btn_new.rect.center)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.mode == "companion" and scene.curtain is None
    opts = scene.game.state["options"]
    assert opts["companion"] is True and opts["physical_cards"] is True
    assert set(opts["players"]) == {"fp", "sh"}
    scene.autosave()
    title = TitleScene(app)
    app.reset_to(title)
    app.step()
    click(app, title.btn_continue.rect.center)
    assert isinstance(app.scene, GameScene) and app.scene.mode == "companion"
    assert app.scene.game.state["options"]["physical_cards"] is True


# -- outcomes ------------------------------------------------------------------------------------

def test_action_dice_are_entered_face_by_face(make_app, rohan, generic_panels):
    g = Game.new(rohan, seed=3, options={"companion": True})
    advance_to(g, "roll_dice")
    app, scene = open_scene(make_app, g)
    n, logged = g.state["sides"]["fp"]["dice"], len(g.log)
    click_command(app, scene, {"cmd": "roll_dice", "side": "fp"})
    dlg = app.scene
    assert isinstance(dlg, OutcomeDialog) and dlg.need["kind"] == "face"
    assert f"1 of {n}" in dlg.prompt()
    faces = (["will", "event", "character", "muster", "army_muster"] * 3)[:n]
    for k, f in enumerate(faces):
        assert app.scene is dlg and f"{k + 1} of {n}" in dlg.prompt()
        click(app, choice(dlg, f"face:{f}").rect.center)
    assert app.scene is dlg and dlg.complete and len(g.log) == logged  # nothing sent before Confirm
    click(app, dlg.btn_confirm.rect.center)
    assert app.scene is scene
    rolled = [e for e in g.log[-1]["events"] if e["e"] == "DiceRolled"][0]
    assert rolled["results"] == faces and g.state["sides"]["fp"]["rolled"] == faces
    assert no_rng_after_start(g)


def test_a_fate_tile_is_picked_in_the_dialog(make_app, rohan, generic_panels):
    g = Game.new(rohan, seed=3, options={"companion": True})
    advance_to(g, "fate_draw")
    app, scene = open_scene(make_app, g)
    click_command(app, scene, {"cmd": "draw_fate", "side": "fp"})
    dlg = app.scene
    assert isinstance(dlg, OutcomeDialog) and dlg.need["kind"] == "pick"
    # identical tiles are one choice with a count
    assert len(dlg.choices) < len(dlg.need["options"])
    want = next(c for c in dlg.choices if rohan.fate_tiles[c.value].value == 2)
    click(app, want.rect.center)
    click(app, dlg.btn_confirm.rect.center)
    assert app.scene is scene
    drawn = [e for e in g.log[-1]["events"] if e["e"] == "FateTileDrawn"]
    assert drawn and rohan.fate_tiles[drawn[0]["tile"]].value == 2
    assert no_rng_after_start(g)


def test_back_cancels_the_whole_command(make_app, rohan, generic_panels):
    g = Game.new(rohan, seed=3, options={"companion": True})
    advance_to(g, "roll_dice")
    app, scene = open_scene(make_app, g)
    before, n = canonical(g.state), len(g.log)
    click_command(app, scene, {"cmd": "roll_dice", "side": "sh"})
    dlg = app.scene
    assert isinstance(dlg, OutcomeDialog)
    click(app, choice(dlg, "face:eye").rect.center)
    assert dlg.entered == ["eye"]
    click(app, dlg.btn_takeback.rect.center)  # take back the last value
    assert dlg.entered == []
    click(app, choice(dlg, "face:army").rect.center)
    click(app, dlg.btn_back.rect.center)
    assert app.scene is scene and dlg.cancelled
    assert canonical(g.state) == before and len(g.log) == n


def test_combat_style_dice_show_pips(make_app, rohan):
    """A 'die' outcome: six faces with pips, answered by number."""
    app = make_app()
    g = Game.new(rohan, seed=3, options={"companion": True})
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    err = RuleError("chance/needs_outcome", "Enter the die.", None,
                    {"kind": "die", "what": "combat", "index": 0})
    dlg = OutcomeDialog(app, scene, {"cmd": "roll_combat", "side": "fp"}, err)
    app.push(dlg)
    app.step()
    assert [c.value for c in dlg.choices] == [1, 2, 3, 4, 5, 6]
    assert "combat die" in dlg.prompt().lower()


def test_a_maneuver_die_is_asked_as_the_black_die_R10_4(make_app, rohan):
    """R-10.4.1a: the core asks for a combat roll's maneuver dice apart (`what`: "maneuver");
    the dialog names them as the black dice, with the side."""
    app = make_app()
    g = Game.new(rohan, seed=3, options={"companion": True})
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    err = RuleError("chance/needs_outcome", "Enter the die.", None, {"kind": "die", "what": "maneuver", "index": 0})
    dlg = OutcomeDialog(app, scene, {"cmd": "roll_combat", "side": "fp"}, err)
    app.push(dlg)
    app.step()
    assert [c.value for c in dlg.choices] == [1, 2, 3, 4, 5, 6]
    assert "free peoples maneuver die (black)" in dlg.prompt().lower()


# -- physical cards ------------------------------------------------------------------------------

def test_physical_cards_played_by_hand_and_by_name(make_app, rohan, generic_panels):
    g = Game.new(rohan, seed=4, options={"companion": True, "physical_cards": True})
    rng = random.Random(4)
    advance_to(g, "roll_dice", seed=4)
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["event"] * g.state["sides"]["fp"]["dice"]})
    submit_asking(g, {"cmd": "roll_dice", "side": "sh"}, rng)
    while g.state["pending"][-1] != {"kind": "action", "side": "fp"}:
        submit_asking(g, g.legal_commands()[0], rng)
    app, scene = open_scene(make_app, g)
    assert set(g.state["sides"]["fp"]["hand"]) == {"?"}
    hand = len(g.state["sides"]["fp"]["hand"])
    by_hand = {"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "?"}
    assert by_hand in scene.legal
    click_command(app, scene, by_hand)
    played = [e for e in g.log[-1]["events"] if e["e"] == "CardPlayed"][0]
    assert played["by_hand"] and len(g.state["sides"]["fp"]["hand"]) == hand - 1
    assert any("by hand" in s for s in (it.text for it in scene.log_panel.list.items))
    # the Shadow answers, then the Free Peoples name the card they play
    while g.state["pending"][-1] != {"kind": "action", "side": "fp"}:
        submit_asking(g, g.legal_commands()[0], rng)
    app.step()
    named = next(c for c in scene.legal if c.get("action") == "play_card" and c["card"] == "swift_messenger")
    click_command(app, scene, named)
    assert "swift_messenger" in g.state["discard"]
    assert no_rng_after_start(g)


def test_the_action_panel_offers_play_by_hand(make_app, rohan):
    g = Game.new(rohan, seed=4, options={"companion": True, "physical_cards": True})
    advance_to(g, "roll_dice", seed=4)
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["event"] * g.state["sides"]["fp"]["dice"]})
    submit_asking(g, {"cmd": "roll_dice", "side": "sh"}, random.Random(1))
    while g.state["pending"][-1] != {"kind": "action", "side": "fp"}:
        submit_asking(g, g.legal_commands()[0], random.Random(1))
    app, scene = open_scene(make_app, g)
    panel = scene.decision
    if not hasattr(panel, "find") or panel.find("die:0") is None:
        pytest.skip("no specific action panel")
    click(app, panel.find("die:0").rect.center)
    btn = panel.find("card:?")
    assert btn is not None
    panel.reveal(btn)
    app.step()
    click(app, btn.rect.center)
    assert any(e["e"] == "CardPlayed" and e.get("by_hand") for e in g.log[-1]["events"])


# -- the board-edit mode -------------------------------------------------------------------------

def edit_scene(make_app, rohan, **opts):
    g = Game.new(rohan, seed=3, options={"companion": True, **opts})
    app, scene = open_scene(make_app, g)
    click(app, scene.edit.button.rect.center)
    assert scene.edit.active
    app.step()
    return app, scene, g


def test_dragging_an_army_moves_it_as_an_adjustment(make_app, rohan):
    app, scene, g = edit_scene(make_app, rohan)
    src = next(r for r, reg in g.state["regions"].items() if reg["side"] == "fp" and
               any(k[0] == "unit" and k[1] == r for k in scene.board.piece_rects))
    dest = next(r for r, reg in g.state["regions"].items() if reg["side"] is None and r != src
                and scene.board.region_at_screen(screen_point(scene, r)) == r)
    units = dict(g.state["regions"][src]["units"])
    key = next(k for k in scene.board.piece_rects if k[0] == "unit" and k[1] == src)
    drag(app, scene.board.piece_rects[key].center, screen_point(scene, dest))
    entry = g.log[-1]
    assert entry["cmd"]["side"] == "players" and entry["cmd"]["cmd"] == "adjust_move"
    kinds = [e["e"] for e in entry["events"]]
    assert "Adjustment" in kinds
    moved = [e for e in entry["events"] if e["e"] == "ArmyMoved"][0]
    assert moved["why"] == "adjustment" and moved["units"] == units
    assert g.state["regions"][dest]["units"] == units and not g.state["regions"][src]["units"]


def test_the_palette_adds_a_unit(make_app, rohan):
    app, scene, g = edit_scene(make_app, rohan)
    dest = next(r for r, reg in g.state["regions"].items() if reg["side"] in (None, "sh")
                and scene.board.region_at_screen(screen_point(scene, r, "label")) == r)
    before = g.state["regions"][dest]["units"].get("orcs", 0)
    tile = next(t for t in scene.edit.tiles if t.name == "tool:unit:orcs")
    click(app, tile.rect.center)
    assert scene.edit.tool == ("unit", "sh", "orcs")
    click(app, screen_point(scene, dest, "label"))
    assert g.state["regions"][dest]["units"].get("orcs", 0) == before + 1
    assert g.log[-1]["cmd"] == {"cmd": "adjust_units", "side": "players", "region": dest, "owner": "sh",
                                "unit": "orcs", "n": 1}
    assert g.log[-1]["events"][0]["e"] == "Adjustment"


def test_dragging_the_fate_marker(make_app, rohan):
    app, scene, g = edit_scene(make_app, rohan)
    assert g.state["fate"] != 5
    start = scene.board.piece_rects[("fate_marker",)].center
    end = scene.board._slot_rect("fate.5").center
    drag(app, start, end)
    assert g.state["fate"] == 5
    assert g.log[-1]["cmd"] == {"cmd": "adjust_fate", "side": "players", "to": 5}


def test_a_refused_adjustment_changes_nothing(make_app, rohan):
    app, scene, g = edit_scene(make_app, rohan)
    src = next(r for r, reg in g.state["regions"].items() if reg["side"] == "fp" and
               any(k[0] == "unit" and k[1] == r for k in scene.board.piece_rects))
    enemy = next(r for r, reg in g.state["regions"].items() if reg["side"] == "sh" and
                 scene.board.region_at_screen(screen_point(scene, r)) == r)
    before, n = canonical(g.state), len(g.log)
    key = next(k for k in scene.board.piece_rects if k[0] == "unit" and k[1] == src)
    drag(app, scene.board.piece_rects[key].center, screen_point(scene, enemy))
    assert canonical(g.state) == before and len(g.log) == n
    assert scene.message_error and "other side" in scene.message
    # a palette tool refused the same way: no damage marker where there is no army
    empty = next(r for r, reg in g.state["regions"].items() if reg["side"] is None
                 and scene.board.region_at_screen(screen_point(scene, r, "label")) == r)
    click(app, next(t for t in scene.edit.tiles if t.name == "tool:damage").rect.center)
    click(app, screen_point(scene, empty, "label"))
    assert canonical(g.state) == before and len(g.log) == n and scene.message_error


def test_palette_pages_move_a_card_and_change_the_dice(make_app, rohan):
    app, scene, g = edit_scene(make_app, rohan)
    edit = scene.edit
    dice = g.state["sides"]["sh"]["dice_bonus"]
    click(app, edit.dice_btns[("sh", 1)].rect.center)
    assert g.state["sides"]["sh"]["dice_bonus"] == dice + 1
    assert g.log[-1]["cmd"] == {"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": 1}
    click(app, edit.tabs["cards"].rect.center)
    app.step()
    row = next(i for i, it in enumerate(edit.list.items) if it.payload[1] in g.state["generic"])
    card = edit.list.items[row].payload[1]
    click(app, edit.list.row_rect(row).center)
    assert edit.card == card
    click(app, edit.place_btns["hand_sh"].rect.center)
    assert card in g.state["sides"]["sh"]["hand"] and card not in g.state["generic"]
    assert g.log[-1]["events"][0] == {"e": "Adjustment", "what": "card", "command": {"card": card, "to": "hand_sh"}}


def test_edit_mode_in_hotseat_warns(make_app, rohan):
    app = make_app()
    g = Game.new(rohan, seed=3)
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    click(app, scene.btn_reveal.rect.center)
    click(app, scene.edit.button.rect.center)
    assert scene.edit.active and scene.mode == "hotseat"
    assert scene.edit.warning.text and scene.message_error
    start = scene.board.piece_rects[("fate_marker",)].center
    drag(app, start, scene.board._slot_rect("fate.3").center)
    assert g.state["fate"] == 3 and g.log[-1]["cmd"]["side"] == "players"
    click(app, scene.edit.button.rect.center)
    assert not scene.edit.active


# -- tracked cards: opening hands and draws entered, never dealt --------------------------------

def press(app, scene, name):
    panel = scene.decision
    w = panel.find(name)
    assert w is not None, f"no widget {name!r} in {type(panel).__name__}: {panel.names()}"
    assert w.enabled, f"{name} is disabled"
    panel.reveal(w)
    app.step()
    click(app, panel.find(name).rect.center)


def visible_choices(dlg):
    return [c for c in dlg.choices if c.visible and c.enabled and dlg.grid.contains(c.rect)]


def test_r3_1_opening_hands_are_entered_by_mouse_and_corrected_before_confirming(make_app, rohan):
    """R-3.1, tracked cards: the window deals nothing. The Free Peoples enter their opening hand
    in the dialog, correct the generic card from the strip, and only Confirm records it."""
    g = Game.new(rohan, seed=3, options={"companion": True})
    app, scene = open_scene(make_app, g)
    assert g.state["pending"][-1] == {"kind": "card_draw", "side": "fp", "opening": True}
    assert scene.decision.title == "Opening hand"
    press(app, scene, "draw")
    dlg = app.scene
    assert isinstance(dlg, OutcomeDialog) and dlg.title() == "Opening hand"
    assert dlg.need["what"] == "Free Peoples generic card" and "generic card" in dlg.prompt()
    first = visible_choices(dlg)[0]
    click(app, first.rect.center)
    assert dlg.entered == [first.value] and dlg.need["what"] == "Free Peoples story card"
    assert [c.name for c in dlg.chips] == ["entered:0"] and dlg._value_text(dlg.chips[0].value) == \
        rohan.cards[first.value].title
    story = visible_choices(dlg)[0]
    click(app, story.rect.center)
    assert dlg.complete and app.scene is dlg and g.state["sides"]["fp"]["hand"] == []
    # a second look: the generic card was another one; correct it from the strip
    click(app, dlg.chips[0].rect.center)
    assert dlg.correcting == 0 and dlg.question()["what"] == "Free Peoples generic card"
    assert not dlg.btn_confirm.enabled
    marked = [c for c in dlg.choices if c.marks]
    assert [c.value for c in marked] == [first.value] and marked[0].marks == [1]
    other = next(c for c in visible_choices(dlg) if c.value != first.value)
    click(app, other.rect.center)
    assert dlg.entered == [other.value, story.value] and dlg.complete and dlg.correcting is None
    n = len(g.log)
    click(app, dlg.btn_confirm.rect.center)
    assert app.scene is scene and len(g.log) == n + 1
    assert g.state["sides"]["fp"]["hand"] == [other.value, story.value]
    assert g.state["pending"][-1] == {"kind": "card_draw", "side": "sh", "opening": True}
    assert g.state["rng"] == 0


def council_dialog(make_app, rohan, sh_generic: str | None = None):
    """The Free Peoples play Council of War (draw two generic cards, from the deck the two sides
    share, R-5.5): the dialog asks for both. `sh_generic`: the Shadow's opening generic card."""
    g = Game.new(rohan, seed=3, options={"companion": True})
    rng = random.Random(3)
    g.submit({"cmd": "draw_cards", "side": "fp", "outcomes": ["council_of_war", sorted(g.state["sides"]["fp"]["story"])[0]]})
    if sh_generic is not None:
        g.submit({"cmd": "draw_cards", "side": "sh", "outcomes": [sh_generic, sorted(g.state["sides"]["sh"]["story"])[0]]})
    advance_to(g, "roll_dice", seed=3)
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["event"] * g.state["sides"]["fp"]["dice"]})
    submit_asking(g, {"cmd": "roll_dice", "side": "sh"}, rng)
    while g.state["pending"][-1] != {"kind": "action", "side": "fp"}:
        submit_asking(g, g.legal_commands()[0], rng)
    app, scene = open_scene(make_app, g)
    scene.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "council_of_war"})
    app.step()
    dlg = app.scene
    assert isinstance(dlg, OutcomeDialog) and dlg.batch_total == 2
    return g, app, scene, dlg


def test_the_card_grid_never_moves_and_a_picked_card_stays_marked(make_app, rohan):
    g, app, scene, dlg = council_dialog(make_app, rohan)
    before = {c.name: tuple(c.rect) for c in dlg.choices}
    pick = visible_choices(dlg)[2]
    click(app, pick.rect.center)
    assert "2 of 2" in dlg.prompt()
    after = {c.name: tuple(c.rect) for c in dlg.choices}
    assert after == before  # the same cards in the same places
    picked = choice(dlg, pick.name)
    assert picked.marks == [1] and not picked.enabled
    click(app, picked.rect.center)  # a picked card cannot be entered twice
    assert dlg.entered == [pick.value]
    second = next(c for c in visible_choices(dlg) if c.name != pick.name)
    click(app, second.rect.center)
    assert dlg.complete and [c.name for c in dlg.choices if c.marks] == sorted([pick.name, second.name],
                                                                            key=[c.name for c in dlg.choices].index)
    names = [dlg._value_text(ch.value) for ch in dlg.chips]
    assert names == [rohan.cards[pick.value].title, rohan.cards[second.value].title]
    hand = list(g.state["sides"]["fp"]["hand"])
    click(app, dlg.btn_confirm.rect.center)
    assert app.scene is scene
    assert pick.value in g.state["sides"]["fp"]["hand"] and second.value in g.state["sides"]["fp"]["hand"]
    assert len(g.state["sides"]["fp"]["hand"]) == len(hand) - 1 + 2 and g.state["rng"] == 0


def test_a_correction_clears_the_values_that_no_longer_fit(make_app, rohan):
    g, app, scene, dlg = council_dialog(make_app, rohan)
    a, b = visible_choices(dlg)[:2]
    click(app, a.rect.center)
    click(app, choice(dlg, b.name).rect.center)
    assert dlg.complete and dlg.entered == [a.value, b.value]
    click(app, dlg.chips[0].rect.center)      # the first card was really b
    click(app, choice(dlg, b.name).rect.center)
    assert dlg.entered == [b.value] and not dlg.complete  # b cannot also be the second card
    assert "cleared" in dlg.note and "2 of 2" in dlg.prompt()
    click(app, choice(dlg, a.name).rect.center)
    assert dlg.entered == [b.value, a.value] and dlg.complete
    click(app, dlg.btn_back.rect.center)       # and Back still changes nothing
    assert app.scene is scene and g.log[-1]["cmd"]["cmd"] != "use_die"


# -- secret choices: both entered in one panel, after the reveal at the table ----------------------

def companion_battle(rohan, seed=5, physical=False):
    from botwotr.core.bots import GreedyBot, deciding_side
    g = Game.new(rohan, seed=seed, options={"companion": True, **({"physical_cards": True} if physical else {})})
    rng = random.Random(seed)
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    for _ in range(3000):
        if g.state["pending"][-1]["kind"] == "tactic":
            return g, rng
        sd = deciding_side(g.state)
        submit_asking(g, bots[sd].choose(g, [c for c in g.legal_commands() if c["side"] == sd]), rng)
    raise AssertionError("no battle")


def test_r10_4_1_both_tactics_are_entered_together(make_app, rohan):
    """R-10.4.1: the tactics are chosen in secret and revealed together. At a shared screen the
    players reveal them at the table, then enter both in one panel: nothing reaches the game (so
    nothing shows) until both are entered and confirmed."""
    g, _rng = companion_battle(rohan)
    sides = g.state["pending"][-1]["sides"]
    app, scene = open_scene(make_app, g)
    panel = scene.decision
    assert all(any(n.startswith(f"tactic:{sd}:") for n in panel.names()) for sd in sides)
    assert panel.find("confirm:fp") is None and panel.find("confirm:sh") is None
    assert not panel.find("confirm:both").enabled
    n, before = len(g.log), canonical(g.state)
    press(app, scene, f"tactic:{sides[0]}:regroup")
    assert len(g.log) == n and canonical(g.state) == before
    assert not scene.decision.find("confirm:both").enabled
    assert scene.view["battle"]["choice"] == {} or not any(scene.view["battle"]["choice"].values())
    press(app, scene, f"tactic:{sides[1]}:combat_event" if scene.decision.find(f"tactic:{sides[1]}:combat_event")
          else f"tactic:{sides[1]}:regroup")
    assert len(g.log) == n
    press(app, scene, "confirm:both")
    assert [e["cmd"]["cmd"] for e in g.log[n:n + 2]] == ["tactic", "tactic"]
    assert {e["cmd"]["side"] for e in g.log[n:n + 2]} == set(sides)
    assert g.state["battle"]["revealed"] and g.state["battle"]["choice"][sides[0]] == "regroup"


def test_r10_4_1b_both_combat_cards_are_entered_together(make_app, rohan):
    """With physical cards the combat cards are revealed at the table and entered together. (With
    tracked cards each side enters its own behind a cover, since the choice shows its hand: the
    seat model of scenes/game.py, checked in tests/ui/test_secrecy.py.)"""
    g, rng = companion_battle(rohan, physical=True)
    for sd in g.state["pending"][-1]["sides"]:
        g.submit({"cmd": "tactic", "side": sd, "tactic": "combat_event"})
    p = g.state["pending"][-1]
    if p["kind"] != "combat_card" or len(p["sides"]) < 2:
        pytest.skip("one side holds no combat card in this game")
    app, scene = open_scene(make_app, g)
    panel = scene.decision
    assert not panel.find("confirm:both").enabled
    n = len(g.log)
    fp_card = next(c["card"] for c in scene.legal if c["cmd"] == "combat_card" and c["side"] == "fp" and c["card"])
    press(app, scene, f"card:fp:{fp_card}")
    press(app, scene, "card:sh:none")
    assert len(g.log) == n
    press(app, scene, "confirm:both")
    assert [(e["cmd"]["side"], e["cmd"]["card"]) for e in g.log[n:n + 2]] in (
        [("fp", fp_card), ("sh", None)], [("sh", None), ("fp", fp_card)])
    revealed = [e for e in g.log[n + 1]["events"] if e["e"] == "CardRevealed"]
    assert revealed == [{"e": "CardRevealed", "side": "fp", "card": fp_card}]


def test_correcting_an_action_die_keeps_the_values_after_it(make_app, rohan, generic_panels):
    g = Game.new(rohan, seed=3, options={"companion": True})
    advance_to(g, "roll_dice")
    app, scene = open_scene(make_app, g)
    n = g.state["sides"]["fp"]["dice"]
    click_command(app, scene, {"cmd": "roll_dice", "side": "fp"})
    dlg = app.scene
    faces = (["will", "event", "character", "muster"] * 2)[:n]
    for f in faces:
        click(app, choice(dlg, f"face:{f}").rect.center)
    assert dlg.complete
    click(app, dlg.chips[1].rect.center)
    assert dlg.correcting == 1 and "2 of" in dlg.prompt() and not dlg.btn_confirm.enabled
    click(app, choice(dlg, "face:army_muster").rect.center)
    want = faces[:1] + ["army_muster"] + faces[2:]
    assert dlg.entered == want and dlg.complete and not dlg.note
    click(app, dlg.btn_confirm.rect.center)
    assert g.state["sides"]["fp"]["rolled"] == want


def test_random_entering_correcting_and_taking_back_always_leaves_a_valid_entry(make_app, rohan):
    """Whatever the players click in the dialog (values, entries to correct, take back), what is
    entered is always a prefix the core accepts, and the strip shows exactly those values."""
    from botwotr.core.engine import decide
    g, app, scene, dlg = council_dialog(make_app, rohan)
    logged = len(g.log)
    rng = random.Random(11)
    for _ in range(60):
        options = [c for c in visible_choices(dlg)] + [ch for ch in dlg.chips if ch.visible]
        if dlg.btn_takeback.visible:
            options.append(dlg.btn_takeback)
        target = rng.choice(options)
        click(app, target.rect.center)
        assert app.scene is dlg
        try:
            decide(g.spec, g.rules, g.state, dlg.cmd, in_place=False)
            assert dlg.complete
        except RuleError as e:
            assert e.code == "chance/needs_outcome" and e.data["index"] == len(dlg.cmd.get("outcomes", []))
            assert not dlg.complete
        assert [ch.value for ch in dlg.chips] == dlg.entered
        assert len(set(dlg.entered)) == len(dlg.entered)  # two draws are never the same card
    assert len(g.log) == logged  # nothing sent without Confirm


def test_r15_a_generic_draw_offers_the_same_cards_whatever_the_other_hand_holds(make_app, rohan):
    """R-15 with tracked cards: the generic deck is shared, so the cards left in it are the cards
    the Free Peoples do not hold minus the discard pile minus what the Shadow holds. The dialog must
    not tell those apart: two games that differ only in the Shadow's hidden opening card offer the
    Free Peoples the very same cards, enabled alike, and a card the Shadow holds is refused when
    entered, changing nothing."""
    offers = []
    for held in ("storm_the_line", "watchful_spies"):
        g, app, scene, dlg = council_dialog(make_app, rohan, held)
        assert dlg.need["what"] == "Free Peoples generic card"
        assert held in g.state["sides"]["sh"]["hand"] and held not in g.state["generic"]
        offer = [(c.value, c.enabled) for c in dlg.choices]
        assert (held, True) in offer  # offered like any card still in the deck
        offers.append(offer)
        n, hand = len(g.log), list(g.state["sides"]["fp"]["hand"])
        for _ in range(40):  # the wheel over the grid until the card shows
            c = choice(dlg, f"card:{held}")
            if c.visible and dlg.grid.contains(c.rect):
                break
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=dlg.grid.center, rel=(0, 0), buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0))
            app.step()
        click(app, c.rect.center)
        assert dlg.entered == [] and app.scene is dlg  # refused: it cannot have been drawn
        assert dlg.note == f"{rohan.cards[held].title} cannot have been drawn: it is not in the deck. Check the card drawn."
        assert len(g.log) == n and g.state["sides"]["fp"]["hand"] == hand
        drawn = next(c for c in visible_choices(dlg) if c.value in g.state["generic"])
        click(app, drawn.rect.center)
        assert dlg.entered == [drawn.value] and not dlg.note
        app.pop()
        app.pop()
    assert offers[0] == offers[1]
    shared = {c for c, v in rohan.cards.items() if v.deck == "generic"}
    g = council_dialog(make_app, rohan, "storm_the_line")[0]
    public_out = set(g.state["discard"]) | {c for c in g.state["sides"]["fp"]["hand"] if c in shared}
    assert {c for c, _e in offers[0]} == shared - public_out  # all the Free Peoples cannot rule out
