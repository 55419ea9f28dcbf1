"""The companion mode: the players roll physical dice and draw physical tiles, tokens and cards;
the client rolls nothing and asks for each outcome. With physical cards, hands are not tracked."""
from __future__ import annotations

import random

import pytest

from botwotr.core import Game, RuleError, invariants
from botwotr.core.state import canonical
from botwotr.persistence import save as saves
from helpers import assert_illegal, scenario_spec, submit_asking, top


def companion_game(seed=1, physical=False) -> Game:
    opts = {"companion": True}
    if physical:
        opts["physical_cards"] = True
    return Game.new(scenario_spec(), seed=seed, options=opts)


def test_companion_asks_for_the_dice_and_changes_nothing_until_given():
    g = companion_game()
    while top(g)["kind"] != "roll_dice":
        cmds = g.legal_commands()
        submit_asking(g, cmds[0], random.Random(0))
    err = assert_illegal(g, {"cmd": "roll_dice", "side": "fp"}, "chance/needs_outcome")
    assert err.data["kind"] == "face" and "will" in err.data["options"] and err.data["index"] == 0
    n = g.state["sides"]["fp"]["dice"]
    events = g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["will"] * n})
    rolled = [e for e in events if e["e"] == "DiceRolled"][0]
    assert rolled["results"] == ["will"] * n
    assert not any(e["e"] == "RngAdvanced" for e in events)  # the client rolled nothing


def test_companion_games_play_to_the_end_with_entered_outcomes_only():
    for seed in range(6):
        g = companion_game(seed)
        rng = random.Random(seed)
        for _ in range(5000):
            if g.state["winner"]:
                break
            submit_asking(g, rng.choice(g.legal_commands()), rng)
            invariants.check(g)
        assert g.state["winner"], "no winner"
        assert not any(e["e"] == "RngAdvanced" for entry in g.log for e in entry["events"])  # start included
        loaded = saves.from_dict(saves.parse(saves.dumps(g)), g.spec)
        assert canonical(loaded.state) == canonical(g.state)


def test_r12_2_companion_tokens_stay_unknown_until_used():
    """R-12.2: drawn unseen at the table: the client does not know a token's type until the
    players turn it over to use it."""
    g = companion_game()
    toks = g.state["regions"]["town"]["rtokens"]["fp"]
    assert toks == ["?"]
    assert g.state["sides"]["fp"]["unknown_out"] == 2
    assert g.view_for("public")["sides"]["fp"]["rpool"] == 4  # 6 tokens, 2 on the board


def test_physical_cards_are_not_tracked_and_can_be_played_by_name_or_by_hand():
    g = companion_game(physical=True)
    rng = random.Random(3)
    assert set(g.state["sides"]["fp"]["hand"]) == {"?"}
    while not (top(g)["kind"] == "action" and top(g)["side"] == "fp"):
        submit_asking(g, g.legal_commands()[0], rng)
    hand_before = len(g.state["sides"]["fp"]["hand"])
    plays = [c for c in g.legal_commands() if c.get("action") == "play_card"]
    assert any(c["card"] == "?" for c in plays) and any(c["card"] != "?" for c in plays)
    by_hand = next(c for c in plays if c["card"] == "?")
    events = submit_asking(g, by_hand, rng)
    played = [e for e in events if e["e"] == "CardPlayed"][0]
    assert played["by_hand"] and len(g.state["sides"]["fp"]["hand"]) == hand_before - 1


def test_physical_card_played_by_name_applies_its_effect():
    g = companion_game(physical=True, seed=4)
    rng = random.Random(4)
    while not (top(g)["kind"] == "roll_dice"):
        submit_asking(g, g.legal_commands()[0], rng)
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["event"] * 5})
    submit_asking(g, {"cmd": "roll_dice", "side": "sh"}, rng)
    hand = len(g.state["sides"]["fp"]["hand"])
    events = g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "play_card", "card": "swift_messenger"})
    # Swift Messenger: draw two generic cards (physically: two more unknown cards in hand)
    assert "swift_messenger" in g.state["discard"]
    assert len(g.state["sides"]["fp"]["hand"]) == hand - 1 + 2
    assert any(e["e"] == "CardsDrawn" and e["cards"] == ["?"] for e in events)
    # Once played, nobody can be holding it any more.
    assert top(g) == {"kind": "action", "side": "sh"}
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "play_card", "card": "swift_messenger"},
                   "card/not_in_hand")


@pytest.mark.parametrize("options", [{"companion": "yes"}, {"tournament": True}, {"physical_cards": True}])
def test_bad_start_options_are_refused(options):
    with pytest.raises(RuleError) as info:
        Game.new(scenario_spec(), seed=1, options=options)
    assert info.value.code == "command/malformed"


