"""Abilities used with the die their character card names (R-8.7), and the effects that last the
whole turn (Stone-steady, Hold the Crossing, The King's Doubt) and a discard of two cards."""
from __future__ import annotations

import pytest

from helpers import assert_illegal, top
from rohan_fixes_support import battle_damage, cease, die, fight_on, fight_round, rohan, use


# -- Théodred's Muster die ---------------------------------------------------------------

def _theodred(fp):
    return rohan([("east_fords", "fp", {"rohan_footmen": 1, "rohan_riders": 2}, {"damage": 1})],
                 chars=[("theodred", "east_fords")], fp=fp)


@pytest.mark.parametrize("face", ["muster", "will"])
def test_r8_7_theodred_warden_of_the_fords_with_a_muster_die(face):
    """R-8.7: Warden of the Fords is used with a Muster die (or a Will of the West die, which
    stands for any result but the Eye): one recruitment token in a Free Peoples settlement held,
    then one army rallied with +1 on each rally die."""
    g = _theodred(fp=[face, "character", "event", "event"])
    before = list(g.state["regions"]["grimslade"]["rtokens"]["fp"])
    use(g, "fp", face, "ability", character="theodred")
    p = top(g)
    assert p["kind"] == "choose_region" and p["purpose"] == "token"
    assert "grimslade" in p["options"] and "orthanc" not in p["options"]
    g.submit({"cmd": "choose_region", "side": "fp", "region": "grimslade"})
    assert len(g.state["regions"]["grimslade"]["rtokens"]["fp"]) == len(before) + 1
    assert top(g)["kind"] == "rally" and top(g)["bonus"] == 1
    # Three units roll 4s: with +1 each is a 5, a success; the marker goes.
    evs = g.submit({"cmd": "rally", "side": "fp", "region": "east_fords", "outcomes": [4, 4, 4]})
    assert [e for e in evs if e["e"] == "RallyRolled"][0]["bonus"] == 1
    assert g.state["regions"]["east_fords"]["damage"] == 0


def test_r8_7_theodred_ability_refuses_a_character_die():
    """R-8.7: a Character die is not the die Théodred's card names."""
    g = _theodred(fp=["character", "army_muster", "event", "event"])
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": die(g, "fp", "character"), "action": "ability",
                       "character": "theodred"}, "ability/wrong_die", "R-8.7")
    assert not any(c.get("character") == "theodred" and c["die"] == die(g, "fp", "character")
                   for c in g.legal_commands())


# -- Uglúk's Army die ------------------------------------------------------------------

def test_r8_7_ugluk_fighting_uruks_with_an_army_die_not_a_character_die():
    """R-8.7: Uglúk's ability names an Army die: it is usable with one (it was refused with every
    die before); a Shadow Box die (a Character result) is refused."""
    g = rohan([("westemnet", "fp", {"rohan_footmen": 2}), ("isen_vale", "sh", {"uruk_hai": 2})],
              chars=[("ugluk", "orthanc")], sh=["army", "muster", "event", "event"])
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": "box", "action": "ability", "character": "ugluk"},
                   "ability/wrong_die", "R-8.7")
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": die(g, "sh", "muster"), "action": "ability",
                       "character": "ugluk"}, "ability/wrong_die", "R-8.7")
    assert {"cmd": "use_die", "side": "sh", "die": die(g, "sh", "army"), "action": "ability",
            "character": "ugluk"} in g.legal_commands()
    use(g, "sh", "army", "ability", character="ugluk")
    g.submit({"cmd": "attack", "side": "sh", "from": "isen_vale", "target": "westemnet"})
    # Two Uruk-hai of strength 2 = 4 dice, +1 from Uglúk's ability = 5.
    evs = fight_round(g, {"sh": [1] * 5, "fp": [1, 1]})
    assert [len(e["dice"]) for e in evs if e["e"] == "CombatRolled" and e["side"] == "sh"] == [5]
    cease(g)


