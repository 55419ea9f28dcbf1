"""What sits around the board: the status line and the two sides' summaries (dice pools, hands,
action tokens, recruitment pools, leadership tokens aside). Drawn from a per-seat view, so a
hidden hand shows only card backs. Shared by the game scene and the no-window export.
"""

from __future__ import annotations

import pygame

from ..core.bots import deciding_side

from ..core.view import HIDDEN
from . import resources as res
from . import theme as T
from .board_view import draw_die, draw_token
from .i18n import N_, _, ngettext
from .logtext import PHASE_NAMES, card_name, face_name, join_and, position_name, side_name, side_title
from .theme import Theme
from .widgets import Tip, Widget, fit_text, wrap_lines


def phase_text(spec, view) -> str:
    if view.get("winner"):
        if view["winner"] == "fp":
            return _("Game over: the Free Peoples win")
        if view["winner"] == "sh":
            return _("Game over: the Shadow wins")
        return _("Game over")
    return _("Turn {n} · {phase}").format(n=view["turn"], phase=_(PHASE_NAMES.get(view["phase"], view["phase"])))


def pending_side(view) -> str | None:
    """Whose decision the game waits for (the first of simultaneous ones)."""
    return deciding_side(view)


def status_rule(surface, rect: pygame.Rect, theme: Theme) -> None:
    """The brass rule under the status line (it reaches a pixel or two below the bar's rectangle,
    over the board: the game scene draws it again over the board each frame)."""
    pygame.draw.line(surface, T.BRASS, rect.bottomleft, (rect.right, rect.bottom), max(1, theme.px(1.5)))


