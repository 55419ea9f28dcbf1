"""Where games are kept, and the autosave: every game has its own file, so no game is lost.

Folders come from `platformdirs` (`BOTWOTR_HOME` overrides all three):

    data_folder()    saves/, screenshots/, settings.json   (Linux: ~/.local/share/botwotr)
    log_folder()     crash.log                             (Linux: ~/.local/state/botwotr/log)
    cache_folder()   thumbnails of the load screen         (Linux: ~/.cache/botwotr)

The saves folder (`<data>/saves/`) holds

    autosave-<date>-<id>.json         one game's autosave, rewritten after every command
    .autosave-<date>-<id>.prev.json   the previous good copy of it (internal, hidden)
    <name>.json                       a copy saved by the player ("Save as", Ctrl+S)
    .<name>.<random>.tmp              a write in progress (`save.atomic_write`); removed at start

A game gets its own autosave file at its first autosave (`autosave(game, home)`): a new game, or
a game opened from a saved copy, never writes over another game's file. A game opened from its
autosave goes on in that file (`load_path` remembers it). Writing is atomic (`save.atomic_write`)
and the previous file is kept by a hard link renamed into place, so a crash or a power cut at any
moment leaves at least one complete file that loads and verifies. Files are removed only by
`delete` (the player's choice on the load screen).

`prepare(home)` runs at start: it removes leftover temporary files and moves an autosave of the
old single-file scheme (`<home>/autosave.json`, `autosave.prev.json`) into the saves folder as a
game of its own.
"""

from __future__ import annotations

import datetime as _dt
import os
import secrets
import shutil
import stat
import time
import weakref
from dataclasses import dataclass
from pathlib import Path

from ..core import Game
from . import save as saves

APP = "botwotr"
SAVES = "saves"
AUTO_PREFIX = "autosave-"
PREV_SUFFIX = ".prev.json"
# the single-file autosave of older versions (migrated by `prepare`)
NEWEST = "autosave.json"
PREVIOUS = "autosave.prev.json"
TEMP_AGE = 60.0  # seconds: a temporary file older than this is a leftover, not a write in progress


# -- folders ---------------------------------------------------------------------------------
def _override() -> Path | None:
    home = os.environ.get("BOTWOTR_HOME")
    return Path(home) if home else None


def data_folder() -> Path:
    import platformdirs

    return _override() or Path(platformdirs.user_data_dir(APP, appauthor=False))


def log_folder() -> Path:
    import platformdirs

    return _override() or Path(platformdirs.user_log_dir(APP, appauthor=False))


def cache_folder() -> Path:
    import platformdirs

    o = _override()
    return o / "cache" if o else Path(platformdirs.user_cache_dir(APP, appauthor=False))


default_folder = data_folder


def _legacy_folder() -> Path:
    """Where versions before platformdirs kept the autosave (hand-written XDG rules)."""
    return Path(os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")) / APP


def saves_folder(home: str | os.PathLike | None = None) -> Path:
    return Path(home or data_folder()) / SAVES


def prev_of(path: Path) -> Path:
    """The hidden previous copy of an autosave file."""
    return path.with_name("." + path.name[: -len(".json")] + PREV_SUFFIX)


def is_autosave(path: Path) -> bool:
    return path.name.startswith(AUTO_PREFIX) and path.name.endswith(".json")


def started(path: Path) -> _dt.datetime | None:
    """When the game of an autosave file was started (from its name), or None."""
    try:
        return _dt.datetime.strptime(path.name[len(AUTO_PREFIX) : len(AUTO_PREFIX) + 15], "%Y%m%d-%H%M%S")
    except ValueError:
        return None


# -- which file each open game writes ----------------------------------------------------------
@dataclass
class _Slot:
    path: Path | None  # its autosave file, once it has one
    written: str | None  # the text last written or read (nothing to save while it is unchanged)


_slots: "weakref.WeakKeyDictionary[Game, _Slot]" = weakref.WeakKeyDictionary()


def slot_of(game: Game) -> Path | None:
    s = _slots.get(game)
    return s.path if s else None


def _new_slot_path(folder: Path) -> Path:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    while True:
        p = folder / f"{AUTO_PREFIX}{stamp}-{secrets.token_hex(3)}.json"
        if not p.exists() and not prev_of(p).exists():
            return p


def autosave(game: Game, folder: str | os.PathLike | None = None, force: bool = False) -> Path | None:
    """Write `game` to its own autosave file in `<folder>/saves/` (made at the first call for this
    game) and return the file. Nothing is written while the game is as last written or read
    (unless `force`); then the game's file (None for a copy opened and not changed) is returned."""
    sfolder = saves_folder(folder)
    slot = _slots.get(game)
    if slot is None:
        slot = _slots[game] = _Slot(None, None)
    text = saves.dumps(game)
    if not force and text == slot.written:
        return slot.path
    sfolder.mkdir(parents=True, exist_ok=True)
    if slot.path is None or slot.path.parent != sfolder:
        slot.path = _new_slot_path(sfolder)
    newest = slot.path
    if newest.exists():
        # The newest was written atomically, so it is whole: it becomes the previous one through a
        # hard link renamed into place (no need to read it back), and the newest stays in place
        # until the new one replaces it atomically.
        prev = prev_of(newest)
        tmp = prev.with_name(prev.name + ".tmp")
        try:
            if tmp.exists():
                tmp.unlink()
            os.link(newest, tmp)
        except OSError:  # a file system without hard links: copy instead
            shutil.copyfile(newest, tmp)
        os.replace(tmp, prev)
    saves.atomic_write(newest, text)
    slot.written = text
    return newest


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


def load_path(path: str | os.PathLike, spec_for) -> Game:
    """Open a save file. An autosave goes on in its own file (its previous copy is tried if the
    file itself is refused); a saved copy gets a new autosave file at its first move."""
    path = Path(path)
    problem = _check_file(path)
    if problem:
        raise saves.SaveError(f"{path}: {problem}")
    try:
        game = saves.load(path, spec_for)
    except saves.SaveError as first:
        prev = prev_of(path)
        if not is_autosave(path) or _check_file(prev):
            raise
        try:
            game = saves.load(prev, spec_for)
        except saves.SaveError:
            raise first from None
    _slots[game] = _Slot(path if is_autosave(path) else None, saves.dumps(game))
    return game


def load_latest(spec_for, folder: str | os.PathLike | None = None) -> tuple[Game | None, list[str]]:
    """The most recently played game (its autosave, or that file's previous copy), and the
    problems met on the way."""
    for p in games(folder):
        try:
            return load_path(p, spec_for), []
        except saves.SaveError as e:
            return None, [str(e)]
    return None, []


def delete(path: str | os.PathLike) -> None:
    """Remove a save (and an autosave's previous copy). Raises OSError when it cannot."""
    path = Path(path)
    os.unlink(path)
    if is_autosave(path):
        for extra in (prev_of(path), prev_of(path).with_name(prev_of(path).name + ".tmp")):
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
        tmp = dst.with_name(f".{dst.name}.{secrets.token_hex(4)}.tmp")
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
    stamp = _dt.datetime.fromtimestamp(when).strftime("%Y%m%d-%H%M%S")
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
