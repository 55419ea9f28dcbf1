"""R-6: the Shadow Box and Shadow leadership."""
from __future__ import annotations

from helpers import (adjust, assert_illegal, events_named, finish_actions, log_events,
                     new_game, place, to_actions, top, use)
from botwotr.core.state import leadership

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]


def ready(fp=FP, sh=SH, position="tower", seed=1):
    return to_actions(new_game(seed), fp=fp, sh=sh, position=position)


def through_fate(g, tile="grey_0a"):
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": [tile]})
    if top(g)["kind"] == "fate_decide":
        g.submit({"cmd": "keep_fate", "side": "fp"})


# -- R-6.1 -------------------------------------------------------------------------------------

def test_r6_1_a_position_gives_its_special_action_and_dice_in_the_box():
    """R-6.1: A position gives its special action and dice in the box."""
    g = new_game()
    adjust(g, "fate", to=2)
    events = g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    assert events_named(events, "PositionChosen")[0]["dice"] == 2
    assert g.state["sides"]["sh"]["box"] == ["position", "position"]
    assert g.state["fate"] == 1  # The Seeing Tower: the fate marker goes back one space
    assert g.state["position"] == "tower"


def test_r6_1_box_dice_are_not_rolled():
    """R-6.1: Box dice are not rolled."""
    g = ready()
    sh = g.state["sides"]["sh"]
    assert sh["dice"] == 6 and len(sh["rolled"]) == 4 and len(sh["box"]) == 2
    assert events_named(log_events(g), "DiceRolled")[-1]["results"] == SH


def test_r6_1_an_unknown_position_is_refused():
    """R-6.1: An unknown position is refused."""
    g = new_game()
    assert_illegal(g, {"cmd": "choose_position", "side": "sh", "position": "throne"}, "position/unknown")
    assert_illegal(g, {"cmd": "choose_position", "side": "fp", "position": "tower"}, "command/not_your_turn")


def test_r6_1_a_box_die_is_a_character_result_for_ordinary_character_actions():
    """R-6.1: A box die is a character result for ordinary character actions."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "box", "move_characters")
    g.submit({"cmd": "move_characters", "side": "sh", "characters": ["champion"], "path": ["spire"]})
    assert g.state["chars"]["champion"]["region"] == "spire"
    assert g.state["sides"]["sh"]["box"] == ["position"]


def test_r6_1_a_box_die_cannot_take_an_army_action():
    """R-6.1: A box die cannot take an army action."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": "box", "action": "strategic_move"}, "action/wrong_die")
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": "box", "action": "recruit"}, "action/wrong_die")


def test_r6_1_a_box_die_uses_the_commander_in_chiefs_ability():
    """R-6.1: The Warlock never leaves the box; a box die rallies three armies at +1."""
    g = ready()
    adjust(g, "damage", region="camp", n=2)
    adjust(g, "damage", region="spire", n=1)
    g.submit({"cmd": "pass", "side": "fp"})
    assert g.state["chars"]["warlock"]["status"] == "pool"
    use(g, "sh", "box", "ability", character="warlock")
    p = top(g)
    assert p["kind"] == "rally" and p["left"] == 3 and p["bonus"] == 1
    # Camp: 4 units roll 4, 1, 1, 1 (+1: 5, 2, 2, 2): one marker; leadership 2 re-rolls two failures: 4 (+1 = 5), 1.
    g.submit({"cmd": "rally", "side": "sh", "region": "camp", "outcomes": [4, 1, 1, 1, 4, 1]})
    assert g.state["regions"]["camp"]["damage"] == 0
    g.submit({"cmd": "rally", "side": "sh", "region": "spire", "outcomes": [4, 1]})
    assert g.state["regions"]["spire"]["damage"] == 0


def test_r6_1_the_commander_ability_needs_its_die():
    """R-6.1: The commander ability needs its die."""
    g = ready()
    adjust(g, "damage", region="camp", n=1)
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "ability", "character": "warlock"},
                   "ability/wrong_die")  # an Army die (it allows abilities that name it, R-8.7)
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 3, "action": "ability", "character": "warlock"},
                   "action/wrong_die")  # nor an Event die


