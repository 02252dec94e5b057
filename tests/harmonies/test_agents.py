"""The greedy agent's evaluation: exact at the end, and strong enough to beat random play clearly."""

from __future__ import annotations

from typing import Any

import pytest

from hanpan.agents import Seat, make_agent
from hanpan.games.harmonies.data import CARD_INDEX
from hanpan.games.harmonies.heuristic import evaluate, static_value
from hanpan.games.harmonies.scoring import card_points

from .helpers import GAME, cells, neighbours, random_game, with_board


def test_evaluate_is_the_exact_total_at_the_end() -> None:
    s = random_game(2, 3)
    assert [evaluate(s, p) for p in range(2)] == [float(c.total) for c in s.scores()]


def test_static_value_counts_the_score_and_what_is_under_way() -> None:
    s = GAME.new(players=1, seed=5)
    assert static_value(s, 0) >= s.total(0)


def test_greedy_solo_beats_random_play() -> None:
    greedy, rand = [], []
    for seed in range(2):
        s = GAME.new(players=1, seed=seed)
        agent = make_agent("greedy", seed=seed)
        while not s.is_over:
            s.apply(agent.choose(Seat(s, 0)))
        greedy.append(s.total(0))
        rand.append(random_game(1, seed).total(0))
    assert min(greedy) > max(rand)
    assert sum(greedy) / len(greedy) >= 60


def test_a_held_cards_value_grows_token_by_token_toward_its_habitats() -> None:
    # Falcon: a cube on a 3-grey mountain beside a field (2 cubes).  Each grey toward the mountain
    # next to the field raises the value, the ready habitat most; a second habitat adds more.
    base = GAME.new(players=1, seed=3)
    boards = [
        {"a1": ["yellow"]},
        {"a1": ["yellow"], "b1": ["grey"]},
        {"a1": ["yellow"], "b1": ["grey", "grey"]},
        {"a1": ["yellow"], "b1": ["grey", "grey", "grey"]},
        {"a1": ["yellow"], "b1": ["grey", "grey", "grey"], "a2": ["grey", "grey", "grey"]},
    ]
    held = [static_value(with_board(base, 0, board, hold=["falcon"]), 0) for board in boards]
    bare = [static_value(with_board(base, 0, board), 0) for board in boards]
    gains = [h - b for h, b in zip(held, bare, strict=True)]  # the card's own share of the value
    assert gains == sorted(gains) and len(set(gains)) == len(gains), gains


def test_a_card_adds_nothing_where_its_habitat_cannot_be_built() -> None:
    # a full board of fields and greens: neither Alligator (water, water, tall tree) nor Otter (water,
    # two greens) can be built, so holding either is worth the same (only the slot it takes); Ladybug
    # (a cube on a field beside a green) has its habitats ready, so it is worth more.
    state = GAME.new(players=1, seed=3)
    board = {name: (["yellow"] if i % 2 else ["green"]) for i, name in enumerate(cells("A"))}
    values = {card: static_value(with_board(state, 0, board, hold=[card]), 0)
              for card in ("alligator", "otter", "ladybug")}
    assert values["alligator"] == values["otter"] < values["ladybug"]


def tokens_taken(state: Any, **changes: Any) -> Any:
    """The position with the player to move having taken (and placed) this turn's tokens; other
    position fields (``ending``, ``player``) changed as given."""
    data = state.to_json()
    data.update(took=True, **changes)
    return GAME.from_json(data)


def test_on_the_last_turn_only_points_and_cubes_that_can_go_down_now_count() -> None:
    # tokens taken and 2 empty cells: the game ends after this turn, so a brown waiting for its
    # green is worth nothing, nor are the empty cells; a held Ladybug counts the cubes its ready
    # habitats take now (a field beside a green), no more than its track holds.  With 3 empty
    # cells, or before this turn's tokens are taken, both count again.
    state = GAME.new(players=1, seed=3)
    names = list(cells("A"))
    board = {name: ["yellow" if i % 2 else "blue"] for i, name in enumerate(names) if i >= 3}
    board[names[2]] = ["brown"]
    last = tokens_taken(with_board(state, 0, board))
    assert last.empties[0] == 2
    assert static_value(last, 0) == float(last.total(0))
    untaken = with_board(state, 0, board)
    assert static_value(untaken, 0) > untaken.total(0) + 1
    board.pop(names[3])
    before = tokens_taken(with_board(state, 0, board))
    assert static_value(before, 0) > before.total(0) + 4
    fields = {**board, names[3]: ["green"], names[4]: ["yellow"]}
    held = tokens_taken(with_board(state, 0, fields, hold=["ladybug"]))
    ready = len(held.cube_cells(0, CARD_INDEX["ladybug"]))
    assert ready >= 1
    assert static_value(held, 0) == held.total(0) + card_points(CARD_INDEX["ladybug"], min(ready, 5))


