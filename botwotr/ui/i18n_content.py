"""The scenario's own texts in the window's language (botwotr.content.i18n has the files).

The rules core keeps the English spec: the recorded events of a game (a win's reason names
characters) and so its saves are the same whatever language it was played in. The window shows
a copy of the spec whose names and texts are translated:

    localize_game(game)   # game.spec becomes the shown copy; game.rules keeps the English spec

The copy differs only in texts (ids, numbers and effects are the same objects), so every command
the window builds from it is the command the English spec gives. A scenario with no translation
file for the language is shown in English (docs/known-gaps.md).
"""

from __future__ import annotations

from .i18n import content_code, language
from .i18n_rules import set_content_names

_cache: dict[tuple[int, str], object] = {}


def _folder(spec):
    from ..catalog import folder_for

    try:
        return folder_for(spec.id)
    except KeyError:
        return None


def shown_spec(spec):
    """`spec` (English) with the texts of the current language."""
    lang = language()
    if lang == "en":
        return spec
    key = (id(spec), lang)
    hit = _cache.get(key)
    if hit is not None and hit[0] is spec:
        return hit[1]
    from ..content import ContentError
    from ..content.i18n import localized, read_translations

    folder = _folder(spec)
    try:
        texts = read_translations(folder, content_code(lang)) if folder is not None else {}
    except ContentError:
        texts = {}  # `botwotr validate` names the problem; the window shows English
    out = localized(spec, texts)
    _cache[key] = (spec, out)
    _english[id(out)] = (out, spec)
    return out


_english: dict[int, tuple[object, object]] = {}


def is_translated(spec) -> bool:
    """Whether `spec` is a translated copy (its names may differ from the painted board's)."""
    hit = _english.get(id(spec))
    return hit is not None and hit[0] is spec and hit[0] is not hit[1]


def english_name(spec, region: str) -> str | None:
    """The English name of a region of the shown `spec` (None when it is not a translated copy)."""
    hit = _english.get(id(spec))
    if hit is None or hit[0] is not spec or hit[0] is hit[1]:
        return None
    reg = hit[1].board.regions.get(region)
    return reg.name if reg else None


def english_spec(game):
    rules = getattr(game, "rules", None)
    return getattr(rules, "spec", None) or game.spec


def content_names(english, shown) -> dict[str, str]:
    """English name -> shown name, for every named thing of the scenario."""
    pairs = []
    for kind in ("units", "characters", "positions"):
        a, b = getattr(english, kind), getattr(shown, kind)
        pairs += [(a[k].name, b[k].name) for k in a]
    pairs += [(english.cards[k].title, shown.cards[k].title) for k in english.cards]
    pairs += [(english.board.regions[k].name, shown.board.regions[k].name) for k in english.board.regions]
    # a precondition names a region by its id (R-5.8: "you must have an army in helms_deep")
    pairs += [(k, shown.board.regions[k].name) for k in english.board.regions if len(k) > 3]
    return {x: y for x, y in pairs if x and x != y}


def localize_game(game):
    """Show `game` in the current language (game.spec = the translated copy); returns the game."""
    english = english_spec(game)
    shown = shown_spec(english)
    game.spec = shown
    set_content_names(content_names(english, shown) if shown is not english else {})
    return game


def scenario_text(sid: str, field: str) -> str:
    """A built-in scenario's name or notes in the current language."""
    from ..catalog import spec_for

    return getattr(shown_spec(spec_for(sid)), field)


_features: dict[tuple[str, str], dict[str, str]] = {}


def feature_name(spec, fid: str) -> str | None:
    """A border's painted name (the map's `feature:<id>`) in the current language, or None."""
    lang = language()
    if lang == "en":
        return None
    key = (getattr(spec, "id", ""), lang)
    names = _features.get(key)
    if names is None:
        from ..content import ContentError
        from ..content.i18n import read_translations

        folder = _folder(spec)
        try:
            texts = read_translations(folder, content_code(lang)) if folder is not None else {}
        except ContentError:
            texts = {}
        names = _features[key] = {
            oid: v.strip() for (k, oid, f), v in texts.items() if k == "features" and isinstance(v, str) and v.strip()
        }
    return names.get(fid)
