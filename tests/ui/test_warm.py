"""The warm-up of a freshly opened game window (botwotr/ui/warm.py, issue 11): its idle frames make
what the first commands would (the hotseat cover, the board's pieces at its zoom, the status bar's
token, the first battle's module and fonts), so those frames make nothing new of it; the pictures
are the same as without the warm-up; nothing of it is on the screen or tells a secret."""

from __future__ import annotations

import random

import pygame

from botwotr.core import Game
from botwotr.ui import pieces
from botwotr.ui import resources as res
from botwotr.ui.scenes import game as game_scene
from botwotr.ui.scenes.game import GameScene
from conftest import random_command
from test_secrecy import Recorder, Secrets, leaks

# where a piece's sprite, made in a command's frame, was warmable: the board (its pieces, a moving
# group), the hotseat cover, the status bar (what a decision panel draws depends on its tiles)
WARMABLE = {"_draw_item", "draw_group", "_draw_curtain", "draw_status_bar"}


def _pixels(surface, rect=None) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect) if rect else surface, "RGB")


def _window(make_app, rohan, warm: bool):
    res.clear()  # (a fresh process's caches: what earlier tests drew is not there)
    app = make_app((1280, 720))
    scene = GameScene(app, Game.new(rohan, seed=7), mode="hotseat")
    if not warm:
        scene._warm = None
    app.push(scene)
    return app, scene


def paced_clock(step=0.0001):
    """A build clock that reads `step` seconds more at each reading: the work a frame's share
    (`build_seconds`, the warm-up's and the drawn-ahead picture's) takes is counted in readings,
    the same on a loaded machine as on a quiet one."""
    ticks = [0.0]

    def clock() -> float:
        ticks[0] += step
        return ticks[0]

    return clock


def _settle(app, scene, limit=600):
    for _ in range(limit):
        app.step([])
        if not (scene.warming or scene.board.smoothing or scene.panels_settling):
            return
    raise AssertionError("the window did not settle")


def _first_commands(app, scene, n, monkeypatch):
    """Play `n` random commands (seed 7) with frames between, the cover drawn before it is lifted;
    returns the functions that made each piece sprite, icon or font in those frames, and the
    window's last picture."""
    made = []
    sprite, icon, font = pieces._token_sprite, res.icon, res.font

    def where():
        import inspect

        return {f.function for f in inspect.stack()[2:14]}

    def counted_sprite(*a, **k):
        made.append(("sprite", where()))
        return sprite(*a, **k)

    monkeypatch.setattr(pieces, "_token_sprite", counted_sprite)
    rng = random.Random(7)
    icons0, fonts0 = len(res._icons), len(res._fonts)
    for _ in range(n):
        for _k in range(3):  # (a cover comes down in the command's frame: drawn, then lifted)
            if scene.curtain:
                app.step([])
                scene.lift_curtain()
            app.step([])
        scene.submit(random_command(scene.game, rng))
        app.step([])
        scene.animator.finish()
    app.step([])
    monkeypatch.setattr(pieces, "_token_sprite", sprite)
    assert res.icon is icon and res.font is font
    return made, len(res._icons) - icons0, len(res._fonts) - fonts0, _pixels(app.screen)


def test_the_idle_frames_after_opening_make_what_the_first_commands_and_the_covers_draw(make_app, rohan, monkeypatch):
    app, scene = _window(make_app, rohan, warm=True)
    app.step([])
    assert scene.warming and scene.warm_spent == 0  # (nothing of it in the opening's frame)
    _settle(app, scene)
    assert not scene.warming and scene.warm_spent > 0
    warm_made, warm_icons, _warm_fonts = _first_commands(app, scene, 12, monkeypatch)[:3]
    warm_picture = _pixels(app.screen)
    app.close()

    app, scene = _window(make_app, rohan, warm=False)
    _settle(app, scene)
    cold_made, cold_icons, _cold_fonts = _first_commands(app, scene, 12, monkeypatch)[:3]
    cold_picture = _pixels(app.screen)

    def warmable(made):
        return [w for kind, w in made if w & WARMABLE]

    # without the warm-up those frames made the board's, the cover's and the bar's sprites ...
    assert len(warmable(cold_made)) >= 4, cold_made
    # ... with it, none of them (the decision panels' own sprites are still made there)
    assert warmable(warm_made) == [], warmable(warm_made)
    assert warm_icons < cold_icons
    # and the same picture as drawn cold, pixel for pixel
    assert warm_picture == cold_picture


def test_the_warm_up_draws_nothing_on_the_screen_and_no_secret(make_app, rohan):
    """Either player may be at a hotseat screen while it warms: no text of a hand or a private log
    line is rendered by it, and the window's picture is what the frame drew without it."""
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=7)
    rng = random.Random(7)
    for _ in range(40):  # (hands dealt, cards drawn, some played)
        g.submit(random_command(g, rng))
    res.clear()
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    secrets = Secrets(g)
    for _ in range(3):
        app.step([])
    warm = scene._warm
    scene._warm = None
    _settle(app, scene)
    still = _pixels(app.screen)
    rec = Recorder().install()
    try:
        scene._warm = warm
        steps = 0
        while scene.warming and steps < 600:
            app.step([])
            steps += 1
            assert _pixels(app.screen) == still, steps
        texts, faces, tiles = rec.take()
    finally:
        rec.uninstall()
    assert not scene.warming and steps > 1  # (over several frames)
    assert texts  # (the cover's texts, the name tags: what it rendered was recorded)
    assert not leaks(g, secrets, texts, faces, tiles, {"fp", "sh"})
    assert not faces


