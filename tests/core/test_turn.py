"""R-3 (the turn) and R-4 (set-up and victory)."""
from __future__ import annotations

from helpers import (adjust, assert_illegal, events_named, finish_actions, log_events, new_game,
                     start_with, to_actions, top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


def ready(fp=FP, sh=SH, position="tower", seed=1):
    return to_actions(new_game(seed), fp=fp, sh=sh, position=position)


# -- R-3 ---------------------------------------------------------------------------------------

def test_r3_1_draw_free_peoples_first_one_generic_and_one_story_card_each():
    """R-3.1: Draw free peoples first one generic and one story card each."""
    g = start_with(START)
    drawn = [(e["side"], e["deck"], e["cards"]) for e in events_named(log_events(g), "CardsDrawn")]
    assert drawn == [("fp", "generic", ["heroic_stand"]), ("fp", "story", ["beacons_lit"]),
                     ("sh", "generic", ["call_to_arms"]), ("sh", "story", ["dark_muster"])]
    assert g.state["sides"]["fp"]["hand"] == ["heroic_stand", "beacons_lit"]
    assert g.state["sides"]["sh"]["hand"] == ["call_to_arms", "dark_muster"]


def test_r3_1_after_drawing_a_player_over_the_hand_limit_discards():
    """R-3.1: After drawing a player over the hand limit discards."""
    g = ready()
    for c in ("forced_march", "sudden_strike", "rally_the_banners", "swift_messenger"):
        adjust(g, "card", card=c, to="hand_fp")
    assert len(g.state["sides"]["fp"]["hand"]) == 6
    finish_actions(g)
    # Turn 2 draw: two more cards for the Free Peoples, who must discard down to six at once,
    # before the Shadow draws.
    p = top(g)
    hand = g.state["sides"]["fp"]["hand"]
    assert g.state["turn"] == 2 and p["kind"] == "discard" and p["side"] == "fp"
    assert len(hand) > 6 and p["n"] == len(hand) - 6
    assert {e["side"] for e in events_named(g.log[-1]["events"], "CardsDrawn")} == {"fp"}
    for _ in range(p["n"]):
        g.submit({"cmd": "discard", "side": "fp", "card": g.state["sides"]["fp"]["hand"][0]})
    assert len(g.state["sides"]["fp"]["hand"]) == 6
    assert top(g)["kind"] == "choose_position"


def test_r3_2_shadow_phase_position_dice_action_tokens_then_special_cards():
    """R-3.2: The Pits: 2 dice in the box, its action (an Orc in a Shadow settlement), 2 leadership
    tokens placed at once, then one special card."""
    g = new_game()
    n = len(g.log)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "pits"})
    assert g.state["sides"]["sh"]["box"] == ["position", "position"]
    p = top(g)
    assert p["kind"] == "choose_region" and p["purpose"] == "recruit"
    g.submit({"cmd": "choose_region", "side": "sh", "region": "spire"})
    assert g.state["regions"]["spire"]["units"] == {"orcs": 3}
    assert top(g)["kind"] == "place_leadership" and g.state["sides"]["sh"]["aside"] == 2
    assert not g.state["sides"]["sh"]["special"] == []
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "spire"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    kinds = [e["e"] for e in log_events(g, n)]
    order = [k for k in kinds if k in ("PositionChosen", "UnitsPlaced", "LeadershipTokensGained",
                                       "LeadershipTokenPlaced", "CardsDrawn")]
    assert order == ["PositionChosen", "UnitsPlaced", "LeadershipTokensGained", "LeadershipTokenPlaced",
                     "LeadershipTokenPlaced", "CardsDrawn"]
    special = [e for e in events_named(log_events(g, n), "CardsDrawn") if e["deck"] == "special"]
    assert len(special) == 1 and special[0]["side"] == "sh"
    assert g.state["phase"] == "fate"


