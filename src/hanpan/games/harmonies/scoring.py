"""Scoring a board by category, from its stack masks (see ``board``), and the solo suns.

>>> from hanpan.games.harmonies.board import SIDE, STACK_ID, NUM_STACKS
>>> a = SIDE["A"]
>>> sm = [0] * NUM_STACKS
>>> for name in ("a1", "b1", "c2", "d2", "e3", "e4", "d4", "c4"):   # a winding river of 8
...     sm[STACK_ID[("blue",)]] |= a.bits[a.index[name]]
>>> landscape_points(a, sm)
(0, 0, 0, 0, 23)
>>> suns(130, "A", LION)
7
"""

from __future__ import annotations

from typing import Any, Final

from hanpan.core.bits import popcount
from hanpan.games.harmonies.board import (
    BUILDING_STACKS,
    STACK_ID,
    STACK_KIND,
    TOPPED,
    Side,
    diameter,
    groups,
    spread_within,
)
from hanpan.games.harmonies.data import (
    BUILDING_MIN_COLOURS,
    BUILDING_POINTS,
    CARD_INDEX,
    CARD_POINTS,
    FIELD_MIN,
    FIELD_POINTS,
    ISLAND_POINTS,
    MOUNTAIN2,
    MOUNTAIN_POINTS,
    SPIRIT_SCORING,
    SPIRIT_SUN_BONUS,
    SUN_NO_SPIRIT,
    SUN_SIDE_BONUS,
    SUN_THRESHOLDS,
    TREE1,
    TREE3,
    TREE_POINTS,
    river_points,
)

CATEGORIES: Final = ("trees", "mountains", "fields", "buildings", "water", "animals", "spirit")
LION: Final = CARD_INDEX["lion_spirit"]

_BLUE: Final = STACK_ID[("blue",)]
_YELLOW: Final = STACK_ID[("yellow",)]
_T1: Final = STACK_ID[("green",)]
_T2: Final = STACK_ID[("brown", "green")]
_T3: Final = STACK_ID[("brown", "brown", "green")]
_M1: Final = STACK_ID[("grey",)]
_M2: Final = STACK_ID[("grey", "grey")]
_M3: Final = STACK_ID[("grey", "grey", "grey")]
assert STACK_KIND[_T1] == TREE1 and STACK_KIND[_T3] == TREE3 and STACK_KIND[_M2] == MOUNTAIN2

_river_cache: Final[dict[int, int]] = {}


def river_score(blue: int) -> int:
    """Side A: points of the best river of a mask of blue cells (memoised by mask)."""
    points = _river_cache.get(blue)
    if points is None:
        points = max((river_points(diameter(g)) for g in groups(blue)), default=0)
        if len(_river_cache) > 200_000:
            _river_cache.clear()
        _river_cache[blue] = points
    return points


def building_mask(sm: list[int]) -> int:
    return sm[BUILDING_STACKS[0]] | sm[BUILDING_STACKS[1]] | sm[BUILDING_STACKS[2]]


def landscape_points(side: Side, sm: list[int]) -> tuple[int, int, int, int, int]:
    """(trees, mountains, fields, buildings, water) of a board given by its stack masks."""
    trees = (TREE_POINTS[1] * popcount(sm[_T1]) + TREE_POINTS[2] * popcount(sm[_T2])
             + TREE_POINTS[3] * popcount(sm[_T3]))
    mountain = sm[_M1] | sm[_M2] | sm[_M3]
    mountains = 0
    if mountain:
        near = spread_within(mountain, mountain)
        mountains = (MOUNTAIN_POINTS[1] * popcount(sm[_M1] & near)
                     + MOUNTAIN_POINTS[2] * popcount(sm[_M2] & near)
                     + MOUNTAIN_POINTS[3] * popcount(sm[_M3] & near))
    yellow = sm[_YELLOW]
    fields = 0
    if yellow:
        if FIELD_MIN == 2:
            fields = FIELD_POINTS * len(groups(spread_within(yellow, yellow)))
        else:
            fields = FIELD_POINTS * sum(1 for g in groups(yellow) if popcount(g) >= FIELD_MIN)
    buildings = 0
    built = building_mask(sm)
    if built:
        # a bit-sliced counter: at_least[k] = cells next to k or more colours (on top of a stack)
        at_least = [-1] + [0] * BUILDING_MIN_COLOURS
        for colour in range(6):
            top = 0
            for sid in TOPPED[colour]:
                top |= sm[sid]
            if not top:  # no token of this colour on top: it adds to no count
                continue
            near = spread_within(top, built)  # only the buildings' cells are counted
            for k in range(BUILDING_MIN_COLOURS, 0, -1):
                at_least[k] = at_least[k] | (at_least[k - 1] & near)
        buildings = BUILDING_POINTS * popcount(built & at_least[BUILDING_MIN_COLOURS])
    blue = sm[_BLUE]
    water = (river_score(blue) if blue else 0) if side.id == "A" else ISLAND_POINTS * len(groups(side.board & ~blue))
    return trees, mountains, fields, buildings, water


