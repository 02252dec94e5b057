"""Scoring by category: trees, mountains, fields, buildings, rivers (side A), islands (side B),
animal cards, every Nature's Spirit, the spec's worked numbers and the solo sun table."""

from __future__ import annotations

import pytest

from hanpan.games.harmonies.data import CARD_INDEX
from hanpan.games.harmonies.scoring import suns

from .helpers import GAME, SPIRITS, position, ref_landscape, ref_spirit


def score(side: str, board: dict[str, list[str]], **kw: object) -> dict[str, int]:
    return GAME.score_position(position(side, board, **kw)).to_json()  # type: ignore[arg-type]


def test_trees_by_height() -> None:
    got = score("A", {"a1": ["green"], "c1": ["brown", "green"], "e1": ["brown", "brown", "green"],
                      "e5": ["brown"], "c5": ["brown", "brown"]})
    assert got["trees"] == 1 + 3 + 7


def test_mountains_need_an_adjacent_mountain() -> None:
    assert score("A", {"a1": ["grey", "grey", "grey"]})["mountains"] == 0
    assert score("A", {"a1": ["grey", "grey", "grey"], "a2": ["grey"]})["mountains"] == 8
    # a grey under a building is no mountain
    assert score("A", {"a1": ["grey", "grey"], "a2": ["grey", "red"]})["mountains"] == 0
    # adjacency counts between mountains only: c1 is alone, a1-a2 pair, e-column pair of 2s
    got = score("A", {"a1": ["grey"], "a2": ["grey", "grey"], "c3": ["grey", "grey", "grey"],
                      "e1": ["grey", "grey"], "e2": ["grey", "grey"]})
    assert got["mountains"] == 1 + 3 + 3 + 3


def test_fields_five_per_group_of_two_or_more() -> None:
    assert score("A", {"a1": ["yellow"]})["fields"] == 0
    assert score("A", {"a1": ["yellow"], "a2": ["yellow"]})["fields"] == 5
    assert score("A", {"a1": ["yellow"], "a2": ["yellow"], "a3": ["yellow"], "a4": ["yellow"]})["fields"] == 5
    assert score("A", {"a1": ["yellow"], "a2": ["yellow"], "e1": ["yellow"], "e2": ["yellow"],
                       "c3": ["yellow"]})["fields"] == 10


def test_buildings_need_three_neighbour_colours() -> None:
    # c3's neighbours: b2 b3 c2 c4 d2 d3
    two = {"c3": ["grey", "red"], "b2": ["blue"], "b3": ["blue"], "c2": ["yellow"]}
    assert score("A", two)["buildings"] == 0
    three = {**two, "c4": ["brown", "green"]}
    assert score("A", three)["buildings"] == 5
    # the top colour counts (a tree shows green, a building red); an empty neighbour adds nothing
    red_top = {"c3": ["brown", "red"], "b2": ["blue"], "c2": ["red"], "d2": ["grey", "grey"]}
    assert score("A", red_top)["buildings"] == 5
    brown_top = {"c3": ["red", "red"], "b2": ["brown"], "c2": ["brown", "brown"], "d2": ["blue"]}
    assert score("A", brown_top)["buildings"] == 0


def test_river_length_is_the_longest_shortest_path() -> None:
    line8 = ["a1", "b1", "c2", "d2", "e3", "e4", "d4", "c4"]  # a winding river with no shortcut
    assert score("A", {key: ["blue"] for key in line8})["water"] == 23
    # along column a and round the bottom, a5 and b4 both touch a4: a shortcut
    assert score("A", {key: ["blue"] for key in ["a1", "a2", "a3", "a4", "a5", "b4", "c5"]})["water"] == 15
    # a branch: a line of 5 with a side arm of 1 — the arm does not lengthen the river
    assert score("A", {key: ["blue"] for key in ["a1", "a2", "a3", "a4", "a5", "b2"]})["water"] == 11
    # a shortcut: a blob of 3 mutually touching cells is a river of length 2
    assert score("A", {key: ["blue"] for key in ["a1", "a2", "b1"]})["water"] == 2
    # a loop: the far end is reached by the shorter way round
    ring = ["b1", "c1", "d1", "d2", "c3", "b2"]  # around c2
    got = score("A", {key: ["blue"] for key in ring})["water"]
    assert got == 8  # 6 tokens in a ring: the farthest pair is 4 tokens apart
    # only the best river scores
    assert score("A", {key: ["blue"] for key in ["a1", "a2", "a3", "e1", "e2"]})["water"] == 5
    assert score("A", {"a1": ["blue"]})["water"] == 0


