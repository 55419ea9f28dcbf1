"""Shared helpers for rules tests: a game on the small test scenario, a way to reach the action
phase with chosen dice, board set-up through the players' adjustment commands, and a check that
an illegal command changes nothing."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

from botwotr.content import load_scenario
from botwotr.core import Game, RuleError
from botwotr.core.state import canonical

TEST_SCENARIO = Path(__file__).parent / "data" / "test_scenario"
_SPEC = None


def scenario_spec():
    global _SPEC
    if _SPEC is None:
        _SPEC = load_scenario(TEST_SCENARIO)
    return _SPEC


scenario_spec.__test__ = False  # not a test, despite the name below
test_spec = scenario_spec


def new_game(seed: int = 1, spec=None) -> Game:
    return Game.new(spec or scenario_spec(), seed=seed)


def top(game: Game) -> dict | None:
    p = game.state["pending"]
    return p[-1] if p else None


def first_legal(game: Game, **match) -> dict:
    for c in game.legal_commands():
        if all(c.get(k) == v for k, v in match.items()):
            return c
    raise AssertionError(f"no legal command matching {match}; legal: {game.legal_commands()[:20]}")


def to_actions(game: Game, fp=None, sh=None, position: str | None = None, fate: list | None = None) -> Game:
    """Answer every decision up to the action phase: discard the first card when over the limit,
    choose `position` (default the first), place leadership tokens on the first Shadow army,
    keep the first fate tile drawn (or draw `fate` tiles explicitly), roll the given faces."""
    for _ in range(200):
        p = top(game)
        if p is None or game.state["winner"]:
            return game
        k = p["kind"]
        if k == "action":
            return game
        if k == "discard":
            game.submit({"cmd": "discard", "side": p["side"], "card": game.state["sides"][p["side"]]["hand"][0]})
        elif k == "choose_position":
            game.submit({"cmd": "choose_position", "side": "sh",
                         "position": position or next(iter(game.spec.positions))})
        elif k == "place_leadership":
            game.submit(first_legal(game, cmd="place_leadership_token"))
        elif k == "fate_draw":
            cmd = {"cmd": "draw_fate", "side": "fp"}
            if fate:
                cmd["outcomes"] = [fate.pop(0)]
            game.submit(cmd)
        elif k == "fate_decide":
            game.submit({"cmd": "keep_fate", "side": "fp"})
        elif k == "roll_dice":
            side = p["sides"][0]
            faces = fp if side == "fp" else sh
            cmd = {"cmd": "roll_dice", "side": side}
            if faces is not None:
                n = game.state["sides"][side]["dice"] - len(game.state["sides"][side]["box"])
                cmd["outcomes"] = list(faces)[:n] + ["event"] * max(0, n - len(faces))
            game.submit(cmd)
        else:
            raise AssertionError(f"to_actions does not know how to answer {p}")
    raise AssertionError("did not reach the action phase")


def clear_board(game: Game) -> Game:
    """Remove every army and character from the board with adjustments."""
    s = game.state
    for r, reg in s["regions"].items():
        for u, n in list(reg["units"].items()):
            game.submit({"cmd": "adjust_units", "side": "players", "region": r, "owner": reg["side"],
                         "unit": u, "n": -n})
    for c, cs in s["chars"].items():
        if cs["status"] == "in_play":
            game.submit({"cmd": "adjust_character", "side": "players", "char": c, "status": "pool"})
    return game


def place(game: Game, region: str, side: str, units: dict, leaders: int = 0, damage: int = 0,
          chars: tuple = ()) -> None:
    for u, n in units.items():
        game.submit({"cmd": "adjust_units", "side": "players", "region": region, "owner": side, "unit": u, "n": n})
    if leaders:
        game.submit({"cmd": "adjust_leaders", "side": "players", "region": region, "n": leaders})
    if damage:
        game.submit({"cmd": "adjust_damage", "side": "players", "region": region, "n": damage})
    for c in chars:
        game.submit({"cmd": "adjust_character", "side": "players", "char": c, "status": "in_play", "region": region})


def assert_illegal(game: Game, cmd: dict, code: str, rule: str | None = None) -> RuleError:
    """The command is refused with this code, and state and log are unchanged."""
    before = canonical(game.state)
    n = len(game.log)
    with pytest.raises(RuleError) as info:
        game.submit(cmd)
    assert info.value.code == code, f"expected {code}, got {info.value.code}: {info.value.message}"
    if rule:
        assert info.value.rule == rule
    assert canonical(game.state) == before
    assert len(game.log) == n
    return info.value


# -- helpers for the rules tests of to R-15 ---------------------------------

def start_with(outcomes: list, seed: int = 1, spec=None) -> Game:
    """A new game whose start is fixed by explicit outcomes: the four set-up recruitment tokens
    (fp town, fp watch, sh camp, sh spire), then the turn-1 draws (fp generic, fp story, sh generic,
    sh story)."""
    g = Game(spec or test_spec(), seed=seed)
    g.submit({"cmd": "start_game", "outcomes": list(outcomes)})
    return g


def die_index(game: Game, side: str, face: str) -> int:
    """The index of the first unused rolled die showing `face`."""
    return game.state["sides"][side]["rolled"].index(face)


def use(game: Game, side: str, face: str, action: str, **kw) -> list[dict]:
    """Spend the first unused die of this face on an action."""
    die = "box" if face == "box" else die_index(game, side, face)
    return game.submit({"cmd": "use_die", "side": side, "die": die, "action": action, **kw})


def adjust(game: Game, what: str, **kw) -> list[dict]:
    return game.submit({"cmd": f"adjust_{what}", "side": "players", **kw})


def events_named(events: list[dict], name: str) -> list[dict]:
    return [e for e in events if e["e"] == name]


def log_events(game: Game, since: int = 0) -> list[dict]:
    """Every event of the log from entry `since` on."""
    return [e for entry in game.log[since:] for e in entry["events"]]


def finish_actions(game: Game, max_steps: int = 200) -> Game:
    """Play out the action phase with the least disturbing legal choices (spend a die for nothing,
    pass, or decline what an action offers) until a new turn asks its first decision."""
    turn = game.state["turn"]
    prefs = ("forfeit", "ability", "draw_story", "draw_generic", "rally", "recruit", "move_characters")
    for _ in range(max_steps):
        p = top(game)
        if p is None or game.state["winner"] or game.state["turn"] != turn:
            return game
        legal = game.legal_commands()
        if p["kind"] == "action":
            pick = next((c for c in legal if c["cmd"] == "pass" and "token" not in c), None)
            for a in prefs:
                if pick:
                    break
                pick = next((c for c in legal if c.get("action") == a), None)
            game.submit(pick or legal[0])
        else:
            game.submit(next((c for c in legal if c["cmd"] == "done"), legal[0]))
    raise AssertionError("the action phase did not end")


def submit_asking(g: Game, cmd: dict, rng: random.Random) -> list[dict]:
    """Submit a command, answering every outcome the companion mode asks for (`chance/needs_outcome`)
    with a seeded die or option, as the players at the table would."""
    cmd = dict(cmd)
    for _ in range(100):
        try:
            return g.submit(cmd)
        except RuleError as e:
            if e.code != "chance/needs_outcome":
                raise
            need = e.data
            value = rng.randint(1, 6) if need["kind"] == "die" else rng.choice(need["options"])
            cmd["outcomes"] = list(cmd.get("outcomes", [])) + [value]
    raise AssertionError("too many outcomes asked")
