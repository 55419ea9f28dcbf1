"""The window's translation catalogues: extract, update, compile, check (docs/i18n.md).

    python tools/i18n.py extract   # botwotr/ui/i18n_rules_data.py and botwotr/ui/locale/botwotr.pot
    python tools/i18n.py update    # extract, then merge the template into every .po (new entries empty)
    python tools/i18n.py compile   # every .po -> .mo (what the package ships)
    python tools/i18n.py check     # exit 1 on an untranslated, fuzzy or stale entry, a placeholder that
                                   # differs, a .mo or template that is not up to date
    python tools/i18n.py todo LANG # the entries of LANG still to translate

Strings come from every `_()`, `N_()`, `ngettext()` and `pgettext()` of `botwotr/ui/`, the words the
board art paints in its frame (the `art_text` layer of `maps/*.tmx`), and from the
sentences of the rules core's refusals (`fail(code, "...")`, `RuleError(code, "...")` in
`botwotr/core/`): those are written as templates into `botwotr/ui/i18n_rules_data.py`, which the window
uses to match a refusal's English sentence and show its translation (`botwotr.ui.i18n_rules`).

Needs Babel (the `test` extra pins it); the game itself reads the `.mo` with the standard `gettext`.
"""

from __future__ import annotations

import ast
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
UI = ROOT / "botwotr" / "ui"
SCENARIOS = ROOT / "botwotr" / "scenarios"
CORE = ROOT / "botwotr" / "core"
LOCALE = UI / "locale"
POT = LOCALE / "botwotr.pot"
RULES_DATA = UI / "i18n_rules_data.py"
DOMAIN = "botwotr"
LANGS = ("pt_BR", "es", "ru")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
PLURAL_FORMS = {
    "pt_BR": "nplurals=2; plural=(n > 1);",
    "es": "nplurals=2; plural=(n != 1);",
    "ru": "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
}
# refusals only a script or a hand-made command can meet (the window gives only well-formed commands
# of a set-up game): they stay English, like the rest of `botwotr script`'s output
INTERNAL = ("command/", "setup/", "effect/", "game/not_started", "game/started")
PLACEHOLDER = re.compile(r"(?<!\{)\{([^\W\d]\w*)?(?:![rsa])?(?::[^{}]*)?\}(?!\})")


def _rel(path: Path) -> str:
    try:
        return path.relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def placeholders(text: str) -> list[str]:
    """The `str.format` fields of a string, sorted (a translation may reorder them)."""
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


# -- the core's refusal sentences -----------------------------------------------------------------
def _field_name(node: ast.expr, used: set[str]) -> str:
    """A readable placeholder name for an f-string expression (`cs.name` -> `name`)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "join" and node.args:
        base = _field_name(node.args[0], set())
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    ):
        base = node.args[0].value  # cond.get('region') -> region
    elif isinstance(node, ast.IfExp) and not isinstance(node.body, ast.Constant):
        base = _field_name(node.body, set())
    elif isinstance(node, ast.Call):
        f = node.func
        base = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else "value"
    elif isinstance(node, ast.Attribute):
        base = node.attr
    elif isinstance(node, ast.Name):
        base = node.id
    elif isinstance(node, ast.Subscript):
        sl = node.slice
        base = sl.value if isinstance(sl, ast.Constant) and isinstance(sl.value, str) else _field_name(node.value, set())
    elif isinstance(node, (ast.GeneratorExp, ast.ListComp)):
        base = _field_name(node.elt, set())
    else:
        base = "value"
    base = re.sub(r"\W+", "_", str(base)).strip("_").lower() or "value"
    if base[0].isdigit():
        base = "v" + base
    name, i = base, 2
    while name in used:
        name, i = f"{base}{i}", i + 1
    used.add(name)
    return name


def _template(node: ast.expr) -> str | None:
    """The English template of a message argument: a literal, or an f-string with named fields."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value.replace("{", "{{").replace("}", "}}")
    if isinstance(node, ast.JoinedStr):
        used: set[str] = set()
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value).replace("{", "{{").replace("}", "}}"))
            elif isinstance(part, ast.FormattedValue):
                out.append("{" + _field_name(part.value, used) + "}")
        return "".join(out)
    return None


