"""The Battle for Gondor's siege rules (issue 12, docs/rulings.md "Gondor"), played through
`Game.submit` in real Gondor positions: protection values (R-10.4, R-11.1 as the walls change
them), sorties, siege towers, catapults, recruitment areas (R-2.1, R-10.7, R-12), the fall of the
city (R-4.3) and the dice caps (R-8.2)."""
from __future__ import annotations

from botwotr.catalog import spec_for
from botwotr.core import Game
from helpers import events_named

from gondor_positions import (FP, SH, adjust, assert_illegal, attack, choose, damage, end_battle, fight, fp_pass,
                              kind, next_round, notes, place, protection, ready, rolled, siege,
                              next_turn, size, to_action_phase, to_shadow, top, units, use)


def assault(g, sh_dice, fp_dice=(1, 1, 1, 1, 1), frm="gate_fields", target="minas_tirith"):
    attack(g, SH, frm, target)
    return fight(g, rolls={SH: list(sh_dice), FP: list(fp_dice)})


def garrison(g, **units_):
    place(g, "minas_tirith", FP, units_ or {"gondor_footmen": 2, "gondor_archers": 1})


def test_walls_take_the_hits_and_attackers_hit_only_on_six():
    """R-10.4.2 / R-11.1 with protection values: while Minas Tirith's value stands its attackers
    hit only on a 6, and each hit lowers the value instead of damaging the garrison."""
    g = ready(sh=["army"] * 6)
    garrison(g)
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 1})
    to_shadow(g)
    start = protection(g)
    assert start >= 4 and siege(g)["protection_start"]["minas_tirith"] == start
    ev = assault(g, [6, 6, 5, 6, 1])
    assert rolled(ev, SH)["target"] == 6
    assert protection(g) == start - 3  # three sixes; the 5 does not hit
    assert damage(g, "minas_tirith") == 0 and size(g, "minas_tirith") == 3


def test_breach_then_hits_kill_and_the_loss_is_permanent():
    """Protection 0 = breached: the hits past the walls damage the garrison; the next round the
    attackers hit on 5 as usual, and the value stays at 0 (it never rises)."""
    g = ready(sh=["army"] * 6)
    garrison(g)
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 1})
    to_shadow(g)
    start = protection(g)
    assert 5 < start <= 10
    assault(g, [6, 6, 6, 6, 6])
    left = start - 5
    assert protection(g) == left and damage(g, "minas_tirith") == 0
    next_round(g)
    ev = fight(g, rolls={SH: [6] * (left + 2) + [1] * (3 - left), FP: [1, 1, 1, 1, 1]})
    assert protection(g) == 0
    assert damage(g, "minas_tirith") == 2  # the last of the walls, then two hits on the garrison
    assert any("breached" in t for t in notes(ev))
    next_round(g)
    ev = fight(g, rolls={SH: [5, 1, 1, 1, 1], FP: [1, 1, 1, 1, 1]})
    assert rolled(ev, SH)["target"] == 5 and protection(g) == 0


def test_sortie_from_the_city_fights_as_usual():
    """A sortie: the garrison attacks out; the walls neither shield it nor the enemy outside."""
    g = ready(fp=["army_muster"] * 5)
    garrison(g, gondor_cavalry=2)
    place(g, "gate_fields", SH, {"orcs": 2})
    start = protection(g)
    attack(g, FP, "minas_tirith", "gate_fields", face="army_muster")
    ev = fight(g, rolls={FP: [5, 5, 1, 1], SH: [5, 1]})
    assert rolled(ev, FP)["target"] == 5
    assert damage(g, "gate_fields") == 2 and damage(g, "minas_tirith") == 1
    assert protection(g) == start


def test_siege_tower_hits_on_five_for_one_round_then_is_discarded():
    """Siege tower (Muster die): the army beside it hits on 5+ despite the walls in its first
    round against the city; then the tower is gone and the walls' 6 is back."""
    g = ready(sh=["muster", "army", "army", "army", "army", "army"])
    garrison(g)
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 1})
    place(g, "north_pelennor", SH, {"orcs": 1})
    to_shadow(g)
    use(g, SH, "muster", "build_tower")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "north_pelennor"}, "choice/bad_region")
    choose(g, SH, "gate_fields")
    assert siege(g)["towers"] == {"gate_fields": 1}
    fp_pass(g)
    start = protection(g)
    ev = assault(g, [5, 5, 1, 1, 1])
    assert rolled(ev, SH)["target"] == 5 and protection(g) == start - 2
    assert siege(g)["towers"] == {}
    next_round(g)
    ev = fight(g, rolls={SH: [5, 5, 6, 1, 1], FP: [1, 1, 1, 1, 1]})
    assert rolled(ev, SH)["target"] == 6 and protection(g) == start - 3


