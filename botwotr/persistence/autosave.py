"""Where games are kept, and the autosave: every game has its own file, so no game is lost.

Folders come from `platformdirs` (`BOTWOTR_HOME` overrides all three):

    data_folder()    saves/, screenshots/, settings.json   (Linux: ~/.local/share/botwotr)
    log_folder()     crash.log                             (Linux: ~/.local/state/botwotr/log)
    cache_folder()   thumbnails of the load screen         (Linux: ~/.cache/botwotr)

The saves folder (`<data>/saves/`) holds

    autosave-<date>-<id>.json         one game's autosave: a whole save, rewritten only rarely
    .autosave-<date>-<id>.journal     the entries played since it was written, one line each
    .autosave-<date>-<id>.prev.json   the previous good copy of it (internal, hidden) ...
    .autosave-<date>-<id>.prev.journal  ... and the journal that went with it
    <name>.json                       a copy saved by the player ("Save as", Ctrl+S)
    .<name>.<random>.tmp              a write in progress (`save.atomic_write`); removed at start

A game gets its own autosave file at its first autosave (`autosave(game, home)`): a new game, or
a game opened from a saved copy, never writes over another game's file. A game opened from its
autosave goes on in that file (`load_path` remembers it).

After a command only the new log entries are written: appended to the journal, one checksummed
line each, and fsynced (a cost that does not grow with the game). When the journal holds as many
entries as the save itself (at least `JOURNAL_MIN`), or when the log is no longer an extension of
what is on disk (undo), the game is compacted: the save is written whole, atomically
(`save.atomic_write`), and the journal removed. Before that the save and its journal become the
previous copy through hard links renamed into place. So a crash or a power cut at any moment
leaves a save that loads and verifies, with a journal that extends it or one that is recognised as
not belonging to it (its first line names the save's SHA-256) and is left out. A journal whose
tail is torn or garbled is read up to its last good line: the game is opened from that prefix and
the rest is refused with a `JournalError` naming the line (`journal_problem(game)`). Loading
checks the journal like a save (`save.load`'s bounds on size, texts, nesting, entry count and
keys) and replays and verifies the whole log. Files are removed only by `delete` (the player's
choice on the load screen).

`prepare(home)` runs at start: it removes leftover temporary files and moves an autosave of the
old single-file scheme (`<home>/autosave.json`, `autosave.prev.json`) into the saves folder as a
game of its own.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
import threading
import time
import weakref
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..core import Game, ReplayError
from ..folders import APP, cache_folder, data_folder, log_folder  # noqa: F401 (re-exported)
from ..folders import override as _override
from . import save as saves

if TYPE_CHECKING:
    import datetime as _dt

SAVES = "saves"
AUTO_PREFIX = "autosave-"
PREV_SUFFIX = ".prev.json"
JOURNAL_SUFFIX = ".journal"
JOURNAL_FORMAT = "botwotr-journal"
JOURNAL_VERSION = 1
JOURNAL_MIN = 64  # entries: the journal is compacted when it holds this many ...
JOURNAL_RATIO = 1.0  # ... and this many times the save's entries (so a game is written whole ~log2(n) times)
# the single-file autosave of older versions (migrated by `prepare`)
NEWEST = "autosave.json"
PREVIOUS = "autosave.prev.json"
TEMP_AGE = 60.0  # seconds: a temporary file older than this is a leftover, not a write in progress


# -- folders (botwotr/folders.py) ------------------------------------------------------------
default_folder = data_folder


def _legacy_folder() -> Path:
    """Where versions before platformdirs kept the autosave (hand-written XDG rules)."""
    return Path(os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")) / APP


def saves_folder(home: str | os.PathLike | None = None) -> Path:
    return Path(home or data_folder()) / SAVES


def prev_of(path: Path) -> Path:
    """The hidden previous copy of an autosave file."""
    return path.with_name("." + path.name[: -len(".json")] + PREV_SUFFIX)


def journal_of(path: Path) -> Path:
    """The hidden journal beside a save (`autosave-x.json` -> `.autosave-x.journal`; the previous
    copy `.autosave-x.prev.json` -> `.autosave-x.prev.journal`)."""
    name = path.name[: -len(".json")] if path.name.endswith(".json") else path.name
    return path.with_name(("" if name.startswith(".") else ".") + name + JOURNAL_SUFFIX)


def is_autosave(path: Path) -> bool:
    return path.name.startswith(AUTO_PREFIX) and path.name.endswith(".json")


def started(path: Path) -> _dt.datetime | None:
    """When the game of an autosave file was started (from its name), or None."""
    import datetime as _dt  # here: `botwotr export` loads saves and never needs it (~7 ms of imports)

    try:
        return _dt.datetime.strptime(path.name[len(AUTO_PREFIX) : len(AUTO_PREFIX) + 15], "%Y%m%d-%H%M%S")
    except ValueError:
        return None


# -- which file each open game writes ----------------------------------------------------------
@dataclass
class _Slot:
    path: Path | None  # its autosave file, once it has one
    n: int = 0  # log entries on disk (the save and its journal)
    last: dict | None = None  # the log entry n-1 as written (the object) ...
    last_text: str = ""  # ... and its text: the log still extends what is on disk while both match
    base_sha: str = ""  # SHA-256 of the save file's bytes (the journal's first line names it)
    base_n: int = 0  # entries in the save file
    journal_n: int = 0  # entries in the journal
    appendable: bool = False  # the journal on disk is exactly base + journal_n good lines
    extras: str = ""  # the computer and hints as written (`save.extras`): a change writes the save whole
    texts: list[str] = field(default_factory=list)  # the texts of the log entries on disk, in order:
    # a compaction of a log that extends them writes them again instead of encoding the log anew


_slots: "weakref.WeakKeyDictionary[Game, _Slot]" = weakref.WeakKeyDictionary()
_problems: "weakref.WeakKeyDictionary[Game, JournalError]" = weakref.WeakKeyDictionary()


def slot_of(game: Game) -> Path | None:
    s = _slots.get(game)
    return s.path if s else None


def _new_slot_path(folder: Path) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        p = folder / f"{AUTO_PREFIX}{stamp}-{os.urandom(3).hex()}.json"
        if not p.exists() and not prev_of(p).exists():
            return p


_entry_text = saves.entry_text


def _extends(slot: _Slot, log: list) -> bool:
    """The log is what is on disk plus entries after it (no undo since, nothing changed in place)."""
    n = slot.n
    if n == 0 or len(log) < n:
        return False
    last = log[n - 1]
    return last is slot.last and _entry_text(last) == slot.last_text


def _line(record: str) -> str:
    data = record.encode("utf-8")
    return f"{zlib.crc32(data):08x} {record}\n"


def _journal_header(base_sha: str, base_n: int) -> str:
    head = {"format": JOURNAL_FORMAT, "version": JOURNAL_VERSION, "base": base_sha, "entries": base_n}
    return _line(json.dumps(head, separators=(",", ":")))


def _append(slot: _Slot, log: list) -> None:
    """Append log entries slot.n.. to the journal; the first ones start a new journal (its first
    line names the save it extends)."""
    jpath = journal_of(slot.path)
    fresh = slot.journal_n == 0  # nothing in the journal that is needed (there may be no file)
    lines = [_journal_header(slot.base_sha, slot.base_n)] if fresh else []
    for i in range(slot.n, len(log)):
        text = _entry_text(log[i])
        slot.texts.append(text)
        lines.append(_line(f"{i} {text}"))
    flags = os.O_WRONLY | os.O_CREAT | (os.O_TRUNC if fresh else os.O_APPEND)
    fd = os.open(jpath, flags, 0o600)  # as private as the save (mkstemp)
    try:
        data = "".join(lines).encode("utf-8")
        while data:
            data = data[os.write(fd, data) :]
    except BaseException:
        os.close(fd)
        raise
    # Written: the lines are the kernel's now, so a kill of this process cannot lose them. Making
    # them durable against a power cut (fdatasync, ~0.2-7 ms here) is left to a thread, off the
    # frame; until it is done a power cut can only lose the newest lines (a prefix is opened).
    _syncer.sync(fd, jpath.parent if fresh else None)
    slot.journal_n += len(log) - slot.n
    try:  # the game's file is the most recently played (the listing sorts by it)
        os.utime(slot.path)
    except OSError:
        pass


class _Syncer:
    """fdatasync (then close) the journal's file descriptors in a thread of its own, in order."""

    def __init__(self):
        self._lock = threading.Lock()
        self._queue: list = []
        self._wake = threading.Condition(self._lock)
        self._busy = 0
        self._thread: threading.Thread | None = None

    def sync(self, fd: int, folder: Path | None) -> None:
        with self._lock:
            self._queue.append((fd, folder))
            self._busy += 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="autosave-sync", daemon=True)
                self._thread.start()
            self._wake.notify_all()

    def _run(self) -> None:
        while True:
            with self._lock:
                while not self._queue:
                    self._wake.wait()
                fd, folder = self._queue.pop(0)
            try:
                (os.fdatasync if hasattr(os, "fdatasync") else os.fsync)(fd)
            except OSError:
                pass
            finally:
                os.close(fd)
            if folder is not None:
                saves.fsync_dir(folder)  # the new journal's name is durable too
            with self._lock:
                self._busy -= 1
                self._wake.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every journal written so far is on the disk; False on timeout."""
        with self._lock:
            return self._wake.wait_for(lambda: self._busy == 0, timeout)


_syncer = _Syncer()


def flush(timeout: float | None = 10.0) -> bool:
    """Wait until every autosave written so far is durable (the app calls it when it closes)."""
    return _syncer.flush(timeout)


def _link_over(src: Path, dst: Path) -> None:
    """Make `dst` the same file as `src` (a hard link renamed into place; a copy where there are
    no hard links), or remove `dst` when there is no `src`."""
    tmp = dst.with_name(dst.name + ".tmp")
    if not src.exists():
        try:
            os.unlink(dst)
        except FileNotFoundError:
            pass
        return
    if tmp.exists():
        tmp.unlink()
    try:
        os.link(src, tmp)
    except OSError:  # a file system without hard links: copy instead
        shutil.copyfile(src, tmp)
    os.replace(tmp, dst)


def _compact(slot: _Slot, game: Game) -> None:
    """Write the whole game to its save file; the save and journal before it become the previous copy."""
    newest = slot.path
    jpath = journal_of(newest)
    if newest.exists():
        # The save was written atomically and the journal is read up to its last good line, so the
        # pair is whole: it becomes the previous copy through hard links renamed into place (the
        # journal first: a previous save never meets a journal of another save that extends it).
        prev = prev_of(newest)
        _link_over(jpath, journal_of(prev))
        _link_over(newest, prev)
    log = game.log
    if _extends(slot, log) and len(slot.texts) == slot.n:  # the entries on disk, as written
        texts = slot.texts + [_entry_text(e) for e in log[slot.n :]]
    else:  # an undo (or the first write): the log encoded whole
        texts = [_entry_text(e) for e in log]
    text = saves.dumps(game, texts)
    saves.atomic_write(newest, text)
    # Killed here, the old journal names the old save's SHA-256: it is left out when loading.
    try:
        os.unlink(jpath)
    except FileNotFoundError:
        pass
    slot.base_sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
    slot.base_n = slot.n = len(game.log)
    slot.journal_n = 0
    slot.texts = texts
    slot.appendable = True


def autosave(game: Game, folder: str | os.PathLike | None = None, force: bool = False) -> Path | None:
    """Write `game` to its own autosave file in `<folder>/saves/` (made at the first call for this
    game) and return the file: the new log entries appended to its journal, or the whole game
    written again (at the first call, after an undo, when the journal is as long as the save, or
    with `force`). Nothing is written while the game is as last written or read (unless `force`);
    then the game's file (None for a copy opened and not changed) is returned."""
    sfolder = saves_folder(folder)
    slot = _slots.get(game)
    if slot is None:
        slot = _slots[game] = _Slot(None)
    log = game.log
    extras = json.dumps(saves.extras(game), sort_keys=True)
    same = _extends(slot, log) and extras == slot.extras  # (the journal holds log entries only)
    if not force and same and len(log) == slot.n:
        return slot.path
    sfolder.mkdir(parents=True, exist_ok=True)
    if slot.path is None or slot.path.parent != sfolder:
        slot.path = _new_slot_path(sfolder)
        slot.n = slot.base_n = slot.journal_n = 0
        slot.appendable = same = False
    new = len(log) - slot.n
    if (
        not force
        and same
        and slot.appendable
        and slot.path.exists()
        and slot.journal_n + new < max(JOURNAL_MIN, JOURNAL_RATIO * slot.base_n)
    ):
        _append(slot, log)
    else:
        _compact(slot, game)
    slot.n = len(log)
    slot.last = log[-1]
    slot.last_text = _entry_text(log[-1])
    slot.extras = extras
    _problems.pop(game, None)
    return slot.path


