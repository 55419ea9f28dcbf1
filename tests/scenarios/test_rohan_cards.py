"""Every order half of the Rohan cards (R-5.2, R-5.6 to R-5.9), played through `Game.submit` in a
real Rohan position: each test asserts the state change its text promises, and, where the text
has a condition, that the card is refused when the condition fails (R-5.8).

Cards whose behaviour another helper is changing are left out: `rohan_positions.SKIPPED_CARDS`.
The combat halves are in `test_rohan_combat_cards.py`.
"""
from __future__ import annotations

import pytest

from botwotr.core import RuleError
from helpers import canonical

from rohan_positions import (FP, SH, SPEC, adjust, assert_illegal, choose, damage, hand, hand_of,
                             kind, next_turn, place, play, ready, rtokens, size, to_shadow, top,
                             units)


def generic(cards):
    return all(SPEC.cards[c].deck == "generic" for c in cards)


def one_move(g, side, frm, path, **kw):
    return g.submit({"cmd": "move_army", "side": side, "from": frm, "path": path, **kw})


def rally(g, side, region, dice):
    return g.submit({"cmd": "rally", "side": side, "region": region, "outcomes": list(dice)})


def after_action(g, side):
    """The card's action is over: the other side (or this one) is asked for its next action."""
    assert kind(g) == "action", top(g)


# =========================================================== generic: army

@pytest.mark.parametrize("card", ["hard_riding", "guided_march"])
def test_order_move_one_army_up_to_two_regions(card):
    """R-5.2 Hard Riding / Guided March: one army moves up to two regions (not three)."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "grimslade", FP, {"rohan_archers": 1})
    hand(g, FP, card)
    play(g, FP, card)
    assert_illegal(g, {"cmd": "move_army", "side": FP, "from": "westemnet",
                       "path": ["grimslade", "edoras", "dunharrow"]}, "move/too_far")
    one_move(g, FP, "westemnet", ["west_entwade", "edoras"])
    assert units(g, "edoras") == {"rohan_footmen": 2} and size(g, "westemnet") == 0
    assert units(g, "grimslade") == {"rohan_archers": 1}  # one army only
    after_action(g, FP)
    assert card in g.state["discard"]  # R-5.7


def test_order_march_by_night():
    """R-5.2 March by Night: up to two armies each move one region."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "grimslade", FP, {"rohan_archers": 1})
    hand(g, FP, "march_by_night")
    play(g, FP, "march_by_night")
    assert_illegal(g, {"cmd": "move_army", "side": FP, "from": "westemnet", "path": ["derndingle", "entwood"]},
                   "move/too_far")
    one_move(g, FP, "westemnet", ["derndingle"])
    assert_illegal(g, {"cmd": "move_army", "side": FP, "from": "derndingle", "path": ["entwood"]}, "move/same_army")
    one_move(g, FP, "grimslade", ["edoras"])
    assert units(g, "derndingle") == {"rohan_footmen": 2} and units(g, "edoras") == {"rohan_archers": 1}
    after_action(g, FP)


def test_order_skirmishers():
    """R-5.2 Skirmishers: an enemy army next to one of yours takes one damage; one far off cannot."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "isen_vale", SH, {"orcs": 2})
    place(g, "dunland", SH, {"dunlendings": 2})
    hand(g, FP, "skirmishers")
    play(g, FP, "skirmishers")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "dunland"}, "choice/bad_region")
    choose(g, FP, "isen_vale")
    assert damage(g, "isen_vale") == 1 and damage(g, "dunland") == 0
    after_action(g, FP)


def test_order_flanking_march():
    """R-5.2 Flanking March: one army moves one region, then an army attacks (R-10.1)."""
    g = ready()
    place(g, "grimslade", FP, {"rohan_footmen": 2})
    place(g, "isen_vale", SH, {"orcs": 2})
    hand(g, FP, "flanking_march")
    play(g, FP, "flanking_march")
    one_move(g, FP, "grimslade", ["westemnet"])
    assert units(g, "westemnet") == {"rohan_footmen": 2}
    assert kind(g) == "attack"
    g.submit({"cmd": "attack", "side": FP, "from": "westemnet", "target": "isen_vale"})
    b = g.state["battle"]
    assert b["attacker"] == FP and b["target"] == "isen_vale" and b["current"] == "westemnet"


def test_order_fire_and_ruin():
    """R-5.2 Fire and Ruin: every enemy recruitment token in one region is destroyed; the
    Shadow's two tokens in Orthanc (the set-up one and the Pits' one) both go."""
    g = ready(position="pits")
    assert len(rtokens(g, "orthanc", SH)) == 2 and len(rtokens(g, "dunland", SH)) == 2
    hand(g, FP, "fire_and_ruin")
    play(g, FP, "fire_and_ruin")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "westemnet"}, "choice/bad_region")
    choose(g, FP, "orthanc")
    assert rtokens(g, "orthanc", SH) == [] and len(rtokens(g, "dunland", SH)) == 2
    assert len(rtokens(g, "westemnet", FP)) == 1  # the player's own tokens stay
    after_action(g, FP)


def test_order_regroup_on_the_move():
    """R-5.2 Regroup on the Move: move one army one region, then one army loses one damage marker."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 3}, damage=2)
    hand(g, FP, "regroup_on_the_move")
    play(g, FP, "regroup_on_the_move")
    one_move(g, FP, "westemnet", ["grimslade"])
    choose(g, FP, "grimslade")
    assert units(g, "grimslade") == {"rohan_footmen": 3} and damage(g, "grimslade") == 1
    after_action(g, FP)


