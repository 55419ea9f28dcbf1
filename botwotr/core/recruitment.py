"""Recruitment (R-12) and rally (R-13): recruitment tokens, Mordor recruitment, placing units and
rallying damaged armies."""

from __future__ import annotations

from typing import Any, Iterator

from .kernel import ANSWERS, Ctx, command, fail
from .movement import army_regions, arrived, check_excess, is_free
from .spec import other
from .state import army_size, controller, figures_available, has_army, leadership


def tokens_left(s: dict[str, Any], side: str) -> int:
    """Recruitment tokens not yet on the board (R-12.2)."""
    sd = s["sides"][side]
    return len(sd["rpool"]) - int(sd["unknown_out"])


def place_recruitment_token(ctx: Ctx, side: str, region: str) -> bool:
    """R-12.2: a token drawn at random from those left, face down. In the companion mode the
    players draw it unseen at the table, so its type stays unknown ("?") until it is used."""
    if tokens_left(ctx.s, side) <= 0:
        return False
    if ctx.s["options"].get("companion"):
        unit = "?"
    else:
        # The scenario may say which types a region takes (Gondor's national tokens).
        pool = ctx.rules.token_types(ctx.s, side, region, sorted(ctx.s["sides"][side]["rpool"]))
        if not pool:
            return False
        unit = ctx.chance.pick(pool, "recruitment token")
    ctx.emit("RecruitmentTokenPlaced", side=side, region=region, unit=unit)
    return True


# ---------------------------------------------------------------------------------------------
# Recruitment


def recruit_regions(ctx: Ctx, side: str, mode: str, used: list[str]) -> list[str]:
    return list(_recruit_regions(ctx, side, mode, used))


def can_recruit(ctx: Ctx, side: str, mode: str, used: list[str]) -> bool:
    """Whether `recruit_regions` has a region, stopping at the first one."""
    return next(_recruit_regions(ctx, side, mode, used), None) is not None


def _recruit_regions(ctx: Ctx, side: str, mode: str, used: list[str]) -> Iterator[str]:
    s, spec = ctx.s, ctx.spec
    for r, reg in s["regions"].items():
        if r in used or not reg["rtokens"][side]:
            continue
        rs = spec.board.regions[r]
        if mode == "muster" and not ctx.rules.muster_region_ok(s, side, r):
            continue
        if has_army(reg, other(side)) or (rs.settlement and controller(s, spec, r) not in (side, None)):
            continue
        yield r


