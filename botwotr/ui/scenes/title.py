"""The title screen: new game (scenario, hotseat or companion, who plays which side: a person or the
computer at one of its levels), continue the
most recently played game (its own autosave), load a game (the load screen), quit. Every game
keeps its own autosave file, so starting or loading one never overwrites another."""

from __future__ import annotations

import random

import pygame

from ... import catalog
from .. import resources as res
from .. import theme as T
from ..i18n import _
from ..i18n_choice import choose as choose_language
from ..i18n_choice import language_buttons
from ..i18n_content import scenario_text
from ..logtext import computer_name, level_name, side_title
from ..widgets import Button, Label, Panel, Tip, wrap_text
from .base import Scene

MODES = ("hotseat", "companion")
LEVELS = ("easy", "normal", "hard")  # botwotr.ai.LEVELS (not imported here: the title needs no AI)


def scenario_choices() -> list[tuple[str, str, str | None]]:
    """(id, display name, problem or None) for every built-in scenario."""
    out = []
    ids = list(catalog.builtin_ids())
    ids.sort(key=lambda sid: sid != "rohan")  # the board's front face first (and the default)
    for sid in ids:
        try:
            out.append((sid, scenario_text(sid, "name"), None))
        except Exception as e:  # noqa: BLE001 - broken content is shown, not fatal
            out.append((sid, sid, str(e)))
    return out


def board_picture(sid: str, w: int, h: int) -> pygame.Surface | None:
    """A small picture of a scenario's board face (its art, scaled; cached), or None."""
    try:
        from ..layouts import layout_for

        lay = layout_for(catalog.spec_for(sid))
    except Exception:  # noqa: BLE001 - no picture is no reason to fail the title
        return None
    if lay is None or lay.art is None:
        return None

    def make():
        art = res.image(lay.art)
        aw, ah = art.get_size()
        k = min(w / aw, h / ah)
        mid = pygame.transform.smoothscale(art, (max(1, int(aw * k * 2)), max(1, int(ah * k * 2))))
        return pygame.transform.smoothscale(mid, (max(1, int(aw * k)), max(1, int(ah * k))))

    return res.cached(("board_picture", str(lay.art), w, h), make)


