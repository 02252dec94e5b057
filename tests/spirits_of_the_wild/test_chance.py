"""Explicit chance in Spirits of the Wild (``chance="explicit"``): every draw of the setup and of the game is a
chance point whose outcomes and probabilities follow from what everyone sees; records and positions keep it;
the default engine draws by itself as before."""

from __future__ import annotations

import random
from math import comb
from typing import Any

import pytest

import hanpan
from hanpan.agents import make_agent
from hanpan.agents.base import Seat, play_out
from hanpan.core.contract import CHANCE
from hanpan.core.errors import IllegalActionError, NotationError, OptionError, PositionError
from hanpan.core.record import Record, replay
from hanpan.core.rng import Rng

from .helpers import cards, make

GAME = hanpan.game("spirits_of_the_wild")
STONES = ("blue", "teal", "orange", "white", "purple", "yellow", "spirit")


def explicit(seed: int = 1) -> Any:
    return GAME.new(players=2, seed=seed, chance="explicit")


def stones(state: Any) -> int:
    """Every stone of the game, wherever it is (the bag, the tray, in hand, on the boards)."""
    data = state.to_json()
    total = sum(data["bag"].values()) + sum(data["tray"].values()) + sum(data["held"].values())
    for b in data["boards"]:
        a = b["animals"]
        total += sum(len(g) for g in (*a["owl"], a["rabbit"], *a["beaver"], a["salmon"], a["turtle"]))
        total += len(b["spirit_stones"])
    return total


def play_randomly(state: Any, seed: int, check: bool = True) -> list[str]:
    """Play to the end: random decisions, chance outcomes drawn by their probabilities; the texts."""
    rng = random.Random(seed)
    texts = []
    while not state.is_over:
        if state.is_chance():
            outcomes = state.chance_outcomes()
            if check:
                assert state.current_player == CHANCE
                assert [a for a, _ in outcomes] == state.legal_actions()
                assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-12)
                assert all(p > 0 for _, p in outcomes)
                assert GAME.from_json(state.to_json()).to_json() == state.to_json()
            action = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            assert not state.chance_outcomes()
            action = rng.choice(state.legal_actions())
        texts.append(str(state.play(str(action))))
        if check:
            assert stones(state) == 56
    return texts


def test_the_setup_turns_up_both_piles_tops_then_draws_the_tray_without_spirit_stones() -> None:
    state = explicit()
    assert state.is_chance() and state.current_player == CHANCE and state.turn == 0
    first = state.chance_outcomes()
    assert [str(a) for a, _ in first] == [f"reveal {c}" for c in ("deer", "wolf", "bear", "ram", "bison", "eagle")]
    assert all(p == pytest.approx(1 / 6) for _, p in first)
    assert state.view(0)["spirit_piles"] == [[None] * 3, [None] * 3]  # nothing seen before the deal
    state.play("reveal bear")
    assert state.view(1)["spirit_piles"][0][0] == "bear"
    second = state.chance_outcomes()
    assert len(second) == 5 and "reveal bear" not in [str(a) for a, _ in second]
    state.play("reveal eagle")
    tray = state.chance_outcomes()
    assert all(len(str(a).split()) == 5 and "spirit" not in str(a) for a, _ in tray)  # 4 stones, no spirit stone
    # the hypergeometric law: 48 coloured stones, 8 of each colour
    by_text = {str(a): p for a, p in tray}
    assert by_text["draw blue blue blue blue"] == pytest.approx(comb(8, 4) / comb(48, 4))
    assert by_text["draw blue teal orange white"] == pytest.approx(8**4 / comb(48, 4))
    state.play("draw blue teal teal yellow")
    assert not state.is_chance() and state.current_player == 0 and state.reveals == 1
    assert state.to_json()["tray"] == {"blue": 1, "teal": 2, "yellow": 1}
    assert [str(a) for a in state.legal_actions()] == ["take1", "add2", "add3"]


def test_a_card_that_draws_stops_at_a_chance_point_and_goes_on_after_it() -> None:
    state = explicit()
    for text in ("reveal deer", "reveal wolf", "draw blue teal orange white", "add2"):
        state.play(text)
    assert state.is_chance() and state.view(0)["steps_left"] == ["draw2", "take1", "place"]
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 28  # every pair of the 7 kinds
    bag = state.to_json()["bag"]
    by_text = {str(a): p for a, p in outcomes}
    assert by_text["draw spirit spirit"] == pytest.approx(comb(bag["spirit"], 2) / comb(sum(bag.values()), 2))
    state.play("draw spirit spirit")
    assert state.current_player == 0 and state.to_json()["tray"]["spirit"] == 2 and state.reveals == 2
    assert [str(a) for a in state.legal_actions()] == ["take blue", "take teal", "take orange", "take white",
                                                       "take spirit"]


def test_a_draw_of_more_than_four_stones_is_several_chance_points() -> None:
    # the bear puts the tray back and draws as many: with 6 stones in the tray, a draw of 4 then one of 2

    position = make(bag={"blue": 5, "teal": 5, "orange": 8, "white": 8, "purple": 8, "yellow": 8, "spirit": 8},
                    action_cards=[cards("take1", "take2", "add2"), cards()],
                    piles=[["bear", "deer", "wolf"], ["ram", "bison", "eagle"]]).to_json()
    position["options"] = {"chance": "explicit"}
    state = GAME.from_json(position)
    assert state.to_json()["tray"] == {"blue": 3, "teal": 3}
    state.play("bear")
    assert state.is_chance() and state.view(0)["steps_left"][0] == "bear"
    assert {len(str(a).split()) - 1 for a, _ in state.chance_outcomes()} == {4}
    state.play("draw orange orange white white")
    assert {len(str(a).split()) - 1 for a, _ in state.chance_outcomes()} == {2}
    state.play("draw spirit spirit")
    assert not state.is_chance() and state.to_json()["tray"] == {"orange": 2, "white": 2, "spirit": 2}


