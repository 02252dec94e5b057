"""Named agents: any name here can sit wherever a player is named (``--players greedy,random``).

>>> agent_names()
['random', 'greedy', 'easy', 'normal', 'hard']
>>> make_agent("greedy", seed=3).name
'greedy'
>>> make_agent("grandmaster", seed=0)
Traceback (most recent call last):
...
hanpan.core.errors.AgentError: unknown player 'grandmaster'; players: human, random, greedy, easy, normal, hard
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hanpan.agents.base import Agent
from hanpan.agents.simple import GreedyAgent, RandomAgent
from hanpan.core.errors import AgentError

#: Search settings of the named levels, per game ("default" for any other game).  ``hard`` stops at
#: its iteration budget or after 1 second per decision, whichever comes first.  docs/strength.md
#: measures them.
#: Harmonies: the search covers the turn being played and the next one (``cutoff="turn"``,
#: ``turns=2``), leaves scored at once by ``evaluate`` (``depth=0``), actions ranked by ``evaluate``
#: and widened progressively; the measured figures are in benchmarks/mcts_variants.py's notes.
_HARMONIES = {"cutoff": "turn", "turns": 2, "depth": 0, "widening": 2.0}
LEVELS: dict[str, dict[str, dict[str, Any]]] = {
    "easy": {"default": {"iterations": 60}},
    "normal": {"default": {"iterations": 300},
               "harmonies": {"iterations": 150, **_HARMONIES}},
    "hard": {"default": {"iterations": 1500, "seconds": 1.0},
             "harmonies": {"iterations": 100_000, "seconds": 1.0, **_HARMONIES}},
}


def _level(name: str) -> Callable[[int], Agent]:
    def factory(seed: int) -> Agent:
        from hanpan.agents.mcts import MCTSAgent

        agent = MCTSAgent(seed, levels=LEVELS[name])
        agent.name = name
        return agent

    return factory


_FACTORIES: dict[str, Callable[[int], Agent]] = {
    "random": RandomAgent,
    "greedy": GreedyAgent,
    **{name: _level(name) for name in LEVELS},
}


def agent_names() -> list[str]:
    return list(_FACTORIES)


def register_agent(name: str, factory: Callable[[int], Agent]) -> None:
    """Add a named agent (a factory taking a seed)."""
    _FACTORIES[name] = factory


def make_agent(name: str, seed: int = 0) -> Agent:
    """The agent called ``name``, seeded with ``seed``; ``mcts:N`` / ``mcts:Xs`` set a search budget."""
    key = name.strip().lower()
    if key.startswith("mcts:"):
        from hanpan.agents.mcts import MCTSAgent, parse_budget

        try:
            budget = parse_budget(key[5:])
        except ValueError:
            raise AgentError(
                f"bad search budget in {name!r}; write mcts:N (iterations, e.g. mcts:300) or mcts:Xs "
                "(seconds per decision, e.g. mcts:0.5s)"
            ) from None
        agent = MCTSAgent(seed, **budget)  # type: ignore[arg-type]
        agent.name = key
        return agent
    factory = _FACTORIES.get(key)
    if factory is None:
        raise AgentError(
            f"unknown player {name!r}; players: human, {', '.join(_FACTORIES)}",
            f"알 수 없는 플레이어 {name!r}; 가능한 플레이어: human, {', '.join(_FACTORIES)}",
        )
    return factory(seed)