def touch(game: Game) -> None:
    """Mark the game's autosave as the most recently played (Continue opens it)."""
    p = slot_of(game)
    if p is not None:
        try:
            os.utime(p)
        except OSError:
            pass


# -- listing and loading -----------------------------------------------------------------------
@dataclass
class Entry:
    """One visible file of the saves folder."""

    path: Path
    autosave: bool
    mtime: float
    problem: str | None = None  # why it cannot be opened (a broken link, a FIFO, a folder...)
    deletable: bool = True


def _check_file(path: Path) -> str | None:
    """None for a regular file that may be read; otherwise why not (never opens the file, so a
    FIFO cannot block)."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "a link to a file that does not exist" if os.path.islink(path) else "the file is gone"
    except OSError as e:
        if os.path.islink(path):
            return f"a link that cannot be followed ({e.strerror or e})"
        return f"cannot be read ({e.strerror or e})"
    kind = saves.not_regular(st.st_mode)
    if kind:
        return f"{kind}, not a save file"
    if not os.access(path, os.R_OK):
        return "cannot be read (no permission)"
    return None


def listing(home: str | os.PathLike | None = None) -> tuple[list[Entry], list[str]]:
    """The saves folder's visible `.json` files, newest first (those that cannot be read last),
    and notes on what was skipped.
    Hidden files (previous copies, temporary files) and other names are not listed."""
    folder = saves_folder(home)
    notes: list[str] = []
    out: list[Entry] = []
    try:
        with os.scandir(folder) as it:
            names = sorted(e.name for e in it)
    except FileNotFoundError:
        names = []
    except OSError as e:
        return [], [f"{folder}: the saves folder cannot be read ({e.strerror or e})"]
    for name in names:
        p = folder / name
        if name.startswith(".") or not name.endswith(".json"):
            continue
        problem = _check_file(p)
        try:
            mtime = os.lstat(p).st_mtime if problem else os.stat(p).st_mtime
        except OSError:
            mtime = 0.0
        dirlike = problem == "a folder, not a save file"
        out.append(Entry(p, is_autosave(p), mtime, problem, deletable=not dirlike))
    out.sort(key=lambda e: (e.problem is not None, -e.mtime))  # the ones that cannot be opened last
    return out, notes


def games(home: str | os.PathLike | None = None) -> list[Path]:
    """Every game's autosave file, the most recently written first."""
    return [e.path for e in listing(home)[0] if e.autosave and e.problem is None]


