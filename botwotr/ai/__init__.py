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

# reason code -> its English one-line text (str.format with the reason's params; the window's
# words, in every language, are botwotr/ui/logtext.py's REASON_TEXTS). The search's codes say why
# the command is good, from its rollouts (explain.py); `search` and `search_confirms` say only how
# it was found (a search with one candidate).
REASONS = {
    "only": "The only move there is.",
    "score": "The move that scores best at a glance.",
    "hunch": "A hunch.",
    "search": "The best outcome over {rollouts} simulated games from here.",
    "search_confirms": "The move that looked best, confirmed by {rollouts} simulated games from here.",
    "win": "Wins the game in {wins} of {tries} tries; the next best move wins in {other}.",
    "no_loss": "Loses the game in only {losses} of {tries} tries; the next best move loses in {other}.",
    "battle": "Wins the battle for {region} in {won} of {tries} tries.",
    "vp_take": "Takes {region} in {k} of {tries} tries (the next best move: {other}): the Shadow's victory points rise.",
    "vp_keep": "Keeps {region} in {k} of {tries} tries (the next best move: {other}), and the victory points it gives the Shadow.",
    "vp_hold": "Holds {region} against the Shadow in {k} of {tries} tries (the next best move: {other}): no victory points for it there.",
    "vp_retake": "Retakes {region} from the Shadow in {k} of {tries} tries (the next best move: {other}): its victory points fall.",
    "vp_more": "Raises the Shadow's victory points: {a} on average, against {b} after the next best move.",
    "vp_less": "Keeps the Shadow's victory points down: {a} on average, against {b} after the next best move.",
    "fate_on": "Moves the fate marker on: to space {a} on average, against {b} after the next best move.",
    "fate_back": "Holds the fate marker back: at space {a} on average, against {b} after the next best move.",
    "captains_down": "Hunts the captains: {a} eliminated on average, against {b} after the next best move.",
    "captains_safe": "Keeps your captains alive: {a} eliminated on average, against {b} after the next best move.",
    "units_kept": (
        "Keeps your armies whole: {a} of your units on the board on average, against {b} after the next best move."
    ),
    "units_killed": "Hits the enemy harder: {a} of its units left on average, against {b} after the next best move.",
    "army": "Leaves your armies stronger than the next best move does in {k} of {tries} tries.",
    "city_near": (
        "Brings your armies nearer {city}: {a} regions away on average, against {b} after the next best move."
    ),
    "city_far": (
        "Keeps the Shadow's armies away from {city}: {a} regions away on average, against {b} after the next best move."
    ),
    "walls_down": "Breaks down the walls of {city}: {a} standing on average, against {b} after the next best move.",
    "walls_up": "Keeps the walls of {city} standing: {a} on average, against {b} after the next best move.",
    "dice": (
        "Keeps the tempo: your action dice to spare less the enemy's, {a} on average, against {b} after the "
        "next best move."
    ),
    "close": "Little to choose: it does better than the next best move in {better} of {tries} tries.",
    "same": "Little to choose: the next best move did as well in every try.",
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
    value: float | None = None  # hard's search: the chosen command's mean rollout value (else None)


def reason_text(reason: dict[str, Any], spec: ScenarioSpec | None = None) -> str:
    """The English line of a reason (regions named from `spec` when given)."""
    params = dict(reason["params"])
    for k in ("region", "city"):
        if spec is not None and params.get(k) in spec.board.regions:
            params[k] = spec.board.regions[params[k]].name
    return REASONS[reason["code"]].format(**params)


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
        why = params.pop("why", None) or {"code": code, "params": params}  # (no runner-up: how it was found)
        d = Decision(commands[i], why, int(params["iterations"]), float(params["value"]))
    if progress is not None:
        progress(1.0)
    return d