def test_order_scouts_ahead():
    """R-5.2 Scouts Ahead: draw one generic card, then move an army one region."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    hand(g, FP, "scouts_ahead")
    play(g, FP, "scouts_ahead")
    drawn = hand_of(g, FP)
    assert len(drawn) == 1 and generic(drawn)
    one_move(g, FP, "westemnet", ["grimslade"])
    assert units(g, "grimslade") == {"rohan_footmen": 2}
    after_action(g, FP)


# =========================================================== generic: character

def test_order_council_of_war():
    """R-5.2 Council of War: draw two generic cards."""
    g = ready()
    hand(g, FP, "council_of_war")
    play(g, FP, "council_of_war")
    drawn = hand_of(g, FP)
    assert len(drawn) == 2 and generic(drawn) and "council_of_war" not in drawn
    after_action(g, FP)


@pytest.mark.parametrize("card", ["heroic_deed", "tend_the_wounded"])
def test_order_remove_two_damage_only_if_damaged(card):
    """R-5.8 Heroic Deed / Tend the Wounded: refused with no damaged army; then two markers go."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 3})
    hand(g, FP, card)
    die = g.state["sides"][FP]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": FP, "die": die, "action": "play_card", "card": card},
                   "card/precondition", "R-5.8")
    adjust(g, "damage", region="westemnet", n=3)
    play(g, FP, card)
    choose(g, FP, "westemnet")
    assert damage(g, "westemnet") == 1
    after_action(g, FP)


def test_order_swift_messenger():
    """R-5.2 Swift Messenger: draw one card from your own story deck."""
    g = ready()
    story = len(g.state["sides"][FP]["story"])
    hand(g, FP, "swift_messenger")
    play(g, FP, "swift_messenger")
    drawn = hand_of(g, FP)
    assert len(drawn) == 1 and SPEC.cards[drawn[0]].deck == "fp_story"
    assert len(g.state["sides"][FP]["story"]) == story - 1
    after_action(g, FP)


def test_order_cunning_stratagem():
    """R-5.2 Cunning Stratagem: the opponent discards one card at random."""
    g = ready()
    hand(g, SH, "council_of_war", "hard_riding", "ill_tidings")
    hand(g, FP, "cunning_stratagem")
    play(g, FP, "cunning_stratagem")
    left = hand_of(g, SH)
    assert len(left) == 2
    (lost,) = {"council_of_war", "hard_riding", "ill_tidings"} - set(left)
    assert lost in g.state["discard"] + g.state["gone"]
    after_action(g, FP)


def test_order_duel_of_champions():
    """R-5.2 Duel of Champions: an adjacent enemy army takes one damage; then draw a generic card."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "isen_vale", SH, {"orcs": 2})
    place(g, "dunland", SH, {"dunlendings": 2})
    hand(g, FP, "duel_of_champions")
    play(g, FP, "duel_of_champions")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "dunland"}, "choice/bad_region")
    choose(g, FP, "isen_vale")
    assert damage(g, "isen_vale") == 1
    drawn = hand_of(g, FP)
    assert len(drawn) == 1 and generic(drawn)
    after_action(g, FP)


def test_order_inspiring_words():
    """R-5.2 / R-13.1 Inspiring Words: rally one army with +1 on each rally die (a 4 succeeds)."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2}, damage=2)
    place(g, "grimslade", FP, {"rohan_footmen": 2}, damage=1)
    hand(g, FP, "inspiring_words")
    play(g, FP, "inspiring_words")
    rally(g, FP, "westemnet", [4, 4])
    assert damage(g, "westemnet") == 0
    assert damage(g, "grimslade") == 1  # one army only
    after_action(g, FP)


def test_order_watchful_spies():
    """R-5.2 Watchful Spies: draw a generic card; the opponent discards one card at random."""
    g = ready()
    hand(g, SH, "council_of_war", "ill_tidings")
    hand(g, FP, "watchful_spies")
    play(g, FP, "watchful_spies")
    drawn = hand_of(g, FP)
    assert len(drawn) == 1 and generic(drawn)
    assert len(hand_of(g, SH)) == 1
    after_action(g, FP)


