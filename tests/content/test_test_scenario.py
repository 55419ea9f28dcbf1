"""The TEST scenario (tests/data/test_scenario) loads and holds what the engine's tests expect."""
from __future__ import annotations

from pathlib import Path

import pytest

from botwotr.content import load_scenario, validate_scenario
from botwotr.core import spec as S

TEST_SCENARIO = Path(__file__).resolve().parents[1] / "data" / "test_scenario"


@pytest.fixture(scope="module")
def sc() -> S.ScenarioSpec:
    return load_scenario(TEST_SCENARIO)


def test_effect_vocabulary_is_available():
    """The loader checks effects with the core's checkers; they must exist (no skipping)."""
    from botwotr.core.effects import validate_condition, validate_effect
    assert validate_effect({"do": "fate", "steps": 1}) is None
    assert validate_effect({"do": "drwa"})
    assert validate_condition({"if": "fate_at_least", "n": 2}) is None


def test_validates_clean():
    assert validate_scenario(TEST_SCENARIO) == []


def test_header(sc):
    assert isinstance(sc, S.ScenarioSpec)
    assert (sc.id, sc.name, sc.content_version) == ("test", "Test Skirmish", "1")
    assert sc.commander == "warlock"
    assert sc.endgame == 10
    assert sc.dice == {"fp": 4, "sh": 6}
    assert sc.action_tokens == 2 and sc.hand_limit == 6
    assert sc.leaders == {"fp": 2}
    assert sc.victory_vp == 4 and sc.victory_captains == ("captain",)
    assert sc.rules_module is None and "Shadow wins" in sc.notes


def test_r1_1_board_regions_terrains_and_settlements(sc):
    regions = sc.board.regions
    assert set(regions) == {"hold", "town", "watch", "fields", "woods", "fen", "heights",
                            "camp", "spire"}
    assert {r.terrain for r in regions.values()} == set(S.TERRAINS)
    strongholds = {r.id: r.owner for r in regions.values() if r.terrain == "stronghold"}
    assert strongholds == {"hold": "fp", "spire": "sh"}
    settlements = {r.id: (r.owner, r.territory, r.vp) for r in regions.values() if r.settlement}
    assert settlements == {"hold": ("fp", "westmarch", 3), "town": ("fp", "westmarch", 1),
                           "camp": ("sh", "blackvale", 0), "spire": ("sh", "blackvale", 2)}
    assert [r.id for r in regions.values() if r.orc_area] == ["camp"]
    assert all(isinstance(r, S.RegionSpec) for r in regions.values())