def test_islands_side_b() -> None:
    assert score("B", {})["water"] == 5  # no blue at all is still one island (empty cells included)
    assert score("B", {"a1": ["green"]})["water"] == 5
    wall = {key: ["blue"] for key in ["d1", "d2", "d3"]}  # the middle column splits the board
    assert score("B", wall)["water"] == 10
    corner = {**wall, "a2": ["blue"], "b1": ["blue"]}  # cuts a1 off as well
    assert score("B", corner)["water"] == 15


def test_animal_cards_score_the_top_most_uncovered_value() -> None:
    cards = [{"id": "fish", "cubes_placed": 1}, {"id": "bee", "cubes_placed": 2},
             {"id": "frog", "cubes_placed": 0}, {"id": "ladybug", "cubes_placed": 3}]
    board = {f"a{i}": ["blue"] for i in range(1, 6)} | {"c1": ["yellow"], "c2": ["green"]}
    assert score("A", board, cards=cards)["animals"] == 3 + 18 + 0 + 8


SPIRIT_BOARD = {
    "a1": ["yellow"], "a3": ["yellow"], "a4": ["yellow"], "c1": ["yellow"], "c2": ["yellow"], "b1": ["yellow"],
    "e1": ["blue"], "e2": ["blue"], "e4": ["blue"], "d4": ["blue"], "e5": ["blue"],
    "c4": ["grey", "red"], "c5": ["red", "red"], "b4": ["brown", "red"],
    "d1": ["green"], "d2": ["brown", "green"], "d3": ["brown", "brown", "green"], "b2": ["green"],
    "a5": ["grey"], "c3": ["grey", "grey"], "e3": ["grey", "grey", "grey"], "b3": ["grey", "grey"],
}
#: each spirit's points on SPIRIT_BOARD, worked by hand: fields {a1, b1, c1, c2} and {a3, a4}; one group of
#: 3 buildings {b4, c4, c5}; waters {e1, e2} and {d4, e4, e5}; trees 1, 1, 2, 3 high; mountains 1, 2, 2, 3 high
SPIRIT_EXPECTED = {
    "lion_spirit": 10 + 2, "butterfly_spirit": 5 * 2, "deer_spirit": 4 + 4, "owl_spirit": 3 + 3 + 3 + 1,
    "cat_spirit": 4, "crane_spirit": 6, "ram_spirit": 4 + 4 + 4, "marmot_spirit": 3 + 3 + 3 + 1,
    "dragonfly_spirit": 7 * 2, "tortoise_spirit": 2 * 5,
}


@pytest.mark.parametrize("spirit", sorted(SPIRITS))
def test_every_spirit_scores_by_its_rule_and_only_if_placed(spirit: str) -> None:
    got = score("A", SPIRIT_BOARD, spirit={"id": spirit, "placed": True})
    assert got["spirit"] == ref_spirit("A", spirit, SPIRIT_BOARD)
    assert score("A", SPIRIT_BOARD, spirit={"id": spirit, "placed": False})["spirit"] == 0


@pytest.mark.parametrize("spirit", sorted(SPIRIT_EXPECTED))
def test_spirit_values_worked_by_hand(spirit: str) -> None:
    assert score("A", SPIRIT_BOARD, spirit={"id": spirit, "placed": True})["spirit"] == SPIRIT_EXPECTED[spirit]
    assert ref_spirit("A", spirit, SPIRIT_BOARD) == SPIRIT_EXPECTED[spirit]


