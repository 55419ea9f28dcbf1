"""Action dice (R-8): what each die face allows (R-8.6) and the checks made before an action
happens, so that an impossible action costs no die; `die_action_commands` lists every legal use of a
die (also used by `legal_commands` and by the forfeit rule, R-8.3)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from .card_effects import _effect_possible, condition_holds, describe_condition, would_do_nothing
from .cards import check_physical_card, physical_cards_for
from .errors import RuleError
from .kernel import Ctx, fail, read_ctx
from .movement import can_attack, movable_armies, movable_character_regions
from .recruitment import can_recruit, mordor_regions, rally_regions

if TYPE_CHECKING:
    from .scenario import ScenarioRules
    from .spec import ScenarioSpec

# ---------------------------------------------------------------------------------------------
# Actions

FACE_ACTIONS = {
    "character": ("fast_move", "attack", "move_characters", "play_card", "ability", "enter_character"),
    "army": ("strategic_move", "attack", "combined_attack", "play_card", "ability"),
    "muster": ("recruit", "rally", "play_card", "ability"),
    "event": ("draw_generic", "draw_story", "play_card"),
    "eye": ("mordor_recruit", "mordor_move", "mordor_attack", "ability"),
}
FACE_ACTIONS["army_muster"] = tuple(dict.fromkeys(FACE_ACTIONS["army"] + FACE_ACTIONS["muster"]))
FACE_ACTIONS["will"] = tuple(
    dict.fromkeys(FACE_ACTIONS["character"] + FACE_ACTIONS["army"] + FACE_ACTIONS["muster"] + FACE_ACTIONS["event"])
)
ALL_ACTIONS = tuple(dict.fromkeys(a for v in FACE_ACTIONS.values() for a in v)) + ("forfeit",)

CARD_FACES = {
    "character": ("character",),
    "army": ("army",),
    "muster": ("muster",),
    "army_muster": ("army", "muster"),
    "event": ("army", "character", "muster"),
    "will": ("army", "character", "muster"),
}


def die_face(s: dict[str, Any], side: str, die: Any) -> str:
    sd = s["sides"][side]
    if die == "box":
        if side != "sh" or not sd["box"]:
            fail("die/no_box", "There is no die in the Shadow Box.", "R-6.1")
        return "character"
    if type(die) is not int or not 0 <= die < len(sd["rolled"]):
        fail("die/unknown", f"There is no unused die number {die!r}.", "R-8.3")
    rolled: str = sd["rolled"][die]
    return rolled


def free_ability_ok(ctx: Ctx, side: str, c: Any) -> None:
    """A character ability used without a die (its `ability_die` is empty), paid for as its
    `ability_params.cost` says: "action_token" discards a Free Peoples action token for good."""
    s, spec = ctx.s, ctx.spec
    if c not in spec.characters or spec.characters[c].side != side:
        fail("ability/unknown", f"{c!r} is not one of your characters.", "R-8.7")
    cs = spec.characters[c]
    if s["chars"][c]["status"] != "in_play":
        fail("ability/not_in_play", f"{cs.name} is not in play.", "R-8.7")
    if not cs.ability or cs.ability_die is not None:
        fail("ability/needs_die", f"{cs.name}'s ability is used with an action die, not on its own.", "R-8.7")
    if cs.ability_params.get("cost") == "action_token" and s["sides"][side]["action_tokens"] <= 0:
        fail("ability/no_token", f"{cs.name}'s ability costs an action token and none is left.", "R-8.5")
    if not any(_effect_possible(ctx, side, e) for e in cs.ability_params.get("effect", ())):
        fail("ability/no_effect", f"{cs.name}'s ability would do nothing now.", "R-8.7")


# -- action checks: validated before anything happens, so an impossible action costs no die --


def _no_check(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> None:
    pass


def _check_play_card(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    card = cmd.get("card")
    check_card_playable(ctx, side, face, card)


def check_card_playable(ctx: Ctx, side: str, face: str, card: Any) -> None:
    s, spec = ctx.s, ctx.spec
    if s["options"].get("physical_cards"):
        check_physical_card(ctx, side, card, allow_unknown=True)
        if card == "?":
            return  # a card the players apply by hand
    elif card not in s["sides"][side]["hand"]:
        fail("card/not_in_hand", f"{card!r} is not in your hand.", "R-5.6")
    cs = spec.cards[card]
    if cs.type not in CARD_FACES.get(face, ()):
        fail(
            "card/wrong_die",
            f"'{cs.title}' is a {cs.type} card; a {face.replace('_', '/')} die cannot play it.",
            "R-5.6",
        )
    for cond in cs.requires:
        if not condition_holds(ctx, side, cond):
            fail("card/precondition", f"'{cs.title}' cannot be played now: {describe_condition(spec, cond)}.", "R-5.8")
    if would_do_nothing(ctx, side, cs.effect):
        fail("card/no_effect", f"'{cs.title}' cannot be played now: no army of yours can make its attack.", "R-5.8")


def _check_ability(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    s, spec = ctx.s, ctx.spec
    c = cmd.get("character")
    if not isinstance(c, str) or c not in spec.characters or spec.characters[c].side != side:
        fail("ability/unknown", f"{c!r} is not one of your characters.", "R-8.7")
    cs = spec.characters[c]
    # The commander-in-chief stays in the Shadow Box, never on the board.
    if s["chars"][c]["status"] != "in_play" and c != spec.commander:
        fail("ability/not_in_play", f"{cs.name} is not in play.", "R-8.7")
    if not cs.ability or not cs.ability_die:
        fail("ability/none", f"{cs.name} has no ability used with an action die.", "R-8.7")
    if not ability_die_fits(face, cs.ability_die):
        fail("ability/wrong_die", f"{cs.name}'s ability needs a {cs.ability_die.replace('_', '/')} die.", "R-8.7")
    if not ctx.rules.ability_usable(ctx, c, side):
        fail("ability/not_now", f"{cs.name}'s ability cannot be used now.", "R-8.7")
    if would_do_nothing(ctx, side, cs.ability_params.get("effect", ())):
        fail("ability/no_effect", f"{cs.name}'s ability would do nothing now.", "R-8.7")


def ability_die_fits(face: str, named: str | None) -> bool:
    """R-8.7: the die the character's card names; a Will of the West die stands for any result but
    the Eye, and an Army/Muster die for an Army or a Muster die (as for cards, R-5.6)."""
    return named is not None and (
        face == named or (face == "will" and named != "eye") or (face == "army_muster" and named in ("army", "muster"))
    )


def _check_enter(ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
    s, spec = ctx.s, ctx.spec
    c = cmd.get("character")
    if not isinstance(c, str) or c not in spec.characters or spec.characters[c].side != side:
        fail("enter/unknown", f"{c!r} is not one of your characters.", "R-7.5")
    cs = spec.characters[c]
    if s["chars"][c]["status"] != "ready":
        fail("enter/not_ready", f"{cs.name} is not ready to enter play.", "R-7.5")
    if face != cs.entry_die and face != "will":
        fail("enter/wrong_die", f"{cs.name} enters with a {cs.entry_die} die.", "R-7.5")
    region = cmd.get("region")
    if region not in cs.entry_regions:
        fail(
            "enter/bad_region",
            f"{cs.name} may enter only in: {', '.join(spec.board.regions[r].name for r in cs.entry_regions)}.",
            "R-7.5",
        )


# Whether an action of the die has something to do: the boolean the list asks (no refusal made
# and caught for every action that cannot be taken), and the check a command gets, which refuses
# with the same answer (below).


def _can_recruit(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> bool:
    return can_recruit(ctx, side, "muster", [])


def _can_rally(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> bool:
    return bool(rally_regions(ctx, side, []))


def _can_mordor_recruit(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> bool:
    return bool(mordor_regions(ctx, []))


def _can_move(kind: str) -> Callable[[Ctx, str, str | None, dict[str, Any]], bool]:
    def can(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> bool:
        return any(True for _ in movable_armies(ctx, side, kind, []))

    return can


def _can_attack(kind: str) -> Callable[[Ctx, str, str | None, dict[str, Any]], bool]:
    def can(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> bool:
        return can_attack(ctx, side, kind)

    return can


def _can_move_chars(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> bool:
    return bool(movable_character_regions(ctx, side, []))


# The refusing checks (a command's): each refuses when its boolean is false. Their messages stay
# literal `fail` calls, which tools/i18n.py reads for the catalogues.


def _check_moves(kind: str) -> Callable[[Ctx, str, str | None, dict[str, Any]], None]:
    can = _can_move(kind)

    def check(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> None:
        if not can(ctx, side, face, cmd):
            fail("move/none", "None of your armies can make that move.", "R-9.1")

    return check


def _check_attack(kind: str) -> Callable[[Ctx, str, str | None, dict[str, Any]], None]:
    can = _can_attack(kind)

    def check(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> None:
        if not can(ctx, side, face, cmd):
            fail("attack/none", "None of your armies can make that attack.", "R-10.1")

    return check


def _check_recruit(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> None:
    if not _can_recruit(ctx, side, face, cmd):
        fail("recruit/none", "You have no recruitment token you can use.", "R-12.5")


def _check_rally(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> None:
    if not _can_rally(ctx, side, face, cmd):
        fail("rally/none", "None of your armies has damage to rally.", "R-13.1")


def _check_mordor_recruit(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> None:
    if not _can_mordor_recruit(ctx, side, face, cmd):
        fail("recruit/no_orc_area", "No Orc recruitment area can take an Orc now.", "R-12.5")


def _check_move_chars(ctx: Ctx, side: str, face: str | None, cmd: dict[str, Any]) -> None:
    if not _can_move_chars(ctx, side, face, cmd):
        fail("characters/none", "You have no character that can move.", "R-9.7")


_CHARACTER_ATTACK = _check_attack("character")
_ARMY_ATTACK = _check_attack("army")
ACTION_CHECKS: dict[str, Callable[[Ctx, str, str, dict[str, Any]], None]] = {
    "fast_move": _check_moves("fast"),
    "attack": lambda c, s, f, cmd: (_CHARACTER_ATTACK if f == "character" else _ARMY_ATTACK)(c, s, f, cmd),
    "move_characters": _check_move_chars,
    "play_card": _check_play_card,
    "ability": _check_ability,
    "enter_character": _check_enter,
    "strategic_move": _check_moves("strategic"),
    "combined_attack": _check_attack("combined"),
    "recruit": _check_recruit,
    "rally": _check_rally,
    "draw_generic": _no_check,
    "draw_story": _no_check,
    "mordor_recruit": _check_mordor_recruit,
    "mordor_move": _check_moves("mordor"),
    "mordor_attack": _check_attack("mordor"),
    "forfeit": _no_check,
}
_TOKEN_MOVE = _check_moves("token")
TOKEN_CHECKS: dict[str, Callable[[Ctx], None]] = {
    "move": lambda ctx: _TOKEN_MOVE(ctx, "fp", None, {}),
    "recruit": lambda ctx: _check_recruit(ctx, "fp", None, {}),
    "rally": lambda ctx: _check_rally(ctx, "fp", None, {}),
    "characters": lambda ctx: _check_move_chars(ctx, "fp", None, {}),
}


# The actions whose check is only "is there something to do": the list asks the boolean itself
# (the same answer as the check's, without a refusal made and caught).
_CAN_CHARACTER_ATTACK = _can_attack("character")
_CAN_ARMY_ATTACK = _can_attack("army")
ACTION_CAN: dict[str, Callable[[Ctx, str, str, dict[str, Any]], bool]] = {
    "fast_move": _can_move("fast"),
    "attack": lambda c, s, f, cmd: (_CAN_CHARACTER_ATTACK if f == "character" else _CAN_ARMY_ATTACK)(c, s, f, cmd),
    "move_characters": _can_move_chars,
    "strategic_move": _can_move("strategic"),
    "combined_attack": _can_attack("combined"),
    "recruit": _can_recruit,
    "rally": _can_rally,
    "draw_generic": lambda c, s, f, cmd: True,
    "draw_story": lambda c, s, f, cmd: True,
    "mordor_recruit": _can_mordor_recruit,
    "mordor_move": _can_move("mordor"),
    "mordor_attack": _can_attack("mordor"),
}


# What a Free Peoples action token can do now, as a boolean (the list's question; `TOKEN_CHECKS`
# refuses a command with the same answer).
_CAN_TOKEN_MOVE = _can_move("token")
TOKEN_CAN: dict[str, Callable[[Ctx], bool]] = {
    "move": lambda ctx: _CAN_TOKEN_MOVE(ctx, "fp", None, {}),
    "recruit": lambda ctx: _can_recruit(ctx, "fp", None, {}),
    "rally": lambda ctx: _can_rally(ctx, "fp", None, {}),
    "characters": lambda ctx: _can_move_chars(ctx, "fp", None, {}),
}


def _ok(fn: Callable[..., Any], *args: Any) -> bool:
    try:
        fn(*args)
        return True
    except RuleError:
        return False


# What a die's list asks for each action of a face, worked out once per spec, side and face (the
# spec is kept in the entry so that its id stays its own): (action, the memo key of its check,
# the card types the face plays | the characters whose ability it can use, in name order | the
# characters of the side that enter play with it and their entry regions).
_PLANS: dict[tuple[int, str, str], tuple[ScenarioSpec, list[tuple[str, Any, Any]]]] = {}


def _plan(spec: ScenarioSpec, side: str, face: str) -> list[tuple[str, Any, Any]]:
    hit = _PLANS.get((id(spec), side, face))
    if hit is not None and hit[0] is spec:
        return hit[1]
    if len(_PLANS) >= 256:
        _PLANS.clear()
    plan: list[tuple[str, Any, Any]] = []
    chars = sorted(spec.characters.items())
    for action in FACE_ACTIONS[face]:
        if action == "play_card":
            plan.append((action, None, CARD_FACES.get(face, ())))
        elif action == "ability":
            plan.append(
                (
                    action,
                    None,
                    [c for c, cs in chars if cs.side == side and cs.ability and ability_die_fits(face, cs.ability_die)],
                )
            )
        elif action == "enter_character":
            plan.append((action, None, [(c, cs.entry_regions) for c, cs in chars if cs.side == side]))
        else:
            # only an attack's check looks at the die (a Character die's attack needs leadership)
            plan.append((action, ("check", side, action, face == "character" if action == "attack" else None), None))
    _PLANS[id(spec), side, face] = (spec, plan)
    return plan


def _check_ability_of(ctx: Ctx, side: str, face: str, c: str) -> None:
    _check_ability(ctx, side, face, {"character": c})


def die_action_commands(
    spec: ScenarioSpec,
    rules: ScenarioRules,
    s: dict[str, Any],
    side: str,
    die: int | str,
    face: str,
    limit: int | None = None,
    ctx: Ctx | None = None,
) -> list[dict[str, Any]]:
    """Every legal use of one die (a command each); `ctx`, a read-only context on `s` (its memo
    shared by the dice of one `legal_commands`), is made here if not given.

    A check's answer is kept in the memo under what it depends on, so the dice of one list share
    it: an action's check depends on the die only for an attack (Character or Army die), a card's
    and an ability's only through whether the die can play the card (R-5.6) or use the ability
    (R-8.7), which is asked first."""
    if ctx is None:
        ctx = read_ctx(spec, rules, s)  # no board memo: `s` may be the working state of a command (the forfeit check)
    memo = ctx.memo if ctx.memo is not None else {}
    out: list[dict[str, Any]] = []
    base = {"cmd": "use_die", "side": side, "die": die}

    plan = _plan(spec, side, face)
    for action, key, arg in plan:
        if limit is not None and len(out) >= limit:
            break
        if action == "play_card":
            cards = memo.get(("hand", side))  # the same for every die of the list
            if cards is None:
                cards = memo["hand", side] = sorted(set(s["sides"][side]["hand"]))
            physical = s["options"].get("physical_cards") and "?" in cards
            if physical:
                cards = ["?"] + physical_cards_for(s, side)
            for card in cards:
                ok: bool | None
                if physical or card == "?":
                    ok = _ok(check_card_playable, ctx, side, face, card)
                elif spec.cards[card].type in arg:
                    ok = memo.get(("card", side, card))
                    if ok is None:
                        ok = memo["card", side, card] = _ok(check_card_playable, ctx, side, face, card)
                else:
                    ok = False
                if ok:
                    out.append(dict(base, action=action, card=card))
        elif action == "ability":
            # only the characters whose ability this face can use: the others are refused by the
            # check at once (ability/unknown, ability/none, ability/wrong_die)
            chars = s["chars"]
            for c in arg:
                # refused by the check at once (ability/not_in_play), without a refusal made
                if chars[c]["status"] != "in_play" and c != spec.commander:
                    continue
                known: bool | None = memo.get(("ability", side, c))
                if known is None:
                    known = memo["ability", side, c] = _ok(_check_ability_of, ctx, side, face, c)
                if known:
                    out.append(dict(base, action=action, character=c))
        elif action == "enter_character":
            chars = s["chars"]
            for c, regions in arg:
                if chars[c]["status"] != "ready":
                    continue
                for r in regions:
                    cmd = dict(base, action=action, character=c, region=r)
                    if _ok(_check_enter, ctx, side, face, cmd):
                        out.append(cmd)
        else:
            known = memo.get(key)
            if known is None:
                can = ACTION_CAN.get(action)
                known = memo[key] = (
                    can(ctx, side, face, base) if can is not None else _ok(ACTION_CHECKS[action], ctx, side, face, base)
                )
            if known:
                out.append(dict(base, action=action))
    for action, extra in rules.die_actions().items():  # the scenario's own die actions
        if limit is not None and len(out) >= limit:
            break
        if face in extra.faces and extra.side in (None, side):
            cmd = dict(base, action=action)
            if _ok(extra.check, ctx, side, face, cmd):
                out.append(cmd)
    if limit is None and not out:
        out.append(dict(base, action="forfeit"))
    return out
