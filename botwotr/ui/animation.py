"""Animations driven by the events a command produced.

    animator = Animator(board_view)
    board_view.overlays.append(animator.draw_board)
    events = game.submit(cmd); animator.feed(events)      # the scene does this after a submit
    animator.update(dt)                                  # from the scene's update (the app's clock)
    board_view.hidden_pieces |= animator.hidden()        # pieces that are gliding are not drawn still

What plays:
- `ArmyMoved` / `CharactersMoved`: the figures glide along the path (the real pieces at the
  destination are hidden until they arrive);
- `DiceRolled`: the action dice tumble and land, over the top of the board;
- `CombatRolled`: the combat dice roll, then the hits are ringed (the target number is shown);
- `UnitsRemoved` (a casualty or a unit lost fleeing): the figure fades out;
- `FateMarkerMoved`: the fate marker hops from space to space.

Rules: the state has already changed when an animation starts (animations only show what the
log says happened); `draw_board` never changes anything (its pictures are a function of the
animator's clock, which only `update` moves); clips queue one after the other, and the queue is
compressed so that everything fed ends within `MAX_SECONDS` (1 s at 1x) — input is never blocked
anyway: `finish()` (a click, a key, Space/Escape) ends them at once. `speed` is 1, 2 or 4.
Positions are kept in board (world) coordinates, so zooming, panning or resizing the window
during an animation is harmless.
"""

from __future__ import annotations

import math

import pygame

from . import resources as res
from . import theme as T
from .board_view import draw_die, draw_token
from .i18n import _, ngettext
from .logtext import face_name, side_title

MAX_SECONDS = 1.0  # everything fed ends within this (at 1x)
SPEEDS = (1, 2, 4)
STEP_SECONDS = 0.22  # a glide, per region of the path
SETTLE_SECONDS = 0.16  # a dropped piece settles into its place
DICE_SECONDS = 0.75
COMBAT_SECONDS = 0.85
FADE_SECONDS = 0.45
FATE_STEP_SECONDS = 0.16
CASUALTY_REASONS = ("casualty", "fled")


def ease(t: float) -> float:
    """Smooth start and stop."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


def _lerp(a, b, t):
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def along(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point a fraction t of the way along a polyline (by length)."""
    if len(points) == 1:
        return points[0]
    segs = [math.dist(a, b) for a, b in zip(points, points[1:])]
    total = sum(segs) or 1.0
    d = max(0.0, min(1.0, t)) * total
    for (a, b), L in zip(zip(points, points[1:]), segs):
        if d <= L or L == 0 and d <= 0:
            return _lerp(a, b, d / L if L else 1.0)
        d -= L
    return points[-1]


class Clip:
    """One animation: `start` and `duration` in animator seconds (at 1x). `hidden` are pieces not
    drawn by the board until the clip has played; `draw_early`: drawn at its first frame while
    queued (a piece waiting to move), else only from its start."""

    draw_early = False

    def __init__(self, duration: float):
        self.start = 0.0
        self.duration = max(0.01, duration)
        self.hidden: set = set()

    @property
    def end(self) -> float:
        return self.start + self.duration

    def draw(self, surface, bv, theme, t: float, now: float) -> pygame.Rect | None:  # pragma: no cover - abstract
        """Draw the clip at `t` (0..1) within a rectangle it chooses first and clips to
        (`_clipped`); returns that rectangle (None: nothing drawn). The game scene puts the
        board back there at the next frame instead of blitting the whole board again."""
        raise NotImplementedError


def clipped(surface, bound: pygame.Rect, draw) -> pygame.Rect:
    """Run `draw()` with the surface clipped to `bound` (within its clip); returns what it may
    have touched."""
    old = surface.get_clip()
    area = bound.clip(old)
    surface.set_clip(area)
    try:
        draw()
    finally:
        surface.set_clip(old)
    return area


# -- figures gliding ---------------------------------------------------------------------------


class GlideClip(Clip):
    """Tokens gliding through world points."""

    draw_early = True

    def __init__(self, points, tokens, duration):
        super().__init__(duration)
        self.points = points  # world coordinates
        self.tokens = tokens  # [(kind, side, id, count)]

    def draw(self, surface, bv, theme, t, now):
        x, y = bv.camera.to_screen(*along(self.points, ease(t)))
        lift = math.sin(math.pi * max(0.0, min(1.0, t))) * theme.px(10)
        bound = group_bound(bv, theme, (x, y - lift), self.tokens)
        if bound is None:
            return None
        return clipped(
            surface, bound, lambda: draw_group(surface, bv, theme, (x, y - lift), self.tokens, shadow=lift > 1)
        )


