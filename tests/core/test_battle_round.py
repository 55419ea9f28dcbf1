"""A battle round: strength (R-10.3), the six steps (R-10.4), leadership (R-10.5), borders
(R-10.10). The rule book's Warg example is a rule case in tests/rules/."""
from __future__ import annotations

import dataclasses

from battle_support import (army, attack, battle_game, events, reroll, rolled, round_, rolls,
                            sh_turn, skip_rerolls, stay, tactics, variant, variant_spec)
from botwotr.core.battle import die_value
from botwotr.core.view import HIDDEN, event_for
from helpers import assert_illegal, test_spec, top


def sh_attacks(armies, frm, target, **kw):
    g = battle_game(armies, **kw)
    sh_turn(g)
    attack(g, "sh", frm, target)
    return g


def fp_attacks(armies, frm, target, **kw):
    g = battle_game(armies, **kw)
    attack(g, "fp", frm, target)
    return g


# The rule book's Warg example (R-10.4) and Riders' strength (R-10.3): tests/rules/R-10.4_warg_maneuver.yaml,
# tests/rules/R-10.3_riders_strength.yaml.


# -- combat strength ------------------------------------------------------------------

def test_r10_3_strength_is_the_sum_of_unit_strengths_capped_at_5():
    """R-10.3: strength is the sum of unit strengths capped at 5."""
    g = sh_attacks([("woods", "sh", {"wargs": 3}), ("town", "fp", {"footmen": 1, "riders": 1})], "woods", "town")
    tactics(g, sh="regroup", fp="regroup")
    evs = rolls(g, sh=[1] * 5, fp=[1] * 3)
    assert len(rolled(evs, "sh")["dice"]) == 5  # 3 x 2 = 6, capped
    assert len(rolled(evs, "fp")["dice"]) == 3  # 1 + 2, plains add nothing


def test_r10_3_too_many_or_too_few_dice_outcomes_are_refused():
    """R-10.3: too many or too few dice outcomes are refused."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 1})], "woods", "town")
    tactics(g, sh="regroup", fp="regroup")
    assert_illegal(g, {"cmd": "roll_combat", "side": "sh", "outcomes": [1, 1, 1]}, "chance/unused_outcomes")
    assert_illegal(g, {"cmd": "roll_combat", "side": "sh", "outcomes": [7, 1]}, "chance/bad_die")


def test_r10_3_defender_terrain_bonus_adds_dice():
    """R-10.3: Fort +1 (Watchfort), stronghold +2 (Greyhold, scenario table), mountains +1."""
    for region, frm, n, expect in (("watch", "fields", 2, 3), ("hold", "town", 2, 4), ("hold", "town", 4, 5),
                                   ("heights", "spire", 1, 2)):
        g = sh_attacks([(frm, "sh", {"orcs": 1}), (region, "fp", {"footmen": n})], frm, region)
        tactics(g, sh="regroup", fp="regroup")
        evs = rolls(g, sh=[1], fp=[1] * expect)
        assert len(rolled(evs, "fp")["dice"]) == expect, region
        assert len(rolled(evs, "sh")["dice"]) == 1  # the attacker has no terrain bonus


def test_r10_3_terrain_dice_are_never_maneuver_dice():
    """R-10.3: 2 Footmen in Watchfort (fort +1) maneuver: 3 dice, of which 2 are maneuver dice."""
    g = sh_attacks([("fields", "sh", {"orcs": 1}), ("watch", "fp", {"footmen": 2})], "fields", "watch")
    tactics(g, sh="regroup", fp="maneuver:footmen")
    evs = rolls(g, sh=[1], fp=[1, 1, 1])
    r = rolled(evs, "fp")
    assert (len(r["dice"]), r["maneuver"]) == (3, 2)


def test_r10_3_terrain_bonus_never_exceeds_five_dice():
    """R-10.3: terrain bonus never exceeds five dice."""
    g = sh_attacks([("town", "sh", {"orcs": 1}), ("hold", "fp", {"footmen": 2, "riders": 2})], "town", "hold")
    tactics(g, sh="regroup", fp="maneuver:riders")
    evs = rolls(g, sh=[1], fp=[1] * 5)
    r = rolled(evs, "fp")
    assert (len(r["dice"]), r["maneuver"]) == (5, 2)


def test_r10_3_strength_is_recomputed_every_round():
    """R-10.3: strength is recomputed every round."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    round_(g, dice={"sh": [5, 5, 1], "fp": [1, 1, 1]})
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})  # voluntary: 1 unit for 2 markers
    stay(g)
    evs = round_(g, dice={"sh": [1, 1, 1], "fp": [1, 1]})
    assert len(rolled(evs, "fp")["dice"]) == 2


