"""The Battle for Rohan board: graph, borders (R-1), anchors, polygons, tracks."""
from __future__ import annotations

from collections import deque

import pytest

from botwotr.board import ANCHOR_KINDS, REQUIRED_TRACK_SLOTS, SHADOW_POSITIONS
from botwotr.board import geometry as geo
from botwotr.core.spec import BORDER_KINDS, IMPASSABLE_BORDERS, NO_RETREAT_BORDERS, TERRAINS


def test_r1_1_regions_terrain_and_territories(rohan_spec):
    regions = rohan_spec.regions
    assert 25 <= len(regions) <= 35
    for r in regions.values():
        assert r.terrain in TERRAINS, r.id
        assert r.territory, r.id
        assert r.name and r.name != r.id or r.id == r.name.lower()
    # every terrain of appears on the board
    assert {r.terrain for r in regions.values()} == set(TERRAINS)


def test_r1_1_known_settlements_and_victory_points(rohan_spec):
    reg = rohan_spec.regions
    assert (reg["edoras"].terrain, reg["edoras"].owner, reg["edoras"].vp) == ("stronghold", "fp", 4)
    assert (reg["orthanc"].terrain, reg["orthanc"].owner, reg["orthanc"].vp) == (
        "stronghold", "sh", 2)
    assert (reg["helms_deep"].terrain, reg["helms_deep"].owner) == ("stronghold", "fp")
    assert reg["thrihyrne"].settlement and reg["thrihyrne"].vp == 1
    assert reg["folde"].settlement and reg["folde"].vp == 1
    for r in reg.values():
        if r.settlement:
            assert r.owner in ("fp", "sh")
        else:
            assert r.owner is None and r.vp == 0, r.id
    # the Shadow needs two settlements to recruit
    assert sum(1 for r in reg.values() if r.settlement and r.owner == "sh") >= 2


def test_r12_5_orc_areas_are_shadow_lands(rohan_spec):
    orc = [r for r in rohan_spec.regions.values() if r.orc_area]
    assert len(orc) >= 2  # the Eye places Orcs in two different areas
    assert all(r.territory in ("Isengard", "Dunland") for r in orc)


def test_r1_4_exactly_one_border_per_pair(rohan_spec):
    pairs = [frozenset((b.a, b.b)) for b in rohan_spec.borders]
    assert len(pairs) == len(set(pairs))
    assert all(b.kind in BORDER_KINDS for b in rohan_spec.borders)
    assert all(b.a != b.b for b in rohan_spec.borders)


def test_r1_2_adjacency_symmetric(rohan_spec):
    adj = rohan_spec.adjacency
    for a, ns in adj.items():
        for b, kind in ns.items():
            assert adj[b][a] == kind, (a, b)


