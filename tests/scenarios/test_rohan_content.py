"""The Battle for Rohan content (botwotr/data/rohan): it loads, it has the known shape
(SCENARIOS.md), every card, ability, position and fate icon really does something, and random
games of it run to a winner through `legal_commands()` alone."""
from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from botwotr.content import load_scenario, validate_scenario
from botwotr.core import Game, RuleError
from botwotr.core.chance import Chance
from botwotr.core.effects import UNIT_ABILITY_PARAMS
from botwotr.core.engine import Ctx, apply_fate_tile, move_fate, run_effects, would_do_nothing
from botwotr.core.state import clone

ROHAN = Path(__file__).resolve().parents[2] / "botwotr" / "data" / "rohan"
PLAYOUT_GAMES = 20
PLAYOUT_CAP = 6000


@pytest.fixture(scope="module")
def spec():
    return load_scenario(ROHAN)


def test_rohan_loads_without_errors_and_uses_the_tiled_map(spec):
    assert validate_scenario(ROHAN) == []
    assert spec.id == "rohan"
    # The board comes from maps/rohan.tmx: about 30 regions, the named strongholds.
    assert 25 <= len(spec.board.regions) <= 35
    for r in ("orthanc", "edoras", "helms_deep", "west_fords", "east_fords", "derndingle"):
        assert r in spec.board.regions
    assert spec.board.regions["edoras"].vp == 4
    assert spec.board.regions["orthanc"].owner == "sh"


def test_rohan_units_r2_1(spec):
    """R-2.1: nine unit types with the strengths the rule book's examples fix."""
    assert len(spec.units) == 9
    fp = {u for u, us in spec.units.items() if us.side == "fp"}
    sh = {u for u, us in spec.units.items() if us.side == "sh"}
    assert fp == {"rohan_footmen", "rohan_archers", "rohan_riders", "ents"}
    assert sh == {"uruk_hai", "warg_riders", "half_orcs", "dunlendings", "orcs"}
    assert spec.units["rohan_riders"].strength == 2
    assert spec.units["rohan_footmen"].strength == 1
    assert spec.units["warg_riders"].strength == 2
    assert spec.units["half_orcs"].strength == 1
    figures = {u: us.figures for u, us in spec.units.items()}
    assert figures["rohan_footmen"] == 14 and figures["rohan_archers"] == 10
    assert figures["rohan_riders"] == 13 and figures["ents"] == 8
    assert figures["uruk_hai"] == 18 and figures["warg_riders"] == 6
    assert figures["half_orcs"] == figures["dunlendings"] == figures["orcs"] == 12
    assert "no_control" in spec.units["ents"].tags
    assert "orc" in spec.units["orcs"].tags


def test_rohan_every_unit_has_a_working_maneuver_ability_r10_4_4(spec):
    for u, us in spec.units.items():
        assert us.ability and us.ability_text.strip(), u
        assert us.favoured, f"{u} has no favoured terrain"
        params = dict(us.ability_params)
        assert params, f"{u}: the ability does nothing"
        assert set(params) <= set(UNIT_ABILITY_PARAMS), f"{u}: unsupported {set(params) - set(UNIT_ABILITY_PARAMS)}"
        assert all(type(v) is int and v > 0 for v in params.values()), u


def test_rohan_characters_r2_4(spec):
    ch = spec.characters
    for c in ("theoden", "theodred", "eomer"):
        assert ch[c].kind == "captain"
    for c in ("gandalf", "aragorn", "legolas", "gimli", "treebeard"):
        assert ch[c].kind == "companion"
    assert spec.commander == "saruman" and ch["saruman"].kind == "commander"
    assert ch["gandalf"].name == "Gandalf the White"
    assert ch["gandalf"].extra_die and ch["aragorn"].extra_die
    voice = list(ch["saruman"].ability_params["effect"])
    assert voice == [{"do": "rally", "armies": 3, "bonus": 1}]  # SCENARIOS.md: Voice of Saruman
    for c, cs in ch.items():
        assert cs.ability and cs.ability_text.strip(), c
        # used with its die, or (no die) paid for with a cost such as an action token
        assert cs.ability_die or cs.ability_params.get("cost") == "action_token", c
        assert cs.ability_params.get("effect"), f"{c}: the ability does nothing"
        for r in cs.entry_regions:
            assert r in spec.board.regions, (c, r)
        if cs.kind != "commander":
            assert cs.entry_regions, c


