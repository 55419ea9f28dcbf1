"""Board-edit mode: the players bring the screen in line with the table.

A toolbar toggle ("Edit board", `EditMode.button`) swaps the decision panel for a palette. Every
change is one of the core's adjustment commands, given with `side: "players"`, so the log records
it as the players' adjustment (an `Adjustment` event followed by the ordinary events it causes).
It is meant for the companion mode; in hotseat play it is allowed, with a warning, because it
bypasses the rules. While it is open (hotseat, or tracked cards) both players may be looking, so
the scene shows the public view only (no hand); closing it covers the next private view
(`GameScene.seat_model`, `screen_shared`).

On the board (drag with the left button; a press that does not move is a click):
- a unit figure or the leaders → another region: `adjust_move` (the whole army with its leaders
  and characters, or with "One figure" only that figure); a character: `adjust_character` in play;
- the damage marker → another army: one marker moves (`adjust_damage` -1 / +1);
- a control marker → another settlement (`adjust_control` both), or off the board: removed;
- the fate marker → a fate-track space: `adjust_fate`;
- anything dropped off the board (on the side panels): removed (units, leaders, damage).

In the palette ("Board" page), pick a tool and click regions: add or remove a unit of a type,
a damage marker, a leader; put a control marker; and change a side's action dice from the next
turn (`adjust_dice`). The "Cards" page moves a card to a deck, a hand or the discards
(`adjust_card`); the "Characters" page sets a character's status (`adjust_character`).

A change made of several commands (a marker moved = removed here, placed there) is checked whole
first with `decide(..., in_place=False)`: a refusal shows the engine's reason and changes nothing.
"""

from __future__ import annotations

import pygame

from ..core import RuleError
from . import resources as res
from . import theme as T
from .board_view import DRAG_THRESHOLD, draw_token
from .i18n import _
from .i18n_rules import refusal
from .logtext import card_name, char_name, region_name, side_title, unit_name
from .widgets import Button, Clickable, Label, ListItem, ScrollList, Tip, Widget

DRAG_KINDS = ("unit", "leaders", "damage", "char", "control", "fate_marker")


def status_names() -> dict:
    return {"pool": _("pool"), "ready": _("ready"), "in_play": _("in play"), "eliminated": _("eliminated")}


class ToolTile(Clickable):
    """A square palette button with a painted piece; `selected` shows the current tool."""

    def __init__(self, name, paint, on_click, tooltip=None, tool=None):
        super().__init__(tooltip=tooltip)
        self.name = name
        self.tool = tool
        self.paint = paint
        self.on_click = on_click
        self.selected = False
        self.pressed = False

    def clicked(self) -> None:
        self.on_click()

    def draw(self, surface, theme):
        if not self.visible:
            return
        r = self.rect
        rad = theme.px(5)
        pygame.draw.rect(
            surface,
            (150, 118, 52) if self.selected else (T.BUTTON_HOVER if self.hover else T.BG_PANEL_2),
            r,
            border_radius=rad,
        )
        pygame.draw.rect(
            surface,
            T.HILITE if self.selected else (T.BRASS if self.hover else (40, 34, 26)),
            r,
            width=max(1, theme.px(2 if self.selected else 1)),
            border_radius=rad,
        )
        self.paint(surface, r.inflate(-theme.px(8), -theme.px(8)), theme)


class Drag:
    def __init__(self, key, origin, pos):
        self.key = key
        self.origin = origin
        self.pos = pos
        self.moved = False


