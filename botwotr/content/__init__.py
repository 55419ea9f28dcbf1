"""YAML content -> validated, frozen specs (`botwotr.core.spec`). See docs/content.md."""

from .errors import ContentError
from .loader import SCENARIO_FILES, check_scenario, load_board_yaml, load_scenario, validate_scenario

__all__ = ["ContentError", "load_scenario", "validate_scenario", "check_scenario", "load_board_yaml", "SCENARIO_FILES"]
