"""Seeded games to review, and the leak tests' perturbations (tests/adapters/leaks.py, loaded by path)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import hanpan
from hanpan.agents.base import Seat
from hanpan.agents.registry import make_agent
from hanpan.analysis.estimates import REVIEW_LEVELS, review_agent
from hanpan.core.record import Record


def played_game(game_id: str, names: list[str], seed: int, moves: int | None = None, **options: Any) -> Record:
    """The record of a game of the named players (levels made reproducible as a review makes them), seats
    in the order given, stopped after ``moves`` decisions if given."""
    state = hanpan.game(game_id).new(players=len(names), seed=seed, **options)
    agents = [review_agent(name, seed=seed * 10 + i) if name in REVIEW_LEVELS else make_agent(name, seed=seed * 10 + i)
              for i, name in enumerate(names)]
    actions: list[str] = []
    while not state.is_over and (moves is None or len(actions) < moves):
        mover = state.current_player
        assert mover is not None
        actions.append(str(state.play(agents[mover].choose(Seat(state, mover)))))
    return Record.of(state, names, actions)


def _perturbations() -> dict[str, Any]:
    path = Path(__file__).resolve().parents[1] / "adapters" / "leaks.py"
    spec = importlib.util.spec_from_file_location("_hanpan_analysis_leaks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return dict(module.PERTURB)


#: ``PERTURB[game_id](position JSON, seat, random.Random)``: a true state the seat cannot tell from the first
PERTURB = _perturbations()
