"""Panels for the turn's decisions: actions (dice), discards, the Shadow Box, leadership tokens,
fate tiles and the action roll."""

from __future__ import annotations

import pygame

from .. import resources as res
from .. import theme as T
from ..board_view import draw_die
from ..i18n import N_, _, ngettext
from ..logtext import ACTION_NAMES, TOKEN_NAMES, cap, char_name, face_name, icon_name, region_name, side_title
from ..panels import register_decision_panel
from ..widgets import Button, Tip, wrap_text
from .base import (
    ChoicePanel,
    RegionPanel,
    Tile,
    _frame,
    card_painter,
    card_tip,
    die_painter,
    fate_tile_painter,
    pass_painter,
    text_in,
)

LEADERSHIP = (190, 120, 255)

ACTION_HELP = {
    "fast_move": N_("Move one army up to two regions; a leader or a character with leadership goes with it."),
    "attack": N_("Attack an enemy army next to one of yours (it may first move one region)."),
    "move_characters": N_("Move your characters up to their level in regions."),
    "strategic_move": N_("Move up to two different armies one region each."),
    "combined_attack": N_("Attack one region with several of your armies next to it."),
    "recruit": N_("Use up to two recruitment tokens on the board."),
    "rally": N_("Rally up to two damaged armies: a die per unit, 5+ removes a damage marker."),
    "draw_generic": N_("Draw a card from the generic deck."),
    "draw_story": N_("Draw a card from your story deck."),
    "mordor_recruit": N_("Place Orcs in up to two Orc recruitment areas."),
    "mordor_move": N_("Move up to two armies with Orcs one region each."),
    "mordor_attack": N_("Attack with an army that contains Orcs."),
    "forfeit": N_("This die allows no action now: spend it for nothing."),
    "build_catapults": N_(
        "Build a catapult in each of up to two sites (North Pelennor, East Pelennor, the Harlond) where a "
        "Shadow army stands; at most two in a region."
    ),
    "build_tower": N_("Build a siege tower for a Shadow army next to a stronghold whose walls stand."),
    "fire_catapults": N_(
        "Every catapult with a Shadow army beside it rolls a die (five at most): each 5+ lowers Minas "
        "Tirith's protection by one."
    ),
}
ACTION_ICONS = {
    "build_catapults": "catapult",
    "build_tower": "siege-tower",
    "fire_catapults": "catapult",
    "fast_move": "horse-head",
    "attack": "crossed-swords",
    "move_characters": "hooded-figure",
    "strategic_move": "flag-objective",
    "combined_attack": "crossed-swords",
    "recruit": "rally-the-troops",
    "rally": "hunting-horn",
    "draw_generic": "card-random",
    "draw_story": "scroll-unfurled",
    "mordor_recruit": "orc-head",
    "mordor_move": "goblin-head",
    "mordor_attack": "evil-eyes",
    "forfeit": "cancel",
}
ACTION_SHORT = {
    "build_catapults": N_("Build catapults"),
    "build_tower": N_("Siege tower"),
    "fire_catapults": N_("Fire catapults"),
    "fast_move": N_("Fast move"),
    "attack": N_("Attack"),
    "move_characters": N_("Move characters"),
    "strategic_move": N_("Strategic move"),
    "combined_attack": N_("Combined attack"),
    "recruit": N_("Recruit"),
    "rally": N_("Rally"),
    "draw_generic": N_("Draw generic card"),
    "draw_story": N_("Draw story card"),
    "mordor_recruit": N_("Recruit Orcs"),
    "mordor_move": N_("Move Orcs"),
    "mordor_attack": N_("Attack with Orcs"),
    "forfeit": N_("Spend for nothing"),
}
TOKEN_HELP = {
    "move": N_("Move one army one region."),
    "recruit": N_("Use one recruitment token."),
    "rally": N_("Rally one damaged army."),
    "characters": N_("Move one group of characters."),
}
TOKEN_ICONS = {
    "move": "flag-objective",
    "recruit": "rally-the-troops",
    "rally": "hunting-horn",
    "characters": "hooded-figure",
}


