"""What the first commands in a freshly opened game window would make, made in its idle frames
(issue 11; docs/PERFORMANCE.md, "warm9").

A window opened on a game has drawn the board and the panels for the position it opened at; the
first commands then meet caches still empty: the hotseat cover (its card's token, its texts, its
button; 16-35 ms of CPU the first time it came down, 2-3 ms after), the core's odds module (the
first battle's panel imports it), fonts at the sizes a panel's text is fitted to, the sprites of
pieces that had not been on the board (a character, a unit kind arriving), and the language's
letters in every font (`glyphs`). `steps(scene)` makes
them a piece at a time; the game scene runs its steps at the end of idle frames (no command, no
animation, the board and the panels settled), within `WARM_SECONDS` of each frame, until done.

Nothing here draws onto the window or anything shown: the pictures go into the process's caches
(`resources`) and a scratch surface; only what any seat may see is made (the scenario's piece
kinds, the cover's public texts), never a hand or a face-down token.
"""

from __future__ import annotations

import importlib

import pygame

from . import resources as res
from . import theme as T
from .pieces import draw_badge, draw_token
from .widgets import Button

WARM_SECONDS = 0.002  # of a frame's time, at most (a step may end a little past it)
MODULES = ("botwotr.core.odds",)  # imported by the first battle's panel (bench: the only lazy import in whole games)
FONT_KINDS = ("sans", "sans_bold", "serif", "serif_bold")

# The letters a language's texts are drawn with. A font at a size renders a letter for the first
# time at 40-100 µs (FreeType loads and hints it into the font's glyph cache); the same letter
# again costs nothing of that. Without this, a panel's first sentences at a size were a fifth of
# the slowest frames after a command (docs/PERFORMANCE.md, "Session 13"). SDL_ttf keeps 256 glyphs
# a font, slotted by the glyph's number: a language's own letters come last, so that where two
# slots meet, the language's letter is the one kept.
GLYPHS_LATIN = (
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,;:!?'\"-+=()[]{}/%&#*<>_|~@$`…·—–’‘“”×−‹›"
)
GLYPHS_OWN = {
    "en": "ÉéíúóáÓÚûî«»",
    "pt_BR": "ÁÂÃÀÇÉÊÍÓÔÕÚÜáâãàçéêíîóôõúûü«»",
    "es": "ÁÉÍÑÓÚÜáéíîñóúûü¿¡«»",
    "ru": "АБВГДЕЁЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯабвгдеёжзийклмнопрстуфхцчшщъыьэюя«»№",
}
GLYPH_CHUNK = 12  # letters a step (0.5-1.2 ms for a font that has none of them yet)


def steps(scene):
    """The warm-up of `scene` (a `GameScene`): a generator, one small piece of work a `next()`."""
    for name in MODULES:
        importlib.import_module(name)
        yield
    t = scene.theme
    # the sizes texts are fitted to (a panel's line too long for its room is set a size or a few
    # smaller: the battle panels' "round 1" at four sizes under the body's)
    for kind in FONT_KINDS:
        for size in range(max(6, t.small - t.px(4)), t.body + 1):
            res.font(kind, size)
        res.font(kind, t.heading)
        yield
    scratch = pygame.Surface((t.px(200), t.px(200)), pygame.SRCALPHA)
    if scene.computer.person is None:  # (against the computer one person is at the screen: no cover)
        for side in ("fp", "sh"):  # the cover for each side (public: whom to hand the screen to)
            yield from _cover(scene, side, scratch)
    bar = getattr(scene, "bar_rect", None)
    if bar is not None:  # the status bar's token of the side to decide, for each side
        s = max(12, bar.h - t.px(14))
        for side in ("fp", "sh"):
            draw_token(scratch, pygame.Rect(0, 0, s, s), side, "hand", shape=T.side_style(side).shape)
        yield
    yield from _pieces(scene, scratch)
    yield from _battle_banner(scene, scratch)
    yield from _the_end(scene)
    yield from _glyphs()


def _cover(scene, side, scratch):
    t = scene.theme
    imgs, _buttons = scene._cover_lines(side)
    yield
    s = t.px(90)
    draw_token(scratch, pygame.Rect(0, 0, s, s), side, "knight-banner" if side == "fp" else "evil-tower")
    yield
    b = Button(scene.cover_button_text(side), lambda: None)
    b.rect = pygame.Rect((0, 0), scene.btn_reveal.rect.size)
    if b.rect.w and b.rect.h and b.rect.w <= scratch.get_width() * 4:
        room = pygame.Surface(b.rect.inflate(0, t.px(4)).size, pygame.SRCALPHA)
        b.draw(room, t)
    yield


