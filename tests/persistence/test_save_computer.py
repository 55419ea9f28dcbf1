"""A save remembers the side the computer plays, its level and the hints taken (issue 13); saves
without them load as before, and bad values are refused with the file and the key named."""
from __future__ import annotations

import json

import pytest

from botwotr.persistence import autosave as auto
from botwotr.persistence import save as saves
from helpers import new_game, scenario_spec


def spec_for(name):
    if name != scenario_spec().id:
        raise KeyError(name)
    return scenario_spec()


def played(steps=30):
    g = new_game(3)
    for _ in range(steps):
        g.submit(g.legal_commands()[0])
    return g


def test_computer_and_hints_round_trip(tmp_path):
    g = played()
    g.computer = {"sh": "hard"}
    g.hints = [{"entry": 5, "side": "fp"}, {"entry": 5, "side": "fp"}, {"entry": 20, "side": "fp"}]
    path = tmp_path / "g.json"
    saves.save(g, path)
    data = json.loads(path.read_text())
    assert data["computer"] == {"sh": "hard"} and len(data["hints"]) == 3
    back = saves.load(path, spec_for)
    assert back.computer == {"sh": "hard"} and back.hints == g.hints


def test_an_old_save_without_them_loads_as_before(tmp_path):
    g = played()
    path = tmp_path / "old.json"
    saves.save(g, path)
    data = json.loads(path.read_text())
    assert "computer" not in data and "hints" not in data
    back = saves.load(path, spec_for)
    assert not getattr(back, "computer", None) and not getattr(back, "hints", None)


@pytest.mark.parametrize(
    "key, value, match",
    [
        ("computer", "hard", "'computer' is bad: it must be a mapping"),
        ("computer", {}, r"'computer' is bad: it must be a mapping of the side \(or both sides\)"),
        ("computer", {"sh": "hard", "fp": "easy", "x": "easy"}, "it must be a mapping of the side"),
        ("computer", {"shadow": "hard"}, "the side must be 'fp' or 'sh', not 'shadow'"),
        ("computer", {"sh": "brutal"}, "the level must be one of easy, normal, hard, not 'brutal'"),
        ("computer", {"sh": 3}, "the level must be one of"),
        ("hints", {"entry": 3}, "'hints' is bad: it must be a list"),
        ("hints", [3], "hint 0 is bad: it must be a mapping"),
        ("hints", [{"entry": 3, "side": "fp", "move": "x"}], "hint 0 is bad: unknown key 'move'"),
        ("hints", [{"entry": 3, "side": "both"}], "hint 0 is bad: 'side' must be 'fp' or 'sh'"),
        ("hints", [{"entry": 0, "side": "fp"}], "hint 0 is bad: 'entry' must be a whole number from 1 to 31"),
        ("hints", [{"entry": 99, "side": "fp"}], "from 1 to 31"),
        ("hints", [{"entry": True, "side": "fp"}], "'entry' must be a whole number"),
        ("hints", [{"entry": 9, "side": "fp"}, {"entry": 4, "side": "fp"}], "hint 1 is bad: 'entry' must be a whole number from 9 to 31"),
    ],
)
def test_bad_values_are_refused_naming_the_key(tmp_path, key, value, match):
    g = played()
    data = saves.to_dict(g)
    data[key] = value
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(saves.SaveError, match=match) as err:
        saves.load(path, spec_for)
    assert str(path) in str(err.value)
    with pytest.raises(saves.SaveError, match=match):
        auto.load_path(path, spec_for)


def test_the_autosave_keeps_them_with_its_journal(tmp_path):
    g = played(steps=10)
    g.computer = {"fp": "easy"}
    path = auto.autosave(g, tmp_path)
    for _ in range(5):  # appended to the journal
        g.submit(g.legal_commands()[0])
        auto.autosave(g, tmp_path)
    assert auto.journal_of(path).exists()
    g.hints = [{"entry": len(g.log), "side": "sh"}]  # a hint: the save is written whole
    auto.autosave(g, tmp_path)
    assert json.loads(path.read_text())["hints"] == [{"entry": 16, "side": "sh"}]
    g.submit(g.legal_commands()[0])
    auto.autosave(g, tmp_path)
    back = auto.load_path(path, spec_for)
    assert len(back.log) == len(g.log) and back.computer == {"fp": "easy"} and back.hints == g.hints
    latest, problems = auto.load_latest(spec_for, tmp_path)
    assert latest.computer == {"fp": "easy"} and not problems


def test_hints_past_an_undo_are_not_written(tmp_path):
    g = played(steps=10)
    g.hints = [{"entry": 4, "side": "fp"}, {"entry": len(g.log), "side": "fp"}]
    g.undo()
    data = saves.to_dict(g)
    assert data["hints"] == [{"entry": 4, "side": "fp"}]


def test_both_sides_computer_is_kept(tmp_path):
    """The computer playing both sides (the game plays itself in the window): both levels kept."""
    g = played()
    g.computer = {"fp": "easy", "sh": "hard"}
    path = tmp_path / "watch.json"
    saves.save(g, path)
    assert json.loads(path.read_text())["computer"] == {"fp": "easy", "sh": "hard"}
    assert saves.load(path, spec_for).computer == {"fp": "easy", "sh": "hard"}
