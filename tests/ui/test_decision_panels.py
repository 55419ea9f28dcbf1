"""Every pending decision kind has its own panel (botwotr/ui/decisions/), driven here with posted
mouse events only: reach a real position where the decision is pending (Rohan, explicit dice),
click the panel's widgets and the board's regions, and check the command went in and the frame
changed.

`python tests/ui/test_decision_panels.py [OUT]` renders screenshots of several panels at
1920x1080 (docs/img/battle_tactics.png and docs/img/fate_draw.png come from it).
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402
import pytest  # noqa: E402

from botwotr.core import Game  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402
from helpers import clear_board, place, to_actions  # noqa: E402

from conftest import click  # noqa: E402

# -- positions ----------------------------------------------------------------------------------


def top(g):
    return g.state["pending"][-1] if g.state["pending"] else None


def kind(g):
    p = top(g)
    return p["kind"] if p else None


def answer(g, cmd, **kw):
    c = {"cmd": cmd, "side": kw.pop("side", None) or top(g)["side"], **kw}
    return g.submit(c)


def new_rohan(rohan, seed=3):
    return Game.new(rohan, seed=seed)


def battle_game(rohan, fp_units=None, sh_units=None, fp_leaders=1, sh_damage=0, fp_faces=None, tokens=True):
    """Free Peoples in the Westemnet (plains) attack the Shadow in the Isen Vale; the Palantír
    Room's two leadership tokens go on the Shadow army (when `tokens`). Pending: `tactic`."""
    g = new_rohan(rohan)
    clear_board(g)
    place(g, "westemnet", "fp", fp_units or {"rohan_footmen": 2, "rohan_riders": 1}, leaders=fp_leaders)
    place(g, "isen_vale", "sh", sh_units or {"uruk_hai": 2, "orcs": 1}, damage=sh_damage)
    to_actions(g, fp=fp_faces or ["army_muster", "army_muster", "character", "muster"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"})
    g.submit({"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"})
    for _ in range(5):  # terrain superiority may draw a card over the limit
        if kind(g) == "discard":
            answer(g, "discard", card=g.state["sides"][top(g)["side"]]["hand"][0])
    assert kind(g) == "tactic", top(g)
    return g


def to_rolls(g, fp="regroup", sh="regroup", fp_dice=None, sh_dice=None):
    g.submit({"cmd": "tactic", "side": "fp", "tactic": fp})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": sh})
    while kind(g) == "combat_card":
        answer(g, "combat_card", side=top(g)["sides"][0], card=None)
    assert kind(g) == "combat_roll"
    if fp_dice is not None:
        g.submit({"cmd": "roll_combat", "side": "fp", "outcomes": fp_dice})
        g.submit({"cmd": "roll_combat", "side": "sh", "outcomes": sh_dice})
    return g


def no_rerolls(g):
    while kind(g) == "reroll":
        answer(g, "reroll", dice=[])
    return g


# -- driving the window -------------------------------------------------------------------------


def open_scene(make_app, g, mode="companion", size=(1280, 720)):
    app = make_app(size)
    scene = GameScene(app, g, mode=mode)
    app.push(scene)
    app.step()
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    app.step()
    return app, scene


def frame(app, rect=None):
    surf = app.screen if rect is None else app.screen.subsurface(rect)
    return pygame.image.tobytes(surf, "RGB")


def press(app, scene, name):
    """Click the decision panel's widget called `name` (scrolled into view first)."""
    panel = scene.decision
    w = panel.find(name)
    assert w is not None, f"no widget {name!r} in {type(panel).__name__}: {panel.names()}"
    assert w.enabled, f"{name} is disabled"
    panel.reveal(w)
    app.step()
    w = panel.find(name)
    assert panel.rect.contains(w.rect) or panel.rect.collidepoint(w.rect.center), (name, w.rect, panel.rect)
    click(app, w.rect.center)


def in_view(app, scene, rect_of):
    """Scroll the decision panel so that `rect_of()` is in its visible part (the column is
    shared with the log's 8 lines); returns the panel's picker."""
    panel = scene.decision
    r = rect_of()
    if not panel._view.contains(r):
        panel.scroll = max(0, min(panel.max_scroll, panel.scroll + r.y - panel._view.y - 4))
        panel.layout(scene.theme)
        app.step()
    assert scene.decision._view.contains(rect_of())
    return scene.decision.picker


def region_point(scene, region):
    """A screen point inside `region` on the board, away from its pieces (no drag starts)."""
    bv = scene.board
    x, y = bv.camera.to_screen(*bv.layout.anchor(region, "label"))
    pieces = list(bv.piece_rects.values())
    cands = [(round(x), round(y))]
    poly = [bv.camera.to_screen(px, py) for px, py in bv.layout.polygons[region]]
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    for fy in range(1, 12):
        for fx in range(1, 12):
            cands.append((round(min(xs) + (max(xs) - min(xs)) * fx / 12), round(min(ys) + (max(ys) - min(ys)) * fy / 12)))
    for p in cands:
        if bv.region_at_screen(p) == region and not any(r.collidepoint(p) for r in pieces) \
                and not scene.decision.rect.collidepoint(p):
            return p
    raise AssertionError(f"no free point in {region}")


def click_region(app, scene, region):
    click(app, region_point(scene, region))


def last_cmd(g):
    return g.log[-1]["cmd"]


def submitted(g, n_before, **kw):
    assert len(g.log) > n_before, "nothing was submitted"
    c = g.log[n_before]["cmd"]
    for k, v in kw.items():
        assert c.get(k) == v, (k, c)
    return c


# -- the turn -----------------------------------------------------------------------------------


def test_choose_position_cards(make_app, rohan):
    g = new_rohan(rohan)
    app, scene = open_scene(make_app, g)
    assert type(scene.decision).__name__ == "PositionPanel"
    assert {n for n in scene.decision.names() if n.startswith("position:")} == {f"position:{p}" for p in rohan.positions}
    before = frame(app, scene.decision.rect)
    w = scene.decision.find("position:balcony")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=w.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert frame(app, scene.decision.rect) != before  # hover lights the card
    n = len(g.log)
    press(app, scene, "position:balcony")
    submitted(g, n, cmd="choose_position", position="balcony")
    assert kind(g) == "place_leadership"


def test_a_panel_taller_than_its_room_scrolls_by_clicks(make_app, rohan):
    """No wheel needed: the strip under an overflowing flow scrolls it down and up."""
    g = new_rohan(rohan)
    app, scene = open_scene(make_app, g, size=(1280, 720))
    panel = scene.decision
    pits = panel.find("position:pits")
    if panel._view.contains(pits.rect):
        pytest.skip("the three positions fit at this size")
    more = panel._more
    assert more.w and more.y >= panel._view.bottom
    for _ in range(6):  # each click scrolls half the view (the log keeps its lines: a short view)
        click(app, (more.right - 10, more.centery))
        panel = scene.decision
        if panel._view.contains(panel.find("position:pits").rect):
            break
    assert panel.scroll > 0 and panel._view.contains(panel.find("position:pits").rect)
    n = len(g.log)
    for _ in range(6):
        click(app, (panel._more.x + 10, panel._more.centery))
        if scene.decision.scroll == 0:
            break
    assert scene.decision.scroll == 0 and len(g.log) == n


def test_place_leadership_by_clicking_an_army(make_app, rohan):
    g = new_rohan(rohan)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "palantir_room"})
    app, scene = open_scene(make_app, g)
    hl = scene.board.highlights
    assert "isen_vale" in hl and "edoras" not in hl  # Shadow armies only
    n = len(g.log)
    click_region(app, scene, "isen_vale")
    submitted(g, n, cmd="place_leadership_token", region="isen_vale")
    assert g.state["regions"]["isen_vale"]["tokens"] == 1
    assert scene.decision.find("done") is None  # mandatory here: no Done


