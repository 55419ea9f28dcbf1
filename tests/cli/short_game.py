"""A short scripted game of the Battle for Rohan for the report tests: a position given as data
(turn 3, actions; the Shadow with one Army die beside Edoras, the fate marker at 12 with a 2 and
a 3 left in the pool), one battle, the end of the turn, and turn 4 until the fate tile drawn
takes the marker to the endgame (R-4.3: the Free Peoples win)."""
from __future__ import annotations

from botwotr.catalog import spec_for
from botwotr.core import Game

SETUP = {
    "turn": 3,
    "phase": "actions",
    "active": "sh",
    "regions": {"edoras": {"units": {"rohan_footmen": 2}, "leaders": 1},
                "dunharrow": {"units": {"uruk_hai": 3}}},
    "dice": {"fp": [], "sh": ["army"]},
    "fate": 12,
    "fate_pool": ["grey_2a", "grey_3a"],
    "hands": {"fp": [], "sh": []},
}
COMMANDS = [
    {"cmd": "use_die", "side": "sh", "die": 0, "action": "attack"},
    {"cmd": "attack", "side": "sh", "from": "dunharrow", "target": "edoras"},
    {"cmd": "tactic", "side": "sh", "tactic": "regroup"},
    {"cmd": "tactic", "side": "fp", "tactic": "regroup"},
    {"cmd": "roll_combat", "side": "sh"},
    {"cmd": "roll_combat", "side": "fp"},
    {"cmd": "reroll", "side": "fp", "dice": []},
    {"cmd": "casualty", "side": "sh", "unit": "uruk_hai"},
    {"cmd": "cease", "side": "sh"},
    {"cmd": "choose_position", "side": "sh", "position": "pits"},
    {"cmd": "choose_region", "side": "sh", "region": "orthanc"},
    {"cmd": "choose_region", "side": "sh", "region": "dunland"},
    {"cmd": "place_leadership_token", "side": "sh", "region": "dunharrow"},
    {"cmd": "place_leadership_token", "side": "sh", "region": "dunharrow"},
    {"cmd": "draw_fate", "side": "fp"},
    {"cmd": "keep_fate", "side": "fp"},
]


def short_game() -> Game:
    g = Game.new(spec_for("rohan"), seed=3, options={"setup": SETUP, "players": {"fp": "Ann", "sh": "Ben"}})
    for c in COMMANDS:
        g.submit(c)
    return g
