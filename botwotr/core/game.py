"""`Game`: the rules core's front door.

    game = Game.new(spec, seed=7)
    game.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
    game.legal_commands(); game.view_for("fp"); game.undo(); game.redo()

The log is a list of entries {"cmd": command, "events": [...]}; the state is the fold of every
event in it. A command that reveals chance or hidden information (dice, draws, a secret choice)
is an undo barrier: `undo()` refuses to step back over it unless `force=True` (hotseat players
may agree to lift it). A forced undo is written in the log: the entry the game went back to keeps
a `forced_undos` list of {"undone": the command taken back, "agreed": the seats that agreed},
which saves and replays carry along (it changes no state).

States kept: not every state, which made replay cost grow with the log and a 40,000-entry log take
over a gigabyte, but a snapshot every `SNAPSHOT_EVERY` entries, the last `RECENT` states (undo and
looking a few moves back stay instant) and the current one. `state_at(n)` of any other n folds the
log's events from the nearest snapshot below n (events never alias the state, see events.py).
"""

from __future__ import annotations

from typing import Any, Callable

import gc

from .engine import decide, describe_pending
from .errors import RuleError
from .events import Change
from .scenario import ScenarioRules, rules_for
from .spec import ScenarioSpec
from .state import clone, new_state
from .view import view_for

BARRIER_EVENTS = {
    "RngAdvanced",
    "CardsDrawn",
    "FateTileDrawn",
    "TacticsRevealed",
    "CardRevealed",
    "DiceRolled",
    "CombatRolled",
    "RallyRolled",
    "GameStarted",
}
SNAPSHOT_EVERY = 64  # entries between kept states (bench/rohan_core.py, docs/PERFORMANCE.md)
RECENT = 8  # the last states kept besides the snapshots
_legal_commands: Callable[[ScenarioSpec, ScenarioRules, dict[str, Any]], list[dict[str, Any]]] | None = (
    None  # botwotr.core.legal.legal_commands, imported when first asked for
)


class ReplayError(Exception):
    """A log that does not replay: `index` is the first bad entry."""

    def __init__(self, index: int, message: str) -> None:
        super().__init__(f"entry {index}: {message}")
        self.index = index
        self.message = message


def is_barrier(entry: dict[str, Any]) -> bool:
    return any(e["e"] in BARRIER_EVENTS for e in entry["events"]) or any(
        e["e"] == "BattleUpdated" and e["changes"].get("revealed") for e in entry["events"]
    )


def _checked_notes(index: int, notes: Any) -> list[Any]:
    """A saved entry's record of forced undos, checked (a bad one makes the save refused)."""
    ok = isinstance(notes, list) and all(
        isinstance(n, dict)
        and isinstance(n.get("undone"), dict)
        and isinstance(n.get("agreed"), list)
        and all(s in ("fp", "sh", "players") for s in n["agreed"])
        for n in notes
    )
    if not ok:
        raise ReplayError(index, "'forced_undos' must be a list of {undone: command, agreed: [fp, sh]}")
    return [clone(n) for n in notes]


