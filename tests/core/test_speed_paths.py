"""The shortcuts of issue 11's speed work keep their promises: `Game.replay` turns the cyclic
garbage collector off only while it replays (and leaves it as it found it, also when a tampered
save is refused), and the read-only context `legal_commands` reads the state and changes nothing
(it refuses to emit instead of writing into a state shared with the game). The lists themselves
are checked command by command against `decide` by the random-playout tests and, content and
order, by `bench/same_lists.py`."""

import gc
import random

import pytest

from botwotr.catalog import spec_for
from botwotr.core import Game
from botwotr.core.game import ReplayError
from botwotr.core.kernel import Ctx
from botwotr.core.legal import legal_commands
from botwotr.core.state import clone


def random_log(seed: int, commands: int = 150) -> tuple[Game, list]:
    g = Game.new(spec_for("rohan"), seed=seed)
    rng = random.Random(seed)
    for _ in range(commands):
        if g.state["winner"]:
            break
        g.submit(rng.choice(g.legal_commands()))
    return g, clone(g.log)


@pytest.mark.parametrize("was_on", [True, False])
def test_replay_leaves_the_collector_as_it_found_it(was_on):
    g, log = random_log(3)
    (gc.enable if was_on else gc.disable)()
    try:
        again = Game.replay(g.spec, g.seed, log)
        assert gc.isenabled() is was_on
        assert again.state == g.state
        bad = clone(log)
        bad[40]["events"].append({"e": "FlagSet", "flag": "edited", "value": True})
        with pytest.raises(ReplayError) as err:
            Game.replay(g.spec, g.seed, bad)
        assert err.value.index == 40 and "recorded events differ" in err.value.message
        assert gc.isenabled() is was_on
    finally:
        gc.enable()


def test_a_tampered_command_is_still_refused_with_its_entry():
    """R-8.3: a die that is not there. The command's own checks, which replay keeps, refuse the
    entry before its events are compared, and the error names the entry and the refusal."""
    g, log = random_log(5, 400)
    i = next(k for k, e in enumerate(log) if e["cmd"]["cmd"] == "use_die" and e["cmd"].get("die") != "box")
    bad = clone(log)
    bad[i]["cmd"]["die"] = 99
    with pytest.raises(ReplayError) as err:
        Game.replay(g.spec, g.seed, bad)
    assert err.value.index == i and "refused" in err.value.message and "die/unknown" in err.value.message


def test_the_lists_read_the_state_and_change_nothing():
    g, _ = random_log(7, 300)
    for _ in range(200):
        if g.state["winner"]:
            break
        before = clone(g.state)
        cmds = legal_commands(g.spec, g.rules, g.state)
        assert g.state == before
        g.submit(random.Random(len(g.log)).choice(cmds))
    ctx = Ctx(g.spec, g.rules, g.state, None, read_only=True)
    assert ctx.s is g.state
    with pytest.raises(RuntimeError, match="read-only"):
        ctx.emit("FlagSet", flag="x", value=True)
    assert "x" not in g.state["flags"]


@pytest.mark.parametrize("scenario,seed", [("rohan", 0), ("rohan", 7), ("gondor", 2)])
def test_the_lists_booleans_answer_as_the_checks_refuse(scenario, seed):
    """R-8.3 / R-8.5: a die's list asks whether an action has something to do as a boolean
    (`ACTION_CAN`, `TOKEN_CAN`, with the list's memo), and a command gets the check that refuses
    (`ACTION_CHECKS`, `TOKEN_CHECKS`, no memo): at every decision of whole random games, for
    every face and both sides, the two give the same answer."""
    from botwotr.core.action_checks import ACTION_CAN, ACTION_CHECKS, FACE_ACTIONS, TOKEN_CAN, TOKEN_CHECKS, _ok

    g = Game.new(spec_for(scenario), seed=seed)
    rng = random.Random(seed)
    asked = 0
    while not g.state["winner"]:
        for side in ("fp", "sh"):
            listing = Ctx(g.spec, g.rules, g.state, None, read_only=True)
            listing.memo = {}
            plain = Ctx(g.spec, g.rules, g.state, None, read_only=True)
            for face, actions in FACE_ACTIONS.items():
                for action in actions:
                    if action in ACTION_CAN:
                        cmd = {"cmd": "use_die", "side": side, "die": 0, "action": action}
                        can = ACTION_CAN[action](listing, side, face, cmd)
                        assert can == _ok(ACTION_CHECKS[action], plain, side, face, cmd), (action, face, side)
                        asked += 1
            if side == "fp":
                for tok, can_tok in TOKEN_CAN.items():
                    assert can_tok(listing) == _ok(TOKEN_CHECKS[tok], plain), tok
        g.submit(rng.choice(g.legal_commands()))
    assert asked > 1000
