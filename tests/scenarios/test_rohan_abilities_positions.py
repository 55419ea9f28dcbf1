"""Rohan character abilities (R-8.7), Saruman's three Shadow Box positions (R-6.1 to R-6.3) and
the Ent fate-tile icon (R-7.4), each used through `Game.submit` in a real Rohan position, asserting
what its text promises.

Abilities another helper is changing are left out: `rohan_positions.SKIPPED_ABILITIES`.
"""
from __future__ import annotations

import pytest

from rohan_positions import (FP, SH, SPEC, adjust, assert_illegal, choose, damage, empty_board,
                             finish_actions, hand, kind, next_turn, place, play, ready, rohan_game,
                             size, to_shadow, top, units)


def ability(g, side, char, face="character"):
    die = "box" if face == "box" else g.state["sides"][side]["rolled"].index(face)
    return g.submit({"cmd": "use_die", "side": side, "die": die, "action": "ability", "character": char})


# =========================================================== character abilities

def test_ability_eomer_third_marshal():
    """R-8.7 Éomer, Third Marshal of the Mark: with a Character die, up to two different Free
    Peoples armies each move up to two regions."""
    g = ready(fp=["character"] * 4)
    place(g, "aldburg", FP, {"rohan_riders": 2}, chars=("eomer",))
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "helms_deep", FP, {"rohan_archers": 1})
    ability(g, FP, "eomer")
    g.submit({"cmd": "move_army", "side": FP, "from": "aldburg", "path": ["folde", "dunharrow"]})
    assert_illegal(g, {"cmd": "move_army", "side": FP, "from": "dunharrow", "path": ["edoras"]}, "move/same_army")
    assert_illegal(g, {"cmd": "move_army", "side": FP, "from": "westemnet",
                       "path": ["grimslade", "edoras", "folde"]}, "move/too_far")
    g.submit({"cmd": "move_army", "side": FP, "from": "westemnet", "path": ["grimslade", "edoras"]})
    assert units(g, "dunharrow") == {"rohan_riders": 2} and units(g, "edoras") == {"rohan_footmen": 2}
    assert units(g, "helms_deep") == {"rohan_archers": 1}  # two armies only
    assert kind(g) == "action" and top(g)["side"] == SH


def test_ability_eomer_needs_eomer_in_play_and_a_character_die():
    """R-8.7: no ability while Éomer is out of play, nor with a die the card does not name."""
    g = ready(fp=["character", "muster"])
    place(g, "aldburg", FP, {"rohan_riders": 2})
    cmd = {"cmd": "use_die", "side": FP, "die": 0, "action": "ability", "character": "eomer"}
    assert_illegal(g, cmd, "ability/not_in_play", "R-8.7")
    adjust(g, "character", char="eomer", status="in_play", region="aldburg")
    assert_illegal(g, dict(cmd, die=1), "ability/wrong_die")


def test_ability_legolas_elven_bow():
    """R-8.7 Legolas, Elven Bow: with a Character die, one Shadow army next to a Free Peoples army
    takes one damage (not one far from every Free Peoples army)."""
    g = ready(fp=["character"] * 4)
    place(g, "westemnet", FP, {"rohan_footmen": 2}, chars=("legolas",))
    place(g, "isen_vale", SH, {"orcs": 2})
    place(g, "dunland", SH, {"dunlendings": 2})
    ability(g, FP, "legolas")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "dunland"}, "choice/bad_region")
    choose(g, FP, "isen_vale")
    assert damage(g, "isen_vale") == 1 and damage(g, "dunland") == 0
    assert kind(g) == "action" and top(g)["side"] == SH


def test_ability_legolas_needs_legolas_in_play():
    """R-8.7: no Elven Bow while Legolas is out of play."""
    g = ready(fp=["character"] * 4)
    place(g, "westemnet", FP, {"rohan_footmen": 2})
    place(g, "isen_vale", SH, {"orcs": 2})
    assert_illegal(g, {"cmd": "use_die", "side": FP, "die": 0, "action": "ability", "character": "legolas"},
                   "ability/not_in_play", "R-8.7")


