"""The board art kept on disk at the size it is drawn (issue 11: no PNG decoded and scaled at each
start), and the PNG written in parts side by side: the same pixels either way."""

from __future__ import annotations

import zlib

import pygame

from botwotr.board.loader import MAPS_DIR
from botwotr.ui import board_view, png
from botwotr.ui import resources as res


def test_the_scaled_art_comes_back_from_the_disk_with_the_same_pixels(tmp_path, monkeypatch):
    monkeypatch.setenv("BOTWOTR_HOME", str(tmp_path))
    monkeypatch.delenv("BOTWOTR_NO_CACHE", raising=False)
    art = MAPS_DIR / "rohan_art.png"
    size = (1203, 802)
    made = board_view._scaled_art(art, size, disk=True)
    assert board_view._scaled_art(art, (1000, 700)).get_size() == (1000, 700)  # a zoom level ...
    [stored] = (tmp_path / "cache" / "art").glob("*.raw")  # ... is not written to the disk
    res.clear()
    scaled = []
    monkeypatch.setattr(pygame.transform, "smoothscale", lambda *a: scaled.append(a) or None)
    again = board_view._scaled_art(art, size, disk=True)
    assert scaled == [] and again.get_size() == size
    assert pygame.image.tobytes(again, "RGB") == pygame.image.tobytes(made, "RGB")
    # another size is another file; a file cut short is not used
    assert res.stored_picture(art, (1200, 800)) is None
    stored.write_bytes(stored.read_bytes()[:-5])
    assert res.stored_picture(art, size) is None


def test_a_big_png_written_in_parts_decodes_to_the_same_pixels(tmp_path):
    surf = pygame.Surface((900, 700))
    for y in range(0, 700, 7):
        pygame.draw.line(surf, ((y * 3) % 256, (y * 7) % 256, 90), (0, y), (899, 699 - y), 3)
    assert len(pygame.image.tobytes(surf, "RGB")) > png.PART_MIN
    out = tmp_path / "x.png"
    png.save_png(surf, out, level=1, up=False)
    back = pygame.image.load(str(out))
    assert pygame.image.tobytes(back, "RGB") == pygame.image.tobytes(surf, "RGB")
    data = out.read_bytes()
    i = data.index(b"IDAT")
    n = int.from_bytes(data[i - 4 : i], "big")
    raw = zlib.decompress(data[i + 4 : i + 4 + n])  # one valid zlib stream (checksum checked)
    assert len(raw) == 700 * (1 + 900 * 3)
    assert png.png_bytes(surf, 1, up=False) == data  # the same bytes every time


def _idat_rows(data: bytes) -> bytes:
    i = data.index(b"IDAT")
    n = int.from_bytes(data[i - 4 : i], "big")
    return zlib.decompress(data[i + 4 : i + 4 + n])


def test_unfiltered_rows_are_the_surfaces_rgb_bytes_for_every_kind_of_surface():
    """Issue 11: the unfiltered PNG (what `botwotr export` writes) takes an opaque surface's rows
    through a 24-bit copy, and any other surface through `pygame.image.tobytes`: either way each
    row is a 0 filter byte then exactly the surface's RGB bytes (odd widths, alpha, a colour key,
    16-bit colour, a 24-bit surface)."""
    pygame.display.init()
    kinds = {
        "opaque": lambda s: pygame.Surface(s),
        "per-pixel alpha": lambda s: pygame.Surface(s, pygame.SRCALPHA),
        "24-bit": lambda s: pygame.Surface(s, 0, 24),
        "16-bit": lambda s: pygame.Surface(s, 0, 16),
        "colour key": lambda s: pygame.Surface(s),
        "surface alpha": lambda s: pygame.Surface(s),
    }
    for w, h in ((7, 5), (641, 361), (1, 1)):
        for kind, make in kinds.items():
            surf = make((w, h))
            for k in range(12):
                colour = ((k * 67) % 256, (k * 151) % 256, (k * 29) % 256, (k * 97) % 256)
                pygame.draw.rect(surf, colour, ((k * 13) % w, (k * 7) % h, w // 2 + 1, h // 3 + 1))
            if kind == "colour key":
                surf.set_colorkey(surf.get_at((0, 0)))
            if kind == "surface alpha":
                surf.set_alpha(100)
            rgb = pygame.image.tobytes(surf, "RGB")
            want = b"".join(b"\x00" + rgb[i : i + w * 3] for i in range(0, len(rgb), w * 3))
            assert _idat_rows(png.png_bytes(surf, 1, up=False)) == want, (w, h, kind)
