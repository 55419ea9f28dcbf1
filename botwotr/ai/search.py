"""*hard*: determinized rollouts (docs/ai.md, "Hard").

For the seat's top candidates by normal's score (at most CANDIDATES), repeat: sample a world
(`determinize`), and for each candidate play it in that world, then let a fast noisy greedy policy
play both sides for at most DEPTH commands (or to the end of the game), and evaluate the position
reached (`evaluate.value`). Every candidate is played in the same sampled world with the same
rollout seed (common random numbers), so their means differ by the command, not the luck. The
candidate with the best mean is played. One rollout is one iteration.
"""

from __future__ import annotations

import random
import time
from typing import Any, Callable

from ..core.bots import deciding_side, scores
from ..core.engine import decide as core_decide
from ..core.errors import RuleError
from ..core.legal import legal_commands
from ..core.scenario import ScenarioRules
from ..core.spec import ScenarioSpec
from .determinize import LogFacts, determinize
from .evaluate import value
from .players import ranked

CANDIDATES = 5  # commands searched, the best by normal's score
DEPTH = 24  # commands of a rollout after the candidate
ROLLOUT_NOISE = 0.6  # noise added to the greedy score in rollouts
ROLLOUT_WIDTH = 60  # a rollout step with more commands scores a sample of this many
DEFAULT_SECONDS = 1.0  # the time budget when none is given
# The decisions hard searches; the others (casualties, re-rolls, discards, recruiting places...)
# it answers as normal does, at once.
SEARCHED = frozenset(
    {
        "action",
        "attack",
        "advance",
        "cease",
        "move",
        "withdraw",
        "fate_decide",
        "choose_position",
        "tactic",
        "combat_card",
        "place_leadership",
        "retreat_to",
        "choose_army",
    }
)


def rollout_state(s: dict[str, Any]) -> dict[str, Any]:
    """A determinization made playable by the seeded chance: the companion mode's typed outcomes
    become the core's own draws (physical cards stay untracked)."""
    out = dict(s)
    out["options"] = {"physical_cards": True} if s["options"].get("physical_cards") else {}
    return out


def rollout(
    spec: ScenarioSpec, rules: ScenarioRules, s: dict[str, Any], side: str, rng: random.Random, depth: int
) -> float:
    for _ in range(depth):
        if s["winner"]:
            break
        who = deciding_side(s)
        if who is None:
            break
        cmds = [c for c in legal_commands(spec, rules, s) if c["side"] == who]
        if not cmds:
            break
        if len(cmds) == 1:
            c = cmds[0]
        else:
            if len(cmds) > ROLLOUT_WIDTH:
                cmds = rng.sample(cmds, ROLLOUT_WIDTH)
            # each command's greedy score plus its noise, drawn in the list's order; the first best
            noise = rng.random
            keys = [v + noise() * ROLLOUT_NOISE for v in scores(spec, s, cmds)]
            c = cmds[keys.index(max(keys))]
        try:
            _, s = core_decide(spec, rules, s, c)
        except RuleError:
            break  # a command refused in a sampled world (a hidden card the core checks): stop here
    return value(spec, rules, s, side)


def search(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    seen: dict[str, Any],
    commands: list[dict[str, Any]],
    rng: random.Random,
    iterations: int | None,
    seconds: float | None,
    progress: Callable[[float], None] | None,
) -> tuple[int, dict[str, Any]]:
    """The index of the command chosen among `commands`, and the reason's params."""
    side = seen["seat"]
    order = ranked(spec, seen["view"], commands)[:CANDIDATES]
    totals = [0.0] * len(order)
    counts = [0] * len(order)
    done = 0
    start = time.perf_counter()
    limit = seconds if seconds is not None else DEFAULT_SECONDS
    last_report = 0.0
    facts = LogFacts(seen)  # what the log tells, read once for every world sampled
    while True:
        world = rollout_state(determinize(spec, rules, seen, rng, facts))
        seed = rng.randrange(1 << 30)
        for j, i in enumerate(order):
            if iterations is not None:
                if done >= iterations:
                    break
            elif time.perf_counter() - start >= limit:
                break
            try:
                _, s = core_decide(spec, rules, world, commands[i])
                v = rollout(spec, rules, s, side, random.Random(seed), DEPTH)
            except RuleError:
                v = -1.0  # refused in this world: never seen in the property test, counted as bad
            totals[j] += v
            counts[j] += 1
            done += 1
        else:
            if progress is not None:
                f = done / iterations if iterations else (time.perf_counter() - start) / limit
                if f - last_report >= 0.05:
                    last_report = f
                    progress(min(1.0, f))
            continue
        break
    means = [t / n if n else -2.0 for t, n in zip(totals, counts)]
    best = max(range(len(order)), key=lambda j: (means[j], -j))
    params = {
        "candidates": len(order),
        "rollouts": done,
        "value": round(means[best], 3),
        "first_choice": best == 0,
    }
    return order[best], params | {"iterations": done}
