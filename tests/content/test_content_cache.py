"""The checked scenario kept on disk (botwotr/content/cache.py, issue 11): a stored scenario is
the one read from its files, a changed, added or removed file or a broken cache file makes the
loader read and check the files again (errors reported exactly as with no cache), and
BOTWOTR_NO_CACHE=1 turns it off."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from botwotr.content import ContentError, load_scenario
from botwotr.content import cache as content_cache

DATA = Path(__file__).resolve().parents[2] / "botwotr" / "data"
MAPS = Path(__file__).resolve().parents[2] / "maps"


@pytest.fixture
def scenarios(tmp_path, monkeypatch):
    """Copies of both scenarios (Gondor shares Rohan's card file) and a cache folder of their own."""
    monkeypatch.setenv("BOTWOTR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("BOTWOTR_NO_CACHE", raising=False)
    root = tmp_path / "data"
    for name in ("rohan", "gondor"):
        shutil.copytree(DATA / name, root / name)
        sc = root / name / "scenario.yaml"
        text = sc.read_text(encoding="utf-8").replace(f"../../../maps/{name}.tmx", str(MAPS / f"{name}.tmx"))
        sc.write_text(text, encoding="utf-8")
    return root


def _stored_files(tmp_path) -> list[Path]:
    return sorted((tmp_path / "home" / "cache" / "content").glob("*.pickle"))


def _fresh(folder: Path, monkeypatch) -> object:
    with monkeypatch.context() as m:
        m.setenv("BOTWOTR_NO_CACHE", "1")
        return load_scenario(folder)


@pytest.mark.parametrize("name", ["rohan", "gondor"])
def test_a_stored_scenario_is_the_one_read_from_its_files(scenarios, tmp_path, monkeypatch, name):
    folder = scenarios / name
    first = load_scenario(folder)
    assert len(_stored_files(tmp_path)) == 1
    again = load_scenario(folder)
    assert again is not first  # read from the cache file, not the same object
    assert content_cache.stored(folder) is not None
    assert again == first == _fresh(folder, monkeypatch)


def test_a_changed_file_is_read_again_and_its_error_reported_as_without_cache(scenarios, monkeypatch):
    folder = scenarios / "rohan"
    load_scenario(folder)
    units = folder / "units.yaml"
    units.write_text(units.read_text(encoding="utf-8") + "\nbogus_key: 1\n", encoding="utf-8")
    assert content_cache.stored(folder) is None
    with pytest.raises(ContentError) as cached:
        load_scenario(folder)
    with pytest.raises(ContentError) as uncached:
        _fresh(folder, monkeypatch)
    assert str(cached.value) == str(uncached.value)


def test_a_change_to_a_shared_card_file_is_seen_by_the_scenario_sharing_it(scenarios, monkeypatch):
    gondor = scenarios / "gondor"
    load_scenario(gondor)
    cards = scenarios / "rohan" / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n# a comment only\n", encoding="utf-8")
    assert content_cache.stored(gondor) is None
    assert load_scenario(gondor) == _fresh(gondor, monkeypatch)


def test_a_broken_cache_file_is_refused_and_rebuilt(scenarios, tmp_path, monkeypatch):
    folder = scenarios / "rohan"
    expected = load_scenario(folder)
    (stored,) = _stored_files(tmp_path)
    stored.write_bytes(b"not a pickle at all")
    assert content_cache.stored(folder) is None
    assert load_scenario(folder) == expected
    assert content_cache.stored(folder) == expected  # written again


def test_no_cache_turns_it_off(scenarios, tmp_path, monkeypatch):
    monkeypatch.setenv("BOTWOTR_NO_CACHE", "1")
    load_scenario(scenarios / "rohan")
    assert _stored_files(tmp_path) == []
