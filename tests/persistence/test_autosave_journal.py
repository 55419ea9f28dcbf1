"""The autosave journal (issue 11): after a command only the new log entries are appended; the
whole game is written again rarely (compaction); a torn or garbled journal tail is refused with a
`JournalError` naming the line and the good prefix is kept; loading verifies like `save.load`."""

from __future__ import annotations

import json
import os
import random
import zlib

import pytest

from botwotr.core import Game
from botwotr.persistence import autosave as A
from botwotr.persistence import save as saves
from helpers import new_game, scenario_spec


def spec_for(name):
    if name != scenario_spec().id:
        raise KeyError(name)
    return scenario_spec()


def step(g: Game, rng: random.Random) -> None:
    g.submit(rng.choice(g.legal_commands()))


def fresh(tmp_path, steps=10, seed=5):
    """A game autosaved after every one of `steps` commands; (game, its file, rng)."""
    g = new_game(seed)
    rng = random.Random(seed)
    path = A.autosave(g, tmp_path)
    for _ in range(steps):
        step(g, rng)
        A.autosave(g, tmp_path)
    return g, path, rng


def journal_lines(path) -> list[bytes]:
    return A.journal_of(path).read_bytes().split(b"\n")[:-1]


def test_a_command_appends_its_entries_and_leaves_the_save_alone(tmp_path):
    g, path, rng = fresh(tmp_path, steps=3)
    base = path.read_bytes()
    before = journal_lines(path)
    step(g, rng)
    assert A.autosave(g, tmp_path) == path
    assert path.read_bytes() == base  # the whole game is not written again
    after = journal_lines(path)
    assert after[: len(before)] == before and len(after) == len(before) + 1
    assert after[-1].split(b" ", 2)[1] == str(len(g.log) - 1).encode()  # the line names its entry
    # the save alone is still a good save: a prefix of the game
    alone = saves.load(path, spec_for)
    assert alone.log == g.log[: len(alone.log)] and len(alone.log) < len(g.log)
    # with its journal it is the whole game, verified by replay
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(g.log))
    # nothing is written while nothing changed
    assert A.autosave(g, tmp_path) == path and journal_lines(path) == after


def test_the_game_is_written_whole_rarely(tmp_path, monkeypatch):
    monkeypatch.setattr(A, "JOURNAL_MIN", 4)
    g = new_game(7)
    rng = random.Random(7)
    path = A.autosave(g, tmp_path)
    writes = 0
    last = path.read_bytes()
    for _ in range(200):
        if g.state["winner"]:
            break
        step(g, rng)
        A.autosave(g, tmp_path)
        now = path.read_bytes()
        if now != last:
            writes += 1
            last = now
            assert not A.journal_of(path).exists()  # compacted: the journal starts again
            assert saves.load(path, spec_for).log == json.loads(json.dumps(g.log))
    n = len(g.log)
    assert n > 60
    # the journal grows to the size of the save before it is folded in: ~log2(n) whole writes
    assert writes <= n.bit_length() + 1, (writes, n)
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(g.log))


def test_a_compaction_writes_the_entries_as_written_before_without_encoding_them_again(tmp_path, monkeypatch):
    """The save written whole is the same text as `save.dumps` of the game (its SHA-256 is what the
    next journal names), and only the entries not yet on disk are encoded for it: the frame after
    a command that compacts does not encode the whole log (issue 11). After an undo it is encoded
    whole again, and is still the same text."""
    monkeypatch.setattr(A, "JOURNAL_MIN", 4)
    encoded = [0]  # characters of JSON encoded (by the save and the journal alike)
    inner = json.dumps

    def counted(*a, **k):
        text = inner(*a, **k)
        encoded[0] += len(text)
        return text

    monkeypatch.setattr(json, "dumps", counted)
    g = new_game(7)
    rng = random.Random(7)
    path = A.autosave(g, tmp_path)
    last, compactions = path.read_bytes(), 0
    for _ in range(150):
        if g.state["winner"]:
            break
        before = len(g.log)
        step(g, rng)
        encoded[0] = 0
        A.autosave(g, tmp_path)
        spent = encoded[0]
        now = path.read_bytes()
        new = sum(len(saves.entry_text(e)) for e in g.log[before - 1 :])  # (and the last one checked)
        if now != last:
            compactions += 1
            last = now
            assert now == saves.dumps(g).encode("utf-8")
            # the new entry, the last entry's check and record, the save's head: not the log again
            assert spent < 3 * new + 500 < len(now), (spent, new, len(now))
    assert compactions >= 2
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(g.log))
    while not g.can_undo():
        step(g, rng)
        A.autosave(g, tmp_path)
    g.undo()
    encoded[0] = 0
    A.autosave(g, tmp_path)
    spent, written = encoded[0], path.read_bytes()
    assert spent >= len(written) and written == saves.dumps(g).encode("utf-8")
    step(g, rng)
    A.autosave(g, tmp_path)
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(g.log))


