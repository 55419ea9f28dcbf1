"""How battles start (R-10.1), preparation (R-10.2) and combined attacks (R-10.9)."""
from __future__ import annotations

from battle_support import (army, attack, battle_game, events, no_casualties, rolled,
                            round_, sh_turn, stay, tactics)
from helpers import assert_illegal, top


# -- every way a battle starts ---------------------------------------------------------

def test_r10_1_army_die_attack_starts_a_battle_with_the_active_player_attacking():
    """R-10.1: army die attack starts a battle with the active player attacking."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})])
    sh_turn(g)
    evs = attack(g, "sh", "woods", "town")
    started = events(evs, "BattleStarted")[0]
    assert started == {"e": "BattleStarted", "attacker": "sh", "armies": ["woods"], "target": "town",
                       "mode": "army"}
    b = g.state["battle"]
    assert (b["attacker"], b["defender"], b["round"]) == ("sh", "fp", 1)
    assert top(g) == {"kind": "tactic", "side": None, "sides": ["sh", "fp"]}


def test_r10_1_free_peoples_attack_with_army_muster_die():
    """R-10.1: free peoples attack with army muster die."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})])
    evs = attack(g, "fp", "town", "woods")
    assert events(evs, "BattleStarted")[0]["attacker"] == "fp"
    assert g.state["battle"]["defender"] == "sh"


def test_r10_1_character_die_attack_needs_leadership():
    """R-10.1: R-9.3: an attack with a Character die needs an army with leadership 1 or more."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})],
                    fp=["character"] * 4)
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"}, "attack/none", "R-10.1")
    g.submit({"cmd": "adjust_leaders", "side": "players", "region": "town", "n": 1})
    evs = attack(g, "fp", "town", "woods", die=0)
    assert events(evs, "BattleStarted")[0]["mode"] == "character"


def test_r10_1_character_die_move_and_attack_takes_the_leader_along():
    """R-10.1: R-9.2: moving with a Character die, a leader (or character rated 1+) moves with the army."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("hold", "fp", {"footmen": 2}, {"leaders": 1})],
                    fp=["character"] * 4)
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"})
    assert_illegal(g, {"cmd": "attack", "side": "fp", "from": "hold", "to": "town", "target": "woods",
                       "units": {"footmen": 1}, "leaders": 0}, "move/no_leader", "R-9.2")
    g.submit({"cmd": "attack", "side": "fp", "from": "hold", "to": "town", "target": "woods",
              "units": {"footmen": 1}, "leaders": 1})
    assert army(g, "town") == ("fp", {"footmen": 1}, 0)
    assert g.state["regions"]["town"]["leaders"] == 1
    assert g.state["battle"]["armies"] == ["town"]


def test_r10_1_shadow_character_die_attack_with_leadership_tokens():
    """R-10.1: The Shadow's Character dice sit in the Shadow Box (R-6.1); Shadow leadership tokens give the
    army its leadership (R-6.3). The tokens do not move, so the army attacks from where it is."""
    g = battle_game([("town", "fp", {"footmen": 2})], early=[("woods", "sh", {"orcs": 2})])
    assert g.state["regions"]["woods"]["tokens"] == 2
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "attack"})
    evs = g.submit({"cmd": "attack", "side": "sh", "from": "woods", "target": "town"})
    assert events(evs, "BattleStarted")[0]["mode"] == "character"