def candidates(folder: str | os.PathLike | None = None) -> list[Path]:
    """The files Continue would try: the most recent game's autosave and its previous copy."""
    for p in games(folder):
        return [q for q in (p, prev_of(p)) if q.is_file()]
    return []


class JournalError(saves.SaveError):
    """A journal line that cannot be read (torn by a crash, garbled, out of bounds or failing the
    replay): it and every line after it are left out; `good` entries before it are kept."""

    def __init__(self, message: str, good: int):
        super().__init__(message)
        self.good = good


def journal_problem(game: Game) -> JournalError | None:
    """Why the end of the game's journal was left out when it was opened (None: it was not)."""
    return _problems.get(game)


def _read_journal(jpath: Path, base_sha: str, base_n: int) -> tuple[list[dict], JournalError | None, bool]:
    """The entries of the journal beside a save (whose bytes hash to `base_sha`), the problem that
    ended the reading early, and whether the journal belongs to that save. No journal, or one that
    names another save (left by a compaction stopped before removing it), gives no entries."""
    where = saves.shown(str(jpath), 10_000)
    if not os.path.lexists(jpath):
        return [], None, False
    try:
        raw = saves.read_bytes(jpath, where)
    except saves.SaveError as e:
        return [], JournalError(str(e), 0), False
    lines = raw.split(b"\n")
    torn = lines.pop()  # the bytes after the last newline: a line the crash cut short, or nothing
    out: list[dict] = []

    def refuse(k: int, why: str) -> JournalError:
        what = "its first line" if k == 0 else f"line {k + 1} (log entry {base_n + k - 1})"
        return JournalError(
            f"{where}: {what} {why}; the game goes on from the {base_n + len(out):,} entries before it", len(out)
        )

    for k, line in enumerate(lines + ([torn] if torn else [])):
        if k == len(lines):
            return out, refuse(k, "is torn (the file ends inside it)"), True
        crc, sp, record = line.partition(b" ")
        try:
            good = sp and len(crc) == 8 and int(crc, 16) == zlib.crc32(record)
        except ValueError:
            good = False
        if not good:
            return out, refuse(k, "is garbled (its checksum does not match)"), k > 0
        try:
            text = record.decode("utf-8")
            if k:
                index, _sp, text = text.partition(" ")
                if index != str(base_n + k - 1):
                    return out, refuse(k, f"is out of order (it says entry {saves.shown(index)})"), True
            value = json.loads(
                text,
                object_pairs_hook=saves._pairs,
                parse_int=saves._parse_int,
                parse_constant=saves._parse_constant,
            )
            saves.check_shape(value)
        except (UnicodeDecodeError, ValueError, RecursionError, saves._Refused) as e:
            return out, refuse(k, f"is not valid ({saves.shown(str(e), 200)})"), k > 0
        if k == 0:
            if (
                not isinstance(value, dict)
                or value.get("format") != JOURNAL_FORMAT
                or value.get("version") != JOURNAL_VERSION
            ):
                return [], refuse(0, "is not a botwotr journal header"), False
            if value.get("base") != base_sha or value.get("entries") != base_n:
                return [], None, False  # another save's journal (a compaction stopped half way)
            continue
        if (
            not isinstance(value, dict)
            or not isinstance(value.get("cmd"), dict)
            or not isinstance(value.get("events"), list)
            or any(key not in saves.ENTRY_KEYS for key in value)
        ):
            return out, refuse(k, "is not a log entry (a 'cmd' mapping, an 'events' list)"), True
        if base_n + len(out) >= saves.MAX_LOG_ENTRIES:
            return out, refuse(k, f"is past the {saves.MAX_LOG_ENTRIES:,} entries a save may hold"), True
        out.append(value)
    return out, None, True


