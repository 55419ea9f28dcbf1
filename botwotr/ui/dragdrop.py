"""Drag and drop on the board: armies and characters become commands.

Active while the pending decision is one of `DRAG_KINDS` and this seat has legal commands:

- `move`: drag any piece of an army (a unit stack, its leaders, its damage marker, or a character
  standing with it) onto a region; the legal destinations (the ends of the legal `move_army`
  paths from that region) are tinted green while dragging. A left-button drop moves the whole
  army by the shortest legal path. A right-button drag (or a drop where the whole army may not
  go) opens a count picker after the drop: how many of each unit type, leaders, characters.
- `attack`: dropping on an enemy army (tinted red) attacks it from where the army stands;
  dropping on a free region next to an enemy (tinted green) moves there, then the player clicks
  the enemy army to attack (Escape or a click elsewhere cancels). A combined attack asks which
  armies join, pre-ticked.
- `advance`: drop the attacking army on the freed region (all of it; right-drag to split).
- `move_characters`: drag a character; right-drag to take companions from the same region.
- `action` (no die chosen yet): an army may be dragged wherever a way to move or attack takes it
  (`WAY_ACTIONS` of a die, or passing with the move token; `_ways_from` asks the rules core on a
  copy of the state). The drop gives that way, then is made again in the decision it opened; where
  several ways reach, a popup (`WaysPopup`) asks which.

Destinations come only from `ctx.legal` (the DecisionContext's legal commands), filtered to those
that start from the dragged piece's region. A drop anywhere else snaps back (a short glide) and
shows the engine's reason: the plausible command is checked with `decide(..., in_place=False)`,
which never changes the game. Clicks without a drag still reach the board (region clicks).
Drawing (`draw_board` under the pieces' overlay, `draw_screen` for the popup) never changes
state; `update(dt)` moves the snap-back. The count picker is `widgets_picker.CountPicker`.
"""

from __future__ import annotations

from collections import deque

import pygame

from . import resources as res
from . import theme as T
from .animation import army_tokens, draw_group, ease
from .board_view import DRAG_THRESHOLD
from .decisions.moves import leadership_tokens_row
from .decisions.turn import ACTION_ICONS, ACTION_SHORT, TOKEN_ICONS
from .i18n import _
from .i18n_rules import refusal
from .logtext import char_name, face_name, region_name, unit_name
from .widgets import Button
from .widgets_picker import CountPicker, PickRow

DRAG_KINDS = ("move", "attack", "move_characters", "advance")
# the die actions whose decision an army dragged at the action decision may be dropped in
WAY_ACTIONS = ("strategic_move", "fast_move", "attack", "combined_attack", "mordor_move", "mordor_attack")
GREEN = (90, 210, 100)
RED = (235, 70, 50)
SNAP_SECONDS = 0.2


class Source:
    """What is being dragged: an army (`region`) or characters (`chars`)."""

    def __init__(self, kind, region, side, tokens, keys, origin, chars=()):
        self.kind = kind  # "army" | "chars"
        self.region = region
        self.side = side
        self.tokens = tokens  # for drawing (animation.draw_group)
        self.keys = set(keys)  # hidden while dragged
        self.origin = origin  # screen centre of the grabbed piece (world kept in .world)
        self.chars = list(chars)
        self.world = None
        # picked up at the action decision: each way to move or attack (a die's action, or the
        # move token) that lets this army go somewhere, with what it would then allow from here
        self.plans: list[tuple[dict, list[dict]]] | None = None

    def plan_cmds(self) -> list[dict]:
        """Every command the ways in `plans` would allow from here."""
        return [c for _way, cmds in self.plans or () for c in cmds]


class Popup:
    """A small box over the board: a title, an optional CountPicker, OK and Cancel."""

    def __init__(self, title, rows, ok_text, on_ok, on_cancel, anchor_world, hint=""):
        self.title = title
        self.hint = hint
        self.picker = CountPicker(rows) if rows else None
        self.btn_ok = Button(ok_text, on_ok, name="drop_ok")
        self.btn_cancel = Button(_("Cancel"), on_cancel, name="drop_cancel")
        self.anchor = anchor_world
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.error = ""

    def layout(self, bv, theme) -> None:
        w = theme.px(300)
        th = res.font("sans_bold", theme.body).get_linesize()
        hh = res.font("sans", theme.small).get_linesize() if self.hint or self.error else 0
        ph = self.picker.needed_height(theme) if self.picker else 0
        h = theme.pad * 3 + th + hh + ph + theme.row + theme.px(6)
        x, y = bv.camera.to_screen(*self.anchor)
        r = pygame.Rect(round(x) + theme.px(20), round(y) - h // 2, w, h)
        r.clamp_ip(bv.rect)
        self.rect = r
        yy = r.y + theme.pad + th + hh + theme.px(4)
        if self.picker:
            self.picker.rect = pygame.Rect(r.x + theme.pad, yy, w - 2 * theme.pad, ph)
            self.picker.layout(theme)
            yy += ph + theme.px(4)
        bw = (w - 3 * theme.pad) // 2
        self.btn_ok.rect = pygame.Rect(r.x + theme.pad, yy, bw, theme.row)
        self.btn_cancel.rect = pygame.Rect(self.btn_ok.rect.right + theme.pad, yy, bw, theme.row)

    def handle_event(self, ev) -> bool:
        for w in (self.btn_ok, self.btn_cancel, self.picker):
            if w is not None and w.handle_event(ev):
                return True
        return False

    def draw(self, surface, theme) -> None:
        r = self.rect
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, r.move(theme.px(4), theme.px(4)))
        pygame.draw.rect(surface, T.BG_PANEL, r, border_radius=theme.px(8))
        pygame.draw.rect(surface, T.BRASS, r, width=max(1, theme.px(2)), border_radius=theme.px(8))
        img = res.text(self.title, "sans_bold", theme.body, T.BRASS_LIGHT)
        y = r.y + theme.pad
        surface.blit(img, (r.x + theme.pad, y), area=pygame.Rect(0, 0, r.w - 2 * theme.pad, img.get_height()))
        y += res.font("sans_bold", theme.body).get_linesize()
        note = self.error or self.hint
        if note:
            col = (255, 150, 130) if self.error else T.TEXT_DIM
            img = res.text(note[:120], "sans", theme.small, col)
            surface.blit(img, (r.x + theme.pad, y), area=pygame.Rect(0, 0, r.w - 2 * theme.pad, img.get_height()))
        if self.picker:
            self.picker.draw(surface, theme)
        self.btn_ok.draw(surface, theme)
        self.btn_cancel.draw(surface, theme)