# -- R-6.2 -------------------------------------------------------------------------------------

def test_r6_2_only_shadow_phase_dice_count_for_the_fate_draw():
    """R-6.2: Only shadow phase dice count for the fate draw."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
    for _ in range(3):
        g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    assert top(g) == {"kind": "fate_draw", "side": "fp", "left": 3}
    through_fate(g)
    g.submit({"cmd": "roll_dice", "side": "sh", "outcomes": ["character", "character", "army"]})
    assert len(g.state["sides"]["sh"]["box"]) == 5
    assert g.state["sides"]["sh"]["fate_dice"] == 3


def test_r6_2_the_fate_draw_is_limited_by_the_position_dice():
    """R-6.2: The fate draw is limited by the position dice."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_0a"]})
    g.submit({"cmd": "set_aside_fate", "side": "fp", "outcomes": ["grey_1a"]})
    # Two dice in the box: the second tile is the last and is applied.
    assert g.state["phase"] == "roll" and g.state["fate"] == 1


# -- R-6.3 -------------------------------------------------------------------------------------

def test_r6_3_leadership_tokens_equal_to_box_dice_must_be_placed_at_once():
    """R-6.3: Leadership tokens equal to box dice must be placed at once."""
    g = new_game()
    g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    assert top(g) == {"kind": "place_leadership", "side": "sh", "mandatory": True, "left": 2}
    assert g.state["sides"]["sh"]["aside"] == 2
    assert_illegal(g, {"cmd": "done", "side": "sh"}, "decision/mandatory")
    assert_illegal(g, {"cmd": "place_leadership_token", "side": "sh", "region": "hold"}, "leadership/not_army")
    assert_illegal(g, {"cmd": "place_leadership_token", "side": "sh", "region": "heights"}, "leadership/not_army")
    assert_illegal(g, {"cmd": "draw_fate", "side": "fp"}, "command/not_expected")
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "spire"})
    assert g.state["regions"]["camp"]["tokens"] == 1 and g.state["regions"]["spire"]["tokens"] == 1
    assert g.state["sides"]["sh"]["aside"] == 0
    assert top(g)["kind"] == "fate_draw"


def test_r6_3_a_position_may_set_its_own_number_of_tokens():
    """R-6.3: A position may set its own number of tokens."""
    g = new_game()
    assert g.spec.positions["balcony"].tokens == 3
    g.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
    assert g.state["sides"]["sh"]["aside"] == 3


def test_r6_3_with_no_shadow_army_the_tokens_are_lost():
    """R-6.3: With no shadow army the tokens are lost."""
    g = new_game()
    for r in ("camp", "spire"):
        for u, n in list(g.state["regions"][r]["units"].items()):
            adjust(g, "units", region=r, owner="sh", unit=u, n=-n)
    events = g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    assert events_named(events, "LeadershipTokensLost")
    assert g.state["sides"]["sh"]["aside"] == 0
    assert top(g)["kind"] == "fate_draw"


# -- R-6.4 -------------------------------------------------------------------------------------

def test_r6_4_rolled_character_results_go_to_the_box_and_give_tokens_aside():
    """R-6.4: Rolled character results go to the box and give tokens aside."""
    g = ready(sh=["character", "army", "character", "eye"])
    sh = g.state["sides"]["sh"]
    assert sh["rolled"] == ["army", "eye"]
    assert sorted(sh["box"]) == ["position", "position", "rolled", "rolled"]
    assert sh["aside"] == 2
    assert sh["fate_dice"] == 2


def test_r6_4_tokens_aside_are_placed_before_using_a_die():
    """R-6.4: Tokens aside are placed before using a die."""
    g = ready(sh=["character", "army", "muster", "eye"])
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "place_leadership_token", "side": "fp", "region": "camp"}, "command/not_your_turn")
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "spire"})
    assert g.state["regions"]["spire"]["tokens"] == 1
    assert top(g) == {"kind": "action", "side": "sh", "placed": True}
    # The tokens came with using a die: the Shadow may not now pass instead.
    assert not [c for c in g.legal_commands() if c["cmd"] == "pass"]


