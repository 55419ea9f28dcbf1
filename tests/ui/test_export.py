"""`botwotr export` and render_position: a PNG of the requested size, no window, secrets hidden."""
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
    assert main(["export", str(path), "--out", str(out2), "--at", "1", "--seat", "shadow",
                 "--size", "640x480"]) == 0
    assert pygame.image.load(str(out2)).get_size() == (640, 480)


@pytest.mark.parametrize("content, words", [
    (None, "cannot be read"),
    ("not json", "not a readable save"),
    ('{"format": "other"}', "not a botwotr save"),
])
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
        s["sides"][side]["hand"] = others[:len(hand)]
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