def test_order_last_stand():
    """R-5.8 Last Stand: refused with no damaged army; then one marker goes and a generic card is drawn."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 3})
    hand(g, FP, "last_stand")
    die = g.state["sides"][FP]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": FP, "die": die, "action": "play_card", "card": "last_stand"},
                   "card/precondition", "R-5.8")
    adjust(g, "damage", region="westemnet", n=2)
    play(g, FP, "last_stand")
    choose(g, FP, "westemnet")
    assert damage(g, "westemnet") == 1
    drawn = hand_of(g, FP)
    assert len(drawn) == 1 and generic(drawn)
    after_action(g, FP)


# =========================================================== generic: muster

def recruit_setup(g):
    """Grimslade (a Free Peoples settlement) is held by a Shadow army; Edoras is under Shadow control."""
    place(g, "grimslade", SH, {"orcs": 1})
    adjust(g, "control", region="edoras", owner=SH)


@pytest.mark.parametrize("card", ["call_to_arms", "summon_aid"])
def test_order_place_a_unit_of_choice_in_a_settlement_you_hold(card):
    """R-5.2 / R-12.6 Call to Arms / Summon Aid: one unit of your choice in one of your settlements
    that you hold (not one the enemy occupies or controls); Summon Aid then draws a generic card."""
    g = ready()
    recruit_setup(g)
    hand(g, FP, card)
    play(g, FP, card)
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "grimslade"}, "choice/bad_region")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "edoras"}, "choice/bad_region")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "orthanc"}, "choice/bad_region")
    choose(g, FP, "westemnet")
    assert kind(g) == "choose_unit" and {"rohan_footmen", "rohan_archers", "rohan_riders"} <= set(top(g)["options"])
    g.submit({"cmd": "choose_unit", "side": FP, "unit": "rohan_riders"})
    assert units(g, "westemnet") == {"rohan_riders": 1}
    if card == "summon_aid":
        drawn = hand_of(g, FP)
        assert len(drawn) == 1 and generic(drawn)
    after_action(g, FP)


@pytest.mark.parametrize("card", ["fresh_levies", "the_muster_of_rohan"])
def test_order_two_tokens_in_two_different_settlements(card):
    """R-12.2 Fresh Levies / The Muster of Rohan: two recruitment tokens, in two different
    settlements of yours that you hold."""
    g = ready()
    recruit_setup(g)
    before = {r: len(rtokens(g, r, FP)) for r in ("westemnet", "folde")}
    hand(g, FP, card)
    play(g, FP, card)
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "edoras"}, "choice/bad_region")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "grimslade"}, "choice/bad_region")
    choose(g, FP, "westemnet")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "westemnet"}, "choice/bad_region")
    choose(g, FP, "folde")
    assert len(rtokens(g, "westemnet", FP)) == before["westemnet"] + 1
    assert len(rtokens(g, "folde", FP)) == before["folde"] + 1
    after_action(g, FP)


def test_order_muster_the_host():
    """R-5.2 Muster the Host: two units of your choice, each in a settlement you hold."""
    g = ready()
    recruit_setup(g)
    hand(g, FP, "muster_the_host")
    play(g, FP, "muster_the_host")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "edoras"}, "choice/bad_region")
    choose(g, FP, "westemnet")
    g.submit({"cmd": "choose_unit", "side": FP, "unit": "rohan_riders"})
    choose(g, FP, "aldburg")
    g.submit({"cmd": "choose_unit", "side": FP, "unit": "rohan_archers"})
    assert units(g, "westemnet") == {"rohan_riders": 1} and units(g, "aldburg") == {"rohan_archers": 1}
    after_action(g, FP)


def test_order_rally_to_the_banners():
    """R-13.1 Rally to the Banners: two different armies rally, +1 on each rally die."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2}, damage=2)
    place(g, "grimslade", FP, {"rohan_footmen": 2}, damage=1)
    place(g, "edoras", FP, {"rohan_footmen": 2}, damage=1)
    hand(g, FP, "rally_to_the_banners")
    play(g, FP, "rally_to_the_banners")
    rally(g, FP, "westemnet", [4, 4])
    assert_illegal(g, {"cmd": "rally", "side": FP, "region": "westemnet", "outcomes": [4, 4]}, "rally/bad_army")
    rally(g, FP, "grimslade", [4, 1])
    assert damage(g, "westemnet") == 0 and damage(g, "grimslade") == 0
    assert damage(g, "edoras") == 1  # two armies only
    after_action(g, FP)


def test_order_reinforcements():
    """R-5.2 Reinforcements: one unit of your choice joins one of your armies (anywhere)."""
    g = ready()
    place(g, "derndingle", FP, {"rohan_footmen": 1})
    hand(g, FP, "reinforcements")
    play(g, FP, "reinforcements")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "edoras"}, "choice/bad_region")
    choose(g, FP, "derndingle")
    g.submit({"cmd": "choose_unit", "side": FP, "unit": "rohan_riders"})
    assert units(g, "derndingle") == {"rohan_footmen": 1, "rohan_riders": 1}
    after_action(g, FP)