def test_physical_cards_random_discard_needs_no_outcome():
    """A card that makes the opponent discard at random: with physical cards the players do it at
    the table; the client records an unknown discard (found by the companion UI work)."""
    g = companion_game(physical=True, seed=6)
    rng = random.Random(6)
    while not (top(g)["kind"] == "roll_dice"):
        submit_asking(g, g.legal_commands()[0], rng)
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["event"] * 5})
    sd = g.state["sides"]["sh"]
    n = sd["dice"] - len(sd["box"])
    g.submit({"cmd": "roll_dice", "side": "sh", "outcomes": ["event"] * n})
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "draw_generic"})
    fp_hand = len(g.state["sides"]["fp"]["hand"])
    while top(g)["kind"] == "discard":
        g.submit({"cmd": "discard", "side": top(g)["side"], "card": "?"})
    assert top(g) == {"kind": "action", "side": "sh"}
    events = g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "play_card", "card": "whispered_doubt"})
    discarded = [e for e in events if e["e"] == "CardDiscarded"]
    assert discarded == [{"e": "CardDiscarded", "side": "fp", "card": "?", "to": "unknown", "why": "card:whispered_doubt"}]
    assert len(g.state["sides"]["fp"]["hand"]) == fp_hand - 1


# -- tracked cards: the players draw at the table and enter what they drew ----------------------

def test_r3_1_companion_opening_hands_are_entered_by_the_players():
    """R-3.1: each player, Free Peoples first, draws a generic and a story card. In companion
    mode with tracked cards the game waits for each side to say which cards it drew; starting
    the game deals nothing."""
    g = companion_game(seed=2)
    assert top(g) == {"kind": "card_draw", "side": "fp", "opening": True}
    assert g.state["sides"]["fp"]["hand"] == [] and g.state["sides"]["sh"]["hand"] == []
    assert g.state["rng"] == 0 and not any(e["e"] == "RngAdvanced" for e in g.log[0]["events"])
    generic = list(g.state["generic"])
    before = canonical(g.state)
    err = assert_illegal(g, {"cmd": "draw_cards", "side": "fp"}, "chance/needs_outcome")
    assert err.data["what"] == "Free Peoples generic card" and err.data["options"] == sorted(generic)
    assert canonical(g.state) == before  # asking changed nothing
    err = assert_illegal(g, {"cmd": "draw_cards", "side": "fp", "outcomes": ["heroic_stand"]}, "chance/needs_outcome")
    assert err.data["what"] == "Free Peoples story card" and "wizard_returns" in err.data["options"]
    assert_illegal(g, {"cmd": "draw_cards", "side": "sh"}, "command/not_your_turn")
    g.submit({"cmd": "draw_cards", "side": "fp", "outcomes": ["heroic_stand", "wizard_returns"]})
    assert g.state["sides"]["fp"]["hand"] == ["heroic_stand", "wizard_returns"]
    assert "heroic_stand" not in g.state["generic"] and "wizard_returns" not in g.state["sides"]["fp"]["story"]
    assert top(g) == {"kind": "card_draw", "side": "sh", "opening": True}
    err = assert_illegal(g, {"cmd": "draw_cards", "side": "sh"}, "chance/needs_outcome")
    assert "heroic_stand" not in err.data["options"]  # the Free Peoples hold it now
    g.submit({"cmd": "draw_cards", "side": "sh", "outcomes": ["sudden_strike", "dark_muster"]})
    assert g.state["sides"]["sh"]["hand"] == ["sudden_strike", "dark_muster"]
    assert top(g) == {"kind": "choose_position", "side": "sh"}
    assert g.state["rng"] == 0


def test_companion_draw_refuses_a_card_that_cannot_be_drawn():
    """A card not left in the deck drawn from (here: the Shadow's own story card for the Free
    Peoples) is refused, and nothing changes."""
    g = companion_game(seed=2)
    before = canonical(g.state)
    err = assert_illegal(g, {"cmd": "draw_cards", "side": "fp", "outcomes": ["heroic_stand", "dark_muster"]},
                         "chance/bad_draw")
    assert "dark_muster" in err.message
    assert canonical(g.state) == before


def test_r3_1_companion_every_turn_draw_waits_for_the_players():
    """After the first turn too, the draw phase waits for each side's cards (not dealt by the
    command that ended the previous turn)."""
    g = companion_game(seed=3)
    rng = random.Random(3)
    while g.state["turn"] < 2:
        submit_asking(g, rng.choice(g.legal_commands()), rng)
    assert top(g) == {"kind": "card_draw", "side": "fp", "opening": False}
    hand = list(g.state["sides"]["fp"]["hand"])
    ending = g.log[-1]
    assert not any(e["e"] == "CardsDrawn" for e in ending["events"])
    drawn = [sorted(g.state["generic"])[-1], sorted(g.state["sides"]["fp"]["story"])[-1]]
    g.submit({"cmd": "draw_cards", "side": "fp", "outcomes": drawn})
    assert sorted(g.state["sides"]["fp"]["hand"]) == sorted(hand + drawn)  # (a discard comes after)


def test_physical_cards_opening_hands_stay_unknown():
    """With physical cards the players hold the real cards: the opening hands are two unknown
    cards each and the game goes straight on to the Shadow phase, as before."""
    g = companion_game(physical=True)
    assert g.state["sides"]["fp"]["hand"] == ["?", "?"] and g.state["sides"]["sh"]["hand"] == ["?", "?"]
    assert top(g) == {"kind": "choose_position", "side": "sh"}
    assert g.state["rng"] == 0


