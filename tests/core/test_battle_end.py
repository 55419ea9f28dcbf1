"""The end of a battle: cease, retreat and flee (R-10.6), where to retreat (R-10.7), advance
(R-10.8), damage and casualties (R-11), and what the battle leaves behind (R-12.4, R-14)."""
from __future__ import annotations

from battle_support import (army, attack, battle_game, events, fight_on, no_casualties, round_,
                            sh_turn, stay, variant_spec)
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


def to_withdraw(g, fp_tactic="regroup", sh_dice=None, fp_dice=None):
    """One round with the Free Peoples defending, then the Shadow fights on."""
    b = g.state["battle"]
    n_sh = _n(g, "sh")
    n_fp = _n(g, "fp")
    round_(g, {"fp": fp_tactic}, {"sh": sh_dice or [1] * n_sh, "fp": fp_dice or [1] * n_fp})
    no_casualties(g)
    assert b["attacker"] == "sh"
    return fight_on(g)


def _n(g, side):
    from botwotr.core.battle import strength
    from botwotr.core.engine import Ctx
    return strength(Ctx(g.spec, g.rules, g.state, None), g.state["battle"], side)[0]


# -- end of battle ---------------------------------------------------------------------

def test_r10_6_attacker_declares_first_and_may_cease():
    """R-10.6: attacker declares first and may cease."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    round_(g, dice={"sh": [1, 1], "fp": [1, 1]})
    assert top(g) == {"kind": "cease", "side": "sh"}
    assert_illegal(g, {"cmd": "cease", "side": "fp"}, "command/not_your_turn")
    assert_illegal(g, {"cmd": "withdraw", "side": "fp", "choice": "retreat"}, "command/not_expected")
    evs = g.submit({"cmd": "cease", "side": "sh"})
    assert events(evs, "BattleEnded")[0]["outcome"] == "ceased"
    assert g.state["battle"] is None
    assert army(g, "woods")[0] == "sh" and army(g, "town")[0] == "fp"
    assert top(g) == {"kind": "action", "side": "fp"}  # the action is over


def test_r10_6_defender_that_chose_regroup_may_retreat():
    """R-10.6: defender that chose regroup may retreat."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    to_withdraw(g, "regroup")
    assert top(g) == {"kind": "withdraw", "side": "fp", "options": ["stay", "retreat", "flee"]}
    assert_illegal(g, {"cmd": "withdraw", "side": "sh", "choice": "stay"}, "command/not_your_turn")
    g.submit({"cmd": "withdraw", "side": "fp", "choice": "retreat"})
    assert top(g) == {"kind": "retreat_to", "side": "fp", "options": ["hold"], "penalty": False}
    evs = g.submit({"cmd": "retreat_to", "side": "fp", "region": "hold"})
    assert events(evs, "BattleEnded")[0]["outcome"] == "retreated"
    assert army(g, "hold") == ("fp", {"footmen": 2}, 0) and army(g, "town") == (None, {}, 0)
    assert top(g)["kind"] == "advance"


def test_r10_6_defender_without_regroup_may_only_flee_or_stay():
    """R-10.6: defender without regroup may only flee or stay."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    to_withdraw(g, "maneuver:footmen")
    assert top(g)["options"] == ["stay", "flee"]
    assert_illegal(g, {"cmd": "withdraw", "side": "fp", "choice": "retreat"}, "battle/bad_withdraw", "R-10.6")
    g.submit({"cmd": "withdraw", "side": "fp", "choice": "stay"})
    assert g.state["battle"]["round"] == 2 and top(g)["kind"] == "tactic"


def test_r10_6_flee_turns_damage_into_casualties_then_retreats():
    """R-10.6c / R-11.4: 3 units with 3 markers flee: one unit and two markers go, 1 marker stays."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    to_withdraw(g, "maneuver:footmen", sh_dice=[5, 5, 5])
    assert army(g, "town") == ("fp", {"footmen": 3}, 3)
    evs = g.submit({"cmd": "withdraw", "side": "fp", "choice": "flee"})
    assert events(evs, "Fled")
    assert top(g) == {"kind": "flee_casualty", "side": "fp", "region": "town"}
    assert_illegal(g, {"cmd": "flee_casualty", "side": "fp", "unit": "riders"}, "casualty/not_there", "R-10.6")
    g.submit({"cmd": "flee_casualty", "side": "fp", "unit": "footmen"})
    assert army(g, "town") == ("fp", {"footmen": 2}, 1)
    assert top(g) == {"kind": "retreat_to", "side": "fp", "options": ["hold"], "penalty": False}
    evs = g.submit({"cmd": "retreat_to", "side": "fp", "region": "hold"})
    assert events(evs, "BattleEnded")[0]["outcome"] == "fled"
    assert army(g, "hold") == ("fp", {"footmen": 2}, 1)


