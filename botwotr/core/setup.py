"""Positions given as data: the start option `setup` (a rule case's `setup:`).

    Game.new(spec, seed, options={"setup": {"phase": "actions", "dice": {"fp": ["muster"]},
                                            "regions": {"town": {"units": {"footmen": 3},
                                                                 "leaders": 2, "damage": 2}}}})

The position is built from the scenario's own initial state (after its set-up, before the first
draw) with the given parts replaced; each part is validated like content, and a bad one is refused
(`setup/invalid`) with its key and the problem, e.g. `setup.regions.nowhere: there is no region
called 'nowhere' in this scenario`. The built position is one `PositionSet` event in the
start_game entry, so a save of the game replays: the start command carries the option, and
deciding it again gives the same event. Then the turn runs on from the given phase and the core's
invariants (`botwotr.core.invariants`) are checked; a position that breaks one is refused too.

Keys (all optional; docs/commands.md has the full description):
  turn, phase (draw, shadow, fate, roll, actions), active (who acts first in the action phase),
  position (the Shadow commander's position this turn), regions (the whole board: unnamed
  regions are empty), characters (status of characters off the board), hands, discard, dice
  (unused rolled action dice by side), box (Shadow Box dice), fate, fate_pool, fate_aside,
  fate_used, action_tokens, leadership_aside.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Callable, NoReturn

from . import events as _events
from . import invariants
from .errors import RuleError
from .spec import DIE_FACES, SIDES, ScenarioSpec
from .state import clone, empty_region

if TYPE_CHECKING:
    from .events import Change
    from .kernel import Ctx

KEYS = (
    "turn",
    "phase",
    "active",
    "position",
    "regions",
    "characters",
    "hands",
    "discard",
    "dice",
    "box",
    "fate",
    "fate_pool",
    "fate_aside",
    "fate_used",
    "action_tokens",
    "leadership_aside",
)
REGION_KEYS = ("units", "leaders", "damage", "characters", "control", "tokens", "rtokens")
PHASES = ("draw", "shadow", "fate", "roll", "actions")
OFF_BOARD = ("pool", "ready", "eliminated")
SIDE_WORDS = {"fp": "Free Peoples", "sh": "Shadow"}


def _bad(key: str, problem: str, rule: str | None = None) -> NoReturn:
    raise RuleError("setup/invalid", f"setup{'.' + key if key else ''}: {problem}", rule)


def _name(key: str, v: Any) -> str:
    """An id (region, unit type, card, tile...): a string."""
    if not isinstance(v, str):
        _bad(key, f"must be a name, not {v!r}")
    return v


def _int(key: str, v: Any, lo: int = 0, hi: int | None = None) -> int:
    if type(v) is not int or v < lo or (hi is not None and v > hi):
        rng = f"from {lo} to {hi}" if hi is not None else f"{lo} or more"
        _bad(key, f"must be a whole number {rng}, not {v!r}")
    return v


def _list(key: str, v: Any) -> list[Any]:
    if not isinstance(v, list):
        _bad(key, f"must be a list, not {type(v).__name__}")
    return v


def _map(key: str, v: Any) -> dict[str, Any]:
    if not isinstance(v, dict):
        _bad(key, f"must be a mapping, not {type(v).__name__}")
    return v


def _side(key: str, v: Any) -> str:
    if not isinstance(v, str) or v not in SIDES:
        _bad(key, f"must be fp or sh, not {v!r}")
    return v


def build(spec: ScenarioSpec, state: dict[str, Any], data: Any) -> dict[str, Any]:
    """The replaced parts of `state` (top-level key -> new value), validated against the scenario.
    `state` is the scenario's initial position; it is not changed."""
    data = _map("", data) if data is not None else {}
    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        _bad(unknown[0], f"unknown key (known: {', '.join(KEYS)})")
    s = {
        k: clone(state[k])
        for k in (
            "regions",
            "chars",
            "sides",
            "generic",
            "discard",
            "gone",
            "table",
            "fate_pool",
            "fate_aside",
            "fate_extra",
            "fate_used",
        )
    }
    parts: dict[str, Any] = {}
    if "turn" in data:
        parts["turn"] = _int("turn", data["turn"], 1)
    phase = data.get("phase", state["phase"])
    if phase not in PHASES:
        _bad("phase", f"must be one of {', '.join(PHASES)}, not {phase!r}")
    parts["phase"], parts["step"], parts["in_action"] = phase, 0, False
    if "position" in data:
        pos = _name("position", data["position"])
        if pos not in spec.positions:
            _bad("position", f"there is no position called {pos!r} (positions: {', '.join(spec.positions)})")
        if phase in ("draw", "shadow"):
            _bad("position", f"the position is chosen in the Shadow phase; in the {phase} phase there is none yet")
        parts["position"] = pos
    if "regions" in data:
        _regions(spec, s, _map("regions", data["regions"]))
    if "characters" in data:
        for c, status in _map("characters", data["characters"]).items():
            key = f"characters.{c}"
            if c not in spec.characters:
                _bad(key, f"there is no character called {c!r} in this scenario")
            if s["chars"][c]["status"] == "in_play" and "regions" in data:
                _bad(key, "is on the board (under regions); give it one place only")
            if status not in OFF_BOARD:
                _bad(
                    key,
                    f"must be one of {', '.join(OFF_BOARD)} (a character in play is placed under regions), "
                    f"not {status!r}",
                )
            s["chars"][c] = {"status": status, "region": None}
    _cards(spec, s, data)
    for side, faces in _map("dice", data.get("dice", {})).items():
        key = f"dice.{side}"
        _side(key, side)
        allowed = [f for f in dict.fromkeys(DIE_FACES[side]) if not (side == "sh" and f == "character")]
        for i, f in enumerate(_list(key, faces)):
            if f not in allowed:
                why = " (a Shadow Character result goes to the box)" if side == "sh" and f == "character" else ""
                _bad(
                    f"{key}[{i}]", f"{f!r} is not a {SIDE_WORDS[side]} die face here{why}; faces: {', '.join(allowed)}"
                )
        s["sides"][side]["rolled"] = list(faces)
    if "box" in data:
        box = _list("box", data["box"])
        for i, b in enumerate(box):
            if b not in ("position", "rolled"):
                _bad(
                    f"box[{i}]",
                    f"a Shadow Box die is 'position' (put there with the position) or 'rolled' "
                    f"(a Character result), not {b!r}",
                )
        s["sides"]["sh"]["box"] = list(box)
        s["sides"]["sh"]["fate_dice"] = box.count("position")
    for side in SIDES:
        sd = s["sides"][side]
        sd["dice"] = max(sd["dice"], len(sd["rolled"]) + len(sd["box"]))
    if "action_tokens" in data:
        s["sides"]["fp"]["action_tokens"] = _int("action_tokens", data["action_tokens"], 0, 9)
    if "leadership_aside" in data:
        s["sides"]["sh"]["aside"] = _int("leadership_aside", data["leadership_aside"], 0, 99)
    if "fate" in data:
        parts["fate"] = _int("fate", data["fate"], 0, spec.endgame - 1)
        parts["fate_reached"] = parts["fate"]  # (the spaces up to it count as reached)
    _fate(spec, s, data)
    if phase == "actions":
        active = _side("active", data.get("active", "fp"))
        unused = {sd: len(s["sides"][sd]["rolled"]) + (len(s["sides"][sd]["box"]) if sd == "sh" else 0) for sd in SIDES}
        if unused[active] == 0 and unused["sh" if active == "fp" else "fp"] > 0:
            _bad(
                "active",
                f"the {SIDE_WORDS[active]} are to act but have no unused die (give them dice, "
                "or let the other side act)",
                "R-8.3",
            )
        parts["active"] = active
    elif "active" in data:
        _bad("active", "the side to act is given only for the actions phase")
    parts.update(s)
    return parts


