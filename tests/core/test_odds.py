"""Battle odds (issue 13; botwotr/core/odds.py; docs/battles.md "Battle odds") checked against the
real core: real Rohan and Gondor attack positions reached with `Game.submit`, the odds computed
from a seat's view, and the same round (or the whole battle) played many times from that position
through the core's `decide`, each trial with its own seed: the observed frequencies must be
within a few standard errors of the exact figures. Fixed seeds: the test is deterministic."""
from __future__ import annotations

import dataclasses
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenarios"))

import botwotr.core.odds as O  # noqa: E402
from botwotr.core.odds import forced_losses, odds_for  # noqa: E402
from gondor_positions import ready as gondor_ready  # noqa: E402
from odds_support import Trial, close  # noqa: E402
from rohan_positions import FP, SH, die_for, hand, place, ready, to_shadow, top  # noqa: E402

N_ROUND = 1500
N_BATTLE = 500


def ford_attack(cards=None):
    """The Shadow attacks East Fords (a fort, +1 to the defender) from West Fords across the
    ford (the attacker hits on 6 in the first round, R-10.10); the Free Peoples have a leader
    (one re-roll, R-10.4.3); both armies carry damage, so that hits kill (R-11.3)."""
    g = ready(fp=["event"] * 4, sh=["army"] * 4)
    place(g, "east_fords", FP, {"rohan_footmen": 2, "rohan_riders": 1}, leaders=1, damage=1)
    place(g, "west_fords", SH, {"uruk_hai": 3, "orcs": 2}, damage=3)
    for side, cs in (cards or {}).items():
        hand(g, side, *cs)
    to_shadow(g)
    g.submit({"cmd": "use_die", "side": SH, "die": die_for(g, SH, "army"), "action": "attack"})
    return g


ATTACK = {"cmd": "attack", "side": SH, "from": "west_fords", "target": "east_fords"}


def frequencies(g, n, tactics, cards=None):
    hits = {FP: {}, SH: {}}
    lost = {FP: {}, SH: {}}
    for seed in range(n):
        h, l_ = Trial(g, g.state, seed).round(tactics, cards)
        for sd in (FP, SH):
            hits[sd][h[sd]] = hits[sd].get(h[sd], 0) + 1
            lost[sd][l_[sd]] = lost[sd].get(l_[sd], 0) + 1
    return hits, lost


def assert_round_matches(odds, hits, lost, n):
    for sd in (FP, SH):
        so = odds.sides[sd]
        for k in range(1, 4):
            f_hit = sum(v for h, v in hits[sd].items() if h >= k) / n
            assert close(f_hit, so.hit_at_least(k), n), (sd, "hits", k, f_hit, so.hit_at_least(k))
            other = SH if sd == FP else FP
            f_kill = sum(v for h, v in lost[other].items() if h >= k) / n
            assert close(f_kill, so.kill_at_least(k), n), (sd, "kills", k, f_kill, so.kill_at_least(k))


def test_r10_first_round_odds_match_the_core_across_a_ford_with_maneuvers_and_leaders():
    """R-10.3 (strength, the fort's +1), R-10.10 (the ford: the attacker hits on 6 in round 1),
    R-10.4.3 (leader re-rolls: the Free Peoples' leader, the Shadow's token), R-10.4.4 (the
    Uruk-hai maneuver's extra hit, the Footmen's shield wall cancelling a hit), R-11.3 (forced
    casualties): the exact first-round figures against 600 rounds played by the core."""
    g = ford_attack()
    g.submit(dict(ATTACK))
    g.submit({"cmd": "tactic", "side": SH, "tactic": "maneuver:uruk_hai"})
    g.submit({"cmd": "tactic", "side": FP, "tactic": "maneuver:rohan_footmen"})
    odds = odds_for(g.spec, g.rules, g.view_for("public"), "public")
    assert odds is not None and odds.unknown == ()
    sh, fp = odds.sides[SH], odds.sides[FP]
    assert (sh.dice, sh.maneuver, sh.target) == (5, 3, 6)  # the ford
    assert (fp.dice, fp.target, fp.rerolls) == (5, 5, 1)  # 4 strength + the fort's 1
    hits, lost = frequencies(g, N_ROUND, {})
    assert_round_matches(odds, hits, lost, N_ROUND)
    win = sum(Trial(g, g.state, seed).to_the_end() == "attacker_won" for seed in range(N_BATTLE)) / N_BATTLE
    assert 0.05 < odds.win < 0.95 and close(win, odds.win, N_BATTLE), (win, odds.win)


