"""The command line: `botwotr` (the window), `botwotr script FILE`, `botwotr validate [SCENARIO...]`,
`botwotr export SAVE --out FILE.png [--at N | --turn T [--phase P]] [--size WxH]
[--seat public|free|shadow] [--lang L]`, `botwotr report SAVE [--format md|txt] [--seat public|free|shadow]
[--pictures DIR] [--out FILE] [--lang L]`. `--lang` (also before the command: `botwotr --lang ru
report SAVE`) gives the language of the words, as the window chooses it by default."""

from __future__ import annotations

import argparse
import json
import sys


MAX_SCRIPT_BYTES = 16 * 1024 * 1024


def _not_a_readable_file(path: str, limit: int) -> str | None:
    """Why `path` must not be opened (a FIFO would hang the read, a device never ends), or None."""
    import os
    import stat

    try:
        st = os.stat(path)
    except (OSError, ValueError) as e:
        return f"cannot be read ({getattr(e, 'strerror', None) or e})"
    if not stat.S_ISREG(st.st_mode):
        kind = (
            "a folder"
            if stat.S_ISDIR(st.st_mode)
            else "a named pipe (FIFO)"
            if stat.S_ISFIFO(st.st_mode)
            else "not a regular file"
        )
        return f"is {kind}; it was not opened"
    if st.st_size > limit:
        return f"is {st.st_size:,} bytes, more than the {limit:,} a script may be"
    return None


def _cmd_script(args) -> int:
    from .catalog import spec_for
    from .content import ContentError
    from .script import ScriptError, problems, read_script, run_script

    why = _not_a_readable_file(args.file, MAX_SCRIPT_BYTES)
    if why:
        print(f"botwotr script: {args.file}: {why}", file=sys.stderr)
        return 2
    try:
        data = read_script(args.file)
        _, rep = run_script(data, spec_for, where=args.file)
    except (ScriptError, ContentError) as e:
        print(f"botwotr script: {e}", file=sys.stderr)
        return 2
    except KeyError as e:
        print(f"botwotr script: unknown scenario {e}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as e:
        print(f"botwotr script: {args.file}: cannot be read (not UTF-8 text: byte {e.start})", file=sys.stderr)
        return 2
    if args.log_only:
        for r in rep.get("cases", [rep]):
            r.pop("state")
    print(json.dumps(rep, indent=None if args.compact else 1, ensure_ascii=False))
    lines = problems(rep)  # refused commands and failed expectations
    for line in lines:
        print(f"botwotr script: {args.file}: {line}", file=sys.stderr)
    return 1 if lines else 0


def _cmd_validate(args) -> int:
    from .catalog import builtin_ids, folder_for
    from .content import validate_scenario

    names = args.scenarios or builtin_ids()
    bad = 0
    for name in names:
        try:
            folder = folder_for(name)
        except KeyError:
            print(f"{name}: no such scenario (built-in: {', '.join(builtin_ids()) or 'none'})")
            bad += 1
            continue
        errors = validate_scenario(folder)
        for e in errors:
            print(f"{folder}/{e}" if not str(e).startswith(str(folder)) else str(e))
        bad += len(errors)
        if not errors:
            print(f"{name}: ok")
    return 1 if bad else 0


LANG_HELP = "language of the words: en, pt_BR, es or ru (default: the window's last choice, else the system's)"


def _use_language(args, what: str) -> bool:
    """Switch the catalogue as the window starts: `--lang`, else the stored choice (settings.json
    in the program's home), else the system locale. False (with the reason printed) for a
    language that is not offered."""
    from .folders import data_folder
    from .ui.i18n import LANGUAGES, normalize, set_language, system_language
    from .ui.settings import load_settings

    asked = getattr(args, "lang", None)
    if asked is not None:
        lang = normalize(asked)
        if lang is None:
            print(f"botwotr {what}: --lang {asked}: not a language offered ({', '.join(LANGUAGES)})", file=sys.stderr)
            return False
    else:
        stored = load_settings(data_folder()).get("language")
        lang = (normalize(stored) if isinstance(stored, str) else None) or system_language()
    set_language(lang)
    return True


def _cmd_export(args) -> int:
    if not _use_language(args, "export"):
        return 2
    try:
        from .ui.export import cmd_export
    except ImportError as e:  # pygame missing
        print(f"botwotr export: the window toolkit is not available ({e})", file=sys.stderr)
        return 2
    return cmd_export(args)


def _cmd_report(args) -> int:
    if not _use_language(args, "report"):
        return 2
    from .report import cmd_report

    return cmd_report(args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="botwotr", description="Battles of the War of the Ring")
    # the window's own options (botwotr.ui.app.run checks them): `botwotr --size 1280x720 --lang ru`
    parser.add_argument("--size", default=None, metavar="WxH", help="window size (default: maximised)")
    parser.add_argument("--lang", default=None, help="interface language: en, pt_BR, es or ru")
    sub = parser.add_subparsers(dest="command")
    p = sub.add_parser("script", help="play a scripted game and print the result as JSON")
    p.add_argument("file")
    p.add_argument("--compact", action="store_true", help="print the JSON on one line")
    p.add_argument("--log-only", action="store_true", help="leave out the final state")
    p.set_defaults(func=_cmd_script)
    p = sub.add_parser("validate", help="check scenario content and maps")
    p.add_argument("scenarios", nargs="*", help="scenario ids or folders (default: all built-in)")
    p.set_defaults(func=_cmd_validate)
    p = sub.add_parser("export", help="render a saved position to a PNG (no window)")
    p.add_argument("save", help="a save file (.json)")
    p.add_argument("--out", required=True, help="the PNG to write")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--at", type=int, default=None, metavar="N", help="the position after the first N log entries")
    where.add_argument("--turn", type=int, default=None, metavar="T", help="the first position of turn T")
    p.add_argument(
        "--phase",
        default=None,
        metavar="P",
        help="with --turn: the first position of phase P in that turn (draw, shadow, fate, roll, actions, end)",
    )
    p.add_argument(
        "--size", default="1920x1080", help="picture size WxH, from 640x360 to 16384x16384 (default 1920x1080)"
    )
    p.add_argument(
        "--seat",
        choices=("public", "free", "shadow"),
        default="public",
        help="whose view: public hides hands and face-down tokens (default)",
    )
    p.add_argument("--lang", default=argparse.SUPPRESS, help=LANG_HELP)
    p.set_defaults(func=_cmd_export)
    p = sub.add_parser("report", help="write a saved game as a readable report (Markdown or text)")
    p.add_argument("save", help="a save file (.json)")
    p.add_argument("--format", choices=("md", "txt"), default="md", help="Markdown (default) or plain text")
    p.add_argument(
        "--seat",
        choices=("public", "free", "shadow"),
        default="public",
        help="whose view: public hides hands and face-down tokens (default)",
    )
    p.add_argument("--pictures", default=None, metavar="DIR", help="also write a picture of the board per turn here")
    p.add_argument("--out", default=None, metavar="FILE", help="write the report here (default: print it)")
    p.add_argument("--lang", default=argparse.SUPPRESS, help=LANG_HELP)
    p.set_defaults(func=_cmd_report)
    args = parser.parse_args(argv)
    if args.command is None:
        try:
            from .ui.app import run
        except ImportError as e:
            parser.print_help()
            print(
                f"\nThe window cannot start: {e} (install pygame-ce). "
                "'botwotr script FILE' works without it (see docs/commands.md)."
            )
            return 2
        window = []
        if args.size is not None:
            window += ["--size", args.size]
        if args.lang is not None:
            window += ["--lang", args.lang]
        return run(window)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
