"""One-off author's aid that wrote the first ``maps/src/rohan.yaml``.

The geography was sketched here as a planar graph: named corner points, and each region as a
cycle of corner names. Every edge between two corners is then subdivided and gently wiggled
(deterministically), the *same* wiggle serving both regions that share the edge, so the polygons
tile the map area exactly. Anchor points are placed by a small search inside each polygon.

``maps/src/rohan.yaml`` is the source of truth from then on; running this again OVERWRITES it
(``python tools/mapgen/bootstrap_rohan.py --force``). Edit the YAML, not this file, unless you
mean to re-sketch the whole board.
"""
from __future__ import annotations

import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from botwotr.board import geometry as geo  # noqa: E402

BOARD_W, BOARD_H = 2400, 1600
OX, OY = 30, 30            # map area origin on the board
AW, AH = 1840, 1380        # map area size

V = {
    # map edge
    "T0": (0, 0), "T1": (280, 0), "T2": (620, 0), "T3": (950, 0), "T4": (1230, 0),
    "T5": (1500, 0), "T6": (1840, 0),
    "R1": (1840, 380), "R2": (1840, 820), "R3": (1840, 1000), "R4": (1840, 1135),
    "B0": (0, 1380), "B1": (470, 1380), "B2": (730, 1380), "B3": (1120, 1380),
    "B4": (1450, 1380), "B5": (1610, 1380), "B6": (1840, 1380),
    "L1": (0, 320), "L2": (0, 560), "L3": (0, 740), "L4": (0, 960), "L5": (0, 1100),
    # Isengard, Fangorn
    "A": (300, 170), "B": (250, 300), "C": (640, 150), "D": (560, 280), "E": (420, 300),
    "F": (730, 300), "G": (690, 430), "H": (540, 450), "I": (400, 460),
    "J": (980, 200), "K": (900, 420), "M": (740, 480), "N": (1200, 250), "O": (1100, 380),
    "P": (1480, 220), "Q": (1420, 330),
    # Entwash
    "E0": (1280, 400), "F1": (1330, 560), "F2": (1360, 660), "XX": (1400, 700),
    "C_": (1470, 720), "M2": (1560, 760), "XE": (1650, 760), "RX": (1750, 800),
    "EE": (1480, 470), "EE2": (1560, 620), "RW": (1600, 400),
    # Westemnet, Edoras
    "W1": (1120, 520), "W2": (1080, 700), "W3": (900, 780), "W4": (760, 760),
    "Y": (730, 690), "Z": (760, 600), "V": (1130, 870), "U": (1140, 1000),
    "SB1": (1450, 820), "SB2": (1480, 940), "D_": (1440, 1050), "DH": (1300, 1110),
    # south
    "S0": (840, 1110), "S1": (980, 1090), "S2": (1110, 1140), "S4": (1150, 1260),
    "XC": (790, 1190), "XH": (700, 1225), "HB1": (515, 1215), "CW": (540, 1140),
    "CR": (600, 1050), "X1": (760, 1040), "X0": (880, 950), "Q2": (470, 1000),
    "SX": (620, 925), "TL": (250, 1080), "DS": (1470, 1195),
    # east
    "FA": (1670, 900), "FB": (1590, 1110), "AF": (1700, 995), "FR": (1680, 1165),
    "SF": (1640, 1285),
    # Isen, Dunland
    "IS1": (530, 560), "FJ": (505, 680), "FB2": (470, 800), "LI1": (330, 870),
    "LI2": (160, 930), "DI": (330, 560), "DW": (300, 720),
}

