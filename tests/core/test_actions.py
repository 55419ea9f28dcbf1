"""R-8: action dice and actions."""
from __future__ import annotations

from dataclasses import replace

from helpers import (adjust, assert_illegal, clear_board, events_named, finish_actions, new_game,
                     place, start_with, test_spec, to_actions, top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


def ready(fp=FP, sh=SH, position="tower", seed=1, game=None, fate=("grey_0a",)):
    return to_actions(game or new_game(seed), fp=fp, sh=sh, position=position, fate=list(fate))


def variant(**changes):
    return new_game(spec=replace(test_spec(), **changes))


def empty_hands(g):
    for side in ("fp", "sh"):
        for c in list(g.state["sides"][side]["hand"]):
            adjust(g, "card", card=c, to="discard")


# -- R-8.1 -------------------------------------------------------------------------------------

def test_r8_1_the_shadow_has_six_dice_and_the_free_peoples_four():
    """R-8.1: The shadow has six dice and the free peoples four."""
    g = ready()
    assert g.spec.dice == {"fp": 4, "sh": 6}
    assert g.state["sides"]["sh"]["dice"] == 6
    # The Captain (extra-die icon) is in play from the set-up: 4 + 1.
    assert g.state["sides"]["fp"]["dice"] == 5


def test_r8_1_action_die_faces():
    """R-8.1: Action die faces."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_0a"]})
    g.submit({"cmd": "keep_fate", "side": "fp"})
    assert_illegal(g, {"cmd": "roll_dice", "side": "fp", "outcomes": ["eye"] * 5}, "chance/bad_die")
    assert_illegal(g, {"cmd": "roll_dice", "side": "sh", "outcomes": ["will"] * 4}, "chance/bad_die")
    # Numbers 1-6 name the faces in order: Character, Character, Muster, Army/Muster, Event, Will.
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": [1, 2, 3, 4, 6]})
    assert g.state["sides"]["fp"]["rolled"] == ["character", "character", "muster", "army_muster", "will"]
    g.submit({"cmd": "roll_dice", "side": "sh", "outcomes": [2, 3, 5, 6]})
    assert g.state["sides"]["sh"]["rolled"] == ["army", "muster", "event", "eye"]


# -- R-8.2 -------------------------------------------------------------------------------------

def test_r8_2_the_shadow_gains_a_die_while_it_controls_a_territory_and_loses_it_when_liberated():
    """R-8.2: The shadow gains a die while it controls a territory and loses it when liberated."""
    g = ready(game=variant(victory_vp=99))
    adjust(g, "control", region="hold", owner="sh")
    adjust(g, "control", region="town", owner="sh")
    finish_actions(g)
    assert g.state["sides"]["sh"]["dice"] == 7
    to_actions(g, fp=FP, sh=SH + ["army"])
    # A Free Peoples army moves into Ashby: liberated; the die is lost from the next turn.
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "hold", "to": "town", "units": {"footmen": 1}})
    assert g.state["regions"]["town"]["control"] is None
    assert g.state["sides"]["sh"]["dice"] == 7
    g.submit({"cmd": "done", "side": "fp"})
    finish_actions(g)
    assert g.state["sides"]["sh"]["dice"] == 6


def test_r8_2_the_free_peoples_gain_a_die_with_an_extra_die_character_and_lose_it_when_eliminated():
    """R-8.2: The free peoples gain a die with an extra die character and lose it when eliminated."""
    g = ready(game=variant(victory_captains=()))
    adjust(g, "character", char="captain", status="eliminated")
    assert g.state["sides"]["fp"]["dice"] == 5  # not before the next turn
    finish_actions(g)
    assert g.state["sides"]["fp"]["dice"] == 4
    to_actions(g, fp=FP, sh=SH)
    adjust(g, "character", char="captain", status="ready")
    use(g, "fp", "character", "enter_character", character="captain", region="town")
    assert g.state["chars"]["captain"] == {"status": "in_play", "region": "town"}
    finish_actions(g)
    assert g.state["sides"]["fp"]["dice"] == 5


# -- R-8.3 / R-8.4 -----------------------------------------------------------------------------

def test_r8_3_players_alternate_and_the_phase_ends_when_all_dice_are_used():
    """R-8.3: Players alternate and the phase ends when all dice are used."""
    g = ready(fp=["character"] * 5, sh=["army"] * 4)
    clear_board(g)
    empty_hands(g)
    sides = []
    while g.state["turn"] == 1:
        p = top(g)
        assert p["kind"] == "action"
        sides.append(p["side"])
        if p["side"] == "fp":
            g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "forfeit"})
        elif g.state["sides"]["sh"]["rolled"]:
            g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "forfeit"})
        else:
            g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "ability", "character": "warlock"})
    # Five Free Peoples dice, six Shadow dice: the Shadow takes the last two actions in a row.
    assert sides == ["fp", "sh"] * 5 + ["sh"]
    assert top(g)["kind"] == "choose_position"


def test_r8_3_a_die_is_spent_for_nothing_only_when_it_allows_no_action():
    """R-8.3: A die is spent for nothing only when it allows no action."""
    g = ready()
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 3, "action": "forfeit"}, "action/forfeit_not_allowed")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 9, "action": "draw_story"}, "die/unknown")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 3, "action": "fly"}, "action/unknown")


def test_r8_3_a_used_die_is_gone():
    """R-8.3: A used die is gone."""
    g = ready()
    use(g, "fp", "event", "draw_story")
    assert g.state["sides"]["fp"]["rolled"] == ["character", "army_muster", "muster", "will"]


def test_r8_4_pass_only_while_the_opponent_has_more_unused_dice():
    """R-8.4: Pass only while the opponent has more unused dice."""
    g = ready()
    # 5 Free Peoples dice against 6 Shadow dice (4 rolled, 2 in the box).
    events = g.submit({"cmd": "pass", "side": "fp"})
    assert events_named(events, "Passed") and len(g.state["sides"]["fp"]["rolled"]) == 5
    assert top(g)["side"] == "sh"
    assert_illegal(g, {"cmd": "pass", "side": "sh"}, "pass/not_allowed")
    use(g, "sh", "event", "draw_story")
    # 5 against 5: no pass.
    assert_illegal(g, {"cmd": "pass", "side": "fp"}, "pass/not_allowed")


# -- R-8.5 -------------------------------------------------------------------------------------

def test_r8_5_the_free_peoples_have_two_action_tokens_restored_every_turn():
    """R-8.5: The free peoples have two action tokens restored every turn."""
    g = ready(game=variant(dice={"fp": 4, "sh": 8}), sh=["army"] * 6)
    assert g.state["sides"]["fp"]["action_tokens"] == 2
    g.submit({"cmd": "pass", "side": "fp", "token": "move"})
    g.submit({"cmd": "move_army", "side": "fp", "from": "town", "to": "woods"})
    assert g.state["sides"]["fp"]["action_tokens"] == 1
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "done", "side": "sh"})
    g.submit({"cmd": "pass", "side": "fp", "token": "move"})
    g.submit({"cmd": "move_army", "side": "fp", "from": "woods", "to": "town"})
    assert g.state["sides"]["fp"]["action_tokens"] == 0
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "done", "side": "sh"})
    # 5 Free Peoples dice against 6: a pass is allowed, but no token is left.
    assert_illegal(g, {"cmd": "pass", "side": "fp", "token": "move"}, "token/none")
    finish_actions(g)
    assert g.state["sides"]["fp"]["action_tokens"] == 2


def test_r8_5_token_moves_one_army_to_an_adjacent_region():
    """R-8.5: Token moves one army to an adjacent region."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp", "token": "move"})
    p = top(g)
    assert p["kind"] == "move" and p["left"] == 1
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "town", "path": ["woods", "fields"]}, "move/too_far")
    g.submit({"cmd": "move_army", "side": "fp", "from": "town", "to": "woods"})
    assert g.state["regions"]["woods"]["units"] == {"footmen": 2}
    assert top(g) == {"kind": "action", "side": "sh"}
    assert len(g.state["sides"]["fp"]["rolled"]) == 5


