"""Hotseat secrecy as a property over whole games (R-15): bots play through the real game scene,
every frame is drawn at 1280x720, and every piece of text and every card face drawn on it is
recorded. Nothing secret to a seat may be on a frame while the other seat may be at the screen.

Who may be at the screen is modelled here, independently of the scene:
- after any input from seat X (a command, a confirmation on a covered screen, an undo request or
  an answer to one) the person at the screen is X; before the first input, anyone;
- while a public decision of Y is pending (a roll, casualties, fight on...), Y may be at the
  screen too (X may have handed it over, or not);
- a covered screen ("Hand the screen to ...") may be in front of either player, so nothing
  secret may be drawn under it at all.

A seat's secrets: the title, text and face of every card in its hand (and of its combat card
before the cards are revealed), every log line its own log has that the public log has not (the
cards it drew), and its secret tactic or combat card choice panel (tiles "tactic:<seat>:...").

Besides the bots' commands, at a seeded sample of moments the player at the screen does what a
player may do without moving (the `Probe`s): points at everything that has a tooltip (every
distinct tooltip the scene offers, found by asking the scene along a grid over the window and at
every piece, track and region, then hovered with a real mouse motion and drawn), opens the Edit
board mode and walks its pages, the in-game menu, the help overlay, the full log (L), looks back
from a log line, and presses Picture. Every tooltip drawn is checked like any other text. While
the board is edited in hotseat (or with tracked cards) both players may be at the screen: they
agree on the edits together; after it, nobody in particular until the next input.

`bench/secrecy.py` runs the same check over 50 games (and Gondor, and companion mode).
"""
from __future__ import annotations

import os
import random
import re
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

SIDES = ("fp", "sh")
PUBLIC_KINDS_NOTE = "decisions whose panel shows nothing hidden; every other kind is private"
PRIVATE_KINDS = {"action", "discard", "tactic", "combat_card"}
MIN_FRAGMENT = 24  # a drawn piece of a card text or log line this long counts as that text
SECRET_TILES = ("tactic", "card")
# Companion mode: the tactic tokens are picked and revealed at the table before the client asks
# for both (one panel), so a tactic panel there is not a secret; a combat card panel shows the hand.
COMPANION_PRIVATE_KINDS = PRIVATE_KINDS - {"tactic"}
COMPANION_SECRET_TILES = ("card",)  # the tiles of a secret tactic or combat card choice: "tactic:fp:regroup"
PROBES = ("edit", "menu", "help", "log", "look_back", "picture")
_UI_MESSAGES: dict = {}  # language: messages


def ui_messages() -> set:
    """The window's own messages as drawn in the language now (every `_()` string of the
    catalogue): a drawn text that is one of them whole is the window speaking, not a piece of a
    secret text that happens to read the same ("Shadow leadership tokens", a board tooltip's
    heading, is also the middle of a Gondor card's text)."""
    from babel.messages.pofile import read_po

    from botwotr.ui.i18n import _, language

    lang = language()
    if lang not in _UI_MESSAGES:
        root = os.path.join(os.path.dirname(__file__), "..", "..", "botwotr", "ui", "locale", "botwotr.pot")
        with open(root, "rb") as fh:
            ids = [m.id for m in read_po(fh) if m.id and isinstance(m.id, str)]
        _UI_MESSAGES[lang] = {_(i) for i in ids}
    return _UI_MESSAGES[lang]


