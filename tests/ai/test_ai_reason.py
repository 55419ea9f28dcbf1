"""A hint's reason says why the command is good, from what the search measured (issue 13;
docs/ai.md, "The reason"): the chosen command's rollouts against the runner-up's, try by try,
told as the component of the evaluation that differs most, in the player's words, in every
language. It is made from the seat's determinizations only (the hidden twins: test_ai_hidden.py)."""
from __future__ import annotations

import random

import pytest

from botwotr.ai import REASONS, Budget, decide, reason_text, scenario, seen_by
from botwotr.ai.evaluate import terms
from botwotr.ai.explain import reason
from botwotr.ai.search import SEARCHED
from botwotr.core import Game
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.core.state import controller
from botwotr.ui import logtext
from botwotr.ui.i18n import LANGUAGES, set_language

HOW = {"only", "score", "hunch", "search", "search_confirms"}  # how a command was found, not why
WHY = set(REASONS) - HOW


def _greedy_game(seed: int, until=None) -> tuple[Game, list[dict]]:
    """A Rohan game of two greedy bots through Game.submit, to its end (or until `until(g)`),
    with the state before each command."""
    spec, _ = scenario("rohan")
    g = Game.new(spec, seed=seed)
    bots = {"fp": GreedyBot(seed), "sh": GreedyBot(seed + 1)}
    states = []
    while not g.state["winner"] and not (until and until(g)):
        side = deciding_side(g.state)
        states.append(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    return g, states


def test_a_won_game_lost_game_or_no_difference_is_said_so_R4():
    """R-4.2/R-4.3: the tries that end in a win (or a loss) count first; two commands that reach
    the same positions have little to choose between them."""
    spec, rules = scenario("rohan")
    g, states = _greedy_game(3)
    winner = g.state["winner"]
    loser = "fp" if winner == "sh" else "sh"
    won, open_ = g.state, states[len(states) // 2]
    assert won["winner"] == winner and not open_["winner"]
    cmd = {"cmd": "pass", "side": winner}
    r = reason(spec, rules, {"seat": winner, "view": g.view_for(winner)}, cmd, [won, open_], [open_, open_])
    assert r == {"code": "win", "params": {"tries": 2, "better": 1, "wins": 1, "other": 0}}
    r = reason(spec, rules, {"seat": loser, "view": g.view_for(loser)}, cmd, [open_], [won])
    assert r["code"] == "no_loss" and r["params"] == {"tries": 1, "better": 1, "losses": 0, "other": 1}
    assert reason(spec, rules, {"seat": loser, "view": g.view_for(loser)}, cmd, [open_, None], [open_, won]) == {
        "code": "same", "params": {"tries": 1, "better": 0}}  # (a try refused in its world is not paired)
    assert reason(spec, rules, {"seat": loser, "view": g.view_for(loser)}, cmd, [None], [won]) is None


def test_the_component_that_differs_most_is_told_with_its_measures():
    """Two real positions of one game, the earlier against the later: the reason is the
    evaluation's component (evaluate.terms) that differs most in the chosen side's favour, and its
    numbers are the positions' own (R-4.3: victory points, captains; the armies on the board)."""
    spec, rules = scenario("rohan")
    g, states = _greedy_game(5)
    early, late = states[40], states[-2]
    told = []
    for side in ("fp", "sh"):
        seen = {"seat": side, "view": g.view_for(side)}
        sign = 1 if side == "sh" else -1
        for mine, other in ((early, late), (late, early)):
            if mine["winner"] or other["winner"]:
                continue
            r = reason(spec, rules, seen, {"cmd": "pass", "side": side}, [mine], [other])
            ta, tb = terms(spec, rules, mine), terms(spec, rules, other)
            diff = {k: sign * (ta.get(k, 0) - tb.get(k, 0)) for k in set(ta) | set(tb)}
            top = max(diff.values())
            if top < 0.02:
                assert r["code"] in ("close", "same")
                continue
            key = max(diff, key=diff.get)
            family = {"vp": ("vp_take", "vp_keep", "vp_hold", "vp_retake", "vp_more", "vp_less"),
                      "fate": ("fate_on", "fate_back"), "captains": ("captains_down", "captains_safe"),
                      "army": ("units_kept", "units_killed", "army"), "dice": ("dice",)}[key]
            assert r["code"] in family, (side, key, r)
            told.append(r["code"])
            p = r["params"]
            if r["code"] in ("fate_on", "fate_back"):
                assert (p["a"], p["b"]) == (mine["fate"], other["fate"])
            if "region" in p:  # the settlement whose control makes the difference
                held = [controller(x, spec, p["region"]) == "sh" for x in (mine, other)]
                assert held == ([True, False] if side == "sh" else [False, True]) and (p["k"], p["other"]) == (1, 0)
            if r["code"] in ("vp_more", "vp_less"):
                assert (p["a"], p["b"]) == (rules.shadow_vp(mine), rules.shadow_vp(other))
            if r["code"] == "units_kept":
                own = [sum(sum(x["units"].values()) for x in s["regions"].values() if x["side"] == side)
                       for s in (mine, other)]
                assert (p["a"], p["b"]) == tuple(own) and own[0] > own[1]
    assert len(told) >= 2, told


def test_hard_says_why_on_real_decisions_in_every_language():
    """A short game: at the searched decisions hard's reason is a why-code whose counts fit its
    tries, and every language tells it (regions named as the language names them, no template
    left unfilled, never the general line)."""
    spec, _ = scenario("rohan")
    g = Game.new(spec, seed=8)
    bots = {"fp": GreedyBot(0), "sh": GreedyBot(1)}
    rng = random.Random(8)
    reasons = []
    for n in range(160):
        side = deciding_side(g.state)
        legal = [c for c in g.legal_commands() if c["side"] == side]
        if g.state["pending"][-1]["kind"] in SEARCHED and len(legal) > 1 and len(reasons) < 8 and rng.random() < 0.3:
            d = decide(seen_by(g, side), "hard", seed=n, budget=Budget(iterations=10))
            assert d.reason["code"] in WHY, d.reason
            p = d.reason["params"]
            assert 1 <= p["tries"] <= d.iterations // 2 and 0 <= p["better"] <= p["tries"]
            for k in ("k", "won", "wins", "losses", "other"):
                assert 0 <= p.get(k, 0) <= p["tries"]
            reasons.append(d.reason)
        g.submit(bots[side].choose(g, legal))
    assert len(reasons) >= 5 and len({r["code"] for r in reasons}) >= 3, reasons
    try:
        for lang in LANGUAGES:
            set_language(lang)
            general = logtext._("The hard computer rates this best of what you may do now.")
            for r in reasons:
                text = logtext.reason_text(r, spec)
                assert text != general and "{" not in text, (lang, r)
                if "region" in r["params"]:
                    assert logtext.region_name(spec, r["params"]["region"]) in text
            if lang == "en":
                assert [logtext.reason_text(r, spec) for r in reasons] == [reason_text(r, spec) for r in reasons]
    finally:
        set_language("en")


@pytest.mark.parametrize("lang", ["en", "pt_BR", "es", "ru"])
def test_every_reason_code_has_its_words(lang):
    """Every code the AI may give is told in every language with its numbers in the language's
    form (a decimal comma in pt_BR, es, ru; Russian's plural of the tries)."""
    spec, _ = scenario("gondor")
    params = {"tries": 5, "better": 3, "wins": 2, "losses": 1, "other": 0, "won": 4, "k": 3, "a": 1.5, "b": 2,
              "region": "minas_tirith", "city": "minas_tirith", "rollouts": 40, "candidates": 5, "value": 0.1,
              "iterations": 40}
    try:
        set_language(lang)
        general = logtext._("The hard computer rates this best of what you may do now.")
        for code in REASONS:
            text = logtext.reason_text({"code": code, "params": params}, spec)
            assert text != general and "{" not in text, (lang, code, text)
            if lang == "en":
                assert text == reason_text({"code": code, "params": params}, spec), code
            if code in ("vp_more", "fate_on", "units_kept"):
                assert ("1,5" if lang != "en" else "1.5") in text, text
        if lang == "ru":
            one = logtext.reason_text({"code": "battle", "params": {**params, "tries": 1, "won": 1}}, spec)
            assert one.endswith("из 1 попытки."), one
    finally:
        set_language("en")
