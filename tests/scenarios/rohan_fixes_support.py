"""Helpers for the tests of the Rohan rules fixes: a real Rohan game brought to the action phase
with chosen dice, the board set by the players' adjustment commands, and one call per battle step
with explicit dice. Every step goes through `Game.submit`."""
from __future__ import annotations

from botwotr.catalog import spec_for
from botwotr.core import Game
from helpers import adjust, clear_board, place, to_actions, top

FP_DICE = ["army_muster", "army_muster", "character", "character"]
SH_DICE = ["army", "army", "army", "army"]  # 4 rolled; the Palantír Room puts 2 in the box


def rohan(armies=(), *, early=(), fp=FP_DICE, sh=SH_DICE, position="palantir_room", chars=(),
          hands=None, seed=5) -> Game:
    """A Rohan game in the action phase of turn 1, the Free Peoples to act, with only the given
    armies. `armies`/`early` are (region, side, units[, {leaders, damage, chars}]); `early` ones
    are placed before the Shadow phase, so the position's leadership tokens go on the first Shadow
    army among them (with none, the tokens are lost, R-6.3). `chars` are (character, region) put
    in play; `hands` sets each side's hand exactly."""
    g = Game.new(spec_for("rohan"), seed=seed)
    clear_board(g)
    for a in early:
        _place(g, a)
    to_actions(g, fp=list(fp), sh=list(sh), position=position, fate=["grey_1a"])
    for a in armies:
        _place(g, a)
    for c, r in chars:
        adjust(g, "character", char=c, status="in_play", region=r)
    if hands is not None:
        set_hands(g, hands)
    assert top(g) == {"kind": "action", "side": "fp"}, top(g)
    return g


def set_hands(g: Game, hands: dict) -> None:
    for side, cards in hands.items():
        for c in list(g.state["sides"][side]["hand"]):
            adjust(g, "card", card=c, to="discard" if g.spec.cards[c].deck == "generic" else "deck")
        for c in cards:
            adjust(g, "card", card=c, to=f"hand_{side}")


def _place(g, a):
    region, side, units = a[:3]
    kw = a[3] if len(a) > 3 else {}
    place(g, region, side, units, leaders=kw.get("leaders", 0), damage=kw.get("damage", 0),
          chars=tuple(kw.get("chars", ())))


def die(g: Game, side: str, face: str):
    return "box" if face == "box" else g.state["sides"][side]["rolled"].index(face)


def use(g: Game, side: str, face: str, action: str, **kw) -> list[dict]:
    return g.submit({"cmd": "use_die", "side": side, "die": die(g, side, face), "action": action, **kw})


def discard_down(g: Game) -> None:
    while top(g) and top(g)["kind"] == "discard":
        side = top(g)["side"]
        g.submit({"cmd": "discard", "side": side, "card": g.state["sides"][side]["hand"][0]})


def fight_round(g: Game, dice: dict, tactics=None, cards=None, rerolls=None) -> list[dict]:
    """One battle round: tactics (default Regroup), combat cards, the combat rolls with the given
    dice (side -> list), leader re-rolls (none unless `rerolls` side -> (indexes, new dice)),
    voluntary casualties declined. Returns the round's events."""
    evs: list[dict] = []
    discard_down(g)
    tactics = tactics or {}
    assert top(g)["kind"] == "tactic", top(g)
    for side in list(top(g)["sides"]):
        evs += g.submit({"cmd": "tactic", "side": side, "tactic": tactics.get(side, "regroup")})
    while top(g)["kind"] == "combat_card":
        side = top(g)["sides"][0]
        evs += g.submit({"cmd": "combat_card", "side": side, "card": (cards or {}).get(side)})
    assert top(g)["kind"] == "combat_roll", top(g)
    for side in list(top(g)["sides"]):
        evs += g.submit({"cmd": "roll_combat", "side": side, "outcomes": list(dice[side])})
    while top(g) and top(g)["kind"] == "reroll":
        side = top(g)["side"]
        idx, new = (rerolls or {}).get(side, ([], []))
        evs += g.submit({"cmd": "reroll", "side": side, "dice": list(idx), "outcomes": list(new)})
    while top(g) and top(g)["kind"] == "casualties":
        p = top(g)
        if p["mandatory"]:
            unit = sorted(g.state["regions"][p["region"]]["units"])[0]
            evs += g.submit({"cmd": "casualty", "side": p["side"], "unit": unit})
        else:
            evs += g.submit({"cmd": "done", "side": p["side"]})
    return evs


def cease(g: Game) -> list[dict]:
    assert top(g)["kind"] == "cease", top(g)
    return g.submit({"cmd": "cease", "side": top(g)["side"]})


def fight_on(g: Game) -> list[dict]:
    assert top(g)["kind"] == "cease", top(g)
    evs = g.submit({"cmd": "fight_on", "side": top(g)["side"]})
    if top(g)["kind"] == "withdraw":
        evs += g.submit({"cmd": "withdraw", "side": top(g)["side"], "choice": "stay"})
    return evs


def rolls(evs: list[dict], side: str) -> list[dict]:
    """The first combat roll of each round for a side (stage 'roll')."""
    return [e for e in evs if e["e"] == "CombatRolled" and e["side"] == side and e["stage"] == "roll"]


def battle_damage(evs: list[dict], region: str) -> int:
    return sum(e["n"] for e in evs if e["e"] == "DamageChanged" and e["region"] == region and e["why"] == "battle")
