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

from hanpan.core.datafile import missing, one_line, read_json, shown, unknown
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
#: the format of a designer's card file (``hanpan data export harmonies``; docs/data.md)
CARDS_FORMAT: Final = "harmonies.cards/1"
#: the landscape tokens each habitat kind takes (a tall tree or mountain, a building: 2–3)
KIND_TOKENS: Final[dict[str, int]] = {"water": 1, "field": 1, "tree1": 1, "tree2": 2, "tree3": 3,
                                      "mountain1": 1, "mountain2": 2, "mountain3": 3, "building": 2}
#: the most tokens one habitat may take (the compiled count of a habitat's tokens has 3 bit planes)
MAX_HABITAT_TOKENS: Final = 7
_ANIMAL_KEYS: Final = ("id", "points_top_to_bottom", "cube_on", "cells", "cubes", "name", "n", "shape")
_SPIRIT_KEYS: Final = ("id", "cube_on", "cells", "scoring", "solo_sun_bonus", "name", "n", "shape")
_CELL_KEYS: Final = ("q", "r", "kind", "cube")
#: the fields a card must give (the others are optional: ``cubes`` follows from the track)
_ANIMAL_NEEDS: Final = ("id", "points_top_to_bottom", "cube_on", "cells")
_SPIRIT_NEEDS: Final = ("id", "cube_on", "cells", "scoring", "solo_sun_bonus")
#: the most points any one value of a card gives (a track's value, a table's, a rule's per group or token):
#: the evaluation's sums stay small whole numbers (Spirits of the Wild and Four Gardens cap theirs alike)
MAX_POINTS: Final = 99
#: the largest group size a points table or ``min_size`` names (a board has fewer spaces)
MAX_GROUP: Final = 99
#: the longest card name or shape label
MAX_LABEL: Final = 40
#: what each spirit rule counts ("groups": connected groups; "count": stacks or tokens)
_GROUPS_OF: Final = ("field", "water", "building")
_COUNT_OF: Final = ("tree", "mountain", "water_token")


def _whole(value: object, low: int | None = None, high: int | None = None) -> bool:
    """A whole number (not a bool), at least ``low`` and at most ``high`` if given."""
    return (isinstance(value, int) and not isinstance(value, bool) and (low is None or value >= low)
            and (high is None or value <= high))


def _fail(source: str, where: str, message: str) -> DataError:
    """One line: the file, the card, what is wrong and what is allowed."""
    message = one_line(message)
    return DataError(f"cards {source}: {where}: {message}", f"카드 {source}: {where}: 잘못된 값 ({message})")


def _check_keys(item: dict[str, Any], allowed: tuple[str, ...], source: str, where: str,
                needs: tuple[str, ...] = (), what: str = "a card") -> None:
    """No key but ``allowed``, every key of ``needs`` (``what`` is the item, for the message)."""
    extra = unknown(item, allowed)
    if extra is not None:
        raise _fail(source, where, f"unknown key {shown(extra)}; keys: {', '.join(allowed)}")
    lacking = missing(item, needs)
    if lacking is not None:
        raise _fail(source, where, f"missing {lacking!r}; {what} gives {', '.join(needs)}")


def _check_cells(card: dict[str, Any], source: str, where: str) -> None:
    cells = card.get("cells")
    if not isinstance(cells, list) or not cells:
        raise _fail(source, where, "'cells' must be a non-empty list of {q, r, kind} cells")
    cube_on = card.get("cube_on")
    if not isinstance(cube_on, str) or cube_on not in KIND_TOKENS:
        raise _fail(source, where, f"cube_on {shown(card.get('cube_on'))} is not a kind; kinds: {', '.join(KINDS)}")
    seen = set()
    cube_cells = 0
    tokens = 0
    for cell in cells:
        if not isinstance(cell, dict):
            raise _fail(source, where, "every cell must be an object {q, r, kind}")
        _check_keys(cell, _CELL_KEYS, source, where)
        q, r, kind = cell.get("q"), cell.get("r"), cell.get("kind")
        if not _whole(q) or not _whole(r):
            raise _fail(source, where, f"cell {shown(cell)}: q and r must be whole numbers")
        assert isinstance(q, int) and isinstance(r, int)
        if not isinstance(kind, str) or kind not in KIND_TOKENS:
            raise _fail(source, where, f"cell ({q}, {r}): kind {shown(kind)} is not allowed; kinds: {', '.join(KINDS)}")
        if (q, r) in seen:
            raise _fail(source, where, f"cell ({q}, {r}) is listed twice")
        seen.add((q, r))
        if abs(q) > 2 or abs(r) > 2 or abs(q + r) > 2:
            raise _fail(source, where, f"cell ({q}, {r}) is more than 2 steps from the cube cell (0, 0)")
        tokens += KIND_TOKENS[kind]
        if cell.get("cube", False) not in (True, False):
            raise _fail(source, where, f"cell ({q}, {r}): 'cube' must be true or false")
        if cell.get("cube"):
            cube_cells += 1
            if (q, r) != (0, 0) or kind != card["cube_on"]:
                raise _fail(source, where, "the cube cell must be (0, 0) and of the kind cube_on")
    if cube_cells != 1 or (0, 0) not in seen:
        raise _fail(source, where, "exactly one cell, (0, 0), must carry the cube (\"cube\": true)")
    if tokens > MAX_HABITAT_TOKENS:
        raise _fail(source, where, f"the habitat takes {tokens} tokens; at most {MAX_HABITAT_TOKENS}")


