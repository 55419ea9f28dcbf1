"""Battles (R-10) and damage (R-11), as a sequence of pending decisions.

`start_battle` is the seam the engine calls for every attack (Army, Character and Eye dice,
combined attacks, cards). The battle's progress is plain data in `state["battle"]`; between
decisions `battle_pump` advances it. Every choice a player has is a decision:

- `tactic`        both sides, secretly, in either order (R-10.4.1); hidden in views until both chose;
- `combat_card`   each side that chose Combat Event picks a combat card or none, secretly (R-10.4.1b);
- `choose_army`   the attacker in a combined attack picks the army of the round (R-10.9); for the
                  first round before terrain superiority, which that army decides;
- `combat_roll`   each side rolls its combat dice, in either order (R-10.4.2);
- `reroll`        each side with leadership picks the dice to re-roll (R-10.4.3);
- `casualties`    each damaged side removes units: mandatory past the limit, voluntary otherwise (R-11);
- `cease`         the attacker ceases or fights on (R-10.6a);
- `withdraw`      the defender retreats (after Regroup), flees, or stays (R-10.6b, c);
- `retreat_to`    the defender (or the attacker, R-10.7) picks the region to retreat to;
- `advance`       the attacker moves all or part of the army into the freed region (R-10.8).

This module runs a round up to the damage and holds the table of stages; the stages from the damage
on (casualties, ceasing, withdrawal, retreat, the end, the advance) are in `battle_end`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from . import events as _events
from .battle_end import (
    _stage_advance,
    _stage_after_casualties,
    _stage_damage,
    _stage_retreat,
    _stage_retreating,
    _stage_round_end,
    _upd,
    battle_region,
    cmd_advance,
    cmd_casualty,
    cmd_cease,
    cmd_fight_on,
    cmd_flee_casualty,
    cmd_retreat_to,
    cmd_withdraw,
)
from .cards import card_destination, draw_cards, physical_cards_for
from .kernel import ANSWERS, command, fail, run_effects
from .spec import other
from .state import has_army, leadership

if TYPE_CHECKING:
    from .events import Change
    from .kernel import Ctx


def start_battle(
    ctx: Ctx,
    attacker: str,
    sources: list[str],
    target: str,
    mode: str,
    bonus: list[Any] | None = None,
    source: str | None = None,
) -> None:
    """R-10.1: the battle starts after the movement; the attacked region is the defender's.
    `bonus`: the modifiers a card or ability that started the attack gives this battle ("round":
    its first round, "battle": every round); they are added now, so they belong to it alone."""
    battle = {
        "attacker": attacker,
        "defender": other(attacker),
        "target": target,
        "mode": mode,
        "armies": list(sources),
        "current": sources[0],
        "round": 0,
        "stage": "start",
        "spent": {"fp": [], "sh": []},
        "rounds_by_army": {r: 0 for r in sources},
        "choice": {"fp": None, "sh": None},
        "card": {"fp": None, "sh": None},
        "revealed": False,
        "cards_revealed": False,
        "rolls": {},
        "hits": {"fp": 0, "sh": 0},
        "ability": {"fp": None, "sh": None},
        "outcome": None,
    }
    ctx.emit("BattleSet", battle=battle, why="started")
    ctx.emit("BattleStarted", attacker=attacker, armies=list(sources), target=target, mode=mode)
    for m in bonus or ():
        who = other(attacker) if m.get("who") == "opponent" else attacker
        ctx.emit(
            "ModifierAdded",
            mod={
                "kind": m["kind"],
                "n": m.get("n", 1),
                "side": who,
                "until": m.get("until", "battle"),
                "source": source,
            },
        )


def battle_pump(ctx: Ctx) -> None:
    b = ctx.s["battle"]
    STAGES[b["stage"]](ctx, b)


# -- preparation -------------------------------------------------------------------------------


def _terrain(ctx: Ctx, b: dict[str, Any]) -> str:
    return ctx.spec.board.regions[b["target"]].terrain


def _stage_start(ctx: Ctx, b: dict[str, Any]) -> None:
    """R-10.2 terrain superiority, once, with the first attacking army. In a combined attack the
    attacker first chooses the army of the first round: that is the first army (R-10.9)."""
    spec, s = ctx.spec, ctx.s
    if len(b["armies"]) > 1 and not b.get("first_chosen"):
        _upd(ctx, first_chosen=True)
        ctx.push("choose_army", b["attacker"], options=list(b["armies"]))
        return
    terrain = _terrain(ctx, b)
    counts = {}
    for side, region in ((b["attacker"], b["current"]), (b["defender"], b["target"])):
        reg = s["regions"][region]
        counts[side] = sum(n for u, n in reg["units"].items() if terrain in spec.units[u].favoured)
    winner = None
    if counts[b["attacker"]] != counts[b["defender"]]:
        winner = max(counts, key=lambda sd: counts[sd])
    ctx.emit("TerrainSuperiority", terrain=terrain, counts=counts, winner=winner)
    _upd(ctx, stage="round")
    if winner:
        draw_cards(ctx, winner, "generic", 1)
    ctx.rules.battle_started(ctx, ctx.s["battle"])  # the scenario's rules before the first round


def _stage_round(ctx: Ctx, b: dict[str, Any]) -> None:
    live = [r for r in b["armies"] if has_army(ctx.s["regions"][r], b["attacker"])]
    first = b["round"] == 0
    _upd(
        ctx,
        round=b["round"] + 1,
        stage="army",
        armies=live,
        choice={"fp": None, "sh": None},
        card={"fp": None, "sh": None},
        revealed=False,
        cards_revealed=False,
        rolls={},
        hits={"fp": 0, "sh": 0},
        ability={"fp": None, "sh": None},
    )
    if len(live) > 1:
        if not first:  # the first round's army was chosen before terrain superiority
            ctx.push("choose_army", b["attacker"], options=live)
    elif live and live[0] != b["current"]:
        spent = dict(b["spent"])
        spent[b["attacker"]] = []  # another army fights, with all its tokens
        _upd(ctx, current=live[0], spent=spent)


def _stage_army(ctx: Ctx, b: dict[str, Any]) -> None:
    b_cur = b["current"]
    rounds = dict(b["rounds_by_army"])
    rounds[b_cur] = rounds.get(b_cur, 0) + 1
    _upd(ctx, stage="tactics", rounds_by_army=rounds)
    ctx.push("tactic", None, sides=[b["attacker"], b["defender"]])


def available_tactics(ctx: Ctx, b: dict[str, Any], side: str) -> list[str]:
    reg = ctx.s["regions"][battle_region(b, side)]
    types = sorted(u for u in reg["units"] if u not in b["spent"][side])
    return [f"maneuver:{u}" for u in types] + ["regroup", "combat_event"]


# -- decisions -----------------------------------------------------------------------------


def cmd_choose_army(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.asked
    r = cmd.get("region")
    if r not in p["options"]:
        fail("battle/bad_army", f"Choose one of the attacking armies: {', '.join(p['options'])}.", "R-10.9")
    ctx.pop()
    b = ctx.s["battle"]
    if r != b["current"]:
        # switching armies gives the attacker back its spent tactic tokens.
        spent = dict(b["spent"])
        spent[b["attacker"]] = []
        _upd(ctx, current=r, spent=spent)


def cmd_tactic(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    b = ctx.s["battle"]
    t = cmd.get("tactic")
    if t not in available_tactics(ctx, b, side):
        fail("battle/bad_tactic", f"Choose one of: {', '.join(available_tactics(ctx, b, side))}.", "R-10.4")
    choice = dict(b["choice"])
    choice[side] = t
    _upd(ctx, choice=choice)
    p = ctx.asked
    left = [x for x in p["sides"] if x != side]
    ctx.pop()
    if left:
        ctx.push("tactic", None, sides=left)
        return
    _upd(ctx, revealed=True)
    ctx.emit("TacticsRevealed", choice=dict(choice))
    spent = {k: list(v) for k, v in b["spent"].items()}
    for sd, c in choice.items():
        if c.startswith("maneuver:"):
            spent[sd].append(c.split(":", 1)[1])
    _upd(ctx, spent=spent, stage="cards")
    wants = [sd for sd in (b["attacker"], b["defender"]) if choice[sd] == "combat_event" and combat_cards(ctx, sd)]
    if wants:
        ctx.push("combat_card", None, sides=wants)


def combat_cards(ctx: Ctx, side: str) -> list[str]:
    hand = ctx.s["sides"][side]["hand"]
    if ctx.s["options"].get("physical_cards"):  # any card the side could be holding
        if "?" not in hand:
            return []
        return [c for c in physical_cards_for(ctx.s, side) if ctx.spec.cards[c].combat]
    return [c for c in hand if ctx.spec.cards[c].combat]


def cmd_combat_card(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    b = ctx.s["battle"]
    card = cmd.get("card")
    if card is not None and card not in combat_cards(ctx, side):
        fail("battle/bad_card", f"{card!r} is not a combat card in your hand.", "R-10.4")
    cards = dict(b["card"])
    cards[side] = card or "none"
    _upd(ctx, card=cards)
    p = ctx.asked
    left = [x for x in p["sides"] if x != side]
    ctx.pop()
    if left:
        ctx.push("combat_card", None, sides=left)


def _stage_cards(ctx: Ctx, b: dict[str, Any]) -> None:
    """R-10.4.1b: the attacker reveals first, then the defender; at the same moment the
    defender's card resolves first, so a defender's cancel stops the attacker's card."""
    played = {sd: c for sd, c in b["card"].items() if c and c != "none"}
    _upd(ctx, cards_revealed=True, stage="roll")
    if not played:
        return
    for sd in (b["attacker"], b["defender"]):
        if sd in played:
            ctx.emit("CardRevealed", side=sd, card=played[sd])
    cancelled = set()
    for sd in (b["defender"], b["attacker"]):
        if sd in played and sd not in cancelled:
            if any(e["do"] == "modifier" and e["kind"] == "cancel_card" for e in ctx.spec.cards[played[sd]].combat):
                cancelled.add(other(sd))
    for sd in (b["defender"], b["attacker"]):
        if sd not in played:
            continue
        if sd in cancelled:
            ctx.emit("Note", text="combat card cancelled", side=sd, card=played[sd])
            continue  # R-10.4.1b: a cancelled token costs no card
        card = played[sd]
        ctx.emit("CardPlayed", side=sd, card=card, die=None, to=card_destination(ctx.spec, card), combat=True)
        effs = [e for e in ctx.spec.cards[card].combat if not (e["do"] == "modifier" and e["kind"] == "cancel_card")]
        for e in effs:
            if e["do"] == "modifier" and "until" not in e:
                e = dict(e, until="round")
            run_effects(ctx, sd, [e], source=f"combat:{card}")


