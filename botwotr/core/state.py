"""Game state as plain data.

The state is a tree of dicts, lists, strings, ints, bools and None: it serialises to JSON as it is,
compares with `==`, and is copied with `clone`. It is changed only by `botwotr.core.events.apply`.
The scenario spec is not part of it; every function that needs one receives it.
"""

from __future__ import annotations

import json
from typing import Any

from .spec import SIDES, ScenarioSpec


def clone(obj: Any) -> Any:
    """A deep copy of plain data; several times faster than `copy.deepcopy` (a shallow copy in C,
    then a copy of each dict or list inside it)."""
    t = type(obj)
    if t is dict:
        out = obj.copy()
        for k, v in obj.items():
            tv = type(v)
            if tv is dict or tv is list:
                out[k] = clone(v)
        return out
    if t is list:
        out = obj.copy()
        for i, v in enumerate(obj):
            tv = type(v)
            if tv is dict or tv is list:
                out[i] = clone(v)
        return out
    return obj


def canonical(state: dict[str, Any]) -> str:
    return json.dumps(state, sort_keys=True, separators=(",", ":"))


def empty_region() -> dict[str, Any]:
    return {
        "side": None,  # whose army is here
        "units": {},  # unit type -> count
        "damage": 0,  # damage markers
        "leaders": 0,  # Free Peoples leader figures
        "tokens": 0,  # Shadow leadership tokens placed this turn
        "control": None,  # side holding a control marker here
        "rtokens": {"fp": [], "sh": []},  # face-down recruitment tokens by side
    }


def new_state(spec: ScenarioSpec, seed: int) -> dict[str, Any]:
    """The state before the set-up events (everything empty)."""
    return {
        "scenario": spec.id,
        "seed": seed,
        "rng": 0,
        "turn": 0,
        "phase": "setup",
        "step": 0,
        "active": "fp",
        "in_action": False,
        "winner": None,
        "win_reason": None,
        "fate": 0,
        # the furthest space the fate marker has reached: a space's events and characters happen
        # once, the first time it gets there; an adjustment sets it to the marker
        "fate_reached": 0,
        "regions": {r: empty_region() for r in spec.board.regions},
        "chars": {c: {"status": "pool", "region": None} for c in spec.characters},
        "sides": {
            s: {
                "dice": 0,  # action dice this turn
                "dice_bonus": 0,  # dice gained or lost by effects, from the next turn on
                "rolled": [],  # unused rolled results
                "box": [],  # Shadow Box dice: "position" or "rolled"
                "fate_dice": 0,  # dice placed in the box in the Shadow phase
                "action_tokens": 0,  # Free Peoples action tokens available
                "tokens_lost": 0,  # action tokens discarded for good
                "hand": [],
                "story": [],  # story deck, top first
                "special": [],  # special deck (Shadow), top first
                "rpool": [],  # recruitment tokens not yet on the board
                "unknown_out": 0,  # companion mode: tokens on the board whose type is not known yet
                "aside": 0,  # Shadow leadership tokens kept aside
                "figures_out": {},  # unit type -> figures removed from the game for good
            }
            for s in SIDES
        },
        "position": None,  # the commander-in-chief's position this turn
        "generic": [],  # generic deck, top first
        "discard": [],  # generic discard pile
        "gone": [],  # played story and special cards, out of the game
        "table": [],  # cards in effect on the table
        "fate_pool": [],  # tile ids in the pool; draw order is chance
        "fate_aside": [],  # tiles set aside during the current draw
        "fate_extra": [],  # extra tiles not yet in the pool
        "fate_used": [],  # applied tiles, out of the game
        "pending": [],  # stack of pending decisions, the last is asked first
        "battle": None,  # the battle in progress
        "mods": [],  # active modifiers from cards and abilities this turn
        "flags": {},  # scenario flags (scenario rules module)
        # Start options: companion (players enter dice and draws), physical_cards (hands untracked)
        "options": {},
    }


# -- queries ---------------------------------------------------------------------------------


def army_size(reg: dict[str, Any]) -> int:
    return sum(reg["units"].values())


def has_army(reg: dict[str, Any], side: str) -> bool:
    return reg["side"] == side and army_size(reg) > 0


def armies(state: dict[str, Any], side: str) -> list[str]:
    # any() of the counts, which are never negative: the same as army_size() > 0, without a sum
    return [r for r, reg in state["regions"].items() if reg["side"] == side and any(reg["units"].values())]


def chars_in(state: dict[str, Any], region: str, side: str | None, spec: ScenarioSpec) -> list[str]:
    return [
        c
        for c, cs in state["chars"].items()
        if cs["region"] == region and cs["status"] == "in_play" and (side is None or spec.characters[c].side == side)
    ]


def figures_on_board(state: dict[str, Any], side: str, unit: str) -> int:
    n: int = 0
    for reg in state["regions"].values():  # a loop: a generator costs more over 30 regions
        if reg["side"] == side:
            n += reg["units"].get(unit, 0)
    return n


def figures_available(state: dict[str, Any], spec: ScenarioSpec, side: str, unit: str) -> int:
    """Figures of a type not on the board and not removed for good (R-2.8, R-12.3)."""
    u = spec.units[unit]
    out: int = state["sides"][side]["figures_out"].get(unit, 0)
    return u.figures - figures_on_board(state, side, unit) - out


def controller(state: dict[str, Any], spec: ScenarioSpec, region: str) -> str | None:
    """Who controls a settlement (R-14): the control marker, else the original owner."""
    marker: str | None = state["regions"][region]["control"]
    if marker:
        return marker
    return spec.board.regions[region].owner


def leadership(state: dict[str, Any], spec: ScenarioSpec, region: str) -> int:
    """R-10.5: the commander's rating plus every other leader's and character's modifier,
    plus Shadow leadership tokens."""
    reg = state["regions"][region]
    side = reg["side"]
    if side is None:
        return 0
    figures = [(1, 1)] * reg["leaders"]
    for c in chars_in(state, region, side, spec):
        cs = spec.characters[c]
        figures.append((cs.rating, cs.modifier))
    figures = [f for f in figures if f[0] > 0]
    total = reg["tokens"]
    if figures:
        # The highest rating commands; among equal ratings the lowest modifier, so that the
        # others' modifiers count (the best count, R-10.5).
        figures.sort(key=lambda f: (-f[0], f[1]))
        total += figures[0][0] + sum(m for _, m in figures[1:])
    return int(total)


def unused_dice(s: dict[str, Any], side: str) -> int:
    sd = s["sides"][side]
    return len(sd["rolled"]) + (len(sd["box"]) if side == "sh" else 0)
