"""The autosave's compactions in a long Rohan game: each command's autosave, CPU time
(`time.process_time`), the ones that wrote the save whole (the journal as long as the save) and
the median of those that appended to the journal.

    PYTHONPATH=TREE python bench/compact.py        (run from TREE: one process, one figure)

A Rohan random game (seed 7, 812 entries) autosaved after every command into a fresh folder.
Prints JSON: the compactions as [log entries, ms], and the appends' median in ms.
"""

from __future__ import annotations

import json
import os
import random
import sys
import tempfile
import time


def main() -> int:
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.core.bots import deciding_side
    from botwotr.persistence import autosave as A

    spec = spec_for("rohan")
    rng, g, folder = random.Random(7), Game.new(spec, seed=7), tempfile.mkdtemp()
    A.autosave(g, folder)
    compactions, appends = [], []
    while not g.state["winner"]:
        side = deciding_side(g.state)
        legal = g.legal_commands()
        g.submit(rng.choice([c for c in legal if c.get("side") in (side, "players")] or legal))
        t = time.process_time()
        A.autosave(g, folder)
        ms = round((time.process_time() - t) * 1000, 2)
        (compactions if A._slots[g].journal_n == 0 else appends).append((len(g.log), ms))
    A.flush()
    median = sorted(ms for _n, ms in appends)[len(appends) // 2]
    print(json.dumps({"compactions": compactions, "append median ms": median}))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())
    raise SystemExit(main())