REGIONS = [
    # id, name, terrain, territory, settlement owner, vp, orc_area, cycle
    ("methedras", "Methedras", "mountains", "Isengard", None, 0, True,
     "T0 T1 A B L1"),
    ("orthanc", "Orthanc", "stronghold", "Isengard", "sh", 2, False,
     "T1 T2 C D E A"),
    ("nan_curunir", "Nan Curunír", "plains", "Isengard", None, 0, True,
     "A E D C F G H I B"),
    ("fangorn", "Fangorn", "forest", "Fangorn", None, 0, False,
     "T2 T3 J K M G F C"),
    ("derndingle", "Derndingle", "forest", "Fangorn", None, 0, False,
     "T3 T4 N O K J"),
    ("entwood", "Entwood", "forest", "Fangorn", None, 0, False,
     "T4 T5 P Q E0 O N"),
    ("the_wold", "The Wold", "plains", "Eastemnet", None, 0, False,
     "T5 T6 R1 RW EE F1 E0 Q P"),
    ("dunland_hills", "Dunland Hills", "mountains", "Dunland", None, 0, False,
     "L1 B I DI L2"),
    ("dunland", "Dunland", "plains", "Dunland", "sh", 1, False,
     "L2 DI I H IS1 FJ DW L3"),
    ("west_fords", "West Fords", "plains", "Dunland", None, 0, False,
     "L3 DW FJ FB2 LI1 LI2 L4"),
    ("isen_vale", "Isen Vale", "plains", "Westemnet", None, 0, False,
     "H G M Z Y FJ IS1"),
    ("east_fords", "East Fords", "fort", "Westfold", None, 0, False,
     "FJ Y SX FB2"),
    ("lower_isen", "Lower Isen", "plains", "Westfold", None, 0, False,
     "L4 LI2 LI1 FB2 SX Q2 TL L5"),
    ("westemnet", "Westemnet", "plains", "Westemnet", "fp", 1, False,
     "K O W1 W2 W3 W4 Y Z M"),
    ("west_entwade", "West Entwade", "plains", "Westemnet", None, 0, False,
     "O E0 F1 F2 V W2 W1"),
    ("east_entwade", "East Entwade", "marsh", "Eastemnet", None, 0, False,
     "F1 EE EE2 C_ XX F2"),
    ("eastemnet", "Eastemnet", "plains", "Eastemnet", None, 0, False,
     "RW R1 R2 RX XE M2 C_ EE2 EE"),
    ("westfold", "Westfold", "plains", "Westfold", None, 0, False,
     "Y W4 W3 X0 X1 CR Q2 SX"),
    ("grimslade", "Grimslade", "plains", "Westfold", "fp", 1, False,
     "W3 W2 V U S2 S1 S0 X1 X0"),
    ("deeping_coomb", "Deeping Coomb", "fort", "Deeping", None, 0, False,
     "CR X1 S0 XC XH HB1 CW"),
    ("helms_deep", "Helm's Deep", "stronghold", "Deeping", "fp", 3, False,
     "HB1 XH B2 B1"),
    ("thrihyrne", "Thrihyrne", "mountains", "Deeping", "fp", 1, False,
     "L5 TL Q2 CR CW HB1 B1 B0"),
    ("ered_nimrais", "Ered Nimrais", "mountains", "White Mountains", None, 0, False,
     "XH XC S0 S1 S2 S4 B3 B2"),
    ("edoras", "Edoras", "stronghold", "Folde", "fp", 4, False,
     "V F2 XX C_ SB1 SB2 D_ DH S2 U"),
    ("dunharrow", "Dunharrow", "fort", "Folde", "fp", 1, False,
     "S2 DH D_ DS B4 B3 S4"),
    ("folde", "Folde", "plains", "Folde", "fp", 1, False,
     "C_ M2 XE FA FB DS D_ SB2 SB1"),
    ("aldburg", "Aldburg", "plains", "Eastfold", "fp", 1, False,
     "XE RX R2 R3 AF FA"),
    ("fenmarch", "Fenmarch", "marsh", "Eastfold", None, 0, False,
     "FA AF R3 R4 FR FB"),
    ("starkhorn", "Starkhorn", "mountains", "White Mountains", None, 0, False,
     "DS FB FR SF B5 B4"),
    ("firienwood", "Firien Wood", "forest", "Eastfold", None, 0, False,
     "FR R4 B6 B5 SF"),
]

