"""The companion mode's adjustment commands (adjust_*): the players correct the position by hand.
Each one is logged as an `Adjustment` event followed by the change; a bad one is refused and
changes nothing."""
from __future__ import annotations

import pytest

from botwotr.core import Game
from helpers import (assert_illegal, clear_board, place, start_with, test_spec, to_actions, top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


@pytest.fixture
def g():
    return to_actions(start_with(START), fp=FP, sh=SH, position="tower", fate=["grey_0a"])


def adj(g, what, **kw):
    events = g.submit({"cmd": f"adjust_{what}", "side": "players", **kw})
    assert events[0]["e"] == "Adjustment" and events[0]["what"] == what
    assert events[0]["command"] == kw
    assert g.log[-1]["events"] == events
    return events


# -- good adjustments --------------------------------------------------------------------------

def test_adjust_units_places_and_removes(g):
    events = adj(g, "units", region="woods", owner="fp", unit="riders", n=2)
    assert events[1]["e"] == "UnitsPlaced"
    assert g.state["regions"]["woods"]["units"] == {"riders": 2} and g.state["regions"]["woods"]["side"] == "fp"
    adj(g, "units", region="woods", owner="fp", unit="riders", n=-1)
    assert g.state["regions"]["woods"]["units"] == {"riders": 1}
    assert top(g) == {"kind": "action", "side": "fp"}  # the game waits for the same decision


def test_adjust_move(g):
    events = adj(g, "move", **{"from": "hold", "to": "fields"})
    assert events[1]["e"] == "ArmyMoved"
    assert g.state["regions"]["fields"]["units"] == {"footmen": 2, "riders": 1}
    assert g.state["regions"]["fields"]["leaders"] == 1 and g.state["chars"]["captain"]["region"] == "fields"


def test_adjust_damage(g):
    adj(g, "damage", region="town", n=2)
    assert g.state["regions"]["town"]["damage"] == 2
    adj(g, "damage", region="town", n=-1)
    assert g.state["regions"]["town"]["damage"] == 1


def test_adjust_leaders(g):
    adj(g, "leaders", region="town", n=1)
    assert g.state["regions"]["town"]["leaders"] == 1
    adj(g, "leaders", region="town", n=-1)
    assert g.state["regions"]["town"]["leaders"] == 0


def test_adjust_character(g):
    adj(g, "character", char="wizard", status="in_play", region="woods")
    assert g.state["chars"]["wizard"] == {"status": "in_play", "region": "woods"}
    adj(g, "character", char="wizard", status="eliminated")
    assert g.state["chars"]["wizard"] == {"status": "eliminated", "region": None}


def test_adjust_control(g):
    adj(g, "control", region="town", owner="sh")
    assert g.state["regions"]["town"]["control"] == "sh"
    adj(g, "control", region="town", owner=None)
    assert g.state["regions"]["town"]["control"] is None


def test_adjust_fate(g):
    events = adj(g, "fate", to=4)
    assert g.state["fate"] == 4
    # Setting the marker by hand is a correction: no fate-track event fires.
    assert g.state["chars"]["wizard"]["status"] == "pool"
    assert [e["e"] for e in events] == ["Adjustment", "FateMarkerMoved"]


def test_adjust_dice(g):
    adj(g, "dice", owner="sh", n=-2)
    assert g.state["sides"]["sh"]["dice_bonus"] == -2


def test_adjust_card(g):
    adj(g, "card", card="forced_march", to="hand_sh")
    assert "forced_march" in g.state["sides"]["sh"]["hand"] and "forced_march" not in g.state["generic"]
    adj(g, "card", card="forced_march", to="discard")
    assert g.state["discard"] == ["forced_march"]
    adj(g, "card", card="forced_march", to="deck")
    assert "forced_march" in g.state["generic"] and g.state["discard"] == []
    adj(g, "card", card="heroic_stand", to="hand_sh")
    assert "heroic_stand" in g.state["sides"]["sh"]["hand"] and "heroic_stand" not in g.state["sides"]["fp"]["hand"]


def test_adjustments_replay_and_fold(g):
    adj(g, "units", region="woods", owner="sh", unit="orcs", n=3)
    adj(g, "damage", region="woods", n=1)
    adj(g, "fate", to=2)
    assert g.fold() == g.state
    again = Game.replay(g.spec, g.seed, g.log)
    assert again.state == g.state


# -- bad adjustments: refused, state and log unchanged ----------------------------------------

BAD = [
    ({"cmd": "adjust_units", "region": "mordor", "owner": "fp", "unit": "footmen", "n": 1}, "adjust/region"),
    ({"cmd": "adjust_units", "region": "woods", "owner": "fp", "unit": "orcs", "n": 1}, "adjust/units"),
    ({"cmd": "adjust_units", "region": "woods", "owner": "fp", "unit": "footmen", "n": 0}, "adjust/units"),
    ({"cmd": "adjust_units", "region": "camp", "owner": "fp", "unit": "footmen", "n": 1}, "adjust/enemy_here"),
    ({"cmd": "adjust_units", "region": "woods", "owner": "fp", "unit": "riders", "n": 6}, "adjust/no_figures"),
    ({"cmd": "adjust_units", "region": "town", "owner": "fp", "unit": "footmen", "n": -3}, "adjust/not_there"),
    ({"cmd": "adjust_move", "from": "woods", "to": "fields"}, "adjust/no_army"),
    ({"cmd": "adjust_move", "from": "hold", "to": "camp"}, "adjust/enemy_here"),
    ({"cmd": "adjust_move", "from": "hold", "to": "watch", "units": {"footmen": 3}}, "move/not_there"),
    ({"cmd": "adjust_damage", "region": "town", "n": 3}, "adjust/damage"),
    ({"cmd": "adjust_damage", "region": "town", "n": -1}, "adjust/damage"),
    ({"cmd": "adjust_damage", "region": "woods", "n": 1}, "adjust/damage"),
    ({"cmd": "adjust_leaders", "region": "camp", "n": 1}, "adjust/leaders"),
    ({"cmd": "adjust_leaders", "region": "town", "n": -1}, "adjust/leaders"),
    ({"cmd": "adjust_leaders", "region": "woods", "n": 1}, "adjust/leaders"),
    ({"cmd": "adjust_character", "char": "gollum", "status": "pool"}, "adjust/character"),
    ({"cmd": "adjust_character", "char": "wizard", "status": "asleep"}, "adjust/character"),
    ({"cmd": "adjust_character", "char": "wizard", "status": "in_play", "region": "moria"}, "adjust/region"),
    ({"cmd": "adjust_control", "region": "woods", "owner": "sh"}, "adjust/control"),
    ({"cmd": "adjust_control", "region": [], "owner": "sh"}, "command/malformed"),
    ({"cmd": "adjust_move", "from": {"hold": 1}, "to": "town"}, "command/malformed"),
    ({"cmd": "adjust_control", "region": "town", "owner": "elves"}, "adjust/control"),
    ({"cmd": "adjust_fate", "to": 10}, "adjust/fate"),
    ({"cmd": "adjust_fate", "to": -1}, "adjust/fate"),
    ({"cmd": "adjust_dice", "owner": "sh", "n": 0}, "adjust/dice"),
    ({"cmd": "adjust_dice", "owner": "orcs", "n": 1}, "adjust/dice"),
    ({"cmd": "adjust_card", "card": "one_ring", "to": "hand_fp"}, "adjust/card"),
    ({"cmd": "adjust_card", "card": "forced_march", "to": "table"}, "adjust/card"),
]


@pytest.mark.parametrize("cmd,code", BAD, ids=[f"{c['cmd']}-{code}-{i}" for i, (c, code) in enumerate(BAD)])
def test_a_bad_adjustment_is_refused_and_changes_nothing(g, cmd, code):
    assert_illegal(g, {**cmd, "side": "players"}, code)


def test_no_adjustment_during_a_battle(g):
    clear_board(g)
    place(g, "town", "fp", {"footmen": 2})
    place(g, "woods", "sh", {"orcs": 2})
    use(g, "fp", "army_muster", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "town", "target": "woods"})
    assert g.state["battle"] is not None
    assert_illegal(g, {"cmd": "adjust_fate", "side": "players", "to": 3}, "adjust/in_battle")


def test_only_adjustments_are_given_by_the_players(g):
    assert_illegal(g, {"cmd": "pass", "side": "players"}, "command/bad_side")


def test_no_adjustment_before_the_game_starts():
    g = Game(test_spec(), seed=1)
    with pytest.raises(Exception) as info:
        g.submit({"cmd": "adjust_fate", "side": "players", "to": 3})
    assert info.value.code == "game/not_started"
    assert g.log == []