def test_r10_6_flee_with_no_damage_just_retreats():
    """R-10.6: flee with no damage just retreats."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    to_withdraw(g, "maneuver:footmen")
    g.submit({"cmd": "withdraw", "side": "fp", "choice": "flee"})
    assert top(g)["kind"] == "retreat_to"


def test_r10_6_battle_ends_when_the_attacker_is_eliminated():
    """R-10.6: battle ends when the attacker is eliminated."""
    g = sh_attacks([("woods", "sh", {"orcs": 1}), ("town", "fp", {"footmen": 2})], "woods", "town")
    round_(g, dice={"sh": [1], "fp": [5, 5]})
    evs = g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})
    assert events(evs, "BattleEnded")[0]["outcome"] == "defender_won"
    assert g.state["battle"] is None and top(g) == {"kind": "action", "side": "fp"}


def test_r10_6_both_eliminated_the_defender_keeps_control():
    """R-10.6: The Shadow holds Ashby (its control marker); both armies die: Ashby stays the Shadow's."""
    g = fp_attacks([("town", "sh", {"wargs": 1}), ("hold", "fp", {"riders": 1})], "hold", "town",
                   control={"town": "sh"})
    round_(g, dice={"fp": [5, 6], "sh": [6, 5]})
    g.submit({"cmd": "casualty", "side": "fp", "unit": "riders"})
    evs = g.submit({"cmd": "casualty", "side": "sh", "unit": "wargs"})
    assert events(evs, "BattleEnded")[0]["outcome"] == "both_destroyed"
    assert g.state["battle"] is None
    assert g.state["regions"]["town"]["control"] == "sh"
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r10_6_defender_who_cannot_retreat_cannot_flee():
    """R-10.6: defender who cannot retreat cannot flee."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("hold", "sh", {"orcs": 1}), ("town", "fp", {"footmen": 2})],
                   "woods", "town")
    round_(g, dice={"sh": [1, 1], "fp": [1, 1]})
    fight_on(g)
    assert top(g)["kind"] == "tactic" and g.state["battle"]["round"] == 2


# -- where to retreat --------------------------------------------------------------------

def retreat_offer(g):
    """The defender asks to retreat (it chose Regroup); the retreat_to decision."""
    g.submit({"cmd": "withdraw", "side": "fp", "choice": "retreat"})
    return top(g)


def test_r10_7_not_into_an_enemy_army():
    """R-10.7: not into an enemy army."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    to_withdraw(g)
    assert retreat_offer(g)["options"] == ["hold"]
    assert_illegal(g, {"cmd": "retreat_to", "side": "fp", "region": "woods"}, "battle/bad_retreat", "R-10.7")


