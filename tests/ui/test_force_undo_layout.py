""""Take it back anyway" (an undo past revealed dice, cards or a secret choice) and the message
that asks for it never overlap, at 1280x720, 1600x900 and 1920x1080, in every language: the
button at the bottom of the board, the message wrapped to the board's width above it. Reached
through the window: a battle whose tactics were revealed, then Ctrl+Z (hotseat, and against the
computer)."""
from __future__ import annotations

import pygame
import pytest

from botwotr.ui.i18n import set_language
from botwotr.ui.scenes.game import GameScene
from test_decision_panels import battle_game

from conftest import click

SIZES = [(1280, 720), (1600, 900), (1920, 1080)]
LANGS = ["en", "pt_BR", "es", "ru"]


@pytest.fixture
def lang():
    yield set_language
    set_language("en")


def ctrl_z(app):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_CTRL, unicode=""),
              pygame.event.Event(pygame.KEYUP, key=pygame.K_z, mod=pygame.KMOD_CTRL)])


def asked_to_force(make_app, rohan, size, computer):
    g = battle_game(rohan)
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "regroup"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})  # revealed: a barrier
    if computer:
        g.computer = {"sh": "normal"}
    app = make_app(size)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step()
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    n = len(g.log)
    ctrl_z(app)
    assert scene.btn_force_undo.visible and scene.message and len(g.log) == n
    return app, scene, g


def check(scene):
    lines, imgs, rects, box = scene.message_layout()
    button, board = scene.btn_force_undo.rect, scene.board.rect
    assert not box.colliderect(button), (box, button)
    assert board.contains(box) and board.contains(button), (board, box, button)
    assert all(box.contains(r) for r in rects)
    label = scene.btn_force_undo._label(scene.theme)[2]
    assert label == scene.btn_force_undo.text  # the button's label is whole (not cut with "…")
    assert " ".join(lines) == scene.message  # the message is whole, wrapped at spaces


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("size", SIZES)
def test_take_it_back_anyway_is_never_under_the_message(make_app, rohan, lang, size, code):
    lang(code)
    app, scene, g = asked_to_force(make_app, rohan, size, computer=False)
    check(scene)
    # the button works where it is drawn: both players agree behind the cover, then it is taken back
    n = len(g.log)
    click(app, scene.btn_force_undo.rect.center)
    assert scene.consent or len(g.log) < n


@pytest.mark.parametrize("code", LANGS)
def test_against_the_computer_too(make_app, rohan, lang, code):
    lang(code)
    app, scene, g = asked_to_force(make_app, rohan, (1280, 720), computer=True)
    check(scene)
    n = len(g.log)
    click(app, scene.btn_force_undo.rect.center)
    assert len(g.log) < n and not scene.btn_force_undo.visible
