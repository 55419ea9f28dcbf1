"""Actions (R-8): using a die (R-8.3, R-8.6), passing and the Free Peoples action tokens (R-8.4,
R-8.5), character abilities (R-8.7), and the attack that hands over to the battle (R-8.8, R-10.1)."""

from __future__ import annotations

from typing import Any, Callable

from .action_checks import (
    ACTION_CHECKS,
    ALL_ACTIONS,
    FACE_ACTIONS,
    TOKEN_CHECKS,
    die_action_commands,
    die_face,
    free_ability_ok,
)
from .battle import start_battle
from .cards import draw_cards, play_card
from .kernel import ANSWERS, Ctx, command, fail, run_effects
from .movement import check_path, do_move, enter_character, has_orcs, moving_tokens, parse_group
from .spec import other
from .state import has_army, leadership, unused_dice


def use_die(ctx: Ctx, side: str, die: Any, action: str) -> str:
    s = ctx.s
    face = die_face(s, side, die)
    sd = s["sides"][side]
    if die == "box":
        kind = "rolled" if "rolled" in sd["box"] else "position"
        ctx.emit("DieUsed", side=side, **{"from": "box"}, kind=kind, index=None, result=face, action=action)
    else:
        ctx.emit("DieUsed", side=side, **{"from": "rolled"}, kind=None, index=die, result=face, action=action)
    return face


