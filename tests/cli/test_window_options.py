"""`botwotr` with no subcommand opens the window; its own options (`--size`, `--lang`) reach it
(they were refused by the command-line parser before)."""

from __future__ import annotations

import pytest

from botwotr import cli


@pytest.mark.parametrize(
    "argv, want",
    [
        ([], []),
        (["--lang", "ru"], ["--lang", "ru"]),
        (["--size", "1280x720"], ["--size", "1280x720"]),
        (["--size", "1600x900", "--lang", "pt_BR"], ["--size", "1600x900", "--lang", "pt_BR"]),
    ],
)
def test_the_window_options_reach_the_window(monkeypatch, argv, want):
    import botwotr.ui.app as app

    seen = []
    monkeypatch.setattr(app, "run", lambda a: seen.append(a) or 0)
    assert cli.main(argv) == 0
    assert seen == [want]


def test_a_subcommand_still_works_beside_them(capsys):
    assert cli.main(["validate", "rohan"]) == 0
    assert "rohan" in capsys.readouterr().out