def test_r10_7_into_a_friendly_army_merges():
    """R-10.7: into a friendly army merges."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2}), ("hold", "fp", {"riders": 1})],
                   "woods", "town")
    to_withdraw(g)
    assert retreat_offer(g)["options"] == ["hold"]
    g.submit({"cmd": "retreat_to", "side": "fp", "region": "hold"})
    assert army(g, "hold") == ("fp", {"riders": 1, "footmen": 2}, 0)


def test_r10_7_not_adjacent_to_an_enemy_army_attacker_picks_with_one_damage():
    """R-10.7: Greyhold is next to Watchfort, where another Shadow army stands: no safe region is left,
    so the attacker picks any adjacent free region and the retreating army takes one damage."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("watch", "sh", {"orcs": 1}), ("town", "fp", {"footmen": 2})],
                   "woods", "town")
    to_withdraw(g)
    p = retreat_offer(g)
    assert p == {"kind": "retreat_to", "side": "sh", "options": ["hold"], "penalty": True}
    assert_illegal(g, {"cmd": "retreat_to", "side": "fp", "region": "hold"}, "command/not_your_turn")
    evs = g.submit({"cmd": "retreat_to", "side": "sh", "region": "hold"})
    assert army(g, "hold") == ("fp", {"footmen": 2}, 1)
    assert events(evs, "BattleEnded")[0]["outcome"] == "retreated"


def test_r10_7_one_extra_damage_may_force_a_casualty():
    """R-10.7: one extra damage may force a casualty."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("watch", "sh", {"orcs": 1}), ("town", "fp", {"footmen": 2})],
                   "woods", "town")
    to_withdraw(g, sh_dice=[5, 5])
    assert army(g, "town") == ("fp", {"footmen": 2}, 2)
    retreat_offer(g)
    g.submit({"cmd": "retreat_to", "side": "sh", "region": "hold"})
    assert army(g, "hold") == ("fp", {"footmen": 2}, 3)
    # The Free Peoples take the casualty at once, before the attacker's advance.
    assert top(g) == {"kind": "casualties", "side": "fp", "region": "hold", "mandatory": True}
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    assert army(g, "hold") == ("fp", {"footmen": 1}, 1)
    assert top(g) == {"kind": "casualties", "side": "fp", "region": "hold", "mandatory": False}
    g.submit({"cmd": "done", "side": "fp"})
    assert top(g)["kind"] == "advance"


def test_r10_7_r9_5_r11_3_a_merge_over_five_units_asks_the_casualties_once():
    """R-10.7 with R-9.5 and R-11.3: a penalty retreat into a friendly army makes 6 units and 7
    damage markers. The owner removes the unit over 5 (5 units, 7 markers), then a unit and two
    markers while markers exceed units, twice (4 and 5, then 3 and 3), and is done: the army keeps
    3 units. (The casualties were once asked twice, the second time after they were over: a
    unit too many was lost; found by an audit of the general rules.)"""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("watch", "sh", {"orcs": 1}),
                    ("town", "fp", {"footmen": 3}, {"damage": 2}), ("hold", "fp", {"footmen": 3}, {"damage": 3})],
                   "woods", "town")
    to_withdraw(g, sh_dice=[5, 1])
    assert army(g, "town") == ("fp", {"footmen": 3}, 3)
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "sh", "options": ["hold"], "penalty": True}
    g.submit({"cmd": "retreat_to", "side": "sh", "region": "hold"})
    assert army(g, "hold") == ("fp", {"footmen": 6}, 7)
    assert top(g) == {"kind": "remove_excess", "side": "fp", "region": "hold", "n": 1}
    g.submit({"cmd": "remove_unit", "side": "fp", "unit": "footmen"})
    assert army(g, "hold") == ("fp", {"footmen": 5}, 7)
    for left in ((4, 5), (3, 3)):
        assert top(g)["kind"] == "casualties" and top(g)["mandatory"] is True
        g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
        assert army(g, "hold") == ("fp", {"footmen": left[0]}, left[1])
    assert top(g) == {"kind": "casualties", "side": "fp", "region": "hold", "mandatory": False}
    g.submit({"cmd": "done", "side": "fp"})
    assert top(g)["kind"] == "advance" and army(g, "hold") == ("fp", {"footmen": 3}, 3)
    assert [p for p in g.state["pending"] if p["kind"] == "casualties"] == []


def test_r10_7_not_into_an_enemy_controlled_settlement():
    """R-10.7: Greyhold's defenders may go to Ashby, unless the Shadow controls Ashby."""
    g = sh_attacks([("watch", "sh", {"orcs": 1}), ("hold", "fp", {"footmen": 2})], "watch", "hold")
    to_withdraw(g, fp_dice=[1] * 4)
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "fp", "options": ["town"], "penalty": False}
    g = sh_attacks([("watch", "sh", {"orcs": 1}), ("hold", "fp", {"footmen": 2})], "watch", "hold",
                   control={"town": "sh"})
    to_withdraw(g, fp_dice=[1] * 4)
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "sh", "options": ["town"], "penalty": True}


