"""What players read never shows an internal code: no `attacker_won`, no `grey_0c`, no
`ent icon`, no event or command names, and counts agree with their nouns ("1 Ent", not
"1 Ents"). Checked over whole bot games: every log sentence (for every seat), every command
sentence, every decision detail and waiting line, and every string drawn in the game window.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from botwotr.core import Game
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side
from botwotr.ui import resources as res
from botwotr.ui.hud import waiting_text
from botwotr.ui.logtext import (command_sentence, event_sentence, log_lines, pending_detail,
                                unit_count, unit_singular)

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
CAMEL = re.compile(r"\b[A-Z][a-z]+(?:[A-Z][a-z]+)+\b")  # an event kind: "CardsDrawn"
BRACES = re.compile(r"[{}]|\bNone\b|\bTrue\b|\bFalse\b|'cmd'")
ONE_PLURAL = re.compile(r"(?<![\d.+-])\b1 (?:more |extra |hidden |action |combat |damage |recruitment |"
                        r"leadership |fate )?(units|dice|cards|hits|tokens|leaders|armies|markers|tiles|"
                        r"figures|casualties|regions|characters)\b")


def id_words(spec) -> set[str]:
    """Content ids a sentence must never show as such (the names are shown instead)."""
    ids = set(spec.units) | set(spec.board.regions) | set(spec.characters) | set(spec.cards)
    ids |= set(spec.positions) | set(spec.fate_tiles)
    icons = {t.icon for t in spec.fate_tiles.values() if t.icon}
    return {i for i in ids | icons if i and i.lower() == i and i.isascii()}


def leaks(text: str, spec, ids: set[str]) -> list[str]:
    """The codes and grammar slips in one text (empty when it reads as words)."""
    found = SNAKE.findall(text) + CAMEL.findall(text) + BRACES.findall(text)
    found += ["1 " + m for m in ONE_PLURAL.findall(text)]
    found += [w for w in re.findall(r"[A-Za-z][A-Za-z0-9_-]*", text) if w in ids]
    for u in spec.units:  # "1 Ents", "1 Rohan Footmen": a count of one takes the singular
        name = spec.units[u].name
        if unit_singular(spec, u) != name:
            found += [m for m in re.findall(rf"\b(?:1|one|One|a|A) {re.escape(name)}\b", text)]
    return found


def test_counts_take_their_noun(rohan):
    """One figure reads in the singular, several in the plural."""
    assert unit_count(rohan, "ents", 1) == "1 Ent"
    assert unit_count(rohan, "ents", 3) == "3 Ents"
    assert unit_count(rohan, "rohan_footmen", 1) == "1 Rohan Footman"
    assert unit_count(rohan, "uruk_hai", 1) == "1 Uruk-hai"
    assert unit_count(rohan, "half_orcs", 2) == "2 Half-orcs"


def test_a_figure_named_by_its_first_word_or_by_the_content_reads_in_the_singular(gondor):
    """Gondor's names that the last-word rule got wrong: "1 Rangers of Ithilien" and "1 Men of the
    Outlands" (the word before "of" takes the number), and "Mûmakil", whose one figure the content
    names (`singular: Mûmak`)."""
    assert unit_count(gondor, "rangers", 1) == "1 Ranger of Ithilien"
    assert unit_count(gondor, "rangers", 2) == "2 Rangers of Ithilien"
    assert unit_count(gondor, "outlanders", 1) == "1 Man of the Outlands"
    assert unit_count(gondor, "mumakil", 1) == "1 Mûmak"
    assert unit_count(gondor, "mumakil", 3) == "3 Mûmakil"


def test_a_translation_names_one_figure_itself(gondor):
    """The shown spec of another language takes its file's `singular`, not the English one; a
    translated name with no singular of its own falls back to the rule on that name, never to
    the English figure."""
    from botwotr.content.i18n import localized, read_translations
    from botwotr.ui.i18n_content import _folder

    texts = read_translations(_folder(gondor), "ru")
    ru = localized(gondor, texts)
    assert unit_singular(ru, "mumakil") == texts[("units", "mumakil", "singular")] != "Mûmak"
    assert unit_singular(ru, "rangers") == texts[("units", "rangers", "singular")]
    del texts[("units", "rangers", "singular")]
    ru = localized(gondor, texts)
    assert ru.units["rangers"].singular == "" and unit_singular(ru, "rangers") != "Ranger of Ithilien"


def test_every_event_kind_has_words(rohan):
    """An event kind the client does not know is still words, never its code."""
    s = event_sentence({"e": "SomethingNewHappened"}, rohan)
    assert s == "Something new happened."
    s = event_sentence({"e": "BattleEnded", "target": "isen_vale", "outcome": "attacker_won"}, rohan)
    assert "attacker_won" not in s and "wins" in s


def _play_collecting(spec, seed: int, bots: dict, ids) -> tuple[Game, dict[str, str]]:
    g = Game.new(spec, seed=seed)
    bad: dict[str, str] = {}

    def check(text, where):
        for code in leaks(text, spec, ids):
            bad.setdefault(code, f"{where}: {text}")

    for _ in range(4000):
        if g.state["winner"]:
            break
        side = deciding_side(g.state)
        cmds = [c for c in g.legal_commands() if c["side"] == side]
        for c in cmds:
            check(command_sentence(c, spec, g.state), "command")
        p = g.state["pending"][-1] if g.state["pending"] else None
        check(pending_detail(spec, p), "decision")
        check(waiting_text(spec, g.view_for("public")), "status")
        g.submit(bots[side].choose(g, cmds))
    for seat in ("public", "fp", "sh", "all"):
        for _i, s in log_lines(g, seat):
            check(s, f"log[{seat}]")
    return g, bad


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_whole_games_read_as_words(rohan, seed):
    """Bot games to their end: nothing the log, the choices or the status line say is a code."""
    ids = id_words(rohan)
    g, bad = _play_collecting(rohan, seed, {"fp": GreedyBot(seed), "sh": RandomBot(seed + 7)}, ids)
    assert g.state["winner"], "the game should reach its end"
    kinds = {e["e"] for entry in g.log for e in entry["events"]}
    assert {"BattleEnded", "FateTileDrawn", "UnitsRemoved"} <= kinds  # the leaks of the issue were reachable
    assert not bad, bad


def test_a_whole_gondor_game_reads_as_words(gondor):
    """The same over a Gondor bot game: its unit names ("Rangers of Ithilien", "Mûmakil") are
    counted in the singular where there is one figure."""
    ids = id_words(gondor)
    g, bad = _play_collecting(gondor, 4, {"fp": GreedyBot(4), "sh": GreedyBot(11)}, ids)
    assert g.state["winner"], "the game should reach its end"
    assert any(e["e"] == "UnitsRemoved" for entry in g.log for e in entry["events"])
    assert not bad, bad


def test_every_string_drawn_in_a_whole_game_reads_as_words(make_app, rohan, monkeypatch):
    """A hotseat game played to its end by two bots through the window: every frame is drawn,
    and every string the window renders is recorded and checked."""
    from botwotr.ui.scenes.game import GameScene
    ids = id_words(rohan)
    drawn: dict[str, int] = {}
    real_text = res.text

    def recording_text(s, *a, **kw):
        drawn[s] = drawn.get(s, 0) + 1
        return real_text(s, *a, **kw)

    monkeypatch.setattr(res, "text", recording_text)
    from botwotr.ui import widgets
    real_wrap = widgets.wrap_text

    def recording_wrap(text, *a, **kw):  # whole texts too, before they are cut into lines
        drawn[text] = drawn.get(text, 0) + 1
        return real_wrap(text, *a, **kw)

    monkeypatch.setattr(widgets, "wrap_text", recording_wrap)
    app = make_app((1280, 720))
    g = Game.new(rohan, seed=5)
    scene = GameScene(app, g, mode="hotseat")
    app.push(scene)
    bots = {"fp": GreedyBot(5), "sh": GreedyBot(6)}
    for _ in range(3000):
        if g.state["winner"]:
            break
        if scene.curtain:
            scene.lift_curtain()
        app.step([])
        side = deciding_side(g.state)
        cmds = [c for c in g.legal_commands() if c["side"] == side]
        assert scene.submit(bots[side].choose(g, cmds))
        scene.animator.finish()
    app.step([])
    scene.lift_curtain()
    app.step([])
    assert g.state["winner"]
    bad = {}
    for s in drawn:
        for code in leaks(s, rohan, ids):
            bad.setdefault(code, s)
    assert len(drawn) > 200
    if os.environ.get("BOTWOTR_DUMP_TEXT"):
        Path(os.environ["BOTWOTR_DUMP_TEXT"]).write_text("\n".join(sorted(drawn)), encoding="utf-8")
    assert not bad, bad


def test_a_combined_attack_reads_as_one(rohan):
    """R-10.9: a combined attack names every army that may join it, but only one fights each
    round, so the log calls it a combined attack rather than an attack by all of them at once;
    an attack by one army keeps the plain sentence."""
    import random

    g = Game.new(rohan, seed=0)
    rng = random.Random(0)
    lines: dict[str, list[str]] = {"combined": [], "army": []}
    for _ in range(2000):
        if g.state.get("winner") or (lines["combined"] and lines["army"]):
            break
        legal = g.legal_commands()
        pref = [c for c in legal if c.get("action") in ("combined_attack", "attack")]
        pref = pref or [c for c in legal if len(c.get("armies", [])) > 1] or legal
        n = len(g.log)
        g.submit(rng.choice(pref))
        for entry in g.log[n:]:
            for e in entry["events"]:
                if e["e"] == "BattleStarted" and e["mode"] in lines:
                    many = len(e["armies"]) > 1
                    if e["mode"] == "army" or many:
                        lines[e["mode"]].append(event_sentence(e, rohan))
    assert lines["combined"] and lines["army"]
    for s in lines["combined"]:
        assert " makes a combined attack on " in s and " and " in s.split(" from ", 1)[1], s
    for s in lines["army"]:
        assert " attacks " in s and "combined" not in s and " and " not in s.split(" from ", 1)[1], s
