"""Translations of a scenario's own texts, kept as content beside it (docs/i18n.md).

`<scenario>/i18n/<lang>.yaml` (`pt-BR.yaml`, `es.yaml`, `ru.yaml`) holds, for every text of the
scenario a player reads, its translation, keyed by content id and field:

    scenario: {name: ..., notes: ...}
    regions:    {edoras: {name: ...}, ...}
    units:      {riders: {name: ..., singular: ..., ability_text: ...}, ...}
    characters: {theoden: {name: ..., ability_text: ..., entry_text: ...}, ...}
    cards:      {<id>: {title: ..., text: ..., combat_title: ..., combat_text: ...}, ...}
    positions:  {<id>: {name: ..., action_text: ...}, ...}
    features:   {deeping_wall: {name: ...}, ...}   (the names painted along the board's borders)

Only the fields the English content fills are translated (an empty English text has no entry).
`singular` is one figure of a unit type ("Rohan Footman"): English takes the unit's `singular:` or
derives it from the name; a translation gives it.
`check_translations` names every missing, extra, empty or mis-typed entry with its file and key;
`validate_scenario` (and so `botwotr validate` and the tests) reports them. Playing never fails on
a translation: `localized` uses what is there and keeps the English for the rest.

Files are separate from the scenario's own YAML so that a translator edits one file that nobody
else edits, and the English content can change without conflicts; the check shows what a change
left untranslated.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core import spec as S
from .errors import ContentError
from .plural import english_singular
from .yamlio import parse_file

FOLDER = "i18n"
LANGUAGES = ("pt-BR", "es", "ru")

# kind -> fields a player reads (in this order in a file)
FIELDS: dict[str, tuple[str, ...]] = {
    "scenario": ("name", "notes"),
    "regions": ("name",),
    "units": ("name", "singular", "ability_text"),
    "characters": ("name", "ability_text", "entry_text"),
    "cards": ("title", "text", "combat_title", "combat_text"),
    "positions": ("name", "action_text"),
    "features": ("name",),
}
FEATURE_REF = "feature:"  # an art text of the board's map naming a border (botwotr.ui.art_labels)
_FIELD = re.compile(r"\{[^{}]*\}")


def _objects(spec: S.ScenarioSpec, kind: str) -> dict[str, Any]:
    if kind == "scenario":
        return {"": spec}
    if kind == "regions":
        return dict(spec.board.regions)
    return dict(getattr(spec, kind))


def map_features(folder: str | Path) -> dict[str, str]:
    """feature id -> English name of every border name the scenario's painted board carries (its
    .tmx map's `art_text` layer, refs `feature:<id>`); {} without such a map (a board that does
    not load is reported by the content check)."""
    folder = Path(folder)
    try:
        doc = parse_file(folder / "scenario.yaml", "scenario.yaml")
        board = doc.get("board") if isinstance(doc, dict) else None
        if not isinstance(board, str) or not board.endswith(".tmx") or not (folder / board).is_file():
            return {}
        from ..board import load_layout

        texts = load_layout(folder / board).art_texts
    except Exception:  # noqa: BLE001 - named by the content check, not here
        return {}
    return {t.ref[len(FEATURE_REF) :]: t.english for t in texts if t.ref.startswith(FEATURE_REF)}


def source_texts(spec: S.ScenarioSpec, features: dict[str, str] | None = None) -> dict[tuple[str, str, str], str]:
    """(kind, id, field) -> the English text, for every text a translation must give (with
    `features`, map_features', the painted border names too)."""
    out: dict[tuple[str, str, str], str] = {}
    for kind, fields in FIELDS.items():
        if kind == "features":
            for fid, name in sorted((features or {}).items()):
                out[(kind, fid, "name")] = name
            continue
        for oid, obj in _objects(spec, kind).items():
            for f in fields:
                text = (obj.singular or english_singular(obj.name)) if f == "singular" else getattr(obj, f, "") or ""
                if isinstance(text, str) and text.strip():
                    out[(kind, oid, f)] = text
    return out


def translation_path(folder: str | Path, lang: str) -> Path:
    return Path(folder) / FOLDER / f"{lang}.yaml"


def _display(lang: str) -> str:
    return f"{FOLDER}/{lang}.yaml"


def _flat(doc: Any, display: str, errors: list[ContentError]) -> dict[tuple[str, str, str], Any]:
    """The file's entries, as (kind, id, field) -> value; shape errors go to `errors`."""
    out: dict[tuple[str, str, str], Any] = {}
    if doc is None:
        return out
    if not isinstance(doc, dict):
        errors.append(ContentError(display, "", "expected a mapping of content kinds"))
        return out

    def line(m, k):
        return getattr(m, "key_lines", {}).get(k)

    for kind, block in doc.items():
        if kind not in FIELDS:
            errors.append(
                ContentError(
                    display, str(kind), f"unknown kind (expected one of: {', '.join(FIELDS)})", line(doc, kind)
                )
            )
            continue
        if kind == "scenario":
            block = {"": block}
        if not isinstance(block, dict):
            errors.append(ContentError(display, str(kind), "expected a mapping of content ids", line(doc, kind)))
            continue
        for oid, fields in block.items():
            key = f"{kind}.{oid}" if oid else kind
            src = doc if kind == "scenario" else block
            at = line(src, kind if kind == "scenario" else oid)
            if not isinstance(fields, dict):
                errors.append(ContentError(display, key, "expected a mapping of fields", at))
                continue
            for f, v in fields.items():
                out[(kind, str(oid), str(f))] = (v, line(fields, f))
    return out


def _key(kind: str, oid: str, field: str) -> str:
    return f"{kind}.{oid}.{field}" if oid else f"{kind}.{field}"


def read_translations(folder: str | Path, lang: str) -> dict[tuple[str, str, str], Any]:
    """The raw entries of one language's file ({} when there is none); raises ContentError on a
    file that cannot be read."""
    path = translation_path(folder, lang)
    if not path.is_file():
        return {}
    errors: list[ContentError] = []
    flat = _flat(parse_file(path, _display(lang)), _display(lang), errors)
    if errors:
        raise errors[0]
    return {k: v for k, (v, _line) in flat.items()}


def check_translations(folder: str | Path, spec: S.ScenarioSpec) -> list[ContentError]:
    """Every problem of the scenario's translation files (none when there are no files)."""
    folder = Path(folder)
    errors: list[ContentError] = []
    tdir = folder / FOLDER
    if not tdir.is_dir():
        return errors
    want = source_texts(spec, map_features(folder))
    for path in sorted(tdir.iterdir()):
        display = f"{FOLDER}/{path.name}"
        if path.suffix != ".yaml" or path.stem not in LANGUAGES:
            errors.append(
                ContentError(display, "", f"not a translation file (expected one of: {', '.join(LANGUAGES)}.yaml)")
            )
            continue
        try:
            doc = parse_file(path, display)
        except ContentError as e:
            errors.append(e)
            continue
        flat = _flat(doc, display, errors)
        for k, (v, ln) in flat.items():
            key = _key(*k)
            if k not in want:
                what = "field" if (k[0], k[1]) in {(a, b) for a, b, _c in want} else "content id"
                errors.append(ContentError(display, key, f"extra translation: no such {what} with English text", ln))
                continue
            if not isinstance(v, str):
                errors.append(ContentError(display, key, f"expected a text, got {type(v).__name__}", ln))
            elif not v.strip():
                errors.append(ContentError(display, key, "empty translation", ln))
            elif sorted(_FIELD.findall(v)) != sorted(_FIELD.findall(want[k])):
                errors.append(ContentError(display, key, "the {placeholders} differ from the English text", ln))
        for k in want:
            if k not in flat:
                errors.append(ContentError(display, _key(*k), f"missing translation (English: {want[k][:60]!r})"))
    return errors


def localized(spec: S.ScenarioSpec, texts: dict[tuple[str, str, str], Any]) -> S.ScenarioSpec:
    """The spec with its texts replaced by `texts` where a good translation is given; the rules
    (ids, numbers, effects) are untouched."""
    if not texts:
        return spec

    def tr(kind: str, oid: str, obj: Any) -> Any:
        changes = {}
        for f in FIELDS[kind]:
            v = texts.get((kind, oid, f))
            if isinstance(v, str) and v.strip() and (getattr(obj, f, "") or "").strip():
                changes[f] = v.strip() if f.endswith(("name", "title", "singular")) else v.rstrip()
        if kind == "units" and "name" in changes and "singular" not in changes:
            changes["singular"] = ""  # (no English figure under a translated name: the log's rule)
        return replace(obj, **changes) if changes else obj

    regions = {k: tr("regions", k, r) for k, r in spec.board.regions.items()}
    return tr(
        "scenario",
        "",
        replace(
            spec,
            board=replace(spec.board, regions=regions),
            units={k: tr("units", k, u) for k, u in spec.units.items()},
            characters={k: tr("characters", k, c) for k, c in spec.characters.items()},
            cards={k: tr("cards", k, c) for k, c in spec.cards.items()},
            positions={k: tr("positions", k, p) for k, p in spec.positions.items()},
        ),
    )
