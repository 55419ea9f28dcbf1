"""A fate space's characters and events come once (R-7.5, R-7.6; docs/rulings.md): the first time
the fate marker reaches the space. A Shadow card or position that moves the marker back, and the
Free Peoples' fate moving it on again past the same space, give the Free Peoples nothing a
second time. Played through `Game.submit` in real positions of both scenarios."""

from __future__ import annotations

import gondor_positions as G
import rohan_positions as R


def _ents(g) -> int:
    return sum(reg["units"].get("ents", 0) for reg in g.state["regions"].values())


def test_r7_6_rohan_space_8_rouses_treebeard_and_one_ent_once():
    """Rohan's space 8 readies Treebeard and places one Ent (scenario.yaml, fate_events). Hope
    Kindled takes the marker from 7 to 8: the Ent comes. Shadow over the Mark takes it back to 7,
    The Serpent Cast Out on to 8 again: no second Ent."""
    g = R.ready(fp=["character"] * 4, sh=["character"] * 4)
    R.adjust(g, "fate", to=7)
    R.hand(g, R.FP, "hope_kindled", "serpent_cast_out")
    R.hand(g, R.SH, "shadow_over_the_mark")
    assert _ents(g) == 0 and g.state["chars"]["treebeard"]["status"] == "pool"
    R.play(g, R.FP, "hope_kindled")
    if R.kind(g) == "choose_region":  # where the Ent enters (Derndingle or the Entwood)
        R.choose(g, R.FP, R.top(g)["options"][0])
    assert g.state["fate"] == 8 and _ents(g) == 1 and g.state["chars"]["treebeard"]["status"] == "ready"
    R.play(g, R.SH, "shadow_over_the_mark")
    assert g.state["fate"] == 7
    R.play(g, R.FP, "serpent_cast_out")
    assert g.state["fate"] == 8
    assert R.kind(g) != "choose_region" and _ents(g) == 1  # the space gave its Ent once
    assert not [e for entry in g.log[-1:] for e in entry["events"] if e["e"] == "UnitsPlaced"]


def test_r7_6_gondor_space_4_lifts_the_darkness_from_two_regions_once():
    """Gondor's space 4 lifts the Darkness from two regions (rules_data `lift_at`). The Free
    Peoples' The Beacons Are Lit takes the marker from 3 to 4: two regions come out of the
    Darkness. Fear in the City takes it back to 3, and the Beacons again on to 4: no region more."""
    g = G.ready(fp=["event"] * 5, sh=["event"] * 6)
    G.adjust(g, "fate", to=3)
    lifted = list(g.state["flags"]["gondor"]["darkness_lifted"])
    card = "serpent_cast_out"  # The Beacons Are Lit: the fate marker one space on
    assert G.SPEC.cards[card].title == "The Beacons Are Lit"
    G.hand(g, G.FP, card)
    G.hand(g, G.SH, "fear_in_the_city")
    G.play(g, G.FP, card)
    after_first = list(g.state["flags"]["gondor"]["darkness_lifted"])
    assert g.state["fate"] == 4 and len(after_first) == len(lifted) + 2
    G.play(g, G.SH, "fear_in_the_city", face="box")
    assert g.state["fate"] == 3
    G.hand(g, G.FP, card)
    G.play(g, G.FP, card)
    assert g.state["fate"] == 4
    assert g.state["flags"]["gondor"]["darkness_lifted"] == after_first  # no region more


def test_r7_6_an_adjustment_puts_the_marker_where_the_table_has_it():
    """The players' adjustment of the fate marker (a correction at the table) sets the spaces
    reached to it: moved back below space 8 by an adjustment, the marker reaching 8 again rouses
    the space's Ent (the players took the first one off, or it never came)."""
    g = R.ready(fp=["character"] * 4, sh=["event"] * 4)
    R.adjust(g, "fate", to=7)
    R.hand(g, R.FP, "hope_kindled", "serpent_cast_out")
    R.play(g, R.FP, "hope_kindled")
    if R.kind(g) == "choose_region":
        R.choose(g, R.FP, R.top(g)["options"][0])
    assert _ents(g) == 1 and g.state["fate_reached"] == 8
    R.adjust(g, "fate", to=7)
    assert g.state["fate_reached"] == 7
    g.submit({"cmd": "use_die", "side": R.SH, "die": R.die_for(g, R.SH, "event"), "action": "draw_generic"})
    while R.kind(g) == "discard":
        g.submit({"cmd": "discard", "side": R.SH, "card": g.state["sides"][R.SH]["hand"][0]})
    R.play(g, R.FP, "serpent_cast_out")
    if R.kind(g) == "choose_region":
        R.choose(g, R.FP, R.top(g)["options"][0])
    assert g.state["fate"] == 8 and _ents(g) == 2
