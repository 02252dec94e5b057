"""A level decides with the game's evaluation its settings name, and its worker processes evaluate
the same way (hanpan.core.evaluation; Harmonies and Four Gardens offer ``"learned"``)."""

from __future__ import annotations

import contextvars
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest

import hanpan
from hanpan.agents import Seat, parallel
from hanpan.agents.levels import LEVELS
from hanpan.agents.mcts import MCTSAgent
from hanpan.agents.registry import LevelAgent
from hanpan.agents.rollout import RolloutAgent
from hanpan.core import evaluation
from hanpan.games.harmonies import learned


@pytest.fixture
def seen(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The evaluation in use at each learned correction Harmonies' ``evaluate`` asks for."""
    names: list[str] = []
    correction = learned.correction

    def recording(*args: Any) -> float:
        names.append(evaluation.current())
        return correction(*args)

    monkeypatch.setattr(learned, "correction", recording)
    return names


def test_a_level_decides_under_its_evaluation_and_leaves_the_standard_one(seen: list[str]) -> None:
    state = hanpan.game("harmonies").new(players=2, seed=4)
    quick = {"iterations": 3, "cutoff": "turn", "depth": 0}
    level = LevelAgent("test", {"default": {**quick, "evaluation": "learned"}}, seed=1)
    assert level.choose(Seat(state, 0)) in state.legal_actions()
    assert seen and set(seen) == {"learned"}
    assert evaluation.current() == "standard"
    seen.clear()
    LevelAgent("test", {"default": quick}, seed=1).choose(Seat(state, 0))
    assert seen and set(seen) == {"standard"}


@pytest.mark.parametrize(("game_id", "allowed"), [("harmonies", "standard, learned"),
                                                  ("four_gardens", "standard, learned"),
                                                  ("spirits_of_the_wild", "standard")])
def test_an_unknown_evaluation_is_refused_naming_the_games_evaluations(game_id: str, allowed: str) -> None:
    game = hanpan.game(game_id)
    state = game.new(players=2, seed=1)
    level = LevelAgent("bad", {"default": {"iterations": 3, "evaluation": "oracle"}})
    with pytest.raises(ValueError, match=f"unknown evaluation 'oracle' for {game_id}.*evaluations: {allowed}$"):
        level.choose(Seat(state, 0))


def test_every_level_names_an_evaluation_its_game_has() -> None:
    for per_game in LEVELS.values():
        for key, settings in per_game.items():
            game_id = key.partition("/")[0]
            offered = hanpan.game(game_id).evaluations if game_id != "default" else ("standard",)
            assert settings.get("evaluation", "standard") in offered


class _FreshContextPool:
    """A stand-in for the process pool: each task runs at once, in a fresh context (as in another
    process, nothing of the caller's ``using`` block reaches it)."""

    def submit(self, fn: Callable[..., Any], *args: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(contextvars.Context().run(fn, *args))
        return future


@pytest.mark.parametrize("search", ["rollout", "mcts"])
def test_workers_evaluate_as_the_process_that_sends_them_the_work(search: str, seen: list[str],
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "_pool", lambda size: _FreshContextPool())
    monkeypatch.setattr(parallel, "start_workers", lambda size, seat=None: None)
    state = hanpan.game("harmonies").new(players=2, seed=6)
    agent = RolloutAgent(2, width=2, noisy=1, depth=2, workers=2) if search == "rollout" else \
        MCTSAgent(2, iterations=8, workers=2, cutoff="turn", depth=0)
    with evaluation.using("learned"):
        first = len(seen)
        agent.choose(Seat(state, 0))
    assert evaluation.current() == "standard"
    assert len(seen) > first and set(seen) == {"learned"}