class Recorder:
    """Records every text rendered (`resources.text`) and every card face painted while installed."""

    def __init__(self):
        self.texts: list[str] = []
        self.faces: list[str] = []
        self.tiles: list[str] = []
        self.tips = 0  # tooltips drawn
        self._undo = []

    def install(self):
        from botwotr.ui import resources as res
        from botwotr.ui.decisions import base as dbase
        orig_text = res.text

        def text(s, *a, **k):
            self.texts.append(s)
            return orig_text(s, *a, **k)

        self._patch(res, "text", text)
        orig_tile_draw = dbase.Tile.draw

        def tile_draw(tile, surface, theme):
            if tile.visible:
                self.tiles.append(tile.name)
            return orig_tile_draw(tile, surface, theme)

        self._patch(dbase.Tile, "draw", tile_draw)
        orig_painter = dbase.card_painter

        def card_painter(spec, card, *a, **k):
            paint = orig_painter(spec, card, *a, **k)

            def recorded(surface, *pa, **pk):
                self.faces.append(card)
                return paint(surface, *pa, **pk)
            return recorded

        from botwotr.ui import widgets
        orig_tooltip = widgets.draw_tooltip

        def draw_tooltip(surface, theme, pos, tip, *a, **k):
            self.tips += 1
            self.texts += [x for x in (tip.title, tip.body, *tip.lines) if x]
            return orig_tooltip(surface, theme, pos, tip, *a, **k)

        try:
            from botwotr.ui import outcomes
            orig_draw = outcomes.draw_card

            def draw_card(surface, rect, spec, card, *a, **k):
                self.faces.append(card)
                return orig_draw(surface, rect, spec, card, *a, **k)
        except ImportError:  # pragma: no cover
            outcomes, orig_draw = None, None
        for name, mod in list(sys.modules.items()):
            if not name.startswith("botwotr.ui") or mod is None:
                continue
            if getattr(mod, "card_painter", None) is orig_painter:
                self._patch(mod, "card_painter", card_painter)
            if orig_draw is not None and getattr(mod, "draw_card", None) is orig_draw:
                self._patch(mod, "draw_card", draw_card)
            if getattr(mod, "draw_tooltip", None) is orig_tooltip:  # the tooltip boxes are cached: record the tips
                self._patch(mod, "draw_tooltip", draw_tooltip)
        return self

    def _patch(self, mod, name, value):
        self._undo.append((mod, name, getattr(mod, name)))
        setattr(mod, name, value)

    def uninstall(self):
        for mod, name, value in reversed(self._undo):
            setattr(mod, name, value)
        self._undo.clear()

    def take(self):
        t, f, n = self.texts, self.faces, self.tiles
        self.texts, self.faces, self.tiles = [], [], []
        return t, f, n


class Secrets:
    """What each seat holds secret at a moment of the game, and what its log tells it alone."""

    def __init__(self, game):
        self.game = game
        self._log_n = 0
        self.entering: dict = {}  # companion mode: cards a side entered in the outcome dialog, not yet played
        # companion mode: another side's generic cards offered, this frame, among every card the
        # drawing side cannot rule out (a generic draw's grid): not secrets of that frame
        self.offered_alike: set = set()
        self._private_lines: list[dict] = []  # per log entry: {side: [lines only that side reads]}
        self._other_text: dict = {}

    def _log_lines(self):
        from botwotr.ui.logtext import log_entries
        g = self.game
        if len(g.log) < self._log_n:
            del self._private_lines[len(g.log):]
            self._log_n = len(g.log)
        if len(g.log) > self._log_n:
            per = {s: {} for s in (*SIDES, "public")}
            for s in per:
                for i, _k, line in log_entries(g, s, self._log_n):
                    per[s].setdefault(i, []).append(line)
            for i in range(self._log_n, len(g.log)):
                pub = per["public"].get(i, [])
                self._private_lines.append({s: [x for x in per[s].get(i, []) if x not in pub] for s in SIDES})
            self._log_n = len(g.log)
        return self._private_lines

    def of(self, side: str) -> tuple[set, list[str], list[str]]:
        """(hidden card ids, their titles, long secret strings: card texts and private log lines)"""
        from botwotr.ui.logtext import card_name
        st = self.game.state
        spec = self.game.spec
        cards = {c for c in st["sides"][side]["hand"] if c in spec.cards} | set(self.entering.get(side, ()))
        cards -= self.offered_alike
        b = st.get("battle")
        if b and not b.get("cards_revealed") and (b.get("card") or {}).get(side) in spec.cards:
            cards.add(b["card"][side])
        titles, texts = set(), []
        for c in cards:
            cs = spec.cards[c]
            titles |= {cs.title, card_name(spec, c)}
            texts += [t for t in (cs.text, cs.combat_title, cs.combat_text) if t]
        for entry in self._log_lines():
            texts += entry[side]
        return cards, sorted(t for t in titles if t), texts

    def others_know(self, side: str, s: str) -> bool:
        """Whether a drawn string is also something the other seat may read: a line of its own log
        (a card seen before, a sentence that ends the same way as one about its own draw)."""
        g = self.game
        from botwotr.ui.logtext import log_lines
        seat = "sh" if side == "fp" else "fp"
        if self._other_text.get(seat, (None,))[0] != len(g.log):
            self._other_text[seat] = (len(g.log), [line for _i, line in log_lines(g, seat)])
        return any(s in line for line in self._other_text[seat][1])


