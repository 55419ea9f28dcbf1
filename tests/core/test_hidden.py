"""R-15: hidden and public information, per seat (botwotr.core.view)."""
from __future__ import annotations

import json

from botwotr.core.view import HIDDEN, event_for, view_for
from helpers import (adjust, clear_board, events_named, log_events, place, start_with, to_actions,
                     top, use)

FP = ["character", "army_muster", "muster", "event", "will"]
SH = ["army", "muster", "army_muster", "event"]
START = ["riders", "footmen", "orcs", "wargs", "heroic_stand", "beacons_lit", "call_to_arms", "dark_muster"]


def ready():
    return to_actions(start_with(START), fp=FP, sh=SH, position="tower", fate=["grey_0a"])


def seat_log(g, seat):
    return [x for x in (event_for(e, seat) for e in log_events(g)) if x is not None]


# -- R-15.1 ------------------------------------------------------------------------------------

def test_r15_1_hands_are_hidden_but_their_count_is_public():
    """R-15.1: Hands are hidden but their count is public."""
    g = ready()
    fp_hand = g.state["sides"]["fp"]["hand"]
    v = g.view_for("sh")
    assert v["sides"]["fp"]["hand"] == [HIDDEN] * len(fp_hand)
    assert v["sides"]["sh"]["hand"] == g.state["sides"]["sh"]["hand"]
    assert g.view_for("fp")["sides"]["fp"]["hand"] == fp_hand
    pub = g.view_for("public")
    assert pub["sides"]["fp"]["hand"] == [HIDDEN] * len(fp_hand)
    assert pub["sides"]["sh"]["hand"] == [HIDDEN] * len(g.state["sides"]["sh"]["hand"])


def test_r15_1_drawn_cards_are_hidden_in_the_opponents_log():
    """R-15.1: Drawn cards are hidden in the opponents log."""
    g = ready()
    sh_log = [e for e in seat_log(g, "sh") if e["e"] == "CardsDrawn" and e["side"] == "fp"]
    assert sh_log and all(e["cards"] == [HIDDEN] for e in sh_log)
    fp_log = [e for e in seat_log(g, "fp") if e["e"] == "CardsDrawn" and e["side"] == "fp"]
    assert [e["cards"] for e in fp_log] == [["heroic_stand"], ["beacons_lit"]]
    assert "heroic_stand" not in json.dumps(seat_log(g, "sh"))


def test_r15_1_face_down_recruitment_tokens_show_only_count_and_place():
    """R-15.1: Face down recruitment tokens show only count and place."""
    g = ready()
    v = g.view_for("sh")
    assert v["regions"]["town"]["rtokens"]["fp"] == [HIDDEN]
    assert v["regions"]["watch"]["rtokens"]["fp"] == [HIDDEN]
    # placed face down, unseen: not even the owner sees the type.
    assert v["regions"]["camp"]["rtokens"]["sh"] == [HIDDEN]
    assert g.state["regions"]["camp"]["rtokens"]["sh"] == ["orcs"]
    assert v["sides"]["fp"]["rpool"] == 4
    assert g.view_for("public")["regions"]["town"]["rtokens"]["fp"] == [HIDDEN]
    placed = [e for e in seat_log(g, "sh") if e["e"] == "RecruitmentTokenPlaced" and e["side"] == "fp"]
    assert [(e["region"], e["unit"]) for e in placed] == [("town", HIDDEN), ("watch", HIDDEN)]
    assert not [e for e in seat_log(g, "sh") if e["e"] == "RecruitmentPoolSet" and e["side"] == "fp"
                and e["tokens"] != [HIDDEN] * 6]


def test_r15_1_destroyed_tokens_stay_unseen_by_the_destroyer():
    """R-15.1: Destroyed tokens stay unseen by the destroyer."""
    g = ready()
    clear_board(g)
    place(g, "fields", "sh", {"orcs": 1})
    g.submit({"cmd": "pass", "side": "fp"})
    use(g, "sh", "army", "strategic_move")
    g.submit({"cmd": "move_army", "side": "sh", "from": "fields", "to": "watch"})
    destroyed = [e for e in seat_log(g, "sh") if e["e"] == "RecruitmentTokensDestroyed"]
    assert destroyed and destroyed[0]["units"] == [HIDDEN] and destroyed[0]["region"] == "watch"
    assert g.view_for("sh")["regions"]["watch"]["rtokens"]["fp"] == []


def test_r15_1_deck_order_and_fate_pool_are_hidden():
    """R-15.1: Deck order and fate pool are hidden."""
    g = ready()
    for seat in ("fp", "sh", "public"):
        v = g.view_for(seat)
        assert v["generic"] == len(g.state["generic"])
        assert v["sides"]["fp"]["story"] == len(g.state["sides"]["fp"]["story"])
        assert v["sides"]["sh"]["special"] == 2
        assert v["fate_pool"] == len(g.state["fate_pool"])
        assert v["seed"] == HIDDEN and v["rng"] == HIDDEN
    started = [e for e in seat_log(g, "fp") if e["e"] in ("DecksShuffled", "FatePoolFilled")]
    assert started == [{"e": "DecksShuffled"}, {"e": "FatePoolFilled"}]
    assert all(e["e"] != "RngAdvanced" for e in seat_log(g, "sh"))
    assert [e for e in seat_log(g, "sh") if e["e"] == "GameStarted"][0]["seed"] == HIDDEN


