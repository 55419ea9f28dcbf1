"""The game screen: status line and toolbar on top, the board on the left, and at the right the
two sides' summaries, the decision panel and the log.

The scene owns the `Game`; every change goes through `submit`, `undo` or `redo`, each followed
by an autosave. Drawing reads `game.view_for(seat)` only.

Seats (docs/ui.md, "The seat model"): `self.seat` is the player at the screen, the seat that
gave the last input (None until someone does). Anything private to another seat (its hand, a card
it drew, its secret tactic, its decision panel) is drawn only after the screen is covered with
"Hand the screen to ..." and that player confirms (`self.curtain`). While a public decision of
the other seat is pending (a roll, casualties, fight on...) either player may be looking, so the
public view is shown. Under the cover nothing but the public board is drawn. In companion mode
the same holds for tracked cards (a side's hand only behind a cover for that side); with physical
cards nothing is secret to the program and both sides' commands are offered on the public view.
Taking back the other player's move needs their consent on a covered screen (`self.consent`),
and forcing past an undo barrier needs both (it is written in the log).

Extending: decision panels are picked per pending kind (`botwotr.ui.panels.register_decision_panel`);
board overlays go in `self.board.overlays`; `notify(text)` shows a message for a few seconds.
"""

from __future__ import annotations

import datetime as _dt

import pygame

from ...core import RuleError
from ...core.game import is_barrier
from ...core.spec import other as other_side
from ...core.view import command_for
from .. import resources as res
from .. import theme as T
from ..animation import Animator, clipped
from ..board_view import BoardView, draw_token, run_steps
from ..dragdrop import DragDrop
from ..help import draw_help
from ..hud import SidesPanel, draw_status_bar, pending_side, phase_text, status_rule, waiting_text
from ..i18n import _
from ..i18n_content import localize_game
from ..i18n_rules import refusal, win_reason
from ..layouts import layout_for
from ..logtext import command_sentence, side_title, table_sentence, thinking_text, winner_title
from ..panels import LOG_SQUEEZED_LINES, DecisionContext, LogPanel, panel_class_for
from .. import decisions as _decisions  # noqa: F401  (registers the decision panels)
from ..warm import WARM_SECONDS
from ..warm import steps as warm_steps
from ..widgets import Button, Panel, Tip, wrap_lines
from .base import Scene
from .game_over import GameOverScene
from .log_view import open_full_log
from .menu import MenuScene, animation_speed, apply_speed

MESSAGE_SECONDS = 6.0
COVER_VEIL = (14, 12, 10, 235)  # the hotseat cover's veil over the public board
VEIL_ROWS = 64  # (drawn in bands this high)
WATCH_PAUSE = 0.8  # seconds between two moves when the computer plays both sides (after the animation)
PAN_AHEAD_AFTER = 20  # idle frames in a row before the board's dragged picture is drawn ahead


# Decisions that show the deciding player's hidden information (their hand, a secret choice):
# in hotseat play the screen is handed over behind a curtain before them. Other decisions are
# made on the public view by whoever must make them.
PRIVATE_DECISIONS = {"action", "discard", "tactic", "combat_card"}
# At the table the tactic tokens are picked in secret and revealed there; the client is told
# both after the reveal (one panel, `decisions/battle.py`), so in companion mode a tactic is
# not private. A combat card still is while the program tracks the hands (its options show the hand).
# With tracked cards a side enters the cards it drew (`card_draw`) on its own view, its hand on the
# screen: behind that side's cover like any other private view.
COMPANION_PRIVATE = (PRIVATE_DECISIONS - {"tactic"}) | {"card_draw"}


def open_game(app, game, replace_all: bool = False):
    """Show `game` in a new `GameScene` with the stored settings; returns the scene (`App.open_game`)."""
    from ...persistence.autosave import journal_problem

    scene = GameScene(app, game)
    apply_speed(scene, animation_speed(app.home))
    problem = journal_problem(game)
    if problem is not None:  # the end of the autosave's journal was torn or garbled: say what was kept
        scene.notify(_("The end of the autosave could not be read: {why}").format(why=problem), error=True)
    if replace_all:
        app.reset_to(scene)
    else:
        app.push(scene)
    return scene


def _steady(last: tuple | None, key: tuple, room: int, least: int, slack: int, short: bool) -> int:
    """The decision panel's height in the side column for `room` px at most, kept as it was laid
    out last for the same `key` while that is within two log rows of the room (the log's newest
    lines wrap to other heights at every command); else the room, less a log row when `short`
    (the log takes room: the next lines fit too), never under `least`. `last`: (key, height)."""
    if last is not None and last[0] == key and room - 2 * slack <= last[1] <= room:
        return last[1]
    return max(least, room - slack) if short else room


