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

#: Search settings of the named levels, per game ("default" for any other game).  ``seconds`` caps a
#: decision's thinking (the issue's bound: 1 s on a 2-core machine); ``iterations`` is the budget.
#: docs/strength.md measures them; benchmarks/mcts_variants.py's notes record the variants tried.
#: - Spirits of the Wild: random rollouts to the end of the game (short games: the real result).
#: - Harmonies and Four Gardens: the search covers the turn being played and the next one
#:   (``cutoff="turn"``, ``turns=2``), leaves scored at once by ``evaluate`` (``depth=0``), actions
#:   ranked by ``quick_evaluate`` and widened progressively; later decisions of a turn top up the
#:   tree kept from the first (``top_up``).
#: - A key "<game>/<players>" overrides for one player count (none in use now).  Harmonies solo
#:   ``hard`` over games 0-49 of seed 1 (benchmarks/mcts_variants.py): planning this turn and the
#:   next 100.78, this turn only 98.46 (the override of sessions 3-4), this turn only with
#:   ``backup="max"`` 98.3 (games 0-9), greedy 102.58: in solo no search setting beats greedy yet,
#:   as the search finds where the heuristic is wrong.  With the fitted solo weights of session 6
#:   (greedy +2.8 over 200 games) ``hard`` scored 98.9 on games 0-9, greedy 99.1.  In 2 players
#:   ``hard`` won 24 of 40 games against greedy; on both cores (``workers=2``, root-parallel, no
#:   tree kept within a turn) 11 of 20, so it stays on one core.
#: - Harmonies ``hard`` stops a decision's search once its choice cannot change (``decisive``): on
#:   the first 25 decisions of a solo game, 10 of the 21 it searched stopped after 0.5-0.96 s.
_TURN_PLAN = {"cutoff": "turn", "turns": 2, "depth": 0, "widening": 2.0}
LEVELS: dict[str, dict[str, dict[str, Any]]] = {
    "easy": {"default": {"iterations": 40},
             "four_gardens": {"iterations": 30, "cutoff": "turn", "depth": 0}},
    "normal": {"default": {"iterations": 150},
               "harmonies": {"iterations": 150, **_TURN_PLAN},
               "four_gardens": {"iterations": 100, "top_up": True, **_TURN_PLAN}},
    "hard": {"default": {"iterations": 500, "seconds": 1.0},
             "harmonies": {"iterations": 100_000, "seconds": 1.0, "prior": "evaluate", "decisive": True,
                           **_TURN_PLAN},
             "four_gardens": {"iterations": 300, "seconds": 1.0, "top_up": True, **_TURN_PLAN}},
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