def rule_sentences() -> list[tuple[str, str]]:
    """(code, template) of every refusal the core writes as a literal sentence, in source order."""
    found: list[tuple[str, str]] = []
    for path in sorted(CORE.glob("*.py")) + sorted(SCENARIOS.glob("*.py")):  # and the scenarios' rules modules
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or len(node.args) < 2:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
            if name not in ("fail", "RuleError"):
                continue
            code = node.args[0]
            if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
                continue
            if code.value.startswith(INTERNAL):
                continue
            tpl = _template(node.args[1])
            if tpl and (code.value, tpl) not in found:
                found.append((code.value, tpl))
        # the conditions a card refused for its precondition names (describe_condition's texts)
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name == "describe_condition":
                for lam in ast.walk(node):
                    if isinstance(lam, ast.Lambda):
                        tpl = _template(lam.body)
                        if tpl and ("condition", tpl) not in found:
                            found.append(("condition", tpl))
        # the sentences of a win (check_victory's `return side, f"..."`, a GameWon's literal
        # reason) are shown as the reason
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                if node.args[0].value == "GameWon":
                    for kw in node.keywords:
                        tpl = _template(kw.value) if kw.arg == "reason" else None
                        if tpl and ("win", tpl) not in found:
                            found.append(("win", tpl))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef) and node.name in ("check_victory", "instant_victory"):
                for ret in ast.walk(node):
                    if isinstance(ret, ast.Return) and isinstance(ret.value, ast.Tuple) and len(ret.value.elts) == 2:
                        tpl = _template(ret.value.elts[1])
                        if tpl and ("win", tpl) not in found:
                            found.append(("win", tpl))
    return found


def rules_data_text() -> str:
    lines = [
        '"""Generated by `python tools/i18n.py extract` from the refusals of `botwotr/core/`: do not edit.',
        "",
        "(code, English template): `botwotr.ui.i18n_rules` matches a RuleError's sentence against the",
        "templates of its code and shows the translated template with the same values.",
        '"""',
        "",
        "from .i18n import N_",
        "",
        "SENTENCES = (",
    ]
    for code, tpl in rule_sentences():
        lines.append(f"    ({code!r}, N_({tpl!r})),")
    lines.append(")")
    return "\n".join(lines) + "\n"


# -- catalogues -----------------------------------------------------------------------------------
def _babel():
    try:
        from babel.messages import Catalog, extract, mofile, pofile
    except ImportError:
        sys.exit("tools/i18n.py needs Babel: pip install -e '.[test]'")
    return Catalog, extract, mofile, pofile


def template():
    """The catalogue template made from the source now (the rules data as it would be generated)."""
    Catalog, extract, _mo, _po = _babel()
    cat = Catalog(project="botwotr", domain=DOMAIN, charset="utf-8", fuzzy=False)
    files = sorted(p for p in UI.rglob("*.py") if p != RULES_DATA) + [ROOT / "botwotr" / "report.py"]
    sources = [(_rel(p), p.read_text(encoding="utf-8")) for p in files]
    sources.append((_rel(RULES_DATA), rules_data_text()))
    for name, msg, comments in art_strings():
        cat.add(msg, None, [(name, 0)], auto_comments=comments, context=ART_CONTEXT)
    for name, text in sources:
        for lineno, msg, comments, context in extract.extract(
            "python", io.BytesIO(text.encode("utf-8")), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
        ):
            if not msg or (isinstance(msg, tuple) and not msg[0]):
                continue
            cat.add(msg, None, [(name, 0)], auto_comments=comments, context=context)
    return cat


MAPS = ROOT / "maps"
ART_CONTEXT = "board art"  # botwotr.ui.art_labels.CONTEXT: "Pass" on the legend is not the button

def art_strings() -> list[tuple[str, str, list[str]]]:
    """(map, English text, comments) of every word the board art paints in its frame (the maps'
    `art_text` layers, written by tools/make_map.py; botwotr.ui.art_labels shows them). Texts
    with a `ref` are the content's (the scenario's name, positions, regions): not extracted."""
    import xml.etree.ElementTree as ET

    out = []
    for tmx in sorted(MAPS.glob("*.tmx")):
        for group in ET.parse(tmx).getroot().iter("objectgroup"):
            if group.get("name") != "art_text":
                continue
            for obj in group.iter("object"):
                props = {p.get("name"): p.get("value") for p in obj.iter("property")}
                if props.get("ref") or not props.get("english"):
                    continue
                lines = int(props.get("lines") or 1)
                note = "painted on the board's frame; shrunk to fit the painted words' place"
                if lines > 1:
                    note += f" (painted in {lines} lines)"
                out.append((_rel(tmx), props["english"], [note]))
    return out


def _write_po(cat, path: Path, **kw) -> None:
    _c, _e, _mo, pofile = _babel()
    buf = io.BytesIO()
    pofile.write_po(buf, cat, omit_header=False, sort_output=True, include_lineno=False, width=0, **kw)
    text = buf.getvalue().decode("utf-8")
    # the dates change on every run: keep the file stable so that a re-run changes nothing
    text = re.sub(r'"(POT-Creation-Date|PO-Revision-Date): [^"]*\\n"\n', "", text)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


# the dates Babel would put in every header (now): fixed, so that compiling is reproducible
FIXED_DATE = __import__("datetime").datetime(2026, 1, 1, tzinfo=__import__("datetime").timezone.utc)


def read_po(path: Path, locale: str | None = None):
    _c, _e, _mo, pofile = _babel()
    with open(path, "rb") as fh:
        cat = pofile.read_po(fh, locale=locale, domain=DOMAIN)
    cat.creation_date = cat.revision_date = FIXED_DATE
    return cat