def test_undo_writes_the_game_whole(tmp_path):
    g, path, rng = fresh(tmp_path, steps=6)
    while not g.can_undo():
        step(g, rng)
        A.autosave(g, tmp_path)
    g.undo()
    A.autosave(g, tmp_path)
    assert not A.journal_of(path).exists()
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(g.log))
    step(g, rng)  # and the journal goes on from there
    A.autosave(g, tmp_path)
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(g.log))


def test_a_reopened_game_goes_on_in_its_journal(tmp_path):
    g, path, rng = fresh(tmp_path, steps=5)
    base = path.read_bytes()
    again = A.load_path(path, spec_for)
    assert again.log == json.loads(json.dumps(g.log)) and A.journal_problem(again) is None
    step(again, rng)
    A.autosave(again, tmp_path)
    assert path.read_bytes() == base
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(again.log))


def test_a_torn_tail_at_every_byte_keeps_the_good_prefix(tmp_path):
    g, path, rng = fresh(tmp_path, steps=4)
    jpath = A.journal_of(path)
    whole = jpath.read_bytes()
    lines = journal_lines(path)
    start = len(whole) - len(lines[-1]) - 1  # where the last line begins
    for cut in range(start + 1, len(whole)):  # every cut inside the last line (its newline too)
        jpath.write_bytes(whole[:cut])
        game = A.load_path(path, spec_for)
        assert game.log == json.loads(json.dumps(g.log[:-1]))  # the prefix, never a half entry
        problem = A.journal_problem(game)
        assert isinstance(problem, A.JournalError) and problem.good == len(lines) - 2
        assert str(jpath) in str(problem) and f"line {len(lines)}" in str(problem)
        assert "torn" in str(problem) or "garbled" in str(problem)
    # Continue says so; the next command writes the game whole again, the tail gone
    jpath.write_bytes(whole[: start + 7])
    game, problems = A.load_latest(spec_for, tmp_path)
    assert len(game.log) == len(g.log) - 1 and problems and "torn" in problems[0]
    step(game, rng)
    A.autosave(game, tmp_path)
    assert not jpath.exists()
    reopened = A.load_path(path, spec_for)
    assert reopened.log == json.loads(json.dumps(game.log)) and A.journal_problem(reopened) is None


def _rewrite_line(jpath, k: int, record: str) -> None:
    lines = jpath.read_bytes().split(b"\n")[:-1]
    data = record.encode()
    lines[k] = f"{zlib.crc32(data):08x} ".encode() + data
    jpath.write_bytes(b"\n".join(lines) + b"\n")


