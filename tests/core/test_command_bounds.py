"""Commands carry only the parameters they use, player names are printable text, and the
players' adjustments of leaders and dice stay within the scenario's supply. Each bad command is
refused with a RuleError and changes nothing."""
from __future__ import annotations

import pytest

from botwotr.core import Game, RuleError
from botwotr.core.state import canonical
from helpers import assert_illegal, die_index, start_with, test_spec, to_actions

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


@pytest.fixture
def g():
    return to_actions(start_with(START), fp=FP, sh=SH, position="tower", fate=["grey_0a"])


# -- parameters a command does not use ---------------------------------------------------------

def test_a_parameter_the_command_does_not_use_is_refused(g):
    """R-8.4: `pass` takes only `token`; a stray `region` would silently do nothing."""
    e = assert_illegal(g, {"cmd": "pass", "side": "fp", "region": "town"}, "command/unused_parameter")
    assert "'pass' takes no parameter 'region'" in e.message and "token" in e.message


def test_use_die_takes_the_parameters_of_its_action(g):
    """R-8.6: a draw action takes no card; playing a card names one; the same keys are refused on
    an action that does not use them."""
    die = die_index(g, "fp", "event")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": die, "action": "draw_generic", "card": "x"},
                   "command/unused_parameter")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": die, "action": "draw_story",
                       "character": "captain"}, "command/unused_parameter")
    hand_before = len(g.state["sides"]["fp"]["hand"])
    g.submit({"cmd": "use_die", "side": "fp", "die": die, "action": "draw_generic"})
    assert len(g.state["sides"]["fp"]["hand"]) > hand_before  # the plain command still works


def test_adjustments_take_only_their_parameters(g):
    assert_illegal(g, {"cmd": "adjust_fate", "side": "players", "to": 1, "n": 5}, "command/unused_parameter")
    assert_illegal(g, {"cmd": "adjust_character", "side": "players", "char": "wizard", "status": "pool",
                       "region": "town"}, "command/unused_parameter")


def test_every_legal_command_passes_the_parameter_check():
    """What the engine offers (and the bots and the window choose from) is never refused: in
    random games on the test scenario, every legal command offered (up to 40 a position) is
    accepted by `decide`, and the games end."""
    import random
    from botwotr.core.engine import decide
    ended = 0
    for seed in (21, 22, 23):
        game = Game.new(test_spec(), seed=seed)
        rng = random.Random(seed)
        for _ in range(3000):
            if game.state["winner"]:
                ended += 1
                break
            legal = game.legal_commands()
            for cmd in rng.sample(legal, min(40, len(legal))):
                decide(game.spec, game.rules, game.state, cmd)  # raises if refused
            game.submit(rng.choice(legal))
    assert ended == 3


# -- player names ------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["a\x00b", "a\ud800b", "bell\x07", "", "   ", "x" * 41])
def test_a_player_name_that_cannot_be_shown_is_refused(name):
    with pytest.raises(RuleError) as err:
        Game.new(test_spec(), seed=1, options={"players": {"fp": name, "sh": "Bob"}})
    assert err.value.code == "command/bad_name"


def test_a_printable_player_name_is_kept():
    g = Game.new(test_spec(), seed=1, options={"players": {"fp": "Éowyn 😀", "sh": "Saruman"}})
    assert g.state["options"]["players"] == {"fp": "Éowyn 😀", "sh": "Saruman"}


# -- adjustments within the supply ---------------------------------------------------------------

def test_adjust_leaders_is_bounded_by_the_leader_figures(g):
    """R-2.2: leaders are figures; the scenario has `leaders: {fp: N}` of them."""
    supply = g.spec.leaders["fp"]
    on_board = sum(r["leaders"] for r in g.state["regions"].values())
    region = next(r for r, reg in g.state["regions"].items() if reg["side"] == "fp" and reg["units"])
    before = canonical(g.state)
    err = assert_illegal(g, {"cmd": "adjust_leaders", "side": "players", "region": region, "n": 10 ** 12},
                         "adjust/no_figures")
    assert f"{supply - on_board} of the {supply}" in err.message
    assert canonical(g.state) == before
    g.submit({"cmd": "adjust_leaders", "side": "players", "region": region, "n": supply - on_board})
    assert sum(r["leaders"] for r in g.state["regions"].values()) == supply
    assert_illegal(g, {"cmd": "adjust_leaders", "side": "players", "region": region, "n": 1}, "adjust/no_figures")


def test_adjust_dice_keeps_between_one_and_twice_the_starting_dice(g):
    """R-8.2: dice added or lost by hand stay between 1 and twice the side's starting dice."""
    base = g.spec.dice["sh"]
    assert_illegal(g, {"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": 10 ** 12}, "adjust/dice")
    assert_illegal(g, {"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": -base}, "adjust/dice")
    g.submit({"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": base})
    assert g.state["sides"]["sh"]["dice_bonus"] == base
    assert_illegal(g, {"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": 1}, "adjust/dice")
    g.submit({"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": 1 - 2 * base})
    assert g.state["sides"]["sh"]["dice_bonus"] == 1 - base  # one die left
