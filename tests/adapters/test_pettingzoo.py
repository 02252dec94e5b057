"""The PettingZoo AEC adapter: PettingZoo's own API test on every game and player count, seeded games equal
to the native engine's, observations from the seat's view only, masks, drawings, truncation, forfeits and
errors.  Every game and player count comes from the registry."""

from __future__ import annotations

import functools
import re
from typing import Any

import pytest

pytest.importorskip("pettingzoo", reason="the adapter tests need the 'rl' extra: pip install -e '.[rl]'")

import numpy as np
from pettingzoo.test import api_test, render_test, seed_test

import hanpan
from hanpan.adapters.common import forfeit
from hanpan.adapters.outcome import returns
from hanpan.adapters.pettingzoo import env, raw_env
from hanpan.core.contract import Game, State
from hanpan.core.errors import HanpanError
from hanpan.core.rng import Rng

SETUPS = [(g.id, n) for g in hanpan.all_games() for n in range(g.min_players, g.max_players + 1)]
IDS = [f"{game}-{players}" for game, players in SETUPS]


def other_options(game: Game) -> dict[str, Any]:
    """A value other than the default for every option that has choices or is a flag."""
    options: dict[str, Any] = {}
    for spec in game.game_options:
        if spec.choices:
            options[spec.name] = next(c for c in reversed(spec.choices) if c != spec.default)
        elif isinstance(spec.default, bool):
            options[spec.name] = not spec.default
    return options


def play_randomly(environment: Any, seed: int, rng: np.random.Generator) -> tuple[list[int], dict[str, float]]:
    """Play one game through the environment's public API with random legal ids; the ids and the
    reward each agent saw when it was done."""
    environment.reset(seed=seed)
    moves: list[int] = []
    final: dict[str, float] = {}
    for agent in environment.agent_iter():
        obs, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            final[agent] = reward
            environment.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        moves.append(action)
        environment.step(action)
    return moves, final


# PettingZoo warns of every dict observation (an action mask beside the observation) but its own board games
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.parametrize(("game_id", "players"), SETUPS, ids=IDS)
def test_pettingzoo_api_test(game_id: str, players: int) -> None:
    api_test(env(game_id, players=players), num_cycles=1000)  # a whole game: it breaks off when all are done


