"""Scenario folders (YAML) -> a validated, frozen `ScenarioSpec`.

The format is documented in `docs/content.md`. Entry points:

- `load_scenario(folder) -> ScenarioSpec`: raises the first `ContentError` found.
- `validate_scenario(folder) -> list[str]`: every error found, as printable lines ([] = valid).
- `check_scenario(folder) -> (ScenarioSpec | None, list[ContentError])`: both at once.

Effects and conditions are checked with the core's vocabulary (`botwotr.core.effects`), and the
ids they name (characters, units, regions) against the scenario.

Validation continues after an error where that is safe: each item (a unit, a card, a border,
an army...) and each top-level key of `scenario.yaml` is checked on its own, so one run reports
one error per broken item. References are checked against the ids that are *declared*, even when
the declaring item is itself broken, so one typo does not cascade. A spec is built only when there
is no error at all: never a partial spec.
"""

from __future__ import annotations

import contextlib
import difflib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping

from botwotr.core import effects as E
from botwotr.core import spec as S

from .errors import ContentError
from .plural import english_singular
from .yamlio import LineList, LineMap, parse_file

__all__ = ["ContentError", "load_scenario", "validate_scenario", "check_scenario", "SCENARIO_FILES", "load_board_yaml"]

SCENARIO_FILE = "scenario.yaml"
UNITS_FILE = "units.yaml"
CHARACTERS_FILE = "characters.yaml"
CARDS_FILE = "cards.yaml"
FATE_FILE = "fate.yaml"
POSITIONS_FILE = "positions.yaml"
SCENARIO_FILES = (SCENARIO_FILE, UNITS_FILE, CHARACTERS_FILE, CARDS_FILE, FATE_FILE, POSITIONS_FILE)

CHARACTER_KINDS = ("captain", "companion", "minion", "commander")
KIND_SIDE = {"captain": "fp", "companion": "fp", "minion": "sh", "commander": "sh"}
TILE_COLORS = ("grey", "blue", "red")
MAX_ARMY_UNITS = 5
# Story and special decks belong to one side; generic cards to both.
DECK_SIDE = {"fp_story": "fp", "sh_story": "sh", "special": "sh"}

_ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
_MODULE_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$")
_MISSING = object()


# --------------------------------------------------------------------------- field checking


@dataclass(frozen=True)
class F:
    """One allowed key of a mapping: its kind, whether it is required, its default, limits.

    kinds: str, int, bool, num, list, map, strs (list of strings), ids (list of ids),
    effects (effect list, key `do`), conditions (condition list, key `if`), any.
    `null=True` lets the value be null (None)."""

    kind: str
    required: bool = False
    default: Any = _MISSING
    null: bool = False
    min: int | None = None
    max: int | None = None
    choices: tuple[str, ...] | None = None
    id: bool = False  # a str that must look like an id


