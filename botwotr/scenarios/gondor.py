"""The Battle for Gondor's rules module: what `botwotr/data/gondor/` cannot say as data.

Registered as `gondor`, the name `scenario.yaml` gives in `rules_module`; the engine calls the
`ScenarioRules` hooks (`botwotr/core/scenario.py`), whose defaults are the general rules (and so
Rohan's). What this module changes, each with its reason in docs/gondor.md and docs/rulings.md:

- **Protection values** (siege): while a Free Peoples stronghold's value stands, its attackers hit
  only on `wall_target` (6), and every hit they score wears the value down by one instead of
  damaging the garrison; at 0 the stronghold is breached and battles there are fought as usual.
  The loss is permanent (no effect raises a value).
- **Catapults**: the Shadow builds them (Muster die, or the card *Engines of War*) only in the
  catapult sites, at most two a region, with a Shadow army there; one Army die fires every crewed
  catapult on the board (at most five dice), each 5+ lowering Minas Tirith's protection by one.
  A Free Peoples army that ends a move in a site with no Shadow army burns its catapults.
- **Siege towers**: built (Muster die, or *Towers on the Plain*) with a Shadow army next to a
  stronghold whose protection stands, one a region; in the first round that army attacks the
  stronghold its dice hit on 5+ despite the walls; then the tower is discarded.
- **The Darkness**: a list of regions that only shrinks (fate spaces, the west_wind tiles, a card)
  unless a Darkness card spreads it again. Shadow armies are never stopped by R-9.4 inside it;
  Free Peoples armies must stop on entering it; in a battle in a region under it the Free Peoples
  re-roll one die fewer (the `darkness.battle` modifiers of the data).
- **Recruitment areas**: national Free Peoples tokens (Rohan's only on the road To Rohan, and so
  on); a Shadow army attacked from a Free Peoples recruitment area with no free region to retreat
  to is destroyed with its characters; the Shadow's Muster die turns over tokens in settlements or
  its recruitment areas.
- **The fall of the city**: the Shadow wins at once when it controls Minas Tirith.

The Gondor state lives in `state["flags"]["gondor"]` (a plain JSON mapping, changed only by
`FlagSet` events carrying a whole new mapping, never edited in place):
protection, protection_start, catapults, towers, darkness, darkness_lifted, darkness_spread.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from botwotr.core.errors import RuleError
from botwotr.core.scenario import DieAction, ScenarioRules, register
from botwotr.core.spec import other
from botwotr.core.state import army_size, clone, controller, has_army

if TYPE_CHECKING:
    from botwotr.core.kernel import Ctx
    from botwotr.core.spec import ScenarioSpec

FLAG = "gondor"


class GondorDataError(ValueError):
    """scenario.yaml's rules_data is not what this module needs: names the key."""

    def __init__(self, key: str, problem: str):
        super().__init__(f"scenario.yaml: rules_data.{key}: {problem}")
        self.file, self.key, self.problem, self.line = "scenario.yaml", f"rules_data.{key}", problem, None


def gondor(state: dict[str, Any]) -> dict[str, Any] | None:
    """The Gondor part of a state (None in any other scenario): what the board draws."""
    g = state.get("flags", {}).get(FLAG)
    return g if isinstance(g, dict) else None


def _g(state: dict[str, Any]) -> dict[str, Any]:
    """The Gondor state of a Gondor game (set up by `setup`, so always there once started)."""
    g = gondor(state)
    assert g is not None, "Gondor: the siege state is missing"
    return g


def _kernel() -> Any:
    from botwotr.core import kernel

    return kernel


def _recruitment() -> Any:
    from botwotr.core import recruitment

    return recruitment


