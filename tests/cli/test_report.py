"""`botwotr report SAVE` (issue 15): the report of a short scripted game equals the expected files
(tests/cli/expected/, checked by reading them against the script in short_game.py: the dice, the
hits, the casualty, the fate tile and the end); the same sentences as the window's log; the
report never names what the chosen seat could not see (R-15), over whole bot games for every
seat; pictures per turn linked from the Markdown; bad input refused with a clear message."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from botwotr.catalog import spec_for
from botwotr.cli import main
from botwotr.core import Game
from botwotr.core.bots import GreedyBot, RandomBot, deciding_side
from botwotr.persistence.save import save
from botwotr.report import build
from botwotr.ui.logtext import card_name, log_lines

sys.path.insert(0, str(Path(__file__).parent))
from short_game import short_game  # noqa: E402

EXPECTED = Path(__file__).parent / "expected"


@pytest.fixture(scope="module")
def short():
    return short_game()


def test_the_report_of_a_short_game_equals_the_expected_files_R4_3(short):
    """R-4.3: the game ends when the fate marker reaches the endgame; the report says so."""
    assert short.state["winner"] == "fp"
    assert build(short, "public", "md") == (EXPECTED / "report_short_public.md").read_text(encoding="utf-8")
    assert build(short, "sh", "txt") == (EXPECTED / "report_short_shadow.txt").read_text(encoding="utf-8")


def test_the_command_line_prints_and_writes_the_report(short, tmp_path, capsys):
    p = tmp_path / "short.json"
    save(short, p)
    assert main(["report", str(p)]) == 0
    assert capsys.readouterr().out == (EXPECTED / "report_short_public.md").read_text(encoding="utf-8")
    out = tmp_path / "r.txt"
    assert main(["report", str(p), "--format", "txt", "--seat", "shadow", "--out", str(out)]) == 0
    assert out.read_text(encoding="utf-8") == (EXPECTED / "report_short_shadow.txt").read_text(encoding="utf-8")
    assert "wrote" in capsys.readouterr().out


def test_every_sentence_of_the_window_log_is_in_the_report(short):
    text = build(short, "public", "md")
    for _i, s in log_lines(short, "public"):
        if s.startswith("Turn ") and s.endswith(" begins."):
            continue  # told as the turn's heading
        if s.endswith(".") and s[:-1] in ("Actions", "End of turn", "Shadow phase", "Fate phase", "Draw cards",
                                          "Action roll"):
            continue  # told as the phase's heading
        assert s in text, s


def test_pictures_per_turn_are_written_and_linked(short, tmp_path):
    p = tmp_path / "short.json"
    save(short, p)
    pics = tmp_path / "pics"
    out = tmp_path / "report.md"
    assert main(["report", str(p), "--pictures", str(pics), "--out", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    links = re.findall(r"!\[[^\]]+\]\(([^)]+)\)", text)
    assert links == ["pics/setup.png", "pics/turn-03.png", "pics/turn-04.png"]
    for link in links:
        data = (tmp_path / link).read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
    # the text report names the files
    assert main(["report", str(p), "--format", "txt", "--pictures", str(pics), "--out", str(tmp_path / "r.txt")]) == 0
    assert "[The board at the end of turn 3: pics/turn-03.png]" in (tmp_path / "r.txt").read_text(encoding="utf-8")


def test_bad_input_is_refused_with_a_clear_message(tmp_path, capsys):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json", encoding="utf-8")
    assert main(["report", str(bad)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("botwotr report: ") and str(bad) in err and "JSON error" in err
    assert main(["report", str(tmp_path / "missing.json")]) == 2
    assert "cannot be read" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["report", str(bad), "--seat", "everyone"])
    good = tmp_path / "g.json"
    save(short_game(), good)
    assert main(["report", str(good), "--out", str(tmp_path / "no" / "such" / "r.md")]) == 2
    assert "does not exist" in capsys.readouterr().err


def bot_game(seed: int) -> Game:
    g = Game.new(spec_for("rohan"), seed=seed)
    bots = {"fp": GreedyBot(seed), "sh": RandomBot(seed + 1)}
    while not g.state["winner"]:
        side = deciding_side(g.state)
        g.submit(bots[side].choose(g, [c for c in g.legal_commands() if c["side"] == side]))
    return g


def secret_cards(g: Game, seat: str) -> set[str]:
    """Cards another seat drew that were never shown to `seat`: never played, discarded or
    revealed, and never in `seat`'s own hand."""
    drawn, public, own = set(), set(), set()
    for entry in g.log:
        for e in entry["events"]:
            if e["e"] == "CardsDrawn":
                (own if e["side"] == seat else drawn).update(e["cards"])
            elif e["e"] in ("CardPlayed", "CardDiscarded", "CardRevealed", "CardLeftTable"):
                public.add(e.get("card"))
    return drawn - public - own


@pytest.mark.parametrize("seed", [2, 3])
def test_a_report_never_names_a_card_its_seat_could_not_see_R15(seed):
    """R-15: over whole bot games, for each seat, no card another seat drew and kept hidden is
    named in the report (the public seat sees no hand at all)."""
    g = bot_game(seed)
    checked = 0
    for seat in ("public", "fp", "sh"):
        text = build(g, seat, "md")
        secret = secret_cards(g, seat)
        names = {card_name(g.spec, c) for c in secret}
        # a name shared with a card that was shown cannot tell anything
        shown = {card_name(g.spec, c) for c in set(g.spec.cards) - secret}
        for name in names - shown:
            assert name not in text, f"seed {seed}, {seat}: {name}"
            checked += 1
        assert "seed" not in text.lower()  # the chance seed is hidden too
    assert checked > 5  # the games did hold such cards
    # the seat's own cards are named in its own report
    own = {c for entry in g.log for e in entry["events"] if e["e"] == "CardsDrawn" and e["side"] == "fp"
           for c in e["cards"]}
    assert any(card_name(g.spec, c) in build(g, "fp", "md") for c in own)


def test_the_report_and_the_review_model_need_no_display(tmp_path, short):
    """`botwotr report` without pictures, and botwotr.review, work where pygame cannot be imported."""
    import subprocess

    p = tmp_path / "short.json"
    save(short, p)
    code = ("import sys; sys.modules['pygame'] = None\n"
            "from botwotr.cli import main\n"
            "import botwotr.review, botwotr.report\n"
            f"sys.exit(main(['report', {str(p)!r}, '--out', {str(tmp_path / 'r.md')!r}]))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "r.md").read_text(encoding="utf-8") == (EXPECTED / "report_short_public.md").read_text(
        encoding="utf-8")
