"""`decide(spec, rules, state, command) -> (events, new_state)`: the entry point of the rules core.

A command is a dict: {"cmd": name, "side": "fp"|"sh"|"players", ...parameters,
"outcomes": [...] (optional explicit chance)}. `decide` checks the command's shape and that it
answers what the game is waiting for, runs its handler on a working state, applying each event as
it is produced (`Ctx.emit`), so a command that fails part-way changes nothing. After the command,
`pump` runs every automatic step of the turn until some player must decide: the state always ends
waiting on a pending decision (or with the game over).

The rules themselves live in one module per rule area (docs/architecture.md, "The rules core"):
`turn` (R-3, R-4.1), `cards` (R-5), `shadow` (R-6), `fate` (R-7), `action_checks` and `actions`
(R-8), `movement` (R-9, R-11.3), `battle` (R-10, R-11), `recruitment` (R-12, R-13), `control`
(R-14), `card_effects` (the effect vocabulary) and `adjustments` (the companion mode's corrections).
This module imports them all, which fills the dispatch tables of `kernel`; it re-exports the names
other packages and tests use (`Ctx`, `FACE_ACTIONS`, `PENDING_TEXT`, ...), and no rule module
imports it.
"""

from __future__ import annotations

from typing import Any

from . import adjustments as _adjustments  # noqa: F401  (registers the adjust_* commands)
from .action_checks import ACTION_CHECKS, ALL_ACTIONS, CARD_FACES, FACE_ACTIONS, TOKEN_CHECKS, die_action_commands
from .actions import ACTIONS, TOKEN_ACTIONS
from .battle import start_battle
from .card_effects import condition_holds, describe_condition, would_do_nothing
from .cards import card_destination, draw_cards, physical_cards_for, play_card
from .chance import Chance
from .fate import apply_fate_tile, move_fate
from .kernel import EFFECTS, ANSWERS, AUTO, COMMANDS, Ctx, command, command_ctx, fail, run_effects
from .movement import MAX_ARMY, MOVE_MODES, move_army, parse_group
from .recruitment import place_unit, rally_army
from .scenario import ScenarioRules
from .spec import SIDES, ScenarioSpec
from .state import unused_dice
from .turn import PHASES, pump, start_turn

__all__ = [
    "ACTIONS",
    "ACTION_CHECKS",
    "ALL_ACTIONS",
    "ANSWERS",
    "AUTO",
    "CARD_FACES",
    "COMMANDS",
    "EFFECTS",
    "FACE_ACTIONS",
    "MAX_ARMY",
    "MOVE_MODES",
    "PENDING_TEXT",
    "PHASES",
    "TOKEN_ACTIONS",
    "TOKEN_CHECKS",
    "Ctx",
    "apply_fate_tile",
    "card_destination",
    "command",
    "condition_holds",
    "decide",
    "describe_condition",
    "describe_pending",
    "die_action_commands",
    "draw_cards",
    "fail",
    "move_army",
    "move_fate",
    "parse_group",
    "physical_cards_for",
    "place_unit",
    "play_card",
    "pump",
    "rally_army",
    "run_effects",
    "start_battle",
    "start_turn",
    "unused_dice",
    "would_do_nothing",
]


