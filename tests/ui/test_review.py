"""Review mode in the window (issue 15): a whole bot game stepped forward and back by event, by
move and by turn, the state at every step checked against the core (`state_at(n)`, and a fresh
fold of the events for positions inside a move); the views follow the chosen seat (R-15); the
timeline and the battles; playing with the live game's animations; a "what if" branch from the
load screen's Review; the end-of-game screen (summary, review with everything shown, play again,
swap sides). Driven through the scenes and posted pygame events with the injected clock."""

from __future__ import annotations

import json

import pygame
import pytest

from botwotr.core import Game
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side
from botwotr.core.events import apply
from botwotr.core.state import canonical, clone, new_state
from botwotr.core.view import HIDDEN
from botwotr.persistence import autosave as autosaves
from botwotr.persistence import save as saves
from botwotr.ui.logtext import card_name, region_name
from botwotr.ui.scenes.game import GameScene
from botwotr.ui.scenes.game_over import GameOverScene
from botwotr.ui.scenes.load import LoadScene
from botwotr.ui.scenes.review import ReviewScene, open_review

from conftest import click


def bot_game(spec, seed: int, players=None) -> Game:
    g = Game.new(spec, seed=seed, options={"players": players} if players else None)
    bots = {"fp": GreedyBot(seed), "sh": RandomBot(seed + 1)}
    for _ in range(20000):
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    assert g.state["winner"]
    return g


@pytest.fixture(scope="module")
def finished(rohan):
    return bot_game(rohan, 4, {"fp": "Ann", "sh": "Ben"})


def entry_folds(g: Game) -> list[dict]:
    s = new_state(g.spec, g.seed)
    out = [clone(s)]
    for entry in g.log:
        for e in entry["events"]:
            s = apply(s, e)  # a new state: apply never changes the one it is given
        out.append(clone(s))
    return out


def expected(g, folds, n, k):
    """The state after n entries and the first k events of entry n, folded here."""
    if k == 0:
        return folds[n]
    s = clone(folds[n])
    for e in g.log[n]["events"][:k]:
        s = apply(s, e)
    return s


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


def test_a_whole_game_steps_forward_and_back_by_event_with_the_core_state_at_every_step(make_app, finished):
    app = make_app()
    g = finished
    folds = entry_folds(g)
    sc = open_review(app, g, source="test.json")
    app.step()
    n0, k0 = sc.cursor.pos  # it opens just after the set-up: the board is set up, turn 1 not begun
    assert n0 == 0 and g.log[0]["events"][k0]["e"] == "TurnStarted"
    assert sc.cursor.state == expected(g, folds, n0, k0) and sc.cursor.state["regions"] != folds[0]["regions"]
    sc.jump(0)
    assert sc.cursor.pos == (0, 0) and sc.cursor.state == g.state_at(0)
    seen = []
    while not sc.cursor.at_end():
        sc.step(1, "event")
        n, k = sc.cursor.pos
        seen.append((n, k))
        assert sc.cursor.state == expected(g, folds, n, k), f"forward to {(n, k)}"
        if k == 0:
            assert sc.cursor.state == g.state_at(n)
        if len(seen) % 97 == 0:
            app.step()  # drawn now and then, as a player would see it
    assert seen == sorted(set(seen)) and len(seen) > len(g.log)  # every step moved on; some inside a move
    assert sc.cursor.state == g.state
    back = []
    while not sc.cursor.at_start():
        sc.step(-1, "event")
        n, k = sc.cursor.pos
        back.append((n, k))
        assert sc.cursor.state == expected(g, folds, n, k), f"back to {(n, k)}"
    assert back[:-1] == list(reversed(seen))[1:]  # back visits the same positions, in reverse
    # the game itself was not touched
    assert g.state == folds[-1] and len(g.log) == len(folds) - 1