def test_order_forage_and_gather():
    """R-5.2 Forage and Gather: draw a generic card; then a recruitment token in a settlement you hold."""
    g = ready()
    recruit_setup(g)
    hand(g, FP, "forage_and_gather")
    play(g, FP, "forage_and_gather")
    drawn = hand_of(g, FP)
    assert len(drawn) == 1 and generic(drawn)
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "edoras"}, "choice/bad_region")
    choose(g, FP, "aldburg")
    assert len(rtokens(g, "aldburg", FP)) == 1
    after_action(g, FP)


def test_order_hidden_stores():
    """R-5.2 Hidden Stores: one damage marker goes; then one army rallies (no bonus: a 4 fails)."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 3}, damage=3)
    hand(g, FP, "hidden_stores")
    play(g, FP, "hidden_stores")
    choose(g, FP, "westemnet")
    assert damage(g, "westemnet") == 2
    rally(g, FP, "westemnet", [5, 4, 1])
    assert damage(g, "westemnet") == 1
    after_action(g, FP)


def test_order_horns_of_war():
    """R-5.2 Horns of War: a recruitment token in a settlement you hold; then one army rallies."""
    g = ready()
    place(g, "westemnet", FP, {"rohan_footmen": 2}, damage=2)
    hand(g, FP, "horns_of_war")
    play(g, FP, "horns_of_war")
    choose(g, FP, "aldburg")
    assert len(rtokens(g, "aldburg", FP)) == 1
    rally(g, FP, "westemnet", [5, 5])
    assert damage(g, "westemnet") == 0
    after_action(g, FP)


# =========================================================== Free Peoples story

def test_order_the_king_awakes():
    """R-5.8 / R-3.7 The King Awakes: only with Théoden in play and fate on 3+; from the next
    turn on the Free Peoples roll one more action die (not this turn)."""
    g = ready()
    hand(g, FP, "the_king_awakes")
    die = g.state["sides"][FP]["rolled"].index("event")
    refuse = {"cmd": "use_die", "side": FP, "die": die, "action": "play_card", "card": "the_king_awakes"}
    adjust(g, "fate", to=3)
    assert_illegal(g, refuse, "card/precondition", "R-5.8")  # Théoden not in play
    place(g, "edoras", FP, {"rohan_footmen": 2}, chars=("theoden",))
    adjust(g, "fate", to=2)
    assert_illegal(g, refuse, "card/precondition", "R-5.8")  # fate on 2
    adjust(g, "fate", to=3)
    play(g, FP, "the_king_awakes")
    assert g.state["sides"][FP]["dice"] == 4 and len(g.state["sides"][FP]["rolled"]) == 3
    next_turn(g)
    assert g.state["sides"][FP]["dice"] == 5
    next_turn(g)
    assert g.state["sides"][FP]["dice"] == 5  # for the rest of the game


def test_order_serpent_cast_out():
    """R-5.2 The Serpent Cast Out: fate advances one space; the Shadow discards one card at random."""
    g = ready()
    adjust(g, "fate", to=2)
    hand(g, SH, "ill_tidings", "council_of_war")
    hand(g, FP, "serpent_cast_out")
    play(g, FP, "serpent_cast_out")
    assert g.state["fate"] == 3
    assert len(hand_of(g, SH)) == 1
    assert "serpent_cast_out" in g.state["gone"]  # R-5.5: a played story card is gone
    after_action(g, FP)


def test_order_three_hunters():
    """R-7.5 The Three Hunters: Aragorn, Legolas and Gimli become ready with fate on 0."""
    g = ready()
    assert g.state["fate"] == 0
    hand(g, FP, "three_hunters")
    play(g, FP, "three_hunters")
    for c in ("aragorn", "legolas", "gimli"):
        assert g.state["chars"][c]["status"] == "ready", c
    assert g.state["chars"]["gandalf"]["status"] == "pool"
    after_action(g, FP)


def test_order_the_white_rider():
    """R-5.8 / R-8.2 The White Rider: only with fate on 2+; Gandalf enters at Derndingle or Edoras,
    and from the next turn the Free Peoples have his extra die."""
    g = ready()
    hand(g, FP, "the_white_rider")
    adjust(g, "fate", to=1)
    die = g.state["sides"][FP]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": FP, "die": die, "action": "play_card", "card": "the_white_rider"},
                   "card/precondition", "R-5.8")
    adjust(g, "fate", to=2)
    play(g, FP, "the_white_rider")
    assert sorted(top(g)["options"]) == ["derndingle", "edoras"]
    choose(g, FP, "derndingle")
    assert g.state["chars"]["gandalf"] == {"status": "in_play", "region": "derndingle"}
    after_action(g, FP)
    next_turn(g)
    assert g.state["sides"][FP]["dice"] == 5  # R-8.2: Gandalf brings one more action die


def test_order_the_westfold_rises():
    """R-5.2 The Westfold Rises: a unit of your choice in a settlement you hold; then one army rallies."""
    g = ready()
    recruit_setup(g)
    place(g, "aldburg", FP, {"rohan_footmen": 2}, damage=1)
    hand(g, FP, "the_westfold_rises")
    play(g, FP, "the_westfold_rises")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "edoras"}, "choice/bad_region")
    choose(g, FP, "westemnet")
    g.submit({"cmd": "choose_unit", "side": FP, "unit": "rohan_archers"})
    assert units(g, "westemnet") == {"rohan_archers": 1}
    rally(g, FP, "aldburg", [6, 1])
    assert damage(g, "aldburg") == 0
    after_action(g, FP)


def test_order_hope_kindled():
    """R-5.8 Hope Kindled: only with fate on 2+; fate advances one space."""
    g = ready()
    hand(g, FP, "hope_kindled")
    adjust(g, "fate", to=1)
    die = g.state["sides"][FP]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": FP, "die": die, "action": "play_card", "card": "hope_kindled"},
                   "card/precondition", "R-5.8")
    adjust(g, "fate", to=2)
    play(g, FP, "hope_kindled")
    assert g.state["fate"] == 3
    after_action(g, FP)


def test_order_counsel_of_the_wise():
    """R-7.2 Counsel of the Wise: two blue fate tiles join the pool."""
    g = ready()
    pool = set(g.state["fate_pool"])
    hand(g, FP, "counsel_of_the_wise")
    play(g, FP, "counsel_of_the_wise")
    added = set(g.state["fate_pool"]) - pool
    assert len(added) == 2 and all(SPEC.fate_tiles[t].color == "blue" for t in added)
    assert not added & set(g.state["fate_extra"])
    after_action(g, FP)


def test_order_riders_of_the_mark():
    """R-5.7 / R-3.7 Riders of the Mark: the card stays on the table; every later turn the Free
    Peoples have one action token more."""
    g = ready()
    base = g.state["sides"][FP]["action_tokens"]
    hand(g, FP, "riders_of_the_mark")
    play(g, FP, "riders_of_the_mark")
    assert "riders_of_the_mark" in g.state["table"]
    next_turn(g)
    assert g.state["sides"][FP]["action_tokens"] == base + 1
    next_turn(g)
    assert g.state["sides"][FP]["action_tokens"] == base + 1
    assert "riders_of_the_mark" in g.state["table"]


def test_order_eomer_rides_out():
    """R-5.8 Éomer Rides Out: only with Éomer in play; one army moves up to two regions, then an
    army with a leader or a character attacks (one without may not)."""
    g = ready()
    place(g, "grimslade", FP, {"rohan_riders": 2})
    place(g, "fangorn", FP, {"rohan_footmen": 1})
    place(g, "isen_vale", SH, {"orcs": 2})
    hand(g, FP, "eomer_rides_out")
    die = g.state["sides"][FP]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": FP, "die": die, "action": "play_card", "card": "eomer_rides_out"},
                   "card/precondition", "R-5.8")
    adjust(g, "character", char="eomer", status="in_play", region="edoras")
    place(g, "edoras", FP, {"rohan_riders": 1})
    play(g, FP, "eomer_rides_out")
    one_move(g, FP, "edoras", ["west_entwade", "westemnet"])
    assert g.state["chars"]["eomer"]["region"] == "westemnet"
    assert kind(g) == "attack"
    assert_illegal(g, {"cmd": "attack", "side": FP, "from": "fangorn", "target": "isen_vale"}, "attack/no_leader")
    g.submit({"cmd": "attack", "side": FP, "from": "westemnet", "target": "isen_vale"})
    assert g.state["battle"]["current"] == "westemnet" and g.state["battle"]["target"] == "isen_vale"


def test_order_scouts_of_the_westfold():
    """R-5.2 Scouts of the Westfold: the Shadow's tokens in one region are destroyed; then draw a generic card."""
    g = ready()
    hand(g, FP, "scouts_of_the_westfold")
    play(g, FP, "scouts_of_the_westfold")
    choose(g, FP, "dunland")
    assert rtokens(g, "dunland", SH) == [] and len(rtokens(g, "orthanc", SH)) == 1
    drawn = hand_of(g, FP)
    assert len(drawn) == 1 and generic(drawn)
    after_action(g, FP)


