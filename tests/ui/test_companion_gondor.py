"""The Battle for Gondor in the companion mode, through the window: the players roll real dice
and draw real tiles and cards at the table and type what came up into the outcome dialog; the
program rolls nothing (the seeded generator is never drawn from).

1. `test_gondor_companion_first_turn_tracked_cards`: the title → the Gondor face → Companion
   (tracked cards) → New game; both opening hands are entered card by card in the dialog; the
   Shadow's position brings a Darkness card, drawn at the table and entered; the fate tile and
   both rolls are entered face by face; then the first turn is played to its end (a card from the
   tracked hand, each hand behind a cover for its side), every command by mouse.
2. `test_gondor_companion_siege_physical_cards`: a siege position (Shadow armies at the Gate
   Fields and in both catapult sites, the Free Peoples sallying from Minas Tirith) made through
   `Game.submit` in companion mode with physical cards and autosaved; the title's Continue opens
   it, and then by mouse: catapults built and fired (the catapult dice typed in: every 5+ wears
   Minas Tirith's protection down), a siege tower, a card played by hand, an attack on the city
   (both tactics entered together after the reveal at the table, both rolls typed in, the walls
   taking the hits), and a Free Peoples attack into the Darkness (one re-roll fewer: the
   Darkness's fear, docs/gondor.md) with its leader re-roll typed in.

The policy and clicking are `test_journey.Journey`'s; `Companion` adds the outcome dialog.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pygame

from botwotr.ui.outcomes import OutcomeDialog
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.title import TitleScene
from conftest import click, until
from test_journey import Journey, UIBug

SCEN = Path(__file__).resolve().parents[1] / "scenarios"
if str(SCEN) not in sys.path:
    sys.path.insert(0, str(SCEN))

SIZE = (1280, 720)




def no_rng(game) -> bool:
    """Nothing was drawn from the seeded generator (the start of the game included)."""
    return game.state["rng"] == 0 and not any(e["e"] == "RngAdvanced" for x in game.log for e in x["events"])


def flags(game) -> dict:
    return game.state["flags"]["gondor"]


def events(game, since: int = 0) -> list[dict]:
    return [e for x in game.log[since:] for e in x["events"]]


class Companion(Journey):
    """A journey at a shared screen: what a command needs from the table is typed into the
    outcome dialog (`outcome` says what came up), and the secret choices both players reveal at
    the table (tactics; combat cards when the cards are physical) are entered together."""

    def __init__(self, app, scene, seed=0):
        super().__init__(app, scene)
        self.rng = random.Random(seed)
        self.faces: dict[str, list[str]] = {}  # side -> the faces its next roll shows
        self.combat: dict[str, list[int]] = {}  # side -> the combat dice it rolls next
        self.cards: list[str] = []  # the cards to enter when a card is asked (in this order)
        self.typed: list[tuple] = []  # (what, value) of every value entered in the dialog
        self.dialogs = 0
        self.prompts: list[str] = []  # what the dialog asked, value by value
        self.together = 0  # secret choices entered by both sides in one panel

    # -- the dialog ------------------------------------------------------------------------
    def outcome(self, dlg: OutcomeDialog, need: dict):
        kind = need["kind"]
        options = need.get("options") or []
        side = dlg.side(need)
        if kind == "face":
            planned = self.faces.get(side) or []
            return planned.pop(0) if planned and planned[0] in options else options[0]
        if kind == "die":
            planned = self.combat.get(side) or []
            return planned.pop(0) if planned else self.rng.randint(1, 6)
        for c in list(self.cards):
            if c in options:
                self.cards.remove(c)
                return c
        return options[0]

    def fill(self):
        """Answer the dialog the command opened, value by value, then Confirm."""
        while isinstance(self.app.scene, OutcomeDialog):
            dlg = self.app.scene
            self.dialogs += dlg.entered == []
            if dlg.complete:
                assert dlg.btn_confirm.visible and dlg.btn_confirm.enabled
                click(self.app, dlg.btn_confirm.rect.center)
                assert self.app.scene is not dlg, "Confirm did not close the dialog"
                return
            need = dlg.question()
            self.prompts.append(dlg.prompt())
            value = self.outcome(dlg, need)
            self.typed.append((need.get("what"), value))
            n = len(dlg.entered)
            click(self.app, self.choice_point(dlg, value))
            assert self.app.scene is not dlg or len(dlg.entered) == n + 1, \
                f"{value!r} was not entered for {need}: {dlg.note!r}"

    def choice_point(self, dlg, value):
        """The middle of the choice for `value`, scrolling the grid with the wheel to it."""
        for _ in range(80):
            ch = next((c for c in dlg.choices if value in c.ids and c.enabled), None)
            if ch is None:
                raise UIBug(f"the dialog offers no {value!r} ({[c.name for c in dlg.choices]})")
            if dlg.grid.contains(ch.rect):
                return ch.rect.center
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=dlg.grid.center, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if ch.rect.y > dlg.grid.y else 1,
                                                 flipped=False, precise_x=0.0, precise_y=-1.0))
            self.app.step()
        raise UIBug(f"{value!r} cannot be scrolled into the dialog's grid")

    # -- the journey's hooks ---------------------------------------------------------------
    def perform(self, cmd):
        super().perform(cmd)
        self.fill()

    def same(self, given, meant, rolled) -> bool:
        given = {k: v for k, v in given.items() if k != "outcomes"}
        return super().same(given, meant, rolled)

    def step(self):
        scene, game = self.scene, self.game
        p = game.state["pending"][-1] if game.state["pending"] else {}
        if not scene.curtain and p.get("kind") in ("tactic", "combat_card") and self.panel.find("confirm:both"):
            self.step_together(p)
            return
        super().step()

    def step_together(self, p):
        """Both sides' secret choices, revealed at the table, entered in one panel."""
        kind, game = p["kind"], self.game
        legal = self.scene.legal
        cmds = [self.choose([c for c in legal if c["side"] == sd]) for sd in p["sides"]]
        n = len(game.log)
        for c in cmds:
            self.steps.append((kind, c))
            pick = c["tactic"] if kind == "tactic" else (c["card"] or "none")
            self.press(f"{'tactic' if kind == 'tactic' else 'card'}:{c['side']}:{pick}")
            assert len(game.log) == n, "a secret choice was recorded before both were entered"
        self.press("confirm:both")
        given = [x["cmd"] for x in game.log[n:]]
        assert sorted(map(repr, given)) == sorted(map(repr, cmds)), (given, cmds)
        self.together += 1


