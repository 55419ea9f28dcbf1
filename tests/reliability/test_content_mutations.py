"""Mutation fuzzing of the content loader.

The TEST scenario is copied to a temporary folder and broken in many ways, one at a time:
every required key removed, every value replaced by values of the wrong type, every reference
pointed at an id that does not exist, an unknown key added to every mapping, every key line
written twice, duplicate ids, broken YAML syntax, empty and missing files, and a list of
hand-written semantic mistakes. Each mutant must raise `ContentError` (and nothing else) naming
the file and the key; `load_scenario` must never return a spec for it.
"""
from __future__ import annotations

import copy
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

import pytest
import yaml

from botwotr.content import ContentError, load_scenario, validate_scenario
from botwotr.content import loader as L
from botwotr.core import effects as E

TEST_SCENARIO = Path(__file__).resolve().parents[1] / "data" / "test_scenario"
FILES = ("scenario.yaml", "board.yaml", "units.yaml", "characters.yaml", "cards.yaml",
         "fate.yaml", "positions.yaml")

EFFECT_AT = re.compile(r"(\.(effect|combat|action)|^fate_events\.\d+|^fate_icons\.\w+)\[\d+\]$")
CONDITION_AT = re.compile(r"\.requires\[\d+\]$")
# Where each schema applies: (file, regex of the mapping's key path, schema).
SCHEMAS: list[tuple[str, re.Pattern, dict]] = [
    ("scenario.yaml", re.compile(r"^$"), L.SCENARIO),
    ("scenario.yaml", re.compile(r"^setup_armies\[\d+\]$"), L.ARMY),
    ("scenario.yaml", re.compile(r"^border_rules\.\w+$"), L.BORDER_RULE),
    ("scenario.yaml", re.compile(r"^victory$"), L.VICTORY),
    ("board.yaml", re.compile(r"^$"), L.BOARD),
    ("board.yaml", re.compile(r"^regions\.\w+$"), L.REGION),
    ("board.yaml", re.compile(r"^borders\[\d+\]$"), L.BORDER),
    ("units.yaml", re.compile(r"^units\.\w+$"), L.UNIT),
    ("characters.yaml", re.compile(r"^characters\.\w+$"), L.CHARACTER),
    ("cards.yaml", re.compile(r"^cards\[\d+\]$"), L.CARD),
    ("fate.yaml", re.compile(r"^fate_tiles\[\d+\]$"), L.TILE),
    ("positions.yaml", re.compile(r"^positions\.\w+$"), L.POSITION),
] + [(name, re.compile(r"^$"), {key: L.F(kind, required=True)})
     for name, (key, kind) in L.FILE_KEYS.items()]


def schema_at(file: str, path: str, value: Any) -> dict | None:
    """The allowed keys of the mapping at `path` as {key: required}; None when free-form."""
    if EFFECT_AT.search(path) or CONDITION_AT.search(path):
        head, table = ("if", E.CONDITIONS) if CONDITION_AT.search(path) else ("do", E.SCHEMA)
        params = table.get(value.get(head), {})
        return {head: True, **{p: req for p, (_, req) in params.items()}}
    for f, rx, schema in SCHEMAS:
        if f == file and rx.match(path):
            return {k: fs.required for k, fs in schema.items()}
    return None


def free_form(path: str) -> bool:
    """Values the loader hands over unchecked: ability parameters other than `effect`."""
    return ".ability_params" in path and ".ability_params.effect" not in path


def join(path: str, key: Any) -> str:
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def walk(node: Any, path: str = ""):
    """Yield (path, parent, key, value) for every value below `node`."""
    if isinstance(node, dict):
        items = [(k, v, f"{path}.{k}" if path else str(k)) for k, v in node.items()]
    elif isinstance(node, list):
        items = [(i, v, f"{path}[{i}]") for i, v in enumerate(node)]
    else:
        return
    for k, v, p in items:
        yield p, node, k, v
        yield from walk(v, p)


def get(doc: Any, path_keys: list) -> Any:
    for k in path_keys:
        doc = doc[k]
    return doc


@dataclass
class Mutant:
    name: str
    file: str  # the file the error must name
    key: str | None  # the key path the error must name (prefix-compatible); None: any
    apply: Callable[[Path], None]
    touches: str = ""  # the file the mutation changes (default: `file`)


