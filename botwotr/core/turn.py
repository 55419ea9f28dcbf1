"""The turn (R-3) and the start of the game (R-4.1): `pump` runs every automatic step between
decisions; the phases draw (R-3.1), Shadow (R-3.2, R-6), fate (R-3.3, R-7), roll (R-3.4), actions
(R-3.5, R-8) and end (R-3.6); `done`, the answer that declines an optional decision."""

from __future__ import annotations

from typing import Any

import re

from . import setup as position_setup  # positions given as data; registers PositionSet
from .battle import battle_pump
from .cards import draw_cards
from .control import update_control
from .kernel import ANSWERS, AUTO, Ctx, command, fail, run_effects
from .movement import movable_armies
from .recruitment import place_recruitment_token
from .shadow import ask_leadership_tokens
from .spec import DIE_FACES, SIDES, other
from .state import armies, unused_dice

MAX_NAME = 40  # a player's name (start option 'players')
BAD_NAME_CHARS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


# ---------------------------------------------------------------------------------------------
# The turn, driven automatically between decisions


def pump(ctx: Ctx) -> None:
    s = ctx.s
    for _ in range(10000):
        if s["winner"]:
            return
        pending = s["pending"]  # read again each time: an event may replace the list
        if pending:
            fn = AUTO.get(pending[-1]["kind"])
            if fn is None:
                return
            fn(ctx, ctx.pop())
            continue
        if s["battle"] is not None:
            battle_pump(ctx)
            continue
        if s["in_action"]:
            end_action(ctx)
            continue
        PHASES[s["phase"]](ctx)
    raise RuntimeError("the turn did not settle")  # a bug, never bad input


def _next_step(ctx: Ctx) -> None:
    ctx.emit("StepDone", phase=ctx.s["phase"], step=ctx.s["step"])


def start_turn(ctx: Ctx) -> None:
    s, spec = ctx.s, ctx.spec
    dice = {}
    for side in SIDES:
        n = spec.dice[side] + s["sides"][side]["dice_bonus"] + ctx.rules.extra_dice(s, side)
        dice[side] = max(1, min(ctx.rules.dice_cap(side), n))  # and the FAQ's caps (9 / 6)
    # action tokens from cards on the table count from the start of each turn.
    table = sum(e.get("n", 1) for c in s["table"] for e in spec.cards[c].effect if e["do"] == "action_tokens")
    tokens = max(0, spec.action_tokens - s["sides"]["fp"]["tokens_lost"] + table)
    ctx.emit("TurnStarted", turn=s["turn"] + 1, dice=dice, action_tokens=tokens)


def phase_draw(ctx: Ctx) -> None:
    """R-3.1: each player, Free Peoples first, draws a generic and a story card. In the companion
    mode with tracked cards the players draw at the table: the game waits (`card_draw`) for each
    side to enter its cards (`draw_cards`, the cards as outcomes), the first turn's opening hands
    included; nothing is dealt from the seeded generator."""
    step = ctx.s["step"]
    if step < 2:
        side = SIDES[step]
        _next_step(ctx)
        if tracked_companion(ctx.s):
            if can_draw(ctx.s, side, "generic") or can_draw(ctx.s, side, "story"):
                ctx.push("card_draw", side, opening=ctx.s["turn"] == 1)
            return
        draw_turn_cards(ctx, side)
        return
    ctx.emit("PhaseStarted", phase="shadow")


def tracked_companion(s: dict[str, Any]) -> bool:
    """The companion mode with the hands tracked by the client (not `physical_cards`)."""
    opts = s["options"]
    return bool(opts.get("companion")) and not opts.get("physical_cards")


def can_draw(s: dict[str, Any], side: str, deck: str) -> bool:
    if deck == "generic":
        return bool(s["generic"] or s["discard"])
    return bool(s["sides"][side]["story"])


def draw_turn_cards(ctx: Ctx, side: str) -> None:
    draw_cards(ctx, side, "generic", 1)
    draw_cards(ctx, side, "story", 1)


@command("draw_cards")
def cmd_draw_cards(ctx: Ctx, cmd: dict[str, Any]) -> None:
    """The companion mode: a side's draw-phase cards, drawn at the table (R-3.1)."""
    ctx.pop()
    draw_turn_cards(ctx, cmd["side"])


ANSWERS["card_draw"] = ("draw_cards",)