def test_r10_7_not_into_an_enemy_stronghold():
    """R-10.7: The Spire is the Shadow's stronghold. In a scenario variant where it is no settlement, the
    stronghold rule alone keeps the Free Peoples out."""
    for spec in (test_spec(), _spire_not_a_settlement()):
        g = sh_attacks([("fields", "sh", {"orcs": 1}), ("heights", "fp", {"footmen": 2})], "fields", "heights",
                       spec=spec)
        to_withdraw(g)
        assert retreat_offer(g) == {"kind": "retreat_to", "side": "sh", "options": ["spire"], "penalty": True}


def _spire_not_a_settlement():
    import dataclasses
    from botwotr.core.spec import BoardSpec
    spec = test_spec()
    regions = dict(spec.board.regions)
    regions["spire"] = dataclasses.replace(regions["spire"], settlement=False, vp=0)
    return variant_spec(board=BoardSpec.build(regions, spec.board.borders))


def test_r10_7_ruling_a_friendly_stronghold_is_allowed():
    """R-10.7: The Shadow army in the Raider Camp retreats into its own Spire."""
    g = fp_attacks([("camp", "sh", {"orcs": 2}), ("fen", "fp", {"footmen": 2})], "fen", "camp")
    round_(g, {"sh": "regroup"}, {"fp": [1, 1], "sh": [1, 1]})
    fight_on(g)
    g.submit({"cmd": "withdraw", "side": "sh", "choice": "retreat"})
    assert top(g) == {"kind": "retreat_to", "side": "sh", "options": ["spire"], "penalty": False}


def test_r10_7_not_across_a_stream():
    """R-10.7: The Old Woods' only other neighbour, the Barley Fields, lies across a stream."""
    g = sh_attacks([("town", "sh", {"orcs": 1}), ("woods", "fp", {"footmen": 2})], "town", "woods")
    to_withdraw(g, fp_dice=[1, 1, 1])
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "sh", "options": ["fields"], "penalty": True}


def test_r10_7_not_across_a_ford():
    """R-10.7: not across a ford."""
    g = sh_attacks([("camp", "sh", {"orcs": 1}), ("fen", "fp", {"footmen": 2})], "camp", "fen")
    to_withdraw(g, fp_dice=[1, 1, 1])
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "sh", "options": ["fields"], "penalty": True}


def test_r10_7_not_across_a_pass():
    """R-10.7: not across a pass."""
    g = sh_attacks([("spire", "sh", {"orcs": 1}), ("heights", "fp", {"footmen": 2})], "spire", "heights")
    to_withdraw(g, fp_dice=[1, 1, 1])
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "sh", "options": ["fields"], "penalty": True}


def test_r10_7_across_a_wall_is_allowed():
    """R-10.7: Watchfort's defenders may retreat over the wall into Greyhold (only streams and fords/passes
    forbid it)."""
    g = sh_attacks([("fields", "sh", {"orcs": 1}), ("watch", "fp", {"footmen": 2})], "fields", "watch")
    to_withdraw(g, fp_dice=[1, 1, 1])
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "fp", "options": ["hold"], "penalty": False}


