"""Paint the board art from a :class:`MapSource` with pygame-ce (no display needed).

Everything is procedural and seeded: the parchment, the terrain textures (grass tufts, trees,
mountain peaks, reeds, masonry), the rivers, ridges and walls along the borders, the glyphs, the
lettering and the frame with its tracks. The same source, fonts and pygame build give the same
PNG, byte for byte.
"""
from __future__ import annotations

import math
import re
import os
import random
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from botwotr.board import geometry as geo  # noqa: E402
from mapgen.fonts import FontSet  # noqa: E402
from mapgen import art_gondor  # noqa: E402
from mapgen.source import MapSource, SrcRegion  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Palette

INK = (58, 38, 22)
INK_SOFT = (92, 66, 40)
PAPER = (236, 222, 186)
PAPER_DARK = (214, 192, 146)
PLAQUE = (247, 238, 212)
WATER = (96, 140, 178)
WATER_DARK = (48, 78, 110)
WATER_LIGHT = (168, 200, 222)
RED = (140, 36, 28)
GOLD = (176, 132, 40)
FP_COLOR = (40, 84, 140)
SH_COLOR = (128, 30, 26)

TERRAIN_BASE = {
    "plains": (216, 208, 140),
    "forest": (168, 178, 112),
    "mountains": (200, 184, 156),
    "marsh": (176, 188, 150),
    "fort": (212, 196, 150),
    "stronghold": (214, 198, 166),
}
TERRAIN_NAMES = {"plains": "Plains", "forest": "Forest", "mountains": "Mountains",
                 "marsh": "Marsh", "fort": "Fort", "stronghold": "Stronghold"}

TERRITORY_COLORS = {
    "Isengard": (124, 30, 26),
    "Dunland": (150, 84, 34),
    "Fangorn": (34, 92, 40),
    "Westemnet": (176, 146, 30),
    "Westfold": (62, 120, 52),
    "Deeping": (52, 80, 140),
    "White Mountains": (110, 110, 116),
    "Folde": (196, 140, 20),
    "Eastfold": (120, 96, 40),
    "Eastemnet": (60, 126, 140),
}

# The Gondor face's shorter labels (its legend shares the column with the protection tracks).
BORDER_LEGEND_SHORT = {"ford": "Ford (crossing)", "river": "River: impassable",
                       "pass": "Pass", "mountains": "Mountains: impassable"}

BORDER_LEGEND = [
    ("normal", "Normal border"),
    ("stream", "Stream"),
    ("ford", "Ford (crosses a river)"),
    ("river", "River: impassable"),
    ("wall", "Wall / dike"),
    ("pass", "Pass (crosses mountains)"),
    ("mountains", "Mountains: impassable"),
]


# ---------------------------------------------------------------------------------------------
# Small helpers


class Fonts:
    def __init__(self, fs: FontSet):
        self.fs = fs
        self._cache: dict[tuple[str, int], pygame.font.Font] = {}

    def get(self, style: str, size: int) -> pygame.font.Font:
        key = (style, size)
        if key not in self._cache:
            path = getattr(self.fs, style, None)
            synth_italic = False
            synth_bold = False
            if not path:
                path = self.fs.regular
                synth_italic = style == "italic"
                synth_bold = style == "bold"
            f = pygame.font.Font(path, size)
            if synth_italic:
                f.set_italic(True)
            if synth_bold:
                f.set_bold(True)
            self._cache[key] = f
        return self._cache[key]


def lerp(a, b, t):
    return a + (b - a) * t


def mix(c1, c2, t):
    return tuple(int(round(lerp(a, b, t))) for a, b in zip(c1, c2))


def shade(c, f):
    return tuple(max(0, min(255, int(round(v * f)))) for v in c)


