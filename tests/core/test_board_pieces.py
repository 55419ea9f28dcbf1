"""R-1 (board, regions, borders) and R-2 (pieces), on the small test scenario.

Board (tests/data/test_scenario/scenario.yaml):
  hold: town, watch(wall) | town: hold, woods | watch: hold, fields (heights across mountains)
  fields: watch, woods(stream), fen(ford), heights(pass) | woods: town, fields (fen across a river)
  fen: fields, camp | heights: fields, spire | camp: fen, spire | spire: camp, heights
"""
from __future__ import annotations

import shutil

import pytest

from botwotr.content import load_scenario
from botwotr.content.errors import ContentError
from botwotr.core.spec import TERRAINS
from botwotr.core.state import leadership
from helpers import (TEST_SCENARIO, adjust, assert_illegal, clear_board, events_named, new_game,
                     place, start_with, to_actions, top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]


# Set-up tokens: Riders in Ashby, Footmen in the Watchfort, Orcs in the camp, Wargs in the Spire;
# turn-1 draws: Heroic Stand and The Beacons Are Lit (fp), Call to Arms and Dark Muster (sh).
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


def ready(fp=FP, sh=SH, position="tower", seed=1):
    return to_actions(new_game(seed), fp=fp, sh=sh, position=position)


def fast(game, frm, path, **kw):
    use(game, "fp", "character", "fast_move")
    return game.submit({"cmd": "move_army", "side": "fp", "from": frm, "path": path, **kw})


# -- R-1 ---------------------------------------------------------------------------------------

def test_r1_1_regions_have_one_terrain_and_settlements_belong_to_territories():
    """R-1.1: Regions have one terrain and settlements belong to territories."""
    g = new_game()
    regions = g.spec.board.regions
    assert len(regions) == 9
    assert {rs.terrain for rs in regions.values()} == set(TERRAINS)
    settlements = {r for r, rs in regions.items() if rs.settlement}
    assert settlements == {"hold", "town", "camp", "spire"}
    assert {regions[r].territory for r in settlements} == {"westmarch", "blackvale"}
    assert regions["hold"].name == "Greyhold" and regions["hold"].terrain == "stronghold"


def test_r1_1_a_region_with_an_unknown_terrain_is_refused(tmp_path):
    """R-1.1: A region with an unknown terrain is refused."""
    folder = tmp_path / "scn"
    shutil.copytree(TEST_SCENARIO, folder)
    board = folder / "board.yaml"
    board.write_text(board.read_text().replace("terrain: marsh", "terrain: swamp"))
    with pytest.raises(ContentError):
        load_scenario(folder)


def test_r1_1_recruitment_tokens_are_placed_in_settlements():
    """R-1.1: The Beacons Are Lit places tokens in the player's own settlements only."""
    g = ready()
    adjust(g, "card", card="beacons_lit", to="hand_fp")
    use(g, "fp", "muster", "play_card", card="beacons_lit")
    assert top(g)["kind"] == "choose_region" and top(g)["purpose"] == "token"
    assert sorted(top(g)["options"]) == ["hold", "town"]


def test_r1_2_a_move_goes_only_to_an_adjacent_region():
    """R-1.2: A move goes only to an adjacent region."""
    g = ready()
    use(g, "fp", "army_muster", "strategic_move")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "hold", "to": "woods"}, "move/not_adjacent")
    g.submit({"cmd": "move_army", "side": "fp", "from": "hold", "to": "watch"})
    assert g.state["regions"]["watch"]["units"] == {"footmen": 2, "riders": 1}


def test_r1_2_every_region_costs_the_same_to_enter():
    """R-1.2: A fast move of two regions crosses a forest and ends in a plain: terrain costs nothing."""
    g = ready()
    clear_board(g)
    place(g, "town", "fp", {"footmen": 1}, leaders=1)
    fast(g, "town", ["woods", "fields"])
    assert g.state["regions"]["fields"]["units"] == {"footmen": 1}
    assert g.state["regions"]["fields"]["leaders"] == 1


