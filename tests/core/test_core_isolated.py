"""The rules core stands alone: it imports and plays with pygame, pytmx and yaml unavailable."""
import subprocess
import sys

CODE = r'''
import sys
for m in ("pygame", "pytmx", "yaml"):
    sys.modules[m] = None  # any import of these now fails
from botwotr.core import Game
from botwotr.core.spec import (BoardSpec, RegionSpec, BorderSpec, UnitSpec, CharacterSpec,
                               FateTileSpec, PositionSpec, ArmySetup, ScenarioSpec)
regions = {r: RegionSpec(r, r.title(), "plains", owner=o, settlement=bool(o)) for r, o in
           (("a", "fp"), ("b", None), ("c", "sh"))}
board = BoardSpec.build(regions, [BorderSpec("a", "b"), BorderSpec("b", "c", "stream")])
spec = ScenarioSpec(
    id="mini", name="Mini", content_version="1", board=board,
    units={"men": UnitSpec("men", "fp", "Men", 1), "orcs": UnitSpec("orcs", "sh", "Orcs", 1, tags=("orc",))},
    characters={"boss": CharacterSpec("boss", "sh", "Boss", "commander", 1, 1, 0)},
    cards={}, fate_tiles={f"t{i}": FateTileSpec(f"t{i}", i % 4) for i in range(6)},
    positions={"p": PositionSpec("p", "P", 2)}, commander="boss", endgame=5,
    setup_armies=(ArmySetup("a", "fp", {"men": 2}), ArmySetup("c", "sh", {"orcs": 2})))
g = Game.new(spec, seed=1)
import random
rng = random.Random(1)
for _ in range(300):
    if g.state["winner"]:
        break
    g.submit(rng.choice(g.legal_commands()))
assert "pygame" not in [m for m in sys.modules if sys.modules[m] is not None]
print("ok", g.state["turn"], len(g.log))
'''


def test_core_runs_without_pygame_pytmx_or_yaml():
    r = subprocess.run([sys.executable, "-c", CODE], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith("ok")
