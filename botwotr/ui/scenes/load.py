"""The load screen: every game in the saves folder (autosaves and saved copies), newest first, each
with its scenario, mode, turn, players, date and a small picture of the position; open or delete
(with a confirmation).

The pictures are drawn by the export renderer (`render_position`, public view: no hand and no
face-down token is ever shown) and cached as PNG files in the cache folder
(`<cache>/thumbnails/`), keyed by the file's name and a hash of its contents, so a save is
replayed again only when it changes; pictures of files that are gone are removed. One file is read per
frame, so the screen never waits for a long list.

Hidden files (previous copies, temporary files) are not listed. A dangling or looping link, a
FIFO, a folder or an unreadable file named `*.json` is listed greyed out with the reason, and
cannot be opened (a link or a FIFO can still be deleted).
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ... import catalog
from ...persistence import autosave as autosaves
from ...persistence.save import SaveError
from .. import resources as res
from .. import theme as T
from ..i18n import _
from ..logtext import side_title
from ..widgets import Button, Label, Panel, Tip, Widget, wrap_text
from .base import Scene

THUMB_SIZE = (240, 135)  # the cached picture, pixels
RENDER_SIZE = (1280, 720)  # the position is drawn at this size, then the board is cut out and scaled


@dataclass
class Info:
    """What the list shows of one file (kept in the cache beside the picture)."""

    scenario: str = ""
    mode: str = ""
    turn: int = 0
    moves: int = 0
    players: dict = field(default_factory=dict)
    winner: str | None = None
    problem: str | None = None
    origin: dict | None = None  # a "what if" branch: {"source": save name, "entry": N}


def _key(entry) -> str | None:
    """The cache key of a regular file: its name and contents (so marking a game as the most
    recently played, which changes only its date, keeps its picture)."""
    try:
        data = entry.path.read_bytes()
    except OSError:
        return None
    h = hashlib.sha1(entry.path.name.encode("utf-8", "surrogateescape") + b"\0" + data)
    return h.hexdigest()[:24]


class ThumbnailCache:
    def __init__(self, folder: Path):
        self.folder = folder

    def get(self, key: str) -> tuple[Info, pygame.Surface | None] | None:
        try:
            data = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
            info = Info(**data)
        except (OSError, ValueError, TypeError):
            return None
        pic = None
        if info.problem is None:
            try:
                pic = pygame.image.load(str(self.folder / f"{key}.png"))
            except (pygame.error, OSError, FileNotFoundError):
                return None
        return info, pic

    def put(self, key: str, info: Info, pic: pygame.Surface | None) -> None:
        from ...persistence.save import atomic_write
        from ..png import save_png

        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            if pic is not None:
                save_png(pic, self.folder / f"{key}.png")
            atomic_write(self.folder / f"{key}.json", json.dumps(info.__dict__))
        except (OSError, pygame.error):
            pass  # no cache: the picture is made again next time

    def prune(self, keep: set[str]) -> None:
        """Remove the cached pictures of files that are gone or changed."""
        try:
            names = os.listdir(self.folder)
        except OSError:
            return
        for n in names:
            stem, _dot, ext = n.partition(".")
            if ext in ("png", "json") and len(stem) == 24 and stem not in keep:
                try:
                    os.unlink(self.folder / n)
                except OSError:
                    pass


def describe(game) -> Info:
    st = game.state
    opts = st.get("options") or {}
    mode = _("Companion") if opts.get("companion") else _("Hotseat")
    if opts.get("physical_cards"):
        mode += " " + _("(physical cards)")
    players = {"fp": _("Player 1"), "sh": _("Player 2"), **(opts.get("players") or {})}
    return Info(
        scenario=game.spec.name,
        mode=mode,
        turn=int(st.get("turn") or 0),
        moves=max(0, len(game.log) - 1),
        players=players,
        winner=st.get("winner"),
        origin=getattr(game, "origin", None),
    )


def picture(game) -> pygame.Surface:
    """The board of the current position (public view), scaled to THUMB_SIZE."""
    from ..layouts import layout_for
    from ..render import render_position
    from ..theme import Theme

    w, h = RENDER_SIZE
    surf = render_position(game, game.spec, layout_for(game.spec), RENDER_SIZE, "public")
    theme = Theme.for_size(w, h)
    bar = theme.px(40)
    board = surf.subsurface(pygame.Rect(0, bar, w - theme.sidebar_width, h - bar)).copy()
    bw, bh = board.get_size()
    k = min(THUMB_SIZE[0] / bw, THUMB_SIZE[1] / bh)
    return pygame.transform.smoothscale(board, (max(1, int(bw * k)), max(1, int(bh * k))))


class Row:
    def __init__(self, entry):
        self.entry = entry
        self.key = _key(entry) if entry.problem is None else None
        self.info: Info | None = None if entry.problem is None else Info(problem=entry.problem)
        self.pic: pygame.Surface | None = None

    @property
    def ready(self) -> bool:
        return self.info is not None

    @property
    def openable(self) -> bool:
        return self.entry.problem is None and (self.info is None or self.info.problem is None)

    def title(self) -> str:
        if self.entry.autosave:
            when = autosaves.started(self.entry.path)
            return _("Game started {date}").format(date=when.strftime("%Y-%m-%d %H:%M")) if when else _("Autosave")
        return self.entry.path.stem


class GameList(Widget):
    """Rows with a picture; a click selects, a click on the selected row opens it; wheel scrolls.
    Nothing is selected at first (Up/Down select from the keyboard)."""

    def __init__(self, scene):
        super().__init__()
        self.scene = scene
        self.rows: list[Row] = []
        self.selected: int | None = None
        self.scroll = 0
        self._pressed: int | None = None
        self.theme = None

    def row_height(self, t) -> int:
        return t.px(THUMB_SIZE[1] * 0.75) + 2 * t.px(8)

    def row_rect(self, i: int) -> pygame.Rect:
        t = self.scene.theme
        rh = self.row_height(t)
        return pygame.Rect(self.rect.x, self.rect.y + i * (rh + t.px(6)) - self.scroll, self.rect.w - t.px(10), rh)

    @property
    def max_scroll(self) -> int:
        t = self.scene.theme
        total = len(self.rows) * (self.row_height(t) + t.px(6))
        return max(0, total - self.rect.h)

    def index_at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        for i in range(len(self.rows)):
            if self.row_rect(i).collidepoint(pos):
                return i
        return None

    def scroll_to(self, i: int) -> None:
        r = self.row_rect(i)
        if r.y < self.rect.y:
            self.scroll -= self.rect.y - r.y
        elif r.bottom > self.rect.bottom:
            self.scroll += r.bottom - self.rect.bottom
        self.scroll = max(0, min(self.max_scroll, self.scroll))

    def handle_event(self, ev) -> bool:
        super().handle_event(ev)
        if ev.type == pygame.MOUSEWHEEL and self.hover:
            self.scroll = max(0, min(self.max_scroll, self.scroll - ev.y * self.scene.theme.row * 2))
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1 and self.rect.collidepoint(ev.pos):
            self._pressed = self.index_at(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and self._pressed is not None:
            i, self._pressed = self._pressed, None
            if self.index_at(ev.pos) == i:
                if self.selected == i:
                    self.scene.open_selected()
                else:
                    self.selected = i
                    self.scene.selection_changed()
            return True
        return False

    def draw(self, surface, t):
        pad = t.px(8)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        hover = self.index_at(self.scene.app.mouse) if self.hover else None
        tw, th = t.px(THUMB_SIZE[0] * 0.75), t.px(THUMB_SIZE[1] * 0.75)
        for i, row in enumerate(self.rows):
            r = self.row_rect(i)
            if r.bottom < self.rect.y or r.y > self.rect.bottom:
                continue
            sel = i == self.selected
            bg = (96, 78, 50) if sel else (T.BUTTON_HOVER if i == hover else T.BG_PANEL_2)
            pygame.draw.rect(surface, bg, r, border_radius=t.px(6))
            if sel:
                pygame.draw.rect(surface, T.BRASS_LIGHT, r, width=max(1, t.px(2)), border_radius=t.px(6))
            box = pygame.Rect(r.x + pad, r.y + pad, tw, th)
            pygame.draw.rect(surface, (24, 20, 16), box)
            if row.pic is not None:
                pic = row.pic
                k = min(tw / pic.get_width(), th / pic.get_height())
                img = res_scaled(pic, (max(1, int(pic.get_width() * k)), max(1, int(pic.get_height() * k))))
                surface.blit(img, img.get_rect(center=box.center))
            else:
                word = _("reading…") if row.info is None else _("no picture")
                img = res.text(word, "sans", t.small, T.TEXT_DIM)
                surface.blit(img, img.get_rect(center=box.center))
            pygame.draw.rect(surface, (20, 16, 12), box, width=1)
            x = box.right + t.px(14)
            width = r.right - x - pad
            y = r.y + pad
            title = res.text(row.title(), "serif_bold", t.heading, T.BRASS_LIGHT if row.openable else T.TEXT_DIM)
            surface.blit(title, (x, y), area=pygame.Rect(0, 0, width, title.get_height()))
            y += title.get_height() + t.px(2)
            for ln, col in self.scene.row_lines(row):
                for part in wrap_text(ln, res.font("sans", t.body), width)[:2]:
                    img = res.text(part, "sans", t.body, col)
                    surface.blit(img, (x, y))
                    y += img.get_height()
        surface.set_clip(clip)
        if self.max_scroll > 0:
            h = max(t.px(20), self.rect.h * self.rect.h // (self.rect.h + self.max_scroll))
            y = self.rect.y + (self.rect.h - h) * self.scroll // max(1, self.max_scroll)
            pygame.draw.rect(surface, T.BRASS, (self.rect.right - t.px(5), y, t.px(4), h), border_radius=t.px(2))


_scaled: dict = {}


def res_scaled(pic, size):
    key = (id(pic), size)
    img = _scaled.get(key)
    if img is None:
        if len(_scaled) > 200:
            _scaled.clear()
        img = _scaled[key] = pygame.transform.smoothscale(pic, size)
    return img


class LoadScene(Scene):
    def __init__(self, app, current=None):
        """`current`: the `GameScene` being played, when opened from the in-game menu."""
        super().__init__(app)
        self.current = current
        self.panel = self.root.add(Panel(title=_("Load a game")))
        self.list = self.panel.add(GameList(self))
        self.btn_open = self.panel.add(Button(_("Open"), self.open_selected, icon="check-mark", name="open"))
        self.btn_review = self.panel.add(
            Button(
                _("Review"),
                self.review_selected,
                name="review",
                tooltip=Tip(_("Review"), _("Step through this game turn by turn, or play on from any moment.")),
            )
        )
        self.btn_delete = self.panel.add(
            Button(
                _("Delete…"),
                self.ask_delete,
                name="delete",
                tooltip=Tip(_("Delete"), _("Remove the file from the saves folder (you are asked first).")),
            )
        )
        self.btn_back = self.panel.add(Button(_("Back"), app.pop, name="back"))
        self.lbl_empty = self.panel.add(
            Label(
                _("No saved games yet. Every game you start gets its own autosave."), color=T.TEXT_DIM, align="center"
            )
        )
        # the delete confirmation
        self.confirm = Panel(title=_("Delete this game?"), bg=(60, 40, 34))
        self.lbl_confirm = self.confirm.add(Label("", color=T.TEXT))
        self.btn_yes = self.confirm.add(Button(_("Delete"), self.do_delete, icon="cancel", name="yes"))
        self.btn_no = self.confirm.add(Button(_("Keep it"), self.cancel_delete, name="no"))
        self.confirm.visible = False
        self.cache = ThumbnailCache(Path(getattr(app, "cache_dir", app.home / "cache")) / "thumbnails")
        self.notes: list[str] = []
        self.problem = ""
        self.refresh()

    # -- the list -----------------------------------------------------------------------------
    def refresh(self) -> None:
        entries, self.notes = autosaves.listing(self.app.home)
        old = {r.entry.path: r for r in self.list.rows}
        rows = []
        for e in entries:
            row = Row(e)
            prev = old.get(e.path)
            if prev is not None and prev.key == row.key and prev.ready:
                row.info, row.pic = prev.info, prev.pic
            elif row.key is not None:
                hit = self.cache.get(row.key)
                if hit is not None:
                    row.info, row.pic = hit
            rows.append(row)
        self.list.rows = rows
        self.cache.prune({r.key for r in rows if r.key})
        if self.list.selected is not None and self.list.selected >= len(rows):
            self.list.selected = len(rows) - 1 if rows else None
        self.selection_changed()

    def is_current(self, row: Row) -> bool:
        if self.current is None:
            return False
        slot = autosaves.slot_of(self.current.game)
        return slot is not None and slot == row.entry.path

    def row_lines(self, row: Row) -> list[tuple[str, tuple]]:
        when = _dt.datetime.fromtimestamp(row.entry.mtime).strftime("%Y-%m-%d %H:%M") if row.entry.mtime else ""
        info = row.info
        if info is None:
            return [(row.entry.path.name, T.TEXT_DIM), (when, T.TEXT_DIM)]
        if info.problem:
            return [
                (row.entry.path.name, T.TEXT_DIM),
                (_("Cannot be opened: {why}").format(why=info.problem), (255, 150, 130)),
            ]
        state = _("turn {turn}, {moves} moves").format(turn=info.turn, moves=info.moves)
        if info.winner:
            state += " · " + _("won by the {side}").format(side=side_title(info.winner))
        players = _(" vs ").join(f"{name} ({side_title(side)})" for side, name in sorted(info.players.items()))
        if isinstance(info.origin, dict) and info.origin.get("source"):
            players += " · " + _("what if: from {source}, move {n}").format(
                source=info.origin["source"], n=info.origin.get("entry", "?")
            )
        kind = _("autosave, last played {date}") if row.entry.autosave else _("saved copy, {date}")
        tail = kind.format(date=when) + (" · " + _("the game you are playing") if self.is_current(row) else "")
        return [(f"{info.scenario} · {info.mode} · {state}", T.TEXT), (players, T.TEXT), (tail, T.TEXT_DIM)]

    def selected_row(self) -> Row | None:
        i = self.list.selected
        return self.list.rows[i] if i is not None and 0 <= i < len(self.list.rows) else None

    def selection_changed(self) -> None:
        row = self.selected_row()
        self.btn_open.enabled = bool(row and row.openable)
        self.btn_review.enabled = bool(row and row.openable)
        self.btn_delete.enabled = bool(row and row.entry.deletable and not self.is_current(row))
        self.btn_delete.tooltip = (
            Tip(_("Delete"), _("This is the game you are playing."))
            if (row and self.is_current(row))
            else Tip(_("Delete"), _("Remove the file from the saves folder (you are asked first)."))
        )
        self.lbl_empty.visible = not self.list.rows

    def make_next_picture(self) -> bool:
        """Read one file that has no cached picture yet; False when none is left."""
        for row in self.list.rows:
            if row.ready:
                continue
            try:
                game = autosaves.load_path(row.entry.path, catalog.spec_for)
            except SaveError as e:
                row.info = Info(problem=str(e).replace(str(row.entry.path) + ": ", ""))
            else:
                row.info = describe(game)
                try:
                    row.pic = picture(game)
                except Exception as e:  # noqa: BLE001 - no picture is no reason to lose the list
                    row.pic = None
                    print(f"botwotr: no picture of {row.entry.path}: {type(e).__name__}: {e}")
            if row.key:
                self.cache.put(row.key, row.info, row.pic)
            self.selection_changed()
            return True
        return False

    # -- actions ------------------------------------------------------------------------------
    def open_selected(self) -> None:
        row = self.selected_row()
        if row is None or not row.openable:
            return
        if self.is_current(row):  # the game being played: back to it
            self._back_to_current()
            return
        try:
            game = autosaves.load_path(row.entry.path, catalog.spec_for)
        except SaveError as e:
            self.problem = str(e)
            row.info = Info(problem=str(e).replace(str(row.entry.path) + ": ", ""))
            self.selection_changed()
            return
        if self.current is not None:
            self.current.autosave()  # (already written after its last move; this changes nothing then)
        from .menu import open_game

        open_game(self.app, game, replace_all=True)

    def review_selected(self) -> None:
        """Review mode for the selected save (scenes/review.py); the file is only read."""
        row = self.selected_row()
        if row is None or not row.openable:
            return
        try:
            game = autosaves.load_path(row.entry.path, catalog.spec_for)
        except SaveError as e:
            self.problem = str(e)
            row.info = Info(problem=str(e).replace(str(row.entry.path) + ": ", ""))
            self.selection_changed()
            return
        from .review import open_review

        open_review(self.app, game, source=row.entry.path.name)

    def _back_to_current(self) -> None:
        while self.app.scene is not self.current and len(self.app.scenes) > 1:
            self.app.pop()

    def ask_delete(self) -> None:
        row = self.selected_row()
        if row is None or not row.entry.deletable or self.is_current(row):
            return
        what = (
            _("the autosave of this game")
            if row.entry.autosave
            else _("the saved copy “{name}”").format(name=row.entry.path.stem)
        )
        self.lbl_confirm.text = _(
            "Delete {what} ({file})? It is removed from the saves folder and cannot be brought back."
        ).format(what=what, file=row.entry.path.name)
        self.confirm.visible = True
        self.layout()

    def cancel_delete(self) -> None:
        self.confirm.visible = False

    def do_delete(self) -> None:
        row = self.selected_row()
        self.confirm.visible = False
        if row is None:
            return
        try:
            autosaves.delete(row.entry.path)
        except OSError as e:
            self.problem = _("{file} could not be deleted: {why}").format(file=row.entry.path.name, why=e)
            return
        self.problem = ""
        self.refresh()

    # -- scene interface ----------------------------------------------------------------------
    def handle_event(self, ev):
        if self.confirm.visible:
            if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
                self.cancel_delete()
            elif ev.type == pygame.KEYDOWN and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.do_delete()
            else:
                self.confirm.handle_event(ev)
            return  # nothing else while the question is open
        if ev.type == pygame.KEYDOWN:
            n = len(self.list.rows)
            if ev.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if ev.key in (pygame.K_DOWN, pygame.K_UP) and n:
                i = self.list.selected if self.list.selected is not None else -1
                i = max(0, min(n - 1, i + (1 if ev.key == pygame.K_DOWN else -1)))
                self.list.selected = i
                self.list.scroll_to(i)
                self.selection_changed()
                return
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.open_selected()
                return
            if ev.key == pygame.K_DELETE:
                self.ask_delete()
                return
        self.root.handle_event(ev)

    def update(self, dt):
        super().update(dt)
        self.make_next_picture()

    def layout(self):
        t = self.theme
        w, h = self.app.size
        pw, ph = min(w - t.px(60), t.px(900)), h - t.px(80)
        self.panel.rect = pygame.Rect((w - pw) // 2, t.px(40), pw, ph)
        c = self.panel.content_rect(t)
        foot = t.row + t.px(8)
        note_h = res.font("sans", t.small).get_linesize() * 2
        self.list.rect = pygame.Rect(c.x, c.y, c.w, c.h - foot - t.pad - note_h)
        self.lbl_empty.rect = pygame.Rect(c.x, c.y + t.px(40), c.w, 10)
        self.lbl_empty.rect.h = self.lbl_empty.fit_height(t)
        bw = t.px(150)
        y = c.bottom - foot
        self.btn_open.rect = pygame.Rect(c.x, y, bw, foot)
        self.btn_review.rect = pygame.Rect(c.x + bw + t.px(10), y, bw, foot)
        self.btn_delete.rect = pygame.Rect(c.x + 2 * (bw + t.px(10)), y, bw, foot)
        self.btn_back.rect = pygame.Rect(c.right - bw, y, bw, foot)
        self.note_y = self.list.rect.bottom + t.px(4)
        cw = min(w - t.px(80), t.px(560))
        self.confirm.rect = pygame.Rect((w - cw) // 2, 0, cw, 10)
        inner = cw - 4 * t.pad
        self.lbl_confirm.rect = pygame.Rect(self.confirm.rect.x + 2 * t.pad, 0, inner, 10)
        lh = self.lbl_confirm.fit_height(t)
        ch = self.confirm.title_height(t) + t.pad + lh + t.px(16) + foot + t.pad * 2
        self.confirm.rect.h = ch
        self.confirm.rect.y = (h - ch) // 2
        self.lbl_confirm.rect.y = self.confirm.rect.y + self.confirm.title_height(t) + t.pad
        self.lbl_confirm.rect.h = lh
        half = (inner - t.px(10)) // 2
        by = self.lbl_confirm.rect.bottom + t.px(16)
        self.btn_yes.rect = pygame.Rect(self.lbl_confirm.rect.x, by, half, foot)
        self.btn_no.rect = pygame.Rect(self.lbl_confirm.rect.x + half + t.px(10), by, half, foot)

    def draw(self, surface):
        surface.fill(T.BG)
        t = self.theme
        super().draw(surface)
        notes = list(self.notes)
        bad = sum(1 for r in self.list.rows if not r.openable)
        if bad:
            notes.append(_("{n} file(s) cannot be opened; they are shown greyed out with the reason.").format(n=bad))
        if self.problem:
            notes.insert(0, self.problem)
        y = self.note_y
        for ln in notes[:2]:
            col = (255, 150, 130) if ln == self.problem else T.TEXT_DIM
            img = res.text(ln[:160], "sans", t.small, col)
            surface.blit(img, (self.list.rect.x, y))
            y += img.get_height()
        if self.confirm.visible:
            veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            veil.fill((10, 8, 6, 170))
            surface.blit(veil, (0, 0))
            self.confirm.draw(surface, t)
            pygame.draw.rect(surface, T.DANGER, self.confirm.rect, width=max(1, t.px(2)), border_radius=t.px(6))