def _regions(spec: ScenarioSpec, s: dict[str, Any], regions: dict[str, Any]) -> None:
    supply: Counter[str] = Counter()
    tokens: dict[str, Counter[str]] = {side: Counter() for side in SIDES}
    leaders = 0
    placed_chars: dict[str, str] = {}
    new = {r: empty_region() for r in spec.board.regions}
    for r, rd in regions.items():
        key = f"regions.{r}"
        if r not in spec.board.regions:
            _bad(key, f"there is no region called {r!r} in this scenario")
        rd = _map(key, rd if rd is not None else {})
        unknown = sorted(set(rd) - set(REGION_KEYS))
        if unknown:
            _bad(f"{key}.{unknown[0]}", f"unknown key (known: {', '.join(REGION_KEYS)})")
        reg = new[r]
        sides = set()
        for u, n in _map(f"{key}.units", rd.get("units", {})).items():
            if u not in spec.units:
                _bad(
                    f"{key}.units.{u}",
                    f"there is no unit type called {u!r} in this scenario (types: {', '.join(spec.units)})",
                )
            reg["units"][u] = _int(f"{key}.units.{u}", n, 1)
            sides.add(spec.units[u].side)
            supply[u] += n
        if len(sides) > 1:
            _bad(f"{key}.units", "an army holds the units of one side only", "R-2.1")
        side = sides.pop() if sides else None
        reg["side"] = side
        size = sum(reg["units"].values())
        if size > 5 and not spec.board.regions[r].recruitment_area:
            _bad(f"{key}.units", f"{size} units; an army holds at most 5", "R-2.1")
        reg["leaders"] = _int(f"{key}.leaders", rd.get("leaders", 0), 0)
        if reg["leaders"] and side != "fp":
            _bad(f"{key}.leaders", "leaders go with a Free Peoples army", "R-2.2")
        leaders += reg["leaders"]
        reg["damage"] = _int(f"{key}.damage", rd.get("damage", 0), 0)
        if reg["damage"] > size:
            _bad(
                f"{key}.damage",
                f"{reg['damage']} damage markers on {size} units; an army holds at most as many markers as units",
                "R-11.3",
            )
        reg["tokens"] = _int(f"{key}.tokens", rd.get("tokens", 0), 0)
        if reg["tokens"] and side != "sh":
            _bad(f"{key}.tokens", "Shadow leadership tokens go with a Shadow army", "R-6.3")
        if "control" in rd:
            ctl = rd["control"]
            if ctl is not None:
                _side(f"{key}.control", ctl)
                if not spec.board.regions[r].settlement:
                    _bad(f"{key}.control", f"{r} is not a settlement; only settlements take control markers", "R-14.1")
            reg["control"] = ctl
        for i, c in enumerate(_list(f"{key}.characters", rd.get("characters", []))):
            ck = f"{key}.characters[{i}]"
            if _name(ck, c) not in spec.characters:
                _bad(ck, f"there is no character called {c!r} in this scenario")
            if c in placed_chars:
                _bad(ck, f"{c} is already placed in {placed_chars[c]}")
            if side is not None and spec.characters[c].side != side:
                _bad(ck, f"{c} is a {SIDE_WORDS[spec.characters[c].side]} character, in a {SIDE_WORDS[side]} army")
            placed_chars[c] = r
        for i, u in enumerate(_list(f"{key}.rtokens", rd.get("rtokens", []))):
            tk = f"{key}.rtokens[{i}]"
            _name(tk, u)
            owner = next((sd for sd in SIDES if u in spec.recruitment_tokens.get(sd, {})), None)
            if owner is None:
                _bad(tk, f"no side has a recruitment token of type {u!r}", "R-12.1")
            reg["rtokens"][owner].append(u)
            tokens[owner][u] += 1
    for u, n in sorted(supply.items()):
        if n > spec.units[u].figures:
            _bad("regions", f"{n} {u} on the board, but the scenario has only {spec.units[u].figures} figures", "R-2.8")
    if leaders > spec.leaders.get("fp", 0):
        _bad(
            "regions", f"{leaders} leaders on the board, but the scenario has only {spec.leaders.get('fp', 0)}", "R-2.2"
        )
    for side in SIDES:
        pool = []
        for u, n in sorted(spec.recruitment_tokens.get(side, {}).items()):
            if tokens[side][u] > n:
                _bad(
                    "regions",
                    f"{tokens[side][u]} {SIDE_WORDS[side]} {u} recruitment tokens on the board, "
                    f"but the scenario gives only {n}",
                    "R-12.1",
                )
            pool += [u] * (n - tokens[side][u])
        s["sides"][side]["rpool"] = pool
        s["sides"][side]["unknown_out"] = 0
    s["regions"] = new
    for c, cs in s["chars"].items():
        if c in placed_chars:
            s["chars"][c] = {"status": "in_play", "region": placed_chars[c]}
        elif cs["status"] == "in_play":
            s["chars"][c] = {"status": "pool", "region": None}


