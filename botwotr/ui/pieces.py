"""Piece shapes drawn on the board and in the panels: tokens (square, hexagon, circle, diamond),
count badges and action dice. Shared by the board view and the siege drawing (no import between
those two)."""

from __future__ import annotations

import math

import pygame

from . import resources as res
from . import theme as T
from .theme import Theme, side_style


# -- piece shapes ------------------------------------------------------------------------------


def _hexagon(center, r) -> list[tuple[float, float]]:
    cx, cy = center
    return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]


def draw_token(
    surface,
    rect: pygame.Rect,
    side: str | None,
    icon: str | None,
    count: int | None = None,
    theme: Theme | None = None,
    shape: str | None = None,
    fill=None,
    rim=None,
    ink=None,
    text: str | None = None,
    badge_min: int = 2,
) -> None:
    """One piece: a side-shaped body (square for the Free Peoples, hexagon for the Shadow), an
    icon, and a count badge when `count >= badge_min`. Bodies are drawn at twice the size and
    scaled down (smooth edges), and cached."""
    st = side_style(side)
    shape = shape or st.shape
    fill = tuple(fill or st.fill)
    rim = tuple(rim or st.rim)
    ink = tuple(ink or st.ink)
    s = rect.w
    key = ("token", shape, s, fill, rim, ink, icon, text)
    sprite = res.cached(key, lambda: _token_sprite(shape, s, fill, rim, ink, icon, text))
    surface.blit(sprite, rect.topleft)
    if count is not None and count >= badge_min:
        draw_badge(
            surface,
            (rect.right - s // 8, rect.bottom - s // 8),
            str(count),
            max(12, int(s * 0.5)),
            st.badge,
            (255, 255, 255),
        )


def _token_sprite(shape, s, fill, rim, ink, icon, text) -> pygame.Surface:
    k = 2  # supersampling
    S = s * k
    off = max(1, S // 16)
    big = pygame.Surface((S + off + 1, S + off + 1), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, S, S)
    shadow = body.move(off, off)
    rw = max(1, S // 14) + k
    dark = (0, 0, 0, 150)
    if shape == "hexagon":
        r = S / 2
        pygame.draw.polygon(big, dark, _hexagon(shadow.center, r))
        pts = _hexagon(body.center, r)
        pygame.draw.polygon(big, fill, pts)
        pygame.draw.polygon(big, rim, pts, rw)
    elif shape == "circle":
        pygame.draw.circle(big, dark, shadow.center, S // 2)
        pygame.draw.circle(big, fill, body.center, S // 2)
        pygame.draw.circle(big, rim, body.center, S // 2, rw)
    elif shape == "diamond":
        cx, cy = body.center
        h = S // 2
        pygame.draw.polygon(
            big,
            dark,
            [(cx + off, cy - h + off), (cx + h + off, cy + off), (cx + off, cy + h + off), (cx - h + off, cy + off)],
        )
        pts = [(cx, cy - h), (cx + h, cy), (cx, cy + h), (cx - h, cy)]
        pygame.draw.polygon(big, fill, pts)
        pygame.draw.polygon(big, rim, pts, rw)
    else:
        rad = max(2, S // 5)
        pygame.draw.rect(big, dark, shadow, border_radius=rad)
        pygame.draw.rect(big, fill, body, border_radius=rad)
        pygame.draw.rect(big, rim, body, width=rw, border_radius=rad)
    if icon:
        isz = int(S * (0.62 if shape in ("hexagon", "diamond") else 0.7))
        ico = res.icon(icon, isz, ink)
        big.blit(ico, (body.centerx - isz // 2, body.centery - isz // 2))
    if text:
        img = res.text(text, "sans_bold", max(8, int(S * 0.55)), ink)
        big.blit(img, (body.centerx - img.get_width() // 2, body.centery - img.get_height() // 2))
    return pygame.transform.smoothscale(big, ((S + off + 1) // k, (S + off + 1) // k))


def draw_badge(surface, center, label: str, size: int, bg, fg, border=(255, 255, 255)) -> pygame.Rect:
    img = res.text(label, "sans_bold", max(8, int(size * 0.72)), fg)
    w = max(size, img.get_width() + size // 3)
    r = pygame.Rect(0, 0, w, size)
    r.center = (int(center[0]), int(center[1]))
    pygame.draw.rect(surface, bg, r, border_radius=size // 2)
    pygame.draw.rect(surface, border, r, width=max(1, size // 10), border_radius=size // 2)
    surface.blit(img, (r.centerx - img.get_width() // 2, r.centery - img.get_height() // 2))
    return r


def draw_die(surface, rect: pygame.Rect, face: str | None, side: str, used: bool = False) -> None:
    """An action die: white-ish for the Free Peoples, black for the Shadow, the face's icon."""
    if side == "fp":
        body, ink, rim = (240, 236, 224), (36, 64, 120), (60, 60, 70)
    else:
        body, ink, rim = (30, 26, 26), (230, 60, 40), (160, 140, 120)
    if used:
        body = tuple(int(c * 0.55 + 60) for c in body)
    rad = max(2, rect.w // 5)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 2), border_radius=rad)
    pygame.draw.rect(surface, body, rect, border_radius=rad)
    pygame.draw.rect(surface, rim, rect, width=max(1, rect.w // 16), border_radius=rad)
    if face:
        isz = int(rect.w * 0.72)
        surface.blit(
            res.icon(T.DIE_ICONS.get(face, "perspective-dice-six-faces-random"), isz, ink),
            (rect.centerx - isz // 2, rect.centery - isz // 2),
        )
