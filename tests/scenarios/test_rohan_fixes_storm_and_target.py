"""Storm the Line ("one of your armies attacks an adjacent enemy army", R-5.9, R-8.8) and the
target-number clamp (R-10.4.2, R-10.10, docs/rulings.md)."""
from __future__ import annotations

from helpers import assert_illegal, top
from rohan_fixes_support import battle_damage, cease, die, fight_round, rohan, rolls, use


def _storm(sh_near: bool):
    armies = [("westemnet", "fp", {"rohan_footmen": 2}), ("nan_curunir", "sh", {"orcs": 2})]
    if sh_near:
        armies.append(("isen_vale", "sh", {"orcs": 1}))
    return rohan(armies, hands={"fp": ["storm_the_line"], "sh": []})


def test_r8_8_storm_the_line_attacks_only_an_adjacent_army_without_moving():
    """Storm the Line: the army attacks an enemy army next to where it stands; it may not move
    first (before the fix it could step into the Isen Vale or Fangorn and attack Nan Curunír)."""
    g = _storm(sh_near=True)
    use(g, "fp", "army_muster", "play_card", card="storm_the_line")
    assert top(g)["kind"] == "attack"
    attacks = [c for c in g.legal_commands() if c["cmd"] == "attack"]
    assert attacks == [{"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"}]
    assert_illegal(g, {"cmd": "attack", "side": "fp", "from": "westemnet", "to": "fangorn",
                       "target": "nan_curunir"}, "attack/no_move")
    g.submit({"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"})
    assert g.state["battle"]["armies"] == ["westemnet"] and g.state["battle"]["target"] == "isen_vale"
    assert g.state["regions"]["westemnet"]["units"] == {"rohan_footmen": 2}  # it did not move


def test_r5_8_storm_the_line_with_no_adjacent_enemy_cannot_be_played():
    """R-5.8: two regions away is out of reach for Storm the Line: the card is refused and the die
    kept (before the fix it was played, and the army moved one region to attack)."""
    g = _storm(sh_near=False)
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": die(g, "fp", "army_muster"),
                       "action": "play_card", "card": "storm_the_line"}, "card/no_effect", "R-5.8")
    # An ordinary Army-die attack may still move first: the card's text is narrower.
    use(g, "fp", "army_muster", "attack")
    assert any(c.get("to") == "isen_vale" and c.get("target") == "nan_curunir" for c in g.legal_commands())


def test_r10_4_a_raised_target_across_a_ford_stops_at_six():
    """R-10.10 + R-10.4.2 (docs/rulings.md, target clamp): the Shadow attacks across the ford of the
    Isen (target 6 in the first round) and the Free Peoples answer with Harry the Flanks (the
    opponent hits only on a 6): the target stays 6, not 7, so the Shadow's 6 still hits."""
    g = rohan([("east_fords", "fp", {"rohan_footmen": 1}), ("west_fords", "sh", {"orcs": 2})],
              hands={"fp": ["skirmishers"], "sh": []})
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "attack")
    g.submit({"cmd": "attack", "side": "sh", "from": "west_fords", "target": "east_fords"})
    # The Footman in the fort: strength 1 + 1 (fort) = 2 dice.
    evs = fight_round(g, {"sh": [6, 5], "fp": [1, 1]}, tactics={"fp": "combat_event"},
                      cards={"fp": "skirmishers"})
    assert any(e["e"] == "CardPlayed" and e["card"] == "skirmishers" for e in evs)
    assert rolls(evs, "sh")[0]["target"] == 6
    assert battle_damage(evs, "east_fords") == 1  # the 6 hit; the 5 did not
    cease(g)
