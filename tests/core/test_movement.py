"""R-9: movement of armies and characters."""
from __future__ import annotations

from helpers import (adjust, assert_illegal, clear_board, new_game, place, to_actions, use)
from botwotr.core.state import leadership

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]


def ready(fp=FP, sh=SH, position="tower", seed=1):
    return to_actions(new_game(seed), fp=fp, sh=sh, position=position, fate=["grey_0a"])


def board(g, **armies):
    clear_board(g)
    for region, (side, units, leaders, damage) in armies.items():
        place(g, region, side, units, leaders=leaders, damage=damage)
    return g


def strategic(g, side="fp"):
    use(g, side, "army_muster", "strategic_move")


def move(g, side="fp", **kw):
    if "frm" in kw:
        kw["from"] = kw.pop("frm")
    return g.submit({"cmd": "move_army", "side": side, **kw})


# R-9.1 (to an adjacent free region, not into an enemy, nothing to move): tests/rules/R-9.1_army_move.yaml.


# -- R-9.2 -------------------------------------------------------------------------------------

def test_r9_2_splitting_units_may_be_left_behind():
    """R-9.2: Splitting units may be left behind."""
    g = board(ready(), town=("fp", {"footmen": 2, "riders": 1}, 0, 0))
    strategic(g)
    move(g, frm="town", to="woods", units={"riders": 1})
    assert g.state["regions"]["woods"]["units"] == {"riders": 1}
    assert g.state["regions"]["town"]["units"] == {"footmen": 2}


# The rule book's damage-split example: tests/rules/R-9.2_damage_split.yaml.


def test_r9_2_a_character_die_move_takes_a_leader_or_a_character_with_leadership():
    """R-9.2: A character die move takes a leader or a character with leadership."""
    g = board(ready(), town=("fp", {"footmen": 3}, 1, 0))
    use(g, "fp", "character", "fast_move")
    assert_illegal(g, {"cmd": "move_army", "side": "fp", "from": "town", "path": ["woods"],
                       "units": {"footmen": 2}, "leaders": 0}, "move/no_leader")
    move(g, frm="town", path=["woods"], units={"footmen": 2}, leaders=1)
    assert g.state["regions"]["woods"]["leaders"] == 1 and g.state["regions"]["town"]["leaders"] == 0


def test_r9_2_a_character_rated_1_or_more_may_lead_the_move():
    """R-9.2: A character rated 1 or more may lead the move."""
    g = board(ready(), town=("fp", {"footmen": 2}, 0, 0))
    adjust(g, "character", char="captain", status="in_play", region="town")
    use(g, "fp", "character", "fast_move")
    move(g, frm="town", path=["woods", "fields"], units={"footmen": 1}, characters=["captain"])
    assert g.state["chars"]["captain"]["region"] == "fields"
    assert g.state["regions"]["town"]["units"] == {"footmen": 1}


# -- R-9.3 -------------------------------------------------------------------------------------

def test_r9_3_character_die_actions_need_leadership():
    """R-9.3: Character die actions need leadership."""
    g = board(ready(), town=("fp", {"footmen": 2}, 0, 0), woods=("sh", {"orcs": 1}, 0, 0))
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "fast_move"}, "move/none")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"}, "attack/none")
    # An Army/Muster die attacks without a leader.
    use(g, "fp", "army_muster", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "town", "target": "woods"})
    assert g.state["battle"]["mode"] == "army"


def test_r9_3_the_leaderless_army_cannot_make_the_character_attack():
    """R-9.3: The leaderless army cannot make the character attack."""
    g = board(ready(), town=("fp", {"footmen": 2}, 0, 0), hold=("fp", {"footmen": 1}, 1, 0),
              woods=("sh", {"orcs": 1}, 0, 0))
    use(g, "fp", "character", "attack")
    assert_illegal(g, {"cmd": "attack", "side": "fp", "from": "town", "target": "woods"}, "attack/no_leader")