def test_steps_by_move_and_by_turn_and_the_keys(make_app, finished):
    app = make_app()
    g = finished
    sc = open_review(app, g)
    app.step()
    for n in range(1, len(g.log) + 1):
        sc.step(1, "action")
        assert sc.cursor.pos == (n, 0) and sc.cursor.state == g.state_at(n)
    for n in range(len(g.log) - 1, -1, -1):
        sc.step(-1, "action")
        assert sc.cursor.pos == (n, 0) and sc.cursor.state == g.state_at(n)
    # by turn: each step lands where a turn begins, and the state there is in that turn
    starts = [(t, n) for t, n in sorted(sc.timeline.turn_starts.items()) if n > 0]  # turn 1 is in the start
    assert len(starts) == g.state["turn"] - 1
    for turn, start in starts:
        key(app, pygame.K_PAGEDOWN)
        assert sc.cursor.pos == (start, 0)
        assert sc.cursor.state == g.state_at(start)
    key(app, pygame.K_PAGEDOWN)
    assert sc.cursor.at_end()
    key(app, pygame.K_PAGEUP)
    assert sc.cursor.pos == (starts[-1][1], 0)
    key(app, pygame.K_LEFT)
    assert sc.cursor.pos == (starts[-1][1] - 1, 0)
    key(app, pygame.K_RIGHT, pygame.KMOD_SHIFT)  # an event on
    n, k = sc.cursor.pos
    assert (n, k) > (starts[-1][1] - 1, 0)
    key(app, pygame.K_HOME)
    assert sc.cursor.pos[0] == 0 and g.log[0]["events"][sc.cursor.pos[1]]["e"] == "TurnStarted"
    key(app, pygame.K_PAGEUP)
    assert sc.cursor.pos == (0, 0)
    key(app, pygame.K_END)
    assert sc.cursor.at_end() and sc.cursor.state == g.state
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, ReviewScene)


def test_battles_are_marked_and_jumped_to(make_app, finished):
    app = make_app()
    g = finished
    sc = open_review(app, g)
    app.step()
    battles = sc.timeline.battles
    assert len(battles) >= 3
    for b in battles:
        assert any(e["e"] == "BattleStarted" and e["target"] == b.target for e in g.log[b.start]["events"])
        assert any(e["e"] == "BattleEnded" for e in g.log[b.end]["events"])
    for b in battles[:3]:
        key(app, pygame.K_b)
        assert sc.cursor.pos == (b.start, 0)
        assert sc.cursor.state["battle"] is None or sc.cursor.state == g.state_at(b.start)
        sc.step(1, "action")
        assert sc.cursor.state["battle"] is not None  # the battle is being fought now
        assert sc.view["battle"]["target"] == b.target
    key(app, pygame.K_b, pygame.KMOD_SHIFT)
    assert sc.cursor.pos == (battles[2].start, 0)
    # the timeline: a click at a battle's mark goes there; resting on it tells what is there
    x = sc.track.x_of(battles[0].start)
    click(app, (x, sc.track.rect.centery))
    assert abs(sc.cursor.n - battles[0].start) <= 1
    for _ in range(40):
        app.step()  # the mouse rests there: the tooltip is drawn
    assert app.scene is sc and app.hover_time > 0.35, app.last_error
    tip = sc.tooltip_at((sc.track.x_of(battles[0].start + 1), sc.track.rect.centery))
    assert tip is not None and region_name(g.spec, battles[0].target) in tip.body
    # every control's tooltip can be drawn too
    for b in [*sc.controls.children, *sc.bar.children]:
        assert sc.tooltip_at(b.rect.center) is not None


def test_the_view_follows_the_seat_and_everything_only_once_the_game_is_over_R15(make_app, rohan, finished):
    app = make_app()
    # an unfinished game: public, or one side's after a cover; never everything
    g = Game.new(rohan, seed=5)
    bots = {"fp": GreedyBot(5), "sh": RandomBot(6)}
    for _ in range(60):
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    sc = open_review(app, g, view="all")
    app.step()
    assert sc.seat == "public" and "all" not in sc.views()
    key(app, pygame.K_END)
    for side in ("fp", "sh"):
        assert all(c == HIDDEN for c in sc.view["sides"][side]["hand"])
    texts = " ".join(it.text for it in sc.log_list.items)
    for side in ("fp", "sh"):
        for c in g.state["sides"][side]["hand"]:
            name = card_name(g.spec, c)
            if name not in texts:
                continue
            # a card named in the public log was shown to both (played, discarded or revealed)
            assert any(
                e["e"] in ("CardPlayed", "CardDiscarded", "CardRevealed") and e.get("card") == c
                for entry in g.log
                for e in entry["events"]
            ), name
    key(app, pygame.K_v)  # the Free Peoples' view of a game still being played: a cover first
    assert sc.asking_seat == "fp" and sc.seat == "public"
    app.step()
    click(app, sc.btn_seat_yes.rect.center)
    assert sc.seat == "fp" and sc.view["sides"]["fp"]["hand"] == g.state["sides"]["fp"]["hand"]
    assert all(c == HIDDEN for c in sc.view["sides"]["sh"]["hand"])
    key(app, pygame.K_v)
    click(app, sc.btn_seat_no.rect.center)  # "Back": the public view again
    assert sc.seat == "public"
    key(app, pygame.K_ESCAPE)
    # a finished game: everything may be shown, both hands and the face-down tokens' types
    sc = open_review(app, finished, view="all")
    app.step()
    key(app, pygame.K_END)
    assert sc.seat == "all"
    for side in ("fp", "sh"):
        assert sc.view["sides"][side]["hand"] == finished.state["sides"][side]["hand"]
    for rid, reg in sc.view["regions"].items():
        assert reg["rtokens"] == finished.state["regions"][rid]["rtokens"]


