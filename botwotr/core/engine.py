"""`decide(spec, state, command) -> (events, new_state)`: the rules of R-1 to R-9 and R-12 to R-15.

A command is a dict: {"cmd": name, "side": "fp"|"sh"|"players", ...parameters,
"outcomes": [...] (optional explicit chance)}. `decide` works on a copy of the state, applying each
event as it is produced (`Ctx.emit`), so a command that fails part-way changes nothing. After the
command, `pump` runs every automatic step of the turn until some player must decide: the state
always ends waiting on a pending decision (or with the game over).

Battles (R-10, R-11) live in `botwotr.core.battle`; an attack hands over to `battle.start_battle`.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from . import events as ev
from . import setup as position_setup  # positions given as data; registers PositionSet
from .chance import Chance
from .errors import RuleError
from .scenario import ScenarioRules
from .spec import DIE_FACES, SIDES, ScenarioSpec, other
from .state import army_size, armies, chars_in, clone, controller, figures_available, has_army, leadership

MAX_ARMY = 5
MAX_NAME = 40  # a player's name (start option 'players')
BAD_NAME_CHARS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class Ctx:
    """The working state of one `decide` call."""

    def __init__(self, spec: ScenarioSpec, rules: ScenarioRules, state: dict, chance: Chance):
        self.spec = spec
        self.rules = rules
        self.s = state
        self.chance = chance
        self.events: list[dict] = []

    def emit(self, name: str, **data: Any) -> dict:
        e = {"e": name, **data}
        ev.HANDLERS[name](self.s, e)
        self.events.append(e)
        return e

    def push(self, kind: str, side: str | None, **data: Any) -> None:
        self.emit("PendingPushed", decision={"kind": kind, "side": side, **data})

    def pop(self) -> dict:
        top = self.s["pending"][-1]
        self.emit("PendingPopped", kind=top["kind"])
        return top

    def update(self, **changes: Any) -> dict:
        d = dict(self.s["pending"][-1])
        d.update(changes)
        self.emit("PendingUpdated", decision=d)
        return d

    @property
    def top(self) -> dict | None:
        return self.s["pending"][-1] if self.s["pending"] else None

    def push_below(self, depth: int, kind: str, side: str | None, **data: Any) -> None:
        """Push a decision beneath every decision asked since the stack held `depth` entries,
        so that what a step just asked (an army over 5, a choice) is answered first."""
        asked = [self.pop() for _ in range(len(self.s["pending"]) - depth)]
        self.push(kind, side, **data)
        for a in reversed(asked):
            self.emit("PendingPushed", decision=a)


def fail(code: str, message: str, rule: str | None = None):
    raise RuleError(code, message, rule)


# ---------------------------------------------------------------------------------------------
# Entry point

COMMANDS: dict[str, Callable] = {}
# pending kind -> commands that answer it
ANSWERS: dict[str, tuple[str, ...]] = {}
# pending kinds the engine resolves by itself
AUTO: dict[str, Callable] = {}


def command(name: str):
    def deco(fn):
        COMMANDS[name] = fn
        return fn

    return deco


def decide(
    spec: ScenarioSpec, rules: ScenarioRules, state: dict, cmd: Any, *, in_place: bool = False
) -> tuple[list[dict], dict]:
    if not isinstance(cmd, dict):
        fail("command/malformed", "A command must be a mapping with a 'cmd' name.")
    name = cmd.get("cmd")
    if name not in COMMANDS:
        fail("command/unknown", f"There is no command called {name!r}.")
    side = cmd.get("side")
    if name != "start_game" and side not in SIDES and side != "players":
        fail("command/bad_side", f"A command must name the side giving it ('fp', 'sh' or 'players'), not {side!r}.")
    for key, value in cmd.items():
        want = PARAM_TYPES.get(key)
        if want is None:
            fail("command/malformed", f"A command has no parameter called {key!r}.")
        if not isinstance(value, want) or (isinstance(value, bool) and key in INT_PARAMS):
            fail("command/malformed", f"The parameter '{key}' has the wrong type ({type(value).__name__}).")
    unused = [k for k in cmd if k not in COMMON_PARAMS and k not in params_of(name, cmd, state)]
    if unused:
        fail(
            "command/unused_parameter",
            f"'{name}' takes no parameter {unused[0]!r}"
            f"{' here' if name in ('use_die', 'attack') else ''} (it takes: "
            f"{', '.join(sorted(params_of(name, cmd, state))) or 'none besides side and outcomes'}).",
        )
    outcomes = cmd.get("outcomes", [])
    s = state if in_place else clone(state)
    if name != "start_game":
        if s["phase"] == "setup":
            fail("game/not_started", "The game has not been set up yet: start it first.")
        if s["winner"] and side != "players":
            fail("game/over", "The game is over.", "R-4.2")
    opts = cmd.get("options") if name == "start_game" and isinstance(cmd.get("options"), dict) else s["options"]
    chance = Chance(s["seed"], s["rng"], outcomes, strict=opts.get("companion") is True)
    ctx = Ctx(spec, rules, s, chance)
    if side == "players":
        if not name.startswith("adjust_") and name != "start_game":
            fail("command/bad_side", "Only adjustments may be given by 'players'.")
    elif name != "start_game" and not name.startswith("adjust_"):
        top = ctx.top
        if top is None:
            fail("command/not_expected", "Nothing is being asked now.")
        if name not in ANSWERS.get(top["kind"], ()):
            fail(
                "command/not_expected",
                f"The game is waiting for {describe_pending(spec, top)}; '{name}' does not answer that.",
            )
        if side not in (top.get("sides") or [top["side"]]):
            fail(
                "command/not_your_turn", f"It is not the {'Free Peoples' if side == 'fp' else 'Shadow'}'s decision now."
            )
    COMMANDS[name](ctx, cmd)
    pump(ctx)
    chance.check_all_used()
    if chance.counter != s["rng"]:
        ctx.emit("RngAdvanced", counter=chance.counter)
    return ctx.events, s


# The shape of every parameter a command may carry; anything else is refused before any rule runs.
_S, _N = str, type(None)
PARAM_TYPES: dict[str, tuple] = {
    "cmd": (_S,),
    "side": (_S, _N),
    "region": (_S,),
    "from": (_S,),
    "to": (_S, list, int),
    "target": (_S,),
    "char": (_S,),
    "character": (_S,),
    "card": (_S, _N),
    "unit": (_S,),
    "position": (_S,),
    "tactic": (_S,),
    "choice": (_S,),
    "owner": (_S, _N),
    "status": (_S,),
    "token": (_S, _N),
    "action": (_S,),
    "die": (int, _S),
    "n": (int,),
    "damage": (int,),
    "leaders": (int,),
    "units": (dict,),
    "characters": (list,),
    "path": (list, _S),
    "armies": (list,),
    "dice": (list,),
    "outcomes": (list,),
    "options": (dict,),
}
PARAM_TYPES["tokens"] = (int,)  # Shadow leadership tokens moving with part of an army
INT_PARAMS = {"n", "damage", "leaders", "die", "tokens"}

# The parameters each command uses (docs/commands.md); any other is refused, so that a command
# never carries a value that silently does nothing. `cmd`, `side` and `outcomes` go with any.
COMMON_PARAMS = frozenset({"cmd", "side", "outcomes"})
_GROUP = ("units", "leaders", "characters", "damage")
COMMAND_PARAMS: dict[str, frozenset] = {
    k: frozenset(v)
    for k, v in {
        "start_game": ("options",),
        "roll_dice": (),
        "discard": ("card",),
        "choose_position": ("position",),
        "place_leadership_token": ("region",),
        "done": (),
        "draw_fate": (),
        "keep_fate": (),
        "set_aside_fate": (),
        "use_die": ("die", "action"),
        "pass": ("token",),
        "use_ability": ("character",),
        "move_army": ("from", "path", "to", "tokens") + _GROUP,
        "remove_unit": ("unit",),
        "attack": ("from", "to", "target", "tokens") + _GROUP,
        "move_characters": ("characters", "path", "to"),
        "recruit": ("region",),
        "choose_unit": ("unit",),
        "place_orc": ("region",),
        "rally": ("region",),
        "choose_die": ("die",),
        "choose_region": ("region",),
        "choose_army": ("region",),
        "tactic": ("tactic",),
        "combat_card": ("card",),
        "reroll": ("dice",),
        "roll_combat": (),
        "casualty": ("unit",),
        "cease": (),
        "fight_on": (),
        "withdraw": ("choice",),
        "flee_casualty": ("unit",),
        "retreat_to": ("region",),
        "advance": ("from", "tokens") + _GROUP,
        "adjust_units": ("region", "owner", "unit", "n"),
        "adjust_move": ("from", "to") + _GROUP,
        "adjust_damage": ("region", "n"),
        "adjust_leaders": ("region", "n"),
        "adjust_character": ("char", "status", "region"),
        "adjust_control": ("region", "owner"),
        "adjust_fate": ("to",),
        "adjust_dice": ("owner", "n"),
        "adjust_card": ("card", "to"),
    }.items()
}
# use_die: what each action adds
ACTION_PARAMS = {
    "play_card": frozenset({"card"}),
    "ability": frozenset({"character"}),
    "enter_character": frozenset({"character", "region"}),
}


def params_of(name: str, cmd: dict, state: dict) -> frozenset:
    """The parameters `cmd` may carry: those of its command, of its action (use_die), of its kind
    of attack (a combined attack names `armies`; the moving-part parameters need a `to`)."""
    params = COMMAND_PARAMS.get(name)
    if params is None:  # a command registered without a table entry: only the type check applies
        return frozenset(cmd)
    if name == "use_die":
        return params | ACTION_PARAMS.get(cmd.get("action"), frozenset())
    if name == "attack":
        pending = state["pending"][-1] if state.get("pending") else {}
        if pending.get("kind") == "attack" and pending.get("mode") == "combined":
            return frozenset({"target", "armies"})
        return params if "to" in cmd else frozenset({"from", "target"})
    if name == "adjust_character" and cmd.get("status") != "in_play":
        return frozenset({"char", "status"})
    return params


def describe_pending(spec: ScenarioSpec, p: dict) -> str:
    who = {"fp": "the Free Peoples", "sh": "the Shadow", None: "the game"}.get(p.get("side"), "the players")
    return f"{who} to {PENDING_TEXT.get(p['kind'], p['kind'].replace('_', ' '))}"


PENDING_TEXT = {
    "action": "take an action (use a die or pass)",
    "discard": "discard down to the hand limit",
    "choose_position": "choose Saruman's position in the Shadow Box",
    "place_leadership": "place Shadow leadership tokens",
    "fate_draw": "draw a fate tile",
    "card_draw": "enter the cards drawn this turn",
    "fate_decide": "keep the fate tile or set it aside",
    "move": "move armies",
    "attack": "choose an attack",
    "recruit": "use recruitment tokens",
    "mordor_recruit": "place Orcs in recruitment areas",
    "rally": "rally armies",
    "move_characters": "move characters",
    "remove_excess": "remove units over the limit of 5",
    "choose_unit": "choose a unit to recruit",
    "choose_region": "choose a region",
    "choose_die": "choose an action die to change",
    "casualties": "take casualties",
    "roll_dice": "roll the action dice",
    "combat_roll": "roll the combat dice",
    "tactic": "choose a battle tactic in secret",
    "combat_card": "choose a combat card in secret",
    "choose_army": "choose which attacking army fights this round",
    "reroll": "choose dice to re-roll",
    "cease": "cease the attack or fight on",
    "withdraw": "stay, retreat or flee",
    "flee_casualty": "remove a unit while fleeing",
    "retreat_to": "choose where the army retreats",
    "advance": "advance into the freed region",
}


# ---------------------------------------------------------------------------------------------
# The turn, driven automatically between decisions


def pump(ctx: Ctx) -> None:
    s = ctx.s
    for _ in range(10000):
        if s["winner"]:
            return
        top = ctx.top
        if top is not None:
            fn = AUTO.get(top["kind"])
            if fn is None:
                return
            fn(ctx, ctx.pop())
            continue
        if s["battle"] is not None:
            from .battle import battle_pump

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
        dice[side] = max(1, spec.dice[side] + s["sides"][side]["dice_bonus"] + ctx.rules.extra_dice(s, side))
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


def tracked_companion(s: dict) -> bool:
    """The companion mode with the hands tracked by the client (not `physical_cards`)."""
    opts = s["options"]
    return bool(opts.get("companion")) and not opts.get("physical_cards")


def can_draw(s: dict, side: str, deck: str) -> bool:
    if deck == "generic":
        return bool(s["generic"] or s["discard"])
    return bool(s["sides"][side]["story"])


def draw_turn_cards(ctx: Ctx, side: str) -> None:
    draw_cards(ctx, side, "generic", 1)
    draw_cards(ctx, side, "story", 1)


@command("draw_cards")
def cmd_draw_cards(ctx: Ctx, cmd: dict) -> None:
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
        run_effects(ctx, "sh", list(pos.action), source=f"position:{pos.id}")
    elif step == 2:
        # as many tokens as dice in the box (the position may put fewer dice there than
        # it names when the Shadow has fewer dice), unless the scenario sets the number.
        n = s["sides"]["sh"]["fate_dice"] if pos.tokens is None else pos.tokens
        if n > 0:
            ctx.emit("LeadershipTokensGained", n=n, why="position")
            ask_leadership_tokens(ctx, mandatory=True, n=n)
    elif step == 3:
        if pos.special_cards:
            draw_cards(ctx, "sh", "special", pos.special_cards)
    else:
        ctx.emit("PhaseStarted", phase="fate")


def ask_leadership_tokens(ctx: Ctx, mandatory: bool, n: int | None = None) -> None:
    """R-6.3 / R-6.4: tokens go on Shadow armies; with no army they are lost. `n` tokens just
    taken must be placed at once (R-6.3, a card's "place them at once"); tokens the Shadow
    already kept aside from Character dice stay aside, to be placed later (R-6.4)."""
    if not armies(ctx.s, "sh"):
        if mandatory:
            ctx.emit("LeadershipTokensLost", n=ctx.s["sides"]["sh"]["aside"] if n is None else n)
        return
    if mandatory and n is not None:
        ctx.push("place_leadership", "sh", mandatory=True, left=n)
    else:
        ctx.push("place_leadership", "sh", mandatory=mandatory)


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
def cmd_roll_dice(ctx: Ctx, cmd: dict) -> None:
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


def unused_dice(s: dict, side: str) -> int:
    sd = s["sides"][side]
    return len(sd["rolled"]) + (len(sd["box"]) if side == "sh" else 0)


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
    opp = other(side)
    nxt = opp if unused_dice(s, opp) > 0 else side
    ctx.emit("ActionEnded", side=side, next=nxt)


def update_control(ctx: Ctx) -> None:
    s, spec = ctx.s, ctx.spec
    for r, rs in spec.board.regions.items():
        if not rs.settlement:
            continue
        reg = s["regions"][r]
        side = reg["side"]
        if side is None or army_size(reg) == 0:
            continue
        if controller(s, spec, r) != side and side != rs.owner and ctx.rules.can_take_control(s, r, side):
            ctx.emit("ControlChanged", region=r, side=side, why="occupied")


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
def cmd_start_game(ctx: Ctx, cmd: dict) -> None:
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
    start_turn(ctx)
    if "setup" in options:
        position_setup.set_position(ctx, options["setup"])


def tokens_left(s: dict, side: str) -> int:
    """Recruitment tokens not yet on the board (R-12.2)."""
    sd = s["sides"][side]
    return len(sd["rpool"]) - sd["unknown_out"]


def place_recruitment_token(ctx: Ctx, side: str, region: str) -> bool:
    """R-12.2: a token drawn at random from those left, face down. In the companion mode the
    players draw it unseen at the table, so its type stays unknown ("?") until it is used."""
    if tokens_left(ctx.s, side) <= 0:
        return False
    if ctx.s["options"].get("companion"):
        unit = "?"
    else:
        unit = ctx.chance.pick(sorted(ctx.s["sides"][side]["rpool"]), "recruitment token")
    ctx.emit("RecruitmentTokenPlaced", side=side, region=region, unit=unit)
    return True


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
def cmd_discard(ctx: Ctx, cmd: dict) -> None:
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
        to=card_destination(ctx.spec, card) if card != "?" else "unknown",
        why="hand limit",
    )
    p = ctx.top
    if p["n"] <= 1:
        ctx.pop()
    else:
        ctx.update(n=p["n"] - 1)


ANSWERS["discard"] = ("discard",)


# ---------------------------------------------------------------------------------------------
# The Shadow Box


@command("choose_position")
def cmd_choose_position(ctx: Ctx, cmd: dict) -> None:
    pos = cmd.get("position")
    if pos not in ctx.spec.positions:
        fail(
            "position/unknown",
            f"{pos!r} is not a position of the commander-in-chief ({', '.join(ctx.spec.positions)}).",
            "R-6.1",
        )
    p = ctx.spec.positions[pos]
    ctx.pop()
    ctx.emit("PositionChosen", position=pos, dice=min(p.dice, ctx.s["sides"]["sh"]["dice"]))


ANSWERS["choose_position"] = ("choose_position",)


@command("place_leadership_token")
def cmd_place_leadership(ctx: Ctx, cmd: dict) -> None:
    s = ctx.s
    region = cmd.get("region")
    if s["sides"]["sh"]["aside"] <= 0:
        fail("leadership/none", "The Shadow has no leadership token to place.", "R-6.4")
    if region not in s["regions"] or not has_army(s["regions"][region], "sh"):
        fail("leadership/not_army", "A Shadow leadership token must be placed on a Shadow army.", "R-6.3")
    ctx.emit("LeadershipTokenPlaced", region=region, n=1)
    top = ctx.top
    if top["kind"] == "place_leadership" and "left" in top and top["left"] > 1 and s["sides"]["sh"]["aside"] > 0:
        ctx.update(left=top["left"] - 1)
    elif top["kind"] == "place_leadership" and (s["sides"]["sh"]["aside"] == 0 or "left" in top):
        ctx.pop()
    elif top["kind"] == "action" and not top.get("placed"):
        ctx.update(placed=True)  # placed before using a die, so a die must now be used


@command("done")
def cmd_done(ctx: Ctx, cmd: dict) -> None:
    top = ctx.top
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


# ---------------------------------------------------------------------------------------------
# Fate


@command("draw_fate")
def cmd_draw_fate(ctx: Ctx, cmd: dict) -> None:
    p = ctx.pop()
    draw_fate_tile(ctx, p["left"])


def draw_fate_tile(ctx: Ctx, left: int) -> None:
    s, spec = ctx.s, ctx.spec
    tile = ctx.chance.pick(sorted(s["fate_pool"]), "fate tile")
    ctx.emit("FateTileDrawn", tile=tile)
    left -= 1
    if spec.fate_tiles[tile].shadow_special or left <= 0 or not s["fate_pool"]:
        apply_fate_tile(ctx, tile)
    else:
        ctx.push("fate_decide", "fp", tile=tile, left=left)


@command("keep_fate")
def cmd_keep_fate(ctx: Ctx, cmd: dict) -> None:
    p = ctx.pop()
    apply_fate_tile(ctx, p["tile"])


@command("set_aside_fate")
def cmd_set_aside_fate(ctx: Ctx, cmd: dict) -> None:
    p = ctx.pop()
    ctx.emit("FateTileSetAside", tile=p["tile"])
    draw_fate_tile(ctx, p["left"])


ANSWERS["fate_draw"] = ("draw_fate",)
ANSWERS["fate_decide"] = ("keep_fate", "set_aside_fate")


def apply_fate_tile(ctx: Ctx, tile: str) -> None:
    """R-7.4: advance, apply the icon, discard the tile, return those set aside."""
    t = ctx.spec.fate_tiles[tile]
    ctx.emit("FateTileApplied", tile=tile, value=t.value, icon=t.icon)
    if ctx.s["fate_aside"]:
        ctx.emit("FateTilesReturned", tiles=list(ctx.s["fate_aside"]))
    move_fate(ctx, t.value)
    if t.icon and not ctx.s["winner"]:
        if not ctx.rules.fate_icon(ctx, t.icon):
            run_effects(ctx, "fp", list(ctx.spec.fate_icons.get(t.icon, ())), source=f"fate:{tile}")


def move_fate(ctx: Ctx, steps: int) -> None:
    s, spec = ctx.s, ctx.spec
    old = s["fate"]
    new = min(max(0, old + steps), spec.endgame)
    if new == old:
        return
    ctx.emit("FateMarkerMoved", **{"from": old, "to": new})
    if new >= spec.endgame:
        ctx.emit("GameWon", side="fp", reason="The fate marker reached the endgame marker.")
        return
    if new > old:
        for space in range(old + 1, new + 1):
            for c in spec.fate_markers.get(space, ()):
                if s["chars"][c]["status"] == "pool":
                    ctx.emit("CharacterStatus", char=c, status="ready", why=f"fate {space}")
            effs = spec.fate_events.get(space)
            if effs:
                run_effects(ctx, "fp", list(effs), source=f"fate_space:{space}")


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


def die_face(s: dict, side: str, die: Any) -> str:
    sd = s["sides"][side]
    if die == "box":
        if side != "sh" or not sd["box"]:
            fail("die/no_box", "There is no die in the Shadow Box.", "R-6.1")
        return "character"
    if type(die) is not int or not 0 <= die < len(sd["rolled"]):
        fail("die/unknown", f"There is no unused die number {die!r}.", "R-8.3")
    return sd["rolled"][die]


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
def cmd_use_die(ctx: Ctx, cmd: dict) -> None:
    s = ctx.s
    side = cmd["side"]
    action = cmd.get("action")
    die = cmd.get("die")
    face = die_face(s, side, die)
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
    from .legal import die_action_commands

    return bool(die_action_commands(ctx.spec, ctx.rules, ctx.s, side, die, face, limit=1))


@command("pass")
def cmd_pass(ctx: Ctx, cmd: dict) -> None:
    """R-8.4, with the Free Peoples action tokens of R-8.5."""
    s = ctx.s
    side = cmd["side"]
    if ctx.top.get("placed"):
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


def _effect_possible(ctx: Ctx, side: str, eff: dict) -> bool:
    if eff["do"] == "convert_die":
        return bool(convertible_dice(ctx.s, side, eff["to"]))
    if eff["do"] == "attack":
        return bool(attack_sources(ctx, side, _attack_mode(eff), stay=eff.get("move") is False))
    return True


# Effects whose possibility is checked before a card or ability is used; any other effect counts
# as applying as far as it can.
CHECKED_EFFECTS = ("convert_die", "attack")


def would_do_nothing(ctx: Ctx, side: str, effects) -> bool:
    """A card or ability every effect of which is an attack no army can make (or a die change with
    no die to change): it cannot be used (R-5.8, docs/rulings.md)."""
    effects = list(effects)
    return bool(effects) and all(e["do"] in CHECKED_EFFECTS and not _effect_possible(ctx, side, e) for e in effects)


def convertible_dice(s: dict, side: str, to: str) -> list[int]:
    return [i for i, face in enumerate(s["sides"][side]["rolled"]) if face != to]


@command("use_ability")
def cmd_use_ability(ctx: Ctx, cmd: dict) -> None:
    side = cmd["side"]
    c = cmd.get("character")
    free_ability_ok(ctx, side, c)
    cs = ctx.spec.characters[c]
    if cs.ability_params.get("cost") == "action_token":
        ctx.emit("ActionTokenUsed", side=side, action=f"ability:{c}", for_good=True)
    if not ctx.rules.ability(ctx, c, side):
        run_effects(ctx, side, list(cs.ability_params.get("effect", ())), source=f"ability:{c}")


# -- action checks: validated before anything happens, so an impossible action costs no die --


def _no_check(ctx, side, face, cmd):
    pass


def _check_play_card(ctx, side, face, cmd):
    card = cmd.get("card")
    check_card_playable(ctx, side, face, card)


def physical_cards_for(s: dict, side: str) -> list[str]:
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


def _check_ability(ctx, side, face, cmd):
    s, spec = ctx.s, ctx.spec
    c = cmd.get("character")
    if c not in spec.characters or spec.characters[c].side != side:
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


def ability_die_fits(face: str, named: str) -> bool:
    """R-8.7: the die the character's card names; a Will of the West die stands for any result but
    the Eye, and an Army/Muster die for an Army or a Muster die (as for cards, R-5.6)."""
    return (
        face == named or (face == "will" and named != "eye") or (face == "army_muster" and named in ("army", "muster"))
    )


def _check_enter(ctx, side, face, cmd):
    s, spec = ctx.s, ctx.spec
    c = cmd.get("character")
    if c not in spec.characters or spec.characters[c].side != side:
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


def _check_recruit(ctx, side, face, cmd):
    if not recruit_regions(ctx, side, "muster", []):
        fail("recruit/none", "You have no recruitment token you can use.", "R-12.5")


def _check_rally(ctx, side, face, cmd):
    if not rally_regions(ctx, side, []):
        fail("rally/none", "None of your armies has damage to rally.", "R-13.1")


def _check_mordor_recruit(ctx, side, face, cmd):
    if not mordor_regions(ctx, []):
        fail("recruit/no_orc_area", "No Orc recruitment area can take an Orc now.", "R-12.5")


def _check_moves(kind):
    def check(ctx, side, face, cmd):
        if not any(True for _ in movable_armies(ctx, side, kind, [])):
            fail("move/none", "None of your armies can make that move.", "R-9.1")

    return check


def _check_attack(kind):
    def check(ctx, side, face, cmd):
        if not attack_sources(ctx, side, kind):
            fail("attack/none", "None of your armies can make that attack.", "R-10.1")

    return check


def _check_move_chars(ctx, side, face, cmd):
    if not movable_character_regions(ctx, side, []):
        fail("characters/none", "You have no character that can move.", "R-9.7")


ACTION_CHECKS = {
    "fast_move": _check_moves("fast"),
    "attack": lambda c, s, f, cmd: _check_attack("character" if f == "character" else "army")(c, s, f, cmd),
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


# -- the actions themselves ------------------------------------------------------------------


def act_fast_move(ctx, side, face, cmd):
    ctx.push("move", side, mode="fast", left=1, moved=[], optional=False)


def act_strategic(ctx, side, face, cmd):
    ctx.push("move", side, mode="strategic", left=2, moved=[], optional=True)


def act_mordor_move(ctx, side, face, cmd):
    ctx.push("move", side, mode="mordor", left=2, moved=[], optional=True)


def act_attack(ctx, side, face, cmd):
    ctx.push("attack", side, mode="character" if face == "character" else "army")


def act_combined(ctx, side, face, cmd):
    ctx.push("attack", side, mode="combined")


def act_mordor_attack(ctx, side, face, cmd):
    ctx.push("attack", side, mode="mordor")


def act_move_chars(ctx, side, face, cmd):
    ctx.push("move_characters", side, moved=[], groups=None)


def act_play_card(ctx, side, face, cmd):
    play_card(ctx, side, cmd["card"], face)


def play_card(ctx: Ctx, side: str, card: str, face: str) -> None:
    if card == "?":  # physical cards: the players apply this one by hand
        ctx.emit("CardPlayed", side=side, card="?", die=face, to="unknown", by_hand=True)
        return
    cs = ctx.spec.cards[card]
    to = "table" if cs.stays else card_destination(ctx.spec, card)
    ctx.emit("CardPlayed", side=side, card=card, die=face, to=to)
    run_effects(ctx, side, list(cs.effect), source=f"card:{card}")


def act_ability(ctx, side, face, cmd):
    c = cmd["character"]
    if not ctx.rules.ability(ctx, c, side):
        run_effects(ctx, side, list(ctx.spec.characters[c].ability_params.get("effect", ())), source=f"ability:{c}")


def act_enter(ctx, side, face, cmd):
    enter_character(ctx, cmd["character"], cmd["region"])


def enter_character(ctx: Ctx, c: str, region: str) -> None:
    ctx.emit("CharacterStatus", char=c, status="in_play", region=region, why="entered")


def act_recruit(ctx, side, face, cmd):
    ctx.push("recruit", side, left=2, used=[], mode="muster")


def act_rally(ctx, side, face, cmd):
    ctx.push("rally", side, left=2, used=[], bonus=0)


def act_mordor_recruit(ctx, side, face, cmd):
    ctx.push("mordor_recruit", side, left=2, used=[])


def act_draw_generic(ctx, side, face, cmd):
    draw_cards(ctx, side, "generic", 2)


def act_draw_story(ctx, side, face, cmd):
    draw_cards(ctx, side, "story", 1)


def act_forfeit(ctx, side, face, cmd):
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


def _tok_move(ctx):
    ctx.push("move", "fp", mode="token", left=1, moved=[], optional=False)


def _tok_recruit(ctx):
    ctx.push("recruit", "fp", left=1, used=[], mode="token")


def _tok_rally(ctx):
    ctx.push("rally", "fp", left=1, used=[], bonus=0)


def _tok_chars(ctx):
    ctx.push("move_characters", "fp", moved=[], groups=1)


TOKEN_ACTIONS = {"move": _tok_move, "recruit": _tok_recruit, "rally": _tok_rally, "characters": _tok_chars}
TOKEN_CHECKS = {
    "move": lambda ctx: _check_moves("token")(ctx, "fp", None, {}),
    "recruit": lambda ctx: _check_recruit(ctx, "fp", None, {}),
    "rally": lambda ctx: _check_rally(ctx, "fp", None, {}),
    "characters": lambda ctx: _check_move_chars(ctx, "fp", None, {}),
}


# ---------------------------------------------------------------------------------------------
# Movement

MOVE_MODES = {  # mode -> (max regions, leadership needed, orcs needed)
    "strategic": (1, False, False),
    "fast": (2, True, False),
    "mordor": (1, False, True),
    "token": (1, False, False),
    "card": (1, False, False),
    "card2": (2, False, False),
}


def enemy_adjacent(ctx: Ctx, region: str, side: str) -> bool:
    regs = ctx.s["regions"]
    return any(has_army(regs[n], other(side)) for n in ctx.spec.board.neighbours(region))


def is_free(s: dict, region: str, side: str) -> bool:
    """R-1.3: no army unit of the opponent."""
    reg = s["regions"][region]
    return not has_army(reg, other(side))


def movable_armies(ctx: Ctx, side: str, mode: str, moved_to: list[str]):
    """Regions whose army could make at least one move of this mode."""
    s = ctx.s
    for r in armies(s, side):
        if r in moved_to:
            continue
        if MOVE_MODES[mode][2] and not has_orcs(ctx, r):
            continue
        if MOVE_MODES[mode][1] and not mobile_leadership(ctx, r):
            continue
        if any(is_free(s, n, side) for n in ctx.spec.board.neighbours(r)):
            yield r


def has_orcs(ctx: Ctx, region: str) -> bool:
    return any("orc" in ctx.spec.units[u].tags for u in ctx.s["regions"][region]["units"])


def parse_group(ctx: Ctx, side: str, frm: str, cmd: dict) -> tuple[dict, int, list[str], int]:
    """The moving part of an army: units (default all), leaders, characters, damage (R-9.2)."""
    s, spec = ctx.s, ctx.spec
    reg = s["regions"][frm]
    units = cmd.get("units")
    if units is None:
        units = dict(reg["units"])
    if not isinstance(units, dict) or not all(isinstance(k, str) and type(v) is int for k, v in units.items()):
        fail("move/malformed", "'units' must map unit types to numbers.")
    units = {u: n for u, n in units.items() if n}
    for u, n in units.items():
        if n < 0 or reg["units"].get(u, 0) < n:
            fail("move/not_there", f"There are not {n} {u} in {spec.board.regions[frm].name}.", "R-9.2")
    if not units:
        fail("move/no_units", "At least one unit must move.", "R-9.1")
    moving = sum(units.values())
    staying = army_size(reg) - moving
    leaders = cmd.get("leaders", reg["leaders"] if staying == 0 else 0)
    if type(leaders) is not int or not 0 <= leaders <= reg["leaders"]:
        fail("move/leaders", f"There are {reg['leaders']} leaders here, not {leaders!r}.", "R-9.2")
    if staying == 0 and leaders < reg["leaders"]:
        fail("move/leader_alone", "A leader cannot stay behind without units.", "R-2.2")
    present = chars_in(s, frm, side, spec)
    chars = cmd.get("characters", present if staying == 0 else [])
    if not isinstance(chars, list) or not all(c in present for c in chars) or len(set(chars)) != len(chars):
        fail("move/characters", "Only characters with this army can move with it.", "R-9.2")
    damage = cmd.get("damage")
    if damage is None:
        damage = max(0, reg["damage"] - staying)
    if type(damage) is not int or damage < 0 or damage > reg["damage"]:
        fail("move/damage", f"The army has {reg['damage']} damage markers, not {damage!r} to move.", "R-9.2")
    if damage > moving or reg["damage"] - damage > staying:
        fail("move/damage_split", "Damage must be split so that no part has more markers than units.", "R-9.2")
    return units, leaders, sorted(chars), damage


def check_path(ctx: Ctx, side: str, frm: str, path: Any, max_len: int) -> list[str]:
    s, spec = ctx.s, ctx.spec
    if isinstance(path, str):
        path = [path]
    if not isinstance(path, list) or not path or not all(isinstance(p, str) for p in path):
        fail("move/malformed", "'to' must name a region (or 'path' list the regions in order).")
    if len(path) > max_len:
        fail("move/too_far", f"This move goes at most {max_len} region{'s' if max_len > 1 else ''}.", "R-9.4")
    cur = frm
    for i, r in enumerate(path):
        if r not in spec.board.regions:
            fail("region/unknown", f"There is no region called {r!r}.")
        if r not in spec.board.neighbours(cur):
            a, b = spec.board.regions[cur].name, spec.board.regions[r].name
            fail("move/not_adjacent", f"{b} is not adjacent to {a}.", "R-1.4")
        if not is_free(s, r, side):
            fail("move/not_free", f"{spec.board.regions[r].name} holds an enemy army.", "R-1.3")
        if i < len(path) - 1 and enemy_adjacent(ctx, r, side):
            fail(
                "move/must_stop",
                f"The army must stop in {spec.board.regions[r].name}: it is next to an enemy army.",
                "R-9.4",
            )
        cur = r
    return path


def move_army(ctx: Ctx, side: str, cmd: dict, mode: str) -> str:
    s, spec = ctx.s, ctx.spec
    frm = cmd.get("from")
    if frm not in s["regions"] or not has_army(s["regions"][frm], side):
        fail("move/no_army", f"You have no army in {frm!r}.", "R-9.1")
    max_len, need_lead, need_orcs = MOVE_MODES[mode]
    path = check_path(ctx, side, frm, cmd.get("path", cmd.get("to")), max_len)
    units, leaders, chars, damage = parse_group(ctx, side, frm, cmd)
    tokens = moving_tokens(ctx, frm, cmd, units)
    if need_orcs and not any("orc" in spec.units[u].tags for u in units):
        fail("move/no_orcs", "This move needs an army with Orcs.", "R-8.6")
    if need_lead and leaders == 0 and tokens == 0 and not any(spec.characters[c].rating >= 1 for c in chars):
        fail(
            "move/no_leader",
            "With a Character die a leader (or a Shadow leadership token) or a character with leadership must move with the army.",
            "R-9.2",
        )
    do_move(ctx, side, frm, path, units, leaders, chars, damage, tokens)
    return path[-1]


def moving_tokens(ctx: Ctx, frm: str, cmd: dict, units: dict) -> int:
    """R-6.5: a placed Shadow leadership token is a leader of its army until the end of the turn:
    it goes with the army when all of it moves; when the army splits, `tokens` says how many go
    with the moving part (none unless given), like leaders (R-9.2)."""
    reg = ctx.s["regions"][frm]
    staying = army_size(reg) - sum(units.values())
    t = cmd.get("tokens", reg["tokens"] if staying == 0 else 0)
    if type(t) is not int or not 0 <= t <= reg["tokens"]:
        fail("move/tokens", f"There are {reg['tokens']} Shadow leadership tokens here, not {t!r}.", "R-6.5")
    if staying == 0 and t < reg["tokens"]:
        fail("move/token_alone", "A leadership token cannot stay behind without units.", "R-6.5")
    return t


def do_move(
    ctx: Ctx,
    side: str,
    frm: str,
    path: list[str],
    units: dict,
    leaders: int,
    chars: list[str],
    damage: int,
    tokens: int = 0,
) -> None:
    extra = {"tokens": tokens} if tokens else {}
    ctx.emit(
        "ArmyMoved",
        side=side,
        **{"from": frm},
        path=path,
        units=units,
        leaders=leaders,
        characters=chars,
        damage=damage,
        **extra,
    )
    arrived(ctx, side, path[-1])


def arrived(ctx: Ctx, side: str, region: str) -> None:
    """What happens when an army ends a move: liberation (R-14.2), enemy recruitment tokens
    destroyed (R-12.4), excess units (R-9.5)."""
    s, spec = ctx.s, ctx.spec
    rs = spec.board.regions[region]
    reg = s["regions"][region]
    if rs.settlement and rs.owner == side and reg["control"] and reg["control"] != side:
        ctx.emit("ControlChanged", region=region, side=None, why="liberated")
    toks = reg["rtokens"][other(side)]
    if toks:
        ctx.emit("RecruitmentTokensDestroyed", region=region, side=other(side), units=list(toks))
    check_excess(ctx, side, region)


def check_excess(ctx: Ctx, side: str, region: str) -> None:
    reg = ctx.s["regions"][region]
    limit = MAX_ARMY if not ctx.spec.board.regions[region].recruitment_area else 10**6
    if reg["side"] == side and army_size(reg) > limit:
        ctx.push("remove_excess", side, region=region, n=army_size(reg) - limit)


@command("move_army")
def cmd_move_army(ctx: Ctx, cmd: dict) -> None:
    p = ctx.top
    side = cmd["side"]
    if cmd.get("from") in p["moved"]:
        fail("move/same_army", "Each move of this action must be made by a different army.", "R-8.6")
    ctx.pop()
    depth = len(ctx.s["pending"])
    dest = move_army(ctx, side, cmd, p["mode"])
    if p["left"] > 1:
        ctx.push_below(
            depth, "move", side, mode=p["mode"], left=p["left"] - 1, moved=p["moved"] + [dest], optional=p["optional"]
        )


ANSWERS["move"] = ("move_army", "done")


@command("remove_unit")
def cmd_remove_unit(ctx: Ctx, cmd: dict) -> None:
    p = ctx.top
    region = p["region"]
    unit = cmd.get("unit")
    reg = ctx.s["regions"][region]
    if reg["units"].get(unit, 0) < 1:
        fail("remove/not_there", f"There is no {unit!r} in this army.", "R-9.5")
    ctx.emit("UnitsRemoved", region=region, side=p["side"], units={unit: 1}, why="over the limit of 5")
    if p["n"] <= 1:
        ctx.pop()
        check_casualties(ctx, region)  # markers may now exceed the units left
    else:
        ctx.update(n=p["n"] - 1)


ANSWERS["remove_excess"] = ("remove_unit",)


# -- attacks: the hand-over to the battle system --------------------------


def attack_sources(ctx: Ctx, side: str, mode: str, stay: bool = False) -> list[str]:
    s, spec = ctx.s, ctx.spec
    out = []
    for r in armies(s, side):
        if mode == "mordor" and not has_orcs(ctx, r):
            continue
        if mode == "character" and leadership(s, spec, r) < 1:
            continue
        ends = [r]
        if not stay and mode != "combined" and (mode != "character" or mobile_leadership(ctx, r)):
            ends += [n for n in spec.board.neighbours(r) if is_free(s, n, side)]
        if any(enemy_adjacent(ctx, e, side) for e in ends):
            out.append(r)
    return out


def mobile_leadership(ctx: Ctx, region: str) -> bool:
    """R-9.2: leadership that can move with an army (a leader, a Shadow leadership token, which
    is a leader of its army until the end of the turn, R-6.5, or a character rated 1+)."""
    side = ctx.s["regions"][region]["side"]
    reg = ctx.s["regions"][region]
    return (
        reg["leaders"] > 0
        or reg["tokens"] > 0
        or any(ctx.spec.characters[c].rating >= 1 for c in chars_in(ctx.s, region, side, ctx.spec))
    )


@command("attack")
def cmd_attack(ctx: Ctx, cmd: dict) -> None:
    s, spec = ctx.s, ctx.spec
    side = cmd["side"]
    p = ctx.top
    mode = p["mode"]
    target = cmd.get("target")
    if target not in s["regions"] or not has_army(s["regions"][target], other(side)):
        fail("attack/no_target", "The attack must target a region holding an enemy army.", "R-10.1")
    if mode == "combined":
        srcs = cmd.get("armies")
        if not isinstance(srcs, list) or len(srcs) < 1 or len(set(srcs)) != len(srcs):
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
        from .battle import start_battle

        start_battle(ctx, side, list(srcs), target, mode, bonus=p.get("bonus"), source=p.get("source"))
        return
    frm = cmd.get("from")
    if frm not in s["regions"] or not has_army(s["regions"][frm], side):
        fail("attack/no_army", f"You have no army in {frm!r}.", "R-10.1")
    if mode == "mordor" and not has_orcs(ctx, frm):
        fail("attack/no_orcs", "A Mordor attack needs an army with Orcs.", "R-8.6")
    if mode == "character" and leadership(s, spec, frm) < 1:
        fail("attack/no_leader", "An attack with a Character die needs an army with leadership 1 or more.", "R-9.3")
    to = cmd.get("to", frm)
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
    from .battle import start_battle

    start_battle(ctx, side, [at], target, mode, bonus=p.get("bonus"), source=p.get("source"))


ANSWERS["attack"] = ("attack",)


# ---------------------------------------------------------------------------------------------
# Characters


def movable_character_regions(ctx: Ctx, side: str, moved: list[str]) -> list[str]:
    s, spec = ctx.s, ctx.spec
    out = set()
    for c, cs in s["chars"].items():
        if (
            cs["status"] == "in_play"
            and spec.characters[c].side == side
            and c not in moved
            and spec.characters[c].level > 0
            and spec.board.neighbours(cs["region"])
        ):
            out.add(cs["region"])
    return sorted(out)


@command("move_characters")
def cmd_move_characters(ctx: Ctx, cmd: dict) -> None:
    s, spec = ctx.s, ctx.spec
    side = cmd["side"]
    p = ctx.top
    chars = cmd.get("characters")
    if not isinstance(chars, list) or not chars or len(set(chars)) != len(chars):
        fail("characters/malformed", "'characters' must list the characters that move.", "R-9.7")
    regions = set()
    for c in chars:
        if c not in spec.characters or spec.characters[c].side != side or s["chars"][c]["status"] != "in_play":
            fail("characters/unknown", f"{c!r} is not one of your characters in play.", "R-9.7")
        if c in p["moved"]:
            fail("characters/moved", f"{spec.characters[c].name} has already moved.", "R-9.7")
        regions.add(s["chars"][c]["region"])
    if len(regions) != 1:
        fail("characters/not_group", "Characters move as a group only from the same region.", "R-9.7")
    level = max(spec.characters[c].level for c in chars)
    path = cmd.get("path", cmd.get("to"))
    if isinstance(path, str):
        path = [path]
    if not isinstance(path, list) or not path:
        fail("characters/malformed", "'path' must list the regions in order.", "R-9.7")
    if len(path) > level:
        fail("characters/too_far", f"These characters move at most {level} regions.", "R-9.7")
    cur = regions.pop()
    frm = cur
    for r in path:
        if r not in spec.board.neighbours(cur):
            fail("move/not_adjacent", f"{r!r} is not adjacent to {cur!r}.", "R-1.4")
        cur = r
    ctx.emit("CharactersMoved", side=side, chars=sorted(chars), **{"from": frm}, path=path)
    moved = p["moved"] + sorted(chars)
    ctx.pop()
    groups = p["groups"]
    if groups is not None:
        groups -= 1
    if (groups is None or groups > 0) and movable_character_regions(ctx, side, moved):
        ctx.push("move_characters", side, moved=moved, groups=groups)


ANSWERS["move_characters"] = ("move_characters", "done")


# ---------------------------------------------------------------------------------------------
# Recruitment


def recruit_regions(ctx: Ctx, side: str, mode: str, used: list[str]) -> list[str]:
    s, spec = ctx.s, ctx.spec
    out = []
    for r, reg in s["regions"].items():
        if r in used or not reg["rtokens"][side]:
            continue
        rs = spec.board.regions[r]
        if side == "sh" and mode == "muster" and not rs.settlement:
            continue
        if has_army(reg, other(side)) or (rs.settlement and controller(s, spec, r) not in (side, None)):
            continue
        out.append(r)
    return out


@command("recruit")
def cmd_recruit(ctx: Ctx, cmd: dict) -> None:
    side = cmd["side"]
    p = ctx.top
    region = cmd.get("region")
    if region not in recruit_regions(ctx, side, p["mode"], p["used"]):
        fail("recruit/bad_region", f"You cannot use a recruitment token in {region!r} now.", "R-12.5")
    ctx.pop()
    if p["left"] > 1:
        ctx.push("recruit", side, left=p["left"] - 1, used=p["used"] + [region], mode=p["mode"])
    use_recruitment_token(ctx, side, region)


def use_recruitment_token(ctx: Ctx, side: str, region: str) -> None:
    """R-12.3: reveal, place a unit of its type (or any type if none is left), discard."""
    reg = ctx.s["regions"][region]
    unit = reg["rtokens"][side][0]  # the first placed: its type was drawn at random
    if unit == "?":  # companion mode: the players turn the token over and say what it is
        revealed = ctx.chance.pick(sorted(set(ctx.s["sides"][side]["rpool"])), "recruitment token")
        ctx.emit("RecruitmentTokenUsed", side=side, region=region, unit=unit, revealed=revealed)
        unit = revealed
    else:
        ctx.emit("RecruitmentTokenUsed", side=side, region=region, unit=unit)
    place_unit(ctx, side, region, unit, "recruited")


def place_unit(ctx: Ctx, side: str, region: str, unit: str, why: str) -> None:
    spec = ctx.spec
    if figures_available(ctx.s, spec, side, unit) > 0:
        ctx.emit("UnitsPlaced", region=region, side=side, units={unit: 1}, why=why)
        check_excess(ctx, side, region)
        return
    choices = [
        u for u, us in sorted(spec.units.items()) if us.side == side and figures_available(ctx.s, spec, side, u) > 0
    ]
    if choices:
        ctx.push("choose_unit", side, region=region, options=choices, why=why)


@command("choose_unit")
def cmd_choose_unit(ctx: Ctx, cmd: dict) -> None:
    p = ctx.top
    if cmd.get("unit") not in p["options"]:
        fail("recruit/bad_unit", f"Choose one of: {', '.join(p['options'])}.", "R-12.3")
    ctx.pop()
    ctx.emit("UnitsPlaced", region=p["region"], side=p["side"], units={cmd["unit"]: 1}, why=p["why"])
    check_excess(ctx, p["side"], p["region"])


ANSWERS["recruit"] = ("recruit", "done")
ANSWERS["choose_unit"] = ("choose_unit",)


def mordor_regions(ctx: Ctx, used: list[str]) -> list[str]:
    s, spec = ctx.s, ctx.spec
    orc = [u for u, us in spec.units.items() if us.side == "sh" and "orc" in us.tags]
    if not orc or all(figures_available(s, spec, "sh", u) <= 0 for u in orc):
        return []
    return [
        r
        for r, rs in spec.board.regions.items()
        if rs.orc_area
        and r not in used
        and is_free(s, r, "sh")
        and not (rs.settlement and controller(s, spec, r) == "fp")
    ]


@command("place_orc")
def cmd_place_orc(ctx: Ctx, cmd: dict) -> None:
    p = ctx.top
    region = cmd.get("region")
    if region not in mordor_regions(ctx, p["used"]):
        fail("recruit/bad_region", f"An Orc cannot be placed in {region!r}.", "R-12.5")
    ctx.pop()
    if p["left"] > 1 and mordor_regions(ctx, p["used"] + [region]):
        ctx.push("mordor_recruit", "sh", left=p["left"] - 1, used=p["used"] + [region])
    orc = [
        u
        for u, us in sorted(ctx.spec.units.items())
        if us.side == "sh" and "orc" in us.tags and figures_available(ctx.s, ctx.spec, "sh", u) > 0
    ][0]
    ctx.emit("UnitsPlaced", region=region, side="sh", units={orc: 1}, why="Mordor recruitment")
    arrived(ctx, "sh", region)


ANSWERS["mordor_recruit"] = ("place_orc", "done")


# ---------------------------------------------------------------------------------------------
# Rally


def rally_regions(ctx: Ctx, side: str, used: list[str]) -> list[str]:
    return [r for r in armies(ctx.s, side) if r not in used and ctx.s["regions"][r]["damage"] > 0]


@command("rally")
def cmd_rally(ctx: Ctx, cmd: dict) -> None:
    side = cmd["side"]
    p = ctx.top
    region = cmd.get("region")
    if region not in rally_regions(ctx, side, p["used"]):
        fail("rally/bad_army", f"You have no damaged army to rally in {region!r}.", "R-13.1")
    ctx.pop()
    if p["left"] > 1 and rally_regions(ctx, side, p["used"] + [region]):
        ctx.push("rally", side, left=p["left"] - 1, used=p["used"] + [region], bonus=p["bonus"])
    rally_army(ctx, side, region, p["bonus"])


def rally_army(ctx: Ctx, side: str, region: str, bonus: int) -> None:
    """R-13.1: a die per unit, 5+ removes a marker; re-roll failed dice up to the leadership.
    Re-rolling a failure can only help, so every allowed re-roll is made."""
    s, spec = ctx.s, ctx.spec
    reg = s["regions"][region]
    n = army_size(reg)
    first = ctx.chance.dice(n, "rally")
    mod = [min(6, max(1, d + bonus)) for d in first]
    hits = sum(1 for d in mod if d >= 5)
    fails = n - hits
    lead = leadership(s, spec, region)
    need = reg["damage"] - hits
    rer = min(fails, lead) if need > 0 else 0
    second = ctx.chance.dice(rer, "rally re-roll")
    hits2 = sum(1 for d in second if min(6, max(1, d + bonus)) >= 5)
    removed = min(reg["damage"], hits + hits2)
    ctx.emit("RallyRolled", side=side, region=region, dice=first, rerolls=second, bonus=bonus, removed=removed)
    if removed:
        ctx.emit("DamageChanged", region=region, n=-removed, why="rally")


ANSWERS["rally"] = ("rally", "done")


# ---------------------------------------------------------------------------------------------
# Effects and conditions (botwotr.core.effects)


def _self_or_opp(side: str, who: str | None) -> str:
    return other(side) if who == "opponent" else side


def condition_holds(ctx: Ctx, side: str, cond: dict) -> bool:
    s, spec = ctx.s, ctx.spec
    k = cond["if"]
    if k == "fate_at_least":
        return s["fate"] >= cond["n"]
    if k == "fate_at_most":
        return s["fate"] <= cond["n"]
    if k == "turn_at_least":
        return s["turn"] >= cond["n"]
    if k == "controls":
        r = cond["region"]
        return r in s["regions"] and controller(s, spec, r) == side
    if k == "character_in_play":
        return s["chars"].get(cond["char"], {}).get("status") == "in_play"
    if k == "character_ready":
        return s["chars"].get(cond["char"], {}).get("status") == "ready"
    if k == "army_in":
        return cond["region"] in s["regions"] and has_army(s["regions"][cond["region"]], side)
    if k == "has_damaged_army":
        return bool(rally_regions(ctx, side, []))
    if k == "in_battle":
        return s["battle"] is not None
    if k == "flag":
        return s["flags"].get(cond["flag"], 0) == cond.get("value", 1)
    return False


def describe_condition(spec: ScenarioSpec, cond: dict) -> str:
    k = cond["if"]
    return {
        "fate_at_least": lambda: f"the fate marker must be on {cond.get('n')} or more",
        "fate_at_most": lambda: f"the fate marker must be on {cond.get('n')} or less",
        "turn_at_least": lambda: f"it must be turn {cond.get('n')} or later",
        "controls": lambda: (
            f"you must control {spec.board.regions.get(cond.get('region')).name if cond.get('region') in spec.board.regions else cond.get('region')}"
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
    }.get(k, lambda: k)()


def run_effects(ctx: Ctx, side: str, effects: list, source: str) -> None:
    """Run effects in order; an effect that needs a choice pushes its decision and the rest waits
    in a `continue` frame beneath it (R-5.9: each applies as far as it can)."""
    for i, eff in enumerate(effects):
        depth = len(ctx.s["pending"])
        EFFECTS[eff["do"]](ctx, side, eff, source)
        if len(ctx.s["pending"]) > depth and i + 1 < len(effects):
            ctx.push_below(depth, "continue", side, effects=list(effects[i + 1 :]), source=source)
            return
        if ctx.s["winner"]:
            return


def _auto_continue(ctx: Ctx, p: dict) -> None:
    run_effects(ctx, p["side"], p["effects"], p["source"])


AUTO["continue"] = _auto_continue


def eff_draw(ctx, side, eff, src):
    who = _self_or_opp(side, eff.get("who"))
    draw_cards(ctx, who, eff["deck"], eff.get("n", 1))


def eff_discard_random(ctx, side, eff, src):
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


def eff_fate(ctx, side, eff, src):
    move_fate(ctx, eff["steps"])


def eff_add_fate_tiles(ctx, side, eff, src):
    for _ in range(eff.get("n", 1)):
        cands = sorted(t for t in ctx.s["fate_extra"] if ctx.spec.fate_tiles[t].color == eff["color"])
        if not cands:
            return
        t = ctx.chance.pick(cands, "extra fate tile")
        ctx.emit("FateTileAdded", tile=t)


def eff_ready(ctx, side, eff, src):
    c = eff["char"]
    if ctx.s["chars"][c]["status"] == "pool":
        ctx.emit("CharacterStatus", char=c, status="ready", why=src)


def eff_enter(ctx, side, eff, src):
    c = eff["char"]
    if ctx.s["chars"][c]["status"] in ("pool", "ready"):
        regs = list(ctx.spec.characters[c].entry_regions)
        if len(regs) == 1:
            enter_character(ctx, c, regs[0])
        elif regs:
            ctx.push("choose_region", ctx.spec.characters[c].side, options=regs, purpose="enter", char=c, n=1)


def eff_dice_bonus(ctx, side, eff, src):
    ctx.emit("DiceBonusChanged", side=_self_or_opp(side, eff.get("who")), n=eff["n"], why=src)


def eff_leadership_tokens(ctx, side, eff, src):
    if side != "sh":
        return
    ctx.emit("LeadershipTokensGained", n=eff["n"], why=src)
    ask_leadership_tokens(ctx, mandatory=True, n=eff["n"])


def eff_action_tokens(ctx, side, eff, src):
    card = ctx.spec.cards.get(src[5:]) if src.startswith("card:") else None
    if card is not None and card.stays:
        return  # counted at the start of every turn while the card is on the table
    ctx.emit("ActionTokensGained", n=eff["n"], why=src)


def _gain_tokens(s, e):
    s["sides"]["fp"]["action_tokens"] += e["n"]


ev.register("ActionTokensGained", _gain_tokens)


def _fate_refilled(s, e):
    s["fate_pool"].extend(e["tiles"])
    for tile in e["tiles"]:
        s["fate_used"].remove(tile)


ev.register("FatePoolRefilled", _fate_refilled)


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


def _choose(ctx, side, purpose, options, n, **extra):
    if not options:
        return
    ctx.push("choose_region", side, options=options, purpose=purpose, n=n, **extra)


def recruit_options(ctx, side, eff) -> list[str]:
    s, spec = ctx.s, ctx.spec
    # R-12.6 (R-5.9: a card does not replace it): never in a region the opponent holds or controls.
    return [
        r
        for r in where_regions(ctx, side, eff.get("where", "own_settlement"))
        if is_free(s, r, side) and not (spec.board.regions[r].settlement and controller(s, spec, r) not in (side, None))
    ]


def recruit_figures(ctx, side, unit) -> int:
    """Figures an effect may place: of the named type only (R-5.9: what is available of it), or
    of any type of the side for "any"."""
    spec = ctx.spec
    if unit == "any":
        return sum(figures_available(ctx.s, spec, side, u) for u, us in spec.units.items() if us.side == side)
    return figures_available(ctx.s, spec, side, unit) if unit in spec.units else 0


def eff_recruit(ctx, side, eff, src):
    unit = eff["unit"]
    n = min(eff.get("n", 1), recruit_figures(ctx, side, unit))
    if n > 0:
        _choose(ctx, side, "recruit", recruit_options(ctx, side, eff), n, unit=unit)


def eff_place_tokens(ctx, side, eff, src):
    opts = where_regions(ctx, side, eff.get("where", "own_settlement"))
    if tokens_left(ctx.s, side) > 0:
        _choose(ctx, side, "token", opts, eff.get("n", 1))


def eff_destroy_tokens(ctx, side, eff, src):
    opts = [r for r in where_regions(ctx, side, eff.get("where", "any")) if ctx.s["regions"][r]["rtokens"][other(side)]]
    _choose(ctx, side, "destroy_tokens", opts, 1)


def eff_rally(ctx, side, eff, src):
    if rally_regions(ctx, side, []):
        ctx.push("rally", side, left=eff.get("armies", 1), used=[], bonus=eff.get("bonus", 0))


def eff_move(ctx, side, eff, src):
    mode = "card2" if eff.get("distance", 1) >= 2 else "card"
    if any(True for _ in movable_armies(ctx, side, mode, [])):
        ctx.push("move", side, mode=mode, left=eff.get("armies", 1), moved=[], optional=True)


def _attack_mode(eff) -> str:
    return "character" if eff.get("leadership") else "army"


def eff_attack(ctx, side, eff, src):
    """An attack a card or ability starts; its `bonus` modifiers belong to that battle only (they
    are added when it starts: "round" for its first round, "battle" for all of it)."""
    mode = _attack_mode(eff)
    stay = eff.get("move") is False  # "attacks an adjacent enemy army": no move first
    if attack_sources(ctx, side, mode, stay=stay):
        extra = {"stay": True} if stay else {}
        if eff.get("bonus"):
            extra.update(bonus=[dict(m) for m in eff["bonus"]], source=src)
        ctx.push("attack", side, mode=mode, **extra)


def eff_damage(ctx, side, eff, src):
    opts = where_regions(ctx, side, eff.get("where", "enemy_army_adjacent"))
    _choose(ctx, side, "damage", opts, 1, amount=eff["n"])


def eff_heal(ctx, side, eff, src):
    opts = [
        r
        for r in where_regions(ctx, side, eff.get("where", "own_army"))
        if ctx.s["regions"][r]["damage"] > 0 and ctx.s["regions"][r]["side"] == side
    ]
    _choose(ctx, side, "heal", opts, 1, amount=eff["n"])


def eff_modifier(ctx, side, eff, src):
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


def eff_flag(ctx, side, eff, src):
    ctx.emit("FlagSet", flag=eff["flag"], value=eff.get("value", 1))


def eff_hook(ctx, side, eff, src):
    ctx.rules.hook(ctx, eff["name"], side, eff)


def eff_convert_die(ctx, side, eff, src):
    opts = convertible_dice(ctx.s, side, eff["to"])
    if opts:
        ctx.push("choose_die", side, options=opts, to=eff["to"])


@command("choose_die")
def cmd_choose_die(ctx: Ctx, cmd: dict) -> None:
    p = ctx.top
    die = cmd.get("die")
    if die not in p["options"]:
        fail("choice/bad_die", f"Choose one of the dice: {p['options']}.", "R-8.3")
    ctx.pop()
    ctx.emit("DieChanged", side=p["side"], index=die, result=p["to"])


ANSWERS["choose_die"] = ("choose_die",)


EFFECTS = {
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


@command("choose_region")
def cmd_choose_region(ctx: Ctx, cmd: dict) -> None:
    s, spec = ctx.s, ctx.spec
    p = ctx.top
    side = p["side"]
    region = cmd.get("region")
    if region not in p["options"]:
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
    if purpose == "token" and tokens_left(s, side) <= 0:
        n = 0  # no token left, no more can be placed
    if n > 0 and opts and not s["winner"]:
        extra = {k: v for k, v in p.items() if k not in ("kind", "side", "options", "n")}
        ctx.push_below(depth, "choose_region", side, options=opts, n=n, **extra)


ANSWERS["choose_region"] = ("choose_region", "done")


def place_unit_any(ctx, side, region, unit):
    spec = ctx.spec
    choices = [
        u for u, us in sorted(spec.units.items()) if us.side == side and figures_available(ctx.s, spec, side, u) > 0
    ]
    if choices:
        ctx.push("choose_unit", side, region=region, options=choices, why="card")


def check_casualties(ctx: Ctx, region: str) -> None:
    """R-11.3 outside battle: while markers exceed units the owner removes units."""
    reg = ctx.s["regions"][region]
    if reg["side"] and reg["damage"] > army_size(reg):
        ctx.push("casualties", reg["side"], region=region, mandatory=True)


# ---------------------------------------------------------------------------------------------
# Adjustments for the companion mode: the players correct the position by hand.


def _adj_region(ctx, cmd, key="region"):
    r = cmd.get(key)
    if not isinstance(r, str) or r not in ctx.s["regions"]:
        fail("adjust/region", f"There is no region called {r!r}.")
    return r


def _adjust(ctx: Ctx, cmd: dict, what: str) -> None:
    if ctx.s["battle"] is not None:
        fail("adjust/in_battle", "Finish or cancel the battle before adjusting the board.")
    ctx.emit("Adjustment", what=what, command={k: v for k, v in cmd.items() if k not in ("cmd", "side")})


@command("adjust_units")
def cmd_adjust_units(ctx: Ctx, cmd: dict) -> None:
    """Place (positive) or remove (negative) units of one side in a region."""
    s, spec = ctx.s, ctx.spec
    r = _adj_region(ctx, cmd)
    side = cmd.get("owner")
    unit = cmd.get("unit")
    n = cmd.get("n")
    if side not in SIDES or unit not in spec.units or spec.units[unit].side != side or type(n) is not int or n == 0:
        fail("adjust/units", "Give 'owner' (fp/sh), a unit type of that side and a non-zero whole 'n'.")
    reg = s["regions"][r]
    if n > 0:
        if reg["side"] not in (None, side) and army_size(reg):
            fail("adjust/enemy_here", "An army of the other side is there; remove it first.", "R-1.3")
        if figures_available(s, spec, side, unit) < n:
            fail(
                "adjust/no_figures", f"Only {figures_available(s, spec, side, unit)} {unit} figures are left.", "R-2.8"
            )
        _adjust(ctx, cmd, "units")
        ctx.emit("UnitsPlaced", region=r, side=side, units={unit: n}, why="adjustment")
    else:
        if reg["side"] != side or reg["units"].get(unit, 0) < -n:
            fail("adjust/not_there", f"There are not {-n} {unit} there.")
        _adjust(ctx, cmd, "units")
        ctx.emit("UnitsRemoved", region=r, side=side, units={unit: -n}, why="adjustment")
        if army_size(reg) == 0 and reg["leaders"]:
            ctx.emit("LeadersRemoved", region=r, n=reg["leaders"], why="no units (R-2.2)")


@command("adjust_move")
def cmd_adjust_move(ctx: Ctx, cmd: dict) -> None:
    s = ctx.s
    frm = _adj_region(ctx, cmd, "from")
    to = _adj_region(ctx, cmd, "to")
    reg = s["regions"][frm]
    side = reg["side"]
    if not side:
        fail("adjust/no_army", "There is no army there to move.")
    if has_army(s["regions"][to], other(side)):
        fail("adjust/enemy_here", "An army of the other side is there.", "R-1.3")
    units, leaders, chars, damage = parse_group(ctx, side, frm, cmd)
    _adjust(ctx, cmd, "move")
    ctx.emit(
        "ArmyMoved",
        side=side,
        **{"from": frm},
        path=[to],
        units=units,
        leaders=leaders,
        characters=chars,
        damage=damage,
        why="adjustment",
    )


@command("adjust_damage")
def cmd_adjust_damage(ctx: Ctx, cmd: dict) -> None:
    r = _adj_region(ctx, cmd)
    n = cmd.get("n")
    reg = ctx.s["regions"][r]
    if type(n) is not int or not reg["side"] or not 0 <= reg["damage"] + n <= army_size(reg):
        fail("adjust/damage", "Damage must stay between 0 and the number of units.", "R-11.3")
    _adjust(ctx, cmd, "damage")
    ctx.emit("DamageChanged", region=r, n=n, why="adjustment")


@command("adjust_leaders")
def cmd_adjust_leaders(ctx: Ctx, cmd: dict) -> None:
    r = _adj_region(ctx, cmd)
    n = cmd.get("n")
    reg = ctx.s["regions"][r]
    if type(n) is not int or n == 0 or not has_army(reg, "fp") or reg["leaders"] + n < 0:
        fail("adjust/leaders", "Leaders stand only with a Free Peoples army, and never fewer than 0.", "R-2.2")
    supply = ctx.spec.leaders.get("fp", 0)
    left = supply - sum(rg["leaders"] for rg in ctx.s["regions"].values())
    if n > left:
        fail(
            "adjust/no_figures",
            f"Only {left} of the {supply} leader figures {'is' if left == 1 else 'are'} left to place.",
            "R-2.2",
        )
    _adjust(ctx, cmd, "leaders")
    if n > 0:
        ctx.emit("LeadersPlaced", region=r, n=n, why="adjustment")
    else:
        ctx.emit("LeadersRemoved", region=r, n=-n, why="adjustment")


@command("adjust_character")
def cmd_adjust_character(ctx: Ctx, cmd: dict) -> None:
    c = cmd.get("char")
    status = cmd.get("status")
    if c not in ctx.spec.characters or status not in ("pool", "ready", "in_play", "eliminated"):
        fail("adjust/character", "Give a character and a status (pool, ready, in_play, eliminated).")
    data = {}
    if status == "in_play":
        data["region"] = _adj_region(ctx, cmd)
    _adjust(ctx, cmd, "character")
    ctx.emit("CharacterStatus", char=c, status=status, why="adjustment", **data)


@command("adjust_control")
def cmd_adjust_control(ctx: Ctx, cmd: dict) -> None:
    r = _adj_region(ctx, cmd)
    side = cmd.get("owner")
    if side not in (None, "fp", "sh") or not ctx.spec.board.regions[r].settlement:
        fail("adjust/control", "Control markers go on settlements; 'owner' is fp, sh or null.", "R-14.1")
    _adjust(ctx, cmd, "control")
    ctx.emit("ControlChanged", region=r, side=side, why="adjustment")


@command("adjust_fate")
def cmd_adjust_fate(ctx: Ctx, cmd: dict) -> None:
    to = cmd.get("to")
    if type(to) is not int or not 0 <= to < ctx.spec.endgame:
        fail("adjust/fate", f"The fate marker goes on a space from 0 to {ctx.spec.endgame - 1}.", "R-7.1")
    _adjust(ctx, cmd, "fate")
    ctx.emit("FateMarkerMoved", **{"from": ctx.s["fate"]}, to=to, why="adjustment")


@command("adjust_dice")
def cmd_adjust_dice(ctx: Ctx, cmd: dict) -> None:
    side = cmd.get("owner")
    n = cmd.get("n")
    if side not in SIDES or type(n) is not int or n == 0:
        fail("adjust/dice", "Give 'owner' (fp/sh) and a non-zero whole 'n'.", "R-8.2")
    base = ctx.spec.dice[side]
    bonus = ctx.s["sides"][side]["dice_bonus"] + n
    if (n > 0 and base + bonus > 2 * base) or (n < 0 and base + bonus < 1):
        fail(
            "adjust/dice",
            f"{'The Free Peoples start' if side == 'fp' else 'The Shadow starts'} with {base} dice; "
            f"an adjustment keeps them between 1 and {2 * base} (now {base + bonus - n}).",
            "R-8.2",
        )
    _adjust(ctx, cmd, "dice")
    ctx.emit("DiceBonusChanged", side=side, n=n, why="adjustment")


@command("adjust_card")
def cmd_adjust_card(ctx: Ctx, cmd: dict) -> None:
    """Move a card between a deck, a hand and the discards."""
    spec = ctx.spec
    card = cmd.get("card")
    to = cmd.get("to")
    if card not in spec.cards or to not in ("deck", "hand_fp", "hand_sh", "discard"):
        fail("adjust/card", "Give a card and 'to': deck, hand_fp, hand_sh or discard.", "R-5.1")
    _adjust(ctx, cmd, "card")
    ctx.emit("CardMovedByPlayers", card=card, to=to, deck=spec.cards[card].deck)


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


ev.register("CardMovedByPlayers", _card_moved)


# ---------------------------------------------------------------------------------------------

from .battle import register_battle_commands  # noqa: E402  (the battle seam)

register_battle_commands(command, ANSWERS)