def test_a_siege_tower_answers_the_walls_not_a_fords_first_round_R10_10():
    """R-10.10 and the siege tower: Cair Andros's only neighbours lie across fords, where an
    attacker hits only on a 6 in the first round. A tower beside it answers the walls' 6, not the
    ford's: the tower's round still needs a 6 and the 5s take nothing off the walls (before, the
    tower made walls and a ford easier to attack than the ford alone; found by an audit)."""
    g = ready(sh=["muster", "army", "army", "army", "army", "army"])
    place(g, "cair_andros", FP, {"gondor_footmen": 2, "gondor_archers": 1})
    place(g, "north_ithilien", SH, {"orcs": 3, "black_uruks": 1})
    assert g.spec.board.border("north_ithilien", "cair_andros") == "ford"
    to_shadow(g)
    use(g, SH, "muster", "build_tower")
    choose(g, SH, "north_ithilien")
    fp_pass(g)
    start = protection(g, "cair_andros")
    attack(g, SH, "north_ithilien", "cair_andros")
    ev = fight(g, rolls={SH: [5, 5, 1, 1, 1], FP: [1, 1, 1, 1, 1]})
    assert rolled(ev, SH)["target"] == 6 and protection(g, "cair_andros") == start
    assert siege(g)["towers"] == {}  # the tower's round was fought: it is gone


def test_catapults_only_in_their_sites_two_a_region_and_one_army_die_fires_them_all():
    """Catapults: built with a Muster die only in North/East Pelennor and the Harlond with a
    Shadow army there, at most two a region; one Army die rolls one die per catapult (at most
    five), each 5+ taking one point of Minas Tirith's protection."""
    g = ready(sh=["muster", "muster", "muster", "army", "army", "army"])
    garrison(g)
    place(g, "gate_fields", SH, {"orcs": 2})  # next to the city: no catapult there
    place(g, "north_pelennor", SH, {"orcs": 1})
    place(g, "east_pelennor", SH, {"orcs": 1})
    to_shadow(g)
    use(g, SH, "muster", "build_catapults")
    assert_illegal(g, {"cmd": "choose_region", "side": SH, "region": "gate_fields"}, "choice/bad_region")
    choose(g, SH, "north_pelennor", "east_pelennor")
    assert siege(g)["catapults"] == {"north_pelennor": 1, "east_pelennor": 1, "harlond": 0}
    fp_pass(g)
    use(g, SH, "muster", "build_catapults")
    choose(g, SH, "north_pelennor", "east_pelennor")
    fp_pass(g)
    assert siege(g)["catapults"]["north_pelennor"] == 2
    assert_illegal(g, {"cmd": "use_die", "side": SH, "die": 0, "action": "build_catapults"}, "siege/no_site")
    start = protection(g)
    ev = g.submit({"cmd": "use_die", "side": SH, "die": g.state["sides"][SH]["rolled"].index("army"),
                   "action": "fire_catapults", "outcomes": [5, 6, 2, 4]})
    assert protection(g) == start - 2  # four catapults, four dice, two hits
    assert any("catapults fire" in t for t in notes(ev))


def test_catapults_fire_at_most_five_dice_and_never_once_breached():
    g = ready(sh=["muster"] * 4)
    garrison(g)
    for r in ("north_pelennor", "east_pelennor", "harlond"):
        place(g, r, SH, {"orcs": 1})
    to_shadow(g)
    for _ in range(4):
        use(g, SH, "muster", "build_catapults")
        opts = top(g)["options"]
        choose(g, SH, *opts[:2])
        while kind(g) == "choose_region":
            g.submit({"cmd": "done", "side": SH})
        fp_pass(g)
    assert sum(siege(g)["catapults"].values()) == 6
    assert max(siege(g)["catapults"].values()) == 2
    next_turn(g, sh=["army"] * 9)
    to_shadow(g)
    assert sum(siege(g)["catapults"].values()) == 6
    start = protection(g)
    assert 5 < start <= 10
    ev = use(g, SH, "army", "fire_catapults", outcomes=[6, 6, 6, 6, 6])
    assert protection(g) == start - 5  # five dice of six catapults
    assert events_named(ev, "Note")
    fp_pass(g)
    use(g, SH, "army", "fire_catapults", outcomes=[6, 6, 6, 6, 6])
    assert protection(g) == 0  # never below 0


def test_catapults_have_nothing_to_batter_once_the_city_is_breached():
    g = ready(sh=["muster"] + ["army"] * 5)
    garrison(g)
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 2})
    place(g, "north_pelennor", SH, {"orcs": 1})
    to_shadow(g)
    use(g, SH, "muster", "build_catapults")
    choose(g, SH, "north_pelennor")
    fp_pass(g)
    assault(g, [6] * 5)
    next_round(g)
    fight(g, rolls={SH: [6] * 5, FP: [1] * 5})
    assert protection(g) == 0  # ten hits: more than the walls' value
    end_battle(g)
    fp_pass(g)
    assert "fire_catapults" not in {c.get("action") for c in g.legal_commands()}
    assert_illegal(g, {"cmd": "use_die", "side": SH, "die": g.state["sides"][SH]["rolled"].index("army"),
                       "action": "fire_catapults"}, "siege/breached")