def _card_home(spec: ScenarioSpec, s: dict[str, Any], card: str) -> list[Any]:
    deck = spec.cards[card].deck
    if deck == "generic":
        home: list[Any] = s["generic"]
    elif deck == "special":
        home = s["sides"]["sh"]["special"]
    else:
        home = s["sides"][deck[:2]]["story"]
    return home


def _cards(spec: ScenarioSpec, s: dict[str, Any], data: dict[str, Any]) -> None:
    hands = _map("hands", data.get("hands", {}))
    discard = _list("discard", data.get("discard", []))
    if not hands and "discard" not in data:
        return
    seen: dict[str, str] = {}
    wanted: list[tuple[str, str | None, list[Any]]] = []
    side: str | None  # a hand's side, or None for the discard pile
    for side, cards in hands.items():
        _side(f"hands.{side}", side)
        wanted.append((f"hands.{side}", side, _list(f"hands.{side}", cards)))
    if "discard" in data:
        wanted.append(("discard", None, discard))
    for key, side, cards in wanted:
        for i, c in enumerate(cards):
            ck = f"{key}[{i}]"
            if _name(ck, c) not in spec.cards:
                _bad(ck, f"there is no card called {c!r} in this scenario's decks", "R-5.1")
            if c in seen:
                _bad(ck, f"{c} is already given under {seen[c]}", "R-5.1")
            seen[c] = key
            deck = spec.cards[c].deck
            if side is None and deck != "generic":
                _bad(ck, f"{c} is a {deck} card; only generic cards go to the discard pile", "R-5.5")
            if (
                side is not None
                and deck != "generic"
                and not (deck == f"{side}_story" or (deck == "special" and side == "sh"))
            ):
                _bad(ck, f"{c} is a {deck} card; the {SIDE_WORDS[side]} cannot hold it", "R-5.2")
        if side is not None and len(cards) > spec.hand_limit:
            _bad(key, f"{len(cards)} cards; a hand holds at most {spec.hand_limit}", "R-5.4")
    # Cards given elsewhere leave their old pile; a replaced hand's or pile's other cards go back
    # to their decks (or, for the discard pile, to the generic deck).
    piles = [s["generic"], s["discard"], s["gone"], s["table"]] + [
        s["sides"][sd][k] for sd in SIDES for k in ("hand", "story", "special")
    ]
    for pile in piles:
        pile[:] = [c for c in pile if c not in seen]
    for key, side, cards in wanted:
        old = s["sides"][side]["hand"] if side else s["discard"]
        for c in old:
            _card_home(spec, s, c).append(c)
        old[:] = list(cards)


