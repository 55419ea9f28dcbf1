"""Reviewing a game (issue 15), with no display: the timeline of a log, a cursor that steps
through it, what a seat may see at each step, a branch ("what if") from any moment, and the
summary of a finished game. The window's review scene (`ui/scenes/review.py`), the end-of-game
screen and `botwotr report` are drawn from these.

    tl = Timeline(game)               # turns, phases and battles, by log entry
    cur = Cursor(game)                # at the start; cur.state is the state there
    cur.step(+1, "event"); cur.step(-1, "action"); cur.step(+1, "turn"); cur.goto(n)
    view_at(cur.state, "public")      # or "fp", "sh", or "all" (everything: only for a finished game)
    g2 = branch(game, n, "rohan-1.json")  # a new game from the position after n entries
    summary(game)                     # who won and how, battles, cards, losses, the tracks' course

A position is (n, k): the state after the first n log entries and the first k events of entry n
(k = 0: exactly `game.state_at(n)`). Moving forward folds the events from the current state (no
replay); moving back starts from the core's kept states (`state_at`, a snapshot every 64 entries).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .core import Game
from .core.events import apply
from .core.state import clone
from .core.view import event_for, view_for

STEPS = ("event", "action", "turn")
VIEWS = ("public", "fp", "sh", "all")
# the outcome of a battle -> who won it ("attacker", "defender" or None)
BATTLE_WINNER = {
    "attacker_won": "attacker",
    "retreated": "attacker",
    "fled": "attacker",
    "fled_destroyed": "attacker",
    "defender_destroyed": "attacker",
    "defender_won": "defender",
    "ceased": "defender",
    "both_destroyed": None,
}
# the longest forward jump folded from the current state; farther, the core's kept states serve
FOLD_LIMIT = 64


class ReviewError(Exception):
    """A review request that cannot be met (a branch before the start, an unknown view)."""


@dataclass
class Battle:
    start: int  # the log entry holding BattleStarted
    end: int | None  # the log entry holding BattleEnded (None: still being fought)
    turn: int
    attacker: str
    target: str
    outcome: str | None = None

    @property
    def winner(self) -> str | None:
        """The side that won it, or None (both destroyed, or not over)."""
        who = BATTLE_WINNER.get(self.outcome)
        if who is None:
            return None
        defender = "sh" if self.attacker == "fp" else "fp"
        return self.attacker if who == "attacker" else defender


@dataclass
class Timeline:
    """Per log entry: the turn and phase it was given in, where each turn and phase begins, and
    the battles (read from the events, so no state is built)."""

    game: Game
    turn_of: list[int] = field(default_factory=list)  # entry index -> the turn after it
    phase_of: list[str] = field(default_factory=list)
    turn_starts: dict[int, int] = field(default_factory=dict)  # turn -> the entry that starts it
    phase_starts: list[tuple[int, int, str]] = field(default_factory=list)  # (entry, turn, phase)
    battles: list[Battle] = field(default_factory=list)

    def __post_init__(self):
        turn, phase = 0, "setup"
        open_battle = None
        for i, entry in enumerate(self.game.log):
            for e in entry["events"]:
                k = e["e"]
                if k == "TurnStarted":
                    turn, phase = e["turn"], "draw"
                    self.turn_starts.setdefault(turn, i)
                    self.phase_starts.append((i, turn, phase))
                elif k == "PhaseStarted":
                    phase = e["phase"]
                    self.phase_starts.append((i, turn, phase))
                elif k == "PositionSet":  # a position given as data: its turn and phase
                    parts = e.get("parts") or {}
                    if parts.get("turn") and parts["turn"] != turn:
                        if self.turn_starts.get(turn) == i:
                            del self.turn_starts[turn]
                        turn = parts["turn"]
                        self.turn_starts.setdefault(turn, i)
                    if parts.get("phase"):
                        phase = parts["phase"]
                        self.phase_starts.append((i, turn, phase))
                elif k == "GameWon":
                    phase = "over"
                elif k == "BattleStarted":
                    open_battle = Battle(i, None, turn, e["attacker"], e["target"])
                    self.battles.append(open_battle)
                elif k == "BattleEnded" and open_battle is not None:
                    open_battle.end, open_battle.outcome = i, e.get("outcome")
                    open_battle = None
            self.turn_of.append(turn)
            self.phase_of.append(phase)

    @property
    def turns(self) -> int:
        return max(self.turn_starts) if self.turn_starts else 0

    def battle_at(self, n: int) -> Battle | None:
        """The battle being fought in log entry n (or None)."""
        for b in self.battles:
            if b.start <= n <= (b.end if b.end is not None else len(self.game.log)):
                return b
        return None


def full_view(state: dict) -> dict:
    """Everything, for a finished game whose players chose to see it all: the public view with
    both hands and every face-down token's type put back."""
    v = view_for(state, "public")
    for side in ("fp", "sh"):
        v["sides"][side]["hand"] = list(state["sides"][side]["hand"])
    for rid, reg in v["regions"].items():
        reg["rtokens"] = clone(state["regions"][rid]["rtokens"])
    b = state["battle"]
    if b is not None:
        v["battle"] = clone(b)
    return v


