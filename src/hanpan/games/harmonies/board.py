"""The personal board: stacks, the two sides' cells, and habitat matching as bit operations.

Stacks.  Every legal stack (bottom → top) has a small id; ``ADD[sid * 6 + colour]``
is the stack after adding a token (-1: not allowed), straight from the spec's
stacking table.  ``STACK_KIND[sid]`` is its landscape kind for habitats (-1: none).

Cells.  A cell at axial (q, r) owns bit ``q * 12 + r + 5`` of a *padded* mask: each
column has 12 bit slots, so a neighbour or a habitat offset (dq, dr) is the same
shift ``dq * 12 + dr`` everywhere and never wraps into a real cell.  A player's
board is kept as one mask per stack id; habitats, neighbours and groups are then a
few shifts and ANDs.

>>> STACKS[ADD[STACK_ID[("grey",)] * 6 + RED]]
('grey', 'red')
>>> ADD[STACK_ID[("grey", "grey")] * 6 + RED]
-1
>>> side = SIDE["A"]
>>> side.ncells, side.names[:6], side.names[-1]
(23, ('a1', 'a2', 'a3', 'a4', 'a5', 'b1'), 'e5')
>>> sorted(side.names[i] for i in side.neighbours(side.index["a2"]))
['a1', 'a3', 'b1', 'b2']
>>> SIDE["B"].ncells, SIDE["B"].names[-1]
(25, 'g4')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from hanpan.core.errors import DataError
from hanpan.games.harmonies.data import (
    BUILDING,
    CARD_CELLS,
    COLOURS,
    COMPONENTS,
    KINDS,
    RED,
    SIDE_COLUMNS,
    SIDES,
    Cells,
)

# --- stacks -----------------------------------------------------------------------------------------
_RULES: Final[dict[tuple[int, ...], tuple[int, ...]]] = {}
for _key, _adds in COMPONENTS["stacking"].items():
    _stack = tuple(COLOURS.index(c) for c in _key.split(",")) if _key else ()
    _RULES[_stack] = tuple(COLOURS.index(c) for c in _adds)


def _all_stacks() -> list[tuple[int, ...]]:
    found: set[tuple[int, ...]] = {()}
    todo: list[tuple[int, ...]] = [()]
    while todo:
        stack = todo.pop()
        for colour in _RULES.get(stack, ()):
            new = (*stack, colour)
            if len(new) > 3:
                raise DataError("stacks are at most 3 tokens high")
            if new not in found:
                found.add(new)
                todo.append(new)
    return sorted(found, key=lambda s: (len(s), s))


_STACK_COLOURS: Final = _all_stacks()
#: every legal stack as colour names, bottom → top; index = stack id (0 = empty)
STACKS: Final[tuple[tuple[str, ...], ...]] = tuple(tuple(COLOURS[c] for c in s) for s in _STACK_COLOURS)
STACK_ID: Final[dict[tuple[str, ...], int]] = {s: i for i, s in enumerate(STACKS)}
NUM_STACKS: Final = len(STACKS)
EMPTY: Final = 0
ADD: Final[tuple[int, ...]] = tuple(
    STACK_ID[(*STACKS[s], COLOURS[c])] if c in _RULES.get(_STACK_COLOURS[s], ()) else -1
    for s in range(NUM_STACKS) for c in range(6)
)
STACK_HEIGHT: Final[tuple[int, ...]] = tuple(len(s) for s in STACKS)
STACK_TOP: Final[tuple[int, ...]] = tuple(_STACK_COLOURS[s][-1] if s else -1 for s in range(NUM_STACKS))


def _kind_of(stack: tuple[str, ...]) -> int:
    for kind, shapes in COMPONENTS["kinds"].items():
        options = shapes if shapes and isinstance(shapes[0], list) else [shapes]
        if any(tuple(o) == stack for o in options):
            return KINDS.index(kind)
    return -1


STACK_KIND: Final[tuple[int, ...]] = tuple(_kind_of(s) for s in STACKS)
#: 1 << the stack's kind (0 for a stack of no kind), to note which kinds a placement changed
KIND_BIT: Final[tuple[int, ...]] = tuple(1 << k if k >= 0 else 0 for k in STACK_KIND)
#: stack ids that accept each colour
ACCEPTING: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(s for s in range(NUM_STACKS) if ADD[s * 6 + c] >= 0) for c in range(6)
)
#: FLIPS[old * NUM_STACKS + new]: the colours whose acceptance changes when ``old`` becomes ``new``
FLIPS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c for c in range(6) if (ADD[old * 6 + c] >= 0) != (ADD[new * 6 + c] >= 0))
    for old in range(NUM_STACKS) for new in range(NUM_STACKS)
)
#: stack ids whose top token has each colour
TOPPED: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(s for s in range(NUM_STACKS) if STACK_TOP[s] == c) for c in range(6)
)
BUILDING_STACKS: Final[tuple[int, ...]] = tuple(s for s in range(NUM_STACKS) if STACK_KIND[s] == BUILDING)
if sorted(STACK_TOP[s] for s in BUILDING_STACKS) != [RED] * 3:
    raise DataError("a building is red on one red, brown or grey token")

# --- geometry ---------------------------------------------------------------------------------------
COL: Final = 12  # bit slots per column
ROW0: Final = 5  # bit slot of r = 0
DIRECTIONS: Final = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def spread(mask: int) -> int:
    """Every cell next to a cell of ``mask`` (not masked to a board)."""
    return (mask << 12) | (mask << 11) | (mask >> 1) | (mask >> 12) | (mask >> 11) | (mask << 1)


#: a mask below this fits a machine word of the compiled engine (mypyc keeps ints below 2**62 unboxed)
_WORD: Final = 1 << 62
#: the bits a shift left by 12, 11, 1 keeps below bit 62
_KEEP12: Final = (_WORD - 1) >> 12
_KEEP11: Final = (_WORD - 1) >> 11
_KEEP1: Final = (_WORD - 1) >> 1


def spread_within(mask: int, limit: int) -> int:
    """``spread(mask) & limit`` for a non-negative ``limit``.

    Side A's cells all lie below bit 62, but ``spread`` moves its last column past it, where the compiled
    engine falls back on big-integer arithmetic (a fifth of greedy's time).  Below the limit only the bits
    that stay below bit 62 matter, so those are shifted alone.

    >>> a = SIDE["A"]
    >>> c3 = a.bits[a.index["c3"]]
    >>> spread_within(c3, a.board) == spread(c3) & a.board, len(a.cells_of(spread_within(c3, a.board)))
    (True, 6)
    """
    if limit < _WORD and mask >= 0:
        return (((mask & _KEEP12) << 12) | ((mask & _KEEP11) << 11) | (mask >> 1) | (mask >> 12) | (mask >> 11)
                | ((mask & _KEEP1) << 1)) & limit
    return spread(mask) & limit


def cell_name(q: int, row: int) -> str:
    return f"{chr(ord('a') + q)}{row + 1}"


class Side:
    """One side of the personal board: its cells in name order, their bits and neighbours."""

    __slots__ = (
        "bits",
        "board",
        "cell_of_pos",
        "columns",
        "id",
        "index",
        "names",
        "ncells",
        "neigh",
        "pos",
        "qr",
    )

    def __init__(self, side_id: str, columns: Sequence[int]) -> None:
        self.id = side_id
        self.columns = tuple(columns)
        names: list[str] = []
        qr: list[tuple[int, int]] = []
        for q, height in enumerate(columns):
            for row in range(height):
                names.append(cell_name(q, row))
                qr.append((q, row - (q - (q & 1)) // 2))
        self.names: tuple[str, ...] = tuple(names)
        self.ncells = len(names)
        self.index: dict[str, int] = {n: i for i, n in enumerate(names)}
        self.qr: tuple[tuple[int, int], ...] = tuple(qr)
        self.pos: tuple[int, ...] = tuple(q * COL + r + ROW0 for q, r in qr)
        if min(self.pos) < 0 or any(not 2 <= r + ROW0 <= COL - 3 for _, r in qr):
            raise DataError(f"side {side_id} does not fit the padded layout")
        self.bits: tuple[int, ...] = tuple(1 << p for p in self.pos)
        self.board = sum(self.bits)
        self.cell_of_pos: dict[int, int] = {p: i for i, p in enumerate(self.pos)}
        self.neigh: tuple[int, ...] = tuple(spread(b) & self.board for b in self.bits)

    def __reduce__(self) -> tuple[Callable[[str], Side], tuple[str]]:
        # the shared side itself, not a copy; and compiled (mypyc) classes are unpickled through __init__
        return (side_by_id, (self.id,))

    def neighbours(self, cell: int) -> list[int]:
        return self.cells_of(self.neigh[cell])

    def cells_of(self, mask: int) -> list[int]:
        """Cell indices of a mask, in name order."""
        out = []
        cell_of_pos = self.cell_of_pos
        while mask:
            low = mask & -mask
            out.append(cell_of_pos[low.bit_length() - 1])
            mask ^= low
        return out

    def at(self, q: int, r: int) -> int:
        """The cell at axial (q, r), or -1."""
        try:
            return self.qr.index((q, r))
        except ValueError:
            return -1


SIDE: Final[dict[str, Side]] = {s: Side(s, SIDE_COLUMNS[s]) for s in SIDES}
#: the union of both sides' cell names (a1 … g4), indexing the action space
ALL_CELL_NAMES: Final[tuple[str, ...]] = tuple(sorted(set(SIDE["A"].names) | set(SIDE["B"].names),
                                               key=lambda n: (n[0], int(n[1:]))))
NAME_INDEX: Final[dict[str, int]] = {n: i for i, n in enumerate(ALL_CELL_NAMES)}


# --- groups -----------------------------------------------------------------------------------------
def groups(mask: int) -> list[int]:
    """The connected groups of a mask of cells (each a mask), lowest bit first.

    >>> a = SIDE["A"]
    >>> m = a.bits[a.index["a1"]] | a.bits[a.index["a2"]] | a.bits[a.index["c3"]]
    >>> [len(a.cells_of(g)) for g in groups(m)]
    [2, 1]
    """
    out = []
    while mask:
        group = mask & -mask
        while True:
            grown = group | spread_within(group, mask)
            if grown == group:
                break
            group = grown
        out.append(group)
        mask ^= group
    return out


def diameter(group: int) -> int:
    """Longest shortest path inside a group, counted in cells with both ends included."""
    best = 1
    rest = group
    while rest:
        start = rest & -rest
        rest ^= start
        seen = frontier = start
        steps = 1
        while True:
            frontier = spread_within(frontier, group) & ~seen
            if not frontier:
                break
            seen |= frontier
            steps += 1
        if steps > best:
            best = steps
    return best


# --- habitats ---------------------------------------------------------------------------------------
def rotate(q: int, r: int, times: int) -> tuple[int, int]:
    """(q, r) turned ``times`` × 60 degrees about the cube cell."""
    for _ in range(times):
        q, r = -r, q + r
    return q, r


def habitat_rotations(card: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each distinct rotation of a built-in card's habitat, the (kind, bit offset) terms of the
    non-cube cells (``rotations_of`` its cells)."""
    return rotations_of(CARD_CELLS[card])


def rotations_of(cells: Cells) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For each distinct rotation of a habitat (its cells, the cube's first), the (kind, bit offset)
    terms of the non-cube cells."""
    seen: list[tuple[tuple[int, int], ...]] = []
    for times in range(6):
        terms = []
        for q, r, kind in cells[1:]:
            rq, rr = rotate(q, r, times)
            terms.append((kind, rq * COL + rr))
        key = tuple(sorted(terms))
        if key not in seen:
            seen.append(key)
    return tuple(seen)


def anchor_function(cells: Cells) -> Callable[[Sequence[int]], int]:
    """A function built for one habitat: a board's stack masks → cells where the card's cube may go
    (cubes apart); straight-line code for the interpreter (``anchor_tables`` for the compiled engine)."""
    rotations = rotations_of(cells)
    cube_kind = cells[0][2]
    kinds = sorted({cube_kind} | {k for rot in rotations for k, _ in rot})
    lines = ["def anchors(sm):"]
    for k in [cube_kind] + [k for k in kinds if k != cube_kind]:  # any kind missing: no habitat
        sids = [s for s in range(NUM_STACKS) if STACK_KIND[s] == k]
        lines.append(f"    k{k} = " + " | ".join(f"sm[{s}]" for s in sids))
        lines.append(f"    if not k{k}:")
        lines.append("        return 0")
    alternatives = []
    for rot in rotations:
        parts = [f"(k{k} >> {d})" if d > 0 else f"(k{k} << {-d})" for k, d in rot]
        alternatives.append(" & ".join(parts))
    body = " | ".join(f"({a})" for a in alternatives) if alternatives else "-1"
    lines.append(f"    return k{cube_kind} & ({body})")
    namespace: dict[str, Callable[[Sequence[int]], int]] = {}
    exec("\n".join(lines), namespace)  # built from validated card data (whole numbers and kinds only)
    return namespace["anchors"]


def side_by_id(side_id: str) -> Side:
    """The shared :class:`Side` with this id (how a pickled side comes back)."""
    return SIDE[side_id]


def placements(side: Side, card: int) -> tuple[tuple[int, int, tuple[tuple[int, int], ...]], ...]:
    """Every placement of a card's habitat on a side, in every rotation, as bit masks:
    ``(cube cell, rotation, ((kind, mask of the cells that must be that kind), ...))``.

    ``ANCHORS`` computes the same thing for all placements at once by shifting kind masks;
    this explicit list is kept to check it.

    >>> a = SIDE["A"]
    >>> fish = placements(a, 2)   # water with a height-3 mountain beside it
    >>> len(fish), a.names[fish[0][0]]
    (100, 'a1')
    """
    out = []
    for cell, (q0, r0) in enumerate(side.qr):
        for times in range(6):
            need: dict[int, int] = {}
            for q, r, kind in CARD_CELLS[card]:
                dq, dr = rotate(q, r, times)
                target = side.at(q0 + dq, r0 + dr)
                if target < 0:
                    break
                need[kind] = need.get(kind, 0) | side.bits[target]
            else:
                out.append((cell, times, tuple(sorted(need.items()))))
    return tuple(out)


#: ANCHORS[card](stack_masks) → mask of cells whose stacks complete the card's habitat around them
ANCHORS: Final[tuple[Callable[[Sequence[int]], int], ...]] = tuple(anchor_function(c) for c in CARD_CELLS)


#: per kind its stack ids; per rotation, per other cell its (kind's place, bit offset)
AnchorTables = tuple[tuple[tuple[int, ...], ...], tuple[tuple[tuple[int, int], ...], ...]]


def anchor_tables(cells: Cells) -> AnchorTables:
    """The tables of :func:`anchor_cells` for a habitat: per kind of it (the cube's first) its stack
    ids, and per distinct rotation the (kind's place in that list, bit offset) of the other cells."""
    rotations = rotations_of(cells)
    cube_kind = cells[0][2]
    kinds = [cube_kind, *sorted({k for rot in rotations for k, _ in rot} - {cube_kind})]
    stacks = tuple(tuple(s for s in range(NUM_STACKS) if STACK_KIND[s] == k) for k in kinds)
    return stacks, tuple(tuple((kinds.index(k), d) for k, d in rot) for rot in rotations)


_ANCHOR_TABLES: Final[tuple[AnchorTables, ...]] = tuple(anchor_tables(c) for c in CARD_CELLS)


def anchor_cells(card: int, sm: list[int]) -> int:
    """``ANCHORS[card](sm)`` worked out from tables, for the compiled engine (a built-in card;
    ``anchors_from`` takes any habitat's tables).

    Interpreted, the straight-line function built for each card is faster (fewer bytecodes); compiled,
    a built function would stay interpreted, and this loop runs as C.  Each habitat cell ANDs in its
    kind's mask moved by the cell's offset; a mask moved left is done as the partial result moved right
    and back, which keeps every number as small as the board (a machine word on side A).

    >>> from hanpan.games.harmonies import GAME
    >>> s = GAME.new(players=1, seed=4)
    >>> all(anchor_cells(card, s.sm[0]) == ANCHORS[card](s.sm[0]) for card in range(len(ANCHORS)))
    True
    """
    return anchors_from(_ANCHOR_TABLES[card], sm)


def anchors_from(tables: AnchorTables, sm: list[int]) -> int:
    """The cells where a card whose habitat has these ``anchor_tables`` may take its cube (cubes apart)."""
    stacks, rotations = tables
    kinds: list[int] = []
    for sids in stacks:
        m = 0
        for sid in sids:
            m |= sm[sid]
        if not m:
            return 0  # a kind the habitat needs is nowhere on the board
        kinds.append(m)
    cube = kinds[0]
    if not rotations:
        return cube
    out = 0
    for rotation in rotations:
        c = cube
        for k, d in rotation:
            c = c & (kinds[k] >> d) if d >= 0 else ((c >> -d) & kinds[k]) << -d
            if not c:
                break
        out |= c
    return out
#: the kinds each card's habitat uses, as a bitmask
def kind_mask(cells: Cells) -> int:
    """The landscape kinds a habitat uses, as a bitmask."""
    return sum({1 << k for _, _, k in cells})


CARD_KIND_MASK: Final[tuple[int, ...]] = tuple(kind_mask(c) for c in CARD_CELLS)

