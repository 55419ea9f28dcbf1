"""The Battle for Gondor's look: the board's other face, painted by the same hand as Rohan's.

Called by :class:`mapgen.art.Painter` when the source says ``map.style: gondor``; nothing here
runs for Rohan. White stone for Minas Tirith on its hill, the tilled Pelennor inside the Rammas
Echor, the dark of Mordor over the Morgul lands, the Witch-king's tower, the red Eye for the
Shadow's orc areas and a banner for the board-edge recruitment areas.
"""

from __future__ import annotations

import math

import pygame

from botwotr.board import geometry as geo

INK = (58, 38, 22)
STONE = (242, 240, 232)
STONE_DARK = (176, 172, 162)
MORGUL_GREEN = (170, 214, 170)
FP_COLOR = (40, 84, 140)
SH_COLOR = (128, 30, 26)

TERRITORY_COLORS = {
    "Minas Tirith": (236, 234, 226),
    "Pelennor": (120, 150, 60),
    "Osgiliath": (150, 140, 120),
    "An\u00f3rien": (176, 146, 30),
    "White Mountains": (110, 110, 116),
    "Rohan road": (62, 120, 52),
    "Lossarnach": (196, 140, 20),
    "Outlands": (52, 80, 140),
    "Outlands road": (60, 126, 140),
    "Ithilien": (34, 92, 40),
    "Morgul": (70, 40, 70),
    "Harad road": (150, 84, 34),
}

# Territories painted under the dark of Mordor (a fixed tint of the art; the game's Darkness
# is drawn over it by the client, from the state).
MORDOR = {"Morgul"}


def region_mask(poly, size):
    x0, y0, x1, y1 = geo.bbox(poly)
    x0, y0 = int(x0), int(y0)
    w, h = int(x1) - x0 + 1, int(y1) - y0 + 1
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), [(x - x0, y - y0) for x, y in poly])
    return mask, (x0, y0)


def mordor_shade(surf, r, rng):
    """Darken a Morgul region: an ashen multiply, then specks of cinder."""
    mask, (ox, oy) = region_mask(r.polygon, surf.get_size())
    w, h = mask.get_size()
    m = pygame.mask.from_surface(mask, 127)
    sub = surf.subsurface(pygame.Rect(ox, oy, w, h))
    shadow = m.to_surface(setcolor=(150, 128, 140), unsetcolor=(255, 255, 255))
    sub.blit(shadow, (0, 0), special_flags=pygame.BLEND_MULT)
    for _ in range(int(w * h / 900)):
        x, y = rng.uniform(0, w - 1), rng.uniform(0, h - 1)
        if m.get_at((int(x), int(y))):
            c = (60 + rng.randint(0, 30), 40, 44)
            pygame.draw.circle(sub, c, (x, y), rng.choice((1, 1, 2)))