def _load_one(path: Path, spec_for) -> tuple[Game, JournalError | None, _Slot]:
    """A save and its journal, verified like `save.load` (bounds, then the whole log replayed)."""
    where = saves.shown(str(path), 10_000)
    raw = saves.read_bytes(path, where)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise saves.SaveError(
            f"{where}: cannot be read (not UTF-8 text: byte {e.start} is {raw[e.start]:#04x})"
        ) from None
    data = saves.parse(text, where)
    try:
        spec = spec_for(data["scenario"])
    except (KeyError, OSError, ValueError):
        raise saves.SaveError(f"{where}: unknown scenario '{saves.shown(data['scenario'])}'") from None
    except Exception as e:  # noqa: BLE001 - the scenario's own content is broken (ContentError)
        raise saves.SaveError(
            f"{where}: the scenario '{saves.shown(data['scenario'])}' cannot be loaded: {saves.shown(str(e), 300)}"
        ) from None
    base_n = len(data["log"])
    sha = hashlib.sha256(raw).hexdigest()
    extra, problem, belongs = _read_journal(journal_of(path), sha, base_n)
    if not extra:
        game = saves.from_dict(data, spec, where)  # the save alone: its own checks and messages
    else:
        log = data["log"] + extra
        if data["scenario"] != spec.id:
            saves.from_dict(data, spec, where)  # refused before any replay, with the save's message
        try:
            game = Game.replay(spec, data["seed"], log)
        except ReplayError as e:
            if e.index < base_n:
                raise saves.SaveError(saves.replay_refusal(data, spec, where, e)) from None
            good = e.index - base_n
            problem = JournalError(
                f"{saves.shown(str(journal_of(path)), 10_000)}: line {good + 2} (log entry {e.index}) does not "
                f"replay ({e.message}); the game goes on from the {e.index:,} entries before it",
                good,
            )
            extra = extra[:good]
            game = Game.replay(spec, data["seed"], log[: e.index])
        except RecursionError:
            raise saves.SaveError(f"{where}: the save is nested too deeply to replay") from None
        if data.get("origin") is not None:  # a what-if branch keeps its origin with its journal too
            game.origin = saves.check_origin(data["origin"], where)
        saves.attach_extras(game, data, where)
    slot = _Slot(None, n=len(game.log), base_sha=sha, base_n=base_n, journal_n=len(extra))
    slot.appendable = problem is None and (belongs or not extra)
    slot.last = game.log[-1]
    slot.last_text = _entry_text(game.log[-1])
    slot.extras = json.dumps(saves.extras(game), sort_keys=True)
    if not belongs and os.path.lexists(journal_of(path)):
        slot.appendable = False  # a journal of another save is in the way: the next write compacts
    return game, problem, slot


