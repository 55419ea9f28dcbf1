"""Review mode (issue 15): step through any save or finished game, and branch a "what if".

The screen is the game screen's, read-only: the board, both sides' summaries and the log follow
a cursor in the game's log (`botwotr.review.Cursor`); under the board a timeline of the turns
(a band each) and their phases (ticks), with the battles marked, and the controls:

    « Turn  ‹ Move  ‹ Event  Play/Pause  Event ›  Move ›  Turn »  ‹ Battle  Battle ›  speed
    keys: ←/→ a move, Shift+←/→ an event, PageUp/PageDown a turn, Home (after the set-up) / End,
          Space play/pause,
          B / Shift+B the next / previous battle, V the view, Escape back

Playing steps one move at a time at the chosen speed with the live game's animations (the same
`Animator`). A click on the timeline jumps there; a click on a log line goes to just after it.

What is drawn is the chosen view (the View button): public, one side's (for a game that is not
over, only after a cover that says who may look), or everything once the game is over. The log
lines go through the same seat filter (`core.view.event_for`) as the window's log.

"What if…" starts a new game from the position shown (after the last whole move), saved in its
own autosave file that names the original and the entry (`persistence/save.py`, "origin"); the
reviewed game and its file are not changed. A game against the computer goes on against it (the
same side and level).
"""

from __future__ import annotations

import bisect

import pygame

from ...review import Cursor, ReviewError, Timeline_cache, branch, can_see_all, event_seen, setup_end, view_at
from .. import resources as res
from .. import theme as T
from ..animation import Animator
from ..board_view import BoardView
from ..hud import SidesPanel, draw_status_bar, waiting_text
from ..i18n import N_, _
from ..i18n_content import localize_game
from ..layouts import layout_for
from ..logtext import PHASE_NAMES, event_sentence, region_name, side_title
from ..widgets import Button, ListItem, Panel, ScrollList, Tip
from .base import Scene

SPEEDS = (1, 2, 4)
PAUSE = 0.9  # seconds between moves while playing, at 1× (after the move's animations)
VIEW_NAMES = {
    "public": N_("Public view"),
    "fp": N_("Free Peoples' view"),
    "sh": N_("Shadow's view"),
    "all": N_("Everything"),
}


