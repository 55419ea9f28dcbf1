"""bench/census.py counts what it says (docs/census.md): one short bot game, checked against its
own log, so that the bench does not rot."""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

import census  # noqa: E402
from rohan_positions import SPEC  # noqa: E402


def test_census_counts_positions_cards_and_icons_from_one_game():
    offered, used = Counter(), Counter()
    g = census.play_census(SPEC, 4, "random", "random", offered, used)
    chosen = Counter(e["position"] for entry in g.log for e in entry["events"] if e["e"] == "PositionChosen")
    turns = sum(chosen.values())
    for p in SPEC.positions:  # every Shadow phase offers all three, and the one taken is counted
        assert offered[f"position:{p}"] == turns
        assert used[f"position:{p}"] == chosen[p]
    played = Counter(e["card"] for entry in g.log for e in entry["events"]
                     if e["e"] == "CardPlayed" and not e.get("combat") and e["die"] is not None)
    for card, n in played.items():
        assert used[f"order:{card}"] == n and offered[f"order:{card}"] >= n
    applied = sum(1 for entry in g.log for e in entry["events"] if e["e"] == "FateTileApplied" and e.get("icon"))
    assert used["icon:ent"] == applied <= offered["icon:ent"]
    assert set(offered) <= set(census.all_keys(SPEC))
