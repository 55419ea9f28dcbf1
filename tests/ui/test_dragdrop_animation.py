"""Drag-and-drop on the board, animations of new events, shortcuts and the help overlay.

Input is posted pygame events only (MOUSEBUTTONDOWN / MOUSEMOTION / MOUSEBUTTONUP, KEYDOWN);
time is the injected StepClock (1/60 s a frame), so nothing sleeps.
"""
import pygame

from botwotr.core import Game
from botwotr.core.state import canonical
from botwotr.ui.animation import MAX_SECONDS, Animator
from botwotr.ui.scenes.game import GameScene

from conftest import click

FRAME = 1 / 60


def _post(kind, **kw):
    pygame.event.post(pygame.event.Event(kind, **kw))


def key(app, k, mod=0):
    _post(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)
    app.step()


def press(app, pos, button=1):
    _post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    _post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)
    app.step()


def move_to(app, a, b, button=1, steps=3):
    held = (1, 0, 0) if button == 1 else (0, 0, 1)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        _post(pygame.MOUSEMOTION, pos=p, rel=(1, 1), buttons=held)
        app.step()


def release(app, pos, button=1):
    _post(pygame.MOUSEBUTTONUP, pos=pos, button=button)
    app.step()


def drag(app, a, b, button=1):
    press(app, a, button)
    move_to(app, a, b, button)
    release(app, b, button)


def first_action(rohan, seed=3):
    """Rohan: the game to the Free Peoples' first action (each decision's first legal command)."""
    g = Game.new(rohan, seed=seed)
    for _ in range(80):
        if g.state["pending"][-1]["kind"] == "action":
            break
        g.submit(g.legal_commands()[0])
    assert g.state["pending"][-1] == {"kind": "action", "side": "fp"}
    return g


def at_action(rohan, action, seed=3):
    """Rohan, seed 3: the Free Peoples' first action, with their Character die used for `action`."""
    g = first_action(rohan, seed)
    assert g.state["sides"]["fp"]["rolled"][0] == "character"
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": action})
    return g


def open_scene(make_app, g, size=(1280, 720)):
    app = make_app(size)
    scene = GameScene(app, g, mode="companion")
    app.push(scene)
    app.step()
    return app, scene


def uncover(scene):
    """Companion mode with tracked cards: the Shadow's action (their hand) comes behind a cover for
    them; the Shadow player says it is them."""
    if scene.curtain:
        scene.lift_curtain()


def centre(scene, region, anchor="army"):
    bv = scene.board
    x, y = bv.camera.to_screen(*bv.layout.anchor(region, anchor))
    pos = (round(x), round(y))
    assert bv.region_at_screen(pos) == region
    return pos


def piece(scene, region):
    bv = scene.board
    key = next(k for k in bv.piece_rects if k[0] == "unit" and k[1] == region)
    return bv.piece_rects[key].center


def settle(app, frames=70):
    for _ in range(frames):
        app.step()


# -- drag and drop ---------------------------------------------------------------------------------