def test_the_cover_veil_in_bands_is_the_window_sized_veil(make_app, rohan, monkeypatch):
    """The hotseat cover's veil is a band of it blitted down the window: the picture is, pixel for
    pixel, the one a single window-sized veil draws (a band as high as the window)."""
    app = make_app((1280, 720))
    scene = GameScene(app, Game.new(rohan, seed=7), mode="hotseat")
    app.push(scene)
    app.step([])
    assert scene.curtain
    app.step([])
    banded = _pixels(app.screen)
    monkeypatch.setattr(game_scene, "VEIL_ROWS", app.screen.get_height())
    scene._veil_band = None
    app.step([])
    assert scene._veil_band.get_size() == app.screen.get_size()  # (the veil made as before)
    assert _pixels(app.screen) == banded


def _letters_of_language(lang: str) -> set:
    """Every character the window's texts in `lang` are made of: its catalogue's messages (the
    English ids for English) and both scenarios' content in that language (the data files for
    English, their translation files for the others)."""
    from pathlib import Path

    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[2] / "botwotr"
    po = root / "ui" / "locale" / ("botwotr.pot" if lang == "en" else f"{lang}/LC_MESSAGES/botwotr.po")
    letters: set = set()
    with open(po, "rb") as fh:
        for m in read_po(fh):
            texts = [m.id if lang == "en" else m.string]
            for t in texts:
                for one in t if isinstance(t, tuple) else (t,):
                    letters.update(one or "")
    files = (
        sorted((root / "data").glob("*/*.yaml"))
        if lang == "en"
        else sorted((root / "data").glob(f"*/i18n/{lang.replace('_', '-')}.yaml"))
    )
    assert files
    for f in files:
        letters.update(f.read_text(encoding="utf-8"))
    return letters - set("\n\t\r")


def test_the_glyph_warm_up_holds_every_letter_of_each_languages_texts():
    """The warm-up loads a language's letters into each font (`warm.glyphs`), so that a panel's
    first sentence at a size does not load them in a command's frame (issue 11): a letter that a
    catalogue or a scenario's text uses, and the list lacks, would be loaded there again."""
    from botwotr.ui.i18n import LANGUAGES
    from botwotr.ui.warm import glyphs

    for lang in LANGUAGES:
        missing = _letters_of_language(lang) - set(glyphs(lang))
        assert not missing, (lang, sorted(missing))


def test_the_warm_up_loads_the_letters_into_every_font_the_window_made(make_app, rohan, monkeypatch):
    """Each font made by the opening and the warm-up renders the language's letters once in the
    idle frames, a few at a time."""
    from botwotr.ui import warm

    rendered: dict = {}
    real = res.Font.render

    def counted(self, text, *a, **k):
        rendered.setdefault(id(self), []).append(text)
        return real(self, text, *a, **k)

    app, scene = _window(make_app, rohan, warm=True)
    monkeypatch.setattr(res.Font, "render", counted)
    _settle(app, scene)
    letters = warm.glyphs("en")
    assert res._fonts
    for f in res._fonts.values():
        drawn = "".join(t for t in rendered.get(id(f), []) if len(t) <= warm.GLYPH_CHUNK)
        assert set(letters) <= set(drawn), f


def test_the_board_drawn_ahead_for_a_drag_draws_nothing_on_the_screen_and_no_secret(make_app, rohan, monkeypatch):
    """The idle frames that draw the dragged picture ahead (`BoardView.prepare_pan`) leave the
    window's picture as it was and render nothing the seat at the screen may not see, over the
    commands of a hotseat game (a face-down token, the other hand); none while the cover is down."""
    from botwotr.ui.board_view import BoardView

    asked = []
    prepare = BoardView.prepare_pan

    def counted(self, *a, **k):
        asked.append(scene.curtain)
        return prepare(self, *a, **k)

    monkeypatch.setattr(BoardView, "prepare_pan", counted)
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=9)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    scene.board.build_clock = paced_clock()  # (the frames' shares counted, not timed: not the load's)
    secrets = Secrets(g)
    rng = random.Random(9)
    _settle(app, scene)
    drawn_ahead = 0
    for _ in range(12):
        if scene.curtain:  # (covered: nothing drawn ahead)
            for _k in range(30):
                app.step([])
            scene.lift_curtain()
        for _k in range(3):
            app.step([])
        seat = scene.sides.seat
        still = _pixels(app.screen)
        rec = Recorder().install()
        try:
            for _k in range(40):
                app.step([])
                assert _pixels(app.screen) == still
            texts, faces, tiles = rec.take()
        finally:
            rec.uninstall()
        drawn_ahead += scene.board.pan_ready()
        assert not leaks(g, secrets, texts, faces, tiles, {seat}), seat
        scene.submit(random_command(g, rng))
        scene.animator.finish()
        app.step([])
    assert drawn_ahead >= 6  # (the idle stretches did draw it)
    assert asked and not any(asked)  # (never behind the cover)
