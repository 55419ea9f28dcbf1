"""The effects of cards, abilities, fate icons and Shadow Box positions (the vocabulary of
`botwotr.core.effects`), their preconditions (R-5.8), and the choices they ask (R-5.9)."""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from .cards import SIDE_WHAT, card_destination, draw_cards
from .fate import move_fate
from .kernel import ANSWERS, EFFECTS, Ctx, command, fail
from .movement import arrived, attack_sources, can_attack, check_casualties, enter_character, is_free, movable_armies
from .recruitment import place_recruitment_token, place_unit_any, rally_regions, recruit_figures, tokens_left
from .shadow import ask_leadership_tokens
from .spec import ScenarioSpec, other
from .state import armies, controller, figures_available, has_army


def _effect_possible(ctx: Ctx, side: str, eff: Mapping[str, Any]) -> bool:
    if eff["do"] == "convert_die":
        return bool(convertible_dice(ctx.s, side, eff["to"]))
    if eff["do"] == "attack":
        return can_attack(ctx, side, _attack_mode(eff), stay=eff.get("move") is False)
    return True


# Effects whose possibility is checked before a card or ability is used; any other effect counts
# as applying as far as it can.
CHECKED_EFFECTS = ("convert_die", "attack")


def would_do_nothing(ctx: Ctx, side: str, effects: Iterable[Mapping[str, Any]]) -> bool:
    """A card or ability every effect of which is an attack no army can make (or a die change with
    no die to change): it cannot be used (R-5.8, docs/rulings.md)."""
    some = False  # (`bool(effects) and all(...)`, without a list and a generator made each time)
    for e in effects:
        if e["do"] not in CHECKED_EFFECTS or _effect_possible(ctx, side, e):
            return False
        some = True
    return some


def convertible_dice(s: dict[str, Any], side: str, to: str) -> list[int]:
    return [i for i, face in enumerate(s["sides"][side]["rolled"]) if face != to]


# ---------------------------------------------------------------------------------------------
# Effects and conditions (botwotr.core.effects)


def _self_or_opp(side: str, who: str | None) -> str:
    return other(side) if who == "opponent" else side


def condition_holds(ctx: Ctx, side: str, cond: Mapping[str, Any]) -> bool:
    s, spec = ctx.s, ctx.spec
    k = cond["if"]
    if k == "fate_at_least":
        return bool(s["fate"] >= cond["n"])
    if k == "fate_at_most":
        return bool(s["fate"] <= cond["n"])
    if k == "turn_at_least":
        return bool(s["turn"] >= cond["n"])
    if k == "controls":
        r = cond["region"]
        return r in s["regions"] and controller(s, spec, r) == side
    if k == "character_in_play":
        return bool(s["chars"].get(cond["char"], {}).get("status") == "in_play")
    if k == "character_ready":
        return bool(s["chars"].get(cond["char"], {}).get("status") == "ready")
    if k == "army_in":
        return cond["region"] in s["regions"] and has_army(s["regions"][cond["region"]], side)
    if k == "has_damaged_army":
        return bool(rally_regions(ctx, side, []))
    if k == "in_battle":
        return s["battle"] is not None
    if k == "flag":
        return bool(s["flags"].get(cond["flag"], 0) == cond.get("value", 1))
    return False


def describe_condition(spec: ScenarioSpec, cond: Mapping[str, Any]) -> str:
    k: str = cond["if"]
    texts: dict[str, Callable[[], str]] = {
        "fate_at_least": lambda: f"the fate marker must be on {cond.get('n')} or more",
        "fate_at_most": lambda: f"the fate marker must be on {cond.get('n')} or less",
        "turn_at_least": lambda: f"it must be turn {cond.get('n')} or later",
        "controls": lambda: (
            f"you must control {spec.board.regions[cond['region']].name if cond.get('region') in spec.board.regions else cond.get('region')}"
        ),
        "character_in_play": lambda: (
            f"{spec.characters[cond['char']].name if cond.get('char') in spec.characters else cond.get('char')} must be in play"
        ),
        "character_ready": lambda: (
            f"{spec.characters[cond['char']].name if cond.get('char') in spec.characters else cond.get('char')} must be ready"
        ),
        "army_in": lambda: f"you must have an army in {cond.get('region')}",
        "has_damaged_army": lambda: "you must have a damaged army",
        "in_battle": lambda: "a battle must be under way",
        "flag": lambda: f"the scenario condition '{cond.get('flag')}' must hold",
    }
    return texts.get(k, lambda: k)()


