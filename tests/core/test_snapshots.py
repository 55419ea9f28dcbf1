"""`Game` keeps a snapshot every SNAPSHOT_EVERY entries and the last RECENT states, not every state
(issue 11). Whatever is kept, `state_at(n)` must be the state after the first n entries, exactly:
checked against the states `submit` gave while the game was played and against a fold of the
events made here, for every n of a whole bot game on the Battle for Rohan, in every order of
access, and across undo and redo over snapshot boundaries."""
import random

import pytest

from botwotr.catalog import spec_for
from botwotr.core import Game, RuleError
from botwotr.core import game as game_mod
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side
from botwotr.core.events import apply
from botwotr.core.state import clone, new_state

K = game_mod.SNAPSHOT_EVERY
R = game_mod.RECENT


def play_recording(seed: int, max_commands: int = 20000):
    """A greedy-vs-random Rohan game to its end, with a copy of the state after every entry."""
    g = Game.new(spec_for("rohan"), seed=seed)
    bots = {"fp": GreedyBot(seed), "sh": RandomBot(seed + 1)}
    states = [None, clone(g.state)]  # the state before start_game is index 0
    states[0] = new_state(g.spec, seed)
    for _ in range(max_commands):
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
        states.append(clone(g.state))
    assert g.state["winner"]
    return g, states


def folds(g: Game) -> list[dict]:
    """The state after each prefix of the log, folded here from the events alone."""
    s = new_state(g.spec, g.seed)
    out = [clone(s)]
    for entry in g.log:
        for e in entry["events"]:
            s = apply(s, e)
        out.append(clone(s))
    return out


@pytest.fixture(scope="module")
def played():
    g, states = play_recording(seed=4)
    assert len(g.log) > 3 * K  # the game crosses several snapshots
    return g, states


def test_state_at_every_n_equals_the_played_state_and_a_fresh_fold(played):
    g, states = played
    folded = folds(g)
    assert len(states) == len(folded) == len(g.log) + 1
    for n in range(len(g.log) + 1):
        assert g.state_at(n) == states[n] == folded[n], f"state_at({n})"


def test_state_at_in_any_order_of_access(played):
    g, states = played
    order = list(range(len(g.log) + 1))
    for ns in (order[::-1], random.Random(1).sample(order, len(order)), [7, 7, 8, 6, 200, 7, 199]):
        for n in ns:
            assert g.state_at(n) == states[n], f"state_at({n})"
    assert g.state_at(-5) == states[0] and g.state_at(10**6) == states[-1] == g.state
    assert g.state_at(len(g.log)) is g.state


def test_replay_keeps_the_same_states(played):
    g, states = played
    r = Game.replay(g.spec, g.seed, g.log)
    assert r.state == g.state
    for n in range(len(r.log) + 1):
        assert r.state_at(n) == states[n], f"state_at({n})"


def test_the_states_kept_are_bounded(played):
    g, _ = played
    kept = g._kept
    assert len(kept) <= len(g.log) // K + 1 + R
    assert all(n % K == 0 or n > len(g.log) - R for n in kept)


def undo_to(g: Game, n: int) -> None:
    while len(g.log) > n:
        g.undo(force=True)


def test_undo_and_redo_across_snapshot_boundaries():
    g, states = play_recording(seed=6)
    end = len(g.log)
    assert end > 3 * K
    # back over two snapshot boundaries, one entry at a time, checking every state on the way
    target = (end // K - 2) * K - 3
    for n in range(end - 1, target - 1, -1):
        g.undo(force=True)
        assert len(g.log) == n and g.state == states[n], f"after undo to {n}"
        assert g.state_at(n) is g.state  # the current state is the one state_at gives
        assert g.can_redo() and g.can_undo(force=True)
        assert g.can_undo() == (not game_mod.is_barrier(g.log[-1]))
    for n in range(len(g.log) + 1):
        assert g.state_at(n) == states[n]
    # redo everything: the same states, and nothing left to redo
    while g.can_redo():
        g.redo()
        assert g.state == states[len(g.log)]
    assert len(g.log) == end and not g.can_redo()
    with pytest.raises(RuleError):
        g.redo()
    assert folds(g) == states


def test_a_new_branch_after_undo_replaces_the_old_states():
    """Undo past a snapshot, play a different command: every state_at is the new branch's."""
    g, states = play_recording(seed=6)
    branch = 2 * K + 1  # just past the second snapshot
    undo_to(g, branch + 5)
    assert g.state_at(branch + 3) == states[branch + 3]  # a folded state, cached
    undo_to(g, branch)
    while True:  # step back to the first position (at or before `branch`) with another choice
        side = deciding_side(g.state)
        cmds = [c for c in g.legal_commands() if c["side"] == side]
        other = next((c for c in cmds if c != g._redo[-1]["cmd"]), None)
        if other is not None:
            break
        g.undo(force=True)
    branch = len(g.log)
    assert branch > K  # still past the first snapshot
    g.submit(other)
    assert not g.can_redo()
    bots = {"fp": RandomBot(11), "sh": RandomBot(12)}
    for _ in range(K + R + 3):  # past the next snapshot
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    new = folds(g)
    for n in range(len(g.log) + 1):
        assert g.state_at(n) == new[n], f"state_at({n})"
    assert g.state_at(branch) == states[branch]
    # undo without force still stops at a barrier, as before
    while g.can_undo():
        g.undo()
    assert len(g.log) <= 1 or game_mod.is_barrier(g.log[-1])
    if len(g.log) > 1:
        with pytest.raises(RuleError):
            g.undo()
    assert g.state == new[len(g.log)]


def test_nothing_to_undo_at_the_start():
    g = Game.new(spec_for("rohan"), seed=1)
    assert not g.can_undo(force=True) and not g.can_redo()
    with pytest.raises(RuleError):
        g.undo(force=True)
    assert g.state_at(0) == new_state(g.spec, 1) and g.state_at(1) == g.state