def test_rohan_positions_r6_1(spec):
    pos = spec.positions
    assert set(pos) == {"palantir_room", "balcony", "pits"}
    assert {"do": "fate", "steps": -1} in pos["palantir_room"].action
    assert (pos["balcony"].tokens or pos["balcony"].dice) >= 3
    assert pos["pits"].special_cards == 1
    assert any(e["do"] == "place_tokens" for e in pos["pits"].action)
    for p in pos.values():
        assert p.action and p.action_text.strip(), p.id


def test_rohan_fate_tiles_r7_2(spec):
    tiles = spec.fate_tiles.values()
    grey = [t for t in tiles if t.color == "grey"]
    assert len(grey) == 16
    assert all(0 <= t.value <= 3 for t in tiles)
    assert sum(t.value for t in grey) > spec.endgame
    assert 14 <= spec.endgame <= 16
    assert len([t for t in tiles if t.color == "blue"]) == 3
    red = [t for t in tiles if t.color == "red"]
    assert len(red) == 3 and 1 <= sum(t.shadow_special for t in red) <= 2
    icons = {t.icon for t in tiles if t.icon}
    assert "ent" in icons
    for icon in icons:
        assert spec.fate_icons.get(icon), f"icon {icon} does nothing"
    assert "treebeard" not in [c for cs in spec.fate_markers.values() for c in cs]
    assert spec.fate_markers[4] == ("gandalf",)
    assert set(spec.fate_markers[2]) == {"aragorn", "legolas", "gimli"}


def test_rohan_setup_and_victory_r4_1(spec):
    assert spec.leaders["fp"] == 4
    assert sum(a.leaders for a in spec.setup_armies) == 4
    assert spec.victory_vp == 11  # tuned for balance (docs/balance.md)
    assert set(spec.victory_captains) == {"theoden", "theodred", "eomer"}
    in_play = {c for a in spec.setup_armies for c in a.characters} | set(spec.setup_characters)
    assert {"theoden", "theodred", "eomer"} <= in_play
    # The commander-in-chief stays in the Shadow Box: never on the board, so he
    # never marches off with an army; Orthanc has its own garrison.
    assert "saruman" not in in_play
    assert any(a.region == "orthanc" and a.side == "sh" for a in spec.setup_armies)
    assert spec.recruitment_tokens["fp"] and spec.recruitment_tokens["sh"]
    assert spec.setup_tokens["fp"] and spec.setup_tokens["sh"]


def test_rohan_cards_r5_1(spec):
    decks = Counter(c.deck for c in spec.cards.values())
    assert decks == {"generic": 30, "fp_story": 16, "sh_story": 16, "special": 6}
    assert all(c.side == "sh" for c in spec.cards.values() if c.deck == "special")
    assert len({c.title for c in spec.cards.values()}) == len(spec.cards), "titles repeat"
    for c in spec.cards.values():
        assert c.effect, f"{c.id}: no effect"
        assert c.text.strip(), f"{c.id}: no text"
        if c.deck == "generic":
            assert c.combat and c.combat_title and c.combat_text.strip(), f"{c.id}: no combat half"
    used = Counter(e["do"] for c in spec.cards.values() for e in c.effect + c.combat)
    for eff in ("draw", "fate", "add_fate_tiles", "recruit", "place_tokens", "destroy_tokens", "rally",
                "move", "attack", "damage", "heal", "dice_bonus", "leadership_tokens",
                "action_tokens", "discard_random", "ready_character", "enter_character", "modifier"):
        assert used[eff], f"no card uses {eff}"
    # Fate moves forward only for the Free Peoples and back only for the Shadow.
    for c in spec.cards.values():
        for e in c.effect:
            if e["do"] == "fate":
                assert (e["steps"] > 0) == (c.side == "fp"), c.id


def _ctx(spec, seed=3):
    g = Game.new(spec, seed=seed)
    s = clone(g.state)
    ctx = Ctx(spec, g.rules, s, Chance(s["seed"], s["rng"], []))
    return ctx, ctx.s  # the working state (the state given is never changed: copy-on-write)


def test_rohan_ent_icon_readies_treebeard_and_offers_an_ent(spec):
    ctx, s = _ctx(spec)
    assert s["chars"]["treebeard"]["status"] == "pool"
    apply_fate_tile(ctx, "grey_1e")
    assert s["fate"] == 1
    assert s["chars"]["treebeard"]["status"] == "ready"
    top = s["pending"][-1]
    assert top["kind"] == "choose_region" and top["unit"] == "ents"
    assert set(top["options"]) <= {"derndingle", "entwood", "fangorn"}


def test_rohan_fate_track_readies_characters_r7_5(spec):
    ctx, s = _ctx(spec)
    move_fate(ctx, 4)
    for c in ("aragorn", "legolas", "gimli", "gandalf"):
        assert s["chars"][c]["status"] == "ready", c


