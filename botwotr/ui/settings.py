"""The stored settings of the window (`settings.json` in the program's home folder): the
animation speed, the interface language... Read by the title screen, the in-game menu and the
language choice; kept out of the scenes so that none of them imports another for it."""

from __future__ import annotations

import json

from ..persistence.save import atomic_write

SETTINGS = "settings.json"
SPEEDS = (1, 2, 4)  # the animation speeds offered


def load_settings(home) -> dict:
    """The stored settings; a missing or unreadable file gives the defaults."""
    try:
        data = json.loads((home / SETTINGS).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def store_setting(home, key: str, value) -> None:
    """Change one setting, keeping the others (written atomically)."""
    data = load_settings(home)
    data[key] = value
    atomic_write(home / SETTINGS, json.dumps(data, indent=1, sort_keys=True))


def animation_speed(home) -> int:
    v = load_settings(home).get("animation_speed", 1)
    return v if v in SPEEDS else 1
