"""The AI sees only its seat's view (issue 13, R-15): two games whose hidden truths differ (the
other hand, a face-down recruitment token, a secret tactic) but whose `seen_by` for the seat are
equal give the same decision for the same seed and iteration budget; `decide` never gets the
game, and runs from `seen` alone in a fresh process; it is deterministic."""
from __future__ import annotations

import inspect
import json
import pickle
import subprocess
import sys

from botwotr.ai import LEVELS, REASONS, Budget, Decision, decide, scenario, seen_by
from botwotr.core import Game
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.core.state import chars_in

BUDGET = Budget(iterations=6)


def _setup(g: Game, sh_hand: list[str], orthanc_token: str) -> dict:
    """The game's position as a `setup` option, with the Shadow hand and Orthanc's face-down
    Shadow token replaced."""
    s, spec = g.state, g.spec
    regions = {}
    for r, reg in s["regions"].items():
        toks = list(reg["rtokens"]["fp"]) + list(reg["rtokens"]["sh"])
        if r == "orthanc":
            toks = list(reg["rtokens"]["fp"]) + [orthanc_token]
        if reg["units"] or toks or reg["control"] or chars_in(s, r, None, spec):
            regions[r] = {"units": dict(reg["units"]), "leaders": reg["leaders"], "control": reg["control"],
                          "characters": chars_in(s, r, None, spec), "rtokens": toks}
    return {"regions": regions, "hands": {"fp": list(s["sides"]["fp"]["hand"]), "sh": sh_hand}}


def _twins() -> tuple[Game, Game]:
    """Two Rohan games, the same seed: the Shadow's hand (its story cards, so that the generic deck
    the Free Peoples draw from is the same) and one of its face-down tokens differ."""
    spec, _ = scenario("rohan")
    base = Game.new(spec, seed=11)
    truth = base.state
    hand = list(truth["sides"]["sh"]["hand"])
    held = set(hand) | set(truth["sides"]["fp"]["hand"])
    swap = {c: next(o for o in sorted(spec.cards) if spec.cards[o].deck == spec.cards[c].deck and o not in held)
            for c in hand if spec.cards[c].deck == "sh_story"}
    other_hand = [swap.get(c, c) for c in hand]
    tok = truth["regions"]["orthanc"]["rtokens"]["sh"][0]
    other_tok = next(u for u in sorted(spec.recruitment_tokens["sh"]) if u != tok)
    a = Game.new(spec, seed=11, options={"setup": _setup(base, hand, tok)})
    b = Game.new(spec, seed=11, options={"setup": _setup(base, other_hand, other_tok)})
    return a, b


def test_equal_views_with_different_hidden_truths_give_the_same_decision_at_every_level():
    """R-15.1: the other hand and the face-down tokens are hidden; R-12.2: tokens are unseen even
    by their owner. The Free Peoples' seen data are equal, so every level decides the same; the
    Shadow's own seen data differ only by its hand, and its tokens stay unknown to it."""
    a, b = _twins()
    assert a.state["sides"]["sh"]["hand"] != b.state["sides"]["sh"]["hand"]
    assert a.state["regions"]["orthanc"]["rtokens"]["sh"] != b.state["regions"]["orthanc"]["rtokens"]["sh"]
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    fp_decisions = why_told = 0
    for n in range(60):
        side = deciding_side(a.state)
        if side == "fp":
            sa, sb = seen_by(a, "fp"), seen_by(b, "fp")
            assert sa == sb, n
            for level in LEVELS:
                da, db = decide(sa, level, seed=n, budget=BUDGET), decide(sb, level, seed=n, budget=BUDGET)
                assert da == db and da.reason == db.reason  # the reason too: nothing hidden in its numbers
                if da.iterations:
                    why_told += da.reason["code"] not in ("search", "search_confirms")
            fp_decisions += 1
        cmd = bots[side].choose(a, [c for c in a.legal_commands() if c["side"] == side])
        if cmd not in b.legal_commands():
            break  # the Shadow played a card only one of the hands holds: the twins part here
        a.submit(cmd)
        b.submit(cmd)
    assert fp_decisions >= 5 and why_told >= 2


def test_the_other_sides_secret_tactic_does_not_change_the_decision():
    """R-15.1: the tactic chosen in a round is hidden until both have chosen; the AI never sees the
    other player's pick before making its own."""
    spec, _ = scenario("rohan")
    g = Game.new(spec, seed=2)
    bots = {"fp": GreedyBot(0), "sh": GreedyBot(1)}
    while g.state["pending"][-1]["kind"] != "tactic":
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    b = g.state["battle"]
    first, second = b["attacker"], b["defender"]
    picks = [c for c in g.legal_commands() if c["side"] == first]
    assert len(picks) >= 2
    games = []
    for pick in picks[:2]:
        twin = Game.replay(spec, 2, g.log)
        twin.submit(pick)
        games.append(twin)
    assert games[0].state["battle"]["choice"] != games[1].state["battle"]["choice"]
    seen = [seen_by(t, second) for t in games]
    assert seen[0] == seen[1]
    for level in LEVELS:
        d0, d1 = decide(seen[0], level, seed=5, budget=BUDGET), decide(seen[1], level, seed=5, budget=BUDGET)
        assert d0 == d1 and d0.reason == d1.reason


def test_decide_takes_seen_only_and_is_deterministic_in_a_fresh_process():
    """`decide` has no game parameter; `seen` is plain data (JSON, pickle); the same seen, seed and
    iteration budget give the same Decision, here and in a new interpreter that has loaded nothing."""
    assert list(inspect.signature(decide).parameters) == ["seen", "level", "seed", "budget", "progress"]
    spec, _ = scenario("gondor")
    g = Game.new(spec, seed=6)
    bots = {"fp": GreedyBot(0), "sh": GreedyBot(1)}
    while g.state["pending"][-1]["kind"] != "action":
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    seen = seen_by(g, deciding_side(g.state))
    assert json.loads(json.dumps(seen)) == seen
    here = decide(seen, "hard", seed=3, budget=BUDGET)
    assert here == decide(json.loads(json.dumps(seen)), "hard", seed=3, budget=BUDGET)
    assert here.iterations == BUDGET.iterations and here.reason["code"] in REASONS
    code = ("import pickle, sys; from botwotr.ai import decide, Budget; "
            "sys.stdout.buffer.write(pickle.dumps(decide(pickle.loads(sys.stdin.buffer.read()), 'hard', 3, "
            "Budget(iterations=6))))")
    out = subprocess.run([sys.executable, "-c", code], input=pickle.dumps(seen), capture_output=True, check=True)
    there = pickle.loads(out.stdout)
    assert isinstance(there, Decision) and there == here