def _mods(ctx: Ctx, side: str, kind: str) -> int:
    n = 0
    for m in ctx.s["mods"]:  # a loop, not a generator: most battles have none
        if m["side"] == side and m["kind"] == kind and m["until"] in ("round", "battle", "turn"):
            n += m["n"]
    return n


def strength(ctx: Ctx, b: dict[str, Any], side: str) -> tuple[int, int, int]:
    """R-10.3: (dice rolled, maneuver dice, target number) for a side this round."""
    spec, s = ctx.spec, ctx.s
    region = battle_region(b, side)
    reg = s["regions"][region]
    base = min(5, sum(spec.units[u].strength * n for u, n in reg["units"].items()))
    bonus = spec.terrain_bonus.get(_terrain(ctx, b), 0) if side == b["defender"] else 0
    extra = _mods(ctx, side, "strength")
    total = max(0, min(5, base + bonus + extra))
    maneuver = 0
    c = b["choice"][side]
    if c and c.startswith("maneuver:"):
        maneuver = min(reg["units"].get(c.split(":", 1)[1], 0), base, total)  # R-10.4.1a
    target = 5
    if side == b["attacker"]:
        border = spec.board.border(b["current"], b["target"])
        rule = spec.border_rules.get(border) if border else None
        if rule and rule.rounds and b["rounds_by_army"].get(b["current"], 1) <= rule.rounds:
            target = rule.target
    target = ctx.rules.attack_target(ctx, b, side, target)  # e.g. Gondor's walls and siege towers
    target = min(6, max(2, target + _mods(ctx, side, "target")))
    return total, maneuver, target


