"""Hotseat secrecy over many whole games (the suite's tests/ui/test_secrecy*.py play a few).

    python bench/secrecy.py [--games 50] [--first-seed 1] [--max-commands 3000]
                            [--scenario rohan|gondor] [--mode hotseat|companion] [--probe-rate 0.03]

Each game is played by two greedy bots through the real game scene at 1280x720, every frame drawn,
with the player at the screen now and then pressing Undo (the other player allows or refuses on
the covered screen) and, in every other game, the game saved and loaded again part-way. Every text
and card face drawn is checked: no seat's hidden cards, drawn cards or secret choice panel while
the other seat may be at the screen (see the test module for the model). The autosave after each
command is skipped (it writes a file and draws nothing). With `--probe-rate P`, before a command
the player at the screen looks around with chance P: every tooltip the scene offers is hovered
and drawn, and one of the other views (Edit board and its pages, the menu, the help, the full
log, a look back, the Picture button) is opened and closed in turn. `--mode companion` plays with
tracked cards (every outcome entered in the dialog). Prints a Markdown table
(docs/reliability.md, "Hotseat secrecy") and exits 1 if any frame leaked.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "ui"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument("--max-commands", type=int, default=3000)
    ap.add_argument("--undo-rate", type=float, default=0.03)
    ap.add_argument("--scenario", default="rohan")
    ap.add_argument("--mode", choices=("hotseat", "companion"), default="hotseat")
    ap.add_argument("--probe-rate", type=float, default=0.0)
    args = ap.parse_args(argv)
    from botwotr.catalog import spec_for
    from test_secrecy import play_checked
    from botwotr.ui.scenes.game import GameScene
    GameScene.autosave = lambda self: None  # the autosave draws nothing; the bench skips its disk writes
    spec = spec_for(args.scenario)
    tot = {"commands": 0, "frames": 0, "covers": 0, "undos": 0, "consents": 0, "loads": 0, "hovers": 0,
           "tips": 0, "probes": 0, "leaks": 0}
    companion = args.mode == "companion"
    ended = 0
    t0 = time.perf_counter()
    leaked = []
    for seed in range(args.first_seed, args.first_seed + args.games):
        t = time.perf_counter()
        h = play_checked(spec, seed, tempfile.mkdtemp(prefix="botwotr-secrecy-"),
                         max_commands=args.max_commands, undo_rate=0.0 if companion else args.undo_rate,
                         load_at=(30 + seed * 7 % 90) if seed % 2 else None, probe_rate=args.probe_rate,
                         mode=args.mode, options={"companion": True} if companion else None)
        for k in tot:
            tot[k] += (len(h.found) if k == "leaks" else sum(h.probed.values()) if k == "probes" else getattr(h, k))
        ended += bool(h.game.state.get("winner"))
        if h.found:
            leaked.append((seed, h.found[0]))
        print(f"seed {seed}: {h.commands} commands, {h.frames} frames, {h.covers} covers, {h.undos} undos "
              f"({h.consents} asked), {h.hovers} hovers, {sum(h.probed.values())} probes, "
              f"winner {h.game.state.get('winner')}, {len(h.found)} leaking frames, "
              f"{time.perf_counter() - t:.1f} s", file=sys.stderr, flush=True)
    secs = time.perf_counter() - t0
    print("| scenario, mode | games | ended | commands | frames checked | covers | undos (asked the other player) "
          "| loads | hovers (tooltips drawn) | views opened | leaking frames | time |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {args.scenario}, {args.mode} | {args.games} | {ended} | {tot['commands']} | {tot['frames']} | "
          f"{tot['covers']} | {tot['undos']} ({tot['consents']}) | {tot['loads']} | {tot['hovers']} ({tot['tips']}) | "
          f"{tot['probes']} | {tot['leaks']} | {secs:.0f} s |")
    for seed, first in leaked:
        print(f"- seed {seed}: {first}")
    return 1 if leaked else 0


if __name__ == "__main__":
    sys.exit(main())
