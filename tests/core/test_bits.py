"""popcount: the compiled engine's bit count agrees with int.bit_count on words, big ints and edges."""

from __future__ import annotations

from hanpan.core.bits import popcount
from hanpan.core.rng import Rng


def test_popcount_is_bit_count() -> None:
    rng = Rng(5)
    values = [0, 1, 2**61, 2**62 - 1, 2**62, 2**63 - 1, 2**63, 2**64 - 1, 2**96 - 1, 3 << 70]
    values += [rng.next64() >> rng.randbelow(64) for _ in range(20_000)]
    values += [(rng.next64() << 40) | rng.next64() for _ in range(1_000)]  # side B's padded masks are this wide
    assert [popcount(v) for v in values] == [v.bit_count() for v in values]
