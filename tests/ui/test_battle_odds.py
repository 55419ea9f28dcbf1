"""Battle odds in the window (issue 13; docs/battles.md "Battle odds"): dragging an army onto an
enemy shows the odds of the battle it would start under the drop label; the battle's panels show
the round's odds and the chance to win if both fight on, from the seat's view only, updated as the
tactics are chosen; in companion mode too. Driven with posted mouse events in real Rohan
positions.

`python tests/ui/test_battle_odds.py [OUT]` renders the PNGs looked at for the issue (an aimed
attack, a battle panel while the chance to win is counted and when done, at 1600x900 and
1920x1080)."""
from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame  # noqa: E402

from botwotr.core import Game  # noqa: E402
import botwotr.core.odds as O  # noqa: E402
import botwotr.ui.decisions.battle as BO  # noqa: E402
from botwotr.core.odds import odds_for  # noqa: E402
from botwotr.ui.decisions.battle import odds_summary, odds_texts  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402
from helpers import clear_board, place, to_actions  # noqa: E402

from conftest import click  # noqa: E402


def aimed(rohan):
    """Rohan: the Free Peoples (Westemnet: 2 Riders, a Footman, a leader) have chosen to attack
    with their Army die; the Shadow holds the Isen Vale (2 Uruk-hai, 1 Orc, 2 markers)."""
    g = Game.new(rohan, seed=3)
    clear_board(g)
    place(g, "westemnet", "fp", {"rohan_riders": 2, "rohan_footmen": 1}, leaders=1)
    place(g, "isen_vale", "sh", {"uruk_hai": 2, "orcs": 1}, damage=2)
    to_actions(g, fp=["army_muster", "army_muster", "character", "muster"], sh=["army", "muster", "event", "event"],
               position="palantir_room")
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"})
    assert g.state["pending"][-1]["kind"] == "attack"
    return g


def open_scene(app, g, mode):
    scene = GameScene(app, g, mode=mode)
    app.push(scene)
    app.step()
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    app.step()
    return scene


def _post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def hold_over(app, scene, src, dst):
    """Press on the army in `src` and drag it over `dst` without letting go."""
    bv = scene.board
    a = bv.piece_rects[next(k for k in bv.piece_rects if k[0] == "unit" and k[1] == src)].center
    x, y = bv.camera.to_screen(*bv.layout.anchor(dst, "army"))
    b = (round(x), round(y))
    _post(pygame.MOUSEMOTION, pos=a, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=a, button=1)
    app.step()
    for i in range(1, 5):
        p = (a[0] + (b[0] - a[0]) * i // 4, a[1] + (b[1] - a[1]) * i // 4)
        _post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=(1, 0, 0))
        app.step()
    return b


def panel_texts(scene):
    return [getattr(w, "text", "") for w in scene.decision.children]


def render(out: Path, rohan):
    from botwotr.ui.app import App, StepClock

    out.mkdir(parents=True, exist_ok=True)
    for size in ((1600, 900), (1920, 1080)):
        app = App(size=size, clock=StepClock(1 / 60), home=out / "home")
        g = aimed(rohan)
        scene = open_scene(app, g, "hotseat")
        hold_over(app, scene, "westemnet", "isen_vale")
        pygame.image.save(app.screen, str(out / f"odds_aimed_{size[0]}.png"))
        _post(pygame.MOUSEBUTTONUP, pos=(0, 0), button=1)
        app.step()
        g.submit({"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"})
        while g.state["pending"][-1]["kind"] == "discard":
            p = g.state["pending"][-1]
            g.submit({"cmd": "discard", "side": p["side"], "card": g.state["sides"][p["side"]]["hand"][0]})
        scene.refresh(force=True)
        app.step()
        if scene.curtain:
            click(app, scene.btn_reveal.rect.center)
        O._CHAINS.clear()
        BO.ODDS_BUDGET = 0.0  # one step a frame: the count still going after three frames
        for _ in range(3):
            app.step()
        pygame.image.save(app.screen, str(out / f"odds_counting_{size[0]}.png"))
        BO.ODDS_BUDGET = 0.003
        while BO.odds_counting():
            app.step()
        app.step()
        pygame.image.save(app.screen, str(out / f"odds_tactic_{size[0]}.png"))
        app.close()


