"""The computer's secret choice in a simultaneous decision (both tactics, both combat cards:
R-10.4.1, R-15.1), through the window over a real Rohan battle: the person picks first with
the panel's own widgets, while the computer thinks (tactics) or before it asks (cards); the
computer's question is asked once, from the position where the decision opened (its seat's view, which holds no pick of the person),
is not asked again after the person's pick, and its answer is the same whatever the person
picked (the twin runs: two different picks, one seed)."""
from __future__ import annotations

import pytest

import pygame

from botwotr.ai import Budget, log_for, seen_by
from botwotr.core.view import view_for
from botwotr.ui.scenes.game import GameScene
from test_decision_panels import battle_game, kind


def clicks(scene, names) -> list:
    """The mouse events of clicks on the decision panel's widgets `names`, in order (their places
    taken now, the panel scrolled to show them without a frame: one `app.step(events)` delivers
    them all before the frame's update, so the computer's answer cannot come in between)."""
    events = []
    for name in names:
        w = scene.decision.find(name)
        assert w is not None, (name, scene.decision.names())
        scene.decision.reveal(w)
        pos = scene.decision.find(name).rect.center
        events += [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                   pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
                   pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
    return events


def fight(make_app, rohan, stage, pick, asked_first, thinker=None):
    """A Rohan battle (the Free Peoples attack) against the hard computer as the Shadow; the
    person gives `pick` at `stage` ("tactic" or "combat_card") through the panel: after the
    computer's question was sent (`asked_first`: the question must not go stale), or in the
    very frame the decision opens, before it is sent (it is still asked from the opening)."""
    g = battle_game(rohan)
    if stage == "combat_card":  # both chose the combat event: both choose a card in secret
        g.submit({"cmd": "tactic", "side": "fp", "tactic": "combat_event"})
        g.submit({"cmd": "tactic", "side": "sh", "tactic": "combat_event"})
    top = g.state["pending"][-1]
    assert top["kind"] == stage and set(top["sides"]) == {"fp", "sh"}, top
    opened = len(g.log)
    g.computer = {"sh": "hard"}
    app = make_app((1280, 720))
    scene = GameScene(app, g, mode="hotseat")
    comp = scene.computer
    if thinker is not None:  # the twin run asks the same worker process (it keeps nothing between games)
        comp.thinker = thinker
    comp.budget_fn = lambda seconds: Budget(iterations=12)  # deterministic
    given = []  # what the AI was given for each question
    comp.seen_fn = lambda game, seat: given.append(seen_by(game, seat)) or given[-1]
    app.push(scene)
    # no cover: one person at the screen, on their own seat
    assert scene.curtain is None and scene.shown == "fp" and scene.actor == "fp"
    if asked_first:
        app.step([])
        assert comp.thinking is not None and comp.asked == [("move", opened)]
    app.step(clicks(scene, [pick, "confirm:fp"]))  # the person picks and confirms
    mine = g.log[opened]["cmd"]
    assert mine["side"] == "fp" and mine["cmd"] == stage
    # the person chose first (the computer's answer, if it came in that frame, is given after)
    assert len(g.log) == opened + 1 or g.log[opened + 1]["cmd"]["side"] == "sh"
    for _ in range(20_000):
        app.step([])
        if scene.animator.busy:
            scene.animator.finish()
        if len(g.log) > opened + 1 or comp.failure:
            break
    assert not comp.failure, comp.failure
    theirs = g.log[opened + 1]["cmd"]
    assert theirs["side"] == "sh" and theirs["cmd"] == stage
    # once, from where the decision opened, never again before its answer (the next decision,
    # after its answer, may be asked in the same frame: from a later position)
    before = [a for a in comp.asked if a[1] <= opened + 1]
    assert before == [("move", opened)], comp.asked
    assert all(a[1] > opened + 1 for a in comp.asked[1:]) and len(given) == len(comp.asked)
    b = given[0]["view"]["battle"]
    key = "choice" if stage == "tactic" else "card"
    assert b[key].get("fp") is None  # the person's pick is not in what the AI saw, not even "hidden"
    assert given[0]["view"] == view_for(g.state_at(opened), "sh")
    assert given[0]["log"] == log_for(g.log[:opened], "sh")
    return theirs, g, comp.thinker


@pytest.mark.parametrize("stage,picks", [
    ("tactic", ("tactic:fp:regroup", "tactic:fp:maneuver:rohan_riders")),
    ("combat_card", ("card:fp:none", None)),
])
def test_the_persons_pick_does_not_change_the_computers_R10_4_1_R15(make_app, rohan, stage, picks):
    asked_first = stage == "tactic"  # (the tactic: picked while the computer thinks; the card: before it asks)
    first, g, thinker = fight(make_app, rohan, stage, picks[0], asked_first)
    second_pick = picks[1]
    if second_pick is None:  # a combat card of the person's hand
        hand = battle_game(rohan).state["sides"]["fp"]["hand"]
        second_pick = "card:fp:" + next(c for c in hand if rohan.cards[c].combat)
    second, g2, _t = fight(make_app, rohan, stage, second_pick, asked_first, thinker)
    assert g.log[-2]["cmd"] != g2.log[-2]["cmd"]  # the person's picks differ ...
    assert first == second  # ... and the computer's secret choice is the same
    if stage == "tactic":
        assert g.state["battle"]["revealed"] and g2.state["battle"]["revealed"]
    else:
        assert kind(g) != "combat_card" and kind(g2) != "combat_card"
