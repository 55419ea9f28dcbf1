"""Control of settlements (R-14.1): taken by an army after each action."""

from __future__ import annotations

from .kernel import Ctx
from .state import army_size, controller


def update_control(ctx: Ctx) -> None:
    s, spec = ctx.s, ctx.spec
    regions = s["regions"]
    for r, rs in spec.board.regions.items():
        reg = regions[r]
        side = reg["side"]
        if side is None or not rs.settlement or army_size(reg) == 0:
            continue
        if controller(s, spec, r) != side and side != rs.owner and ctx.rules.can_take_control(s, r, side):
            ctx.emit("ControlChanged", region=r, side=side, why="occupied")