def test_fate_draw_and_decide(make_app, rohan):
    g = new_rohan(rohan)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
    while kind(g) == "place_leadership":
        answer(g, "place_leadership_token", region="isen_vale")
    assert kind(g) == "fate_draw"
    app, scene = open_scene(make_app, g)
    before = frame(app, scene.decision.rect)
    n = len(g.log)
    press(app, scene, "draw")
    submitted(g, n, cmd="draw_fate")
    assert kind(g) == "fate_decide"
    app.step()
    tile = top(g)["tile"]
    assert scene.decision.find(f"fate:{tile}") is not None
    assert frame(app, scene.decision.rect) != before
    press(app, scene, "set_aside")
    submitted(g, n + 1, cmd="set_aside_fate")
    assert tile in g.state["fate_aside"] or kind(g) != "fate_decide"
    if kind(g) == "fate_decide":
        press(app, scene, "keep")
        submitted(g, n + 2, cmd="keep_fate")


def test_roll_dice_buttons(make_app, rohan):
    g = new_rohan(rohan)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "palantir_room"})
    while kind(g) != "roll_dice":
        g.submit(g.legal_commands()[0])
    app, scene = open_scene(make_app, g)
    assert {"roll:fp", "roll:sh"} <= set(scene.decision.names())
    n = len(g.log)
    press(app, scene, "roll:sh")
    submitted(g, n, cmd="roll_dice", side="sh")
    app.step()
    assert "roll:sh" not in scene.decision.names()
    press(app, scene, "roll:fp")
    submitted(g, n + 1, cmd="roll_dice", side="fp")
    assert kind(g) == "action"


def action_game(rohan, fp, sh=("army", "muster", "event", "eye")):
    g = new_rohan(rohan)
    return to_actions(g, fp=list(fp), sh=list(sh), position="palantir_room")


def test_action_die_then_action(make_app, rohan):
    g = action_game(rohan, ["muster", "event", "character", "will"])
    app, scene = open_scene(make_app, g)
    panel = scene.decision
    assert type(panel).__name__ == "ActionPanel"
    assert {"die:0", "die:1", "die:2", "die:3"} <= set(panel.names())
    assert not any(n.startswith("act:") for n in panel.names())
    before = frame(app, panel.rect)
    press(app, scene, "die:1")  # the Event die
    assert scene.decision.die == 1
    assert frame(app, scene.decision.rect) != before
    assert "act:draw_generic" in scene.decision.names()
    n = len(g.log)
    press(app, scene, "act:draw_generic")
    submitted(g, n, cmd="use_die", die=1, action="draw_generic")