def test_r3_3_fate_phase_the_free_peoples_draw_and_the_marker_advances():
    """R-3.3: Fate phase the free peoples draw and the marker advances."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
    for _ in range(3):
        g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    p = top(g)
    assert g.state["phase"] == "fate" and p["kind"] == "fate_draw" and p["side"] == "fp"
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_2a"]})
    g.submit({"cmd": "keep_fate", "side": "fp"})
    assert g.state["fate"] == 2
    assert g.state["phase"] == "roll"


def test_r3_4_roll_the_remaining_dice_shadow_character_results_go_to_the_box():
    """R-3.4: Roll the remaining dice shadow character results go to the box."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_0a"]})
    g.submit({"cmd": "keep_fate", "side": "fp"})
    assert top(g)["kind"] == "roll_dice"
    g.submit({"cmd": "roll_dice", "side": "sh", "outcomes": ["character", "army", "eye", "character"]})
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["character", "character", "muster", "event", "will"]})
    sh = g.state["sides"]["sh"]
    assert sh["rolled"] == ["army", "eye"]
    assert sorted(sh["box"]) == ["position", "position", "rolled", "rolled"]
    assert sh["aside"] == 2
    assert g.state["sides"]["fp"]["rolled"] == ["character", "character", "muster", "event", "will"]
    assert g.state["phase"] == "actions"


