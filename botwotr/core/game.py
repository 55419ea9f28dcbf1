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
"""
from __future__ import annotations

from .engine import decide, describe_pending
from .errors import RuleError
from .events import apply
from .legal import legal_commands
from .scenario import ScenarioRules, rules_for
from .spec import ScenarioSpec
from .state import clone, new_state
from .view import view_for

BARRIER_EVENTS = {"RngAdvanced", "CardsDrawn", "FateTileDrawn", "TacticsRevealed", "CardRevealed",
                  "DiceRolled", "CombatRolled", "RallyRolled", "GameStarted"}


class ReplayError(Exception):
    """A log that does not replay: `index` is the first bad entry."""

    def __init__(self, index: int, message: str):
        super().__init__(f"entry {index}: {message}")
        self.index = index
        self.message = message


def is_barrier(entry: dict) -> bool:
    return any(e["e"] in BARRIER_EVENTS for e in entry["events"]) or \
        any(e["e"] == "BattleUpdated" and e["changes"].get("revealed") for e in entry["events"])


def _checked_notes(index: int, notes) -> list:
    """A saved entry's record of forced undos, checked (a bad one makes the save refused)."""
    ok = isinstance(notes, list) and all(
        isinstance(n, dict) and isinstance(n.get("undone"), dict) and isinstance(n.get("agreed"), list)
        and all(s in ("fp", "sh", "players") for s in n["agreed"]) for n in notes)
    if not ok:
        raise ReplayError(index, "'forced_undos' must be a list of {undone: command, agreed: [fp, sh]}")
    return [clone(n) for n in notes]


class Game:
    def __init__(self, spec: ScenarioSpec, seed: int, rules: ScenarioRules | None = None):
        self.spec = spec
        self.rules = rules or rules_for(spec)
        self.seed = seed
        self.log: list[dict] = []
        self._states: list[dict] = [new_state(spec, seed)]
        self._redo: list[dict] = []

    # -- creation ---------------------------------------------------------------------------
    @classmethod
    def new(cls, spec: ScenarioSpec, seed: int = 0, options: dict | None = None,
            rules: ScenarioRules | None = None) -> "Game":
        g = cls(spec, seed, rules)
        cmd = {"cmd": "start_game"}
        if options:
            cmd["options"] = dict(options)
        g.submit(cmd)
        return g

    @classmethod
    def replay(cls, spec: ScenarioSpec, seed: int, entries: list, rules: ScenarioRules | None = None,
               verify: bool = True) -> "Game":
        """Re-decide every command; with `verify`, each must give exactly the recorded events."""
        g = cls(spec, seed, rules)
        state = g._states[0]
        for i, entry in enumerate(entries):
            if not isinstance(entry, dict) or not isinstance(entry.get("cmd"), dict):
                raise ReplayError(i, "an entry must hold a 'cmd' mapping")
            try:
                events, new = decide(spec, g.rules, state, entry["cmd"], in_place=False)
            except RuleError as err:
                raise ReplayError(i, f"the command is refused: {err.message} [{err.code}]") from None
            except Exception as err:  # a malformed command that slipped past validation
                raise ReplayError(i, f"the command cannot be carried out ({type(err).__name__}: {err})") from None
            if verify and events != entry.get("events"):
                raise ReplayError(i, "the recorded events differ from what the command gives "
                                     "(the save was edited, or made by other content)")
            kept = {"cmd": entry["cmd"], "events": events}
            if "forced_undos" in entry:
                kept["forced_undos"] = _checked_notes(i, entry["forced_undos"])
            g.log.append(kept)
            g._states.append(new)
            state = new
        return g

    # -- play -------------------------------------------------------------------------------
    @property
    def state(self) -> dict:
        return self._states[-1]

    def submit(self, cmd: dict) -> list[dict]:
        """Decide and record a command. Raises RuleError and changes nothing if it is illegal."""
        events, new = decide(self.spec, self.rules, self.state, cmd)
        self.log.append({"cmd": clone(cmd), "events": events})
        self._states.append(new)
        self._redo.clear()
        return events

    def legal_commands(self) -> list[dict]:
        return legal_commands(self.spec, self.rules, self.state)

    def view_for(self, seat: str) -> dict:
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

    def undo(self, force: bool = False, agreed: tuple = ()) -> dict:
        """Take back the last command. Over a barrier only with `force`; `agreed` (the seats that
        agreed to force it) is then written in the log entry the game goes back to."""
        if len(self.log) <= 1:
            raise RuleError("undo/nothing", "There is nothing to undo.")
        barrier = is_barrier(self.log[-1])
        if not force and barrier:
            raise RuleError("undo/barrier", "That move revealed dice, cards or a secret choice; "
                                            "both players must agree to take it back.")
        entry = self.log.pop()
        self._states.pop()
        self._redo.append(entry)
        if force and barrier:
            self.log[-1].setdefault("forced_undos", []).append(
                {"undone": clone(entry["cmd"]), "agreed": sorted(str(s) for s in agreed)})
        return entry

    def can_redo(self) -> bool:
        return bool(self._redo)

    def redo(self) -> list[dict]:
        if not self._redo:
            raise RuleError("redo/nothing", "There is nothing to redo.")
        entry = self._redo[-1]
        events, new = decide(self.spec, self.rules, self.state, entry["cmd"])
        self._redo.pop()
        kept = {"cmd": entry["cmd"], "events": events}
        if "forced_undos" in entry:
            kept["forced_undos"] = entry["forced_undos"]
        self.log.append(kept)
        self._states.append(new)
        return events

    def state_at(self, n: int) -> dict:
        """The state after the first n log entries."""
        return self._states[max(0, min(n, len(self.log)))]

    def fold(self) -> dict:
        """The state rebuilt from the events alone (replay equals the live state)."""
        s = new_state(self.spec, self.seed)
        for entry in self.log:
            for e in entry["events"]:
                apply(s, e)
        return s
