"""`botwotr export` and `botwotr report` take `--lang` (issue 14): the report's words and the
picture's words in Portuguese, Spanish or Russian; without it, the language the window would
start in (the stored choice, else the system locale); an unknown language is refused."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame
import pytest

from botwotr.cli import main
from botwotr.persistence.save import load, save
from botwotr.catalog import spec_for
from botwotr.report import build
from botwotr.ui.i18n import set_language
from botwotr.ui.i18n_content import localize_game
from botwotr.ui.logtext import log_lines

sys.path.insert(0, str(Path(__file__).parent))
from short_game import short_game  # noqa: E402

LANGS = ("pt_BR", "es", "ru")


@pytest.fixture(scope="module")
def short():
    return short_game()


@pytest.fixture
def saved(short, tmp_path):
    p = tmp_path / "short.json"
    save(short, p)
    return p


@pytest.fixture(autouse=True)
def english_after(monkeypatch, tmp_path):
    monkeypatch.setenv("BOTWOTR_HOME", str(tmp_path / "home"))
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")
    yield
    set_language("en")


def english_sentences(game):
    return [s for _i, s in log_lines(game, "public") if len(s) > 12]


@pytest.mark.parametrize("code", LANGS)
def test_report_lang_writes_the_report_in_the_language(short, saved, capsys, code):
    english = english_sentences(short)
    assert main(["report", str(saved), "--lang", code]) == 0
    text = capsys.readouterr().out
    left = [s for s in english if s in text]
    assert not left, left[:5]
    set_language(code)
    want = build(localize_game(load(saved, spec_for)), "public", "md")
    assert text == want
    assert spec_for("rohan").name not in text  # the scenario's name as the content translates it


def test_report_lang_before_the_command_and_from_the_stored_choice(short, saved, capsys, tmp_path):
    assert main(["--lang", "es", "report", str(saved)]) == 0
    es = capsys.readouterr().out
    set_language("en")
    (tmp_path / "home").mkdir()
    (tmp_path / "home" / "settings.json").write_text(json.dumps({"language": "es"}), encoding="utf-8")
    assert main(["report", str(saved)]) == 0
    assert capsys.readouterr().out == es
    set_language("en")
    assert main(["report", str(saved), "--lang", "en"]) == 0  # --lang wins over the stored choice
    assert capsys.readouterr().out == build(short, "public", "md")


def test_report_and_export_follow_the_system_locale(short, saved, capsys, monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert main(["report", str(saved)]) == 0
    text = capsys.readouterr().out
    assert "Отчёт" in text or "отчёт" in text, text[:200]


def test_an_unknown_language_is_refused_naming_it(saved, tmp_path, capsys):
    assert main(["report", str(saved), "--lang", "klingon"]) == 2
    err = capsys.readouterr().err
    assert "--lang klingon" in err and "pt_BR" in err
    out = tmp_path / "x.png"
    assert main(["export", str(saved), "--out", str(out), "--lang", "xx"]) == 2
    assert "--lang xx" in capsys.readouterr().err and not out.exists()


def test_export_lang_paints_the_words_in_the_language(saved, tmp_path, capsys):
    pictures = {}
    for code in ("en",) + LANGS:
        out = tmp_path / f"{code}.png"
        assert main(["export", str(saved), "--out", str(out), "--size", "1280x720", "--lang", code]) == 0
        pictures[code] = pygame.image.tobytes(pygame.image.load(str(out)), "RGB")
        set_language("en")
    assert len(set(pictures.values())) == 4  # each language's words differ from the others'
