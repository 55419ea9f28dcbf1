"""R-7: fate tiles, the fate track, characters becoming ready."""
from __future__ import annotations

from dataclasses import replace

from helpers import (adjust, assert_illegal, clear_board, events_named, finish_actions, log_events,
                     new_game, place, test_spec, to_actions, top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
GREY = ["grey_0a", "grey_0b", "grey_1a", "grey_1b", "grey_1c", "grey_2a", "grey_2b", "grey_3a"]


def ready(fp=FP, sh=SH, position="tower", seed=1, game=None, fate=None):
    return to_actions(game or new_game(seed), fp=fp, sh=sh, position=position, fate=fate)


def to_fate(g, position="balcony"):
    """Answer the Shadow phase; stop at the first fate draw."""
    g.submit({"cmd": "choose_position", "side": "sh", "position": position})
    while top(g)["kind"] == "place_leadership":
        g.submit({"cmd": "place_leadership_token", "side": "sh", "region": "camp"})
    assert top(g)["kind"] == "fate_draw"
    return g


def spec_with_fate_card(steps):
    """The test scenario with Swift Messenger's order event replaced by 'move the fate marker'."""
    spec = test_spec()
    cards = dict(spec.cards)
    cards["swift_messenger"] = replace(cards["swift_messenger"], effect=({"do": "fate", "steps": steps},))
    return replace(spec, cards=cards)


# -- R-7.1 -------------------------------------------------------------------------------------

def test_r7_1_the_fate_marker_starts_on_zero_and_never_goes_below():
    """R-7.1: The fate marker starts on zero and never goes below."""
    g = new_game()
    assert g.state["fate"] == 0 and g.spec.endgame == 10
    events = g.submit({"cmd": "choose_position", "side": "sh", "position": "tower"})
    assert g.state["fate"] == 0 and not events_named(events, "FateMarkerMoved")


def test_r7_1_a_card_may_move_the_fate_marker_in_the_action_phase():
    """R-7.1: A card may move the fate marker in the action phase."""
    g = ready(game=new_game(spec=spec_with_fate_card(2)), fate=["grey_1a"])
    assert g.state["fate"] == 1
    adjust(g, "card", card="swift_messenger", to="hand_fp")
    events = use(g, "fp", "character", "play_card", card="swift_messenger")
    assert events_named(events, "FateMarkerMoved")[0] == {"e": "FateMarkerMoved", "from": 1, "to": 3}
    assert g.state["fate"] == 3 and g.state["chars"]["wizard"]["status"] == "ready"


# -- R-7.2 -------------------------------------------------------------------------------------

def test_r7_2_the_pool_starts_with_the_grey_tiles_and_extras_set_aside():
    """R-7.2: The pool starts with the grey tiles and extras set aside."""
    g = new_game()
    assert sorted(g.state["fate_pool"]) == GREY
    assert sorted(g.state["fate_extra"]) == ["blue_1", "blue_2", "red_0", "red_1"]
    assert all(0 <= t.value <= 3 for t in g.spec.fate_tiles.values())


def test_r7_2_a_card_adds_an_extra_tile_to_the_pool():
    """R-7.2: A card adds an extra tile to the pool."""
    g = ready()
    adjust(g, "card", card="sly_counsel", to="hand_sh")
    g.submit({"cmd": "pass", "side": "fp"})
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card", "card": "sly_counsel",
              "outcomes": ["red_1"]})
    assert "red_1" in g.state["fate_pool"] and "red_1" not in g.state["fate_extra"]
    assert g.spec.fate_tiles["red_1"].color == "red"


def test_r7_2_the_pool_is_hidden_and_drawn_at_random():
    """R-7.2: The pool is hidden and drawn at random."""
    drawn = set()
    for seed in range(10):
        g = to_fate(new_game(seed))
        g.submit({"cmd": "draw_fate", "side": "fp"})
        drawn.add(events_named(g.log[-1]["events"], "FateTileDrawn")[0]["tile"])
    assert len(drawn) > 1
    assert new_game().view_for("fp")["fate_pool"] == 8


# -- R-7.3 -------------------------------------------------------------------------------------

def test_r7_3_draw_one_tile_and_stop():
    """R-7.3: Draw one tile and stop."""
    g = to_fate(new_game(), "balcony")
    assert top(g)["left"] == 3
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_1a"]})
    assert top(g) == {"kind": "fate_decide", "side": "fp", "tile": "grey_1a", "left": 2}
    g.submit({"cmd": "keep_fate", "side": "fp"})
    assert g.state["fate"] == 1 and g.state["phase"] == "roll"


