"""The reconstructed deck keeps every constraint of the spec; other decks load, bad ones are refused."""

from __future__ import annotations

import json
from collections import Counter
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from hanpan.core.errors import DataError, HanpanError
from hanpan.games.four_gardens import make_deck

from .helpers import GAME

SIZES = {"red": 2, "orange": 3, "green": 4, "blue": 5}
FAVOURED = {"red": "summer", "orange": "autumn", "green": "spring", "blue": "winter"}
GODS = ("spring", "summer", "autumn", "winter")
RESOURCES = ("stone", "water", "grass", "wood")


def deck_file() -> dict[str, Any]:
    text = resources.files("hanpan.games.four_gardens").joinpath("data/deck.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


CARDS = deck_file()["cards"]


def by_colour(colour: str) -> list[dict[str, Any]]:
    return [c for c in CARDS if c["colour"] == colour]


def test_counts_per_landscape() -> None:
    assert len(CARDS) == 70 and [c["id"] for c in CARDS] == list(range(1, 71))
    for colour, size in SIZES.items():
        assert Counter(c["position"] for c in by_colour(colour)) == dict.fromkeys(range(1, size + 1), 5)


def test_gods_per_colour() -> None:
    for colour in SIZES:
        group = by_colour(colour)
        gods = Counter(c["god"] for c in group)
        assert 0.35 <= gods[FAVOURED[colour]] / len(group) <= 0.50
        for god in GODS:
            assert gods[god] >= 0.10 * len(group), (colour, god)
    assert sum(c["god"] == "wild" for c in CARDS) == 6


def test_the_spec_split_and_weighted_balance() -> None:
    split = {colour: dict(Counter(c["god"] for c in by_colour(colour))) for colour in SIZES}
    assert split == {colour: dict(gods) for colour, gods in make_deck.SPLIT.items()}
    weighted = {god: sum((SIZES[c["colour"]] + 1) / 2 for c in CARDS if c["god"] == god) for god in GODS}
    assert max(weighted.values()) <= 1.05 * min(weighted.values())
    assert weighted == dict.fromkeys(GODS, 39.0)


def test_the_rulebook_orange_copy() -> None:
    columns = [[c["god"] for c in by_colour("orange") if c["position"] == p] for p in (1, 2, 3)]
    assert ("autumn", "summer", "autumn") in list(zip(*columns, strict=True))


def test_actions() -> None:
    rotate = [c for c in CARDS if c["action"] == "rotate"]
    assert len(rotate) == 56 and sum(c["action"] == "gain" for c in CARDS) == 14
    assert Counter((c["floor"], c["direction"]) for c in rotate) == {
        (f, d): 7 for f in (1, 2, 3, 4) for d in ("up", "down")}
    for colour in SIZES:
        group = by_colour(colour)
        assert 0.15 <= sum(c["action"] == "gain" for c in group) / len(group) <= 0.25


def test_costs() -> None:
    for c in CARDS:
        low, high = (2, 3) if c["action"] == "gain" else (2, 4)
        assert low <= len(c["cost"]) <= high and set(c["cost"]) <= set(RESOURCES)
    average = sum(len(c["cost"]) for c in CARDS) / 70
    for colour in SIZES:
        group = by_colour(colour)
        assert abs(sum(len(c["cost"]) for c in group) / len(group) - average) <= 0.3
    icons = Counter(r for c in CARDS for r in c["cost"])
    assert max(icons.values()) - min(icons.values()) <= 2 and set(icons) == set(RESOURCES)


def test_the_seeded_script_writes_the_committed_file(tmp_path: Path) -> None:
    out = tmp_path / "deck.json"
    make_deck.main([str(out)])
    assert json.loads(out.read_text("utf-8")) == deck_file()
    assert make_deck.problems(CARDS) == []


# --- the deck option --------------------------------------------------------------------------------
def write(tmp_path: Path, data: object) -> str:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), "utf-8")
    return str(path)


