"""Why hard's command is good, from what its search measured (docs/ai.md, "The reason").

The search (`search.py`) plays every candidate in the same sampled worlds with the same rollout
seeds, and keeps the position each rollout ended in (`ends`). `reason` compares the chosen
command's ends with the runner-up's (the candidate with the next best mean), try by try (the same
world, the same seed):
1. a game won more often, or lost less often, than with the runner-up says so;
2. an attack whose attacker holds the target at the end of at least half of the tries "wins the
   battle" there;
3. otherwise the component of the evaluation (`evaluate.terms`, weighted, turned to the seat's
   side) whose mean differs most in the chosen command's favour is told in the player's words:
   victory points (naming the settlement whose control differs most), the fate marker, the
   captains, the armies (units on the board), the city and its walls (Gondor), the dice;
4. a difference below `CLOSE` in every component: "little to choose", with the share of tries
   the chosen command came out better (`same` when none).

Everything comes from the rollouts of the seat's own determinizations and from its view: the
reason is a function of `seen`, the seed and the budget, like the command (tests/ai/test_ai_hidden.py).
The words are the window's (`botwotr.ui.logtext.reason_text`): a code and its params.
"""

from __future__ import annotations

from typing import Any

from ..core.bots import distance_to, falls, siege
from ..core.scenario import ScenarioRules
from ..core.spec import ScenarioSpec
from ..core.state import controller, unused_dice
from .evaluate import terms, value

CLOSE = 0.02  # a component's mean difference (weighted, as in the evaluation) below this: little to choose


def _units(s: dict[str, Any], side: str) -> int:
    return sum(sum(reg["units"].values()) for reg in s["regions"].values() if reg["side"] == side)


def _holds(spec: ScenarioSpec, s: dict[str, Any], region: str, side: str) -> bool:
    """`side` holds `region`: its control (a settlement), or its army there."""
    reg = s["regions"][region]
    if spec.board.regions[region].settlement:
        return controller(s, spec, region) == side and not (reg["units"] and reg["side"] != side)
    return bool(reg["units"]) and reg["side"] == side


def _mean(xs: list[float]) -> float:
    return sum(xs) / len(xs) if xs else 0.0


def _num(x: float) -> float | int:
    """A mean as the reason shows it: one decimal, an integer when it is one."""
    r = round(x, 1)
    return int(r) if r == int(r) else r


