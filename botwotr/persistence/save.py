"""Save files: versioned JSON holding the log, written atomically.

    {"format": "botwotr-save", "version": 1, "scenario": "rohan", "content_version": "1",
     "seed": 7, "log": [{"cmd": {...}, "events": [...]}, ...]}

A game against the computer also holds `"computer": {"sh": "hard"}` (the side the computer plays
and its level: easy, normal or hard; both sides when the computer plays itself), and a game where a player asked the computer for a hint
`"hints": [{"entry": N, "side": "fp"}, ...]` (a hint taken by that side after the first N log
entries, in order). Saves without them load as before; a bad value is refused.

A game started from a moment of another ("what if", `botwotr/review.py`) also holds
`"origin": {"source": "the original's save name", "entry": N}`: it is a branch of that game after
its first N log entries. Saves without it load as before; a malformed origin is refused.

Loading re-decides every command and checks it yields the recorded events (`Game.replay`); a save
that fails is refused with the first bad entry named, never half-loaded. Writing goes to a
temporary file in the same folder, is flushed and fsynced, then renamed over the target, so a
crash leaves either the old file or the new one, never a torn one.

Before any replay a save must pass bounds that no real game comes near (docs/reliability.md has
the measurements): only a regular file is opened (a FIFO, a device or a folder is refused before
reading, so a load can never hang or read forever), at most `MAX_BYTES` are read, JSON nesting is
at most `MAX_DEPTH` deep, numbers have at most `MAX_INT_DIGITS` digits, texts are at most
`MAX_TEXT` characters and hold no NUL, control character or lone surrogate, keys are never
duplicated, there are no unknown keys, and the log holds 1 to `MAX_LOG_ENTRIES` entries. Every
refusal is a `SaveError` whose message starts with the file and says what is wrong and where.
"""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path

from ..core import Game, ReplayError
from ..core.spec import ScenarioSpec

FORMAT = "botwotr-save"
VERSION = 1

# Bounds (measured in bench/save_load.py; figures in docs/reliability.md). A Battle for Rohan game
# played to its end is about 600-800 log entries and 0.4 MB; JSON nesting is 10 deep.
MAX_LOG_ENTRIES = 10_000  # ~0.5 s and ~16 MiB to replay here (40,000: ~1.5 s, 33 MiB); kept for the bounds below
MAX_BYTES = 16 * 1024 * 1024  # room for MAX_LOG_ENTRIES entries of 1.6 kB (a real one is ~0.45 kB)
MAX_DEPTH = 32
MAX_INT_DIGITS = 19  # every 64-bit integer; Python refuses to parse past 4,300 digits
MAX_TEXT = 1000  # a scenario folder path is the longest text a save holds
# A real save has ~13.5 objects and lists and ~55 commas and colons per log entry; these allow
# MAX_LOG_ENTRIES entries about 2.5 times that heavy, and keep a hostile file's parse to a few
# hundred MiB at most.
MAX_CONTAINERS = 350_000
MAX_VALUES = 1_500_000

KEYS = ("format", "version", "scenario", "content_version", "seed", "log", "origin", "computer", "hints")
LEVELS = ("easy", "normal", "hard")  # the computer's levels (botwotr.ai.LEVELS; not imported: a save needs no AI)
HINT_KEYS = ("entry", "side")
ORIGIN_KEYS = ("source", "entry")  # a branch: the original's save name and the entry it branched at
ENTRY_KEYS = {"cmd", "events", "forced_undos"}  # forced_undos: who agreed (scenes/game.py)
# NUL, the other C0 controls, DEL, the C1 controls and lone surrogates: none is in a real save, and
# each breaks something downstream (a font renderer, a UTF-8 write, a terminal).
BAD_CHARS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")


class SaveError(Exception):
    """A save that cannot be loaded; the message says why and where."""


class _Refused(Exception):
    """Raised inside the JSON parser's hooks; turned into a SaveError naming the file."""


