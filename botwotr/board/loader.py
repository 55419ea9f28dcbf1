"""Tiled ``.tmx`` -> :class:`BoardSpec` (for the rules) + :class:`BoardLayout` (for the UI).

Layer convention (docs/maps.md):

- image layer ``art``: the painted board (PNG, the map's pixel size);
- object layer ``regions``: polygons of class ``Region``; object name = region id; properties
  ``title`` (display name), ``terrain``, ``territory``, ``settlement`` (bool), ``owner`` (fp/sh,
  settlements only), ``vp`` (int), ``orc_area`` (bool);
- object layer ``borders``: polylines of class ``Border``; properties ``a``, ``b`` (region ids),
  ``kind`` (R-1.4), optional ``feature``;
- object layer ``anchors``: points of class ``Anchor``; properties ``region``, ``anchor``;
- object layer ``tracks``: rectangles of class ``TrackSlot``; properties ``track``, ``slot``,
  ``index`` (fate spaces).

Every problem is reported as a :class:`BoardError` naming the file, the layer and object, and
what is wrong; bad input never escapes as a raw traceback. pytmx parses without a display; the
art is only checked (it exists, is a PNG of the right size), never loaded here.
"""

from __future__ import annotations

import os
import re
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from botwotr.board import geometry as geo
from botwotr.board.layout import (
    ANCHOR_KINDS,
    ART_TEXT_STYLES,
    OPTIONAL_ANCHOR_KINDS,
    SHADOW_POSITIONS,
    ArtText,
    BoardLayout,
    BorderLine,
    TrackSlot,
    required_track_slots,
)
from botwotr.core.spec import BORDER_KINDS, SIDES, TERRAINS, BoardSpec, BorderSpec, RegionSpec

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

LAYERS = ("regions", "borders", "anchors", "tracks")
ART_LAYER = "art"
OBJECT_CLASS = {
    "regions": "Region",
    "borders": "Border",
    "anchors": "Anchor",
    "tracks": "TrackSlot",
    "art_text": "ArtText",
}
# Property types the loader expects (Tiled's property "type" attribute).
PROPERTY_TYPES = {
    "regions": {
        "title": "string",
        "terrain": "string",
        "territory": "string",
        "settlement": "bool",
        "owner": "string",
        "vp": "int",
        "orc_area": "bool",
        "recruitment_area": "string",
    },
    "borders": {"a": "string", "b": "string", "kind": "string", "feature": "string"},
    "anchors": {"region": "string", "anchor": "string"},
    "tracks": {"track": "string", "slot": "string", "index": "int"},
    "art_text": {
        "english": "string",
        "style": "string",
        "font_size": "int",
        "ink": "string",
        "lines": "int",
        "ref": "string",
        "align": "string",
        "words_x": "int",
        "words_y": "int",
        "words_w": "int",
        "words_h": "int",
    },
}
ART_TEXT_LAYER = "art_text"  # optional: maps made before it load without it
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class BoardError(Exception):
    """A board map that cannot be used. ``str(err)`` names the file, the object and the problem."""

    def __init__(self, path: str | Path, problem: str, where: str | None = None):
        self.path = str(path)
        self.where = where
        self.problem = problem
        super().__init__(f"{self.path}: {where}: {problem}" if where else f"{self.path}: {problem}")


@dataclass(frozen=True)
class Board:
    """A loaded map: the rules' view and the drawing's view of the same board."""

    spec: BoardSpec
    layout: BoardLayout


# The maps shipped with a source checkout: <repo>/maps/<name>.tmx
MAPS_DIR = Path(__file__).resolve().parents[2] / "maps"


def map_path(name: str = "rohan") -> Path:
    """The path of a shipped map by scenario name (``maps/<name>.tmx``)."""
    return MAPS_DIR / f"{name}.tmx"


def load_board(path: str | Path) -> BoardSpec:
    """The board graph of a ``.tmx`` map (regions, borders, adjacency, anchors)."""
    return load_map(path).spec


