"""Cards and abilities that place units of a named type (R-5.9: applied as far as possible): they
place that type where the text says, and only what is left of it; once the type runs out nothing
else takes its place (before the fix, any other unit type was placed instead)."""
from __future__ import annotations

import pytest

from helpers import adjust, top
from rohan_fixes_support import rohan, use

# (card or ability, side, die face, unit, how many, regions the text allows)
CASES = [
    ("erkenbrands_men", "fp", "muster", "rohan_footmen", 2, {"grimslade", "helms_deep", "deeping_coomb", "westfold"}),
    ("the_ents_are_roused", "fp", "character", "ents", 1, {"derndingle", "entwood"}),
    ("march_of_the_trees", "fp", "army_muster", "ents", 2, {"fangorn", "derndingle", "entwood"}),
    ("entmoot", "fp", "character", "ents", 2, {"derndingle", "fangorn", "entwood"}),
    ("wild_men_of_dunland", "sh", "muster", "dunlendings", 2, {"dunland", "dunland_hills", "west_fords"}),
    ("wolves_unleashed", "sh", "muster", "warg_riders", 2, {"orthanc", "dunland"}),
    ("furnaces_of_isengard", "sh", "muster", "uruk_hai", 2, {"orthanc", "nan_curunir"}),
    ("half_orc_host", "sh", "muster", "half_orcs", 2, {"orthanc", "dunland"}),
]
# Regions outside every list above where spare figures are parked (at most 5 a region).
PARK = {"fp": ["aldburg", "folde", "fenmarch", "starkhorn"], "sh": ["methedras", "the_wold", "eastemnet", "firienwood"]}


def _game(source, side, left=None):
    """Only a token army of each side far away; `left`: park figures so that only this many of the
    named unit type are not on the board."""
    card = source != "entmoot"
    g = rohan([("edoras", "fp", {"rohan_riders": 1}), ("isen_vale", "sh", {"orcs": 1})],
              fp=["muster", "army_muster", "character", "will"], sh=["muster", "muster", "army", "army"],
              chars=[("treebeard", "derndingle")] if source in ("entmoot", "march_of_the_trees") else [],
              hands={side: [source] if card else [], "fp" if side == "sh" else "sh": []})
    adjust(g, "fate", to=5)  # The Ents Are Roused: fate on 5 or more
    if left is not None:
        unit = dict((c[0], c[3]) for c in CASES)[source]
        spare = g.spec.units[unit].figures - sum(r["units"].get(unit, 0) for r in g.state["regions"].values()) - left
        for region in PARK[side]:
            n = min(5 - sum(g.state["regions"][region]["units"].values()), spare)
            if n > 0:
                adjust(g, "units", region=region, owner=side, unit=unit, n=n)
                spare -= n
        assert spare == 0
    if side == "sh":
        g.submit({"cmd": "pass", "side": "fp"})
    return g


def _play(g, source, side, face):
    if source == "entmoot":
        return use(g, side, face, "ability", character="treebeard")
    return use(g, side, face, "play_card", card=source)


def _placed(g, before, side):
    out = {}
    for r, reg in g.state["regions"].items():
        if reg["side"] != side:
            continue
        for u, n in reg["units"].items():
            d = n - before.get(r, {}).get(u, 0)
            if d:
                out[(r, u)] = d
    return out


def _units(g):
    return {r: dict(reg["units"]) for r, reg in g.state["regions"].items()}


@pytest.mark.parametrize("source,side,face,unit,n,where", CASES, ids=[c[0] for c in CASES])
def test_r5_9_the_named_type_goes_where_the_text_says(source, side, face, unit, n, where):
    """The text in full: `n` units of the named type, each in one of the regions it names (free of
    the enemy), the same region allowed twice."""
    g = _game(source, side)
    before = _units(g)
    _play(g, source, side, face)
    for _ in range(n):
        p = top(g)
        assert p["kind"] == "choose_region" and p["unit"] == unit
        assert set(p["options"]) == where
        g.submit({"cmd": "choose_region", "side": side, "region": sorted(where)[0]})
    assert _placed(g, before, side) == {(sorted(where)[0], unit): n}
    if source == "the_ents_are_roused":
        assert g.state["chars"]["treebeard"]["status"] == "ready"
    if source == "march_of_the_trees":  # then one army moves up to two regions
        assert top(g)["kind"] == "move" and top(g)["mode"] == "card2"
        g.submit({"cmd": "move_army", "side": "fp", "from": "edoras", "path": ["west_entwade", "entwood"]})
        assert g.state["regions"]["entwood"]["units"].get("rohan_riders") == 1
    assert top(g)["kind"] != "choose_region"


@pytest.mark.parametrize("source,side,face,unit,n,where", CASES, ids=[c[0] for c in CASES])
def test_r5_9_only_what_is_left_of_the_named_type_is_placed(source, side, face, unit, n, where):
    """R-5.9: with a single figure of the type left, one is placed and nothing replaces the
    second; with none left, no unit at all is placed (the card is still played)."""
    g = _game(source, side, left=1)
    before = _units(g)
    _play(g, source, side, face)
    p = top(g)
    assert p["kind"] == "choose_region" and p["unit"] == unit and p["n"] == 1
    g.submit({"cmd": "choose_region", "side": side, "region": sorted(where)[0]})
    assert _placed(g, before, side) == {(sorted(where)[0], unit): 1}
    assert top(g)["kind"] not in ("choose_region", "choose_unit")

    g = _game(source, side, left=0)
    before = _units(g)
    _play(g, source, side, face)
    assert top(g)["kind"] not in ("choose_region", "choose_unit")
    assert _placed(g, before, side) == {}
    if source == "the_ents_are_roused":  # the rest of the text still applies
        assert g.state["chars"]["treebeard"]["status"] == "ready"
