"""Write a :class:`MapSource` as a Tiled ``.tmx`` file (XML, orthogonal, no tilesets).

The output is deterministic (fixed attribute order, fixed object order, integer coordinates)
and opens in Tiled 1.8+; pytmx 3.32 reads it without a display.
"""
from __future__ import annotations

from xml.sax.saxutils import quoteattr

from mapgen.source import MapSource

TILED_VERSION = "1.10.2"
FORMAT_VERSION = "1.10"

# Names pytmx already uses on objects, layers or the map: a custom property with one of these
# names makes pytmx refuse the file ("Reserved names and duplicate names are not allowed").
PYTMX_RESERVED = {
    "id", "name", "type", "class", "x", "y", "width", "height", "rotation", "gid", "visible",
    "closed", "template", "points", "image", "source", "parent", "properties", "opacity",
    "offsetx", "offsety", "color", "draworder", "trans", "version", "tiledversion",
    "orientation", "renderorder", "tilewidth", "tileheight", "layers", "tilesets", "filename",
    "background_color", "nextobjectid", "nextlayerid", "infinite", "custom_types",
}


def _num(v) -> str:
    if isinstance(v, float) and not v.is_integer():
        return f"{v:.2f}".rstrip("0").rstrip(".")
    return str(int(v))


def _props(items: list[tuple[str, str, object]], indent: str) -> list[str]:
    out = [f"{indent}<properties>"]
    for name, ptype, value in items:
        if name in PYTMX_RESERVED:
            raise ValueError(f"property name '{name}' is reserved by pytmx")
        if ptype == "bool":
            value = "true" if value else "false"
        t = "" if ptype == "string" else f" type=\"{ptype}\""
        out.append(f"{indent} <property name=\"{name}\"{t} value={quoteattr(str(value))}/>")
    out.append(f"{indent}</properties>")
    return out


def _points_attr(points, ox, oy) -> str:
    return " ".join(f"{_num(x - ox)},{_num(y - oy)}" for x, y in points)