def test_r10_7_no_free_region_no_retreat():
    """R-10.7: no free region no retreat."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("hold", "sh", {"orcs": 1}), ("town", "fp", {"footmen": 2})],
                   "woods", "town")
    to_withdraw(g)
    assert top(g)["kind"] == "tactic"  # neither retreat nor flee was offered


# -- advance ------------------------------------------------------------------------------

def _won_at_town(**kw):
    """The Shadow (3 Orcs with 2 damage, in the Old Woods) destroys the Free Peoples in Ashby."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}, {"damage": 2}), ("town", "fp", {"footmen": 1})], "woods", "town",
                   **kw)
    round_(g, dice={"sh": [5, 5, 1], "fp": [1]})
    g.submit({"cmd": "done", "side": "sh"})  # no voluntary casualty
    evs = g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    assert events(evs, "BattleEnded")[0]["outcome"] == "attacker_won"
    return g, evs


def test_r10_8_advance_part_of_the_army_splitting_damage():
    """R-10.8: advance part of the army splitting damage."""
    g, _ = _won_at_town()
    assert top(g) == {"kind": "advance", "side": "sh", "options": ["woods"]}
    assert_illegal(g, {"cmd": "advance", "side": "sh", "from": "woods", "units": {"orcs": 2}, "damage": 0},
                   "move/damage_split", "R-9.2")
    assert_illegal(g, {"cmd": "advance", "side": "sh", "from": "woods", "units": {"orcs": 1}, "damage": 2},
                   "move/damage_split", "R-9.2")
    assert_illegal(g, {"cmd": "advance", "side": "sh", "from": "town"}, "battle/bad_advance", "R-10.8")
    g.submit({"cmd": "advance", "side": "sh", "from": "woods", "units": {"orcs": 2}, "damage": 1})
    assert army(g, "town") == ("sh", {"orcs": 2}, 1)
    assert army(g, "woods") == ("sh", {"orcs": 1}, 1)
    assert g.state["battle"] is None


def test_r10_8_advance_all():
    """R-10.8: advance all."""
    g, _ = _won_at_town()
    g.submit({"cmd": "advance", "side": "sh", "from": "woods"})
    assert army(g, "town") == ("sh", {"orcs": 3}, 2) and army(g, "woods") == (None, {}, 0)


def test_r10_8_advance_is_optional():
    """R-10.8: advance is optional."""
    g, _ = _won_at_town()
    g.submit({"cmd": "done", "side": "sh"})
    assert army(g, "town") == (None, {}, 0) and g.state["battle"] is None


def test_r10_8_no_advance_after_cease_or_a_lost_battle():
    """R-10.8: no advance after cease or a lost battle."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    round_(g, dice={"sh": [1, 1], "fp": [1, 1]})
    g.submit({"cmd": "cease", "side": "sh"})
    assert top(g)["kind"] == "action"


def test_r10_8_leaders_and_characters_may_go_either_way():
    """R-10.8: leaders and characters may go either way."""
    g = fp_attacks([("woods", "sh", {"orcs": 1}),
                    ("town", "fp", {"footmen": 3}, {"leaders": 1, "chars": ["captain", "wizard"]})], "town", "woods")
    round_(g, dice={"fp": [5, 5, 1], "sh": [1, 1]})
    while top(g)["kind"] == "reroll":
        g.submit({"cmd": "reroll", "side": top(g)["side"], "dice": []})
    g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})
    assert top(g)["kind"] == "advance"
    assert_illegal(g, {"cmd": "advance", "side": "fp", "from": "town", "units": {"footmen": 1}, "leaders": 2},
                   "move/leaders", "R-9.2")
    g.submit({"cmd": "advance", "side": "fp", "from": "town", "units": {"footmen": 1}, "leaders": 0,
              "characters": ["captain"]})
    assert army(g, "woods") == ("fp", {"footmen": 1}, 0)
    assert g.state["chars"]["captain"]["region"] == "woods"
    assert g.state["chars"]["wizard"]["region"] == "town" and g.state["regions"]["town"]["leaders"] == 1


def test_r10_8_advance_after_a_retreat():
    """R-10.8: advance after a retreat."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], "woods", "town")
    to_withdraw(g)
    retreat_offer(g)
    g.submit({"cmd": "retreat_to", "side": "fp", "region": "hold"})
    g.submit({"cmd": "advance", "side": "sh", "from": "woods", "units": {"orcs": 1}})
    assert army(g, "town") == ("sh", {"orcs": 1}, 0) and army(g, "woods") == ("sh", {"orcs": 1}, 0)


