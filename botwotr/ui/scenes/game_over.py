"""The end-of-game screen (issue 15), over the finished game's board: who won and how, the
summary (turns, battles fought and won by each side, cards played, units lost, the fate track's
course; the same sentences as `botwotr report`), a small chart of the Shadow's victory points and
the fate marker turn by turn, and what next: review this game (the public view, or everything,
which the players may choose now that the game is over), play again with the same sides, swap
sides, back to the board, or the title screen.

The game scene opens it once when the game is won (and its "The end" button opens it again),
made over a few frames (`GameOverScene.steps`) and shown whole. Its picture (the board veiled
under it, the box, the summary and the chart) is drawn once: a frame with it open blits it and
draws the buttons over it.
"""

from __future__ import annotations

import random

import pygame

from ...review import summary, summary_steps
from .. import resources as res
from .. import theme as T
from ..i18n import _
from ..i18n_rules import win_reason
from ..logtext import side_title, winner_title
from ..widgets import Button, Tip, wrap_text
from .base import Scene

FATE_COLOUR = (120, 190, 110)
VP_COLOUR = (214, 84, 70)


class GameOverScene(Scene):
    opaque = True  # (its picture covers the window)

    @classmethod
    def steps(cls, app, game_scene):
        """The dialog made over frames, a bounded share a step (a generator: `next` once a frame;
        it returns the scene, whole, to be pushed): the summary's parts (`review.summary_steps`);
        the scene; the picture's surface (kept from the last game's end, or made in a step of its
        own); then "backdrop": the game scene draws its next frame onto that surface too
        (`end_backdrop`); then the veil over it, in two steps; then the dialog drawn on it a part
        a step (`_dialog_parts`); then it is shown."""
        s = yield from summary_steps(game_scene.game)
        yield None
        scene = cls(app, game_scene, summary_=s)
        yield None
        size = app.screen.get_size()
        canvas = _canvases.get(size)
        if canvas is None:  # (new memory, written whole when made: a step of its own)
            _canvases.clear()
            canvas = _canvases[size] = res.picture(size)
            yield None
        game_scene.end_backdrop, game_scene.end_captured = canvas, False
        yield "backdrop"
        game_scene.end_backdrop = None
        if game_scene.end_captured and app.screen.get_size() == size:
            half = size[1] // 2 // VEIL_BAND * VEIL_BAND
            veil_over(canvas, 0, half)
            yield None
            veil_over(canvas, half)
            scene.backdrop = canvas
        yield None
        scene.layout()
        if scene.backdrop is not None:  # the dialog drawn on it a part a frame
            for _part in scene._dialog_parts(canvas):
                yield None
            scene.picture, scene.backdrop = canvas, None
        else:  # (the window's size changed meanwhile: drawn whole when shown)
            yield None
        return scene

    def __init__(self, app, game_scene, summary_=None):
        super().__init__(app)
        self.under = game_scene
        self.finished = game_scene.game
        self.summary = summary_ if summary_ is not None else summary(self.finished)
        self.backdrop: pygame.Surface | None = None  # the game scene as it was, veiled (the picture's start)
        self.picture: pygame.Surface | None = None  # all but the buttons, drawn once per window size
        tip = Tip
        self.btn_review = self.root.add(
            Button(
                _("Review this game"),
                lambda: self.review("public"),
                name="review",
                tooltip=tip(_("Review"), _("Step through the game turn by turn, as everyone saw it.")),
            )
        )
        self.btn_review_all = self.root.add(
            Button(
                _("Review, everything shown"),
                lambda: self.review("all"),
                name="review_all",
                tooltip=tip(
                    _("Review, everything shown"), _("Both hands and every hidden token, now that it is over.")
                ),
            )
        )
        self.btn_again = self.root.add(
            Button(
                _("Play again"),
                lambda: self.play_again(swap=False),
                name="again",
                tooltip=tip(_("Play again"), _("A new game of this scenario with the same players on the same sides.")),
            )
        )
        self.btn_swap = self.root.add(
            Button(
                _("Swap sides"),
                lambda: self.play_again(swap=True),
                name="swap",
                tooltip=tip(_("Swap sides"), _("A new game with each player on the other side.")),
            )
        )
        self.btn_board = self.root.add(Button(_("Back to the board"), self.app.pop, name="board"))
        self.btn_title = self.root.add(Button(_("Title screen"), self.to_title, name="title"))

    # -- actions ----------------------------------------------------------------------------
    def review(self, view: str) -> None:
        from ...persistence.autosave import slot_of
        from .review import open_review

        slot = slot_of(self.finished)
        source = slot.name if slot is not None else self.finished.spec.name
        self.app.pop()
        open_review(self.app, self.finished, source=source, view=view)

    def new_options(self, swap: bool) -> dict:
        """The finished game's start options (mode, cards, names), the players swapped if asked."""
        opts = dict(self.finished.log[0]["cmd"].get("options") or {})
        opts.pop("setup", None)  # a rule case's position is not a new game's start
        players = dict(opts.get("players") or {"fp": _("Player 1"), "sh": _("Player 2")})
        if swap:
            players = {"fp": players.get("sh", _("Player 2")), "sh": players.get("fp", _("Player 1"))}
        opts["players"] = players
        return opts

    def play_again(self, swap: bool) -> None:
        from ...core import Game

        self.under.autosave()
        from ..i18n_content import english_spec

        # the rules of the new game get the English spec (the shown one is translated, docs/i18n.md)
        spec = english_spec(self.finished)
        game = Game.new(spec, seed=random.randrange(1, 2**31), options=self.new_options(swap))
        computer = getattr(self.finished, "computer", None)
        if computer:  # against the computer again, on the side it takes now (ui/computer.py)
            game.computer = {{"fp": "sh", "sh": "fp"}[s] if swap else s: lv for s, lv in computer.items()}
        self.app.open_game(game, replace_all=True)

    def to_title(self) -> None:
        self.app.pop()
        self.under.to_title()

    # -- scene interface --------------------------------------------------------------------
    def update(self, dt):
        super().update(dt)
        # (the game scene's log shown anew goes on growing its older rows, a few a frame, laid
        # out, under the dialog, whose picture of it is kept: they are above the panel's view)
        lp = self.under.log_panel
        if lp.growing:
            lp.grow()
            lp.list._layout(self.theme)

    def handle_event(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        self.root.handle_event(ev)

    def layout(self):
        t = self.theme
        w, h = self.app.size
        bw = min(w - t.px(40), t.px(760))
        self.box = pygame.Rect((w - bw) // 2, t.px(40), bw, h - t.px(80))
        inner = self.box.inflate(-2 * t.px(24), -2 * t.px(20))
        bh = t.row + t.px(6)
        cols = 3
        gap = t.px(10)
        cw = (inner.w - gap * (cols - 1)) // cols
        buttons = [self.btn_review, self.btn_review_all, self.btn_board, self.btn_again, self.btn_swap, self.btn_title]
        y0 = inner.bottom - 2 * bh - gap
        for i, b in enumerate(buttons):
            r, c = divmod(i, cols)
            b.rect = pygame.Rect(inner.x + c * (cw + gap), y0 + r * (bh + gap), cw, bh)
        self.chart_rect = pygame.Rect(inner.x, 0, inner.w, max(t.px(110), min(t.px(200), inner.h // 3)))
        self.chart_rect.bottom = y0 - t.px(18)
        self.text_rect = pygame.Rect(inner.x, inner.y, inner.w, self.chart_rect.y - t.px(12) - inner.y)

    def draw(self, surface):
        surface.blit(self.picture_for(surface), (0, 0))
        self.root.draw(surface, self.theme)
        self.draw_tooltip(surface)

    def picture_for(self, surface) -> pygame.Surface:
        """The dialog's picture but its buttons, at the window's size: drawn the first time (on
        the game scene's veiled backdrop, or the game scene drawn anew when there is none or it
        is of another size, a resize)."""
        size = surface.get_size()
        if self.picture is not None and self.picture.get_size() == size:
            return self.picture
        pic, self.backdrop = self.backdrop, None  # (the dialog is drawn on it: it is used once)
        if pic is None or pic.get_size() != size:
            pic = surface.copy()
            self.under.draw(pic)
            veil_over(pic)
        for _part in self._dialog_parts(pic):
            pass
        self.picture = pic
        return pic

    def on_resize(self, w: int, h: int) -> None:
        self.picture = None
        super().on_resize(w, h)

    def _dialog_parts(self, surface):
        """Draw the box, the title and the summary's sentences, (yield) the table, (yield) the chart."""
        t = self.theme
        s = self.summary
        pygame.draw.rect(surface, (30, 25, 20), self.box, border_radius=t.px(10))
        pygame.draw.rect(surface, T.side_style(s.winner).fill, self.box, width=max(2, t.px(3)), border_radius=t.px(10))
        r = self.text_rect
        y = r.y
        title = winner_title(s.winner) if s.winner else _("The game is not over")
        img = res.text(title, "serif_bold", t.px(34), T.BRASS_LIGHT)
        surface.blit(img, (self.box.centerx - img.get_width() // 2, y))
        y += img.get_height() + t.px(4)
        f = res.font("sans", t.body)
        for ln in wrap_text(win_reason(s.reason), f, r.w):
            img = res.text(ln, "sans", t.body, T.PARCHMENT)
            surface.blit(img, (self.box.centerx - img.get_width() // 2, y))
            y += img.get_height()
        y += t.px(14)
        turns = _("It ended in turn {n}, after {moves} moves and {battles} battles.").format(
            n=s.turns, moves=max(0, s.entries - 1), battles=len(s.battles)
        )
        img = res.text(turns, "sans", t.body, T.TEXT)
        surface.blit(img, (self.box.centerx - img.get_width() // 2, y))
        y += img.get_height() + t.px(12)
        yield
        self._draw_table(surface, pygame.Rect(r.x, y, r.w, r.bottom - y))
        yield
        self._draw_chart(surface)

    def _draw_table(self, surface, r: pygame.Rect) -> None:
        """Each side's battles attacked and won, cards played and units lost, side by side."""
        t = self.theme
        s = self.summary
        names = (self.finished.state_at(1).get("options") or {}).get("players") or {}
        rows = [
            (_("Battles attacked"), s.fought),
            (_("Battles won (attacking or defending)"), s.won),
            (_("Cards played"), s.cards),
            (_("Units lost"), s.lost),
        ]
        line = res.font("sans", t.body).get_linesize() + t.px(4)
        col_w = min(t.px(170), r.w // 4)
        x_sides = {"fp": r.right - 2 * col_w, "sh": r.right - col_w}
        for side, x in x_sides.items():
            title = side_title(side) + (f" ({names[side]})" if names.get(side) else "")
            img = res.text(title, "sans_bold", t.body, T.side_style(side).fill if side == "sh" else T.BRASS_LIGHT)
            if img.get_width() > col_w - t.px(6):
                img = res.text(side_title(side), "sans_bold", t.body, T.BRASS_LIGHT)
            surface.blit(img, (x + col_w - img.get_width() - t.px(6), r.y))
        y = r.y + line
        for i, (label, values) in enumerate(rows):
            if y + line > r.bottom:
                break
            if i % 2 == 0:
                pygame.draw.rect(surface, (40, 34, 28), pygame.Rect(r.x, y - t.px(2), r.w, line))
            img = res.text(label, "sans", t.body, T.TEXT)
            surface.blit(img, (r.x + t.px(6), y))
            for side, x in x_sides.items():
                v = res.text(str(values.get(side, 0)), "sans_bold", t.body, T.TEXT)
                surface.blit(v, (x + col_w - v.get_width() - t.px(6), y))
            y += line

    def _draw_chart(self, surface) -> None:
        """The fate marker and the Shadow's victory points at the end of each turn."""
        t = self.theme
        r = self.chart_rect
        course = self.summary.course
        pygame.draw.rect(surface, (22, 19, 16), r, border_radius=t.px(6))
        head = res.text(_("Turn by turn"), "sans_bold", t.small, T.BRASS_LIGHT)
        surface.blit(head, (r.x + t.px(8), r.y + t.px(4)))
        keys = [(_("fate"), FATE_COLOUR), (_("victory points (Shadow)"), VP_COLOUR)]
        x = r.right - t.px(8)
        for label, col in reversed(keys):
            img = res.text(label, "sans", t.small, T.TEXT)
            x -= img.get_width()
            surface.blit(img, (x, r.y + t.px(4)))
            x -= t.px(18)
            pygame.draw.line(surface, col, (x, r.y + t.px(12)), (x + t.px(14), r.y + t.px(12)), max(2, t.px(3)))
            x -= t.px(12)
        if not course:
            return
        plot = pygame.Rect(r.x + t.px(34), r.y + t.px(26), r.w - t.px(48), r.h - t.px(48))
        spec = self.finished.spec
        top = max([16, spec.victory_vp or 0] + [max(v, f) for _t, v, f in course])
        f = res.font("sans", t.small)
        for v in (0, top // 2, top):
            yy = plot.bottom - round(plot.h * v / top)
            pygame.draw.line(surface, (60, 52, 42), (plot.x, yy), (plot.right, yy))
            img = f.render(str(v), True, T.TEXT_DIM)
            surface.blit(img, (plot.x - img.get_width() - t.px(6), yy - img.get_height() // 2))
        n = len(course)

        def pt(i, v):
            x = plot.x + (round(plot.w * i / (n - 1)) if n > 1 else plot.w // 2)
            return x, plot.bottom - round(plot.h * v / top)

        for i, (turn, _v, _f) in enumerate(course):
            img = f.render(str(turn), True, T.TEXT_DIM)
            x, _y = pt(i, 0)
            surface.blit(img, (x - img.get_width() // 2, plot.bottom + t.px(3)))
        for idx, col in ((2, FATE_COLOUR), (1, VP_COLOUR)):
            pts = [pt(i, c[idx]) for i, c in enumerate(course)]
            if len(pts) > 1:
                pygame.draw.lines(surface, col, False, pts, max(2, t.px(3)))
            for p in pts:
                pygame.draw.circle(surface, col, p, max(3, t.px(4)))


VEIL_BAND = 64  # rows: the veil is blitted as bands of this height (no window-sized surface)
_canvases: dict[tuple[int, int], pygame.Surface] = {}  # the picture's surface, kept for the next game's end
_veils: dict[int, pygame.Surface] = {}


def veil_over(surface: pygame.Surface, top: int = 0, bottom: int | None = None) -> None:
    """The dark veil over the board under the dialog (the same blend as one window-sized veil),
    over the rows from `top` (a multiple of VEIL_BAND) to `bottom` (the end)."""
    w, h = surface.get_size()
    h = h if bottom is None else bottom
    band = _veils.get(w)
    if band is None:
        _veils.clear()
        band = _veils[w] = pygame.Surface((w, VEIL_BAND), pygame.SRCALPHA)
        band.fill((10, 8, 6, 200))
    for y in range(top, h, VEIL_BAND):
        surface.blit(band, (0, y), pygame.Rect(0, 0, w, min(VEIL_BAND, h - y)))


def open_game_over(app, game_scene) -> GameOverScene:
    scene = GameOverScene(app, game_scene)
    app.push(scene)
    return scene
