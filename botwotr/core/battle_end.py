"""The end of a battle round and of the battle: casualties (R-11, R-10.5), ceasing or fighting on
(R-10.6a), the defender's withdrawal, retreat or flight (R-10.6b, c; R-10.7), the end of the battle
and the attacker's advance (R-10.8). `battle` runs the round up to the damage and holds the table
of stages; this module holds the stages from the damage on, and the battle's shared helpers."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .kernel import fail
from .movement import arrived, check_casualties, do_move, moving_tokens, parse_group
from .spec import NO_RETREAT_BORDERS, other
from .state import army_size, chars_in, controller, has_army

if TYPE_CHECKING:
    from .kernel import Ctx


def _upd(ctx: Ctx, **changes: Any) -> None:
    ctx.emit("BattleUpdated", changes=changes)


def battle_region(b: dict[str, Any], side: str) -> str:
    region: str = b["current"] if side == b["attacker"] else b["target"]
    return region


def _stage_damage(ctx: Ctx, b: dict[str, Any]) -> None:
    """R-11.1: each hit puts a damage marker on the army hit."""
    s = ctx.s
    for side in (b["attacker"], b["defender"]):
        opp = other(side)
        n = max(0, b["hits"][side] - b.get("absorb", {}).get(opp, 0))
        n = ctx.rules.take_hits(ctx, b, opp, n)  # a scenario's walls may take some (Gondor)
        if n:
            ctx.emit("DamageChanged", region=battle_region(b, opp), n=n, why="battle")
    _upd(ctx, stage="after_casualties")
    for side in (b["defender"], b["attacker"]):
        reg = s["regions"][battle_region(b, side)]
        if reg["side"] == side and reg["damage"] > 0:
            ctx.push("casualties", side, region=battle_region(b, side), mandatory=reg["damage"] > army_size(reg))


def cmd_casualty(ctx: Ctx, cmd: dict[str, Any]) -> None:
    """R-11.2 / R-11.3: remove one unit and two markers (or the last one)."""
    side = cmd["side"]
    p = ctx.asked
    region = p["region"]
    reg = ctx.s["regions"][region]
    unit = cmd.get("unit")
    if reg["units"].get(unit, 0) < 1:
        fail("casualty/not_there", f"There is no {unit!r} in this army.", "R-11.2")
    if reg["damage"] <= 0:
        fail("casualty/no_damage", "The army has no damage marker to remove.", "R-11.2")
    ctx.emit("UnitsRemoved", region=region, side=side, units={unit: 1}, why="casualty")
    reg = ctx.s["regions"][region]  # as the event left it
    removed = min(2, reg["damage"]) if army_size(reg) else reg["damage"]
    if removed:
        ctx.emit("DamageChanged", region=region, n=-removed, why="casualty")
    ctx.pop()
    reg = ctx.s["regions"][region]
    if army_size(reg) == 0:
        army_destroyed(ctx, region, side)
        return
    if reg["damage"] > 0:
        ctx.push("casualties", side, region=region, mandatory=reg["damage"] > army_size(reg))


def army_destroyed(ctx: Ctx, region: str, side: str) -> None:
    """R-11.5: leaders and characters with a destroyed army are eliminated."""
    s = ctx.s
    reg = s["regions"][region]
    if reg["leaders"]:
        ctx.emit("LeadersRemoved", region=region, n=reg["leaders"], why="army destroyed")
    for c in chars_in(s, region, side, ctx.spec):
        ctx.emit("CharacterStatus", char=c, status="eliminated", why="army destroyed")
    reg = s["regions"][region]  # as the events left it
    if reg["damage"]:
        ctx.emit("DamageChanged", region=region, n=-reg["damage"], why="army destroyed")
    ctx.emit("ArmyDestroyed", region=region, side=side)


def _stage_after_casualties(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.s
    atk_alive = has_army(s["regions"][b["current"]], b["attacker"])
    def_alive = has_army(s["regions"][b["target"]], b["defender"])
    if not def_alive:
        end_battle(ctx, "attacker_won" if atk_alive else "both_destroyed")
        return
    if not atk_alive:
        others = [r for r in b["armies"] if r != b["current"] and has_army(s["regions"][r], b["attacker"])]
        if not others:
            end_battle(ctx, "defender_won")
            return
    _upd(ctx, stage="cease")
    ctx.push("cease", b["attacker"])


def cmd_cease(ctx: Ctx, cmd: dict[str, Any]) -> None:
    ctx.pop()
    end_battle(ctx, "ceased")


def cmd_fight_on(ctx: Ctx, cmd: dict[str, Any]) -> None:
    ctx.pop()
    b = ctx.s["battle"]
    _upd(ctx, stage="withdraw")
    opts = ["stay"]
    dest = retreat_options(ctx, b)
    if dest is not None and b["choice"][b["defender"]] == "regroup":
        opts.append("retreat")
    if dest is not None:
        opts.append("flee")
    if len(opts) > 1:
        ctx.push("withdraw", b["defender"], options=opts)


def retreat_options(ctx: Ctx, b: dict[str, Any]) -> tuple[list[str], list[str]] | None:
    """R-10.7: (regions the defender may choose, regions the attacker picks with +1 damage);
    None when no adjacent region is free."""
    s, spec = ctx.s, ctx.spec
    enemy = b["attacker"]
    good, free = [], []
    for n, border in spec.board.neighbours(b["target"]).items():
        reg = s["regions"][n]
        if has_army(reg, enemy):
            continue
        free.append(n)
        rs = spec.board.regions[n]
        if rs.settlement and controller(s, spec, n) == enemy:
            continue
        if rs.terrain == "stronghold" and controller(s, spec, n) == enemy:
            continue
        if any(has_army(s["regions"][m], enemy) for m in spec.board.neighbours(n)):
            continue
        if border in NO_RETREAT_BORDERS:
            continue
        good.append(n)
    if not free:
        return None
    return (sorted(good), sorted(free))


def cmd_withdraw(ctx: Ctx, cmd: dict[str, Any]) -> None:
    b = ctx.s["battle"]
    p = ctx.asked
    choice = cmd.get("choice")
    if choice not in p["options"]:
        fail("battle/bad_withdraw", f"Choose one of: {', '.join(p['options'])}.", "R-10.6")
    ctx.pop()
    if choice == "stay":
        _upd(ctx, stage="round_end")
        return
    if choice == "flee":
        ctx.emit("Fled", side=b["defender"], region=b["target"])
        _upd(ctx, stage="retreat", fleeing=True)
        flee_casualties(ctx, b)
    else:
        _upd(ctx, stage="retreat", fleeing=False)


def flee_casualties(ctx: Ctx, b: dict[str, Any]) -> None:
    """R-10.6c: remove a unit and two markers at a time until 0 or 1 marker is left."""
    reg = ctx.s["regions"][b["target"]]
    if reg["damage"] >= 2 and army_size(reg) > 0:
        ctx.push("flee_casualty", b["defender"], region=b["target"])


def cmd_flee_casualty(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.asked
    region = p["region"]
    reg = ctx.s["regions"][region]
    unit = cmd.get("unit")
    if reg["units"].get(unit, 0) < 1:
        fail("casualty/not_there", f"There is no {unit!r} in this army.", "R-10.6")
    ctx.pop()
    ctx.emit("UnitsRemoved", region=region, side=p["side"], units={unit: 1}, why="fled")
    ctx.emit("DamageChanged", region=region, n=-min(2, ctx.s["regions"][region]["damage"]), why="fled")
    if army_size(ctx.s["regions"][region]) == 0:
        army_destroyed(ctx, region, p["side"])
        return
    flee_casualties(ctx, ctx.s["battle"])


def _stage_retreat(ctx: Ctx, b: dict[str, Any]) -> None:
    s = ctx.s
    if not has_army(s["regions"][b["target"]], b["defender"]):
        end_battle(ctx, "fled_destroyed" if b.get("fleeing") else "defender_destroyed")
        return
    opts = retreat_options(ctx, b)
    if opts is None:
        _upd(ctx, stage="round_end")
        return
    good, free = opts
    _upd(ctx, stage="retreating")
    if good:
        ctx.push("retreat_to", b["defender"], options=good, penalty=False)
    else:
        ctx.push("retreat_to", b["attacker"], options=free, penalty=True)


def cmd_retreat_to(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s = ctx.s
    b = s["battle"]
    p = ctx.asked
    r = cmd.get("region")
    if not isinstance(r, str) or r not in p["options"]:
        fail("battle/bad_retreat", f"Retreat to one of: {', '.join(p['options'])}.", "R-10.7")
    ctx.pop()
    side = b["defender"]
    frm = b["target"]
    reg = s["regions"][frm]
    ctx.emit(
        "ArmyMoved",
        side=side,
        **{"from": frm},
        path=[r],
        units=dict(reg["units"]),
        leaders=reg["leaders"],
        characters=chars_in(s, frm, side, ctx.spec),
        damage=reg["damage"],
        why="retreat",
    )
    if p["penalty"]:
        ctx.emit("DamageChanged", region=r, n=1, why="retreat with no safe region")
    end_battle(ctx, "fled" if b.get("fleeing") else "retreated")
    # Asked before the attacker's advance: units over 5, then markers over units
    # go at once.
    check_casualties(ctx, r)
    arrived(ctx, side, r)


def _stage_retreating(ctx: Ctx, b: dict[str, Any]) -> None:
    # Only reached if the retreat decision vanished, which does not happen; end safely.
    end_battle(ctx, "retreated")


def _stage_round_end(ctx: Ctx, b: dict[str, Any]) -> None:
    """End of round: Regroup returns spent maneuver tokens; round modifiers expire."""
    spent = {k: list(v) for k, v in b["spent"].items()}
    for side in ("fp", "sh"):
        if b["choice"][side] == "regroup":
            spent[side] = []
    _upd(ctx, spent=spent, stage="round")
    if any(m["until"] == "round" for m in ctx.s["mods"]):
        ctx.emit("ModifiersCleared", until="round")


def end_battle(ctx: Ctx, outcome: str) -> None:
    s = ctx.s
    b = s["battle"]
    _upd(ctx, outcome=outcome, stage="advance")
    ctx.emit("BattleEnded", outcome=outcome, attacker=b["attacker"], target=b["target"])
    if any(m["until"] in ("round", "battle") for m in s["mods"]):
        ctx.emit("ModifiersCleared", until="round")
        ctx.emit("ModifiersCleared", until="battle")
    for r in dict.fromkeys(b["armies"] + [b["target"]]):
        # an army that ends a battle where enemy recruitment tokens lie destroys them.
        reg = s["regions"][r]
        if reg["side"] and army_size(reg) and reg["rtokens"][other(reg["side"])]:
            ctx.emit(
                "RecruitmentTokensDestroyed",
                region=r,
                side=other(reg["side"]),
                units=list(reg["rtokens"][other(reg["side"])]),
            )
    freed = not has_army(s["regions"][b["target"]], b["defender"])
    movers = [r for r in b["armies"] if has_army(s["regions"][r], b["attacker"])]
    if b["current"] in movers:
        # the army that fought last advances; another attacking army only if it fell.
        movers = [b["current"]]
    if freed and movers and outcome != "ceased":
        ctx.push("advance", b["attacker"], options=movers)


def _stage_advance(ctx: Ctx, b: dict[str, Any]) -> None:
    ctx.emit("BattleSet", battle=None, why="ended")


def cmd_advance(ctx: Ctx, cmd: dict[str, Any]) -> None:
    """R-10.8: all or part of the attacking army moves into the freed region."""
    s = ctx.s
    b = s["battle"]
    p = ctx.asked
    frm = cmd.get("from", p["options"][0])
    if frm not in p["options"]:
        fail("battle/bad_advance", "Only an attacking army may advance.", "R-10.8")
    side = b["attacker"]
    units, leaders, chars, damage = parse_group(ctx, side, frm, cmd)
    tokens = moving_tokens(ctx, frm, cmd, units)
    ctx.pop()
    do_move(ctx, side, frm, [b["target"]], units, leaders, chars, damage, tokens)
