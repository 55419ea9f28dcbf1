"""maps/rohan.tmx: pytmx reads it, it is up to date, and the generator is deterministic."""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess

import pytest

from pathlib import Path

from botwotr.board import load_map

ROOT = Path(__file__).resolve().parents[2]
ROHAN_TMX = ROOT / "maps" / "rohan.tmx"
ROHAN_SRC = ROOT / "maps" / "src" / "rohan.yaml"


def test_tmx_loads_with_pytmx_without_display():
    import pytmx

    tmx = pytmx.TiledMap(str(ROHAN_TMX))
    names = {layer.name for layer in tmx.layers}
    assert {"art", "regions", "borders", "anchors", "tracks"} <= names
    regions = tmx.get_layer_by_name("regions")
    assert all(o.type == "Region" for o in regions)
    assert all(len(o.points) >= 3 for o in regions)
    borders = tmx.get_layer_by_name("borders")
    assert all(o.type == "Border" and o.properties["a"] and o.properties["b"] for o in borders)
    edoras = tmx.get_object_by_name("edoras")
    assert edoras.properties["vp"] == 4 and edoras.properties["settlement"] is True
    assert tmx.get_layer_by_name("art").source == "rohan_art.png"
    assert tmx.width * tmx.tilewidth == 2400 and tmx.height * tmx.tileheight == 1600


def test_tmx_is_up_to_date_with_source(make_map):
    from mapgen.source import load_source
    from mapgen.tmx import render_tmx

    src = load_source(ROHAN_SRC)
    want = render_tmx(src, make_map.tmx_texts(src))
    assert ROHAN_TMX.read_text(encoding="utf-8") == want, (
        "maps/rohan.tmx is stale: run python tools/make_map.py")


def _sha(p):
    return hashlib.sha256(p.read_bytes()).hexdigest()


def test_generator_is_deterministic(make_map, tmp_path):
    a = make_map.generate(ROHAN_SRC, tmp_path / "a")
    b = make_map.generate(ROHAN_SRC, tmp_path / "b")
    assert _sha(a.tmx) == _sha(b.tmx)
    assert _sha(a.art) == _sha(b.art)
    assert a.tmx.read_bytes() == ROHAN_TMX.read_bytes()
    # and what it wrote is a valid board
    board = load_map(a.tmx)
    assert len(board.spec.regions) == a.regions
    assert len(board.spec.borders) == a.borders


def test_generator_check_mode(make_map, tmp_path, capsys):
    assert make_map.main(["--check"]) == 0
    (tmp_path / "rohan.tmx").write_text("stale", encoding="utf-8")
    assert make_map.main(["--check", "--out", str(tmp_path)]) == 1


@pytest.mark.parametrize("edit, message", [
    (lambda t: t.replace("    terrain: plains", "    terrain: swamp", 1), "unknown terrain 'swamp'"),
    (lambda t: t.replace("{a: aldburg, b: eastemnet, kind: ford", "{a: aldburg, b: atlantis, "
                         "kind: ford", 1), "no region 'atlantis'"),
    (lambda t: t.replace("  - {a: aldburg, b: fenmarch, kind: normal}\n", "", 1),
     "aldburg and fenmarch touch but borders has no entry"),
    (lambda t: t.replace("kind: wall", "kind: moat", 1), "unknown border kind 'moat'"),
    (lambda t: t.replace("anchors: {army:", "anchors: {armee:", 1), "missing anchor 'army'"),
    (lambda t: t.replace("  - id: orthanc", "  - id: methedras", 1), "duplicate region id"),
])
def test_source_errors_name_file_and_entry(make_map, tmp_path, edit, message):
    from mapgen.source import SourceError

    src = tmp_path / "rohan.yaml"
    text = ROHAN_SRC.read_text(encoding="utf-8")
    new = edit(text)
    assert new != text
    src.write_text(new, encoding="utf-8")
    with pytest.raises(SourceError) as e:
        make_map.generate(src, tmp_path / "out", art=False)
    assert str(src) in str(e.value)
    assert message in str(e.value)


def test_source_gap_is_reported(make_map, tmp_path):
    """Moving a shared point in one polygon only leaves a gap (or an overlap): refused."""
    from mapgen.source import SourceError

    text = ROHAN_SRC.read_text(encoding="utf-8")
    # Helm's Deep's polygon shares its corners with its neighbours; nudge one of them
    start = text.index("  - id: helms_deep")
    poly_at = text.index("polygon: [[", start) + len("polygon: [[")
    end = text.index("]", poly_at)
    x, y = (int(v) for v in text[poly_at:end].split(","))
    text = text[:poly_at] + f"{x + 9}, {y + 7}" + text[end:]
    src = tmp_path / "rohan.yaml"
    src.write_text(text, encoding="utf-8")
    with pytest.raises(SourceError) as e:
        make_map.generate(src, tmp_path / "out", art=False)
    assert str(src) in str(e.value)
    assert "shared with no other region" in str(e.value)


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_tiled_round_trip(tmp_path):
    """Tiled itself opens the map and re-saves it; the re-saved file loads to the same board."""
    for name in ("rohan.tmx", "rohan_art.png"):
        shutil.copyfile(ROOT / "maps" / name, tmp_path / name)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(tmp_path))
    subprocess.run(["tiled", "--export-map", "tmx", "rohan.tmx", "resaved.tmx"], cwd=tmp_path,
                   env=env, check=True, capture_output=True, timeout=60)
    a = load_map(tmp_path / "rohan.tmx")
    b = load_map(tmp_path / "resaved.tmx")
    assert a.spec.regions == b.spec.regions
    assert a.spec.adjacency == b.spec.adjacency
    assert a.layout.polygons == b.layout.polygons
    assert a.layout.anchors == b.layout.anchors
    assert a.layout.tracks == b.layout.tracks
