"""Strict YAML reading for content files.

PyYAML's safe loader (libyaml's parser when installed) is used with these changes:
- a mapping that repeats a key is an error (PyYAML keeps the last value silently);
- only `true`/`false` (any case) are booleans: `yes`, `no`, `on`, `off`, `y`, `n` stay strings,
  so a region called `no` is not silently turned into `False` (YAML 1.2 behaviour), and dates
  such as `2024-05-01` stay strings;
- a value that cannot be read (`!!int x`) is an error, not a crash;
- mappings and lists remember the line of each key/item so errors can point at it.

Every failure is a `ContentError` naming the file (and the line when known); nothing here
returns a partially read document.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .errors import ContentError


class LineMap(dict):
    """A dict that remembers where it and each of its keys were written."""

    line: int | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.key_lines: dict[Any, int] = {}


class LineList(list):
    """A list that remembers where it and each of its items were written."""

    line: int | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.item_lines: list[int] = []


class _Duplicate(Exception):
    """A mapping repeats a key; turned into a ContentError with the key's path."""

    def __init__(self, node: MappingNode, key: Any, line: int, first: int):
        super().__init__(key)
        self.node, self.key, self.line, self.first = node, key, line, first


# libyaml's parser when available (about ten times faster); same nodes, marks and errors.
_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_Base):  # type: ignore[misc, valid-type]
    def construct_object(self, node: Node, deep: bool = False) -> Any:
        try:
            return super().construct_object(node, deep)
        except (yaml.YAMLError, _Duplicate):
            raise
        except Exception as exc:  # e.g. `!!int ""`, `!!float x`, `!!binary` that is not base64
            tag = node.tag.rsplit(":", 1)[-1]
            raise yaml.constructor.ConstructorError(
                None,
                None,
                f"cannot read {node.value!r} as {tag} ({type(exc).__name__})"
                if isinstance(node, ScalarNode)
                else f"cannot read this {tag} ({type(exc).__name__})",
                node.start_mark,
            ) from None


# YAML 1.2 booleans only (see module docstring).
# Dates are not content either: `2024-05-01` stays text.
_DROPPED = ("tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp")
_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag not in _DROPPED]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def _construct_map(loader: _Loader, node: MappingNode) -> LineMap:
    own = sum(1 for k, _ in node.value if k.tag != _MERGE_TAG)
    loader.flatten_mapping(node)
    merged = len(node.value) - own  # keys taken from `<<: *anchor` come first; own keys
    result = LineMap()  # may override them, but not repeat each other
    result.line = node.start_mark.line + 1
    for i, (key_node, value_node) in enumerate(node.value):
        key = loader.construct_object(key_node, deep=True)
        try:
            hash(key)
        except TypeError:
            raise yaml.constructor.ConstructorError(
                None, None, "a mapping key must be a plain value, not a list or mapping", key_node.start_mark
            ) from None
        line = key_node.start_mark.line + 1
        if i >= merged and key in result and result.key_lines.get(key, 0) > 0:
            raise _Duplicate(node, key, line, result.key_lines[key])
        result[key] = loader.construct_object(value_node, deep=True)
        # Merged keys are marked with a negative line so own keys may override them.
        result.key_lines[key] = line if i >= merged else -line
    for key, line in result.key_lines.items():
        result.key_lines[key] = abs(line)
    return result


def _construct_seq(loader: _Loader, node: SequenceNode) -> LineList:
    result = LineList()
    result.line = node.start_mark.line + 1
    for item in node.value:
        result.append(loader.construct_object(item, deep=True))
        result.item_lines.append(item.start_mark.line + 1)
    return result


_Loader.add_constructor("tag:yaml.org,2002:map", _construct_map)
_Loader.add_constructor("tag:yaml.org,2002:seq", _construct_seq)

_MERGE_TAG = "tag:yaml.org,2002:merge"


def _key_text(key: Any) -> str:
    return key if isinstance(key, str) else repr(key)


def _path_to(root: Node, target: Node) -> str | None:
    """The key path from `root` to `target` (only walked when reporting a duplicate)."""
    stack: list[tuple[Node, str]] = [(root, "")]
    seen: set[int] = set()
    while stack:
        node, path = stack.pop()
        if node is target:
            return path
        if id(node) in seen:
            continue
        seen.add(id(node))
        if isinstance(node, MappingNode):
            for key_node, value_node in node.value:
                key = key_node.value if isinstance(key_node, ScalarNode) else "?"
                stack.append((value_node, f"{path}.{key}" if path else str(key)))
        elif isinstance(node, SequenceNode):
            for i, item in enumerate(node.value):
                stack.append((item, f"{path}[{i}]"))
    return None


def parse_text(text: str, display: str) -> Any:
    """Parse one YAML document; `display` names the file in errors."""
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        try:
            return loader.construct_document(node)
        except _Duplicate as dup:
            path = _path_to(node, dup.node) or ""
            key = path + "." + _key_text(dup.key) if path else _key_text(dup.key)
            raise ContentError(
                display, key, f"duplicate key {_key_text(dup.key)!r} (first written at line {dup.first})", dup.line
            ) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or "invalid YAML"
        if exc.context:
            cmark = exc.context_mark
            where = (
                f" (from line {cmark.line + 1})"
                if cmark and cmark is not mark and (mark is None or cmark.line != mark.line)
                else ""
            )
            problem = f"{exc.context}{where}: {problem}"
        what = "bad YAML value" if isinstance(exc, yaml.constructor.ConstructorError) else "YAML syntax error"
        raise ContentError(display, "", f"{what}: {problem}", mark.line + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise ContentError(display, "", f"YAML error: {exc}") from None
    except RecursionError:
        raise ContentError(display, "", "YAML nested too deeply") from None
    finally:
        loader.dispose()


@functools.lru_cache(maxsize=64)
def _parse_shared(text: str, display: str) -> tuple[bool, Any]:
    try:
        return True, parse_text(text, display)
    except ContentError as exc:
        return False, (exc.file, exc.key, exc.problem, exc.line)


def parse_file(path: Path, display: str, shared: bool = False) -> Any:
    """Read and parse `path`. A missing or unreadable file is a `ContentError`.

    With `shared=True` the document may be one parsed earlier from the same text: the caller
    must treat it as read-only (the content loader only reads documents)."""
    text = read_text(path, display)
    if not shared:
        return parse_text(text, display)
    ok, result = _parse_shared(text, display)
    if not ok:
        raise ContentError(*result)
    return result


def read_text(path: Path, display: str) -> str:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(display, "", f"file not found ({path})") from None
    except IsADirectoryError:
        raise ContentError(display, "", f"expected a file, found a folder ({path})") from None
    except UnicodeDecodeError as exc:
        raise ContentError(display, "", f"not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    except OSError as exc:
        raise ContentError(display, "", f"cannot read file: {exc.strerror or exc}") from None
    return text