@pytest.mark.parametrize(
    "shape, words",
    [
        ("flipped byte", "garbled"),
        ("edited die, checksum made good", "does not replay"),
        ("unknown key", "not a log entry"),
        ("control character", "not valid"),
        ("out of order", "out of order"),
        ("duplicated key", "not valid"),
        ("huge number", "not valid"),
    ],
)
def test_a_garbled_line_is_refused_and_the_lines_before_it_kept(tmp_path, shape, words):
    g, path, rng = fresh(tmp_path, steps=8)
    jpath = A.journal_of(path)
    lines = journal_lines(path)
    k = 3  # the third entry line of the journal
    index = int(lines[k].split(b" ", 2)[1])
    entry = json.loads(lines[k].split(b" ", 2)[2])
    if shape == "flipped byte":
        raw = bytearray(jpath.read_bytes())
        at = sum(len(x) + 1 for x in lines[:k]) + 20
        raw[at] ^= 0x01
        jpath.write_bytes(bytes(raw))
    elif shape == "edited die, checksum made good":
        entry["events"].append({"e": "FateMarkerMoved", "from": 0, "to": 3})
        _rewrite_line(jpath, k, f"{index} {json.dumps(entry)}")
    elif shape == "unknown key":
        entry["note"] = "x"
        _rewrite_line(jpath, k, f"{index} {json.dumps(entry)}")
    elif shape == "control character":
        entry["cmd"]["cmd"] = "pass\u0007"
        _rewrite_line(jpath, k, f"{index} {json.dumps(entry)}")
    elif shape == "out of order":
        _rewrite_line(jpath, k, f"{index + 1} {json.dumps(entry)}")
    elif shape == "duplicated key":
        _rewrite_line(jpath, k, f'{index} {{"cmd":{{}},"cmd":{{}},"events":[]}}')
    elif shape == "huge number":
        _rewrite_line(jpath, k, f'{index} {{"cmd":{{"n":{"9" * 40}}},"events":[]}}')
    game = A.load_path(path, spec_for)
    assert game.log == json.loads(json.dumps(g.log[:index]))
    problem = A.journal_problem(game)
    assert isinstance(problem, A.JournalError) and words in str(problem), str(problem)
    assert f"log entry {index}" in str(problem)


def test_a_journal_of_another_save_is_left_out(tmp_path):
    g, path, rng = fresh(tmp_path, steps=4)
    jpath = A.journal_of(path)
    stale = jpath.read_bytes()
    saves.atomic_write(path, saves.dumps(g))  # the whole game written, the journal not yet removed
    jpath.write_bytes(stale)
    game = A.load_path(path, spec_for)
    assert game.log == json.loads(json.dumps(g.log)) and A.journal_problem(game) is None
    step(game, rng)
    A.autosave(game, tmp_path)  # a journal that is not this save's is never appended to
    assert A.load_save(path, spec_for).log == json.loads(json.dumps(game.log))


def test_a_journal_that_is_not_one_is_refused(tmp_path):
    g, path, rng = fresh(tmp_path, steps=2)
    A.journal_of(path).write_bytes(b"hello\n")
    game = A.load_path(path, spec_for)
    assert len(game.log) < len(g.log)  # the save alone
    assert "garbled" in str(A.journal_problem(game))


class Crash(BaseException):
    pass


@pytest.mark.parametrize("where", ["os.link", "os.replace", "os.unlink", "atomic_write", "os.write"])
def test_a_crash_at_any_step_of_a_write_leaves_a_prefix_with_everything_written_before(tmp_path, monkeypatch, where):
    """A crash (an exception standing in for the kill) at the k-th call of each file operation of
    appends and compactions: the game loaded afterwards holds every entry written before and is a
    prefix of the game."""
    monkeypatch.setattr(A, "JOURNAL_MIN", 3)
    monkeypatch.setattr(A, "JOURNAL_RATIO", 0.5)
    crashes = 0
    for k in range(1, 200):
        folder = tmp_path / f"{where}-{k}"
        g = new_game(3)
        rng = random.Random(3)
        path = A.autosave(g, folder)
        saved = len(g.log)
        calls = [0]
        if where == "atomic_write":
            target, name = saves, "atomic_write"
        else:
            target, name = os, where.split(".")[1]
        real = getattr(target, name)

        def failing(*a, real=real, **kw):
            calls[0] += 1
            if calls[0] == k:
                raise Crash()
            return real(*a, **kw)

        with monkeypatch.context() as m:
            m.setattr(target, name, failing)
            try:
                for _ in range(12):
                    step(g, rng)
                    A.autosave(g, folder)
                    saved = len(g.log)
            except Crash:
                crashes += 1
        game = A.load_path(path, spec_for)
        assert len(game.log) >= saved
        assert game.log == json.loads(json.dumps(g.log[: len(game.log)]))
        if calls[0] < k:  # every call of this operation in the 12 commands has been failed once
            break
    assert crashes >= 2 and crashes == k - 1
