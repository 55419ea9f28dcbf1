"""Outcome entry for the companion mode: the players roll physical dice and draw physical tiles,
tokens and cards, and tell the client what came up.

In the companion mode the core rolls nothing. A command that needs a value nobody gave is refused
with `chance/needs_outcome`, and the error's `data` says what to ask:
`{kind: die | face | pick, what, index, options}`. `GameScene.submit` hands such a refusal to
`ask_outcomes(scene, cmd, error)`, which opens the modal `OutcomeDialog` (a scene pushed over the
game). The dialog asks exactly what `data` says:

- `die`: six big die faces with pips (a combat, re-roll or rally die), "combat die 2 of 5";
- `face`: the faces of the action die (with their icons), "Free Peoples action die 2 of 4";
- `pick`: the fate tiles (grouped by what is printed on them: value, icon, colour), the cards
  (their titles) or the recruitment tokens (unit icons) that could have been drawn.

Each click enters the answer; the dialog checks the command again without changing the game
(`decide(..., in_place=False)`) and asks the next value. When the command needs nothing more it
says so and waits for "Confirm", which sends the command through `scene.submit` (animation,
autosave, refusals as usual). Until then every entry can be corrected: the strip "Entered:" shows
each value (a card by its title), and a click on one selects it; the grid then offers what that
place could have been, and a click replaces it (the later values are checked again; those that no
longer fit are cleared, and the dialog says so). "Take back" removes the last value; "Back"
cancels the whole command: nothing changes. Mouse only; every string goes through `_()`.

The grid of a batch of picks (the cards of one draw, the tiles of one effect) never moves under
the pointer: it holds every option of the batch, and a value picked stays in its place, outlined
and numbered with its place in the batch, no longer clickable.

A card discarded at random from the hand of the player who did not give the command (tracked
cards) is asked behind that player's cover: the options are their hand. The game's own cover is
drawn ("Hand the screen to ..."), its button hands the screen over, the game below shows the
public view, the values entered before (the other player's, a card they drew) leave the strip, and
after the dialog the next private view is covered again.

"2 of 5" is counted by probing ahead with placeholder values (again with `decide`, never changing
the game): the number of consecutive values of the same kind the command still needs.
"""

from __future__ import annotations

import pygame

from ..core import RuleError
from ..core.spec import DIE_FACES
from . import resources as res
from . import theme as T
from .board_view import draw_badge, draw_die, draw_token
from .i18n import N_, _, ngettext
from .i18n_rules import refusal
from .logtext import card_name, face_name, side_title, unit_name
from .scenes.base import Scene
from .widgets import Button, Clickable, Tip, caption, wrap_text

NEEDS = "chance/needs_outcome"
MAX_PROBE = 24

# the core's `what` (English) -> a UI string
WHAT_TEXT = {
    "combat": N_("combat die"),
    "maneuver": N_("maneuver die (black)"),
    "leader re-roll": N_("leader re-roll die"),
    "maneuver re-roll": N_("maneuver die (black) re-rolled"),
    "rally": N_("rally die"),
    "rally re-roll": N_("rally re-roll die"),
    "catapult": N_("catapult die"),  # the Battle for Gondor's catapults firing at Minas Tirith
    "fate tile": N_("fate tile"),
    "extra fate tile": N_("extra fate tile"),
    "card": N_("card"),
    "recruitment token": N_("recruitment token"),
    "Free Peoples action die": N_("Free Peoples action die"),
    "Shadow action die": N_("Shadow action die"),
}

PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}

FATE_COLOURS = {
    "grey": ((200, 194, 180), (92, 86, 76)),
    "blue": ((126, 166, 218), (30, 60, 110)),
    "red": ((210, 114, 100), (110, 30, 24)),
}
DECK_COLOURS = {
    "generic": (120, 96, 60),
    "fp_story": (46, 92, 156),
    "sh_story": (142, 34, 30),
    "special": (92, 60, 120),
}
CARD_TYPE_ICONS = {"army": "crossed-swords", "character": "broadsword", "muster": "rally-the-troops"}
ALL_FACES = {f for faces in DIE_FACES.values() for f in faces}
SIDE_PREFIX = {"Free Peoples ": "fp", "Shadow ": "sh"}
DECK_TEXT = {
    "generic": N_("{side} generic card"),
    "story": N_("{side} story card"),
    "special": N_("{side} special card"),
}


def what_text(what: str, spec=None) -> str:
    """The core's `what` as a UI string ("combat die"; "Dunlendings ability die")."""
    if what in WHAT_TEXT:
        return _(WHAT_TEXT[what])
    if what.endswith(" ability"):
        unit = what[: -len(" ability")]
        name = unit_name(spec, unit) if spec is not None else unit
        return _("{unit} ability die").format(unit=name)
    for prefix, side in SIDE_PREFIX.items():  # "Free Peoples story card", "Shadow card discarded at random"
        if what.startswith(prefix):
            rest = what[len(prefix) :]
            if rest == "card discarded at random":
                return _("{side} card discarded at random").format(side=side_title(side))
            deck = rest[: -len(" card")] if rest.endswith(" card") else None
            if deck in DECK_TEXT:
                return _(DECK_TEXT[deck]).format(side=side_title(side))
    return what


def ask_outcomes(scene, cmd: dict, err: RuleError) -> "OutcomeDialog":
    """Open the dialog over `scene` for a command the core refused with `chance/needs_outcome`."""
    dlg = OutcomeDialog(scene.app, scene, cmd, err)
    scene.app.push(dlg)
    return dlg


# -- painting ----------------------------------------------------------------------------------


