"""Per-seat views (R-15): what one seat may see of the state and of the log.

`view_for(state, seat)` with seat "fp", "sh" or "public" returns a redacted copy: hidden hands
become counts, face-down recruitment tokens show only their places (their owner sees their types),
deck order and the fate pool show only their sizes, and a secret tactic or combat card stays hidden
until both sides have chosen and the cards are revealed. Face-down recruitment tokens are unseen
by everyone, their owner included (R-12.2).
"""

from __future__ import annotations

from typing import Any

from .spec import SIDES
from .state import clone

HIDDEN = "hidden"


def view_for(state: dict[str, Any], seat: str) -> dict[str, Any]:
    if seat not in ("fp", "sh", "public"):
        raise ValueError(f"seat must be fp, sh or public, not {seat!r}")
    v = clone(state)
    for side in SIDES:
        sd = v["sides"][side]
        sd["story"] = len(sd["story"])
        sd["special"] = len(sd["special"])
        sd["rpool"] = len(sd["rpool"]) - sd["unknown_out"]  # which remain is unknown once some are face down
        if side != seat:
            sd["hand"] = [HIDDEN] * len(sd["hand"])
    v["generic"] = len(v["generic"])
    v["fate_pool"] = len(v["fate_pool"])
    v["fate_extra"] = len(v["fate_extra"])
    v["seed"] = HIDDEN
    v["rng"] = HIDDEN
    for reg in v["regions"].values():
        for side in SIDES:
            # tokens are placed face down, unseen, even by their owner.
            reg["rtokens"][side] = [HIDDEN] * len(reg["rtokens"][side])
    b = v["battle"]
    if b is not None:
        if not b["revealed"]:
            b["choice"] = {s: (c if s == seat else (HIDDEN if c else None)) for s, c in b["choice"].items()}
        if not b["cards_revealed"]:
            b["card"] = {s: (c if s == seat else (HIDDEN if c else None)) for s, c in b["card"].items()}
    out: dict[str, Any] = v
    return out


SECRET_EVENTS = {
    # event kind -> (field, who may see it: "side" field's seat, or nobody)
    "CardsDrawn": ("cards", "side"),
    "RecruitmentTokenPlaced": ("unit", None),  # unseen even by the owner
    "RecruitmentTokensDestroyed": ("units", None),  # destroyed face down, never revealed
    "RecruitmentPoolSet": ("tokens", "side"),
    "DecksShuffled": (None, None),
    "FatePoolFilled": (None, None),
    "GenericDeckReshuffled": ("order", None),
}


def event_for(event: dict[str, Any], seat: str, revealed: bool = True) -> dict[str, Any] | None:
    """An event as a seat may see it in the log."""
    e = event["e"]
    if e in SECRET_EVENTS:
        field, who = SECRET_EVENTS[e]
        if field is None:
            return {"e": e}
        if who is None or event.get(who) != seat:
            out = dict(event)
            val = out[field]
            out[field] = [HIDDEN] * len(val) if isinstance(val, list) else HIDDEN
            return out
        return event
    if e == "BattleUpdated" and ("choice" in event["changes"] or "card" in event["changes"]):
        ch = dict(event["changes"])
        for key in ("choice", "card"):
            if key in ch and not event["changes"].get("revealed") and not event["changes"].get("cards_revealed"):
                ch[key] = {s: (c if s == seat else (HIDDEN if c else None)) for s, c in ch[key].items()}
        return {"e": e, "changes": ch}
    if e == "PendingPushed" and event["decision"]["kind"] == "fate_decide":
        return event
    if e == "GameStarted":
        return {k: (HIDDEN if k == "seed" else v) for k, v in event.items()}
    if e == "RngAdvanced":
        return None
    if e == "PositionSet":
        from .setup import redact_event

        return redact_event(event, seat)
    return event


SECRET_PARAMS = {"tactic": "tactic", "combat_card": "card"}


def command_for(cmd: dict[str, Any], seat: str) -> dict[str, Any]:
    """A logged command as a seat may see it: another seat's secret choices (a tactic, a combat
    card) and explicit chance (which may name drawn cards or tokens) are hidden; the events that
    reveal them say what happened once it is public."""
    if cmd.get("side") == seat:
        return cmd
    out = {k: v for k, v in cmd.items() if k != "outcomes"}
    if "outcomes" in cmd:
        out["outcomes"] = HIDDEN
    if cmd.get("cmd") == "start_game" and isinstance(cmd.get("options"), dict) and "setup" in cmd["options"]:
        from .setup import redact_setup

        out["options"] = dict(cmd["options"], setup=redact_setup(cmd["options"]["setup"], seat))
    key = SECRET_PARAMS.get(str(cmd.get("cmd")))
    if key and key in out:
        out[key] = HIDDEN
    return out