@register_decision_panel("action")
class ActionPanel(ChoicePanel):
    """Choose a die from the pool (drawn as the action dice), then an action it allows."""

    TITLE = N_("Action")
    share = 0.82

    def reset(self):
        self.die = None

    def _side(self, ctx):
        return (ctx.pending or {}).get("side") or ctx.seat

    def die_key(self, rolled, i):
        return rolled.index(rolled[i])

    def build(self, ctx):
        spec = ctx.game.spec
        side = self._side(ctx)
        sd = ctx.view["sides"][side]
        rolled = sd["rolled"]
        uses = [c for c in ctx.legal if c["cmd"] == "use_die"]
        passes = [c for c in ctx.legal if c["cmd"] == "pass"]
        toks = [c for c in passes if "token" in c]
        self.title = _("{side}: your action").format(side=side_title(side))
        # `die`: the die picked (its index, "box"), or "pass": passing picked like a die, its
        # ways (no action, an action token) shown as a die's actions are; so the panel never
        # holds a die's actions and the pass's at once, and fits its room unscrolled
        if self.die == "pass" and not passes:
            self.die = None
        if self.die is not None and self.die != "pass" and not any(c["die"] == self.die for c in uses):
            self.die = None
        if self.die is None:
            self.prompt.text = (
                _("Choose a die from your pool, or Pass; then what to do.")
                if passes
                else _("Choose a die from your pool, then what to do with it.")
            )
        elif self.die == "pass":
            n = sd.get("action_tokens", 0)
            self.prompt.text = (
                ngettext(
                    "Pass, or pass with an action token ({n} left):",
                    "Pass, or pass with an action token ({n} left):",
                    n,
                ).format(n=n)
                if toks
                else _("Pass: no action this time.")
            )
        else:
            self.prompt.text = _("{face} die: choose an action.").format(face=face_name(self._face(ctx, self.die)))
        tiles = []
        for i, face in enumerate(rolled):
            key = self.die_key(rolled, i)
            ok = any(c["die"] == key for c in uses)
            tiles.append(
                Tile(
                    f"die:{i}",
                    die_painter(face, side),
                    on_click=(lambda k=key: self.pick_die(k)),
                    enabled=ok,
                    selected=self.die == key and rolled.index(face) == i,
                    tooltip=Tip(_("Action die: {face}").format(face=face_name(face)), lines=[self._face_help(face)]),
                )
            )
        labelled = False
        if side == "sh" and sd.get("box"):
            labelled = True
            ok = any(c["die"] == "box" for c in uses)
            tiles.append(
                Tile(
                    "die:box",
                    die_painter("character", side, _("Box")),
                    on_click=lambda: self.pick_die("box"),
                    enabled=ok,
                    selected=self.die == "box",
                    tooltip=Tip(
                        _("Shadow Box die"),
                        _("A Character result kept in the Shadow Box (R-6.1): use it as a Character die."),
                    ),
                )
            )
        if passes:
            labelled = True
            tiles.append(
                Tile(
                    "die:pass",
                    pass_painter(_("Pass")),
                    on_click=lambda: self.pick_die("pass"),
                    selected=self.die == "pass",
                    tooltip=Tip(_("Pass"), _("Allowed while your opponent has more unused dice (R-8.4).")),
                )
            )
        if tiles:
            self.tiles(tiles, 50, 66 if labelled else 50, gap=8)
        if self.die is not None and self.die != "pass":
            self._die_actions(ctx, [c for c in uses if c["die"] == self.die])
        if self.die == "pass":  # passing, with no action or with an action token
            plain = next((c for c in passes if "token" not in c), None)
            bs = []
            if plain:
                bs.append(
                    Button(
                        _("No action") if toks else _("Pass (no action)"),
                        lambda c=plain: self.submit(c),
                        name="pass",
                        icon="sands-of-time",
                        size_key="small" if toks else "body",
                        tooltip=Tip(_("Pass"), _("Allowed while your opponent has more unused dice (R-8.4).")),
                    )
                )
            bs += [
                Button(
                    cap(_(TOKEN_NAMES.get(c["token"], c["token"]))),
                    lambda c=c: self.submit(c),
                    name=f"token:{c['token']}",
                    icon=TOKEN_ICONS.get(c["token"]),
                    size_key="small",
                    tooltip=Tip(_("Action token"), _(TOKEN_HELP.get(c["token"], ""))),
                )
                for c in toks
            ]
            self.buttons(bs, cols=0 if len(bs) > 1 else 1)
        free = [c for c in ctx.legal if c["cmd"] == "use_ability"]
        if free:  # abilities used without a die, e.g. for an action token given up for good
            self.space(4)
            self.heading(_("Abilities without a die"))
            bs = []
            for c in free:
                cs = spec.characters[c["character"]]
                bs.append(
                    Button(
                        cs.name,
                        lambda c=c: self.submit(c),
                        name=f"free_ability:{c['character']}",
                        icon="wizard-staff",
                        tooltip=Tip(cs.name, cs.ability_text),
                    )
                )
            self.buttons(bs)
        lead = [c for c in ctx.legal if c["cmd"] == "place_leadership_token"]
        if lead:
            n = ctx.view["sides"]["sh"].get("aside", 0)
            self.space(4)
            self.heading(_("Leadership tokens"))
            self.text(
                ngettext(
                    "{n} token aside: click a highlighted Shadow army on the board to place it.",
                    "{n} tokens aside: click a highlighted Shadow army on the board to place one.",
                    n,
                ).format(n=n),
                "small",
                T.TEXT_DIM,
            )

    def _face(self, ctx, die):
        if die == "box":
            return "character"
        return ctx.view["sides"][self._side(ctx)]["rolled"][die]

    @staticmethod
    def _face_help(face):
        from ...core.engine import FACE_ACTIONS

        acts = [_(ACTION_NAMES.get(a, a)) for a in FACE_ACTIONS.get(face, ())]
        return _("Allows: {actions}.").format(actions=", ".join(acts))

    def pick_die(self, key):
        self.die = None if self.die == key else key
        self.changed()

    def _die_actions(self, ctx, cmds):
        spec = ctx.game.spec
        simple = [c for c in cmds if c["action"] not in ("play_card", "ability", "enter_character")]
        if simple:
            self.buttons(
                [
                    Button(
                        _(ACTION_SHORT.get(c["action"], c["action"])),
                        lambda c=c: self.submit(c),
                        name=f"act:{c['action']}",
                        icon=ACTION_ICONS.get(c["action"]),
                        size_key="small" if len(simple) > 2 else "body",
                        tooltip=Tip(cap(_(ACTION_NAMES.get(c["action"], ""))), _(ACTION_HELP.get(c["action"], ""))),
                    )
                    for c in simple
                ],
                cols=2 if len(simple) > 2 else 1,
            )
        cards = [c for c in cmds if c["action"] == "play_card"]
        if cards:
            self.heading(_("Play a card"))
            by_hand = [c for c in cards if c["card"] == "?"]  # physical cards (companion mode)
            if by_hand:
                cards = [c for c in cards if c["card"] != "?"]
                self.text(
                    _(
                        "You hold real cards: name the card you play (its effect applies), "
                        "or play it by hand (you apply its effect yourselves)."
                    ),
                    "small",
                    T.TEXT_DIM,
                )
                self.buttons(
                    [
                        Button(
                            _("Play a card by hand"),
                            lambda c=by_hand[0]: self.submit(c),
                            name="card:?",
                            icon="card-random",
                            tooltip=Tip(
                                _("Play a card by hand"),
                                _(
                                    "The die is spent and the card leaves your hand; the log says it "
                                    "was applied by hand."
                                ),
                            ),
                        )
                    ]
                )
            self.tiles(
                [
                    Tile(
                        f"card:{c['card']}",
                        card_painter(spec, c["card"]),
                        lambda c=c: self.submit(c),
                        tooltip=card_tip(spec, c["card"]),
                    )
                    for c in cards
                ],
                150,
                112,
                gap=6,
            )
        abil = [c for c in cmds if c["action"] == "ability"]
        if abil:
            self.heading(_("Use a character's ability"))
            self.buttons(
                [
                    Button(
                        char_name(spec, c["character"]),
                        lambda c=c: self.submit(c),
                        name=f"ability:{c['character']}",
                        icon=T.character_icon(c["character"], spec.characters[c["character"]].kind),
                        tooltip=Tip(char_name(spec, c["character"]), spec.characters[c["character"]].ability_text),
                    )
                    for c in abil
                ]
            )
        enter = [c for c in cmds if c["action"] == "enter_character"]
        if enter:
            self.heading(_("Bring a character into play"))
            self.text(_("Click a highlighted region, or choose here:"), "small", T.TEXT_DIM)
            self.buttons(
                [
                    Button(
                        _("{char} in {region}").format(
                            char=char_name(spec, c["character"]), region=region_name(spec, c["region"])
                        ),
                        lambda c=c: self.submit(c),
                        name=f"enter:{c['character']}:{c['region']}",
                        icon=T.character_icon(c["character"], spec.characters[c["character"]].kind),
                        tooltip=Tip(char_name(spec, c["character"]), spec.characters[c["character"]].entry_text),
                    )
                    for c in enter
                ]
            )

    def highlights(self):
        if self.ctx is None:
            return {}
        out = {c["region"]: LEADERSHIP for c in self.ctx.legal if c["cmd"] == "place_leadership_token"}
        if self.die is not None:
            for c in self.ctx.legal:
                if c["cmd"] == "use_die" and c["die"] == self.die and c["action"] == "enter_character":
                    out[c["region"]] = (120, 220, 140)
        return out

    def region_clicked(self, region):
        if self.ctx is None:
            return False
        if self.die is not None:
            found = self.legal_where(cmd="use_die", die=self.die, action="enter_character", region=region)
            if len({c["character"] for c in found}) > 1:  # which one is the player's to say
                self.error = _("Several characters may enter {region}: choose one in the list.").format(
                    region=region_name(self.ctx.game.spec, region)
                )
                self.changed()
                return True
            if found:
                self.submit(found[0])
                return True
        c = self.first(cmd="place_leadership_token", region=region)
        if c:
            self.submit(c)
            return True
        return False


