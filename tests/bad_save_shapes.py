"""Bad saves of every shape issue 9 lists, shared by the API, export and window tests: each is
written at a path and must be refused with a SaveError whose message starts with the path and
contains the listed words (the problem, said plainly).

`write(shape, path, good)` makes the file; `good` is a `Good` (a finished game's save text and
facts about it). Shapes that need a special file (FIFO, symlink, folder) are made as such.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass


@dataclass
class Good:
    text: str          # the save of a real game, started with player names
    fp_region: str     # a region holding a Free Peoples army at the end


def _data(good: Good) -> dict:
    return json.loads(good.text)


def _dump(d: dict) -> str:
    return json.dumps(d, ensure_ascii=True, separators=(",", ":"))


def _with_entry(good: Good, cmd: dict) -> str:
    d = _data(good)
    d["log"].append({"cmd": cmd, "events": []})
    return _dump(d)


def _named(good: Good, name: str) -> str:
    d = _data(good)
    d["log"][0]["cmd"]["options"]["players"]["fp"] = name
    return _dump(d)


def _named_raw(good: Good, name: str) -> str:
    """As `_named`, written as save.dumps writes (no escapes but the ones JSON needs): the text
    takes the load's quick checks (save._marks) rather than the character-by-character ones."""
    d = _data(good)
    d["log"][0]["cmd"]["options"]["players"]["fp"] = name
    return json.dumps(d, ensure_ascii=False, separators=(",", ":"))


def _deep(good: Good, levels: int) -> str:
    d = _data(good)
    text = _dump(d)
    return text.replace('"log":[', '"log":[' + "[" * levels + "]" * levels + ",", 1)


def _long_log(good: Good, n: int) -> str:
    d = _data(good)
    pad = {"cmd": {"cmd": "adjust_fate", "side": "players", "to": 0}, "events": []}
    d["log"] += [pad] * (n - len(d["log"]))
    return _dump(d)


# shape -> (how to make it, words the refusal says)
SHAPES: dict[str, tuple] = {
    "number of 5,000 digits": (lambda g: g.text.replace('"seed":', '"seed":' + "9" * 5000, 1),
                               "digits (at most 19"),
    "nesting of 1,000 levels": (lambda g: _deep(g, 1000), "nested more than"),
    "nesting of 100 levels": (lambda g: _deep(g, 100), "nested more than"),
    "scenario name of 300 characters": (lambda g: _dump({**_data(g), "scenario": "s" * 300}), "unknown scenario"),
    "NaN instead of a seed": (lambda g: _dump(_data(g)).replace('"seed":', '"seed":NaN,"_":', 1), "NaN"),
    "FIFO": ("fifo", "named pipe"),
    "symlink to an endless file": ("symlink:/dev/zero", "character device"),
    "a folder": ("folder", "a folder"),
    "file over the size limit": ("sparse", "larger than"),
    "not UTF-8": (lambda g: g.text.encode("utf-8")[:50] + b"\xff\xfe" + g.text.encode("utf-8")[50:], "not UTF-8"),
    "NUL in a player name": (lambda g: _named(g, "Eo\x00wyn"), "NUL"),
    "lone surrogate in a player name": (lambda g: _named(g, "Eo\ud800wyn"), "lone surrogate"),
    "DEL in a player name, unescaped": (lambda g: _named_raw(g, "Eo\x7fwyn"), "control character (U+007F)"),
    "C1 control in a player name, unescaped": (lambda g: _named_raw(g, "Éo\x85wyn"), "control character (U+0085)"),
    "player name of 1,001 characters, unescaped": (lambda g: _named_raw(g, "E" * 1001),
                                                   "1,001 characters (at most 1000)"),
    "NUL in the scenario name": (lambda g: _dump({**_data(g), "scenario": "ro\x00han"}), "NUL"),
    "lone surrogate in the scenario name": (lambda g: _dump({**_data(g), "scenario": "ro\udc80han"}), "lone surrogate"),
    "control character in a command": (lambda g: _with_entry(g, {"cmd": "pass\x07", "side": "fp"}), "control character"),
    "empty log": (lambda g: _dump({**_data(g), "log": []}), "log is empty"),
    "duplicate key": (lambda g: g.text.replace('"seed":', '"seed":1,"seed":', 1), "appears twice"),
    "unknown top-level key": (lambda g: _dump({**_data(g), "comment": "hand-edited"}), "unknown key 'comment'"),
    "unknown key in a log entry": (lambda g: _dump({**_data(g), "log": [{**e, "note": 1} if i == 3 else e
                                                                        for i, e in enumerate(_data(g)["log"])]}),
                                   "unknown key 'note'"),
    "parameter the command does not use": (lambda g: _with_entry(g, {"cmd": "adjust_fate", "side": "players",
                                                                    "to": 1, "region": g.fp_region}),
                                           "takes no parameter 'region'"),
    "10^12 leaders": (lambda g: _with_entry(g, {"cmd": "adjust_leaders", "side": "players", "region": g.fp_region,
                                                "n": 10 ** 12}), "leader figures"),
    "10^12 dice": (lambda g: _with_entry(g, {"cmd": "adjust_dice", "side": "players", "owner": "sh", "n": 10 ** 12}),
                   "keeps them between 1 and"),
    "log of 40,000 entries": (lambda g: _long_log(g, 40_000), "more than the 10,000"),
    # a branch's origin (issue 15): {"source": the original's save name, "entry": N}
    "origin not a mapping": (lambda g: _dump({**_data(g), "origin": "rohan.json"}), "'origin' is bad"),
    "origin without a source": (lambda g: _dump({**_data(g), "origin": {"entry": 3}}), "'source' must be"),
    "origin with an empty source": (lambda g: _dump({**_data(g), "origin": {"source": " ", "entry": 3}}),
                                    "'source' must be"),
    "origin at entry 0": (lambda g: _dump({**_data(g), "origin": {"source": "a.json", "entry": 0}}),
                          "'entry' must be a whole number from 1"),
    "origin at a text entry": (lambda g: _dump({**_data(g), "origin": {"source": "a.json", "entry": "3"}}),
                               "'entry' must be a whole number"),
    "origin at entry true": (lambda g: _dump({**_data(g), "origin": {"source": "a.json", "entry": True}}),
                             "'entry' must be a whole number"),
    "origin with an unknown key": (lambda g: _dump({**_data(g), "origin": {"source": "a.json", "entry": 3,
                                                                           "by": "me"}}), "unknown key 'by'"),
    "400,000 empty lists": (lambda g: g.text.replace('"log":[', '"log":[' + "[]," * 400_000, 1),
                            "objects and lists, more than"),
}


