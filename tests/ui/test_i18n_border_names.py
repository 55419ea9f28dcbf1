"""The names painted along the board's borders (rivers, fords, walls, passes: "Deeping Wall",
"Fords of Isen", "Rammas Echor") and the compass's "N" in Portuguese, Spanish and Russian
(issue 14): the map records each with its angle (`art_text`, ref `feature:<id>`), the content's
translation names it, and the window covers the painted words with a plate turned the same way."""
from __future__ import annotations

import pygame
import pytest

from botwotr.board import load_map, map_path
from botwotr.catalog import folder_for, spec_for
from botwotr.content.i18n import map_features, read_translations
from botwotr.core import Game
from botwotr.ui import art_labels
from botwotr.ui.board_view import BoardView
from botwotr.ui.i18n import content_code, set_language
from botwotr.ui.i18n_content import localize_game
from botwotr.ui.theme import Theme

SIZE = (1920, 1080)


@pytest.fixture
def lang():
    yield set_language
    set_language("en")


def _view(scenario):
    pygame.display.init()
    game = localize_game(Game.new(spec_for(scenario), seed=4))
    view = BoardView(load_map(map_path(scenario)).layout, game.spec)
    view.set_rect(pygame.Rect(0, 0, *SIZE))
    view.camera.fit()
    return game, view


@pytest.mark.parametrize("code", ("pt_BR", "es", "ru"))
@pytest.mark.parametrize("scenario", ("rohan", "gondor"))
def test_every_painted_border_name_is_covered_by_its_turned_translation(lang, scenario, code):
    lang(code)
    game, view = _view(scenario)
    feats = map_features(folder_for(scenario))
    assert len(feats) >= 4
    names = read_translations(folder_for(scenario), content_code(code))
    by_english = {p.english: p for p in art_labels.plates(view)}
    turned = [t for t in view.layout.art_texts if t.ref.startswith("feature:")]
    assert {t.ref[8:] for t in turned} == set(feats)
    assert any(t.angle for t in turned)
    for t in turned:
        want = names[("features", t.ref[8:], "name")]
        if want == t.english:  # a name the language keeps (Anduin, Rammas Echor in Portuguese)
            assert t.english not in by_english
            continue
        p = by_english[t.english]
        assert p.text == want and p.angle == t.angle
        assert p.rect.contains(p.cover) and p.rect.contains(p.block)


def test_the_turned_plates_and_the_compass_are_drawn_in_russian(lang):
    lang("ru")
    game, view = _view("rohan")
    theme = Theme.for_size(*SIZE)
    ru = pygame.Surface(SIZE)
    view.draw(ru, theme, None)
    plates = {p.english: p for p in art_labels.plates(view)}
    assert plates["N"].text == "С"
    assert plates["Fords of Isen"].text == "Изенские броды" and abs(plates["Fords of Isen"].angle) > 45
    set_language("en")
    view.invalidate()
    en = pygame.Surface(SIZE)
    view.draw(en, theme, None)
    for name in ("Fords of Isen", "Deeping Wall", "N"):
        box = plates[name].bounds.clip(ru.get_rect())
        assert pygame.image.tobytes(ru.subsurface(box), "RGB") != pygame.image.tobytes(en.subsurface(box), "RGB")