def _check_table(table: object, keys: tuple[str, ...] | None, source: str, where: str, what: str) -> None:
    """A points table: keys (sizes "1", "2", "3+" or heights "1"–"3") → whole numbers ≥ 0."""
    if not isinstance(table, dict) or not table:
        raise _fail(source, where, f"{what} must be an object of whole numbers")
    for key, value in table.items():
        size = key.removesuffix("+")
        ok_key = key in keys if keys is not None else (size.isascii() and size.isdigit() and len(size) <= 2
                                                       and _whole(int(size), 1, MAX_GROUP))
        if not ok_key:
            allowed = (", ".join(keys) if keys is not None
                       else f"group sizes 1..{MAX_GROUP} such as \"1\", \"2\", \"3+\"")
            raise _fail(source, where, f"{what}: key {shown(key)} is not allowed; keys: {allowed}")
        if not _whole(value, 0, MAX_POINTS):
            raise _fail(source, where, f"{what}[{shown(key)}] must be a whole number 0..{MAX_POINTS}, "
                                       f"not {shown(value)}")
    if keys is not None and set(table) != set(keys):
        raise _fail(source, where, f"{what} must give points for each of {', '.join(keys)}")


def _check_labels(card: dict[str, Any], source: str, where: str) -> None:
    """The optional ``name`` and ``shape`` (short texts) and ``n`` (the card's printed number)."""
    for key in ("name", "shape"):
        if key in card and not (isinstance(card[key], str) and len(card[key]) <= MAX_LABEL):
            raise _fail(source, where, f"{key} must be a text of at most {MAX_LABEL} characters")
    if "n" in card and not _whole(card["n"], 1, MAX_GROUP):
        raise _fail(source, where, f"n (the card's number) must be a whole number 1..{MAX_GROUP}, "
                                   f"not {shown(card['n'])}")


def _check_scoring(card: dict[str, Any], source: str, where: str) -> None:
    rule = card.get("scoring")
    if not isinstance(rule, dict):
        raise _fail(source, where, "'scoring' must be an object with 'type' groups or count")
    _check_keys(rule, ("type", "of", "points_by_group_size", "points_per_group", "min_size", "points_each",
                       "points_by_height", "adjacency_required"), source, where, needs=("type", "of"),
                what="a scoring rule")
    kind, of = rule.get("type"), rule.get("of")
    if kind == "groups":
        if of not in _GROUPS_OF:
            raise _fail(source, where, f"scoring 'of' {shown(of)} is not allowed for groups; allowed: "
                                       f"{', '.join(_GROUPS_OF)}")
        if "points_by_group_size" in rule:
            _check_keys(rule, ("type", "of", "points_by_group_size"), source, where)
            _check_table(rule["points_by_group_size"], None, source, where, "points_by_group_size")
        else:
            _check_keys(rule, ("type", "of", "points_per_group", "min_size"), source, where)
            points, size = rule.get("points_per_group"), rule.get("min_size", 1)
            if not _whole(points, 0, MAX_POINTS):
                raise _fail(source, where, f"a groups rule needs points_per_group (a whole number 0..{MAX_POINTS}) "
                                           "or points_by_group_size")
            if not _whole(size, 1, MAX_GROUP):
                raise _fail(source, where, f"min_size must be a whole number 1..{MAX_GROUP}, not {shown(size)}")
    elif kind == "count":
        if of not in _COUNT_OF:
            raise _fail(source, where, f"scoring 'of' {shown(of)} is not allowed for count; allowed: "
                                       f"{', '.join(_COUNT_OF)}")
        if of == "water_token":
            _check_keys(rule, ("type", "of", "points_each"), source, where)
            if not _whole(rule.get("points_each"), 0, MAX_POINTS):
                raise _fail(source, where, f"a water_token rule needs points_each, a whole number 0..{MAX_POINTS}")
        else:
            _check_keys(rule, ("type", "of", "points_by_height", "adjacency_required"), source, where)
            _check_table(rule.get("points_by_height"), ("1", "2", "3"), source, where, "points_by_height")
            if rule.get("adjacency_required", False) is not False:
                raise _fail(source, where, "adjacency_required may only be false (a count rule counts every "
                                           "stack, as the spec rules)")
    else:
        raise _fail(source, where, f"scoring type {shown(kind)} is not allowed; allowed: groups, count")


