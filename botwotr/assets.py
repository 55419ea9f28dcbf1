"""Locate the fonts and icons shipped in the repository's ``assets/`` folder.

Standard library only; pygame is not imported here.  The client loads the
files itself, for example::

    font = pygame.font.Font(font_path("serif"), 24)
    svg = icon_path("castle").read_bytes().replace(b"currentColor", b"#c8a040")
    surf = pygame.image.load_sized_svg(io.BytesIO(svg), (64, 64))

Where the assets live: ``assets/`` sits at the root of the repository, beside
the ``botwotr`` package, and is not package data.  The project is installed
editable (``pip install -e .``), so ``botwotr/__file__`` still points into the
checkout and the folder is found as ``Path(__file__).resolve().parent.parent
/ "assets"``.  A non-editable install (a wheel) would not carry the folder; set
the environment variable ``BOTWOTR_ASSETS`` to an ``assets`` folder to point
the client at it explicitly in that case.

Licences: fonts are SIL OFL 1.1 (``assets/fonts/LICENSE-*.txt``); icons are
from game-icons.net under CC BY 3.0 (``assets/icons/CREDITS.md``).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "FONT_FILES",
    "asset_root",
    "font_path",
    "icon_path",
    "icon_names",
    "credits_path",
]

#: Font kinds and the file each uses, relative to ``assets/fonts``.
FONT_FILES: dict[str, str] = {
    "serif": "EBGaramond-Regular.ttf",  # book face: titles, labels
    "serif_bold": "EBGaramond-Bold.ttf",
    "sans": "NotoSans-Regular.ttf",  # small UI text
    "sans_bold": "NotoSans-Bold.ttf",
}


def asset_root() -> Path:
    """Return the ``assets/`` folder.

    ``$BOTWOTR_ASSETS`` wins if set; otherwise the folder beside the package
    in the repository checkout (``<repo>/botwotr/../assets``).
    """
    override = os.environ.get("BOTWOTR_ASSETS")
    if override:
        root = Path(override).expanduser().resolve()
    else:
        root = Path(__file__).resolve().parent.parent / "assets"
    if not root.is_dir():
        raise FileNotFoundError(
            f"botwotr assets folder not found: {root} "
            "(expected <repo>/assets beside the botwotr package, or set BOTWOTR_ASSETS)"
        )
    return root


def _existing(path: Path, what: str) -> Path:
    if not path.is_file():
        raise FileNotFoundError(f"botwotr {what} file not found: {path}")
    return path


def font_path(kind: str) -> Path:
    """Return the font file for ``kind``: "serif", "serif_bold", "sans" or "sans_bold"."""
    try:
        name = FONT_FILES[kind]
    except KeyError:
        raise ValueError(f"unknown font kind {kind!r}; expected one of {', '.join(FONT_FILES)}") from None
    return _existing(asset_root() / "fonts" / name, f"font ({kind!r})")


def icon_path(name: str) -> Path:
    """Return ``assets/icons/<name>.svg`` (``name`` may include the ``.svg`` suffix)."""
    if name.endswith(".svg"):
        name = name[: -len(".svg")]
    if not name or "/" in name or "\\" in name or name.startswith("."):
        raise ValueError(f"invalid icon name {name!r}")
    return _existing(asset_root() / "icons" / f"{name}.svg", f"icon ({name!r})")


def icon_names() -> list[str]:
    """Return the names of all shipped icons (file stems), sorted."""
    return sorted(p.stem for p in (asset_root() / "icons").glob("*.svg"))


def credits_path() -> Path:
    """Return the icon credits file (CC BY 3.0 attribution), for a credits screen."""
    return _existing(asset_root() / "icons" / "CREDITS.md", "credits")