@command("recruit")
def cmd_recruit(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    p = ctx.asked
    region = cmd.get("region")
    if region not in recruit_regions(ctx, side, p["mode"], p["used"]):
        fail("recruit/bad_region", f"You cannot use a recruitment token in {region!r} now.", "R-12.5")
    ctx.pop()
    if p["left"] > 1:
        ctx.push("recruit", side, left=p["left"] - 1, used=p["used"] + [region], mode=p["mode"])
    use_recruitment_token(ctx, side, region)


def use_recruitment_token(ctx: Ctx, side: str, region: str) -> None:
    """R-12.3: reveal, place a unit of its type (or any type if none is left), discard."""
    reg = ctx.s["regions"][region]
    unit = reg["rtokens"][side][0]  # the first placed: its type was drawn at random
    if unit == "?":  # companion mode: the players turn the token over and say what it is
        pool = sorted(set(ctx.s["sides"][side]["rpool"]))
        # of the types this region takes (Gondor's national tokens: only Rohirrim on the road To
        # Rohan); the table is the authority when the pool kept here has none of them left (an
        # unseen token destroyed before it was turned over, docs/known-gaps.md)
        pool = ctx.rules.token_types(ctx.s, side, region, pool) or pool
        revealed = ctx.chance.pick(pool, "recruitment token")
        ctx.emit("RecruitmentTokenUsed", side=side, region=region, unit=unit, revealed=revealed)
        unit = revealed
    else:
        ctx.emit("RecruitmentTokenUsed", side=side, region=region, unit=unit)
    place_unit(ctx, side, region, unit, "recruited")


def place_unit(ctx: Ctx, side: str, region: str, unit: str, why: str) -> None:
    spec = ctx.spec
    if figures_available(ctx.s, spec, side, unit) > 0:
        ctx.emit("UnitsPlaced", region=region, side=side, units={unit: 1}, why=why)
        check_excess(ctx, side, region)
        return
    choices = [
        u for u, us in sorted(spec.units.items()) if us.side == side and figures_available(ctx.s, spec, side, u) > 0
    ]
    if choices:
        ctx.push("choose_unit", side, region=region, options=choices, why=why)


@command("choose_unit")
def cmd_choose_unit(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.asked
    if cmd.get("unit") not in p["options"]:
        fail("recruit/bad_unit", f"Choose one of: {', '.join(p['options'])}.", "R-12.3")
    ctx.pop()
    ctx.emit("UnitsPlaced", region=p["region"], side=p["side"], units={cmd["unit"]: 1}, why=p["why"])
    check_excess(ctx, p["side"], p["region"])


ANSWERS["recruit"] = ("recruit", "done")
ANSWERS["choose_unit"] = ("choose_unit",)


def mordor_regions(ctx: Ctx, used: list[str]) -> list[str]:
    s, spec = ctx.s, ctx.spec
    orc = [u for u, us in spec.units.items() if us.side == "sh" and "orc" in us.tags]
    if not orc or all(figures_available(s, spec, "sh", u) <= 0 for u in orc):
        return []
    return [
        r
        for r, rs in spec.board.regions.items()
        if rs.orc_area
        and r not in used
        and is_free(s, r, "sh")
        and not (rs.settlement and controller(s, spec, r) == "fp")
    ]


@command("place_orc")
def cmd_place_orc(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.asked
    region = cmd.get("region")
    if region not in mordor_regions(ctx, p["used"]):
        fail("recruit/bad_region", f"An Orc cannot be placed in {region!r}.", "R-12.5")
    ctx.pop()
    if p["left"] > 1 and mordor_regions(ctx, p["used"] + [region]):
        ctx.push("mordor_recruit", "sh", left=p["left"] - 1, used=p["used"] + [region])
    orc = [
        u
        for u, us in sorted(ctx.spec.units.items())
        if us.side == "sh" and "orc" in us.tags and figures_available(ctx.s, ctx.spec, "sh", u) > 0
    ][0]
    ctx.emit("UnitsPlaced", region=region, side="sh", units={orc: 1}, why="Mordor recruitment")
    arrived(ctx, "sh", region)


ANSWERS["mordor_recruit"] = ("place_orc", "done")


# ---------------------------------------------------------------------------------------------
# Rally


def rally_regions(ctx: Ctx, side: str, used: list[str]) -> list[str]:
    return [r for r in army_regions(ctx, side) if r not in used and ctx.s["regions"][r]["damage"] > 0]


@command("rally")
def cmd_rally(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    p = ctx.asked
    region = cmd.get("region")
    if region not in rally_regions(ctx, side, p["used"]):
        fail("rally/bad_army", f"You have no damaged army to rally in {region!r}.", "R-13.1")
    ctx.pop()
    if p["left"] > 1 and rally_regions(ctx, side, p["used"] + [region]):
        ctx.push("rally", side, left=p["left"] - 1, used=p["used"] + [region], bonus=p["bonus"])
    rally_army(ctx, side, region, p["bonus"])


def rally_army(ctx: Ctx, side: str, region: str, bonus: int) -> None:
    """R-13.1: a die per unit, 5+ removes a marker; re-roll failed dice up to the leadership.
    Re-rolling a failure can only help, so every allowed re-roll is made."""
    s, spec = ctx.s, ctx.spec
    reg = s["regions"][region]
    n = army_size(reg)
    first = ctx.chance.dice(n, "rally")
    mod = [min(6, max(1, d + bonus)) for d in first]
    hits = sum(1 for d in mod if d >= 5)
    fails = n - hits
    lead = leadership(s, spec, region)
    need = reg["damage"] - hits
    rer = min(fails, lead) if need > 0 else 0
    second = ctx.chance.dice(rer, "rally re-roll")
    hits2 = sum(1 for d in second if min(6, max(1, d + bonus)) >= 5)
    removed = min(reg["damage"], hits + hits2)
    ctx.emit("RallyRolled", side=side, region=region, dice=first, rerolls=second, bonus=bonus, removed=removed)
    if removed:
        ctx.emit("DamageChanged", region=region, n=-removed, why="rally")


ANSWERS["rally"] = ("rally", "done")


def recruit_figures(ctx: Ctx, side: str, unit: str) -> int:
    """Figures an effect may place: of the named type only (R-5.9: what is available of it), or
    of any type of the side for "any"."""
    spec = ctx.spec
    if unit == "any":
        return sum(figures_available(ctx.s, spec, side, u) for u, us in spec.units.items() if us.side == side)
    return figures_available(ctx.s, spec, side, unit) if unit in spec.units else 0


def place_unit_any(ctx: Ctx, side: str, region: str, unit: str) -> None:
    spec = ctx.spec
    choices = [
        u for u, us in sorted(spec.units.items()) if us.side == side and figures_available(ctx.s, spec, side, u) > 0
    ]
    if choices:
        ctx.push("choose_unit", side, region=region, options=choices, why="card")