def noise(w: int, h: int, cell: int, rng: random.Random, lo: int, hi: int) -> pygame.Surface:
    """Smooth grey value noise (lo..hi) of size w x h, cell pixels per random sample."""
    sw, sh = max(2, w // cell + 2), max(2, h // cell + 2)
    table = bytes(lo + (v * (hi - lo + 1)) // 256 for v in range(256))
    data = rng.randbytes(sw * sh).translate(table)
    pal = pygame.image.frombytes(data, (sw, sh), "P")
    pal.set_palette([(i, i, i) for i in range(256)])
    small = pygame.Surface((sw, sh))
    small.blit(pal, (0, 0))
    big = pygame.transform.smoothscale(small, (sw * cell, sh * cell))
    return big.subsurface((cell // 2, cell // 2, w, h)).copy()


def chaikin(pts, iters=3):
    pts = [tuple(map(float, p)) for p in pts]
    for _ in range(iters):
        if len(pts) < 3:
            break
        new = [pts[0]]
        for a, b in zip(pts, pts[1:]):
            new.append((0.75 * a[0] + 0.25 * b[0], 0.75 * a[1] + 0.25 * b[1]))
            new.append((0.25 * a[0] + 0.75 * b[0], 0.25 * a[1] + 0.75 * b[1]))
        new.append(pts[-1])
        pts = new
    return pts


def resample(pts, step):
    """Points every `step` pixels along a polyline, with the direction at each."""
    out = []
    total = geo.polyline_length(pts)
    if total <= 0:
        return [(pts[0], 0.0)]
    n = max(2, int(total / step) + 1)
    seg = 0
    acc = 0.0
    for i in range(n):
        target = total * i / (n - 1)
        while seg < len(pts) - 2 and acc + math.dist(pts[seg], pts[seg + 1]) < target:
            acc += math.dist(pts[seg], pts[seg + 1])
            seg += 1
        a, b = pts[seg], pts[seg + 1]
        sl = math.dist(a, b) or 1.0
        u = min(1.0, max(0.0, (target - acc) / sl))
        out.append(((a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u),
                    math.atan2(b[1] - a[1], b[0] - a[0])))
    return out


def thick_path(surf, pts, width, color):
    """A thick polyline with round joins and caps."""
    r = width / 2
    pts = [(float(x), float(y)) for x, y in pts]
    if len(pts) >= 2 and width > 2:
        pygame.draw.lines(surf, color, False, pts, max(1, int(round(width))))
    elif len(pts) >= 2:
        pygame.draw.lines(surf, color, False, pts, max(1, int(round(width))))
        return
    step = max(1.0, r * 0.6)
    prev = None
    for p in pts:
        if prev is None or math.dist(p, prev) >= step or p is pts[-1]:
            pygame.draw.circle(surf, color, p, r)
            prev = p


def text_surface(font, text, color, halo=None, halo_r=2):
    t = font.render(text, True, color)
    if not halo:
        return t
    h = font.render(text, True, halo)
    s = pygame.Surface((t.get_width() + 2 * halo_r, t.get_height() + 2 * halo_r),
                       pygame.SRCALPHA)
    for dx in range(-halo_r, halo_r + 1):
        for dy in range(-halo_r, halo_r + 1):
            if dx * dx + dy * dy <= halo_r * halo_r + 1:
                s.blit(h, (dx + halo_r, dy + halo_r))
    s.blit(t, (halo_r, halo_r))
    return s


def blit_center(dst, surf, center):
    r = surf.get_rect(center=(round(center[0]), round(center[1])))
    dst.blit(surf, r)
    return r


# ---------------------------------------------------------------------------------------------
# Glyphs


def draw_tree(s, x, y, size, rng, dark=False):
    """A little deciduous/conifer tree standing on (x, y)."""
    g = rng.randint(-12, 12)
    crown = (62 + g, 104 + g, 50 + g // 2) if not dark else (44 + g, 80 + g, 44 + g // 2)
    outline = (30, 48, 26)
    trunk_h = size * 0.35
    pygame.draw.line(s, (84, 58, 34), (x, y), (x, y - trunk_h - size * 0.3), 2)
    if rng.random() < 0.35:
        # conifer
        pts = [(x, y - trunk_h - size * 1.05), (x - size * 0.42, y - trunk_h * 0.7),
               (x + size * 0.42, y - trunk_h * 0.7)]
        pygame.draw.polygon(s, crown, pts)
        pygame.draw.polygon(s, outline, pts, 1)
        pygame.draw.line(s, shade(crown, 1.25), pts[0], (x - size * 0.18, y - trunk_h * 0.8), 1)
    else:
        cy = y - trunk_h - size * 0.38
        r = size * 0.42
        pygame.draw.circle(s, outline, (x, cy), r + 1)
        pygame.draw.circle(s, crown, (x, cy), r)
        pygame.draw.circle(s, shade(crown, 1.22), (x - r * 0.3, cy - r * 0.3), r * 0.45)
        pygame.draw.arc(s, shade(crown, 0.7), (x - r, cy - r, 2 * r, 2 * r), 4.0, 5.6, 1)


def draw_peak(s, x, y, w, h, rng, snow=True, fill=(226, 214, 188), dark=(150, 128, 100)):
    """A mountain peak standing on (x, y): lit left flank, hatched right flank."""
    top = (x + rng.uniform(-w * 0.12, w * 0.12), y - h)
    left = (x - w / 2, y)
    right = (x + w / 2, y)
    pygame.draw.polygon(s, fill, [left, top, right])
    shade_poly = [top, right, (x + w * 0.05, y)]
    pygame.draw.polygon(s, dark, shade_poly)
    for i in range(1, 7):
        t = i / 7
        a = (lerp(top[0], x + w * 0.05, t), lerp(top[1], y, t))
        b = (lerp(top[0], right[0], t), lerp(top[1], right[1], t))
        pygame.draw.line(s, (112, 90, 66), a, b, 1)
    if snow and h > 26:
        sn = [top, (lerp(top[0], left[0], 0.28), lerp(top[1], left[1], 0.28)),
              (lerp(top[0], x, 0.3) + 2, lerp(top[1], y, 0.26)),
              (lerp(top[0], right[0], 0.25), lerp(top[1], right[1], 0.25))]
        pygame.draw.polygon(s, (250, 248, 240), sn)
    pygame.draw.lines(s, INK, False, [left, top, right], 2)


def draw_tuft(s, x, y, rng, color):
    for dx, h in ((-3, 5), (0, 7), (3, 5)):
        pygame.draw.line(s, color, (x, y), (x + dx + rng.uniform(-1, 1), y - h), 1)


def draw_hill(s, x, y, w, base):
    """A low hill seen from the side: a lit mound with hachures on its eastern flank."""
    h = w * 0.36
    top = []
    n = 14
    for k in range(n + 1):
        t = k / n
        top.append((x - w / 2 + w * t, y - h * math.sin(math.pi * t) ** 0.8))
    pygame.draw.polygon(s, shade(base, 1.06), top)
    dark = shade(base, 0.62)
    for k in range(n // 2 + 1, n):
        px, py = top[k]
        pygame.draw.line(s, dark, (px, py + 1), (px - 1, py + (y - py) * 0.8), 1)
    pygame.draw.lines(s, dark, False, top, 2)


def draw_reeds(s, x, y, rng):
    for i in range(rng.randint(3, 5)):
        dx = i * 3 - 6 + rng.uniform(-1, 1)
        h = rng.uniform(7, 13)
        pygame.draw.line(s, (70, 90, 60), (x + dx, y), (x + dx * 1.3, y - h), 1)
        if rng.random() < 0.4:
            pygame.draw.ellipse(s, (96, 70, 40), (x + dx * 1.3 - 1.5, y - h - 4, 3, 6))
    pygame.draw.line(s, (110, 150, 170), (x - 9, y + 2), (x + 9, y + 2), 1)


def draw_castle(s, cx, cy, size, color=(222, 214, 196), roof=None):
    """A castle glyph centred on (cx, cy)."""
    w = size
    h = size * 0.62
    base = pygame.Rect(0, 0, w, h)
    base.midbottom = (cx, cy + size * 0.42)
    pygame.draw.rect(s, color, base)
    tw = w * 0.26
    th = h * 1.45
    for tx in (base.left, base.right - tw):
        t = pygame.Rect(tx, base.bottom - th, tw, th)
        pygame.draw.rect(s, color, t)
        pygame.draw.rect(s, INK, t, 2)
        for k in range(3):
            mer = pygame.Rect(t.left + k * tw / 3 + 1, t.top - 5, tw / 3 - 2, 5)
            if k != 1:
                pygame.draw.rect(s, color, mer)
                pygame.draw.rect(s, INK, mer, 1)
        if roof:
            pygame.draw.polygon(s, roof, [(t.left - 2, t.top - 4), (t.centerx, t.top - tw),
                                          (t.right + 2, t.top - 4)])
            pygame.draw.polygon(s, INK, [(t.left - 2, t.top - 4), (t.centerx, t.top - tw),
                                         (t.right + 2, t.top - 4)], 1)
    pygame.draw.rect(s, INK, base, 2)
    n = 5
    for k in range(n):
        if k % 2 == 0:
            mer = pygame.Rect(base.left + tw + k * (w - 2 * tw) / n, base.top - 5,
                              (w - 2 * tw) / n, 5)
            pygame.draw.rect(s, color, mer)
            pygame.draw.rect(s, INK, mer, 1)
    gate = pygame.Rect(0, 0, w * 0.2, h * 0.55)
    gate.midbottom = base.midbottom
    pygame.draw.rect(s, (70, 50, 34), gate)
    pygame.draw.circle(s, (70, 50, 34), (gate.centerx, gate.top), gate.width / 2)


def draw_hall(s, cx, cy, size):
    """Meduseld: a golden hall on a green hill."""
    hill = pygame.Rect(0, 0, size * 1.5, size * 0.7)
    hill.center = (cx, cy + size * 0.42)
    pygame.draw.ellipse(s, (120, 150, 80), hill)
    pygame.draw.ellipse(s, INK, hill, 2)
    body = pygame.Rect(0, 0, size * 0.9, size * 0.42)
    body.midbottom = (cx, cy + size * 0.3)
    pygame.draw.rect(s, (196, 150, 60), body)
    pygame.draw.rect(s, INK, body, 2)
    roof = [(body.left - 6, body.top + 2), (cx, body.top - size * 0.42),
            (body.right + 6, body.top + 2)]
    pygame.draw.polygon(s, (222, 176, 52), roof)
    pygame.draw.polygon(s, INK, roof, 2)
    for k in range(1, 4):
        x = body.left + k * body.width / 4
        pygame.draw.line(s, INK_SOFT, (x, body.top + 3), (x, body.bottom - 2), 1)
    # crossed gable horns
    top = roof[1]
    pygame.draw.line(s, INK, top, (top[0] - 7, top[1] - 8), 2)
    pygame.draw.line(s, INK, top, (top[0] + 7, top[1] - 8), 2)


def draw_orthanc(s, cx, cy, size):
    """The Ring of Isengard around a black tower."""
    ring = pygame.Rect(0, 0, size * 1.6, size * 0.8)
    ring.center = (cx, cy + size * 0.35)
    pygame.draw.ellipse(s, (96, 92, 84), ring)
    pygame.draw.ellipse(s, (150, 146, 136), ring.inflate(-12, -8))
    pygame.draw.ellipse(s, INK, ring, 2)
    pygame.draw.ellipse(s, INK, ring.inflate(-12, -8), 1)
    w = size * 0.34
    base_y = cy + size * 0.42
    tower = [(cx - w / 2, base_y), (cx - w * 0.3, cy - size * 0.55),
             (cx - w * 0.45, cy - size * 0.75), (cx - w * 0.12, cy - size * 0.62),
             (cx, cy - size * 0.9), (cx + w * 0.12, cy - size * 0.62),
             (cx + w * 0.45, cy - size * 0.75), (cx + w * 0.3, cy - size * 0.55),
             (cx + w / 2, base_y)]
    pygame.draw.polygon(s, (34, 30, 32), tower)
    pygame.draw.line(s, (90, 86, 92), (cx - w * 0.1, base_y - 3), (cx - w * 0.06,
                                                                     cy - size * 0.55), 1)


def draw_fort(s, cx, cy, size):
    """An earthwork with a palisade."""
    w = size * 1.2
    mound = pygame.Rect(0, 0, w, size * 0.45)
    mound.center = (cx, cy + size * 0.3)
    pygame.draw.ellipse(s, (150, 130, 90), mound)
    pygame.draw.ellipse(s, INK, mound, 2)
    n = 7
    for k in range(n):
        x = cx - w * 0.36 + k * (w * 0.72) / (n - 1)
        top = cy - size * 0.25 - (3 if k % 2 else 0)
        pygame.draw.line(s, (110, 76, 44), (x, cy + size * 0.22), (x, top), 4)
        pygame.draw.polygon(s, (110, 76, 44), [(x - 2, top), (x, top - 5), (x + 2, top)])
    pygame.draw.line(s, INK, (cx - w * 0.4, cy + size * 0.05), (cx + w * 0.4, cy + size * 0.05),
                     2)


def draw_town(s, cx, cy, size):
    """A cluster of thatched houses."""
    for dx, dy, k in ((-0.32, 0.1, 0.8), (0.3, 0.14, 0.75), (0.0, -0.05, 1.0)):
        x = cx + dx * size
        y = cy + dy * size
        w = size * 0.5 * k
        h = size * 0.3 * k
        body = pygame.Rect(0, 0, w, h)
        body.midbottom = (x, y + size * 0.3)
        pygame.draw.rect(s, (226, 210, 170), body)
        pygame.draw.rect(s, INK, body, 1)
        roof = [(body.left - 3, body.top + 1), (x, body.top - h * 0.9), (body.right + 3, body.top + 1)]
        pygame.draw.polygon(s, (168, 120, 60), roof)
        pygame.draw.polygon(s, INK, roof, 1)
        door = pygame.Rect(0, 0, w * 0.22, h * 0.5)
        door.midbottom = body.midbottom
        pygame.draw.rect(s, (80, 56, 36), door)


def draw_white_hand(s, cx, cy, size):
    """The orc-area mark: a pale open hand on a dark red roundel (our own drawing)."""
    pygame.draw.circle(s, INK, (cx, cy), size * 0.62 + 2)
    pygame.draw.circle(s, SH_COLOR, (cx, cy), size * 0.62)
    palm = pygame.Rect(0, 0, size * 0.5, size * 0.42)
    palm.center = (cx, cy + size * 0.12)
    c = (244, 240, 230)
    pygame.draw.ellipse(s, c, palm)
    for i, (dx, ln) in enumerate(((-0.2, 0.36), (-0.07, 0.44), (0.06, 0.42), (0.18, 0.34))):
        x = cx + dx * size
        pygame.draw.line(s, c, (x, cy + size * 0.05), (x + dx * 4, cy - ln * size + 0.05 * size),
                         max(2, int(size * 0.1)))
    pygame.draw.line(s, c, (cx - size * 0.2, cy + size * 0.16), (cx - size * 0.38,
                                                                    cy - size * 0.02),
                     max(2, int(size * 0.1)))


def draw_vp_seal(s, fonts, cx, cy, vp, side):
    col = FP_COLOR if side == "fp" else SH_COLOR
    r = 14
    pygame.draw.circle(s, INK, (cx, cy), r + 2)
    pygame.draw.circle(s, col, (cx, cy), r)
    pygame.draw.circle(s, (236, 220, 170), (cx, cy), r - 3, 1)
    t = fonts.get("bold", 20).render(str(vp), True, (250, 240, 210))
    blit_center(s, t, (cx, cy + 1))


# ---------------------------------------------------------------------------------------------
# The painter


class Painter:
    def __init__(self, src: MapSource, fonts: Fonts):
        self.src = src
        self.fonts = fonts
        w, h = src.size
        self.surf = pygame.Surface((w, h))
        self.seed = src.seed
        self.gondor = src.style == "gondor"
        self.territory_colors = art_gondor.TERRITORY_COLORS if self.gondor else TERRITORY_COLORS
        # every English word painted in the frame: (text, rect, style, size, ink, group, ref),
        # written into the .tmx's `art_text` layer so the window can cover it with a translation
        self.texts: list[tuple] = []

    def record(self, text, rect, style, size, ink, group=None, ref="", room=None, align="center",
               room_top=None, angle=0.0):
        """Note a painted text (its rect in board pixels). Texts of one `group` are one caption
        painted in several lines; `ref` names a content text (a position, the scenario's name);
        `room` (x0, x1) widens the rect to the free space the words stand in (a translation may
        use it); `align` "left" for words that start at the rect's left edge; `angle` (degrees,
        counter-clockwise, as pygame.transform.rotate) for words painted along a border: then
        the rect is the unrotated words' box round their centre."""
        rect = pygame.Rect(rect)
        words = pygame.Rect(rect)
        if room is not None:
            x0, x1 = round(min(room[0], rect.left)), round(max(room[1], rect.right))
            rect = pygame.Rect(x0, rect.top, x1 - x0, rect.height)
        if room_top is not None and room_top < rect.top:  # free space above the words too
            rect = pygame.Rect(rect.left, round(room_top), rect.width, rect.bottom - round(room_top))
        self.texts.append((text, rect, style, size, tuple(ink[:3]), group, ref, align, words, angle))

    def art_texts(self) -> list[dict]:
        """The recorded texts, a group's lines merged into one caption (in painting order)."""
        out: list[dict] = []
        by_group: dict[str, dict] = {}
        for text, rect, style, size, ink, group, ref, align, words, angle in self.texts:
            if group is not None and group in by_group:
                e = by_group[group]
                e["text"] += " " + text
                e["rect"] = e["rect"].union(rect)
                e["words"] = e["words"].union(words)
                e["lines"] += 1
                continue
            e = {"text": text, "rect": rect, "style": style, "size": size, "ink": ink, "lines": 1,
                 "ref": ref, "align": align, "words": words, "angle": angle}
            out.append(e)
            if group is not None:
                by_group[group] = e
        return out

    def rng(self, *key) -> random.Random:
        return random.Random("|".join([str(self.seed), *map(str, key)]))

    # ---- background ------------------------------------------------------------------------
    def paper(self):
        s = self.surf
        s.fill(PAPER)

    def age_paper(self):
        """Multiply the whole board by blotchy paper noise and darken the edges."""
        w, h = self.src.size
        rng = self.rng("paper")
        n1 = noise(w, h, 160, rng, 208, 255)
        n2 = noise(w, h, 40, rng, 226, 255)
        n3 = noise(w, h, 8, rng, 238, 255)
        n1.blit(n2, (0, 0), special_flags=pygame.BLEND_MULT)
        n1.blit(n3, (0, 0), special_flags=pygame.BLEND_MULT)
        # warm tint: keep the blue channel lower where the paper is darker
        tint = pygame.Surface((w, h))
        tint.fill((255, 250, 236))
        n1.blit(tint, (0, 0), special_flags=pygame.BLEND_MULT)
        self.surf.blit(n1, (0, 0), special_flags=pygame.BLEND_MULT)
        # vignette
        vw, vh = 48, 32
        small = pygame.Surface((vw, vh))
        for y in range(vh):
            for x in range(vw):
                dx = (x + 0.5) / vw * 2 - 1
                dy = (y + 0.5) / vh * 2 - 1
                d = max(0.0, math.hypot(dx * 0.92, dy * 0.92) - 0.55)
                v = int(255 - min(70, d * 150))
                small.set_at((x, y), (v, int(v * 0.985), int(v * 0.95)))
        vig = pygame.transform.smoothscale(small, (w, h))
        self.surf.blit(vig, (0, 0), special_flags=pygame.BLEND_MULT)

    # ---- regions -----------------------------------------------------------------------------
    def region_mask(self, r: SrcRegion):
        x0, y0, x1, y1 = geo.bbox(r.polygon)
        x0, y0 = int(x0), int(y0)
        w, h = int(x1) - x0 + 1, int(y1) - y0 + 1
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - x0, y - y0) for x, y in r.polygon])
        return mask, (x0, y0)

    def keepout(self, r: SrcRegion):
        """Rects in a region where texture glyphs are not drawn (the label and the site)."""
        lx, ly = r.anchors["label"]
        w = max(90, len(r.name) * 15 + 30)
        rects = [pygame.Rect(lx - w / 2, ly - 22, w, 44)]
        if r.settlement or r.terrain in ("fort", "stronghold"):
            cx, cy = r.anchors["control"]
            rects.append(pygame.Rect(cx - 42, cy - 50, 84, 92))
        if r.orc_area:
            cx, cy = r.anchors["tokens"]
            rects.append(pygame.Rect(cx - 50, cy - 26, 100, 52))
        return rects

    def paint_region(self, r: SrcRegion):
        mask, (ox, oy) = self.region_mask(r)
        w, h = mask.get_size()
        rng = self.rng("region", r.id)
        tex = pygame.Surface((w, h), pygame.SRCALPHA)
        base = TERRAIN_BASE[r.terrain]
        tex.fill((*base, 255))
        var = noise(w, h, 28, rng, 222, 255)
        tex.blit(var, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
        poly = r.polygon
        keep = self.keepout(r)
        inside = pygame.mask.from_surface(mask, 127)
        ring = [(math.cos(k * math.pi / 6), math.sin(k * math.pi / 6)) for k in range(12)]

        def at(x, y):
            xi, yi = int(x - ox), int(y - oy)
            return 0 <= xi < w and 0 <= yi < h and inside.get_at((xi, yi))

        def ok(x, y, margin):
            """Inside the region, at least `margin` px from its edge, off the keep-out rects."""
            if not at(x, y):
                return False
            for rr in (margin, margin * 0.5):
                for cx, cy in ring:
                    if not at(x + cx * rr, y + cy * rr):
                        return False
            return not any(k.collidepoint(x, y) for k in keep)

        def jitter_grid(step, margin, jit=0.45):
            x0, y0, x1, y1 = geo.bbox(poly)
            pts = []
            row = 0
            y = y0 + step / 2
            while y < y1:
                x = x0 + step / 2 + (step / 2 if row % 2 else 0)
                while x < x1:
                    px = x + rng.uniform(-jit, jit) * step
                    py = y + rng.uniform(-jit, jit) * step
                    if ok(px, py, margin):
                        pts.append((px, py))
                    x += step
                y += step * 0.8
                row += 1
            return pts

        t = r.terrain
        if t in ("plains", "fort"):
            # furrows of light hatching and grass tufts
            col = shade(base, 0.72)
            for (x, y) in jitter_grid(26, 8, 0.5):
                draw_tuft(tex, x - ox, y - oy, rng, col)
            if t == "fort":
                for (x, y) in jitter_grid(15, 6, 0.3):
                    pygame.draw.line(tex, shade(base, 0.82), (x - ox - 4, y - oy + 4),
                                     (x - ox + 4, y - oy - 4), 1)
        elif t == "forest":
            pts = jitter_grid(21, 13, 0.4)
            pts.sort(key=lambda p: (round(p[1]), p[0]))
            for (x, y) in pts:
                draw_tree(tex, x - ox, y - oy + 8, rng.uniform(17, 23), rng)
        elif t == "mountains":
            pts = jitter_grid(46, 24, 0.3)
            pts.sort(key=lambda p: (round(p[1]), p[0]))
            for (x, y) in pts:
                draw_peak(tex, x - ox, y - oy + 14, rng.uniform(40, 58), rng.uniform(26, 40),
                          rng)
        elif t == "marsh":
            for (x, y) in jitter_grid(30, 10, 0.45):
                if rng.random() < 0.35:
                    e = pygame.Rect(0, 0, rng.uniform(16, 30), rng.uniform(5, 8))
                    e.center = (x - ox, y - oy)
                    pygame.draw.ellipse(tex, (138, 170, 180), e)
                    pygame.draw.ellipse(tex, (96, 126, 140), e, 1)
                else:
                    draw_reeds(tex, x - ox, y - oy, rng)
        elif t == "stronghold":
            if r.id == "orthanc":
                # the paved floor of the Ring of Isengard
                col = shade(base, 0.84)
                row = 0
                yy = 0
                while yy < h:
                    pygame.draw.line(tex, col, (0, yy), (w, yy), 1)
                    xx = 16 if row % 2 else 0
                    while xx < w:
                        pygame.draw.line(tex, col, (xx, yy), (xx, yy + 16), 1)
                        xx += 32
                    yy += 16
                    row += 1
            else:
                for (x, y) in jitter_grid(24, 8, 0.5):
                    draw_tuft(tex, x - ox, y - oy, rng, shade(base, 0.7))
                for (x, y) in jitter_grid(11, 4, 0.5):
                    pygame.draw.circle(tex, shade(base, 0.8), (x - ox, y - oy), 1)
        if t in ("plains", "stronghold", "fort") and r.id != "orthanc":
            # a few low hills
            for (x, y) in jitter_grid(150, 40, 0.35):
                if rng.random() < 0.55:
                    draw_hill(tex, x - ox, y - oy, rng.uniform(30, 46), base)
        tex.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(tex, (ox, oy))

    def gondor_ground(self, r: SrcRegion):
        """The Gondor face's own ground: the city's white rings, the Pelennor's fields."""
        if r.id == "minas_tirith":
            art_gondor.city_tiers(self.surf, r, self.keepout(r))
        elif r.territory == "Pelennor" and r.terrain == "plains":
            art_gondor.pelennor_fields(self.surf, r, self.rng("fields", r.id))

    def territory_band(self, r: SrcRegion):
        col = self.territory_colors.get(r.territory, (90, 90, 90))
        mask, (ox, oy) = self.region_mask(r)
        w, h = mask.get_size()
        band = pygame.Surface((w, h), pygame.SRCALPHA)
        pts = [(x - ox, y - oy) for x, y in r.polygon]
        for wd, a in ((22, 40), (12, 70), (6, 110)):
            layer = pygame.Surface((w, h), pygame.SRCALPHA)
            thick_path(layer, pts + [pts[0]], wd, (*col, 255))
            layer.set_alpha(a)
            band.blit(layer, (0, 0))
        band.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.surf.blit(band, (ox, oy))

    # ---- borders -----------------------------------------------------------------------------
    def edges(self):
        s = self.surf
        for bd in self.src.borders:
            pts = bd.points
            pygame.draw.lines(s, INK_SOFT, False, pts, 3)
        ax, ay, aw, ah = self.src.area
        pygame.draw.rect(s, INK, (ax, ay, aw, ah), 3)

    def water_features(self):
        """Rivers and streams, drawn along their borders as one smooth course per feature."""
        src = self.src
        groups: dict[tuple[str, str], list] = {}
        for bd in src.borders:
            if bd.kind in ("river", "ford"):
                groups.setdefault(("river", bd.feature or bd.a + bd.b), []).append(bd)
            elif bd.kind == "stream":
                groups.setdefault(("stream", bd.feature or bd.a + bd.b), []).append(bd)
        courses = []
        for (kind, feat), bds in sorted(groups.items()):
            segs = []
            for bd in bds:
                segs.extend(zip(bd.points, bd.points[1:]))
            for line in geo.chain_edges(segs):
                courses.append((kind, feat, line))
        # decorative upper courses first (under everything)
        for d in src.decorations:
            if d.kind in ("river_source", "stream_source"):
                pts = chaikin(d.points, 3)
                n = len(pts)
                grow = 14 if d.kind == "river_source" else 4
                for i in range(n - 1):
                    wd = 3 + grow * (i / n)
                    thick_path(self.surf, pts[i:i + 2], wd + 3, WATER_DARK)
                for i in range(n - 1):
                    wd = 3 + grow * (i / n)
                    thick_path(self.surf, pts[i:i + 2], wd, WATER)
        for kind, feat, line in courses:
            pts = chaikin(line, 3)
            if kind == "river":
                thick_path(self.surf, pts, 22, WATER_DARK)
                thick_path(self.surf, pts, 17, WATER)
                self.ripples(pts, 17)
            else:
                thick_path(self.surf, pts, 10, WATER_DARK)
                thick_path(self.surf, pts, 7, WATER)
                thick_path(self.surf, pts, 2, WATER_LIGHT)
        # fords on top of their river
        for bd in src.borders:
            if bd.kind == "ford":
                self.ford(bd)

    def ripples(self, pts, width):
        rng = self.rng("ripples", len(pts), round(pts[0][0]))
        samples = resample(pts, 9)
        for i, ((x, y), ang) in enumerate(samples):
            if i % 3:
                continue
            off = rng.uniform(-width * 0.22, width * 0.22)
            nx, ny = -math.sin(ang), math.cos(ang)
            cx, cy = x + nx * off, y + ny * off
            dx, dy = math.cos(ang) * 5, math.sin(ang) * 5
            pygame.draw.line(self.surf, WATER_LIGHT, (cx - dx, cy - dy), (cx + dx, cy + dy), 1)

    def ford(self, bd):
        pts = chaikin(bd.points, 3)
        total = geo.polyline_length(pts)
        # shallow water: a paler band with stepping stones across
        thick_path(self.surf, pts, 17, (150, 182, 200))
        rng = self.rng("ford", bd.a, bd.b)
        n = max(3, int(total / 26))
        for i in range(n):
            (x, y), ang = geo.point_along(pts, (i + 0.5) / n)
            nx, ny = -math.sin(ang), math.cos(ang)
            for k in (-1, 0, 1):
                sx = x + nx * k * 7 + rng.uniform(-2, 2)
                sy = y + ny * k * 7 + rng.uniform(-2, 2)
                pygame.draw.ellipse(self.surf, (200, 192, 170), (sx - 4, sy - 3, 8, 6))
                pygame.draw.ellipse(self.surf, INK_SOFT, (sx - 4, sy - 3, 8, 6), 1)
        # the crossing arrow marks: two short dashes across the river at each end
        for t in (0.0, 1.0):
            (x, y), ang = geo.point_along(pts, t)
            nx, ny = -math.sin(ang), math.cos(ang)
            pygame.draw.line(self.surf, INK, (x - nx * 14, y - ny * 14), (x + nx * 14, y + ny * 14),
                             3)

    def walls(self):
        for bd in self.src.borders:
            if bd.kind != "wall":
                continue
            pts = [tuple(map(float, p)) for p in bd.points]
            thick_path(self.surf, pts, 14, INK)
            thick_path(self.surf, pts, 10, (170, 164, 150))
            # merlons on both faces
            for (x, y), ang in resample(pts, 9)[1:-1:2]:
                nx, ny = -math.sin(ang), math.cos(ang)
                for side in (-1, 1):
                    cx, cy = x + nx * 8 * side, y + ny * 8 * side
                    r = pygame.Rect(0, 0, 6, 6)
                    r.center = (cx, cy)
                    pygame.draw.rect(self.surf, (170, 164, 150), r)
                    pygame.draw.rect(self.surf, INK, r, 1)
            for p in (pts[0], pts[-1]):
                pygame.draw.circle(self.surf, INK, p, 11)
                pygame.draw.circle(self.surf, (186, 180, 166), p, 8)

    def ridges(self):
        for bd in self.src.borders:
            if bd.kind not in ("mountains", "pass"):
                continue
            pts = chaikin(bd.points, 2)
            self.ridge(pts, bd.kind, self.rng("ridge", bd.a, bd.b))

    def ridge(self, pts, kind, rng, hach=True):
        """A mountain ridge along pts: a dark crest, hachures down both flanks, and peaks.
        A pass leaves a saddle in the middle with a red track over it."""
        s = self.surf
        total = geo.polyline_length(pts)
        gap = (0.36, 0.64) if kind == "pass" else (2.0, 2.0)

        def in_gap(t):
            return gap[0] < t < gap[1]

        samples = resample(pts, 3)
        n = len(samples)
        for i, ((x, y), ang) in enumerate(samples):
            t = i / max(1, n - 1)
            if in_gap(t) or not hach:
                continue
            nx, ny = -math.sin(ang), math.cos(ang)
            ln = 8 + 4 * math.sin(i * 0.7) + rng.uniform(0, 3)
            for side in (-1, 1):
                pygame.draw.line(s, (104, 78, 52), (x + nx * 3 * side, y + ny * 3 * side),
                                 (x + nx * ln * side, y + ny * ln * side), 1)
        for i in range(n - 1):
            t = i / max(1, n - 1)
            if in_gap(t):
                continue
            pygame.draw.line(s, (70, 48, 30), samples[i][0], samples[i + 1][0], 5)
        k = max(2, int(total / 27))
        for i in range(k):
            t = (i + 0.5) / k
            if in_gap(t) or (kind == "pass" and abs(t - 0.5) < 0.2):
                continue
            (x, y), ang = geo.point_along(pts, t)
            draw_peak(s, x, y + 7, rng.uniform(26, 32), rng.uniform(21, 27), rng, snow=False,
                      fill=(196, 172, 134), dark=(116, 90, 62))
        if kind == "pass":
            self.pass_mark(pts)

    def pass_mark(self, pts, scale=1.0):
        s = self.surf
        (x, y), ang = geo.point_along(pts, 0.5)
        nx, ny = -math.sin(ang), math.cos(ang)
        dx, dy = math.cos(ang), math.sin(ang)
        # the saddle: two facing arcs of rock ")(" along the ridge
        for side in (-1, 1):
            cx, cy = x + dx * 15 * side * scale, y + dy * 15 * side * scale
            arc = []
            for k in range(9):
                u = (k / 8 - 0.5) * 2
                arc.append((cx + nx * u * 14 * scale - dx * side * (1 - u * u) * 6 * scale,
                            cy + ny * u * 14 * scale - dy * side * (1 - u * u) * 6 * scale))
            pygame.draw.lines(s, (70, 48, 30), False, arc, 4)
        # a red track over the saddle, from one side to the other
        for kk in range(-5, 6):
            a = (x + nx * (kk * 7 - 2.5) * scale, y + ny * (kk * 7 - 2.5) * scale)
            b = (x + nx * (kk * 7 + 2.5) * scale, y + ny * (kk * 7 + 2.5) * scale)
            pygame.draw.line(s, RED, a, b, 5)
        for side in (-1, 1):
            tip = (x + nx * 40 * side * scale, y + ny * 40 * side * scale)
            lp = (x + nx * 31 * side * scale + dx * 6 * scale, y + ny * 31 * side * scale + dy * 6 * scale)
            r = (x + nx * 31 * side * scale - dx * 6 * scale, y + ny * 31 * side * scale - dy * 6 * scale)
            pygame.draw.polygon(s, RED, [tip, lp, r])

    def occupied(self) -> list[pygame.Rect]:
        """Rects the feature labels must avoid: region names, sites, the pieces' anchors."""
        rects = []
        font = self.fonts.get("bold", 27)
        for r in self.src.regions.values():
            w, h = font.size(r.name)
            rects.append(pygame.Rect(0, 0, w + 8, h).move(r.anchors["label"][0] - w / 2 - 4,
                                                          r.anchors["label"][1] - h / 2))
            for k in ("army", "characters", "control", "tokens"):
                x, y = r.anchors[k]
                rects.append(pygame.Rect(x - 26, y - 26, 52, 52))
        return rects

    def feature_labels(self):
        """Names of rivers, fords, walls and passes, beside their borders where there is room."""
        font = self.fonts.get("italic", 21)
        ax, ay, aw, ah = self.src.area
        area = pygame.Rect(ax + 6, ay + 6, aw - 12, ah - 12)
        taken = self.occupied()
        by_feature: dict[str, list] = {}
        for bd in self.src.borders:
            if bd.feature and bd.kind != "normal":
                by_feature.setdefault(bd.feature, []).append(bd)
        for feat, bds in sorted(by_feature.items()):
            if bds[0].kind == "mountains":
                continue
            best = None
            for bd in bds:
                pts = chaikin(bd.points, 2)
                length = geo.polyline_length(pts)
                if bd.kind == "pass":
                    ts = (0.1, 0.16, 0.22, 0.78, 0.84, 0.9)
                elif bd.kind == "ford":
                    ts = (0.5,)
                else:
                    ts = (0.3, 0.4, 0.5, 0.6, 0.7)
                col = WATER_DARK if bd.kind in ("river", "ford", "stream") else INK
                txt = text_surface(font, feat, col, PLAQUE, 2)
                if txt.get_width() > length * 0.95 and bd.kind not in ("ford", "pass", "wall"):
                    continue
                offs = (25, 34) if bd.kind in ("river", "ford", "wall") else (19, 28)
                for t, off in ((t, o) for t in ts for o in offs):
                    (x, y), ang = geo.point_along(pts, t)
                    deg = -math.degrees(ang)
                    if deg > 90:
                        deg -= 180
                    if deg < -90:
                        deg += 180
                    rot = pygame.transform.rotate(txt, deg)
                    nx, ny = -math.sin(ang), math.cos(ang)
                    for side in (1, -1):
                        c = (x + nx * off * side, y + ny * off * side)
                        rect = rot.get_rect(center=(round(c[0]), round(c[1])))
                        # rotated text boxes are loose; test a shrunk box
                        core = rect.inflate(-rect.width * 0.25, -rect.height * 0.25)
                        score = -abs(t - 0.5) * 40 - off
                        if not area.contains(rect):
                            score -= 1000
                        score -= 200 * sum(1 for o in taken if core.colliderect(o))
                        if best is None or score > best[0]:
                            best = (score, rot, rect, deg, txt.get_size(), col)
            if best and best[0] > -150:  # no room without covering something: leave it out
                self.surf.blit(best[1], best[2])
                taken.append(best[2].inflate(-best[2].width * 0.25, -best[2].height * 0.25))
                (tw, th), (cx, cy) = best[4], best[2].center
                self.record(feat, (cx - tw // 2, cy - th // 2, tw, th), "italic", 21, best[5],
                            ref="feature:" + feature_id(feat), angle=round(best[3], 2))

    # ---- sites and names -----------------------------------------------------------------
    def sites(self):
        for r in self.src.regions.values():
            cx, cy = r.anchors["control"]
            size = 44
            if self.gondor and r.id == "minas_tirith":
                art_gondor.draw_white_tower(self.surf, cx, cy, 60)
            elif self.gondor and r.id == "minas_morgul":
                art_gondor.draw_morgul_tower(self.surf, cx, cy, 50)
            elif r.id == "orthanc":
                draw_orthanc(self.surf, cx, cy, 52)
            elif r.id == "edoras":
                draw_hall(self.surf, cx, cy, 46)
            elif r.terrain == "stronghold":
                draw_castle(self.surf, cx, cy, 46)
            elif r.terrain == "fort":
                draw_fort(self.surf, cx, cy, 40)
            elif r.settlement:
                draw_town(self.surf, cx, cy, size)
            if r.settlement:
                draw_vp_seal(self.surf, self.fonts, cx + 28, cy + 26, r.vp, r.owner)
            if r.orc_area:
                tx, ty = r.anchors["tokens"]
                if self.gondor:
                    art_gondor.draw_eye(self.surf, tx + 44, ty, 26)
                else:
                    draw_white_hand(self.surf, tx + 44, ty, 26)
            if self.gondor and r.id in art_gondor.catapult_sites(self.src):
                sx, sy = r.anchors.get("siege", r.anchors["tokens"])
                art_gondor.draw_catapult_site(self.surf, sx, sy)
            if r.recruitment_area:
                tx, ty = r.anchors["tokens"]
                art_gondor.draw_banner(self.surf, tx + 46, ty, 34)

    def region_labels(self):
        font = self.fonts.get("bold", 27)
        for r in self.src.regions.values():
            x, y = r.anchors["label"]
            t = text_surface(font, r.name, INK, PLAQUE, 3)
            blit_center(self.surf, t, (x, y))

    # ---- frame, panels, tracks ---------------------------------------------------------------
    def panel_backgrounds(self):
        s = self.surf
        W, H = self.src.size
        ax, ay, aw, ah = self.src.area
        # right column (beside the map) and the bottom strip (full width), slightly darker
        pygame.draw.rect(s, PAPER_DARK, (ax + aw + 14, 14, W - ax - aw - 28, ay + ah - 8),
                         border_radius=6)
        pygame.draw.rect(s, PAPER_DARK, (14, ay + ah + 14, W - 28, H - ay - ah - 28),
                         border_radius=6)

    def frame(self):
        s = self.surf
        W, H = self.src.size
        ax, ay, aw, ah = self.src.area
        pygame.draw.rect(s, INK, (4, 4, W - 8, H - 8), 4)
        pygame.draw.rect(s, INK, (10, 10, W - 20, H - 20), 1)
        pygame.draw.rect(s, INK, (ax - 8, ay - 8, aw + 16, ah + 16), 1)
        # tick marks along the map frame
        for x in range(ax, ax + aw + 1, 40):
            pygame.draw.line(s, INK, (x, ay - 8), (x, ay - 3), 1)
            pygame.draw.line(s, INK, (x, ay + ah + 3), (x, ay + ah + 8), 1)
        for y in range(ay, ay + ah + 1, 40):
            pygame.draw.line(s, INK, (ax - 8, y), (ax - 3, y), 1)
            pygame.draw.line(s, INK, (ax + aw + 3, y), (ax + aw + 8, y), 1)
        for cx, cy in ((ax - 8, ay - 8), (ax + aw + 8, ay - 8), (ax - 8, ay + ah + 8),
                       (ax + aw + 8, ay + ah + 8)):
            pygame.draw.circle(s, PAPER, (cx, cy), 7)
            pygame.draw.circle(s, INK, (cx, cy), 7, 2)
            pygame.draw.circle(s, RED, (cx, cy), 3)

    def slot_box(self, rect, fill=PLAQUE, border=INK, radius=8, width=2, alpha=None):
        x, y, w, h = rect
        box = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(box, (*fill, 255 if alpha is None else alpha), (0, 0, w, h),
                         border_radius=radius)
        self.surf.blit(box, (x, y))
        pygame.draw.rect(self.surf, border, rect, width, border_radius=radius)

    def heading(self, text, x, y, size=30, color=INK, center=False, group=None, ref="",
                record=True, room=None):
        t = text_surface(self.fonts.get("bold", size), text, color)
        if center:
            r = blit_center(self.surf, t, (x, y))
        else:
            r = self.surf.blit(t, (x, y - t.get_height() / 2))
        if record:
            self.record(text, r, "bold", size, color, group, ref, room)

    def small(self, text, center, size=18, color=INK, style="regular", group=None, ref="",
              record=True, room=None, room_top=None):
        t = self.fonts.get(style, size).render(text, True, color)
        r = blit_center(self.surf, t, center)
        if record:
            self.record(text, r, style, size, color, group, ref, room, room_top=room_top)

    def words(self, font_style, size, text, color, topleft, right):
        """A legend's words at a top-left corner (recorded, with the room up to x = right)."""
        r = self.surf.blit(self.fonts.get(font_style, size).render(text, True, color), topleft)
        self.record(text, r, font_style, size, color, room=(r.left, right), align="left")

    def rule(self, x0, x1, y):
        pygame.draw.line(self.surf, INK, (x0, y), (x1, y), 1)
        pygame.draw.polygon(self.surf, INK, [((x0 + x1) / 2 - 6, y), ((x0 + x1) / 2, y - 4),
                                             ((x0 + x1) / 2 + 6, y), ((x0 + x1) / 2, y + 4)])

    def tracks(self):
        slots = {t.id: t for t in self.src.tracks}
        fonts = self.fonts
        s = self.surf
        W, H = self.src.size
        ax, ay, aw, ah = self.src.area
        px = ax + aw + 12
        pw = W - px - 12

        # -- title cartouche
        cart = pygame.Rect(px + 14, 24, pw - 28, 178)
        self.slot_box(cart, fill=(244, 232, 200), radius=14, width=3)
        pygame.draw.rect(s, INK, cart.inflate(-12, -12), 1, border_radius=10)
        first, _, second = self.src.title.partition(" for ")
        room = (cart.left + 14, cart.right - 14)
        self.heading(first, cart.centerx, cart.top + 44, 46, INK, center=True, group="title",
                     ref="scenario", room=room)
        self.heading("for " + second, cart.centerx, cart.top + 92, 46, RED, center=True,
                     group="title", room=room)
        self.rule(cart.left + 60, cart.right - 60, cart.top + 128)
        # the expansion's name, which the books keep: not recorded (never covered)
        self.small("Battles of the War of the Ring", (cart.centerx, cart.top + 150), 20,
                   INK_SOFT, "italic", record=False)

        # -- Shadow Box
        sb = [slots[f"shadow_box.{k}"] for k in self.src.positions]
        dice = slots["shadow_box.dice"]
        box = pygame.Rect(sb[0].rect[0] - 10, sb[0].rect[1] - 40, 0, 0)
        box.width = dice.rect[0] + dice.rect[2] + 10 - box.left
        box.height = dice.rect[1] + dice.rect[3] + 10 - box.top
        self.slot_box(box, fill=(70, 40, 36), border=INK, radius=10, width=3)
        t = text_surface(fonts.get("bold", 26), self.src.shadow_box_title, (240, 220, 190))
        self.record(self.src.shadow_box_title, blit_center(s, t, (box.centerx, box.top + 20)),
                    "bold", 26, (240, 220, 190), room=(box.left + 12, box.right - 12))
        names = {"palantir_room": "Palant\u00edr Room", "balcony": "Balcony",
                 "pits": "The Pits"}
        names.update(self.src.position_names)
        for slot in sb:
            r = pygame.Rect(slot.rect)
            self.slot_box(r, fill=(226, 206, 176), border=(20, 10, 8), radius=8, width=2)
            if self.gondor:
                words = names[slot.slot].split("|")  # "|" breaks a long name in two lines
                for k, wd in enumerate(words):
                    self.small(wd, (r.centerx, r.bottom - 16 - 19 * (len(words) - 1 - k)), 18, INK,
                               "bold", group=slot.id, ref="position:" + slot.slot,
                               room=(r.left + 5, r.right - 5),
                               room_top=r.top + 82 if len(words) == 1 else None)
                art_gondor.position_icon(self.surf, sb.index(slot), r.centerx,
                                         r.top + (42 if len(words) > 1 else 50))
            else:
                self.small(names[slot.slot], (r.centerx, r.bottom - 18), 19, INK, "bold",
                           ref="position:" + slot.slot, room=(r.left + 5, r.right - 5),
                           room_top=r.top + 82)  # under the icon
                self.position_icon(slot.slot, r.centerx, r.top + 50)
        r = pygame.Rect(dice.rect)
        self.slot_box(r, fill=(96, 60, 52), border=(20, 10, 8), radius=8, width=2)
        for k in range(6):
            d = pygame.Rect(0, 0, 40, 40)
            d.center = (r.left + 44 + k * 70, r.centery)
            pygame.draw.rect(s, (120, 80, 70), d, 2, border_radius=6)
        t = text_surface(fonts.get("italic", 18), "dice in the box", (236, 214, 190))
        self.record("dice in the box", blit_center(s, t, (r.centerx, r.bottom - 10)), "italic",
                    18, (236, 214, 190), room=(r.left + 10, r.right - 10))

        # -- decks
        labels = {"generic": ("Generic", "30"), "fp_story": ("Free Peoples", "Story"),
                  "sh_story": ("Shadow", "Story"), "special": (self.src.special_deck, "Special")}
        deck0 = slots["deck.generic"].rect
        self.heading("Event Cards", px + pw / 2, deck0[1] - 22, 28, INK, center=True,
                     room=(px + 20, px + pw - 20))
        for d in ("generic", "fp_story", "sh_story", "special"):
            for kind in ("deck", "discard"):
                r = pygame.Rect(slots[f"{kind}.{d}"].rect)
                side = {"fp_story": FP_COLOR, "sh_story": SH_COLOR, "special": (60, 70, 40),
                        "generic": (110, 84, 50)}[d]
                if kind == "deck":
                    self.slot_box(r, fill=mix(side, PLAQUE, 0.72), border=INK, radius=9,
                                  width=2)
                    pygame.draw.rect(s, side, r.inflate(-14, -14), 2, border_radius=6)
                    self.card_emblem(d, r.centerx, r.centery - 8, side)
                    l1, l2 = labels[d]
                    room = (r.left - 5, r.right + 5)  # the decks stand 12 px apart
                    self.small(l1, (r.centerx, r.bottom + 12), 17, INK, "bold", group="deck." + d,
                               room=room)
                    self.small(l2 if d != "generic" else "deck", (r.centerx, r.bottom + 29),
                               17, INK, group="deck." + d, room=room)
                else:
                    self.dashed_rect(r, side)
                    self.small("discard", (r.centerx, r.centery), 18, side, "italic",
                               room=(r.left + 4, r.right - 4))

        # -- action tokens and fate pool
        at = pygame.Rect(slots["fp_action_tokens"].rect)
        self.slot_box(at, fill=mix(FP_COLOR, PLAQUE, 0.78), radius=10)
        self.small("Free Peoples action tokens", (at.centerx, at.top + 16), 17, INK, "bold",
                   room=(at.left + 8, at.right - 8))
        for k in (-1, 1):
            c = (at.centerx + k * 40, at.centery + 12)
            pygame.draw.circle(s, FP_COLOR, c, 27, 2)
            pygame.draw.circle(s, mix(FP_COLOR, PLAQUE, 0.5), c, 22, 1)
        fp = pygame.Rect(slots["fate_pool"].rect)
        self.slot_box(fp, fill=(222, 214, 196), radius=10)
        self.small("Fate pool", (fp.centerx, fp.top + 16), 18, INK, "bold",
                   room=(fp.left + 8, fp.right - 8))
        bag = [(fp.centerx - 30, fp.bottom - 12), (fp.centerx - 36, fp.centery + 4),
               (fp.centerx - 14, fp.centery - 10), (fp.centerx - 22, fp.centery - 20),
               (fp.centerx + 22, fp.centery - 20), (fp.centerx + 14, fp.centery - 10),
               (fp.centerx + 36, fp.centery + 4), (fp.centerx + 30, fp.bottom - 12)]
        pygame.draw.polygon(s, (160, 120, 80), bag)
        pygame.draw.polygon(s, INK, bag, 2)
        pygame.draw.line(s, INK, (fp.centerx - 16, fp.centery - 12), (fp.centerx + 16,
                                                                        fp.centery - 12), 2)

        # -- fate track
        fate = sorted((t for t in self.src.tracks if t.track == "fate"), key=lambda t: int(t.slot))
        f0 = fate[0].rect
        title = pygame.Rect(24, f0[1], f0[0] - 34, f0[3])
        self.slot_box(title, fill=(60, 80, 50), border=INK, radius=10, width=2)
        t = text_surface(fonts.get("bold", 34), "Fate", (240, 228, 190))
        self.record("Fate", blit_center(s, t, (title.centerx, title.centery - 12)), "bold", 34,
                    (240, 228, 190), group="fate", room=(title.left + 5, title.right - 5))
        t = text_surface(fonts.get("italic", 17), "track", (220, 214, 180))
        self.record("track", blit_center(s, t, (title.centerx, title.centery + 20)), "italic", 17,
                    (220, 214, 180), group="fate", room=(title.left + 5, title.right - 5))
        for i, slot in enumerate(fate):
            r = pygame.Rect(slot.rect)
            k = i / max(1, len(fate) - 1)
            fill = mix((232, 222, 190), (170, 196, 140), k)
            self.slot_box(r, fill=fill, radius=10, width=2)
            pygame.draw.rect(s, INK_SOFT, r.inflate(-10, -10), 1, border_radius=7)
            t = text_surface(fonts.get("bold", 46), slot.slot, INK, PLAQUE, 2)
            blit_center(s, t, (r.centerx, r.centery - 4))
            if i:
                a = (r.left - 8, r.centery)
                pygame.draw.polygon(s, INK, [(a[0] - 4, a[1] - 6), (a[0] + 3, a[1]),
                                             (a[0] - 4, a[1] + 6)])

    def dashed_rect(self, r, color):
        pts = [r.topleft, r.topright, r.bottomright, r.bottomleft, r.topleft]
        for a, b in zip(pts, pts[1:]):
            ln = math.dist(a, b)
            n = int(ln / 8)
            for i in range(0, n, 2):
                p = (lerp(a[0], b[0], i / n), lerp(a[1], b[1], i / n))
                q = (lerp(a[0], b[0], (i + 1) / n), lerp(a[1], b[1], (i + 1) / n))
                pygame.draw.line(self.surf, color, p, q, 2)

    def card_emblem(self, deck, cx, cy, col):
        s = self.surf
        if deck == "generic":
            pygame.draw.circle(s, col, (cx, cy), 20, 3)
            pygame.draw.line(s, col, (cx - 12, cy + 12), (cx + 12, cy - 12), 3)
            pygame.draw.line(s, col, (cx - 12, cy - 12), (cx + 12, cy + 12), 3)
        elif deck == "fp_story":
            pts = [(cx, cy - 22), (cx + 18, cy - 12), (cx + 14, cy + 12), (cx, cy + 22),
                   (cx - 14, cy + 12), (cx - 18, cy - 12)]
            pygame.draw.polygon(s, col, pts, 3)
            pygame.draw.line(s, col, (cx, cy - 14), (cx, cy + 14), 3)
            pygame.draw.line(s, col, (cx - 10, cy - 4), (cx + 10, cy - 4), 3)
        elif deck == "sh_story":
            pygame.draw.ellipse(s, col, (cx - 22, cy - 11, 44, 22), 3)
            pygame.draw.ellipse(s, col, (cx - 4, cy - 10, 8, 20))
        else:
            pygame.draw.polygon(s, col, [(cx - 16, cy + 16), (cx, cy - 20), (cx + 16, cy + 16)],
                                3)
            pygame.draw.circle(s, col, (cx, cy + 4), 5)

    def position_icon(self, pos, cx, cy):
        s = self.surf
        if pos == "palantir_room":
            pygame.draw.rect(s, (60, 40, 30), (cx - 18, cy + 14, 36, 8))
            pygame.draw.circle(s, (30, 26, 40), (cx, cy), 19)
            pygame.draw.circle(s, (110, 60, 140), (cx, cy), 13)
            pygame.draw.circle(s, (230, 140, 60), (cx - 4, cy - 4), 5)
            pygame.draw.circle(s, INK, (cx, cy), 19, 2)
        elif pos == "balcony":
            pygame.draw.rect(s, (90, 86, 80), (cx - 30, cy + 6, 60, 8))
            for k in range(-2, 3):
                pygame.draw.line(s, INK, (cx + k * 12, cy + 14), (cx + k * 12, cy + 26), 3)
            pygame.draw.line(s, INK, (cx - 30, cy + 26), (cx + 30, cy + 26), 3)
            pygame.draw.arc(s, INK, (cx - 22, cy - 30, 44, 60), 0, math.pi, 3)
            pygame.draw.circle(s, (236, 236, 230), (cx, cy - 8), 7)
            pygame.draw.polygon(s, (236, 236, 230), [(cx - 10, cy + 6), (cx, cy - 2),
                                                     (cx + 10, cy + 6)])
        else:
            pygame.draw.circle(s, (50, 40, 36), (cx, cy), 22)
            for k in range(8):
                a = k * math.pi / 4
                pygame.draw.line(s, (200, 90, 40), (cx, cy), (cx + math.cos(a) * 20,
                                                              cy + math.sin(a) * 20), 3)
            pygame.draw.circle(s, (240, 150, 60), (cx, cy), 7)
            pygame.draw.circle(s, INK, (cx, cy), 22, 2)

    def legend(self):
        s = self.surf
        W, H = self.src.size
        ax, ay, aw, ah = self.src.area
        px = ax + aw + 14
        pw = W - px - 14
        top = max(t.rect[1] + t.rect[3] for t in self.src.tracks
                  if t.track in ("discard", "protection")) + 18
        compact = self.gondor  # the column is shared with the protection tracks
        box = pygame.Rect(px + 12, top, pw - 24, ay + ah - 10 - top)
        self.slot_box(box, fill=(240, 228, 198), radius=10, width=2)
        self.heading("Legend", box.centerx, box.top + 20, 27, INK, center=True,
                     room=(box.left + 12, box.right - 12))
        col_w = (box.width - 16) / 2
        rng = self.rng("legend")
        # terrain swatches, with the defender's terrain bonus
        y = box.top + (38 if compact else 42)
        row = 30 if compact else 37
        for i, t in enumerate(("plains", "forest", "mountains", "marsh", "fort", "stronghold")):
            cx = box.left + 12 + (i % 2) * col_w
            cy = y + (i // 2) * row
            sw = pygame.Rect(cx, cy, 50, 32)
            sub = pygame.Surface(sw.size)
            sub.fill(TERRAIN_BASE[t])
            if t == "forest":
                for k in range(3):
                    draw_tree(sub, 9 + k * 16, 29, 15, rng)
            elif t == "mountains":
                draw_peak(sub, 16, 30, 28, 22, rng)
                draw_peak(sub, 36, 31, 24, 18, rng)
            elif t == "marsh":
                draw_reeds(sub, 15, 24, rng)
                draw_reeds(sub, 36, 20, rng)
            elif t == "fort":
                draw_fort(sub, 25, 14, 26)
            elif t == "stronghold":
                draw_castle(sub, 25, 14, 24)
            else:
                for k in range(4):
                    draw_tuft(sub, 7 + k * 12, 16 + (k % 2) * 10, rng,
                              shade(TERRAIN_BASE[t], 0.7))
            s.blit(sub, sw)
            pygame.draw.rect(s, INK, sw, 1)
            self.words("regular", 19, TERRAIN_NAMES[t], INK, (sw.right + 8, cy + 4),
                       box.left + 12 + (i % 2 + 1) * col_w - 6)
        y += 3 * row + 4
        self.rule(box.left + 30, box.right - 30, y)
        # border kinds
        y += 16
        if compact:
            for i, (kind, label) in enumerate(BORDER_LEGEND):
                cy = y + (i // 2) * 23
                x0 = box.left + 22 + (i % 2) * col_w
                x1 = x0 + 44
                self.legend_border(kind, x0, x1, cy)
                self.words("regular", 19, BORDER_LEGEND_SHORT.get(kind, label), INK,
                           (x1 + 14, cy - 12), box.left + 22 + (i % 2 + 1) * col_w - 28)
            y += (len(BORDER_LEGEND) + 1) // 2 * 23 - 4
        else:
            for i, (kind, label) in enumerate(BORDER_LEGEND):
                cy = y + i * 25
                x0, x1 = box.left + 26, box.left + 84
                self.legend_border(kind, x0, x1, cy)
                self.words("regular", 19, label, INK, (x1 + 12, cy - 12), box.right - 8)
            y += len(BORDER_LEGEND) * 25 - 6
        self.rule(box.left + 30, box.right - 30, y)
        # symbols, two columns
        y += 30
        lx, rx = box.left + 34, box.left + 12 + col_w + 22
        draw_town(s, lx, y, 30)
        draw_vp_seal(s, self.fonts, lx + 30, y + 10, 1, "fp")
        self.words("regular", 19, "Settlement, VP", INK, (lx + 50, y - 8), rx - 16)
        if compact:
            art_gondor.draw_eye(s, rx, y, 24)
            self.words("regular", 19, "Orc area", INK, (rx + 24, y - 10), box.right - 8)
            y += 30
            art_gondor.draw_banner(s, lx, y, 30)
            self.words("regular", 19, "Recruitment area", INK, (lx + 20, y - 10), rx - 16)
            art_gondor.draw_catapult_legend(s, rx, y)
            self.words("regular", 19, "Catapult site", INK, (rx + 24, y - 10), box.right - 8)
            y += 26
        else:
            draw_white_hand(s, rx, y, 24)
            self.words("regular", 19, "Orc area", INK, (rx + 24, y - 10), box.right - 8)
            y += 34
        self.rule(box.left + 30, box.right - 30, y)
        # territories (the coloured band inside region edges)
        y += 10
        tsize = 16 if compact else 17
        terrs = sorted({r.territory for r in self.src.regions.values()})
        cols = 3 if compact else 2
        cw = (box.width - 20) / cols
        for i, name in enumerate(terrs):
            x = box.left + 14 + (i % cols) * cw
            yy = y + (i // cols) * (18 if compact else 21)
            pygame.draw.rect(s, self.territory_colors.get(name, (90, 90, 90)), (x, yy + 3, 22, 13))
            pygame.draw.rect(s, INK, (x, yy + 3, 22, 13), 1)
            self.words("regular", tsize, name, INK, (x + 28, yy), x + cw - 4)

    def legend_border(self, kind, x0, x1, y):
        s = self.surf
        pts = [(x0, y), ((x0 + x1) / 2, y - 3), (x1, y)]
        if kind == "normal":
            pygame.draw.lines(s, INK_SOFT, False, pts, 3)
        elif kind == "stream":
            thick_path(s, pts, 10, WATER_DARK)
            thick_path(s, pts, 7, WATER)
            thick_path(s, pts, 2, WATER_LIGHT)
        elif kind in ("river", "ford"):
            thick_path(s, pts, 20, WATER_DARK)
            thick_path(s, pts, 15, WATER if kind == "river" else (150, 182, 200))
            if kind == "ford":
                for k in range(3):
                    cx = x0 + 14 + k * 18
                    pygame.draw.ellipse(s, (200, 192, 170), (cx - 4, y - 5, 8, 6))
                    pygame.draw.ellipse(s, INK_SOFT, (cx - 4, y - 5, 8, 6), 1)
        elif kind == "wall":
            thick_path(s, pts, 14, INK)
            thick_path(s, pts, 10, (170, 164, 150))
            for k in range(5):
                r = pygame.Rect(0, 0, 6, 6)
                r.center = (x0 + 8 + k * 12, y - 9)
                pygame.draw.rect(s, (170, 164, 150), r)
                pygame.draw.rect(s, INK, r, 1)
        else:
            thick_path(s, pts, 5, INK)
            rng = self.rng("legend", kind)
            for k in range(4):
                t = (k + 0.5) / 4
                if kind == "pass" and k in (1, 2):
                    continue
                x = lerp(x0, x1, t)
                draw_peak(s, x, y + 6, 18, 20, rng, snow=False)
            if kind == "pass":
                self.pass_mark([(x0, y), (x1, y)], 0.7)

    def compass(self):
        """A compass rose in the map corner with the most room (away from every anchor)."""
        ax, ay, aw, ah = self.src.area
        anchors = [p for r in self.src.regions.values() for p in r.anchors.values()]
        cands = [(ax + aw - 70, ay + 70), (ax + aw - 70, ay + 140), (ax + aw - 140, ay + 70)]
        best = max(cands, key=lambda c: min(math.dist(c, p) for p in anchors))
        cx, cy = best
        s = self.surf
        R = 46
        pygame.draw.circle(s, INK, (cx, cy), R * 0.62, 1)
        pygame.draw.circle(s, INK, (cx, cy), R * 0.56, 1)
        for k in range(8):
            a = k * math.pi / 4
            ln = R if k % 2 == 0 else R * 0.55
            tip = (cx + math.sin(a) * ln, cy - math.cos(a) * ln)
            lp = (cx + math.sin(a - 0.5) * 8, cy - math.cos(a - 0.5) * 8)
            r = (cx + math.sin(a + 0.5) * 8, cy - math.cos(a + 0.5) * 8)
            pygame.draw.polygon(s, PLAQUE, [tip, lp, (cx, cy)])
            pygame.draw.polygon(s, INK if k != 0 else RED, [tip, r, (cx, cy)])
            pygame.draw.polygon(s, INK, [tip, lp, (cx, cy), r], 1)
        t = text_surface(self.fonts.get("bold", 24), "N", INK, PLAQUE, 2)
        self.record("N", blit_center(s, t, (cx, cy - R - 12)), "bold", 24, INK)

    def paint(self):
        self.paper()
        self.panel_backgrounds()
        for r in self.src.regions.values():
            self.paint_region(r)
            if self.gondor:
                self.gondor_ground(r)
        for r in self.src.regions.values():
            self.territory_band(r)
        self.age_paper()
        if self.gondor:
            for r in self.src.regions.values():
                if r.territory in art_gondor.MORDOR:
                    art_gondor.mordor_shade(self.surf, r, self.rng("mordor", r.id))
        self.edges()
        self.water_features()
        self.walls()
        self.ridges()
        self.sites()
        self.feature_labels()
        self.region_labels()
        self.compass()
        self.frame()
        self.tracks()
        if self.gondor:
            art_gondor.protection_tracks(self)
        self.legend()
        return self.surf


def feature_id(name: str) -> str:
    """A border feature's id in the content's translations: "Fords of Isen" -> fords_of_isen."""
    return re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")


def render_art(src: MapSource, fontset: FontSet) -> pygame.Surface:
    return render_art_texts(src, fontset)[0]


def render_art_texts(src: MapSource, fontset: FontSet) -> tuple[pygame.Surface, list[dict]]:
    """The board art and the English texts painted in its frame (``Painter.art_texts``)."""
    if not pygame.font.get_init():
        pygame.font.init()
    p = Painter(src, Fonts(fontset))
    surf = p.paint()
    return surf, p.art_texts()


def frame_texts(src: MapSource, fontset: FontSet) -> list[dict]:
    """The frame's texts without painting the map (fast: the .tmx alone, ``--check``): the frame
    is painted on a blank surface, which places every text exactly where the full painting does."""
    if not pygame.font.get_init():
        pygame.font.init()
    p = Painter(src, Fonts(fontset))
    p.feature_labels()  # (in the painting's order: the borders' names, the compass, the frame)
    p.compass()
    p.tracks()
    if p.gondor:
        art_gondor.protection_tracks(p)
    p.legend()
    return p.art_texts()


from botwotr.ui.png import png_bytes  # noqa: E402  (one PNG encoder for the project)


def save_png(surf: pygame.Surface, path: Path, level: int = 4) -> None:
    Path(path).write_bytes(png_bytes(surf, level))
