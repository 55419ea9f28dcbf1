"""Real Battle for Rohan positions, reached quickly, for the card, ability, Shadow Box and fate
tests (issue 10). Everything goes through `Game.submit`: a Rohan game is started with a seed, the
players' adjustment commands (`adjust_*`, docs/commands.md) set out the board, the hands and the
fate marker, and real play (positions, fate draws, dice given as explicit outcomes) reaches the
decision a test needs.

The usual shape:

    g = ready(fp=["event"] * 4, sh=["event"] * 4)      # turn 1, the Free Peoples to act
    place(g, "westemnet", "fp", {"rohan_footmen": 2})   # an empty board, then the armies wanted
    hand(g, "fp", "hard_riding")                        # exactly these cards in hand
    play(g, "fp", "hard_riding")                        # played with a die that allows it
"""
from __future__ import annotations

from botwotr.catalog import spec_for
from botwotr.core import Game
from helpers import assert_illegal, finish_actions, first_legal, place, top  # noqa: F401  (re-exported for the tests)

SPEC = spec_for("rohan")
FP, SH = "fp", "sh"


def rohan_game(seed: int = 3) -> Game:
    return Game.new(SPEC, seed=seed)


def adjust(g: Game, what: str, **kw) -> list[dict]:
    return g.submit({"cmd": f"adjust_{what}", "side": "players", **kw})


def empty_board(g: Game) -> Game:
    """Every army off the board and every character back in the pool (adjustments)."""
    s = g.state
    for r, reg in s["regions"].items():
        for u, n in list(reg["units"].items()):
            adjust(g, "units", region=r, owner=reg["side"], unit=u, n=-n)
    for c, cs in s["chars"].items():
        if cs["status"] in ("in_play", "ready"):
            adjust(g, "character", char=c, status="pool")
    return g


def empty_hands(g: Game) -> Game:
    for side in (FP, SH):
        for c in list(g.state["sides"][side]["hand"]):
            adjust(g, "card", card=c, to="deck")
    return g


def hand(g: Game, side: str, *cards: str) -> None:
    """This side's hand holds exactly `cards` (the rest go back to their decks)."""
    for c in list(g.state["sides"][side]["hand"]):
        adjust(g, "card", card=c, to="deck")
    for c in cards:
        adjust(g, "card", card=c, to=f"hand_{side}")


def to_action_phase(g: Game, fp=("event",) * 4, sh=("event",) * 4, position: str = "palantir_room",
                    fate_tile: str | None = "grey_0a") -> Game:
    """Answer every decision from here to the action phase: Saruman takes `position`, its
    choices and leadership tokens go to the first legal answer, a rally it offers is declined,
    the Free Peoples draw `fate_tile` (or a seeded tile) and keep it, and the action dice show
    the faces given (Shadow Character results go to the Shadow Box, R-6.4, so `sh` should not
    name `character`)."""
    for _ in range(100):
        p = top(g)
        k = p["kind"]
        if k == "action":
            return g
        if k == "discard":
            g.submit({"cmd": "discard", "side": p["side"], "card": g.state["sides"][p["side"]]["hand"][0]})
        elif k == "choose_position":
            g.submit({"cmd": "choose_position", "side": SH, "position": position})
        elif k == "place_leadership":
            g.submit(first_legal(g, cmd="place_leadership_token"))
        elif k == "choose_region":
            g.submit(first_legal(g, cmd="choose_region"))
        elif k == "rally":
            g.submit({"cmd": "done", "side": p["side"]})
        elif k == "fate_draw":
            cmd = {"cmd": "draw_fate", "side": FP}
            if fate_tile:
                cmd["outcomes"] = [fate_tile]
            g.submit(cmd)
        elif k == "fate_decide":
            g.submit({"cmd": "keep_fate", "side": FP})
        elif k == "roll_dice":
            side = p["sides"][0]
            faces = list(fp if side == FP else sh)
            n = g.state["sides"][side]["dice"] - len(g.state["sides"][side]["box"])
            g.submit({"cmd": "roll_dice", "side": side, "outcomes": (faces + ["event"] * n)[:n]})
        else:
            raise AssertionError(f"to_action_phase() cannot answer {p}")
    raise AssertionError("the action phase was not reached")


def ready(fp=("event",) * 4, sh=("event",) * 4, position: str = "palantir_room", seed: int = 3,
          fate_tile: str = "grey_0a", keep_board: bool = False) -> Game:
    """Turn 1 of a Rohan game at the action phase, the Free Peoples to act first (R-8.3).

    The board is emptied first (unless `keep_board`), so that the Shadow's leadership tokens of
    the Shadow phase are lost and nothing the tests do not place is on the board (the set-up
    recruitment tokens stay). Then `to_action_phase`; both hands are emptied at the end."""
    g = rohan_game(seed)
    if not keep_board:
        empty_board(g)
    to_action_phase(g, fp, sh, position, fate_tile)
    empty_hands(g)
    return g


