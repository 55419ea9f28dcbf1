"""A Rohan random game in a headless hotseat window, for the window benches
(bench/first_commands.py, bench/command_frames.py, bench/end_log.py). botwotr is imported when a
function is called: a bench that runs another tree puts it on the path first."""

from __future__ import annotations

import tempfile
import time


def random_command(g, rng):
    """A random legal command of the side the game waits for (or of both players together)."""
    from botwotr.core.bots import deciding_side

    side = deciding_side(g.state)
    return rng.choice([c for c in g.legal_commands() if c.get("side") in (side, "players")] or g.legal_commands())


def new_window(size=(1920, 1080)):
    """The window (an App with the step clock, a home of its own, not resizable)."""
    from botwotr.ui.app import App, StepClock

    return App(size=size, clock=StepClock(1 / 60), home=tempfile.mkdtemp(), resizable=False)


def settle(app, scene) -> None:
    """Frames (the cover lifted) until the board, the panels and the log are settled."""
    for _ in range(300):
        if scene.curtain:
            scene.lift_curtain()
        app.step([])
        if not (scene.board.smoothing or scene.panels_settling or getattr(scene.log_panel, "growing", False)):
            break


def open_hotseat(app, g) -> tuple:
    """`g` opened in a hotseat game scene in `app` and its first frame drawn, then settled:
    (the scene, the CPU seconds of the opening: the scene and its first frame)."""
    from botwotr.ui.scenes.game import GameScene

    t = time.process_time()
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step([])
    opening = time.process_time() - t
    settle(app, scene)
    return scene, opening


def command_frame(app, scene, g, rng) -> float:
    """A random command through `GameScene.submit` and its frame (the cover lifted before it):
    their CPU seconds; then the animation finished and 20 frames."""
    if scene.curtain:
        scene.lift_curtain()
    cmd = random_command(g, rng)
    t = time.process_time()
    scene.submit(cmd)
    app.step([])
    spent = time.process_time() - t
    scene.animator.finish()
    for _ in range(20):
        if scene.curtain:
            scene.lift_curtain()
        app.step([])
    return spent


def runs_in_turn(script: str, args: list[str], runs: int, here: str, against: str | None) -> tuple[dict, list]:
    """`script --one ARGS` in a fresh process per run, for this tree (`here`/..) and, with
    `against`, another checkout (PYTHONPATH and TREE set to it), the trees' order swapped run by
    run: ({tree name: [each run's JSON result]}, the load average after each run)."""
    import json
    import os
    import subprocess
    import sys

    trees = {"this": os.path.join(here, "..")}
    if against:
        trees["other"] = against
    results: dict[str, list] = {k: [] for k in trees}
    loads = []
    for r in range(runs):
        for name, tree in trees.items() if r % 2 == 0 else reversed(list(trees.items())):
            env = dict(os.environ, TREE=tree, PYTHONPATH=tree)
            p = subprocess.run(
                [sys.executable, script, "--one", *args], capture_output=True, text=True, env=env, check=True
            )
            results[name].append(json.loads(p.stdout.strip().splitlines()[-1]))
        loads.append(os.getloadavg()[0])
    return results, loads
