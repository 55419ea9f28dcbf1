"""Events: what happened, as plain data, and `apply(state, event)` that folds one into the state.

An event is a dict with "e" (its kind, past tense) and its data. `apply` never rolls, never asks
and never fails on an event that `decide` produced; it mutates the state it is given (callers
clone first when they need the old state). A handler never keeps a reference to a mutable part of
an event (it clones), so folding a log can never change the log.
"""

from __future__ import annotations

from .spec import SIDES
from .state import army_size, clone


def _units_add(reg: dict, side: str, units: dict) -> None:
    if army_size(reg) == 0:
        reg["side"] = side
    for u, n in units.items():
        reg["units"][u] = reg["units"].get(u, 0) + n


def _units_sub(reg: dict, units: dict) -> None:
    for u, n in units.items():
        left = reg["units"].get(u, 0) - n
        if left > 0:
            reg["units"][u] = left
        else:
            reg["units"].pop(u, None)
    if army_size(reg) == 0:
        reg["side"] = None
        reg["damage"] = 0
        reg["tokens"] = 0


def _game_started(s, e):
    s["phase"] = "setup"
    s["options"] = clone(e.get("options", {}))


def _decks_set(s, e):
    s["generic"] = list(e["generic"])
    for side in SIDES:
        s["sides"][side]["story"] = list(e["story"][side])
    s["sides"]["sh"]["special"] = list(e["special"])


def _fate_pool_set(s, e):
    s["fate_pool"] = list(e["pool"])
    s["fate_extra"] = list(e["extra"])


def _rpool_set(s, e):
    s["sides"][e["side"]]["rpool"] = list(e["tokens"])


def _units_placed(s, e):
    _units_add(s["regions"][e["region"]], e["side"], e["units"])


def _units_removed(s, e):
    reg = s["regions"][e["region"]]
    _units_sub(reg, e["units"])
    if e.get("for_good"):
        out = s["sides"][e["side"]]["figures_out"]
        for u, n in e["units"].items():
            out[u] = out.get(u, 0) + n


def _leaders_placed(s, e):
    s["regions"][e["region"]]["leaders"] += e["n"]


def _leaders_removed(s, e):
    s["regions"][e["region"]]["leaders"] -= e["n"]


def _army_moved(s, e):
    src = s["regions"][e["from"]]
    dst = s["regions"][e["path"][-1]]
    side = e["side"]
    dmg = e["damage"]
    _units_sub_keep = dict(e["units"])
    # Shadow leadership tokens go with their army (all of them when it moves whole).
    whole = sum(e["units"].values()) >= army_size(src)
    tokens = e.get("tokens", src["tokens"] if whole else 0)
    src["damage"] -= dmg
    src["leaders"] -= e["leaders"]
    src["tokens"] -= tokens
    _units_sub(src, _units_sub_keep)
    _units_add(dst, side, e["units"])
    dst["damage"] += dmg
    dst["leaders"] += e["leaders"]
    dst["tokens"] += tokens
    for c in e["characters"]:
        s["chars"][c]["region"] = e["path"][-1]


def _damage(s, e):
    s["regions"][e["region"]]["damage"] += e["n"]


def _control(s, e):
    s["regions"][e["region"]]["control"] = e["side"]


def _rtoken_placed(s, e):
    s["regions"][e["region"]]["rtokens"][e["side"]].append(e["unit"])
    sd = s["sides"][e["side"]]
    if e["unit"] == "?":  # companion mode: drawn unseen; its type is known when it is used
        sd["unknown_out"] += 1
    else:
        sd["rpool"].remove(e["unit"])


def _rtoken_used(s, e):
    s["regions"][e["region"]]["rtokens"][e["side"]].remove(e["unit"])
    if "revealed" in e:
        sd = s["sides"][e["side"]]
        sd["rpool"].remove(e["revealed"])
        sd["unknown_out"] -= 1


def _rtokens_destroyed(s, e):
    toks = s["regions"][e["region"]]["rtokens"][e["side"]]
    for u in e["units"]:
        toks.remove(u)


def _char_status(s, e):
    cs = s["chars"][e["char"]]
    cs["status"] = e["status"]
    if "region" in e:
        cs["region"] = e["region"]
    if e["status"] in ("eliminated", "pool", "ready"):
        cs["region"] = None


def _char_moved(s, e):
    for c in e["chars"]:
        s["chars"][c]["region"] = e["path"][-1]


def _turn_started(s, e):
    s["turn"] = e["turn"]
    s["phase"] = "draw"
    s["step"] = 0
    s["position"] = None
    s["mods"] = [m for m in s["mods"] if m.get("until") != "turn"]
    for side in SIDES:
        sd = s["sides"][side]
        sd["dice"] = e["dice"][side]
        sd["rolled"] = []
        sd["box"] = []
        sd["fate_dice"] = 0
        sd["aside"] = 0
    s["sides"]["fp"]["action_tokens"] = e["action_tokens"]


