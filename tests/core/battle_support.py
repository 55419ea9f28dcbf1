"""Helpers for the battle tests (R-10, R-11): a board built by adjustments, the action phase
reached with chosen dice, and one call per battle step with explicit dice."""
from __future__ import annotations

import dataclasses

from helpers import clear_board, new_game, place, test_spec, to_actions, top

FP_DICE = ["army_muster"] * 4
SH_DICE = ["army"] * 4  # the Shadow rolls 4 dice: 2 more sit in the Shadow Box (tower)


def battle_game(armies=(), *, early=(), fp=FP_DICE, sh=SH_DICE, position="tower", seed=1,
                control=None, spec=None, hands=None):
    """A game in the action phase (the Free Peoples to act) with only the given armies.

    `armies` and `early` are (region, side, units) or (region, side, units, {leaders, damage,
    chars}) tuples. `early` armies are placed before the Shadow phase, so the Shadow leadership
    tokens of `position` (tower: 2) go on the first of them; the others are placed afterwards and
    get none. `control` maps regions to a control marker; `hands` gives each side's hand exactly.
    """
    g = new_game(seed, spec=spec)
    clear_board(g)
    for a in early:
        _place(g, a)
    to_actions(g, fp=list(fp), sh=list(sh), position=position)
    for a in armies:
        _place(g, a)
    for r, side in (control or {}).items():
        g.submit({"cmd": "adjust_control", "side": "players", "region": r, "owner": side})
    if hands is not None:
        for side, cards in hands.items():
            for c in list(g.state["sides"][side]["hand"]):
                g.submit({"cmd": "adjust_card", "side": "players", "card": c, "to": "discard"})
            for c in cards:
                g.submit({"cmd": "adjust_card", "side": "players", "card": c, "to": f"hand_{side}"})
    assert top(g) == {"kind": "action", "side": "fp"}
    return g


def _place(g, a):
    region, side, units = a[:3]
    kw = a[3] if len(a) > 3 else {}
    place(g, region, side, units, leaders=kw.get("leaders", 0), damage=kw.get("damage", 0),
          chars=tuple(kw.get("chars", ())))


def sh_turn(g):
    """The Free Peoples pass so that the Shadow acts (the Shadow has more dice, R-8.4)."""
    g.submit({"cmd": "pass", "side": "fp"})
    assert top(g)["side"] == "sh"


def die_index(g, side, face):
    return g.state["sides"][side]["rolled"].index(face)


def attack(g, side, frm, target, *, die=None, action="attack", **extra):
    """Use a die for an attack action and declare the attack."""
    if die is None:
        die = die_index(g, side, "army" if side == "sh" else "army_muster")
    g.submit({"cmd": "use_die", "side": side, "die": die, "action": action})
    cmd = {"cmd": "attack", "side": side, "target": target, **extra}
    if frm is not None:
        cmd["from"] = frm
    return g.submit(cmd)


def tactics(g, **choice):
    """Both sides choose a tactic (attacker's first): tactics(g, sh="regroup", fp="maneuver:footmen")."""
    b = g.state["battle"]
    evs = []
    for side in (b["attacker"], b["defender"]):
        evs += g.submit({"cmd": "tactic", "side": side, "tactic": choice[side]})
    return evs


def roll(g, side, dice):
    return g.submit({"cmd": "roll_combat", "side": side, "outcomes": list(dice)})


def rolls(g, **dice):
    """Both sides roll the given dice (attacker's first)."""
    b = g.state["battle"]
    evs = []
    for side in (b["attacker"], b["defender"]):
        evs += roll(g, side, dice[side])
    return evs


def reroll(g, side, idx=(), outcomes=None):
    cmd = {"cmd": "reroll", "side": side, "dice": list(idx)}
    if outcomes is not None:
        cmd["outcomes"] = list(outcomes)
    return g.submit(cmd)


def skip_rerolls(g):
    evs = []
    while top(g) and top(g)["kind"] == "reroll":
        evs += reroll(g, top(g)["side"])
    return evs


def round_(g, tactic=None, dice=None, cards=None):
    """One round up to the damage step: tactics, combat cards (`cards`, default none), rolls, no
    re-rolls. `tactic`, `dice` and `cards` map each side to its choice; the default tactic is
    Regroup."""
    b = g.state["battle"]
    t = {b["attacker"]: "regroup", b["defender"]: "regroup", **(tactic or {})}
    evs = tactics(g, **t)
    while top(g)["kind"] == "combat_card":
        side = top(g)["sides"][0]
        evs += g.submit({"cmd": "combat_card", "side": side, "card": (cards or {}).get(side)})
    evs += rolls(g, **dice)
    evs += skip_rerolls(g)
    return evs


def no_casualties(g):
    """Every voluntary casualty decision answered with `done`."""
    evs = []
    while top(g) and top(g)["kind"] == "casualties" and not top(g)["mandatory"]:
        evs += g.submit({"cmd": "done", "side": top(g)["side"]})
    return evs


def fight_on(g):
    return g.submit({"cmd": "fight_on", "side": g.state["battle"]["attacker"]})


def stay(g):
    """Voluntary casualties declined, the attacker fights on and the defender (if asked) stays:
    the next round starts."""
    evs = no_casualties(g)
    evs += fight_on(g)
    if top(g)["kind"] == "withdraw":
        evs += g.submit({"cmd": "withdraw", "side": g.state["battle"]["defender"], "choice": "stay"})
    return evs


def events(evs, name):
    return [e for e in evs if e["e"] == name]


def rolled(evs, side, stage="roll"):
    """The CombatRolled event of a side."""
    out = [e for e in evs if e["e"] == "CombatRolled" and e["side"] == side and e["stage"] == stage]
    assert len(out) == 1, out
    return out[0]


def army(g, region):
    reg = g.state["regions"][region]
    return reg["side"], dict(reg["units"]), reg["damage"]


def variant(**units_params):
    """The test scenario with maneuver abilities given as ability_params per unit type."""
    spec = test_spec()
    units = dict(spec.units)
    for u, params in units_params.items():
        units[u] = dataclasses.replace(units[u], ability_params=dict(params))
    return dataclasses.replace(spec, units=units)


def variant_spec(**changes):
    return dataclasses.replace(test_spec(), **changes)
