"""hanpan's games as single-agent Gymnasium environments (``pip install hanpan[rl]``): one learner, the
other seats played by hanpan's agents or by functions of your own.

``HanpanEnv(game, players=None, seat=0, opponent="greedy", returns="score", reward="terminal",
illegal="forfeit", render_mode=None, **options)``: the learner plays ``seat``; ``opponent`` plays every
other seat inside ``step``, until it is the learner's decision again or the game is over.  Any registered
game works, with no code of its own here.

- Opponents (one for every other seat, or a list, one per other seat in seat order), each
  an agent name of :mod:`hanpan.agents.registry` (``register_agent`` adds your own), a hanpan
  :class:`~hanpan.agents.base.Agent`, or any callable ``policy(observation, action_mask) -> action id``,
  which gets that seat's own observation and mask (so a copy of the learner's policy plays the others:
  self-play).  ``env.unwrapped.set_opponents(opponent)`` changes them from the next ``reset``.

- Observation: ``float32[encoding.size]``, what ``state.view(seat)`` shows (:mod:`hanpan.adapters.observation`).
  Action: an id, ``Discrete(len(game.actions))``.  ``info["action_mask"]`` (int8, 1 at each legal id;
  ``Discrete.sample(mask=...)`` takes it) and ``action_masks()`` (bool, sb3-contrib's MaskablePPO calls
  it) say which ids are legal now.
- Reward (``reward="terminal"``) 0 until the game ends, then the learner's
  :func:`hanpan.adapters.outcome.returns` (``"score"``: its total minus the others' mean, alone the
  total; ``"win"``: +1/-1 style); ``reward="score_change"`` (dense, with ``returns="score"``): at every
  step the change of that margin since the last, adding up to the same (:mod:`hanpan.adapters.outcome`).
  ``terminated`` when the game is finished; ``truncated`` when its ``max_turns`` option stopped it
  (worth 0).
- An illegal action (``illegal="forfeit"``, the default): the episode ends at once (``terminated``) with
  the forfeit value as reward and ``info["illegal"] = True`` — a loss with ``"win"``; with ``"score"`` the
  learner's total counted as 0 against the others' totals as they stand (alone: 0), so an illegal move is
  never worth more than playing on.  ``illegal="raise"`` raises :class:`~hanpan.core.errors.IllegalActionError`
  instead (for code that must never make one; Gymnasium's ``check_env`` steps unmasked random actions,
  so it needs the default).
- ``reset(seed=s)`` plays the game ``game.new(players, seed=s, **options)``; the opponent at seat ``q``
  is ``make_agent(name, seed=mix_seed(s, q + 1))`` (as in ``hanpan play``), so the same seed and the same
  learner moves replay the same game.  An unseeded ``reset()`` draws the game's seed from ``np_random``.
  ``env.unwrapped.game_state`` is the true state (for tools and tests: a learner must not read it).
- ``render_mode="ansi"``: ``render()`` returns the game's terminal drawing as the learner's seat knows it,
  as text; ``"human"`` prints it.  Any other mode raises a
  :class:`~hanpan.adapters.common.RenderModeError`, which is also a TypeError, so that
  Stable-Baselines3's ``make_vec_env`` (which asks for ``"rgb_array"``) makes the environment without one.
- Environments pickle with plain :mod:`pickle` (a callable opponent must pickle too).

:func:`register_envs` (run on import) registers, for every game of the registry, ``hanpan/<Game>-v0``
(two players where the game allows two, else its default count; the others ``"greedy"``) and, for a
game that can be played alone, ``hanpan/<Game>Solo-v0``.  Gymnasium 1.x reads no plugin entry points, so
name the module in the id to make one without importing hanpan first:
``gymnasium.make("hanpan.adapters.gymnasium:hanpan/HarmoniesSolo-v0")``.

>>> import gymnasium, numpy as np
>>> env = gymnasium.make("hanpan/SpiritsOfTheWild-v0", opponent="random", returns="win")
>>> observation, info = env.reset(seed=3)
>>> observation.shape == env.observation_space.shape, info["action_mask"].dtype
(True, dtype('int8'))
>>> rng = np.random.default_rng(0)
>>> done = False
>>> while not done:
...     action = int(rng.choice(np.flatnonzero(info["action_mask"])))
...     observation, reward, terminated, truncated, info = env.step(action)
...     done = terminated or truncated
>>> reward in (-1.0, 0.0, 1.0), env.unwrapped.game_state.status
(True, 'finished')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import logger, spaces

import hanpan
from hanpan.adapters.common import (
    RENDER_MODES,
    Table,
    action_mask,
    camel_case,
    check_render_mode,
    check_reward,
    forfeit,
    observation,
    observation_box,
    render_text,
    worth,
)
from hanpan.adapters.outcome import returns as outcome_returns
from hanpan.agents.base import Agent, Seat
from hanpan.agents.registry import agent_names, make_agent
from hanpan.core.contract import Game, State
from hanpan.core.errors import AgentError, IllegalActionError, OptionError
from hanpan.core.rng import mix_seed

#: what an illegal action does: "forfeit" (the default) or "raise" (see the module's text)
ILLEGAL = ("forfeit", "raise")

Observation = np.ndarray[Any, np.dtype[np.float32]]
Mask = np.ndarray[Any, np.dtype[np.int8]]
#: an opponent that is a function: its seat's observation and legal mask → an action id
Policy = Callable[[Observation, Mask], Any]
#: who plays the other seats: an agent name, an Agent, a Policy, or one of those per other seat
Opponent = str | Agent | Policy


class HanpanEnv(gymnasium.Env[Observation, np.int64]):
    """One seat of a hanpan game for one learner; hanpan agents play the others (see the module's text)."""

    metadata: dict[str, Any] = {"render_modes": list(RENDER_MODES), "render_fps": 1}  # noqa: RUF012 (Env's)

    def __init__(self, game: str, players: int | None = None, seat: int = 0,
                 opponent: Opponent | Sequence[Opponent] = "greedy", returns: str = "score",
                 reward: str = "terminal", illegal: str = "forfeit", render_mode: str | None = None,
                 **options: Any) -> None:
        if players is None and isinstance(game, str) and game in hanpan.game_ids():
            players = default_players(hanpan.game(game))
        self.table = Table.make(game, players, returns, options)
        count = self.table.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise OptionError(f"seat must be a whole number from 0 to {count - 1} ({count} players), not {seat!r}")
        self.seat = seat
        self.opponents = _opponents(opponent, count - 1)
        self.reward = check_reward(reward, self.table.returns)
        if illegal not in ILLEGAL:
            raise OptionError(f"unknown illegal {illegal!r}; use one of: {', '.join(ILLEGAL)}")
        self.illegal = illegal
        self.render_mode = check_render_mode(render_mode)
        self.observation_space = observation_box(self.table)
        self.action_space = spaces.Discrete(self.table.num_actions)
        #: the true state of the game being played (None before the first reset)
        self.game_state: State | None = None
        self._agents: dict[int, Agent | Policy] = {}
        self._forfeited = False
        self._paid = 0.0  # reward="score_change": what the rewards so far added up to

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[Observation, dict[str, Any]]:
        """A new game with ``seed`` as its hanpan seed; the opponents move until it is the learner's turn.
        ``options`` is unused: the game's options are given when the environment is made."""
        if seed is not None:
            state = self.table.new(seed)  # checks the seed first
            super().reset(seed=seed)
        else:
            super().reset()
            seed = int(self.np_random.integers(1 << 48))
            state = self.table.new(seed)
        self.game_state = state
        others = [q for q in range(self.table.players) if q != self.seat]
        self._agents = {q: make_agent(who, seed=mix_seed(seed, q + 1)) if isinstance(who, str) else who
                        for q, who in zip(others, self.opponents, strict=True)}
        self._forfeited = False
        self._paid = 0.0
        self._play_opponents()
        if self.render_mode == "human":
            self.render()
        return self._observe(), self._info()

    def step(self, action: np.int64 | int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        state = self._state()
        if state.is_over or self._forfeited:
            raise gymnasium.error.ResetNeeded("the episode is over: call reset() before step()")
        action_id = int(action)
        if not 0 <= action_id < self.table.num_actions:
            raise OptionError(f"action {action_id} is outside the action space: ids 0 to {self.table.num_actions - 1}")
        if action_id not in state.legal_action_ids():
            if self.illegal == "raise":
                state.play(state.game.actions[action_id])  # raises the IllegalActionError naming the legal moves
            self._forfeited = True
            reward = forfeit(state, self.seat, self.table.returns) - self._paid
            return self._observe(), reward, True, False, {**self._info(), "illegal": True}
        state.apply_id(action_id)
        self._play_opponents()
        if self.reward == "score_change":
            earned = worth(state, self.seat, self.table.returns)
            reward, self._paid = earned - self._paid, earned
        else:
            reward = outcome_returns(state, self.table.returns)[self.seat] if state.is_over else 0.0
        if self.render_mode == "human":
            self.render()
        return self._observe(), reward, state.status == "finished", state.status == "unfinished", self._info()

    def set_opponents(self, opponent: Opponent | Sequence[Opponent]) -> None:
        """Who plays the other seats from the next ``reset`` on (as ``opponent=``): for self-play, a copy
        of the learner's policy, renewed as it learns (a vector env: ``env_method("set_opponents", p)``).

        >>> env = HanpanEnv("spirits_of_the_wild", opponent="random")
        >>> env.set_opponents(lambda observation, mask: int(mask.argmax()))  # the first legal id
        >>> _ = env.reset(seed=1)
        >>> env.set_opponents("nobody")
        Traceback (most recent call last):
        ...
        hanpan.core.errors.OptionError: unknown opponent 'nobody'; opponents: random, greedy, ... -> action id
        """
        self.opponents = _opponents(opponent, self.table.players - 1)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.bool_]]:
        """The legal ids now, as booleans (sb3-contrib's MaskablePPO convention); none once the episode is over."""
        return self._mask().astype(np.bool_)

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; give render_mode='ansi' or 'human'")
            return None
        text = render_text(self._state(), self.seat)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def _state(self) -> State:
        if self.game_state is None:
            raise gymnasium.error.ResetNeeded("call reset() before using the environment")
        return self.game_state

    def _play_opponents(self) -> None:
        state = self._state()
        while not state.is_over and state.current_player != self.seat:
            player = state.current_player
            assert player is not None
            who = self._agents[player]
            if isinstance(who, Agent):
                state.apply(who.choose(Seat(state, player)))
                continue
            action = who(observation(self.table, state, player), action_mask(state, player))
            action_id = int(action)
            if action_id not in state.legal_action_ids():
                raise IllegalActionError(f"the opponent at seat {player} chose action {action_id}, which is not legal "
                                         "now; legal: the ids its action_mask marks 1")
            state.apply_id(action_id)

    def _observe(self) -> Observation:
        return observation(self.table, self._state(), self.seat)

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        if self._forfeited:
            return np.zeros(self.table.num_actions, dtype=np.int8)
        return action_mask(self._state(), self.seat)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}


