"""The scoring table, the spec's worked numbers, and ``score_position`` in the architecture's format."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import GAME, board, make, ref_points

C6 = ["blue", "teal", "orange", "white", "purple", "yellow"]


def score(b: dict[str, Any]) -> dict[str, int]:
    """The board's points, through ``score_position`` and a live state; both must agree with the spec model."""
    card = GAME.score_position({"game": "spirits_of_the_wild", **b}).to_json()
    live = make(boards=[b, board()]).scores()[0].to_json()
    assert card == live
    expected = ref_points(b)
    assert {k: v for k, v in card.items() if k != "total"} == expected
    assert card["total"] == sum(expected.values())
    return card


# --- the spec's worked numbers -------------------------------------------------------------------
def test_worked_owl() -> None:
    owl = [["blue", "blue"], ["teal", "teal"], ["white"]]
    assert score(board(owl=owl))["owl"] == 6
    assert score(board(owl=owl, spirits=["owl"]))["owl"] == 12


def test_worked_beaver() -> None:
    assert score(board(beaver=[["white"] * 3, ["blue"] * 2]))["beaver"] == 14
    assert score(board(beaver=[["white"], ["blue"] * 2]))["beaver"] == 2


def test_worked_salmon_and_turtle() -> None:
    assert score(board(salmon=C6))["salmon"] == 13
    assert score(board(salmon=C6, spirits=["salmon"]))["salmon"] == 26
    assert score(board(turtle=["white"] * 4))["turtle"] == 9


# --- the table -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("pairs", "points"), [(0, 0), (1, 3), (2, 6), (3, 9)])
def test_owl_three_per_complete_pair(pairs: int, points: int) -> None:
    owl = [["blue", "blue"] if i < pairs else ["teal"] for i in range(3)]
    assert score(board(owl=owl))["owl"] == points


def test_owl_pairs_of_the_same_colour_each_count() -> None:
    assert score(board(owl=[["blue", "blue"], ["blue", "blue"], ["blue", "blue"]]))["owl"] == 9


@pytest.mark.parametrize(("stones", "points"), [(0, 0), (1, 0), (2, 0), (3, 6)])
def test_rabbit_six_only_when_full(stones: int, points: int) -> None:
    assert score(board(rabbit=C6[:stones]))["rabbit"] == points
    assert score(board(rabbit=C6[:stones], spirits=["rabbit"]))["rabbit"] == 2 * points


@pytest.mark.parametrize(
    ("set3", "set2", "points"),
    [(0, 0, 0), (2, 1, 0), (3, 0, 5), (3, 1, 5), (0, 2, 2), (2, 2, 2), (3, 2, 14)],
)
def test_beaver_5_2_14(set3: int, set2: int, points: int) -> None:
    assert score(board(beaver=[["white"] * set3, ["white"] * set2]))["beaver"] == points
    assert score(board(beaver=[["white"] * set3, ["teal"] * set2]))["beaver"] == points


@pytest.mark.parametrize(("stones", "points"), list(enumerate([0, 1, 2, 4, 6, 9, 13])))
def test_salmon_1_2_4_6_9_13(stones: int, points: int) -> None:
    assert score(board(salmon=C6[:stones]))["salmon"] == points


@pytest.mark.parametrize(("stones", "points"), list(enumerate([0, 1, 3, 6, 9, 14])))
def test_turtle_1_3_6_9_14(stones: int, points: int) -> None:
    assert score(board(turtle=["purple"] * stones))["turtle"] == points


def test_spirit_stones_double_only_their_own_animal() -> None:
    b = board(owl=[["blue", "blue"], [], []], rabbit=["blue", "teal", "white"],
              beaver=[["orange"] * 3, ["orange"] * 2], salmon=C6[:4], turtle=["yellow"] * 5,
              spirits=["beaver", "turtle"])
    assert score(b) == {"owl": 3, "rabbit": 6, "beaver": 28, "salmon": 6, "turtle": 28, "total": 71}


def test_a_spirit_stone_on_an_empty_animal_scores_nothing() -> None:
    assert score(board(spirits=["owl", "rabbit", "beaver", "salmon", "turtle"]))["total"] == 0


def test_a_full_board_with_every_spirit_stone() -> None:
    b = board(owl=[["blue", "blue"], ["teal", "teal"], ["blue", "blue"]], rabbit=["orange", "white", "purple"],
              beaver=[["white"] * 3, ["teal"] * 2], salmon=C6, turtle=["yellow"] * 5,
              spirits=["owl", "rabbit", "beaver", "salmon", "turtle"])
    assert score(b) == {"owl": 18, "rabbit": 12, "beaver": 28, "salmon": 26, "turtle": 28, "total": 112}


def test_architecture_example_position() -> None:
    data = {"game": "spirits_of_the_wild",
            "animals": {"owl": [["blue", "blue"], ["teal"], []], "rabbit": ["blue", "teal"],
                        "beaver": [["white", "white", "white"], ["blue"]], "salmon": ["blue"], "turtle": []},
            "spirit_stones": ["salmon"]}
    assert GAME.score_position(data).to_json() == {"owl": 3, "rabbit": 0, "beaver": 5, "salmon": 2, "turtle": 0,
                                                   "total": 10}


def test_running_score_during_play_and_per_player() -> None:
    state = make(boards=[board(turtle=["blue"] * 2), board(salmon=C6[:2])])
    scores = state.scores()
    assert scores[0].total == 3 and scores[1].total == 2 and scores[1]["salmon"] == 2
    assert state.to_json()["scores"] == [s.to_json() for s in scores]
