"""The rules core has no import cycle (issue 11): every import between modules of `botwotr.core`
counts, also one inside a function (a lazy import that only dodges a cycle is still a cycle);
only imports under `if TYPE_CHECKING:` are left out. The rule modules are layered (kernel, then
cards/fate/shadow, movement, recruitment, battle, card effects, action checks, actions, turn, and
`engine` on top); docs/architecture.md says where a new module goes."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[2] / "botwotr"
CORE = "botwotr.core"


def _modules(pkg: Path) -> dict[str, Path]:
    mods = {}
    for p in pkg.rglob("*.py"):
        name = ".".join(p.relative_to(pkg.parent).with_suffix("").parts)
        if name.endswith(".__init__"):
            name = name[: -len(".__init__")]
        mods[name] = p
    return mods


def _resolve(cur: str, is_pkg: bool, level: int, module: str | None) -> str:
    if not level:
        return module or ""
    base = cur.split(".")
    if not is_pkg:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def import_graph(pkg: Path = PKG) -> dict[str, set[str]]:
    """Module -> the package modules it imports, anywhere in the file (same reading as
    /work/shared/tools/import_cycles.py: `from . import x` names the module x when x is one)."""
    mods = _modules(pkg)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        skip: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                skip.update(id(sub) for sub in ast.walk(node))
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                b = _resolve(m, p.name == "__init__.py", node.level, node.module)
                subs = [f"{b}.{a.name}" for a in node.names if f"{b}.{a.name}" in mods]
                targets = subs + ([b] if len(subs) < len(node.names) else [])
            edges[m].update(t for t in targets if t in mods and t != m)
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            w = next(it, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                elif w in on:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(sorted(comp))
    return out


def _in_core(m: str) -> bool:
    return m == CORE or m.startswith(CORE + ".")


def test_no_import_cycle_inside_the_core():
    found = [c for c in cycles(import_graph()) if any(_in_core(m) for m in c)]
    assert not found, "import cycles through botwotr.core: " + "; ".join(" -> ".join(c) for c in found)


def test_the_check_sees_a_cycle_made_by_an_import_inside_a_function(tmp_path):
    """The detector itself, on a made-up package: a lazy import inside a function that closes a
    loop is a cycle (as `_E()` in the old battle.py was); an import under TYPE_CHECKING is not."""
    pkg = tmp_path / "pk"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("")
    (pkg / "sub" / "a.py").write_text("from . import b\n")
    (pkg / "sub" / "b.py").write_text("def f():\n    from .c import g\n    return g\n")
    (pkg / "sub" / "c.py").write_text("def g():\n    from . import a\n    return a\n")
    (pkg / "sub" / "d.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from . import e\n")
    (pkg / "sub" / "e.py").write_text("from .d import x\n")
    assert cycles(import_graph(pkg)) == [["pk.sub.a", "pk.sub.b", "pk.sub.c"]]


def test_the_core_imports_nothing_outside_itself_and_the_standard_library():
    """The rules core is stdlib-only (README): no module of it imports another botwotr package."""
    edges = import_graph()
    outside = {m: sorted(t for t in ts if not _in_core(t)) for m, ts in edges.items() if _in_core(m)}
    assert not {m: ts for m, ts in outside.items() if ts}