# =========================================================== Shadow story

def shadow(**kw):
    return to_shadow(ready(**kw))


def test_order_shadow_over_the_mark():
    """R-7.1 Shadow over the Mark: the fate marker goes back one space."""
    g = ready()
    adjust(g, "fate", to=3)
    to_shadow(g)
    hand(g, SH, "shadow_over_the_mark")
    play(g, SH, "shadow_over_the_mark")
    assert g.state["fate"] == 2
    after_action(g, SH)


def test_order_ill_tidings():
    """R-7.2 Ill Tidings: two red fate tiles join the pool."""
    g = shadow()
    pool = set(g.state["fate_pool"])
    hand(g, SH, "ill_tidings")
    play(g, SH, "ill_tidings")
    added = set(g.state["fate_pool"]) - pool
    assert len(added) == 2 and all(SPEC.fate_tiles[t].color == "red" for t in added)
    after_action(g, SH)


def test_order_the_westfold_burns():
    """R-5.2 The Westfold Burns: a Free Peoples army next to a Shadow army takes one damage; then
    the Free Peoples tokens in one region are destroyed."""
    g = shadow()
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "aldburg", FP, {"rohan_footmen": 2})
    place(g, "isen_vale", SH, {"orcs": 2})
    hand(g, SH, "the_westfold_burns")
    play(g, SH, "the_westfold_burns")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "aldburg"}, "choice/bad_region")
    choose(g, SH, "westemnet")
    assert damage(g, "westemnet") == 1
    choose(g, SH, "folde")
    assert rtokens(g, "folde", FP) == [] and len(rtokens(g, "dunharrow", FP)) == 1
    after_action(g, SH)


