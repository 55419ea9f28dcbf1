"""The in-game menu (Escape or the Menu button): resume, save as, load, rules help, settings,
quit to the title.

It is a scene pushed over the `GameScene`, which stays below it (drawn under a veil, not updated).
Leaving a game asks nothing because nothing can be lost: every game is in its own autosave file
after every move (`botwotr.persistence.autosave`), and Continue or the load screen opens it again.

Settings: the animation speed (1×, 2×, 4×), kept in `<home>/settings.json` and applied to every
game opened afterwards (`App.open_game`), and the language (`i18n_choice`, kept there too; `--lang`
overrides it). The window size is a command-line option (`--size`); the folders in use are shown
read-only.
"""

from __future__ import annotations

import pygame

from ...persistence import autosave as autosaves
from .. import resources as res
from .. import theme as T
from ..i18n import _
from ..i18n_choice import choose as choose_language
from ..i18n_choice import language_buttons
from ..settings import SETTINGS, SPEEDS, animation_speed, load_settings, store_setting  # noqa: F401 (re-exported)
from ..widgets import Button, Label, Panel, Tip, Widget
from .base import Scene
from .load import LoadScene


# -- settings (kept in ui/settings.py, re-exported here) ----------------------------------------
def apply_speed(scene, speed: int) -> None:
    scene.animator.speed = speed
    scene.btn_speed.text = f"{speed}×"