def test_r7_3_set_aside_and_draw_again_the_last_tile_must_be_applied():
    """R-7.3: Set aside and draw again the last tile must be applied."""
    g = to_fate(new_game(), "balcony")
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_0a"]})
    g.submit({"cmd": "set_aside_fate", "side": "fp", "outcomes": ["grey_1a"]})
    assert g.state["fate_aside"] == ["grey_0a"]
    g.submit({"cmd": "set_aside_fate", "side": "fp", "outcomes": ["grey_3a"]})
    # The third tile (three dice in the box) is applied without a choice.
    assert g.state["fate"] == 3
    assert g.state["phase"] == "roll"
    assert "grey_0a" in g.state["fate_pool"] and "grey_1a" in g.state["fate_pool"]


def test_r7_3_the_fate_draw_cannot_be_refused_or_made_by_the_shadow():
    """R-7.3: The fate draw cannot be refused or made by the shadow."""
    g = to_fate(new_game(), "tower")
    assert_illegal(g, {"cmd": "draw_fate", "side": "sh"}, "command/not_your_turn")
    assert_illegal(g, {"cmd": "keep_fate", "side": "fp"}, "command/not_expected")
    assert_illegal(g, {"cmd": "draw_fate", "side": "fp", "outcomes": ["red_0"]}, "chance/bad_draw")


def test_r7_3_a_shadow_special_tile_stops_the_draw_at_once():
    """R-7.3: A shadow special tile stops the draw at once."""
    g = ready()
    adjust(g, "card", card="sly_counsel", to="hand_sh")
    g.submit({"cmd": "pass", "side": "fp"})
    g.submit({"cmd": "use_die", "side": "sh", "die": "box", "action": "play_card", "card": "sly_counsel",
              "outcomes": ["red_0"]})
    finish_actions(g)
    to_fate(g, "balcony")
    assert top(g)["left"] == 3
    events = g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["red_0"]})
    assert events_named(events, "FateTileApplied")[0]["tile"] == "red_0"
    assert g.state["phase"] == "roll"
    assert "red_0" in g.state["fate_used"]


# -- R-7.4 -------------------------------------------------------------------------------------

def test_r7_4_applying_a_tile_advances_the_marker_then_applies_its_icon():
    """R-7.4: Applying a tile advances the marker then applies its icon."""
    g = to_fate(new_game(), "tower")
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_1c"]})
    events = g.submit({"cmd": "keep_fate", "side": "fp"})
    kinds = [e["e"] for e in events]
    assert kinds.index("FateMarkerMoved") < kinds.index("FlagSet")
    assert g.state["fate"] == 1 and g.state["flags"] == {"woken": 1}


def test_r7_4_the_applied_tile_leaves_the_game_the_others_go_back():
    """R-7.4: The applied tile leaves the game the others go back."""
    g = to_fate(new_game(), "tower")
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_2a"]})
    g.submit({"cmd": "set_aside_fate", "side": "fp", "outcomes": ["grey_2b"]})
    assert g.state["fate_used"] == ["grey_2b"]
    assert "grey_2b" not in g.state["fate_pool"] and "grey_2a" in g.state["fate_pool"]
    assert g.state["fate_aside"] == []
    assert len(g.state["fate_pool"]) == 7
    # A used tile can never be drawn again.
    finish_actions(to_actions(g, fp=FP, sh=SH))
    to_fate(g, "tower")
    assert_illegal(g, {"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_2b"]}, "chance/bad_draw")


# -- R-7.5 -------------------------------------------------------------------------------------

def test_r7_5_a_character_is_ready_when_the_fate_marker_reaches_its_marker():
    """R-7.5: A character is ready when the fate marker reaches its marker."""
    g = to_fate(new_game(), "tower")
    adjust(g, "fate", to=1)
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_1a"]})
    g.submit({"cmd": "keep_fate", "side": "fp"})
    assert g.state["fate"] == 2 and g.state["chars"]["wizard"]["status"] == "pool"
    finish_actions(to_actions(g, fp=FP, sh=SH))
    to_fate(g, "balcony")
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_3a"]})
    g.submit({"cmd": "keep_fate", "side": "fp"})
    # Passing over space 3 (2 -> 5) makes the Wizard ready too.
    assert g.state["fate"] == 5 and g.state["chars"]["wizard"]["status"] == "ready"


def test_r7_5_a_ready_character_enters_play_with_its_die_in_an_entry_region():
    """R-7.5: A ready character enters play with its die in an entry region."""
    g = ready(fate=["grey_3a"])
    assert g.state["chars"]["wizard"]["status"] == "ready"
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "enter_character",
                       "character": "wizard", "region": "town"}, "enter/bad_region")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 1, "action": "enter_character",
                       "character": "wizard", "region": "hold"}, "action/wrong_die")
    use(g, "fp", "character", "enter_character", character="wizard", region="hold")
    assert g.state["chars"]["wizard"] == {"status": "in_play", "region": "hold"}


