"""Battle odds (issue 13) from one seat's view: what a player may know before the dice roll.

`odds_for(spec, rules, view, seat)` for the battle in progress, or with `attack` (an `attack`
command the seat is aiming, not yet submitted) for the battle it would start. Only the view is
read (`view_for(state, seat)`), never the true state, so the other side's secret tactic and card,
its hand and the face-down tokens cannot count: a hidden (or not yet chosen) tactic or card of
the other side is *unknown* and is counted as plain dice (no maneuver ability, no card), and the
result says so (`BattleOdds.unknown`).

What decides a round is asked of the core's own code, on a throwaway copy-on-write change of the
view: an aimed attack is declared with the core's `cmd_attack` (the move first, the battle's
bonus modifiers, the scenario's `battle_started`, e.g. Gondor's Darkness modifiers); a combat card
the seat has chosen but not yet revealed is applied with `run_effects`, as `_stage_cards` does;
then `battle.strength` (dice, maneuver dice, target number: R-10.3, R-10.4.1a, R-10.10, the
scenario's walls and siege towers), `state.leadership` and the battle's modifiers (re-rolls,
roll, hits, absorb) give each side's round, and the scenario's `take_hits` (Gondor's walls)
says how many hits become damage markers.

**This round (exact).** Each die hits with probability p (its value with the roll modifier,
clamped to 1..6, R-10.4.2, at least the target). A side re-rolls its misses, up to its
leadership, maneuver dice first (R-10.4.3); a maneuver whose black die hit triggers the unit's
ability (R-10.4.4: more hits, hits per black hit, cancelled enemy hits, re-rolled misses, as
`ScenarioRules.unit_ability`). The distribution of hits is enumerated exactly from binomials;
the two sides' are independent, and are combined through the cancelled hits and the walls.

**A kill** is a unit the hit army must remove this round: R-11.3, markers beyond the army's
units cost one unit and two markers at a time, so an army of u units carrying d markers that
takes h more loses min(u, max(0, d + h - u)) units. A hit absorbed as a marker (up to one per
unit), cancelled, or taken by the walls kills nothing; casualties a player takes by choice
(R-11.2) are not counted.

**The battle (exact, a Markov chain).** "Both fight on": the attacker never ceases and the
defender never withdraws; from the next round on both fight plain rounds (no maneuver, no card:
what the next tactics will be is nobody's to know), re-roll misses up to their leadership, and
remove only the forced casualties, the weakest unit first (lowest strength, then the most
numerous type, then by name). Each round's parameters are the core's, as above, on the army as
it then stands (strength falls with casualties; the border's rounds and the tower's round pass;
the walls wear down through `take_hits`). The chance that the attacker wins is the chance the
defender's army is eliminated while the attacker's is not (both eliminated: the defender keeps
the region, R-10.6). A combined attack counts only the army that fights this round.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from math import comb
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Generator

from .actions import cmd_attack
from .battle import _mods, die_value, strength
from .battle_end import battle_region
from .errors import RuleError
from .kernel import Ctx, run_effects
from .spec import other
from .state import army_size, leadership
from .view import HIDDEN

if TYPE_CHECKING:
    from .scenario import ScenarioRules
    from .spec import ScenarioSpec

ROUND_STAGES = ("tactics", "cards", "roll", "rolled")  # this round's, while no die is rolled
AFTER_STAGES = ("damage", "after_casualties", "cease", "withdraw", "round_end")


@dataclass(frozen=True)
class SideOdds:
    """One side's round: its dice and what they do to the other side."""

    side: str
    dice: int
    maneuver: int
    target: int
    rerolls: int
    hits: tuple[float, ...]  # hits[k]: the chance of scoring exactly k hits (before cancels, walls)
    kills: tuple[float, ...]  # kills[k]: the chance the other side must remove exactly k units
    unknown: bool  # this side's tactic or card is hidden from the seat (counted as plain dice)

    def kill_at_least(self, k: int) -> float:
        return sum(self.kills[k:])

    def hit_at_least(self, k: int) -> float:
        return sum(self.hits[k:])


@dataclass(frozen=True)
class BattleOdds:
    attacker: str
    defender: str
    round: int
    sides: dict[str, SideOdds] | None  # this round's odds (None once a die of the round is rolled)
    win: float | None  # the attacker wins if both fight on to the end (None: not counted)
    unknown: tuple[str, ...] = field(default=())  # "tactic:<side>" / "card:<side>" not known to the seat
    counting: bool = False  # `odds_steps`' first answer: this round's figures, `win` still being counted

    def win_for(self, side: str) -> float | None:
        if self.win is None:
            return None
        return self.win if side == self.attacker else 1.0 - self.win