def test_r10_1_shadow_character_die_without_leadership_cannot_attack():
    """R-10.1: shadow character die without leadership cannot attack."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})])
    sh_turn(g)
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": "box", "action": "attack"}, "attack/none", "R-10.1")


def test_r10_1_eye_die_mordor_attack_needs_orcs():
    """R-10.1: eye die mordor attack needs orcs."""
    g = battle_game([("woods", "sh", {"wargs": 2}), ("fields", "sh", {"orcs": 1}),
                     ("town", "fp", {"footmen": 2}), ("watch", "fp", {"footmen": 1})],
                    sh=["eye"] * 4)
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "mordor_attack"})
    assert_illegal(g, {"cmd": "attack", "side": "sh", "from": "woods", "target": "town"},
                   "attack/no_orcs", "R-8.6")
    evs = g.submit({"cmd": "attack", "side": "sh", "from": "fields", "target": "watch"})
    assert events(evs, "BattleStarted")[0]["mode"] == "mordor"


def test_r10_1_eye_die_without_orc_army_has_no_attack():
    """R-10.1: eye die without orc army has no attack."""
    g = battle_game([("woods", "sh", {"wargs": 2}), ("town", "fp", {"footmen": 2})], sh=["eye"] * 4)
    sh_turn(g)
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "mordor_attack"}, "attack/none", "R-10.1")


def test_r10_1_card_attack_effect_starts_a_battle():
    """R-10.1: Sudden Strike (an Army card, `{do: attack}`) played with an Army die (R-5.6)."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})],
                    hands={"sh": ["sudden_strike"]})
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "play_card", "card": "sudden_strike"})
    assert top(g) == {"kind": "attack", "side": "sh", "mode": "army"}
    evs = g.submit({"cmd": "attack", "side": "sh", "from": "woods", "target": "town"})
    assert events(evs, "BattleStarted")[0]["attacker"] == "sh"
    assert "sudden_strike" in g.state["discard"]


def test_r10_1_attacker_stays_and_fights_one_adjacent_region():
    """R-10.1, R-8.8: the army stays where it is and attacks one adjacent region; it does not enter it."""
    g = battle_game([("fields", "sh", {"orcs": 2}), ("watch", "fp", {"footmen": 1}),
                     ("woods", "fp", {"footmen": 1})])
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "attack"})
    assert_illegal(g, {"cmd": "attack", "side": "sh", "from": "fields", "target": "town"},
                   "attack/no_target", "R-10.1")
    g.submit({"cmd": "attack", "side": "sh", "from": "fields", "target": "watch"})
    assert g.state["battle"]["target"] == "watch"
    assert army(g, "fields")[0] == "sh" and army(g, "watch")[0] == "fp"


def test_r10_1_attacker_moves_then_attacks_a_region_adjacent_to_where_it_ends():
    """R-10.1: attacker moves then attacks a region adjacent to where it ends."""
    g = battle_game([("heights", "sh", {"orcs": 2}), ("watch", "fp", {"footmen": 1})])
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "attack"})
    # Watchfort is not adjacent to the Spire: the target must be adjacent to where the army ends.
    assert_illegal(g, {"cmd": "attack", "side": "sh", "from": "heights", "to": "spire", "target": "watch"},
                   "attack/not_adjacent", "R-8.8")
    evs = g.submit({"cmd": "attack", "side": "sh", "from": "heights", "to": "fields", "target": "watch"})
    assert events(evs, "ArmyMoved")[0]["path"] == ["fields"]
    assert events(evs, "BattleStarted")[0]["armies"] == ["fields"]
    assert army(g, "heights") == (None, {}, 0)


def test_r10_1_units_in_the_end_region_join_the_attack_capped_at_five():
    """R-10.1: R-9.5: the merged army fights; units over 5 are removed first, the owner choosing."""
    g = battle_game([("heights", "sh", {"orcs": 3}), ("fields", "sh", {"wargs": 2, "orcs": 1}),
                     ("watch", "fp", {"footmen": 1})])
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "attack"})
    g.submit({"cmd": "attack", "side": "sh", "from": "heights", "to": "fields", "target": "watch"})
    assert top(g) == {"kind": "remove_excess", "side": "sh", "region": "fields", "n": 1}
    g.submit({"cmd": "remove_unit", "side": "sh", "unit": "orcs"})
    assert army(g, "fields") == ("sh", {"wargs": 2, "orcs": 3}, 0)
    assert top(g)["kind"] == "tactic"
    tactics(g, sh="regroup", fp="regroup")
    evs = g.submit({"cmd": "roll_combat", "side": "sh", "outcomes": [1] * 5})
    assert len(rolled(evs, "sh")["dice"]) == 5  # 2 wargs (4) + 3 orcs (3), capped at 5


# -- preparation -----------------------------------------------------------------------