if __name__ == "__main__":
    from botwotr.catalog import spec_for

    render(Path(sys.argv[1] if len(sys.argv) > 1 else "/tmp/odds"), spec_for("rohan"))


def test_dragging_onto_an_enemy_shows_the_odds_then_the_battle_panels_update(make_app, rohan, monkeypatch):
    """Hotseat, the Free Peoples' view: an army dragged over the enemy shows under its drop label
    the exact first-round odds of the battle it would start (from the seat's view: the Shadow's
    tactic unknown); dropped, the tactic panel shows the odds with the chance to win; once both
    tactics are chosen and revealed (the Riders' maneuver: the Charge, R-10.4.4), the roll panel's
    odds count them (nothing unknown any more) and are the core's odds of the public view."""
    g = aimed(rohan)
    O._CHAINS.clear()  # the first count of these armies
    monkeypatch.setattr(BO, "ODDS_BUDGET", 0.0)
    app = make_app((1600, 900))
    scene = open_scene(app, g, "hotseat")
    assert scene.shown == "fp"
    b = hold_over(app, scene, "westemnet", "isen_vale")
    lines = scene.dragdrop._odds_lines("isen_vale")
    assert len(lines) == 2 and lines[0].startswith("Free Peoples kill 1+: ") and lines[1].startswith("Shadow kill")
    _post(pygame.MOUSEBUTTONUP, pos=b, button=1)
    app.step()
    assert g.log[-1]["cmd"]["cmd"] == "attack" and g.log[-1]["cmd"]["target"] == "isen_vale"
    while g.state["pending"][-1]["kind"] == "discard":  # terrain superiority may draw one too many
        p = g.state["pending"][-1]
        g.submit({"cmd": "discard", "side": p["side"], "card": g.state["sides"][p["side"]]["hand"][0]})
    for _ in range(3):
        app.step()
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    texts = panel_texts(scene)
    assert type(scene.decision).__name__ == "TacticPanel" and scene.shown == "fp"
    assert "Odds this round" in texts and "The Shadow: tactic unknown, counted as plain dice." in texts
    # the whole battle is counted a step a frame: the round's figures at once, the chance to win
    # once the chain is done, the frames drawn meanwhile (one step a frame here: budget 0)
    frames = 0
    lab = next(w for w in scene.decision.children if getattr(w, "text", "") == "Win if both fight on: counting…")
    scene.decision.reveal(lab)  # (under the tokens: scrolled into view, as with the wheel)
    app.step()
    shot = app.screen.subsurface(lab.rect).copy()
    while not any(t.startswith("Win if both fight on: Free Peoples ") for t in texts):
        assert "Win if both fight on: counting…" in texts and "Odds this round" in texts
        assert app.step() and frames < 5000  # a frame drawn (App.step: one update, one draw)
        frames += 1
        texts = panel_texts(scene)
    assert frames > 10 and not BO._COUNTING
    app.step()  # the label filled in place, and drawn again
    assert lab.text.startswith("Win if both fight on: Free Peoples ")
    assert app.screen.subsurface(lab.rect).copy().get_view().raw != shot.get_view().raw
    win = next(t for t in texts if t.startswith("Win if both fight on: Free Peoples "))
    assert win == odds_summary(odds_for(g.spec, g.rules, g.view_for("fp"), "fp"))  # = the one-shot count
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "maneuver:rohan_riders"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "regroup"})
    for _ in range(3):
        app.step()
    if scene.curtain:
        click(app, scene.btn_reveal.rect.center)
    texts = panel_texts(scene)
    assert type(scene.decision).__name__ == "CombatRollPanel"
    assert not any("unknown" in t for t in texts)
    want = odds_texts(odds_for(g.spec, g.rules, g.view_for("public"), "public"))
    shown = [t for t in texts if t in {w for w, _s in want}]  # each once: the chance to win on top
    assert sorted(shown) == sorted(t for t, _s in want) and shown[0].startswith("Win if both fight on")
    assert next(t for t in texts if t.startswith("Win if both fight on: Free Peoples ")) != win  # the Charge


