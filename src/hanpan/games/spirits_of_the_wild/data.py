"""Spirits of the Wild component data, loaded from ``data/components.json`` and validated.

The rules code needs a fixed shape (six colours and the spirit stone; owl,
rabbit, beaver, salmon, turtle with their places); counts and point tables are
data and may be changed in the file.  Everything here is built once at import.

>>> COLOURS
('blue', 'teal', 'orange', 'white', 'purple', 'yellow')
>>> PLACES
('owl1', 'owl2', 'owl3', 'rabbit', 'beaver3', 'beaver2', 'salmon', 'turtle')
>>> SALMON_POINTS[6], TURTLE_POINTS[4]
(13, 9)
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from hanpan.core.errors import DataError

_EXPECTED_STONES: Final = ("blue", "teal", "orange", "white", "purple", "yellow", "spirit")
_EXPECTED_ANIMALS: Final = (
    ("owl", "pairs", (("owl1", 2), ("owl2", 2), ("owl3", 2))),
    ("rabbit", "distinct", (("rabbit", 3),)),
    ("beaver", "sets", (("beaver3", 3), ("beaver2", 2))),
    ("salmon", "distinct", (("salmon", 6),)),
    ("turtle", "same", (("turtle", 5),)),
)
_EXPECTED_SPIRITS: Final = ("deer", "wolf", "bear", "ram", "bison", "eagle")


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    stones = tuple(s["id"] for s in data["stones"])
    if stones != _EXPECTED_STONES:
        raise DataError(f"stones must be {_EXPECTED_STONES}, not {stones}")
    for stone in data["stones"]:
        if not isinstance(stone["count"], int) or stone["count"] < 0:
            raise DataError(f"stone {stone['id']}: count must be a whole number ≥ 0")
    got = tuple(
        (a["id"], a["rule"], tuple((p["id"], p["size"]) for p in a["places"])) for a in data["animals"]
    )
    if got != _EXPECTED_ANIMALS:
        raise DataError(f"animals must have the shape {_EXPECTED_ANIMALS}, not {got}")
    for name, size in (("rabbit", 3), ("salmon", 6), ("turtle", 5)):
        table = next(a for a in data["animals"] if a["id"] == name)["points"]["by_count"]
        if len(table) != size + 1 or not all(isinstance(v, int) for v in table):
            raise DataError(f"{name} points by_count must list {size + 1} whole numbers")
    if tuple(s["id"] for s in data["spirit_cards"]) != _EXPECTED_SPIRITS:
        raise DataError(f"spirit cards must be {_EXPECTED_SPIRITS}")
    return data


DATA: Final = _load()

STONES: Final[tuple[str, ...]] = _EXPECTED_STONES
COLOURS: Final[tuple[str, ...]] = STONES[:6]
SPIRIT: Final = 6  # the index of the spirit stone among the stone kinds
STONE_COUNTS: Final[tuple[int, ...]] = tuple(s["count"] for s in DATA["stones"])
TOTAL_STONES: Final = sum(STONE_COUNTS)
TRAY_AT_SETUP: Final[int] = DATA["tray_at_setup"]
SPIRITS_TO_END: Final[int] = DATA["spirit_stones_to_end"]
SPIRIT_MULTIPLIER: Final[int] = DATA["spirit_multiplier"]

ANIMALS: Final[tuple[str, ...]] = tuple(a["id"] for a in DATA["animals"])
PLACES: Final[tuple[str, ...]] = tuple(p["id"] for a in DATA["animals"] for p in a["places"])
PLACE_ANIMAL: Final[tuple[int, ...]] = tuple(i for i, a in enumerate(DATA["animals"]) for _ in a["places"])
PLACE_SIZE: Final[tuple[int, ...]] = tuple(p["size"] for a in DATA["animals"] for p in a["places"])
#: places that need distinct colours (their value is a colour bitmask); the others need one colour
PLACE_DISTINCT: Final[tuple[bool, ...]] = tuple(
    a["rule"] == "distinct" for a in DATA["animals"] for _ in a["places"]
)
OWL: Final = 0
RABBIT: Final = 1
BEAVER: Final = 2
SALMON: Final = 3
TURTLE: Final = 4
OWL_SET_POINTS: Final[int] = DATA["animals"][OWL]["points"]["per_complete_set"]
RABBIT_POINTS: Final[tuple[int, ...]] = tuple(DATA["animals"][RABBIT]["points"]["by_count"])
BEAVER_POINTS: Final[dict[str, int]] = dict(DATA["animals"][BEAVER]["points"])
SALMON_POINTS: Final[tuple[int, ...]] = tuple(DATA["animals"][SALMON]["points"]["by_count"])
TURTLE_POINTS: Final[tuple[int, ...]] = tuple(DATA["animals"][TURTLE]["points"]["by_count"])

SPIRIT_CARDS: Final[tuple[str, ...]] = _EXPECTED_SPIRITS
CARD_IDS: Final[tuple[str, ...]] = ("take1", "take2", "add2", "add3")  # the action cards that turn face down

NAMES: Final[dict[str, tuple[str, str]]] = {}
for _group in ("stones", "animals", "action_cards", "spirit_cards"):
    for _item in DATA[_group]:
        # 'spirit' is both a stone and an action card: the stone's name wins
        NAMES.setdefault(_item["id"], (_item["en"], _item["ko"]))
SPIRIT_TEXT: Final[dict[str, tuple[str, str]]] = {s["id"]: (s["text_en"], s["text_ko"]) for s in DATA["spirit_cards"]}


def name(item_id: str, lang: str = "en") -> str:
    """The English or Korean name of a stone, animal or card id.

    >>> name("beaver", "ko"), name("eagle"), name("spirit")
    ('비버', 'Eagle', 'spirit stone')
    """
    en, ko = NAMES.get(item_id, (item_id, item_id))
    return ko if lang == "ko" else en


def _allowed_colours(place: int, value: int) -> int:
    """Bitmask of colours a normal stone may have to go on ``place`` whose value is ``value``."""
    size = PLACE_SIZE[place]
    if PLACE_DISTINCT[place]:
        return (~value & 0b111111) if value.bit_count() < size else 0
    count, colour = value >> 3, value & 7
    if count == 0:
        return 0b111111
    return (1 << colour) if count < size else 0


# A place's value: for a one-colour place count*8 + colour; for a distinct place a colour bitmask.
ALLOWED: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(_allowed_colours(p, v) for v in range(64)) for p in range(len(PLACES))
)