def test_r3_4_each_side_rolls_only_its_own_dice_once():
    """R-3.4: Each side rolls only its own dice once."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_0a"]})
    g.submit({"cmd": "keep_fate", "side": "fp"})
    # Four Shadow dice (six, two in the box): a fifth result is refused.
    assert_illegal(g, {"cmd": "roll_dice", "side": "sh", "outcomes": ["army"] * 5}, "chance/unused_outcomes")
    g.submit({"cmd": "roll_dice", "side": "sh"})
    assert_illegal(g, {"cmd": "roll_dice", "side": "sh"}, "command/not_your_turn")


def test_r3_5_players_alternate_actions_free_peoples_first():
    """R-3.5: Players alternate actions free peoples first."""
    g = ready()
    assert top(g) == {"kind": "action", "side": "fp"}
    use(g, "fp", "event", "draw_story")
    assert top(g)["side"] == "sh"
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "draw_story"}, "command/not_your_turn")
    use(g, "sh", "event", "draw_story")
    assert top(g)["side"] == "fp"


def test_r3_6_end_of_turn_tokens_are_removed_and_a_new_turn_starts():
    """R-3.6: End of turn tokens are removed and a new turn starts."""
    g = ready()
    assert g.state["regions"]["camp"]["tokens"] == 2
    n = len(g.log)
    finish_actions(g)
    kinds = [e["e"] for e in log_events(g, n)]
    assert "LeadershipTokensRemoved" in kinds and "GameWon" not in kinds
    assert kinds.index("LeadershipTokensRemoved") < kinds.index("TurnStarted")
    assert g.state["regions"]["camp"]["tokens"] == 0
    assert g.state["turn"] == 2 and g.state["winner"] is None
    assert top(g)["kind"] == "choose_position"


def test_r3_7_dice_lost_take_effect_at_the_start_of_the_next_turn():
    """R-3.7: Poisoned Words (a special card, played with a Shadow Box die): the Free Peoples keep their
    five dice this turn and roll four the next."""
    g = ready()
    adjust(g, "card", card="poisoned_words", to="hand_sh")
    use(g, "fp", "event", "draw_story")
    use(g, "sh", "box", "play_card", card="poisoned_words")
    assert g.state["sides"]["fp"]["dice"] == 5
    assert len(g.state["sides"]["fp"]["rolled"]) == 4
    finish_actions(g)
    assert g.state["sides"]["fp"]["dice"] == 4


def test_r3_7_action_tokens_gained_take_effect_at_the_start_of_a_turn():
    """R-3.7: An Old Alliance stays on the table: one more action token each turn, from the next on."""
    g = ready()
    adjust(g, "card", card="old_alliance", to="hand_fp")
    use(g, "fp", "army_muster", "play_card", card="old_alliance")
    assert "old_alliance" in g.state["table"]
    assert g.state["sides"]["fp"]["action_tokens"] == 2
    finish_actions(g)
    assert g.state["sides"]["fp"]["action_tokens"] == 3
    to_actions(g, fp=FP, sh=SH)
    assert g.state["sides"]["fp"]["action_tokens"] == 3


# -- R-4 ---------------------------------------------------------------------------------------

def test_r4_1_setup_places_armies_characters_tokens_and_markers():
    """R-4.1: Setup places armies characters tokens and markers."""
    g = start_with(START)
    s = g.state
    assert s["fate"] == 0 and g.spec.endgame == 10
    assert s["regions"]["hold"]["units"] == {"footmen": 2, "riders": 1} and s["regions"]["hold"]["leaders"] == 1
    assert s["regions"]["camp"]["units"] == {"orcs": 3, "wargs": 1}
    assert s["chars"]["captain"] == {"status": "in_play", "region": "hold"}
    assert s["chars"]["champion"] == {"status": "in_play", "region": "heights"}
    # Character markers on the fate track: the Wizard waits for space 3.
    assert g.spec.fate_markers[3] == ("wizard",) and s["chars"]["wizard"]["status"] == "pool"
    # One face-down token in each set-up region, drawn from the player's pool.
    assert s["regions"]["town"]["rtokens"]["fp"] == ["riders"]
    assert s["regions"]["watch"]["rtokens"]["fp"] == ["footmen"]
    assert s["regions"]["camp"]["rtokens"]["sh"] == ["orcs"]
    assert s["regions"]["spire"]["rtokens"]["sh"] == ["wargs"]
    assert sorted(s["sides"]["fp"]["rpool"]) == ["footmen"] * 3 + ["riders"]
    assert sorted(s["sides"]["sh"]["rpool"]) == ["orcs"] * 3 + ["wargs"]


def test_r4_1_setup_tokens_are_drawn_at_random():
    """R-4.1: Setup tokens are drawn at random."""
    kinds = {tuple(new_game(seed).state["regions"][r]["rtokens"]["fp"][0] for r in ("town", "watch"))
             for seed in range(12)}
    assert len(kinds) > 1


def test_r4_2_the_free_peoples_win_at_once_when_fate_reaches_the_endgame():
    """R-4.2: The free peoples win at once when fate reaches the endgame."""
    g = new_game()
    adjust(g, "fate", to=9)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
    for _ in range(3):
        g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_1a"]})
    events = g.submit({"cmd": "keep_fate", "side": "fp"})
    assert g.state["winner"] == "fp" and g.state["fate"] == 10
    assert events_named(events, "GameWon")[0]["side"] == "fp"
    assert g.state["phase"] == "over" and g.state["pending"] == []
    assert_illegal(g, {"cmd": "roll_dice", "side": "fp"}, "game/over")


def test_r4_3_the_shadow_wins_by_victory_points_checked_at_the_end_of_the_turn():
    """R-4.3: The shadow wins by victory points checked at the end of the turn."""
    g = ready()
    adjust(g, "control", region="hold", owner="sh")
    adjust(g, "control", region="town", owner="sh")
    # Not at once: the turn goes on.
    assert g.state["winner"] is None and top(g)["kind"] == "action"
    finish_actions(g)
    assert g.state["winner"] == "sh"
    assert "victory points" in g.state["win_reason"]


def test_r4_3_the_shadow_wins_by_eliminating_the_scenario_captains():
    """R-4.3: The shadow wins by eliminating the scenario captains."""
    g = ready()
    adjust(g, "character", char="captain", status="eliminated")
    assert g.state["winner"] is None
    finish_actions(g)
    assert g.state["winner"] == "sh"


def test_r4_3_three_victory_points_are_not_enough():
    """R-4.3: Three victory points are not enough."""
    g = ready()
    adjust(g, "control", region="hold", owner="sh")
    finish_actions(g)
    assert g.state["winner"] is None and g.state["turn"] == 2
