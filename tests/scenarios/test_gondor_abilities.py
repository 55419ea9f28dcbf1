"""Gondor character abilities (R-8.7), the Witch-king's three Shadow Box positions (R-6.1 to
R-6.3, R-5.3) and the onward fate tile (R-7.3, R-7.4), each used through `Game.submit` in a real
Gondor position, asserting what its text promises."""
from __future__ import annotations

from gondor_positions import (FP, SH, SPEC, adjust, assert_illegal, choose, damage, fight, gondor_game, hand_of,
                              kind, place, ready, rolled, to_action_phase, to_shadow, top, units)


def ability(g, side, char, face="character"):
    die = "box" if face == "box" else g.state["sides"][side]["rolled"].index(face)
    return g.submit({"cmd": "use_die", "side": side, "die": die, "action": "ability", "character": char})


def attack_cmd(g, side, frm, target):
    return g.submit({"cmd": "attack", "side": side, "from": frm, "target": target})


def test_imrahil_prince_of_dol_amroth():
    """Muster die: two Men of the Outlands, each on the Forgotten Road, in Lossarnach or Lebennin."""
    g = ready(fp=["muster"] * 5)
    place(g, "lossarnach", FP, {"outlanders": 1}, chars=("imrahil",))
    place(g, "lebennin", SH, {"orcs": 1})
    ability(g, FP, "imrahil", "muster")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "lebennin"}, "choice/bad_region")
    choose(g, FP, "forgotten_road", "lossarnach")
    assert units(g, "forgotten_road") == {"outlanders": 1} and units(g, "lossarnach") == {"outlanders": 2}


def test_faramir_captain_of_ithilien():
    """Character die: an attack; in its first round the Shadow hits only on a 6."""
    g = ready(fp=["character"] * 5)
    place(g, "henneth_annun", FP, {"rangers": 2}, chars=("faramir",))
    place(g, "crossroads", SH, {"orcs": 2})
    ability(g, FP, "faramir")
    attack_cmd(g, FP, "henneth_annun", "crossroads")
    ev = fight(g, rolls={FP: [1, 1], SH: [5, 5]})
    assert rolled(ev, SH)["target"] == 6 and damage(g, "henneth_annun") == 0


def test_theoden_ride_now_to_gondor():
    """Character die: an attack at +1 on each of the Free Peoples' dice in its first round."""
    g = ready(fp=["character"] * 5)
    place(g, "to_rohan", FP, {"rohirrim": 2}, chars=("theoden",))
    place(g, "druadan_forest", SH, {"orcs": 2})
    ability(g, FP, "theoden")
    attack_cmd(g, FP, "to_rohan", "druadan_forest")
    ev = fight(g, rolls={FP: [4, 4, 1, 1], SH: [1, 1, 1]})
    assert rolled(ev, FP)["mod"] == 1 and damage(g, "druadan_forest") == 2


def test_aragorn_the_king_returns():
    """Character die: an attack scoring one extra hit every round."""
    g = ready(fp=["character"] * 5)
    place(g, "harlond", FP, {"outlanders": 2}, chars=("aragorn",))
    place(g, "east_pelennor", SH, {"orcs": 3})
    ability(g, FP, "aragorn")
    attack_cmd(g, FP, "harlond", "east_pelennor")
    fight(g, rolls={FP: [1, 1], SH: [1, 1, 1]})
    assert damage(g, "east_pelennor") == 1


def test_pippin_guard_of_the_citadel():
    """Muster die: one army rallies at +1 on each die; then a generic card is drawn."""
    g = ready(fp=["muster"] * 5)
    place(g, "minas_tirith", FP, {"gondor_footmen": 2}, damage=2, chars=("pippin",))
    ability(g, FP, "pippin", "muster")
    g.submit({"cmd": "rally", "side": FP, "region": "minas_tirith", "outcomes": [4, 4]})
    assert damage(g, "minas_tirith") == 0 and len(hand_of(g, FP)) == 1