def load_save(path: str | os.PathLike, spec_for) -> Game:
    """A save file with its journal when it has one (an autosave), verified; raises SaveError. For
    `botwotr export` and other readers of one file: nothing is remembered for later autosaves."""
    game, _problem, _slot = _load_one(Path(path), spec_for)
    return game


def load_path(path: str | os.PathLike, spec_for) -> Game:
    """Open a save file. An autosave goes on in its own file (its previous copy is tried if the
    file itself is refused); a saved copy gets a new autosave file at its first move. A journal
    whose end is torn or garbled gives the game up to its last good line (`journal_problem`)."""
    path = Path(path)
    problem = _check_file(path)
    if problem:
        raise saves.SaveError(f"{path}: {problem}")
    try:
        game, jproblem, slot = _load_one(path, spec_for)
    except saves.SaveError as first:
        prev = prev_of(path)
        if not is_autosave(path) or _check_file(prev):
            raise
        try:
            game, jproblem, slot = _load_one(prev, spec_for)
        except saves.SaveError:
            raise first from None
        slot.appendable = False  # the next write makes the game's own file whole again
    if is_autosave(path):
        slot.path = path
    else:
        slot = _Slot(None)
    _slots[game] = slot
    if jproblem is not None:
        _problems[game] = jproblem
    return game


