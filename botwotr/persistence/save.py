"""Save files: versioned JSON holding the log, written atomically.

    {"format": "botwotr-save", "version": 1, "scenario": "rohan", "content_version": "1",
     "seed": 7, "log": [{"cmd": {...}, "events": [...]}, ...]}

Loading re-decides every command and checks it yields the recorded events (`Game.replay`); a save
that fails is refused with the first bad entry named, never half-loaded. Writing goes to a
temporary file in the same folder, is flushed and fsynced, then renamed over the target, so a
crash leaves either the old file or the new one, never a torn one.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from ..core import Game, ReplayError
from ..core.spec import ScenarioSpec

FORMAT = "botwotr-save"
VERSION = 1


class SaveError(Exception):
    """A save that cannot be loaded; the message says why and where."""


def to_dict(game: Game) -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "scenario": game.spec.id,
        "content_version": game.spec.content_version,
        "seed": game.seed,
        "log": game.log,
    }


def dumps(game: Game) -> str:
    return json.dumps(to_dict(game), separators=(",", ":"), ensure_ascii=False)


def atomic_write(path: str | os.PathLike, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save(game: Game, path: str | os.PathLike) -> None:
    atomic_write(path, dumps(game))


def parse(text: str, where: str = "save") -> dict:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"{where}: not a readable save (JSON error at line {e.lineno}, column {e.colno}: {e.msg})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a botwotr save file")
    v = data.get("version")
    if type(v) is not int:
        raise SaveError(f"{where}: the save has no valid version number")
    if v > VERSION:
        raise SaveError(f"{where}: the save is version {v}, newer than this program reads (version {VERSION}); "
                        "update botwotr to open it")
    if v < 1:
        raise SaveError(f"{where}: version {v} saves cannot be read by this program (version {VERSION})")
    for key, typ in (("scenario", str), ("content_version", str), ("seed", int), ("log", list)):
        if not isinstance(data.get(key), typ) or (typ is int and isinstance(data.get(key), bool)):
            raise SaveError(f"{where}: '{key}' is missing or has the wrong type (expected {typ.__name__})")
    return data


def from_dict(data: dict, spec: ScenarioSpec, where: str = "save") -> Game:
    if data["scenario"] != spec.id:
        raise SaveError(f"{where}: the save is for scenario '{data['scenario']}', not '{spec.id}'")
    if data["content_version"] != spec.content_version:
        raise SaveError(f"{where}: the save was made with content version {data['content_version']}, "
                        f"but this program has version {spec.content_version}; it cannot be replayed exactly")
    try:
        return Game.replay(spec, data["seed"], data["log"])
    except ReplayError as e:
        raise SaveError(f"{where}: log entry {e.index} is bad: {e.message}") from None


def load(path: str | os.PathLike, spec_for) -> Game:
    """Load a save; `spec_for(scenario_id)` gives the scenario's spec."""
    where = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{where}: cannot be read ({e})") from None
    data = parse(text, where)
    try:
        spec = spec_for(data["scenario"])
    except KeyError:
        raise SaveError(f"{where}: unknown scenario '{data['scenario']}'") from None
    return from_dict(data, spec, where)
