"""Setup, the six action cards (and when each is unusable), passing, and both ways to move the coyote."""

from __future__ import annotations

import pytest

from hanpan.core.errors import IllegalActionError

from .helpers import ANIMALS, COUNTS, GAME, board, cards, make, play, texts, total_stones

SPIRIT_DOWN = cards("take1", "take1", "add2")  # three cards face down: Spirit & refresh usable


# --- setup ---------------------------------------------------------------------------------------
def test_setup_tray_has_four_stones_and_never_a_spirit_stone() -> None:
    replaced = 0
    for seed in range(400):
        data = GAME.new(players=2, seed=seed).to_json()
        assert sum(data["tray"].values()) == 4
        assert "spirit" not in data["tray"]
        assert data["bag"]["spirit"] == 8  # a spirit stone drawn at setup went back into the bag
        assert sum(data["bag"].values()) == 52
        assert total_stones(data) == COUNTS
        replaced += data["reveals"] >= 1
    assert replaced == 400


def test_setup_first_player_has_take2_face_down_only() -> None:
    data = GAME.new(players=2, seed=7).to_json()
    assert data["current_player"] == 0 and data["turn"] == 0 and data["phase"] == "card"
    assert data["action_cards"][0] == {"take1": 2, "take2": False, "add2": True, "add3": True, "spirit": True}
    assert data["action_cards"][1] == {"take1": 2, "take2": True, "add2": True, "add3": True, "spirit": True}
    assert data["coyote"] is None
    assert data["boards"][0] == board() and data["boards"][1] == board()
    state = GAME.new(players=2, seed=7)
    assert texts(state) == ["take1", "add2", "add3"]
    with pytest.raises(IllegalActionError):
        state.play("take2")


def test_setup_two_piles_of_three_spirit_cards_shuffled_by_seed() -> None:
    orders = set()
    for seed in range(60):
        data = GAME.new(players=2, seed=seed).to_json()
        piles = data["spirit_piles"]
        assert [len(p) for p in piles] == [3, 3]
        assert sorted(piles[0] + piles[1]) == sorted(["deer", "wolf", "bear", "ram", "bison", "eagle"])
        assert sorted(data["seen"]) == sorted([piles[0][0], piles[1][0]])  # only the tops are face up
        orders.add(tuple(piles[0] + piles[1]))
    assert len(orders) > 30


def test_same_seed_same_game_and_seeds_differ() -> None:
    assert GAME.new(players=2, seed=11).to_json() == GAME.new(players=2, seed=11).to_json()
    trays = {tuple(sorted(GAME.new(players=2, seed=s).to_json()["tray"].items())) for s in range(30)}
    assert len(trays) > 10


# --- take 1 --------------------------------------------------------------------------------------
def test_take1_takes_one_stone_then_places_it() -> None:
    state = make(tray={"blue": 1, "teal": 1})
    state.play("take1")
    assert texts(state) == ["take blue", "take teal"]
    state.play("take teal")
    data = state.to_json()
    assert data["held"] == {"teal": 1} and data["tray"] == {"blue": 1} and data["phase"] == "place"
    state.play("teal turtle")
    data = state.to_json()
    assert data["boards"][0]["animals"]["turtle"] == ["teal"]
    assert data["held"] == {} and data["current_player"] == 1 and data["turn"] == 1
    assert data["action_cards"][0]["take1"] == 1  # one copy face down, the other still up


def test_take1_unusable_with_an_empty_tray() -> None:
    state = make(tray={})
    assert "take1" not in texts(state) and "take2" not in texts(state)
    with pytest.raises(IllegalActionError):
        state.play("take1")


def test_take1_both_copies_face_down_unusable() -> None:
    state = make(tray={"blue": 3}, action_cards=[cards("take1", "take1"), cards()])
    assert "take1" not in texts(state)