def test_r8_5_token_uses_one_recruitment_token():
    """R-8.5: Token uses one recruitment token."""
    g = ready(game=start_with(START))
    g.submit({"cmd": "pass", "side": "fp", "token": "recruit"})
    g.submit({"cmd": "recruit", "side": "fp", "region": "watch"})
    assert g.state["regions"]["watch"]["units"] == {"footmen": 1}
    assert g.state["regions"]["town"]["rtokens"]["fp"] == ["riders"]
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r8_5_token_rallies_one_army():
    """R-8.5: Token rallies one army."""
    g = ready()
    adjust(g, "damage", region="town", n=1)
    adjust(g, "damage", region="hold", n=1)
    g.submit({"cmd": "pass", "side": "fp", "token": "rally"})
    assert top(g)["left"] == 1
    g.submit({"cmd": "rally", "side": "fp", "region": "town", "outcomes": [6, 1]})
    assert g.state["regions"]["town"]["damage"] == 0 and g.state["regions"]["hold"]["damage"] == 1
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r8_5_token_moves_a_group_of_characters_by_the_highest_level():
    """R-8.5: Token moves a group of characters by the highest level."""
    g = ready()
    adjust(g, "character", char="wizard", status="in_play", region="hold")
    g.submit({"cmd": "pass", "side": "fp", "token": "characters"})
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["captain", "wizard"],
              "path": ["watch", "fields", "woods"]})
    assert g.state["chars"]["captain"]["region"] == "woods" and g.state["chars"]["wizard"]["region"] == "woods"
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r8_5_token_moves_only_one_group():
    """R-8.5: Token moves only one group."""
    g = ready()
    adjust(g, "character", char="wizard", status="in_play", region="town")
    g.submit({"cmd": "pass", "side": "fp", "token": "characters"})
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["wizard"], "path": ["woods"]})
    assert g.state["chars"]["captain"]["region"] == "hold"
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r8_5_a_token_action_must_be_possible_and_only_the_free_peoples_have_tokens():
    """R-8.5: A token action must be possible and only the free peoples have tokens."""
    g = ready()
    assert_illegal(g, {"cmd": "pass", "side": "fp", "token": "rally"}, "rally/none")
    assert_illegal(g, {"cmd": "pass", "side": "fp", "token": "attack"}, "token/unknown")
    g2 = ready(game=variant(dice={"fp": 4, "sh": 3}))
    use(g2, "fp", "event", "draw_story")
    assert_illegal(g2, {"cmd": "pass", "side": "sh", "token": "move"}, "token/not_fp")
    g2.submit({"cmd": "pass", "side": "sh"})
    assert top(g2)["side"] == "fp"


