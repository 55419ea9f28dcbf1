"""No import cycle inside botwotr/ui/scenes (issue 11).

An import anywhere in a file counts, also inside a function (a lazy import that only dodges a
cycle is still a cycle); only imports under `if TYPE_CHECKING:` are left out. The scenes reach
the screens above them through the app (`App.open_game`, `App.to_title`) instead of importing
them. The detection is copied from the project's shared tool (`import_cycles.py`): CI does not
have it.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2] / "botwotr"


def _modules(root: Path) -> dict[str, Path]:
    mods = {}
    for p in root.rglob("*.py"):
        name = ".".join(p.relative_to(root.parent).with_suffix("").parts)
        if name.endswith(".__init__"):
            name = name[: -len(".__init__")]
        mods[name] = p
    return mods


def _resolve(cur: str, is_pkg: bool, level: int, module: str | None) -> str | None:
    if not level:
        return module
    base = cur.split(".")
    if not is_pkg:
        base = base[:-1]
    if level > 1:
        base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def import_graph(root: Path) -> dict[str, set[str]]:
    """Module -> the package modules it imports (anywhere in the file, except TYPE_CHECKING)."""
    mods = _modules(root)
    edges: dict[str, set[str]] = {m: set() for m in mods}
    for m, p in mods.items():
        tree = ast.parse(p.read_text(encoding="utf-8"))
        skip = set()
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
                subm = [f"{b}.{a.name}" for a in node.names if f"{b}.{a.name}" in mods]
                targets = subm + ([b] if b and len(subm) < len(node.names) else [])
            edges[m].update(t for t in targets if t in mods and t != m)
    return edges


def cycles(edges: dict[str, set[str]], inside: str) -> list[list[str]]:
    """Strongly connected components of more than one module with a module under `inside`."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
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

    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, 10000))
    try:
        for v in sorted(edges):
            if v not in index:
                visit(v)
    finally:
        sys.setrecursionlimit(old)
    return [c for c in out if any(m == inside or m.startswith(inside + ".") for m in c)]


def test_no_import_cycle_inside_ui_scenes():
    found = cycles(import_graph(ROOT), "botwotr.ui.scenes")
    assert found == [], "import cycles: " + "; ".join(" -> ".join(c) for c in found)


def test_the_detector_sees_a_cycle_made_by_an_import_inside_a_function(tmp_path):
    pkg = tmp_path / "pkg"
    (pkg / "scenes").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "scenes" / "__init__.py").write_text("")
    (pkg / "scenes" / "a.py").write_text("from .b import B\n")
    (pkg / "scenes" / "b.py").write_text("B = 1\n\ndef later():\n    from . import c\n")
    (pkg / "scenes" / "c.py").write_text("def back():\n    from pkg.scenes.a import B\n")
    (pkg / "scenes" / "d.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import B\n"
    )
    (pkg / "other.py").write_text("from .scenes import d\n")
    assert cycles(import_graph(pkg), "pkg.scenes") == [["pkg.scenes.a", "pkg.scenes.b", "pkg.scenes.c"]]
    (pkg / "scenes" / "c.py").write_text("def back():\n    return 1\n")
    assert cycles(import_graph(pkg), "pkg.scenes") == []
