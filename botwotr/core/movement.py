"""Movement (R-9): army moves, splitting an army (R-9.2), the paths (R-9.4), the limit of 5 units
(R-9.5), what arriving does (R-12.4, R-14.2), which armies can attack (R-8.8), characters' moves
(R-2.5, R-9.7) and casualties outside battle (R-11.3)."""

from __future__ import annotations

from typing import Any, Iterator

from .kernel import ANSWERS, Ctx, command, decided_board, fail
from .spec import other
from .state import armies, army_size, chars_in, has_army, leadership

MAX_ARMY = 5


def enter_character(ctx: Ctx, c: str, region: str) -> None:
    ctx.emit("CharacterStatus", char=c, status="in_play", region=region, why="entered")


# ---------------------------------------------------------------------------------------------
# Movement

MOVE_MODES = {  # mode -> (max regions, leadership needed, orcs needed)
    "strategic": (1, False, False),
    "fast": (2, True, False),
    "mordor": (1, False, True),
    "token": (1, False, False),
    "card": (1, False, False),
    "card2": (2, False, False),
}


def enemy_adjacent(ctx: Ctx, region: str, side: str) -> bool:
    regs = ctx.s["regions"]
    return any(has_army(regs[n], other(side)) for n in ctx.spec.board.neighbours(region))


def is_free(s: dict[str, Any], region: str, side: str) -> bool:
    """R-1.3: no army unit of the opponent."""
    reg = s["regions"][region]
    return not has_army(reg, other(side))


def army_regions(ctx: Ctx, side: str) -> list[str]:
    """`state.armies` of the context's state, kept in its board memo when it has one (then the
    memo's own list: read it, do not change it)."""
    memo = ctx.board
    if memo is None and ctx.decided:
        memo = decided_board(ctx)
    if memo is None:
        return armies(ctx.s, side)
    hit = memo.get(("armies", side))
    if hit is None:
        # both sides' in one walk over the board (a list asks for its side's and the other's)
        by_side: dict[str, list[str]] = {"fp": [], "sh": []}
        for r, reg in ctx.s["regions"].items():
            owner = reg["side"]
            if owner is not None and any(reg["units"].values()):  # as `state.armies`
                by_side[owner].append(r)
        memo["armies", "fp"], memo["armies", "sh"] = by_side["fp"], by_side["sh"]
        hit = by_side[side]
    return hit


def enemy_and_near(ctx: Ctx, side: str) -> tuple[set[str], set[str]]:
    """The regions of the other side's armies, and the regions next to one of them (kept in the
    board memo when the context has one: read them, do not change them)."""
    memo = ctx.board
    if memo is None and ctx.decided:
        memo = decided_board(ctx)
    key = ("enemy", side)
    if memo is not None and key in memo:
        kept: tuple[set[str], set[str]] = memo[key]
        return kept
    neighbours = ctx.spec.board.neighbours
    enemy = set(army_regions(ctx, other(side)))
    near: set[str] = set()
    for r in enemy:
        near.update(neighbours(r))
    if memo is not None:
        memo[key] = (enemy, near)
    return enemy, near


def movable_armies(ctx: Ctx, side: str, mode: str, moved_to: list[str]) -> Iterator[str]:
    """Regions whose army could make at least one move of this mode."""
    s = ctx.s
    _, need_lead, need_orcs = MOVE_MODES[mode]
    neighbours = ctx.spec.board.neighbours
    # a context with a board memo (a list's) reads the other side's armies from its summary: a
    # region is free (`is_free`) when it is not among them, so an army can move when not all of
    # its neighbours are among them
    enemy = (
        enemy_and_near(ctx, side)[0]
        if ctx.board is not None or ctx.decided and decided_board(ctx) is not None
        else None
    )
    for r in army_regions(ctx, side):
        if r in moved_to:
            continue
        if need_orcs and not has_orcs(ctx, r):
            continue
        if need_lead and not mobile_leadership(ctx, r):
            continue
        if enemy is not None:
            if not enemy.issuperset(neighbours(r)):
                yield r
        elif any(is_free(s, n, side) for n in neighbours(r)):
            yield r


