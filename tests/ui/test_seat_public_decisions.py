"""Hotseat: after a command answers the other side's public decision (R-7.3's fate draw, a
keep-or-draw, a re-roll choice), either player may be at the screen, so no hand is shown until a
player lifts the cover. Found by hand under Xvfb: the Shadow player clicking the Free Peoples'
"Draw a tile" saw their hand on the next decision."""

from __future__ import annotations

from botwotr.core import Game
from botwotr.core.view import HIDDEN
from botwotr.ui.scenes.game import PRIVATE_DECISIONS, GameScene


def _hands_shown(scene) -> list[str]:
    out = []
    for side in ("fp", "sh"):
        hand = scene.view["sides"][side]["hand"]
        if isinstance(hand, list) and any(c != HIDDEN for c in hand):
            out.append(side)
    return out


def test_r7_3_after_the_other_side_answers_a_public_decision_no_hand_shows_until_a_cover(make_app, rohan):
    app = make_app((1280, 720))
    met = 0
    for seed in (1,):  # (seeds 2 and 3 found nothing seed 1 does not; ~30 s of the suite)
        g = Game.new(rohan, seed=seed)
        scene = GameScene(app, g, mode="hotseat")
        app.push(scene)
        app.step()
        unsure = False  # the test's own model: someone answered the other side's decision
        for _ in range(500):
            if g.state.get("winner"):
                break
            if scene.curtain:
                scene.lift_curtain()
                app.step()
                unsure = False
                continue
            top = g.state["pending"][-1] if g.state["pending"] else None
            if not scene.legal or top is None:
                break
            side = scene.legal[0].get("side")
            if side in ("fp", "sh") and scene.seat not in (None, side):
                assert top["kind"] not in PRIVATE_DECISIONS  # a private one is behind a cover
                unsure = True
                met += 1
            scene.submit(scene.legal[0])
            app.step()
            if unsure and not scene.curtain:
                assert not _hands_shown(scene), f"seed {seed}: a hand shown while either player may be looking"
        app.pop()
    # one whole game (seed 1) meets 22 such decisions; bench/secrecy.py plays many more games
    assert met >= 10, f"only {met} public decisions of the other side were met"
