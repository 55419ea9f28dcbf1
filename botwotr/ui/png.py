"""A small PNG encoder: deterministic bytes (they depend only on the pixels and zlib, not on the
libpng pygame was built with) and faster than `pygame.image.save` at a moderate compression
level. Used by the map generator, screenshots and `botwotr export`."""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

import pygame


def png_bytes(surf: pygame.Surface, level: int = 4, up: bool = True) -> bytes:
    """Encode an RGB PNG ourselves: the bytes depend only on the pixels and zlib, not on the
    libpng that pygame was built with. With `up` every row uses the "Up" filter, computed for the
    whole image at once with big-integer byte-wise subtraction (no numpy needed); without it the
    rows are not filtered, which at 1920x1080 is about 3 times faster to encode and 15% larger
    (`botwotr export` uses that, bench/export.py)."""
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGB")
    stride = w * 3
    n = len(raw)
    if not up:
        rows = b"".join(b"\x00" + raw[i : i + stride] for i in range(0, n, stride))
        return _png(w, h, rows, level)
    a = int.from_bytes(raw, "big")
    b = int.from_bytes(bytes(stride) + raw[:-stride], "big")
    ones = (1 << (8 * n)) - 1
    high = int.from_bytes(b"\x80" * n, "big")
    low = high ^ ones
    # per-byte (a - b) mod 256 without borrows between bytes (SWAR subtraction)
    diff = (((a | high) - (b & low)) ^ ((a ^ ~b) & high)) & ones
    filtered = diff.to_bytes(n, "big")
    rows = b"".join(b"\x02" + filtered[i : i + stride] for i in range(0, n, stride))
    return _png(w, h, rows, level)


PARTS = 2  # pieces of a big image compressed side by side (zlib lets go of the GIL): 2 cores
PART_MIN = 1 << 20  # bytes: a smaller image is compressed in one piece


def _deflate(rows: bytes, level: int) -> bytes:
    """One zlib stream of `rows`. A big image is cut in PARTS pieces, each compressed by a thread
    as raw deflate ending on a byte boundary (a sync flush), joined under one zlib header and
    the Adler-32 of the whole (as pigz does): the same bytes for the same pixels, a few tenths of
    a percent larger, and about PARTS times faster where there are free cores."""
    if len(rows) < PART_MIN:
        return zlib.compress(rows, level)
    import threading  # (not concurrent.futures: ~10 ms of `botwotr export`'s imports)

    n = len(rows)
    cuts = [n * i // PARTS for i in range(PARTS + 1)]
    parts: list = [None] * PARTS

    def part(i: int) -> None:
        c = zlib.compressobj(level, zlib.DEFLATED, -15)
        parts[i] = c.compress(rows[cuts[i] : cuts[i + 1]]) + c.flush(
            zlib.Z_FINISH if i == PARTS - 1 else zlib.Z_SYNC_FLUSH
        )

    workers = [threading.Thread(target=part, args=(i,)) for i in range(1, PARTS)]
    for w in workers:
        w.start()
    part(0)  # this thread does the first piece
    for w in workers:
        w.join()
    if any(p is None for p in parts):
        raise RuntimeError("a part of the PNG could not be compressed")
    header = b"\x78\x01" if level <= 1 else b"\x78\x9c"
    return header + b"".join(parts) + struct.pack(">I", zlib.adler32(rows) & 0xFFFFFFFF)


def _png(w: int, h: int, rows: bytes, level: int) -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", _deflate(rows, level)) + chunk(b"IEND", b"")


def save_png(surf: pygame.Surface, path, level: int = 4, up: bool = True) -> None:
    Path(path).write_bytes(png_bytes(surf, level, up))
