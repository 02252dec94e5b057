"""Each card's habitats on a player's board, worked out with bit masks: which stacks may still become
each landscape kind, which already hold its tokens, the habitats' rotations, and per card how far its
habitats are built (``_LEVELS``: the cube cells of habitats holding at least L of their tokens) or
finished (``_PROGRESS``, for a spirit).  The evaluation (hanpan.games.harmonies.heuristic) values held
cards by them, and hanpan.games.harmonies.outlook counts the tokens a card still lacks.

The functions come in two forms that give the same results (see docs/developing.md, Speed): straight-line
code built once with ``exec`` for the interpreter (``_LEVELS``, ``_habitat_masks``), and loops over
tables for the compiled engine (``_levels_compiled``, ``_habitat_masks_compiled``), where a function
built by ``exec`` would stay interpreted.  The names keep their leading underscore: they are the
evaluation's internals, not an API.

>>> from hanpan.games.harmonies import GAME
>>> from hanpan.games.harmonies.data import CARD_INDEX
>>> s = GAME.new(players=1, seed=1)
>>> can, units = _habitat_masks(s.sm[0])
>>> levels = _LEVELS[CARD_INDEX["falcon"]](units, can, ~0)  # nothing built: every level but 0 is empty
>>> len(levels), levels[0] != 0, any(levels[1:])
(5, True, False)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from hanpan.core.errors import DataError
from hanpan.games.harmonies.board import EMPTY, STACK_ID, rotations_of
from hanpan.games.harmonies.data import (
    BUILDING,
    CARD_CELLS,
    FIELD,
    KINDS,
    MOUNTAIN1,
    MOUNTAIN2,
    MOUNTAIN3,
    TREE1,
    TREE2,
    TREE3,
    WATER,
    Cells,
)

#: stack ids by their colours, bottom first (N: brown, S: grey)
_B: Final = STACK_ID[("blue",)]
_Y: Final = STACK_ID[("yellow",)]
_G: Final = STACK_ID[("green",)]
_N: Final = STACK_ID[("brown",)]
_S: Final = STACK_ID[("grey",)]
_R: Final = STACK_ID[("red",)]
_NN: Final = STACK_ID[("brown", "brown")]
_SS: Final = STACK_ID[("grey", "grey")]
_NG: Final = STACK_ID[("brown", "green")]
_NNG: Final = STACK_ID[("brown", "brown", "green")]
_SSS: Final = STACK_ID[("grey",) * 3]
_BUILT: Final = (STACK_ID[("brown", "red")], STACK_ID[("grey", "red")], STACK_ID[("red", "red")])

#: stacks that may still become each kind (a cell holding a cube never changes)
_CAN_BECOME: Final[dict[int, tuple[int, ...]]] = {
    WATER: (EMPTY, _B), FIELD: (EMPTY, _Y), TREE1: (EMPTY, _G), TREE2: (EMPTY, _N, _NG),
    TREE3: (EMPTY, _N, _NN, _NNG), MOUNTAIN1: (EMPTY, _S), MOUNTAIN2: (EMPTY, _S, _SS),
    MOUNTAIN3: (EMPTY, _S, _SS, _SSS), BUILDING: (EMPTY, _N, _S, _R, *_BUILT),
}
_IS: Final[dict[int, tuple[int, ...]]] = {
    WATER: (_B,), FIELD: (_Y,), TREE1: (_G,), TREE2: (_NG,), TREE3: (_NNG,), MOUNTAIN1: (_S,),
    MOUNTAIN2: (_SS,), MOUNTAIN3: (_SSS,), BUILDING: _BUILT,
}
assert set(_CAN_BECOME) == set(_IS) == set(range(len(KINDS)))

#: per card: the cube cell's kind and, per distinct rotation, the (kind, offset) of the other cells
_ROTATIONS: Final = tuple(rotations_of(c) for c in CARD_CELLS)
_CUBE_KIND: Final = tuple(c[0][2] for c in CARD_CELLS)


def _shift(expr: str, offset: int) -> str:
    """Source text moving a padded board mask by ``offset`` bits (a habitat cell's place)."""
    return f"({expr} >> {offset})" if offset > 0 else f"({expr} << {-offset})"


def progress_function(habitat: Cells) -> Callable[[list[int], list[int], int], int]:
    """A function built for a habitat: (is-masks, can-become masks, cube-free mask) → the most cells of
    one of its placements already right where the rest can still be built (-1: nowhere buildable)."""
    from itertools import combinations

    cells = len(habitat)
    cube_kind = habitat[0][2]

    lines = ["def progress(is_, can, free):",
             f"    a_can = can[{cube_kind}] & free",
             "    if not a_can:",
             "        return -1",
             f"    i0 = is_[{cube_kind}] & free",
             "    best = 0"]
    for rotation in rotations_of(habitat):
        cond = " & ".join(["a_can"] + [_shift(f"can[{k}]", d) for k, d in rotation])
        lines.append(f"    c = {cond}")
        lines.append("    if c:")
        names = ["i0"]
        for j, (k, d) in enumerate(rotation, 1):
            lines.append(f"        i{j} = {_shift(f'is_[{k}]', d)}")
            names.append(f"i{j}")
        for level in range(cells, 0, -1):
            alternatives = " | ".join("(" + " & ".join(combo) + ")" for combo in combinations(names, level))
            if level == cells:
                lines.append(f"        if c & {alternatives}:")
                lines.append(f"            return {cells}")
            else:
                lines.append(f"        if best < {level} and c & ({alternatives}):")
                lines.append(f"            best = {level}")
    lines.append("    return best")
    namespace: dict[str, Callable[[list[int], list[int], int], int]] = {}
    exec("\n".join(lines), namespace)  # built from validated card data (whole numbers and kinds only)
    return namespace["progress"]


_PROGRESS: Final = tuple(progress_function(c) for c in CARD_CELLS)


#: per kind, per token on the way to it: the stacks already holding at least that many of its tokens
#: (a cell of a tall tree or mountain, or of a building, takes 2–3 tokens: each counts toward a habitat)
_TOKENS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {
    WATER: ((_B,),), FIELD: ((_Y,),), TREE1: ((_G,),), TREE2: ((_N, _NG), (_NG,)),
    TREE3: ((_N, _NN, _NNG), (_NN, _NNG), (_NNG,)), MOUNTAIN1: ((_S,),), MOUNTAIN2: ((_S, _SS), (_SS,)),
    MOUNTAIN3: ((_S, _SS, _SSS), (_SS, _SSS), (_SSS,)), BUILDING: ((_N, _S, _R, *_BUILT), _BUILT),
}
assert all(set(sids) <= set(_CAN_BECOME[k]) for k, units in _TOKENS.items() for sids in units)


def levels_function(habitat: Cells) -> Callable[[list[list[int]], list[int], int], list[int]]:
    """A function built for a habitat: (per kind the masks of cells with ≥ 1, 2, 3 of its tokens,
    can-become masks, cube-free mask) → ``[M0, M1, …, Mt]`` (t: the tokens the habitat takes) where ``ML``
    holds the cube cells of its placements (any rotation) that can still be completed and already hold at
    least L of those tokens (``M0 == 0``: nowhere buildable)."""
    rotations = rotations_of(habitat)
    cube_kind = habitat[0][2]
    kinds = [cube_kind] + [k for k, _ in rotations[0]]
    total = sum(len(_TOKENS[k]) for k in kinds)

    used = sorted({k for rotation in rotations for k, _ in rotation} | {cube_kind})
    outs = [f"o{level}" for level in range(total + 1)]
    # straight-line code on local names (list items cost a lookup each): the masks read once, then per
    # rotation a bit-sliced counter, gL = cells with at least L of the habitat's tokens in place
    lines = ["def levels(units, can, free):",
             f"    a_can = can[{cube_kind}] & free",
             "    if not a_can:",
             f"        return [0] * {total + 1}",
             *(f"    can{k} = can[{k}]" for k in used),
             *(f"    u{k}_{j} = units[{k}][{j}]" for k in used for j in range(len(_TOKENS[k]))),
             f"    {' = '.join(outs)} = 0"]
    for rotation in rotations:
        cond = " & ".join(["a_can"] + [_shift(f"can{k}", d) for k, d in rotation])
        lines.append(f"    c = {cond}")
        lines.append("    if c:")
        lines.append("        o0 |= c")
        terms = [f"u{cube_kind}_{j}" for j in range(len(_TOKENS[cube_kind]))]
        terms += [_shift(f"u{k}_{j}", d) for k, d in rotation for j in range(len(_TOKENS[k]))]
        for i, term in enumerate(terms):
            lines.append(f"        x = {term}")
            lines.append(f"        g{i + 1} = {'c' if i == 0 else f'g{i}'} & x")
            for level in range(i, 0, -1):
                lines.append(f"        g{level} |= {'c' if level == 1 else f'g{level - 1}'} & x")
        for level in range(1, total + 1):
            lines.append(f"        o{level} |= g{level}")
    lines.append(f"    return [{', '.join(outs)}]")
    namespace: dict[str, Callable[[list[list[int]], list[int], int], list[int]]] = {}
    exec("\n".join(lines), namespace)  # built from validated card data (whole numbers and kinds only)
    return namespace["levels"]


_LEVELS: Final = tuple(levels_function(c) for c in CARD_CELLS)

#: per card, for :func:`_levels_compiled`: the cube's kind, the tokens its habitat takes (at most 7), and per rotation
#: (frame, the other cells' (kind, shift) of their can-become masks, every token's (kind, unit, shift))
LevelTables = tuple[int, int, tuple[tuple[int, tuple[tuple[int, int], ...], tuple[tuple[int, int, int], ...]], ...]]


def level_tables(habitat: Cells) -> LevelTables:
    """The rotations of ``levels_function(habitat)`` as data.  Each rotation is worked out in a frame moved
    right by the largest left shift it has (its ``frame``): every mask then only moves right, so no
    number outgrows the board, and no cell is lost (a cube cell below the frame has no habitat cell
    where the largest left shift points)."""
    cube_kind = habitat[0][2]
    turned = rotations_of(habitat)
    total = sum(len(_TOKENS[k]) for k in [cube_kind, *(k for k, _ in turned[0])])
    rotations = []
    for rotation in turned:
        frame = max([0, *(-d for _, d in rotation)])
        cond = tuple((k, frame + d) for k, d in rotation)
        tokens = (*((cube_kind, j, frame) for j in range(len(_TOKENS[cube_kind]))),
                  *((k, j, frame + d) for k, d in rotation for j in range(len(_TOKENS[k]))))
        rotations.append((frame, cond, tokens))
    return cube_kind, total, tuple(rotations)


_LEVEL_TABLES: Final[tuple[LevelTables, ...]] = tuple(level_tables(c) for c in CARD_CELLS)
if max(tables[1] for tables in _LEVEL_TABLES) > 7:
    raise DataError("a habitat takes at most 7 tokens (the compiled count has 3 bit planes)")


def _levels_compiled(card: int, units: list[list[int]], can: list[int], free: int) -> list[int]:
    """``_LEVELS[card](units, can, free)`` of a built-in card: ``levels_from`` its tables."""
    return levels_from(_LEVEL_TABLES[card], units, can, free)


def levels_from(tables: LevelTables, units: list[list[int]], can: list[int], free: int) -> list[int]:
    """``levels_function(habitat)(units, can, free)`` from the habitat's ``level_tables``, for the compiled
    engine (a function built by ``exec`` stays interpreted; this loop runs as C).  Per rotation, the
    habitat's tokens in place are counted per cell in binary, one bit plane per local name (``ones``,
    ``twos``, ``fours``: a habitat takes at most 7 tokens), so no partial result is stored in a list (each
    store would box an int).

    >>> from hanpan.core.rng import Rng
    >>> from hanpan.games.harmonies import GAME
    >>> from hanpan.games.harmonies.data import NUM_ANIMALS
    >>> s, rng = GAME.new(players=1, seed=2), Rng(2)
    >>> for _ in range(20):
    ...     legal = s.legal_actions(); s.apply(legal[rng.randbelow(len(legal))])
    >>> can, units = _habitat_masks(s.sm[0])
    >>> all(_levels_compiled(c, units, can, -1) == _LEVELS[c](units, can, -1) for c in range(NUM_ANIMALS))
    True
    """
    cube_kind, total, rotations = tables
    out = [0] * (total + 1)
    a_can = can[cube_kind] & free
    if not a_can:
        return out
    for frame, cond, tokens in rotations:
        c = a_can >> frame
        for k, shift in cond:
            c &= can[k] >> shift
        if not c:
            continue
        out[0] = out[0] | (c << frame)
        ones = twos = fours = 0  # per cell of c, the tokens in place, in binary
        for k, j, shift in tokens:
            carry = units[k][j] >> shift & c
            ones, carry = ones ^ carry, ones & carry
            twos, carry = twos ^ carry, twos & carry
            fours |= carry
        # no cell counts more than 1 without a ``twos`` bit, nor more than 3 without a ``fours`` bit: the
        # levels above that are empty, and most habitats under way are far from full
        most = total if fours else min(total, 3) if twos else 1
        for level in range(1, most + 1):
            out[level] = out[level] | (_at_least(level, c, ones, twos, fours) << frame)
    return out


def _at_least(level: int, cells: int, ones: int, twos: int, fours: int) -> int:
    """The cells whose count, in bit planes, is at least ``level`` (0-7): compared plane by plane from
    the top, a cell is above once it has a 1 where ``level`` has a 0, and stays equal while they agree.

    >>> # four cells, bits 0-3, counting 3, 2, 1 and 4
    >>> [_at_least(level, 0b1111, 0b0101, 0b0011, 0b1000) for level in (1, 3, 4, 5)]
    [15, 9, 8, 0]
    """
    above = 0
    equal = cells
    if level & 4:
        equal &= fours
    else:
        above |= equal & fours
        equal &= ~fours
    if level & 2:
        equal &= twos
    else:
        above |= equal & twos
        equal &= ~twos
    if level & 1:
        equal &= ones
    else:
        above |= equal & ones
        equal &= ~ones
    return above | equal


def _habitat_masks_function() -> Callable[[list[int]], tuple[list[int], list[list[int]]]]:
    """A compiled function: stack masks → per kind, the cells that can still become it, and the cells
    holding ≥ 1, 2, 3 of its tokens (straight-line code: ``static_value`` calls it on every board)."""

    def union(sids: tuple[int, ...]) -> str:
        return " | ".join(f"sm[{sid}]" for sid in sids)

    can = ", ".join(union(_CAN_BECOME[kind]) for kind in range(len(KINDS)))
    units = ", ".join("[" + ", ".join(union(sids) for sids in _TOKENS[kind]) + "]" for kind in range(len(KINDS)))
    namespace: dict[str, Callable[[list[int]], tuple[list[int], list[list[int]]]]] = {}
    exec(f"def habitat_masks(sm):\n    return [{can}], [{units}]", namespace)  # from the fixed tables above
    return namespace["habitat_masks"]


#: per kind: the cells that can still become it, and the cells holding ≥ 1, 2, 3 of its tokens
_habitat_masks: Final = _habitat_masks_function()
_CAN_STACKS: Final = tuple(_CAN_BECOME[kind] for kind in range(len(KINDS)))
_UNIT_STACKS: Final = tuple(_TOKENS[kind] for kind in range(len(KINDS)))


def _habitat_masks_compiled(sm: list[int]) -> tuple[list[int], list[list[int]]]:
    """``_habitat_masks(sm)`` from the tables, for the compiled engine (see ``_levels_compiled``).

    >>> from hanpan.games.harmonies import GAME
    >>> sm = GAME.new(players=1, seed=2).sm[0]
    >>> _habitat_masks_compiled(sm) == _habitat_masks(sm)
    True
    """
    can = [_mask(sm, sids) for sids in _CAN_STACKS]
    units = [[_mask(sm, sids) for sids in per_token] for per_token in _UNIT_STACKS]
    return can, units


def _mask(sm: list[int], sids: tuple[int, ...]) -> int:
    m = 0
    for sid in sids:
        m |= sm[sid]
    return m
