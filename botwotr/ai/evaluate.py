"""The evaluation of a position for the search (docs/ai.md, "Evaluation").

`value(spec, rules, s, side)` is a number in [-1, 1]: +1 a win for `side`, -1 a loss, and between
them a weighted sum of what decides a game of Rohan or Gondor (R-4.2, R-4.3):
- the Shadow's victory points against the scenario's threshold (R-4.3),
- the fate marker against the endgame marker, which wins for the Free Peoples (R-4.2),
- the captains whose elimination wins for the Shadow (Rohan, R-4.3),
- the city whose fall wins for the Shadow and its standing walls (Gondor),
- the armies: the strength on the board of each side, damaged units counted at half,
- the action dice still to use this turn.
The weights are the module's constants (the knobs, docs/ai.md).
"""

from __future__ import annotations

import math
from typing import Any

from ..core.bots import distance_to, falls, siege
from ..core.scenario import ScenarioRules
from ..core.spec import ScenarioSpec
from ..core.state import controller, unused_dice

W_VP = 1.6  # the Shadow's share of the victory points it needs
W_FATE = 1.4  # the fate marker's share of the way to the endgame marker
W_CAPTAINS = 1.0  # the share of the captains the Shadow must eliminate
W_ARMY = 1.2  # (Shadow - Free Peoples) / total strength on the board
W_DICE = 0.05  # per unused action die, for the side that holds it
W_CITY = 0.5  # Gondor: how near the Shadow's armies stand to the city (0..1)
W_WALLS = 0.4  # Gondor: share of the city's walls still standing (for the Free Peoples)
SCALE = 1.0  # tanh scale of the sum


def strength(spec: ScenarioSpec, s: dict[str, Any], side: str) -> float:
    total = 0.0
    for reg in s["regions"].values():
        if reg["side"] != side:
            continue
        units = reg["units"]
        n = sum(units.values())
        if not n:
            continue
        st = sum(spec.units[u].strength * k for u, k in units.items())
        total += st - 0.5 * min(reg["damage"], n) * st / n + 0.5 * reg["leaders"]
    return total


def terms(spec: ScenarioSpec, rules: ScenarioRules, s: dict[str, Any]) -> dict[str, float]:
    """The evaluation's components from the Shadow's side, weighted, in the order they are summed
    (`shadow_value`); a hint's reason compares them (explain.py)."""
    out: dict[str, float] = {}
    if spec.victory_vp:
        out["vp"] = W_VP * float(rules.shadow_vp(s)) / spec.victory_vp
    out["fate"] = -W_FATE * s["fate"] / max(1, spec.endgame)
    caps = spec.victory_captains
    if caps:
        out["captains"] = W_CAPTAINS * sum(1 for c in caps if s["chars"][c]["status"] == "eliminated") / len(caps)
    sh, fp = strength(spec, s, "sh"), strength(spec, s, "fp")
    out["army"] = W_ARMY * (sh - fp) / max(1.0, sh + fp)
    city = falls(spec)
    if city:
        near = [distance_to(spec, r, {city}) for r, reg in s["regions"].items() if reg["side"] == "sh" and reg["units"]]
        if near:
            out["city"] = W_CITY * (1 - min(near) / 8)
        g = siege(s)
        if g and controller(s, spec, city) == "fp":
            start = int((spec.rules_data.get("protection") or {}).get(city, 0))
            standing = int(g.get("protection", {}).get(city, 0))
            if start:
                out["walls"] = -W_WALLS * standing / start
    out["dice"] = W_DICE * (unused_dice(s, "sh") - unused_dice(s, "fp"))
    return out


def shadow_value(spec: ScenarioSpec, rules: ScenarioRules, s: dict[str, Any]) -> float:
    """The position from the Shadow's side, before the tanh (terminal positions excluded): the
    sum of `terms`, added in their order."""
    v: float = 0.0
    for t in terms(spec, rules, s).values():
        v += t
    return v


def value(spec: ScenarioSpec, rules: ScenarioRules, s: dict[str, Any], side: str) -> float:
    w = s["winner"]
    if w:
        return 1.0 if w == side else -1.0
    v = math.tanh(SCALE * shadow_value(spec, rules, s))
    return v if side == "sh" else -v