def test_another_deck_file_is_played(tmp_path: Path) -> None:
    data = deck_file()
    for card in data["cards"]:
        card["cost"] = ["stone", "stone"]
    path = write(tmp_path, data)
    state = GAME.new(players=2, seed=1, deck=path)
    assert state.options["deck"] == path
    assert all(state.cards.cost[c] == (2, 0, 0, 0) for c in range(70))  # type: ignore[attr-defined]
    assert GAME.from_json(state.to_json()) == state


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(format="x"), "'format' must be 'four_gardens.deck/1'"),
    (lambda d: d["cards"].pop(), "has 69 cards; a deck has 70"),
    (lambda d: d["cards"][4].update(id=9), "card 5: 'id' must be 5"),
    (lambda d: d["cards"][0].update(colour="pink"), "card 1: colour 'pink' is not one of red, orange, green, blue"),
    (lambda d: d["cards"][0].update(position=3), "card 1: position 3 is not 1..2 for red"),
    (lambda d: d["cards"][2].update(god="moon"), "card 3: god 'moon'"),
    (lambda d: d["cards"][0].update(action="fly"), "card 1: action 'fly' is not rotate or gain"),
    (lambda d: d["cards"][0].update(cost=["stone"]), "card 1: cost must list 2–4 resource icons"),
    (lambda d: d["cards"][0].update(cost=["stone", "gold"]), "card 1: cost icon 'gold'"),
    (lambda d: d["cards"][0].update(floor=7), "card 1: floor 7 is not 1..4"),
    (lambda d: d["cards"][0].update(colur="red"), "card 1: unknown key 'colur'"),
    (lambda d: d["cards"][6].update(points=-2), "card 7: points -2 is not a whole number 0..99"),
    (lambda d: d["cards"][6].update(points="3"), "card 7: points '3' is not a whole number 0..99"),
])
def test_a_bad_deck_file_is_refused_with_one_line(tmp_path: Path, change: Any, message: str) -> None:
    data = deck_file()
    change(data)
    path = write(tmp_path, data)
    with pytest.raises(DataError) as info:
        GAME.new(players=2, seed=1, deck=path)
    text = str(info.value)
    assert message in text and "\n" not in text and isinstance(info.value, HanpanError)


def test_a_deck_file_that_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text("{oops", "utf-8")
    with pytest.raises(DataError, match="not JSON"):
        GAME.new(players=2, seed=1, deck=str(path))


def test_the_exported_deck_plays_the_same_games_and_has_no_card_points(tmp_path: Path) -> None:
    from hanpan.games.four_gardens.deck import export_deck

    path = write(tmp_path, export_deck())
    assert all(card["points"] == 0 for card in export_deck()["cards"])
    ours, theirs = GAME.new(players=3, seed=4, deck=path), GAME.new(players=3, seed=4)
    rng_moves = 0
    while not ours.is_over and rng_moves < 400:
        action = ours.legal_actions()[rng_moves * 7 % len(ours.legal_actions())]
        assert [str(a) for a in ours.legal_actions()] == [str(a) for a in theirs.legal_actions()]
        ours.apply(action)
        theirs.apply(theirs.legal_actions()[[str(a) for a in theirs.legal_actions()].index(str(action))])
        rng_moves += 1
    assert ours.scores() == theirs.scores() and "cards" not in ours.scores()[0].categories


def test_a_landscape_card_with_points_scores_them_at_the_end(tmp_path: Path) -> None:
    data = deck_file()
    for card in data["cards"]:
        card["points"] = card["id"] % 3
    path = write(tmp_path, data)
    state = GAME.new(players=2, seed=2, deck=path)
    moves = 0
    while not state.is_over and moves < 3000:
        legal = state.legal_actions()
        state.apply(legal[moves * 5 % len(legal)])
        moves += 1
    assert state.is_over and all(state.land)  # each garden holds landscape cards
    for p in range(2):
        base = p * 19
        landscape = [state.slots[base + slot] for slot in range(19) if state.land[p] >> slot & 1]
        card = state.scores()[p]
        assert card.categories["cards"] == sum((c + 1) % 3 for c in landscape)
        assert card.total == sum(card.categories.values())