def write(shape: str, path, good: Good) -> None:
    """Make the bad save `shape` at `path` (any existing file there is replaced)."""
    how = SHAPES[shape][0]
    path = str(path)
    if os.path.lexists(path):
        if os.path.isdir(path) and not os.path.islink(path):
            os.rmdir(path)
        else:
            os.unlink(path)
    if how == "fifo":
        os.mkfifo(path)
    elif how == "folder":
        os.mkdir(path)
    elif how == "sparse":
        from botwotr.persistence.save import MAX_BYTES
        with open(path, "wb") as f:
            f.truncate(MAX_BYTES + 1)
    elif isinstance(how, str) and how.startswith("symlink:"):
        os.symlink(how[len("symlink:"):], path)
    else:
        data = how(good)
        if isinstance(data, str):
            data = data.encode("utf-8")
        with open(path, "wb") as f:
            f.write(data)


def words(shape: str) -> str:
    return SHAPES[shape][1]


def snapshot(path) -> tuple:
    """What a load must leave as it was: the kind of file and, for a regular file, its bytes."""
    path = str(path)
    st = os.lstat(path)
    if os.path.islink(path):
        return ("link", os.readlink(path))
    if os.path.isfile(path) and st.st_size < 50_000_000:
        with open(path, "rb") as f:
            return ("file", f.read())
    return ("other", st.st_mode, st.st_size)


def make_good(spec, seed: int = 9, commands: int = 120) -> Good:
    """A real game of `spec` (started with player names), stopped outside a battle."""
    import random

    from botwotr.core import Game
    from botwotr.persistence import save as saves
    g = Game.new(spec, seed=seed, options={"players": {"fp": "Ann", "sh": "Bo"}})
    rng = random.Random(seed)
    while not g.state["winner"] and (len(g.log) < commands or g.state["battle"] is not None):
        g.submit(rng.choice(g.legal_commands()))
    region = next(r for r, reg in sorted(g.state["regions"].items()) if reg["side"] == "fp" and reg["units"])
    return Good(saves.dumps(g), region)
