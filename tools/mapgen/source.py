"""Read and check ``maps/src/*.yaml``, the authored source of a board.

The result is a :class:`MapSource`: plain data the TMX writer and the art renderer share.
Border lines are not authored: they are computed from the edges that two region polygons share.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from botwotr.board import geometry as geo
from botwotr.board.layout import (
    ANCHOR_KINDS,
    OPTIONAL_ANCHOR_KINDS,
    SHADOW_POSITIONS,
    required_track_slots,
)
from botwotr.core.spec import BORDER_KINDS, SIDES, TERRAINS

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml when present: 10x faster
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")


class SourceError(Exception):
    """A problem in the map source; the message names the file and the entry."""


@dataclass(frozen=True)
class SrcRegion:
    id: str
    name: str
    terrain: str
    territory: str
    settlement: bool
    owner: str | None
    vp: int
    orc_area: bool
    polygon: tuple[tuple[int, int], ...]
    anchors: dict[str, tuple[int, int]]
    recruitment_area: str | None = None  # fp / sh: a board-edge recruitment area


@dataclass(frozen=True)
class SrcBorder:
    a: str
    b: str
    kind: str
    feature: str | None
    lines: tuple[tuple[tuple[int, int], ...], ...]  # usually one polyline

    @property
    def points(self) -> tuple[tuple[int, int], ...]:
        return self.lines[0]


@dataclass(frozen=True)
class SrcTrack:
    id: str
    track: str
    slot: str
    rect: tuple[int, int, int, int]
    index: int | None = None  # the space number (fate and protection tracks)


@dataclass(frozen=True)
class SrcDecoration:
    kind: str
    feature: str | None
    points: tuple[tuple[int, int], ...]


@dataclass
class MapSource:
    path: Path
    id: str
    title: str
    tile_size: int
    size: tuple[int, int]
    area: tuple[int, int, int, int]
    art: str
    seed: int
    # the painter's look ("rohan", "gondor") and the frame's words that differ between faces
    style: str = "rohan"
    shadow_box_title: str = "The Shadow Box \u2014 Saruman"
    special_deck: str = "Gr\u00edma"
    # the Shadow Box position slots (shadow_box.<id>) -> the painted name; Rohan's by default
    position_names: dict[str, str] = field(default_factory=dict)

    @property
    def positions(self) -> tuple[str, ...]:
        return tuple(self.position_names) or SHADOW_POSITIONS
    regions: dict[str, SrcRegion] = field(default_factory=dict)
    borders: list[SrcBorder] = field(default_factory=list)
    tracks: list[SrcTrack] = field(default_factory=list)
    decorations: list[SrcDecoration] = field(default_factory=list)

    def border(self, a: str, b: str) -> SrcBorder | None:
        for bd in self.borders:
            if {bd.a, bd.b} == {a, b}:
                return bd
        return None


def _pt(v, where: str) -> tuple[int, int]:
    if (not isinstance(v, (list, tuple)) or len(v) != 2
            or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in v)):
        raise SourceError(f"{where}: expected a point [x, y], got {v!r}")
    return (int(round(v[0])), int(round(v[1])))


def load_source(path: str | Path) -> MapSource:
    path = Path(path)
    try:
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader)
    except OSError as e:
        raise SourceError(f"{path}: cannot read: {e.strerror}") from None
    except yaml.YAMLError as e:
        raise SourceError(f"{path}: not valid YAML: {e}") from None
    if not isinstance(data, dict):
        raise SourceError(f"{path}: expected a mapping at the top level")

    def need(d, key, where, kind=None):
        if not isinstance(d, dict) or key not in d:
            raise SourceError(f"{path}: {where}: missing key '{key}'")
        v = d[key]
        if kind is not None and not isinstance(v, kind):
            raise SourceError(f"{path}: {where}.{key}: expected {kind.__name__}, got {v!r}")
        return v

    m = need(data, "map", "top level", dict)
    size = tuple(need(m, "size", "map", list))
    area = tuple(need(m, "area", "map", list))
    src = MapSource(path=path, id=need(m, "id", "map", str), title=need(m, "title", "map", str),
                    tile_size=need(m, "tile_size", "map", int), size=size, area=area,
                    art=need(m, "art", "map", str), seed=need(m, "seed", "map", int))
    src.style = m.get("style", "rohan")
    if src.style not in ("rohan", "gondor"):
        raise SourceError(f"{path}: map.style: unknown style {src.style!r} (rohan or gondor)")
    sbox = m.get("shadow_box") or {}
    if not isinstance(sbox, dict):
        raise SourceError(f"{path}: map.shadow_box: expected a mapping")
    src.shadow_box_title = str(sbox.get("title", src.shadow_box_title))
    src.special_deck = str(sbox.get("special", src.special_deck))
    names = sbox.get("positions") or {}
    if not isinstance(names, dict):
        raise SourceError(f"{path}: map.shadow_box.positions: expected a mapping slot -> name")
    src.position_names = {str(k): str(v) for k, v in names.items()}
    if size[0] % src.tile_size or size[1] % src.tile_size:
        raise SourceError(f"{path}: map.size {size} is not a multiple of tile_size")

    for i, r in enumerate(need(data, "regions", "top level", list)):
        where = f"regions[{i}]"
        rid = need(r, "id", where, str)
        where = f"regions[{i}] ({rid})"
        if not ID_RE.match(rid):
            raise SourceError(f"{path}: {where}: id must be snake_case")
        if rid in src.regions:
            raise SourceError(f"{path}: {where}: duplicate region id '{rid}'")
        terrain = need(r, "terrain", where, str)
        if terrain not in TERRAINS:
            raise SourceError(f"{path}: {where}: unknown terrain '{terrain}' "
                              f"(expected one of {', '.join(TERRAINS)})")
        settlement = bool(r.get("settlement", False))
        owner = r.get("owner")
        if settlement and owner not in SIDES:
            raise SourceError(f"{path}: {where}: a settlement needs owner fp or sh")
        if not settlement and owner is not None:
            raise SourceError(f"{path}: {where}: owner given but settlement is false")
        vp = r.get("vp", 0)
        if not isinstance(vp, int) or vp < 0:
            raise SourceError(f"{path}: {where}: vp must be a whole number >= 0")
        poly = tuple(_pt(p, f"{path}: {where}.polygon") for p in need(r, "polygon", where, list))
        if len(poly) < 3:
            raise SourceError(f"{path}: {where}: polygon needs at least 3 points")
        bad = geo.self_intersection(poly)
        if bad:
            raise SourceError(f"{path}: {where}: polygon is not simple (edges {bad[0]} and "
                              f"{bad[1]} touch: {poly[bad[0]]}, {poly[bad[1]]})")
        anchors_in = need(r, "anchors", where, dict)
        anchors = {}
        for k in ANCHOR_KINDS:
            if k not in anchors_in:
                raise SourceError(f"{path}: {where}: missing anchor '{k}'")
            anchors[k] = _pt(anchors_in[k], f"{path}: {where}.anchors.{k}")
            if geo.point_in_polygon(anchors[k], poly) != 1:
                raise SourceError(f"{path}: {where}: anchor '{k}' {anchors[k]} is outside "
                                  f"the region's polygon")
        for k in OPTIONAL_ANCHOR_KINDS:
            if k in anchors_in:
                anchors[k] = _pt(anchors_in[k], f"{path}: {where}.anchors.{k}")
                if geo.point_in_polygon(anchors[k], poly) != 1:
                    raise SourceError(f"{path}: {where}: anchor '{k}' {anchors[k]} is outside "
                                      f"the region's polygon")
        for k in anchors_in:
            if k not in ANCHOR_KINDS and k not in OPTIONAL_ANCHOR_KINDS:
                raise SourceError(f"{path}: {where}: unknown anchor kind '{k}'")
        src.regions[rid] = SrcRegion(rid, need(r, "name", where, str), terrain,
                                     need(r, "territory", where, str), settlement,
                                     owner if settlement else None, vp,
                                     bool(r.get("orc_area", False)), poly, anchors,
                                     _recruitment(r, f"{path}: {where}"))

    _check_tiling(src)

    listed: dict[frozenset, dict] = {}
    for i, b in enumerate(need(data, "borders", "top level", list)):
        where = f"borders[{i}]"
        a = need(b, "a", where, str)
        bb = need(b, "b", where, str)
        where = f"borders[{i}] ({a}|{bb})"
        for end in (a, bb):
            if end not in src.regions:
                raise SourceError(f"{path}: {where}: no region '{end}'")
        if a == bb:
            raise SourceError(f"{path}: {where}: a border needs two different regions")
        kind = b.get("kind", "normal")
        if kind not in BORDER_KINDS:
            raise SourceError(f"{path}: {where}: unknown border kind '{kind}' "
                              f"(expected one of {', '.join(BORDER_KINDS)})")
        key = frozenset((a, bb))
        if key in listed:
            raise SourceError(f"{path}: {where}: second border for the same pair")
        listed[key] = {"a": a, "b": bb, "kind": kind, "feature": b.get("feature")}

    touching = _touching_pairs(src)
    ax, ay, aw, ah = src.area
    total = sum(abs(geo.polygon_area(r.polygon)) for r in src.regions.values())
    if abs(total - aw * ah) > 1.0:
        raise SourceError(f"{path}: the regions cover {total:.0f} px² but the map area is "
                          f"{aw * ah} px²: there is a gap")
    for key, segs in sorted(touching.items(), key=lambda kv: sorted(kv[0])):
        if key not in listed:
            a, b = sorted(key)
            raise SourceError(f"{path}: regions {a} and {b} touch but borders has no entry "
                              f"for them")
    for key, b in listed.items():
        if key not in touching:
            raise SourceError(f"{path}: border {b['a']}|{b['b']}: the two regions do not "
                              f"share an edge")
        lines = geo.chain_edges(touching[key])
        # orient each line from a to b's left-to-right reading order: start at the smaller point
        lines = [tuple(ln if ln[0] <= ln[-1] else ln[::-1]) for ln in lines]
        if len(lines) != 1:
            raise SourceError(f"{path}: border {b['a']}|{b['b']}: the regions share "
                              f"{len(lines)} separate stretches; make it one")
        src.borders.append(SrcBorder(b["a"], b["b"], b["kind"], b["feature"],
                                     tuple(tuple((int(x), int(y)) for x, y in ln)
                                           for ln in lines)))

    for i, d in enumerate(data.get("decorations") or []):
        where = f"decorations[{i}]"
        pts = tuple(_pt(p, f"{path}: {where}.points") for p in need(d, "points", where, list))
        src.decorations.append(SrcDecoration(need(d, "kind", where, str), d.get("feature"), pts))

    seen = set()
    for i, t in enumerate(need(data, "tracks", "top level", list)):
        where = f"tracks[{i}]"
        tid = need(t, "id", where, str)
        if tid in seen:
            raise SourceError(f"{path}: {where}: duplicate track slot '{tid}'")
        seen.add(tid)
        rect = need(t, "rect", where, list)
        if len(rect) != 4 or not all(isinstance(v, int) for v in rect):
            raise SourceError(f"{path}: {where} ({tid}): rect must be [x, y, w, h] integers")
        index = t.get("index")
        if index is not None and (not isinstance(index, int) or isinstance(index, bool)):
            raise SourceError(f"{path}: {where} ({tid}): index must be a whole number")
        src.tracks.append(SrcTrack(tid, need(t, "track", where, str), str(need(t, "slot", where)),
                                   tuple(rect), index))
        x, y, w, h = rect
        ax, ay, aw, ah = src.area
        if x < ax + aw and ax < x + w and y < ay + ah and ay < y + h:
            raise SourceError(f"{path}: {where} ({tid}): slot overlaps the region area")
    for req in required_track_slots(src.positions):
        if req not in seen:
            raise SourceError(f"{path}: tracks: missing slot '{req}'")
    if "fate.0" not in seen:
        raise SourceError(f"{path}: tracks: missing slot 'fate.0'")
    return src


def _recruitment(r: dict, where: str) -> str | None:
    side = r.get("recruitment_area")
    if side in (None, False):
        return None
    if side not in SIDES:
        raise SourceError(f"{where}: recruitment_area must be fp or sh, got {side!r}")
    return side


def _check_tiling(src: MapSource) -> None:
    """Regions must not overlap, and must cover the map area exactly (no gaps)."""
    path = src.path
    regs = list(src.regions.values())
    inner = {r.id: geo.interior_point(r.polygon) for r in regs}
    for i, ra in enumerate(regs):
        for rb in regs[i + 1:]:
            if geo.polygons_overlap(ra.polygon, rb.polygon, inner[ra.id], inner[rb.id]):
                raise SourceError(f"{path}: regions {ra.id} and {rb.id} overlap")
    ax, ay, aw, ah = src.area
    for r in regs:
        x0, y0, x1, y1 = geo.bbox(r.polygon)
        if x0 < ax or y0 < ay or x1 > ax + aw or y1 > ay + ah:
            raise SourceError(f"{path}: region {r.id} reaches outside the map area")


def _touching_pairs(src: MapSource) -> dict[frozenset, list]:
    """Region pairs -> the polygon edges they share (exact points)."""
    owner: dict[frozenset, list[str]] = {}
    for r in src.regions.values():
        for a, b in geo.edges(r.polygon):
            owner.setdefault(frozenset((a, b)), []).append(r.id)
    ax, ay, aw, ah = src.area
    pairs: dict[frozenset, list] = {}
    for e, rs in owner.items():
        if len(rs) == 2:
            a, b = tuple(e)
            pairs.setdefault(frozenset(rs), []).append((a, b))
        elif len(rs) == 1:
            a, b = tuple(e)
            on_frame = ((a[0] == b[0] and a[0] in (ax, ax + aw))
                        or (a[1] == b[1] and a[1] in (ay, ay + ah)))
            if not on_frame:
                raise SourceError(f"{src.path}: region {rs[0]}: edge {a}-{b} is shared with no "
                                  f"other region and is not on the map frame (a gap, or a "
                                  f"shared point moved in only one polygon)")
        else:
            raise SourceError(f"{src.path}: edge {tuple(e)} is used by {len(rs)} regions "
                              f"({', '.join(rs)})")
    return pairs