def test_action_play_card_and_pass_with_token(make_app, rohan):
    g = action_game(rohan, ["muster", "army_muster", "character", "will"])
    hand = g.state["sides"]["fp"]["hand"]
    app, scene = open_scene(make_app, g)
    press(app, scene, "die:3")  # Will of the West: everything, cards too
    cards = [n for n in scene.decision.names() if n.startswith("card:")]
    playable = {c["card"] for c in g.legal_commands() if c.get("action") == "play_card" and c["die"] == 3}
    assert {f"card:{c}" for c in playable} == set(cards) and set(playable) <= set(hand)
    # a die picked shows its actions only; passing is picked beside the dice (R-8.4: the Shadow
    # has more dice, so the Free Peoples may pass, or pass with an action token, R-8.5)
    assert "die:pass" in scene.decision.names()
    assert "pass" not in scene.decision.names() and not any(n.startswith("token:") for n in scene.decision.names())
    press(app, scene, "die:pass")
    assert scene.decision.die == "pass" and "pass" in scene.decision.names()
    assert not any(n.startswith("card:") for n in scene.decision.names())
    tokens = [n for n in scene.decision.names() if n.startswith("token:")]
    assert tokens
    n = len(g.log)
    press(app, scene, tokens[0])
    submitted(g, n, cmd="pass", token=tokens[0].split(":")[1])


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_the_action_panel_shows_the_dice_and_every_way_to_pass_unscrolled_R8_4_R8_5(make_app, rohan, size):
    """R-8.3-R-8.5 at the usual window sizes: with no die picked the action panel holds the dice
    and the Pass tile; with Pass picked, passing with no action and with each of the four action
    tokens (a damaged army makes Rally one of them): every choice in view, no "more below" strip,
    every button inside the panel. (Before, the pass's buttons stood under the dice and a die's
    actions at once, and the tokens were under the fold at all three sizes.) Picking a die shows
    its actions and none of the pass's; picking it again puts it back."""
    g = action_game(rohan, ["muster", "event", "character", "will"], sh=("army", "muster", "event", "eye", "army", "army"))
    place(g, "edoras", "fp", {}, damage=1)  # (Rally then one of the tokens' actions)
    assert {c.get("token") for c in g.legal_commands() if c["cmd"] == "pass"} == {
        None, "move", "recruit", "rally", "characters"}
    app, scene = open_scene(make_app, g, mode="hotseat", size=size)

    def in_view(want):
        panel = scene.decision
        assert panel._more.h == 0, (panel.die, panel.needed_height(scene.theme), panel.rect.h)
        assert want <= set(panel.names()), panel.names()
        for name in panel.names():
            assert panel.rect.contains(panel.find(name).rect), (panel.die, name, panel.find(name).rect, panel.rect)

    in_view({"die:0", "die:1", "die:2", "die:3", "die:pass"})
    press(app, scene, "die:1")  # the Event die: its actions, not the pass's
    app.step()
    assert scene.decision.die == 1 and "act:draw_generic" in scene.decision.names()
    assert not {"pass", "token:move"} & set(scene.decision.names())
    press(app, scene, "die:1")
    app.step()
    assert scene.decision.die is None
    press(app, scene, "die:pass")
    app.step()
    in_view({"pass", "token:move", "token:recruit", "token:rally", "token:characters"})
    assert not any(n.startswith("act:") for n in scene.decision.names())


def test_action_character_abilities_and_entries(make_app, rohan):
    g = action_game(rohan, ["character", "character", "muster", "event"])
    g.submit({"cmd": "adjust_character", "side": "players", "char": "gandalf", "status": "ready"})
    app, scene = open_scene(make_app, g)
    press(app, scene, "die:0")
    names = scene.decision.names()
    enters = [n for n in names if n.startswith("enter:gandalf:")]
    assert enters, names
    assert "edoras" in scene.board.highlights
    n = len(g.log)
    click_region(app, scene, "derndingle")  # an entry region, clicked on the board
    submitted(g, n, cmd="use_die", action="enter_character", character="gandalf", region="derndingle")


def test_shadow_places_a_token_from_the_action_panel(make_app, rohan):
    g = new_rohan(rohan)
    to_actions(g, fp=["muster", "muster", "event", "event"], sh=["character", "army", "army", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "recruit"})
    while kind(g) != "action" or top(g)["side"] != "sh":
        g.submit(next(c for c in g.legal_commands() if c["cmd"] in ("done", "place_leadership_token")))
    assert g.state["sides"]["sh"]["aside"] > 0
    app, scene = open_scene(make_app, g)
    assert "die:box" in scene.decision.names()
    assert "orthanc" in scene.board.highlights
    n = len(g.log)
    click_region(app, scene, "orthanc")
    submitted(g, n, cmd="place_leadership_token", region="orthanc")


def test_discard_by_clicking_a_card(make_app, rohan):
    g = action_game(rohan, ["event", "event", "muster", "muster"])
    deck = list(g.state["generic"])
    while len(g.state["sides"]["fp"]["hand"]) < rohan.hand_limit:
        g.submit({"cmd": "adjust_card", "side": "players", "card": deck.pop(), "to": "hand_fp"})
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "draw_generic"})
    assert kind(g) == "discard"
    app, scene = open_scene(make_app, g)
    hand = g.state["sides"]["fp"]["hand"]
    card = hand[-1]
    n = len(g.log)
    press(app, scene, f"card:{card}")
    submitted(g, n, cmd="discard", card=card)
    assert len(g.state["sides"]["fp"]["hand"]) == len(hand) - 1


