"""`botwotr export` and render_position: a PNG of the requested size, no window, secrets hidden."""

import os
import random

import pygame
import pytest

from botwotr.cli import main
from botwotr.core import Game
from botwotr.core.state import clone
from botwotr.persistence.save import save
from botwotr.ui.layouts import layout_for
from botwotr.ui.render import render_position


def _played(spec, n=14, seed=5):
    g = Game.new(spec, seed=seed)
    rnd = random.Random(seed)
    for _ in range(n):
        legal = g.legal_commands()
        if not legal:
            break
        g.submit(rnd.choice(legal))
    return g


def test_export_writes_a_png_of_the_size(rohan, tmp_path, capsys):
    g = _played(rohan)
    path = tmp_path / "game.json"
    save(g, path)
    out = tmp_path / "pos.png"
    assert main(["export", str(path), "--out", str(out), "--size", "800x450"]) == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (800, 450)
    out2 = tmp_path / "early.png"
    assert main(["export", str(path), "--out", str(out2), "--at", "1", "--seat", "shadow", "--size", "640x480"]) == 0
    assert pygame.image.load(str(out2)).get_size() == (640, 480)


@pytest.mark.parametrize(
    "content, words",
    [
        (None, "cannot be read"),
        ("not json", "not a readable save"),
        ('{"format": "other"}', "not a botwotr save"),
    ],
)
def test_export_bad_save_is_a_clear_message(tmp_path, capsys, content, words):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content)
    rc = main(["export", str(path), "--out", str(tmp_path / "x.png")])
    err = capsys.readouterr().err
    assert rc == 2
    assert words in err and "Traceback" not in err
    assert not (tmp_path / "x.png").exists()


def test_export_bad_arguments(rohan, tmp_path, capsys):
    g = _played(rohan, n=2)
    path = tmp_path / "g.json"
    save(g, path)
    assert main(["export", str(path), "--out", str(tmp_path / "x.png"), "--at", "999"]) == 2
    assert "out of range" in capsys.readouterr().err
    assert main(["export", str(path), "--out", str(tmp_path / "x.png"), "--size", "big"]) == 2
    assert main(["export", str(path), "--out", str(tmp_path / "nofolder" / "x.png")]) == 2


def _swap_secrets(state, spec):
    """The same public position with different hidden cards and face-down tokens."""
    s = clone(state)
    for side in ("fp", "sh"):
        hand = s["sides"][side]["hand"]
        others = [c for c in spec.cards if c not in hand]
        s["sides"][side]["hand"] = others[: len(hand)]
    for reg in s["regions"].values():
        for side in ("fp", "sh"):
            toks = reg["rtokens"][side]
            units = [u for u, us in spec.units.items() if us.side == side]
            reg["rtokens"][side] = [units[(units.index(t) + 1) % len(units)] if t in units else t for t in toks]
    return s


def test_public_view_hides_hands_and_tokens(rohan):
    pygame.font.init()
    g = _played(rohan, n=6)
    layout = layout_for(rohan)
    real = g.state
    fake = _swap_secrets(real, rohan)
    assert fake != real
    size = (960, 540)
    pub_real = pygame.image.tobytes(render_position(real, rohan, layout, size, "public"), "RGB")
    pub_fake = pygame.image.tobytes(render_position(fake, rohan, layout, size, "public"), "RGB")
    assert pub_real == pub_fake, "the public picture must not depend on hidden information"
    free_real = pygame.image.tobytes(render_position(real, rohan, layout, size, "free"), "RGB")
    free_fake = pygame.image.tobytes(render_position(fake, rohan, layout, size, "free"), "RGB")
    assert free_real != free_fake, "the Free Peoples see their own hand"


def test_export_refuses_sizes_below_640x360_with_a_clear_message(rohan, tmp_path, capsys):
    g = _played(rohan, n=2)
    path = tmp_path / "g.json"
    save(g, path)
    for size in ("100x100", "639x480", "800x359", "99999x1080"):
        assert main(["export", str(path), "--out", str(tmp_path / "x.png"), "--size", size]) == 2
        err = capsys.readouterr().err
        assert f"--size {size} is out of range: from 640x360 to 16384x16384 pixels" in err, err
        assert "Traceback" not in err
    assert not (tmp_path / "x.png").exists()
    assert main(["export", str(path), "--out", str(tmp_path / "x.png"), "--size", "640x360"]) == 0
    assert pygame.image.load(str(tmp_path / "x.png")).get_size() == (640, 360)