class FirstTurn(Companion):
    goals = ("card", "move")

    def wanted(self, goal, cmd) -> bool:
        return goal != "card" or cmd.get("card") == "hope_kindled"

    def choose(self, legal):
        k = self.game.state["pending"][-1]["kind"]
        if k == "choose_position":  # the Morgul Throne: leadership tokens and a Darkness card
            return [c for c in legal if c["position"] == "morgul_throne"][0]
        if k in ("place_leadership", "choose_region"):
            return legal[0]
        if k == "card_draw":
            return legal[0]
        return super().choose(legal)

    def perform(self, cmd):
        if cmd["cmd"] == "draw_cards":
            self.press("draw")
            self.fill()
            return
        super().perform(cmd)


def test_gondor_companion_first_turn_tracked_cards(make_app, gondor):
    app = make_app(SIZE)
    title = TitleScene(app)
    title.seed = 2
    app.push(title)
    app.step()
    click(app, next(b for b in title.scenario_buttons if b.name == "scenario:gondor").rect.center)
    click(app, title.mode_buttons["companion"].rect.center)
    assert title.scenario == "gondor" and title.mode == "companion"
    assert title.btn_cards.visible
    click(app, title.btn_new.rect.center)  # the cards are tracked (the default)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.mode == "companion" and scene.game.spec.id == "gondor"
    game = scene.game
    assert not game.state["options"].get("physical_cards")
    j = FirstTurn(app, scene, seed=2)
    # the opening hands: Swift Messenger and A Wind from the Sea (its Gondor half lifts the Darkness)
    assert "hope_kindled" in game.state["sides"]["fp"]["story"]
    j.cards = ["swift_messenger", "hope_kindled"]
    j.faces = {"fp": ["event", "event", "muster", "army_muster", "will"], "sh": ["army", "muster", "army", "event", "eye", "eye"]}
    until(j, lambda: game.state["pending"][-1]["kind"] == "choose_position", limit=10)
    hands = {sd: list(game.state["sides"][sd]["hand"]) for sd in ("fp", "sh")}
    assert all(len(h) == 2 for h in hands.values()), hands
    assert all(("Free Peoples" if sd == "fp" else "Shadow") + " generic card" in [w for w, _v in j.typed]
               for sd in ("fp", "sh"))
    for sd, h in hands.items():  # the hands are what the players entered, nothing dealt
        assert set(h) <= {v for _w, v in j.typed}
    until(j, lambda: game.state["pending"][-1]["kind"] == "action", limit=40)
    # the Darkness card of the Morgul Throne was drawn at the table and entered
    specials = [v for w, v in j.typed if w == "Shadow special card"]
    assert specials and specials[0] in gondor.cards
    assert any(w == "fate tile" for w, _v in j.typed)
    assert game.state["sides"]["fp"]["rolled"][:2] == ["event", "event"]
    assert game.state["sides"]["sh"]["rolled"][:1] == ["army"]
    until(j, lambda: game.state["turn"] == 2, limit=300)
    assert app.last_error is None
    assert "card" in j.done, j.done
    played = next(c["card"] for _k, c in j.steps if c.get("action") == "play_card")
    assert played in hands[j.done["card"]]
    assert j.curtains >= 2  # the tracked hands were shown behind covers only
    # A Wind from the Sea, entered in the opening hand and played from it, lifted the Darkness
    assert played == "hope_kindled" and "hope_kindled" not in game.state["sides"]["fp"]["hand"]
    assert any(e["e"] == "Note" and e["text"].startswith("The Darkness lifts (a card)") for e in events(game))
    assert not {"gate_fields", "townlands"} & set(flags(game)["darkness"])  # west first
    assert no_rng(game)
    print(f"gondor companion first turn: {len(j.steps)} commands, {j.dialogs} dialogs, {len(j.typed)} values "
          f"typed, {j.curtains} covers; goals {j.done}")


