"""The rules core has no import cycle (issue 11): every import between modules of `botwotr.core`
counts, also one inside a function (a lazy import that only dodges a cycle is still a cycle);
only imports under `if TYPE_CHECKING:` are left out. The rule modules are layered (kernel, then
cards/fate/shadow, movement, recruitment, battle, card effects, action checks, actions, turn, and
`engine` on top); docs/architecture.md says where a new module goes."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from import_graph import PKG, cycles, import_graph  # noqa: E402

CORE = "botwotr.core"


def _in_core(m: str) -> bool:
    return m == CORE or m.startswith(CORE + ".")


def test_no_import_cycle_inside_the_core():
    found = cycles(import_graph(PKG), CORE)
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
    edges = import_graph(PKG)
    outside = {m: sorted(t for t in ts if not _in_core(t)) for m, ts in edges.items() if _in_core(m)}
    assert not {m: ts for m, ts in outside.items() if ts}