def test_order_the_white_hand_marches():
    """R-5.2 The White Hand Marches: up to two Shadow armies each move one region."""
    g = shadow()
    place(g, "isen_vale", SH, {"orcs": 2})
    place(g, "dunland", SH, {"dunlendings": 2})
    hand(g, SH, "the_white_hand_marches")
    play(g, SH, "the_white_hand_marches")
    one_move(g, SH, "isen_vale", ["fangorn"])
    assert_illegal(g, {"cmd": "move_army", "side": SH, "from": "fangorn", "path": ["derndingle"]}, "move/same_army")
    one_move(g, SH, "dunland", ["west_fords"])
    assert units(g, "fangorn") == {"orcs": 2} and units(g, "west_fords") == {"dunlendings": 2}
    after_action(g, SH)


def test_order_ugluks_band():
    """R-5.2 Uglúk's Band: Uglúk enters play at Orthanc or Nan Curunír."""
    g = shadow()
    hand(g, SH, "ugluks_band")
    play(g, SH, "ugluks_band")
    assert sorted(top(g)["options"]) == ["nan_curunir", "orthanc"]
    choose(g, SH, "nan_curunir")
    assert g.state["chars"]["ugluk"] == {"status": "in_play", "region": "nan_curunir"}
    after_action(g, SH)


def test_order_fire_of_orthanc():
    """R-5.8 The Fire of Orthanc: only with a Shadow army in the Deeping Coomb; a Free Peoples
    army next to a Shadow army takes two damage."""
    g = shadow()
    place(g, "helms_deep", FP, {"rohan_footmen": 3})
    place(g, "aldburg", FP, {"rohan_footmen": 3})
    place(g, "westfold", SH, {"orcs": 2})
    hand(g, SH, "fire_of_orthanc")
    die = g.state["sides"][SH]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": SH, "die": die, "action": "play_card", "card": "fire_of_orthanc"},
                   "card/precondition", "R-5.8")
    adjust(g, "move", **{"from": "westfold", "to": "deeping_coomb"})
    play(g, SH, "fire_of_orthanc")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "aldburg"}, "choice/bad_region")
    choose(g, SH, "helms_deep")
    assert damage(g, "helms_deep") == 2
    after_action(g, SH)


def test_order_the_hand_grows_strong():
    """R-5.8 / R-3.7 The Hand Grows Strong: only from turn 4 on; from the next turn the Shadow
    rolls one more action die."""
    g = shadow()
    hand(g, SH, "the_hand_grows_strong")
    die = g.state["sides"][SH]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": SH, "die": die, "action": "play_card", "card": "the_hand_grows_strong"},
                   "card/precondition", "R-5.8")
    for _ in range(3):
        next_turn(g)
    assert g.state["turn"] == 4
    dice = g.state["sides"][SH]["dice"]
    hand(g, SH, "the_hand_grows_strong")
    g.submit({"cmd": "pass", "side": FP})
    play(g, SH, "the_hand_grows_strong")
    assert g.state["sides"][SH]["dice"] == dice
    next_turn(g)
    assert g.state["sides"][SH]["dice"] == dice + 1


def test_order_sarumans_schemes():
    """R-5.2 Saruman's Schemes: the Free Peoples discard a card at random; then the Shadow draws a
    Shadow story card."""
    g = shadow()
    hand(g, FP, "council_of_war", "hope_kindled")
    hand(g, SH, "sarumans_schemes")
    play(g, SH, "sarumans_schemes")
    assert len(hand_of(g, FP)) == 1
    drawn = hand_of(g, SH)
    assert len(drawn) == 1 and SPEC.cards[drawn[0]].deck == "sh_story"
    after_action(g, SH)


