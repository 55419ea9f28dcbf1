"""No clipped or overlapping text at 1280x720 and 1920x1080, with long names.

A copy of the Battle for Rohan whose units, characters, cards, positions and regions carry long
names (one region a single very long word) is played by bots in the window (several seeds; more
with `bench/text_fit.py`). On every decision
the screen is drawn into a recording surface that measures each piece of text it receives
(the ink of the rendered line) against:

- the box of the widget drawing it (button, label, tile — casualty figures, cards, dice —,
  side summary with its card chips, log, decision panel) and the status line: inside it
  horizontally, always; vertically too, except where a scrolling view cuts a row at its edge;
- the clip in force (no text cut at a panel's side), and no `area=` cut of a text image;
- every other text of the side column and the status line: no two overlap.

Labels wrap only at spaces (a word wider than the line is cut) and shorten with "…". The log
keeps at least 8 whole lines in view beside every decision (the decision panel scrolls instead).
"""
from __future__ import annotations

import os
from dataclasses import replace

import pygame
import pytest

from botwotr.core import Game
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.ui import resources as res
from botwotr.ui import widgets as W
from botwotr.ui.widgets import ELLIPSIS

TOL = 1  # pixels of anti-aliasing slack


def long_spec(spec):
    """The scenario with long content names (the rules are untouched)."""
    units = {k: replace(u, name=f"{u.name} of the Far Western Marches") for k, u in spec.units.items()}
    chars = {k: replace(c, name=f"{c.name} the Exceedingly Renowned") for k, c in spec.characters.items()}
    cards = {k: replace(c, title=f"{c.title} Beyond the Grey Hills",
                        combat_title=f"{c.combat_title} at Dawn" if c.combat_title else c.combat_title)
             for k, c in spec.cards.items()}
    positions = {k: replace(p, name=f"{p.name} High Above the Tower") for k, p in spec.positions.items()}
    regions = {k: replace(r, name=f"{r.name} by the Long Winding River") for k, r in spec.board.regions.items()}
    first = sorted(regions)[0]
    regions[first] = replace(regions[first], name="Amonlhawdurthangorodrimbelegostfornost")
    return replace(spec, units=units, characters=chars, cards=cards, positions=positions,
                   board=replace(spec.board, regions=regions))


class Recorder:
    """Knows which surfaces are lines of text, and the widget box being drawn."""

    def __init__(self):
        self.texts: dict[int, tuple[str, pygame.Surface, pygame.Rect]] = {}
        self.boxes: list[tuple[str, pygame.Rect]] = []
        self.blits: list[dict] = []


class RecordingSurface(pygame.Surface):
    rec: Recorder

    def blit(self, source, dest, area=None, special_flags=0):
        t = self.rec.texts.get(id(source))
        if t is not None and t[1] is source:
            x, y = (dest[0], dest[1]) if not isinstance(dest, pygame.Rect) else dest.topleft
            ink = t[2].move(x, y)
            full = area is None or pygame.Rect(area).contains(source.get_rect())
            if area is not None:
                ink = ink.clip(pygame.Rect(area).move(x, y))
            self.rec.blits.append({"text": t[0], "ink": ink, "cut": not full, "clip": self.get_clip(),
                                   "box": self.rec.boxes[-1] if self.rec.boxes else None})
        return super().blit(source, dest, area, special_flags)


@pytest.fixture
def recorder(monkeypatch):
    rec = Recorder()
    real_text = res.text

    def text(s, *a, **kw):
        surf = real_text(s, *a, **kw)
        if id(surf) not in rec.texts:
            b = surf.get_bounding_rect()
            rec.texts[id(surf)] = (s, surf, b if b.w else pygame.Rect(0, 0, 0, 0))
        return surf

    monkeypatch.setattr(res, "text", text)
    # every widget's draw says which box it draws in
    from botwotr.ui import hud, panels  # noqa: F401  (their widget classes must exist before the walk)
    from botwotr.ui.decisions import base
    from botwotr.ui.scenes import game as game_mod
    classes = {W.Widget}
    todo = [W.Widget]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in classes:
                classes.add(sub)
                todo.append(sub)
    for cls in classes:
        if "draw" in cls.__dict__:
            real = cls.__dict__["draw"]

            def draw(self, surface, theme, _real=real):
                rec.boxes.append((type(self).__name__, pygame.Rect(self.rect)))
                try:
                    return _real(self, surface, theme)
                finally:
                    rec.boxes.pop()
            monkeypatch.setattr(cls, "draw", draw)
    real_bar = game_mod.draw_status_bar

    def bar(surface, rect, *a, **kw):
        rec.boxes.append(("status", pygame.Rect(rect)))
        try:
            return real_bar(surface, rect, *a, **kw)
        finally:
            rec.boxes.pop()
    monkeypatch.setattr(game_mod, "draw_status_bar", bar)
    assert base  # imported for its widgets
    return rec


