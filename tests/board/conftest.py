"""Fixtures for the board tests: the committed Rohan map, the generator, broken copies."""
from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

ROOT = Path(__file__).resolve().parents[2]
MAPS = ROOT / "maps"
ROHAN_TMX = MAPS / "rohan.tmx"
ROHAN_ART = MAPS / "rohan_art.png"
ROHAN_SRC = MAPS / "src" / "rohan.yaml"


def _load_make_map():
    if "make_map" in sys.modules:
        return sys.modules["make_map"]
    spec = importlib.util.spec_from_file_location("make_map", ROOT / "tools" / "make_map.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["make_map"] = mod
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="session")
def make_map():
    """tools/make_map.py as a module (it puts tools/ on sys.path for its mapgen package)."""
    return _load_make_map()


@pytest.fixture(scope="session")
def rohan():
    from botwotr.board import load_map

    return load_map(ROHAN_TMX)


@pytest.fixture(scope="session")
def rohan_spec(rohan):
    return rohan.spec


@pytest.fixture(scope="session")
def rohan_layout(rohan):
    return rohan.layout


@pytest.fixture
def broken(tmp_path):
    """broken(edit) -> path of a copy of rohan.tmx (with its art) after `edit(text) -> text`."""

    def make(edit=None, art=True):
        dst = tmp_path / "rohan.tmx"
        text = ROHAN_TMX.read_text(encoding="utf-8")
        if edit is not None:
            new = edit(text)
            assert new != text, "the edit changed nothing"
            text = new
        dst.write_text(text, encoding="utf-8")
        if art:
            shutil.copyfile(ROHAN_ART, tmp_path / "rohan_art.png")
        return dst

    return make