def test_export_turn_and_phase_pick_the_first_position_of_that_turn_and_phase(rohan, tmp_path, capsys):
    """`--turn T` is the first position of turn T; `--phase P` the first of that phase in it. The
    picture is the one `--at N` gives for that position."""
    from botwotr.persistence.save import load
    from botwotr.catalog import spec_for
    from botwotr.ui.export import position_index

    g = _played(rohan, n=120, seed=6)
    path = tmp_path / "g.json"
    save(g, path)
    game = load(path, spec_for)
    last_turn = game.state["turn"]
    assert last_turn >= 2
    n = position_index(game, turn=2)
    assert game.state_at(n)["turn"] == 2 and game.state_at(n - 1)["turn"] == 1
    m = position_index(game, turn=2, phase="actions")
    assert game.state_at(m)["turn"] == 2 and game.state_at(m)["phase"] == "actions"
    assert all(game.state_at(i)["phase"] != "actions" for i in range(n, m))
    a, b = tmp_path / "turn.png", tmp_path / "at.png"
    assert main(["export", str(path), "--out", str(a), "--turn", "2", "--phase", "actions", "--size", "640x360"]) == 0
    assert main(["export", str(path), "--out", str(b), "--at", str(m), "--size", "640x360"]) == 0
    assert a.read_bytes() == b.read_bytes()
    capsys.readouterr()
    assert main(["export", str(path), "--out", str(a), "--turn", str(last_turn + 5)]) == 2
    assert f"is not in the save: it reaches turn {last_turn}" in capsys.readouterr().err
    assert main(["export", str(path), "--out", str(a), "--turn", "2", "--phase", "lunch"]) == 2
    assert "'lunch' is not a phase" in capsys.readouterr().err
    assert main(["export", str(path), "--out", str(a), "--phase", "actions"]) == 2
    assert "--phase needs --turn" in capsys.readouterr().err
    with pytest.raises(SystemExit):  # argparse: --at and --turn exclude each other
        main(["export", str(path), "--out", str(a), "--at", "1", "--turn", "2"])


import bad_save_shapes as shapes  # noqa: E402


@pytest.fixture(scope="module")
def good_save(rohan):
    return shapes.make_good(rohan)


@pytest.mark.parametrize("shape", list(shapes.SHAPES))
def test_export_refuses_every_bad_save_shape_with_one_line(tmp_path, capsys, good_save, shape):
    """Issue 9's shapes through `botwotr export`: exit code 2, one line naming the file and the
    problem, no traceback, no picture, the save untouched (a FIFO does not hang it)."""
    path = tmp_path / "bad.json"
    shapes.write(shape, path, good_save)
    before = shapes.snapshot(path)
    out = tmp_path / "x.png"
    assert main(["export", str(path), "--out", str(out), "--size", "640x360"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"botwotr export: {path}: ") and shapes.words(shape) in err, err
    assert "Traceback" not in err and err.count("\n") == 1
    assert not out.exists()
    assert shapes.snapshot(path) == before


def test_export_of_an_autosave_shows_the_moves_in_its_journal(rohan, tmp_path, monkeypatch, capsys):
    """An autosave holds its latest moves in its journal (issue 11): the export draws them."""
    from botwotr.persistence import autosave
    from botwotr.ui import render

    g = _played(rohan, n=3)
    path = autosave.autosave(g, tmp_path)
    rnd = random.Random(2)
    for _ in range(4):
        g.submit(rnd.choice(g.legal_commands()))
        autosave.autosave(g, tmp_path)
    assert autosave.journal_of(path).exists()
    seen = []
    real = render.render_position
    monkeypatch.setattr(
        render, "render_position", lambda game, *a, **kw: seen.append(len(game.log)) or real(game, *a, **kw)
    )
    assert main(["export", str(path), "--out", str(tmp_path / "x.png"), "--size", "800x450"]) == 0
    assert seen == [len(g.log)]


def test_the_command_in_its_own_process_leaves_out_unused_pygame_and_draws_the_same(rohan, tmp_path):
    """Issue 11: `botwotr export` as a whole command starts pygame without the modules a picture
    needs none of (the mixer, the clipboard, ...: botwotr.ui.export.UNUSED_PYGAME) and without the
    computer opponent's module (and its `multiprocessing`), prints no
    warning about them, and writes byte for byte the PNG the same export writes in a process where
    the whole of pygame is loaded (this one)."""
    import subprocess
    import sys

    g = _played(rohan)
    path = tmp_path / "game.json"
    save(g, path)
    here, there = tmp_path / "here.png", tmp_path / "there.png"
    assert main(["export", str(path), "--out", str(here), "--size", "960x540", "--lang", "en"]) == 0
    code = (
        "import sys\n"
        "from botwotr.cli import main\n"
        f"rc = main(['export', {str(path)!r}, '--out', {str(there)!r}, '--size', '960x540', '--lang', 'en'])\n"
        "unused = ('pygame.mixer', 'pygame.scrap', 'pygame.system', 'botwotr.ui.computer', 'multiprocessing')\n"
        "left_out = [m for m in unused if sys.modules.get(m) is not None]\n"
        "print(left_out)\n"
        "sys.exit(rc)\n"
    )
    r = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "BOTWOTR_HOME": str(tmp_path / "home")},
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().splitlines()[-1] == "[]"  # none of them loaded
    assert "Warning" not in r.stderr and "halted" not in r.stderr, r.stderr
    assert there.read_bytes() == here.read_bytes()