def leaks(game, secrets: Secrets, texts, faces, tiles, viewers: set, secret_tiles=SECRET_TILES) -> list[str]:
    """Every secret of a seat on the frame while another seat may be looking."""
    from botwotr.ui.i18n import _
    found = []
    spec = game.spec
    unseen = " · " + _("not seen (a deck or a hand)")
    for side in SIDES:
        if not (viewers - {side}):
            continue
        cards, titles, long_texts = secrets.of(side)
        # texts anyone may read: the other cards', the characters' abilities, the positions' actions
        others = [x for c, cs in spec.cards.items() if c not in cards for x in (cs.text, cs.combat_text) if x]
        others += [x for ch in spec.characters.values() for x in (ch.ability_text, ch.entry_text) if x]
        others += [ps.action_text for ps in spec.positions.values() if ps.action_text]
        for c in faces:
            if c in cards:
                found.append(f"the face of {side} card {c}")
        for n in tiles:
            if n.split(":")[:2] in ([k, side] for k in secret_tiles):
                found.append(f"the {side} secret choice panel ({n})")
        drawn = set(texts)
        ui = ui_messages()
        for s in drawn:
            for t in titles:
                if (t + unseen).startswith(s) and len(s) > len(t):
                    continue  # a row of the Edit board's Cards page (perhaps wrapped): "not seen" tells nothing
                if re.search(r"(?<!\w)" + re.escape(t) + r"(?!\w)", s) and not secrets.others_know(side, t):
                    found.append(f"{side} card title {t!r} in {s!r}")
            for t in long_texts:
                # a drawn piece of a secret text, or a secret text inside a longer drawn line (a tooltip)
                part = s if s in t and len(s) >= MIN_FRAGMENT and s not in ui else \
                    t if t in s and len(t) >= MIN_FRAGMENT else None
                if part is not None and not any(part in o for o in others) \
                        and not secrets.others_know(side, part):
                    found.append(f"{side} secret text {part!r}")
                    break
    return found