def phase_shadow(ctx: Ctx) -> None:
    s, spec = ctx.s, ctx.spec
    step = s["step"]
    pos = spec.positions.get(s["position"]) if s["position"] else None
    _next_step(ctx)
    if step == 0:
        ctx.push("choose_position", "sh")
    elif step == 1:
        assert pos is not None  # step 0 asked for the position
        run_effects(ctx, "sh", list(pos.action), source=f"position:{pos.id}")
    elif step == 2:
        assert pos is not None
        # as many tokens as dice in the box (the position may put fewer dice there than
        # it names when the Shadow has fewer dice), unless the scenario sets the number.
        n = s["sides"]["sh"]["fate_dice"] if pos.tokens is None else pos.tokens
        if n > 0:
            ctx.emit("LeadershipTokensGained", n=n, why="position")
            ask_leadership_tokens(ctx, mandatory=True, n=n)
    elif step == 3:
        assert pos is not None
        if pos.special_cards:
            draw_cards(ctx, "sh", "special", pos.special_cards)
    else:
        ctx.emit("PhaseStarted", phase="fate")


def phase_fate(ctx: Ctx) -> None:
    s = ctx.s
    _next_step(ctx)
    if s["step"] == 1:
        n = s["sides"]["sh"]["fate_dice"]
        if n > 0 and not s["fate_pool"] and s["fate_used"]:
            # Project ruling (docs/rulings.md): an empty pool takes back the applied tiles, so
            # fate never stalls.
            ctx.emit("FatePoolRefilled", tiles=sorted(s["fate_used"]))
        if n > 0 and s["fate_pool"]:
            ctx.push("fate_draw", "fp", left=n)
    else:
        ctx.emit("PhaseStarted", phase="roll")


def phase_roll(ctx: Ctx) -> None:
    """R-3.4: both players roll their remaining dice, in either order (a decision each, so that
    the companion mode can enter physical dice)."""
    s = ctx.s
    if s["step"] == 0:
        _next_step(ctx)
        ctx.push("roll_dice", None, sides=["fp", "sh"])
    else:
        ctx.emit("PhaseStarted", phase="actions")


@command("roll_dice")
def cmd_roll_dice(ctx: Ctx, cmd: dict[str, Any]) -> None:
    """Roll a side's action dice; Shadow Character results go to the box (R-6.4)."""
    s = ctx.s
    side = cmd["side"]
    sd = s["sides"][side]
    n = max(0, sd["dice"] - len(sd["box"]))
    results = roll_action_dice(ctx, side, n)
    to_box = sum(1 for r in results if r == "character") if side == "sh" else 0
    kept = [r for r in results if not (side == "sh" and r == "character")]
    p = ctx.pop()
    left = [x for x in p["sides"] if x != side]
    if left:
        ctx.push("roll_dice", None, sides=left)
    ctx.emit("DiceRolled", side=side, results=results, kept=kept, to_box=to_box)
    if to_box:
        ctx.emit("LeadershipTokensGained", n=to_box, why="character dice")


ANSWERS["roll_dice"] = ("roll_dice",)


def roll_action_dice(ctx: Ctx, side: str, n: int) -> list[str]:
    what = f"{'Free Peoples' if side == 'fp' else 'Shadow'} action die"
    return [ctx.chance.face(DIE_FACES[side], what) for _ in range(n)]


def phase_actions(ctx: Ctx) -> None:
    s = ctx.s
    if unused_dice(s, "fp") == 0 and unused_dice(s, "sh") == 0:
        ctx.emit("PhaseStarted", phase="end")
        return
    ctx.push("action", s["active"])


def end_action(ctx: Ctx) -> None:
    """After each action: control of settlements (R-14.1), then the next player (R-8.3)."""
    s = ctx.s
    side = s["active"]
    if s["in_action"] == "die" and side == "sh" and s["sides"]["sh"]["aside"] > 0 and armies(s, "sh"):
        ctx.emit("ActionStarted", side=side, stage="after")  # tokens after the die's action
        ctx.push("place_leadership", "sh", mandatory=False)
        return
    update_control(ctx)
    won = ctx.rules.instant_victory(s)  # a scenario may end the game after any action
    if won:
        ctx.emit("GameWon", side=won[0], reason=won[1])
        return
    opp = other(side)
    nxt = opp if unused_dice(s, opp) > 0 else side
    ctx.emit("ActionEnded", side=side, next=nxt)