def view_at(state: dict, seat: str) -> dict:
    """What `seat` may see of `state`: public, fp, sh (R-15), or all (a finished game's review)."""
    if seat == "all":
        return full_view(state)
    if seat not in VIEWS:
        raise ReviewError(f"a review shows the public view, one side's (fp, sh) or all, not {seat!r}")
    return view_for(state, seat)


def event_seen(event: dict, seat: str) -> dict | None:
    """An event as `seat` may see it (all: as it is)."""
    return event if seat == "all" else event_for(event, seat)


class Cursor:
    """A position in a game's log and the state there. `state` is read-only (it may be a state
    the core keeps); stepping never changes the game."""

    def __init__(self, game: Game, n: int = 0, k: int = 0):
        self.game = game
        self.n, self.k = 0, 0
        self.state = game.state_at(0)
        self._owned = False  # whether `state` is this cursor's own copy (may be folded forward)
        self.goto(n, k)

    # -- where -------------------------------------------------------------------------------
    @property
    def end(self) -> int:
        return len(self.game.log)

    @property
    def pos(self) -> tuple[int, int]:
        return self.n, self.k

    def at_start(self) -> bool:
        return self.n == 0 and self.k == 0

    def at_end(self) -> bool:
        return self.n >= self.end

    def entries_done(self) -> int:
        """How many log entries are wholly shown (the entry being stepped through counts once done)."""
        return self.n

    # -- moving ------------------------------------------------------------------------------
    def goto(self, n: int, k: int = 0) -> list[dict]:
        """Move to (n, k); returns the events passed over when moving forward (for animations),
        else []."""
        n = max(0, min(n, self.end))
        k = 0 if n >= self.end else max(0, min(k, len(self.game.log[n]["events"]) - 1))
        if (n, k) == (self.n, self.k):
            return []
        forward = (n, k) > (self.n, self.k)
        if forward and n - self.n <= FOLD_LIMIT:
            return self._fold_forward(n, k)
        self._jump(n, k)
        return []

    def _jump(self, n: int, k: int) -> None:
        base = self.game.state_at(n)
        if k == 0:
            self.state, self._owned = base, False
        else:
            s = clone(base)
            for e in self.game.log[n]["events"][:k]:
                s = apply(s, e)  # a new state: apply never changes the one it is given
            self.state, self._owned = s, True
        self.n, self.k = n, k

    def _fold_forward(self, n: int, k: int) -> list[dict]:
        if not self._owned:
            self.state, self._owned = clone(self.state), True
        s, log, passed = self.state, self.game.log, []
        i, j = self.n, self.k
        while (i, j) < (n, k):
            events = log[i]["events"]
            stop = k if i == n else len(events)
            for e in events[j:stop]:
                s = apply(s, e)  # a new state: apply never changes the one it is given
                passed.append(e)
            if i == n:
                j = k
                break
            i, j = i + 1, 0
        self.state = s
        self.n, self.k = i, j
        if j == 0:  # share the core's kept state when it has one (saves memory, not time)
            kept = self.game._kept.get(i)
            if kept is not None:
                self.state, self._owned = kept, False
        return passed

    def step(self, direction: int, by: str = "action", seat: str = "public") -> list[dict]:
        """One step forward (+1) or back (-1) by event, action (a log entry) or turn. An event
        step moves to the next (or previous) event that `seat` can read. Returns the events passed
        over when moving forward."""
        if by not in STEPS:
            raise ReviewError(f"a review steps by {', '.join(STEPS)}, not {by!r}")
        target = getattr(self, f"_{by}_target")(1 if direction > 0 else -1, seat)
        return self.goto(*target)

    def _action_target(self, d: int, seat: str) -> tuple[int, int]:
        if d > 0:
            return (self.n + 1, 0)
        return (self.n if self.k else self.n - 1, 0)

    def _turn_target(self, d: int, seat: str) -> tuple[int, int]:
        starts = sorted(Timeline_cache(self.game).turn_starts.values())
        cur = (self.n, self.k)
        if d > 0:
            later = [s for s in starts if (s, 0) > cur]
            return (later[0], 0) if later else (self.end, 0)
        earlier = [s for s in starts if (s, 0) < cur]
        return (earlier[-1], 0) if earlier else (0, 0)

    def _event_target(self, d: int, seat: str) -> tuple[int, int]:
        from .ui.logtext import event_sentence  # display-free (no pygame there)

        log, spec = self.game.log, self.game.spec

        def readable(i: int, j: int) -> bool:
            v = event_seen(log[i]["events"][j], seat)
            return v is not None and bool(event_sentence(v, spec))

        def after(i: int, j: int) -> tuple[int, int]:  # the position after event j of entry i
            return (i, j + 1) if j + 1 < len(log[i]["events"]) else (i + 1, 0)

        cur = (self.n, self.k)
        if d > 0:
            i, j = self.n, self.k
            while i < len(log):
                for jj in range(j, len(log[i]["events"])):
                    if readable(i, jj):
                        return after(i, jj)
                i, j = i + 1, 0
            return (self.end, 0)
        for i in range(min(self.n, len(log) - 1), -1, -1):
            for jj in range(len(log[i]["events"]) - 1, -1, -1):
                if after(i, jj) < cur and readable(i, jj):
                    return after(i, jj)
        return (0, 0)

    def next_battle(self) -> Battle | None:
        """Move to the start of the next battle (the position just before its first entry)."""
        for b in Timeline_cache(self.game).battles:
            if (b.start, 0) > (self.n, self.k):
                self.goto(b.start)
                return b
        return None

    def prev_battle(self) -> Battle | None:
        for b in reversed(Timeline_cache(self.game).battles):
            if (b.start, 0) < (self.n, self.k):
                self.goto(b.start)
                return b
        return None


