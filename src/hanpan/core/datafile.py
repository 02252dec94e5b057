"""Designers' data files (docs/data.md), read the one safe way for every game: a file of any size, bytes
or shape gives one DataError line naming it, never a traceback.

``read_json`` reads at most :data:`MAX_BYTES` (before parsing), decodes UTF-8, refuses a file nesting its
brackets deeper than :data:`MAX_DEPTH` before ``json`` can recurse into it, refuses numbers of more than
:data:`MAX_DIGITS` digits, NaN / Infinity and a key given twice in one object.  A game's check then reads
the fields with ``whole`` (a bounded whole number), ``missing`` and ``unknown`` (an object's keys) and
``shown`` (a value, cut short, for its one line).

>>> import os, tempfile
>>> path = tempfile.mkstemp(suffix=".json")[1]
>>> _ = open(path, "w").write('{"cards": [1, 2]}')
>>> read_json(path, "deck")
{'cards': [1, 2]}
>>> _ = open(path, "w").write("[" * 1500 + "]" * 1500)
>>> read_json(path, "deck")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
hanpan.core.errors.DataError: deck ...: nests brackets more than 32 deep; a data file nests at most 32
>>> whole(99, 0, 99), whole(10**400, 0, 99), whole(True, 0, 1), whole(2.0, 0, 9)
(True, False, False, False)
>>> missing({"id": 1}, ("id", "colour", "cost")), unknown({"id": 1, "x": 2, "a": 3}, ("id",))
('colour', 'a')
>>> os.remove(path)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from typing import Any, Final

from hanpan.core.errors import DataError

#: the largest data file read (the built-in ones are under 40 KB)
MAX_BYTES: Final = 1 << 20
#: the deepest brackets ({ and [ inside each other) a data file may nest (the formats need at most 6)
MAX_DEPTH: Final = 32
#: the most digits of a number in a data file (every number a format takes is far smaller)
MAX_DIGITS: Final = 20
_STRING: Final = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_BRACKET: Final = re.compile(r"[\[\]{}]")
_KO: Final = {"cards": "카드", "deck": "덱"}


def one_line(text: str) -> str:
    """``text`` with every character that is not printable (a line break, a tab…) escaped: a message quoting
    a file's keys stays one line.

    >>> print(one_line("points must have a, not b" + chr(10) + "c"))
    points must have a, not b\\nc
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text)


def fail(label: str, source: str, message: str) -> DataError:
    """One line: what the file is (``cards``, ``deck``), the file, what is wrong and what is allowed."""
    message = one_line(message)
    return DataError(f"{label} {source}: {message}", f"{_KO.get(label, label)} {source}: 잘못된 파일 ({message})")


def depth(text: str) -> int:
    """How deep the brackets of JSON text nest, strings left out; stops counting past :data:`MAX_DEPTH`.

    >>> depth('{"a": [[1], "]]]"]}'), depth("[" * 100)
    (3, 33)
    """
    level = deepest = 0
    for bracket in _BRACKET.finditer(_STRING.sub("", text)):
        if bracket.group() in "[{":
            level += 1
            if level > deepest:
                deepest = level
                if deepest > MAX_DEPTH:
                    break
        else:
            level -= 1
    return deepest


def _number(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of {len(text.lstrip('-'))} digits; at most {MAX_DIGITS}")
    return int(text)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number a data file may hold")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data = dict(pairs)
    if len(data) < len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise ValueError(f"key {shown(key)} given twice in one object")
            seen.add(key)
    return data


def parse(text: str, label: str, source: str) -> object:
    """JSON text of a data file, parsed within the limits above."""
    if depth(text) > MAX_DEPTH:
        raise fail(label, source, f"nests brackets more than {MAX_DEPTH} deep; a data file nests at most {MAX_DEPTH}")
    try:
        return json.loads(text, parse_int=_number, parse_constant=_constant, object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise fail(label, source, f"not JSON ({e.msg} at line {e.lineno})") from None
    except (ValueError, RecursionError) as e:  # our hooks' refusals (RecursionError: never, past the depth check)
        raise fail(label, source, f"not a data file's JSON ({e})") from None


def read_json(path: str, label: str) -> object:
    """The JSON of the data file at ``path``; a DataError line ``"{label} {path}: …"`` at the first problem."""
    try:
        with open(path, "rb") as file:
            raw = file.read(MAX_BYTES + 1)
    except OSError as e:
        raise fail(label, path, f"cannot read it ({e.strerror or e})") from None
    except ValueError:  # a NUL in the path
        raise fail(label, path, "cannot read it (not a file name)") from None
    if len(raw) > MAX_BYTES:
        raise fail(label, path, f"over {MAX_BYTES:,} bytes; a data file is at most {MAX_BYTES:,} bytes (1 MiB)")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise fail(label, path, f"not UTF-8 text (byte {e.start + 1}); save it as UTF-8") from None
    return parse(text, label, path)


def whole(value: object, low: int, high: int) -> bool:
    """A whole number (not a bool, not a float) in ``low..high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def missing(item: Mapping[str, object], required: Iterable[str]) -> str | None:
    """The first key of ``required`` that ``item`` lacks, or None."""
    return next((key for key in required if key not in item), None)


def unknown(item: Mapping[str, object], allowed: Iterable[str]) -> str | None:
    """The first (sorted) key of ``item`` not ``allowed``, or None."""
    extra = set(item) - set(allowed)
    return min(extra) if extra else None


def shown(value: object, limit: int = 40) -> str:
    """``repr(value)``, cut to about ``limit`` characters (a message stays short and on one line).

    >>> shown("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    """
    text = repr(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
