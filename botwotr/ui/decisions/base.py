"""The frame every specific decision panel is built on, and the painters they share (cards, dice,
fate tiles, figures).

A `ChoicePanel` is a `DecisionPanel` whose content is rebuilt from the `DecisionContext` in
`build()`: a prompt, a line explaining the rule, then a vertical *flow* of entries (wrapped text,
rows of clickable `Tile`s, buttons, any widget such as the `CountPicker`) that scrolls with the
wheel when it is taller than the panel, and a *footer* of buttons pinned at the bottom (Done,
Confirm). Every command a panel submits is one of `ctx.legal` (`self.legal_where(...)`,
`self.submit(cmd)`); a refused command's reason is shown in red above the footer.

Tests find widgets by name (`panel.find("die:0")`), bring them into view (`panel.reveal(w)`) and
click their rectangle with posted mouse events.
"""

from __future__ import annotations

from typing import Callable

import pygame

from .. import resources as res
from .. import theme as T
from ..board_view import draw_badge, draw_die, draw_token
from ..i18n import _, ngettext
from ..logtext import card_name, face_name, region_name, unit_name
from ..panels import DecisionContext, DecisionPanel
from ..widgets import Button, Clickable, Label, Tip, Widget, fit_text, wrap_text

SELECT = (255, 214, 102)  # selected tile rim
TARGET = (120, 200, 255)  # regions to click
ENEMY = (236, 84, 64)  # targets of an attack
CHOSEN = (255, 200, 80)  # a region already chosen
HIT = T.HIT


def matches(command: dict, **kw) -> bool:
    return all(command.get(k) == v for k, v in kw.items())


class Tile(Clickable):
    """A clickable picture drawn by `paint(surface, rect, theme, tile)`; `on_click()` on release."""

    def __init__(
        self,
        name: str,
        paint: Callable,
        on_click: Callable | None = None,
        tooltip=None,
        selected: bool = False,
        enabled: bool = True,
        payload=None,
    ):
        super().__init__(tooltip=tooltip)
        self.name = name
        self.paint = paint
        self.on_click = on_click
        self.selected = selected
        self.enabled = enabled
        self.payload = payload
        self.pressed = False
        self.marked = False  # a hint's choice: outlined in the hint's colour (`ChoicePanel.mark_hint`)

    def can_press(self) -> bool:
        return self.enabled and self.on_click is not None

    def clicked(self) -> None:
        self.on_click()

    def draw(self, surface, theme):
        if self.visible:
            self.paint(surface, self.rect, theme, self)
            if self.marked:
                w = max(3, theme.px(3))
                pygame.draw.rect(surface, T.HINT_COLOUR, self.rect.inflate(w, w), width=w, border_radius=theme.px(6))