def log_room_fault(scene) -> str | None:
    """The side column's split (GameScene.layout): the log keeps its newest 8 lines whole beside a
    decision panel that fits; a panel that would scroll beside them takes the room, down to the
    log's newest LOG_SQUEEZED_LINES lines, and then shows all it needs or leaves the log no more
    (than two rows more: the split stays put within two rows across commands)."""
    from botwotr.ui.panels import LOG_MIN_LINES, LOG_SQUEEZED_LINES

    lines, dec, t = scene.log_panel.visible_lines(), scene.decision, scene.theme
    if lines >= LOG_MIN_LINES or dec is None or scene.log_below:
        return None
    if lines < LOG_SQUEEZED_LINES:
        return f"the log shows {lines} lines"
    need = dec.needed_height(t) if hasattr(dec, "needed_height") else 0
    least = scene.log_panel.min_height(t, lines=LOG_SQUEEZED_LINES, width=scene.log_panel.rect.w)
    if need <= dec.rect.h + t.px(2):  # it fits (to a pixel or two): did the log give room it needed?
        wide = scene.log_panel.min_height(t, width=scene.log_panel.rect.w)
        if scene.log_panel.rect.h + (dec.rect.h - need) >= wide:
            return f"the log shows {lines} lines beside a panel that needs {need} of its {dec.rect.h} px"
    elif scene.log_panel.rect.h > least + 2 * scene.log_panel.list.row_height(t) + t.px(2):
        # (the split stays put within two log rows: the log keeps up to two rows more)
        return f"the panel scrolls ({need} > {dec.rect.h} px) while the log keeps {scene.log_panel.rect.h} > {least} px"
    return None


def check_frame(rec: Recorder, scene, where: str) -> list[str]:
    """The faults of the text drawn in one frame (side column and status line)."""
    faults = []
    side = scene.side_rect
    bar_h = scene.bar_rect.h
    drawn = [b for b in rec.blits if b["ink"].w and (b["ink"].x >= side.x - TOL or b["ink"].bottom <= bar_h + TOL)]
    for b in drawn:
        ink, clip, box = b["ink"], b["clip"], b["box"]
        name = box[0] if box else "?"
        if b["cut"]:
            faults.append(f"{where}: {b['text']!r} is cut by its image area ({name})")
        if ink.x < clip.x - TOL or ink.right > clip.right + TOL:
            faults.append(f"{where}: {b['text']!r} is cut at the side of its clip ({name})")
        if box is not None:
            r = box[1]
            if ink.x < r.x - TOL or ink.right > r.right + TOL:
                faults.append(f"{where}: {b['text']!r} sticks out of its {name} {r} ({ink})")
            scrolled = clip != pygame.Rect((0, 0), scene.app.size)
            if not scrolled and (ink.y < r.y - 3 or ink.bottom > r.bottom + 3):
                faults.append(f"{where}: {b['text']!r} sticks out of its {name} {r} vertically ({ink})")
    seen = [b for b in drawn if b["ink"].clip(b["clip"]).h > 0]
    for i, a in enumerate(seen):
        ra = a["ink"].clip(a["clip"])
        for b in seen[i + 1:]:
            inter = ra.clip(b["ink"].clip(b["clip"]))
            if inter.w > 2 and inter.h > 2:
                faults.append(f"{where}: {a['text']!r} overlaps {b['text']!r}")
    return faults


def label_faults(scene, theme, where) -> list[str]:
    """Labels of the decision panel: wrapped at spaces only, shortened with an ellipsis."""
    out = []
    panel = scene.decision
    for w in getattr(panel, "children", []):
        if not isinstance(w, W.Label) or not w.text or not w.visible:
            continue
        f = res.font(w.kind, w.size(theme))
        lines = w.lines(theme)
        for ln in lines:
            if f.size(ln)[0] > max(10, w.rect.w) + TOL:
                out.append(f"{where}: label line {ln!r} wider than {w.rect.w}")
        long_word = any(f.size(x)[0] > w.rect.w for x in w.text.split())
        joined = " ".join(ln.strip() for ln in lines if ln.strip())
        if not long_word and joined != " ".join(w.text.split()) and not joined.endswith(ELLIPSIS):
            out.append(f"{where}: label {w.text!r} broke inside a word: {lines}")
    return out


