"""The six Great Spirit cards, each resolved in the order its text gives."""

from __future__ import annotations

from .helpers import board, cards, make, play, texts

DOWN = cards("take1", "take1", "add2")  # Spirit & refresh usable; take2 and add3 still up


def piles(top: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    others = [c for c in ("deer", "wolf", "bear", "ram", "bison", "eagle") if c != top]
    return (top, others[0], others[1]), (others[2], others[3], others[4])


def spirit_state(top: str, **kw: object) -> object:
    kw.setdefault("action_cards", [DOWN, cards()])
    return make(piles=piles(top), **kw)  # type: ignore[arg-type]


def refreshed(state: object, card: str) -> None:
    data = state.to_json()  # type: ignore[attr-defined]
    assert data["action_cards"][0] == cards()
    assert data["spirit_piles"][0][-1] == card


# --- deer ----------------------------------------------------------------------------------------
def test_deer_returns_a_stone_then_takes_two() -> None:
    me = board(owl=[["blue", "blue"], [], []], salmon=["teal", "orange"], turtle=["white"], spirits=["owl"])
    state = spirit_state("deer", tray={"yellow": 1, "purple": 1}, boards=[me, board()])
    state.play("deer")
    assert state.to_json()["phase"] == "deer"
    assert texts(state) == ["return blue owl1", "return teal salmon", "return orange salmon",
                            "return white turtle", "return spirit owl"]
    state.play("return white turtle")
    data = state.to_json()
    assert data["tray"] == {"white": 1, "yellow": 1, "purple": 1}
    assert data["boards"][0]["animals"]["turtle"] == []
    assert data["phase"] == "take" and data["to_take"] == 2
    assert texts(state) == ["take white", "take purple", "take yellow"]  # the returned stone may be taken back
    play(state, "take white", "take yellow")
    assert state.to_json()["held"] == {"white": 1, "yellow": 1}
    assert "white turtle" in texts(state)
    assert "yellow turtle" in texts(state)  # the turtle is empty again
    state.play("white turtle")
    assert "yellow turtle" not in texts(state)  # now it takes only white
    state.play("yellow salmon")
    data = state.to_json()
    assert data["boards"][0]["animals"]["turtle"] == ["white"]
    assert data["boards"][0]["animals"]["salmon"] == ["teal", "orange", "yellow"]
    assert data["tray"] == {"purple": 1}
    refreshed(state, "deer")


def test_deer_skips_the_return_on_an_empty_board() -> None:
    state = spirit_state("deer", tray={"yellow": 1, "purple": 2})
    state.play("deer")
    data = state.to_json()
    assert data["phase"] == "take" and data["to_take"] == 2
    assert texts(state) == ["take purple", "take yellow"]


def test_deer_may_return_a_spirit_stone() -> None:
    me = board(spirits=["salmon"])
    state = spirit_state("deer", tray={"blue": 2}, boards=[me, board()])
    state.play("deer")
    assert texts(state) == ["return spirit salmon"]  # a forced choice is still a decision
    out = state.to_json()["spirit_stones_out"]
    state.play("return spirit salmon")
    data = state.to_json()
    assert data["tray"] == {"blue": 2, "spirit": 1} and data["boards"][0]["spirit_stones"] == []
    assert data["spirit_stones_out"] == out  # still out of the bag
    assert texts(state) == ["take blue", "take spirit"]


def test_deer_may_return_a_stone_from_the_coyotes_animal() -> None:
    me = board(turtle=["white", "white"])
    state = spirit_state("deer", tray={"blue": 2}, boards=[me, board()], coyote=(0, "turtle"))
    state.play("deer")
    assert texts(state) == ["return white turtle"]
    play(state, "return white turtle", "take white", "take blue")
    assert "white turtle" not in texts(state)  # but no stone goes back onto it


def test_deer_with_an_empty_tray_returns_one_and_takes_it_back() -> None:
    me = board(rabbit=["teal"])
    state = spirit_state("deer", tray={}, boards=[me, board()])
    play(state, "deer", "return teal rabbit")
    data = state.to_json()
    assert data["phase"] == "take" and data["to_take"] == 1 and texts(state) == ["take teal"]
    play(state, "take teal", "teal rabbit")
    assert state.to_json()["boards"][0] == me
    refreshed(state, "deer")


def test_deer_with_an_empty_board_and_an_empty_tray_does_nothing_but_refresh() -> None:
    state = spirit_state("deer", tray={})
    state.play("deer")
    data = state.to_json()
    assert data["current_player"] == 1 and data["turn"] == 1
    refreshed(state, "deer")


# --- wolf ----------------------------------------------------------------------------------------
def test_wolf_draws_four_into_the_tray_then_takes_one() -> None:
    state = spirit_state("wolf", bag={"purple": 4})
    before = state.to_json()["tray"]
    state.play("wolf")
    data = state.to_json()
    assert data["bag"] == {} and data["tray"]["purple"] == before.get("purple", 0) + 4
    assert data["held"] == {} and data["phase"] == "take" and data["to_take"] == 1
    play(state, "take purple", "purple turtle")
    refreshed(state, "wolf")


def test_wolf_draws_from_the_bag_at_random() -> None:
    state = spirit_state("wolf", tray={})
    bag = state.to_json()["bag"]
    state.play("wolf")
    data = state.to_json()
    assert sum(data["tray"].values()) == 4
    assert all(data["bag"].get(k, 0) + data["tray"].get(k, 0) == v for k, v in bag.items())


# --- bear ----------------------------------------------------------------------------------------
def test_bear_puts_the_tray_into_the_bag_and_draws_as_many() -> None:
    state = spirit_state("bear", tray={"yellow": 8})
    before = state.to_json()
    state.play("bear")
    data = state.to_json()
    assert sum(data["tray"].values()) == 8
    assert data["tray"] != {"yellow": 8}  # the yellow stones went into the bag first
    for kind in ("blue", "teal", "orange", "white", "purple", "yellow", "spirit"):
        assert (data["bag"].get(kind, 0) + data["tray"].get(kind, 0)
                == before["bag"].get(kind, 0) + before["tray"].get(kind, 0))
    assert data["reveals"] > before["reveals"]
    assert data["phase"] == "take" and data["to_take"] == 1


def test_bear_with_an_empty_tray_does_nothing() -> None:
    state = spirit_state("bear", tray={})
    before = state.to_json()
    state.play("bear")
    data = state.to_json()
    assert data["tray"] == {} and data["bag"] == before["bag"] and data["boards"] == before["boards"]
    assert data["current_player"] == 1
    refreshed(state, "bear")


# --- ram -----------------------------------------------------------------------------------------
def test_ram_draws_two_from_the_bag_into_the_hand() -> None:
    state = spirit_state("ram", bag={"blue": 1, "teal": 1})
    tray = state.to_json()["tray"]
    state.play("ram")
    data = state.to_json()
    assert data["held"] == {"blue": 1, "teal": 1} and data["tray"] == tray and data["bag"] == {}
    assert data["phase"] == "place"
    assert "blue owl1" in texts(state) and "teal owl1" in texts(state)
    play(state, "teal salmon", "blue salmon")
    assert state.to_json()["boards"][0]["animals"]["salmon"] == ["blue", "teal"]
    refreshed(state, "ram")


def test_ram_stones_that_fit_nowhere_go_to_the_tray() -> None:
    me = board(spirits=["owl", "rabbit", "beaver"])
    state = spirit_state("ram", bag={"spirit": 2}, boards=[me, board()], coyote=(0, "turtle"))
    tray = state.to_json()["tray"]
    state.play("ram")
    assert texts(state) == ["spirit salmon"]  # the first one must take the last open spirit slot
    state.play("spirit salmon")
    data = state.to_json()
    assert data["held"] == {} and data["tray"]["spirit"] == tray.get("spirit", 0) + 1
    assert data["boards"][0]["spirit_stones"] == ["owl", "rabbit", "beaver", "salmon"]


def test_ram_with_nothing_placeable_returns_both_to_the_tray() -> None:
    me = board(spirits=["owl", "rabbit", "beaver", "salmon"])
    state = spirit_state("ram", bag={"spirit": 2}, boards=[me, board()], coyote=(0, "turtle"))
    tray = state.to_json()["tray"]
    state.play("ram")
    data = state.to_json()
    assert data["tray"]["spirit"] == tray.get("spirit", 0) + 2 and data["held"] == {}
    assert data["turn"] == 1


# --- bison ---------------------------------------------------------------------------------------
def test_bison_draws_three_takes_one_then_bags_one_chosen_after_the_take() -> None:
    state = spirit_state("bison", tray={"blue": 2})
    bag_before = sum(state.to_json()["bag"].values())
    state.play("bison")
    data = state.to_json()
    assert sum(data["tray"].values()) == 5 and sum(data["bag"].values()) == bag_before - 3
    assert data["phase"] == "take" and data["to_take"] == 1
    state.play("take blue")
    assert state.to_json()["phase"] == "place"
    state.play("blue turtle")
    data = state.to_json()
    assert data["phase"] == "bison"  # the stone for the bag is chosen after the take and its placing
    tray = data["tray"]
    assert texts(state) == [f"bag {k}" for k in ("blue", "teal", "orange", "white", "purple", "yellow", "spirit")
                            if tray.get(k)]
    assert "bag blue" in texts(state)  # a stone that was in the tray before the draw may go too
    state.play("bag blue")
    data = state.to_json()
    assert sum(data["tray"].values()) == 3 and sum(data["bag"].values()) == bag_before - 2
    assert data["tray"].get("blue", 0) == tray["blue"] - 1
    refreshed(state, "bison")


def test_bison_may_put_a_spirit_stone_back_into_the_bag() -> None:
    state = spirit_state("bison", bag={"spirit": 3, "blue": 1}, boards=[board(spirits=["owl"]), board()])
    state.play("bison")
    assert "take spirit" in texts(state)
    out = state.to_json()["spirit_stones_out"]
    play(state, "take spirit", "spirit rabbit")
    state.play("bag spirit")
    data = state.to_json()
    assert data["spirit_stones_out"] == out - 1
    assert data["bag"].get("spirit", 0) >= 1


# --- eagle ---------------------------------------------------------------------------------------
def test_eagle_takes_one_refreshes_and_gives_another_turn() -> None:
    state = spirit_state("eagle", tray={"blue": 2, "teal": 1})
    state.play("eagle")
    assert texts(state) == ["take blue", "take teal"]
    play(state, "take teal", "teal turtle")
    data = state.to_json()
    assert data["current_player"] == 0 and data["turn"] == 1 and data["phase"] == "card"
    refreshed(state, "eagle")
    assert "take2" in texts(state)  # every action card is face up again
    play(state, "take1", "take blue", "blue owl1")
    assert state.current_player == 1 and state.turn == 2  # only one extra turn


def test_eagle_with_an_empty_tray_still_gives_the_extra_turn() -> None:
    state = spirit_state("eagle", tray={})
    state.play("eagle")
    data = state.to_json()
    assert data["current_player"] == 0 and data["turn"] == 1 and data["phase"] == "card"
    assert texts(state) == ["add2", "add3"]


def test_the_end_check_follows_the_eagle_turn_itself() -> None:
    five = board(spirits=["owl", "rabbit", "beaver", "salmon", "turtle"])
    state = spirit_state("eagle", tray={"blue": 1}, boards=[board(), five])
    play(state, "eagle", "take blue", "blue owl1")
    assert state.status == "finished" and state.current_player is None and state.legal_actions() == []
    assert state.winners() == (0, 1)  # 0 to 0 (spirit stones on empty animals), coyote never moved


def test_the_end_check_follows_the_extra_turn_too() -> None:
    four = board(spirits=["owl", "rabbit", "beaver", "salmon"])
    state = spirit_state("eagle", bag={"spirit": 4}, boards=[board(), four])  # 4 out; the bag only spirits
    play(state, "eagle", "take blue", "blue owl1")
    assert state.status == "playing" and state.current_player == 0
    state.play("add2")  # draws two spirit stones: 6 out
    state.play("take blue")
    state.play("blue owl1")
    assert state.status == "finished" and state.turn == 2
