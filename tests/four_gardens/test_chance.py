"""Explicit chance in Four Gardens (``chance="explicit"``): the tower, the hands, the display, the whim tiles and
every card drawn in play are chance points; a decision that draws waits for its outcomes, then is made; records
and positions keep it; the default engine draws by itself as before."""

from __future__ import annotations

import random
from typing import Any

import pytest

import hanpan
from hanpan.agents import make_agent
from hanpan.agents.base import Seat, play_out
from hanpan.core.contract import CHANCE
from hanpan.core.errors import IllegalActionError, PositionError
from hanpan.core.record import Record, replay
from hanpan.core.rng import Rng

GAME = hanpan.game("four_gardens")


def test_the_setup_draws_the_tower_the_hands_the_display_and_the_whims_by_chance() -> None:
    state = GAME.new(players=2, seed=1, chance="explicit", whims=True)
    texts = []
    while state.is_chance():
        outcomes = state.chance_outcomes()
        assert state.current_player == CHANCE and len({p for _, p in outcomes}) == 1  # equally likely
        texts.append(str(state.play(outcomes[-1][0])))
    kinds = [t.split()[0] for t in texts]
    # the deck's first top, then the next top after each card dealt (hands of 5, a display of 3), 2 whim
    # tiles; the 4th floor has one resource left and needs no chance
    assert kinds == ["floor"] * 3 + ["draw"] * (1 + 2 * 5 + 3) + ["whim"] * 2
    data = state.to_json()
    assert data["tower"]["resources"] == ["wood", "grass", "water", "stone"]
    assert [p["hand"] for p in data["players"]] == [[66, 67, 68, 69, 70], [61, 62, 63, 64, 65]]
    assert data["display"] == [60, 59, 58] and data["whim_open"] == ["comeback", "sacrifice"]
    assert data["deck"][-1] == 57  # the top every view shows
    assert state.current_player == 0 and state.legal_actions()


def test_a_decision_that_draws_waits_for_its_cards_then_is_made() -> None:
    state = GAME.new(players=2, seed=2, chance="explicit")
    rng = random.Random(2)
    while True:
        if state.is_chance():
            state.apply_chance(state.draw_chance())
            continue
        before = state.to_json()
        action = rng.choice(state.legal_actions())
        state.play(action)
        if state.is_chance():
            break
    # the decision is not made yet: the position is the one before it, waiting for a card
    assert {**state.to_json(), "rng": 0, "chance": None} == {**before, "rng": 0, "chance": None}
    assert state.to_json()["chance"] == {"decision": str(action), "outcomes": []}
    deck = sorted(state.to_json()["deck"][:-1])  # the top is drawn: the chance point reveals the next one
    assert [str(a) for a, _ in state.chance_outcomes()] == [f"draw c{c}" for c in deck]
    assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    while state.is_chance():
        state.play(state.chance_outcomes()[0][0])
    assert state.to_json() != before


@pytest.mark.parametrize(("players", "options"), [(2, {}), (3, {"whims": True}), (4, {})])
def test_random_games_with_explicit_chance_replay_from_their_record(players: int, options: dict[str, Any]) -> None:
    state = GAME.new(players=players, seed=players, chance="explicit", max_turns=40, **options)
    rng = random.Random(players)
    texts = []
    while not state.is_over:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            assert [a for a, _ in outcomes] == state.legal_actions()
            assert sum(p for _, p in outcomes) == pytest.approx(1.0)
            action = rng.choice(outcomes)[0]
        else:
            action = rng.choice(state.legal_actions())
        texts.append(str(state.play(str(action))))
        if len(texts) % 11 == 0:
            assert GAME.from_json(state.to_json()).to_json() == state.to_json()
    record = Record.of(state, ["a"] * players, texts)
    assert record.options["chance"] == "explicit"
    assert replay(Record.from_json(record.to_json())).to_json() == state.to_json()


def test_the_default_engine_never_stops() -> None:
    state = GAME.new(players=3, seed=9, whims=True)
    assert state.to_json() == GAME.new(players=3, seed=9, whims=True, chance="engine").to_json()
    rng = Rng(2)
    while not state.is_over:
        assert not state.is_chance() and state.chance_outcomes() == [] and state.current_player in (0, 1, 2)
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    assert "chance" not in state.to_json()


def test_bad_outcomes_and_positions_are_refused() -> None:
    state = GAME.new(players=2, seed=1, chance="explicit")
    with pytest.raises(IllegalActionError, match="'draw c1' is not a possible outcome of this draw"):
        state.play("draw c1")  # a floor's resource comes first
    position = state.to_json()
    position["options"] = {}
    with pytest.raises(PositionError, match="needs the option chance=explicit"):
        GAME.from_json(position)
    position = state.to_json()
    position["chance"] = {"decision": "fly", "outcomes": []}
    with pytest.raises(PositionError, match="unknown decision or outcome"):
        GAME.from_json(position)