def has_orcs(ctx: Ctx, region: str) -> bool:
    return any("orc" in ctx.spec.units[u].tags for u in ctx.s["regions"][region]["units"])


def parse_group(ctx: Ctx, side: str, frm: str, cmd: dict[str, Any]) -> tuple[dict[str, Any], int, list[str], int]:
    """The moving part of an army: units (default all), leaders, characters, damage (R-9.2)."""
    s, spec = ctx.s, ctx.spec
    reg = s["regions"][frm]
    units = cmd.get("units")
    if units is None:
        units = dict(reg["units"])
    if not isinstance(units, dict) or not all(isinstance(k, str) and type(v) is int for k, v in units.items()):
        fail("move/malformed", "'units' must map unit types to numbers.")
    units = {u: n for u, n in units.items() if n}
    for u, n in units.items():
        if n < 0 or reg["units"].get(u, 0) < n:
            fail("move/not_there", f"There are not {n} {u} in {spec.board.regions[frm].name}.", "R-9.2")
    if not units:
        fail("move/no_units", "At least one unit must move.", "R-9.1")
    moving = sum(units.values())
    staying = army_size(reg) - moving
    leaders = cmd.get("leaders", reg["leaders"] if staying == 0 else 0)
    if type(leaders) is not int or not 0 <= leaders <= reg["leaders"]:
        fail("move/leaders", f"There are {reg['leaders']} leaders here, not {leaders!r}.", "R-9.2")
    if staying == 0 and leaders < reg["leaders"]:
        fail("move/leader_alone", "A leader cannot stay behind without units.", "R-2.2")
    present = chars_in(s, frm, side, spec)
    chars = cmd.get("characters", present if staying == 0 else [])
    if not isinstance(chars, list) or not all(c in present for c in chars) or len(set(chars)) != len(chars):
        fail("move/characters", "Only characters with this army can move with it.", "R-9.2")
    damage = cmd.get("damage")
    if damage is None:
        damage = max(0, reg["damage"] - staying)
    if type(damage) is not int or damage < 0 or damage > reg["damage"]:
        fail("move/damage", f"The army has {reg['damage']} damage markers, not {damage!r} to move.", "R-9.2")
    if damage > moving or reg["damage"] - damage > staying:
        fail("move/damage_split", "Damage must be split so that no part has more markers than units.", "R-9.2")
    return units, leaders, sorted(chars), damage


def check_path(ctx: Ctx, side: str, frm: str, path: Any, max_len: int) -> list[str]:
    s, spec = ctx.s, ctx.spec
    if isinstance(path, str):
        path = [path]
    if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
        fail("move/malformed", "'to' must name a region (or 'path' list the regions in order).")
    if len(path) > max_len:
        fail("move/too_far", f"This move goes at most {max_len} region{'s' if max_len > 1 else ''}.", "R-9.4")
    cur = frm
    for i, r in enumerate(path):
        if r not in spec.board.regions:
            fail("region/unknown", f"There is no region called {r!r}.")
        if r not in spec.board.neighbours(cur):
            a, b = spec.board.regions[cur].name, spec.board.regions[r].name
            fail("move/not_adjacent", f"{b} is not adjacent to {a}.", "R-1.4")
        if not is_free(s, r, side):
            fail("move/not_free", f"{spec.board.regions[r].name} holds an enemy army.", "R-1.3")
        if i < len(path) - 1 and ctx.rules.must_stop(ctx, side, r, enemy_adjacent(ctx, r, side)):
            fail(
                "move/must_stop",
                f"The army must stop in {spec.board.regions[r].name}: it is next to an enemy army.",
                "R-9.4",
            )
        cur = r
    return path