class Game:
    def __init__(self, spec: ScenarioSpec, seed: int, rules: ScenarioRules | None = None) -> None:
        self.spec = spec
        self.rules = rules or rules_for(spec)
        self.seed = seed
        self.log: list[dict[str, Any]] = []
        self._state = new_state(spec, seed)
        self._kept: dict[int, dict[str, Any]] = {0: self._state}  # n -> the state after n entries
        self._folded: tuple[int, dict[str, Any]] | None = None  # the last state `state_at` folded
        self._redo: list[dict[str, Any]] = []

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        spec: ScenarioSpec,
        seed: int = 0,
        options: dict[str, Any] | None = None,
        rules: ScenarioRules | None = None,
    ) -> "Game":
        g = cls(spec, seed, rules)
        cmd: dict[str, Any] = {"cmd": "start_game"}
        if options:
            cmd["options"] = dict(options)
        g.submit(cmd)
        return g

    @classmethod
    def replay(
        cls, spec: ScenarioSpec, seed: int, entries: list[Any], rules: ScenarioRules | None = None, verify: bool = True
    ) -> "Game":
        """Re-decide every command; with `verify`, each must give exactly the recorded events.

        Each command gives a new state that shares with the one before it all the command did not
        touch (copy-on-write, events.py); the state is kept at each snapshot and for the last
        RECENT entries. On a bad entry the half-built game is dropped, so nothing of a refused
        command is ever seen.

        The cyclic garbage collector is off while the log replays (and back on after, if it was
        on): the objects a replay makes are plain data without cycles, kept by the log and the
        snapshots, so its young-generation passes only walked them again and again (about a
        sixth of a replay's time; bench/rohan_core.py, docs/PERFORMANCE.md)."""
        was_on = gc.isenabled()
        gc.disable()
        try:
            return cls._replay(spec, seed, entries, rules, verify)
        finally:
            if was_on:
                gc.enable()

    @classmethod
    def _replay(
        cls, spec: ScenarioSpec, seed: int, entries: list[Any], rules: ScenarioRules | None, verify: bool
    ) -> "Game":
        g = cls(spec, seed, rules)
        state = g._state
        tail = len(entries) - RECENT  # the states after the entries past it are all kept
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict) or not isinstance(entry.get("cmd"), dict):
                raise ReplayError(i, "an entry must hold a 'cmd' mapping")
            try:
                events, state = decide(spec, g.rules, state, entry["cmd"], in_place=True)
            except RuleError as err:
                raise ReplayError(i, f"the command is refused: {err.message} [{err.code}]") from None
            except Exception as err:  # a malformed command that slipped past validation
                raise ReplayError(i, f"the command cannot be carried out ({type(err).__name__}: {err})") from None
            if verify and events != entry.get("events") and not same_events(entry.get("events"), events):
                raise ReplayError(
                    i,
                    "the recorded events differ from what the command gives "
                    "(the save was edited, or made by other content)",
                )
            kept = {"cmd": entry["cmd"], "events": events}  # decided here: they share nothing kept
            if "forced_undos" in entry:
                kept["forced_undos"] = _checked_notes(i, entry["forced_undos"])
            g.log.append(kept)
            n = i + 1
            if n > tail or n % SNAPSHOT_EVERY == 0:
                g._kept[n] = state  # states are never changed (copy-on-write, events.py)
        g._state = g._kept[len(g.log)]
        return g

    # -- play -------------------------------------------------------------------------------
    @property
    def state(self) -> dict[str, Any]:
        return self._state

    # -- the states kept --------------------------------------------------------------------
    def _record(self, entry: dict[str, Any], new: dict[str, Any]) -> None:
        """Append an entry to the log and make `new` (the state after it) the current state."""
        self.log.append(entry)
        n = len(self.log)
        self._state = self._kept[n] = new
        old = n - RECENT
        if old > 0 and old % SNAPSHOT_EVERY:
            self._kept.pop(old, None)

    def _drop_last(self) -> dict[str, Any]:
        """Remove the log's last entry; the current state becomes the one before it."""
        entry = self.log.pop()
        n = len(self.log)
        self._kept.pop(n + 1, None)
        if self._folded is not None and self._folded[0] > n:
            self._folded = None
        state = self._kept.get(n)
        self._state = self._kept[n] = state if state is not None else self._fold_to(n)
        return entry

    def _fold_to(self, n: int) -> dict[str, Any]:
        """A new state: the nearest kept (or last folded) state at or below n, plus the events of
        the entries up to n."""
        start = max(k for k in self._kept if k <= n)
        base = self._kept[start]
        if self._folded is not None and start < self._folded[0] <= n:
            start, base = self._folded
        w = Change(base)
        for entry in self.log[start:n]:
            for e in entry["events"]:
                w.apply(e)
        return w.s

    def submit(self, cmd: dict[str, Any]) -> list[dict[str, Any]]:
        """Decide and record a command. Raises RuleError and changes nothing if it is illegal."""
        events, new = decide(self.spec, self.rules, self.state, cmd)
        self._record({"cmd": clone(cmd), "events": events}, new)
        self._redo.clear()
        return events

    def legal_commands(self) -> list[dict[str, Any]]:
        global _legal_commands
        if _legal_commands is None:
            from .legal import legal_commands  # not needed to replay or draw (export)

            _legal_commands = legal_commands
        return _legal_commands(self.spec, self.rules, self.state)

    def view_for(self, seat: str) -> dict[str, Any]:
        return view_for(self.state, seat)

    def waiting_for(self) -> str:
        p = self.state["pending"]
        if self.state["winner"]:
            return "nothing: the game is over"
        return describe_pending(self.spec, p[-1]) if p else "nothing"

    # -- undo / redo ------------------------------------------------------------------------
    def can_undo(self, force: bool = False) -> bool:
        if len(self.log) <= 1:
            return False
        return force or not is_barrier(self.log[-1])

    def undo(self, force: bool = False, agreed: tuple[Any, ...] = ()) -> dict[str, Any]:
        """Take back the last command. Over a barrier only with `force`; `agreed` (the seats that
        agreed to force it) is then written in the log entry the game goes back to."""
        if len(self.log) <= 1:
            raise RuleError("undo/nothing", "There is nothing to undo.")
        barrier = is_barrier(self.log[-1])
        if not force and barrier:
            raise RuleError(
                "undo/barrier",
                "That move revealed dice, cards or a secret choice; both players must agree to take it back.",
            )
        entry = self._drop_last()
        self._redo.append(entry)
        if force and barrier:
            self.log[-1].setdefault("forced_undos", []).append(
                {"undone": clone(entry["cmd"]), "agreed": sorted(str(s) for s in agreed)}
            )
        return entry

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[dict[str, Any]]:
        if not self._redo:
            raise RuleError("redo/nothing", "There is nothing to redo.")
        entry = self._redo[-1]
        events, new = decide(self.spec, self.rules, self.state, entry["cmd"])
        self._redo.pop()
        kept = {"cmd": entry["cmd"], "events": events}
        if "forced_undos" in entry:
            kept["forced_undos"] = entry["forced_undos"]
        self._record(kept, new)
        return events

    def state_at(self, n: int) -> dict[str, Any]:
        """The state after the first n log entries (n is clamped to 0..len(log)). Read it, do not
        change it: a kept state is shared."""
        n = max(0, min(n, len(self.log)))
        kept = self._kept.get(n)
        if kept is not None:
            return kept
        if self._folded is not None and self._folded[0] == n:
            return self._folded[1]
        s = self._fold_to(n)
        self._folded = (n, s)
        return s

    def fold(self) -> dict[str, Any]:
        """The state rebuilt from the events alone (replay equals the live state)."""
        w = Change(new_state(self.spec, self.seed))
        for entry in self.log:
            for e in entry["events"]:
                w.apply(e)
        return w.s


def same_events(recorded: Any, events: list[dict[str, Any]]) -> bool:
    """The recorded events of an entry are what its command gives. A rules module's `Note`
    recorded before Notes carried a `code` and `params` (text only: saves of earlier versions)
    matches the same Note with them; a `GameStarted` recorded with another content version (a
    save of an earlier program's content) matches when nothing else of it differs: every event
    after it is still compared (`persistence.save.from_dict`)."""
    if events == recorded:
        return True
    if not isinstance(recorded, list) or len(recorded) != len(events):
        return False
    for old, new in zip(recorded, events):
        if old == new:
            continue
        if not isinstance(old, dict):
            return False
        if new.get("e") == "GameStarted":
            if {k: v for k, v in new.items() if k != "content_version"} != {
                k: v for k, v in old.items() if k != "content_version"
            } or not isinstance(old.get("content_version"), str):
                return False
            continue
        if not (new.get("e") == "Note" and "code" not in old):
            return False
        if {k: v for k, v in new.items() if k not in ("code", "params")} != old:
            return False
    return True
