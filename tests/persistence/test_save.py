"""Saves: versioned JSON of the log, verified on load, written atomically."""
from __future__ import annotations

import json
import random

import pytest

from botwotr.core import Game
from botwotr.core.state import canonical
from botwotr.persistence import save as saves
from helpers import new_game, scenario_spec


def played(seed=5, steps=150) -> Game:
    g = new_game(seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.state["winner"]:
            break
        g.submit(rng.choice(g.legal_commands()))
    return g


def spec_for(name):
    if name != scenario_spec().id:
        raise KeyError(name)
    return scenario_spec()


def test_save_load_round_trip(tmp_path):
    g = played()
    path = tmp_path / "game.json"
    saves.save(g, path)
    loaded = saves.load(path, spec_for)
    assert canonical(loaded.state) == canonical(g.state)
    assert loaded.log == json.loads(json.dumps(g.log))
    data = json.loads(path.read_text())
    assert data["format"] == "botwotr-save" and data["version"] == saves.VERSION
    assert data["scenario"] == g.spec.id and data["seed"] == 5


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path):
    g = played(steps=20)
    path = tmp_path / "game.json"
    path.write_text("OLD")
    saves.save(g, path)
    assert json.loads(path.read_text())["format"] == "botwotr-save"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def _refused(tmp_path, text, match):
    path = tmp_path / "bad.json"
    path.write_text(text)
    before = path.read_text()
    with pytest.raises(saves.SaveError, match=match):
        saves.load(path, spec_for)
    assert path.read_text() == before  # nothing on disk is touched


def test_corrupt_saves_are_refused_naming_the_problem(tmp_path):
    g = played()
    good = saves.to_dict(g)
    text = json.dumps(good)
    _refused(tmp_path, text[: len(text) // 2], "not a readable save")
    _refused(tmp_path, "hello", "not a readable save")
    _refused(tmp_path, json.dumps({**good, "seed": "x"}), "'seed'")
    _refused(tmp_path, json.dumps({**good, "version": 99}), "version 99.*version 1")
    _refused(tmp_path, json.dumps({**good, "scenario": "nowhere"}), "unknown scenario")


def _other_content(data: dict, version: str = "0-old") -> dict:
    """The save as an earlier program with other content would have written it: its header's and
    its GameStarted event's content version."""
    data = json.loads(json.dumps(data))
    data["content_version"] = version
    for e in data["log"][0]["events"]:
        if e["e"] == "GameStarted":
            e["content_version"] = version
    return data


def test_a_save_of_other_content_loads_when_every_entry_replays_the_same(tmp_path):
    """A save made with another content version (an earlier program's cards or rules) is the same
    game under this program's content when every entry gives exactly its recorded events: it is
    loaded, and saved again with this content version; one entry that differs refuses it, naming
    both versions and the entry, and nothing on disk changes."""
    g = played()
    data = _other_content(saves.to_dict(g))
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data))
    loaded = saves.load(path, spec_for)
    assert canonical(loaded.state) == canonical(g.state) and len(loaded.log) == len(g.log)
    again = saves.to_dict(loaded)
    assert again["content_version"] == g.spec.content_version
    assert again["log"][0]["events"] == json.loads(json.dumps(g.log[0]["events"]))
    # an entry that gives other events under this content (here: a die result changed)
    for i, entry in enumerate(data["log"]):
        rolled = [e for e in entry["events"] if e["e"] == "DiceRolled" and e["results"]]
        if rolled and i > 0:
            rolled[0]["results"][0] = "eye" if rolled[0]["results"][0] != "eye" else "army"
            break
    _refused(tmp_path, json.dumps(data), rf"content version 0-old, but this program has version "
                                          rf"{g.spec.content_version}, and its log entry {i} does not replay")
    # the GameStarted event differing in more than its content version is still a difference
    bad = _other_content(saves.to_dict(g))
    next(e for e in bad["log"][0]["events"] if e["e"] == "GameStarted")["seed"] = 6
    _refused(tmp_path, json.dumps(bad), "log entry 0 does not replay")


def test_edited_die_result_is_refused_naming_the_entry(tmp_path):
    g = played()
    data = saves.to_dict(g)
    data = json.loads(json.dumps(data))
    for i, entry in enumerate(data["log"]):
        for e in entry["events"]:
            if e["e"] == "DiceRolled" and e["results"]:
                e["results"][0] = "eye" if e["results"][0] != "eye" else "army"
                _refused(tmp_path, json.dumps(data), f"log entry {i} is bad")
                return
    pytest.fail("no roll in the game")


def test_illegal_command_spliced_in_is_refused(tmp_path):
    g = played()
    data = json.loads(json.dumps(saves.to_dict(g)))
    data["log"].insert(3, {"cmd": {"cmd": "adjust_fate", "side": "players", "to": 999}, "events": []})
    _refused(tmp_path, json.dumps(data), "log entry 3 is bad: the command is refused")


def test_replay_equals_live_state_and_undo_redo():
    g = played(seed=9, steps=120)
    assert g.fold() == g.state
    again = Game.replay(g.spec, g.seed, json.loads(json.dumps(g.log)))
    assert canonical(again.state) == canonical(g.state)


def test_the_bounds_are_inclusive_and_a_save_at_them_loads(tmp_path):
    """A save padded with whitespace to exactly MAX_BYTES loads. Nesting of exactly MAX_DEPTH
    levels passes the depth check (the entry is then refused for its shape), one more does not."""
    g = played(steps=30)
    text = saves.dumps(g)
    path = tmp_path / "big.json"
    path.write_text(text + " " * (saves.MAX_BYTES - len(text.encode("utf-8"))), encoding="utf-8")
    assert path.stat().st_size == saves.MAX_BYTES
    loaded = saves.load(path, spec_for)
    assert canonical(loaded.state) == canonical(g.state)
    data = json.loads(text)
    deep = nested = []
    for _ in range(saves.MAX_DEPTH - 2):  # the top object and the log list are two levels
        nested.append([])
        nested = nested[0]
    data["log"] = [deep] + data["log"]
    with pytest.raises(saves.SaveError, match="log entry 0 is bad: an entry holds"):
        saves.parse(json.dumps(data), "x")  # past the depth check: refused for its shape only
    nested.append([])
    with pytest.raises(saves.SaveError, match="nested more than 32 levels"):
        saves.parse(json.dumps(data), "x")


def test_a_file_that_is_not_regular_is_never_opened(tmp_path, monkeypatch):
    """A FIFO is refused from its stat alone: `os.open` is never called on it."""
    import os
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    opened = []
    real_open = os.open
    monkeypatch.setattr(os, "open", lambda p, *a, **k: opened.append(p) or real_open(p, *a, **k))
    with pytest.raises(saves.SaveError, match="named pipe"):
        saves.load(fifo, spec_for)
    assert opened == []