def test_a_pile_refreshed_turns_up_a_card_nobody_has_seen_by_chance() -> None:
    state = explicit(5)
    for text in ("reveal deer", "reveal wolf", "draw blue teal orange white"):
        state.play(text)
    rng = random.Random(2)
    while not (state.is_chance() and state.view(0)["steps_left"][:1] == ["refresh"]):
        if state.is_chance():
            state.apply_chance(state.chance_outcomes()[0][0])
        else:
            legal = state.legal_actions()
            spirit = [a for a in legal if str(a) in ("deer", "wolf")]
            state.play(spirit[0] if spirit else rng.choice(legal))
        assert not state.is_over
    pile = state.view(0)["active_pile"]
    unseen = [str(a) for a, _ in state.chance_outcomes()]
    assert unseen == ["reveal bear", "reveal ram", "reveal bison", "reveal eagle"]
    state.play("reveal ram")
    assert state.view(1)["spirit_piles"][pile][0] == "ram"
    assert state.to_json()["seen"] == ["deer", "wolf", "ram"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_games_with_explicit_chance_keep_every_stone_and_replay_from_their_record(seed: int) -> None:
    state = explicit(seed)
    texts = play_randomly(state, seed)
    assert state.status == "finished" and any(t.startswith("draw") for t in texts)
    record = Record.of(state, ["a", "b"], texts)
    assert record.options == {"chance": "explicit"}  # the record says so
    assert replay(Record.from_json(record.to_json())).to_json() == state.to_json()


def test_the_default_engine_never_stops_and_draws_as_before() -> None:
    default, engine = GAME.new(players=2, seed=9), GAME.new(players=2, seed=9, chance="engine")
    assert default.to_json() == engine.to_json() and default.options["chance"] == "engine"
    rng = Rng(4)
    while not default.is_over:
        assert not default.is_chance() and default.chance_outcomes() == [] and default.current_player in (0, 1)
        legal = default.legal_actions()
        default.apply(legal[rng.randbelow(len(legal))])
    assert Record.of(default, ["a", "b"], []).options == {}  # a default game's record names no chance option


def test_outcomes_depend_only_on_what_everyone_sees() -> None:
    state = explicit(3)
    play_randomly_until = 0
    rng = random.Random(3)
    while play_randomly_until < 40 or not state.is_chance():
        if state.is_chance():
            state.apply_chance(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
        play_randomly_until += 1
    twin = state.determinize(0, Rng(77))  # hidden pile order and generator resampled
    assert twin.to_json() != state.to_json()
    assert twin.chance_outcomes() == state.chance_outcomes()


def test_errors_name_what_is_allowed() -> None:
    state = explicit()
    with pytest.raises(IllegalActionError, match="'draw blue' is not a possible outcome of this draw; possible "
                                                 "now: reveal deer"):
        state.play("draw blue")
    with pytest.raises(NotationError, match="'reveal fox' is not a chance outcome of spirits_of_the_wild"):
        state.play("reveal fox")
    with pytest.raises(NotationError, match="'take1' is not a chance outcome"):
        state.play("take1")
    with pytest.raises(OptionError, match="option chance: 'sometimes' is not allowed; allowed: engine, explicit"):
        GAME.new(players=2, seed=1, chance="sometimes")
    plain = GAME.new(players=2, seed=1)
    with pytest.raises(IllegalActionError, match="not at a chance point"):
        plain.draw_chance()
    position = explicit().to_json()
    position["options"] = {}
    with pytest.raises(PositionError, match="a position at a chance point needs the option chance=explicit"):
        GAME.from_json(position)


def test_agents_play_explicit_chance_games_on_samples_that_draw_by_themselves() -> None:
    state = explicit(4)
    texts: list[str] = []
    play_out(state, [make_agent("greedy", seed=1), make_agent("easy", seed=2)],
             on_action=lambda s, player, action: texts.append(str(action)))
    assert state.status == "finished" and any(t.startswith("reveal") for t in texts)
    replayed = replay(Record.of(state, ["greedy", "easy"], texts)).to_json()
    # the same game, but for the generator, which drew the outcomes in play and draws nothing in a replay
    assert {**replayed, "rng": 0} == {**state.to_json(), "rng": 0}
    mid = explicit(4)
    mid.play("reveal deer")
    sample = Seat(mid, 0).determinize(Rng(1))
    assert not sample.is_chance() and sample.options["chance"] == "engine"  # the sample finished the deal itself


def test_the_apps_for_play_leave_explicit_chance_to_research_code() -> None:
    from hanpan.adapters.common import Table
    from hanpan.cli.play import TerminalGame
    from hanpan.web.hub import web_options

    assert "chance" in [spec.name for spec in GAME.option_specs] and "chance" not in web_options(GAME)
    with pytest.raises(OptionError, match="chance=explicit is for research code"):
        TerminalGame.create(GAME, ["human", "greedy"], 1, {"chance": "explicit"}, "en")
    with pytest.raises(OptionError, match="in a Gymnasium or PettingZoo environment the engine draws by itself"):
        Table.make("spirits_of_the_wild", 2, "score", {"chance": "explicit"})