class Harness:
    """A hotseat game in the real scene, driven by bots through the scene's own offers."""

    def __init__(self, spec, seed: int, home, bots="greedy", mode="hotseat", options=None,
                 undo_rate=0.0, load_at=None, probe_rate=0.0, probes=PROBES):
        from botwotr.core import Game
        from botwotr.core.bots import BOTS
        from botwotr.ui.app import App, StepClock
        from botwotr.ui.scenes.game import GameScene
        self.app = App(size=(1280, 720), clock=StepClock(1 / 60), home=home, resizable=False)
        self.game = Game.new(spec, seed=seed, options=options)
        self.scene = GameScene(self.app, self.game, mode=mode)
        self.app.push(self.scene)
        self.mode = mode
        self.private_kinds = PRIVATE_KINDS if mode == "hotseat" else COMPANION_PRIVATE_KINDS
        self.secret_tiles = SECRET_TILES if mode == "hotseat" else COMPANION_SECRET_TILES
        self.bots = {s: BOTS[bots](seed * 2 + k) for k, s in enumerate(SIDES)}
        self.rng = random.Random(seed)
        self.undo_rate = undo_rate
        self.load_at = load_at
        self.probe_rate = probe_rate
        self.probes = list(probes)
        self.at_screen: str | None = None  # the model: who gave the last input
        self.together = False  # the model: both players at the screen (editing the board)
        self.secrets = Secrets(self.game)
        self.rec = Recorder()
        self.frames = 0
        self.covers = 0
        self.consents = 0
        self.undos = 0
        self.loads = 0
        self.hovers = 0  # frames drawn with the pointer resting on something that has a tooltip
        self.tips = 0  # tooltips drawn (and checked)
        self.probed: dict[str, int] = {}
        self.dialogs = 0  # companion mode: outcome dialogs answered
        self.draw_covers = 0  # companion mode: covers before a side entered the cards it drew
        self.hand_covers = 0  # companion mode: covers before a card of a hand discarded at random
        self.commands = 0
        self.found: list[str] = []

    # -- the model ----------------------------------------------------------------------
    def viewers(self) -> set:
        if self.together or self.at_screen is None or self.scene.curtain:
            return set(SIDES)  # both editing, before anyone took the screen, or under a cover: anyone
        v = {self.at_screen}
        top = self.game.state["pending"][-1] if self.game.state["pending"] else None
        if top and top["kind"] not in self.private_kinds and not self.game.state.get("winner"):
            v |= {s for s in ([top.get("side")] + list(top.get("sides") or [])) if s in SIDES}
        return v

    def frame(self, events=None):
        self.app.step(events if events is not None else [])
        self.frames += 1
        self.secrets.entering = self._entering()
        self.secrets.offered_alike = self._offered_alike()
        texts, faces, tiles = self.rec.take()
        self.tips += self.rec.tips
        self.rec.tips = 0
        bad = leaks(self.game, self.secrets, texts, faces, tiles, self.viewers(), self.secret_tiles)
        if bad:
            where = type(self.app.scene).__name__
            self.found.append(f"frame {self.frames} ({where}), log {len(self.game.log)}, at the screen "
                              f"{self.at_screen}, pending {self.game.waiting_for()}: " + "; ".join(sorted(set(bad))[:3]))

    def _offered_alike(self) -> set:
        """A generic draw's grid (tracked cards) lists every generic card the drawing side cannot
        rule out: the deck and the other side's unseen generic cards (its hand, its combat card not
        yet revealed), mixed and in one order. Those cards of the other side are then not secrets of
        this frame, when the grid offers every one of them (if it leaves one out, the grid itself
        tells the hand apart from the deck: that is reported as a leak)."""
        from botwotr.ui.outcomes import OutcomeDialog
        dlg = self.app.scene
        if not isinstance(dlg, OutcomeDialog) or not dlg.question().get("what", "").endswith(" generic card"):
            return set()
        side = dlg.side(dlg.question())
        if side not in SIDES:
            return set()
        st, spec = self.game.state, self.game.spec
        other = "sh" if side == "fp" else "fp"
        held = list(st["sides"][other]["hand"])
        b = st.get("battle")
        if b and not b.get("cards_revealed"):
            held.append((b.get("card") or {}).get(other))
        unseen = {c for c in held if c in spec.cards and spec.cards[c].deck == "generic"}
        offered = {c.value for c in dlg.choices}
        if set(dlg.question().get("options") or ()) <= set(st.get("discard") or ()):
            return set()  # the deck was just made again from the (public) discard pile
        missing = unseen - offered
        if missing:
            self.found.append(f"frame {self.frames}: the generic draw's grid leaves out {sorted(missing)}, "
                              f"held by {other}: it tells that hand apart from the deck")
            return set()
        return unseen

    def _entering(self) -> dict:
        """The cards entered so far in an open outcome dialog, as secrets of the side that drew
        them: the command's side (its own draw), or after a hand-over the side it was handed to."""
        from botwotr.ui.outcomes import OutcomeDialog
        dlg = self.app.scene
        if not isinstance(dlg, OutcomeDialog):
            return {}
        spec = self.game.spec
        side = dlg.cmd.get("side")
        out: dict = {}
        for i, v in enumerate(dlg.cmd.get("outcomes") or []):
            if isinstance(v, str) and v in spec.cards:
                who = dlg.handed if dlg.handed is not None and i >= dlg.handed_at else side
                out.setdefault(who, set()).add(v)
        return out

    def click(self, pos, before_release=None):
        self.frame([motion(pos), pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
        if before_release is not None:
            before_release()
        self.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)])

    def key(self, k):
        self.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])

    # -- playing ------------------------------------------------------------------------
    def run(self, max_commands: int = 400, stop_at_first=False) -> "Harness":
        self.rec.install()
        try:
            self._run(max_commands, stop_at_first)
        finally:
            self.rec.uninstall()
        return self

    def _run(self, max_commands, stop_at_first):
        from botwotr.ui.outcomes import OutcomeDialog
        commands = 0
        self.frame()
        stuck = 0
        while commands < max_commands and not self.game.state.get("winner"):
            if stop_at_first and self.found:
                break
            sc = self.app.scene
            if isinstance(sc, OutcomeDialog):  # companion mode: the players enter what came up
                self._answer(sc)
                continue
            if sc is not self.scene:
                raise AssertionError(f"the game scene was left: {sc!r} ({self.app.last_error!r})")
            cover = sc.curtain
            if cover:
                self.covers += 1
                top = self.game.state["pending"][-1] if self.game.state["pending"] else {}
                self.draw_covers += top.get("kind") == "card_draw"
                self.at_screen = cover  # the player named on the cover says it is them
                self.click(sc.btn_reveal.rect.center)
                continue
            if sc.animator.busy:
                self.key(pygame.K_SPACE)
                continue
            if self.load_at is not None and commands == self.load_at:
                self.load_at = None
                self._reload()
                continue
            legal = [c for c in sc.legal if c.get("side") in SIDES]
            if not legal:
                stuck += 1
                if stuck > 3:
                    raise AssertionError(f"nothing offered: {self.game.waiting_for()}")
                self.frame()
                continue
            stuck = 0
            if self.probe_rate and self.rng.random() < self.probe_rate:
                self._probe()
                continue
            if self.undo_rate and self.rng.random() < self.undo_rate and self.game.can_undo(force=False):
                self._undo(legal)
                continue
            from botwotr.core.bots import deciding_side
            side = deciding_side(self.game.state)
            if side not in {c["side"] for c in legal}:
                side = legal[0]["side"]
            cmd = self.bots[side].choose(self.game, [c for c in legal if c["side"] == side])
            self.at_screen = side
            assert sc.submit(cmd), f"the scene refused an offered command: {cmd}"
            commands += 1
            self.frame()
        self.commands = commands

    def _answer(self, dlg):
        """The player at the screen clicks a value that may have come up (or Confirm once all are in);
        a question behind a cover (a card of the other hand discarded at random) is for that player."""
        cover = dlg.covered_for()
        if cover:
            self.covers += 1
            self.hand_covers += 1
            self.at_screen = cover
            self.click(self.scene.btn_reveal.rect.center)
            return
        if dlg.complete:
            self.dialogs += 1
            self.click(dlg.btn_confirm.rect.center)
            return
        # what can really have come up: a generic draw's grid also offers the other side's unseen
        # cards (`_offered_alike`), which the player holding the drawn card would never enter
        q = dlg.question()
        real = set(q.get("options") or ()) if q.get("kind") == "pick" else None
        shown = [c for c in dlg.choices if c.visible and c.enabled and dlg.grid.contains(c.rect)
                 and (real is None or c.value in real)]
        if shown:
            self.click(self.rng.choice(shown).rect.center)
        elif any(c.enabled and (real is None or c.value in real) for c in dlg.choices):  # below the fold
            self.frame([motion(dlg.grid.center), pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False,
                                                                    precise_x=0.0, precise_y=-3.0)])
        else:
            raise AssertionError(f"the outcome dialog offers nothing: {dlg.need}")

    def _undo(self, legal):
        """The player at the screen presses Undo (asking the other player first when the move was theirs)."""
        sc = self.scene
        # either player who may be looking presses it
        self.at_screen = self.rng.choice(sorted(self.viewers()))
        self.undos += 1
        self.click(sc.btn_undo.rect.center)
        ask = getattr(sc, "consent", None)
        if ask:
            self.consents += 1
            # the other player answers on the covered screen: yes or no, at random
            self.frame()
            btn = sc.btn_allow if self.rng.random() < 0.7 else sc.btn_refuse
            self.at_screen = ask["side"]
            self.click(btn.rect.center)

    def _reload(self):
        """Save, load and open the game again, as a player would after a break."""
        from botwotr.persistence.save import load, save
        from botwotr.ui.scenes.game import GameScene
        path = self.app.home / "secrecy.json"
        save(self.game, path)
        spec = self.game.spec
        self.game = load(path, lambda _id: spec)
        self.secrets = Secrets(self.game)
        self.scene = GameScene(self.app, self.game, mode=self.scene.mode)
        self.app.replace(self.scene)
        self.loads += 1
        self.frame()

    # -- looking without moving (the probes) ----------------------------------------------------
    def _probe(self):
        """Point at everything, then open one of the other views (in turn) and close it again."""
        self._hover_all()
        kind = self.probes[sum(self.probed.values()) % len(self.probes)]
        self.probed[kind] = self.probed.get(kind, 0) + 1
        getattr(self, f"_probe_{kind}")()
        assert self.app.scene is self.scene, f"after the {kind} probe: {self.app.scene!r} ({self.app.last_error!r})"
        assert not self.scene.edit.active and self.scene.looking_at is None and not self.scene.show_help

    def hover(self, pos):
        """The pointer moves to pos and rests there (the clock runs past the tooltip's delay)."""
        clock = self.app.clock
        dt, clock.dt = clock.dt, 0.4
        try:
            before = self.tips
            self.frame([motion(pos)])
            self.hovers += self.tips > before
        finally:
            clock.dt = dt

    def _hover_all(self, scene=None):
        for pos in hover_targets(scene or self.app.scene):
            self.hover(pos)

    def _probe_edit(self):
        """Edit board through its toolbar button: every page, the lists scrolled through, then closed."""
        sc = self.scene
        edit = sc.edit
        self.click(edit.button.rect.center, before_release=self._both_come)
        assert edit.active
        for page in ("board", "cards", "chars"):
            self.click(edit.tabs[page].rect.center)
            if page != "board":
                self._scroll_through(edit.list)
            self._hover_all()
        self.click(edit.button.rect.center)
        assert not edit.active
        self.together = False
        self.at_screen = None  # either of them may stay at the screen

    def _both_come(self):
        if self.scene.secret_hands:
            self.together = True  # the players agree on edits together (the mode covers no hand)

    def _scroll_through(self, lst, limit=60):
        self.frame([motion(lst.rect.center)])
        for _ in range(limit):
            before = lst.scroll
            self.frame([motion(lst.rect.center), wheel(-3)])
            if lst.scroll == before:
                break

    def _probe_menu(self):
        self.key(pygame.K_ESCAPE)
        assert type(self.app.scene).__name__ == "MenuScene"
        self._hover_all()
        self.key(pygame.K_ESCAPE)

    def _probe_help(self):
        self.key(pygame.K_F1)
        assert self.scene.show_help
        self.hover(self.scene.board.rect.center)
        self.key(pygame.K_F1)

    def _probe_log(self):
        """The full log (L), read from its top to its end."""
        self.key(pygame.K_l)
        assert type(self.app.scene).__name__ == "FullLogScene"
        self.key(pygame.K_HOME)
        lst = self.app.scene.list
        for _ in range(200):
            before = lst.scroll
            self.key(pygame.K_PAGEDOWN)
            if lst.scroll == before:
                break
        self.key(pygame.K_ESCAPE)

    def _probe_look_back(self):
        """A click on a line of the log panel shows the board as it was; then back to the present."""
        lst = self.scene.log_panel.list
        rows = [i for i, it in enumerate(lst.items) if it.payload is not None and it.payload < len(self.game.log)]
        rects = [lst.row_rect(i) for i in rows]
        rects = [r for r in rects if r is not None and lst.rect.contains(r)]
        if not rects:
            return
        self.click(self.rng.choice(rects).center)
        if self.scene.looking_at is None:
            return
        self._hover_all()
        self.click(self.scene.btn_present.rect.center)

    def _probe_picture(self):
        sc = self.scene
        self.click(sc.btn_shot.rect.center)
        if sc.picture_menu:
            self._hover_all()
            self.click((sc.btn_pic_public if self.rng.random() < 0.5 else sc.btn_pic_seat).rect.center)

    def close(self):
        self.app.close()


