"""`botwotr export SAVE --out FILE.png [--at N] [--size WxH] [--seat public|free|shadow]`:
a position rendered to PNG with no window (SDL's dummy video driver is used when none is set).

The public seat (the default) hides both hands and every face-down token; `free` and `shadow`
show that side's secrets only. `--at N` renders the position after the first N log entries.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path


class ExportError(Exception):
    """A clear, one-line reason the export cannot be made."""


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise ExportError(f"--size must look like 1920x1080, not {text!r}") from None
    if not (64 <= w <= 16384 and 64 <= h <= 16384):
        raise ExportError(f"--size {w}x{h} is out of range (64..16384 pixels a side)")
    return w, h


def export_save(save_path, out, at: int | None = None, size=(1920, 1080), seat: str = "public") -> Path:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ..catalog import spec_for
    from ..persistence.save import SaveError, load
    from .render import normalise_seat
    try:
        seat = normalise_seat(seat)
    except ValueError as e:
        raise ExportError(str(e)) from None
    try:
        game = load(save_path, spec_for)
    except SaveError as e:
        raise ExportError(str(e)) from None
    except Exception as e:  # noqa: BLE001 - broken content behind a save is still a clear message
        raise ExportError(f"{save_path}: cannot be loaded ({type(e).__name__}: {e})") from None
    if at is not None and not (0 <= at <= len(game.log)):
        raise ExportError(f"--at {at} is out of range: the save has {len(game.log)} log entries (0..{len(game.log)})")
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
            save_png(surf, out)
        except (pygame.error, OSError) as e:
            raise ExportError(f"{out}: cannot be written ({e})") from None
    finally:
        from . import resources
        resources.clear()
    return out


def cmd_export(args) -> int:
    try:
        size = parse_size(args.size) if args.size else (1920, 1080)
        out = export_save(args.save, args.out, at=args.at, size=size, seat=args.seat)
    except ExportError as e:
        print(f"botwotr export: {e}", file=sys.stderr)
        return 2
    print(f"botwotr export: wrote {out}")
    return 0