def test_r10_2_tactic_tokens_one_maneuver_per_unit_type_plus_regroup_and_combat_event():
    """R-10.2: tactic tokens one maneuver per unit type plus regroup and combat event."""
    g = battle_game([("woods", "sh", {"orcs": 2, "wargs": 1}), ("town", "fp", {"footmen": 2, "riders": 1})])
    sh_turn(g)
    attack(g, "sh", "woods", "town")
    legal = {(c["side"], c["tactic"]) for c in g.legal_commands()}
    assert legal == {("sh", "maneuver:orcs"), ("sh", "maneuver:wargs"), ("sh", "regroup"), ("sh", "combat_event"),
                     ("fp", "maneuver:footmen"), ("fp", "maneuver:riders"), ("fp", "regroup"),
                     ("fp", "combat_event")}
    assert_illegal(g, {"cmd": "tactic", "side": "sh", "tactic": "maneuver:footmen"}, "battle/bad_tactic", "R-10.4")


def test_r10_2_maneuver_token_is_spent_until_a_regroup():
    """R-10.2: maneuver token is spent until a regroup."""
    g = battle_game([("woods", "sh", {"orcs": 2, "wargs": 1}), ("town", "fp", {"footmen": 3})])
    sh_turn(g)
    attack(g, "sh", "woods", "town")
    # Round 1: the Shadow maneuvers with its Wargs.
    round_(g, {"sh": "maneuver:wargs"}, {"sh": [1, 1, 1, 1], "fp": [1, 1, 1]})
    stay(g)
    assert g.state["battle"]["spent"]["sh"] == ["wargs"]
    assert_illegal(g, {"cmd": "tactic", "side": "sh", "tactic": "maneuver:wargs"}, "battle/bad_tactic", "R-10.4")
    # Round 2: Orcs maneuver; both maneuver tokens are now spent.
    round_(g, {"sh": "maneuver:orcs"}, {"sh": [1, 1, 1, 1], "fp": [1, 1, 1]})
    stay(g)
    opts = {c["tactic"] for c in g.legal_commands() if c["side"] == "sh"}
    assert opts == {"regroup", "combat_event"}
    # Round 3: Regroup; at the end of the round both tokens come back (R-10.4.1c).
    round_(g, {"sh": "regroup"}, {"sh": [1, 1, 1, 1], "fp": [1, 1, 1]})
    assert g.state["battle"]["spent"]["sh"] == ["wargs", "orcs"]  # still spent during the round
    stay(g)
    assert g.state["battle"]["spent"]["sh"] == []
    opts = {c["tactic"] for c in g.legal_commands() if c["side"] == "sh"}
    assert opts == {"maneuver:orcs", "maneuver:wargs", "regroup", "combat_event"}