def load_layout(path: str | Path) -> BoardLayout:
    return load_map(path).layout


def _where(layer: str, name: Any, oid: Any) -> str:
    label = f"'{name}'" if name else "(unnamed)"
    return f"layer '{layer}' object {label} (id {oid})"


# ---------------------------------------------------------------------------------------------
# Pre-checks on the raw XML (so that pytmx's own errors never reach the user without context)

_CASTS = {"int": int, "float": float, "object": int}


def _precheck_xml(path: Path) -> ET.Element:
    import xml.etree.ElementTree as ET  # only when a map is read from its file, not from the cache

    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        line, col = getattr(e, "position", (0, 0))
        raise BoardError(path, f"malformed XML at line {line}, column {col}: {e}") from None
    except OSError as e:
        raise BoardError(path, f"cannot read the map file: {e.strerror or e}") from None
    if root.tag != "map":
        raise BoardError(path, f"not a Tiled map (root element is <{root.tag}>, expected <map>)")
    if root.get("orientation", "orthogonal") != "orthogonal":
        raise BoardError(path, "only orthogonal maps are supported")
    for group in root.iter("objectgroup"):
        lname = group.get("name") or "(unnamed)"
        for obj in group.findall("object"):
            where = _where(lname, obj.get("name"), obj.get("id"))
            seen = set()
            for props in obj.findall("properties"):
                for p in props.findall("property"):
                    pname = p.get("name")
                    if not pname:
                        raise BoardError(path, "a property without a name", where)
                    if pname in seen:
                        raise BoardError(path, f"property '{pname}' given twice", where)
                    seen.add(pname)
                    ptype = p.get("type", "string")
                    value = p.get("value")
                    if ptype in _CASTS:
                        try:
                            _CASTS[ptype](value)
                        except (TypeError, ValueError):
                            raise BoardError(
                                path, f"property '{pname}' is typed {ptype} but its value is {value!r}", where
                            ) from None
                    elif ptype == "bool" and str(value).lower() not in ("true", "false", "1", "0", "yes", "no"):
                        raise BoardError(path, f"property '{pname}' is typed bool but its value is {value!r}", where)
                    elif ptype == "class":
                        raise BoardError(path, f"property '{pname}' is a class property; use plain values", where)
    return root


def _parse_tmx(path: Path):
    # pytmx imports pygame (for its optional loader): keep pygame's banner quiet.
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import xml.etree.ElementTree as ET

    import pytmx  # local: keeps `import botwotr.board` cheap

    try:
        return pytmx.TiledMap(str(path))
    except ET.ParseError as e:  # pragma: no cover - caught by the pre-check
        raise BoardError(path, f"malformed XML: {e}") from None
    except ValueError as e:
        msg = str(e)
        if "Reserved names" in msg:
            raise BoardError(
                path,
                "a custom property uses a name pytmx reserves (type, name, "
                "id, x, y, width, height, visible, ...): rename it",
            ) from None
        raise BoardError(path, f"pytmx cannot read the map: {msg}") from None
    except Exception as e:  # noqa: BLE001 - pytmx raises bare Exceptions on odd input
        raise BoardError(path, f"pytmx cannot read the map: {type(e).__name__}: {e}") from None


# ---------------------------------------------------------------------------------------------


def _obj_class(obj) -> str | None:
    cls = getattr(obj, "type", None)
    if not cls:
        cls = obj.__dict__.get("class")
    return cls or None


def _str_prop(path, props, key, where, required=True) -> str | None:
    v = props.get(key)
    if v is None or (isinstance(v, str) and v.strip() == ""):
        if required:
            raise BoardError(path, f"missing property '{key}'", where)
        return None
    return str(v).strip()


def _bool_prop(path, props, key, where) -> bool:
    v = props.get(key, False)
    if isinstance(v, bool):
        return v
    s = str(v).strip().lower()
    if s in ("true", "1", "yes"):
        return True
    if s in ("false", "0", "no", "", "none"):
        return False
    raise BoardError(path, f"property '{key}' must be true or false, got {v!r}", where)