# Border kinds and features; every other touching pair is "normal".
SPECIAL = {
    ("methedras", "orthanc"): ("mountains", "Methedras"),
    ("dunland", "isen_vale"): ("river", "Isen"),
    ("east_fords", "west_fords"): ("ford", "Fords of Isen"),
    ("lower_isen", "west_fords"): ("river", "Isen"),
    ("east_fords", "lower_isen"): ("stream", "Deeping-stream"),
    ("lower_isen", "westfold"): ("stream", "Deeping-stream"),
    ("thrihyrne", "westfold"): ("stream", "Deeping-stream"),
    ("deeping_coomb", "helms_deep"): ("wall", "Deeping Wall"),
    ("helms_deep", "thrihyrne"): ("mountains", "Thrihyrne"),
    ("ered_nimrais", "helms_deep"): ("mountains", "White Mountains"),
    ("deeping_coomb", "ered_nimrais"): ("mountains", "White Mountains"),
    ("dunharrow", "ered_nimrais"): ("pass", "Harrow Pass"),
    ("dunharrow", "starkhorn"): ("mountains", "White Mountains"),
    ("firienwood", "starkhorn"): ("pass", "Firien Pass"),
    ("the_wold", "west_entwade"): ("river", "Entwash"),
    ("east_entwade", "west_entwade"): ("ford", "Entwade"),
    ("east_entwade", "edoras"): ("river", "Entwash"),
    ("eastemnet", "folde"): ("river", "Entwash"),
    ("aldburg", "eastemnet"): ("ford", "Eastfold Ford"),
    ("edoras", "folde"): ("stream", "Snowbourn"),
}

WIGGLE = {"river": 16, "ford": 6, "stream": 10, "mountains": 10, "pass": 8, "wall": 3,
          "normal": 9}


def edge_points(u: str, v: str, kind: str, corners=None, wiggle=None, salt: str = "") -> list[tuple[int, int]]:
    """The points from corner u to corner v (both included), wiggled, the same for (v, u). Another
    board passes its own `corners`, `wiggle` amplitudes and a `salt` for the random seed."""
    corners = V if corners is None else corners
    wiggle = WIGGLE if wiggle is None else wiggle
    a, b = corners[u], corners[v]
    flip = u > v
    if flip:
        a, b = b, a
    on_edge = (a[0] == b[0] and a[0] in (0, AW)) or (a[1] == b[1] and a[1] in (0, AH))
    length = math.dist(a, b)
    n = 1 if on_edge else max(1, round(length / 34))
    rng = random.Random(f"{salt}{min(u, v)}|{max(u, v)}")
    amp = 0 if on_edge else wiggle[kind] * min(1.0, length / 120)
    phases = [rng.uniform(0, 2 * math.pi) for _ in range(3)]
    freqs = [rng.uniform(1.2, 2.2), rng.uniform(2.5, 4.0), rng.uniform(5, 7)]
    weights = [1.0, 0.45, 0.18]
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    pts = []
    for i in range(n + 1):
        t = i / n
        off = 0.0
        if 0 < i < n:
            taper = math.sin(math.pi * t) ** 0.7
            off = amp * taper * sum(w * math.sin(f * math.pi * t + ph)
                                    for w, f, ph in zip(weights, freqs, phases)) / 1.3
        x = a[0] + (b[0] - a[0]) * t + nx * off
        y = a[1] + (b[1] - a[1]) * t + ny * off
        pts.append((round(x), round(y)))
    if flip:
        pts.reverse()
    return pts


def pair_kind(r1: str, r2: str) -> tuple[str, str | None]:
    key = tuple(sorted((r1, r2)))
    return SPECIAL.get(key, ("normal", None))


