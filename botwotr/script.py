"""`botwotr script FILE`: play a game described in YAML or JSON and report the result as JSON.

    scenario: rohan            # a built-in scenario id or a scenario folder
    seed: 7
    options: {}                # optional start options
    setup: {}                  # optional: a position given directly (botwotr.core.setup)
    commands:
      - {cmd: choose_position, side: sh, position: balcony}
      - {cmd: draw_fate, side: fp, outcomes: [f03]}
      - {cmd: pass, side: fp, refused: action/cannot_pass}   # must be refused; play goes on
      - expect: {fate: 1, pending: {kind: action, side: sh}}  # assertions only

A rule case is such a file: a `setup:` position, steps, and `expect:` assertions after any step
(a file may hold several `cases:`). A failed expectation is reported with the step, the path, the
expected and the actual value. See docs/commands.md ("The script format" and "Rule cases").
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .core import Game, RuleError
from .core.state import canonical
from .core.view import command_for, event_for

TOP_KEYS = {"scenario", "seed", "commands", "options", "description", "seat", "setup", "expect", "rule", "cases"}
CASE_KEYS = {"name", "description", "seed", "options", "setup", "expect", "commands"}
STEP_KEYS = {"expect", "refused"}  # step keys that are not part of the command
SEATS = ("public", "fp", "sh")
_MISSING = object()


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
    if not isinstance(data.get("scenario"), str):
        raise ScriptError(f"{path}: 'scenario' is missing or is not a str")
    unknown = set(data) - TOP_KEYS
    if unknown:
        raise ScriptError(f"{path}: unknown key(s): {', '.join(sorted(unknown))}")
    if "cases" in data:
        if "commands" in data or "expect" in data:
            raise ScriptError(f"{path}: a file with 'cases' gives commands and expect in each case")
        if not isinstance(data["cases"], list) or not data["cases"]:
            raise ScriptError(f"{path}: 'cases' must be a non-empty list of cases")
        for i, case in enumerate(data["cases"]):
            where = f"{path}: cases[{i}]"
            if not isinstance(case, dict):
                raise ScriptError(f"{where}: a case must be a mapping with commands")
            bad = set(case) - CASE_KEYS
            if bad:
                raise ScriptError(f"{where}: unknown key(s): {', '.join(sorted(bad))}")
            _check_body(case, where, need_commands=True)
    else:
        if not isinstance(data.get("commands"), list):
            raise ScriptError(f"{path}: 'commands' is missing or is not a list")
    _check_body(data, str(path), need_commands=False)
    seat = data.get("seat", "public")
    if seat not in SEATS:
        raise ScriptError(f"{path}: 'seat' must be one of {', '.join(SEATS)}, not {seat!r}")
    # A scenario folder is found next to the script as well as from the working directory.
    from .catalog import DATA

    scen = data["scenario"]
    near = path.parent / scen
    if not (DATA / scen / "scenario.yaml").is_file() and (near / "scenario.yaml").is_file():
        data = dict(data, scenario=str(near))
    return data


def _check_body(body: dict, where: str, need_commands: bool) -> None:
    if "seed" in body and type(body["seed"]) is not int:
        raise ScriptError(f"{where}: 'seed' must be a whole number")
    for key in ("options", "setup"):
        if key in body and not isinstance(body[key], dict):
            raise ScriptError(f"{where}: '{key}' must be a mapping")
    if "expect" in body:
        _check_expect(body["expect"], f"{where}: expect")
    if need_commands and not isinstance(body.get("commands"), list):
        raise ScriptError(f"{where}: 'commands' is missing or is not a list")
    for i, step in enumerate(body.get("commands") or []):
        sw = f"{where}: commands[{i}]"
        if not isinstance(step, dict):
            raise ScriptError(f"{sw}: a step must be a command mapping or an 'expect:'")
        if "expect" in step:
            _check_expect(step["expect"], f"{sw}.expect")
        if "refused" in step:
            r = step["refused"]
            if not (
                isinstance(r, str)
                or (isinstance(r, dict) and isinstance(r.get("code"), str) and set(r) <= {"code", "rule"})
            ):
                raise ScriptError(
                    f"{sw}.refused: give the error code (e.g. move/not_free), or a mapping with code and rule"
                )
            if "cmd" not in step:
                raise ScriptError(f"{sw}.refused: only a command can be refused; this step has no 'cmd'")
        if "cmd" not in step and "expect" not in step:
            raise ScriptError(f"{sw}: a step must be a command mapping (with 'cmd') or an 'expect:'")


def _check_expect(exp: Any, where: str) -> None:
    if not isinstance(exp, dict) or not exp:
        raise ScriptError(f"{where}: must be a mapping of paths (or pending, legal, not_legal) to values")
    for key, value in exp.items():
        if not isinstance(key, str):
            raise ScriptError(f"{where}: {key!r} is not a path")
        if key in ("legal", "not_legal", "events"):
            items = value if isinstance(value, list) else [value]
            if not items or not all(isinstance(c, dict) for c in items):
                raise ScriptError(f"{where}.{key}: give a mapping (a command; for events, an event) or a list of them")
        elif key == "pending" and not (value is None or isinstance(value, (str, dict))):
            raise ScriptError(f"{where}.pending: give a decision kind or a mapping of its fields")
        elif key.startswith("view.") and key.split(".")[1] not in SEATS:
            raise ScriptError(f"{where}: '{key}': a view path starts with view.public, view.fp or view.sh")


# -- running ---------------------------------------------------------------------------------


def case_list(data: dict) -> list[tuple[str, dict]]:
    """The cases of a script as (name, case) pairs: a file with `cases` gives each, with the file's
    seed, options and setup as defaults (a case's setup keys replace the file's); a plain script
    is one case."""
    if "cases" not in data:
        return [(data.get("rule") or "script", data)]
    out = []
    for i, case in enumerate(data["cases"]):
        merged = {
            "seed": data.get("seed", 0),
            "options": data.get("options"),
            **{k: v for k, v in case.items() if k != "setup"},
        }
        if "setup" in data or "setup" in case:
            merged["setup"] = {**data.get("setup", {}), **case.get("setup", {})}
        out.append((case.get("name", f"case {i}"), merged))
    return out


def run_script(data: dict, spec_for, where: str = "script") -> tuple[Game, dict]:
    """Play a script. A file with `cases` gives the last case's game and a report of all cases."""
    spec = spec_for(data["scenario"])
    seat = data.get("seat", "public")
    if "cases" not in data:
        return run_case(data, spec, seat, where)
    reports = []
    game = None
    for name, case in case_list(data):
        game, rep = run_case(case, spec, seat, f"{where}: {name}")
        reports.append({"name": name, **rep})
    out: dict[str, Any] = {"scenario": spec.id, "rule": data.get("rule"), "cases": reports}
    failures = [dict(f, case=r["name"]) for r in reports for f in r.get("failures", [])]
    if failures:
        out["failures"] = failures
    errors = [dict(r["error"], case=r["name"]) for r in reports if "error" in r]
    if errors:
        out["error"] = errors[0]
    return game, out


