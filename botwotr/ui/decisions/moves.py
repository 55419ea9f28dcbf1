"""Panels for moving and placing: armies (click the source, then the destination, a count picker
for a partial army), attacks, recruitment, rallies, characters, units to remove or to recruit,
and the regions a card asks for."""

from __future__ import annotations

from .. import theme as T
from ..i18n import N_, _, ngettext
from ..logtext import MOVE_MODES, cap, pending_detail, region_name, unit_name
from ..panels import register_decision_panel
from ..widgets import Button, Tip
from ..widgets_picker import CountPicker, PickRow
from .base import CHOSEN, ENEMY, TARGET, ChoicePanel, RegionPanel, Tile, army_lines, figure_painter

DEST = (120, 220, 140)


def leadership_tokens_row(n: int, side: str | None) -> PickRow:
    """A picker's row for an army's Shadow leadership tokens (R-6.5: they go with their army as
    leaders do): the movement panel's and a right-dragged army's popup."""
    return PickRow("tokens", _("Leadership tokens"), value=n, maximum=n, icon="overlord-helm", side=side)


def group_rows(ctx, side: str, region: str) -> list[PickRow]:
    """The picker rows for an army: each unit type, leaders, characters, damage markers."""
    spec = ctx.game.spec
    reg = ctx.game.state["regions"][region]
    rows = []
    for u in sorted(reg["units"]):
        n = reg["units"][u]
        us = spec.units.get(u)
        rows.append(
            PickRow(
                f"u:{u}",
                unit_name(spec, u),
                value=n,
                minimum=0,
                maximum=n,
                icon=T.unit_icon(u, us.name if us else ""),
                side=side,
            )
        )
    if reg["leaders"]:
        rows.append(
            PickRow("leaders", _("Leaders"), value=reg["leaders"], maximum=reg["leaders"], icon="crown", side=side)
        )
    if reg.get("tokens"):
        rows.append(leadership_tokens_row(reg["tokens"], side))
    for c in present_chars(ctx, side, region):
        cs = spec.characters[c]
        rows.append(
            PickRow(f"c:{c}", cs.name, value=1, maximum=1, icon=T.character_icon(c, cs.kind), side=side, toggle=True)
        )
    if reg["damage"]:
        rows.append(
            PickRow(
                "damage",
                _("Damage markers"),
                value=reg["damage"],
                maximum=reg["damage"],
                icon="skull-crossed-bones",
                side=None,
            )
        )
    return rows


def present_chars(ctx, side, region) -> list[str]:
    spec = ctx.game.spec
    return [
        c
        for c, cs in ctx.game.state["chars"].items()
        if cs["status"] == "in_play" and cs["region"] == region and spec.characters[c].side == side
    ]


def constrain(picker: CountPicker, ctx, region: str) -> None:
    """R-9.2: leaders cannot stay without units; damage splits so that no part has more markers
    than units. Characters may go or stay either way (they may stand alone, as the core's legal
    moves allow)."""
    reg = ctx.game.state["regions"][region]
    vals = picker.values()
    moving = sum(v for k, v in vals.items() if k.startswith("u:"))
    staying = sum(reg["units"].values()) - moving
    if "leaders" in vals:
        lo = reg["leaders"] if staying == 0 else 0
        picker.set_limits("leaders", lo, reg["leaders"])
    if "tokens" in vals:
        picker.set_limits("tokens", reg["tokens"] if staying == 0 else 0, reg["tokens"])
    if "damage" in vals:
        d = reg["damage"]
        lo, hi = max(0, d - staying), min(d, moving)
        picker.set_limits("damage", lo, max(lo, hi))


def group_of(picker: CountPicker) -> dict:
    vals = picker.values()
    return {
        "units": {k[2:]: v for k, v in vals.items() if k.startswith("u:") and v},
        "leaders": vals.get("leaders", 0),
        "characters": sorted(k[2:] for k, v in vals.items() if k.startswith("c:") and v),
        "damage": vals.get("damage", 0),
        "tokens": vals.get("tokens", 0),
    }


