"""hanpan's games through OpenSpiel (``hanpan.adapters.openspiel``): OpenSpiel's own random simulation test
on every game and several option sets (serialization included), the same games as the native engine, no
leak through information states or observations, the bots, and clear errors for bad parameters."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import hanpan  # noqa: E402
import hanpan.adapters.openspiel as adapter  # noqa: E402
from hanpan.adapters.outcome import returns  # noqa: E402
from hanpan.core.rng import Rng  # noqa: E402

from .leaks import PERTURB  # noqa: E402

#: (name with parameters, simulations): every game, every player count, each option at least once
SIMULATED = [
    ("hanpan_spirits_of_the_wild", 3),
    ("hanpan_spirits_of_the_wild(chance=engine)", 1),
    ("hanpan_spirits_of_the_wild(returns=win,max_turns=6)", 2),
    ("hanpan_harmonies(players=1)", 2),
    ("hanpan_harmonies(players=2,chance=engine)", 1),
    ("hanpan_harmonies(players=2,side=B,spirits=True)", 2),
    ("hanpan_harmonies(players=3,returns=win)", 1),
    ("hanpan_harmonies(players=4,side=B)", 1),
    ("hanpan_four_gardens(players=2)", 1),
    ("hanpan_four_gardens(players=2,chance=engine)", 1),
    ("hanpan_four_gardens(players=3,whims=True,returns=win)", 1),
    ("hanpan_four_gardens(players=4,max_turns=12)", 1),
]


@pytest.mark.parametrize(("name", "sims"), SIMULATED)
def test_openspiel_random_simulation_with_serialization(name: str, sims: int) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


def test_every_registered_game_is_in_openspiel() -> None:
    names = {info.short_name for info in pyspiel.registered_games()}
    assert {f"hanpan_{g.id}" for g in hanpan.all_games()} <= names
    assert adapter.register_games() == [f"hanpan_{g.id}" for g in hanpan.all_games()]  # again: no error


def test_parameters_are_the_players_and_the_games_options() -> None:
    game = pyspiel.load_game("hanpan_harmonies(players=3,side=B,spirits=True,max_turns=5)")
    assert game.num_players() == 3 and game.num_distinct_actions() == len(hanpan.game("harmonies").actions)
    spirit = game.new_initial_state()  # explicit chance: the game stands at its first draw
    assert spirit.hanpan.options == {"side": "B", "spirits": True, "cards": None, "max_turns": 5,
                                     "chance": "explicit"}
    defaults = pyspiel.load_game("hanpan_four_gardens").get_parameters()
    assert defaults["players"] == hanpan.game("four_gardens").default_players
    assert defaults["max_turns"] == 0 and defaults["deck"] == "" and defaults["returns"] == "score"


@pytest.mark.parametrize(("name", "message"), [
    ("hanpan_spirits_of_the_wild(players=3)", "players=3 is not allowed; allowed: 2"),
    ("hanpan_harmonies(side=C)", "side"),
    ("hanpan_harmonies(returns=points)", "unknown returns 'points'; use one of: score, win"),
    ("hanpan_four_gardens(deals=0)", "deals=0 is not allowed"),
])
def test_bad_parameters_say_what_is_allowed(name: str, message: str) -> None:
    with pytest.raises(Exception, match=message.replace("(", r"\(")) as caught:
        pyspiel.load_game(name)
    assert "\n" not in str(caught.value).strip()


def test_unknown_parameter_is_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="colour"):
        pyspiel.load_game("hanpan_harmonies(colour=red)")


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("spirits_of_the_wild", 2, {"chance": "engine"}),
    ("harmonies", 1, {"side": "B", "spirits": True, "chance": "engine"}),
    ("harmonies", 3, {"chance": "engine"}),
    ("four_gardens", 3, {"whims": True, "chance": "engine"}),
])
def test_a_deal_is_the_native_game_and_plays_the_same(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Deal k is ``game.new(seed=k)``: the same action ids give the same positions, returns and scores."""
    params = ",".join([f"players={players}"] + [f"{k}={v}" for k, v in options.items()])
    game = pyspiel.load_game(f"hanpan_{game_id}({params})")
    for seed in (3, 41):
        state = game.new_initial_state()
        state.apply_action(seed)
        native = hanpan.game(game_id).new(players=players, seed=seed, **options)
        rng = Rng(seed)
        while not state.is_terminal():
            assert state.current_player() == native.current_player
            legal = state.legal_actions()
            assert legal == native.legal_action_ids()
            assert state.legal_actions_mask() == [int(x) for x in native.legal_mask()]
            action = legal[rng.randbelow(len(legal))]
            assert state.action_to_string(action) == native.game.actions[action].text
            state.apply_action(action)
            native.apply_id(action)
        assert native.is_over and state.hanpan.to_json() == native.to_json()
        assert state.returns() == returns(native, "score")
        if players > 1:
            assert sum(state.returns()) == pytest.approx(0.0)


