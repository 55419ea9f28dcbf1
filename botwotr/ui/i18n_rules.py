"""The rules core's refusals in the window's language.

The core stays English: a `RuleError` has a stable `code` and an English `message`. Here the
message is matched against the templates the core writes for that code (`i18n_rules_data`,
generated from the core's source by `python tools/i18n.py extract`), and the translated template
is filled with the same values; names of the scenario's content among them (regions, units,
characters, cards, positions) are shown as the content's translation gives them.

    from botwotr.ui.i18n_rules import refusal
    except RuleError as e:
        notify(refusal(e))

A sentence no template matches is looked up whole in the catalogue, else shown as it is.
"""

from __future__ import annotations

import re
import string
from functools import lru_cache

from .i18n import _, language
from .i18n_rules_data import SENTENCES

_FORMATTER = string.Formatter()


@lru_cache(maxsize=None)
def _pattern(template: str) -> tuple[re.Pattern, tuple[str, ...]]:
    parts, names = [], []
    for literal, field, _spec, _conv in _FORMATTER.parse(template):
        parts.append(re.escape(literal))
        if field is not None:
            names.append(field)
            parts.append(f"(?P<{field}>.+?)")
    return re.compile("".join(parts), re.S), tuple(names)


@lru_cache(maxsize=None)
def _by_code() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for code, tpl in SENTENCES:
        out.setdefault(code, []).append(tpl)
    return {k: tuple(v) for k, v in out.items()}


# English content names -> their shown translation (set by `i18n_content` for the shown spec)
_names: dict[str, str] = {}


def set_content_names(names: dict[str, str]) -> None:
    _names.clear()
    _names.update(names)


def _value(v: str) -> str:
    if v in _names:
        return _names[v]
    cond = translate_sentence("condition", v, whole=False)  # a card's precondition
    if cond is not None:
        return cond
    q = v[:1]
    if q in "'\"" and len(v) >= 2 and v[-1] == q and v[1:-1] in _names:
        return q + _names[v[1:-1]] + q
    if ", " in v:
        parts = v.split(", ")
        if any(p in _names or p.strip("'\"") in _names for p in parts):
            return ", ".join(_value(p) for p in parts)
    return v


def translate_sentence(code: str, message: str, whole: bool = True) -> str | None:
    """`message` (an English sentence of the core with this code) in the window's language;
    with `whole=False`, None when no template of the code matches (no whole-sentence lookup)."""
    if language() == "en" or not message:
        return message
    for tpl in _by_code().get(code, ()):
        pat, names = _pattern(tpl)
        m = pat.fullmatch(message)
        if m is None:
            continue
        shown = _(tpl)
        try:
            return shown.format(**{k: _value(m.group(k)) for k in names})
        except (KeyError, IndexError, ValueError):
            return message
    return _(message) if whole else None


def refusal(err) -> str:
    """The sentence of a `RuleError` as the player should read it."""
    return translate_sentence(getattr(err, "code", ""), getattr(err, "message", str(err)))


def win_reason(reason: str | None) -> str:
    """The reason of a win (the rules' English sentence) in the window's language."""
    return translate_sentence("win", reason or "")
