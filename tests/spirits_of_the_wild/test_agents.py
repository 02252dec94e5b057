"""The greedy agent against the random one: over 200 seeded games (seats alternated) greedy wins ≥ 75 %."""

from __future__ import annotations

from hanpan.agents import make_agent
from hanpan.agents.base import play_out

from .helpers import GAME

GAMES = 200


def greedy_win_rate(games: int = GAMES) -> float:
    wins = 0.0
    for seed in range(games):
        greedy_seat = seed % 2
        names = ["greedy", "random"] if greedy_seat == 0 else ["random", "greedy"]
        agents = [make_agent(name, seed * 2 + seat) for seat, name in enumerate(names)]
        state = GAME.new(players=2, seed=seed)
        play_out(state, agents)  # the checked play raises on an illegal choice
        winners = state.winners()
        if greedy_seat in winners:
            wins += 1 / len(winners)  # a shared win counts half
    return wins / games


def test_greedy_beats_random_in_at_least_75_percent() -> None:
    rate = greedy_win_rate()
    print(f"greedy beat random in {rate:.1%} of {GAMES} games")
    assert rate >= 0.75