def card_points(card: int, placed: int) -> int:
    """An animal card's points with ``placed`` cubes removed from its track (0 for none).

    >>> card_points(CARD_INDEX["fish"], 1), card_points(CARD_INDEX["fish"], 4), card_points(0, 0)
    (3, 16, 0)
    """
    return track_points(CARD_POINTS[card], placed)


def track_points(track: tuple[int, ...], placed: int) -> int:
    """The points of a track (top to bottom) with ``placed`` cubes removed from it (0 for none).

    >>> track_points((16, 10, 6, 3), 2)
    6
    """
    return track[len(track) - placed] if placed else 0


def spirit_points(card: int, sm: list[int]) -> int:
    """A placed built-in Nature's Spirit's points on a board (``rule_points`` of its rule)."""
    return rule_points(SPIRIT_SCORING[card], sm)


def rule_points(rule: dict[str, Any], sm: list[int]) -> int:
    """A placed Nature's Spirit's points on a board, by its rule (card data, checked by
    ``hanpan.games.harmonies.data.check_cards``).

    >>> from hanpan.games.harmonies.board import NUM_STACKS
    >>> rule_points({"type": "count", "of": "water_token", "points_each": 2}, [0] * NUM_STACKS)
    0
    """
    of = rule["of"]
    if rule["type"] == "groups":
        if of == "field":
            mask = sm[_YELLOW]
        elif of == "water":
            mask = sm[_BLUE]
        else:
            mask = building_mask(sm)
        found = groups(mask)
        if "points_by_group_size" in rule:
            table = rule["points_by_group_size"]
            total = 0
            for g in found:
                size = popcount(g)
                total += table.get(str(size)) or _open_ended(table, size)
            return total
        min_size = rule.get("min_size", 1)
        return int(rule["points_per_group"]) * sum(1 for g in found if popcount(g) >= min_size)
    if of == "water_token":
        return int(rule["points_each"]) * popcount(sm[_BLUE])
    stacks = (_T1, _T2, _T3) if of == "tree" else (_M1, _M2, _M3)
    table = rule["points_by_height"]
    return sum(int(table[str(h + 1)]) * sm[stacks[h]].bit_count() for h in range(3))


def _open_ended(table: dict[str, int], size: int) -> int:
    best = 0
    for key, value in table.items():
        if key.endswith("+") and size >= int(key[:-1]):
            best = value
    return best


def suns(total: int, side: str, spirit: int | None, sun_bonus: dict[int, int] | None = None) -> int:
    """Solo suns: the score table plus the side bonus and the spirit bonus (-1/None: no spirit;
    ``sun_bonus``: each spirit's bonus, the built-in cards' by default)."""
    count = sum(1 for t in SUN_THRESHOLDS if total >= t)
    count += SUN_SIDE_BONUS.get(side, 0)
    bonus = SPIRIT_SUN_BONUS if sun_bonus is None else sun_bonus
    count += SUN_NO_SPIRIT if spirit is None or spirit < 0 else bonus[spirit]
    return count