def test_ability_gandalf_enemy_of_sauron():
    """R-8.7 / R-8.5 Gandalf, Enemy of Sauron: on his turn to act the Free Peoples give up an
    action token for the rest of the game to turn an unused die into Will of the West; it is not
    an action, so they still act. Gandalf brings one more action die from the next turn (R-3.7)."""
    g = ready(fp=["muster", "event", "event", "event"])
    place(g, "edoras", FP, {"rohan_footmen": 2})
    cmd = {"cmd": "use_ability", "side": FP, "character": "gandalf"}
    assert_illegal(g, cmd, "ability/not_in_play", "R-8.7")
    adjust(g, "character", char="gandalf", status="in_play", region="edoras")
    tokens = g.state["sides"][FP]["action_tokens"]
    g.submit(cmd)
    assert kind(g) == "choose_die"
    g.submit({"cmd": "choose_die", "side": FP, "die": 0})
    assert g.state["sides"][FP]["rolled"][0] == "will"
    assert g.state["sides"][FP]["action_tokens"] == tokens - 1
    assert top(g) == {"kind": "action", "side": FP}  # still the Free Peoples' turn to act
    # the token is gone for good; with none left the ability is refused
    for _ in range(tokens - 1):
        g.submit(cmd)
        g.submit({"cmd": "choose_die", "side": FP, "die": top(g)["options"][0]})
    assert g.state["sides"][FP]["action_tokens"] == 0
    assert_illegal(g, cmd, "ability/no_token", "R-8.5")
    next_turn(g)
    assert g.state["sides"][FP]["action_tokens"] == 0  # both given up for the rest of the game
    assert g.state["sides"][FP]["dice"] == 5  # four, and Gandalf's


def test_ability_saruman_voice_of_saruman():
    """R-8.7 / R-6.1 Saruman, Voice of Saruman: with a Character die from the Shadow Box, three
    different Shadow armies rally, +1 on each rally die (a 4 succeeds)."""
    g = ready(sh=["army"] * 4)
    for r in ("orthanc", "isen_vale", "dunland", "methedras"):
        place(g, r, SH, {"orcs": 2}, damage=2)
    to_shadow(g)
    ability(g, SH, "saruman", face="box")
    g.submit({"cmd": "rally", "side": SH, "region": "orthanc", "outcomes": [4, 4]})
    assert_illegal(g, {"cmd": "rally", "side": SH, "region": "orthanc", "outcomes": [4, 4]}, "rally/bad_army")
    g.submit({"cmd": "rally", "side": SH, "region": "isen_vale", "outcomes": [4, 4]})
    g.submit({"cmd": "rally", "side": SH, "region": "dunland", "outcomes": [4, 3]})
    assert [damage(g, r) for r in ("orthanc", "isen_vale", "dunland")] == [0, 0, 1]
    assert damage(g, "methedras") == 2  # three armies only
    assert kind(g) == "action"


def test_ability_saruman_needs_a_character_die():
    """R-8.7: the Voice of Saruman is spent with a Character die, not an Army die."""
    g = ready(sh=["army", "muster"] * 2)
    place(g, "orthanc", SH, {"orcs": 2}, damage=2)
    to_shadow(g)
    assert_illegal(g, {"cmd": "use_die", "side": SH, "die": 1, "action": "ability", "character": "saruman"},
                   "ability/wrong_die")


# =========================================================== Saruman's positions

def test_position_palantir_room():
    """R-6.1 to R-6.3 The Palantír Room: fate goes back one space; two dice in the Shadow Box
    (two Shadow leadership tokens; the Free Peoples may draw two fate tiles)."""
    g = rohan_game()
    adjust(g, "fate", to=3)
    g.submit({"cmd": "choose_position", "side": SH, "position": "palantir_room"})
    assert g.state["fate"] == 2
    assert len(g.state["sides"][SH]["box"]) == 2
    assert kind(g) == "place_leadership" and g.state["sides"][SH]["aside"] == 2
    g.submit({"cmd": "place_leadership_token", "side": SH, "region": "orthanc"})
    g.submit({"cmd": "place_leadership_token", "side": SH, "region": "orthanc"})
    assert g.state["regions"]["orthanc"]["tokens"] == 2
    assert top(g)["kind"] == "fate_draw" and top(g)["left"] == 2


def test_position_balcony():
    """R-6.1 to R-6.3 The Balcony: one Shadow army rallies; three dice in the Shadow Box and
    as many leadership tokens (R-6.3)."""
    g = rohan_game()
    adjust(g, "damage", region="orthanc", n=2)
    adjust(g, "damage", region="isen_vale", n=2)
    g.submit({"cmd": "choose_position", "side": SH, "position": "balcony"})
    assert len(g.state["sides"][SH]["box"]) == 3
    assert kind(g) == "rally"
    g.submit({"cmd": "rally", "side": SH, "region": "orthanc", "outcomes": [5, 5, 1]})
    assert damage(g, "orthanc") == 0 and damage(g, "isen_vale") == 2  # one army only
    assert kind(g) == "place_leadership" and g.state["sides"][SH]["aside"] == 3
    for _ in range(3):
        g.submit({"cmd": "place_leadership_token", "side": SH, "region": "isen_vale"})
    assert g.state["regions"]["isen_vale"]["tokens"] == 3
    assert top(g)["kind"] == "fate_draw" and top(g)["left"] == 3


