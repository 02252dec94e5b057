"""Habitats: every animal and spirit card found on a constructed board in each of its 6 rotations
(tree and mountain heights exact), and not found when one cell is one height off or another kind."""

from __future__ import annotations

import pytest

from hanpan.games.harmonies.board import ANCHORS, SIDE
from hanpan.games.harmonies.data import CARD_INDEX
from hanpan.games.harmonies.position import cells_from_json, stack_masks

from .helpers import ANIMALS, GAME, KIND_STACK, NEAR_MISS, SPIRITS, placement, with_board

ALL_CARDS = {**ANIMALS, **SPIRITS}


def anchors(side: str, board: dict[str, list[str]], card: str) -> list[str]:
    s = SIDE[side]
    sm = stack_masks(s, cells_from_json(s, board))
    return [s.names[i] for i in s.cells_of(ANCHORS[CARD_INDEX[card]](sm))]


@pytest.mark.parametrize("card", sorted(ALL_CARDS))
@pytest.mark.parametrize("side", ["A", "B"])
def test_found_in_each_rotation_and_not_when_one_cell_is_off(card: str, side: str) -> None:
    for times in range(6):
        found = placement(side, ALL_CARDS[card], times)
        assert found is not None
        anchor, habitat = found
        board = {cell: KIND_STACK[kind] for cell, kind in habitat.items()}
        assert anchor in anchors(side, board, card), (times, board)
        for cell, kind in habitat.items():
            for miss in NEAR_MISS[kind]:
                broken = dict(board)
                broken[cell] = miss
                if not miss:
                    del broken[cell]
                assert anchor not in anchors(side, broken, card), (times, cell, miss)


@pytest.mark.parametrize("card", ["fish", "bee", "raccoon", "hedgehog", "alligator"])
def test_cube_actions_follow_the_habitats_and_cubes(card: str) -> None:
    times = 2
    found = placement("A", ANIMALS[card], times)
    assert found is not None
    anchor, habitat = found
    board = {cell: KIND_STACK[kind] for cell, kind in habitat.items()}
    state = with_board(GAME.new(players=1, seed=1), 0, board, hold=[card])
    legal = [str(a) for a in state.legal_actions()]
    assert f"cube {card} {anchor}" in legal
    state.play(f"cube {card} {anchor}")
    assert f"cube {card} {anchor}" not in [str(a) for a in state.legal_actions()]  # one cube per cell
    assert state.placed[CARD_INDEX[card]] == 1


def test_building_of_any_base_counts_and_other_cells_may_hold_cubes() -> None:
    # Duck: water (cube) next to a building, here every kind of building in turn.
    for base in ("red", "brown", "grey"):
        state = with_board(GAME.new(players=1, seed=2), 0, {"a1": ["blue"], "b1": [base, "red"]}, hold=["duck"])
        assert "cube duck a1" in [str(a) for a in state.legal_actions()]
    # Two frogs' cubes can share one tree: the habitat's other cells may hold cubes.
    state = with_board(GAME.new(players=1, seed=2), 0, {"a1": ["blue"], "b1": ["green"], "a2": ["blue"]},
                       hold=["frog"])
    state.play("cube frog a1")
    state.play("cube frog a2")
    assert state.placed[CARD_INDEX["frog"]] == 2


def test_placement_is_final_even_if_the_habitat_breaks() -> None:
    state = with_board(GAME.new(players=1, seed=4), 0, {"a1": ["grey"], "b1": ["grey"], "c2": ["yellow"]},
                       hold=["fennec_fox"])
    assert "cube fennec_fox a1" in [str(a) for a in state.legal_actions()]
    state.play("cube fennec_fox a1")
    assert state.scores()[0]["animals"] == 4
    data = state.to_json()  # now a red token in hand covers b1's grey: the habitat breaks
    data["pouch"]["red"] -= 1
    data.pop("bag", None)  # the pouch changed: its bookkeeping order goes
    data["hand"], data["took"], data["central"][0] = {"red": 1}, True, {}
    data["pouch"] = {k: v + (3 if k == "blue" else 0) for k, v in data["pouch"].items()}
    data.pop("bag", None)  # the pouch changed: its bookkeeping order goes
    state = GAME.from_json(data)
    state.play("red b1")
    assert state.to_json()["boards"][0]["cubes"] == {"a1": "fennec_fox"}
    assert state.scores()[0]["animals"] == 4
    assert not [a for a in state.legal_actions() if str(a).startswith("cube")]


def test_shifted_anchor_masks_equal_the_explicit_placement_list_on_random_boards() -> None:
    from hanpan.games.harmonies.board import STACK_KIND, placements

    from .helpers import random_game

    for seed in range(12):
        side = "AB"[seed % 2]
        board_side = SIDE[side]
        state = random_game(1, seed, side=side)
        sm = state.sm[0]
        kind_mask = [0] * 9
        for sid, mask in enumerate(sm):
            if STACK_KIND[sid] >= 0:
                kind_mask[STACK_KIND[sid]] |= mask
        for card in range(len(ALL_CARDS)):
            expected = 0
            for cell, _times, need in placements(board_side, card):
                if all(kind_mask[kind] & mask == mask for kind, mask in need):
                    expected |= board_side.bits[cell]
            assert ANCHORS[card](sm) == expected, (seed, card)