def check_cards(data: object, source: str, builtin: bool = False) -> None:
    """Check card data (the built-in ``cards.json`` or a designer's file) and raise one DataError naming
    the file, the card and what is allowed at the first problem.  A file lists the 32 animals and the
    10 spirits by the built-in ids, in the built-in order (the moves' notation names them); each card's
    habitat, cube kind and points track (or spirit rule) are free within the rules' limits (docs/data.md).

    >>> check_cards({"format": CARDS_FORMAT, "animals": [], "spirits": []}, "x.json")
    Traceback (most recent call last):
    ...
    hanpan.core.errors.DataError: cards x.json: 'animals' lists 0 cards; it must list the 32 animal cards
    """
    if not isinstance(data, dict):
        raise DataError(f"cards {source}: must be a JSON object with 'format', 'animals' and 'spirits'")
    if not builtin and data.get("format") != CARDS_FORMAT:
        raise DataError(f"cards {source}: 'format' must be {CARDS_FORMAT!r}, not {shown(data.get('format'))}")
    extra = unknown(data, ("format", "animals", "spirits", "_about", "about"))
    if extra is not None:
        raise DataError(f"cards {source}: unknown key {shown(extra)}; keys: format, animals, spirits, about")
    for family, count in (("animals", 32), ("spirits", 10)):
        ids: tuple[str, ...] = () if builtin else ANIMAL_IDS if family == "animals" else SPIRIT_IDS
        cards = data.get(family)
        if not isinstance(cards, list) or len(cards) != count:
            got = len(cards) if isinstance(cards, list) else "no"
            raise DataError(f"cards {source}: {family!r} lists {got} cards; it must list the {count} "
                            f"{family[:-1]} cards")
        for i, card in enumerate(cards):
            where = f"{family[:-1]} {i + 1}"
            if not isinstance(card, dict):
                raise _fail(source, where, "must be an object")
            if ids and card.get("id") != ids[i]:
                raise _fail(source, where, f"id {shown(card.get('id'))} should be {ids[i]!r} (cards keep the "
                                           "built-in ids, in order)")
            where = f"{family[:-1]} {card.get('id')}"
            if family == "animals":
                _check_keys(card, _ANIMAL_KEYS, source, where, needs=_ANIMAL_NEEDS)
            else:
                _check_keys(card, _SPIRIT_KEYS, source, where, needs=_SPIRIT_NEEDS)
            _check_labels(card, source, where)
            _check_cells(card, source, where)
            if family == "animals":
                points = card.get("points_top_to_bottom")
                if (not isinstance(points, list) or not 1 <= len(points) <= 5
                        or not all(_whole(v, 0, MAX_POINTS) for v in points)):
                    raise _fail(source, where, f"points_top_to_bottom must list 1–5 whole numbers 0..{MAX_POINTS} "
                                               "(the track, top first)")
                if "cubes" in card and (not _whole(card["cubes"]) or card["cubes"] != len(points)):
                    raise _fail(source, where, f"'cubes' is {shown(card['cubes'])} but the track has {len(points)} "
                                               "values (one cube a value)")
            else:
                _check_scoring(card, source, where)
                if card.get("solo_sun_bonus") not in (0, 1, 2) or isinstance(card.get("solo_sun_bonus"), bool):
                    raise _fail(source, where, "solo_sun_bonus must be 0, 1 or 2, "
                                               f"not {shown(card.get('solo_sun_bonus'))}")
    every = [c.get("id") for c in data["animals"] + data["spirits"]]
    if len(set(every)) != len(every) or not all(isinstance(i, str) and i for i in every):
        raise DataError(f"cards {source}: card ids must be unique non-empty texts")


