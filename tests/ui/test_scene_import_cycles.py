"""No import cycle inside botwotr/ui/scenes (issue 11).

An import anywhere in a file counts, also inside a function (a lazy import that only dodges a
cycle is still a cycle); only imports under `if TYPE_CHECKING:` are left out. The scenes reach
the screens above them through the app (`App.open_game`, `App.to_title`) instead of importing
them. The detection is tests/import_graph.py's (the shared tool's reading).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from import_graph import PKG as ROOT  # noqa: E402
from import_graph import cycles, import_graph  # noqa: E402


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
