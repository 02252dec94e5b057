"""The Gymnasium adapter: Gymnasium's ``check_env`` on every registered id, seeded games equal to a native
game with the same moves and the same opponents, the mask, forfeits, drawings, the registration (also in a
fresh interpreter) and errors.  Every game and player count comes from the registry."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from typing import Any

import pytest

pytest.importorskip("gymnasium", reason="the adapter tests need the 'rl' extra: pip install -e '.[rl]'")

import gymnasium
import numpy as np
from gymnasium.utils.env_checker import check_env

import hanpan
from hanpan.adapters.common import camel_case, forfeit
from hanpan.adapters.gymnasium import HanpanEnv, register_envs
from hanpan.adapters.outcome import returns
from hanpan.agents.base import Seat
from hanpan.agents.registry import make_agent
from hanpan.core.errors import HanpanError, IllegalActionError
from hanpan.core.rng import mix_seed

HANPAN_IDS = sorted(env_id for env_id in gymnasium.registry if env_id.startswith("hanpan/"))


def test_every_game_of_the_registry_is_registered() -> None:
    expected = {f"hanpan/{camel_case(g.id)}-v0" for g in hanpan.all_games()}
    expected |= {f"hanpan/{camel_case(g.id)}Solo-v0" for g in hanpan.all_games() if g.min_players == 1}
    assert set(HANPAN_IDS) == expected
    assert {"hanpan/HarmoniesSolo-v0", "hanpan/Harmonies-v0", "hanpan/SpiritsOfTheWild-v0",
            "hanpan/FourGardens-v0"} <= expected
    register_envs()  # again: nothing changes, nothing is warned
    assert sorted(env_id for env_id in gymnasium.registry if env_id.startswith("hanpan/")) == HANPAN_IDS
    solo = gymnasium.make("hanpan/HarmoniesSolo-v0").unwrapped
    duel = gymnasium.make("hanpan/FourGardens-v0").unwrapped
    assert isinstance(solo, HanpanEnv) and solo.table.players == 1 and solo.opponents == []
    assert isinstance(duel, HanpanEnv) and duel.table.players == 2 and duel.opponents == ["greedy"]


@pytest.mark.parametrize("env_id", HANPAN_IDS)
def test_check_env(env_id: str) -> None:
    check_env(gymnasium.make(env_id).unwrapped)


def play_native(game_id: str, players: int, seat: int, opponent: str, seed: int, moves: list[int],
                options: dict[str, Any]) -> Any:
    """The same game without the environment: the learner's ids, the opponents seeded as documented."""
    state = hanpan.game(game_id).new(players=players, seed=seed, **options)
    agents = {q: make_agent(opponent, seed=mix_seed(seed, q + 1)) for q in range(players) if q != seat}
    learner = iter(moves)
    while not state.is_over:
        player = state.current_player
        assert player is not None
        if player == seat:
            state.apply_id(next(learner))
        else:
            state.play(agents[player].choose(Seat(state, player)))
    assert next(learner, None) is None
    return state


@pytest.mark.parametrize(("game_id", "players", "seat", "opponent", "options"), [
    ("spirits_of_the_wild", 2, 1, "greedy", {}),
    ("harmonies", 1, 0, "greedy", {"side": "B", "spirits": True}),
    ("harmonies", 2, 0, "greedy", {}),
    ("harmonies", 3, 2, "random", {"spirits": True}),
    ("four_gardens", 2, 1, "greedy", {"whims": True}),
    ("four_gardens", 3, 0, "random", {}),
])
@pytest.mark.parametrize("kind", ["score", "win"])
def test_a_seeded_episode_is_the_native_game(game_id: str, players: int, seat: int, opponent: str,
                                             options: dict[str, Any], kind: str) -> None:
    seed = 70 + players
    env = HanpanEnv(game_id, players=players, seat=seat, opponent=opponent, returns=kind, **options)
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    moves: list[int] = []
    rewards: list[float] = []
    done = False
    while not done:
        state = env.game_state
        assert state is not None and state.current_player == seat
        np.testing.assert_array_equal(obs, np.array(env.table.encoding.encode(state, seat), dtype=np.float32))
        np.testing.assert_array_equal(info["action_mask"], np.array(state.legal_mask(), dtype=np.int8))
        np.testing.assert_array_equal(env.action_masks(), np.array(state.legal_mask()))
        assert info["action_mask"].dtype == np.int8 and env.action_masks().dtype == np.bool_
        moves.append(int(env.action_space.sample(mask=info["action_mask"]) if rng.random() < 0.5
                         else rng.choice(np.flatnonzero(info["action_mask"]))))
        obs, reward, terminated, truncated, info = env.step(moves[-1])
        rewards.append(reward)
        done = terminated or truncated
    assert terminated and not truncated and not info["action_mask"].any()
    native = play_native(game_id, players, seat, opponent, seed, moves, options)
    assert env.game_state is not None and env.game_state.to_json() == native.to_json()
    assert rewards[:-1] == [0.0] * (len(rewards) - 1) and rewards[-1] == returns(native, kind)[seat]


