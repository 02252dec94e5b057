"""Balance facts of Spirits of the Wild (hanpan.games.spirits_of_the_wild.balance), checked against the
final position JSON, the score cards and the actions seen while playing, counted here independently."""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from typing import Any

import pytest

from hanpan.agents.base import play_out
from hanpan.agents.registry import make_agent
from hanpan.analysis.facts import facts_of
from hanpan.core.errors import HanpanError
from hanpan.core.record import Record
from hanpan.core.rng import Rng
from hanpan.games.spirits_of_the_wild.balance import card_uses, facts, label

from .helpers import ANIMALS, CARDS, GAME, SPIRIT_CARDS, board, make

#: each animal's stone slots per group, from the spec's table (owl 3 pairs, beaver a 3-set and a 2-set)
SLOTS = {"owl": (2, 2, 2), "rabbit": (3,), "beaver": (3, 2), "salmon": (6,), "turtle": (5,)}
RANDOM_SEEDS = (1, 2, 3, 4, 5, 6)
AGENT_GAMES = (("greedy", "random", 11), ("random", "greedy", 12), ("greedy", "greedy", 13))
GAME_IDS = [f"random-{s}" for s in RANDOM_SEEDS] + [f"{a}-{b}-{s}" for a, b, s in AGENT_GAMES]

Played = tuple[Any, Record, list[Counter[str]]]


def _play(seed: int, agents: tuple[str, str] | None, max_turns: int | None = None) -> Played:
    """A finished game with its record and, per seat, the card-like actions that seat played."""
    state = GAME.new(players=2, seed=seed, max_turns=max_turns)
    actions: list[str] = []
    used: list[Counter[str]] = [Counter(), Counter()]

    def seen(player: int, text: str) -> None:
        actions.append(text)
        used[player][text] += 1

    if agents is None:
        rng = Rng(seed * 31 + 7)
        while not state.is_over:
            legal = state.legal_actions()
            action = legal[rng.randbelow(len(legal))]
            seen(state.current_player or 0, action.text)  # never None before the game is over
            state.play(action)
    else:
        players = [make_agent(name, seed * 2 + seat) for seat, name in enumerate(agents)]
        play_out(state, players, on_action=lambda _s, player, action: seen(player, action.text))
    options = {} if max_turns is None else {"max_turns": max_turns}
    return state, Record("spirits_of_the_wild", options, ["a", "b"], seed, actions), used


@cache
def _games() -> list[Played]:
    return [_play(s, None) for s in RANDOM_SEEDS] + [_play(s, (a, b)) for a, b, s in AGENT_GAMES]


@pytest.fixture(params=range(len(GAME_IDS)), ids=GAME_IDS)
def played(request: pytest.FixtureRequest) -> Played:
    game: Played = _games()[request.param]
    return game


def _family(seat: dict[str, list[Any]], family: str) -> dict[str, list[Any]]:
    return {key.partition("/")[2]: value for key, value in seat.items() if key.startswith(family + "/")}


def test_animal_items_are_the_boards_animals_with_their_score(played: Played) -> None:
    state = played[0]
    found = facts(state)
    data = state.to_json()
    for p, seat in enumerate(found["seats"]):
        b, card = data["boards"][p], state.scores()[p]
        animals = _family(seat, "animal")
        # an animal is listed when any stone lies on it
        stones = {a: [b["animals"][a]] if a in ("rabbit", "salmon", "turtle") else b["animals"][a] for a in ANIMALS}
        holding = {a for a in ANIMALS if any(stones[a]) or a in b["spirit_stones"]}
        assert set(animals) == holding
        for animal, (completed, points) in animals.items():
            assert points == card.categories[animal]
            assert completed == (tuple(len(g) for g in stones[animal]) == SLOTS[animal])
        assert sum(points for _, points in animals.values()) == card.total
        # an animal left out scores nothing
        assert all(card.categories[a] == 0 for a in ANIMALS if a not in animals)


def test_spirit_stone_items_are_the_doubled_animals(played: Played) -> None:
    state = played[0]
    for p, seat in enumerate(facts(state)["seats"]):
        stones = _family(seat, "spirit_stone")
        assert sorted(stones) == sorted(state.to_json()["boards"][p]["spirit_stones"])
        for animal, (completed, bonus) in stones.items():
            assert completed is None
            assert 2 * bonus == state.scores()[p].categories[animal]


def test_without_a_record_no_card_is_claimed(played: Played) -> None:
    for seat in facts(played[0])["seats"]:
        assert not _family(seat, "action") and not _family(seat, "spirit")


def test_record_gives_the_cards_each_seat_played(played: Played) -> None:
    state, record, used = played
    counts = card_uses(record)
    found, base = facts(state, record), facts(state)
    for p, seat in enumerate(found["seats"]):
        spirits = {card: n for card, n in used[p].items() if card in SPIRIT_CARDS}
        expected = {f"action/{card}": n for card, n in used[p].items() if card in CARDS}
        expected.update({f"spirit/{card}": n for card, n in spirits.items()})
        if spirits:
            expected["action/spirit"] = sum(spirits.values())  # every spirit card is played by the refresh card
        assert counts[p] == expected
        assert _family(seat, "action") == {k[7:]: [None, None] for k in expected if k.startswith("action/")}
        assert _family(seat, "spirit") == {card: [None, None] for card in spirits}
        # the record adds cards and changes nothing else
        assert {k: v for k, v in seat.items() if not k.startswith(("action/", "spirit/"))} == base["seats"][p]
    assert found["outcome"] == base["outcome"]