def test_rohan_palantir_room_slows_fate(spec):
    ctx, s = _ctx(spec)
    move_fate(ctx, 3)
    run_effects(ctx, "sh", list(spec.positions["palantir_room"].action), source="position:palantir_room")
    assert s["fate"] == 2


def _prepared(spec):
    """A fresh Rohan game with fate on 1 and one damaged army per side: a position where every
    card, ability and position of the scenario has something to act on."""
    ctx, s = _ctx(spec)
    move_fate(ctx, 1)
    ctx.emit("DamageChanged", region="edoras", n=1, why="test")
    ctx.emit("DamageChanged", region="isen_vale", n=1, why="test")
    ctx.emit("DiceRolled", side="fp", results=["character", "muster"], kept=["character", "muster"], to_box=0)
    assert s["sides"]["fp"]["hand"] and s["sides"]["sh"]["hand"]
    ctx.events.clear()
    return ctx, s


def _acts(ctx) -> list[str]:
    return [e["e"] for e in ctx.events]


def test_rohan_every_card_does_something_r5_9(spec):
    """Each card's order half changes the game or asks for a choice; each combat half adds a
    battle modifier. (A card that stays on the table acts at the start of each turn, R-5.7.)"""
    for cid, card in spec.cards.items():
        sides = ("fp", "sh") if card.deck == "generic" else (card.side,)
        for side in sides:
            ctx, s = _prepared(spec)
            if card.stays or would_do_nothing(ctx, side, list(card.effect)):
                continue  # an attack no army can make here: it cannot be played
            run_effects(ctx, side, list(card.effect), source=f"card:{cid}")
            assert _acts(ctx), f"{cid} played by {side} did nothing"
        if card.combat:
            ctx, s = _prepared(spec)
            run_effects(ctx, "fp", list(card.combat), source=f"combat:{cid}")
            assert "ModifierAdded" in _acts(ctx), f"{cid}: the combat half adds no modifier"


def test_rohan_every_ability_position_and_icon_does_something(spec):
    for c, cs in spec.characters.items():
        ctx, s = _prepared(spec)
        run_effects(ctx, cs.side, list(cs.ability_params["effect"]), source=f"ability:{c}")
        assert _acts(ctx), f"{c}'s ability did nothing"
    for pid, pos in spec.positions.items():
        ctx, s = _prepared(spec)
        run_effects(ctx, "sh", list(pos.action), source=f"position:{pid}")
        assert _acts(ctx), f"position {pid} did nothing"
    for icon, effs in spec.fate_icons.items():
        ctx, s = _prepared(spec)
        run_effects(ctx, "fp", list(effs), source=f"fate:{icon}")
        assert _acts(ctx), f"fate icon {icon} did nothing"
    for space, effs in spec.fate_events.items():
        ctx, s = _prepared(spec)
        run_effects(ctx, "fp", list(effs), source=f"fate_space:{space}")
        assert _acts(ctx), f"fate event at {space} did nothing"


def _playout(spec, seed):
    game = Game.new(spec, seed=seed)
    rng = random.Random(seed)
    abilities = Counter()
    for step in range(PLAYOUT_CAP):
        if game.state["winner"]:
            return game, step, abilities
        cmds = game.legal_commands()
        assert cmds, f"seed {seed}: nothing legal while waiting for {game.waiting_for()}"
        cmd = rng.choice(cmds)
        try:
            events = game.submit(cmd)
        except RuleError as e:  # pragma: no cover - a listed command must be accepted
            pytest.fail(f"seed {seed} step {step}: legal_commands listed {cmd}, refused: {e}")
        for e in events:
            if e["e"] == "UnitAbilityTriggered":
                abilities[e["unit"]] += 1
    pytest.fail(f"seed {seed}: no winner after {PLAYOUT_CAP} commands")


def test_rohan_random_playouts_finish(spec, capsys):
    wins, turns, steps = Counter(), [], []
    abilities = Counter()
    for seed in range(PLAYOUT_GAMES):
        game, n, ab = _playout(spec, seed)
        wins[game.state["winner"]] += 1
        turns.append(game.state["turn"])
        steps.append(n)
        abilities.update(ab)
    with capsys.disabled():
        print(f"\nRohan random playouts: {dict(wins)} over {PLAYOUT_GAMES} games, "
              f"average {sum(turns) / len(turns):.1f} turns, {sum(steps) / len(steps):.0f} commands; "
              f"unit abilities triggered: {dict(abilities)}")
    assert sum(wins.values()) == PLAYOUT_GAMES
    assert abilities, "no unit ability ever triggered"
