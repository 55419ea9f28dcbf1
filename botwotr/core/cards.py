"""Event cards (R-5): drawing (R-5.2, R-5.5), the hand limit (R-5.4), discards, playing a card
(R-5.6) and, with physical cards, the cards a side could be holding."""

from __future__ import annotations

from typing import Any

from .kernel import ANSWERS, Ctx, command, fail, run_effects
from .spec import ScenarioSpec

# ---------------------------------------------------------------------------------------------
# Cards

SIDE_WHAT = {"fp": "Free Peoples", "sh": "Shadow"}  # the side in a `chance/needs_outcome` 'what'


def draw_cards(ctx: Ctx, side: str, deck: str, n: int) -> list[str]:
    s = ctx.s
    drawn = []
    for _ in range(n):
        if deck == "generic":
            if not s["generic"] and s["discard"]:
                ctx.emit("GenericDeckReshuffled", order=sorted(s["discard"]))
            src = s["generic"]
        elif deck == "story":
            src = s["sides"][side]["story"]  # never reshuffled
        else:
            if side != "sh":
                break
            src = s["sides"]["sh"]["special"]
        if not src:
            break
        if ctx.s["options"].get("physical_cards"):
            card = "?"  # the players hold the real card; the client does not track it
        else:
            card = ctx.chance.pick(sorted(src), f"{SIDE_WHAT[side]} {deck} card")
        ctx.emit("CardsDrawn", side=side, deck=deck, cards=[card])
        drawn.append(card)
    check_hand_limit(ctx, side)
    return drawn


def check_hand_limit(ctx: Ctx, side: str) -> None:
    """R-5.4: a player over the limit discards at once."""
    excess = len(ctx.s["sides"][side]["hand"]) - ctx.spec.hand_limit
    if excess > 0:
        top = ctx.top
        if top and top["kind"] == "discard" and top["side"] == side:
            ctx.update(n=excess)
        else:
            ctx.push("discard", side, n=excess)


def card_destination(spec: ScenarioSpec, card: str) -> str:
    return "discard" if spec.cards[card].deck == "generic" else "gone"


@command("discard")
def cmd_discard(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    card = cmd.get("card")
    if ctx.s["options"].get("physical_cards"):
        check_physical_card(ctx, side, card, allow_unknown=True)
        if card != "?":
            ctx.emit("CardRevealed", side=side, card=card, physical=True)
    elif card not in ctx.s["sides"][side]["hand"]:
        fail("card/not_in_hand", f"{card!r} is not in your hand.", "R-5.4")
    ctx.emit(
        "CardDiscarded",
        side=side,
        card=card,
        to=card_destination(ctx.spec, card) if isinstance(card, str) and card != "?" else "unknown",
        why="hand limit",
    )
    p = ctx.asked
    if p["n"] <= 1:
        ctx.pop()
    else:
        ctx.update(n=p["n"] - 1)


ANSWERS["discard"] = ("discard",)


def physical_cards_for(s: dict[str, Any], side: str) -> list[str]:
    """With physical cards: the cards this side could be holding (not yet played or discarded)."""
    sd = s["sides"][side]
    return sorted(set(s["generic"] + sd["story"] + sd["special"]))


def check_physical_card(ctx: Ctx, side: str, card: Any, allow_unknown: bool) -> None:
    if "?" not in ctx.s["sides"][side]["hand"]:
        fail("card/not_in_hand", "You hold no card.", "R-5.6")
    if card == "?" and allow_unknown:
        return
    if card not in physical_cards_for(ctx.s, side):
        fail(
            "card/not_in_hand", f"{card!r} is not a card you could be holding (played or discarded already?).", "R-5.6"
        )


def play_card(ctx: Ctx, side: str, card: str, face: str) -> None:
    if card == "?":  # physical cards: the players apply this one by hand
        ctx.emit("CardPlayed", side=side, card="?", die=face, to="unknown", by_hand=True)
        return
    cs = ctx.spec.cards[card]
    to = "table" if cs.stays else card_destination(ctx.spec, card)
    ctx.emit("CardPlayed", side=side, card=card, die=face, to=to)
    run_effects(ctx, side, list(cs.effect), source=f"card:{card}")
