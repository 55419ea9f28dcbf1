"""Adjustments for the companion mode: the players correct the position by hand."""

from __future__ import annotations

from typing import Any

from .kernel import Ctx, command, fail
from .movement import parse_group
from .spec import SIDES, other
from .state import army_size, figures_available, has_army

# ---------------------------------------------------------------------------------------------
# Adjustments for the companion mode: the players correct the position by hand.


def _adj_region(ctx: Ctx, cmd: dict[str, Any], key: str = "region") -> str:
    r = cmd.get(key)
    if not isinstance(r, str) or r not in ctx.s["regions"]:
        fail("adjust/region", f"There is no region called {r!r}.")
    return r


def _adjust(ctx: Ctx, cmd: dict[str, Any], what: str) -> None:
    if ctx.s["battle"] is not None:
        fail("adjust/in_battle", "Finish or cancel the battle before adjusting the board.")
    ctx.emit("Adjustment", what=what, command={k: v for k, v in cmd.items() if k not in ("cmd", "side")})


@command("adjust_units")
def cmd_adjust_units(ctx: Ctx, cmd: dict[str, Any]) -> None:
    """Place (positive) or remove (negative) units of one side in a region."""
    s, spec = ctx.s, ctx.spec
    r = _adj_region(ctx, cmd)
    side = cmd.get("owner")
    unit = cmd.get("unit")
    n = cmd.get("n")
    if (
        side not in SIDES
        or not isinstance(unit, str)
        or unit not in spec.units
        or spec.units[unit].side != side
        or type(n) is not int
        or n == 0
    ):
        fail("adjust/units", "Give 'owner' (fp/sh), a unit type of that side and a non-zero whole 'n'.")
    reg = s["regions"][r]
    if n > 0:
        if reg["side"] not in (None, side) and army_size(reg):
            fail("adjust/enemy_here", "An army of the other side is there; remove it first.", "R-1.3")
        if figures_available(s, spec, side, unit) < n:
            fail(
                "adjust/no_figures", f"Only {figures_available(s, spec, side, unit)} {unit} figures are left.", "R-2.8"
            )
        _adjust(ctx, cmd, "units")
        ctx.emit("UnitsPlaced", region=r, side=side, units={unit: n}, why="adjustment")
    else:
        if reg["side"] != side or reg["units"].get(unit, 0) < -n:
            fail("adjust/not_there", f"There are not {-n} {unit} there.")
        _adjust(ctx, cmd, "units")
        ctx.emit("UnitsRemoved", region=r, side=side, units={unit: -n}, why="adjustment")
        reg = s["regions"][r]  # as the event left it
        if army_size(reg) == 0 and reg["leaders"]:
            ctx.emit("LeadersRemoved", region=r, n=reg["leaders"], why="no units (R-2.2)")


