"""Whole games played by the AI through `Game.submit` (issue 13): every level's command is legal,
on both sides of both scenarios and in the companion mode; and at every decision a determinization
built from the seat's `seen` alone has the seat's true legal commands and true view (R-15.1: what
is hidden is sampled, never read)."""
from __future__ import annotations

from ai_support import play_checked


def test_rohan_hotseat_easy_free_peoples_against_hard_shadow():
    g, checked = play_checked("rohan", 1, {"fp": "easy", "sh": "hard"})
    assert g.state["winner"] in ("fp", "sh")
    assert checked > 200


def test_gondor_hotseat_hard_free_peoples_against_normal_shadow():
    g, checked = play_checked("gondor", 4, {"fp": "hard", "sh": "normal"}, iterations=1)
    assert g.state["winner"] in ("fp", "sh")
    assert checked > 200


def test_rohan_companion_easy_against_normal_with_the_outcomes_typed():
    """The companion mode: dice, draws and face-down tokens entered by the table ("?" tokens in the
    true state too); the AI's draw and roll commands are given without outcomes, the table's."""
    g, checked = play_checked("rohan", 3, {"fp": "easy", "sh": "normal"}, options={"companion": True})
    assert g.state["winner"] in ("fp", "sh")
    assert checked > 200