def test_building_groups_for_the_crane_need_two() -> None:
    board = {"a1": ["red", "red"], "c3": ["grey", "red"], "c4": ["brown", "red"]}
    assert score("A", board, spirit={"id": "crane_spirit", "placed": True})["spirit"] == 6
    assert score("A", board, spirit={"id": "cat_spirit", "placed": True})["spirit"] == 8


def test_lion_spirit_worked_example() -> None:
    # fields of sizes 1, 2 and 3 → 2 + 2 + 10 = 14 (the spec's example)
    board = {"a1": ["yellow"], "c1": ["yellow"], "c2": ["yellow"], "e1": ["yellow"], "e2": ["yellow"],
             "e3": ["yellow"]}
    got = score("A", board, spirit={"id": "lion_spirit", "placed": True})
    assert got["spirit"] == 14 and got["fields"] == 10


def rulebook_example() -> dict[str, list[str]]:
    """A side-A board with the rulebook example's category totals (53 landscape points)."""
    river = {key: ["blue"] for key in ["a1", "b1", "c2", "d2", "e3", "e4", "d4"]}  # 7 without shortcut → 19
    return {
        **river,
        "a3": ["yellow"], "a4": ["yellow"], "a5": ["yellow"], "c4": ["yellow"], "c5": ["yellow"],
        "e1": ["yellow"],  # fields of 3, 2 and 1 → 10 (the Lion: 10 + 2 + 2)
        "d1": ["grey", "grey", "grey"], "e2": ["grey", "grey"],  # adjacent mountains 7 + 3 → 10
        "a2": ["grey"],  # a lone mountain scores nothing
        "b4": ["green"], "b3": ["brown", "green"],  # trees 1 + 3 → 4
        "c3": ["grey", "red"], "b2": ["red", "red"],  # two buildings with 3+ neighbour colours → 10
    }


def test_rulebook_worked_numbers() -> None:
    cards = [{"id": "fish", "cubes_placed": 4}, {"id": "frog", "cubes_placed": 5},
             {"id": "shrew", "cubes_placed": 3}, {"id": "koala", "cubes_placed": 4}]  # 16 + 15 + 17 + 15 = 63
    got = score("A", rulebook_example(), cards=cards)
    assert (got["trees"], got["mountains"], got["fields"], got["buildings"], got["water"]) == (4, 10, 10, 10, 19)
    assert got["animals"] == 63 and got["total"] == 116
    with_lion = score("A", rulebook_example(), cards=cards, spirit={"id": "lion_spirit", "placed": True})
    assert with_lion["spirit"] == 14 and with_lion["total"] == 130
    assert suns(130, "A", CARD_INDEX["lion_spirit"]) == 7


@pytest.mark.parametrize(("total", "expected"), [
    (0, 0), (39, 0), (40, 1), (69, 1), (70, 2), (89, 2), (90, 3), (110, 4), (129, 4), (130, 5), (140, 6),
    (150, 7), (159, 7), (160, 8), (400, 8),
])
def test_sun_table(total: int, expected: int) -> None:
    assert suns(total, "B", CARD_INDEX["deer_spirit"]) == expected  # side B and a count spirit add nothing
    assert suns(total, "A", None) == expected + 1 + 2  # side A +1, no spirit +2
    assert suns(total, "B", CARD_INDEX["butterfly_spirit"]) == expected + 1  # a groups spirit +1


def test_landscape_matches_the_independent_model_on_random_final_boards() -> None:
    from .helpers import random_game

    for seed in range(60):
        side = "AB"[seed % 2]
        state = random_game(1 + seed % 4, seed, side=side, spirits=True)
        for p, board in enumerate(state.to_json()["boards"]):
            got = state.scores()[p].to_json()
            ref = ref_landscape(side, board["cells"])
            assert {k: got[k] for k in ref} == ref
            if board["spirit"] and board["spirit"]["placed"]:
                assert got["spirit"] == ref_spirit(side, board["spirit"]["id"], board["cells"])