def build(regions=None, kind_of=None, edge=None):
    """The polygons (board pixels) and the touching pairs of `regions` (rows ending in their corner
    cycle), each edge drawn by `edge(u, v, kind)` with the kind `kind_of(r1, r2)` gives; Rohan's by
    default."""
    regions = REGIONS if regions is None else regions
    kind_of = pair_kind if kind_of is None else kind_of
    edge = edge_points if edge is None else edge
    # which region pairs share which corner edges
    edge_owner: dict[frozenset, list[str]] = {}
    for rid, *_rest, cyc in regions:
        names = cyc.split()
        for i in range(len(names)):
            e = frozenset((names[i], names[(i + 1) % len(names)]))
            edge_owner.setdefault(e, []).append(rid)
    for e, owners in edge_owner.items():
        if len(owners) > 2:
            raise SystemExit(f"edge {sorted(e)} used by {owners}")
    polys = {}
    for rid, *_rest, cyc in regions:
        names = cyc.split()
        pts: list[tuple[int, int]] = []
        for i in range(len(names)):
            u, v = names[i], names[(i + 1) % len(names)]
            owners = edge_owner[frozenset((u, v))]
            other = [o for o in owners if o != rid]
            kind = kind_of(rid, other[0])[0] if other else "normal"
            pts.extend(edge(u, v, kind)[:-1])
        polys[rid] = [(x + OX, y + OY) for x, y in pts]
    pairs = sorted({tuple(sorted(o)) for o in edge_owner.values() if len(o) == 2})
    return polys, pairs


ANCHOR_OVERRIDES: dict[str, dict[str, tuple[int, int]]] = {}