_TIMELINES: dict[int, tuple[int, Timeline]] = {}


def Timeline_cache(game: Game) -> Timeline:  # noqa: N802 - reads as the class it returns
    """The timeline of a game, made once per log length."""
    hit = _TIMELINES.get(id(game))
    if hit is not None and hit[0] == len(game.log) and hit[1].game is game:
        return hit[1]
    tl = Timeline(game)
    if len(_TIMELINES) > 16:
        _TIMELINES.clear()
    _TIMELINES[id(game)] = (len(game.log), tl)
    return tl


def setup_end(game: Game) -> tuple[int, int]:
    """The position just after the set-up: before the first turn's first event (the board is
    set up there; the very start, (0, 0), is an empty board), or for a position given as data,
    just after it."""
    events = game.log[0]["events"] if game.log else []
    for k, e in enumerate(events):
        if e["e"] == "PositionSet":
            return (0, k + 1) if k + 1 < len(events) else (1, 0)
    for k, e in enumerate(events):
        if e["e"] == "TurnStarted":
            return (0, k)
    return (min(1, len(game.log)), 0)


def can_see_all(game: Game) -> bool:
    """Everything may be shown only once the game is over (and then only if the players choose it)."""
    return bool(game.state["winner"])


# -- what if ------------------------------------------------------------------------------------