def odds_for(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    view: dict[str, Any],
    seat: str,
    attack: dict[str, Any] | None = None,
    whole: bool = True,
) -> BattleOdds | None:
    """The odds the seat may see (see the module docstring); None when there is no battle to
    count (no battle and no attack aimed, or one the core refuses). `whole=False`: this round
    only (`win` is None), a millisecond or so; the whole battle's chain takes longer the first
    time a battle's armies are counted (docs/battles.md, "Battle odds")."""
    steps = _odds(spec, rules, view, seat, attack, whole, stepped=False)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    except (RuleError, RuntimeError, KeyError):
        return None


def odds_steps(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    view: dict[str, Any],
    seat: str,
    attack: dict[str, Any] | None = None,
) -> Generator[BattleOdds | None, None, BattleOdds | None]:
    """`odds_for(..., whole=True)` a bounded amount of work at a time (the window advances it
    within a frame's budget): the first `next` counts this round and yields its odds with
    `counting=True` (`win` None) when the battle's chain is not yet counted; each later one
    yields None after one state of the chain (or STEP_PAIRS of its transitions); the generator
    returns what `odds_for` returns, to the last bit (the same sums in the same order)."""
    steps = _odds(spec, rules, view, seat, attack, True, stepped=True)
    try:
        return (yield from steps)
    except (RuleError, RuntimeError, KeyError):
        return None


STEP_PAIRS = 16  # the chain's transitions (hits on each side) looked at between two yields


def _odds(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    view: dict[str, Any],
    seat: str,
    attack: dict[str, Any] | None,
    whole: bool,
    stepped: bool,
) -> Generator[BattleOdds | None, None, BattleOdds | None]:
    ctx = Ctx(spec, rules, view, None)
    if attack is not None:
        if view.get("battle") is not None or not view["pending"] or view["pending"][-1]["kind"] != "attack":
            return None
        depth = len(view["pending"]) - 1
        cmd_attack(ctx, dict(attack))
        b = ctx.s["battle"]
        if b is None or len(ctx.s["pending"]) > depth:
            return None  # an army over 5 must first drop units: the battle is not yet set
        ctx.emit("BattleUpdated", changes={"stage": "round"})
        rules.battle_started(ctx, ctx.s["battle"])  # as _stage_start, after terrain superiority
        b = ctx.s["battle"]
        if b["stage"] != "round":
            return BattleOdds(b["attacker"], b["defender"], 1, None, 1.0 if b.get("outcome") else 0.0)
        rounds = dict(b["rounds_by_army"])
        rounds[b["current"]] = rounds.get(b["current"], 0) + 1
        ctx.emit("BattleUpdated", changes={"round": 1, "stage": "tactics", "rounds_by_army": rounds})
    b = ctx.s["battle"]
    if b is None:
        return None
    att, dfn = b["attacker"], b["defender"]
    unknown: list[str] = []
    stage = b["stage"]
    sides: dict[str, SideOdds] | None = None
    if stage in ROUND_STAGES and not b.get("rolls"):
        known_choice: dict[str, str | None] = {}
        for sd in (att, dfn):
            c = b["choice"].get(sd)
            card = b["card"].get(sd)
            if (
                c in (None, HIDDEN)
                or card == HIDDEN
                or (c == "combat_event" and not b["cards_revealed"] and card is None)
            ):
                if sd != seat:
                    unknown.append(f"tactic:{sd}" if c in (None, HIDDEN) else f"card:{sd}")
            known_choice[sd] = c if c not in (None, HIDDEN) else None
        if not b["cards_revealed"]:
            for sd in (att, dfn):
                card = b["card"].get(sd)
                if card not in (None, HIDDEN, "none") and card in spec.cards:
                    effs = [
                        dict(e, until=e.get("until", "round"))
                        for e in spec.cards[card].combat
                        if not (e["do"] == "modifier" and e["kind"] == "cancel_card")
                    ]
                    run_effects(ctx, sd, effs, source=f"combat:{card}")
        if any(known_choice[sd] != b["choice"].get(sd) for sd in (att, dfn)):
            ctx.emit("BattleUpdated", changes={"choice": known_choice})
        b = ctx.s["battle"]
        chain = _chain(ctx, b)
        rnd = {sd: chain.side_round(ctx, b, sd) for sd in (att, dfn)}
        dists = {sd: _hit_dist(rnd[sd]) for sd in (att, dfn)}
        kills: dict[str, dict[int, float]] = {att: {}, dfn: {}}
        nexts: list[tuple[float, tuple[int, ...]]] = []
        base = chain.key_of(ctx.s, b)
        for (ha, ta), pa in dists[att].items():
            for (hd, td), pd in dists[dfn].items():
                p = pa * pd
                # the hits each side scores, less the other side's cancels (abilities, cards)
                on_def = max(0, ha - rnd[dfn][6] - (rnd[dfn][7] if td else 0))
                on_att = max(0, hd - rnd[att][6] - (rnd[att][7] if ta else 0))
                nxt, lost = chain.after(base, on_att, on_def)
                kills[dfn][lost[1]] = kills[dfn].get(lost[1], 0.0) + p
                kills[att][lost[0]] = kills[att].get(lost[0], 0.0) + p
                nexts.append((p, nxt))
        sides = {}
        for sd in (att, dfn):
            total, man, target, _mod, rr = rnd[sd][:5]
            hd_ = _marginal(dists[sd])
            kd = kills[other(sd)]
            sides[sd] = SideOdds(
                side=sd,
                dice=total,
                maneuver=man,
                target=target,
                rerolls=rr,
                hits=tuple(hd_),
                kills=tuple(kd.get(k, 0.0) for k in range(max(kd, default=0) + 1)),
                unknown=any(u.endswith(":" + sd) for u in unknown),
            )
    elif stage in AFTER_STAGES:
        chain = _chain(ctx, b)
        k = chain.key_of(ctx.s, b, settle=True)
        nexts = [(1.0, (k[0], k[1], k[2], k[3], min(chain.cap, k[4] + 1), k[5]))]
    else:
        return None
    if not whole:
        return BattleOdds(att, dfn, int(b["round"]), sides, None, tuple(unknown))
    if stepped and not all(chain.known(nxt) for _p, nxt in nexts):
        yield BattleOdds(att, dfn, int(b["round"]), sides, None, tuple(unknown), counting=True)
        for _p, nxt in nexts:
            yield from chain.value_steps(nxt)
    if sides is None:
        win = chain.value(nexts[0][1])
    else:
        win = 0.0
        for p, nxt in nexts:
            win = win + p * chain.value(nxt)
    return BattleOdds(att, dfn, int(b["round"]), sides, win, tuple(unknown))