@command("adjust_move")
def cmd_adjust_move(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s = ctx.s
    frm = _adj_region(ctx, cmd, "from")
    to = _adj_region(ctx, cmd, "to")
    reg = s["regions"][frm]
    side = reg["side"]
    if not side:
        fail("adjust/no_army", "There is no army there to move.")
    if has_army(s["regions"][to], other(side)):
        fail("adjust/enemy_here", "An army of the other side is there.", "R-1.3")
    units, leaders, chars, damage = parse_group(ctx, side, frm, cmd)
    _adjust(ctx, cmd, "move")
    ctx.emit(
        "ArmyMoved",
        side=side,
        **{"from": frm},
        path=[to],
        units=units,
        leaders=leaders,
        characters=chars,
        damage=damage,
        why="adjustment",
    )


@command("adjust_damage")
def cmd_adjust_damage(ctx: Ctx, cmd: dict[str, Any]) -> None:
    r = _adj_region(ctx, cmd)
    n = cmd.get("n")
    reg = ctx.s["regions"][r]
    if type(n) is not int or not reg["side"] or not 0 <= reg["damage"] + n <= army_size(reg):
        fail("adjust/damage", "Damage must stay between 0 and the number of units.", "R-11.3")
    _adjust(ctx, cmd, "damage")
    ctx.emit("DamageChanged", region=r, n=n, why="adjustment")


@command("adjust_leaders")
def cmd_adjust_leaders(ctx: Ctx, cmd: dict[str, Any]) -> None:
    r = _adj_region(ctx, cmd)
    n = cmd.get("n")
    reg = ctx.s["regions"][r]
    if type(n) is not int or n == 0 or not has_army(reg, "fp") or reg["leaders"] + n < 0:
        fail("adjust/leaders", "Leaders stand only with a Free Peoples army, and never fewer than 0.", "R-2.2")
    supply = ctx.spec.leaders.get("fp", 0)
    left = supply - sum(rg["leaders"] for rg in ctx.s["regions"].values())
    if n > left:
        fail(
            "adjust/no_figures",
            f"Only {left} of the {supply} leader figures {'is' if left == 1 else 'are'} left to place.",
            "R-2.2",
        )
    _adjust(ctx, cmd, "leaders")
    if n > 0:
        ctx.emit("LeadersPlaced", region=r, n=n, why="adjustment")
    else:
        ctx.emit("LeadersRemoved", region=r, n=-n, why="adjustment")


@command("adjust_character")
def cmd_adjust_character(ctx: Ctx, cmd: dict[str, Any]) -> None:
    c = cmd.get("char")
    status = cmd.get("status")
    if c not in ctx.spec.characters or status not in ("pool", "ready", "in_play", "eliminated"):
        fail("adjust/character", "Give a character and a status (pool, ready, in_play, eliminated).")
    data = {}
    if status == "in_play":
        data["region"] = _adj_region(ctx, cmd)
    _adjust(ctx, cmd, "character")
    ctx.emit("CharacterStatus", char=c, status=status, why="adjustment", **data)


@command("adjust_control")
def cmd_adjust_control(ctx: Ctx, cmd: dict[str, Any]) -> None:
    r = _adj_region(ctx, cmd)
    side = cmd.get("owner")
    if side not in (None, "fp", "sh") or not ctx.spec.board.regions[r].settlement:
        fail("adjust/control", "Control markers go on settlements; 'owner' is fp, sh or null.", "R-14.1")
    _adjust(ctx, cmd, "control")
    ctx.emit("ControlChanged", region=r, side=side, why="adjustment")


@command("adjust_fate")
def cmd_adjust_fate(ctx: Ctx, cmd: dict[str, Any]) -> None:
    to = cmd.get("to")
    if type(to) is not int or not 0 <= to < ctx.spec.endgame:
        fail("adjust/fate", f"The fate marker goes on a space from 0 to {ctx.spec.endgame - 1}.", "R-7.1")
    _adjust(ctx, cmd, "fate")
    ctx.emit("FateMarkerMoved", **{"from": ctx.s["fate"]}, to=to, why="adjustment")


@command("adjust_dice")
def cmd_adjust_dice(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd.get("owner")
    n = cmd.get("n")
    if side not in SIDES or type(n) is not int or n == 0:
        fail("adjust/dice", "Give 'owner' (fp/sh) and a non-zero whole 'n'.", "R-8.2")
    base = ctx.spec.dice[side]
    bonus = ctx.s["sides"][side]["dice_bonus"] + n
    if (n > 0 and base + bonus > 2 * base) or (n < 0 and base + bonus < 1):
        fail(
            "adjust/dice",
            f"{'The Free Peoples start' if side == 'fp' else 'The Shadow starts'} with {base} dice; "
            f"an adjustment keeps them between 1 and {2 * base} (now {base + bonus - n}).",
            "R-8.2",
        )
    _adjust(ctx, cmd, "dice")
    ctx.emit("DiceBonusChanged", side=side, n=n, why="adjustment")


@command("adjust_card")
def cmd_adjust_card(ctx: Ctx, cmd: dict[str, Any]) -> None:
    """Move a card between a deck, a hand and the discards."""
    spec = ctx.spec
    card = cmd.get("card")
    to = cmd.get("to")
    if not isinstance(card, str) or card not in spec.cards or to not in ("deck", "hand_fp", "hand_sh", "discard"):
        fail("adjust/card", "Give a card and 'to': deck, hand_fp, hand_sh or discard.", "R-5.1")
    _adjust(ctx, cmd, "card")
    ctx.emit("CardMovedByPlayers", card=card, to=to, deck=spec.cards[card].deck)
