"""Pick the fonts the board art is lettered with.

Order of preference (the first that has a regular face wins):

1. the project's own fonts in ``assets/fonts/`` (EB Garamond, then Linux Libertine, Old Standard,
   Noto Serif, then any other face there);
2. Debian's ``fonts-ebgaramond`` (``apt-get install fonts-ebgaramond``);
3. DejaVu Serif (present on most Debian systems);
4. pygame's built-in font (last resort; the art still renders, less handsomely).

The art is deterministic for a given font set: the same machine with the same fonts gives the
same bytes. ``FontSet.description`` says which one was used; the generator prints it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FAMILY_PREFERENCE = ("ebgaramond", "eb garamond", "garamond", "libertine", "oldstandard",
                     "old standard", "notoserif", "noto serif", "serif")

SYSTEM_SETS = [
    ("EB Garamond (Debian fonts-ebgaramond)", {
        "regular": "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf",
        "italic": "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Italic.otf",
        "bold": "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Bold.otf",
        "smallcaps": "/usr/share/fonts/opentype/ebgaramond/EBGaramondSC12-Regular.otf",
    }),
    ("DejaVu Serif (Debian fonts-dejavu-core)", {
        "regular": "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf",
        "italic": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Italic.ttf",
        "bold": "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf",
    }),
]


@dataclass(frozen=True)
class FontSet:
    description: str
    regular: str | None
    italic: str | None
    bold: str | None
    smallcaps: str | None

    def path(self, style: str) -> str | None:
        p = getattr(self, style, None)
        if p:
            return p
        if style == "smallcaps":
            return self.regular
        return self.regular


def _classify(stem: str) -> str | None:
    """regular / italic / bold / smallcaps from a font file name, None for other faces."""
    n = stem.lower()
    if any(w in n for w in ("initial", "mono", "condensed", "light", "medium", "semibold",
                            "extrabold", "black")):
        return None
    if "sans" in n and "serif" not in n:
        return None
    if ("bold" in n and ("italic" in n or "oblique" in n)):
        return None
    if "italic" in n or "oblique" in n:
        return "italic"
    if "bold" in n:
        return "bold"
    if "allsc" in n or re.search(r"sc\d*([-_]|$)", n):
        return "smallcaps"
    return "regular"


def _from_assets(root: Path) -> FontSet | None:
    d = root / "assets" / "fonts"
    if not d.is_dir():
        return None
    files = sorted(p for p in d.rglob("*") if p.suffix.lower() in (".ttf", ".otf"))
    if not files:
        return None

    def family_rank(p: Path) -> tuple[int, str]:
        n = p.name.lower().replace("-", "").replace("_", "")
        for i, fam in enumerate(FAMILY_PREFERENCE):
            if fam.replace(" ", "") in n:
                return (i, p.name)
        return (len(FAMILY_PREFERENCE), p.name)

    files.sort(key=family_rank)
    best_rank = family_rank(files[0])[0]
    fam_files = [p for p in files if family_rank(p)[0] == best_rank]
    roles: dict[str, str] = {}
    for p in fam_files:
        role = _classify(p.stem)
        if role and role not in roles:
            roles[role] = str(p)
    if "regular" not in roles:
        return None
    rel = Path(roles["regular"]).relative_to(root)
    return FontSet(f"{rel} (assets/fonts)", roles["regular"], roles.get("italic"),
                   roles.get("bold"), roles.get("smallcaps"))


def find_fonts(root: Path) -> FontSet:
    fs = _from_assets(root)
    if fs:
        return fs
    for desc, roles in SYSTEM_SETS:
        if Path(roles["regular"]).is_file():
            ok = {k: (v if Path(v).is_file() else None) for k, v in roles.items()}
            return FontSet(desc, ok["regular"], ok.get("italic"), ok.get("bold"),
                           ok.get("smallcaps"))
    return FontSet("pygame default font (no serif font found)", None, None, None, None)
