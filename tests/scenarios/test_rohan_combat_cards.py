"""Every combat half of the Rohan generic cards (R-5.2, R-10.4.1b), played in a real battle.

The Free Peoples (two Rohan Footmen, no leader, in the Westemnet) and the Shadow (two Orcs, no
leadership token, in the Isen Vale) fight across an open border on plains: both hit on 5, no
terrain bonus, no terrain superiority. Either side attacks. The Free Peoples choose Combat
Event and play the card; the Shadow regroups. The
dice are given, and each test asserts what the card's text promises in that round, then fights
a second round without a card to check how long the promise lasts ("this round" or "for the
rest of this battle").

What each text means is written here by hand from the text (MEANING), not read from the YAML.
"""
from __future__ import annotations

import pytest

from helpers import assert_illegal
from rohan_positions import (FP, SH, SKIPPED_CARDS, SPEC, card_battle, damage, fight, next_round, rolled, top)

# card id -> what its combat text promises
MEANING = {
    "hard_riding": ("extra_hit", 1),         # Lances Levelled: one extra hit this round
    "duel_of_champions": ("extra_hit", 1),   # Single Combat
    "summon_aid": ("extra_hit", 1),          # Timely Aid
    "march_by_night": ("ignore", 1),         # Hold Fast: ignore one hit this round
    "heroic_deed": ("ignore", 1),            # Stand and Fight
    "watchful_spies": ("ignore", 1),         # Forewarned
    "fresh_levies": ("ignore", 1),           # Reinforced
    "tend_the_wounded": ("ignore", 1),       # Bind Wounds
    "hidden_stores": ("ignore", 1),          # Second Wind
    "regroup_on_the_move": ("ignore", 2),    # Close Ranks: ignore two hits
    "skirmishers": ("six", 0),               # Harry the Flanks: the opponent hits only on a 6
    "scouts_ahead": ("six", 0),              # Ambush from Cover
    "cunning_stratagem": ("six", 0),         # Feigned Retreat
    "horns_of_war": ("six", 0),              # Sound the Horns
    "flanking_march": ("reroll_round", 2),   # Turn the Flank: re-roll two more dice this round
    "guided_march": ("reroll_round", 2),     # Steady Nerves
    "muster_the_host": ("reroll_round", 1),  # Second Line: one more this round
    "council_of_war": ("reroll_battle", 1),  # Captain's Command: one more each round, all battle
    "rally_to_the_banners": ("reroll_battle", 1),  # Banners High
    "inspiring_words": ("plus_one", 1),      # Heartened: +1 to each combat die this round
    "forage_and_gather": ("plus_one", 1),    # Well Supplied
    "call_to_arms": ("more_dice", 1),        # Reserves: one more combat die (at most five)
    "reinforcements": ("more_dice", 1),      # Fresh Arms
    "fire_and_ruin": ("cancel", 0),          # Smoke and Confusion: cancel the opponent's card
    "swift_messenger": ("cancel", 0),        # Counter-order
    "last_stand": ("ignore_and_hit", 1),     # No Step Back: ignore one hit and score one extra
}
COMBAT_CARDS = sorted(MEANING)


battle = card_battle  # the Free Peoples' `card` in hand, attacking ("attacker") or attacked ("defender")


def round1(g, card, rolls, sh_card=None, rerolls=None, until=("casualties", "cease")):
    tactics = {FP: "combat_event", SH: "combat_event" if sh_card else "regroup"}
    cards = {FP: card, SH: sh_card}
    return fight(g, tactics=tactics, cards=cards, rolls=rolls, rerolls=rerolls, until=until)