def move_army(ctx: Ctx, side: str, cmd: dict[str, Any], mode: str) -> str:
    s, spec = ctx.s, ctx.spec
    frm = cmd.get("from")
    if not isinstance(frm, str) or frm not in s["regions"] or not has_army(s["regions"][frm], side):
        fail("move/no_army", f"You have no army in {frm!r}.", "R-9.1")
    max_len, need_lead, need_orcs = MOVE_MODES[mode]
    path = check_path(ctx, side, frm, cmd.get("path", cmd.get("to")), max_len)
    units, leaders, chars, damage = parse_group(ctx, side, frm, cmd)
    tokens = moving_tokens(ctx, frm, cmd, units)
    if need_orcs and not any("orc" in spec.units[u].tags for u in units):
        fail("move/no_orcs", "This move needs an army with Orcs.", "R-8.6")
    if need_lead and leaders == 0 and tokens == 0 and not any(spec.characters[c].rating >= 1 for c in chars):
        fail(
            "move/no_leader",
            "With a Character die a leader (or a Shadow leadership token) or a character with leadership must move with the army.",
            "R-9.2",
        )
    do_move(ctx, side, frm, path, units, leaders, chars, damage, tokens)
    return path[-1]


def moving_tokens(ctx: Ctx, frm: str, cmd: dict[str, Any], units: dict[str, Any]) -> int:
    """R-6.5: a placed Shadow leadership token is a leader of its army until the end of the turn:
    it goes with the army when all of it moves; when the army splits, `tokens` says how many go
    with the moving part (none unless given), like leaders (R-9.2)."""
    reg = ctx.s["regions"][frm]
    staying = army_size(reg) - sum(units.values())
    t = cmd.get("tokens", reg["tokens"] if staying == 0 else 0)
    if type(t) is not int or not 0 <= t <= reg["tokens"]:
        fail("move/tokens", f"There are {reg['tokens']} Shadow leadership tokens here, not {t!r}.", "R-6.5")
    if staying == 0 and t < reg["tokens"]:
        fail("move/token_alone", "A leadership token cannot stay behind without units.", "R-6.5")
    return t


def do_move(
    ctx: Ctx,
    side: str,
    frm: str,
    path: list[str],
    units: dict[str, Any],
    leaders: int,
    chars: list[str],
    damage: int,
    tokens: int = 0,
) -> None:
    extra = {"tokens": tokens} if tokens else {}
    ctx.emit(
        "ArmyMoved",
        side=side,
        **{"from": frm},
        path=path,
        units=units,
        leaders=leaders,
        characters=chars,
        damage=damage,
        **extra,
    )
    arrived(ctx, side, path[-1])


def arrived(ctx: Ctx, side: str, region: str) -> None:
    """What happens when an army ends a move: liberation (R-14.2), enemy recruitment tokens
    destroyed (R-12.4), excess units (R-9.5)."""
    s, spec = ctx.s, ctx.spec
    rs = spec.board.regions[region]
    reg = s["regions"][region]
    if rs.settlement and rs.owner == side and reg["control"] and reg["control"] != side:
        ctx.emit("ControlChanged", region=region, side=None, why="liberated")
    toks = s["regions"][region]["rtokens"][other(side)]
    if toks:
        ctx.emit("RecruitmentTokensDestroyed", region=region, side=other(side), units=list(toks))
    ctx.rules.after_arrival(ctx, side, region)
    check_excess(ctx, side, region)


def check_excess(ctx: Ctx, side: str, region: str) -> None:
    reg = ctx.s["regions"][region]
    limit = MAX_ARMY if not ctx.spec.board.regions[region].recruitment_area else 10**6
    if reg["side"] == side and army_size(reg) > limit:
        ctx.push("remove_excess", side, region=region, n=army_size(reg) - limit)