def reason(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    seen: dict[str, Any],
    command: dict[str, Any],
    mine: list[dict[str, Any] | None],
    other: list[dict[str, Any] | None],
) -> dict[str, Any] | None:
    """The reason (code, params) for `command` from the positions its rollouts ended in (`mine`)
    against the runner-up's (`other`), paired by try (None: refused in that world); None when no
    try has both."""
    side = seen["seat"]
    enemy = "fp" if side == "sh" else "sh"
    sign = 1.0 if side == "sh" else -1.0
    pairs = [(a, b) for a, b in zip(mine, other) if a is not None and b is not None]
    n = len(pairs)
    if not n:
        return None
    base = {"tries": n, "better": sum(1 for a, b in pairs if value(spec, rules, a, side) > value(spec, rules, b, side))}

    def out(code: str, **params: Any) -> dict[str, Any]:
        return {"code": code, "params": {**base, **params}}

    wins = [sum(1 for p in pairs if p[k]["winner"] == side) for k in (0, 1)]
    if wins[0] > wins[1]:
        return out("win", wins=wins[0], other=wins[1])
    losses = [sum(1 for p in pairs if p[k]["winner"] == enemy) for k in (0, 1)]
    if losses[0] < losses[1]:
        return out("no_loss", losses=losses[0], other=losses[1])
    target = command.get("target")
    if command.get("cmd") == "attack" and isinstance(target, str) and target in spec.board.regions:
        held = sum(1 for a, _ in pairs if _holds(spec, a, target, side))
        if 2 * held >= n:
            return out("battle", region=target, won=held)
    ta = [terms(spec, rules, a) for a, _ in pairs]
    tb = [terms(spec, rules, b) for _, b in pairs]
    keys = list(dict.fromkeys([k for t in ta + tb for k in t]))
    diff = {k: sign * _mean([x.get(k, 0.0) - y.get(k, 0.0) for x, y in zip(ta, tb)]) for k in keys}
    best = max(keys, key=lambda k: (diff[k], -keys.index(k)))
    if diff[best] < CLOSE:
        return out("close" if base["better"] else "same")
    view = seen["view"]
    city = falls(spec)
    if best == "vp":
        # the settlement whose control by the Shadow differs most between the two commands
        diffs = {}
        for r, rs in spec.board.regions.items():
            if rs.settlement and rs.owner == "fp" and rs.vp:
                d = _mean(
                    [float(controller(a, spec, r) == "sh") - float(controller(b, spec, r) == "sh") for a, b in pairs]
                )
                if sign * d > 0:
                    diffs[r] = sign * d
        if diffs:
            r = max(sorted(diffs), key=lambda x: diffs[x])
            now = controller(view, spec, r)
            k, k_alt = (sum(1 for p in pairs if (controller(p[i], spec, r) == "sh") == (side == "sh")) for i in (0, 1))
            if side == "sh":
                return out("vp_take" if now != "sh" else "vp_keep", region=r, k=k, other=k_alt)
            return out("vp_hold" if now != "sh" else "vp_retake", region=r, k=k, other=k_alt)
        a, b = (_num(_mean([float(rules.shadow_vp(p[i])) for p in pairs])) for i in (0, 1))
        return out("vp_more" if side == "sh" else "vp_less", a=a, b=b)
    if best == "fate":
        a, b = (_num(_mean([float(p[i]["fate"]) for p in pairs])) for i in (0, 1))
        return out("fate_back" if side == "sh" else "fate_on", a=a, b=b)
    if best == "captains":
        caps = spec.victory_captains
        a, b = (
            _num(_mean([float(sum(1 for c in caps if p[i]["chars"][c]["status"] == "eliminated")) for p in pairs]))
            for i in (0, 1)
        )
        return out("captains_down" if side == "sh" else "captains_safe", a=a, b=b)
    if best == "army":
        own = [_mean([float(_units(p[i], side)) for p in pairs]) for i in (0, 1)]
        foe = [_mean([float(_units(p[i], enemy)) for p in pairs]) for i in (0, 1)]
        if max(own[0] - own[1], foe[1] - foe[0]) >= 0.05:
            if own[0] - own[1] >= foe[1] - foe[0]:
                return out("units_kept", a=_num(own[0]), b=_num(own[1]))
            return out("units_killed", a=_num(foe[0]), b=_num(foe[1]))
        k = sum(1 for x, y in zip(ta, tb) if sign * (x["army"] - y["army"]) > 0)
        return out("army", k=k)
    if best == "city" and city:

        def near(s: dict[str, Any]) -> float:
            ds = [
                distance_to(spec, r, {city}) for r, reg in s["regions"].items() if reg["side"] == "sh" and reg["units"]
            ]
            return float(min(ds)) if ds else 8.0

        a, b = (_num(_mean([near(p[i]) for p in pairs])) for i in (0, 1))
        return out("city_near" if side == "sh" else "city_far", city=city, a=a, b=b)
    if best == "walls" and city:

        def standing(s: dict[str, Any]) -> float:
            g = siege(s)
            return float(g.get("protection", {}).get(city, 0)) if g and controller(s, spec, city) == "fp" else 0.0

        a, b = (_num(_mean([standing(p[i]) for p in pairs])) for i in (0, 1))
        return out("walls_down" if side == "sh" else "walls_up", city=city, a=a, b=b)
    # the dice: action dice left unused, the seat's against the other side's
    a, b = (_num(_mean([float(unused_dice(p[i], side) - unused_dice(p[i], enemy)) for p in pairs])) for i in (0, 1))
    return out("dice", a=a, b=b)