def branch(game: Game, n: int, source: str) -> Game:
    """A new game from the position after the first n entries of `game` (which is not changed),
    marked as a branch of `source` (the original's save name) at entry n."""
    if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= len(game.log):
        raise ReviewError(
            f"a branch starts after 1 to {len(game.log)} log entries (the first is the set-up), not {n!r}"
        )
    if not isinstance(source, str) or not source.strip():
        raise ReviewError("a branch names the game it comes from")
    # the rules' spec: a game shown in another language has a translated `game.spec` (docs/i18n.md)
    spec = getattr(game.rules, "spec", None) or game.spec
    g = Game.replay(spec, game.seed, clone(game.log[:n]), verify=False)
    g.origin = {"source": source, "entry": n}
    return g


def origin_of(game: Game) -> dict | None:
    return getattr(game, "origin", None)


# -- the summary --------------------------------------------------------------------------------


def turn_end(game: Game, turn: int) -> tuple[int, int]:
    """The position (n, k) where turn `turn` is over: just before the next turn's TurnStarted
    event (often inside the entry that ends the turn), or the end of the log."""
    tl = Timeline_cache(game)
    later = sorted((t, n) for t, n in tl.turn_starts.items() if t > turn)
    if not later:
        return len(game.log), 0
    n = later[0][1]
    events = game.log[n]["events"]
    k = next((j for j, e in enumerate(events) if e["e"] == "TurnStarted"), 0)
    return n, k


def turn_end_state(game: Game, turn: int) -> dict:
    """The state at the end of a turn (read it, do not change it)."""
    n, k = turn_end(game, turn)
    return Cursor(game, n, k).state


@dataclass
class Summary:
    winner: str | None
    reason: str | None
    turns: int
    battles: list[Battle]
    fought: dict  # side -> battles it attacked in
    won: dict  # side -> battles it won
    cards: dict  # side -> cards played
    lost: dict  # side -> units lost (casualties, flight, the stacking limit)
    course: list[tuple[int, int, int]]  # (turn, the Shadow's victory points, fate) at each turn's end
    entries: int


def summary(game: Game) -> Summary:
    """The story of the game in numbers, from the log (what everyone saw: no hidden card is named)."""
    steps = summary_steps(game)
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


SUMMARY_TURNS_PER_STEP = 4  # turn ends folded in one step of `summary_steps`


def summary_steps(game: Game):
    """`summary(game)` made in steps: a generator that yields (None) between its parts, each a
    bounded share of the work (the timeline; the counts; `SUMMARY_TURNS_PER_STEP` turn ends of the
    course at a time), and returns the Summary (the same as `summary`). A window takes one step a
    frame (`GameOverScene.steps`)."""
    tl = Timeline_cache(game)
    yield None
    fought, won = {"fp": 0, "sh": 0}, {"fp": 0, "sh": 0}
    for b in tl.battles:
        fought[b.attacker] = fought.get(b.attacker, 0) + 1
        if b.winner:
            won[b.winner] += 1
    cards, lost = {"fp": 0, "sh": 0}, {"fp": 0, "sh": 0}
    for entry in game.log:
        for e in entry["events"]:
            if e["e"] == "CardPlayed" and e.get("side") in cards:
                cards[e["side"]] += 1
            elif e["e"] == "UnitsRemoved" and e.get("side") in lost and e.get("why") != "adjustment":
                lost[e["side"]] += sum(v for v in e["units"].values() if v > 0)
    rules = game.rules
    course = []
    for i, turn in enumerate(sorted(tl.turn_starts)):
        if i % SUMMARY_TURNS_PER_STEP == 0:
            yield None
        st = turn_end_state(game, turn)
        course.append((turn, rules.shadow_vp(st), st["fate"]))
    st = game.state
    return Summary(
        winner=st["winner"],
        reason=st["win_reason"],
        turns=tl.turns,
        battles=list(tl.battles),
        fought=fought,
        won=won,
        cards=cards,
        lost=lost,
        course=course,
        entries=len(game.log),
    )