def label_size(name: str) -> tuple[int, int]:
    """The painted name's size (the art letters names in the bold serif at 27 px)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    sys.path.insert(0, str(ROOT / "tools"))
    from mapgen.art import Fonts
    from mapgen.fonts import find_fonts

    if not pygame.font.get_init():
        pygame.font.init()
    w, h = Fonts(find_fonts(ROOT)).get("bold", 27).size(name)
    return w + 6, h + 6  # with the halo


def place_anchors(poly, name="Region"):
    """army near the visual centre, label above it, characters to the right, control to the
    left, tokens below; each nudged to the best-clearance sample point near its ideal spot."""
    x0, y0, x1, y1 = geo.bbox(poly)
    samples = []
    step = 6
    y = y0 + 3
    while y < y1:
        x = x0 + 3
        while x < x1:
            if geo.point_in_polygon((x, y), poly) == 1:
                samples.append(((x, y), geo.distance_to_boundary((x, y), poly)))
            x += step
        y += step
    best = max(samples, key=lambda s: s[1])
    cx, cy = best[0]
    # pull the army slightly towards the centroid for a more natural look
    gx, gy = geo.centroid(poly)
    ideal = {
        "army": (cx * 0.7 + gx * 0.3, cy * 0.7 + gy * 0.3 + 10),
    }
    chosen = {}

    def pick(kind, target, need, avoid, wdist=1.0):
        bestp, bests = None, -1e9
        for (p, d) in samples:
            if d < need:
                continue
            pen = 0.0
            for q, r in avoid:
                dd = math.dist(p, q)
                if dd < r:
                    pen += (r - dd) * 4
            s = -math.dist(p, target) * wdist - pen + min(d, need + 20) * 0.5
            if s > bests:
                bestp, bests = p, s
        if bestp is None:
            bestp = max(samples, key=lambda s: s[1])[0]
        chosen[kind] = (round(bestp[0]), round(bestp[1]))

    pick("army", ideal["army"], 34, [])
    ax, ay = chosen["army"]
    # the label: its whole text box inside the region, clear of the army
    lw, lh = label_size(name)
    best_l, best_s = None, -1e9
    for (p, d) in samples:
        if d < lh / 2:
            continue
        x, y = p
        box = [(x + fx * lw / 2, y + fy * lh / 2) for fx in (-1, 0, 1) for fy in (-1, 1)]
        box += [(x - lw / 2, y), (x + lw / 2, y)]
        if any(geo.point_in_polygon(q, poly) != 1 or geo.distance_to_boundary(q, poly) < 5
               for q in box):
            continue
        # keep the army's circle (r 34) off the text box
        dx = max(abs(x - ax) - lw / 2, 0)
        dy = max(abs(y - ay) - lh / 2, 0)
        gap = math.hypot(dx, dy)
        sc = -math.dist(p, (ax, ay - 62)) - max(0, 40 - gap) * 6
        if sc > best_s:
            best_l, best_s = p, sc
    if best_l is None:
        pick("label", (ax, ay - 62), 14, [(chosen["army"], 56)])
    else:
        chosen["label"] = (round(best_l[0]), round(best_l[1]))
    # points along the label's box, so the other anchors keep clear of the whole name
    lx, ly = chosen["label"]
    lbox = [((lx + k * lw / 8, ly), 30) for k in range(-4, 5)]
    pick("characters", (ax + 72, ay + 4), 34, [(chosen["army"], 62)] + lbox)
    pick("control", (ax - 66, ay - 6), 26, [(chosen["army"], 56), (chosen["characters"], 60)]
         + lbox)
    pick("tokens", (ax, ay + 62), 24, [(chosen["army"], 56), (chosen["characters"], 52),
                                        (chosen["control"], 50)] + lbox)
    return chosen


FATE_STRIP = (150, 1942)  # the fate track's room along the bottom strip, left of the action tokens


def fate_slots(endgame: int) -> list[dict]:
    """The fate track: the spaces 0..endgame (the content's endgame, scenario.yaml), spread
    over the strip; no space beyond the endgame is drawn."""
    n, gap, (x0, x1) = endgame + 1, 10, FATE_STRIP
    step = (x1 - x0 + gap) // n
    return [{"id": f"fate.{i}", "track": "fate", "slot": str(i), "rect": [x0 + i * step, 1446, step - gap, 118]}
            for i in range(n)]


def tracks(endgame: int = 14):
    slots = fate_slots(endgame)
    px = 1900  # right panel
    # Shadow Box: three positions and the dice area
    bx, by = px + 20, 250
    for i, sid in enumerate(("palantir_room", "balcony", "pits")):
        slots.append({"id": f"shadow_box.{sid}", "track": "shadow_box", "slot": sid,
                      "rect": [bx + i * 150, by, 140, 130]})
    slots.append({"id": "shadow_box.dice", "track": "shadow_box", "slot": "dice",
                  "rect": [bx, by + 145, 440, 80]})
    # decks: row 1 draw piles, row 2 discards
    dy = 540
    for i, d in enumerate(("generic", "fp_story", "sh_story", "special")):
        slots.append({"id": f"deck.{d}", "track": "deck", "slot": d,
                      "rect": [bx + i * 112, dy, 100, 140]})
        slots.append({"id": f"discard.{d}", "track": "discard", "slot": d,
                      "rect": [bx + i * 112, dy + 190, 100, 128]})
    # Free Peoples action tokens and the fate pool: bottom strip, right of the fate track, on the
    # fate spaces' row (fate_slots: y 1446, height 118)
    y0, h = 1446, 118
    slots.append({"id": "fp_action_tokens", "track": "fp_action_tokens", "slot": "fp",
                  "rect": [1966, y0, 200, h]})
    slots.append({"id": "fate_pool", "track": "fate_pool", "slot": "pool",
                  "rect": [2178, y0, 196, h]})
    return slots


def dump_yaml(polys, pairs, anchors, path: Path):
    out = []
    w = out.append
    w("# The Battle for Rohan: the board's geography (botwotr's own rendition).")
    w("#")
    w("# This file is the source of the board. tools/make_map.py turns it into maps/rohan.tmx")
    w("# (Tiled) and maps/rohan_art.png (the painted board). See docs/maps.md.")
    w("#")
    w("# Coordinates are board pixels (x right, y down) on a 2400x1600 board. Regions tile the")
    w("# map area exactly: neighbouring polygons share the same points along their common edge,")
    w("# so when you move a shared point, move it in every polygon that uses it.")
    w("# Borders list every pair of touching regions once; their line is computed from the")
    w("# shared polygon edge. Anchors are where the client puts things in a region.")
    w("")
    w("map:")
    w("  id: rohan")
    w("  title: The Battle for Rohan")
    w("  tile_size: 32")
    w(f"  size: [{BOARD_W}, {BOARD_H}]")
    w(f"  area: [{OX}, {OY}, {AW}, {AH}]   # x, y, width, height of the region area")
    w("  art: rohan_art.png")
    w("  seed: 3019                  # seeds the procedural textures")
    w("")
    w("# terrain: plains | mountains | forest | marsh | fort | stronghold")
    w("# owner: side owning the settlement at the start (fp Free Peoples, sh Shadow)")
    w("regions:")
    for rid, name, terrain, terr, owner, vp, orc, _cyc in REGIONS:
        w(f"  - id: {rid}")
        w(f"    name: \"{name}\"")
        w(f"    terrain: {terrain}")
        w(f"    territory: {terr}")
        w(f"    settlement: {'true' if owner else 'false'}")
        if owner:
            w(f"    owner: {owner}")
        w(f"    vp: {vp}")
        if orc:
            w("    orc_area: true")
        a = anchors[rid]
        w("    anchors: {" + ", ".join(f"{k}: [{a[k][0]}, {a[k][1]}]"
                                       for k in ("army", "characters", "control", "tokens",
                                                 "label")) + "}")
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
    w("# feature: the name drawn on the board for rivers, streams, walls and passes")
    w("borders:")
    for a, b in pairs:
        kind, feat = pair_kind(a, b)
        extra = f", feature: \"{feat}\"" if feat else ""
        w(f"  - {{a: {a}, b: {b}, kind: {kind}{extra}}}")
    w("")
    w("# Purely decorative water drawn on the art: the springs of the Isen and the Entwash,")
    w("# short stubs inside the regions where they rise. Not borders: no game effect.")
    w("# kind: river_source | stream_source; points run downstream, ending on the border.")
    w("decorations:")
    w("  - {kind: river_source, feature: Isen, points: [[470, 400], [510, 425], [545, 448],"
      " [570, 480]]}")
    w("  - {kind: river_source, feature: Entwash, points: [[1262, 350], [1285, 380],"
      " [1300, 405], [1310, 430]]}")
    w("")
    w("# Track slots in the frame around the map: rect = x, y, width, height")
    w("tracks:")
    for s in tracks():
        r = s["rect"]
        w(f"  - {{id: {s['id']}, track: {s['track']}, slot: \"{s['slot']}\", "
          f"rect: [{r[0]}, {r[1]}, {r[2]}, {r[3]}]}}")
    path.write_text("\n".join(out) + "\n", encoding="utf-8")


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    target = ROOT / "maps" / "src" / "rohan.yaml"
    if target.exists() and "--force" not in argv:
        print(f"{target} exists; pass --force to overwrite it", file=sys.stderr)
        return 1
    polys, pairs = build()
    names = {r[0]: r[1] for r in REGIONS}
    anchors = {rid: place_anchors(polys[rid], names[rid]) for rid in polys}
    for rid, over in ANCHOR_OVERRIDES.items():
        anchors[rid].update(over)
    target.parent.mkdir(parents=True, exist_ok=True)
    dump_yaml(polys, pairs, anchors, target)
    print(f"wrote {target}: {len(polys)} regions, {len(pairs)} borders")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