def test_r7_5_a_character_not_ready_cannot_enter():
    """R-7.5: A character not ready cannot enter."""
    g = ready(fate=["grey_1a"])
    assert g.state["chars"]["wizard"]["status"] == "pool"
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "enter_character",
                       "character": "wizard", "region": "hold"}, "enter/not_ready")
    assert_illegal(g, {"cmd": "use_die", "side": "fp", "die": 0, "action": "enter_character",
                       "character": "champion", "region": "spire"}, "enter/unknown")


def test_r7_5_will_of_the_west_also_brings_a_character_in():
    """R-7.5: Will of the west also brings a character in."""
    g = ready(fate=["grey_3a"])
    use(g, "fp", "will", "enter_character", character="wizard", region="hold")
    assert g.state["chars"]["wizard"]["status"] == "in_play"


def test_r7_5_a_character_may_enter_a_region_occupied_or_controlled_by_the_enemy():
    """R-7.5: A character may enter a region occupied or controlled by the enemy."""
    g = ready(fate=["grey_3a"])
    clear_board(g)
    place(g, "hold", "sh", {"orcs": 2})
    adjust(g, "control", region="hold", owner="sh")
    use(g, "fp", "character", "enter_character", character="wizard", region="hold")
    assert g.state["chars"]["wizard"] == {"status": "in_play", "region": "hold"}


def test_r7_5_the_free_peoples_choose_among_several_entry_regions():
    """R-7.5: The free peoples choose among several entry regions."""
    spec = test_spec()
    chars = dict(spec.characters)
    chars["wizard"] = replace(chars["wizard"], entry_regions=("hold", "town"))
    g = ready(game=new_game(spec=replace(spec, characters=chars)), fate=["grey_3a"])
    offered = sorted(c["region"] for c in g.legal_commands()
                     if c.get("action") == "enter_character" and c["die"] == 0)
    assert offered == ["hold", "town"]
    use(g, "fp", "character", "enter_character", character="wizard", region="town")
    assert g.state["chars"]["wizard"]["region"] == "town"


# -- R-7.6 / R-7.7 -----------------------------------------------------------------------------

def test_r7_6_a_fate_space_event_triggers_when_the_marker_reaches_it():
    """R-7.6: A fate space event triggers when the marker reaches it."""
    g = to_fate(new_game(), "tower")
    adjust(g, "fate", to=5)
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_1a"]})
    events = g.submit({"cmd": "keep_fate", "side": "fp", "outcomes": ["blue_1", "blue_2"]})
    assert [e["tile"] for e in events_named(events, "FateTileAdded")] == ["blue_1", "blue_2"]
    assert "blue_1" in g.state["fate_pool"] and "blue_2" in g.state["fate_pool"]
    assert g.state["fate_extra"] == ["red_0", "red_1"]


def test_r7_6_the_space_event_does_not_trigger_below_its_space():
    """R-7.6: The space event does not trigger below its space."""
    g = to_fate(new_game(), "tower")
    adjust(g, "fate", to=3)
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_2a"]})
    events = g.submit({"cmd": "keep_fate", "side": "fp"})
    assert g.state["fate"] == 5 and not events_named(events, "FateTileAdded")


def test_r7_7_the_fate_marker_reaching_the_endgame_ends_the_game():
    """R-7.7: The fate marker reaching the endgame ends the game."""
    g = ready(game=new_game(spec=spec_with_fate_card(3)), fate=["grey_0a"])
    adjust(g, "fate", to=8)
    adjust(g, "card", card="swift_messenger", to="hand_fp")
    events = use(g, "fp", "character", "play_card", card="swift_messenger")
    assert g.state["fate"] == 10  # never beyond the endgame marker
    assert events_named(events, "GameWon")[0]["side"] == "fp"
    assert g.state["winner"] == "fp" and g.state["pending"] == [] and g.legal_commands() == []
    assert_illegal(g, {"cmd": "use_die", "side": "sh", "die": 0, "action": "strategic_move"}, "game/over")


def test_r7_7_the_icon_of_a_tile_that_ends_the_game_is_not_applied():
    """R-7.7: The icon of a tile that ends the game is not applied."""
    g = to_fate(new_game(), "tower")
    adjust(g, "fate", to=9)
    g.submit({"cmd": "draw_fate", "side": "fp", "outcomes": ["grey_1c"]})
    g.submit({"cmd": "keep_fate", "side": "fp"})
    assert g.state["winner"] == "fp" and g.state["flags"] == {}
    assert log_events(g)[-1]["e"] in ("GameWon", "RngAdvanced")