def test_r10_2_combat_event_and_regroup_are_never_spent():
    """R-10.2: combat event and regroup are never spent."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 3})])
    sh_turn(g)
    attack(g, "sh", "woods", "town")
    for _ in range(2):
        round_(g, {"sh": "combat_event", "fp": "regroup"}, {"sh": [1, 1], "fp": [1, 1, 1]})
        stay(g)
    assert g.state["battle"]["spent"] == {"fp": [], "sh": []}


def test_r10_2_terrain_superiority_draws_one_generic_card_for_the_higher_count():
    """R-10.2: Battle in the Ashby plains: 2 Wargs (favoured plains) against Footmen (favoured fort)."""
    g = battle_game([("woods", "sh", {"wargs": 2, "orcs": 1}), ("town", "fp", {"footmen": 2})])
    sh_turn(g)
    hand = len(g.state["sides"]["sh"]["hand"])
    deck = len(g.state["generic"])
    evs = attack(g, "sh", "woods", "town")
    sup = events(evs, "TerrainSuperiority")[0]
    assert sup["terrain"] == "plains" and sup["counts"] == {"sh": 2, "fp": 0} and sup["winner"] == "sh"
    drawn = events(evs, "CardsDrawn")
    assert len(drawn) == 1 and drawn[0]["side"] == "sh" and drawn[0]["deck"] == "generic"
    assert len(drawn[0]["cards"]) == 1
    assert len(g.state["sides"]["sh"]["hand"]) == hand + 1 and len(g.state["generic"]) == deck - 1


def test_r10_2_terrain_superiority_counts_the_defenders_region_terrain():
    """R-10.2: Watchfort is a fort: the defending Footmen (favoured fort) win superiority."""
    g = battle_game([("fields", "sh", {"wargs": 2}), ("watch", "fp", {"footmen": 1})])
    sh_turn(g)
    evs = attack(g, "sh", "fields", "watch")
    assert events(evs, "TerrainSuperiority")[0]["winner"] == "fp"
    assert [e["side"] for e in events(evs, "CardsDrawn")] == ["fp"]


def test_r10_2_terrain_superiority_tie_draws_nothing():
    """R-10.2: terrain superiority tie draws nothing."""
    g = battle_game([("woods", "sh", {"wargs": 1, "orcs": 1}), ("town", "fp", {"riders": 1, "footmen": 1})])
    sh_turn(g)
    evs = attack(g, "sh", "woods", "town")
    sup = events(evs, "TerrainSuperiority")[0]
    assert sup["counts"] == {"sh": 1, "fp": 1} and sup["winner"] is None
    assert events(evs, "CardsDrawn") == []


def test_r10_2_terrain_superiority_zero_each_draws_nothing():
    """R-10.2: terrain superiority zero each draws nothing."""
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})])
    sh_turn(g)
    evs = attack(g, "sh", "woods", "town")
    assert events(evs, "TerrainSuperiority")[0]["winner"] is None
    assert events(evs, "CardsDrawn") == []


# -- combined attacks ------------------------------------------------------------------

def combined_game(**kw):
    """The Shadow holds the Barley Fields; Free Peoples armies in the Old Woods (across a stream),
    Watchfort (a normal border) and the Windy Heights (across a pass)."""
    armies = kw.pop("armies", [("fields", "sh", {"orcs": 3}), ("woods", "fp", {"riders": 1}),
                               ("watch", "fp", {"footmen": 2})])
    return battle_game(armies, **kw)


def test_r10_9_combined_attack_attacker_picks_the_army_each_round():
    """R-10.9: combined attack attacker picks the army each round."""
    g = combined_game()
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    assert_illegal(g, {"cmd": "attack", "side": "fp", "target": "fields", "armies": ["woods", "town"]},
                   "attack/no_army", "R-10.9")
    g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["watch", "woods"]})
    assert top(g) == {"kind": "choose_army", "side": "fp", "options": ["watch", "woods"]}
    assert_illegal(g, {"cmd": "choose_army", "side": "sh", "region": "woods"}, "command/not_your_turn")
    assert_illegal(g, {"cmd": "choose_army", "side": "fp", "region": "fields"}, "battle/bad_army", "R-10.9")
    g.submit({"cmd": "choose_army", "side": "fp", "region": "woods"})
    # Only that army's strength and unit types count.
    opts = {c["tactic"] for c in g.legal_commands() if c["side"] == "fp"}
    assert opts == {"maneuver:riders", "regroup", "combat_event"}
    evs = round_(g, dice={"fp": [1, 1], "sh": [5, 1, 1]})
    assert len(rolled(evs, "fp")["dice"]) == 2
    # It takes all the defender's hits that round.
    assert army(g, "woods")[2] == 1 and army(g, "watch")[2] == 0
    no_casualties(g)
    stay(g)
    assert top(g)["kind"] == "choose_army"
    g.submit({"cmd": "choose_army", "side": "fp", "region": "watch"})
    assert g.state["battle"]["current"] == "watch"


def test_r10_9_switching_armies_gives_back_the_spent_tactic_tokens():
    """R-10.9: switching armies gives back the spent tactic tokens."""
    g = combined_game(armies=[("fields", "sh", {"orcs": 3}), ("woods", "fp", {"riders": 1, "footmen": 1}),
                              ("watch", "fp", {"footmen": 2})])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["woods", "watch"]})
    g.submit({"cmd": "choose_army", "side": "fp", "region": "woods"})
    round_(g, {"fp": "maneuver:riders"}, {"fp": [1, 1, 1], "sh": [1, 1, 1]})
    stay(g)
    # The same army again: its spent token stays spent.
    g.submit({"cmd": "choose_army", "side": "fp", "region": "woods"})
    assert g.state["battle"]["spent"]["fp"] == ["riders"]
    round_(g, {"fp": "maneuver:footmen"}, {"fp": [1, 1, 1], "sh": [1, 1, 1]})
    stay(g)
    assert sorted(g.state["battle"]["spent"]["fp"]) == ["footmen", "riders"]
    # Switching: every spent token comes back.
    g.submit({"cmd": "choose_army", "side": "fp", "region": "watch"})
    assert g.state["battle"]["spent"]["fp"] == []
    assert {c["tactic"] for c in g.legal_commands() if c["side"] == "fp"} == {
        "maneuver:footmen", "regroup", "combat_event"}


def test_r10_9_terrain_superiority_only_once_with_the_first_army():
    """R-10.9: The army chosen for the first round decides terrain superiority; switching later does not
    check it again. Fields are plains: Riders are favoured there, Footmen are not."""
    g = combined_game()
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    evs = g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["watch", "woods"]})
    assert events(evs, "TerrainSuperiority") == []  # not before the first army is chosen
    evs = g.submit({"cmd": "choose_army", "side": "fp", "region": "woods"})
    sup = events(evs, "TerrainSuperiority")
    assert len(sup) == 1 and sup[0]["counts"] == {"fp": 1, "sh": 0} and sup[0]["winner"] == "fp"
    assert [e["side"] for e in events(evs, "CardsDrawn")] == ["fp"]
    later = round_(g, dice={"fp": [1, 1], "sh": [1, 1, 1]})
    later += stay(g)
    later += g.submit({"cmd": "choose_army", "side": "fp", "region": "watch"})
    later += round_(g, dice={"fp": [1, 1], "sh": [1, 1, 1]})
    assert events(later, "TerrainSuperiority") == [] and events(later, "CardsDrawn") == []


def test_r10_9_first_round_border_effects_apply_to_each_armys_first_round():
    """R-10.9: Woods-Fields is a stream, Heights-Fields a pass: each army's own first round has target 6."""
    g = battle_game([("fields", "sh", {"orcs": 3}), ("woods", "fp", {"footmen": 1}),
                     ("heights", "fp", {"footmen": 1}), ("watch", "fp", {"footmen": 1})])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["woods", "heights", "watch"]})
    targets = []
    for region in ("woods", "heights", "woods", "watch", "heights"):
        if top(g)["kind"] != "choose_army":
            stay(g)
        g.submit({"cmd": "choose_army", "side": "fp", "region": region})
        evs = round_(g, dice={"fp": [1], "sh": [1, 1, 1]})
        targets.append(rolled(evs, "fp")["target"])
        assert rolled(evs, "sh")["target"] == 5
    assert targets == [6, 6, 5, 5, 5]


