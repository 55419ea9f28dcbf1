"""The effect vocabulary: what cards, fate icons, fate-track events, Shadow Box positions and
character abilities do, written as data.

An effect is a mapping with `do` and its parameters, e.g. `{do: draw, deck: generic, n: 2}`.
A precondition (R-5.8) is a mapping with `if`, e.g. `{if: fate_at_least, n: 3}`.
`SCHEMA` and `CONDITIONS` say which parameters each takes; `validate_effect` and
`validate_condition` check one and return an error sentence or None. Effects are carried out by
`run_effects` (in `botwotr.core.engine`), which asks the player through pending decisions
whenever an effect needs a choice, and applies each effect as far as possible (R-5.9).

Parameter types: "int", "str", "bool", "side" (self/opponent), "deck", "unit" (a unit id or
"any"), "where" (a region selector), "char", "list", "bonus" (a list of battle modifiers).
"""

from __future__ import annotations

from typing import Any, Mapping

WHERE = ("own_settlement", "own_army", "enemy_army", "enemy_army_adjacent", "free", "any")
# Battle modifiers: strength (+n combat dice), target (+n to the target number), roll (+n to each
# die), reroll (+n leader re-rolls), hits (+n hits), absorb (cancel n enemy hits), cancel_card
# (cancel the opponent's combat card).
MOD_KINDS = ("strength", "target", "roll", "reroll", "hits", "absorb", "cancel_card")
# Unit maneuver abilities, in a unit's ability_params.
UNIT_ABILITY_PARAMS = ("extra_hits", "cancel_hits", "hits_per_maneuver_hit", "reroll_misses")

# effect name -> {param: (type, required)}
SCHEMA: dict[str, dict[str, tuple[str, bool]]] = {
    # Cards
    "draw": {"deck": ("deck", True), "n": ("int", False), "who": ("side", False)},
    "discard_random": {"n": ("int", False), "who": ("side", False)},
    # Fate
    "fate": {"steps": ("int", True)},
    "add_fate_tiles": {"color": ("color", True), "n": ("int", False)},
    "ready_character": {"char": ("char", True)},
    "enter_character": {"char": ("char", True)},
    # Dice and tokens
    "dice_bonus": {"n": ("int", True), "who": ("side", False)},
    "leadership_tokens": {"n": ("int", True)},
    "action_tokens": {"n": ("int", True)},
    "convert_die": {"to": ("face", True)},  # turn one unused action die into another result
    # Armies
    "recruit": {"unit": ("unit", True), "n": ("int", False), "where": ("where", False)},
    "place_tokens": {"n": ("int", False), "where": ("where", False)},
    "destroy_tokens": {"where": ("where", False)},
    "rally": {"armies": ("int", False), "bonus": ("int", False)},
    "move": {"armies": ("int", False), "distance": ("int", False)},
    # `move: false`: the army attacks an adjacent enemy from where it stands (no move first);
    # `bonus`: modifiers (as `modifier`, `until` "round" = the first round, or "battle") that
    # belong to the battle this attack starts and to no other.
    "attack": {"leadership": ("bool", False), "move": ("bool", False), "bonus": ("bonus", False)},
    "damage": {"n": ("int", True), "where": ("where", False)},
    "heal": {"n": ("int", True), "where": ("where", False)},
    # Battle modifiers; `until` is "battle", "round" or "turn"
    "modifier": {"kind": ("mod", True), "n": ("int", False), "until": ("str", False), "who": ("side", False)},
    # Scenario hooks
    "flag": {"flag": ("str", True), "value": ("int", False)},
    "hook": {"name": ("str", True), "n": ("int", False)},
}

CONDITIONS: dict[str, dict[str, tuple[str, bool]]] = {
    "fate_at_least": {"n": ("int", True)},
    "fate_at_most": {"n": ("int", True)},
    "turn_at_least": {"n": ("int", True)},
    "controls": {"region": ("str", True)},
    "character_in_play": {"char": ("char", True)},
    "character_ready": {"char": ("char", True)},
    "army_in": {"region": ("str", True)},
    "has_damaged_army": {},
    "in_battle": {},
    "flag": {"flag": ("str", True), "value": ("int", False)},
}


def _check_type(kind: str, v: Any) -> str | None:
    if kind == "int":
        return None if type(v) is int else "must be a whole number"
    if kind == "bool":
        return None if type(v) is bool else "must be true or false"
    if kind in ("str", "char", "unit"):
        return None if isinstance(v, str) and v else "must be a non-empty text"
    if kind == "side":
        return None if v in ("self", "opponent") else "must be 'self' or 'opponent'"
    if kind == "deck":
        return None if v in ("generic", "story", "special") else "must be generic, story or special"
    if kind == "face":
        return (
            None
            if v in ("character", "army", "muster", "army_muster", "event", "eye", "will")
            else "must be an action die result"
        )
    if kind == "color":
        return None if v in ("blue", "red") else "must be blue or red"
    if kind == "where":
        return (
            None
            if v in WHERE or (isinstance(v, (list, tuple)) and all(isinstance(x, str) for x in v))
            else f"must be one of {', '.join(WHERE)} or a list of region ids"
        )
    if kind == "mod":
        return None if v in MOD_KINDS else f"must be one of {', '.join(MOD_KINDS)}"
    if kind == "bonus":
        if not isinstance(v, (list, tuple)) or not v:
            return "must be a list of modifiers"
        for i, m in enumerate(v):
            if not isinstance(m, Mapping):
                return f"item {i} must be a mapping with 'kind'"
            err = _validate(dict(m, do="modifier"), "do", SCHEMA)
            if err:
                return f"item {i}: {err}"
            if m.get("until", "battle") not in ("round", "battle"):
                return f"item {i}: 'until' must be 'round' (the first round) or 'battle'"
        return None
    return None


def _validate(obj: Mapping[str, Any], key: str, table: dict[str, Any]) -> str | None:
    if not isinstance(obj, Mapping):
        return f"must be a mapping with '{key}'"
    name = obj.get(key)
    if not isinstance(name, str):
        return f"has no '{key}' naming what it does"
    if name not in table:
        return f"unknown {'effect' if key == 'do' else 'condition'} '{name}' (known: {', '.join(sorted(table))})"
    params = table[name]
    for p, v in obj.items():
        if p == key:
            continue
        if p not in params:
            return f"'{name}' takes no parameter '{p}' (it takes: {', '.join(params) or 'none'})"
        err = _check_type(params[p][0], v)
        if err:
            return f"'{name}' parameter '{p}' {err}"
    for p, (_, req) in params.items():
        if req and p not in obj:
            return f"'{name}' needs the parameter '{p}'"
    return None


def validate_effect(effect: Mapping[str, Any]) -> str | None:
    return _validate(effect, "do", SCHEMA)


def validate_condition(cond: Mapping[str, Any]) -> str | None:
    return _validate(cond, "if", CONDITIONS)