class Timeline(Panel):
    """The turns as bands along the width, phases as ticks, battles as marks, the cursor as a
    line; a click or a drag moves the cursor there."""

    def __init__(self, scene):
        super().__init__(bg=(30, 26, 22))
        self.scene = scene
        self.dragging = False

    def x_of(self, n: int) -> int:
        r = self.rect.inflate(-8, 0)
        end = max(1, self.scene.cursor.end)
        return r.x + round(r.w * n / end)

    def n_at(self, x: int) -> int:
        r = self.rect.inflate(-8, 0)
        end = self.scene.cursor.end
        return max(0, min(end, round((x - r.x) / max(1, r.w) * end)))

    def handle_event(self, ev) -> bool:
        super().handle_event(ev)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self.dragging = True
            self.scene.jump(self.n_at(ev.pos[0]))
            return True
        if ev.type == pygame.MOUSEMOTION and self.dragging:
            self.scene.jump(self.n_at(ev.pos[0]))
            return True
        if ev.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def tooltip_at(self, pos):
        if not self.rect.collidepoint(pos):
            return None
        sc = self.scene
        tl = sc.timeline
        n = min(self.n_at(pos[0]), max(0, sc.cursor.end - 1))
        turn = tl.turn_of[n] if tl.turn_of else 0
        phase = _(PHASE_NAMES.get(tl.phase_of[n], tl.phase_of[n])) if tl.phase_of else ""
        b = tl.battle_at(n)
        body = _("Move {n} of {total}: {phase}.").format(n=n, total=sc.cursor.end, phase=phase)
        if b is not None:
            body += " " + _("A battle for {where}, attacked by the {side}.").format(
                where=region_name(sc.reviewed.spec, b.target), side=side_title(b.attacker)
            )
        return Tip(_("Turn {n}").format(n=turn) if turn else _("Set-up"), body + " " + _("Click to go there."))

    def draw(self, surface, theme):
        sc = self.scene
        tl = sc.timeline
        r = self.rect
        pygame.draw.rect(surface, (30, 26, 22), r, border_radius=theme.px(4))
        band = pygame.Rect(r.x + 4, r.y + theme.px(4), r.w - 8, r.h - theme.px(8))
        starts = sorted(tl.turn_starts.items())
        f = res.font("sans_bold", theme.small)
        for idx, (turn, start) in enumerate(starts):
            end = starts[idx + 1][1] if idx + 1 < len(starts) else sc.cursor.end
            x0, x1 = self.x_of(start), self.x_of(end)
            col = (70, 60, 46) if idx % 2 == 0 else (86, 74, 56)
            pygame.draw.rect(surface, col, pygame.Rect(x0, band.y, max(1, x1 - x0), band.h))
            label = f.render(str(turn), True, T.TEXT_DIM)
            if label.get_width() + 4 < x1 - x0:
                surface.blit(label, (x0 + 3, band.y + 1))
        for n, _turn, phase in tl.phase_starts:
            if phase != "draw":
                x = self.x_of(n)
                pygame.draw.line(surface, (120, 104, 78), (x, band.bottom - theme.px(8)), (x, band.bottom))
        mid = band.y + band.h * 2 // 3
        for b in tl.battles:
            x0 = self.x_of(b.start)
            x1 = self.x_of(b.end if b.end is not None else sc.cursor.end)
            style = T.side_style(b.attacker)
            pygame.draw.rect(surface, style.fill, pygame.Rect(x0, mid - theme.px(3), max(3, x1 - x0), theme.px(6)))
            s = theme.px(5)
            pygame.draw.polygon(surface, style.fill, [(x0, mid - s), (x0 + s, mid), (x0, mid + s), (x0 - s, mid)])
            pygame.draw.polygon(surface, T.PARCHMENT, [(x0, mid - s), (x0 + s, mid), (x0, mid + s), (x0 - s, mid)], 1)
        x = self.x_of(sc.cursor.n)
        pygame.draw.line(surface, T.HILITE, (x, r.y), (x, r.bottom - 1), max(2, theme.px(2)))
        pygame.draw.rect(surface, T.BRASS, r, width=1, border_radius=theme.px(4))


