"""Side panels of the game scene: the decision panel (what the player may do now) and the log.

Decision panels are chosen by the kind of the pending decision:

    @register_decision_panel("choose_position")
    class PositionPanel(DecisionPanel): ...

`panel_class_for(kind)` falls back on `GenericDecisionPanel`, which lists every legal command as
a sentence and submits the one clicked. A decision panel gets:
- `refresh(ctx)` whenever the game or the seat changes (`DecisionContext`: the game, the seat's
  view, the seat, the pending decision and the legal commands this seat may give now);
- `region_clicked(region) -> bool` when the player clicks a board region (True: used);
and answers through `self.scene.submit(cmd)` (which shows a refused command's reason).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

import pygame

from . import resources as res
from . import theme as T
from .i18n import _
from .logtext import command_group, command_sentence, entry_sentences, hint_log_sentence, pending_detail, region_name
from .widgets import BY_IDENTITY, Button, Label, ListItem, Panel, ScrollList, Tip, draw_signature

REGION_KEYS = ("region", "target", "from", "to")


def regions_of(cmd: dict) -> set[str]:
    """Regions a command names (for highlights and for filtering by a board click)."""
    out = set()
    for k in REGION_KEYS:
        v = cmd.get(k)
        if isinstance(v, str):
            out.add(v)
    for r in cmd.get("path") or ():
        if isinstance(r, str):
            out.add(r)
    for a in cmd.get("armies") or ():
        if isinstance(a, str):
            out.add(a)
        elif isinstance(a, dict) and isinstance(a.get("from"), str):
            out.add(a["from"])
    return out


@dataclass
class DecisionContext:
    game: object
    view: dict
    seat: str
    pending: dict | None
    legal: list[dict] = field(default_factory=list)
    waiting: str = ""


_PANELS: dict[str, type] = {}


def register_decision_panel(*kinds: str):
    def deco(cls):
        for k in kinds:
            _PANELS[k] = cls
        return cls

    return deco


def panel_class_for(kind: str | None) -> type:
    return _PANELS.get(kind or "", GenericDecisionPanel)


class DecisionPanel(Panel):
    """Base class: a titled panel that knows its scene."""

    def __init__(self, scene):
        super().__init__(title=_("Your decision"))
        self.scene = scene
        self.ctx: DecisionContext | None = None

    def refresh(self, ctx: DecisionContext) -> None:
        self.ctx = ctx

    def region_clicked(self, region: str) -> bool:
        return False

    def highlights(self) -> dict[str, tuple]:
        """Regions the board should tint for this decision."""
        return {}

    def layout(self, theme) -> None:
        pass

    def drawn_signature(self) -> tuple:
        """What this panel's drawing reads (`widgets.draw_signature`): the scene keeps the panel
        drawn for the last context when the new one's signature is the same."""
        if self.ctx is not None:
            BY_IDENTITY.add(type(self.ctx.game.spec))  # (the content: never changed once loaded)
        return draw_signature(self)


