"""The window in Portuguese, Spanish and Russian at 1280x720: no text clipped or sticking out of
its box (measured ink, as tests/ui/test_text_fit.py measures it) on every decision panel of a
bot game, the help overlay, the title screen, every page of the menu, the load screen and the
full log; and every glyph of the catalogues and of the content translations is in the fonts."""

from __future__ import annotations

import pygame
import pytest

from botwotr.core import Game
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.ui.i18n import set_language

from test_text_fit import TOL, RecordingSurface, check_frame, label_faults, recorder  # noqa: F401

LANGS = ("pt_BR", "es", "ru")
SIZE = (1280, 720)


@pytest.fixture
def lang():
    yield set_language
    set_language("en")


def box_faults(rec, where: str, screen: pygame.Rect) -> list[str]:
    """Each text inside its widget's box (horizontally), its clip and the window; none cut."""
    out = []
    for b in rec.blits:
        ink, clip, box = b["ink"], b["clip"], b["box"]
        if not ink.w:
            continue
        name = box[0] if box else "?"
        if b["cut"]:
            out.append(f"{where}: {b['text']!r} is cut by its image area ({name})")
        if ink.x < clip.x - TOL or ink.right > clip.right + TOL:
            out.append(f"{where}: {b['text']!r} is cut at the side of its clip ({name})")
        if ink.x < screen.x - TOL or ink.right > screen.right + TOL or ink.bottom > screen.bottom + TOL:
            out.append(f"{where}: {b['text']!r} leaves the window ({ink})")
        if box is not None and box[1].w > 0 and (ink.x < box[1].x - TOL or ink.right > box[1].right + TOL):
            out.append(f"{where}: {b['text']!r} sticks out of its {name} {box[1]} ({ink})")
    return out


def draw(scene, surf, rec):
    rec.blits.clear()
    scene.draw(surf)


@pytest.mark.parametrize("code", LANGS)
def test_game_panels_and_help_fit_in_each_language(make_app, rohan, recorder, lang, code):  # noqa: F811
    from botwotr.ui.help import draw_help
    from botwotr.ui.scenes.game import GameScene

    lang(code)
    app = make_app(SIZE)
    g = Game.new(rohan, seed=4)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    surf = RecordingSurface(app.size)
    surf.rec = recorder
    bots = {"fp": GreedyBot(4), "sh": GreedyBot(5)}
    faults: list[str] = []
    seen: set = set()
    for step in range(700):
        if g.state["winner"]:
            break
        if scene.curtain:
            draw(scene, surf, recorder)  # the hotseat cover
            faults += check_frame(recorder, scene, f"{code} step {step} cover")
            scene.lift_curtain()
        scene.update(1 / 60)
        p = g.state["pending"][-1] if g.state["pending"] else None
        key = (p["kind"] if p else None, scene.seat)
        if key not in seen or step % 25 == 0:
            seen.add(key)
            draw(scene, surf, recorder)
            where = f"{code} step {step} {key}"
            faults += check_frame(recorder, scene, where)
            faults += label_faults(scene, app.theme, where)
        side = deciding_side(g.state)
        assert scene.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
        scene.animator.finish()
    kinds = {k for k, _s in seen}
    assert {"action", "casualties", "tactic", "combat_roll", "fate_decide"} <= kinds, kinds
    # the help overlay: every line inside its box
    recorder.blits.clear()
    box = draw_help(surf, scene.board.rect, app.theme)
    for b in recorder.blits:
        ink = b["ink"]
        if ink.w and not box.contains(ink):
            faults.append(f"{code} help: {b['text']!r} outside the help box {box} ({ink})")
    assert len(recorder.blits) > 40
    uniq = list(dict.fromkeys(f.split(": ", 1)[1] for f in faults))
    assert not uniq, "\n".join(uniq[:40])


def help_faults(rec, box: pygame.Rect, where: str) -> list[str]:
    """Every line of the help inside its box, the box inside the window, no two lines on top of
    each other (a column running into the next, or into the closing note)."""
    screen = pygame.Rect((0, 0), SIZE)
    out = [] if screen.contains(box) else [f"{where}: the help box {box} leaves the window"]
    inks = [(b["text"], b["ink"]) for b in rec.blits if b["ink"].w]
    for text, ink in inks:
        if not box.contains(ink):
            out.append(f"{where}: {text!r} outside the help box {box} ({ink})")
    for i, (ta, a) in enumerate(inks):
        for tb, b in inks[i + 1 :]:
            if a.inflate(-2, -2).colliderect(b.inflate(-2, -2)):
                out.append(f"{where}: {ta!r} runs into {tb!r}")
    return out