class ReviewScene(Scene):
    def __init__(self, app, game, source: str | None = None, view: str = "public", at: int | None = None):
        """`source`: the reviewed game's save name (a branch names it); `view`: public, fp, sh or
        all (all only for a finished game); `at`: the first position shown (default: the start)."""
        super().__init__(app)
        self.game = None  # nothing for the app to autosave: a review changes no game
        self.reviewed = localize_game(game)  # shown in the window's language (game.rules keeps English)
        self.source = source or game.spec.name
        self.cursor = Cursor(game, 0)
        self.timeline = Timeline_cache(game)
        self.layout_data = layout_for(game.spec)
        self.board = BoardView(self.layout_data, game.spec)
        self.sides = SidesPanel(game.spec)
        self.animator = Animator(self.board)
        self.board.overlays.append(self.animator.draw_board)
        self.seat = view if view != "all" or can_see_all(game) else "public"
        self.asking_seat: str | None = None  # a side's view of an unfinished game: who may look?
        self.playing = False
        self.speed = 1
        self.wait = 0.0
        self.message = ""
        self.message_time = 0.0
        self._lines: dict[str, tuple[list, list]] = {}
        self._shown_key = None
        self.view = view_at(self.cursor.state, self.seat)
        self.log_panel = Panel(title=_("Log"))
        self.log_list = self.log_panel.add(
            ScrollList(clickable=True, size_key="small", stick_to_bottom=True, boxed=False, on_pick=self._log_picked)
        )
        tip = Tip
        self.bar = Panel(bg=None)
        self.btn_view = self.bar.add(
            Button(
                "",
                self.cycle_view,
                name="view",
                tooltip=tip(_("View (V)"), _("Whose view is drawn: public, one side's, or (a game that is over) all.")),
            )
        )
        self.btn_branch = self.bar.add(
            Button(
                _("What if…"),
                self.branch_here,
                name="branch",
                tooltip=tip(
                    _("What if…"),
                    _("Play on from this position as a new game (its own save); this game is not changed."),
                ),
            )
        )
        self.btn_close = self.bar.add(
            Button(_("Close"), self.close, name="close", tooltip=tip(_("Close (Escape)"), ""))
        )
        self.controls = Panel(bg=None)

        def ctl(text, fn, name, title, body):
            return self.controls.add(Button(text, fn, name=name, size_key="small", tooltip=tip(title, body)))

        self.btn_turn_back = ctl(_("« Turn"), lambda: self.step(-1, "turn"), "turn_back", _("Turn back"), _("PageUp"))
        self.btn_move_back = ctl(_("‹ Move"), lambda: self.step(-1, "action"), "move_back", _("A move back"), _("Left"))
        self.btn_event_back = ctl(
            _("‹ Event"), lambda: self.step(-1, "event"), "event_back", _("An event back"), _("Shift+Left")
        )
        self.btn_play = ctl(_("Play"), self.toggle_play, "play", _("Play / pause"), _("Space"))
        self.btn_event_fwd = ctl(
            _("Event ›"), lambda: self.step(1, "event"), "event_forward", _("An event on"), _("Shift+Right")
        )
        self.btn_move_fwd = ctl(_("Move ›"), lambda: self.step(1, "action"), "move_forward", _("A move on"), _("Right"))
        self.btn_turn_fwd = ctl(_("Turn »"), lambda: self.step(1, "turn"), "turn_forward", _("Turn on"), _("PageDown"))
        self.btn_battle_back = ctl(
            _("‹ Battle"), lambda: self.battle(-1), "battle_back", _("The previous battle"), _("Shift+B")
        )
        self.btn_battle_fwd = ctl(_("Battle ›"), lambda: self.battle(1), "battle_forward", _("The next battle"), _("B"))
        self.btn_speed = ctl("1×", self.cycle_speed, "speed", _("Speed"), _("1×, 2× or 4×, as in the game."))
        self.track = Timeline(self)
        # the cover before one side's view of a game that is not over
        self.btn_seat_yes = Button("", self._seat_confirmed, name="seat_yes")
        self.btn_seat_no = Button(_("Back"), self._seat_refused, name="seat_no")
        self.jump(*((at, 0) if at is not None else setup_end(game)))
        self._refresh(force=True)

    # -- moving ---------------------------------------------------------------------------
    def step(self, direction: int, by: str) -> None:
        self.animator.finish()
        passed = self.cursor.step(direction, by, self.seat)
        self._after_move(passed)

    def jump(self, n: int, k: int = 0) -> None:
        self.animator.finish()
        self.cursor.goto(n, k)
        self._after_move([])

    def battle(self, direction: int) -> None:
        self.animator.finish()
        b = self.cursor.next_battle() if direction > 0 else self.cursor.prev_battle()
        if b is None:
            self.notify(_("No more battles that way."))
        self._after_move([])

    def _after_move(self, passed: list) -> None:
        self._refresh()
        if passed:
            seen = [v for v in (event_seen(e, self.seat) for e in passed) if v is not None]
            self.animator.feed(seen, from_drop=False)
        if self.cursor.at_end() and self.playing:
            self.toggle_play()

    def toggle_play(self) -> None:
        if not self.playing and self.cursor.at_end():
            self.jump(*setup_end(self.reviewed))
        self.playing = not self.playing
        self.wait = 0.0
        self.btn_play.text = _("Pause") if self.playing else _("Play")
        self.layout()

    def cycle_speed(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self.animator.speed = self.speed
        self.btn_speed.text = f"{self.speed}×"
        self.layout()

    # -- views ------------------------------------------------------------------------------
    def views(self) -> list[str]:
        return ["public", "fp", "sh"] + (["all"] if can_see_all(self.reviewed) else [])

    def cycle_view(self) -> None:
        vs = self.views()
        nxt = vs[(vs.index(self.seat) + 1) % len(vs)] if self.seat in vs else "public"
        self.set_view(nxt)

    def set_view(self, seat: str) -> None:
        if seat not in self.views():
            raise ReviewError(f"this review cannot show the view {seat!r}")
        if seat in ("fp", "sh") and not can_see_all(self.reviewed):
            self.asking_seat = seat  # a game still being played: only that side's player may look
            self.layout()
            return
        self.seat = seat
        self._refresh(force=True)

    def _seat_confirmed(self) -> None:
        seat, self.asking_seat = self.asking_seat, None
        if seat:
            self.seat = seat
            self._refresh(force=True)

    def _seat_refused(self) -> None:
        self.asking_seat = None
        self.seat = "public"
        self._refresh(force=True)

    def _seat_lines(self, seat: str) -> tuple[list, list]:
        """((entry, event) keys, (kind, sentence)) of every line this seat may read, in order."""
        hit = self._lines.get(seat)
        if hit is None:
            keys, lines = [], []
            spec = self.reviewed.spec
            for i, entry in enumerate(self.reviewed.log):
                for j, ev in enumerate(entry["events"]):
                    v = event_seen(ev, seat)
                    s = event_sentence(v, spec) if v is not None else None
                    if s:
                        keys.append((i, j))
                        lines.append((v["e"], s))
            hit = self._lines[seat] = (keys, lines)
        return hit

    def _log_picked(self, item) -> None:
        i, j = item.payload
        ev = self.reviewed.log[i]["events"]
        self.jump(*((i, j + 1) if j + 1 < len(ev) else (i + 1, 0)))

    def _refresh(self, force: bool = False) -> None:
        key = (self.cursor.pos, self.seat)
        if key == self._shown_key and not force:
            return
        self._shown_key = key
        self.view = view_at(self.cursor.state, self.seat)
        self.sides.view, self.sides.seat = self.view, ("public" if self.seat == "all" else self.seat)
        keys, lines = self._seat_lines(self.seat)
        upto = bisect.bisect_left(keys, self.cursor.pos)  # lines before the position
        start = max(0, upto - 400)
        items = []
        for idx in range(start, upto):
            kind, s = lines[idx]
            last = idx == upto - 1
            col = T.HILITE if last else (T.BRASS if kind == "PhaseStarted" else None)
            items.append(ListItem(s, payload=keys[idx], heading=kind in ("TurnStarted", "GameWon"), color=col))
        self.log_list.set_items(items)
        self.btn_view.text = _("View: {name}").format(name=_(VIEW_NAMES[self.seat]))
        self.btn_branch.enabled = self.cursor.n >= 1
        back, fwd = not self.cursor.at_start(), not self.cursor.at_end()
        for b in (self.btn_turn_back, self.btn_move_back, self.btn_event_back):
            b.enabled = back
        for b in (self.btn_turn_fwd, self.btn_move_fwd, self.btn_event_fwd):
            b.enabled = fwd
        self.layout()

    # -- what if ----------------------------------------------------------------------------
    def branch_here(self) -> None:
        """A new game from the position after the last whole move shown, saved on its own."""
        n = self.cursor.n
        try:
            g = branch(self.reviewed, n, self.source)
        except ReviewError as e:
            self.notify(str(e))
            return
        computer = getattr(self.reviewed, "computer", None)
        if computer:  # against the computer: the same side(s) and level(s) (ui/computer.py)
            g.computer = dict(computer)
        from ...persistence.autosave import autosave

        try:
            autosave(g, self.app.home, force=True)
        except OSError as e:
            self.notify(_("The new game could not be saved: {why}").format(why=e))
            return
        scene = self.app.open_game(g, replace_all=True)
        scene.notify(
            _("What if: a new game from move {n} of {source}; the original is unchanged.").format(
                n=n, source=self.source
            )
        )

    def close(self) -> None:
        self.app.pop()

    def notify(self, text: str) -> None:
        self.message, self.message_time = text, 5.0

    # -- scene interface --------------------------------------------------------------------
    def on_enter(self):
        self._refresh(force=True)

    def layout(self):
        t = self.theme
        w, h = self.app.size
        bar = t.px(40)
        side_w = t.sidebar_width
        strip = t.row + t.px(30) + 3 * t.pad
        self.bar_rect = pygame.Rect(0, 0, w, bar)
        self.board.set_rect(pygame.Rect(0, bar, w - side_w, h - bar - strip))
        x = w - t.pad
        for b in reversed(self.bar.children):
            bw = res.font(b.kind, t.body).size(b.text)[0] + t.px(18)
            b.rect = pygame.Rect(x - bw, t.px(5), bw, bar - t.px(10))
            x -= bw + t.px(6)
        self.bar.rect = pygame.Rect(x, 0, w - x, bar)
        self.side_rect = pygame.Rect(w - side_w, bar, side_w, h - bar)
        inner = self.side_rect.inflate(-2 * t.pad, -2 * t.pad)
        self.sides.rect = pygame.Rect(inner.x, inner.y, inner.w, self.sides.needed_height(t))
        y = self.sides.rect.bottom + t.pad
        self.log_panel.rect = pygame.Rect(inner.x, y, inner.w, inner.bottom - y)
        self.log_list.rect = self.log_panel.content_rect(t)
        # the strip under the board: the timeline, then the controls
        sr = pygame.Rect(0, h - strip, w - side_w, strip)
        self.strip_rect = sr
        self.track.rect = pygame.Rect(sr.x + t.pad, sr.y + t.pad, sr.w - 2 * t.pad, t.px(30))
        y = self.track.rect.bottom + t.pad
        x = sr.x + t.pad
        f = res.font("sans_bold", t.small)
        for b in self.controls.children:
            bw = max(t.px(40), f.size(b.text)[0] + t.px(16))
            if b is self.btn_battle_back:
                x += t.px(14)
            b.rect = pygame.Rect(x, y, bw, t.row)
            x += bw + t.px(4)
        self.controls.rect = pygame.Rect(sr.x, y, x - sr.x, t.row)
        self.where_x = x + t.px(10)
        bw = min(w - t.px(40), t.px(360))
        self.btn_seat_yes.rect = pygame.Rect(w // 2 - bw // 2, h // 2, bw, t.row + t.px(8))
        self.btn_seat_no.rect = pygame.Rect(
            w // 2 - t.px(80), self.btn_seat_yes.rect.bottom + t.px(10), t.px(160), t.row
        )
        if self.asking_seat:
            self.btn_seat_yes.text = _("I am the {side} player: show my side").format(side=side_title(self.asking_seat))

    def _widgets(self):
        if self.asking_seat:
            return [self.btn_seat_yes, self.btn_seat_no]
        return [self.bar, self.controls, self.track, self.log_panel, self.sides]

    def handle_event(self, ev):
        if ev.type == pygame.KEYDOWN and self._shortcut(ev):
            return
        for wdg in reversed(self._widgets()):
            if wdg.handle_event(ev):
                return
        if not self.asking_seat:
            self.board.handle_event(ev)

    def _shortcut(self, ev) -> bool:
        if self.asking_seat:
            if ev.key == pygame.K_ESCAPE:
                self._seat_refused()
                return True
            return False
        shift = ev.mod & pygame.KMOD_SHIFT
        keys = {
            pygame.K_RIGHT: lambda: self.step(1, "event" if shift else "action"),
            pygame.K_LEFT: lambda: self.step(-1, "event" if shift else "action"),
            pygame.K_PAGEDOWN: lambda: self.step(1, "turn"),
            pygame.K_PAGEUP: lambda: self.step(-1, "turn"),
            pygame.K_HOME: lambda: self.jump(*setup_end(self.reviewed)),
            pygame.K_END: lambda: self.jump(self.cursor.end),
            pygame.K_SPACE: self.toggle_play,
            pygame.K_b: lambda: self.battle(-1 if shift else 1),
            pygame.K_v: self.cycle_view,
            pygame.K_ESCAPE: self.close,
        }
        fn = keys.get(ev.key)
        if fn is None:
            return False
        fn()
        return True

    def update(self, dt):
        self._refresh()
        self.animator.update(dt)
        self.board.hidden_pieces = self.animator.hidden()
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)
        if self.playing and not self.animator.busy:
            self.wait += dt * self.speed
            if self.wait >= PAUSE:
                self.wait = 0.0
                self.step(1, "action")
        for wdg in self._widgets():
            wdg.update(dt)

    def draw(self, surface):
        t = self.theme
        surface.fill(T.BG)
        board_seat = "public" if self.seat == "all" else self.seat
        self.board.draw(surface, t, self.view, board_seat)
        pygame.draw.rect(surface, (44, 38, 30), self.side_rect)
        pygame.draw.line(surface, T.BRASS, self.side_rect.topleft, self.side_rect.bottomleft, max(1, t.px(1.5)))
        self.sides.draw(surface, t)
        self.log_panel.draw(surface, t)
        pygame.draw.rect(surface, (38, 33, 27), self.strip_rect)
        pygame.draw.line(surface, T.BRASS, self.strip_rect.topleft, self.strip_rect.topright, max(1, t.px(1.5)))
        self.track.draw(surface, t)
        self.controls.draw(surface, t)
        self._draw_where(surface)
        draw_status_bar(
            surface,
            pygame.Rect(0, 0, self.bar.rect.x, self.bar_rect.h),
            t,
            self.reviewed.spec,
            self.view,
            waiting_text(self.reviewed.spec, self.view),
            extra="[" + _("Review") + " · " + _(VIEW_NAMES[self.seat]) + "]",
        )
        self.bar.draw(surface, t)
        if self.message and self.message_time > 0:
            img = res.text(self.message[:200], "sans_bold", t.body, T.PARCHMENT)
            r = img.get_rect(midbottom=(self.board.rect.centerx, self.board.rect.bottom - t.px(10)))
            box = r.inflate(t.px(20), t.px(10))
            pygame.draw.rect(surface, (20, 16, 12), box, border_radius=t.px(6))
            pygame.draw.rect(surface, T.BRASS, box, width=2, border_radius=t.px(6))
            surface.blit(img, r)
        if self.asking_seat:
            self._draw_seat_cover(surface)
        self.draw_tooltip(surface)

    def _draw_where(self, surface) -> None:
        t = self.theme
        c = self.cursor
        tl = self.timeline
        n = min(c.n, max(0, c.end - 1))
        turn = tl.turn_of[n] if tl.turn_of and c.n else 0
        phase = tl.phase_of[max(0, c.n - 1)] if c.n and tl.phase_of else "setup"
        text = _("Move {n} of {total}").format(n=c.n, total=c.end)
        if c.k:
            text += " " + _("(partly)")
        where = (_("Turn {n}").format(n=turn) + " · " if turn else "") + _(PHASE_NAMES.get(phase, phase))
        x = self.where_x
        room = self.strip_rect.right - x - t.pad
        y = self.controls.rect.y
        for i, (s, kind, col) in enumerate(((where, "sans_bold", T.TEXT), (text, "sans", T.TEXT_DIM))):
            img = res.text(s, kind, t.small, col)
            if img.get_width() > room:
                continue
            surface.blit(img, (x, y + i * (img.get_height() + t.px(1))))

    def _draw_seat_cover(self, surface) -> None:
        t = self.theme
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((14, 12, 10, 235))
        surface.blit(veil, (0, 0))
        seat = self.asking_seat
        lines = [
            _("This game is not over: the {side}'s view shows that side's cards.").format(side=side_title(seat)),
            _("Only the {side} player should look.").format(side=side_title(seat)),
        ]
        imgs = [
            res.text(s, "serif_bold" if i == 0 else "sans", t.heading if i == 0 else t.body, T.PARCHMENT)
            for i, s in enumerate(lines)
        ]
        y = self.btn_seat_yes.rect.y - t.px(20) - sum(i.get_height() + t.px(6) for i in imgs)
        box = pygame.Rect(0, y - t.px(16), max(max(i.get_width() for i in imgs), t.px(380)) + t.px(60), 10)
        box.h = self.btn_seat_no.rect.bottom + t.px(16) - box.y
        box.centerx = w // 2
        pygame.draw.rect(surface, (30, 25, 20), box, border_radius=t.px(10))
        pygame.draw.rect(surface, T.side_style(seat).fill, box, width=max(2, t.px(3)), border_radius=t.px(10))
        for img in imgs:
            surface.blit(img, (w // 2 - img.get_width() // 2, y))
            y += img.get_height() + t.px(6)
        self.btn_seat_yes.draw(surface, t)
        self.btn_seat_no.draw(surface, t)

    def tooltip_at(self, pos):
        for wdg in reversed(self._widgets()):
            tip = wdg.tooltip_at(pos)
            if tip is not None:
                return tip
        return None if self.asking_seat else self.board.tooltip_at(pos)


def open_review(app, game, source: str | None = None, view: str = "public", at: int | None = None) -> ReviewScene:
    scene = ReviewScene(app, game, source=source, view=view, at=at)
    try:
        from ..settings import animation_speed

        speed = animation_speed(app.home)
        while scene.speed != speed and speed in SPEEDS:
            scene.cycle_speed()
    except Exception:  # noqa: BLE001 - the stored speed is a nicety
        pass
    app.push(scene)
    return scene