def test_gandalf_enemy_of_sauron():
    """No die: an action token given up for good turns a die into Will of the West."""
    g = ready(fp=["muster"] * 5, keep_board=True)
    ev = g.submit({"cmd": "use_ability", "side": FP, "character": "gandalf"})
    if kind(g) == "choose_die":
        g.submit({"cmd": "choose_die", "side": FP, "die": 0})
    assert "will" in g.state["sides"][FP]["rolled"] and g.state["sides"][FP]["tokens_lost"] == 1
    del ev


def test_witch_king_lord_of_the_nazgul():
    """Character die (the Shadow Box): rally three Shadow armies at +1."""
    g = ready()
    for r in ("crossroads", "morgul_vale", "minas_morgul", "emyn_arnen"):
        place(g, r, SH, {"orcs": 1}, damage=1)
    to_shadow(g)
    ability(g, SH, "witch_king", "box")
    for r in ("crossroads", "morgul_vale", "minas_morgul"):
        g.submit({"cmd": "rally", "side": SH, "region": r, "outcomes": [4]})
    assert [damage(g, r) for r in ("crossroads", "morgul_vale", "minas_morgul", "emyn_arnen")] == [0, 0, 0, 1]


def test_gothmog_lieutenant_of_morgul():
    """Army die: an attack rolling one more die every round."""
    g = ready(sh=["army"] * 6)
    place(g, "crossroads", SH, {"orcs": 2}, chars=("gothmog",))
    place(g, "emyn_arnen", FP, {"rangers": 1})
    to_shadow(g)
    ability(g, SH, "gothmog", "army")
    attack_cmd(g, SH, "crossroads", "emyn_arnen")
    ev = fight(g, rolls={SH: [1, 1, 1], FP: [1, 1]})
    assert len(rolled(ev, SH)["dice"]) == 3


def test_throne_of_minas_morgul_draws_a_darkness_card():
    """R-6.1 / R-5.3: two dice in the box, two Shadow tokens, one Darkness card."""
    g = gondor_game()
    hand0 = len(g.state["sides"][SH]["hand"])
    to_action_phase(g, position="morgul_throne")
    assert len(g.state["sides"][SH]["box"]) == 2
    assert len(g.state["sides"][SH]["hand"]) == hand0 + 1
    assert any(SPEC.cards[c].deck == "special" for c in g.state["sides"][SH]["hand"])


def test_fell_beast_damages_an_army_anywhere():
    g = gondor_game()
    assert top(g)["kind"] == "choose_position"
    g.submit({"cmd": "choose_position", "side": SH, "position": "fell_beast"})
    assert top(g)["kind"] == "choose_region" and "lossarnach" in top(g)["options"]
    choose(g, SH, "lossarnach")
    assert damage(g, "lossarnach") == 1
    assert len(g.state["sides"][SH]["box"]) == 3


def test_captain_of_despair_sets_fate_back():
    g = gondor_game()
    adjust(g, "fate", to=3)
    g.submit({"cmd": "choose_position", "side": SH, "position": "captain_of_despair"})
    assert g.state["fate"] == 2


def test_onward_tile_draws_one_more():
    """R-7.3 / R-7.4: the +2 tile: two steps, then one more tile drawn and applied."""
    g = gondor_game()
    to_action_phase_until_fate(g)
    g.submit({"cmd": "draw_fate", "side": FP, "outcomes": ["grey_2d"]})
    if kind(g) == "fate_decide":
        g.submit({"cmd": "keep_fate", "side": FP})
    assert g.state["fate"] == 2 and kind(g) == "fate_draw" and top(g)["left"] == 1
    g.submit({"cmd": "draw_fate", "side": FP, "outcomes": ["grey_1a"]})
    assert g.state["fate"] == 3


