"""The garbage collector paced by the window's frames (botwotr/ui/gcpace.py, issue 11): the long
passes wait for calm frames, memory stays bounded when no frame is calm, and the collector is
given back as it was when the window closes."""

from __future__ import annotations

import gc

import pygame

from botwotr.core import Game
from botwotr.core.bots import GreedyBot
from botwotr.ui import gcpace
from botwotr.ui.scenes.game import GameScene


def _recording(app):
    """Wrap the window's collector: (calm, generation run) for every frame."""
    seen = []
    real = app.collector.frame_end

    def frame_end(calm, thinking=False, moved=False):
        gen = real(calm, thinking, moved)
        seen.append((calm, gen, gc.get_count()))
        return gen

    app.collector.frame_end = frame_end
    return seen


def _play(app, scene, commands, frames_between, events=None, until=None):
    bot = GreedyBot(seed=4)
    for n in range(commands):
        if until is not None and until():
            break
        for k in range(frames_between):
            app.step(events(n, k) if events else [])
            if scene.animator.busy and k == frames_between // 2:
                scene.animator.finish()
        if scene.curtain is not None:
            scene.lift_curtain()
        if scene.game.state.get("winner") or not scene.legal:
            break
        scene.submit(bot.choose(scene.game, scene.legal))


def test_the_long_passes_run_in_calm_frames_and_the_collector_is_given_back(make_app, rohan):
    was, frozen = gc.isenabled(), gc.get_freeze_count()
    app = make_app((1280, 720))
    assert not gc.isenabled()  # the window paces the collector itself
    # what was there before the window is out of its passes (frozen) until it closes
    assert gc.get_freeze_count() >= frozen and (frozen or gc.get_freeze_count() > 0)
    scene = GameScene(app, Game.new(rohan, seed=4))
    app.push(scene)
    seen = _recording(app)
    _play(app, scene, commands=90, frames_between=16)
    t0, t1, t2 = gc.get_threshold()
    runs = [(calm, gen, count) for calm, gen, count in seen if gen is not None]
    assert any(gen == 1 for _, gen, _ in runs), "no middle pass in 90 commands"
    for calm, gen, count in runs:
        # a busy frame runs a pass only once it is long overdue; the calm ones run what is due
        assert calm or gen == 0, (calm, gen, count)
    # every frame after the command's own: the animation, then calm frames where the passes go
    assert sum(1 for calm, gen, _ in runs if calm) > 0.9 * len(runs)
    # nothing young piles up: after each calm frame, fewer new objects than a pass's threshold
    assert all(count[0] <= t0 for calm, gen, count in seen if calm)
    app.close()
    assert gc.isenabled() == was and gc.get_freeze_count() == frozen


def test_memory_stays_bounded_when_no_frame_is_calm(make_app, rohan):
    """A mouse that never rests (an event every frame): no frame is calm, yet the passes run once
    overdue, so the young objects never pile up past the bound and the old ones are collected."""
    app = make_app((1280, 720))
    scene = GameScene(app, Game.new(rohan, seed=4))
    app.push(scene)
    seen = _recording(app)

    def wiggle(n, k):
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=(300 + (n + k) % 40, 300), rel=(1, 0), buttons=(0, 0, 0))]

    # (as many commands as it takes to make the young objects overdue: how many a command leaves
    # depends on what earlier tests in the process already made and cached, texts, pictures)
    _play(app, scene, commands=600, frames_between=6, events=wiggle, until=lambda: any(gen == 0 for _, gen, _ in seen))
    t0, t1, t2 = gc.get_threshold()
    assert not any(calm for calm, _, _ in seen)
    assert any(gen == 0 for _, gen, _ in seen)  # the young passes ran anyway, once overdue
    # after a frame's pass, the young count starts again; between passes it stays near the bound
    # (one frame may make a few thousand objects past it before its end)
    peak = max(count[0] for _, _, count in seen)
    assert peak <= t0 * gcpace.YOUNG_DEFER + 20_000, peak
    assert max(count[1] for _, _, count in seen) <= t1 * gcpace.DEFER + 1


