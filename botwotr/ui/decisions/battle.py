"""Battle panels: tactics (secret), combat cards (secret), combat rolls, leader re-rolls, cease or
fight on, stay / retreat / flee. Each starts with a banner of the two armies."""

from __future__ import annotations

import time

import pygame

from ...core.view import HIDDEN
from .. import resources as res
from .. import theme as T
from ..board_view import draw_badge, draw_token
from ..i18n import N_, _, ngettext
from ..i18n_rules import refusal
from ..logtext import border_rule_text, region_name, side_title, unit_name
from ..panels import register_decision_panel
from ..widgets import Button, Tip, caption
from .base import (
    ChoicePanel,
    Tile,
    _frame,
    badge_painter,
    badge_row_painter,
    card_painter,
    card_tip,
    combat_die_painter,
    strength_summary,
    token_painter,
)

TACTIC_HELP = {
    "regroup": N_(
        "No ability and no card; your spent maneuver tokens come back at the end of the round, and "
        "as defender you may retreat (R-10.4, R-10.6b)."
    ),
    "combat_event": N_("Play the combat half of a card from your hand (R-10.4.1b)."),
}


def _battle(ctx):
    return ctx.game.state.get("battle") or {}


# -- battle odds (issue 13; botwotr/core/odds.py; docs/battles.md "Battle odds") --------------------

_ODDS: dict = {}  # (state id, log length, seat, aimed attack, whole) -> BattleOdds | None
_COUNTING: dict = {}  # the same key -> (odds_steps generator, its first answer: this round, counting)
# the state of each key above, kept alive while its key is cached: a state freed could leave its id
# to another game's state with the same log length (a new game in the same window), whose odds
# would then be the old one's
_STATES: dict = {}
ODDS_BUDGET = 0.003  # seconds of a frame the window gives the whole battle's count


def forget_odds() -> None:
    """Drop every count and answer (the window closed: they are of positions no longer shown,
    and a count left half done would take the next window's frames)."""
    for steps, _first in _COUNTING.values():
        steps.close()
    _COUNTING.clear()
    _ODDS.clear()
    _STATES.clear()


res.at_quit(forget_odds)


def battle_odds(game, view, seat, attack=None, whole=True):
    """The odds the seat may see, from its view only (never the true state), counted once per
    position, seat and aimed attack: a tactic or card chosen makes a new position. The whole
    battle's chain is counted a step at a time (`odds_steps`; `advance_odds` each frame): until
    it is done this gives this round's odds with `counting` set."""
    from ...core.odds import odds_for, odds_steps

    key = (id(game.state), len(game.log), seat, repr(sorted(attack.items())) if attack else None, whole)
    if _STATES.get(key) is not game.state:  # (an id seen before, of a state gone: not its odds)
        _ODDS.pop(key, None)
        old = _COUNTING.pop(key, None)
        if old is not None:
            old[0].close()
    _STATES[key] = game.state
    if key in _ODDS:
        return _ODDS[key]
    if key in _COUNTING:
        return _COUNTING[key][1]
    if len(_ODDS) > 64:
        _ODDS.clear()
        for k in [k for k in _STATES if k not in _COUNTING and k != key]:
            del _STATES[k]
    if not whole:
        _ODDS[key] = odds_for(game.spec, game.rules, view, seat, dict(attack) if attack else None, False)
        return _ODDS[key]
    steps = odds_steps(game.spec, game.rules, view, seat, dict(attack) if attack else None)
    try:
        first = next(steps)
    except StopIteration as done:  # counted at once (the chain was kept, or no battle)
        _ODDS[key] = done.value
        return done.value
    if len(_COUNTING) > 8:
        for old in list(_COUNTING)[:-8]:
            _COUNTING.pop(old)[0].close()
    _COUNTING[key] = (steps, first)
    return first


def odds_counting() -> bool:
    return bool(_COUNTING)


def advance_odds(seconds: float | None = None, clock=time.perf_counter) -> bool:
    """Advance the counts in progress (the latest first) until `seconds` (ODDS_BUDGET) of `clock`
    have passed (at least one step); True when one finished (its panel shows the chance to win)."""
    seconds = ODDS_BUDGET if seconds is None else seconds
    t0 = clock()
    finished = False
    while _COUNTING:
        key = next(reversed(_COUNTING))
        steps = _COUNTING[key][0]
        try:
            next(steps)
        except StopIteration as done:
            del _COUNTING[key]
            _ODDS[key] = done.value
            finished = True
        if clock() - t0 >= seconds:
            break
    return finished


