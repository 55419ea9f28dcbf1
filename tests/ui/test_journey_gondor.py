"""The Battle for Gondor through the window, by mouse only (posted motion, presses and releases;
no wheel, no keyboard, no `game.submit` once the window has the game) -- issue 12.

1. `test_gondor_first_turn_by_mouse`: the title screen → the Gondor face of the board → New game
   (hotseat) → the curtains → the Shadow places the Witch-king → the fate draw → both rolls → the
   actions: a MOVE of a whole army, a RECRUIT on a recruitment token and a CARD (its Gondor half),
   then passes and spent dice to the end of the turn.
2. `test_gondor_siege_by_mouse`: a siege position reached through `Game.submit` with the test
   suite's Gondor helpers (Shadow armies at the Gate Fields and in two catapult sites, the
   Shadow's dice Muster, Muster, Army, Army; a card in the Free Peoples' hand) is autosaved; the
   title's "Continue" opens it, and then, by mouse: the Shadow BUILDS CATAPULTS in both sites
   (choosing them on the board), BUILDS A SIEGE TOWER at the Gate Fields, FIRES THE CATAPULTS at the
   city, and ATTACKS Minas Tirith from the Gate Fields: the siege battle is fought by mouse (secret
   tactics, rolls, re-rolls, casualties); the tower makes the first round hit on 5+ and is then
   gone, and the walls take the hits. The Free Peoples PLAY A CARD in between.

The policy and the clicking are `test_journey.Journey`'s (the Battle for Rohan's journey).
"""

from __future__ import annotations

import sys
from pathlib import Path


from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.title import TitleScene
from conftest import click, until
from test_journey import Journey

SCEN = Path(__file__).resolve().parents[1] / "scenarios"
if str(SCEN) not in sys.path:
    sys.path.insert(0, str(SCEN))

SIZE = (1280, 720)
SEED = 2  # the dice of this seed let the first turn's move, recruit and card happen




def gondor_flags(game) -> dict:
    return game.state["flags"]["gondor"]


class FirstTurn(Journey):
    goals = ("move", "recruit", "card")

    def choose(self, legal):
        k = self.game.state["pending"][-1]["kind"]
        if k == "choose_position":
            return [c for c in legal if c["position"] == "captain_of_despair"][0]
        if k == "place_leadership":
            return legal[0]
        return super().choose(legal)


def test_gondor_first_turn_by_mouse(make_app, gondor):
    app = make_app(SIZE)
    title = TitleScene(app)
    title.seed = SEED
    app.push(title)
    app.step()
    # the title: the Gondor face of the board (a picture button), hotseat, New game
    face = next(b for b in title.scenario_buttons if b.name == "scenario:gondor")
    click(app, face.rect.center)
    assert title.scenario == "gondor" and face.selected
    click(app, title.mode_buttons["hotseat"].rect.center)
    click(app, title.btn_new.rect.center)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.game.spec.id == "gondor" and scene.game.seed == SEED
    game = scene.game
    assert scene.curtain == "sh"
    j = FirstTurn(app, scene)
    until(j, lambda: game.state["pending"][-1]["kind"] == "action", limit=80)
    assert game.state["position"] == "captain_of_despair"
    until(j, lambda: game.state["turn"] == 2, limit=400)
    assert app.last_error is None
    assert set(j.done) == set(FirstTurn.goals), j.done
    # the card played was a Gondor half (the story cards carry both texts)
    card = next(c["card"] for _k, c in j.steps if c.get("action") == "play_card")
    assert card in gondor.cards
    print(f"gondor first turn: {len(j.steps)} commands, {j.curtains} curtains; goals {j.done}; card {card}")


# -- the siege ------------------------------------------------------------------------------


