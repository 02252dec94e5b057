"""Per-side lookup tables of ready-made Action values, built once at import.

``SIDE_TABLES[side].chunks[colour]`` lists, per pair of board columns, ``(shift, mask,
table)`` where ``table[(m >> shift) & mask]`` is the tuple of "place colour on cell" actions
for the cells of those columns set in the padded mask ``m``: legal placements of a colour
are three or four dictionary lookups.

>>> from hanpan.games.harmonies.board import SIDE
>>> a = SIDE["A"]
>>> shift, mask, table = SIDE_TABLES["A"].chunks[0][0]
>>> m = a.bits[a.index["a1"]] | a.bits[a.index["a5"]] | a.bits[a.index["b2"]]
>>> [str(x) for x in table[(m >> shift) & mask]]
['blue a1', 'blue a5', 'blue b2']
>>> _, _, column = SIDE_TABLES["A"].columns[0][0]  # column a, by its own bits
>>> [str(x) for x in column[0b10001]]
['blue a1', 'blue a5']
>>> str(CUBE_BY_POS["A"][2][a.pos[a.index["d2"]]])
'cube fish d2'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hanpan.core.action import Action
from hanpan.games.harmonies import actions as A
from hanpan.games.harmonies.board import NAME_INDEX, SIDE
from hanpan.games.harmonies.data import NUM_CARDS, SIDES

ACT: Final = A.ACTIONS.actions
NPOS: Final = 96  # bit slots covered by the padded layout (8 columns of 12)

def _by_pos(side_id: str, block: int, stride_index: int) -> list[Action | None]:
    side = SIDE[side_id]
    table: list[Action | None] = [None] * NPOS
    for i, name in enumerate(side.names):
        table[side.pos[i]] = ACT[block + stride_index * A.NAMES + NAME_INDEX[name]]
    return table


#: CUBE_BY_POS[side][card][bit position] → the action "cube card cell"
CUBE_BY_POS: Final[dict[str, tuple[list[Action | None], ...]]] = {
    s: tuple(_by_pos(s, A.CUBE, card) for card in range(NUM_CARDS)) for s in SIDES
}
#: NAME_CELL[side][name index] → cell index on that side, or -1
NAME_CELL: Final[dict[str, tuple[int, ...]]] = {
    s: tuple(SIDE[s].index.get(n, -1) for n in NAME_INDEX) for s in SIDES
}


Chunk = tuple[int, int, dict[int, tuple[Action, ...]]]


def _place_chunks(side_id: str, colour: int) -> tuple[Chunk, ...]:
    """Pairs of adjacent columns: (shift, mask, {masked bits: placement actions}) — fewer lookups."""
    side = SIDE[side_id]
    out = []
    start = 0
    columns = list(side.columns)
    q = 0
    while q < len(columns):
        take = 2 if q + 1 < len(columns) else 1
        cells = list(range(start, start + sum(columns[q:q + take])))
        shift = min(side.pos[i] for i in cells)
        bits = [side.pos[i] - shift for i in cells]
        mask = sum(1 << b for b in bits)
        table: dict[int, tuple[Action, ...]] = {0: ()}
        for j, cell in enumerate(cells):  # cells in name order, so every tuple is in id order
            action = (ACT[A.PLACE + colour * A.NAMES + NAME_INDEX[side.names[cell]]],)
            bit = 1 << bits[j]
            table.update([(key | bit, acts + action) for key, acts in table.items()])
        out.append((shift, mask, table))
        start += len(cells)
        q += take
    return tuple(out)


Column = tuple[int, int, tuple[tuple[Action, ...], ...]]


def _place_columns(side_id: str, colour: int) -> tuple[Column, ...]:
    """One board column each: (shift, mask, ``table``) where ``table[(m >> shift) & mask]`` holds the
    placements on that column's cells set in ``m``.  A column's cells are consecutive bits, so its
    table is a tuple indexed by them (at most 2**5 entries): the compiled engine's form of ``chunks``,
    whose dictionaries, half as many, suit the interpreter better."""
    side = SIDE[side_id]
    out = []
    start = 0
    for height in side.columns:
        cells = range(start, start + height)
        shift = side.pos[start]
        assert [side.pos[i] - shift for i in cells] == list(range(height))  # consecutive slots
        table = tuple(
            tuple(ACT[A.PLACE + colour * A.NAMES + NAME_INDEX[side.names[start + b]]]
                  for b in range(height) if key >> b & 1)
            for key in range(1 << height)
        )
        out.append((shift, (1 << height) - 1, table))
        start += height
    return tuple(out)


def tables_by_id(side_id: str) -> SideTables:
    """The shared :class:`SideTables` of a side (how pickled tables come back)."""
    return SIDE_TABLES[side_id]


class SideTables:
    """Everything the hot paths look up for one board side, reached through one attribute."""

    __slots__ = ("chunks", "columns", "cube_by_pos", "cube_decode", "place_decode", "side")

    def __init__(self, side_id: str) -> None:
        side = SIDE[side_id]
        self.side = side
        self.chunks = tuple(_place_chunks(side_id, c) for c in range(6))
        self.columns = tuple(_place_columns(side_id, c) for c in range(6))
        self.cube_by_pos = CUBE_BY_POS[side_id]
        name_cell = NAME_CELL[side_id]
        #: place action offset → (colour, cell, bit); cells not on this side → cell -1
        self.place_decode: tuple[tuple[int, int, int], ...] = tuple(
            (colour, name_cell[n], side.bits[name_cell[n]] if name_cell[n] >= 0 else 0)
            for colour in range(6) for n in range(A.NAMES)
        )
        self.cube_decode: tuple[tuple[int, int, int], ...] = tuple(
            (card, name_cell[n], side.bits[name_cell[n]] if name_cell[n] >= 0 else 0)
            for card in range(NUM_CARDS) for n in range(A.NAMES)
        )

    def __reduce__(self) -> tuple[Callable[[str], SideTables], tuple[str]]:
        # the shared tables themselves, not a copy; and compiled (mypyc) classes are unpickled through __init__
        return (tables_by_id, (self.side.id,))


SIDE_TABLES: Final[dict[str, SideTables]] = {s: SideTables(s) for s in SIDES}
#: SPACE_ACTIONS[mask of spaces holding tokens] → the "space k" actions
SPACE_ACTIONS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(ACT[A.SPACE + k] for k in range(5) if mask >> k & 1) for mask in range(32)
)