def render_tmx(src: MapSource, art_texts: list[dict] | None = None) -> str:
    """The map as Tiled XML; `art_texts` (``mapgen.art.frame_texts``) adds the `art_text` layer:
    one rectangle per English text painted in the frame (class ``ArtText``; properties
    ``english``, ``style``, ``font_size``, ``ink``, ``lines``; ``align`` ``left`` for words that
    start at the left edge; ``words_x/y/w/h``, the painted words' own box when the rect is the
    wider room they stand in; for a content text, ``ref``)."""
    ts = src.tile_size
    w_tiles, h_tiles = src.size[0] // ts, src.size[1] // ts
    lines: list[str] = []
    add = lines.append
    oid = 0

    def next_id() -> int:
        nonlocal oid
        oid += 1
        return oid

    body: list[str] = []
    b = body.append
    # 1: the art
    b(' <imagelayer id="1" name="art" locked="1">')
    b(f"  <image source={quoteattr(src.art)} width=\"{src.size[0]}\" "
      f"height=\"{src.size[1]}\"/>")
    b(" </imagelayer>")

    # 2: regions
    b(' <objectgroup id="2" name="regions" color="#8b4513">')
    for r in src.regions.values():
        x0, y0 = r.polygon[0]
        b(f"  <object id=\"{next_id()}\" name=\"{r.id}\" type=\"Region\" x=\"{x0}\" "
          f"y=\"{y0}\">")
        props = [("title", "string", r.name), ("terrain", "string", r.terrain),
                 ("territory", "string", r.territory), ("settlement", "bool", r.settlement)]
        if r.settlement:
            props.append(("owner", "string", r.owner))
        props.append(("vp", "int", r.vp))
        props.append(("orc_area", "bool", r.orc_area))
        if r.recruitment_area:
            props.append(("recruitment_area", "string", r.recruitment_area))
        body.extend(_props(props, "   "))
        b(f"   <polygon points=\"{_points_attr(r.polygon, x0, y0)}\"/>")
        b("  </object>")
    b(" </objectgroup>")

    # 3: borders
    b(' <objectgroup id="3" name="borders" color="#1e5aa0">')
    for bd in src.borders:
        pts = bd.points
        x0, y0 = pts[0]
        b(f"  <object id=\"{next_id()}\" name=\"{bd.a}|{bd.b}\" type=\"Border\" x=\"{x0}\" "
          f"y=\"{y0}\">")
        props = [("a", "string", bd.a), ("b", "string", bd.b), ("kind", "string", bd.kind)]
        if bd.feature:
            props.append(("feature", "string", bd.feature))
        body.extend(_props(props, "   "))
        b(f"   <polyline points=\"{_points_attr(pts, x0, y0)}\"/>")
        b("  </object>")
    b(" </objectgroup>")

    # 4: anchors
    b(' <objectgroup id="4" name="anchors" color="#b02020">')
    for r in src.regions.values():
        for kind, (x, y) in r.anchors.items():
            b(f"  <object id=\"{next_id()}\" name=\"{r.id}.{kind}\" type=\"Anchor\" "
              f"x=\"{x}\" y=\"{y}\">")
            body.extend(_props([("region", "string", r.id), ("anchor", "string", kind)], "   "))
            b("   <point/>")
            b("  </object>")
    b(" </objectgroup>")

    # 5: tracks
    b(' <objectgroup id="5" name="tracks" color="#406020">')
    for t in src.tracks:
        x, y, w, h = t.rect
        b(f"  <object id=\"{next_id()}\" name=\"{t.id}\" type=\"TrackSlot\" x=\"{x}\" "
          f"y=\"{y}\" width=\"{w}\" height=\"{h}\">")
        props = [("track", "string", t.track), ("slot", "string", t.slot)]
        if t.track == "fate":
            props.append(("index", "int", int(t.slot)))
        elif t.index is not None:
            props.append(("index", "int", t.index))
        body.extend(_props(props, "   "))
        b("  </object>")
    b(" </objectgroup>")

    nlayers = 5
    if art_texts:
        nlayers = 6
        b(' <objectgroup id="6" name="art_text" color="#a06020" visible="0">')
        for k, t in enumerate(art_texts):
            x, y, w, h = t["rect"]
            b(f"  <object id=\"{next_id()}\" name=\"text.{k}\" type=\"ArtText\" x=\"{x}\" "
              f"y=\"{y}\" width=\"{w}\" height=\"{h}\">")
            props = [("english", "string", t["text"]), ("style", "string", t["style"]),
                     ("font_size", "int", t["size"]),
                     ("ink", "string", "#%02x%02x%02x" % tuple(t["ink"])),
                     ("lines", "int", t["lines"])]
            if t["ref"]:
                props.append(("ref", "string", t["ref"]))
            if t.get("angle"):
                props.append(("angle", "float", t["angle"]))
            if t.get("align", "center") != "center":
                props.append(("align", "string", t["align"]))
            if tuple(t.get("words", t["rect"])) != tuple(t["rect"]):
                # the painted words' own box, inside the room (x, y, width, height)
                wx, wy, ww, wh = t["words"]
                props += [("words_x", "int", wx), ("words_y", "int", wy), ("words_w", "int", ww),
                          ("words_h", "int", wh)]
            body.extend(_props(props, "   "))
            b("  </object>")
        b(" </objectgroup>")

    add('<?xml version="1.0" encoding="UTF-8"?>')
    add(f"<map version=\"{FORMAT_VERSION}\" tiledversion=\"{TILED_VERSION}\" "
        f"orientation=\"orthogonal\" renderorder=\"right-down\" width=\"{w_tiles}\" "
        f"height=\"{h_tiles}\" tilewidth=\"{ts}\" tileheight=\"{ts}\" infinite=\"0\" "
        f"nextlayerid=\"{nlayers + 1}\" nextobjectid=\"{oid + 1}\">")
    ax, ay, aw, ah = src.area
    lines.extend(_props([
        ("scenario", "string", src.id),
        ("title", "string", src.title),
        ("area_x", "int", ax), ("area_y", "int", ay), ("area_w", "int", aw),
        ("area_h", "int", ah),
        *([("shadow_positions", "string", ",".join(src.positions))] if src.position_names else []),
        ("generated_by", "string", "tools/make_map.py from maps/src/" + src.path.name
         + " (edits made in Tiled are overwritten when it runs)"),
    ], " "))
    lines.extend(body)
    add("</map>")
    return "\n".join(lines) + "\n"
