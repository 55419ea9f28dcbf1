"""The siege on the board: the Gondor-only pieces and markers, drawn from the view's state.

The Battle for Gondor keeps its own state in ``view["flags"]["gondor"]`` (the contract in
docs/ui.md): the protection values of Minas Tirith and Cair Andros, the catapults and siege
towers standing in regions, and the regions still under the Darkness. :func:`siege_state` is the
one accessor: it returns ``None`` for a view without those keys (the Battle for Rohan), and then
nothing here draws anything, adds a tooltip or a line.

    siege_view.draw(surface, board_view, theme, view)        # BoardView._draw_pieces, under the armies
    siege_view.draw_over(surface, board_view, theme, view)   # ... and after them
    siege_view.region_lines(board_view, rid)             # extra tooltip lines for a region

What is drawn:
- the Darkness: a dark veil over every region it still covers, its edge marked, the region's
  name kept readable on top; a region out of the list shows the bare board again (it lifted);
- the protection values: a marker on the space of each stronghold's track
  (``protection.<region>.<value>`` slots), and a shield with the value beside the stronghold on
  the map; at 0 the shield becomes a ruined castle (breached);
- catapults and siege towers: Shadow pieces at the region's ``siege`` anchor.
"""

from __future__ import annotations

import pygame

from . import resources as res
from . import theme as T
from .i18n import _, ngettext
from .logtext import region_name
from .pieces import draw_badge, draw_token
from .widgets import Tip

DARK_VEIL = (22, 14, 34)
DARK_EDGE = (50, 30, 70)
BREACH = (150, 34, 26)
# siege engines: the Shadow's, in timber (told apart from the armies' red hexagons)
ENGINE_WOOD = (204, 160, 98)
ENGINE_RIM = (110, 24, 20)
ENGINE_INK = (44, 26, 14)


def siege_state(view) -> dict | None:
    """The Gondor siege keys of a view, or None (a view without them: Rohan)."""
    if not view:
        return None
    g = (view.get("flags") or {}).get("gondor")
    return g if isinstance(g, dict) else None


def _last_view(bv):
    cached = getattr(bv, "_frame_cache", None)
    return cached[1] if cached else None


def lift_spaces(spec) -> str:
    """The fate spaces that lift the Darkness (the scenario's rules_data), as words: "4, 8 and 12"."""
    from .logtext import join_and

    try:
        spaces = sorted(int(k) for k in (spec.rules_data.get("darkness") or {}).get("lift_at", {}))
    except (AttributeError, TypeError, ValueError):
        spaces = []
    return join_and(str(n) for n in spaces) if spaces else "?"


def darkness(g) -> list[str]:
    return [r for r in (g.get("darkness") or []) if isinstance(r, str)]


# ---------------------------------------------------------------------------------- drawing


def draw(surface, bv, theme, view) -> None:
    """What the siege adds under the armies: the Darkness, the protection tracks' markers
    (nothing for Rohan)."""
    g = siege_state(view)
    if g is None:
        return
    _draw_darkness(surface, bv, theme, g)
    _draw_protection(surface, bv, theme, g, on_map=False)


def draw_over(surface, bv, theme, view) -> None:
    """What the siege adds once the armies stand: catapults and towers beside them, the walls'
    value beside the strongholds' names (nothing for Rohan)."""
    g = siege_state(view)
    if g is None:
        return
    _draw_engines(surface, bv, theme, g)
    _draw_protection(surface, bv, theme, g, on_map=True)


def _draw_darkness(surface, bv, theme, g) -> None:
    dark = [r for r in darkness(g) if r in bv.layout.polygons]
    if not dark:
        return
    cam = bv.camera
    for rid in dark:
        bv._fill_poly(surface, rid, DARK_VEIL, 118)
    # the edge of the Darkness: the borders between a dark region and a clear one
    inside = set(dark)
    wd = max(2, int(7 * cam.scale))
    for bl in bv.layout.borders:
        if (bl.a in inside) != (bl.b in inside):
            pts = [cam.to_screen(x, y) for x, y in bl.points]
            if len(pts) >= 2:
                pygame.draw.lines(surface, DARK_EDGE, False, pts, wd)
    # names stay readable over the veil: the same lines and size as the board's own plates
    # (BoardView._draw_labels), so a translated name is one plate, split as the board splits it
    from .i18n_content import is_translated

    size = bv._label_size(theme)
    if is_translated(bv.spec) and bv.layout.art is not None:
        size = max(size, int(26 * cam.scale))
    f = res.font("serif_bold", size)
    for rid in dark:
        plate = bv.label_plate(surface, theme, rid, f, size, (214, 206, 218), DARK_EDGE)
        bv._add_tip(plate, darkness_tip(bv, rid))