# -- Effects that last the whole turn ---------------------------------------------------------

def _two_shadow_attacks(g):
    """The Shadow attacks the 5 Footmen in the Westemnet twice this turn: from the Isen Vale (two
    rounds) and from Fangorn (one round); every Shadow die hits, every Free Peoples die misses.
    Returns the battle damage the Footmen took in each round."""
    out = []

    def fp():  # the Footmen's dice: one per Footman left (all miss)
        return [1] * sum(g.state["regions"]["westemnet"]["units"].values())

    use(g, "sh", "army", "attack")
    g.submit({"cmd": "attack", "side": "sh", "from": "isen_vale", "target": "westemnet"})
    out.append(battle_damage(fight_round(g, {"sh": [5, 5, 5], "fp": fp()}), "westemnet"))
    fight_on(g)
    out.append(battle_damage(fight_round(g, {"sh": [5, 5, 5], "fp": fp()}), "westemnet"))
    cease(g)
    if top(g)["side"] == "fp":
        g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "attack")
    g.submit({"cmd": "attack", "side": "sh", "from": "fangorn", "target": "westemnet"})
    out.append(battle_damage(fight_round(g, {"sh": [5, 5], "fp": fp()}), "westemnet"))
    cease(g)
    return out


def _turn_game(**kw):
    return rohan([("westemnet", "fp", {"rohan_footmen": 5}), ("isen_vale", "sh", {"orcs": 3}),
                  ("fangorn", "sh", {"orcs": 2})], sh=["army", "army", "army", "army"], **kw)


def test_turn_modifier_baseline_every_hit_lands():
    """Without a turn-long modifier every Shadow hit of the two attacks lands (3, 3 and 2)."""
    g = _turn_game()
    g.submit({"cmd": "pass", "side": "fp"})
    assert _two_shadow_attacks(g) == [3, 3, 2]


def test_r8_7_gimli_stone_steady_with_an_army_muster_die_for_the_whole_turn():
    """R-8.7: Gimli's Stone-steady is used with an Army/Muster die; until the end of the turn one
    hit against the Free Peoples is ignored in every round of every battle (two rounds of one
    battle and one of another)."""
    g = _turn_game(chars=[("gimli", "edoras")], fp=["army_muster", "character", "event", "event"])
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": die(g, "fp", "character"), "action": "ability",
                       "character": "gimli"}, "ability/wrong_die", "R-8.7")
    use(g, "fp", "army_muster", "ability", character="gimli")
    assert _two_shadow_attacks(g) == [2, 2, 1]
    # Still in force after both battles: it ends with the turn, not with a battle.
    assert [m["until"] for m in g.state["mods"]] == ["turn"]


def test_hold_the_crossing_ignores_a_hit_every_round_this_turn_and_heals():
    """Hold the Crossing (Théodred in play): remove one damage marker from an army of yours; until
    the end of the turn one hit against the Free Peoples is ignored in every battle round."""
    g = _turn_game(chars=[("theodred", "edoras")], fp=["army_muster", "character", "event", "event"],
                   hands={"fp": ["hold_the_crossing"], "sh": []})
    g.submit({"cmd": "adjust_damage", "side": "players", "region": "westemnet", "n": 1})
    use(g, "fp", "army_muster", "play_card", card="hold_the_crossing")
    assert top(g)["kind"] == "choose_region" and top(g)["purpose"] == "heal"
    g.submit({"cmd": "choose_region", "side": "fp", "region": "westemnet"})
    assert g.state["regions"]["westemnet"]["damage"] == 0
    assert _two_shadow_attacks(g) == [2, 2, 1]


def test_hold_the_crossing_needs_theodred_in_play():
    """R-5.8: Hold the Crossing is played only while Théodred is in play."""
    g = _turn_game(fp=["army_muster", "character", "event", "event"], hands={"fp": ["hold_the_crossing"], "sh": []})
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": die(g, "fp", "army_muster"), "action": "play_card",
                       "card": "hold_the_crossing"}, "card/precondition", "R-5.8")