# -- the round's steps ---------------------------------------------------------------

def test_r10_4_tactic_secret_until_both_chose():
    """R-10.4.1 and R-15.1: a chosen tactic is hidden from the other seat (view and log) until both
    have chosen; then both are revealed at once."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    evs = g.submit({"cmd": "tactic", "side": "sh", "tactic": "maneuver:orcs"})
    assert g.view_for("fp")["battle"]["choice"] == {"sh": HIDDEN, "fp": None}
    assert g.view_for("public")["battle"]["choice"]["sh"] == HIDDEN
    assert g.view_for("sh")["battle"]["choice"]["sh"] == "maneuver:orcs"
    upd = [e for e in evs if e["e"] == "BattleUpdated" and "choice" in e["changes"]][0]
    assert event_for(upd, "fp")["changes"]["choice"]["sh"] == HIDDEN
    assert event_for(upd, "sh")["changes"]["choice"]["sh"] == "maneuver:orcs"
    assert "maneuver:orcs" not in str(g.view_for("fp"))
    # A side answers once.
    assert_illegal(g, {"cmd": "tactic", "side": "sh", "tactic": "regroup"}, "command/not_your_turn")
    evs = g.submit({"cmd": "tactic", "side": "fp", "tactic": "regroup"})
    assert events(evs, "TacticsRevealed")[0]["choice"] == {"sh": "maneuver:orcs", "fp": "regroup"}
    assert g.view_for("fp")["battle"]["choice"] == {"sh": "maneuver:orcs", "fp": "regroup"}


def test_r10_4_tactics_may_be_chosen_in_either_order():
    """R-10.4: tactics may be chosen in either order."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "maneuver:footmen"})
    assert g.view_for("sh")["battle"]["choice"]["fp"] == HIDDEN
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
    assert g.state["battle"]["revealed"]


def test_r10_4_maneuver_dice_count_units_not_strength():
    """R-10.4: Two Wargs (strength 2 each) give 2 maneuver dice, not 4."""
    g = sh_attacks([("woods", "sh", {"wargs": 2}), ("town", "fp", {"riders": 1, "footmen": 1})], "woods", "town")
    tactics(g, sh="maneuver:wargs", fp="maneuver:riders")
    evs = rolls(g, sh=[1, 1, 1, 1], fp=[1, 1, 1])
    assert (len(rolled(evs, "sh")["dice"]), rolled(evs, "sh")["maneuver"]) == (4, 2)
    assert (len(rolled(evs, "fp")["dice"]), rolled(evs, "fp")["maneuver"]) == (3, 1)


def test_r10_4_hits_on_five_or_six():
    """R-10.4: hits on five or six."""
    g = sh_attacks([("woods", "sh", {"wargs": 2, "orcs": 1}), ("town", "fp", {"footmen": 5})], "woods", "town")
    round_(g, dice={"sh": [4, 5, 6, 1, 3], "fp": [5, 5, 5, 4, 4]})
    assert g.state["battle"]["hits"] == {"sh": 2, "fp": 3}
    assert army(g, "town")[2] == 2 and army(g, "woods")[2] == 3


def test_r10_4_roll_modifiers_never_below_1_nor_above_6():
    """R-10.4: roll modifiers never below 1 nor above 6."""
    assert die_value(6, 1) == 6 and die_value(6, 3) == 6
    assert die_value(1, -1) == 1 and die_value(2, -5) == 1
    assert die_value(4, 1) == 5 and die_value(5, -1) == 4


