"""Specific decision panels, one per pending decision kind of the core (`docs/ui.md`, "Decision
panels"). Importing the package registers them with `botwotr.ui.panels.register_decision_panel`;
the game scene imports it once. Every panel builds its commands from `DecisionContext.legal`.

- `base.py`: `ChoicePanel` (prompt, rule line, scrolling flow of tiles / buttons / widgets, a
  footer), `RegionPanel` (choose a highlighted region), painters for cards, dice, fate tiles,
  figures and tokens;
- `turn.py`: action, discard, choose_position, place_leadership, fate_draw / fate_decide, roll_dice;
- `moves.py`: move, attack, advance, recruit, mordor_recruit, rally, move_characters, choose_region,
  retreat_to, choose_army, remove_excess / casualties / flee_casualty, choose_unit;
- `battle.py`: tactic, combat_card, combat_roll, reroll, cease, withdraw;
- `companion.py`: card_draw (the companion mode's draw phase, opening hands included).
"""

from . import battle, companion, moves, turn  # noqa: F401  (registration)
from .base import ChoicePanel, RegionPanel, Tile  # noqa: F401
