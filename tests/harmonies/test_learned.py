"""The learned correction of the Harmonies evaluation: its features, its model files, and how
``evaluate`` adds it (hanpan.games.harmonies.learned)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from hanpan.core import evaluation
from hanpan.core.errors import DataError
from hanpan.core.rng import Rng
from hanpan.games.harmonies import GAME, heuristic, learned
from hanpan.games.harmonies.board import NUM_STACKS, side_by_id
from hanpan.games.harmonies.state import HarmoniesState


def _played(seed: int, decisions: int, **options: object) -> HarmoniesState:
    state = GAME.new(players=1, seed=seed, **options)
    rng = Rng(seed)
    for _ in range(decisions):
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


@pytest.fixture
def restore_models():
    yield
    learned._MODELS.clear()
    learned._MEMO.clear()


@pytest.mark.parametrize("side", ["A", "B"])
def test_features_count_each_cell_pair_and_card_independently(side: str) -> None:
    state = _played(7, 40, side=side)
    layout = learned.Layout.for_side(state.side)
    indices, reals = learned.features(state, 0, layout, 25.0)
    stacks = state.stacks[0]
    counts = Counter(indices)
    # every cell's own stack, at its own place
    for cell in range(state.side.ncells):
        assert counts[layout.cell + cell * NUM_STACKS + stacks[cell]] == 1
    # the pairs of neighbours, counted from the side's neighbour lists
    pairs = Counter()
    for cell in range(state.side.ncells):
        for other in state.side.neighbours(cell):
            if other > cell:
                a, b = sorted((stacks[cell], stacks[other]))
                pairs[layout.pair + a * NUM_STACKS + b] += 1
    assert {i: n for i, n in counts.items() if layout.pair <= i < layout.short} == dict(pairs)
    # per held card its tokens short and cubes down
    for card in state.held[0]:
        short = heuristic.tokens_short(state, 0, card)
        assert counts[layout.short + card * 9 + (8 if short is None else min(short, 7))] == 1
        assert counts[layout.down + card * learned._DOWN + state.placed[card]] == 1
    assert counts[layout.empties + state.empties[0]] == 1
    assert counts[layout.held + len(state.held[0])] == 1
    turns = min(heuristic.turns_to_come(state), 15)
    assert counts[layout.turns + turns] == 1 and reals == {layout.underway + turns: 2.5}
    assert counts[0] == 1 and max(indices) < layout.size


def test_evaluate_adds_the_models_value_of_the_scored_state(restore_models: None) -> None:
    state = _played(3, 25)
    layout = learned.Layout.for_side(state.side)
    rng = Rng(5)
    weights = tuple(rng.random() - 0.5 for _ in range(layout.size))
    learned.use(None, 1, "A")
    plain = state.evaluate(0)
    learned.use(learned.Model(1, "A", layout, weights), 1, "A")
    scored = heuristic.hand_placed(state, 0) if state.hand_count else state
    static = heuristic.static_value(scored, 0)
    assert plain == static
    indices, reals = learned.features(scored, 0, layout, static - sum(scored.points(0)))
    expected = static + sum(weights[i] for i in indices) + sum(weights[i] * x for i, x in reals.items())
    assert state.evaluate(0) == pytest.approx(expected)


def test_no_correction_with_spirits_when_disabled_or_at_the_end(restore_models: None, monkeypatch) -> None:
    layout = learned.Layout.for_side(side_by_id("A"))
    learned.use(learned.Model(1, "A", layout, (5.0,) * layout.size), 1, "A")
    spirited = _played(3, 10, spirits=True)
    assert spirited.evaluate(0) == heuristic.static_value(
        heuristic.hand_placed(spirited, 0) if spirited.hand_count else spirited, 0)
    state = _played(3, 10)
    with_model = state.evaluate(0)
    monkeypatch.setattr(learned, "ENABLED", False)
    assert state.evaluate(0) < with_model
    monkeypatch.setattr(learned, "ENABLED", True)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert state.evaluate(0) == state.total(0)


def test_a_model_file_for_another_game_is_refused_in_one_line() -> None:
    size = learned.Layout.for_side(side_by_id("A")).size
    good = {"players": 1, "side": "A", "weights": [0.0] * size}
    assert learned.load(1, "A", json.dumps(good)).weights == (0.0,) * size
    for bad in ({**good, "weights": [0.0] * 3}, {**good, "players": 2}):
        with pytest.raises(DataError) as error:
            learned.load(1, "A", json.dumps(bad))
        assert "\n" not in str(error.value) and f"expected {size}" in str(error.value)
    with pytest.raises(DataError, match=r"evaluation 'oracle'; evaluations: standard, learned$"):
        learned.load(1, "A", json.dumps({**good, "evaluation": "oracle"}))


def test_a_learned_only_model_corrects_only_under_the_learned_evaluation(restore_models: None) -> None:
    state = GAME.new(players=2, seed=3)
    for _ in range(12):
        state.apply(state.legal_actions()[0])
    layout = learned.Layout.for_side(state.side)
    learned.use(learned.Model(2, "A", layout, (1.0,) * layout.size, "learned"), 2, "A")
    scored = heuristic.hand_placed(state, 0) if state.hand_count else state
    static = heuristic.static_value(scored, 0)
    assert state.evaluate(0) == static
    with evaluation.using("learned"):
        assert state.evaluate(0) > static
    assert state.evaluate(0) == static


def test_the_two_player_model_is_for_the_levels_that_ask_for_it() -> None:
    assert learned.load(1, "A").evaluation == "standard"  # every solo agent plays with it
    assert learned.load(2, "A").evaluation == "learned"
    assert learned.load(3, "A") is None


def test_the_packaged_models_fit_their_layouts() -> None:
    from importlib import resources

    files = [p.name for p in (resources.files("hanpan.games.harmonies") / "data").iterdir()
             if p.name.startswith("learned-")]
    assert {"learned-1p-A.json", "learned-2p-A.json"} <= set(files)
    for name in files:
        players, side = int(name.split("-")[1][:-1]), name.split("-")[2].split(".")[0]
        model = learned.load(players, side)
        assert model is not None and len(model.weights) == model.layout.size
