"""The scenario's own texts in Portuguese, Spanish and Russian (`<scenario>/i18n/<lang>.yaml`):
complete and checked like the rest of the content (a missing, extra, empty or mis-typed entry is
a named error naming the file and the key), and applied without touching the rules."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from botwotr.catalog import DATA, spec_for
from botwotr.content import validate_scenario
from botwotr.content.i18n import (LANGUAGES, check_translations, english_singular, localized,
                                  map_features, read_translations, source_texts)
from botwotr.core import Game
from botwotr.core.bots import GreedyBot, deciding_side

ROHAN = DATA / "rohan"


@pytest.fixture(scope="module")
def rohan():
    return spec_for("rohan")


@pytest.fixture
def copy(tmp_path) -> Path:
    """A folder holding a copy of Rohan's translation files (checked against the Rohan spec)."""
    shutil.copytree(ROHAN / "i18n", tmp_path / "i18n")
    # the board whose painted border names (features) the files translate
    board = (ROHAN / yaml.safe_load((ROHAN / "scenario.yaml").read_text(encoding="utf-8"))["board"]).resolve()
    (tmp_path / "scenario.yaml").write_text(f"board: {board}\n", encoding="utf-8")
    return tmp_path


def rewrite(folder: Path, lang: str, change) -> None:
    p = folder / "i18n" / f"{lang}.yaml"
    doc = yaml.safe_load(p.read_text(encoding="utf-8"))
    change(doc)
    p.write_text(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False), encoding="utf-8")


@pytest.mark.parametrize("scenario", ["rohan", "gondor"])
def test_every_builtin_translation_is_complete_and_valid(scenario):
    folder, spec = DATA / scenario, spec_for(scenario)
    assert validate_scenario(folder) == []
    english = source_texts(spec, map_features(folder))
    assert {k for k in english if k[0] == "features"}, "the painted board names its rivers, fords, walls"
    want = set(english)
    for lang in LANGUAGES:
        got = read_translations(folder, lang)
        assert set(got) == want, (scenario, lang)
        # every name and text differs from the English one except proper names the books keep
        # (a one-word card title such as "Grond" is one)
        same = {k for k, v in got.items() if v == english[k]}
        kept = {k for k in same if k[2] in ("name", "singular") or (k[2] == "title" and " " not in got[k])}
        assert same == kept, (scenario, lang, sorted(same - kept)[:5])


def test_gondor_shares_the_generic_cards_translations_with_rohan():
    """One physical deck serves both faces: a generic card reads the same in both scenarios."""
    gondor = spec_for("gondor")
    for lang in LANGUAGES:
        g, r = read_translations(DATA / "gondor", lang), read_translations(ROHAN, lang)
        for cid, card in gondor.cards.items():
            if card.deck == "generic":
                for f in ("title", "text", "combat_title", "combat_text"):
                    if ("cards", cid, f) in r:
                        assert g[("cards", cid, f)] == r[("cards", cid, f)], (lang, cid, f)


def test_a_missing_translation_is_named_with_file_and_key(copy, rohan):
    rewrite(copy, "ru", lambda d: d["cards"]["hard_riding"].pop("combat_text"))
    errs = [str(e) for e in check_translations(copy, rohan)]
    assert errs == ["i18n/ru.yaml: cards.hard_riding.combat_text: missing translation "
                    "(English: 'Score one extra hit this round.')"]


def test_an_extra_translation_is_named(copy, rohan):
    rewrite(copy, "es", lambda d: d["units"]["orcs"].update(entry_text="¡Waaagh!"))
    rewrite(copy, "es", lambda d: d["regions"].update(mordor={"name": "Mordor"}))
    errs = {str(e).split(" (line")[0] for e in check_translations(copy, rohan)}
    assert errs == {
        "i18n/es.yaml: units.orcs.entry_text: extra translation: no such field with English text",
        "i18n/es.yaml: regions.mordor.name: extra translation: no such content id with English text",
    }


