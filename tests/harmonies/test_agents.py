"""The greedy agent's evaluation: exact at the end, and strong enough to beat random play clearly."""

from __future__ import annotations

from hanpan.agents import Seat, make_agent
from hanpan.games.harmonies.heuristic import evaluate, static_value

from .helpers import GAME, random_game


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
