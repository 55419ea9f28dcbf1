"""A map that passed its checks is kept on disk (pickled, in the cache folder) and the next start
reads it from there instead of parsing and validating the Tiled file again (issue 11: the
export's and the window's start). A stored file that does not match is never used."""

from __future__ import annotations

import shutil

import pytest

from botwotr.board import loader


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv("BOTWOTR_HOME", str(tmp_path / "home"))
    monkeypatch.delenv("BOTWOTR_NO_CACHE", raising=False)
    maps = tmp_path / "maps"
    maps.mkdir()
    for f in loader.MAPS_DIR.glob("rohan*"):
        if f.is_file():
            shutil.copy(f, maps / f.name)
    calls = []
    real = loader._load_map

    def counting(path):
        calls.append(path)
        return real(path)

    monkeypatch.setattr(loader, "_load_map", counting)
    loader._CACHE.clear()
    yield maps / "rohan.tmx", tmp_path / "home" / "cache" / "maps", calls
    loader._CACHE.clear()


def test_a_checked_map_is_read_from_the_store_the_next_time(store):
    tmx, folder, calls = store
    first = loader.load_map(tmx)
    assert len(calls) == 1 and len(list(folder.glob("*.pickle"))) == 1
    loader._CACHE.clear()  # a new process
    again = loader.load_map(tmx)
    assert len(calls) == 1  # not parsed again
    assert again == first and again.spec.regions == first.spec.regions


def test_a_changed_map_or_a_broken_stored_file_is_read_and_checked_again(store):
    tmx, folder, calls = store
    loader.load_map(tmx)
    [stored] = folder.glob("*.pickle")
    stored.write_bytes(b"not a pickle")
    loader._CACHE.clear()
    loader.load_map(tmx)
    assert len(calls) == 2
    # an edited map (one name changed) is another key: parsed and checked, its error raised
    text = tmx.read_text(encoding="utf-8")
    tmx.write_text(text.replace('<map ', '<mapp ', 1), encoding="utf-8")
    loader._CACHE.clear()
    with pytest.raises(loader.BoardError):
        loader.load_map(tmx)
    assert len(calls) == 3  # read again (not the stored board) and refused


def test_no_store_when_turned_off(store, monkeypatch):
    tmx, folder, calls = store
    monkeypatch.setenv("BOTWOTR_NO_CACHE", "1")
    loader.load_map(tmx)
    loader._CACHE.clear()
    loader.load_map(tmx)
    assert len(calls) == 2 and not folder.exists()