def to_dict(game: Game) -> dict:
    out = {
        "format": FORMAT,
        "version": VERSION,
        "scenario": game.spec.id,
        "content_version": game.spec.content_version,
        "seed": game.seed,
        "log": game.log,
    }
    origin = getattr(game, "origin", None)
    if origin is not None:
        out["origin"] = {"source": origin["source"], "entry": origin["entry"]}
    out.update(extras(game))
    return out


def extras(game: Game) -> dict:
    """The save's keys besides the log that the window keeps on the game: the computer's side and
    level (`game.computer`), the hints taken (`game.hints`); absent when there are none."""
    out: dict = {}
    computer = getattr(game, "computer", None)
    if computer:
        out["computer"] = dict(computer)
    hints = [h for h in getattr(game, "hints", None) or () if h["entry"] <= len(game.log)]  # (none past an undo)
    if hints:
        out["hints"] = [{"entry": h["entry"], "side": h["side"]} for h in hints]
    return out


def check_computer(computer, where: str = "save") -> dict:
    """The computer's side(s) and level(s), checked: {"fp" or "sh": "easy" | "normal" | "hard"},
    one side (against a person) or both (the game plays itself)."""
    if not isinstance(computer, dict) or len(computer) not in (1, 2):
        raise SaveError(
            f"{where}: 'computer' is bad: it must be a mapping of the side (or both sides) the computer plays "
            'to its level, such as {"sh": "hard"}'
        )
    out = {}
    for side, level in computer.items():
        if side not in ("fp", "sh"):
            raise SaveError(f"{where}: 'computer' is bad: the side must be 'fp' or 'sh', not '{shown(side)}'")
        if level not in LEVELS:
            raise SaveError(
                f"{where}: 'computer' is bad: the level must be one of {', '.join(LEVELS)}, not {shown(repr(level))}"
            )
        out[side] = level
    return out


def check_hints(hints, entries: int, where: str = "save") -> list:
    """The hints taken, checked: a list of {"entry": 1..entries, "side": "fp" or "sh"}, in order."""
    if not isinstance(hints, list):
        raise SaveError(f"{where}: 'hints' is bad: it must be a list of {{entry: N, side: fp or sh}}")
    out: list = []
    for i, h in enumerate(hints):
        if not isinstance(h, dict):
            raise SaveError(f"{where}: hint {i} is bad: it must be a mapping {{entry: N, side: fp or sh}}")
        extra = [k for k in h if k not in HINT_KEYS]
        if extra:
            raise SaveError(
                f"{where}: hint {i} is bad: unknown key '{shown(extra[0])}' (a hint holds only 'entry' and 'side')"
            )
        entry, side = h.get("entry"), h.get("side")
        if side not in ("fp", "sh"):
            raise SaveError(f"{where}: hint {i} is bad: 'side' must be 'fp' or 'sh', not {shown(repr(side))}")
        low = out[-1]["entry"] if out else 1
        if type(entry) is not int or not low <= entry <= entries:
            raise SaveError(
                f"{where}: hint {i} is bad: 'entry' must be a whole number from {low} to {entries} "
                f"(the log's length, and hints in order), not {shown(repr(entry))}"
            )
        out.append({"entry": entry, "side": side})
    return out


def attach_extras(game: Game, data: dict, where: str = "save") -> Game:
    """Put a parsed save's computer and hints on the game it was replayed into."""
    if data.get("computer") is not None:
        game.computer = check_computer(data["computer"], where)  # type: ignore[attr-defined]
    if data.get("hints") is not None:
        game.hints = check_hints(data["hints"], len(game.log), where)  # type: ignore[attr-defined]
    return game


