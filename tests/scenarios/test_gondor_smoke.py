"""The Battle for Gondor loads, sets up and plays (issue 12): the data checks clean, the rules
module is the one scenario.yaml names, and random bots play games to an ending."""
from __future__ import annotations

from botwotr.catalog import spec_for
from botwotr.content import validate_scenario
from botwotr.catalog import folder_for
from botwotr.core import Game
from botwotr.core.bots import BOTS, play
from botwotr.scenarios.gondor import GondorRules


def test_gondor_content_is_valid_and_rohan_unchanged():
    """R-5.1: the Gondor deck shares Rohan's card file; both scenarios check clean."""
    assert validate_scenario(folder_for("gondor")) == []
    assert validate_scenario(folder_for("rohan")) == []
    g, r = spec_for("gondor"), spec_for("rohan")
    # One physical deck: the same generic cards and the same story-card ids, another text.
    assert {c for c, cs in g.cards.items() if cs.deck == "generic"} == {
        c for c, cs in r.cards.items() if cs.deck == "generic"}
    story = {c for c, cs in r.cards.items() if cs.deck.endswith("_story")}
    assert story == {c for c, cs in g.cards.items() if cs.deck.endswith("_story")} and len(story) == 32
    assert all(g.cards[c].text != r.cards[c].text for c in story)
    assert sorted(c for c, cs in g.cards.items() if cs.deck == "special") != sorted(
        c for c, cs in r.cards.items() if cs.deck == "special")
    assert len([c for c, cs in g.cards.items() if cs.deck == "special"]) == 6


def test_gondor_rules_module_and_random_games():
    """R-4.1 the set-up plays; two random games reach an ending."""
    spec = spec_for("gondor")
    for seed in (1, 2):
        g = Game.new(spec, seed=seed)
        assert isinstance(g.rules, GondorRules)
        winner = play(g, {"fp": BOTS["random"](seed), "sh": BOTS["random"](seed + 7)})
        assert winner in ("fp", "sh")


def test_every_gondor_half_has_its_card_test():
    """Each of the 38 Gondor halves (32 story, 6 Darkness) is played in test_gondor_cards.py."""
    from pathlib import Path

    text = (Path(__file__).parent / "test_gondor_cards.py").read_text(encoding="utf-8")
    spec = spec_for("gondor")
    halves = [c for c, cs in spec.cards.items() if cs.deck != "generic"]
    assert len(halves) == 38
    missing = [c for c in halves if f'"{c}"' not in text]
    assert not missing, missing