def test_r1_2_every_region_reachable(rohan_spec):
    adj = rohan_spec.adjacency
    start = next(iter(adj))
    seen = {start}
    todo = deque([start])
    while todo:
        for n in adj[todo.popleft()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(rohan_spec.regions)


def test_r1_4_river_not_adjacent(rohan_spec):
    impassable = [b for b in rohan_spec.borders if b.kind in IMPASSABLE_BORDERS]
    assert any(b.kind == "river" for b in impassable)
    assert any(b.kind == "mountains" for b in impassable)
    for b in impassable:
        assert rohan_spec.border(b.a, b.b) is None, (b.a, b.b)
        assert b.b not in rohan_spec.neighbours(b.a)
        assert b.a not in rohan_spec.neighbours(b.b)
    # the Isen between Dunland and the Isen Vale, the Entwash between Edoras and East Entwade
    assert "isen_vale" not in rohan_spec.neighbours("dunland")
    assert "east_entwade" not in rohan_spec.neighbours("edoras")
    assert "eastemnet" not in rohan_spec.neighbours("folde")


def test_r1_4_mountains_not_adjacent(rohan_spec):
    # Helm's Deep is a dead end: only the Deeping Coomb, over the Deeping Wall
    assert dict(rohan_spec.neighbours("helms_deep")) == {"deeping_coomb": "wall"}
    assert "starkhorn" not in rohan_spec.neighbours("dunharrow")
    assert "orthanc" not in rohan_spec.neighbours("methedras")


def test_r1_4_fords_and_passes_cross(rohan_spec):
    assert rohan_spec.border("west_fords", "east_fords") == "ford"
    assert rohan_spec.border("west_entwade", "east_entwade") == "ford"
    assert rohan_spec.border("ered_nimrais", "dunharrow") == "pass"
    assert rohan_spec.border("deeping_coomb", "helms_deep") == "wall"
    assert rohan_spec.border("edoras", "folde") == "stream"
    kinds = {b.kind for b in rohan_spec.borders}
    assert kinds == set(BORDER_KINDS)


def test_r10_7_no_retreat_borders_present(rohan_spec):
    # forbids retreat across streams and fords/passes: the board has each kind
    kinds = {k for ns in rohan_spec.adjacency.values() for k in ns.values()}
    assert set(NO_RETREAT_BORDERS) <= kinds


def test_r1_4_rivers_separate_banks(rohan_spec):
    """Crossing the Isen or the Entwash needs a ford: remove the ford borders and the banks
    fall apart into separate parts of the board."""
    adj = {r: {n for n, k in ns.items() if k != "ford"} for r, ns in rohan_spec.adjacency.items()}
    # without fords and without going round through Isengard, Dunland is cut off from Rohan
    blocked = {"nan_curunir"}

    def reach(start):
        seen, todo = {start}, [start]
        while todo:
            for n in adj[todo.pop()]:
                if n not in seen and n not in blocked:
                    seen.add(n)
                    todo.append(n)
        return seen

    assert "westfold" not in reach("dunland")
    assert "edoras" in reach("westfold")


def test_every_region_has_all_anchors(rohan_spec, rohan_layout):
    for rid in rohan_spec.regions:
        anchors = rohan_layout.anchors[rid]
        assert set(anchors) == set(ANCHOR_KINDS), rid
        for kind, pt in anchors.items():
            assert geo.point_in_polygon(pt, rohan_layout.polygons[rid]) == 1, (rid, kind)
        # BoardSpec carries them too, for the core's convenience
        assert rohan_spec.anchors[rid] == anchors


def test_anchors_leave_room_for_pieces(rohan_layout):
    """The army, characters, control and token anchors do not sit on top of each other."""
    for rid, a in rohan_layout.anchors.items():
        poly = rohan_layout.polygons[rid]
        assert geo.distance_to_boundary(a["army"], poly) >= 30, rid
        pts = [a[k] for k in ("army", "characters", "control", "tokens")]
        for i in range(len(pts)):
            for j in range(i + 1, len(pts)):
                d = ((pts[i][0] - pts[j][0]) ** 2 + (pts[i][1] - pts[j][1]) ** 2) ** 0.5
                assert d >= 40, (rid, i, j)


def test_polygons_valid(rohan_layout):
    for rid, poly in rohan_layout.polygons.items():
        assert len(poly) >= 3, rid
        assert geo.self_intersection(poly) is None, rid
        assert abs(geo.polygon_area(poly)) > 20000, rid  # room for an army and its markers


def test_polygons_do_not_overlap(rohan_layout):
    polys = rohan_layout.polygons
    ids = sorted(polys)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            assert not geo.polygons_overlap(polys[a], polys[b]), (a, b)


def test_polygons_tile_the_map_area_raster(rohan_layout):
    """An independent raster check: every sample point of the map area lies in exactly one
    region (points on a border line are skipped)."""
    props = rohan_layout.properties
    ax, ay, aw, ah = props["area_x"], props["area_y"], props["area_w"], props["area_h"]
    boxes = {r: geo.bbox(p) for r, p in rohan_layout.polygons.items()}
    step = 23
    y = ay + 5.5
    while y < ay + ah:
        x = ax + 7.5
        while x < ax + aw:
            inside = 0
            on_edge = False
            for r, p in rohan_layout.polygons.items():
                x0, y0, x1, y1 = boxes[r]
                if x0 <= x <= x1 and y0 <= y <= y1:
                    v = geo.point_in_polygon((x, y), p, tol=0.5)
                    inside += v == 1
                    on_edge |= v == 0
            assert inside == 1 or (on_edge and inside == 0), (x, y, inside)
            x += step
        y += step
    total = sum(abs(geo.polygon_area(p)) for p in rohan_layout.polygons.values())
    assert total == pytest.approx(aw * ah, abs=1.0)


def test_border_lines_follow_both_regions(rohan_layout):
    for bl in rohan_layout.borders:
        assert len(bl.points) >= 2, (bl.a, bl.b)
        for p in bl.points:
            for r in (bl.a, bl.b):
                assert geo.distance_to_boundary(p, rohan_layout.polygons[r]) < 0.6, (bl.a, bl.b)


def test_tracks(rohan_layout):
    slots = rohan_layout.tracks
    for req in REQUIRED_TRACK_SLOTS:
        assert req in slots, req
    fate = rohan_layout.fate_spaces
    assert [s.index for s in fate] == list(range(14 + 1))  # 0..the endgame (content)
    assert all(s.id == f"fate.{s.index}" for s in fate)
    assert {f"shadow_box.{p}" for p in SHADOW_POSITIONS} <= set(slots)
    # the slots sit in the frame, off the map area, and do not overlap each other
    p = rohan_layout.properties
    area = (p["area_x"], p["area_y"], p["area_x"] + p["area_w"], p["area_y"] + p["area_h"])
    rects = list(slots.values())
    for i, s in enumerate(rects):
        x, y, w, h = s.rect
        assert x >= 0 and y >= 0 and x + w <= rohan_layout.size[0] and y + h <= rohan_layout.size[1]
        assert x >= area[2] or x + w <= area[0] or y >= area[3] or y + h <= area[1], s.id
        for t in rects[i + 1:]:
            tx, ty, tw, th = t.rect
            assert x >= tx + tw or tx >= x + w or y >= ty + th or ty >= y + h, (s.id, t.id)
    assert rohan_layout.slot_at(*slots["shadow_box.balcony"].center).id == "shadow_box.balcony"


def test_region_at(rohan_layout):
    for rid, a in rohan_layout.anchors.items():
        assert rohan_layout.region_at(*a["army"]) == rid
    assert rohan_layout.region_at(5, 5) is None


def test_art_is_the_map_size(rohan_layout):
    from botwotr.board.loader import _png_size

    assert rohan_layout.art.name == "rohan_art.png"
    assert _png_size(rohan_layout.art) == rohan_layout.size == (2400, 1600)


def test_map_path_points_at_the_shipped_map():
    from botwotr.board import map_path

    assert map_path("rohan").is_file()
    assert map_path().name == "rohan.tmx"