def decide(
    spec: ScenarioSpec, rules: ScenarioRules, state: dict[str, Any], cmd: Any, *, in_place: bool = False
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The events of `cmd` and the state after them. `state` is never changed (the new state
    shares what the command did not touch with it); `in_place` is kept for the callers that pass
    it and changes nothing."""
    if not isinstance(cmd, dict):
        fail("command/malformed", "A command must be a mapping with a 'cmd' name.")
    name = cmd.get("cmd")
    if type(name) is not str or name not in COMMANDS:  # (a list or a mapping cannot be looked up)
        fail("command/unknown", f"There is no command called {name!r}.")
    side = cmd.get("side")
    if name != "start_game" and side not in SIDES and side != "players":
        fail("command/bad_side", f"A command must name the side giving it ('fp', 'sh' or 'players'), not {side!r}.")
    for key, value in cmd.items():
        if (key, type(value)) not in _KEY_TYPES:
            _check_types(cmd)
            break
    # the usual case, a command with only parameters its name always takes, is one C-level test
    plain = _PLAIN_PARAMS.get(name)
    if plain is not None and cmd.keys() <= plain:
        unused = None
    else:
        allowed = params_of(name, cmd, state)
        unused = [k for k in cmd if k not in COMMON_PARAMS and k not in allowed]
    if unused:
        fail(
            "command/unused_parameter",
            f"'{name}' takes no parameter {unused[0]!r}"
            f"{' here' if name in ('use_die', 'attack') else ''} (it takes: "
            f"{', '.join(sorted(allowed)) or 'none besides side and outcomes'}).",
        )
    outcomes = cmd.get("outcomes")
    s = state  # only read here: the command works on a copy-on-write change of it (`Ctx`)
    free = name == "start_game" or name.startswith("adjust_")  # these answer no pending decision
    if name != "start_game":
        if s["phase"] == "setup":
            fail("game/not_started", "The game has not been set up yet: start it first.")
        if s["winner"] and side != "players":
            fail("game/over", "The game is over.", "R-4.2")
        strict = s["options"].get("companion") is True
    else:
        opts = cmd.get("options")
        strict = (opts if isinstance(opts, dict) else s["options"]).get("companion") is True
    if side == "players":
        if not free:
            fail("command/bad_side", "Only adjustments may be given by 'players'.")
    elif not free:
        pending = s["pending"]
        if not pending:
            fail("command/not_expected", "Nothing is being asked now.")
        top = pending[-1]
        if name not in ANSWERS.get(top["kind"], ()):
            fail(
                "command/not_expected",
                f"The game is waiting for {describe_pending(spec, top)}; '{name}' does not answer that.",
            )
        sides = top.get("sides")
        if (side not in sides) if sides else side != top["side"]:
            fail(
                "command/not_your_turn", f"It is not the {'Free Peoples' if side == 'fp' else 'Shadow'}'s decision now."
            )
    if outcomes:
        ctx = Ctx(spec, rules, s, Chance(s["seed"], s["rng"], outcomes, strict=strict))
    else:  # the chance is made when a rule first asks for it (most commands draw nothing)
        ctx = command_ctx(spec, rules, s, (s["seed"], s["rng"], strict))
    s = ctx.s
    COMMANDS[name](ctx, cmd)
    pump(ctx)
    chance = ctx._chance
    if chance is not None:
        chance.check_all_used()
        if chance.counter != s["rng"]:
            ctx.emit("RngAdvanced", counter=chance.counter)
    return ctx.events, s


# The shape of every parameter a command may carry; anything else is refused before any rule runs.
_S, _N = str, type(None)
PARAM_TYPES: dict[str, tuple[Any, ...]] = {
    "cmd": (_S,),
    "side": (_S, _N),
    "region": (_S,),
    "from": (_S,),
    "to": (_S, list, int),
    "target": (_S,),
    "char": (_S,),
    "character": (_S,),
    "card": (_S, _N),
    "unit": (_S,),
    "position": (_S,),
    "tactic": (_S,),
    "choice": (_S,),
    "owner": (_S, _N),
    "status": (_S,),
    "token": (_S, _N),
    "action": (_S,),
    "die": (int, _S),
    "n": (int,),
    "damage": (int,),
    "leaders": (int,),
    "units": (dict,),
    "characters": (list,),
    "path": (list, _S),
    "armies": (list,),
    "dice": (list,),
    "outcomes": (list,),
    "options": (dict,),
}
PARAM_TYPES["tokens"] = (int,)  # Shadow leadership tokens moving with part of an army
INT_PARAMS = {"n", "damage", "leaders", "die", "tokens"}
# (parameter, exact type) for every type a parameter takes: a command whose every value has exactly
# one of its parameter's types passes in one test; a subclass, a bool for a number or an unknown
# parameter takes `_check_types`, which refuses or accepts as the parameter's table says
_KEY_TYPES = frozenset((k, t) for k, v in PARAM_TYPES.items() for t in v)


def _check_types(cmd: dict[str, Any]) -> None:
    for key, value in cmd.items():
        want = PARAM_TYPES.get(key)
        if want is None:
            fail("command/malformed", f"A command has no parameter called {key!r}.")
        if not isinstance(value, want) or (isinstance(value, bool) and key in INT_PARAMS):
            fail("command/malformed", f"The parameter '{key}' has the wrong type ({type(value).__name__}).")


# The parameters each command uses (docs/commands.md); any other is refused, so that a command
# never carries a value that silently does nothing. `cmd`, `side` and `outcomes` go with any.
COMMON_PARAMS = frozenset({"cmd", "side", "outcomes"})
_GROUP = ("units", "leaders", "characters", "damage")
COMMAND_PARAMS: dict[str, frozenset[str]] = {
    k: frozenset(v)
    for k, v in {
        "start_game": ("options",),
        "roll_dice": (),
        "discard": ("card",),
        "choose_position": ("position",),
        "place_leadership_token": ("region",),
        "done": (),
        "draw_fate": (),
        "keep_fate": (),
        "set_aside_fate": (),
        "use_die": ("die", "action"),
        "pass": ("token",),
        "use_ability": ("character",),
        "move_army": ("from", "path", "to", "tokens") + _GROUP,
        "remove_unit": ("unit",),
        "attack": ("from", "to", "target", "tokens") + _GROUP,
        "move_characters": ("characters", "path", "to"),
        "recruit": ("region",),
        "choose_unit": ("unit",),
        "place_orc": ("region",),
        "rally": ("region",),
        "choose_die": ("die",),
        "choose_region": ("region",),
        "choose_army": ("region",),
        "tactic": ("tactic",),
        "combat_card": ("card",),
        "reroll": ("dice",),
        "roll_combat": (),
        "casualty": ("unit",),
        "cease": (),
        "fight_on": (),
        "withdraw": ("choice",),
        "flee_casualty": ("unit",),
        "retreat_to": ("region",),
        "advance": ("from", "tokens") + _GROUP,
        "adjust_units": ("region", "owner", "unit", "n"),
        "adjust_move": ("from", "to") + _GROUP,
        "adjust_damage": ("region", "n"),
        "adjust_leaders": ("region", "n"),
        "adjust_character": ("char", "status", "region"),
        "adjust_control": ("region", "owner"),
        "adjust_fate": ("to",),
        "adjust_dice": ("owner", "n"),
        "adjust_card": ("card", "to"),
    }.items()
}
# The parameters a command always may carry, with the common ones, for the commands whose
# parameters do not depend on the command itself or the state (see `params_of`).
_PLAIN_PARAMS = {
    k: v | COMMON_PARAMS for k, v in COMMAND_PARAMS.items() if k not in ("use_die", "attack", "adjust_character")
}
# use_die: what each action adds
ACTION_PARAMS = {
    "play_card": frozenset({"card"}),
    "ability": frozenset({"character"}),
    "enter_character": frozenset({"character", "region"}),
}


def params_of(name: str, cmd: dict[str, Any], state: dict[str, Any]) -> frozenset[str]:
    """The parameters `cmd` may carry: those of its command, of its action (use_die), of its kind
    of attack (a combined attack names `armies`; the moving-part parameters need a `to`)."""
    params = COMMAND_PARAMS.get(name)
    if params is None:  # a command registered without a table entry: only the type check applies
        return frozenset(cmd)
    if name == "use_die":
        return params | ACTION_PARAMS.get(cmd.get("action", ""), frozenset())
    if name == "attack":
        pending = state["pending"][-1] if state.get("pending") else {}
        if pending.get("kind") == "attack" and pending.get("mode") == "combined":
            return frozenset({"target", "armies"})
        return params if "to" in cmd else frozenset({"from", "target"})
    if name == "adjust_character" and cmd.get("status") != "in_play":
        return frozenset({"char", "status"})
    return params


def describe_pending(spec: ScenarioSpec, p: dict[str, Any]) -> str:
    who = {"fp": "the Free Peoples", "sh": "the Shadow", None: "the game"}.get(p.get("side"), "the players")
    return f"{who} to {PENDING_TEXT.get(p['kind'], p['kind'].replace('_', ' '))}"


PENDING_TEXT = {
    "action": "take an action (use a die or pass)",
    "discard": "discard down to the hand limit",
    "choose_position": "choose Saruman's position in the Shadow Box",
    "place_leadership": "place Shadow leadership tokens",
    "fate_draw": "draw a fate tile",
    "card_draw": "enter the cards drawn this turn",
    "fate_decide": "keep the fate tile or set it aside",
    "move": "move armies",
    "attack": "choose an attack",
    "recruit": "use recruitment tokens",
    "mordor_recruit": "place Orcs in recruitment areas",
    "rally": "rally armies",
    "move_characters": "move characters",
    "remove_excess": "remove units over the limit of 5",
    "choose_unit": "choose a unit to recruit",
    "choose_region": "choose a region",
    "choose_die": "choose an action die to change",
    "casualties": "take casualties",
    "roll_dice": "roll the action dice",
    "combat_roll": "roll the combat dice",
    "tactic": "choose a battle tactic in secret",
    "combat_card": "choose a combat card in secret",
    "choose_army": "choose which attacking army fights this round",
    "reroll": "choose dice to re-roll",
    "cease": "cease the attack or fight on",
    "withdraw": "stay, retreat or flee",
    "flee_casualty": "remove a unit while fleeing",
    "retreat_to": "choose where the army retreats",
    "advance": "advance into the freed region",
}