def _roll_side(ctx: Ctx, b: dict[str, Any], side: str, total: int, maneuver: int, target: int) -> dict[str, Any]:
    # (the first `maneuver` dice are the black maneuver dice, R-10.4.1a: asked as such in the
    # companion mode, where the players roll both colours together)
    whats = ["maneuver"] * maneuver + ["combat"] * (total - maneuver) if maneuver else None
    dice = ctx.chance.dice(total, "combat", whats)
    mod = _mods(ctx, side, "roll")
    return {"dice": dice, "maneuver": maneuver, "target": target, "mod": mod}


def die_value(d: int, mod: int) -> int:
    return min(6, max(1, d + mod))


def _stage_roll(ctx: Ctx, b: dict[str, Any]) -> None:
    """R-10.4.2: each side rolls its combat dice (a decision, so physical dice can be entered)."""
    _upd(ctx, stage="rolled")
    ctx.push("combat_roll", None, sides=[b["attacker"], b["defender"]])


def cmd_roll_combat(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    b = ctx.s["battle"]
    total, maneuver, target = strength(ctx, b, side)
    roll = _roll_side(ctx, b, side, total, maneuver, target)
    rolls = dict(b["rolls"])
    rolls[side] = roll
    p = ctx.pop()
    left = [x for x in p["sides"] if x != side]
    if left:
        ctx.push("combat_roll", None, sides=left)
    _upd(ctx, rolls=rolls)
    ctx.emit(
        "CombatRolled", side=side, dice=roll["dice"], maneuver=maneuver, target=target, mod=roll["mod"], stage="roll"
    )


def _stage_rolled(ctx: Ctx, b: dict[str, Any]) -> None:
    """R-10.4.3: leader re-rolls, the attacker first."""
    rolls = b["rolls"]
    _upd(ctx, stage="abilities")
    ask = []
    for side in (b["attacker"], b["defender"]):
        lead = leadership(ctx.s, ctx.spec, battle_region(b, side)) + _mods(ctx, side, "reroll")
        if lead > 0 and rolls[side]["dice"]:
            ask.append(side)
    for side in reversed(ask):  # the attacker answers first
        ctx.push("reroll", side, max=leadership(ctx.s, ctx.spec, battle_region(b, side)) + _mods(ctx, side, "reroll"))


def cmd_reroll(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    b = ctx.s["battle"]
    p = ctx.asked
    idx = cmd.get("dice", [])
    roll = b["rolls"][side]
    if (
        not isinstance(idx, list)
        or not all(type(i) is int and 0 <= i < len(roll["dice"]) for i in idx)
        or len(set(idx)) != len(idx)  # (after the types: a list in it cannot be put in a set)
    ):
        fail("battle/bad_reroll", "Name the dice to re-roll by their positions.", "R-10.4")
    if len(idx) > p["max"]:
        fail("battle/too_many_rerolls", f"You may re-roll at most {p['max']} dice (your leadership).", "R-10.4")
    ctx.pop()
    if not idx:
        return
    order = sorted(idx)  # (the new results go to the named dice in this order: maneuver dice first)
    m = roll["maneuver"]
    whats = ["maneuver re-roll" if i < m else "leader re-roll" for i in order] if m else None
    new = ctx.chance.dice(len(idx), "leader re-roll", whats)
    dice = list(roll["dice"])
    for i, v in zip(order, new):
        dice[i] = v
    rolls = dict(b["rolls"])
    rolls[side] = dict(roll, dice=dice)
    _upd(ctx, rolls=rolls)
    ctx.emit(
        "CombatRolled",
        side=side,
        dice=dice,
        maneuver=roll["maneuver"],
        target=roll["target"],
        mod=roll["mod"],
        stage="reroll",
        rerolled=sorted(idx),
    )


def hits_of(roll: dict[str, Any]) -> int:
    return sum(1 for d in roll["dice"] if die_value(d, roll["mod"]) >= roll["target"])


def maneuver_hits(roll: dict[str, Any]) -> int:
    return sum(1 for d in roll["dice"][: roll["maneuver"]] if die_value(d, roll["mod"]) >= roll["target"])


def _stage_abilities(ctx: Ctx, b: dict[str, Any]) -> None:
    """R-10.4.4: a maneuver with at least one hitting maneuver die triggers its unit's ability."""
    hits = {sd: hits_of(b["rolls"][sd]) + _mods(ctx, sd, "hits") for sd in (b["attacker"], b["defender"])}
    absorb = {sd: _mods(ctx, sd, "absorb") for sd in hits}
    _upd(ctx, hits=hits, absorb=absorb, stage="damage")
    for side in (b["defender"], b["attacker"]):  # at the same moment, the defender first
        c = b["choice"][side]
        if not (c and c.startswith("maneuver:")):
            continue
        if maneuver_hits(ctx.s["battle"]["rolls"][side]) < 1:
            continue
        unit = c.split(":", 1)[1]
        ctx.emit("UnitAbilityTriggered", side=side, unit=unit, ability=ctx.spec.units[unit].ability)
        ctx.rules.unit_ability(ctx, side, unit)


STAGES: dict[str, Callable[[Ctx, dict[str, Any]], None]] = {
    "start": _stage_start,
    "round": _stage_round,
    "army": _stage_army,
    "cards": _stage_cards,
    "roll": _stage_roll,
    "rolled": _stage_rolled,
    "abilities": _stage_abilities,
    "damage": _stage_damage,
    "after_casualties": _stage_after_casualties,
    "retreat": _stage_retreat,
    "retreating": _stage_retreating,
    "round_end": _stage_round_end,
    "advance": _stage_advance,
    # stages that only wait for a decision fall through to the next
    "tactics": lambda ctx, b: _upd(ctx, stage="cards"),
    "cease": lambda ctx, b: _upd(ctx, stage="round_end"),
    "withdraw": lambda ctx, b: _upd(ctx, stage="round_end"),
}


def _noop(w: Change, e: dict[str, Any]) -> None:
    pass


for _name in (
    "BattleStarted",
    "TerrainSuperiority",
    "TacticsRevealed",
    "UnitAbilityTriggered",
    "ArmyDestroyed",
    "Fled",
    "BattleEnded",
):
    _events.register(_name, _noop)


# the battle's commands and the decisions they answer
command("choose_army")(cmd_choose_army)
command("tactic")(cmd_tactic)
command("combat_card")(cmd_combat_card)
command("reroll")(cmd_reroll)
command("roll_combat")(cmd_roll_combat)
command("casualty")(cmd_casualty)
command("cease")(cmd_cease)
command("fight_on")(cmd_fight_on)
command("withdraw")(cmd_withdraw)
command("flee_casualty")(cmd_flee_casualty)
command("retreat_to")(cmd_retreat_to)
command("advance")(cmd_advance)
ANSWERS["choose_army"] = ("choose_army",)
ANSWERS["tactic"] = ("tactic",)
ANSWERS["combat_card"] = ("combat_card",)
ANSWERS["reroll"] = ("reroll",)
ANSWERS["combat_roll"] = ("roll_combat",)
ANSWERS["casualties"] = ("casualty", "done")
ANSWERS["cease"] = ("cease", "fight_on")
ANSWERS["withdraw"] = ("withdraw",)
ANSWERS["flee_casualty"] = ("flee_casualty",)
ANSWERS["retreat_to"] = ("retreat_to",)
ANSWERS["advance"] = ("advance", "done")