class BoardFaceButton(Button):
    """A scenario on the title screen: a small picture of its side of the board, its name below."""

    def __init__(self, sid: str, *args, **kw):
        super().__init__(*args, **kw)
        self.sid = sid

    def draw(self, surface, theme):
        if not self.visible:
            return
        r = self.rect
        col = T.BUTTON_DISABLED if not self.enabled else T.BUTTON_HOVER if self.hover else T.BUTTON
        if self.selected:
            col = (150, 118, 52) if not self.hover else (176, 140, 64)
        rad = theme.px(6)
        pygame.draw.rect(surface, (0, 0, 0), r.move(0, theme.px(2)), border_radius=rad)
        pygame.draw.rect(surface, col, r, border_radius=rad)
        edge = T.BRASS if (self.hover or self.selected) and self.enabled else (40, 34, 26)
        pygame.draw.rect(surface, edge, r, width=max(1, theme.px(2 if self.selected else 1.5)), border_radius=rad)
        self._theme = theme
        size = getattr(theme, self.size_key)
        line = res.font(self.kind, size).get_linesize()
        pic_box = pygame.Rect(r.x + theme.px(6), r.y + theme.px(6), r.w - theme.px(12), r.h - line - theme.px(14))
        pic = board_picture(self.sid, pic_box.w, pic_box.h) if pic_box.w > 8 and pic_box.h > 8 else None
        if pic is not None:
            pr = pic.get_rect(center=pic_box.center)
            surface.blit(pic, pr)
            pygame.draw.rect(surface, (20, 16, 12), pr, width=1)
        color = T.TEXT if self.enabled else T.TEXT_DIM
        img = res.text(self.shown_text(theme), self.kind, size, color)
        surface.blit(img, (r.centerx - img.get_width() // 2, r.bottom - line - theme.px(5)))


class TitleScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.choices = scenario_choices()
        usable = [c for c in self.choices if c[2] is None]
        self.scenario = usable[0][0] if usable else None
        self.mode = "hotseat"
        self.first_player_side = "fp"  # "Player 1" plays this side
        self.computer_side: str | None = None  # the side the computer plays (None: two people)
        self.level = "normal"  # the computer's level
        # both sides Computer: the game plays itself (the other side's level in `other_level`)
        self.both_computers = False
        self.other_level = "normal"
        self.problem = ""
        self.seed: int | None = None  # tests may fix it

        self.menu = Panel(bg=None)
        self.btn_new = Button(
            _("New game"),
            self.new_game,
            icon="crossed-swords",
            name="new",
            tooltip=Tip(_("New game"), _("Start the scenario chosen on the right.")),
        )
        self.btn_continue = Button(
            _("Continue"),
            self.continue_game,
            icon="sands-of-time",
            name="continue",
            tooltip=Tip(_("Continue"), _("Go on with the game you played last, from its autosave.")),
        )
        self.btn_load = Button(
            _("Load a game"),
            self.load_game,
            icon="scroll-unfurled",
            name="load",
            tooltip=Tip(
                _("Load a game"),
                _("Every game you started, and the copies you saved, with a picture of each position."),
            ),
        )
        self.btn_quit = Button(_("Quit"), app.quit, icon="cancel", name="quit")
        for b in (self.btn_new, self.btn_continue, self.btn_load, self.btn_quit):
            b.size_key = "heading"
            self.menu.add(b)

        self.card = Panel(title=_("New game"), bg=(52, 44, 36))
        self.lbl_scenario = self.card.add(Label(_("Scenario"), kind="sans_bold", color=T.BRASS_LIGHT))
        self.scenario_buttons = []
        for sid, name, problem in self.choices:
            b = BoardFaceButton(
                sid,
                name,
                (lambda s=sid: self.choose_scenario(s)),
                name=f"scenario:{sid}",
                selected=(sid == self.scenario),
                tooltip=Tip(name, problem or _("Built-in scenario '{id}'.").format(id=sid)),
            )
            b.enabled = problem is None
            self.scenario_buttons.append(b)
            self.card.add(b)
        self.lbl_mode = self.card.add(Label(_("How you play"), kind="sans_bold", color=T.BRASS_LIGHT))
        self.mode_buttons = {
            "hotseat": Button(
                _("Hotseat"),
                lambda: self.choose_mode("hotseat"),
                name="mode:hotseat",
                selected=True,
                tooltip=Tip(
                    _("Hotseat"),
                    _(
                        "Two players share this screen. Every rule is enforced; hands and "
                        "secret choices are hidden while the other player looks."
                    ),
                ),
            ),
            "companion": Button(
                _("Companion"),
                lambda: self.choose_mode("companion"),
                name="mode:companion",
                selected=False,
                tooltip=Tip(
                    _("Companion"),
                    _(
                        "Play with the physical game on the table: the program keeps "
                        "track, checks the rules and lets you enter dice and draws."
                    ),
                ),
            ),
        }
        for b in self.mode_buttons.values():
            self.card.add(b)
        self._hotseat_tip = self.mode_buttons["hotseat"].tooltip
        self.physical_cards = False  # companion mode: the players keep their cards in their hands
        self.btn_cards = self.card.add(
            Button(
                _("Cards: tracked"),
                self.toggle_cards,
                name="cards",
                tooltip=Tip(
                    _("Cards"),
                    _(
                        "Tracked: you tell the program which cards you draw and it "
                        "keeps the hands. Physical: the cards stay in your hands and "
                        "the program does not track them."
                    ),
                ),
            )
        )
        self.lbl_cards = self.card.add(Label("", size_key="small", color=T.TEXT_DIM))
        self.lbl_sides = self.card.add(Label(_("Who plays which side"), kind="sans_bold", color=T.BRASS_LIGHT))
        self.lbl_sides_text = self.card.add(Label("", color=T.TEXT))
        self.btn_swap = self.card.add(Button(_("Swap sides"), self.swap_sides, name="swap"))
        # each side: a person or the computer (with its level); one side at most is the computer
        self.side_rows: dict[str, dict] = {}
        for sd in ("fp", "sh"):
            row = {
                "label": self.card.add(Label(side_title(sd), color=T.TEXT)),
                "person": self.card.add(
                    Button(_("Person"), lambda s=sd: self.choose_player(s, False), name=f"person:{sd}")
                ),
                "computer": self.card.add(
                    Button(
                        _("Computer"),
                        lambda s=sd: self.choose_player(s, True),
                        name=f"computer:{sd}",
                        tooltip=Tip(
                            _("Play against the computer"),
                            _(
                                "The computer plays this side; it sees only what a player of that side "
                                "would, and its hand stays hidden. One person plays the other side: no "
                                "screen cover. Both sides Computer: the game plays itself and you watch."
                            ),
                        ),
                    )
                ),
                "level": self.card.add(
                    Button(
                        "",
                        lambda s=sd: self.cycle_level(s),
                        name=f"level:{sd}",
                        tooltip=Tip(
                            _("The computer's level"),
                            _(
                                "Easy makes mistakes; normal plays the best move it sees at once; hard "
                                "searches ahead. Click to change."
                            ),
                        ),
                    )
                ),
            }
            self.side_rows[sd] = row
        self.lbl_notes = self.card.add(Label("", size_key="small", color=T.TEXT_DIM))
        self.lang_buttons = language_buttons(self.choose_language)  # the language choice (i18n_choice)
        for b in self.lang_buttons.values():
            self.menu.add(b)
        self.root.add(self.menu)
        self.root.add(self.card)
        self._bg = None

    # -- actions ------------------------------------------------------------------------
    def choose_scenario(self, sid):
        self.scenario = sid
        for b in self.scenario_buttons:
            b.selected = b.name == f"scenario:{sid}"
        self.layout()

    def choose_language(self, lang):
        problem = choose_language(self.app.home, lang)
        scene = TitleScene(self.app)  # every text is made again in the new language
        scene.problem = problem or ""
        scene.first_player_side, scene.physical_cards = self.first_player_side, self.physical_cards
        scene.computer_side, scene.level = self.computer_side, self.level
        scene.both_computers, scene.other_level = self.both_computers, self.other_level
        self.app.replace(scene)
        if self.scenario:
            scene.choose_scenario(self.scenario)
        scene.choose_mode(self.mode)

    def choose_mode(self, mode):
        if self.both_computers:
            mode = "hotseat"  # the computer playing itself needs no table
        self.mode = mode
        for m, b in self.mode_buttons.items():
            b.selected = m == mode
        self.layout()

    def toggle_cards(self):
        if self.computer_side is not None:
            self.physical_cards = False  # the computer's hand is kept by the program
        else:
            self.physical_cards = not self.physical_cards
        self.layout()

    def choose_player(self, side: str, computer: bool) -> None:
        """A side is played by a person or by the computer; both by the computer: the game plays
        itself (hotseat only)."""
        other = "sh" if side == "fp" else "fp"
        if computer:
            if self.computer_side == other or self.both_computers:
                self.both_computers = True
                self.choose_mode("hotseat")
            else:
                self.computer_side = side
                self.first_player_side = other  # the person is Player 1
            self.physical_cards = False
        elif self.both_computers:
            self.both_computers = False
            if self.computer_side == side:  # the other side keeps its level
                self.computer_side, self.level = other, self.other_level
            self.first_player_side = side
        elif self.computer_side == side:
            self.computer_side = None
        self.layout()

    def computer_levels(self) -> dict:
        """{side: level} of the side(s) the computer plays (empty: two people)."""
        if self.computer_side is None:
            return {}
        out = {self.computer_side: self.level}
        if self.both_computers:
            out["sh" if self.computer_side == "fp" else "fp"] = self.other_level
        return out

    def cycle_level(self, side: str | None = None) -> None:
        if self.both_computers and side is not None and side != self.computer_side:
            self.other_level = LEVELS[(LEVELS.index(self.other_level) + 1) % len(LEVELS)]
        else:
            self.level = LEVELS[(LEVELS.index(self.level) + 1) % len(LEVELS)]
        self.layout()

    def options(self) -> dict:
        """The start options of the new game (the game log keeps them)."""
        opts: dict = {"players": self.players()}
        if self.mode == "companion":
            opts["companion"] = True
            if self.physical_cards:
                opts["physical_cards"] = True
        return opts

    def swap_sides(self):
        self.first_player_side = "sh" if self.first_player_side == "fp" else "fp"
        if self.both_computers:
            self.level, self.other_level = self.other_level, self.level
        elif self.computer_side is not None:
            self.computer_side = "sh" if self.computer_side == "fp" else "fp"
        self.layout()

    def players(self) -> dict:
        other = "sh" if self.first_player_side == "fp" else "fp"
        if self.both_computers:
            return {sd: computer_name(lv) for sd, lv in self.computer_levels().items()}
        if self.computer_side is not None:
            person = "sh" if self.computer_side == "fp" else "fp"
            return {person: _("Player 1"), self.computer_side: computer_name(self.level)}
        return {self.first_player_side: _("Player 1"), other: _("Player 2")}

    def new_game(self):
        if self.scenario is None:
            self.problem = _("No scenario can be loaded; see 'botwotr validate'.")
            return
        from ...core import Game

        try:
            spec = catalog.spec_for(self.scenario)
            seed = self.seed if self.seed is not None else random.randrange(1, 2**31)
            game = Game.new(spec, seed=seed, options=self.options())
            if self.computer_side is not None:  # kept in the save beside the log (persistence/save.py)
                game.computer = self.computer_levels()
            self.app.open_game(game)  # its own autosave file from its first move: no other game is touched
        except Exception as e:  # noqa: BLE001 - broken content or map: say so, stay here
            self.problem = _("The scenario cannot be started: {why}").format(why=e)
            return

    def continue_game(self):
        from ...persistence.autosave import load_latest

        game, problems = load_latest(catalog.spec_for, self.app.home)
        if game is None:
            self.problem = (
                _("The last game cannot be loaded: {why}. The other games are on the load screen.").format(
                    why="; ".join(problems)
                )
                if problems
                else _("There is no autosave yet.")
            )
            return
        self.app.open_game(game)

    def load_game(self):
        from .load import LoadScene

        self.app.push(LoadScene(self.app))

    # -- layout and drawing -------------------------------------------------------------
    def layout(self):
        self._layout(lift=0)
        # a tall card (companion mode against the computer, a short window) would run into the
        # credits line: lift the menu and the card, never above the subtitle
        t = self.theme
        h = self.app.size[1]
        over = self.card.rect.bottom - (h - t.px(30))
        size = t.title if self.app.size[0] >= 1000 else t.px(44)
        subtitle_bottom = (
            int(h * 0.08)
            + res.font("serif_bold", size).get_linesize()
            + t.px(4)
            + res.font("serif", t.heading).get_linesize()
        )
        room = int(h * 0.30) - subtitle_bottom - t.px(12)
        lift = min(over, room) if over > 0 and room > 0 else 0
        if lift:
            self._layout(lift=lift)
        over -= lift
        if over > 0:  # still too tall: smaller scenario pictures
            self._layout(lift=lift, shrink=over)

    def _layout(self, lift: int, shrink: int = 0) -> None:
        from ...persistence.autosave import candidates

        self.btn_continue.enabled = bool(candidates(self.app.home))
        t = self.theme
        w, h = self.app.size
        top = int(h * 0.30) - lift
        bw = min(t.px(300), w // 2 - t.px(60))
        bh = t.row + t.px(14)
        narrow = w < 1000
        x_menu = w // 2 - bw - t.px(30) if not narrow else t.px(30)
        y = top
        for b in (self.btn_new, self.btn_continue, self.btn_load, self.btn_quit):
            b.rect = pygame.Rect(x_menu, y, bw, bh)
            y += bh + t.px(14)
        lw = (bw - t.px(8)) // 2
        for i, b in enumerate(self.lang_buttons.values()):
            b.rect = pygame.Rect(x_menu + (i % 2) * (lw + t.px(8)), y + (i // 2) * (t.row + t.px(6)), lw, t.row)
        y += 2 * (t.row + t.px(6))
        self.menu.rect = pygame.Rect(x_menu, top, bw, y - top)
        # the new-game card
        cx = x_menu + bw + t.px(40)
        cw = min(t.px(460), w - cx - t.px(30))
        pad = t.pad
        self.card.rect = pygame.Rect(cx, top - t.px(10), cw, 10)
        y = self.card.rect.y + self.card.title_height(t) + pad
        x = cx + pad * 2
        iw = cw - 4 * pad
        self.lbl_scenario.rect = pygame.Rect(x, y, iw, 10)
        self.lbl_scenario.rect.h = self.lbl_scenario.fit_height(t)
        y = self.lbl_scenario.rect.bottom + t.px(4)
        # the scenarios as the faces of the board: pictures side by side, two to a row
        gap = t.px(8)
        per_row = 2 if len(self.scenario_buttons) > 1 else 1
        tw = (iw - gap * (per_row - 1)) // per_row
        th = min(int(tw * 2 / 3) + res.font("sans_bold", t.body).get_linesize() + t.px(14), max(t.row, h // 4))
        th = max(t.row * 3, th - shrink)
        for i, b in enumerate(self.scenario_buttons):
            b.rect = pygame.Rect(x + (i % per_row) * (tw + gap), y + (i // per_row) * (th + gap), tw, th)
        rows = (len(self.scenario_buttons) + per_row - 1) // per_row
        y += rows * (th + gap) - gap + t.px(6)
        y += t.px(6)
        self.lbl_mode.rect = pygame.Rect(x, y, iw, 10)
        self.lbl_mode.rect.h = self.lbl_mode.fit_height(t)
        y = self.lbl_mode.rect.bottom + t.px(4)
        half = (iw - t.px(8)) // 2
        self.mode_buttons["hotseat"].rect = pygame.Rect(x, y, half, t.row)
        self.mode_buttons["companion"].rect = pygame.Rect(x + half + t.px(8), y, half, t.row)
        y += t.row + t.px(6)
        self.mode_buttons["hotseat"].tooltip = (
            Tip(_("Hotseat"), _("You play at this screen against the computer. Every rule is enforced."))
            if self.computer_side is not None
            else self._hotseat_tip
        )
        self.btn_cards.visible = self.lbl_cards.visible = self.mode == "companion"
        if self.btn_cards.visible:
            self.btn_cards.text = _("Cards: physical") if self.physical_cards else _("Cards: tracked")
            self.btn_cards.selected = self.physical_cards
            self.btn_cards.enabled = self.computer_side is None
            self.btn_cards.rect = pygame.Rect(x + half + t.px(8), y, half, t.row)
            self.lbl_cards.text = (
                _("The computer keeps its own hand; you tell it the cards you draw.")
                if self.computer_side is not None
                else _("Your hands are not tracked.")
                if self.physical_cards
                else _("You tell it the cards you draw.")
            )
            self.lbl_cards.rect = pygame.Rect(x, y, half, 10)
            self.lbl_cards.rect.h = self.lbl_cards.fit_height(t)
            row_h = max(t.row, self.lbl_cards.rect.h)  # the note may take more lines than the button
            self.btn_cards.rect.centery = self.lbl_cards.rect.centery = y + row_h // 2
            y += row_h + t.px(6)
        y += t.px(6)
        self.lbl_sides.rect = pygame.Rect(x, y, iw, 10)
        self.lbl_sides.rect.h = self.lbl_sides.fit_height(t)
        y = self.lbl_sides.rect.bottom + t.px(4)
        lw = t.px(120)
        bw3 = (iw - lw - 2 * t.px(6)) // 3
        levels = self.computer_levels()
        self.mode_buttons["companion"].enabled = not self.both_computers
        for sd, row in self.side_rows.items():
            comp = sd in levels
            row["label"].rect = pygame.Rect(x, y, lw, t.row)
            row["label"].rect.h = row["label"].fit_height(t)
            row["label"].rect.centery = y + t.row // 2
            row["person"].rect = pygame.Rect(x + lw, y, bw3, t.row)
            row["computer"].rect = pygame.Rect(x + lw + bw3 + t.px(6), y, bw3, t.row)
            row["person"].selected, row["computer"].selected = not comp, comp
            row["level"].visible = comp
            name = level_name(levels.get(sd, self.level))
            row["level"].text = name[:1].upper() + name[1:]  # the tooltip says it is the level
            row["level"].rect = pygame.Rect(x + lw + 2 * (bw3 + t.px(6)), y, bw3, t.row)
            y += t.row + t.px(6)
        y += t.px(2)
        if self.both_computers:
            self.lbl_sides_text.text = _(
                "The computer plays both sides ({s1}: {l1}, {s2}: {l2}); you watch, with Pause and Step."
            ).format(s1=side_title("fp"), l1=level_name(levels["fp"]), s2=side_title("sh"), l2=level_name(levels["sh"]))
        elif self.computer_side is not None:
            self.lbl_sides_text.text = _("{p1} plays the {s1}; the computer ({level}) plays the {s2}.").format(
                p1=_("Player 1"),
                s1=side_title("sh" if self.computer_side == "fp" else "fp"),
                level=level_name(self.level),
                s2=side_title(self.computer_side),
            )
        else:
            self.lbl_sides_text.text = _("{p1} plays the {s1}; {p2} plays the {s2}.").format(
                p1=_("Player 1"),
                s1=side_title(self.first_player_side),
                p2=_("Player 2"),
                s2=side_title("sh" if self.first_player_side == "fp" else "fp"),
            )
        sw = t.px(110)
        self.lbl_sides_text.rect = pygame.Rect(x, y, iw - sw - t.px(8), 10)
        self.lbl_sides_text.rect.h = self.lbl_sides_text.fit_height(t)
        self.btn_swap.rect = pygame.Rect(x + iw - sw, y, sw, t.row)
        y = max(self.lbl_sides_text.rect.bottom, self.btn_swap.rect.bottom) + t.px(10)
        notes = ""
        if self.scenario:
            try:
                notes = scenario_text(self.scenario, "notes")
            except Exception:  # noqa: BLE001
                notes = ""
        self.lbl_notes.text = notes
        self.lbl_notes.rect = pygame.Rect(x, y, iw, 10)
        room = h - y - t.px(30)
        self.lbl_notes.rect.h = min(self.lbl_notes.fit_height(t), max(0, room))
        self.lbl_notes.visible = self.lbl_notes.rect.h >= self.lbl_notes.fit_height(t)
        y += (self.lbl_notes.rect.h if self.lbl_notes.visible else 0) + pad
        self.card.rect.h = y - self.card.rect.y
        self._bg = None

    def _background(self, size):
        if self._bg is not None and self._bg.get_size() == size:
            return self._bg
        surf = pygame.Surface(size)
        surf.fill(T.BG)
        try:
            from ..layouts import layout_for

            spec = catalog.spec_for(self.scenario) if self.scenario else None
            lay = layout_for(spec) if spec else None
            if lay is not None and lay.art is not None:
                art = res.image(lay.art)
                aw, ah = art.get_size()
                k = max(size[0] / aw, size[1] / ah)
                small = pygame.transform.smoothscale(art, (max(1, int(aw * k / 4)), max(1, int(ah * k / 4))))
                big = pygame.transform.smoothscale(small, (int(aw * k), int(ah * k)))
                surf.blit(big, ((size[0] - big.get_width()) // 2, (size[1] - big.get_height()) // 2))
                veil = pygame.Surface(size, pygame.SRCALPHA)
                veil.fill((20, 16, 12, 170))
                surf.blit(veil, (0, 0))
        except Exception:  # noqa: BLE001 - a missing picture is no reason to fail the title
            pass
        self._bg = surf
        return surf

    def draw(self, surface):
        t = self.theme
        w, h = surface.get_size()
        surface.blit(self._background((w, h)), (0, 0))
        size = t.title if w >= 1000 else t.px(44)
        title = res.text(_("Battles of the War of the Ring"), "serif_bold", size, T.BRASS_LIGHT)
        if title.get_width() > w - t.px(40):
            size = int(size * (w - t.px(40)) / title.get_width())
            title = res.text(_("Battles of the War of the Ring"), "serif_bold", size, T.BRASS_LIGHT)
        shadow = res.text(_("Battles of the War of the Ring"), "serif_bold", size, (0, 0, 0))
        y = int(h * 0.08)
        surface.blit(shadow, (w // 2 - title.get_width() // 2 + t.px(3), y + t.px(3)))
        surface.blit(title, (w // 2 - title.get_width() // 2, y))
        sub = res.text(_("Hotseat play · against the computer · tabletop companion"), "serif", t.heading, T.PARCHMENT)
        surface.blit(sub, (w // 2 - sub.get_width() // 2, y + title.get_height() + t.px(4)))
        super().draw(surface)
        if self.problem:
            f = res.font("sans_bold", t.body)
            lines = wrap_text(self.problem, f, w - t.px(60))[:3]
            y = h - t.px(34) - len(lines) * f.get_linesize()
            for ln in lines:
                img = res.text(ln, "sans_bold", t.body, (255, 140, 120))
                surface.blit(img, (w // 2 - img.get_width() // 2, y))
                y += f.get_linesize()
        credit = res.text(
            _("Icons: game-icons.net (CC BY 3.0) · Fonts: EB Garamond, Noto Sans (OFL)"), "sans", t.small, T.TEXT_DIM
        )
        surface.blit(credit, (w - credit.get_width() - t.px(10), h - credit.get_height() - t.px(6)))
