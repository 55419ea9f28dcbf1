"""Every Gondor card half (issue 12): the Gondor text of each of the 32 story cards and the six
Darkness cards, played through `Game.submit` in a real Gondor position; each test asserts what
the text promises and, where the text has a condition, that the card is refused when it fails
(R-5.8). The 30 generic cards are Rohan's, unchanged (tests/scenarios/test_rohan_cards.py)."""
from __future__ import annotations

from gondor_positions import (FP, SH, SPEC, adjust, assert_illegal, attack, choose, damage, fight, hand,
                              hand_of, kind, next_turn, place, play, protection, ready, rtokens, siege, size,
                              top, units, use)

START = list(SPEC.rules_data["darkness"]["regions"])


def refuse(g, side, card, face="event"):
    die = g.state["sides"][side]["rolled"].index(face)
    assert_illegal(g, {"cmd": "use_die", "side": side, "die": die, "action": "play_card", "card": card},
                   "card/precondition", "R-5.8")


def move(g, side, frm, path):
    return g.submit({"cmd": "move_army", "side": side, "from": frm, "path": path})


def fp_acts(g):
    """The Free Peoples spend a die drawing a card, so that the Shadow acts (R-8.3)."""
    use(g, FP, "event", "draw_generic")
    while kind(g) == "discard":
        g.submit({"cmd": "discard", "side": FP, "card": g.state["sides"][FP]["hand"][0]})
    assert top(g) == {"kind": "action", "side": SH}, top(g)


def shadow_ready(**kw):
    g = ready(**kw)
    fp_acts(g)
    return g


def gone(g, card):
    assert card in g.state["gone"]  # a played story or special card is out of the game


# =========================================================== Free Peoples story (Gondor)

def test_the_stewards_son():
    """R-5.8 / R-3.7 The Steward's Son (the_king_awakes): only with Faramir in play; from the next
    turn on the Free Peoples roll one more action die."""
    g = ready()
    hand(g, FP, "the_king_awakes")
    refuse(g, FP, "the_king_awakes")
    place(g, "henneth_annun", FP, {"rangers": 1}, chars=("faramir",))
    play(g, FP, "the_king_awakes")
    assert g.state["chars"]["gandalf"]["status"] == "pool"  # so no extra die from him
    next_turn(g)
    assert g.state["sides"][FP]["dice"] == SPEC.dice[FP] + 1
    next_turn(g)
    assert g.state["sides"][FP]["dice"] == SPEC.dice[FP] + 1  # for the rest of the game
    gone(g, "the_king_awakes")


def test_the_beacons_are_lit():
    """serpent_cast_out: fate +1; one Rohan token (a Rohirrim token, the national rule) on the road To Rohan."""
    g = ready()
    before = len(rtokens(g, "to_rohan", FP))
    hand(g, FP, "serpent_cast_out")
    play(g, FP, "serpent_cast_out")
    assert g.state["fate"] == 1
    toks = rtokens(g, "to_rohan", FP)
    assert len(toks) == before + 1 and set(toks) == {"rohirrim"}


def test_the_grey_company():
    """three_hunters: Aragorn is ready with fate on 0 (his space is 9)."""
    g = ready()
    hand(g, FP, "three_hunters")
    play(g, FP, "three_hunters")
    assert g.state["chars"]["aragorn"]["status"] == "ready"
    assert g.state["chars"]["theoden"]["status"] == "pool"  # only Aragorn


def test_the_white_light():
    """the_white_rider: only with Gandalf in play; a Shadow army next to a Free Peoples army takes two damage."""
    g = ready()
    place(g, "gate_fields", FP, {"gondor_footmen": 2})
    place(g, "north_pelennor", SH, {"orcs": 3})
    place(g, "morgul_vale", SH, {"orcs": 3})
    hand(g, FP, "the_white_rider")
    refuse(g, FP, "the_white_rider")
    adjust(g, "character", char="gandalf", status="in_play", region="gate_fields")
    play(g, FP, "the_white_rider")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "morgul_vale"}, "choice/bad_region")
    choose(g, FP, "north_pelennor")
    assert damage(g, "north_pelennor") == 2 and damage(g, "morgul_vale") == 0