def pelennor_fields(surf, r, rng):
    """The tilled townlands of the Pelennor: strips of field in two or three shades."""
    mask, (ox, oy) = region_mask(r.polygon, surf.get_size())
    w, h = mask.get_size()
    m = pygame.mask.from_surface(mask, 127)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    ang = rng.uniform(-0.5, 0.5)
    ca, sa = math.cos(ang), math.sin(ang)
    cell = 46
    shades = [(198, 196, 120, 90), (214, 200, 130, 90), (170, 178, 104, 90), (0, 0, 0, 0)]
    for gy in range(-2, h // cell + 3):
        for gx in range(-2, w // cell + 3):
            k = rng.randrange(len(shades))
            if shades[k][3] == 0:
                continue
            cx, cy = gx * cell, gy * cell
            pts = []
            for px, py in ((0, 0), (cell - 4, 0), (cell - 4, cell * 0.6 - 4), (0, cell * 0.6 - 4)):
                x, y = cx + px, cy * 0.6 + py
                pts.append((w / 2 + (x - w / 2) * ca - (y - h / 2) * sa,
                            h / 2 + (x - w / 2) * sa + (y - h / 2) * ca))
            pygame.draw.polygon(layer, shades[k], pts)
            pygame.draw.polygon(layer, (120, 110, 70, 70), pts, 1)
    cut = m.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    layer.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, (ox, oy))


def city_tiers(surf, r, keep):
    """Minas Tirith in plan: seven white walls in rings against the mountain, the Citadel's
    prow of rock through them. Drawn as the region's ground, under names and pieces."""
    mask, (ox, oy) = region_mask(r.polygon, surf.get_size())
    w, h = mask.get_size()
    m = pygame.mask.from_surface(mask, 127)
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    # the hill: the ring centre is on the west edge (against Mindolluin)
    x0, y0, x1, y1 = geo.bbox(r.polygon)
    cx, cy = x0 - ox + 8, (y0 + y1) / 2 - oy
    outer = max(w, h) * 0.95
    n = 7
    for k in range(n):
        rad = outer * (1 - k / (n + 0.6))
        col = STONE if k % 2 == 0 else (230, 228, 218)
        pygame.draw.circle(layer, (*col, 255), (cx, cy), rad)
        pygame.draw.circle(layer, (*STONE_DARK, 255), (cx, cy), rad, 4)
        pygame.draw.circle(layer, (*INK, 190), (cx, cy), rad, 2)
        # roofs between the walls: small grey blocks along the ring
        step = 0.18 if k < 4 else 0.3
        a = -math.pi / 2
        while a < math.pi / 2:
            rr = rad - 14
            bx, by = cx + math.cos(a) * rr, cy + math.sin(a) * rr
            pygame.draw.rect(layer, (206, 200, 190, 255), (bx - 4, by - 3, 8, 6))
            pygame.draw.rect(layer, (150, 140, 130, 255), (bx - 4, by - 3, 8, 6), 1)
            a += step
    # the prow of rock pointing east, through every ring
    prow = [(cx, cy - outer * 0.08), (cx + outer * 0.78, cy), (cx, cy + outer * 0.08)]
    pygame.draw.polygon(layer, (214, 208, 196, 255), prow)
    pygame.draw.polygon(layer, (*INK, 150), prow, 2)
    cut = m.to_surface(setcolor=(255, 255, 255, 255), unsetcolor=(0, 0, 0, 0))
    layer.blit(cut, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, (ox, oy))


def draw_white_tower(s, cx, cy, size):
    """The Citadel of Minas Tirith: a white tower on its tiered hill, a banner on top."""
    base = pygame.Rect(0, 0, size * 1.2, size * 0.42)
    base.center = (cx, cy + size * 0.36)
    for k in range(3):
        r = base.inflate(-k * size * 0.3, -k * 4).move(0, -k * size * 0.16)
        pygame.draw.ellipse(s, STONE, r)
        pygame.draw.ellipse(s, INK, r, 2)
    tw = size * 0.2
    tower = pygame.Rect(0, 0, tw, size * 0.95)
    tower.midbottom = (cx, cy + size * 0.26)
    pygame.draw.rect(s, STONE, tower)
    pygame.draw.rect(s, INK, tower, 2)
    tip = [(tower.left - 2, tower.top), (cx, tower.top - size * 0.22), (tower.right + 2, tower.top)]
    pygame.draw.polygon(s, STONE, tip)
    pygame.draw.polygon(s, INK, tip, 2)
    pole_top = (cx, tower.top - size * 0.46)
    pygame.draw.line(s, INK, (cx, tower.top - size * 0.2), pole_top, 2)
    flag = [pole_top, (cx + size * 0.34, pole_top[1] + size * 0.07), (cx, pole_top[1] + size * 0.15)]
    pygame.draw.polygon(s, (30, 30, 34), flag)
    pygame.draw.polygon(s, INK, flag, 1)
    pygame.draw.circle(s, STONE, (cx + size * 0.1, pole_top[1] + size * 0.075), 2)
    for k in range(3):
        pygame.draw.rect(s, (60, 60, 70), (cx - 2, tower.top + 8 + k * size * 0.2, 4, 7))


def draw_morgul_tower(s, cx, cy, size):
    """Minas Morgul: a pale tower glowing a corpse-light green, its top turning slowly."""
    glow = pygame.Surface((int(size * 2), int(size * 2)), pygame.SRCALPHA)
    for k in range(6, 0, -1):
        pygame.draw.circle(glow, (*MORGUL_GREEN, 18 + 4 * (6 - k)), (size, size), size * 0.16 * k)
    s.blit(glow, (cx - size, cy - size))
    base = pygame.Rect(0, 0, size * 1.1, size * 0.32)
    base.center = (cx, cy + size * 0.4)
    pygame.draw.ellipse(s, (80, 70, 80), base)
    pygame.draw.ellipse(s, INK, base, 2)
    w = size * 0.3
    bottom = cy + size * 0.36
    body = [(cx - w / 2, bottom), (cx - w * 0.36, cy - size * 0.4), (cx - w * 0.6, cy - size * 0.5),
            (cx, cy - size * 0.92), (cx + w * 0.6, cy - size * 0.5), (cx + w * 0.36, cy - size * 0.4),
            (cx + w / 2, bottom)]
    pygame.draw.polygon(s, (196, 214, 196), body)
    pygame.draw.polygon(s, (40, 50, 44), body, 2)
    for k in range(3):
        pygame.draw.rect(s, (90, 170, 110), (cx - 2, cy - size * 0.3 + k * size * 0.2, 4, 6))


def draw_eye(s, cx, cy, size):
    """The Shadow's orc-area mark on this face: a red lidless eye on a black roundel."""
    r = size * 0.62
    pygame.draw.circle(s, INK, (cx, cy), r + 2)
    pygame.draw.circle(s, (34, 24, 26), (cx, cy), r)
    eye = pygame.Rect(0, 0, r * 1.6, r * 0.9)
    eye.center = (cx, cy)
    pygame.draw.ellipse(s, (214, 80, 30), eye)
    pygame.draw.ellipse(s, (250, 180, 60), eye.inflate(-r * 0.5, -r * 0.35))
    pygame.draw.ellipse(s, (20, 10, 10), (cx - r * 0.1, cy - r * 0.4, r * 0.2, r * 0.8))


def draw_banner(s, cx, cy, size):
    """The recruitment-area mark: a Free Peoples banner on a pole (no stacking limit)."""
    top = (cx - size * 0.3, cy - size * 0.6)
    pygame.draw.line(s, INK, (top[0], cy + size * 0.55), top, 3)
    flag = [top, (top[0] + size * 0.75, top[1] + size * 0.05), (top[0] + size * 0.6, top[1] + size * 0.3),
            (top[0] + size * 0.75, top[1] + size * 0.55), (top[0], top[1] + size * 0.55)]
    pygame.draw.polygon(s, FP_COLOR, flag)
    pygame.draw.polygon(s, INK, flag, 2)
    pygame.draw.circle(s, (236, 224, 190), (top[0] + size * 0.28, top[1] + size * 0.28), size * 0.1)


def draw_catapult(s, cx, cy, size, color=(120, 84, 50)):
    """A catapult seen from the side: a wheeled frame and its throwing arm (legend and art)."""
    w = size
    base = pygame.Rect(0, 0, w, size * 0.22)
    base.midbottom = (cx, cy + size * 0.3)
    pygame.draw.rect(s, color, base)
    pygame.draw.rect(s, INK, base, 1)
    for wx in (base.left + w * 0.2, base.right - w * 0.2):
        pygame.draw.circle(s, (70, 50, 34), (wx, base.bottom), size * 0.14)
        pygame.draw.circle(s, INK, (wx, base.bottom), size * 0.14, 1)
    pivot = (cx + w * 0.1, base.top - size * 0.12)
    pygame.draw.line(s, INK, (cx - w * 0.1, base.top), pivot, 2)
    pygame.draw.line(s, INK, (cx + w * 0.3, base.top), pivot, 2)
    arm_end = (cx - w * 0.42, cy - size * 0.45)
    pygame.draw.line(s, color, (cx + w * 0.3, base.top - 2), arm_end, 3)
    pygame.draw.circle(s, INK, arm_end, size * 0.09)


def catapult_sites(src) -> list[str]:
    """The Pelennor regions not adjacent to Minas Tirith (where the Shadow builds catapults)."""
    near = {b.a if b.b == "minas_tirith" else b.b for b in src.borders
            if "minas_tirith" in (b.a, b.b)}
    return sorted(r.id for r in src.regions.values()
                  if r.territory == "Pelennor" and r.id not in near)


def draw_catapult_site(s, cx, cy):
    """The painted mark of a catapult site: a pale catapult on a trodden patch."""
    patch = pygame.Rect(0, 0, 54, 22)
    patch.center = (cx, cy + 10)
    pygame.draw.ellipse(s, (186, 170, 126), patch)
    pygame.draw.ellipse(s, (120, 100, 70), patch, 1)
    draw_catapult(s, cx, cy, 38, color=(150, 116, 80))


def draw_catapult_legend(s, cx, cy):
    draw_catapult(s, cx, cy, 26)


def protection_tracks(p):
    """The protection values of Minas Tirith and Cair Andros, as tracks under the discards."""
    s = p.surf
    rows: dict[str, list] = {}
    for t in p.src.tracks:
        if t.track == "protection":
            rid = t.slot.rsplit(".", 1)[0]
            rows.setdefault(rid, []).append(t)
    if not rows:
        return
    first = min(t.rect[1] for ts in rows.values() for t in ts)
    right = max(t.rect[0] + t.rect[2] for ts in rows.values() for t in ts)
    bottom = max(t.rect[1] + t.rect[3] for ts in rows.values() for t in ts)
    box = pygame.Rect(1912, first - 24, right + 12 - 1912, bottom + 8 - first + 24)
    p.slot_box(box, fill=(236, 234, 224), radius=10, width=2)
    p.small("Protection values of the strongholds", (box.centerx, box.top + 12), 16, INK, "bold",
            room=(box.left + 10, box.right - 10))
    names = {r.id: r.name for r in p.src.regions.values()}
    for rid, slots in rows.items():
        slots.sort(key=lambda t: t.index)
        y0 = slots[0].rect[1]
        h = slots[0].rect[3]
        # the stronghold's name and a little shield
        shield = [(1924, y0 + 6), (1942, y0 + 6), (1942, y0 + h - 16), (1933, y0 + h - 4),
                  (1924, y0 + h - 16)]
        pygame.draw.polygon(s, STONE, shield)
        pygame.draw.polygon(s, INK, shield, 2)
        pygame.draw.line(s, INK, (1933, y0 + 10), (1933, y0 + h - 10), 2)
        f = p.fonts.get("bold", 17)
        words = names.get(rid, rid).split()
        for k, wd in enumerate(words[:2]):
            t = f.render(wd, True, INK)
            r = s.blit(t, (1948, y0 + h / 2 - (len(words[:2]) * 9) + k * 18))
            p.record(wd, r, "bold", 17, INK, group="protection." + rid, ref="region:" + rid,
                     room=(1948, slots[0].rect[0] - 4), align="left")
        for t in slots:
            r = pygame.Rect(t.rect)
            breached = t.index == 0
            fill = (206, 170, 160) if breached else (244, 242, 234)
            p.slot_box(r, fill=fill, radius=6, width=2)
            num = p.fonts.get("bold", 22).render(str(t.index), True, SH_COLOR if breached else INK)
            s.blit(num, num.get_rect(center=r.center))
            if breached:
                # the breach: a crack down the box
                pts = [(r.centerx + 5, r.top + 3), (r.centerx - 2, r.top + 12),
                       (r.centerx + 4, r.top + 20), (r.centerx - 3, r.bottom - 4)]
                pygame.draw.lines(s, SH_COLOR, False, pts, 1)


def position_icon(s, pos, cx, cy):
    """The Witch-king's three Shadow Box positions (by place in the box): his crown on the Morgul
    throne, the fell beast's wings, the shadow of despair."""
    if pos == 0:
        crown = [(cx - 20, cy + 14), (cx - 22, cy - 10), (cx - 11, cy + 2), (cx - 6, cy - 20),
                 (cx, cy - 2), (cx + 6, cy - 20), (cx + 11, cy + 2), (cx + 22, cy - 10),
                 (cx + 20, cy + 14)]
        pygame.draw.polygon(s, (40, 36, 40), crown)
        pygame.draw.polygon(s, (150, 150, 160), crown, 2)
        pygame.draw.circle(s, (120, 200, 130), (cx, cy + 6), 4)
    elif pos == 1:
        for side in (-1, 1):
            wing = [(cx, cy), (cx + side * 30, cy - 16), (cx + side * 24, cy - 4),
                    (cx + side * 28, cy + 2), (cx + side * 18, cy + 4), (cx + side * 20, cy + 12),
                    (cx + side * 8, cy + 6)]
            pygame.draw.polygon(s, (40, 34, 40), wing)
            pygame.draw.polygon(s, (120, 110, 120), wing, 1)
        pygame.draw.ellipse(s, (40, 34, 40), (cx - 5, cy - 8, 10, 22))
        pygame.draw.circle(s, (40, 34, 40), (cx, cy - 10), 5)
    else:
        for dx, dy, r in ((-14, 4, 13), (0, -4, 16), (14, 4, 13), (0, 8, 14)):
            pygame.draw.circle(s, (44, 36, 48), (cx + dx, cy + dy), r)
        for dx, dy, r in ((-14, 4, 13), (0, -4, 16), (14, 4, 13)):
            pygame.draw.circle(s, (90, 80, 100), (cx + dx, cy + dy), r, 1)
        pygame.draw.line(s, (200, 60, 40), (cx - 4, cy + 14), (cx + 2, cy + 24), 2)
