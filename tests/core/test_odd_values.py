"""Odd values inside a command's lists and mappings (a list where a region's name goes, a mapping
for a die's number, a list for the command's name) are refused with a RuleError and change
nothing; they never reach a lookup that would fail with a TypeError. The parameters themselves
are checked by type in `decide` (`engine.PARAM_TYPES`); what they hold is checked by each
command's rules, after the types, so that nothing unhashable is put in a set or looked up.

Found by changing the values inside the legal commands of random Rohan and Gondor games
(session 11): the command's name, a re-roll's dice, a combined attack's armies, the characters
that move and their path."""

from __future__ import annotations

import random

import pytest

from battle_support import attack, battle_game, rolls, tactics
from botwotr.catalog import spec_for
from botwotr.core import Game, RuleError
from botwotr.core.state import canonical
from helpers import assert_illegal

ODD = ([], {}, [[]], [{}], None, 1.5, -1, True, "", "nowhere")


def test_a_command_name_that_is_a_list_or_a_mapping_is_an_unknown_command():
    g = Game.new(spec_for("rohan"), seed=1)
    for name in (["use_die"], {"cmd": "pass"}):
        e = assert_illegal(g, {"cmd": name, "side": "fp"}, "command/unknown")
        assert repr(name) in e.message


def test_r10_4_a_reroll_naming_a_die_by_a_list_is_refused():
    """R-10.4: the dice to re-roll are named by their positions; a list among them is refused as
    any other bad position is."""
    g = battle_game([("woods", "sh", {"orcs": 3}), ("town", "fp", {"footmen": 2, "riders": 1}, {"leaders": 2})])
    attack(g, "fp", "town", "woods")
    tactics(g, fp="maneuver:footmen", sh="regroup")
    rolls(g, fp=[5, 1, 6, 2], sh=[1, 1, 1, 1])
    for dice in ([[0]], [0, [1]], [{}]):
        assert_illegal(g, {"cmd": "reroll", "side": "fp", "dice": dice}, "battle/bad_reroll", "R-10.4")
    g.submit({"cmd": "reroll", "side": "fp", "dice": [1]})  # a good one still goes through


def _games(spec, seeds, until):
    """Positions of random games of `spec`: the game and its legal commands, at each step."""
    for seed in seeds:
        g = Game.new(spec, seed=seed)
        rng = random.Random(seed)
        while not g.state["winner"] and len(g.log) < until:
            legal = g.legal_commands()
            yield g, legal
            g.submit(rng.choice(legal))


def _variants(value):
    if isinstance(value, list):
        return [[o] + value[1:] for o in ODD] + [value + [o] for o in ODD] if value else [[o] for o in ODD]
    if isinstance(value, dict):
        return [{**value, k: o} for k in list(value)[:2] for o in ODD] + [{"nothing": 1}, {1: 1}]
    return []


@pytest.mark.parametrize("face, seeds, until", [("rohan", (3, 4), 400), ("gondor", (5,), 500)])
def test_odd_values_inside_a_legal_command_are_refused_and_change_nothing(face, seeds, until):
    """Every list and mapping parameter of a sample of each position's legal commands (R-9.7's
    characters and path, R-10.9's armies, R-10.4's dice, the units of a move, the outcomes...),
    with an odd value put in it or added to it: the command is refused with a RuleError and the
    game is as it was, or (a value it may take) it is carried out and taken back."""
    spec = spec_for(face)
    tried = refused = 0
    kinds = set()
    for g, legal in _games(spec, seeds, until):
        sample = legal if len(legal) <= 6 else random.Random(len(g.log)).sample(legal, 6)
        for cmd in sample:
            for key, value in cmd.items():
                for odd in _variants(value):
                    bad = dict(cmd, **{key: odd})
                    before, n = canonical(g.state), len(g.log)
                    tried += 1
                    try:
                        g.submit(bad)
                    except RuleError:
                        refused += 1
                        kinds.add((cmd["cmd"], key))
                        assert canonical(g.state) == before and len(g.log) == n, bad
                    else:
                        g.undo(force=True)
                        assert canonical(g.state) == before, bad
    assert tried > 2000 and refused > tried // 2, (tried, refused)
    names = {name for name, _key in kinds}
    assert {"move_army", "attack"} <= names, sorted(kinds)
    if face == "rohan":
        assert {("move_characters", "characters"), ("move_characters", "path"), ("reroll", "dice")} <= kinds
