"""A decision is judged from what its seat knew: change only what the seat could not know (the seed, the
generator, the bag and deck orders, the other seats' hidden cards: the perturbations of
tests/core/test_determinize_leaks.py) and the review of that decision is the same."""

from __future__ import annotations

import copy
import random

import pytest

import hanpan
from hanpan.analysis.estimates import Budget
from hanpan.analysis.review import DecisionTask, judge, run_task
from hanpan.core.rng import Rng

from .helpers import PERTURB

# games cut short by ``max_turns`` (play-outs end there), so that a check takes a second or two
SETUPS = [
    ("harmonies", 2, {"spirits": True, "max_turns": 8}, "hard"),   # turn plans (RolloutAgent)
    ("harmonies", 3, {"side": "B", "max_turns": 9}, "easy"),       # tree search
    ("spirits_of_the_wild", 2, {}, "hard"),
    ("four_gardens", 3, {"whims": True, "max_turns": 9}, "hard"),
]


@pytest.mark.parametrize(("game_id", "players", "options", "level"), SETUPS,
                         ids=[f"{g}-{n}-{level}" for g, n, _, level in SETUPS])
def test_a_decision_is_judged_only_from_the_seats_view(game_id: str, players: int, options: dict[str, object],
                                                       level: str) -> None:
    rng = random.Random(f"{game_id}-{players}")
    state = hanpan.game(game_id).new(players=players, seed=31, **options)
    budget = Budget(samples=2, alternatives=1)
    moves = Rng(5)
    checked = 0
    for number in range(1, 200):
        if state.is_over or checked == 2:
            break
        legal = state.legal_actions()
        seat = state.current_player
        assert seat is not None
        if number % 9 == 4 and len(legal) > 1:  # a few decisions with a real choice, spread over the game
            played = str(legal[moves.randbelow(len(legal))])
            other = state.game.from_json(PERTURB[game_id](copy.deepcopy(state.to_json()), seat, rng))
            assert other.view(seat) == state.view(seat) and other.to_json() != state.to_json()
            mine = judge(state, seat, played, level, budget, seed=3, number=number)
            theirs = run_task(DecisionTask(game_id, other.to_json(), seat, played, level, budget, 3, number))
            assert mine == theirs
            checked += 1
        state.apply(legal[moves.randbelow(len(legal))])
    assert checked == 2
