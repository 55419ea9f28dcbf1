"""A hint (issue 13) may name a card of the asking side's hand or its secret choice, so in hotseat
it is given only while the screen shows that side (R-15): in the public view, where the other
player may still be at the screen, the Hint key is refused and nothing is asked of the computer."""
from __future__ import annotations

import pygame

from botwotr.ui.i18n import _
from test_secrecy import _hotseat, _press, _to_fate_draw


def key_i(app):
    app.step([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_i, mod=0, unicode="i"),
              pygame.event.Event(pygame.KEYUP, key=pygame.K_i, mod=0)])


def test_r15_a_hint_is_refused_in_the_public_view_and_asked_on_the_own_side(make_app, rohan):
    app, g, scene = _hotseat(make_app, rohan)
    try:
        # the Shadow's first decision, its side shown behind its cover: the hint is asked
        assert scene.curtain == "sh"
        _press(app, scene.btn_reveal)
        assert scene.shown == "sh" and scene.actor == "sh"
        key_i(app)
        assert scene.computer.thinking is not None and scene.computer.thinking["purpose"] == "hint"
        scene.computer.cancel()
        # the Free Peoples' fate draw, a public decision: the Shadow player may be at the screen
        _to_fate_draw(app, g, scene)
        n = len(g.log)
        key_i(app)
        assert scene.message == _("A hint may name your cards: show your side first.")
        assert scene.computer.thinking is None and scene.computer.hint is None and len(g.log) == n
        assert not getattr(g, "hints", None)
    finally:
        scene.computer.close()
