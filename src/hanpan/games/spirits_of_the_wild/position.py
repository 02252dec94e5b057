"""Boards in the position format of architecture.md, read with full validation.

>>> data = {"animals": {"owl": [["blue", "blue"], ["teal", "teal"], ["white"]]}, "spirit_stones": ["owl"]}
>>> board = board_from_json(data)
>>> board_to_json(board, 0)["animals"]["owl"]
[['blue', 'blue'], ['teal', 'teal'], ['white']]
>>> board_from_json({"animals": {"owl": [["blue", "teal"], [], []]}})
Traceback (most recent call last):
...
hanpan.core.errors.PositionError: owl pair 1 mixes colours (blue, teal); each pair must be one colour
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hanpan.core.errors import PositionError
from hanpan.games.spirits_of_the_wild.data import ANIMALS, COLOURS, PLACE_SIZE, STONE_COUNTS

_OWL, _RABBIT, _BEAVER, _SALMON, _TURTLE = ANIMALS


def board_to_json(board: Sequence[int], base: int) -> dict[str, Any]:
    """The board whose 9 ints start at ``base``, as position JSON."""

    def same(value: int) -> list[str]:
        return [COLOURS[value & 7]] * (value >> 3)

    def distinct(value: int) -> list[str]:
        return [COLOURS[c] for c in range(6) if value >> c & 1]

    b = board[base:base + 9]
    return {
        "animals": {
            _OWL: [same(b[0]), same(b[1]), same(b[2])],
            _RABBIT: distinct(b[3]),
            _BEAVER: [same(b[4]), same(b[5])],
            _SALMON: distinct(b[6]),
            _TURTLE: same(b[7]),
        },
        "spirit_stones": [ANIMALS[a] for a in range(5) if b[8] >> a & 1],
    }


def board_from_json(data: object) -> list[int]:
    """The 9 board ints of a position's board; anything impossible raises PositionError."""
    if not isinstance(data, Mapping):
        raise PositionError("a board must be an object with 'animals' and 'spirit_stones'")
    animals = data.get("animals", {})
    if not isinstance(animals, Mapping):
        raise PositionError("'animals' must be an object keyed by owl, rabbit, beaver, salmon, turtle")
    for key in animals:
        if key not in ANIMALS:
            raise PositionError(f"unknown animal {key!r}; animals: {', '.join(ANIMALS)}")
    board = [0] * 9
    used = [0] * 6
    owl = _groups(animals.get(_OWL, [[], [], []]), _OWL, 3)
    for i, pair in enumerate(owl):
        board[i] = _same(pair, f"owl pair {i + 1}", PLACE_SIZE[i], "each pair must be one colour", used)
    board[3] = _distinct(animals.get(_RABBIT, []), _RABBIT, PLACE_SIZE[3], used)
    beaver = _groups(animals.get(_BEAVER, [[], []]), _BEAVER, 2)
    board[4] = _same(beaver[0], "beaver 3-set", PLACE_SIZE[4], "each set must be one colour", used)
    board[5] = _same(beaver[1], "beaver 2-set", PLACE_SIZE[5], "each set must be one colour", used)
    board[6] = _distinct(animals.get(_SALMON, []), _SALMON, PLACE_SIZE[6], used)
    board[7] = _same(animals.get(_TURTLE, []), _TURTLE, PLACE_SIZE[7], "its stones must be one colour", used)
    for colour, count in enumerate(used):
        if count > STONE_COUNTS[colour]:
            raise PositionError(f"{count} {COLOURS[colour]} stones on one board; the game has "
                                f"{STONE_COUNTS[colour]}")
    spirits = data.get("spirit_stones", [])
    if not isinstance(spirits, list):
        raise PositionError("'spirit_stones' must be a list of animal names")
    for animal in spirits:
        if animal not in ANIMALS:
            raise PositionError(f"spirit stone on unknown animal {animal!r}; animals: {', '.join(ANIMALS)}")
        bit = 1 << ANIMALS.index(animal)
        if board[8] & bit:
            raise PositionError(f"two spirit stones on the {animal}; an animal has one spirit slot")
        board[8] |= bit
    return board


def _groups(value: object, animal: str, count: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != count or not all(isinstance(g, list) for g in value):
        raise PositionError(f"{animal} must be a list of {count} lists of stones")
    return value


def _colours(stones: object, where: str) -> list[int]:
    if not isinstance(stones, list):
        raise PositionError(f"{where} must be a list of colours")
    result = []
    for stone in stones:
        if stone == "spirit":
            raise PositionError(f"a spirit stone in a stone slot of the {where}; spirit stones go only "
                                "in 'spirit_stones'")
        if stone not in COLOURS:
            raise PositionError(f"unknown colour {stone!r} in the {where}; colours: {', '.join(COLOURS)}")
        result.append(COLOURS.index(stone))
    return result


def _same(stones: object, where: str, size: int, rule: str, used: list[int]) -> int:
    colours = _colours(stones, where)
    if len(colours) > size:
        raise PositionError(f"{len(colours)} stones in the {where}; it holds {size}")
    if len(set(colours)) > 1:
        names = ", ".join(COLOURS[c] for c in colours)
        raise PositionError(f"{where} mixes colours ({names}); {rule}")
    for c in colours:
        used[c] += 1
    return len(colours) * 8 + colours[0] if colours else 0


def _distinct(stones: object, where: str, size: int, used: list[int]) -> int:
    colours = _colours(stones, where)
    if len(colours) > size:
        raise PositionError(f"{len(colours)} stones on the {where}; it holds {size}")
    if len(set(colours)) != len(colours):
        raise PositionError(f"the {where} repeats a colour; its stones must all differ")
    mask = 0
    for c in colours:
        mask |= 1 << c
        used[c] += 1
    return mask
