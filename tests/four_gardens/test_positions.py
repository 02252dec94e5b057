"""Positions round-trip through JSON; notation round-trips; malformed positions are refused with one line."""

from __future__ import annotations

import json

import pytest

from hanpan.core.errors import PositionError
from hanpan.core.rng import Rng

from .helpers import GAME, new


def test_positions_round_trip_during_play() -> None:
    for seed in range(12):
        s = new(2 + seed % 3, seed=seed, whims=seed % 2 == 0)
        rng = Rng(seed)
        step = 0
        while not s.is_over:
            if step % 37 == 0:
                data = json.loads(json.dumps(s.to_json()))
                back = GAME.from_json(data)
                assert back == s and back.legal_actions() == s.legal_actions()
                for p in range(s.num_players):
                    assert back.view(p) == s.view(p)
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
            step += 1
        assert GAME.from_json(s.to_json()) == s


def test_clone_is_independent() -> None:
    s = new(3, seed=4, whims=True)
    c = s.clone()
    rng = Rng(1)
    for _ in range(200):
        legal = c.legal_actions()
        c.apply(legal[rng.randbelow(len(legal))])
    assert s.to_json() == new(3, seed=4, whims=True).to_json()


def test_same_seed_same_game() -> None:
    a, b = new(4, seed=99, whims=True), new(4, seed=99, whims=True)
    ra, rb = Rng(3), Rng(3)
    while not a.is_over:
        la, lb = a.legal_actions(), b.legal_actions()
        assert la == lb
        a.apply(la[ra.randbelow(len(la))])
        b.apply(lb[rb.randbelow(len(lb))])
    assert a.to_json() == b.to_json()


def test_notation_round_trips() -> None:
    for action in GAME.actions.actions:
        assert GAME.actions.parse(str(action)) == action
        assert GAME.actions.parse("  " + str(action).upper() + " ") == action


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(game="chess"), "this position is for 'chess'"),
    (lambda d: d["deck"].append(1), "each of the 70 cards exactly once"),
    (lambda d: d.update(supply={"stone": 99}), "holds 99 stone tokens; the game has 15"),
    (lambda d: d.update(phase="dance"), "phase must be one of"),
    (lambda d: d.update(player=7), "position player must be a whole number 0..1"),
    (lambda d: d["players"][0]["markers"].update(spring=11), "marker spring must be a whole number 0..10"),
    (lambda d: d.update(tokens={"c5": {}}), "position tokens keys must be card ids 1..70, not 'c5'"),
    (lambda d: d.update(tokens={"71": {}}), "position tokens keys must be card ids 1..70, not '71'"),
])
def test_bad_positions_are_refused(change: object, message: str) -> None:
    data = new(2, seed=1).to_json()
    change(data)  # type: ignore[operator]
    with pytest.raises(PositionError) as info:
        GAME.from_json(data)
    assert message in str(info.value) and "\n" not in str(info.value)
