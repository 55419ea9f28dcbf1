"""Where the characters stand on the board (`BoardView._char_place`): beside their region's army,
off its pieces and their counts, and off the regions' names where the region has such a place."""

from __future__ import annotations

import pygame
import pytest

from botwotr.core import Game
from botwotr.ui.scenes.game import GameScene


def _board(make_app, game, size):
    app = make_app(size)
    scene = GameScene(app, game, mode="companion")
    app.push(scene)
    for _ in range(300):  # (the first frames draw the board's picture over several)
        if scene.curtain:
            scene.lift_curtain()
        app.step()
        if ("char", "theoden") in scene.board.piece_rects and not scene.board.smoothing:
            break
    return scene.board, scene.theme


def _character_rects(bv, theme, cid) -> list[pygame.Rect]:
    """The portrait and its name tag as drawn (the tag's top overlaps the portrait's bottom)."""
    r = bv.piece_rects[("char", cid)]
    return [r, bv.tag_rect(cid, r, theme)]


def _army_rects(bv) -> list[pygame.Rect]:
    """Every army piece with the room its count badge takes past its bottom right corner."""
    b = bv.count_room()
    return [
        pygame.Rect(r.x, r.y, r.w + b, r.h + b)
        for k, r in bv.piece_rects.items()
        if k[0] in ("unit", "leaders", "damage")
    ]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_characters_at_the_rohan_start_cover_no_army_and_theodred_no_name(make_app, rohan, size):
    """The set-up (R-2): Théoden at Edoras, Théodred at the East Fords and Éomer at Aldburg stand
    beside their armies. None covers a unit or its count. Théodred, whose place right of the army
    covered Westfold's name, stands where he covers no region's name."""
    game = Game.new(rohan, seed=3)
    assert {c: s["region"] for c, s in game.state["chars"].items() if s["status"] == "in_play"} == {
        "theoden": "edoras",
        "theodred": "east_fords",
        "eomer": "aldburg",
    }
    bv, theme = _board(make_app, game, size)
    armies = _army_rects(bv)
    names = [bv._label_rect(rid, theme) for rid in bv.layout.polygons]
    for cid in ("theoden", "theodred", "eomer"):
        assert bv.region_at_screen(bv.piece_rects[("char", cid)].center) == game.state["chars"][cid]["region"]
        for r in _character_rects(bv, theme, cid):
            assert r.collidelist(armies) < 0, (cid, r)
    for r in _character_rects(bv, theme, "theodred"):
        assert r.collidelist(names) < 0, r
