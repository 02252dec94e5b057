"""Where stones may go: the five animals, spirit stones and their slots, the coyote, forced placing."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import ANIMALS, board, make, play, ref_placements, texts

ALL_OPEN = {"owl1", "owl2", "owl3", "rabbit", "beaver3", "beaver2", "salmon", "turtle"}


def placements(me: dict[str, Any], stone: str, coyote: tuple[int, str] | None = None) -> set[str]:
    """The legal placements of one ``stone`` taken from the tray onto board ``me``."""
    state = make(tray={stone: 1}, boards=[me, board()], coyote=coyote)
    play(state, "take1", f"take {stone}")
    if state.to_json()["phase"] != "place":
        return set()
    legal = set(texts(state))
    assert legal == ref_placements(me, stone, coyote[1] if coyote and coyote[0] == 0 else None)
    return legal


def where(stone: str, *places: str) -> set[str]:
    return {f"{stone} {p}" for p in places}


def test_an_empty_board_takes_a_colour_anywhere_but_the_spirit_slots() -> None:
    assert placements(board(), "blue") == where("blue", *ALL_OPEN)


# --- owl -----------------------------------------------------------------------------------------
def test_owl_pairs_are_each_one_colour_and_may_share_colours() -> None:
    me = board(owl=[["blue"], ["blue", "blue"], []])
    assert placements(me, "blue") & where("blue", "owl1", "owl2", "owl3") == where("blue", "owl1", "owl3")
    assert placements(me, "teal") & where("teal", "owl1", "owl2", "owl3") == where("teal", "owl3")


def test_owl_pairs_may_be_started_before_another_is_finished() -> None:
    me = board(owl=[["blue"], ["teal"], []])
    assert where("white", "owl3") <= placements(me, "white")
    assert "blue owl1" in placements(me, "blue") and "blue owl2" not in placements(me, "blue")


# --- rabbit --------------------------------------------------------------------------------------
def test_rabbit_takes_three_different_colours() -> None:
    assert "blue rabbit" not in placements(board(rabbit=["blue"]), "blue")
    assert "teal rabbit" in placements(board(rabbit=["blue", "white"]), "teal")
    assert "teal rabbit" not in placements(board(rabbit=["blue", "white", "orange"]), "teal")


# --- beaver --------------------------------------------------------------------------------------
def test_beaver_sets_are_each_one_colour_and_may_share() -> None:
    me = board(beaver=[["white", "white"], ["white"]])
    assert where("white", "beaver3", "beaver2") <= placements(me, "white")
    assert not placements(me, "blue") & where("blue", "beaver3", "beaver2")
    full3 = board(beaver=[["white"] * 3, []])
    assert placements(full3, "white") & where("white", "beaver3", "beaver2") == where("white", "beaver2")
    full2 = board(beaver=[["teal"], ["white", "white"]])
    assert placements(full2, "white") & where("white", "beaver3", "beaver2") == set()


# --- salmon --------------------------------------------------------------------------------------
def test_salmon_takes_up_to_six_different_colours() -> None:
    five = board(salmon=["blue", "teal", "orange", "white", "purple"])
    assert "yellow salmon" in placements(five, "yellow")
    assert "blue salmon" not in placements(five, "blue")


# --- turtle --------------------------------------------------------------------------------------
def test_turtle_takes_up_to_five_of_one_colour() -> None:
    assert "purple turtle" in placements(board(turtle=["purple"] * 4), "purple")
    assert "purple turtle" not in placements(board(turtle=["purple"] * 5), "purple")
    assert "blue turtle" not in placements(board(turtle=["purple"]), "blue")


# --- spirit stones -------------------------------------------------------------------------------
def test_spirit_stones_go_only_into_spirit_slots_even_on_empty_animals() -> None:
    assert placements(board(), "spirit") == {f"spirit {a}" for a in ANIMALS}


def test_normal_stones_never_go_into_spirit_slots() -> None:
    assert not any(t.startswith("spirit") for t in placements(board(), "teal"))


def test_an_animal_with_a_spirit_stone_takes_no_more_stones() -> None:
    me = board(salmon=["blue"], spirits=["salmon"])
    assert "teal salmon" not in placements(me, "teal")
    assert "spirit salmon" not in placements(me, "spirit")  # one spirit slot per animal
    owl = board(owl=[["blue"], [], []], spirits=["owl"])
    assert not placements(owl, "blue") & where("blue", "owl1", "owl2", "owl3")


def test_a_spirit_stone_doubles_its_animal() -> None:
    state = make(tray={"spirit": 1}, boards=[board(salmon=["blue", "teal", "orange"]), board()])
    assert state.scores()[0]["salmon"] == 4
    play(state, "take1", "take spirit", "spirit salmon")
    assert state.scores()[0]["salmon"] == 8 and state.scores()[0].total == 8


def test_placing_a_spirit_stone_is_forced_when_a_slot_is_open() -> None:
    me = board(spirits=["owl", "rabbit", "beaver", "salmon"])
    state = make(tray={"spirit": 1}, boards=[me, board()])
    play(state, "take1", "take spirit")
    assert texts(state) == ["spirit turtle"]


# --- the coyote ----------------------------------------------------------------------------------
@pytest.mark.parametrize("animal", ANIMALS)
def test_the_coyotes_animal_takes_no_stone(animal: str) -> None:
    for stone in ("blue", "spirit"):
        legal = placements(board(), stone, coyote=(0, animal))
        assert legal and not any(t.split()[1].startswith(animal) for t in legal)


def test_the_coyote_on_the_opponents_board_does_not_block_mine() -> None:
    assert placements(board(), "blue", coyote=(1, "turtle")) == where("blue", *ALL_OPEN)


# --- forced placing and stones that fit nowhere --------------------------------------------------
def test_placing_is_forced_when_a_legal_place_exists() -> None:
    me = board(owl=[["teal"], ["teal"], ["teal"]], rabbit=["blue", "teal", "white"],
               beaver=[["teal"], ["teal"]], salmon=["blue", "teal", "orange", "white", "purple", "yellow"])
    state = make(tray={"blue": 1}, boards=[me, board()])
    play(state, "take1", "take blue")
    assert texts(state) == ["blue turtle"]  # no way to decline
    state.play("blue turtle")
    assert state.to_json()["tray"] == {}


def test_a_stone_that_fits_nowhere_goes_back_to_the_tray() -> None:
    me = board(owl=[["teal"], ["teal"], ["teal"]], rabbit=["blue", "teal", "white"],
               beaver=[["teal"], ["teal"]], salmon=["blue", "teal", "orange", "white", "purple", "yellow"],
               turtle=["teal"])
    state = make(tray={"blue": 1, "white": 1}, boards=[me, board()])
    play(state, "take1", "take blue")
    data = state.to_json()
    assert data["held"] == {} and data["tray"] == {"blue": 1, "white": 1} and data["boards"][0] == me
    assert data["current_player"] == 1 and data["turn"] == 1
    assert data["action_cards"][0]["take1"] == 1  # the card was still used


def test_of_two_stones_the_one_that_fits_is_placed_and_the_other_goes_back() -> None:
    me = board(owl=[["orange"], ["orange"], ["orange"]], rabbit=["blue", "teal", "white"],
               beaver=[["purple"], ["purple"]], salmon=["blue", "teal", "orange", "white", "purple", "yellow"],
               turtle=["teal"])
    state = make(tray={"blue": 1, "teal": 1}, boards=[me, board()])
    play(state, "take2", "take blue", "take teal")
    assert texts(state) == ["teal turtle"]
    state.play("teal turtle")
    data = state.to_json()
    assert data["tray"] == {"blue": 1} and data["held"] == {} and data["current_player"] == 1


def test_placing_one_stone_can_leave_the_next_without_a_place() -> None:
    me = board(owl=[["orange", "orange"]] * 3, rabbit=["blue", "teal", "white"],
               beaver=[["purple"] * 3, ["purple"] * 2], salmon=["blue", "teal", "orange", "white", "purple", "yellow"])
    state = make(tray={"blue": 1, "white": 1}, boards=[me, board()])
    play(state, "take2", "take blue", "take white")
    assert texts(state) == ["blue turtle", "white turtle"]
    state.play("white turtle")
    data = state.to_json()
    assert data["tray"] == {"blue": 1} and data["boards"][0]["animals"]["turtle"] == ["white"]
