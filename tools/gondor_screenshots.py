"""Render the Battle for Gondor screenshots headless (docs/img/gondor_*.png), from real positions
reached through `Game.submit` (the test suite's Gondor position helpers).

    SDL_VIDEODRIVER=dummy python tools/gondor_screenshots.py [OUT_FOLDER]

At 1920x1080 and 1280x720 each:
- gondor_setup_*:    the set-up, the Shadow to place the Witch-king in the Shadow Box;
- gondor_siege_*:    the Pelennor besieged: four catapults (North and East Pelennor) and a siege
                     tower at the Gate Fields, the city's walls lowered by the catapults;
- gondor_breach_*:   the assault from the tower breaches Minas Tirith (protection 0);
- gondor_dawn_*:     the Darkness lifting: fate 6 reached, the Pelennor clear of it;
and gondor_title.png (the title screen with both faces of the board) and gondor_help_1920.png
(the help overlay with the siege's rules).
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
for p in (ROOT, ROOT / "tests", ROOT / "tests" / "scenarios"):
    if str(p) not in sys.path:
        sys.path.insert(0, str(p))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402
from botwotr.ui.scenes.title import TitleScene  # noqa: E402

SIZES = ((1920, 1080), (1280, 720))


def frames(app, n=3):
    for _ in range(n):
        app.step()


def fp_pass(g):
    """The Free Peoples let the Shadow act again (pass if they may, R-8.4, else draw a card)."""
    from gondor_positions import FP, SH, kind, top, use

    if top(g)["kind"] == "action" and top(g)["side"] == FP:
        s = g.state["sides"]
        if len(s[SH]["rolled"]) + len(s[SH]["box"]) > len(s[FP]["rolled"]):
            g.submit({"cmd": "pass", "side": FP})
        else:
            use(g, FP, "event", "draw_generic")
            while kind(g) == "discard":
                g.submit({"cmd": "discard", "side": FP, "card": g.state["sides"][FP]["hand"][0]})


def setup_game():
    from gondor_positions import gondor_game

    return gondor_game(3)


def siege_game():
    """Turn 1: four catapults built in North and East Pelennor. Turn 2: a siege tower at the
    Gate Fields, and the catapults fire once (two hits on Minas Tirith's walls)."""
    from gondor_positions import SH, choose, next_turn, place, ready, to_shadow

    def die(face):
        return g.state["sides"][SH]["rolled"].index(face)

    g = ready(sh=["muster", "muster", "event", "event", "event", "event"], keep_board=True)
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 1})
    place(g, "north_pelennor", SH, {"orcs": 2})
    place(g, "east_pelennor", SH, {"orcs": 2, "olog_hai": 1})
    to_shadow(g)
    for _ in range(2):
        g.submit({"cmd": "use_die", "side": SH, "die": die("muster"), "action": "build_catapults"})
        choose(g, SH, "north_pelennor", "east_pelennor")
        fp_pass(g)
    next_turn(g, sh=["muster", "army", "army", "event", "event", "event", "event", "event", "event"])
    to_shadow(g)
    g.submit({"cmd": "use_die", "side": SH, "die": die("muster"), "action": "build_tower"})
    choose(g, SH, "gate_fields")
    fp_pass(g)
    g.submit({"cmd": "use_die", "side": SH, "die": die("army"), "action": "fire_catapults",
              "outcomes": [5, 6, 2, 4]})
    fp_pass(g)
    return g


def breach_game():
    """From the siege: the army at the Gate Fields assaults with its tower and breaches the city."""
    from gondor_positions import FP, SH, attack, end_battle, fight

    g = siege_game()
    attack(g, SH, "gate_fields", "minas_tirith")
    fight(g, rolls={SH: [6, 6, 6, 5, 5], FP: [1, 1, 1, 1, 1]})  # five hits on the walls
    end_battle(g)
    return g


def dawn_game():
    """The Darkness lifting: fate 4 (two regions) and a west wind, then on to fate 6."""
    from gondor_positions import next_turn, ready

    g = ready(keep_board=True, fate_tile="grey_3a")
    next_turn(g, fate_tile="grey_1d", position="fell_beast")  # fate 4 and a west wind
    next_turn(g, fate_tile="grey_3b")
    next_turn(g, fate_tile="grey_1a")
    return g


def shoot_game(game, out: Path, name: str, home: Path, hover: str | None = None, help_: bool = False):
    for w, h in SIZES:
        app = App(size=(w, h), clock=StepClock(), home=home)
        try:
            scene = GameScene(app, game)
            app.push(scene)
            frames(app, 2)
            scene.lift_curtain()
            frames(app, 3)
            if help_:
                if w != 1920:
                    continue
                scene.show_help = True
                frames(app, 2)
            app.screenshot(out / f"{name}_{w}.png")
        finally:
            pygame.quit()


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="botwotr-gondor-shots-"))
    app = App(size=(1280, 720), clock=StepClock(), home=home)
    try:
        app.push(TitleScene(app))
        frames(app, 2)
        app.screenshot(out / "gondor_title.png")
    finally:
        pygame.quit()
    shots = {
        "gondor_setup": setup_game,
        "gondor_siege": siege_game,
        "gondor_breach": breach_game,
        "gondor_dawn": dawn_game,
    }
    for name, make in shots.items():
        g = make()
        shoot_game(g, out, name, home)
        print(name, g.state["flags"]["gondor"]["protection"], "darkness:",
              len(g.state["flags"]["gondor"]["darkness"]), "fate", g.state["fate"])
    shoot_game(setup_game(), out, "gondor_help", home, help_=True)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "docs" / "img")