def _pieces(scene, scratch):
    """The board's sprites at its zoom: every unit kind of each side (with the counts' badges), the
    leaders, each character with its name tag (and as a moving group draws them), the battle's
    crossed swords."""
    board, spec, t = scene.board, scene.game.spec, scene.theme
    ps = board.piece_size()
    r = pygame.Rect(0, 0, ps, ps)
    for u, us in spec.units.items():
        side = getattr(us, "side", None)
        for n in (1, 2, 3):
            draw_token(scratch, r, side, T.unit_icon(u, us.name), n, badge_min=1)
        yield
    for side in ("fp", "sh"):
        small = r.inflate(-ps // 5, -ps // 5)
        draw_token(scratch, small, side, "knight-banner", 1, shape="square", fill=(224, 186, 84),
                   rim=(70, 50, 10), ink=(70, 40, 0), badge_min=1)  # fmt: skip
    yield
    cs = max(22, int(ps * 0.85))
    moving = int(ps * 0.8)  # (a moving group's characters and leaders, `animation.draw_group`)
    for side in ("fp", "sh"):
        draw_token(scratch, pygame.Rect(0, 0, moving, moving), side, "knight-banner", 1, shape="square",
                   fill=(224, 186, 84), rim=(70, 50, 10), ink=(70, 40, 0), badge_min=1)  # fmt: skip
    for cid in spec.characters:
        board._char_token(scratch, pygame.Rect(0, 0, cs, cs), cid, t)
        board._char_token(scratch, pygame.Rect(0, 0, moving, moving), cid, t)
        if cs >= 22:
            board._name_tag(cid, t)
        yield
    sw = int(ps * 0.9)
    draw_token(scratch, pygame.Rect(0, 0, sw, sw), None, "crossed-swords", shape="circle", fill=(200, 40, 30),
               rim=(255, 230, 200), ink=(255, 240, 220))  # fmt: skip
    # a region's damage markers, the Shadow's leadership tokens, the recruitment tokens (every
    # unit kind face up, as its own side sees them; the face-down "?")
    ds = max(16, int(ps * 0.62))
    ts = max(16, int(ps * 0.72))
    for n in (1, 2, 3):
        draw_token(scratch, pygame.Rect(0, 0, ds, ds), None, "skull-crossed-bones", n, shape="circle",
                   fill=(168, 26, 22), rim=(255, 220, 200), ink=(255, 240, 230), badge_min=1)  # fmt: skip
        draw_token(scratch, pygame.Rect(0, 0, ts, ts), "sh", "evil-eyes", n, shape="circle", fill=(232, 120, 30),
                   rim=(40, 10, 0), ink=(40, 10, 0), badge_min=1)  # fmt: skip
    yield
    for side in ("fp", "sh"):
        draw_token(scratch, pygame.Rect(0, 0, ts, ts), side, None, shape="diamond", text="?")
        for u, us in spec.units.items():
            draw_token(scratch, pygame.Rect(0, 0, ts, ts), side, T.unit_icon(u, us.name), shape="diamond")
        yield
    commander = getattr(spec, "commander", None)
    if commander in spec.characters:  # the Shadow's commander on each position of its box
        for size in sorted({_position_token(board, pid) for pid in spec.positions} - {None}):
            board._char_token(scratch, pygame.Rect(0, 0, size, size), commander, t)
        yield


def _position_token(board, pid) -> int | None:
    r = board._slot_rect(f"shadow_box.{pid}")
    return None if r is None else max(20, int(min(r.w, r.h) * 0.55))


def _battle_banner(scene, scratch):
    """The pieces of a battle's banner (`decisions/battle.banner_painter`), the first battle's
    panel: each side's token, its units' figures, the crossed swords, the damage badges."""
    t, spec = scene.theme, scene.game.spec
    s, fs, sw = t.px(22), t.px(20), t.px(28)
    for side in ("fp", "sh"):
        draw_token(scratch, pygame.Rect(0, 0, s, s), side, "knight-banner" if side == "fp" else "evil-tower")
    yield
    for side in ("fp", "sh"):
        for u, us in spec.units.items():
            draw_token(scratch, pygame.Rect(0, 0, fs, fs), side, T.unit_icon(u, us.name))
        yield
    draw_token(scratch, pygame.Rect(0, 0, sw, sw), None, "crossed-swords", shape="circle", fill=(200, 40, 30),
               rim=(255, 230, 200), ink=(255, 240, 220))  # fmt: skip
    for n in range(1, 5):
        draw_badge(scratch, (fs, fs), f"-{n}", t.px(16), (120, 20, 16), (255, 255, 255))
    yield


def _the_end(scene):
    """The texts of a game's last command's frame that do not depend on how it was won: the
    status bar's phase for either winner and its seat's label alone, the decision panel's title
    and sentence, the "The end" button."""
    from .hud import phase_text
    from .i18n import _
    from .i18n_rules import win_reason
    from .i18n_rules_data import SENTENCES

    t, spec = scene.theme, scene.game.spec
    for winner in ("fp", "sh"):
        res.text(phase_text(spec, {"winner": winner}), "sans_bold", t.body, T.TEXT)
    for label in (_("Free Peoples' view"), _("Shadow's view"), _("public view")):
        res.text(f"[{label}]", "sans", t.body, T.TEXT)
    yield
    res.text(_("The game is over."), "sans_bold", t.body, T.TEXT)
    res.text(_("Your decision"), "serif_bold", t.heading, T.BRASS_LIGHT)
    b = scene.btn_the_end  # (laid out as wide as its text: never shortened)
    res.text(b.text, b.kind, getattr(t, b.size_key), T.TEXT)
    # the winner's banner: its reason when it says no number or name (the fate marker's)
    for code, english in SENTENCES:
        if code == "win" and "{" not in english:
            res.text(win_reason(english), "sans", t.body, T.PARCHMENT)
    yield


def glyphs(lang: str) -> str:
    """The letters warmed for texts in `lang` (a language code of `i18n`): the Latin ones, then
    the language's own."""
    return GLYPHS_LATIN + GLYPHS_OWN.get(lang, GLYPHS_OWN["en"])


def _glyphs():
    """Every font made so far (the opening's, the panels' fitted sizes above) renders the
    language's letters once, a few a step, into a scratch picture thrown away: a text drawn
    later at that font finds its letters loaded."""
    from .i18n import language

    letters = glyphs(language())
    chunks = [letters[i : i + GLYPH_CHUNK] for i in range(0, len(letters), GLYPH_CHUNK)]
    for f in list(res._fonts.values()):
        for chunk in chunks:
            f.render(chunk, True, T.TEXT)
            yield