SIZES = ((1280, 720), (1920, 1080))
# the seeds played here: 6 and 7 once found the log with 7 lines beside a decision (the side
# summaries took its room; they go compact now). `bench/text_fit.py` plays more seeds (1-12) by
# setting BOTWOTR_TEXT_FIT_SEEDS="1,2,..." (each game takes 5-14 s here).
CASES = [((1280, 720), 4), ((1280, 720), 6), ((1920, 1080), 7)]  # the rest: bench/text_fit.py


def cases():
    env = os.environ.get("BOTWOTR_TEXT_FIT_SEEDS")
    if not env:
        return CASES
    return [(size, int(s)) for s in env.split(",") if s.strip() for size in SIZES]


@pytest.mark.parametrize(("size", "seed"), cases())
def test_text_fits_its_box_with_long_names(make_app, rohan, recorder, size, seed):
    from botwotr.ui.scenes.game import GameScene
    spec = long_spec(rohan)
    app = make_app(size)
    g = Game.new(spec, seed=seed)
    scene = GameScene(app, g, mode="hotseat")
    scene.cache_panels = False  # the recorder reads the texts drawn onto the surface itself
    app.push(scene)
    surf = RecordingSurface(app.size)
    surf.rec = recorder
    bots = {"fp": GreedyBot(seed), "sh": GreedyBot(seed + 1)}
    faults: list[str] = []
    seen: set = set()
    checked, shortened = 0, set()
    for step in range(1500):
        if g.state["winner"]:
            break
        if scene.curtain:
            scene.lift_curtain()
        scene.update(1 / 60)
        p = g.state["pending"][-1] if g.state["pending"] else None
        key = (p["kind"] if p else None, scene.seat)
        if key not in seen or step % 20 == 0:
            seen.add(key)
            recorder.blits.clear()
            scene.draw(surf)
            where = f"{size} step {step} {key}"
            faults += check_frame(recorder, scene, where)
            checked += len(recorder.blits)
            shortened |= {b["text"] for b in recorder.blits if b["text"].endswith(ELLIPSIS)}
            faults += label_faults(scene, app.theme, where)
            if len(scene.log_panel.list.items) >= 12:
                assert log_room_fault(scene) is None, (where, log_room_fault(scene), scene.log_panel.rect)
        side = deciding_side(g.state)
        cmds = [c for c in g.legal_commands() if c["side"] == side]
        assert scene.submit(bots[side].choose(g, cmds))
        scene.animator.finish()
    kinds = {k for k, _s in seen}
    assert {"action", "casualties", "tactic", "combat_roll", "fate_decide"} <= kinds, kinds
    # long names were drawn, and shortened: 2,000 texts, or fewer in a game that ended early (seed 9
    # of bench/text_fit.py ends that soon) as long as every kind of decision above was drawn
    assert (checked > 2000 or (g.state["winner"] and checked > 500)) and len(shortened) > 5, (checked, shortened)
    uniq = list(dict.fromkeys(f.split(": ", 1)[1] for f in faults))
    assert not uniq, "\n".join(uniq[:40])


def test_wrapping_is_linear(recorder):
    """A message holding one very long word (or very many words) is wrapped with a number of
    measurements that grows with its length, not with its square (the title screen froze)."""
    pygame.font.init()
    f = res.font("sans", 16)

    class Counting:
        calls = 0

        def size(self, s):
            Counting.calls += 1
            return f.size(s)

        def metrics(self, s):
            Counting.calls += 1
            return f.metrics(s)

    for text in ("x" * 20000, " ".join(["word"] * 5000), "a" * 3000 + " " + "b c " * 1000):
        Counting.calls = 0
        lines = W.wrap_text(text, Counting(), 300)
        n_words = len(text.split(" "))
        assert Counting.calls <= 2 * n_words + len(lines) + 10, (Counting.calls, n_words, len(lines))
        assert all(f.size(ln)[0] <= 300 for ln in lines)
        assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_ellipsis_at_a_word(recorder):
    pygame.font.init()
    f = res.font("sans", 16)
    s = W.ellipsize("Waiting for the Free Peoples to take casualties in the Westfold.", f, 200)
    assert s.endswith(ELLIPSIS) and f.size(s)[0] <= 200
    assert "Waiting for the Free Peoples to take casualties".startswith(s[:-1].rstrip())
    one = W.ellipsize("Amonlhawdurthangorodrimbelegostfornost", f, 80)
    assert one.endswith(ELLIPSIS) and f.size(one)[0] <= 80
    assert W.wrap_lines("one two three four five six seven", f, 60, max_lines=2)[-1].endswith(ELLIPSIS)


