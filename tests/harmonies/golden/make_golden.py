"""Write the golden records once: ``.venv/bin/python tests/harmonies/golden/make_golden.py``.

Seeded full games played by the random and greedy agents, saved as hanpan.record/1 JSON.
``test_golden.py`` replays them and pins their final scores; they are not regenerated at test time.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import hanpan
from hanpan.agents import Seat, make_agent
from hanpan.core.record import Record

HERE = Path(__file__).parent

GAMES: list[tuple[str, list[str], int, dict[str, Any]]] = [
    ("solo_random_A_1.json", ["random"], 1, {}),
    ("solo_greedy_A_2.json", ["greedy"], 2, {}),
    ("solo_greedy_B_spirits_3.json", ["greedy"], 3, {"side": "B", "spirits": True}),
    ("greedy_vs_random_B_4.json", ["greedy", "random"], 4, {"side": "B"}),
    ("three_random_spirits_5.json", ["random", "random", "random"], 5, {"spirits": True}),
    ("four_mixed_A_6.json", ["greedy", "random", "greedy", "random"], 6, {}),
    ("stopped_by_max_turns_7.json", ["random", "greedy"], 7, {"max_turns": 9}),
    ("tie_won_on_cubes_17.json", ["random", "random"], 17, {}),
    ("tie_shared_61.json", ["random", "random"], 61, {}),
]


def play(players: list[str], seed: int, options: dict[str, Any]) -> Record:
    state = hanpan.game("harmonies").new(players=len(players), seed=seed, **options)
    agents = [make_agent(name, seed=seed * 10 + i) for i, name in enumerate(players)]
    actions = []
    while not state.is_over:
        player = state.current_player
        assert player is not None
        action = agents[player].choose(Seat(state, player))
        state.play(action)
        actions.append(str(action))
    return Record.of(state, players, actions)


def main() -> None:
    for filename, players, seed, options in GAMES:
        record = play(players, seed, options)
        record.save(HERE / filename)
        print(filename, record.result)


if __name__ == "__main__":
    main()
