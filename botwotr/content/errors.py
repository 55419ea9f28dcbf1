"""The one error type of the content layer."""

from __future__ import annotations


class ContentError(Exception):
    """Bad scenario content.

    `file` is the file's path relative to the scenario folder (`cards.yaml`), `key` the key path
    inside it (`cards[3].effect[0].do`, `units.riders.strength`; empty for the whole file),
    `problem` what is wrong, `line` the 1-based line when known.
    str(): `cards.yaml: cards[3].effect[0]: unknown effect 'drwa' (line 42)`.
    """

    def __init__(self, file: str, key: str, problem: str, line: int | None = None):
        super().__init__(file, key, problem, line)
        self.file = file
        self.key = key
        self.problem = problem
        self.line = line

    def __str__(self) -> str:
        where = f"{self.file}: {self.key}: " if self.key else f"{self.file}: "
        at = f" (line {self.line})" if self.line else ""
        return f"{where}{self.problem}{at}"