def _with_combat(card, effects):
    spec = test_spec()
    cards = dict(spec.cards)
    cards[card] = dataclasses.replace(cards[card], combat=tuple(effects))
    return dataclasses.replace(spec, cards=cards)


def test_r10_4_roll_modifier_applies_to_each_die_clamped():
    """R-10.4: A combat card giving +1 to each die (a scenario variant of Flanking Charge): 4 becomes 5 and
    hits, 6 stays 6; -1 for the opponent: 5 becomes 4 and misses, 1 stays 1."""
    spec = _with_combat("sudden_strike", [{"do": "modifier", "kind": "roll", "n": 1, "until": "round"},
                                          {"do": "modifier", "kind": "roll", "n": -1, "until": "round",
                                           "who": "opponent"}])
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town",
                   spec=spec, hands={"sh": ["sudden_strike"], "fp": []})
    evs = round_(g, {"sh": "combat_event"}, {"sh": [4, 6, 3], "fp": [5, 6, 1]}, cards={"sh": "sudden_strike"})
    assert rolled(evs, "sh")["mod"] == 1 and rolled(evs, "fp")["mod"] == -1
    assert g.state["battle"]["hits"] == {"sh": 2, "fp": 1}


def test_r10_4_leader_reroll_any_dice_up_to_leadership_and_new_results_stand():
    """R-10.4: A re-rolled hit that now misses stays a miss; maneuver dice may be re-rolled too."""
    g = fp_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 2, "riders": 1}, {"leaders": 2})],
                   "town", "woods")
    tactics(g, fp="maneuver:footmen", sh="regroup")
    rolls(g, fp=[5, 1, 6, 2], sh=[1, 1, 1, 1])  # woods is a forest: +1 for the defender
    p = top(g)
    assert p == {"kind": "reroll", "side": "fp", "max": 2}  # two leaders: 1 + 1
    assert_illegal(g, {"cmd": "reroll", "side": "fp", "dice": [0, 1, 3]}, "battle/too_many_rerolls", "R-10.4")
    assert_illegal(g, {"cmd": "reroll", "side": "fp", "dice": [4]}, "battle/bad_reroll", "R-10.4")
    assert_illegal(g, {"cmd": "reroll", "side": "fp", "dice": [1, 1]}, "battle/bad_reroll", "R-10.4")
    evs = reroll(g, "fp", [0, 2], outcomes=[1, 5])  # a maneuver hit and a white hit
    assert rolled(evs, "fp", stage="reroll")["dice"] == [1, 1, 5, 2]
    assert g.state["battle"]["hits"]["fp"] == 1
    assert events(evs, "UnitAbilityTriggered") == []  # the maneuver die now misses


def test_r10_4_reroll_keeps_the_same_target_number():
    """R-10.4: Across the stream the attacker hits on 6 in the first round, re-rolls included."""
    g = fp_attacks([("fields", "sh", {"orcs": 1}), ("woods", "fp", {"footmen": 2}, {"leaders": 1})],
                   "woods", "fields")
    tactics(g, fp="regroup", sh="regroup")
    rolls(g, fp=[5, 1], sh=[1])
    evs = reroll(g, "fp", [1], outcomes=[5])
    assert rolled(evs, "fp", stage="reroll")["target"] == 6
    assert g.state["battle"]["hits"]["fp"] == 0


