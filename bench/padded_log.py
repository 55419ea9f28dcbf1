"""A log of exactly so many events, for the replay and window benches (bench/rohan_core.py,
bench/frame.py): the first entries of a played game, padded past its end with adjust_fate."""

from __future__ import annotations

import json


def log_of_events(game, n: int) -> list[dict]:
    """The first entries of `game`'s log holding `n` events, padded with adjust_fate past its end."""
    log, count = [], 0
    for entry in game.log:
        if count >= n:
            break
        log.append(json.loads(json.dumps(entry)))
        count += len(entry["events"])
    fate = game.state_at(len(log))["fate"]
    while count < n:
        to = 0 if fate else 1
        log.append({"cmd": {"cmd": "adjust_fate", "side": "players", "to": to},
                    "events": [{"e": "Adjustment", "what": "fate", "command": {"to": to}},
                               {"e": "FateMarkerMoved", "from": fate, "to": to, "why": "adjustment"}]})
        fate = to
        count += 2
    return log
