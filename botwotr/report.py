"""`botwotr report SAVE [--format md|txt] [--seat public|free|shadow] [--pictures DIR] [--out FILE]`:
a saved game as a readable report.

A heading per turn; under it each action (one log entry) as a line of the same sentences the
window's log shows (`ui/logtext.py`), each phase as a small heading, each battle as a short
paragraph with the dice; the summary of the game first (who won and how, turns, battles fought
and won, cards played, units lost, the victory points and the fate track turn by turn). With
`--pictures DIR` a picture of the board at the end of each turn is written there by the export
renderer and linked from the Markdown (the text report names the file).

Only what the chosen seat could see is told: the events go through `core.view.event_for` for
that seat exactly as in the window's log (the public seat sees neither hand nor any face-down
token; `free` and `shadow` see their own side's cards), and the pictures are drawn from that
seat's view. No pygame is imported unless pictures are asked for.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from .review import Cursor, Summary, Timeline_cache, setup_end, summary, turn_end_state
from .ui.i18n import _, ngettext
from .core.view import event_for
from .ui.logtext import PHASE_NAMES, event_sentence, region_name, side_title

SEATS = {"public": "public", "free": "fp", "shadow": "sh"}
FORMATS = ("md", "txt")
PICTURE_SIZE = (1280, 720)


class ReportError(Exception):
    """A report that cannot be made; the message names the file or option."""


def seat_words(seat: str) -> str:
    return {"public": _("the public view"), "fp": _("the Free Peoples' view"), "sh": _("the Shadow's view")}[seat]


def summary_lines(game, s: Summary | None = None) -> list[str]:
    """The summary as sentences (the report's first section and the end-of-game screen)."""
    s = s or summary(game)
    out = []
    if s.winner:
        won = {"fp": _("The Free Peoples won. {reason}"), "sh": _("The Shadow won. {reason}")}
        out.append(won.get(s.winner, "{reason}").format(reason=s.reason or ""))
    else:
        out.append(_("The game is not over."))
    if s.turns:
        out.append(
            _("It ended in turn {n}.").format(n=s.turns) if s.winner else _("It is in turn {n}.").format(n=s.turns)
        )
    for side in ("fp", "sh"):
        out.append(
            _("{side}: attacked {fought}, won {won} (attacking or defending); played {cards}; lost {lost}.").format(
                side=side_title(side),
                fought=ngettext("once", "{n} times", s.fought[side]).format(n=s.fought[side]),
                won=ngettext("{n} battle", "{n} battles", s.won[side]).format(n=s.won[side]),
                cards=ngettext("{n} card", "{n} cards", s.cards[side]).format(n=s.cards[side]),
                lost=ngettext("{n} unit", "{n} units", s.lost[side]).format(n=s.lost[side]),
            )
        )
    if s.course:
        fate = ", ".join(str(f) for _t, _vp, f in s.course)
        out.append(_("The fate track, turn by turn: {course}.").format(course=fate))
        vp = ", ".join(str(v) for _t, v, _f in s.course)
        out.append(_("The Shadow's victory points, turn by turn: {course}.").format(course=vp))
    return out


def _players(game) -> str:
    names = (game.state_at(1).get("options") or {}).get("players") or {}
    if not names:
        return ""
    return _(" vs ").join(f"{names.get(s, '?')} ({side_title(s)})" for s in ("fp", "sh"))


def build(game, seat: str = "public", fmt: str = "md", pictures: dict | None = None) -> str:
    """The report as text. `pictures`: turn (0 for the set-up) -> the link to its picture."""
    if seat not in ("public", "fp", "sh"):
        raise ReportError(f"--seat must be public, free or shadow, not {seat!r}")
    if fmt not in FORMATS:
        raise ReportError(f"--format must be md or txt, not {fmt!r}")
    md = fmt == "md"
    pictures = pictures or {}
    spec = game.spec
    lines: list[str] = []

    def heading(text: str, level: int) -> None:
        if lines and lines[-1] != "":
            lines.append("")
        if md:
            lines.append("#" * level + " " + text)
        else:
            lines.append(text)
            lines.append(("=" if level == 1 else "-" if level == 2 else "·") * len(text))
        lines.append("")

    def picture(turn: int) -> None:
        link = pictures.get(turn)
        if not link:
            return
        what = _("The board after the set-up") if turn == 0 else _("The board at the end of turn {n}").format(n=turn)
        if lines and lines[-1] != "":
            lines.append("")
        lines.append(f"![{what}]({link})" if md else f"[{what}: {link}]")
        lines.append("")

    heading(_("{scenario}: the report of a game").format(scenario=spec.name), 1)
    who = _players(game)
    if who:
        lines.append(who)
    lines.append(_("Told from {view}.").format(view=seat_words(seat)))
    origin = getattr(game, "origin", None)
    if origin:
        lines.append(
            _("This game is a branch of {source}, from the position after its first {n} moves.").format(
                source=origin["source"], n=origin["entry"]
            )
        )
    heading(_("Summary"), 2)
    s = summary(game)
    for ln in summary_lines(game, s):
        lines.append(("- " if md else "  - ") + ln)
    if s.course:
        lines.append("")
        if md:
            lines += [f"| {_('Turn')} | {_('Victory points (Shadow)')} | {_('Fate')} |", "|---:|---:|---:|"]
            lines += [f"| {t} | {vp} | {f} |" for t, vp, f in s.course]
        else:
            lines.append(f"  {_('Turn'):>6}  {_('Victory points (Shadow)'):>24}  {_('Fate'):>5}")
            lines += [f"  {t:>6}  {vp:>24}  {f:>5}" for t, vp, f in s.course]

    # the log, event by event, through the same seat filter and sentences as the window's log
    heading(_("Set-up"), 2)
    turn = 0
    bullet = "- " if md else "  - "
    paragraph: list[str] = []
    battle = [None]

    def flush_battle() -> None:
        if paragraph:
            title = _("Battle for {target}").format(target=region_name(spec, battle[0]))
            lines.append("")
            lines.append((f"**{title}.** " if md else f"{title}: ") + " ".join(paragraph))
            lines.append("")
            paragraph.clear()
        battle[0] = None

    def new_turn(n: int) -> None:
        nonlocal turn
        picture(turn)
        turn = n
        heading(_("Turn {n}").format(n=n), 2)

    for entry in game.log:
        buf: list[str] = []
        # a position given as data names its own turn: the start's "Turn 1 begins" is not told
        given = any(e["e"] == "PositionSet" and (e.get("parts") or {}).get("turn") for e in entry["events"])

        def flush_buf() -> None:
            if buf:
                lines.append(bullet + " ".join(buf))
                buf.clear()

        for ev in entry["events"]:
            v = event_for(ev, seat)
            text = event_sentence(v, spec) if v is not None else None
            if not text or (given and v["e"] == "TurnStarted"):
                continue
            kind = v["e"]
            if kind in ("TurnStarted", "PhaseStarted", "GameWon"):
                flush_buf()
                flush_battle()
            if kind == "TurnStarted":
                new_turn(v["turn"])
            elif kind == "PhaseStarted":
                heading(text.rstrip("."), 3)
            elif kind == "GameWon":
                heading(_("The end"), 2)
                lines.append(text)
            elif kind == "BattleStarted":
                flush_buf()
                battle[0] = v["target"]
                paragraph.append(text)
            elif battle[0] is not None:
                paragraph.append(text)
                if kind == "BattleEnded":
                    flush_battle()
            else:
                buf.append(text)
                parts = v.get("parts") or {} if kind == "PositionSet" else {}
                if parts.get("turn") and parts["turn"] != turn:
                    flush_buf()
                    new_turn(parts["turn"])
                if parts.get("phase"):
                    flush_buf()
                    heading(_(PHASE_NAMES.get(parts["phase"], parts["phase"])), 3)
        flush_buf()
    flush_battle()
    picture(turn)
    while lines and lines[-1] == "":
        lines.pop()
    return "\n".join(lines) + "\n"


def write_pictures(game, folder, seat: str, link_base: Path | None = None) -> dict:
    """One PNG per turn end (and the set-up) in `folder`; returns turn -> link."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        import pygame

        from .ui.layouts import layout_for
        from .ui.png import save_png
        from .ui.render import render_position
    except ImportError as e:
        raise ReportError(f"--pictures needs the window toolkit (pygame-ce), which is not available ({e})") from None
    folder = Path(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ReportError(f"{folder}: the pictures folder cannot be made ({e.strerror or e})") from None
    tl = Timeline_cache(game)
    pygame.font.init()
    out = {}
    try:
        layout = layout_for(game.spec)
        turns = [0, *sorted(tl.turn_starts)]
        for turn in turns:
            if turn == 0:  # after the set-up (or the position given as data)
                state = Cursor(game, *setup_end(game)).state
            else:
                state = turn_end_state(game, turn)
            path = folder / ("setup.png" if turn == 0 else f"turn-{turn:02d}.png")
            surf = render_position(state, game.spec, layout, PICTURE_SIZE, seat)
            try:
                save_png(surf, path, level=1, up=False)
            except (pygame.error, OSError) as e:
                raise ReportError(f"{path}: cannot be written ({e})") from None
            try:
                link = os.path.relpath(path, link_base) if link_base is not None else str(path)
            except ValueError:
                link = str(path)
            out[turn] = Path(link).as_posix()
    finally:
        from .ui import resources

        resources.clear()
    return out


def cmd_report(args) -> int:
    from .catalog import spec_for
    from .persistence.save import SaveError, load
    from .ui.i18n_content import localize_game

    try:
        seat = SEATS[args.seat]
        try:
            game = load(args.save, spec_for)
            localize_game(game)  # the scenario's names in the language of the words (botwotr.cli --lang)
        except SaveError as e:
            raise ReportError(str(e)) from None
        out = Path(args.out) if args.out else None
        pics = {}
        if args.pictures:  # (its folder is made, with any missing parents)
            pics = write_pictures(game, args.pictures, seat, out.parent if out is not None else None)
        if out is not None and not out.parent.is_dir():
            raise ReportError(f"{out}: the folder {out.parent} does not exist")
        text = build(game, seat, args.format, pics)
        if out is not None:
            from .persistence.save import atomic_write

            try:
                atomic_write(out, text)
            except OSError as e:
                raise ReportError(f"{out}: cannot be written ({e.strerror or e})") from None
            print(f"botwotr report: wrote {out}")
        else:
            sys.stdout.write(text)
    except ReportError as e:
        print(f"botwotr report: {e}", file=sys.stderr)
        return 2
    return 0
