"""Hypothesis fuzzing of the rules core: random well-formed commands are either refused with a
RuleError and no change, or accepted and keep every invariant; random legal play keeps them too."""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings, strategies as st

from botwotr.core import Game, RuleError, invariants
from botwotr.core.engine import COMMANDS
from botwotr.core.state import canonical
from helpers import scenario_spec

SPEC = scenario_spec()
REGIONS = sorted(SPEC.board.regions)
UNITS = sorted(SPEC.units)
CHARS = sorted(SPEC.characters)
CARDS = sorted(SPEC.cards)
_GAMES: dict[int, Game] = {}


def game_after(seed: int, steps: int) -> Game:
    """A game played randomly for `steps` commands (cached prefixes keep this fast)."""
    key = seed * 1000 + steps
    if key not in _GAMES:
        g = Game.new(SPEC, seed=seed)
        rng = random.Random(seed)
        for _ in range(steps):
            if g.state["winner"]:
                break
            g.submit(rng.choice(g.legal_commands()))
        _GAMES[key] = g
    return _GAMES[key]


values = st.one_of(
    st.sampled_from(REGIONS), st.sampled_from(UNITS), st.sampled_from(CHARS), st.sampled_from(CARDS),
    st.integers(-3, 8), st.none(), st.booleans(), st.just("box"),
    st.lists(st.sampled_from(REGIONS), max_size=3),
    st.dictionaries(st.sampled_from(UNITS), st.integers(-1, 6), max_size=2),
    st.lists(st.integers(-1, 7), max_size=3),
)
commands = st.fixed_dictionaries(
    {"cmd": st.sampled_from(sorted(COMMANDS)), "side": st.sampled_from(["fp", "sh", "players", "x"])},
    optional={k: values for k in ("region", "from", "to", "path", "target", "units", "unit", "n", "die",
                                  "action", "card", "character", "characters", "damage", "leaders",
                                  "position", "tactic", "dice", "choice", "owner", "char", "status",
                                  "armies", "token", "outcomes")})


invariant = invariants.check


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5), steps=st.sampled_from([0, 5, 20, 60, 120]), cmd=commands)
def test_random_commands_are_refused_cleanly_or_keep_invariants(seed, steps, cmd):
    g = game_after(seed, steps)
    before = canonical(g.state)
    n = len(g.log)
    try:
        g.submit(cmd)
    except RuleError:
        assert canonical(g.state) == before and len(g.log) == n
        return
    invariant(g)
    g.undo(force=True)
    assert canonical(g.state) == before


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), picks=st.lists(st.integers(0, 10_000), min_size=50, max_size=300))
def test_random_legal_play_keeps_invariants(seed, picks):
    g = Game.new(SPEC, seed=seed)
    for p in picks:
        if g.state["winner"]:
            break
        cmds = g.legal_commands()
        g.submit(cmds[p % len(cmds)])
        invariant(g)
    assert g.fold() == g.state
