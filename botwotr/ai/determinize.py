"""Determinization: a full state the core can run, built from what one seat has seen.

`determinize(spec, rules, seen, rng)` fills in every part of the seat's view (`core.view`) that
the view hides (R-15), by sampling it consistently with what the seat has seen:

- the cards (R-5.1): every card of the spec is in one pile (invariants.py). The seat knows its own
  hand and the public piles (discard, gone, table); every other card is in the generic deck, a
  story or special deck, or the other side's hand. The sizes of those piles are in the view, and
  a card's deck says which piles it can be in, so the other hand's number of generic, story and
  special cards is known exactly: the cards themselves are drawn at random among the unseen ones
  of each kind. A combat card the other side must hold (it was asked for one, or chose one that
  is not revealed yet) is respected by resampling.
- the fate tiles (R-7.2): the tiles not used, not set aside and not being decided are in the pool
  or among the extra tiles; the extra tiles are the coloured ones no `FateTileAdded` event (public)
  has put into the pool. The pool's and the extras' sizes are in the view.
- the recruitment tokens (R-12.2): the spec's tokens less those revealed when used (the log's
  `RecruitmentTokenUsed` events) are face down on the board, destroyed face down, or still in the
  pool; each face-down token gets a type the scenario allows in its region (Gondor's national
  tokens), at random among those left. In the companion mode tokens placed during play are "?"
  in the true state as well, and the pool holds every token not yet revealed.
- the other side's secret battle choice (a tactic or combat card chosen and not yet revealed,
  R-10.4): drawn at random among the choices it had.
- the seed and the random counter: a fresh seed from `rng`.

Deck order is never sampled: the core draws a card by picking among those left (chance.py), so
the order of a pile is irrelevant. Nothing here reads anything but `seen`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core.battle import available_tactics
from ..core.kernel import Ctx
from ..core.scenario import ScenarioRules
from ..core.spec import SIDES, ScenarioSpec, other
from ..core.state import clone
from ..core.view import HIDDEN

TRIES = 20  # resamplings of the other hand when a battle asks it to hold a combat card


class DeterminizeError(ValueError):
    """What the seat has seen cannot be completed into a state (a broken `seen`)."""


def _deck_of(spec: ScenarioSpec, card: str) -> str:
    return spec.cards[card].deck


class LogFacts:
    """What determinizing reads from the seat's log (public events): the fate tiles a
    `FateTileAdded` event put in the pool, and each side's recruitment tokens revealed when used
    (`RecruitmentTokenUsed`) and destroyed face down (`RecruitmentTokensDestroyed`). Found once
    for a `seen`; a search determinizes the same `seen` many times."""

    __slots__ = ("added", "revealed", "destroyed")

    def __init__(self, seen: dict[str, Any]):
        self.added: set[str] = set()
        self.revealed: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
        self.destroyed: dict[str, int] = {side: 0 for side in SIDES}
        for entry in seen.get("log", ()):
            for e in entry.get("events", ()):
                name = e.get("e")
                if name == "FateTileAdded":
                    self.added.add(e["tile"])
                elif name == "RecruitmentTokenUsed":
                    side = e.get("side")
                    if side in self.revealed:
                        self.revealed[side][e.get("revealed", e["unit"])] += 1
                elif name == "RecruitmentTokensDestroyed":
                    side = e.get("side")
                    if side in self.destroyed:
                        self.destroyed[side] += len(e["units"])


def determinize(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    seen: dict[str, Any],
    rng: random.Random,
    facts: LogFacts | None = None,
) -> dict[str, Any]:
    """A full state whose view for `seen["seat"]` is `seen["view"]` (see the module's docstring).
    `facts`: `LogFacts(seen)`, for a caller that determinizes the same `seen` many times."""
    seat = seen["seat"]
    if seat not in SIDES:
        raise DeterminizeError(f"seen['seat'] must be fp or sh, not {seat!r}")
    if facts is None:
        facts = LogFacts(seen)
    s: dict[str, Any] = clone(seen["view"])
    _cards(spec, s, seat, rng)
    _fate(spec, s, facts, rng)
    for side in SIDES:
        _tokens(spec, rules, s, side, facts, rng)
    s["seed"] = rng.randrange(1 << 30)
    s["rng"] = 0
    _battle(spec, rules, s, seat, rng)
    return s


# -- cards ---------------------------------------------------------------------------------------


def _cards(spec: ScenarioSpec, s: dict[str, Any], seat: str, rng: random.Random) -> None:
    opp = other(seat)
    physical = bool(s["options"].get("physical_cards"))
    sides = s["sides"]
    sides["fp"]["special"] = []  # the Free Peoples have no special deck
    n_generic = s["generic"]
    n_story = {side: sides[side]["story"] for side in SIDES}
    n_special = sides["sh"]["special"]
    hand_n = len(sides[opp]["hand"])
    known = Counter(s["discard"] + s["gone"] + s["table"])
    if not physical:
        known.update(sides[seat]["hand"])
    pools: dict[str, list[str]] = {"generic": [], "fp_story": [], "sh_story": [], "special": []}
    left = Counter(list(spec.cards)) - known
    for c in sorted(left.elements()):
        pools[_deck_of(spec, c)].append(c)
    for p in pools.values():
        rng.shuffle(p)
    if physical:
        # the hands are not tracked ("?"): the decks still hold every card not played
        s["generic"] = sorted(pools["generic"][:n_generic])
        for side in SIDES:
            sides[side]["story"] = sorted(pools[f"{side}_story"][: n_story[side]])
        sides["sh"]["special"] = sorted(pools["special"][:n_special])
        sides[opp]["hand"] = ["?"] * hand_n
        return
    # the other hand holds what the decks cannot: their sizes are known
    opp_kinds = ["generic", f"{opp}_story"] + (["special"] if opp == "sh" else [])
    deck_n = {"generic": n_generic, "fp_story": n_story["fp"], "sh_story": n_story["sh"], "special": n_special}
    want = {k: max(0, len(pools[k]) - deck_n[k]) for k in opp_kinds}
    if sum(want.values()) != hand_n:
        raise DeterminizeError(
            f"the unseen cards do not fit: the other hand holds {hand_n}, the decks leave {sum(want.values())}"
        )
    must_combat = _must_hold_combat(s, opp)
    for attempt in range(TRIES):
        hand: list[str] = []
        decks: dict[str, list[str]] = {}
        for k, pool in pools.items():
            if attempt:
                rng.shuffle(pool)
            n_hand = want.get(k, 0)
            hand += pool[:n_hand]
            decks[k] = pool[n_hand:]
        if must_combat is None or must_combat == any(spec.cards[c].combat for c in hand):
            break
    rng.shuffle(hand)
    sides[opp]["hand"] = hand
    s["generic"] = sorted(decks["generic"])
    for side in SIDES:
        sides[side]["story"] = sorted(decks[f"{side}_story"])
    sides["sh"]["special"] = sorted(decks["special"])


def _must_hold_combat(s: dict[str, Any], side: str) -> bool | None:
    """Whether the side's hand must hold a combat card (True), must hold none (False), or either
    (None), from the battle and the decision the game waits for (R-10.4)."""
    b = s["battle"]
    p = s["pending"][-1] if s["pending"] else None
    if b is None:
        return None
    if p is not None and p["kind"] == "combat_card" and side in p.get("sides", ()):
        return True  # it was asked for a combat card: it holds one
    if b.get("card", {}).get(side) == HIDDEN:
        return None  # chose, maybe "none"
    if b.get("revealed") and b["choice"].get(side) == "combat_event" and b.get("stage") == "cards":
        if p is not None and p["kind"] == "combat_card" and side not in p.get("sides", ()):
            return False  # chose the combat event but was not asked: it held none
    return None


# -- fate tiles ----------------------------------------------------------------------------------


def _fate(spec: ScenarioSpec, s: dict[str, Any], facts: LogFacts, rng: random.Random) -> None:
    n_pool, n_extra = s["fate_pool"], s["fate_extra"]
    deciding = [p["tile"] for p in s["pending"] if p["kind"] == "fate_decide"]
    unseen = Counter(list(spec.fate_tiles)) - Counter(s["fate_used"] + s["fate_aside"] + deciding)
    added = facts.added
    extra = [t for t in sorted(unseen.elements()) if spec.fate_tiles[t].color != "grey" and t not in added]
    rest = [t for t in sorted(unseen.elements()) if t not in extra]
    rng.shuffle(extra)
    rng.shuffle(rest)
    if len(extra) > n_extra:  # a set-up position put some in the pool
        rest += extra[n_extra:]
        extra = extra[:n_extra]
    elif len(extra) < n_extra:
        need = n_extra - len(extra)
        extra += rest[:need]
        rest = rest[need:]
    if len(rest) != n_pool:
        raise DeterminizeError(f"the fate pool holds {n_pool} tiles, but {len(rest)} are unseen")
    s["fate_pool"] = sorted(rest)
    s["fate_extra"] = sorted(extra)


# -- recruitment tokens --------------------------------------------------------------------------


def _tokens(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    s: dict[str, Any],
    side: str,
    facts: LogFacts,
    rng: random.Random,
) -> None:
    sd = s["sides"][side]
    companion = bool(s["options"].get("companion"))
    revealed = facts.revealed[side]
    destroyed = facts.destroyed[side]
    left = Counter(dict(spec.recruitment_tokens.get(side, {}))) - revealed
    remaining = sorted(left.elements())
    rng.shuffle(remaining)
    places = [(r, i) for r, reg in sorted(s["regions"].items()) for i in range(len(reg["rtokens"][side]))]
    unknown_out = int(sd["unknown_out"])
    typed = len(places) - min(len(places), unknown_out) if companion else len(places)
    for r, _ in places:
        s["regions"][r]["rtokens"][side] = []
    for n, (r, _) in enumerate(places):
        if n >= typed:
            s["regions"][r]["rtokens"][side].append("?")
            continue
        allowed = set(rules.token_types(s, side, r, sorted(set(remaining)))) or set(remaining)
        pick = next((u for u in remaining if u in allowed), None)
        if pick is None:
            pick = spec_any_token(spec, side)
        else:
            remaining.remove(pick)
        s["regions"][r]["rtokens"][side].append(pick)
    if companion:
        n_pool = int(sd["rpool"]) + unknown_out
    else:
        remaining = remaining[destroyed:] if destroyed <= len(remaining) else []
        n_pool = int(sd["rpool"])
    if len(remaining) < n_pool:  # a set-up position gave other tokens: keep the count right
        remaining += [spec_any_token(spec, side)] * (n_pool - len(remaining))
    sd["rpool"] = sorted(remaining[:n_pool])


def spec_any_token(spec: ScenarioSpec, side: str) -> str:
    toks = spec.recruitment_tokens.get(side) or {u: 1 for u, us in spec.units.items() if us.side == side}
    return sorted(toks)[0]


# -- the other side's secret battle choice ---------------------------------------------------------


def _battle(spec: ScenarioSpec, rules: ScenarioRules, s: dict[str, Any], seat: str, rng: random.Random) -> None:
    b = s["battle"]
    if b is None:
        return
    opp = other(seat)
    if b["choice"].get(opp) == HIDDEN:
        ctx = Ctx(spec, rules, s, None, read_only=True)
        b["choice"][opp] = rng.choice(available_tactics(ctx, b, opp))
    if b["card"].get(opp) == HIDDEN:
        hand = s["sides"][opp]["hand"]
        cards = sorted({c for c in hand if c in spec.cards and spec.cards[c].combat})
        b["card"][opp] = rng.choice(cards + ["none"]) if cards else "none"