def test_r9_3_a_leader_gives_the_leadership():
    """R-9.3: A leader gives the leadership."""
    g = board(ready(), town=("fp", {"footmen": 2}, 1, 0), woods=("sh", {"orcs": 1}, 0, 0))
    assert leadership(g.state, g.spec, "town") == 1
    use(g, "fp", "character", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "town", "target": "woods"})
    assert g.state["battle"]["mode"] == "character"


# -- R-9.4 -------------------------------------------------------------------------------------

# R-9.4 (fast and strategic moves: two regions or one, no pick-up, stop next to an enemy):
# tests/rules/R-9.4_fast_move.yaml.


# R-9.5 (merging, the excess over five, merged armies attack): tests/rules/R-9.5_merging.yaml.


# -- R-9.6 -------------------------------------------------------------------------------------

def test_r9_6_a_character_joins_a_friendly_army_where_its_move_ends():
    """R-9.6: A character joins a friendly army where its move ends."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    assert leadership(g.state, g.spec, "spire") == 0
    use(g, "sh", "box", "move_characters")
    g.submit({"cmd": "move_characters", "side": "sh", "characters": ["champion"], "path": ["spire"]})
    assert leadership(g.state, g.spec, "spire") == 1
    use(g, "fp", "event", "draw_story")
    # The Champion now moves with its army.
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "spire", "to": "heights"})
    assert g.state["chars"]["champion"]["region"] == "heights"


# -- R-9.7 -------------------------------------------------------------------------------------

def test_r9_7_each_character_moves_up_to_its_level():
    """R-9.7: Each character moves up to its level."""
    g = ready()
    use(g, "fp", "character", "move_characters")
    assert_illegal(g, {"cmd": "move_characters", "side": "fp", "characters": ["captain"], "path": ["town", "woods"]},
                   "characters/too_far")
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["captain"], "path": ["town"]})
    assert g.state["chars"]["captain"]["region"] == "town"


def test_r9_7_characters_ignore_enemy_armies():
    """R-9.7: Characters ignore enemy armies."""
    g = ready()
    clear_board(g)
    place(g, "fields", "sh", {"orcs": 3})
    place(g, "woods", "sh", {"orcs": 1})
    adjust(g, "character", char="wizard", status="in_play", region="town")
    use(g, "fp", "character", "move_characters")
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["wizard"], "path": ["woods", "fields", "fen"]})
    assert g.state["chars"]["wizard"]["region"] == "fen"


def test_r9_7_a_group_moves_by_the_highest_level():
    """R-9.7: A group moves by the highest level."""
    g = ready()
    adjust(g, "character", char="wizard", status="in_play", region="hold")
    use(g, "fp", "character", "move_characters")
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["captain", "wizard"],
              "path": ["town", "woods", "fields"]})
    assert {c: g.state["chars"][c]["region"] for c in ("captain", "wizard")} == {"captain": "fields", "wizard": "fields"}


def test_r9_7_only_characters_sharing_a_region_move_as_a_group():
    """R-9.7: Only characters sharing a region move as a group."""
    g = ready()
    adjust(g, "character", char="wizard", status="in_play", region="town")
    use(g, "fp", "character", "move_characters")
    assert_illegal(g, {"cmd": "move_characters", "side": "fp", "characters": ["captain", "wizard"], "path": ["woods"]},
                   "characters/not_group")


def test_r9_7_a_character_moves_once_per_action():
    """R-9.7: A character moves once per action."""
    g = ready()
    adjust(g, "character", char="wizard", status="in_play", region="town")
    use(g, "fp", "character", "move_characters")
    g.submit({"cmd": "move_characters", "side": "fp", "characters": ["wizard"], "path": ["woods"]})
    assert_illegal(g, {"cmd": "move_characters", "side": "fp", "characters": ["wizard"], "path": ["fields"]},
                   "characters/moved")
    assert_illegal(g, {"cmd": "move_characters", "side": "fp", "characters": ["champion"], "path": ["fields"]},
                   "characters/unknown")