# -- After the battle: recruitment tokens and control (R-14) ------------------------------

def test_r10_8_advance_destroys_enemy_recruitment_tokens_and_takes_control():
    """R-10.8: R-12.4 and R-14.1: Ashby holds a Free Peoples recruitment token (set-up); the Shadow advances
    in, destroys it, and controls Ashby when the action ends."""
    g, _ = _won_at_town()
    assert len(g.state["regions"]["town"]["rtokens"]["fp"]) == 1
    evs = g.submit({"cmd": "advance", "side": "sh", "from": "woods"})
    assert [e["region"] for e in events(evs, "RecruitmentTokensDestroyed")] == ["town"]
    assert g.state["regions"]["town"]["rtokens"]["fp"] == []
    assert [(e["region"], e["side"]) for e in events(evs, "ControlChanged")] == [("town", "sh")]
    assert g.state["regions"]["town"]["control"] == "sh"


def test_r10_8_advance_into_an_own_settlement_liberates_it():
    """R-10.8: R-14.2: the Free Peoples win back Ashby, which the Shadow controlled."""
    g = fp_attacks([("town", "sh", {"orcs": 1}), ("hold", "fp", {"footmen": 2})], "hold", "town",
                   control={"town": "sh"})
    round_(g, dice={"fp": [5, 5], "sh": [1]})
    g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})
    evs = g.submit({"cmd": "advance", "side": "fp", "from": "hold"})
    assert [(e["region"], e["side"], e["why"]) for e in events(evs, "ControlChanged")] == [("town", None, "liberated")]
    assert g.state["regions"]["town"]["control"] is None


def test_r10_7_retreat_into_enemy_tokens_destroys_them():
    """R-10.7: R-12.4: the attacker sends the Free Peoples from the Black Fen into the Raider Camp (no safe
    region: Barley Fields lie across the ford); the Shadow token there is destroyed and the camp
    taken when the action ends."""
    g = sh_attacks([("spire", "sh", {"orcs": 1}), ("fields", "sh", {"orcs": 1}),
                    ("fen", "fp", {"footmen": 2})], "fields", "fen")
    to_withdraw(g, fp_dice=[1, 1, 1])
    assert retreat_offer(g) == {"kind": "retreat_to", "side": "sh", "options": ["camp"], "penalty": True}
    evs = g.submit({"cmd": "retreat_to", "side": "sh", "region": "camp"})
    assert [e["region"] for e in events(evs, "RecruitmentTokensDestroyed")] == ["camp"]
    g.submit({"cmd": "done", "side": "sh"})  # no advance
    assert g.state["regions"]["camp"]["control"] == "fp"


# -- damage and casualties ------------------------------------------------------------------

def test_r11_1_every_hit_puts_one_marker_on_the_army_hit():
    """R-11.1: every hit puts one marker on the army hit."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    evs = round_(g, dice={"sh": [5, 6, 1], "fp": [5, 1, 1]})
    dmg = {e["region"]: e["n"] for e in events(evs, "DamageChanged")}
    assert dmg == {"town": 2, "woods": 1}
    assert army(g, "town")[2] == 2 and army(g, "woods")[2] == 1


def test_r11_1_damage_stays_with_the_army_across_rounds():
    """R-11.1: damage stays with the army across rounds."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    round_(g, dice={"sh": [5, 1, 1], "fp": [1, 1, 1]})
    stay(g)
    round_(g, dice={"sh": [5, 1, 1], "fp": [1, 1, 1]})
    assert army(g, "town")[2] == 2