@pytest.mark.parametrize("role", ["attacker", "defender"])
@pytest.mark.parametrize("card", COMBAT_CARDS)
def test_r10_4_combat_half(card, role):
    """R-10.4.1b: the combat half does what its text says, for as long as it says, whether the
    player attacks or defends."""
    meaning, n = MEANING[card]
    if meaning == "more_dice":
        g = battle(card, role)
        ev = round1(g, card, {FP: [1, 1, 1], SH: [1, 1]})
        assert len(rolled(ev, FP)["dice"]) == 3  # two Footmen roll three dice
        next_round(g)
        ev = fight(g, rolls={FP: [1, 1], SH: [1, 1]})
        assert len(rolled(ev, FP)["dice"]) == 2  # this round only
        # ... never more than five: five Footmen roll five dice, card or not
        g = battle(card, role, fp_units={"rohan_footmen": 5})
        ev = round1(g, card, {FP: [1] * 5, SH: [1, 1]})
        assert len(rolled(ev, FP)["dice"]) == 5
    elif meaning == "extra_hit":
        g = battle(card, role)
        round1(g, card, {FP: [1, 1], SH: [1, 1]})  # every die misses
        assert damage(g, "isen_vale") == 1 and damage(g, "westemnet") == 0
        next_round(g)
        fight(g, rolls={FP: [1, 1], SH: [1, 1]})
        assert damage(g, "isen_vale") == 1  # no extra hit in the next round
    elif meaning == "ignore":
        g = battle(card, role)
        round1(g, card, {FP: [1, 1], SH: [6, 6]})  # the Orcs score two hits
        assert damage(g, "westemnet") == 2 - n
        next_round(g)
        fight(g, rolls={FP: [1, 1], SH: [6, 6]})
        assert damage(g, "westemnet") == 2 - n + 2  # both hits count in the next round
    elif meaning == "ignore_and_hit":
        g = battle(card, role)
        round1(g, card, {FP: [1, 1], SH: [6, 6]})
        assert damage(g, "westemnet") == 1  # one of the two hits ignored
        assert damage(g, "isen_vale") == 1  # and one extra hit scored with every die missing
    elif meaning == "six":
        g = battle(card, role)
        ev = round1(g, card, {FP: [1, 1], SH: [5, 6]})
        assert rolled(ev, SH)["target"] == 6
        assert damage(g, "westemnet") == 1  # the 6 hits, the 5 does not
        next_round(g)
        ev = fight(g, rolls={FP: [1, 1], SH: [5, 1]})
        assert rolled(ev, SH)["target"] == 5 and damage(g, "westemnet") == 2  # a 5 hits again
    elif meaning == "plus_one":
        g = battle(card, role)
        ev = round1(g, card, {FP: [4, 4], SH: [1, 1]})
        assert damage(g, "isen_vale") == 2  # two 4s become 5s and hit
        next_round(g)
        fight(g, rolls={FP: [4, 4], SH: [1, 1]})
        assert damage(g, "isen_vale") == 2  # the 4s miss in the next round
    elif meaning in ("reroll_round", "reroll_battle"):
        g = battle(card, role)
        round1(g, card, {FP: [1, 1], SH: [1, 1]}, until=("reroll",))
        assert top(g)["kind"] == "reroll" and top(g)["side"] == FP  # the army has no leader
        too_many = list(range(n + 1))
        if len(too_many) <= 2:
            assert_illegal(g, {"cmd": "reroll", "side": FP, "dice": too_many}, "battle/too_many_rerolls")
        g.submit({"cmd": "reroll", "side": FP, "dice": list(range(n)), "outcomes": [6] * n})
        fight(g)
        assert damage(g, "isen_vale") == n  # the re-rolled dice hit
        next_round(g)
        fight(g, rolls={FP: [1, 1], SH: [1, 1]}, until=("reroll", "casualties", "cease"))
        if meaning == "reroll_battle":
            assert top(g)["kind"] == "reroll" and top(g)["max"] == n  # every round of the battle
        else:
            assert top(g)["kind"] != "reroll"  # this round only
    elif meaning == "cancel":
        # The Shadow plays Hold Fast (ignore one hit); the Free Peoples' card cancels it.
        g = battle(card, role, sh_card="march_by_night")
        round1(g, card, {FP: [6, 6], SH: [1, 1]}, sh_card="march_by_night")
        assert damage(g, "isen_vale") == 2  # both hits count: Hold Fast did nothing
        next_round(g)
        if "march_by_night" in g.state["sides"][SH]["hand"]:  # R-10.4.1b: a cancelled card is not lost
            fight(g, tactics={SH: "combat_event"}, cards={SH: "march_by_night"}, rolls={FP: [6, 6], SH: [1, 1]})
            assert damage(g, "isen_vale") == 3  # uncancelled in the next round: one hit ignored
    else:  # pragma: no cover
        raise AssertionError(meaning)
    assert card not in g.state["sides"][FP]["hand"] and card in g.state["discard"]


def test_every_rohan_combat_half_has_a_meaning_here():
    with_combat = {c for c, cs in SPEC.cards.items() if cs.combat}
    assert set(MEANING) == with_combat - SKIPPED_CARDS