def step_odds(panel) -> None:
    """A battle panel's frame: advance the count; once the panel's own is done, its "counting…"
    line takes the chance to win in place (the same label: a rebuild in the middle of a click
    would drop the click); not in the frame that first shows a command (`GameScene.fresh_move`:
    that frame draws what the command changed, the count goes on in the next)."""
    if _COUNTING and not getattr(panel.scene, "fresh_move", False):
        advance_odds()
    wait = getattr(panel, "_odds_wait", None)
    if wait is None:
        return
    odds = battle_odds(*wait)
    if odds is not None and odds.counting:
        return
    panel._odds_wait = None
    counting, text = _("Win if both fight on: counting…"), odds_summary(odds, always=True)
    for e in panel.flow:
        for w in panel._entry_widgets(e):
            if getattr(w, "text", None) == counting:
                w.text = text
    if panel.scene is not None and panel.rect.w > 0:
        panel.layout(panel.scene.theme)
    dirty = getattr(panel.scene, "_dirty", None)  # (GameScene: the kept panel picture is drawn again)
    if isinstance(dirty, set):
        dirty.add("decision")


def _wait_for(panel, ctx, attack, odds) -> None:
    """The panel shows a count still going: `step_odds` fills it in when it is done."""
    if odds is not None and odds.counting:
        panel._odds_wait = (ctx.game, ctx.view, ctx.seat, attack)


def pct(p: float) -> str:
    if 0 < p < 0.005:
        return "<1%"
    if 0.995 < p < 1:
        return ">99%"
    return f"{round(p * 100)}%"


def odds_texts(odds) -> list[tuple[str, str]]:
    """(text, style) lines: "head", "side", "line", "win", "note"."""
    if odds is None:
        return []
    out: list[tuple[str, str]] = []
    if odds.sides:
        out.append((_("Odds this round"), "head"))
        for sd in (odds.attacker, odds.defender):
            so = odds.sides[sd]
            what = (
                ngettext("{n} die", "{n} dice", so.dice).format(n=so.dice)
                + " · "
                + _("hits on {t}+").format(t=so.target)
            )
            if so.rerolls:
                what += " · " + ngettext("{n} re-roll", "{n} re-rolls", so.rerolls).format(n=so.rerolls)
            out.append((_("{side}: {what}").format(side=side_title(sd), what=what), "side"))
            out.append(
                (
                    _("hits 1+: {a}, 2+: {b}, 3+: {c} · kills 1+: {d}, 2+: {e}, 3+: {f}").format(
                        a=pct(so.hit_at_least(1)),
                        b=pct(so.hit_at_least(2)),
                        c=pct(so.hit_at_least(3)),
                        d=pct(so.kill_at_least(1)),
                        e=pct(so.kill_at_least(2)),
                        f=pct(so.kill_at_least(3)),
                    ),
                    "line",
                )
            )
    if odds.win is not None or odds.counting:
        out.append((odds_summary(odds, always=True), "win"))
    for u in odds.unknown:
        what, sd = u.split(":", 1)
        if what == "tactic":
            out.append((_("The {side}: tactic unknown, counted as plain dice.").format(side=side_title(sd)), "note"))
        else:
            out.append((_("The {side}: combat card unknown, not counted.").format(side=side_title(sd)), "note"))
    return out


def aim_lines(game, view, seat, attack) -> list[str]:
    """The lines under the drag label of an army aimed at an enemy (this round only: cheap)."""
    odds = battle_odds(game, view, seat, attack, whole=False)
    if odds is None or not odds.sides:
        return []
    out = []
    for sd in (odds.attacker, odds.defender):
        so = odds.sides[sd]
        out.append(
            _("{side} kill 1+: {a}, 2+: {b}, 3+: {c} · hits 2+: {d}").format(
                side=side_title(sd),
                a=pct(so.kill_at_least(1)),
                b=pct(so.kill_at_least(2)),
                c=pct(so.kill_at_least(3)),
                d=pct(so.hit_at_least(2)),
            )
        )
    return out


def odds_summary(odds, always: bool = False) -> str:
    """The chance to win, shown near the top of a battle panel (the details follow below)."""
    if odds is None or not (odds.sides or always):
        return ""
    if odds.counting:
        return _("Win if both fight on: counting…")
    if odds.win is None:
        return ""
    return _("Win if both fight on: {side} {p}").format(side=side_title(odds.attacker), p=pct(odds.win))


