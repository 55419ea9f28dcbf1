"""Regressions found by the soak bench (bench/soak.py), kept as tests."""
from helpers import clear_board, new_game, place, to_actions, top, use


def test_r9_5_r11_3_merging_damaged_armies_over_five_then_casualties():
    """R-9.5 then R-11.3: two damaged armies merge past 5 units; the owner removes the excess,
    and if markers then exceed units, casualties follow at once (soak seed 640)."""
    g = new_game(2)
    to_actions(g, fp=["army_muster"] * 5, sh=["army"] * 6)
    clear_board(g)
    place(g, "fields", "fp", {"footmen": 3, "riders": 1}, damage=4)
    place(g, "watch", "fp", {"footmen": 3}, damage=3)
    place(g, "spire", "sh", {"orcs": 1})
    use(g, "fp", "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": "fp", "from": "watch", "path": ["fields"]})
    assert top(g)["kind"] == "remove_excess" and top(g)["n"] == 2
    g.submit({"cmd": "remove_unit", "side": "fp", "unit": "footmen"})
    g.submit({"cmd": "remove_unit", "side": "fp", "unit": "footmen"})
    reg = g.state["regions"]["fields"]
    assert sum(reg["units"].values()) == 5 and reg["damage"] == 7
    assert top(g) == {"kind": "casualties", "side": "fp", "region": "fields", "mandatory": True}
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    reg = g.state["regions"]["fields"]
    assert (sum(reg["units"].values()), reg["damage"]) == (4, 5)
    g.submit({"cmd": "casualty", "side": "fp", "unit": "footmen"})
    reg = g.state["regions"]["fields"]
    assert (sum(reg["units"].values()), reg["damage"]) == (3, 3)
    assert top(g)["kind"] == "casualties" and not top(g)["mandatory"]
