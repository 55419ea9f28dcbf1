"""Control of settlements (R-14.1): taken by an army after each action."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .kernel import Ctx
from .state import controller

if TYPE_CHECKING:
    from .spec import ScenarioSpec

# A spec's settlements in board order with their owners (id of the spec -> the spec, kept alive so
# that the id stays its own, and the settlements).
_SETTLEMENTS: dict[int, tuple[ScenarioSpec, list[tuple[str, str | None]]]] = {}


def _settlements(spec: ScenarioSpec) -> list[tuple[str, str | None]]:
    hit = _SETTLEMENTS.get(id(spec))
    if hit is None or hit[0] is not spec:
        if len(_SETTLEMENTS) >= 64:
            _SETTLEMENTS.clear()
        hit = _SETTLEMENTS[id(spec)] = (spec, [(r, rs.owner) for r, rs in spec.board.regions.items() if rs.settlement])
    return hit[1]


def update_control(ctx: Ctx) -> None:
    s, spec = ctx.s, ctx.spec
    regions = s["regions"]
    for r, owner in _settlements(spec):
        reg = regions[r]
        side = reg["side"]
        # an army is there (any() of the counts, never negative: the same as a size above 0)
        if side is None or side == owner or not any(reg["units"].values()):
            continue
        if controller(s, spec, r) != side and ctx.rules.can_take_control(s, r, side):
            ctx.emit("ControlChanged", region=r, side=side, why="occupied")
