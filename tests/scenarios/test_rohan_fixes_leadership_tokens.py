"""Shadow leadership tokens (R-6.3, R-6.4, R-6.5): Driven by the Lash places its own two tokens at
once and leaves those kept aside from Character dice for later; a placed token is a leader of its
army until the end of the turn, so it moves with the army and leads it in a Character-die move."""
from __future__ import annotations

from botwotr.core.state import leadership
from helpers import assert_illegal, top
from rohan_fixes_support import fight_round, rohan, set_hands, use

LASH_SH = ["character", "character", "army", "muster"]  # two Character results: two tokens aside


def _lash(shadow_army=True):
    g = rohan([("edoras", "fp", {"rohan_footmen": 1})]
              + ([("isen_vale", "sh", {"orcs": 2}), ("dunland", "sh", {"orcs": 1})] if shadow_army else []),
              sh=LASH_SH, hands={"fp": [], "sh": ["driven_by_the_lash"]})
    assert g.state["sides"]["sh"]["aside"] == 2  # kept aside from the two Character dice
    g.submit({"cmd": "pass", "side": "fp"})
    return g


def test_r6_4_driven_by_the_lash_places_two_tokens_and_keeps_the_others_aside():
    """Driven by the Lash: two tokens are taken and placed at once; the two the Shadow held from
    Character dice stay aside (R-6.4 lets it place them later), instead of being forced out."""
    g = _lash()
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card", "card": "driven_by_the_lash"})
    assert top(g)["kind"] == "place_leadership" and top(g)["mandatory"]
    assert_illegal(g, {"cmd": "done", "side": "sh"}, "decision/mandatory")
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "isen_vale"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "dunland"})
    assert g.state["regions"]["isen_vale"]["tokens"] == 1 and g.state["regions"]["dunland"]["tokens"] == 1
    assert g.state["sides"]["sh"]["aside"] == 2
    # After the die's action the held tokens may be placed, or kept for a later action.
    assert top(g) == {"kind": "place_leadership", "side": "sh", "mandatory": False}
    g.submit({"cmd": "done", "side": "sh"})
    assert g.state["sides"]["sh"]["aside"] == 2 and top(g) == {"kind": "action", "side": "fp"}
    g.submit({"cmd": "pass", "side": "fp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "isen_vale"})
    assert g.state["regions"]["isen_vale"]["tokens"] == 2 and g.state["sides"]["sh"]["aside"] == 1


def test_r6_3_driven_by_the_lash_with_no_army_loses_only_its_own_tokens():
    """R-6.3: with no Shadow army the card's two tokens cannot be placed and are lost; the two
    held from Character dice are not (before the fix all four were lost)."""
    g = _lash(shadow_army=False)
    evs = g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card", "card": "driven_by_the_lash"})
    assert [e["n"] for e in evs if e["e"] == "LeadershipTokensLost"] == [2]
    assert g.state["sides"]["sh"]["aside"] == 2


# -- a token is a leader of its army ---------------------------------------------------

def _token_army(fp_armies=(("aldburg", "fp", {"rohan_riders": 1}),), sh=("army", "army", "army", "army")):
    """The Palantír Room's two tokens go on the Orcs in Nan Curunír (placed before the Shadow
    phase); the Shadow has no minion, so the tokens are the army's only leadership."""
    g = rohan(list(fp_armies), early=[("nan_curunir", "sh", {"orcs": 2})], sh=list(sh))
    assert g.state["regions"]["nan_curunir"]["tokens"] == 2
    g.submit({"cmd": "pass", "side": "fp"})
    return g


def test_r6_5_r9_2_a_token_led_army_makes_a_fast_move_and_its_tokens_go_with_it():
    """R-6.5 / R-9.2 / R-9.3: the tokens are the army's leaders, so a Character-die fast move is
    allowed (it was refused) and they arrive with the army."""
    g = _token_army()
    use(g, "sh", "box", "fast_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "nan_curunir", "path": ["isen_vale", "westemnet"]})
    assert g.state["regions"]["westemnet"]["tokens"] == 2 and g.state["regions"]["nan_curunir"]["tokens"] == 0
    assert leadership(g.state, g.spec, "westemnet") == 2


def test_r6_5_a_split_army_takes_the_tokens_it_is_given_and_none_stay_alone():
    """R-6.5 / R-9.2: splitting, the moving part takes the tokens named (like leaders); a Character-
    die move needs at least one; the whole army cannot leave a token behind."""
    g = _token_army()
    use(g, "sh", "box", "fast_move")
    assert_illegal(g, {"cmd": "move_army", "side": "sh", "from": "nan_curunir", "path": ["isen_vale"],
                       "units": {"orcs": 1}}, "move/no_leader", "R-9.2")
    assert_illegal(g, {"cmd": "move_army", "side": "sh", "from": "nan_curunir", "path": ["isen_vale"],
                       "tokens": 1}, "move/token_alone", "R-6.5")
    assert_illegal(g, {"cmd": "move_army", "side": "sh", "from": "nan_curunir", "path": ["isen_vale"],
                       "units": {"orcs": 1}, "tokens": 3}, "move/tokens", "R-6.5")
    g.submit({"cmd": "move_army", "side": "sh", "from": "nan_curunir", "path": ["isen_vale"],
              "units": {"orcs": 1}, "tokens": 1})
    assert g.state["regions"]["isen_vale"]["tokens"] == 1 and g.state["regions"]["nan_curunir"]["tokens"] == 1


def test_r6_5_a_token_led_army_moves_and_attacks_with_a_character_die():
    """R-9.3 / R-6.5: with a Shadow Box die the token-led Orcs step into the Isen Vale and attack the
    Westemnet; the tokens lead them there (two leader re-rolls)."""
    g = _token_army(fp_armies=[("westemnet", "fp", {"rohan_footmen": 2})])
    use(g, "sh", "box", "attack")
    assert any(c.get("to") == "isen_vale" for c in g.legal_commands())
    g.submit({"cmd": "attack", "side": "sh", "from": "nan_curunir", "to": "isen_vale", "target": "westemnet"})
    assert g.state["battle"]["armies"] == ["isen_vale"] and g.state["regions"]["isen_vale"]["tokens"] == 2
    for side in ("fp", "sh"):
        g.submit({"cmd": "tactic", "side": side, "tactic": "regroup"})
    g.submit({"cmd": "roll_combat", "side": "sh", "outcomes": [1, 1]})
    g.submit({"cmd": "roll_combat", "side": "fp", "outcomes": [1, 1]})
    assert top(g) == {"kind": "reroll", "side": "sh", "max": 2}


def test_r6_5_tokens_retreat_with_their_army():
    """R-6.5 / R-10.7: the tokens' army regroups and retreats; they go with it (before the fix they
    were lost), and they still lead it there."""
    g = rohan([("westemnet", "fp", {"rohan_footmen": 2})], early=[("isen_vale", "sh", {"orcs": 2})])
    set_hands(g, {"fp": [], "sh": []})
    assert g.state["regions"]["isen_vale"]["tokens"] == 2
    use(g, "fp", "army_muster", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"})
    fight_round(g, {"fp": [1, 1], "sh": [1, 1]}, rerolls={"sh": ([], [])})
    g.submit({"cmd": "fight_on", "side": "fp"})
    g.submit({"cmd": "withdraw", "side": "sh", "choice": "retreat"})
    assert set(top(g)["options"]) == {"east_fords", "nan_curunir"}
    g.submit({"cmd": "retreat_to", "side": "sh", "region": "nan_curunir"})
    assert g.state["regions"]["nan_curunir"]["tokens"] == 2 and g.state["regions"]["isen_vale"]["tokens"] == 0
    assert leadership(g.state, g.spec, "nan_curunir") == 2
