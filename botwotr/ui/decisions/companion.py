"""Companion-mode panels: decisions that exist only because the game is on the table.

- `card_draw` (tracked cards): the draw phase, the first turn's opening hands included. The side
  draws its generic and story card at the table; "Enter the cards drawn" sends `draw_cards`,
  which the core refuses with `chance/needs_outcome` until the cards are given, so the outcome
  dialog asks for them (`outcomes.py`). The client deals nothing itself.
"""

from __future__ import annotations

from .. import theme as T
from ..i18n import N_, _, ngettext
from ..logtext import side_title
from ..panels import register_decision_panel
from ..widgets import Button, Tip
from .base import ChoicePanel, Tile, token_painter

DECKS = (("generic", "card-random", N_("Generic")), ("story", "scroll-unfurled", N_("Story")))


@register_decision_panel("card_draw")
class CardDrawPanel(ChoicePanel):
    TITLE = N_("Draw phase")

    def build(self, ctx):
        p = ctx.pending or {}
        side = p.get("side")
        st = ctx.game.state
        if p.get("opening"):
            self.title = _("Opening hand")
            self.prompt.text = _(
                "{side}: draw your opening hand at the table — one generic card and one story card — then enter them."
            ).format(side=side_title(side))
        else:
            self.prompt.text = _(
                "{side}: draw one generic card and one story card at the table, then enter them."
            ).format(side=side_title(side))
        self.detail.text = _(
            "The Free Peoples draw first (R-3.1). The window deals nothing: it asks which cards came up."
        )
        left = {
            "generic": len(st["generic"]) + (len(st["discard"]) if not st["generic"] else 0),
            "story": len(st["sides"][side]["story"]) if side in ("fp", "sh") else 0,
        }
        tiles = []
        for deck, icon, title in DECKS:
            n = left[deck]
            sub = ngettext("{n} card left", "{n} cards left", n).format(n=n) if n else _("empty: nothing to draw")
            tiles.append(
                Tile(
                    f"deck:{deck}",
                    token_painter(
                        side if deck == "story" else None,
                        icon,
                        _(title),
                        sub,
                        fill=(92, 84, 70) if deck == "generic" else None,
                    ),
                    None,
                    enabled=n > 0,
                )
            )
        self.tiles(tiles, -2, 64, gap=6)
        cmd = self.first(cmd="draw_cards", side=side)
        if cmd:
            self.add_footer(
                Button(
                    _("Enter the cards drawn"),
                    lambda: self.submit(cmd),
                    name="draw",
                    icon="card-random",
                    tooltip=Tip(
                        _("Enter the cards drawn"),
                        _("Say which cards came up; nothing changes until every card is entered and confirmed."),
                    ),
                )
            )
        self.text(_("Keep your cards hidden from the other player while you enter them."), "small", T.TEXT_DIM)