def same_group(cmd: dict, g: dict) -> bool:
    return (
        cmd.get("units") == g["units"]
        and cmd.get("leaders", 0) == g["leaders"]
        and sorted(cmd.get("characters") or []) == g["characters"]
        and cmd.get("damage", 0) == g["damage"]
        and cmd.get("tokens", 0) == g.get("tokens", 0)
    )


class GroupPanel(ChoicePanel):
    """Shared by move, attack and advance: a source army and a picker for the part that goes."""

    share = 0.8

    def reset(self):
        self.src = None
        self.picker = None

    def select_source(self, region):
        self.src = region
        side = (self.ctx.pending or {}).get("side") or self.ctx.seat
        self.picker = CountPicker(group_rows(self.ctx, side, region), on_change=self._picked)
        self.picker.name = "picker"
        constrain(self.picker, self.ctx, region)

    def _picked(self, values):
        constrain(self.picker, self.ctx, self.src)
        self.changed()

    def add_picker(self, title: str):
        if self.picker is None:
            return
        self.heading(title)
        self.widget(self.picker, self.picker.needed_height)

    def whole_army(self) -> bool:
        if self.picker is None:
            return True
        return all(r.value == r.maximum for r in self.picker.rows if r.key != "damage")


@register_decision_panel("move")
class MovePanel(GroupPanel):
    """Click an army, then a highlighted destination; the picker leaves part of it behind."""

    TITLE = N_("Movement")

    def reset(self):
        super().reset()
        self.dest = None

    def moves(self):
        return [c for c in (self.ctx.legal if self.ctx else []) if c["cmd"] == "move_army"]

    def sources(self):
        return sorted({c["from"] for c in self.moves()})

    def dests(self):
        out = {}
        for c in self.moves():
            if c["from"] == self.src:
                d = c["path"][-1]
                if d not in out or len(c["path"]) < len(out[d]):
                    out[d] = c["path"]
        return out

    def build(self, ctx):
        spec = ctx.game.spec
        p = ctx.pending or {}
        mode = _(MOVE_MODES.get(p.get("mode"), str(p.get("mode"))))
        self.title = cap(mode)
        self.detail.text = pending_detail(spec, p)
        if self.src is not None and self.src not in self.sources():
            self.reset()
        if self.src is None:
            self.prompt.text = _("Click one of your highlighted armies to move it.")
            srcs = self.sources()
            if srcs:
                self.text(_("Or choose the army here:"), "small", T.TEXT_DIM)
                self.buttons(
                    [
                        Button(
                            region_name(spec, r),
                            lambda r=r: self._pick_src(r),
                            name=f"src:{r}",
                            tooltip=Tip(region_name(spec, r), lines=army_lines(ctx, r)),
                        )
                        for r in srcs
                    ],
                    cols=2 if len(srcs) > 3 else 1,
                )
        else:
            dests = self.dests()
            if self.dest is None:
                self.prompt.text = _("Army in {region}: click a highlighted region to move it there.").format(
                    region=region_name(spec, self.src)
                )
            else:
                self.prompt.text = _("Move from {src} to {dest}.").format(
                    src=region_name(spec, self.src), dest=region_name(spec, self.dest)
                )
            self.buttons(
                [
                    Button(
                        region_name(spec, d), lambda d=d: self._pick_dest(d), name=f"dest:{d}", selected=d == self.dest
                    )
                    for d in sorted(dests)
                ],
                cols=2,
            )
            self.add_picker(_("What moves"))
            cmd = self.chosen()
            go = Button(_("Move"), lambda: self.submit(self.chosen()), name="move", icon="flag-objective")
            go.enabled = cmd is not None
            if self.dest is not None and cmd is None:
                self.text(
                    _(
                        "No legal move with this group (a leader or character may be needed, or the damage "
                        "split is not allowed)."
                    ),
                    "small",
                    (255, 170, 150),
                )
            self.add_footer(Button(_("Back"), self._back, name="back"), go)
        self.done_button(_("Done"), Tip(_("Done"), _("End the move; the armies not moved stay.")))

    def chosen(self):
        if self.src is None or self.dest is None:
            return None
        g = group_of(self.picker)
        for c in self.moves():
            if c["from"] == self.src and c["path"][-1] == self.dest and same_group(c, g):
                return c
        return None

    def _pick_src(self, r):
        self.select_source(r)
        self.dest = None
        self.changed()

    def _pick_dest(self, d):
        self.dest = None if self.dest == d else d
        self.changed()

    def _back(self):
        self.reset()
        self.changed()

    def highlights(self):
        if self.ctx is None:
            return {}
        if self.src is None:
            return {r: TARGET for r in self.sources()}
        out = {d: DEST for d in self.dests()}
        out[self.src] = CHOSEN
        if self.dest:
            out[self.dest] = CHOSEN
        return out

    def region_clicked(self, region):
        if self.src is not None and region in self.dests():
            self._pick_dest(region)
            return True
        if region in self.sources():
            self._pick_src(region) if region != self.src else self._back()
            return True
        return False


