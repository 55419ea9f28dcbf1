"""The title's computer level button (issue 13) names the level in full in every language at the
smallest window size: "Level: normal" was cut to "Level…" at 1600×900, so the button now shows the
level's name alone (its tooltip says it is the computer's level)."""
from __future__ import annotations

import pytest

from botwotr.ui.i18n import set_language
from botwotr.ui.scenes.title import TitleScene


@pytest.mark.parametrize("lang", ["en", "pt_BR", "es", "ru"])
def test_the_level_button_shows_each_level_uncut(make_app, lang):
    set_language(lang)
    try:
        app = make_app((1280, 720))
        title = TitleScene(app)
        app.push(title)
        app.step()
        title.computer_side = "sh"
        shown = []
        for level in ("easy", "normal", "hard"):
            title.level = level
            title.layout()
            app.step()
            button = title.side_rows["sh"]["level"]
            assert button.visible and button.shown_text(app.theme) == button.text, (level, button.text)
            shown.append(button.text)
        assert len(set(shown)) == 3, shown  # three different names
    finally:
        set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1360, 770)])
def test_companion_against_the_computer_fits_the_title_card(make_app, size):
    """Companion mode with a computer side adds a three-line note beside "Cards: tracked": the
    note stays clear of the mode buttons and the side rows, and the card clear of the credits line."""
    app = make_app(size)
    title = TitleScene(app)
    app.push(title)
    app.step()
    title.choose_mode("companion")
    title.computer_side = "fp"
    title.layout()
    app.step()
    note = title.lbl_cards.rect
    assert title.lbl_cards.visible and title.btn_cards.visible
    for b in (*title.mode_buttons.values(), title.side_rows["fp"]["person"], title.lbl_sides):
        assert not note.colliderect(b.rect), (note, b.rect)
    assert title.card.rect.bottom <= size[1] - app.theme.px(24), (title.card.rect, size)
    assert title.card.rect.top > title.btn_new.rect.top - app.theme.px(20)  # not pushed above the menu
