"""R-8.7 with R-8.5: a character ability used without a die, paid for by giving up an action
token for good (Gandalf the White's "Enemy of Sauron": an unused die becomes Will of the West)."""
import dataclasses

from botwotr.core import Game
from helpers import assert_illegal, scenario_spec, to_actions, top


def spec_with_enemy_of_sauron():
    spec = scenario_spec()
    wiz = dataclasses.replace(spec.characters["wizard"], ability="enemy_of_sauron", ability_die=None,
                              ability_params={"cost": "action_token", "effect": [{"do": "convert_die", "to": "will"}]})
    return dataclasses.replace(spec, characters={**spec.characters, "wizard": wiz})


def ready_game():
    g = Game.new(spec_with_enemy_of_sauron(), seed=2)
    to_actions(g, fp=["muster", "character", "event", "army_muster", "muster"], sh=["army"] * 6)
    g.submit({"cmd": "adjust_character", "side": "players", "char": "wizard", "status": "in_play", "region": "hold"})
    return g


def test_r8_7_free_ability_turns_a_die_into_will_of_the_west_for_an_action_token():
    g = ready_game()
    assert {"cmd": "use_ability", "side": "fp", "character": "wizard"} in g.legal_commands()
    g.submit({"cmd": "use_ability", "side": "fp", "character": "wizard"})
    assert top(g)["kind"] == "choose_die" and 0 in top(g)["options"]
    g.submit({"cmd": "choose_die", "side": "fp", "die": 0})
    sd = g.state["sides"]["fp"]
    assert sd["rolled"][0] == "will"
    assert sd["action_tokens"] == 1 and sd["tokens_lost"] == 1  # given up for good
    # Not an action: the Free Peoples still have their turn, with all their dice.
    assert top(g) == {"kind": "action", "side": "fp"} and len(sd["rolled"]) == 5


def test_r8_5_free_ability_needs_an_action_token():
    g = ready_game()
    for _ in range(2):
        g.submit({"cmd": "use_ability", "side": "fp", "character": "wizard"})
        g.submit({"cmd": "choose_die", "side": "fp", "die": top(g)["options"][0]})
    assert_illegal(g, {"cmd": "use_ability", "side": "fp", "character": "wizard"}, "ability/no_token")
    # and the lost tokens stay lost next turn
    assert g.state["sides"]["fp"]["tokens_lost"] == 2


def test_r8_7_die_abilities_are_not_used_without_a_die():
    g = Game.new(scenario_spec(), seed=2)
    to_actions(g, fp=["will"] * 5, sh=["army"] * 6)
    g.submit({"cmd": "adjust_character", "side": "players", "char": "wizard", "status": "in_play", "region": "hold"})
    assert_illegal(g, {"cmd": "use_ability", "side": "fp", "character": "wizard"}, "ability/needs_die")
    assert_illegal(g, {"cmd": "use_ability", "side": "fp", "character": "warlock"}, "ability/unknown")
