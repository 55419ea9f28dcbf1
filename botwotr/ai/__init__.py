"""A computer opponent that sees only its seat's view (issue 13; docs/ai.md).

    seen = seen_by(game, "sh")              # everything the AI may be given: plain data
    d = decide(seen, "hard", seed=1, budget=Budget(seconds=1.0))
    game.submit(d.command)

`decide` never gets the game: it takes `seen` (the seat's view, R-15, and the log as that seat
sees it) and loads the scenario's spec and rules itself, so it runs in a fresh process from
`seen` alone. Levels: *easy* (noisy greedy, with mistakes), *normal* (the greedy bot, improved),
*hard* (determinized rollouts, `search.py`). The same `seen`, level, seed and iteration budget
give the same Decision.

In the companion mode a command that needs chance (a roll, a draw) is returned without
`outcomes`, as the legal list gives it: the caller asks the table for them, as for a person.
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from ..core.legal import legal_commands
from ..core.scenario import ScenarioRules, rules_for
from ..core.spec import SIDES, ScenarioSpec
from ..core.view import command_for, event_for
from .determinize import DeterminizeError, determinize
from .players import choose_easy, choose_normal
from .search import SEARCHED, search

if TYPE_CHECKING:
    from ..core.game import Game

__all__ = ["LEVELS", "REASONS", "Budget", "Decision", "DeterminizeError", "decide", "log_for", "reason_text", "seen_by"]

LEVELS = ("easy", "normal", "hard")

# reason code -> its English one-line text (str.format with the reason's params)
REASONS = {
    "only": "The only move there is.",
    "score": "The move that scores best at a glance.",
    "hunch": "A hunch.",
    "search": "The best outcome over {rollouts} simulated continuations.",
    "search_confirms": "The move that looked best, confirmed by {rollouts} simulated continuations.",
}


@dataclass(frozen=True)
class Budget:
    seconds: float | None = None  # a time limit (the window uses this)
    iterations: int | None = None  # a deterministic count (tests, bench); wins over seconds


@dataclass(frozen=True)
class Decision:
    command: dict[str, Any]  # a command for `seat`, exactly as Game.submit takes it
    reason: dict[str, Any]  # {"code": str, "params": dict}: a one-line why (REASONS)
    iterations: int  # work actually done (0 for easy/normal)


def reason_text(reason: dict[str, Any]) -> str:
    """The English line of a reason."""
    return REASONS[reason["code"]].format(**reason["params"])


def seen_by(game: Game, seat: str) -> dict[str, Any]:
    """Everything the AI may be given about `game` for `seat` (R-15): the seat's view and the log
    as that seat sees it. Plain data (JSON and pickle)."""
    if seat not in SIDES:
        raise ValueError(f"seat must be fp or sh, not {seat!r}")
    return {"scenario": game.spec.id, "seat": seat, "view": game.view_for(seat), "log": log_for(game.log, seat)}


def log_for(entries: list[dict[str, Any]], seat: str) -> list[dict[str, Any]]:
    """Log entries as `seat` sees them (`core.view.command_for` and `event_for`); a caller that
    keeps a seat's log may convert only the entries added since (bench/ai.py)."""
    log = []
    for entry in entries:
        events = [v for v in (event_for(e, seat) for e in entry["events"]) if v is not None]
        log.append({"cmd": command_for(entry["cmd"], seat), "events": events})
    return log


@functools.lru_cache(maxsize=8)
def scenario(name: str) -> tuple[ScenarioSpec, ScenarioRules]:
    """The spec and rules of a scenario id, loaded once per process."""
    from ..catalog import spec_for

    spec = spec_for(name)
    return spec, rules_for(spec)


def seat_commands(spec: ScenarioSpec, rules: ScenarioRules, seen: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's legal commands, computed on a determinization (they do not depend on what it
    samples: tests/ai/test_determinize.py)."""
    world = determinize(spec, rules, seen, random.Random(0))
    return [c for c in legal_commands(spec, rules, world) if c["side"] == seen["seat"]]


def decide(
    seen: dict[str, Any],
    level: str,
    seed: int,
    budget: Budget | None = None,
    progress: Callable[[float], None] | None = None,
) -> Decision:
    """The AI's command for `seen["seat"]` at `level` (see the module's docstring)."""
    if level not in LEVELS:
        raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
    spec, rules = scenario(seen["scenario"])
    commands = seat_commands(spec, rules, seen)
    if not commands:
        raise ValueError(f"the game waits for no decision of {seen['seat']!r}")
    rng = random.Random(f"{seed}:{level}:{len(seen.get('log', ()))}")
    if progress is not None:
        progress(0.0)
    if len(commands) == 1:
        d = Decision(commands[0], {"code": "only", "params": {}}, 0)
    elif level == "easy":
        c, code = choose_easy(spec, seen["view"], commands, rng)
        d = Decision(c, {"code": code, "params": {}}, 0)
    elif level == "normal":
        c, code = choose_normal(spec, seen["view"], commands, rng)
        d = Decision(c, {"code": code, "params": {}}, 0)
    elif seen["view"]["pending"][-1]["kind"] not in SEARCHED:
        c, code = choose_normal(spec, seen["view"], commands, rng)
        d = Decision(c, {"code": code, "params": {}}, 0)
    else:
        b = budget or Budget()
        i, params = search(spec, rules, seen, commands, rng, b.iterations, b.seconds, progress)
        code = "search_confirms" if params.pop("first_choice") else "search"
        d = Decision(commands[i], {"code": code, "params": params}, int(params["iterations"]))
    if progress is not None:
        progress(1.0)
    return d