def test_bad_values_and_files_are_named(copy, rohan):
    rewrite(copy, "pt-BR", lambda d: d["regions"]["edoras"].update(name=7))
    rewrite(copy, "pt-BR", lambda d: d["positions"]["pits"].update(name="  "))
    rewrite(copy, "pt-BR", lambda d: d.update(armies={}))
    (copy / "i18n" / "de.yaml").write_text("scenario: {name: Die Schlacht}\n", encoding="utf-8")
    (copy / "i18n" / "ru.yaml").write_text("scenario: [unclosed\n", encoding="utf-8")
    errs = [str(e) for e in check_translations(copy, rohan)]
    assert any(e.startswith("i18n/pt-BR.yaml: regions.edoras.name: expected a text, got int") for e in errs), errs
    assert any(e.startswith("i18n/pt-BR.yaml: positions.pits.name: empty translation") for e in errs), errs
    assert any(e.startswith("i18n/pt-BR.yaml: armies: unknown kind") for e in errs), errs
    assert any(e.startswith("i18n/de.yaml: not a translation file") for e in errs), errs
    assert any(e.startswith("i18n/ru.yaml:") for e in errs), errs


def test_validate_reports_translation_errors(tmp_path, rohan):
    """`botwotr validate` (validate_scenario) includes the translation files' problems."""
    errs = check_translations(ROHAN, rohan)
    assert errs == []
    folder = tmp_path / "i18n"
    folder.mkdir()
    (folder / "es.yaml").write_text("scenario: {name: La Batalla}\n", encoding="utf-8")
    errs = [str(e) for e in check_translations(tmp_path, rohan)]
    assert "i18n/es.yaml: scenario.notes: missing translation" in errs[0] or any(
        "scenario.notes: missing translation" in e for e in errs)
    assert len(errs) == len(source_texts(rohan)) - 1


def test_localized_spec_changes_texts_only(rohan):
    texts = read_translations(ROHAN, "ru")
    ru = localized(rohan, texts)
    assert ru.board.regions["helms_deep"].name == texts[("regions", "helms_deep", "name")]
    assert ru.cards["hard_riding"].title == texts[("cards", "hard_riding", "title")]
    assert ru.name == texts[("scenario", "", "name")]
    for k, c in rohan.cards.items():
        assert (ru.cards[k].effect, ru.cards[k].combat, ru.cards[k].requires) == (c.effect, c.combat, c.requires)
    assert ru.board.adjacency == rohan.board.adjacency
    assert english_singular("Rohan Footmen") == "Rohan Footman" and english_singular("Uruk-hai") == "Uruk-hai"


def test_a_game_shown_in_russian_records_the_same_events_as_in_english(rohan, tmp_path):
    """R-4.2 determinism: the window shows a translated spec, the core keeps the English one,
    so the log (a win's reason included) and the save are the same in every language."""
    from botwotr.persistence.save import load, save
    from botwotr.ui.i18n import set_language
    from botwotr.ui.i18n_content import localize_game

    def play(lang):
        set_language(lang)
        try:
            g = Game.new(rohan, seed=11)
            localize_game(g)
            bots = {"fp": GreedyBot(1), "sh": GreedyBot(2)}
            for _ in range(400):
                if g.state["winner"]:
                    break
                side = deciding_side(g.state)
                g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
            return g
        finally:
            set_language("en")

    en, ru = play("en"), play("ru")
    assert ru.spec.name != rohan.name and ru.rules.spec is rohan
    assert [e["events"] for e in ru.log] == [e["events"] for e in en.log]
    path = tmp_path / "ru.json"
    save(ru, path)
    again = load(path, spec_for)  # loads in English
    assert again.state == en.state


def test_a_painted_border_name_missing_or_extra_is_named(copy, rohan):
    """The names painted along the borders (the map's `feature:<id>` art texts) are translated
    like the rest: a missing one and one the board does not paint are each a named error."""
    assert map_features(copy)["fords_of_isen"] == "Fords of Isen"
    rewrite(copy, "ru", lambda d: d["features"].pop("fords_of_isen"))
    rewrite(copy, "es", lambda d: d["features"].update(anduin={"name": "Anduin"}))
    errs = {str(e).split(" (line")[0] for e in check_translations(copy, rohan)}
    assert errs == {
        "i18n/ru.yaml: features.fords_of_isen.name: missing translation (English: 'Fords of Isen')",
        "i18n/es.yaml: features.anduin.name: extra translation: no such content id with English text",
    }
