"""The learned afterstate value, its model files and the turn planner that plays with it (issue 59)."""

from __future__ import annotations

import fnmatch
import gzip
import tomllib
from pathlib import Path

import pytest

import hanpan
from hanpan.agents import Seat
from hanpan.agents.plans import PlanAgent
from hanpan.core import models
from hanpan.core.errors import DataError
from hanpan.core.rng import Rng
from hanpan.games.harmonies import afterstate
from hanpan.games.harmonies.plans import complete_turns, plans

ROOT = Path(__file__).resolve().parents[2]
GAME = hanpan.game("harmonies")


@pytest.fixture
def untrained():
    afterstate.use(afterstate.untrained(), 1, "A")
    yield
    afterstate.use(None, 1, "A")


def test_a_model_file_round_trips_and_a_damaged_one_is_refused_in_one_line():
    header = {"name": "t", "version": "2", "game": "harmonies", "seed": 5}
    blob = models.dump(header, [1.0, 2.5, -3.0])
    model = models.load(blob, "t.model.gz")
    assert model.weights == [1.0, 2.5, -3.0] and model.header["seed"] == 5 and model.describe() == "t/2"
    assert models.dump(header, [1.0, 2.5, -3.0]) == blob  # the same model, the same bytes
    raw = bytearray(gzip.decompress(blob))
    raw[-1] ^= 0x40  # one weight changed
    with pytest.raises(DataError, match=r"^t\.model\.gz: the weights do not match the hash") as error:
        models.load(gzip.compress(bytes(raw)), "t.model.gz")
    assert "\n" not in str(error.value)
    for broken, says in ((blob[:10], "not a whole model file"), (b"plain text", "not a whole model file"),
                         (gzip.compress(b"\x05\x00\x00\x00hello"), "header is not JSON"),
                         (gzip.compress(b"\x02\x00\x00\x00{}"), "not a hanpan.model/1 file")):
        with pytest.raises(DataError, match=says):
            models.load(broken, "t.model.gz")


def test_every_data_file_is_in_the_package():
    """pyproject's package data lists every file of every game's data folder (a model the wheel left
    out would make the levels play without it)."""
    globs = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["hanpan"]
    package = ROOT / "src" / "hanpan"
    files = [path.relative_to(package).as_posix() for path in package.glob("games/*/data/*")]
    assert files
    assert [f for f in files if not any(fnmatch.fnmatch(f, g) for g in globs)] == []


def test_packaged_models_load_checked_and_name_their_version():
    for players, side in ((1, "A"), (2, "A")):
        model = afterstate.packaged(players, side)
        if model is None:
            continue
        assert len(model.weights) == afterstate.LAYOUT.size
        assert model.header["players"] == players and model.header["side"] == side
        for key in ("command", "commit", "seed", "cpu_seconds", "games"):
            assert key in model.header, key
        assert model.describe() in GAME.models()


def test_the_value_reads_only_what_the_player_sees(untrained):
    """Two states that differ only in what the player cannot know (the pouch's order, the deck's) have
    the same plans with the same values."""
    state = GAME.new(players=1, seed=11)
    agent = PlanAgent(seed=1, width=1)
    while state.turn < 3:  # a few turns in
        state.apply(agent.choose(Seat(state, 0)))
    weights = afterstate.weights_for(1, "A", False)
    assert weights is not None
    one = [(p.actions, p.value) for p in plans(state, weights, width=2)]
    other = state.determinize(0, Rng(99))
    assert other.bag != state.bag or other.deck != state.deck
    assert [(p.actions, p.value) for p in plans(other, weights, width=2)] == one


def test_complete_turns_end_the_turn_and_are_legal(untrained):
    state = GAME.new(players=1, seed=3)
    turns = complete_turns(state, width=2)
    assert len(turns) > 3
    for ids, after in turns:
        replay = state.clone()
        for i in ids:
            action = next(a for a in replay.legal_actions() if a.id == i)
            replay.apply(action)
        assert replay.turn == state.turn + 1 or replay.over
        assert after.stacks == replay.stacks if replay.turn == state.turn + 1 else True


@pytest.mark.parametrize("settings", [{"width": 1}, {"width": 1, "samples": 2, "finalists": 2}])
def test_the_plan_agent_plays_whole_solo_games(untrained, settings):
    state = GAME.new(players=1, seed=5)
    agent = PlanAgent(seed=2, **settings)
    while not state.over:
        action = agent.choose(Seat(state, 0))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.total(0) > 40


def test_without_a_model_the_plan_agent_plays_greedy():
    state = GAME.new(players=2, seed=5, side="B")  # no model for side B
    agent = PlanAgent(seed=2, width=1)
    assert agent.choose(Seat(state, 0)) in state.legal_actions() and agent.last_plans == 0
