"""The help overlay (F1 or H in the game): the turn's six phases, what each action die allows
(R-8.6, from the engine's own table, so it follows the rules core), the mouse and the shortcuts.

    draw_help(surface, board_rect, theme)

Only draws; every string goes through `_()`.
"""

from __future__ import annotations

import pygame

from . import resources as res
from . import theme as T
from .board_view import draw_die
from .i18n import N_, _
from .logtext import ACTION_NAMES, face_name
from .widgets import wrap_text

PHASES = (
    (N_("Draw cards"), N_("Each player draws a generic card and a story card, then discards down to the hand limit.")),
    (
        N_("Shadow phase"),
        N_("The Shadow places Saruman in the Shadow Box: his position gives dice and leadership tokens."),
    ),
    (
        N_("Fate phase"),
        N_(
            "The Free Peoples draw a fate tile for each die in the Shadow Box (keep it or set it aside); tiles move the fate marker."
        ),
    ),
    (N_("Action roll"), N_("Both players roll their action dice; Shadow Character results go to the Shadow Box.")),
    (
        N_("Actions"),
        N_(
            "Players alternate, the Free Peoples first: use a die for one of its actions, or pass while the opponent has more dice left."
        ),
    ),
    (N_("End of turn"), N_("Victory is checked; Shadow leadership tokens leave the board and the next turn begins.")),
)

FACES = ("character", "army", "muster", "army_muster", "event", "eye", "will")

# The Battle for Gondor's own rules (botwotr/scenarios/gondor.py, docs/gondor.md), shown only in
# a game whose state has the siege (help for Rohan is unchanged).
SIEGE = (
    (
        N_("Protection values"),
        N_(
            "Minas Tirith and Cair Andros have walls (the tracks under the Event Cards). While a value "
            "stands, attackers hit only on a 6 and each hit lowers it, for good, instead of harming the "
            "garrison. At 0 the stronghold is breached."
        ),
    ),
    (
        N_("Catapults"),
        N_(
            "Built by the Shadow (Muster die) in North Pelennor, East Pelennor and the Harlond beside a "
            "Shadow army, two at most in each. One Army die fires them all, a die each (five at most): each "
            "5+ lowers Minas Tirith's walls. A Free Peoples army alone in a site burns them."
        ),
    ),
    (
        N_("Siege towers"),
        N_(
            "Built (Muster die) for an army beside a stronghold whose walls stand: in its first round "
            "against it, that army hits on 5+; then the tower is gone."
        ),
    ),
    (
        N_("The Darkness"),
        N_(
            "The shaded regions: Shadow armies are never stopped in it; Free Peoples armies stop on "
            "entering it and re-roll one die fewer in battle there. It lifts region by region (fate "
            "{spaces}, west-wind tiles, cards)."
        ),
    ),
    (
        N_("Recruitment areas"),
        N_(
            "To Rohan and the Forgotten Road (the banners): no stacking limit; a Shadow army attacked from "
            "one with nowhere to retreat is destroyed. If the Shadow takes Minas Tirith, it wins."
        ),
    ),
)

SHORTCUTS = (
    (N_("Drag a piece"), N_("move it (green: may go, red: attack); right-drag to split the army")),
    (N_("Wheel / drag the board"), N_("zoom / pan")),
    (N_("Ctrl+Z  Ctrl+Y"), N_("undo / redo")),
    (N_("Ctrl+S"), N_("save a copy of the game (it is autosaved anyway)")),
    (N_("F12"), N_("save a picture of the window")),
    (N_("Space / Escape"), N_("skip the animation (a click does too)")),
    (N_("Escape"), N_("close this help; otherwise the menu (save as, load, settings, quit)")),
    (N_("L"), N_("the full log (a click on a line shows the board after it)")),
    (N_("F11"), N_("full screen on / off")),
    (N_("F1 / H"), N_("this help")),
)


def face_actions(face: str) -> str:
    from ..core.engine import FACE_ACTIONS

    if face == "will":
        return _("any action of the other faces except the Eye's")
    acts = FACE_ACTIONS.get(face, ())
    return ", ".join(_(ACTION_NAMES.get(a, a)) for a in acts)