def test_dragging_an_army_to_a_legal_region_moves_it(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    assert g.state["pending"][-1]["kind"] == "move"
    units = dict(g.state["regions"]["grimslade"]["units"])
    a, b = piece(scene, "grimslade"), centre(scene, "westemnet")
    n = len(g.log)
    press(app, a)
    move_to(app, a, b)
    # while dragging: the army is lifted off the board and the legal destinations are tinted
    assert ("grimslade", next(iter(units))) in scene.board.hidden_pieces
    assert "westemnet" in scene.board.highlights and "isen_vale" not in scene.board.highlights
    release(app, b)
    uncover(scene)
    assert len(g.log) == n + 1
    cmd = g.log[-1]["cmd"]
    assert cmd["cmd"] == "move_army" and cmd["from"] == "grimslade" and cmd["path"] == ["westemnet"]
    assert g.state["regions"]["westemnet"]["units"] == units  # the whole army went
    assert not g.state["regions"]["grimslade"]["units"]
    settle(app)
    assert not scene.board.hidden_pieces and app.last_error is None
    assert any(k[:2] == ("unit", "westemnet") for k in scene.board.piece_rects)


def test_an_illegal_drop_snaps_back_and_says_why(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    before = canonical(g.state), len(g.log)
    a, b = piece(scene, "grimslade"), centre(scene, "isen_vale")  # an enemy army stands there
    drag(app, a, b)
    assert (canonical(g.state), len(g.log)) == before
    assert scene.message_error and "enemy" in scene.message.lower()
    assert scene.dragdrop.snaps  # gliding home
    settle(app, 20)
    assert not scene.board.hidden_pieces
    assert scene.board.piece_rects[next(k for k in scene.board.piece_rects
                                        if k[:2] == ("unit", "grimslade"))].collidepoint(a)
    # too far: the engine's own reason again
    drag(app, piece(scene, "grimslade"), centre(scene, "the_wold"))
    assert (canonical(g.state), len(g.log)) == before
    assert scene.message_error and scene.message.startswith("Not allowed")


def test_a_click_on_a_piece_is_still_a_region_click(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    seen = []
    scene.board.on_region_click = seen.append
    click(app, piece(scene, "grimslade"))
    assert seen == ["grimslade"] and not scene.dragdrop.active


def test_dragging_a_character(make_app, rohan):
    g = at_action(rohan, "move_characters")
    app, scene = open_scene(make_app, g)
    bv = scene.board
    assert g.state["chars"]["theodred"]["region"] == "east_fords"
    a = bv.piece_rects[("char", "theodred")].center
    drag(app, a, centre(scene, "westfold"))
    cmd = g.log[-1]["cmd"]
    assert cmd["cmd"] == "move_characters" and cmd["characters"] == ["theodred"] and cmd["path"] == ["westfold"]
    assert g.state["chars"]["theodred"]["region"] == "westfold"
    settle(app)
    assert ("char", "theodred") in bv.piece_rects and app.last_error is None


def test_attack_by_dropping_on_the_enemy(make_app, rohan):
    g = at_action(rohan, "attack")
    app, scene = open_scene(make_app, g)
    a = piece(scene, "east_fords")
    press(app, a)
    move_to(app, a, centre(scene, "isen_vale"))
    assert scene.board.highlights.get("isen_vale") == (235, 70, 50)  # a target: red
    release(app, centre(scene, "isen_vale"))
    cmd = g.log[-1]["cmd"]
    assert cmd == {"cmd": "attack", "side": "fp", "from": "east_fords", "target": "isen_vale"}
    assert g.state["battle"] and g.state["battle"]["target"] == "isen_vale"


def test_move_then_attack_by_drop_and_click(make_app, rohan):
    g = at_action(rohan, "attack")
    app, scene = open_scene(make_app, g)
    n = len(g.log)
    drag(app, piece(scene, "grimslade"), centre(scene, "westemnet"))
    assert len(g.log) == n and scene.dragdrop.aim is not None  # now click whom to attack
    assert scene.board.highlights.get("isen_vale") == (235, 70, 50)
    click(app, centre(scene, "isen_vale"))
    cmd = g.log[-1]["cmd"]
    assert cmd["cmd"] == "attack" and cmd["from"] == "grimslade" and cmd["to"] == "westemnet"
    assert cmd["target"] == "isen_vale"
    assert cmd["units"] == dict(g.state_at(n)["regions"]["grimslade"]["units"])


def test_advance_by_drag(make_app, rohan):
    import random
    g = Game.new(rohan, seed=3)
    rng = random.Random(0)
    for _ in range(200):  # attack whenever possible until the attacker may advance
        if g.state["pending"][-1]["kind"] == "advance":
            break
        legal = g.legal_commands()
        pref = [c for c in legal if c["cmd"] == "attack" or c.get("action") == "attack" or c["cmd"] == "fight_on"]
        g.submit(rng.choice(pref or legal))
    p = g.state["pending"][-1]
    assert p["kind"] == "advance"
    frm, target = p["options"][0], g.state["battle"]["target"]
    app, scene = open_scene(make_app, g)
    n = len(g.log)
    drag(app, piece(scene, frm), centre(scene, sorted(r for r in rohan.board.neighbours(frm)
                                                    if r != target and not g.state["regions"][r]["side"])[0]))
    assert len(g.log) == n and "advance" in scene.message
    settle(app, 20)
    drag(app, piece(scene, frm), centre(scene, target))
    assert len(g.log) == n + 1 and g.log[-1]["cmd"]["cmd"] == "advance"
    assert g.state["regions"][target]["side"] == p["side"]


def test_right_drag_splits_the_army_with_a_count_picker(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    units = dict(g.state["regions"]["helms_deep"]["units"])
    kind = sorted(units)[0]
    n = len(g.log)
    drag(app, piece(scene, "helms_deep"), centre(scene, "deeping_coomb"), button=3)
    pop = scene.dragdrop.popup
    assert pop is not None and len(g.log) == n
    app.step()
    click(app, pop.picker.minus_rect(kind).center)
    assert pop.picker.values()[kind] == units[kind] - 1
    click(app, pop.btn_ok.rect.center)
    assert len(g.log) == n + 1
    cmd = g.log[-1]["cmd"]
    assert cmd["from"] == "helms_deep" and cmd["path"] == ["deeping_coomb"]
    assert cmd["units"][kind] == units[kind] - 1
    assert g.state["regions"]["helms_deep"]["units"] == {kind: 1}


def test_escape_cancels_a_popup_and_the_piece_goes_home(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    before = canonical(g.state)
    drag(app, piece(scene, "helms_deep"), centre(scene, "deeping_coomb"), button=3)
    assert scene.dragdrop.popup is not None
    key(app, pygame.K_ESCAPE)
    assert scene.dragdrop.popup is None and canonical(g.state) == before
    settle(app, 20)
    assert not scene.board.hidden_pieces


# -- animations ----------------------------------------------------------------------------------

def _frame(app):
    return pygame.image.tobytes(app.screen, "RGB")


def test_a_move_animates_and_ends_within_a_second(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    cmd = next(c for c in scene.legal if c.get("from") == "grimslade" and c["path"] == ["westfold", "deeping_coomb"])
    assert scene.submit(cmd)
    uncover(scene)
    assert scene.animator.busy
    frames = []
    for _ in range(3):
        app.step()
        frames.append(_frame(app))
        app.step()
    assert len(set(frames)) == 3  # the figures are on their way
    state = canonical(g.state)
    for _ in range(5):
        app.draw()
    assert canonical(g.state) == state  # drawing mid-animation changes nothing
    steps = 0
    while scene.animator.busy:
        app.step()
        steps += 1
        assert steps * FRAME <= MAX_SECONDS + 1e-6
    still = _frame(app)
    app.step()
    assert _frame(app) == still and not scene.board.hidden_pieces


def test_skip_with_space_or_a_click(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    scene.submit(next(c for c in scene.legal if c.get("from") == "grimslade"))
    uncover(scene)
    assert scene.animator.busy
    key(app, pygame.K_SPACE)
    assert not scene.animator.busy and not scene.board.hidden_pieces
    scene.undo()
    scene.submit(next(c for c in scene.legal if c.get("from") == "grimslade"))
    uncover(scene)
    assert scene.animator.busy
    press(app, (5, app.size[1] - 5))  # anywhere
    assert not scene.animator.busy


def test_speed_button_cycles(make_app, rohan):
    app, scene = open_scene(make_app, at_action(rohan, "fast_move"))
    click(app, scene.btn_speed.rect.center)
    assert scene.animator.speed == 2 and scene.btn_speed.text == "2×"
    click(app, scene.btn_speed.rect.center)
    click(app, scene.btn_speed.rect.center)
    assert scene.animator.speed == 1


def test_dice_combat_casualty_and_fate_events_make_clips_capped_at_a_second(make_app, rohan):
    app, scene = open_scene(make_app, Game.new(rohan, seed=3))
    an = scene.animator
    events = [
        {"e": "DiceRolled", "side": "sh", "results": ["army", "character", "eye"], "kept": ["army", "eye"], "to_box": 1},
        {"e": "CombatRolled", "side": "fp", "dice": [6, 2, 5], "maneuver": 1, "target": 5, "mod": 0, "stage": "roll"},
        {"e": "UnitsRemoved", "region": "helms_deep", "side": "fp",
         "units": {sorted(g_u for g_u in scene.game.state["regions"]["helms_deep"]["units"])[0]: 1}, "why": "casualty"},
        {"e": "FateMarkerMoved", "from": 0, "to": 3},
        {"e": "Note", "text": "nothing to see"},
    ]
    made = an.feed(events)
    assert [type(c).__name__ for c in made] == ["DiceClip", "CombatClip", "FadeClip", "FateClip"]
    assert an.remaining() <= MAX_SECONDS + 1e-9
    assert ("fate_marker",) in an.hidden()
    shots = []
    for _ in range(6):
        app.step()
        shots.append(_frame(app))
        for _ in range(8):
            app.step()
    assert len(set(shots)) >= 5
    settle(app, 10)
    assert not an.busy and app.last_error is None


def test_resize_and_focus_loss_during_animation_and_drag(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    scene.submit(next(c for c in scene.legal if c.get("from") == "grimslade"))
    uncover(scene)
    app.step()
    _post(pygame.VIDEORESIZE, w=1000, h=700, size=(1000, 700))
    app.step()
    _post(pygame.WINDOWFOCUSLOST)
    app.step()
    assert app.size == (1000, 700)
    settle(app)
    assert not scene.animator.busy and app.last_error is None
    # focus lost in the middle of a drag: the piece goes home, nothing is submitted
    n = len(g.log)
    while g.state["pending"][-1]["kind"] != "move":  # back to a move decision
        scene.undo(force=True)
    app.step()
    a = piece(scene, "helms_deep")
    press(app, a)
    move_to(app, a, centre(scene, "deeping_coomb"))
    _post(pygame.WINDOWFOCUSLOST)
    app.step()
    _post(pygame.VIDEORESIZE, w=1280, h=720, size=(1280, 720))
    app.step()
    release(app, centre(scene, "deeping_coomb"))
    assert len(g.log) < n + 1 and g.state["pending"][-1]["kind"] == "move"
    settle(app, 20)
    assert not scene.board.hidden_pieces and app.last_error is None


def test_animator_alone_caps_a_long_queue():
    class FakeBoard:
        piece_rects = {}
        layout = None
        spec = None
    an = Animator(FakeBoard())
    an.feed([{"e": "CombatRolled", "side": "fp", "dice": [1], "target": 5, "mod": 0}] * 6)
    assert 0 < an.remaining() <= MAX_SECONDS + 1e-9
    an.speed = 4
    assert an.remaining() <= MAX_SECONDS / 4 + 1e-9
    an.update(MAX_SECONDS)
    assert not an.busy


# -- shortcuts and help ----------------------------------------------------------------------------

def test_help_overlay_toggles(make_app, rohan):
    app, scene = open_scene(make_app, Game.new(rohan, seed=3), size=(1920, 1080))
    plain = _frame(app)
    key(app, pygame.K_F1)
    assert scene.show_help and _frame(app) != plain
    key(app, pygame.K_h)
    assert not scene.show_help
    key(app, pygame.K_h)
    assert scene.show_help
    key(app, pygame.K_ESCAPE)
    assert not scene.show_help
    key(app, pygame.K_F1)
    press(app, scene.board.rect.center)
    assert not scene.show_help


def test_ctrl_s_saves_and_ctrl_z_undoes(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app, scene = open_scene(make_app, g)
    key(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert list((app.home / "saves").glob("*.json"))
    scene.submit(next(c for c in scene.legal if c.get("from") == "grimslade"))
    uncover(scene)
    n = len(g.log)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert len(g.log) == n - 1


def test_hotseat_animations_wait_for_the_curtain(make_app, rohan):
    g = at_action(rohan, "fast_move")
    app = make_app((1280, 720))
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    app.step()
    click(app, scene.btn_reveal.rect.center)
    assert scene.seat == "fp" and scene.curtain is None
    drag(app, piece(scene, "grimslade"), centre(scene, "westemnet"))
    assert g.log[-1]["cmd"]["cmd"] == "move_army"
    assert scene.curtain == "sh" and scene.animator.busy  # the Shadow player will see the move
    settle(app, 90)
    assert scene.animator.busy
    click(app, scene.btn_reveal.rect.center)
    assert scene.curtain is None and scene.animator.busy  # lifting the curtain does not skip it
    settle(app)
    assert not scene.animator.busy and app.last_error is None


def test_combined_attack_asks_which_armies_join(make_app, rohan):
    import random
    g = Game.new(rohan, seed=0)
    rng = random.Random(0)
    for _ in range(300):  # the Shadow's combined attack on East Fords comes early with this seed
        p = g.state["pending"][-1]
        legal = g.legal_commands()
        if p["kind"] == "attack" and p.get("mode") == "combined" and any(len(c.get("armies", [])) > 1 for c in legal):
            break
        pref = [c for c in legal if c.get("action") == "combined_attack"] or \
            [c for c in legal if c["cmd"] == "move_army" and c["side"] == "sh"] or legal
        g.submit(rng.choice(pref))
    cmd = next(c for c in g.legal_commands() if len(c.get("armies", [])) > 1)
    target, (a1, a2) = cmd["target"], cmd["armies"][:2]
    app, scene = open_scene(make_app, g)
    n = len(g.log)
    drag(app, piece(scene, a1), centre(scene, target))
    pop = scene.dragdrop.popup
    assert pop is not None and len(g.log) == n
    app.step()
    click(app, pop.picker.plus_rect("army:" + a2).center)  # untick the other army
    assert pop.picker.values()["army:" + a2] == 0
    click(app, pop.btn_ok.rect.center)
    assert len(g.log) == n + 1
    assert g.log[-1]["cmd"]["armies"] == [a1] and g.log[-1]["cmd"]["target"] == target


# -- an army dragged before a die is chosen (the action decision) ----------------------------------

def at_first_action(rohan, seed=3):
    """Rohan, seed 3: the Free Peoples' first action, no die chosen yet (a Character die, two
    Event dice, a Muster die; two action tokens)."""
    g = first_action(rohan, seed)
    assert g.state["sides"]["fp"]["rolled"] == ["character", "event", "event", "muster"]
    return g


def test_an_army_dragged_before_a_die_is_chosen_uses_the_one_die_that_takes_it_there_R9_4(make_app, rohan):
    """Two regions away only the Character die's fast move (R-9.4) reaches: dropping there gives
    the die's action and the move, the whole army, as if the die had been clicked first."""
    g = at_first_action(rohan)
    app, scene = open_scene(make_app, g)
    uncover(scene)
    units = dict(g.state["regions"]["grimslade"]["units"])
    a, b = piece(scene, "grimslade"), centre(scene, "dunharrow")
    n = len(g.log)
    press(app, a)
    move_to(app, a, b)
    assert ("grimslade", next(iter(units))) in scene.board.hidden_pieces  # lifted
    hl = scene.board.highlights
    assert hl.get("dunharrow") == hl.get("westemnet") == (90, 210, 100)  # where it may go
    assert "isen_vale" not in hl  # (not next door: attacked only after a move, from Westemnet)
    release(app, b)
    uncover(scene)
    assert [e["cmd"] for e in g.log[n:]] == [
        {"cmd": "use_die", "side": "fp", "die": 0, "action": "fast_move"},
        {"cmd": "move_army", "side": "fp", "from": "grimslade", "path": ["edoras", "dunharrow"],
         **{k: v for k, v in g.log[n + 1]["cmd"].items() if k not in ("cmd", "side", "from", "path")}},
    ]
    assert g.state["regions"]["dunharrow"]["units"] == units and not g.state["regions"]["grimslade"]["units"]
    assert g.state["sides"]["fp"]["action_tokens"] == 2  # no token spent
    settle(app)
    assert app.last_error is None


def test_dropped_on_an_enemy_before_a_die_is_chosen_the_character_die_attacks_R10_1(make_app, rohan):
    g = at_first_action(rohan)
    app, scene = open_scene(make_app, g)
    uncover(scene)
    n = len(g.log)
    a, b = piece(scene, "east_fords"), centre(scene, "isen_vale")
    press(app, a)
    move_to(app, a, b)
    assert scene.board.highlights.get("isen_vale") == (235, 70, 50)  # a target: red
    release(app, b)
    uncover(scene)
    assert g.log[n]["cmd"] == {"cmd": "use_die", "side": "fp", "die": 0, "action": "attack"}
    assert g.log[n + 1]["cmd"] == {"cmd": "attack", "side": "fp", "from": "east_fords", "target": "isen_vale"}
    assert g.state["battle"] and g.state["battle"]["target"] == "isen_vale"


def test_where_several_ways_reach_a_popup_asks_which_and_cancel_changes_nothing_R8_5(make_app, rohan):
    """Next door, the Character die (a fast move, or an attack's move first) and the move token
    (R-8.5) all reach: the drop asks which; Cancel puts the army back and changes nothing; the
    token's way spends the token and moves one region."""
    g = at_first_action(rohan)
    app, scene = open_scene(make_app, g)
    uncover(scene)
    before = canonical(g.state), len(g.log)
    drag(app, piece(scene, "grimslade"), centre(scene, "westemnet"))
    pop = scene.dragdrop.popup
    assert pop is not None and (canonical(g.state), len(g.log)) == before
    labels = [b.text for b in pop.buttons]
    assert labels == ["Character die: Fast move", "Character die: Attack from Westemnet", "Pass with the move token"]
    app.step()
    click(app, pop.btn_cancel.rect.center)
    assert scene.dragdrop.popup is None and (canonical(g.state), len(g.log)) == before
    settle(app, 20)
    assert not scene.board.hidden_pieces
    drag(app, piece(scene, "grimslade"), centre(scene, "westemnet"))
    pop = scene.dragdrop.popup
    app.step()
    click(app, pop.buttons[2].rect.center)
    uncover(scene)
    n = before[1]
    assert g.log[n]["cmd"] == {"cmd": "pass", "side": "fp", "token": "move"}
    assert g.log[n + 1]["cmd"]["cmd"] == "move_army" and g.log[n + 1]["cmd"]["path"] == ["westemnet"]
    assert g.state["sides"]["fp"]["action_tokens"] == 1
    assert g.state["sides"]["fp"]["rolled"][0] == "character"  # the die is still to use


def test_a_drop_no_die_or_token_reaches_says_so_and_changes_nothing(make_app, rohan):
    g = at_first_action(rohan)
    app, scene = open_scene(make_app, g)
    uncover(scene)
    before = canonical(g.state), len(g.log)
    drag(app, piece(scene, "grimslade"), centre(scene, "the_wold"))
    assert (canonical(g.state), len(g.log)) == before
    assert scene.message_error and "none of your dice or action tokens" in scene.message
    settle(app, 20)
    assert not scene.board.hidden_pieces and app.last_error is None


def test_a_split_shadow_army_takes_the_leadership_tokens_chosen_R6_5(make_app, rohan):
    """Right-dragging part of a Shadow army: the popup counts its leadership tokens too (they go
    with their army as leaders do, R-6.5); the move takes as many as chosen, the rest stay."""
    import random
    g, rng = Game.new(rohan, seed=5), random.Random(2)
    for _ in range(3000):
        p = g.state["pending"][-1]
        if p["kind"] == "move" and p["side"] == "sh" and g.state["regions"]["methedras"].get("tokens") == 2:
            break
        g.submit(rng.choice(g.legal_commands()))
    assert g.state["regions"]["methedras"]["units"] == {"orcs": 3}
    app, scene = open_scene(make_app, g)
    uncover(scene)
    settle(app, 30)
    assert not scene.curtain and ("unit", "methedras", "orcs") in scene.board.piece_rects
    n = len(g.log)
    drag(app, piece(scene, "methedras"), centre(scene, "dunland_hills"), button=3)
    pop = scene.dragdrop.popup
    assert pop is not None and pop.picker.values() == {"orcs": 3, "tokens": 2}
    app.step()
    click(app, pop.picker.minus_rect("orcs").center)
    click(app, pop.picker.minus_rect("tokens").center)
    click(app, pop.btn_ok.rect.center)
    uncover(scene)
    assert len(g.log) == n + 1
    cmd = g.log[-1]["cmd"]
    assert cmd["path"] == ["dunland_hills"] and cmd["units"] == {"orcs": 2} and cmd["tokens"] == 1
    assert g.state["regions"]["dunland_hills"]["tokens"] == 1 and g.state["regions"]["methedras"]["tokens"] == 1


def test_the_shadow_box_die_takes_a_dragged_army_two_regions_R6_1_R9_4(make_app, rohan):
    """A Character result kept in the Shadow Box (R-6.1) is a way too: two regions away only its
    fast move (R-9.4) reaches, so dropping there uses it ("box") and moves the army."""
    import random
    g, rng = Game.new(rohan, seed=6), random.Random(6)
    for _ in range(10):
        g.submit(rng.choice(g.legal_commands()))
    assert g.state["pending"][-1] == {"kind": "action", "side": "sh"} and g.state["sides"]["sh"]["box"]
    units = dict(g.state["regions"]["methedras"]["units"])
    app, scene = open_scene(make_app, g)
    uncover(scene)
    settle(app, 30)
    n = len(g.log)
    drag(app, piece(scene, "methedras"), centre(scene, "fangorn"))
    uncover(scene)
    assert g.log[n]["cmd"] == {"cmd": "use_die", "side": "sh", "die": "box", "action": "fast_move"}
    move = g.log[n + 1]["cmd"]
    assert move["cmd"] == "move_army" and move["from"] == "methedras" and move["path"][-1] == "fangorn"
    assert len(move["path"]) == 2 and g.state["regions"]["fangorn"]["units"] == units
