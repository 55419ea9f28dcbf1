"""Broken maps are refused with a BoardError naming the file, the object and the problem."""
from __future__ import annotations

import re

import pytest

from botwotr.board import BoardError, load_board


def _sub(pattern, repl, count=1, flags=re.S):
    def edit(text):
        return re.sub(pattern, repl, text, count=count, flags=flags)
    return edit


def _load_error(path) -> str:
    with pytest.raises(BoardError) as e:
        load_board(path)
    msg = str(e.value)
    assert str(path) in msg, msg
    assert "Traceback" not in msg
    return msg


def test_good_copy_loads(broken):
    spec = load_board(broken(lambda t: t.replace("generated_by", "made_by")))
    assert "edoras" in spec.regions


def test_border_missing_an_end(broken):
    path = broken(_sub(r'(name="aldburg\|fenmarch".*?)<property name="b" value="fenmarch"/>\n',
                       r"\1"))
    msg = _load_error(path)
    assert "layer 'borders' object 'aldburg|fenmarch'" in msg
    assert "missing its end b" in msg


def test_unknown_terrain(broken):
    path = broken(_sub(r'(name="westfold" type="Region".*?name="terrain" value=")plains"',
                       r'\1swamp"'))
    msg = _load_error(path)
    assert "layer 'regions' object 'westfold'" in msg
    assert "unknown terrain 'swamp'" in msg


def test_border_naming_a_missing_region(broken):
    path = broken(_sub(r'(name="aldburg\|folde".*?<property name="b" value=")folde"',
                       r'\1atlantis"'))
    msg = _load_error(path)
    assert "object 'aldburg|folde'" in msg
    assert "missing region 'atlantis'" in msg


def test_polygon_with_too_few_points(broken):
    path = broken(_sub(r'(name="folde" type="Region".*?<polygon points=")[^"]*"',
                       r'\g<1>0,0 40,0"'))
    msg = _load_error(path)
    assert "object 'folde'" in msg and "at least 3" in msg


def test_self_intersecting_polygon(broken):
    path = broken(_sub(r'(name="folde" type="Region".*?<polygon points=")[^"]*"',
                       r'\g<1>0,0 100,100 100,0 0,100"'))
    msg = _load_error(path)
    assert "object 'folde'" in msg and "self-intersecting" in msg


def test_overlapping_polygons(broken):
    # shift Folde's polygon 60 px to the east: it now overlaps Aldburg
    def edit(text):
        m = re.search(r'name="folde" type="Region" x="(\d+)"', text)
        x = int(m.group(1))
        return text.replace(m.group(0), f'name="folde" type="Region" x="{x + 60}"', 1)

    msg = _load_error(broken(edit))
    assert "object 'folde'" in msg or "overlaps region 'folde'" in msg
    assert "overlaps" in msg


def test_region_without_polygon(broken):
    path = broken(_sub(r'(name="folde" type="Region".*?)<polygon points="[^"]*"/>', r"\1"))
    msg = _load_error(path)
    assert "object 'folde'" in msg and "must be a polygon" in msg


def test_duplicate_region_id(broken):
    path = broken(_sub(r'name="orthanc" type="Region"', 'name="methedras" type="Region"'))
    msg = _load_error(path)
    assert "duplicate region id 'methedras'" in msg


def test_duplicate_and_asymmetric_borders(broken):
    def dup(kind):
        def edit(text):
            m = re.search(r' +<object id="\d+" name="aldburg\|fenmarch".*?</object>\n', text, re.S)
            block = m.group(0).replace('name="aldburg|fenmarch"', 'name="fenmarch|aldburg"')
            block = re.sub(r'id="\d+"', 'id="9999"', block, count=1)
            block = block.replace('value="aldburg"', "value=\"@@\"").replace(
                'value="fenmarch"', 'value="aldburg"').replace('value="@@"', 'value="fenmarch"')
            block = block.replace('name="kind" value="normal"', f'name="kind" value="{kind}"')
            return text[:m.end()] + block + text[m.end():]
        return edit

    msg = _load_error(broken(dup("normal")))
    assert "duplicate border" in msg and "fenmarch|aldburg" in msg
    msg = _load_error(broken(dup("stream")))
    assert "asymmetric border" in msg


def test_touching_regions_without_border(broken):
    path = broken(_sub(r' +<object id="\d+" name="aldburg\|fenmarch".*?</object>\n', ""))
    msg = _load_error(path)
    assert "'aldburg' and 'fenmarch' share an edge but no border" in msg


def test_missing_anchor(broken):
    path = broken(_sub(r' +<object id="\d+" name="edoras\.tokens".*?</object>\n', ""))
    msg = _load_error(path)
    assert "object 'edoras'" in msg and "tokens" in msg


def test_missing_track_slot(broken):
    path = broken(_sub(r' +<object id="\d+" name="shadow_box\.balcony".*?</object>\n', ""))
    msg = _load_error(path)
    assert "shadow_box.balcony" in msg


def test_missing_art_file(broken, tmp_path):
    path = broken(art=False)
    msg = _load_error(path)
    assert "image layer 'art'" in msg and "not found" in msg


def test_unreadable_art_file(broken, tmp_path):
    path = broken()
    (tmp_path / "rohan_art.png").write_bytes(b"GIF89a not a png")
    msg = _load_error(path)
    assert "image layer 'art'" in msg and "unreadable" in msg


def test_malformed_xml(broken):
    path = broken(lambda t: t[: len(t) // 2])
    msg = _load_error(path)
    assert "malformed XML" in msg and "line" in msg


def test_reserved_property_name(broken):
    path = broken(_sub(r'<property name="title" value="Folde"/>',
                       '<property name="type" value="Folde"/>'))
    msg = _load_error(path)
    assert "reserves" in msg


def test_bad_typed_property(broken):
    path = broken(_sub(r'(name="edoras" type="Region".*?name="vp" type="int" value=")4"',
                       r'\1four"'))
    msg = _load_error(path)
    assert "object 'edoras'" in msg and "'vp'" in msg


def test_missing_layer(broken):
    path = broken(_sub(r'<objectgroup id="5" name="tracks".*?</objectgroup>\n', ""))
    msg = _load_error(path)
    assert "missing object layer 'tracks'" in msg


def test_missing_file(tmp_path):
    msg = _load_error(tmp_path / "nowhere.tmx")
    assert "not found" in msg
