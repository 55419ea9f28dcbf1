"""The window in Portuguese, Spanish and Russian: the catalogues are complete and current (every
`_()` string, the core's refusals, placeholders kept, `.mo` compiled from the `.po`), plural forms
follow each language (Russian's three), refusals and log sentences reach the screen translated,
and the language is chosen on the title screen and in the settings and remembered."""

from __future__ import annotations

import importlib.util
import json
import shutil
from pathlib import Path

import pygame
import pytest

from botwotr.core import Game, RuleError
from botwotr.core.bots import GreedyBot, deciding_side
from botwotr.ui import i18n
from botwotr.ui.i18n import LANGUAGES, _, ngettext, set_language

from conftest import click

ROOT = Path(__file__).resolve().parents[2]
LANGS = ("pt_BR", "es", "ru")


def tool():
    pytest.importorskip("babel")
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture
def lang():
    """Switch the window's language for one test; English again afterwards."""
    yield set_language
    set_language("en")


def test_catalogues_are_complete_current_and_compiled():
    """No `_()` string missing, no stale entry, no placeholder differing from the source, every
    `.mo` byte-equal to what `tools/i18n.py compile` makes of its `.po` (what the package ships)."""
    assert tool().problems() == []


def test_the_check_names_each_kind_of_fault(tmp_path, monkeypatch):
    t = tool()
    root = tmp_path / "locale"
    shutil.copytree(t.LOCALE, root)
    monkeypatch.setattr(t, "LOCALE", root)
    monkeypatch.setattr(t, "POT", root / "botwotr.pot")
    path = t.po_path("ru")
    cat = t.read_po(path, locale="ru")
    cat.get("Attack {target}").string = "Атаковать {цель}"  # a placeholder renamed
    cat.get("Undo").string = ""  # untranslated
    del cat["Redo"]  # missing
    cat.add("A string no source has", "Строка без источника")  # stale
    t._write_po(cat, path)
    found = "\n".join(t.problems())
    assert "ru/LC_MESSAGES/botwotr.po: 'Attack {target}': placeholders ['{цель}'] differ" in found
    assert "'Undo': not translated" in found
    assert "'Redo': missing from the catalogue" in found
    assert "'A string no source has': stale" in found
    assert "ru/LC_MESSAGES/botwotr.mo is not up to date" in found


def test_every_core_refusal_with_a_literal_sentence_has_a_template():
    """The refusals the window can show are all in the catalogue (the generated table is current)."""
    t = tool()
    from botwotr.ui.i18n_rules_data import SENTENCES

    assert list(SENTENCES) == t.rule_sentences()
    assert len(SENTENCES) > 100


@pytest.mark.parametrize(
    "n, forms",
    [(1, "кубик"), (2, "кубика"), (4, "кубика"), (5, "кубиков"), (11, "кубиков"), (21, "кубик"), (22, "кубика")],
)
def test_russian_has_three_plural_forms(lang, n, forms):
    lang("ru")
    assert ngettext("{n} die", "{n} dice", n).format(n=n) == f"{n} {forms}"


@pytest.mark.parametrize("code, one, many", [("pt_BR", "1 dado", "2 dados"), ("es", "1 dado", "2 dados")])
def test_portuguese_and_spanish_plurals(lang, code, one, many):
    lang(code)
    assert ngettext("{n} die", "{n} dice", 1).format(n=1) == one
    assert ngettext("{n} die", "{n} dice", 2).format(n=2) == many
    assert ngettext("{n} die", "{n} dice", 0).format(n=0) == ("0 dado" if code == "pt_BR" else "0 dados")


def fp_action_game(spec):
    g = Game.new(spec, seed=4)
    bots = {"fp": GreedyBot(4), "sh": GreedyBot(5)}
    for _step in range(300):
        p = g.state["pending"][-1]
        if p["kind"] == "action" and p["side"] == "fp":
            return g
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    raise AssertionError("no Free Peoples action reached")


