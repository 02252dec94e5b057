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
from functools import lru_cache
from importlib import resources
from typing import Any, Final

from hanpan.core.datafile import one_line, read_json, shown, unknown
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


# --- a designer's file (option ``cards``, docs/data.md) ---------------------------------------------
#: the format of a designer's file of the animals' points and the stones (``hanpan data export``)
CARDS_FORMAT: Final = "spirits_of_the_wild.cards/1"
#: the most of one kind of stone, and of points in one table entry, a file may give
MAX_STONES: Final = 16
MAX_POINTS: Final = 99
#: each animal's points: its keys and, for a table by stones, how many entries (0 stones first)
_POINTS_SHAPE: Final[dict[str, dict[str, int]]] = {
    "owl": {"per_complete_set": 0}, "rabbit": {"by_count": 4}, "beaver": {"set3": 0, "set2": 0, "both": 0},
    "salmon": {"by_count": 7}, "turtle": {"by_count": 6},
}
_FILE_KEYS: Final = ("format", "about", "animals", "spirit_multiplier", "stones", "tray_at_setup",
                     "spirit_stones_to_end")


class Components:
    """What a game of Spirits of the Wild counts with: the animals' points, the spirit stone's multiplier,
    the stones in the bag, the tray at setup and the spirit stones that end the game; the built-in
    components (``BUILTIN``, from ``data/components.json``) or a designer's file's.  Shared by every state
    that plays with it (never mutate it).

    >>> BUILTIN.salmon, BUILTIN.stones, BUILTIN.to_end
    ((0, 1, 2, 4, 6, 9, 13), (8, 8, 8, 8, 8, 8, 8), 5)
    """

    __slots__ = ("beaver2", "beaver3", "beaver_both", "data", "multiplier", "owl", "rabbit", "salmon", "source",
                 "stones", "to_end", "tray", "turtle")

    def __init__(self, data: dict[str, Any], source: str) -> None:
        self.data = data
        self.source = source
        points = {a["id"]: a["points"] for a in data["animals"]}
        self.owl: int = points["owl"]["per_complete_set"]
        self.rabbit: tuple[int, ...] = tuple(points["rabbit"]["by_count"])
        self.beaver3: int = points["beaver"]["set3"]
        self.beaver2: int = points["beaver"]["set2"]
        self.beaver_both: int = points["beaver"]["both"]
        self.salmon: tuple[int, ...] = tuple(points["salmon"]["by_count"])
        self.turtle: tuple[int, ...] = tuple(points["turtle"]["by_count"])
        self.multiplier: int = data["spirit_multiplier"]
        self.stones: tuple[int, ...] = tuple(s["count"] for s in data["stones"])
        self.tray: int = data["tray_at_setup"]
        self.to_end: int = data["spirit_stones_to_end"]

    def __reduce__(self) -> tuple[Any, ...]:
        # the shared built-in components themselves; a file's rebuilt from its data (compiled (mypyc)
        # classes are unpickled through __init__)
        if self.source == "built-in":
            return (builtin_components, ())
        return (Components, (self.data, self.source))


def _fail(source: str, message: str) -> DataError:
    message = one_line(message)
    return DataError(f"cards {source}: {message}", f"카드 {source}: 잘못된 값 ({message})")


