"""Chance as data (ARCHITECTURE.md, idea 2).

Every die, shuffle and draw is decided here, once, and its outcome is written into the events;
applying events never rolls. The random stream is a pure function of the game's seed and a
counter kept in the state, so the same log always replays to the same state, and undoing a roll
then asking again gives the same roll.

A command may carry `"outcomes"`: a list of values consumed in order before the seeded stream is
used. In the companion mode (`strict`), the client rolls nothing: when a command needs a value it
was not given, it is refused with `chance/needs_outcome` and `RuleError.data` says what to ask
the players (`kind`: "die", "face" or "pick"; `what`; `options` for faces and picks). The client
asks, appends the answer to `outcomes` and submits the same command again. This is how the
scripted runner gives dice explicitly and how the companion mode enters the physical dice, the
fate tile and the cards drawn at a table. Outcomes are checked: a die must be 1..6 and a drawn
item must be one that could have been drawn.

A strict `Chance` never touches the seeded stream: `_rng` refuses, so a path that forgot to ask
is a loud fault rather than a card the client dealt by itself. The decks are never shuffled: a
draw is a pick among the cards left, which is the same chance and can be entered.
"""

from __future__ import annotations

from typing import Any, NoReturn

import _random
import hashlib
import random
import threading

from .errors import RuleError


_LOCAL = threading.local()  # .gen: the thread's generator, reseeded for every draw (`Chance._rng`)
_seed = _random.Random.seed  # the C seeding, without `random.Random.seed`'s checks of other types


class Chance:
    __slots__ = ("seed", "counter", "outcomes", "used_outcomes", "strict")

    def __init__(self, seed: Any, counter: int, outcomes: list[Any] | None = None, strict: bool = False):
        self.seed = seed
        self.counter = counter
        self.outcomes = list(outcomes or [])
        self.used_outcomes = 0
        self.strict = strict

    def _need(self, kind: str, what: str, options: Any = None) -> NoReturn:
        n = self.used_outcomes + 1
        data: dict[str, Any] = {"kind": kind, "what": what, "index": self.used_outcomes}
        if options is not None:
            data["options"] = list(options)
        ask = {
            "die": f"the result (1-6) of the {what} die",
            "face": f"the face of the {what}",
            "pick": f"which {what} was drawn",
        }[kind]
        raise RuleError("chance/needs_outcome", f"Enter {ask} (outcome {n}).", None, data)

    def _rng(self) -> random.Random:
        if self.strict:  # every caller asks the players first; reaching here is a bug of the core
            raise RuntimeError("the companion mode draws nothing from the seeded generator")
        h = hashlib.blake2b(f"{self.seed}:{self.counter}".encode(), digest_size=8).digest()
        self.counter += 1
        # `random.Random(n)` seeded anew: this thread's generator, seeded by the C seeding alone,
        # gives the same stream (`random.Random(n)` seeds twice, in its `__new__` and again in
        # its `__init__`, about a third of a replayed entry's chance; docs/PERFORMANCE.md,
        # "replay9"). One generator a thread: a draw uses it before the next one is seeded.
        try:
            gen: random.Random = _LOCAL.gen
        except AttributeError:
            gen = _LOCAL.gen = random.Random()
        _seed(gen, int.from_bytes(h, "big"))
        return gen

    def _forced(self) -> tuple[bool, Any]:
        if self.used_outcomes < len(self.outcomes):
            v = self.outcomes[self.used_outcomes]
            self.used_outcomes += 1
            return True, v
        return False, None

    def dice(self, n: int, what: str = "dice", whats: list[str] | None = None) -> list[int]:
        """n dice; `whats` names each die when the players are asked for it (a combat roll's
        black maneuver dice apart from its white ones), `what` all of them otherwise. The seeded
        stream is the same either way."""
        out = []
        rng = None
        for i in range(n):
            forced, v = self._forced()
            if forced:
                if type(v) is not int or not 1 <= v <= 6:
                    raise RuleError("chance/bad_die", f"A die result must be a number from 1 to 6, not {v!r} ({what}).")
                out.append(v)
            else:
                if self.strict:
                    self._need("die", whats[i] if whats else what)
                if rng is None:
                    rng = self._rng()
                out.append(rng.randint(1, 6))
        return out

    def face(self, faces: tuple[str, ...], what: str) -> str:
        """One action die: a face name, or a number 1-6 for the face at that position."""
        forced, v = self._forced()
        if forced:
            if isinstance(v, str) and v in faces:
                return v
            if type(v) is int and 1 <= v <= 6:
                return faces[v - 1]
            raise RuleError(
                "chance/bad_die", f"{v!r} is not a face of the {what} ({', '.join(sorted(set(faces)))}).", "R-8.1"
            )
        if self.strict:
            self._need("face", what, sorted(set(faces)))
        return faces[self._rng().randint(1, 6) - 1]

    def pick(self, items: list[Any], what: str = "item") -> Any:
        """Draw one item at random from `items` (a deck, the fate pool, a token pool)."""
        if not items:
            raise RuleError("chance/empty", f"There is no {what} to draw.")
        forced, v = self._forced()
        if forced:
            if v not in items:
                raise RuleError("chance/bad_draw", f"{v!r} cannot be drawn as the {what}: it is not among those left.")
            return v
        if self.strict:
            self._need("pick", what, sorted(set(items)))
        return self._rng().choice(items)

    def check_all_used(self) -> None:
        if self.used_outcomes < len(self.outcomes):
            left = self.outcomes[self.used_outcomes :]
            raise RuleError(
                "chance/unused_outcomes", f"The command gave more outcomes than it needed: {left!r} were not used."
            )