def test_order_relentless_pursuit():
    """R-5.2 Relentless Pursuit: a Shadow army moves up to two regions; then a Shadow army attacks."""
    g = shadow()
    place(g, "nan_curunir", SH, {"uruk_hai": 2})
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    hand(g, SH, "relentless_pursuit")
    play(g, SH, "relentless_pursuit")
    one_move(g, SH, "nan_curunir", ["fangorn"])  # next to the Westemnet: it must stop (R-9.4)
    assert units(g, "fangorn") == {"uruk_hai": 2}
    g.submit({"cmd": "attack", "side": SH, "from": "fangorn", "target": "westemnet"})
    b = g.state["battle"]
    assert b["attacker"] == SH and b["target"] == "westemnet"


def test_order_relentless_pursuit_moves_two_regions():
    """R-5.2 Relentless Pursuit: the move goes up to two regions when nothing stops it."""
    g = shadow()
    place(g, "orthanc", SH, {"uruk_hai": 2})
    place(g, "edoras", FP, {"rohan_footmen": 2})
    hand(g, SH, "relentless_pursuit")
    play(g, SH, "relentless_pursuit")
    one_move(g, SH, "orthanc", ["fangorn", "westemnet"])
    assert units(g, "westemnet") == {"uruk_hai": 2}


# =========================================================== special: Gríma

def test_order_poisoned_counsel():
    """R-5.8 / R-3.7 Poisoned Counsel: only with fate on 6 or less; from the next turn the Free
    Peoples roll one action die fewer."""
    g = shadow()
    hand(g, SH, "poisoned_counsel")
    adjust(g, "fate", to=7)
    die = g.state["sides"][SH]["rolled"].index("event")
    assert_illegal(g, {"cmd": "use_die", "side": SH, "die": die, "action": "play_card", "card": "poisoned_counsel"},
                   "card/precondition", "R-5.8")
    adjust(g, "fate", to=6)
    play(g, SH, "poisoned_counsel")
    assert g.state["sides"][FP]["dice"] == 4
    next_turn(g)
    assert g.state["sides"][FP]["dice"] == 3


def test_order_delaying_words():
    """R-5.2 Delaying Words: fate back one space and one red tile joins the pool."""
    g = ready()
    adjust(g, "fate", to=4)
    to_shadow(g)
    pool = set(g.state["fate_pool"])
    hand(g, SH, "delaying_words")
    play(g, SH, "delaying_words")
    assert g.state["fate"] == 3
    added = set(g.state["fate_pool"]) - pool
    assert len(added) == 1 and SPEC.fate_tiles[added.pop()].color == "red"
    after_action(g, SH)


def test_order_secrets_sold():
    """R-5.2 Secrets Sold: draw a generic card; then the Free Peoples discard one at random."""
    g = shadow()
    hand(g, FP, "council_of_war", "hope_kindled", "hard_riding")
    hand(g, SH, "secrets_sold")
    play(g, SH, "secrets_sold")
    drawn = hand_of(g, SH)
    assert len(drawn) == 1 and generic(drawn)
    assert len(hand_of(g, FP)) == 2
    after_action(g, SH)


def test_order_the_guard_dismissed():
    """R-5.2 The Guard Dismissed: one Free Peoples army anywhere, far from any Shadow army, takes one damage."""
    g = shadow()
    place(g, "aldburg", FP, {"rohan_riders": 2})
    place(g, "dunland", SH, {"dunlendings": 1})
    hand(g, SH, "the_guard_dismissed")
    play(g, SH, "the_guard_dismissed")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "dunland"}, "choice/bad_region")
    choose(g, SH, "aldburg")
    assert damage(g, "aldburg") == 1
    after_action(g, SH)


# =========================================================== generic cards in the Shadow's hands

def test_order_generic_cards_read_your_and_opponent_from_the_shadow_side():
    """R-5.1 / R-5.2: the generic deck serves both sides; played by the Shadow, "your" means the
    Shadow's and "your opponent" the Free Peoples'."""
    # Swift Messenger: the Shadow's own story deck
    g = shadow()
    hand(g, SH, "swift_messenger")
    play(g, SH, "swift_messenger")
    drawn = hand_of(g, SH)
    assert len(drawn) == 1 and SPEC.cards[drawn[0]].deck == "sh_story"
    # Cunning Stratagem: the Free Peoples discard
    g = shadow()
    hand(g, FP, "hope_kindled", "council_of_war")
    hand(g, SH, "cunning_stratagem")
    play(g, SH, "cunning_stratagem")
    assert len(hand_of(g, FP)) == 1 and hand_of(g, SH) == []
    # Skirmishers: a Free Peoples army next to a Shadow army
    g = shadow()
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "aldburg", FP, {"rohan_footmen": 2})
    place(g, "isen_vale", SH, {"orcs": 2})
    hand(g, SH, "skirmishers")
    play(g, SH, "skirmishers")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "aldburg"}, "choice/bad_region")
    choose(g, SH, "westemnet")
    assert damage(g, "westemnet") == 1


