"""The Battle for Gondor's own log sentences (the rules module's `Note` events: walls worn,
catapults, siege towers, the Darkness) in Portuguese, Spanish and Russian (issue 14). Each Note
carries a stable `code` and `params` beside its English `text`; the log tells it from the code
through the catalogue, naming regions as the content's translation does. A Note with only a
text (saves of earlier versions) still shows, and such a save still loads and replays."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from botwotr.catalog import spec_for
from botwotr.core import Game
from botwotr.core.game import ReplayError
from botwotr.persistence.save import SaveError, load, save
from botwotr.ui import logtext
from botwotr.ui.i18n import set_language
from botwotr.ui.i18n_content import localize_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "scenarios"))
from gondor_positions import (FP, SH, adjust, fp_pass, attack, choose, fight, hand, kind, next_turn, place,  # noqa: E402
                              play, ready, to_shadow, use)

LANGS = ("pt_BR", "es", "ru")
CODES = {"darkness_lifts", "darkness_covers", "catapult_built", "tower_raised", "siege_pieces_burnt",
         "protection_falls", "catapults_fire", "trapped_army_destroyed", "tower_discarded"}
# English words of the sentences' frames (not names): none may be left in a translation
ENGLISH = re.compile(r"\b(the|is|in|by|to|and|burnt|built|raised|lifts|covers|again|protection|falls|fire|hits?|"
                     r"walls|breached|siege|tower|catapults?|card|sortie|wind|assault|fate|army|destroyed)\b", re.I)


@pytest.fixture
def lang():
    yield set_language
    set_language("en")


def siege_games() -> list[Game]:
    """Real positions, played through Game.submit, that between them write every Note code."""
    games = []
    # a siege tower, the walls worn by the assault, the tower discarded
    g = ready(sh=["muster", "army", "army", "army", "army", "army"])
    place(g, "minas_tirith", FP, {"gondor_footmen": 2, "gondor_archers": 1})
    place(g, "gate_fields", SH, {"orcs": 3, "black_uruks": 1})
    to_shadow(g)
    use(g, SH, "muster", "build_tower")
    choose(g, SH, "gate_fields")
    fp_pass(g)
    attack(g, SH, "gate_fields", "minas_tirith")
    fight(g, rolls={SH: [5, 5, 1, 1, 1], FP: [1, 1, 1, 1, 1]})
    games.append(g)
    # catapults built and fired: two hits, and breached by a third volley
    g = ready(sh=["muster", "army", "army", "army", "army", "army"])
    place(g, "minas_tirith", FP, {"gondor_footmen": 2})
    place(g, "north_pelennor", SH, {"orcs": 1})
    place(g, "east_pelennor", SH, {"orcs": 1})
    to_shadow(g)
    use(g, SH, "muster", "build_catapults")
    choose(g, SH, "north_pelennor", "east_pelennor")
    fp_pass(g)
    for volley in ([5, 6], [1, 2], [6, 6]):
        use(g, SH, "army", "fire_catapults", outcomes=volley)
        fp_pass(g)
    games.append(g)
    # unguarded catapults burnt by a Free Peoples army ending its move there
    g = ready(fp=["army_muster"] * 5, sh=["muster"] + ["event"] * 5)
    place(g, "gate_fields", FP, {"gondor_cavalry": 2})
    place(g, "north_pelennor", SH, {"orcs": 1})
    g.submit({"cmd": "pass", "side": FP})
    use(g, SH, "muster", "build_catapults")
    choose(g, SH, "north_pelennor")
    adjust(g, "units", region="north_pelennor", owner=SH, unit="orcs", n=-1)
    use(g, FP, "army_muster", "strategic_move")
    g.submit({"cmd": "move_army", "side": FP, "from": "gate_fields", "path": ["north_pelennor"]})
    games.append(g)
    # R-10.7 (Gondor): attacked from a recruitment area with nowhere to go
    g = ready(fp=["army_muster"] * 5)
    place(g, "druadan_forest", SH, {"orcs": 3})
    place(g, "to_rohan", FP, {"rohirrim": 2})
    place(g, "amon_din", FP, {"gondor_footmen": 1})
    place(g, "anorien", FP, {"gondor_footmen": 1})
    attack(g, FP, "to_rohan", "druadan_forest", face="army_muster")
    games.append(g)
    # the Darkness lifts at fate 4 and with a west wind; a card spreads it again
    g = ready(keep_board=True, fate_tile="grey_3a")
    next_turn(g, fate_tile="grey_1d", position="fell_beast")
    games.append(g)
    g = ready(keep_board=True, fate_tile="grey_0c")
    hand(g, SH, "darkness_deepens")
    g.submit({"cmd": "use_die", "side": FP, "die": 0, "action": "draw_generic"})
    while kind(g) == "discard":
        g.submit({"cmd": "discard", "side": FP, "card": g.state["sides"][FP]["hand"][0]})
    play(g, SH, "darkness_deepens")
    games.append(g)
    return games


@pytest.fixture(scope="module")
def games():
    return siege_games()


def notes_of(g: Game) -> list[dict]:
    return [e for x in g.log for e in x["events"] if e["e"] == "Note" and "code" in e]


def test_every_gondor_note_carries_a_code_and_its_english_text_is_the_sentence(games):
    """R-8.6, R-10.4, R-10.7, R-7.4, R-7.6: the siege's Notes; in English the sentence told from the
    code is the recorded text (so old saves read the same)."""
    seen = {}
    for g in games:
        for e in notes_of(g):
            seen.setdefault(e["code"], e)
            line = logtext.event_sentence(e, g.spec)
            assert line == e["text"][:1].upper() + e["text"][1:], (line, e["text"])
    assert set(seen) == CODES
    assert {e["params"]["why"] for g in games for e in notes_of(g) if "why" in e["params"]} >= {
        "fate", "west_wind", "assault", "catapults", "ground_taken"}


@pytest.mark.parametrize("code", LANGS)
def test_every_gondor_note_is_told_in_the_language_with_translated_names(games, lang, code):
    lang(code)
    told = 0
    for g in games:
        english = g.spec
        localize_game(g)
        shown, g.spec = g.spec, english  # the module's games stay English for the other tests
        for e in notes_of(g):
            line = logtext.event_sentence(e, shown)
            assert line and line != e["text"], e
            assert not ENGLISH.search(line), (line, e["text"])
            named = e["code"] not in ("tower_discarded", "trapped_army_destroyed")  # these name no place
            for r in [e["params"].get("region")] + list(e["params"].get("regions", [])):
                if r and named:
                    assert shown.board.regions[r].name in line, (line, r)
                    if english.board.regions[r].name != shown.board.regions[r].name:
                        assert english.board.regions[r].name not in line
            told += 1
    assert told >= 12


@pytest.mark.parametrize("code, hits, want", [
    ("ru", 1, "(1 попадание)"), ("ru", 2, "(2 попадания)"), ("ru", 5, "(5 попаданий)"),
    ("pt_BR", 1, "(1 acerto)"), ("pt_BR", 2, "(2 acertos)"), ("es", 1, "(1 impacto)"), ("es", 0, "(0 impactos)"),
])
def test_catapult_volleys_take_the_plural_of_the_language(games, lang, code, hits, want):
    volley = next(e for g in games for e in notes_of(g) if e["code"] == "catapults_fire")
    e = dict(volley, params={"dice": [6] * hits + [1], "hits": hits})
    lang(code)
    assert want in logtext.event_sentence(e, games[1].spec)


def test_a_note_with_only_its_text_or_an_unknown_code_shows_as_written(games, lang):
    lang("ru")
    old = {"e": "Note", "text": "Minas Tirith's protection falls by 1 to 7 (catapults)."}
    assert logtext.event_sentence(old, games[0].spec) == old["text"]
    odd = dict(old, code="a_rule_of_a_newer_module", params={"x": 1})
    assert logtext.event_sentence(odd, games[0].spec) == old["text"]
    bad = dict(old, code="protection_falls", params={"region": "minas_tirith"})  # params short
    assert logtext.event_sentence(bad, games[0].spec) == old["text"]


def _old_style(path: Path) -> int:
    """Rewrite a save as earlier versions wrote it: Notes with only their text."""
    data = json.loads(path.read_text(encoding="utf-8"))
    n = 0
    for entry in data["log"]:
        for e in entry["events"]:
            if e["e"] == "Note" and "code" in e:
                e.pop("code"), e.pop("params")
                n += 1
    path.write_text(json.dumps(data), encoding="utf-8")
    return n


def test_a_save_of_an_earlier_version_with_text_only_notes_loads_and_replays(games, tmp_path):
    spec = spec_for("gondor")
    for i, g in enumerate(games):
        p = tmp_path / f"old{i}.json"
        save(g, p)
        assert _old_style(p)
        back = load(p, spec_for)
        assert back.state == g.state
        assert back.log == Game.replay(spec, g.seed, g.log).log  # replayed: the Notes have their codes again
        assert notes_of(back)


def test_an_old_save_with_a_note_edited_is_still_refused(games, tmp_path):
    p = tmp_path / "edited.json"
    save(games[1], p)
    _old_style(p)
    data = json.loads(p.read_text(encoding="utf-8"))
    note = next(e for x in data["log"] for e in x["events"] if e["e"] == "Note")
    note["text"] = "The catapults miss."
    p.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError, match="recorded events differ"):
        load(p, spec_for)
    data["log"][-1]["events"].append({"e": "Note", "text": "An extra note."})
    with pytest.raises(ReplayError):
        Game.replay(spec_for("gondor"), games[1].seed, data["log"])