def check_origin(origin, where: str = "save") -> dict:
    """A branch's origin, checked: {"source": a non-empty name, "entry": 1..MAX_LOG_ENTRIES}."""
    if not isinstance(origin, dict):
        raise SaveError(f"{where}: 'origin' is bad: it must be a mapping {{source: save name, entry: N}}")
    extra = [k for k in origin if k not in ORIGIN_KEYS]
    if extra:
        raise SaveError(
            f"{where}: 'origin' is bad: unknown key '{shown(extra[0])}' (it holds only 'source' and 'entry')"
        )
    source, entry = origin.get("source"), origin.get("entry")
    if not isinstance(source, str) or not source.strip():
        raise SaveError(f"{where}: 'origin' is bad: 'source' must be the original game's save name (a text)")
    if type(entry) is not int or not 1 <= entry <= MAX_LOG_ENTRIES:
        raise SaveError(
            f"{where}: 'origin' is bad: 'entry' must be a whole number from 1 to {MAX_LOG_ENTRIES:,}, "
            f"not {shown(repr(entry))}"
        )
    return {"source": source, "entry": entry}


def dumps(game: Game, entry_texts: list[str] | None = None) -> str:
    """The save's text. `entry_texts`, when given, are the log entries' texts as `entry_text`
    writes them (one per entry): they are put in place of encoding the log again (the same text)."""
    if entry_texts is None or len(entry_texts) != len(game.log):
        return json.dumps(to_dict(game), separators=(",", ":"), ensure_ascii=False)
    d = to_dict(game)
    d["log"] = []
    head = json.dumps(d, separators=(",", ":"), ensure_ascii=False)
    # (a quote inside a JSON string is escaped, so the first '"log":[]' is the key's)
    return head.replace('"log":[]', '"log":[' + ",".join(entry_texts) + "]", 1)


def entry_text(entry: dict) -> str:
    """One log entry's text, as the save and the autosave's journal write it."""
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False)


def atomic_write(path: str | os.PathLike, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    import tempfile  # only when a file is written: `botwotr export` only reads

    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(path.parent)  # make the rename itself durable


def fsync_dir(folder: Path) -> None:
    """Make a folder's entries (a rename, a new file) durable; a system that cannot is left be."""
    try:
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save(game: Game, path: str | os.PathLike) -> None:
    atomic_write(path, dumps(game))


def shown(text: str, limit: int = 60) -> str:
    """A text from a save as it may be quoted in a message: shortened, with control characters
    and lone surrogates escaped (so the message itself can always be printed and drawn)."""
    if len(text) > limit:
        text = text[:limit] + f"… ({len(text):,} characters)"
    return BAD_CHARS.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _where(path) -> str:
    return shown(str(path), 10_000)


# -- JSON parsing with bounds ---------------------------------------------------------------


def _parse_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"a number has {len(digits.lstrip('-')):,} digits (at most {MAX_INT_DIGITS} are allowed)")
    return int(digits)


def _parse_constant(name: str):
    raise _Refused(f"'{name}' is not a number a save may hold")


def _pairs(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) < len(pairs):  # a key given twice: the first one repeated
        seen = set()
        for k, _ in pairs:
            if k in seen:
                raise _Refused(f"the key '{shown(k)}' appears twice in one object")
            seen.add(k)
    return out


# The bytes of a save's text (UTF-8) marked in one C-level pass: a digit "0", a backslash or an
# ASCII character `BAD_CHARS` refuses "\0", any other ".". Only a text with a run of digits longer
# than any integer a save may hold is parsed with `_parse_int` (a Python call for every number);
# and an ASCII text without a backslash or a refused character needs no look at its texts'
# characters once parsed (`_lengths_ok`).
_MARKS = bytes(
    ord("0") if 48 <= b <= 57 else 0 if b == ord("\\") or BAD_CHARS.match(chr(b)) else ord(".") for b in range(256)
)
_LONG_DIGITS = b"0" * (MAX_INT_DIGITS + 1)


def _marks(text: str) -> tuple[bool, bool]:
    """(whether the text may hold a number longer than MAX_INT_DIGITS, whether its texts are
    known clean: no backslash, no refused character)."""
    marks = text.encode("utf-8", "surrogatepass").translate(_MARKS)
    long_ints = _LONG_DIGITS in marks
    if text.isascii():
        return long_ints, b"\0" not in marks
    return long_ints, "\\" not in text and not BAD_CHARS.search(text)


