"""Fate (R-7): drawing fate tiles, keeping or setting them aside, applying them, and the fate
marker's move with what its spaces bring (R-7.5, R-7.6)."""

from __future__ import annotations

from typing import Any

from .kernel import ANSWERS, Ctx, command, run_effects

# ---------------------------------------------------------------------------------------------
# Fate


@command("draw_fate")
def cmd_draw_fate(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.pop()
    draw_fate_tile(ctx, p["left"])


def draw_fate_tile(ctx: Ctx, left: int) -> None:
    s, spec = ctx.s, ctx.spec
    tile = ctx.chance.pick(sorted(s["fate_pool"]), "fate tile")
    ctx.emit("FateTileDrawn", tile=tile)
    left -= 1
    if spec.fate_tiles[tile].shadow_special or left <= 0 or not s["fate_pool"]:
        apply_fate_tile(ctx, tile)
    else:
        ctx.push("fate_decide", "fp", tile=tile, left=left)


@command("keep_fate")
def cmd_keep_fate(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.pop()
    apply_fate_tile(ctx, p["tile"])


@command("set_aside_fate")
def cmd_set_aside_fate(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.pop()
    ctx.emit("FateTileSetAside", tile=p["tile"])
    draw_fate_tile(ctx, p["left"])


ANSWERS["fate_draw"] = ("draw_fate",)
ANSWERS["fate_decide"] = ("keep_fate", "set_aside_fate")


def apply_fate_tile(ctx: Ctx, tile: str) -> None:
    """R-7.4: advance, apply the icon, discard the tile, return those set aside."""
    t = ctx.spec.fate_tiles[tile]
    ctx.emit("FateTileApplied", tile=tile, value=t.value, icon=t.icon)
    if ctx.s["fate_aside"]:
        ctx.emit("FateTilesReturned", tiles=list(ctx.s["fate_aside"]))
    move_fate(ctx, t.value)
    if t.icon and not ctx.s["winner"]:
        if not ctx.rules.fate_icon(ctx, t.icon):
            run_effects(ctx, "fp", list(ctx.spec.fate_icons.get(t.icon, ())), source=f"fate:{tile}")


def move_fate(ctx: Ctx, steps: int) -> None:
    s, spec = ctx.s, ctx.spec
    old = s["fate"]
    new = min(max(0, old + steps), spec.endgame)
    if new == old:
        return
    reached = s["fate_reached"]
    ctx.emit("FateMarkerMoved", **{"from": old, "to": new})
    if new >= spec.endgame:
        ctx.emit("GameWon", side="fp", reason="The fate marker reached the endgame marker.")
        return
    if new > reached:
        # a space's characters and events come the first time the marker reaches
        # it; moved back (a Shadow card, a position) and on again, it gives them no second time
        # (docs/rulings.md)
        old = max(old, reached)
        for space in range(old + 1, new + 1):
            for c in spec.fate_markers.get(space, ()):
                if s["chars"][c]["status"] == "pool":
                    ctx.emit("CharacterStatus", char=c, status="ready", why=f"fate {space}")
            effs = spec.fate_events.get(space)
            if effs:
                run_effects(ctx, "fp", list(effs), source=f"fate_space:{space}")
        ctx.rules.fate_moved(ctx, old, new)  # what the scenario's rules module does there
