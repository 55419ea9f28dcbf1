"""Announced-attack bonuses (R-5.8, R-5.9, R-8.7, R-10.3, R-10.4): the cards and abilities whose text
is "one army attacks, with a bonus in that battle" give the bonus to the battle they start, for the
first round or for every round as the text says, and to no other battle that turn (not a later
one of the same player, not the opponent's). When no army can make the attack, the card or the
ability cannot be used at all, so its bonus can never drift to another battle."""
from __future__ import annotations

import pytest

from helpers import assert_illegal, top
from rohan_fixes_support import battle_damage, cease, die, fight_on, fight_round, rohan, rolls, use

# (source, card or ability, side, die face, what the bonus changes, how long)
CASES = [
    ("sudden_assault", "card", "fp", "army_muster", "roll", "round"),
    ("counter_charge", "card", "fp", "army_muster", "hits", "round"),
    ("deeds_of_valour", "card", "fp", "character", "strength", "battle"),
    ("the_horn_of_helm", "card", "fp", "army_muster", "target", "battle"),
    ("theoden", "ability", "fp", "character", "roll", "round"),
    ("aragorn", "ability", "fp", "character", "hits", "battle"),
    ("assault_on_the_fords", "card", "sh", "army", "hits", "round"),
    ("storm_in_the_night", "card", "sh", "army", "target", "round"),
    ("ugluk", "ability", "sh", "army", "strength", "battle"),
]
HOME = {"fp": "westemnet", "sh": "isen_vale"}
OPP = {"fp": "sh", "sh": "fp"}


def _game(source, kind, side, near=True):
    """FP: 2 Footmen and a leader in the Westemnet, 1 Footman in Helm's Deep (the Horn of Helm's
    condition). SH: 2 Orcs in the Isen Vale next to them (or in Dunland, out of reach), 1 Orc in
    the West Fords (Assault on the Fords' condition)."""
    chars = []
    if kind == "ability":
        chars = [(source, HOME[side] if near else ("edoras" if side == "fp" else "orthanc"))]
    hand = [source] if kind == "card" else []
    g = rohan([("westemnet", "fp", {"rohan_footmen": 2}, {"leaders": 1}),
               ("helms_deep", "fp", {"rohan_footmen": 1}),
               ("isen_vale" if near else "dunland", "sh", {"orcs": 2}),
               ("west_fords", "sh", {"orcs": 1})],
              chars=chars, hands={side: hand, OPP[side]: []})
    if side == "sh":
        g.submit({"cmd": "pass", "side": "fp"})
    return g


def _play(g, source, kind, side, face):
    if kind == "card":
        return use(g, side, face, "play_card", card=source)
    return use(g, side, face, "ability", character=source)


def _measure(evs, side, what, rnd):
    """The bonus as seen in round `rnd` (0-based) of the battle whose events are `evs`."""
    if what == "roll":
        return rolls(evs, side)[rnd]["mod"]
    if what == "strength":
        return len(rolls(evs, side)[rnd]["dice"]) - 2  # two units of strength 1
    if what == "target":
        return rolls(evs, OPP[side])[rnd]["target"] - 5
    raise AssertionError(what)


@pytest.mark.parametrize("source,kind,side,face,what,until", CASES, ids=[c[0] for c in CASES])
def test_r5_8_r10_4_the_bonus_belongs_to_the_battle_the_card_or_ability_starts(source, kind, side, face, what, until):
    """R-10.4 / R-8.7 / R-5.9: the bonus applies in the first round (`round`) or every round
    (`battle`) of the battle its card or ability starts, and not in the opponent's battle that
    follows in the same turn."""
    g = _game(source, kind, side)
    me, opp = side, OPP[side]
    _play(g, source, kind, side, face)
    assert top(g)["kind"] == "attack"
    g.submit({"cmd": "attack", "side": me, "from": HOME[me], "target": HOME[opp]})
    n_me = 3 if what == "strength" else 2
    r1 = fight_round(g, {me: [1] * n_me, opp: [1, 1]})
    fight_on(g)
    r2 = fight_round(g, {me: [1] * (n_me if until == "battle" else 2), opp: [1, 1]})
    cease(g)
    if what == "hits":  # every die missed: the only hit is the bonus
        assert battle_damage(r1, HOME[opp]) == 1
        assert battle_damage(r2, HOME[opp]) == (1 if until == "battle" else 0)
    else:
        assert _measure(r1, me, what, 0) == 1
        assert _measure(r2, me, what, 0) == (1 if until == "battle" else 0)
    # The opponent's battle, the same turn: no trace of the bonus.
    assert top(g) == {"kind": "action", "side": opp}
    use(g, opp, "army_muster" if opp == "fp" else "army", "attack")
    g.submit({"cmd": "attack", "side": opp, "from": HOME[opp], "target": HOME[me]})
    r3 = fight_round(g, {me: [1, 1], opp: [1, 1]})
    cease(g)
    assert g.state["mods"] == []
    if what == "hits":
        assert battle_damage(r3, HOME[opp]) == 0
    else:
        assert _measure(r3, me, what, 0) == 0


@pytest.mark.parametrize("source,kind,side,face,what,until", CASES, ids=[c[0] for c in CASES])
def test_r5_8_no_attack_possible_the_card_or_ability_cannot_be_used(source, kind, side, face, what, until):
    """R-5.8 (docs/rulings.md): with no enemy army within reach the attack is impossible, so the card
    or ability, which does nothing else, is refused and changes nothing (before, it was played and
    its bonus waited for any later battle of the turn)."""
    g = _game(source, kind, side, near=False)
    cmd = {"cmd": "use_die", "side": side, "die": die(g, side, face)}
    if kind == "card":
        assert_illegal(g, dict(cmd, action="play_card", card=source), "card/no_effect", "R-5.8")
    else:
        assert_illegal(g, dict(cmd, action="ability", character=source), "ability/no_effect", "R-8.7")
    legal = g.legal_commands()
    assert not any(c.get("card") == source or c.get("character") == source for c in legal)