@register_decision_panel("discard")
class DiscardPanel(ChoicePanel):
    TITLE = N_("Discard")

    def build(self, ctx):
        spec = ctx.game.spec
        n = (ctx.pending or {}).get("n", 1)
        self.prompt.text = ngettext(
            "Your hand is over the limit: click {n} card to discard.",
            "Your hand is over the limit: click {n} cards to discard, one at a time.",
            n,
        ).format(n=n)
        self.detail.text = _("A hand holds at most {n} cards (R-5.4).").format(n=spec.hand_limit)
        tiles = []
        unnamed = next((c for c in ctx.legal if c["cmd"] == "discard" and c["card"] == "?"), None)
        if unnamed is not None:  # physical cards (companion mode): name it, or not
            self.buttons(
                [
                    Button(
                        _("Discard a card without naming it"),
                        lambda c=unnamed: self.submit(c),
                        name="card:?",
                        icon="card-random",
                    )
                ]
            )
        for c in ctx.legal:
            if c["cmd"] == "discard" and c["card"] != "?":
                tiles.append(
                    Tile(
                        f"card:{c['card']}",
                        card_painter(spec, c["card"]),
                        lambda c=c: self.submit(c),
                        tooltip=card_tip(spec, c["card"]),
                    )
                )
        self.tiles(tiles, 150, 118)


