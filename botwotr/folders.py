"""The program's folders (platformdirs; `BOTWOTR_HOME` puts them all under one folder): saves and
settings, logs, and the caches kept between runs. Standard library and platformdirs only, so the
board and content readers can ask for their cache folder without importing the saves."""

from __future__ import annotations

import os
from pathlib import Path

APP = "botwotr"


def override() -> Path | None:
    home = os.environ.get("BOTWOTR_HOME")
    return Path(home) if home else None


def data_folder() -> Path:
    import platformdirs

    return override() or Path(platformdirs.user_data_dir(APP, appauthor=False))


def log_folder() -> Path:
    import platformdirs

    return override() or Path(platformdirs.user_log_dir(APP, appauthor=False))


def cache_folder() -> Path:
    import platformdirs

    o = override()
    return o / "cache" if o else Path(platformdirs.user_cache_dir(APP, appauthor=False))


def kept_cache(kind: str) -> Path | None:
    """The folder of one disk cache ("maps", "content", "art"), or None when `BOTWOTR_NO_CACHE`
    turns the caches off."""
    if os.environ.get("BOTWOTR_NO_CACHE"):
        return None
    return cache_folder() / kind


def store_kept(folder: Path, name: str, data: bytes, keep: int) -> None:
    """Write one disk cache's file atomically (a temporary file renamed over `name`), then drop the
    oldest files of the same suffix beyond the newest `keep`. Raises OSError; the caches' callers
    keep nothing then (the thing is read again next time)."""
    folder.mkdir(parents=True, exist_ok=True)
    suffix = Path(name).suffix
    import tempfile  # only when a cache is written (~10 ms of every start otherwise)

    fd, tmp = tempfile.mkstemp(prefix=".kept.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, folder / name)
    except BaseException:
        os.unlink(tmp)
        raise
    kept = sorted(folder.glob("*" + suffix), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in kept[keep:]:
        old.unlink()
