"""Import cycles of a package, for the tests that keep `botwotr/core` and `botwotr/ui/scenes` free
of them (tests/core/test_import_cycles.py, tests/ui/test_scene_import_cycles.py). The reading is
the project's shared tool's (`import_cycles.py`, which CI does not have): every import between
modules counts, also one inside a function; only imports under `if TYPE_CHECKING:` are left out."""

from __future__ import annotations

import ast
from pathlib import Path

PKG = Path(__file__).resolve().parents[1] / "botwotr"


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


def import_graph(pkg: Path) -> dict[str, set[str]]:
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
                targets = subs + ([b] if b and len(subs) < len(node.names) else [])
            edges[m].update(t for t in targets if t in mods and t != m)
    return edges


def cycles(edges: dict[str, set[str]], inside: str | None = None) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative); with `inside`,
    only those with a module in that package."""
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
    if inside is None:
        return out
    return [c for c in out if any(m == inside or m.startswith(inside + ".") for m in c)]
