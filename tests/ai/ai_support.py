"""Shared by the AI tests: games played by the AI through the front door, with every decision's
determinization checked against the truth."""
from __future__ import annotations

import random

from botwotr.ai import Budget, decide, log_for, scenario, seen_by
from botwotr.ai.determinize import determinize
from botwotr.core import Game
from botwotr.core.legal import legal_commands
from botwotr.core.view import view_for
from helpers import submit_asking


def deciding_seats(state: dict) -> list[str]:
    p = state["pending"][-1]
    return list(p.get("sides") or [p["side"]])


def play_checked(scen: str, seed: int, levels: dict, options: dict | None = None, iterations: int = 2,
                 max_commands: int = 3000) -> tuple[Game, int]:
    """Play a game to its end with `decide` for both seats; at every decision of every seat asked,
    a determinization from that seat's `seen` must give the seat's true legal commands and its true
    view (R-15: the AI's command is submitted to the true game). Returns the game and the number of
    decisions checked."""
    spec, rules = scenario(scen)
    g = Game.new(spec, seed=seed, options=options)
    rng = random.Random(seed)
    logs: dict[str, list] = {"fp": [], "sh": []}
    checked = 0
    for n in range(max_commands):
        if g.state["winner"]:
            break
        true = g.legal_commands()
        seats = deciding_seats(g.state)
        seens = {}
        for seat in seats:
            logs[seat] += log_for(g.log[len(logs[seat]):], seat)
            seen = {"scenario": spec.id, "seat": seat, "view": g.view_for(seat), "log": logs[seat]}
            if n % 150 == 0:
                assert seen == seen_by(g, seat)
            world = determinize(spec, rules, seen, random.Random(n))
            mine = [c for c in legal_commands(spec, rules, world) if c["side"] == seat]
            assert mine == [c for c in true if c["side"] == seat], (n, g.state["pending"][-1]["kind"], seat)
            assert view_for(world, seat) == seen["view"], (n, seat)
            checked += 1
            seens[seat] = seen
        seat = seats[0]
        d = decide(seens[seat], levels[seat], seed=n, budget=Budget(iterations=iterations))
        assert d.command in [c for c in true if c["side"] == seat]
        submit_asking(g, d.command, rng)
    return g, checked