def _whole(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def check_components(data: object, source: str) -> dict[str, Any]:
    """A designer's file checked: one DataError line naming the file, the part and what is allowed at the
    first problem.  The animals keep their places and rules (the spec's board); a file sets their points,
    the spirit stone's multiplier, the stones and the two counts of the setup and the end.

    >>> check_components({"format": CARDS_FORMAT, "animals": []}, "x.json")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    hanpan.core.errors.DataError: cards x.json: 'animals' must list owl, rabbit, beaver, salmon, turtle in order, ...
    """
    if not isinstance(data, dict):
        raise _fail(source, "must be a JSON object with 'format', 'animals', 'stones', …")
    if data.get("format") != CARDS_FORMAT:
        raise _fail(source, f"'format' must be {CARDS_FORMAT!r}, not {shown(data.get('format'))}")
    extra = unknown(data, _FILE_KEYS)
    if extra is not None:
        raise _fail(source, f"unknown key {shown(extra)}; keys: {', '.join(_FILE_KEYS)}")
    animals = data.get("animals")
    if (not isinstance(animals, list) or [a.get("id") if isinstance(a, dict) else None for a in animals]
            != list(ANIMALS) or not all(isinstance(a.get("points"), dict) for a in animals)):
        raise _fail(source, f"'animals' must list {', '.join(ANIMALS)} in order, each with its 'points'")
    for animal in animals:
        shape, points = _POINTS_SHAPE[animal["id"]], animal["points"]
        extra = unknown(animal, ("id", "points"))
        if extra is not None:
            raise _fail(source, f"animal {animal['id']}: unknown key {shown(extra)}; keys: id, points")
        if set(points) != set(shape):
            raise _fail(source, f"animal {animal['id']}: points must have {', '.join(shape)}, not "
                                f"{shown(', '.join(points)) if points else 'nothing'}")
        for key, entries in shape.items():
            value = points[key]
            if entries and not (isinstance(value, list) and len(value) == entries
                                and all(_whole(v, 0, MAX_POINTS) for v in value)):
                raise _fail(source, f"animal {animal['id']}: points.{key} must list {entries} whole numbers "
                                    f"0..{MAX_POINTS} (for 0..{entries - 1} stones)")
            if not entries and not _whole(value, 0, MAX_POINTS):
                raise _fail(source, f"animal {animal['id']}: points.{key} must be a whole number 0..{MAX_POINTS}")
    stones = data.get("stones")
    if (not isinstance(stones, list) or [s.get("id") if isinstance(s, dict) else None for s in stones]
            != list(STONES)):
        raise _fail(source, f"'stones' must list {', '.join(STONES)} in order, each with its 'count'")
    for stone in stones:
        if set(stone) - {"id", "count"} or not _whole(stone.get("count"), 1, MAX_STONES):
            raise _fail(source, f"stone {stone['id']}: count must be a whole number 1..{MAX_STONES}")
    if not _whole(data.get("spirit_multiplier"), 1, 9):
        raise _fail(source, "spirit_multiplier must be a whole number 1..9")
    colours = sum(s["count"] for s in stones[:SPIRIT])
    if not _whole(data.get("tray_at_setup"), 1, min(8, colours)):
        raise _fail(source, f"tray_at_setup must be a whole number 1..{min(8, colours)} (the stones of colour)")
    spirits = stones[SPIRIT]["count"]
    if not _whole(data.get("spirit_stones_to_end"), 1, spirits):
        raise _fail(source, f"spirit_stones_to_end must be a whole number 1..{spirits} (the spirit stones)")
    return data


def read_components_file(path: str) -> Components:
    """A designer's file read and checked: one DataError line at its first problem."""
    data = read_json(path, "cards")
    return Components(check_components(data, path), path)


def export_components() -> dict[str, Any]:
    """The built-in components as a designer's file (``hanpan data export spirits_of_the_wild``).

    >>> data = export_components(); data["format"], data["animals"][3]
    ('spirits_of_the_wild.cards/1', {'id': 'salmon', 'points': {'by_count': [0, 1, 2, 4, 6, 9, 13]}})
    """
    data: dict[str, Any] = json.loads(json.dumps({"format": CARDS_FORMAT,
            "about": "Spirits of the Wild (spirits_of_the_wild.cards/1, docs/data.md): the animals' points, the "
                     "spirit stone's multiplier, the stones, the tray at setup, the spirit stones that end the game",
            "animals": [{"id": a["id"], "points": a["points"]} for a in DATA["animals"]],
            "spirit_multiplier": DATA["spirit_multiplier"],
            "stones": [{"id": s["id"], "count": s["count"]} for s in DATA["stones"]],
            "tray_at_setup": DATA["tray_at_setup"], "spirit_stones_to_end": DATA["spirit_stones_to_end"]}))
    return data  # a copy, the caller's to edit


@lru_cache(maxsize=1)
def builtin_components() -> Components:
    """The components of the spec (``data/components.json``)."""
    return Components(check_components(export_components(), "components.json"), "built-in")


BUILTIN: Final = builtin_components()


@lru_cache(maxsize=16)
def _file_components(path: str) -> Components:
    return read_components_file(path)


def components_for(path: str | None) -> Components:
    """The built-in components for None, else the file's (read and checked once per path)."""
    return BUILTIN if path is None else _file_components(path)
