"""The board memo (`kernel.board_memo`, issue 11): the answers of the board's queries (the armies
by side, the regions next to the other side's armies, which armies can attack, where leadership
can move, which characters can move, the characters in play by region) are kept for a state's `regions` and `chars` containers and
carried over from one decision's list to the next while those containers stay the same. A state
is never changed once made (copy-on-write), so they must always equal the same queries worked out
from scratch: checked at every decision of whole games (Rohan, Gondor, the companion mode, after
the list of that decision filled the memo), for both sides and every mode."""

import random

import pytest

from botwotr.catalog import spec_for
from botwotr.core import Game
from botwotr.core.kernel import Ctx, board_memo
from botwotr.core.legal import _chars_at
from botwotr.core.state import chars_in
from botwotr.core.movement import (
    army_regions,
    attack_sources,
    can_attack,
    enemy_and_near,
    mobile_leadership,
    movable_armies,
    movable_character_regions,
)

MODES = ("army", "character", "combined", "mordor", "token")
MOVE_MODES = ("strategic", "fast", "mordor", "token", "card", "card2")


def _answers(ctx: Ctx) -> dict:
    s = ctx.s
    out: dict = {}
    for side in ("fp", "sh"):
        out["armies", side] = army_regions(ctx, side)
        enemy, near = enemy_and_near(ctx, side)
        out["enemy", side] = (set(enemy), set(near))
        out["characters", side] = movable_character_regions(ctx, side, [])
        for mode in MODES:
            for stay in (False, True):
                out["can_attack", side, mode, stay] = can_attack(ctx, side, mode, stay)
                out["sources", side, mode, stay] = attack_sources(ctx, side, mode, stay)
        for mode in MOVE_MODES:
            out["movable", side, mode] = list(movable_armies(ctx, side, mode, []))
    for r in s["regions"]:
        out["led", r] = mobile_leadership(ctx, r)
        for side in ("fp", "sh"):  # the characters with an army, as a move's groups read them
            out["chars_at", r, side] = (
                _chars_at(ctx, r, side) if ctx.board is not None else chars_in(s, r, side, ctx.spec)
            )
    return out


def _check_game(g: Game, submit, rng: random.Random, limit: int) -> int:
    checked = 0
    hits = 0
    for _ in range(limit):
        if g.state["winner"]:
            break
        cmds = g.legal_commands()  # fills the board memo of this state (or finds it filled)
        if not cmds:
            break
        memo = board_memo(g.spec, g.state)
        hits += bool(memo)
        kept = Ctx(g.spec, g.rules, g.state, None, read_only=True)
        kept.memo, kept.board = {}, memo
        fresh = Ctx(g.spec, g.rules, g.state, None, read_only=True)  # no memo: from scratch
        assert _answers(kept) == _answers(fresh), f"entry {len(g.log)}"
        checked += 1
        submit(g, rng.choice(cmds), rng)
    assert hits > checked // 4  # the memo was really in use (filled by the lists)
    return checked


def _plain(g: Game, cmd: dict, rng: random.Random) -> None:
    g.submit(cmd)


@pytest.mark.parametrize("scenario,seed", [("rohan", 0), ("rohan", 18), ("gondor", 2), ("gondor", 5)])
def test_the_board_memo_answers_as_from_scratch(scenario, seed):
    g = Game.new(spec_for(scenario), seed=seed)
    assert _check_game(g, _plain, random.Random(seed), 3000) > 300


@pytest.mark.parametrize("physical", [False, True])
def test_the_board_memo_in_companion_games(physical):
    """The companion mode's own paths (outcomes entered by the players, hands of unknown cards)
    and its corrections of the board (`adjust_*`, which make new regions like any command)."""
    from test_companion import companion_game, submit_asking

    adjusted = []

    def submit(g: Game, cmd: dict, rng: random.Random) -> None:
        submit_asking(g, cmd, rng)
        if len(g.log) % 37 == 0 and g.state["battle"] is None:  # a correction now and then: a unit added
            r = next(r for r, reg in g.state["regions"].items() if reg["side"])
            reg = g.state["regions"][r]
            unit = next(iter(reg["units"]))
            g.submit(
                {"cmd": "adjust_units", "side": "players", "region": r, "owner": reg["side"], "unit": unit, "n": 1}
            )
            adjusted.append(r)

    g = companion_game(seed=3, physical=physical)
    assert _check_game(g, submit, random.Random(3), 400) > 100
    assert adjusted


def test_a_memo_is_kept_for_its_own_board_only():
    """A later state with other regions gets a memo of its own; the same regions and characters
    in another state (a decision that moved nothing) share one."""
    g = Game.new(spec_for("rohan"), seed=1)
    rng = random.Random(1)
    same = other = 0
    for _ in range(200):
        before = g.state
        g.legal_commands()
        memo = board_memo(g.spec, before)
        g.submit(rng.choice(g.legal_commands()))
        after = g.state
        if after["regions"] is before["regions"] and after["chars"] is before["chars"]:
            assert board_memo(g.spec, after) is memo
            same += 1
        else:
            assert board_memo(g.spec, after) is not memo
            other += 1
    assert same and other