def _opponents(opponent: Opponent | Sequence[Opponent], count: int) -> list[Opponent]:
    """One opponent per other seat (a single one serves them all), each checked."""
    if isinstance(opponent, Sequence) and not isinstance(opponent, str):
        chosen: list[Opponent] = list(opponent)
    else:
        chosen = [opponent] * count
    if len(chosen) != count:
        raise OptionError(f"opponent must be one opponent or {count} (one per other seat), not {len(chosen)}")
    for who in chosen:
        if isinstance(who, Agent) or (callable(who) and not isinstance(who, str)):
            continue
        try:
            if not isinstance(who, str) or who.strip().lower() == "human":
                raise AgentError(str(who))
            make_agent(who)
        except AgentError:
            raise OptionError(f"unknown opponent {who!r}; opponents: {', '.join(agent_names())}, mcts:N, an Agent, "
                              "or a function (observation, action_mask) -> action id") from None
    return chosen


def default_players(game: Game) -> int:
    """The player count of a ``HanpanEnv`` given none: two where the game allows two, else its default."""
    return 2 if game.min_players <= 2 <= game.max_players else game.default_players


def register_envs() -> None:
    """Register ``hanpan/<Game>-v0`` and ``hanpan/<Game>Solo-v0`` for the registry's games (idempotent)."""
    for game in hanpan.all_games():
        name = camel_case(game.id)
        _register(f"hanpan/{name}-v0", {"game": game.id, "players": default_players(game), "opponent": "greedy"})
        if game.min_players == 1:
            _register(f"hanpan/{name}Solo-v0", {"game": game.id, "players": 1})


def _register(env_id: str, kwargs: dict[str, Any]) -> None:
    if env_id not in gymnasium.registry:
        gymnasium.register(id=env_id, entry_point="hanpan.adapters.gymnasium:HanpanEnv", kwargs=kwargs)


register_envs()