def test_first_take1_does_not_move_the_coyote() -> None:
    state = play(make(tray={"blue": 2}), "take1", "take blue", "blue owl1")
    assert state.to_json()["phase"] == "card" and state.current_player == 1


def test_second_take1_moves_the_coyote_onto_an_opponent_animal() -> None:
    state = make(tray={"blue": 2}, action_cards=[cards("take1"), cards()])
    play(state, "take1", "take blue", "blue owl1")
    assert state.to_json()["phase"] == "coyote" and state.current_player == 0
    assert texts(state) == [f"coyote {a}" for a in ANIMALS] + ["coyote stay"]
    state.play("coyote salmon")
    data = state.to_json()
    assert data["coyote"] == {"player": 1, "animal": "salmon"}
    assert data["action_cards"][0]["take1"] == 0 and data["current_player"] == 1


def test_second_take1_coyote_may_stay() -> None:
    state = make(tray={"blue": 2}, action_cards=[cards("take1"), cards()])
    play(state, "take1", "take blue", "blue owl1", "coyote stay")
    assert state.to_json()["coyote"] is None and state.current_player == 1


# --- take 2 --------------------------------------------------------------------------------------
def test_take2_needs_two_stones_in_the_tray() -> None:
    assert "take2" not in texts(make(tray={"blue": 1}))
    assert "take2" in texts(make(tray={"blue": 2}))


def test_take2_takes_two_then_places_them_in_any_order() -> None:
    state = make(tray={"blue": 1, "teal": 1, "white": 1})
    play(state, "take2", "take blue")
    assert state.to_json()["phase"] == "take"
    assert texts(state) == ["take teal", "take white"]
    state.play("take white")
    legal = texts(state)
    assert "blue owl1" in legal and "white owl1" in legal  # either stone may be placed first
    state.play("white turtle")
    assert state.to_json()["held"] == {"blue": 1}
    state.play("blue owl2")
    data = state.to_json()
    assert data["tray"] == {"teal": 1} and data["action_cards"][0]["take2"] is False
    assert data["boards"][0]["animals"]["owl"] == [[], ["blue"], []]


def test_take_may_choose_a_stone_that_fits_nowhere_which_goes_back_to_the_tray() -> None:
    spirited = board(rabbit=["blue"], spirits=["owl", "beaver", "salmon", "turtle"])
    state = make(tray={"spirit": 1, "blue": 1}, boards=[spirited, board()], coyote=(0, "rabbit"))
    state.play("take1")
    assert texts(state) == ["take blue", "take spirit"]
    state.play("take spirit")  # four spirit slots are taken and the coyote sits on the rabbit
    data = state.to_json()
    assert data["held"] == {} and data["tray"] == {"blue": 1, "spirit": 1}
    assert data["boards"][0] == spirited and data["turn"] == 1


def test_a_full_animal_still_takes_a_spirit_stone_and_placing_it_is_forced() -> None:
    full_rabbit = board(rabbit=["blue", "teal", "white"], spirits=["owl", "beaver", "salmon", "turtle"])
    state = make(tray={"spirit": 1}, boards=[full_rabbit, board()])
    play(state, "take1", "take spirit")
    assert texts(state) == ["spirit rabbit"]
    state.play("spirit rabbit")
    assert state.scores()[0]["rabbit"] == 12


# --- add 2, take 1 --------------------------------------------------------------------------------
def test_add2_draws_two_into_the_tray_then_takes_one() -> None:
    state = make(bag={"orange": 2})  # every other stone lies in the tray
    before = state.to_json()["tray"]
    state.play("add2")
    data = state.to_json()
    assert data["bag"] == {} and data["tray"]["orange"] == before.get("orange", 0) + 2
    assert data["phase"] == "take" and data["to_take"] == 1
    state.play("take orange")
    assert state.to_json()["held"] == {"orange": 1}


