"""Sentences for events and commands; the translation hook; caches across pygame re-init."""
import random

import pygame

from botwotr.core import Game
from botwotr.ui import resources as res
from botwotr.ui.i18n import _, ngettext, set_language
from botwotr.ui.logtext import command_sentence, event_sentence, log_lines


def test_events_and_commands_read_as_sentences(rohan):
    from botwotr.ui.logtext import pending_detail
    rnd = random.Random(11)
    g = Game.new(rohan, seed=11)
    seen_cmds = 0
    for _step in range(120):
        legal = g.legal_commands()
        if not legal:
            break
        for c in legal[:50]:
            s = command_sentence(c, rohan, g.state)
            assert s and "{" not in s and "'cmd'" not in s, (c, s)
            assert not s.startswith(c["cmd"].replace("_", " ").capitalize() + " ("), (c, s)
            seen_cmds += 1
        d = pending_detail(rohan, g.state["pending"][-1] if g.state["pending"] else None)
        assert isinstance(d, str) and "{" not in d
        g.submit(rnd.choice(legal))
    for entry in g.log:
        for e in entry["events"]:
            s = event_sentence(e, rohan)
            assert s is None or (s.strip() and "{" not in s and s != f"{e['e']}."), (e, s)
    lines = log_lines(g, "public")
    assert lines and all(isinstance(t, str) for _i, t in lines)
    assert seen_cmds > 20


def test_translation_hook():
    assert _("New game") == "New game"
    assert ngettext("{n} card", "{n} cards", 2).format(n=2) == "2 cards"
    assert set_language("xx") is False
    assert _("Quit") == "Quit"
    assert set_language("en") is True


def test_font_cache_survives_reinit():
    pygame.font.init()
    f1 = res.font("serif", 20)
    assert f1.size("Edoras")[0] > 0
    res.icon("castle", 24, (10, 20, 30))
    pygame.quit()
    pygame.font.init()
    f2 = res.font("serif", 20)
    assert f2 is not f1
    assert f2.size("Edoras")[0] > 0
    assert res.icon("castle", 24, (10, 20, 30)).get_size() == (24, 24)
