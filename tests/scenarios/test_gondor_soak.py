"""A short Gondor soak (the long one is `python bench/soak.py --scenario gondor`): bot games
with every invariant checked after every command, the Gondor ones included (protection values
never rise, at most two catapults a region and only in the catapult sites, the Darkness only
shrinks unless a card spreads it), and each log replayed to the same state."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from botwotr.catalog import spec_for

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
from soak import one_game  # noqa: E402


@pytest.mark.parametrize("seed,kind", [(0, "random"), (1, "greedy"), (2, "mixed"), (3, "greedy")])
def test_gondor_games_keep_their_invariants(seed, kind):
    g = one_game(spec_for("gondor"), seed, kind)
    assert g.state["winner"] in ("fp", "sh")


def test_gondor_invariants_catch_a_rising_wall():
    """The check itself: a state whose protection value rose is refused."""
    from botwotr.core import Game, invariants
    from botwotr.scenarios.gondor import gondor

    g = Game.new(spec_for("gondor"), seed=1)
    before = g.state
    after = dict(before, flags=dict(before["flags"], gondor=dict(gondor(before), protection={
        "minas_tirith": 6, "cair_andros": 3})))
    lower = dict(before, flags=dict(before["flags"], gondor=dict(gondor(before), protection={
        "minas_tirith": 4, "cair_andros": 3})))
    g.rules.invariants(before, after)
    with pytest.raises(AssertionError, match="rose"):
        g.rules.invariants(lower, after)
    invariants.check(g, before)


@pytest.mark.parametrize("seed", [5, 6])
def test_gondor_random_games_copy_on_write(seed):
    """docs/architecture.md (copy-on-write): the Gondor rules module's events (FlagSet with the
    whole siege state, hook choices, scenario die actions) never change a state or an event."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "core"))
    from test_copy_on_write import play_checked

    g, seen = play_checked(spec_for("gondor"), seed)
    assert "FlagSet" in seen