@command("move_army")
def cmd_move_army(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.asked
    side = cmd["side"]
    if cmd.get("from") in p["moved"]:
        fail("move/same_army", "Each move of this action must be made by a different army.", "R-8.6")
    ctx.pop()
    depth = len(ctx.s["pending"])
    dest = move_army(ctx, side, cmd, p["mode"])
    if p["left"] > 1:
        ctx.push_below(
            depth, "move", side, mode=p["mode"], left=p["left"] - 1, moved=p["moved"] + [dest], optional=p["optional"]
        )


ANSWERS["move"] = ("move_army", "done")


@command("remove_unit")
def cmd_remove_unit(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.asked
    region = p["region"]
    unit = cmd.get("unit")
    reg = ctx.s["regions"][region]
    if reg["units"].get(unit, 0) < 1:
        fail("remove/not_there", f"There is no {unit!r} in this army.", "R-9.5")
    ctx.emit("UnitsRemoved", region=region, side=p["side"], units={unit: 1}, why="over the limit of 5")
    if p["n"] <= 1:
        ctx.pop()
        check_casualties(ctx, region)  # markers may now exceed the units left
    else:
        ctx.update(n=p["n"] - 1)


ANSWERS["remove_excess"] = ("remove_unit",)


# -- attacks: the hand-over to the battle system --------------------------


def attack_sources(ctx: Ctx, side: str, mode: str, stay: bool = False) -> list[str]:
    """The regions of `side`'s armies that can make an attack of this mode: an enemy army is next
    to the army, or (if it may move first) next to a free region the army can move into."""
    memo = ctx.board
    if memo is None and ctx.decided:
        memo = decided_board(ctx)
    key = ("attack_sources", side, mode, stay)
    if memo is not None and key in memo:
        return list(memo[key])
    out = list(_attack_sources(ctx, side, mode, stay))
    if memo is not None:
        memo[key] = list(out)
    return out


def can_attack(ctx: Ctx, side: str, mode: str, stay: bool = False) -> bool:
    """Whether `attack_sources(ctx, side, mode, stay)` has a region, stopping at the first one."""
    memo = ctx.board
    if memo is None and ctx.decided:
        memo = decided_board(ctx)
    if memo is None:
        return next(_attack_sources(ctx, side, mode, stay), None) is not None
    key = ("attack_sources", side, mode, stay)
    if key in memo:
        return bool(memo[key])
    key = ("can_attack", side, mode, stay)
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = next(_attack_sources(ctx, side, mode, stay), None) is not None
    return bool(hit)


def _attack_sources(ctx: Ctx, side: str, mode: str, stay: bool) -> Iterator[str]:
    s, spec = ctx.s, ctx.spec
    neighbours = spec.board.neighbours
    enemy, near = enemy_and_near(ctx, side)
    may_move = not stay and mode != "combined"
    free_near = near - enemy  # the free regions next to an enemy army, where an army may move to attack
    for r in army_regions(ctx, side) if near else ():
        adjacent = r in near
        if not adjacent and not (may_move and not free_near.isdisjoint(neighbours(r))):
            continue
        if mode == "mordor" and not has_orcs(ctx, r):
            continue
        if mode == "character" and leadership(s, spec, r) < 1:
            continue
        # not adjacent: it moves first, which a Character die's attack needs leadership for
        if adjacent or mode != "character" or mobile_leadership(ctx, r):
            yield r


def mobile_leadership(ctx: Ctx, region: str) -> bool:
    """R-9.2: leadership that can move with an army (a leader, a Shadow leadership token, which
    is a leader of its army until the end of the turn, R-6.5, or a character rated 1+)."""
    reg = ctx.s["regions"][region]
    if reg["leaders"] > 0 or reg["tokens"] > 0:
        return True
    side = reg["side"]
    memo = ctx.board
    if memo is None and ctx.decided:
        memo = decided_board(ctx)
    if memo is None or side is None:
        return any(ctx.spec.characters[c].rating >= 1 for c in chars_in(ctx.s, region, side, ctx.spec))
    key = ("led_regions", side)
    led = memo.get(key)
    if led is None:  # the regions of `side`'s in-play characters rated 1+, once for the memo
        chars = ctx.spec.characters
        led = memo[key] = {
            cs["region"]
            for c, cs in ctx.s["chars"].items()
            if cs["status"] == "in_play" and chars[c].side == side and chars[c].rating >= 1
        }
    return region in led


# ---------------------------------------------------------------------------------------------
# Characters


def movable_character_regions(ctx: Ctx, side: str, moved: list[str]) -> list[str]:
    """The regions of `side`'s characters in play that can move, but those in `moved` (with a
    board memo and nobody moved yet, worked out once for the board)."""
    board = ctx.board
    if board is None and ctx.decided:
        board = decided_board(ctx)
    if board is None or moved:
        return _movable_character_regions(ctx, side, moved)
    key = ("char_regions", side)
    hit = board.get(key)
    if hit is None:
        hit = board[key] = _movable_character_regions(ctx, side, [])
    return list(hit)


def _movable_character_regions(ctx: Ctx, side: str, moved: list[str]) -> list[str]:
    s, spec = ctx.s, ctx.spec
    out = set()
    for c, cs in s["chars"].items():
        if (
            cs["status"] == "in_play"
            and spec.characters[c].side == side
            and c not in moved
            and spec.characters[c].level > 0
            and spec.board.neighbours(cs["region"])
        ):
            out.add(cs["region"])
    return sorted(out)


@command("move_characters")
def cmd_move_characters(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s, spec = ctx.s, ctx.spec
    side = cmd["side"]
    p = ctx.asked
    chars = cmd.get("characters")
    if (
        not isinstance(chars, list)
        or not chars
        or not all(type(c) is str for c in chars)
        or len(set(chars)) != len(chars)
    ):
        fail("characters/malformed", "'characters' must list the characters that move.", "R-9.7")
    regions = set()
    for c in chars:
        if c not in spec.characters or spec.characters[c].side != side or s["chars"][c]["status"] != "in_play":
            fail("characters/unknown", f"{c!r} is not one of your characters in play.", "R-9.7")
        if c in p["moved"]:
            fail("characters/moved", f"{spec.characters[c].name} has already moved.", "R-9.7")
        regions.add(s["chars"][c]["region"])
    if len(regions) != 1:
        fail("characters/not_group", "Characters move as a group only from the same region.", "R-9.7")
    level = max(spec.characters[c].level for c in chars)
    path = cmd.get("path", cmd.get("to"))
    if isinstance(path, str):
        path = [path]
    if not isinstance(path, list) or not path:
        fail("characters/malformed", "'path' must list the regions in order.", "R-9.7")
    if len(path) > level:
        fail("characters/too_far", f"These characters move at most {level} regions.", "R-9.7")
    cur = regions.pop()
    frm = cur
    for r in path:
        if type(r) is not str or r not in spec.board.neighbours(cur):  # (a list cannot be looked up)
            fail("move/not_adjacent", f"{r!r} is not adjacent to {cur!r}.", "R-1.4")
        cur = r
    ctx.emit("CharactersMoved", side=side, chars=sorted(chars), **{"from": frm}, path=path)
    moved = p["moved"] + sorted(chars)
    ctx.pop()
    groups = p["groups"]
    if groups is not None:
        groups -= 1
    if (groups is None or groups > 0) and movable_character_regions(ctx, side, moved):
        ctx.push("move_characters", side, moved=moved, groups=groups)


ANSWERS["move_characters"] = ("move_characters", "done")


def check_casualties(ctx: Ctx, region: str) -> None:
    """R-11.3 outside battle: while markers exceed units the owner removes units. Asked once: a
    removal of units over 5 asked above an army's casualties (R-9.5, a retreat into a friendly
    army) leaves that decision to be answered, not a second one under it."""
    reg = ctx.s["regions"][region]
    if reg["side"] and reg["damage"] > army_size(reg):
        for p in ctx.s["pending"]:
            if p["kind"] == "casualties" and p.get("region") == region and p.get("side") == reg["side"]:
                return
        ctx.push("casualties", reg["side"], region=region, mandatory=True)
