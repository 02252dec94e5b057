"""The end check after every turn, the winner and the coyote tie-break, and ``max_turns``."""

from __future__ import annotations

from hanpan.core.record import result_of

from .helpers import GAME, board, cards, make, play, random_game


def test_the_game_ends_after_a_turn_with_five_spirit_stones_out() -> None:
    # 3 on boards + 1 in the tray out; the bag holds the other 4 spirit stones and nothing else
    state = make(bag={"spirit": 4}, boards=[board(spirits=["owl"]), board(spirits=["owl", "rabbit"])])
    assert state.to_json()["spirit_stones_out"] == 4
    state.play("add2")  # draws 2 spirit stones: 6 out
    assert state.status == "playing"  # the check waits for the end of the turn
    play(state, "take blue", "blue turtle")
    assert state.status == "finished" and state.is_over and state.current_player is None
    assert state.legal_actions() == [] and state.to_json()["phase"] == "over"


def test_four_spirit_stones_out_do_not_end_the_game() -> None:
    state = make(tray={"spirit": 1, "blue": 1}, boards=[board(spirits=["owl"]), board(spirits=["owl", "rabbit"])])
    play(state, "take1", "take blue", "blue turtle")
    assert state.status == "playing" and state.current_player == 1


def test_spirit_stones_in_the_tray_count_as_out() -> None:
    state = make(tray={"spirit": 2, "blue": 1}, boards=[board(spirits=["owl"]), board(spirits=["owl", "rabbit"])])
    play(state, "take1", "take blue", "blue turtle")
    assert state.status == "finished"


def test_a_spirit_stone_bagged_by_the_bison_no_longer_counts() -> None:
    # 5 out (3 on boards, 2 in the tray); the bison's draw is random, so use the first generator state
    # whose three draws bring no spirit stone
    for rng in range(100):
        state = make(tray={"spirit": 2, "blue": 2}, boards=[board(spirits=["owl", "salmon"]), board(spirits=["owl"])],
                     action_cards=[cards("take1", "take1", "add2"), cards()],
                     piles=(("bison", "deer", "wolf"), ("bear", "ram", "eagle")), rng=rng)
        state.play("bison")
        if state.to_json()["tray"]["spirit"] == 2:
            break
    play(state, "take blue", "blue turtle")
    assert state.to_json()["phase"] == "bison" and state.to_json()["spirit_stones_out"] == 5
    state.play("bag spirit")
    assert state.to_json()["spirit_stones_out"] == 4
    assert state.status == "playing" and state.current_player == 1


def test_the_end_check_follows_a_pass_too() -> None:
    state = make(tray={}, boards=[board(spirits=["owl", "rabbit", "beaver"]), board(spirits=["owl", "rabbit"])],
                 action_cards=[cards("add2", "add3"), cards()])
    state.play("pass")
    assert state.status == "finished"


# --- winners -------------------------------------------------------------------------------------
def tied(coyote: tuple[int, str] | None, move: str) -> tuple[int, ...]:
    """Both players score 1; 5 spirit stones lie in the tray; player 0 ends the game with add3 + ``move``."""
    state = make(tray={"spirit": 5}, boards=[board(turtle=["blue"]), board(turtle=["teal"])], coyote=coyote)
    play(state, "add3", move)
    assert state.status == "finished"
    assert [s.total for s in state.scores()] == [1, 1]
    return state.winners()


def test_tie_goes_to_the_player_whose_board_holds_the_coyote() -> None:
    assert tied(None, "coyote owl") == (1,)
    assert tied((0, "salmon"), "coyote stay") == (0,)
    assert tied((1, "salmon"), "coyote stay") == (1,)
    assert tied((0, "salmon"), "coyote rabbit") == (1,)


def test_tie_with_the_coyote_never_moved_is_shared() -> None:
    assert tied(None, "coyote stay") == (0, 1)


def test_highest_total_wins_whatever_the_coyote() -> None:
    state = make(tray={"spirit": 5}, boards=[board(turtle=["blue"] * 2), board(turtle=["teal"])])
    play(state, "add3", "coyote owl")
    assert state.winners() == (0,)
    state = make(tray={"spirit": 5}, boards=[board(turtle=["blue"]), board(turtle=["teal"] * 2)], coyote=(0, "owl"))
    play(state, "add3", "coyote stay")
    assert state.winners() == (1,)


def test_no_winners_while_playing() -> None:
    state = make(boards=[board(turtle=["blue"] * 3), board()])
    assert state.winners() == () and state.status == "playing"


# --- max_turns -----------------------------------------------------------------------------------
def test_max_turns_stops_the_game_unfinished_without_winners() -> None:
    for seed in range(20):
        state, _ = random_game(seed, max_turns=5)
        assert state.turn == 5 and state.status == "unfinished" and state.is_over
        assert state.winners() == () and state.legal_actions() == [] and state.current_player is None
        assert state.to_json()["spirit_stones_out"] < 5
        result = result_of(state)
        assert result is not None and result["unfinished"] is True and result["winners"] == []
        assert result["scores"] == [s.total for s in state.scores()]


def test_max_turns_counts_the_eagle_turn_and_the_extra_turn() -> None:
    state = make(tray={"blue": 2}, action_cards=[cards("take1", "take1", "add2"), cards()],
                 piles=(("eagle", "deer", "wolf"), ("bear", "ram", "bison")), max_turns=2)
    play(state, "eagle", "take blue", "blue turtle")
    assert state.status == "playing" and state.current_player == 0
    play(state, "take1", "take blue", "blue turtle")
    assert state.status == "unfinished" and state.turn == 2


def test_a_game_ended_by_the_rules_on_the_last_allowed_turn_is_finished() -> None:
    state = make(tray={"spirit": 5}, boards=[board(turtle=["blue"] * 2), board()], turn=2, max_turns=3)
    play(state, "add3", "coyote stay")
    assert state.status == "finished" and state.winners() == (0,)


def test_without_max_turns_random_games_finish_by_the_rules() -> None:
    for seed in range(50):
        state, _ = random_game(seed)
        assert state.status == "finished" and state.winners()
        assert state.to_json()["spirit_stones_out"] >= 5
    assert GAME.new(players=2, seed=1).options["max_turns"] is None