def test_r10_4_no_reroll_decision_without_leadership():
    """R-10.4: no reroll decision without leadership."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    tactics(g, sh="regroup", fp="regroup")
    rolls(g, sh=[1, 1], fp=[1, 1])
    assert top(g)["kind"] != "reroll"


def test_r10_4_unit_ability_only_when_a_maneuver_die_hits():
    """R-10.4: unit ability only when a maneuver die hits."""
    g = sh_attacks([("woods", "sh", {"wargs": 2, "orcs": 1}), ("town", "fp", {"footmen": 3})], "woods", "town")
    tactics(g, sh="maneuver:wargs", fp="maneuver:footmen")
    evs = rolls(g, sh=[1, 4, 6, 6, 6], fp=[6, 1, 1])  # Shadow: only white dice hit
    assert [(e["side"], e["unit"]) for e in events(evs, "UnitAbilityTriggered")] == [("fp", "footmen")]
    assert g.state["battle"]["hits"] == {"sh": 3, "fp": 1}  # all hits count normally


def test_r10_4_unit_ability_not_without_a_maneuver():
    """R-10.4: unit ability not without a maneuver."""
    g = sh_attacks([("woods", "sh", {"wargs": 2, "orcs": 1}), ("town", "fp", {"footmen": 3})], "woods", "town")
    evs = round_(g, {"sh": "combat_event", "fp": "regroup"}, {"sh": [6, 6, 6, 6, 6], "fp": [6, 6, 6]})
    assert events(evs, "UnitAbilityTriggered") == []


def test_r10_4_unit_ability_effects_from_ability_params():
    """R-10.4: Scenario abilities as data: Riders score 1 extra hit; Footmen cancel one hit per maneuver
    hit... here `cancel_hits` 1; Orcs score 1 more hit for each maneuver die that hit."""
    spec = variant(riders={"extra_hits": 1}, footmen={"cancel_hits": 1}, orcs={"hits_per_maneuver_hit": 1})
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"riders": 1, "footmen": 1})], "woods", "town",
                   spec=spec)
    tactics(g, sh="maneuver:orcs", fp="maneuver:riders")
    evs = rolls(g, sh=[5, 5, 1], fp=[5, 1, 1])
    assert {e["side"] for e in events(evs, "UnitAbilityTriggered")} == {"sh", "fp"}
    assert g.state["battle"]["hits"] == {"sh": 4, "fp": 2}  # 2 + 2 per maneuver hit; 1 + 1
    assert army(g, "town")[2] == 4 and army(g, "woods")[2] == 2


def test_r10_4_unit_ability_cancel_hits():
    """R-10.4: unit ability cancel hits."""
    spec = variant(footmen={"cancel_hits": 1})
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 2})], "woods", "town", spec=spec)
    tactics(g, sh="regroup", fp="maneuver:footmen")
    rolls(g, sh=[5, 5, 1], fp=[5, 1])
    assert army(g, "town")[2] == 1  # 2 hits, 1 cancelled


def test_r10_4_unit_ability_reroll_misses():
    """R-10.4: unit ability reroll misses."""
    spec = variant(orcs={"reroll_misses": 1})
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 2})], "woods", "town", spec=spec)
    tactics(g, sh="maneuver:orcs", fp="regroup")
    g.submit({"cmd": "roll_combat", "side": "sh", "outcomes": [5, 1, 1]})
    evs = g.submit({"cmd": "roll_combat", "side": "fp", "outcomes": [1, 1, 6]})
    r = rolled(evs, "sh", stage="ability")
    assert r["dice"] == [5, 6, 1] and r["rerolled"] == [1]
    assert g.state["battle"]["hits"]["sh"] == 2


def test_r10_4_combat_cards_attacker_reveals_first_defender_resolves_first():
    """R-10.4: Both play a combat card: revealed attacker first; at the same moment the defender's card
    resolves first."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town",
                   hands={"sh": ["sudden_strike"], "fp": ["call_to_arms"]})
    tactics(g, sh="combat_event", fp="combat_event")
    assert top(g) == {"kind": "combat_card", "side": None, "sides": ["sh", "fp"]}
    assert_illegal(g, {"cmd": "combat_card", "side": "sh", "card": "forced_march"}, "battle/bad_card", "R-10.4")
    g.submit({"cmd": "combat_card", "side": "fp", "card": "call_to_arms"})
    assert g.view_for("sh")["battle"]["card"]["fp"] == HIDDEN
    assert g.view_for("fp")["battle"]["card"]["fp"] == "call_to_arms"
    evs = g.submit({"cmd": "combat_card", "side": "sh", "card": "sudden_strike"})
    assert [(e["side"], e["card"]) for e in events(evs, "CardRevealed")] == [("sh", "sudden_strike"),
                                                                            ("fp", "call_to_arms")]
    assert [e["side"] for e in events(evs, "CardPlayed")] == ["fp", "sh"]
    assert g.view_for("sh")["battle"]["card"]["fp"] == "call_to_arms"
    rolls(g, sh=[5, 1], fp=[1, 1])
    # Flanking Charge +1 hit; Fresh Blood ignores 1 hit: 2 - 1.
    assert army(g, "town")[2] == 1
    assert {"sudden_strike", "call_to_arms"} <= set(g.state["discard"])