def test_playing_moves_on_at_the_chosen_speed_with_the_live_animations(make_app, finished):
    app = make_app()
    g = finished
    sc = open_review(app, g)
    app.step()
    moved = next(i for i, entry in enumerate(g.log) if any(e["e"] == "ArmyMoved" for e in entry["events"]))
    sc.jump(moved)
    fed = sc.animator.fed
    sc.step(1, "action")
    assert sc.animator.fed > fed and sc.animator.busy  # the same clips as live play
    key(app, pygame.K_SPACE)
    assert sc.playing
    start = sc.cursor.n
    for _ in range(600):
        app.step()
    assert sc.cursor.n > start + 2
    click(app, sc.btn_speed.rect.center)
    assert sc.speed == 2 and sc.animator.speed == 2
    key(app, pygame.K_SPACE)
    assert not sc.playing


def test_what_if_from_the_load_screen_branches_a_new_game_and_leaves_the_original(make_app, home, finished):
    app = make_app()
    path = autosaves.save_copy(finished, "evening game", home)
    before = path.read_bytes()
    load = LoadScene(app)
    app.push(load)
    for _ in range(5):
        app.step()
    load.list.selected = next(i for i, r in enumerate(load.list.rows) if r.entry.path == path)
    load.selection_changed()
    click(app, load.btn_review.rect.center)
    sc = app.scene
    assert isinstance(sc, ReviewScene)
    n = sc.timeline.battles[1].start
    sc.jump(n)
    app.step()
    click(app, sc.btn_branch.rect.center)
    gs = app.scene
    assert isinstance(gs, GameScene) and gs.game is not sc.reviewed
    assert canonical(gs.game.state) == canonical(sc.reviewed.state_at(n))
    assert gs.game.log == sc.reviewed.log[:n]
    slot = autosaves.slot_of(gs.game)
    assert slot is not None and slot != path
    data = json.loads(slot.read_text(encoding="utf-8"))
    assert data["origin"] == {"source": path.name, "entry": n}
    assert path.read_bytes() == before  # the original is untouched
    # the branch is a game like any other: play on, and its save keeps its origin
    gs.lift_curtain()
    app.step()
    assert gs.submit(gs.legal[0])
    # the new move is in the autosave's journal: read the save with it
    again = autosaves.load_save(slot, lambda sid: finished.spec)
    assert again.origin == {"source": path.name, "entry": n} and len(again.log) == n + 1
    # the load screen says where it comes from
    load = LoadScene(app)
    app.push(load)
    for _ in range(5):
        app.step()
    row = next(r for r in load.list.rows if r.entry.path == slot)
    text = " ".join(t for t, _c in load.row_lines(row))
    assert f"what if: from {path.name}, move {n}" in text


def test_what_if_of_a_game_against_the_computer_goes_on_against_it(make_app, home, finished):
    """A "what if" of a game against the computer keeps the computer's side and level (as "Play
    again" does): one person at the screen, no cover, the computer answering its decisions."""
    g = Game.replay(finished.spec, finished.seed, clone(finished.log), verify=False)
    g.computer = {"sh": "normal"}
    path = autosaves.save_copy(g, "against the computer", home)
    app = make_app()
    load = LoadScene(app)
    app.push(load)
    for _ in range(5):
        app.step()
    load.list.selected = next(i for i, r in enumerate(load.list.rows) if r.entry.path == path)
    load.selection_changed()
    click(app, load.btn_review.rect.center)
    sc = app.scene
    assert isinstance(sc, ReviewScene) and sc.reviewed.computer == {"sh": "normal"}
    # a position where the Shadow (the computer) decides next
    n = next(
        i
        for i in range(sc.timeline.battles[0].start, len(g.log))
        if deciding_side(g.state_at(i)) == "sh" and g.state_at(i)["pending"]
    )
    sc.jump(n)
    app.step()
    n = sc.cursor.n
    click(app, sc.btn_branch.rect.center)
    gs = app.scene
    assert isinstance(gs, GameScene) and gs.game.log == g.log[:n]
    assert gs.game.computer == {"sh": "normal"} and gs.computer.side == "sh" and gs.computer.level == "normal"
    assert gs.seat == "fp" and gs.curtain is None
    data = json.loads(autosaves.slot_of(gs.game).read_text(encoding="utf-8"))
    assert data["computer"] == {"sh": "normal"} and data["origin"] == {"source": path.name, "entry": n}
    # the computer plays on: its decisions are answered until the person's turn comes
    for _ in range(20_000):
        app.step()
        if gs.animator.busy:
            gs.animator.finish()
        if gs.actor == "fp" or gs.game.state.get("winner") or gs.computer.failure:
            break
    assert not gs.computer.failure, gs.computer.failure
    assert len(gs.game.log) > n and gs.game.log[n]["cmd"]["side"] == "sh"