# -- R-8.6 -------------------------------------------------------------------------------------

def test_r8_6_character_die_attack_with_a_leader():
    """R-8.6: Character die attack with a leader."""
    g = ready()
    place(g, "watch", "sh", {"orcs": 1})
    use(g, "fp", "character", "attack")
    assert top(g) == {"kind": "attack", "side": "fp", "mode": "character"}
    g.submit({"cmd": "attack", "side": "fp", "from": "hold", "target": "watch"})
    assert g.state["battle"]["attacker"] == "fp" and g.state["battle"]["target"] == "watch"


def test_r8_6_character_die_moves_every_character():
    """R-8.6: Character die moves every character."""
    g = ready()
    adjust(g, "character", char="wizard", status="in_play", region="town")
    use(g, "fp", "character", "move_characters")
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["captain"], "path": ["watch"]})
    assert top(g)["kind"] == "move_characters"
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["wizard"], "path": ["woods", "fields", "fen"]})
    assert g.state["chars"]["captain"]["region"] == "watch" and g.state["chars"]["wizard"]["region"] == "fen"
    assert top(g)["side"] == "sh"


def test_r8_6_army_die_strategic_move_two_different_armies():
    """R-8.6: Army die strategic move two different armies."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "camp", "to": "fen"})
    assert_illegal(g, {"cmd": "move_army", "side": "sh", "from": "fen", "to": "fields"}, "move/same_army")
    g.submit({"cmd": "move_army", "side": "sh", "from": "spire", "to": "heights"})
    assert g.state["regions"]["fen"]["units"] == {"orcs": 3, "wargs": 1}
    assert g.state["regions"]["heights"]["units"] == {"orcs": 2}
    assert top(g)["side"] == "fp"


def test_r8_6_army_die_strategic_move_of_one_army_then_stop():
    """R-8.6: Army die strategic move of one army then stop."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "camp", "to": "fen"})
    g.submit({"cmd": "done", "side": "sh"})
    assert g.state["regions"]["spire"]["units"] == {"orcs": 2}


def test_r8_6_army_die_attack_and_combined_attack():
    """R-8.6: Army die attack and combined attack."""
    g = ready()
    clear_board(g)
    place(g, "fields", "fp", {"footmen": 2})
    place(g, "heights", "sh", {"orcs": 2})
    place(g, "fen", "sh", {"orcs": 2})
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "combined_attack")
    assert_illegal(g, {"cmd": "attack", "side": "sh", "target": "fields", "armies": ["heights", "spire"]},
                   "attack/no_army")
    g.submit({"cmd": "attack", "side": "sh", "target": "fields", "armies": ["heights", "fen"]})
    b = g.state["battle"]
    assert b["mode"] == "combined" and b["armies"] == ["heights", "fen"] and b["target"] == "fields"