def test_the_woses_show_the_way():
    """the_ents_are_roused: fate 4+; Théoden is ready; then an army moves up to two regions."""
    g = ready()
    place(g, "amon_din", FP, {"rohirrim": 2})
    hand(g, FP, "the_ents_are_roused")
    adjust(g, "fate", to=3)
    refuse(g, FP, "the_ents_are_roused")
    adjust(g, "fate", to=4)
    play(g, FP, "the_ents_are_roused")
    assert g.state["chars"]["theoden"]["status"] == "ready"
    move(g, FP, "amon_din", ["anorien", "causeway_forts"])
    assert units(g, "causeway_forts") == {"rohirrim": 2}


def test_riders_on_the_stone_wain_road():
    """march_of_the_trees: fate 4+; two Rohirrim, each on the road To Rohan or in the Drúadan Forest."""
    g = ready(fp=["muster"] * 5)
    hand(g, FP, "march_of_the_trees")
    refuse(g, FP, "march_of_the_trees", "muster")
    adjust(g, "fate", to=4)
    play(g, FP, "march_of_the_trees")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "anorien"}, "choice/bad_region")
    choose(g, FP, "to_rohan", "druadan_forest")
    assert units(g, "to_rohan") == {"rohirrim": 1} and units(g, "druadan_forest") == {"rohirrim": 1}


def test_the_muster_of_gondor():
    """the_muster_of_rohan: tokens in two different settlements held, each of that land's troops
    (Lebennin: the Outlands); then an army rallies."""
    g = ready(fp=["muster"] * 5)
    place(g, "townlands", FP, {"gondor_footmen": 2}, damage=1)
    hand(g, FP, "the_muster_of_rohan")
    play(g, FP, "the_muster_of_rohan")
    choose(g, FP, "lebennin", "harlond")
    assert rtokens(g, "lebennin", FP) == ["outlanders"]
    assert rtokens(g, "harlond", FP)[0] in ("gondor_footmen", "gondor_archers", "gondor_cavalry", "rangers")
    assert kind(g) == "rally"
    g.submit({"cmd": "rally", "side": FP, "region": "townlands", "outcomes": [6, 1]})
    assert damage(g, "townlands") == 0


def test_the_men_of_lossarnach():
    """erkenbrands_men: two Minas Tirith Footmen, in Lossarnach, the Townlands or Minas Tirith."""
    g = ready(fp=["muster"] * 5)
    place(g, "townlands", SH, {"orcs": 1})
    hand(g, FP, "erkenbrands_men")
    play(g, FP, "erkenbrands_men")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "townlands"}, "choice/bad_region")
    choose(g, FP, "lossarnach", "minas_tirith")
    assert units(g, "lossarnach") == {"gondor_footmen": 1} and units(g, "minas_tirith") == {"gondor_footmen": 1}


def test_sortie_of_the_swan_knights():
    """the_horn_of_helm: only with an army in Minas Tirith; an attack scoring one extra hit every round."""
    g = ready(fp=["army_muster"] * 5)
    place(g, "gate_fields", FP, {"gondor_cavalry": 2})
    place(g, "north_pelennor", SH, {"orcs": 4})
    hand(g, FP, "the_horn_of_helm")
    refuse(g, FP, "the_horn_of_helm", "army_muster")
    place(g, "minas_tirith", FP, {"gondor_footmen": 1})
    play(g, FP, "the_horn_of_helm")
    g.submit({"cmd": "attack", "side": FP, "from": "gate_fields", "target": "north_pelennor"})
    fight(g, rolls={FP: [1, 1, 1, 1], SH: [1, 1, 1, 1]})
    assert damage(g, "north_pelennor") == 1  # no die hit: the card's hit
    from gondor_positions import next_round
    next_round(g)
    fight(g, rolls={FP: [1, 1, 1, 1], SH: [1, 1, 1, 1]})
    assert damage(g, "north_pelennor") == 2  # and again in the second round


def test_the_outlands_answer():
    """the_westfold_rises: one Man of the Outlands in Lebennin or on the Forgotten Road; then a rally."""
    g = ready(fp=["muster"] * 5)
    place(g, "lossarnach", FP, {"outlanders": 2}, damage=1)
    hand(g, FP, "the_westfold_rises")
    play(g, FP, "the_westfold_rises")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "lossarnach"}, "choice/bad_region")
    choose(g, FP, "forgotten_road")
    assert units(g, "forgotten_road") == {"outlanders": 1}
    g.submit({"cmd": "rally", "side": FP, "region": "lossarnach", "outcomes": [5, 1]})
    assert damage(g, "lossarnach") == 0


