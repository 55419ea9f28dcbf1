"""One whole first turn of the Battle for Rohan, played in hotseat through the window with posted
mouse events only (motion, left-button presses and releases; a panel taller than its room scrolls
with its "up / more below" strip): no wheel, no keyboard, no `game.submit`.

The title screen → New game (Rohan, hotseat) → the curtain → the Shadow chooses Saruman's position
and places the leadership tokens → the fate draw → both action rolls → the action phase, where the
dice decide who does what (`Journey.action`): a strategic MOVE of a whole army, a RECRUIT on a
recruitment token, an ATTACK fought to its end (secret tactics through the curtain, rolls, leader
re-rolls, casualties, cease or fight on, stay or withdraw), a CARD played with a matching die; then
both players pass or spend their dice until the turn ends (turn 2).

A small policy (`Journey.choose`) picks the command a player means to give from the commands the
scene offers that seat (`scene.legal`), in the core's terms; `Journey.perform` gives it by clicking
the decision panel and the board as a player would, and checks the game logged exactly that. A
command the mouse cannot give is a UI bug: the test fails saying which.
"""
from __future__ import annotations

import time

import pygame

from botwotr.core.view import HIDDEN
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.title import TitleScene

from conftest import click

SEED = 13          # the dice of this seed let every step of the journey happen in turn 1
SIZE = (1280, 720)
GOALS = ("move", "recruit", "attack", "card")
GOAL_ACTIONS = {"move": ("strategic_move",), "recruit": ("recruit",), "attack": ("attack",),
                "card": ("play_card",)}
FILLER = ("draw_generic", "draw_story", "strategic_move", "mordor_move", "move_characters", "recruit",
          "mordor_recruit", "rally", "fast_move", "ability", "forfeit")


# -- mouse helpers -------------------------------------------------------------------------------

def frame(app, rect=None):
    surf = app.screen if rect is None else app.screen.subsurface(rect)
    return pygame.image.tobytes(surf, "RGB")


def settle(app, n=75):
    """Let the animations run out (the step clock: no sleeping)."""
    for _ in range(n):
        app.step()


def whole(state, cmd) -> bool:
    """The command takes the whole army of its `from` region."""
    reg = state["regions"][cmd["from"]]
    chars = sorted(c for c, cs in state["chars"].items() if cs["status"] == "in_play" and cs["region"] == cmd["from"])
    return (cmd.get("units") == reg["units"] and cmd.get("leaders", 0) == reg["leaders"]
            and sorted(cmd.get("characters") or []) == chars and cmd.get("damage", 0) == reg["damage"])


class UIBug(AssertionError):
    pass


