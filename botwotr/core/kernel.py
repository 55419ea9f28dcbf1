"""What every rule module shares: the working context of one `decide` call (`Ctx`), the refusal
(`fail`), and the dispatch tables the rule modules fill when they are imported: `COMMANDS` (command
name -> handler), `ANSWERS` (pending kind -> the commands that answer it), `AUTO` (pending kinds the
engine resolves by itself) and `EFFECTS` (effect `do` -> handler, filled by `card_effects`).

`run_effects` lives here, not with the effects, so that the rule areas that start effects (fate,
the Shadow Box, cards, battles) need not import the module that carries them out: this module
imports no rule module, and no rule module imports one above it (tests/core/test_import_cycles.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, NoReturn, TypeVar

from . import events as ev
from .chance import Chance
from .errors import RuleError
from .state import clone

if TYPE_CHECKING:
    from .scenario import ScenarioRules
    from .spec import ScenarioSpec


class Ctx:
    """The working state of one `decide` call."""

    __slots__ = ("spec", "rules", "w", "s", "_chance", "_lazy", "events", "memo", "board", "decided")

    def __init__(
        self,
        spec: ScenarioSpec,
        rules: ScenarioRules,
        state: dict[str, Any],
        chance: Chance | None,
        *,
        read_only: bool = False,
        lazy: tuple[Any, int, bool] | None = None,
    ):
        self.spec = spec
        self.rules = rules
        # The working state: a copy-on-write change of `state`, which is never changed itself
        # (botwotr.core.events). `s` is the same dict for the whole call and always current; a
        # container read from it may be replaced by the next event, so read it again after emit.
        # A read-only context (`legal_commands`) emits nothing: it reads `state` itself, uncopied.
        if read_only:
            self.w: ev.Change | None = None
            self.s = state
        else:
            w = self.w = ev.change_of(state)
            s = self.s = w.s
            if s.get("battle") is not None:
                w.top("battle")  # the battle in progress stays this change's own, so current
        self._chance = chance
        # (seed, counter, strict) of a command's chance made only when first asked for (`decide`:
        # most commands draw nothing), or None
        self._lazy: tuple[Any, int, bool] | None = lazy
        self.events: list[dict[str, Any]] = []
        # Answers of queries that only read the state, for a context that never emits (the one
        # `legal_commands` works with); None while a command runs, as every event may change them.
        self.memo: dict[Any, Any] | None = None
        # Answers that depend only on the board (the state's `regions` and `chars` and the spec),
        # shared by every read-only context on a state with the same two containers
        # (`board_memo`); None while a command runs.
        self.board: dict[Any, Any] | None = None
        # A command's context made by `decide` (`command_ctx`): it reads the board memo a list
        # made of the state it started from while it has changed nothing of the board
        # (`decided_board`).
        self.decided = False

    @property
    def chance(self) -> Chance:
        """The command's seeded chance (every roll and draw is recorded in the log); a context that only
        reads the state (`legal_commands`) has none and draws nothing."""
        c = self._chance
        if c is None:
            lazy = self._lazy
            if lazy is None:
                raise RuntimeError("a read-only context (legal_commands) rolls and draws nothing")
            c = self._chance = Chance(lazy[0], lazy[1], None, strict=lazy[2])
        return c

    def emit(self, name: str, **data: Any) -> dict[str, Any]:
        e = {"e": name, **data}
        w = self.w
        if w is None:
            raise RuntimeError("a read-only context (legal_commands) changes nothing")
        _HANDLERS[name](w, e)
        self.events.append(e)
        return e

    def push(self, kind: str, side: str | None, **data: Any) -> None:
        # `emit("PendingPushed", decision=...)`, the event made and applied in one go (pushes
        # and pops are two of a command's five or six events)
        w = self.w
        if w is None:
            raise RuntimeError("a read-only context (legal_commands) changes nothing")
        d = {"kind": kind, "side": side, **data}
        kept = d.copy()  # the state's copy (events never share a container with the state)
        for k, v in data.items():
            if type(v) in _CONTAINERS:
                kept[k] = clone(v)
        w.top("pending").append(kept)
        self.events.append({"e": "PendingPushed", "decision": d})

    def pop(self) -> dict[str, Any]:
        w = self.w
        if w is None:
            raise RuntimeError("a read-only context (legal_commands) changes nothing")
        top: dict[str, Any] = w.top("pending").pop()
        self.events.append({"e": "PendingPopped", "kind": top["kind"]})
        return top

    def update(self, **changes: Any) -> dict[str, Any]:
        d = dict(self.s["pending"][-1])
        d.update(changes)
        self.emit("PendingUpdated", decision=d)
        return d

    @property
    def top(self) -> dict[str, Any] | None:
        return self.s["pending"][-1] if self.s["pending"] else None

    @property
    def asked(self) -> dict[str, Any]:
        """The decision on top of the stack, for rule code that runs only while one is asked (a
        command's handler: `decide` refuses a command when nothing is asked)."""
        pending: list[dict[str, Any]] = self.s["pending"]
        if not pending:
            raise RuntimeError("nothing is being asked")
        return pending[-1]

    def push_below(self, depth: int, kind: str, side: str | None, **data: Any) -> None:
        """Push a decision beneath every decision asked since the stack held `depth` entries,
        so that what a step just asked (an army over 5, a choice) is answered first."""
        asked = [self.pop() for _ in range(len(self.s["pending"]) - depth)]
        self.push(kind, side, **data)
        for a in reversed(asked):
            self.emit("PendingPushed", decision=a)


_new = object.__new__


def command_ctx(spec: ScenarioSpec, rules: ScenarioRules, state: dict[str, Any], lazy: tuple[Any, int, bool]) -> Ctx:
    """`Ctx(spec, rules, state, None, lazy=lazy)`, made without a class call's handling of its
    arguments (`decide`, once a command)."""
    ctx: Ctx = _new(Ctx)
    ctx.spec = spec
    ctx.rules = rules
    w = ctx.w = ev.change_of(state)
    s = ctx.s = w.s
    if s["battle"] is not None:
        w.top("battle")  # as in `Ctx.__init__`
    ctx._chance = None
    ctx._lazy = lazy
    ctx.events = []
    ctx.memo = None
    ctx.board = None
    ctx.decided = True
    return ctx


def read_ctx(spec: ScenarioSpec, rules: ScenarioRules, state: dict[str, Any]) -> Ctx:
    """`Ctx(spec, rules, state, None, read_only=True)` with an empty memo (a list's context),
    made without a class call's handling of its arguments (`legal_commands`, once a list)."""
    ctx: Ctx = _new(Ctx)
    ctx.spec = spec
    ctx.rules = rules
    ctx.w = None
    ctx.s = state
    ctx._chance = None
    ctx._lazy = None
    ctx.events = []
    ctx.memo = {}
    ctx.board = None
    ctx.decided = False
    return ctx


# The board memos: (id of the spec, of a state's `regions`, of its `chars`) -> those three (kept
# alive, so that the ids stay their own) and the memo. A state is never changed once made
# (copy-on-write, botwotr.core.events): a command that moves, recruits, damages or kills anything
# makes new `regions` (or `chars`), so a state with the same two containers has the same board,
# and the answers of the board's queries (the armies by side, which of them can move or attack)
# carry over from one decision's list to the next (tests/core/test_board_memo.py).
_CONTAINERS = frozenset((dict, list))
_HANDLERS = ev.HANDLERS  # event kind -> handler (filled further by `events.register`)

_BOARDS: dict[tuple[int, int, int], tuple[Any, Any, Any, dict[Any, Any]]] = {}
_BOARDS_MAX = 16


def board_memo(spec: ScenarioSpec, s: dict[str, Any]) -> dict[Any, Any]:
    """The memo of the board of `s` (a finished state, only read): see `_BOARDS`."""
    regions, chars = s["regions"], s["chars"]
    key = (id(spec), id(regions), id(chars))
    hit = _BOARDS.get(key)
    if hit is not None and hit[0] is spec and hit[1] is regions and hit[2] is chars:
        return hit[3]
    if len(_BOARDS) >= _BOARDS_MAX:
        del _BOARDS[next(iter(_BOARDS))]  # the oldest
    memo: dict[Any, Any] = {}
    _BOARDS[key] = (spec, regions, chars, memo)
    return memo


def decided_board(ctx: Ctx) -> dict[Any, Any] | None:
    """For a command's context (`decide`): the board memo of the state the command started from,
    if a list on that board made one (a command chosen from `legal_commands`), while no event of
    the command has written into the board (its `regions` and `chars` are still that finished
    state's, never changed: the first write makes them the change's own); else None. Its answers
    are those the list read (tests/core/test_board_memo.py)."""
    w = ctx.w
    s = ctx.s
    if w is None or id(s["regions"]) in w._own or id(s["chars"]) in w._own:
        return None
    regions, chars, spec = s["regions"], s["chars"], ctx.spec
    hit = _BOARDS.get((id(spec), id(regions), id(chars)))
    if hit is not None and hit[0] is spec and hit[1] is regions and hit[2] is chars:
        return hit[3]
    return None  # none made yet (a replay lists nothing): the command asks the board itself


def fail(code: str, message: str, rule: str | None = None) -> NoReturn:
    raise RuleError(code, message, rule)


# ---------------------------------------------------------------------------------------------
# The dispatch tables (filled by the rule modules as they are imported; botwotr.core.engine
# imports them all)

COMMANDS: dict[str, Callable[..., Any]] = {}
# pending kind -> commands that answer it
ANSWERS: dict[str, tuple[str, ...]] = {}
# pending kinds the engine resolves by itself
AUTO: dict[str, Callable[..., Any]] = {}
# effect `do` -> handler(ctx, side, effect, source) (botwotr.core.card_effects)
EFFECTS: dict[str, Callable[..., Any]] = {}


F = TypeVar("F", bound=Callable[..., Any])


def command(name: str) -> Callable[[F], F]:
    """Register the decorated function as the handler of command `name`."""

    def deco(fn: F) -> F:
        COMMANDS[name] = fn
        return fn

    return deco


def run_effects(ctx: Ctx, side: str, effects: list[Any], source: str) -> None:
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


def _auto_continue(ctx: Ctx, p: dict[str, Any]) -> None:
    run_effects(ctx, p["side"], p["effects"], p["source"])


AUTO["continue"] = _auto_continue