def _marker(surface, rect, icon, fill, rim, ink):

    draw_token(surface, rect, None, icon, shape="circle", fill=fill, rim=rim, ink=ink)


def _draw_protection(surface, bv, theme, g, on_map: bool) -> None:
    prot = g.get("protection") or {}
    start = g.get("protection_start") or {}
    for rid, value in sorted(prot.items()):
        if not isinstance(value, int) or rid not in bv.layout.polygons:
            continue
        breached = value <= 0
        icon = "castle-ruins" if breached else ("white-tower" if rid == "minas_tirith" else "castle")
        fp = T.side_style("fp")
        fill, rim, ink = (BREACH, (60, 10, 6), (255, 240, 230)) if breached else (fp.fill, fp.rim, fp.ink)
        tip = protection_tip(bv, rid, value, start.get(rid))
        if breached and not on_map:
            # the walls are down: the stronghold's outline in broken red
            _broken_outline(surface, bv, rid)
        # on the track
        slot = bv._slot_rect(f"protection.{rid}.{max(0, value)}")
        if slot is not None and not on_map:
            m = max(18, int(min(slot.w, slot.h) * 1.05))
            rr = pygame.Rect(0, 0, m, m)
            rr.center = slot.center
            _marker(surface, rr, icon, fill, rim, ink)
            bv.piece_rects[("protection", rid)] = rr
            bv._add_tip(rr, tip)
        if not on_map:
            continue
        # on the map: a tab at one end of the stronghold's name, the end no piece stands on
        lr = bv._label_rect(rid, theme)
        m = max(18, min(lr.h + theme.px(6), int(bv.piece_size() * 0.6)))
        rr = pygame.Rect(0, 0, m, m)
        rr.midleft = (lr.right + 2, lr.centery)
        if _covers_piece(bv, rr):
            rr.midright = (lr.left - 2, lr.centery)
        _marker(surface, rr, icon, fill, rim, ink)
        if not breached:
            draw_badge(
                surface,
                (rr.right, rr.bottom),
                str(value),
                max(12, int(m * 0.55)),
                T.side_style("fp").badge,
                (255, 255, 255),
            )
        bv.piece_rects[("protection_map", rid)] = rr
        bv._add_tip(rr, tip)


def _broken_outline(surface, bv, rid) -> None:
    pts = [bv.camera.to_screen(x, y) for x, y in bv.layout.polygons[rid]]
    wd = max(2, int(6 * bv.camera.scale))
    for i in range(len(pts)):
        if i % 3 != 2:  # gaps in the wall
            pygame.draw.line(surface, BREACH, pts[i], pts[(i + 1) % len(pts)], wd)


def _covers_piece(bv, rect) -> bool:
    return any(rect.colliderect(r) for r in bv.piece_rects.values())


def overlap(a, b) -> int:
    """The area two rectangles share."""
    c = a.clip(b)
    return c.w * c.h


def _inside(bv, rid, rect) -> bool:
    from ..board import geometry as geo

    poly = bv.layout.polygons[rid]
    return all(geo.point_in_polygon(bv.camera.to_world(*p), poly) >= 0 for p in (rect.midleft, rect.midright))