def test_no_pass_in_a_frame_the_computer_thinks_through(make_app):
    """A frame while the computer thinks shows its progress (issue 13: none over 50 ms): no pass
    runs in one, not even an overdue full one (20-60 ms on a game's heap), until the young objects
    pass the far bound `THINKING_DEFER`; the next frame that is not a thinking one runs what is
    overdue, as before."""
    app = make_app((1280, 720))
    col = app.collector
    t0, t1, t2 = gc.get_threshold()
    kept = []
    while gc.get_count()[0] <= t0 * gcpace.YOUNG_DEFER:
        kept.append([])  # (new containers, kept alive: the young count only grows)
    assert col.frame_end(False, thinking=True) is None  # a young pass overdue: it waits
    assert col.frame_end(False, moved=True) is None  # and not in the move's frame either
    assert col.frame_end(True, moved=True) is None  # (a frame that showed a move is never calm)
    assert col.frame_end(False) == 0  # but in the next busy frame
    while gc.get_count()[1] <= t1 * gcpace.DEFER:  # a middle pass overdue
        gc.collect(0)
    while gc.get_count()[0] <= t0:
        kept.append([])
    assert col.frame_end(False, thinking=True) is None
    assert col.frame_end(False, moved=True) is None
    assert col.frame_end(False) == 1
    while gc.get_count()[2] <= t2 * gcpace.DEFER:  # a full pass overdue
        gc.collect(1)
    while gc.get_count()[0] <= t0:
        kept.append([])
    assert col.frame_end(False, thinking=True) is None
    while gc.get_count()[0] <= t0 * gcpace.THINKING_DEFER:  # a long think that makes many objects
        kept.append([])
    assert col.frame_end(False, thinking=True) == 0  # the young pass bounds memory even then
    assert col.frame_end(False, moved=True) is None
    assert col.frame_end(False) == 2  # the full pass in the next busy frame that is not a move's
    while gc.get_count()[0] <= t0 * gcpace.YOUNG_DEFER * gcpace.MOVE_SLACK:  # far overdue
        kept.append([])
    assert col.frame_end(False, moved=True) == 0  # (a move's frame too, past the wider bound)
    assert col.passes == [3, 1, 1]


def test_against_the_computer_no_pass_in_a_move_or_thinking_frame_what_they_put_off_runs_after(make_app):
    """A game against the computer through the window: every frame counted by what it showed (the
    computer thinking, a move landing: the log grew in it, calm, busy) and the collector's passes
    in it. Young objects are piled up before some of the person's moves (as a long think or a
    busy move leaves them), so passes fall due over the computer's turn: none runs in a frame
    that showed a move or that the computer thought through (the young count stays under the far
    bound here), and what they put off runs in the frames after (issue 11: the move's frame paid
    it before)."""
    from test_computer_games import new_game_against

    from botwotr.ai import Budget

    app = make_app((1280, 720))
    scene = new_game_against(app, "easy")
    game, comp = scene.game, scene.computer
    comp.budget_fn = lambda seconds: Budget(iterations=2)
    seen = _recording(app)
    t0, t1, t2 = gc.get_threshold()
    person = GreedyBot(seed=4)
    kinds = []  # per frame: what it showed, by the window's own state before and after it
    kept = []
    computer_moves, before = 0, len(game.log)
    for frame in range(6000):
        thought = comp.thinking is not None
        app.step([])
        moved = len(game.log) != before
        thinking = thought and comp.thinking is not None and not moved
        kinds.append("move" if moved else "thinking" if thinking else "calm" if seen[-1][0] else "busy")
        computer_moves += moved and game.log[-1]["cmd"].get("side") == "sh"
        before = len(game.log)  # (the person's command is given between frames: the next one shows it)
        if game.state.get("winner") or computer_moves >= 12:
            break
        if scene.animator.busy:
            scene.animator.finish()
        if scene.actor == "fp" and scene.legal and comp.thinking is None and frame % 20 == 0:
            if len(kept) < 6:  # (a pass overdue as the person moves: 6 times)
                kept.append([[] for _ in range(t0 * gcpace.YOUNG_DEFER + 1)])  # (overdue at the move's frame)
            scene.submit(person.choose(game, [c for c in scene.legal if c["side"] == "fp"]))
    passes = {k: [0, 0, 0] for k in ("move", "thinking", "busy", "calm")}
    for kind, (_calm, gen, _count) in zip(kinds, seen):
        if gen is not None:
            passes[kind][gen] += 1
    assert computer_moves >= 12 and kinds.count("thinking") > 5 and kinds.count("move") >= 20, kinds.count("move")
    assert max(count[0] for _, _, count in seen) < t0 * gcpace.THINKING_DEFER  # (the far bound never reached)
    # none in a move's frame or a thinking one ...
    assert passes["move"] == passes["thinking"] == [0, 0, 0], passes
    # though passes were overdue in move frames (the window before this ran them there) ...
    assert any(count[0] > t0 * gcpace.YOUNG_DEFER for kind, (_c, _g, count) in zip(kinds, seen) if kind == "move")
    assert sum(passes["busy"]) + sum(passes["calm"]) >= 3, passes  # ... they ran in the frames after