def _keys_of(doc: Any, target: Any) -> list:
    """Path (as keys) from doc to the object `target` (identity)."""
    def rec(node, trail):
        if node is target:
            return trail
        items = node.items() if isinstance(node, dict) else enumerate(node) \
            if isinstance(node, list) else ()
        for k, v in items:
            found = rec(v, trail + [k])
            if found is not None:
                return found
        return None
    return rec(doc, [])


_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_SafeDumper = getattr(yaml, "CSafeDumper", yaml.SafeDumper)
ORIGINAL = {f: (TEST_SCENARIO / f).read_text(encoding="utf-8") for f in FILES}
PARSED = {f: yaml.load(text, Loader=_SafeLoader) for f, text in ORIGINAL.items()}


def data_mutant(name: str, file: str, key: str | None, change: Callable[[Any], None],
                error_file: str | None = None) -> Mutant:
    def apply(folder: Path) -> None:
        doc = copy.deepcopy(PARSED[file])
        change(doc)
        (folder / file).write_text(
            yaml.dump(doc, Dumper=_SafeDumper, sort_keys=False, allow_unicode=True),
            encoding="utf-8")
    return Mutant(name, error_file or file, key, apply, file)


def text_mutant(name: str, file: str, key: str | None, change: Callable[[str], str]) -> Mutant:
    def apply(folder: Path) -> None:
        p = folder / file
        p.write_text(change(p.read_text(encoding="utf-8")), encoding="utf-8")
    return Mutant(name, file, key, apply)


WRONG = {  # type of the original value -> wrong values of other types
    bool: [1, "yes", [True]],
    int: ["3", True, 1.5, [1]],
    str: [7, False, ["x"]],
    type(None): [7, ["x"]],
    list: ["x", 3, {"a": 1}],
    dict: ["x", 3, ["x"]],
}


def bad_indent(text: str) -> str:
    """Move the second of two sibling lines one space to the left."""
    lines = text.splitlines(keepends=True)
    for i in range(1, len(lines)):
        a, b = lines[i - 1], lines[i]
        ind = len(b) - len(b.lstrip(" "))
        if ind >= 2 and ind == len(a) - len(a.lstrip(" ")) and not b.lstrip().startswith("#"):
            lines[i] = b[1:]
            return "".join(lines)
    raise AssertionError("no sibling lines")


