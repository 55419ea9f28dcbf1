"""Events: what happened, as plain data, and `apply(state, event)` that folds one into the state.

An event is a dict with "e" (its kind, past tense) and its data. `apply` never rolls, never asks
and never fails on an event that `decide` produced. It returns the new state and never changes the
state it is given: the new state shares every part the event did not touch with the old one
(copy-on-write), so a command costs what it changes, not the size of the state, and every state
ever returned (the game's current state, its snapshots, the states a caller keeps) stays as it was.

## Writing an event handler (the copy-on-write discipline)

A handler is `handler(w, e)`: `w` is the `Change` being made (`w.s` is the new top-level state
dict, which the handler may assign keys of directly), `e` the event. Registered with `register`.

1. **Write only through `w.mut(*path)`.** It returns the container at that path (`w.mut("sides",
   "fp")`, `w.mut("regions", r, "units")`), copied on the first write in this change and owned by
   it from then on (later events of the same `decide` write into the same copy). Assigning a key of
   `w.s` itself is fine: the top level is always the change's own copy.
2. **Never write into a container reached by reading** (`w.s["regions"][r]["damage"] += 1`,
   `w.s["pending"].append(...)`, `.remove`, `.pop`, `.update`, `del`...): that container may be
   shared with older states, the log's snapshots and the caller's state.
3. **Never store a mutable part of an event** (or of the old state) without copying it: `list(x)`,
   `dict(x)`, `state.clone(x)`; a fresh container you build is yours to store as it is.
4. **A list or dict you replace whole** (`w.s["fate_aside"] = []`,
   `w.mut("sides", "fp")["rolled"] = list(e["kept"])`) needs no copy of the old one.

`tests/core/test_copy_on_write.py` plays whole random games and checks, after every event, that the
state it was applied to still equals a deep copy taken before. Rule code (in `decide`) reads the
state through `ctx.s`: a container it keeps in a local variable (`reg = ctx.s["regions"][r]`) may be
the old version after an event changes it, so it reads the state again after `ctx.emit` (the
battle in progress, `ctx.s["battle"]`, is always the change's own copy and stays current).
"""

from __future__ import annotations

from typing import Any, Callable

from .spec import SIDES
from .state import army_size, clone


class Change:
    """A change of one state by a sequence of events, copying only the containers they write
    (see the module docstring). `s` is the new state; the state given is never changed."""

    __slots__ = ("s", "_own")

    def __init__(self, state: dict[str, Any]) -> None:
        self.s = dict(state)
        # id -> container owned by this change (the value keeps it alive, so its id stays unique)
        self._own: dict[int, Any] = {}

    def mut(self, *path: Any) -> Any:
        """The container at `path` (keys from the top), made this change's own (copied once)."""
        c: Any = self.s
        own = self._own
        for k in path:
            child = c[k]
            if id(child) not in own:
                child = child.copy()
                c[k] = child
                own[id(child)] = child
            c = child
        return c

    def top(self, key: str) -> Any:
        """`mut(key)`: the container at a key of the top level, made this change's own (the
        pending stack and the battle, written by most events, in one step)."""
        child = self.s[key]
        if id(child) not in self._own:
            child = self.s[key] = child.copy()
            self._own[id(child)] = child
        return child

    def apply(self, event: dict[str, Any]) -> None:
        HANDLERS[event["e"]](self, event)


_new = object.__new__


def change_of(state: dict[str, Any]) -> Change:
    """`Change(state)`, made without a class call's handling of its arguments (one a command)."""
    w: Change = _new(Change)
    w.s = dict(state)
    w._own = {}
    return w


def _units_add(reg: dict[str, Any], side: str, units: dict[str, Any], w: "Change", r: str) -> None:
    if army_size(reg) == 0:
        reg["side"] = side
    uu = w.mut("regions", r, "units")
    for u, n in units.items():
        uu[u] = uu.get(u, 0) + n


def _units_sub(reg: dict[str, Any], units: dict[str, Any], w: "Change", r: str) -> None:
    uu = w.mut("regions", r, "units")
    for u, n in units.items():
        left = uu.get(u, 0) - n
        if left > 0:
            uu[u] = left
        else:
            uu.pop(u, None)
    if army_size(reg) == 0:
        reg["side"] = None
        reg["damage"] = 0
        reg["tokens"] = 0


def _game_started(w: Change, e: dict[str, Any]) -> None:
    w.s["phase"] = "setup"
    w.s["options"] = clone(e.get("options", {}))


def _decks_set(w: Change, e: dict[str, Any]) -> None:
    w.s["generic"] = list(e["generic"])
    for side in SIDES:
        w.mut("sides", side)["story"] = list(e["story"][side])
    w.mut("sides", "sh")["special"] = list(e["special"])