def test_position_pits():
    """R-6.1 to R-6.3, R-5.3 The Pits: Shadow recruitment tokens in two different Shadow
    settlements; two dice in the box; one Gríma (special) card drawn."""
    g = rohan_game()
    before = {r: len(g.state["regions"][r]["rtokens"][SH]) for r in ("orthanc", "dunland")}
    hand_before = list(g.state["sides"][SH]["hand"])
    g.submit({"cmd": "choose_position", "side": SH, "position": "pits"})
    assert len(g.state["sides"][SH]["box"]) == 2
    assert sorted(top(g)["options"]) == ["dunland", "orthanc"]  # the Shadow's own settlements
    choose(g, SH, "orthanc")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "orthanc"}, "choice/bad_region")
    choose(g, SH, "dunland")
    for r in ("orthanc", "dunland"):
        assert len(g.state["regions"][r]["rtokens"][SH]) == before[r] + 1
    assert kind(g) == "place_leadership" and g.state["sides"][SH]["aside"] == 2
    for _ in range(2):
        g.submit({"cmd": "place_leadership_token", "side": SH, "region": "orthanc"})
    new = [c for c in g.state["sides"][SH]["hand"] if c not in hand_before]
    assert len(new) == 1 and SPEC.cards[new[0]].deck == "special"
    assert top(g)["kind"] == "fate_draw" and top(g)["left"] == 2


# =========================================================== fate-tile icons

def at_fate_draw(seed=3):
    """Turn 1, the Free Peoples about to draw fate tiles, on an empty board."""
    g = empty_board(rohan_game(seed))
    g.submit({"cmd": "choose_position", "side": SH, "position": "palantir_room"})
    assert kind(g) == "fate_draw"
    return g


@pytest.mark.parametrize("tile,steps", [("grey_0c", 0), ("grey_1e", 1), ("grey_2e", 2)])
def test_fate_icon_ent(tile, steps):
    """R-7.4 The Ent icon: the tile's steps, then Treebeard is ready and one Ent is placed in
    Derndingle, the Entwood or Fangorn, a region with no Shadow army."""
    g = at_fate_draw()
    place(g, "fangorn", SH, {"orcs": 1})
    g.submit({"cmd": "draw_fate", "side": FP, "outcomes": [tile]})
    g.submit({"cmd": "keep_fate", "side": FP})
    assert g.state["fate"] == steps
    assert g.state["chars"]["treebeard"]["status"] == "ready"
    assert kind(g) == "choose_region"
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "fangorn"}, "choice/bad_region")
    assert_illegal(g, {"cmd": "choose_region", "side": FP, "region": "westemnet"}, "choice/bad_region")
    choose(g, FP, "entwood")
    assert units(g, "entwood") == {"ents": 1}
    assert size(g, "derndingle") == 0


def test_fate_icon_ent_on_the_blue_tile():
    """R-7.2 / R-7.4: the blue Ent tile, added by Counsel of the Wise, wakes Treebeard too."""
    g = ready()
    hand(g, FP, "counsel_of_the_wise")
    play(g, FP, "counsel_of_the_wise", outcomes=["blue_1", "blue_2"])
    assert {"blue_1", "blue_2"} <= set(g.state["fate_pool"])
    adjust(g, "character", char="treebeard", status="pool")
    finish_actions(g)
    for _ in range(20):
        if kind(g) == "fate_draw":
            break
        p = top(g)
        if p["kind"] == "discard":
            g.submit({"cmd": "discard", "side": p["side"], "card": g.state["sides"][p["side"]]["hand"][0]})
        elif p["kind"] == "choose_position":
            g.submit({"cmd": "choose_position", "side": SH, "position": "palantir_room"})
        else:
            raise AssertionError(p)
    fate = g.state["fate"]
    g.submit({"cmd": "draw_fate", "side": FP, "outcomes": ["blue_1"]})
    g.submit({"cmd": "keep_fate", "side": FP})
    assert g.state["fate"] == fate + 1
    assert g.state["chars"]["treebeard"]["status"] == "ready"
    choose(g, FP, "derndingle")
    assert units(g, "derndingle") == {"ents": 1}
