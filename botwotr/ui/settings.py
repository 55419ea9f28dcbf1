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


# -- the window's size ------------------------------------------------------------------------

WINDOW = "window"
MAX_SIDE = 16384  # the largest window side SDL is asked for


def window_setting(home) -> tuple[tuple[int, int], bool] | None:
    """The window's size at the last close and whether it was maximised; None when nothing (or
    nothing usable: not two whole numbers from 1 to 16384) is stored."""
    v = load_settings(home).get(WINDOW)
    if not isinstance(v, dict):
        return None
    size = v.get("size")
    if not (isinstance(size, list) and len(size) == 2 and all(type(x) is int and 1 <= x <= MAX_SIDE for x in size)):
        return None
    return (size[0], size[1]), v.get("maximized") is True


def store_window(home, size, maximized: bool) -> None:
    """Remember the window's size (the windowed one, not full screen's) for the next start."""
    store_setting(home, WINDOW, {"size": [int(size[0]), int(size[1])], "maximized": bool(maximized)})


def start_window(home, asked, desktop, min_size=(640, 360)) -> tuple[tuple[int, int], bool]:
    """The size the window opens at, and whether maximised: the size asked for (`--size`) as it
    is, not maximised; else the size stored at the last close, no larger than the desktop (a
    smaller screen now) and no smaller than `min_size`, maximised if it was; else 85% of the
    desktop (at least 1280x720, at most the desktop), maximised. `desktop` is (0, 0) when unknown."""
    if asked is not None:
        return (int(asked[0]), int(asked[1])), False
    dw, dh = desktop
    stored = window_setting(home)
    if stored is not None:
        (w, h), maximized = stored
        if dw > 0 and dh > 0:
            w, h = min(w, dw), min(h, dh)
        return (max(min_size[0], w), max(min_size[1], h)), maximized
    if dw > 0 and dh > 0:
        return (min(max(1280, int(dw * 0.85)), dw), min(max(720, int(dh * 0.85)), dh)), True
    return (1280, 720), True
