"""Playing a battle's rounds many times from one real position, through the core's own `decide`
(what `Game.submit` runs), each trial with its own seed, to check `botwotr.core.odds` against the
rules as the engine applies them (issue 13, "Battle odds").

The policy is the one the odds assume (docs/battles.md, "Battle odds"): re-roll misses up to the
leadership, the black maneuver dice first (they come first); only forced casualties, the weakest
unit first; the attacker fights on, the defender stays; from the second round both Regroup and
play no card (a plain round)."""
from __future__ import annotations

import math

from botwotr.core.battle import die_value
from botwotr.core.engine import decide


class Trial:
    def __init__(self, game, state, seed):
        self.spec, self.rules = game.spec, game.rules
        self.s = dict(state, seed=f"odds-test-{seed}")

    def top(self):
        p = self.s["pending"]
        return p[-1] if p else None

    def do(self, cmd):
        _events, self.s = decide(self.spec, self.rules, self.s, cmd)

    def weakest(self, region):
        units = self.s["regions"][region]["units"]
        return min((u for u in units if units[u]), key=lambda u: (self.spec.units[u].strength, -units[u], u))

    def round(self, tactics=None, cards=None):
        """One round from its tactic decision to the cease decision (or the battle's end).
        Returns ({side: hits scored}, {side: units lost})."""
        b = self.s["battle"]
        tactics = tactics or {}
        for sd in (b["attacker"], b["defender"]):
            if self.top()["kind"] == "tactic" and sd in self.top()["sides"]:
                self.do({"cmd": "tactic", "side": sd, "tactic": tactics.get(sd, "regroup")})
        while self.top()["kind"] == "combat_card":
            sd = self.top()["sides"][0]
            self.do({"cmd": "combat_card", "side": sd, "card": (cards or {}).get(sd)})
        while self.top()["kind"] == "combat_roll":
            self.do({"cmd": "roll_combat", "side": self.top()["sides"][0]})
        while self.top()["kind"] == "reroll":
            sd, mx = self.top()["side"], self.top()["max"]
            roll = self.s["battle"]["rolls"][sd]
            misses = [i for i, d in enumerate(roll["dice"]) if die_value(d, roll["mod"]) < roll["target"]]
            self.do({"cmd": "reroll", "side": sd, "dice": misses[:mx]})
        b = self.s["battle"]
        hits = dict(b["hits"])
        size0 = {sd: sum(self.s["regions"][_region(b, sd)]["units"].values()) for sd in ("fp", "sh")}
        while self.top() and self.top()["kind"] == "casualties":
            p = self.top()
            if p["mandatory"]:
                self.do({"cmd": "casualty", "side": p["side"], "unit": self.weakest(p["region"])})
            else:
                self.do({"cmd": "done", "side": p["side"]})
        lost = {sd: size0[sd] - sum(self.s["regions"][_region(b, sd)]["units"].values()) for sd in ("fp", "sh")}
        return hits, lost

    def to_the_end(self, tactics=None, cards=None):
        """The whole battle, both fighting on: the outcome (BattleEnded's)."""
        self.round(tactics, cards)
        for _ in range(60):
            b = self.s["battle"]
            if b is None or b.get("outcome"):
                return b["outcome"] if b else None
            k = self.top()["kind"]
            if k == "cease":
                self.do({"cmd": "fight_on", "side": b["attacker"]})
            elif k == "withdraw":
                self.do({"cmd": "withdraw", "side": b["defender"], "choice": "stay"})
            elif k == "tactic":
                self.round()
            else:
                raise AssertionError(f"unexpected decision {self.top()}")
        raise AssertionError("the battle did not end in 60 steps")


def _region(b, side):
    return b["current"] if side == b["attacker"] else b["target"]


def close(freq: float, p: float, n: int, sigmas: float = 4.0) -> bool:
    """An observed frequency within `sigmas` standard errors (and one trial) of the exact chance."""
    return abs(freq - p) <= sigmas * math.sqrt(max(p * (1 - p), 1e-9) / n) + 1.0 / n
