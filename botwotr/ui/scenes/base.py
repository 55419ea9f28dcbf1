"""The scene interface.

A scene is one screen (title, game, load, error). The app keeps a stack of them and talks only to
the top one:

    handle_event(ev)   every pygame event not used by the app itself (QUIT, resize, F12)
    update(dt)         dt in seconds, from the app's injected clock (tests step without sleeping)
    draw(surface)      draw the whole window; never change game state here
    on_resize(w, h)    the window changed size (the app has already made a new `app.theme`)
    on_enter() / on_exit()

`game` (a `botwotr.core.Game` or None) tells the app what to autosave when the scene fails.
An exception raised by any of these methods is caught by the app at the scene boundary.
"""

from __future__ import annotations

import pygame

from ..widgets import Panel, Tip, draw_tooltip


class Scene:
    game = None

    def __init__(self, app):
        self.app = app
        self.root = Panel(bg=None)  # widgets; subclasses add to it and place them in layout()

    @property
    def theme(self):
        return self.app.theme

    def on_enter(self) -> None:
        self.layout()

    def on_exit(self) -> None:
        pass

    def on_resize(self, w: int, h: int) -> None:
        self.layout()

    def layout(self) -> None:
        """Place the widgets for the current window size (`self.app.size`, `self.theme`)."""

    def handle_event(self, ev) -> None:
        self.root.handle_event(ev)

    def update(self, dt: float) -> None:
        self.root.update(dt)

    def calm(self) -> bool:
        """Nothing on this scene moves or waits on its own: a frame where a garbage collection's
        pause would show nothing (`gcpace`; the app also waits for a moment without input)."""
        return True

    def thinking(self) -> bool:
        """The computer is thinking for this scene: its frames show the progress, so no full
        pass of the garbage collector may fall in one, not even an overdue one (`gcpace`)."""
        return False

    def moved(self) -> bool:
        """This frame showed a move (a command given, by a player or the computer): its own work
        is the frame's, so no pass of the collector falls in it but past the far bound (`gcpace`)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        self.root.draw(surface, self.theme)
        self.draw_tooltip(surface)

    def tooltip_at(self, pos) -> Tip | None:
        return self.root.tooltip_at(pos)

    def draw_tooltip(self, surface) -> pygame.Rect | None:
        """The tooltip under the mouse, if it has rested there; returns where it drew (the box
        and its shadow) or None."""
        if self.app.hover_time < 0.35:
            return None
        tip = self.tooltip_at(self.app.mouse)
        if tip is None:
            return None
        box = draw_tooltip(surface, self.theme, self.app.mouse, tip)
        return box.union(box.move(self.theme.px(3), self.theme.px(3)))