def test_a_wind_from_the_sea():
    """hope_kindled: the Darkness lifts from two regions, west first."""
    g = ready()
    hand(g, FP, "hope_kindled")
    play(g, FP, "hope_kindled")
    assert siege(g)["darkness"] == START[2:]


def test_counsel_of_mithrandir():
    """counsel_of_the_wise: two blue tiles join the pool; the Darkness lifts from one region."""
    g = ready()
    pool = len(g.state["fate_pool"])
    hand(g, FP, "counsel_of_the_wise")
    play(g, FP, "counsel_of_the_wise")
    assert len(g.state["fate_pool"]) == pool + 2
    assert all(SPEC.fate_tiles[t].color == "blue" for t in set(g.state["fate_pool"]) - {
        t for t, ts in SPEC.fate_tiles.items() if ts.color == "grey"})
    assert siege(g)["darkness"] == START[1:]


def test_the_guard_of_the_citadel():
    """riders_of_the_mark: only with Pippin in play; two markers off the army in Minas Tirith; a card."""
    g = ready(fp=["army_muster"] * 5)
    place(g, "minas_tirith", FP, {"gondor_footmen": 3}, damage=2)
    place(g, "townlands", FP, {"gondor_footmen": 3}, damage=2)
    hand(g, FP, "riders_of_the_mark")
    refuse(g, FP, "riders_of_the_mark", "army_muster")
    adjust(g, "character", char="pippin", status="in_play", region="minas_tirith")
    play(g, FP, "riders_of_the_mark")
    if kind(g) == "choose_region":
        assert top(g)["options"] == ["minas_tirith"]
        choose(g, FP, "minas_tirith")
    assert damage(g, "minas_tirith") == 0 and damage(g, "townlands") == 2
    assert len(hand_of(g, FP)) == 1


def test_rangers_in_the_woods():
    """eomer_rides_out: only with Faramir in play; one damage to a Shadow army next to yours; then an attack."""
    g = ready(fp=["army_muster"] * 5)
    place(g, "henneth_annun", FP, {"rangers": 2}, leaders=1)
    place(g, "crossroads", SH, {"orcs": 3})
    hand(g, FP, "eomer_rides_out")
    refuse(g, FP, "eomer_rides_out", "army_muster")
    adjust(g, "character", char="faramir", status="in_play", region="henneth_annun")
    play(g, FP, "eomer_rides_out")
    choose(g, FP, "crossroads")
    assert damage(g, "crossroads") == 1
    assert kind(g) == "attack"
    g.submit({"cmd": "attack", "side": FP, "from": "henneth_annun", "target": "crossroads"})
    assert g.state["battle"]["attacker"] == FP and g.state["battle"]["target"] == "crossroads"


def test_rangers_in_the_woods_attack_may_move_first():
    """R-8.6 and docs/rulings.md ("attacks" alone allows the move of an Army-die attack first):
    Rangers in the Woods moves no army of its own, so its attack is one of an army with a leader
    or a character that may first move to an adjacent region. With no Shadow army next to a Free
    Peoples army the damage is not dealt (R-5.9) and the attack is still offered: Faramir's
    rangers move into the Crossroads and attack South Ithilien, two regions away."""
    g = ready(fp=["army_muster"] * 5)
    place(g, "henneth_annun", FP, {"rangers": 2}, leaders=1)
    adjust(g, "character", char="faramir", status="in_play", region="henneth_annun")
    place(g, "south_ithilien", SH, {"orcs": 2})
    hand(g, FP, "eomer_rides_out")
    play(g, FP, "eomer_rides_out")
    assert top(g) == {"kind": "attack", "side": FP, "mode": "character"}, top(g)
    whole = {"cmd": "attack", "side": FP, "from": "henneth_annun", "to": "crossroads", "target": "south_ithilien",
             "units": {"rangers": 2}, "leaders": 1, "characters": ["faramir"], "damage": 0}
    assert whole in g.legal_commands()
    g.submit(whole)
    b = g.state["battle"]
    assert (b["attacker"], b["current"], b["target"]) == (FP, "crossroads", "south_ithilien")
    assert units(g, "crossroads") == {"rangers": 2} and units(g, "henneth_annun") == {}
    assert g.state["chars"]["faramir"]["region"] == "crossroads"