def group_bound(bv, theme, center, tokens) -> pygame.Rect | None:
    """A rectangle holding all that `draw_group` draws for these tokens at `center` (the tokens,
    their badges, the shadow and a faded token's margin), with room to spare."""
    if not tokens:
        return None
    ps = bv.piece_size()
    gap = max(2, ps // 10)
    w = sum(ps if k == "unit" else int(ps * 0.8) for k, _s, _i, _n in tokens) + gap * (len(tokens) - 1)
    r = pygame.Rect(math.floor(center[0] - w / 2), math.floor(center[1] - ps / 2), math.ceil(w) + 2, ps + 2)
    m = ps + theme.px(8)
    return r.inflate(2 * m, 2 * m)


def draw_group(surface, bv, theme, center, tokens, shadow=False, alpha=255) -> pygame.Rect | None:
    """A moving army or group of characters as a compact row of tokens centred on `center`."""
    if not tokens:
        return None
    ps = bv.piece_size()
    gap = max(2, ps // 10)
    sizes = [ps if k == "unit" else int(ps * 0.8) for k, _s, _i, _n in tokens]
    w = sum(sizes) + gap * (len(tokens) - 1)
    x = center[0] - w / 2
    box = None
    for (kind, side, ident, n), s in zip(tokens, sizes):
        r = pygame.Rect(round(x), round(center[1] - s / 2), s, s)
        if shadow:
            sh = pygame.Surface((s, max(2, s // 4)), pygame.SRCALPHA)
            pygame.draw.ellipse(sh, (0, 0, 0, 70), sh.get_rect())
            surface.blit(sh, (r.x, r.bottom + theme.px(6)))
        target = surface
        if alpha < 255:
            target = pygame.Surface((s + s // 2, s + s // 2), pygame.SRCALPHA)
            rr = pygame.Rect(0, 0, s, s)
        else:
            rr = r
        draw_piece(target, bv, theme, rr, kind, side, ident, n)
        if alpha < 255:
            target.set_alpha(alpha)
            surface.blit(target, r.topleft)
        box = r if box is None else box.union(r)
        x += s + gap
    return box


def draw_piece(surface, bv, theme, r, kind, side, ident, n) -> None:
    if kind == "unit":
        us = bv.spec.units.get(ident)
        draw_token(surface, r, side, T.unit_icon(ident, us.name if us else ""), n, badge_min=1)
    elif kind == "leaders":
        draw_token(
            surface,
            r,
            side,
            "knight-banner",
            n,
            shape="square",
            fill=(224, 186, 84),
            rim=(70, 50, 10),
            ink=(70, 40, 0),
            badge_min=1,
        )
    elif kind == "char":
        bv._char_token(surface, r, ident, theme)
    elif kind == "damage":
        draw_token(
            surface,
            r,
            None,
            "skull-crossed-bones",
            n,
            shape="circle",
            fill=(168, 26, 22),
            rim=(255, 220, 200),
            ink=(255, 240, 230),
            badge_min=1,
        )


def army_tokens(side, units: dict, leaders: int = 0, chars=(), damage: int = 0, spec=None) -> list:
    order = sorted(
        units.items(), key=lambda kv: (-(spec.units[kv[0]].strength if spec and kv[0] in spec.units else 0), kv[0])
    )
    toks = [("unit", side, u, n) for u, n in order if n > 0]
    if leaders:
        toks.append(("leaders", side, None, leaders))
    if damage:
        toks.append(("damage", side, None, damage))
    toks += [("char", side, c, 1) for c in chars]
    return toks


# -- casualties ----------------------------------------------------------------------------------


class FadeClip(Clip):
    """A removed figure rises a little and fades, struck through in red."""

    draw_early = True

    def __init__(self, point, token, duration=FADE_SECONDS):
        super().__init__(duration)
        self.point = point
        self.token = token

    def draw(self, surface, bv, theme, t, now):
        x, y = bv.camera.to_screen(*self.point)
        y -= theme.px(14) * ease(t)
        a = int(255 * (1 - ease(t)))
        bound = group_bound(bv, theme, (x, y), [self.token])
        if bound is None:
            return None

        def draw():
            box = draw_group(surface, bv, theme, (x, y), [self.token], alpha=max(1, a))
            if box is not None and t > 0:
                k = min(1.0, t * 2.5)
                w = max(2, theme.px(4))
                col = (220, 30, 20)
                pygame.draw.line(surface, col, box.topleft, _lerp(box.topleft, box.bottomright, k), w)
                pygame.draw.line(surface, col, box.topright, _lerp(box.topright, box.bottomleft, k), w)

        return clipped(surface, bound, draw)


# -- the fate marker ---------------------------------------------------------------------------


class FateClip(Clip):
    draw_early = True

    def __init__(self, frm: int, to: int, last: int):
        steps = max(1, abs(to - frm))
        super().__init__(min(0.6, FATE_STEP_SECONDS * steps))
        self.spaces = [max(0, min(last, s)) for s in _range_incl(frm, to)]
        self.hidden = {("fate_marker",)}

    def draw(self, surface, bv, theme, t, now):
        rects = [bv._slot_rect(f"fate.{s}") for s in self.spaces]
        if any(r is None for r in rects):
            return None
        n = len(rects) - 1
        pos = max(0.0, min(1.0, t)) * n
        k = min(n - 1, int(pos)) if n else 0
        f = pos - k if n else 0.0
        a, b = rects[k].center, rects[min(n, k + 1)].center
        x, y = _lerp(a, b, ease(f))
        y -= math.sin(math.pi * f) * max(rects[0].h, theme.px(20)) * 0.6  # a hop per space
        fr = rects[0]
        m = max(20, int(min(fr.w, fr.h) * 0.7))
        r = pygame.Rect(0, 0, m, m)
        r.center = (round(x), round(y))
        return clipped(
            surface,
            r.inflate(m, m),
            lambda: draw_token(
                surface,
                r,
                None,
                "sands-of-time",
                shape="circle",
                fill=(236, 210, 120),
                rim=(80, 40, 10),
                ink=(80, 40, 10),
            ),
        )


def _range_incl(a: int, b: int) -> list[int]:
    step = 1 if b >= a else -1
    return list(range(a, b + step, step))


# -- dice ------------------------------------------------------------------------------------------


def _spin(seed: int, k: int) -> int:
    """A fixed pseudo-random number (the tumbling faces are a function of time, not of `random`)."""
    x = (seed * 2654435761 + k * 40503 + 12345) & 0xFFFFFFFF
    x ^= x >> 13
    x = (x * 1274126177) & 0xFFFFFFFF
    return x ^ (x >> 16)


def _banner_box(bv, theme, title: str, n: int, size: int) -> pygame.Rect:
    """Where `_banner` puts its box."""
    f = res.font("sans_bold", theme.body)
    gap = size // 3
    w = max(f.size(title)[0] + theme.px(24), n * size + (n - 1) * gap + theme.px(40))
    h = f.get_linesize() + size + theme.px(40)
    box = pygame.Rect(0, 0, w, h)
    box.midtop = (bv.rect.centerx, bv.rect.y + theme.px(54))
    return box


def _banner(surface, bv, theme, title: str, n: int, size: int) -> tuple[pygame.Rect, int]:
    """A dark box at the top of the board; returns it and the y of its dice row."""
    f = res.font("sans_bold", theme.body)
    box = _banner_box(bv, theme, title, n, size)
    veil = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (20, 16, 12, 242), veil.get_rect(), border_radius=theme.px(8))
    surface.blit(veil, box)
    pygame.draw.rect(surface, T.BRASS, box, width=max(1, theme.px(2)), border_radius=theme.px(8))
    img = res.text(title, "sans_bold", theme.body, T.PARCHMENT)
    surface.blit(img, (box.centerx - img.get_width() // 2, box.y + theme.px(6)))
    return box, box.y + theme.px(22) + f.get_linesize()


def _tumbled(img: pygame.Surface, angle: float) -> pygame.Surface:
    return pygame.transform.rotate(img, angle) if abs(angle) > 0.5 else img


class DiceClip(Clip):
    """Action dice: they tumble (random faces, spinning, bouncing) and land on the results."""

    TUMBLE = 0.7  # of the clip

    def __init__(self, side: str, results: list, to_box: int, seed: int):
        super().__init__(DICE_SECONDS)
        self.side = side
        self.results = list(results)
        self.to_box = to_box
        self.seed = seed
        self.faces = list(dict.fromkeys(T.DIE_ICONS))

    def draw(self, surface, bv, theme, t, now):
        n = len(self.results)
        if not n:
            return None
        size = theme.px(40)
        title = ngettext("{side}: {n} action die", "{side}: {n} action dice", n).format(side=side_title(self.side), n=n)
        landed = t >= self.TUMBLE
        if landed:
            title = ", ".join(face_name(f) for f in self.results)
            if self.to_box:
                title += "  " + ngettext("({n} to the Shadow Box)", "({n} to the Shadow Box)", self.to_box).format(
                    n=self.to_box
                )
        bound = _banner_box(bv, theme, title, n, size).inflate(2 * size, 2 * size)
        return clipped(surface, bound, lambda: self._draw(surface, bv, theme, t, now, title, size))

    def _draw(self, surface, bv, theme, t, now, title, size) -> None:
        n = len(self.results)
        box, y = _banner(surface, bv, theme, title, n, size)
        gap = size // 3
        x0 = box.centerx - (n * size + (n - 1) * gap) // 2
        for i, face in enumerate(self.results):
            k = min(1.0, t / self.TUMBLE)
            # each die lands a little after the one before it
            ki = min(1.0, k * (1.0 + 0.12 * (n - 1)) / (1.0 + 0.12 * i)) if n > 1 else k
            if ki < 1.0:
                shown = self.faces[_spin(self.seed + i, int(now * 14)) % len(self.faces)]
                angle = (1 - ki) * 540 * (1 if i % 2 else -1)
                bounce = abs(math.sin(ki * math.pi * 2.5)) * (1 - ki) * size * 0.35
            else:
                shown, angle, bounce = face, 0.0, 0.0
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            draw_die(img, pygame.Rect(0, 0, size - 2, size - 2), shown, self.side)
            img = _tumbled(img, angle)
            cx = x0 + i * (size + gap) + size // 2
            cy = y + size // 2 - bounce
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if ki >= 1.0 and self.side == "sh" and face == "character" and self.to_box:
                pygame.draw.rect(
                    surface,
                    (232, 120, 30),
                    pygame.Rect(cx - size // 2 - 2, y - 2, size + 2, size + 2),
                    width=max(2, theme.px(2)),
                    border_radius=size // 5,
                )


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def draw_combat_die(surface, rect: pygame.Rect, value: int, side: str) -> None:
    if side == "fp":
        body, ink, rim = (244, 240, 228), (30, 40, 70), (60, 60, 70)
    else:
        body, ink, rim = (36, 30, 30), (236, 70, 50), (170, 150, 130)
    rad = max(2, rect.w // 5)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 2), border_radius=rad)
    pygame.draw.rect(surface, body, rect, border_radius=rad)
    pygame.draw.rect(surface, rim, rect, width=max(1, rect.w // 16), border_radius=rad)
    q = rect.w * 0.26
    pr = max(2, rect.w // 10)
    for dx, dy in PIPS.get(int(value), ()):
        pygame.draw.circle(surface, ink, (round(rect.centerx + dx * q), round(rect.centery + dy * q)), pr)


class CombatClip(Clip):
    """Combat dice roll; when they land the hits get a ring (the decision panels' hit colour) and
    the misses dim."""

    TUMBLE = 0.6

    def __init__(self, e: dict, seed: int):
        super().__init__(COMBAT_SECONDS)
        self.side = e.get("side")
        self.dice = [int(d) for d in e.get("dice") or []]
        self.target = int(e.get("target") or 6)
        self.mod = int(e.get("mod") or 0)
        self.maneuver = int(e.get("maneuver") or 0)
        rer = e.get("rerolled")
        self.rolling = set(rer) if e.get("stage") == "reroll" and rer is not None else set(range(len(self.dice)))
        self.reroll = e.get("stage") == "reroll"
        self.seed = seed

    def hit(self, d: int) -> bool:
        return min(6, max(1, d + self.mod)) >= self.target

    def draw(self, surface, bv, theme, t, now):
        n = len(self.dice)
        if not n:
            return None
        size = theme.px(36)
        landed = t >= self.TUMBLE
        hits = sum(1 for d in self.dice if self.hit(d))
        if landed:
            title = ngettext(
                "{side}: {n} hit (hits on {target}+)", "{side}: {n} hits (hits on {target}+)", hits
            ).format(side=side_title(self.side), n=hits, target=self.target)
        elif self.reroll:
            title = _("{side}: re-rolling (hits on {target}+)").format(side=side_title(self.side), target=self.target)
        else:
            title = ngettext(
                "{side}: {n} combat die (hits on {target}+)", "{side}: {n} combat dice (hits on {target}+)", n
            ).format(side=side_title(self.side), n=n, target=self.target)
        if landed and self.mod:
            title += "  " + _("(modifier {m:+d})").format(m=self.mod)
        bound = _banner_box(bv, theme, title, n, size).inflate(2 * size, 2 * size)
        return clipped(surface, bound, lambda: self._draw(surface, bv, theme, t, now, title, size, landed))

    def _draw(self, surface, bv, theme, t, now, title, size, landed) -> None:
        n = len(self.dice)
        box, y = _banner(surface, bv, theme, title, n, size)
        gap = size // 3
        x0 = box.centerx - (n * size + (n - 1) * gap) // 2
        k = min(1.0, t / self.TUMBLE)
        for i, d in enumerate(self.dice):
            rolling = i in self.rolling and k < 1.0
            shown = 1 + _spin(self.seed + i, int(now * 16)) % 6 if rolling else d
            angle = (1 - k) * 480 * (1 if i % 2 else -1) if rolling else 0.0
            bounce = abs(math.sin(k * math.pi * 2)) * (1 - k) * size * 0.35 if rolling else 0.0
            img = pygame.Surface((size, size), pygame.SRCALPHA)
            draw_combat_die(img, pygame.Rect(0, 0, size - 2, size - 2), shown, self.side)
            if landed and not self.hit(d):
                img.set_alpha(120)
            img = _tumbled(img, angle)
            cx = x0 + i * (size + gap) + size // 2
            cy = y + size // 2 - bounce
            surface.blit(img, img.get_rect(center=(round(cx), round(cy))))
            if landed and self.hit(d):
                pygame.draw.circle(surface, T.HIT, (round(cx), round(cy)), size * 0.66, width=max(2, theme.px(3)))


# -- the animator ----------------------------------------------------------------------------------


class Animator:
    def __init__(self, board_view):
        self.bv = board_view
        self.clips: list[Clip] = []
        self.time = 0.0
        self.speed = 1
        self.fed = 0  # clips made so far (tests, seeds)
        self.origins: dict = {}

    # -- control ------------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return bool(self.clips)

    def remaining(self) -> float:
        """Seconds of real time until everything has played, at the current speed."""
        if not self.clips:
            return 0.0
        return max(0.0, max(c.end for c in self.clips) - self.time) / self.speed

    def finish(self) -> None:
        """End every animation now (a click, a key, Skip)."""
        self.clips = []
        self.origins = {}

    def cycle_speed(self) -> int:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)] if self.speed in SPEEDS else 1
        return self.speed

    def set_origin(self, key, screen_rect) -> None:
        """Where a piece is on the screen before the next `feed` (a drag-and-drop puts the
        dropped army here, so it settles from the drop point instead of gliding from home)."""
        self.origins[key] = self.bv.camera.to_world(*pygame.Rect(screen_rect).center)

    def update(self, dt: float) -> None:
        if not self.clips:
            self.time = 0.0
            return
        self.time += max(0.0, dt) * self.speed
        self.clips = [c for c in self.clips if c.end > self.time]

    def hidden(self) -> set:
        out = set()
        for c in self.clips:
            out |= c.hidden
        return out

    # -- events -> clips ----------------------------------------------------------------------------
    def feed(self, events, rects: dict | None = None, from_drop: bool = True) -> list[Clip]:
        """Queue the animations for these events. `rects`: where pieces were drawn before the
        command (default: the board's last frame). `from_drop=False` ignores `set_origin` (the
        whole path is shown, e.g. to the next hotseat player, who did not see the drop)."""
        rects = dict(self.bv.piece_rects if rects is None else rects)
        origins, self.origins = (self.origins if from_drop else {}), {}
        made: list[Clip] = []
        for e in events or ():
            try:
                made += self._clips_for(e, rects, origins)
            except (KeyError, TypeError, ValueError, AttributeError):
                continue  # an event this client cannot picture: the log still tells it
        if not made:
            return made
        t = max([self.time] + [c.end for c in self.clips])
        for c in made:
            c.start = t
            t = c.end
        self.clips += made
        self._cap()
        return made

    def _cap(self) -> None:
        end = max(c.end for c in self.clips)
        if end - self.time <= MAX_SECONDS:
            return
        k = MAX_SECONDS / (end - self.time)
        for c in self.clips:
            s0 = max(self.time, c.start)
            c.duration = max(0.01, (c.end - s0) * k)
            c.start = self.time + (s0 - self.time) * k

    def _world(self, screen_pt):
        return self.bv.camera.to_world(*screen_pt)

    def _anchor(self, region, kind="army"):
        return self.bv.layout.anchor(region, kind)

    def _clips_for(self, e: dict, rects: dict, origins: dict) -> list[Clip]:
        kind = e.get("e")
        spec = self.bv.spec
        seed = self.fed * 7919 + 17
        self.fed += 1
        if kind == "ArmyMoved":
            frm, path, side = e["from"], list(e["path"]), e["side"]
            if frm not in self.bv.layout.anchors or any(r not in self.bv.layout.anchors for r in path):
                return []
            dest = path[-1]
            units = {u: n for u, n in e["units"].items() if n > 0}
            keys = [("unit", frm, u) for u in units]
            dropped = [origins[k] for k in keys if k in origins]
            if dropped:  # a drag-and-drop: settle from where it was let go
                start = dropped[0]
                pts = [start, self._anchor(dest)]
                dur = SETTLE_SECONDS
            else:
                seen = [pygame.Rect(rects[k]).center for k in keys if k in rects]
                if seen:
                    sx = sum(p[0] for p in seen) / len(seen)
                    sy = sum(p[1] for p in seen) / len(seen)
                    start = self._world((sx, sy))
                else:
                    start = self._anchor(frm)
                pts = [start] + [self._anchor(r) for r in path]
                dur = min(0.6, STEP_SECONDS * len(path) + 0.08)
            tokens = army_tokens(side, units, e.get("leaders", 0), e.get("characters", ()), e.get("damage", 0), spec)
            c = GlideClip(pts, tokens, dur)
            c.hidden = {(dest, u) for u in units}
            if e.get("leaders"):
                c.hidden.add((dest, "leaders"))
            if e.get("damage"):
                c.hidden.add((dest, "damage"))
            c.hidden |= {("char", ch) for ch in e.get("characters", ())}
            return [c]
        if kind == "CharactersMoved":
            path = list(e["path"])
            if any(r not in self.bv.layout.anchors for r in path):
                return []
            chars = list(e["chars"])
            keys = [("char", c) for c in chars]
            dropped = [origins[k] for k in keys if k in origins]
            if dropped:
                pts, dur = [dropped[0], self._anchor(path[-1], "characters")], SETTLE_SECONDS
            else:
                seen = [pygame.Rect(rects[k]).center for k in keys if k in rects]
                start = self._world(seen[0]) if seen else self._anchor(e["from"], "characters")
                pts = [start] + [self._anchor(r, "characters") for r in path]
                dur = min(0.6, STEP_SECONDS * len(path) + 0.08)
            c = GlideClip(pts, [("char", e["side"], ch, 1) for ch in chars], dur)
            c.hidden = set(keys)
            return [c]
        if kind == "DiceRolled":
            return [DiceClip(e["side"], e.get("results") or [], int(e.get("to_box") or 0), seed)]
        if kind == "CombatRolled":
            return [CombatClip(e, seed)]
        if kind == "UnitsRemoved" and e.get("why") in CASUALTY_REASONS:
            region = e["region"]
            out = []
            for u, n in e["units"].items():
                if n <= 0:
                    continue
                r = rects.get(("unit", region, u))
                pt = self._world(pygame.Rect(r).center) if r is not None else self._anchor(region)
                out.append(FadeClip(pt, ("unit", e["side"], u, n)))
            return out
        if kind == "FateMarkerMoved":
            last = max(0, len(self.bv.layout.fate_spaces) - 1)
            if e["from"] == e["to"]:
                return []
            return [FateClip(int(e["from"]), int(e["to"]), last)]
        return []

    # -- drawing ----------------------------------------------------------------------------------
    def draw_board(self, surface, bv, theme) -> list[pygame.Rect]:
        """A board overlay: every clip that has started, and the pieces still waiting to move.
        Returns the rectangles it drew in (each clip draws within its own)."""
        drawn = []
        for c in self.clips:
            if c.start > self.time and not c.draw_early:
                continue
            t = (self.time - c.start) / c.duration
            r = c.draw(surface, bv, theme, max(0.0, min(1.0, t)), self.time)
            if r is not None:
                drawn.append(r)
        return drawn