@register_decision_panel("attack")
class AttackPanel(GroupPanel):
    """Choose the attacking army (several in a combined attack), an optional move, the target."""

    TITLE = N_("Attack")

    def update(self, dt):
        super().update(dt)
        from .battle import step_odds

        step_odds(self)  # the whole battle's odds, counted a step a frame (issue 13)

    def reset(self):
        super().reset()
        self.to = None
        self.target = None
        self.armies: set = set()

    def attacks(self):
        return [c for c in (self.ctx.legal if self.ctx else []) if c["cmd"] == "attack"]

    def combined(self):
        return (self.ctx.pending or {}).get("mode") == "combined"

    def sources(self):
        if self.combined():
            return sorted({a for c in self.attacks() for a in c["armies"]})
        return sorted({c["from"] for c in self.attacks()})

    def targets(self):
        if self.combined():
            return sorted(
                {c["target"] for c in self.attacks() if not self.armies or set(self.armies) <= set(c["armies"])}
            )
        return sorted({c["target"] for c in self.attacks() if c["from"] == self.src and c.get("to") == self.to})

    def moves_to(self):
        return sorted({c["to"] for c in self.attacks() if c["from"] == self.src and c.get("to")})

    def build(self, ctx):
        spec = ctx.game.spec
        mode = (ctx.pending or {}).get("mode")
        self.detail.text = {
            "combined": _(
                "Combined attack: select the armies next to the target (click them), then the target (R-10.9)."
            ),
            "character": _(
                "The attacking army needs leadership; if it moves first, a leader or a character "
                "with leadership goes along (R-9.2)."
            ),
            "mordor": _("The attacking army must contain Orcs (R-8.6)."),
        }.get(mode, _("The army may first move one region, then it attacks an adjacent enemy army (R-8.8)."))
        if self.combined():
            self._build_combined(ctx)
            return
        if self.src is not None and self.src not in self.sources():
            self.reset()
        if self.src is None:
            self.prompt.text = _("Click the army that attacks (highlighted).")
            self.buttons(
                [
                    Button(
                        region_name(spec, r),
                        lambda r=r: self._pick_src(r),
                        name=f"src:{r}",
                        tooltip=Tip(region_name(spec, r), lines=army_lines(ctx, r)),
                    )
                    for r in self.sources()
                ],
                cols=2 if len(self.sources()) > 3 else 1,
            )
            return
        where = region_name(spec, self.to or self.src)
        self.prompt.text = (
            _("From {where}: click a red target, or a green region to move there first.").format(where=where)
            if self.target is None
            else _("Attack {target} from {where}.").format(target=region_name(spec, self.target), where=where)
        )
        tg = self.targets()
        if tg:
            self.text(_("Targets:"), "small", T.TEXT_DIM)
            self.buttons(
                [
                    Button(
                        region_name(spec, t),
                        lambda t=t: self._pick_target(t),
                        name=f"target:{t}",
                        selected=t == self.target,
                        tooltip=Tip(region_name(spec, t), lines=army_lines(ctx, t)),
                    )
                    for t in tg
                ],
                cols=2,
            )
        mv = self.moves_to()
        if mv:
            self.text(_("Move first to:"), "small", T.TEXT_DIM)
            self.buttons(
                [
                    Button(region_name(spec, r), lambda r=r: self._pick_to(r), name=f"to:{r}", selected=r == self.to)
                    for r in mv
                ],
                cols=2,
            )
        if self.to is not None:
            self.add_picker(_("What moves and attacks"))
        go = Button(_("Attack!"), lambda: self.submit(self.chosen()), name="attack", icon="crossed-swords")
        go.enabled = self.chosen() is not None
        self.add_footer(Button(_("Back"), self._back, name="back"), go)
        if self.chosen() is not None:
            from .battle import add_odds, add_odds_summary

            add_odds_summary(self, ctx, self.chosen())  # the battle this attack would start (issue 13)
            add_odds(self, ctx, self.chosen())

    def _build_combined(self, ctx):
        spec = ctx.game.spec
        self.prompt.text = _("Select the attacking armies, then the target.")
        self.text(_("Armies:"), "small", T.TEXT_DIM)
        self.buttons(
            [
                Button(
                    region_name(spec, r),
                    lambda r=r: self._toggle(r),
                    name=f"army:{r}",
                    selected=r in self.armies,
                    tooltip=Tip(region_name(spec, r), lines=army_lines(ctx, r)),
                )
                for r in self.sources()
            ],
            cols=2,
        )
        self.text(_("Target:"), "small", T.TEXT_DIM)
        self.buttons(
            [
                Button(
                    region_name(spec, t),
                    lambda t=t: self._pick_target(t),
                    name=f"target:{t}",
                    selected=t == self.target,
                )
                for t in self.targets()
            ],
            cols=2,
        )
        go = Button(_("Attack!"), lambda: self.submit(self.chosen()), name="attack", icon="crossed-swords")
        go.enabled = self.chosen() is not None
        self.add_footer(go)
        if self.chosen() is not None:
            from .battle import add_odds

            add_odds(self, ctx, self.chosen())

    def chosen(self):
        if self.target is None:
            return None
        if self.combined():
            return next(
                (
                    c
                    for c in self.attacks()
                    if c["target"] == self.target and sorted(c["armies"]) == sorted(self.armies)
                ),
                None,
            )
        for c in self.attacks():
            if c["from"] != self.src or c["target"] != self.target or c.get("to") != self.to:
                continue
            if self.to is None or same_group(c, group_of(self.picker)):
                return c
        return None

    def _pick_src(self, r):
        self.reset()
        self.src = r
        self.changed()

    def _pick_to(self, r):
        if self.to == r:
            self.to, self.picker = None, None
        else:
            self.select_source(self.src)
            self.to = r
        self.target = None
        self.changed()

    def _pick_target(self, t):
        self.target = None if self.target == t else t
        self.changed()

    def _toggle(self, r):
        self.armies ^= {r}
        if self.target and self.target not in self.targets():
            self.target = None
        self.changed()

    def _back(self):
        self.reset()
        self.changed()

    def highlights(self):
        if self.ctx is None:
            return {}
        out = {}
        if self.combined():
            for r in self.sources():
                out[r] = CHOSEN if r in self.armies else TARGET
            for t in self.targets():
                out[t] = ENEMY
            return out
        if self.src is None:
            return {r: TARGET for r in self.sources()}
        out[self.src] = CHOSEN
        for r in self.moves_to():
            out[r] = CHOSEN if r == self.to else DEST
        for t in self.targets():
            out[t] = ENEMY
        return out

    def region_clicked(self, region):
        if self.combined():
            if region in self.sources():
                self._toggle(region)
                return True
            if region in self.targets():
                self._pick_target(region)
                return True
            return False
        if self.src is not None:
            if region in self.targets():
                self._pick_target(region)
                return True
            if region in self.moves_to():
                self._pick_to(region)
                return True
        if region in self.sources():
            self._pick_src(region)
            return True
        return False