# -- one round's hits ----------------------------------------------------------------------------

_DIST_MEMO: dict[tuple[Any, ...], dict[tuple[int, bool], float]] = {}


def _binom(n: int, p: float) -> list[float]:
    return [comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)]


def _hit_dist(r: tuple[Any, ...]) -> dict[tuple[int, bool], float]:
    """(hits scored, maneuver ability triggered) -> chance, for one side's round (`side_round`)."""
    total, man, target, mod, rerolls, ability, _absorb, _cancel, bonus = r
    key = (total, man, target, mod, rerolls, ability, bonus)
    hit = _DIST_MEMO.get(key)
    if hit is not None:
        return hit
    p = sum(1 for d in range(1, 7) if die_value(d, mod) >= target) / 6
    params = dict(ability)
    plain = total - man
    out: dict[tuple[int, bool], float] = {}
    for a, pa in enumerate(_binom(man, p)):
        for b, pb in enumerate(_binom(plain, p)):
            # re-roll misses up to the leadership, the maneuver dice first
            rm = min(rerolls, man - a)
            ro = min(rerolls - rm, plain - b)
            for x, px in enumerate(_binom(rm, p)):
                for y, py in enumerate(_binom(ro, p)):
                    a1, b1, q = a + x, b + y, pa * pb * px * py
                    if q == 0.0:
                        continue
                    trig = bool(params) and a1 >= 1
                    if not trig:
                        k = (a1 + b1 + bonus, False)
                        out[k] = out.get(k, 0.0) + q
                        continue
                    # R-10.4.4 (ScenarioRules.unit_ability): re-rolled misses in dice order
                    km = min(params.get("reroll_misses", 0), man - a1)
                    ko = min(params.get("reroll_misses", 0) - km, plain - b1)
                    for u, pu in enumerate(_binom(km, p)):
                        for v, pv in enumerate(_binom(ko, p)):
                            a2, b2 = a1 + u, b1 + v
                            h = a2 + b2 + params.get("extra_hits", 0) + params.get("hits_per_maneuver_hit", 0) * a2
                            k = (h + bonus, True)
                            out[k] = out.get(k, 0.0) + q * pu * pv
    if len(_DIST_MEMO) > 4096:
        _DIST_MEMO.clear()
    _DIST_MEMO[key] = out
    return out


