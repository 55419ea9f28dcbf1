"""The language choice of the title screen and the settings, remembered in `<home>/settings.json`.

At start the language is `--lang` if given, else the stored choice, else the system locale's
(`startup_language`). Choosing one switches the catalogue, stores it and rebuilds the scenes on
screen (their texts are made when they are built).
"""

from __future__ import annotations

from .i18n import LANGUAGES, language, normalize, set_language, system_language
from .widgets import Button, Tip

KEY = "language"


def stored_language(home) -> str | None:
    from .settings import load_settings

    v = load_settings(home).get(KEY)
    return normalize(v) if isinstance(v, str) else None


def startup_language(home, cli: str | None = None) -> str:
    """The language to start in: `--lang`, else the stored choice, else the system's."""
    return normalize(cli) or cli or stored_language(home) or system_language()


def choose(home, lang: str) -> str | None:
    """Switch to `lang` and remember it; returns a problem to show, or None."""
    from .settings import store_setting

    set_language(lang)
    try:
        store_setting(home, KEY, lang)
    except OSError as e:
        return str(e)
    return None


def language_buttons(on_choose) -> dict[str, Button]:
    """One button per offered language, named in its own language; the current one selected."""
    out = {}
    for code, name in LANGUAGES.items():
        out[code] = Button(
            name,
            (lambda c=code: on_choose(c)),
            name=f"lang:{code}",
            selected=code == language(),
            tooltip=Tip(name, "Language · Idioma · Язык"),
        )
    return out