def _fate(spec: ScenarioSpec, s: dict[str, Any], data: dict[str, Any]) -> None:
    given = [(k, _list(k, data[k])) for k in ("fate_pool", "fate_aside", "fate_used") if k in data]
    if not given:
        return
    seen: dict[str, str] = {}
    for key, tiles in given:
        for i, t in enumerate(tiles):
            if _name(f"{key}[{i}]", t) not in spec.fate_tiles:
                _bad(f"{key}[{i}]", f"there is no fate tile called {t!r} in this scenario", "R-7.2")
            if t in seen:
                _bad(f"{key}[{i}]", f"{t} is already given under {seen[t]}", "R-7.2")
            seen[t] = key
    for k in ("fate_pool", "fate_aside", "fate_used", "fate_extra"):
        s[k] = [t for t in s[k] if t not in seen]
    if "fate_pool" in data:
        # Tiles the given pool leaves out (and that are placed nowhere else) are out of the game.
        s["fate_used"] += s["fate_pool"]
        s["fate_pool"] = []
    for key, tiles in given:
        s[key] += list(tiles)


def set_position(ctx: Ctx, data: Any, settle: Callable[[Ctx], None]) -> None:
    """Replace the given parts of the scenario's initial position, let the turn run to its first
    decision (`settle`, the turn's `pump`, given by the caller so that this module needs no rule
    module), and check the invariants (called by `start_game` with the option `setup`)."""
    ctx.emit("PositionSet", parts=build(ctx.spec, ctx.s, data))
    settle(ctx)

    class _Position:
        spec, state = ctx.spec, ctx.s

    try:
        invariants.check(_Position)
    except AssertionError as e:
        msg = str(e)
        rule = msg.split(":", 1)[0] if msg.startswith("R-") else None
        raise RuleError("setup/invalid", f"setup: the position breaks a rule of the game: {msg}", rule) from None