# -- the siege, with physical cards ---------------------------------------------------------------


class Siege(Companion):
    goals = ("card", "catapults", "tower", "fire", "siege", "sally")
    goal_actions = {
        "catapults": ("build_catapults",),
        "tower": ("build_tower",),
        "fire": ("fire_catapults",),
        "card": ("play_card",),
        "siege": ("attack",),
        "sally": ("attack",),
    }
    SITES = ("north_pelennor", "east_pelennor")

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.reroll_max: list[tuple] = []  # (battle region, side, max) at each re-roll decision

    def wanted(self, goal, cmd) -> bool:
        if goal == "card":
            return cmd["side"] == "fp" and cmd.get("card") == "?"  # a physical card, played by hand
        if goal == "siege":  # once the tower stands and the catapults have fired
            return cmd["side"] == "sh" and {"tower", "fire"} <= set(self.done)
        if goal == "sally":  # the Free Peoples strike back out of the city, into the Darkness
            return cmd["side"] == "fp" and "siege" in self.done and self.game.state["battle"] is None
        return cmd["side"] == "sh"

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
        if k == "attack":
            frm, target = ("gate_fields", "minas_tirith") if self.current == "siege" else ("minas_tirith", "gate_fields")
            hit = [c for c in legal if c["cmd"] == "attack" and c.get("from") == frm
                   and c.get("target") == target and "to" not in c and "armies" not in c]
            if hit:
                return hit[0]
        if k == "cease":  # one round, then cease
            return [c for c in legal if c["cmd"] == "cease"][0]
        if k == "reroll":  # how many dice the leaders may re-roll, and where
            self.reroll_max.append((s["battle"]["target"], s["pending"][-1]["side"], s["pending"][-1]["max"]))
        if k == "casualties" and s["pending"][-1].get("mandatory"):
            return [c for c in legal if c["cmd"] == "casualty"][0]
        return super().choose(legal)

    def goal_of(self, kind, cmd):
        act = cmd.get("action")
        for goal in ("catapults", "tower", "fire", "card"):
            if act in self.goal_actions[goal] and goal not in self.done and self.current == goal:
                return goal
        if kind == "attack" and cmd.get("target") == "minas_tirith" and "siege" not in self.done:
            return "siege"
        if kind == "attack" and cmd.get("target") == "gate_fields" and "sally" not in self.done:
            return "sally"
        return None

    def before_goal(self, goal, cmd):
        if goal == "card":
            return list(self.game.state["sides"][cmd["side"]]["hand"])
        return None

    def after_goal(self, goal, cmd, before):
        if goal == "card":
            hand = before
            assert len(self.game.state["sides"]["fp"]["hand"]) == len(hand) - 1
            assert any(e["e"] == "CardPlayed" and e.get("by_hand") for e in self.events["card"])


def siege_position(home):
    """Turn 1 at the action phase in companion mode with physical cards, through Game.submit (the
    outcomes given as the table would): the Free Peoples' dice Army-Muster and Events, the Shadow's
    Muster, Muster, Army, Army, Army, Army; Shadow armies at the Gate Fields and in North and East
    Pelennor (players' adjustments)."""
    from gondor_positions import QUIET, SH, SPEC, place
    from rohan_positions import to_action_phase

    from botwotr.core import Game
    from botwotr.persistence import autosave as autosaves

    g = Game.new(SPEC, seed=3, options={"companion": True, "physical_cards": True})
    to_action_phase(g, ["army_muster"] + ["event"] * 5, ["muster", "muster"] + ["army"] * 4, QUIET, "grey_0a")
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 1})
    place(g, "north_pelennor", SH, {"orcs": 2})
    place(g, "east_pelennor", SH, {"orcs": 2})
    autosaves.autosave(g, home, force=True)
    return g


