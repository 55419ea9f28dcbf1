"""The Battle for Gondor board (maps/gondor.tmx): the region contract, the Anduin, the Rammas
Echor, Mindolluin, recruitment areas, the protection tracks and the siege anchors."""

from __future__ import annotations

import pytest

from botwotr.board import ANCHOR_KINDS, OPTIONAL_ANCHOR_KINDS, load_map
from botwotr.board.layout import required_track_slots
from botwotr.core.spec import IMPASSABLE_BORDERS

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"

GONDOR_TMX = MAPS / "gondor.tmx"
GONDOR_SRC = MAPS / "src" / "gondor.yaml"

PELENNOR = {"gate_fields", "townlands", "north_pelennor", "east_pelennor", "harlond"}
WEST = {"anorien", "causeway_forts", "west_osgiliath", "harlond", "lebennin"}
EAST = {"north_ithilien", "east_osgiliath", "emyn_arnen", "south_ithilien", "harad_road"}
CONTRACT = {
    # id: (terrain, settlement owner or None, vp) -- /work/wt/GONDOR_REGIONS.md
    "minas_tirith": ("stronghold", "fp", 5), "mindolluin": ("mountains", None, 0),
    "gate_fields": ("plains", None, 0), "townlands": ("plains", "fp", 1),
    "north_pelennor": ("plains", None, 0), "east_pelennor": ("plains", None, 0),
    "harlond": ("plains", "fp", 1), "causeway_forts": ("fort", None, 0),
    "west_osgiliath": ("fort", "fp", 1), "east_osgiliath": ("fort", "fp", 1),
    "cair_andros": ("stronghold", "fp", 2), "anorien": ("plains", None, 0),
    "amon_din": ("mountains", "fp", 1), "druadan_forest": ("forest", None, 0),
    "to_rohan": ("plains", None, 0), "lossarnach": ("plains", "fp", 1),
    "lebennin": ("plains", "fp", 1), "forgotten_road": ("plains", None, 0),
    "north_ithilien": ("forest", None, 0), "henneth_annun": ("fort", "fp", 1),
    "crossroads": ("plains", None, 0), "emyn_arnen": ("forest", None, 0),
    "south_ithilien": ("forest", None, 0), "morgul_vale": ("marsh", None, 0),
    "minas_morgul": ("stronghold", "sh", 2), "ephel_duath": ("mountains", None, 0),
    "morannon_road": ("plains", None, 0), "harad_road": ("plains", None, 0),
}


@pytest.fixture(scope="module")
def gondor():
    return load_map(GONDOR_TMX)


def test_r1_1_regions_match_the_contract(gondor):
    regs = gondor.spec.regions
    assert set(regs) == set(CONTRACT)
    for rid, (terrain, owner, vp) in CONTRACT.items():
        r = regs[rid]
        assert r.terrain == terrain, rid
        assert r.settlement == (owner is not None), rid
        assert r.owner == owner, rid
        assert r.vp == vp, rid
    assert {r.id for r in regs.values() if r.orc_area} == {
        "morgul_vale", "ephel_duath", "morannon_road", "harad_road"}
    assert {r.id for r in regs.values() if r.recruitment_area} == {"to_rohan", "forgotten_road"}


