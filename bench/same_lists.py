"""The same legal lists (content and order) and the same game logs as another tree: one SHA-256
over every `legal_commands()` list and every log of random games on Rohan, Gondor and the test
scenario (issue 11: a speed-up must change no list and no log).

Run: python bench/same_lists.py            (prints the digest of this tree)
     python bench/same_lists.py --against /path/to/other/tree   (runs both, compares)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = [("rohan", s) for s in (1, 2, 3, 4, 18)] + [("gondor", s) for s in (1, 2, 3)] + [
    ("test", s) for s in (1, 2, 3)
]
MAX_COMMANDS = 3000


def digest(root: Path) -> str:
    sys.path.insert(0, str(root))
    from botwotr.catalog import spec_for
    from botwotr.content import load_scenario
    from botwotr.core import Game

    h = hashlib.sha256()
    for name, seed in GAMES:
        spec = load_scenario(root / "tests" / "data" / "test_scenario") if name == "test" else spec_for(name)
        g = Game.new(spec, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not g.state["winner"] and n < MAX_COMMANDS:
            cmds = g.legal_commands()
            h.update(json.dumps(cmds, sort_keys=True).encode())
            if not cmds:
                break
            g.submit(rng.choice(cmds))
            n += 1
        h.update(json.dumps(g.log, sort_keys=True).encode())
        print(f"  {name} seed {seed}: {n} commands", file=sys.stderr)
    return h.hexdigest()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--against", help="another tree (e.g. a worktree of main)")
    ap.add_argument("--root", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.against:
        out = {}
        for r in (str(ROOT), a.against):
            p = subprocess.run([sys.executable, __file__, "--root", r], capture_output=True, text=True, check=True)
            out[r] = p.stdout.strip()
            print(r, out[r])
        same = len(set(out.values())) == 1
        print("SAME" if same else "DIFFERENT")
        sys.exit(0 if same else 1)
    print(digest(Path(a.root) if a.root else ROOT))


if __name__ == "__main__":
    main()
