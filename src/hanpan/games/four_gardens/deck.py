"""Decks: the built-in reconstructed deck (``data/deck.json``) or an owner's file (option ``deck``).

A deck file is ``{"format": "four_gardens.deck/1", "cards": [...]}`` with 70 cards
numbered 1..70; each card names its landscape side (``colour``, ``position``, ``god``,
one of the four gods or ``wild``) and its base side (``action`` ``"gain"`` or
``"rotate"`` with ``floor`` 1..4 and ``direction`` ``"up"``/``"down"``, and a ``cost``
of 2–4 resource icons), and may give it ``points`` (a designer's what-if: a landscape
card in a garden at the end scores them; none in the game itself).  A file that breaks
the format is refused with one line naming the first problem (docs/data.md).

>>> deck = builtin_deck()
>>> len(deck), deck.label(0)
(70, 'c1')
>>> deck.colour[0], deck.position[0], deck.cost[0]
(0, 0, (3, 0, 0, 0))
>>> load_deck_data({"format": "four_gardens.deck/1", "cards": []}, "x.json")
Traceback (most recent call last):
...
hanpan.core.errors.DataError: deck x.json: has 0 cards; a deck has 70, numbered 1..70
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from hanpan.core.datafile import missing, one_line, read_json, shown, unknown
from hanpan.core.errors import DataError
from hanpan.games.four_gardens.data import COLOURS, GODS, RESOURCES, SIZES

_GODS_OR_WILD: Final = (*GODS, "wild")  # a name, not a literal: mypyc cannot compile `x in (*GODS, "wild")`
DECK_FORMAT: Final = "four_gardens.deck/1"
NUM_CARDS: Final = 70
ROTATE: Final = 0
GAIN: Final = 1
UP: Final = 0
DOWN: Final = 1
_KEYS: Final = {"id", "colour", "position", "god", "action", "floor", "direction", "cost", "points"}
#: the fields every card gives (a rotate card also its floor and direction)
_NEEDS: Final = ("id", "colour", "position", "god", "action", "cost")
_FILE_KEYS: Final = ("format", "cards", "about", "_about")
#: the longest card name
MAX_NAME: Final = 40
#: the most points a card may carry
MAX_POINTS: Final = 99


class Deck:
    """70 cards as flat tuples indexed by card index (card id - 1); shared by every state."""

    __slots__ = ("action", "colour", "cost", "cost_total", "direction", "floor", "god", "has_points", "json_full",
                 "json_land", "land_key", "name", "points", "position", "source")

    def __init__(self, cards: list[dict[str, Any]], source: str) -> None:
        self.source = source
        self.colour: tuple[int, ...] = tuple(COLOURS.index(c["colour"]) for c in cards)
        self.position: tuple[int, ...] = tuple(c["position"] - 1 for c in cards)
        self.god: tuple[int, ...] = tuple((*GODS, "wild").index(c["god"]) for c in cards)
        self.action: tuple[int, ...] = tuple(GAIN if c["action"] == "gain" else ROTATE for c in cards)
        self.floor: tuple[int, ...] = tuple(c.get("floor", 1) - 1 for c in cards)
        self.direction: tuple[int, ...] = tuple(DOWN if c.get("direction") == "down" else UP for c in cards)
        self.cost: tuple[tuple[int, ...], ...] = tuple(tuple(c["cost"].count(r) for r in RESOURCES) for c in cards)
        self.cost_total: tuple[int, ...] = tuple(len(c["cost"]) for c in cards)
        #: the landscape side as one int (colour, position, god): cards alike on that side share it
        self.land_key: tuple[int, ...] = tuple(
            (self.colour[i] * 5 + self.position[i]) * 5 + self.god[i] for i in range(len(cards)))
        self.name: tuple[str, ...] = tuple(str(c.get("name", "")) for c in cards)
        #: the points each card scores landscape side up in a garden at the end (all 0 in the game itself)
        self.points: tuple[int, ...] = tuple(int(c.get("points", 0)) for c in cards)
        self.has_points: bool = any(self.points)
        #: each card's JSON with both sides, and its landscape side alone (shared: never mutate them)
        self.json_full: tuple[dict[str, Any], ...] = tuple(self.card_json(i) for i in range(len(cards)))
        self.json_land: tuple[dict[str, Any], ...] = tuple(
            {k: self.json_full[i][k] for k in ("colour", "position", "god")} for i in range(len(cards)))

    def __len__(self) -> int:
        return len(self.colour)

    def __reduce__(self) -> tuple[Any, ...]:
        # the shared built-in deck itself when it is that one; and compiled (mypyc) classes are unpickled
        # through __init__, so a deck of a file is rebuilt from its cards
        if self is builtin_deck():
            return (builtin_deck, ())
        return (Deck, ([{**self.card_json(i), "name": self.name[i]} for i in range(len(self))], self.source))

    @staticmethod
    def label(index: int) -> str:
        """The notation of a card: ``c`` and its id."""
        return f"c{index + 1}"

    def card_json(self, index: int, landscape: bool = True, base: bool = True) -> dict[str, Any]:
        """A card as JSON: its id and the sides asked for."""
        data: dict[str, Any] = {"id": index + 1}
        if landscape:
            data.update(colour=COLOURS[self.colour[index]], position=self.position[index] + 1,
                        god=(*GODS, "wild")[self.god[index]])
        if base:
            data.update(base_colour=COLOURS[self.colour[index]], base_position=self.position[index] + 1)
            if self.action[index] == GAIN:
                data["action"] = "gain"
            else:
                data.update(action="rotate", floor=self.floor[index] + 1,
                            direction="down" if self.direction[index] == DOWN else "up")
            data["cost"] = [r for r, n in zip(RESOURCES, self.cost[index], strict=True) for _ in range(n)]
        if self.points[index]:
            data["points"] = self.points[index]
        return data


def _problem(source: str, message: str) -> DataError:
    message = one_line(message)
    return DataError(f"deck {source}: {message}", f"덱 {source}: 잘못된 파일 ({message})")


def load_deck_data(data: object, source: str) -> Deck:
    """Validate deck JSON; the first problem raises DataError naming it."""
    if not isinstance(data, Mapping):
        raise _problem(source, "must be a JSON object with 'format' and 'cards'")
    if data.get("format") != DECK_FORMAT:
        raise _problem(source, f"'format' must be {DECK_FORMAT!r}, not {shown(data.get('format'))}")
    extra = unknown(data, _FILE_KEYS)
    if extra is not None:
        raise _problem(source, f"unknown key {shown(extra)}; keys: format, cards, about")
    cards = data.get("cards")
    if not isinstance(cards, list):
        raise _problem(source, "'cards' must be a list of cards")
    if len(cards) != NUM_CARDS:
        raise _problem(source, f"has {len(cards)} cards; a deck has {NUM_CARDS}, numbered 1..{NUM_CARDS}")
    for i, card in enumerate(cards):
        where = f"card {i + 1}"
        if not isinstance(card, Mapping):
            raise _problem(source, f"{where} must be an object")
        extra = unknown(card, _KEYS | {"name"})
        if extra is not None:
            raise _problem(source, f"{where}: unknown key {shown(extra)}; keys: {', '.join(sorted(_KEYS))}, name")
        lacking = missing(card, _NEEDS if card.get("action") != "rotate" else (*_NEEDS, "floor", "direction"))
        if lacking is not None:
            raise _problem(source, f"{where}: missing {lacking!r}; a card gives {', '.join(_NEEDS)} (a rotate card "
                                   "also floor, direction)")
        if card.get("id") != i + 1 or isinstance(card.get("id"), bool):
            raise _problem(source, f"{where}: 'id' must be {i + 1} (cards are numbered 1..70 in order), "
                                   f"not {shown(card.get('id'))}")
        if "name" in card and not (isinstance(card["name"], str) and len(card["name"]) <= MAX_NAME):
            raise _problem(source, f"{where}: name must be a text of at most {MAX_NAME} characters")
        colour = card.get("colour")
        if colour not in COLOURS:
            raise _problem(source, f"{where}: colour {shown(colour)} is not one of {', '.join(COLOURS)}")
        size = SIZES[COLOURS.index(colour)]
        position = card.get("position")
        if isinstance(position, bool) or not isinstance(position, int) or not 1 <= position <= size:
            raise _problem(source, f"{where}: position {shown(position)} is not 1..{size} for {colour}")
        if card.get("god") not in _GODS_OR_WILD:
            raise _problem(source, f"{where}: god {shown(card.get('god'))} is not one of {', '.join(GODS)}, wild")
        action = card.get("action")
        if action == "rotate":
            floor = card.get("floor")
            if isinstance(floor, bool) or floor not in (1, 2, 3, 4):
                raise _problem(source, f"{where}: floor {shown(floor)} is not 1..4")
            if card.get("direction") not in ("up", "down"):
                raise _problem(source, f"{where}: direction {shown(card.get('direction'))} is not up or down")
        elif action == "gain":
            if "floor" in card or "direction" in card:
                raise _problem(source, f"{where}: a gain card has no floor or direction")
        else:
            raise _problem(source, f"{where}: action {shown(action)} is not rotate or gain")
        cost = card.get("cost")
        if not isinstance(cost, list) or not 2 <= len(cost) <= 4:
            raise _problem(source, f"{where}: cost must list 2–4 resource icons")
        for icon in cost:
            if icon not in RESOURCES:
                raise _problem(source, f"{where}: cost icon {shown(icon)} is not one of {', '.join(RESOURCES)}")
        points = card.get("points", 0)
        if isinstance(points, bool) or not isinstance(points, int) or not 0 <= points <= MAX_POINTS:
            raise _problem(source, f"{where}: points {shown(points)} is not a whole number 0..{MAX_POINTS}")
    return Deck([dict(c) for c in cards], source)


@lru_cache(maxsize=16)
def load_deck_file(path: str) -> Deck:
    """The deck in the file at ``path`` (read once per path)."""
    data = read_json(path, "deck")
    return load_deck_data(data, path)


@lru_cache(maxsize=1)
def builtin_deck() -> Deck:
    """The reconstructed deck shipped with the game."""
    text = resources.files(__package__).joinpath("data/deck.json").read_text("utf-8")
    return load_deck_data(json.loads(text), "deck.json")


def deck_for(path: str | None) -> Deck:
    """The built-in deck for None, else the file's."""
    return builtin_deck() if path is None else load_deck_file(path)


def export_deck() -> dict[str, Any]:
    """The built-in deck as a deck file (``hanpan data export four_gardens``), every card with its points (0)
    to edit.

    >>> data = export_deck(); data["format"], len(data["cards"]), data["cards"][0]["points"]
    ('four_gardens.deck/1', 70, 0)
    """
    deck = builtin_deck()
    cards = []
    for i in range(len(deck)):
        card = {k: v for k, v in deck.card_json(i).items() if not k.startswith("base_")}
        cards.append({**card, "points": deck.points[i]})
    return {"format": DECK_FORMAT, "about": "Four Gardens deck (four_gardens.deck/1, docs/data.md): the built-in "
                                            "reconstructed deck, not the real card list; edit sides, costs, points",
            "cards": cards}
