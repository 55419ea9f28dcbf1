"""The stored settings (`<home>/settings.json`: the animation speed, the language).

Kept out of `ui/scenes` so that the language choice (`i18n_choice`) and the review read them
without importing the menu scene (tests/ui/test_scene_import_cycles.py); `scenes/menu.py`
re-exports them.
"""

from __future__ import annotations

import json

SPEEDS = (1, 2, 4)
SETTINGS = "settings.json"


def load_settings(home) -> dict:
    """The stored settings; a missing or unreadable file gives the defaults."""
    try:
        data = json.loads((home / SETTINGS).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def store_setting(home, key: str, value) -> None:
    """Change one setting, keeping the others (written atomically)."""
    from ..persistence.save import atomic_write

    data = load_settings(home)
    data[key] = value
    atomic_write(home / SETTINGS, json.dumps(data, indent=1, sort_keys=True))


def animation_speed(home) -> int:
    v = load_settings(home).get("animation_speed", 1)
    return v if v in SPEEDS else 1
