"""The cyclic garbage collector, paced by the window's frames (issue 11; docs/ui.md, "Rendering
caches").

Python's collector runs whenever enough container objects were made, in whatever frame that
happens. Its young passes are short, but a middle pass (every tenth young one) takes 1–15 ms and
a full pass 20–60 ms in a game window (`bench/gc_frames.py`, docs/PERFORMANCE.md):
a full pass inside the frame that moves an army, plays an animation or shows the computer's
progress is a visible stall. The window makes cyclic garbage at every command (its panels and
widgets refer to each other), so the collector cannot simply be turned off.

`PacedCollector` turns the automatic collector off while a window is open and runs the same
passes itself at the end of a frame, in a *calm* frame — no input for a moment, no animation, the
computer not thinking, the board and panels settled, not the frame of a move (`scene.calm()`, for
`CALM_FRAMES` frames in a row) — where a pause shows
nothing. So that memory stays bounded when no frame is calm for a long time (a player dragging a
piece around for a minute, a fast clicker), a young pass waits until `YOUNG_DEFER` times its usual
count of new objects, a middle or full pass for `DEFER` times its usual interval, then runs
anyway — but never in a frame the computer thinks through (`scene.thinking()`: its progress is on
the screen, issue 13's 50 ms): there only a young pass runs, and only past the far bound
`THINKING_DEFER` (a think makes few objects: about 24,000 at most in the whole games of
`tests/ui/test_computer_games.py`); what is overdue runs in a frame that is not one of them (a
move's frame only past a wider bound, below). (An overdue young pass in a thinking frame was the cause
of the rare 35–62 ms frames there: a young generation piled up over the move's frames, 12,000–
16,000 objects freed in one pass, 15–28 ms of CPU, more under load.)

A frame that shows a move (`scene.moved()`: a command given, by anybody) pays a pass only past
twice the bounds of the other busy frames (`MOVE_SLACK`): what the thinking frames put off ran
in the move's own frame as a rule (the computer's move lands, its animation starts, the panels
are drawn again), which then paid the young generation piled up over the think with its own
work (passes of up to 96 ms were seen there under load); now it runs in the next busy frame, the
animation's first, or a calm one. (A player who answers at once gives the move frames with only
thinking frames between: the move frames still run it past the doubled bound, so that the next
think does not reach the far bound; a version that kept it for calm frames only piled it up to
there and paid it in a thinking frame, 114 ms in `tests/ui/test_computer_games.py`.)

What exists when the first window opens is frozen (`gc.freeze()`, no walk) until the last one
closes: no pass walks it again (in a test process, what the earlier tests left, a heap that made
a full pass 100–230 ms). The thresholds are Python's own (`gc.get_threshold()`); the collector's
state is given back as it was when the last window closes.
"""

from __future__ import annotations

import gc

DEFER = 4  # how many usual intervals a middle or full pass may wait for a calm frame
YOUNG_DEFER = 20  # and a young pass, in new objects (700 × 20: a pass of 2–5 ms, a few MB)
THINKING_DEFER = 100  # and while the computer thinks, in new objects (a bound that the thinking frames do not reach)
CALM_FRAMES = 10  # frames without input before a frame counts as calm (1/6 s at 60 per second)
MOVE_SLACK = 2  # a frame that shows a move waits for twice the busy frames' bounds

_open = 0  # windows open (tests may open several in turn)
_was_enabled = True
_froze = False  # whether the first window froze what was there before it (`gc.freeze`)


class PacedCollector:
    """One per window: `start()` when it opens, `frame_end(calm, thinking)` after each frame, `stop()`."""

    def __init__(self) -> None:
        self.started = False
        self.passes = [0, 0, 0]  # passes run, by generation (read by tests and the bench)
        self.deferred = 0  # frames where a pass was due but waited (for calm, or a thinking frame to end)

    def start(self) -> None:
        global _open, _was_enabled, _froze
        if self.started:
            return
        if _open == 0:
            _was_enabled = gc.isenabled()
            # what is there before the first window (the modules; in a test process, what the
            # earlier tests left) is out of every pass while a window is open: a pass walks only
            # what the window made (no collection first: that would be a full pass at each open)
            _froze = gc.get_freeze_count() == 0
            if _froze:
                gc.freeze()
        _open += 1
        self.started = True
        gc.disable()

    def stop(self) -> None:
        global _open, _froze
        if not self.started:
            return
        self.started = False
        _open -= 1
        if _open == 0:
            if _froze:
                gc.unfreeze()
                _froze = False
            if _was_enabled:
                gc.enable()

    def frame_end(self, calm: bool, thinking: bool = False, moved: bool = False) -> int | None:
        """Run the pass that is due, if this frame may pay for it; returns its generation.
        `thinking`: a frame the computer thinks through; `moved`: a frame that showed a move.

        `gc.get_count()` is (objects made since the last young pass, young passes since the last
        middle one, middle passes since the last full one); a pass of generation g is due when
        its count passes the threshold, as in CPython's own `collect_generations`."""
        if not self.started:
            return None
        calm = calm and not moved  # (a frame that showed a move is never calm)
        t0, t1, t2 = gc.get_threshold()
        if t0 <= 0:  # collection turned off altogether (gc.set_threshold(0)): leave it so
            return None
        c0, c1, c2 = gc.get_count()
        due = 2 if c2 > t2 else 1 if c1 > t1 else 0 if c0 > t0 else None
        if due is None:
            return None
        slack = MOVE_SLACK if moved else 1
        if calm:
            gen = due
        elif thinking:
            if c0 <= t0 * THINKING_DEFER:
                self.deferred += 1
                return None
            gen = 0
        elif due == 2 and c2 > t2 * DEFER * slack:
            gen = 2
        elif due >= 1 and c1 > t1 * DEFER * slack:
            gen = 1
        elif c0 > t0 * YOUNG_DEFER * slack:
            gen = 0  # the young pass runs now; a longer one that is due waits for a calm frame
        else:
            self.deferred += 1
            return None
        gc.collect(gen)
        self.passes[gen] += 1
        return gen