@register_decision_panel("advance")
class AdvancePanel(GroupPanel):
    TITLE = N_("Advance")

    def build(self, ctx):
        spec = ctx.game.spec
        b = ctx.game.state.get("battle") or {}
        target = b.get("target")
        cmds = [c for c in ctx.legal if c["cmd"] == "advance"]
        srcs = sorted({c["from"] for c in cmds})
        if self.src is None and srcs:
            self.select_source(srcs[0])
        self.prompt.text = _("The battle is won: advance into {region}?").format(region=region_name(spec, target))
        self.detail.text = _(
            "All or part of the attacking army may move in; leaders and characters go either "
            "way (R-10.8). Done: stay where you are."
        )
        if len(srcs) > 1:
            self.buttons(
                [
                    Button(region_name(spec, r), lambda r=r: self._src(r), name=f"src:{r}", selected=r == self.src)
                    for r in srcs
                ],
                cols=2,
            )
        self.add_picker(_("What advances"))
        go = Button(_("Advance"), lambda: self.submit(self.chosen()), name="advance", icon="flag-objective")
        go.enabled = self.chosen() is not None
        self.add_footer(go)
        self.done_button(_("Stay"))

    def _src(self, r):
        self.select_source(r)
        self.changed()

    def chosen(self):
        if self.picker is None:
            return None
        g = group_of(self.picker)
        return next(
            (c for c in self.ctx.legal if c["cmd"] == "advance" and c["from"] == self.src and same_group(c, g)), None
        )

    def highlights(self):
        b = self.ctx.game.state.get("battle") if self.ctx else None
        out = {c["from"]: TARGET for c in (self.ctx.legal if self.ctx else []) if c["cmd"] == "advance"}
        if self.src:
            out[self.src] = CHOSEN
        if b:
            out[b["target"]] = DEST
        return out

    def region_clicked(self, region):
        if region in {c.get("from") for c in self.ctx.legal if c["cmd"] == "advance"}:
            self._src(region)
            return True
        return False


