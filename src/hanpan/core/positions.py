"""Helpers for reading positions (``to_json`` data): typed fields with one-line errors.

>>> read_int({"turn": 3}, "turn", 0)
3
>>> read_int({"turn": -1}, "turn", 0)
Traceback (most recent call last):
...
hanpan.core.errors.PositionError: position 'turn' must be a whole number ≥ 0, not -1
>>> read_bool({"over": "yes"}, "over")
Traceback (most recent call last):
...
hanpan.core.errors.PositionError: position 'over' must be true or false, not 'yes'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hanpan.core.errors import PositionError


def read_int(data: Mapping[str, Any], key: str, low: int, high: int | None = None) -> int:
    """``data[key]`` as a whole number in ``low..high`` (``high`` None: no upper bound)."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f"≥ {low}"
        raise PositionError(f"position {key!r} must be a whole number {bound}, not {value!r}")
    return value


def read_bool(data: Mapping[str, Any], key: str) -> bool:
    """``data[key]`` as true or false."""
    value = data.get(key)
    if not isinstance(value, bool):
        raise PositionError(f"position {key!r} must be true or false, not {value!r}")
    return value
