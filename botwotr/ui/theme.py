"""Colours, font sizes and side styling.

`Theme.for_size(w, h)` gives sizes scaled to the window: `ui` is 1.0 at 1280x720, about 1.5 at
1920x1080 and 3.0 at 4K, never below 0.8 (800x600 stays readable). Every widget takes its sizes
from the theme, so a resize is `theme = Theme.for_size(...)` and a re-layout.

The two sides are told apart by more than colour: Free Peoples pieces are rounded squares with a
light rim, Shadow pieces are hexagons with a dark rim, and every unit type has its own icon
(`unit_icon`). `SideStyle.shape` names the outline so drawing code and a colour-blind player agree.
"""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]

# -- the palette: parchment, ink, brass ---------------------------------------------------------
BG = (34, 30, 26)  # window background (dark leather)
BG_PANEL = (58, 50, 40)  # side panels
BG_PANEL_2 = (72, 62, 48)  # panel headers, alternating rows
PARCHMENT = (238, 226, 196)
PARCHMENT_DARK = (214, 196, 156)
INK = (40, 30, 22)
INK_SOFT = (92, 78, 60)
TEXT = (240, 232, 214)  # text on dark panels
TEXT_DIM = (184, 172, 150)
BRASS = (198, 160, 72)
HIT = (232, 60, 44)  # a combat die that hits, everywhere it is drawn
BRASS_LIGHT = (232, 200, 120)
HILITE = (255, 226, 120)  # hover highlight
DANGER = (196, 58, 48)
OK = (92, 160, 84)
BUTTON = (96, 80, 58)
BUTTON_HOVER = (128, 106, 74)
BUTTON_DOWN = (70, 58, 42)
BUTTON_DISABLED = (70, 64, 56)
TOOLTIP_BG = (250, 244, 226)
TOOLTIP_BORDER = (120, 96, 60)
SHADOW_DROP = (0, 0, 0, 110)
# the computer's hint (botwotr/ui/computer.py): its regions on the board, the outline of its card
# or tile: a colour no decision uses for its own choices (blue regions to click, green
# destinations, red targets, gold chosen, purple leadership, yellow selection), so the hinted one
# stands out among them
HINT_COLOUR = (255, 128, 224)
HINT_TINT = (255, 214, 242)  # the hint's card chip in the hand (its dark text stays readable)


@dataclass(frozen=True)
class SideStyle:
    side: str
    fill: Color  # piece body
    rim: Color  # outline
    ink: Color  # icon colour on the body
    badge: Color  # count badge background
    shape: str  # "square" (Free Peoples) or "hexagon" (Shadow)
    hex: str  # fill colour as "#rrggbb" (icons)


SIDE_STYLES = {
    "fp": SideStyle(
        "fp",
        fill=(46, 92, 156),
        rim=(226, 236, 250),
        ink=(248, 250, 255),
        badge=(20, 44, 86),
        shape="square",
        hex="#2e5c9c",
    ),
    "sh": SideStyle(
        "sh",
        fill=(142, 34, 30),
        rim=(24, 16, 14),
        ink=(255, 236, 214),
        badge=(60, 10, 8),
        shape="hexagon",
        hex="#8e221e",
    ),
}
NEUTRAL_STYLE = SideStyle(
    "none",
    fill=(120, 110, 96),
    rim=(30, 26, 22),
    ink=(250, 246, 236),
    badge=(50, 44, 38),
    shape="circle",
    hex="#786e60",
)


def side_style(side: str | None) -> SideStyle:
    return SIDE_STYLES.get(side or "", NEUTRAL_STYLE)


