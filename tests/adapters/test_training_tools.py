"""What training libraries ask of the environments (issue 52): Stable-Baselines3's ``make_vec_env`` (which
asks for ``render_mode="rgb_array"``), plain ``pickle`` of every environment (vector envs send them to
worker processes), the dense ``reward="score_change"``, opponents that are any function or agent
(self-play), Gymnasium 1.x's autoreset (the mask of a finished sub-environment), and the observation
spaces' bounds."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the adapter tests need the 'rl' extra: pip install -e '.[rl]'")

import gymnasium
import numpy as np

import hanpan.adapters.gymnasium  # noqa: F401  (registers the ids)
from hanpan.adapters.gymnasium import HanpanEnv
from hanpan.adapters.outcome import returns
from hanpan.adapters.pettingzoo import env as pettingzoo_env
from hanpan.agents.registry import make_agent
from hanpan.core.errors import IllegalActionError, OptionError


def _random_episode(env: gymnasium.Env[Any, Any], seed: int) -> tuple[list[float], dict[str, Any]]:
    """A whole episode of random legal ids; the rewards and the last info."""
    rng = np.random.default_rng(seed)
    _, info = env.reset(seed=seed)
    rewards, done = [], False
    while not done:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        rewards.append(float(reward))
        done = terminated or truncated
    return rewards, info


def test_make_vec_env_s_render_mode_is_refused_as_a_type_error_too() -> None:
    """sb3's make_vec_env: ``gym.make(id, render_mode="rgb_array")``, and on a TypeError ``gym.make(id)``."""
    with pytest.raises(TypeError, match="unknown render_mode 'rgb_array'; use one of: ansi, human"), \
            pytest.warns(UserWarning, match="render_mode"):
        gymnasium.make("hanpan/HarmoniesSolo-v0", render_mode="rgb_array")
    with pytest.raises(OptionError):  # still hanpan's error for a bad option
        HanpanEnv("harmonies", render_mode="rgb_array")


def test_make_vec_env_makes_the_environments() -> None:
    sb3 = pytest.importorskip("stable_baselines3.common.env_util", reason="Stable-Baselines3 is not installed")
    with pytest.warns(UserWarning, match="render_mode"):
        vec = sb3.make_vec_env("hanpan/HarmoniesSolo-v0", n_envs=2, env_kwargs={"reward": "score_change"})
    assert vec.reset().shape == (2, *vec.observation_space.shape)
    vec.close()


@pytest.mark.parametrize("opponent", ["greedy", "random"])
def test_every_environment_pickles(opponent: str) -> None:
    gym_env = gymnasium.make("hanpan/FourGardens-v0", opponent=opponent)
    gym_env.reset(seed=4)
    copy = pickle.loads(pickle.dumps(gym_env))
    mask = gym_env.unwrapped.action_masks()
    action = int(np.flatnonzero(mask)[0])
    np.testing.assert_array_equal(gym_env.step(action)[0], copy.step(action)[0])
    assert copy.unwrapped.game_state.to_json() == gym_env.unwrapped.game_state.to_json()
    pz = pettingzoo_env("harmonies", players=3, reward="score_change")
    pz.reset(seed=2)
    again = pickle.loads(pickle.dumps(pz))
    assert again.unwrapped.game_state.to_json() == pz.unwrapped.game_state.to_json()
    np.testing.assert_array_equal(again.last()[0]["observation"], pz.last()[0]["observation"])
    fresh = pickle.loads(pickle.dumps(gymnasium.make("hanpan/SpiritsOfTheWild-v0")))  # before any reset too
    assert fresh.reset(seed=1)[0].shape == fresh.observation_space.shape


@pytest.mark.parametrize(("env_id", "kwargs"), [("hanpan/HarmoniesSolo-v0", {}),
                                                ("hanpan/Harmonies-v0", {"opponent": "random"}),
                                                ("hanpan/FourGardens-v0", {"players": 3, "opponent": "random"})])
def test_score_change_rewards_add_up_to_the_terminal_reward(env_id: str, kwargs: dict[str, Any]) -> None:
    dense = gymnasium.make(env_id, reward="score_change", **kwargs)
    terminal = gymnasium.make(env_id, **kwargs)
    for seed in range(2):
        paid, _ = _random_episode(dense, seed)
        once, _ = _random_episode(terminal, seed)
        assert sum(1 for r in paid if r) > 3  # dense: points come during the game
        assert once[:-1] == [0.0] * (len(once) - 1)
        assert sum(paid) == pytest.approx(once[-1])
        assert once[-1] == returns(terminal.unwrapped.game_state, "score")[0]


def test_score_change_takes_back_what_a_forfeit_loses() -> None:
    env = gymnasium.make("hanpan/HarmoniesSolo-v0", reward="score_change")
    _, info = env.reset(seed=3)
    paid = 0.0
    while paid == 0.0:  # until the first points
        _, reward, _, _, info = env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        paid += reward
    assert paid > 0
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and info["illegal"] and paid + reward == 0.0  # alone, a forfeit is worth 0


