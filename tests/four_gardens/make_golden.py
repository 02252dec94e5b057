"""Write the golden records of Four Gardens (run by hand, never at test time).

    .venv/bin/python -m tests.four_gardens.make_golden

Each record is a seeded game played by the named agents; its stored result pins the final scores.
Together they cover 2, 3 and 4 players, the base game and the whims promo, and a game stopped by
``max_turns``.
"""

from __future__ import annotations

from pathlib import Path

import hanpan
from hanpan.agents import Seat, make_agent
from hanpan.core.record import Record

GAME = hanpan.game("four_gardens")
HERE = Path(__file__).parent / "golden"

#: (file name, seed, players, options)
GAMES: list[tuple[str, int, tuple[str, ...], dict[str, object]]] = [
    ("greedy_vs_random_1.json", 1, ("greedy", "random"), {}),
    ("random_vs_greedy_2.json", 2, ("random", "greedy"), {}),
    ("greedy_3p_whims_3.json", 3, ("greedy", "greedy", "greedy"), {"whims": True}),
    ("random_4p_4.json", 4, ("random", "random", "random", "random"), {}),
    ("greedy_4p_whims_5.json", 5, ("greedy", "random", "greedy", "greedy"), {"whims": True}),
    ("random_2p_whims_6.json", 6, ("random", "random"), {"whims": True}),
    ("stopped_by_max_turns_7.json", 7, ("greedy", "random", "random"), {"max_turns": 12}),
]


def play(seed: int, players: tuple[str, ...], options: dict[str, object]) -> Record:
    state = GAME.new(players=len(players), seed=seed, **options)
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
    HERE.mkdir(exist_ok=True)
    for name, seed, players, options in GAMES:
        record = play(seed, players, options)
        record.save(HERE / name)
        print(name, len(record.actions), record.result)


if __name__ == "__main__":
    main()
