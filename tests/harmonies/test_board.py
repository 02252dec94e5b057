"""The personal board: cell names and neighbours of both sides, the stacking table cell by cell."""

from __future__ import annotations

import pytest

from hanpan.core.errors import PositionError
from hanpan.games.harmonies.board import ADD, SIDE, STACK_ID, STACK_KIND, STACKS
from hanpan.games.harmonies.data import COLOURS, KINDS
from hanpan.games.harmonies.position import stack_of

from .helpers import cells, neighbours

# The spec's stacking table: existing stack → colours that may be added; anything else takes nothing.
TABLE: dict[tuple[str, ...], set[str]] = {
    (): set(COLOURS),
    ("grey",): {"grey", "red"},
    ("grey", "grey"): {"grey"},
    ("brown",): {"brown", "green", "red"},
    ("brown", "brown"): {"green"},
    ("red",): {"red"},
}
ALL_STACKS = {
    (), ("blue",), ("yellow",), ("green",), ("brown",), ("grey",), ("red",), ("brown", "green"),
    ("brown", "brown"), ("brown", "red"), ("grey", "grey"), ("grey", "red"), ("red", "red"),
    ("brown", "brown", "green"), ("grey", "grey", "grey"),
}


def test_the_legal_stacks_are_exactly_those_the_table_allows() -> None:
    assert set(STACKS) == ALL_STACKS


@pytest.mark.parametrize("stack", sorted(ALL_STACKS, key=lambda s: (len(s), s)))
@pytest.mark.parametrize("colour", COLOURS)
def test_stacking_table_cell_by_cell(stack: tuple[str, ...], colour: str) -> None:
    allowed = colour in TABLE.get(stack, set())
    new = ADD[STACK_ID[stack] * 6 + COLOURS.index(colour)]
    assert (new >= 0) == allowed
    if allowed:
        assert STACKS[new] == (*stack, colour)
    else:
        with pytest.raises(PositionError, match="not allowed"):
            stack_of([*stack, colour], "cell a1")


def test_landscape_kinds() -> None:
    kind = {s: KINDS[STACK_KIND[STACK_ID[s]]] if STACK_KIND[STACK_ID[s]] >= 0 else None for s in ALL_STACKS}
    assert kind[("blue",)] == "water" and kind[("yellow",)] == "field"
    assert kind[("green",)] == "tree1" and kind[("brown", "green")] == "tree2"
    assert kind[("brown", "brown", "green")] == "tree3"
    assert kind[("grey",)] == "mountain1" and kind[("grey", "grey", "grey")] == "mountain3"
    assert kind[("red", "red")] == kind[("brown", "red")] == kind[("grey", "red")] == "building"
    assert kind[("red",)] is kind[("brown",)] is kind[("brown", "brown")] is kind[()] is None


@pytest.mark.parametrize("side", ["A", "B"])
def test_cell_names_and_neighbours_follow_the_spec(side: str) -> None:
    board = SIDE[side]
    assert list(board.names) == list(cells(side))
    assert board.ncells == (23 if side == "A" else 25)
    near = neighbours(side)
    for name in board.names:
        assert sorted(board.names[i] for i in board.neighbours(board.index[name])) == sorted(near[name])


def test_spec_examples_of_neighbours() -> None:
    a = SIDE["A"]
    assert a.qr[a.index["a1"]] == (0, 0) and a.qr[a.index["b1"]] == (1, 0) and a.qr[a.index["a2"]] == (0, 1)
    assert "b1" in [a.names[i] for i in a.neighbours(a.index["a1"])]
    assert {"b1", "b2"} <= {a.names[i] for i in a.neighbours(a.index["a2"])}
    assert SIDE["B"].names == ("a1", "a2", "a3", "a4", "b1", "b2", "b3", "c1", "c2", "c3", "c4", "d1", "d2", "d3",
                               "e1", "e2", "e3", "e4", "f1", "f2", "f3", "g1", "g2", "g3", "g4")


def test_the_packaged_card_data_is_the_specs() -> None:
    import json

    from .helpers import CARDS, SPEC

    spec = SPEC / "harmonies_cards.json"
    if not spec.exists():
        pytest.skip("../shared/spec is not beside this checkout")
    assert json.loads(spec.read_text("utf-8")) == CARDS


def test_a_bad_data_file_is_refused() -> None:
    from hanpan.core.errors import DataError
    from hanpan.games.harmonies import data

    card = {"id": "x", "cube_on": "water", "cells": [{"q": 0, "r": 0, "kind": "lava", "cube": True}]}
    with pytest.raises(DataError, match="kind 'lava' is not allowed"):
        data._check_cells(card, "cards.json", "animal x")
    card = {"id": "x", "cube_on": "water", "cells": [{"q": 1, "r": 0, "kind": "water", "cube": True}]}
    with pytest.raises(DataError, match="cube cell must be"):
        data._check_cells(card, "cards.json", "animal x")