@pytest.mark.parametrize("kind", ["score", "win"])
def test_an_illegal_action_forfeits(kind: str) -> None:
    env = HanpanEnv("four_gardens", players=3, opponent="random", returns=kind)
    _, info = env.reset(seed=2)
    state = env.game_state
    assert state is not None
    before = state.to_json()
    expected = forfeit(state, 0, kind)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal"]) == (expected, True, False, True)
    assert expected == (-1.0 if kind == "win" else -sum(c.total for c in state.scores()[1:]) / 2)
    assert not info["action_mask"].any() and not env.action_masks().any()
    assert state.to_json() == before
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(illegal)
    env.reset(seed=1)
    with pytest.raises(HanpanError, match=r"action 20931 is outside the action space: ids 0 to 20930"):
        env.step(env.table.num_actions)


def test_illegal_raise_raises_and_changes_nothing() -> None:
    env = HanpanEnv("spirits_of_the_wild", illegal="raise")
    _, info = env.reset(seed=5)
    assert env.game_state is not None
    before = env.game_state.to_json()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="is not legal now; legal now: "):
        env.step(illegal)
    assert env.game_state.to_json() == before
    env.step(int(np.flatnonzero(info["action_mask"])[0]))


def test_a_game_stopped_by_max_turns_is_truncated_worth_nothing() -> None:
    env = HanpanEnv("harmonies", players=1, max_turns=2)
    _, info = env.reset(seed=1)
    done = False
    while not done:
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
        done = terminated or truncated
    assert (reward, terminated, truncated) == (0.0, False, True)
    assert env.game_state is not None and env.game_state.status == "unfinished"


def test_ansi_render_is_the_learners_drawing_as_text() -> None:
    for env_id in HANPAN_IDS:
        env = gymnasium.make(env_id, render_mode="ansi")
        env.reset(seed=4)
        text = env.render()
        assert isinstance(text, str) and text.strip() and "\x1b" not in text
    env = HanpanEnv("four_gardens", players=2, seat=1, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "Player 2 (you)" in text


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "chess"}, "unknown game 'chess'; games: spirits_of_the_wild, harmonies, four_gardens"),
    ({"game": "spirits_of_the_wild", "players": 1}, "spirits_of_the_wild takes 2 players, not 1"),
    ({"game": "harmonies", "players": 5}, "harmonies takes 1–4 players, not 5"),
    ({"game": "harmonies", "side": "C"}, "option side: 'C' is not allowed; allowed: A, B"),
    ({"game": "harmonies", "colour": "red"}, "unknown option 'colour'; options: side, spirits, cards, max_turns"),
    ({"game": "harmonies", "returns": "points"}, "unknown returns 'points'; use one of: score, win"),
    ({"game": "harmonies", "seat": 2}, "seat must be a whole number from 0 to 1 (2 players), not 2"),
    ({"game": "harmonies", "opponent": "grandmaster"},
     "unknown opponent 'grandmaster'; opponents: random, greedy, easy, normal, hard, master, mcts:N, an Agent, "
     "or a function (observation, action_mask) -> action id"),
    ({"game": "harmonies", "opponent": "human"}, "unknown opponent 'human'"),
    ({"game": "harmonies", "players": 3, "opponent": ["greedy"]},
     "opponent must be one opponent or 2 (one per other seat), not 1"),
    ({"game": "harmonies", "opponent": 3}, "unknown opponent 3; opponents: random"),
    ({"game": "harmonies", "reward": "dense"}, "unknown reward 'dense'; use one of: terminal, score_change"),
    ({"game": "harmonies", "illegal": "ignore"}, "unknown illegal 'ignore'; use one of: forfeit, raise"),
    ({"game": "harmonies", "render_mode": "rgb_array"}, "unknown render_mode 'rgb_array'; use one of: ansi, human"),
])
def test_bad_arguments_say_what_is_allowed(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(HanpanError, match=re.escape(message)) as caught:
        HanpanEnv(**kwargs)
    assert "\n" not in str(caught.value)


def test_gymnasium_make_passes_the_arguments_on() -> None:
    env = gymnasium.make("hanpan/Harmonies-v0", opponent="random", returns="win", side="B", seat=1)
    assert isinstance(env.unwrapped, HanpanEnv)
    assert (env.unwrapped.seat, env.unwrapped.opponents, env.unwrapped.table.options["side"]) == (1, ["random"], "B")
    with pytest.raises(HanpanError, match=re.escape("option side: 'C' is not allowed; allowed: A, B")):
        gymnasium.make("hanpan/HarmoniesSolo-v0", side="C")


SUBPROCESS = """
import json, sys
import gymnasium
assert "hanpan" not in sys.modules
# Gymnasium >= 1.0 loads no plugins: the module named in the id registers the environments
env = gymnasium.make("hanpan.adapters.gymnasium:hanpan/HarmoniesSolo-v0")
obs, info = env.reset(seed=1)
obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].argmax()))
print(json.dumps({"shape": list(obs.shape)}))
"""


def test_gymnasium_make_in_a_fresh_interpreter() -> None:
    done = subprocess.run([sys.executable, "-c", SUBPROCESS], capture_output=True, text=True, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result == {"shape": [HanpanEnv("harmonies", players=1).observation_space.shape[0]]}
