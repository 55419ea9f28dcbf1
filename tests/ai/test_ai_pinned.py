"""Hard's decisions, pinned (issue 13, session 7): at fixed positions, seeds and an iteration budget,
`decide(seen, "hard", ...)` returns the command main chose before hard's search was made faster,
the same number of rollouts and the same mean value of the chosen command (a fingerprint of every
rollout's outcome). A change that alters any decision (the scoring, the sampling of worlds, the
rollouts, the evaluation) shows here; bench/ai_same.py compares whole games against another tree.

How the expected values were recorded: once, on a `git archive` copy of main at caeabc7 (before the
speed-up), with `python bench/ai_same.py pins`, which reaches each position as `_position` does
(normal plays both seats through Game.submit, `decide(seen, "normal", seed=n)` for command n) and
prints hard's decision there; the speed-up's tree prints the same lines. A deliberate change of
hard's play re-records them (and says so: the strength figures in docs/ai.md then need new runs).
"""
from __future__ import annotations

from botwotr.ai import Budget, decide, log_for, scenario
from botwotr.core import Game
from botwotr.core.bots import deciding_side

ITERATIONS = 20
SEED = 7

# (scenario, game seed, first command number, kind): the first decision of that kind with a choice
# from that command on; then what main's hard chose there: seat, command number, command,
# iterations, the chosen command's mean value (bench/ai_same.py pins).
PINNED = [
    (("rohan", 5, 30, "advance"),
     ("sh", 30, {"cmd": "advance", "side": "sh", "from": "isen_vale", "units": {"uruk_hai": 2, "warg_riders": 2},
                 "leaders": 0, "characters": [], "damage": 4, "tokens": 1}, 20, 0.592)),
    (("rohan", 5, 10, "action"),
     ("sh", 17, {"cmd": "use_die", "side": "sh", "die": 0, "action": "attack"}, 20, 0.435)),
    (("rohan", 6, 60, "move"),
     ("fp", 137, {"cmd": "move_army", "side": "fp", "from": "helms_deep", "path": ["deeping_coomb"],
                  "units": {"rohan_archers": 1, "rohan_footmen": 2}, "leaders": 1, "characters": [], "damage": 0},
      20, -0.898)),
    (("rohan", 6, 120, "cease"),
     ("sh", 132, {"cmd": "fight_on", "side": "sh"}, 20, 0.906)),
    (("gondor", 5, 40, "attack"),
     ("fp", 54, {"cmd": "attack", "side": "fp", "from": "cair_andros", "to": "north_ithilien",
                 "target": "east_osgiliath", "units": {"gondor_archers": 1, "gondor_footmen": 2}, "leaders": 1,
                 "characters": [], "damage": 0}, 20, 0.064)),
    (("gondor", 5, 100, "tactic"),
     ("fp", 114, {"cmd": "tactic", "side": "fp", "tactic": "maneuver:gondor_archers"}, 20, 0.066)),
    (("gondor", 6, 100, "action"),
     ("sh", 107, {"cmd": "use_die", "side": "sh", "die": 0, "action": "play_card", "card": "muster_the_host"}, 20,
      -0.214)),
]


def _positions(scen: str, seed: int, wanted: list[tuple[int, str]]) -> dict[tuple[int, str], tuple[int, dict]]:
    """Play normal against normal from `seed`; for each (start, kind) of `wanted`, the command
    number and the deciding seat's `seen` of the first decision of that kind with a choice from
    command `start` on."""
    spec, _ = scenario(scen)
    g = Game.new(spec, seed=seed)
    logs: dict[str, list] = {"fp": [], "sh": []}
    found: dict[tuple[int, str], tuple[int, dict]] = {}
    n = 0
    while len(found) < len(wanted):
        assert not g.state["winner"], (scen, seed, n)
        for seat in ("fp", "sh"):
            logs[seat] += log_for(g.log[len(logs[seat]):], seat)
        side = deciding_side(g.state)
        seen = {"scenario": spec.id, "seat": side, "view": g.view_for(side), "log": list(logs[side])}
        kind = g.state["pending"][-1]["kind"]
        if len([c for c in g.legal_commands() if c["side"] == side]) > 1:
            for w in wanted:
                if w not in found and n >= w[0] and kind == w[1]:
                    found[w] = (n, seen)
        g.submit(decide(seen, "normal", seed=n).command)
        n += 1
    return found


def test_hard_decides_as_main_did_at_pinned_positions():
    games: dict[tuple[str, int], list] = {}
    for (scen, seed, start, kind), want in PINNED:
        games.setdefault((scen, seed), []).append(((start, kind), want))
    checked = 0
    for (scen, seed), pins in games.items():
        found = _positions(scen, seed, [w for w, _ in pins])
        for w, (seat, n_want, command, iterations, value) in pins:
            n, seen = found[w]
            assert (seen["seat"], n) == (seat, n_want), (scen, seed, w)
            d = decide(seen, "hard", seed=SEED, budget=Budget(iterations=ITERATIONS))
            assert d.command == command, (scen, seed, n, w)
            assert d.iterations == iterations
            assert d.value == value, (scen, seed, n, w)
            checked += 1
    assert checked == len(PINNED)