def test_hold_osgiliath():
    """hold_the_crossing: only with an army in West Osgiliath; one hit ignored in every round this
    turn; one damage marker off an army."""
    g = ready(sh=["army"] * 6)
    place(g, "townlands", FP, {"gondor_footmen": 2}, damage=1)
    hand(g, FP, "hold_the_crossing")
    refuse(g, FP, "hold_the_crossing")
    place(g, "west_osgiliath", FP, {"gondor_footmen": 3})
    place(g, "east_osgiliath", SH, {"orcs": 3})
    play(g, FP, "hold_the_crossing")
    choose(g, FP, "townlands") if kind(g) == "choose_region" else None
    assert damage(g, "townlands") == 0
    # The Shadow attacks across the ford: two hits, one ignored.
    attack(g, SH, "east_osgiliath", "west_osgiliath")
    fight(g, rolls={SH: [6, 6, 1], FP: [1, 1, 1, 1]})
    assert damage(g, "west_osgiliath") == 1


def test_fire_upon_the_engines():
    """scouts_of_the_westfold: every catapult in one site next to a Free Peoples army is burnt; a card."""
    g = ready(sh=["muster"] * 6, fp=["army_muster"] * 5)
    place(g, "gate_fields", FP, {"gondor_cavalry": 1})
    place(g, "north_pelennor", SH, {"orcs": 2})
    place(g, "harlond", SH, {"orcs": 2})
    g.submit({"cmd": "pass", "side": FP})
    use(g, SH, "muster", "build_catapults")
    choose(g, SH, "north_pelennor", "harlond")
    assert siege(g)["catapults"]["north_pelennor"] == 1 and siege(g)["catapults"]["harlond"] == 1
    hand(g, FP, "scouts_of_the_westfold")
    play(g, FP, "scouts_of_the_westfold")
    assert top(g)["options"] == ["north_pelennor"]  # the Harlond is not next to a Free Peoples army
    choose(g, FP, "north_pelennor")
    assert siege(g)["catapults"]["north_pelennor"] == 0 and siege(g)["catapults"]["harlond"] == 1
    assert len(hand_of(g, FP)) == 1


# =========================================================== Shadow story (Gondor)

def test_the_southrons_march():
    g = shadow_ready(sh=["muster"] * 6)
    hand(g, SH, "wild_men_of_dunland")
    play(g, SH, "wild_men_of_dunland")
    choose(g, SH, "harad_road", "south_ithilien")
    assert units(g, "harad_road") == {"southrons": 1} and units(g, "south_ithilien") == {"southrons": 1}


def test_easterlings_from_the_black_gate():
    g = shadow_ready(sh=["muster"] * 6)
    place(g, "north_ithilien", FP, {"rangers": 1})
    hand(g, SH, "wolves_unleashed")
    play(g, SH, "wolves_unleashed")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "north_ithilien"}, "choice/bad_region")
    choose(g, SH, "morannon_road")
    assert units(g, "morannon_road") == {"easterlings": 1}


def test_the_host_of_morgul():
    g = shadow_ready(sh=["muster"] * 6)
    hand(g, SH, "furnaces_of_isengard")
    play(g, SH, "furnaces_of_isengard")
    choose(g, SH, "minas_morgul", "morgul_vale")
    assert units(g, "minas_morgul") == {"orcs": 1} and units(g, "morgul_vale") == {"orcs": 1}


def test_shadow_over_gondor():
    """shadow_over_the_mark: fate back one; one leadership token placed at once."""
    g = shadow_ready()
    adjust(g, "fate", to=3)
    place(g, "crossroads", SH, {"orcs": 2})
    hand(g, SH, "shadow_over_the_mark")
    play(g, SH, "shadow_over_the_mark")
    assert g.state["fate"] == 2
    assert kind(g) == "place_leadership"
    g.submit({"cmd": "place_leadership_token", "side": SH, "region": "crossroads"})
    assert g.state["regions"]["crossroads"]["tokens"] == 1


def test_black_tidings():
    """ill_tidings: one red tile joins the pool; Cair Andros's protection falls by one."""
    g = shadow_ready()
    pool = len(g.state["fate_pool"])
    ca, mt = protection(g, "cair_andros"), protection(g)
    hand(g, SH, "ill_tidings")
    play(g, SH, "ill_tidings")
    assert len(g.state["fate_pool"]) == pool + 1
    assert protection(g, "cair_andros") == ca - 1 and protection(g) == mt


