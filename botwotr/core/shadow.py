"""The Shadow Box and Shadow leadership (R-6): the commander-in-chief's position and the
leadership tokens placed on Shadow armies."""

from __future__ import annotations

from typing import Any

from .kernel import ANSWERS, Ctx, command, fail
from .state import armies, has_army


def ask_leadership_tokens(ctx: Ctx, mandatory: bool, n: int | None = None) -> None:
    """R-6.3 / R-6.4: tokens go on Shadow armies; with no army they are lost. `n` tokens just
    taken must be placed at once (R-6.3, a card's "place them at once"); tokens the Shadow
    already kept aside from Character dice stay aside, to be placed later (R-6.4)."""
    if not armies(ctx.s, "sh"):
        if mandatory:
            ctx.emit("LeadershipTokensLost", n=ctx.s["sides"]["sh"]["aside"] if n is None else n)
        return
    if mandatory and n is not None:
        ctx.push("place_leadership", "sh", mandatory=True, left=n)
    else:
        ctx.push("place_leadership", "sh", mandatory=mandatory)


# ---------------------------------------------------------------------------------------------
# The Shadow Box


@command("choose_position")
def cmd_choose_position(ctx: Ctx, cmd: dict[str, Any]) -> None:
    pos = cmd.get("position")
    if not isinstance(pos, str) or pos not in ctx.spec.positions:
        fail(
            "position/unknown",
            f"{pos!r} is not a position of the commander-in-chief ({', '.join(ctx.spec.positions)}).",
            "R-6.1",
        )
    p = ctx.spec.positions[pos]
    ctx.pop()
    ctx.emit("PositionChosen", position=pos, dice=min(p.dice, ctx.s["sides"]["sh"]["dice"]))


ANSWERS["choose_position"] = ("choose_position",)


@command("place_leadership_token")
def cmd_place_leadership(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s = ctx.s
    region = cmd.get("region")
    if s["sides"]["sh"]["aside"] <= 0:
        fail("leadership/none", "The Shadow has no leadership token to place.", "R-6.4")
    if region not in s["regions"] or not has_army(s["regions"][region], "sh"):
        fail("leadership/not_army", "A Shadow leadership token must be placed on a Shadow army.", "R-6.3")
    ctx.emit("LeadershipTokenPlaced", region=region, n=1)
    top = ctx.asked
    if top["kind"] == "place_leadership" and "left" in top and top["left"] > 1 and s["sides"]["sh"]["aside"] > 0:
        ctx.update(left=top["left"] - 1)
    elif top["kind"] == "place_leadership" and (s["sides"]["sh"]["aside"] == 0 or "left" in top):
        ctx.pop()
    elif top["kind"] == "action" and not top.get("placed"):
        ctx.update(placed=True)  # placed before using a die, so a die must now be used
