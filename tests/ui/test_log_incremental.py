"""The log panel is laid out incrementally (issue 11): after a command only the new entries' rows
are made and wrapped. What it shows must be exactly what the whole log made again from scratch
shows, for every seat, through commands, undos (plain and forced, whose note is written into an
earlier entry), hotseat seat changes and resizes."""

from __future__ import annotations

import random

import pygame

from botwotr.core import Game
from botwotr.ui import widgets
from botwotr.ui.panels import LOG_GROW_ROWS, LOG_PANEL_ROWS, log_items
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.theme import Theme
from botwotr.ui.widgets import ListItem, ScrollList
from conftest import random_command  # noqa: E402


def rows_of(lst: ScrollList):
    """The laid-out rows, relative to the first: (y, height, text, colour, payload, lines)."""
    if not lst._rows:
        return []
    y0 = lst._rows[0][0].y
    return [(r.y - y0, r.h, it.text, it.color, it.payload, tuple(ls)) for r, it, ls in lst._rows]


def from_scratch(lst: ScrollList, items, theme) -> ScrollList:
    fresh = ScrollList(clickable=lst.clickable, size_key=lst.size_key, stick_to_bottom=True, boxed=lst.boxed)
    fresh.rect = pygame.Rect(lst.rect)
    fresh.set_items(items)
    fresh._layout(theme)
    return fresh


def texts(items):
    return [(i.text, i.color, i.payload, i.heading) for i in items]


def check(scene, app):
    lp = scene.log_panel
    frames = 0
    while lp.growing:  # a seat shown anew: its newest rows at once, the older ones over frames
        got = texts(lp.list.items)
        assert got and got == texts(log_items(scene.game, lp.seat, limit=LOG_PANEL_ROWS))[-len(got) :]
        app.step([])
        frames += 1
        assert frames <= LOG_PANEL_ROWS // LOG_GROW_ROWS + 1
    want = log_items(scene.game, lp.seat, limit=LOG_PANEL_ROWS)
    got = lp.list.items
    assert [(i.text, i.color, i.payload, i.heading) for i in got] == [
        (i.text, i.color, i.payload, i.heading) for i in want
    ]
    lp.list._layout(app.theme)
    fresh = from_scratch(lp.list, want, app.theme)
    assert rows_of(lp.list) == rows_of(fresh)
    assert lp.list.max_scroll == fresh.max_scroll
    # what is drawn: the rows wholly in view at the bottom, as a fresh list would show them
    lp.list.scroll = fresh.scroll = 10**9
    lp.list.scroll = min(lp.list.scroll, lp.list.max_scroll)
    fresh.scroll = min(fresh.scroll, fresh.max_scroll)
    assert [it.text for _r, it, _l in lp.list._in_view()] == [it.text for _r, it, _l in fresh._in_view()]


def test_the_log_panel_matches_the_log_made_from_scratch(make_app, rohan):
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=11)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    rng = random.Random(11)
    undos = forced = resized = 0
    for k in range(260):
        if g.state["winner"]:
            break
        if scene.curtain:
            scene.lift_curtain()
        if scene.consent:
            scene.answer_undo(True)
        app.step([])
        check(scene, app)
        roll = rng.random()
        if roll < 0.08 and g.can_undo():
            scene.undo()
            undos += 1
        elif roll < 0.11 and g.can_undo(force=True) and not g.can_undo():
            scene._take_back(force=True, agreed=("fp", "sh"))  # both agreed: the note goes into the log
            forced += 1
        elif roll < 0.13:
            w, h = (1280, 720) if app.size != (1280, 720) else (1600, 900)
            app.resize(w, h)
            resized += 1
        else:
            scene.submit(random_command(g, rng))
            scene.animator.finish()
        app.step([])
        check(scene, app)
    assert undos and forced and resized
    assert any(e.get("forced_undos") for e in g.log)


def test_extending_a_list_lays_out_the_same_rows_as_setting_it(make_app, monkeypatch):
    make_app((1280, 720))  # a display, for the fonts
    theme = Theme.for_size(1280, 720)
    lst = ScrollList(boxed=False, stick_to_bottom=True, size_key="small")
    lst.rect = pygame.Rect(10, 10, 300, 200)
    texts = [f"Line {i}: " + "word " * (i % 7 * 4) for i in range(90)]
    items = [ListItem(t, heading=i % 13 == 0, payload=i) for i, t in enumerate(texts)]
    lst.set_items(items[:30])
    lst._layout(theme)
    wrapped = []
    real = widgets.wrap_text
    monkeypatch.setattr(widgets, "wrap_text", lambda text, *a, **kw: wrapped.append(text) or real(text, *a, **kw))
    widgets._WRAPPED.clear()
    for n in range(30, 90, 6):
        wrapped.clear()
        lst.extend_items(items[n : n + 6], keep=40)
        lst._layout(theme)
        assert wrapped == [it.text for it in items[n : n + 6]]  # only the new rows are wrapped
        want = items[max(0, n + 6 - 40) : n + 6]
        assert lst.items == want
        assert rows_of(lst) == rows_of(from_scratch(lst, want, theme))
        lst.scroll = lst.max_scroll
        for r, it, _l in lst._in_view():  # clicks land on the row drawn there
            sr = r.move(lst.rect.x, lst.rect.y - lst.scroll - lst._y0)
            assert lst._row_at(sr.center) is it


def test_a_long_public_log_shown_anew_is_made_from_its_newest_rows_over_frames(make_app, rohan):
    """At a game's end (R-4.2, R-4.3) the view turns public; a window opened on a finished game
    (here) shows the public view, whose log rows nobody made yet, from its first frame. That
    frame makes the rows of the newest entries only (those in view and a few more,
    LOG_FIRST_ROWS), not the whole log's; the older rows follow a few a frame (LOG_GROW_ROWS),
    also under the end's dialog, and the panel then holds what the log made from scratch holds.
    Counted: the entries whose rows were made."""
    from botwotr.ui.panels import LOG_FIRST_ROWS

    g = Game.new(rohan, seed=7)
    rng = random.Random(7)
    while not g.state["winner"]:
        g.submit(random_command(g, rng))
    assert len(log_items(g, "public")) > LOG_PANEL_ROWS  # (more rows than the panel keeps)
    app = make_app((1280, 720))
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step([])
    lp = scene.log_panel
    assert lp.seat == "public"
    rows = lp._rows["public"]

    def made() -> int:
        return sum(r is not None for r in rows.rows)

    first = made()
    biggest = max(len(r) for r in rows.rows if r is not None)
    assert len(lp.list.items) >= LOG_FIRST_ROWS and first * 5 < len(g.log), (first, len(g.log))
    scene.open_the_end()  # (the end's dialog over the game: made over frames, then over it)
    frames = 0
    while lp.growing:
        before = made()
        app.step([])
        frames += 1
        assert made() - before <= LOG_GROW_ROWS + biggest, frames
        assert frames <= LOG_PANEL_ROWS // LOG_GROW_ROWS + 1
    assert len(lp.list.items) == LOG_PANEL_ROWS and made() < len(g.log)
    for _ in range(40):
        if app.scene is not scene:
            break
        app.step([])
    assert type(app.scene).__name__ == "GameOverScene"
    app.pop()  # the dialog closed: the panel is the list made from scratch
    app.step([])
    check(scene, app)