def test_r11_3_forced_losses():
    """R-11.3: markers beyond the units cost one unit and two markers at a time."""
    assert [forced_losses(3, d) for d in range(8)] == [0, 0, 0, 0, 1, 2, 3, 3]
    assert forced_losses(5, 5) == 0 and forced_losses(1, 2) == 1


def card_game(sh_card):
    """Both sides chose Combat Event in the ford battle; the Shadow has picked `sh_card`, the Free
    Peoples (holding Turn the Flank's card) are still choosing."""
    g = ford_attack(cards={FP: ["flanking_march"], SH: [sh_card]})
    g.submit(dict(ATTACK))
    g.submit({"cmd": "tactic", "side": SH, "tactic": "combat_event"})
    g.submit({"cmd": "tactic", "side": FP, "tactic": "combat_event"})
    g.submit({"cmd": "combat_card", "side": SH, "card": sh_card})
    assert top(g)["kind"] == "combat_card" and top(g)["sides"] == [FP]
    return g


def test_r15_1_odds_do_not_leak_a_hidden_combat_card():
    """R-15.1: two games that differ only in the Shadow's secret combat card give the Free Peoples
    the same odds (the card is unknown to them), while the Shadow's own odds count its card."""
    a, b = card_game("hard_riding"), card_game("skirmishers")  # +1 hit / the enemy hits only on 6
    fa = odds_for(a.spec, a.rules, a.view_for(FP), FP)
    fb = odds_for(b.spec, b.rules, b.view_for(FP), FP)
    assert fa == fb and "card:sh" in fa.unknown and fa.sides[SH].unknown
    sa = odds_for(a.spec, a.rules, a.view_for(SH), SH)
    sb = odds_for(b.spec, b.rules, b.view_for(SH), SH)
    assert sa != sb and sa.unknown == ("card:fp",)
    assert sb.sides[FP].target == 6  # Harry the Flanks, counted for the seat that chose it
    assert sa.sides[SH].hit_at_least(1) > fa.sides[SH].hit_at_least(1)  # Lances Levelled's extra hit


def test_r10_4_1b_combat_card_odds_match_the_core():
    """R-10.4.1b: a combat card the seat has chosen is counted as the core applies it once
    revealed; the round with the Shadow's Lances Levelled (+1 hit) and the Free Peoples'
    Turn the Flank (2 more re-rolls) against 2000 rounds played by the core."""
    g = card_game("hard_riding")
    before = odds_for(g.spec, g.rules, g.view_for(SH), SH)
    g2 = card_game("hard_riding")
    g.submit({"cmd": "combat_card", "side": FP, "card": None})
    after = odds_for(g.spec, g.rules, g.view_for("public"), "public")
    assert after.unknown == () and before.unknown == ("card:fp",) and after.win == pytest.approx(before.win)
    assert after.sides[SH] == before.sides[SH]
    assert after.sides[FP] == dataclasses.replace(before.sides[FP], unknown=False)  # no card: as counted
    g2.submit({"cmd": "combat_card", "side": FP, "card": "flanking_march"})
    odds = odds_for(g2.spec, g2.rules, g2.view_for("public"), "public")
    assert odds.sides[FP].rerolls == 3 and odds.unknown == ()
    hits, lost = frequencies(g2, N_ROUND, {})
    assert_round_matches(odds, hits, lost, N_ROUND)


def test_aimed_attack_odds_are_those_of_the_battle_it_starts():
    """An attack the seat is aiming (not yet submitted) gets the odds of the battle the core
    starts with it, before any tactic is chosen (both unknown to the other)."""
    g = ford_attack()
    aimed = odds_for(g.spec, g.rules, g.view_for(SH), SH, dict(ATTACK))
    assert aimed is not None and aimed.unknown == ("tactic:fp",)
    g.submit(dict(ATTACK))
    assert odds_for(g.spec, g.rules, g.view_for(SH), SH) == aimed
    assert odds_for(g.spec, g.rules, g.view_for(SH), SH, dict(ATTACK)) is None  # a battle is on