def test_r1_4_every_border_kind_and_impassable_borders(sc):
    board = sc.board
    assert {b.kind for b in board.borders} == set(S.BORDER_KINDS)
    # A river and a mountain range make two regions not adjacent...
    assert board.border("woods", "fen") is None and "fen" not in board.neighbours("woods")
    assert board.border("watch", "heights") is None
    # ...while a ford and a pass cross them elsewhere.
    assert board.border("fields", "fen") == "ford"
    assert board.border("fields", "heights") == "pass"
    assert board.border("hold", "watch") == "wall"
    assert board.border("woods", "fields") == "stream"
    assert dict(board.neighbours("fields")) == {"watch": "normal", "woods": "stream",
                                                "fen": "ford", "heights": "pass"}
    # Adjacency is symmetric and every region can be reached from every other.
    for a, nbrs in board.adjacency.items():
        for b, kind in nbrs.items():
            assert board.adjacency[b][a] == kind
    seen, todo = {"hold"}, ["hold"]
    while todo:
        for n in board.neighbours(todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(board.regions)


def test_r2_1_units(sc):
    u = sc.units
    assert {k: (v.side, v.strength, v.favoured, v.ability) for k, v in u.items()} == {
        "footmen": ("fp", 1, ("fort",), "shield_wall"),
        "riders": ("fp", 2, ("plains",), "ride_down"),
        "orcs": ("sh", 1, ("mountains",), "swarm"),
        "wargs": ("sh", 2, ("plains",), "pounce"),
    }
    assert u["orcs"].tags == ("orc",)
    assert all(v.ability_text and v.figures >= 6 for v in u.values())


def test_r2_4_characters(sc):
    c = sc.characters
    cap, wiz, war, cha = c["captain"], c["wizard"], c["warlock"], c["champion"]
    assert (cap.side, cap.kind, cap.rating, cap.modifier, cap.level, cap.extra_die) == \
        ("fp", "captain", 2, 1, 1, True)
    assert cap.entry_regions == ("town",)
    assert (wiz.side, wiz.kind, wiz.level, wiz.ability, wiz.ability_die) == \
        ("fp", "companion", 3, "white_rider", "will")
    assert (war.side, war.kind, war.rating, war.modifier, war.level) == \
        ("sh", "commander", 2, 1, 0)
    assert (war.ability, war.ability_die) == ("voice", "character")
    assert war.ability_params["armies"] == 3 and war.ability_params["bonus"] == 1
    assert war.ability_params["effect"] == [{"do": "rally", "armies": 3, "bonus": 1}]
    assert (cha.side, cha.kind) == ("sh", "minion")


def test_r7_fate_tiles_and_track(sc):
    tiles = sc.fate_tiles
    grey = [t for t in tiles.values() if t.color == "grey"]
    assert len(grey) == 8 and {t.value for t in grey} == {0, 1, 2, 3}
    assert sorted(t.id for t in grey if t.icon == "wake") == ["grey_0b", "grey_1c"]
    assert sorted(t.id for t in tiles.values() if t.color == "blue") == ["blue_1", "blue_2"]
    red = {t.id: t.shadow_special for t in tiles.values() if t.color == "red"}
    assert red == {"red_0": True, "red_1": False}
    assert sc.fate_markers == {3: ("wizard",)}
    assert sc.fate_icons["wake"] == ({"do": "flag", "flag": "woken", "value": 1},)
    assert sc.fate_events == {6: ({"do": "add_fate_tiles", "color": "blue", "n": 2},)}


def test_r6_1_positions(sc):
    p = sc.positions
    assert {k: (v.dice, v.tokens, v.special_cards) for k, v in p.items()} == {
        "tower": (2, None, 0), "balcony": (3, 3, 0), "pits": (2, None, 1)}
    assert p["tower"].action == ({"do": "fate", "steps": -1},)
    assert all(v.action and v.action_text for v in p.values())


def test_r5_cards(sc):
    cards = sc.cards
    by_deck: dict[str, list[str]] = {}
    for c in cards.values():
        by_deck.setdefault(c.deck, []).append(c.id)
    assert {d: len(ids) for d, ids in by_deck.items()} == {
        "generic": 6, "fp_story": 3, "sh_story": 3, "special": 2}
    for c in cards.values():
        assert c.effect and c.type in S.CARD_TYPES
        if c.deck == "generic":
            assert c.side is None and c.combat and c.combat_title
        else:
            assert c.side == {"fp_story": "fp", "sh_story": "sh", "special": "sh"}[c.deck]
    assert {c.type for c in cards.values() if c.deck == "generic"} == set(S.CARD_TYPES)
    assert cards["old_alliance"].stays
    assert cards["wizard_returns"].requires == ({"if": "fate_at_least", "n": 2},)
    assert cards["wizard_returns"].effect == ({"do": "ready_character", "char": "wizard"},)


def test_r4_1_setup(sc):
    armies = {(a.region, a.side): a for a in sc.setup_armies}
    assert set(armies) == {("hold", "fp"), ("town", "fp"), ("camp", "sh"), ("spire", "sh")}
    hold = armies["hold", "fp"]
    assert hold.units == {"footmen": 2, "riders": 1} and hold.leaders == 1
    assert hold.characters == ("captain",)
    assert armies["camp", "sh"].units == {"orcs": 3, "wargs": 1}
    assert all(sum(a.units.values()) <= 5 for a in sc.setup_armies)
    assert sc.setup_characters == {"champion": "heights"}
    assert sc.recruitment_tokens == {"fp": {"footmen": 4, "riders": 2},
                                     "sh": {"orcs": 4, "wargs": 2}}
    assert sc.setup_tokens == {"fp": ("town", "watch"), "sh": ("camp", "spire")}


def test_r10_10_border_rules_and_terrain(sc):
    assert sc.border_rules["wall"] == S.BorderRule(6, 3)
    assert sc.border_rules["ford"] == S.BorderRule(6, 1)
    assert sc.terrain_bonus["stronghold"] == 2 and sc.terrain_bonus["plains"] == 0


def test_spec_is_frozen(sc):
    """Sequences handed to the spec are tuples; the dataclasses are frozen."""
    with pytest.raises(AttributeError):
        sc.endgame = 3  # type: ignore[misc]
    assert isinstance(sc.setup_armies, tuple)
    assert isinstance(sc.cards["forced_march"].effect, tuple)
    assert isinstance(sc.units["footmen"].favoured, tuple)
    assert isinstance(sc.board.borders, tuple)
    assert type(sc.cards["forced_march"].effect[0]) is dict  # no loader bookkeeping types
