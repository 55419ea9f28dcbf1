"""Copy-on-write (issue 11): applying an event, or deciding a command, never changes the state it is
given. The new state shares what did not change with the old one, so every state handed out (the
current one, the snapshots `Game` keeps, a state a caller holds) must stay exactly as it was.

Property over whole random games: before every command and every event a deep copy of the state is
taken (`json` round trip, sharing nothing), and afterwards the state given must still equal it.
"""

from __future__ import annotations

import json
import random

import pytest

from botwotr.catalog import spec_for
from botwotr.core import Game, RuleError
from botwotr.core.engine import decide
from botwotr.core.events import HANDLERS, apply, apply_all
from botwotr.core.state import new_state
from helpers import scenario_spec


def deep(x):
    return json.loads(json.dumps(x))


def play_checked(spec, seed: int, max_steps: int = 3000) -> tuple[Game, set[str]]:
    """A random game; every command's old state and every event's old state checked unchanged."""
    g = Game.new(spec, seed=seed)
    rng = random.Random(seed)
    seen: set[str] = set()
    folded = apply_all(new_state(spec, seed), g.log[0]["events"])
    for _ in range(max_steps):
        if g.state["winner"]:
            break
        old = g.state
        before = deep(old)
        events = g.submit(rng.choice(g.legal_commands()))
        assert old == before, "decide changed the state it was given"
        assert g.state is not old
        for e in events:
            seen.add(e["e"])
            prev, was, log_event = folded, deep(folded), deep(e)
            folded = apply(prev, e)
            assert prev == was, f"applying {e['e']} changed the state it was given"
            assert e == log_event, f"applying {e['e']} changed the event"
        assert folded == g.state, "folding the events gives another state than deciding"
    return g, seen


def _unchanged_by_apply(state, events):
    """Apply each event to `state` in turn, checking after each that the state given is unchanged."""
    for e in events:
        before = deep(state)
        new = apply(state, e)
        assert state == before, f"applying {e['e']} changed the state it was given"
        state = new
    return state


@pytest.mark.parametrize("seed", [3, 11])
def test_rohan_random_games_never_change_a_state_given(seed):
    spec = spec_for("rohan")
    g, seen = play_checked(spec, seed)
    assert g.state["winner"] in ("fp", "sh")
    # every event of the game, applied one by one to the state before it, leaves that state as it was
    s = new_state(spec, seed)
    for entry in g.log:
        s = _unchanged_by_apply(s, entry["events"])
    assert s == g.state
    # the states the game kept are still the states of their moment (none was changed later)
    for n in range(1, len(g.log) + 1, 37):
        events = [e for entry in g.log[:n] for e in entry["events"]]
        assert g.state_at(n) == apply_all(new_state(spec, seed), events)
    assert {"ArmyMoved", "BattleUpdated", "CardsDrawn", "PendingPushed", "UnitsRemoved"} <= seen


@pytest.mark.parametrize("seed", [1, 2, 5, 8])
def test_test_scenario_random_games_never_change_a_state_given(seed):
    g, _ = play_checked(scenario_spec(), seed)
    s = new_state(g.spec, seed)
    for entry in g.log:
        s = _unchanged_by_apply(s, entry["events"])
    assert s == g.state


def test_adjustments_never_change_a_state_given():
    """The companion mode's corrections (units, moves, damage, leaders, characters, control, fate,
    dice, cards) go through their own event handlers: each leaves the old state as it was."""
    spec = spec_for("rohan")
    g = Game.new(spec, seed=4, options={"companion": True})
    s = g.state
    fp_army = next(r for r, reg in s["regions"].items() if reg["side"] == "fp" and reg["units"])
    unit = sorted(s["regions"][fp_army]["units"])[0]
    free = next(r for r in spec.board.neighbours(fp_army) if not s["regions"][r]["side"])
    settlement = next(r for r, rs in spec.board.regions.items() if rs.settlement)
    card = sorted(spec.cards)[0]
    char = sorted(spec.characters)[0]
    cmds = [
        {"cmd": "adjust_units", "side": "players", "region": fp_army, "owner": "fp", "unit": unit, "n": -1},
        {"cmd": "adjust_units", "side": "players", "region": fp_army, "owner": "fp", "unit": unit, "n": 1},
        {"cmd": "adjust_damage", "side": "players", "region": fp_army, "n": 1},
        {"cmd": "adjust_move", "side": "players", "from": fp_army, "to": free},
        {"cmd": "adjust_control", "side": "players", "region": settlement, "owner": "sh"},
        {"cmd": "adjust_fate", "side": "players", "to": 3},
        {"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": 1},
        {"cmd": "adjust_card", "side": "players", "card": card, "to": "hand_fp"},
        {"cmd": "adjust_card", "side": "players", "card": card, "to": "discard"},
        {"cmd": "adjust_character", "side": "players", "char": char, "status": "eliminated"},
    ]
    kinds = set()
    for cmd in cmds:
        old = g.state
        before = deep(old)
        try:
            events = g.submit(cmd)
        except RuleError as err:  # pragma: no cover - the position above allows each of them
            pytest.fail(f"{cmd} refused: {err}")
        assert old == before, f"{cmd['cmd']} changed the state it was given"
        _unchanged_by_apply(json.loads(json.dumps(old)), events)
        kinds |= {e["e"] for e in events}
    assert {"CardMovedByPlayers", "ArmyMoved", "ControlChanged", "FateMarkerMoved"} <= kinds


def test_a_refused_command_changes_nothing_and_a_check_leaves_the_state():
    """`decide` on a state the caller keeps (as the window checks a drop): the state stays whole
    whether the command is accepted or refused."""
    spec = scenario_spec()
    g = Game.new(spec, seed=2)
    before = deep(g.state)
    for cmd in g.legal_commands():
        decide(spec, g.rules, g.state, cmd, in_place=False)
        decide(spec, g.rules, g.state, cmd, in_place=True)
    with pytest.raises(RuleError):
        decide(spec, g.rules, g.state, {"cmd": "use_die", "side": "fp", "die": 99, "action": "recruit"})
    assert g.state == before


def test_every_handler_is_written_for_copy_on_write():
    """Every registered handler takes the change (`w`) and the event: a handler written for the
    old in-place state (`s`) would fail here at once."""
    import inspect

    for name, fn in HANDLERS.items():
        params = list(inspect.signature(fn).parameters)
        assert len(params) == 2 and params[0] == "w", f"{name}: handler({', '.join(params)})"


@pytest.mark.parametrize("physical", [False, True])
def test_companion_games_never_change_a_state_given(physical):
    """The companion mode (outcomes entered by the players; with physical cards, hands of unknown
    cards "?"): its own paths through the handlers (unknown recruitment tokens, cards played or
    discarded by hand) leave every old state as it was too."""
    from test_companion import companion_game, submit_asking

    g = companion_game(seed=3, physical=physical)
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(400):
        if g.state["winner"]:
            break
        old = g.state
        before = deep(old)
        events = submit_asking(g, rng.choice(g.legal_commands()), rng)
        assert old == before, "a companion command changed the state it was given"
        seen |= {e["e"] for e in events}
    s = new_state(g.spec, g.seed)
    for entry in g.log:
        s = _unchanged_by_apply(s, entry["events"])
    assert s == g.state
    assert {"CardsDrawn", "PendingPushed"} <= seen