def _fate_pool_set(w: Change, e: dict[str, Any]) -> None:
    w.s["fate_pool"] = list(e["pool"])
    w.s["fate_extra"] = list(e["extra"])


def _rpool_set(w: Change, e: dict[str, Any]) -> None:
    w.mut("sides", e["side"])["rpool"] = list(e["tokens"])


def _units_placed(w: Change, e: dict[str, Any]) -> None:
    r = e["region"]
    _units_add(w.mut("regions", r), e["side"], e["units"], w, r)


def _units_removed(w: Change, e: dict[str, Any]) -> None:
    r = e["region"]
    _units_sub(w.mut("regions", r), e["units"], w, r)
    if e.get("for_good"):
        out = w.mut("sides", e["side"], "figures_out")
        for u, n in e["units"].items():
            out[u] = out.get(u, 0) + n


def _leaders_placed(w: Change, e: dict[str, Any]) -> None:
    w.mut("regions", e["region"])["leaders"] += e["n"]


def _leaders_removed(w: Change, e: dict[str, Any]) -> None:
    w.mut("regions", e["region"])["leaders"] -= e["n"]


def _army_moved(w: Change, e: dict[str, Any]) -> None:
    fr, to = e["from"], e["path"][-1]
    src = w.mut("regions", fr)
    side = e["side"]
    dmg = e["damage"]
    # Shadow leadership tokens go with their army (all of them when it moves whole).
    whole = sum(e["units"].values()) >= army_size(src)
    tokens = e.get("tokens", src["tokens"] if whole else 0)
    src["damage"] -= dmg
    src["leaders"] -= e["leaders"]
    src["tokens"] -= tokens
    _units_sub(src, e["units"], w, fr)
    dst = w.mut("regions", to)
    _units_add(dst, side, e["units"], w, to)
    dst["damage"] += dmg
    dst["leaders"] += e["leaders"]
    dst["tokens"] += tokens
    for c in e["characters"]:
        w.mut("chars", c)["region"] = to


def _damage(w: Change, e: dict[str, Any]) -> None:
    w.mut("regions", e["region"])["damage"] += e["n"]


def _control(w: Change, e: dict[str, Any]) -> None:
    w.mut("regions", e["region"])["control"] = e["side"]


def _rtoken_placed(w: Change, e: dict[str, Any]) -> None:
    w.mut("regions", e["region"], "rtokens", e["side"]).append(e["unit"])
    if e["unit"] == "?":  # companion mode: drawn unseen; its type is known when it is used
        w.mut("sides", e["side"])["unknown_out"] += 1
    else:
        w.mut("sides", e["side"], "rpool").remove(e["unit"])


def _rtoken_used(w: Change, e: dict[str, Any]) -> None:
    w.mut("regions", e["region"], "rtokens", e["side"]).remove(e["unit"])
    if "revealed" in e:
        w.mut("sides", e["side"], "rpool").remove(e["revealed"])
        w.mut("sides", e["side"])["unknown_out"] -= 1


def _rtokens_destroyed(w: Change, e: dict[str, Any]) -> None:
    toks = w.mut("regions", e["region"], "rtokens", e["side"])
    for u in e["units"]:
        toks.remove(u)


def _char_status(w: Change, e: dict[str, Any]) -> None:
    cs = w.mut("chars", e["char"])
    cs["status"] = e["status"]
    if "region" in e:
        cs["region"] = e["region"]
    if e["status"] in ("eliminated", "pool", "ready"):
        cs["region"] = None


def _char_moved(w: Change, e: dict[str, Any]) -> None:
    for c in e["chars"]:
        w.mut("chars", c)["region"] = e["path"][-1]


def _turn_started(w: Change, e: dict[str, Any]) -> None:
    s = w.s
    s["turn"] = e["turn"]
    s["phase"] = "draw"
    s["step"] = 0
    s["position"] = None
    s["mods"] = [m for m in s["mods"] if m.get("until") != "turn"]
    for side in SIDES:
        sd = w.mut("sides", side)
        sd["dice"] = e["dice"][side]
        sd["rolled"] = []
        sd["box"] = []
        sd["fate_dice"] = 0
        sd["aside"] = 0
    w.mut("sides", "fp")["action_tokens"] = e["action_tokens"]


def _phase(w: Change, e: dict[str, Any]) -> None:
    s = w.s
    s["phase"] = e["phase"]
    s["step"] = 0
    if e["phase"] == "actions":
        s["active"] = "fp"
        s["in_action"] = False


def _step(w: Change, e: dict[str, Any]) -> None:
    w.s["step"] += 1


