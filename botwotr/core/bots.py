"""Automated players in the core's terms: they see only their seat's view and choose among
`legal_commands()`, like a person would.

- `RandomBot` picks uniformly.
- `GreedyBot` scores each legal command with simple, readable heuristics and picks the best
  (ties broken at random): attacks it is likely to win, recruiting and rallying near threats,
  marching on enemy settlements, sensible tactics and casualties, keeping high fate tiles;
  a defender weighs the settlement it would give up before it flees, and the Shadow turns to a
  position that sets fate back as the fate marker nears the endgame.
Neither bot looks at hidden information or simulates chance: scores come from the seat's view.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any

import random

from .spec import ScenarioSpec, other
from .state import army_size, controller, has_army, leadership

if TYPE_CHECKING:
    from .game import Game


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, commands: list[dict[str, Any]]) -> dict[str, Any]:
        return self.rng.choice(commands)


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0, noise: float = 0.25) -> None:
        self.rng = random.Random(seed)
        self.noise = noise

    def choose(self, game: Game, commands: list[dict[str, Any]]) -> dict[str, Any]:
        if len(commands) == 1:
            return commands[0]
        side = commands[0]["side"]
        view = game.view_for(side)
        spec = game.spec
        best, best_score = None, None
        for c in commands:
            sc = score(spec, view, c) + self.rng.random() * self.noise
            if best_score is None or sc > best_score:
                best, best_score = c, sc
        assert best is not None  # commands is not empty
        return best


# -- evaluation helpers ----------------------------------------------------------------------


# -- sieges (scenarios whose rules module keeps protection values, e.g. Gondor) -------------------
# The rules module keeps its siege state in state["flags"][<scenario>] as plain data: the bot
# reads the protection values and catapults there and the city whose fall ends the game from
# the scenario's rules_data; in a scenario without them (Rohan) all of this is inert.
CITY_GUARD = 10.0  # cost of leaving the city whose fall loses the game without a garrison
SIEGE_PULL = 1.5  # the Shadow's pull, per region nearer, towards the city (besides settlements)
SIEGE_MARCH = 1.0  # the Shadow's wish to spend a die marching on the city rather than elsewhere


def siege(s: dict[str, Any]) -> dict[str, Any] | None:
    for v in s.get("flags", {}).values():
        if isinstance(v, dict) and "protection" in v:
            return v
    return None


def walls(spec: ScenarioSpec, s: dict[str, Any], region: str) -> int:
    """The protection value still standing in a region held by the Free Peoples (0: none)."""
    g = siege(s)
    if not g or controller(s, spec, region) != "fp":
        return 0
    standing: int = g["protection"].get(region, 0)
    return standing


def falls(spec: ScenarioSpec) -> str | None:
    city = spec.rules_data.get("falls") if spec.rules_data else None
    return city if isinstance(city, str) else None


def army_strength(spec: ScenarioSpec, reg: dict[str, Any]) -> int:
    return sum(spec.units[u].strength * n for u, n in reg["units"].items())


def battle_odds(
    spec: ScenarioSpec, s: dict[str, Any], attacker_region: str, target: str, units: dict[str, Any] | None = None
) -> float:
    """Rough expected-hits ratio of attacker to defender (R-10.3)."""
    a_units = units or s["regions"][attacker_region]["units"]
    return _odds_of(_matchup(spec, s, attacker_region, target), spec, a_units)


def _matchup(spec: ScenarioSpec, s: dict[str, Any], attacker_region: str, target: str) -> tuple[Any, ...]:
    """What `battle_odds` reads besides the attacking units: the defender's side of the odds, the
    attacker's chance to hit, its leadership and damage."""
    a = s["regions"][attacker_region]
    d = s["regions"][target]
    terrain = spec.board.regions[target].terrain
    d_str = min(5, army_strength(spec, d) + spec.terrain_bonus.get(terrain, 0))
    border = spec.board.border(attacker_region, target)
    rule = spec.border_rules.get(border) if border else None
    a_hit = (7 - (rule.target if rule and rule.rounds else 5)) / 6
    wall = walls(spec, s, target)
    if wall:  # the walls: hits only on a 6 (5+ with a siege tower) and the value absorbs them
        tower = (siege(s) or {}).get("towers", {}).get(attacker_region)
        a_hit = 2 / 6 if tower else 1 / 6
    lead = leadership(s, spec, attacker_region)
    d_lead = min(d_str, leadership(s, spec, target))
    d_exp = d_str * (2 / 6) + d_lead * (4 / 6) * (2 / 6)
    d_size = max(1, army_size(d) - d["damage"] * 0.5) + 0.6 * wall
    return a_hit, lead, d_exp, d_size, a["damage"]


