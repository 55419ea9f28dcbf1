"""Where scenarios are found: the built-in ones under `botwotr/data/`, or any scenario folder."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def builtin_ids() -> list[str]:
    if not DATA.is_dir():
        return []
    return sorted(p.name for p in DATA.iterdir() if (p / "scenario.yaml").is_file())


def folder_for(name: str) -> Path:
    """A built-in scenario id, or a path to a scenario folder."""
    p = DATA / name
    if (p / "scenario.yaml").is_file():
        return p
    q = Path(name)
    if (q / "scenario.yaml").is_file():
        return q
    raise KeyError(name)


@lru_cache(maxsize=8)
def _load(folder: str):
    from .content import load_scenario

    return load_scenario(folder)


def spec_for(name: str):
    """The ScenarioSpec for an id or folder; KeyError if there is none, ContentError if broken."""
    return _load(str(folder_for(name).resolve()))