def test_r15_1_the_tactic_chosen_is_hidden_until_both_have_chosen():
    """R-15.1: The tactic chosen is hidden until both have chosen."""
    g = ready()
    clear_board(g)
    place(g, "town", "fp", {"footmen": 2})
    place(g, "woods", "sh", {"orcs": 2})
    use(g, "fp", "army_muster", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "town", "target": "woods"})
    assert top(g)["kind"] == "tactic"
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "regroup"})
    assert g.view_for("sh")["battle"]["choice"]["fp"] == HIDDEN
    assert g.view_for("public")["battle"]["choice"]["fp"] == HIDDEN
    assert g.view_for("fp")["battle"]["choice"]["fp"] == "regroup"
    ev = [event_for(e, "sh") for e in g.log[-1]["events"] if e["e"] == "BattleUpdated"]
    assert "regroup" not in json.dumps(ev)
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "combat_event"})
    assert g.view_for("sh")["battle"]["choice"] == {"fp": "regroup", "sh": "combat_event"}


def test_r15_1_the_combat_card_chosen_is_hidden_until_revealed():
    """R-15.1: The combat card chosen is hidden until revealed."""
    g = ready()
    clear_board(g)
    place(g, "town", "fp", {"footmen": 2})
    place(g, "woods", "sh", {"orcs": 2})
    adjust(g, "card", card="forced_march", to="hand_fp")
    adjust(g, "card", card="sudden_strike", to="hand_sh")
    use(g, "fp", "army_muster", "attack")
    g.submit({"cmd": "attack", "side": "fp", "from": "town", "target": "woods"})
    g.submit({"cmd": "tactic", "side": "fp", "tactic": "combat_event"})
    g.submit({"cmd": "tactic", "side": "sh", "tactic": "combat_event"})
    assert top(g)["kind"] == "combat_card"
    g.submit({"cmd": "combat_card", "side": "fp", "card": "forced_march"})
    assert g.view_for("sh")["battle"]["card"]["fp"] == HIDDEN
    assert g.view_for("fp")["battle"]["card"]["fp"] == "forced_march"
    ev = [event_for(e, "sh") for e in g.log[-1]["events"] if e["e"] == "BattleUpdated"]
    assert "forced_march" not in json.dumps(ev)


def test_r15_1_a_seat_must_be_fp_sh_or_public():
    """R-15.1: A seat must be fp sh or public."""
    g = ready()
    try:
        view_for(g.state, "referee")
    except ValueError:
        pass
    else:
        raise AssertionError("an unknown seat must be refused")


# -- R-15.2 ------------------------------------------------------------------------------------

def test_r15_2_the_board_dice_and_fate_track_are_public():
    """R-15.2: The board dice and fate track are public."""
    g = ready()
    v = g.view_for("sh")
    assert v["regions"]["hold"]["units"] == g.state["regions"]["hold"]["units"]
    assert v["regions"]["camp"]["tokens"] == 2
    assert v["sides"]["fp"]["rolled"] == FP
    assert v["fate"] == g.state["fate"] and v["fate_used"] == ["grey_0a"]
    assert v["chars"] == g.state["chars"]
    rolled = [e for e in seat_log(g, "sh") if e["e"] == "DiceRolled" and e["side"] == "fp"]
    assert rolled[0]["results"] == FP


def test_r15_2_discards_and_played_cards_are_public():
    """R-15.2: Discards and played cards are public."""
    g = ready()
    use(g, "fp", "muster", "play_card", card="beacons_lit")
    g.submit({"cmd": "choose_region", "side": "fp", "region": "hold"})
    g.submit({"cmd": "choose_region", "side": "fp", "region": "town"})
    adjust(g, "card", card="heroic_stand", to="discard")
    v = g.view_for("sh")
    assert v["gone"] == ["beacons_lit"] and v["discard"] == ["heroic_stand"]
    played = [e for e in seat_log(g, "sh") if e["e"] == "CardPlayed"]
    assert played[0]["card"] == "beacons_lit"


def test_r15_2_the_game_log_is_public_apart_from_secrets():
    """R-15.2: Every event reaches every seat (only RngAdvanced is dropped); only secret fields differ."""
    g = ready()
    use(g, "fp", "event", "draw_generic")
    full = [e for e in log_events(g) if e["e"] != "RngAdvanced"]
    for seat in ("fp", "sh", "public"):
        mine = seat_log(g, seat)
        assert [e["e"] for e in mine] == [e["e"] for e in full]
    assert events_named(seat_log(g, "public"), "DieUsed") == events_named(full, "DieUsed")
