"""Author's aid that wrote ``maps/src/gondor.yaml`` (the Battle for Gondor, the board's other face).

The same method as ``bootstrap_rohan.py``: named corner points, each region a cycle of corner
names; every edge between two corners is subdivided and wiggled once, the same points serving
both regions that share it, so the polygons tile the map area. Anchors are placed by
``bootstrap_rohan.place_anchors`` plus a sixth, optional ``siege`` anchor (where catapults and
siege towers stand). The frame's slots are Rohan's (the same physical board) plus the two
protection tracks.

``maps/src/gondor.yaml`` is the source of truth from then on; running this again OVERWRITES it
(``python tools/mapgen/bootstrap_gondor.py --force``), then run
``python tools/make_map.py maps/src/gondor.yaml``.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import bootstrap_rohan as rohan  # noqa: E402
from botwotr.board import geometry as geo  # noqa: E402

BOARD_W, BOARD_H = rohan.BOARD_W, rohan.BOARD_H
OX, OY, AW, AH = rohan.OX, rohan.OY, rohan.AW, rohan.AH

V = {
    # map edge
    "T0": (0, 0), "T1": (240, 0), "T2": (540, 0), "T4": (1470, 0),
    "T5": (1840, 0),
    "R1": (1840, 330), "R2": (1840, 820), "R3": (1840, 1130),
    "B0": (0, 1380), "B1": (400, 1380), "B2": (1080, 1380), "B3": (1470, 1380),
    "B4": (1840, 1380),
    "L1": (0, 320), "L2": (0, 500), "L3": (0, 950), "L4": (0, 1170),
    # Anorien, the Druadan forest, Amon Din, the road to Rohan
    "A1": (255, 190), "A2": (180, 320), "A3": (560, 170), "A4": (480, 290), "A5": (310, 300),
    "K1": (390, 420), "G1": (150, 470),
    # Minas Tirith on its hill, against Mindolluin
    "M1": (430, 470), "M2": (540, 480), "M3": (590, 570), "M4": (585, 690), "M5": (530, 770),
    "M6": (420, 790), "M7": (375, 690), "M8": (395, 570),
    "S1": (220, 930),
    # the Pelennor and the Rammas Echor
    "N0": (510, 420), "N4": (680, 330), "N5": (880, 330),
    "I1": (745, 460), "I3": (860, 450), "I4": (815, 700), "I6": (870, 830),
    "P1": (960, 450), "P2": (985, 620), "P3": (965, 800), "P5": (900, 1060), "P6": (620, 1000),
    # Osgiliath, Cair Andros and the Anduin
    "CTW": (1110, 0), "CTE": (1190, 0), "CAW1": (1055, 150), "CAW2": (1060, 290),
    "CAS": (1150, 370), "CAE2": (1250, 290), "CAE1": (1245, 150),
    "W1": (1180, 430), "Wm": (1200, 580), "W3": (1215, 780), "W3b": (1185, 860),
    "H1": (1130, 930), "H2": (1070, 1030), "H3": (1050, 1180),
    "X1": (380, 1170),
    # Ithilien, the Morgul Vale, the Ephel Duath
    "MR3": (1470, 230), "MR2": (1530, 420), "MR1": (1690, 390),
    "HA1": (1360, 520), "C1": (1420, 660), "V0": (1520, 620), "V1": (1640, 520),
    "MV2": (1720, 770), "MM2": (1790, 880), "V2": (1560, 880), "E2": (1340, 800),
    "C2": (1480, 970), "C3": (1370, 900), "SI1": (1300, 1090), "ED1": (1590, 1190),
}

REGIONS = [
    # id, name, terrain, territory, settlement owner, vp, orc_area, recruitment_area, cycle
    ("to_rohan", "To Rohan", "plains", "Rohan road", None, 0, False, "fp",
     "T0 T1 A1 A2 L1"),
    ("amon_din", "Amon D\u00een", "mountains", "An\u00f3rien", "fp", 1, False, None,
     "T1 T2 A3 A4 A5 A1"),
    ("druadan_forest", "Dr\u00faadan Forest", "forest", "An\u00f3rien", None, 0, False, None,
     "L1 A2 A1 A5 A4 K1 G1 L2"),
    ("anorien", "An\u00f3rien", "plains", "An\u00f3rien", None, 0, False, None,
     "T2 CTW CAW1 CAW2 CAS W1 N5 N4 N0 M1 K1 A4 A3"),
    ("cair_andros", "Cair Andros", "stronghold", "An\u00f3rien", "fp", 2, False, None,
     "CTW CTE CAE1 CAE2 CAS CAW2 CAW1"),
    ("mindolluin", "Mindolluin", "mountains", "White Mountains", None, 0, False, None,
     "L2 G1 K1 M1 M8 M7 M6 S1 L3"),
    ("minas_tirith", "Minas Tirith", "stronghold", "Minas Tirith", "fp", 5, False, None,
     "M1 M2 M3 M4 M5 M6 M7 M8"),
    ("gate_fields", "Gate Fields", "plains", "Pelennor", None, 0, False, None,
     "M1 N0 I1 I4 M4 M3 M2"),
    ("north_pelennor", "North Pelennor", "plains", "Pelennor", None, 0, False, None,
     "N0 N4 N5 P1 I3 I1"),
    ("east_pelennor", "East Pelennor", "plains", "Pelennor", None, 0, False, None,
     "P1 P2 P3 I6 I4 I1 I3"),
    ("townlands", "Pelennor Townlands", "plains", "Pelennor", "fp", 1, False, None,
     "M4 I4 I6 P5 P6 M6 M5"),
    ("harlond", "The Harlond", "plains", "Pelennor", "fp", 1, False, None,
     "P3 W3b H1 H2 P5 I6"),
    ("causeway_forts", "Causeway Forts", "fort", "Osgiliath", None, 0, False, None,
     "N5 W1 Wm P2 P1"),
    ("west_osgiliath", "West Osgiliath", "fort", "Osgiliath", "fp", 1, False, None,
     "P2 Wm W3 W3b P3"),
    ("lossarnach", "Lossarnach", "plains", "Lossarnach", "fp", 1, False, None,
     "L3 S1 M6 P6 X1 L4"),
    ("forgotten_road", "Forgotten Road", "plains", "Outlands road", None, 0, False, "fp",
     "L4 X1 B1 B0"),
    ("lebennin", "Lebennin", "plains", "Outlands", "fp", 1, False, None,
     "P6 P5 H2 H3 B2 B1 X1"),
    ("north_ithilien", "North Ithilien", "forest", "Ithilien", None, 0, False, None,
     "CTE T4 MR3 MR2 HA1 Wm W1 CAS CAE2 CAE1"),
    ("morannon_road", "Morannon Road", "plains", "Morgul", None, 0, True, None,
     "T4 T5 R1 MR1 MR2 MR3"),
    ("henneth_annun", "Henneth Ann\u00fbn", "fort", "Ithilien", "fp", 1, False, None,
     "HA1 MR2 MR1 V1 V0 C1"),
    ("east_osgiliath", "East Osgiliath", "fort", "Osgiliath", "fp", 1, False, None,
     "Wm HA1 C1 E2 W3"),
    ("crossroads", "The Crossroads", "plains", "Ithilien", None, 0, False, None,
     "C1 V0 V2 C2 C3 E2"),
    ("morgul_vale", "Morgul Vale", "marsh", "Morgul", None, 0, True, None,
     "V0 V1 MV2 V2"),
    ("minas_morgul", "Minas Morgul", "stronghold", "Morgul", "sh", 2, False, None,
     "MR1 R1 R2 MM2 MV2 V1"),
    ("ephel_duath", "Ephel D\u00faath", "mountains", "Morgul", None, 0, True, None,
     "MV2 MM2 R2 R3 ED1 V2"),
    ("emyn_arnen", "Emyn Arnen", "forest", "Ithilien", None, 0, False, None,
     "E2 C3 C2 SI1 H3 H2 H1 W3b W3"),
    ("south_ithilien", "South Ithilien", "forest", "Ithilien", None, 0, False, None,
     "C2 V2 ED1 B3 B2 H3 SI1"),
    ("harad_road", "Harad Road", "plains", "Harad road", None, 0, True, None,
     "ED1 R3 B4 B3"),
]

PELENNOR = {"gate_fields", "townlands", "north_pelennor", "east_pelennor", "harlond"}
WEST_BANK = {"anorien", "causeway_forts", "west_osgiliath", "harlond", "lebennin", "cair_andros"}
EAST_BANK = {"north_ithilien", "east_osgiliath", "emyn_arnen", "south_ithilien", "cair_andros"}

# The named special borders; the Anduin and the Rammas Echor are derived in pair_kind().
SPECIAL = {
    ("east_osgiliath", "west_osgiliath"): ("ford", "Osgiliath bridges"),
    ("anorien", "cair_andros"): ("ford", "Cair Andros ferry"),
    ("cair_andros", "north_ithilien"): ("ford", "Cair Andros ferry"),
    ("mindolluin", "minas_tirith"): ("pass", "Stair of the Citadel"),
    ("minas_morgul", "morannon_road"): ("mountains", "Ephel D\u00faath"),
    ("henneth_annun", "minas_morgul"): ("mountains", "Ephel D\u00faath"),
}

WIGGLE = {"river": 16, "ford": 6, "stream": 10, "mountains": 10, "pass": 8, "wall": 4,
          "normal": 9}


def pair_kind(r1: str, r2: str) -> tuple[str, str | None]:
    key = tuple(sorted((r1, r2)))
    special = {tuple(sorted(k)): v for k, v in SPECIAL.items()}
    if key in special:
        return special[key]
    if "mindolluin" in key:
        return ("mountains", "Mindolluin")
    west = {r1, r2} & (WEST_BANK - {"cair_andros"})
    east = {r1, r2} & (EAST_BANK - {"cair_andros"})
    if west and east:
        return ("river", "Anduin")
    a, b = (r1 in PELENNOR), (r2 in PELENNOR)
    if a != b and "minas_tirith" not in key:
        return ("wall", "Rammas Echor")
    return ("normal", None)


def edge_points(u: str, v: str, kind: str) -> list[tuple[int, int]]:
    """bootstrap_rohan.edge_points with this board's corners, wiggles and seed."""
    return rohan.edge_points(u, v, kind, corners=V, wiggle=WIGGLE, salt="gondor|")


