"""A hint (issue 13) marks what it names where the player picks it: the card it plays is tinted and
outlined in the hand (the side's summary) and on the decision panel's tile, the tactic it chooses
on its tile, while the hint is shown; the marks go with it. Through the window: real positions
of a Rohan game, the Hint key, the hard computer in its worker, the pixels drawn."""

from __future__ import annotations

import time


from botwotr.ai import Budget
from botwotr.core import Game
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.ui.theme import HINT_COLOUR
from botwotr.ui.scenes.game import GameScene
from conftest import click
from test_hint_secrecy import key_i


def _scene_at(make_app, rohan, entries: int):
    """A hotseat game of seed 1 played by two greedy bots through Game.submit until the log has
    `entries` entries (the Free Peoples to decide), shown in the window on their side."""
    g = Game.new(rohan, seed=1)
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    while len(g.log) < entries:
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    app = make_app((1280, 720))
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step()
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    assert scene.actor == "fp" and scene.shown == "fp"
    scene.computer.budget_fn = lambda seconds: Budget(iterations=4)  # deterministic and small
    return app, g, scene


def _hint(app, scene) -> dict:
    key_i(app)
    for _ in range(3000):
        app.step()
        if scene.computer.hint is not None or scene.computer.failure:
            break
        time.sleep(0.005)
    assert scene.computer.hint is not None, scene.computer.failure
    app.step()
    return scene.computer.hint


def _hint_pixels(surface, rect) -> int:
    """How many pixels of `rect` are the hint's colour."""
    sub = surface.subsurface(rect.clip(surface.get_rect()))
    return sum(
        1 for x in range(sub.get_width()) for y in range(sub.get_height()) if sub.get_at((x, y))[:3] == HINT_COLOUR
    )


def _tile(scene, name):
    return next(t for e in scene.decision.flow if e[0] == "tiles" for t in e[1] if t.name == name)


def test_the_hinted_card_is_marked_in_the_hand_and_on_its_tile_until_it_is_played(make_app, rohan):
    app, g, scene = _scene_at(make_app, rohan, 26)
    try:
        assert g.state["pending"][-1]["kind"] == "action" and "skirmishers" in g.state["sides"]["fp"]["hand"]
        assert _hint_pixels(app.screen, scene.sides.rect) == 0
        hint = _hint(app, scene)
        cmd = hint["command"]
        assert cmd["action"] == "play_card" and cmd["card"] == hint["card"] == "skirmishers"
        assert scene.sides.marked == ("fp", "skirmishers")
        assert _hint_pixels(app.screen, scene.sides.rect) > 40  # the chip's outline in the hand
        # the die to pick is outlined; picked, its actions show the card's tile outlined
        die = _tile(scene, f"die:{cmd['die']}")
        assert die.marked and _hint_pixels(app.screen, die.rect.inflate(6, 6)) > 40
        assert [t.name for e in scene.decision.flow if e[0] == "tiles" for t in e[1] if t.marked] == [die.name]
        click(app, die.rect.center)
        app.step()
        tile = _tile(scene, "card:skirmishers")
        assert tile.marked and [t.name for e in scene.decision.flow if e[0] == "tiles" for t in e[1] if t.marked] == [
            die.name,
            tile.name,
        ]
        assert scene.decision._view.contains(tile.rect)  # scrolled into view (it was below the fold)
        assert _hint_pixels(app.screen, tile.rect.inflate(6, 6)) > 40  # the tile's outline
        # the hint's command played on its own tile: the hint, its tint and its marks go
        n = len(g.log)
        click(app, tile.rect.center)
        app.step()
        assert len(g.log) == n + 1 and g.log[-1]["cmd"]["card"] == "skirmishers"
        assert scene.computer.hint is None and scene.sides.marked is None
        assert _hint_pixels(app.screen, scene.sides.rect) == 0
    finally:
        scene.computer.close()