@register("gondor")
class GondorRules(ScenarioRules):
    def __init__(self, spec: ScenarioSpec) -> None:
        super().__init__(spec)
        d = dict(spec.rules_data)
        regions = spec.board.regions

        def region_list(key: str, value: Any) -> tuple[str, ...]:
            if not isinstance(value, (list, tuple)) or not all(isinstance(r, str) for r in value):
                raise GondorDataError(key, "expected a list of region ids")
            for r in value:
                if r not in regions:
                    raise GondorDataError(key, f"unknown region {r!r}")
            return tuple(value)

        def number(key: str, lo: int, hi: int) -> int:
            v = d.get(key)
            if type(v) is not int or not lo <= v <= hi:
                raise GondorDataError(key, f"expected a whole number from {lo} to {hi}, got {v!r}")
            return v

        prot = d.get("protection")
        if not isinstance(prot, dict) or not prot:
            raise GondorDataError("protection", "expected a mapping of stronghold -> protection value")
        for r, v in prot.items():
            if r not in regions or regions[r].terrain != "stronghold":
                raise GondorDataError(f"protection.{r}", "a protection value belongs to a stronghold region")
            if type(v) is not int or not 0 < v <= 12:
                raise GondorDataError(f"protection.{r}", f"expected a whole number from 1 to 12, got {v!r}")
        self.protection_start = dict(prot)
        self.wall_target = number("wall_target", 2, 6)
        self.catapult_sites = region_list("catapult_sites", d.get("catapult_sites"))
        self.catapults_per_site = number("catapults_per_site", 1, 5)
        self.catapult_dice = number("catapult_dice", 1, 5)
        self.catapult_hit = number("catapult_hit", 2, 6)
        self.tower_hit = number("tower_hit", 2, 6)
        target = d.get("catapult_target")
        if not isinstance(target, str) or target not in prot:
            raise GondorDataError("catapult_target", "must be one of the strongholds with a protection value")
        self.catapult_target: str = target
        dark = d.get("darkness")
        if not isinstance(dark, dict):
            raise GondorDataError("darkness", "expected a mapping with regions, lift_at and battle")
        self.darkness_order = region_list("darkness.regions", dark.get("regions"))
        lift = dark.get("lift_at", {})
        if not isinstance(lift, dict) or not all(type(k) is int and type(v) is int and v > 0 for k, v in lift.items()):
            raise GondorDataError("darkness.lift_at", "expected fate space -> number of regions")
        self.darkness_lift_at = dict(lift)
        self.darkness_battle = tuple(dark.get("battle", ()))
        from botwotr.core.effects import validate_effect

        for i, eff in enumerate(self.darkness_battle):
            err = validate_effect(eff) if isinstance(eff, dict) else "must be a mapping"
            if err is None and eff.get("do") != "modifier":
                err = "only battle modifiers ({do: modifier, ...}) can be the Darkness's battle effect"
            if err:
                raise GondorDataError(f"darkness.battle[{i}]", err)
        nat = d.get("national_tokens", {})
        if not isinstance(nat, dict) or "default" not in nat:
            raise GondorDataError("national_tokens", "expected region -> unit types, with a 'default' entry")
        for r, types in nat.items():
            if r != "default" and r not in regions:
                raise GondorDataError(f"national_tokens.{r}", f"unknown region {r!r}")
            if not isinstance(types, list) or not all(t in spec.units and spec.units[t].side == "fp" for t in types):
                raise GondorDataError(f"national_tokens.{r}", "expected a list of Free Peoples unit types")
        self.national = {k: tuple(v) for k, v in nat.items()}
        falls = d.get("falls")
        if not isinstance(falls, str) or falls not in regions:
            raise GondorDataError("falls", "must name the region whose fall ends the game")
        self.falls: str = falls
        self._die_actions: dict[str, DieAction] | None = None
        self.fp_areas = tuple(r for r, rs in regions.items() if rs.recruitment_area)
        self.sh_areas = tuple(r for r, rs in regions.items() if rs.orc_area)

    # ------------------------------------------------------------------ the Gondor state

    def initial_flags(self) -> dict[str, Any]:
        return {
            "protection": dict(self.protection_start),
            "protection_start": dict(self.protection_start),
            "catapults": {r: 0 for r in self.catapult_sites},
            "towers": {},
            "darkness": list(self.darkness_order),
            "darkness_lifted": [],
            "darkness_spread": 0,
        }

    def _set(self, ctx: Ctx, **changes: Any) -> dict[str, Any]:
        g: dict[str, Any] = clone(gondor(ctx.s) or self.initial_flags())
        g.update(clone(changes))
        ctx.emit("FlagSet", flag=FLAG, value=g)
        return g

    def setup(self, ctx: Ctx) -> None:
        ctx.emit("FlagSet", flag=FLAG, value=self.initial_flags())

    def protected(self, state: dict[str, Any], region: str) -> bool:
        """A Free Peoples stronghold whose protection value still stands, held by the Free
        Peoples (the walls serve their builders only)."""
        g = gondor(state)
        if not g or g["protection"].get(region, 0) <= 0:
            return False
        return controller(state, self.spec, region) == "fp"

    def in_darkness(self, state: dict[str, Any], region: str) -> bool:
        g = gondor(state)
        return g is not None and region in g["darkness"]

    def crewed_catapults(self, state: dict[str, Any]) -> int:
        g = gondor(state)
        if not g:
            return 0
        return sum(n for r, n in g["catapults"].items() if n and has_army(state["regions"][r], "sh"))

    def invariants(self, previous: dict[str, Any] | None, state: dict[str, Any]) -> None:
        g = gondor(state)
        assert g is not None or state["phase"] == "setup", "Gondor: the siege state is missing"
        if g is None:
            return
        for r, n in g["catapults"].items():
            assert r in self.catapult_sites, f"Gondor: a catapult in {r}, not a catapult site"
            assert 0 <= n <= self.catapults_per_site, f"Gondor: {n} catapults in {r}"
        for r, n in g["towers"].items():
            assert n == 1 and r in state["regions"], f"Gondor: {n} siege towers in {r}"
        for r, v in g["protection"].items():
            assert 0 <= v <= self.protection_start[r], f"Gondor: {r}'s protection {v} out of 0..start"
        assert set(g["darkness"]) <= set(self.darkness_order), "Gondor: Darkness outside its regions"
        p = gondor(previous) if previous else None
        if p:
            for r, v in g["protection"].items():
                assert v <= p["protection"][r], f"Gondor: {r}'s protection rose from {p['protection'][r]} to {v}"
            grown = set(g["darkness"]) - set(p["darkness"])
            spread = g["darkness_spread"] - p["darkness_spread"]
            assert len(grown) <= spread, f"Gondor: the Darkness spread over {sorted(grown)} with no card"

    # ------------------------------------------------------------------ the Darkness

    def lift_darkness(self, ctx: Ctx, n: int, why: str) -> None:
        g = gondor(ctx.s)
        if not g or n <= 0 or not g["darkness"]:
            return
        gone = [r for r in self.darkness_order if r in g["darkness"]][:n]
        self._set(
            ctx,
            darkness=[r for r in g["darkness"] if r not in gone],
            darkness_lifted=list(g["darkness_lifted"]) + gone,
        )
        ctx.emit(
            "Note",
            text=f"The Darkness lifts ({why}): {', '.join(self._names(gone))}.",
            code="darkness_lifts",
            params={"regions": gone, **_why(why)},
        )

    def spread_darkness(self, ctx: Ctx, n: int) -> None:
        g = gondor(ctx.s)
        back = list(reversed(g["darkness_lifted"]))[:n] if g else []
        if not back or g is None:
            return
        darkness = [r for r in self.darkness_order if r in g["darkness"] or r in back]
        self._set(
            ctx,
            darkness=darkness,
            darkness_lifted=[r for r in g["darkness_lifted"] if r not in back],
            darkness_spread=g["darkness_spread"] + len(back),
        )
        ctx.emit(
            "Note",
            text=f"The Darkness covers {', '.join(self._names(back))} again.",
            code="darkness_covers",
            params={"regions": back},
        )

    def _names(self, regions: Any) -> list[str]:
        return [self.spec.board.regions[r].name for r in regions]

    def fate_moved(self, ctx: Ctx, old: int, new: int) -> None:
        for space in range(old + 1, new + 1):
            if space in self.darkness_lift_at:
                self.lift_darkness(ctx, self.darkness_lift_at[space], f"fate {space}")

    def must_stop(self, ctx: Ctx, side: str, region: str, default: bool) -> bool:
        """R-9.4 in the Darkness: the Shadow advances steadily (never stopped inside it); the
        Free Peoples, blind in it, stop on entering it."""
        if self.in_darkness(ctx.s, region):
            return side == "fp"
        return default

    # ------------------------------------------------------------------ recruitment

    def token_types(self, state: dict[str, Any], side: str, region: str, pool: list[str]) -> list[str]:
        if side != "fp":
            return pool
        allowed = self.national.get(region, self.national["default"])
        return [t for t in pool if t in allowed]

    def muster_region_ok(self, state: dict[str, Any], side: str, region: str) -> bool:
        rs = self.spec.board.regions[region]
        if side == "sh":
            return rs.settlement or rs.orc_area
        return True

    # ------------------------------------------------------------------ victory

    def instant_victory(self, state: dict[str, Any]) -> tuple[str, str] | None:
        if controller(state, self.spec, self.falls) == "sh":
            return "sh", f"{self.spec.board.regions[self.falls].name} has fallen."
        return None

    def check_victory(self, state: dict[str, Any]) -> tuple[str, str] | None:
        return self.instant_victory(state) or super().check_victory(state)

    # ------------------------------------------------------------------ effects (hooks)

    def hook(self, ctx: Ctx, name: str, side: str, effect: dict[str, Any]) -> None:
        n = effect.get("n", 1)
        fn = getattr(self, f"hook_{name}", None)
        if fn is None:
            raise RuleError("effect/unknown_hook", f"The Battle for Gondor has no rule called '{name}'.")
        fn(ctx, side, n)

    def hook_lift_darkness(self, ctx: Ctx, side: str, n: int) -> None:
        self.lift_darkness(ctx, n, "a card" if ctx.s["phase"] != "fate" else "a west wind")

    def hook_spread_darkness(self, ctx: Ctx, side: str, n: int) -> None:
        self.spread_darkness(ctx, n)

    def hook_rohan_tokens(self, ctx: Ctx, side: str, n: int) -> None:
        for _ in range(n):
            if not _recruitment().place_recruitment_token(ctx, "fp", "to_rohan"):
                break

    def hook_draw_fate_again(self, ctx: Ctx, side: str, n: int) -> None:
        s = ctx.s
        if s["winner"]:
            return
        if not s["fate_pool"] and s["fate_used"]:
            # the general ruling (docs/rulings.md): an empty pool takes back the applied tiles, so
            # the onward tile's draw is made even when it was the last tile of the pool
            ctx.emit("FatePoolRefilled", tiles=sorted(s["fate_used"]))
        if s["fate_pool"]:
            ctx.push("fate_draw", "fp", left=1)

    def hook_batter_minas_tirith(self, ctx: Ctx, side: str, n: int) -> None:
        self.wear(ctx, "minas_tirith", n, "a card")

    def hook_batter_cair_andros(self, ctx: Ctx, side: str, n: int) -> None:
        self.wear(ctx, "cair_andros", n, "a card")

    def hook_build_catapult(self, ctx: Ctx, side: str, n: int) -> None:
        self.ask(ctx, side, "build_catapult", self.catapult_options(ctx.s), n)

    def hook_build_tower(self, ctx: Ctx, side: str, n: int) -> None:
        self.ask(ctx, side, "build_tower", self.tower_options(ctx.s), n)

    def hook_burn_catapults(self, ctx: Ctx, side: str, n: int) -> None:
        self.ask(ctx, side, "burn_catapults", self.burn_options(ctx.s), 1)

    def hook_darkness_damage(self, ctx: Ctx, side: str, n: int) -> None:
        g = gondor(ctx.s)
        opts = [r for r in sorted(g["darkness"]) if has_army(ctx.s["regions"][r], other(side))] if g else []
        if opts:
            ctx.push("choose_region", side, options=opts, purpose="damage", n=1, amount=n)

    def ask(self, ctx: Ctx, side: str, action: str, options: list[str], n: int) -> None:
        if options:
            ctx.push("choose_region", side, options=options, purpose="rules", action=action, n=n)

    def region_chosen(self, ctx: Ctx, side: str, p: dict[str, Any], region: str) -> list[str]:
        """A region chosen for one of this module's decisions (purpose "rules"); returns the
        options left for the rest of the effect."""
        action = p["action"]
        if action == "build_catapult":
            self.build_catapult(ctx, region)
            return [r for r in self.catapult_options(ctx.s) if r != region]
        if action == "build_tower":
            self.build_tower(ctx, region)
            return [r for r in self.tower_options(ctx.s) if r != region]
        if action == "burn_catapults":
            self.burn(ctx, region, "a sortie")
            return []
        raise RuleError("choice/unknown", f"Nothing in the Battle for Gondor is chosen for {action!r}.")

    # ------------------------------------------------------------------ siege pieces

    def catapult_options(self, state: dict[str, Any]) -> list[str]:
        g = gondor(state)
        if not g:
            return []
        return [
            r
            for r in self.catapult_sites
            if has_army(state["regions"][r], "sh") and g["catapults"].get(r, 0) < self.catapults_per_site
        ]

    def build_catapult(self, ctx: Ctx, region: str) -> None:
        g = _g(ctx.s)
        cats = dict(g["catapults"])
        cats[region] = cats.get(region, 0) + 1
        self._set(ctx, catapults=cats)
        ctx.emit(
            "Note",
            text=f"A catapult is built in {self.spec.board.regions[region].name}.",
            code="catapult_built",
            params={"region": region},
        )

    def tower_options(self, state: dict[str, Any]) -> list[str]:
        g = gondor(state)
        if not g:
            return []
        walls = [r for r in g["protection"] if self.protected(state, r)]
        return sorted(
            r
            for r in state["regions"]
            if has_army(state["regions"][r], "sh")
            and not g["towers"].get(r)
            and any(w in self.spec.board.neighbours(r) for w in walls)
        )

    def build_tower(self, ctx: Ctx, region: str) -> None:
        g = _g(ctx.s)
        towers = dict(g["towers"])
        towers[region] = 1
        self._set(ctx, towers=towers)
        ctx.emit(
            "Note",
            text=f"A siege tower is raised in {self.spec.board.regions[region].name}.",
            code="tower_raised",
            params={"region": region},
        )

    def burn_options(self, state: dict[str, Any]) -> list[str]:
        g = gondor(state)
        if not g:
            return []
        fp = [r for r in state["regions"] if has_army(state["regions"][r], "fp")]
        return [
            r
            for r, n in sorted(g["catapults"].items())
            if n and any(r == a or r in self.spec.board.neighbours(a) for a in fp)
        ]

    def burn(self, ctx: Ctx, region: str, why: str) -> None:
        g = _g(ctx.s)
        cats, towers = dict(g["catapults"]), dict(g["towers"])
        lost: list[str] = []
        burnt = {"catapults": cats.get(region, 0), "tower": False}
        if cats.get(region):
            lost.append(f"{cats[region]} catapult{'s' if cats[region] > 1 else ''}")
            cats[region] = 0
        if towers.get(region) and why != "a sortie":
            lost.append("a siege tower")
            burnt["tower"] = True
            towers.pop(region)
        if lost:
            self._set(ctx, catapults=cats, towers=towers)
            ctx.emit(
                "Note",
                text=f"{' and '.join(lost)} burnt in {self.spec.board.regions[region].name} ({why}).",
                code="siege_pieces_burnt",
                params={"region": region, **burnt, **_why(why)},
            )

    def after_arrival(self, ctx: Ctx, side: str, region: str) -> None:
        """A Free Peoples army ending a move where siege pieces stand unguarded burns them."""
        g = gondor(ctx.s)
        if side != "fp" or not g or has_army(ctx.s["regions"][region], "sh"):
            return
        if g["catapults"].get(region) or g["towers"].get(region):
            self.burn(ctx, region, "the Free Peoples took the ground")

    def wear(self, ctx: Ctx, region: str, n: int, why: str) -> int:
        """Lower a protection value by up to n (never below 0, never up); returns the loss."""
        g = gondor(ctx.s)
        have = g["protection"].get(region, 0) if g else 0
        loss = min(have, max(0, n))
        if loss and g is not None:
            prot = dict(g["protection"])
            prot[region] = have - loss
            self._set(ctx, protection=prot)
            name = self.spec.board.regions[region].name
            tail = " The walls are breached!" if prot[region] == 0 else ""
            ctx.emit(
                "Note",
                text=f"{name}'s protection falls by {loss} to {prot[region]} ({why}).{tail}",
                code="protection_falls",
                params={"region": region, "loss": loss, "left": prot[region], **_why(why)},
            )
        return loss

    # ------------------------------------------------------------------ die actions

    def die_actions(self) -> dict[str, DieAction]:
        if self._die_actions is None:
            self._die_actions = self._make_die_actions()
        return self._die_actions

    def _make_die_actions(self) -> dict[str, DieAction]:
        return {
            "fire_catapults": DieAction(("army", "army_muster"), self.check_fire, self.act_fire, "sh"),
            "build_catapults": DieAction(("muster", "army_muster"), self.check_build_catapults, self.act_build, "sh"),
            "build_tower": DieAction(("muster", "army_muster"), self.check_build_tower, self.act_tower, "sh"),
        }

    def check_fire(self, ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
        if side != "sh":
            raise RuleError("siege/not_shadow", "Only the Shadow has catapults.", "R-8.6")
        if not self.crewed_catapults(ctx.s):
            raise RuleError("siege/no_catapults", "No catapult with a Shadow army beside it stands on the board.")
        if not _g(ctx.s)["protection"].get(self.catapult_target):
            raise RuleError("siege/breached", "The walls are already breached: the catapults have nothing to batter.")

    def act_fire(self, ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
        n = min(self.catapult_dice, self.crewed_catapults(ctx.s))
        dice = ctx.chance.dice(n, "catapult")
        hits = sum(1 for d in dice if d >= self.catapult_hit)
        ctx.emit(
            "Note",
            text=f"The catapults fire: {', '.join(map(str, dice))} ({hits} hit{'s' * (hits != 1)}).",
            code="catapults_fire",
            params={"dice": list(dice), "hits": hits},
        )
        self.wear(ctx, self.catapult_target, hits, "catapults")

    def check_build_catapults(self, ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
        if side != "sh":
            raise RuleError("siege/not_shadow", "Only the Shadow builds catapults.", "R-8.6")
        if not self.catapult_options(ctx.s):
            raise RuleError(
                "siege/no_site",
                "A catapult is built only in North Pelennor, East Pelennor or the Harlond, with a Shadow army there, "
                f"at most {self.catapults_per_site} in a region.",
            )

    def act_build(self, ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
        self.ask(ctx, side, "build_catapult", self.catapult_options(ctx.s), 2)

    def check_build_tower(self, ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
        if side != "sh":
            raise RuleError("siege/not_shadow", "Only the Shadow builds siege towers.", "R-8.6")
        if not self.tower_options(ctx.s):
            raise RuleError(
                "siege/no_tower_site",
                "A siege tower is built with a Shadow army next to a stronghold whose walls stand (one a region).",
            )

    def act_tower(self, ctx: Ctx, side: str, face: str, cmd: dict[str, Any]) -> None:
        self.ask(ctx, side, "build_tower", self.tower_options(ctx.s), 1)

    # ------------------------------------------------------------------ battles

    def battle_started(self, ctx: Ctx, b: dict[str, Any]) -> bool:
        """Before the first round. Returns True if the battle is over already."""
        s = ctx.s
        if b["defender"] == "sh" and b["current"] in self.fp_areas:
            if not any(not has_army(s["regions"][n], "fp") for n in self.spec.board.neighbours(b["target"])):
                from botwotr.core import battle_end as battle

                ctx.emit(
                    "Note",
                    text="Attacked from a recruitment area with nowhere to retreat, the Shadow army is destroyed.",
                    code="trapped_army_destroyed",
                    params={"region": b["target"]},
                )
                reg = s["regions"][b["target"]]
                ctx.emit("UnitsRemoved", region=b["target"], side="sh", units=dict(reg["units"]), why="trapped")
                battle.army_destroyed(ctx, b["target"], "sh")
                battle.end_battle(ctx, "defender_destroyed")
                return True
        if self.in_darkness(s, b["target"]) and self.darkness_battle:
            _kernel().run_effects(ctx, "sh", [dict(e) for e in self.darkness_battle], source="darkness")
        return False

    def tower_round(self, state: dict[str, Any], b: dict[str, Any]) -> bool:
        g = gondor(state)
        return bool(
            g
            and g["towers"].get(b["current"])
            and self.protected(state, b["target"])
            and b["rounds_by_army"].get(b["current"], 1) == 1
        )

    def attack_target(self, ctx: Ctx, b: dict[str, Any], side: str, target: int) -> int:
        if side != b["attacker"] or not self.protected(ctx.s, b["target"]):
            return target
        if self.tower_round(ctx.s, b):
            # the tower answers the walls' 6, not a ford's or a pass's first-round 6 (R-10.10)
            return max(target, self.tower_hit)
        return max(target, self.wall_target)

    def take_hits(self, ctx: Ctx, b: dict[str, Any], side: str, n: int) -> int:
        """Hits on `side` this round: the walls take them first while they stand."""
        tower = self.tower_round(ctx.s, b)
        left = n
        if side == b["defender"] and self.protected(ctx.s, b["target"]):
            left = n - self.wear(ctx, b["target"], n, "the assault")
        if tower and side == b["defender"]:
            towers = dict(_g(ctx.s)["towers"])
            towers.pop(b["current"], None)
            self._set(ctx, towers=towers)
            ctx.emit(
                "Note",
                text="The siege tower has done its work and is discarded.",
                code="tower_discarded",
                params={"region": b["current"]},
            )
        return left


# The reasons this module gives in its Notes, as stable codes for the log's translation
# (botwotr/ui/logtext.py); "fate N" is the fate track's space N.
WHY_CODES = {
    "a card": "card",
    "a west wind": "west_wind",
    "a sortie": "sortie",
    "the Free Peoples took the ground": "ground_taken",
    "catapults": "catapults",
    "the assault": "assault",
}


def _why(why: str) -> dict[str, Any]:
    if why.startswith("fate ") and why[5:].isdigit():
        return {"why": "fate", "space": int(why[5:])}
    return {"why": WHY_CODES.get(why, why)}


def region_army_size(state: dict[str, Any], region: str) -> int:
    return army_size(state["regions"][region])
