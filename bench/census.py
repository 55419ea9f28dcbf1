"""Content census: bot games of the Battle for Rohan, counting how often every card half, character
ability, Saruman position and fate-tile icon is offered and used (issue 10).

- a card's order half is *offered* when `use_die … play_card {card}` is among the legal commands
  of a decision, and *used* when that command is submitted;
- a combat half: `combat_card {card}` offered / submitted;
- an ability: `use_die … ability {character}` or `use_ability {character}` offered / submitted;
- a position: `choose_position {position}` offered / submitted;
- a fate-tile icon has no command of its own: it is *offered* when a tile bearing it is drawn,
  and *used* when such a tile is applied.

"Offered" counts decisions, not commands (a card playable with three different dice in one
decision counts once). Run: python bench/census.py [--games 40] [--bots greedy,random] [--seed 0]
Exit code 1 if anything was never offered.
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import BOTS, deciding_side  # noqa: E402


def keys_of(cmd: dict) -> list[str]:
    """The census keys a command stands for."""
    c = cmd["cmd"]
    if c == "use_die" and cmd.get("action") == "play_card" and cmd.get("card") not in (None, "?"):
        return [f"order:{cmd['card']}"]
    if c == "use_die" and cmd.get("action") == "ability":
        return [f"ability:{cmd['character']}"]
    if c == "use_ability":
        return [f"ability:{cmd['character']}"]
    if c == "combat_card" and cmd.get("card"):
        return [f"combat:{cmd['card']}"]
    if c == "choose_position":
        return [f"position:{cmd['position']}"]
    return []


def all_keys(spec) -> list[str]:
    out = [f"order:{c}" for c in sorted(spec.cards)]
    out += [f"combat:{c}" for c, cs in sorted(spec.cards.items()) if cs.combat]
    out += [f"ability:{c}" for c, cs in sorted(spec.characters.items()) if cs.ability]
    out += [f"position:{p}" for p in spec.positions]
    out += [f"icon:{i}" for i in sorted({t.icon for t in spec.fate_tiles.values() if t.icon})]
    return out


def play_census(spec, seed: int, fp: str, sh: str, offered: Counter, used: Counter,
                max_commands: int = 20000) -> Game:
    g = Game.new(spec, seed=seed)
    bots = {"fp": BOTS[fp](seed * 2 + 1), "sh": BOTS[sh](seed * 2 + 2)}
    for _ in range(max_commands):
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        cmds = [c for c in g.legal_commands() if c["side"] == side]
        for k in {k for c in cmds for k in keys_of(c)}:
            offered[k] += 1
        cmd = bots[side].choose(g, cmds)
        for k in keys_of(cmd):
            used[k] += 1
        for e in g.submit(cmd):
            if e["e"] == "FateTileDrawn" and spec.fate_tiles[e["tile"]].icon:
                offered[f"icon:{spec.fate_tiles[e['tile']].icon}"] += 1
            elif e["e"] == "FateTileApplied" and e.get("icon"):
                used[f"icon:{e['icon']}"] += 1
    return g


def run(games: int, bots: list[str], seed0: int = 0, scenario: str = "rohan") -> dict:
    spec = spec_for(scenario)
    offered, used = Counter(), Counter()
    t = time.perf_counter()
    n = 0
    for b in bots:
        for i in range(games):
            play_census(spec, seed0 + i, b, b, offered, used)
            n += 1
    return {"spec": spec, "games": n, "bots": bots, "offered": offered, "used": used,
            "seconds": time.perf_counter() - t}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40, help="games per bot kind")
    ap.add_argument("--bots", default="greedy,random", help="comma-separated; each plays both sides")
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    r = run(a.games, [b for b in a.bots.split(",") if b], a.seed)
    spec, offered, used = r["spec"], r["offered"], r["used"]
    print(f"census: {r['games']} games ({', '.join(f'{b} v {b}' for b in r['bots'])}), "
          f"{r['seconds']:.1f} s")
    print(f"{'item':44} {'offered':>8} {'used':>6}")
    never = []
    for k in all_keys(spec):
        mark = ""
        if offered[k] == 0:
            never.append(k)
            mark = "  <- never offered"
        elif used[k] == 0:
            mark = "  <- never used"
        print(f"{k:44} {offered[k]:>8} {used[k]:>6}{mark}")
    if never:
        print(f"never offered: {', '.join(never)}")
        return 1
    print("every card half, ability, position and fate icon was offered at least once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
