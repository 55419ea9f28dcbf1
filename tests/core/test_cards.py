"""R-5 event cards."""
from __future__ import annotations

from collections import Counter
from dataclasses import replace

from helpers import (adjust, assert_illegal, clear_board, events_named, finish_actions, log_events,
                     new_game, place, start_with, test_spec, to_actions, top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


def ready(fp=FP, sh=SH, position="tower", seed=1, game=None):
    return to_actions(game or new_game(seed), fp=fp, sh=sh, position=position)


def to_hand(g, side, *cards):
    for c in cards:
        adjust(g, "card", card=c, to=f"hand_{side}")


def empty_hand(g, side):
    for c in list(g.state["sides"][side]["hand"]):
        adjust(g, "card", card=c, to="discard")


def test_r5_1_one_generic_deck_two_story_decks_and_a_shadow_special_deck():
    """R-5.1: One generic deck two story decks and a shadow special deck."""
    g = start_with(START)
    shuffled = events_named(g.log[0]["events"], "DecksShuffled")[0]
    cards = g.spec.cards
    assert sorted(shuffled["generic"]) == sorted(c for c in cards if cards[c].deck == "generic")
    assert sorted(shuffled["story"]["fp"]) == ["beacons_lit", "old_alliance", "wizard_returns"]
    assert sorted(shuffled["story"]["sh"]) == ["burning_fields", "dark_muster", "whispered_doubt"]
    assert sorted(shuffled["special"]) == ["poisoned_words", "sly_counsel"]
    # Each side draws its story card from its own deck; the generic deck serves both.
    assert g.state["sides"]["fp"]["hand"] == ["heroic_stand", "beacons_lit"]
    assert g.state["sides"]["sh"]["hand"] == ["call_to_arms", "dark_muster"]
    assert sorted(g.state["sides"]["sh"]["special"]) == ["poisoned_words", "sly_counsel"]
    assert g.state["sides"]["fp"]["special"] == []


def test_r5_1_story_draws_come_from_the_players_own_deck():
    """R-5.1: Story draws come from the players own deck."""
    g = ready()
    use(g, "fp", "event", "draw_story")
    use(g, "sh", "event", "draw_story")
    fp_story = [c for c in g.state["sides"]["fp"]["hand"] if g.spec.cards[c].deck == "fp_story"]
    sh_story = [c for c in g.state["sides"]["sh"]["hand"] if g.spec.cards[c].deck == "sh_story"]
    assert len(fp_story) == 2 and len(sh_story) == 2
    assert not any(g.spec.cards[c].deck in ("sh_story", "special") for c in g.state["sides"]["fp"]["hand"])


def test_r5_2_a_generic_card_played_as_an_action_uses_its_order_half():
    """R-5.2: Forced March: the order event moves an army up to two regions; the combat half (a re-roll
    modifier) is not applied."""
    g = ready()
    to_hand(g, "fp", "forced_march")
    events = use(g, "fp", "army_muster", "play_card", card="forced_march")
    assert not events_named(events, "ModifierAdded")
    p = top(g)
    assert p["kind"] == "move" and p["mode"] == "card2"
    g.submit({"cmd": "move_army", "side": "fp", "from": "town", "path": ["woods", "fields"]})
    assert g.state["regions"]["fields"]["units"] == {"footmen": 2}
    assert g.state["mods"] == []


def test_r5_3_special_cards_are_drawn_in_the_shadow_phase_when_the_position_says_so():
    """R-5.3: Special cards are drawn in the shadow phase when the position says so."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    assert not [e for e in events_named(log_events(g), "CardsDrawn") if e["deck"] == "special"]
    finish_actions(g)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "pits"})
    g.submit({"cmd": "choose_region", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    special = [e for e in events_named(log_events(g), "CardsDrawn") if e["deck"] == "special"]
    assert len(special) == 1 and special[0]["side"] == "sh"
    assert special[0]["cards"][0] in g.state["sides"]["sh"]["hand"]


def test_r5_3_special_cards_count_towards_the_hand_limit():
    """R-5.3: Special cards count towards the hand limit."""
    g = new_game()
    to_hand(g, "sh", "forced_march", "sudden_strike", "rally_the_banners", "swift_messenger")
    assert len(g.state["sides"]["sh"]["hand"]) == 6
    g.submit({"cmd": "choose_position", "side": "sh", "position": "pits"})
    g.submit({"cmd": "choose_region", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    p = top(g)
    assert p["kind"] == "discard" and p["side"] == "sh" and p["n"] == 1
    assert len(g.state["sides"]["sh"]["hand"]) == 7


def test_r5_4_a_player_over_six_cards_discards_the_excess_at_once():
    """R-5.4: A player over six cards discards the excess at once."""
    g = ready()
    to_hand(g, "fp", "forced_march", "sudden_strike", "old_alliance")
    assert len(g.state["sides"]["fp"]["hand"]) == 5 and len(g.state["generic"]) == 2
    use(g, "fp", "event", "draw_generic")
    p = top(g)
    assert p == {"kind": "discard", "side": "fp", "n": 1}
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "strategic_move"}, "command/not_expected")
    assert_illegal(g, {"cmd": "discard", "side": "fp", "card": "dark_muster"}, "card/not_in_hand")
    g.submit({"cmd": "discard", "side": "fp", "card": "sudden_strike"})
    assert len(g.state["sides"]["fp"]["hand"]) == 6
    assert "sudden_strike" in g.state["discard"]
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r5_5_an_exhausted_generic_deck_is_reshuffled_from_its_discards():
    """R-5.5: An exhausted generic deck is reshuffled from its discards."""
    g = ready()
    generic = list(g.state["generic"])
    for c in generic:
        adjust(g, "card", card=c, to="discard")
    assert g.state["generic"] == []
    discards = sorted(g.state["discard"])
    events = use(g, "fp", "event", "draw_generic")
    assert events_named(events, "GenericDeckReshuffled")
    assert len(events_named(events, "CardsDrawn")) == 2
    assert sorted(g.state["generic"] + g.state["sides"]["fp"]["hand"][-2:]) == discards
    assert g.state["discard"] == []


def test_r5_5_story_decks_are_never_reshuffled_played_story_cards_are_gone():
    """R-5.5: Story decks are never reshuffled played story cards are gone."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    to_hand(g, "sh", "whispered_doubt")
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card", "card": "whispered_doubt"})
    assert "whispered_doubt" in g.state["gone"] and "whispered_doubt" not in g.state["discard"]
    # Generic cards go to the discard pile, from where they can be reshuffled.
    to_hand(g, "fp", "swift_messenger")
    use(g, "fp", "event", "play_card", card="swift_messenger")
    assert "swift_messenger" in g.state["discard"]
    # Even with the Shadow story deck exhausted, the story card does not come back.
    for c in list(g.state["sides"]["sh"]["story"]):
        adjust(g, "card", card=c, to="discard")
    events = use(g, "sh", "event", "draw_story")
    assert not events_named(events, "CardsDrawn") and not events_named(events, "GenericDeckReshuffled")
    assert "whispered_doubt" in g.state["gone"] and g.state["sides"]["sh"]["story"] == []


def test_r5_5_an_empty_story_deck_draws_nothing():
    """R-5.5: An empty story deck draws nothing."""
    g = ready()
    for c in list(g.state["sides"]["fp"]["story"]):
        adjust(g, "card", card=c, to="discard")
    assert g.state["sides"]["fp"]["story"] == []
    n = len(g.state["sides"]["fp"]["hand"])
    events = use(g, "fp", "event", "draw_story")
    assert not events_named(events, "CardsDrawn")
    assert len(g.state["sides"]["fp"]["hand"]) == n
    assert g.state["sides"]["fp"]["story"] == []


def test_r5_6_a_card_is_played_with_an_event_die_or_a_die_of_its_type():
    """R-5.6: A card is played with an event die or a die of its type."""
    g = ready()
    to_hand(g, "fp", "forced_march", "swift_messenger", "call_to_arms")
    # Army/Muster die: an Army or a Muster card, not a Character card.
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 1, "action": "play_card", "card": "swift_messenger"},
                   "card/wrong_die")
    # Muster die: a Muster card only.
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 2, "action": "play_card", "card": "forced_march"},
                   "card/wrong_die")
    # Character die: a Character card only.
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "call_to_arms"},
                   "card/wrong_die")
    # Event die: any card.
    use(g, "fp", "event", "play_card", card="swift_messenger")
    assert "swift_messenger" in g.state["discard"]


