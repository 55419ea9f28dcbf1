"""The desktop window (pygame-ce). The only package that imports pygame.

Modules: app (the scene stack and main loop), scenes/ (title, game, load, error), board_view
(camera, board, pieces, tracks), hud (status line, side summaries), panels (decision and log
panels), widgets, theme, resources (font/icon caches), i18n (`_()`), logtext (sentences),
layouts (a scenario's map layout), render (positions to Surfaces) and export (`botwotr export`).
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