def test_r1_2_every_region_reachable_and_adjacency_symmetric(gondor):
    adj = gondor.spec.adjacency
    for a, ns in adj.items():
        for b in ns:
            assert a in adj[b], (a, b)
    seen, todo = {"minas_tirith"}, ["minas_tirith"]
    while todo:
        for n in adj[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(gondor.spec.regions)


def test_r1_4_the_anduin_is_crossed_only_at_osgiliath_and_cair_andros(gondor):
    spec = gondor.spec
    crossings = set()
    for w in WEST | {"cair_andros"}:
        for e in spec.neighbours(w):
            if e in EAST:
                crossings.add(frozenset((w, e)))
    assert crossings == {frozenset(("west_osgiliath", "east_osgiliath")),
                         frozenset(("cair_andros", "north_ithilien"))}
    assert spec.border("west_osgiliath", "east_osgiliath") == "ford"
    assert spec.border("anorien", "cair_andros") == "ford"
    assert spec.border("cair_andros", "north_ithilien") == "ford"
    rivers = [b for b in gondor.layout.borders if b.kind == "river"]
    assert rivers and all(b.feature == "Anduin" for b in rivers)
    for b in rivers:  # a river border makes no adjacency
        assert spec.border(b.a, b.b) is None
        assert {b.a, b.b} & WEST and {b.a, b.b} & EAST


def test_r1_4_rammas_echor_walls_the_pelennor(gondor):
    layout = gondor.layout
    touched = 0
    for b in layout.borders:
        ends = {b.a, b.b}
        inside = ends & PELENNOR
        if len(inside) == 1 and b.kind != "river":
            other = (ends - inside).pop()
            if other == "minas_tirith":
                assert b.kind == "normal", ends
            else:
                assert (b.kind, b.feature) == ("wall", "Rammas Echor"), ends
                touched += 1
    assert touched >= 5
    assert gondor.spec.border("causeway_forts", "east_pelennor") == "wall"
    assert gondor.spec.border("anorien", "north_pelennor") == "wall"


def test_minas_tirith_mindolluin_and_the_catapult_sites(gondor):
    spec = gondor.spec
    assert set(spec.neighbours("minas_tirith")) == {"mindolluin", "gate_fields", "townlands"}
    assert set(spec.neighbours("mindolluin")) == {"minas_tirith"}
    assert spec.border("minas_tirith", "mindolluin") == "pass"
    for b in gondor.layout.borders:
        if "mindolluin" in (b.a, b.b) and "minas_tirith" not in (b.a, b.b):
            assert b.kind == "mountains" and b.kind in IMPASSABLE_BORDERS
    for site in ("north_pelennor", "east_pelennor", "harlond"):
        assert "minas_tirith" not in spec.neighbours(site)
    assert set(spec.neighbours("minas_morgul")) == {"morgul_vale", "ephel_duath"}


def test_anchors_tracks_and_the_protection_slots(gondor):
    layout = gondor.layout
    for rid, anchors in layout.anchors.items():
        assert set(ANCHOR_KINDS) <= set(anchors) <= set(ANCHOR_KINDS + OPTIONAL_ANCHOR_KINDS)
        assert "siege" in anchors, rid
    # the Shadow Box's slots are named for the Witch-king's positions (data/gondor/positions.yaml)
    positions = ("morgul_throne", "fell_beast", "captain_of_despair")
    assert layout.properties["shadow_positions"] == ",".join(positions)
    for req in required_track_slots(positions):
        assert req in layout.tracks
    assert [s.index for s in layout.fate_spaces] == list(range(13 + 1))  # 0..the endgame (content)
    for rid, top in (("minas_tirith", 8), ("cair_andros", 5)):
        for i in range(top + 1):
            slot = layout.tracks[f"protection.{rid}.{i}"]
            assert slot.track == "protection" and slot.index == i
            assert layout.region_at(*slot.center) is None  # in the frame, off the regions
    assert layout.properties["scenario"] == "gondor"


def test_the_same_frame_as_rohan(gondor):
    rohan = load_map(MAPS / "rohan.tmx").layout
    assert gondor.layout.size == rohan.size
    same = dict(zip(("palantir_room", "balcony", "pits"),
                    ("morgul_throne", "fell_beast", "captain_of_despair")))
    for sid, slot in rohan.tracks.items():
        if slot.track == "fate":  # each track runs to its own content's endgame (test_fate_track.py)
            continue
        if sid.startswith("shadow_box.") and slot.slot in same:
            sid = f"shadow_box.{same[slot.slot]}"
        assert gondor.layout.tracks[sid].rect == slot.rect, sid


def test_gondor_tmx_is_up_to_date_with_source(make_map):
    import subprocess
    import sys

    r = subprocess.run([sys.executable, str(ROOT / "tools" / "make_map.py"), str(GONDOR_SRC),
                        "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