def _odds_of(m: tuple[Any, ...], spec: ScenarioSpec, a_units: dict[str, Any]) -> float:
    a_hit, lead, d_exp, d_size, a_damage = m
    a_str = min(5, sum(spec.units[u].strength * n for u, n in a_units.items()))
    a_lead = min(a_str, lead)
    a_exp = a_str * a_hit + a_lead * (1 - a_hit) * (2 / 6)
    a_size = max(1, sum(a_units.values()) - a_damage * 0.5)
    return float((a_exp / d_size + 0.01) / (d_exp / a_size + 0.01))


def threat(spec: ScenarioSpec, s: dict[str, Any], region: str, side: str) -> int:
    """Enemy strength adjacent to a region."""
    return sum(
        army_strength(spec, s["regions"][n])
        for n in spec.board.neighbours(region)
        if has_army(s["regions"][n], other(side))
    )


def settlement_value(spec: ScenarioSpec, region: str) -> int:
    rs = spec.board.regions[region]
    return (rs.vp + 1) if rs.settlement else 0


def distance_to(spec: ScenarioSpec, start: str, goals: AbstractSet[str], limit: int = 8) -> int:
    if start in goals:
        return 0
    seen = {start}
    frontier = [start]
    for d in range(1, limit):
        nxt = []
        for r in frontier:
            for n in spec.board.neighbours(r):
                if n in goals:
                    return d
                if n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return limit


def goals_for(spec: ScenarioSpec, s: dict[str, Any], side: str) -> set[str]:
    city = falls(spec)
    if side == "sh" and city and controller(s, spec, city) != "sh":
        return {city}  # the city whose fall wins the game
    if side == "sh":  # Free Peoples settlements not yet taken
        return {
            r
            for r, rs in spec.board.regions.items()
            if rs.settlement and rs.owner == "fp" and controller(s, spec, r) != "sh"
        } or set(spec.board.regions)
    # Free Peoples: enemy-held settlements, or regions next to Shadow armies
    held = {
        r
        for r, rs in spec.board.regions.items()
        if rs.settlement and rs.owner == "fp" and controller(s, spec, r) == "sh"
    }
    return held or {r for r, reg in s["regions"].items() if has_army(reg, "sh")} or set(spec.board.regions)


# -- scoring ---------------------------------------------------------------------------------

ACTION_BASE = {
    "attack": 3.0,
    "mordor_attack": 3.0,
    "combined_attack": 3.2,
    "recruit": 2.5,
    "mordor_recruit": 2.4,
    "strategic_move": 1.6,
    "mordor_move": 1.5,
    "fast_move": 1.6,
    "rally": 2.0,
    "play_card": 2.6,
    "ability": 2.2,
    "enter_character": 3.5,
    "draw_generic": 1.2,
    "draw_story": 1.3,
    "move_characters": 0.6,
    "forfeit": -5.0,
}


FATE_URGENCY = 0.1  # Shadow's wish, per fate space past the horizon, to set the fate marker back
FATE_HORIZON = 8  # fate spaces before the endgame at which that wish begins
WITHDRAW_COST = 0.6  # odds a defender needs per point of settlement value before it gives one up