def test_add2_usable_with_an_empty_tray_and_with_an_empty_bag() -> None:
    state = make(tray={})
    assert "add2" in texts(state)
    state.play("add2")
    assert sum(state.to_json()["tray"].values()) == 2
    empty_bag = make(bag={})
    tray = empty_bag.to_json()["tray"]
    empty_bag.play("add2")  # draws nothing
    assert empty_bag.to_json()["tray"] == tray and empty_bag.to_json()["phase"] == "take"


# --- add 3, move coyote ---------------------------------------------------------------------------
def test_add3_draws_three_takes_nothing_and_may_move_the_coyote() -> None:
    state = make(bag={"white": 3})
    before = state.to_json()
    state.play("add3")
    data = state.to_json()
    assert data["tray"]["white"] == before["tray"].get("white", 0) + 3 and data["bag"] == {}
    assert data["phase"] == "coyote" and data["held"] == {}
    assert texts(state) == [f"coyote {a}" for a in ANIMALS] + ["coyote stay"]
    state.play("coyote owl")
    data = state.to_json()
    assert data["coyote"] == {"player": 1, "animal": "owl"}
    assert data["boards"] == before["boards"] and data["turn"] == 1
    assert data["action_cards"][0]["add3"] is False
    assert data["status"] == "finished"  # every spirit stone lay in the tray: the end check after the turn


def test_add3_coyote_stay_leaves_it_in_the_middle() -> None:
    state = play(make(), "add3", "coyote stay")
    assert state.to_json()["coyote"] is None


def test_add3_with_an_empty_bag_still_moves_the_coyote() -> None:
    state = make(bag={})
    tray = state.to_json()["tray"]
    state.play("add3")
    assert state.to_json()["tray"] == tray and texts(state)[-1] == "coyote stay"


def test_coyote_moves_from_one_opponent_animal_to_another() -> None:
    state = make(coyote=(1, "salmon"), boards=[board(), board(salmon=["blue"])])
    state.play("add3")
    assert texts(state) == ["coyote owl", "coyote rabbit", "coyote beaver", "coyote turtle", "coyote stay"]
    state.play("coyote turtle")
    assert state.to_json()["coyote"] == {"player": 1, "animal": "turtle"}


def test_coyote_on_my_own_board_moves_to_the_opponent() -> None:
    state = make(coyote=(0, "turtle"))
    state.play("add3")
    assert texts(state) == [f"coyote {a}" for a in ANIMALS] + ["coyote stay"]
    state.play("coyote rabbit")
    assert state.to_json()["coyote"] == {"player": 1, "animal": "rabbit"}
    stay = play(make(coyote=(0, "turtle")), "add3", "coyote stay")
    assert stay.to_json()["coyote"] == {"player": 0, "animal": "turtle"}


def test_the_coyotes_animal_takes_no_stone_of_any_kind() -> None:
    state = make(tray={"white": 1}, coyote=(0, "turtle"))
    play(state, "take1", "take white")
    assert "white turtle" not in texts(state) and "white salmon" in texts(state)
    spirit = make(tray={"spirit": 1}, coyote=(0, "turtle"))
    play(spirit, "take1", "take spirit")
    assert texts(spirit) == ["spirit owl", "spirit rabbit", "spirit beaver", "spirit salmon"]


def test_moving_the_coyote_frees_the_animal_it_left() -> None:
    state = make(tray={"white": 1}, coyote=(0, "turtle"), player=1,
                 action_cards=[cards(), cards()])
    play(state, "add3", "coyote owl")  # player 1 moves it from player 0's turtle to player 0's owl
    play(state, "take1", "take white")
    legal = texts(state)
    assert "white turtle" in legal and "white owl1" not in legal


def test_stones_under_the_coyote_stay_and_score() -> None:
    state = make(boards=[board(), board(turtle=["white", "white"])])
    play(state, "add3", "coyote turtle")
    assert state.to_json()["boards"][1]["animals"]["turtle"] == ["white", "white"]
    assert state.scores()[1]["turtle"] == 3