def test_the_townlands_burn():
    """the_westfold_burns: one damage to a Free Peoples army next to a Shadow army; a random discard."""
    g = shadow_ready(sh=["army"] * 6)
    place(g, "townlands", FP, {"gondor_footmen": 2})
    place(g, "gate_fields", SH, {"orcs": 2})
    hand(g, FP, "hard_riding", "march_by_night")
    hand(g, SH, "the_westfold_burns")
    play(g, SH, "the_westfold_burns")
    choose(g, SH, "townlands")
    assert damage(g, "townlands") == 1 and len(hand_of(g, FP)) == 1


def test_the_host_crosses_the_river():
    """the_white_hand_marches: up to three Shadow armies each move one region."""
    g = shadow_ready(sh=["army"] * 6)
    for r in ("crossroads", "morgul_vale", "emyn_arnen"):
        place(g, r, SH, {"orcs": 1})
    hand(g, SH, "the_white_hand_marches")
    play(g, SH, "the_white_hand_marches")
    move(g, SH, "crossroads", ["east_osgiliath"])
    move(g, SH, "morgul_vale", ["crossroads"])
    move(g, SH, "emyn_arnen", ["south_ithilien"])
    assert size(g, "east_osgiliath") == 1 and size(g, "crossroads") == 1 and size(g, "south_ithilien") == 1


def test_gothmog_takes_the_field():
    g = shadow_ready()
    place(g, "morgul_vale", SH, {"orcs": 2})
    hand(g, SH, "ugluks_band")
    play(g, SH, "ugluks_band", face="box")
    assert top(g)["options"] == ["minas_morgul", "morgul_vale"]
    choose(g, SH, "morgul_vale")
    assert g.state["chars"]["gothmog"] == {"status": "in_play", "region": "morgul_vale"}


def test_the_whips_of_the_captains():
    """driven_by_the_lash: three leadership tokens, placed at once."""
    g = shadow_ready()
    place(g, "crossroads", SH, {"orcs": 2})
    hand(g, SH, "driven_by_the_lash")
    play(g, SH, "driven_by_the_lash", face="box")
    for _ in range(3):
        g.submit({"cmd": "place_leadership_token", "side": SH, "region": "crossroads"})
    assert g.state["regions"]["crossroads"]["tokens"] == 3


def test_assault_on_osgiliath():
    """assault_on_the_fords: only with an army at the Crossroads; one extra hit in the first round."""
    g = shadow_ready(sh=["army"] * 6)
    place(g, "east_osgiliath", FP, {"gondor_footmen": 2})
    place(g, "emyn_arnen", SH, {"orcs": 3})
    hand(g, SH, "assault_on_the_fords")
    refuse(g, SH, "assault_on_the_fords", "army")
    place(g, "crossroads", SH, {"orcs": 1})
    play(g, SH, "assault_on_the_fords")
    g.submit({"cmd": "attack", "side": SH, "from": "emyn_arnen", "target": "east_osgiliath"})
    fight(g, rolls={SH: [1, 1, 1], FP: [1, 1, 1]})
    assert damage(g, "east_osgiliath") == 1


def test_engines_of_war():
    """storm_in_the_night: one catapult in a catapult site holding a Shadow army."""
    g = shadow_ready(sh=["army"] * 6)
    place(g, "gate_fields", SH, {"orcs": 2})
    place(g, "east_pelennor", SH, {"orcs": 2})
    hand(g, SH, "storm_in_the_night")
    play(g, SH, "storm_in_the_night")
    assert top(g)["options"] == ["east_pelennor"]
    choose(g, SH, "east_pelennor")
    assert siege(g)["catapults"]["east_pelennor"] == 1


def test_grond():
    """fire_of_orthanc: only with an army in the Gate Fields; Minas Tirith's protection falls by two."""
    g = shadow_ready(sh=["army"] * 6)
    hand(g, SH, "fire_of_orthanc")
    refuse(g, SH, "fire_of_orthanc", "army")
    place(g, "gate_fields", SH, {"orcs": 2})
    before = protection(g)
    play(g, SH, "fire_of_orthanc")
    assert protection(g) == before - 2


def test_the_great_host():
    """the_hand_grows_strong: only with fate on 5+; one more Shadow die from the next turn on."""
    g = shadow_ready(sh=["muster"] * 6)
    hand(g, SH, "the_hand_grows_strong")
    adjust(g, "fate", to=4)
    refuse(g, SH, "the_hand_grows_strong", "muster")
    adjust(g, "fate", to=5)
    play(g, SH, "the_hand_grows_strong")
    next_turn(g)
    assert g.state["sides"][SH]["dice"] == 7


