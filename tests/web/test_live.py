"""A live game rebuilt from its stored moves is the game that was played (what a restart relies on)."""

from __future__ import annotations

import random

import pytest

import hanpan
from hanpan.web.live import LiveGame
from hanpan.web.storage import StoredGame, StoredMove

SETUPS = [("spirits_of_the_wild", 2, {}), ("harmonies", 3, {"spirits": True}), ("four_gardens", 3, {"whims": True})]


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS)
def test_a_rebuilt_game_is_the_game_that_was_played(game_id: str, players: int, options: dict[str, object]) -> None:
    state = hanpan.game(game_id).new(players=players, seed=9, **options)
    rng = random.Random(9)
    moves = []
    for number in range(120):
        if state.is_over:
            break
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        moves.append(StoredMove(number, seat, str(action)))
        state.apply(action)
    stored = StoredGame("g", game_id, options, 9, ["human"] * players)
    live = LiveGame.rebuild(stored, moves)
    assert live.state.to_json() == state.to_json()
    assert live.move_number == len(moves) and [e.move for e in live.log] == [m.notation for m in moves]
