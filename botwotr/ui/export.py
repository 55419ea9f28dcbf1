"""`botwotr export SAVE --out FILE.png [--at N | --turn T [--phase P]] [--size WxH]
[--seat public|free|shadow]`: a position rendered to PNG with no window (SDL's dummy video driver
is used when none is set).

The public seat (the default) hides both hands and every face-down token; `free` and `shadow`
show that side's secrets only. `--at N` renders the position after the first N log entries;
`--turn T` the first position of turn T, and with `--phase P` the first position of that phase
in turn T (draw, shadow, fate, roll, actions, end). The picture is 640x360 to 16384x16384 pixels:
below 640x360 the screen's panels do not fit.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

MIN_SIZE = (640, 360)
MAX_SIDE = 16384
PHASES = ("draw", "shadow", "fate", "roll", "actions", "end")


# pygame's modules that a picture needs none of and that pygame's own `__init__` lets go missing
# without a warning (sound, the clipboard, pixel arrays, its debug and system reports, the default
# font's data, its typing aliases): the `botwotr export` command starts pygame without them when
# nothing has imported it yet (docs/PERFORMANCE.md, export8). Not here: the modules that others
# need (`display` imports `window`; `event`, `key`, `mouse` and `time` import `joystick`) or whose
# absence pygame reports on stderr (`cursors`, `sprite` and the `mask` it imports).
UNUSED_PYGAME = ("mixer_music", "mixer", "scrap", "_debug", "system", "pixelarray", "typing", "pkgdata")


def leave_out_unused_pygame() -> None:
    """Before pygame's first import in this process: mark `UNUSED_PYGAME` as not there (None in
    `sys.modules`, which pygame's `__init__` takes as a missing optional module). They stay left
    out for the rest of the process, which the command ends (pygame's exit handler would import
    the mixer again otherwise). Nothing once pygame is imported (the tests, the window)."""
    if "pygame" in sys.modules:
        return
    for m in UNUSED_PYGAME:
        sys.modules.setdefault(f"pygame.{m}", None)  # type: ignore[arg-type]


class ExportError(Exception):
    """A clear, one-line reason the export cannot be made."""


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise ExportError(f"--size must look like 1920x1080, not {text!r}") from None
    if not (MIN_SIZE[0] <= w <= MAX_SIDE and MIN_SIZE[1] <= h <= MAX_SIDE):
        raise ExportError(
            f"--size {w}x{h} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIDE}x{MAX_SIDE} pixels"
        )
    return w, h


def position_index(game, at: int | None = None, turn: int | None = None, phase: str | None = None) -> int | None:
    """The number of log entries whose position is wanted (None: the last position)."""
    n = len(game.log)
    if at is not None and turn is not None:
        raise ExportError("give either --at or --turn, not both")
    if phase is not None and turn is None:
        raise ExportError("--phase needs --turn (for example --turn 2 --phase actions)")
    if at is not None:
        if not 0 <= at <= n:
            raise ExportError(f"--at {at} is out of range: the save has {n} log entries (0..{n})")
        return at
    if turn is None:
        return None
    if phase is not None and phase not in PHASES:
        raise ExportError(f"--phase {phase!r} is not a phase ({', '.join(PHASES)})")
    seen = []
    for i in range(n + 1):
        s = game.state_at(i)
        if s["turn"] == turn:
            if phase is None or s["phase"] == phase:
                return i
            if s["phase"] not in seen:
                seen.append(s["phase"])
    last = game.state_at(n)["turn"]
    if not seen:
        raise ExportError(f"--turn {turn} is not in the save: it reaches turn {last} (1..{last})")
    raise ExportError(f"turn {turn} of the save never waits in the {phase} phase; it waits in: {', '.join(seen)}")


def export_save(
    save_path,
    out,
    at: int | None = None,
    size=(1920, 1080),
    seat: str = "public",
    turn: int | None = None,
    phase: str | None = None,
) -> Path:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..catalog import spec_for
    from ..persistence.autosave import load_save as load  # an autosave with its journal
    from ..persistence.save import SaveError
    from .i18n_content import localize_game
    from .render import normalise_seat

    try:
        seat = normalise_seat(seat)
    except ValueError as e:
        raise ExportError(str(e)) from None
    w, h = size
    if not (MIN_SIZE[0] <= w <= MAX_SIDE and MIN_SIZE[1] <= h <= MAX_SIDE):
        raise ExportError(
            f"the size {w}x{h} is out of range: from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIDE}x{MAX_SIDE} pixels"
        )
    try:
        game = load(save_path, spec_for)
        localize_game(game)  # the scenario's names in the current language (botwotr.cli --lang)
    except SaveError as e:
        raise ExportError(str(e)) from None
    except Exception as e:  # noqa: BLE001 - load raises only SaveError; this is a last guard
        raise ExportError(f"{save_path}: cannot be loaded ({type(e).__name__}: {e})") from None
    at = position_index(game, at, turn, phase)
    import pygame

    from .layouts import layout_for
    from .png import save_png
    from .render import render_position

    pygame.font.init()
    try:
        layout = layout_for(game.spec)
        surf = render_position(game, game.spec, layout, size, seat, at=at)
        out = Path(out)
        if out.parent and not out.parent.is_dir():
            raise ExportError(f"{out}: the folder {out.parent} does not exist")
        try:
            save_png(surf, out, level=1, up=False)  # ~3x faster to encode, ~15% larger
        except (pygame.error, OSError) as e:
            raise ExportError(f"{out}: cannot be written ({e})") from None
    finally:
        from . import resources

        resources.clear()
    return out


def cmd_export(args) -> int:
    leave_out_unused_pygame()
    try:
        size = parse_size(args.size) if args.size else (1920, 1080)
        out = export_save(
            args.save,
            args.out,
            at=args.at,
            size=size,
            seat=args.seat,
            turn=getattr(args, "turn", None),
            phase=getattr(args, "phase", None),
        )
    except ExportError as e:
        print(f"botwotr export: {e}", file=sys.stderr)
        return 2
    print(f"botwotr export: wrote {out}")
    return 0