def test_r6_4_placing_tokens_then_passing_is_refused():
    """R-6.4: tokens aside are placed when a die is used, before or after it; not with a pass."""
    g = ready(sh=["character", "army", "muster", "eye"])
    g.submit({"cmd": "pass", "side": "fp"})
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "spire"})
    assert_illegal(g, {"cmd": "pass", "side": "sh"}, "pass/tokens_placed", "R-6.4")


def test_r6_4_tokens_aside_may_be_placed_after_resolving_a_die():
    """R-6.4: Tokens aside may be placed after resolving a die."""
    g = ready(sh=["character", "army", "muster", "eye"])
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "spire", "to": "heights"})
    g.submit({"cmd": "done", "side": "sh"})
    p = top(g)
    assert p == {"kind": "place_leadership", "side": "sh", "mandatory": False}
    assert g.fold() == g.state  # the log alone rebuilds the same state, mid-action too
    g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "heights"})
    assert g.state["regions"]["heights"]["tokens"] == 1
    assert top(g)["side"] == "fp"


def test_r6_4_placing_tokens_after_an_action_is_optional():
    """R-6.4: Placing tokens after an action is optional."""
    g = ready(sh=["character", "army", "muster", "eye"])
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "done", "side": "sh"})
    g.submit({"cmd": "done", "side": "sh"})
    assert g.state["sides"]["sh"]["aside"] == 1
    assert top(g) == {"kind": "action", "side": "fp"}


def test_r6_4_no_tokens_aside_no_placement():
    """R-6.4: No tokens aside no placement."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    assert_illegal(g, {"cmd": "place_leadership_token", "side": "sh", "region": "camp"}, "leadership/none")


# -- R-6.5 -------------------------------------------------------------------------------------

def test_r6_5_a_token_is_a_leader_1_plus_1():
    """R-6.5: A token is a leader 1 plus 1."""
    g = ready()
    assert g.state["regions"]["camp"]["tokens"] == 2
    assert leadership(g.state, g.spec, "camp") == 2
    # Two tokens and the Champion (1/+1): 2 + 1.
    adjust(g, "character", char="champion", status="in_play", region="camp")
    assert leadership(g.state, g.spec, "camp") == 3
    # With a token, an army may take a Character-die action: attack from where it stands.
    place(g, "fen", "fp", {"footmen": 1})
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "box", "attack")
    g.submit({"cmd": "attack", "side": "sh", "from": "camp", "target": "fen"})
    assert g.state["battle"]["armies"] == ["camp"] and g.state["battle"]["mode"] == "character"


def test_r6_5_a_placed_token_stays_with_its_army_and_cannot_go_to_another():
    """R-6.5: Units leaving the army do not take the tokens; there is no command to move a token."""
    g = ready()
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "camp", "to": "fen", "units": {"orcs": 2}})
    assert g.state["regions"]["camp"]["tokens"] == 2
    assert g.state["regions"]["fen"]["tokens"] == 0
    assert leadership(g.state, g.spec, "fen") == 0


def test_r6_5_tokens_are_removed_at_the_end_of_the_turn():
    """R-6.5: Tokens are removed at the end of the turn."""
    g = ready()
    assert g.state["regions"]["camp"]["tokens"] == 2
    finish_actions(g)
    assert all(reg["tokens"] == 0 for reg in g.state["regions"].values())
    assert g.state["sides"]["sh"]["aside"] == 0


def test_r6_5_tokens_aside_unplaced_are_lost_at_the_end_of_the_turn():
    """R-6.5: Tokens aside unplaced are lost at the end of the turn."""
    g = ready(sh=["character", "army", "muster", "eye"])
    assert g.state["sides"]["sh"]["aside"] == 1
    finish_actions(g)
    assert g.state["sides"]["sh"]["aside"] == 0