@register_decision_panel("recruit")
class RecruitPanel(RegionPanel):
    TITLE = N_("Recruitment")
    CMD = "recruit"
    PROMPT_LEFT = N_("Click a region with your recruitment token ({n} more).")
    EXPLAIN = N_("The token is turned up and a unit of its type is placed there (R-12.3).")


@register_decision_panel("mordor_recruit")
class MordorRecruitPanel(RegionPanel):
    TITLE = N_("Orc recruitment")
    CMD = "place_orc"
    PROMPT_LEFT = N_("Click an Orc recruitment area to place an Orc ({n} more).")
    EXPLAIN = N_("Only free areas, not in a Free Peoples settlement (R-12.5, R-12.6).")


@register_decision_panel("rally")
class RallyPanel(RegionPanel):
    TITLE = N_("Rally")
    CMD = "rally"
    PROMPT_LEFT = N_("Click a damaged army to rally it ({n} more).")
    EXPLAIN = N_("A die per unit: each 5 or 6 removes a damage marker; leaders re-roll failures (R-13.1).")


@register_decision_panel("choose_region")
class ChooseRegionPanel(RegionPanel):
    TITLE = N_("Choose a region")

    def prompt_text(self, ctx):
        return pending_detail(ctx.game.spec, ctx.pending) or _("Click a highlighted region.")


@register_decision_panel("retreat_to")
class RetreatPanel(RegionPanel):
    TITLE = N_("Retreat")
    CMD = "retreat_to"

    def prompt_text(self, ctx):
        return _("Choose where the defending army retreats.")

    def explain(self, ctx):
        if (ctx.pending or {}).get("penalty"):
            return _(
                "No region is safe: the attacker picks any free adjacent region and the army takes one "
                "more damage (R-10.7)."
            )
        return _("A free region, not next to an enemy army and not across a stream, ford or pass (R-10.7).")