class Journey:
    goals = GOALS                # what the journey must do, in this order of preference
    goal_actions = GOAL_ACTIONS  # goal -> the die actions that reach it

    def __init__(self, app, scene):
        self.app = app
        self.scene = scene
        self.game = scene.game
        self.done: dict[str, str] = {}       # goal -> the side that reached it
        self.current: str | None = None      # the goal of the action under way
        self.rounds = 0
        self.steps: list[tuple] = []         # (pending kind, command) for the failure message
        self.curtains = 0
        self.hidden_seen = 0                 # times a secret choice of the other side was shown hidden
        self.checked_curtain = False
        self.events: dict[str, list] = {}    # goal -> the events of the command that reached it

    # -- the window ------------------------------------------------------------------------
    @property
    def panel(self):
        return self.scene.decision

    def press(self, name):
        """Scroll the decision panel with the wheel until `name` shows, then click it."""
        panel = self.panel
        w = panel.find(name)
        if w is None:
            raise UIBug(f"{type(panel).__name__} has no widget {name!r} (has {panel.names()}); "
                        f"steps: {self.steps[-5:]}")
        if not w.enabled:
            raise UIBug(f"{name} is disabled in {type(panel).__name__}")
        if w in getattr(panel, "footer", ()):  # the footer never scrolls
            click(self.app, w.rect.center)
        else:
            click(self.app, self.scroll_to(lambda: self.panel.find(name).rect, name))

    def scroll_to(self, rect_of, what):
        """Click the panel's "up / more below" strip until `rect_of()` lies in its visible part
        (no wheel needed); the point to click (the middle of what shows, if it never shows whole)."""
        seen = set()
        for _ in range(40):
            r = rect_of()
            view = getattr(self.panel, "_view", self.panel.rect)
            if view.contains(r):
                return r.center
            shown = r.clip(view)
            if self.panel.scroll in seen and shown.h >= min(r.h, view.h) // 2:
                return shown.center
            seen.add(self.panel.scroll)
            more = getattr(self.panel, "_more", None)
            if not more or not more.w:
                raise UIBug(f"{what} is out of view in {type(self.panel).__name__} and nothing scrolls it")
            half = more.w // 4
            up = r.y < view.y  # the strip's left half scrolls up, its right half down
            click(self.app, (more.centerx - half if up else more.centerx + half, more.centery))
        raise UIBug(f"{what} cannot be scrolled into view in {type(self.panel).__name__}")

    def region_point(self, region):
        """A point of `region` on the board, away from pieces and panels (a press there is a click,
        not the start of a drag)."""
        bv = self.scene.board
        x, y = bv.camera.to_screen(*bv.layout.anchor(region, "label"))
        pieces = list(bv.piece_rects.values())
        poly = [bv.camera.to_screen(px, py) for px, py in bv.layout.polygons[region]]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        cands = [(round(x), round(y))] + [
            (round(min(xs) + (max(xs) - min(xs)) * fx / 12), round(min(ys) + (max(ys) - min(ys)) * fy / 12))
            for fy in range(1, 12) for fx in range(1, 12)]
        for p in cands:
            if bv.rect.collidepoint(p) and bv.region_at_screen(p) == region \
                    and not any(r.collidepoint(p) for r in pieces):
                return p
        raise UIBug(f"no free point to click in {region}")

    def click_region(self, region):
        click(self.app, self.region_point(region))

    def lift_curtain(self):
        scene = self.scene
        assert scene.curtain and scene.legal == []  # nothing to click but the curtain's button
        if not self.checked_curtain:
            covered = frame(self.app)
        side = scene.curtain
        click(self.app, scene.btn_reveal.rect.center)
        assert scene.curtain is None and scene.seat == side
        self.curtains += 1
        if not self.checked_curtain:
            self.app.step()
            assert frame(self.app) != covered, "the curtain looks like the board"
            self.checked_curtain = True

    def set_picker(self, cmd):
        """Count the picker to the group the command moves (− / + and the check boxes)."""
        picker = self.panel.picker
        want = {f"u:{u}": n for u, n in cmd.get("units", {}).items()}
        for r in picker.rows:
            if r.key.startswith("u:"):
                want.setdefault(r.key, 0)
        want["leaders"] = cmd.get("leaders", 0)
        want["tokens"] = cmd.get("tokens", 0)  # Shadow leadership tokens going along
        want["damage"] = cmd.get("damage", 0)
        for c in cmd.get("characters") or []:
            want[f"c:{c}"] = 1
        for _ in range(30):
            picker = self.panel.picker
            vals = picker.values()
            diff = [(k, want.get(k, 0) - v) for k, v in vals.items() if want.get(k, 0) != v]
            if not diff:
                return
            k, d = diff[0]
            self.scroll_to(lambda: self.panel.picker.row_rect(k), f"the picker's row {k}")  # whole rows only
            picker = self.panel.picker
            rect = picker.plus_rect(k) if d > 0 else picker.minus_rect(k)
            click(self.app, rect.center)
        raise UIBug(f"the picker cannot be set to {want}: {self.panel.picker.values()}")

    # -- what the player means to do ---------------------------------------------------------
    def choose(self, legal):
        s = self.game.state
        p = s["pending"][-1]
        k = p["kind"]

        def where(**kw):
            return [c for c in legal if all(c.get(a) == b for a, b in kw.items())]

        if k == "choose_position":
            return where(position="palantir_room")[0]
        if k == "place_leadership":  # on the army next to the Free Peoples' (its defence re-rolls)
            return (where(region="isen_vale") or where(region="west_fords") or legal)[0]
        if k == "fate_decide":
            return where(cmd="keep_fate")[0]
        if k == "action":
            return self.action(legal)
        if k == "move":
            moves = where(cmd="move_army")
            if self.current == "move" and "move" not in self.done:
                ok = [c for c in moves if len(c["path"]) == 1 and whole(s, c)
                      and not s["regions"][c["path"][0]]["units"]]
                if ok:
                    return ok[0]
            return (where(cmd="done") or moves)[0]
        if k == "recruit":
            if self.current == "recruit" and "recruit" not in self.done and where(cmd="recruit"):
                return where(cmd="recruit")[0]
            return (where(cmd="done") or legal)[0]
        if k == "attack":
            att = [c for c in where(cmd="attack") if "to" not in c and "armies" not in c]
            return (att or [c for c in where(cmd="attack") if "to" in c and whole(s, c)] or legal)[0]
        if k == "tactic":  # a maneuver while one is left, else Regroup
            man = [c for c in legal if c["tactic"].startswith("maneuver:")]
            return (man or where(tactic="regroup"))[0]
        if k == "combat_card":
            return where(card=None)[0]
        if k == "reroll":  # re-roll the misses the leadership allows
            from botwotr.core.battle import die_value
            roll = s["battle"]["rolls"][p["side"]]
            miss = [i for i, d in enumerate(roll["dice"]) if die_value(d, roll["mod"]) < roll["target"]]
            return next((c for c in legal if c["dice"] == sorted(miss[:p["max"]])), legal[0])
        if k == "casualties":
            return (where(cmd="casualty") if p.get("mandatory") else where(cmd="done"))[0]
        if k == "cease":  # fight a second round, then cease
            return (where(cmd="fight_on") if self.rounds < 1 else where(cmd="cease"))[0]
        if k == "withdraw":
            return (where(choice="stay") or legal)[0]
        if k == "advance":
            return ([c for c in where(cmd="advance") if whole(s, c)] or where(cmd="done") or legal)[0]
        return (where(cmd="done") or legal)[0]

    def action(self, legal):
        s = self.game.state
        side = legal[0]["side"]
        uses = [c for c in legal if c["cmd"] == "use_die"]
        todo = [g for g in self.goals if g not in self.done]
        rolled = s["sides"][side]["rolled"]
        from botwotr.core.engine import FACE_ACTIONS

        def cost(c):  # keep the dice that serve more of what is left
            face = "character" if c["die"] == "box" else rolled[c["die"]]
            return sum(1 for g in todo if set(self.goal_actions[g]) & set(FACE_ACTIONS.get(face, ())))

        for g in todo:
            cands = [c for c in uses if c["action"] in self.goal_actions[g] and self.wanted(g, c)]
            if cands:
                self.current = g
                return min(cands, key=cost)
        self.current = None
        plain = [c for c in legal if c["cmd"] == "pass" and "token" not in c]
        if plain:
            return plain[0]
        lead = [c for c in legal if c["cmd"] == "place_leadership_token"]
        if lead:
            return lead[0]
        for a in FILLER:
            cands = [c for c in uses if c["action"] == a]
            if cands:
                return cands[0]
        return legal[0]

    def wanted(self, goal, cmd) -> bool:
        """Whether this die use serves the goal (a subclass may be choosier)."""
        return True

    # -- giving it with the mouse ------------------------------------------------------------
    def perform(self, cmd):
        c = cmd["cmd"]
        side = cmd["side"]
        kind = self.game.state["pending"][-1]["kind"]
        if c == "choose_position":
            self.press(f"position:{cmd['position']}")
        elif c in ("place_leadership_token", "recruit", "retreat_to", "choose_region", "place_orc", "rally",
                   "choose_army"):
            self.click_region(cmd["region"])
        elif c == "draw_fate":
            self.press("draw")
        elif c == "keep_fate":
            self.press("keep")
        elif c == "set_aside_fate":
            self.press("set_aside")
        elif c in ("roll_dice", "roll_combat"):
            self.press(f"roll:{side}")
        elif c == "use_die":
            self.use_die(cmd)
        elif c == "use_ability":  # an ability without a die
            assert self.panel.die is None, "the die's own ability buttons share the name"
            self.press(f"ability:{cmd['character']}")
        elif c == "choose_die":
            self.press(f"die:{cmd['die']}")
        elif c == "pass":
            if self.panel.die != "pass":
                self.press("die:pass")  # passing is picked beside the dice, then how
            self.press(f"token:{cmd['token']}" if "token" in cmd else "pass")
        elif c == "done":
            self.press("done")
        elif c == "move_army":
            self.click_region(cmd["from"])
            self.click_region(cmd["path"][-1])
            assert self.panel.dest == cmd["path"][-1]
            self.set_picker(cmd)
            self.press("move")
        elif c == "attack" and "armies" in cmd:  # a combined attack: the armies, then the target
            for r in cmd["armies"]:
                self.click_region(r)
            assert self.panel.armies == set(cmd["armies"])
            self.click_region(cmd["target"])
            self.press("attack")
        elif c == "attack":
            self.click_region(cmd["from"])
            if cmd.get("to"):
                self.click_region(cmd["to"])         # a green region: move there first
                assert self.panel.to == cmd["to"]
                self.set_picker(cmd)
            self.click_region(cmd["target"])         # the red region on the board
            assert self.panel.target == cmd["target"]
            self.press("attack")
        elif c == "tactic":
            self.press(f"tactic:{side}:{cmd['tactic']}")
            self.press(f"confirm:{side}")
        elif c == "combat_card":
            self.press(f"card:{side}:{cmd['card'] if cmd['card'] else 'none'}")
            self.press(f"confirm:{side}")
        elif c == "reroll":
            for i in cmd["dice"]:
                self.press(f"die:{i}")
            self.press("confirm")
        elif c in ("casualty", "remove_unit", "flee_casualty"):
            self.press(f"unit:{cmd['unit']}:0")
        elif c in ("cease", "fight_on"):
            self.press(c)
        elif c == "withdraw":
            self.press(f"withdraw:{cmd['choice']}")
        elif c == "advance":
            if self.panel.src != cmd["from"]:  # a combined attack: which army advances
                self.click_region(cmd["from"])
            self.set_picker(cmd)
            self.press("advance")
        elif c in ("discard",):
            self.press(f"card:{cmd['card']}")
        elif c == "choose_unit":
            self.press(f"unit:{cmd['unit']}")
        elif c == "move_characters":
            for ch in cmd["characters"]:
                self.press(f"char:{ch}")
            self.click_region(cmd["path"][-1])
        else:
            raise UIBug(f"the journey does not know how to give {cmd} (pending {kind})")

    def use_die(self, cmd):
        rolled = self.game.state["sides"][cmd["side"]]["rolled"]
        die = cmd["die"]
        self.press("die:box" if die == "box" else f"die:{rolled.index(rolled[die])}")
        a = cmd["action"]
        if a == "play_card":
            self.press(f"card:{cmd['card']}")
        elif a == "ability":
            self.press(f"ability:{cmd['character']}")
        elif a == "enter_character":
            rivals = {c["character"] for c in self.scene.legal if c.get("action") == "enter_character"
                      and c["region"] == cmd["region"] and c["die"] == cmd["die"]}
            if rivals == {cmd["character"]}:
                self.click_region(cmd["region"])  # the tinted entry region on the board
            else:  # several characters may enter there: the panel's button names the one
                self.press(f"enter:{cmd['character']}:{cmd['region']}")
        else:
            self.press(f"act:{a}")

    def same(self, given, meant, rolled) -> bool:
        """The logged command is the one meant (a die of the same face will do)."""
        if given.get("cmd") == "use_die" and meant.get("cmd") == "use_die":
            def face(d):
                return "box" if d == "box" else rolled[d]

            return face(given["die"]) == face(meant["die"]) and \
                {k: v for k, v in given.items() if k != "die"} == {k: v for k, v in meant.items() if k != "die"}
        if given.get("cmd") == "move_army" and meant.get("cmd") == "move_army":  # the panel picks the route
            return given["path"][-1] == meant["path"][-1] and \
                {k: v for k, v in given.items() if k != "path"} == {k: v for k, v in meant.items() if k != "path"}
        return given == meant

    # -- one step ----------------------------------------------------------------------------
    def step(self):
        scene, game = self.scene, self.game
        if scene.curtain:
            self.lift_curtain()
            return
        legal = scene.legal
        assert legal, f"the seat {scene.seat} has nothing to do: {game.state['pending'][-1]}"
        kind = game.state["pending"][-1]["kind"]
        if kind in ("tactic", "combat_card"):  # the other side's secret choice stays hidden
            key = {"tactic": "choice", "combat_card": "card"}[kind]
            theirs = (scene.view["battle"].get(key) or {}).get("sh" if scene.seat == "fp" else "fp")
            assert theirs in (None, HIDDEN), f"the {scene.seat} player sees the other side's {key}: {theirs}"
            self.hidden_seen += theirs == HIDDEN
        cmd = self.choose(legal)
        goal = self.goal_of(kind, cmd)
        before = self.before_goal(goal, cmd)
        n = len(game.log)
        rolled = list(game.state["sides"][cmd["side"]]["rolled"]) if cmd["side"] in ("fp", "sh") else []
        self.steps.append((kind, cmd))
        self.perform(cmd)
        if len(game.log) != n + 1 or not self.same(game.log[-1]["cmd"], cmd, rolled):
            given = [e["cmd"] for e in game.log[n:]]
            raise UIBug(f"meant {cmd} (pending {kind}), the window gave {given}; "
                        f"message: {scene.message!r}; last steps: {self.steps[-6:]}")
        if goal:
            self.done[goal] = cmd["side"]
            self.events[goal] = game.log[-1]["events"]
            self.after_goal(goal, cmd, before)
        if kind == "cease":
            self.rounds += 1

    def goal_of(self, kind, cmd):
        if kind == "move" and cmd["cmd"] == "move_army" and self.current == "move" and "move" not in self.done:
            return "move"
        if kind == "recruit" and cmd["cmd"] == "recruit" and self.current == "recruit" and "recruit" not in self.done:
            return "recruit"
        if kind == "attack" and "attack" not in self.done:
            return "attack"
        if cmd.get("action") == "play_card" and "card" not in self.done:
            return "card"
        return None

    def before_goal(self, goal, cmd):
        if goal == "move":
            settle(self.app, 5)
            return frame(self.app, self.scene.board.rect), dict(self.game.state["regions"][cmd["from"]]["units"])
        if goal == "recruit":
            s = self.game.state
            reg = s["regions"][cmd["region"]]
            return (sum(reg["units"].values()) if reg["side"] in (None, cmd["side"]) else 0,
                    list(reg["rtokens"][cmd["side"]]))
        if goal == "card":
            return list(self.game.state["sides"][cmd["side"]]["hand"])
        return None

    def after_goal(self, goal, cmd, before):
        s = self.game.state
        if goal == "move":
            board_before, units = before
            dest = cmd["path"][-1]
            assert s["regions"][dest]["units"] == units and s["regions"][dest]["side"] == cmd["side"]
            assert not s["regions"][cmd["from"]]["units"]
            settle(self.app)
            assert frame(self.app, self.scene.board.rect) != board_before, "the board did not change after the move"
        elif goal == "recruit":
            n, tokens = before
            reg = s["regions"][cmd["region"]]
            assert reg["side"] == cmd["side"] and sum(reg["units"].values()) == n + 1
            assert len(reg["rtokens"][cmd["side"]]) == len(tokens) - 1
        elif goal == "attack":
            assert s["battle"] is not None and s["battle"]["attacker"] == cmd["side"]
        elif goal == "card":
            hand = before
            assert cmd["card"] in hand and cmd["card"] not in s["sides"][cmd["side"]]["hand"]
            assert any(e["e"] == "CardPlayed" and e.get("card") == cmd["card"] for e in self.events["card"])