def test_r8_6_army_die_attack_without_a_leader():
    """R-8.6: Army die attack without a leader."""
    g = ready()
    clear_board(g)
    place(g, "fields", "fp", {"footmen": 2})
    place(g, "heights", "sh", {"orcs": 2})
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "attack")
    g.submit({"cmd": "attack", "side": "sh", "from": "heights", "target": "fields"})
    assert g.state["battle"]["mode"] == "army"


def test_r8_6_muster_die_recruits_in_two_different_regions():
    """R-8.6: Muster die recruits in two different regions."""
    g = ready(game=start_with(START))
    use(g, "fp", "muster", "recruit")
    g.submit({"cmd": "recruit", "side": "fp", "region": "town"})
    assert_illegal(g, {"cmd": "recruit", "side": "fp", "region": "town"}, "recruit/bad_region")
    g.submit({"cmd": "recruit", "side": "fp", "region": "watch"})
    assert g.state["regions"]["town"]["units"] == {"footmen": 2, "riders": 1}
    assert g.state["regions"]["watch"]["units"] == {"footmen": 1}


def test_r8_6_muster_die_rallies_two_different_armies():
    """R-8.6: Muster die rallies two different armies."""
    g = ready()
    adjust(g, "damage", region="town", n=1)
    adjust(g, "damage", region="hold", n=1)
    use(g, "fp", "muster", "rally")
    g.submit({"cmd": "rally", "side": "fp", "region": "town", "outcomes": [5, 1]})
    assert_illegal(g, {"cmd": "rally", "side": "fp", "region": "town"}, "rally/bad_army")
    g.submit({"cmd": "rally", "side": "fp", "region": "hold", "outcomes": [6, 1, 1]})
    assert g.state["regions"]["town"]["damage"] == 0 and g.state["regions"]["hold"]["damage"] == 0


def test_r8_6_army_muster_die_allows_army_and_muster_actions():
    """R-8.6: Army muster die allows army and muster actions."""
    g = ready()
    legal = {c["action"] for c in g.legal_commands() if c.get("die") == 1}
    assert {"strategic_move", "recruit"} <= legal
    assert "draw_generic" not in legal and "fast_move" not in legal


def test_r8_6_event_die_draws_two_generic_or_one_story_card():
    """R-8.6: Event die draws two generic or one story card."""
    g = ready()
    n = len(g.state["sides"]["fp"]["hand"])
    use(g, "fp", "event", "draw_generic")
    assert len(g.state["sides"]["fp"]["hand"]) == n + 2
    use(g, "sh", "event", "draw_story")
    assert g.spec.cards[g.state["sides"]["sh"]["hand"][-1]].deck == "sh_story"


def test_r8_6_eye_die_mordor_recruitment_places_orcs_in_orc_areas():
    """R-8.6: Eye die mordor recruitment places orcs in orc areas."""
    g = ready(sh=["eye", "army", "army", "army"])
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "eye", "mordor_recruit")
    assert_illegal(g, {"cmd": "place_orc", "side": "sh", "region": "spire"}, "recruit/bad_region")
    g.submit({"cmd": "place_orc", "side": "sh", "region": "camp"})
    # The camp is the only Orc recruitment area of the test board: there is no second one.
    assert g.state["regions"]["camp"]["units"] == {"orcs": 4, "wargs": 1}
    assert top(g)["side"] == "fp"


def test_r8_6_eye_die_mordor_move_needs_orcs():
    """R-8.6: Eye die mordor move needs orcs."""
    g = ready(sh=["eye", "army", "army", "army"])
    clear_board(g)
    place(g, "camp", "sh", {"wargs": 2})
    place(g, "spire", "sh", {"orcs": 1})
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "eye", "mordor_move")
    assert_illegal(g, {"cmd": "move_army", "side": "sh", "from": "camp", "to": "fen"}, "move/no_orcs")
    g.submit({"cmd": "move_army", "side": "sh", "from": "spire", "to": "heights"})
    assert g.state["regions"]["heights"]["units"] == {"orcs": 1}