@pytest.mark.parametrize("code", ("en",) + LANGS)
@pytest.mark.parametrize("scenario", ["gondor", "rohan"])
def test_the_help_fits_at_1280x720_in_each_language(make_app, recorder, lang, code, scenario):  # noqa: F811
    """The help of a Gondor game has a third column (the siege); in English and in each language
    every line of the three columns and of the shortcuts is drawn whole inside its box."""
    from botwotr.catalog import spec_for
    from botwotr.ui.help import SHORTCUTS, draw_help
    from botwotr.ui.i18n import _
    from botwotr.ui.scenes.game import GameScene

    lang(code)
    app = make_app(SIZE)
    scene = GameScene(app, Game.new(spec_for(scenario), seed=4), mode="hotseat")
    app.push(scene)
    app.step()
    surf = RecordingSurface(app.size)
    surf.rec = recorder
    recorder.blits.clear()
    box = draw_help(surf, scene.board.rect, app.theme, spec=scene.game.spec, view=scene.view)
    drawn = [b["text"] for b in recorder.blits]
    faults = help_faults(recorder, box, f"{code} {scenario} help")
    assert not faults, "\n".join(faults[:40])
    assert (_("The siege of Gondor") in drawn) == (scenario == "gondor")
    # the last shortcut and the closing note are there (nothing fell off the bottom)
    assert any(t.startswith(_(SHORTCUTS[-1][0])) for t in drawn), drawn[-5:]
    assert _("Press F1, H or Escape, or click, to close.") in drawn
    if scenario == "gondor" and code != "en":
        # the commander and the places are named in the language, not in English
        text = " ".join(drawn)
        assert "Witch-king" not in text and "North Pelennor" not in text and "Forgotten Road" not in text


@pytest.mark.parametrize("code", LANGS)
def test_title_menu_load_and_log_fit_in_each_language(make_app, rohan, recorder, lang, code):  # noqa: F811
    from botwotr.persistence import autosave
    from botwotr.ui.scenes.game import GameScene
    from botwotr.ui.scenes.load import LoadScene
    from botwotr.ui.scenes.log_view import open_full_log
    from botwotr.ui.scenes.menu import MenuScene
    from botwotr.ui.scenes.title import TitleScene

    lang(code)
    app = make_app(SIZE)
    surf = RecordingSurface(app.size)
    surf.rec = recorder
    screen = pygame.Rect((0, 0), SIZE)
    faults: list[str] = []
    title = TitleScene(app)
    app.push(title)
    app.step()
    for mode in ("hotseat", "companion"):
        title.choose_mode(mode)
        draw(title, surf, recorder)
        faults += box_faults(recorder, f"{code} title {mode}", screen)
    g = Game.new(rohan, seed=3)
    game = GameScene(app, g, mode="hotseat")
    app.push(game)
    app.step()
    game.lift_curtain()
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    for _step in range(60):
        side = deciding_side(g.state)
        game.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
        game.animator.finish()
    autosave.save_copy(g, "copy", app.home)
    for page in ("main", "settings", "save_as"):
        menu = MenuScene(app, game, page=page)
        app.push(menu)
        app.step()
        draw(menu, surf, recorder)
        faults += box_faults(recorder, f"{code} menu {page}", screen)
        app.pop()
    load = LoadScene(app, current=game)
    app.push(load)
    for _frame in range(5):
        app.step()
    draw(load, surf, recorder)
    faults += box_faults(recorder, f"{code} load", screen)
    assert len(recorder.blits) > 10
    app.pop()
    open_full_log(game)
    app.step()
    draw(app.scene, surf, recorder)
    faults += box_faults(recorder, f"{code} full log", screen)
    uniq = list(dict.fromkeys(f.split(": ", 1)[1] for f in faults))
    assert not uniq, "\n".join(uniq[:40])


