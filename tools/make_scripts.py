"""Writes the scripted games in tests/scripts/: bot games (greedy against greedy) from the
set-up to a Shadow victory and to a Free Peoples fate victory, as `botwotr script` files, for
Rohan (the default) and Gondor (`--scenario gondor`, or `--scenario all`).

The scripts replay exactly because chance comes from the seed; if the content or the rules
change, regenerate them: python tools/make_scripts.py [--scenario rohan|gondor|all]"""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import GreedyBot, play  # noqa: E402

OUT = ROOT / "tests" / "scripts"
WANTS = {
    "rohan": {
        "sh": ("rohan_shadow_victory.yaml", "The Shadow takes Rohan"),
        "fp": ("rohan_fate_victory.yaml", "The Free Peoples hold until fate reaches the endgame"),
    },
    "gondor": {
        "sh": ("gondor_shadow_victory.yaml", "Minas Tirith falls"),
        "fp": ("gondor_fate_victory.yaml", "The city stands until the Rohirrim and the King come"),
    },
}


def main(argv=None) -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("--scenario", default="rohan", choices=sorted(WANTS) + ["all"])
    a = ap.parse_args(argv)
    for name in sorted(WANTS) if a.scenario == "all" else [a.scenario]:
        make(name, WANTS[name])


def make(scenario: str, WANT: dict) -> None:
    spec = spec_for(scenario)
    best: dict[str, tuple[int, int, str]] = {}
    for seed in range(60):
        g = Game.new(spec, seed=seed)
        winner = play(g, {"fp": GreedyBot(seed * 2 + 1), "sh": GreedyBot(seed * 2 + 2)})
        if winner in WANT and (winner not in best or len(g.log) < best[winner][1]):
            best[winner] = (seed, len(g.log), g.state["win_reason"])
    for side, (seed, _, reason) in best.items():
        g = Game.new(spec, seed=seed)
        play(g, {"fp": GreedyBot(seed * 2 + 1), "sh": GreedyBot(seed * 2 + 2)})
        name, title = WANT[side]
        data = {
            "description": f"{title}: greedy bots, seed {seed}. {reason} "
                           f"Made by tools/make_scripts.py; regenerate it when content or rules change.",
            "scenario": scenario,
            "seed": seed,
            "commands": [entry["cmd"] for entry in g.log[1:]],
        }
        text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None, width=100)
        (OUT / name).write_text(text)
        print(f"{name}: seed {seed}, {len(g.log) - 1} commands, turn {g.state['turn']}: {reason}")


if __name__ == "__main__":
    main()
