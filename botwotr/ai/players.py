"""The one-ply players: *easy* and *normal* (docs/ai.md).

Both score every legal command of the seat with `core.bots.score` on the seat's view (the greedy
bot's scores, which read nothing hidden) and take the best:
- *easy* adds a large noise to every score (EASY_NOISE) and, now and then (EASY_RANDOM), takes a
  random command among those not scored terrible (within EASY_SLACK of the best): it plays legal,
  plausible moves and makes mistakes.
- *normal* is the greedy bot improved: small noise (NORMAL_NOISE) and `adjust`, corrections to the
  greedy score for mistakes it makes (see `adjust`).
"""

from __future__ import annotations

import random
from typing import Any

from ..core.bots import battle_odds, scores
from ..core.spec import ScenarioSpec

EASY_NOISE = 4.0
EASY_RANDOM = 0.35
EASY_SLACK = 3.0
NORMAL_NOISE = 0.25


def adjust(spec: ScenarioSpec, view: dict[str, Any], c: dict[str, Any]) -> float:
    """Normal's corrections to the greedy score."""
    k = c["cmd"]
    if k == "attack":
        src = c.get("from") or (c.get("armies") or [None])[0]
        if isinstance(src, str):
            odds = battle_odds(spec, view, src, c["target"], c.get("units"))
            if odds < 0.7:
                return -1.5  # a hopeless attack only feeds the other side's dice
    return 0.0


def scored(spec: ScenarioSpec, view: dict[str, Any], commands: list[dict[str, Any]]) -> list[float]:
    return scores(spec, view, commands)


def choose_easy(
    spec: ScenarioSpec, view: dict[str, Any], commands: list[dict[str, Any]], rng: random.Random
) -> tuple[dict[str, Any], str]:
    base = scored(spec, view, commands)
    if rng.random() < EASY_RANDOM:
        top = max(base)
        ok = [c for c, b in zip(commands, base) if b >= top - EASY_SLACK]
        return rng.choice(ok), "hunch"
    noisy = [b + rng.random() * EASY_NOISE for b in base]
    return commands[max(range(len(commands)), key=noisy.__getitem__)], "score"


def choose_normal(
    spec: ScenarioSpec, view: dict[str, Any], commands: list[dict[str, Any]], rng: random.Random
) -> tuple[dict[str, Any], str]:
    base = scores(spec, view, commands)
    vals = [b + adjust(spec, view, c) + rng.random() * NORMAL_NOISE for b, c in zip(base, commands)]
    return commands[max(range(len(commands)), key=vals.__getitem__)], "score"


def ranked(spec: ScenarioSpec, view: dict[str, Any], commands: list[dict[str, Any]]) -> list[int]:
    """The commands' indices, best first by normal's score without noise (ties: list order)."""
    base = scores(spec, view, commands)
    vals = [b + adjust(spec, view, c) for b, c in zip(base, commands)]
    return sorted(range(len(commands)), key=lambda i: (-vals[i], i))
