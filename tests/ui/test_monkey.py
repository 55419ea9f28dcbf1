"""The whole window, from the title screen, fed random input (`bench/monkey.py`, which runs it
longer): clicks (mostly on widgets), moves, drags, the wheel, keys, typed text and resizes, with
saves to find. No frame fails (the window's crash boundary catches nothing), and nothing is
printed to stderr (a worker process's traceback is outside that boundary: session 11's monkey
found the computer's worker printing one when the game went back to the title while it
thought)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import monkey  # noqa: E402  (bench/monkey.py)


def test_random_input_from_the_title_screen_never_fails_the_window(tmp_path, capfd):
    ok, scenes = monkey.one(seed=41, frames=900, size=(1280, 720), home=str(tmp_path))
    err = capfd.readouterr().err
    assert ok
    assert "Traceback" not in err, err
    # (the title, a game, and the scenes a game opens or the title lists: reached in 900 frames)
    assert {"TitleScene", "GameScene", "LoadScene", "MenuScene"} <= scenes, scenes
