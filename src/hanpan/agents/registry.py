"""Named agents: any name here can sit wherever a player is named (``--players greedy,random``).
The named levels' settings are :data:`hanpan.agents.levels.LEVELS`; this module builds the agents.

>>> agent_names()
['random', 'greedy', 'easy', 'normal', 'hard', 'master']
>>> make_agent("greedy", seed=3).name
'greedy'
>>> make_agent("grandmaster", seed=0)
Traceback (most recent call last):
...
hanpan.core.errors.AgentError: unknown player 'grandmaster'; players: human, random, greedy, easy, normal, hard, \
master, mcts:N or mcts:Xs (and classic-normal, classic-hard, classic-master: levels as they were)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hanpan.agents.base import Agent, Seat
from hanpan.agents.levels import CLASSIC, LEVELS, MCTS_DEFAULTS, check_settings, level_settings
from hanpan.agents.mcts import SETTINGS as MCTS_SETTINGS
from hanpan.agents.mcts import MCTSAgent, parse_budget
from hanpan.agents.plans import SETTINGS as PLAN_SETTINGS
from hanpan.agents.plans import PlanAgent
from hanpan.agents.rollout import SETTINGS as ROLLOUT_SETTINGS
from hanpan.agents.rollout import RolloutAgent
from hanpan.agents.simple import GreedyAgent, RandomAgent
from hanpan.core import evaluation
from hanpan.core.action import Action
from hanpan.core.errors import AgentError

#: the play-outs ``mcts:N:<kind>`` may ask for
PLAYOUTS = ("random", "greedy")


class LevelAgent(Agent):
    """A named level: at its first decision it takes the settings for the game and player count and
    plays with the search they name — :class:`~hanpan.agents.rollout.RolloutAgent` when they say
    ``"agent": "rollout"``, else :class:`~hanpan.agents.mcts.MCTSAgent`.

    >>> from hanpan.agents.base import Seat
    >>> import hanpan
    >>> agent = LevelAgent("quick", {"default": {"iterations": 8}}, seed=1)
    >>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
    >>> agent.choose(Seat(state, 0)) in state.legal_actions(), type(agent.search).__name__
    (True, 'MCTSAgent')
    """

    def __init__(self, name: str, per_game: dict[str, dict[str, Any]], seed: int = 0) -> None:
        super().__init__(seed)
        self.name = name
        self.per_game = per_game
        self.seed = seed
        #: the search playing for this level, made at the first decision (it depends on the game)
        self.search: Agent | None = None
        #: the game's evaluation it decides with (``"evaluation"`` in the settings; hanpan.core.evaluation)
        self.evaluation = evaluation.STANDARD

    def choose(self, seat: Seat) -> Action:
        if self.search is None:
            settings = dict(level_settings(self.per_game, seat.game.id, seat.num_players))
            self.evaluation = settings.pop("evaluation", evaluation.STANDARD)
            if self.evaluation not in seat.game.evaluations:
                raise ValueError(f"unknown evaluation {self.evaluation!r} for {seat.game.id} in a level's "
                                 f"settings; evaluations: {', '.join(seat.game.evaluations)}")
            self.search = _make_search(settings, self.seed)
        with evaluation.using(self.evaluation):
            return self.search.choose(seat)


def _make_search(settings: dict[str, Any], seed: int) -> Agent:
    settings = dict(settings)
    kind = settings.pop("agent", "mcts")
    known = {"mcts": MCTS_SETTINGS, "rollout": ROLLOUT_SETTINGS, "plan": PLAN_SETTINGS}.get(kind)
    if known is None:
        raise ValueError(f"unknown search {kind!r} in a level's settings; searches: mcts, rollout, plan")
    check_settings(kind, settings, known)
    if kind == "plan":
        return PlanAgent(seed, **settings)
    return RolloutAgent(seed, **settings) if kind == "rollout" else MCTSAgent(seed, **settings)


def _level(name: str) -> Callable[[int], Agent]:
    def factory(seed: int) -> Agent:
        return LevelAgent(name, LEVELS[name], seed)

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
    """The agent called ``name``, seeded with ``seed``; ``mcts:N`` / ``mcts:Xs`` set a search budget
    (``mcts:N:random`` / ``mcts:N:greedy``: with play-outs of that kind to the end of the game).

    >>> make_agent("mcts:300").per_game["harmonies"]["cutoff"], make_agent("mcts:2s:random").per_game
    ('turn', {'default': {'seconds': 2.0, 'rollout': 'random'}})
    """
    key = name.strip().lower()
    if key.startswith("mcts:"):
        return _mcts_agent(name, key, seed)
    factory = _FACTORIES.get(key)
    if factory is None and key in CLASSIC:  # a level as it was (not in the menus)
        return LevelAgent(key, CLASSIC[key], seed)
    if factory is None:
        raise AgentError(
            f"unknown player {name!r}; players: human, {', '.join(_FACTORIES)}, mcts:N or mcts:Xs "
            f"(and {', '.join(CLASSIC)}: levels as they were)",
            f"알 수 없는 플레이어 {name!r}; 가능한 플레이어: human, {', '.join(_FACTORIES)}, mcts:N 또는 mcts:Xs "
            f"({', '.join(CLASSIC)}: 예전 수준)",
        )
    return factory(seed)


def _mcts_agent(name: str, key: str, seed: int) -> LevelAgent:
    budget_text, _, playout = key[5:].partition(":")
    try:
        budget = parse_budget(budget_text)
    except ValueError:
        raise AgentError(
            f"bad search budget in {name!r}; write mcts:N (iterations, e.g. mcts:300) or mcts:Xs "
            "(seconds per decision, e.g. mcts:0.5s)"
        ) from None
    if playout and playout not in PLAYOUTS:
        raise AgentError(f"bad play-outs in {name!r}; write mcts:N, or mcts:N:random or mcts:N:greedy "
                         "for play-outs of that kind to the end of the game")
    if playout:
        per_game = {"default": {**budget, "rollout": playout}}
    else:
        per_game = {game: {**settings, **budget} for game, settings in MCTS_DEFAULTS.items()}
    return LevelAgent(key, per_game, seed)