def font_chars(path) -> set[int]:
    """The code points a TrueType/OpenType font maps to a glyph (its 'cmap' table, formats 4 and 12)."""
    import struct

    data = open(path, "rb").read()
    n = struct.unpack(">H", data[4:6])[0]
    tables = {data[12 + 16 * i : 16 + 16 * i]: struct.unpack(">II", data[20 + 16 * i : 28 + 16 * i]) for i in range(n)}
    base = tables[b"cmap"][0]
    out: set[int] = set()
    for i in range(struct.unpack(">H", data[base + 2 : base + 4])[0]):
        _pid, _eid, off = struct.unpack(">HHI", data[base + 4 + 8 * i : base + 12 + 8 * i])
        sub = base + off
        fmt = struct.unpack(">H", data[sub : sub + 2])[0]
        if fmt == 4:
            segs = struct.unpack(">H", data[sub + 6 : sub + 8])[0] // 2
            ends = struct.unpack(f">{segs}H", data[sub + 14 : sub + 14 + 2 * segs])
            p = sub + 16 + 2 * segs
            starts = struct.unpack(f">{segs}H", data[p : p + 2 * segs])
            deltas = struct.unpack(f">{segs}h", data[p + 2 * segs : p + 4 * segs])
            ro_at = p + 4 * segs
            ros = struct.unpack(f">{segs}H", data[ro_at : ro_at + 2 * segs])
            for k in range(segs):
                for c in range(starts[k], ends[k] + 1):
                    if c == 0xFFFF:
                        continue
                    if ros[k] == 0:
                        gid = (c + deltas[k]) & 0xFFFF
                    else:
                        at = ro_at + 2 * k + ros[k] + 2 * (c - starts[k])
                        gid = struct.unpack(">H", data[at : at + 2])[0]
                        gid = (gid + deltas[k]) & 0xFFFF if gid else 0
                    if gid:
                        out.add(c)
        elif fmt == 12:
            groups = struct.unpack(">I", data[sub + 12 : sub + 16])[0]
            for g in range(groups):
                a, b, gid = struct.unpack(">III", data[sub + 16 + 12 * g : sub + 28 + 12 * g])
                out.update(range(a, b + 1))
    return out


def missing_glyphs(chars: set[int], text: str) -> set[str]:
    return {c for c in text if not c.isspace() and ord(c) not in chars}


def test_the_fonts_cover_every_glyph_of_every_translation():
    """Each shipped font (assets/fonts) has every character of every catalogue's strings and of
    every content translation file."""
    pytest.importorskip("babel")
    import importlib.util
    from pathlib import Path

    from botwotr.assets import FONT_FILES, font_path
    from botwotr.catalog import DATA

    root = Path(__file__).resolve().parents[2]
    spec = importlib.util.spec_from_file_location("i18n_tool", root / "tools" / "i18n.py")
    t = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(t)
    texts: dict[str, str] = {}
    for code in t.LANGS:
        cat = t.read_po(t.po_path(code), locale=code)
        parts = []
        for m in cat:
            parts += [m.string] if isinstance(m.string, str) else list(m.string)
        texts[f"{code}.po"] = "".join(parts)
    for p in sorted(DATA.glob("*/i18n/*.yaml")):
        texts[str(p.relative_to(DATA))] = p.read_text(encoding="utf-8")
    from botwotr.ui.i18n import LANGUAGES

    texts["language names"] = "".join(LANGUAGES.values())
    assert len(texts) >= 6
    bad = []
    for kind in FONT_FILES:
        chars = font_chars(font_path(kind))
        assert ord("A") in chars and ord("Ж") in chars, kind
        for where, text in texts.items():
            miss = missing_glyphs(chars, text)
            if miss:
                bad.append(f"{kind}: {where}: {''.join(sorted(miss))}")
    assert not bad, "\n".join(bad)
    # and the check does find a glyph the fonts lack
    assert missing_glyphs(font_chars(font_path("sans")), "A中") == {"中"}


@pytest.mark.parametrize("code", LANGS)
def test_companion_panels_and_outcome_dialogs_fit_in_each_language(make_app, rohan, recorder, lang, code):  # noqa: F811
    """The companion mode: every outcome dialog (dice, draws, cards entered at the table) and
    the panels between them, drawn and measured in the language."""
    import random

    from botwotr.core import RuleError
    from botwotr.ui.outcomes import OutcomeDialog
    from botwotr.ui.scenes.game import GameScene

    lang(code)
    app = make_app(SIZE)
    g = Game.new(rohan, seed=5, options={"companion": True})
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    surf = RecordingSurface(app.size)
    surf.rec = recorder
    screen = pygame.Rect((0, 0), SIZE)
    rng = random.Random(5)
    bots = {"fp": GreedyBot(6), "sh": GreedyBot(7)}
    faults: list[str] = []
    dialogs: set = set()
    seen: set = set()
    for step in range(220):
        if g.state["winner"]:
            break
        p = g.state["pending"][-1] if g.state["pending"] else None
        key = (p["kind"] if p else None, scene.seat)
        if key not in seen:
            seen.add(key)
            draw(scene, surf, recorder)
            faults += check_frame(recorder, scene, f"{code} companion step {step} {key}")
        side = deciding_side(g.state)
        cmd = bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side])
        scene.submit(cmd)
        if isinstance(app.scene, OutcomeDialog):
            dlg = app.scene
            app.step()
            kind = type(getattr(dlg, "page", None)).__name__ + str(key)
            if kind not in dialogs:
                dialogs.add(kind)
                draw(dlg, surf, recorder)
                faults += box_faults(recorder, f"{code} dialog {key}", screen)
            app.pop()
            cmd = dict(cmd)
            for _tries in range(60):  # answer what the dialog asked, as the players would
                try:
                    g.submit(cmd)
                    break
                except RuleError as e:
                    assert e.code == "chance/needs_outcome", e
                    v = rng.randint(1, 6) if e.data["kind"] == "die" else rng.choice(e.data["options"])
                    cmd["outcomes"] = list(cmd.get("outcomes", [])) + [v]
            scene.refresh(force=True)
        scene.animator.finish()
    assert len(dialogs) >= 3, dialogs
    uniq = list(dict.fromkeys(f.split(": ", 1)[1] for f in faults))
    assert not uniq, "\n".join(uniq[:40])


