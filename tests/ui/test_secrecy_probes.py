"""Hotseat and companion secrecy over whole games, with the player at the screen looking around
(R-15): at a seeded sample of moments every tooltip the scene offers is hovered and drawn, and
the Edit board mode (every page), the menu, the help overlay, the full log, a look back and the
Picture button are opened and closed through their own buttons and keys. The model of who may be
at the screen and what each seat holds secret is `test_secrecy`'s (its docstring).
`bench/secrecy.py --probe-rate 0.03` runs it over many games."""
from __future__ import annotations


from test_secrecy import PROBES, Harness, Recorder, play_checked



def _assert_clean(h):
    assert not h.found, f"{len(h.found)} frames leak; first: " + "\n".join(h.found[:5])


def test_hovering_everything_and_opening_every_view_never_shows_a_seat_secret_R15(rohan, tmp_path):
    """R-15, Rohan in hotseat: a whole game with the pointer resting on everything that has a
    tooltip (board regions, pieces, tracks, decks, the side panels' cards and dice, the decision
    tiles, the log, the toolbar) and every other view opened at sampled moments."""
    h = play_checked(rohan, 6, tmp_path, max_commands=5000, probe_rate=0.016)
    assert h.game.state.get("winner"), "the game was played to its end"
    _assert_clean(h)
    assert set(h.probed) == set(PROBES), h.probed  # every view was opened at least once
    assert h.hovers > 200 and h.tips > h.hovers  # tooltips were drawn, and checked


def test_gondor_hotseat_games_never_show_a_seat_secret_R15(gondor, tmp_path):
    """R-15, the Battle for Gondor in hotseat (its own cards, the Darkness, the siege's
    decisions): a whole game through the window, hovering and opening the other views now and then."""
    h = play_checked(gondor, 2, tmp_path, max_commands=5000, probe_rate=0.004, undo_rate=0.03)
    assert h.game.state.get("winner"), "the game was played to its end"
    _assert_clean(h)
    assert h.covers >= 4 and h.hovers > 50 and len(h.probed) >= 2, (h.covers, h.hovers, h.probed)


def test_companion_tracked_cards_are_entered_behind_the_sides_cover_R15(rohan, tmp_path):
    """R-15, companion mode with tracked cards: a side enters the cards it drew (`card_draw`, its
    hand on the screen) only after the screen was handed to it; every outcome is entered in the
    dialog by mouse; tooltips and the other views are checked as in hotseat."""
    h = play_checked(rohan, 11, tmp_path, mode="companion", options={"companion": True}, max_commands=90,
                     probe_rate=0.03)
    _assert_clean(h)
    # the opening hands and turn 2's draws: each side's entry behind its own cover
    assert h.draw_covers >= 4 and h.dialogs >= 10, (h.draw_covers, h.dialogs)


def test_the_check_sees_a_secret_in_a_tooltip(rohan, tmp_path, monkeypatch):
    """The check is not blind to tooltips: a planted tooltip over the side panels that names the
    cards of both hands is found as soon as it is hovered while the other seat may look."""
    from botwotr.ui import hud
    from botwotr.ui.widgets import Tip

    def leaky(panel, pos):
        if not panel.rect.collidepoint(pos):
            return None
        st = panel.view and panel.view.get("sides")
        spec = panel.spec
        names = [spec.cards[c].title for side in ("fp", "sh") for c in scene_state["g"].state["sides"][side]["hand"]]
        return Tip("Hands", lines=names) if st is not None else None

    scene_state = {}
    monkeypatch.setattr(hud.SidesPanel, "tooltip_at", leaky)
    h = Harness(rohan, 3, tmp_path, probe_rate=0.3, probes=("help",))
    scene_state["g"] = h.game
    try:
        h.run(max_commands=30, stop_at_first=True)
    finally:
        h.close()
    assert h.found and "card title" in h.found[0], h.found[:1]


# -- Edit board in hotseat: the public view while both players edit ---------------------------------

def _to_action(make_app, rohan):
    from botwotr.core import Game
    from botwotr.ui.scenes.game import GameScene
    from conftest import click
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=5)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step()
    while g.state["pending"][-1]["kind"] != "action":
        if scene.curtain:
            click(app, scene.btn_reveal.rect.center)
        scene.submit(scene.legal[0])
    app.step()
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    return app, g, scene


def test_edit_board_in_hotseat_shows_only_the_public_view_and_covers_after_R15(make_app, rohan):
    """R-15: the player at the screen opens Edit board (its button): both players agree on edits
    at the screen, so the hand goes (the public view, the warning); the Cards page says where a
    card is only when both may know it (the discards, the table). Closing the mode covers the
    screen before the private decision is shown again."""
    from conftest import click
    app, g, scene = _to_action(make_app, rohan)
    me = scene.seat
    assert scene.sides.seat == me and g.state["sides"][me]["hand"]
    mine = {g.spec.cards[c].title for c in g.state["sides"][me]["hand"]}
    rec = Recorder().install()
    try:
        click(app, scene.edit.button.rect.center)
        assert scene.edit.active and scene.message_error and scene.edit.warning.text
        assert scene.sides.seat == "public" and scene.shown == "public"
        rec.take()  # (the press was drawn before the release opened the mode)
        app.step()
        texts, faces, _t = rec.take()
        assert not any(t in s for t in mine for s in texts), "a card of the hand is drawn in the Edit board mode"
        click(app, scene.edit.tabs["cards"].rect.center)
        rows = {it.payload[1]: it.text for it in scene.edit.list.items if it.payload and it.payload[0] == "card"}
        for side in ("fp", "sh"):
            for c in g.state["sides"][side]["hand"]:
                assert rows[c].endswith("not seen (a deck or a hand)"), rows[c]
        assert not any(t.endswith("'s hand") for t in rows.values())
        click(app, scene.edit.button.rect.center)  # closed
        assert not scene.edit.active
        assert scene.curtain == me  # "Hand the screen to ..." before the hand is drawn again
        rec.take()
        app.step()
        texts, faces, _t = rec.take()
        assert not any(t in s for t in mine for s in texts) and not faces
    finally:
        rec.uninstall()
    click(app, scene.btn_reveal.rect.center)
    assert scene.sides.seat == me and scene.curtain is None


def test_edit_board_is_not_offered_under_a_cover(make_app, rohan):
    """Under a cover the toolbar (and so Edit board) is not offered: a click where its button is
    opens nothing."""
    from botwotr.core import Game
    from botwotr.ui.scenes.game import GameScene
    from conftest import click
    app = make_app((1280, 720))
    scene = GameScene(app, Game.new(rohan, seed=5), mode="hotseat")
    app.push(scene)
    app.step()
    assert scene.curtain
    click(app, scene.edit.button.rect.center)
    assert not scene.edit.active and scene.curtain
