"""Issue 10: every Rohan card half, character ability, Saruman position and fate-tile icon has a
test that plays it through `Game.submit`, or is listed in `rohan_positions.SKIPPED_*` (covered
by another helper). This test reads the census test modules and fails on anything uncovered."""
from __future__ import annotations

import re
from pathlib import Path

import test_rohan_abilities_positions as abilities
import test_rohan_cards as cards
import test_rohan_combat_cards as combat
from rohan_positions import SKIPPED_ABILITIES, SKIPPED_CARDS, SPEC

HERE = Path(__file__).parent


def _tested_order_cards() -> set[str]:
    src = (HERE / "test_rohan_cards.py").read_text(encoding="utf-8")
    names = {n for n in dir(cards) if n.startswith("test_order_")}
    out = set()
    for c in SPEC.cards:
        if f"test_order_{c}" in names or re.search(rf'"{c}"', src):
            out.add(c)
    return out


def test_every_order_half_is_tested_or_skipped():
    missing = set(SPEC.cards) - SKIPPED_CARDS - _tested_order_cards()
    assert not missing, f"order halves with no test: {sorted(missing)}"


def test_every_combat_half_is_tested_or_skipped():
    with_combat = {c for c, cs in SPEC.cards.items() if cs.combat}
    missing = with_combat - SKIPPED_CARDS - set(combat.MEANING)
    assert not missing, f"combat halves with no test: {sorted(missing)}"


def test_every_ability_position_and_icon_is_tested_or_skipped():
    names = set(dir(abilities))
    for c, cs in SPEC.characters.items():
        if cs.ability and c not in SKIPPED_ABILITIES:
            assert any(n.startswith(f"test_ability_{c}") for n in names), c
    for p in SPEC.positions:
        assert f"test_position_{p}" in names, p
    for icon in {t.icon for t in SPEC.fate_tiles.values() if t.icon}:
        assert any(n.startswith(f"test_fate_icon_{icon}") for n in names), icon


def test_the_skip_lists_name_real_content():
    assert SKIPPED_CARDS <= set(SPEC.cards)
    assert SKIPPED_ABILITIES <= set(SPEC.characters)
