"""What is known of the Ents (SCENARIOS.md): they hit on 5+ even against Orthanc, they take no
control of regions, and fate rouses them."""
from botwotr.catalog import spec_for
from botwotr.core import Game
from helpers import clear_board, place, to_actions, top


def rohan_game(seed=5):
    return Game.new(spec_for("rohan"), seed=seed)


def test_r10_4_ents_hit_on_five_against_orthanc():
    """R-10.4.2 / R-10.10: the Ents attack Orthanc, a stronghold, from Fangorn: their target is 5."""
    g = rohan_game()
    clear_board(g)
    place(g, "fangorn", "fp", {"ents": 2})
    place(g, "orthanc", "sh", {"uruk_hai": 2})
    to_actions(g, fp=["army_muster"] * 4, sh=["army"] * 4, position="palantir_room", fate=["grey_1a"])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"})
    g.submit({"cmd": "attack", "side": "fp", "from": "fangorn", "target": "orthanc"})
    while top(g)["kind"] == "discard":
        g.submit({"cmd": "discard", "side": top(g)["side"], "card": g.state["sides"][top(g)["side"]]["hand"][0]})
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "regroup"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
    events = g.submit({"cmd": "roll_combat", "side": "fp", "outcomes": [5, 5, 5, 5, 5]})
    roll = [e for e in events if e["e"] == "CombatRolled"][0]
    assert roll["target"] == 5 and len(roll["dice"]) == 5  # 2 Ents of strength 3: capped at 5


def test_r14_1_ents_take_no_control():
    """R-14.1: an army of Ents alone does not take control of a Shadow settlement."""
    g = rohan_game()
    clear_board(g)
    place(g, "nan_curunir", "fp", {"ents": 1})
    to_actions(g, fp=["army_muster"] * 4, sh=["army"] * 4, position="palantir_room", fate=["grey_1a"])
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})
    g.submit({"cmd": "move_army", "side": "fp", "from": "nan_curunir", "path": ["orthanc"]})
    g.submit({"cmd": "done", "side": "fp"})
    assert g.state["regions"]["orthanc"]["side"] == "fp"
    assert g.state["regions"]["orthanc"]["control"] is None  # still the Shadow's settlement


def test_r14_2_ents_liberate_a_free_peoples_settlement():
    """R-14.2 with the Ents' "never take control" (docs/rulings.md, "Ents liberate"): an army of
    Ents alone ending its move in a Free Peoples settlement the Shadow controls removes the
    Shadow's marker, giving the settlement back to its owner; no marker of theirs is placed."""
    g = rohan_game()
    clear_board(g)
    place(g, "fangorn", "fp", {"ents": 1})
    g.submit({"cmd": "adjust_control", "side": "players", "region": "westemnet", "owner": "sh"})
    to_actions(g, fp=["army_muster"] * 4, sh=["army"] * 4, position="palantir_room", fate=["grey_1a"])
    assert g.state["regions"]["westemnet"]["control"] == "sh"
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})
    events = g.submit({"cmd": "move_army", "side": "fp", "from": "fangorn", "path": ["westemnet"]})
    assert [e for e in events if e["e"] == "ControlChanged"] == [
        {"e": "ControlChanged", "region": "westemnet", "side": None, "why": "liberated"}]
    assert g.state["regions"]["westemnet"]["control"] is None and g.state["regions"]["westemnet"]["side"] == "fp"
