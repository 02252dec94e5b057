"""Explicit chance in Harmonies (``chance="explicit"``): the central board's tokens, the display's cards and the
spirits' deal wait for their outcomes, with the probabilities of what everyone sees; records and positions keep
it; the default engine draws by itself as before."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

import hanpan
from hanpan.agents import make_agent
from hanpan.agents.base import play_out
from hanpan.core.contract import CHANCE
from hanpan.core.errors import IllegalActionError, PositionError
from hanpan.core.record import Record, replay
from hanpan.core.rng import Rng

GAME = hanpan.game("harmonies")


def play_randomly(state: Any, seed: int) -> list[str]:
    """Play to the end: random decisions, chance outcomes by their probabilities, positions read back."""
    rng = random.Random(seed)
    texts = []
    while not state.is_over:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert state.current_player == CHANCE and [a for a, _ in outcomes] == state.legal_actions()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
            assert GAME.from_json(state.to_json()).to_json() == state.to_json()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            assert state.chance_outcomes() == []
            action = rng.choice(state.legal_actions())
        texts.append(str(state.play(str(action))))
        assert sum(state.token_census().values()) == 120
    return texts


def test_the_setup_fills_each_space_then_the_display_by_chance() -> None:
    state = GAME.new(players=2, seed=3, chance="explicit")
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert len(outcomes) == 56  # 3 tokens of 6 colours, colours counted
    pouch = state.to_json()["pouch"]  # 120 tokens
    assert outcomes["draw blue blue blue"] == pytest.approx(comb(pouch["blue"], 3) / comb(120, 3))
    for _ in range(5):
        state.play(state.chance_outcomes()[0][0])  # every space: three blue (the first outcome)
    assert [space for space in state.to_json()["central"]] == [{"blue": 3}] * 5
    display = state.chance_outcomes()
    assert len(display) == 32 and all(str(a).startswith("display ") for a, _ in display)
    for text in ("display fish", "display bee", "display raccoon", "display ladybug", "display bear"):
        state.play(text)
    assert not state.is_chance() and state.current_player == 0
    assert sorted(state.to_json()["display"]) == ["bear", "bee", "fish", "ladybug", "raccoon"]
    assert [str(a) for a in state.legal_actions()][:2] == ["space 1", "space 2"]


def test_the_end_of_a_turn_waits_for_the_space_refilled_then_the_turn_goes_on() -> None:
    state = GAME.new(players=2, seed=3, chance="explicit")
    while state.is_chance():
        state.apply_chance(state.draw_chance())
    state.play("space 2")
    assert state.to_json()["central"][1] == {}
    rng = random.Random(1)
    while not state.is_chance():
        state.play(rng.choice([a for a in state.legal_actions() if not a.text.startswith("card")]))
    assert state.to_json()["drawing"] and state.turn == 0  # the turn is not over before its draws
    assert all(len(str(a).split()) == 4 for a, _ in state.chance_outcomes())  # the taken space's 3 tokens
    state.play(state.chance_outcomes()[-1][0])
    assert sum(state.to_json()["central"][1].values()) == 3
    assert not state.is_chance() and state.turn == 1 and state.current_player == 1


def test_spirits_are_dealt_by_chance_two_per_player() -> None:
    state = GAME.new(players=2, seed=1, chance="explicit", spirits=True)
    while not state.to_json()["display"] or state.chance_outcomes()[0][0].text.startswith(("draw", "display")):
        state.apply_chance(state.draw_chance())
    pairs = state.chance_outcomes()
    assert len(pairs) == comb(10, 2) and all(p == pytest.approx(1 / 45) for _, p in pairs)
    state.play("spirits lion_spirit deer_spirit")
    assert len(state.chance_outcomes()) == comb(8, 2)
    assert "spirits lion_spirit owl_spirit" not in [str(a) for a, _ in state.chance_outcomes()]
    state.apply_chance(state.chance_outcomes()[0][0])
    assert not state.is_chance()
    assert [str(a) for a in state.legal_actions()] == ["keep lion_spirit", "keep deer_spirit"]


@pytest.mark.parametrize(("players", "options"), [(1, {}), (2, {"spirits": True}), (3, {"side": "B"})])
def test_random_games_with_explicit_chance_replay_from_their_record(players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players=players, seed=players, chance="explicit", **options)
    texts = play_randomly(state, players)
    assert state.is_over and any(t.startswith("display") for t in texts)
    record = Record.of(state, ["a"] * players, texts)
    assert record.options["chance"] == "explicit"
    assert replay(Record.from_json(record.to_json())).to_json() == state.to_json()


def test_the_default_engine_never_stops() -> None:
    state = GAME.new(players=3, seed=9)
    assert state.to_json() == GAME.new(players=3, seed=9, chance="engine").to_json()
    assert "drawing" not in state.to_json()
    rng = Rng(2)
    while not state.is_over:
        assert not state.is_chance() and state.current_player in (0, 1, 2)
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])


def test_outcomes_depend_only_on_what_everyone_sees_and_bad_input_is_refused() -> None:
    state = GAME.new(players=2, seed=5, chance="explicit")
    while state.is_chance():
        state.apply_chance(state.draw_chance())
    state.play("space 1")
    twin = state.determinize(1, Rng(3))
    assert twin.to_json() != state.to_json()
    while not state.is_chance():
        action = state.legal_actions()[-1]
        state.play(action)
        twin.play(str(action))
    assert twin.chance_outcomes() == state.chance_outcomes()
    with pytest.raises(IllegalActionError, match="is not a possible outcome of this draw"):
        state.play("display fish" if "display fish" not in [str(a) for a, _ in state.chance_outcomes()]
                   else "draw red")
    position = state.to_json()
    position["options"] = {}
    with pytest.raises(PositionError, match="needs the option chance=explicit"):
        GAME.from_json(position)


def test_agents_play_explicit_chance_games() -> None:
    state = GAME.new(players=2, seed=4, chance="explicit")
    texts: list[str] = []
    play_out(state, [make_agent("greedy", seed=1), make_agent("random", seed=2)],
             on_action=lambda s, player, action: texts.append(str(action)))
    assert state.status == "finished"
    assert {**replay(Record.of(state, ["greedy", "random"], texts)).to_json(), "rng": 0} == {
        **state.to_json(), "rng": 0}