def _marginal(dist: dict[tuple[int, bool], float]) -> list[float]:
    top = max((h for h, _t in dist), default=0)
    out = [0.0] * (max(0, top) + 1)
    for (h, _t), p in dist.items():
        out[max(0, h)] += p
    return out


def _effective(dist: dict[tuple[int, bool], float], absorb: int) -> dict[int, float]:
    """Hits that reach the other army (plain rounds: no ability cancels), by count."""
    out: dict[int, float] = {}
    for (h, _t), p in dist.items():
        k = max(0, h - absorb)
        out[k] = out.get(k, 0.0) + p
    return out


def forced_losses(units: int, damage: int) -> int:
    """R-11.3: the units an army of `units` carrying `damage` markers must remove."""
    return min(units, max(0, damage - units))


# -- the battle as a Markov chain -----------------------------------------------------------------


_CHAINS: dict[str, _Chain] = {}
_CHAINS_MAX = 32


def _chain(ctx: Ctx, b: dict[str, Any]) -> _Chain:
    """The chain of this battle's later rounds, kept while the armies, the battle-long
    modifiers and the flags stay the same (a tactic or card chosen changes only this round)."""
    s = ctx.s
    regs = [s["regions"][battle_region(b, sd)] for sd in (b["attacker"], b["defender"])]
    sig = repr(
        (
            id(ctx.spec),
            b["attacker"],
            b["current"],
            b["target"],
            b["rounds_by_army"].get(b["current"]),
            [(r["side"], sorted(r["units"].items()), r["damage"], r["leaders"], r["tokens"]) for r in regs],
            s["chars"],
            [m for m in s["mods"] if m.get("until") != "round"],
            s["flags"],
        )
    )
    c = _CHAINS.get(sig)
    if c is None:
        if len(_CHAINS) >= _CHAINS_MAX:
            del _CHAINS[next(iter(_CHAINS))]
        c = _CHAINS[sig] = _Chain(ctx, b)
    else:
        c.base = s  # this round's modifiers (the chain's later rounds drop them)
    return c


