"""*hard*: determinized rollouts (docs/ai.md, "Hard").

For the seat's top candidates by normal's score (at most CANDIDATES), repeat: sample a world
(`determinize`), and for each candidate play it in that world, then let a fast noisy greedy policy
play both sides for at most DEPTH commands (or to the end of the game), and evaluate the position
reached (`evaluate.value`). Every candidate is played in the same sampled world with the same
rollout seed (common random numbers), so their means differ by the command, not the luck. The
candidate with the best mean is played. One rollout is one iteration.
"""

from __future__ import annotations

import gc
import random
import time
from typing import Any, Callable

from ..core.bots import deciding_side, scores
from ..core.engine import decide as core_decide
from ..core.errors import RuleError
from ..core.legal import legal_commands
from ..core.scenario import ScenarioRules
from ..core.spec import ScenarioSpec
from . import explain
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


# The scoring memos of a search: (ids of a state's regions, chars and flags) -> those three (kept
# alive, so that the ids stay their own) and the memo `bots.scores` keeps for them. A state is
# never changed once made (copy-on-write, botwotr.core.events; a sampled world is not changed
# after `determinize`), so states with the same three containers share the memo: a rollout's
# battle or card play scores many states on one board.
Memos = dict[tuple[int, int, int], tuple[Any, Any, Any, dict[Any, Any]]]
MEMOS_MAX = 256


def board_memo(memos: Memos, s: dict[str, Any]) -> dict[Any, Any]:
    regions, chars, flags = s["regions"], s["chars"], s.get("flags")
    key = (id(regions), id(chars), id(flags))
    hit = memos.get(key)
    if hit is not None and hit[0] is regions and hit[1] is chars and hit[2] is flags:
        return hit[3]
    if len(memos) >= MEMOS_MAX:
        memos.clear()
    memo: dict[Any, Any] = {}
    memos[key] = (regions, chars, flags, memo)
    return memo


def rollout(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    s: dict[str, Any],
    side: str,
    rng: random.Random,
    depth: int,
    memos: Memos | None = None,
    ends: list[Any] | None = None,
) -> float:
    if memos is None:
        memos = {}
    for _ in range(depth):
        if s["winner"]:
            break
        who = deciding_side(s)
        if who is None:
            break
        cmds = legal_commands(spec, rules, s)
        if s["pending"][-1].get("sides"):  # a decision of both sides (a battle's): the one asked first
            cmds = [c for c in cmds if c["side"] == who]
        if not cmds:
            break
        if len(cmds) == 1:
            c = cmds[0]
        else:
            if len(cmds) > ROLLOUT_WIDTH:
                cmds = rng.sample(cmds, ROLLOUT_WIDTH)
            # each command's greedy score plus its noise, drawn in the list's order; the first best
            noise = rng.random
            keys = [v + noise() * ROLLOUT_NOISE for v in scores(spec, s, cmds, board_memo(memos, s))]
            c = cmds[keys.index(max(keys))]
        try:
            _, s = core_decide(spec, rules, s, c)
        except RuleError:
            break  # a command refused in a sampled world (a hidden card the core checks): stop here
    if ends is not None:
        ends.append(s)  # the position reached, for the reason (explain.py)
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
    ends: list[list[Any]] = [[] for _ in order]  # per candidate, the position each rollout ended in
    facts = LogFacts(seen)  # what the log tells, read once for every world sampled
    memos: Memos = {}
    # The rollouts make and drop many small containers and no cycles worth collecting: the cyclic
    # garbage collector's passes over the heap (the game's log, the spec) are only lost time while
    # they run, so it waits until the search ends (reference counting still frees everything).
    collecting = gc.isenabled()
    gc.disable()
    try:
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
                    v = rollout(spec, rules, s, side, random.Random(seed), DEPTH, memos, ends[j])
                except RuleError:
                    ends[j].append(None)
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
    finally:
        if collecting:
            gc.enable()
    means = [t / n if n else -2.0 for t, n in zip(totals, counts)]
    best = max(range(len(order)), key=lambda j: (means[j], -j))
    params: dict[str, Any] = {
        "candidates": len(order),
        "rollouts": done,
        "value": round(means[best], 3),
        "first_choice": best == 0,
    }
    # the reason: the chosen command's rollouts against the runner-up's (explain.py)
    runner = max((j for j in range(len(order)) if j != best), key=lambda j: (means[j], -j), default=None)
    if runner is not None:
        why = explain.reason(spec, rules, seen, commands[order[best]], ends[best], ends[runner])
        if why is not None:
            params["why"] = why
    return order[best], params | {"iterations": done}
