"""R-12 recruitment, R-13 rally, R-14 control of settlements and territories."""
from __future__ import annotations

from dataclasses import replace

from helpers import (adjust, assert_illegal, clear_board, events_named, new_game, place, start_with,
                     test_spec, to_actions, top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
# Set-up tokens: Riders in Ashby (town), Footmen in the Watchfort, Orcs in the camp, Wargs in the Spire.
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


def ready(fp=FP, sh=SH, position="tower", game=None):
    return to_actions(game or start_with(START), fp=fp, sh=sh, position=position, fate=["grey_0a"])


# -- R-12 --------------------------------------------------------------------------------------

def test_r12_1_the_scenario_sets_each_players_tokens_and_those_on_the_board():
    """R-12.1: The scenario sets each players tokens and those on the board."""
    g = start_with(START)
    assert dict(g.spec.recruitment_tokens["fp"]) == {"footmen": 4, "riders": 2}
    assert sorted(g.state["sides"]["fp"]["rpool"]) == ["footmen"] * 3 + ["riders"]
    assert sorted(g.state["sides"]["sh"]["rpool"]) == ["orcs"] * 3 + ["wargs"]
    on_board = {r: reg["rtokens"] for r, reg in g.state["regions"].items() if any(reg["rtokens"].values())}
    assert on_board == {"town": {"fp": ["riders"], "sh": []}, "watch": {"fp": ["footmen"], "sh": []},
                        "camp": {"fp": [], "sh": ["orcs"]}, "spire": {"fp": [], "sh": ["wargs"]}}


def test_r12_2_an_event_places_tokens_drawn_at_random_face_down():
    """R-12.2: An event places tokens drawn at random face down."""
    g = ready()
    use(g, "fp", "muster", "play_card", card="beacons_lit")
    g.submit({"cmd": "choose_region", "side": "fp", "region": "hold", "outcomes": ["riders"]})
    g.submit({"cmd": "choose_region", "side": "fp", "region": "town", "outcomes": ["footmen"]})
    assert g.state["regions"]["hold"]["rtokens"]["fp"] == ["riders"]
    assert sorted(g.state["regions"]["town"]["rtokens"]["fp"]) == ["footmen", "riders"]
    assert sorted(g.state["sides"]["fp"]["rpool"]) == ["footmen", "footmen"]
    # Face down: the Shadow sees only that there is a token.
    assert g.view_for("sh")["regions"]["hold"]["rtokens"]["fp"] == ["hidden"]
    # A token can only be drawn from those left.
    g2 = ready()
    use(g2, "fp", "muster", "play_card", card="beacons_lit")
    g2.submit({"cmd": "choose_region", "side": "fp", "region": "hold", "outcomes": ["riders"]})
    assert_illegal(g2, {"cmd": "choose_region", "side": "fp", "region": "town", "outcomes": ["riders"]},
                   "chance/bad_draw")


def test_r12_2_with_no_token_left_no_more_can_be_placed():
    """R-12.2: With no token left no more can be placed."""
    spec = replace(test_spec(), recruitment_tokens={"fp": {"footmen": 2}, "sh": {"orcs": 4, "wargs": 2}})
    g = to_actions(new_game(spec=spec), fp=FP, sh=SH, fate=["grey_0a"])
    assert g.state["sides"]["fp"]["rpool"] == []
    adjust(g, "card", card="beacons_lit", to="hand_fp")
    events = use(g, "fp", "muster", "play_card", card="beacons_lit")
    assert events_named(events, "CardPlayed") and not events_named(events, "RecruitmentTokenPlaced")
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r12_3_using_a_token_reveals_it_places_a_unit_and_discards_it_for_good():
    """R-12.3: Using a token reveals it places a unit and discards it for good."""
    g = ready()
    use(g, "fp", "muster", "recruit")
    events = g.submit({"cmd": "recruit", "side": "fp", "region": "town"})
    assert events_named(events, "RecruitmentTokenUsed")[0]["unit"] == "riders"
    assert g.state["regions"]["town"]["units"] == {"footmen": 2, "riders": 1}
    assert g.state["regions"]["town"]["rtokens"]["fp"] == []
    assert "riders" in g.state["sides"]["fp"]["rpool"]  # the other Riders token, never this one
    assert sorted(g.state["sides"]["fp"]["rpool"]) == ["footmen"] * 3 + ["riders"]


def test_r12_3_with_no_figure_of_the_type_left_any_type_is_placed():
    """R-12.3: With no figure of the type left any type is placed."""
    g = ready()
    place(g, "woods", "fp", {"riders": 5})
    assert g.state["regions"]["hold"]["units"]["riders"] == 1  # all six Riders are on the board
    use(g, "fp", "muster", "recruit")
    g.submit({"cmd": "recruit", "side": "fp", "region": "town"})
    p = top(g)
    assert p["kind"] == "choose_unit" and p["options"] == ["footmen"]
    assert_illegal(g, {"cmd": "choose_unit", "side": "fp", "unit": "riders"}, "recruit/bad_unit")
    g.submit({"cmd": "choose_unit", "side": "fp", "unit": "footmen"})
    assert g.state["regions"]["town"]["units"] == {"footmen": 3}


def test_r12_4_an_army_ending_its_move_on_enemy_tokens_destroys_them():
    """R-12.4: An army ending its move on enemy tokens destroys them."""
    g = ready()
    clear_board(g)
    place(g, "fields", "sh", {"orcs": 2})
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "strategic_move")
    events = g.submit({"cmd": "move_army", "side": "sh", "from": "fields", "to": "watch"})
    assert events_named(events, "RecruitmentTokensDestroyed")[0]["units"] == ["footmen"]
    assert g.state["regions"]["watch"]["rtokens"]["fp"] == []
    assert sorted(g.state["sides"]["fp"]["rpool"]) == ["footmen"] * 3 + ["riders"]  # not back in the pool