def test_r10_9_after_a_win_one_attacking_army_advances():
    """R-10.9: after a win one attacking army advances."""
    g = combined_game(armies=[("fields", "sh", {"orcs": 1}), ("woods", "fp", {"riders": 1}),
                              ("watch", "fp", {"footmen": 2})])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["woods", "watch"]})
    g.submit({"cmd": "choose_army", "side": "fp", "region": "watch"})
    round_(g, dice={"fp": [5, 5], "sh": [1]})
    g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})
    assert g.state["battle"]["outcome"] == "attacker_won"
    # The army that fought the last round advances (another only if that one fell).
    assert top(g) == {"kind": "advance", "side": "fp", "options": ["watch"]}
    assert_illegal(g, {"cmd": "advance", "side": "fp", "from": "woods"}, "battle/bad_advance")
    g.submit({"cmd": "advance", "side": "fp", "from": "watch"})
    assert army(g, "fields") == ("fp", {"footmen": 2}, 0)
    assert army(g, "woods") == ("fp", {"riders": 1}, 0)
    assert g.state["battle"] is None


def test_r10_9_last_army_eliminated_but_defender_eliminated_another_army_advances():
    """R-10.9: last army eliminated but defender eliminated another army advances."""
    g = combined_game(armies=[("fields", "sh", {"orcs": 1}), ("woods", "fp", {"riders": 1}),
                              ("watch", "fp", {"footmen": 1})])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["woods", "watch"]})
    g.submit({"cmd": "choose_army", "side": "fp", "region": "watch"})
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "regroup"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
    g.submit({"cmd": "roll_combat", "side": "fp", "outcomes": [6]})
    g.submit({"cmd": "roll_combat", "side": "sh", "outcomes": [6]})
    # Both lose their only unit: the Free Peoples first (the attacker answers first).
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    g.submit({"cmd": "casualty", "side": "sh", "unit": "orcs"})
    assert army(g, "watch") == (None, {}, 0) and army(g, "fields") == (None, {}, 0)
    assert top(g) == {"kind": "advance", "side": "fp", "options": ["woods"]}
    g.submit({"cmd": "advance", "side": "fp", "from": "woods"})
    assert army(g, "fields") == ("fp", {"riders": 1}, 0)


