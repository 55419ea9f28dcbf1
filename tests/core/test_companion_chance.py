"""The companion mode records only what happened at the table: over whole games played by bots,
with every outcome supplied the way the players would enter it, no command (starting the game
included) ever draws from the seeded generator. `Chance` is instrumented: its seeded stream
(`_rng`) and every method it serves are watched, and the games must have asked for every kind of
chance there is (dice, combat rolls, re-rolls, fate tiles, recruitment tokens, card draws,
opening hands, random discards...), so that "nothing was drawn" is not true merely because
nothing came up."""
from __future__ import annotations

import collections
import random

import pytest

from botwotr.catalog import spec_for
from botwotr.core import Game, RuleError
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side
from botwotr.core.chance import Chance
from botwotr.core.state import canonical
from botwotr.persistence import save as saves
from helpers import scenario_spec

SERVED = sorted(n for n, v in vars(Chance).items() if callable(v) and not n.startswith("_") and n != "check_all_used")

# Every kind of chance the rules have, as the core names it when it asks (side names removed).
KINDS = {"action die", "combat", "maneuver", "leader re-roll", "maneuver re-roll", "rally", "rally re-roll",
         "unit ability", "fate tile",
         "extra fate tile", "recruitment token", "generic card", "story card", "special card",
         "card discarded at random", "opening hand"}


def kind_of(what: str) -> str:
    for side in ("Free Peoples ", "Shadow "):
        if what.startswith(side):
            what = what[len(side):]
    return "unit ability" if what.endswith(" ability") else what


@pytest.fixture
def watched(monkeypatch):
    """Record every use of the seeded stream and every Chance method called."""
    log = {"rng": [], "methods": collections.Counter()}
    real_rng = Chance._rng

    def rng(self):
        log["rng"].append((self.strict, self.counter))
        return real_rng(self)

    monkeypatch.setattr(Chance, "_rng", rng)
    for name in SERVED:
        real = getattr(Chance, name)

        def wrapper(self, *a, _real=real, _name=name, **kw):
            log["methods"][_name] += 1
            return _real(self, *a, **kw)

        monkeypatch.setattr(Chance, name, wrapper)
    return log


def play_companion(spec, seed: int, bot_cls, physical=False, max_commands=6000):
    """A whole companion game: bots choose the commands; each outcome the core asks for is
    supplied like the players would (a die 1-6, or one of the options offered)."""
    opts = {"companion": True, **({"physical_cards": True} if physical else {})}
    g = Game.new(spec, seed=seed, options=opts)
    rng = random.Random(seed)
    bots = {"fp": bot_cls(seed), "sh": bot_cls(seed + 1000)}
    asked = collections.Counter()
    for _ in range(max_commands):
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        cmd = dict(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
        opening = g.state["pending"][-1].get("opening")
        for _ in range(200):
            try:
                g.submit(cmd)
                break
            except RuleError as e:
                if e.code != "chance/needs_outcome":
                    raise
                need = e.data
                asked[kind_of(need["what"])] += 1
                if opening:
                    asked["opening hand"] += 1
                value = rng.randint(1, 6) if need["kind"] == "die" else rng.choice(need["options"])
                cmd["outcomes"] = list(cmd.get("outcomes", [])) + [value]
        else:
            raise AssertionError("a command kept asking for outcomes")
    assert g.state["winner"], f"seed {seed}: no winner"
    return g, asked


GAMES = [("test", seed, RandomBot) for seed in range(4)] + [("test", seed, GreedyBot) for seed in range(4)] + \
        [("rohan", seed, GreedyBot) for seed in range(2)]


def test_companion_games_never_draw_from_the_seeded_generator(watched):
    specs = {"test": scenario_spec(), "rohan": spec_for("rohan")}
    asked = collections.Counter()
    for name, seed, bot in GAMES:
        g, seen = play_companion(specs[name], seed, bot)
        asked += seen
        assert watched["rng"] == [], f"{name} seed {seed}: the seeded stream was used"
        assert g.state["rng"] == 0
        assert not any(e["e"] == "RngAdvanced" for entry in g.log for e in entry["events"])
        # what was entered is in the log: the save replays to the same game
        loaded = saves.from_dict(saves.parse(saves.dumps(g)), g.spec)
        assert canonical(loaded.state) == canonical(g.state)
    missing = KINDS - set(asked)
    assert not missing, f"the games never asked for: {sorted(missing)}"
    unknown = set(asked) - KINDS
    assert not unknown, f"a kind of chance this test does not know: {sorted(unknown)}"
    assert set(watched["methods"]) == set(SERVED), "every way Chance serves chance was exercised"


def test_physical_cards_companion_games_never_draw_either(watched):
    asked = collections.Counter()
    for seed in range(3):
        g, seen = play_companion(scenario_spec(), seed, GreedyBot, physical=True)
        asked += seen
        assert watched["rng"] == [] and g.state["rng"] == 0
        assert {c for sd in g.state["sides"].values() for c in sd["hand"]} <= {"?"}
    assert not {k for k in asked if k.endswith("card") or k in ("card discarded at random", "opening hand")}
    assert {"action die", "combat", "fate tile", "recruitment token"} <= set(asked)


def test_a_strict_chance_refuses_the_seeded_stream():
    """Belt and braces: a path that forgot to ask the players is a loud fault, never a roll."""
    c = Chance(1, 0, [], strict=True)
    with pytest.raises(RuntimeError):
        c._rng()
    with pytest.raises(RuleError) as info:
        c.pick(["a", "b"], "card")
    assert info.value.code == "chance/needs_outcome" and c.counter == 0


def test_the_same_game_without_companion_uses_the_seeded_stream(watched):
    """The instrument sees the seeded stream when it is used (so its silence above means something)."""
    g = Game.new(scenario_spec(), seed=1)
    assert watched["rng"] and g.state["rng"] > 0