def build_mutants() -> list[Mutant]:
    docs = PARSED
    ids = (set(docs["board.yaml"]["regions"]) | set(docs["units.yaml"]["units"])
           | set(docs["characters.yaml"]["characters"]) | set(docs["scenario.yaml"]["fate_icons"]))
    declaring = {("board.yaml", "regions"), ("units.yaml", "units"),
                 ("characters.yaml", "characters"), ("scenario.yaml", "fate_icons")}
    mutants: list[Mutant] = []

    for file in FILES:
        doc = docs[file]
        nodes = [("", None, None, doc)] + list(walk(doc))
        for path, parent, key, value in nodes:
            keys = _keys_of(doc, value) if parent is None else _keys_of(doc, parent) + [key]

            def setter(new, keys=keys):
                def change(d):
                    get(d, keys[:-1])[keys[-1]] = copy.deepcopy(new)
                return change

            # 1. Remove each required key / add an unknown key to each checked mapping.
            if isinstance(value, dict) and not free_form(path + ".x"):
                schema = schema_at(file, path, value)
                if schema is not None:
                    for k, required in schema.items():
                        if required and k in value:
                            def drop(d, keys=keys, k=k):
                                del get(d, keys)[k]
                            mutants.append(data_mutant(f"remove {file}:{join(path, k)}", file,
                                                       join(path, k), drop))
                    def add(d, keys=keys):
                        get(d, keys)["zzz_typo"] = 1
                    mutants.append(data_mutant(f"unknown-key {file}:{join(path, 'zzz_typo')}",
                                               file, join(path, "zzz_typo"), add))
            if parent is None or free_form(path):
                continue
            # 2. A wrong type (one per value, taking the alternatives in turn).
            choices = WRONG[type(value)]
            if path.endswith(".where"):  # may be a list of regions; see semantic mutants
                choices = [c for c in choices if not isinstance(c, list)]
            wrong = choices[len(mutants) % len(choices)]
            mutants.append(data_mutant(f"type {file}:{path}={wrong!r}", file, path,
                                       setter(wrong)))
            # 3. Unknown ids where an id is referenced.
            if isinstance(value, str) and value in ids and key != "id":
                mutants.append(data_mutant(f"unknown-id {file}:{path}", file, path,
                                           setter("nosuch")))
            # ... and renamed keys: references (error at the key) or declarations (anywhere).
            if isinstance(key, str) and key in ids and isinstance(parent, dict):
                declares = any(file == f and re.fullmatch(rf"{k}\.\w+", path)
                               for f, k in declaring)

                def rename(d, keys=keys):
                    where = get(d, keys[:-1])
                    where["nosuch"] = where.pop(keys[-1])
                renamed = path[: -len(key)] + "nosuch"
                mutants.append(Mutant(f"rename {file}:{path}", file if not declares else "*",
                                      None if declares else renamed,
                                      data_mutant("", file, None, rename).apply, file))

        # 4. Every `key:` line written twice (PyYAML would keep the last silently).
        lines = (TEST_SCENARIO / file).read_text(encoding="utf-8").splitlines(keepends=True)
        for i, line in enumerate(lines):
            m = re.match(r"^(\s*)([A-Za-z_]\w*|\d+):", line)
            if m:
                def dup(text, i=i):
                    ls = text.splitlines(keepends=True)
                    return "".join(ls[: i + 1] + [ls[i]] + ls[i + 1:])
                mutants.append(text_mutant(f"duplicate-key {file}:{i + 1}", file,
                                           f"~{m.group(2)}", dup))
        # 5. Broken syntax, empty file, missing file.
        for label, change in [
            ("unclosed [", lambda t: t + "\nbroken: [1, 2\n"),
            ("tab indent", lambda t: t + "\nbroken:\n\t- 1\n"),
            ("a: b: c", lambda t: t + "\nbroken: a: b\n"),
            ("open quote", lambda t: t + '\nbroken: "open\n'),
            ("bad indent", bad_indent),
            ("two documents", lambda t: t + "\n---\nmore: 1\n"),
            ("not utf-8", None),
        ]:
            if change is None:
                def latin(folder, file=file):
                    (folder / file).write_bytes("name: caf\xe9\n".encode("latin-1"))
                mutants.append(Mutant(f"syntax {file}: {label}", file, "", latin))
            else:
                mutants.append(text_mutant(f"syntax {file}: {label}", file, "", change))
        mutants.append(text_mutant(f"empty {file}", file, "", lambda t: ""))
        mutants.append(text_mutant(f"empty(comment) {file}", file, "", lambda t: "# nothing\n"))
        mutants.append(text_mutant(f"not-a-mapping {file}", file, "", lambda t: "- 1\n- 2\n"))

        def remove(folder, file=file):
            (folder / file).unlink()
        mutants.append(Mutant(f"missing {file}", file, "", remove))

    mutants += semantic_mutants()
    return mutants