class ChoicePanel(DecisionPanel):
    """See the module docstring. Subclasses implement `build(ctx)` and, for board clicks,
    `region_clicked` / `highlights`."""

    TITLE = ""
    share = 0.8  # of the side column's free height under the sides' summaries (the log gets the rest)
    # the height (px at 1280x720) the panel needs to show its choice unscrolled: the side summaries
    # above it go compact (one line of card chips, one of pools) rather than leave it less
    min_height = 90

    def __init__(self, scene):
        super().__init__(scene)
        self.prompt = Label("", kind="sans_bold", color=T.TEXT)
        self.detail = Label("", size_key="small", color=T.BRASS_LIGHT)
        self.error_label = Label("", size_key="small", color=(255, 150, 130))
        self.flow: list[tuple] = []
        self.footer: list[Button] = []
        self.scroll = 0
        self._content_h = 0
        self._view = pygame.Rect(0, 0, 0, 0)
        self.error = ""
        self._sig = None
        self.hint_marks: tuple[str, ...] = ()  # the tiles a hint names (`mark_hint`)
        self._hint_seen: tuple[str, ...] = ()  # those already scrolled into view
        self._hint_scroll = False

    # -- building --------------------------------------------------------------------------
    def refresh(self, ctx: DecisionContext) -> None:
        sig = (id(ctx.game.state), len(ctx.game.log), ctx.seat, len(ctx.legal))
        fresh = sig != self._sig
        self._sig = sig
        super().refresh(ctx)
        if fresh:
            self.reset()
            self.error = ""
            self.scroll = 0
        self.rebuild()

    def reset(self) -> None:
        """Forget the selection (a new decision)."""

    def rebuild(self) -> None:
        self.flow, self.footer = [], []
        ctx = self.ctx
        self.title = _(self.TITLE) if self.TITLE else _("Your decision")
        self.prompt.text = ""
        self.detail.text = ""
        if ctx is not None:
            if ctx.game.state.get("winner"):
                self.prompt.text = _("The game is over.")
            elif not ctx.legal:
                self.prompt.text = _("Waiting for {what}.").format(what=ctx.waiting)
                self.build_waiting(ctx)
            else:
                self.build(ctx)
        self.children = (
            [self.prompt, self.detail]
            + [w for e in self.flow for w in self._entry_widgets(e)]
            + [self.error_label]
            + self.footer
        )
        self.error_label.text = self.error
        if self.scene is not None and self.rect.w > 0:
            self.layout(self.scene.theme)
        self._sync_board()

    def build(self, ctx: DecisionContext) -> None:
        raise NotImplementedError

    def build_waiting(self, ctx: DecisionContext) -> None:
        """What to show while the other player decides (nothing by default)."""

    def changed(self) -> None:
        """The selection changed: rebuild, keep the scroll, update the board's highlights."""
        keep = self.scroll
        self.rebuild()
        self.scroll = keep
        if self.scene is not None and self.rect.w > 0:
            self.layout(self.scene.theme)
            if self._content_h > self._view.h and hasattr(self.scene, "layout"):
                self.scene.layout()  # it grew: the scene may give it room taken from the log

    def needed_height(self, theme) -> int | None:
        """The height that shows the whole panel without scrolling (after a layout)."""
        if self.rect.h <= 0:
            return None
        strip = self._more.h if getattr(self, "_more", None) is not None else 0
        return self.rect.h - (self._view.h + strip) + self._content_h + theme.px(4)

    def _sync_board(self) -> None:
        board = getattr(self.scene, "board", None)
        if board is not None and getattr(self.scene, "decision", None) is self:
            board.highlights = self.highlights()

    # flow entries
    def text(self, text: str, size_key: str = "body", color=T.TEXT, kind: str = "sans") -> Label:
        lab = Label(text, kind=kind, size_key=size_key, color=color)
        self.flow.append(("label", lab))
        return lab

    def heading(self, text: str) -> Label:
        return self.text(text, kind="serif_bold", color=T.BRASS_LIGHT)

    def tiles(self, tiles: list[Tile], w: float, h: float, gap: float = 6, center: bool = False) -> list[Tile]:
        """A row of tiles `w` x `h` (1280x720 pixels; `w=0`: the full width, `w=-n`: n columns),
        wrapping."""
        for t in tiles:
            t.marked = t.name in self.hint_marks
            if t.marked and t.name not in self._hint_seen:
                self._hint_scroll = True  # a hinted tile shown for the first time: scrolled into view
        self.flow.append(("tiles", tiles, w, h, gap, center))
        return tiles

    def mark_hint(self, names) -> None:
        """Outline the tiles a hint names (`computer.hint_marks`; none: the marks go), scrolling
        the first time one shows so that it is in view."""
        self.hint_marks = tuple(sorted(names))
        self._hint_seen = ()
        self._hint_scroll = bool(self.hint_marks)
        for e in self.flow:
            if e[0] == "tiles":
                for t in e[1]:
                    t.marked = t.name in self.hint_marks
        if self.scene is not None and self.rect.w:
            self.layout(self.scene.theme)

    def buttons(self, buttons: list[Button], cols: int = 1) -> list[Button]:
        """A grid of buttons, `cols` a row (0: in rows as their labels need, each row filled)."""
        self.flow.append(("buttons", buttons, cols))
        return buttons

    def widget(self, w: Widget, height: Callable) -> Widget:
        self.flow.append(("widget", w, height))
        return w

    def space(self, h: float = 6) -> None:
        self.flow.append(("space", h))

    def add_footer(self, *buttons: Button) -> None:
        self.footer.extend(buttons)

    @staticmethod
    def _entry_widgets(e):
        if e[0] == "label":
            return [e[1]]
        if e[0] in ("tiles", "buttons"):
            return list(e[1])
        if e[0] == "widget":
            return [e[1]]
        return []

    # -- commands --------------------------------------------------------------------------
    def legal_where(self, **kw) -> list[dict]:
        return [c for c in (self.ctx.legal if self.ctx else []) if matches(c, **kw)]

    def first(self, **kw) -> dict | None:
        found = self.legal_where(**kw)
        return found[0] if found else None

    def submit(self, cmd: dict | None) -> bool:
        """Send a command from the legal list; show the reason if the engine refuses it."""
        if cmd is None or self.scene is None:
            return False
        ok = self.scene.submit(cmd)
        if not ok:
            self.error = getattr(self.scene, "message", "") or _("The command was refused.")
            self.changed()
        return ok

    def done_button(self, label: str | None = None, tip: Tip | None = None) -> Button | None:
        cmd = self.first(cmd="done")
        if cmd is None:
            return None
        b = Button(label or _("Done"), lambda: self.submit(cmd), name="done", tooltip=tip)
        self.add_footer(b)
        return b

    # -- tests and drag-and-drop -----------------------------------------------------------
    def find(self, name: str) -> Widget | None:
        for w in self.children:
            if getattr(w, "name", None) == name:
                return w
        return None

    def names(self) -> list[str]:
        return [w.name for w in self.children if getattr(w, "name", None)]

    def reveal(self, w: Widget) -> None:
        """Scroll so that `w` is inside the visible part of the flow."""
        if w in self.footer or self.scene is None:
            return
        top = w.rect.y + self.scroll - self._view.y
        if w.rect.y < self._view.y or w.rect.bottom > self._view.bottom:
            self.scroll = max(0, min(self._content_h - self._view.h, top - self.scene.theme.pad))
            self.layout(self.scene.theme)

    # -- layout ----------------------------------------------------------------------------
    def layout(self, theme) -> None:
        c = self.content_rect(theme)
        y = c.y
        for lab in (self.prompt, self.detail):
            lab.rect = pygame.Rect(c.x, y, c.w, 10)
            lab.rect.h = lab.fit_height(theme) if lab.text else 0
            y = lab.rect.bottom + (theme.px(3) if lab.text else 0)
        y += theme.px(2)
        # footer: one row of buttons at the bottom
        bottom = c.bottom
        if self.footer:
            bottom = c.bottom - theme.row - theme.px(8)
        # a short panel (the log keeps its lines) scrolls its prompt and rule line with the rest
        self._compact = bottom - y < theme.px(140) and y > c.y + theme.px(2)
        if self._compact:
            y = c.y
        bottom = c.bottom
        if self.footer:
            gap = theme.px(6)
            n = len(self.footer)
            bw = (c.w - gap * (n - 1)) // n
            fy = c.bottom - theme.row - theme.px(2)
            for i, b in enumerate(self.footer):
                b.rect = pygame.Rect(c.x + i * (bw + gap), fy, bw, theme.row)
            bottom = fy - theme.px(6)
        self.error_label.rect = pygame.Rect(c.x, bottom, c.w, 10)
        if self.error_label.text:
            self.error_label.rect.h = self.error_label.fit_height(theme)
            self.error_label.rect.y = bottom - self.error_label.rect.h
            bottom = self.error_label.rect.y - theme.px(4)
        self._view = pygame.Rect(c.x, y, c.w, max(10, bottom - y))
        # the flow, in content coordinates then shifted by the scroll
        cy = 0
        placed: list[tuple[Widget, pygame.Rect]] = []
        head = [("label", lab) for lab in (self.prompt, self.detail) if lab.text] if self._compact else []
        for e in head + self.flow:
            k = e[0]
            if k == "label":
                lab = e[1]
                r = pygame.Rect(c.x, cy, c.w, 10)
                lab.rect = r
                r.h = lab.fit_height(theme) if lab.text else 0
                placed.append((lab, r))
                cy += r.h + theme.px(4)
            elif k == "space":
                cy += theme.px(e[1])
            elif k == "tiles":
                tiles, w, h, gap, center = e[1:]
                g = theme.px(gap)
                if w < 0:  # -n: n columns over the full width
                    tw = (c.w - (-w - 1) * g) // -w
                else:
                    tw = c.w if not w else min(c.w, theme.px(w))
                th = theme.px(h)
                per = max(1, (c.w + g) // (tw + g))
                rows = [tiles[i : i + per] for i in range(0, len(tiles), per)]
                for row in rows:
                    used = len(row) * tw + (len(row) - 1) * g
                    x = c.x + ((c.w - used) // 2 if center else 0)
                    for t in row:
                        placed.append((t, pygame.Rect(x, cy, tw, th)))
                        x += tw + g
                    cy += th + g
                cy += theme.px(2)
            elif k == "buttons" and e[2] == 0:
                # in rows as their labels need, each row's buttons widened to fill it
                bs, g = e[1], theme.px(6)
                rows: list[list[tuple[Button, int]]] = [[]]
                used = 0
                for b in bs:
                    w = min(c.w, b.natural_width(theme))
                    if rows[-1] and used + g + w > c.w:
                        rows.append([])
                        used = 0
                    used += (g if rows[-1] else 0) + w
                    rows[-1].append((b, w))
                for row in rows:
                    if not row:
                        continue
                    extra = (c.w - sum(w for _b, w in row) - g * (len(row) - 1)) // len(row)
                    x = c.x
                    for i, (b, w) in enumerate(row):
                        bw = w + extra if i < len(row) - 1 else c.x + c.w - x
                        placed.append((b, pygame.Rect(x, cy, bw, theme.row)))
                        x += bw + g
                    cy += theme.row + g
            elif k == "buttons":
                bs, cols = e[1], e[2]
                g = theme.px(6)
                bw = (c.w - g * (cols - 1)) // cols
                for i, b in enumerate(bs):
                    if i and i % cols == 0:
                        cy += theme.row + g
                    placed.append((b, pygame.Rect(c.x + (i % cols) * (bw + g), cy, bw, theme.row)))
                if bs:
                    cy += theme.row + g
            elif k == "widget":
                wdg, hfn = e[1], e[2]
                r = pygame.Rect(c.x, cy, c.w, 10)
                wdg.rect = r
                r.h = int(hfn(theme))
                placed.append((wdg, r))
                cy += r.h + theme.px(6)
        self._content_h = cy
        # more than fits: a strip under the flow says so and scrolls it (for a mouse without a wheel)
        self._more = pygame.Rect(self._view.x, self._view.bottom, 0, 0)
        if cy > self._view.h + theme.px(8):
            sh = theme.px(20)
            self._view.h = max(10, self._view.h - sh)
            self._more = pygame.Rect(self._view.x, self._view.bottom, self._view.w, sh)
        if self._hint_scroll:
            # a hint's tile in view (the last one; its top if it is taller than the view), at every
            # layout until the player scrolls (the scene may lay the panel out again at once)
            marked = [(w, r) for w, r in placed if isinstance(w, Tile) and w.marked]
            if marked:
                self._hint_seen = tuple(w.name for w, _r in marked)
                r = marked[-1][1]
                if r.bottom > self.scroll + self._view.h:
                    self.scroll = r.bottom - self._view.h + theme.px(4)
                if r.y < self.scroll:
                    self.scroll = r.y
        self.scroll = max(0, min(self.scroll, max(0, cy - self._view.h)))
        for wdg, r in placed:
            wdg.rect = r.move(0, self._view.y - self.scroll)
            if hasattr(wdg, "layout") and not isinstance(wdg, DecisionPanel):
                try:
                    wdg.layout(theme)
                except TypeError:
                    pass
        self._flow_widgets = [w for w, _r in placed]

    @property
    def max_scroll(self) -> int:
        return max(0, self._content_h - self._view.h)

    # -- events and drawing ----------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        Widget.handle_event(self, ev)
        if not self.visible:
            return False
        flow = getattr(self, "_flow_widgets", [])
        if ev.type == pygame.MOUSEWHEEL and self.hover and self.max_scroll > 0:
            self._hint_scroll = False  # the player scrolls: a hint's tile no longer pulls the view
            self.scroll = max(
                0, min(self.max_scroll, self.scroll - ev.y * (self.scene.theme.row if self.scene else 30))
            )
            self.layout(self.scene.theme)
            return True
        pos = getattr(ev, "pos", None)
        more = getattr(self, "_more", None)
        if (
            more
            and more.w
            and pos is not None
            and more.collidepoint(pos)
            and ev.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
        ):
            if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:  # left half: up, right half: down
                step = max(self._view.h // 2, self.scene.theme.row if self.scene else 30)
                up = pos[0] < more.centerx
                self._hint_scroll = False
                self.scroll = max(0, min(self.max_scroll, self.scroll + (-step if up else step)))
                self.layout(self.scene.theme)
            return True
        for w in reversed(self.children):
            if not w.visible:
                continue
            if w in flow and pos is not None and ev.type == pygame.MOUSEBUTTONDOWN and not self._view.collidepoint(pos):
                continue
            if w.handle_event(ev):
                return True
        return False

    def draw(self, surface, theme):
        if not self.visible:
            return
        pygame.draw.rect(surface, self.bg, self.rect, border_radius=theme.px(6))
        pygame.draw.rect(surface, (28, 24, 20), self.rect, width=1, border_radius=theme.px(6))
        if self.title:
            img = res.text(self.title, "serif_bold", theme.heading, T.BRASS_LIGHT)
            surface.blit(img, (self.rect.x + theme.pad, self.rect.y + theme.px(2)))
            ly = self.rect.y + self.title_height(theme) - theme.px(1)
            pygame.draw.line(
                surface, (110, 90, 56), (self.rect.x + theme.pad, ly), (self.rect.right - theme.pad, ly), 1
            )
        flow = getattr(self, "_flow_widgets", [])
        for w in self.children:
            if w in flow:
                continue
            w.draw(surface, theme)
        clip = surface.get_clip()
        surface.set_clip(self._view.inflate(theme.px(4), theme.px(4)).clip(clip) if clip else self._view)
        view_clip = surface.get_clip()
        for w in flow:
            if w.rect.bottom >= self._view.y and w.rect.y <= self._view.bottom:
                if isinstance(w, Label) and not self._view.contains(w.rect):
                    # text cut by the view's edge: only its whole lines are drawn
                    lh = res.font(w.kind, w.size(theme)).get_linesize()
                    k0 = max(0, -(-(self._view.y - w.rect.y) // lh))
                    k1 = (self._view.bottom - w.rect.y) // lh
                    if k1 <= k0:
                        continue
                    band = pygame.Rect(view_clip.x, w.rect.y + k0 * lh, view_clip.w, (k1 - k0) * lh)
                    surface.set_clip(band.clip(view_clip))
                    w.draw(surface, theme)
                    surface.set_clip(view_clip)
                    continue
                w.draw(surface, theme)
        surface.set_clip(clip)
        if self.max_scroll > 0:
            v = self._view
            h = max(theme.px(20), v.h * v.h // (v.h + self.max_scroll))
            y = v.y + (v.h - h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(
                surface, T.BRASS, (self.rect.right - theme.px(5), y, theme.px(3), h), border_radius=theme.px(2)
            )
        more = getattr(self, "_more", None)
        if more and more.w:
            self._draw_more(surface, theme, more)

    def _draw_more(self, surface, theme, more) -> None:
        """The strip under an overflowing flow: ▲ (left half) and ▼ more (right half)."""
        pygame.draw.rect(surface, (40, 34, 28), more, border_radius=theme.px(4))
        pygame.draw.line(surface, (110, 90, 56), more.topleft, more.topright, 1)
        for up in (True, False):
            can = self.scroll > 0 if up else self.scroll < self.max_scroll
            col = T.BRASS_LIGHT if can else (90, 80, 64)
            half = pygame.Rect(more.x if up else more.centerx, more.y, more.w // 2, more.h)
            label = _("up") if up else _("more below")
            img = res.text(label, "sans", theme.small, col)
            a = theme.px(5)
            cx = half.centerx - img.get_width() // 2 - a - theme.px(2)
            cy = half.centery
            tri = (
                [(cx - a, cy + a // 2), (cx + a, cy + a // 2), (cx, cy - a)]
                if up
                else [(cx - a, cy - a // 2), (cx + a, cy - a // 2), (cx, cy + a)]
            )
            pygame.draw.polygon(surface, col, tri)
            surface.blit(img, (cx + a + theme.px(4), half.centery - img.get_height() // 2))

    def tooltip_at(self, pos):
        if not self.visible or not self.rect.collidepoint(pos):
            return None
        flow = getattr(self, "_flow_widgets", [])
        for w in reversed(self.children):
            if w in flow and not self._view.collidepoint(pos):
                continue
            tip = w.tooltip_at(pos)
            if tip:
                return tip
        return None


class RegionPanel(ChoicePanel):
    """Choose among regions named by legal commands `{cmd: CMD, region: r}`: the regions are
    tinted on the board and listed as buttons; a click on either submits. `done` when legal."""

    CMD = "choose_region"
    KEY = "region"
    COLOR = TARGET
    # A prompt counting the uses left (`{n}`, from the pending decision's `left`), and the rule.
    PROMPT_LEFT = ""
    EXPLAIN = ""

    def options(self) -> list[dict]:
        return [c for c in self.ctx.legal if c.get("cmd") == self.CMD] if self.ctx else []

    def prompt_text(self, ctx) -> str:
        if self.PROMPT_LEFT:
            return _(self.PROMPT_LEFT).format(n=(ctx.pending or {}).get("left", 1))
        return _("Click a highlighted region.")

    def explain(self, ctx) -> str:
        return _(self.EXPLAIN) if self.EXPLAIN else ""

    def build(self, ctx):
        spec = ctx.game.spec
        self.prompt.text = self.prompt_text(ctx)
        self.detail.text = self.explain(ctx)
        opts = self.options()
        if opts:
            self.text(_("Click a highlighted region on the board, or choose here:"), "small", T.TEXT_DIM)
        bs = []
        for c in opts:
            r = c[self.KEY]
            bs.append(
                Button(
                    self.region_label(ctx, r),
                    (lambda c=c: self.submit(c)),
                    name=f"region:{r}",
                    tooltip=Tip(region_name(spec, r), lines=self.region_lines(ctx, r)),
                )
            )
        self.buttons(bs, cols=2 if len(bs) > 3 else 1)
        self.extra(ctx)
        self.done_button()

    def extra(self, ctx) -> None:
        pass

    def region_label(self, ctx, r) -> str:
        return region_name(ctx.game.spec, r)

    def region_lines(self, ctx, r) -> list[str]:
        return army_lines(ctx, r)

    def highlights(self):
        return {c[self.KEY]: self.COLOR for c in self.options()}

    def region_clicked(self, region):
        for c in self.options():
            if c[self.KEY] == region:
                self.submit(c)
                return True
        return False


# -- what an army holds, as text -----------------------------------------------------------------


def army_lines(ctx, region) -> list[str]:
    from ..logtext import char_name, units_text

    spec = ctx.game.spec
    reg = ctx.view["regions"].get(region) if ctx.view else None
    if not reg or not reg["units"]:
        return []
    lines = [units_text(spec, reg["units"])]
    extra = []
    if reg["leaders"]:
        extra.append(_("leaders: {n}").format(n=reg["leaders"]))
    if reg.get("tokens"):
        extra.append(_("leadership tokens: {n}").format(n=reg["tokens"]))
    if reg["damage"]:
        extra.append(_("damage: {n}").format(n=reg["damage"]))
    chars = [
        char_name(spec, c)
        for c, cs in ctx.view["chars"].items()
        if cs["status"] == "in_play" and cs["region"] == region
    ]
    if chars:
        extra.append(", ".join(chars))
    if extra:
        lines.append(" · ".join(extra))
    return lines


# -- painters ------------------------------------------------------------------------------------


def _frame(surface, rect, theme, tile, fill, rim=(40, 34, 26), radius=6):
    rad = theme.px(radius)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(0, theme.px(2)), border_radius=rad)
    pygame.draw.rect(surface, fill, rect, border_radius=rad)
    if tile is not None and tile.selected:
        pygame.draw.rect(
            surface,
            SELECT,
            rect.inflate(theme.px(4), theme.px(4)),
            width=max(2, theme.px(3)),
            border_radius=rad + theme.px(2),
        )
    elif tile is not None and tile.hover and tile.enabled and tile.on_click:
        pygame.draw.rect(surface, T.HILITE, rect, width=max(2, theme.px(2)), border_radius=rad)
    else:
        pygame.draw.rect(surface, rim, rect, width=max(1, theme.px(1.5)), border_radius=rad)


def _dim(surface, rect, theme, alpha=120, radius=6):
    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (30, 26, 22, alpha), veil.get_rect(), border_radius=theme.px(radius))
    surface.blit(veil, rect.topleft)


def text_in(
    surface, text, rect, theme, kind="sans", size=None, color=T.INK, max_lines=99, align="left", line_gap=0
) -> int:
    """Wrapped text inside `rect` from its top; returns the y below the last line drawn."""
    size = size or theme.small
    f = res.font(kind, size)
    y = rect.y
    lines = wrap_text(text, f, max(10, rect.w))
    if len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = lines[-1].rstrip(" .,;") + "…"
    for ln in lines:
        if y + f.get_linesize() > rect.bottom + 2:
            break
        img = res.text(ln, kind, size, color)
        x = rect.x if align == "left" else rect.centerx - img.get_width() // 2
        surface.blit(img, (x, y))
        y += f.get_linesize() + line_gap
    return y


CARD_TYPE_ICONS = {"army": "crossed-swords", "character": "broadsword", "muster": "rally-the-troops"}
DECK_COLOURS = {
    "generic": (120, 96, 60),
    "fp_story": (46, 92, 156),
    "sh_story": (142, 34, 30),
    "special": (92, 60, 120),
}


def card_painter(spec, card: str, combat: bool = False, note: str = ""):
    """A card as on the table: parchment, a coloured band with its type icon and title, then the
    event text (or, with `combat`, the combat half's title and text)."""
    cs = spec.cards.get(card)

    def paint(surface, rect, theme, tile):
        _frame(surface, rect, theme, tile, T.PARCHMENT, rim=(120, 96, 60))
        band_h = res.font("serif_bold", theme.body).get_linesize() + theme.px(4)
        band = pygame.Rect(rect.x + theme.px(3), rect.y + theme.px(3), rect.w - theme.px(6), band_h)
        col = DECK_COLOURS.get(cs.deck if cs else "", (100, 90, 70))
        pygame.draw.rect(surface, col, band, border_radius=theme.px(4))
        isz = band_h - theme.px(6)
        x = band.x + theme.px(4)
        if cs:
            surface.blit(
                res.icon(CARD_TYPE_ICONS.get(cs.type, "card-random"), isz, (250, 240, 220)), (x, band.y + theme.px(3))
            )
            x += isz + theme.px(4)
        title = fit_text(
            cs.title if cs else card_name(spec, card), "serif_bold", theme.body, band.right - x - theme.px(4)
        )
        img = res.text(title, "serif_bold", theme.body, (255, 248, 230))
        surface.blit(img, (x, band.centery - img.get_height() // 2))
        body = pygame.Rect(
            rect.x + theme.px(7),
            band.bottom + theme.px(4),
            rect.w - theme.px(14),
            rect.bottom - band.bottom - theme.px(8),
        )
        if cs is None:
            return
        if combat:
            y = text_in(surface, cs.combat_title, body, theme, "sans_bold", theme.small, (140, 30, 24), 1)
            body = pygame.Rect(body.x, y, body.w, body.bottom - y)
            text_in(surface, cs.combat_text, body, theme, "sans", theme.small, T.INK)
        else:
            sub = face_name(cs.type) + (f" · {note}" if note else "")
            y = text_in(surface, sub, body, theme, "sans_bold", theme.small, T.INK_SOFT, 1)
            body = pygame.Rect(body.x, y, body.w, body.bottom - y)
            text_in(surface, cs.text, body, theme, "sans", theme.small, T.INK)
        if not tile.enabled:
            _dim(surface, rect, theme)

    return paint


def card_tip(spec, card) -> Tip:
    cs = spec.cards.get(card)
    if cs is None:
        return Tip(card_name(spec, card))
    lines = [cs.text] if cs.text else []
    if cs.combat_title or cs.combat_text:
        lines.append(_("In battle — {title}: {text}").format(title=cs.combat_title, text=cs.combat_text))
    return Tip(cs.title, lines=lines)


def _square_tile(surface, rect, theme, tile, label: str) -> pygame.Rect:
    """A die-like tile's square (returned), its ring when selected or hovered, and its label
    under it."""
    s = min(rect.w, rect.h - (theme.px(16) if label else 0))
    r = pygame.Rect(0, 0, s, s)
    r.midtop = (rect.centerx, rect.y)
    if tile.selected:
        pygame.draw.rect(
            surface,
            SELECT,
            r.inflate(theme.px(8), theme.px(8)),
            width=max(2, theme.px(3)),
            border_radius=theme.px(9),
        )
    elif tile.hover and tile.enabled:
        pygame.draw.rect(
            surface,
            T.HILITE,
            r.inflate(theme.px(6), theme.px(6)),
            width=max(1, theme.px(2)),
            border_radius=theme.px(8),
        )
    if label:
        img = res.text(
            fit_text(label, "sans", theme.small, rect.w),
            "sans",
            theme.small,
            T.TEXT if tile.enabled else T.TEXT_DIM,
        )
        surface.blit(img, (rect.centerx - img.get_width() // 2, r.bottom + theme.px(2)))
    return r


def die_painter(face: str | None, side: str, label: str = ""):
    """An action die (the board's dice), bigger, with its face name under it."""

    def paint(surface, rect, theme, tile):
        draw_die(surface, _square_tile(surface, rect, theme, tile, label), face, side, used=not tile.enabled)

    return paint


def pass_painter(label: str):
    """The tile that stands for passing beside the dice (an hourglass), with its label under it."""

    def paint(surface, rect, theme, tile):
        r = _square_tile(surface, rect, theme, tile, label)
        rad = max(2, r.w // 5)
        pygame.draw.rect(surface, (0, 0, 0), r.move(2, 2), border_radius=rad)
        pygame.draw.rect(surface, T.BUTTON if tile.enabled else T.BUTTON_DISABLED, r, border_radius=rad)
        pygame.draw.rect(surface, T.BRASS, r, width=max(1, r.w // 16), border_radius=rad)
        isz = int(r.w * 0.62)
        ink = T.TEXT if tile.enabled else T.TEXT_DIM
        surface.blit(res.icon("sands-of-time", isz, ink), (r.centerx - isz // 2, r.centery - isz // 2))

    return paint


PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def draw_combat_die(surface, rect, theme, value: int, hit: bool, maneuver: bool = False, side: str = "fp") -> None:
    """A six-sided combat die with pips; black for a maneuver die; a hit has a red rim and mark."""
    body = (30, 28, 26) if maneuver else (246, 240, 226)
    pip = (246, 240, 226) if maneuver else (30, 28, 26)
    rad = max(2, rect.w // 5)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(theme.px(2), theme.px(2)), border_radius=rad)
    pygame.draw.rect(surface, body, rect, border_radius=rad)
    pygame.draw.rect(
        surface, HIT if hit else (90, 84, 76), rect, width=max(2, theme.px(3 if hit else 1.5)), border_radius=rad
    )
    pr = max(2, rect.w // 10)
    off = rect.w * 0.26
    for dx, dy in PIPS.get(value, []):
        pygame.draw.circle(
            surface,
            HIT if (value == 1 and not maneuver) else pip,
            (rect.centerx + dx * off, rect.centery + dy * off),
            pr,
        )


def combat_die_painter(value: int, hit: bool, maneuver: bool, caption: str = ""):
    def paint(surface, rect, theme, tile):
        s = min(rect.w, rect.h - theme.px(16))
        r = pygame.Rect(0, 0, s, s)
        r.midtop = (rect.centerx, rect.y + theme.px(2))
        if tile.selected:
            glow = r.inflate(theme.px(10), theme.px(10))
            pygame.draw.rect(surface, SELECT, glow, width=max(2, theme.px(3)), border_radius=theme.px(10))
        elif tile.hover and tile.enabled and tile.on_click:
            pygame.draw.rect(
                surface,
                T.HILITE,
                r.inflate(theme.px(8), theme.px(8)),
                width=max(1, theme.px(2)),
                border_radius=theme.px(9),
            )
        draw_combat_die(surface, r, theme, value, hit, maneuver)
        cap = caption or (_("hit") if hit else "")
        if tile.selected:
            cap = _("re-roll")
        if cap:
            col = SELECT if tile.selected else (HIT if hit else T.TEXT_DIM)
            size = theme.small
            img = res.text(cap, "sans_bold", size, col)
            while img.get_width() > rect.w + theme.px(4) and size > 8:  # a longer word (a translation) is set smaller
                size -= 1
                img = res.text(cap, "sans_bold", size, col)
            surface.blit(img, (rect.centerx - img.get_width() // 2, r.bottom + theme.px(3)))

    return paint


def fate_tile_painter(spec, tile_id: str):
    """A fate tile, big: its colour, its value (+0 .. +3) and its icon."""
    ts = spec.fate_tiles.get(tile_id)
    colours = {
        "grey": ((196, 190, 176), (92, 86, 76)),
        "blue": ((120, 160, 214), (30, 60, 110)),
        "red": ((206, 110, 96), (110, 30, 24)),
    }

    def paint(surface, rect, theme, tile):
        fill, rim = colours.get(ts.color if ts else "grey", colours["grey"])
        s = min(rect.w, rect.h)
        r = pygame.Rect(0, 0, s, s)
        r.center = rect.center
        pygame.draw.circle(surface, (0, 0, 0), (r.centerx + theme.px(4), r.centery + theme.px(4)), s // 2)
        pygame.draw.circle(surface, fill, r.center, s // 2)
        pygame.draw.circle(surface, rim, r.center, s // 2, max(3, s // 22))
        pygame.draw.circle(surface, rim, r.center, int(s * 0.40), max(1, s // 60))
        if ts is None:
            return
        val = res.text(f"+{ts.value}" if ts.value >= 0 else str(ts.value), "serif_bold", int(s * 0.36), T.INK)
        vy = r.centery - val.get_height() // 2 - (int(s * 0.12) if ts.icon else 0)
        surface.blit(val, (r.centerx - val.get_width() // 2, vy))
        if ts.icon:
            isz = int(s * 0.26)
            name = {"ent": "tree-face", "eye": "beast-eye"}.get(ts.icon, "sun")
            surface.blit(res.icon(name, isz, (40, 80, 30)), (r.centerx - isz // 2, vy + val.get_height() - theme.px(4)))
        if ts.shadow_special:
            draw_badge(
                surface, (r.right - s // 6, r.top + s // 6), "!", max(14, s // 6), (120, 20, 16), (255, 255, 255)
            )

    return paint


def figure_painter(spec, side: str, unit: str, caption: str = "", damaged: bool = False):
    """One unit figure: the board's token with the unit icon and its name under it."""
    us = spec.units.get(unit)

    def paint(surface, rect, theme, tile):
        s = min(rect.w, rect.h - theme.px(16))
        r = pygame.Rect(0, 0, s, s)
        r.midtop = (rect.centerx, rect.y + theme.px(2))
        if tile.hover and tile.enabled and tile.on_click:
            pygame.draw.circle(surface, T.HILITE, r.center, s // 2 + theme.px(5), max(2, theme.px(2)))
        if tile.selected:
            pygame.draw.circle(surface, SELECT, r.center, s // 2 + theme.px(6), max(2, theme.px(3)))
        draw_token(surface, r, side, T.unit_icon(unit, us.name if us else ""))
        if tile.hover and tile.enabled and tile.on_click:
            ico = res.icon("skull-crossed-bones", s // 2, (255, 230, 220))
            veil = pygame.Surface((s, s), pygame.SRCALPHA)
            pygame.draw.circle(veil, (140, 20, 16, 150), (s // 2, s // 2), s // 2)
            surface.blit(veil, r.topleft)
            surface.blit(ico, (r.centerx - s // 4, r.centery - s // 4))
        label = fit_text(caption or unit_name(spec, unit), "sans", theme.small, rect.w)
        img = res.text(label, "sans", theme.small, T.TEXT)
        surface.blit(img, (rect.centerx - img.get_width() // 2, r.bottom + theme.px(3)))
        if not tile.enabled:
            _dim(surface, rect, theme, 100)

    return paint


def token_painter(
    side: str | None, icon: str, title: str, sub: str = "", shape: str | None = None, fill=None, rim=None, ink=None
):
    """A round battle token with an icon, a title and a line under it (tactics, choices)."""

    def paint(surface, rect, theme, tile):
        _frame(surface, rect, theme, tile, T.BG_PANEL_2)
        s = min(rect.h - theme.px(12), theme.px(44))
        r = pygame.Rect(rect.x + theme.px(6), rect.centery - s // 2, s, s)
        draw_token(surface, r, side, icon, shape=shape or "circle", fill=fill, rim=rim, ink=ink)
        body = pygame.Rect(
            r.right + theme.px(8), rect.y + theme.px(6), rect.right - r.right - theme.px(14), rect.h - theme.px(10)
        )
        y = text_in(surface, title, body, theme, "sans_bold", theme.body, T.TEXT, 1)
        if sub:
            text_in(
                surface, sub, pygame.Rect(body.x, y, body.w, body.bottom - y), theme, "sans", theme.small, T.TEXT_DIM, 3
            )
        if not tile.enabled:
            _dim(surface, rect, theme)

    return paint


TOKEN_NAME_MIN = 10  # px at 1280x720: the smallest a tactic token's name is written to fit its tile


def badge_row_painter(
    side: str | None,
    icon: str,
    title: str,
    shape: str | None = None,
    fill=None,
    rim=None,
    ink=None,
    note: str = "",
):
    """A tactic token lying in a short row tile: the token at the left, its bold name (two lines
    at most) beside it; a word wider than the room is written smaller (down to
    `TOKEN_NAME_MIN`) rather than cut."""

    def paint(surface, rect, theme, tile):
        _frame(surface, rect, theme, tile, T.BG_PANEL_2 if tile.enabled else (60, 54, 46))
        s = rect.h - theme.px(10)
        r = pygame.Rect(rect.x + theme.px(5), rect.centery - s // 2, s, s)
        draw_token(surface, r, side, icon, shape=shape or "circle", fill=fill, rim=rim, ink=ink)
        if note:
            draw_badge(surface, (r.right, r.top + theme.px(4)), note, theme.px(16), (120, 20, 16), (255, 255, 255))
        gap = theme.px(12 if note else 6)  # (clear of the count's badge on the token's corner)
        box = pygame.Rect(r.right + gap, rect.y, rect.right - r.right - gap - theme.px(4), rect.h)
        size = theme.small
        widest = max((res.font("sans_bold", size).size(w)[0] for w in title.split()), default=0)
        if widest > box.w:
            size = max(theme.px(TOKEN_NAME_MIN), size * box.w // widest)
        f = res.font("sans_bold", size)
        n = min(2, len(wrap_text(title, f, max(10, box.w))))
        box.y = rect.centery - n * f.get_linesize() // 2
        text_in(surface, title, box, theme, "sans_bold", size, T.TEXT if tile.enabled else T.TEXT_DIM, 2)
        if not tile.enabled:
            _dim(surface, rect, theme, 90)

    return paint


def badge_painter(
    side: str | None,
    icon: str,
    kicker: str,
    title: str,
    shape: str | None = None,
    fill=None,
    rim=None,
    ink=None,
    note: str = "",
):
    """A tactic token standing up: a big token, a small kicker line and a bold name under it."""

    def paint(surface, rect, theme, tile):
        _frame(surface, rect, theme, tile, T.BG_PANEL_2 if tile.enabled else (60, 54, 46))
        s = min(rect.w - theme.px(26), rect.h - theme.px(68))
        r = pygame.Rect(0, 0, s, s)
        r.midtop = (rect.centerx, rect.y + theme.px(6))
        draw_token(surface, r, side, icon, shape=shape or "circle", fill=fill, rim=rim, ink=ink)
        y = r.bottom + theme.px(4)
        k = res.text(kicker, "sans", theme.small, T.BRASS_LIGHT if tile.enabled else T.TEXT_DIM)
        surface.blit(k, (rect.centerx - k.get_width() // 2, y))
        y += k.get_height() - theme.px(2)
        text_in(
            surface,
            title,
            pygame.Rect(rect.x + theme.px(4), y, rect.w - theme.px(8), rect.bottom - y),
            theme,
            "sans_bold",
            theme.small,
            T.TEXT if tile.enabled else T.TEXT_DIM,
            2,
            align="center",
        )
        if note:
            draw_badge(surface, (r.right, r.top + theme.px(4)), note, theme.px(16), (120, 20, 16), (255, 255, 255))
        if not tile.enabled:
            _dim(surface, rect, theme, 90)

    return paint


def strength_summary(ctx, side: str) -> list[str]:
    """A side's army in the battle: units, damage, leadership, combat strength."""
    from ...core.battle import battle_region
    from ...core.state import army_size, leadership
    from ..logtext import units_text

    b = ctx.game.state.get("battle")
    if not b:
        return []
    spec = ctx.game.spec
    st = ctx.game.state
    region = battle_region(b, side)
    reg = st["regions"][region]
    strength = min(5, sum(spec.units[u].strength * n for u, n in reg["units"].items()))
    return [
        region_name(spec, region) + ": " + units_text(spec, reg["units"]),
        _("{units} · damage {d} · leadership {l} · strength {s}").format(
            units=ngettext("{n} unit", "{n} units", army_size(reg)).format(n=army_size(reg)),
            d=reg["damage"],
            l=leadership(st, spec, region),
            s=strength,
        ),
    ]