def test_r8_6_eye_die_mordor_attack_needs_orcs():
    """R-8.6: Eye die mordor attack needs orcs."""
    g = ready(sh=["eye", "army", "army", "army"])
    clear_board(g)
    place(g, "camp", "sh", {"wargs": 2})
    place(g, "fen", "fp", {"footmen": 1})
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "mordor_attack"}, "attack/none")
    adjust(g, "units", region="camp", owner="sh", unit="orcs", n=1)
    use(g, "sh", "eye", "mordor_attack")
    g.submit({"cmd": "attack", "side": "sh", "from": "camp", "target": "fen"})
    assert g.state["battle"]["mode"] == "mordor"


def test_r8_6_will_of_the_west_takes_any_other_results_action():
    """R-8.6: Will of the west takes any other results action."""
    g = ready(fp=["will"] * 5)
    legal = {c["action"] for c in g.legal_commands() if c.get("cmd") == "use_die"}
    assert {"fast_move", "move_characters", "strategic_move", "recruit", "draw_generic", "draw_story"} <= legal
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "mordor_recruit"}, "action/wrong_die")
    use(g, "fp", "will", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "town", "to": "woods"})
    assert g.state["regions"]["woods"]["units"] == {"footmen": 2}


def test_r8_6_a_die_allows_only_its_results_actions():
    """R-8.6: A die allows only its results actions."""
    g = ready()
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"}, "action/wrong_die")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 2, "action": "draw_generic"}, "action/wrong_die")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 3, "action": "recruit"}, "action/wrong_die")


# -- R-8.7 -------------------------------------------------------------------------------------

def test_r8_7_a_characters_ability_uses_the_die_its_card_names():
    """R-8.7: The Wizard's ability: a Will of the West die, one army loses a damage marker."""
    g = ready()
    adjust(g, "character", char="wizard", status="in_play", region="hold")
    adjust(g, "damage", region="town", n=2)
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "ability", "character": "wizard"},
                   "ability/wrong_die")
    use(g, "fp", "will", "ability", character="wizard")
    g.submit({"cmd": "choose_region", "side": "fp", "region": "town"})
    assert g.state["regions"]["town"]["damage"] == 1


def test_r8_7_an_ability_needs_the_character_in_play_and_an_ability():
    """R-8.7: An ability needs the character in play and an ability."""
    g = ready()
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 4, "action": "ability", "character": "wizard"},
                   "ability/not_in_play")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 4, "action": "ability", "character": "captain"},
                   "ability/none")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 4, "action": "ability", "character": "warlock"},
                   "ability/unknown")


# -- R-8.8 / R-8.9 -----------------------------------------------------------------------------

def test_r8_8_move_and_attack_the_attacker_ends_next_to_the_target():
    """R-8.8: Move and attack the attacker ends next to the target."""
    g = ready()
    clear_board(g)
    place(g, "hold", "fp", {"footmen": 2}, leaders=1)
    place(g, "fields", "sh", {"orcs": 1})
    use(g, "fp", "character", "attack")
    assert_illegal(g, {"cmd": "attack", "side": "fp", "from": "hold", "to": "town", "target": "fields"},
                   "attack/not_adjacent")
    g.submit({"cmd": "attack", "side": "fp", "from": "hold", "to": "watch", "target": "fields"})
    s = g.state
    assert s["regions"]["watch"]["units"] == {"footmen": 2} and s["regions"]["watch"]["leaders"] == 1
    assert s["regions"]["fields"]["side"] == "sh"
    assert s["battle"]["armies"] == ["watch"] and s["battle"]["target"] == "fields"


def test_r8_8_the_attacker_may_stay_where_it_is():
    """R-8.8: The attacker may stay where it is."""
    g = ready()
    clear_board(g)
    place(g, "watch", "fp", {"footmen": 2}, leaders=1)
    place(g, "fields", "sh", {"orcs": 1})
    use(g, "fp", "character", "attack")
    assert_illegal(g, {"cmd": "attack", "side": "fp", "from": "watch", "target": "hold"}, "attack/no_target")
    g.submit({"cmd": "attack", "side": "fp", "from": "watch", "target": "fields"})
    assert g.state["battle"]["armies"] == ["watch"]
    assert g.state["regions"]["watch"]["units"] == {"footmen": 2}


def test_r8_9_the_muster_die_does_not_move_armies():
    """R-8.9: The muster die does not move armies."""
    g = ready()
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 2, "action": "strategic_move"}, "action/wrong_die")
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 1, "action": "strategic_move"}, "action/wrong_die")