class GenericDecisionPanel(DecisionPanel):
    """Every legal command as a clickable sentence, grouped; a board click filters the list."""

    MAX_ROWS = 400

    def __init__(self, scene):
        super().__init__(scene)
        self.prompt = self.add(Label("", kind="sans_bold", color=T.TEXT))
        self.detail = self.add(Label("", size_key="small", color=T.BRASS_LIGHT))
        self.list = self.add(ScrollList(on_pick=self.pick))
        self.btn_all = self.add(Button(_("Show all choices"), self.clear_filter, name="show_all"))
        self.btn_all.visible = False
        self.filter: str | None = None
        self.commands: list[dict] = []

    def refresh(self, ctx: DecisionContext) -> None:
        super().refresh(ctx)
        self.filter = None
        self._rebuild()

    def clear_filter(self):
        self.filter = None
        self._rebuild()

    def region_clicked(self, region: str) -> bool:
        if self.ctx is None:
            return False
        if any(region in regions_of(c) for c in self.ctx.legal):
            self.filter = region
            self._rebuild()
            return True
        return False

    def highlights(self):
        if self.ctx is None:
            return {}
        regs = set()
        for c in self.ctx.legal:
            regs |= regions_of(c)
        out = {r: (120, 200, 255) for r in regs}
        if self.filter:
            out[self.filter] = (255, 200, 80)
        return out

    def _rebuild(self):
        ctx = self.ctx
        if ctx is None:
            return
        spec = ctx.game.spec
        state = ctx.game.state
        cmds = ctx.legal
        if self.filter:
            cmds = [c for c in cmds if self.filter in regions_of(c)]
        self.commands = cmds
        if ctx.game.state.get("winner"):
            self.prompt.text = _("The game is over.")
        elif not ctx.legal:
            self.prompt.text = _("Waiting for {what}.").format(what=ctx.waiting)
        elif self.filter:
            self.prompt.text = _("Choices involving {region}:").format(region=region_name(spec, self.filter))
        else:
            self.prompt.text = _("{What}:").format(What=ctx.waiting[:1].upper() + ctx.waiting[1:])
        self.detail.text = pending_detail(spec, ctx.pending) if ctx.legal else ""
        items: list[ListItem] = []
        last_group = None
        for c in cmds[: self.MAX_ROWS]:
            g = command_group(c, spec, state)
            if g and g != last_group:
                items.append(ListItem(g, heading=True))
            last_group = g
            items.append(ListItem(command_sentence(c, spec, state), payload=c, tip=command_tip(c, spec)))
        if len(cmds) > self.MAX_ROWS:
            items.append(
                ListItem(
                    _("… and {n} more: click a region on the board to narrow the list.").format(
                        n=len(cmds) - self.MAX_ROWS
                    ),
                    enabled=False,
                )
            )
        self.list.set_items(items)
        self.btn_all.visible = self.filter is not None
        if self.scene is not None:
            self.layout(self.scene.theme)

    def pick(self, item: ListItem):
        if item.payload is not None:
            self.scene.submit(item.payload)

    def index_of(self, cmd: dict) -> int | None:
        """The list row showing `cmd` (tests click it)."""
        for i, it in enumerate(self.list.items):
            if it.payload == cmd:
                return i
        return None

    def layout(self, theme):
        c = self.content_rect(theme)
        self.prompt.rect = pygame.Rect(c.x, c.y, c.w, 10)
        self.prompt.rect.h = self.prompt.fit_height(theme)
        y = self.prompt.rect.bottom + theme.px(2)
        self.detail.rect = pygame.Rect(c.x, y, c.w, 10)
        self.detail.rect.h = self.detail.fit_height(theme) if self.detail.text else 0
        y = self.detail.rect.bottom + theme.px(4)
        bottom = c.bottom
        if self.btn_all.visible:
            self.btn_all.rect = pygame.Rect(c.x, c.bottom - theme.row, c.w, theme.row)
            bottom = self.btn_all.rect.y - theme.px(4)
        self.list.rect = pygame.Rect(c.x, y, c.w, max(10, bottom - y))


def command_tip(cmd: dict, spec) -> Tip | None:
    """What a choice means, when there is more to say than its sentence: a card's text, a
    position's action, a character's ability. `BOTWOTR_DEBUG=1` adds the raw command."""
    tip = None
    card = cmd.get("card")
    if card and card in spec.cards:
        cs = spec.cards[card]
        lines = [cs.text] if cs.text else []
        if cs.combat_title or cs.combat_text:
            lines.append(_("In battle — {title}: {text}").format(title=cs.combat_title, text=cs.combat_text))
        tip = Tip(cs.title, lines=lines)
    elif cmd.get("cmd") == "choose_position" and cmd.get("position") in spec.positions:
        ps = spec.positions[cmd["position"]]
        tip = Tip(ps.name, lines=[ps.action_text])
    elif cmd.get("character") in spec.characters:
        ch = spec.characters[cmd["character"]]
        tip = Tip(ch.name, lines=[t for t in (ch.ability_text, ch.entry_text) if t])
    if os.environ.get("BOTWOTR_DEBUG"):
        raw = ", ".join(f"{k}={v}" for k, v in cmd.items())
        tip = Tip(tip.title if tip else _("Command"), lines=[*(tip.lines if tip else ()), raw])
    return tip


def _forced_undo_text(game, note: dict, seat: str) -> str:
    from ..core.view import command_for
    from .logtext import command_sentence

    what = command_sentence(command_for(note.get("undone") or {}, seat), game.spec)
    return _("Taken back past revealed chance, as both players agreed: {what}.").format(what=what)


LOG_MIN_LINES = 8  # the log keeps at least this many lines visible beside a decision that fits
# ... and this many one-line rows beside a decision panel that would scroll otherwise (its
# choices and buttons come first: GameScene.layout)
LOG_SQUEEZED_LINES = 4


def entry_items(game, i: int, seat: str, tip: Tip | None = None) -> list[ListItem]:
    """The log rows of entry i for a seat: its readable events, then the forced undos written in
    it (only after an entry with rows)."""
    entry = game.log[i]
    items = []
    setup = entry["cmd"].get("cmd") == "start_game"
    for kind, s in entry_sentences(entry, game.spec, seat):
        if kind in ("TurnStarted", "GameWon"):
            items.append(ListItem(s, heading=True))
        elif kind == "PhaseStarted":
            items.append(ListItem(s, payload=i + 1, color=T.BRASS, tip=tip))
        else:
            items.append(ListItem(s, payload=i + 1, color=T.TEXT_DIM if setup else None, tip=tip))
    if items and entry.get("forced_undos"):
        items += [
            ListItem(_forced_undo_text(game, n, seat), payload=i + 1, color=T.DANGER) for n in entry["forced_undos"]
        ]
    for h in getattr(game, "hints", None) or ():  # hints taken after this entry (ui/computer.py)
        if h["entry"] == i + 1:
            items.append(ListItem(hint_log_sentence(h["side"]), payload=i + 1, color=T.BRASS_LIGHT))
    return items