def test_a_whole_first_turn_by_mouse(make_app, rohan):
    t0 = time.perf_counter()
    app = make_app(SIZE)
    title = TitleScene(app)
    title.seed = SEED
    app.push(title)
    app.step()
    # the title: Rohan, hotseat, New game
    click(app, title.scenario_buttons[0].rect.center)
    assert title.scenario == "rohan"
    click(app, title.mode_buttons["hotseat"].rect.center)
    assert title.mode == "hotseat"
    click(app, title.btn_new.rect.center)
    scene = app.scene
    assert isinstance(scene, GameScene) and scene.mode == "hotseat" and scene.game.seed == SEED
    game = scene.game
    assert scene.curtain == "sh"  # the Shadow chooses first; the screen starts covered
    j = Journey(app, scene)

    def until(cond, limit=60):
        for _ in range(limit):
            if cond():
                return
            j.step()
        raise AssertionError(f"not reached in {limit} steps; last: {j.steps[-6:]}")

    def phase_kinds():
        return game.state["pending"][-1]["kind"] if game.state["pending"] else None

    # the Shadow phase: Saruman's position, the leadership tokens
    until(lambda: phase_kinds() == "place_leadership")
    assert game.state["position"] == "palantir_room"
    until(lambda: phase_kinds() != "place_leadership")
    assert game.state["regions"]["isen_vale"]["tokens"] == 2
    # the fate draw: a tile drawn and kept
    assert phase_kinds() == "fate_draw"
    until(lambda: phase_kinds() == "roll_dice")
    assert any(e["e"] == "FateTileApplied" for x in game.log for e in x["events"])
    # both rolls, each behind its own curtain
    until(lambda: phase_kinds() == "action")
    assert game.state["sides"]["fp"]["rolled"] and game.state["sides"]["sh"]["rolled"]
    # the action phase, to the end of the turn
    until(lambda: game.state["turn"] == 2, limit=400)
    assert app.last_error is None
    assert set(j.done) == set(GOALS), j.done
    ended = [e for x in game.log for e in x["events"] if e["e"] == "BattleEnded"]
    assert any(e["attacker"] == j.done["attack"] for e in ended), "the attack's battle did not end"
    assert game.state["battle"] is None
    kinds = {k for k, _c in j.steps}
    assert {"tactic", "combat_roll", "reroll", "casualties", "cease"} <= kinds, kinds
    assert any(c["cmd"] == "fight_on" for _k, c in j.steps) and j.curtains >= 10 and j.hidden_seen >= 2
    assert game.state["turn"] == 2
    elapsed = time.perf_counter() - t0
    print(f"journey: {len(j.steps)} commands, {j.curtains} curtains, {app.frame} frames, {elapsed:.1f} s; "
          f"goals: {j.done}")
    assert elapsed < 60