class WaysPopup(Popup):
    """A dropped army at the action decision, when more than one die (or the move token) could
    take it there: a button for each way, and Cancel."""

    def __init__(self, title, ways, on_cancel, anchor_world):
        super().__init__(title, None, "", lambda: None, on_cancel, anchor_world, hint=_("Which do you use?"))
        self.buttons = [Button(label, fn, icon=icon, name=f"drop_way:{i}") for i, (label, icon, fn) in enumerate(ways)]

    def layout(self, bv, theme) -> None:
        widest = max(b.natural_width(theme) for b in self.buttons + [self.btn_cancel])
        title = res.font("sans_bold", theme.body).size(self.title)[0]
        w = min(max(theme.px(300), widest + 2 * theme.pad, title + 2 * theme.pad), bv.rect.w - 2 * theme.pad)
        th = res.font("sans_bold", theme.body).get_linesize()
        hh = res.font("sans", theme.small).get_linesize()
        step = theme.row + theme.px(4)
        h = theme.pad * 3 + th + hh + step * (len(self.buttons) + 1) + theme.px(2)
        x, y = bv.camera.to_screen(*self.anchor)
        r = pygame.Rect(round(x) + theme.px(20), round(y) - h // 2, w, h)
        r.clamp_ip(bv.rect)
        self.rect = r
        yy = r.y + theme.pad + th + hh + theme.px(4)
        for b in self.buttons + [self.btn_cancel]:
            b.rect = pygame.Rect(r.x + theme.pad, yy, w - 2 * theme.pad, theme.row)
            yy += step
        self.btn_ok = self.buttons[0]  # (Enter takes the first way)

    def handle_event(self, ev) -> bool:
        return any(b.handle_event(ev) for b in self.buttons + [self.btn_cancel])

    def draw(self, surface, theme) -> None:
        super().draw(surface, theme)
        for b in self.buttons:
            b.draw(surface, theme)


class DragDrop:
    def __init__(self, scene):
        self.scene = scene
        self.press = None  # (pos, button, Source)
        self.drag: Source | None = None
        self.button = 1
        self.pos = (0, 0)
        self.grab = (0, 0)  # cursor - piece centre when grabbed
        self.dests: dict[str, str] = {}  # region -> "move" | "target"
        self.popup: Popup | None = None
        self.aim = None  # move-then-attack: (source, to, group) waiting for a target click
        self.snaps: list[list] = []  # [source, world_from, world_to, t]
        self.ghost = None  # (source, world point): a dropped army waiting on a popup / target
        self._log_len = -1  # the game's log length when the piece was picked up
        self._ways_kept = None  # (the decision, region -> its ways): `_ways_from`

    # -- state ---------------------------------------------------------------------------------
    @property
    def bv(self):
        return self.scene.board

    @property
    def active(self) -> bool:
        return bool(self.press or self.drag or self.popup or self.aim)

    def _top(self) -> dict | None:
        """The pending decision, when the board may be played on (no look back, no cover, no winner)."""
        st = self.scene.game.state
        if self.scene.looking_at is not None or self.scene.curtain or st.get("winner") or not st["pending"]:
            return None
        return st["pending"][-1]

    def pending(self) -> dict | None:
        p = self._top()
        return p if p is not None and p["kind"] in DRAG_KINDS else None

    def action_pending(self) -> dict | None:
        """The action decision (choose a die, or pass), when an army dragged there may be taken
        by a die's action or the move token (`_ways_from`)."""
        p = self._top()
        return p if p is not None and p["kind"] == "action" else None

    def _ways_from(self, region) -> list[tuple[dict, list[dict]]]:
        """At the action decision: each way (`use_die` with a moving or attacking action, or
        passing with the move token) that would let the army in `region` move or attack, once
        for each die face and action, with the commands it would then allow from `region`. The
        game is not changed: `decide` gives the state after the way, `legal_commands` its list.
        Worked out for every region at the first press of a decision and kept for the next
        presses of the same one (`_ways_kept`)."""
        from ..core import RuleError
        from ..core.engine import decide
        from ..core.legal import legal_commands

        game = self.scene.game
        legal = self.legal()
        key = (len(game.log), id(game.state), [(c.get("die"), c.get("action"), c.get("token")) for c in legal])
        if self._ways_kept is None or self._ways_kept[0] != key:
            by_region: dict[str, list[tuple[dict, list[dict]]]] = {}
            seen = set()
            for c in legal:
                if c.get("cmd") == "use_die" and c.get("action") in WAY_ACTIONS:
                    way = (self._face(c), c["action"])
                elif c.get("cmd") == "pass" and c.get("token") == "move":
                    way = ("token", "move")
                else:
                    continue
                if way in seen:
                    continue
                seen.add(way)
                try:
                    _events, after = decide(game.spec, game.rules, game.state, c)
                except RuleError:
                    continue
                follow: dict[str, list[dict]] = {}
                for f in legal_commands(game.spec, game.rules, after):
                    if f["cmd"] == "move_army":
                        follow.setdefault(f.get("from"), []).append(f)
                    elif f["cmd"] == "attack":
                        for r in dict.fromkeys([f.get("from"), *(f.get("armies") or ())]):
                            follow.setdefault(r, []).append(f)
                for r, cmds in follow.items():
                    by_region.setdefault(r, []).append((c, cmds))
            self._ways_kept = (key, by_region)
        return list(self._ways_kept[1].get(region, []))

    def legal(self) -> list[dict]:
        ctx = getattr(self.scene.decision, "ctx", None)
        cmds = ctx.legal if ctx is not None and ctx.legal is not None else self.scene.legal
        return list(cmds or [])

    def hidden(self) -> set:
        out = set()
        for s in [self.drag] + [g[0] for g in ([self.ghost] if self.ghost else [])] + [x[0] for x in self.snaps]:
            if s is not None:
                out |= s.keys
        return out

    # -- sources and destinations --------------------------------------------------------------
    def _view(self):
        return self.scene.view

    def _army_source(self, region, side) -> Source | None:
        reg = self._view()["regions"].get(region)
        if not reg or reg.get("side") != side:
            return None
        chars = self._chars_in(region, side)
        toks = army_tokens(side, reg["units"], reg.get("leaders", 0), chars, reg.get("damage", 0), self.scene.game.spec)
        keys = {(region, u) for u in reg["units"]} | {(region, "leaders"), (region, "damage")}
        keys |= {("char", c) for c in chars}
        return Source("army", region, side, toks, keys, None, chars)

    def _chars_in(self, region, side) -> list[str]:
        spec = self.scene.game.spec
        return sorted(
            c
            for c, st in self._view()["chars"].items()
            if st.get("status") == "in_play"
            and st.get("region") == region
            and c in spec.characters
            and spec.characters[c].side == side
        )

    def _cmds_from(self, kind, region=None, char=None) -> list[dict]:
        out = []
        for c in self.legal():
            name = c.get("cmd")
            if kind == "move" and name == "move_army" and c.get("from") == region:
                out.append(c)
            elif (
                kind == "attack" and name == "attack" and (c.get("from") == region or region in (c.get("armies") or ()))
            ):
                out.append(c)
            elif kind == "advance" and name == "advance" and c.get("from") == region:
                out.append(c)
            elif kind == "move_characters" and name == "move_characters" and char in (c.get("characters") or ()):
                out.append(c)
        return out

    def source_at(self, pos) -> Source | None:
        p = self.pending()
        if p is None:
            return self._way_source_at(pos)
        if not self.bv.rect.collidepoint(pos):
            return None
        side = p.get("side")
        for key, r in reversed(list(self.bv.piece_rects.items())):
            if not r.collidepoint(pos):
                continue
            if p["kind"] == "move_characters":
                if key[0] == "char" and self._cmds_from("move_characters", char=key[1]):
                    cid = key[1]
                    src = Source(
                        "chars",
                        self._view()["chars"][cid]["region"],
                        side,
                        [("char", side, cid, 1)],
                        {("char", cid)},
                        r.center,
                        [cid],
                    )
                    return src
                continue
            region = self._piece_region(key)
            if region and self._cmds_from(p["kind"], region):
                src = self._army_source(region, side)
                if src is not None:
                    src.origin = r.center
                    return src
        return None

    def _piece_region(self, key) -> str | None:
        """The region of an army's piece (a unit stack, its leaders, its damage marker, or a
        character standing with it); None for any other piece."""
        if key[0] in ("unit", "leaders", "damage"):
            return key[1]
        if key[0] == "char":
            return self._view()["chars"].get(key[1], {}).get("region")
        return None

    def _face(self, use: dict) -> str:
        """The face of the die a `use_die` command names: "box" for the Shadow Box's."""
        d = use["die"]
        if not isinstance(d, int):
            return str(d)
        rolled = self.scene.game.state["sides"][use["side"]]["rolled"]
        return rolled[d] if 0 <= d < len(rolled) else str(d)

    def _way_source_at(self, pos) -> Source | None:
        """An army picked up at the action decision (before a die is chosen), if some way takes it
        somewhere (`_ways_from`)."""
        p = self.action_pending()
        if p is None or not self.bv.rect.collidepoint(pos):
            return None
        for key, r in reversed(list(self.bv.piece_rects.items())):
            region = self._piece_region(key) if r.collidepoint(pos) else None
            src = self._army_source(region, p.get("side")) if region else None
            if src is None:
                continue
            plans = self._ways_from(region)
            if plans:
                src.origin, src.plans = r.center, plans
                return src
        return None

    def destinations(self, src: Source) -> dict[str, str]:
        if src.plans is not None:  # the ends of every way's moves and attacks
            ways: dict[str, str] = {}
            for c in src.plan_cmds():
                if c["cmd"] == "move_army":
                    ways[c["path"][-1]] = "move"
                elif c.get("to"):
                    ways.setdefault(c["to"], "move")
                else:
                    ways[c["target"]] = "target"
            ways.pop(src.region, None)
            return ways
        p = self.pending()
        if p is None:
            return {}
        kind = p["kind"]
        out: dict[str, str] = {}
        if kind == "move":
            for c in self._cmds_from("move", src.region):
                out[c["path"][-1]] = "move"
        elif kind == "attack":
            for c in self._cmds_from("attack", src.region):
                if c.get("to"):
                    out.setdefault(c["to"], "move")
                else:
                    out[c["target"]] = "target"
        elif kind == "advance":
            b = self.scene.game.state.get("battle") or {}
            if b.get("target") and self._cmds_from("advance", src.region):
                out[b["target"]] = "move"
        elif kind == "move_characters":
            for c in self._cmds_from("move_characters", char=src.chars[0]):
                if c["characters"] == src.chars:
                    out[c["path"][-1]] = "move"
        out.pop(src.region, None)
        return out

    # -- input -----------------------------------------------------------------------------------
    def handle_event(self, ev) -> bool:
        if ev.type == pygame.WINDOWFOCUSLOST and (self.press or self.drag):
            self.cancel(snap=True)
            return False
        if self.popup is not None:
            return self._popup_event(ev)
        if self.aim is not None:
            return self._aim_event(ev)
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button in (1, 3) and self.drag is None:
            src = self.source_at(ev.pos)
            if src is None:
                return False
            self.press = (ev.pos, ev.button, src)
            self.pos = ev.pos
            self._log_len = len(self.scene.game.log)
            return True
        if ev.type == pygame.MOUSEMOTION and self.press is not None:
            self.pos = ev.pos
            start, button, src = self.press
            if self.drag is None and abs(ev.pos[0] - start[0]) + abs(ev.pos[1] - start[1]) > DRAG_THRESHOLD:
                self._start(src, button, start)
            if self.drag is not None:
                self.bv.hover_region = self.bv.region_at_screen(ev.pos)
            return True
        if ev.type == pygame.MOUSEBUTTONUP and self.press is not None:
            start, button, src = self.press
            self.press = None
            if ev.button != button:
                return True
            if self.drag is None:  # a click, not a drag: the board's region click
                region = self.bv.region_at_screen(ev.pos)
                if region and self.bv.on_region_click:
                    self.bv.on_region_click(region)
                return True
            self.pos = ev.pos
            self._drop(ev.pos)
            return True
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE and self.drag is not None:
            self.cancel(snap=True)
            return True
        return False

    def _start(self, src: Source, button: int, start) -> None:
        self.drag = src
        self.button = button
        src.world = self.bv.camera.to_world(*src.origin)
        self.grab = (start[0] - src.origin[0], start[1] - src.origin[1])
        self.dests = self.destinations(src)
        hl = {r: (RED if k == "target" else GREEN) for r, k in self.dests.items()}
        self.bv.highlights = hl

    def _restore_highlights(self) -> None:
        d = self.scene.decision
        self.bv.highlights = d.highlights() if d is not None else {}

    def cancel(self, snap: bool = True) -> None:
        """Drop everything in hand; the piece glides home."""
        src = self.drag or (self.ghost[0] if self.ghost else None)
        if snap and src is not None and src.world is not None:
            at = self.ghost[1] if self.ghost else self.bv.camera.to_world(*self._piece_centre())
            self.snaps.append([src, at, src.world, 0.0])
        self.press = None
        self.drag = None
        self.popup = None
        self.aim = None
        self.ghost = None
        self.dests = {}
        self._restore_highlights()

    def _piece_centre(self):
        return (self.pos[0] - self.grab[0], self.pos[1] - self.grab[1])

    # -- drops -------------------------------------------------------------------------------------
    def _drop(self, pos) -> None:
        src = self.drag
        if src.plans is not None:
            self._way_drop(src, pos)
            return
        p = self.pending()
        region = self.bv.region_at_screen(pos)
        if p is None:
            self.cancel()
            return
        if region is None or region == src.region:
            self.cancel()
            return
        what = self.dests.get(region)
        if what is None:
            self._refuse(src, region, p)
            return
        split = self.button == 3
        here = self.bv.camera.to_world(*self._piece_centre())
        kind = p["kind"]
        self.drag = None
        self.ghost = (src, here)
        self.bv.highlights = {region: RED if what == "target" else GREEN}
        if kind == "move_characters":
            if split and len(self._chars_in(src.region, src.side)) > 1:
                self._char_popup(src, region)
            else:
                self._submit(self._best(self._char_cmds(src.chars, region)), src)
            return
        if kind == "attack" and what == "target":
            cmds = [c for c in self._cmds_from("attack", src.region) if c.get("target") == region and not c.get("to")]
            if cmds and "armies" in cmds[0]:
                self._combined_popup(src, region, cmds)
            else:
                self._submit(cmds[0] if cmds else None, src)
            return
        if kind == "attack":  # a free region next to an enemy: move there, then click the target
            if split:
                self._group_popup(src, region, then_aim=True)
            else:
                self._start_aim(src, region, None)
            return
        # move / advance
        if split:
            self._group_popup(src, region)
            return
        cmd = self._whole(src, self._to_cmds(src, region))
        if cmd is None:
            self._group_popup(src, region)
        else:
            self._submit(cmd, src)

    @staticmethod
    def _reaches(c, region, what) -> bool:
        if what == "target":
            return c["cmd"] == "attack" and not c.get("to") and c["target"] == region
        return (c["cmd"] == "move_army" and c["path"][-1] == region) or (c["cmd"] == "attack" and c.get("to") == region)

    def _way_drop(self, src, pos) -> None:
        """A drop at the action decision: the way (a die's action, or the move token) that takes
        the army there is given first, then the drop is made in the decision it opens, as any
        drop there (the whole army, a popup to split it, a target to click). Several ways: a
        popup asks which; a way that spends the move token is always asked."""
        region = self.bv.region_at_screen(pos)
        what = self.dests.get(region) if region is not None else None
        if region is None or region == src.region:
            self.cancel()
            return
        if what is None:
            self.cancel()
            self.scene.notify(
                _("Not allowed: none of your dice or action tokens takes this army to {region}.").format(
                    region=region_name(self.scene.game.spec, region)
                ),
                error=True,
            )
            return
        ways = [w for w, cmds in src.plans if any(self._reaches(c, region, what) for c in cmds)]
        self.drag = None
        self.ghost = (src, self.bv.camera.to_world(*self._piece_centre()))
        self.bv.highlights = {region: RED if what == "target" else GREEN}
        if len(ways) == 1 and ways[0]["cmd"] == "use_die":
            self._take_way(ways[0], src, pos)
            return
        spec = self.scene.game.spec
        labels = []
        for w in ways:
            if w["cmd"] == "pass":
                labels.append(
                    (_("Pass with the move token"), TOKEN_ICONS["move"], lambda w=w: self._take_way(w, src, pos))
                )
            else:
                face = self._face(w)
                kind = w["action"]
                action = _(ACTION_SHORT[kind])
                if what == "move" and kind in ("attack", "combined_attack", "mordor_attack"):
                    action = _("{action} from {region}").format(action=action, region=region_name(spec, region))
                if face == "box":  # a Character result kept in the Shadow Box
                    label = _("Shadow Box die: {action}").format(action=action)
                else:
                    label = _("{face} die: {action}").format(face=face_name(face), action=action)
                labels.append((label, ACTION_ICONS.get(kind), lambda w=w: self._take_way(w, src, pos)))
        title = (_("Attack {region}") if what == "target" else _("Move to {region}")).format(
            region=region_name(spec, region)
        )
        self.popup = WaysPopup(title, labels, lambda: self.cancel(), self.ghost[1])

    def _take_way(self, way, src, pos) -> None:
        """Give the way, then drop the army again in the decision it opened."""
        self.popup = None
        self.ghost = None
        if not self.scene.submit(way):  # (refused: the scene said why)
            self.ghost = (src, src.world)
            self.cancel()
            return
        self._log_len = len(self.scene.game.log)
        if self.pending() is None:
            self.cancel(snap=False)
            return
        again = self._army_source(src.region, src.side)
        if again is None:
            self.cancel(snap=False)
            return
        again.origin, again.world = src.origin, src.world
        self.drag = again
        self.dests = self.destinations(again)
        self._drop(pos)

    def _to_cmds(self, src, region) -> list[dict]:
        p = self.pending()
        if p["kind"] == "advance":
            return self._cmds_from("advance", src.region)
        if p["kind"] == "attack":
            return [c for c in self._cmds_from("attack", src.region) if c.get("to") == region]
        cmds = [c for c in self._cmds_from("move", src.region) if c["path"][-1] == region]
        if not cmds:
            return []
        shortest = min(len(c["path"]) for c in cmds)
        first = next(c["path"] for c in cmds if len(c["path"]) == shortest)
        return [c for c in cmds if c["path"] == first]

    def _char_cmds(self, chars, region) -> list[dict]:
        return [
            c
            for c in self.legal()
            if c.get("cmd") == "move_characters"
            and sorted(c["characters"]) == sorted(chars)
            and c["path"][-1] == region
        ]

    @staticmethod
    def _best(cmds):
        return min(cmds, key=lambda c: len(c.get("path") or ())) if cmds else None

    def _whole(self, src, cmds) -> dict | None:
        """The command that takes the whole army (all units, leaders, characters, damage)."""
        reg = self._view()["regions"][src.region]
        want_units = {u: n for u, n in reg["units"].items() if n}
        chars = self._chars_in(src.region, src.side)
        for c in cmds:
            if "units" not in c:
                return c
            if (
                c["units"] == want_units
                and c.get("leaders", 0) == reg.get("leaders", 0)
                and sorted(c.get("characters") or []) == chars
                and c.get("damage", 0) == reg.get("damage", 0)
            ):
                return c
        return None

    def _submit(self, cmd, src) -> bool:
        if cmd is None:
            self.cancel()
            return False
        here = self.ghost[1] if self.ghost else self.bv.camera.to_world(*self._piece_centre())
        anim = self.scene.animator if hasattr(self.scene, "animator") else None
        if anim is not None:
            sx, sy = self.bv.camera.to_screen(*here)
            r = pygame.Rect(0, 0, 4, 4)
            r.center = (round(sx), round(sy))
            for t in src.tokens:
                if t[0] == "unit":
                    anim.set_origin(("unit", src.region, t[2]), r)
                elif t[0] == "char":
                    anim.set_origin(("char", t[2]), r)
        self.drag = None
        self.ghost = None
        self.popup = None
        self.aim = None
        self.dests = {}
        ok = self.scene.submit(cmd)
        if not ok:
            self.ghost = (src, here)
            self.cancel()
            if anim is not None:
                anim.origins = {}
        else:
            self._restore_highlights()
        return ok

    def _refuse(self, src, region, p) -> None:
        """An illegal drop: snap back and say why (the engine's own reason)."""
        why = self.reason(src, region, p)
        self.cancel()
        self.scene.notify(_("Not allowed: {why}").format(why=why), error=True)

    def reason(self, src, region, p) -> str:
        from ..core import RuleError
        from ..core.engine import decide

        game = self.scene.game
        side = p.get("side")
        kind = p["kind"]
        regs = game.state["regions"]
        enemy = regs.get(region, {}).get("side") not in (None, side) and any(regs[region]["units"].values())
        if kind == "advance":
            b = game.state.get("battle") or {}
            return _("the army may only advance into {region}.").format(region=region_name(game.spec, b.get("target")))
        path = self._path(src.region, region) or [region]
        if enemy and kind in ("move", "attack") and region not in game.spec.board.neighbours(src.region):
            return _(
                "{region} holds an enemy army; armies move only into free regions and attack only next door."
            ).format(region=region_name(game.spec, region))
        if enemy and kind == "move":
            path = [region]
        if kind == "move_characters":
            cmd = {"cmd": "move_characters", "side": side, "characters": src.chars, "path": path}
        elif kind == "attack" and enemy:
            cmd = {"cmd": "attack", "side": side, "from": src.region, "target": region}
        elif kind == "attack":
            tg = next(
                (n for n in sorted(game.spec.board.neighbours(region)) if regs[n]["side"] not in (None, side)), region
            )
            cmd = {"cmd": "attack", "side": side, "from": src.region, "to": region, "target": tg}
        else:
            cmd = {"cmd": "move_army", "side": side, "from": src.region, "path": path}
        try:
            decide(game.spec, game.rules, game.state, cmd, in_place=False)
        except RuleError as e:
            return refusal(e)
        except Exception:  # noqa: BLE001 - a reason, not a crash
            pass
        return _("{region} is not one of the places this can go now.").format(region=region_name(game.spec, region))

    def _path(self, a, b) -> list[str] | None:
        nb = self.scene.game.spec.board.neighbours
        prev = {a: None}
        q = deque([a])
        while q:
            r = q.popleft()
            if r == b:
                out = []
                while r != a:
                    out.append(r)
                    r = prev[r]
                return out[::-1]
            for n in sorted(nb(r)):
                if n not in prev:
                    prev[n] = r
                    q.append(n)
        return None

    # -- popups: split an army, pick characters, a combined attack ---------------------------------
    def _group_rows(self, src) -> list[PickRow]:
        spec = self.scene.game.spec
        reg = self._view()["regions"][src.region]
        rows = []
        for kind, side, u, n in src.tokens:
            if kind == "unit":
                rows.append(
                    PickRow(
                        u,
                        unit_name(spec, u),
                        value=n,
                        maximum=n,
                        icon=T.unit_icon(u, spec.units[u].name if u in spec.units else ""),
                        side=side,
                    )
                )
        if reg.get("leaders"):
            rows.append(
                PickRow(
                    "leaders",
                    _("Leaders"),
                    value=reg["leaders"],
                    maximum=reg["leaders"],
                    icon="knight-banner",
                    side=side,
                )
            )
        if reg.get("tokens"):
            rows.append(leadership_tokens_row(reg["tokens"], side))
        for c in self._chars_in(src.region, src.side):
            rows.append(
                PickRow(
                    "char:" + c,
                    char_name(spec, c),
                    value=1,
                    maximum=1,
                    icon=T.character_icon(c),
                    side=side,
                    toggle=True,
                )
            )
        return rows

    def _group_popup(self, src, region, then_aim=False) -> None:
        spec = self.scene.game.spec
        title = (_("Attack from {region}: who goes?") if then_aim else _("Move to {region}: who goes?")).format(
            region=region_name(spec, region)
        )

        def ok():
            vals = self.popup.picker.values()
            group = {
                "units": {
                    k: v for k, v in vals.items() if not k.startswith("char:") and k not in ("leaders", "tokens") and v
                },
                "leaders": vals.get("leaders", 0),
                "characters": sorted(k[5:] for k, v in vals.items() if k.startswith("char:") and v),
            }
            if "tokens" in vals:
                group["tokens"] = vals["tokens"]
            if then_aim:
                self._start_aim(src, region, group)
                return
            cmd = self._match(self._to_cmds(src, region), group)
            if cmd is None:
                self.popup.error = self._why_group(src, region, group)
                return
            self._submit(cmd, src)

        self.popup = Popup(
            title,
            self._group_rows(src),
            _("Attack…") if then_aim else _("Move"),
            ok,
            lambda: self.cancel(),
            self.ghost[1],
            hint=_("Choose how many go; the rest stay."),
        )

    def _match(self, cmds, group) -> dict | None:
        """The legal command for this group (its damage markers: as many as the rule allows
        to stay behind, the default)."""
        best = None
        for c in cmds:
            if "units" not in c:
                continue
            if (
                c["units"] == group["units"]
                and c.get("leaders", 0) == group["leaders"]
                and sorted(c.get("characters") or []) == group["characters"]
                and ("tokens" not in group or "tokens" not in c or c["tokens"] == group["tokens"])
            ):
                if best is None or c.get("damage", 0) > best.get("damage", 0):
                    best = c
        return best

    def _why_group(self, src, region, group) -> str:
        from ..core import RuleError
        from ..core.engine import decide

        game = self.scene.game
        p = self.pending()
        cmds = self._to_cmds(src, region)
        if not group["units"]:
            return _("At least one unit must go.")
        base = (
            dict(cmds[0]) if cmds else {"cmd": "move_army", "side": p.get("side"), "from": src.region, "path": [region]}
        )
        base.update(group)
        base.pop("damage", None)
        try:
            decide(game.spec, game.rules, game.state, base, in_place=False)
        except RuleError as e:
            return refusal(e)
        except Exception:  # noqa: BLE001
            pass
        return _("That group may not go there now.")

    def _char_popup(self, src, region) -> None:
        spec = self.scene.game.spec
        rows = [
            PickRow(
                "char:" + c,
                char_name(spec, c),
                value=1 if c in src.chars else 0,
                maximum=1,
                icon=T.character_icon(c),
                side=src.side,
                toggle=True,
            )
            for c in self._chars_in(src.region, src.side)
        ]

        def ok():
            chars = sorted(k[5:] for k, v in self.popup.picker.values().items() if v)
            cmd = self._best(self._char_cmds(chars, region))
            if cmd is None:
                self.popup.error = _("These characters cannot reach {region} together.").format(
                    region=region_name(spec, region)
                )
                return
            src.tokens = [("char", src.side, c, 1) for c in chars]
            self._submit(cmd, src)

        self.popup = Popup(
            _("Move to {region}: who goes?").format(region=region_name(spec, region)),
            rows,
            _("Move"),
            ok,
            lambda: self.cancel(),
            self.ghost[1],
        )

    def _combined_popup(self, src, target, cmds) -> None:
        spec = self.scene.game.spec
        armies = sorted({a for c in cmds for a in c["armies"]})
        if len(armies) == 1:
            self._submit(cmds[0], src)
            return
        rows = [
            PickRow(
                "army:" + a,
                _("The army in {region}").format(region=region_name(spec, a)),
                value=1,
                maximum=1,
                minimum=0,
                icon="crossed-swords",
                side=src.side,
                toggle=True,
            )
            for a in armies
        ]

        def ok():
            chosen = sorted(k[5:] for k, v in self.popup.picker.values().items() if v)
            cmd = next((c for c in cmds if sorted(c["armies"]) == chosen), None)
            if cmd is None:
                self.popup.error = _("Choose at least the army you dragged.")
                return
            self._submit(cmd, src)

        self.popup = Popup(
            _("Combined attack on {region}").format(region=region_name(spec, target)),
            rows,
            _("Attack"),
            ok,
            lambda: self.cancel(),
            self.ghost[1],
            hint=_("Tick the armies that join the attack."),
        )

    def _popup_event(self, ev) -> bool:
        pop = self.popup
        if ev.type == pygame.KEYDOWN:
            if ev.key == pygame.K_ESCAPE:
                self.cancel()
                return True
            if ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                pop.btn_ok.on_click()
                return True
            return False
        if ev.type not in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return False
        if pop.handle_event(ev):
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and not pop.rect.collidepoint(ev.pos) and ev.button == 1:
            self.cancel()  # a click elsewhere: put it back
            return True
        return ev.type != pygame.MOUSEMOTION

    # -- move, then attack: click the target -------------------------------------------------------
    def _start_aim(self, src, to, group) -> None:
        cmds = [c for c in self._cmds_from("attack", src.region) if c.get("to") == to]
        targets = sorted({c["target"] for c in cmds})
        self.popup = None
        self.aim = (src, to, group, targets)
        self.bv.highlights = {t: RED for t in targets}
        self.bv.highlights[to] = GREEN
        self.scene.notify(
            _("Click the enemy army to attack from {region} (Escape: cancel).").format(
                region=region_name(self.scene.game.spec, to)
            )
        )

    def _aim_event(self, ev) -> bool:
        src, to, group, targets = self.aim
        if ev.type == pygame.KEYDOWN and ev.key == pygame.K_ESCAPE:
            self.cancel()
            return True
        if ev.type == pygame.MOUSEBUTTONDOWN and ev.button == 1:
            return True
        if ev.type == pygame.MOUSEBUTTONUP and ev.button == 1:
            region = self.bv.region_at_screen(ev.pos)
            if region not in targets:
                self.cancel()
                return True
            cmds = [c for c in self._cmds_from("attack", src.region) if c.get("to") == to and c["target"] == region]
            cmd = self._match(cmds, group) if group else self._whole(src, cmds)
            if cmd is None:
                self.scene.notify(self._why_group(src, to, group or {"units": {}}), error=True)
                self.cancel()
                return True
            self._submit(cmd, src)
            return True
        if ev.type == pygame.MOUSEMOTION:
            self.bv.hover_region = self.bv.region_at_screen(ev.pos)
        return False

    # -- time and drawing --------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for s in self.snaps:
            s[3] += dt / SNAP_SECONDS
        self.snaps = [s for s in self.snaps if s[3] < 1.0]
        held = self.drag or (self.ghost[0] if self.ghost else None) or (self.press[2] if self.press else None)
        ways = held is not None and held.plans is not None and self.action_pending() is not None
        if (self.drag or self.popup or self.aim or self.press) and (
            (self.pending() is None and not ways) or len(self.scene.game.log) != self._log_len
        ):
            self.cancel(snap=False)  # the game moved on under us (a panel, undo, a look back)

    def draw_board(self, surface, bv, theme) -> list | None:
        """Board overlay: a ghost waiting on a popup/target, snapping pieces, the dragged piece.
        Returns [] when it drew nothing, None when it drew (where is not tracked: the game
        scene draws the whole next frame)."""
        if not self.snaps and self.ghost is None and self.drag is None:
            return []
        for src, a, b, t in self.snaps:
            x, y = bv.camera.to_screen(*((a[0] + (b[0] - a[0]) * ease(t)), (a[1] + (b[1] - a[1]) * ease(t))))
            draw_group(surface, bv, theme, (x, y), src.tokens)
        if self.ghost is not None:
            src, w = self.ghost
            gx, gy = bv.camera.to_screen(*w)
            if self.aim is not None and bv.hover_region in self.aim[3]:  # an arrow to the target
                tx, ty = bv.camera.to_screen(*bv.layout.anchor(bv.hover_region, "army"))
                pygame.draw.line(surface, RED, (gx, gy), (tx, ty), max(3, theme.px(5)))
                pygame.draw.circle(surface, RED, (round(tx), round(ty)), max(6, theme.px(9)))
            draw_group(surface, bv, theme, (gx, gy), src.tokens, alpha=220)
        if self.drag is not None:
            cx, cy = self._piece_centre()
            lift = theme.px(6)
            box = draw_group(surface, bv, theme, (cx, cy - lift), self.drag.tokens, shadow=True)
            region = bv.region_at_screen(self.pos)
            label = self._drop_label(region)
            if label and box is not None:
                ok = region in self.dests
                img = res.text(label, "sans_bold", theme.small, (255, 255, 255))
                r = img.get_rect(midtop=(box.centerx, box.bottom + theme.px(10)))
                pygame.draw.rect(
                    surface,
                    (40, 110, 50) if ok else (140, 40, 30),
                    r.inflate(theme.px(10), theme.px(4)),
                    border_radius=theme.px(4),
                )
                surface.blit(img, r)
                # the battle this drop starts (issue 13): above the piece, clear of the hover tooltip
                y = box.top - theme.px(8)
                for line in reversed(self._odds_lines(region) if ok else []):
                    img = res.text(line, "sans", theme.small, (255, 240, 220))
                    r2 = img.get_rect(midbottom=(box.centerx, y))
                    pygame.draw.rect(surface, (46, 38, 30), r2.inflate(theme.px(10), theme.px(2)))
                    surface.blit(img, r2)
                    y = r2.top
        return None

    def _odds_lines(self, region) -> list[str]:
        if self.dests.get(region) != "target" or self.drag is None:
            return []
        cmds = self.drag.plan_cmds() if self.drag.plans is not None else self._cmds_from("attack", self.drag.region)
        cmd = next((c for c in cmds if c["cmd"] == "attack" and c.get("target") == region and not c.get("to")), None)
        if cmd is None:
            return []
        from .decisions.battle import aim_lines

        return aim_lines(self.scene.game, self.scene.view, self.scene.shown, cmd)

    def _drop_label(self, region) -> str:
        if region is None or self.drag is None or region == self.drag.region:
            return ""
        spec = self.scene.game.spec
        what = self.dests.get(region)
        name = region_name(spec, region)
        if what == "target":
            return _("Attack {region}").format(region=name)
        if what == "move":
            p = self.pending()
            if self.drag.plans is not None:
                if not any(c["cmd"] == "move_army" and c["path"][-1] == region for c in self.drag.plan_cmds()):
                    return _("Move to {region}, then attack").format(region=name)
            elif p and p["kind"] == "attack":
                return _("Move to {region}, then attack").format(region=name)
            return _("Move to {region}").format(region=name)
        return _("Not here")

    def draw_screen(self, surface, theme) -> None:
        if self.popup is not None:
            self.popup.layout(self.bv, theme)
            self.popup.draw(surface, theme)