def test_r12_4_passing_through_does_not_destroy_tokens():
    """R-12.4: Passing through does not destroy tokens."""
    g = ready()
    clear_board(g)
    place(g, "fields", "sh", {"orcs": 2})
    adjust(g, "character", char="champion", status="in_play", region="fields")
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "box", "fast_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "fields", "path": ["watch", "hold"]})
    assert g.state["regions"]["watch"]["rtokens"]["fp"] == ["footmen"]
    assert g.state["regions"]["hold"]["units"] == {"orcs": 2}


def test_r12_4_own_tokens_are_not_destroyed():
    """R-12.4: Own tokens are not destroyed."""
    g = ready()
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "hold", "to": "watch"})
    assert g.state["regions"]["watch"]["rtokens"]["fp"] == ["footmen"]


def test_r12_5_free_peoples_recruit_in_two_different_regions():
    """R-12.5: Free peoples recruit in two different regions."""
    g = ready()
    use(g, "fp", "muster", "recruit")
    assert top(g)["left"] == 2
    g.submit({"cmd": "recruit", "side": "fp", "region": "watch"})
    g.submit({"cmd": "recruit", "side": "fp", "region": "town"})
    assert g.state["regions"]["watch"]["units"] == {"footmen": 1}
    assert g.state["regions"]["town"]["units"] == {"footmen": 2, "riders": 1}
    assert top(g)["side"] == "sh"