# -- moving and placing -------------------------------------------------------------------------


def test_move_click_source_destination_and_picker(make_app, rohan):
    g = action_game(rohan, ["army_muster", "muster", "event", "event"])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})
    assert kind(g) == "move"
    app, scene = open_scene(make_app, g)
    assert "edoras" in scene.board.highlights
    click_region(app, scene, "edoras")
    panel = scene.decision
    assert panel.src == "edoras" and panel.picker is not None
    assert "grimslade" in scene.board.highlights
    click_region(app, scene, "grimslade")
    assert scene.decision.dest == "grimslade"
    # leave a Footman behind: the picker's minus button
    picker = scene.decision.picker
    before = frame(app, scene.decision.rect)
    picker = in_view(app, scene, lambda: scene.decision.picker.minus_rect("u:rohan_footmen"))
    click(app, picker.minus_rect("u:rohan_footmen").center)
    assert scene.decision.picker.values()["u:rohan_footmen"] == 1
    assert frame(app, scene.decision.rect) != before
    n = len(g.log)
    press(app, scene, "move")
    c = submitted(g, n, cmd="move_army")
    assert c["from"] == "edoras" and c["path"] == ["grimslade"] and c["units"]["rohan_footmen"] == 1
    assert g.state["regions"]["edoras"]["units"]["rohan_footmen"] == 1
    assert kind(g) == "move"  # a second army may move
    press(app, scene, "done")
    assert last_cmd(g)["cmd"] == "done"


def test_move_may_leave_a_character_behind(make_app, rohan):
    """Every unit goes and Théodred stays: a legal move (characters may stand alone), so the
    picker lets the player untick him."""
    g = action_game(rohan, ["army_muster", "muster", "event", "event"])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})
    app, scene = open_scene(make_app, g)
    click_region(app, scene, "east_fords")
    click_region(app, scene, "lower_isen")
    picker = scene.decision.picker
    scene.decision.reveal(picker)
    app.step()
    in_view(app, scene, lambda: scene.decision.picker.plus_rect("c:theodred"))
    click(app, scene.decision.picker.plus_rect("c:theodred").center)  # the check box
    assert scene.decision.picker.values()["c:theodred"] == 0
    n = len(g.log)
    press(app, scene, "move")
    c = submitted(g, n, cmd="move_army", characters=[])
    assert c["units"] == {"rohan_footmen": 1, "rohan_riders": 2}
    assert g.state["chars"]["theodred"]["region"] == "east_fords"


def test_board_click_does_not_pick_among_entering_characters(make_app, rohan):
    """Several characters may enter Edoras: a click on Edoras says to choose in the list."""
    g = action_game(rohan, ["character", "event", "event", "event"])
    for ch in ("aragorn", "legolas"):
        if g.state["chars"][ch]["status"] != "ready":
            g.submit({"cmd": "adjust_character", "side": "players", "char": ch, "status": "ready"})
    app, scene = open_scene(make_app, g)
    press(app, scene, "die:0")
    entering = {c["character"] for c in scene.legal
                if c.get("action") == "enter_character" and c["region"] == "edoras"}
    assert len(entering) > 1
    n = len(g.log)
    click_region(app, scene, "edoras")
    assert len(g.log) == n and scene.decision.error
    who = sorted(entering)[-1]
    press(app, scene, f"enter:{who}:edoras")
    submitted(g, n, cmd="use_die", action="enter_character", character=who, region="edoras")


def test_attack_source_then_target(make_app, rohan):
    g = new_rohan(rohan)
    clear_board(g)
    place(g, "westemnet", "fp", {"rohan_footmen": 2}, leaders=1)
    place(g, "isen_vale", "sh", {"orcs": 2})
    place(g, "fangorn", "fp", {"rohan_riders": 1})
    to_actions(g, fp=["army_muster", "muster", "event", "event"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"})
    assert kind(g) == "attack"
    app, scene = open_scene(make_app, g)
    click_region(app, scene, "westemnet")
    assert scene.board.highlights.get("isen_vale") is not None
    assert not scene.decision.find("attack").enabled
    click_region(app, scene, "isen_vale")
    n = len(g.log)
    press(app, scene, "attack")
    c = submitted(g, n, cmd="attack", target="isen_vale")
    assert c["from"] == "westemnet" and "to" not in c
    assert g.state["battle"] is not None


def test_combined_attack_selects_several_armies(make_app, rohan):
    g = new_rohan(rohan)
    clear_board(g)
    place(g, "westemnet", "fp", {"rohan_footmen": 2}, leaders=1)
    place(g, "fangorn", "fp", {"rohan_riders": 1})
    place(g, "isen_vale", "sh", {"orcs": 2})
    to_actions(g, fp=["army_muster", "muster", "event", "event"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    assert kind(g) == "attack" and top(g)["mode"] == "combined"
    app, scene = open_scene(make_app, g)
    click_region(app, scene, "westemnet")
    click_region(app, scene, "fangorn")
    click_region(app, scene, "isen_vale")
    n = len(g.log)
    press(app, scene, "attack")
    c = submitted(g, n, cmd="attack", target="isen_vale")
    assert sorted(c["armies"]) == ["fangorn", "westemnet"]


def test_recruit_by_region_click_then_done(make_app, rohan):
    g = action_game(rohan, ["muster", "event", "event", "event"])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "recruit"})
    assert kind(g) == "recruit"
    app, scene = open_scene(make_app, g)
    assert "folde" in scene.board.highlights
    n = len(g.log)
    click_region(app, scene, "folde")
    submitted(g, n, cmd="recruit", region="folde")
    assert g.state["regions"]["folde"]["units"]
    assert kind(g) == "recruit"
    press(app, scene, "done")
    assert last_cmd(g)["cmd"] == "done"


def test_mordor_recruit(make_app, rohan):
    g = action_game(rohan, ["event", "event", "event", "event"], sh=["eye", "eye", "army", "event"])
    if any(c["cmd"] == "pass" and "token" not in c for c in g.legal_commands()):
        g.submit({"cmd": "pass", "side": "fp"})
    else:
        g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "draw_generic"})
    while kind(g) == "discard":
        answer(g, "discard", card=g.state["sides"]["fp"]["hand"][0])
    assert top(g)["side"] == "sh"
    g.submit({"cmd": "use_die", "side": "sh", "die": g.state["sides"]["sh"]["rolled"].index("eye"),
              "action": "mordor_recruit"})
    assert kind(g) == "mordor_recruit"
    app, scene = open_scene(make_app, g)
    opts = [c["region"] for c in g.legal_commands() if c["cmd"] == "place_orc"]
    assert set(opts) <= set(scene.board.highlights)
    n = len(g.log)
    press(app, scene, f"region:{opts[0]}")
    submitted(g, n, cmd="place_orc", region=opts[0])


