"""The board art's painted English words (the frame: title plate, Shadow Box, decks, fate track,
legend...) covered by their translation in pt_BR, es and ru: every one that the language does not
keep has a plate, and its words fit inside the painted rectangle (measured), on both boards, at
1280x720 and 1920x1080, fitted and zoomed in. In English nothing is covered."""

from __future__ import annotations

import pygame
import pytest

from botwotr.board import load_map, map_path
from botwotr.catalog import spec_for
from botwotr.core import Game
from botwotr.ui import art_labels
from botwotr.ui.board_view import BoardView
from botwotr.ui.i18n import set_language
from botwotr.ui.i18n_content import localize_game
from botwotr.ui.theme import Theme

LANGS = ("pt_BR", "es", "ru")
SIZES = ((1280, 720), (1920, 1080))


@pytest.fixture
def lang():
    yield set_language
    set_language("en")


def _view(scenario, size, zoom=1.0):
    pygame.display.init()
    game = localize_game(Game.new(spec_for(scenario), seed=4))
    view = BoardView(load_map(map_path(scenario)).layout, game.spec)
    view.set_rect(pygame.Rect(0, 0, *size))
    view.camera.fit()
    if zoom != 1.0:
        view.camera.zoom_at((size[0] - 1, 0), zoom)
    return game, view


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scenario", ("rohan", "gondor"))
@pytest.mark.parametrize("code", LANGS)
def test_every_painted_word_is_covered_and_its_translation_fits(lang, code, scenario, size):
    lang(code)
    for zoom in (1.0, 2.5):
        game, view = _view(scenario, size, zoom)
        texts = view.layout.art_texts
        plates = art_labels.plates(view)
        shown = {p.english for p in plates}
        for t in texts:
            words = art_labels.translated(game.spec, t)
            if words == t.english:
                continue  # a name the language keeps (Fangorn, Osgiliath...)
            assert t.english in shown, f"{code} {scenario}: {t.english!r} is left in English"
        # the catalogue translates the frame's words (not only proper names)
        for word in ("Event Cards", "Legend", "Fate track", "discard", "Fate pool"):
            assert word in shown, (code, scenario, word)
        faults = []
        for p in plates:
            width, height = art_labels.measure(p.lines, p.kind, p.size)
            if width > p.room.w or height > p.room.h or not p.room.contains(p.block):
                faults.append(f"{p.text!r} ({p.size}px, {len(p.lines)} lines: {width}x{height}) not in {p.room}")
            if p.block.size != (width, height):
                faults.append(f"{p.text!r}: its lines take {p.block}, measured {width}x{height}")
            if not (p.rect.contains(p.cover) and p.rect.contains(p.block)):
                faults.append(f"{p.text!r}: the plate {p.rect} does not cover the painted {p.cover} and {p.block}")
            if p.grown and p.size > art_labels.MIN_SIZE:
                faults.append(f"{p.text!r}: the room grew at {p.size}px instead of shrinking the font")
            assert " ".join(p.lines).split() == p.text.split(), p  # no word lost in the breaking
        assert not faults, f"{code} {scenario} {size} zoom {zoom}: " + "; ".join(faults)


def test_the_plates_are_drawn_on_the_board(lang):
    """The window draws them (BoardView._draw_ground): the pixels of a plate are the translation's."""
    lang("ru")
    game, view = _view("rohan", (1280, 720))
    surf = pygame.Surface((1280, 720))
    theme = Theme.for_size(1280, 720)
    view.draw(surf, theme, None)
    legend = next(p for p in art_labels.plates(view) if p.english == "Legend")
    assert legend.text == "Условные знаки"
    # the plate's fill is there, and the English painted word is not: the frame redrawn without
    # the plates differs inside the plate's rectangle
    set_language("en")
    view.invalidate()
    plain = pygame.Surface((1280, 720))
    view.draw(plain, theme, None)
    a = pygame.image.tobytes(surf.subsurface(legend.rect), "RGB")
    b = pygame.image.tobytes(plain.subsurface(legend.rect), "RGB")
    assert a != b


def test_english_covers_nothing():
    set_language("en")
    _game, view = _view("gondor", (1280, 720))
    assert art_labels.plates(view) == []