def _position_set(w: Change, e: dict[str, Any]) -> None:
    for k, v in e["parts"].items():
        w.s[k] = clone(v)


_events.register("PositionSet", _position_set)


# -- what a seat may see (R-15) ----------------------------------------------------------------

HIDDEN = "hidden"


def redact_setup(data: Any, seat: str) -> Any:
    """The `setup` option as a seat may see it: the other side's hand, the face-down recruitment
    tokens (unseen by everyone, R-12.2) and the fate pool's tiles are hidden."""
    if not isinstance(data, dict):
        return data
    out = dict(data)
    if isinstance(out.get("hands"), dict):
        out["hands"] = {
            sd: (c if sd == seat or not isinstance(c, list) else [HIDDEN] * len(c)) for sd, c in out["hands"].items()
        }
    if isinstance(out.get("fate_pool"), list):
        out["fate_pool"] = [HIDDEN] * len(out["fate_pool"])
    if isinstance(out.get("regions"), dict):
        regs = {}
        for r, rd in out["regions"].items():
            if isinstance(rd, dict) and isinstance(rd.get("rtokens"), list):
                rd = dict(rd, rtokens=[HIDDEN] * len(rd["rtokens"]))
            regs[r] = rd
        out["regions"] = regs
    return out


def redact_event(event: dict[str, Any], seat: str) -> dict[str, Any]:
    """A PositionSet event as a seat may see it (as `view_for` shows the state)."""
    parts = clone(event["parts"])
    for side, sd in parts.get("sides", {}).items():
        sd["story"] = len(sd["story"])
        sd["special"] = len(sd["special"])
        sd["rpool"] = len(sd["rpool"]) - sd["unknown_out"]
        if side != seat:
            sd["hand"] = [HIDDEN] * len(sd["hand"])
    for k in ("generic", "fate_pool", "fate_extra"):
        if k in parts:
            parts[k] = len(parts[k])
    for reg in parts.get("regions", {}).values():
        for side in SIDES:
            reg["rtokens"][side] = [HIDDEN] * len(reg["rtokens"][side])
    return {"e": event["e"], "parts": parts}