def draw_help(surface: pygame.Surface, area: pygame.Rect, theme, spec=None, view=None) -> pygame.Rect:
    """Draw the help box centred in `area`; returns its rectangle. With the game's `spec` the
    Shadow Box names its commander; a `view` with the Gondor siege adds the siege's rules."""
    from .hud import mid_sentence
    from .siege_view import lift_spaces, siege_state

    siege = siege_state(view) is not None
    cmdr = spec.characters.get(spec.commander) if spec is not None else None
    pad = theme.px(14)
    cols = 3 if siege else 2  # the siege's rules get a column of their own
    if cols == 3:
        # three columns need the whole window (the side panel and the top bar are covered too)
        area = surface.get_rect()
    w = min(area.w - 2 * theme.pad, theme.px(980 if cols == 2 else 1440))
    col_w = (w - (cols + 1) * pad) // cols
    fb = res.font("sans", theme.small)
    fh = res.font("serif_bold", theme.heading)
    line = fb.get_linesize()
    text_w = col_w - theme.px(16)

    # measure the sections first
    turn = [("h", _("The turn"))]
    for i, (name, text) in enumerate(PHASES, 1):
        turn.append(("b", f"{i}. {_(name)}"))
        text = _(text)
        if i == 2 and cmdr is not None and spec.commander != "saruman":
            text = _(
                "The Shadow places {who} in the Shadow Box: his position gives dice and leadership tokens."
            ).format(who=mid_sentence(cmdr.name))
        turn += [("t", ln) for ln in wrap_text(text, fb, text_w)]
    keys = [("gap", ""), ("h", _("Mouse and keys"))]
    for k, text in SHORTCUTS:
        keys += [("t", ln) for ln in wrap_text(f"{_(k)}: {_(text)}", fb, text_w)]
    die = theme.px(26)
    right = [("h", _("Action dice"))]
    for face in FACES:
        lines = wrap_text(face_actions(face), fb, col_w - 2 * die - theme.px(12))  # drawn after two dice
        right.append(("die", face, lines))
    third = []
    if siege:
        third.append(("h", _("The siege of Gondor")))
        for name, text in SIEGE:
            third.append(("b", _(name)))
            text = _(text).format(spaces=lift_spaces(spec)) if "{spaces}" in text else _(text)
            third += [("t", ln) for ln in wrap_text(text, fb, text_w)]

    def col_h(items):
        h = 0
        for it in items:
            if it[0] == "h":
                h += fh.get_linesize() + theme.px(4)
            elif it[0] == "die":
                h += max(die, line + len(it[2]) * line) + theme.px(6)
            elif it[0] == "gap":
                h += theme.px(8)
            else:
                h += line
        return h

    # "Mouse and keys" follows the turn; what of it would run past the box flows on at the foot
    # of the shortest other column
    room = area.h - 2 * theme.pad - 2 * pad - line  # the columns' height inside the box
    if col_h(turn) + col_h(keys) > room and area.h < surface.get_height():
        # first take the window's whole height (the top bar is covered while the help is shown)
        area = pygame.Rect(area.x, 0, area.w, surface.get_height())
        room = area.h - 2 * theme.pad - 2 * pad - line
    columns = [turn, right, third][:cols]
    cut = len(keys)
    while cut > 2 and col_h(turn) + col_h(keys[:cut]) > room:
        cut -= 1
    if cut <= 2:  # not even the heading and a line: the whole section moves
        cut = 0
    columns[0] = turn + keys[:cut]
    if cut < len(keys):
        i = min(range(1, cols), key=lambda j: col_h(columns[j]))
        columns[i] = columns[i] + ([("gap", "")] if cut else keys[:2]) + keys[max(cut, 2) :]
    h = max(col_h(c) for c in columns) + 2 * pad + line
    h = min(h, area.h - 2 * theme.pad)
    box = pygame.Rect(0, 0, w, h)
    box.center = area.center
    veil = pygame.Surface(area.size, pygame.SRCALPHA)
    veil.fill((10, 8, 6, 150))
    surface.blit(veil, area.topleft)
    pygame.draw.rect(surface, (30, 26, 20), box, border_radius=theme.px(10))
    pygame.draw.rect(surface, T.BRASS, box, width=max(2, theme.px(2)), border_radius=theme.px(10))
    clip = surface.get_clip()
    surface.set_clip(box)

    def draw_col(items, x, y):
        for it in items:
            if it[0] == "h":
                surface.blit(res.text(it[1], "serif_bold", theme.heading, T.BRASS_LIGHT), (x, y))
                y += fh.get_linesize() + theme.px(4)
            elif it[0] == "b":
                surface.blit(res.text(it[1], "sans_bold", theme.small, T.PARCHMENT), (x, y))
                y += line
            elif it[0] == "t":
                surface.blit(res.text(it[1], "sans", theme.small, T.TEXT_DIM), (x + theme.px(16), y))
                y += line
            elif it[0] == "gap":
                y += theme.px(8)
            else:
                _k, face, lines = it
                x0 = x
                for side in ("fp",) if face == "will" else ("sh",) if face == "eye" else ("fp", "sh"):
                    draw_die(surface, pygame.Rect(x0, y, die, die), face, side)
                    x0 += die + theme.px(3)
                tx = x + 2 * die + theme.px(12)
                surface.blit(res.text(face_name(face), "sans_bold", theme.small, T.PARCHMENT), (tx, y))
                yy = y + line
                for ln in lines:
                    surface.blit(res.text(ln, "sans", theme.small, T.TEXT_DIM), (tx, yy))
                    yy += line
                y = max(y + die, yy) + theme.px(6)
        return y

    for i, items in enumerate(columns):
        draw_col(items, box.x + (i + 1) * pad + i * col_w, box.y + pad)
    note = res.text(_("Press F1, H or Escape, or click, to close."), "sans", theme.small, T.TEXT_DIM)
    surface.blit(note, (box.centerx - note.get_width() // 2, box.bottom - pad - note.get_height() + theme.px(6)))
    surface.set_clip(clip)
    return box