class EditMode(Widget):
    """The palette (drawn where the decision panel is) and the board's drag handling."""

    def __init__(self, scene):
        super().__init__()
        self.scene = scene
        self.active = False
        self.share = 0.8  # of the side column's free height (the decision panel's place)
        self.page = "board"
        self.tool: tuple | None = None
        self.sign = 1
        self.whole = True  # a drag moves the whole army (or one figure)
        self.drag: Drag | None = None
        self.card: str | None = None
        self.char: str | None = None
        self._key = None
        self.button = Button(
            _("Edit board"),
            self.toggle,
            name="edit",
            selected=False,
            tooltip=Tip(
                _("Edit board"),
                _(
                    "Drag pieces and use the palette to make the board match the table. Every "
                    "change is logged as the players' adjustment."
                ),
            ),
        )
        spec = scene.game.spec
        self.title = Label(_("Edit the board"), kind="serif_bold", size_key="heading", color=T.BRASS_LIGHT)
        self.warning = Label("", size_key="small", color=(255, 150, 130))
        self.hint = Label("", size_key="small", color=T.TEXT_DIM)
        self.tabs = {
            p: Button(t, lambda p=p: self.set_page(p), name=f"page:{p}", selected=(p == "board"))
            for p, t in (("board", _("Board")), ("cards", _("Cards")), ("chars", _("Characters")))
        }
        self.btn_add = Button(_("Add"), lambda: self.set_sign(1), name="add", selected=True)
        self.btn_remove = Button(_("Remove"), lambda: self.set_sign(-1), name="remove", selected=False)
        self.btn_whole = Button(
            _("Whole army"),
            lambda: self.set_whole(True),
            name="whole",
            selected=True,
            tooltip=Tip(_("Dragging moves"), _("the whole army with its leaders and characters.")),
        )
        self.btn_one = Button(
            _("One figure"),
            lambda: self.set_whole(False),
            name="one",
            selected=False,
            tooltip=Tip(_("Dragging moves"), _("only the figure you drag.")),
        )
        self.tiles: list[ToolTile] = []
        for side in ("fp", "sh"):
            for u, us in spec.units.items():
                if us.side == side:
                    self.tiles.append(
                        ToolTile(
                            f"tool:unit:{u}",
                            self._unit_paint(side, u),
                            lambda t=("unit", side, u): self.set_tool(t),
                            tool=("unit", side, u),
                            tooltip=Tip(us.name, _("Click a region to add or remove one.")),
                        )
                    )
        self.tiles.append(
            ToolTile(
                "tool:damage",
                self._marker_paint("damage"),
                lambda: self.set_tool(("damage",)),
                tool=("damage",),
                tooltip=Tip(_("Damage marker"), _("Click an army to add or remove one.")),
            )
        )
        self.tiles.append(
            ToolTile(
                "tool:leader",
                self._marker_paint("leader"),
                lambda: self.set_tool(("leader",)),
                tool=("leader",),
                tooltip=Tip(_("Leader"), _("Click a Free Peoples army to add or remove one.")),
            )
        )
        for owner in ("fp", "sh", None):
            self.tiles.append(
                ToolTile(
                    f"tool:control:{owner or 'none'}",
                    self._control_paint(owner),
                    lambda o=owner: self.set_tool(("control", o)),
                    tool=("control", owner),
                    tooltip=Tip(
                        _("Control marker"),
                        _("Click a settlement: controlled by the {side}.").format(side=side_title(owner))
                        if owner
                        else _("Click a settlement to take its control marker away."),
                    ),
                )
            )
        self.lbl_dice = {s: Label("", size_key="small", color=T.TEXT) for s in ("fp", "sh")}
        self.dice_btns = {
            (s, n): Button(
                "+1" if n > 0 else "-1",
                lambda s=s, n=n: self.do([self.cmd("adjust_dice", owner=s, n=n)]),
                name=f"dice:{s}:{n:+d}",
            )
            for s in ("fp", "sh")
            for n in (-1, 1)
        }
        self.list = ScrollList(on_pick=self.pick_row, size_key="small")
        self.place_btns = {
            p: Button(t, lambda p=p: self.move_card(p), name=f"card_to:{p}")
            for p, t in (
                ("deck", _("Deck")),
                ("hand_fp", _("FP hand")),
                ("hand_sh", _("Shadow hand")),
                ("discard", _("Discard")),
            )
        }
        self.status_btns = {
            s: Button(t, lambda s=s: self.set_status(s), name=f"status:{s}")
            for s, t in (
                ("pool", _("Pool")),
                ("ready", _("Ready")),
                ("in_play", _("In play…")),
                ("eliminated", _("Eliminated")),
            )
        }

    # -- state ----------------------------------------------------------------------------
    @property
    def game(self):
        return self.scene.game

    def toggle(self) -> None:
        self.active = not self.active
        self.button.selected = self.active
        self.drag = None
        self.tool = None
        if self.active:
            self.scene.looking_at = None
            if self.scene.mode == "hotseat":
                self.scene.notify(
                    _("Hotseat game: edits bypass the rules. Agree with the other player first."), error=True
                )
        self._sync()
        if not self.active and getattr(self.scene, "secret_hands", False) and hasattr(self.scene, "screen_shared"):
            self.scene.screen_shared()  # both players were looking: the next private view is covered
        self.scene.refresh(force=True)

    def set_page(self, page) -> None:
        self.page = page
        self.tool = None
        self._key = None
        self._relayout()

    def set_sign(self, s) -> None:
        self.sign = s
        self._relayout()

    def set_whole(self, whole) -> None:
        self.whole = whole
        self._relayout()

    def set_tool(self, tool) -> None:
        self.tool = None if self.tool == tool else tool
        self._relayout()

    def _relayout(self) -> None:
        if self.rect.w:
            self.layout(self.scene.theme)
        else:
            self._sync()

    def _sync(self) -> None:
        self.btn_add.selected = self.sign > 0
        self.btn_remove.selected = self.sign < 0
        self.btn_whole.selected = self.whole
        self.btn_one.selected = not self.whole
        for p, b in self.tabs.items():
            b.selected = p == self.page
        for t in self.tiles:
            t.selected = self.tool is not None and t.tool == self.tool
        self.warning.text = (
            _("Hotseat game: these edits bypass the rules; agree on them with the other player.")
            if self.scene.mode == "hotseat"
            else ""
        )
        if self.page == "board":
            if self.tool and self.tool[0] == "unit":
                what = unit_name(self.game.spec, self.tool[2])
                self.hint.text = (
                    _("Click regions to add a figure: {unit}.")
                    if self.sign > 0
                    else _("Click regions to remove a figure: {unit}.")
                ).format(unit=what)
            elif self.tool and self.tool[0] in ("damage", "leader"):
                what = _("damage marker") if self.tool[0] == "damage" else _("leader")
                self.hint.text = (
                    _("Click armies to add a {what}.") if self.sign > 0 else _("Click armies to remove a {what}.")
                ).format(what=what)
            elif self.tool and self.tool[0] == "control":
                self.hint.text = _("Click settlements to set their control marker.")
            else:
                self.hint.text = _(
                    "Drag a piece to move it (off the board: remove it), or pick a tool and click regions."
                )
        elif self.page == "cards":
            self.hint.text = (
                _("{card}: move it to…").format(card=card_name(self.game.spec, self.card))
                if self.card
                else _("Click a card, then where it goes.")
            )
        else:
            if self.tool and self.tool[0] == "char":
                self.hint.text = _("Click the region where {char} stands.").format(
                    char=char_name(self.game.spec, self.tool[1])
                )
            else:
                self.hint.text = (
                    _("{char}: set the status.").format(char=char_name(self.game.spec, self.char))
                    if self.char
                    else _("Click a character, then its status.")
                )
        for b in self.place_btns.values():
            b.enabled = self.card is not None
        for b in self.status_btns.values():
            b.enabled = self.char is not None

    def _refresh_lists(self) -> None:
        key = (
            len(self.game.log),
            id(self.game.state),
            self.page,
            self.card,
            self.char,
            getattr(self.scene, "shown", "public"),
        )
        if key == self._key:
            return
        self._key = key
        s, spec = self.game.state, self.game.spec
        for side in ("fp", "sh"):
            try:
                extra = self.game.rules.extra_dice(s, side)
            except Exception:  # noqa: BLE001 - only a label
                extra = 0
            n = max(1, spec.dice[side] + s["sides"][side]["dice_bonus"] + extra)
            self.lbl_dice[side].text = _("{side}: {n} dice next turn").format(side=side_title(side), n=n)
        items = []
        if self.page == "cards":
            where = {}
            for c in s["generic"]:
                where[c] = _("generic deck")
            for side in ("fp", "sh"):
                for c in s["sides"][side]["story"]:
                    where[c] = _("story deck")
                for c in s["sides"][side]["hand"]:
                    where[c] = _("{side}'s hand").format(side=side_title(side))
            for c in s["sides"]["sh"]["special"]:
                where[c] = _("special deck")
            for c in s["discard"] + s["gone"]:
                where[c] = _("discards")
            for c in s.get("table", []):
                where[c] = _("on the table")
            if getattr(self.scene, "secret_hands", False):
                # Hotseat (or tracked cards at a shared screen): only what the seat on the screen
                # may know is said: its own hand, the discards, the table. A card in a deck or in
                # the other player's hand is just "not seen" (docs/ui.md, the seat model).
                seat = getattr(self.scene, "shown", "public")
                unseen = _("not seen (a deck or a hand)")
                known = set(s["discard"]) | set(s["gone"]) | set(s.get("table", []))
                if seat in ("fp", "sh"):
                    known |= set(s["sides"][seat]["hand"])
                where = {c: (w if c in known else unseen) for c, w in where.items()}
            for c in sorted(spec.cards, key=lambda c: card_name(spec, c)):
                items.append(
                    ListItem(
                        f"{card_name(spec, c)} · {where.get(c, '?')}",
                        payload=("card", c),
                        color=T.HILITE if c == self.card else None,
                    )
                )
        elif self.page == "chars":
            names = status_names()
            for c, st in s["chars"].items():
                if c not in spec.characters:
                    continue
                text = f"{char_name(spec, c)} · {names.get(st['status'], st['status'])}"
                if st["status"] == "in_play" and st.get("region"):
                    text += f" ({region_name(spec, st['region'])})"
                items.append(ListItem(text, payload=("char", c), color=T.HILITE if c == self.char else None))
        scroll = self.list.scroll
        self.list.set_items(items)
        self.list.scroll = scroll

    def pick_row(self, item) -> None:
        kind, ident = item.payload
        if kind == "card":
            self.card = None if self.card == ident else ident
        else:
            self.char = None if self.char == ident else ident
            self.tool = None
        self._relayout()

    def move_card(self, place) -> None:
        if self.card:
            self.do([self.cmd("adjust_card", card=self.card, to=place)])

    def set_status(self, status) -> None:
        if not self.char:
            return
        if status == "in_play":
            self.tool = ("char", self.char)
            self._relayout()
            return
        self.do([self.cmd("adjust_character", char=self.char, status=status)])

    def hidden(self) -> set:
        """Pieces not drawn where they stand while dragged (BoardView.hidden_pieces)."""
        d = self.drag
        if not self.active or d is None or not d.moved:
            return set()
        k = d.key
        if k[0] == "fate_marker":
            return {("fate_marker",)}
        if k[0] == "char":
            return {("char", k[1])}
        if k[0] == "damage":
            reg = self.scene.view["regions"].get(k[1], {})
            return {(k[1], "damage")} if reg.get("damage", 0) <= 1 else set()
        if k[0] in ("unit", "leaders") and self.whole:
            return self._army_keys(k[1])
        if k[0] == "unit":
            reg = self.scene.view["regions"].get(k[1], {})
            return {(k[1], k[2])} if reg.get("units", {}).get(k[2], 0) <= 1 else set()
        if k[0] == "leaders":
            reg = self.scene.view["regions"].get(k[1], {})
            return {(k[1], "leaders")} if reg.get("leaders", 0) <= 1 else set()
        return set()

    def _army_keys(self, region) -> set:
        reg = self.scene.view["regions"].get(region, {})
        keys = {(region, u) for u in reg.get("units", {})} | {(region, "leaders"), (region, "damage")}
        side = reg.get("side")
        spec = self.game.spec
        for c, st in self.scene.view["chars"].items():
            if (
                st.get("status") == "in_play"
                and st.get("region") == region
                and c in spec.characters
                and spec.characters[c].side == side
            ):
                keys.add(("char", c))
        return keys

    # -- commands -------------------------------------------------------------------------
    @staticmethod
    def cmd(name, **params) -> dict:
        return {"cmd": name, "side": "players", **params}

    def check(self, cmds: list[dict]) -> RuleError | None:
        """The engine's answer to the whole change, without changing the game."""
        from ..core.engine import decide

        g = self.game
        state = g.state
        for c in cmds:
            try:
                _events, state = decide(g.spec, g.rules, state, c, in_place=False)
            except RuleError as e:
                return e
        return None

    def do(self, cmds: list[dict]) -> bool:
        """Carry out a change (one or more adjustments) whole, or refuse it with the engine's reason."""
        if not cmds:
            return False
        err = self.check(cmds)
        if err is not None:
            self.scene.notify(_("Refused: {why}").format(why=refusal(err)), error=True)
            return False
        for c in cmds:
            if not self.scene.submit(c):
                return False
        anim = getattr(self.scene, "animator", None)
        if anim is not None:
            anim.finish()  # the pieces are already where the players put them
        self._key = None
        self._relayout()
        return True

    def region_clicked(self, region: str) -> bool:
        """A click on the board with a tool: apply it there."""
        t = self.tool
        if not self.active or t is None:
            return False
        reg = self.game.state["regions"].get(region)
        if reg is None:
            return False
        kind = t[0]
        if kind == "unit":
            return self.do([self.cmd("adjust_units", region=region, owner=t[1], unit=t[2], n=self.sign)])
        if kind == "damage":
            return self.do([self.cmd("adjust_damage", region=region, n=self.sign)])
        if kind == "leader":
            return self.do([self.cmd("adjust_leaders", region=region, n=self.sign)])
        if kind == "control":
            return self.do([self.cmd("adjust_control", region=region, owner=t[1])])
        if kind == "char":
            ok = self.do([self.cmd("adjust_character", char=t[1], status="in_play", region=region)])
            if ok:
                self.tool = None
                self._relayout()
            return ok
        return False

    def drop_commands(self, key, pos) -> list[dict] | None:
        """The adjustments a drop of piece `key` at screen `pos` means (None: nothing to do)."""
        bv = self.scene.board
        s = self.game.state
        off = not bv.rect.collidepoint(pos)
        target = None if off else bv.region_at_screen(pos)
        kind = key[0]
        if kind == "fate_marker":
            slot = None if off else bv.slot_at_screen(pos)
            if slot is not None and slot.track == "fate" and slot.index is not None and slot.index != s["fate"]:
                return [self.cmd("adjust_fate", to=int(slot.index))]
            return None
        if kind == "char":
            if target and target != s["chars"].get(key[1], {}).get("region"):
                return [self.cmd("adjust_character", char=key[1], status="in_play", region=target)]
            return None
        region = key[1]
        reg = s["regions"].get(region)
        if reg is None or (target == region and not off):
            return None
        if kind == "control":
            if off:
                return [self.cmd("adjust_control", region=region, owner=None)]
            if target is None:
                return None
            return [
                self.cmd("adjust_control", region=target, owner=reg["control"]),
                self.cmd("adjust_control", region=region, owner=None),
            ]
        if kind == "damage":
            if off:
                return [self.cmd("adjust_damage", region=region, n=-1)]
            if target is None:
                return None
            return [self.cmd("adjust_damage", region=region, n=-1), self.cmd("adjust_damage", region=target, n=1)]
        side = reg["side"]
        if kind == "leaders" and not self.whole:
            if off:
                return [self.cmd("adjust_leaders", region=region, n=-1)]
            if target is None:
                return None
            return [self.cmd("adjust_leaders", region=region, n=-1), self.cmd("adjust_leaders", region=target, n=1)]
        if off:  # removed from the board
            if kind == "leaders":
                return [self.cmd("adjust_leaders", region=region, n=-reg["leaders"])]
            if self.whole:
                return [
                    self.cmd("adjust_units", region=region, owner=side, unit=u, n=-n)
                    for u, n in sorted(reg["units"].items())
                    if n
                ]
            return [self.cmd("adjust_units", region=region, owner=side, unit=key[2], n=-1)]
        if target is None:
            return None
        if self.whole or kind == "leaders":
            return [self.cmd("adjust_move", **{"from": region}, to=target)]
        return [self.cmd("adjust_move", **{"from": region}, to=target, units={key[2]: 1})]

    def drop_label(self, key, pos) -> str:
        cmds = self.drop_commands(key, pos)
        if not cmds:
            return ""
        spec = self.game.spec
        c = cmds[-1]
        name = c["cmd"]
        if name == "adjust_fate":
            return _("Fate marker to {n}").format(n=c["to"])
        if name in ("adjust_move", "adjust_character"):
            return _("Move to {region}").format(region=region_name(spec, c.get("to") or c.get("region")))
        if not self.scene.board.rect.collidepoint(pos):
            return _("Remove")
        target = c.get("region")
        if name == "adjust_control" and len(cmds) > 1:
            target = cmds[0]["region"]
        return _("Move to {region}").format(region=region_name(spec, target))

    # -- input ----------------------------------------------------------------------------
    def _piece_at(self, pos):
        bv = self.scene.board
        if not bv.rect.collidepoint(pos):
            return None
        for key, r in reversed(list(bv.piece_rects.items())):
            if key[0] in DRAG_KINDS and r.collidepoint(pos):
                return key, r
        return None

    def handle_event(self, ev) -> bool:
        if not self.active:
            return False
        super().handle_event(ev)
        d = self.drag
        if ev.type == pygame.WINDOWFOCUSLOST and d is not None:  # the piece goes back
            self.drag = None
            return False
        if ev.type == pygame.MOUSEMOTION and d is not None:
            d.pos = ev.pos
            if not d.moved and abs(ev.pos[0] - d.origin[0]) + abs(ev.pos[1] - d.origin[1]) > DRAG_THRESHOLD:
                d.moved = True
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1 and d is not None:
            self.drag = None
            d.pos = ev.pos
            if not d.moved:  # a click on a piece: the tool applies to its region
                region = self.scene.board.region_at_screen(ev.pos)
                if region and self.tool is not None:
                    self.region_clicked(region)
                return True
            cmds = self.drop_commands(d.key, ev.pos)
            if cmds:
                self.do(cmds)
            return True
        # the palette
        if self.rect.collidepoint(getattr(ev, "pos", (-1, -1))) or ev.type == pygame.MOUSEBUTTONUP:
            for w in reversed(self._palette()):
                if w.visible and w.handle_event(ev):
                    return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            hit = self._piece_at(ev.pos)
            if hit is not None:
                self.drag = Drag(hit[0], ev.pos, ev.pos)
                return True
        if ev.type == pygame.MOUSEWHEEL and self.page != "board":
            return self.list.handle_event(ev)
        # a press on the palette's background stops here; releases go on (the board may be panning)
        return ev.type == pygame.MOUSEBUTTONDOWN and self.rect.collidepoint(ev.pos)

    def update(self, dt) -> None:
        if self.active:
            if self.scene.looking_at is not None:
                self.scene.looking_at = None
            self._refresh_lists()
            # no decision tints while editing; the drop region while dragging (green: accepted)
            hl = {}
            d = self.drag
            if d is not None and d.moved:
                region = self.scene.board.region_at_screen(d.pos)
                cmds = self.drop_commands(d.key, d.pos)
                if region and cmds:
                    hl[region] = (90, 210, 100) if self.check(cmds) is None else (235, 70, 50)
            self.scene.board.highlights = hl

    # -- layout and drawing ---------------------------------------------------------------
    def _palette(self) -> list[Widget]:
        ws: list[Widget] = [self.title, self.warning, self.hint, *self.tabs.values()]
        if self.page == "board":
            ws += [
                self.btn_add,
                self.btn_remove,
                *self.tiles,
                self.btn_whole,
                self.btn_one,
                *self.lbl_dice.values(),
                *self.dice_btns.values(),
            ]
        elif self.page == "cards":
            ws += [self.list, *self.place_btns.values()]
        else:
            ws += [self.list, *self.status_btns.values()]
        return ws

    def layout(self, theme) -> None:
        t = theme
        self._sync()
        self._refresh_lists()
        r = self.rect
        x, w = r.x + t.pad, r.w - 2 * t.pad
        y = r.y + t.px(4)
        self.title.rect = pygame.Rect(x, y, w, res.font("serif_bold", t.heading).get_linesize())
        y = self.title.rect.bottom + t.px(2)
        small = res.font("sans", t.small).get_linesize()
        for lab in (self.warning, self.hint):
            lab.rect = pygame.Rect(x, y, w, 10)
            lab.rect.h = lab.fit_height(t) if lab.text else 0
            if lab is self.hint:  # two lines kept, so that choosing a tool does not move the palette
                lab.rect.h = max(lab.rect.h, 2 * small)
            y = lab.rect.bottom + (t.px(4) if lab.text else 0)
        bh = t.px(25)
        tw = (w - 2 * t.px(4)) // 3
        for i, b in enumerate(self.tabs.values()):
            b.rect = pygame.Rect(x + i * (tw + t.px(4)), y, tw, bh)
        y += bh + t.px(8)
        if self.page == "board":
            half = (w - t.px(6)) // 2
            self.btn_add.rect = pygame.Rect(x, y, half, bh)
            self.btn_remove.rect = pygame.Rect(x + half + t.px(6), y, half, bh)
            y += bh + t.px(5)
            gap = t.px(4)
            ts = max(t.px(30), min(t.px(40), (w + gap) // 7 - gap))
            per = max(1, (w + gap) // (ts + gap))
            for i, tile in enumerate(self.tiles):
                row, col = divmod(i, per)
                tile.rect = pygame.Rect(x + col * (ts + gap), y + row * (ts + gap), ts, ts)
            rows = (len(self.tiles) + per - 1) // per
            y += rows * (ts + gap) + t.px(2)
            self.btn_whole.rect = pygame.Rect(x, y, half, bh)
            self.btn_one.rect = pygame.Rect(x + half + t.px(6), y, half, bh)
            y += bh + t.px(6)
            bw = t.px(36)
            bh2 = t.px(22)
            for side in ("fp", "sh"):
                lbl = self.lbl_dice[side]
                lbl.rect = pygame.Rect(x, y + t.px(2), w - 2 * bw - t.px(10), bh2)
                row = max(bh2, lbl.fit_height(t))  # a longer label (a translation) takes two lines
                lbl.rect.h = row
                self.dice_btns[(side, -1)].rect = pygame.Rect(x + w - 2 * bw - t.px(4), y, bw, bh2)
                self.dice_btns[(side, 1)].rect = pygame.Rect(x + w - bw, y, bw, bh2)
                y += row + t.px(3)
        else:
            btns = list((self.place_btns if self.page == "cards" else self.status_btns).values())
            half = (w - t.px(6)) // 2
            foot = 2 * bh + t.px(6)
            self.list.rect = pygame.Rect(x, y, w, max(t.px(40), r.bottom - t.px(8) - foot - t.px(6) - y))
            fy = self.list.rect.bottom + t.px(6)
            for i, b in enumerate(btns):
                row, col = divmod(i, 2)
                b.rect = pygame.Rect(x + col * (half + t.px(6)), fy + row * (bh + t.px(6)), half, bh)

    def draw(self, surface, theme) -> None:
        """The palette (in the decision panel's place) and the dragged piece (over everything)."""
        t = theme
        self._refresh_lists()
        pygame.draw.rect(surface, T.BG_PANEL, self.rect, border_radius=t.px(6))
        pygame.draw.rect(surface, T.BRASS, self.rect, width=max(1, t.px(2)), border_radius=t.px(6))
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for w in self._palette():
            if w.visible:
                w.draw(surface, t)
        surface.set_clip(clip)
        self._draw_banner(surface, t)
        if self.drag is not None and self.drag.moved:
            self._draw_drag(surface, t)

    def _draw_banner(self, surface, t) -> None:
        bv = self.scene.board
        text = _("Editing the board: every change is logged as the players' adjustment.")
        img = res.text(text, "sans_bold", t.small, (255, 244, 220))
        r = img.get_rect(midtop=(bv.rect.centerx, bv.rect.y + t.px(6)))
        box = r.inflate(t.px(16), t.px(8))
        pygame.draw.rect(surface, (120, 70, 20), box, border_radius=t.px(5))
        pygame.draw.rect(surface, T.BRASS_LIGHT, box, width=1, border_radius=t.px(5))
        surface.blit(img, r)
        pygame.draw.rect(surface, (200, 130, 40), bv.rect, width=max(2, t.px(3)))

    def _draw_drag(self, surface, t) -> None:
        from .animation import army_tokens, draw_group, draw_piece

        d = self.drag
        bv = self.scene.board
        view = self.scene.view
        k = d.key
        ps = bv.piece_size()
        cx, cy = d.pos[0], d.pos[1] - t.px(6)
        box = None
        if k[0] in ("unit", "leaders") and self.whole:
            reg = view["regions"].get(k[1], {})
            chars = sorted(c[1] for c in self._army_keys(k[1]) if c[0] == "char")
            toks = army_tokens(
                reg.get("side"),
                reg.get("units", {}),
                reg.get("leaders", 0),
                chars,
                reg.get("damage", 0),
                self.game.spec,
            )
            box = draw_group(surface, bv, t, (cx, cy), toks, shadow=True)
        else:
            s = ps if k[0] == "unit" else int(ps * 0.8)
            r = pygame.Rect(0, 0, s, s)
            r.center = (cx, cy)
            side = (
                view["regions"].get(k[1], {}).get("side")
                if k[0] in ("unit", "leaders", "damage", "control") and isinstance(k[1], str)
                else None
            )
            if k[0] == "unit":
                draw_piece(surface, bv, t, r, "unit", side, k[2], 1)
            elif k[0] in ("leaders", "damage"):
                draw_piece(surface, bv, t, r, k[0], side, None, 1)
            elif k[0] == "char":
                draw_piece(surface, bv, t, r, "char", None, k[1], 1)
            elif k[0] == "control":
                draw_token(surface, r, view["regions"][k[1]].get("control"), "flag-objective", shape="circle")
            elif k[0] == "fate_marker":
                draw_token(
                    surface,
                    r,
                    None,
                    "sands-of-time",
                    shape="circle",
                    fill=(236, 210, 120),
                    rim=(80, 40, 10),
                    ink=(80, 40, 10),
                )
            box = r
        label = self.drop_label(k, d.pos)
        if label and box is not None:
            ok = self.check(self.drop_commands(k, d.pos) or []) is None
            img = res.text(label, "sans_bold", t.small, (255, 255, 255))
            r = img.get_rect(midtop=(box.centerx, box.bottom + t.px(10)))
            pygame.draw.rect(
                surface, (40, 110, 50) if ok else (140, 40, 30), r.inflate(t.px(10), t.px(4)), border_radius=t.px(4)
            )
            surface.blit(img, r)

    def tooltip_at(self, pos):
        if not self.active or not self.rect.collidepoint(pos):
            return None
        for w in reversed(self._palette()):
            tip = w.tooltip_at(pos) if w.visible else None
            if tip:
                return tip
        return None

    # painters -------------------------------------------------------------------------------
    def _unit_paint(self, side, u):
        spec = self.game.spec
        us = spec.units.get(u)

        def paint(surface, r, theme):
            draw_token(surface, r, side, T.unit_icon(u, us.name if us else ""))

        return paint

    @staticmethod
    def _marker_paint(kind):
        def paint(surface, r, theme):
            if kind == "damage":
                draw_token(
                    surface,
                    r,
                    None,
                    "skull-crossed-bones",
                    shape="circle",
                    fill=(168, 26, 22),
                    rim=(255, 220, 200),
                    ink=(255, 240, 230),
                )
            else:
                draw_token(
                    surface,
                    r,
                    "fp",
                    "knight-banner",
                    shape="square",
                    fill=(224, 186, 84),
                    rim=(70, 50, 10),
                    ink=(70, 40, 0),
                )

        return paint

    @staticmethod
    def _control_paint(owner):
        def paint(surface, r, theme):
            if owner:
                draw_token(surface, r, owner, "flag-objective", shape="circle")
            else:
                draw_token(
                    surface, r, None, "cancel", shape="circle", fill=(90, 84, 76), rim=(30, 26, 22), ink=(240, 230, 210)
                )

        return paint
