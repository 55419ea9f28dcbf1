"""The determinizer (botwotr/ai/determinize.py) on real positions reached through `Game.submit`:
what the seat cannot see (R-15.1) is filled in consistently with what it has seen, and never
copied from the true state."""
from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

from botwotr.ai import scenario, seen_by
from botwotr.ai.determinize import determinize
from botwotr.core import Game, invariants
from botwotr.core.battle import available_tactics
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.core.kernel import Ctx
from botwotr.core.view import HIDDEN, view_for


def _checked(spec, rules, world):
    """The core's own invariants hold on the sampled world (cards and fate tiles conserved, R-5.1,
    R-7.2)."""
    invariants.check(SimpleNamespace(spec=spec, state=world, rules=rules))


def _play_until(g: Game, stop, seed: int = 0, limit: int = 2000) -> Game:
    bots = {"fp": GreedyBot(seed), "sh": GreedyBot(seed + 1)}
    for _ in range(limit):
        if stop(g) or g.state["winner"]:
            return g
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    raise AssertionError("the position was not reached")


def test_the_opening_hand_of_the_other_side_is_sampled_among_the_cards_the_seat_cannot_have_seen():
    """R-15.1: the Shadow hand is hidden from the Free Peoples: the world gives it the right number
    of generic and Shadow story cards, drawn among those not in the seat's hand or on the table."""
    spec, rules = scenario("rohan")
    g = Game.new(spec, seed=1)
    seen = seen_by(g, "fp")
    truth = g.state
    hands = set()
    for k in range(8):
        w = determinize(spec, rules, seen, random.Random(k))
        _checked(spec, rules, w)
        assert view_for(w, "fp") == seen["view"]
        sh = w["sides"]["sh"]["hand"]
        assert len(sh) == len(truth["sides"]["sh"]["hand"])
        assert Counter(spec.cards[c].deck for c in sh) == Counter(spec.cards[c].deck for c in truth["sides"]["sh"]["hand"])
        assert not set(sh) & set(truth["sides"]["fp"]["hand"])
        assert w["seed"] != HIDDEN and w["rng"] == 0
        hands.add(tuple(sorted(sh)))
    assert len(hands) > 1  # sampled, not read: different samples give different hands


def test_face_down_recruitment_tokens_get_types_the_scenario_allows_there():
    """R-12.2: face-down tokens are unseen even by their owner; in Gondor a Free Peoples token's
    type must be one of the region's national types. The pool keeps its size, the world's token
    counts are the spec's less those revealed."""
    spec, rules = scenario("gondor")
    g = Game.new(spec, seed=4)
    for seat in ("fp", "sh"):
        seen = seen_by(g, seat)
        w = determinize(spec, rules, seen, random.Random(seat))
        assert view_for(w, seat) == seen["view"]
        everything = sorted(spec.recruitment_tokens["fp"])
        placed = 0
        for r, reg in w["regions"].items():
            for t in reg["rtokens"]["fp"]:
                assert t in rules.token_types(w, "fp", r, everything), (r, t)
                placed += 1
        assert placed == sum(len(reg["rtokens"]["fp"]) for reg in g.state["regions"].values())
        for side in ("fp", "sh"):
            on_board = Counter(t for reg in w["regions"].values() for t in reg["rtokens"][side])
            assert on_board + Counter(w["sides"][side]["rpool"]) == Counter(spec.recruitment_tokens[side])


def test_the_other_sides_secret_tactic_is_sampled_among_its_choices():
    """R-15.1: a tactic chosen is hidden until both have chosen; the world holds one the other
    side could have chosen, and the seat's own choice stays its own."""
    spec, rules = scenario("rohan")
    g = _play_until(Game.new(spec, seed=2), lambda g: g.state["pending"][-1]["kind"] == "tactic")
    b = g.state["battle"]
    chooser, waiting = b["attacker"], b["defender"]
    tac = [c for c in g.legal_commands() if c["side"] == chooser][-1]
    g.submit(tac)
    seen = seen_by(g, waiting)
    assert seen["view"]["battle"]["choice"][chooser] == HIDDEN
    picks = set()
    for k in range(12):
        w = determinize(spec, rules, seen, random.Random(k))
        _checked(spec, rules, w)
        assert view_for(w, waiting) == seen["view"]
        t = w["battle"]["choice"][chooser]
        assert t in available_tactics(Ctx(spec, rules, w, None, read_only=True), w["battle"], chooser)
        picks.add(t)
    assert len(picks) > 1


def test_the_fate_pool_is_the_tiles_not_yet_drawn():
    """R-7.2: the pool's draw order is chance and its contents are known only as the tiles not
    used or set aside: a world's pool is exactly those, whatever the sample."""
    spec, rules = scenario("rohan")
    g = _play_until(Game.new(spec, seed=3), lambda g: g.state["turn"] >= 3 and bool(g.state["fate_used"]))
    seen = seen_by(g, "sh")
    w = determinize(spec, rules, seen, random.Random(1))
    _checked(spec, rules, w)
    assert Counter(w["fate_pool"]) == Counter(g.state["fate_pool"])
    assert view_for(w, "sh") == seen["view"]
