"""The combat halves of the four Rohan generic cards that `test_rohan_combat_cards.py` leaves out
(R-5.2, R-10.4.1b): Sudden Assault (Hammer Blow), Counter-charge (Rallying Cry), Deeds of Valour
(Valour) and Storm the Line (Press Forward), each played in a real battle through `Game.submit`.

Why the census skipped them: `rohan_positions.SKIPPED_CARDS` lists whole cards, not halves. It was
written (commit 29673b2, "every order and combat half not under another helper's fix") while
another helper was fixing these cards' ORDER halves in parallel: the attacks that carry a
first-round or whole-battle bonus, and Storm the Line's attack without a move (commits c86850d,
1b2131e). Their tests (`test_rohan_fixes_attack_bonus.py`, `test_rohan_fixes_storm_and_target.py`)
play only the order halves, so the combat halves went untested with them; nothing in the combat
texts was under that fix.

The battle is the one of `test_rohan_combat_cards.py`: two Rohan Footmen (no leader unless said)
in the Westemnet against two Orcs (no leadership token) in the Isen Vale, an open border on
plains: both hit on 5, no terrain bonus, no terrain superiority. Either side attacks. The Free
Peoples choose Combat Event and play the card; the Shadow regroups. Every die is given.

Every test fights the same battle again in the same test with the card in hand but NOT played
(Combat Event, no card: the only difference), and asserts that the promised effect is absent
there, so each test fails if the combat half did nothing. The texts (cards.yaml):

- sudden_assault / Hammer Blow: "Add 1 to each of your combat dice this round."
- counter_charge / Rallying Cry: "For the rest of this battle you may re-roll one more die each
  round."
- deeds_of_valour / Valour and storm_the_line / Press Forward: "Roll one more combat die this round
  (never more than five)."
"""
from __future__ import annotations

import pytest

from helpers import assert_illegal
from rohan_positions import (FP, SH, card_battle, damage, end_battle, fight, next_round, rolled, top)

ROLES = ["attacker", "defender"]


def battle(card: str, role: str, fp_units: dict | None = None, leaders: int = 0):
    """The Free Peoples hold `card` (and nothing else); they attack the Isen Vale (role
    "attacker") or the Shadow attacks the Westemnet (role "defender")."""
    g = card_battle(card, role, fp_units, leaders=leaders)
    assert g.state["battle"] is not None and top(g)["kind"] == "tactic"
    return g


def round1(g, card: str | None, rolls: dict, rerolls: dict | None = None, until=("casualties", "cease")):
    """Round 1: the Free Peoples take Combat Event and play `card` (None: the token, no card)."""
    return fight(g, tactics={FP: "combat_event", SH: "regroup"}, cards={FP: card}, rolls=rolls,
                 rerolls=rerolls, until=until)


def first_roll(events: list[dict], side: str) -> dict:
    """The combat roll of `side` in these events, before any re-roll (stage 'roll')."""
    return [e for e in events if e["e"] == "CombatRolled" and e["side"] == side and e["stage"] == "roll"][-1]


def card_played(events: list[dict], card: str) -> bool:
    return any(e["e"] == "CardPlayed" and e["card"] == card and e.get("combat") for e in events)


def discarded(g, card: str) -> bool:
    """R-5.7: the played card left the hand for the discard pile."""
    return card not in g.state["sides"][FP]["hand"] and card in g.state["discard"]


# -- Sudden Assault: Hammer Blow -------------------------------------------------------------------

@pytest.mark.parametrize("role", ROLES)
def test_sudden_assault_hammer_blow_adds_one_to_each_die_this_round(role):
    """R-10.4.1b, R-10.4.2 (a modifier adds to each die's result), R-5.7; card sudden_assault,
    combat half Hammer Blow: "Add 1 to each of your combat dice this round."

    Two 4s become 5s and both hit; the Shadow's own 4s get nothing and miss; in the next round the
    Free Peoples' 4s miss again. Without the card (same battle, Combat Event, no card) the two 4s
    miss, so the test fails if the +1 were missing."""
    card = "sudden_assault"
    # Control: the same battle, the card in hand but not played.
    c = battle(card, role)
    ev = round1(c, None, {FP: [4, 4], SH: [4, 4]})
    assert not card_played(ev, card)
    assert rolled(ev, FP)["mod"] == 0 and damage(c, "isen_vale") == 0  # the 4s miss
    assert card in c.state["sides"][FP]["hand"]

    g = battle(card, role)
    ev = round1(g, card, {FP: [4, 4], SH: [4, 4]})
    assert card_played(ev, card)
    fp, sh = rolled(ev, FP), rolled(ev, SH)
    assert fp["dice"] == [4, 4] and fp["mod"] == 1 and fp["target"] == 5
    assert damage(g, "isen_vale") == 2  # 4 + 1 = 5: both dice hit
    assert sh["mod"] == 0 and damage(g, "westemnet") == 0  # only "your" dice: the Orcs' 4s miss
    assert discarded(g, card)
    # "this round": the next round's 4s miss.
    next_round(g)
    ev = fight(g, rolls={FP: [4, 4], SH: [1, 1]}, until=("casualties", "cease"))
    assert rolled(ev, FP)["mod"] == 0
    assert damage(g, "isen_vale") == 2