class Siege(Journey):
    goals = ("catapults", "tower", "fire", "card", "siege")
    goal_actions = {
        "catapults": ("build_catapults",),
        "tower": ("build_tower",),
        "fire": ("fire_catapults",),
        "card": ("play_card",),
        "siege": ("attack",),
    }
    SITES = ("north_pelennor", "east_pelennor")

    def wanted(self, goal, cmd) -> bool:
        if goal == "siege":  # only once the tower stands and the catapults have fired
            return {"tower", "fire"} <= set(self.done)
        return True

    def choose(self, legal):
        s = self.game.state
        k = s["pending"][-1]["kind"]
        if k == "choose_region":
            regions = [c for c in legal if c["cmd"] == "choose_region"]
            for want in (*self.SITES, "gate_fields"):
                hit = [c for c in regions if c["region"] == want]
                if hit:
                    return hit[0]
            return ([c for c in legal if c["cmd"] == "done"] or legal)[0]
        if k == "attack" and self.current == "siege":
            hit = [c for c in legal if c["cmd"] == "attack" and c.get("from") == "gate_fields"
                   and c.get("target") == "minas_tirith" and "to" not in c and "armies" not in c]
            if hit:
                return hit[0]
        if k == "cease":  # one round with the tower, then cease
            return [c for c in legal if c["cmd"] == "cease"][0]
        return super().choose(legal)

    def goal_of(self, kind, cmd):
        act = cmd.get("action")
        for goal in ("catapults", "tower", "fire", "card"):
            if act in self.goal_actions[goal] and goal not in self.done:
                return goal
        if kind == "attack" and cmd.get("target") == "minas_tirith" and "siege" not in self.done:
            return "siege"
        return None

    def before_goal(self, goal, cmd):
        if goal == "card":
            return list(self.game.state["sides"][cmd["side"]]["hand"])
        return None

    def after_goal(self, goal, cmd, before):
        if goal == "card":
            super().after_goal(goal, cmd, before)


def siege_position(home):
    """Turn 1 at the action phase through Game.submit: the Shadow's dice Muster, Muster, Army,
    Army; Shadow armies at the Gate Fields and in North and East Pelennor; a Free Peoples card."""
    from gondor_positions import FP, SH, hand, place, ready

    from botwotr.persistence import autosave as autosaves

    g = ready(fp=["event"] * 5, sh=["muster", "muster", "army", "army", "army", "army"], keep_board=True)
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 1})
    place(g, "north_pelennor", SH, {"orcs": 2})
    place(g, "east_pelennor", SH, {"orcs": 2})
    hand(g, FP, "hope_kindled")  # its Gondor half: A Wind from the Sea (the Darkness lifts)
    autosaves.autosave(g, home, force=True)
    return g


def test_gondor_siege_by_mouse(make_app, home, gondor):
    made = siege_position(home)
    start_protection = gondor_flags(made)["protection"]["minas_tirith"]
    app = make_app(SIZE)
    title = TitleScene(app)
    app.push(title)
    app.step()
    assert title.btn_continue.enabled
    click(app, title.btn_continue.rect.center)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.game.spec.id == "gondor"
    game = scene.game
    assert game.state == made.state
    j = Siege(app, scene)
    until(j, lambda: {"catapults", "tower", "fire", "siege"} <= set(j.done) and game.state["battle"] is None,
          limit=300)
    assert app.last_error is None
    g = gondor_flags(game)
    log = [e for x in game.log for e in x["events"]]
    # catapults built in both sites by clicking them, then fired by one Army die
    built = [c for _k, c in j.steps if c["cmd"] == "choose_region" and c["region"] in Siege.SITES]
    assert {c["region"] for c in built} == set(Siege.SITES)
    assert all(g["catapults"][r] >= 1 for r in Siege.SITES)
    # the siege battle: the tower's round hit on 5+ despite the walls, then the tower was gone
    targets = [e["target"] for e in log if e["e"] == "CombatRolled" and e["side"] == "sh"]
    assert targets and targets[0] == 5, targets
    assert not g["towers"], g["towers"]
    assert any(e["e"] == "BattleEnded" for e in log)
    assert g["protection"]["minas_tirith"] < start_protection  # the catapults and the assault hit the walls
    # the card: A Wind from the Sea lifted the Darkness from a region
    assert "card" in j.done and j.done["card"] == "fp"
    assert len(g["darkness"]) < len(gondor_flags(made)["darkness"])
    kinds = {k for k, _c in j.steps}
    assert {"tactic", "combat_roll"} <= kinds, kinds
    print([(k, c.get("action") or c["cmd"], c.get("region") or c.get("target") or c.get("card")) for k, c in j.steps])
    print(f"siege journey: {len(j.steps)} commands; protection {start_protection} -> "
          f"{g['protection']['minas_tirith']}; rolls {targets}")
