"""Where the characters stand on the board: how often a character's portrait or name tag covers a
region's name, or an army's piece or its count (docs/ui.md, "Where the characters stand").

    python bench/character_places.py [--seeds 6] [--commands 400] [--every 20]

Six random games a scenario (seeds 0-5), each opened in a companion window at 1280x720 and
1920x1080 (the public view: every character drawn); every `--every` commands over the first
`--commands` the board is drawn and each character's portrait and tag are compared with every
region's name plate (`BoardView._label_rect`) and every army piece with the room of its count
badge. Prints, per scenario and size, the characters drawn, those touching a name (and the area
covered) and those touching an army piece, and the regions where names were touched most.
Not a timing: a census of the pictures (set TREE to measure another checkout).
"""

from __future__ import annotations

import argparse
import collections
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=6)
    ap.add_argument("--commands", type=int, default=400)
    ap.add_argument("--every", type=int, default=20)
    a = ap.parse_args()
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    sys.path.insert(0, os.environ.get("TREE", os.path.join(HERE, "..")))
    import pygame

    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.ui.scenes.game import GameScene
    from botwotr.ui.siege_view import overlap
    from window_game import new_window, random_command

    where: collections.Counter = collections.Counter()
    print("| scenario | size | characters drawn | touching a name | name area (px²) | touching an army piece or count |")
    print("|---|---|---|---|---|---|")
    for scenario in ("rohan", "gondor"):
        for size in ((1280, 720), (1920, 1080)):
            drawn = on_name = area = on_army = 0
            for seed in range(a.seeds):
                g, rng = Game.new(spec_for(scenario), seed=seed), random.Random(seed)
                app = new_window(size)
                scene = GameScene(app, g, mode="companion")
                app.push(scene)
                for k in range(a.commands):
                    if g.state["winner"]:
                        break
                    if k % a.every == 0:
                        scene.refresh(force=True)
                        app.step([])
                        bv, theme = scene.board, scene.theme
                        names = [(rid, bv._label_rect(rid, theme)) for rid in bv.layout.polygons]
                        b = bv.count_room()
                        armies = [
                            pygame.Rect(r.x, r.y, r.w + b, r.h + b)
                            for key, r in bv.piece_rects.items()
                            if key[0] in ("unit", "leaders", "damage")
                        ]
                        for key, r in bv.piece_rects.items():
                            if key[0] != "char":
                                continue
                            tag = bv.tag_rect(key[1], r, theme)
                            drawn += 1
                            covered = sum(overlap(x, n) for x in (r, tag) for _rid, n in names)
                            if covered:
                                on_name += 1
                                area += covered
                                region = g.state["chars"][key[1]]["region"]
                                hit = tuple(rid for rid, n in names if n.colliderect(r) or n.colliderect(tag))
                                where[(scenario, region, hit)] += 1
                            if any(x.collidelist(armies) >= 0 for x in (r, tag)):
                                on_army += 1
                    g.submit(random_command(g, rng))
            print(f"| {scenario} | {size[0]}x{size[1]} | {drawn} | {on_name} | {area} | {on_army} |")
    print("\nWhere names were touched most (scenario, the character's region, the names touched): drawings")
    for (scenario, region, hit), n in where.most_common(8):
        print(f"- {scenario}, {region}, {', '.join(hit)}: {n}")
    return 0



if __name__ == "__main__":
    raise SystemExit(main())