# -- a one-line text field ---------------------------------------------------------------------
class TextField(Widget):
    """Typed text (TEXTINPUT events), Backspace, Enter (`on_enter`)."""

    def __init__(self, text: str = "", on_enter=None, limit: int = 80):
        super().__init__()
        self.text = text
        self.fresh = True  # the proposed text is selected: the first key typed replaces it
        self.on_enter = on_enter
        self.limit = limit
        self.blink = 0.0

    def handle_event(self, ev) -> bool:
        super().handle_event(ev)
        if ev.type == pygame.TEXTINPUT:
            self.text = (("" if self.fresh else self.text) + ev.text)[: self.limit]
            self.fresh = False
            return True
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_BACKSPACE:
                self.text = "" if self.fresh or ev.mod & pygame.KMOD_CTRL else self.text[:-1]
                self.fresh = False
                return True
            if ev.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_END, pygame.K_HOME):
                self.fresh = False  # keep the proposed text and edit it
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_enter:
                    self.on_enter()
                return True
        return False

    def update(self, dt):
        self.blink = (self.blink + dt) % 1.0

    def draw(self, surface, theme):
        r = self.rect
        pygame.draw.rect(surface, T.PARCHMENT, r, border_radius=theme.px(4))
        pygame.draw.rect(surface, T.BRASS, r, width=max(1, theme.px(2)), border_radius=theme.px(4))
        img = res.text(self.text or " ", "sans", theme.body, T.INK)
        x = r.x + theme.px(8)
        room = r.w - theme.px(16)
        area = pygame.Rect(max(0, img.get_width() - room), 0, room, img.get_height())
        if self.fresh and self.text:  # shown selected
            sel = pygame.Rect(x - 2, r.y + theme.px(5), min(img.get_width(), room) + 4, r.h - theme.px(10))
            pygame.draw.rect(surface, (196, 170, 110), sel)
        surface.blit(img, (x, r.centery - img.get_height() // 2), area=area)
        if self.blink < 0.6:
            cx = x + min(img.get_width() if self.text else 0, room) + 1
            pygame.draw.line(surface, T.INK, (cx, r.y + theme.px(6)), (cx, r.bottom - theme.px(6)), 2)


# -- the menu ----------------------------------------------------------------------------------
class MenuScene(Scene):
    def __init__(self, app, game_scene, page: str = "main"):
        super().__init__(app)
        self.under = game_scene
        self.message = ""
        self.message_error = False
        self.panel = Panel(title=_("Menu"), bg=(52, 44, 36))
        self.root.add(self.panel)
        # the main page
        self.btn_resume = Button(
            _("Resume"),
            self.resume,
            icon="check-mark",
            name="resume",
            tooltip=Tip(_("Resume"), _("Back to the game (Escape).")),
        )
        self.btn_save_as = Button(
            _("Save as…"),
            lambda: self.show("save_as"),
            name="save_as",
            tooltip=Tip(
                _("Save as"), _("Keep a copy of the game under a name of your choice; the autosave goes on as well.")
            ),
        )
        self.btn_load = Button(
            _("Load a game…"),
            self.load,
            icon="scroll-unfurled",
            name="load",
            tooltip=Tip(_("Load a game"), _("Open another game. This one stays in its own autosave file.")),
        )
        self.btn_help = Button(
            _("Rules help"),
            self.rules_help,
            name="help",
            tooltip=Tip(_("Rules help (F1)"), _("The turn, the action dice, the keys.")),
        )
        self.btn_settings = Button(_("Settings"), lambda: self.show("settings"), name="settings")
        self.btn_title = Button(
            _("Quit to the title"),
            self.quit_to_title,
            icon="cancel",
            name="title",
            tooltip=Tip(
                _("Quit to the title"),
                _("Nothing is lost: the game is in its autosave file; Continue or Load a game opens it again."),
            ),
        )
        self.main_buttons = [
            self.btn_resume,
            self.btn_save_as,
            self.btn_load,
            self.btn_help,
            self.btn_settings,
            self.btn_title,
        ]
        self.lbl_auto = Label("", size_key="small", color=T.TEXT_DIM, align="center")
        # save as
        self.lbl_name = Label(_("Name of the copy"), kind="sans_bold", color=T.BRASS_LIGHT)
        self.field = TextField(self.default_name(), on_enter=self.save_as)
        self.btn_do_save = Button(_("Save"), self.save_as, icon="check-mark", name="do_save")
        self.btn_back = Button(_("Back"), lambda: self.show("main"), name="back")
        # settings
        self.lbl_speed = Label(_("Animation speed"), kind="sans_bold", color=T.BRASS_LIGHT)
        self.speed_buttons = {
            s: Button(f"{s}×", (lambda s=s: self.set_speed(s)), name=f"speed:{s}", selected=False) for s in SPEEDS
        }
        self.lbl_lang = Label(_("Language"), kind="sans_bold", color=T.BRASS_LIGHT)
        self.lang_buttons = language_buttons(self.set_language)
        self.lbl_folders = Label("", size_key="small", color=T.TEXT_DIM)
        self.page = ""
        self.show(page)

    @property
    def game(self):  # the crash boundary autosaves this
        return self.under.game

    def default_name(self) -> str:
        g = self.under.game
        import datetime as _dt

        return _("{scenario} - turn {turn} - {date}").format(
            scenario=g.spec.name, turn=g.state["turn"], date=_dt.datetime.now().strftime("%Y-%m-%d %H.%M")
        )

    # -- pages --------------------------------------------------------------------------------
    def show(self, page: str) -> None:
        self.page = page
        p = self.panel
        if page == "save_as":
            p.title = _("Save as")
            p.children = [self.lbl_name, self.field, self.btn_do_save, self.btn_back]
            self.field.text = self.default_name()
            self.field.fresh = True
            try:
                pygame.key.start_text_input()
            except pygame.error:
                pass
        elif page == "settings":
            p.title = _("Settings")
            p.children = [self.lbl_speed, *self.speed_buttons.values(), self.lbl_lang, *self.lang_buttons.values()]
            p.children += [self.lbl_folders, self.btn_back]
            speed = self.under.animator.speed
            for s, b in self.speed_buttons.items():
                b.selected = s == speed
            self.lbl_folders.text = _(
                "Saves: {saves}\nCrash log: {log}\nThe window size is set when the program starts (--size)."
            ).format(
                saves=autosaves.saves_folder(self.app.home),
                log=getattr(self.app, "crash_log", self.app.home / "crash.log"),
            )
        else:
            p.title = _("Menu")
            p.children = [*self.main_buttons, self.lbl_auto]
            slot = autosaves.slot_of(self.under.game)
            self.lbl_auto.text = (
                _("Autosaved after every move: {file}").format(file=slot.name)
                if slot
                else _("Not changed since it was opened: its file is as it was.")
            )
        self.layout()

    def layout(self):
        t = self.theme
        w, h = self.app.size
        pad = t.pad
        pw = min(w - t.px(40), t.px(460 if self.page == "main" else 560))
        x = (w - pw) // 2 + 2 * pad
        iw = pw - 4 * pad
        bh = t.row + t.px(10)
        rows = []  # (widget, height) in order
        if self.page == "main":
            for b in self.main_buttons:
                b.size_key = "heading"
                rows.append((b, bh))
            self.lbl_auto.rect = pygame.Rect(x, 0, iw, 10)
            rows.append((self.lbl_auto, self.lbl_auto.fit_height(t)))
        elif self.page == "save_as":
            self.lbl_name.rect.w = iw
            rows += [(self.lbl_name, self.lbl_name.fit_height(t)), (self.field, t.row + t.px(8))]
        else:
            self.lbl_speed.rect.w = iw
            rows.append((self.lbl_speed, self.lbl_speed.fit_height(t)))
        gap = t.px(10)
        height = self.panel.title_height(t) + pad + sum(hh + gap for _w, hh in rows) + pad
        if self.page != "main":
            height += bh + gap
        if self.page == "settings":
            self.lbl_folders.rect = pygame.Rect(x, 0, iw, 10)
            height += bh + gap + self.lbl_folders.fit_height(t) + gap
            self.lbl_lang.rect.w = iw
            height += self.lbl_lang.fit_height(t) + gap + 2 * (bh + gap)
        top = max(t.px(10), (h - height) // 2)
        self.panel.rect = pygame.Rect((w - pw) // 2, top, pw, height)
        y = top + self.panel.title_height(t) + pad
        for wdg, hh in rows:
            wdg.rect = pygame.Rect(x, y, iw, hh)
            y += hh + gap
        if self.page == "settings":
            n = len(SPEEDS)
            sw = (iw - (n - 1) * t.px(8)) // n
            for i, b in enumerate(self.speed_buttons.values()):
                b.rect = pygame.Rect(x + i * (sw + t.px(8)), y, sw, bh)
            y += bh + gap
            self.lbl_lang.rect = pygame.Rect(x, y, iw, self.lbl_lang.fit_height(t))
            y = self.lbl_lang.rect.bottom + gap
            lw = (iw - t.px(8)) // 2
            for i, b in enumerate(self.lang_buttons.values()):
                b.rect = pygame.Rect(x + (i % 2) * (lw + t.px(8)), y + (i // 2) * (bh + gap), lw, bh)
            y += 2 * (bh + gap)
            self.lbl_folders.rect = pygame.Rect(x, y, iw, self.lbl_folders.fit_height(t))
            y = self.lbl_folders.rect.bottom + gap
        if self.page == "save_as":
            half = (iw - t.px(10)) // 2
            self.btn_do_save.rect = pygame.Rect(x, y, half, bh)
            self.btn_back.rect = pygame.Rect(x + half + t.px(10), y, half, bh)
        elif self.page == "settings":
            self.btn_back.rect = pygame.Rect(x, y, iw, bh)

    # -- actions ------------------------------------------------------------------------------
    def resume(self) -> None:
        self.app.pop()

    def rules_help(self) -> None:
        self.under.show_help = True
        self.app.pop()

    def quit_to_title(self) -> None:
        self.under.to_title()

    def load(self) -> None:
        self.under.autosave()
        self.app.push(LoadScene(self.app, current=self.under))

    def set_speed(self, speed: int) -> None:
        apply_speed(self.under, speed)
        try:
            store_setting(self.app.home, "animation_speed", speed)
        except OSError as e:
            self.say(_("The setting could not be stored: {why}").format(why=e), error=True)
        for s, b in self.speed_buttons.items():
            b.selected = s == speed

    def set_language(self, lang: str) -> None:
        """Switch the language, remember it, and show the game and this page again in it."""
        problem = choose_language(self.app.home, lang)
        scene = self.app.open_game(self.under.game, replace_all=True)
        scene.animator.finish()
        menu = MenuScene(self.app, scene, page="settings")
        self.app.push(menu)
        if problem:
            menu.say(_("The setting could not be stored: {why}").format(why=problem), error=True)

    def save_as(self) -> None:
        name = self.field.text.strip()
        if not name:
            self.say(_("Type a name for the copy."), error=True)
            return
        try:
            path = autosaves.save_copy(self.under.game, name, self.app.home)
        except OSError as e:
            self.say(_("The game could not be saved: {why}").format(why=e), error=True)
            return
        self.show("main")
        self.say(_("Saved as “{name}”.").format(name=path.stem))

    def say(self, text: str, error: bool = False) -> None:
        self.message, self.message_error = text, error

    def on_exit(self):
        try:
            pygame.key.stop_text_input()
        except pygame.error:
            pass

    # -- scene interface ----------------------------------------------------------------------
    def handle_event(self, ev):
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            if self.page == "main":
                self.resume()
            else:
                self.show("main")
            return
        self.root.handle_event(ev)

    def draw(self, surface):
        self.under.draw(surface)
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((12, 10, 8, 190))
        surface.blit(veil, (0, 0))
        t = self.theme
        pygame.draw.rect(surface, (0, 0, 0), self.panel.rect.move(t.px(4), t.px(4)), border_radius=t.px(8))
        super().draw(surface)
        pygame.draw.rect(surface, T.BRASS, self.panel.rect, width=max(1, t.px(2)), border_radius=t.px(6))
        if self.message:
            col = (255, 150, 130) if self.message_error else T.PARCHMENT
            img = res.text(self.message[:200], "sans_bold", t.body, col)
            surface.blit(img, (w // 2 - img.get_width() // 2, self.panel.rect.bottom + t.px(14)))
