"""The ``"learned"`` Four Gardens evaluation: the standard evaluation with weights fitted by self-play
(hanpan.games.four_gardens.learned), chosen by the evaluation in use (hanpan.core.evaluation)."""

from __future__ import annotations

import dataclasses
import json

import pytest

import hanpan
from hanpan.agents import Seat
from hanpan.agents.registry import LevelAgent
from hanpan.agents.simple import GreedyAgent
from hanpan.core.errors import DataError
from hanpan.core.evaluation import using
from hanpan.games.four_gardens import heuristic, learned
from hanpan.games.four_gardens.state import GardensState


def _midgame(seed: int = 3, decisions: int = 40) -> GardensState:
    state = hanpan.game("four_gardens").new(players=2, seed=seed)
    agents = [GreedyAgent(seed), GreedyAgent(seed + 1)]
    for _ in range(decisions):
        mover = state.current_player
        assert mover is not None
        state.play(agents[mover].choose(Seat(state, mover)))
    assert isinstance(state, GardensState)
    return state


def test_the_game_offers_the_learned_evaluation() -> None:
    assert hanpan.game("four_gardens").evaluations == ("standard", "learned")


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_packaged_weights_are_learned_and_differ_from_the_standard_ones(players: int) -> None:
    fitted = learned.load(players)
    assert fitted is not None and fitted != heuristic.WEIGHTS
    assert all(getattr(fitted, f.name) >= 0 for f in dataclasses.fields(fitted))


def test_the_evaluation_in_use_chooses_the_weights() -> None:
    fitted = learned.weights(2)
    assert heuristic.weights_for(2) is heuristic.WEIGHTS
    with using("learned"):
        assert heuristic.weights_for(2) is fitted
        assert heuristic.weights_for(3) is (learned.weights(3) or heuristic.WEIGHTS)


def test_learned_weights_reach_the_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    state = _midgame()
    standard = [state.evaluate(p) for p in range(2)]
    monkeypatch.setitem(learned._LOADED, 2, heuristic.WEIGHTS)
    with using("learned"):  # the standard weights under the learned name: the same values
        assert [state.evaluate(p) for p in range(2)] == standard
    doubled = dataclasses.replace(heuristic.WEIGHTS, opponents=2 * heuristic.WEIGHTS.opponents,
                                  landscape_card=2 * heuristic.WEIGHTS.landscape_card)
    monkeypatch.setitem(learned._LOADED, 2, doubled)
    with using("learned"):
        assert [state.evaluate(p) for p in range(2)] != standard
    assert [state.evaluate(p) for p in range(2)] == standard  # outside the block: standard again


def test_a_level_may_play_four_gardens_with_the_learned_evaluation() -> None:
    state = hanpan.game("four_gardens").new(players=2, seed=5)
    level = LevelAgent("test", {"default": {"iterations": 20, "evaluation": "learned"}}, seed=1)
    assert level.choose(Seat(state, 0)) in state.legal_actions()


@pytest.mark.parametrize(("text", "message"), [
    ("{", r"weights for 2p: not JSON \(Expecting property name"),
    ('{"players": 3, "evaluation": "learned", "weights": {}}', 'must say "players": 2 and "evaluation": "learned"$'),
    ('{"players": 2, "weights": {}}', 'must say "players": 2 and "evaluation": "learned"$'),
    ('{"players": 2, "evaluation": "learned", "weights": [1]}', r'"weights" must map weight names to numbers; '
                                                               r"weights: placed, .*, hand$"),
    ('{"players": 2, "evaluation": "learned", "weights": {"oracle": 1}}', r"no weight 'oracle'; weights: placed"),
    ('{"players": 2, "evaluation": "learned", "weights": {"push": "high"}}', r"weight 'push' is 'high', not a number$"),
])
def test_a_malformed_model_is_refused_in_one_line(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message) as caught:
        learned.load(2, text)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_model_file_names_only_weights_of_the_evaluation(players: int) -> None:
    assert learned.model_file(players) == f"learned-{players}p.json"
    raw = json.loads(learned.model_path(players).read_text(encoding="utf-8"))
    assert set(raw["weights"]) <= {f.name for f in dataclasses.fields(heuristic.Weights)}
    assert raw["made_by"].startswith("benchmarks/train_four_gardens.py")
