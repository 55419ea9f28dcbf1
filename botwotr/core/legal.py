"""`legal_commands`: every answer to what the game is waiting for.

The UI, the scripted runner, the bots and the tests all take their choices from this list. Each
command listed here is accepted by `decide`; the random-playout test checks that on every step.
Dice with the same face are interchangeable, so only the first die of each face is listed.

Each listed command is its own dict, but the lists and dicts inside it (a path, the units that
move) may be shared with other commands of the same list, and the units and characters of a
moving group with the lists of other states: copy a command before changing it.
`decide` and `Game.submit` never change a command (the log keeps a copy).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterator

import itertools

from .action_checks import TOKEN_CAN, TOKEN_CHECKS, die_action_commands, free_ability_ok
from .battle import available_tactics, combat_cards
from .errors import RuleError
from .kernel import Ctx, board_memo, read_ctx
from .movement import MOVE_MODES, attack_sources, enemy_and_near, movable_armies
from .recruitment import mordor_regions, rally_regions, recruit_regions
from .spec import ScenarioSpec, other
from .state import armies, army_size, chars_in, has_army, unused_dice

if TYPE_CHECKING:
    from .scenario import ScenarioRules


def _subsets(items: list[Any], min_size: int = 0) -> Iterator[list[Any]]:
    for k in range(min_size, len(items) + 1):
        yield from (list(c) for c in itertools.combinations(items, k))


# The groups of an army, kept by what they depend on (its units, leaders, tokens, damage and the
# characters with it): the same army gives the same groups in every state, so a list shares them
# with the lists of other states (legal.py's docstring: copy a command before changing it).
_GROUPS: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
_GROUPS_MAX = 4096


def groups(s: dict[str, Any], spec: ScenarioSpec, side: str, frm: str, ctx: Ctx | None = None) -> list[dict[str, Any]]:
    """Every moving part of an army: units, leaders, characters, damage (R-9.2). With a list's
    context, the characters with the army are read from its board memo."""
    reg = s["regions"][frm]
    present = _chars_at(ctx, frm, side) if ctx is not None and ctx.board is not None else chars_in(s, frm, side, spec)
    key = (tuple(sorted(reg["units"].items())), reg["leaders"], reg["tokens"], reg["damage"], tuple(present))
    hit = _GROUPS.get(key)
    if hit is None:
        if len(_GROUPS) >= _GROUPS_MAX:
            _GROUPS.clear()
        hit = _GROUPS[key] = list(_groups(reg, present))
    return hit


def _chars_at(ctx: Ctx, region: str, side: str) -> list[str]:
    """`state.chars_in(s, region, side, spec)` from the board memo: the characters in play of
    every region and side, found in one walk over the characters (in the state's order)."""
    board = ctx.board
    assert board is not None
    at = board.get("chars_at")
    if at is None:
        at = board["chars_at"] = {}
        chars = ctx.spec.characters
        for c, cs in ctx.s["chars"].items():
            if cs["status"] == "in_play":
                at.setdefault((cs["region"], chars[c].side), []).append(c)
    return list(at.get((region, side), ()))


def _groups(reg: dict[str, Any], present: list[str]) -> Iterator[dict[str, Any]]:
    types = sorted(reg["units"])
    total = army_size(reg)
    for combo in itertools.product(*[range(reg["units"][t] + 1) for t in types]):
        moving = sum(combo)
        if moving == 0:
            continue
        staying = total - moving
        units = {t: n for t, n in zip(types, combo) if n}
        lead_opts = [reg["leaders"]] if staying == 0 else range(reg["leaders"] + 1)
        # Shadow leadership tokens go with their army like leaders.
        tok_opts = [reg["tokens"]] if staying == 0 else range(reg["tokens"] + 1)
        dmin, dmax = max(0, reg["damage"] - staying), min(reg["damage"], moving)
        for leaders in lead_opts:
            for tokens in tok_opts:
                for chars in _subsets(present):
                    for dmg in range(dmin, dmax + 1):
                        g = {"units": units, "leaders": leaders, "characters": chars, "damage": dmg}
                        if reg["tokens"]:
                            g["tokens"] = tokens
                        yield g


# The groups of a list in `_GROUPS` that a move of a mode needing leadership or Orcs may move, by
# the id of that list (kept alive by the entry), the mode's needs and the spec they were read with.
_MOVE_GROUPS: dict[tuple[int, bool, bool], tuple[list[dict[str, Any]], ScenarioSpec, list[dict[str, Any]]]] = {}


def _move_groups(
    spec: ScenarioSpec, gs: list[dict[str, Any]], need_lead: bool, need_orcs: bool
) -> list[dict[str, Any]]:
    key = (id(gs), need_lead, need_orcs)
    hit = _MOVE_GROUPS.get(key)
    if hit is not None and hit[0] is gs and hit[1] is spec:
        return hit[2]
    if len(_MOVE_GROUPS) >= _GROUPS_MAX:
        _MOVE_GROUPS.clear()
    kept = [
        g
        for g in gs
        if (not need_lead or _led(spec, g))
        # a Mordor move moves Orcs (movement.move_army refuses otherwise)
        and (not need_orcs or any("orc" in spec.units[u].tags for u in g["units"]))
    ]
    _MOVE_GROUPS[key] = (gs, spec, kept)
    return kept


def _led(spec: ScenarioSpec, g: dict[str, Any]) -> bool:
    """R-9.2: a leader, a Shadow leadership token or a character rated 1+ moves with the group."""
    return bool(g["leaders"] > 0 or g.get("tokens", 0) > 0) or any(
        spec.characters[c].rating >= 1 for c in g["characters"]
    )


def _paths(ctx: Ctx, side: str, frm: str, max_len: int) -> list[list[str]]:
    """Every path of one or two regions an army of `side` may move along from `frm` (R-9.1),
    read from the list's summary of the other side's armies: a region is free when it holds none
    (`movement.is_free`), and next to one when it is among their neighbours (`enemy_adjacent`)."""
    enemy, near = enemy_and_near(ctx, side)
    nbrs = _sorted_neighbours(ctx.spec)
    must_stop = ctx.rules.must_stop
    out = []
    for n in nbrs[frm]:
        if n in enemy:
            continue
        out.append([n])
        if max_len >= 2 and not must_stop(ctx, side, n, n in near):
            out += [[n, m] for m in nbrs[n] if m != frm and m not in enemy]
    return out


# A spec's board as region -> its neighbours in name order (id of the spec -> the spec, kept
# alive so that the id stays its own, and the neighbours).
_NEIGHBOURS: dict[int, tuple[ScenarioSpec, dict[str, tuple[str, ...]]]] = {}


def _sorted_neighbours(spec: ScenarioSpec) -> dict[str, tuple[str, ...]]:
    hit = _NEIGHBOURS.get(id(spec))
    if hit is None or hit[0] is not spec:
        if len(_NEIGHBOURS) >= 64:
            _NEIGHBOURS.clear()
        board = spec.board
        hit = _NEIGHBOURS[id(spec)] = (spec, {r: tuple(sorted(board.neighbours(r))) for r in board.regions})
    return hit[1]


# A spec's characters of a side with an ability used without a die, in name order (id of the
# spec -> the spec, kept alive so that the id stays its own, and the names by side).
_FREE_ABILITIES: dict[int, tuple[ScenarioSpec, dict[str, list[str]]]] = {}


def _free_abilities(spec: ScenarioSpec, side: str) -> list[str]:
    hit = _FREE_ABILITIES.get(id(spec))
    if hit is None or hit[0] is not spec:
        if len(_FREE_ABILITIES) >= 64:
            _FREE_ABILITIES.clear()
        by_side: dict[str, list[str]] = {}
        for c, cs in sorted(spec.characters.items()):
            if cs.ability and cs.ability_die is None:
                by_side.setdefault(cs.side, []).append(c)
        hit = _FREE_ABILITIES[id(spec)] = (spec, by_side)
    return hit[1].get(side, [])


def _ok(fn: Callable[..., Any], *args: Any) -> bool:
    try:
        fn(*args)
        return True
    except RuleError:
        return False


def legal_commands(spec: ScenarioSpec, rules: ScenarioRules, s: dict[str, Any]) -> list[dict[str, Any]]:
    if s["winner"] or not s["pending"]:
        return []
    p = s["pending"][-1]
    kind = p["kind"]
    side = p["side"]
    ctx = read_ctx(spec, rules, s)  # this context only reads: its queries are kept in its memo for the whole list
    ctx.board = board_memo(spec, s)  # and those of the board for every list of the same board
    out: list[dict[str, Any]] = []

    def add(cmd: str, _side: str | None = None, **kw: Any) -> None:
        out.append({"cmd": cmd, "side": _side or side, **kw})

    if kind == "action":
        seen = set()
        for i, face in enumerate(s["sides"][side]["rolled"]):
            if face not in seen:
                seen.add(face)
                out += die_action_commands(spec, rules, s, side, i, face, ctx=ctx)
        if side == "sh" and s["sides"]["sh"]["box"]:
            out += die_action_commands(spec, rules, s, side, "box", "character", ctx=ctx)
        if unused_dice(s, other(side)) > unused_dice(s, side) and not p.get("placed"):
            add("pass")
            if side == "fp" and s["sides"]["fp"]["action_tokens"] > 0:
                for tok, check in TOKEN_CHECKS.items():
                    can = TOKEN_CAN.get(tok)
                    if can(ctx) if can is not None else _ok(check, ctx):
                        add("pass", token=tok)
        if side == "sh" and s["sides"]["sh"]["aside"] > 0:
            for r in armies(s, "sh"):
                add("place_leadership_token", region=r)
        chars = s["chars"]
        for c in _free_abilities(spec, side):
            # not in play: refused by the check at once (ability/not_in_play), without a refusal made
            if chars[c]["status"] == "in_play" and _ok(free_ability_ok, ctx, side, c):
                add("use_ability", character=c)
    elif kind == "discard":
        for c in sorted(set(s["sides"][side]["hand"])):
            add("discard", card=c)
    elif kind == "choose_position":
        for pos in spec.positions:
            add("choose_position", position=pos)
    elif kind == "place_leadership":
        for r in armies(s, "sh"):
            add("place_leadership_token", region=r)
        if not p["mandatory"]:
            add("done")
    elif kind == "fate_draw":
        add("draw_fate")
    elif kind == "card_draw":
        add("draw_cards")
    elif kind == "fate_decide":
        add("keep_fate")
        add("set_aside_fate")
    elif kind == "move":
        max_len = MOVE_MODES[p["mode"]][0]
        need_lead = MOVE_MODES[p["mode"]][1]
        need_orcs = MOVE_MODES[p["mode"]][2]
        for frm in movable_armies(ctx, side, p["mode"], p["moved"]):
            paths = _paths(ctx, side, frm, max_len)
            if not paths:
                continue
            gs = groups(s, spec, side, frm, ctx)
            if need_lead or need_orcs:
                gs = _move_groups(spec, gs, need_lead, need_orcs)
            # a command a path and group: each group's command made once, copied for each path
            # (a copy and one key set, against two dicts merged: a move list is 120 commands)
            heads = [{"cmd": "move_army", "side": side, "from": frm, "path": None, **g} for g in gs]
            append = out.append
            for path in paths:
                for head in heads:
                    cmd = head.copy()
                    cmd["path"] = path
                    append(cmd)
        if p["optional"] or not out:
            add("done")
    elif kind == "attack":
        mode = p["mode"]
        if mode == "combined":
            targets: dict[str, list[str]] = {}
            for r in armies(s, side):
                for n in spec.board.neighbours(r):
                    if has_army(s["regions"][n], other(side)):
                        targets.setdefault(n, []).append(r)
            for t, srcs in sorted(targets.items()):
                for sub in _subsets(sorted(srcs), 1):
                    add("attack", target=t, armies=sub)
        else:
            enemy = enemy_and_near(ctx, side)[0]
            nbrs = _sorted_neighbours(spec)
            for frm in attack_sources(ctx, side, mode, stay=bool(p.get("stay"))):
                for t in nbrs[frm]:
                    if t in enemy:
                        out.append({"cmd": "attack", "side": side, "from": frm, "target": t})
                gs = None
                for path in [] if p.get("stay") else _paths(ctx, side, frm, 1):
                    to = path[0]
                    tg = [t for t in nbrs[to] if t in enemy]
                    if not tg:
                        continue
                    if gs is None:
                        gs = groups(s, spec, side, frm, ctx)
                    for g in gs:
                        if mode == "character" and not _led(spec, g):
                            continue
                        if mode == "mordor" and not any(
                            "orc" in spec.units[u].tags
                            for u in list(g["units"])
                            + list(s["regions"][to]["units"] if s["regions"][to]["side"] == side else ())
                        ):
                            continue  # the attacking army contains Orcs
                        for t in tg:
                            out.append({"cmd": "attack", "side": side, "from": frm, "to": to, "target": t, **g})
    elif kind == "recruit":
        for r in recruit_regions(ctx, side, p["mode"], p["used"]):
            add("recruit", region=r)
        add("done")
    elif kind == "mordor_recruit":
        for r in mordor_regions(ctx, p["used"]):
            add("place_orc", region=r)
        add("done")
    elif kind == "rally":
        for r in rally_regions(ctx, side, p["used"]):
            add("rally", region=r)
        add("done")
    elif kind == "move_characters":
        by_region: dict[str, list[str]] = {}
        for c, cs in sorted(s["chars"].items()):
            if cs["status"] == "in_play" and spec.characters[c].side == side and c not in p["moved"]:
                by_region.setdefault(cs["region"], []).append(c)
        for r, chars in sorted(by_region.items()):
            for grp in _subsets(chars, 1):
                level = max(spec.characters[c].level for c in grp)
                for path in _char_paths(spec, r, level):  # kept for the board: a copy each
                    add("move_characters", characters=grp, path=list(path))
        add("done")
    elif kind in ("remove_excess", "flee_casualty"):
        answer = "remove_unit" if kind == "remove_excess" else "flee_casualty"
        for u in sorted(s["regions"][p["region"]]["units"]):
            add(answer, unit=u)
    elif kind == "casualties":
        for u in sorted(s["regions"][p["region"]]["units"]):
            add("casualty", unit=u)
        if not p["mandatory"]:
            add("done")
    elif kind in OPTION_ANSWERS:
        answer, key, can_stop = OPTION_ANSWERS[kind]
        for o in p["options"]:
            add(answer, **{key: o})
        if can_stop:
            add("done")
    elif kind == "tactic":
        for sd in p["sides"]:
            for t in available_tactics(ctx, s["battle"], sd):
                add("tactic", _side=sd, tactic=t)
    elif kind == "combat_card":
        for sd in p["sides"]:
            for c in sorted(set(combat_cards(ctx, sd))):
                add("combat_card", _side=sd, card=c)
            add("combat_card", _side=sd, card=None)
    elif kind == "roll_dice":
        for sd in p["sides"]:
            add("roll_dice", _side=sd)
    elif kind == "combat_roll":
        for sd in p["sides"]:
            add("roll_combat", _side=sd)
    elif kind == "reroll":
        rolled = len(s["battle"]["rolls"][side]["dice"])
        for k in range(0, min(p["max"], rolled) + 1):
            for picked in itertools.combinations(range(rolled), k):
                add("reroll", dice=list(picked))
    elif kind == "cease":
        add("cease")
        add("fight_on")
    elif kind == "advance":
        for frm in p["options"]:
            for g in groups(s, spec, side, frm, ctx):
                add("advance", **{"from": frm}, **g)
        add("done")
    return out


# Decisions answered by picking one of `pending["options"]`: kind -> (command, parameter, done?)
OPTION_ANSWERS: dict[str, tuple[str, str, bool]] = {
    "choose_unit": ("choose_unit", "unit", False),
    "choose_die": ("choose_die", "die", False),
    "choose_region": ("choose_region", "region", True),
    "choose_army": ("choose_army", "region", False),
    "withdraw": ("withdraw", "choice", False),
    "retreat_to": ("retreat_to", "region", False),
}


# The characters' paths by spec (id of the spec -> the spec, kept alive so that the id stays its
# own, and the paths by start and level): they depend on the board alone.
_CHAR_PATHS: dict[int, tuple[ScenarioSpec, dict[tuple[str, int], list[list[str]]]]] = {}


def _char_paths(spec: ScenarioSpec, frm: str, level: int) -> list[list[str]]:
    """One shortest path to every region within `level` moves (R-9.7 ignores enemy armies), kept
    for the spec: read them, do not change them."""
    hit = _CHAR_PATHS.get(id(spec))
    if hit is None or hit[0] is not spec:
        if len(_CHAR_PATHS) >= 64:
            _CHAR_PATHS.clear()
        hit = _CHAR_PATHS[id(spec)] = (spec, {})
    kept = hit[1].get((frm, level))
    if kept is None:
        kept = hit[1][frm, level] = _find_char_paths(spec, frm, level)
    return kept


def _find_char_paths(spec: ScenarioSpec, frm: str, level: int) -> list[list[str]]:
    paths: dict[str, list[str]] = {frm: []}
    frontier = [frm]
    for _ in range(level):
        nxt = []
        for r in frontier:
            for n in sorted(spec.board.neighbours(r)):
                if n not in paths:
                    paths[n] = paths[r] + [n]
                    nxt.append(n)
        frontier = nxt
    return [p for r, p in sorted(paths.items()) if p]