def test_order_call_to_arms_for_the_shadow():
    """R-5.2 / R-12.6 Call to Arms played by the Shadow: a Shadow unit of its choice in a Shadow
    settlement it holds (Orthanc or Dunland), not in a Free Peoples settlement it has taken."""
    g = shadow()
    adjust(g, "control", region="westemnet", owner=SH)
    hand(g, SH, "call_to_arms")
    play(g, SH, "call_to_arms")
    assert sorted(top(g)["options"]) == ["dunland", "orthanc"]
    choose(g, SH, "dunland")
    assert set(top(g)["options"]) == {u for u, us in SPEC.units.items() if us.side == SH}
    g.submit({"cmd": "choose_unit", "side": SH, "unit": "warg_riders"})
    assert units(g, "dunland") == {"warg_riders": 1}


def test_order_fresh_levies_for_the_shadow():
    """R-12.2 Fresh Levies played by the Shadow: tokens in Orthanc and Dunland, one each."""
    g = shadow()
    before = {r: len(rtokens(g, r, SH)) for r in ("orthanc", "dunland")}
    hand(g, SH, "fresh_levies")
    play(g, SH, "fresh_levies")
    choose(g, SH, "orthanc")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "orthanc"}, "choice/bad_region")
    choose(g, SH, "dunland")
    assert {r: len(rtokens(g, r, SH)) for r in before} == {r: n + 1 for r, n in before.items()}


# =========================================================== defects found by the census

def assert_no_moving_attack(g, cmd):
    """The card's attack is made from where the army stands (ruling in docs/rulings.md): no
    offered attack moves first, and an attack that would move is refused, changing nothing."""
    assert not [c for c in g.legal_commands() if c["cmd"] == "attack" and c.get("to") not in (None, c.get("from"))]
    before, n = canonical(g.state), len(g.log)
    with pytest.raises(RuleError):
        g.submit(cmd)
    assert canonical(g.state) == before and len(g.log) == n


def test_order_flanking_march_attacks_from_where_the_army_stands():
    """R-5.2 Flanking March: the move is the one region the text gives; the attack that follows
    is made by an army from where it stands, not after a second move."""
    g = ready()
    place(g, "grimslade", FP, {"rohan_footmen": 2})
    place(g, "nan_curunir", SH, {"orcs": 2})
    hand(g, FP, "flanking_march")
    play(g, FP, "flanking_march")
    one_move(g, FP, "grimslade", ["westemnet"])
    # the Westemnet is not next to Nan Curunír; moving on to Fangorn first would make it so
    assert_no_moving_attack(g, {"cmd": "attack", "side": FP, "from": "westemnet", "to": "fangorn",
                       "target": "nan_curunir"})


def test_order_relentless_pursuit_attacks_after_the_two_region_move_only():
    """R-5.2 Relentless Pursuit: up to two regions of movement, then an attack from there; no
    third region on the way into the attack."""
    g = shadow()
    place(g, "orthanc", SH, {"uruk_hai": 2})
    place(g, "grimslade", FP, {"rohan_footmen": 2})
    hand(g, SH, "relentless_pursuit")
    play(g, SH, "relentless_pursuit")
    one_move(g, SH, "orthanc", ["fangorn", "derndingle"])  # two regions, next to nothing
    assert_no_moving_attack(g, {"cmd": "attack", "side": SH, "from": "derndingle", "to": "westemnet",
                       "target": "grimslade"})


def test_order_eomer_rides_out_attacks_after_the_two_region_move_only():
    """R-5.2 Éomer Rides Out: move up to two regions, then an army with a leader or a character
    attacks from where it stands."""
    g = ready()
    place(g, "dunharrow", FP, {"rohan_riders": 2}, chars=("eomer",))
    place(g, "isen_vale", SH, {"orcs": 2})
    hand(g, FP, "eomer_rides_out")
    play(g, FP, "eomer_rides_out")
    one_move(g, FP, "dunharrow", ["edoras", "grimslade"])  # two regions; Grimslade is not next to the Isen Vale
    assert_no_moving_attack(g, {"cmd": "attack", "side": FP, "from": "grimslade", "to": "westemnet",
                       "target": "isen_vale"})


def test_order_fate_cards_carry_the_marker_with_all_it_triggers():
    """R-7.5 / R-4.2: a card that advances fate readies the characters on the space it reaches
    (The Serpent Cast Out, 1 -> 2: Aragorn, Legolas, Gimli), and one that reaches the endgame
    space wins the game at once (Hope Kindled, from one space short of it)."""
    g = ready()
    adjust(g, "fate", to=1)
    hand(g, FP, "serpent_cast_out")
    play(g, FP, "serpent_cast_out")
    assert g.state["fate"] == 2
    assert all(g.state["chars"][c]["status"] == "ready" for c in ("aragorn", "legolas", "gimli"))
    g = ready()
    end = g.spec.endgame
    adjust(g, "fate", to=end - 1)
    hand(g, FP, "hope_kindled")
    play(g, FP, "hope_kindled")
    assert g.state["winner"] == FP and g.state["fate"] == end