def test_rally_a_damaged_army(make_app, rohan):
    g = new_rohan(rohan)
    g.submit({"cmd": "adjust_damage", "side": "players", "region": "edoras", "n": 1})
    to_actions(g, fp=["muster", "event", "event", "event"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "rally"})
    assert kind(g) == "rally"
    app, scene = open_scene(make_app, g)
    assert set(scene.board.highlights) == {"edoras"}
    n = len(g.log)
    click_region(app, scene, "edoras")
    submitted(g, n, cmd="rally", region="edoras")


def test_move_characters(make_app, rohan):
    g = action_game(rohan, ["character", "event", "event", "event"])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "move_characters"})
    assert kind(g) == "move_characters"
    app, scene = open_scene(make_app, g)
    press(app, scene, "char:eomer")
    assert "folde" in scene.board.highlights
    n = len(g.log)
    click_region(app, scene, "folde")
    submitted(g, n, cmd="move_characters", characters=["eomer"], path=["folde"])
    assert g.state["chars"]["eomer"]["region"] == "folde"


def test_remove_excess(make_app, rohan):
    g = new_rohan(rohan)
    place(g, "grimslade", "fp", {"rohan_footmen": 3})
    to_actions(g, fp=["army_muster", "event", "event", "event"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})
    g.submit({"cmd": "move_army", "side": "fp", "from": "edoras", "path": ["grimslade"]})
    assert kind(g) == "remove_excess"
    app, scene = open_scene(make_app, g)
    names = [n for n in scene.decision.names() if n.startswith("unit:")]
    assert len(names) == sum(g.state["regions"]["grimslade"]["units"].values())
    n = len(g.log)
    press(app, scene, "unit:rohan_riders:0")
    submitted(g, n, cmd="remove_unit", unit="rohan_riders")


def test_choose_unit_when_no_figure_is_left(make_app, rohan):
    g = new_rohan(rohan)
    left = rohan.units["rohan_footmen"].figures - sum(
        r["units"].get("rohan_footmen", 0) for r in g.state["regions"].values() if r["side"] == "fp")
    for reg in ("west_entwade", "the_wold", "eastemnet"):
        k = min(5, left)
        if k:
            place(g, reg, "fp", {"rohan_footmen": k})
            left -= k
    assert left == 0
    to_actions(g, fp=["muster", "event", "event", "event"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "recruit"})
    g.submit({"cmd": "recruit", "side": "fp", "region": "folde"})  # a Footmen token
    assert kind(g) == "choose_unit"
    app, scene = open_scene(make_app, g)
    n = len(g.log)
    press(app, scene, "unit:rohan_riders")
    submitted(g, n, cmd="choose_unit", unit="rohan_riders")
    assert g.state["regions"]["folde"]["units"] == {"rohan_riders": 1}


def test_choose_region_for_a_recruitment_token(make_app, rohan):
    g = new_rohan(rohan)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "pits"})
    assert kind(g) == "choose_region"
    app, scene = open_scene(make_app, g)
    assert {"orthanc", "dunland"} <= set(scene.board.highlights)
    n = len(g.log)
    click_region(app, scene, "orthanc")
    submitted(g, n, cmd="choose_region", region="orthanc")


# -- battles -------------------------------------------------------------------------------------


