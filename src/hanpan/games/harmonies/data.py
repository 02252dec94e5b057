"""Harmonies component data, loaded from ``data/*.json`` and validated once at import.

``cards.json`` is the card data of the spec (32 animals, 10 Nature's Spirits);
``components.json`` holds the tokens, the stacking table, the board sides and the
scoring tables.  Everything the rules need is turned into flat tables here.

>>> COLOURS
('blue', 'yellow', 'green', 'brown', 'grey', 'red')
>>> len(ANIMAL_IDS), len(SPIRIT_IDS), CARD_IDS[2], CARD_CUBES[2], CARD_POINTS[2]
(32, 10, 'fish', 4, (16, 10, 6, 3))
>>> KINDS[CARD_CUBE_KIND[CARD_INDEX["lion_spirit"]]]
'field'
>>> name("fish", "ko"), name("fish")
('물고기', 'Fish')
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from hanpan.core.errors import DataError


def _read(filename: str) -> dict[str, Any]:
    text = resources.files(__package__).joinpath(f"data/{filename}").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _int_list(value: object, what: str, length: int | None = None) -> tuple[int, ...]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise DataError(f"{what} must be a list of whole numbers")
    if length is not None and len(value) != length:
        raise DataError(f"{what} must list {length} numbers, not {len(value)}")
    return tuple(value)


COMPONENTS: Final = _read("components.json")
CARDS: Final = _read("cards.json")

COLOURS: Final[tuple[str, ...]] = tuple(c["id"] for c in COMPONENTS["colours"])
if COLOURS != ("blue", "yellow", "green", "brown", "grey", "red"):
    raise DataError(f"colours must be blue, yellow, green, brown, grey, red, not {COLOURS}")
BLUE: Final = 0
YELLOW: Final = 1
GREEN: Final = 2
BROWN: Final = 3
GREY: Final = 4
RED: Final = 5
TOKEN_COUNTS: Final[tuple[int, ...]] = _int_list([c["count"] for c in COMPONENTS["colours"]], "token counts", 6)
TOTAL_TOKENS: Final = sum(TOKEN_COUNTS)
COLOUR_NAMES: Final[dict[str, tuple[str, str]]] = {c["id"]: (c["en"], c["ko"]) for c in COMPONENTS["colours"]}

KINDS: Final[tuple[str, ...]] = (
    "water", "field", "tree1", "tree2", "tree3", "mountain1", "mountain2", "mountain3", "building",
)
WATER: Final = 0
FIELD: Final = 1
TREE1: Final = 2
TREE2: Final = 3
TREE3: Final = 4
MOUNTAIN1: Final = 5
MOUNTAIN2: Final = 6
MOUNTAIN3: Final = 7
BUILDING: Final = 8
if tuple(COMPONENTS["kinds"]) != KINDS:
    raise DataError(f"kinds must be {', '.join(KINDS)}")

SIDES: Final[tuple[str, ...]] = ("A", "B")
SIDE_COLUMNS: Final[dict[str, tuple[int, ...]]] = {}
SIDE_NAMES: Final[dict[str, tuple[str, str]]] = {}
for _side in SIDES:
    _entry = COMPONENTS["sides"][_side]
    SIDE_COLUMNS[_side] = _int_list(_entry["columns"], f"side {_side} columns")
    SIDE_NAMES[_side] = (_entry["en"], _entry["ko"])

_SPACES: Final = COMPONENTS["central_spaces"]
SPACES_SOLO: Final[int] = _SPACES["solo"]
SPACES_MULTI: Final[int] = _SPACES["multi"]
DISPLAY_SOLO: Final[int] = COMPONENTS["display"]["solo"]
DISPLAY_MULTI: Final[int] = COMPONENTS["display"]["multi"]
TOKENS_PER_SPACE: Final[int] = COMPONENTS["tokens_per_space"]
if TOKENS_PER_SPACE != 3:
    raise DataError("tokens_per_space must be 3 (a central space takes one draw of 3 tokens)")
ANIMAL_CUBES: Final[int] = COMPONENTS["animal_cubes"]
CARD_LIMIT: Final[int] = COMPONENTS["card_limit"]
END_EMPTY_CELLS: Final[int] = COMPONENTS["end_empty_cells"]

_SC: Final = COMPONENTS["scoring"]
TREE_POINTS: Final = _int_list(_SC["tree_by_height"], "tree_by_height", 4)
MOUNTAIN_POINTS: Final = _int_list(_SC["mountain_by_height"], "mountain_by_height", 4)
FIELD_POINTS: Final[int] = _SC["field_group"]
FIELD_MIN: Final[int] = _SC["field_min_group"]
BUILDING_POINTS: Final[int] = _SC["building"]
BUILDING_MIN_COLOURS: Final[int] = _SC["building_min_colours"]
RIVER_POINTS: Final = _int_list(_SC["river_by_length"], "river_by_length")
RIVER_BEYOND: Final[int] = _SC["river_beyond"]
ISLAND_POINTS: Final[int] = _SC["island"]

SUN_THRESHOLDS: Final = _int_list(COMPONENTS["suns"]["thresholds"], "sun thresholds")
SUN_SIDE_BONUS: Final[dict[str, int]] = dict(COMPONENTS["suns"]["side_bonus"])
SUN_NO_SPIRIT: Final[int] = COMPONENTS["suns"]["no_spirit_bonus"]


def river_points(length: int) -> int:
    """Points of a river of ``length`` tokens (side A).

    >>> [river_points(n) for n in range(1, 9)]
    [0, 2, 5, 8, 11, 15, 19, 23]
    """
    if length < len(RIVER_POINTS):
        return RIVER_POINTS[length]
    return RIVER_POINTS[-1] + RIVER_BEYOND * (length - len(RIVER_POINTS) + 1)


# --- cards ------------------------------------------------------------------------------------------
_KIND_SET: Final = set(KINDS)
_SCORING_TYPES: Final = {"groups", "count"}


def _check_cells(card: dict[str, Any]) -> None:
    cells = card.get("cells")
    if not isinstance(cells, list) or not cells:
        raise DataError(f"card {card.get('id')!r}: 'cells' must be a non-empty list")
    seen = set()
    cube_cells = 0
    for cell in cells:
        if not isinstance(cell.get("q"), int) or not isinstance(cell.get("r"), int):
            raise DataError(f"card {card['id']!r}: every cell needs whole-number q and r")
        if cell.get("kind") not in _KIND_SET:
            raise DataError(f"card {card['id']!r}: unknown kind {cell.get('kind')!r}; kinds: {', '.join(KINDS)}")
        if (cell["q"], cell["r"]) in seen:
            raise DataError(f"card {card['id']!r}: cell ({cell['q']}, {cell['r']}) is listed twice")
        seen.add((cell["q"], cell["r"]))
        if cell.get("cube"):
            cube_cells += 1
            if (cell["q"], cell["r"]) != (0, 0) or cell["kind"] != card.get("cube_on"):
                raise DataError(f"card {card['id']!r}: the cube cell must be (0, 0) of kind cube_on")
        if abs(cell["q"]) > 2 or abs(cell["r"]) > 2 or abs(cell["q"] + cell["r"]) > 2:
            raise DataError(f"card {card['id']!r}: cells must lie within 2 steps of the cube cell")
    if cube_cells != 1:
        raise DataError(f"card {card['id']!r}: exactly one cell must carry the cube")


def _load_cards() -> None:
    animals = CARDS.get("animals")
    spirits = CARDS.get("spirits")
    if not isinstance(animals, list) or len(animals) != 32:
        raise DataError("cards.json must list 32 animals")
    if not isinstance(spirits, list) or len(spirits) != 10:
        raise DataError("cards.json must list 10 spirits")
    ids = [c.get("id") for c in animals + spirits]
    if len(set(ids)) != len(ids) or not all(isinstance(i, str) and i for i in ids):
        raise DataError("card ids must be unique non-empty texts")
    for card in animals:
        _check_cells(card)
        points = _int_list(card.get("points_top_to_bottom"), f"card {card['id']!r} points")
        if card.get("cubes") != len(points) or not 1 <= len(points) <= 5:
            raise DataError(f"card {card['id']!r}: 'cubes' must equal the length of its points track (1–5)")
    for card in spirits:
        _check_cells(card)
        scoring = card.get("scoring")
        if not isinstance(scoring, dict) or scoring.get("type") not in _SCORING_TYPES:
            raise DataError(f"spirit {card['id']!r}: scoring type must be groups or count")
        if card.get("solo_sun_bonus") not in (0, 1, 2):
            raise DataError(f"spirit {card['id']!r}: solo_sun_bonus must be 0, 1 or 2")


_load_cards()

ANIMAL_IDS: Final[tuple[str, ...]] = tuple(c["id"] for c in CARDS["animals"])
SPIRIT_IDS: Final[tuple[str, ...]] = tuple(c["id"] for c in CARDS["spirits"])
CARD_IDS: Final[tuple[str, ...]] = ANIMAL_IDS + SPIRIT_IDS
NUM_ANIMALS: Final = len(ANIMAL_IDS)
NUM_CARDS: Final = len(CARD_IDS)
CARD_INDEX: Final[dict[str, int]] = {cid: i for i, cid in enumerate(CARD_IDS)}
_ALL_CARDS: Final[list[dict[str, Any]]] = CARDS["animals"] + CARDS["spirits"]
#: cubes a card holds (a spirit holds one)
CARD_CUBES: Final[tuple[int, ...]] = tuple(c.get("cubes", 1) for c in _ALL_CARDS)
#: the printed track of an animal, top to bottom (a spirit's is empty)
CARD_POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(c.get("points_top_to_bottom", ())) for c in _ALL_CARDS)
CARD_CUBE_KIND: Final[tuple[int, ...]] = tuple(KINDS.index(c["cube_on"]) for c in _ALL_CARDS)
#: the habitat: ((q, r, kind), ...) with the cube cell (0, 0) first
CARD_CELLS: Final[tuple[tuple[tuple[int, int, int], ...], ...]] = tuple(
    tuple(sorted(((cell["q"], cell["r"], KINDS.index(cell["kind"])) for cell in c["cells"]),
                 key=lambda t: (t[0], t[1]) != (0, 0)))
    for c in _ALL_CARDS
)
SPIRIT_SCORING: Final[dict[int, dict[str, Any]]] = {
    CARD_INDEX[c["id"]]: c["scoring"] for c in CARDS["spirits"]
}
SPIRIT_SUN_BONUS: Final[dict[int, int]] = {CARD_INDEX[c["id"]]: c["solo_sun_bonus"] for c in CARDS["spirits"]}
CARD_NAMES: Final[dict[str, tuple[str, str]]] = {
    c["id"]: (c["name"], COMPONENTS["names_ko"].get(c["id"], c["name"])) for c in _ALL_CARDS
}
KIND_NAMES: Final[dict[str, tuple[str, str]]] = {k: (v[0], v[1]) for k, v in COMPONENTS["kind_names"].items()}
for _cid in CARD_IDS:
    if _cid not in COMPONENTS["names_ko"]:
        raise DataError(f"components.json names_ko lacks {_cid!r}")


def name(item: str, lang: str = "en") -> str:
    """English or Korean name of a card id, colour or landscape kind."""
    pair = CARD_NAMES.get(item) or COLOUR_NAMES.get(item) or KIND_NAMES.get(item) or (item, item)
    return pair[1] if lang == "ko" else pair[0]