def test_agents_play_on_samples_that_draw_by_themselves() -> None:
    state = GAME.new(players=2, seed=4, chance="explicit", max_turns=16)
    texts: list[str] = []
    play_out(state, [make_agent("greedy", seed=1), make_agent("easy", seed=2)],
             on_action=lambda s, player, action: texts.append(str(action)))
    assert state.is_over
    assert {**replay(Record.of(state, ["greedy", "easy"], texts)).to_json(), "rng": 0} == {
        **state.to_json(), "rng": 0}
    fresh = GAME.new(players=2, seed=4, chance="explicit")
    while fresh.is_chance():
        fresh.apply_chance(fresh.draw_chance())
    sample = Seat(fresh, 1).determinize(Rng(3))
    assert sample.options["chance"] == "engine" and not sample.is_chance()
    before = len(sample.to_json()["deck"])
    while not sample.is_over and len(sample.to_json()["deck"]) == before:
        sample.apply(sample.legal_actions()[-1])
        assert not sample.is_chance()


def test_a_sample_at_a_half_drawn_decision_draws_its_cards_anew() -> None:
    """A decision's cards drawn so far are in no view, so a determinized sample forgets them."""
    state = GAME.new(players=2, seed=6, chance="explicit")
    rng = random.Random(6)
    while not (state.is_chance() and state.turn > 0 and state.to_json()["chance"]["outcomes"]):
        if state.is_chance():
            state.apply_chance(state.draw_chance())
        else:
            state.play(rng.choice(state.legal_actions()))
    sample = state.determinize(1, Rng(5))
    assert sample.to_json()["chance"] == {**state.to_json()["chance"], "outcomes": []}
    assert [str(a) for a, _ in sample.chance_outcomes()] == [
        f"draw c{c}" for c in sorted(sample.to_json()["deck"][:-1])]


def _drawn(before: dict[str, Any], after: dict[str, Any]) -> set[int]:
    """The cards that came into a hand or the display from the deck between two positions."""
    def seen(j: dict[str, Any]) -> set[int]:
        return {c for p in j["players"] for c in p["hand"]} | set(j["display"])
    return seen(after) - seen(before)


@pytest.mark.parametrize("seed", range(10))
def test_the_top_a_view_shows_is_the_card_drawn_whatever_the_outcomes(seed: int) -> None:
    """The deck's top is public (its landscape side lies up): a draw takes it, and the chance point
    reveals the next top, so no outcome can make a draw take another card."""
    state = GAME.new(players=2 + seed % 3, seed=seed, chance="explicit", max_turns=60, whims=seed % 2 == 1)
    rng = random.Random(seed)
    draws = 0
    while not state.is_over:
        while state.is_chance():
            state.apply_chance(rng.choice(state.chance_outcomes())[0])
        if state.is_over:
            break
        before = state.to_json()
        top = before["deck"][-1] if before["deck"] else None
        assert state.view(state.current_player)["deck"]["top"] == (
            None if top is None else {k: state.cards.json_land[top - 1][k] for k in ("colour", "position", "god")})
        state.play(rng.choice(state.legal_actions()))
        while state.is_chance():
            state.apply_chance(rng.choice(state.chance_outcomes())[0])
        drawn = _drawn(before, state.to_json())
        if drawn and top is not None:
            draws += 1
            assert top in drawn
    assert draws > 10


def test_outcomes_are_the_cards_that_may_be_the_next_top() -> None:
    """A chance point's outcomes are the deck's cards below the top just drawn (the discards after a
    reshuffle): never the top, a display card, a garden's or another player's hand card."""
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        state = GAME.new(players=2 + seed % 3, seed=seed, chance="explicit", max_turns=60)
        while not state.is_over:
            if not state.is_chance():
                state.play(rng.choice(state.legal_actions()))
                continue
            j = state.to_json()
            cards = {int(str(a).split()[1][1:]) for a, _ in state.chance_outcomes() if str(a).startswith("draw")}
            if j.get("chance", {}).get("decision") != "setup" and cards:
                others = {c for q, p in enumerate(j["players"]) if q != state.player for c in p["hand"]}
                gardens = {c for p in j["players"] for c in p["garden"] if c}
                assert j["deck"][-1] not in cards and not cards & (set(j["display"]) | others | gardens)
                if len(j["deck"]) >= 3 and not j["chance"]["outcomes"]:
                    assert cards == set(j["deck"][:-1])
                    checked += 1
            state.apply_chance(rng.choice(state.chance_outcomes())[0])
    assert checked > 20


@pytest.mark.parametrize("seed", range(30))
def test_engine_drawn_outcomes_give_the_default_engines_game(seed: int) -> None:
    """With every outcome drawn by the engine (``draw_chance``), a seed gives the game of the default
    engine: the same tower, hands, display, visible top and every later draw."""
    players = 2 + seed % 3
    options: dict[str, Any] = {"max_turns": 50, "whims": seed % 2 == 0}
    default = GAME.new(players=players, seed=seed, **options)
    explicit = GAME.new(players=players, seed=seed, chance="explicit", **options)
    rng = Rng(seed)

    def same() -> None:
        while explicit.is_chance():
            explicit.apply_chance(explicit.draw_chance())
        assert {**explicit.to_json(), "options": None} == {**default.to_json(), "options": None}

    same()
    while not default.is_over:
        legal = default.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        default.apply(action)
        explicit.play(str(action))
        same()
    assert explicit.is_over