@register_decision_panel("choose_position")
class PositionPanel(ChoicePanel):
    """Saruman's three positions in the Shadow Box: dice, leadership tokens, action."""

    TITLE = N_("The Shadow Box")
    share = 0.86

    def build(self, ctx):
        spec = ctx.game.spec
        cmdr = spec.characters.get(spec.commander)
        self.prompt.text = _("Where does {who} stand this turn?").format(who=cmdr.name if cmdr else _("the commander"))
        self.prompt.tooltip = Tip(
            _("The Shadow Box"),
            _("Each position gives Shadow Box dice, leadership tokens (the crown) and an action (R-6.1)."),
        )

        tiles = []
        for c in ctx.legal:
            if c["cmd"] != "choose_position":
                continue
            ps = spec.positions[c["position"]]
            tiles.append(
                Tile(
                    f"position:{ps.id}",
                    self._painter(ps),
                    lambda c=c: self.submit(c),
                    tooltip=Tip(ps.name, lines=[ps.action_text]),
                )
            )
        self.tiles(tiles, 0, 88, gap=6)

    @staticmethod
    def _painter(ps):
        """A card of the Shadow Box: name, dice and leadership tokens, then the action."""

        def paint(surface, rect, theme, tile):
            _frame(surface, rect, theme, tile, T.PARCHMENT, rim=(120, 96, 60))
            x, y = rect.x + theme.px(8), rect.y + theme.px(4)
            tokens = ps.dice if ps.tokens is None else ps.tokens
            # dice and tokens at the top right
            ds = theme.px(18)
            dx = rect.right - theme.px(8)
            tl = res.text(f"×{tokens}", "sans_bold", theme.small, T.INK)
            dx -= tl.get_width()
            surface.blit(tl, (dx, y + theme.px(4) + (ds - tl.get_height()) // 2))
            dx -= ds + theme.px(2)
            pygame.draw.circle(surface, (92, 60, 120), (dx + ds // 2, y + theme.px(4) + ds // 2), ds // 2)
            surface.blit(res.icon("crown", ds - theme.px(6), (250, 240, 220)), (dx + theme.px(3), y + theme.px(7)))
            dx -= theme.px(8)
            for _k in range(ps.dice):
                dx -= ds
                draw_die(surface, pygame.Rect(dx, y + theme.px(4), ds, ds), None, "sh")
                dx -= theme.px(3)
            text_in(
                surface,
                ps.name,
                pygame.Rect(x, y, dx - x - theme.px(4), theme.px(30)),
                theme,
                "serif_bold",
                theme.heading,
                T.INK,
                1,
            )
            y += res.font("serif_bold", theme.heading).get_linesize()
            text_in(
                surface,
                ps.action_text,
                pygame.Rect(x, y, rect.w - theme.px(16), rect.bottom - y - theme.px(3)),
                theme,
                "sans",
                theme.small,
                T.INK,
                4,
            )

        return paint


@register_decision_panel("place_leadership")
class LeadershipPanel(RegionPanel):
    TITLE = N_("Leadership tokens")
    CMD = "place_leadership_token"
    COLOR = LEADERSHIP

    def prompt_text(self, ctx):
        n = (ctx.pending or {}).get("left") or ctx.view["sides"]["sh"].get("aside", 0)
        return ngettext(
            "Place {n} leadership token on a Shadow army.",
            "Place {n} leadership tokens on Shadow armies, one at a time.",
            n,
        ).format(n=n)

    def explain(self, ctx):
        s = _("Each token is a leader of that army this turn and moves with it (R-6.3, R-6.5).")
        if not (ctx.pending or {}).get("mandatory"):
            s += " " + _("You may keep the rest aside: Done.")
        return s


@register_decision_panel("fate_draw", "fate_decide")
class FatePanel(ChoicePanel):
    """The fate tile drawn, big, beside what it does: keep it, or set it aside and draw again."""

    TITLE = N_("Fate")
    share = 0.82
    min_height = 250  # the prompt, the tile and the buttons unscrolled (the summaries go compact first)
    HERO_H = 112  # the tile's height (1280x720 px): the panel fits beside the log's newest lines

    def build(self, ctx):
        p = ctx.pending or {}
        st = ctx.view
        pool = st["fate_pool"] if isinstance(st["fate_pool"], int) else len(st["fate_pool"])
        rule = _("Set tiles aside and draw again up to the fate dice; the last one drawn is kept (R-7.3).")
        if p.get("kind") == "fate_draw":
            left = p.get("left", 1)
            self.prompt.text = ngettext(
                "Draw a fate tile ({n} draw allowed).", "Draw a fate tile ({n} draws allowed).", left
            ).format(n=left)
            self.tiles([Tile("fate:pool", self._hero(ctx, None, left, pool), None)], 0, self.HERO_H)
            c = self.first(cmd="draw_fate")
            if c:
                tip = Tip(_("Draw a tile"), rule)
                self.add_footer(
                    Button(_("Draw a tile"), lambda: self.submit(c), name="draw", icon="crystal-ball", tooltip=tip)
                )
            return
        tile = p.get("tile")
        left = p.get("left", 0)
        self.prompt.text = _("Keep this fate tile, or draw again?")
        # (the rule is on the buttons' tips: the counts are what this draw needs in view)
        self.detail.text = (
            ngettext("{n} more draw allowed", "{n} more draws allowed", left).format(n=left)
            + " · "
            + ngettext("{n} tile in the pool", "{n} tiles in the pool", pool).format(n=pool)
        )
        self.tiles([Tile(f"fate:{tile}", self._hero(ctx, tile, left, pool), None)], 0, self.HERO_H)
        keep = self.first(cmd="keep_fate")
        aside = self.first(cmd="set_aside_fate")
        if keep:
            self.add_footer(
                Button(
                    _("Keep"),
                    lambda: self.submit(keep),
                    name="keep",
                    icon="check-mark",
                    tooltip=Tip(_("Keep"), _("The marker moves and the icon takes effect.")),
                )
            )
        if aside:
            self.add_footer(
                Button(
                    _("Set aside & draw"),
                    lambda: self.submit(aside),
                    name="set_aside",
                    tooltip=Tip(
                        _("Set aside and draw again"),
                        _("This tile goes back to the pool after the draw; the next tile is drawn.") + " " + rule,
                    ),
                )
            )

    @staticmethod
    def _hero(ctx, tile, left, pool):
        spec = ctx.game.spec
        fate = ctx.view["fate"]
        ts = spec.fate_tiles.get(tile) if tile else None
        disc = fate_tile_painter(spec, tile) if tile else FatePanel._pool_painter(pool)

        def paint(surface, rect, theme, t):
            _frame(surface, rect, theme, None, (46, 40, 32), rim=(110, 90, 56))
            s = min(rect.h - theme.px(14), int(rect.w * 0.36))
            disc(surface, pygame.Rect(rect.x + theme.px(8), rect.centery - s // 2, s, s), theme, t)
            x = rect.x + s + theme.px(22)
            ty = rect.bottom - theme.px(20)
            capf = res.font("sans", theme.small)
            body = pygame.Rect(
                x,
                rect.y + theme.px(8),
                rect.right - x - theme.px(8),
                ty - capf.get_linesize() - theme.px(4) - rect.y - theme.px(8),
            )
            head = _("Fate +{n}").format(n=ts.value) if ts is not None else _("The fate pool")
            y = text_in(surface, head, body, theme, "serif_bold", theme.heading, T.BRASS_LIGHT, 1)
            lines = []  # what the tile does first; the marker's move (the track shows it too) last
            if ts is not None and ts.icon:
                lines.append(_("{icon} icon, if kept.").format(icon=cap(icon_name(ts.icon))))
            if ts is not None and ts.shadow_special:
                lines.append(_("A Shadow tile: drawing stops at once."))
            if ts is not None:
                lines.append(
                    ngettext("The fate marker moves {n} space.", "The fate marker moves {n} spaces.", ts.value).format(
                        n=ts.value
                    )
                )
            if not tile:
                lines.append(ngettext("{n} tile in the pool.", "{n} tiles in the pool.", pool).format(n=pool))
            small = res.font("sans", theme.small)
            for ln in lines:  # each line whole or not at all (the track below says the move too)
                if len(wrap_text(ln, small, max(10, body.w))[:2]) * small.get_linesize() > body.bottom + 2 - y:
                    continue
                y = text_in(
                    surface, ln, pygame.Rect(body.x, y, body.w, body.bottom - y), theme, "sans", theme.small, T.TEXT, 2
                )
            body = pygame.Rect(body.x, body.y, body.w, rect.bottom - body.y)
            # the fate track: where the marker is and where this tile takes it
            end = max(1, spec.endgame)
            cw = max(3, (body.w - theme.px(4)) // (end + 1))
            new = min(end, fate + (ts.value if ts else 0))
            for k in range(end + 1):
                r = pygame.Rect(body.x + k * cw, ty, cw - 1, theme.px(12))
                col = (90, 80, 64)
                if k == fate:
                    col = T.BRASS_LIGHT
                elif ts is not None and fate < k <= new:
                    col = (120, 190, 110)
                if k == end:
                    col = (190, 60, 50) if col == (90, 80, 64) else col
                pygame.draw.rect(surface, col, r, border_radius=2)
            cap_ = res.text(
                _("fate {a} to {b}, end at {end}").format(a=fate, b=new, end=end)
                if ts is not None
                else _("fate {a}, end at {end}").format(a=fate, end=end),
                "sans",
                theme.small,
                T.TEXT_DIM,
            )
            surface.blit(cap_, (body.right - cap_.get_width(), ty - cap_.get_height()))

        return paint

    @staticmethod
    def _pool_painter(n):
        def paint(surface, rect, theme, tile):
            s = min(rect.h, rect.w) - theme.px(10)
            cx, cy = rect.centerx - theme.px(4), rect.centery + theme.px(4)
            for k in range(min(3, n), 0, -1):
                o = theme.px(4) * k
                pygame.draw.circle(surface, (0, 0, 0), (cx + o + theme.px(3), cy - o + theme.px(3)), s // 2)
                pygame.draw.circle(surface, (120, 110, 96), (cx + o, cy - o), s // 2)
                pygame.draw.circle(surface, (60, 54, 46), (cx + o, cy - o), s // 2, max(2, s // 24))
            pygame.draw.circle(surface, (150, 140, 122), (cx, cy), s // 2)
            pygame.draw.circle(surface, (70, 62, 52), (cx, cy), s // 2, max(2, s // 24))
            q = res.text("?", "serif_bold", int(s * 0.5), (50, 44, 36))
            surface.blit(q, (cx - q.get_width() // 2, cy - q.get_height() // 2))

        return paint


@register_decision_panel("roll_dice")
class RollDicePanel(ChoicePanel):
    TITLE = N_("Action roll")

    def build(self, ctx):
        self.prompt.text = _("Roll the action dice (either player first).")
        self.detail.text = _("Shadow Character results go to the Shadow Box (R-6.4).")
        for c in ctx.legal:
            if c["cmd"] != "roll_dice":
                continue
            side = c["side"]
            sd = ctx.view["sides"][side]
            n = max(0, sd["dice"] - len(sd["box"]))
            self.heading(ngettext("{side}: {n} die", "{side}: {n} dice", n).format(side=side_title(side), n=n))
            self.tiles([Tile(f"blank:{side}:{k}", die_painter(None, side), None) for k in range(n)], 34, 34, gap=5)
            self.add_footer(
                Button(
                    _("Roll {side}").format(side=side_title(side)),
                    lambda c=c: self.submit(c),
                    name=f"roll:{side}",
                    icon="rolling-dices",
                    size_key="small",
                )
            )


@register_decision_panel("choose_die")
class ChooseDiePanel(ChoicePanel):
    """An effect changes one unused action die (e.g. Gandalf's Enemy of Sauron): pick which."""

    TITLE = N_("Change an action die")

    def build(self, ctx):
        p = ctx.pending or {}
        side = p.get("side") or ctx.seat
        to = p.get("to")
        self.prompt.text = _("Choose the die that becomes {face}.").format(face=face_name(to))
        rolled = ctx.view["sides"][side]["rolled"]
        tiles = []
        for c in ctx.legal:
            if c["cmd"] == "choose_die":
                i = c["die"]
                tiles.append(
                    Tile(
                        f"die:{i}",
                        die_painter(rolled[i], side),
                        lambda c=c: self.submit(c),
                        tooltip=Tip(_("Action die: {face}").format(face=face_name(rolled[i]))),
                    )
                )
        self.tiles(tiles, 50, 50, gap=8)