def phase_end(ctx: Ctx) -> None:
    """R-3.6: victory check, then Shadow leadership tokens leave the board."""
    won = ctx.rules.check_victory(ctx.s)
    if won:
        ctx.emit("GameWon", side=won[0], reason=won[1])
        return
    # Every modifier lasts this turn at most: a round or battle modifier whose battle never
    # came (e.g. an attack effect with no army able to attack) ends with the turn too.
    for until in ("round", "battle", "turn"):
        if any(m["until"] == until for m in ctx.s["mods"]):
            ctx.emit("ModifiersCleared", until=until)
    ctx.emit("LeadershipTokensRemoved")
    start_turn(ctx)


PHASES = {
    "draw": phase_draw,
    "shadow": phase_shadow,
    "fate": phase_fate,
    "roll": phase_roll,
    "actions": phase_actions,
    "end": phase_end,
}


# ---------------------------------------------------------------------------------------------
# Set-up


@command("start_game")
def cmd_start_game(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s, spec = ctx.s, ctx.spec
    if s["phase"] != "setup" or ctx.events:
        fail("game/started", "The game has already started.")
    options = cmd.get("options", {})
    for k, v in options.items():
        if k in ("companion", "physical_cards"):
            if type(v) is not bool:
                fail("command/malformed", f"The option '{k}' must be true or false.")
        elif k == "setup":
            pass  # a position given as data: checked by botwotr.core.setup below
        elif k == "players":
            if not isinstance(v, dict) or not all(s in SIDES and isinstance(n, str) for s, n in v.items()):
                fail("command/malformed", "The option 'players' maps fp/sh to names.")
            for n in v.values():
                if not n.strip() or len(n) > MAX_NAME or BAD_NAME_CHARS.search(n):
                    fail(
                        "command/bad_name",
                        f"A player's name is 1 to {MAX_NAME} characters of printable "
                        "text (no NUL, control character or lone surrogate).",
                    )
        else:
            fail(
                "command/malformed",
                f"There is no game option called {k!r} (companion, physical_cards, players, setup).",
            )
    if options.get("physical_cards") and not options.get("companion"):
        fail("command/malformed", "Physical cards are an option of the companion mode.")
    ctx.emit(
        "GameStarted",
        scenario=spec.id,
        content_version=spec.content_version,
        seed=s["seed"],
        options={k: v for k, v in options.items() if k != "setup"},
    )
    generic = sorted(c for c, cs in spec.cards.items() if cs.deck == "generic")
    story = {side: sorted(c for c, cs in spec.cards.items() if cs.deck == f"{side}_story") for side in SIDES}
    special = sorted(c for c, cs in spec.cards.items() if cs.deck == "special")
    ctx.emit("DecksShuffled", generic=generic, story=story, special=special)
    ctx.emit(
        "FatePoolFilled",
        pool=sorted(t for t, ts in spec.fate_tiles.items() if ts.color == "grey"),
        extra=sorted(t for t, ts in spec.fate_tiles.items() if ts.color != "grey"),
    )
    for side in SIDES:
        toks = []
        for u, n in sorted(spec.recruitment_tokens.get(side, {}).items()):
            toks += [u] * n
        ctx.emit("RecruitmentPoolSet", side=side, tokens=toks)
    for a in spec.setup_armies:
        ctx.emit("UnitsPlaced", region=a.region, side=a.side, units=dict(a.units), why="setup")
        if a.leaders:
            ctx.emit("LeadersPlaced", region=a.region, n=a.leaders, why="setup")
        for c in a.characters:
            ctx.emit("CharacterStatus", char=c, status="in_play", region=a.region, why="setup")
    for c, r in spec.setup_characters.items():
        ctx.emit("CharacterStatus", char=c, status="in_play", region=r, why="setup")
    for side in SIDES:
        for r in spec.setup_tokens.get(side, ()):
            place_recruitment_token(ctx, side, r)
    ctx.rules.setup(ctx)  # the scenario's own pieces and markers
    start_turn(ctx)
    if "setup" in options:
        position_setup.set_position(ctx, options["setup"], settle=pump)


@command("done")
def cmd_done(ctx: Ctx, cmd: dict[str, Any]) -> None:
    top = ctx.asked
    if top.get("mandatory"):
        fail("decision/mandatory", "This cannot be skipped.", "R-6.3" if top["kind"] == "place_leadership" else None)
    if (
        top["kind"] == "move"
        and top.get("optional") is False
        and any(True for _ in movable_armies(ctx, top["side"], top["mode"], top["moved"]))
    ):
        # A fast move or a token's move is the action itself: declining it would spend the die
        # (or token) for nothing while a move is possible (docs/rulings.md, forfeit).
        fail("move/required", "This action moves an army: choose the move.", "R-8.6")
    ctx.pop()


ANSWERS["place_leadership"] = ("place_leadership_token", "done")
