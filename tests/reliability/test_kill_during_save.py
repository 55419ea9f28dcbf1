"""A child process that autosaves in a loop is killed with SIGKILL at random moments; every time,
the next start finds the most recent game's autosave and it loads and verifies. Every game has its
own autosave file (the child starts a new game after each win): no earlier game's file is lost."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

from botwotr.persistence import autosave
from helpers import TEST_SCENARIO, scenario_spec

KILLS = 25

CHILD = r'''
import random, sys
from botwotr.content import load_scenario
from botwotr.core import Game
from botwotr.persistence.autosave import autosave
spec = load_scenario(sys.argv[1])
folder = sys.argv[2]
seed = int(sys.argv[3])
g = Game.new(spec, seed=seed)
rng = random.Random(seed)
g.submit(rng.choice(g.legal_commands()))
autosave(g, folder)
print("ready", flush=True)
while True:
    if g.state["winner"]:
        g = Game.new(spec, seed=seed + 1000)
    g.submit(rng.choice(g.legal_commands()))
    autosave(g, folder)
'''


def spec_for(name):
    if name != scenario_spec().id:
        raise KeyError(name)
    return scenario_spec()


def test_sigkill_during_autosave_never_loses_the_game(tmp_path):
    rng = random.Random(1)
    lost = 0
    seen: set = set()
    env = dict(os.environ)
    for i in range(KILLS):
        p = subprocess.Popen([sys.executable, "-c", CHILD, str(TEST_SCENARIO), str(tmp_path), str(i)],
                             stdout=subprocess.PIPE, env=env)
        assert p.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.05, 0.4))
        p.send_signal(signal.SIGKILL)
        p.wait()
        # the next start: leftover temporary files are removed, the most recent game opens
        autosave.prepare(tmp_path, older_than=0)
        game, problems = autosave.load_latest(spec_for, tmp_path)
        if game is None:
            lost += 1
        files = set(autosave.games(tmp_path))
        assert seen <= files, "an earlier game's autosave is gone"
        seen = files
        for f in files:  # every game ever started is still there and loads
            assert autosave.load_path(f, spec_for) is not None
    assert lost == 0, f"{lost} of {KILLS} kills left no loadable autosave"
    assert len(seen) >= KILLS  # one game (at least) per child, none overwritten by the next
    leftovers = [p.name for p in (tmp_path / autosave.SAVES).iterdir() if p.name.endswith(".tmp")]
    assert leftovers == [], leftovers
