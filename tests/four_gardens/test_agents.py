"""Agents play Four Gardens through their seats; greedy beats random (200 games are measured in the report)."""

from __future__ import annotations

from hanpan.agents import Seat, make_agent

from .helpers import new


def test_greedy_beats_random_most_of_the_time() -> None:
    wins = 0
    games = 12
    for seed in range(games):
        greedy = seed % 2  # alternate seats
        s = new(2, seed=500 + seed, max_turns=200)
        agents = [make_agent("greedy" if seat == greedy else "random", seed * 10 + seat) for seat in (0, 1)]
        decisions = 0
        while not s.is_over:
            seat = s.current_player
            assert seat is not None
            s.play(agents[seat].choose(Seat(s, seat)))
            decisions += 1
            assert decisions < 20_000  # greedy never dithers forever inside a rearrange
        wins += s.winners() == (greedy,)
    assert wins >= 10


def test_greedy_plays_whole_games_with_whims_and_four_players() -> None:
    s = new(4, seed=3, whims=True, max_turns=200)
    agents = [make_agent("greedy", seat) for seat in range(4)]
    while not s.is_over:
        seat = s.current_player
        assert seat is not None
        s.play(agents[seat].choose(Seat(s, seat)))
    assert s.status == "finished"