def _cards_drawn(w: Change, e: dict[str, Any]) -> None:
    side = e["side"]
    deck = e["deck"]
    src = w.top("generic") if deck == "generic" else w.mut("sides", side, "story" if deck == "story" else "special")
    hand = w.mut("sides", side, "hand")
    for c in e["cards"]:
        if c != "?":  # "?": a physical card the client does not track
            src.remove(c)
        hand.append(c)


def _take_from_hand(w: Change, side: str, card: str) -> None:
    """Remove a card from a hand; with physical cards, an unknown one stands for it and the card
    leaves the pile it was still counted in."""
    if card in w.s["sides"][side]["hand"]:
        w.mut("sides", side, "hand").remove(card)
        return
    w.mut("sides", side, "hand").remove("?")
    for path in (("generic",), ("sides", side, "story"), ("sides", side, "special")):
        pile = w.s[path[0]] if len(path) == 1 else w.s["sides"][side][path[2]]
        if card in pile:
            w.mut(*path).remove(card)
            return


def _generic_reshuffled(w: Change, e: dict[str, Any]) -> None:
    w.s["generic"] = list(e["order"])
    w.s["discard"] = []


def _card_discarded(w: Change, e: dict[str, Any]) -> None:
    _take_from_hand(w, e["side"], e["card"])
    if e["to"] != "unknown":
        w.top(e["to"]).append(e["card"])


def _card_played(w: Change, e: dict[str, Any]) -> None:
    hand = w.s["sides"][e["side"]]["hand"]
    if e["card"] in hand or "?" in hand:
        _take_from_hand(w, e["side"], e["card"])
    if e["to"] != "unknown":
        w.top(e["to"]).append(e["card"])


def _card_left_table(w: Change, e: dict[str, Any]) -> None:
    w.top("table").remove(e["card"])
    w.top(e["to"]).append(e["card"])


def _position(w: Change, e: dict[str, Any]) -> None:
    w.s["position"] = e["position"]
    sd = w.mut("sides", "sh")
    sd["box"] = ["position"] * e["dice"]
    sd["fate_dice"] = e["dice"]


def _lt_gained(w: Change, e: dict[str, Any]) -> None:
    w.mut("sides", "sh")["aside"] += e["n"]


def _lt_placed(w: Change, e: dict[str, Any]) -> None:
    w.mut("sides", "sh")["aside"] -= e["n"]
    w.mut("regions", e["region"])["tokens"] += e["n"]


def _lt_lost(w: Change, e: dict[str, Any]) -> None:
    sd = w.mut("sides", "sh")
    sd["aside"] = max(0, sd["aside"] - e["n"])


def _lt_removed(w: Change, e: dict[str, Any]) -> None:
    for r, reg in list(w.s["regions"].items()):
        if reg["tokens"]:
            w.mut("regions", r)["tokens"] = 0
    if w.s["sides"]["sh"]["aside"]:
        w.mut("sides", "sh")["aside"] = 0


def _fate_drawn(w: Change, e: dict[str, Any]) -> None:
    w.top("fate_pool").remove(e["tile"])


def _fate_aside(w: Change, e: dict[str, Any]) -> None:
    w.top("fate_aside").append(e["tile"])


def _fate_applied(w: Change, e: dict[str, Any]) -> None:
    w.top("fate_used").append(e["tile"])


def _fate_returned(w: Change, e: dict[str, Any]) -> None:
    w.top("fate_pool").extend(w.s["fate_aside"])
    w.s["fate_aside"] = []


def _fate_moved(w: Change, e: dict[str, Any]) -> None:
    w.s["fate"] = e["to"]
    # (the players' adjustment puts the marker where the table has it: the spaces past it are
    # still to be reached)
    if e.get("why") == "adjustment":
        w.s["fate_reached"] = e["to"]
    elif e["to"] > w.s["fate_reached"]:
        w.s["fate_reached"] = e["to"]


def _fate_tile_added(w: Change, e: dict[str, Any]) -> None:
    w.top("fate_extra").remove(e["tile"])
    w.top("fate_pool").append(e["tile"])


def _dice_rolled(w: Change, e: dict[str, Any]) -> None:
    sd = w.mut("sides", e["side"])
    sd["rolled"] = list(e["kept"])
    sd["box"] = sd["box"] + ["rolled"] * e["to_box"]


def _die_used(w: Change, e: dict[str, Any]) -> None:
    if e["from"] == "box":
        w.mut("sides", e["side"], "box").remove(e["kind"])
    else:
        w.mut("sides", e["side"], "rolled").pop(e["index"])


def _die_changed(w: Change, e: dict[str, Any]) -> None:
    w.mut("sides", e["side"], "rolled")[e["index"]] = e["result"]


def _dice_bonus(w: Change, e: dict[str, Any]) -> None:
    w.mut("sides", e["side"])["dice_bonus"] += e["n"]


