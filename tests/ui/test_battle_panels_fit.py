"""A battle's secret choice (the tactic tokens, the combat cards) is whole in its panel without
scrolling, in a Rohan and a Gondor battle at 1280x720 and 1600x900, in every language: the
tokens (two columns of short tiles, the names whole: a long word is written smaller, never cut)
and the first row of cards come first, the battle's banner and odds under them, and the column's
split is kept (`log_room_fault`: the log's 8 lines beside a panel that fits, down to 4 for one
that would scroll). Drawn into a recording surface and measured (tests/ui/test_text_fit.py)."""
from __future__ import annotations

import pytest

from botwotr.core import Game
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.ui.i18n import _, set_language
from botwotr.ui.logtext import unit_name
from botwotr.ui.scenes.game import GameScene
from test_text_fit import TOL, RecordingSurface, check_frame, log_room_fault, recorder  # noqa: F401

SIZES = [(1280, 720), (1600, 900)]


def reach(spec, seed: int, want: str) -> Game:
    """A bot game until a battle's `want` ("tactic", "combat_card": both choose the combat event
    when they can) is pending for both sides."""
    g = Game.new(spec, seed=seed)
    bot = GreedyBot(seed)
    for _step in range(3000):
        p = g.state["pending"][-1] if g.state["pending"] else None
        if p and p["kind"] == want and len(p.get("sides") or ()) == 2:
            return g
        side = deciding_side(g.state)
        legal = [c for c in g.legal_commands() if c["side"] == side]
        event = [c for c in legal if c.get("tactic") == "combat_event"]
        g.submit(event[0] if want == "combat_card" and event else bot.choose(g, legal))
    raise AssertionError(f"no {want} reached")


@pytest.fixture(scope="module")
def battles(rohan, gondor):
    return {(name, want): reach(spec, 1, want) for name, spec in (("rohan", rohan), ("gondor", gondor))
            for want in ("tactic", "combat_card")}


@pytest.fixture
def lang():
    yield set_language
    set_language("en")


@pytest.mark.parametrize("code", ["en", "pt_BR", "es", "ru"])
def test_the_secret_choice_is_whole_without_scrolling(make_app, battles, recorder, lang, code):  # noqa: F811
    lang(code)
    faults = []
    for (name, want), g in battles.items():
        for size in SIZES:
            where = f"{code} {name} {want} {size[0]}x{size[1]}"
            app = make_app(size)
            scene = GameScene(app, g, mode="hotseat")
            scene.cache_panels = False  # the recorder reads the texts drawn onto the surface itself
            app.push(scene)
            app.step()
            scene.lift_curtain()
            app.step()
            panel, seat = scene.decision, scene.seat
            prefix = "tactic" if want == "tactic" else "card"
            tiles = [w for w in panel.children if str(getattr(w, "name", "")).startswith(f"{prefix}:{seat}:")]
            assert tiles and panel.scroll == 0, where
            first_row = [t for t in tiles if t.rect.y == tiles[0].rect.y]
            shown = tiles if want == "tactic" else first_row
            for t in shown:
                if not panel._view.contains(t.rect):
                    faults.append(f"{where}: {t.name} {t.rect} is not whole in the panel's view {panel._view}")
            surf = RecordingSurface(app.size)
            surf.rec = recorder
            recorder.blits.clear()
            scene.draw(surf)
            faults += check_frame(recorder, scene, where)
            if want == "tactic":  # each token's name drawn whole inside its tile (and nothing else)
                names = {t.name: {_("Regroup"), _("Combat event")} if ":maneuver:" not in t.name else
                         {unit_name(scene.game.spec, t.name.split(":")[-1])} for t in tiles}
                for t in tiles:
                    inside = [b["text"] for b in recorder.blits if b["ink"].w and t.rect.contains(b["ink"])
                              and not b["text"].isdigit()]  # (the count badge)
                    if "…" in " ".join(inside) or " ".join(" ".join(inside).split()) not in names[t.name]:
                        faults.append(f"{where}: {t.name}'s name is cut: {inside}")
            if log_room_fault(scene):
                faults.append(f"{where}: {log_room_fault(scene)}")
            app.close()
    assert not faults, "\n".join(faults[:30])


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5])
def test_the_banners_figures_and_damage_stay_on_their_side(scale):
    """The battle banner's row of unit figures and its damage badge stand inside their side's half,
    so they never reach the round's label in the middle (five Orcs and a "-1" used to cover
    "round 1" at 1600x900): side by side when they fit, overlapping like a stack when not, and
    every figure still shows a part."""
    import pygame

    from botwotr.ui.decisions.battle import figure_row

    fs, gap, half = round(20 * scale), round(2 * scale), round(150 * scale)
    for align_right in (False, True):
        for n in range(9):
            for badge in (0, round(18 * scale), round(26 * scale)):
                row = pygame.Rect(100, 40, half, fs)
                places, at = figure_row(row, n, gap, badge, align_right)
                assert len(places) == n
                for r in places:
                    assert row.contains(r), (n, badge, r)
                xs = sorted(r.x for r in places)
                assert all(b - a >= 1 for a, b in zip(xs, xs[1:]))  # each figure shows a part
                if n <= 5:
                    assert all(b - a >= fs // 2 for a, b in zip(xs, xs[1:])), (n, badge)  # an army reads
                if badge:
                    box = pygame.Rect(0, 0, badge, fs)
                    box.center = at
                    assert row.contains(box), (n, badge, box)
                    assert not any(box.colliderect(r.inflate(-2, -2)) for r in places[-1:]) or n == 0
                else:
                    assert at is None