def test_r10_4_cancelled_combat_event_costs_no_card():
    """R-10.4: Feint (defender) cancels the attacker's card: it is not played and stays in hand."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town",
                   hands={"sh": ["sudden_strike"], "fp": ["heroic_stand"]})
    evs = round_(g, {"sh": "combat_event", "fp": "combat_event"}, {"sh": [5, 1], "fp": [1, 1]},
                 cards={"sh": "sudden_strike", "fp": "heroic_stand"})
    assert [e["card"] for e in events(evs, "CardPlayed")] == ["heroic_stand"]
    assert g.state["sides"]["sh"]["hand"] == ["sudden_strike"]
    assert "heroic_stand" in g.state["discard"]
    assert army(g, "town")[2] == 1  # no extra hit


def test_r10_4_two_cancels_the_defenders_resolves_first():
    """R-10.4: Both cancel (Forced March's combat half made a second Feint): the defender's acts first and
    cancels the attacker's, which costs the attacker nothing."""
    spec = _with_combat("forced_march", [{"do": "modifier", "kind": "cancel_card", "until": "round"}])
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town",
                   spec=spec, hands={"sh": ["forced_march"], "fp": ["heroic_stand"]})
    evs = round_(g, {"sh": "combat_event", "fp": "combat_event"}, {"sh": [1, 1], "fp": [1, 1]},
                 cards={"sh": "forced_march", "fp": "heroic_stand"})
    assert [e["side"] for e in events(evs, "CardPlayed")] == ["fp"]
    assert g.state["sides"]["sh"]["hand"] == ["forced_march"] and g.state["sides"]["fp"]["hand"] == []


def test_r10_4_combat_event_without_combat_cards_asks_nothing():
    """R-10.4: combat event without combat cards asks nothing."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town",
                   hands={"sh": [], "fp": []})
    tactics(g, sh="combat_event", fp="combat_event")
    assert top(g)["kind"] == "combat_roll"


def test_r10_4_round_modifiers_from_cards_end_with_the_round():
    """R-10.4: Flanking Charge (+1 hit) lasts one round; Counsel of War (+1 re-roll) the whole battle."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 4})], "woods", "town",
                   hands={"sh": ["sudden_strike", "swift_messenger"], "fp": []})
    round_(g, {"sh": "combat_event"}, {"sh": [1, 1], "fp": [1, 1, 1, 1]}, cards={"sh": "sudden_strike"})
    assert g.state["battle"]["hits"]["sh"] == 1
    stay(g)
    assert [m for m in g.state["mods"] if m["until"] == "round"] == []
    tactics(g, sh="combat_event", fp="regroup")
    g.submit({"cmd": "combat_card", "side": "sh", "card": "swift_messenger"})
    rolls(g, sh=[1, 1], fp=[1, 1, 1, 1])
    assert g.state["battle"]["rolls"] and top(g) == {"kind": "reroll", "side": "sh", "max": 1}
    skip_rerolls(g)
    assert g.state["battle"]["hits"]["sh"] == 0  # Flanking Charge is over
    stay(g)
    tactics(g, sh="regroup", fp="regroup")
    rolls(g, sh=[1, 1], fp=[1, 1, 1, 1])
    assert top(g) == {"kind": "reroll", "side": "sh", "max": 1}