def test_sudden_assault_hammer_blow_counts_for_a_re_rolled_die_too():
    """R-10.4.2, R-10.4.3 (a re-rolled die is still one of the round's combat dice); card
    sudden_assault, Hammer Blow: "Add 1 to EACH of your combat dice this round."

    With a leader the Free Peoples roll two 1s and re-roll one to a 4: with the card the 4 counts
    as 5 and hits; in the control battle (no card) the same re-rolled 4 misses."""
    card = "sudden_assault"
    results = {}
    for play in (None, card):
        g = battle(card, "attacker", leaders=1)
        ev = round1(g, play, {FP: [1, 1], SH: [1, 1]}, rerolls={FP: ([0], [4])})
        assert rolled(ev, FP)["stage"] == "reroll" and rolled(ev, FP)["dice"] == [4, 1]
        results[play] = (rolled(ev, FP)["mod"], damage(g, "isen_vale"))
    assert results[None] == (0, 0)  # without the card the re-rolled 4 misses
    assert results[card] == (1, 1)  # with it the re-rolled 4 is a 5 and hits


# -- Counter-charge: Rallying Cry ------------------------------------------------------------------

@pytest.mark.parametrize("role", ROLES)
def test_counter_charge_rallying_cry_one_more_reroll_every_round_of_the_battle(role):
    """R-10.4.1b, R-10.4.3 (re-roll up to the leadership), R-10.5, R-5.7; card counter_charge,
    combat half Rallying Cry: "For the rest of this battle you may re-roll one more die each
    round."

    The army has no leader (leadership 0), so without the card it re-rolls nothing: the control
    battle goes from the roll straight to the hits. With the card it may re-roll one die (not two)
    in round 1, and again in rounds 2 and 3 with no card played; the re-rolled 6s hit. The
    modifier ends with the battle."""
    card = "counter_charge"
    # Control: no card played, no re-roll offered.
    c = battle(card, role)
    round1(c, None, {FP: [1, 1], SH: [1, 1]}, until=("reroll", "casualties", "cease"))
    assert top(c)["kind"] != "reroll"

    g = battle(card, role)
    ev = round1(g, card, {FP: [1, 1], SH: [1, 1]}, until=("reroll",))
    assert card_played(ev, card)
    assert top(g)["kind"] == "reroll" and top(g)["side"] == FP and top(g)["max"] == 1
    assert_illegal(g, {"cmd": "reroll", "side": FP, "dice": [0, 1]}, "battle/too_many_rerolls")
    g.submit({"cmd": "reroll", "side": FP, "dice": [0], "outcomes": [6]})
    fight(g)
    assert damage(g, "isen_vale") == 1  # the re-rolled die hit
    assert discarded(g, card)
    # "for the rest of this battle ... each round": round 2 (Regroup, no card) re-rolls one die again.
    next_round(g)
    fight(g, rolls={FP: [1, 1], SH: [1, 1]}, until=("reroll",))
    assert top(g)["kind"] == "reroll" and top(g)["side"] == FP and top(g)["max"] == 1
    g.submit({"cmd": "reroll", "side": FP, "dice": [1], "outcomes": [6]})
    fight(g)
    assert damage(g, "isen_vale") == 2
    # ... and round 3.
    next_round(g)
    fight(g, rolls={FP: [1, 1], SH: [1, 1]}, until=("reroll",))
    assert top(g)["kind"] == "reroll" and top(g)["side"] == FP and top(g)["max"] == 1
    g.submit({"cmd": "reroll", "side": FP, "dice": []})
    fight(g)
    # "this battle" only: the modifier is gone once the battle ends.
    assert any(m["source"] == f"combat:{card}" and m["kind"] == "reroll" for m in g.state["mods"])
    ev = end_battle(g)
    assert g.state["battle"] is None
    assert any(e["e"] == "ModifiersCleared" and e["until"] == "battle" for e in ev)
    assert not any(m["source"] == f"combat:{card}" for m in g.state["mods"])


