"""The scenario extension point.

A scenario is data (`ScenarioSpec`) plus, where data cannot say it, a rules module: a subclass of
`ScenarioRules` registered under the spec's `rules_module` name. The engine calls these hooks;
the defaults implement the general rules, so a scenario overrides only what it changes. The
Gondor siege rules (protection values, catapults, siege towers) fit here and in the battle hooks
without touching the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

from .battle import die_value, hits_of, maneuver_hits
from .errors import RuleError
from .spec import ScenarioSpec
from .state import controller

if TYPE_CHECKING:
    from .kernel import Ctx

# The FAQ's caps on a pool of action dice, in every scenario.
DICE_CAP = {"fp": 6, "sh": 9}


@dataclass(frozen=True)
class DieAction:
    """A die action a scenario adds (R-8.6): the die results that allow it, `check(ctx, side,
    face, cmd)` raising a RuleError when it cannot be taken, `act(ctx, side, face, cmd)`, and
    the side that has it."""

    faces: tuple[str, ...]
    check: Callable[[Ctx, str, str, dict[str, Any]], None]
    act: Callable[[Ctx, str, str, dict[str, Any]], None]
    side: str | None = None


class ScenarioRules:
    def __init__(self, spec: ScenarioSpec) -> None:
        self.spec = spec

    # -- extra action dice at the start of a turn ----------------------------------
    def extra_dice(self, state: dict[str, Any], side: str) -> int:
        if side == "fp":
            return sum(
                1
                for c, cs in state["chars"].items()
                if cs["status"] == "in_play"
                and self.spec.characters[c].extra_die
                and self.spec.characters[c].side == "fp"
            )
        return len(self.captured_territories(state))

    def captured_territories(self, state: dict[str, Any]) -> list[str]:
        """Territories whose settlements (with at least one Free Peoples one) the Shadow controls
        all of (R-8.2, R-14.3)."""
        terr: dict[str, list[str]] = {}
        for r, rs in self.spec.board.regions.items():
            if rs.settlement and rs.territory:
                terr.setdefault(rs.territory, []).append(r)
        out = []
        for t, regs in sorted(terr.items()):
            if any(self.spec.board.regions[r].owner == "fp" for r in regs) and all(
                controller(state, self.spec, r) == "sh" for r in regs
            ):
                out.append(t)
        return out

    # -- may an army of this side take control of a settlement? -------------------
    def can_take_control(self, state: dict[str, Any], region: str, side: str) -> bool:
        reg = state["regions"][region]
        return any("no_control" not in self.spec.units[u].tags for u in reg["units"])

    # -- victory conditions, checked in phase 6 ------------------------------------
    def shadow_vp(self, state: dict[str, Any]) -> int:
        return sum(
            rs.vp
            for r, rs in self.spec.board.regions.items()
            if rs.settlement and rs.owner == "fp" and controller(state, self.spec, r) == "sh"
        )

    def check_victory(self, state: dict[str, Any]) -> tuple[str, str] | None:
        spec = self.spec
        if spec.victory_vp and self.shadow_vp(state) >= spec.victory_vp:
            return "sh", f"The Shadow holds {self.shadow_vp(state)} victory points (needs {spec.victory_vp})."
        caps = spec.victory_captains
        if caps and all(state["chars"][c]["status"] == "eliminated" for c in caps):
            names = ", ".join(spec.characters[c].name for c in caps)
            return "sh", f"The Shadow has eliminated {names}."
        return None

    # -- the most action dice a side may have in its pool -------------------------
    def dice_cap(self, side: str) -> int:
        return DICE_CAP[side]

    # -- after the set-up (a scenario's own pieces and markers) -------------------
    def setup(self, ctx: Ctx) -> None:
        pass

    # -- the fate marker moved forward (after the data's fate events) -------------
    def fate_moved(self, ctx: Ctx, old: int, new: int) -> None:
        """The spaces old+1..new were reached for the first time (a space comes once)."""

    # -- must an army moving on stop in this region? ------------------------------
    def must_stop(self, ctx: Ctx, side: str, region: str, default: bool) -> bool:
        """`default`: the general rule (an enemy army is adjacent)."""
        return default

    # -- R-9.x / R-12.4: an army of `side` ended a move in `region` ----------------------
    def after_arrival(self, ctx: Ctx, side: str, region: str) -> None:
        pass

    # -- the token types that may be drawn for a token placed in `region` --------
    def token_types(self, state: dict[str, Any], side: str, region: str, pool: list[str]) -> list[str]:
        return pool

    # -- may a Muster die's recruit use a token of `side` in `region`? ------------
    def muster_region_ok(self, state: dict[str, Any], side: str, region: str) -> bool:
        return side != "sh" or self.spec.board.regions[region].settlement

    # -- a victory checked after every action, not only in phase 6 ----------------
    def instant_victory(self, state: dict[str, Any]) -> tuple[str, str] | None:
        return None

    # -- die actions a scenario adds (name -> DieAction) ---------------------------
    def die_actions(self) -> dict[str, DieAction]:
        return {}

    # -- battle hooks ----------------------------------------------------------------
    def battle_started(self, ctx: Ctx, b: dict[str, Any]) -> bool:
        """Before the first round (after terrain superiority). True: the battle is over."""
        return False

    def attack_target(self, ctx: Ctx, b: dict[str, Any], side: str, target: int) -> int:
        """R-10.10: a side's target number this round, before card modifiers."""
        return target

    def take_hits(self, ctx: Ctx, b: dict[str, Any], side: str, n: int) -> int:
        """R-11.1: `n` hits scored on `side` this round; returns how many become damage markers.
        Called for both sides every round (n may be 0)."""
        return n

    # -- Invariants of the scenario's own state (the tests, fuzzers and soak bench) ---------
    def invariants(self, previous: dict[str, Any] | None, state: dict[str, Any]) -> None:
        """Raise AssertionError naming the broken rule; `previous` is the state one command
        before (None when not known), for rules about how a value may change."""

    # -- Effects the data cannot express -------------------------------------------------
    def hook(self, ctx: Ctx, name: str, side: str, effect: dict[str, Any]) -> None:
        raise RuleError("effect/unknown_hook", f"This scenario has no rule called '{name}'.")

    def region_chosen(self, ctx: Ctx, side: str, p: dict[str, Any], region: str) -> list[str]:
        """A region chosen for a decision a hook asked (choose_region, purpose "rules");
        returns the options left for the rest of the effect."""
        raise RuleError("choice/unknown", f"This scenario asked for no region ({p.get('action')!r}).")

    def ability(self, ctx: Ctx, char: str, side: str) -> bool:
        """Use a character's special ability (R-8.7). Return False if it has none in code; the
        engine then runs `ability_params['effect']` from the data."""
        return False

    def ability_usable(self, ctx: Ctx, char: str, side: str) -> bool:
        """Whether a character's ability may be used now (default: always)."""
        return True

    def unit_ability(self, ctx: Ctx, side: str, unit: str) -> None:
        """R-10.4.4: a unit type's maneuver ability, from its `ability_params`:
        extra_hits (n more hits), cancel_hits (cancel n enemy hits), hits_per_maneuver_hit
        (n more hits for each maneuver die that hit), reroll_misses (re-roll up to n dice that
        missed; new hits count)."""
        b = ctx.s["battle"]
        p = self.spec.units[unit].ability_params
        hits = dict(b["hits"])
        absorb = dict(b.get("absorb", {}))
        roll = b["rolls"][side]
        if p.get("reroll_misses"):
            misses = [i for i, d in enumerate(roll["dice"]) if die_value(d, roll["mod"]) < roll["target"]]
            idx = misses[: p["reroll_misses"]]
            new = ctx.chance.dice(len(idx), f"{unit} ability")
            dice = list(roll["dice"])
            for i, v in zip(idx, new):
                dice[i] = v
            new_roll = dict(roll, dice=dice)
            hits[side] += hits_of(new_roll) - hits_of(roll)
            rolls = dict(b["rolls"])
            rolls[side] = new_roll
            ctx.emit(
                "CombatRolled",
                side=side,
                dice=dice,
                maneuver=roll["maneuver"],
                target=roll["target"],
                mod=roll["mod"],
                stage="ability",
                rerolled=idx,
            )
            ctx.emit("BattleUpdated", changes={"rolls": rolls})
        hits[side] += p.get("extra_hits", 0)
        hits[side] += p.get("hits_per_maneuver_hit", 0) * maneuver_hits(b["rolls"][side])
        absorb[side] = absorb.get(side, 0) + p.get("cancel_hits", 0)
        ctx.emit("BattleUpdated", changes={"hits": hits, "absorb": absorb})

    def fate_icon(self, ctx: Ctx, icon: str) -> bool:
        """Apply a fate tile's icon; False lets the engine run `spec.fate_icons[icon]`."""
        return False


_REGISTRY: dict[str, type[ScenarioRules]] = {}


def register(name: str) -> Callable[[type[ScenarioRules]], type[ScenarioRules]]:
    def deco(cls: type[ScenarioRules]) -> type[ScenarioRules]:
        _REGISTRY[name] = cls
        return cls

    return deco


def rules_for(spec: ScenarioSpec) -> ScenarioRules:
    if spec.rules_module:
        if spec.rules_module not in _REGISTRY:
            # Scenario modules register themselves on import.
            import importlib

            try:
                importlib.import_module(f"botwotr.scenarios.{spec.rules_module}")
            except ImportError:
                pass
        cls = _REGISTRY.get(spec.rules_module)
        if cls is None:
            raise KeyError(f"no rules module named {spec.rules_module!r}")
        return cls(spec)
    return ScenarioRules(spec)