def test_a_branch_names_its_origin_and_a_bad_origin_is_refused(tmp_path, finished):
    from botwotr.review import ReviewError, branch

    g = branch(finished, 40, "rohan.json")
    assert g.state == finished.state_at(40) and g.origin == {"source": "rohan.json", "entry": 40}
    p = tmp_path / "b.json"
    saves.save(g, p)
    assert saves.load(p, lambda sid: finished.spec).origin == g.origin
    saves.save(finished, tmp_path / "plain.json")  # a game that is no branch has no origin key
    assert "origin" not in json.loads((tmp_path / "plain.json").read_text())
    assert getattr(saves.load(tmp_path / "plain.json", lambda sid: finished.spec), "origin", None) is None
    for bad in (0, len(finished.log) + 1, "3"):
        with pytest.raises(ReviewError, match="a branch starts after"):
            branch(finished, bad, "rohan.json")
    with pytest.raises(ReviewError, match="names the game"):
        branch(finished, 5, "")


def finish_in_window(app, spec, seed):
    """A bot game replayed up to its last move, which is then made in the window."""
    g = bot_game(spec, seed, {"fp": "Ann", "sh": "Ben"})
    almost = Game.replay(spec, g.seed, g.log[:-1])
    from botwotr.ui.scenes.game import open_game

    gs = open_game(app, almost, replace_all=True)
    app.step()
    gs.seat = g.log[-1]["cmd"].get("side") if g.log[-1]["cmd"].get("side") in ("fp", "sh") else None
    assert gs.submit(g.log[-1]["cmd"])
    gs.animator.finish()
    until_the_end(app)
    return g, gs


def until_the_end(app, frames: int = 40) -> int:
    """Step the window until the end's dialog is on top (it is made over a few frames, a step
    each, and shown whole); how many frames that took."""
    for n in range(frames):
        if isinstance(app.scene, GameOverScene):
            return n
        app.scene.animator.finish()
        app.step()
    raise AssertionError(f"the end-of-game screen did not open in {frames} frames")


def test_the_end_of_game_screen_summary_review_and_play_again(make_app, rohan):
    app = make_app()
    g, gs = finish_in_window(app, rohan, 4)
    over = app.scene
    assert isinstance(over, GameOverScene), "the end-of-game screen opens when the game is won"
    s = over.summary
    assert s.winner == g.state["winner"] and s.reason == g.state["win_reason"]
    assert s.turns == g.state["turn"]
    assert sum(s.fought.values()) == len(over.summary.battles) > 0
    assert [t for t, _vp, _f in s.course] == list(range(1, g.state["turn"] + 1))
    assert s.course[-1][2] == g.state["fate"]
    app.step()
    # review with everything shown (the game is over)
    click(app, over.btn_review_all.rect.center)
    rv = app.scene
    assert isinstance(rv, ReviewScene) and rv.seat == "all"
    key(app, pygame.K_ESCAPE)
    assert app.scene is gs
    gs.open_the_end()
    until_the_end(app)
    over = app.scene
    app.step()
    click(app, over.btn_again.rect.center)
    new = app.scene
    assert isinstance(new, GameScene) and new.game is not gs.game and not new.game.state["winner"]
    assert new.players == {"fp": "Ann", "sh": "Ben"}


def test_swap_sides_puts_each_player_on_the_other_side(make_app, rohan):
    app = make_app()
    _g, gs = finish_in_window(app, rohan, 7)
    over = app.scene
    assert isinstance(over, GameOverScene)
    app.step()
    click(app, over.btn_swap.rect.center)
    new = app.scene
    assert isinstance(new, GameScene) and new.players == {"fp": "Ben", "sh": "Ann"}
    assert new.game.spec.id == gs.game.spec.id