@pytest.mark.parametrize("game_id", hanpan.game_ids())
def test_pettingzoo_seed_and_render_tests(game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    seed_test(functools.partial(env, game_id), num_cycles=50)
    render_test(functools.partial(env, game_id))
    assert capsys.readouterr().out.strip()  # "human" printed the drawings


@pytest.mark.parametrize(("game_id", "players"), SETUPS, ids=IDS)
@pytest.mark.parametrize("kind", ["score", "win"])
def test_a_seeded_game_is_the_native_game(game_id: str, players: int, kind: str) -> None:
    game = hanpan.game(game_id)
    options = other_options(game) if players % 2 else {}
    seed = 1000 + players
    environment = env(game_id, players=players, returns=kind, **options)
    moves, final = play_randomly(environment, seed, np.random.default_rng(players))
    native = game.new(players=players, seed=seed, **options)
    for action_id in moves:
        native.apply_id(action_id)
    assert native.is_over and native.status == "finished"
    assert environment.unwrapped.game_state.to_json() == native.to_json()
    assert final == {f"player_{p}": value for p, value in enumerate(returns(native, kind))}


@pytest.mark.parametrize(("game_id", "players"), SETUPS, ids=IDS)
def test_observations_hold_only_what_the_seat_knows(game_id: str, players: int) -> None:
    """Three true states that differ only in what seat p cannot know (the state and two samples of it
    for p) give p the same observation and mask."""
    environment = raw_env(game_id, players=players)
    environment.reset(seed=3)
    state = environment.game_state
    rng = np.random.default_rng(4)
    step = differed = 0
    while not state.is_over:
        if step % 9 == 0:
            for p in range(players):
                agent = f"player_{p}"
                samples = [state.determinize(p, Rng(k)) for k in (11 * step + p, 11 * step + p + 5)]
                seen = []
                for true_state in (state, *samples):
                    environment.game_state = true_state
                    seen.append(environment.observe(agent))
                environment.game_state = state
                for other in seen[1:]:
                    np.testing.assert_array_equal(other["observation"], seen[0]["observation"])
                    np.testing.assert_array_equal(other["action_mask"], seen[0]["action_mask"])
                differed += any(s.to_json() != state.to_json() for s in samples)
        environment.step(int(rng.choice(state.legal_action_ids())))
        step += 1
    assert step > 0
    if game_id != "harmonies" or players > 1:  # the seats' samples really changed hidden facts
        assert differed > 0


def test_the_mask_is_the_legal_mask_of_the_seat_to_move_only() -> None:
    for game_id, players in SETUPS:
        environment = raw_env(game_id, players=players)
        environment.reset(seed=8)
        state = environment.game_state
        rng = np.random.default_rng(8)
        for _ in range(40):
            if state.is_over:
                break
            mover = environment.agent_selection
            assert mover == f"player_{state.current_player}"
            for agent in environment.agents:
                mask = environment.observe(agent)["action_mask"]
                assert mask.dtype == np.int8 and mask.shape == (len(state.game.actions),)
                if agent == mover:
                    np.testing.assert_array_equal(mask, np.array(state.legal_mask(), dtype=np.int8))
                else:
                    assert not mask.any()
            environment.step(int(rng.choice(state.legal_action_ids())))


def test_ansi_render_is_plain_text_of_public_facts() -> None:
    for game in hanpan.all_games():
        environment = env(game.id, render_mode="ansi")
        environment.reset(seed=2)
        text = environment.render()
        assert isinstance(text, str) and text.strip() and "\x1b" not in text
        state = environment.unwrapped.game_state
        environment.unwrapped.game_state = state.determinize(0, Rng(9))
        assert environment.render() == text  # a spectator's drawing: no seat's secret in it
    quiet = env("spirits_of_the_wild")
    quiet.reset(seed=1)
    with pytest.warns(UserWarning, match="without a render_mode"):
        assert quiet.render() is None


def test_max_cycles_truncates_with_nothing_won() -> None:
    environment = env("harmonies", players=2, max_cycles=3)
    environment.reset(seed=1)
    decisions = 0
    for _agent in environment.agent_iter():
        obs, reward, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            assert truncated and not terminated and reward == 0
            environment.step(None)
            continue
        decisions += 1
        environment.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert decisions == 3 * 2
    assert environment.unwrapped.game_state.status == "playing"


def test_a_game_stopped_by_max_turns_truncates_worth_nothing() -> None:
    environment = env("spirits_of_the_wild", max_turns=2)
    _, final = play_randomly(environment, 4, np.random.default_rng(0))
    state = environment.unwrapped.game_state
    assert state.status == "unfinished" and state.turn == 2
    assert final == {"player_0": 0.0, "player_1": 0.0}


def test_an_illegal_action_forfeits() -> None:
    environment = raw_env("harmonies", players=3)
    environment.reset(seed=6)
    state: State = environment.game_state
    mover = environment.agent_selection
    illegal = int(np.flatnonzero(environment.observe(mover)["action_mask"] == 0)[0])
    expected = forfeit(state, 0, "score")
    environment.step(illegal)
    assert all(environment.terminations.values())
    assert environment.rewards == {"player_0": expected, "player_1": 0.0, "player_2": 0.0}
    assert environment.infos[mover] == {"illegal": True}
    assert not state.is_over  # the game itself was not touched


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"game": "chess"}, "unknown game 'chess'; games: spirits_of_the_wild, harmonies, four_gardens"),
    ({"game": "spirits_of_the_wild", "players": 3}, "spirits_of_the_wild takes 2 players, not 3"),
    ({"game": "harmonies", "players": 0}, "harmonies takes 1–4 players, not 0"),
    ({"game": "harmonies", "side": "C"}, "option side: 'C' is not allowed; allowed: A, B"),
    ({"game": "harmonies", "colour": "red"}, "unknown option 'colour'; options: side, spirits, cards, max_turns"),
    ({"game": "harmonies", "seed": 3}, "'seed' is not a game option"),
    ({"game": "harmonies", "returns": "points"}, "unknown returns 'points'; use one of: score, win"),
    ({"game": "harmonies", "render_mode": "rgb_array"}, "unknown render_mode 'rgb_array'; use one of: ansi, human"),
    ({"game": "harmonies", "max_cycles": 0}, "max_cycles must be a whole number ≥ 1 or None, not 0"),
])
def test_bad_arguments_say_what_is_allowed(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(HanpanError, match=re.escape(message)) as caught:
        env(**kwargs)
    assert "\n" not in str(caught.value)


def test_a_bad_seed_says_what_is_allowed() -> None:
    environment = env("spirits_of_the_wild")
    with pytest.raises(HanpanError, match="seed must be a whole number ≥ 0, not -1"):
        environment.reset(seed=-1)