def test_outcome_matches_the_final_state(played: Played) -> None:
    state = played[0]
    outcome = facts(state)["outcome"]
    data = state.to_json()
    coyote = data["coyote"]
    assert outcome["ended_by"] == "spirit_stones" and data["spirit_stones_out"] >= 5
    assert outcome["spirit_stones_out"] == data["spirit_stones_out"]
    assert outcome["turns"] == data["turn"]
    assert outcome["coyote_holder"] == ("middle" if coyote is None else ("first", "second")[coyote["player"]])
    assert outcome["coyote_animal"] == ("middle" if coyote is None else coyote["animal"])
    totals = [card.total for card in state.scores()]
    winners = state.winners()
    if totals[0] != totals[1]:
        assert outcome["decided_by"] == "total" and winners == (totals.index(max(totals)),)
    else:
        assert outcome["decided_by"] == ("shared" if len(winners) == 2 else "coyote")


def test_facts_are_json_ready_and_fit_the_report(played: Played) -> None:
    state, record, _ = played
    found = facts(state, record)
    assert json.loads(json.dumps(found)) == found
    assert facts_of(state)["seats"] == facts(state)["seats"]
    for seat in found["seats"]:
        assert all(isinstance(v, list) and len(v) == 2 for v in seat.values())


def test_hand_built_finished_positions() -> None:
    boards = [
        board(owl=(("blue", "blue"), ("teal", "teal"), ("white", "white")), turtle=("orange",) * 4),
        board(owl=(("purple", "purple"), ("yellow", "yellow"), ()), rabbit=("blue", "teal", "white"),
              beaver=(("yellow", "yellow"), ()), spirits=("rabbit",)),
    ]
    # 18 each: seat 0 owl 9 + turtle 9; seat 1 owl 6 + rabbit 6 doubled
    state = make(boards=boards, phase="over", coyote=(1, "turtle"), turn=17)
    found = facts(state)
    assert found["seats"] == [
        {"animal/owl": [True, 9], "animal/turtle": [False, 9]},
        {"animal/owl": [False, 6], "animal/rabbit": [True, 12], "animal/beaver": [False, 0],
         "spirit_stone/rabbit": [None, 6]},
    ]
    assert found["outcome"] == {"ended_by": "spirit_stones", "decided_by": "coyote", "coyote_holder": "second",
                                "coyote_animal": "turtle", "turns": 17, "spirit_stones_out": 1}
    shared = facts(make(boards=boards, phase="over"))["outcome"]
    assert (shared["decided_by"], shared["coyote_holder"], shared["coyote_animal"]) == ("shared", "middle", "middle")


def test_a_game_stopped_by_max_turns() -> None:
    state, record, _ = _play(21, None, max_turns=6)
    outcome = facts(state, record)["outcome"]
    assert state.status == "unfinished"
    assert (outcome["ended_by"], outcome["decided_by"], outcome["turns"]) == ("max_turns", "none", 6)


def test_refusals() -> None:
    state, record, _ = _games()[0]
    with pytest.raises(HanpanError, match="over"):
        facts(GAME.new(players=2, seed=1))
    other = Record(record.game, record.options, record.players, record.seed + 1, [])
    with pytest.raises(HanpanError, match="does not end in this state"):
        facts(state, other)
    with pytest.raises(HanpanError):
        facts(state, Record("harmonies", {}, ["a", "b"], record.seed, record.actions))


def test_labels_name_every_key_in_both_languages() -> None:
    keys: set[str] = set()
    for state, record, _ in _games():
        found = facts(state, record)
        for seat in found["seats"]:
            keys.update(seat)
            keys.update(key.partition("/")[0] for key in seat)
        for name, value in found["outcome"].items():
            keys.update((name, f"{name}/{value}"))
    keys.update(f"{n}/{v}" for n, v in facts(make(boards=[board(), board()], phase="over"))["outcome"].items())
    keys.update(("decided_by/coyote", "decided_by/shared", "ended_by/max_turns", "decided_by/none"))
    for key in sorted(keys):
        en, ko = label(key), label(key, "ko")
        assert en and ko, key
        assert en == ko or not ko.isascii(), key  # Korean words where there are words; counts stay digits
    assert label("animal/beaver", "ko") == "비버" and label("spirit/deer") == "Deer"
    assert label("action/take2") == "Take 2"
    assert label("action/spirit", "ko") == "영혼카드 사용하고 액션카드 복구"
    assert label("spirit_stone/owl") == "Spirit stone on the Owl"
    assert label("coyote_animal/owl", "ko") == "올빼미" and label("turns/12") == "12"
    for unknown in ("animal/deer", "spirit/owl", "action/take3", "dragon", "turns/x", "ended_by/moon", ""):
        assert label(unknown) == "" and label(unknown, "ko") == "", unknown