def test_free_peoples_army_burns_unguarded_catapults():
    """A Free Peoples army ending its move in a catapult site with no Shadow army there burns
    the catapults."""
    g = ready(fp=["army_muster"] * 5, sh=["muster"] + ["event"] * 5)
    place(g, "gate_fields", FP, {"gondor_cavalry": 2})
    place(g, "north_pelennor", SH, {"orcs": 1})
    g.submit({"cmd": "pass", "side": FP})
    use(g, SH, "muster", "build_catapults")
    choose(g, SH, "north_pelennor")
    adjust(g, "units", region="north_pelennor", owner=SH, unit="orcs", n=-1)
    assert siege(g)["catapults"]["north_pelennor"] == 1
    use(g, FP, "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": FP, "from": "gate_fields", "path": ["north_pelennor"]})
    assert siege(g)["catapults"]["north_pelennor"] == 0


def test_recruitment_area_has_no_stacking_limit():
    """R-2.1 (Gondor): the road To Rohan holds any number of units."""
    # A strategic move (Army/Muster die) merges the two armies: 7 units stay together.
    g2 = ready(fp=["army_muster"] * 5)
    place(g2, "to_rohan", FP, {"rohirrim": 5})
    place(g2, "amon_din", FP, {"rohirrim": 2})
    use(g2, FP, "army_muster", "strategic_move")
    g2.submit({"cmd": "move_army", "side": FP, "from": "amon_din", "path": ["to_rohan"]})
    assert units(g2, "to_rohan") == {"rohirrim": 7} and kind(g2) != "remove_excess"


def test_shadow_army_attacked_from_a_recruitment_area_with_nowhere_to_go_is_destroyed():
    """R-10.7 (Gondor): attacked from the road To Rohan with every neighbour held by the Free
    Peoples, the Shadow army is destroyed at once, its characters with it (R-11.5)."""
    g = ready(fp=["army_muster"] * 5)
    place(g, "druadan_forest", SH, {"orcs": 3}, chars=("gothmog",))
    place(g, "to_rohan", FP, {"rohirrim": 2})
    place(g, "amon_din", FP, {"gondor_footmen": 1})
    place(g, "anorien", FP, {"gondor_footmen": 1})
    attack(g, FP, "to_rohan", "druadan_forest", face="army_muster")
    assert size(g, "druadan_forest") == 0
    assert g.state["chars"]["gothmog"]["status"] == "eliminated"
    assert g.state["battle"] is None or g.state["battle"]["outcome"] == "defender_destroyed"


def test_shadow_army_with_a_way_out_fights_as_usual():
    g = ready(fp=["army_muster"] * 5)
    place(g, "druadan_forest", SH, {"orcs": 3})
    place(g, "to_rohan", FP, {"rohirrim": 2})
    place(g, "amon_din", FP, {"gondor_footmen": 1})
    attack(g, FP, "to_rohan", "druadan_forest", face="army_muster")
    assert size(g, "druadan_forest") == 3 and kind(g) == "tactic"


def test_minas_tirith_falls_and_the_game_ends_at_once():
    """R-4.3 (Gondor): the Shadow wins the moment it controls Minas Tirith (not at phase 6)."""
    g = ready(sh=["army"] * 6)
    place(g, "gate_fields", SH, {"orcs": 2})
    to_shadow(g)
    use(g, SH, "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": SH, "from": "gate_fields", "path": ["minas_tirith"]})
    if kind(g) == "move":
        g.submit({"cmd": "done", "side": SH})
    assert g.state["winner"] == SH and "fallen" in g.state["win_reason"]


def test_dice_caps_nine_shadow_six_free_peoples_in_both_scenarios():
    """R-8.2 with the FAQ's caps: at most 9 Shadow and 6 Free Peoples action dice, whatever the
    bonuses, in Gondor and in Rohan."""
    for name, fp_n, sh_n in (("gondor", 4, 6), ("rohan", 4, 6)):
        g = Game.new(spec_for(name), seed=2)
        adjust(g, "dice", owner=SH, n=sh_n)
        adjust(g, "dice", owner=FP, n=fp_n)
        to_action_phase(g, position="captain_of_despair" if name == "gondor" else "palantir_room")
        from gondor_positions import finish_actions
        finish_actions(g)
        assert g.state["sides"][SH]["dice"] == 9, name
        assert g.state["sides"][FP]["dice"] == 6, name


def test_shadow_muster_turns_tokens_in_recruitment_areas_or_settlements():
    """R-12.5 (Gondor): the Shadow's Muster die uses tokens in two different settlements or
    recruitment areas: here Minas Morgul and the Morannon Road (set-up tokens)."""
    g = ready(sh=["muster"] * 6)
    assert g.state["regions"]["morannon_road"]["rtokens"][SH]
    to_shadow(g)
    use(g, SH, "muster", "recruit")
    opts = set(top(g)["options"]) if "options" in top(g) else None
    g.submit({"cmd": "recruit", "side": SH, "region": "morannon_road"})
    g.submit({"cmd": "recruit", "side": SH, "region": "minas_morgul"})
    assert size(g, "morannon_road") == 1 and size(g, "minas_morgul") == 1
    del opts
