"""Render a position to a Surface without a window (export, F12, tests).

    surf = render_position(game, spec, layout, (1920, 1080), seat="public")

`game_or_state` is a `Game` (its current state and log) or a full state dict. The state is
always turned into the seat's view first (`view_for`), so the public picture never shows a hand
or a face-down token. Works under SDL_VIDEODRIVER=dummy; needs only `pygame.font`.
"""

from __future__ import annotations

import pygame

from ..core import Game
from ..core.view import view_for
from . import resources as res
from . import theme as T
from .board_view import BoardView
from .hud import SidesPanel, draw_status_bar, waiting_text
from .i18n import _
from .logtext import log_lines
from .theme import Theme
from .widgets import ListItem, ScrollList

SEATS = {"public": "public", "free": "fp", "fp": "fp", "shadow": "sh", "sh": "sh"}


def normalise_seat(seat: str) -> str:
    try:
        return SEATS[seat]
    except KeyError:
        raise ValueError(f"seat must be public, free or shadow, not {seat!r}") from None


def render_position(
    game_or_state, spec, layout, size=(1920, 1080), seat: str = "public", at: int | None = None
) -> pygame.Surface:
    seat = normalise_seat(seat)
    if not pygame.font.get_init():
        pygame.font.init()
    w, h = int(size[0]), int(size[1])
    surface = pygame.Surface((w, h))
    theme = Theme.for_size(w, h)
    surface.fill(T.BG)
    game = game_or_state if isinstance(game_or_state, Game) else None
    if game is not None:
        state = game.state_at(at) if at is not None else game.state
    else:
        state = game_or_state
    view = view_for(state, seat)

    bar_h = theme.px(40)
    side_w = theme.sidebar_width
    board_rect = pygame.Rect(0, bar_h, w - side_w, h - bar_h)
    side_rect = pygame.Rect(w - side_w, bar_h, side_w, h - bar_h)

    bv = BoardView(layout, spec)
    bv.set_rect(board_rect)
    bv.draw(surface, theme, view, seat)

    seat_label = {"public": _("public view"), "fp": _("Free Peoples' view"), "sh": _("Shadow's view")}[seat]
    draw_status_bar(
        surface, pygame.Rect(0, 0, w, bar_h), theme, spec, view, waiting_text(spec, view), extra=f"[{seat_label}]"
    )

    pygame.draw.rect(surface, (44, 38, 30), side_rect)
    inner = side_rect.inflate(-2 * theme.pad, -2 * theme.pad)
    sides = SidesPanel(spec, pygame.Rect(inner.x, inner.y, inner.w, 0))
    sides.view, sides.seat = view, seat
    sh = sides.needed_height(theme)
    sides.rect.h = sh
    sides.draw(surface, theme)
    if game is not None:
        n = at if at is not None else len(game.log)
        y = inner.y + sh + theme.pad
        head = res.text(_("Log"), "serif_bold", theme.heading, T.BRASS_LIGHT)
        surface.blit(head, (inner.x, y))
        y += head.get_height() + theme.px(4)
        lines = [ListItem(s) for _i, s in log_lines(_Prefix(game, n), seat)]
        lst = ScrollList(
            lines,
            rect=pygame.Rect(inner.x, y, inner.w, inner.bottom - y),
            size_key="small",
            clickable=False,
            stick_to_bottom=True,
        )
        lst.set_items(lines)
        lst.draw(surface, theme)
    return surface


class _Prefix:
    """The first n log entries of a game, for `log_lines`."""

    def __init__(self, game, n):
        self.log = game.log[:n]
        self.spec = game.spec


def save_png(surface: pygame.Surface, path) -> None:
    from .png import save_png as write

    write(surface, path)
