"""The shipped fonts and icons load and render with pygame-ce."""

from __future__ import annotations

import io
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402
import pytest  # noqa: E402

from botwotr import assets  # noqa: E402

LATIN = "Théoden, Éowyn, Mûmakil, Barad-dûr, Sméagol — «Ñ» ’"
CYRILLIC = "Эомер Гэндальф Ёё Щщ Жж Ъъ Ыы Іі Її Єє Ўў №"
FONT_KINDS = ["serif", "serif_bold", "sans", "sans_bold"]

# Icons the client's unit, dice and map code relies on.
REQUIRED_ICONS = [
    "horse-head", "mounted-knight", "cavalry", "bowman", "archer", "swordman",
    "spartan-helmet", "visored-helm", "orc-head", "barbarian", "wolf-head",
    "tree-face", "ent-mouth", "troll", "elephant", "goblin-head",
    "crystal-ball", "crossed-swords", "broadsword", "evil-eyes", "eyeball",
    "rally-the-troops", "white-tower", "castle", "tower-flag", "castle-ruins",
    "pine-tree", "mountains", "wizard-staff", "pointy-hat", "crown",
    "skull-crossed-bones", "rolling-dices", "shield", "flag-objective",
    "card-random", "sands-of-time",
]


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    # init is idempotent; no quit() so test modules that run later and share
    # the process keep a working pygame.
    pygame.init()
    pygame.freetype.init()
    yield


def test_asset_root_is_repo_assets_folder():
    root = assets.asset_root()
    assert root.is_dir()
    assert root.name == "assets"
    assert (root / "fonts").is_dir() and (root / "icons").is_dir()


def test_licence_and_credit_files_exist():
    root = assets.asset_root()
    for name in ("LICENSE-EBGaramond.txt", "LICENSE-NotoSans.txt"):
        text = (root / "fonts" / name).read_text(encoding="utf-8")
        assert "SIL OPEN FONT LICENSE Version 1.1" in text
    credits = assets.credits_path().read_text(encoding="utf-8")
    assert "game-icons.net" in credits
    assert "CC BY 3.0" in credits
    assert "creativecommons.org/licenses/by/3.0" in credits
    assert (root / "README.md").is_file()


def test_every_icon_is_credited():
    credits = assets.credits_path().read_text(encoding="utf-8")
    for name in assets.icon_names():
        assert f"`{name}.svg`" in credits, name


def test_required_icons_present():
    names = set(assets.icon_names())
    missing = [n for n in REQUIRED_ICONS if n not in names]
    assert not missing


@pytest.mark.parametrize("kind", FONT_KINDS)
def test_font_renders_latin_and_cyrillic(kind):
    path = assets.font_path(kind)
    font = pygame.font.Font(path, 24)
    for text in (LATIN, CYRILLIC):
        surf = font.render(text, True, (0, 0, 0))
        assert surf.get_width() > 0 and surf.get_height() > 0
        # some pixels are actually drawn
        assert surf.get_bounding_rect().width > 0

    # pygame.font's metrics() reports .notdef boxes for missing glyphs, so use
    # freetype, whose get_metrics() gives None for a glyph the font lacks.
    ft = pygame.freetype.Font(str(path), 24)
    for text in (LATIN, CYRILLIC):
        missing = [c for c, m in zip(text, ft.get_metrics(text)) if m is None and not c.isspace()]
        assert not missing, f"{path.name} lacks glyphs {''.join(missing)!r}"


def test_icon_count():
    assert 40 <= len(assets.icon_names()) <= 80


@pytest.mark.parametrize("name", assets.icon_names())
def test_icon_loads_recoloured(name):
    raw = assets.icon_path(name).read_bytes()
    assert b"currentColor" in raw
    assert raw.startswith(b'<svg xmlns="http://www.w3.org/2000/svg"')
    svg = raw.replace(b"currentColor", b"#ff0000")
    surf = pygame.image.load_sized_svg(io.BytesIO(svg), (64, 64))
    assert surf.get_size() == (64, 64)
    # the icon draws something in the requested colour and leaves some
    # transparent background
    bbox = surf.get_bounding_rect()
    assert bbox.width > 16 and bbox.height > 16
    colours = {tuple(surf.get_at((x, y))) for x in range(0, 64, 2) for y in range(0, 64, 2)}
    assert any(c[0] > 200 and c[1] < 50 and c[2] < 50 and c[3] > 200 for c in colours)
    assert any(c[3] == 0 for c in colours)


def test_missing_files_raise_clear_errors():
    with pytest.raises(FileNotFoundError, match="no-such-icon"):
        assets.icon_path("no-such-icon")
    with pytest.raises(ValueError, match="unknown font kind"):
        assets.font_path("fraktur")


def test_asset_root_override(tmp_path, monkeypatch):
    monkeypatch.setenv("BOTWOTR_ASSETS", str(tmp_path))
    assert assets.asset_root() == tmp_path.resolve()
    with pytest.raises(FileNotFoundError, match="EBGaramond-Regular.ttf"):
        assets.font_path("serif")
    monkeypatch.setenv("BOTWOTR_ASSETS", str(tmp_path / "missing"))
    with pytest.raises(FileNotFoundError, match="missing"):
        assets.asset_root()


def test_assets_module_does_not_import_pygame():
    import subprocess
    import sys

    code = "import sys, botwotr.assets; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
