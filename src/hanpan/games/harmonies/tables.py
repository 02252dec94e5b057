"""Per-side lookup tables of ready-made Action values, built once at import.

``PLACE_COLUMNS[side][colour]`` lists, per board column, ``(shift, width_mask, table)``
where ``table[v]`` is the tuple of "place colour on cell" actions for the cells of
that column whose bits are set in ``v``: legal placements are a few table lookups.

>>> from hanpan.games.harmonies.board import SIDE
>>> a = SIDE["A"]
>>> shift, width, table = PLACE_COLUMNS["A"][0][0]
>>> [str(x) for x in table[0b10001]]
['blue a1', 'blue a5']
>>> str(CUBE_BY_POS["A"][2][a.pos[a.index["d2"]]])
'cube fish d2'
"""

from __future__ import annotations

from hanpan.core.action import Action
from hanpan.games.harmonies import actions as A
from hanpan.games.harmonies.board import NAME_INDEX, SIDE
from hanpan.games.harmonies.data import NUM_CARDS, SIDES

ACT = A.ACTIONS.actions
NPOS = 96  # bit slots covered by the padded layout (8 columns of 12)

ColumnTable = tuple[tuple[int, int, tuple[tuple[Action, ...], ...]], ...]


def _place_columns(side_id: str, colour: int) -> ColumnTable:
    side = SIDE[side_id]
    out = []
    start = 0
    for height in side.columns:
        cells = range(start, start + height)
        names = [NAME_INDEX[side.names[i]] for i in cells]
        table = tuple(
            tuple(ACT[A.PLACE + colour * A.NAMES + names[j]] for j in range(height) if v >> j & 1)
            for v in range(1 << height)
        )
        out.append((side.pos[start], (1 << height) - 1, table))
        start += height
    return tuple(out)


PLACE_COLUMNS: dict[str, tuple[ColumnTable, ...]] = {
    s: tuple(_place_columns(s, c) for c in range(6)) for s in SIDES
}


def _by_pos(side_id: str, block: int, stride_index: int) -> list[Action | None]:
    side = SIDE[side_id]
    table: list[Action | None] = [None] * NPOS
    for i, name in enumerate(side.names):
        table[side.pos[i]] = ACT[block + stride_index * A.NAMES + NAME_INDEX[name]]
    return table


#: CUBE_BY_POS[side][card][bit position] → the action "cube card cell"
CUBE_BY_POS: dict[str, tuple[list[Action | None], ...]] = {
    s: tuple(_by_pos(s, A.CUBE, card) for card in range(NUM_CARDS)) for s in SIDES
}
#: NAME_CELL[side][name index] → cell index on that side, or -1
NAME_CELL: dict[str, tuple[int, ...]] = {
    s: tuple(SIDE[s].index.get(n, -1) for n in NAME_INDEX) for s in SIDES
}
