"""Every named level finishes a game of every game at every player count, with every seat its own.

The search levels keep their per-game settings (cut-offs, widening, rollouts) but think 4 iterations
per decision here (a turn-planning level: 2 candidates, 2-decision play-outs), so the whole matrix runs
in seconds; their strength is measured in docs/strength.md.
"""

from __future__ import annotations

from typing import Any

import pytest

import hanpan
from hanpan.agents import make_agent, plans, play_out, rollout
from hanpan.agents.base import Agent
from hanpan.agents.levels import CLASSIC, LEVELS
from hanpan.agents.mcts import MCTSAgent
from hanpan.agents.registry import LevelAgent, agent_names

CASES = [(game_id, players) for game_id in ("spirits_of_the_wild", "harmonies", "four_gardens")
         for players in range(hanpan.game(game_id).min_players, hanpan.game(game_id).max_players + 1)]


def quick(level: str, seed: int) -> Agent:
    """The named level with its budget cut to a few play-outs per decision."""
    named = {**LEVELS, **CLASSIC}
    if level not in named:
        return make_agent(level, seed=seed)
    return LevelAgent(level, {game: _cut(knobs) for game, knobs in named[level].items()}, seed)


def _cut(knobs: dict[str, Any]) -> dict[str, Any]:
    if knobs.get("agent") == "rollout":
        return {**knobs, "width": 2, "noisy": 0, "depth": 2, "seconds": None, "workers": 1}
    if knobs.get("agent") == "plan":
        return {**knobs, "width": 1, "samples": min(knobs.get("samples", 0), 1)}
    return {**knobs, "iterations": 4, "seconds": None, "workers": 1}


@pytest.mark.parametrize(("game_id", "players"), CASES)
@pytest.mark.parametrize("level", ["random", "greedy", "easy", "normal", "hard", "master", *CLASSIC])
def test_every_level_finishes_every_game(game_id: str, players: int, level: str) -> None:
    state = hanpan.game(game_id).new(players=players, seed=players * 7 + len(level))
    agents = [quick(level, seed) for seed in range(players)]
    play_out(state, agents, max_decisions=20_000)  # the checked play raises on an illegal choice
    assert state.status == "finished"
    assert state.winners()


@pytest.mark.parametrize("level", [*LEVELS, *CLASSIC])
def test_levels_name_only_known_search_settings(level: str) -> None:
    for game_id, knobs in {**LEVELS, **CLASSIC}[level].items():
        settings = {"rollout": ("agent", *rollout.SETTINGS), "plan": ("agent", *plans.SETTINGS)}.get(
            knobs.get("agent", "mcts"), tuple(MCTSAgent().settings()))
        game, _, players = game_id.partition("/")  # "<game>/<players>": one player count
        assert game == "default" or game in hanpan.game_ids()
        if players:
            assert hanpan.game(game).min_players <= int(players) <= hanpan.game(game).max_players
        assert set(knobs) <= {*settings, "evaluation"}  # the evaluation: the level's, not the search's
        bound = 5.0 if level.endswith("master") else 1.0  # the issues' bounds: 1 s a decision, master 5 s
        assert knobs.get("seconds") is None or knobs["seconds"] <= bound


def test_the_classic_levels_play_by_name_and_stay_out_of_the_menus() -> None:
    assert make_agent("classic-normal").per_game["harmonies"]["iterations"] == 150
    assert make_agent("classic-hard").per_game == LEVELS["hard"]
    assert not set(CLASSIC) & set(agent_names())