def scores(
    spec: ScenarioSpec, s: dict[str, Any], commands: list[dict[str, Any]], memo: dict[Any, Any] | None = None
) -> list[float]:
    """`[score(spec, s, c) for c in commands]`, the same numbers, faster: what the commands of one
    list share (the goals, distances, threats and odds of the state) is worked out once.

    What the memo keeps depends only on the spec and the state's `regions`, `chars` and `flags`:
    a caller may pass one memo for states that share those three containers and never change
    (the core's states: copy-on-write, botwotr.core.events), as the search's rollouts do."""
    if memo is None:
        memo = {}
    return [score(spec, s, c, memo) for c in commands]


def score(spec: ScenarioSpec, s: dict[str, Any], c: dict[str, Any], memo: dict[Any, Any] | None = None) -> float:
    """The greedy score of a command on a state or a seat's view. `memo`: a dict kept for the
    scores of one state (`scores`), where the parts the commands share are kept; the score is the
    same with or without it."""
    if memo is None:
        memo = {}
    side = c["side"]
    k = c["cmd"]
    if k == "use_die":
        a = c["action"]
        base = ACTION_BASE.get(a, 1.0)
        if a == "fire_catapults":
            g = siege(s) or {}
            base = 2.0 + 0.6 * min(5, sum(g.get("catapults", {}).values()))
        elif a == "build_catapults":
            base = 2.6 - 0.3 * sum((siege(s) or {}).get("catapults", {}).values())
        elif a == "build_tower":
            base = 2.4
        if a in ("strategic_move", "mordor_move") and side == "sh" and falls(spec):
            base += SIEGE_MARCH  # the host must cross the river to win at all
        if a in ("attack", "mordor_attack", "combined_attack"):
            key = ("best", side)
            best = memo.get(key)
            if best is None:
                best = memo[key] = best_attack_odds(spec, s, side)
            base += best - 1.5
        if a == "rally":
            base += sum(reg["damage"] for reg in s["regions"].values() if reg["side"] == side) * 0.3
        return base
    if k == "pass":
        return 0.5 if c.get("token") else 0.2
    if k == "attack":
        frm = c.get("to") or c.get("from") or (c.get("armies") or [None])[0]
        src = c.get("from") or frm
        assert isinstance(src, str)  # a listed attack names its army (from, or the first of armies)
        units = c.get("units")
        odds = _odds(spec, s, src, c["target"], units, memo)
        sc = odds + 0.4 * settlement_value(spec, c["target"])
        city = falls(spec)
        if city and side == "fp" and src == city and c.get("to", src) != src:
            left = army_size(s["regions"][src]) - sum((units or s["regions"][src]["units"]).values())
            if left < 2:
                sc -= CITY_GUARD  # a sortie that marches the garrison out leaves the city to fall
        return sc
    if k == "move_army" or k == "advance":
        dest = c["path"][-1] if k == "move_army" else s["battle"]["target"] if s.get("battle") else None
        frm = c["from"]
        if dest is None:
            return 0
        dist = _distances(spec, s, side, memo)
        before = _distance(spec, dist, frm)
        after = _distance(spec, dist, dest)
        moved = sum(c["units"].values())
        left = army_size(s["regions"][frm]) - moved
        sc = (before - after) * 1.0 + 0.15 * moved
        if left == 0 and spec.board.regions[frm].settlement and spec.board.regions[frm].owner == side:
            sc -= 1.5 + 0.4 * _threat(spec, s, frm, side, memo)  # do not empty a threatened home settlement
        city = falls(spec)
        if city and side == "fp":
            if frm == city and left < 2:
                sc -= CITY_GUARD  # never leave the city that loses the game when it falls
            if dest == city:
                sc += 0.5 * _threat(spec, s, city, side, memo) / 2
        if city and side == "sh" and k == "move_army":
            to_city = _goal_distances(spec, frozenset({city}))
            sc += SIEGE_PULL * (_distance(spec, to_city, frm) - _distance(spec, to_city, dest)) / 2
        if has_army(s["regions"][dest], side):
            sc += 0.5  # merge
        sc -= 0.3 * _threat(spec, s, dest, side, memo) / max(1, moved)
        if k == "advance":
            sc += 1.0
        return float(sc)
    if k in ("recruit", "place_orc", "rally"):
        r = c["region"]
        guard = 1.5 if r == falls(spec) and side == "fp" else 0.0
        return 1.0 + 0.4 * _threat(spec, s, r, side, memo) + 0.5 * settlement_value(spec, r) + guard
    if k == "done":
        return -0.5
    if k == "tactic":
        return tactic_score(spec, s, c, memo)
    if k == "combat_card":
        return 1.0 if c["card"] else 0.0
    if k in ("casualty", "remove_unit", "flee_casualty"):
        return -spec.units[c["unit"]].strength
    if k == "reroll":
        roll = s["battle"]["rolls"].get(side)
        if not roll:
            return 0
        misses = [i for i, d in enumerate(roll["dice"]) if min(6, max(1, d + roll["mod"])) < roll["target"]]
        return sum(1 for i in c["dice"] if i in misses) - 2 * sum(1 for i in c["dice"] if i not in misses)
    if k == "cease":
        b = s["battle"]
        return 1.0 if _odds(spec, s, b["current"], b["target"], None, memo) < 0.8 else -1.0
    if k == "fight_on":
        return 0.0
    if k == "withdraw":
        b = s["battle"]
        odds = _odds(spec, s, b["current"], b["target"], None, memo)
        # leaving hands the attacker the region: a settlement the side holds is given up with
        # its victory points, so the defender needs better odds against it to leave
        held = settlement_value(spec, b["target"]) if controller(s, spec, b["target"]) == side else 0
        cost = WITHDRAW_COST * held
        return {"stay": 0.0, "retreat": (odds - 1.2 - cost), "flee": (odds - 1.8 - cost)}[c["choice"]]
    if k == "keep_fate":
        p = s["pending"][-1]
        return 0.5 + spec.fate_tiles[p["tile"]].value - 1.5
    if k == "set_aside_fate":
        return 0.0
    if k == "choose_position":
        sc = {0: 0.3, 1: 0.5, 2: 0.4}.get(list(spec.positions).index(c["position"]), 0.3)
        # a position that sets the fate marker back grows urgent as fate nears the endgame
        # its fewer dice also mean fewer fate tiles drawn
        back = -sum(e.get("steps", 0) for e in spec.positions[c["position"]].action if e.get("do") == "fate")
        if back > 0:
            sc += FATE_URGENCY * back * max(0, s["fate"] - (spec.endgame - FATE_HORIZON))
        return float(sc)
    if k == "place_leadership_token":
        r = c["region"]
        return 1.0 + 0.5 * _threat(spec, s, r, side, memo) + 0.3 * army_size(s["regions"][r])
    if k == "discard":
        return 0.0
    if k == "retreat_to":
        return -_threat(spec, s, c["region"], s["battle"]["defender"], memo) + settlement_value(spec, c["region"])
    if k == "choose_region":
        return 0.5 + 0.3 * _threat(spec, s, c["region"], side, memo)
    if k == "move_characters":
        return 0.3
    return 0.0