def test_r1_3_an_army_cannot_move_into_a_region_holding_an_enemy_army():
    """R-1.3: An army cannot move into a region holding an enemy army."""
    g = ready()
    place(g, "watch", "sh", {"orcs": 1})
    use(g, "fp", "army_muster", "strategic_move")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "hold", "to": "watch"}, "move/not_free")


def test_r1_3_a_region_with_only_an_enemy_character_is_free():
    """R-1.3: The Champion stands alone in the Windy Heights: the region is still free for the Free Peoples."""
    g = ready()
    clear_board(g)
    adjust(g, "character", char="champion", status="in_play", region="heights")
    place(g, "fields", "fp", {"footmen": 1})
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "fields", "to": "heights"})
    assert g.state["regions"]["heights"]["side"] == "fp"


def test_r1_4_regions_across_a_river_or_mountains_are_not_adjacent():
    """R-1.4: Regions across a river or mountains are not adjacent."""
    g = ready()
    nb = g.spec.board.neighbours
    assert "fen" not in nb("woods") and "heights" not in nb("watch")
    assert nb("fields")["fen"] == "ford" and nb("fields")["heights"] == "pass"
    clear_board(g)
    place(g, "woods", "fp", {"footmen": 1})
    place(g, "watch", "fp", {"footmen": 1})
    use(g, "fp", "army_muster", "strategic_move")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "woods", "to": "fen"}, "move/not_adjacent")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "watch", "to": "heights"}, "move/not_adjacent")


def test_r1_4_an_impassable_border_blocks_an_attack():
    """R-1.4: An enemy army across the river is not adjacent: it cannot be attacked from the Old Woods."""
    g = ready()
    clear_board(g)
    place(g, "woods", "fp", {"footmen": 2})
    place(g, "fen", "sh", {"orcs": 1})
    use(g, "fp", "army_muster", "attack")
    assert_illegal(g, {"cmd": "attack", "side": "fp", "from": "woods", "target": "fen"}, "attack/not_adjacent")
    # Through the ford, from the Barley Fields, the Black Fen is adjacent.
    g.submit({"cmd": "attack", "side": "fp", "from": "woods", "to": "fields", "target": "fen"})
    assert g.state["battle"]["target"] == "fen" and g.state["battle"]["armies"] == ["fields"]


def test_r1_4_characters_cannot_cross_an_impassable_border():
    """R-1.4: Characters cannot cross an impassable border."""
    g = ready()
    clear_board(g)
    adjust(g, "character", char="captain", status="in_play", region="watch")
    use(g, "fp", "character", "move_characters")
    assert_illegal(g, {"cmd": "move_characters", "side": "fp", "characters": ["captain"], "path": ["heights"]},
                   "move/not_adjacent")


def test_r1_5_borders_do_not_hinder_movement():
    """R-1.5: A stream, a ford, a pass and a wall cost nothing to cross: strategic moves cross them."""
    g = ready()
    clear_board(g)
    place(g, "woods", "fp", {"footmen": 1})
    place(g, "hold", "fp", {"footmen": 1})
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "woods", "to": "fields"})  # stream
    g.submit({"cmd": "move_army", "side": "fp", "from": "hold", "to": "watch"})  # wall
    assert g.state["regions"]["fields"]["units"] == {"footmen": 1}
    assert g.state["regions"]["watch"]["units"] == {"footmen": 1}
    place(g, "camp", "sh", {"orcs": 1})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "camp", "to": "fen"})
    assert g.state["regions"]["fen"]["units"] == {"orcs": 1}


# -- R-2 ---------------------------------------------------------------------------------------

def test_r2_1_an_army_is_all_units_of_a_player_in_a_region_of_any_types():
    """R-2.1: An army is all units of a player in a region of any types."""
    g = ready()
    hold = g.state["regions"]["hold"]
    assert hold["side"] == "fp" and hold["units"] == {"footmen": 2, "riders": 1}
    assert g.spec.units["riders"].strength == 2 and g.spec.units["footmen"].favoured == ("fort",)


