"""A game's cards: the built-in set, or a designer's card file (option ``cards``, docs/data.md), with
everything the rules, the moves and the evaluation look up per card, worked out once per set.

A state reaches its cards through ``state.cardset``; the built-in set is one shared object, so a game
of the built-in cards looks up exactly the tables it always did (the same results, the same speed).
A file keeps the built-in card ids and order (the moves' notation names them) and may change each
card's habitat, cube kind and points track, and each spirit's habitat, rule and solo sun bonus.

>>> BUILTIN.source, BUILTIN.cubes[2], BUILTIN.points[2], BUILTIN.most_cubes
('built-in', 4, (16, 10, 6, 3), 5)
>>> cards_for(None) is BUILTIN
True
>>> import copy, json, tempfile
>>> data = export_cards(); data["animals"][2]["points_top_to_bottom"] = [20, 10, 6, 3]
>>> path = tempfile.mkstemp(suffix=".json")[1]
>>> _ = open(path, "w").write(json.dumps(data))
>>> cards_for(path).points[2], cards_for(path) is cards_for(path)
((20, 10, 6, 3), True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any, Final

from hanpan.games.harmonies import board, habitats
from hanpan.games.harmonies.data import CARDS, Cells, card_tables, export_cards, read_cards_file

__all__ = ["BUILTIN", "CardSet", "builtin_cards", "cards_for", "export_cards"]


def _stacks_read(cells: Cells) -> frozenset[int]:
    """The stacks a card's value reads: those its habitat's kinds can become or are made of."""
    kinds = {cells[0][2], *(k for k, _ in board.rotations_of(cells)[0])}
    return frozenset(sid for kind in kinds
                     for sid in (*habitats._CAN_BECOME[kind], *(s for unit in habitats._TOKENS[kind] for s in unit)))


class CardSet:
    """One set of 42 cards (32 animals, then 10 spirits) as tables by card index; shared by every state
    that plays with it (never mutate it)."""

    __slots__ = ("anchor_tables", "anchors", "cells", "cubes", "data", "down_keys", "kind_mask", "level_tables",
                 "levels", "most_cubes", "points", "progress", "read_table", "source", "spirit_scoring", "steps",
                 "sun_bonus")

    def __init__(self, data: dict[str, Any], source: str) -> None:
        builtin = source == "built-in"
        self.data = data
        self.source = source
        cubes, points, cells, rules, suns = card_tables(data)
        self.cubes: tuple[int, ...] = cubes
        self.points: tuple[tuple[int, ...], ...] = points
        self.cells: tuple[Cells, ...] = cells
        self.most_cubes: int = max(cubes)  # a supply this big lets any displayed card be taken
        self.spirit_scoring: dict[int, dict[str, Any]] = rules
        self.sun_bonus: dict[int, int] = suns
        #: the landscape kinds each habitat uses, as a bitmask
        self.kind_mask: tuple[int, ...] = board.CARD_KIND_MASK if builtin else tuple(board.kind_mask(c) for c in cells)
        #: where a card's cube may go: built functions (interpreted) and their tables (compiled)
        self.anchors: tuple[Callable[[Sequence[int]], int], ...] = (
            board.ANCHORS if builtin else tuple(board.anchor_function(c) for c in cells))
        self.anchor_tables: tuple[board.AnchorTables, ...] = (
            board._ANCHOR_TABLES if builtin else tuple(board.anchor_tables(c) for c in cells))
        #: how far each habitat is built (hanpan.games.harmonies.habitats), in both forms
        self.progress: tuple[Callable[[list[int], list[int], int], int], ...] = (
            habitats._PROGRESS if builtin else tuple(habitats.progress_function(c) for c in cells))
        self.levels: tuple[Callable[[list[list[int]], list[int], int], list[int]], ...] = (
            habitats._LEVELS if builtin else tuple(habitats.levels_function(c) for c in cells))
        self.level_tables: tuple[habitats.LevelTables, ...] = (
            habitats._LEVEL_TABLES if builtin else tuple(habitats.level_tables(c) for c in cells))
        # the evaluation's tables (hanpan.games.harmonies.heuristic): per card, per cubes placed, the points
        # each cube still on the track adds, the next one first; the bytes.translate table keeping the stacks
        # its value reads (all others blurred into one); the bytes naming (card, cubes down) in a memo key
        self.steps: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(track[len(track) - k - 1] - (track[len(track) - k] if k else 0)
                        for k in range(placed, len(track))) for placed in range(len(track) + 1))
            for track in points)
        self.read_table: tuple[bytes, ...] = tuple(
            bytes(sid if sid in stacks else 255 for sid in range(256)) for stacks in map(_stacks_read, cells))
        self.down_keys: tuple[tuple[bytes, ...], ...] = tuple(
            tuple(card.to_bytes(2, "little") + bytes((down,)) for down in range(cubes[card] + 1))
            for card in range(len(cubes)))

    def __reduce__(self) -> tuple[Any, ...]:
        # the shared built-in set itself; a file's set rebuilt from its data (compiled (mypyc) classes are
        # unpickled through __init__)
        if self.source == "built-in":
            return (builtin_cards, ())
        return (CardSet, (self.data, self.source))


@lru_cache(maxsize=1)
def builtin_cards() -> CardSet:
    """The cards of the spec (``data/cards.json``)."""
    return CardSet(CARDS, "built-in")


BUILTIN: Final = builtin_cards()


@lru_cache(maxsize=16)
def _file_cards(path: str) -> CardSet:
    return CardSet(read_cards_file(path), path)


def cards_for(path: str | None) -> CardSet:
    """The built-in cards for None, else the card file's (read and checked once per path)."""
    return BUILTIN if path is None else _file_cards(path)