def run_case(data: dict, spec, seat: str = "public", where: str = "script", after_step=None) -> tuple[Game, dict]:
    """Play one case; `after_step(game)` (if given) runs on the starting position and after
    every step (the rule-case tests check the core's invariants there)."""
    options = dict(data.get("options") or {})
    if "setup" in data:
        options["setup"] = data["setup"]
    try:
        game = Game.new(spec, seed=data.get("seed", 0), options=options or None)
    except RuleError as e:
        raise ScriptError(
            f"{where}: the game cannot start: {e.message}{' (' + e.rule + ')' if e.rule else ''}"
        ) from None
    error = None
    failures: list[dict] = []
    checked = 0
    if after_step:
        after_step(game)
    if "expect" in data:
        checked += _expect(game, data["expect"], "start", None, failures, game.log[0]["events"])
    for i, step in enumerate(data["commands"]):
        cmd = {k: v for k, v in step.items() if k not in STEP_KEYS}
        evs: list = []
        if cmd:
            refused = step.get("refused")
            before, n = canonical(game.state), len(game.log)
            try:
                evs = game.submit(cmd)
            except RuleError as e:
                if refused is None:
                    error = {"index": i, "command": cmd, **e.to_dict()}
                    break
                checked += 1
                want = refused if isinstance(refused, dict) else {"code": refused}
                got = {"code": e.code, "rule": e.rule}
                if any(got.get(k) != v for k, v in want.items()):
                    failures.append(_failure(i, cmd, "refused", want, dict(got, message=e.message)))
                if canonical(game.state) != before or len(game.log) != n:  # the core's promise
                    failures.append(_failure(i, cmd, "refused", "the state unchanged", "the state changed"))
            else:
                if refused is not None:
                    checked += 1
                    failures.append(_failure(i, cmd, "refused", refused, "the command was accepted"))
                    break  # the game is no longer where the case thinks it is
        if after_step:
            after_step(game)
        if "expect" in step:
            checked += _expect(game, step["expect"], i, cmd or None, failures, evs)
    rep = report(game, seat, error)
    if checked:
        rep["checked"] = checked
    if failures:
        rep["failures"] = failures
    return game, rep


