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
from typing import Final, TypeVar

from mypy_extensions import i64

from hanpan.core.compiled import COMPILED

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15

# The generator's arithmetic is modulo 2**64, and each engine gets the form that is fast for it.
# - Compiled (mypyc), the state is a machine word, an ``i64`` whose signed value stands for the unsigned
#   one: sums and products wrap by themselves (setup.py compiles with -fwrapv, so C defines that), and a
#   logical right shift is an arithmetic one with the copied sign bits masked off.  The unsigned form
#   with big Python ints made every step allocate, and ran 2.3 times slower than interpreted.
# - Interpreted, ``i64`` is plain ``int``: the attribute holds the unsigned state and the steps mask with
#   ``& _MASK``, fewer operations than folding words by hand.
# Both give the same numbers (tests/core/test_engines_identical.py plays seeded games both ways).
_GOLDEN_W: Final[i64] = _GOLDEN - (1 << 64)  # the same constants as signed words
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB
_MUL1_W: Final[i64] = _MUL1 - (1 << 64)
_MUL2_W: Final[i64] = _MUL2 - (1 << 64)
_LOW32: Final[i64] = 0xFFFFFFFF
#: below this, randbelow's exact 64x64-bit multiply-shift fits in machine words (see randbelow)
_SMALL_N: Final = 1 << 30


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
    """SplitMix64: small, fast, and good enough for shuffling game components.

    >>> r = Rng(2**64 + 5); r.state, Rng(5).next64() == r.next64()
    (5, True)
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        unsigned = seed & _MASK
        #: compiled: the signed word of the unsigned state; interpreted: the unsigned state itself
        self._state: i64 = unsigned - (1 << 64) if COMPILED and unsigned >> 63 else unsigned

    @property
    def state(self) -> int:
        """The whole state: an unsigned 64-bit integer (``Rng(r.state)`` continues where ``r`` is)."""
        return int(self._state) & _MASK

    def _step(self) -> i64:
        """Compiled only: advance and return the next output as a signed word (SplitMix64)."""
        self._state = s = self._state + _GOLDEN_W
        z = (s ^ ((s >> 30) & 0x3FFFFFFFF)) * _MUL1_W
        z = (z ^ ((z >> 27) & 0x1FFFFFFFFF)) * _MUL2_W
        return z ^ ((z >> 31) & 0x1FFFFFFFF)

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        if COMPILED:
            return int(self._step()) & _MASK
        state: int = self._state
        self._state = z = (state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def next_word(self) -> i64:
        """The next output for a compiled caller that reads only its low 63 bits: those are
        ``next64()``'s, with no big Python int made.  Interpreted, ``next64()`` itself.

        >>> Rng(9).next_word() & (2**63 - 1) == Rng(9).next64() & (2**63 - 1)
        True
        """
        if COMPILED:
            return self._step()
        return self.next64()

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (multiply-shift: ``(next64() * n) >> 64``; bias below n / 2**64)."""
        if COMPILED:
            w = self._step()
            if n < _SMALL_N:
                # (hi * 2**32 + lo) * n >> 64 exactly, no product above 2**62: the usual case, in words
                m: i64 = n
                return int(((((w >> 32) & _LOW32) * m) + (((w & _LOW32) * m) >> 32)) >> 32)
            return ((int(w) & _MASK) * n) >> 64
        state: int = self._state
        self._state = z = (state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
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
        twin = Rng(0)
        twin._state = self._state
        return twin

    def __reduce__(self) -> tuple[type[Rng], tuple[int]]:
        # compiled (mypyc) classes are unpickled through __init__: say how to rebuild one
        return (Rng, (self.state,))

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#x})"