def _phase(s, e):
    s["phase"] = e["phase"]
    s["step"] = 0
    if e["phase"] == "actions":
        s["active"] = "fp"
        s["in_action"] = False


def _step(s, e):
    s["step"] += 1


def _cards_drawn(s, e):
    side = e["side"]
    sd = s["sides"][side]
    src = s["generic"] if e["deck"] == "generic" else sd["story"] if e["deck"] == "story" else sd["special"]
    for c in e["cards"]:
        if c != "?":  # "?": a physical card the client does not track
            src.remove(c)
        sd["hand"].append(c)


def _take_from_hand(s, side, card):
    """Remove a card from a hand; with physical cards, an unknown one stands for it and the card
    leaves the pile it was still counted in."""
    hand = s["sides"][side]["hand"]
    if card in hand:
        hand.remove(card)
        return
    hand.remove("?")
    sd = s["sides"][side]
    for pile in (s["generic"], sd["story"], sd["special"]):
        if card in pile:
            pile.remove(card)
            return


def _generic_reshuffled(s, e):
    s["generic"] = list(e["order"])
    s["discard"] = []


def _card_discarded(s, e):
    _take_from_hand(s, e["side"], e["card"])
    if e["to"] != "unknown":
        s[e["to"]].append(e["card"])


def _card_played(s, e):
    sd = s["sides"][e["side"]]
    if e["card"] in sd["hand"] or "?" in sd["hand"]:
        _take_from_hand(s, e["side"], e["card"])
    if e["to"] != "unknown":
        s[e["to"]].append(e["card"])


def _card_left_table(s, e):
    s["table"].remove(e["card"])
    s[e["to"]].append(e["card"])


def _position(s, e):
    s["position"] = e["position"]
    sd = s["sides"]["sh"]
    sd["box"] = ["position"] * e["dice"]
    sd["fate_dice"] = e["dice"]


def _lt_gained(s, e):
    s["sides"]["sh"]["aside"] += e["n"]


def _lt_placed(s, e):
    s["sides"]["sh"]["aside"] -= e["n"]
    s["regions"][e["region"]]["tokens"] += e["n"]


def _lt_lost(s, e):
    sd = s["sides"]["sh"]
    sd["aside"] = max(0, sd["aside"] - e["n"])


def _lt_removed(s, e):
    for reg in s["regions"].values():
        reg["tokens"] = 0
    s["sides"]["sh"]["aside"] = 0


def _fate_drawn(s, e):
    s["fate_pool"].remove(e["tile"])


def _fate_aside(s, e):
    s["fate_aside"].append(e["tile"])


def _fate_applied(s, e):
    s["fate_used"].append(e["tile"])


def _fate_returned(s, e):
    s["fate_pool"].extend(s["fate_aside"])
    s["fate_aside"] = []


def _fate_moved(s, e):
    s["fate"] = e["to"]


def _fate_tile_added(s, e):
    s["fate_extra"].remove(e["tile"])
    s["fate_pool"].append(e["tile"])


def _dice_rolled(s, e):
    sd = s["sides"][e["side"]]
    sd["rolled"] = list(e["kept"])
    sd["box"] = sd["box"] + ["rolled"] * e["to_box"]


def _die_used(s, e):
    sd = s["sides"][e["side"]]
    if e["from"] == "box":
        sd["box"].remove(e["kind"])
    else:
        sd["rolled"].pop(e["index"])


def _die_changed(s, e):
    s["sides"][e["side"]]["rolled"][e["index"]] = e["result"]


def _dice_bonus(s, e):
    s["sides"][e["side"]]["dice_bonus"] += e["n"]


def _action_token(s, e):
    sd = s["sides"]["fp"]
    sd["action_tokens"] -= 1
    if e.get("for_good"):
        sd["tokens_lost"] += 1


def _action_started(s, e):
    s["in_action"] = e["stage"]  # "die", "pass" or "after" (R-6.4: tokens after a die action)


def _action_ended(s, e):
    s["in_action"] = False
    s["active"] = e["next"]


def _pending_pushed(s, e):
    s["pending"].append(clone(e["decision"]))


def _pending_popped(s, e):
    s["pending"].pop()


def _pending_updated(s, e):
    s["pending"][-1] = clone(e["decision"])


def _won(s, e):
    s["winner"] = e["side"]
    s["win_reason"] = e["reason"]
    s["phase"] = "over"
    s["pending"] = []


def _rng(s, e):
    s["rng"] = e["counter"]