def _seen_by(state: Any, player: int) -> tuple[Any, ...]:
    """Everything OpenSpiel shows ``player`` of ``state``."""
    return (state.information_state_string(player), state.observation_string(player),
            np.asarray(state.information_state_tensor(player)).tobytes(),
            np.asarray(state.observation_tensor(player)).tobytes())


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("harmonies", 2, {"spirits": True}),
    ("spirits_of_the_wild", 2, {}),
    ("four_gardens", 2, {"whims": True}),
    ("four_gardens", 4, {}),
])
def test_what_a_player_sees_hides_what_they_cannot_know(game_id: str, players: int,
                                                        options: dict[str, Any]) -> None:
    """Two true states that differ only in what p cannot know (another seed and generator, other hidden cards
    and bag orders; tests/core/test_determinize_leaks.py's changes) look the same to p in OpenSpiel; so does
    ``resample_from_infostate(p)``, which must keep p's legal actions and OpenSpiel's history."""
    params = ",".join([f"players={players}"] + [f"{k}={v}" for k, v in options.items()])
    game = pyspiel.load_game(f"hanpan_{game_id}({params})")
    hanpan_game = hanpan.game(game_id)
    rng = random.Random(7)
    state = game.new_initial_state()
    if not game.explicit:
        state.apply_action(19)  # the deal
    step = differing = 0
    while not state.is_terminal():
        if step % 9 == 0 and not (game.explicit and state.is_chance_node()):  # (a decision's chance nodes:
            for p in range(players):  # a Four Gardens position holds its cards drawn so far, which no view shows)
                twin_position = PERTURB[game_id](state.hanpan.to_json(), p, rng)
                twin = adapter.HanpanSpielState.at(game, hanpan_game.from_json(twin_position),
                                                   [(int(h.player), int(h.action)) for h in state.full_history()])
                assert twin.hanpan.view(p) == state.hanpan.view(p)
                differing += twin.hanpan.to_json() != state.hanpan.to_json()
                assert _seen_by(twin, p) == _seen_by(state, p)
                sample = state.resample_from_infostate(p, pyspiel.UniformProbabilitySampler(0.0, 1.0))
                assert _seen_by(sample, p) == _seen_by(state, p)
                assert sample.history() == state.history()
                if p == state.current_player():
                    assert sample.legal_actions() == state.legal_actions()
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        step += 1
    assert differing > 0  # the twins did differ from the true states


def test_observation_tensor_is_the_views_encoding_in_named_parts() -> None:
    from hanpan.adapters.observation import encoding_for

    game = pyspiel.load_game("hanpan_four_gardens(players=2,chance=engine)")
    state = game.new_initial_state()
    assert not any(state.observation_tensor(0))  # nothing is seen before the deal
    state.apply_action(5)
    encoding = encoding_for(hanpan.game("four_gardens"), 2, state.hanpan.options)
    assert game.observation_tensor_size() == encoding.size
    expected = np.asarray(encoding.encode(state.hanpan, 1), np.float32)
    assert np.array_equal(np.asarray(state.observation_tensor(1), np.float32), expected)
    observer = game.make_py_observer()
    observer.set_from(state, 1)
    assert list(observer.dict) == [segment.name for segment in encoding.layout]


def test_clone_is_independent_and_cheap_to_make() -> None:
    game = pyspiel.load_game("hanpan_spirits_of_the_wild")
    state = game.new_initial_state()
    state.apply_action(state.chance_outcomes()[2][0])
    clone = state.clone()
    assert clone.hanpan is not state.hanpan and clone.hanpan.to_json() == state.hanpan.to_json()
    assert clone.hanpan.game.actions is state.hanpan.game.actions  # the immutable data is shared
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history() and len(state.history()) == 1