@pytest.mark.parametrize("code", LANGS)
def test_r1_4_a_refusal_reaches_the_screen_translated_with_translated_names(rohan, lang, code):
    """R-1.4: a move to a region that is not adjacent is refused by the core in English; the
    window shows the sentence of the language with the regions named as its content names them."""
    from botwotr.content.i18n import read_translations
    from botwotr.ui.i18n_content import localize_game
    from botwotr.ui.i18n_rules import refusal

    lang(code)
    g = localize_game(fp_action_game(rohan))
    g.submit({"cmd": "use_die", "side": "fp", "die": 0, "action": "strategic_move"})
    move = next(c for c in g.legal_commands() if c["cmd"] == "move_army")
    with pytest.raises(RuleError) as info:
        g.submit({**move, "path": ["orthanc"]})
    err = info.value
    assert err.code == "move/not_adjacent" and err.rule == "R-1.4"
    names = read_translations(ROOT / "botwotr" / "data" / "rohan", code.replace("_", "-"))
    want = _("{b} is not adjacent to {a}.").format(
        b=names[("regions", "orthanc", "name")], a=names[("regions", move["from"], "name")])
    assert refusal(err) == want != err.message


@pytest.mark.parametrize("code", LANGS)
def test_r8_4_passing_refused_is_translated(rohan, lang, code):
    """R-8.4: passing is refused when the opponent has no more unused dice."""
    from botwotr.ui.i18n_rules import refusal

    lang(code)
    g = fp_action_game(rohan)
    # the Free Peoples may pass now (more Shadow dice); spend Shadow dice until they may not
    err = None
    for _step in range(40):
        side = deciding_side(g.state)
        p = g.state["pending"][-1]
        if side == "fp" and p["kind"] == "action":
            try:
                g.submit({"cmd": "pass", "side": "fp"})
                continue
            except RuleError as e:
                err = e
                break
        bot = GreedyBot(3)
        g.submit(bot.choose(g, [c for c in g.legal_commands() if c["side"] == side and c["cmd"] != "pass"]
                            or [c for c in g.legal_commands() if c["side"] == side]))
    assert err is not None and err.code == "pass/not_allowed", err
    assert refusal(err) == _("You may pass only while your opponent has more unused dice.") != err.message


@pytest.mark.parametrize("code", LANGS)
def test_log_sentences_of_a_played_game_are_translated(rohan, lang, code):
    """A bot game's log read in the language: every sentence differs from its English one, except
    sentences made only of names, numbers and punctuation."""
    from botwotr.ui import logtext
    from botwotr.ui.i18n_content import localize_game

    g = Game.new(rohan, seed=1)
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    for _step in range(1500):  # to the end: card modifiers and the win's reason are read too
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    kinds = [ev["e"] for e in g.log for ev in e["events"]]
    assert g.state["winner"] and "GameWon" in kinds and kinds.count("ModifierAdded") >= 3
    english = [ln for e in g.log for ev in e["events"] for ln in [logtext.event_sentence(ev, rohan)] if ln]
    lang(code)
    localize_game(g)
    shown = [ln for e in g.log for ev in e["events"] for ln in [logtext.event_sentence(ev, g.spec)] if ln]
    assert len(shown) == len(english) > 200
    same = [a for a, b in zip(english, shown) if a == b and any(ch.isalpha() for ch in a)]
    assert not same, same[:10]


def test_language_choice_on_the_title_is_remembered(make_app, home):
    from botwotr.ui.i18n_choice import startup_language
    from botwotr.ui.scenes.title import TitleScene

    try:
        app = make_app((1280, 720))
        app.push(TitleScene(app))
        app.step()
        button = app.scene.lang_buttons["ru"]
        click(app, button.rect.center)
        assert i18n.language() == "ru"
        assert app.scene.btn_new.text == "Новая игра"  # the title screen was made again in Russian
        assert json.loads((home / "settings.json").read_text(encoding="utf-8"))["language"] == "ru"
        assert startup_language(home) == "ru"  # the next run starts in it
        assert startup_language(home, "es") == "es"  # --lang wins
    finally:
        set_language("en")


