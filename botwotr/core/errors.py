"""The one error type of the rules core (ARCHITECTURE.md, idea 5)."""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An illegal or malformed command. Raised by `decide`; state and log stay unchanged.

    `code` is a stable machine-readable code (`move/not_adjacent`), `message` a sentence a
    player understands, `rule` the rule id (`R-9.4`) when one applies.
    """

    def __init__(self, code: str, message: str, rule: str | None = None, data: dict[str, Any] | None = None):
        super().__init__(f"{message} [{code}{', ' + rule if rule else ''}]")
        self.code = code
        self.message = message
        self.rule = rule
        self.data = data or {}  # structured detail, e.g. what outcome the companion mode needs

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"code": self.code, "message": self.message, "rule": self.rule}
        if self.data:
            out["data"] = self.data
        return out
