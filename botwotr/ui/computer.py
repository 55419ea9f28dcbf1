"""The computer's player, thinking in a process of its own (never on the window's interpreter).

    thinker = Thinker()                      # the worker process starts at the first `ask`
    rid = thinker.ask(seen, "hard", seed, Budget(seconds=1.5))
    ... every frame: msg = thinker.poll()     # never blocks
        None                                  nothing new (thinker.progress: 0..1)
        Answer(rid, command, reason, iterations)
        Failure(rid, text, crashed)            the AI raised (its traceback's last line) or the
                                               process died (crashed=True: it is started again
                                               at the next `ask`)
    thinker.cancel()                          an undo, a new game, leaving the game
    thinker.close()

The worker is a `multiprocessing` process of the "spawn" context: a fresh interpreter that imports
only `botwotr.ai` (no pygame, no window), kept for the game and given one request at a time over
a pipe: `seen` (`botwotr.ai.seen_by(game, seat)`: all the AI may know, picklable), the level, the
seed (`think_seed`: from the game's seed and the log position, so the same position asks the same
question) and the budget. Its `progress(f)` callback sends the fraction done (at most 20 times a
second) and raises when the request is no longer wanted, which ends a cancelled search at its next
iteration; a worker that does not stop within `STUCK_SECONDS` of a newer request is ended and
started again. A request is sent only to an idle worker, so the window never waits on the pipe.

`DECIDE` names the function the worker calls (`module:name`); tests give others (any picklable
function of `(seen, level, seed, budget, progress)` returning an object with `command`, `reason`
and `iterations`).
"""

from __future__ import annotations

import hashlib
import importlib
import multiprocessing as mp
import time
import traceback
from dataclasses import dataclass, field
from typing import Any

DECIDE = "botwotr.ai:decide"
CONTEXT = "spawn"
STUCK_SECONDS = 3.0  # a cancelled request still running this long after a newer one: restart
PROGRESS_EVERY = 0.05  # seconds between progress messages (the pipe never fills)
# the budget per level in the window (seconds; bench/ai_window.py measures the frames meanwhile)
THINK_SECONDS = {"easy": 0.4, "normal": 0.8, "hard": 1.5}
HINT_LEVEL = "hard"


def think_seed(game_seed: int, position: int, seat: str, purpose: str = "move") -> int:
    """The seed of a question: a function of the game's seed, the log position, the seat and the
    purpose ("move", "hint"), so a position asked again (after an undo, a reload) asks the same."""
    h = hashlib.blake2b(f"{game_seed}:{position}:{seat}:{purpose}".encode(), digest_size=8).digest()
    return int.from_bytes(h, "big") >> 1


@dataclass
class Answer:
    rid: int
    command: dict
    reason: dict
    iterations: int


@dataclass
class Failure:
    rid: int
    text: str
    crashed: bool = False


class _Cancelled(Exception):
    pass


def _serve(conn, wanted, target: str) -> None:  # pragma: no cover - runs in the worker process
    """The worker's main loop: one request at a time until the pipe closes or None arrives."""
    try:
        module, name = target.split(":")
        fn = getattr(importlib.import_module(module), name)
    except BaseException:  # noqa: BLE001 - said to the window, which shows it
        conn.send(("fatal", 0, traceback.format_exc(limit=4)))
        return
    while True:
        try:
            msg = conn.recv()
        except (EOFError, OSError):
            return
        if msg is None:
            return
        rid, seen, level, seed, budget = msg
        if wanted.value != rid:
            conn.send(("cancelled", rid, None))
            continue
        last = [0.0]

        def progress(f: float, rid: int = rid, last: list = last) -> None:
            if wanted.value != rid:
                raise _Cancelled
            now = time.monotonic()
            if now - last[0] >= PROGRESS_EVERY:
                last[0] = now
                conn.send(("progress", rid, max(0.0, min(1.0, float(f)))))

        try:
            d = fn(seen, level, seed, budget, progress)
            out = {"command": d.command, "reason": d.reason, "iterations": d.iterations}
            conn.send(("done", rid, out))
        except _Cancelled:
            conn.send(("cancelled", rid, None))
        except Exception as e:  # noqa: BLE001 - the window says what went wrong, the game goes on
            tb = traceback.format_exc(limit=6)
            conn.send(("error", rid, f"{type(e).__name__}: {e}\n{tb}"))


@dataclass
class _Request:
    rid: int
    args: tuple
    asked: float
    sent: bool = False
    progress: float = 0.0
    extra: dict = field(default_factory=dict)