def semantic_mutants() -> list[Mutant]:
    """Hand-written mistakes whose every value has the right type."""
    M = data_mutant

    def at(*keys, value):
        def change(d):
            get(d, list(keys[:-1]))[keys[-1]] = value
        return change

    def append_copy(list_key, index, **over):
        def change(d):
            item = copy.deepcopy(d[list_key][index])
            item.update(over)
            d[list_key].append(item)
        return change

    def army(i, **over):
        def change(d):
            d["setup_armies"][i].update(over)
        return change

    sc, bd, un, ch, ca, fa, po = FILES
    return [Mutant("semantic " + m.name, m.file, m.key, m.apply, m.touches) for m in [
        M("unit strength 0", un, "units.riders.strength", at("units", "riders", "strength", value=0)),
        M("figures 0", un, "units.orcs.figures", at("units", "orcs", "figures", value=0)),
        M("favoured terrain typo", un, "units.riders.favoured[0]",
          at("units", "riders", "favoured", value=["plain"])),
        M("favoured twice", un, "units.riders.favoured[1]",
          at("units", "riders", "favoured", value=["plains", "plains"])),
        M("unit side typo", un, "units.orcs.side", at("units", "orcs", "side", value="shadow")),
        M("bad unit id", un, "units.Big Orcs", lambda d: d["units"].update(
            {"Big Orcs": d["units"]["orcs"]})),
        M("no units", un, "units", at("units", value={})),
        M("no orc unit for orc areas", un, "units", at("units", "orcs", "tags", value=[])),
        M("fate tile value 4", fa, "fate_tiles[3].value", at("fate_tiles", 3, "value", value=4)),
        M("fate tile value -1", fa, "fate_tiles[3].value", at("fate_tiles", 3, "value", value=-1)),
        M("fate tile colour", fa, "fate_tiles[3].color", at("fate_tiles", 3, "color", value="green")),
        M("fate icon without effect", fa, "fate_tiles[0].icon",
          at("fate_tiles", 0, "icon", value="ent")),
        M("duplicate tile id", fa, "fate_tiles[12].id", append_copy("fate_tiles", 0)),
        M("no grey tile", fa, "fate_tiles", lambda d: d.update(
            fate_tiles=[t for t in d["fate_tiles"] if t.get("color", "grey") != "grey"])),
        M("duplicate card id", ca, "cards[14].id", append_copy("cards", 2)),
        M("card deck typo", ca, "cards[0].deck", at("cards", 0, "deck", value="generics")),
        M("card type typo", ca, "cards[0].type", at("cards", 0, "type", value="armies")),
        M("card side for generic", ca, "cards[0].side", at("cards", 0, "side", value="fp")),
        M("story card of the wrong side", ca, "cards[8].side", at("cards", 8, "side", value="sh")),
        M("special card of fp", ca, "cards[12].side", at("cards", 12, "side", value="fp")),
        M("generic without combat", ca, "cards[0].combat", at("cards", 0, "combat", value=[])),
        M("card without effect", ca, "cards[0].effect", at("cards", 0, "effect", value=[])),
        M("effect typo", ca, "cards[0].effect[0]", at("cards", 0, "effect", 0, "do", value="drwa")),
        M("effect param typo", ca, "cards[0].effect[0]",
          at("cards", 0, "effect", 0, "armys", value=1)),
        M("condition typo", ca, "cards[5].requires[0]",
          at("cards", 5, "requires", 0, "if", value="has_damaged_armies")),
        M("condition with do", ca, "cards[5].requires[0].if",
          at("cards", 5, "requires", 0, value={"do": "has_damaged_army"})),
        M("effect names unknown unit", ca, "cards[9].effect[0].unit",
          at("cards", 9, "effect", 0, "unit", value="trolls")),
        M("effect names unknown region list", ca, "cards[2].effect[0].where[1]",
          at("cards", 2, "effect", 0, "where", value=["hold", "nowhere"])),
        M("bad card id", ca, "cards[0].id", at("cards", 0, "id", value="Forced March")),
        M("character kind typo", ch, "characters.champion.kind",
          at("characters", "champion", "kind", value="minon")),
        M("captain on the Shadow side", ch, "characters.champion.kind",
          at("characters", "champion", "kind", value="captain")),
        M("Shadow extra die", ch, "characters.champion.extra_die",
          at("characters", "champion", "extra_die", value=True)),
        M("fp character with eye die", ch, "characters.wizard.ability_die",
          at("characters", "wizard", "ability_die", value="eye")),
        M("die typo", ch, "characters.wizard.entry_die",
          at("characters", "wizard", "entry_die", value="charactr")),
        M("ability die without ability", ch, "characters.champion.ability_die",
          at("characters", "champion", "ability_die", value="army")),
        M("entry region unknown", ch, "characters.captain.entry_regions[0]",
          at("characters", "captain", "entry_regions", value=["nowhere"])),
        M("ability effect typo", ch, "characters.warlock.ability_params.effect[0]",
          at("characters", "warlock", "ability_params", "effect", 0, "do", value="raly")),
        M("negative rating", ch, "characters.captain.rating",
          at("characters", "captain", "rating", value=-1)),
        M("two commanders", ch, "commander",
          at("characters", "champion", "kind", value="commander"), error_file=sc),
        M("position dice 0", po, "positions.tower.dice", at("positions", "tower", "dice", value=0)),
        M("position tokens -1", po, "positions.balcony.tokens",
          at("positions", "balcony", "tokens", value=-1)),
        M("position action typo", po, "positions.tower.action[0]",
          at("positions", "tower", "action", 0, "do", value="fates")),
        M("no positions", po, "positions", at("positions", value={})),
        M("terrain typo", bd, "regions.fen.terrain", at("regions", "fen", "terrain", value="swamp")),
        M("border kind typo", bd, "borders[0].kind", at("borders", 0, "kind", value="bridge")),
        M("border to a missing region", bd, "borders[0].b", at("borders", 0, "b", value="atlantis")),
        M("border to itself", bd, "borders[0]", at("borders", 0, "b", value="hold")),
        M("border twice", bd, "borders[12]", lambda d: d["borders"].append(
            {"a": "town", "b": "hold", "kind": "stream"})),
        M("settlement without owner", bd, "regions.town.owner",
          lambda d: d["regions"]["town"].pop("owner")),
        M("owner without settlement", bd, "regions.fields.owner",
          at("regions", "fields", "owner", value="fp")),
        M("vp without settlement", bd, "regions.fields.vp", at("regions", "fields", "vp", value=1)),
        M("negative vp", bd, "regions.hold.vp", at("regions", "hold", "vp", value=-1)),
        M("owner typo", bd, "regions.hold.owner", at("regions", "hold", "owner", value="free")),
        M("no regions", bd, "regions", at("regions", value={})),
        M("anchor bad", bd, "anchors.hold.centre", at("anchors", value={"hold": {"centre": [1]}})),
        M("anchor region", bd, "anchors.nowhere", at("anchors", value={"nowhere": {}})),
        M("commander is a minion", sc, "commander", at("commander", value="champion")),
        M("commander is fp", sc, "commander", at("commander", value="captain")),
        M("endgame 0", sc, "endgame", at("endgame", value=0)),
        M("fate marker past the endgame", sc, "fate_markers.11",
          at("fate_markers", value={11: ["wizard"]})),
        M("fate marker space as text", sc, "fate_markers.3",
          at("fate_markers", value={"3": ["wizard"]})),
        M("character on the track and in play", sc, "fate_markers.3[1]",
          at("fate_markers", value={3: ["wizard", "captain"]})),
        M("fate event effect typo", sc, "fate_events.6[0]",
          at("fate_events", 6, 0, "do", value="add_tiles")),
        M("fate icon effect missing do", sc, "fate_icons.wake[0].do",
          at("fate_icons", "wake", 0, value={"flag": "woken"})),
        M("dice 0", sc, "dice.sh", at("dice", "sh", value=0)),
        M("dice side typo", sc, "dice.shadow", at("dice", value={"fp": 4, "shadow": 6})),
        M("hand limit 0", sc, "hand_limit", at("hand_limit", value=0)),
        M("terrain bonus typo", sc, "terrain_bonus.hills", at("terrain_bonus", value={"hills": 1})),
        M("border rule kind typo", sc, "border_rules.streams",
          at("border_rules", value={"streams": {"target": 6, "rounds": 1}})),
        M("border rule for a river", sc, "border_rules.river",
          at("border_rules", value={"river": {"target": 6, "rounds": 1}})),
        M("border rule target 7", sc, "border_rules.wall.target",
          at("border_rules", "wall", "target", value=7)),
        M("recruitment token of the other side", sc, "recruitment_tokens.fp.orcs",
          at("recruitment_tokens", "fp", value={"orcs": 2})),
        M("recruitment token count negative", sc, "recruitment_tokens.sh.orcs",
          at("recruitment_tokens", "sh", "orcs", value=-1)),
        M("more setup tokens than tokens", sc, "setup_tokens.sh",
          at("recruitment_tokens", "sh", value={"orcs": 1})),
        M("setup token region twice", sc, "setup_tokens.fp[1]",
          at("setup_tokens", "fp", value=["town", "town"])),
        M("army of six units", sc, "setup_armies[0].units",
          army(0, units={"footmen": 4, "riders": 2})),
        M("army of no units", sc, "setup_armies[1].units", army(1, units={})),
        M("army unit count 0", sc, "setup_armies[1].units.footmen", army(1, units={"footmen": 0})),
        M("army with enemy units", sc, "setup_armies[1].units.orcs", army(1, units={"orcs": 1})),
        M("army with enemy character", sc, "setup_armies[0].characters[1]",
          army(0, characters=["captain", "champion"])),
        M("Shadow leaders", sc, "setup_armies[2].leaders", army(2, leaders=1)),
        M("more leaders than figures", sc, "setup_armies", army(1, leaders=2)),
        M("more units than figures", sc, "setup_armies", lambda d: d["setup_armies"].extend(
            {"region": r, "side": "sh", "units": {"wargs": 2}}
            for r in ("fen", "woods", "fields", "watch"))),
        M("two armies in a region", sc, "setup_armies[1].region", army(1, region="hold")),
        M("enemy armies in a region", sc, "setup_armies[2].region", army(2, region="hold")),
        M("character placed twice", sc, "setup_characters.captain",
          at("setup_characters", value={"captain": "fields"})),
        M("character alone next to its army", sc, "setup_characters.champion",
          at("setup_characters", value={"champion": "camp"})),
        M("victory captain of the Shadow", sc, "victory.captains[0]",
          at("victory", "captains", value=["champion"])),
        M("victory vp negative", sc, "victory.vp", at("victory", "vp", value=-1)),
        M("leaders for the Shadow", sc, "leaders.sh", at("leaders", value={"fp": 2, "sh": 1})),
        M("rules module not a module name", sc, "rules_module",
          at("rules_module", value="my rules!")),
        M("scenario id not an id", sc, "id", at("id", value="Test Scenario")),
        M("content version as a number", sc, "content_version", at("content_version", value=1.0)),
        M("board of an unknown type", sc, "board", at("board", value="board.json")),
        M("board file missing", sc, "", at("board", value="nothing.tmx"),
          error_file="nothing.tmx"),
        M("board yaml missing", sc, "", at("board", value="nothing.yaml"),
          error_file="nothing.yaml"),
        M("inline board with a typo", sc, "board.regions.hold.terain",
          lambda d: d.update(board={"regions": {"hold": {"name": "H", "terain": "plains"}},
                                    "borders": []})),
    ]]


