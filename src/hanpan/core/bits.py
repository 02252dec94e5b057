"""Bit counts for the compiled engine.

mypyc calls ``int.bit_count()`` through Python's generic method call (the int boxed, the method looked
up by name), which cost more than the mask arithmetic around it in the boards' hot code.  Compiled,
:func:`popcount` counts a machine word in a few native operations (SWAR: bits summed in pairs, nibbles,
bytes, then all bytes by one multiplication).  Interpreted, ``popcount`` *is* ``int.bit_count``: no
extra call.

>>> popcount(0b1011_0000_1111), popcount(0), popcount(2**62 + 7), popcount(2**100 - 1)
(7, 0, 4, 100)
"""

from __future__ import annotations

from typing import Final

from mypy_extensions import i64

from hanpan.core.compiled import COMPILED

_M1: Final[i64] = 0x5555555555555555
_M2: Final[i64] = 0x3333333333333333
_M4: Final[i64] = 0x0F0F0F0F0F0F0F0F
_BYTES: Final[i64] = 0x0101010101010101


def popcount(x: int) -> int:
    """The number of 1 bits of a non-negative int (``x.bit_count()``)."""
    if x >= 0 and not x >> 62:  # a machine word (below 2**62, so never negative as an i64)
        w: i64 = x
        w = w - ((w >> 1) & _M1)
        w = (w & _M2) + ((w >> 2) & _M2)
        w = (w + (w >> 4)) & _M4
        return int(((w * _BYTES) >> 56) & 0xFF)  # the product wraps (setup.py: -fwrapv)
    return x.bit_count()


if not COMPILED:
    popcount = int.bit_count  # type: ignore[assignment]  # interpreted, the method itself is fastest
