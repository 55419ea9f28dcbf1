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