def test_onward_tile_drawn_last_still_draws_one_more():
    """R-7.3 / R-7.4 with the empty-pool ruling (docs/rulings.md): the onward tile drawn as the last
    tile of the pool takes back the applied tiles, and its one more tile is drawn and applied. (It
    was lost before: found by an audit of the Gondor rules.)"""
    from botwotr.core import Game

    grey = sorted(t for t, ts in SPEC.fate_tiles.items() if ts.color == "grey")
    used = [t for t in grey if t != "grey_2d"]
    g = Game.new(SPEC, seed=5, options={"setup": {
        "phase": "fate", "position": "captain_of_despair", "box": ["position", "position"], "fate": 2,
        "fate_pool": ["grey_2d"], "fate_used": used,
        "regions": {"minas_tirith": {"units": {"gondor_footmen": 2}}, "minas_morgul": {"units": {"orcs": 2}}}}})
    assert kind(g) == "fate_draw" and g.state["fate_pool"] == ["grey_2d"]
    evs = g.submit({"cmd": "draw_fate", "side": FP})
    assert g.state["fate"] == 4
    assert [e["tiles"] for e in evs if e["e"] == "FatePoolRefilled"] == [sorted(grey)]
    assert top(g) == {"kind": "fate_draw", "side": FP, "left": 1}
    evs = g.submit({"cmd": "draw_fate", "side": FP})
    applied = [e for e in evs if e["e"] == "FateTileApplied"]  # the one more tile, applied at once
    assert len(applied) == 1 and g.state["fate"] == 4 + applied[0]["value"]


def to_action_phase_until_fate(g):
    g.submit({"cmd": "choose_position", "side": SH, "position": "fell_beast"})
    for _ in range(20):
        if kind(g) == "fate_draw":
            return
        if kind(g) == "choose_region":
            choose(g, SH, top(g)["options"][0])
        elif kind(g) == "place_leadership":
            from gondor_positions import first_legal
            g.submit(first_legal(g, cmd="place_leadership_token"))
        else:
            raise AssertionError(top(g))
    raise AssertionError("no fate draw")


def test_companion_a_token_on_the_road_to_rohan_is_turned_over_as_a_rohirrim_one():
    """R-12.3 with Gondor's national tokens, in the companion mode: fate space 6 puts two tokens on
    the road To Rohan, drawn unseen at the table ("?"). Turned over by a recruitment, the client
    offers only the type that road takes (Rohirrim) and refuses another: an outcome that could
    not have been drawn. (Before, every Free Peoples type was offered and accepted; this was a
    known gap, found again by an audit.)"""
    from botwotr.core import Game

    g = Game.new(SPEC, seed=5, options={"companion": True, "setup": {
        "phase": "fate", "position": "captain_of_despair", "box": ["position", "position"], "fate": 5,
        "regions": {"minas_tirith": {"units": {"gondor_footmen": 2}}, "minas_morgul": {"units": {"orcs": 2}}}}})
    g.submit({"cmd": "draw_fate", "side": FP, "outcomes": ["grey_1a"]})
    if kind(g) == "fate_decide":
        g.submit({"cmd": "keep_fate", "side": FP})
    assert g.state["fate"] == 6 and g.state["regions"]["to_rohan"]["rtokens"]["fp"] == ["?", "?"]
    while kind(g) == "roll_dice":
        side = top(g)["sides"][0]
        n = g.state["sides"][side]["dice"] - len(g.state["sides"][side]["box"])
        g.submit({"cmd": "roll_dice", "side": side, "outcomes": (["muster"] if side == FP else ["event"]) * n})
    g.submit({"cmd": "use_die", "side": FP, "die": 0, "action": "recruit"})
    err = assert_illegal(g, {"cmd": "recruit", "side": FP, "region": "to_rohan"}, "chance/needs_outcome")
    assert err.data["options"] == ["rohirrim"]
    assert_illegal(g, {"cmd": "recruit", "side": FP, "region": "to_rohan", "outcomes": ["gondor_footmen"]},
                   "chance/bad_draw")
    g.submit({"cmd": "recruit", "side": FP, "region": "to_rohan", "outcomes": ["rohirrim"]})
    assert units(g, "to_rohan") == {"rohirrim": 1}