def motion(pos):
    return pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))


def wheel(y):
    return pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))


def _tip_key(tip):
    return (tip.title, tip.body, tuple(tip.lines))


def hover_targets(scene, step=12, board_step=28) -> list[tuple[int, int]]:
    """One point for every distinct tooltip the scene offers now: the scene is asked (its own
    `tooltip_at`) along a grid over the window, finer off the board, and at the middle of every
    piece, track slot and region the board drew, every item of the side panels and every widget
    that has a tooltip."""
    w, h = scene.app.size
    board = getattr(scene, "board", None)
    pts = []
    if board is not None:
        pts += [r.center for r, _tip in board._tips]
        pts += [r.center for r in getattr(board, "piece_rects", {}).values()]
        cam, lay = board.camera, board.layout
        for rid in board.spec.board.regions:
            try:
                x, y = cam.to_screen(*lay.anchor(rid, "army"))
            except Exception:  # noqa: BLE001 - a region without an anchor: the grid finds it
                continue
            pts.append((round(x), round(y)))
    pts += [r.center for r, _tip in getattr(getattr(scene, "sides", None), "_tips", ())]

    def widgets(w):  # every widget with a tooltip of its own, down the tree
        if getattr(w, "visible", True):
            if getattr(w, "tooltip", None) is not None and getattr(w, "rect", None) is not None:
                pts.append(w.rect.center)
            kids = getattr(w, "children", ())
            for c in kids if isinstance(kids, (list, tuple)) else ():
                widgets(c)
    for top in (scene._widgets() if hasattr(scene, "_widgets") else [getattr(scene, "root", None)]):
        if top is not None:
            widgets(top)
    br = board.rect if board is not None else pygame.Rect(0, 0, 0, 0)
    for y in range(step // 2, h, step):
        for x in range(step // 2, w, step):
            if not br.collidepoint(x, y) or (x % board_step < step and y % board_step < step):
                pts.append((x, y))
    seen: dict = {}
    for p in pts:
        if not (0 <= p[0] < w and 0 <= p[1] < h):
            continue
        tip = scene.tooltip_at(p)
        if tip is not None:
            seen.setdefault(_tip_key(tip), p)
    return list(seen.values())


def play_checked(spec, seed, home, **kw):
    run_kw = {k: kw.pop(k) for k in ("max_commands", "stop_at_first") if k in kw}
    h = Harness(spec, seed, home, **kw)
    try:
        h.run(**run_kw)
    finally:
        h.close()
    return h


# seed 1 also saves and loads mid-game; `bench/secrecy.py` plays 50 games (seeds 2 and 3 left the
# suite for time in session 5: test_secrecy_probes plays two more whole hotseat games)
@pytest.mark.parametrize("seed", [1])
def test_hotseat_games_never_show_a_seat_secret_to_the_other_R15(rohan, tmp_path, seed):
    """R-15: whole hotseat games through the window; no frame shows a hand card, a drawn card or
    a secret tactic of a seat while the other seat may be at the screen."""
    h = play_checked(rohan, seed, tmp_path, max_commands=5000, undo_rate=0.05,
                     load_at=40 if seed % 2 else None)
    assert h.game.state.get("winner"), "the game was played to its end"
    assert not h.found, f"{len(h.found)} frames leak; first: " + "\n".join(h.found[:5])
    assert h.covers >= 4 and h.frames > h.commands  # the screen was handed over, and drawn throughout


def test_companion_tracked_cards_show_a_hand_only_behind_its_cover_R15(rohan, tmp_path):
    """R-15 in companion mode with tracked cards: the shared view shows card backs and counts; a
    side's hand is drawn only after a cover for that side (the same seat model as hotseat). Every
    outcome is entered in the dialog (the players' dice and draws), the drawn cards too: a side
    enters them behind its own cover (`card_draw`)."""
    h = play_checked(rohan, 12, tmp_path, mode="companion", options={"companion": True}, max_commands=100)
    assert not h.found, "\n".join(h.found[:5])
    assert h.covers >= 4 and h.draw_covers >= 2 and h.dialogs >= 5, (h.covers, h.draw_covers, h.dialogs)


def test_the_check_tells_the_windows_own_words_from_a_piece_of_a_secret_text_R15(gondor):
    """The check itself: a drawn text that is one of the window's messages whole (the heading of
    the board's tooltip on Shadow leadership tokens) is not a piece of the Shadow card whose text
    has the same words (found by bench/secrecy.py, Gondor seed 301: five frames flagged); a piece
    of that card's text that no message says still is."""
    from botwotr.core import Game
    g = Game.new(gondor, seed=16)
    assert "driven_by_the_lash" in g.state["sides"]["sh"]["hand"]
    text = gondor.cards["driven_by_the_lash"].text
    heading, piece = "Shadow leadership tokens", "Take three Shadow leadership"
    assert heading in text and piece in text and len(heading) >= MIN_FRAGMENT
    secrets = Secrets(g)
    assert leaks(g, secrets, [heading], [], [], {"fp"}) == []
    assert leaks(g, secrets, [piece], [], [], {"fp"}) == [f"sh secret text {piece!r}"]
    assert leaks(g, secrets, [heading], [], [], {"sh"}) == []  # (the Shadow's own seat: nothing to hide)


# -- undo across a change of player ---------------------------------------------------------------

def _hotseat(make_app, rohan, seed=5):
    from botwotr.core import Game
    from botwotr.ui.scenes.game import GameScene
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=seed)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step()
    return app, g, scene


def _press(app, button):
    from conftest import click
    click(app, button.rect.center)


def _to_fate_draw(app, g, scene):
    """The Shadow chooses Saruman's position and places its leadership; the Free Peoples are to draw
    a fate tile (a public decision): the Shadow player may still be at the screen."""
    if scene.curtain:
        assert scene.curtain == "sh"
        _press(app, scene.btn_reveal)
    while g.state["pending"][-1]["kind"] != "fate_draw":
        assert scene.curtain is None, g.waiting_for()
        scene.submit(next(c for c in scene.legal if c["side"] == "sh"))
    app.step()
    assert scene.seat == "sh" and scene.actor == "fp" and scene.sides.seat == "public"


def test_undo_of_the_other_players_move_asks_them_behind_a_cover(make_app, rohan):
    """Taking back the Shadow's move from the Free Peoples' turn: the screen is covered for the
    Shadow player, who allows or refuses; a refusal changes nothing."""
    app, g, scene = _hotseat(make_app, rohan)
    _to_fate_draw(app, g, scene)
    n = len(g.log)
    _press(app, scene.btn_undo)  # pressed by the Free Peoples player, whose decision it is
    assert scene.consent and scene.curtain == "sh" and len(g.log) == n
    rec = Recorder().install()
    try:
        app.step()
        texts, _f, _t = rec.take()
    finally:
        rec.uninstall()
    assert any(t.startswith("The Free Peoples player asks to take back your move") for t in texts), texts
    assert "Allow?" in texts and all("Waiting for" not in t for t in texts)  # only the cover is drawn
    _press(app, scene.btn_refuse)
    assert len(g.log) == n and not scene.consent and scene.seat == "sh"
    _press(app, scene.btn_undo)
    _press(app, scene.btn_allow)
    assert len(g.log) == n - 1 and scene.seat == "sh" and not scene.consent
    assert g.state["pending"][-1]["kind"] == "place_leadership" and scene.curtain is None


def test_forcing_past_a_barrier_needs_both_players_and_is_written_in_the_log(make_app, rohan, tmp_path):
    """A drawn fate tile is an undo barrier: Undo refuses; 'Take it back anyway' covers the screen
    for the other player, and only their Allow takes it back. The log keeps who agreed, and a
    save and load keep it too (replay-safe: the state is the same)."""
    from botwotr.persistence.save import load, save
    from botwotr.core.state import canonical
    app, g, scene = _hotseat(make_app, rohan)
    _to_fate_draw(app, g, scene)
    scene.submit(next(c for c in scene.legal if c["cmd"] == "draw_fate"))
    assert scene.seat == "fp"
    n = len(g.log)
    _press(app, scene.btn_undo)
    assert len(g.log) == n and scene.btn_force_undo.visible and not scene.consent
    _press(app, scene.btn_force_undo)
    assert scene.consent and scene.consent["force"] and scene.curtain == "sh" and len(g.log) == n
    _press(app, scene.btn_allow)
    assert len(g.log) == n - 1
    notes = g.log[-1]["forced_undos"]
    assert notes == [{"undone": {"cmd": "draw_fate", "side": "fp"}, "agreed": ["fp", "sh"]}]
    path = tmp_path / "forced.json"
    save(g, path)
    again = load(path, lambda _id: rohan)
    assert again.log[-1]["forced_undos"] == notes and canonical(again.state) == canonical(g.state)


def test_a_malformed_forced_undo_record_is_refused_on_load(rohan):
    """A save whose forced-undo record is not a list of {undone, agreed} is refused, naming the entry."""
    from botwotr.core import Game
    from botwotr.core.game import ReplayError
    g = Game.new(rohan, seed=2)
    entries = [dict(e) for e in g.log]
    entries[0]["forced_undos"] = [{"undone": "draw", "agreed": "both"}]
    with pytest.raises(ReplayError) as info:
        Game.replay(rohan, 2, entries)
    assert info.value.index == 0 and "forced_undos" in info.value.message


def test_status_line_speaks_to_the_player_at_the_screen(make_app, rohan):
    """Hotseat: "Your decision, Shadow: ..." for the player at the screen, "Over to the Free
    Peoples: ..." when the other player answers a public decision."""
    app, g, scene = _hotseat(make_app, rohan)
    _press(app, scene.btn_reveal)
    assert scene.status_sentence() == "Your decision, Shadow: choose Saruman's position in the Shadow Box."
    _to_fate_draw(app, g, scene)
    assert scene.status_sentence() == "Over to the Free Peoples: draw a fate tile."
    while g.state["pending"][-1]["kind"] != "action":
        if scene.curtain:
            _press(app, scene.btn_reveal)
        scene.submit(scene.legal[0])
    app.step()
    if scene.curtain:
        _press(app, scene.btn_reveal)
    assert scene.status_sentence().startswith(f"Your action, {'Free Peoples' if scene.seat == 'fp' else 'Shadow'}")


def test_picture_button_asks_public_or_this_seats_view(make_app, rohan):
    """The Picture button asks which view; the public picture is drawn without the hand."""
    app, g, scene = _hotseat(make_app, rohan)
    _press(app, scene.btn_reveal)  # the Shadow's own view: its hand is on the screen
    hand = [g.spec.cards[c].title for c in g.state["sides"]["sh"]["hand"]]
    assert hand
    _press(app, scene.btn_shot)
    assert scene.picture_menu and scene.btn_pic_seat.text == "Shadow's view"
    rec = Recorder().install()
    try:
        scene.btn_pic_public.on_click()  # what the public-view button does: only that picture's drawing is recorded
        texts, _f, _t = rec.take()
    finally:
        rec.uninstall()
    shots = sorted((app.home / "screenshots").glob("*.png"))
    assert len(shots) == 1 and not scene.picture_menu
    assert not any(t in s for t in hand for s in texts)  # the public picture showed no card of the hand
    assert scene.sides.seat == "sh"  # and the Shadow's view is back on the screen
    _press(app, scene.btn_shot)
    _press(app, scene.btn_pic_seat)
    assert len(list((app.home / "screenshots").glob("*.png"))) == 2