def _int_prop(path, props, key, where, default=0) -> int:
    v = props.get(key, default)
    if isinstance(v, bool):
        raise BoardError(path, f"property '{key}' must be a whole number, got {v!r}", where)
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise BoardError(path, f"property '{key}' must be a whole number, got {v!r}", where) from None
    if f != int(f):
        raise BoardError(path, f"property '{key}' must be a whole number, got {v!r}", where)
    return int(f)


def _points(obj) -> tuple[tuple[float, float], ...] | None:
    pts = getattr(obj, "points", None) if "points" in obj.__dict__ else None
    if pts is None:
        return None
    if obj.rotation:
        return tuple((float(x), float(y)) for x, y in obj.apply_transformations())
    return tuple((float(p[0]), float(p[1])) for p in pts)


def _png_size(path: Path) -> tuple[int, int]:
    with open(path, "rb") as f:
        head = f.read(33)
    if len(head) < 24 or head[:8] != PNG_SIGNATURE or head[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return struct.unpack(">II", head[16:24])


def load_map(path: str | Path) -> Board:
    """Load and validate a board map. Raises :class:`BoardError` on any problem.

    A map already loaded is not parsed again while its file and art are unchanged (the content
    loader and the window both ask for the same map)."""
    path = Path(path)
    if not path.is_file():
        raise BoardError(path, "map file not found")
    key = _cache_key(path)
    if key in _CACHE:
        return _CACHE[key]
    board = _stored(key)
    if board is None:
        board = _load_map(path)
        _store(key, board)
    _CACHE.clear()  # keep one map: the one in use
    _CACHE[key] = board
    return board


# -- the validated map kept on disk between runs --------------------------------------------------
# Parsing and validating the Rohan map takes ~0.2 s (pytmx, then every pair of region polygons);
# `botwotr export` and every start of the window paid it. A map that passed is kept, pickled, in
# the cache folder (`$BOTWOTR_HOME/cache/maps`, else the platform's cache folder), under the
# digest of its key: the map's bytes, the art headers and the source of the code that reads it.
# Anything unexpected in a stored file (another key, an old format, a broken file) and the map
# is read and checked again. BOTWOTR_NO_CACHE=1 turns it off.
STORED_MAPS = 4  # the newest kept


def _code_tag() -> bytes:
    import hashlib

    h = hashlib.blake2b(digest_size=16)
    here = Path(__file__).resolve().parent
    for f in (here / "loader.py", here / "geometry.py", here / "layout.py", here.parent / "core" / "spec.py"):
        try:
            h.update(f.read_bytes())
        except OSError:
            h.update(b"?")
    return h.digest()


def _store_folder() -> Path | None:
    from ..folders import kept_cache

    return kept_cache("maps")


def _store_name(key: tuple) -> str:
    import hashlib

    return hashlib.blake2b(repr(key).encode("utf-8", "surrogateescape") + _code_tag(), digest_size=16).hexdigest()


def _stored(key: tuple) -> "Board | None":
    folder = _store_folder()
    if folder is None:
        return None
    import pickle

    try:
        data = (folder / (_store_name(key) + ".pickle")).read_bytes()
        tag, stored_key, board = pickle.loads(data)
    except Exception:  # noqa: BLE001 - none, or not readable: the map is read again
        return None
    if tag != _code_tag() or stored_key != key or not isinstance(board, Board):
        return None
    return board


def _store(key: tuple, board: "Board") -> None:
    folder = _store_folder()
    if folder is None:
        return
    import pickle

    from ..folders import store_kept

    try:
        blob = pickle.dumps((_code_tag(), key, board), protocol=pickle.HIGHEST_PROTOCOL)
        store_kept(folder, _store_name(key) + ".pickle", blob, STORED_MAPS)
    except Exception:  # noqa: BLE001 - no cache then: the map is read again next time
        pass


_CACHE: dict[tuple, "Board"] = {}


def _cache_key(path: Path) -> tuple:
    """The map's bytes and the PNG headers beside it (all the loader reads of the art)."""
    import hashlib

    digest = hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()
    art = []
    for p in sorted(path.parent.glob("*.png")):
        with open(p, "rb") as f:
            art.append((p.name, f.read(33)))
    return (str(path.resolve()), digest, tuple(art))


def _load_map(path: Path) -> Board:
    _precheck_xml(path)
    tmx = _parse_tmx(path)

    size = (int(tmx.width) * int(tmx.tilewidth), int(tmx.height) * int(tmx.tileheight))
    layers: dict[str, Any] = {}
    for layer in tmx.layers:
        lname = getattr(layer, "name", None)
        if lname in layers:
            raise BoardError(path, f"two layers are named '{lname}'")
        layers[lname] = layer
    for lname in LAYERS:
        if lname not in layers:
            raise BoardError(path, f"missing object layer '{lname}'")
        if not isinstance(layers[lname], list):
            raise BoardError(path, f"layer '{lname}' must be an object layer")

    # ---- art
    art = layers.get(ART_LAYER)
    if art is None or not hasattr(art, "source"):
        raise BoardError(path, f"missing image layer '{ART_LAYER}'")
    if not art.source:
        raise BoardError(path, "the image has no source", f"image layer '{ART_LAYER}'")
    art_path = (path.parent / art.source).resolve()
    if not art_path.is_file():
        raise BoardError(path, f"art image not found: {art_path}", f"image layer '{ART_LAYER}'")
    try:
        png = _png_size(art_path)
    except (OSError, ValueError, struct.error) as e:
        raise BoardError(path, f"art image {art_path} is unreadable: {e}", f"image layer '{ART_LAYER}'") from None
    if png != size:
        raise BoardError(
            path,
            f"art image {art_path.name} is {png[0]}x{png[1]} pixels but the map is {size[0]}x{size[1]}",
            f"image layer '{ART_LAYER}'",
        )

    def check_class(lname, obj, where):
        cls = _obj_class(obj)
        if cls is not None and cls != OBJECT_CLASS[lname]:
            raise BoardError(path, f"class is '{cls}', expected '{OBJECT_CLASS[lname]}'", where)

    # ---- regions
    regions: dict[str, RegionSpec] = {}
    polygons: dict[str, tuple[tuple[float, float], ...]] = {}
    region_where: dict[str, str] = {}
    for obj in layers["regions"]:
        where = _where("regions", obj.name, obj.id)
        check_class("regions", obj, where)
        rid = (obj.name or "").strip()
        if not rid:
            raise BoardError(path, "a region needs a name (its id)", where)
        if rid in regions:
            raise BoardError(path, f"duplicate region id '{rid}' (first at {region_where[rid]})", where)
        props = obj.properties
        pts = _points(obj)
        if pts is None or not obj.closed:
            raise BoardError(path, "a region must be a polygon", where)
        if len(pts) < 3:
            raise BoardError(path, f"polygon has {len(pts)} points; at least 3 are needed", where)
        bad = geo.self_intersection(pts)
        if bad:
            i, j = bad
            raise BoardError(
                path,
                f"polygon is self-intersecting (edge {i} at {_fmt(pts[i])} meets edge {j} at {_fmt(pts[j])})",
                where,
            )
        if abs(geo.polygon_area(pts)) < 1.0:
            raise BoardError(path, "polygon has no area", where)
        terrain = _str_prop(path, props, "terrain", where)
        if terrain not in TERRAINS:
            raise BoardError(path, f"unknown terrain '{terrain}' (expected one of {', '.join(TERRAINS)})", where)
        settlement = _bool_prop(path, props, "settlement", where)
        owner = _str_prop(path, props, "owner", where, required=False)
        if settlement and owner not in SIDES:
            raise BoardError(path, f"a settlement needs property 'owner' = fp or sh, got {owner!r}", where)
        if not settlement and owner:
            raise BoardError(path, "property 'owner' is set but the region has no settlement", where)
        vp = _int_prop(path, props, "vp", where)
        if vp < 0:
            raise BoardError(path, f"vp must not be negative, got {vp}", where)
        regions[rid] = RegionSpec(
            id=rid,
            name=_str_prop(path, props, "title", where, required=False) or rid,
            terrain=terrain,
            territory=_str_prop(path, props, "territory", where, False),
            settlement=settlement,
            owner=owner if settlement else None,
            vp=vp,
            orc_area=_bool_prop(path, props, "orc_area", where),
            recruitment_area=_recruitment_area(path, props, where),
        )
        polygons[rid] = pts
        region_where[rid] = where
    if not regions:
        raise BoardError(path, "the layer has no regions", "layer 'regions'")

    # ---- overlaps
    ids = list(polygons)
    boxes = {r: geo.bbox(polygons[r]) for r in ids}
    inner = {}
    for i, ra in enumerate(ids):
        for rb in ids[i + 1 :]:
            ba, bb = boxes[ra], boxes[rb]
            if ba[2] <= bb[0] or bb[2] <= ba[0] or ba[3] <= bb[1] or bb[3] <= ba[1]:
                continue
            for r in (ra, rb):
                if r not in inner:
                    inner[r] = geo.interior_point(polygons[r])
            if geo.polygons_overlap(polygons[ra], polygons[rb], inner[ra], inner[rb]):
                raise BoardError(path, f"polygon overlaps region '{rb}' ({region_where[rb]})", region_where[ra])

    # ---- borders
    borders: list[BorderSpec] = []
    lines: list[BorderLine] = []
    seen_pairs: dict[frozenset, tuple[str, str]] = {}
    for obj in layers["borders"]:
        where = _where("borders", obj.name, obj.id)
        check_class("borders", obj, where)
        props = obj.properties
        a = _str_prop(path, props, "a", where, required=False)
        b = _str_prop(path, props, "b", where, required=False)
        if not a or not b:
            missing = " and ".join(k for k, v in (("a", a), ("b", b)) if not v)
            raise BoardError(
                path, f"border is missing its end {missing} (properties 'a' and 'b' name the two regions)", where
            )
        for end in (a, b):
            if end not in regions:
                raise BoardError(path, f"border names a missing region '{end}'", where)
        if a == b:
            raise BoardError(path, f"border joins region '{a}' to itself", where)
        kind = _str_prop(path, props, "kind", where, required=False) or "normal"
        if kind not in BORDER_KINDS:
            raise BoardError(path, f"unknown border kind '{kind}' (expected one of {', '.join(BORDER_KINDS)})", where)
        key = frozenset((a, b))
        if key in seen_pairs:
            first_where, first_kind = seen_pairs[key]
            if first_kind != kind:
                raise BoardError(
                    path, f"asymmetric border: {a}|{b} is '{kind}' here but '{first_kind}' at {first_where}", where
                )
            raise BoardError(path, f"duplicate border {a}|{b} (also at {first_where})", where)
        seen_pairs[key] = (where, kind)
        pts = _points(obj)
        if pts is not None and len(pts) >= 2:
            mid, _ = geo.point_along(pts, 0.5)
            for end in (a, b):
                if geo.distance_to_boundary(mid, polygons[end]) > 4.0:
                    raise BoardError(
                        path,
                        f"the border line does not run along region "
                        f"'{end}' (its middle {_fmt(mid)} is off that region's "
                        f"edge)",
                        where,
                    )
        else:
            pts = ()
        borders.append(BorderSpec(a, b, kind))
        lines.append(BorderLine(a, b, kind, pts, _str_prop(path, props, "feature", where, required=False)))

    # Touching regions must have a border entry (shared polygon edges, points within 0.5 px).
    edge_owner: dict[frozenset, list[str]] = {}
    for rid, poly in polygons.items():
        for p, q in geo.edges(poly):
            k = frozenset(((round(p[0] * 2), round(p[1] * 2)), (round(q[0] * 2), round(q[1] * 2))))
            edge_owner.setdefault(k, []).append(rid)
    for k, rs in edge_owner.items():
        if len(rs) == 2 and frozenset(rs) not in seen_pairs and rs[0] != rs[1]:
            a, b = sorted(rs)
            raise BoardError(
                path, f"regions '{a}' and '{b}' share an edge but no border object names them", "layer 'borders'"
            )

    # ---- anchors
    anchors: dict[str, dict[str, tuple[float, float]]] = {r: {} for r in regions}
    for obj in layers["anchors"]:
        where = _where("anchors", obj.name, obj.id)
        check_class("anchors", obj, where)
        props = obj.properties
        rid = _str_prop(path, props, "region", where)
        kind = _str_prop(path, props, "anchor", where)
        if rid not in regions:
            raise BoardError(path, f"anchor names a missing region '{rid}'", where)
        if kind not in ANCHOR_KINDS and kind not in OPTIONAL_ANCHOR_KINDS:
            known = ", ".join(ANCHOR_KINDS + OPTIONAL_ANCHOR_KINDS)
            raise BoardError(path, f"unknown anchor kind '{kind}' (expected one of {known})", where)
        if kind in anchors[rid]:
            raise BoardError(path, f"second '{kind}' anchor for region '{rid}'", where)
        pt = (float(obj.x), float(obj.y))
        if geo.point_in_polygon(pt, polygons[rid]) < 0:
            raise BoardError(path, f"anchor {_fmt(pt)} lies outside region '{rid}'", where)
        anchors[rid][kind] = pt
    for rid in regions:
        missing = [k for k in ANCHOR_KINDS if k not in anchors[rid]]
        if missing:
            raise BoardError(path, f"region has no anchor(s): {', '.join(missing)}", region_where[rid])

    # ---- tracks
    tracks: dict[str, TrackSlot] = {}
    for obj in layers["tracks"]:
        where = _where("tracks", obj.name, obj.id)
        check_class("tracks", obj, where)
        sid = (obj.name or "").strip()
        if not sid:
            raise BoardError(path, "a track slot needs a name", where)
        if sid in tracks:
            raise BoardError(path, f"duplicate track slot '{sid}'", where)
        props = obj.properties
        track = _str_prop(path, props, "track", where)
        slot = _str_prop(path, props, "slot", where, required=False) or sid
        index = _int_prop(path, props, "index", where) if "index" in props else None
        if track == "fate" and index is None:
            raise BoardError(path, "a fate-track space needs property 'index'", where)
        w, h = float(obj.width), float(obj.height)
        if w <= 0 or h <= 0:
            raise BoardError(path, "a track slot must be a rectangle with a size", where)
        tracks[sid] = TrackSlot(sid, track, slot, (float(obj.x), float(obj.y), w, h), index)
    positions = [p.strip() for p in str(tmx.properties.get("shadow_positions") or "").split(",") if p.strip()]
    for req in required_track_slots(positions or SHADOW_POSITIONS):
        if req not in tracks:
            raise BoardError(path, f"missing track slot '{req}'", "layer 'tracks'")
    fate = sorted(s.index for s in tracks.values() if s.track == "fate")
    if not fate or fate != list(range(len(fate))) or len(fate) < 2:
        raise BoardError(path, f"the fate track needs spaces 0..N without gaps, found {fate}", "layer 'tracks'")
    for s in tracks.values():
        if s.track == "fate" and s.id != f"fate.{s.index}":
            raise BoardError(
                path,
                f"fate space with index {s.index} must be named 'fate.{s.index}'",
                f"layer 'tracks' object '{s.id}'",
            )
        hit = next((r for r in ids if geo.point_in_polygon(s.center, polygons[r]) == 1), None)
        if hit:
            raise BoardError(
                path, f"the slot lies on region '{hit}'; tracks belong in the frame", f"layer 'tracks' object '{s.id}'"
            )

    art_texts = _art_texts(path, layers.get(ART_TEXT_LAYER), check_class, size)

    spec = BoardSpec.build(regions, tuple(borders), anchors)
    props = dict(tmx.properties)
    layout = BoardLayout(
        source=path.resolve(),
        art=art_path,
        size=size,
        tile_size=int(tmx.tilewidth),
        polygons=polygons,
        anchors={r: dict(a) for r, a in anchors.items()},
        borders=tuple(lines),
        tracks=tracks,
        properties=props,
        art_texts=art_texts,
    )
    return Board(spec, layout)


def _art_texts(path, layer, check_class, size) -> tuple[ArtText, ...]:
    """The optional ``art_text`` layer: the English words painted in the frame."""
    if layer is None:
        return ()
    if not isinstance(layer, list):
        raise BoardError(path, f"layer '{ART_TEXT_LAYER}' must be an object layer")
    out = []
    for obj in layer:
        where = _where(ART_TEXT_LAYER, obj.name, obj.id)
        check_class(ART_TEXT_LAYER, obj, where)
        props = obj.properties
        english = _str_prop(path, props, "english", where)
        style = _str_prop(path, props, "style", where, required=False) or "regular"
        if style not in ART_TEXT_STYLES:
            raise BoardError(path, f"unknown style {style!r} (expected one of {', '.join(ART_TEXT_STYLES)})", where)
        fsize = _int_prop(path, props, "font_size", where, default=18)
        lines = _int_prop(path, props, "lines", where, default=1)
        if fsize <= 0 or lines <= 0:
            raise BoardError(path, "font_size and lines must be positive", where)
        ink_s = _str_prop(path, props, "ink", where, required=False) or "#3a2616"
        if not re.fullmatch(r"#[0-9a-fA-F]{6}", ink_s):
            raise BoardError(path, f"ink must be a colour #rrggbb, got {ink_s!r}", where)
        ink = (int(ink_s[1:3], 16), int(ink_s[3:5], 16), int(ink_s[5:7], 16))
        ref = _str_prop(path, props, "ref", where, required=False) or ""
        align = _str_prop(path, props, "align", where, required=False) or "center"
        if align not in ("center", "left"):
            raise BoardError(path, f"align must be center or left, got {align!r}", where)
        w, h = float(obj.width or 0), float(obj.height or 0)
        x, y = float(obj.x), float(obj.y)
        if w <= 0 or h <= 0:
            raise BoardError(path, "an art text must be a rectangle with a size", where)
        if x < 0 or y < 0 or x + w > size[0] or y + h > size[1]:
            raise BoardError(path, f"the rectangle lies outside the {size[0]}x{size[1]} board", where)
        words = None
        if "words_x" in props:
            words = tuple(float(_int_prop(path, props, k, where)) for k in ("words_x", "words_y", "words_w", "words_h"))
            wx, wy, ww, wh = words
            if ww <= 0 or wh <= 0 or wx < x or wy < y or wx + ww > x + w or wy + wh > y + h:
                raise BoardError(
                    path, "the painted words' box (words_x, words_y, words_w, words_h) must lie in the rectangle", where
                )
        angle = props.get("angle", 0.0)
        if isinstance(angle, bool) or not isinstance(angle, (int, float)) or not -180 <= angle <= 180:
            raise BoardError(path, f"angle must be a number of degrees from -180 to 180, got {angle!r}", where)
        out.append(ArtText(english, (x, y, w, h), style, fsize, ink, lines, ref, align, words, float(angle)))
    return tuple(out)


def _recruitment_area(path, props, where) -> bool:
    """A board-edge recruitment area (no stacking limit): property ``recruitment_area`` = fp or sh."""
    side = _str_prop(path, props, "recruitment_area", where, required=False)
    if side and side not in SIDES:
        raise BoardError(path, f"recruitment_area must be fp or sh, got {side!r}", where)
    return bool(side)


def _fmt(p) -> str:
    return f"({p[0]:g}, {p[1]:g})"
