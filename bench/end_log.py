"""The frame after a game's last command when the public seat's log rows were never made (a game
against the computer shows the person's seat until the end), at 1920x1080, headless.

    PYTHONPATH=TREE python bench/end_log.py [--idle N]     (one process, one figure)

A Rohan random game (seed 7) to one command before its end, in a hotseat window settled; the
public rows dropped (`LogPanel._rows`), then the last command through `GameScene.submit` and its
frame, then 40 frames. `--idle N`: N frames more after the window is settled, before the last
command (a player's first second: the window's warm-up, botwotr/ui/warm.py, runs in them); 0, the
figure before session 9, by default. Prints, in CPU time (`time.process_time`): the whole frame, the log's part
of it (the panel's `refresh`, `grow` and its list's layout) and the same for the frames after;
and of those 40 frames, the ones before the end's dialog is on top (how many, the slowest) and
the ones with it open (how many, the slowest and the median). The window autosaves once before
the last command, as one played in it has (the last command appends to the journal, as most do).
"""

from __future__ import annotations

import json
import os
import random
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> int:
    from botwotr.catalog import spec_for
    from botwotr.core import Game
    from botwotr.ui import panels, widgets
    from botwotr.ui.scenes.game import GameScene
    from window_game import new_window, settle
    from window_game import random_command as command

    spec = spec_for("rohan")
    done, rng, cmds = Game.new(spec, seed=7), random.Random(7), []
    while not done.state["winner"]:
        cmds.append(command(done, rng))
        done.submit(cmds[-1])
    g = Game.new(spec, seed=7)
    for c in cmds[:-1]:
        g.submit(c)
    app = new_window()
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    settle(app, scene)
    idle = int(sys.argv[sys.argv.index("--idle") + 1]) if "--idle" in sys.argv else 0
    for _ in range(idle):
        app.step([])
    warming_left = bool(getattr(scene, "warming", False))
    scene.autosave()
    scene.log_panel._rows.pop("public", None)
    spent = [0.0]

    def timed(cls, name):
        inner = getattr(cls, name)

        def run(*a, **k):
            t = time.process_time()
            try:
                return inner(*a, **k)
            finally:
                spent[0] += time.process_time() - t

        setattr(cls, name, run)

    timed(panels.LogPanel, "refresh")
    timed(widgets.ScrollList, "_layout")
    if hasattr(panels.LogPanel, "grow"):
        timed(panels.LogPanel, "grow")
    t = time.process_time()
    scene.submit(cmds[-1])
    scene.animator.finish()
    app.step([])
    frame, log = time.process_time() - t, spent[0]
    after, log_after, before_dialog, dialog = [], [], [], []
    for _ in range(40):
        spent[0] = 0.0
        t = time.process_time()
        app.step([])
        after.append(time.process_time() - t)
        log_after.append(spent[0])
        (dialog if type(app.scene).__name__ == "GameOverScene" else before_dialog).append(after[-1])
    dialog_ms = sorted(round(f * 1000, 2) for f in dialog) or [0.0]
    out = {"idle frames": idle, "warm-up left": warming_left, "entries": len(g.log), "seat": scene.log_panel.seat, "rows": len(scene.log_panel.list.items),
           "frame ms": round(frame * 1000, 2), "log ms": round(log * 1000, 2),
           "after: slowest frame ms": round(max(after) * 1000, 2), "after: log slowest ms": round(max(log_after) * 1000, 2),
           "after: log total ms": round(sum(log_after) * 1000, 2),
           "before the dialog: frames": len(before_dialog),
           "before the dialog: slowest ms": round(max(before_dialog, default=0.0) * 1000, 2),
           "dialog open: frames": len(dialog), "dialog open: slowest ms": dialog_ms[-1],
           "dialog open: median ms": dialog_ms[len(dialog_ms) // 2]}  # fmt: skip
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.path.insert(0, os.getcwd())
    raise SystemExit(main())