def test_score_change_in_pettingzoo_adds_up_per_agent() -> None:
    environment = pettingzoo_env("spirits_of_the_wild", reward="score_change")
    terminal = pettingzoo_env("spirits_of_the_wild")
    totals: dict[str, list[float]] = {}
    for game in (environment, terminal):
        game.reset(seed=5)
        rng = np.random.default_rng(0)
        paid = dict.fromkeys(game.possible_agents, 0.0)
        nonzero = 0
        for agent in game.agent_iter():
            observation, reward, terminated, truncated, _ = game.last()
            paid[agent] += reward
            nonzero += reward != 0
            game.step(None if terminated or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        totals[str(game)] = [paid[a] for a in game.possible_agents]
        assert nonzero > (1 if game is environment else 0)
    assert totals["hanpan_spirits_of_the_wild_v0"] == totals[str(terminal)]
    with pytest.raises(OptionError, match="reward 'score_change' pays changes of points: it needs returns='score'"):
        pettingzoo_env("harmonies", returns="win", reward="score_change")
    with pytest.raises(OptionError, match="unknown reward 'dense'; use one of: terminal, score_change"):
        gymnasium.make("hanpan/Harmonies-v0", reward="dense")


def test_opponents_are_any_function_or_agent() -> None:
    seen: list[tuple[int, int]] = []

    def first_legal(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> int:
        seen.append((observation.shape[0], int(mask.sum())))
        return int(np.flatnonzero(mask)[0])

    env = gymnasium.make("hanpan/SpiritsOfTheWild-v0", opponent=first_legal, seat=1)
    observation, _ = env.reset(seed=2)
    assert seen and all(size == observation.shape[0] and legal > 0 for size, legal in seen)
    state = env.unwrapped.game_state
    assert state.current_player == 1
    # the function saw its own seat's observation (seat 0), which differs from the learner's
    from hanpan.adapters.common import observation as seat_observation
    assert not np.array_equal(seat_observation(env.unwrapped.table, state, 0), observation)
    agent = make_agent("random", seed=9)
    three = gymnasium.make("hanpan/FourGardens-v0", players=3, opponent=[agent, first_legal])
    rewards, _ = _random_episode(three, 1)
    assert three.unwrapped.game_state.is_over and len(rewards) > 10
    bad = gymnasium.make("hanpan/SpiritsOfTheWild-v0", opponent=lambda observation, mask: int(mask.argmin()), seat=1)
    with pytest.raises(IllegalActionError, match="the opponent at seat 0 chose action"):
        bad.reset(seed=0)


def test_self_play_with_set_opponents() -> None:
    """The learner's policy, copied into the other seat and renewed between episodes."""
    env = gymnasium.make("hanpan/Harmonies-v0")
    policies = []
    for generation in range(2):
        rng = np.random.default_rng(generation)

        def policy(observation: np.ndarray[Any, Any], mask: np.ndarray[Any, Any],
                   rng: np.random.Generator = rng) -> int:
            return int(rng.choice(np.flatnonzero(mask)))

        policies.append(policy)
        env.unwrapped.set_opponents(policy)
        _random_episode(env, generation)
        assert env.unwrapped.opponents == [policy]
    vec = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("hanpan/SpiritsOfTheWild-v0")] * 2)
    vec.call("set_opponents", policies[0])
    assert vec.get_attr("opponents") == ([policies[0]], [policies[0]])


def test_autoreset_the_step_after_the_end_resets_with_an_all_zero_mask() -> None:
    """Gymnasium 1.x vector envs (NEXT_STEP autoreset): a finished sub-env's mask is all 0 for the one step
    that resets it; its action is ignored then."""
    vec = gymnasium.vector.SyncVectorEnv([lambda: gymnasium.make("hanpan/SpiritsOfTheWild-v0", opponent="random")])
    _, info = vec.reset(seed=0)
    done = False
    steps = 0
    while not done:
        _, _, terminated, truncated, info = vec.step(np.array([np.flatnonzero(info["action_mask"][0])[0]]))
        done = bool(terminated[0] or truncated[0])
        steps += 1
    assert steps > 10 and not info["action_mask"][0].any()  # the finished game: nothing is legal
    _, reward, terminated, _, info = vec.step(np.array([0]))  # any id: it only resets
    assert reward[0] == 0.0 and not terminated[0] and info["action_mask"][0].any()


def test_observation_spaces_hold_every_observation_within_their_bounds() -> None:
    env = gymnasium.make("hanpan/HarmoniesSolo-v0", reward="score_change")
    space = env.observation_space
    assert space.low.min() == 0.0 and np.count_nonzero(space.high == 1.0) > 0.9 * space.shape[0]
    rng = np.random.default_rng(1)
    observation, info = env.reset(seed=1)
    done = False
    while not done:
        assert space.contains(observation)
        observation, _, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        done = terminated or truncated
    assert space.contains(observation)
    scores = [s for s in env.unwrapped.table.encoding.layout if s.name.startswith("score+")]
    assert scores and all(s.high == float(np.finfo(np.float32).max) for s in scores)  # points: no bound
    pz = pettingzoo_env("spirits_of_the_wild")
    box = pz.observation_space("player_0")["observation"]
    layout = pz.unwrapped.table.encoding.layout
    highs = {s.name: s.high for s in layout if s.high != 1.0}
    assert highs == {"turn": float(np.finfo(np.float32).max), "spirit_stones_out": 1.6,
                     "score+0": pytest.approx(2.24), "score+1": pytest.approx(2.24)}  # 112 points / 50
    assert box.low.min() == 0.0 and np.count_nonzero(box.high == 1.0) == box.shape[0] - 14