def test_the_kings_doubt_costs_the_free_peoples_a_reroll_in_every_battle_this_turn():
    """The King's Doubt: destroy the Free Peoples recruitment tokens in one region; until the end
    of the turn Free Peoples armies re-roll one die fewer: the Footmen with one leader (leadership
    1) get no re-roll, neither when attacked nor when attacking, in two battles."""
    g = rohan([("westemnet", "fp", {"rohan_footmen": 3}, {"leaders": 1}), ("isen_vale", "sh", {"orcs": 3})],
              sh=["muster", "army", "army", "army"], hands={"fp": [], "sh": ["the_kings_doubt"]})
    g.submit({"cmd": "pass", "side": "fp"})
    assert g.state["regions"]["folde"]["rtokens"]["fp"]
    use(g, "sh", "muster", "play_card", card="the_kings_doubt")
    assert top(g)["kind"] == "choose_region" and top(g)["purpose"] == "destroy_tokens"
    g.submit({"cmd": "choose_region", "side": "sh", "region": "folde"})
    assert g.state["regions"]["folde"]["rtokens"]["fp"] == []
    asked = []

    def watch(evs):
        asked.extend(e["decision"] for e in evs if e["e"] == "PendingPushed" and e["decision"]["kind"] == "reroll")

    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "attack")
    g.submit({"cmd": "attack", "side": "sh", "from": "isen_vale", "target": "westemnet"})
    watch(fight_round(g, {"sh": [1, 1, 1], "fp": [1, 1, 1]}))
    cease(g)
    use(g, "fp", "army_muster", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"})
    watch(fight_round(g, {"sh": [1, 1, 1], "fp": [1, 1, 1]}))
    cease(g)
    assert asked == []


def test_the_kings_doubt_baseline_the_leader_rerolls():
    """Without The King's Doubt the same army is asked for its one re-roll."""
    g = rohan([("westemnet", "fp", {"rohan_footmen": 3}, {"leaders": 1}), ("isen_vale", "sh", {"orcs": 3})])
    use(g, "fp", "army_muster", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"})
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "regroup"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
    g.submit({"cmd": "roll_combat", "side": "fp", "outcomes": [1, 1, 1]})
    g.submit({"cmd": "roll_combat", "side": "sh", "outcomes": [1, 1, 1]})
    assert top(g) == {"kind": "reroll", "side": "fp", "max": 1}


# -- discard_random with n > 1 ----------------------------------------------------------------

def test_sly_whispers_discards_two_free_peoples_cards_at_random():
    """Sly Whispers (a Gríma card, played with a Shadow Box die): the Free Peoples discard two
    cards at random; generic cards go to the discard pile, story cards out of the game."""
    g = rohan([("westemnet", "fp", {"rohan_footmen": 1}), ("isen_vale", "sh", {"orcs": 1})],
              hands={"fp": ["council_of_war", "guided_march", "hope_kindled"], "sh": ["sly_whispers"]})
    g.submit({"cmd": "pass", "side": "fp"})
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card", "card": "sly_whispers",
              "outcomes": ["guided_march", "hope_kindled"]})
    assert g.state["sides"]["fp"]["hand"] == ["council_of_war"]
    assert "guided_march" in g.state["discard"] and "hope_kindled" in g.state["gone"]
    assert "sly_whispers" in g.state["gone"]


def test_sly_whispers_with_one_card_discards_it_and_stops():
    """R-5.9: with a single card in hand, Sly Whispers discards that one (as far as possible)."""
    g = rohan([("westemnet", "fp", {"rohan_footmen": 1}), ("isen_vale", "sh", {"orcs": 1})],
              hands={"fp": ["council_of_war"], "sh": ["sly_whispers"]})
    g.submit({"cmd": "pass", "side": "fp"})
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card", "card": "sly_whispers"})
    assert g.state["sides"]["fp"]["hand"] == []
    assert "council_of_war" in g.state["discard"]
