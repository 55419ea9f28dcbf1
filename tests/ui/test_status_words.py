"""The words of the side summaries and the decision lines say what is true at that moment: the
dice line says "to roll" only until the side has rolled (R-8.1), a fate draw allowing two draws
says two (R-7.3), and the combat roll says when a border's 6+ applies (R-10.10)."""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from botwotr.ui import resources as res  # noqa: E402

from test_decision_panels import (answer, battle_game, kind, new_rohan, open_scene,  # noqa: E402
                                  to_rolls, top)


def strings_drawn(app, monkeypatch) -> list[str]:
    seen: list[str] = []
    real = res.text

    def rec(s, *a, **kw):
        seen.append(s)
        return real(s, *a, **kw)

    monkeypatch.setattr(res, "text", rec)
    scene = app.scene
    keep = getattr(scene, "cache_panels", None)
    if keep is not None:
        scene.cache_panels = False  # every text of the frame drawn again, not blitted from the panels' picture
    try:
        app.step([])
    finally:
        if keep is not None:
            scene.cache_panels = keep
    monkeypatch.setattr(res, "text", real)
    return seen


def test_dice_line_stops_saying_to_roll_once_rolled_R_8_1(make_app, rohan, monkeypatch):
    g = new_rohan(rohan)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "palantir_room"})
    for _ in range(40):
        if kind(g) == "roll_dice":
            break
        p = top(g)
        if p["kind"] == "place_leadership":
            answer(g, "place_leadership_token", region="isen_vale")
        elif p["kind"] == "fate_draw":
            answer(g, "draw_fate")
        elif p["kind"] == "fate_decide":
            answer(g, "keep_fate")
        else:
            raise AssertionError(p)
    assert kind(g) == "roll_dice"
    app, scene = open_scene(make_app, g)
    sh = g.state["sides"]["sh"]
    n_sh = sh["dice"] - len(sh["box"])
    fp_line, sh_line = "4 action dice to roll", f"{n_sh} action dice to roll"
    before = [s for s in strings_drawn(app, monkeypatch) if s.endswith("to roll")]
    assert before == [fp_line, sh_line]  # the Free Peoples' summary first, then the Shadow's
    g.submit({"cmd": "roll_dice", "side": "fp", "outcomes": ["army_muster", "muster", "event", "character"]})
    scene.refresh(force=True)
    after = strings_drawn(app, monkeypatch)
    to_roll = [s for s in after if s.endswith("to roll")]
    assert to_roll == [sh_line]  # the Shadow have not rolled; the Free Peoples have


def test_fate_draw_says_how_many_draws_R_7_3(make_app, rohan):
    g = new_rohan(rohan)
    g.submit({"cmd": "choose_position", "side": "sh", "position": "balcony"})
    while kind(g) == "place_leadership":
        answer(g, "place_leadership_token", region="isen_vale")
    assert kind(g) == "fate_draw"
    left = top(g).get("left", 1)
    app, scene = open_scene(make_app, g)
    text = scene.decision.prompt.text
    assert f"{left} draw" in text
    if left == 2:
        assert "2 draws allowed" in text


def test_combat_roll_says_the_6_applies_in_the_first_round_R_10_10(make_app, rohan):
    g = to_rolls(battle_game(rohan))
    assert kind(g) == "combat_roll"
    app, scene = open_scene(make_app, g)
    detail = scene.decision.detail.text
    assert "in the first round" in detail and "6+" in detail and "R-10.10" in detail
    assert "wall in the first 3 rounds" in detail  # Rohan's walls hold for three rounds