def build():
    return rohan.build(REGIONS, pair_kind, edge_points)


def army_box(army, label_rect, n=2):
    """Where the client draws an army of n figures (68 px, below its name): x0, y0, x1, y1."""
    ax, ay = army
    w = n * 68 + (n - 1) * 8
    lb = label_rect[3] + 8
    y = max(ay - 34, lb) if lb < ay else ay - 34
    return (ax - w / 2, y, ax + w / 2, y + 68)


def label_rect(label, name):
    lw, lh = rohan.label_size(name)
    return (label[0] - lw / 2, label[1] - lh / 2, label[0] + lw / 2, label[1] + lh / 2)


def _widen(r, k):
    cx, cy, hw, hh = (r[0] + r[2]) / 2, (r[1] + r[3]) / 2, (r[2] - r[0]) / 2 * k, (r[3] - r[1]) / 2 * k
    return (cx - hw, cy - hh, cx + hw, cy + hh)


def _hits(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def place_anchors(poly, name, avoid=(), force=False):
    """bootstrap_rohan.place_anchors, but the name always stands above the army (the client
    draws an army below its label, and a name beside or under the army gets covered), and the
    army keeps off the `avoid` rects (the neighbours' names)."""
    chosen = rohan.place_anchors(poly, name)
    if chosen["army"][1] - chosen["label"][1] >= 56 and not force:
        return chosen
    lw, lh = rohan.label_size(name)
    x0, y0, x1, y1 = geo.bbox(poly)
    samples = []
    y = y0 + 3
    while y < y1:
        x = x0 + 3
        while x < x1:
            if geo.point_in_polygon((x, y), poly) == 1:
                samples.append(((x, y), geo.distance_to_boundary((x, y), poly)))
            x += 6
        y += 6
    pole = max(samples, key=lambda t: t[1])[0]

    def box_ok(p):
        x, y = p
        box = [(x + fx * lw / 2, y + fy * lh / 2) for fx in (-1, 0, 1) for fy in (-1, 1)]
        box += [(x - lw / 2, y), (x + lw / 2, y)]
        return all(geo.point_in_polygon(q, poly) == 1 and geo.distance_to_boundary(q, poly) >= 4
                   for q in box)

    labels = [p for p, d in samples if d >= lh / 2 and box_ok(p)]
    best, best_s = None, -1e9
    for need, dmax, xmax in ((28, 96, 40), (22, 120, 70)):  # then a little looser
        armies = [(p, d) for p, d in samples if d >= need]
        for lp in labels:
            for ap, d in armies:
                dy, dx = ap[1] - lp[1], abs(ap[0] - lp[0])
                if 56 <= dy <= dmax and dx <= xmax:
                    if avoid and any(_hits(army_box(ap, label_rect(lp, name)), r) for r in avoid):
                        continue
                    sc = min(d, 46) * 2 - math.dist(ap, pole) * 0.05 - dx * 0.2 - (dy - 60) * 0.3
                    if sc > best_s:
                        best, best_s = (lp, ap), sc
        if best is not None:
            break
    if best is None:
        print(f"  {name}: no room for the name above the army", file=sys.stderr)
        return chosen
    (lx, ly), (ax, ay) = best
    out = {"army": (round(ax), round(ay)), "label": (round(lx), round(ly))}

    def pick(kind, target, need, avoid):
        bp, bs = None, -1e9
        for p, d in samples:
            if d < need:
                continue
            pen = sum((r - math.dist(p, q)) * 4 for q, r in avoid if math.dist(p, q) < r)
            sc = -math.dist(p, target) - pen + min(d, need + 20) * 0.5
            if sc > bs:
                bp, bs = p, sc
        out[kind] = (round(bp[0]), round(bp[1])) if bp else out["army"]

    lbox = [((lx + k * lw / 8, ly), 30) for k in range(-4, 5)]
    pick("characters", (ax + 72, ay + 4), 24, [(out["army"], 62)] + lbox)
    pick("control", (ax - 66, ay - 6), 20, [(out["army"], 56), (out["characters"], 60)] + lbox)
    pick("tokens", (ax, ay + 62), 18, [(out["army"], 56), (out["characters"], 52),
                                       (out["control"], 50)] + lbox)
    return out


def place_siege(poly, chosen):
    """The siege anchor: where catapults and towers stand, clear of the other anchors."""
    x0, y0, x1, y1 = geo.bbox(poly)
    ax, ay = chosen["army"]
    lx, ly = chosen["label"]
    best, best_s = None, -1e9
    y = y0 + 3
    while y < y1:
        x = x0 + 3
        while x < x1:
            if geo.point_in_polygon((x, y), poly) == 1:
                d = geo.distance_to_boundary((x, y), poly)
                if d >= 22:
                    pen = 0.0
                    for k, r in (("army", 60), ("characters", 50), ("control", 48),
                                 ("tokens", 44)):
                        dd = math.dist((x, y), chosen[k])
                        if dd < r:
                            pen += (r - dd) * 5
                    if abs(y - ly) < 30 and abs(x - lx) < 110:
                        pen += 200
                    s = -math.dist((x, y), (ax - 70, ay + 40)) - pen + min(d, 40) * 0.5
                    if s > best_s:
                        best, best_s = (x, y), s
            x += 6
        y += 6
    if best is None:
        best = chosen["tokens"]
    return (round(best[0]), round(best[1]))


# The protection tracks: spaces 0..N in the right-hand column, under the discards.
PROTECTION = {"minas_tirith": 8, "cair_andros": 5}


# The Witch-king's positions (botwotr/data/gondor/positions.yaml), in the Shadow Box's slots.
POSITIONS = {"morgul_throne": "Morgul|Throne", "fell_beast": "Fell Beast",
             "captain_of_despair": "Captain of|Despair"}


def tracks():
    slots = []
    rename = dict(zip(("palantir_room", "balcony", "pits"), POSITIONS))
    for s in rohan.tracks(endgame=13):  # data/gondor/scenario.yaml's endgame
        if s["track"] == "shadow_box" and s["slot"] in rename:
            pid = rename[s["slot"]]
            s = dict(s, id=f"shadow_box.{pid}", slot=pid)
        slots.append(s)
    y = 890
    for rid, top in PROTECTION.items():
        for i in range(top + 1):
            slots.append({"id": f"protection.{rid}.{i}", "track": "protection",
                          "slot": f"{rid}.{i}", "rect": [2048 + i * 37, y, 34, 38],
                          "index": i})
        y += 46
    return slots


def dump_yaml(polys, pairs, anchors, path: Path):
    out = []
    w = out.append
    w("# The Battle for Gondor: the board's other face (botwotr's own rendition).")
    w("#")
    w("# This file is the source of the board. tools/make_map.py turns it into maps/gondor.tmx")
    w("# (Tiled) and maps/gondor_art.png (the painted board). See docs/maps.md.")
    w("# Written by tools/mapgen/bootstrap_gondor.py; edit here, or there and re-run it.")
    w("#")
    w("# Coordinates are board pixels (x right, y down) on a 2400x1600 board, the same frame as")
    w("# Rohan's. Regions tile the map area exactly: neighbouring polygons share the same points")
    w("# along their common edge. Borders list every pair of touching regions once.")
    w("")
    w("map:")
    w("  id: gondor")
    w("  title: The Battle for Gondor")
    w("  tile_size: 32")
    w(f"  size: [{BOARD_W}, {BOARD_H}]")
    w(f"  area: [{OX}, {OY}, {AW}, {AH}]   # x, y, width, height of the region area")
    w("  art: gondor_art.png")
    w("  seed: 3019                  # seeds the procedural textures")
    w("  style: gondor               # the painter's look for this face (white stone, Mordor)")
    w("  shadow_box:                 # the words the frame paints (the slots are Rohan's)")
    w("    title: \"The Shadow Box \\u2014 the Witch-king\"")
    w("    special: \"Darkness\"")
    w("    positions:               # slot shadow_box.<id> -> painted name (| breaks the line)")
    for pid, name in POSITIONS.items():
        w(f"      {pid}: \"{name}\"")
    w("")
    w("# terrain: plains | mountains | forest | marsh | fort | stronghold")
    w("# owner: side owning the settlement at the start (fp Free Peoples, sh Shadow)")
    w("# recruitment_area: fp | sh - a board-edge recruitment area (no stacking limit)")
    w("# anchors.siege (optional): where catapults and siege towers stand")
    w("regions:")
    for rid, name, terrain, terr, owner, vp, orc, recr, _cyc in REGIONS:
        w(f"  - id: {rid}")
        w(f"    name: \"{name}\"")
        w(f"    terrain: {terrain}")
        w(f"    territory: \"{terr}\"")
        w(f"    settlement: {'true' if owner else 'false'}")
        if owner:
            w(f"    owner: {owner}")
        w(f"    vp: {vp}")
        if orc:
            w("    orc_area: true")
        if recr:
            w(f"    recruitment_area: {recr}")
        a = anchors[rid]
        w("    anchors: {" + ", ".join(f"{k}: [{a[k][0]}, {a[k][1]}]" for k in
                                       ("army", "characters", "control", "tokens", "label",
                                        "siege") if k in a) + "}")
        pts = polys[rid]
        lines = []
        cur = "    polygon: ["
        for i, (x, y) in enumerate(pts):
            item = f"[{x}, {y}]" + (", " if i < len(pts) - 1 else "]")
            if len(cur) + len(item) > 98:
                lines.append(cur.rstrip())
                cur = "              "
            cur += item
        lines.append(cur)
        out.extend(lines)
    w("")
    w("# kind: normal | stream | wall | ford | pass | river | mountains (R-1.4)")
    w("# feature: the name drawn on the board for rivers, walls, fords and passes")
    w("borders:")
    for a, b in pairs:
        kind, feat = pair_kind(a, b)
        extra = f", feature: \"{feat}\"" if feat else ""
        w(f"  - {{a: {a}, b: {b}, kind: {kind}{extra}}}")
    w("")
    w("# Track slots in the frame around the map: rect = x, y, width, height")
    w("tracks:")
    for s in tracks():
        r = s["rect"]
        extra = f", index: {s['index']}" if "index" in s else ""
        w(f"  - {{id: {s['id']}, track: {s['track']}, slot: \"{s['slot']}\", "
          f"rect: [{r[0]}, {r[1]}, {r[2]}, {r[3]}]{extra}}}")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    target = ROOT / "maps" / "src" / "gondor.yaml"
    if target.exists() and "--force" not in argv:
        print(f"{target} exists; pass --force to overwrite it", file=sys.stderr)
        return 1
    polys, pairs = build()
    names = {r[0]: r[1] for r in REGIONS}
    anchors = {}
    for rid in polys:
        a = place_anchors(polys[rid], names[rid])
        anchors[rid] = a
    # second pass: an army that would cover a neighbour's name is moved
    for rid in polys:
        a = anchors[rid]
        # the client's own name plates are up to a third wider than the painted names
        others = [_widen(label_rect(anchors[o]["label"], names[o]), 1.35) for o in polys if o != rid]
        if any(_hits(army_box(a["army"], label_rect(a["label"], names[rid])), r) for r in others):
            print(f"  {names[rid]}: the army moves off a neighbour's name", file=sys.stderr)
            anchors[rid] = place_anchors(polys[rid], names[rid], avoid=others, force=True)
    for rid in polys:
        anchors[rid]["siege"] = place_siege(polys[rid], anchors[rid])
    target.parent.mkdir(parents=True, exist_ok=True)
    dump_yaml(polys, pairs, anchors, target)
    print(f"wrote {target}: {len(polys)} regions, {len(pairs)} borders")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