MUTANTS = build_mutants()


def key_matches(err_key: str, expected: str) -> bool:
    if expected.startswith("~"):  # a duplicate key: the path ends with that key
        return bool(re.search(rf"(^|\.){re.escape(expected[1:])}$", err_key))
    if expected == "":
        return err_key == ""
    return err_key == expected or expected.startswith(err_key + ".") or \
        expected.startswith(err_key + "[")


def restore(folder: Path, name: str) -> None:
    (folder / name).write_text(ORIGINAL[name], encoding="utf-8")


def test_mutants_all_raise_content_error(tmp_path):
    folder = tmp_path / "scenario"
    shutil.copytree(TEST_SCENARIO, folder)
    failures: list[str] = []
    kinds: dict[str, int] = {}
    for n, mutant in enumerate(MUTANTS):
        kind = mutant.name.split()[0]
        kinds[kind] = kinds.get(kind, 0) + 1
        mutant.apply(folder)
        try:
            load_scenario(folder)
        except ContentError as err:
            text = str(err)
            ok_file = mutant.file == "*" or (err.file == mutant.file and
                                             text.startswith(mutant.file + ":"))
            ok_key = mutant.key is None or (key_matches(err.key, mutant.key) and
                                            (not err.key or f": {err.key}: " in text))
            if not (ok_file and ok_key):
                failures.append(f"{mutant.name}: wanted {mutant.file} / {mutant.key}, got {text}")
            if n % 10 == 0:  # validate_scenario reports the same first error
                errors = validate_scenario(folder)
                if not errors or errors[0] != text:
                    failures.append(f"{mutant.name}: validate_scenario disagrees: {errors[:1]}")
        except Exception as exc:  # noqa: BLE001 - the point of the test
            failures.append(f"{mutant.name}: raised {type(exc).__name__}: {exc}")
        else:
            failures.append(f"{mutant.name}: loaded without error")
        restore(folder, mutant.touches or mutant.file)
    print(f"\n{len(MUTANTS)} mutations: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    assert not failures, f"{len(failures)} of {len(MUTANTS)} mutants failed:\n" + \
        "\n".join(failures[:80])


def test_mutation_count_is_substantial():
    assert len(MUTANTS) > 500


def test_unmutated_copy_loads(tmp_path):
    shutil.copytree(TEST_SCENARIO, tmp_path / "s")
    assert load_scenario(tmp_path / "s").id == "test"


@pytest.mark.parametrize("folder", ["does/not/exist"])
def test_missing_folder(folder):
    with pytest.raises(ContentError) as info:
        load_scenario(folder)
    assert "not found" in str(info.value) and folder in str(info.value)