def next_turn(g: Game, fp=("event",) * 6, sh=("event",) * 7, position: str = "palantir_room") -> Game:
    """Play out the rest of this action phase with the least disturbing choices, then answer the
    next turn up to its action phase (a seeded fate tile)."""
    finish_actions(g)
    return to_action_phase(g, fp, sh, position, fate_tile=None)


def die_for(g: Game, side: str, face: str):
    """The index of the first unused die showing `face` ('box' for a Shadow Box die)."""
    if face == "box":
        return "box"
    return g.state["sides"][side]["rolled"].index(face)


def play(g: Game, side: str, card: str, face: str | None = None, outcomes: list | None = None) -> list[dict]:
    """Play `card` (the half of the game's scenario) with the first die that allows it (or a die
    of `face`)."""
    if face is None:
        t = g.spec.cards[card].type
        rolled = g.state["sides"][side]["rolled"]
        prefs = {"army": ("army", "army_muster"), "muster": ("muster", "army_muster"),
                 "character": ("character",)}[t] + ("event", "will")
        face = next((f for f in prefs if f in rolled), None)
        if face is None and side == SH and t == "character" and g.state["sides"][SH]["box"]:
            face = "box"
        assert face, f"no die can play {card}: {rolled}"
    cmd = {"cmd": "use_die", "side": side, "die": die_for(g, side, face), "action": "play_card", "card": card}
    if outcomes is not None:
        cmd["outcomes"] = list(outcomes)
    return g.submit(cmd)


def to_shadow(g: Game) -> Game:
    """The Free Peoples pass (R-8.4: the Shadow has more unused dice), so the Shadow acts."""
    assert top(g) == {"kind": "action", "side": FP}, top(g)
    g.submit({"cmd": "pass", "side": FP})
    assert top(g)["kind"] == "action" and top(g)["side"] == SH, top(g)
    return g


def choose(g: Game, side: str, *regions: str) -> None:
    for r in regions:
        g.submit({"cmd": "choose_region", "side": side, "region": r})


def units(g: Game, region: str) -> dict:
    return dict(g.state["regions"][region]["units"])


def size(g: Game, region: str) -> int:
    return sum(g.state["regions"][region]["units"].values())


def damage(g: Game, region: str) -> int:
    return g.state["regions"][region]["damage"]


def hand_of(g: Game, side: str) -> list[str]:
    return list(g.state["sides"][side]["hand"])


def kind(g: Game) -> str | None:
    p = top(g)
    return p["kind"] if p else None


def rtokens(g: Game, region: str, side: str) -> list:
    return list(g.state["regions"][region]["rtokens"][side])


# -- battles ------------------------------------------------------------------------------------

def attack(g: Game, side: str, frm: str, target: str, face: str = "army", **extra) -> list[dict]:
    """Spend a die of `face` on an attack from `frm` on `target` (R-10.1)."""
    g.submit({"cmd": "use_die", "side": side, "die": die_for(g, side, face), "action": "attack"})
    return g.submit({"cmd": "attack", "side": side, "from": frm, "target": target, **extra})


def fight(g: Game, tactics: dict | None = None, cards: dict | None = None, rolls: dict | None = None,
          rerolls: dict | None = None, until: tuple = ("casualties", "cease")) -> list[dict]:
    """Answer one battle round's decisions: tactics (default Regroup), combat cards (default none),
    combat rolls with explicit dice, re-rolls (default none; a list of positions, or a pair
    (positions, new dice)). Stops at the first decision whose kind is in `until` (by default
    once the hits are on the armies) or when the battle is over. Returns every event."""
    tactics, cards, rolls, rerolls = tactics or {}, cards or {}, rolls or {}, rerolls or {}
    events: list[dict] = []
    for _ in range(50):
        if g.state["battle"] is None or g.state["winner"]:
            return events
        p = top(g)
        k = p["kind"]
        if k in until:
            return events
        if k == "tactic":
            sd = p["sides"][0]
            events += g.submit({"cmd": "tactic", "side": sd, "tactic": tactics.get(sd, "regroup")})
        elif k == "combat_card":
            sd = p["sides"][0]
            events += g.submit({"cmd": "combat_card", "side": sd, "card": cards.get(sd)})
        elif k == "combat_roll":
            sd = p["sides"][0]
            cmd = {"cmd": "roll_combat", "side": sd}
            if sd in rolls:
                cmd["outcomes"] = list(rolls[sd])
            events += g.submit(cmd)
        elif k == "reroll":
            r = rerolls.get(p["side"], [])
            if isinstance(r, tuple):
                events += g.submit({"cmd": "reroll", "side": p["side"], "dice": list(r[0]), "outcomes": list(r[1])})
            else:
                events += g.submit({"cmd": "reroll", "side": p["side"], "dice": list(r)})
        elif k == "discard":
            events += g.submit({"cmd": "discard", "side": p["side"], "card": g.state["sides"][p["side"]]["hand"][0]})
        else:
            raise AssertionError(f"fight() stops at {k}; pass it in `until` or answer it: {p}")
    raise AssertionError("the battle round did not end")