def _typename(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean ({'true' if value else 'false'})"
    if isinstance(value, int):
        return f"an integer ({value})"
    if isinstance(value, float):
        return f"a number ({value})"
    if isinstance(value, str):
        shown = value if len(value) <= 30 else value[:27] + "..."
        return f"a string ({shown!r})"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return f"a {type(value).__name__}"


_EXPECTED = {
    "str": "a string",
    "int": "an integer",
    "bool": "true or false",
    "num": "a number",
    "list": "a list",
    "map": "a mapping",
    "strs": "a list of strings",
    "ids": "a list of ids",
    "effects": "a list of effects (mappings with a `do` key)",
    "conditions": "a list of conditions (mappings with an `if` key)",
}


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _line(container: Any, key: Any) -> int | None:
    if isinstance(container, LineMap):
        return container.key_lines.get(key, container.line)
    if isinstance(container, LineList) and isinstance(key, int):
        if 0 <= key < len(container.item_lines):
            return container.item_lines[key]
        return container.line
    return None


def _own_line(value: Any) -> int | None:
    return getattr(value, "line", None)


def _join(path: str, key: Any) -> str:
    """The key path of a mapping's key (list items are written `path[i]` by the callers)."""
    k = key if isinstance(key, str) else str(key) if _is_int(key) else repr(key)
    return f"{path}.{k}" if path else k


def plain(value: Any) -> Any:
    """Deep copy without line bookkeeping: mappings -> dict, lists -> tuple (frozen-ish)."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(plain(v) for v in value)
    return value


def jsonlike(value: Any) -> Any:
    """Deep copy without line bookkeeping as plain dicts and lists: the form the effect
    vocabulary (`botwotr.core.effects`) checks and runs, and that logs and saves can hold."""
    if isinstance(value, dict):
        return {k: jsonlike(v) for k, v in value.items()}
    if isinstance(value, list):
        return [jsonlike(v) for v in value]
    return value


class _File:
    """Error construction for one file."""

    def __init__(
        self,
        name: str,
        errors: list[ContentError],
        refs: Callable[["_File", dict, str, str, int | None], None] | None = None,
    ):
        self.name = name
        self.errors = errors
        # Checks the ids an effect names (characters, units, regions), if given.
        self.refs = refs

    def error(self, key: str, problem: str, line: int | None = None) -> ContentError:
        return ContentError(self.name, key, problem, line)

    @contextlib.contextmanager
    def each(self) -> Iterator[None]:
        """Record a ContentError raised inside the block and carry on after it."""
        try:
            yield
        except ContentError as exc:
            self.errors.append(exc)

    # -- values

    def value(self, value: Any, f: F, path: str, line: int | None) -> Any:
        if value is None:
            if f.null:
                return None
            raise self.error(path, f"expected {_EXPECTED.get(f.kind, f.kind)}, got null", line)
        kind = f.kind
        if kind == "any":
            return value
        if kind == "str":
            if not isinstance(value, str):
                hint = " (write it in quotes)" if isinstance(value, (int, float)) else ""
                raise self.error(path, f"expected a string, got {_typename(value)}{hint}", line)
            if f.id:
                self.check_id(value, path, line)
            if f.choices is not None and value not in f.choices:
                raise self.error(
                    path,
                    f"unknown value {value!r}; expected one of {', '.join(f.choices)}{_suggest(value, f.choices)}",
                    line,
                )
            return value
        if kind == "int":
            if not _is_int(value):
                raise self.error(path, f"expected an integer, got {_typename(value)}", line)
            self.check_range(value, f, path, line)
            return value
        if kind == "num":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise self.error(path, f"expected a number, got {_typename(value)}", line)
            return value
        if kind == "bool":
            if not isinstance(value, bool):
                raise self.error(path, f"expected true or false, got {_typename(value)}", line)
            return value
        if kind == "map":
            if not isinstance(value, dict):
                raise self.error(path, f"expected a mapping, got {_typename(value)}", line)
            return value
        if kind in ("list", "strs", "ids", "effects", "conditions"):
            if not isinstance(value, list):
                raise self.error(path, f"expected {_EXPECTED[kind]}, got {_typename(value)}", line)
            if kind in ("strs", "ids"):
                seen: set[str] = set()
                for i, item in enumerate(value):
                    ipath, iline = f"{path}[{i}]", _line(value, i)
                    if not isinstance(item, str):
                        raise self.error(ipath, f"expected a string, got {_typename(item)}", iline)
                    if kind == "ids":
                        self.check_id(item, ipath, iline)
                    if f.choices is not None and item not in f.choices:
                        raise self.error(
                            ipath,
                            f"unknown value {item!r}; expected one of "
                            f"{', '.join(f.choices)}"
                            f"{_suggest(item, f.choices)}",
                            iline,
                        )
                    if item in seen:
                        raise self.error(ipath, f"{item!r} is listed twice", iline)
                    seen.add(item)
                return tuple(value)
            if kind == "effects":
                return self.effects(value, path, "do")
            if kind == "conditions":
                return self.effects(value, path, "if")
            return value
        raise AssertionError(f"unknown field kind {kind}")  # pragma: no cover

    def check_id(self, value: str, path: str, line: int | None) -> None:
        if not _ID_RE.match(value):
            raise self.error(
                path, f"bad id {value!r}: use lower-case letters, digits and _, starting with a letter", line
            )

    def check_range(self, value: int, f: F, path: str, line: int | None) -> None:
        if f.min is not None and value < f.min:
            raise self.error(path, f"must be at least {f.min}, got {value}", line)
        if f.max is not None and value > f.max:
            raise self.error(path, f"must be at most {f.max}, got {value}", line)

    def int_value(self, value: Any, path: str, line: int | None, lo: int | None = None, hi: int | None = None) -> int:
        return self.value(value, F("int", min=lo, max=hi), path, line)

    def fields(self, m: Any, schema: Mapping[str, F], path: str, line: int | None = None) -> dict[str, Any]:
        """Check a mapping against `schema`: type, unknown keys, required keys, each value.
        Returns {key: checked value} with defaults filled in (absent optional keys without a
        default are left out)."""
        if not isinstance(m, dict):
            raise self.error(path, f"expected a mapping, got {_typename(m)}", line)
        for key in m:
            if key not in schema:
                raise self.error(_join(path, key), f"unknown key {key!r}{_suggest(key, schema)}", _line(m, key))
        for key, f in schema.items():
            if f.required and key not in m:
                raise self.error(_join(path, key), "missing required key", _own_line(m) or line)
        out: dict[str, Any] = {}
        for key, f in schema.items():
            if key in m:
                out[key] = self.value(m[key], f, _join(path, key), _line(m, key))
            elif f.default is not _MISSING:
                out[key] = f.default
        return out

    def effects(self, value: list, path: str, head: str) -> tuple[dict, ...]:
        validate = _effect_validator(head)
        result = []
        for i, item in enumerate(value):
            ipath, iline = f"{path}[{i}]", _line(value, i)
            if not isinstance(item, dict):
                raise self.error(ipath, f"expected a mapping with a {head!r} key, got {_typename(item)}", iline)
            if head not in item:
                raise self.error(f"{ipath}.{head}", "missing required key", _own_line(item))
            if not isinstance(item[head], str):
                raise self.error(
                    f"{ipath}.{head}", f"expected a string, got {_typename(item[head])}", _line(item, head)
                )
            frozen = jsonlike(item)
            try:
                problem = validate(frozen)
            except Exception as exc:  # a crash in the checker must not become a traceback
                problem = f"cannot check this entry ({type(exc).__name__}: {exc})"
            if problem:
                raise self.error(ipath, str(problem), _own_line(item) or iline)
            if self.refs is not None:
                self.refs(self, frozen, head, ipath, _own_line(item) or iline)
            result.append(frozen)
        return tuple(result)


def _effect_validator(head: str) -> Callable[[Mapping[str, Any]], str | None]:
    return E.validate_effect if head == "do" else E.validate_condition


def _suggest(word: Any, options: Any) -> str:
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, [o for o in options if isinstance(o, str)], n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def _items(f: _File, m: Any, path: str, line: int | None = None) -> list[tuple[Any, Any]]:
    if not isinstance(m, dict):
        raise f.error(path, f"expected a mapping, got {_typename(m)}", line)
    return list(m.items())


# --------------------------------------------------------------------------- schemas

REGION = {
    "name": F("str", required=True),
    "terrain": F("str", required=True, choices=S.TERRAINS),
    "territory": F("str", null=True, default=None, id=True),
    "settlement": F("bool", default=False),
    "owner": F("str", null=True, default=None, choices=S.SIDES),
    "vp": F("int", default=0, min=0),
    "orc_area": F("bool", default=False),
    "recruitment_area": F("bool", default=False),
}
BORDER = {
    "a": F("str", required=True),
    "b": F("str", required=True),
    "kind": F("str", default="normal", choices=S.BORDER_KINDS),
}
BOARD = {
    "regions": F("map", required=True),
    "borders": F("list", required=True),
    "anchors": F("map", default={}),
}
UNIT = {
    "side": F("str", required=True, choices=S.SIDES),
    "name": F("str", required=True),
    "strength": F("int", required=True, min=1),
    "favoured": F("strs", default=(), choices=S.TERRAINS),
    "figures": F("int", required=True, min=1),
    "ability": F("str", null=True, default=None, id=True),
    "ability_params": F("map", default={}),
    "ability_text": F("str", default=""),
    "tags": F("ids", default=()),
    "singular": F("str", default=""),
}
CHARACTER = {
    "side": F("str", required=True, choices=S.SIDES),
    "name": F("str", required=True),
    "kind": F("str", required=True, choices=CHARACTER_KINDS),
    "rating": F("int", default=0, min=0),
    "modifier": F("int", default=0, min=0),
    "level": F("int", default=1, min=0),
    "entry_regions": F("strs", default=()),
    "entry_die": F("str", default="character", choices=S.DIE_RESULTS),
    "extra_die": F("bool", default=False),
    "ability": F("str", null=True, default=None, id=True),
    "ability_die": F("str", null=True, default=None, choices=S.DIE_RESULTS),
    "ability_params": F("map", default={}),
    "ability_text": F("str", default=""),
    "entry_text": F("str", default=""),
}
CARD = {
    "id": F("str", required=True, id=True),
    "deck": F("str", required=True, choices=S.DECKS),
    "type": F("str", required=True, choices=S.CARD_TYPES),
    "title": F("str", required=True),
    "side": F("str", null=True, default=None, choices=S.SIDES),
    "text": F("str", default=""),
    "effect": F("effects", required=True),
    "requires": F("conditions", default=()),
    "combat_title": F("str", default=""),
    "combat_text": F("str", default=""),
    "combat": F("effects", default=()),
    "stays": F("bool", default=False),
}
TILE = {
    "id": F("str", required=True, id=True),
    "value": F("int", required=True, min=0, max=3),
    "icon": F("str", null=True, default=None),
    "color": F("str", default="grey", choices=TILE_COLORS),
    "shadow_special": F("bool", default=False),
}
POSITION = {
    "name": F("str", required=True),
    "dice": F("int", required=True, min=1),
    "action": F("effects", default=()),
    "action_text": F("str", default=""),
    "special_cards": F("int", default=0, min=0),
    "tokens": F("int", null=True, default=None, min=0),
}
ARMY = {
    "region": F("str", required=True),
    "side": F("str", required=True, choices=S.SIDES),
    "units": F("map", required=True),
    "leaders": F("int", default=0, min=0),
    "characters": F("strs", default=()),
}
BORDER_RULE = {
    "target": F("int", required=True, min=1, max=6),
    "rounds": F("int", required=True, min=0),
}
VICTORY = {
    "vp": F("int", default=0, min=0),
    "captains": F("strs", default=()),
}
SCENARIO = {
    "id": F("str", required=True, id=True),
    "name": F("str", required=True),
    "content_version": F("str", required=True),
    "board": F("any", required=True),
    "commander": F("str", required=True),
    "endgame": F("int", required=True, min=1),
    "fate_markers": F("map", default={}),
    "fate_events": F("map", default={}),
    "fate_icons": F("map", default={}),
    "dice": F("map", default={}),
    "action_tokens": F("int", default=2, min=0),
    "hand_limit": F("int", default=6, min=1),
    "terrain_bonus": F("map", default={}),
    "border_rules": F("map", default={}),
    "recruitment_tokens": F("map", default={}),
    "setup_tokens": F("map", default={}),
    "setup_armies": F("list", default=[]),
    "setup_characters": F("map", default={}),
    "leaders": F("map", default={}),
    "victory": F("map", default={}),
    "rules_module": F("str", null=True, default=None),
    "rules_data": F("map", default={}),
    "notes": F("str", default=""),
}
# The top level of each collection file: its one required key.
FILE_KEYS = {
    UNITS_FILE: ("units", "map"),
    CHARACTERS_FILE: ("characters", "map"),
    CARDS_FILE: ("cards", "list"),
    FATE_FILE: ("fate_tiles", "list"),
    POSITIONS_FILE: ("positions", "map"),
}


# --------------------------------------------------------------------------- the checker


class _Checker:
    def __init__(self, folder: Path):
        self.folder = folder
        self.errors: list[ContentError] = []
        self.files: dict[str, Any] = {}  # parsed top-level documents that are mappings
        # Declared ids (None: unknown because the file could not be read).
        self.region_ids: set[str] | None = None
        self.unit_side: dict[str, str | None] | None = None
        self.char_side: dict[str, str | None] | None = None
        self.char_kind: dict[str, str | None] = {}
        self.icons: set[Any] | None = None
        # Built specs.
        self.board: S.BoardSpec | None = None
        self.regions: dict[str, S.RegionSpec] = {}
        self.units: dict[str, S.UnitSpec] = {}
        self.characters: dict[str, S.CharacterSpec] = {}
        self.cards: dict[str, S.CardSpec] = {}
        self.tiles: dict[str, S.FateTileSpec] = {}
        self.positions: dict[str, S.PositionSpec] = {}
        self.scenario: dict[str, Any] = {}
        # With a shared card file (read_cards): the key path and line of each card checked.
        self.card_paths: list[tuple[str, int | None]] | None = None
        # Every file read (names relative to the folder) and the Tiled maps loaded: the key of
        # the checked spec kept on disk (content/cache.py).
        self.files_read: list[str] = []
        self.maps_read: list[Path] = []

    # -- reading

    def read(self, name: str) -> Any:
        """Parse a file; on failure record the error and return _MISSING."""
        self.files_read.append(name)
        try:
            # Documents are only read here, so one parsed from the same text may be reused.
            return parse_file(self.folder / name, name, shared=True)
        except ContentError as exc:
            self.errors.append(exc)
            return _MISSING

    def read_collection(self, name: str) -> Any:
        """A collection file: a mapping with exactly one key (FILE_KEYS). Returns its value or
        _MISSING."""
        doc = self.read(name)
        if doc is _MISSING:
            return _MISSING
        key, kind = FILE_KEYS[name]
        f = _File(name, self.errors)
        try:
            if doc is None:
                raise f.error("", f"the file is empty; expected a mapping with the key {key!r}")
            got = f.fields(doc, {key: F(kind, required=True)}, "", 1)
            return doc[key] if key in got else _MISSING
        except ContentError as exc:
            self.errors.append(exc)
            return _MISSING

    def read_cards(self) -> Any:
        """cards.yaml: either `cards` (a list), or a card file shared with another scenario:
        `shared` (its path), `halves` (card id -> this scenario's half of each of its story
        cards: one physical card with a text per scenario, R-5.1) and `cards` (this scenario's
        own cards, e.g. its special deck). The shared file's generic cards are taken unchanged,
        its story cards with their half from `halves`, its special cards not at all. The shared
        file itself is read as it is, so the scenario it belongs to loads unchanged."""
        doc = self.read(CARDS_FILE)
        if doc is _MISSING or not (isinstance(doc, dict) and "shared" in doc):
            if doc is _MISSING:
                return _MISSING
            return self.read_collection(CARDS_FILE)
        f = _File(CARDS_FILE, self.errors)
        try:
            top = f.fields(
                doc,
                {"shared": F("str", required=True), "halves": F("map", default={}), "cards": F("list", default=[])},
                "",
            )
        except ContentError as exc:
            self.errors.append(exc)
            return _MISSING
        shared_name = top["shared"]
        shared = self.read(shared_name)
        if shared is _MISSING:
            return _MISSING
        sf = _File(shared_name, self.errors)
        try:
            got = sf.fields(shared, {"cards": F("list", required=True)}, "", 1)
        except ContentError as exc:
            self.errors.append(exc)
            return _MISSING
        halves = top["halves"]
        half_keys = ("type", "title", "text", "effect", "requires", "stays", "combat_title", "combat_text", "combat")
        out: list[Any] = []
        paths: list[tuple[str, int | None]] = []
        story: set[str] = set()
        for i, c in enumerate(got["cards"]):
            if not isinstance(c, dict):
                continue  # reported by that file's own scenario
            deck = c.get("deck")
            if deck == "generic":
                out.append(c)
                paths.append((f"{shared_name} cards[{i}]", _line(got["cards"], i)))
            elif deck in ("fp_story", "sh_story"):
                cid = c.get("id")
                story.add(cid)
                half = halves.get(cid)
                with f.each():
                    if not isinstance(half, dict):
                        raise f.error(
                            _join("halves", str(cid)),
                            f"the story card {cid!r} of {shared_name} needs its half for this scenario (R-5.1)",
                            _own_line(halves),
                        )
                    for key in half:
                        if key not in half_keys:
                            raise f.error(
                                _join(_join("halves", cid), key),
                                f"unknown key {key!r}{_suggest(key, half_keys)} (a half has: {', '.join(half_keys)})",
                                _line(half, key),
                            )
                    out.append({"id": cid, "deck": deck, **({"side": c["side"]} if "side" in c else {}), **half})
                    paths.append((_join("halves", cid), _line(halves, cid)))
        for cid in halves:
            if cid not in story:
                with f.each():
                    raise f.error(
                        _join("halves", str(cid)),
                        f"{shared_name} has no story card {cid!r}{_suggest(cid, story)}",
                        _line(halves, cid),
                    )
        own = list(top["cards"])
        paths += [(f"cards[{j}]", _line(top["cards"], j)) for j in range(len(own))]
        self.card_paths = paths
        return out + own

    # -- declared ids (before full checks, so references can be checked independently)

    @staticmethod
    def _declared_sides(m: Any) -> dict[str, str | None]:
        out: dict[str, str | None] = {}
        if isinstance(m, dict):
            for k, v in m.items():
                if isinstance(k, str):
                    side = v.get("side") if isinstance(v, dict) else None
                    out[k] = side if side in S.SIDES else None
        return out

    # -- board

    def check_board(self, scenario_doc: Any) -> None:
        f = _File(SCENARIO_FILE, self.errors, self.effect_refs)
        if not isinstance(scenario_doc, dict) or "board" not in scenario_doc:
            return  # reported with the scenario's own keys
        value = scenario_doc["board"]
        line = _line(scenario_doc, "board")
        if isinstance(value, dict):
            self.check_board_yaml(value, f, "board")
            return
        if not isinstance(value, str) or not value:
            with f.each():
                raise f.error(
                    "board",
                    f"expected a file name (.tmx or .yaml) or a mapping "
                    f"with regions and borders, got {_typename(value)}",
                    line,
                )
            return
        path = self.folder / value
        display = Path(value).as_posix()
        if value.endswith((".yaml", ".yml")):
            doc = self.read(display)
            if doc is _MISSING:
                return
            bf = _File(display, self.errors)
            if doc is None:
                with bf.each():
                    raise bf.error("", "the file is empty; expected regions and borders")
                return
            self.check_board_yaml(doc, bf, "")
        elif value.endswith(".tmx"):
            self.load_tmx(path, display, f, line)
        else:
            with f.each():
                raise f.error(
                    "board", f"unknown board file type {value!r}: expected a .tmx (Tiled) or .yaml file", line
                )

    def load_tmx(self, path: Path, display: str, f: _File, line: int | None) -> None:
        with f.each():
            if not path.is_file():
                raise ContentError(display, "", f"file not found ({path})")
            try:
                from botwotr.board import load_board
            except ImportError as exc:
                raise f.error("board", f"the Tiled board loader is not available ({exc})", line) from None
            self.maps_read.append(path)
            try:
                board = load_board(path)
            except ContentError:
                raise
            except Exception as exc:  # the map is bad input: never a traceback
                # botwotr.board.BoardError carries `where` (layer and object) and `problem`.
                where = getattr(exc, "where", None)
                problem = getattr(exc, "problem", None)
                if not isinstance(problem, str):
                    problem = f"cannot load the board: {type(exc).__name__}: {exc}"
                raise ContentError(display, where if isinstance(where, str) else "", problem) from None
            if not isinstance(board, S.BoardSpec):
                raise ContentError(display, "", f"the board loader returned {type(board).__name__}, not a BoardSpec")
            self.board = board
            self.regions = dict(board.regions)
            self.region_ids = set(board.regions)

    def check_board_yaml(self, doc: Any, f: _File, path: str) -> None:
        try:
            top = f.fields(doc, BOARD, path, _own_line(doc))
        except ContentError as exc:
            self.errors.append(exc)
            return
        regions_raw = doc["regions"]
        self.region_ids = {k for k in regions_raw if isinstance(k, str)}
        n_errors = len(self.errors)
        rpath = _join(path, "regions")
        if not regions_raw:
            with f.each():
                raise f.error(rpath, "a board needs at least one region", _own_line(regions_raw))
        for rid, raw in regions_raw.items():
            with f.each():
                self.regions[rid] = self.region(f, rid, raw, _join(rpath, rid), _line(regions_raw, rid))
        borders: list[S.BorderSpec] = []
        pairs: dict[frozenset, int] = {}
        bpath = _join(path, "borders")
        blist = doc["borders"]
        for i, raw in enumerate(blist):
            with f.each():
                ipath, iline = f"{bpath}[{i}]", _line(blist, i)
                v = f.fields(raw, BORDER, ipath, iline)
                for end in ("a", "b"):
                    if v[end] not in self.region_ids:
                        raise f.error(
                            f"{ipath}.{end}",
                            f"unknown region {v[end]!r}{_suggest(v[end], self.region_ids)}",
                            _line(raw, end),
                        )
                if v["a"] == v["b"]:
                    raise f.error(ipath, f"a border needs two different regions, got {v['a']!r} twice", iline)
                pair = frozenset((v["a"], v["b"]))
                if pair in pairs:
                    raise f.error(
                        ipath,
                        f"a second border between {v['a']!r} and {v['b']!r} (the first is {bpath}[{pairs[pair]}])",
                        iline,
                    )
                pairs[pair] = i
                borders.append(S.BorderSpec(v["a"], v["b"], v["kind"]))
        anchors: dict[str, dict[str, tuple[float, float]]] = {}
        apath = _join(path, "anchors")
        for rid, amap in _items(f, top["anchors"], apath):
            with f.each():
                ap = _join(apath, rid)
                if rid not in self.region_ids:
                    raise f.error(
                        ap, f"unknown region {rid!r}{_suggest(rid, self.region_ids)}", _line(top["anchors"], rid)
                    )
                anchors[rid] = {}
                for name, xy in _items(f, amap, ap, _line(top["anchors"], rid)):
                    xp, xl = _join(ap, name), _line(amap, name)
                    if not isinstance(name, str):
                        raise f.error(xp, f"an anchor name must be a string, got {_typename(name)}", xl)
                    if not isinstance(xy, list) or len(xy) != 2 or not all(_is_num(c) for c in xy):
                        raise f.error(xp, "expected [x, y] (two numbers)", xl)
                    anchors[rid][name] = (float(xy[0]), float(xy[1]))
        if len(self.errors) == n_errors:
            self.board = S.BoardSpec.build(self.regions, tuple(borders), anchors)

    def region(self, f: _File, rid: Any, raw: Any, path: str, line: int | None) -> S.RegionSpec:
        if not isinstance(rid, str):
            raise f.error(path, f"a region id must be a string, got {_typename(rid)}", line)
        f.check_id(rid, path, line)
        v = f.fields(raw, REGION, path, line)
        if v["settlement"] and v["owner"] is None:
            raise f.error(_join(path, "owner"), "a settlement needs an owner (fp or sh)", line)
        if v["owner"] is not None and not v["settlement"]:
            raise f.error(
                _join(path, "owner"), "only a settlement has an owner (add settlement: true)", _line(raw, "owner")
            )
        if v["vp"] and not v["settlement"]:
            raise f.error(_join(path, "vp"), "only a settlement carries victory points", _line(raw, "vp"))
        return S.RegionSpec(id=rid, **v)

    # -- units, characters

    def check_units(self, raw: Any) -> None:
        if raw is _MISSING:
            return
        f = _File(UNITS_FILE, self.errors, self.effect_refs)
        for uid, u in raw.items():
            with f.each():
                path, line = _join("units", uid), _line(raw, uid)
                if not isinstance(uid, str):
                    raise f.error(path, f"a unit id must be a string, got {_typename(uid)}", line)
                f.check_id(uid, path, line)
                v = f.fields(u, UNIT, path, line)
                v["ability_params"] = self.ability_params(f, v["ability_params"], path, u)
                v["singular"] = v["singular"].strip() or english_singular(v["name"])
                self.units[uid] = S.UnitSpec(id=uid, **v)
        if not raw:
            with f.each():
                raise f.error("units", "no unit types", _own_line(raw))

    def check_characters(self, raw: Any) -> None:
        if raw is _MISSING:
            return
        f = _File(CHARACTERS_FILE, self.errors, self.effect_refs)
        for cid, c in raw.items():
            with f.each():
                path, line = _join("characters", cid), _line(raw, cid)
                if not isinstance(cid, str):
                    raise f.error(path, f"a character id must be a string, got {_typename(cid)}", line)
                f.check_id(cid, path, line)
                v = f.fields(c, CHARACTER, path, line)
                side, kind = v["side"], v["kind"]
                if KIND_SIDE[kind] != side:
                    raise f.error(
                        _join(path, "kind"),
                        f"a {kind} belongs to side {KIND_SIDE[kind]!r}, not {side!r}",
                        _line(c, "kind"),
                    )
                for key in ("entry_die", "ability_die"):
                    die = v[key]
                    if die is not None and die not in S.DIE_FACES[side]:
                        raise f.error(
                            _join(path, key),
                            f"{S.SIDE_NAMES[side]} dice have no "
                            f"{die!r} face; expected one of "
                            f"{', '.join(sorted(set(S.DIE_FACES[side])))}",
                            _line(c, key),
                        )
                if v["ability_die"] is not None and v["ability"] is None:
                    raise f.error(
                        _join(path, "ability_die"), "an ability_die needs an ability", _line(c, "ability_die")
                    )
                if v["extra_die"] and side != "fp":
                    raise f.error(
                        _join(path, "extra_die"),
                        "only Free Peoples characters carry the extra-die icon (R-8.2)",
                        _line(c, "extra_die"),
                    )
                if self.region_ids is not None:
                    for i, r in enumerate(v["entry_regions"]):
                        if r not in self.region_ids:
                            er = c["entry_regions"]
                            raise f.error(
                                f"{path}.entry_regions[{i}]",
                                f"unknown region {r!r}{_suggest(r, self.region_ids)}",
                                _line(er, i),
                            )
                v["ability_params"] = self.ability_params(f, v["ability_params"], path, c)
                self.characters[cid] = S.CharacterSpec(id=cid, **v)
        if not raw:
            with f.each():
                raise f.error("characters", "no characters", _own_line(raw))

    # -- cards, fate tiles, positions

    def check_cards(self, raw: Any) -> None:
        if raw is _MISSING:
            return
        f = _File(CARDS_FILE, self.errors, self.effect_refs)
        first: dict[str, int] = {}
        for i, c in enumerate(raw):
            with f.each():
                path, line = f"cards[{i}]", _line(raw, i)
                if self.card_paths is not None and i < len(self.card_paths):
                    path, line = self.card_paths[i]  # a shared deck: where this card's text is
                v = f.fields(c, CARD, path, line)
                cid = v["id"]
                if cid in first:
                    raise f.error(
                        f"{path}.id", f"duplicate card id {cid!r} (first used by cards[{first[cid]}])", _line(c, "id")
                    )
                first[cid] = i
                deck = v["deck"]
                if deck == "generic":
                    if v["side"] is not None:
                        raise f.error(
                            f"{path}.side", "generic cards belong to both sides: leave out side", _line(c, "side")
                        )
                    if not v["combat"]:
                        raise f.error(
                            f"{path}.combat", "a generic card needs a combat half (R-5.2)", _line(c, "combat") or line
                        )
                    if not v["combat_title"]:
                        raise f.error(
                            f"{path}.combat_title",
                            "a generic card needs a combat title (R-5.2)",
                            _line(c, "combat_title") or line,
                        )
                else:
                    want = DECK_SIDE[deck]
                    if v["side"] is None:
                        v["side"] = want
                    elif v["side"] != want:
                        raise f.error(f"{path}.side", f"the {deck} deck belongs to side {want!r}", _line(c, "side"))
                if not v["effect"]:
                    raise f.error(f"{path}.effect", "a card needs at least one effect", _line(c, "effect"))
                self.cards[cid] = S.CardSpec(**v)

    def check_tiles(self, raw: Any) -> None:
        if raw is _MISSING:
            return
        f = _File(FATE_FILE, self.errors, self.effect_refs)
        first: dict[str, int] = {}
        for i, t in enumerate(raw):
            with f.each():
                path, line = f"fate_tiles[{i}]", _line(raw, i)
                v = f.fields(t, TILE, path, line)
                tid = v["id"]
                if tid in first:
                    raise f.error(
                        f"{path}.id",
                        f"duplicate tile id {tid!r} (first used by fate_tiles[{first[tid]}])",
                        _line(t, "id"),
                    )
                first[tid] = i
                if v["icon"] is not None and self.icons is not None and v["icon"] not in self.icons:
                    raise f.error(
                        f"{path}.icon",
                        f"icon {v['icon']!r} has no effect: add it to "
                        f"fate_icons in {SCENARIO_FILE}"
                        f"{_suggest(v['icon'], self.icons)}",
                        _line(t, "icon"),
                    )
                self.tiles[tid] = S.FateTileSpec(**v)
        if isinstance(raw, list) and not any(isinstance(t, dict) and t.get("color", "grey") == "grey" for t in raw):
            with f.each():
                raise f.error(
                    "fate_tiles", "no grey (standard) tile: the fate pool would start empty (R-7.2)", _own_line(raw)
                )

    def check_positions(self, raw: Any) -> None:
        if raw is _MISSING:
            return
        f = _File(POSITIONS_FILE, self.errors, self.effect_refs)
        for pid, p in raw.items():
            with f.each():
                path, line = _join("positions", pid), _line(raw, pid)
                if not isinstance(pid, str):
                    raise f.error(path, f"a position id must be a string, got {_typename(pid)}", line)
                f.check_id(pid, path, line)
                v = f.fields(p, POSITION, path, line)
                self.positions[pid] = S.PositionSpec(id=pid, **v)
        if not raw:
            with f.each():
                raise f.error("positions", "the commander-in-chief needs at least one position (R-6.1)", _own_line(raw))

    def ability_params(self, f: _File, params: dict, path: str, raw: Any) -> dict:
        """Free-form parameters for the ability's code; an `effect` key in them is an effect
        list the engine may run (`ScenarioRules.ability`), so it is checked as one."""
        ppath, pline = f"{path}.ability_params", _line(raw, "ability_params")
        for key in params:
            if not isinstance(key, str):
                raise f.error(
                    _join(ppath, key), f"a parameter name must be a string, got {_typename(key)}", _line(params, key)
                )
        out = jsonlike(params)
        if "effect" in params:
            out["effect"] = list(
                f.value(params["effect"], F("effects"), f"{ppath}.effect", _line(params, "effect") or pline)
            )
        return out

    # -- references

    def effect_refs(self, f: _File, effect: dict, head: str, path: str, line: int | None) -> None:
        """The ids an effect or condition names must exist (types from the core's tables)."""
        table = getattr(E, "SCHEMA" if head == "do" else "CONDITIONS", {})
        params = table.get(effect.get(head), {})
        for p, v in effect.items():
            if p == head:
                continue
            kind = params.get(p, ("",))[0]
            ppath = f"{path}.{p}"
            if kind == "char":
                self.ref(f, "character", v, ppath, line)
            elif kind == "unit" and v != "any":
                self.ref(f, "unit", v, ppath, line)
            elif kind == "where" and isinstance(v, list):
                for i, r in enumerate(v):
                    self.ref(f, "region", r, f"{ppath}[{i}]", line)
            elif p == "region" and isinstance(v, str):
                self.ref(f, "region", v, ppath, line)

    def ref(self, f: _File, kind: str, value: Any, path: str, line: int | None, side: str | None = None) -> None:
        """Check that `value` names a declared region/unit/character (of `side`)."""
        if kind == "region":
            known: Any = self.region_ids
        elif kind == "unit":
            known = self.unit_side
        else:
            known = self.char_side
        if known is None:
            return  # the declaring file could not be read: its error is reported already
        if value not in known:
            raise f.error(path, f"unknown {kind} {value!r}{_suggest(value, known)}", line)
        if side is not None and kind != "region":
            actual = known[value]
            if actual is not None and actual != side:
                raise f.error(path, f"{kind} {value!r} belongs to side {actual!r}, not {side!r}", line)

    # -- scenario.yaml

    def check_scenario(self, doc: Any) -> None:
        f = _File(SCENARIO_FILE, self.errors, self.effect_refs)
        if doc is _MISSING:
            return
        try:
            if doc is None:
                raise f.error("", "the file is empty")
            if not isinstance(doc, dict):
                raise f.error("", f"expected a mapping, got {_typename(doc)}", 1)
        except ContentError as exc:
            self.errors.append(exc)
            return
        # Unknown and missing keys first, then each key on its own.
        for key in doc:
            if key not in SCENARIO:
                with f.each():
                    raise f.error(_join("", key), f"unknown key {key!r}{_suggest(key, SCENARIO)}", _line(doc, key))
        for key, fs in SCENARIO.items():
            if fs.required and key not in doc:
                with f.each():
                    raise f.error(key, "missing required key")
        sc = self.scenario
        for key, fs in SCENARIO.items():
            with f.each():
                if key in doc:
                    sc[key] = f.value(doc[key], fs, key, _line(doc, key))
                elif fs.default is not _MISSING:
                    sc[key] = plain(fs.default)
        for key, check in (
            ("commander", self.s_commander),
            ("fate_markers", self.s_fate_markers),
            ("fate_events", self.s_fate_events),
            ("fate_icons", self.s_fate_icons),
            ("dice", self.s_dice),
            ("terrain_bonus", self.s_terrain_bonus),
            ("border_rules", self.s_border_rules),
            ("recruitment_tokens", self.s_recruitment_tokens),
            ("setup_tokens", self.s_setup_tokens),
            ("setup_armies", self.s_setup_armies),
            ("setup_characters", self.s_setup_characters),
            ("leaders", self.s_leaders),
            ("victory", self.s_victory),
            ("rules_module", self.s_rules_module),
        ):
            if key in sc:
                value = sc.pop(key)  # put back only once checked and converted
                with f.each():
                    sc[key] = check(f, value, doc, _line(doc, key))
        with f.each():
            self.s_cross(f, doc)

    def s_commander(self, f: _File, value: str, doc: Any, line: int | None) -> str:
        self.ref(f, "character", value, "commander", line, side="sh")
        if self.char_side is not None and self.char_kind.get(value) not in (None, "commander"):
            raise f.error("commander", f"character {value!r} must have kind: commander", line)
        for cid, kind in self.char_kind.items():
            if kind == "commander" and cid != value:
                raise f.error(
                    "commander", f"character {cid!r} has kind commander but the commander-in-chief is {value!r}", line
                )
        return value

    def _space(self, f: _File, space: Any, path: str, line: int | None) -> int:
        if not _is_int(space):
            raise f.error(path, f"a fate-track space must be an integer, got {_typename(space)}", line)
        endgame = self.scenario.get("endgame")
        hi = endgame if isinstance(endgame, int) else None
        return f.int_value(space, path, line, 0, hi)

    def s_fate_markers(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        out: dict[int, tuple[str, ...]] = {}
        placed: dict[str, str] = {}
        for space, chars in m.items():
            path, sl = _join("fate_markers", space), _line(m, space)
            self._space(f, space, path, sl)
            ids = f.value(chars, F("strs"), path, sl)
            for i, cid in enumerate(ids):
                self.ref(f, "character", cid, f"{path}[{i}]", _line(chars, i))
                if cid in placed:
                    raise f.error(
                        f"{path}[{i}]", f"character {cid!r} is already on space {placed[cid]}", _line(chars, i)
                    )
                placed[cid] = str(space)
            out[space] = ids
        return out

    def s_fate_events(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        out = {}
        for space, effects in m.items():
            path, sl = _join("fate_events", space), _line(m, space)
            self._space(f, space, path, sl)
            out[space] = f.value(effects, F("effects"), path, sl)
        return out

    def s_fate_icons(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        out = {}
        for icon, effects in m.items():
            path, il = _join("fate_icons", icon), _line(m, icon)
            if not isinstance(icon, str):
                raise f.error(path, f"an icon name must be a string, got {_typename(icon)}", il)
            f.check_id(icon, path, il)
            out[icon] = f.value(effects, F("effects"), path, il)
        return out

    def _per_side(
        self, f: _File, m: dict, key: str, check: Callable[[str, Any, str, Any], Any], sides: tuple[str, ...] = S.SIDES
    ) -> dict:
        out = {}
        for side, value in m.items():
            path, sl = _join(key, side), _line(m, side)
            if side not in sides:
                raise f.error(path, f"unknown side {side!r}; expected {' or '.join(sides)}", sl)
            out[side] = check(side, value, path, sl)
        return out

    def s_dice(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        given = self._per_side(f, m, "dice", lambda s, v, p, ln: f.int_value(v, p, ln, 1))
        return {**S.ScenarioSpec.__dataclass_fields__["dice"].default_factory(), **given}

    def s_terrain_bonus(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        out = dict(S.ScenarioSpec.__dataclass_fields__["terrain_bonus"].default_factory())
        for terrain, bonus in m.items():
            path, tl = _join("terrain_bonus", terrain), _line(m, terrain)
            if terrain not in S.TERRAINS:
                raise f.error(
                    path,
                    f"unknown terrain {terrain!r}; expected one of "
                    f"{', '.join(S.TERRAINS)}{_suggest(terrain, S.TERRAINS)}",
                    tl,
                )
            out[terrain] = f.int_value(bonus, path, tl, 0, 5)
        return out

    def s_border_rules(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        out = dict(S.ScenarioSpec.__dataclass_fields__["border_rules"].default_factory())
        for kind, rule in m.items():
            path, kl = _join("border_rules", kind), _line(m, kind)
            if kind not in S.BORDER_KINDS:
                raise f.error(
                    path,
                    f"unknown border kind {kind!r}; expected one of "
                    f"{', '.join(S.BORDER_KINDS)}"
                    f"{_suggest(kind, S.BORDER_KINDS)}",
                    kl,
                )
            if kind in S.IMPASSABLE_BORDERS:
                raise f.error(path, f"a {kind} border is impassable: no battle is fought across it (R-1.4)", kl)
            v = f.fields(rule, BORDER_RULE, path, kl)
            out[kind] = S.BorderRule(**v)
        return out

    def s_recruitment_tokens(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        def side_tokens(side: str, value: Any, path: str, sl: Any) -> dict:
            out = {}
            for uid, n in _items(f, value, path, sl):
                up, ul = _join(path, uid), _line(value, uid)
                self.ref(f, "unit", uid, up, ul, side=side)
                out[uid] = f.int_value(n, up, ul, 0)
            return out

        return self._per_side(f, m, "recruitment_tokens", side_tokens)

    def s_setup_tokens(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        def side_regions(side: str, value: Any, path: str, sl: Any) -> tuple:
            regions = f.value(value, F("strs"), path, sl)
            for i, r in enumerate(regions):
                self.ref(f, "region", r, f"{path}[{i}]", _line(value, i))
            return regions

        return self._per_side(f, m, "setup_tokens", side_regions)

    def s_setup_armies(self, f: _File, armies: list, doc: Any, line: int | None) -> tuple:
        out = []
        for i, raw in enumerate(armies):
            path, al = f"setup_armies[{i}]", _line(armies, i)
            v = f.fields(raw, ARMY, path, al)
            side = v["side"]
            self.ref(f, "region", v["region"], f"{path}.region", _line(raw, "region"))
            units: dict[str, int] = {}
            for uid, n in _items(f, v["units"], f"{path}.units", _line(raw, "units")):
                up, ul = f"{path}.units.{uid}", _line(v["units"], uid)
                self.ref(f, "unit", uid, up, ul, side=side)
                units[uid] = f.int_value(n, up, ul, 1)
            total = sum(units.values())
            if total == 0:
                raise f.error(f"{path}.units", "an army needs at least one unit", _line(raw, "units"))
            if total > MAX_ARMY_UNITS:
                raise f.error(
                    f"{path}.units",
                    f"{total} units: an army holds at most {MAX_ARMY_UNITS} (R-2.1)",
                    _line(raw, "units"),
                )
            if v["leaders"] and side != "fp":
                raise f.error(
                    f"{path}.leaders",
                    "only the Free Peoples have leader figures; the Shadow uses leadership tokens (R-2.3)",
                    _line(raw, "leaders"),
                )
            for j, cid in enumerate(v["characters"]):
                self.ref(f, "character", cid, f"{path}.characters[{j}]", _line(raw["characters"], j), side=side)
            out.append(
                S.ArmySetup(
                    region=v["region"], side=side, units=units, leaders=v["leaders"], characters=v["characters"]
                )
            )
        return tuple(out)

    def s_setup_characters(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        out = {}
        for cid, region in m.items():
            path, cl = _join("setup_characters", cid), _line(m, cid)
            self.ref(f, "character", cid, path, cl)
            out[cid] = f.value(region, F("str"), path, cl)
            self.ref(f, "region", region, path, cl)
        return out

    def s_leaders(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        given = self._per_side(f, m, "leaders", lambda s, v, p, ln: f.int_value(v, p, ln, 0), sides=("fp",))
        return {**S.ScenarioSpec.__dataclass_fields__["leaders"].default_factory(), **given}

    def s_victory(self, f: _File, m: dict, doc: Any, line: int | None) -> dict:
        v = f.fields(m, VICTORY, "victory", line)
        raw = m.get("captains")
        for i, cid in enumerate(v["captains"]):
            self.ref(f, "character", cid, f"victory.captains[{i}]", _line(raw, i), side="fp")
        return v

    def s_rules_module(self, f: _File, value: str | None, doc: Any, line: int | None) -> Any:
        if value is not None and not _MODULE_RE.match(value):
            raise f.error("rules_module", f"{value!r} is not a dotted module name", line)
        return value

    def s_cross(self, f: _File, doc: Any) -> None:
        """Checks across several keys of scenario.yaml (each key is valid on its own)."""
        sc = self.scenario
        armies = sc.get("setup_armies", ())
        # One army per region (R-2.1: all of a player's units in a region are one army; and a
        # region holds only one side's army, R-1.3).
        where: dict[str, int] = {}
        for i, army in enumerate(armies):
            if army.region in where:
                other = armies[where[army.region]]
                why = (
                    "merge them into one army (R-2.1)"
                    if other.side == army.side
                    else "both sides cannot have armies in one region (R-1.3)"
                )
                raise f.error(
                    f"setup_armies[{i}].region",
                    f"setup_armies[{where[army.region]}] is already in {army.region!r}: {why}",
                    _line(doc["setup_armies"], i),
                )
            where[army.region] = i
        # Figures and leaders available.
        used: dict[str, int] = {}
        for army in armies:
            for uid, n in army.units.items():
                used[uid] = used.get(uid, 0) + n
        for uid, n in used.items():
            if uid in self.units and n > self.units[uid].figures:
                raise f.error(
                    "setup_armies",
                    f"{n} {uid!r} units set up but the scenario has "
                    f"only {self.units[uid].figures} figures (units.yaml)",
                    _line(doc, "setup_armies"),
                )
        if "leaders" in sc:
            total = sum(a.leaders for a in armies)
            if total > sc["leaders"].get("fp", 0):
                raise f.error(
                    "setup_armies",
                    f"{total} leaders set up but leaders.fp is {sc['leaders'].get('fp', 0)}",
                    _line(doc, "setup_armies"),
                )
        # Each character is in one place only.
        place: dict[str, str] = {}

        def put(cid: str, where_: str, key: str, line: int | None) -> None:
            if cid in place:
                raise f.error(key, f"character {cid!r} is already placed by {place[cid]}", line)
            place[cid] = where_

        for i, army in enumerate(armies):
            for j, cid in enumerate(army.characters):
                put(cid, f"setup_armies[{i}]", f"setup_armies[{i}].characters[{j}]", _line(doc["setup_armies"], i))
        army_at = {a.region: a for a in armies}
        for cid, region in sc.get("setup_characters", {}).items():
            put(cid, f"setup_characters.{cid}", f"setup_characters.{cid}", _line(doc.get("setup_characters"), cid))
            army = army_at.get(region)
            side = (self.char_side or {}).get(cid)
            if army is not None and army.side == side:
                raise f.error(
                    f"setup_characters.{cid}",
                    f"a friendly army is in {region!r}: list {cid!r} under that army's characters (R-2.6)",
                    _line(doc.get("setup_characters"), cid),
                )
        for space, chars in sc.get("fate_markers", {}).items():
            for j, cid in enumerate(chars):
                if cid in place:
                    raise f.error(
                        f"fate_markers.{space}[{j}]",
                        f"character {cid!r} starts in play ({place[cid]}); it cannot also wait on the fate track",
                        _line(doc.get("fate_markers"), space),
                    )
        # Face-down tokens come from the side's recruitment tokens.
        if "setup_tokens" in sc and "recruitment_tokens" in sc:
            for side, regions in sc["setup_tokens"].items():
                have = sum(sc["recruitment_tokens"].get(side, {}).values())
                if len(regions) > have:
                    raise f.error(
                        f"setup_tokens.{side}",
                        f"{len(regions)} tokens set up but recruitment_tokens.{side} holds only {have}",
                        _line(doc.get("setup_tokens"), side),
                    )
        # Fate markers and events must be on the track (spaces 0..endgame).
        # (Checked per space above.) Orc areas need Orc units.
        if self.board is not None and self.unit_side is not None and len(self.units) == len(self.unit_side):
            if any(r.orc_area for r in self.board.regions.values()) and not any(
                u.side == "sh" and "orc" in u.tags for u in self.units.values()
            ):
                raise ContentError(
                    UNITS_FILE,
                    "units",
                    "the board has Orc recruitment areas but no Shadow unit has tags: [orc] (R-8.6)",
                )

    # -- everything

    def run(self) -> S.ScenarioSpec | None:
        scenario_doc = self.read(SCENARIO_FILE)
        raw = {name: self.read_collection(name) for name in FILE_KEYS if name != CARDS_FILE}
        raw[CARDS_FILE] = self.read_cards()
        # Declared ids first, so each file's references can be checked on their own.
        if raw[UNITS_FILE] is not _MISSING:
            self.unit_side = self._declared_sides(raw[UNITS_FILE])
        if raw[CHARACTERS_FILE] is not _MISSING:
            self.char_side = self._declared_sides(raw[CHARACTERS_FILE])
            self.char_kind = {
                k: (v.get("kind") if isinstance(v, dict) else None)
                for k, v in raw[CHARACTERS_FILE].items()
                if isinstance(k, str)
            }
        if isinstance(scenario_doc, dict):
            icons = scenario_doc.get("fate_icons", {})
            self.icons = set(icons) if isinstance(icons, dict) else None
        else:
            self.icons = None
        if scenario_doc is not _MISSING:
            self.check_board(scenario_doc)
        self.check_units(raw[UNITS_FILE])
        self.check_characters(raw[CHARACTERS_FILE])
        self.check_cards(raw[CARDS_FILE])
        self.check_tiles(raw[FATE_FILE])
        self.check_positions(raw[POSITIONS_FILE])
        self.check_scenario(scenario_doc)
        if self.errors:
            return None
        sc = self.scenario
        victory = sc.pop("victory")
        assert self.board is not None
        spec = S.ScenarioSpec(
            board=self.board,
            units=self.units,
            characters=self.characters,
            cards=self.cards,
            fate_tiles=self.tiles,
            positions=self.positions,
            victory_vp=victory.get("vp", 0),
            victory_captains=victory.get("captains", ()),
            **{k: v for k, v in sc.items() if k != "board"},
        )
        if spec.rules_module:
            # The rules module checks what it reads (rules_data) when it is made: do it now, so
            # bad data is a content error at load time, naming its key.
            from botwotr.core.scenario import rules_for

            try:
                rules_for(spec)
            except KeyError:
                self.errors.append(
                    ContentError(SCENARIO_FILE, "rules_module", f"no rules module named {spec.rules_module!r}")
                )
                return None
            except ValueError as exc:
                key, problem = getattr(exc, "key", "rules_data"), getattr(exc, "problem", str(exc))
                self.errors.append(ContentError(SCENARIO_FILE, key, problem))
                return None
        return spec


def _is_num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


# --------------------------------------------------------------------------- public API


def check_scenario(folder: str | Path) -> tuple[S.ScenarioSpec | None, list[ContentError]]:
    """Check a scenario folder. Returns (spec, []) when valid, else (None, every error)."""
    path = Path(folder)
    if not path.is_dir():
        return None, [ContentError(str(folder), "", "scenario folder not found")]
    from . import cache

    spec = cache.stored(path)
    if spec is not None:
        return spec, []
    checker = _Checker(path)
    spec = checker.run()
    if spec is not None and not checker.errors:
        cache.store(path, checker.files_read, checker.maps_read, spec)
    return spec, list(checker.errors)


def load_scenario(folder: str | Path) -> S.ScenarioSpec:
    """Load and validate the scenario in `folder`; raise the first `ContentError`."""
    spec, errors = check_scenario(folder)
    if errors:
        raise errors[0]
    assert spec is not None
    return spec


def validate_scenario(folder: str | Path) -> list[str]:
    """Every problem found in the scenario in `folder`, one printable line each ([] = valid);
    its translation files (`i18n/<lang>.yaml`, botwotr.content.i18n) are checked too."""
    spec, errors = check_scenario(folder)
    if spec is not None:
        from .i18n import check_translations

        errors = errors + check_translations(folder, spec)
    return [str(e) for e in errors]


def load_board_yaml(path: str | Path) -> S.BoardSpec:
    """Load a stand-alone YAML board file (regions + borders), e.g. for tests."""
    p = Path(path)
    checker = _Checker(p.parent)
    doc = checker.read(p.name)
    if doc is not _MISSING:
        checker.check_board_yaml(doc if doc is not None else {}, _File(p.name, checker.errors), "")
    if checker.errors:
        raise checker.errors[0]
    assert checker.board is not None
    return checker.board
