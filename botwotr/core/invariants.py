"""Invariants of a game position, checked by the tests, the fuzzers and the soak bench.
`check(game)` raises AssertionError naming the first broken rule."""

from __future__ import annotations

from collections import Counter
from typing import Any

from .state import army_size


def check(game: Any, previous: dict[str, Any] | None = None) -> None:
    """`previous`: the state one command before, for the scenario's rules about change."""
    s, spec = game.state, game.spec
    rules = getattr(game, "rules", None)  # a position without its rules (a script's set-up) has none
    if rules is not None:
        rules.invariants(previous, s)
    kinds = {p["kind"] for p in s["pending"]}
    assert s["winner"] or s["pending"], "the game must always wait on a decision"
    for r, reg in s["regions"].items():
        n = army_size(reg)
        if "remove_excess" not in kinds:
            assert n <= 5 or spec.board.regions[r].recruitment_area, f"R-2.1: {r} holds {n} units"
        if n == 0:
            assert reg["leaders"] == 0, f"R-2.2: leader without units in {r}"
            assert reg["damage"] == 0 and reg["tokens"] == 0, f"markers left on an empty {r}"
            assert reg["side"] is None, f"{r} has an owner but no units"
        else:
            assert reg["side"] in ("fp", "sh")
            assert reg["tokens"] == 0 or reg["side"] == "sh", (
                f"R-6.5: a leadership token with a Free Peoples army in {r}"
            )
        excess = any(p["kind"] == "remove_excess" and p["region"] == r for p in s["pending"])
        if not kinds & {"casualties", "flee_casualty"} and not excess:
            assert reg["damage"] <= n, f"R-11.3: {r} has {reg['damage']} damage on {n} units"
        for u in reg["units"]:
            assert spec.units[u].side == reg["side"], f"{u} in a {reg['side']} army at {r}"
    piles = s["generic"] + s["discard"] + s["gone"] + s["table"]
    for side in ("fp", "sh"):
        sd = s["sides"][side]
        piles += sd["hand"] + sd["story"] + sd["special"]
        assert len(sd["hand"]) <= spec.hand_limit or "discard" in kinds, f"R-5.4: {side} hand over the limit"
        assert sd["dice"] >= 1
    if not s["options"].get("physical_cards"):
        assert Counter(piles) == Counter(list(spec.cards)), "R-5.1: cards not conserved"
    tiles = s["fate_pool"] + s["fate_aside"] + s["fate_extra"] + s["fate_used"]
    tiles += [p["tile"] for p in s["pending"] if p["kind"] == "fate_decide"]  # drawn, being decided
    assert Counter(tiles) == Counter(list(spec.fate_tiles)), "R-7.2: fate tiles not conserved"
    for u, us in spec.units.items():
        on = sum(reg["units"].get(u, 0) for reg in s["regions"].values())
        assert on <= us.figures, f"R-2.8: {on} {u} on the board, only {us.figures} figures"
    assert 0 <= s["fate"] <= spec.endgame