def load_latest(spec_for, folder: str | os.PathLike | None = None) -> tuple[Game | None, list[str]]:
    """The most recently played game (its autosave, or that file's previous copy), and the
    problems met on the way."""
    for p in games(folder):
        try:
            game = load_path(p, spec_for)
        except saves.SaveError as e:
            return None, [str(e)]
        problem = journal_problem(game)
        return game, [str(problem)] if problem else []
    return None, []


def delete(path: str | os.PathLike) -> None:
    """Remove a save (and an autosave's previous copy). Raises OSError when it cannot."""
    path = Path(path)
    os.unlink(path)
    if is_autosave(path):
        prev = prev_of(path)
        for extra in (
            prev,
            prev.with_name(prev.name + ".tmp"),
            journal_of(path),
            journal_of(prev),
            journal_of(prev).with_name(journal_of(prev).name + ".tmp"),
        ):
            try:
                os.unlink(extra)
            except FileNotFoundError:
                pass


def unique_path(folder: Path, stem: str) -> Path:
    """`<folder>/<stem>.json`, or `<stem> (2).json`... when that name is taken."""
    stem = "".join(c if c.isalnum() or c in " -_,.()'" else "_" for c in stem).strip(" .") or "game"
    stem = stem[:80]
    if stem.startswith(AUTO_PREFIX):  # that name is kept for autosaves
        stem = "copy of " + stem
    p = folder / f"{stem}.json"
    n = 2
    while os.path.lexists(p):
        p = folder / f"{stem} ({n}).json"
        n += 1
    return p