def test_language_choice_in_the_settings_rebuilds_the_game(make_app, home, rohan):
    from botwotr.ui.scenes.game import open_game
    from botwotr.ui.scenes.menu import MenuScene

    try:
        app = make_app((1280, 720))
        scene = open_game(app, Game.new(rohan, seed=2))
        app.step()
        app.push(MenuScene(app, scene, page="settings"))
        app.step()
        click(app, app.scene.lang_buttons["pt_BR"].rect.center)
        assert i18n.language() == "pt_BR"
        menu = app.scene
        assert isinstance(menu, MenuScene) and menu.page == "settings" and menu.panel.title == "Configurações"
        game_scene = menu.under
        assert game_scene is not scene and game_scene.game is scene.game
        assert game_scene.game.spec.name == "A Batalha por Rohan" and game_scene.game.rules.spec is rohan
        assert json.loads((home / "settings.json").read_text(encoding="utf-8"))["language"] == "pt_BR"
        click(app, menu.lang_buttons["en"].rect.center)
        assert i18n.language() == "en" and app.scene.under.game.spec is rohan
    finally:
        set_language("en")


@pytest.mark.parametrize("env, want", [("ru_RU.UTF-8", "ru"), ("pt_PT.UTF-8", "pt_BR"), ("es_AR", "es"),
                                       ("de_DE.UTF-8", "en"), ("C", "en")])
def test_default_language_follows_the_system_locale(monkeypatch, home, env, want):
    from botwotr.ui.i18n_choice import startup_language

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", env)
    monkeypatch.setattr("locale.getlocale", lambda *a: (None, None))
    assert startup_language(home) == want


def test_every_language_is_offered():
    assert set(LANGUAGES) == {"en", *LANGS}
    for code in LANGS:
        assert set_language(code) and i18n.language() == code
    set_language("en")
    pygame.font.init()


@pytest.mark.parametrize("code", LANGS)
def test_r5_8_a_card_refused_for_its_precondition_names_the_condition_translated(rohan, lang, code):
    """R-5.8: a card whose condition does not hold is refused; the window shows the sentence and
    the condition in the language, with the card and the character named as its content names them."""
    from botwotr.content.i18n import read_translations
    from botwotr.ui.i18n_content import localize_game
    from botwotr.ui.i18n_rules import refusal

    g = Game.new(rohan, seed=1)
    bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
    for _step in range(271):
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    assert "hold_the_crossing" in g.state["sides"]["fp"]["hand"]
    assert g.state["chars"]["theodred"]["status"] != "in_play"
    lang(code)
    localize_game(g)
    with pytest.raises(RuleError) as info:
        g.submit({"cmd": "use_die", "side": "fp", "die": 3, "action": "play_card", "card": "hold_the_crossing"})
    err = info.value
    assert err.code == "card/precondition" and err.rule == "R-5.8"
    names = read_translations(ROOT / "botwotr" / "data" / "rohan", code.replace("_", "-"))
    cond = _("{name} must be in play").format(name=names[("characters", "theodred", "name")])
    want = _("'{title}' cannot be played now: {describe_condition}.").format(
        title=names[("cards", "hold_the_crossing", "title")], describe_condition=cond)
    assert refusal(err) == want


@pytest.mark.parametrize("code", ["ru"])
def test_a_region_tooltip_names_its_territory_in_the_language(make_app, rohan, lang, code):
    """The tooltip's "Plains, in Westfold." names the territory as the board's translated legend
    does (the catalogue's "board art" words), not in English."""
    from botwotr.ui.i18n import pgettext
    from botwotr.ui.i18n_content import localize_game
    from botwotr.ui.scenes.game import GameScene

    lang(code)
    app = make_app((1280, 720))
    scene = GameScene(app, localize_game(Game.new(rohan, seed=1)))
    app.push(scene)
    app.step()
    english = rohan.board.regions["grimslade"].territory
    shown = pgettext("board art", english)
    assert shown != english
    first = scene.board.region_tip("grimslade").lines[0]
    assert shown in first and english not in first