def draw_status_bar(
    surface, rect: pygame.Rect, theme: Theme, spec, view, waiting: str, extra: str = "", sentence: str | None = None
) -> None:
    """`sentence` replaces "Waiting for ..." (hotseat: "Your action, Shadow: ...")."""
    pygame.draw.rect(surface, (26, 22, 18), rect)
    status_rule(surface, rect, theme)
    x = rect.x + theme.pad
    cy = rect.centery
    title = res.text(spec.name, "serif_bold", theme.heading, T.BRASS_LIGHT)
    wanted = res.font("sans", theme.body).size(waiting + extra)[0] + theme.px(300)
    if rect.w - title.get_width() > wanted:  # the scenario's name only when there is room
        surface.blit(title, (x, cy - title.get_height() // 2))
        x += title.get_width() + theme.px(18)
    ph = res.text(phase_text(spec, view), "sans_bold", theme.body, T.TEXT)
    surface.blit(ph, (x, cy - ph.get_height() // 2))
    x += ph.get_width() + theme.px(18)
    side = pending_side(view)
    if side and not view.get("winner"):
        s = max(12, rect.h - theme.px(14))
        r = pygame.Rect(x, cy - s // 2, s, s)
        draw_token(surface, r, side, "hand", shape=T.side_style(side).shape)
        x += s + theme.px(8)
    txt = _("Waiting for {what}.").format(what=waiting) if waiting and not view.get("winner") else ""
    if sentence and not view.get("winner"):
        txt = sentence
    if extra:
        txt = f"{txt}  {extra}" if txt else extra
    room = rect.right - x - theme.pad
    if txt and room > 20:
        f = res.font("sans", theme.body)
        if f.size(txt)[0] > room:  # shorten at a word and say so, rather than cut a word in half
            words = txt.split(" ")
            while len(words) > 1 and f.size(" ".join(words) + "…")[0] > room:
                words.pop()
            txt = " ".join(words).rstrip(".,;:") + "…"
        img = res.text(txt, "sans", theme.body, T.TEXT)
        area = pygame.Rect(0, 0, min(room, img.get_width()), img.get_height())
        surface.blit(img, (x, cy - img.get_height() // 2), area=area)


class SidesPanel(Widget):
    """Both sides' dice, hands and pools. Set `spec`, `view` and `seat` before drawing."""

    def __init__(self, spec, rect=None):
        super().__init__(rect)
        self.spec = spec
        self.view: dict | None = None
        self.seat = "public"
        self._tips: list[tuple[pygame.Rect, Tip]] = []
        self.hand_lines_max = 2  # the card chips' lines (needed_height makes them fewer when tight)
        self.pool_lines_max = 2  # the pools' lines
        self.marked: tuple[str, str] | None = None  # (side, card): a hint's card, outlined in the hand
        self._sig_view: dict | None = None  # the view whose part of `signature` is `_sig_text`
        self._sig_text = ""

    # what `draw` reads of the view (and `not_rolled_yet`): the key of its picture (`signature`)
    VIEW_KEYS = ("sides", "active", "phase", "options", "table", "position", "chars", "pending")

    def signature(self) -> str:
        """Everything the drawing depends on but the rectangle and the theme: the same
        signature, the same pixels (the game scene draws the summaries again only then). The
        compact limits (`needed_height`) change the drawing, so they are part of it."""
        v = self.view
        if self._sig_view is not v or v is None:  # the view's part once per view (asked every frame)
            self._sig_view = v
            self._sig_text = repr([(v or {}).get(k) for k in self.VIEW_KEYS])
        return repr((self.seat, self.visible, self.hand_lines_max, self.pool_lines_max, self.marked, self._sig_text))

    def needed_height(self, theme: Theme, room: int | None = None) -> int:
        """The height both summaries take; when more than `room`, they are drawn compact (the
        hand's card chips on one line, then the pools on one line, each ending in "+N" or "…",
        the rest in the tooltips) so that the decision panel and the log below keep theirs."""
        for hand_max, pool_max in ((2, 2), (1, 2), (1, 1)):
            self.hand_lines_max, self.pool_lines_max = hand_max, pool_max
            h = self._side_height(theme, "fp") + self._side_height(theme, "sh") + theme.pad
            if self.view is not None and self.view.get("table"):
                h += theme.pad + res.font("sans", theme.body).get_linesize()
            if room is None or h <= room:
                break
        return h

    def _hand_lines(self, theme: Theme, side: str) -> int:
        """1 or 2: how many lines the visible hand's card chips take."""
        if self.view is None:
            return 1
        visible = [c for c in self.view["sides"][side]["hand"] if c not in (HIDDEN, "?")]
        if not visible:
            return 1
        line = res.font("sans", theme.body).get_linesize()
        room = self.rect.w - 2 * theme.pad - line - theme.px(4)
        f = res.font("sans", theme.small)
        x, lines = 0, 1
        for c in visible:
            w = f.size(card_name(self.spec, c))[0] + theme.px(14)
            if x and x + w > room:
                lines, x = lines + 1, 0
            x += w
        return min(self.hand_lines_max, lines)

    def _side_height(self, theme: Theme, side: str = "fp") -> int:
        line = res.font("sans", theme.body).get_linesize()
        small = res.font("sans", theme.small).get_linesize()
        return (
            res.font("serif_bold", theme.heading).get_linesize()
            + theme.px(32)
            + line * self._hand_lines(theme, side)
            + small * self._pool_lines(theme, side)
            + theme.px(10)
        )

    def draw(self, surface, theme):
        self._tips = []
        if self.view is None or not self.visible:
            return
        y = self.rect.y
        for side in ("fp", "sh"):
            h = self._side_height(theme, side)
            self._draw_side(surface, theme, side, pygame.Rect(self.rect.x, y, self.rect.w, h))
            y += h + theme.pad
        table = self.view.get("table") or []
        if table:
            self._draw_table(surface, theme, table, y)

    def _draw_table(self, surface, theme, table, y):
        """Cards in effect on the table (R-5.7), as chips with their text in a tooltip."""
        line = res.font("sans", theme.body).get_linesize()
        lab = res.text(_("On the table:"), "sans_bold", theme.small, T.BRASS_LIGHT)
        surface.blit(lab, (self.rect.x, y + (line - lab.get_height()) // 2))
        x = self.rect.x + lab.get_width() + theme.px(6)
        for c in table:
            img = res.text(card_name(self.spec, c), "sans", theme.small, T.INK)
            r = pygame.Rect(x, y, img.get_width() + theme.px(10), line - theme.px(2))
            if r.right > self.rect.right:
                break
            pygame.draw.rect(surface, T.PARCHMENT_DARK, r, border_radius=theme.px(3))
            surface.blit(img, (r.x + theme.px(5), r.centery - img.get_height() // 2))
            self._tips.append((r, self.card_tip(c)))
            x = r.right + theme.px(4)

    def _draw_side(self, surface, theme, side, rect):
        v, spec = self.view, self.spec
        sd = v["sides"][side]
        st = T.side_style(side)
        pygame.draw.rect(surface, T.BG_PANEL, rect, border_radius=theme.px(6))
        pygame.draw.rect(surface, st.fill, rect, width=max(2, theme.px(2)), border_radius=theme.px(6))
        pad = theme.pad
        x, y = rect.x + pad, rect.y + theme.px(4)
        hs = res.font("serif_bold", theme.heading).get_linesize()
        tok = pygame.Rect(x, y + theme.px(2), hs - theme.px(4), hs - theme.px(4))
        draw_token(surface, tok, side, "knight-banner" if side == "fp" else "evil-tower")
        name = res.text(side_title(side), "serif_bold", theme.heading, T.TEXT)
        surface.blit(name, (tok.right + theme.px(6), y))
        if v.get("active") == side and v.get("phase") == "actions":
            lab = res.text(_("active"), "sans_bold", theme.small, T.BRASS_LIGHT)
            surface.blit(lab, (rect.right - pad - lab.get_width(), y + theme.px(4)))
        y += hs
        # dice: rolled results, then the unrolled / used ones as blanks
        ds = theme.px(26)
        dx = x
        rolled = sd["rolled"]
        for face in rolled:
            r = pygame.Rect(dx, y, ds, ds)
            draw_die(surface, r, face, side)
            self._tips.append((r, Tip(_("Action die: {face}").format(face=face_name(face)))))
            dx += ds + theme.px(4)
        used = max(0, sd["dice"] - len(rolled) - (len(sd["box"]) if side == "sh" else 0))
        if not_rolled_yet(v, side):
            n = max(0, sd["dice"] - (len(sd["box"]) if side == "sh" else 0))
            used_label = ngettext("{n} action die to roll", "{n} action dice to roll", n).format(n=n)
            img = res.text(used_label, "sans", theme.small, T.TEXT_DIM)
            surface.blit(img, (dx, y + ds // 2 - img.get_height() // 2))
        elif v["phase"] == "roll" and not rolled:
            img = res.text(_("rolled: no dice left in the pool"), "sans", theme.small, T.TEXT_DIM)
            surface.blit(img, (dx, y + ds // 2 - img.get_height() // 2))
        else:
            for _k in range(used):
                r = pygame.Rect(dx, y, ds, ds)
                draw_die(surface, r, None, side, used=True)
                dx += ds + theme.px(4)
            if not rolled and not used:
                img = res.text(_("no dice"), "sans", theme.small, T.TEXT_DIM)
                surface.blit(img, (dx, y + ds // 2 - img.get_height() // 2))
        self._tips.append(
            (
                pygame.Rect(x, y, rect.w - 2 * pad, ds),
                Tip(
                    _("{side} action dice").format(side=side_title(side)),
                    lines=[
                        ngettext("{n} die this turn.", "{n} dice this turn.", sd["dice"]).format(n=sd["dice"]),
                        ngettext("{n} not used yet.", "{n} not used yet.", len(rolled)).format(n=len(rolled)),
                    ],
                ),
            )
        )
        y += ds + theme.px(6)
        # hand: titles when this seat may see them, card backs otherwise
        hand = sd["hand"]
        line = res.font("sans", theme.body).get_linesize()
        hx = x
        icon = res.icon("card-random", line, T.BRASS_LIGHT)
        surface.blit(icon, (hx, y))
        hx += line + theme.px(4)
        visible = [c for c in hand if c not in (HIDDEN, "?")]  # "?": physical cards, not tracked
        if hand and not visible and (v.get("options") or {}).get("physical_cards"):
            hx = _card_backs(surface, theme, hx, y, line, len(hand))
            txt = ngettext("{n} card in hand (physical)", "{n} cards in hand (physical)", len(hand)).format(n=len(hand))
            surface.blit(res.text(txt, "sans", theme.body, T.TEXT), (hx, y))
            self._tips.append(
                (
                    pygame.Rect(x, y, rect.w - 2 * pad, line),
                    Tip(
                        _("Physical cards"),
                        _("The players hold the real cards; the program counts them but does not know them."),
                    ),
                )
            )
        elif hand and not visible:
            hx = _card_backs(surface, theme, hx, y, line, len(hand))  # backs and a count, never a face
            txt = ngettext("{n} card in hand (hidden)", "{n} cards in hand (hidden)", len(hand)).format(n=len(hand))
            surface.blit(res.text(txt, "sans", theme.body, T.TEXT), (hx, y))
        elif not hand:
            surface.blit(res.text(_("no cards in hand"), "sans", theme.body, T.TEXT_DIM), (hx, y))
        else:
            # card chips that wrap over two lines at most
            cx, cy = hx, y
            more_w = res.font("sans_bold", theme.small).size("+00")[0] + theme.px(10)
            for k, c in enumerate(visible):
                last_line = cy - y >= (self.hand_lines_max - 1) * line
                limit = rect.right - pad - (more_w if last_line and k < len(visible) - 1 else 0)
                # a title longer than a line is shortened at a word ("…"); its tooltip has it whole
                label = fit_text(card_name(spec, c), "sans", theme.small, limit - hx - theme.px(10))
                img = res.text(label, "sans", theme.small, T.INK)
                r = pygame.Rect(cx, cy, img.get_width() + theme.px(10), line - theme.px(2))
                if r.right > limit and cx > hx:
                    if last_line:  # no room for a third line: "+N", the rest in its tooltip
                        rest = visible[k:]
                        mr = pygame.Rect(cx, cy, more_w, line - theme.px(2))
                        pygame.draw.rect(surface, T.BRASS, mr, border_radius=theme.px(3))
                        t = res.text(f"+{len(rest)}", "sans_bold", theme.small, T.INK)
                        surface.blit(t, (mr.centerx - t.get_width() // 2, mr.centery - t.get_height() // 2))
                        self._tips.append((mr, Tip(_("More cards"), lines=[card_name(spec, x) for x in rest])))
                        break
                    cx, cy = hx, cy + line
                    label = fit_text(
                        card_name(spec, c),
                        "sans",
                        theme.small,
                        rect.right - pad - (more_w if k < len(visible) - 1 else 0) - hx - theme.px(10),
                    )
                    img = res.text(label, "sans", theme.small, T.INK)
                    r = pygame.Rect(cx, cy, img.get_width() + theme.px(10), line - theme.px(2))
                hinted = self.marked == (side, c)
                pygame.draw.rect(surface, T.HINT_TINT if hinted else T.PARCHMENT, r, border_radius=theme.px(3))
                if hinted:  # the card a hint plays: tinted and outlined in the hint's colour
                    pygame.draw.rect(
                        surface,
                        T.HINT_COLOUR,
                        r.inflate(theme.px(4), theme.px(4)),
                        width=max(2, theme.px(2)),
                        border_radius=theme.px(4),
                    )
                surface.blit(img, (r.x + theme.px(5), r.centery - img.get_height() // 2))
                self._tips.append((r, self.card_tip(c)))
                cx = r.right + theme.px(4)
            y = min(cy, y + line)
        y += line
        # pools: recruitment tokens, action tokens, leadership tokens aside
        f = res.font("sans", theme.small)
        lines = self._pool_wrapped(theme, side, rect.w)
        if lines and lines[-1].endswith("…"):  # shortened: the whole of it in a tooltip
            tip = Tip(side_title(side), lines=[self._pool_text(side)])
            self._tips.append((pygame.Rect(x, y, rect.w - 2 * pad, f.get_linesize() * len(lines)), tip))
        for ln in lines:
            surface.blit(res.text(ln, "sans", theme.small, T.TEXT_DIM), (x, y + theme.px(2)))
            y += f.get_linesize()

    def _pool_text(self, side: str) -> str:
        """The side's pools in one sentence: recruitment and action tokens, the commander's
        position, leadership tokens aside, characters ready to enter."""
        v, spec = self.view, self.spec
        sd = v["sides"][side]
        bits = []
        rp = sd["rpool"]
        bits.append(ngettext("{n} recruitment token", "{n} recruitment tokens", _len(rp)).format(n=_len(rp)))
        if side == "fp":
            bits.append(
                ngettext("{n} action token", "{n} action tokens", sd["action_tokens"]).format(n=sd["action_tokens"])
            )
        else:
            if v.get("position"):
                cmdr = spec.characters.get(spec.commander)
                bits.append(
                    _("{commander}: {pos}").format(
                        commander=cmdr.name if cmdr else _("Commander"), pos=position_name(spec, v["position"])
                    )
                )
            if sd.get("aside"):
                bits.append(
                    ngettext("{n} leadership token to place", "{n} leadership tokens to place", sd["aside"]).format(
                        n=sd["aside"]
                    )
                )
        ready = [
            spec.characters[c].name
            for c, st in v["chars"].items()
            if st["status"] == "ready" and c in spec.characters and spec.characters[c].side == side
        ]
        if ready:
            bits.append(_("ready: {names}").format(names=", ".join(ready)))
        return " · ".join(bits)

    def _pool_wrapped(self, theme: Theme, side: str, width: int | None = None) -> list[str]:
        if self.view is None:
            return [""]
        w = (self.rect.w if width is None else width) - 2 * theme.pad
        f = res.font("sans", theme.small)
        return wrap_lines(self._pool_text(side), f, max(20, w), max_lines=self.pool_lines_max) or [""]

    def _pool_lines(self, theme: Theme, side: str) -> int:
        """1 or 2: the pools' lines (the room the summary keeps for them)."""
        return max(1, len(self._pool_wrapped(theme, side)))

    def card_tip(self, c) -> Tip:
        cs = self.spec.cards.get(c)
        if cs is None:
            return Tip(card_name(self.spec, c))
        lines = []
        deck = {
            "generic": _("Generic"),
            "fp_story": _("Free Peoples story"),
            "sh_story": _("Shadow story"),
            "special": _("Special"),
        }.get(cs.deck, cs.deck)
        lines.append(_("{deck} card · {type}").format(deck=deck, type=face_name(cs.type)))
        if cs.text:
            lines.append(cs.text)
        if cs.combat_title or cs.combat_text:
            lines.append(_("In battle — {title}: {text}").format(title=cs.combat_title, text=cs.combat_text))
        return Tip(cs.title, lines=lines)

    def tooltip_at(self, pos):
        for r, tip in reversed(self._tips):
            if r.collidepoint(pos):
                return tip
        return None


def not_rolled_yet(view, side) -> bool:
    """True while this side's action dice are still to be rolled this turn (R-8.1): before the
    action roll, or during it until the side has rolled."""
    phase = view.get("phase")
    if phase in ("draw", "shadow", "fate", "setup"):
        return True
    if phase != "roll":
        return False
    top = view["pending"][-1] if view.get("pending") else None
    return bool(top and top["kind"] == "roll_dice" and side in (top.get("sides") or [top.get("side")]))


def _card_backs(surface, theme, x, y, line, n) -> int:
    """Small fanned card backs with "?" (physical cards); returns the x after them."""
    ch = line - theme.px(2)
    cw = max(8, int(ch * 0.7))
    step = max(4, int(cw * 0.55))
    for k in range(min(n, 7)):
        r = pygame.Rect(x + k * step, y + theme.px(1), cw, ch)
        pygame.draw.rect(surface, (70, 52, 110), r, border_radius=theme.px(2))
        pygame.draw.rect(surface, T.BRASS_LIGHT, r, width=1, border_radius=theme.px(2))
    q = res.text("?", "serif_bold", theme.small, T.BRASS_LIGHT)
    last = x + (min(n, 7) - 1) * step
    surface.blit(q, (last + cw // 2 - q.get_width() // 2, y + theme.px(1) + ch // 2 - q.get_height() // 2))
    return last + cw + theme.px(6)


def _len(v) -> int:
    return v if isinstance(v, int) else len(v)


def waiting_text(spec, view) -> str:
    """What the game waits for, from the view (same wording as Game.waiting_for)."""
    from ..core.engine import describe_pending

    if view.get("winner"):
        return _("nothing: the game is over")
    p = view.get("pending")
    if not p:
        return _("nothing")
    top = p[-1]
    what = PENDING_TEXT.get(top["kind"])
    if what is None:  # a kind the client does not know yet: the core's own sentence
        return describe_pending(spec, top)
    what = pending_what(spec, top["kind"])
    sides = [top["side"]] if top.get("side") else list(top.get("sides") or [])
    if not sides:
        who = _("the players")
    else:
        who = join_and(side_name(s) for s in sides)
    return _("{who} to {what}").format(who=who, what=what)


def pending_what(spec, kind: str) -> str:
    """What a pending decision asks, in words; the Shadow Box names the scenario's commander."""
    cmdr = spec.characters.get(spec.commander) if spec is not None else None
    if kind == "choose_position" and cmdr is not None and spec.commander != "saruman":
        return _("choose {who}'s position in the Shadow Box").format(who=mid_sentence(cmdr.name))
    return _(PENDING_TEXT.get(kind, "decide"))


def mid_sentence(name: str) -> str:
    """A name inside a sentence: "The Witch-king" -> "the Witch-king"."""
    return "the" + name[3:] if name.startswith("The ") else name


# What each pending decision asks (the core's PENDING_TEXT, as UI strings).
PENDING_TEXT = {
    "action": N_("take an action (use a die or pass)"),
    "discard": N_("discard down to the hand limit"),
    "choose_position": N_("choose Saruman's position in the Shadow Box"),
    "place_leadership": N_("place Shadow leadership tokens"),
    "fate_draw": N_("draw a fate tile"),
    "card_draw": N_("enter the cards drawn this turn"),
    "fate_decide": N_("keep the fate tile or set it aside"),
    "move": N_("move armies"),
    "attack": N_("choose an attack"),
    "recruit": N_("use recruitment tokens"),
    "mordor_recruit": N_("place Orcs in recruitment areas"),
    "rally": N_("rally armies"),
    "move_characters": N_("move characters"),
    "remove_excess": N_("remove units over the limit of 5"),
    "choose_unit": N_("choose a unit to recruit"),
    "choose_region": N_("choose a region"),
    "casualties": N_("take casualties"),
    "roll_dice": N_("roll the action dice"),
    "combat_roll": N_("roll the combat dice"),
    "tactic": N_("choose a battle tactic in secret"),
    "combat_card": N_("choose a combat card in secret"),
    "choose_army": N_("choose which attacking army fights this round"),
    "reroll": N_("choose dice to re-roll"),
    "cease": N_("cease the attack or fight on"),
    "withdraw": N_("stay, retreat or flee"),
    "flee_casualty": N_("remove a unit while fleeing"),
    "retreat_to": N_("choose where the army retreats"),
    "advance": N_("advance into the freed region"),
}


# -- the computer's player (botwotr/ui/computer.py; drawn by the game scene over the board) ------


def _box(surface, box: pygame.Rect, theme: Theme, edge) -> None:
    pygame.draw.rect(surface, (0, 0, 0), box.move(0, theme.px(2)), border_radius=theme.px(8))
    pygame.draw.rect(surface, (24, 20, 16), box, border_radius=theme.px(8))
    pygame.draw.rect(surface, edge, box, width=max(1, theme.px(2)), border_radius=theme.px(8))


def draw_thinking(surface, board: pygame.Rect, theme: Theme, side: str, text: str, progress: float) -> pygame.Rect:
    """ "The Shadow is thinking…" at the top of the board: the side's token, the words and a bar
    that fills as the search goes (its progress, 0..1). Returns the rectangle it drew in."""
    from .animation import clipped

    t = theme
    img = res.text(text, "sans_bold", t.body, T.PARCHMENT)
    tok = img.get_height() + t.px(10)
    w = tok + img.get_width() + t.px(40)
    box = pygame.Rect(0, 0, max(w, t.px(260)), tok + t.px(22))
    box.midtop = (board.centerx, board.y + t.px(10))

    def draw():
        _box(surface, box, t, T.side_style(side).fill)
        draw_token(surface, pygame.Rect(box.x + t.px(10), box.y + t.px(6), tok, tok), side, "sands-of-time")
        surface.blit(img, (box.x + tok + t.px(20), box.y + t.px(6) + (tok - img.get_height()) // 2))
        bar = pygame.Rect(box.x + t.px(10), box.bottom - t.px(11), box.w - t.px(20), t.px(5))
        pygame.draw.rect(surface, (60, 52, 42), bar, border_radius=t.px(2))
        done = bar.copy()
        done.w = max(1, int(bar.w * max(0.0, min(1.0, progress))))
        pygame.draw.rect(surface, T.BRASS_LIGHT, done, border_radius=t.px(2))

    return clipped(surface, box.inflate(t.px(6), t.px(8)), draw)


def draw_hint(surface, board: pygame.Rect, theme: Theme, spec, state, hint: dict, avoid=()) -> pygame.Rect:
    """A hint under the top of the board: what the hard computer would do (the command in words;
    its regions are tinted on the board) and its one-line reason. It goes to the bottom of the
    board when it would cover one of the points `avoid` (the hinted regions' centres)."""
    from .animation import clipped
    from .logtext import command_sentence, reason_text
    from .widgets import wrap_text

    t = theme
    width = min(board.w - t.px(40), t.px(560))
    head = res.text(_("Hint"), "serif_bold", t.heading, T.HINT_COLOUR)
    f = res.font("sans_bold", t.body)
    small = res.font("sans", t.small)
    lines = wrap_text(command_sentence(hint["command"], spec, state), f, width - t.px(24))[:3]
    why = wrap_text(reason_text(hint["reason"], spec), small, width - t.px(24))[:2]
    h = head.get_height() + len(lines) * f.get_linesize() + len(why) * small.get_linesize() + t.px(22)
    box = pygame.Rect(0, 0, width, h)
    box.midtop = (board.centerx, board.y + t.px(70))
    if any(box.inflate(t.px(16), t.px(16)).collidepoint(p) for p in avoid):
        box.midbottom = (board.centerx, board.bottom - t.px(20))

    def draw():
        _box(surface, box, t, T.HINT_COLOUR)
        y = box.y + t.px(6)
        surface.blit(head, (box.x + t.px(12), y))
        y += head.get_height() + t.px(2)
        for ln in lines:
            surface.blit(res.text(ln, "sans_bold", t.body, T.PARCHMENT), (box.x + t.px(12), y))
            y += f.get_linesize()
        y += t.px(4)
        for ln in why:
            surface.blit(res.text(ln, "sans", t.small, T.TEXT_DIM), (box.x + t.px(12), y))
            y += small.get_linesize()

    return clipped(surface, box.inflate(t.px(6), t.px(8)), draw)


def draw_table_move(
    surface, board: pygame.Rect, theme: Theme, side: str, text: str, button, error: bool = False
) -> pygame.Rect:
    """The computer's move told to the players at the table (companion mode), with the button
    that says it is done on the real board; or (`error`) why the computer stopped, with Try again."""
    from .animation import clipped
    from .widgets import wrap_text

    t = theme
    width = min(board.w - t.px(40), t.px(620))
    title = (
        _("The computer could not go on") if error else _("The {side} (computer) plays").format(side=side_title(side))
    )
    head = res.text(title, "serif_bold", t.heading, (255, 150, 130) if error else T.BRASS_LIGHT)
    f = res.font("sans_bold", t.body)
    lines = wrap_text(text, f, width - t.px(28))[:4]
    note = "" if error else _("Carry it out on the board, then press the button.")
    note_img = res.text(note, "sans", t.small, T.TEXT_DIM) if note else None
    bw = max(t.px(200), res.font(button.kind, t.body).size(button.text)[0] + t.px(50))
    h = (
        head.get_height()
        + len(lines) * f.get_linesize()
        + (note_img.get_height() if note_img else 0)
        + t.row
        + t.px(36)
    )
    box = pygame.Rect(0, 0, width, h)
    box.center = (board.centerx, board.centery - t.px(40))
    button.rect = pygame.Rect(0, 0, bw, t.row)
    button.rect.midbottom = (box.centerx, box.bottom - t.px(10))

    def draw():
        _box(surface, box, t, T.DANGER if error else T.side_style(side).fill)
        y = box.y + t.px(8)
        surface.blit(head, (box.centerx - head.get_width() // 2, y))
        y += head.get_height() + t.px(4)
        for ln in lines:
            img = res.text(ln, "sans_bold", t.body, T.PARCHMENT)
            surface.blit(img, (box.centerx - img.get_width() // 2, y))
            y += f.get_linesize()
        if note_img is not None:
            surface.blit(note_img, (box.centerx - note_img.get_width() // 2, y + t.px(4)))
        button.draw(surface, t)

    return clipped(surface, box.inflate(t.px(6), t.px(8)), draw)