@register_decision_panel("choose_army")
class ChooseArmyPanel(RegionPanel):
    TITLE = N_("Combined attack")
    CMD = "choose_army"
    COLOR = CHOSEN

    def prompt_text(self, ctx):
        return _("Which attacking army fights this round?")

    def explain(self, ctx):
        return _("Another army fights with all its tactic tokens back (R-10.9).")


@register_decision_panel("move_characters")
class CharactersPanel(ChoicePanel):
    """Pick one or more characters in the same region, then click where they go."""

    TITLE = N_("Characters")

    def reset(self):
        self.sel: set = set()

    def moves(self):
        return [c for c in (self.ctx.legal if self.ctx else []) if c["cmd"] == "move_characters"]

    def dests(self):
        out = {}
        for c in self.moves():
            if sorted(c["characters"]) == sorted(self.sel):
                out.setdefault(c["path"][-1], c)
        return out

    def build(self, ctx):
        spec = ctx.game.spec
        self.prompt.text = (
            _("Select the characters that move together.")
            if not self.sel
            else _("Click a highlighted region to move them there.")
        )
        self.detail.text = _("Characters move up to their level, ignoring enemy armies (R-9.7).")
        chars = sorted({ch for c in self.moves() for ch in c["characters"]})
        region_of = {ch: ctx.game.state["chars"][ch]["region"] for ch in chars}
        here = region_of[next(iter(self.sel))] if self.sel else None
        tiles = []
        for ch in chars:
            cs = spec.characters[ch]
            tiles.append(
                Tile(
                    f"char:{ch}",
                    self._painter(ctx, ch, region_of[ch]),
                    lambda ch=ch: self._toggle(ch),
                    selected=ch in self.sel,
                    enabled=here is None or region_of[ch] == here,
                    tooltip=Tip(cs.name, lines=[t for t in (cs.ability_text,) if t]),
                )
            )
        self.tiles(tiles, 0, 40, gap=4)
        if self.sel:
            ds = self.dests()
            self.text(_("Destinations:"), "small", T.TEXT_DIM)
            self.buttons(
                [
                    Button(region_name(spec, d), lambda c=c: self.submit(c), name=f"dest:{d}")
                    for d, c in sorted(ds.items())
                ],
                cols=2,
            )
        self.done_button()

    def _painter(self, ctx, ch, region):
        from .base import token_painter

        spec = ctx.game.spec
        cs = spec.characters[ch]
        return token_painter(
            cs.side,
            T.character_icon(ch, cs.kind),
            cs.name,
            _("in {region} · level {n}").format(region=region_name(spec, region), n=cs.level),
            shape=T.side_style(cs.side).shape,
        )

    def _toggle(self, ch):
        self.sel ^= {ch}
        self.changed()

    def highlights(self):
        if self.ctx is None:
            return {}
        if not self.sel:
            return {self.ctx.game.state["chars"][ch]["region"]: TARGET for c in self.moves() for ch in c["characters"]}
        return {d: DEST for d in self.dests()}

    def region_clicked(self, region):
        if self.sel:
            c = self.dests().get(region)
            if c:
                self.submit(c)
                return True
        return False