def _look_back_tip() -> Tip:
    return Tip(_("Look back"), _("Click to see the board as it was after this."))


def log_items(game, seat: str, limit: int | None = None) -> list[ListItem]:
    """The log as list rows for a seat: turn headings, phases in brass, set-up lines dimmed; a
    row's payload is the number of log entries up to and with it (for "look back")."""
    tip = _look_back_tip()
    items = []
    for i in range(len(game.log)):
        items += entry_items(game, i, seat, tip)
    return items[-limit:] if limit else items


def _same_rows(a: list[ListItem], b: list[ListItem]) -> bool:
    return len(a) == len(b) and all((x.text, x.color, x.payload) == (y.text, y.color, y.payload) for x, y in zip(a, b))


class LogRows:
    """The log's rows for one game and seat, each entry's made once, when first asked for
    (`entry_items`): a command adds the rows of its own entries only, whatever the length of the
    log, and a seat shown for the first time (the public view at the end of a game) makes only
    the rows asked for, newest first (`before`). The log changes only at its end (a command, an
    undo, a forced undo's note written in the entry the game went back to), so the entries kept
    are checked from the end."""

    def __init__(self, game, seat: str):
        self.game, self.seat = game, seat
        self.entries: list[dict] = []  # the log entries the rows are of (the objects)
        self.rows: list[list[ListItem] | None] = []  # (None: not made yet)
        self.tip = _look_back_tip()

    def sync(self) -> bool:
        """Bring the entries up to the log; False when rows already made were dropped or
        changed (a shown list must then be made again), True when entries were only added (or
        none)."""
        log = self.game.log
        j = min(len(self.entries), len(log))
        while j > 0 and self.entries[j - 1] is not log[j - 1]:
            j -= 1
        only_added = j == len(self.entries)
        if j > 0 and self.rows[j - 1] is not None:  # the last entry kept may have been changed in place
            again = entry_items(self.game, j - 1, self.seat, self.tip)
            if not _same_rows(again, self.rows[j - 1] or []):
                self.rows[j - 1] = again
                only_added = False
        del self.entries[j:], self.rows[j:]
        self.entries += log[j:]
        self.rows += [None] * (len(log) - j)
        return only_added

    def of(self, i: int) -> list[ListItem]:
        """Entry i's rows (made now if not yet)."""
        got = self.rows[i]
        if got is None:
            got = self.rows[i] = entry_items(self.game, i, self.seat, self.tip)
        return got

    def items_since(self, n: int) -> list[ListItem]:
        """The rows of entries n and after."""
        return [it for i in range(n, len(self.rows)) for it in self.of(i)]

    def last(self, limit: int | None = None) -> list[ListItem]:
        """The last `limit` rows (all without a limit), oldest first."""
        if limit is None:
            return self.items_since(0)
        out, _at = self.before((len(self.rows), 0), limit)
        return out[-limit:]

    def before(self, at: tuple[int, int], n: int) -> tuple[list[ListItem], tuple[int, int]]:
        """At least `n` rows (whole entries, fewer at the log's start) just before the row `at`
        ((entry, its row)), oldest first, and where the first of them is."""
        e, k = at
        out: list[ListItem] = list(self.of(e)[:k]) if k else []
        parts = [out]
        count = len(out)
        while count < n and e > 0:
            e -= 1
            rows = self.of(e)
            parts.append(rows)
            count += len(rows)
        return [it for rows in reversed(parts) for it in rows], (e, 0)


LOG_FIRST_ROWS = 40  # a seat's log shown anew: its newest rows at once (more than the panel shows)
LOG_GROW_ROWS = 30  # then older rows a frame, up to LOG_PANEL_ROWS (`LogPanel.grow`)
LOG_PANEL_ROWS = 600  # the log panel shows the newest rows; the full log (L) shows every one


