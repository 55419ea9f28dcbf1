"""A small PNG encoder: deterministic bytes (they depend only on the pixels and zlib, not on the
libpng pygame was built with) and faster than `pygame.image.save` at a moderate compression
level. Used by the map generator, screenshots and `botwotr export`."""

from __future__ import annotations

import struct
import sys
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
    stride = w * 3
    if not up:
        rows = b"".join(_unfiltered_rows(surf))
        return _png(w, h, rows, level)
    raw = pygame.image.tobytes(surf, "RGB")
    n = len(raw)
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


_NO = b"\x00"  # the filter byte of an unfiltered row


def _unfiltered_rows(surf: pygame.Surface) -> list:
    """The rows of an unfiltered PNG, each its filter byte then its RGB bytes, as pieces for one
    join. An opaque surface is copied once onto a 24-bit one whose bytes are already R, G, B in
    memory (an SDL blit, ~3 times cheaper than `pygame.image.tobytes`) and its rows are taken as
    views of its pixels, not copies; any other surface (alpha, colour key, fewer than 8 bits a
    channel) goes through
    `pygame.image.tobytes`. The same bytes either way (tests/ui/test_art_store_and_png.py)."""
    w, h = surf.get_size()
    stride = w * 3
    opaque = not surf.get_flags() & pygame.SRCALPHA and surf.get_colorkey() is None and surf.get_alpha() is None
    eight_bits = all(bin(m).count("1") == 8 for m in surf.get_masks()[:3])  # (not 16-bit colour)
    if opaque and eight_bits and sys.byteorder == "little":
        rgb = pygame.Surface((w, h), 0, 24, (0xFF, 0xFF00, 0xFF0000, 0))
        rgb.blit(surf, (0, 0))
        pitch = rgb.get_pitch()
        buf = memoryview(rgb.get_buffer())  # its pixels themselves (locked while the views live)
    else:
        pitch = stride
        buf = memoryview(pygame.image.tobytes(surf, "RGB"))
    pieces: list = []
    for i in range(0, pitch * h, pitch):
        pieces += (_NO, buf[i : i + stride])
    return pieces


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
