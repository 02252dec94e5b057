"""``hanpan score harmonies``: the position format of architecture.md, the real BGA finals, refusals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hanpan.core.errors import PositionError

from .helpers import GAME, position, ref_animals, ref_landscape, ref_spirit

FINALS = Path(__file__).parent / "bga_finals"
EXPECTED = {e["position"]: e["official_total"] for e in json.loads((FINALS / "expected_totals.json").read_text())}


@pytest.mark.parametrize("filename", sorted(EXPECTED))
def test_bga_final_totals_are_reproduced(filename: str) -> None:
    data = json.loads((FINALS / filename).read_text())
    card = GAME.score_position(data)
    assert card.total == EXPECTED[filename]
    out = card.to_json()
    assert list(out) == ["trees", "mountains", "fields", "buildings", "water", "animals", "spirit", "total"]
    ref = ref_landscape(data["side"], data["cells"])
    assert {k: out[k] for k in ref} == ref
    assert out["animals"] == ref_animals(data["cards"])
    assert out["spirit"] == ref_spirit(data["side"], data["spirit"]["id"], data["cells"])


def test_architecture_example() -> None:
    data = {"game": "harmonies", "side": "A",
            "cells": {"a1": ["brown", "green"], "b1": ["blue"], "c3": ["grey", "red"]},
            "cards": [{"id": "fennec_fox", "cubes_placed": 2}],
            "spirit": {"id": "lion_spirit", "placed": True}}
    assert GAME.score_position(data).to_json() == {"trees": 3, "mountains": 0, "fields": 0, "buildings": 0,
                                                   "water": 0, "animals": 9, "spirit": 0, "total": 12}


BAD: list[tuple[dict[str, Any], str]] = [
    (position("A", {"c3": ["grey", "grey", "red"]}), "cell c3: the stack grey, grey, red is not allowed"),
    (position("A", {"a1": ["blue", "blue"]}), "nothing may go on blue"),
    (position("A", {"a1": ["green", "brown"]}), "not allowed"),
    (position("A", {"a1": ["purple"]}), "unknown colour 'purple'"),
    (position("A", {"f1": ["blue"]}), "unknown cell 'f1' for side A"),
    (position("B", {"a5": ["blue"]}), "unknown cell 'a5' for side B"),
    (position("A", {}, cards=[{"id": "unicorn", "cubes_placed": 0}]), "unknown animal card 'unicorn'"),
    (position("A", {}, cards=[{"id": "lion_spirit", "cubes_placed": 0}]), "a spirit goes under 'spirit'"),
    (position("A", {"a1": ["blue"]}, cards=[{"id": "bear", "cubes_placed": 3}]), "cubes_placed must be 0..2"),
    (position("A", {}, cards=[{"id": "bear", "cubes_placed": 1}] * 2), "listed twice"),
    (position("A", {}, cards=[{"id": "bear", "cubes_placed": 1}]), "only 0 cells hold tokens"),
    (position("A", {}, spirit={"id": "unicorn_spirit", "placed": False}), "'spirit' must be null"),
    (position("A", {}, cards=[{"id": c, "cubes_placed": 0} for c in ("bear", "fish", "frog", "duck", "wolf")]),
     "5 unfinished cards"),
    (position("A", {f"{c}{r}": ["red", "red"] for c in "abcde" for r in range(1, 5)}), "the game has 15"),
    ({**position("A", {}), "side": "C"}, "side must be A or B"),
    ({**position("A", {}), "game": "chess"}, "not harmonies"),
    ({**position("A", {}), "colour": "red"}, "unknown key 'colour'"),
]


@pytest.mark.parametrize(("data", "message"), BAD)
def test_impossible_positions_are_refused_with_one_line(data: dict[str, Any], message: str) -> None:
    with pytest.raises(PositionError, match=message) as info:
        GAME.score_position(data)
    assert "\n" not in str(info.value)


def test_from_json_refuses_bad_states() -> None:
    good = GAME.new(players=2, seed=1).to_json()
    for key, value in [("players", 7), ("pouch", {"blue": 200}), ("supply", 99), ("display", ["unicorn"])]:
        bad = {**good, key: value}
        with pytest.raises(PositionError):
            GAME.from_json(bad)


def test_from_json_refuses_a_view_and_an_overfull_display() -> None:
    s = GAME.new(players=1, seed=2)
    with pytest.raises(PositionError, match="must be a whole number"):  # a view lacks the secrets
        GAME.from_json(s.view(0))
    data = s.to_json()
    data["display"].append(data["deck"].pop())
    with pytest.raises(PositionError, match="at most 3 cards"):
        GAME.from_json(data)


def test_refusals_also_speak_korean() -> None:
    with pytest.raises(PositionError) as info:
        GAME.score_position(position("A", {"f1": ["blue"]}))
    assert "없는 칸" in info.value.localized("ko") and "unknown cell" in info.value.localized("en")
