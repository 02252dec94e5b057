"""The seeded random generator every state carries.

A SplitMix64 generator whose whole state is one integer, so cloning a game state
copies it for free (``random.Random`` would copy 625 words).  Everything random
in a game is drawn from its state's own ``Rng``; the same seed always gives the
same sequence, on every platform and Python version.

>>> r = Rng(7)
>>> [r.randbelow(6) for _ in range(5)]
[2, 0, 5, 3, 2]
>>> r2 = Rng(7); r2.randbelow(6)
2
>>> items = [1, 2, 3, 4]; Rng(1).shuffle(items); items
[1, 2, 4, 3]
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def mix_seed(*parts: int) -> int:
    """Combine integers into one well-spread 64-bit seed (e.g. a run seed and a game index).

    >>> mix_seed(1, 2) != mix_seed(2, 1)
    True
    """
    state = 0x243F6A8885A308D3
    for part in parts:
        state = (state ^ (part & _MASK)) & _MASK
        state = Rng(state).next64()
    return state


class Rng:
    """SplitMix64: small, fast, and good enough for shuffling game components."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (multiply-shift; bias below n / 2**64)."""
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) * n) >> 64

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return seq[self.randbelow(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """An independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())

    def copy(self) -> Rng:
        """A generator in the same state."""
        return Rng(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
