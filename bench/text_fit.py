"""The text-fit check (tests/ui/test_text_fit.py) over more seeds than the suite plays.

    python bench/text_fit.py [--seeds 1-12]

Runs the test's whole-game check (long content names, every decision drawn at 1280x720 and
1920x1080: no text out of its box, no overlap in the side column, the log keeping 8 lines) for
each seed, through pytest with BOTWOTR_TEXT_FIT_SEEDS set; exits with pytest's code.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def seeds(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", default="1-12", help="e.g. 1-12 or 3,5,9-11")
    args = ap.parse_args(argv)
    env = dict(os.environ, BOTWOTR_TEXT_FIT_SEEDS=",".join(map(str, seeds(args.seeds))),
               SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    cmd = [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rf", "--durations=0",
           str(ROOT / "tests" / "ui" / "test_text_fit.py"), "-k", "fits_its_box"]
    return subprocess.call(cmd, cwd=ROOT, env=env)


if __name__ == "__main__":
    sys.exit(main())