def eff_draw(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    who = _self_or_opp(side, eff.get("who"))
    draw_cards(ctx, who, eff["deck"], eff.get("n", 1))


def eff_discard_random(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    who = _self_or_opp(side, eff.get("who", "opponent"))
    for _ in range(eff.get("n", 1)):
        hand = ctx.s["sides"][who]["hand"]
        if not hand:
            return
        if ctx.s["options"].get("physical_cards"):
            # The players discard a card at random at the table; the client does not track it.
            ctx.emit("CardDiscarded", side=who, card="?", to="unknown", why=src)
            continue
        card = ctx.chance.pick(sorted(hand), f"{SIDE_WHAT[who]} card discarded at random")
        ctx.emit("CardDiscarded", side=who, card=card, to=card_destination(ctx.spec, card), why=src)


def eff_fate(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    move_fate(ctx, eff["steps"])


def eff_add_fate_tiles(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    for _ in range(eff.get("n", 1)):
        cands = sorted(t for t in ctx.s["fate_extra"] if ctx.spec.fate_tiles[t].color == eff["color"])
        if not cands:
            return
        t = ctx.chance.pick(cands, "extra fate tile")
        ctx.emit("FateTileAdded", tile=t)


def eff_ready(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    c = eff["char"]
    if ctx.s["chars"][c]["status"] == "pool":
        ctx.emit("CharacterStatus", char=c, status="ready", why=src)


def eff_enter(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    c = eff["char"]
    if ctx.s["chars"][c]["status"] in ("pool", "ready"):
        regs = list(ctx.spec.characters[c].entry_regions)
        if len(regs) == 1:
            enter_character(ctx, c, regs[0])
        elif regs:
            ctx.push("choose_region", ctx.spec.characters[c].side, options=regs, purpose="enter", char=c, n=1)


def eff_dice_bonus(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    ctx.emit("DiceBonusChanged", side=_self_or_opp(side, eff.get("who")), n=eff["n"], why=src)


def eff_leadership_tokens(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    if side != "sh":
        return
    ctx.emit("LeadershipTokensGained", n=eff["n"], why=src)
    ask_leadership_tokens(ctx, mandatory=True, n=eff["n"])


def eff_action_tokens(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    card = ctx.spec.cards.get(src[5:]) if src.startswith("card:") else None
    if card is not None and card.stays:
        return  # counted at the start of every turn while the card is on the table
    ctx.emit("ActionTokensGained", n=eff["n"], why=src)


def where_regions(ctx: Ctx, side: str, where: Any) -> list[str]:
    s, spec = ctx.s, ctx.spec
    if isinstance(where, (list, tuple)):
        return [r for r in where if r in s["regions"]]
    if where == "own_settlement":
        return [
            r
            for r, rs in spec.board.regions.items()
            if rs.settlement and rs.owner == side and controller(s, spec, r) == side and is_free(s, r, side)
        ]
    if where == "own_army":
        return armies(s, side)
    if where == "enemy_army":
        return armies(s, other(side))
    if where == "enemy_army_adjacent":
        mine = set(armies(s, side))
        return [r for r in armies(s, other(side)) if any(n in mine for n in spec.board.neighbours(r))]
    if where == "free":
        return [r for r in s["regions"] if is_free(s, r, side)]
    return sorted(s["regions"])


def _choose(ctx: Ctx, side: str, purpose: str, options: list[str], n: int, **extra: Any) -> None:
    if not options:
        return
    ctx.push("choose_region", side, options=options, purpose=purpose, n=n, **extra)


def recruit_options(ctx: Ctx, side: str, eff: dict[str, Any]) -> list[str]:
    s, spec = ctx.s, ctx.spec
    # R-12.6 (R-5.9: a card does not replace it): never in a region the opponent holds or controls.
    return [
        r
        for r in where_regions(ctx, side, eff.get("where", "own_settlement"))
        if is_free(s, r, side) and not (spec.board.regions[r].settlement and controller(s, spec, r) not in (side, None))
    ]


def eff_recruit(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    unit = eff["unit"]
    n = min(eff.get("n", 1), recruit_figures(ctx, side, unit))
    if n > 0:
        _choose(ctx, side, "recruit", recruit_options(ctx, side, eff), n, unit=unit)


def eff_place_tokens(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    opts = where_regions(ctx, side, eff.get("where", "own_settlement"))
    if tokens_left(ctx.s, side) > 0:
        _choose(ctx, side, "token", opts, eff.get("n", 1))


def eff_destroy_tokens(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    opts = [r for r in where_regions(ctx, side, eff.get("where", "any")) if ctx.s["regions"][r]["rtokens"][other(side)]]
    _choose(ctx, side, "destroy_tokens", opts, 1)


def eff_rally(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    if rally_regions(ctx, side, []):
        ctx.push("rally", side, left=eff.get("armies", 1), used=[], bonus=eff.get("bonus", 0))


def eff_move(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    mode = "card2" if eff.get("distance", 1) >= 2 else "card"
    if any(True for _ in movable_armies(ctx, side, mode, [])):
        ctx.push("move", side, mode=mode, left=eff.get("armies", 1), moved=[], optional=True)


def _attack_mode(eff: Mapping[str, Any]) -> str:
    return "character" if eff.get("leadership") else "army"


def eff_attack(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    """An attack a card or ability starts; its `bonus` modifiers belong to that battle only (they
    are added when it starts: "round" for its first round, "battle" for all of it)."""
    mode = _attack_mode(eff)
    stay = eff.get("move") is False  # "attacks an adjacent enemy army": no move first
    if attack_sources(ctx, side, mode, stay=stay):
        extra: dict[str, Any] = {"stay": True} if stay else {}
        if eff.get("bonus"):
            extra.update({"bonus": [dict(m) for m in eff["bonus"]], "source": src})
        ctx.push("attack", side, mode=mode, **extra)


def eff_damage(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    opts = where_regions(ctx, side, eff.get("where", "enemy_army_adjacent"))
    _choose(ctx, side, "damage", opts, 1, amount=eff["n"])


def eff_heal(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    opts = [
        r
        for r in where_regions(ctx, side, eff.get("where", "own_army"))
        if ctx.s["regions"][r]["damage"] > 0 and ctx.s["regions"][r]["side"] == side
    ]
    _choose(ctx, side, "heal", opts, 1, amount=eff["n"])


def eff_modifier(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    ctx.emit(
        "ModifierAdded",
        mod={
            "kind": eff["kind"],
            "n": eff.get("n", 1),
            "side": _self_or_opp(side, eff.get("who")),
            "until": eff.get("until", "battle"),
            "source": src,
        },
    )


def eff_flag(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    ctx.emit("FlagSet", flag=eff["flag"], value=eff.get("value", 1))


def eff_hook(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    ctx.rules.hook(ctx, eff["name"], side, eff)


def eff_convert_die(ctx: Ctx, side: str, eff: dict[str, Any], src: str) -> None:
    opts = convertible_dice(ctx.s, side, eff["to"])
    if opts:
        ctx.push("choose_die", side, options=opts, to=eff["to"])


@command("choose_die")
def cmd_choose_die(ctx: Ctx, cmd: dict[str, Any]) -> None:
    p = ctx.asked
    die = cmd.get("die")
    if die not in p["options"]:
        fail("choice/bad_die", f"Choose one of the dice: {p['options']}.", "R-8.3")
    ctx.pop()
    ctx.emit("DieChanged", side=p["side"], index=die, result=p["to"])


ANSWERS["choose_die"] = ("choose_die",)


EFFECTS.update(
    {
        "draw": eff_draw,
        "discard_random": eff_discard_random,
        "fate": eff_fate,
        "add_fate_tiles": eff_add_fate_tiles,
        "ready_character": eff_ready,
        "enter_character": eff_enter,
        "dice_bonus": eff_dice_bonus,
        "leadership_tokens": eff_leadership_tokens,
        "action_tokens": eff_action_tokens,
        "recruit": eff_recruit,
        "place_tokens": eff_place_tokens,
        "destroy_tokens": eff_destroy_tokens,
        "rally": eff_rally,
        "move": eff_move,
        "attack": eff_attack,
        "damage": eff_damage,
        "heal": eff_heal,
        "convert_die": eff_convert_die,
        "modifier": eff_modifier,
        "flag": eff_flag,
        "hook": eff_hook,
    }
)


@command("choose_region")
def cmd_choose_region(ctx: Ctx, cmd: dict[str, Any]) -> None:
    s, spec = ctx.s, ctx.spec
    p = ctx.asked
    side = p["side"]
    region = cmd.get("region")
    if not isinstance(region, str) or region not in p["options"]:
        fail("choice/bad_region", f"Choose one of: {', '.join(p['options'])}.", "R-5.9")
    ctx.pop()
    depth = len(s["pending"])
    n = p["n"] - 1
    opts = [r for r in p["options"] if r != region] if p["purpose"] in ("token", "destroy_tokens") else p["options"]
    purpose = p["purpose"]
    if purpose == "recruit":
        unit = p["unit"]
        if unit == "any":
            place_unit_any(ctx, side, region, unit)
        elif figures_available(s, spec, side, unit) > 0:  # only the type the text names
            ctx.emit("UnitsPlaced", region=region, side=side, units={unit: 1}, why="card")
            arrived(ctx, side, region)
        if recruit_figures(ctx, side, unit) <= 0:
            n = 0  # none of the named type left: the rest of the effect cannot be applied
    elif purpose == "token":
        place_recruitment_token(ctx, side, region)
    elif purpose == "destroy_tokens":
        toks = s["regions"][region]["rtokens"][other(side)]
        ctx.emit("RecruitmentTokensDestroyed", region=region, side=other(side), units=list(toks))
    elif purpose == "damage":
        ctx.emit("DamageChanged", region=region, n=p["amount"], why="card")
        check_casualties(ctx, region)
    elif purpose == "heal":
        ctx.emit("DamageChanged", region=region, n=-min(p["amount"], s["regions"][region]["damage"]), why="card")
    elif purpose == "enter":
        enter_character(ctx, p["char"], region)
    elif purpose == "rules":  # a region a scenario's rules module asked for
        opts = ctx.rules.region_chosen(ctx, side, p, region)
    if purpose == "token" and tokens_left(s, side) <= 0:
        n = 0  # no token left, no more can be placed
    if n > 0 and opts and not s["winner"]:
        extra = {k: v for k, v in p.items() if k not in ("kind", "side", "options", "n")}
        ctx.push_below(depth, "choose_region", side, options=opts, n=n, **extra)


ANSWERS["choose_region"] = ("choose_region", "done")