def test_r2_1_an_army_holds_at_most_five_units():
    """R-2.1: Merging 3 + 3 units: the owner removes one unit at once, choosing which."""
    g = ready()
    clear_board(g)
    place(g, "hold", "fp", {"footmen": 2, "riders": 1})
    place(g, "town", "fp", {"footmen": 3})
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "town", "to": "hold"})
    p = top(g)
    assert p["kind"] == "remove_excess" and p["region"] == "hold" and p["n"] == 1
    g.submit({"cmd": "remove_unit", "side": "fp", "unit": "riders"})
    assert g.state["regions"]["hold"]["units"] == {"footmen": 5}


def test_r2_2_a_leader_cannot_stay_behind_without_units():
    """R-2.2: A leader cannot stay behind without units."""
    g = ready()
    use(g, "fp", "army_muster", "strategic_move")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "hold", "to": "town", "leaders": 0},
                   "move/leader_alone")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "hold", "to": "town", "units": {}},
                   "move/no_units")


def test_r2_2_a_leader_left_without_friendly_units_is_removed_at_once():
    """R-2.2: A leader left without friendly units is removed at once."""
    g = ready()
    events = adjust(g, "units", region="hold", owner="fp", unit="footmen", n=-2)
    assert g.state["regions"]["hold"]["leaders"] == 1
    events = adjust(g, "units", region="hold", owner="fp", unit="riders", n=-1)
    assert events_named(events, "LeadersRemoved")
    assert g.state["regions"]["hold"]["leaders"] == 0


def test_r2_2_a_leader_with_a_destroyed_army_is_removed():
    """R-2.2: Card damage that destroys an army (Burning Fields) takes its leader too."""
    g = ready()
    clear_board(g)
    place(g, "fields", "sh", {"orcs": 1})
    place(g, "woods", "fp", {"footmen": 1}, leaders=1, damage=1)
    adjust(g, "card", card="burning_fields", to="hand_sh")
    g.submit({"cmd": "pass", "side": "fp"})  # the Shadow has more unused dice (6 to 5)
    use(g, "sh", "army", "play_card", card="burning_fields")
    g.submit({"cmd": "choose_region", "side": "sh", "region": "woods"})
    assert top(g)["kind"] == "casualties"
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    assert g.state["regions"]["woods"]["units"] == {}
    assert g.state["regions"]["woods"]["leaders"] == 0


def test_r2_2_leaders_are_free_peoples_only():
    """R-2.2: Leaders are free peoples only."""
    g = ready()
    assert_illegal(g, {"cmd": "adjust_leaders", "side": "players", "region": "camp", "n": 1}, "adjust/leaders")
    assert "sh" not in g.spec.leaders


def test_r2_3_the_shadow_uses_leadership_tokens_instead_of_leaders():
    """R-2.3: The tokens taken in the Shadow phase are placed on Shadow armies and count as leaders."""
    g = ready()
    camp = g.state["regions"]["camp"]
    assert camp["tokens"] == 2 and camp["leaders"] == 0
    assert leadership(g.state, g.spec, "camp") == 2
    assert leadership(g.state, g.spec, "spire") == 0


def test_r2_4_characters_have_rating_modifier_and_level():
    """R-2.4: The Captain (2/+1) commands; a leader (1/+1) adds its modifier: leadership 3. The Wizard
    (1/+1) joining adds 1 more; its level 3 is its movement."""
    g = ready()
    spec = g.spec
    cap = spec.characters["captain"]
    assert (cap.kind, cap.rating, cap.modifier, cap.level, cap.extra_die) == ("captain", 2, 1, 1, True)
    assert spec.characters["warlock"].kind == "commander" and spec.commander == "warlock"
    assert leadership(g.state, spec, "hold") == 3
    adjust(g, "character", char="wizard", status="in_play", region="hold")
    assert leadership(g.state, spec, "hold") == 4
    assert spec.characters["wizard"].level == 3


def test_r2_5_a_character_may_move_and_stay_alone():
    """R-2.5: A character may move and stay alone."""
    g = ready()
    use(g, "fp", "character", "move_characters")
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["captain"], "path": ["watch"]})
    assert g.state["chars"]["captain"]["region"] == "watch"
    assert g.state["regions"]["watch"]["units"] == {}
    assert leadership(g.state, g.spec, "hold") == 1


