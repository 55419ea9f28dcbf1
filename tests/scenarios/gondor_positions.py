"""Real Battle for Gondor positions, reached quickly, for the siege, Darkness, card and bot tests
(issue 12). As in `rohan_positions`: a Gondor game is started with a seed, the players'
adjustment commands set out the board and the hands, and real play (positions, fate draws, dice
given as explicit outcomes) reaches the decision a test needs; everything goes through
`Game.submit`.

    g = ready(fp=["muster"] * 5, sh=["army"] * 6)    # turn 1, the Free Peoples to act
    place(g, "minas_tirith", FP, {"gondor_footmen": 2})
    hand(g, SH, "fire_of_orthanc"); to_shadow(g); play(g, SH, "fire_of_orthanc")
"""
from __future__ import annotations

from botwotr.catalog import spec_for
from botwotr.core import Game
from botwotr.scenarios.gondor import gondor
from helpers import assert_illegal, finish_actions, first_legal, place, top  # noqa: F401
from rohan_positions import (adjust, attack, choose, damage, die_for, empty_board, empty_hands,  # noqa: F401
                             end_battle, fight, hand, hand_of, kind, next_round, play, rolled, rtokens, size,
                             to_action_phase, to_shadow, units)

SPEC = spec_for("gondor")
FP, SH = "fp", "sh"
QUIET = "captain_of_despair"  # fate -1: nothing on fate 0, and no Darkness card


def gondor_game(seed: int = 3) -> Game:
    return Game.new(SPEC, seed=seed)


def ready(fp=("event",) * 5, sh=("event",) * 6, position: str = QUIET, seed: int = 3,
          fate_tile: str = "grey_0a", keep_board: bool = False) -> Game:
    """Turn 1 of a Gondor game at the action phase, the Free Peoples to act first (R-8.3); the
    board emptied (unless `keep_board`), both hands emptied at the end."""
    g = gondor_game(seed)
    if not keep_board:
        empty_board(g)
    to_action_phase(g, fp, sh, position, fate_tile)
    empty_hands(g)
    return g


def next_turn(g: Game, fp=("event",) * 6, sh=("event",) * 9, position: str = QUIET,
              fate_tile: str | None = None) -> Game:
    finish_actions(g)
    return to_action_phase(g, fp, sh, position, fate_tile=fate_tile)


def use(g: Game, side: str, face: str, action: str, **kw) -> list[dict]:
    return g.submit({"cmd": "use_die", "side": side, "die": die_for(g, side, face), "action": action, **kw})


def siege(g: Game) -> dict:
    """The Gondor state the board draws (protection, catapults, towers, the Darkness)."""
    return gondor(g.state)


def protection(g: Game, region: str = "minas_tirith") -> int:
    return siege(g)["protection"][region]


def notes(events: list[dict]) -> list[str]:
    return [e["text"] for e in events if e["e"] == "Note"]


def fp_pass(g):
    """The Free Peoples let the Shadow act again: pass if they may (R-8.4), else draw a card."""
    if top(g)["kind"] == "action" and top(g)["side"] == FP:
        s = g.state["sides"]
        if len(s[SH]["rolled"]) + len(s[SH]["box"]) > len(s[FP]["rolled"]):
            g.submit({"cmd": "pass", "side": FP})
        else:
            use(g, FP, "event", "draw_generic")
            while kind(g) == "discard":
                g.submit({"cmd": "discard", "side": FP, "card": g.state["sides"][FP]["hand"][0]})
