"""`botwotr script FILE`: play a game described in YAML or JSON and report the result as JSON.

    scenario: rohan            # a built-in scenario id or a scenario folder
    seed: 7
    options: {}                # optional start options
    commands:
      - {cmd: choose_position, side: sh, position: balcony}
      - {cmd: draw_fate, side: fp, outcomes: [f03]}

See docs/commands.md for the command vocabulary.
"""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .core import Game, RuleError
from .core.view import command_for, event_for


class ScriptError(Exception):
    pass


def read_script(path: str | Path) -> dict:
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise ScriptError(f"{path}: cannot be read ({e.strerror})") from None
    try:
        if path.suffix.lower() == ".json":
            data = json.loads(text)
        else:
            import yaml
            data = yaml.safe_load(text)
    except Exception as e:  # yaml.YAMLError or json.JSONDecodeError
        raise ScriptError(f"{path}: not valid {'JSON' if path.suffix.lower() == '.json' else 'YAML'}: {e}") from None
    if not isinstance(data, dict):
        raise ScriptError(f"{path}: a script must be a mapping with scenario, seed and commands")
    for key, typ in (("scenario", str), ("commands", list)):
        if not isinstance(data.get(key), typ):
            raise ScriptError(f"{path}: '{key}' is missing or is not a {typ.__name__}")
    seed = data.get("seed", 0)
    if type(seed) is not int:
        raise ScriptError(f"{path}: 'seed' must be a whole number")
    if "options" in data and not isinstance(data["options"], dict):
        raise ScriptError(f"{path}: 'options' must be a mapping")
    unknown = set(data) - {"scenario", "seed", "commands", "options", "description", "seat"}
    if unknown:
        raise ScriptError(f"{path}: unknown key(s): {', '.join(sorted(unknown))}")
    return data


def run_script(data: dict, spec_for) -> tuple[Game, dict]:
    spec = spec_for(data["scenario"])
    game = Game.new(spec, seed=data.get("seed", 0), options=data.get("options"))
    error = None
    for i, cmd in enumerate(data["commands"]):
        try:
            game.submit(cmd)
        except RuleError as e:
            error = {"index": i, "command": cmd, **e.to_dict()}
            break
    return game, report(game, data.get("seat", "public"), error)


def report(game: Game, seat: str, error: dict | None) -> dict:
    log = []
    for n, entry in enumerate(game.log):
        evs = [x for x in (event_for(e, seat) for e in entry["events"]) if x is not None]
        log.append({"n": n, "cmd": command_for(entry["cmd"], seat), "events": evs})
    out: dict[str, Any] = {
        "scenario": game.spec.id,
        "turn": game.state["turn"],
        "phase": game.state["phase"],
        "winner": game.state["winner"],
        "waiting_for": game.waiting_for(),
        "state": game.view_for(seat),
        "log": log,
    }
    if error:
        out["error"] = error
    return out