def draw_pip_die(surface, rect: pygame.Rect, value: int, side: str | None = None, hover=False) -> None:
    """A six-sided die with pips: ivory, rimmed in the rolling side's colour."""
    rad = max(3, rect.w // 6)
    rim = T.side_style(side).fill if side in ("fp", "sh") else (70, 60, 50)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(3, 4), border_radius=rad)
    pygame.draw.rect(surface, (250, 246, 234) if not hover else (255, 250, 226), rect, border_radius=rad)
    pygame.draw.rect(surface, T.HILITE if hover else rim, rect, width=max(2, rect.w // 22), border_radius=rad)
    step = rect.w * 0.27
    pr = max(2, rect.w // 11) * (2 if value == 1 else 1)
    col = (150, 24, 20) if value == 1 else (32, 26, 22)
    for dx, dy in PIPS.get(value, []):
        pygame.draw.circle(surface, col, (round(rect.centerx + dx * step), round(rect.centery + dy * step)), pr)


def draw_fate_tile(surface, rect: pygame.Rect, spec, tile_id: str, hover=False) -> None:
    ts = spec.fate_tiles.get(tile_id)
    fill, rim = FATE_COLOURS.get(ts.color if ts else "grey", FATE_COLOURS["grey"])
    s = min(rect.w, rect.h)
    c = rect.center
    pygame.draw.circle(surface, (0, 0, 0), (c[0] + 3, c[1] + 4), s // 2)
    pygame.draw.circle(surface, fill, c, s // 2)
    pygame.draw.circle(surface, T.HILITE if hover else rim, c, s // 2, max(3, s // 20))
    pygame.draw.circle(surface, rim, c, int(s * 0.38), max(1, s // 60))
    if ts is None:
        return
    val = res.text(f"+{ts.value}" if ts.value >= 0 else str(ts.value), "serif_bold", int(s * 0.36), T.INK)
    vy = c[1] - val.get_height() // 2 - (int(s * 0.12) if ts.icon else 0)
    surface.blit(val, (c[0] - val.get_width() // 2, vy))
    if ts.icon:
        isz = int(s * 0.26)
        name = {"ent": "tree-face", "eye": "beast-eye"}.get(ts.icon, "sun")
        surface.blit(res.icon(name, isz, (40, 80, 30)), (c[0] - isz // 2, vy + val.get_height() - int(s * 0.06)))
    if ts.shadow_special:
        draw_badge(surface, (c[0] + s // 3, c[1] - s // 3), "!", max(14, s // 5), (120, 20, 16), (255, 255, 255))


def draw_card(surface, rect: pygame.Rect, spec, card: str, theme, hover=False) -> None:
    """A card face: parchment, a band in its deck's colour with its type icon, and its title."""
    cs = spec.cards.get(card)
    rad = theme.px(5)
    pygame.draw.rect(surface, (0, 0, 0), rect.move(2, 3), border_radius=rad)
    pygame.draw.rect(surface, T.PARCHMENT, rect, border_radius=rad)
    pygame.draw.rect(surface, T.HILITE if hover else (120, 96, 60), rect, width=max(1, theme.px(2)), border_radius=rad)
    band = pygame.Rect(rect.x + theme.px(3), rect.y + theme.px(3), rect.w - theme.px(6), theme.px(18))
    pygame.draw.rect(surface, DECK_COLOURS.get(cs.deck if cs else "", (100, 90, 70)), band, border_radius=theme.px(3))
    isz = band.h - theme.px(4)
    if cs:
        surface.blit(
            res.icon(CARD_TYPE_ICONS.get(cs.type, "card-random"), isz, (250, 240, 220)),
            (band.x + theme.px(3), band.y + theme.px(2)),
        )
        sub = res.text(face_name(cs.type), "sans", theme.small - theme.px(1), (250, 240, 220))
        surface.blit(sub, (band.x + isz + theme.px(7), band.centery - sub.get_height() // 2))
    f = res.font("serif_bold", theme.small)
    body = pygame.Rect(
        rect.x + theme.px(6), band.bottom + theme.px(3), rect.w - theme.px(12), rect.bottom - band.bottom - theme.px(5)
    )
    y = body.y
    for ln in wrap_text(cs.title if cs else card_name(spec, card), f, body.w)[:2]:
        img = res.text(ln, "serif_bold", theme.small, T.INK)
        surface.blit(img, (body.centerx - img.get_width() // 2, y))
        y += f.get_linesize()


# -- the option tiles --------------------------------------------------------------------------


class Choice(Clickable):
    """One clickable answer. `paint(surface, rect, theme, hover)`; `on_click(value)` on release.

    A pick choice stands for `ids` (identical fate tiles are one choice): its value is the first
    of them that may still be drawn. `marks` are the places (1, 2...) in the batch where it was
    entered; a marked choice stays where it is, outlined, with its numbers."""

    def __init__(self, name: str, value, paint, on_click, tooltip=None, count: int = 1, ids=None):
        super().__init__(tooltip=tooltip)
        self.name = name
        self.value = value
        self.paint = paint
        self.on_click = on_click
        self.count = count
        self.ids = list(ids) if ids is not None else [value]
        self.marks: list[int] = []
        self.pressed = False

    def can_press(self) -> bool:
        return self.enabled

    def clicked(self) -> None:
        self.on_click(self.value)

    def draw(self, surface, theme):
        if not self.visible:
            return
        self.paint(surface, self.rect, theme, self.hover and self.enabled)
        if not self.enabled:
            veil = pygame.Surface(self.rect.size, pygame.SRCALPHA)
            veil.fill((20, 16, 12, 150))
            surface.blit(veil, self.rect.topleft)
        if self.marks:
            pygame.draw.rect(
                surface,
                T.HILITE,
                self.rect.inflate(theme.px(6), theme.px(6)),
                width=max(2, theme.px(3)),
                border_radius=theme.px(7),
            )
            x = self.rect.right - theme.px(2)
            for m in reversed(self.marks):
                draw_badge(surface, (x, self.rect.top + theme.px(2)), str(m), theme.px(20), T.HILITE, (30, 22, 10))
                x -= theme.px(22)


class Chip(Clickable):
    """One entered value in the strip; a click selects it for correction."""

    def __init__(self, index: int, value, paint, on_click, tooltip=None):
        super().__init__(tooltip=tooltip)
        self.name = f"entered:{index}"
        self.index = index
        self.value = value
        self.paint = paint
        self.on_click = on_click
        self.selected = False
        self.pressed = False

    def clicked(self) -> None:
        self.on_click(self.index)

    def draw(self, surface, theme):
        if not self.visible:
            return
        if self.selected or self.hover:
            pygame.draw.rect(
                surface,
                T.HILITE,
                self.rect.inflate(theme.px(6), theme.px(6)),
                width=max(2, theme.px(2 if self.hover and not self.selected else 3)),
                border_radius=theme.px(6),
            )
        self.paint(surface, self.rect, theme)


def _same_question(a: dict | None, b: dict | None) -> bool:
    return bool(a) and bool(b) and a.get("kind") == b.get("kind") and a.get("what") == b.get("what")


def is_card(what: str) -> bool:
    return what == "card" or what.endswith(" card") or " card " in what


# -- the dialog ------------------------------------------------------------------------------


class OutcomeDialog(Scene):
    """Asks the players for each outcome a command needs; see the module docstring."""

    def __init__(self, app, scene, cmd: dict, err: RuleError):
        super().__init__(app)
        self.under = scene
        self.cmd = dict(cmd)
        self.base = len(self.cmd.get("outcomes") or [])  # values given before the dialog opened
        self.asked: dict[int, dict] = {int(err.data.get("index", self.base)): dict(err.data)}
        self.need: dict = dict(err.data)  # the question now on screen
        self.message = err.message
        self.complete = False  # every value is entered: waiting for Confirm
        self.correcting: int | None = None  # the index of the entry being corrected
        self.note = ""  # what the last change did (a refusal, values cleared)
        self.batch_start = self.need.get("index", 0)
        self.batch_total = 1
        self.live_left = 1
        self._places: list[pygame.Rect] = []
        self._strip_y_off = 0
        self._top: int | None = None
        self._size = (0, 0)
        self.done = False
        self.cancelled = False
        # a card discarded at random from the other player's hand (tracked cards): its options are
        # that hand, so the screen is handed to that player first (`covered_for`)
        self.handed: str | None = None
        self.handed_at = 0
        self.choices: list[Choice] = []
        self.chips: list[Chip] = []
        self.scroll = 0
        self._content_h = 0
        self._strip_h = 0
        self.btn_back = Button(
            _("Back"),
            self.cancel,
            name="back",
            icon="cancel",
            tooltip=Tip(_("Back"), _("Cancel this move: nothing changes.")),
        )
        self.btn_takeback = Button(_("Take back the last value"), self.take_back, name="takeback")
        self.btn_confirm = Button(
            _("Confirm"),
            self.confirm,
            name="confirm",
            icon="check-mark",
            tooltip=Tip(_("Confirm"), _("Carry the move out with the values entered.")),
        )
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self._count()
        self._build()

    @property
    def game(self):  # the crash boundary autosaves this
        return self.under.game

    # -- asking ---------------------------------------------------------------------------
    @property
    def entered(self) -> list:
        return list(self.cmd.get("outcomes") or [])[self.base :]

    def _outs(self) -> list:
        return list(self.cmd.get("outcomes") or [])

    def _with(self, outs: list) -> dict:
        cmd = {k: v for k, v in self.cmd.items() if k != "outcomes"}
        if outs:
            cmd["outcomes"] = list(outs)
        return cmd

    def _probe(self, cmd: dict):
        """The core's answer to `cmd` without changing the game: None (accepted), or the error
        (a RuleError; any other exception is a fault of the core, returned too, never raised)."""
        from ..core.engine import decide

        g = self.under.game
        try:
            decide(g.spec, g.rules, g.state, cmd, in_place=False)
        except Exception as e:  # noqa: BLE001 - a probe must not take the window down
            return e
        return None

    def _placeholder(self, need: dict):
        if need["kind"] == "die":
            return 1
        return (need.get("options") or [None])[0]

    def _count(self) -> None:
        """How many values of this kind the command needs in a row ("die 2 of 5"): the entered
        ones of the batch, the one asked, and the ones after it found by probing ahead."""
        q = self.question_index()
        start = q
        while start - 1 >= self.base and _same_question(self.asked.get(start - 1), self.asked.get(q)):
            start -= 1
        end = q
        while _same_question(self.asked.get(end + 1), self.asked.get(q)):
            end += 1
        self.batch_start = start
        live = max(self.asked)  # the question after the last value entered
        if self.complete:
            self.live_left = 0
        if self.complete or end != live:
            self.batch_total = end - start + 1
            return
        need = self.asked[live]
        k = 0
        outs = self._outs()
        while k < MAX_PROBE:
            outs = outs + [self._placeholder(need)]
            e = self._probe(self._with(outs))
            if (
                not isinstance(e, RuleError)
                or e.code != NEEDS
                or e.data.get("kind") != need["kind"]
                or e.data.get("what") != need.get("what")
                or e.data.get("index") != need["index"] + k + 1
            ):
                break
            k += 1
        self.batch_total = end - start + 1 + k
        self.live_left = self.batch_total - (live - start)  # the empty places shown in the strip

    def question_index(self) -> int:
        """The index of the value the grid is for: the entry being corrected, the next value to
        enter, or (all entered) the last one."""
        if self.correcting is not None:
            return self.correcting
        return max(self.asked)

    def _settle(self, outs: list, start: int) -> bool:
        """Take `outs` as the values entered, keeping its longest acceptable prefix (the values
        before `start` are known good) and learning what each index asks. False if the core
        failed (the dialog has closed)."""
        self.asked = {k: v for k, v in self.asked.items() if k < start}
        dropped = 0
        k = start
        while True:
            e = self._probe(self._with(outs[:k]))
            if e is not None and not isinstance(e, RuleError):  # the core failed: say so, change nothing
                self.cancelled = True
                self._close()
                self.under.notify(
                    _("This cannot be carried out ({why}); nothing changed.").format(why=f"{type(e).__name__}: {e}"),
                    error=True,
                )
                return False
            if isinstance(e, RuleError) and e.code == NEEDS and e.data.get("index") == k:
                self.asked[k] = dict(e.data)
                if k < len(outs):
                    k += 1
                    continue
                self.complete = False
                break
            if e is None:
                dropped = len(outs) - k
                self.complete = True
                break
            # outs[k - 1] is refused (or the prefix itself is): keep what was good, say why
            keep = max(self.base, k - 1)
            dropped = len(outs) - keep
            if keep <= start:  # the value just entered itself (the later ones are "cleared" below)
                self.note = self._refused(e, outs[k - 1] if 0 < k <= len(outs) else None)
            k = keep
            self.complete = False
            if keep not in self.asked:  # nothing can be entered: leave it to the scene
                self.cmd = self._with(outs[:keep])
                self._finish()
                return False
            break
        self.cmd = self._with(outs[:k])
        if dropped and not self.note:
            self.note = ngettext(
                "{n} value after it no longer fits and was cleared.",
                "{n} values after it no longer fit and were cleared.",
                dropped,
            ).format(n=dropped)
        last = max(self.asked)
        self.need = self.asked[last]
        return True

    def _refused(self, e: RuleError, value) -> str:
        """Why an entered value is refused. A card that cannot have been drawn (a generic card the
        other hand or the discard pile holds: the grid offers what the drawing side cannot rule out,
        see `_offered`) is named, not given as the core's card id."""
        spec = self.under.game.spec
        if e.code == "chance/bad_draw" and isinstance(value, str) and value in spec.cards:
            return _("{card} cannot have been drawn: it is not in the deck. Check the card drawn.").format(
                card=card_name(spec, value)
            )
        return refusal(e)

    def _changed(self) -> None:
        self._count()
        self._build()
        self.layout()

    def answer(self, value) -> None:
        """The players say what came up: enter it (or correct the entry selected), then ask the
        next value; when nothing more is needed, wait for Confirm."""
        if self.done:
            return
        self.note = ""
        outs = self._outs()
        if self.correcting is not None:
            i = self.correcting
            self.correcting = None
            if outs[i] == value:
                self._changed()
                return
            new, start = outs[:i] + [value] + outs[i + 1 :], i
        else:
            if self.complete:
                return
            new, start = outs + [value], len(outs)
        if self._settle(new, start):
            self._changed()

    def correct(self, index: int) -> None:
        """Select an entered value to correct (a second click on it leaves it as it was)."""
        if self.done or not self.base <= index < len(self._outs()):
            return
        self.note = ""
        self.correcting = None if self.correcting == index else index
        self._changed()

    def confirm(self) -> None:
        if self.complete and not self.done:
            self._finish()

    def _finish(self) -> None:
        """Close and send the completed command through the scene (refusals show as usual)."""
        self.done = True
        handed = self.handed
        self.handed = None
        if handed is not None:
            self.under._force_public = False
        self._close()
        self.under.submit(self.cmd)
        if handed is not None:  # the player who entered the card is at the screen now
            self.under.seat = handed
            self.under.refresh(force=True)

    def take_back(self) -> None:
        outs = self._outs()
        if len(outs) <= max(self.base, self.handed_at if self.handed is not None else 0):
            return  # (nor what the other player entered before the screen was handed over)
        self.note = ""
        self.correcting = None
        if self._settle(outs[:-1], len(outs) - 1):
            self._changed()

    def cancel(self) -> None:
        """Back: the whole command is dropped; nothing changes."""
        self.cancelled = True
        self._close()
        self.under.notify(_("Cancelled: nothing changed."))

    def covered_for(self) -> str | None:
        """The side the screen must be handed to before this question: the owner of a hand the
        options show, when the command is the other side's (a card it discarded at random)."""
        q = self.question()
        who = self.side(q)
        if (
            not q.get("what", "").endswith("discarded at random")
            or who not in ("fp", "sh")
            or who == self.cmd.get("side")
            or not getattr(self.under, "secret_hands", False)
            or self.handed == who
        ):
            return None
        return who

    def hand_over(self) -> None:
        """The player named on the cover takes the screen: the game below shows the public view."""
        who = self.covered_for()
        if who is None:
            return
        self.handed = who
        self.handed_at = len(self._outs())  # what was entered before is the other player's: not shown
        self.under._force_public = True
        self.under.refresh(force=True)
        self._build_chips()
        self.layout()

    def _close(self) -> None:
        if self.handed is not None:
            # the player who entered the card is at the screen now: the next private view is covered
            self.under._force_public = False
            self.under.seat = self.handed
            self.under.refresh(force=True)
        if self.app.scene is self:
            self.app.pop()
        elif self in self.app.scenes:
            self.app.scenes.remove(self)

    # -- what to show ---------------------------------------------------------------------
    def side(self, need: dict | None = None) -> str | None:
        s = self.cmd.get("side")
        if s in ("fp", "sh"):
            what = (need or self.question()).get("what", "")
            if what.startswith("Free Peoples"):
                return "fp"
            if what.startswith("Shadow"):
                return "sh"
            return s
        return None

    def question(self) -> dict:
        return self.asked.get(self.question_index(), self.need)

    def _opening(self) -> bool:
        p = self.under.game.state["pending"]
        return (
            bool(p)
            and p[-1].get("kind") == "card_draw"
            and bool(p[-1].get("opening"))
            and self.cmd.get("cmd") == "draw_cards"
        )

    def title(self) -> str:
        q = self.question()
        kind, what = q.get("kind"), q.get("what", "")
        if kind == "face":
            return _("Roll the action dice")
        if kind == "die":
            return _("Roll the dice")
        if "fate tile" in what:
            return _("Draw a fate tile")
        if what.endswith("discarded at random"):
            return _("A card discarded at random")
        if is_card(what):
            return _("Opening hand") if self._opening() else _("Draw a card")
        if what == "recruitment token":
            return _("Turn the recruitment token over")
        return _("What came up?")

    def prompt(self) -> str:
        if self.complete and self.correcting is None:
            return ngettext(
                "The value is entered: check it (click it to correct it), then confirm.",
                "All {n} values are entered: check them (click one to correct it), then confirm.",
                len(self.entered),
            ).format(n=len(self.entered))
        q = self.question()
        kind, what = q.get("kind"), q.get("what", "")
        n = q.get("index", 0) - self.batch_start + 1
        name = what_text(what, self.under.game.spec)
        side = self.side()
        if (
            kind == "die"
            and side
            and what in ("combat", "maneuver", "leader re-roll", "maneuver re-roll", "rally", "rally re-roll")
        ):
            name = _("{side} {what}").format(side=side_title(side), what=name)
        if self.batch_total > 1:
            head = _("{what} {n} of {total}").format(what=name[:1].upper() + name[1:], n=n, total=self.batch_total)
        else:
            head = name[:1].upper() + name[1:]
        if self.correcting is not None:
            return _("Correcting — {head}: click the right one, or click the entry again to keep it.").format(head=head)
        if kind == "die":
            return _("{head}: click the number rolled.").format(head=head)
        if kind == "face":
            return _("{head}: click the face rolled.").format(head=head)
        if what == "recruitment token":
            return _("{head}: which unit does it show?").format(head=head)
        if what.endswith("discarded at random"):
            return _("{head}: which card was it?").format(head=head)
        return _("{head}: which one was drawn?").format(head=head)

    def _offered(self, need: dict | None) -> list:
        """What the grid offers for `need`: its options, and for the shared generic deck also the
        generic cards in the other side's hand and its combat card not yet revealed (tracked cards). The core's options are the cards
        left in the deck, which the entering player could otherwise tell apart from the cards the
        other hand holds (R-15: both are unseen by them); a card entered from the other hand is
        refused by the core, as any card that cannot have been drawn. Just after the deck is made
        again from the discard pile (R-5.5, a public pile) the options are exactly what the
        player knows the deck holds, and are offered as they are."""
        options = list((need or {}).get("options") or [])
        what = (need or {}).get("what", "")
        if not options or not what.endswith(" generic card"):
            return options
        state = self.under.game.state
        if set(options) <= set(state.get("discard") or ()):
            return options  # the deck was just made again from the discard pile
        side = self.side(need)
        if side not in ("fp", "sh"):
            return options
        spec = self.under.game.spec
        other = "sh" if side == "fp" else "fp"
        held = list(state["sides"][other]["hand"])
        battle = state.get("battle")
        if battle and not battle.get("cards_revealed"):  # its combat card, chosen and not yet shown
            held.append((battle.get("card") or {}).get(other))
        unseen = {c for c in held if c in spec.cards and spec.cards[c].deck == "generic" and c not in options}
        return options + sorted(unseen)

    def _batch_options(self) -> list:
        """The options of the grid: every value offered at any place of the batch, so that what
        was picked stays where it was."""
        q = self.question_index()
        end = q
        while _same_question(self.asked.get(end + 1), self.asked.get(q)):
            end += 1
        seen: dict = {}
        for k in range(self.batch_start, end + 1):
            for o in self._offered(self.asked.get(k)):
                seen.setdefault(o, None)
        return list(seen)

    def _build(self) -> None:
        spec = self.under.game.spec
        need = self.question()
        kind, what = need.get("kind"), need.get("what", "")
        side = self.side()
        self.scroll = 0
        ch: list[Choice] = []
        options = self._batch_options() if kind == "pick" else (need.get("options") or [])
        if kind == "die":
            for v in range(1, 7):
                ch.append(Choice(f"die:{v}", v, self._die_painter(v, side), self.answer, tooltip=Tip(str(v))))
        elif kind == "face":
            faces = options
            order = [f for f in DIE_FACES.get(side or "", ()) if f in faces]
            order = list(dict.fromkeys(order)) + [f for f in faces if f not in order]
            for f in order:
                n = DIE_FACES.get(side or "", ()).count(f)
                tip = Tip(face_name(f), lines=[_("Two faces of the die show this.")] if n > 1 else [])
                ch.append(Choice(f"face:{f}", f, self._face_painter(f, side), self.answer, tooltip=tip))
        elif "fate tile" in what:
            groups: dict[tuple, list[str]] = {}
            for t in sorted(options):
                ts = spec.fate_tiles.get(t)
                key = (ts.color, ts.value, ts.icon or "", ts.shadow_special) if ts else ("?", 0, t, False)
                groups.setdefault(key, []).append(t)
            for key in sorted(groups, key=lambda k: (k[0] != "grey", k[0], k[1], k[2], k[3])):
                ids = groups[key]
                ts = spec.fate_tiles.get(ids[0])
                lines = [_("Fate tile +{v}").format(v=ts.value) if ts else ids[0]]
                if ts and ts.icon:
                    lines.append(_("With the {icon} icon.").format(icon=ts.icon))
                if ts and ts.shadow_special:
                    lines.append(_("The Shadow's special tile: drawing stops at once."))
                ch.append(
                    Choice(
                        f"tile:{ids[0]}",
                        ids[0],
                        None,
                        self.answer,
                        tooltip=Tip(_("Fate tile"), lines=lines),
                        count=len(ids),
                        ids=ids,
                    )
                )
        elif is_card(what):
            for c in sorted(options, key=lambda c: card_name(spec, c)):
                cs = spec.cards.get(c)
                tip = Tip(card_name(spec, c), lines=[x for x in ((cs.text if cs else ""),) if x])
                ch.append(Choice(f"card:{c}", c, self._card_painter(c), self.answer, tooltip=tip))
        elif what == "recruitment token":
            for u in options:
                ch.append(Choice(f"unit:{u}", u, self._unit_painter(u), self.answer, tooltip=Tip(unit_name(spec, u))))
        else:
            for o in options:
                ch.append(Choice(f"pick:{o}", o, self._text_painter(str(o)), self.answer))
        if kind == "pick":
            self._mark(ch, need)
        self.choices = ch
        self._build_chips()
        self.btn_takeback.visible = len(self.entered) > 0
        self.btn_confirm.visible = self.complete
        self.btn_confirm.enabled = self.complete and self.correcting is None

    def _mark(self, choices: list[Choice], need: dict) -> None:
        """Picks: what this place may still be is clickable; what the batch's other places hold
        is marked with its place; identical tiles count what is left."""
        outs = self._outs()
        q = self.question_index()
        now = set(self._offered(need))
        current = outs[q] if q < len(outs) else None
        for c in choices:
            left = [i for i in c.ids if i in now]
            c.value = current if current in c.ids and current in now else (left[0] if left else c.ids[0])
            c.enabled = bool(left) and (not self.complete or self.correcting is not None)
            c.marks = [
                k - self.batch_start + 1
                for k in range(self.batch_start, len(outs))
                if _same_question(self.asked.get(k), need) and outs[k] in c.ids
            ]
            c.count = len([i for i in c.ids if i in now or (i == current)])
            if "fate tile" in need.get("what", ""):
                c.paint = self._tile_painter(c.ids[0], c.count)

    def _build_chips(self) -> None:
        spec = self.under.game.spec
        chips = []
        for k, v in enumerate(self.entered):
            i = self.base + k
            if self.handed is not None and i < self.handed_at:
                continue  # entered by the other player before the screen was handed over
            q = self.asked.get(i) or {}
            tip = Tip(
                what_text(q.get("what", ""), spec)[:1].upper() + what_text(q.get("what", ""), spec)[1:],
                lines=[self._value_text(v), _("Click to correct it.")],
            )
            chip = Chip(i, v, self._chip_painter(v, self.side(q)), self.correct, tooltip=tip)
            chip.selected = self.correcting == i
            chips.append(chip)
        self.chips = chips

    def _value_text(self, v) -> str:
        spec = self.under.game.spec
        if isinstance(v, int):
            return str(v)
        if v in spec.cards:
            return card_name(spec, v)
        if v in spec.fate_tiles:
            ts = spec.fate_tiles[v]
            return _("Fate tile +{v}").format(v=ts.value)
        if v in spec.units:
            return unit_name(spec, v)
        return face_name(v)

    # painters -------------------------------------------------------------------------------
    def _chip_size(self, v, t) -> tuple[int, int]:
        s = t.px(26)
        spec = self.under.game.spec
        if isinstance(v, int) or v in spec.fate_tiles or v in ALL_FACES:
            return s, s
        return res.font("sans_bold", t.small).size(self._value_text(v))[0] + t.px(14), s

    def _chip_painter(self, v, side):
        spec = self.under.game.spec

        def paint(surface, r, theme):
            if isinstance(v, int):
                draw_pip_die(surface, r, v, side)
            elif v in ALL_FACES:
                draw_die(surface, r, v, side or "fp")
            elif v in spec.fate_tiles:
                draw_fate_tile(surface, r, spec, v)
            else:
                cs = spec.cards.get(v)
                fill = T.PARCHMENT if cs else (70, 62, 50)
                pygame.draw.rect(surface, fill, r, border_radius=theme.px(4))
                if cs:
                    band = pygame.Rect(r.x, r.y, theme.px(5), r.h)
                    pygame.draw.rect(
                        surface,
                        DECK_COLOURS.get(cs.deck, (100, 90, 70)),
                        band,
                        border_top_left_radius=theme.px(4),
                        border_bottom_left_radius=theme.px(4),
                    )
                img = res.text(self._value_text(v), "sans_bold", theme.small, T.INK if cs else T.TEXT)
                surface.blit(img, (r.x + theme.px(9), r.centery - img.get_height() // 2))

        return paint

    def _die_painter(self, v, side):
        def paint(surface, rect, theme, hover):
            s = min(rect.w, rect.h)
            r = pygame.Rect(0, 0, s, s)
            r.center = rect.center
            draw_pip_die(surface, r.move(0, -theme.px(2) if hover else 0), v, side, hover)

        return paint

    def _face_painter(self, f, side):
        def paint(surface, rect, theme, hover):
            lab_h = res.font("sans_bold", theme.small).get_linesize()
            s = min(rect.w, rect.h - lab_h - theme.px(4))
            r = pygame.Rect(0, 0, s, s)
            r.midtop = (rect.centerx, rect.y - (theme.px(2) if hover else 0))
            if hover:
                pygame.draw.rect(
                    surface,
                    T.HILITE,
                    r.inflate(theme.px(8), theme.px(8)),
                    width=max(2, theme.px(2)),
                    border_radius=max(3, s // 5) + theme.px(3),
                )
            draw_die(surface, r, f, side or "fp")
            img = caption(face_name(f), theme, T.HILITE if hover else T.TEXT, rect.w)
            surface.blit(img, (rect.centerx - img.get_width() // 2, r.bottom + theme.px(5)))

        return paint

    def _tile_painter(self, tile, n):
        spec = self.under.game.spec

        def paint(surface, rect, theme, hover):
            s = min(rect.w, rect.h)
            r = pygame.Rect(0, 0, s, s)
            r.center = rect.center
            draw_fate_tile(surface, r, spec, tile, hover)
            if n > 1:
                draw_badge(
                    surface,
                    (r.right - s // 8, r.bottom - s // 8),
                    f"×{n}",
                    max(16, s // 4),
                    (40, 32, 24),
                    (255, 244, 220),
                    border=T.BRASS,
                )

        return paint

    def _card_painter(self, card):
        spec = self.under.game.spec

        def paint(surface, rect, theme, hover):
            draw_card(surface, rect, spec, card, theme, hover)

        return paint

    def _unit_painter(self, u):
        spec = self.under.game.spec
        us = spec.units.get(u)

        def paint(surface, rect, theme, hover):
            lab_h = res.font("sans_bold", theme.small).get_linesize()
            s = min(rect.w, rect.h - lab_h - theme.px(4))
            r = pygame.Rect(0, 0, s, s)
            r.midtop = (rect.centerx, rect.y)
            if hover:
                pygame.draw.rect(
                    surface,
                    T.HILITE,
                    r.inflate(theme.px(8), theme.px(8)),
                    width=max(2, theme.px(2)),
                    border_radius=theme.px(8),
                )
            draw_token(surface, r, us.side if us else None, T.unit_icon(u, us.name if us else ""))
            img = caption(unit_name(spec, u), theme, T.HILITE if hover else T.TEXT, rect.w)
            surface.blit(img, (rect.centerx - img.get_width() // 2, r.bottom + theme.px(4)))

        return paint

    def _text_painter(self, text):
        def paint(surface, rect, theme, hover):
            pygame.draw.rect(surface, T.BUTTON_HOVER if hover else T.BUTTON, rect, border_radius=theme.px(6))
            img = res.text(text, "sans_bold", theme.body, T.TEXT)
            surface.blit(img, img.get_rect(center=rect.center))

        return paint

    # -- layout and drawing ---------------------------------------------------------------
    def _cell(self, t) -> tuple[int, int]:
        q = self.question()
        kind, what = q.get("kind"), q.get("what", "")
        if kind == "die":
            return t.px(84), t.px(84)
        if kind == "face":
            return t.px(104), t.px(80) + res.font("sans_bold", t.small).get_linesize() + t.px(6)
        if "fate tile" in what:
            return t.px(96), t.px(96)
        if is_card(what):
            return t.px(150), t.px(64)
        if what == "recruitment token":
            return t.px(110), t.px(70) + res.font("sans_bold", t.small).get_linesize() + t.px(6)
        return t.px(160), t.row

    def layout(self):
        t = self.theme
        w, h = self.app.size
        cw, chh = self._cell(t)
        gap = t.px(14) if self.question().get("kind") in ("die", "face") else t.px(10)
        n = len(self.choices)
        max_w = min(w - t.px(60), t.px(820))
        per_row = max(1, min(n, (max_w - 2 * t.px(24) + gap) // (cw + gap)))
        if self.question().get("kind") == "die":
            per_row = min(per_row, 6)
        rows = (n + per_row - 1) // per_row if n else 0
        grid_w = per_row * cw + (per_row - 1) * gap
        box_w = max(grid_w + 2 * t.px(24), min(max_w, t.px(560)))
        inner_w = box_w - 2 * t.px(24)
        self._strip_h = self._layout_strip(t, 0, 0, inner_w) if self._show_strip() else 0
        head_h = self._head_height(t, inner_w)
        foot_h = t.row + t.px(20)
        full_grid_h = rows * chh + max(0, rows - 1) * gap
        room = h - t.px(60) - head_h - foot_h
        grid_h = min(full_grid_h, max(chh, room))
        box_h = head_h + grid_h + foot_h + t.px(16)
        self.rect = pygame.Rect(0, 0, box_w, box_h)
        self.rect.center = (w // 2, h // 2)
        # the next question keeps the box's top (and so the grid's first row) where it was, as
        # long as it fits: the grid does not jump between the batches of one command
        if self._top is not None and self._top + box_h <= h - t.px(10) and self._size == (w, h):
            self.rect.top = self._top
        self._top, self._size = self.rect.top, (w, h)
        self.grid = pygame.Rect(self.rect.centerx - grid_w // 2, self.rect.y + head_h, grid_w, grid_h)
        self._content_h = full_grid_h
        self.scroll = max(0, min(self.scroll, full_grid_h - grid_h))
        for i, c in enumerate(self.choices):
            r, col = divmod(i, per_row)
            c.rect = pygame.Rect(self.grid.x + col * (cw + gap), self.grid.y + r * (chh + gap) - self.scroll, cw, chh)
            c.visible = c.rect.bottom > self.grid.y and c.rect.y < self.grid.bottom
        if self._show_strip():
            self._layout_strip(t, self.rect.x + t.px(24), self._strip_y, inner_w)
        by = self.rect.bottom - t.row - t.px(14)
        self.btn_back.rect = pygame.Rect(self.rect.x + t.px(24), by, t.px(130), t.row)
        tw = res.font("sans_bold", t.body).size(self.btn_takeback.text)[0] + t.px(24)
        cw2 = res.font("sans_bold", t.body).size(self.btn_confirm.text)[0] + t.px(56)
        right = self.rect.right - t.px(24)
        if self.btn_confirm.visible:
            self.btn_confirm.rect = pygame.Rect(right - cw2, by, cw2, t.row)
            right -= cw2 + t.px(10)
        self.btn_takeback.rect = pygame.Rect(right - tw, by, tw, t.row)

    def _layout_strip(self, t, x0, y0, width) -> int:
        """Place the chips of the values entered, wrapping; then the empty places of the batch.
        Returns the strip's height."""
        lab_w = res.font("sans", t.small).size(_("Entered:"))[0] + t.px(8)
        x, y = x0 + lab_w, y0
        s = t.px(26)
        row_h = s + t.px(8)
        self._places = []
        for chip in self.chips:
            cw, ch = self._chip_size(chip.value, t)
            if x + cw > x0 + width and x > x0 + lab_w:
                x, y = x0 + lab_w, y + row_h
            chip.rect = pygame.Rect(x, y, cw, ch)
            x += cw + t.px(8)
        for k in range(max(0, min(self.live_left, 20))):
            if x + s > x0 + width and x > x0 + lab_w:
                x, y = x0 + lab_w, y + row_h
            self._places.append(pygame.Rect(x, y, s, s))
            x += s + t.px(5)
        return y - y0 + row_h

    def _head_height(self, t, width) -> int:
        h = t.px(16) + res.font("serif_bold", t.heading + t.px(4)).get_linesize()
        f = res.font("sans_bold", t.body)
        h += len(wrap_text(self.prompt(), f, width)) * f.get_linesize() + t.px(6)
        if self.note:
            fs = res.font("sans", t.small)
            h += len(wrap_text(self.note, fs, width)) * fs.get_linesize() + t.px(4)
        self._strip_y_off = h
        if self._show_strip():
            h += self._strip_h + t.px(4)
        return h + t.px(12)

    @property
    def _strip_y(self) -> int:
        return self.rect.y + self._strip_y_off

    def _show_strip(self) -> bool:
        return bool(self.entered) or self.batch_total > 1

    def handle_event(self, ev):
        if self.covered_for() is not None:  # only the cover's button
            btn = self.under.btn_reveal
            if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and btn.rect.collidepoint(ev.pos):
                self.hand_over()
            return
        if ev.type == pygame.MOUSEWHEEL:
            if self._content_h > self.grid.h:
                self.scroll = max(0, min(self._content_h - self.grid.h, self.scroll - ev.y * self.theme.px(40)))
                self.layout()
            return
        for wdg in [self.btn_back, self.btn_takeback, self.btn_confirm, *self.chips, *self.choices]:
            if wdg.visible and wdg.handle_event(ev):
                return

    def update(self, dt):
        self.under.update(dt)

    def draw(self, surface):
        t = self.theme
        cover = self.covered_for()
        if cover is not None:  # the game scene's own cover: "Hand the screen to ..., who plays the ..."
            under = self.under
            kept = under.curtain
            under.curtain = cover
            try:
                under.draw(surface)
            finally:
                under.curtain = kept
            return
        # the game under the veil, without the tooltip of whatever the pointer rests on under the
        # dialog (it would show through beside the box)
        hover, self.app.hover_time = self.app.hover_time, 0.0
        try:
            self.under.draw(surface)
        finally:
            self.app.hover_time = hover
        w, h = surface.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((12, 10, 8, 170))
        surface.blit(veil, (0, 0))
        box = self.rect
        shade = pygame.Surface(box.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, box.move(t.px(6), t.px(8)))
        pygame.draw.rect(surface, (46, 40, 32), box, border_radius=t.px(10))
        side = self.side()
        edge = T.side_style(side).fill if side else T.BRASS
        pygame.draw.rect(surface, edge, box, width=max(2, t.px(3)), border_radius=t.px(10))
        inner = box.inflate(-t.px(10), -t.px(10))
        pygame.draw.rect(surface, T.BRASS, inner, width=1, border_radius=t.px(7))
        x = box.x + t.px(24)
        y = box.y + t.px(16)
        # title with an icon
        isz = t.heading + t.px(6)
        icon = {"die": "rolling-dices", "face": "perspective-dice-six-faces-random"}.get(
            self.question().get("kind"), "card-random"
        )
        surface.blit(res.icon(icon, isz, T.BRASS_LIGHT), (x, y))
        title = res.text(self.title(), "serif_bold", t.heading + t.px(4), T.BRASS_LIGHT)
        surface.blit(title, (x + isz + t.px(8), y + (isz - title.get_height()) // 2))
        if side:
            lab = res.text(side_title(side), "sans_bold", t.small, T.TEXT)
            r = lab.get_rect(topright=(box.right - t.px(24), y + t.px(6)))
            pygame.draw.rect(surface, T.side_style(side).fill, r.inflate(t.px(12), t.px(6)), border_radius=t.px(4))
            surface.blit(lab, r)
        y += res.font("serif_bold", t.heading + t.px(4)).get_linesize()
        f = res.font("sans_bold", t.body)
        for ln in wrap_text(self.prompt(), f, box.w - 2 * t.px(24)):
            surface.blit(
                res.text(ln, "sans_bold", t.body, T.HILITE if self.complete and self.correcting is None else T.TEXT),
                (x, y),
            )
            y += f.get_linesize()
        if self.note:
            fs = res.font("sans", t.small)
            for ln in wrap_text(self.note, fs, box.w - 2 * t.px(24)):
                surface.blit(res.text(ln, "sans", t.small, (255, 170, 140)), (x, y))
                y += fs.get_linesize()
        if self._show_strip():
            self._draw_entered(surface, t, x, self._strip_y)
        # the choices, clipped to the grid
        clip = surface.get_clip()
        surface.set_clip(self.grid.inflate(t.px(16), t.px(16)))
        for c in self.choices:
            if c.visible:
                c.draw(surface, t)
        surface.set_clip(clip)
        if self._content_h > self.grid.h:  # a scroll bar
            sb_h = max(t.px(20), self.grid.h * self.grid.h // self._content_h)
            sy = self.grid.y + (self.grid.h - sb_h) * self.scroll // max(1, self._content_h - self.grid.h)
            pygame.draw.rect(surface, T.BRASS, (self.grid.right + t.px(10), sy, t.px(4), sb_h), border_radius=t.px(2))
        self.btn_back.draw(surface, t)
        self.btn_takeback.draw(surface, t)
        self.btn_confirm.draw(surface, t)
        self.draw_tooltip(surface)

    def _draw_entered(self, surface, t, x, y):
        """Every value entered for this command, in order, each clickable to correct it, then
        the empty places of the values still to enter in this batch (the current one outlined)."""
        lab = res.text(_("Entered:"), "sans", t.small, T.TEXT_DIM)
        surface.blit(lab, (x, y + t.px(6)))
        for chip in self.chips:
            chip.draw(surface, t)
        s = t.px(26)
        for k, r in enumerate(self._places):
            pygame.draw.rect(surface, (30, 26, 22), r, border_radius=max(3, s // 5))
            pygame.draw.rect(
                surface,
                T.HILITE if k == 0 else (96, 84, 66),
                r,
                width=max(1, t.px(2 if k == 0 else 1)),
                border_radius=max(3, s // 5),
            )
            if k == 0 and self.correcting is None:
                q = res.text("?", "sans_bold", t.small, T.HILITE)
                surface.blit(q, q.get_rect(center=r.center))

    def tooltip_at(self, pos):
        if self.covered_for() is not None:
            return None
        for c in [*self.choices, *self.chips]:
            if c.visible and c.rect.collidepoint(pos):
                return c.tooltip_at(pos)
        for b in (self.btn_back, self.btn_takeback, self.btn_confirm):
            if b.visible:
                tip = b.tooltip_at(pos)
                if tip:
                    return tip
        return None