# --- spirit & refresh -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("down", "usable"),
    [
        ((), False),
        (("take1", "add2"), False),
        (("take1", "take1"), False),
        (("take1", "take1", "add2"), True),
        (("take2", "add2", "add3"), True),
        (("take1", "take1", "take2", "add2", "add3"), True),
    ],
)
def test_spirit_and_refresh_needs_three_other_cards_face_down(down: tuple[str, ...], usable: bool) -> None:
    state = make(tray={"blue": 2}, action_cards=[cards(*down), cards()])
    assert ("deer" in texts(state)) is usable and ("ram" in texts(state)) is usable


def test_spirit_and_refresh_offers_only_the_two_pile_tops() -> None:
    state = make(tray={"blue": 2}, action_cards=[SPIRIT_DOWN, cards()],
                 piles=(("bear", "deer", "wolf"), ("eagle", "ram", "bison")))
    spirit_texts = [t for t in texts(state) if t in ("deer", "wolf", "bear", "ram", "bison", "eagle")]
    assert spirit_texts == ["bear", "eagle"]
    with pytest.raises(IllegalActionError):
        state.play("deer")


def test_spirit_and_refresh_usable_with_an_empty_tray() -> None:
    state = make(tray={}, action_cards=[cards("add2", "add3", "take2"), cards()])
    assert texts(state) == ["deer", "ram"]


def test_spirit_card_goes_to_the_bottom_and_all_action_cards_turn_face_up() -> None:
    state = make(tray={"blue": 1}, action_cards=[cards("take1", "take1", "take2", "add2", "add3"), cards()],
                 piles=(("wolf", "deer", "bear"), ("ram", "bison", "eagle")))
    play(state, "wolf", "take blue", "blue owl1")
    data = state.to_json()
    assert data["spirit_piles"] == [["deer", "bear", "wolf"], ["ram", "bison", "eagle"]]
    assert data["action_cards"][0] == cards()
    assert state.view(1)["spirit_piles"][0] == ["deer", None, "wolf"]  # new top seen, put-back card remembered
    assert data["current_player"] == 1


# --- pass ----------------------------------------------------------------------------------------
def test_pass_when_no_card_can_be_used() -> None:
    state = make(tray={}, action_cards=[cards("add2", "add3"), cards()])
    assert texts(state) == ["pass"]
    before = state.to_json()
    state.play("pass")
    data = state.to_json()
    assert data["current_player"] == 1 and data["turn"] == 1
    for key in ("bag", "tray", "boards", "coyote", "action_cards", "spirit_piles"):
        assert data[key] == before[key]


def test_pass_is_illegal_while_a_card_can_be_used() -> None:
    state = make(tray={}, action_cards=[cards("add2"), cards()])
    assert texts(state) == ["add3"]
    with pytest.raises(IllegalActionError):
        state.play("pass")


@pytest.mark.parametrize("card", ["take2", "add2", "add3"])
def test_a_used_card_turns_face_down_and_is_unusable_until_refreshed(card: str) -> None:
    state = make(tray={"blue": 3})
    assert card in texts(state)
    state.play(card)
    while state.current_player == 0:
        state.apply(state.legal_actions()[0])
    assert state.to_json()["action_cards"][0][card] is False
    state.play("add3" if card != "add3" else "add2")  # player 1's turn
    while state.current_player == 1:
        state.apply(state.legal_actions()[0])
    assert card not in texts(state)
    with pytest.raises(IllegalActionError):
        state.play(card)


def test_face_down_add2_and_add3_are_unusable() -> None:
    state = make(tray={"blue": 1}, action_cards=[cards("add2", "add3"), cards()])
    assert texts(state) == ["take1"]
    state = make(tray={"blue": 2}, action_cards=[cards("add2", "add3"), cards()])
    assert texts(state) == ["take1", "take2"]