def add_odds_summary(panel, ctx, attack=None) -> None:
    odds = battle_odds(ctx.game, ctx.view, ctx.seat, attack)
    _wait_for(panel, ctx, attack, odds)
    line = odds_summary(odds)
    if line:
        panel.text(line, "small", T.BRASS_LIGHT, kind="sans_bold")


def add_odds(panel, ctx, attack=None) -> None:
    """The odds block of a battle panel (or of an aimed attack), from the seat's view."""
    odds = battle_odds(ctx.game, ctx.view, ctx.seat, attack)
    _wait_for(panel, ctx, attack, odds)
    texts = odds_texts(odds)
    if not texts:
        return
    tips = _(
        "Hits: before cancels and walls. A kill is a unit the army must remove (markers beyond its units, "
        "R-11.3). The battle: both fight on with plain rounds; see docs/battles.md."
    )
    for text, style in texts:
        if style == "head":
            lab = panel.text(text, "small", T.BRASS_LIGHT, kind="sans_bold")
            lab.tooltip = Tip(_("Battle odds"), tips)
        elif style == "side":
            panel.text(text, "small", T.TEXT, kind="sans_bold")
        elif style == "win":
            if text not in {getattr(w, "text", None) for e in panel.flow for w in panel._entry_widgets(e)}:
                panel.text(text, "small", T.BRASS_LIGHT, kind="sans_bold")  # (not twice: the summary)
        elif style == "note":
            panel.text(text, "small", T.TEXT_DIM)
        else:
            panel.text(text, "small", T.TEXT)


def _region(b, side):
    return b.get("current") if side == b.get("attacker") else b.get("target")


