"""Turns, cards, cubes, refills, both end triggers with the round finished, the tie-break, solo, spirits."""

from __future__ import annotations

from typing import Any

import pytest

from hanpan.core.errors import IllegalActionError, NotationError
from hanpan.games.harmonies.data import CARD_INDEX

from .helpers import ANIMALS, GAME, with_board


def texts(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


COLOURS = ("blue", "yellow", "green", "brown", "grey", "red")


def play_turn(state: Any, space: str | None = None, cells: tuple[str, ...] = ()) -> None:
    """Take a space and place its tokens (on ``cells`` first if given, else the first legal), then end."""
    state.play(space or next(t for t in texts(state) if t.startswith("space")))
    while state.hand_count:
        options = [t for t in texts(state) if t.split()[0] in COLOURS]
        state.play(next((t for t in options if t.split()[1] in cells), options[0]))
    state.play("end")


def test_a_turn_takes_one_space_and_places_each_token() -> None:
    s = GAME.new(players=2, seed=11)
    first = texts(s)
    assert [t for t in first if t.startswith("space")] == [f"space {k}" for k in range(1, 6)]
    assert "end" not in first and len([t for t in first if t.startswith("card")]) == 5
    s.play("space 2")
    assert s.hand_count == 3 and not any(t.startswith("space") for t in texts(s))
    for _ in range(3):
        assert "end" not in texts(s)
        s.play(next(t for t in texts(s) if t.split()[0] in ("blue", "yellow", "green", "brown", "grey", "red")))
    assert texts(s)[-1] == "end"
    s.play("end")
    assert s.player == 1 and s.turn == 1
    assert sum(s.space_tokens(1)) == 3 and len(s.display) == 5  # the space was refilled


def test_one_card_per_turn_interleaved_with_placements() -> None:
    s = GAME.new(players=2, seed=5)
    s.play("space 1")
    card = next(t for t in texts(s) if t.startswith("card"))
    s.play(card)
    assert not any(t.startswith("card") for t in texts(s))
    assert len(s.display) == 4  # the display refills at the end of the turn
    cid = CARD_INDEX[card.split()[1]]
    assert s.supply == 66 - ANIMALS[card.split()[1]]["cubes"] and s.owner[cid] == 0


def test_card_limit_of_four_unfinished_cards_and_the_cube_supply() -> None:
    s = with_board(GAME.new(players=2, seed=3), 0, {}, hold=["fish", "bee", "bear", "wolf"])
    assert not any(t.startswith("card") for t in texts(s))
    s = with_board(GAME.new(players=2, seed=3), 0, {}, hold=["fish", "bee", "bear"])
    assert any(t.startswith("card") for t in texts(s))
    # a kept spirit whose cube is not placed counts toward the limit
    s = with_board(GAME.new(players=2, seed=3), 0, {}, hold=["fish", "bee", "bear"], spirit="lion_spirit")
    assert not any(t.startswith("card") for t in texts(s))
    # ruling: a card can be taken only if the supply holds a cube for every slot
    s = GAME.new(players=2, seed=3)
    s.supply = 2
    takeable = [t.split()[1] for t in texts(s) if t.startswith("card")]
    assert takeable == [c for c in s.to_json()["display"] if ANIMALS[c]["cubes"] <= 2]


def test_no_token_on_a_cube_and_never_under() -> None:
    s = with_board(GAME.new(players=1, seed=1), 0, {"a1": ["blue"], "b1": ["green"], "c2": ["grey", "grey", "grey"]},
                   hold=["frog"])
    s.play("cube frog a1")
    s.play("space 1")
    placements = [t for t in texts(s) if t.split()[0] in ("blue", "yellow", "green", "brown", "grey", "red")]
    cells = {t.split()[1] for t in placements}
    assert "a1" not in cells and "b1" not in cells and "c2" not in cells  # cube; green top; full mountain


def test_end_trigger_b_finishes_the_round() -> None:
    names = ("a1", "a2", "a3", "a4", "a5", "b1", "b2", "b3", "b4", "c1", "c2", "c3", "c4", "c5", "d1", "d2", "d3",
             "d4", "e1", "e2")  # 3 empty: e3, e4, e5
    full = {name: [("blue", "yellow", "grey", "brown")[i % 4]] for i, name in enumerate(names)}
    for starter_trigger in (True, False):
        s = GAME.new(players=2, seed=8)
        if starter_trigger:
            s = with_board(s, 0, full)
            play_turn(s, cells=("e3", "e4"))  # player 0 leaves ≤ 2 empty cells: the round finishes
            assert s.ending and not s.is_over and s.player == 1
            play_turn(s)
            assert s.is_over and s.turn == 2
        else:
            play_turn(s)
            s = with_board(s, 1, full)
            play_turn(s, cells=("e3", "e4"))
            assert s.is_over and s.turn == 2  # player 1 ends the round itself


def test_end_trigger_a_empty_pouch_at_a_refill() -> None:
    s = GAME.new(players=3, seed=9)
    data = s.to_json()
    data["box"] = sum(data["pouch"].values())  # a position whose pouch is empty (tokens counted in the box)
    data["pouch"] = {}
    data.pop("bag", None)  # the pouch changed: its bookkeeping order goes
    s = GAME.from_json(data)
    play_turn(s)
    assert s.ending and not s.is_over and sum(s.space_tokens(0)) == 0  # nothing to refill with
    play_turn(s)
    play_turn(s)
    assert s.is_over and s.status == "finished"


def test_refill_takes_what_the_pouch_still_holds() -> None:
    s = GAME.new(players=2, seed=9)
    data = s.to_json()
    left = dict(data["pouch"])
    keep = 2
    for colour in list(left):
        take = max(0, min(left[colour], sum(left.values()) - keep))
        left[colour] -= take
        data["box"] += take
    data["pouch"] = {k: v for k, v in left.items() if v}
    data.pop("bag", None)  # the pouch changed: its bookkeeping order goes
    s = GAME.from_json(data)
    play_turn(s, "space 1")
    assert sum(s.space_tokens(0)) == 2 and s.pouch_count == 0 and not s.ending


def test_solo_setup_turn_and_discard() -> None:
    s = GAME.new(players=1, seed=21)
    assert s.nspaces == 3 and len(s.display) == 3 and s.pouch_count == 111
    s.play("space 2")
    while s.hand_count:
        s.play(next(t for t in texts(s) if t.split()[0] in ("blue", "yellow", "green", "brown", "grey", "red")))
    discards = [t for t in texts(s) if t.startswith("discard")]
    assert len(discards) == 3 and texts(s)[-1] == "end"
    gone = discards[0].split()[1]
    s.play(discards[0])
    assert s.turn == 1 and s.box == 6 and s.pouch_count == 102
    assert gone not in s.to_json()["display"] and s.to_json()["discarded"] == [gone] and len(s.display) == 3
    # after taking a card there is no discard
    s.play("space 1")
    s.play(next(t for t in texts(s) if t.startswith("card")))
    while s.hand_count:
        s.play(next(t for t in texts(s) if t.split()[0] in ("blue", "yellow", "green", "brown", "grey", "red")))
    assert not any(t.startswith("discard") for t in texts(s))


def test_a_solo_discard_refills_the_central_board_before_the_display() -> None:
    # the end of a turn draws in one order, after "end" or a discard: the same tokens come up either way
    s = GAME.new(players=1, seed=21)
    s.play("space 2")
    while s.hand_count:
        s.play(next(t for t in texts(s) if t.split()[0] in ("blue", "yellow", "green", "brown", "grey", "red")))
    ended, discarded = s.clone(), s.clone()
    ended.play("end")
    gone = next(t for t in texts(discarded) if t.startswith("discard"))
    discarded.play(gone)
    assert [discarded.space_tokens(k) for k in range(3)] == [ended.space_tokens(k) for k in range(3)]
    assert len(discarded.display) == 3 and gone.split()[1] not in discarded.to_json()["display"]


def test_solo_ends_when_a_refill_finds_the_pouch_empty() -> None:
    # 111 tokens after setup: 12 full refills of 9, a refill of 3 (one space), then the end.
    s = GAME.new(players=1, seed=2)
    data = s.to_json()
    # keep 12 tokens in the pouch (the rest to the box): one full refill, then a refill of 3, then the end
    drop = s.pouch_count - 12
    pouch = dict(data["pouch"])
    for colour in list(pouch):
        take = min(pouch[colour], drop)
        pouch[colour] -= take
        drop -= take
        data["box"] += take
    data["pouch"] = {k: v for k, v in pouch.items() if v}
    data.pop("bag", None)  # the pouch changed: its bookkeeping order goes
    s = GAME.from_json(data)
    play_turn(s)
    assert s.pouch_count == 3 and [sum(s.space_tokens(k)) for k in range(3)] == [3, 3, 3]
    play_turn(s)
    assert s.pouch_count == 0 and [sum(s.space_tokens(k)) for k in range(3)] == [3, 0, 0] and not s.is_over
    assert [t for t in texts(s) if t.startswith("space")] == ["space 1"]
    play_turn(s)
    assert s.is_over and s.status == "finished" and s.winners() == (0,)
    census = s.token_census()
    assert sum(census.values()) == 120


def test_a_full_solo_game_has_at_most_14_turns() -> None:
    from .helpers import random_game

    for seed in range(20):
        s = random_game(1, seed)
        assert s.turn <= 14
        card = s.scores()[0]
        assert card.extra["suns"] >= 3  # side A +1, no spirit +2


def test_tie_break_still_tied_is_a_shared_win() -> None:
    data = GAME.new(players=2, seed=1).to_json()
    data["over"] = True
    assert GAME.from_json(data).winners() == (0, 1)  # 0 to 0 with no cubes on either side


def test_tie_break_exact() -> None:
    s = GAME.new(players=2, seed=1)
    board = {"a1": ["blue"], "b1": ["green"], "a2": ["blue"]}
    s = with_board(with_board(s, 0, board, hold=["frog"]), 1, {**board, "e1": ["brown", "green"]}, hold=["koala"])
    data = s.to_json()
    data["over"] = True
    data["boards"][0]["cubes"] = {"a1": "frog", "a2": "frog"}
    data["boards"][0]["cards"][0]["cubes_placed"] = 2  # frog: 4 points, 2 cubes
    data["boards"][1]["cubes"] = {"e1": "koala"}
    data["boards"][1]["cards"][0]["cubes_placed"] = 1  # koala: 3 points, 1 cube; tree2 3 more than player 0
    s = GAME.from_json(data)
    assert s.total(0) + 2 == s.total(1)
    data["boards"][1]["cubes"] = {}
    data["boards"][1]["cards"][0]["cubes_placed"] = 0
    data["boards"][1]["cells"]["c1"] = ["green"]
    data["pouch"]["green"] -= 1
    data.pop("bag", None)  # the pouch changed: its bookkeeping order goes
    s = GAME.from_json(data)
    assert s.total(0) == s.total(1)  # frog 4 + tree 1 + river 2 against tree 3 + tree 1 + river 2 + tree 1
    assert s.winners() == (0,)  # equal scores: player 0 placed more animal cubes


def test_max_turns_stops_the_game_unfinished() -> None:
    s = GAME.new(players=2, seed=1, max_turns=3)
    for _ in range(3):
        play_turn(s)
    assert s.is_over and s.status == "unfinished" and s.winners() == ()


def test_spirits_deal_two_keep_one_on_the_first_turn() -> None:
    s = GAME.new(players=3, seed=4, spirits=True)
    keep = texts(s)
    assert len(keep) == 2 and all(t.startswith("keep") for t in keep)
    kept = keep[1].split()[1]
    s.play(keep[1])
    assert s.spirit[0] == CARD_INDEX[kept] and CARD_INDEX[kept] in s.held[0]
    assert any(t.startswith("space") for t in texts(s))
    play_turn(s)
    assert all(t.startswith("keep") for t in texts(s))  # player 1's first decision
    assert s.view(0)["boards"][0]["spirit"] == {"id": kept, "placed": False}


def test_spirit_cube_follows_animal_rules_and_scores_only_if_placed() -> None:
    board = {"a3": ["yellow"], "b3": ["yellow"], "c4": ["brown", "green"], "e1": ["yellow"]}
    s = with_board(GAME.new(players=1, seed=6, spirits=True), 0, board, spirit="lion_spirit")
    assert s.scores()[0]["spirit"] == 0
    assert "cube lion_spirit b3" in texts(s)
    s.play("cube lion_spirit b3")
    assert s.scores()[0]["spirit"] == 2 + 2  # groups {a3, b3} and {e1}
    assert s.held[0] == [] and s.animal_cubes_placed(0) == 0  # the spirit cube is no animal cube
    assert s.scores()[0].extra["suns"] == 2  # under 40 points: 0; side A +1; a groups spirit +1


def test_errors_name_the_problem() -> None:
    s = GAME.new(players=2, seed=1)
    with pytest.raises(NotationError, match="not a move"):
        s.play("fly away")
    with pytest.raises(IllegalActionError, match="not legal now"):
        s.play("end")
    with pytest.raises(IllegalActionError, match="not legal now"):
        s.play("blue a1")


def test_round_trip_and_same_future() -> None:
    from hanpan.core.rng import Rng

    s = GAME.new(players=3, seed=77, side="B", spirits=True)
    rng = Rng(3)
    for _ in range(40):
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    t = GAME.from_json(s.to_json())
    assert t == s
    rng2 = rng.copy()
    for _ in range(60):
        if s.is_over:
            break
        a = s.legal_actions()[rng.randbelow(len(s.legal_actions()))]
        b = t.legal_actions()[rng2.randbelow(len(t.legal_actions()))]
        assert a == b
        s.apply(a)
        t.apply(b)
    assert t == s


def test_cubes_and_a_card_between_and_after_the_placements() -> None:
    s = with_board(GAME.new(players=1, seed=12), 0, {"a1": ["blue"]}, hold=["frog"])
    data = s.to_json()
    data["pouch"]["green"] -= 1
    data["pouch"]["blue"] -= 1
    data["pouch"]["yellow"] -= 1
    data.pop("bag", None)
    taken = data["central"][0]
    for colour, count in taken.items():
        data["pouch"][colour] = data["pouch"].get(colour, 0) + count
    data["central"][0] = {}
    data["hand"], data["took"], data["taken_space"] = {"green": 1, "blue": 1, "yellow": 1}, True, 0
    s = GAME.from_json(data)
    assert not any(t.startswith("cube") for t in texts(s))
    s.play("green b1")
    assert "cube frog a1" in texts(s)  # between placements
    s.play("cube frog a1")
    s.play(next(t for t in texts(s) if t.startswith("card")))  # a card between placements
    s.play("blue a2")
    s.play("yellow e5")
    assert s.hand_count == 0 and "cube frog a2" in texts(s) and "end" in texts(s)
    s.play("cube frog a2")  # after the placements
    assert s.placed[CARD_INDEX["frog"]] == 2 and s.scores()[0]["animals"] == 4
    s.play("end")
    assert s.turn == 1
