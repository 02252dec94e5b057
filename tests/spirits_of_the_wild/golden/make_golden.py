"""Write the golden records of Spirits of the Wild (run by hand, never at test time).

    .venv/bin/python tests/spirits_of_the_wild/golden/make_golden.py

Each record is a seeded game played by the named agents; its stored result pins the final scores.
The games are chosen so that together they use every action card and Great Spirit card, both ways of
moving the coyote, the deer's return, the bison's bag, passing, and a game stopped by ``max_turns``.
"""

from __future__ import annotations

from pathlib import Path

import hanpan
from hanpan.agents import Seat, make_agent
from hanpan.core.record import Record

GAME = hanpan.game("spirits_of_the_wild")
HERE = Path(__file__).parent

#: (file name, seed, the two players, max_turns)
GAMES = [
    ("greedy_vs_random_1.json", 1, ("greedy", "random"), None),
    ("random_vs_greedy_2.json", 2, ("random", "greedy"), None),
    ("greedy_vs_greedy_3.json", 3, ("greedy", "greedy"), None),
    ("random_vs_random_4.json", 4, ("random", "random"), None),
    ("greedy_vs_greedy_5.json", 5, ("greedy", "greedy"), None),
    ("random_vs_random_6.json", 6, ("random", "random"), None),
    ("stopped_by_max_turns_7.json", 7, ("greedy", "random"), 12),
]


def play(seed: int, players: tuple[str, str], max_turns: int | None) -> Record:
    state = GAME.new(players=2, seed=seed, max_turns=max_turns)
    agents = [make_agent(name, seed * 10 + seat) for seat, name in enumerate(players)]
    actions = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        action = agents[seat].choose(Seat(state, seat))
        state.play(action)
        actions.append(action.text)
    return Record.of(state, list(players), actions)


def main() -> None:
    for name, seed, players, max_turns in GAMES:
        record = play(seed, players, max_turns)
        record.save(HERE / name)
        print(name, len(record.actions), record.result)


if __name__ == "__main__":
    main()