def test_openspiel_bots_play_a_game_through_the_adapter() -> None:
    """MCTS and information-set MCTS (on resampled states) finish games against a random bot."""
    from open_spiel.python.algorithms import ismcts, mcts
    from open_spiel.python.bots import uniform_random

    game = pyspiel.load_game("hanpan_spirits_of_the_wild(returns=win)")
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    searchers = [mcts.MCTSBot(game, 2.0, 8, evaluator, random_state=rs, solve=False),
                 ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=8, random_state=rs)]
    for seat, searcher in enumerate(searchers):
        bots: list[Any] = [uniform_random.UniformRandomBot(p, rs) for p in range(2)]
        bots[seat] = searcher
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rs.choice(outcomes, p=probabilities)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
        assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_explicit_chance_is_the_native_game_with_the_same_outcomes() -> None:
    """With explicit chance, every draw is a chance node whose outcomes and probabilities are hanpan's, and the
    strings are hanpan's notation; the game is the native one with ``chance="explicit"``, whatever its seed."""
    game = pyspiel.load_game("hanpan_spirits_of_the_wild")
    assert game.max_chance_outcomes() == len(hanpan.game("spirits_of_the_wild").chance_actions)
    state = game.new_initial_state()
    native = hanpan.game("spirits_of_the_wild").new(players=2, seed=12345, chance="explicit")
    rng = random.Random(5)
    chance_nodes = 0
    while not state.is_terminal():
        assert state.current_player() == native.current_player
        if state.is_chance_node():
            chance_nodes += 1
            assert state.chance_outcomes() == [(a.id, p) for a, p in native.chance_outcomes()]
            action = rng.choice(state.chance_outcomes())[0]
        else:
            action = rng.choice(state.legal_actions())
        assert state.action_to_string(action) == native.play(native.legal_actions()[
            [a.id for a in native.legal_actions()].index(action)]).text
        state.apply_action(action)
    assert chance_nodes > 10 and {**state.hanpan.to_json(), "seed": 0, "rng": 0} == {
        **native.to_json(), "seed": 0, "rng": 0}
    with pytest.raises(Exception, match="is not a possible outcome of this draw"):
        fresh = game.new_initial_state()
        fresh.apply_action(0)  # a stone drawn where a spirit card is turned up


def _root_statistics(game: Any, state: Any) -> list[tuple[int, int, float]]:
    """What a seeded MCTSBot (random roll-outs on clones) learns of each move at ``state``'s root."""
    from open_spiel.python.algorithms import mcts

    rs = np.random.RandomState(11)
    bot = mcts.MCTSBot(game, 2.0, 24, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
                       random_state=rs, solve=False)
    root = bot.mcts_search(state)
    return [(child.action, child.explore_count, child.total_reward) for child in root.children]


@pytest.mark.parametrize("chance", ["explicit", "engine"])
@pytest.mark.parametrize("game_id", ["spirits_of_the_wild", "harmonies"])
def test_search_on_clones_knows_the_draws_to_come_only_without_explicit_chance(game_id: str, chance: str) -> None:
    """Two states that differ only in the draws to come (the generator; the pouch and the deck) and in what
    nobody has seen (Spirits' spirit piles' hidden order) give MCTSBot the same statistics with explicit
    chance; after a deal, clones carry their future draws, and the search tells the two apart.  (Four
    Gardens' determinize also deals the others' hands anew, which a search on the true state may see.)"""
    game = pyspiel.load_game(f"hanpan_{game_id}(players=2,chance={chance})")
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node() or len(state.history()) < 8:
        legal = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(legal[rng.randrange(min(len(legal), 40))])
    player = state.current_player()
    twin = adapter.HanpanSpielState.at(game, state.hanpan.determinize(player, Rng(99)),
                                       [(int(h.player), int(h.action)) for h in state.full_history()])
    assert twin.hanpan.to_json() != state.hanpan.to_json() and _seen_by(twin, player) == _seen_by(state, player)
    same = _root_statistics(game, twin) == _root_statistics(game, state)
    assert same == (chance == "explicit")