def best_attack_odds(spec: ScenarioSpec, s: dict[str, Any], side: str) -> float:
    best = 0.0
    for r, reg in s["regions"].items():
        if not has_army(reg, side):
            continue
        for n in spec.board.neighbours(r):
            if has_army(s["regions"][n], other(side)):
                best = max(best, battle_odds(spec, s, r, n))
    return best


def tactic_score(spec: ScenarioSpec, s: dict[str, Any], c: dict[str, Any], memo: dict[Any, Any] | None = None) -> float:
    side = c["side"]
    t = c["tactic"]
    b = s["battle"]
    region = b["current"] if side == b["attacker"] else b["target"]
    reg = s["regions"][region]
    if t.startswith("maneuver:"):
        u = t.split(":", 1)[1]
        return float(1.0 + 0.3 * reg["units"].get(u, 0) + (0.5 if spec.units[u].ability_params else 0))
    if t == "combat_event":
        hand = s["sides"][side]["hand"]
        return 1.6 if any(h in spec.cards and spec.cards[h].combat for h in hand) else -1.0
    # regroup: good when maneuvers are spent or the defender wants to retreat
    if side != b["defender"]:
        return 0.4
    return 0.4 + (0.8 if _odds(spec, s, b["current"], b["target"], None, {} if memo is None else memo) > 1.5 else 0)


