"""The computer's worker process (botwotr/ui/computer.py): a separate interpreter answering over a
pipe that the window polls without blocking; cancelled, crashed and stuck workers.

The functions below are what the worker calls here instead of `botwotr.ai.decide` (the worker
imports this module by name), so the plumbing is tested on its own; the real AI is played
through the window in test_computer_games.py."""

import os
import time
from collections import namedtuple

import pytest

from botwotr.ui.computer import Answer, Failure, Thinker, think_seed

Decision = namedtuple("Decision", "command reason iterations")
HERE = __name__


def echo(seen, level, seed, budget, progress):
    for i in range(5):
        progress(i / 5)
        time.sleep(0.01)
    return Decision({"cmd": "pass", "side": seen["seat"], "level": level, "seed": seed}, {"code": "x", "params": {}}, 5)


def endless(seen, level, seed, budget, progress):
    i = 0
    while True:  # stops only by being cancelled (progress raises)
        i += 1
        progress((i % 100) / 100)
        time.sleep(0.005)


def deaf(seen, level, seed, budget, progress):
    progress(0.5)  # it has begun ...
    time.sleep(60)  # ... and never asks progress again: cancelling cannot reach it


def boom(seen, level, seed, budget, progress):
    raise ValueError("no move found")


def die(seen, level, seed, budget, progress):
    os._exit(3)


def wait_for(thinker, limit=20.0):
    """Poll as the window does each frame (never blocking); returns the message and the polls."""
    end = time.monotonic() + limit
    polls = 0
    while time.monotonic() < end:
        polls += 1
        msg = thinker.poll()
        if msg is not None:
            return msg, polls
        time.sleep(0.002)
    raise AssertionError("the worker did not answer")


def until_thinking(thinker, limit=20.0):
    """Poll as the window does until the worker reports progress on the question asked (its
    start takes a moment)."""
    deadline = time.monotonic() + limit
    while thinker.progress == 0 and time.monotonic() < deadline:
        thinker.poll()
        time.sleep(0.005)


@pytest.fixture
def thinker_for():
    made = []

    def make(fn):
        t = Thinker(target=f"{HERE}:{fn.__name__}")
        made.append(t)
        return t

    yield make
    for t in made:
        t.close()


def test_answer_comes_back_through_the_pipe_with_progress(thinker_for):
    t = thinker_for(echo)
    rid = t.ask({"seat": "sh"}, "normal", 77, None)
    assert t.thinking is not None and t.thinking.rid == rid
    msg, polls = wait_for(t)
    assert isinstance(msg, Answer) and msg.rid == rid
    assert msg.command == {"cmd": "pass", "side": "sh", "level": "normal", "seed": 77}
    assert msg.iterations == 5 and polls > 1  # the window polled many frames meanwhile
    assert t.thinking is None
    assert t.proc.pid != os.getpid()  # another process did the work
    # the worker is kept for the next question
    pid = t.proc.pid
    t.ask({"seat": "fp"}, "easy", 1, None)
    msg, _ = wait_for(t)
    assert msg.command["side"] == "fp" and t.proc.pid == pid


def test_cancel_stops_the_search_and_a_new_question_is_answered(thinker_for):
    t = thinker_for(endless)
    t.ask({"seat": "sh"}, "hard", 1, None)
    until_thinking(t)
    assert t.progress > 0
    t.cancel()
    assert t.thinking is None and t.poll() is None
    t.target = f"{HERE}:endless"
    rid = t.ask({"seat": "sh"}, "hard", 2, None)  # sent once the cancelled search has stopped
    deadline = time.monotonic() + 20
    while not (t.thinking and t.thinking.sent) and time.monotonic() < deadline:
        t.poll()
        time.sleep(0.005)
    assert t.thinking.rid == rid and t.thinking.sent and t.restarts == 0  # stopped by itself