def test_the_stone_of_minas_ithil():
    """sarumans_schemes: the Shadow draws a Darkness card; the Free Peoples discard one at random."""
    g = shadow_ready()
    hand(g, FP, "hard_riding", "march_by_night")
    hand(g, SH, "sarumans_schemes")
    special = len(g.state["sides"][SH]["special"])
    play(g, SH, "sarumans_schemes", face="box")
    assert len(g.state["sides"][SH]["special"]) == special - 1
    assert SPEC.cards[hand_of(g, SH)[0]].deck == "special"
    assert len(hand_of(g, FP)) == 1


def test_towers_on_the_plain():
    """half_orc_host: a siege tower with a Shadow army next to a stronghold whose walls stand."""
    g = shadow_ready(sh=["muster"] * 6)
    place(g, "townlands", SH, {"orcs": 2})
    place(g, "harlond", SH, {"orcs": 2})
    hand(g, SH, "half_orc_host")
    play(g, SH, "half_orc_host")
    assert top(g)["options"] == ["townlands"]
    choose(g, SH, "townlands")
    assert siege(g)["towers"] == {"townlands": 1}


def test_the_mumakil_come():
    """relentless_pursuit: a Mûmak on the Harad Road or in South Ithilien; then an army moves one region."""
    g = shadow_ready(sh=["muster"] * 6)
    hand(g, SH, "relentless_pursuit")
    play(g, SH, "relentless_pursuit")
    choose(g, SH, "harad_road")
    assert units(g, "harad_road") == {"mumakil": 1}
    move(g, SH, "harad_road", ["south_ithilien"])
    assert units(g, "south_ithilien") == {"mumakil": 1}


# =========================================================== Darkness (special)

def test_the_darkness_deepens():
    g = ready()
    hand(g, FP, "hope_kindled")
    play(g, FP, "hope_kindled")
    assert siege(g)["darkness"] == START[2:]
    hand(g, SH, "darkness_deepens")
    play(g, SH, "darkness_deepens", face="box")
    assert siege(g)["darkness"] == START[1:] and siege(g)["darkness_spread"] == 1


def test_the_nazgul_stoop():
    g = shadow_ready(sh=["army"] * 6)
    place(g, "gate_fields", FP, {"gondor_footmen": 3})
    place(g, "lossarnach", FP, {"gondor_footmen": 3})
    hand(g, SH, "the_nazgul_stoop")
    play(g, SH, "the_nazgul_stoop")
    assert top(g)["options"] == ["gate_fields"]  # Lossarnach is not under the Darkness
    choose(g, SH, "gate_fields")
    assert damage(g, "gate_fields") == 2


def test_the_sun_fails():
    g = shadow_ready(sh=["army"] * 6)
    place(g, "lossarnach", FP, {"gondor_footmen": 2})
    place(g, "lebennin", SH, {"orcs": 2})
    hand(g, SH, "the_sun_fails")
    play(g, SH, "the_sun_fails")
    fp_acts(g)
    from gondor_positions import rolled
    attack(g, SH, "lebennin", "lossarnach")
    ev = fight(g, rolls={SH: [1, 1], FP: [5, 5]})
    assert rolled(ev, FP)["target"] == 6 and damage(g, "lebennin") == 0


def test_fear_in_the_city():
    g = shadow_ready()
    adjust(g, "fate", to=2)
    hand(g, FP, "hard_riding", "march_by_night")
    hand(g, SH, "fear_in_the_city")
    play(g, SH, "fear_in_the_city", face="box")
    assert g.state["fate"] == 1 and len(hand_of(g, FP)) == 1


def test_despair_in_the_citadel():
    g = shadow_ready()
    hand(g, SH, "despair_in_the_citadel")
    adjust(g, "fate", to=7)
    refuse(g, SH, "despair_in_the_citadel", "event")
    adjust(g, "fate", to=6)
    play(g, SH, "despair_in_the_citadel", face="box")
    assert g.state["sides"][FP]["dice_bonus"] == -1


def test_morgul_sorcery():
    g = shadow_ready()
    place(g, "crossroads", SH, {"orcs": 2})
    hand(g, SH, "morgul_sorcery")
    ca = protection(g, "cair_andros")
    play(g, SH, "morgul_sorcery", face="box")
    assert protection(g, "cair_andros") == ca - 1
    g.submit({"cmd": "place_leadership_token", "side": SH, "region": "crossroads"})
    assert g.state["regions"]["crossroads"]["tokens"] == 1
