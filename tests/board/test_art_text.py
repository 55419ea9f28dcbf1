"""The `art_text` layer: the English words the board art paints in its frame, recorded by the
generator (tools/make_map.py) and read by the loader (optional; a bad entry is a named error)."""

from __future__ import annotations

import re

import pytest

from botwotr.board import BoardError, load_map


def test_both_boards_record_their_frame_words():
    for name, title in (("rohan", "The Battle for Rohan"), ("gondor", "The Battle for Gondor")):
        from botwotr.board import map_path

        texts = load_map(map_path(name)).layout.art_texts
        by = {t.english: t for t in texts}
        assert by[title].ref == "scenario" and by[title].lines == 2
        for word in ("Event Cards", "Legend", "Fate track", "Fate pool", "discard", "dice in the box",
                     "Free Peoples action tokens", "Generic deck", "Free Peoples Story", "Shadow Story"):
            assert word in by, (name, word)
        assert any(t.english.startswith("The Shadow Box") for t in texts)
        # every text lies in the frame: off the region area (the region names have their own plates)
        for t in texts:
            x, y, w, h = t.rect
            assert w > 0 and h > 0 and t.size > 0
            px, py, pw, ph = t.painted  # the painted words lie in the room recorded for them
            assert x <= px and y <= py and px + pw <= x + w and py + ph <= y + h
    gondor = {t.english for t in load_map(map_path("gondor")).layout.art_texts}
    assert "Protection values of the strongholds" in gondor and "Catapult site" in gondor


def test_frame_texts_without_painting_are_the_painted_ones(make_map):
    """--no-art and --check write the layer from the frame alone: the same rects as the painting."""
    from mapgen.art import frame_texts, render_art_texts
    from mapgen.fonts import find_fonts
    from mapgen.source import load_source

    fonts = find_fonts(make_map.ROOT)
    for src_path in (make_map.ROOT / "maps/src/rohan.yaml", make_map.ROOT / "maps/src/gondor.yaml"):
        src = load_source(src_path)
        _surf, painted = render_art_texts(src, fonts)
        assert frame_texts(src, fonts) == painted


def test_a_map_without_the_layer_still_loads(broken):
    path = broken(lambda t: re.sub(r' <objectgroup id="6" name="art_text".*?</objectgroup>\n', "", t, flags=re.S))
    assert load_map(path).layout.art_texts == ()


@pytest.mark.parametrize("edit, problem", [
    (lambda t: t.replace('name="ink" value="#', 'name="ink" value="red', 1), "ink must be a colour #rrggbb"),
    (lambda t: re.sub(r'(name="text.3".*?)<property name="english" value="[^"]*"/>\n', r"\1", t, count=1,
                      flags=re.S), "missing property 'english'"),
    (lambda t: t.replace('name="style" value="bold"', 'name="style" value="gothic"', 1), "unknown style 'gothic'"),
    (lambda t: t.replace('name="words_w" type="int" value="', 'name="words_w" type="int" value="9', 1),
     "must lie in the rectangle"),
    (lambda t: t.replace('type="ArtText"', 'type="TrackSlot"', 1), "class is 'TrackSlot', expected 'ArtText'"),
    (lambda t: re.sub(r'(name="text.2" type="ArtText" x=")\d+', r"\g<1>2390", t, count=1),
     "outside the 2400x1600 board"),
])
def test_a_bad_entry_is_a_named_error(broken, edit, problem):
    path = broken(edit)
    with pytest.raises(BoardError) as e:
        load_map(path)
    assert "layer 'art_text' object 'text." in str(e.value)
    assert problem in str(e.value)
    assert str(path) in str(e.value)
