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


def _copy_gondor(tmp_path, edit):
    import shutil

    src = folder_for("gondor")
    dst = tmp_path / "gondor"
    shutil.copytree(src, dst)
    sc = (dst / "scenario.yaml").read_text(encoding="utf-8")
    sc = sc.replace("board: ../../../maps/gondor.tmx", f"board: {(src / '../../../maps/gondor.tmx').resolve()}")
    (dst / "scenario.yaml").write_text(edit(sc), encoding="utf-8")
    cards = (dst / "cards.yaml").read_text(encoding="utf-8")
    (dst / "cards.yaml").write_text(cards.replace("shared: ../rohan/cards.yaml",
                                                  f"shared: {(src / '../rohan/cards.yaml').resolve()}"),
                                    encoding="utf-8")
    return dst


def test_bad_rules_data_is_a_content_error_naming_its_key(tmp_path):
    """Bad input: a protection value on a region that is no stronghold is refused at load time,
    naming scenario.yaml and the key."""
    ok = _copy_gondor(tmp_path / "a", lambda s: s)
    assert validate_scenario(ok) == []
    bad = _copy_gondor(tmp_path / "b", lambda s: s.replace(
        "protection: {minas_tirith: 6, cair_andros: 3}", "protection: {minas_tirith: 6, anorien: 3}"))
    errors = validate_scenario(bad)
    assert len(errors) == 1 and errors[0].startswith("scenario.yaml: rules_data.protection.anorien:")


def test_a_missing_gondor_half_is_named(tmp_path):
    import re

    def drop(s):
        return s

    d = _copy_gondor(tmp_path, drop)
    cards = (d / "cards.yaml").read_text(encoding="utf-8")
    cards = re.sub(r"\n  hope_kindled:\n(    .*\n)+", "\n", cards)
    (d / "cards.yaml").write_text(cards, encoding="utf-8")
    errors = validate_scenario(d)
    assert any("halves.hope_kindled" in e and "needs its half" in e for e in errors), errors


def test_an_error_in_a_gondor_half_names_the_half(tmp_path):
    d = _copy_gondor(tmp_path, lambda s: s)
    cards = (d / "cards.yaml").read_text(encoding="utf-8")
    cards = cards.replace("where: [lossarnach, townlands, minas_tirith]", "where: [lossarnach, townland, minas_tirith]")
    (d / "cards.yaml").write_text(cards, encoding="utf-8")
    errors = validate_scenario(d)
    assert len(errors) == 1, errors
    assert errors[0].startswith("cards.yaml: halves.erkenbrands_men.effect[0].where[1]: unknown region 'townland'")