def card_battle(card: str, role: str, fp_units: dict | None = None, sh_card: str | None = None,
                leaders: int = 0) -> Game:
    """The combat cards' battle (tests/scenarios/test_rohan_combat_cards.py and
    test_rohan_combat_halves_rest.py): two Rohan Footmen (or `fp_units`, with `leaders`) in the
    Westemnet against two Orcs in the Isen Vale, an open border on plains; the Free Peoples hold
    `card` (the Shadow `sh_card`) and attack (role "attacker"), or the Shadow attacks them
    ("defender"). Returned at the first battle decision."""
    g = ready(fp=["army_muster"] * 4, sh=["army"] * 4)
    place(g, "westemnet", FP, fp_units or {"rohan_footmen": 2}, leaders=leaders)
    place(g, "isen_vale", SH, {"orcs": 2})
    hand(g, FP, card)
    if sh_card:
        hand(g, SH, sh_card)
    if role == "attacker":
        attack(g, FP, "westemnet", "isen_vale", face="army_muster")
    else:
        to_shadow(g)
        attack(g, SH, "isen_vale", "westemnet", face="army")
    return g


def next_round(g: Game) -> list[dict]:
    """From after the hits: casualties taken (the first unit each time it is mandatory, else
    none), the attacker fights on, the defender stays; up to the next round's tactics."""
    events: list[dict] = []
    for _ in range(30):
        p = top(g)
        k = p["kind"]
        if k == "tactic" or g.state["battle"] is None:
            return events
        if k == "casualties":
            if p["mandatory"]:
                u = sorted(g.state["regions"][p["region"]]["units"])[0]
                events += g.submit({"cmd": "casualty", "side": p["side"], "unit": u})
            else:
                events += g.submit({"cmd": "done", "side": p["side"]})
        elif k == "cease":
            events += g.submit({"cmd": "fight_on", "side": p["side"]})
        elif k == "withdraw":
            events += g.submit({"cmd": "withdraw", "side": p["side"], "choice": "stay"})
        else:
            raise AssertionError(f"next_round() cannot answer {p}")
    raise AssertionError("no next round")


def end_battle(g: Game) -> list[dict]:
    """From after the hits: casualties as in `next_round`, the attacker ceases, no advance."""
    events: list[dict] = []
    for _ in range(30):
        if g.state["battle"] is None:
            return events
        p = top(g)
        k = p["kind"]
        if k == "casualties":
            if p["mandatory"]:
                u = sorted(g.state["regions"][p["region"]]["units"])[0]
                events += g.submit({"cmd": "casualty", "side": p["side"], "unit": u})
            else:
                events += g.submit({"cmd": "done", "side": p["side"]})
        elif k == "cease":
            events += g.submit({"cmd": "cease", "side": p["side"]})
        elif k == "advance":
            events += g.submit({"cmd": "done", "side": p["side"]})
        else:
            raise AssertionError(f"end_battle() cannot answer {p}")
    raise AssertionError("the battle did not end")


def rolled(events: list[dict], side: str) -> dict:
    """The last combat roll of `side` in these events (after any re-roll)."""
    return [e for e in events if e["e"] == "CombatRolled" and e["side"] == side][-1]


# -- what another helper covers (issue 10) --------------------------------------------------------
# Another helper is fixing these cards and abilities in parallel (their behaviour is changing) and
# tests them in its own branch; the census tests here leave them out, and `test_rohan_coverage.py`
# checks that every other card half, ability, position and fate icon has its test here.
SKIPPED_CARDS = {
    # attacks carrying a first-round or whole-battle modifier, and Storm the Line
    "sudden_assault", "counter_charge", "deeds_of_valour", "storm_the_line", "the_horn_of_helm",
    "assault_on_the_fords", "storm_in_the_night",
    # cards that place a named unit type (Entmoot, Treebeard's ability, is skipped with them)
    "erkenbrands_men", "wild_men_of_dunland", "wolves_unleashed", "furnaces_of_isengard",
    "half_orc_host", "the_ents_are_roused", "march_of_the_trees",
    # leadership tokens, turn-long modifiers, a two-card discard
    "driven_by_the_lash", "hold_the_crossing", "the_kings_doubt", "sly_whispers",
}
# Théodred, Gimli, Uglúk, Théoden, Aragorn; Treebeard's Entmoot places a named unit type.
SKIPPED_ABILITIES = {"theodred", "gimli", "ugluk", "theoden", "aragorn", "treebeard"}
