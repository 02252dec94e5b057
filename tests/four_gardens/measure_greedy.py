"""Measure greedy play (run by hand): greedy vs random over seeded 2-player games, seats alternated,
and complete greedy games per second.

    .venv/bin/python -m tests.four_gardens.measure_greedy [GAMES] [--whims]
"""

from __future__ import annotations

import sys
import time

import hanpan
from hanpan.agents import Seat, make_agent

GAME = hanpan.game("four_gardens")


def play(seed: int, names: list[str], whims: bool, max_turns: int = 300) -> tuple[tuple[int, ...], str]:
    state = GAME.new(players=len(names), seed=seed, whims=whims, max_turns=max_turns)
    agents = [make_agent(name, seed * 10 + seat) for seat, name in enumerate(names)]
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(Seat(state, seat)))
    return state.winners(), state.status


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv and argv[0].isdigit() else 200
    whims = "--whims" in argv
    wins = unfinished = 0
    start = time.perf_counter()
    for seed in range(games):
        greedy = seed % 2
        names = ["greedy", "random"] if greedy == 0 else ["random", "greedy"]
        winners, status = play(seed, names, whims)
        wins += winners == (greedy,)
        unfinished += status != "finished"
    elapsed = time.perf_counter() - start
    print(f"greedy beat random in {wins} of {games} games ({100 * wins / games:.1f} %), "
          f"{unfinished} unfinished, {games / elapsed:.2f} games/s")
    for players in (2, 4):
        start = time.perf_counter()
        count = 10
        for seed in range(count):
            play(1000 + seed, ["greedy"] * players, whims)
        print(f"greedy only, {players} players: {count / (time.perf_counter() - start):.2f} games/s")


if __name__ == "__main__":
    main(sys.argv[1:])