@register_decision_panel("remove_excess", "casualties", "flee_casualty")
class RemoveUnitPanel(ChoicePanel):
    """The army's figures; click one to remove it."""

    CMDS = {"remove_excess": "remove_unit", "casualties": "casualty", "flee_casualty": "flee_casualty"}
    share = 0.7

    def build(self, ctx):
        spec = ctx.game.spec
        p = ctx.pending or {}
        kind = p.get("kind")
        region = p.get("region")
        reg = ctx.game.state["regions"].get(region) or {"units": {}, "damage": 0, "side": None}
        side = p.get("side") or reg["side"]
        units = sum(reg["units"].values())
        self.title = {
            "remove_excess": _("Too many units"),
            "casualties": _("Casualties"),
            "flee_casualty": _("Fleeing"),
        }.get(kind, _("Remove a unit"))
        if kind == "remove_excess":
            n = p.get("n", 1)
            self.prompt.text = ngettext(
                "{region}: click {n} unit to remove.", "{region}: click {n} units to remove, one at a time.", n
            ).format(region=region_name(spec, region), n=n)
            self.detail.text = _("An army holds at most 5 units; the extra ones go back to the pool (R-9.5).")
        elif kind == "casualties":
            self.prompt.text = _("{region}: {damage} on {units}. Click a unit to take it as a casualty.").format(
                region=region_name(spec, region),
                damage=ngettext("{n} damage marker", "{n} damage markers", reg["damage"]).format(n=reg["damage"]),
                units=ngettext("{n} unit", "{n} units", units).format(n=units),
            )
            self.detail.text = (
                _("Each casualty removes two damage markers (or the last one) (R-11.2).")
                + " "
                + (
                    _("There are more markers than units: you must remove units (R-11.3).")
                    if p.get("mandatory")
                    else _("You may stop now: Done keeps the markers on the army.")
                )
            )
        else:
            self.prompt.text = _("{region}: the army flees. Click a unit to remove.").format(
                region=region_name(spec, region)
            )
            self.detail.text = _(
                "Fleeing removes a unit and two markers at a time until at most one marker is left (R-10.6c)."
            )
        cmd = self.CMDS.get(kind)
        by_unit = {c["unit"]: c for c in ctx.legal if c["cmd"] == cmd}
        tiles = []
        for u in sorted(reg["units"]):
            for k in range(reg["units"][u]):
                c = by_unit.get(u)
                tiles.append(
                    Tile(
                        f"unit:{u}:{k}",
                        figure_painter(spec, side, u),
                        (lambda c=c: self.submit(c)) if c else None,
                        enabled=c is not None,
                        tooltip=Tip(unit_name(spec, u), _("Click to remove this unit.")),
                    )
                )
        self.tiles(tiles, 66, 76, gap=6)
        if reg["damage"]:
            self.text(
                ngettext("{n} damage marker on the army:", "{n} damage markers on the army:", reg["damage"]).format(
                    n=reg["damage"]
                ),
                "small",
                T.TEXT_DIM,
            )
            self.tiles([Tile(f"damage:{k}", damage_painter, None) for k in range(reg["damage"])], 26, 26, gap=4)
        self.done_button(_("Done: keep the markers"))

    def highlights(self):
        p = (self.ctx.pending or {}) if self.ctx else {}
        return {p["region"]: CHOSEN} if p.get("region") else {}


def damage_painter(surface, rect, theme, tile):
    from ..board_view import draw_token

    draw_token(
        surface,
        rect,
        None,
        "skull-crossed-bones",
        shape="circle",
        fill=(150, 30, 24),
        rim=(255, 220, 200),
        ink=(255, 236, 220),
    )


@register_decision_panel("choose_unit")
class ChooseUnitPanel(ChoicePanel):
    TITLE = N_("Recruit a unit")

    def build(self, ctx):
        spec = ctx.game.spec
        p = ctx.pending or {}
        side = p.get("side") or ctx.seat
        self.prompt.text = _("No figure of the token's type is left: choose the unit recruited in {region}.").format(
            region=region_name(spec, p.get("region"))
        )
        self.detail.text = _("R-12.3: any unit type of yours with figures left.")
        from ...core.state import figures_available

        tiles = []
        for c in ctx.legal:
            if c["cmd"] != "choose_unit":
                continue
            u = c["unit"]
            n = figures_available(ctx.game.state, spec, side, u)
            us = spec.units[u]
            tiles.append(
                Tile(
                    f"unit:{u}",
                    figure_painter(spec, side, u),
                    lambda c=c: self.submit(c),
                    tooltip=Tip(
                        us.name,
                        lines=[
                            _("Strength {s}").format(s=us.strength),
                            ngettext("{n} figure left", "{n} figures left", n).format(n=n),
                        ],
                    ),
                )
            )
        self.tiles(tiles, 80, 80, gap=8)

    def highlights(self):
        p = (self.ctx.pending or {}) if self.ctx else {}
        return {p["region"]: CHOSEN} if p.get("region") else {}