# -- the parts of a state's scores its commands share (`score`'s memo) ----------------------------


def _threat(spec: ScenarioSpec, s: dict[str, Any], region: str, side: str, memo: dict[Any, Any]) -> int:
    key = ("threat", region, side)
    t: int | None = memo.get(key)
    if t is None:
        t = memo[key] = threat(spec, s, region, side)
    return t


def _odds(
    spec: ScenarioSpec,
    s: dict[str, Any],
    src: str,
    target: str,
    units: dict[str, Any] | None,
    memo: dict[Any, Any],
) -> float:
    key = ("odds", src, target, tuple(units.items()) if units else None)
    o: float | None = memo.get(key)
    if o is None:
        mkey = ("matchup", src, target)
        m = memo.get(mkey)
        if m is None:
            m = memo[mkey] = _matchup(spec, s, src, target)
        o = memo[key] = _odds_of(m, spec, units or s["regions"][src]["units"])
    return o


# The distances to a set of goals on a spec's board (`distance_to`, a function of the board alone):
# (id of the spec, the goals) -> the spec (kept alive, so that the id stays its own) and the
# distance of each start found so far.
_DISTANCES: dict[tuple[int, frozenset[str]], tuple[ScenarioSpec, frozenset[str], dict[str, int]]] = {}
_DISTANCES_MAX = 256


def _goal_distances(spec: ScenarioSpec, goals: frozenset[str]) -> tuple[ScenarioSpec, frozenset[str], dict[str, int]]:
    key = (id(spec), goals)
    hit = _DISTANCES.get(key)
    if hit is None or hit[0] is not spec:
        if len(_DISTANCES) >= _DISTANCES_MAX:
            _DISTANCES.clear()
        hit = _DISTANCES[key] = (spec, goals, {})
    return hit


def _distances(
    spec: ScenarioSpec, s: dict[str, Any], side: str, memo: dict[Any, Any]
) -> tuple[ScenarioSpec, frozenset[str], dict[str, int]]:
    """The distances to the side's goals in this state (`goals_for`)."""
    key = ("goals", side)
    hit: tuple[ScenarioSpec, frozenset[str], dict[str, int]] | None = memo.get(key)
    if hit is None:
        hit = memo[key] = _goal_distances(spec, frozenset(goals_for(spec, s, side)))
    return hit


def _distance(spec: ScenarioSpec, dist: tuple[ScenarioSpec, frozenset[str], dict[str, int]], start: str) -> int:
    d = dist[2].get(start)
    if d is None:
        d = dist[2][start] = distance_to(spec, start, dist[1])
    return d


BOTS = {"random": RandomBot, "greedy": GreedyBot}


def deciding_side(state: dict[str, Any]) -> str | None:
    """Whose decision the game waits for (the first of simultaneous ones); works on a state or
    a seat's view."""
    p = state["pending"][-1] if state.get("pending") else None
    if p is None:
        return None
    side: str | None = p.get("side") or (p.get("sides") or [None])[0]
    return side


def play(game: Game, bots: dict[str, Any], max_commands: int = 20000) -> str | None:
    """Let bots play a game to its end; returns the winner (None if the cap was hit)."""
    winner: str | None
    for _ in range(max_commands):
        if game.state["winner"]:
            winner = game.state["winner"]
            return winner
        side = deciding_side(game.state)
        assert side is not None  # the game is not over: a decision is asked
        cmds = [c for c in game.legal_commands() if c["side"] == side]
        game.submit(bots[side].choose(game, cmds))
    winner = game.state["winner"]
    return winner