def test_companion_random_discard_asks_which_card_left_the_hand():
    """Whispered Doubt ("your opponent discards one card at random"), tracked cards: the players
    discard at random at the table and say which card it was; that card leaves the hand."""
    g = companion_game(seed=6)
    g.submit({"cmd": "draw_cards", "side": "fp", "outcomes": ["heroic_stand", "wizard_returns"]})
    g.submit({"cmd": "draw_cards", "side": "sh", "outcomes": ["sudden_strike", "whispered_doubt"]})
    rng = random.Random(6)
    while top(g)["kind"] != "roll_dice":
        submit_asking(g, g.legal_commands()[0], rng)
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["muster"] * g.state["sides"]["fp"]["dice"]})
    sd = g.state["sides"]["sh"]
    g.submit({"cmd": "roll_dice", "side": "sh", "outcomes": ["event"] * (sd["dice"] - len(sd["box"]))})
    g.submit({"cmd": "pass", "side": "fp"} if {"cmd": "pass", "side": "fp"} in g.legal_commands()
             else {"cmd": "use_die", "side": "fp", "die": 0, "action": "forfeit"})
    while top(g) != {"kind": "action", "side": "sh"}:
        submit_asking(g, g.legal_commands()[0], rng)
    assert "whispered_doubt" in g.state["sides"]["sh"]["hand"]
    fp_hand = list(g.state["sides"]["fp"]["hand"])
    play = {"cmd": "use_die", "side": "sh", "die": 0, "action": "play_card", "card": "whispered_doubt"}
    err = assert_illegal(g, play, "chance/needs_outcome")
    assert err.data["what"] == "Free Peoples card discarded at random" and err.data["options"] == sorted(set(fp_hand))
    g.submit({**play, "outcomes": ["wizard_returns"]})
    assert "wizard_returns" not in g.state["sides"]["fp"]["hand"]
    assert len(g.state["sides"]["fp"]["hand"]) == len(fp_hand) - 1


def test_r10_4_the_players_enter_the_black_maneuver_dice_apart_from_the_white_ones():
    """R-10.4.1a in the companion mode: the players roll the black maneuver dice with the white
    combat dice, so the client asks for the maneuver dice as such, first (they are the roll's first
    dice), then the others; a leader's re-roll of a maneuver die asks for it as such too. Two
    Footmen in Watchfort (a fort: one die more, never a maneuver die, R-10.3) choose their
    maneuver: 2 black dice and 1 white."""
    setup = {"phase": "actions", "position": "tower", "active": "sh",
             "dice": {"fp": ["army_muster"], "sh": ["army"]},
             "regions": {"fields": {"units": {"orcs": 1}}, "watch": {"units": {"footmen": 2}, "leaders": 2}}}
    g = Game.new(scenario_spec(), seed=1, options={"companion": True, "physical_cards": True, "setup": setup})
    g.submit({"cmd": "use_die", "side": "sh", "die": 0, "action": "attack"})
    g.submit({"cmd": "attack", "side": "sh", "from": "fields", "target": "watch"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "maneuver:footmen"})
    while top(g)["kind"] == "combat_card":
        g.submit({"cmd": "combat_card", "side": top(g)["sides"][0], "card": None})
    while top(g)["kind"] == "combat_roll" and top(g)["sides"][0] == "sh":
        g.submit({"cmd": "roll_combat", "side": "sh", "outcomes": [1]})
    asked = []
    for n in range(3):
        err = assert_illegal(g, {"cmd": "roll_combat", "side": "fp", "outcomes": [2] * n}, "chance/needs_outcome")
        asked.append((err.data["what"], err.data["index"]))
    assert asked == [("maneuver", 0), ("maneuver", 1), ("combat", 2)]
    g.submit({"cmd": "roll_combat", "side": "fp", "outcomes": [6, 2, 2]})
    assert g.state["battle"]["rolls"]["fp"]["dice"] == [6, 2, 2] and g.state["battle"]["rolls"]["fp"]["maneuver"] == 2
    # the leaders re-roll a maneuver die and the white die: the maneuver die is asked first
    assert top(g)["kind"] == "reroll" and top(g)["side"] == "fp"
    err = assert_illegal(g, {"cmd": "reroll", "side": "fp", "dice": [2, 1]}, "chance/needs_outcome")
    assert (err.data["what"], err.data["index"]) == ("maneuver re-roll", 0)
    err = assert_illegal(g, {"cmd": "reroll", "side": "fp", "dice": [2, 1], "outcomes": [5]}, "chance/needs_outcome")
    assert (err.data["what"], err.data["index"]) == ("leader re-roll", 1)
    g.submit({"cmd": "reroll", "side": "fp", "dice": [2, 1], "outcomes": [5, 3]})
    assert g.state["battle"]["rolls"]["fp"]["dice"] == [6, 5, 3]