def test_a_worker_that_does_not_listen_is_restarted(thinker_for):
    t = thinker_for(deaf)
    t.stuck_seconds = 0.5
    t.ask({"seat": "sh"}, "hard", 1, None)
    until_thinking(t)
    first = t.proc.pid
    t.ask({"seat": "sh"}, "hard", 2, None)  # the first never stops: the worker is replaced
    deadline = time.monotonic() + 20
    while t.restarts == 0 and time.monotonic() < deadline:
        assert t.poll() is None
        time.sleep(0.01)
    assert t.restarts == 1 and t.proc.pid != first and t.thinking.sent


def test_an_error_of_the_ai_is_told_and_the_worker_goes_on(thinker_for):
    t = thinker_for(boom)
    t.ask({"seat": "sh"}, "hard", 1, None)
    msg, _ = wait_for(t)
    assert isinstance(msg, Failure) and not msg.crashed
    assert "ValueError: no move found" in msg.text
    assert t.alive


def test_a_crashed_worker_is_told_and_started_again(thinker_for):
    t = thinker_for(die)
    t.ask({"seat": "sh"}, "hard", 1, None)
    msg, _ = wait_for(t)
    assert isinstance(msg, Failure) and msg.crashed and "exit code 3" in msg.text
    assert not t.alive and t.thinking is None
    t.target = f"{HERE}:echo"
    t.ask({"seat": "fp"}, "easy", 3, None)  # a new process
    msg, _ = wait_for(t)
    assert isinstance(msg, Answer) and msg.command["side"] == "fp"


def test_an_unknown_function_is_a_clear_failure(thinker_for):
    t = Thinker(target=f"{HERE}:no_such_function")
    try:
        t.ask({"seat": "sh"}, "hard", 1, None)
        msg, _ = wait_for(t)
        assert isinstance(msg, Failure) and msg.crashed and "no_such_function" in msg.text
    finally:
        t.close()


def test_the_seed_is_a_function_of_the_game_seed_and_the_position():
    assert think_seed(7, 40, "sh") == think_seed(7, 40, "sh")
    assert len({think_seed(7, 40, "sh"), think_seed(7, 41, "sh"), think_seed(8, 40, "sh"),
                think_seed(7, 40, "fp"), think_seed(7, 40, "sh", "hint")}) == 5
    assert 0 <= think_seed(7, 40, "sh") < 2**63


def test_the_window_words_for_the_computer():
    from botwotr.ui.logtext import reason_text, table_sentence, thinking_text
    from botwotr.catalog import spec_for

    assert reason_text({"code": "search", "params": {"rollouts": 24}}) == (
        "The best outcome over 24 simulated games from here.")
    assert reason_text({"code": "no_such_code", "params": {}}) == (
        "The hard computer rates this best of what you may do now.")  # an unknown code: a general line
    assert reason_text({"code": "search", "params": {}}).startswith("The hard computer")  # a missing param
    spec = spec_for("rohan")
    move = {"cmd": "move_army", "side": "sh", "from": "isen_vale", "path": ["east_fords"], "units": {"uruk_hai": 3}}
    text = table_sentence(move, spec)
    assert text == "The Shadow moves 3 Uruk-hai from Isen Vale to East Fords.", text
    assert table_sentence({"cmd": "tactic", "side": "sh", "tactic": "regroup"}, spec) == (
        "The Shadow has made its secret choice; it is revealed when yours is entered.")  # never named
    assert thinking_text("fp") == "The Free Peoples are thinking…"


def test_a_worker_whose_window_closed_the_pipe_mid_search_ends_quietly(thinker_for, capfd):
    """The window gone while the computer thinks (the pipe closed, the search cancelled): the
    worker's next message finds no one to read it, and it ends with nothing printed (it printed
    a BrokenPipeError's traceback before, found by playing the window with random input)."""
    t = thinker_for(endless)
    t.ask({"seat": "sh"}, "hard", 1, None)
    until_thinking(t)
    assert t.progress > 0
    proc = t.proc
    t.conn.close()  # the window's end closed ...
    t.wanted.value = 0  # ... and the search given up: the worker says "cancelled" to nobody
    proc.join(20)
    assert proc.exitcode == 0
    err = capfd.readouterr().err
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    t.proc = t.conn = None  # (already ended: nothing for the fixture to close)
