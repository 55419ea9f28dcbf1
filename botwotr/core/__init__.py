"""The rules core: standard library only (no pygame, no YAML, no files)."""

from .errors import RuleError
from .game import Game, ReplayError

__all__ = ["Game", "ReplayError", "RuleError"]