class _Chain:
    """The states of the battle between rounds: (attacker's units left, its markers, the
    defender's, the rounds the attacking army has fought, the scenario flags' index); the
    armies lose their units in a fixed order (the weakest first), so a count names the army."""

    def __init__(self, ctx: Ctx, b: dict[str, Any]) -> None:
        self.spec, self.rules = ctx.spec, ctx.rules
        s = ctx.s
        self.b = b
        self.att, self.dfn = b["attacker"], b["defender"]
        self.regions = {sd: battle_region(b, sd) for sd in (self.att, self.dfn)}
        self.order = {sd: self._order(s["regions"][self.regions[sd]]["units"]) for sd in (self.att, self.dfn)}
        self.base = s
        rounds = [r.rounds for r in self.spec.border_rules.values()] + [1]
        self.cap = max(rounds) + 1  # past it the round number changes nothing
        self.flags: list[dict[str, Any]] = [s["flags"]]
        self.flag_ids: dict[int, int] = {id(s["flags"]): 0}
        self.values: dict[tuple[int, ...], float] = {}
        self.after_memo: dict[tuple[int, ...], tuple[tuple[int, ...], tuple[int, int]]] = {}
        self.round_memo: dict[tuple[int, ...], tuple[dict[int, float], dict[int, float]]] = {}
        self.wall_memo: dict[tuple[int, ...], tuple[dict[str, int], int]] = {}
        self.mods = [m for m in s["mods"] if m.get("until") != "round"]

    def _order(self, units: dict[str, int]) -> list[str]:
        """The unit figures, the first to go first (the weakest, then the most numerous type)."""
        figs = [u for u in units for _k in range(units[u])]
        return sorted(figs, key=lambda u: (self.spec.units[u].strength, -units[u], u))

    def key_of(self, s: dict[str, Any], b: dict[str, Any], settle: bool = False) -> tuple[int, ...]:
        regs = {sd: s["regions"][self.regions[sd]] for sd in (self.att, self.dfn)}
        n = {sd: army_size(regs[sd]) if regs[sd]["side"] == sd else 0 for sd in regs}
        d = {sd: regs[sd]["damage"] if n[sd] else 0 for sd in regs}
        if settle:  # the casualties still to take this round
            for sd in regs:
                lost = forced_losses(n[sd], d[sd])
                n[sd] -= lost
                d[sd] = d[sd] - 2 * lost if n[sd] else 0
        rounds = min(self.cap, int(b["rounds_by_army"].get(b["current"], 0)))
        return (n[self.att], d[self.att], n[self.dfn], d[self.dfn], rounds, 0)

    def _state(self, key: tuple[int, ...], next_round: bool) -> tuple[dict[str, Any], dict[str, Any]]:
        """A state and battle as at the start of a round in `key` (plain tactics)."""
        na, da, nd, dd, rounds, fi = key
        s = dict(self.base)
        regions = dict(s["regions"])
        for sd, n, d in ((self.att, na, da), (self.dfn, nd, dd)):
            r = self.regions[sd]
            units: dict[str, int] = {}
            for u in self.order[sd][len(self.order[sd]) - n :]:
                units[u] = units.get(u, 0) + 1
            regions[r] = dict(regions[r], units=units, damage=d)
        s["regions"] = regions
        s["flags"] = self.flags[fi]
        if next_round:
            s["mods"] = self.mods
        b = dict(self.b)
        rb = dict(b["rounds_by_army"])
        rb[b["current"]] = rounds
        b.update(rounds_by_army=rb, choice={"fp": None, "sh": None}, card={"fp": None, "sh": None}, rolls={})
        s["battle"] = b
        return s, b

    def side_round(self, ctx: Ctx, b: dict[str, Any], side: str) -> tuple[Any, ...]:
        """(dice, maneuver dice, target, roll modifier, re-rolls, ability, absorb, cancel, bonus)."""
        total, man, target = strength(ctx, b, side)
        mod = _mods(ctx, side, "roll")
        rr = max(0, leadership(ctx.s, ctx.spec, battle_region(b, side)) + _mods(ctx, side, "reroll"))
        c = b["choice"].get(side) or ""
        ability: tuple[tuple[str, int], ...] = ()
        cancel = 0
        if c.startswith("maneuver:") and man > 0:
            params = dict(ctx.spec.units[c.split(":", 1)[1]].ability_params)
            cancel = int(params.pop("cancel_hits", 0))
            ability = tuple(sorted((k, int(v)) for k, v in params.items()))
            if not ability:
                ability = (("none", 0),)  # triggered only to cancel hits
        if total == 0:
            man = 0
        return (total, man, target, mod, rr, ability, _mods(ctx, side, "absorb"), cancel, _mods(ctx, side, "hits"))

    def after(self, key: tuple[int, ...], on_att: int, on_def: int) -> tuple[tuple[int, ...], tuple[int, int]]:
        """The state after a round in `key` where the attacker takes `on_att` hits and the
        defender `on_def` (after cancels), and the units each lost: the walls first
        (`take_hits`), then the markers (R-11.1) and the forced casualties (R-11.3)."""
        mk = (*key, on_att, on_def)
        hit = self.after_memo.get(mk)
        if hit is not None:
            return hit
        na, da, nd, dd, rounds, fi = key
        markers, fi = self._walls(key, on_att, on_def)
        out = []
        lost = []
        for n, d, sd in ((na, da, self.att), (nd, dd, self.dfn)):
            d = d + markers[sd]
            k = forced_losses(n, d)
            n -= k
            d = d - 2 * k if n else 0
            out += [n, d]
            lost.append(k)
        res = ((out[0], out[1], out[2], out[3], min(self.cap, rounds + 1), fi), (lost[0], lost[1]))
        self.after_memo[mk] = res
        return res

    def _walls(self, key: tuple[int, ...], on_att: int, on_def: int) -> tuple[dict[str, int], int]:
        """The scenario's `take_hits` (Gondor's walls take the hits first while they stand): the
        markers each side takes and the flags after; they depend on the flags and the round only."""
        wk = (key[4], key[5], on_att, on_def)
        hit = self.wall_memo.get(wk)
        if hit is not None:
            return hit
        fi = key[5]
        s, b = self._state(key, next_round=False)
        markers = {}
        for sd, n in ((self.dfn, on_def), (self.att, on_att)):
            ctx = Ctx(self.spec, self.rules, s, None)
            markers[sd] = self.rules.take_hits(ctx, b, sd, n)
            if ctx.s["flags"] is not s["flags"]:
                s = dict(s, flags=ctx.s["flags"])
        if s["flags"] is not self.flags[fi]:
            fi = self._flag_index(s["flags"])
        self.wall_memo[wk] = (markers, fi)
        return markers, fi

    def _flag_index(self, flags: dict[str, Any]) -> int:
        for i, f in enumerate(self.flags):
            if f == flags:
                return i
        self.flags.append(flags)
        return len(self.flags) - 1

    def known(self, key: tuple[int, ...]) -> bool:
        return key[2] == 0 or key[0] == 0 or key in self.values

    def value_steps(self, key: tuple[int, ...]) -> Generator[None, None, None]:
        """`value(key)` as an explicit stack, yielding after each state opened and every
        STEP_PAIRS transitions: the same states in the same order, the same sums, so the values
        it leaves in `values` are `value`'s to the last bit. A state being counted is kept out of
        `values` (its 0.0 guard lives in `opened`), so a count dropped half-way leaves only
        finished states behind."""
        if self.known(key):
            return
        opened: dict[tuple[int, ...], float] = {}

        def look(k: tuple[int, ...]) -> float | None:
            if k[2] == 0:
                return 1.0 if k[0] else 0.0
            if k[0] == 0:
                return 0.0
            v = opened.get(k)
            return v if v is not None else self.values.get(k)

        def frame(k: tuple[int, ...]) -> list[Any]:
            opened[k] = 0.0  # as value's guard
            on_def, on_att = self._effects(k)
            pairs = [(ha, hd, pa * pd) for hd, pd in on_def.items() for ha, pa in on_att.items()]
            return [k, pairs, 0, 0.0, 0.0]  # key, transitions, next one, stay, total

        stack = [frame(key)]
        yield None
        work = 0
        while stack:
            fr = stack[-1]
            k, pairs = fr[0], fr[1]
            pushed = False
            while fr[2] < len(pairs):
                ha, hd, q = pairs[fr[2]]
                nxt, _lost = self.after(k, ha, hd)
                work += 1
                if nxt == k:
                    fr[3] += q
                else:
                    v = look(nxt)
                    if v is None:
                        stack.append(frame(nxt))
                        pushed = True
                        break
                    fr[4] += q * v
                fr[2] += 1
                if work >= STEP_PAIRS:
                    work = 0
                    yield None
            if pushed:
                work = 0
                yield None
                continue
            stay, total = fr[3], fr[4]
            del opened[k]
            self.values[k] = total / (1 - stay) if stay < 1 - 1e-12 else 0.0
            stack.pop()

    def _effects(self, key: tuple[int, ...]) -> tuple[dict[int, float], dict[int, float]]:
        """The hits reaching the defender and the attacker in a plain round from `key` (a round's
        dice depend on the units left, the round and the flags, not on the markers)."""
        rk = (key[0], key[2], key[4], key[5])
        eff = self.round_memo.get(rk)
        if eff is None:
            s, b = self._state(key, next_round=True)
            ctx = Ctx(self.spec, self.rules, s, None)
            att = self.side_round(ctx, b, self.att)
            dfn = self.side_round(ctx, b, self.dfn)
            eff = self.round_memo[rk] = (_effective(_hit_dist(att), dfn[6]), _effective(_hit_dist(dfn), att[6]))
        return eff

    def value(self, key: tuple[int, ...]) -> float:
        """The chance the attacker wins from the start of a round in `key`, both fighting on."""
        na, _da, nd, _dd, _r, _fi = key
        if nd == 0:
            return 1.0 if na else 0.0
        if na == 0:
            return 0.0
        v = self.values.get(key)
        if v is not None:
            return v
        self.values[key] = 0.0  # a guard: a cycle other than staying put reads 0 (it cannot happen)
        on_def, on_att = self._effects(key)
        stay, total = 0.0, 0.0
        for hd, pd in on_def.items():
            for ha, pa in on_att.items():
                nxt, _lost = self.after(key, ha, hd)
                if nxt == key:
                    stay += pa * pd
                else:
                    total += pa * pd * self.value(nxt)
        v = total / (1 - stay) if stay < 1 - 1e-12 else 0.0
        self.values[key] = v
        return v
