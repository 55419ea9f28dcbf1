"""The checked scenario kept on disk between runs (issue 11).

Reading and checking a scenario's YAML (with line numbers for the error messages) takes ~40 ms
of every start and of every `botwotr export`. A scenario that passed every check is kept,
pickled, in the cache folder (`$BOTWOTR_HOME/cache/content`, else the platform's cache folder),
named after its folder and the code that reads it, together with the digest of every file the
check read (absent files too) and of each Tiled map it loaded (its bytes and the headers of the
PNGs beside it, as the map cache keys them). Before a stored scenario is used every one of those
files is read and hashed again; any difference (a file changed, added or removed, another
version of the code, a broken or foreign cache file) and the scenario is read and checked again
from its files, so its errors are reported exactly as without a cache. Only a scenario with no
error is stored. BOTWOTR_NO_CACHE=1 turns it off.
"""

from __future__ import annotations

import hashlib
import pickle
from pathlib import Path
from typing import Any

FORMAT = 1
STORED = 8  # the newest kept

_TAG: bytes | None = None


def _code_tag() -> bytes:
    """The source of everything that reads a scenario or shapes what it makes."""
    global _TAG
    if _TAG is None:
        h = hashlib.blake2b(digest_size=16)
        h.update(str(FORMAT).encode())
        pkg = Path(__file__).resolve().parents[1]
        for sub in ("content", "core", "board", "scenarios"):
            for f in sorted((pkg / sub).rglob("*.py")):
                h.update(f.relative_to(pkg).as_posix().encode())
                try:
                    h.update(f.read_bytes())
                except OSError:
                    h.update(b"?")
        _TAG = h.digest()
    return _TAG


def _folder() -> Path | None:
    from ..folders import kept_cache

    return kept_cache("content")


def _name(scenario: Path) -> str:
    key = str(scenario.resolve()).encode("utf-8", "surrogateescape") + _code_tag()
    return hashlib.blake2b(key, digest_size=16).hexdigest() + ".pickle"


def _file_digest(path: Path) -> str | None:
    try:
        return hashlib.blake2b(path.read_bytes(), digest_size=16).hexdigest()
    except OSError:
        return None


def _map_digest(path: Path) -> tuple:
    art = []
    for p in sorted(path.parent.glob("*.png")):
        try:
            with open(p, "rb") as f:
                art.append((p.name, f.read(33)))
        except OSError:
            art.append((p.name, None))
    return (_file_digest(path), tuple(art))


def _inputs(scenario: Path, files: list[str], maps: list[Path]) -> tuple:
    return (
        tuple((name, _file_digest(scenario / name)) for name in dict.fromkeys(files)),
        tuple((str(m), _map_digest(m)) for m in dict.fromkeys(maps)),
    )


def stored(scenario: Path) -> Any:
    """The spec kept for `scenario` if every file it was made from is unchanged, else None."""
    folder = _folder()
    if folder is None:
        return None
    try:
        data = (folder / _name(scenario)).read_bytes()
        tag, where, files, maps, inputs, spec = pickle.loads(data)
        if tag != _code_tag() or where != str(scenario.resolve()):
            return None
        if _inputs(scenario, files, [Path(m) for m in maps]) != inputs:
            return None
    except Exception:  # noqa: BLE001 - none, or not readable: the scenario is read again
        return None
    from botwotr.core.spec import ScenarioSpec

    return spec if isinstance(spec, ScenarioSpec) else None


def store(scenario: Path, files: list[str], maps: list[Path], spec: Any) -> None:
    folder = _folder()
    if folder is None:
        return
    from ..folders import store_kept

    try:
        inputs = _inputs(scenario, files, maps)
        blob = pickle.dumps(
            (_code_tag(), str(scenario.resolve()), list(files), [str(m) for m in maps], inputs, spec),
            protocol=pickle.HIGHEST_PROTOCOL,
        )
        store_kept(folder, _name(scenario), blob, STORED)
    except Exception:  # noqa: BLE001 - no cache then: the scenario is read again next time
        pass