def test_gondor_companion_siege_physical_cards(make_app, home, gondor):
    made = siege_position(home)
    start = flags(made)["protection"]["minas_tirith"]
    assert set(made.state["sides"]["fp"]["hand"]) == {"?"}  # the cards are at the table
    app = make_app(SIZE)
    title = TitleScene(app)
    app.push(title)
    app.step()
    click(app, title.btn_continue.rect.center)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.mode == "companion" and scene.game.state == made.state
    game = scene.game
    n0 = len(game.log)
    j = Siege(app, scene, seed=3)
    # what comes up at the table: the catapults' dice 5 and 2 (one hit on the walls); the tower's
    # round: the Shadow 6, 5, 5, 2, 1 (three hits on 5+ despite the walls); the sally: misses
    # the Free Peoples re-roll with their leaders
    j.combat = {"sh": [5, 2, 6, 5, 5, 2, 1, 3, 3, 3, 3, 3, 3], "fp": [1, 1, 1, 6, 6, 1, 1, 1, 4, 4, 4, 4, 4, 4]}
    until(j, lambda: set(Siege.goals) <= set(j.done) and game.state["battle"] is None, limit=300)
    assert app.last_error is None
    g = flags(game)
    log = events(game, n0)
    # catapults built in both sites by clicking them on the board, then fired: the dice typed in
    built = [c for _k, c in j.steps if c["cmd"] == "choose_region" and c["region"] in Siege.SITES]
    assert {c["region"] for c in built} == set(Siege.SITES) and all(g["catapults"][r] >= 1 for r in Siege.SITES)
    fire = next(x for x in game.log[n0:] if x["cmd"].get("action") == "fire_catapults")
    assert fire["cmd"]["outcomes"][:2] == [5, 2]
    assert "Catapult die 1 of 2: click the number rolled." in j.prompts, j.prompts  # named, not "catapult"
    # the siege battle: the tower's round hit on 5+ (siege towers, docs/gondor.md), the walls took
    # the three hits (with the catapults' one: 4 off the protection), and the tower is gone
    sieges = [e for e in log if e["e"] == "CombatRolled" and e["side"] == "sh"]
    assert sieges and sieges[0]["target"] == 5 and sieges[0]["dice"][:5] == [6, 5, 5, 2, 1], sieges[0]
    assert not g["towers"]
    assert g["protection"]["minas_tirith"] <= start - 1 - 3, (start, g["protection"])
    assert j.together >= 1  # both tactics revealed at the table, entered in one panel
    # the sally into the Gate Fields, under the Darkness: the Free Peoples re-roll one die fewer
    sally = [x for x in game.log[n0:] if x["cmd"]["cmd"] == "attack" and x["cmd"].get("target") == "gate_fields"]
    assert sally and "gate_fields" in g["darkness"]
    rerolls = [x for x in game.log[n0:] if x["cmd"]["cmd"] == "reroll" and x["cmd"]["side"] == "fp"]
    fp_max = {r: m for r, sd, m in j.reroll_max if sd == "fp"}
    assert fp_max.get("gate_fields") == fp_max.get("minas_tirith", 0) - 1, j.reroll_max
    assert rerolls and rerolls[-1]["cmd"]["outcomes"]  # the re-rolled dice typed in too
    typed = [w for w, _v in j.typed]
    assert {"catapult", "combat"} <= set(typed)
    print(f"gondor companion siege: {len(j.steps)} commands, {j.dialogs} dialogs, {len(j.typed)} values typed; "
          f"protection {start} -> {g['protection']['minas_tirith']}; re-rolls {[x['cmd'] for x in rerolls]}")
    assert no_rng(game)


def test_the_dialog_shows_no_tooltip_of_the_game_under_it(make_app, gondor):
    """The pointer rests where it clicked "Enter the cards drawn": under the open dialog the
    game's tooltip for that button is not drawn (it showed through beside the dialog)."""
    from botwotr.core import Game

    app = make_app(SIZE)
    g = Game.new(gondor, seed=2, options={"companion": True})
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    if scene.curtain:  # tracked cards: the hand is entered behind its side's cover
        click(app, scene.btn_reveal.rect.center)
        app.step()
    btn = scene.decision.find("draw")
    scene.decision.reveal(btn)
    app.step()
    at = scene.decision.find("draw").rect.center
    click(app, at)
    dlg = app.scene
    assert isinstance(dlg, OutcomeDialog)
    for _ in range(40):  # the pointer rests: a tooltip would be due after 0.35 s
        app.step()
    assert app.hover_time > 0.35 and scene.tooltip_at(at) is not None
    shown = pygame.image.tobytes(app.screen, "RGB")
    app.hover_time = 0.0  # no tooltip due: the same picture
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == shown
