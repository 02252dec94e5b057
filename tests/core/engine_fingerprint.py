"""A fingerprint of the engines' behaviour: seeded games played by several agents, hashed as they go.

Run as a script it prints one JSON object: the engine in use and a hash per game setup.  The test
``test_engines_identical.py`` runs it with ``HANPAN_PURE=1`` in a subprocess and compares it with the same
fingerprint taken in its own process (compiled where the build is): one source, two engines, the same
games to the byte.

Every decision feeds the hash with the legal list, the action chosen and (every few decisions) the whole
record, both players' views and observation encodings, the scores and the evaluations the agents read; so
a difference anywhere in the rules, the views, the encoders, the heuristics or the agents' choices shows.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

#: (game, players, options, agents by seat, games): the agents are seeded and budgeted by iterations,
#: never by time, so both engines must make the same choices
SETUPS: tuple[tuple[str, int, dict[str, Any], tuple[str, ...], int], ...] = (
    ("harmonies", 1, {}, ("random",), 6),
    ("harmonies", 1, {"side": "B", "spirits": True}, ("greedy",), 2),
    ("harmonies", 2, {}, ("greedy", "random"), 2),
    ("harmonies", 4, {}, ("random", "random", "random", "random"), 3),
    ("harmonies", 2, {}, ("easy", "rollout"), 1),
    ("spirits_of_the_wild", 2, {}, ("random", "random"), 10),
    ("spirits_of_the_wild", 2, {}, ("greedy", "easy"), 2),
    ("four_gardens", 2, {}, ("random", "random"), 4),
    ("four_gardens", 4, {"whims": True}, ("random", "greedy", "random", "greedy"), 2),
    ("four_gardens", 3, {}, ("easy", "greedy", "random"), 1),
)

#: the whole record, views, scores and evaluations go in every this many decisions (they cost the most)
DEEP_EVERY = 7


def make(name: str, seed: int) -> Any:
    from hanpan.agents.registry import make_agent
    from hanpan.agents.rollout import RolloutAgent

    if name == "rollout":  # the hard level's planner, with a sample budget instead of a time budget
        return RolloutAgent(seed, samples=2, prune=4)
    return make_agent(name, seed=seed)


def play(game_id: str, players: int, options: dict[str, Any], agents: tuple[str, ...], seed: int) -> str:
    from hanpan.adapters.observation import encoding_for
    from hanpan.agents.base import Seat
    from hanpan.core.registry import game

    digest = hashlib.sha256()
    state = game(game_id).new(players=players, seed=seed, **options)
    encoding = encoding_for(state.game, players, state.options)
    seats = [make(name, seed * 10 + i) for i, name in enumerate(agents)]
    step = 0
    while not state.is_over:
        player = state.current_player
        assert player is not None
        legal = state.legal_actions()
        action = seats[player].choose(Seat(state.clone(), player))
        digest.update(f"{player}:{[a.id for a in legal]}>{action.id}:{action};".encode())
        if step % DEEP_EVERY == 0:
            deep = {"record": state.to_json(), "views": [state.view(p) for p in range(players)],
                    "public": state.public_view(), "evaluate": [state.evaluate(p) for p in range(players)],
                    "quick": [state.quick_evaluate(p) for p in range(players)],
                    "observations": [encoding.encode(state, p) for p in range(players)]}
            digest.update(json.dumps(deep, sort_keys=True, default=str).encode())
        state.apply(action)
        step += 1
    final = {"record": state.to_json(), "scores": [card.to_json() for card in state.scores()],
             "winners": list(state.winners()), "decisions": step}
    digest.update(json.dumps(final, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def fingerprint() -> dict[str, Any]:
    """``{"engine": ..., "games": {setup: hash}}`` for every setup of :data:`SETUPS`."""
    from hanpan._native import engine

    games = {}
    for game_id, players, options, agents, count in SETUPS:
        key = f"{game_id}/{players} {json.dumps(options, sort_keys=True)} {','.join(agents)}"
        games[key] = hashlib.sha256("".join(play(game_id, players, options, agents, seed)
                                            for seed in range(count)).encode()).hexdigest()
    return {"engine": engine(), "games": games}


if __name__ == "__main__":
    json.dump(fingerprint(), sys.stdout)