@pytest.mark.parametrize("code", LANGS)
def test_board_editor_pages_fit_in_each_language(make_app, rohan, recorder, lang, code):  # noqa: F811
    """The companion mode's board editor: every page of its palette, measured in the language."""
    from botwotr.ui.scenes.game import GameScene

    from conftest import click

    lang(code)
    app = make_app(SIZE)
    g = Game.new(rohan, seed=3, options={"companion": True})
    scene = GameScene(app, g)
    app.push(scene)
    app.step()
    if scene.curtain:  # tracked cards: the opening hand is entered behind the side's cover
        click(app, scene.btn_reveal.rect.center)
    app.step()
    click(app, scene.edit.button.rect.center)
    assert scene.edit.active
    surf = RecordingSurface(app.size)
    surf.rec = recorder
    faults: list[str] = []
    for tab, button in scene.edit.tabs.items():
        click(app, button.rect.center)
        app.step()
        draw(scene, surf, recorder)
        faults += check_frame(recorder, scene, f"{code} editor {tab}")
    assert len(scene.edit.tabs) >= 3
    uniq = list(dict.fromkeys(f.split(": ", 1)[1] for f in faults))
    assert not uniq, "\n".join(uniq[:40])


@pytest.mark.parametrize("code", LANGS)
def test_the_end_of_game_screen_and_review_in_each_language(make_app, rohan, recorder, lang, code):  # noqa: F811
    """R-4.2: a game won in the window, in the language: the end-of-game screen and the review
    are translated and fit; a new game from it (play again, what if) gets the English rules, so
    its log and save are the same in every language."""
    from botwotr.review import branch
    from botwotr.ui.i18n import _
    from botwotr.ui.scenes.game import GameScene
    from botwotr.ui.scenes.game_over import GameOverScene
    from botwotr.ui.scenes.review import ReviewScene, open_review

    from test_review import finish_in_window, until_the_end

    lang(code)
    app = make_app(SIZE)
    g, gs = finish_in_window(app, rohan, 4)
    over = app.scene
    assert isinstance(over, GameOverScene)
    surf = RecordingSurface(app.size)
    surf.rec = recorder
    screen = pygame.Rect((0, 0), SIZE)
    draw(over, surf, recorder)  # (the buttons over the dialog's picture, drawn once: it is drawn here too)
    for _part in over._dialog_parts(surf):
        pass
    faults = box_faults(recorder, f"{code} the end", screen)
    texts = {b["text"] for b in recorder.blits}
    assert _("Play again") in texts and "Play again" not in texts
    reason = g.state["win_reason"]  # the core's English sentence, shown in the language
    assert reason not in texts and any(_(reason)[:12] in t or t in _(reason) for t in texts if len(t) > 8), reason
    rv = open_review(app, gs.game, view="all")
    app.step()
    assert isinstance(rv, ReviewScene) and rv.reviewed.spec.name != rohan.name
    draw(rv, surf, recorder)
    faults += box_faults(recorder, f"{code} review", screen)
    app.pop()
    what_if = branch(gs.game, 40, "test.json")
    assert what_if.rules.spec is rohan and what_if.spec is rohan
    gs.open_the_end()
    until_the_end(app)
    app.step()
    click_again = app.scene.btn_again.rect.center
    from conftest import click

    click(app, click_again)
    new = app.scene
    assert isinstance(new, GameScene) and new.game.rules.spec is rohan and new.game.spec.name != rohan.name
    uniq = list(dict.fromkeys(f.split(": ", 1)[1] for f in faults))
    assert not uniq, "\n".join(uniq[:40])
