"""A child process that autosaves in a loop is killed with SIGKILL at random moments; every time,
the next start finds the most recent game's autosave and it loads and verifies. Every game has its
own autosave file (the child starts a new game after each win): no earlier game's file is lost.

The autosave appends each command's entries to a journal and writes the whole game again only now
and then (compaction). The child says after every autosave how many entries it has written; the
game loaded after the kill must hold at least those (nothing that was saved is lost) and be a
prefix of what the child played (nothing invented, nothing half-written). The kills land in
appends with the usual policy, and in compactions with a policy that compacts every 3 entries."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time

import pytest

from botwotr.core import Game
from botwotr.persistence import autosave
from helpers import TEST_SCENARIO, scenario_spec

KILLS = int(os.environ.get("BOTWOTR_KILLS", "15"))  # per policy; 25 until session 5 (bench: BOTWOTR_KILLS=100)

CHILD = r"""
import random, sys
from botwotr.content import load_scenario
from botwotr.core import Game
from botwotr.persistence import autosave as A
spec = load_scenario(sys.argv[1])
folder = sys.argv[2]
seed = int(sys.argv[3])
if sys.argv[4] == "compact":  # write the whole game every 3 entries: most kills land in a compaction
    A.JOURNAL_MIN, A.JOURNAL_RATIO = 3, 0.0
g = Game.new(spec, seed=seed)
rng = random.Random(seed)
g.submit(rng.choice(g.legal_commands()))
A.autosave(g, folder)
print("ready", flush=True)
while True:
    if g.state["winner"]:
        g = Game.new(spec, seed=g.seed + 1000)
    g.submit(rng.choice(g.legal_commands()))
    A.autosave(g, folder)
    print(g.seed, len(g.log), flush=True)
"""


def spec_for(name):
    if name != scenario_spec().id:
        raise KeyError(name)
    return scenario_spec()


class Played:
    """What the child played for a seed, made again (the same rules, seed and choices)."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.games = {seed: Game.new(scenario_spec(), seed=seed)}
        self.current = self.games[seed]
        self.current.submit(self.rng.choice(self.current.legal_commands()))

    def log(self, game_seed: int, n: int) -> list:
        while game_seed not in self.games or (self.current.seed == game_seed and len(self.current.log) < n):
            if self.current.state["winner"]:
                nxt = Game.new(scenario_spec(), seed=self.current.seed + 1000)
                self.games[nxt.seed] = self.current = nxt
            self.current.submit(self.rng.choice(self.current.legal_commands()))
        return self.games[game_seed].log[:n]


def written(out: bytes) -> dict[int, int]:
    """Entries the child had autosaved, per game seed (the complete lines it printed)."""
    done: dict[int, int] = {}
    for line in out.split(b"\n")[:-1]:
        parts = line.split()
        if len(parts) == 2:
            done[int(parts[0])] = int(parts[1])
    return done


@pytest.mark.parametrize("policy", ["append", "compact"])
def test_sigkill_during_autosave_never_loses_the_game(tmp_path, policy):
    rng = random.Random(1 if policy == "append" else 2)
    lost = 0
    seen: set = set()
    env = dict(os.environ)
    for i in range(KILLS):
        p = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(TEST_SCENARIO), str(tmp_path), str(i), policy],
            stdout=subprocess.PIPE,
            env=env,
        )
        assert p.stdout.readline().strip() == b"ready"
        time.sleep(rng.uniform(0.05, 0.4))
        p.send_signal(signal.SIGKILL)
        out = p.stdout.read()
        p.wait()
        # the next start: leftover temporary files are removed, the most recent game opens
        autosave.prepare(tmp_path, older_than=0)
        game, problems = autosave.load_latest(spec_for, tmp_path)
        if game is None:
            lost += 1
            continue
        # a prefix of what was played, holding everything the child had saved
        played = Played(i)
        assert game.log == played.log(game.seed, len(game.log)), "the loaded game is not what was played"
        assert len(game.log) >= written(out).get(game.seed, 1), "entries that were saved are lost"
        files = set(autosave.games(tmp_path))
        assert seen <= files, "an earlier game's autosave is gone"
        for f in files - seen:  # the games this child started load (all of them again at the end)
            assert autosave.load_path(f, spec_for) is not None
        seen = files
    assert lost == 0, f"{lost} of {KILLS} kills left no loadable autosave"
    assert len(seen) >= KILLS  # one game (at least) per child, none overwritten by the next
    for f in seen:  # every game ever started is still there and loads, after all the kills
        assert autosave.load_path(f, spec_for) is not None
    leftovers = [p.name for p in (tmp_path / autosave.SAVES).iterdir() if p.name.endswith(".tmp")]
    assert leftovers == [], leftovers