check_cards(CARDS, "cards.json", builtin=True)  # the ids are not checked against themselves

ANIMAL_IDS: Final[tuple[str, ...]] = tuple(c["id"] for c in CARDS["animals"])
SPIRIT_IDS: Final[tuple[str, ...]] = tuple(c["id"] for c in CARDS["spirits"])
CARD_IDS: Final[tuple[str, ...]] = ANIMAL_IDS + SPIRIT_IDS
NUM_ANIMALS: Final = len(ANIMAL_IDS)
NUM_CARDS: Final = len(CARD_IDS)
CARD_INDEX: Final[dict[str, int]] = {cid: i for i, cid in enumerate(CARD_IDS)}
_ALL_CARDS: Final[list[dict[str, Any]]] = CARDS["animals"] + CARDS["spirits"]
#: a card's habitat: ((q, r, kind index), ...) with the cube cell (0, 0) first
Cells = tuple[tuple[int, int, int], ...]


def card_tables(data: dict[str, Any]) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...], tuple[Cells, ...],
                                               dict[int, dict[str, Any]], dict[int, int]]:
    """Checked card data (``check_cards``) as tables by card index (animals, then spirits): the cubes
    each card holds, its points track top to bottom (a spirit's is empty), its habitat, and each
    spirit's scoring rule and solo sun bonus.

    >>> cubes, points, cells, rules, suns = card_tables(CARDS)
    >>> cubes[2], points[2], cells[2], rules[41]["of"], suns[32]
    (4, (16, 10, 6, 3), ((0, 0, 0), (1, 0, 7)), 'water_token', 1)
    """
    every: list[dict[str, Any]] = data["animals"] + data["spirits"]
    cubes = tuple(len(c["points_top_to_bottom"]) if "points_top_to_bottom" in c else 1 for c in every)
    points = tuple(tuple(c.get("points_top_to_bottom", ())) for c in every)
    cells = tuple(
        tuple(sorted(((cell["q"], cell["r"], KINDS.index(cell["kind"])) for cell in c["cells"]),
                     key=lambda t: (t[0], t[1]) != (0, 0)))
        for c in every)
    first = len(data["animals"])
    rules = {first + i: dict(c["scoring"]) for i, c in enumerate(data["spirits"])}
    suns = {first + i: int(c["solo_sun_bonus"]) for i, c in enumerate(data["spirits"])}
    return cubes, points, cells, rules, suns


def read_cards_file(path: str) -> dict[str, Any]:
    """A designer's card file, read and checked (``check_cards``): one DataError line at the first problem.

    >>> read_cards_file("/no/such/cards.json")
    Traceback (most recent call last):
    ...
    hanpan.core.errors.DataError: cards /no/such/cards.json: cannot read it (No such file or directory)
    """
    data = read_json(path, "cards")
    check_cards(data, path)
    assert isinstance(data, dict)
    return data


def export_cards() -> dict[str, Any]:
    """The built-in cards as a card file (``hanpan data export harmonies``): edit it, then play with
    ``--option cards=FILE``.

    >>> data = export_cards(); data["format"], len(data["animals"]), data["animals"][2]["points_top_to_bottom"]
    ('harmonies.cards/1', 32, [16, 10, 6, 3])
    """
    about = ("Harmonies cards (harmonies.cards/1, docs/data.md): edit habitats (cells, cube_on), points "
             "tracks and spirit rules; keep the ids and their order")
    data = {"format": CARDS_FORMAT, "about": about,
            "animals": [{k: v for k, v in c.items() if k != "cubes"} for c in CARDS["animals"]],  # the track's length
            "spirits": CARDS["spirits"]}
    copy: dict[str, Any] = json.loads(json.dumps(data))  # the caller's own, to edit
    return copy


CARD_CUBES, CARD_POINTS, CARD_CELLS, SPIRIT_SCORING, SPIRIT_SUN_BONUS = card_tables(CARDS)
"""``CARD_CUBES``: the cubes a card holds (a spirit holds one); ``CARD_POINTS``: an animal's printed track,
top to bottom (a spirit's is empty); ``CARD_CELLS``: the habitats; ``SPIRIT_SCORING`` and
``SPIRIT_SUN_BONUS``: each spirit's rule and solo sun bonus — all of the built-in cards (a state's own,
perhaps from a designer's file, are its ``cardset``)."""
CARD_CUBE_KIND: Final[tuple[int, ...]] = tuple(cells[0][2] for cells in CARD_CELLS)
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