class Thinker:
    """The window's side of the worker process (see the module's docstring)."""

    def __init__(self, target: str = DECIDE, context: str = CONTEXT, clock=time.monotonic):
        self.target = target
        self.ctx = mp.get_context(context)
        self.clock = clock
        self.proc = None
        self.conn = None
        self.wanted = None
        self.rid = 0
        self.current: _Request | None = None
        self.busy: set[int] = set()  # requests sent and not finished (cancelled ones too)
        self.cancelled_at: float | None = None
        self.restarts = 0
        self.fatal: str | None = None
        self.stuck_seconds = STUCK_SECONDS

    # -- the process ----------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker now (it starts at the first `ask` otherwise): its interpreter and
        imports take a moment, better spent while the player reads the board."""
        if self.proc is not None and self.proc.is_alive():
            return
        self._stop_process()
        parent, child = self.ctx.Pipe(duplex=True)
        self.wanted = self.ctx.Value("q", 0, lock=False)
        self.proc = self.ctx.Process(
            target=_serve, args=(child, self.wanted, self.target), name="botwotr-computer", daemon=True
        )
        self.proc.start()
        child.close()
        self.conn = parent
        self.busy = set()
        self.fatal = None

    def _stop_process(self) -> None:
        proc, conn = self.proc, self.conn
        self.proc = self.conn = None
        if conn is not None:
            try:
                conn.send(None)
            except (OSError, ValueError):
                pass
            conn.close()
        if proc is not None:
            proc.join(0.2)
            if proc.is_alive():
                proc.terminate()
                proc.join(1.0)
            if proc.is_alive():
                proc.kill()
                proc.join(1.0)

    def close(self) -> None:
        self.current = None
        self._stop_process()

    @property
    def alive(self) -> bool:
        return self.proc is not None and self.proc.is_alive()

    # -- requests -------------------------------------------------------------------------
    def ask(self, seen: dict, level: str, seed: int, budget: Any, **extra) -> int:
        """Ask for a decision; a request before it is given up. Returns its id. `extra` is kept
        with it for the caller (`thinking`)."""
        if self.current is not None:
            self.cancel()
        self.rid += 1
        self.current = _Request(self.rid, (seen, level, seed, budget), self.clock(), extra=dict(extra))
        if not self.alive:
            self.start()
        self.wanted.value = self.rid
        self._send()
        return self.rid

    def cancel(self) -> None:
        if self.current is not None:
            self.current = None
            self.cancelled_at = self.clock()
            if self.wanted is not None:
                self.wanted.value = 0

    @property
    def thinking(self) -> _Request | None:
        """The request being answered (its `progress`, `extra`), or None."""
        return self.current

    @property
    def progress(self) -> float:
        return self.current.progress if self.current is not None else 0.0

    def _send(self) -> None:
        req = self.current
        if req is None or req.sent or self.busy or self.conn is None:
            return  # one request at a time: the worker reads the next when it is idle
        try:
            self.conn.send((req.rid, *req.args))
        except (OSError, ValueError):
            return  # the process is gone: `poll` says so
        req.sent = True
        self.busy.add(req.rid)

    def poll(self) -> Answer | Failure | None:
        """What the worker said since the last call, for the current request (never blocks)."""
        conn = self.conn
        if conn is None:
            return None
        out = None
        try:
            while conn.poll(0):
                kind, rid, data = conn.recv()
                if kind in ("done", "error", "cancelled", "fatal"):
                    self.busy.discard(rid)
                req = self.current
                if kind == "fatal":
                    self.fatal = data
                    if req is not None:
                        self.current = None
                        out = Failure(req.rid, data, crashed=True)
                    break
                if req is None or rid != req.rid:
                    continue  # an answer nobody waits for any more
                if kind == "progress":
                    req.progress = data
                elif kind == "done":
                    self.current = None
                    out = Answer(rid, data["command"], data["reason"], data["iterations"])
                elif kind == "error":
                    self.current = None
                    out = Failure(rid, data)
                elif kind == "cancelled":  # (asked again with the same id: not expected)
                    req.sent = False
        except (EOFError, OSError):
            pass
        if out is not None:
            self._send()
            return out
        req = self.current
        if req is not None and not self.alive:
            code = self.proc.exitcode if self.proc is not None else None
            self.current = None
            self._stop_process()
            self.restarts += 1
            return Failure(req.rid, f"exit code {code}", crashed=True)
        if req is not None and not req.sent:
            if self.busy and self.cancelled_at is not None and self.clock() - self.cancelled_at > self.stuck_seconds:
                self._stop_process()  # a search that does not listen: started again, the request resent
                self.restarts += 1
                self.start()
                self.wanted.value = req.rid
            self._send()
        return None