def test_counter_charge_rallying_cry_adds_to_a_leaders_rerolls():
    """R-10.4.3, R-10.5; card counter_charge, Rallying Cry: "one MORE die": with a leader
    (leadership 1) the army may re-roll two dice instead of one, in round 1 and in round 2."""
    card = "counter_charge"
    c = battle(card, "attacker", leaders=1)
    round1(c, None, {FP: [1, 1], SH: [1, 1]}, until=("reroll",))
    assert top(c)["kind"] == "reroll" and top(c)["max"] == 1  # the leader alone: one die

    g = battle(card, "attacker", leaders=1)
    round1(g, card, {FP: [1, 1], SH: [1, 1]}, until=("reroll",))
    assert top(g)["kind"] == "reroll" and top(g)["max"] == 2
    g.submit({"cmd": "reroll", "side": FP, "dice": [0, 1], "outcomes": [6, 6]})
    fight(g)
    assert damage(g, "isen_vale") == 2
    next_round(g)
    fight(g, rolls={FP: [1, 1], SH: [1, 1]}, until=("reroll",))
    assert top(g)["kind"] == "reroll" and top(g)["max"] == 2


# -- Deeds of Valour (Valour) and Storm the Line (Press Forward) ------------------------------------

MORE_DICE = ["deeds_of_valour", "storm_the_line"]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("card", MORE_DICE)
def test_one_more_combat_die_this_round(card, role):
    """R-10.4.1b, R-10.3 (the dice rolled), R-10.4.2, R-5.7; cards deeds_of_valour (Valour) and
    storm_the_line (Press Forward): "Roll one more combat die this round (never more than five)."

    Two Footmen roll three dice with the card and the third die hits like any other; the Shadow's
    army rolls its usual two; in the next round the Footmen roll two again. The control battle (no
    card) rolls two dice. Playing the combat half starts no attack of its own (the order half)."""
    c = battle(card, role)
    ev = round1(c, None, {FP: [1, 1], SH: [1, 1]})
    assert len(rolled(ev, FP)["dice"]) == 2

    g = battle(card, role)
    target = g.state["battle"]["target"]
    ev = round1(g, card, {FP: [1, 1, 6], SH: [1, 1]})
    assert card_played(ev, card)
    assert first_roll(ev, FP)["dice"] == [1, 1, 6]  # three dice
    assert len(rolled(ev, SH)["dice"]) == 2  # only "your" dice
    assert damage(g, "isen_vale") == 1  # the extra die is a real combat die: its 6 hits
    assert g.state["battle"]["target"] == target and top(g)["kind"] != "attack"  # no attack of its own
    assert discarded(g, card)
    # "this round": two dice in the next round.
    next_round(g)
    ev = fight(g, rolls={FP: [1, 1], SH: [1, 1]})
    assert len(rolled(ev, FP)["dice"]) == 2


@pytest.mark.parametrize("card", MORE_DICE)
def test_one_more_combat_die_never_more_than_five(card):
    """R-10.3 (at most 5 combat dice), R-10.4.1b; deeds_of_valour / storm_the_line: "(never more
    than five)". Four Footmen roll five dice with the card (four without: the card counts up to
    five); five Footmen roll five dice, card or not."""
    for footmen in (4, 5):
        units = {"rohan_footmen": footmen}
        c = battle(card, "attacker", fp_units=units)
        assert len(rolled(round1(c, None, {FP: [1] * footmen, SH: [1, 1]}), FP)["dice"]) == footmen
        g = battle(card, "attacker", fp_units=units)
        # Exactly five outcomes are given: a sixth die would be rolled from the seed (or, given a
        # sixth outcome, the command would be refused as giving too many), and the count would show it.
        ev = round1(g, card, {FP: [1] * 5, SH: [1, 1]})
        assert card_played(ev, card) and len(rolled(ev, FP)["dice"]) == 5