def test_r5_6_will_of_the_west_plays_any_card_and_army_muster_plays_army_or_muster():
    """R-5.6: Will of the west plays any card and army muster plays army or muster."""
    g = ready()
    to_hand(g, "fp", "swift_messenger", "call_to_arms")
    use(g, "fp", "will", "play_card", card="swift_messenger")
    assert g.state["discard"] == ["swift_messenger"]
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "done", "side": "sh"})
    use(g, "fp", "army_muster", "play_card", card="call_to_arms")
    assert "call_to_arms" in g.state["discard"]


def test_r5_6_a_character_card_with_a_character_die():
    """R-5.6: A character card with a character die."""
    g = ready()
    to_hand(g, "fp", "swift_messenger")
    use(g, "fp", "character", "play_card", card="swift_messenger")
    assert "swift_messenger" in g.state["discard"]


def test_r5_6_an_army_card_needs_an_army_die():
    """R-5.6: An army card needs an army die."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    to_hand(g, "sh", "forced_march")
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 1, "action": "play_card", "card": "forced_march"},
                   "card/wrong_die")  # a Muster die
    use(g, "sh", "army", "play_card", card="forced_march")
    assert "forced_march" in g.state["discard"]


def test_r5_6_a_card_not_in_hand_cannot_be_played():
    """R-5.6: A card not in hand cannot be played."""
    g = ready()
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 3, "action": "play_card", "card": "dark_muster"},
                   "card/not_in_hand")


def test_r5_7_a_played_card_is_discarded_unless_it_stays_on_the_table():
    """R-5.7: A played card is discarded unless it stays on the table."""
    g = ready()
    to_hand(g, "fp", "swift_messenger", "old_alliance")
    use(g, "fp", "character", "play_card", card="swift_messenger")
    assert "swift_messenger" in g.state["discard"]
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "done", "side": "sh"})
    use(g, "fp", "army_muster", "play_card", card="old_alliance")
    assert g.state["table"] == ["old_alliance"]
    assert "old_alliance" not in g.state["sides"]["fp"]["hand"] + g.state["gone"] + g.state["discard"]
    # Still in effect next turn.
    finish_actions(g)
    assert g.state["table"] == ["old_alliance"]
    assert g.state["sides"]["fp"]["action_tokens"] == 3


def test_r5_8_a_card_whose_precondition_fails_cannot_be_played():
    """R-5.8: A card whose precondition fails cannot be played."""
    g = ready()
    adjust(g, "fate", to=1)
    to_hand(g, "fp", "wizard_returns", "heroic_stand")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "wizard_returns"},
                   "card/precondition")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "heroic_stand"},
                   "card/precondition")
    assert not [c for c in g.legal_commands() if c.get("card") in ("wizard_returns", "heroic_stand")]
    adjust(g, "damage", region="town", n=2)
    use(g, "fp", "character", "play_card", card="heroic_stand")
    g.submit({"cmd": "choose_region", "side": "fp", "region": "town"})
    assert g.state["regions"]["town"]["damage"] == 0


def test_r5_8_a_precondition_that_holds_lets_the_card_be_played():
    """R-5.8: A precondition that holds lets the card be played."""
    g = ready()
    adjust(g, "fate", to=2)
    to_hand(g, "fp", "wizard_returns")
    use(g, "fp", "character", "play_card", card="wizard_returns")
    assert g.state["chars"]["wizard"]["status"] == "ready"


def test_r5_9_an_effect_applies_as_far_as_possible():
    """R-5.9: Whispered Doubt against an empty hand: played, nothing to discard."""
    g = ready()
    empty_hand(g, "fp")
    g.submit({"cmd": "pass", "side": "fp"})
    to_hand(g, "sh", "whispered_doubt")
    events = g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card",
                       "card": "whispered_doubt"})
    assert events_named(events, "CardPlayed")
    assert not events_named(events, "CardDiscarded")
    assert "whispered_doubt" in g.state["gone"]


def test_r5_9_an_effect_applies_as_far_as_possible_only_one_token_left():
    """R-5.9: The Beacons Are Lit places two tokens; with one token left, it places one and stops."""
    spec = replace(test_spec(), recruitment_tokens={"fp": {"footmen": 2, "riders": 1}, "sh": {"orcs": 4, "wargs": 2}})
    g = ready(game=new_game(spec=spec))
    assert len(g.state["sides"]["fp"]["rpool"]) == 1
    to_hand(g, "fp", "beacons_lit")
    use(g, "fp", "muster", "play_card", card="beacons_lit")
    g.submit({"cmd": "choose_region", "side": "fp", "region": "hold"})
    assert len(g.state["regions"]["hold"]["rtokens"]["fp"]) == 1
    assert g.state["sides"]["fp"]["rpool"] == []
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r5_9_a_card_breaks_only_the_rule_it_replaces():
    """R-5.9: Forced March moves two regions, but the army must still stop next to an enemy (R-9.4)
    like any other move."""
    g = ready()
    clear_board(g)
    place(g, "watch", "fp", {"footmen": 2})
    place(g, "heights", "sh", {"orcs": 1})
    to_hand(g, "fp", "forced_march")
    use(g, "fp", "army_muster", "play_card", card="forced_march")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "watch", "path": ["fields", "woods"]}, "move/must_stop")
    g.submit({"cmd": "move_army", "side": "fp", "from": "watch", "path": ["fields"]})
    assert g.state["regions"]["fields"]["units"] == {"footmen": 2}


def test_r5_cards_are_conserved():
    g = ready()
    use(g, "fp", "event", "draw_generic")
    s = g.state
    piles = s["generic"] + s["discard"] + s["gone"] + s["table"]
    for side in ("fp", "sh"):
        piles += s["sides"][side]["hand"] + s["sides"][side]["story"] + s["sides"][side]["special"]
    assert Counter(piles) == Counter(list(g.spec.cards))