def _path_text(path: tuple) -> str:
    if len(path) >= 2 and path[0] == "log" and isinstance(path[1], int):
        rest = ".".join(str(p) for p in path[2:])
        return f"log entry {path[1]}" + (f", at {rest}" if rest else "")
    return ".".join(str(p) for p in path) or "the top level"


def _lengths_ok(data) -> bool:
    """`_texts_ok` for a save whose text holds no backslash and no character `BAD_CHARS` refuses
    (as `save.dumps` writes them): its texts are the file's own characters between quotes, so
    none holds a refused character, and only the depth and the lengths are left to check."""
    stack = [(data, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        if depth > MAX_DEPTH:
            return False
        if type(value) is dict:
            for k, v in value.items():
                if len(k) > MAX_TEXT:
                    return False
                tv = type(v)
                if tv is str:
                    if len(v) > MAX_TEXT:
                        return False
                elif tv is dict or tv is list:
                    push((v, depth + 1))
        elif type(value) is list:
            for v in value:
                tv = type(v)
                if tv is str:
                    if len(v) > MAX_TEXT:
                        return False
                elif tv is dict or tv is list:
                    push((v, depth + 1))
        elif type(value) is str and len(value) > MAX_TEXT:
            return False
    return True


def _texts_ok(data) -> bool:
    """The fast pass: depth and every text (keys too) within bounds. Iterative, so no depth can
    crash it; it keeps no paths (a second pass finds where, only when something is wrong)."""
    bad = BAD_CHARS.search
    stack = [(data, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        value, depth = pop()
        if depth > MAX_DEPTH:
            return False
        if isinstance(value, dict):
            for k, v in value.items():
                if len(k) > MAX_TEXT or bad(k):
                    return False
                if isinstance(v, str):
                    if len(v) > MAX_TEXT or bad(v):
                        return False
                elif isinstance(v, (dict, list)):
                    push((v, depth + 1))
        elif isinstance(value, list):
            for v in value:
                if isinstance(v, str):
                    if len(v) > MAX_TEXT or bad(v):
                        return False
                elif isinstance(v, (dict, list)):
                    push((v, depth + 1))
        elif isinstance(value, str) and (len(value) > MAX_TEXT or bad(value)):
            return False
    return True


def check_shape(data, clean: bool = False) -> None:
    """Depth and texts (keys too); raises _Refused saying where the first problem is. `clean`:
    the data was parsed from a text holding no backslash and no refused character (`parse`)."""
    if _lengths_ok(data) if clean else _texts_ok(data):
        return
    stack = [(data, ())]
    while stack:
        value, path = stack.pop()
        if len(path) > MAX_DEPTH:
            raise _Refused(f"the data is nested more than {MAX_DEPTH} levels deep (at {_path_text(path[:4])} …)")
        if isinstance(value, str):
            _check_text(value, path)
        elif isinstance(value, dict):
            for k, v in value.items():
                _check_text(k, path)
                stack.append((v, path + (k,)))
        elif isinstance(value, list):
            stack.extend((v, path + (i,)) for i, v in reversed(list(enumerate(value))))
    raise _Refused(f"a text or the nesting is out of bounds (texts up to {MAX_TEXT} characters, {MAX_DEPTH} levels)")


def _check_text(text: str, path: tuple) -> None:
    if len(text) > MAX_TEXT:
        raise _Refused(f"{_path_text(path)}: a text of {len(text):,} characters (at most {MAX_TEXT})")
    m = BAD_CHARS.search(text)
    if m:
        c = ord(m.group())
        what = "a NUL character" if c == 0 else "a lone surrogate" if 0xD800 <= c <= 0xDFFF else "a control character"
        raise _Refused(f"{_path_text(path)}: the text '{shown(text)}' holds {what} (U+{c:04X})")


def parse(text: str, where: str = "save") -> dict:
    # Counted on the text before anything is built: a 16 MB file of nothing but `[],` would
    # otherwise become millions of objects (over a GiB). Brackets, commas and colons inside texts
    # count too, which only makes the bound stricter; a real save has none.
    containers = text.count("{") + text.count("[")
    if containers > MAX_CONTAINERS:
        raise SaveError(
            f"{where}: not a valid save: it holds {containers:,} objects and lists, more than the "
            f"{MAX_CONTAINERS:,} a save may (a whole game has about 10,000)"
        )
    values = text.count(",") + text.count(":")
    if values > MAX_VALUES:
        raise SaveError(
            f"{where}: not a valid save: it holds {values:,} values, more than the "
            f"{MAX_VALUES:,} a save may (a whole game has about 40,000)"
        )
    try:
        long_ints, clean = _marks(text)
        if long_ints:
            data = json.loads(text, object_pairs_hook=_pairs, parse_int=_parse_int, parse_constant=_parse_constant)
        else:
            data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_parse_constant)
    except json.JSONDecodeError as e:
        raise SaveError(
            f"{where}: not a readable save (JSON error at line {e.lineno}, column {e.colno}: {e.msg})"
        ) from None
    except _Refused as e:
        raise SaveError(f"{where}: not a valid save: {e}") from None
    except RecursionError:
        raise SaveError(f"{where}: not a valid save: the data is nested more than {MAX_DEPTH} levels deep") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{where}: not a botwotr save file")
    try:
        check_shape(data, clean)
    except _Refused as e:
        raise SaveError(f"{where}: not a valid save: {e}") from None
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise SaveError(
            f"{where}: the save has an unknown key '{shown(unknown[0])}' (a save holds only: {', '.join(KEYS)})"
        )
    v = data.get("version")
    if type(v) is not int:
        raise SaveError(f"{where}: the save has no valid version number")
    if v > VERSION:
        raise SaveError(
            f"{where}: the save is version {v}, newer than this program reads (version {VERSION}); "
            "update botwotr to open it"
        )
    if v < 1:
        raise SaveError(f"{where}: version {v} saves cannot be read by this program (version {VERSION})")
    for key, typ in (("scenario", str), ("content_version", str), ("seed", int), ("log", list)):
        if not isinstance(data.get(key), typ) or (typ is int and isinstance(data.get(key), bool)):
            raise SaveError(f"{where}: '{key}' is missing or has the wrong type (expected {typ.__name__})")
    if not data["scenario"]:
        raise SaveError(f"{where}: 'scenario' is empty")
    log = data["log"]
    if not log:
        raise SaveError(f"{where}: the log is empty; a save holds at least the start of the game")
    if len(log) > MAX_LOG_ENTRIES:
        raise SaveError(
            f"{where}: the log has {len(log):,} entries, more than the {MAX_LOG_ENTRIES:,} "
            "a save may hold (a whole game is about a thousand)"
        )
    if "origin" in data:
        data["origin"] = check_origin(data["origin"], where)
    if "computer" in data:
        data["computer"] = check_computer(data["computer"], where)
    if "hints" in data:
        data["hints"] = check_hints(data["hints"], len(log), where)
    for i, entry in enumerate(log):
        if (
            not isinstance(entry, dict)
            or not isinstance(entry.get("cmd"), dict)
            or not isinstance(entry.get("events"), list)
        ):
            raise SaveError(f"{where}: log entry {i} is bad: an entry holds a 'cmd' mapping and an 'events' list")
        extra = [k for k in entry if k not in ENTRY_KEYS]
        if extra:
            raise SaveError(
                f"{where}: log entry {i} is bad: unknown key '{shown(extra[0])}' "
                "(an entry holds only 'cmd', 'events' and 'forced_undos')"
            )
    return data


def from_dict(data: dict, spec: ScenarioSpec, where: str = "save") -> Game:
    """The game of a checked save, every entry re-decided (SaveError when one does not give its
    recorded events). A save made with other content (another `content_version`: an earlier
    program's cards or rules) is loaded when every entry still gives exactly its recorded events
    under this program's content, as the same game; else it is refused, naming the versions and
    the first entry that differs."""
    if data["scenario"] != spec.id:
        raise SaveError(f"{where}: the save is for scenario '{shown(data['scenario'])}', not '{spec.id}'")
    try:
        game = Game.replay(spec, data["seed"], data["log"])
        if data.get("origin") is not None:
            game.origin = check_origin(data["origin"], where)
        return attach_extras(game, data, where)
    except ReplayError as e:
        raise SaveError(replay_refusal(data, spec, where, e)) from None
    except RecursionError:  # check_shape bounds the depth, so this is a last guard
        raise SaveError(f"{where}: the save is nested too deeply to replay") from None


def replay_refusal(data: dict, spec: ScenarioSpec, where: str, e: ReplayError) -> str:
    """What a refused save's entry says, and for a save made with other content, that too."""
    if data["content_version"] != spec.content_version:
        return (
            f"{where}: the save was made with content version {shown(data['content_version'])}, "
            f"but this program has version {spec.content_version}, and its log entry {e.index} does not "
            f"replay under it ({e.message})"
        )
    return f"{where}: log entry {e.index} is bad: {e.message}"


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a named pipe (FIFO)"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def not_regular(mode: int) -> str | None:
    if stat.S_ISREG(mode):
        return None
    return next((name for test, name in _KINDS if test(mode)), "not a regular file")


def read_bytes(path: str | os.PathLike, where: str | None = None) -> bytes:
    """The bytes of a save file, refusing before reading anything that is not a regular file
    (through any symlinks) or is larger than MAX_BYTES."""
    where = where or _where(path)
    try:
        st = os.stat(path)
    except (OSError, ValueError) as e:
        raise SaveError(f"{where}: cannot be read ({shown(str(e), 200)})") from None
    kind = not_regular(st.st_mode)
    if kind:
        raise SaveError(f"{where}: is {kind}, not a save file; it was not opened")
    if st.st_size > MAX_BYTES:
        raise SaveError(f"{where}: is {st.st_size:,} bytes, larger than the {MAX_BYTES:,} a save may be")
    try:
        # O_NONBLOCK: if the file was swapped for a FIFO since the check, opening it cannot hang
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except (OSError, ValueError) as e:
        raise SaveError(f"{where}: cannot be read ({shown(str(e), 200)})") from None
    try:
        kind = not_regular(os.fstat(fd).st_mode)
        if kind:
            raise SaveError(f"{where}: is {kind}, not a save file; it was not read")
        chunks, total = [], 0
        while total <= MAX_BYTES:
            b = os.read(fd, min(1 << 20, MAX_BYTES + 1 - total))
            if not b:
                break
            chunks.append(b)
            total += len(b)
        if total > MAX_BYTES:  # it grew while being read
            raise SaveError(f"{where}: is larger than the {MAX_BYTES:,} bytes a save may be")
        return b"".join(chunks)
    except OSError as e:
        raise SaveError(f"{where}: cannot be read ({shown(str(e), 200)})") from None
    finally:
        os.close(fd)


def load(path: str | os.PathLike, spec_for) -> Game:
    """Load a save; `spec_for(scenario_id)` gives the scenario's spec. Raises SaveError (and only
    that) for every file that is not a good save."""
    where = _where(path)
    raw = read_bytes(path, where)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise SaveError(f"{where}: cannot be read (not UTF-8 text: byte {e.start} is {raw[e.start]:#04x})") from None
    data = parse(text, where)
    try:
        spec = spec_for(data["scenario"])
    except (KeyError, OSError, ValueError):  # OSError: a name too long for a path, ValueError: NUL
        raise SaveError(f"{where}: unknown scenario '{shown(data['scenario'])}'") from None
    except Exception as e:  # noqa: BLE001 - the scenario's own content is broken (ContentError)
        raise SaveError(
            f"{where}: the scenario '{shown(data['scenario'])}' cannot be loaded: {shown(str(e), 300)}"
        ) from None
    return from_dict(data, spec, where)