def test_r10_9_current_army_eliminated_the_battle_goes_on_with_another():
    """R-10.9: current army eliminated the battle goes on with another."""
    g = combined_game(armies=[("fields", "sh", {"orcs": 3}), ("woods", "fp", {"riders": 1}),
                              ("watch", "fp", {"footmen": 1})])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "combined_attack"})
    g.submit({"cmd": "attack", "side": "fp", "target": "fields", "armies": ["woods", "watch"]})
    g.submit({"cmd": "choose_army", "side": "fp", "region": "watch"})
    round_(g, dice={"fp": [1], "sh": [5, 5, 1]})
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    assert top(g)["kind"] == "cease"
    stay(g)
    # One army left: it fights without being asked, with all its tactic tokens.
    assert top(g)["kind"] == "tactic"
    assert g.state["battle"]["current"] == "woods"


def test_r10_1_card_attack_needing_leadership():
    """R-10.1: A card `{do: attack, leadership: true}` (a variant of Sudden Strike) attacks as with a
    Character die: only an army with leadership may attack; without one the card, which does
    nothing else, cannot be played (R-5.8, docs/rulings.md)."""
    import dataclasses
    from helpers import test_spec
    spec = test_spec()
    cards = dict(spec.cards)
    cards["sudden_strike"] = dataclasses.replace(cards["sudden_strike"], effect=({"do": "attack", "leadership": True},))
    spec = dataclasses.replace(spec, cards=cards)
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2})], spec=spec,
                    hands={"fp": ["sudden_strike"], "sh": []})
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "sudden_strike"},
                   "card/no_effect", "R-5.8")
    g = battle_game([("woods", "sh", {"orcs": 2}), ("town", "fp", {"footmen": 2}, {"leaders": 1})], spec=spec,
                    hands={"fp": ["sudden_strike"], "sh": []})
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "sudden_strike"})
    assert top(g) == {"kind": "attack", "side": "fp", "mode": "character"}
    evs = g.submit({"cmd": "attack", "side": "fp", "from": "town", "target": "woods"})
    assert events(evs, "BattleStarted")[0]["mode"] == "character"


def test_r10_1_mordor_attack_the_moving_army_must_contain_orcs():
    """R-10.1: R-8.6: the army that moves and attacks with the Eye die contains Orcs; Wargs split off alone
    may not make it (unless they join Orcs where they end)."""
    g = battle_game([("heights", "sh", {"wargs": 1, "orcs": 1}), ("watch", "fp", {"footmen": 1})], sh=["eye"] * 4)
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "mordor_attack"})
    legal = [c for c in g.legal_commands() if c.get("to") == "fields"]
    assert legal and all(c["units"].get("orcs") for c in legal)
    assert_illegal(g, {"cmd": "attack", "side": "sh", "from": "heights", "to": "fields", "target": "watch",
                       "units": {"wargs": 1}}, "attack/no_orcs", "R-8.6")
    evs = g.submit({"cmd": "attack", "side": "sh", "from": "heights", "to": "fields", "target": "watch",
                    "units": {"orcs": 1}})
    assert events(evs, "BattleStarted")[0]["mode"] == "mordor"


def test_r10_1_mordor_attack_wargs_joining_orcs_may_attack():
    """R-10.1: mordor attack wargs joining orcs may attack."""
    g = battle_game([("heights", "sh", {"wargs": 1, "orcs": 1}), ("fields", "sh", {"orcs": 1}),
                     ("watch", "fp", {"footmen": 1})], sh=["eye"] * 4)
    sh_turn(g)
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "mordor_attack"})
    assert any(c.get("to") == "fields" and c["units"] == {"wargs": 1} for c in g.legal_commands())
    g.submit({"cmd": "attack", "side": "sh", "from": "heights", "to": "fields", "target": "watch",
              "units": {"wargs": 1}})
    assert army(g, "fields") == ("sh", {"orcs": 1, "wargs": 1}, 0)