def _engine_spots(bv, theme, rid, n):
    """A row of n engine pieces beside the region's army (left of it, else right, else below),
    or at the region's siege anchor when no army stands there."""
    cam = bv.camera
    m = max(20, int(bv.piece_size() * 0.78))
    gap = max(2, m // 8)
    total = n * m + (n - 1) * gap

    def row(x0, cy):
        return [pygame.Rect(round(x0 + k * (m + gap)), round(cy - m / 2), m, m) for k in range(n)]

    anchors = bv.layout.anchors.get(rid, {})
    sx, sy = cam.to_screen(*(anchors.get("siege") or anchors.get("tokens") or anchors["army"]))
    box = bv._army_box.get(rid)
    if box is not None:
        obstacles = list(bv.piece_rects.values()) + bv._label_rects(theme)
        best, best_area = None, None
        for x0, cy in (
            (sx - total / 2, sy),
            (box.left - gap - total, box.centery),
            (box.right + gap, box.centery),
            (box.centerx - total / 2, box.bottom + gap + m / 2),
            (box.left - gap - total, box.bottom + gap + m / 2),
            (box.right + gap, box.bottom + gap + m / 2),
            (box.left - gap - total, box.top - gap - m / 2),
            (box.right + gap, box.top - gap - m / 2),
        ):
            spots = row(x0, cy)
            whole = spots[0].union(spots[-1])
            if not _inside(bv, rid, whole):
                continue
            area = sum(overlap(whole, r) for r in obstacles)
            if area == 0:
                return spots
            if best_area is None or area < best_area:
                best, best_area = spots, area
        if best is not None:
            return best
    return row(sx - total / 2, sy)


def _draw_engines(surface, bv, theme, g) -> None:
    cats = g.get("catapults") or {}
    towers = g.get("towers") or {}
    for rid in sorted(set(cats) | set(towers)):
        if rid not in bv.layout.polygons:
            continue
        nc = max(0, int(cats.get(rid, 0) or 0))
        nt = max(0, int(towers.get(rid, 0) or 0))
        pieces = ["catapult"] * nc + ["tower"] * nt
        if not pieces:
            continue
        for k, (kind, rect) in enumerate(zip(pieces, _engine_spots(bv, theme, rid, len(pieces)))):
            icon = "catapult" if kind == "catapult" else "siege-tower"
            _marker(surface, rect, icon, ENGINE_WOOD, ENGINE_RIM, ENGINE_INK)
            bv.piece_rects[(kind, rid, k)] = rect
            bv._add_tip(rect, catapult_tip(bv, rid, nc, g) if kind == "catapult" else tower_tip(bv, rid, nt))


# ---------------------------------------------------------------------------------- words


def protection_tip(bv, rid, value, start) -> Tip:
    name = region_name(bv.spec, rid)
    if value <= 0:
        return Tip(
            _("{place}: breached").format(place=name),
            lines=[
                _("Its protection value is used up: from now on hits on its defenders kill as usual."),
            ],
        )
    lines = [
        _("Protection value {n} of {start}.").format(n=value, start=start)
        if isinstance(start, int)
        else _("Protection value {n}.").format(n=value)
    ]
    lines.append(
        _(
            "Hits scored by an attacker from outside the walls wear the value down instead of killing "
            "defenders; the loss is permanent. At 0 the stronghold is breached."
        )
    )
    return Tip(_("{place}: the walls").format(place=name), lines=lines)


def catapult_tip(bv, rid, n, g) -> Tip:
    total = sum(max(0, int(v or 0)) for v in (g.get("catapults") or {}).values())
    lines = [
        ngettext("{n} catapult here.", "{n} catapults here.", n).format(n=n),
        _(
            "Built by the Shadow only in North Pelennor, East Pelennor and the Harlond (not next to the "
            "city), with a Shadow army there, at most two a region. One Army die fires every catapult with "
            "a Shadow army beside it, a die each (at most five): each 5+ lowers Minas Tirith's protection "
            "by one. A Free Peoples army ending a move here with no Shadow army burns them."
        ),
        ngettext("{n} catapult on the board.", "{n} catapults on the board.", total).format(n=total),
    ]
    return Tip(_("Catapult ({place})").format(place=region_name(bv.spec, rid)), lines=lines)


def tower_tip(bv, rid, n) -> Tip:
    lines = [
        ngettext("{n} siege tower here.", "{n} siege towers here.", n).format(n=n),
        _(
            "In the first round this army fights the stronghold next to it, its dice hit on 5+ despite the "
            "walls (the hits still wear the walls first); then the tower is discarded."
        ),
    ]
    return Tip(_("Siege tower ({place})").format(place=region_name(bv.spec, rid)), lines=lines)


def darkness_tip(bv, rid) -> Tip:
    return Tip(
        _("{place}: under the Darkness").format(place=region_name(bv.spec, rid)),
        lines=[
            _(
                "Shadow armies are never stopped here; Free Peoples armies stop on entering; in a battle "
                "here the Free Peoples re-roll one die fewer."
            ),
            _("The Darkness lifts region by region: at fate {spaces}, with the west-wind tiles, by some cards.").format(
                spaces=lift_spaces(bv.spec)
            ),
        ],
    )


def region_lines(bv, rid) -> list[str]:
    """Extra tooltip lines for a region on the Gondor board (none for Rohan)."""
    lines: list[str] = []
    rs = bv.spec.board.regions.get(rid)
    if rs is not None and getattr(rs, "recruitment_area", False):
        lines.append(_("Recruitment area: no stacking limit."))
    g = siege_state(_last_view(bv))
    if g is None:
        return lines
    if rid in darkness(g):
        lines.append(_("Under the Darkness."))
    prot = (g.get("protection") or {}).get(rid)
    if isinstance(prot, int):
        lines.append(
            _("Breached: its protection value is used up.") if prot <= 0 else _("Protection value {n}.").format(n=prot)
        )
    nc = int((g.get("catapults") or {}).get(rid, 0) or 0)
    if nc:
        lines.append(ngettext("{n} catapult.", "{n} catapults.", nc).format(n=nc))
    nt = int((g.get("towers") or {}).get(rid, 0) or 0)
    if nt:
        lines.append(ngettext("{n} siege tower.", "{n} siege towers.", nt).format(n=nt))
    return lines