def test_a_new_games_odds_are_its_own_even_where_an_old_states_id_comes_back(rohan):
    """The window keeps odds per position (the state's id and the log's length): a game dropped and
    a new one at the same log length (Play again, a game loaded) may get a state at the freed
    state's address. Its odds must be its own: two positions that differ in the defenders (2 or 3
    Uruk-hai), each counted after the other was dropped, many times, each equal to the core's."""
    import gc

    from helpers import to_actions as _to_actions

    def position(uruks):
        g = Game.new(rohan, seed=3)
        clear_board(g)
        place(g, "westemnet", "fp", {"rohan_riders": 2, "rohan_footmen": 1}, leaders=1)
        place(g, "isen_vale", "sh", {"uruk_hai": uruks, "orcs": 1}, damage=2)
        _to_actions(g, fp=["army_muster", "army_muster", "character", "muster"],
                    sh=["army", "muster", "event", "event"], position="palantir_room")
        g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"})
        return g

    def attack_of(g):
        return next(c for c in g.legal_commands() if c["cmd"] == "attack" and c["target"] == "isen_vale")

    a = position(2)
    shown = BO.battle_odds(a, a.view_for("fp"), "fp", attack_of(a), whole=False)
    assert shown == odds_for(a.spec, a.rules, a.view_for("fp"), "fp", dict(attack_of(a)), False)
    (key_a,) = [k for k in BO._ODDS if k[0] == id(a.state)]
    b = position(3)
    assert len(b.log) == len(a.log)  # the same key but for the state's id
    # what a reused id gives: A's entry found under the key B's state now has
    key_b = (id(b.state),) + key_a[1:]
    BO._ODDS[key_b] = BO._ODDS[key_a]
    theirs = odds_for(b.spec, b.rules, b.view_for("fp"), "fp", dict(attack_of(b)), False)
    assert theirs != shown  # (the positions' odds differ: 2 or 3 Uruk-hai)
    assert BO.battle_odds(b, b.view_for("fp"), "fp", attack_of(b), whole=False) == theirs
    del a
    gc.collect()
    # and ids do come back: over a few games dropped, the window's odds are each game's own
    for n in range(6):
        g = position(2 + n % 2)
        view, attack = g.view_for("fp"), attack_of(g)
        assert BO.battle_odds(g, view, "fp", attack, whole=False) == odds_for(g.spec, g.rules, view, "fp",
                                                                                dict(attack), False), n
        del g, view
        gc.collect()


def test_companion_mode_shows_the_same_odds(make_app, rohan):
    """Companion mode (the physical table): the same odds in the tactic panel where both tactics
    are entered, from the public view (nobody's secrets are known to the program)."""
    g = aimed(rohan)
    g.submit({"cmd": "attack", "side": "fp", "from": "westemnet", "target": "isen_vale"})
    while g.state["pending"][-1]["kind"] == "discard":
        p = g.state["pending"][-1]
        g.submit({"cmd": "discard", "side": p["side"], "card": g.state["sides"][p["side"]]["hand"][0]})
    app = make_app((1600, 900))
    scene = open_scene(app, g, "companion")
    texts = panel_texts(scene)
    assert type(scene.decision).__name__ == "TacticPanel"
    want = [t for t, _s in odds_texts(odds_for(g.spec, g.rules, g.view_for(scene.shown), scene.shown))]
    assert want and all(t in texts for t in want)