def _key(app, key):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
    app.step()


def test_full_log_opens_on_L_and_a_line_looks_back(make_app, rohan):
    """L opens the whole log (every sentence the log panel would show, not only the newest);
    the help lists the key; a click on a line closes it and shows the board after that line."""
    from conftest import click
    from botwotr.ui.help import SHORTCUTS
    from botwotr.ui.logtext import log_lines
    from botwotr.ui.scenes.game import GameScene
    from botwotr.ui.scenes.log_view import FullLogScene
    assert any(k == "L" for k, _t in SHORTCUTS)
    g = Game.new(rohan, seed=2)
    bots = {"fp": GreedyBot(2), "sh": GreedyBot(3)}
    for _ in range(150):
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    app = make_app((1280, 720))
    scene = GameScene(app, g, mode="hotseat")
    scene.cache_panels = False  # the recorder reads the texts drawn onto the surface itself
    app.push(scene)
    app.step()
    _key(app, pygame.K_l)
    assert app.scene is scene  # behind the hotseat curtain nothing opens
    scene.lift_curtain()
    app.step()
    n = len(g.log)
    _key(app, pygame.K_l)
    view = app.scene
    assert isinstance(view, FullLogScene)
    texts = [it.text for it in view.list.items]
    assert texts == [s for _i, s in log_lines(g, scene.log_panel.seat)]
    assert view.list.visible_lines() > 20  # a big window, not the panel's few lines
    _key(app, pygame.K_HOME)
    assert view.list.scroll == 0
    row = next(i for i, it in enumerate(view.list.items) if it.payload and not it.heading)
    click(app, view.list.row_rect(row).center)
    assert app.scene is scene and scene.looking_at == view.list.items[row].payload
    assert len(g.log) == n  # looking changes nothing
    scene.back_to_present()
    app.step()
    _key(app, pygame.K_l)
    assert isinstance(app.scene, FullLogScene)
    _key(app, pygame.K_ESCAPE)
    assert app.scene is scene


def test_f11_toggles_full_screen_and_back(make_app):
    from botwotr.ui.scenes.title import TitleScene
    app = make_app((1280, 720))
    app.push(TitleScene(app))
    app.step()
    _key(app, pygame.K_F11)
    assert app.fullscreen
    _key(app, pygame.K_F11)
    assert not app.fullscreen and app.size == (1280, 720)
    assert app.theme.width == 1280


def test_the_window_may_open_maximised(home):
    """`botwotr` opens the window maximised; where the video driver cannot maximise (the
    dummy driver of the tests) it keeps the size asked for, and nothing fails."""
    from botwotr.ui.app import App, StepClock
    app = App(size=(1280, 720), clock=StepClock(), home=home, maximized=True)
    try:
        w, h = app.size
        assert w >= 1280 and h >= 720 and app.theme.width == w
    finally:
        app.close()


@pytest.mark.parametrize("lang", ["en", "pt_BR", "es", "ru"])
def test_the_fate_panel_shows_the_tile_whole_without_scrolling(make_app, rohan, lang):
    """R-7.3: drawing a fate tile, and keeping it or drawing again, are decided from the panel as it
    opens: the tile with what it does, the draws left and the buttons all in view, no scrolling,
    at the usual window sizes, beside the log's newest lines (in each language)."""
    import random

    from botwotr.ui.i18n import set_language
    from botwotr.ui.scenes.game import GameScene

    set_language(lang)
    try:
        for size in ((1280, 720), (1360, 760), (1920, 1080)):
            app = make_app(size)
            g = Game.new(rohan, seed=5)
            rng = random.Random(5)
            scene = GameScene(app, g, mode="hotseat")
            app.push(scene)
            seen = set()
            for _step in range(400):
                kind = g.state["pending"][-1]["kind"]
                if kind in ("fate_draw", "fate_decide") and kind not in seen:
                    seen.add(kind)
                    if scene.curtain:
                        scene.lift_curtain()
                    app.step()
                    d = scene.decision
                    assert type(d).__name__ == "FatePanel"
                    assert d.max_scroll == 0, (size, kind, d.needed_height(app.theme), d.rect)
                    assert all(d.rect.contains(b.rect) for b in d.footer), (size, kind)
                    assert scene.log_panel.visible_lines() >= 4, (size, kind)
                if seen == {"fate_draw", "fate_decide"}:
                    break
                g.submit(rng.choice(g.legal_commands()))
            assert seen == {"fate_draw", "fate_decide"}
    finally:
        set_language("en")