def test_r10_4_regroup_no_unit_ability_no_card_and_tokens_back():
    """R-10.4: regroup no unit ability no card and tokens back."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town",
                   hands={"sh": ["sudden_strike"], "fp": []})
    round_(g, {"fp": "maneuver:footmen"}, {"sh": [1, 1], "fp": [1, 1]})
    stay(g)
    evs = round_(g, {"fp": "regroup", "sh": "regroup"}, {"sh": [6, 6], "fp": [6, 6]})
    assert events(evs, "UnitAbilityTriggered") == [] and events(evs, "CardPlayed") == []
    assert top(g)["kind"] == "casualties"
    assert g.state["battle"]["spent"]["fp"] == ["footmen"]
    g.submit({"cmd": "done", "side": "sh"})
    g.submit({"cmd": "done", "side": "fp"})
    stay(g)
    assert g.state["battle"]["spent"]["fp"] == []


# -- leadership ------------------------------------------------------------------------

def _reroll_max(g):
    """Play a round with missing dice; the re-roll decisions asked, side -> max."""
    tactics(g, **{g.state["battle"]["attacker"]: "regroup", g.state["battle"]["defender"]: "regroup"})
    b = g.state["battle"]
    for side in (b["attacker"], b["defender"]):
        g.submit({"cmd": "roll_combat", "side": side, "outcomes": [1] * _dice_count(g, side)})
    out = {}
    while top(g)["kind"] == "reroll":
        out[top(g)["side"]] = top(g)["max"]
        reroll(g, top(g)["side"])
    return out


def _dice_count(g, side):
    from botwotr.core.battle import strength
    from botwotr.core.engine import Ctx
    b = g.state["battle"]
    return strength(Ctx(g.spec, g.rules, g.state, None), b, side)[0]


def test_r10_5_free_peoples_commander_rating_plus_modifiers():
    """R-10.5: The Captain (2/+1) commands; a leader (1/+1) and the Wizard (1/+1) add their modifiers."""
    g = fp_attacks([("woods", "sh", {"orcs": 2}),
                    ("town", "fp", {"footmen": 2}, {"leaders": 1, "chars": ["captain", "wizard"]})],
                   "town", "woods")
    assert _reroll_max(g) == {"fp": 4}


def test_r10_5_a_single_leader_is_one():
    """R-10.5: a single leader is one."""
    g = fp_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2}, {"leaders": 1})], "town", "woods")
    assert _reroll_max(g) == {"fp": 1}


def test_r10_5_shadow_tokens_plus_minions():
    """R-10.5: Two Shadow leadership tokens and the Champion (minion, 1/+1): 2 + 1."""
    g = battle_game([("town", "fp", {"footmen": 2})], early=[("woods", "sh", {"orcs": 2}, {"chars": ["champion"]})])
    sh_turn(g)
    attack(g, "sh", "woods", "town")
    assert _reroll_max(g) == {"sh": 3}


def test_r10_5_shadow_minion_alone_gives_its_rating():
    """R-10.5: shadow minion alone gives its rating."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}, {"chars": ["champion"]}), ("town", "fp", {"footmen": 2})],
                   "woods", "town")
    assert _reroll_max(g) == {"sh": 1}


def test_r10_5_leadership_recomputed_each_round():
    """R-10.5: In a combined attack (R-10.9) only the fighting army's leadership counts, each round."""
    g = battle_game([("fields", "sh", {"orcs": 3}), ("woods", "fp", {"footmen": 1}, {"leaders": 1}),
                     ("watch", "fp", {"footmen": 1})])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["woods", "watch"]})
    g.submit({"cmd": "choose_army", "side": "fp", "region": "woods"})
    assert _reroll_max(g) == {"fp": 1}
    stay(g)
    g.submit({"cmd": "choose_army", "side": "fp", "region": "watch"})
    assert _reroll_max(g) == {}


# -- borders --------------------------------------------------------------------------

