"""The Darkness of the Battle for Gondor (issue 12, docs/gondor.md), through `Game.submit`:
its regions at the start, what it does to movement (R-9.4) and battle (R-10.4.3), and how it
lifts (fate spaces, the west_wind tiles, R-7.4/R-7.6) or spreads again (a Darkness card)."""
from __future__ import annotations

from gondor_positions import (FP, SH, SPEC, assert_illegal, attack, fight, hand, kind, next_turn, place, play,
                              ready, siege, to_shadow, top, units)

START = list(SPEC.rules_data["darkness"]["regions"])


def test_darkness_covers_the_land_between_the_cities_at_the_start():
    g = ready(keep_board=True)
    d = siege(g)["darkness"]
    assert d == START
    assert "minas_tirith" not in d and {"morgul_vale", "crossroads", "gate_fields"} <= set(d)


def test_shadow_advances_steadily_under_the_darkness():
    """R-9.4 (Gondor): a Shadow army moving two regions is not stopped in a region under the
    Darkness, even next to a Free Peoples army."""
    g = ready(sh=["army"] * 6)
    place(g, "causeway_forts", SH, {"orcs": 2})
    place(g, "anorien", FP, {"gondor_footmen": 1})  # next to the Causeway Forts
    place(g, "townlands", FP, {"gondor_footmen": 1})  # next to East Pelennor
    hand(g, SH, "hard_riding")
    to_shadow(g)
    play(g, SH, "hard_riding")
    g.submit({"cmd": "move_army", "side": SH, "from": "causeway_forts", "path": ["east_pelennor", "harlond"]})
    assert units(g, "harlond") == {"orcs": 2}


def test_free_peoples_stop_on_entering_the_darkness():
    """R-9.4 (Gondor): a Free Peoples army moving two regions must stop in the first region under
    the Darkness, though no Shadow army is near."""
    g = ready(fp=["army_muster"] * 5)
    place(g, "minas_tirith", FP, {"gondor_cavalry": 2})
    hand(g, FP, "hard_riding")
    play(g, FP, "hard_riding")
    assert_illegal(g, {"cmd": "move_army", "side": FP, "from": "minas_tirith", "path": ["gate_fields", "north_pelennor"]},
                   "move/must_stop", "R-9.4")
    g.submit({"cmd": "move_army", "side": FP, "from": "minas_tirith", "path": ["gate_fields"]})
    assert units(g, "gate_fields") == {"gondor_cavalry": 2}


def test_fear_in_battle_under_the_darkness_costs_a_free_peoples_reroll():
    """R-10.4.3 (Gondor): in a battle in a region under the Darkness the Free Peoples re-roll one
    die fewer; out of it, their full leadership."""
    g = ready(sh=["army"] * 6)
    place(g, "gate_fields", FP, {"gondor_footmen": 2}, leaders=2)
    place(g, "north_pelennor", SH, {"orcs": 2})
    to_shadow(g)
    attack(g, SH, "north_pelennor", "gate_fields")
    fight(g, rolls={SH: [1, 1], FP: [1, 1]}, until=("reroll",))
    while top(g)["kind"] == "reroll" and top(g)["side"] == SH:
        g.submit({"cmd": "reroll", "side": SH, "dice": []})
    assert top(g) ["kind"] == "reroll" and top(g)["side"] == FP and top(g)["max"] == 1  # leadership 2, minus 1
    # Out of the Darkness (Lossarnach): both re-rolls.
    g = ready(sh=["army"] * 6)
    place(g, "lossarnach", FP, {"gondor_footmen": 2}, leaders=2)
    place(g, "lebennin", SH, {"orcs": 2})
    to_shadow(g)
    attack(g, SH, "lebennin", "lossarnach")
    fight(g, rolls={SH: [1, 1], FP: [1, 1]}, until=("reroll",))
    assert top(g)["side"] == FP and top(g)["max"] == 2


def test_darkness_lifts_west_first_when_fate_reaches_four_and_with_a_west_wind():
    """R-7.6: at fate 4 the Darkness lifts from two regions (its order, west first); R-7.4: a
    west_wind tile lifts one more."""
    g = ready(keep_board=True, fate_tile="grey_3a")
    assert g.state["fate"] == 3 and siege(g)["darkness"] == START
    next_turn(g, fate_tile="grey_1d", position="fell_beast")  # one step, to fate 4, and the west wind
    assert g.state["fate"] == 4
    assert siege(g)["darkness"] == START[3:]
    assert siege(g)["darkness_lifted"] == START[:3]


def test_a_darkness_card_spreads_it_back_over_the_last_region_lifted():
    g = ready(keep_board=True, fate_tile="grey_0c")  # a west wind
    assert siege(g)["darkness"] == START[1:]
    hand(g, SH, "darkness_deepens")
    # The Shadow plays it with an Event die once the Free Peoples have acted.
    g.submit({"cmd": "use_die", "side": FP, "die": 0, "action": "draw_generic"})
    while kind(g) == "discard":
        g.submit({"cmd": "discard", "side": FP, "card": g.state["sides"][FP]["hand"][0]})
    play(g, SH, "darkness_deepens")
    assert siege(g)["darkness"] == START and siege(g)["darkness_spread"] == 1
