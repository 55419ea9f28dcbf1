"""Translation: every string the window shows goes through `_()` (gettext style).

    from botwotr.ui.i18n import _, ngettext, N_
    label = _("New game")
    text = ngettext("{n} unit", "{n} units", n).format(n=n)

Strings are English source text with `str.format` placeholders (named, so that a translation may
reorder them). No catalogue ships yet; `set_language("ru")` looks for
`botwotr/ui/locale/<lang>/LC_MESSAGES/botwotr.mo` (or `$BOTWOTR_LOCALE`) and falls back to the
source text, so `xgettext -k_ -kN_ -kngettext:1,2 botwotr/ui/*.py botwotr/ui/*/*.py` is enough to
start a catalogue. Names that come from the scenario content (units, characters, regions, cards)
are content, not UI strings: they are shown as the content gives them.
"""

from __future__ import annotations

import gettext
import os
from pathlib import Path

DOMAIN = "botwotr"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def set_language(lang: str | None, localedir: str | os.PathLike | None = None) -> bool:
    """Switch the catalogue; returns True if one was found (else the English source is used)."""
    global _translation, _language
    localedir = localedir or os.environ.get("BOTWOTR_LOCALE") or LOCALE_DIR
    if not lang or lang.startswith("en"):
        _translation, _language = gettext.NullTranslations(), "en"
        return True
    try:
        _translation = gettext.translation(DOMAIN, localedir=str(localedir), languages=[lang])
        _language = lang
        return True
    except OSError:
        _translation, _language = gettext.NullTranslations(), "en"
        return False


def language() -> str:
    return _language


def _(message: str) -> str:
    """The translation of a UI string (the string itself when there is no catalogue)."""
    return _translation.gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return _translation.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """A string whose translation depends on context (e.g. "army" the die face vs the pieces)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (tables built at import time)."""
    return message