def test_a_pouch_running_dry_within_the_round_makes_this_the_last_turn() -> None:
    # 2 players, seat 0 to move, its tokens taken: each turn's refill takes 3 tokens, so with 3 left
    # seat 1's turn empties the pouch and ends the game: seat 0's brown will never get its green.
    # With 6 left seat 0 plays again.  Seat 1 on its own turn needs an empty pouch for the same.
    state = GAME.new(players=2, seed=3)
    board = {"a1": ["brown"]}

    def with_pouch(tokens: int, player: int) -> Any:
        data = with_board(state, 0, board).to_json()
        data["box"] += sum(data["pouch"].values()) - tokens  # the position keeps all 120 tokens
        data["pouch"] = {"blue": tokens}
        data.pop("bag", None)
        return tokens_taken(GAME.from_json(data), player=player)

    assert static_value(with_pouch(3, 0), 0) == with_pouch(3, 0).total(0)
    assert static_value(with_pouch(6, 0), 0) > with_pouch(6, 0).total(0) + 1
    assert static_value(with_pouch(3, 1), 1) > with_pouch(3, 1).total(1)


def test_after_its_last_turn_a_players_ready_cubes_count_no_more() -> None:
    # the game ends with this round and seat 1 is playing its last turn: seat 1's ready Frog cube
    # (a water beside a green) still counts, as it may go down now; seat 0's ready Ladybug cube (a
    # field beside a green) does not, as seat 0's last turn is over
    state = GAME.new(players=2, seed=3)
    seat0 = with_board(state, 0, {"a1": ["green"], "a2": ["yellow"]}, hold=["ladybug"])
    position = tokens_taken(with_board(seat0, 1, {"a1": ["green"], "a2": ["blue"]}, hold=["frog"]),
                            ending=True, player=1)
    assert position.cube_cells(0, CARD_INDEX["ladybug"]) and position.cube_cells(1, CARD_INDEX["frog"])
    assert static_value(position, 0) == position.total(0)
    assert static_value(position, 1) == position.total(1) + card_points(CARD_INDEX["frog"], 1)


@pytest.mark.parametrize(("players", "spirits"), [(1, False), (2, True), (3, False)])
def test_the_memo_of_static_value_never_answers_for_another_state(players: int, spirits: bool) -> None:
    # the memos (of whole values and of card values) are filled by greedy's own evaluations; at every
    # decision of greedy games each seat's value, read through them, must be the one computed afresh
    from hanpan.games.harmonies import heuristic

    state = GAME.new(players=players, seed=0, spirits=spirits)
    agents = [make_agent("greedy", seed=seat) for seat in range(players)]
    while not state.is_over:
        for player in range(players):
            remembered = static_value(state, player)
            heuristic._CARD_MEMO.clear()
            assert remembered == heuristic._static_value(state, player)
        mover = state.current_player
        state.apply(agents[mover].choose(Seat(state, mover)))


def test_solo_values_board_shapes_with_its_own_weights() -> None:
    # a grey walled in by blues (a lone mountain that can never get a neighbour) and a green on the
    # board itself (a 1-point tree filling a cell): in solo each shape moves the value by its weight;
    # in 2 players the solo weights are not used at all
    import dataclasses

    from hanpan.games.harmonies import heuristic

    near = neighbours("A")
    board = {"c3": ["grey"], **{name: ["blue"] for name in near["c3"]}}
    far = next(name for name in cells("A") if name not in board and not set(near[name]) & set(board))
    board[far] = ["green"]
    solo = with_board(GAME.new(players=1, seed=3), 0, board)
    duo = with_board(GAME.new(players=2, seed=3), 0, board)
    solo_weights = heuristic.SOLO_WEIGHTS
    base_solo, base_duo = static_value(solo, 0), static_value(duo, 0)
    try:
        for shape in ("dead_lone_mountain", "single_green"):
            heuristic.SOLO_WEIGHTS = dataclasses.replace(solo_weights, **{shape: 0.0})
            assert static_value(solo, 0) == pytest.approx(base_solo - getattr(solo_weights, shape))
            assert static_value(duo, 0) == base_duo
    finally:
        heuristic.SOLO_WEIGHTS = solo_weights
    assert solo_weights.dead_lone_mountain < 0 and solo_weights.single_green < 0
    assert heuristic.WEIGHTS.dead_lone_mountain == heuristic.WEIGHTS.single_green == 0