def test_tactic_is_secret_and_confirmed(make_app, rohan):
    g = battle_game(rohan)
    app, scene = open_scene(make_app, g, mode="hotseat")
    seat = scene.seat
    panel = scene.decision
    mine = [n for n in panel.names() if n.startswith("tactic:")]
    assert mine and all(n.startswith(f"tactic:{seat}:") for n in mine)
    assert not scene.decision.find(f"confirm:{seat}").enabled
    before = frame(app, scene.decision.rect)
    press(app, scene, f"tactic:{seat}:regroup")
    assert frame(app, scene.decision.rect) != before  # the token is marked
    n = len(g.log)
    press(app, scene, f"confirm:{seat}")
    submitted(g, n, cmd="tactic", side=seat, tactic="regroup")
    # the other player: behind the curtain, then never sees the first choice
    assert scene.curtain and scene.curtain != seat
    click(app, scene.btn_reveal.rect.center)
    other = scene.seat
    texts = " ".join(w.text for w in scene.decision.children if hasattr(w, "text") and isinstance(w.text, str))
    assert "Regroup" not in texts.replace("tactic:", "") or "have chosen" in texts
    assert scene.view["battle"]["choice"][seat] == "hidden"
    unit = next(n for n in scene.decision.names() if n.startswith(f"tactic:{other}:maneuver:"))
    press(app, scene, unit)
    press(app, scene, f"confirm:{other}")
    assert g.state["battle"]["revealed"]


def test_combat_card(make_app, rohan):
    g = battle_game(rohan)
    hand = g.state["sides"]["fp"]["hand"]
    cards = [c for c in hand if rohan.cards[c].combat]
    assert cards
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "combat_event"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
    assert kind(g) == "combat_card"
    app, scene = open_scene(make_app, g)
    press(app, scene, f"card:fp:{cards[0]}")
    n = len(g.log)
    press(app, scene, "confirm:fp")
    submitted(g, n, cmd="combat_card", side="fp", card=cards[0])


def test_combat_roll_buttons(make_app, rohan):
    g = to_rolls(battle_game(rohan))
    app, scene = open_scene(make_app, g)
    assert {"roll:fp", "roll:sh"} <= set(scene.decision.names())
    n = len(g.log)
    press(app, scene, "roll:fp")
    submitted(g, n, cmd="roll_combat", side="fp")
    app.step()
    assert any(n.startswith("die:fp:") for n in scene.decision.names())  # the roll is shown


def test_reroll_toggles_dice_then_confirms(make_app, rohan):
    g = to_rolls(battle_game(rohan), fp_dice=[2, 6, 3], sh_dice=[1, 5, 2, 4])
    assert kind(g) == "reroll" and top(g)["side"] == "fp"
    app, scene = open_scene(make_app, g)
    mx = top(g)["max"]
    assert mx == 1
    before = frame(app, scene.decision.rect)
    press(app, scene, "die:0")
    assert scene.decision.sel == {0}
    assert frame(app, scene.decision.rect) != before
    press(app, scene, "die:2")  # over the leadership: refused in the panel
    assert scene.decision.sel == {0} and scene.decision.error
    n = len(g.log)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1), rel=(0, 0), buttons=(0, 0, 0)))
    press(app, scene, "confirm")
    c = submitted(g, n, cmd="reroll", side="fp")
    assert c["dice"] == [0]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_reroll_shows_both_rolls_without_scrolling(make_app, rohan, size):
    """The opponent's roll matters to the choice: it is in view, not below the fold — in the
    panel, or (when the column is short and the log keeps its 8 lines) as the log's sentence."""
    g = to_rolls(battle_game(rohan, sh_units={"uruk_hai": 3, "orcs": 2}), fp_dice=[2, 6, 3], sh_dice=[1, 5, 2, 4, 6])
    app, scene = open_scene(make_app, g, size=size)
    panel = scene.decision
    assert type(panel).__name__ == "RerollPanel"
    dice = [w for w in panel.children if getattr(w, "name", "").startswith("die:")]
    rolls = g.state["battle"]["rolls"]
    assert len(dice) == len(rolls["fp"]["dice"]) + len(rolls["sh"]["dice"])
    own = [w for w in dice if not w.name.startswith("die:sh")]
    assert own and all(panel._view.contains(w.rect) for w in own)  # the dice to click: no scrolling
    theirs = [w for w in dice if w.name.startswith("die:sh")]
    if not all(panel._view.contains(w.rect) for w in theirs):
        shown = [it.text for _r, it, _l in scene.log_panel.list._in_view()]
        assert any("Shadow player rolls combat dice: 1 5 2 4 6" in t for t in shown), shown


def test_casualties_then_cease(make_app, rohan):
    g = to_rolls(battle_game(rohan, tokens=False), fp_dice=[6, 6, 6], sh_dice=[1, 1, 1, 1])
    no_rerolls(g)
    while kind(g) == "casualties" and top(g)["side"] == "fp":
        answer(g, "done")
    assert kind(g) == "casualties" and top(g)["side"] == "sh", top(g)
    app, scene = open_scene(make_app, g)
    assert "mandatory" in top(g)
    dmg = g.state["regions"]["isen_vale"]["damage"]
    n = len(g.log)
    press(app, scene, "unit:orcs:0")
    submitted(g, n, cmd="casualty", unit="orcs")
    assert g.state["regions"]["isen_vale"]["damage"] == dmg - 2
    if kind(g) == "casualties":
        assert (scene.decision.find("done") is not None) == (not top(g)["mandatory"])
        press(app, scene, "done") if not top(g)["mandatory"] else press(app, scene, scene.decision.names()[-1])
    assert kind(g) == "cease"
    app.step()
    n = len(g.log)
    press(app, scene, "fight_on")
    submitted(g, n, cmd="fight_on")