def test_r11_2_voluntary_casualty_removes_two_markers():
    """R-11.2: voluntary casualty removes two markers."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    round_(g, dice={"sh": [5, 5, 1], "fp": [1, 1, 1]})
    assert top(g) == {"kind": "casualties", "side": "fp", "region": "town", "mandatory": False}
    assert_illegal(g, {"cmd": "casualty", "side": "sh", "unit": "orcs"}, "command/not_your_turn")
    assert_illegal(g, {"cmd": "casualty", "side": "fp", "unit": "riders"}, "casualty/not_there", "R-11.2")
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    assert army(g, "town") == ("fp", {"footmen": 2}, 0)
    assert top(g)["kind"] == "cease"


def test_r11_2_voluntary_casualty_removes_the_last_single_marker():
    """R-11.2: voluntary casualty removes the last single marker."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    round_(g, dice={"sh": [5, 1, 1], "fp": [1, 1, 1]})
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    assert army(g, "town") == ("fp", {"footmen": 2}, 0)


def test_r11_2_casualties_may_be_declined_while_markers_do_not_exceed_units():
    """R-11.2: casualties may be declined while markers do not exceed units."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    round_(g, dice={"sh": [5, 5, 5], "fp": [1, 1, 1]})
    g.submit({"cmd": "done", "side": "fp"})
    assert army(g, "town") == ("fp", {"footmen": 3}, 3)


def test_r11_3_markers_over_units_force_casualties_owner_chooses():
    """R-11.3: 3 hits on 2 units: the owner must remove a unit of its choice and two markers; then 1 unit
    with 1 marker is allowed."""
    g = fp_attacks([("woods", "sh", {"orcs": 1, "wargs": 1}), ("town", "fp", {"footmen": 3})], "town", "woods")
    round_(g, dice={"fp": [5, 5, 5], "sh": [1, 1, 1, 1]})
    assert top(g) == {"kind": "casualties", "side": "sh", "region": "woods", "mandatory": True}
    assert_illegal(g, {"cmd": "done", "side": "sh"}, "decision/mandatory")
    assert_illegal(g, {"cmd": "casualty", "side": "fp", "unit": "footmen"}, "command/not_your_turn")
    g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})
    assert army(g, "woods") == ("sh", {"wargs": 1}, 1)
    assert top(g) == {"kind": "casualties", "side": "sh", "region": "woods", "mandatory": False}


def test_r11_3_mandatory_casualties_repeat_while_markers_exceed_units():
    """R-11.3: mandatory casualties repeat while markers exceed units."""
    g = fp_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"riders": 2, "footmen": 1})], "town", "woods")
    round_(g, dice={"fp": [5, 5, 5, 5, 5], "sh": [1, 1, 1, 1]})
    assert army(g, "woods") == ("sh", {"orcs": 3}, 5)
    g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})  # 2 units, 3 markers
    assert top(g)["mandatory"] is True
    g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})  # 1 unit, 1 marker
    assert army(g, "woods") == ("sh", {"orcs": 1}, 1)
    assert top(g)["mandatory"] is False


def test_r11_3_attacker_answers_casualties_first():
    """R-11.3: attacker answers casualties first."""
    g = sh_attacks([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 3})], "woods", "town")
    round_(g, dice={"sh": [5, 1, 1], "fp": [5, 1, 1]})
    assert top(g)["side"] == "sh"
    g.submit({"cmd": "done", "side": "sh"})
    assert top(g)["side"] == "fp"


def test_r11_4_fleeing_army_takes_its_casualties():
    """R-11.4: 4 units with 4 markers flee: two units and four markers go."""
    g = sh_attacks([("woods", "sh", {"wargs": 2, "orcs": 1}), ("town", "fp", {"footmen": 4})], "woods", "town")
    to_withdraw(g, "maneuver:footmen", sh_dice=[5, 5, 5, 5, 1])
    g.submit({"cmd": "withdraw", "side": "fp", "choice": "flee"})
    g.submit({"cmd": "flee_casualty", "side": "fp", "unit": "footmen"})
    assert top(g)["kind"] == "flee_casualty"
    g.submit({"cmd": "flee_casualty", "side": "fp", "unit": "footmen"})
    assert army(g, "town") == ("fp", {"footmen": 2}, 0)
    assert top(g)["kind"] == "retreat_to"


def test_r11_5_leaders_and_characters_of_a_destroyed_army_are_eliminated():
    """R-11.5: leaders and characters of a destroyed army are eliminated."""
    g = sh_attacks([("woods", "sh", {"wargs": 2}), ("town", "fp", {"footmen": 1}, {"leaders": 1,
                                                                                    "chars": ["captain"]})],
                   "woods", "town")
    round_(g, dice={"sh": [5, 5, 1, 1], "fp": [1]})
    while top(g)["kind"] == "reroll":
        g.submit({"cmd": "reroll", "side": top(g)["side"], "dice": []})
    evs = g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    assert events(evs, "LeadersRemoved")[0]["n"] == 1
    assert [(e["char"], e["status"]) for e in events(evs, "CharacterStatus")] == [("captain", "eliminated")]
    assert g.state["chars"]["captain"]["status"] == "eliminated"
    assert g.state["regions"]["town"]["leaders"] == 0
    assert events(evs, "ArmyDestroyed") == [{"e": "ArmyDestroyed", "region": "town", "side": "fp"}]


def test_r10_7_retreat_into_a_friendly_army_over_five_removes_the_excess_first():
    """R-10.7: R-9.5: units over 5 go at once, before the attacker decides to advance."""
    g = sh_attacks([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2}), ("hold", "fp", {"footmen": 4})],
                   "woods", "town")
    to_withdraw(g)
    retreat_offer(g)
    g.submit({"cmd": "retreat_to", "side": "fp", "region": "hold"})
    assert top(g) == {"kind": "remove_excess", "side": "fp", "region": "hold", "n": 1}
    g.submit({"cmd": "remove_unit", "side": "fp", "unit": "footmen"})
    assert army(g, "hold") == ("fp", {"footmen": 5}, 0)
    assert top(g)["kind"] == "advance"


def test_r10_6_army_ending_a_battle_by_enemy_tokens_destroys_them():
    """R-10.6: R-12.4: a Shadow token lies under the Free Peoples army in Ashby (a scenario variant card
    places tokens anywhere); the army ends a battle there and destroys it."""
    import dataclasses
    spec = test_spec()
    cards = dict(spec.cards)
    cards["dark_muster"] = dataclasses.replace(cards["dark_muster"],
                                               effect=({"do": "place_tokens", "n": 1, "where": "any"},))
    spec = variant_spec(cards=cards)
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], spec=spec,
                    sh=["muster", "army", "army", "army"], hands={"sh": ["dark_muster"], "fp": []})
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "play_card", "card": "dark_muster"})
    g.submit({"cmd": "choose_region", "side": "sh", "region": "town", "outcomes": ["orcs"]})
    assert g.state["regions"]["town"]["rtokens"]["sh"] == ["orcs"]
    g.submit({"cmd": "use_die", "side": "fp", "die": 4, "action": "draw_generic"})  # the event die
    attack(g, "sh", "woods", "town")
    round_(g, dice={"sh": [1, 1], "fp": [1, 1]})
    evs = g.submit({"cmd": "cease", "side": "sh"})
    assert [(e["region"], e["side"]) for e in events(evs, "RecruitmentTokensDestroyed")] == [("town", "sh")]
    assert g.state["regions"]["town"]["rtokens"]["sh"] == []