class GameScene(Scene):
    def __init__(self, app, game, mode: str | None = None, players: dict | None = None, layout=None):
        super().__init__(app)
        self.game = localize_game(game)  # the shown spec in the window's language (game.rules keeps English)
        # the mode and the players' names come from the game's start options (the log keeps them,
        # so a continued or loaded game reopens as it was started); `mode` overrides for tests
        options = game.state.get("options") or {}
        self.mode = mode = mode or ("companion" if options.get("companion") else "hotseat")
        self.players = players or {"fp": _("Player 1"), "sh": _("Player 2"), **(options.get("players") or {})}
        self.layout_data = layout or layout_for(game.spec)
        self.board = BoardView(self.layout_data, game.spec)
        self.board.on_region_click = self.region_clicked
        self.sides = SidesPanel(game.spec)
        self.decision = None
        self.decision_kind = object()
        # its "Full log" button opens what L opens
        self.log_panel = LogPanel(on_pick=self.look_back, on_full=lambda: open_full_log(self))
        self.looking_at: int | None = None  # showing the position after this many log entries
        self.btn_present = Button(_("Back to the present"), self.back_to_present, name="present")
        self.toolbar = Panel(bg=None)
        self.btn_undo = self.toolbar.add(
            Button(_("Undo"), self.undo, name="undo", tooltip=Tip(_("Undo"), _("Take back the last move.")))
        )
        self.btn_redo = self.toolbar.add(Button(_("Redo"), self.redo, name="redo"))
        self.btn_save = self.toolbar.add(
            Button(
                _("Save"),
                self.save,
                name="save",
                tooltip=Tip(_("Save (Ctrl+S)"), _("Save a copy under a new name; the game is autosaved anyway.")),
            )
        )
        self.btn_shot = self.toolbar.add(
            Button(
                _("Picture"),
                self.ask_picture,
                name="screenshot",
                tooltip=Tip(_("Picture (F12)"), _("Save a PNG of this view.")),
            )
        )
        self.btn_fit = self.toolbar.add(
            Button(
                _("Fit"),
                self.board.camera.fit,
                name="fit",
                tooltip=Tip(_("Fit"), _("Show the whole board (wheel: zoom, drag: pan).")),
            )
        )
        self.btn_speed = self.toolbar.add(
            Button(
                "1×",
                self.cycle_speed,
                name="speed",
                tooltip=Tip(_("Animation speed"), _("1×, 2× or 4×. Space, Escape or a click skips an animation.")),
            )
        )
        self.btn_hint = self.toolbar.add(
            Button(
                _("Hint"),
                self.ask_hint,
                name="hint",
                tooltip=Tip(
                    _("Hint (I)"),
                    _("What would the hard computer do now? Shown on the board; the log says a hint was taken."),
                ),
            )
        )
        self.btn_menu = self.toolbar.add(
            Button(
                _("Menu"),
                self.open_menu,
                name="menu",
                tooltip=Tip(
                    _("Menu (Escape)"),
                    _(
                        "Resume, save as, load, rules help, settings, quit to "
                        "the title. The game is autosaved after every move."
                    ),
                ),
            )
        )
        # the end of the game: its screen opens once when the game is won (scenes/game_over.py)
        self.btn_the_end = Button(_("The end: summary, review, play again"), self.open_the_end, name="the_end")
        self.end_shown = bool(game.state.get("winner"))  # a finished game opened again: not at once
        self._end_steps: tuple | None = None  # (the log's length, the end's dialog's steps) while it is made
        self._end_capture = False  # this frame's picture is wanted as the dialog's backdrop
        self.end_backdrop: pygame.Surface | None = None  # ... drawn onto this (`GameOverScene.steps`)
        self.end_captured = False
        self.btn_force_undo = Button(_("Take it back anyway"), lambda: self.undo(force=True), name="force_undo")
        self.btn_force_undo.visible = False
        self.btn_reveal = Button("", self.lift_curtain, name="reveal")
        self._veil_band: pygame.Surface | None = None  # the cover's veil, a band of it (`_draw_curtain`)
        # what the first commands would make, made in idle frames after opening (botwotr/ui/warm.py)
        self._warm = warm_steps(self)
        self._warm_log = len(game.log)
        self._warm_frames = 0  # frames drawn (none of the warm-up in the first: the opening's)
        self._idle_run = 0  # idle frames in a row (the dragged picture waits for `PAN_AHEAD_AFTER` of them)
        self.warm_spent = 0.0  # (the seconds the warm-up took, in all: bench/first_commands.py)
        # an undo of the other player's move (or past a barrier) waits for their answer
        self.consent: dict | None = None
        self.btn_allow = Button(_("Allow"), lambda: self.answer_undo(True), name="allow", icon="check-mark")
        self.btn_refuse = Button(_("Refuse"), lambda: self.answer_undo(False), name="refuse")
        # the Picture button asks which view to save
        self.picture_menu = False
        self.btn_pic_public = Button(_("Public view"), lambda: self.screenshot("public"), name="picture_public")
        self.btn_pic_seat = Button("", lambda: self.screenshot("seat"), name="picture_seat")
        self._force_public = False
        self.log_below = False
        self.message = ""
        self.message_time = 0.0
        self.message_error = False
        self._version = None
        # The status bar and the side column (and the log band under a wide board) are drawn into
        # a picture of their own, kept until an event, a refresh or a layout changes them
        # (`_draw_panels`); a frame blits it, so an animated frame draws only the board.
        self._panels: tuple | None = None  # the key of what the picture shows (None: draw it again)
        self._panels_layer: pygame.Surface | None = None
        self._panels_shown: pygame.Surface | None = None  # the picture last blitted to the window
        # Within the picture each part (the status bar with the toolbar, the sides' summaries,
        # the decision panel, the log) is drawn again only when its signature changed or an
        # event touched it (`_panel_parts`, `_dirty`): a command that changes the log and the
        # board redraws the log, the decision panel and the bar, not the summaries.
        self._part_sigs: dict[str, tuple] = {}
        self._dirty: set[str] = set()
        # what the decision panel's drawing read when it was last drawn into the picture (None:
        # unknown): a refresh whose panel reads the same keeps it (`_draw_panels`)
        self._decision_drawn = None
        self._decision_next = None
        self._split: tuple | None = None  # (what the column's split was laid out for, the panel's height)
        self._squeeze: tuple | None = None  # the same for a panel that takes rows of the log
        self.decisions_kept = 0  # (how many times: tests/ui/test_kept_panels.py)
        # the picture (with its key and parts' signatures) of the last other window size: a
        # window resized back finds it and draws again only the parts that changed
        self._other_panels: tuple | None = None
        # A new window size: the frames show the last picture's parts scaled onto their new
        # rectangles while the picture at the new size is drawn a part or so a frame
        # (`_PanelBuild`, `panel_build_seconds` of `board.build_clock` a frame); False: at once.
        self.progressive_panels = True
        self.panel_build_seconds = 0.002
        # The layout at a window size not laid out before measures its texts at the new scale
        # (4-6 ms the first time at a scale): when the frame of the resize shows only stand-ins
        # (the panels' and the board's last pictures scaled), it places only the board and the
        # panels' rectangles, and the widgets are laid out at the start of the next frame, or
        # before any input (`_layout_later`, `_finish_layout`). False: laid out at once.
        self.defer_layout = True
        self._layout_due: int | None = None  # (the frame whose resize left the layout for later)
        self._layout_spent = 0.0  # (what that layout took of `board.build_clock`, off the frame's share)
        self._laid_out_for: tuple | None = None
        self._panel_build: _PanelBuild | None = None
        self._shown_stamp: tuple | None = None  # what the picture last blitted whole was drawn for
        self._shown_key: tuple | None = None
        self._panel_transition_pics: dict = {}
        self._shown_rects: list = []
        self._last_mouse: tuple | None = None
        self.cache_panels = True  # False: the panels are drawn onto the window every frame, as before
        # (the surface, its size, and the rectangles the last frame's overlays drew in over the
        # board's and the panels' pictures: `draw` puts those back when the app says the window
        # still holds that frame; None: the next frame is drawn whole)
        self._on_screen: tuple | None = None
        # who is at the screen: the seat that gave the last input (None: nobody yet, so a hotseat
        # game starts covered until the player to decide says it is them)
        self.seat: str | None = None
        # the computer's player (`game.computer`: {side: level}, kept in the save) and the hints
        # of any game (botwotr/ui/computer.py); against the computer one person is at the screen,
        # always on their own seat: no cover
        from ..computer import Computer

        self.computer = Computer(self, None, None, levels=getattr(game, "computer", None) or {})
        self._calm_log = len(game.log)  # the log's length at the last `calm` (a frame that moved is not calm)
        self._thinking_log = len(game.log)  # and at the last `thinking`
        self._moved_log = len(game.log)  # and at the last `moved` (the app asks it at each frame's end)
        if self.computer.person is not None:
            self.seat = self.computer.person
        # the computer plays both sides (`computer.watching`): the game plays itself, a move at a
        # time after a pause to follow it (`watch_pause` seconds after its animation), with Pause
        # and Step in the toolbar instead of the players' buttons
        self.watch_pause = WATCH_PAUSE
        self.watch_wait = 0.0
        self.watch_paused = False
        self.watch_steps = 0
        self.btn_watch = Button(
            _("Pause"),
            self.toggle_watch,
            name="watch_pause",
            tooltip=Tip(_("Pause (Space)"), _("Stop the game between two moves; press again to go on.")),
        )
        self.btn_step = Button(
            _("Step"),
            self.watch_step,
            name="watch_step",
            tooltip=Tip(_("Step (N)"), _("While paused: the next move, and no more.")),
        )

        self.table_move: dict | None = None  # companion: the computer's move told to the table
        self.btn_table_done = Button(_("Done on the table"), self.table_done, name="table_done", icon="check-mark")
        self.btn_retry = Button(_("Try again"), self.computer_retry, name="computer_retry")
        # hotseat: set when a command answered the other side's public decision, so either player may
        # be at the screen: only the public view until a cover is lifted (seat_model)
        self.seat_unsure = False
        self.curtain: str | None = None
        self.actor: str | None = None
        self.shown = "public"
        self.view = game.view_for("public")
        self.legal: list[dict] = []
        # animations of new events, drag-and-drop of pieces, the help overlay (F1 / H)
        self.animator = Animator(self.board)
        self.dragdrop = DragDrop(self)
        self.board.overlays += [self.animator.draw_board, self.dragdrop.draw_board]
        self.show_help = False
        # board-edit mode: the players' adjustments (botwotr/ui/edit_mode.py)
        from ..edit_mode import EditMode

        self.edit = EditMode(self)
        self.toolbar.children.insert(0, self.edit.button)
        if self.computer.watching:  # nobody plays: Pause and Step instead of the players' buttons
            players = (self.edit.button, self.btn_undo, self.btn_redo, self.btn_hint)
            self.toolbar.children = [b for b in self.toolbar.children if b not in players]
            self.toolbar.children[:0] = [self.btn_watch, self.btn_step]

    # -- state ---------------------------------------------------------------------------
    def version(self):
        return (len(self.game.log), id(self.game.state), self.looking_at)

    def look_back(self, n: int) -> None:
        """Show the position after the first n log entries (read-only) until 'back to the present'."""
        self.looking_at = n if n is not None and n < len(self.game.log) else None
        self.animator.finish()
        self.refresh()

    def back_to_present(self) -> None:
        self.looking_at = None
        self.refresh()

    def refresh(self, force: bool = False) -> None:
        if not force and self._version == self.version():
            return
        self._version = self.version()
        self._dirty.add("decision")  # (a new context: the other parts are compared by signature)
        game = self.game
        top = game.state["pending"][-1] if game.state["pending"] else None
        legal = game.legal_commands()
        self.curtain, shown, actor, legal = self.seat_model(top, legal)
        self.actor, self.shown = actor, shown
        if self.looking_at is not None and self.looking_at >= len(game.log):
            self.looking_at = None
        if self.looking_at is not None:
            from ...core.view import view_for

            self.view = view_for(game.state_at(self.looking_at), shown)
        else:
            self.view = game.view_for(shown)
        if self.looking_at is not None:
            legal = []
        self.legal = legal
        kind = top["kind"] if top else None
        cls = panel_class_for(kind)
        if type(self.decision) is not cls:
            self.decision = cls(self)
        self.decision_kind = kind
        ctx = DecisionContext(game, self.view, shown, top, legal, waiting_text(game.spec, self.view))
        self.decision.refresh(ctx)
        self.log_panel.refresh(game, shown)
        self.sides.view, self.sides.seat = self.view, shown
        self.btn_undo.enabled = game.can_undo(force=True)
        self.btn_redo.enabled = game.can_redo()
        self.btn_watch.enabled = self.btn_step.enabled = not game.state.get("winner")  # nothing left to watch
        self.board.highlights = self.decision.highlights()
        if getattr(self, "computer", None) is not None and self.computer.hint is not None:
            self.hint_changed()  # (a hint still shown keeps its tints and marks: a look back and return)
        self.layout()
        self._layout_cover()

    @property
    def secret_hands(self) -> bool:
        """Whether the program knows cards a player must not see: hotseat, or companion with
        tracked cards."""
        options = self.game.state.get("options") or {}
        return self.mode == "hotseat" or not options.get("physical_cards")

    def seat_model(self, top, legal) -> tuple:
        """(cover for whom or None, the seat whose view is drawn, who answers, the commands offered)."""
        state = self.game.state
        if self._force_public:
            return None, "public", None, []
        if self.consent:  # (also once the game is won: taking back the winning move asks too)
            return self.consent["side"], "public", None, []
        if state.get("winner") or top is None:
            return None, "public", None, [c for c in legal if c.get("side") == "players"]
        if self.computer.watching:  # nobody plays: the public view (both hands hidden), no command
            return None, "public", None, []
        if self.computer.side is not None:  # one person at the screen, on their own seat
            person = self.computer.person
            mine = [c for c in legal if c.get("side") in (person, "players")]
            return None, person, person if any(c.get("side") == person for c in legal) else None, mine
        players = [c for c in legal if c.get("side") == "players"]
        if self.secret_hands and getattr(self, "edit", None) is not None and self.edit.active:
            # the board is edited by both players together (they agree on the edits), so both
            # may be looking: the public view only; closing the mode covers the next private view
            return None, "public", None, players
        deciders = [s for s in dict.fromkeys(c.get("side") for c in legal) if s in ("fp", "sh")]
        first = pending_side(state)
        deciders.sort(key=lambda s: (s != self.seat, s != first))
        if not deciders:
            return None, "public", None, players
        who = deciders[0]
        asked = {s for s in [top.get("side"), *(top.get("sides") or ())] if s in ("fp", "sh")}
        private = (
            top["kind"] in (PRIVATE_DECISIONS if self.mode == "hotseat" else COMPANION_PRIVATE) and self.secret_hands
        )
        if self.mode == "hotseat":
            if self.seat is None or (private and (self.seat != who or self.seat_unsure)):
                return who, "public", None, []
            mine = [c for c in legal if c.get("side") in (who, "players")]
            if not self.seat_unsure and (private or asked <= {self.seat}):
                return None, self.seat, who, mine  # only this player can be looking
            return None, "public", who, mine  # the other player answers; either may be looking
        # companion: both players at the table; a tracked hand only behind a cover for its side
        if private:
            if self.seat != who:
                return who, "public", None, []
            return None, who, who, [c for c in legal if c.get("side") in (who, "players")]
        return None, "public", None, legal

    def screen_shared(self) -> None:
        """Both players may have been looking (the board was edited together): the screen counts
        as nobody's own, so the next private view is covered first (hotseat: the public view until
        then)."""
        if self.mode == "hotseat":
            self.seat_unsure = self.seat is not None
        else:
            self.seat = None
        self.refresh(force=True)

    def lift_curtain(self) -> None:
        if self.curtain and not self.consent:
            self.seat = self.curtain
            self.seat_unsure = False
            self.curtain = None
            self.refresh(force=True)

    def submit(self, cmd: dict, by_computer: bool = False) -> bool:
        """Give a command; False (and the reason shown) if refused. In companion mode a command
        that needs dice or draws opens the outcome dialog and returns True: the dialog completes
        it through this method again, or drops it (Back). The computer's own cards (drawn, or
        discarded at random) are picked here, never asked (`Computer.own_pick`)."""
        self.looking_at = None
        while True:
            try:
                events = self.game.submit(cmd)
                break
            except RuleError as e:
                if e.code == "chance/needs_outcome":  # companion mode: ask the players what came up
                    pick = self.computer.own_pick(cmd, e)
                    if pick is not None:
                        cmd = pick
                        continue
                    from ..outcomes import ask_outcomes

                    ask_outcomes(self, cmd, e)
                    return True  # the dialog completes the command (or Back drops it)
                self.notify(_("Refused: {why}").format(why=refusal(e)), error=True)
                return False
        self.btn_force_undo.visible = False
        if self.computer.side is not None:  # the person stays at the screen whoever gave it
            self.autosave()
            self.refresh()
            self.animator.feed(events, from_drop=not by_computer)
            return True
        if cmd.get("side") in ("fp", "sh"):
            if self.mode == "hotseat" and self.seat in ("fp", "sh") and cmd["side"] != self.seat:
                # the other side's public decision (a fate draw) was answered: either player may be
                # at the screen, so no hand is shown until a cover is lifted
                self.seat_unsure = True
            self.seat = cmd["side"]  # whoever gave a command is at the screen now
        self.autosave()
        self.refresh()
        self.animator.feed(events, from_drop=not self.curtain)  # a new hotseat player sees it all
        return True

    def undo(self, force: bool = False) -> None:
        """Take back the last move. In hotseat play, taking back the other player's move asks them
        first on a covered screen, and forcing past a barrier (revealed dice, cards, a secret
        choice) needs both players: the one asking and the other, who answers behind the cover."""
        self.animator.finish()
        self.dragdrop.cancel(snap=False)
        game = self.game
        if self.computer.watching:
            self.notify(_("The computer plays both sides: there is no move of yours to take back."), error=True)
            return
        if self.computer.side is not None:
            self._undo_against_computer(force)
            return
        if not game.can_undo(force=True):
            self.notify(_("There is nothing to undo."), error=True)
            return
        last = game.log[-1]
        barrier = is_barrier(last)
        if barrier and not force:
            self._ask_to_force(
                _("That move revealed dice, cards or a secret choice; both players must agree to take it back.")
            )
            return
        owner = last["cmd"].get("side")
        # Who pressed Undo: the player at the screen; while the other player answers a public
        # decision either may have, so the one being asked is taken, and afterwards the screen
        # counts as nobody's (the next private view is covered first).
        unsure = self.actor in ("fp", "sh") and self.shown == "public"
        asker = self.actor if unsure else self.seat
        if self.mode == "hotseat" and asker in ("fp", "sh") and (barrier or owner in ("fp", "sh") and owner != asker):
            what = command_sentence(command_for(last["cmd"], asker), game.spec, game.state_at(len(game.log) - 1))
            self.consent = {
                "side": other_side(asker),
                "asker": asker,
                "force": barrier,
                "what": what,
                "mine": owner == other_side(asker),
            }
            self.btn_force_undo.visible = False
            self.refresh(force=True)
            return
        self._take_back(force=barrier, agreed=(asker,) if asker in ("fp", "sh") else ("players",))
        if unsure and self.mode == "hotseat":
            self.seat = None
            self.refresh(force=True)

    def answer_undo(self, allow: bool) -> None:
        """The other player's answer on the covered screen."""
        ask, self.consent = self.consent, None
        if not ask:
            return
        self.seat = ask["side"]
        self.seat_unsure = False  # answered behind the cover
        if allow:
            self._take_back(force=ask["force"], agreed=(ask["asker"], ask["side"]))
        else:
            self.notify(_("The {side} player did not agree to take it back.").format(side=side_title(ask["side"])))
            self.refresh(force=True)

    def _take_back(self, force: bool, agreed: tuple) -> None:
        try:
            self.game.undo(force=force, agreed=agreed)
        except RuleError as e:
            self.notify(refusal(e), error=True)
            self.layout()
            return
        self.btn_force_undo.visible = False
        self.message_time = 0.0
        if force:
            self.notify(_("Taken back, as both players agreed; the log says so."))
        self.autosave()
        self.refresh(force=True)

    def _ask_to_force(self, why: str) -> None:
        """An undo past revealed dice, cards or a secret choice: say why and offer "Take it back anyway"."""
        self.notify(why, error=True)
        self.btn_force_undo.visible = True
        self.layout()

    def _undo_against_computer(self, force: bool) -> None:
        """Take back the person's last decision and the computer's answers to it (a thinking
        worker is stopped). Over revealed dice, cards or a secret choice only when forced; the log
        says the person took it back."""
        game = self.game
        person = self.computer.person
        k = max((i for i, e in enumerate(game.log) if e["cmd"].get("side") in (person, "players")), default=0)
        if k < 1:
            self.notify(_("There is nothing to undo."), error=True)
            return
        barrier = any(is_barrier(e) for e in game.log[k:])
        if barrier and not force:
            self._ask_to_force(
                _("That move revealed dice, cards or a secret choice; take it back anyway only if you must.")
            )
            return
        self.computer.cancel()
        self.table_move = None
        try:
            while len(game.log) > k:
                game.undo(force=barrier, agreed=(person,))
        except RuleError as e:
            self.notify(refusal(e), error=True)
        self.btn_force_undo.visible = False
        self.message_time = 0.0
        if barrier:
            self.notify(_("Taken back; the log says so."))
        self.autosave()
        self.refresh(force=True)

    def redo(self) -> None:
        try:
            self.animator.feed(self.game.redo())
            # against the computer: the person's decision comes back with the computer's answers
            while self.computer.side is not None and self.game.can_redo():
                if self.game._redo[-1]["cmd"].get("side") != self.computer.side:
                    break
                self.animator.feed(self.game.redo())
        except RuleError as e:
            self.notify(refusal(e), error=True)
            return
        self.autosave()
        self.refresh()

    # -- the computer's player and hints (botwotr/ui/computer.py) ------------------------
    def ask_hint(self) -> None:
        """The Hint button (I): what the hard computer would do for the player deciding now."""
        if self.curtain or self.looking_at is not None or not self.actor or not self.legal:
            self.notify(_("A hint is for a decision of yours; there is none now."), error=True)
            return
        if self.shown != self.actor:
            # the public view (hotseat, the shared companion screen): the other player may be at
            # the screen, and a hint may name a card of this side's hand or its secret choice
            self.notify(_("A hint may name your cards: show your side first."), error=True)
            return
        if self.computer.ask_hint(self.actor) == "busy":
            self.notify(_("The computer is thinking; ask for a hint on your own decision."), error=True)

    def hint_taken(self, hint: dict) -> None:
        """A hint came back: written in the log (and the save), shown on the board."""
        game = self.game
        hints = getattr(game, "hints", None)
        if hints is None:
            hints = game.hints = []
        hints.append({"entry": len(game.log), "side": hint["side"]})
        self.autosave()
        self.log_panel._key = None  # (the log's last entry has a row more)
        self.log_panel.refresh(game, self.shown)
        self.hint_changed()

    def hint_changed(self) -> None:
        """A hint shown or gone: its regions tinted on the board, its card marked in the hand and
        its card or tactic on the decision panel's tile (or the tints and marks taken away)."""
        if self.decision is not None:
            self.board.highlights = self.decision.highlights()
        hint = self.computer.hint
        if hint is not None:
            self.board.highlights = {**self.board.highlights, **{r: T.HINT_COLOUR for r in hint["regions"]}}
        card = hint.get("card") if hint is not None else None
        self.sides.marked = (hint["side"], card) if card else None
        if self.decision is not None and hasattr(self.decision, "mark_hint"):
            self.decision.mark_hint(hint.get("tiles", ()) if hint is not None else ())
            self._dirty.add("decision")  # (its tiles' outlines: drawn again)

    def computer_answer(self, answer: dict) -> None:
        """The computer's decision, once the last animation is over: given at once, or in
        companion mode told to the table first (the players carry it out and press Done)."""
        if self.animator.busy or self.app.scene is not self or self.btn_force_undo.visible:
            return  # (nor while the person is asked whether to take back past revealed chance)
        if self.computer.watching:  # the game plays itself: at a pace to follow, paused, a step
            if self.watch_wait > 0 or (self.watch_paused and not self.watch_steps):
                return
            self.watch_steps = max(0, self.watch_steps - 1)
            self.watch_wait = self.watch_pause
        if self.mode == "companion":
            if self.table_move is None or self.table_move["version"] != answer["version"]:
                cmd = answer["command"]
                self.table_move = {
                    "version": answer["version"],
                    "command": cmd,
                    "text": table_sentence(cmd, self.game.spec, self.game.state),
                }
            return
        self.computer.answer = None
        self._computer_submit(answer["command"])

    def table_done(self) -> None:
        move, self.table_move = self.table_move, None
        if move is None:
            return
        self.computer.answer = None
        self._computer_submit(move["command"])

    def _computer_submit(self, cmd: dict) -> None:
        version = self.computer.move_key()
        if not self.submit(cmd, by_computer=True):
            self.computer.failure = _("The computer chose a move the rules refuse.")
            self.computer.failed_at = version

    def toggle_watch(self) -> None:
        """Pause / go on (the computer playing both sides): stops between two moves."""
        self.watch_paused = not self.watch_paused
        self.watch_steps = 0
        self.btn_watch.text = _("Go on") if self.watch_paused else _("Pause")
        self.btn_watch.selected = True if self.watch_paused else None
        self.notify(_("Paused: Step gives the next move.") if self.watch_paused else _("The game goes on."))
        self.layout()

    def watch_step(self) -> None:
        """While paused: the next move (its animation, its log line), then paused again."""
        if not self.watch_paused:
            self.toggle_watch()
        self.watch_steps = 1
        self.watch_wait = 0.0

    def computer_failed(self, text: str, purpose: str | None) -> None:
        self.notify(text, error=True)

    def computer_retry(self) -> None:
        self.computer.retry()

    def autosave(self) -> None:
        from ...persistence.autosave import autosave

        try:
            autosave(self.game, self.app.home)
        except OSError as e:
            self.notify(_("The autosave failed: {why}").format(why=e), error=True)

    def save(self) -> None:
        """Ctrl+S and the Save button: a copy under a new name (the autosave goes on as well)."""
        from ...persistence.autosave import save_copy

        stem = _("{scenario} - turn {turn} - {date}").format(
            scenario=self.game.spec.name, turn=self.game.state["turn"], date=f"{_dt.datetime.now():%Y-%m-%d %H.%M}"
        )
        try:
            path = save_copy(self.game, stem, self.app.home)
        except OSError as e:
            self.notify(_("The game could not be saved: {why}").format(why=e), error=True)
            return
        self.notify(_("Saved: {path}").format(path=path.name))

    def ask_picture(self) -> None:
        """The Picture button: the public view, or (when a seat's own view is on the screen) that view."""
        if self.curtain or self.shown == "public":
            self.screenshot("public")
            return
        self.picture_menu = not self.picture_menu
        self.btn_pic_seat.text = _("{side}'s view").format(side=side_title(self.shown))
        self._layout_cover()

    def screenshot(self, which: str = "seat") -> None:
        """Save a PNG of the screen; "public" draws the public view for it (no hand, no secret)."""
        self.picture_menu = False
        self._force_public = which == "public" and self.shown != "public"
        try:
            if self._force_public:
                self.refresh(force=True)
            self.app.draw()  # the picture without the pressed button's tooltip state mattering
            path = self.app.screenshot()
        finally:
            if self._force_public:
                self._force_public = False
                self.refresh(force=True)
        self.notify(_("Picture saved: {path}").format(path=path))

    def to_title(self) -> None:
        """Nothing to ask: the game is in its own autosave file, which Continue opens."""
        from ...persistence.autosave import touch

        self.autosave()
        touch(self.game)
        self.app.to_title()

    def open_menu(self, page: str = "main") -> None:
        self.dragdrop.cancel(snap=False)
        self.app.push(MenuScene(self.app, self, page))

    def cycle_speed(self) -> None:
        self.btn_speed.text = f"{self.animator.cycle_speed()}×"
        self.layout()

    def notify(self, text: str, error: bool = False) -> None:
        self.message = text
        self.message_time = MESSAGE_SECONDS
        self.message_error = error

    def region_clicked(self, region: str) -> None:
        if self.edit.active:
            self.edit.region_clicked(region)
            return
        if self.decision is not None and not self.curtain:
            self.decision.region_clicked(region)
            self.board.highlights = self.decision.highlights()

    # -- scene interface -----------------------------------------------------------------
    def on_enter(self):
        self.refresh(force=True)
        if self.computer.side is not None:
            self.computer.warm_up()
        if not self.game.state.get("winner"):  # (the banner's title, first drawn in the frame after the last command)
            for side in ("fp", "sh"):
                res.text(winner_title(side), "serif_bold", self.theme.px(40), T.BRASS_LIGHT)

    def on_exit(self):
        self.computer.close()

    def _geometry(self) -> tuple:
        """The status bar's, the board's and the side column's rectangles at the window's size,
        and whether the log goes under the board (no text measured)."""
        t = self.theme
        w, h = self.app.size
        bar = t.px(40)
        side_w = t.sidebar_width
        # a board much wider than its room (4:3 windows, 800x600) leaves a band below it: the
        # log goes there instead of into the side column
        bw_, bh_ = w - side_w, h - bar
        ww, wh = self.layout_data.size
        fitted_h = int(bw_ * wh / ww) + t.pad
        below = bh_ - fitted_h >= t.px(140)
        board = pygame.Rect(0, bar, bw_, fitted_h if below else bh_)
        return pygame.Rect(0, 0, w, bar), board, pygame.Rect(w - side_w, bar, side_w, h - bar), below

    def on_resize(self, w, h):
        if not self._layout_later():
            self.layout()

    def _layout_later(self) -> bool:
        """At a new window size, when the frame will show only the stand-ins: the board's and
        the panels' rectangles placed, the widgets' layout left to the next frame (True)."""
        size = self.app.size
        bar, board, side, below = self._geometry()
        shown, layer, kept = self._panels_shown, self._panels_layer, self._other_panels
        if not (
            self.defer_layout
            and self.progressive_panels
            and self.cache_panels
            and self.app.scene is self  # (a scene under a dialog is not updated: laid out at once)
            and self._laid_out_for not in (None, (size, self.theme))
            and below == self.log_below
            # the stand-in will be shown: the last whole picture drawn for what is shown now,
            # and no picture kept for this size (whose parts would be drawn again where they were)
            and shown is not None
            and self._shown_key is not None
            and self._shown_stamp == self._panels_stamp()
            and self._dirty <= {"decision"}
            and shown.get_size() != size
            and (layer is None or layer.get_size() != size)
            and (kept is None or kept[0].get_size() != size)
            # nothing drawn over the frame at the widgets' places
            and not (self.curtain or self.consent or self.picture_menu or self.show_help or self.edit.active)
            and not (self.dragdrop.active or self.dragdrop.popup is not None or self.animator.busy)
            and self.looking_at is None
            and not self.view.get("winner")
            and not self.btn_force_undo.visible
            and not (self.message and self.message_time > 0)
            and self.computer.thinking is None
            and self.computer.hint is None
            and self.table_move is None
            and not self.computer.failure
        ):
            return False
        self.bar_rect, self.side_rect = bar, side
        self.board.set_rect(board)
        self._layout_due = self.app.frame
        return True

    def _finish_layout(self) -> None:
        """The widgets' layout left by a resize's frame; the panels' picture being drawn at the
        new size goes on (its parts are all drawn by its steps)."""
        clock = self.board.build_clock
        t0 = clock()
        self.layout()
        self._layout_spent += clock() - t0
        build = self._panel_build
        if build is not None and build.key == self._panels_key(self.app.screen):
            build.sigs = self._sigs_now()
            self._dirty.discard("decision")

    def layout(self):
        self._layout_due = None
        self._laid_out_for = (self.app.size, self.theme)
        self._dirty.add("decision")  # (its widgets are laid out again; the others' rects are in their signatures)
        t = self.theme
        w, h = self.app.size
        self.bar_rect, board, side, self.log_below = self._geometry()
        bar = self.bar_rect.h
        self.board.set_rect(board)
        # toolbar at the right of the status line
        x = w - t.pad
        for b in reversed(self.toolbar.children):
            bw = res.font(b.kind, t.body).size(b.text)[0] + t.px(18)
            b.rect = pygame.Rect(x - bw, t.px(5), bw, bar - t.px(10))
            x -= bw + t.px(6)
        self.toolbar.rect = pygame.Rect(x, 0, w - x, bar)
        self.side_rect = side
        inner = side.inflate(-2 * t.pad, -2 * t.pad)
        # the summaries go compact when they would squeeze the decision panel and the log's 8 lines
        log_min = self.log_panel.min_height(t, width=inner.w)
        panel_min = t.px(getattr(self.decision, "min_height", 90))  # (a battle's secret choice needs more)
        room = None if self.log_below or self.edit.active else inner.h - 2 * t.pad - panel_min - log_min
        self.sides.rect = pygame.Rect(inner.x, inner.y, inner.w, 0)
        sh = self.sides.needed_height(t, room)
        self.sides.rect = pygame.Rect(inner.x, inner.y, inner.w, sh)
        rest_y = self.sides.rect.bottom + t.pad
        rest_h = inner.bottom - rest_y
        share = self.edit.share if self.edit.active else getattr(self.decision, "share", 0.62)
        dec_h = rest_h if self.log_below else int(rest_h * share)
        # the log keeps at least 8 lines in view; a taller decision panel scrolls instead
        dec_max = rest_h if self.log_below or self.edit.active else max(t.px(90), rest_h - t.pad - log_min)
        wanted = dec_h
        dec_h = min(dec_h, dec_max)
        # The split stays where it was while it still leaves the log its lines and the panel is
        # within two log rows of its place: the log's newest lines wrap to other heights at
        # every command (a row's few pixels of padding each, for its 8 lines), and the panel
        # and the log drawn again at new heights were most of the slowest frames after a
        # command (docs/PERFORMANCE.md, win11). When the log takes room, the panel gives it a
        # row more, so the next lines fit too (unless the panel would then need to scroll).
        slack = self.log_panel.list.row_height(t)
        split_key = (rest_h, inner.w, t, type(self.decision), wanted)
        if not (self.log_below or self.edit.active) and dec_max < wanted:
            dec_h = _steady(self._split, split_key, dec_max, t.px(90), slack, True)
        self._split = (split_key, dec_h)  # (before a short panel gives the log the rest)
        if self.decision is not None:
            self.decision.rect = pygame.Rect(inner.x, rest_y, inner.w, dec_h)
            self.decision.layout(t)
            need = self.decision.needed_height(t) if hasattr(self.decision, "needed_height") else None
            if need is not None and dec_h < need <= dec_max and not self.log_below and not self.edit.active:
                # (the row given to the log would make a panel that fits scroll: it fits)
                dec_h = need
                self.decision.rect = pygame.Rect(inner.x, rest_y, inner.w, dec_h)
                self.decision.layout(t)
            elif need is not None and not self.log_below and not self.edit.active and need < dec_h:
                # A short panel leaves the rest of the column to the log.
                dec_h = max(need, int(rest_h * 0.3))
                self.decision.rect = pygame.Rect(inner.x, rest_y, inner.w, dec_h)
                self.decision.layout(t)
            elif need is not None and need > dec_h and not self.log_below and not self.edit.active:
                # A panel that would scroll (its choices or its buttons out of view) takes room
                # from the log, down to its newest LOG_SQUEEZED_LINES lines whole: what to do now
                # comes before what happened (the full log is on L). (Only a panel that would
                # scroll: the split then follows the log's last lines, as it did before win11.)
                # It stays put as above (kept within two log rows of its room, the log given a
                # row more when it takes room), so a command's new lines do not move it.
                least = self.log_panel.min_height(t, lines=LOG_SQUEEZED_LINES, width=inner.w)
                room_h = min(need, rest_h - t.pad - least)
                squeeze_key = (split_key, need)
                room_h = _steady(self._squeeze, squeeze_key, room_h, dec_h, slack, room_h < need)
                self._squeeze = (squeeze_key, room_h)
                dec_h = max(dec_h, room_h)
                self.decision.rect = pygame.Rect(inner.x, rest_y, inner.w, dec_h)
                self.decision.layout(t)
        self.edit.rect = pygame.Rect(inner.x, rest_y, inner.w, dec_h)
        if self.edit.active:  # (toggling it refreshes the scene: laid out then)
            self.edit.layout(t)
        if self.log_below:
            b = self.board.rect
            self.log_panel.rect = pygame.Rect(b.x + t.pad, b.bottom + t.pad, b.w - 2 * t.pad, h - b.bottom - 2 * t.pad)
        else:
            self.log_panel.rect = pygame.Rect(inner.x, rest_y + dec_h + t.pad, inner.w, rest_h - dec_h - t.pad)
        self.log_panel.layout(t)
        self._place_force_undo()
        self.btn_reveal.rect = pygame.Rect(0, 0, min(w - 40, t.px(420)), t.row + t.px(16))
        self.btn_reveal.rect.center = (w // 2, h // 2 + t.px(50))
        self.btn_present.rect = pygame.Rect(0, 0, t.px(220), t.row)
        line = res.font("sans_bold", t.body).get_linesize()
        self.btn_present.rect.midtop = (self.board.rect.centerx, self.board.rect.y + t.px(20) + line)
        if self.curtain:
            self.btn_reveal.text = _("I am the {side} player: show my side").format(side=side_title(self.curtain))

    def _widgets(self):
        if self.consent:
            return [self.btn_allow, self.btn_refuse]
        if self.curtain:
            return [self.btn_reveal]
        if self.picture_menu:
            return [self.toolbar, self.btn_pic_public, self.btn_pic_seat]
        ws = [self.toolbar, self.sides, self.log_panel]
        if self.edit.active:
            ws.append(self.edit)  # the palette takes the decision panel's place
        elif self.decision is not None:
            ws.append(self.decision)
        if self.looking_at is not None:
            ws.append(self.btn_present)
        elif self.view.get("winner"):
            ws.append(self.btn_the_end)
        if self.btn_force_undo.visible:
            ws.append(self.btn_force_undo)
        if self.table_move is not None and self.looking_at is None:
            ws.append(self.btn_table_done)
        elif self.computer.failure and self.looking_at is None:
            ws.append(self.btn_retry)
        return ws

    def handle_event(self, ev):
        if self._layout_due is not None:  # (input acts on the widgets where they are)
            self._finish_layout()
        touched = self._touched_parts(ev)  # hover, presses, typing, scrolling: those parts drawn again
        if touched is None:
            self._panels = None
            self._panel_build = None  # (a picture being drawn at a new size too: drawn whole)
            self._shown_key = None  # (and the last one is not shown scaled again)
        else:
            self._dirty |= touched
        if ev.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN) and self.animator.busy and not self.curtain:
            self.animator.finish()  # input is never held up: a click or a key ends the animation
            if ev.type == pygame.KEYDOWN and ev.key in (pygame.K_SPACE, pygame.K_ESCAPE):
                return
        if ev.type == pygame.KEYDOWN and self._shortcut(ev):
            return
        if self.show_help and ev.type == pygame.MOUSEBUTTONDOWN:
            self.show_help = False
            return
        for wdg in reversed(self._widgets()):
            if wdg.handle_event(ev):
                return
        if self.picture_menu and ev.type == pygame.MOUSEBUTTONDOWN:
            self.picture_menu = False  # a click elsewhere closes the question
            return
        if self.curtain:
            return
        if self.dragdrop.handle_event(ev):
            return
        self.board.handle_event(ev)

    def _shortcut(self, ev) -> bool:
        """Ctrl+Z / Ctrl+Y undo / redo, Ctrl+S save a copy, F1 or H help; Escape closes the help,
        else (no drag or popup open) opens the menu."""
        ctrl = ev.mod & pygame.KMOD_CTRL
        if ctrl and not self.curtain and ev.key in (pygame.K_z, pygame.K_y, pygame.K_s):
            {pygame.K_z: self.undo, pygame.K_y: self.redo, pygame.K_s: self.save}[ev.key]()
            return True
        if ev.key == pygame.K_F1 or ev.key == pygame.K_h and not ctrl:
            self.show_help = not self.show_help
            return True
        if self.computer.watching and self.btn_watch.enabled and not ctrl and ev.key in (pygame.K_SPACE, pygame.K_n):
            (self.toggle_watch if ev.key == pygame.K_SPACE else self.watch_step)()
            return True
        if ev.key == pygame.K_i and not ctrl and not self.curtain:
            self.ask_hint()
            return True
        if ev.key == pygame.K_l and not ctrl and not self.curtain:  # the full log
            self.show_help = False
            open_full_log(self)
            return True
        if ev.key == pygame.K_ESCAPE and self.show_help:
            self.show_help = False
            return True
        if ev.key == pygame.K_ESCAPE and not self.dragdrop.active:  # (a drag or a popup: cancel it)
            self.open_menu()
            return True
        return False

    def open_the_end(self) -> None:
        """The end's dialog (the game won, or its "The end" button): made over the next frames,
        a step each (`GameOverScene.steps`: the summary's parts, then this scene's picture taken
        as the dialog's backdrop), and shown once whole."""
        self.end_shown = True
        if self._end_steps is None:
            self._end_steps = (len(self.game.log), GameOverScene.steps(self.app, self))

    def _step_the_end(self) -> bool:
        """One step of the end's dialog in the making; True when it was shown in this step. A
        log changed meanwhile (an undo) starts it again."""
        n, steps = self._end_steps
        if n != len(self.game.log):
            self._end_steps = None
            if self.game.state.get("winner"):
                self.open_the_end()
            return False
        try:
            want = next(steps)
        except StopIteration as done:
            self._end_steps = None
            self.app.push(done.value)
            return True
        self._end_capture = want == "backdrop"
        return False

    def update(self, dt):
        if self._layout_due is not None and self._layout_due != self.app.frame:
            self._finish_layout()
        self.refresh()
        if self.watch_wait > 0 and not self.animator.busy:  # (the pause after a move's animation)
            self.watch_wait = max(0.0, self.watch_wait - dt)
        self.computer.update()
        # (the dialog's first step in the frame after the one that opened it: not with the command)
        # (not behind the cover that asks the other player to agree to an undo: the answer may
        # take the winning move back)
        if self._end_steps is not None and not self.animator.busy and not self.consent and self._step_the_end():
            return
        if not self.game.state.get("winner"):
            self.end_shown = False  # (the winning move taken back: winning again shows the end again)
        elif not self.end_shown and not self.animator.busy and not self.consent:
            self.open_the_end()
        if not self.curtain:  # hotseat: the next player sees what just happened once the curtain lifts
            self.animator.update(dt)
        self.dragdrop.update(dt)
        self.board.hidden_pieces = self.dragdrop.hidden() | self.animator.hidden() | self.edit.hidden()
        if self.message_time > 0:
            self.message_time = max(0.0, self.message_time - dt)
        for wdg in self._widgets():
            wdg.update(dt)

    def calm(self) -> bool:
        # (a frame that gave a command, or the board or the panels settling over frames after a
        # zoom or a resize: not calm either)
        n = len(self.game.log)
        moved, self._calm_log = self._calm_log != n, n
        return not (
            moved
            or self.animator.busy
            or self.computer.thinking is not None
            or getattr(self.board, "smoothing", False)
            or self.panels_settling
            or self.log_panel.growing
            or self._end_steps is not None  # (the end's dialog being made, a step a frame)
        )

    def thinking(self) -> bool:
        # (the frame that gave a command is a move's frame, not one of the thinking frames)
        n = len(self.game.log)
        moved, self._thinking_log = self._thinking_log != n, n
        return self.computer.thinking is not None and not moved

    def moved(self) -> bool:
        n = len(self.game.log)
        moved, self._moved_log = self._moved_log != n, n
        return moved

    @property
    def fresh_move(self) -> bool:
        """This frame is the first to show a command (the log grew since the last frame's end,
        `moved`): the frame that does most of a command's drawing, which work that can wait
        leaves alone (the battle odds' count, `decisions.battle.step_odds`)."""
        return len(self.game.log) != self._moved_log

    def draw(self, surface):
        self._draw_frame(surface)
        self._idle_work()
        if self._end_capture:  # (the end's dialog in the making: this picture is its backdrop)
            self._end_capture = False
            back = self.end_backdrop
            if back is not None and back.get_size() == surface.get_size():
                back.blit(surface, (0, 0))
                self.end_captured = True

    def _draw_frame(self, surface):
        t = self.theme
        held, self._on_screen = self._on_screen, None
        # (a seat's log shown anew: its older rows, a few a frame, also under the end's dialog)
        self.log_panel.grow()
        if self.curtain:
            # Under the cover only the public board is drawn: no hand, no panel, no log.
            self.board.draw(surface, t, self.game.view_for("public"), "public")
            self._draw_curtain(surface)
            return
        # The window still holds this scene's last frame (the app says so, `App.retained`, and
        # this scene is the one on top: a dialog over it draws it under itself every frame):
        # only what changed is blitted again, and where the last frame's overlays were.
        restore = None
        top = getattr(self.app, "retained", False) and self.app.scene is self
        if top and held is not None and held[0] is surface:
            if held[1] == (surface.get_size(), self.cache_panels):
                restore = held[2]
        # (the panels' picture drawn over frames takes its steps first: they come off the
        # board's share of the frame, `BoardView.frame_spent`)
        self.board.frame_spent = self._panel_steps_first(surface)
        drawn = self.board.draw(surface, t, self.view, self.sides.seat, restore=restore)
        self._draw_panels(surface, restore=restore)
        # the overlays over the window that say nothing of where they draw: the next frame is
        # drawn whole
        untracked = self.picture_menu or self.dragdrop.popup is not None or self.show_help or self.edit.active
        if self.picture_menu:
            self._draw_picture_menu(surface)
        over = []  # where the overlays that say so drew (each within its rectangle)
        if self.btn_force_undo.visible:
            b = self.btn_force_undo
            over.append(clipped(surface, b.rect.inflate(t.px(8), t.px(8)), lambda: b.draw(surface, t)))
        if self.looking_at is not None:
            over.append(self._draw_looking_back(surface))
        elif self.view.get("winner"):
            over.append(self._draw_winner(surface))
        if self.message and self.message_time > 0:
            over.append(self._draw_message(surface))
        over += self._draw_computer(surface)
        self.dragdrop.draw_screen(surface, t)
        if self.show_help:
            draw_help(surface, self.board.rect, t, spec=self.game.spec, view=self.view)
        tip = self.draw_tooltip(surface)
        if drawn is not None and not untracked:
            self._on_screen = (surface, (surface.get_size(), self.cache_panels), drawn + over + ([tip] if tip else []))

    @property
    def warming(self) -> bool:
        """The warm-up (`botwotr/ui/warm.py`) has steps left."""
        return self._warm is not None

    def _idle_work(self) -> None:
        """At the end of an idle frame, work done ahead, at most `WARM_SECONDS` of
        `board.build_clock`: the warm-up's steps (`botwotr/ui/warm.py`) until it is done, then
        the board's dragged picture for its scale (`BoardView.prepare_pan`), once the window has
        been idle for `PAN_AHEAD_AFTER` frames (not between the notches of a zoom). None in a frame
        that gave a command, animates, or settles the board or the panels (their own share of
        the frame), nor in the first one drawn."""
        n = len(self.game.log)
        moved, self._warm_log = self._warm_log != n, n
        self._warm_frames += 1
        if (
            moved
            or self._warm_frames == 1
            or self.animator.busy
            or getattr(self.board, "smoothing", False)
            or self.panels_settling
            or self.log_panel.growing
            or self._end_steps is not None
            or self.computer.thinking is not None
        ):
            self._idle_run = 0
            return
        self._idle_run += 1
        clock = self.board.build_clock
        t0 = clock()
        if self._warm is not None:
            try:
                while clock() - t0 < WARM_SECONDS:
                    next(self._warm)
            except StopIteration:
                self._warm = None
            self.warm_spent += clock() - t0
        elif not self.curtain and self.view is not None and self._idle_run >= PAN_AHEAD_AFTER:
            self.board.prepare_pan(self.theme, self.view, self.sides.seat, WARM_SECONDS)

    @property
    def opaque(self) -> bool:
        """The scene covers the whole window (the board, the bar, the side column, the log band),
        so the app need not clear it first."""
        return not self.curtain

    def _touched_parts(self, ev) -> set | None:
        """The parts of the panels an event may change (None: all of them): a move or the wheel
        only the part under the mouse (and for a move the part it left: a hovered button lights
        down); every key and button all of them."""
        if ev.type == pygame.MOUSEMOTION:
            pos, before = ev.pos, self._last_mouse
            self._last_mouse = pos
            if self.dragdrop.active or before is None:
                return None
            return self._parts_at(pos) | self._parts_at(before)
        if ev.type == pygame.MOUSEWHEEL:
            return self._parts_at(self._last_mouse or (-1, -1))
        return None

    def _parts_at(self, pos) -> set:
        if self.board.rect.collidepoint(pos):
            return set()
        found = {name for name, rect in self._part_rects() if rect.collidepoint(pos)}
        return found or {"bar", "sides", "decision", "log"}  # (between parts: all, to be safe)

    def _panel_rects(self) -> list:
        rects = [pygame.Rect(self.bar_rect), pygame.Rect(self.side_rect)]
        b = self.board.rect
        if b.bottom < self.app.size[1]:  # the band under a wide board (the log, or nothing)
            rects.append(pygame.Rect(0, b.bottom, b.w, self.app.size[1] - b.bottom))
        return rects

    def _part_rects(self) -> list[tuple]:
        dec = self.edit if self.edit.active else self.decision
        rects = [("bar", self.bar_rect), ("sides", self.sides.rect), ("log", self.log_panel.rect)]
        return rects + ([("decision", dec.rect)] if dec is not None else [])

    def _panel_parts(self) -> list[tuple]:
        """(name, rectangle, the colour under it, signature) of each part of the panels' picture.
        A signature holds what the part's drawing reads (besides what events change: those
        mark the part dirty, `_touched_parts`)."""
        column = (44, 38, 30)
        tools = tuple(
            (b.text, b.enabled, b.visible, b.selected, tuple(b.rect), getattr(b, "hover", None), b.pressed)
            for b in self.toolbar.children
        )
        bar = (
            tuple(self.bar_rect),
            tuple(self.toolbar.rect),
            phase_text(self.game.spec, self.view),
            pending_side(self.view),
            self.view.get("winner"),
            waiting_text(self.game.spec, self.view),
            self.sides.seat,
            self.status_sentence(),
            tools,
        )
        lp = self.log_panel
        dec = self.edit if self.edit.active else self.decision
        parts = [
            ("bar", pygame.Rect(self.bar_rect), T.BG, bar),
            ("sides", pygame.Rect(self.sides.rect), column, (tuple(self.sides.rect), self.sides.signature())),
            ("log", pygame.Rect(lp.rect), T.BG if self.log_below else column,
             (tuple(lp.rect), lp._key, lp.list.scroll, len(lp.list.items), self.looking_at,
              # (the hover a move sets: the part a move left is found by the rectangles of now,
              # and a layout may have moved the log since the hover was set)
              lp.btn_full.hover, lp.btn_full.pressed, lp.list.hover, lp.list._mouse if lp.list.hover else None)),
        ]  # fmt: skip
        if dec is not None:
            parts.insert(2, ("decision", pygame.Rect(dec.rect), column, (tuple(dec.rect), id(dec))))
        return parts

    def _decision_signature(self):
        """What the decision panel's drawing reads (`widgets.draw_signature`; None: the edit
        palette in its place, or no panel)."""
        if self.edit.active or self.decision is None:
            return None
        return self.decision.drawn_signature()

    def _draw_part(self, surface, name) -> None:
        t = self.theme
        if name == "decision":
            # (the decision panel's `_decision_signature()` when just taken by `_draw_panels`)
            signature, self._decision_next = self._decision_next, None
            if signature is None and surface is self._panels_layer:
                signature = self._decision_signature()
            self._decision_drawn = (surface, signature) if signature is not None else None
        if name == "bar":
            seat_label = {"fp": _("Free Peoples' view"), "sh": _("Shadow's view"), "public": _("public view")}[
                self.sides.seat
            ]
            draw_status_bar(
                surface,
                pygame.Rect(0, 0, self.toolbar.rect.x, self.bar_rect.h),
                t,
                self.game.spec,
                self.view,
                waiting_text(self.game.spec, self.view),
                extra=f"[{seat_label}]",
                sentence=self.status_sentence(),
            )
            self.toolbar.draw(surface, t)
        elif name == "sides":
            self.sides.draw(surface, t)
        elif name == "decision":
            if self.edit.active:
                self.edit.draw(surface, t)
            elif self.decision is not None:
                self.decision.draw(surface, t)
        elif name == "log":
            self.log_panel.draw(surface, t)

    def _draw_panels(self, surface, restore: list | None = None) -> None:
        """The status bar, the toolbar, the side column and the log, from their cached picture
        while nothing they show has changed; a part whose signature changed or that an event
        touched is drawn again on its own, clipped to its rectangle (what it shows there is what
        the whole picture drawn again would show: tests/ui/test_render_caches.py). The key of
        the whole picture holds what other scenes may change while this one is under them.
        `restore`: the window holds the picture as last blitted but for these rectangles; only
        they and the parts drawn again are blitted (None: the whole picture is)."""
        t = self.theme
        key = self._panels_key(surface)
        if not self.cache_panels:  # drawn straight onto the surface (tests that record the drawing)
            for r in self._panel_rects():
                surface.fill(T.BG, r)
            self._paint_panels(surface)
            return
        blit: list | None = list(restore) if restore is not None else None  # (None: all of it)
        layer = self._panels_layer
        parts = self._panel_parts()
        sigs = {name: sig for name, _r, _u, sig in parts}
        old = self._part_sigs

        def redraw_all(old: dict) -> bool:  # another key, the edit palette, a part come or gone, the bar moved
            return self._panels != key or self.edit.active or set(old) != set(sigs) or old["bar"][0] != sigs["bar"][0]

        stamp = self._panels_stamp()
        build = self._panel_build
        resized = False  # (a build at another size given up: the window's size changed again)
        if build is not None:
            self._panel_build = None
            if (
                build.key[0] != key[0]
                and build.key[2:] == key[2:]
                and build.stamp == stamp
                and self._dirty <= {"decision"}
                and self._panels_shown is not None
                and self._shown_key is not None
            ):
                # A window edge dragged: a new size before the picture at the last one was whole.
                # What is shown meanwhile is scaled again from the last whole picture, and that
                # picture (not the one half drawn) is the one kept for its size (`_other_panels`)
                resized = True
                layer = self._panels_layer = self._panels_shown
                old = self._part_sigs
            elif build.current(key, stamp, sigs, self._dirty):
                done = build.done if build.ahead else build.work(self.panel_build_seconds, self.board.build_clock)
                build.ahead = False
                if not done:
                    build.sigs = self._sigs_now()
                    self._panel_build = build
                    build.show(surface, self._panel_rects())
                    if self._layout_due is None:  # (the toolbar not placed yet: no rule this frame)
                        status_rule(surface, pygame.Rect(0, 0, self.toolbar.rect.x, self.bar_rect.h), t)
                    return
                self._finish_panels(surface, key, stamp, self._panels_layer, None)
                return
            else:
                self._panels = self._shown_key = None  # (something changed meanwhile: drawn whole, now)
        whole = layer is None or layer.get_size() != surface.get_size() or redraw_all(old)
        source = None  # the last picture shown, for the frames until the new size's is whole
        if (
            layer is not None
            and (layer.get_size() != surface.get_size() or resized)
            and self.progressive_panels
            and self._panels_shown is not None
            and self._shown_key is not None
            and self._shown_key[2:] == key[2:]
            and self._shown_stamp == stamp
            and self._dirty <= {"decision"}
        ):
            source = (self._panels_shown, self._shown_rects)
        if layer is None or layer.get_size() != surface.get_size():
            kept = self._other_panels
            if layer is not None:
                self._other_panels = (layer, self._panels, self._part_sigs)
            if kept is not None and kept[0].get_size() == surface.get_size():
                layer, self._panels, old = kept
                self._panels_layer = layer
                # what happened since it was drawn: the summaries' and the bar's signatures say
                # all they show; the decision panel's and the log's hover and scroll they do not
                self._dirty |= {"decision", "log"}
                whole = redraw_all(old)
        if whole:
            if source is not None:  # (a new picture is made by the first step: its memory cleared)
                mine = layer if layer is not None and layer.get_size() == surface.get_size() else None
                self._start_panels(surface, key, stamp, sigs, source, self._paint_steps(mine, surface.get_size()))
                return
            if layer is None or layer.get_size() != surface.get_size():
                layer = self._panels_layer = res.picture(surface.get_size())
            self._clear_panels(layer)
            self._paint_panels(layer)
            blit = None
        elif source is not None:  # (a picture kept for this size: the parts that changed, a few a frame)
            self._start_panels(surface, key, stamp, sigs, source, self._part_steps(layer, parts, old))
            return
        else:
            # a part that moved or changed size (the decision panel and the log share the
            # column): its old rectangle gets the colour under it, and it and every part that
            # rectangle overlaps are drawn again
            stale = []
            for name, _rect, under, sig in parts:
                if old[name][0] != sig[0]:
                    was = pygame.Rect(old[name][0])
                    layer.fill(under, was)
                    stale.append(was)
                    if blit is not None:
                        blit.append(was)
            redo = {name for name, rect, _u, _s in parts if stale and rect.collidelist(stale) >= 0}
            drawn = None
            if "decision" in self._dirty and "decision" not in redo and old.get("decision") == sigs.get("decision"):
                # a new context (every command) that draws the same panel: the one drawn is kept
                drawn, kept = self._decision_signature(), self._decision_drawn
                if drawn is not None and kept is not None and kept[0] is layer and drawn == kept[1]:
                    self._dirty.discard("decision")
                    self.decisions_kept += 1
            for name, rect, under, sig in parts:
                if name in redo or name in self._dirty or old.get(name) != sig:
                    if name == "decision" and drawn is None:
                        drawn = self._decision_signature()
                    layer.set_clip(rect)
                    layer.fill(under, rect)
                    if name == "decision":
                        self._decision_next = drawn
                    self._draw_part(layer, name)
                    if blit is not None:
                        blit.append(rect)
            layer.set_clip(None)
        self._finish_panels(surface, key, stamp, layer, blit)

    def _sigs_now(self) -> dict:
        """Each panel part's signature as it is now (`_panel_parts`), by name."""
        return {name: sig for name, _r, _u, sig in self._panel_parts()}

    def _panels_key(self, surface) -> tuple:
        return (surface.get_size(), self.theme, id(self.decision), self.edit.active, self.looking_at, self.log_below)

    def _panel_steps_first(self, surface) -> float:
        """The steps of this frame of the panels' picture drawn over frames (`_PanelBuild`), when
        it is still the one to draw, before the board's: what they took of `board.build_clock`
        (the board's share of the frame less that is left for its own). `_draw_panels` then
        shows the result (or gives the build up, as without this)."""
        laid, self._layout_spent = self._layout_spent, 0.0  # (a layout left by a resize's frame)
        build = self._panel_build
        if build is None or build.ahead or not self.cache_panels:
            return laid
        sigs = self._sigs_now()
        if not build.current(self._panels_key(surface), self._panels_stamp(), sigs, self._dirty):
            return laid
        if laid >= self.panel_build_seconds:
            build.ahead = True  # (the layout took the panels' share: their next step waits a frame)
            return laid
        clock = self.board.build_clock
        t0 = clock()
        build.work(self.panel_build_seconds - laid, clock)
        spent = clock() - t0
        build.ahead = True
        build.sigs = self._sigs_now()  # (as drawn: a list may settle its scroll)
        return spent + laid

    def _finish_panels(self, surface, key, stamp, layer, blit) -> None:
        # (after the drawing: a list may settle its scroll while it is drawn)
        self._part_sigs = self._sigs_now()
        self._dirty = set()
        self._panels = key
        if layer is not self._panels_shown:
            blit = None  # (another picture: the window's size came back to one kept)
        self._panels_shown = layer
        self._shown_stamp, self._shown_key = stamp, key
        rects = self._shown_rects = self._panel_rects()
        for r in rects:
            if blit is None:
                surface.blit(layer, r.topleft, area=r)
                continue
            for b in blit:
                b = r.clip(b)
                if b.w and b.h:
                    surface.blit(layer, b.topleft, area=b)
        status_rule(surface, pygame.Rect(0, 0, self.toolbar.rect.x, self.bar_rect.h), self.theme)

    def _panels_stamp(self) -> tuple:
        """What the panels' picture is drawn for besides its parts' signatures: the position
        (the log's length, the state, looking back), whose view and who answers, the cover. A
        picture shown scaled while the new size's is drawn must have been drawn for the same."""
        return (self._version, id(self.view), self.shown, self.sides.seat, self.actor, self.curtain, bool(self.consent))

    def _start_panels(self, surface, key, stamp, sigs, source, steps) -> None:
        """The first frame at a new size: the last picture's parts scaled onto their new
        rectangles; the new picture is drawn by `steps` over the next frames."""
        self._dirty = set()
        build = self._panel_build = _PanelBuild(key, stamp, sigs, steps)
        build.scale(source, self._panel_rects(), surface.get_size(), self._panel_transition_pics)
        build.show(surface, self._panel_rects())
        if self._layout_due is None:  # (the toolbar not placed yet: no rule this frame)
            status_rule(surface, pygame.Rect(0, 0, self.toolbar.rect.x, self.bar_rect.h), self.theme)

    def _paint_steps(self, layer, size):
        """`_paint_panels` onto a cleared `layer` (None: a new one of `size`, a step of its own),
        a part a step."""
        t = self.theme
        if layer is None:
            layer = self._panels_layer = res.picture(size)
            yield
        self._clear_panels(layer)
        pygame.draw.rect(layer, (44, 38, 30), self.side_rect)
        pygame.draw.line(layer, T.BRASS, self.side_rect.topleft, self.side_rect.bottomleft, max(1, t.px(1.5)))
        for name in ("sides", "decision", "log", "bar"):
            yield
            self._draw_part(layer, name)

    def _part_steps(self, layer, parts, old):
        """The parts of a kept picture that changed or moved since it was drawn, a part a step
        (as `_draw_panels` draws them at once)."""
        stale = []
        for name, _rect, under, sig in parts:
            if old[name][0] != sig[0]:
                was = pygame.Rect(old[name][0])
                layer.fill(under, was)
                stale.append(was)
        redo = {name for name, rect, _u, _s in parts if stale and rect.collidelist(stale) >= 0}
        dirty = self._dirty | {"decision", "log"}
        for name, rect, under, sig in parts:
            if name in redo or name in dirty or old.get(name) != sig:
                yield
                layer.set_clip(rect)
                layer.fill(under, rect)
                self._draw_part(layer, name)
                layer.set_clip(None)

    def _clear_panels(self, layer) -> None:
        """The panels' rectangles of `layer` in the background colour: only they are ever
        blitted from it (`_finish_panels`, `_PanelBuild.scale`), so the board's part of the
        picture is left as it is (a whole fill of a 1920x1080 picture: 0.35 ms)."""
        for r in self._panel_rects():
            layer.fill(T.BG, r)

    @property
    def panels_settling(self) -> bool:
        """Whether the panels show the last size's picture scaled (the new one being drawn)."""
        return self._panel_build is not None

    def _paint_panels(self, surface) -> None:
        t = self.theme
        pygame.draw.rect(surface, (44, 38, 30), self.side_rect)
        pygame.draw.line(surface, T.BRASS, self.side_rect.topleft, self.side_rect.bottomleft, max(1, t.px(1.5)))
        for name in ("sides", "decision", "log", "bar"):
            self._draw_part(surface, name)

    def status_sentence(self) -> str | None:
        """In hotseat play the status line speaks to the player whose turn it is; against the
        computer it says when the computer thinks."""
        thinking = self.computer.thinking
        if thinking is not None and thinking["purpose"] == "move" and not self.view.get("winner"):
            return thinking_text(thinking["side"])
        if self.mode != "hotseat" or not self.actor or self.view.get("winner") or self.looking_at is not None:
            return None
        top = self.game.state["pending"][-1] if self.game.state["pending"] else None
        if top is None:
            return None
        from ..hud import pending_what

        what = pending_what(self.game.spec, top["kind"])
        if self.actor == self.seat:
            if top["kind"] == "action":
                return _("Your action, {side}: use a die or pass.").format(side=side_title(self.actor))
            return _("Your decision, {side}: {what}.").format(side=side_title(self.actor), what=what)
        return _("Over to the {side}: {what}.").format(side=side_title(self.actor), what=what)

    def _layout_cover(self) -> None:
        """Where the cover's buttons and the Picture question go."""
        t = self.theme
        w, h = self.app.size
        if self.consent and self.curtain:
            # the answers go under the question (laid out as `_draw_curtain` draws it)
            imgs, _b = self._cover_lines()
            y = (
                h // 2
                - t.px(90)
                + t.px(45)
                + t.px(14)
                + sum(i.get_height() for i in imgs)
                + t.px(10)
                + t.px(4) * (len(imgs) - 1)
                + t.px(10)
            )
            bw = t.px(180)
            self.btn_allow.rect = pygame.Rect(w // 2 - bw - t.px(10), y, bw, t.row + t.px(12))
            self.btn_refuse.rect = pygame.Rect(w // 2 + t.px(10), y, bw, t.row + t.px(12))
        elif self.curtain:
            self.btn_reveal.text = self.cover_button_text(self.curtain)
        r = self.btn_shot.rect
        bw = t.px(200)
        self.btn_pic_public.rect = pygame.Rect(r.right - bw, r.bottom + t.px(8), bw, t.row)
        self.btn_pic_seat.rect = pygame.Rect(r.right - bw, self.btn_pic_public.rect.bottom + t.px(4), bw, t.row)

    @staticmethod
    def cover_button_text(side: str) -> str:
        return _("I am the {side} player: show my side").format(side=side_title(side))

    def _draw_picture_menu(self, surface):
        t = self.theme
        box = self.btn_pic_public.rect.union(self.btn_pic_seat.rect).inflate(t.px(16), t.px(40))
        box.bottom = self.btn_pic_seat.rect.bottom + t.px(8)
        pygame.draw.rect(surface, (24, 20, 16), box, border_radius=t.px(6))
        pygame.draw.rect(surface, T.BRASS, box, width=2, border_radius=t.px(6))
        lab = res.text(_("Save a picture of:"), "sans_bold", t.small, T.PARCHMENT)
        surface.blit(lab, (box.x + t.px(8), box.y + t.px(6)))
        self.btn_pic_public.draw(surface, t)
        self.btn_pic_seat.draw(surface, t)

    def _draw_looking_back(self, surface):
        t = self.theme
        text = _("Looking back: the board after move {n} of {total}.").format(
            n=self.looking_at, total=len(self.game.log)
        )
        img = res.text(text, "sans_bold", t.body, T.PARCHMENT)
        box = pygame.Rect(
            0,
            0,
            max(img.get_width(), self.btn_present.rect.w) + t.px(30),
            img.get_height() + self.btn_present.rect.h + t.px(24),
        )
        box.midtop = (self.board.rect.centerx, self.board.rect.y + t.px(8))

        def draw():
            pygame.draw.rect(surface, (24, 20, 16), box, border_radius=t.px(8))
            pygame.draw.rect(surface, T.BRASS, box, width=2, border_radius=t.px(8))
            surface.blit(img, (box.centerx - img.get_width() // 2, box.y + t.px(6)))
            self.btn_present.draw(surface, t)

        return clipped(surface, box.union(self.btn_present.rect).inflate(t.px(8), t.px(8)), draw)

    def _draw_winner(self, surface):
        t = self.theme
        side = self.view["winner"]
        title = res.text(winner_title(side), "serif_bold", t.px(40), T.BRASS_LIGHT)
        reason = res.text(win_reason(self.view.get("win_reason")), "sans", t.body, T.PARCHMENT)
        w = max(title.get_width(), reason.get_width()) + t.px(60)
        h = title.get_height() + reason.get_height() + t.px(30)
        box = pygame.Rect(0, 0, w, h)
        box.center = (self.board.rect.centerx, self.board.rect.y + h // 2 + t.px(20))
        b = self.btn_the_end
        b.rect = pygame.Rect(0, 0, res.font(b.kind, t.body).size(b.text)[0] + t.px(24), t.row)
        b.rect.midtop = (box.centerx, box.bottom + t.px(8))

        def draw():
            pygame.draw.rect(surface, (24, 20, 16), box, border_radius=t.px(8))
            pygame.draw.rect(surface, T.side_style(side).fill, box, width=t.px(3), border_radius=t.px(8))
            surface.blit(title, (box.centerx - title.get_width() // 2, box.y + t.px(10)))
            surface.blit(reason, (box.centerx - reason.get_width() // 2, box.y + t.px(14) + title.get_height()))
            b.draw(surface, t)

        return clipped(surface, box.union(b.rect).inflate(t.px(8), t.px(8)), draw)

    def _draw_computer(self, surface) -> list:
        """The computer's overlays (botwotr/ui/hud.py): thinking with its progress, a hint, the
        move told to the table (companion), why it stopped; the rectangles they drew in."""
        from ..hud import draw_hint, draw_table_move, draw_thinking

        t = self.theme
        out = []
        if self.looking_at is not None:
            return out
        thinking = self.computer.thinking
        if thinking is not None:
            text = thinking_text(thinking["side"]) if thinking["purpose"] == "move" else _("Looking for a hint…")
            out.append(draw_thinking(surface, self.board.rect, t, thinking["side"], text, thinking["progress"]))
        hint = self.computer.hint
        if hint is not None and self.shown == hint["side"]:  # (never on another side's or the public screen)
            avoid = [self.board.region_screen_center(r) for r in hint["regions"] if r in self.game.spec.board.regions]
            out.append(draw_hint(surface, self.board.rect, t, self.game.spec, self.game.state, hint, avoid))
        if self.table_move is not None:
            out.append(
                draw_table_move(
                    surface, self.board.rect, t, self.computer.side, self.table_move["text"], self.btn_table_done
                )
            )
        elif self.computer.failure:
            out.append(
                draw_table_move(
                    surface, self.board.rect, t, self.computer.side, self.computer.failure, self.btn_retry, error=True
                )
            )
        return out

    def _place_force_undo(self) -> None:
        """ "Take it back anyway" at the bottom of the board, in the middle, as wide as its label
        (within the board); the message that asks goes above it (`message_layout`), never over it."""
        t = self.theme
        b = self.btn_force_undo
        f = res.font(b.kind, getattr(t, b.size_key))
        w = min(self.board.rect.w - 2 * t.pad, f.size(b.text)[0] + t.px(36))
        b.rect = pygame.Rect(0, 0, max(t.px(120), w), t.row)
        b.rect.midbottom = (self.board.rect.centerx, self.board.rect.bottom - t.px(12))

    def message_layout(self) -> tuple[list, list, list, pygame.Rect]:
        """The message's lines, their images, where each goes and its box: wrapped to the board's
        width (3 lines at most), at the bottom of the board, above "Take it back anyway" when
        that button is shown."""
        t = self.theme
        col = (255, 150, 130) if self.message_error else T.PARCHMENT
        board = self.board.rect
        f = res.font("sans_bold", t.body)
        lines = wrap_lines(self.message[:400], f, max(t.px(120), board.w - 2 * t.pad - t.px(24)), max_lines=3)
        imgs = [res.text(ln, "sans_bold", t.body, col) for ln in lines]
        lh = f.get_linesize()
        tw = max((i.get_width() for i in imgs), default=0)
        bottom = board.bottom - t.px(12)
        if self.btn_force_undo.visible:
            bottom = self.btn_force_undo.rect.top - t.px(10)
        r = pygame.Rect(0, 0, tw, lh * len(imgs))
        r.midbottom = (board.centerx, bottom - t.px(5))
        rects = [
            pygame.Rect(board.centerx - i.get_width() // 2, r.y + k * lh, i.get_width(), i.get_height())
            for k, i in enumerate(imgs)
        ]
        return lines, imgs, rects, r.inflate(t.px(20), t.px(10))

    def _draw_message(self, surface):
        t = self.theme
        _lines, imgs, rects, box = self.message_layout()

        def draw():
            pygame.draw.rect(surface, (20, 16, 12), box, border_radius=t.px(6))
            pygame.draw.rect(surface, T.DANGER if self.message_error else T.BRASS, box, width=2, border_radius=t.px(6))
            for img, r in zip(imgs, rects):
                surface.blit(img, r)

        return clipped(surface, box.inflate(t.px(4), t.px(4)), draw)

    def _cover_lines(self, side: str | None = None):
        """The cover's lines of text (rendered) and its buttons (for `side`: the cover that side
        is handed the screen by; the one down by default)."""
        t = self.theme
        side = side or self.curtain
        name = self.players.get(side, "")
        text = _("Hand the screen to {player}, who plays the {side}.").format(player=name, side=side_title(side))
        imgs = [res.text(text, "serif_bold", t.heading, T.PARCHMENT)]
        if self.consent and side == self.curtain:
            ask = self.consent
            lines = [
                _("The {asker} player asks to take back {whose} move: {what}.").format(
                    asker=side_title(ask["asker"]), whose=_("your") if ask["mine"] else _("their"), what=ask["what"]
                )
            ]
            if ask["force"]:
                lines.append(
                    _("It revealed dice, cards or a secret choice: both players must agree, and the log will say so.")
                )
            lines.append(_("Allow?"))
            imgs += [res.text(ln, "sans", t.body, T.PARCHMENT) for ln in lines]
            buttons = [self.btn_allow, self.btn_refuse]
        else:
            buttons = [self.btn_reveal]
        return imgs, buttons

    def _draw_curtain(self, surface):
        """The cover: the public board under a dark veil, and on a card in the middle whom to hand the
        screen to (and, for an undo, what the other player asks)."""
        t = self.theme
        self._layout_cover()
        w, h = surface.get_size()
        # (a band of the veil kept, blitted down the window: the same blend as one window-sized
        # veil, which was new memory every frame, 8 MB at 1920x1080)
        band = self._veil_band
        if band is None or band.get_width() != w:
            band = self._veil_band = pygame.Surface((w, VEIL_ROWS), pygame.SRCALPHA)
            band.fill(COVER_VEIL)
        for y in range(0, h, VEIL_ROWS):
            surface.blit(band, (0, y))
        side = self.curtain
        s = t.px(90)
        r = pygame.Rect(0, 0, s, s)
        r.center = (w // 2, h // 2 - t.px(90))
        imgs, buttons = self._cover_lines()
        top = r.top - t.px(20)
        box = pygame.Rect(
            0,
            top,
            max(max(i.get_width() for i in imgs), t.px(420)) + t.px(60),
            max(b.rect.bottom for b in buttons) + t.px(20) - top,
        )
        box.centerx = w // 2
        pygame.draw.rect(surface, (30, 25, 20), box, border_radius=t.px(10))
        pygame.draw.rect(surface, T.side_style(side).fill, box, width=max(2, t.px(3)), border_radius=t.px(10))
        draw_token(surface, r, side, "knight-banner" if side == "fp" else "evil-tower")
        y = r.bottom + t.px(14)
        for k, img in enumerate(imgs):
            surface.blit(img, (w // 2 - img.get_width() // 2, y))
            y += img.get_height() + t.px(10 if k == 0 else 4)
        for b in buttons:
            b.draw(surface, t)

    def tooltip_at(self, pos):
        if self.dragdrop.drag is not None or self.dragdrop.popup is not None:
            return None  # (a dragged army's label says what a drop does; a drop's popup is read whole)
        for wdg in reversed(self._widgets()):
            tip = wdg.tooltip_at(pos)
            if tip is not None:
                return tip
        return self.board.tooltip_at(pos)


class _PanelBuild:
    """The panels' picture at a new window size drawn over several frames
    (`GameScene._draw_panels`): its steps, what it is drawn for (the key, the stamp, the parts'
    signatures: anything else changed meanwhile and it is given up for the picture drawn at
    once), and the last picture's parts scaled onto their new rectangles, shown meanwhile."""

    def __init__(self, key, stamp, sigs, steps):
        self.key, self.stamp, self.sigs = key, stamp, sigs
        self.steps = steps
        self.done = False
        self.ahead = False  # (this frame's steps taken before the board's: `_panel_steps_first`)
        self.shown: list[pygame.Surface] | None = None

    def scale(self, source, rects, size, kept: dict) -> None:
        """`kept`: the pictures of earlier builds, per rectangle (drawn into again). A picture is
        one surface per rectangle of the panels (not the window's size: the board's part of it
        would be memory touched for nothing, 3-4 ms at 1920x1080 the first time at a size)."""
        pic, old_rects = source
        want = [tuple(pygame.Rect(r).clip(pygame.Rect((0, 0), size)).size) for r in rects]
        # (each a part of a picture kept for that rectangle, `res.picture_within`: an edge
        # dragged makes no new one every frame)
        shown = [res.picture_within(kept.setdefault(i, []), wh) for i, wh in enumerate(want)]
        self.shown = shown
        for i, part in enumerate(shown):
            was = pygame.Rect(old_rects[i]).clip(pic.get_rect()) if i < len(old_rects) else pygame.Rect(0, 0, 0, 0)
            w, h = part.get_size()
            if w > 0 and h > 0 and was.w > 0 and was.h > 0:
                pygame.transform.scale(pic.subsurface(was), (w, h), part)
            elif w > 0 and h > 0:
                part.fill(T.BG)

    def show(self, surface, rects) -> None:
        for r, part in zip(rects, self.shown or ()):
            surface.blit(part, pygame.Rect(r).clip(surface.get_rect()).topleft)

    def current(self, key, stamp, sigs, dirty) -> bool:
        """Whether it is still the picture to draw: nothing it is drawn for changed, no part
        was marked by an event."""
        return self.key == key and self.stamp == stamp and not dirty and self.sigs == sigs

    def work(self, seconds: float, clock) -> bool:
        """Steps until `seconds` of `clock` have passed (at least one); True when whole."""
        self.done = self.done or run_steps(self.steps, seconds, clock)
        return self.done
