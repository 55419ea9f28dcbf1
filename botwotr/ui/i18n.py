"""Translation: every string the window shows goes through `_()` (gettext style).

    from botwotr.ui.i18n import _, ngettext, N_
    label = _("New game")
    text = ngettext("{n} unit", "{n} units", n).format(n=n)

Strings are English source text with `str.format` placeholders (named, so that a translation may
reorder them). The catalogues are `botwotr/ui/locale/<lang>/LC_MESSAGES/botwotr.po` (sources) and
`.mo` (compiled by `python tools/i18n.py compile`, shipped in the package); `set_language("ru")`
loads the `.mo` with the standard `gettext` module (or from `$BOTWOTR_LOCALE`) and falls back to
the source text. docs/i18n.md has the translators' workflow.

Names that come from the scenario content (units, characters, regions, cards) are content, not UI
strings: their translations are in `botwotr/data/<scenario>/i18n/<lang>.yaml`
(`botwotr.content.i18n`), applied to the spec the window shows (`botwotr.ui.i18n_content`).
Refusals of the rules core (`RuleError`, English) are translated at the edge by
`botwotr.ui.i18n_rules.refusal`.
"""

from __future__ import annotations

import gettext
import locale as _locale
import os
from pathlib import Path

DOMAIN = "botwotr"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# The languages the window offers: gettext code -> the language's own name.
LANGUAGES: dict[str, str] = {
    "en": "English",
    "pt_BR": "Português",  # Brazilian Portuguese
    "es": "Español",
    "ru": "Русский",
}

_translation: gettext.NullTranslations = gettext.NullTranslations()
_language = "en"


def normalize(lang: str | None) -> str | None:
    """The offered language a locale name means (`pt-BR`, `pt_PT.UTF-8`, `ru_RU`, `es`), or None."""
    if not lang:
        return None
    base = lang.split(".")[0].split("@")[0].replace("-", "_")
    if base in LANGUAGES:
        return base
    head = base.split("_")[0].lower()
    if head == "pt":
        return "pt_BR"
    return head if head in LANGUAGES else None


def content_code(lang: str | None = None) -> str:
    """The language as the content's translation files name it (`pt-BR`, `es`, `ru`; `en`)."""
    return (lang or _language).replace("_", "-")


def system_language() -> str:
    """The offered language of the system locale (LANGUAGE, LC_ALL, LC_MESSAGES, LANG), else English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in os.environ.get(var, "").split(":"):
            if part and part not in ("C", "POSIX"):
                return normalize(part) or "en"
    try:
        loc = _locale.getlocale()[0]
    except ValueError:
        loc = None
    return normalize(loc) or "en"


def set_language(lang: str | None, localedir: str | os.PathLike | None = None) -> bool:
    """Switch the catalogue; returns True if one was found (else the English source is used)."""
    global _translation, _language
    localedir = localedir or os.environ.get("BOTWOTR_LOCALE") or LOCALE_DIR
    code = normalize(lang) or lang
    if not code or code.startswith("en"):
        _translation, _language = gettext.NullTranslations(), "en"
        return True
    try:
        _translation = gettext.translation(DOMAIN, localedir=str(localedir), languages=[code])
        _language = code
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
    """The form of a counted string for `n` (the language's plural rule). A pair marked with
    two `N_()` (a table of forms, logtext.MODIFIER_TEXT) is two entries of the catalogue: then
    the one for `n` by the English rule is translated."""
    out = _translation.ngettext(singular, plural, n)
    if _language != "en" and out in (singular, plural):
        return _translation.gettext(singular if n == 1 else plural)
    return out


def pgettext(context: str, message: str) -> str:
    """A string whose translation depends on context (e.g. "army" the die face vs the pieces)."""
    return _translation.pgettext(context, message)


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now (tables built at import time)."""
    return message