def test_gondor_walls_take_hits_in_the_odds_as_in_the_core():
    """Gondor's protection values (docs/gondor.md): Cair Andros's walls make the attacker hit
    on 6 and take its hits first, so nothing is killed until they break; the first round and the
    whole battle (the walls wearing down through the rounds) against the core."""
    g = gondor_ready(sh=["army"] * 6)
    place(g, "cair_andros", FP, {"gondor_footmen": 2}, leaders=1, damage=1)
    place(g, "north_ithilien", SH, {"orcs": 2, "olog_hai": 1, "black_uruks": 1})
    to_shadow(g)
    g.submit({"cmd": "use_die", "side": SH, "die": die_for(g, SH, "army"), "action": "attack"})
    g.submit({"cmd": "attack", "side": SH, "from": "north_ithilien", "target": "cair_andros"})
    g.submit({"cmd": "tactic", "side": SH, "tactic": "maneuver:orcs"})
    g.submit({"cmd": "tactic", "side": FP, "tactic": "maneuver:gondor_footmen"})
    odds = odds_for(g.spec, g.rules, g.view_for("public"), "public")
    sh, fp = odds.sides[SH], odds.sides[FP]
    assert (sh.dice, sh.target, fp.dice, fp.rerolls) == (5, 6, 4, 1)
    # the walls (3) take the first hits: only five 6s past an untriggered shield wall kill one
    assert 0 < sh.kill_at_least(1) < 0.001 and sh.kill_at_least(2) == 0.0
    hits, lost = frequencies(g, N_ROUND, {})
    assert_round_matches(odds, hits, lost, N_ROUND)
    win = sum(Trial(g, g.state, seed).to_the_end() == "attacker_won" for seed in range(N_BATTLE)) / N_BATTLE
    assert 0.05 < odds.win < 0.95 and close(win, odds.win, N_BATTLE), (win, odds.win)


def _drain(steps, stop=None):
    """Run `odds_steps` to the end (or drop it after `stop` steps): its first answer, its result
    and the number of steps (0: counted at once, the chain was kept)."""
    try:
        first, n = next(steps), 1
    except StopIteration as done:
        return done.value, done.value, 0
    while True:
        if stop is not None and n >= stop:
            steps.close()
            return first, None, n
        try:
            assert next(steps) is None  # a step of the chain, nothing new to show
        except StopIteration as done:
            return first, done.value, n
        n += 1


def test_stepped_count_is_the_one_shot_count():
    """The window's count (`odds_steps`, a bounded piece of work a step) ends with exactly the
    one-shot `odds_for` (the same sums in the same order), first showing this round's figures
    with the chance to win still counting; a count dropped half-way leaves the chain right."""
    ford = ford_attack()
    siege = gondor_ready(sh=["army"] * 6)
    place(siege, "cair_andros", FP, {"gondor_footmen": 2}, leaders=1, damage=1)
    place(siege, "north_ithilien", SH, {"orcs": 2, "olog_hai": 1, "black_uruks": 1})
    to_shadow(siege)
    siege.submit({"cmd": "use_die", "side": SH, "die": die_for(siege, SH, "army"), "action": "attack"})
    cases = [
        (ford, SH, dict(ATTACK)),
        (siege, SH, {"cmd": "attack", "side": SH, "from": "north_ithilien", "target": "cair_andros"}),
    ]
    for g, seat, attack in cases:
        view = g.view_for(seat)
        O._CHAINS.clear()
        one = odds_for(g.spec, g.rules, view, seat, attack)
        O._CHAINS.clear()
        first, _none, _n = _drain(O.odds_steps(g.spec, g.rules, view, seat, attack), stop=7)  # dropped
        assert first.counting and first.win is None and first.sides == one.sides
        first, got, n = _drain(O.odds_steps(g.spec, g.rules, view, seat, attack))
        assert got == one and not got.counting and n > 20, n
        _f, again, n = _drain(O.odds_steps(g.spec, g.rules, view, seat, attack))
        assert again == one and n == 0  # the chain kept: at once
    g = ford
    g.submit(dict(ATTACK))
    g.submit({"cmd": "tactic", "side": SH, "tactic": "regroup"})
    g.submit({"cmd": "tactic", "side": FP, "tactic": "regroup"})
    O._CHAINS.clear()
    one = odds_for(g.spec, g.rules, g.view_for("public"), "public")
    O._CHAINS.clear()
    _f, got, _n = _drain(O.odds_steps(g.spec, g.rules, g.view_for("public"), "public"))
    assert got == one and one.win is not None
