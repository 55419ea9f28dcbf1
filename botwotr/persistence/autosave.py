"""Autosave: after every command the game is written to `autosave.json`; the previous good file
is kept as `autosave.prev.json` (hard-linked and renamed into place, not rewritten). The write is
atomic (`save.atomic_write`) and so is the rename, so a crash or a power cut at any moment leaves at
least one complete save that loads and verifies.
"""
from __future__ import annotations

import os
from pathlib import Path

from ..core import Game
from . import save as saves

NEWEST = "autosave.json"
PREVIOUS = "autosave.prev.json"


def default_folder() -> Path:
    base = os.environ.get("BOTWOTR_HOME") or os.path.join(
        os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share"), "botwotr")
    return Path(base)


def autosave(game: Game, folder: str | os.PathLike | None = None) -> Path:
    folder = Path(folder) if folder else default_folder()
    folder.mkdir(parents=True, exist_ok=True)
    newest = folder / NEWEST
    if newest.exists():
        # The newest was written atomically, so it is whole: it becomes the previous one through a
        # hard link renamed into place (no need to read it back), and the newest stays in place
        # until the new one replaces it atomically.
        tmp = folder / (PREVIOUS + ".tmp")
        try:
            if tmp.exists():
                tmp.unlink()
            os.link(newest, tmp)
        except OSError:  # a file system without hard links: copy instead
            import shutil
            shutil.copyfile(newest, tmp)
        os.replace(tmp, folder / PREVIOUS)
    saves.save(game, newest)
    return newest


def candidates(folder: str | os.PathLike | None = None) -> list[Path]:
    folder = Path(folder) if folder else default_folder()
    return [p for p in (folder / NEWEST, folder / PREVIOUS) if p.exists()]


def load_latest(spec_for, folder: str | os.PathLike | None = None) -> tuple[Game | None, list[str]]:
    """The newest autosave that loads and verifies, and the problems met on the way."""
    problems = []
    for path in candidates(folder):
        try:
            return saves.load(path, spec_for), problems
        except saves.SaveError as e:
            problems.append(str(e))
    return None, problems
