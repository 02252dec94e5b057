"""The bit geometry's fast paths give exactly what the plain forms give (the compiled engine runs them)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from hanpan.games.harmonies.board import SIDE, groups, spread, spread_within

#: masks of either side's cells, any bits at all (negative ones included), and limits of both kinds
_CELLS = st.sampled_from(["A", "B"]).flatmap(
    lambda side: st.lists(st.sampled_from(SIDE[side].bits), max_size=12).map(sum))
_ANY = st.integers(min_value=-(1 << 90), max_value=1 << 90)


@given(mask=st.one_of(_CELLS, _ANY), limit=st.one_of(_CELLS, st.sampled_from([SIDE["A"].board, SIDE["B"].board]),
                                                    st.integers(min_value=0, max_value=1 << 90)))
def test_spread_within_is_spread_then_limited(mask: int, limit: int) -> None:
    assert spread_within(mask, limit) == spread(mask) & limit


@given(mask=_CELLS)
def test_groups_partition_the_mask_into_connected_parts(mask: int) -> None:
    found = groups(mask)
    assert sum(found) == mask and all(a & b == 0 for i, a in enumerate(found) for b in found[i + 1:])
    for group in found:  # connected: growing from its lowest cell inside the group reaches all of it
        reached = group & -group
        while (grown := reached | (spread(reached) & group)) != reached:
            reached = grown
        assert reached == group
        assert spread(group) & (mask & ~group) == 0  # and maximal: no other cell of the mask touches it