def test_withdraw_flee_and_retreat(make_app, rohan):
    g = to_rolls(battle_game(rohan, sh_units={"uruk_hai": 3}, tokens=False), sh="regroup",
                 fp_dice=[6, 6, 1], sh_dice=[1, 1, 1, 1, 1])
    no_rerolls(g)
    while kind(g) == "casualties":
        answer(g, "done")
    g.submit({"cmd": "fight_on", "side": "fp"})
    assert kind(g) == "withdraw", top(g)
    app, scene = open_scene(make_app, g)
    assert {"withdraw:stay", "withdraw:retreat", "withdraw:flee"} <= set(scene.decision.names())
    n = len(g.log)
    press(app, scene, "withdraw:flee")
    submitted(g, n, cmd="withdraw", choice="flee")
    assert kind(g) == "flee_casualty"
    app.step()
    press(app, scene, "unit:uruk_hai:0")
    submitted(g, n + 1, cmd="flee_casualty", unit="uruk_hai")
    assert kind(g) == "retreat_to"
    app.step()
    opts = top(g)["options"]
    click_region(app, scene, opts[0])
    submitted(g, n + 2, cmd="retreat_to", region=opts[0])


def test_advance_with_part_of_the_army(make_app, rohan):
    g = to_rolls(battle_game(rohan, sh_units={"orcs": 1}, tokens=False), fp_dice=[6, 6, 6], sh_dice=[1])
    no_rerolls(g)
    while kind(g) == "casualties":
        answer(g, "casualty", unit=next(iter(g.state["regions"][top(g)["region"]]["units"])))
    assert kind(g) == "advance", top(g)
    app, scene = open_scene(make_app, g)
    picker = scene.decision.picker
    picker = in_view(app, scene, lambda: scene.decision.picker.minus_rect("u:rohan_footmen"))
    click(app, picker.minus_rect("u:rohan_footmen").center)
    n = len(g.log)
    press(app, scene, "advance")
    c = submitted(g, n, cmd="advance")
    assert c["units"]["rohan_footmen"] == 1
    assert g.state["regions"]["isen_vale"]["side"] == "fp"


def test_choose_army_of_a_combined_attack(make_app, rohan):
    g = new_rohan(rohan)
    clear_board(g)
    place(g, "westemnet", "fp", {"rohan_footmen": 2}, leaders=1)
    place(g, "fangorn", "fp", {"rohan_riders": 1})
    place(g, "isen_vale", "sh", {"orcs": 2})
    to_actions(g, fp=["army_muster", "muster", "event", "event"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    g.submit({"cmd": "attack", "side": "fp", "target": "isen_vale", "armies": ["fangorn", "westemnet"]})
    assert kind(g) == "choose_army"
    app, scene = open_scene(make_app, g)
    n = len(g.log)
    click_region(app, scene, "fangorn")
    submitted(g, n, cmd="choose_army", region="fangorn")


def test_a_refused_command_shows_the_reason(make_app, rohan):
    g = new_rohan(rohan)
    app, scene = open_scene(make_app, g)
    panel = scene.decision
    assert not panel.submit({"cmd": "choose_position", "side": "sh", "position": "nowhere"})
    app.step()
    assert "nowhere" in panel.error_label.text or panel.error_label.text
    assert scene.message_error


def test_every_kind_has_a_specific_panel():
    from botwotr.core.engine import PENDING_TEXT
    from botwotr.ui import panels
    import botwotr.ui.decisions  # noqa: F401
    missing = [k for k in PENDING_TEXT if panels.panel_class_for(k) is panels.GenericDecisionPanel]
    assert not missing


def test_panels_only_offer_legal_commands(make_app, rohan, monkeypatch):
    """Whatever a panel submits is one of the context's legal commands."""
    from botwotr.ui.decisions.base import ChoicePanel
    seen = []
    orig = ChoicePanel.submit

    def spy(self, cmd):
        seen.append((cmd, list(self.ctx.legal)))
        return orig(self, cmd)

    monkeypatch.setattr(ChoicePanel, "submit", spy)
    g = action_game(rohan, ["army_muster", "muster", "event", "event"])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})
    app, scene = open_scene(make_app, g)
    click_region(app, scene, "aldburg")
    click_region(app, scene, "folde")
    press(app, scene, "move")
    assert seen and all(cmd in legal for cmd, legal in seen)


@pytest.mark.parametrize("size", [(800, 600), (1920, 1080)])
def test_a_random_game_draws_every_panel_it_meets(make_app, rohan, size):
    """Random legal play through the scene: every panel met builds, lays out and draws, at the
    smallest and a large window."""
    import random
    rng = random.Random(5)
    g = new_rohan(rohan, seed=11)
    app, scene = open_scene(make_app, g, size=size)
    seen = set()
    for _ in range(70 if size[0] < 1000 else 35):
        legal = scene.legal
        if g.state["winner"] or not legal:
            break
        seen.add(type(scene.decision).__name__)
        assert app.last_error is None
        pref = [c for c in legal if c["cmd"] not in ("pass", "done")] or legal
        scene.submit(rng.choice(pref))
        app.step()
    assert app.last_error is None
    assert "GenericDecisionPanel" not in seen and len(seen) >= 5, seen


# -- screenshots ---------------------------------------------------------------------------------