# -- icons -------------------------------------------------------------------------------------
# Unit type -> icon. Unknown types fall back on words in the id / name, then on a stable pick.
UNIT_ICONS = {
    "rohan_footmen": "swordman",
    "rohan_archers": "bowman",
    "rohan_riders": "mounted-knight",
    "ents": "tree-face",
    "uruk_hai": "orc-head",
    "warg_riders": "wolf-head",
    "half_orcs": "goblin-head",
    "dunlendings": "horned-helm",
    "orcs": "barbarian",
}
_UNIT_WORDS = (
    ("rider", "mounted-knight"),
    ("knight", "mounted-knight"),
    ("cavalry", "cavalry"),
    ("archer", "bowman"),
    ("bow", "bowman"),
    ("foot", "swordman"),
    ("warrior", "swordman"),
    ("spear", "pikeman"),
    ("ent", "tree-face"),
    ("warg", "wolf-head"),
    ("wolf", "wolf-head"),
    ("troll", "troll"),
    ("uruk", "orc-head"),
    ("orc", "goblin-head"),
    ("dunland", "horned-helm"),
    ("easterling", "horned-helm"),
    ("mumak", "elephant"),
    ("eagle", "eagle-head"),
    ("elf", "elf-helmet"),
    ("dwar", "dwarf-helmet"),
    ("catapult", "catapult"),
    ("siege", "siege-tower"),
)
_FALLBACK_UNIT = ("shield", "visored-helm", "spartan-helmet", "pikeman", "swordman", "barbarian")

CHARACTER_ICONS = {
    "theoden": "crown",
    "theodred": "visored-helm",
    "eomer": "horse-head",
    "gandalf": "wizard-staff",
    "aragorn": "broadsword",
    "legolas": "bow-arrow",
    "gimli": "battle-axe",
    "treebeard": "ent-mouth",
    "saruman": "pointy-hat",
    "ugluk": "overlord-helm",
}

DIE_ICONS = {
    "character": "broadsword",
    "army": "crossed-swords",
    "muster": "rally-the-troops",
    "army_muster": "knight-banner",
    "event": "crystal-ball",
    "eye": "beast-eye",
    "will": "white-tower",
}

TERRAIN_ICONS = {
    "plains": "village",
    "mountains": "mountains",
    "forest": "pine-tree",
    "marsh": "eye-target",
    "fort": "tower-flag",
    "stronghold": "castle",
}


def unit_icon(unit_id: str, name: str = "") -> str:
    if unit_id in UNIT_ICONS:
        return UNIT_ICONS[unit_id]
    key = f"{unit_id} {name}".lower()
    for word, icon in _UNIT_WORDS:
        if word in key:
            return icon
    return _FALLBACK_UNIT[sum(map(ord, unit_id)) % len(_FALLBACK_UNIT)]


def character_icon(char_id: str, kind: str = "") -> str:
    if char_id in CHARACTER_ICONS:
        return CHARACTER_ICONS[char_id]
    return {
        "captain": "crown",
        "companion": "hooded-figure",
        "minion": "overlord-helm",
        "commander": "overlord-helm",
    }.get(kind, "hooded-figure")


# -- sizes -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Theme:
    width: int
    height: int
    ui: float  # 1.0 at 1280x720

    @classmethod
    def for_size(cls, width: int, height: int) -> "Theme":
        ui = min(width / 1280, height / 720)
        return cls(width, height, max(0.8, min(3.2, ui)))

    def px(self, n: float) -> int:
        """A length given for 1280x720, scaled to this window."""
        return max(1, round(n * self.ui))

    # font sizes in pixels
    @property
    def small(self) -> int:
        return self.px(13)

    @property
    def body(self) -> int:
        return self.px(15)

    @property
    def heading(self) -> int:
        return self.px(20)

    @property
    def title(self) -> int:
        return self.px(64)

    @property
    def pad(self) -> int:
        return self.px(8)

    @property
    def row(self) -> int:
        """Height of a clickable row / button."""
        return self.px(30)

    @property
    def sidebar_width(self) -> int:
        return max(260 if self.width < 1000 else 300, min(self.width // 3, round(self.width * 0.26)))