def _failure(step, cmd, path, expected, actual) -> dict:
    return {"step": step, "command": cmd, "path": path, "expected": expected, "actual": actual}


def _expect(game: Game, exp: dict, step, cmd, failures: list, events: list) -> int:
    for path, want in exp.items():
        if path == "pending":
            p = game.state["pending"]
            top = p[-1] if p else None
            if want is None:
                ok, got = top is None, top
            elif isinstance(want, str):
                got = top["kind"] if top else None
                ok = got == want
            else:
                got = top
                ok = top is not None and all(top.get(k, _MISSING) == v for k, v in want.items())
        elif path == "events":
            items = want if isinstance(want, list) else [want]
            missing = [w for w in items if not any(_matches(e, w) for e in events)]
            ok, got = not missing, ({"missing": missing, "events": events} if missing else want)
        elif path in ("legal", "not_legal"):
            legal = game.legal_commands()
            items = want if isinstance(want, list) else [want]
            found = [c for c in items if any(_matches(lc, c) for lc in legal)]
            if path == "legal":
                missing = [c for c in items if c not in found]
                ok, got = not missing, ({"missing": missing, "legal": legal[:30]} if missing else want)
            else:
                ok, got = not found, ({"present": found} if found else [])
        else:
            got = _lookup(game, path)
            ok = got is not _MISSING and got == want
            if got is _MISSING:
                got = "<no such path>"
        if not ok:
            failures.append(_failure(step, cmd, path, want, got))
    return len(exp)


def _matches(legal: dict, want: dict) -> bool:
    return all(legal.get(k, _MISSING) == v for k, v in want.items())


def _lookup(game: Game, path: str):
    parts = path.split(".")
    if parts[0] == "view" and len(parts) > 1 and parts[1] in SEATS:
        node: Any = game.view_for(parts[1])
        parts = parts[2:]
    elif parts[0] == "log":
        node, parts = game.log, parts[1:]
    else:
        node = game.state
    for p in parts:
        if isinstance(node, dict):
            node = node.get(p, _MISSING)
        elif isinstance(node, list):
            try:
                node = node[int(p)]
            except (ValueError, IndexError):
                return _MISSING
        else:
            return _MISSING
        if node is _MISSING:
            return _MISSING
    return node


def problems(rep: dict) -> list[str]:
    """One line per refused command and failed expectation in a report (for stderr)."""
    out = []
    reports = rep["cases"] if "cases" in rep else [rep]
    for r in reports:
        who = f"{r['name']}: " if "name" in r else ""
        for f in r.get("failures", []):
            step = (
                "the starting position"
                if f["step"] == "start"
                else f"step {f['step']}" + (f" ({f['command'].get('cmd')})" if f["command"] else "")
            )
            out.append(f"{who}{step}: {f['path']}: expected {_show(f['expected'])}, got {_show(f['actual'])}")
        if "error" in r:
            err = r["error"]
            out.append(
                f"{who}command {err['index']} refused: {err['message']} [{err['code']}"
                f"{', ' + err['rule'] if err['rule'] else ''}]"
            )
    return out


def _show(v) -> str:
    return json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else v


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