class LogPanel(Panel):
    """The game's events as sentences, newest at the bottom, for the seat shown; the button in
    its title row (or the L key) opens the whole log (`scenes/log_view.py`)."""

    def __init__(self, on_pick=None, on_full=None):
        """`on_pick(n)`: a line was clicked; n = the number of log entries up to and with it.
        `on_full()`: the "Full log" button was clicked."""
        super().__init__(title=_("Log"))
        self.on_pick = on_pick
        self.on_full = on_full
        self.list = self.add(
            ScrollList(
                clickable=on_pick is not None,
                size_key="small",
                stick_to_bottom=True,
                boxed=False,
                on_pick=lambda it: self.on_pick(it.payload) if self.on_pick else None,
            )
        )
        self.btn_full = self.add(
            Button(
                _("Full log (L)"),
                lambda: self.on_full and self.on_full(),
                size_key="small",
                kind="sans",
                name="full_log",
                tooltip=Tip(_("Full log"), _("Every event of the game, in a big window (L).")),
            )
        )
        self._key = None
        self.game = None
        self.seat = "public"
        self._rows: dict[str, LogRows] = {}  # per seat, for the game shown
        self._shown: tuple | None = None  # (seat, entries) the list holds the rows of
        self._older: tuple[int, int] | None = None  # (entry, row) of the list's first row, older rows to add

    def rows_for(self, game, seat: str) -> LogRows:
        """The game's log rows for a seat, up to date (the full log view uses them too)."""
        if self.game is not game:
            self._rows = {}
            self._shown = self._older = None
            self.game = game
        rows = self._rows.get(seat)
        if rows is None:
            rows = self._rows[seat] = LogRows(game, seat)
        if not rows.sync() and self._shown is not None and self._shown[0] == seat:
            self._shown = None  # rows shown were dropped or changed: the list is made again
        return rows

    def refresh(self, game, seat: str) -> None:
        key = (id(game), len(game.log), id(game.state), seat)
        if key == self._key:
            return
        self._key = key
        rows = self.rows_for(game, seat)
        self.seat = seat
        shown = self._shown
        if shown is not None and shown[0] == seat and shown[1] <= len(rows.rows):
            self.list.extend_items(rows.items_since(shown[1]), keep=LOG_PANEL_ROWS)
        else:  # the newest rows now, the older ones over the next frames (`grow`)
            items, self._older = rows.before((len(rows.rows), 0), LOG_FIRST_ROWS)
            self.list.set_items(items[-LOG_PANEL_ROWS:])
        self._shown = (seat, len(rows.rows))
        self.grow(0)

    @property
    def growing(self) -> bool:
        """Whether older rows are still to be added at the list's top (`grow`)."""
        return self._older is not None

    def grow(self, n: int = LOG_GROW_ROWS) -> bool:
        """Add about `n` older rows at the list's top (the scene calls it every frame), up to
        LOG_PANEL_ROWS in all, the rows in view left where they are; True while rows are
        left to add. A seat's log shown anew (the public view at the end of a game) makes and
        lays out its newest rows in the frame, not all 600."""
        at, room = self._older, LOG_PANEL_ROWS - len(self.list.items)
        if at is None or at == (0, 0) or room <= 0 or self._shown is None:
            self._older = None
            return False
        if n > 0:
            items, at = self._rows[self._shown[0]].before(at, min(n, room))
            self.list.prepend_items(items[-room:])
            self._older = at if len(items) < room else None
        return self._older is not None and self._older != (0, 0)

    def title_height(self, theme) -> int:  # a smaller heading than other panels': room for lines
        return res.font("serif_bold", theme.body).get_linesize() + theme.px(4)

    def draw(self, surface, theme):
        title, self.title = self.title, ""
        try:
            super().draw(surface, theme)
        finally:
            self.title = title
        img = res.text(self.title, "serif_bold", theme.body, T.BRASS_LIGHT)
        surface.blit(img, (self.rect.x + theme.pad, self.rect.y + theme.px(3)))

    def min_height(self, theme, lines: int = LOG_MIN_LINES, width: int | None = None) -> int:
        """The height that shows the newest `lines` lines of the log, whole, under the title
        (in a panel `width` wide, default this one's)."""
        w = None if width is None else width - 2 * theme.pad
        return self.title_height(theme) + theme.pad + self.list.height_for_last(theme, lines, w) + theme.px(2)

    def visible_lines(self) -> int:
        """Lines of text wholly in view now (after a draw)."""
        return self.list.visible_lines()

    def visible_rows(self) -> int:
        """How many rows are wholly inside the list's rectangle now (after a draw)."""
        return self.list.visible_rows()

    def layout(self, theme):
        self.list.rect = self.content_rect(theme)
        self.btn_full.visible = self.on_full is not None
        th = self.title_height(theme)
        f = res.font("sans", theme.small)
        bw = f.size(self.btn_full.text)[0] + theme.px(14)
        self.btn_full.rect = pygame.Rect(
            self.rect.right - theme.pad - bw, self.rect.y + theme.px(2), bw, max(theme.px(16), th - theme.px(3))
        )