def test_in_solo_the_best_card_on_display_for_the_board_counts_while_a_slot_is_free() -> None:
    # a field beside a green is a ready Ladybug habitat (a cube on a field beside a green): showing a
    # Ladybug is worth more than showing cards with nothing of theirs on the board, which is what makes
    # greedy keep a card that fits and discard one that does not.  With 4 cards held (no slot) or in
    # 2 players the display is worth nothing.
    from hanpan.games.harmonies import heuristic

    board = {"a1": ["green"], "a2": ["yellow"]}
    unfit = ["bat", "falcon", "penguin"]  # mountain habitats: no grey on the board

    def showing(players: int, display: list[str], hold: tuple[str, ...] = ()) -> Any:
        data = with_board(GAME.new(players=players, seed=3), 0, board, hold=hold).to_json()
        pool = data["display"] + data["deck"]
        data["display"] = sorted(display)
        data["deck"] = [card for card in pool if card not in display]
        return GAME.from_json(data)

    def value(players: int, display: list[str], hold: tuple[str, ...] = ()) -> float:
        return static_value(showing(players, display, hold), 0)

    assert value(1, ["ladybug", *unfit[:2]]) > value(1, unfit)
    assert heuristic.SOLO_WEIGHTS.display > 0 and heuristic.WEIGHTS.display == 0
    full = ("alligator", "otter", "fish", "duck")
    assert value(1, ["ladybug", *unfit[:2]], full) == value(1, unfit, full)
    assert value(2, ["ladybug", *unfit[1:], "koala", "bear"]) == value(2, [*unfit, "koala", "bear"])


def test_the_compiled_habitat_levels_match_a_cell_by_cell_count() -> None:
    # each card's straight-line level function (bit-sliced counters over every rotation) against a plain
    # count, cube cell by cube cell and rotation by rotation, on the boards of random games' turns
    from hanpan.core.rng import Rng
    from hanpan.games.harmonies import habitats as h
    from hanpan.games.harmonies.data import NUM_CARDS

    def reference(card: int, sm: list[int], free: int) -> list[int]:
        can, units = h._habitat_masks(sm)
        cube_kind = h._CUBE_KIND[card]
        kinds = [cube_kind] + [k for k, _ in h._ROTATIONS[card][0]]
        out = [0] * (sum(len(h._TOKENS[k]) for k in kinds) + 1)

        def has(mask: int, pos: int) -> bool:
            return pos >= 0 and bool(mask >> pos & 1)

        def tokens(kind: int, pos: int) -> int:
            return sum(has(unit, pos) for unit in units[kind])

        for pos in range(GAME.new(players=1, seed=0).side.board.bit_length()):
            if not (has(can[cube_kind], pos) and has(free, pos)):
                continue
            for rotation in h._ROTATIONS[card]:
                if all(has(can[kind], pos + offset) for kind, offset in rotation):
                    count = tokens(cube_kind, pos) + sum(tokens(kind, pos + offset) for kind, offset in rotation)
                    for level in range(count + 1):
                        out[level] |= 1 << pos
        return out

    boards = 0
    for seed in range(3):
        state, rng = GAME.new(players=1, seed=seed), Rng(seed)
        while not state.is_over:
            if state.hand_count == 0:
                sm, free = state.sm[0], ~state.cubes[0]
                can, units = h._habitat_masks(sm)
                for card in range(NUM_CARDS):
                    assert h._LEVELS[card](units, can, free) == reference(card, sm, free), (seed, card)
                boards += 1
            legal = state.legal_actions()
            state.apply(legal[rng.randbelow(len(legal))])
    assert boards > 30
