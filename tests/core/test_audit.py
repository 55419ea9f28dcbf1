"""Rules audit: behaviour that contradicted RULES.md, each pinned by a test named after its rule."""
from __future__ import annotations

from dataclasses import replace

from helpers import adjust, clear_board, finish_actions, new_game, test_spec, to_actions, top, use

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]


def _card_variant(card: str, **changes):
    spec = test_spec()
    cards = dict(spec.cards)
    cards[card] = replace(cards[card], **changes)
    return replace(spec, cards=cards)


def test_r12_6_a_card_recruits_no_unit_in_a_settlement_the_opponent_controls():
    """R-12.6: a card that recruits in named regions (R-5.9: it does not replace R-12.6) places no
    unit in a settlement the opponent controls, so it neither recruits there nor liberates it."""
    spec = _card_variant("call_to_arms", effect=({"do": "recruit", "unit": "footmen", "n": 1,
                                                   "where": ["town"]},))
    g = to_actions(new_game(spec=spec), fp=FP, sh=SH, position="tower")
    clear_board(g)
    adjust(g, "control", region="town", owner="sh")
    adjust(g, "card", card="call_to_arms", to="hand_fp")
    use(g, "fp", "muster", "play_card", card="call_to_arms")
    assert top(g)["kind"] != "choose_region"
    assert g.state["regions"]["town"]["units"] == {}
    assert g.state["regions"]["town"]["control"] == "sh"


def test_r12_6_a_card_still_recruits_in_a_named_region_it_may_use():
    """R-12.6: the same card recruits normally in a named region the player controls."""
    spec = _card_variant("call_to_arms", effect=({"do": "recruit", "unit": "footmen", "n": 1,
                                                   "where": ["town", "hold"]},))
    g = to_actions(new_game(spec=spec), fp=FP, sh=SH, position="tower")
    clear_board(g)
    adjust(g, "control", region="town", owner="sh")
    adjust(g, "card", card="call_to_arms", to="hand_fp")
    use(g, "fp", "muster", "play_card", card="call_to_arms")
    assert top(g)["kind"] == "choose_region" and top(g)["options"] == ["hold"]
    g.submit({"cmd": "choose_region", "side": "fp", "region": "hold"})
    assert g.state["regions"]["hold"]["units"] == {"footmen": 1}


def test_r6_3_leadership_tokens_equal_the_dice_actually_in_the_box():
    """R-6.3: the Shadow takes as many leadership tokens as there are dice in the box. With only
    one action die, the Seeing Tower (2 dice) puts one die in the box: one token, not two."""
    g = new_game()
    adjust(g, "dice", owner="sh", n=-5)  # from the next turn on, the Shadow has 1 die
    g = to_actions(g, fp=FP, sh=SH, position="tower")
    finish_actions(g)
    # Turn 2: the Shadow chooses the tower with a single die.
    while top(g)["kind"] == "discard":
        p = top(g)
        g.submit({"cmd": "discard", "side": p["side"], "card": g.state["sides"][p["side"]]["hand"][0]})
    assert top(g)["kind"] == "choose_position"
    assert g.state["sides"]["sh"]["dice"] == 1
    evs = g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    assert g.state["sides"]["sh"]["box"] == ["position"]
    gained = [e for e in evs if e["e"] == "LeadershipTokensGained"]
    assert [e["n"] for e in gained] == [1]


def test_r8_6_a_fast_move_once_chosen_cannot_be_declined():
    """R-8.6: a Character die spent on a fast move moves an army; answering `done` instead would
    spend the die for nothing while a move is possible (docs/rulings.md: forfeit is refused then).
    The engine marks the decision not optional and `legal_commands` offers no `done`."""
    from helpers import assert_illegal
    g = to_actions(new_game(), fp=["character", "army_muster", "muster", "event"], sh=SH, position="tower")
    use(g, "fp", "character", "fast_move")
    assert top(g)["kind"] == "move" and top(g)["optional"] is False
    assert not [c for c in g.legal_commands() if c["cmd"] == "done"]
    assert_illegal(g, {"cmd": "done", "side": "fp"}, "move/required", "R-8.6")


def test_r8_5_an_action_token_move_once_chosen_cannot_be_declined():
    """R-8.5: the action token's partial move moves one army; it cannot be answered with `done`."""
    from helpers import assert_illegal
    g = to_actions(new_game(), fp=["character", "army_muster", "muster", "event"], sh=SH, position="tower")
    g.submit({"cmd": "pass", "side": "fp", "token": "move"})
    assert top(g)["kind"] == "move"
    assert_illegal(g, {"cmd": "done", "side": "fp"}, "move/required", "R-8.6")
