"""YAML content -> validated, frozen specs (`botwotr.core.spec`). See docs/content.md."""

from .errors import ContentError

__all__ = ["ContentError", "load_scenario", "validate_scenario", "check_scenario", "load_board_yaml", "SCENARIO_FILES"]


def load_scenario(folder):
    """Load and validate the scenario in `folder`; raise the first `ContentError`.

    A scenario kept by the content cache (content/cache.py: every file it was read from
    unchanged) is taken without importing the YAML reader and the checker at all."""
    from pathlib import Path

    from . import cache

    path = Path(folder)
    if path.is_dir():
        spec = cache.stored(path)
        if spec is not None:
            return spec
    from .loader import load_scenario as read

    return read(folder)


def __getattr__(name: str):
    # The checker (and the YAML reader under it) is imported when first asked for.
    if name in ("SCENARIO_FILES", "check_scenario", "load_board_yaml", "validate_scenario"):
        from . import loader

        return getattr(loader, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
