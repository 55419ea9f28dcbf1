"""Scenario specifications: the immutable content a game is played with.

These are plain, frozen dataclasses. The core never reads files: `botwotr.content` turns YAML into
these objects and `botwotr.board` turns a Tiled map into a `BoardSpec`. Tests may build them by
hand. Everything a scenario varies (R-1, R-2, R-4, R-5, R-6, R-7, R-12) lives here as data; what
data cannot say lives in the scenario's rules module (`botwotr.core.scenario.ScenarioRules`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

SIDES = ("fp", "sh")
SIDE_NAMES = {"fp": "Free Peoples", "sh": "Shadow"}
TERRAINS = ("plains", "mountains", "forest", "marsh", "fort", "stronghold")
# border kinds. `river` and `mountains` are impassable; `ford` and `pass` are their crossings.
BORDER_KINDS = ("normal", "stream", "wall", "ford", "pass", "river", "mountains")
IMPASSABLE_BORDERS = ("river", "mountains")
# no retreat across a stream or a ford/pass.
NO_RETREAT_BORDERS = ("stream", "ford", "pass")
# Die faces (SCENARIOS.md "Shared components").
DIE_FACES = {
    "fp": ("character", "character", "muster", "army_muster", "event", "will"),
    "sh": ("character", "army", "muster", "army_muster", "event", "eye"),
}
DIE_RESULTS = ("character", "army", "muster", "army_muster", "event", "eye", "will")
CARD_TYPES = ("army", "character", "muster")
DECKS = ("generic", "fp_story", "sh_story", "special")


def other(side: str) -> str:
    return "sh" if side == "fp" else "fp"


@dataclass(frozen=True)
class RegionSpec:
    """One region of the board (R-1.1)."""

    id: str
    name: str
    terrain: str
    territory: str | None = None
    settlement: bool = False
    # The side that owns the settlement at the start; None for no settlement.
    owner: str | None = None
    vp: int = 0
    # Shadow regions where the Eye die's Mordor recruitment may place an Orc.
    orc_area: bool = False
    # Gondor-style recruitment areas have no stacking limit (SCENARIOS.md); Rohan has none.
    recruitment_area: bool = False


@dataclass(frozen=True)
class BorderSpec:
    """A border between two regions (R-1.4)."""

    a: str
    b: str
    kind: str = "normal"


@dataclass(frozen=True)
class BorderRule:
    """How one border kind acts in battle (R-10.10): the attacker's target number and for how
    many rounds it applies (0: no effect)."""

    target: int = 5
    rounds: int = 0


@dataclass(frozen=True)
class BoardSpec:
    regions: Mapping[str, RegionSpec]
    borders: tuple[BorderSpec, ...]
    # Computed: region -> {neighbour: border kind}; impassable borders excluded.
    adjacency: Mapping[str, Mapping[str, str]] = field(default_factory=dict)
    # Where figures stand on the drawn board: region -> anchor name -> (x, y). Optional in tests.
    anchors: Mapping[str, Mapping[str, tuple[float, float]]] = field(default_factory=dict)

    @staticmethod
    def build(
        regions: Mapping[str, RegionSpec],
        borders: tuple[BorderSpec, ...] | list[Any],
        anchors: Mapping[str, Any] | None = None,
    ) -> "BoardSpec":
        adj: dict[str, dict[str, str]] = {r: {} for r in regions}
        for b in borders:
            if b.kind in IMPASSABLE_BORDERS:
                continue
            adj[b.a][b.b] = b.kind
            adj[b.b][b.a] = b.kind
        return BoardSpec(dict(regions), tuple(borders), adj, dict(anchors or {}))

    def neighbours(self, region: str) -> Mapping[str, str]:
        return self.adjacency.get(region, {})

    def border(self, a: str, b: str) -> str | None:
        return self.adjacency.get(a, {}).get(b)


@dataclass(frozen=True)
class UnitSpec:
    """A unit type (R-2.1): strength, favoured terrain and the maneuver ability (R-10.4.4)."""

    id: str
    side: str
    name: str
    strength: int
    favoured: tuple[str, ...] = ()
    figures: int = 10
    ability: str | None = None
    ability_params: Mapping[str, Any] = field(default_factory=dict)
    ability_text: str = ""
    tags: tuple[str, ...] = ()  # e.g. "orc" (Eye actions), "no_control" (Ents)
    singular: str = ""  # one figure ("Mûmak"); the content loader fills it from `name` when not given


@dataclass(frozen=True)
class CharacterSpec:
    """A character card (R-2.4)."""

    id: str
    side: str
    name: str
    kind: str  # "captain", "companion", "minion", "commander"
    rating: int = 0
    modifier: int = 0
    level: int = 1
    entry_regions: tuple[str, ...] = ()
    entry_die: str = "character"
    extra_die: bool = False
    ability: str | None = None
    ability_die: str | None = None
    ability_params: Mapping[str, Any] = field(default_factory=dict)
    ability_text: str = ""
    entry_text: str = ""


@dataclass(frozen=True)
class CardSpec:
    """An event card (R-5). `effect` and `combat` are lists in the effect vocabulary
    (`botwotr.core.effects`)."""

    id: str
    deck: str  # generic, fp_story, sh_story, special
    type: str  # army, character, muster
    title: str
    side: str | None = None  # for story and special cards; generic cards belong to both
    text: str = ""
    effect: tuple[Mapping[str, Any], ...] = ()
    requires: tuple[Mapping[str, Any], ...] = ()  # preconditions
    combat_title: str = ""
    combat_text: str = ""
    combat: tuple[Mapping[str, Any], ...] = ()
    stays: bool = False  # stays on the table


@dataclass(frozen=True)
class FateTileSpec:
    """A fate tile (R-7.2)."""

    id: str
    value: int
    icon: str | None = None
    color: str = "grey"  # grey (standard), blue (Free Peoples extra), red (Shadow extra)
    shadow_special: bool = False  # drawing stops at once


@dataclass(frozen=True)
class PositionSpec:
    """A commander-in-chief position in the Shadow Box (R-6.1)."""

    id: str
    name: str
    dice: int
    action: tuple[Mapping[str, Any], ...] = ()
    action_text: str = ""
    special_cards: int = 0
    tokens: int | None = None  # override; None: as many as dice


@dataclass(frozen=True)
class ArmySetup:
    region: str
    side: str
    units: Mapping[str, int]
    leaders: int = 0
    characters: tuple[str, ...] = ()


@dataclass(frozen=True)
class ScenarioSpec:
    id: str
    name: str
    content_version: str
    board: BoardSpec
    units: Mapping[str, UnitSpec]
    characters: Mapping[str, CharacterSpec]
    cards: Mapping[str, CardSpec]
    fate_tiles: Mapping[str, FateTileSpec]
    positions: Mapping[str, PositionSpec]
    commander: str  # the Shadow commander-in-chief's character id
    endgame: int  # the endgame marker's fate-track space
    # fate-track space -> characters that become ready there.
    fate_markers: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    # fate-track space -> effect list applied when the marker reaches it.
    fate_events: Mapping[int, tuple[Mapping[str, Any], ...]] = field(default_factory=dict)
    # Fate-tile icons: icon -> effect list.
    fate_icons: Mapping[str, tuple[Mapping[str, Any], ...]] = field(default_factory=dict)
    dice: Mapping[str, int] = field(default_factory=lambda: {"fp": 4, "sh": 6})
    action_tokens: int = 2
    hand_limit: int = 6
    terrain_bonus: Mapping[str, int] = field(
        default_factory=lambda: {"plains": 0, "mountains": 1, "forest": 1, "marsh": 1, "fort": 1, "stronghold": 2}
    )
    border_rules: Mapping[str, BorderRule] = field(
        default_factory=lambda: {
            "stream": BorderRule(6, 1),
            "ford": BorderRule(6, 1),
            "pass": BorderRule(6, 1),
            "wall": BorderRule(6, 3),
        }
    )
    # side -> unit type -> number of recruitment tokens.
    recruitment_tokens: Mapping[str, Mapping[str, int]] = field(default_factory=dict)
    # side -> regions that start with one face-down token each.
    setup_tokens: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    setup_armies: tuple[ArmySetup, ...] = ()
    # Characters in play at the start (besides those in setup_armies), region by character.
    setup_characters: Mapping[str, str] = field(default_factory=dict)
    leaders: Mapping[str, int] = field(default_factory=lambda: {"fp": 4})  # leader figures
    # victory: Shadow vp threshold and captains whose elimination wins for the Shadow.
    victory_vp: int = 0
    victory_captains: tuple[str, ...] = ()
    rules_module: str | None = None
    # Data only the rules module reads (it checks it when made): e.g. Gondor's protection values.
    rules_data: Mapping[str, Any] = field(default_factory=dict)
    # Free text of the scenario's special rules, shown by the client.
    notes: str = ""

    def unit(self, uid: str) -> UnitSpec:
        return self.units[uid]