def test_r2_5_a_lone_character_can_neither_be_attacked_nor_stop_a_fast_move():
    """R-2.5: A lone character can neither be attacked nor stop a fast move."""
    g = ready()
    clear_board(g)
    adjust(g, "character", char="champion", status="in_play", region="heights")
    place(g, "watch", "fp", {"footmen": 2}, leaders=1)
    # No enemy army anywhere: no attack is possible, the Champion is not a target.
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 1, "action": "attack"}, "attack/none")
    # A fast move through the Barley Fields (next to the Champion) need not stop there.
    fast(g, "watch", ["fields", "woods"])
    assert g.state["regions"]["woods"]["units"] == {"footmen": 2}


def test_r2_5_a_lone_character_cannot_attack():
    """R-2.5: A lone character cannot attack."""
    g = ready()
    clear_board(g)
    adjust(g, "character", char="captain", status="in_play", region="fields")
    place(g, "heights", "sh", {"orcs": 1})
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"}, "attack/none")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 1, "action": "attack"}, "attack/none")


def test_r2_6_any_number_of_leaders_tokens_and_characters_join_an_army():
    """R-2.6: Any number of leaders tokens and characters join an army."""
    g = ready()
    adjust(g, "leaders", region="hold", n=1)
    adjust(g, "character", char="wizard", status="in_play", region="hold")
    # Captain 2 + leader +1 + leader +1 + Wizard +1.
    assert leadership(g.state, g.spec, "hold") == 5
    # Two Shadow leadership tokens and the Champion (1/+1) with one army: 2 + 1.
    adjust(g, "character", char="champion", status="in_play", region="camp")
    assert g.state["regions"]["camp"]["tokens"] == 2
    assert leadership(g.state, g.spec, "camp") == 3


def test_r2_6_a_character_ending_its_move_with_a_friendly_army_joins_it():
    """R-2.6: A character ending its move with a friendly army joins it."""
    g = ready()
    clear_board(g)
    place(g, "town", "fp", {"footmen": 2})
    adjust(g, "character", char="captain", status="in_play", region="hold")
    assert leadership(g.state, g.spec, "town") == 0
    use(g, "fp", "character", "move_characters")
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["captain"], "path": ["town"]})
    assert leadership(g.state, g.spec, "town") == 2
    # It now moves with that army when the whole army moves.
    place(g, "spire", "sh", {"orcs": 1})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "done", "side": "sh"})
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "town", "to": "woods"})
    assert g.state["chars"]["captain"]["region"] == "woods"


def test_r2_7_damage_markers_move_with_the_army():
    """R-2.7: Damage markers move with the army."""
    g = ready()
    clear_board(g)
    place(g, "town", "fp", {"footmen": 3}, damage=2)
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "town", "to": "woods"})
    assert g.state["regions"]["woods"]["damage"] == 2
    assert g.state["regions"]["town"]["damage"] == 0


def test_r2_8_the_scenario_fixes_the_number_of_figures():
    """R-2.8: Riders have 6 figures: 1 on the board, so 5 more may be placed, not 6."""
    g = ready()
    assert g.spec.units["riders"].figures == 6
    assert_illegal(g, {"cmd": "adjust_units", "side": "players", "region": "watch", "owner": "fp",
                       "unit": "riders", "n": 6}, "adjust/no_figures")
    adjust(g, "units", region="watch", owner="fp", unit="riders", n=5)


def test_r2_8_a_removed_unit_can_come_back_as_a_reinforcement():
    """R-2.8: All 6 Riders are on the board; one dies; a Riders recruitment token brings it back."""
    g = to_actions(start_with(START), fp=FP, sh=SH, position="tower")
    clear_board(g)
    place(g, "woods", "fp", {"riders": 5})
    place(g, "fields", "fp", {"riders": 1})
    assert_illegal(g, {"cmd": "adjust_units", "side": "players", "region": "hold", "owner": "fp",
                       "unit": "riders", "n": 1}, "adjust/no_figures")
    adjust(g, "units", region="fields", owner="fp", unit="riders", n=-1)
    assert g.state["regions"]["town"]["rtokens"]["fp"] == ["riders"]
    use(g, "fp", "muster", "recruit")
    g.submit({"cmd": "recruit", "side": "fp", "region": "town"})
    assert g.state["regions"]["town"]["units"] == {"riders": 1}