def po_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def mo_bytes(cat) -> bytes:
    _c, _e, mofile, _p = _babel()
    buf = io.BytesIO()
    mofile.write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def rules_data_in_file() -> list[tuple[str, str]] | None:
    """The (code, template) pairs the generated module holds now (None if it is missing)."""
    if not RULES_DATA.exists():
        return None
    out = []
    for node in ast.walk(ast.parse(RULES_DATA.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Tuple) and len(node.elts) == 2 and isinstance(node.elts[1], ast.Call):
            code, call = node.elts
            out.append((code.value, call.args[0].value))
    return out


def extract() -> None:
    RULES_DATA.write_text(rules_data_text(), encoding="utf-8")
    try:  # the package is kept in ruff's format (CI checks it)
        import subprocess

        subprocess.run([sys.executable, "-m", "ruff", "format", "-q", str(RULES_DATA)], check=False)
    except OSError:
        pass
    _write_po(template(), POT)
    print(f"{_rel(POT)}: {len(template())} strings; {_rel(RULES_DATA)} written")


def update() -> None:
    extract()
    Catalog, *_ = _babel()
    tpl = template()
    for lang in LANGS:
        path = po_path(lang)
        if path.exists():
            cat = read_po(path, locale=lang)
        else:
            cat = Catalog(locale=lang, domain=DOMAIN, project="botwotr", charset="utf-8", fuzzy=False)
        cat.update(tpl, no_fuzzy_matching=True, update_header_comment=False)
        cat.obsolete.clear()  # stale entries go (git keeps them)
        _write_po(cat, path)
        todo = sum(1 for m in cat if m.id and not _translated(m))
        print(f"{_rel(path)}: {len(cat)} strings, {todo} to translate")


def _translated(m) -> bool:
    if isinstance(m.string, (list, tuple)):
        return all(m.string)
    return bool(m.string)


def compile_all() -> None:
    for lang in LANGS:
        cat = read_po(po_path(lang), locale=lang)
        mo_path(lang).write_bytes(mo_bytes(cat))
        print(f"{_rel(mo_path(lang))} written")


def problems() -> list[str]:
    """Everything that keeps the catalogues from being complete and current."""
    out: list[str] = []
    tpl = template()
    if rules_data_in_file() != rule_sentences():
        out.append(f"{_rel(RULES_DATA)} is not up to date: run python tools/i18n.py extract")
    want = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in tpl if m.id}
    if POT.exists():
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in read_po(POT) if m.id}
        if have != want:
            out.append(f"{_rel(POT)} is not up to date: run python tools/i18n.py extract")
    else:
        out.append(f"{_rel(POT)} is missing")
    for lang in LANGS:
        path = po_path(lang)
        rel = _rel(path)
        if not path.exists():
            out.append(f"{rel}: missing")
            continue
        cat = read_po(path, locale=lang)
        if cat.num_plurals != int(re.search(r"nplurals=(\d+)", PLURAL_FORMS[lang]).group(1)):
            out.append(f"{rel}: Plural-Forms must be {PLURAL_FORMS[lang]!r}")
        ids = set()
        for m in cat:
            if not m.id:
                continue
            key = (m.id if isinstance(m.id, str) else m.id[0], m.context)
            ids.add(key)
            where = f"{rel}: {key[0]!r}"
            if key not in want:
                out.append(f"{where}: stale (no longer in the source): run python tools/i18n.py update")
                continue
            if m.fuzzy:
                out.append(f"{where}: marked fuzzy")
            if not _translated(m):
                out.append(f"{where}: not translated")
                continue
            sources = [m.id] if isinstance(m.id, str) else list(m.id)
            strings = [m.string] if isinstance(m.string, str) else list(m.string)
            if isinstance(m.id, (list, tuple)) and len(strings) != cat.num_plurals:
                out.append(f"{where}: {len(strings)} plural forms, the language has {cat.num_plurals}")
            for s in strings:
                # every form keeps the fields of the source (a plural form may drop {n} only if
                # the singular source does not use it, e.g. "one unit")
                ok = {tuple(placeholders(x)) for x in sources}
                if tuple(placeholders(s)) not in ok and set(placeholders(s)) != set().union(*map(set, ok)):
                    out.append(f"{where}: placeholders {placeholders(s)} differ from the source {sorted(ok)}")
                    break
        for key in sorted(want - ids, key=str):
            out.append(f"{rel}: {key[0]!r}: missing from the catalogue: run python tools/i18n.py update")
        mo = mo_path(lang)
        if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
            out.append(f"{_rel(mo)} is not up to date: run python tools/i18n.py compile")
    return out


def todo(lang: str) -> None:
    cat = read_po(po_path(lang), locale=lang)
    for m in cat:
        if m.id and (not _translated(m) or m.fuzzy):
            print(repr(m.id))


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "extract":
        extract()
    elif cmd == "update":
        update()
    elif cmd == "compile":
        compile_all()
    elif cmd == "todo" and len(argv) == 2:
        todo(argv[1])
    elif cmd == "check":
        found = problems()
        for p in found:
            print(p)
        print(f"{len(found)} problem(s)")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
