#!/usr/bin/env python3
"""Extract the game icons botwotr uses from an Iconify JSON file.

The icons come from game-icons.net (CC BY 3.0), packaged on npm as
``@iconify-json/game-icons``.  This script is only needed when the icon
selection changes; the resulting ``.svg`` files are committed under
``assets/icons/`` and nothing is fetched at run time.

Regenerate with::

    tmp=$(mktemp -d) && (cd "$tmp" && npm pack @iconify-json/game-icons \
        && tar xzf iconify-json-game-icons-*.tgz)
    python3 tools/extract_icons.py "$tmp/package/icons.json"

Each icon is written as a standalone SVG on the 512x512 view box used by
game-icons.net.  The paths keep ``fill="currentColor"`` so the client can
recolour an icon by replacing ``currentColor`` with a colour before handing
the bytes to ``pygame.image.load_sized_svg``.

Standard library only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = REPO_ROOT / "assets" / "icons"

# name -> what botwotr uses it for.  Order is the order shown in CREDITS.md.
ICONS: dict[str, str] = {
    # --- units -----------------------------------------------------------
    "horse-head": "cavalry / riders",
    "mounted-knight": "knights, riders of Rohan",
    "cavalry": "cavalry group",
    "bowman": "archers",
    "archer": "archers (alternative)",
    "swordman": "footmen, warriors",
    "pikeman": "spearmen, pikemen",
    "spartan-helmet": "regular infantry (Gondor)",
    "visored-helm": "elite infantry",
    "horned-helm": "Easterlings / Dunlendings",
    "orc-head": "Orcs, Uruk-hai",
    "goblin-head": "goblins, lesser Orcs",
    "barbarian": "Dunlendings, wild men",
    "wolf-head": "Wargs",
    "tree-face": "Ents",
    "ent-mouth": "Ents (alternative)",
    "troll": "Trolls",
    "elephant": "Mumakil",
    "eagle-head": "Eagles",
    "hooded-figure": "Nazgul, Ringwraiths",
    "overlord-helm": "Witch-king, Shadow leaders",
    "catapult": "siege engines",
    "siege-tower": "siege towers",
    # --- combat / action dice faces --------------------------------------
    "crystal-ball": "die: Event (Palantir)",
    "crossed-swords": "die: Army",
    "broadsword": "die: Character",
    "evil-eyes": "die: Eye",
    "eyeball": "die: Eye (alternative)",
    "beast-eye": "the Eye of Sauron",
    "rally-the-troops": "die: Muster",
    "hunting-horn": "die: Muster (alternative)",
    "white-tower": "die: Will of the West",
    "sun": "die: Will of the West (alternative)",
    "rolling-dices": "roll dice",
    "perspective-dice-six-faces-random": "single die",
    # --- map / places ----------------------------------------------------
    "castle": "stronghold",
    "tower-flag": "fortified settlement / city",
    "castle-ruins": "captured or ruined stronghold",
    "evil-tower": "Shadow stronghold",
    "village": "town, settlement",
    "hobbit-door": "the Shire",
    "pine-tree": "forest",
    "mountains": "mountains",
    "flag-objective": "objective, region control",
    "knight-banner": "faction banner",
    # --- characters / leaders --------------------------------------------
    "wizard-staff": "wizards, Gandalf",
    "pointy-hat": "Gandalf",
    "crown": "kings, leaders",
    "crowned-heart": "leadership",
    "elf-helmet": "Elves",
    "dwarf-helmet": "Dwarves",
    "dwarf-face": "Dwarf portrait",
    "woman-elf-face": "Elf portrait",
    "battle-axe": "axe-wielder (Gimli)",
    "bow-arrow": "bow (Legolas)",
    "ring": "the One Ring",
    # --- interface / game state ------------------------------------------
    "skull-crossed-bones": "casualties",
    "shield": "defence",
    "card-random": "card back",
    "sands-of-time": "fate / turn track",
    "eye-target": "target, hunt",
    "hand": "hand of cards",
    "laurel-crown": "victory",
    "scroll-unfurled": "log, rules",
    "cog": "settings",
    "check-mark": "confirm",
    "cancel": "cancel",
}


def load_icon_set(path: Path) -> dict:
    with path.open(encoding="utf-8") as fh:
        data = json.load(fh)
    if "icons" not in data:
        raise SystemExit(f"{path}: not an Iconify JSON file (no 'icons' key)")
    return data


def resolve(data: dict, name: str) -> tuple[str, dict] | None:
    """Return (body, geometry) for ``name``, following Iconify aliases."""
    icons = data["icons"]
    aliases = data.get("aliases", {})
    seen = set()
    while name not in icons:
        if name in seen or name not in aliases:
            return None
        seen.add(name)
        name = aliases[name]["parent"]
    icon = icons[name]
    geom = {
        "left": icon.get("left", data.get("left", 0)),
        "top": icon.get("top", data.get("top", 0)),
        "width": icon.get("width", data.get("width", 16)),
        "height": icon.get("height", data.get("height", 16)),
    }
    return icon["body"], geom


def to_svg(body: str, geom: dict) -> str:
    box = f'{geom["left"]} {geom["top"]} {geom["width"]} {geom["height"]}'
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" '
        f'width="{geom["width"]}" height="{geom["height"]}" viewBox="{box}">'
        f"{body}</svg>\n"
    )


def credits_text(data: dict, names: list[str], source_version: str) -> str:
    info = data.get("info", {})
    author = info.get("author", {}).get("name", "GameIcons")
    author_url = info.get("author", {}).get("url", "https://github.com/game-icons/icons")
    lic = info.get("license", {})
    lic_title = lic.get("title", "CC BY 3.0")
    lic_url = lic.get("url", "https://github.com/game-icons/icons/blob/master/license.txt")
    lines = [
        "# Icon credits",
        "",
        "The icons in this folder are from **game-icons.net**, made by",
        "**Lorc, Delapouite and contributors** (https://game-icons.net;",
        f"source repository {author_url}, listed as author \"{author}\").",
        "",
        "Licence: **Creative Commons Attribution 3.0 Unported (CC BY 3.0)**,",
        "https://creativecommons.org/licenses/by/3.0/",
        f"(the icon set's own licence note: {lic_title}, {lic_url}).",
        "",
        "Changes made: the icon paths were taken from the Iconify packaging",
        f"`@iconify-json/game-icons`{source_version} and wrapped as standalone",
        "SVG files on the 512x512 view box; the original black background square",
        "is not included and the fill is `currentColor`, so the client recolours",
        "the icons at run time.",
        "",
        "## Regenerate",
        "",
        "Generated by `tools/extract_icons.py` (do not edit the SVG files by hand):",
        "",
        "```sh",
        "tmp=$(mktemp -d) && (cd \"$tmp\" && npm pack @iconify-json/game-icons \\",
        "    && tar xzf iconify-json-game-icons-*.tgz)",
        "python3 tools/extract_icons.py \"$tmp/package/icons.json\"",
        "```",
        "",
        f"## Icons ({len(names)})",
        "",
        "| file | used for |",
        "| --- | --- |",
    ]
    for name in names:
        lines.append(f"| `{name}.svg` | {ICONS.get(name, '')} |")
    lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("icons_json", type=Path, help="path to the Iconify icons.json")
    ap.add_argument("--out", type=Path, default=DEFAULT_OUT, help="output folder")
    ap.add_argument(
        "--names",
        help="comma-separated icon names to extract instead of the built-in list",
    )
    ap.add_argument(
        "--no-prune",
        action="store_true",
        help="keep .svg files in the output folder that are not selected",
    )
    args = ap.parse_args(argv)

    data = load_icon_set(args.icons_json)
    names = [n.strip() for n in args.names.split(",")] if args.names else list(ICONS)

    missing = [n for n in names if resolve(data, n) is None]
    if missing:
        print("icons not found in the set: " + ", ".join(missing), file=sys.stderr)
        return 1

    info_json = args.icons_json.parent / "info.json"
    if "info" not in data and info_json.exists():
        data["info"] = json.loads(info_json.read_text(encoding="utf-8"))

    version = ""
    pkg_json = args.icons_json.parent / "package.json"
    if pkg_json.exists():
        try:
            version = " " + json.loads(pkg_json.read_text(encoding="utf-8"))["version"]
        except (ValueError, KeyError):
            version = ""

    args.out.mkdir(parents=True, exist_ok=True)
    if not args.no_prune:
        keep = {f"{n}.svg" for n in names}
        for old in args.out.glob("*.svg"):
            if old.name not in keep:
                old.unlink()

    for name in names:
        body, geom = resolve(data, name)  # type: ignore[misc]
        if "currentColor" not in body:
            print(f"warning: {name} has no currentColor fill", file=sys.stderr)
        (args.out / f"{name}.svg").write_text(to_svg(body, geom), encoding="utf-8")

    if args.out.resolve() == DEFAULT_OUT.resolve() or not args.names:
        (args.out / "CREDITS.md").write_text(
            credits_text(data, names, version), encoding="utf-8"
        )
    print(f"wrote {len(names)} icons to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