def _shots(out: Path) -> None:
    import tempfile

    from botwotr.catalog import spec_for
    from botwotr.ui.app import App, StepClock
    rohan = spec_for("rohan")
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="botwotr-panels-"))
    apps = []

    def make(size=(1920, 1080)):
        app = App(size=size, clock=StepClock(), home=home)
        apps.append(app)
        return app

    def shot(name, g, prep=None, mode="companion", size=(1920, 1080), hover=None):
        app, scene = open_scene(make, g, mode=mode, size=size)
        if prep:
            prep(app, scene)
        for _ in range(90):  # animations settle
            app.step()
        pos = hover(scene) if hover else (5, 5)  # no tooltip unless asked
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        app.screenshot(out / name)
        app.close()

    try:
        g = new_rohan(rohan)
        g.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
        while kind(g) == "place_leadership":
            answer(g, "place_leadership_token", region="isen_vale")
        g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_2e"]})
        shot("fate_draw.png", g)
        shot("panel_position.png", new_rohan(rohan))
        g = action_game(rohan, ["will", "character", "army_muster", "muster"])
        shot("panel_action.png", g, prep=lambda app, sc: press(app, sc, "die:0"))
        g = battle_game(rohan)
        shot("battle_tactics.png", g, mode="hotseat",
             prep=lambda app, sc: press(app, sc, f"tactic:{sc.seat}:maneuver:rohan_riders"))
        g = to_rolls(battle_game(rohan), fp_dice=[2, 6, 3], sh_dice=[1, 5, 2, 4])
        shot("panel_reroll.png", g, prep=lambda app, sc: press(app, sc, "die:0"))
        g = to_rolls(battle_game(rohan, tokens=False), fp_dice=[6, 6, 6], sh_dice=[1, 1, 1, 1])
        no_rerolls(g)
        while kind(g) == "casualties" and top(g)["side"] == "fp":
            answer(g, "done")
        shot("panel_casualties.png", g)
        g = action_game(rohan, ["army_muster", "muster", "event", "event"])
        g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})

        def mv(app, sc):
            click_region(app, sc, "edoras")
            click_region(app, sc, "grimslade")
        shot("panel_move.png", g, prep=mv)
        shot("panel_move_1280.png", g, prep=mv, size=(1280, 720))
        if os.environ.get("ALL_PANELS"):
            small = (1280, 720)
            shot("s_tactic.png", battle_game(rohan), size=small)
            g = battle_game(rohan)
            g.submit({"cmd": "tactic", "side": "fp", "tactic": "combat_event"})
            g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
            shot("s_card.png", g, size=small)
            shot("s_roll.png", to_rolls(battle_game(rohan)), size=small)
            g = to_rolls(battle_game(rohan, tokens=False), fp_dice=[6, 6, 6], sh_dice=[1, 1, 1, 1])
            no_rerolls(g)
            while kind(g) == "casualties":
                answer(g, "casualty", unit=next(iter(g.state["regions"][top(g)["region"]]["units"])))
            shot("s_cease.png", g, size=small)
            g.submit({"cmd": "fight_on", "side": "fp"})
            if kind(g) == "withdraw":
                shot("s_withdraw.png", g, size=small)
            g = action_game(rohan, ["will", "character", "army_muster", "muster"])
            shot("s_action.png", g, prep=lambda app, sc: press(app, sc, "die:0"), size=small)
            g = new_rohan(rohan)
            clear_board(g)
            place(g, "westemnet", "fp", {"rohan_footmen": 2}, leaders=1)
            place(g, "isen_vale", "sh", {"orcs": 2})
            to_actions(g, fp=["army_muster", "muster", "event", "event"], sh=["army", "muster", "event", "event"],
                       position="palantir_room")
            g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"})
            shot("s_attack.png", g, prep=lambda app, sc: click_region(app, sc, "westemnet"), size=small)
            g = action_game(rohan, ["character", "event", "event", "event"])
            g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "move_characters"})
            shot("s_chars.png", g, prep=lambda app, sc: press(app, sc, "char:eomer"), size=small)
            g = new_rohan(rohan)
            g.submit({"cmd": "choose_position", "side": "sh", "position": "palantir_room"})
            shot("s_lead.png", g, size=small)
            shot("s_position.png", new_rohan(rohan), size=small)
            g = to_rolls(battle_game(rohan), fp_dice=[2, 6, 3], sh_dice=[1, 5, 2, 4])
            shot("s_reroll.png", g, size=small)
    finally:
        for a in apps:
            a.close()


if __name__ == "__main__":
    _shots(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("/tmp/panels"))


def test_free_ability_button_and_choose_die_panel(make_app, rohan):
    """Gandalf the White's Enemy of Sauron: the action panel offers his ability without a die;
    then the choose_die panel turns the clicked die into Will of the West (R-8.7, R-8.5)."""
    g = new_rohan(rohan)
    to_actions(g, fp=["muster", "character", "event", "army_muster"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "adjust_character", "side": "players", "char": "gandalf", "status": "in_play", "region": "edoras"})
    app, scene = open_scene(make_app, g)
    assert kind(g) == "action"
    press(app, scene, "free_ability:gandalf")
    assert kind(g) == "choose_die"
    press(app, scene, "die:0")
    assert g.state["sides"]["fp"]["rolled"][0] == "will"
    assert g.state["sides"]["fp"]["tokens_lost"] == 1 and kind(g) == "action"
