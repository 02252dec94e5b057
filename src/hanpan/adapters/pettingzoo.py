"""hanpan's games as PettingZoo AEC environments (``pip install hanpan[rl]``): every seat a learner.

``env(game, players=..., returns=..., reward=..., max_cycles=..., **options)`` is :class:`raw_env` in PettingZoo's
``AssertOutOfBoundsWrapper`` and ``OrderEnforcingWrapper``.  Any registered game works, with no code of
its own here.

- Agents ``player_0 … player_{n-1}`` (seat ``i``); ``agent_selection`` is always the seat to move (a
  composite turn is several decisions in a row by the same agent).
- Observation of an agent: ``{"observation": float32[encoding.size], "action_mask": int8[len(game.actions)]}``
  — the observation: what ``state.view(seat)`` shows (:mod:`hanpan.adapters.observation`), the mask 1 at
  the legal action ids for the agent to move and all 0 for every other agent.  Action: an id,
  ``Discrete(len(game.actions))``.
- Rewards (``reward="terminal"``) only when the game ends: :func:`hanpan.adapters.outcome.returns`
  (``returns="score"`` or ``"win"``); then every agent is terminated.  ``reward="score_change"`` (dense,
  with ``returns="score"``): after every step, each agent the change of its margin (points minus the
  others' mean) since the last, adding up to the same.  A game stopped by its ``max_turns`` option, or by
  ``max_cycles`` (at most ``max_cycles × players`` decisions), truncates every agent, worth 0.
- An illegal action forfeits (:mod:`hanpan.adapters.common`): every agent is terminated, the mover gets
  the forfeit value and ``infos[agent]["illegal"] = True``, the others 0 (with ``"score_change"``, less
  what each was paid already).
- Environments pickle with plain :mod:`pickle`.
- ``reset(seed=s)`` plays the game ``game.new(players, seed=s, **options)``: the same seed and action ids
  give the native engine's game; an unseeded ``reset()`` draws the game's seed from the generator of the
  last seeded reset (from fresh entropy before any).  ``env.unwrapped.game_state`` is the true
  :class:`~hanpan.core.contract.State` (for tools and tests: a learner must not read it).
- ``render_mode="ansi"``: ``render()`` returns the game's terminal drawing as a spectator sees it, as
  text; ``"human"`` prints it.

>>> import numpy as np
>>> environment = env("spirits_of_the_wild", returns="win")
>>> environment.reset(seed=7)
>>> rng = np.random.default_rng(0)
>>> for agent in environment.agent_iter():
...     observation, reward, terminated, truncated, info = environment.last()
...     if terminated or truncated:
...         action = None
...     else:
...         action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
...     environment.step(action)
>>> environment.agents, environment.unwrapped.game_state.status
([], 'finished')
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import AssertOutOfBoundsWrapper, OrderEnforcingWrapper

from hanpan.adapters.common import (
    RENDER_MODES,
    Table,
    action_mask,
    check_render_mode,
    check_reward,
    forfeit,
    mask_box,
    observation,
    observation_box,
    render_text,
    worth,
)
from hanpan.adapters.outcome import returns as outcome_returns
from hanpan.core.contract import State
from hanpan.core.errors import OptionError

Observation = dict[str, np.ndarray[Any, Any]]


def env(game: str, *, players: int | None = None, render_mode: str | None = None, returns: str = "score",
        reward: str = "terminal", max_cycles: int | None = None, **options: Any) -> AECEnv:
    """The game as a wrapped AEC environment (see the module's text); options are the game's options."""
    environment = raw_env(game, players=players, render_mode=render_mode, returns=returns, reward=reward,
                          max_cycles=max_cycles, **options)
    return OrderEnforcingWrapper(AssertOutOfBoundsWrapper(environment))


class raw_env(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """One hanpan game as an AEC environment, without PettingZoo's wrappers (see the module's text)."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": list(RENDER_MODES), "name": "hanpan_v0",
                                          "is_parallelizable": False}

    def __init__(self, game: str, *, players: int | None = None, render_mode: str | None = None,
                 returns: str = "score", reward: str = "terminal", max_cycles: int | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.table = Table.make(game, players, returns, options)
        self.reward = check_reward(reward, self.table.returns)
        self.render_mode = check_render_mode(render_mode)
        if max_cycles is not None and (isinstance(max_cycles, bool) or not isinstance(max_cycles, int)
                                       or max_cycles < 1):
            raise OptionError(f"max_cycles must be a whole number ≥ 1 or None, not {max_cycles!r}")
        self.max_cycles = max_cycles
        self.possible_agents = [f"player_{seat}" for seat in range(self.table.players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation_box(self.table), "action_mask": mask_box(self.table)})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(self.table.num_actions) for agent in self.possible_agents}
        #: the true state of the game being played (None before the first reset)
        self.game_state: State | None = None
        self._seeds = np.random.default_rng()
        self._decisions = 0
        self._paid = [0.0] * self.table.players  # reward="score_change": each seat's rewards so far

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game, with ``seed`` as its hanpan seed (see the module's text); ``options`` is unused:
        the game's options are given when the environment is made."""
        if seed is None:
            seed = int(self._seeds.integers(1 << 48))
            self.game_state = self.table.new(seed)
        else:
            self.game_state = self.table.new(seed)  # checks the seed first
            self._seeds = np.random.default_rng(seed)
        self._decisions = 0
        self._paid = [0.0] * self.table.players
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> Observation:
        state = self._state()
        seat = self._seats[agent]
        return {"observation": observation(self.table, state, seat), "action_mask": action_mask(state, seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self._state()
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        action_id = -1 if action is None else int(action)
        dense = self.reward == "score_change"
        if action_id not in state.legal_action_ids():
            self.rewards[agent] = forfeit(state, self._seats[agent], self.table.returns)
            self.infos[agent] = {"illegal": True}
            self.terminations = dict.fromkeys(self.agents, True)
            if dense:  # the game's worth is the forfeit's: take back what was paid
                self.rewards = {a: self.rewards[a] - self._paid[self._seats[a]] for a in self.agents}
        else:
            state.apply_id(action_id)
            self._decisions += 1
            if state.is_over:
                values = outcome_returns(state, self.table.returns)
                self.rewards = {a: values[self._seats[a]] for a in self.agents}
                ended = self.terminations if state.status == "finished" else self.truncations
                ended.update(dict.fromkeys(self.agents, True))
            elif self.max_cycles is not None and self._decisions >= self.max_cycles * self.table.players:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                self._select()
                if dense:
                    self.rewards = {a: worth(state, self._seats[a], self.table.returns) for a in self.agents}
            if dense:
                self.rewards = {a: self.rewards[a] - self._paid[self._seats[a]] for a in self.agents}
        if dense:
            for a in self.agents:
                self._paid[self._seats[a]] += self.rewards[a]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; give render_mode='ansi' or 'human'")
            return None
        text = render_text(self._state(), None)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        """Nothing to release."""

    def __str__(self) -> str:
        return f"hanpan_{self.table.game.id}_v0"

    def _state(self) -> State:
        if self.game_state is None:
            raise RuntimeError("call reset() before using the environment")
        return self.game_state

    def _select(self) -> None:
        """Give the turn to the agent of the seat to move."""
        player = self._state().current_player
        assert player is not None
        self.agent_selection = self.possible_agents[player]