def test_r12_5_shadow_recruit_in_two_different_settlements():
    """R-12.5: Shadow recruit in two different settlements."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "muster", "recruit")
    assert_illegal(g, {"cmd": "recruit", "side": "sh", "region": "watch"}, "recruit/bad_region")
    g.submit({"cmd": "recruit", "side": "sh", "region": "camp"})
    g.submit({"cmd": "recruit", "side": "sh", "region": "spire"})
    assert g.state["regions"]["camp"]["units"] == {"orcs": 4, "wargs": 1}
    assert g.state["regions"]["spire"]["units"] == {"orcs": 2, "wargs": 1}


def test_r12_5_mordor_recruitment_places_an_orc_in_an_orc_area():
    """R-12.5: Mordor recruitment places an orc in an orc area."""
    g = ready(sh=["eye", "army", "army", "army"])
    clear_board(g)
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "eye", "mordor_recruit")
    g.submit({"cmd": "place_orc", "side": "sh", "region": "camp"})
    assert g.state["regions"]["camp"]["units"] == {"orcs": 1}
    assert g.state["regions"]["camp"]["rtokens"]["sh"] == ["orcs"]  # no token is used


def test_r12_5_mordor_recruitment_not_into_an_enemy_army():
    """R-12.5: Mordor recruitment not into an enemy army."""
    g = ready(sh=["eye", "army", "army", "army"])
    clear_board(g)
    place(g, "camp", "fp", {"footmen": 1})
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "mordor_recruit"}, "recruit/no_orc_area")


def test_r12_6_no_recruitment_in_a_region_the_opponent_controls():
    """R-12.6: No recruitment in a region the opponent controls."""
    g = ready()
    adjust(g, "control", region="town", owner="sh")
    use(g, "fp", "muster", "recruit")
    assert_illegal(g, {"cmd": "recruit", "side": "fp", "region": "town"}, "recruit/bad_region")
    g.submit({"cmd": "recruit", "side": "fp", "region": "watch"})
    assert g.state["regions"]["town"]["rtokens"]["fp"] == ["riders"]


def test_r12_6_no_mordor_recruitment_in_an_orc_area_the_opponent_controls():
    """R-12.6: The camp (a Shadow settlement) under a Free Peoples control marker takes no Orc."""
    g = ready(sh=["eye", "army", "army", "army"])
    clear_board(g)
    adjust(g, "control", region="camp", owner="fp")
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "mordor_recruit"}, "recruit/no_orc_area")


def test_r12_6_no_shadow_recruitment_in_its_settlement_the_opponent_controls():
    """R-12.6: No shadow recruitment in its settlement the opponent controls."""
    g = ready()
    adjust(g, "control", region="spire", owner="fp")
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "muster", "recruit")
    assert_illegal(g, {"cmd": "recruit", "side": "sh", "region": "spire"}, "recruit/bad_region")


def test_r12_7_an_army_over_five_after_recruiting_loses_the_excess():
    """R-12.7: An army over five after recruiting loses the excess."""
    g = ready()
    place(g, "town", "fp", {"footmen": 3})
    use(g, "fp", "muster", "recruit")
    g.submit({"cmd": "recruit", "side": "fp", "region": "town"})
    p = top(g)
    assert p["kind"] == "remove_excess" and p["region"] == "town" and p["n"] == 1
    g.submit({"cmd": "remove_unit", "side": "fp", "unit": "footmen"})
    assert g.state["regions"]["town"]["units"] == {"footmen": 4, "riders": 1}
    assert top(g)["kind"] == "recruit"


# -- R-13 --------------------------------------------------------------------------------------

# R-13.1 (the rule book's example, leadership-limited re-rolls, one die per unit, no rally
# without damage): tests/rules/R-13.1_rally.yaml.


def test_r13_2_the_muster_die_rallies_two_different_armies():
    """R-13.2: The muster die rallies two different armies."""
    g = ready()
    adjust(g, "damage", region="town", n=1)
    adjust(g, "damage", region="hold", n=1)
    use(g, "fp", "muster", "rally")
    assert top(g)["left"] == 2
    g.submit({"cmd": "rally", "side": "fp", "region": "town", "outcomes": [1, 1]})
    assert top(g)["left"] == 1 and top(g)["used"] == ["town"]
    g.submit({"cmd": "rally", "side": "fp", "region": "hold", "outcomes": [5, 1, 1]})
    assert g.state["regions"]["hold"]["damage"] == 0 and g.state["regions"]["town"]["damage"] == 1
    assert top(g) == {"kind": "action", "side": "sh"}


def test_r13_2_an_action_token_rallies_one_army():
    """R-13.2: An action token rallies one army."""
    g = ready()
    adjust(g, "damage", region="town", n=1)
    adjust(g, "damage", region="hold", n=1)
    g.submit({"cmd": "pass", "side": "fp", "token": "rally"})
    assert top(g)["left"] == 1
    g.submit({"cmd": "rally", "side": "fp", "region": "hold", "outcomes": [1, 1, 1]})
    assert top(g) == {"kind": "action", "side": "sh"}
    assert g.state["regions"]["town"]["damage"] == 1


# -- R-14 --------------------------------------------------------------------------------------

# R-14.1 (taking and keeping control) and R-14.2 (liberation): tests/rules/R-14.1_control.yaml,
# tests/rules/R-14.2_liberation.yaml.


def test_r14_3_a_territory_is_controlled_with_all_its_settlements():
    """R-14.3: A territory is controlled with all its settlements."""
    g = ready()
    rules = g.rules
    adjust(g, "control", region="town", owner="sh")
    assert rules.captured_territories(g.state) == []
    adjust(g, "control", region="hold", owner="sh")
    assert rules.captured_territories(g.state) == ["westmarch"]
    adjust(g, "control", region="town", owner=None)
    assert rules.captured_territories(g.state) == []


def test_r14_2_liberation_is_where_a_move_ends_not_on_the_way():
    """R-14.2 and the ruling "Liberation is where a move ends" (docs/rulings.md): Riders with a
    leader fast-move from Grimslade through the Westemnet, a Free Peoples settlement under a Shadow
    marker with no Shadow army, on to Derndingle: the marker stays. The same move ending in the
    Westemnet removes it."""
    from botwotr.catalog import spec_for
    from botwotr.core import Game

    def game():
        setup = {"phase": "actions", "position": "palantir_room", "active": "fp",
                 "dice": {"fp": ["character"], "sh": ["army"]},
                 "regions": {"grimslade": {"units": {"rohan_riders": 2}, "leaders": 1},
                             "westemnet": {"control": "sh"}, "methedras": {"units": {"orcs": 1}}}}
        g = Game.new(spec_for("rohan"), seed=1, options={"setup": setup})
        g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "fast_move"})
        return g

    g = game()
    g.submit({"cmd": "move_army", "side": "fp", "from": "grimslade", "path": ["westemnet", "derndingle"]})
    assert g.state["regions"]["westemnet"]["control"] == "sh" and g.state["regions"]["derndingle"]["side"] == "fp"
    g = game()
    g.submit({"cmd": "move_army", "side": "fp", "from": "grimslade", "path": ["westemnet"]})
    assert g.state["regions"]["westemnet"]["control"] is None
