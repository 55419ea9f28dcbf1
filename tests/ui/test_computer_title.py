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