def test_the_hinted_tactic_is_marked_on_its_tile_R10_4(make_app, rohan):
    """R-10.4.1: the tactic is the player's secret choice; the hint, asked on the player's own
    screen, outlines the token it would choose, and an undo of nothing else takes the mark away
    with the hint (`Computer.cancel`)."""
    app, g, scene = _scene_at(make_app, rohan, 13)
    try:
        assert g.state["pending"][-1]["kind"] == "tactic"
        hint = _hint(app, scene)
        assert hint["command"]["cmd"] == "tactic" and hint["tiles"] == [f"tactic:fp:{hint['command']['tactic']}"]
        assert scene.sides.marked is None  # no card
        tile = _tile(scene, hint["tiles"][0])
        assert tile.marked and _hint_pixels(app.screen, tile.rect.inflate(6, 6)) > 40
        others = [t for e in scene.decision.flow if e[0] == "tiles" for t in e[1] if t is not tile]
        assert others and not any(t.marked for t in others)
        # the panel built again (a pick of another tile) keeps the mark while the hint is shown
        other = next(t for t in others if t.on_click is not None)
        click(app, other.rect.center)
        app.step()
        assert _tile(scene, hint["tiles"][0]).marked and scene.computer.hint is not None
        # a look at the log's past and back to the present: the panel made again, the mark kept
        scene.look_back(len(g.log) - 3)
        app.step()
        scene.back_to_present()
        app.step()
        assert scene.computer.hint is not None and _tile(scene, hint["tiles"][0]).marked
        scene.computer.cancel()  # (what an undo, a new game or leaving does)
        app.step()
        assert not _tile(scene, hint["tiles"][0]).marked
        assert _hint_pixels(app.screen, _tile(scene, hint["tiles"][0]).rect.inflate(6, 6)) == 0
    finally:
        scene.computer.close()


def test_the_hint_box_leaves_the_hinted_region_in_sight(make_app, rohan):
    """The hint's box sits under the top of the board, unless it would cover a hinted region's
    centre: then it goes to the bottom of the board (the tinted region stays in sight)."""
    from botwotr.ui.hud import draw_hint

    app, g, scene = _scene_at(make_app, rohan, 26)
    try:
        board = scene.board.rect
        hint = {"command": {"cmd": "pass", "side": "fp"}, "reason": {"code": "only", "params": {}}, "regions": []}
        top = draw_hint(app.screen, board, scene.theme, rohan, g.state, hint)
        assert top.top < board.centery
        covered = top.center
        low = draw_hint(app.screen, board, scene.theme, rohan, g.state, hint, avoid=[covered])
        assert low.bottom > board.centery and not low.collidepoint(covered)
        far = (board.x + 5, board.bottom - 5)
        assert draw_hint(app.screen, board, scene.theme, rohan, g.state, hint, avoid=[far]) == top
    finally:
        scene.computer.close()


def test_the_hinted_region_keeps_its_tint_after_a_look_back(make_app, rohan):
    """The hint's regions are tinted in its own colour; looking at the log's past and coming back
    (the scene refreshed, the decision's own highlights laid again) keeps the tint while the hint
    is shown; the die it uses is outlined."""
    app, g, scene = _scene_at(make_app, rohan, 9)
    try:
        hint = _hint(app, scene)
        assert hint["regions"] == [hint["command"]["region"]]
        region = hint["regions"][0]
        assert scene.board.highlights.get(region) == HINT_COLOUR
        assert _tile(scene, f"die:{hint['command']['die']}").marked
        scene.look_back(len(g.log) - 2)
        app.step()
        scene.back_to_present()
        app.step()
        assert scene.computer.hint is not None and scene.board.highlights.get(region) == HINT_COLOUR
        assert _tile(scene, f"die:{hint['command']['die']}").marked
    finally:
        scene.computer.close()


def test_a_hinted_pass_marks_the_pass_tile_beside_the_dice():
    """A hint to pass (R-8.4) outlines the Pass tile the player picks first, beside the dice;
    one to pass with an action token (R-8.5) too; a die's use outlines its die."""
    from botwotr.ui.computer import hint_marks

    assert hint_marks({"cmd": "pass", "side": "fp"})["tiles"] == ["die:pass"]
    assert hint_marks({"cmd": "pass", "side": "fp", "token": "rally"})["tiles"] == ["die:pass"]
    assert hint_marks({"cmd": "use_die", "side": "fp", "die": 2, "action": "rally"})["tiles"] == ["die:2"]
