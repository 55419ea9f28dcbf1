"""Solo at the physical table (issue 13): companion mode with the Shadow played by the computer.
The client tells the table what the computer does in words and waits for the players' "Done",
draws the computer's cards itself (its hand is its own: never typed in, never shown), and asks
the players for the dice of the computer's rolls like any other."""
from __future__ import annotations

from botwotr.ai import Budget
from botwotr.core import RuleError
from botwotr.ui.outcomes import OutcomeDialog
from test_computer_games import click


def test_the_computer_at_the_table_is_told_drawn_and_rolled_for(make_app, rohan):
    app = make_app((1280, 720))
    from botwotr.ui.scenes.title import TitleScene

    title = TitleScene(app)
    title.seed = 5
    app.push(title)
    app.step()
    click(app, title.mode_buttons["companion"].rect.center)
    click(app, title.side_rows["sh"]["computer"].rect.center)
    assert not title.btn_cards.enabled  # the computer's hand is tracked by the program
    click(app, title.btn_new.rect.center)
    scene = app.scene
    game = scene.game
    assert scene.mode == "companion" and game.computer == {"sh": "normal"}
    scene.computer.budget_fn = lambda seconds: Budget(iterations=2)
    told = []
    for _ in range(20_000):
        app.step([])
        if isinstance(app.scene, OutcomeDialog):
            break
        assert scene.curtain is None
        if scene.table_move is not None:
            n = len(game.log)
            told.append(scene.table_move["text"])
            click(app, scene.btn_table_done.rect.center)  # the players did it on the real board
            assert len(game.log) == n + 1 or isinstance(app.scene, OutcomeDialog)
            assert game.log[-1]["cmd"]["side"] == "sh" or isinstance(app.scene, OutcomeDialog)
            continue
        if scene.actor == "fp" and scene.legal and scene.computer.thinking is None:
            cmd = dict(next(c for c in scene.legal if c["side"] == "fp"))
            while True:  # the players enter what came up at the table
                try:
                    game.submit(cmd)
                    break
                except RuleError as e:
                    assert e.code == "chance/needs_outcome"
                    cmd["outcomes"] = [*cmd.get("outcomes", []), (e.data.get("options") or [4])[0]]
            scene.refresh()
    else:
        raise AssertionError("the computer never rolled")
    # its cards were drawn by the client: no dialog, its hand hidden from the table's view
    draw = next(e for e in game.log if e["cmd"].get("cmd") == "draw_cards" and e["cmd"].get("side") == "sh")
    assert len(draw["cmd"]["outcomes"]) == len(game.state["sides"]["sh"]["hand"]) > 0
    assert scene.view["sides"]["sh"]["hand"] == ["hidden"] * len(game.state["sides"]["sh"]["hand"])
    assert "The Shadow draws its cards: the program keeps its hand, unseen." in told
    assert "Shadow: Put Saruman in The Balcony." in told or any("Saruman" in t for t in told)
    assert told[-1] == "Shadow: roll the dice."
    # the computer's roll: the players roll its dice and enter them, as for a person
    dlg = app.scene
    assert dlg.cmd["side"] == "sh" and dlg.cmd["cmd"] == "roll_dice"
