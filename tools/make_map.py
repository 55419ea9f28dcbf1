#!/usr/bin/env python3
"""Generate a board map from its source: maps/src/<name>.yaml -> maps/<name>.tmx + art PNG.

    python tools/make_map.py                 # maps/src/rohan.yaml -> maps/rohan.tmx, rohan_art.png
    python tools/make_map.py --check         # fail if the committed .tmx is out of date
    python tools/make_map.py SRC --out DIR   # another source or output folder
    python tools/make_map.py --no-art        # the .tmx only
    python tools/make_map.py --preview docs/img/rohan_board.png   # + a 1600 px wide copy

The output is deterministic: the same source (and, for the PNG, the same fonts and pygame-ce
build) gives the same bytes. Fonts: assets/fonts/ first, then Debian's fonts-ebgaramond, then
DejaVu Serif (see tools/mapgen/fonts.py). Runs without a display (SDL's dummy video driver).

As a module: ``generate(src_path, out_dir) -> GeneratedMap``.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from mapgen.fonts import FontSet, find_fonts  # noqa: E402
from mapgen.source import SourceError, load_source  # noqa: E402
from mapgen.tmx import render_tmx  # noqa: E402

DEFAULT_SOURCE = ROOT / "maps" / "src" / "rohan.yaml"
DEFAULT_OUT = ROOT / "maps"


@dataclass(frozen=True)
class GeneratedMap:
    tmx: Path
    art: Path | None
    fonts: str | None
    regions: int
    borders: int


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


def generate(src_path: str | Path = DEFAULT_SOURCE, out_dir: str | Path = DEFAULT_OUT, *,
             art: bool = True, fonts: FontSet | None = None) -> GeneratedMap:
    """Read the YAML source, write ``<id>.tmx`` and (unless art=False) the art PNG in out_dir.

    Raises SourceError (with the file and entry named) for a bad source.
    """
    src = load_source(src_path)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    tmx_path = out / f"{src.id}.tmx"
    art_path = None
    fonts = fonts or find_fonts(ROOT)
    fontdesc = fonts.description
    if art:
        from mapgen.art import render_art_texts, save_png

        surf, texts = render_art_texts(src, fonts)
        art_path = out / src.art
        tmp = art_path.with_name(art_path.stem + ".tmp.png")
        save_png(surf, tmp)
        os.replace(tmp, art_path)
    else:
        texts = tmx_texts(src, fonts)
    _write_atomic(tmx_path, render_tmx(src, texts).encode("utf-8"))
    return GeneratedMap(tmx_path, art_path, fontdesc, len(src.regions), len(src.borders))


def tmx_texts(src, fonts: FontSet | None = None) -> list[dict]:
    """The frame's painted texts (the `art_text` layer) without painting the whole board."""
    from mapgen.art import frame_texts

    return frame_texts(src, fonts or find_fonts(ROOT))


def _sha(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()[:16]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("source", nargs="?", default=str(DEFAULT_SOURCE))
    ap.add_argument("--out", default=str(DEFAULT_OUT), help="output folder (default maps/)")
    ap.add_argument("--no-art", action="store_true", help="write the .tmx only")
    ap.add_argument("--preview", metavar="PNG",
                    help="also write a downscaled copy of the art (e.g. docs/img/rohan_board.png)")
    ap.add_argument("--preview-width", type=int, default=1600)
    ap.add_argument("--check", action="store_true",
                    help="do not write; exit 1 if the .tmx in --out differs from the source")
    args = ap.parse_args(argv)
    try:
        if args.check:
            src = load_source(args.source)
            want = render_tmx(src, tmx_texts(src)).encode("utf-8")
            have_path = Path(args.out) / f"{src.id}.tmx"
            have = have_path.read_bytes() if have_path.exists() else b""
            if want != have:
                print(f"{have_path} is out of date with {args.source}: run tools/make_map.py",
                      file=sys.stderr)
                return 1
            print(f"{have_path} is up to date")
            return 0
        res = generate(args.source, args.out, art=not args.no_art)
    except SourceError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"wrote {res.tmx} ({res.regions} regions, {res.borders} borders) "
          f"sha256:{_sha(res.tmx)}")
    if res.art:
        print(f"wrote {res.art} sha256:{_sha(res.art)}")
        print(f"fonts: {res.fonts}")
        if args.preview:
            write_preview(res.art, Path(args.preview), args.preview_width)
            print(f"wrote {args.preview}")
    return 0


def write_preview(art: Path, dst: Path, width: int = 1600) -> None:
    """A smaller copy of the board art (for the docs)."""
    import pygame

    from mapgen.art import png_bytes

    img = pygame.image.load(str(art))
    w, h = img.get_size()
    small = pygame.transform.smoothscale(img, (width, round(h * width / w)))
    dst.parent.mkdir(parents=True, exist_ok=True)
    _write_atomic(dst, png_bytes(small, level=9))


if __name__ == "__main__":
    raise SystemExit(main())
