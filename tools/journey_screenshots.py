"""Render three pictures of play, headless, at 1920x1080:

- docs/img/board_midgame.png: the Battle for Rohan after a few turns of GreedyBot play, in the
  action phase, shown in hotseat to the player whose die it is;
- docs/img/battle.png: a battle in progress, the leader re-roll decision with both rolls on screen;
- docs/img/hotseat_cover.png: the hotseat curtain asking to hand the screen to the Shadow player.

    SDL_VIDEODRIVER=dummy python tools/journey_screenshots.py [OUT_FOLDER] [--seed N]
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from botwotr.catalog import spec_for  # noqa: E402
from botwotr.core import Game  # noqa: E402
from botwotr.core.bots import GreedyBot, deciding_side  # noqa: E402
from botwotr.ui.app import App, StepClock  # noqa: E402
from botwotr.ui.scenes.game import GameScene  # noqa: E402

SIZE = (1920, 1080)


def bot_play(spec, until, seed, limit=4000, tries=20):
    """A game that GreedyBots play until `until(game)` holds (checked before every command);
    the next seed when the game ends first."""
    for s in range(seed, seed + tries):
        game = Game.new(spec, seed=s)
        bots = {"fp": GreedyBot(s), "sh": GreedyBot(s + 1)}
        for _ in range(limit):
            if game.state["winner"]:
                break
            if until(game):
                return game
            side = deciding_side(game.state)
            cmds = [c for c in game.legal_commands() if c["side"] == side]
            game.submit(bots[side].choose(game, cmds))
    raise RuntimeError("the bots did not reach the position asked for")


def pending(game):
    return game.state["pending"][-1] if game.state["pending"] else None


def shoot(home, game, path, lift=True, prep=None):
    app = App(size=SIZE, clock=StepClock(), home=home)
    try:
        scene = GameScene(app, game, mode="hotseat")
        app.push(scene)
        app.step()
        if lift and scene.curtain:
            x, y = scene.btn_reveal.rect.center
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=(x, y), button=1))
                app.step()
        if prep:
            prep(app, scene)
        for _ in range(90):  # the animations settle
            app.step()
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(2, SIZE[1] - 2), rel=(0, 0), buttons=(0, 0, 0)))
        app.step()
        app.screenshot(path)
        print(path)
    finally:
        app.close()


def main(argv=None) -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("out", nargs="?", default=str(Path(__file__).resolve().parent.parent / "docs" / "img"))
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    home = Path(tempfile.mkdtemp(prefix="botwotr-journey-shots-"))
    rohan = spec_for("rohan")

    # a mid-game position: turn 4, a few actions into the action phase
    g = bot_play(rohan, lambda g: g.state["turn"] >= 4 and (pending(g) or {}).get("kind") == "action"
             and sum(len(g.state["sides"][s]["rolled"]) for s in ("fp", "sh")) <= 6, args.seed)
    shoot(home, g, out / "board_midgame.png")

    # a battle: the leader re-roll decision, both rolls made
    def big_reroll(g):
        rolls = (g.state.get("battle") or {}).get("rolls") or {}
        return (pending(g) or {}).get("kind") == "reroll" and len(rolls) == 2 \
            and min(len(r["dice"]) for r in rolls.values()) >= 3
    g = bot_play(rohan, big_reroll, args.seed + 1)

    def pick_a_die(app, scene):
        from botwotr.core.battle import die_value
        roll = g.state["battle"]["rolls"][pending(g)["side"]]
        miss = [i for i, d in enumerate(roll["dice"]) if die_value(d, roll["mod"]) < roll["target"]]
        w = scene.decision.find(f"die:{miss[0] if miss else 0}")
        if w is not None:
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                pygame.event.post(pygame.event.Event(kind, pos=w.rect.center, button=1))
                app.step()
    shoot(home, g, out / "battle.png", prep=pick_a_die)

    # the curtain: the Free Peoples have just acted, the Shadow's turn to look
    g = bot_play(rohan, lambda g: g.state["turn"] >= 2 and (pending(g) or {}).get("kind") == "action"
             and pending(g)["side"] == "sh", args.seed + 2)
    shoot(home, g, out / "hotseat_cover.png", lift=False)


if __name__ == "__main__":
    sys.exit(main())