def _mod_added(s, e):
    s["mods"].append(clone(e["mod"]))


def _mods_cleared(s, e):
    s["mods"] = [m for m in s["mods"] if m.get("until") != e["until"]]


def _flag(s, e):
    s["flags"][e["flag"]] = e["value"]


def _battle_set(s, e):
    s["battle"] = clone(e["battle"])


def _battle_update(s, e):
    s["battle"].update(clone(e["changes"]))


def _noop(s, e):
    pass


HANDLERS = {
    "GameStarted": _game_started,
    "DecksShuffled": _decks_set,
    "FatePoolFilled": _fate_pool_set,
    "RecruitmentPoolSet": _rpool_set,
    "UnitsPlaced": _units_placed,
    "UnitsRemoved": _units_removed,
    "LeadersPlaced": _leaders_placed,
    "LeadersRemoved": _leaders_removed,
    "ArmyMoved": _army_moved,
    "DamageChanged": _damage,
    "ControlChanged": _control,
    "RecruitmentTokenPlaced": _rtoken_placed,
    "RecruitmentTokenUsed": _rtoken_used,
    "RecruitmentTokensDestroyed": _rtokens_destroyed,
    "CharacterStatus": _char_status,
    "CharactersMoved": _char_moved,
    "TurnStarted": _turn_started,
    "PhaseStarted": _phase,
    "StepDone": _step,
    "CardsDrawn": _cards_drawn,
    "GenericDeckReshuffled": _generic_reshuffled,
    "CardDiscarded": _card_discarded,
    "CardPlayed": _card_played,
    "CardLeftTable": _card_left_table,
    "PositionChosen": _position,
    "LeadershipTokensGained": _lt_gained,
    "LeadershipTokenPlaced": _lt_placed,
    "LeadershipTokensLost": _lt_lost,
    "LeadershipTokensRemoved": _lt_removed,
    "FateTileDrawn": _fate_drawn,
    "FateTileSetAside": _fate_aside,
    "FateTileApplied": _fate_applied,
    "FateTilesReturned": _fate_returned,
    "FateMarkerMoved": _fate_moved,
    "FateTileAdded": _fate_tile_added,
    "DiceRolled": _dice_rolled,
    "DieUsed": _die_used,
    "DieChanged": _die_changed,
    "DiceBonusChanged": _dice_bonus,
    "ActionTokenUsed": _action_token,
    "ActionStarted": _action_started,
    "ActionEnded": _action_ended,
    "Passed": _noop,
    "PendingPushed": _pending_pushed,
    "PendingPopped": _pending_popped,
    "PendingUpdated": _pending_updated,
    "GameWon": _won,
    "RngAdvanced": _rng,
    "ModifierAdded": _mod_added,
    "ModifiersCleared": _mods_cleared,
    "FlagSet": _flag,
    "BattleSet": _battle_set,
    "BattleUpdated": _battle_update,
    # Events that only inform (the log, animation); the state changes through others.
    "RallyRolled": _noop,
    "CombatRolled": _noop,
    "CardRevealed": _noop,
    "Note": _noop,
    "Adjustment": _noop,
}


def apply(state: dict, event: dict) -> dict:
    HANDLERS[event["e"]](state, event)
    return state


def register(name: str, handler) -> None:
    """Scenario modules and the battle system may add event kinds."""
    HANDLERS[name] = handler


# -- handlers of events the rule modules added --


def _gain_tokens(s, e):
    s["sides"]["fp"]["action_tokens"] += e["n"]


register("ActionTokensGained", _gain_tokens)


def _fate_refilled(s, e):
    s["fate_pool"].extend(e["tiles"])
    for tile in e["tiles"]:
        s["fate_used"].remove(tile)


register("FatePoolRefilled", _fate_refilled)


def _card_moved(s, e):
    card = e["card"]
    for pile in (
        s["generic"],
        s["discard"],
        s["gone"],
        s["table"],
        s["sides"]["fp"]["hand"],
        s["sides"]["sh"]["hand"],
        s["sides"]["fp"]["story"],
        s["sides"]["sh"]["story"],
        s["sides"]["sh"]["special"],
    ):
        if card in pile:
            pile.remove(card)
            break
    to, deck = e["to"], e["deck"]
    if to == "deck":
        if deck == "generic":
            s["generic"].append(card)
        elif deck == "special":
            s["sides"]["sh"]["special"].append(card)
        else:
            s["sides"][deck[:2]]["story"].append(card)
    elif to.startswith("hand_"):
        s["sides"][to[5:]]["hand"].append(card)
    else:
        (s["discard"] if deck == "generic" else s["gone"]).append(card)


register("CardMovedByPlayers", _card_moved)