def save_copy(game: Game, stem: str, home: str | os.PathLike | None = None) -> Path:
    """Write the game as a copy of its own (a new name: nothing is overwritten)."""
    folder = saves_folder(home)
    folder.mkdir(parents=True, exist_ok=True)
    path = unique_path(folder, stem)
    saves.save(game, path)
    return path


# -- at start ----------------------------------------------------------------------------------
def clean_temporary(folder: Path, older_than: float = TEMP_AGE) -> list[Path]:
    """Remove leftover temporary files of interrupted saves (`.<name>.<random>.tmp`, the
    previous-copy link `.…prev.json.tmp`) older than `older_than` seconds."""
    removed = []
    now = time.time()
    try:
        with os.scandir(folder) as it:
            found = [e for e in it if e.name.startswith(".") and e.name.endswith(".tmp")]
    except OSError:
        return removed
    for e in found:
        try:
            st = e.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and now - st.st_mtime >= older_than:
                os.unlink(e.path)
                removed.append(Path(e.path))
        except OSError:
            pass
    return removed


def _move(src: Path, dst: Path) -> None:
    try:
        os.replace(src, dst)
    except OSError:  # another file system: copy the bytes, rename the copy into place, then remove
        tmp = dst.with_name(f".{dst.name}.{os.urandom(4).hex()}.tmp")
        shutil.copyfile(src, tmp)
        os.replace(tmp, dst)
        os.unlink(src)


def migrate(home: Path, source: Path | None = None) -> list[str]:
    """Move the old single-file autosave (`<source>/autosave.json` and `autosave.prev.json`) into
    `<home>/saves/` as one game. Nothing is deleted: the files are renamed."""
    source = source or home
    newest, previous = source / NEWEST, source / PREVIOUS
    have_new, have_prev = newest.is_file(), previous.is_file()
    if not have_new and not have_prev:
        return []
    folder = saves_folder(home)
    folder.mkdir(parents=True, exist_ok=True)
    when = (newest if have_new else previous).stat().st_mtime
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    target = folder / f"{AUTO_PREFIX}{stamp}-old.json"
    n = 2
    while os.path.lexists(target) or os.path.lexists(prev_of(target)):
        target = folder / f"{AUTO_PREFIX}{stamp}-old{n}.json"
        n += 1
    # the newest first: stopped between the two moves, the previous copy is still found at the
    # next start and becomes a game of its own (never a hidden copy without its game)
    _move(newest if have_new else previous, target)
    if have_new and have_prev:
        _move(previous, prev_of(target))
    os.utime(target, (when, when))
    return [f"the autosave of an older version ({newest if have_new else previous}) is now {target}"]


def prepare(home: str | os.PathLike | None = None, older_than: float = TEMP_AGE) -> list[str]:
    """At start: remove leftover temporary files, migrate an old autosave. Returns notes.
    Without `home` (the real start) the folder of versions before platformdirs is looked at too."""
    default = home is None
    home = Path(home or data_folder())
    notes = []
    for folder in (home, saves_folder(home)):
        for p in clean_temporary(folder, older_than):
            notes.append(f"removed the leftover temporary file {p}")
    sources = [home]
    legacy = _legacy_folder()
    if default and _override() is None and legacy.resolve() != home.resolve():
        sources.append(legacy)
    for src in sources:
        try:
            notes += migrate(home, src)
            if src != home:  # saved copies in the old folder (only where the folders differ)
                for old in sorted((src / SAVES).glob("*.json")) if (src / SAVES).is_dir() else []:
                    if old.is_file() and not old.is_symlink():
                        dst = unique_path(saves_folder(home), old.stem)
                        _move(old, dst)
                        notes.append(f"the save {old} is now {dst}")
        except OSError as e:
            notes.append(f"old saves in {src} could not be moved ({e}); they are left where they were")
    return notes