def figure_row(row: pygame.Rect, n: int, gap: int, badge: int, align_right: bool):
    """Where a battle banner's `n` unit figures (squares of the row's height) and the damage
    badge (`badge` wide, 0 for none) stand in `row`, from its outer edge inwards: side by side
    `gap` apart, or overlapping like a stack where they would not fit (they never reach past
    the row, onto the round's label in the middle). Returns the figures' rects and the badge's
    centre (None without a badge)."""
    fs = row.h
    room = row.w - fs - badge - gap
    step = max(1, min(fs + gap, room // (n - 1))) if n > 1 else 0
    sign, first = (-1, row.right - fs) if align_right else (1, row.x)
    places = [pygame.Rect(first + sign * k * step, row.y, fs, fs) for k in range(n)]
    if not badge:
        return places, None
    if places:
        end = places[-1].x - gap // 2 if align_right else places[-1].right + gap // 2
    else:
        end = row.right if align_right else row.x
    return places, (end - (badge + 1) // 2 if align_right else end + badge // 2, row.centery)


def banner_painter(ctx):
    """Attacker against defender: each side's token, region, unit figures, damage and hits."""
    spec = ctx.game.spec
    b = _battle(ctx)
    st = ctx.game.state

    def side_box(surface, rect, theme, side, align_right):
        reg = st["regions"].get(_region(b, side)) or {"units": {}, "damage": 0}
        s = theme.px(22)
        x = rect.right - s if align_right else rect.x
        draw_token(surface, pygame.Rect(x, rect.y, s, s), side, "knight-banner" if side == "fp" else "evil-tower")
        name = caption(region_name(spec, _region(b, side)), theme, T.TEXT, rect.w - s - theme.px(4))
        nx = x - theme.px(4) - name.get_width() if align_right else x + s + theme.px(4)
        surface.blit(name, (nx, rect.y + (s - name.get_height()) // 2))
        y = rect.y + s + theme.px(4)
        fs = theme.px(20)
        figs = [u for u in sorted(reg["units"]) for _k in range(reg["units"][u])][:8]
        row = pygame.Rect(rect.x, y, rect.w, fs)
        label, bs = f"-{reg['damage']}", theme.px(16)
        badge = max(
            bs, res.text(label, "sans_bold", max(8, int(bs * 0.72)), (255, 255, 255)).get_width() + bs // 3
        )  # (draw_badge's)
        places, badge_at = figure_row(row, len(figs), theme.px(2), badge if reg["damage"] else 0, align_right)
        for u, r in zip(figs, places):
            us = spec.units.get(u)
            draw_token(surface, r, side, T.unit_icon(u, us.name if us else ""))
        if badge_at is not None:
            draw_badge(surface, badge_at, label, bs, (120, 20, 16), (255, 255, 255))

    def paint(surface, rect, theme, tile):
        _frame(surface, rect, theme, None, (46, 38, 30), rim=(120, 60, 40))
        inner = rect.inflate(-theme.px(12), -theme.px(10))
        half = (inner.w - theme.px(52)) // 2
        att, dfn = b.get("attacker"), b.get("defender")
        if att:
            side_box(surface, pygame.Rect(inner.x, inner.y, half, inner.h), theme, att, False)
        if dfn:
            side_box(surface, pygame.Rect(inner.right - half, inner.y, half, inner.h), theme, dfn, True)
        s = theme.px(28)
        r = pygame.Rect(0, 0, s, s)
        r.center = (inner.centerx, inner.y + s // 2)
        draw_token(
            surface,
            r,
            None,
            "crossed-swords",
            shape="circle",
            fill=(200, 40, 30),
            rim=(255, 230, 200),
            ink=(255, 240, 220),
        )
        label, size = _("round {n}").format(n=b.get("round", 0)), theme.small
        lab = res.text(label, "sans", size, T.TEXT_DIM)
        while lab.get_width() > theme.px(44) and size > 8:  # between the two sides' figures
            size -= 1
            lab = res.text(label, "sans", size, T.TEXT_DIM)
        surface.blit(lab, (inner.centerx - lab.get_width() // 2, r.bottom + theme.px(2)))

    return paint


class BattlePanel(ChoicePanel):
    share = 0.82

    def update(self, dt):
        super().update(dt)
        step_odds(self)

    def banner(self, ctx):
        if _battle(ctx):
            self.tiles(
                [
                    Tile(
                        "banner",
                        banner_painter(ctx),
                        None,
                        tooltip=Tip(
                            _("Battle"),
                            lines=strength_summary(ctx, _battle(ctx)["attacker"])
                            + strength_summary(ctx, _battle(ctx)["defender"]),
                        ),
                    )
                ],
                0,
                54,
            )
            add_odds_summary(self, ctx)

    def sides(self, ctx, cmd):
        return list(dict.fromkeys(c["side"] for c in ctx.legal if c["cmd"] == cmd))

    def submit_together(self, cmds: list) -> bool:
        """Both sides' secret choices entered on one screen (the companion mode: revealed at the
        table first): checked together without changing the game, then sent one after the
        other, so the game never holds one without the other."""
        from ...core import RuleError
        from ...core.engine import decide

        if not cmds or any(c is None for c in cmds) or self.scene is None:
            return False
        g = self.ctx.game
        st = g.state
        for c in cmds:
            try:
                _events, st = decide(g.spec, g.rules, st, c, in_place=False)
            except RuleError as e:
                self.error = refusal(e)
                self.changed()
                return False
        return all(self.submit(c) for c in cmds)

    def show_next_missing(self, prefix: str, chosen: dict) -> None:
        """Entering both sides' choices: after a pick, scroll to the first side still to enter."""
        sides = self.sides(self.ctx, self.KIND) if self.ctx else []
        missing = [sd for sd in sides if sd not in chosen]
        if len(sides) > 1 and missing:
            w = next(
                (w for w in self.children if str(getattr(w, "name", "")).startswith(f"{prefix}:{missing[0]}:")), None
            )
            if w is not None:
                self.reveal(w)

    def other_status(self, ctx, key, sides):
        """Whether the side(s) not answering here have chosen, never what."""
        b = ctx.view.get("battle") or {}
        for sd in ("fp", "sh"):
            if sd in sides or sd not in (b.get("attacker"), b.get("defender")):
                continue
            v = (b.get(key) or {}).get(sd)
            if v == HIDDEN:
                self.text(
                    _("The {side} have chosen (hidden until both have).").format(side=side_title(sd)),
                    "small",
                    T.TEXT_DIM,
                )
            elif v is None:
                self.text(_("The {side} are still choosing.").format(side=side_title(sd)), "small", T.TEXT_DIM)


@register_decision_panel("tactic")
class TacticPanel(BattlePanel):
    """The seat's tactic tokens: a maneuver per unit type, Regroup, Combat Event. Secret."""

    TITLE = N_("Battle: tactic")
    KIND = "tactic"
    min_height = 246  # the prompt and two rows of tokens unscrolled, at 1280x720 as at 1600x900

    def reset(self):
        self.sel: dict = {}

    def build(self, ctx):
        spec = ctx.game.spec
        b = _battle(ctx)
        chosen: dict = {}
        sides = self.sides(ctx, "tactic")
        together = len(sides) > 1  # both answered here (the companion mode): entered together
        self.share = 0.95 if together else BattlePanel.share
        if together:
            # both rows must show at 1280x720 without scrolling: no banner (the board marks the
            # battle), the rule in the prompt's tooltip, each side's pick named in its heading
            self.prompt.text = _("Reveal both tactic tokens at the table, then enter them here.")
            self.prompt.tooltip = Tip(
                _("Secret tactics"),
                _(
                    "Each player picks a token in secret; both are revealed together (R-10.4.1). Nothing is "
                    "recorded until both are entered and confirmed."
                ),
            )
        else:
            # the choice first (the tokens, then what the picked one does), the battle under it
            self.prompt.text = _("Choose your tactic in secret.")
            self.prompt.tooltip = None
        for sd in sides:
            head = self.heading(side_title(sd)) if together else None
            offered = {c["tactic"]: c for c in ctx.legal if c["cmd"] == "tactic" and c["side"] == sd}
            reg = ctx.game.state["regions"].get(_region(b, sd)) or {"units": {}}
            tiles = []
            helps = {}
            for u in sorted(reg["units"]):
                t = f"maneuver:{u}"
                us = spec.units.get(u)
                n = reg["units"][u]
                spent = t not in offered
                helps[t] = (
                    _("Maneuver: {unit}").format(unit=unit_name(spec, u))
                    + " · "
                    + ngettext("{n} black die", "{n} black dice", n).format(n=n),
                    _("Spent this battle; Regroup brings it back.")
                    if spent
                    else _("If a black die hits: {ability}").format(
                        ability=(us.ability_text if us and us.ability_text else _("the unit's ability"))
                    ),
                )
                icon = T.unit_icon(u, us.name if us else "")
                shape = T.side_style(sd).shape
                tiles.append(
                    Tile(
                        f"tactic:{sd}:{t}",
                        badge_painter(
                            sd,
                            icon,
                            _("spent") if spent else _("Maneuver"),
                            unit_name(spec, u),
                            shape=shape,
                            note=str(n),
                        )
                        if together
                        else badge_row_painter(
                            sd,
                            icon,
                            _("{unit} (spent)").format(unit=unit_name(spec, u)) if spent else unit_name(spec, u),
                            shape=shape,
                            note=str(n),
                        ),
                        (lambda sd=sd, t=t: self._pick(sd, t)) if not spent else None,
                        selected=self.sel.get(sd) == t,
                        enabled=not spent,
                        tooltip=Tip(*helps[t]),
                    )
                )
            for t, icon, title in (
                ("regroup", "shield", _("Regroup")),
                ("combat_event", "card-random", _("Combat event")),
            ):
                if t not in offered:
                    continue
                helps[t] = (title, _(TACTIC_HELP[t]))
                tiles.append(
                    Tile(
                        f"tactic:{sd}:{t}",
                        badge_painter(None, icon, _("Tactic"), title, fill=(92, 84, 70), rim=(230, 220, 200))
                        if together
                        else badge_row_painter(None, icon, title, fill=(92, 84, 70), rim=(230, 220, 200)),
                        lambda sd=sd, t=t: self._pick(sd, t),
                        selected=self.sel.get(sd) == t,
                        tooltip=Tip(*helps[t]),
                    )
                )
            if together:
                self.tiles(tiles, 66, 96, gap=6)
            else:  # two columns of short row tiles: the names whole in every language
                self.tiles(tiles, -2, 44, gap=6)
            picked = helps.get(self.sel.get(sd))
            if together:
                head.text = _("{side}: {tactic}").format(side=side_title(sd), tactic=picked[0] if picked else "—")
            elif picked:
                self.text(picked[0], "body", T.BRASS_LIGHT, kind="sans_bold")
                self.text(picked[1], "small", T.TEXT)
            else:
                self.text(_("Click a token to see what it does."), "small", T.TEXT_DIM)
            cmd = offered.get(self.sel.get(sd))
            chosen[sd] = cmd
            if not together:
                go = Button(_("Confirm tactic"), lambda c=cmd: self.submit(c), name=f"confirm:{sd}", icon="check-mark")
                go.enabled = cmd is not None
                self.add_footer(go)
        if together:
            cmds = [chosen.get(sd) for sd in sides]
            missing = [side_title(sd) for sd in sides if chosen.get(sd) is None]
            go = Button(
                _("Confirm both tactics"),
                lambda: self.submit_together(cmds),
                name="confirm:both",
                icon="check-mark",
                tooltip=Tip(
                    _("Confirm both tactics"), _("Records both tactics at once: the battle goes on with both revealed.")
                ),
            )
            go.enabled = not missing
            self.add_footer(go)
        self.other_status(ctx, "choice", sides)
        if not together:
            self.banner(ctx)
        add_odds(self, ctx)

    def _pick(self, sd, t):
        self.sel[sd] = None if self.sel.get(sd) == t else t
        self.changed()
        self.show_next_missing("tactic", {k: v for k, v in self.sel.items() if v is not None})


@register_decision_panel("combat_card")
class CombatCardPanel(BattlePanel):
    TITLE = N_("Battle: combat card")
    KIND = "combat_card"
    min_height = 250  # the prompt and a row of cards unscrolled, at 1280x720 as at 1600x900

    def reset(self):
        self.sel: dict = {}

    def build(self, ctx):
        spec = ctx.game.spec
        sides = self.sides(ctx, "combat_card")
        together = len(sides) > 1  # both answered here (the companion mode): entered together
        chosen_all: dict = {}
        rule = _(
            "Only the card's combat half counts; the cards are revealed together, the attacker's first (R-10.4.1b)."
        )
        self.share = 0.95 if together else BattlePanel.share
        if together:
            self.detail.tooltip = None
            self.prompt.text = _("Reveal both combat cards (or none) at the table, then enter them here.")
            self.prompt.tooltip = Tip(
                _("Secret combat cards"), rule + " " + _("Nothing is recorded until both are entered and confirmed.")
            )
        else:
            # the choice first (the cards and "No card", then the picked card's combat half), the
            # rule in the prompt's tooltip, the battle under it
            # (a short line, so that the first row of cards shows whole at 1280x720 in every language)
            self.prompt.text, self.prompt.tooltip = "", None
            self.detail.text = _("Choose a combat card, or none.")
            self.detail.tooltip = Tip(_("Secret combat cards"), rule)
        if together:
            self.other_status(ctx, "card", sides)
        for sd in sides:
            head = self.heading(side_title(sd)) if together else None
            cmds = [c for c in ctx.legal if c["cmd"] == "combat_card" and c["side"] == sd]
            tiles = []
            for c in cmds:
                if c["card"] is None:
                    continue
                tiles.append(
                    Tile(
                        f"card:{sd}:{c['card']}",
                        card_painter(spec, c["card"], combat=True),
                        lambda sd=sd, k=c["card"]: self._pick(sd, k),
                        selected=self.sel.get(sd, 0) == c["card"],
                        tooltip=card_tip(spec, c["card"]),
                    )
                )
            none = next((c for c in cmds if c["card"] is None), None)
            no_card = None
            if none is not None:
                no_card = Tile(
                    f"card:{sd}:none",
                    token_painter(None, "cancel", _("No card"), _("Keep your cards for later.") if together else ""),
                    lambda sd=sd: self._pick(sd, None),
                    selected=sd in self.sel and self.sel[sd] is None,
                )
                tiles.append(no_card)
            self.tiles(tiles, 146, 84 if together else 72, gap=6)
            chosen = next((c for c in cmds if sd in self.sel and c["card"] == self.sel[sd]), None)
            chosen_all[sd] = chosen
            if not together:  # the picked card's combat half in full (the tile may cut it)
                cs = spec.cards.get(chosen["card"]) if chosen and chosen["card"] else None
                if cs is not None:
                    self.text(cs.combat_title or cs.title, "body", T.BRASS_LIGHT, kind="sans_bold")
                    if cs.combat_text:
                        self.text(cs.combat_text, "small", T.TEXT)
                elif chosen is None:
                    self.text(_("Click a card to read its combat half."), "small", T.TEXT_DIM)
            if together:
                what = (
                    "—"
                    if chosen is None
                    else (
                        _("no card")
                        if chosen["card"] is None
                        else (spec.cards[chosen["card"]].combat_title or spec.cards[chosen["card"]].title)
                    )
                )
                head.text = _("{side}: {card}").format(side=side_title(sd), card=what)
            if not together:
                go = Button(_("Confirm"), lambda c=chosen: self.submit(c), name=f"confirm:{sd}", icon="check-mark")
                go.enabled = chosen is not None
                self.add_footer(go)
        if together:
            both = [chosen_all.get(sd) for sd in sides]
            missing = [side_title(sd) for sd in sides if chosen_all.get(sd) is None]
            go = Button(_("Confirm both"), lambda: self.submit_together(both), name="confirm:both", icon="check-mark")
            go.enabled = not missing
            self.add_footer(go)
        else:
            self.other_status(ctx, "card", sides)
            self.banner(ctx)
        add_odds(self, ctx)

    def _pick(self, sd, card):
        if sd in self.sel and self.sel[sd] == card:
            del self.sel[sd]
        else:
            self.sel[sd] = card
        self.changed()
        self.show_next_missing("card", self.sel)


def roll_tiles(ctx, side, name_prefix, selected=(), on_click=None):
    from ...core.battle import die_value

    roll = (_battle(ctx).get("rolls") or {}).get(side)
    if not roll:
        return []
    tiles = []
    for i, d in enumerate(roll["dice"]):
        hit = die_value(d, roll["mod"]) >= roll["target"]
        tiles.append(
            Tile(
                f"{name_prefix}:{i}",
                combat_die_painter(d, hit, i < roll["maneuver"]),
                (lambda i=i: on_click(i)) if on_click else None,
                selected=i in selected,
                tooltip=Tip(
                    _("Combat die {n}: {v}").format(n=i + 1, v=d),
                    lines=[_("Hits on {t}+.").format(t=roll["target"])]
                    + ([_("A black maneuver die.")] if i < roll["maneuver"] else []),
                ),
            )
        )
    return tiles


def roll_line(ctx, side) -> str:
    from ...core.battle import hits_of

    roll = (_battle(ctx).get("rolls") or {}).get(side)
    if not roll:
        return ""
    h = hits_of(roll)
    return ngettext("{side}: {n} hit (target {t}+)", "{side}: {n} hits (target {t}+)", h).format(
        side=side_title(side), n=h, t=roll["target"]
    )


@register_decision_panel("combat_roll")
class CombatRollPanel(BattlePanel):
    TITLE = N_("Battle: roll")

    def build(self, ctx):
        from ...core import engine as E
        from ...core.battle import strength

        self.prompt.text = _("Roll the combat dice (either side first).")
        self.detail.text = " ".join(
            t
            for t in (
                _("Strength is the units' total, at most 5 dice, plus the defender's terrain; 5+ hits (R-10.3)."),
                border_rule_text(ctx.game.spec),
            )
            if t
        )
        self.banner(ctx)
        b = _battle(ctx)
        for sd in ("fp", "sh"):
            if (b.get("rolls") or {}).get(sd):
                self.text(roll_line(ctx, sd), "small", T.BRASS_LIGHT)
                self.tiles(roll_tiles(ctx, sd, f"die:{sd}"), 40, 58, gap=4)
        for c in ctx.legal:
            if c["cmd"] != "roll_combat":
                continue
            sd = c["side"]
            try:
                total, man, target = strength(E.Ctx(ctx.game.spec, ctx.game.rules, ctx.game.state, None), b, sd)
                what = (
                    ngettext("{n} die", "{n} dice", total).format(n=total) + " · " + _("hits on {t}+").format(t=target)
                )
                if man:
                    what += " · " + ngettext("{n} maneuver die", "{n} maneuver dice", man).format(n=man)
            except Exception:  # noqa: BLE001 - a preview only
                what = ""
            if what:
                self.text(_("{side}: {what}").format(side=side_title(sd), what=what), "small", T.TEXT)
            self.add_footer(
                Button(
                    _("Roll {side}").format(side=side_title(sd)),
                    lambda c=c: self.submit(c),
                    name=f"roll:{sd}",
                    icon="rolling-dices",
                    size_key="small",
                )
            )
        add_odds(self, ctx)


@register_decision_panel("reroll")
class RerollPanel(BattlePanel):
    """The rolled dice: click to choose the ones to roll again (up to the leadership)."""

    TITLE = N_("Battle: leader re-rolls")

    def reset(self):
        self.sel: set = set()

    def build(self, ctx):
        p = ctx.pending or {}
        side = p.get("side")
        mx = p.get("max", 0)
        roll = (_battle(ctx).get("rolls") or {}).get(side) or {"dice": []}
        n = min(mx, len(roll["dice"]))
        self.prompt.text = ngettext(
            "Click up to {n} die to re-roll ({k} chosen).", "Click up to {n} dice to re-roll ({k} chosen).", n
        ).format(n=n, k=len(self.sel))
        # both rolls are what this decision needs, and they must show without scrolling at 1280x720
        # and 1920x1080: no banner (the board marks the battle, each roll line names its side) and
        # the rule in the prompt's tooltip
        self.prompt.tooltip = Tip(
            _("Leader re-rolls"),
            _("Leadership lets you re-roll any dice, hits included; the new results stand (R-10.4.3)."),
        )
        self.text(roll_line(ctx, side), "body", T.BRASS_LIGHT, kind="sans_bold")
        self.tiles(roll_tiles(ctx, side, "die", self.sel, self._toggle), 38, 42, gap=6)
        other = "sh" if side == "fp" else "fp"
        if (_battle(ctx).get("rolls") or {}).get(other):
            self.text(roll_line(ctx, other), "small", T.TEXT_DIM)
            self.tiles(roll_tiles(ctx, other, f"die:{other}"), 30, 38, gap=4)
        cmd = self.first(cmd="reroll", dice=sorted(self.sel))
        go = Button(
            ngettext("Re-roll {n} die", "Re-roll {n} dice", len(self.sel)).format(n=len(self.sel))
            if self.sel
            else _("Keep all dice"),
            lambda: self.submit(cmd),
            name="confirm",
            icon="rolling-dices" if self.sel else "check-mark",
        )
        go.enabled = cmd is not None
        self.add_footer(go)

    def _toggle(self, i):
        mx = (self.ctx.pending or {}).get("max", 0)
        if i in self.sel:
            self.sel.discard(i)
        elif len(self.sel) < mx:
            self.sel.add(i)
        else:
            self.error = ngettext("You may re-roll at most {n} die.", "You may re-roll at most {n} dice.", mx).format(
                n=mx
            )
        self.changed()


@register_decision_panel("cease")
class CeasePanel(BattlePanel):
    TITLE = N_("Battle: cease or fight on")

    def build(self, ctx):
        b = _battle(ctx)
        self.prompt.text = _("The round is over. Cease the attack, or fight another round?")
        self.detail.text = _("Ceasing ends the battle at once and the army stays where it is (R-10.6a).")
        self.banner(ctx)
        for sd in (b.get("attacker"), b.get("defender")):
            if sd:
                self.heading(side_title(sd))
                for ln in strength_summary(ctx, sd):
                    self.text(ln, "small", T.TEXT)
        add_odds(self, ctx)
        cease, fight = self.first(cmd="cease"), self.first(cmd="fight_on")
        if cease:
            self.add_footer(Button(_("Cease"), lambda: self.submit(cease), name="cease", icon="cancel"))
        if fight:
            self.add_footer(Button(_("Fight on"), lambda: self.submit(fight), name="fight_on", icon="crossed-swords"))


WITHDRAW = {
    "stay": (N_("Stay"), "shield", N_("The army stays and the battle goes on.")),
    "retreat": (
        N_("Retreat"),
        "flag-objective",
        N_("You chose Regroup: the army withdraws to a safe adjacent region without losses (R-10.6b)."),
    ),
    "flee": (
        N_("Flee"),
        "skull-crossed-bones",
        N_("The army leaves at once, but first loses a unit for every two damage markers it carries (R-10.6c)."),
    ),
}


@register_decision_panel("withdraw")
class WithdrawPanel(BattlePanel):
    TITLE = N_("Battle: stay or withdraw")

    def build(self, ctx):
        self.prompt.text = _("The attacker fights on. Does the defending army stay?")
        self.banner(ctx)
        tiles = []
        for c in ctx.legal:
            if c["cmd"] != "withdraw":
                continue
            title, icon, help_ = WITHDRAW.get(c["choice"], (c["choice"], "flag-objective", ""))
            tiles.append(
                Tile(
                    f"withdraw:{c['choice']}",
                    token_painter(None, icon, _(title), _(help_), fill=(92, 84, 70), rim=(230, 220, 200)),
                    lambda c=c: self.submit(c),
                    tooltip=Tip(_(title), _(help_)),
                )
            )
        self.tiles(tiles, 0, 70, gap=6)
        add_odds(self, ctx)
