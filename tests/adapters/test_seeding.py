"""Both environment adapters seed alike: ``reset(seed=s)`` plays hanpan's game seed ``s``; an unseeded reset
draws a new seed, from the generator of the last seeded reset (so a seeded run replays) or fresh before."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from hanpan.adapters.gymnasium import HanpanEnv
from hanpan.adapters.pettingzoo import raw_env

MAKERS: dict[str, Callable[[], Any]] = {
    "pettingzoo": lambda: raw_env("spirits_of_the_wild"),
    "gymnasium": lambda: HanpanEnv("harmonies", players=1),
}


@pytest.mark.parametrize("adapter", list(MAKERS))
def test_an_unseeded_reset_draws_a_seed_that_a_seeded_reset_replays(adapter: str) -> None:
    environment = MAKERS[adapter]()
    environment.reset()
    first = environment.game_state.seed
    environment.reset()
    assert environment.game_state.seed != first
    seeds = []
    for _ in range(2):
        environment.reset(seed=9)
        assert environment.game_state.seed == 9
        environment.reset()
        seeds.append(environment.game_state.seed)
    assert seeds[0] == seeds[1] != 9