def test_r10_10_stream_raises_the_attackers_target_to_6_in_the_first_round_only():
    """R-10.10: stream raises the attackers target to 6 in the first round only."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("fields", "fp", {"footmen": 2})], "woods", "fields")
    evs = round_(g, dice={"sh": [5, 6], "fp": [1, 1]})
    assert rolled(evs, "sh")["target"] == 6 and rolled(evs, "fp")["target"] == 5
    assert g.state["battle"]["hits"]["sh"] == 1
    g.submit({"cmd": "done", "side": "fp"})
    stay(g)
    evs = round_(g, dice={"sh": [5, 1], "fp": [1, 1]})
    assert rolled(evs, "sh")["target"] == 5


def test_r10_10_ford_and_pass_first_round():
    """R-10.10: ford and pass first round."""
    for frm, target in (("fen", "fields"), ("heights", "fields")):
        g = sh_attacks([(frm, "sh", {"orcs": 1}), (target, "fp", {"footmen": 1})], frm, target)
        evs = round_(g, dice={"sh": [5], "fp": [1]})
        assert rolled(evs, "sh")["target"] == 6, frm
        assert army(g, target)[2] == 0


def test_r10_10_normal_border_target_5():
    """R-10.10: normal border target 5."""
    g = sh_attacks([("fields", "sh", {"orcs": 1}), ("watch", "fp", {"footmen": 1})], "fields", "watch")
    evs = round_(g, dice={"sh": [5], "fp": [1, 1]})
    assert rolled(evs, "sh")["target"] == 5


def test_r10_10_wall_lasts_three_rounds():
    """R-10.10: The scenario's border table: a wall raises the target for 3 rounds."""
    g = sh_attacks([("watch", "sh", {"orcs": 1}), ("hold", "fp", {"footmen": 1})], "watch", "hold")
    targets = []
    for i in range(4):
        if i:
            stay(g)
        evs = round_(g, dice={"sh": [1], "fp": [1, 1, 1]})
        targets.append(rolled(evs, "sh")["target"])
    assert targets == [6, 6, 6, 5]


def test_r10_10_border_table_comes_from_the_scenario():
    """R-10.10: border table comes from the scenario."""
    from botwotr.core.spec import BorderRule
    spec = variant_spec(border_rules={"stream": BorderRule(6, 2)})
    g = sh_attacks([("woods", "sh", {"orcs": 1}), ("fields", "fp", {"footmen": 1})], "woods", "fields", spec=spec)
    targets = []
    for i in range(3):
        if i:
            stay(g)
        evs = round_(g, dice={"sh": [1], "fp": [1]})
        targets.append(rolled(evs, "sh")["target"])
    assert targets == [6, 6, 5]


def test_r10_5_commander_tie_counts_the_best_commander():
    """R-10.5: Two characters rated 2 (the Wizard made 2/+0 in a variant): whichever commands gives 2 and
    the other adds its modifier; the army's leadership is the better count, 2 + 1 = 3."""
    spec = test_spec()
    chars = dict(spec.characters)
    chars["wizard"] = dataclasses.replace(chars["wizard"], rating=2, modifier=0)
    spec = dataclasses.replace(spec, characters=chars)
    g = fp_attacks([("woods", "sh", {"orcs": 2}),
                    ("town", "fp", {"footmen": 2}, {"chars": ["captain", "wizard"]})], "town", "woods", spec=spec)
    assert _reroll_max(g) == {"fp": 3}


def test_r10_3_strength_card_adds_dice_capped_at_5():
    """R-10.3: Hold the Line (+1 strength this round) adds a die, never past 5."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 4, "riders": 1})], "woods", "town",
                   hands={"sh": ["rally_the_banners"], "fp": []})
    tactics(g, sh="combat_event", fp="regroup")
    g.submit({"cmd": "combat_card", "side": "sh", "card": "rally_the_banners"})
    evs = rolls(g, sh=[1, 1, 1], fp=[1] * 5)
    assert len(rolled(evs, "sh")["dice"]) == 3 and len(rolled(evs, "fp")["dice"]) == 5


def test_r10_4_attackers_cancel_stops_the_defenders_card():
    """R-10.4: the attacker's Feint cancels the defender's Fresh Blood, which stays in hand."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town",
                   hands={"sh": ["heroic_stand"], "fp": ["call_to_arms"]})
    evs = round_(g, {"sh": "combat_event", "fp": "combat_event"}, {"sh": [5, 1], "fp": [1, 1]},
                 cards={"sh": "heroic_stand", "fp": "call_to_arms"})
    assert [e["card"] for e in events(evs, "CardPlayed")] == ["heroic_stand"]
    assert g.state["sides"]["fp"]["hand"] == ["call_to_arms"]
    assert army(g, "town")[2] == 1  # the hit is not ignored