def _action_token(w: Change, e: dict[str, Any]) -> None:
    sd = w.mut("sides", "fp")
    sd["action_tokens"] -= 1
    if e.get("for_good"):
        sd["tokens_lost"] += 1


def _action_started(w: Change, e: dict[str, Any]) -> None:
    w.s["in_action"] = e["stage"]  # "die", "pass" or "after" (R-6.4: tokens after a die action)


def _action_ended(w: Change, e: dict[str, Any]) -> None:
    w.s["in_action"] = False
    w.s["active"] = e["next"]


def _pending_pushed(w: Change, e: dict[str, Any]) -> None:
    w.top("pending").append(clone(e["decision"]))


def _pending_popped(w: Change, e: dict[str, Any]) -> None:
    w.top("pending").pop()


def _pending_updated(w: Change, e: dict[str, Any]) -> None:
    w.top("pending")[-1] = clone(e["decision"])


def _won(w: Change, e: dict[str, Any]) -> None:
    s = w.s
    s["winner"] = e["side"]
    s["win_reason"] = e["reason"]
    s["phase"] = "over"
    s["pending"] = []


def _rng(w: Change, e: dict[str, Any]) -> None:
    w.s["rng"] = e["counter"]


def _mod_added(w: Change, e: dict[str, Any]) -> None:
    w.top("mods").append(clone(e["mod"]))


def _mods_cleared(w: Change, e: dict[str, Any]) -> None:
    w.s["mods"] = [m for m in w.s["mods"] if m.get("until") != e["until"]]


def _flag(w: Change, e: dict[str, Any]) -> None:
    w.top("flags")[e["flag"]] = e["value"]


def _battle_set(w: Change, e: dict[str, Any]) -> None:
    w.s["battle"] = b = clone(e["battle"])
    if b is not None:
        w._own[id(b)] = b  # a fresh copy: this change's own


def _battle_update(w: Change, e: dict[str, Any]) -> None:
    b = w.top("battle")
    for k, v in e["changes"].items():  # `b.update(clone(changes))` without the outer copy
        tv = type(v)
        b[k] = clone(v) if tv is dict or tv is list else v


def _gain_tokens(w: Change, e: dict[str, Any]) -> None:
    w.mut("sides", "fp")["action_tokens"] += e["n"]


def _fate_refilled(w: Change, e: dict[str, Any]) -> None:
    w.top("fate_pool").extend(e["tiles"])
    used = w.top("fate_used")
    for tile in e["tiles"]:
        used.remove(tile)


_PILES = (
    ("generic",),
    ("discard",),
    ("gone",),
    ("table",),
    ("sides", "fp", "hand"),
    ("sides", "sh", "hand"),
    ("sides", "fp", "story"),
    ("sides", "sh", "story"),
    ("sides", "sh", "special"),
)


def _card_moved(w: Change, e: dict[str, Any]) -> None:
    """An adjustment: the players move a card between a deck, a hand and the discards."""
    card = e["card"]
    for path in _PILES:
        pile: Any = w.s
        for k in path:
            pile = pile[k]
        if card in pile:
            w.mut(*path).remove(card)
            break
    to, deck = e["to"], e["deck"]
    if to == "deck":
        if deck == "generic":
            w.top("generic").append(card)
        elif deck == "special":
            w.mut("sides", "sh", "special").append(card)
        else:
            w.mut("sides", deck[:2], "story").append(card)
    elif to.startswith("hand_"):
        w.mut("sides", to[5:], "hand").append(card)
    else:
        w.mut("discard" if deck == "generic" else "gone").append(card)


def _noop(w: Change, e: dict[str, Any]) -> None:
    pass


HANDLERS: dict[str, Callable[[Change, dict[str, Any]], None]] = {
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
    "ActionTokensGained": _gain_tokens,
    "FatePoolRefilled": _fate_refilled,
    "CardMovedByPlayers": _card_moved,
}


def apply(state: dict[str, Any], event: dict[str, Any]) -> dict[str, Any]:
    """The state after `event`; `state` itself is not changed (it shares what the event did not
    touch with the result)."""
    w = Change(state)
    HANDLERS[event["e"]](w, event)
    return w.s


def apply_all(state: dict[str, Any], events: list[dict[str, Any]]) -> dict[str, Any]:
    """The state after every event of `events` in order, as one change (each container copied at
    most once); `state` itself is not changed."""
    w = Change(state)
    for e in events:
        HANDLERS[e["e"]](w, e)
    return w.s


def register(name: str, handler: Callable[[Change, dict[str, Any]], None]) -> None:
    """Scenario modules and the battle system may add event kinds; `handler(w, e)` follows the
    copy-on-write discipline of this module's docstring."""
    HANDLERS[name] = handler