@command("use_die")
def cmd_use_die(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s = ctx.s
    side = cmd["side"]
    action = cmd.get("action")
    die = cmd.get("die")
    face = die_face(s, side, die)
    extra = ctx.rules.die_actions().get(action) if isinstance(action, str) else None
    if extra is not None:  # an action the scenario adds, e.g. Gondor's catapults
        assert isinstance(action, str)  # only a named action is looked up
        if face not in extra.faces or (extra.side is not None and extra.side != side):
            fail(
                "action/wrong_die",
                f"A {face.replace('_', '/')} die does not allow '{action.replace('_', ' ')}'.",
                "R-8.6",
            )
        extra.check(ctx, side, face, cmd)
        ctx.pop()  # the "action" decision
        ctx.emit("ActionStarted", side=side, stage="die")
        use_die(ctx, side, die, action)
        extra.act(ctx, side, face, cmd)
        return
    if action not in ALL_ACTIONS:
        fail("action/unknown", f"There is no action called {action!r}.", "R-8.6")
    if action == "forfeit":
        if any_legal_die_use(ctx, side, die):
            fail(
                "action/forfeit_not_allowed",
                "A die may be spent without effect only when it allows no action.",
                "R-8.3",
            )
    elif action not in FACE_ACTIONS[face]:
        fail(
            "action/wrong_die", f"A {face.replace('_', '/')} die does not allow '{action.replace('_', ' ')}'.", "R-8.6"
        )
    ACTION_CHECKS[action](ctx, side, face, cmd)
    ctx.pop()  # the "action" decision
    ctx.emit("ActionStarted", side=side, stage="die")
    use_die(ctx, side, die, action)
    ACTIONS[action](ctx, side, face, cmd)


def any_legal_die_use(ctx: Ctx, side: str, die: Any) -> bool:
    face = die_face(ctx.s, side, die)
    return bool(die_action_commands(ctx.spec, ctx.rules, ctx.s, side, die, face, limit=1))


@command("pass")
def cmd_pass(ctx: Ctx, cmd: dict[str, Any]) -> None:
    """R-8.4, with the Free Peoples action tokens of R-8.5."""
    s = ctx.s
    side = cmd["side"]
    if ctx.asked.get("placed"):
        fail("pass/tokens_placed", "Leadership tokens were placed as part of using a die: use one now.", "R-6.4")
    if unused_dice(s, other(side)) <= unused_dice(s, side):
        fail("pass/not_allowed", "You may pass only while your opponent has more unused dice.", "R-8.4")
    token = cmd.get("token")
    if token is not None:
        if side != "fp":
            fail("token/not_fp", "Only the Free Peoples have action tokens.", "R-8.5")
        if s["sides"]["fp"]["action_tokens"] <= 0:
            fail("token/none", "No action token is left this turn.", "R-8.5")
        if token not in TOKEN_ACTIONS:
            fail("token/unknown", f"An action token allows: {', '.join(TOKEN_ACTIONS)}; not {token!r}.", "R-8.5")
        TOKEN_CHECKS[token](ctx)
    ctx.pop()
    ctx.emit("ActionStarted", side=side, stage="pass")
    ctx.emit("Passed", side=side, token=token)
    if token is not None:
        ctx.emit("ActionTokenUsed", side=side, action=token)
        TOKEN_ACTIONS[token](ctx)


ANSWERS["action"] = ("use_die", "pass", "place_leadership_token", "use_ability")


@command("use_ability")
def cmd_use_ability(ctx: Ctx, cmd: dict[str, Any]) -> None:
    side = cmd["side"]
    c = cmd.get("character")
    free_ability_ok(ctx, side, c)
    assert isinstance(c, str)  # free_ability_ok refuses anything but one of the side's characters
    cs = ctx.spec.characters[c]
    if cs.ability_params.get("cost") == "action_token":
        ctx.emit("ActionTokenUsed", side=side, action=f"ability:{c}", for_good=True)
    if not ctx.rules.ability(ctx, c, side):
        run_effects(ctx, side, list(cs.ability_params.get("effect", ())), source=f"ability:{c}")


# -- the actions themselves ------------------------------------------------------------------


def act_fast_move(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("move", side, mode="fast", left=1, moved=[], optional=False)


def act_strategic(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("move", side, mode="strategic", left=2, moved=[], optional=True)


def act_mordor_move(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("move", side, mode="mordor", left=2, moved=[], optional=True)


def act_attack(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("attack", side, mode="character" if face == "character" else "army")


def act_combined(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("attack", side, mode="combined")


def act_mordor_attack(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("attack", side, mode="mordor")


def act_move_chars(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("move_characters", side, moved=[], groups=None)


def act_play_card(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    play_card(ctx, side, cmd["card"], face)


def act_ability(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    c = cmd["character"]
    if not ctx.rules.ability(ctx, c, side):
        run_effects(ctx, side, list(ctx.spec.characters[c].ability_params.get("effect", ())), source=f"ability:{c}")


def act_enter(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    enter_character(ctx, cmd["character"], cmd["region"])


def act_recruit(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("recruit", side, left=2, used=[], mode="muster")


def act_rally(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("rally", side, left=2, used=[], bonus=0)


def act_mordor_recruit(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    ctx.push("mordor_recruit", side, left=2, used=[])


def act_draw_generic(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    draw_cards(ctx, side, "generic", 2)


def act_draw_story(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    draw_cards(ctx, side, "story", 1)


def act_forfeit(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    pass


ACTIONS = {
    "fast_move": act_fast_move,
    "attack": act_attack,
    "move_characters": act_move_chars,
    "play_card": act_play_card,
    "ability": act_ability,
    "enter_character": act_enter,
    "strategic_move": act_strategic,
    "combined_attack": act_combined,
    "recruit": act_recruit,
    "rally": act_rally,
    "draw_generic": act_draw_generic,
    "draw_story": act_draw_story,
    "mordor_recruit": act_mordor_recruit,
    "mordor_move": act_mordor_move,
    "mordor_attack": act_mordor_attack,
    "forfeit": act_forfeit,
}


# -- action tokens (R-8.5) -----------------------------------------------------------------


def _tok_move(ctx: Ctx) -> None:
    ctx.push("move", "fp", mode="token", left=1, moved=[], optional=False)


def _tok_recruit(ctx: Ctx) -> None:
    ctx.push("recruit", "fp", left=1, used=[], mode="token")


def _tok_rally(ctx: Ctx) -> None:
    ctx.push("rally", "fp", left=1, used=[], bonus=0)


def _tok_chars(ctx: Ctx) -> None:
    ctx.push("move_characters", "fp", moved=[], groups=1)


TOKEN_ACTIONS: dict[str, Callable[[Ctx], None]] = {
    "move": _tok_move,
    "recruit": _tok_recruit,
    "rally": _tok_rally,
    "characters": _tok_chars,
}


@command("attack")
def cmd_attack(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s, spec = ctx.s, ctx.spec
    side = cmd["side"]
    p = ctx.asked
    mode = p["mode"]
    target = cmd.get("target")
    if not isinstance(target, str) or target not in s["regions"] or not has_army(s["regions"][target], other(side)):
        fail("attack/no_target", "The attack must target a region holding an enemy army.", "R-10.1")
    if mode == "combined":
        srcs = cmd.get("armies")
        if (
            not isinstance(srcs, list)
            or len(srcs) < 1
            or not all(type(r) is str for r in srcs)
            or len(set(srcs)) != len(srcs)
        ):
            fail("attack/malformed", "'armies' must list the attacking armies' regions.", "R-10.9")
        for r in srcs:
            if r not in s["regions"] or not has_army(s["regions"][r], side):
                fail("attack/no_army", f"You have no army in {r!r}.", "R-10.9")
            if target not in spec.board.neighbours(r):
                fail(
                    "attack/not_adjacent",
                    f"{spec.board.regions[target].name} is not adjacent to {spec.board.regions[r].name}.",
                    "R-10.9",
                )
        ctx.pop()
        start_battle(ctx, side, list(srcs), target, mode, bonus=p.get("bonus"), source=p.get("source"))
        return
    frm = cmd.get("from")
    if not isinstance(frm, str) or frm not in s["regions"] or not has_army(s["regions"][frm], side):
        fail("attack/no_army", f"You have no army in {frm!r}.", "R-10.1")
    if mode == "mordor" and not has_orcs(ctx, frm):
        fail("attack/no_orcs", "A Mordor attack needs an army with Orcs.", "R-8.6")
    if mode == "character" and leadership(s, spec, frm) < 1:
        fail("attack/no_leader", "An attack with a Character die needs an army with leadership 1 or more.", "R-9.3")
    to: str = cmd.get("to", frm)
    if to != frm and p.get("stay"):
        fail("attack/no_move", "This attack is made against an adjacent enemy army, without moving first.", "R-5.9")
    ctx.pop()
    at = frm
    if to != frm:
        sub = dict(cmd)
        sub["path"] = [to]
        sub.pop("to", None)
        units, leaders, chars, damage = parse_group(ctx, side, frm, sub)
        tokens = moving_tokens(ctx, frm, sub, units)
        check_path(ctx, side, frm, [to], 1)
        if (
            mode == "character"
            and leaders == 0
            and tokens == 0
            and not any(spec.characters[c].rating >= 1 for c in chars)
        ):
            fail(
                "move/no_leader",
                "With a Character die a leader (or a Shadow leadership token) or a character with leadership must move with the army.",
                "R-9.2",
            )
        do_move(ctx, side, frm, [to], units, leaders, chars, damage, tokens)
        at = to
        if mode == "mordor" and not has_orcs(ctx, at):
            fail("attack/no_orcs", "The army that makes a Mordor attack must contain Orcs.", "R-8.6")
    if target not in spec.board.neighbours(at):
        fail(
            "attack/not_adjacent",
            f"{spec.board.regions[target].name} is not adjacent to {spec.board.regions[at].name}.",
            "R-8.8",
        )
    start_battle(ctx, side, [at], target, mode, bonus=p.get("bonus"), source=p.get("source"))


ANSWERS["attack"] = ("attack",)
