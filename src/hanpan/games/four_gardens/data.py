"""Four Gardens component data (``data/components.json``), loaded and validated once at import.

The rules need a fixed shape (4 resources, 4 gods plus the wild god, the landscape
colours red/orange/green/blue of sizes 2/3/4/5, a 4-floor tower, 3 bonus piles,
10 whim tiles); counts, faces, seats and values are data.

>>> RESOURCES, GODS
(('stone', 'water', 'grass', 'wood'), ('spring', 'summer', 'autumn', 'winter'))
>>> COLOURS, SIZES
(('red', 'orange', 'green', 'blue'), (2, 3, 4, 5))
>>> FACE_ICONS, SEAT_SIDES[2], END_LANDSCAPES[4]
((0, 1, 2, 3), (0, 2), 8)
>>> name("grass", "ko"), name("wild"), name("upheaval", "ko")
('풀', 'wild god', '격변')
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, Final

from hanpan.core.errors import DataError

_EXPECTED: Final = {
    "resources": ("stone", "water", "grass", "wood"),
    "gods": ("spring", "summer", "autumn", "winter"),
    "colours": ("red", "orange", "green", "blue"),
    "bonus_piles": ("storage", "gain", "points"),
    "whims": ("foresight", "oppression", "grace", "upheaval", "consecration", "reinforcement",
              "abundance", "tolerance", "sacrifice", "comeback"),
}


def _whole(value: object, what: str, low: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise DataError(f"components.json: {what} must be a whole number ≥ {low}, not {value!r}")
    return value


def _load() -> dict[str, Any]:
    text = resources.files(__package__).joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    for key, ids in _EXPECTED.items():
        got = tuple(item.get("id") for item in data.get(key, ()))
        if got != ids:
            raise DataError(f"components.json: {key} must be {', '.join(ids)} in order, not {got}")
    for item in data["resources"]:
        _whole(item["count"], f"resource {item['id']} count")
    if tuple(c["size"] for c in data["colours"]) != (2, 3, 4, 5):
        raise DataError("components.json: colour sizes must be 2, 3, 4, 5 (red, orange, green, blue)")
    faces = data["tower"]["face_icons"]
    if data["tower"]["floors"] != 4 or len(faces) != 4:
        raise DataError("components.json: the tower has 4 floors of 4 faces")
    for i, icons in enumerate(faces):
        _whole(icons, f"tower face {i}")
    for n in ("2", "3", "4"):
        sides = data["seat_sides"].get(n)
        if not isinstance(sides, list) or len(sides) != int(n) or len(set(sides)) != int(n) or any(
                s not in range(4) for s in sides):
            raise DataError(f"components.json: seat_sides[{n}] must list {n} different tower sides 0..3")
        _whole(data["end_landscapes"].get(n), f"end_landscapes[{n}]", 1)
    track = data["track"]
    if not 1 <= track["low"] <= track["start"] <= track["high"]:
        raise DataError("components.json: track needs 1 ≤ low ≤ start ≤ high")
    for pile in data["bonus_piles"]:
        if not pile["values"] or any(_whole(v, f"bonus {pile['id']} value", 1) < 0 for v in pile["values"]):
            raise DataError(f"components.json: bonus pile {pile['id']} needs values")
    for key in ("storage_slots", "hand_size", "display_size", "actions_per_turn", "whims_revealed",
                "foresight_cards"):
        _whole(data[key], key, 1)
    return data


DATA: Final = _load()

RESOURCES: Final[tuple[str, ...]] = _EXPECTED["resources"]
GODS: Final[tuple[str, ...]] = _EXPECTED["gods"]
WILD: Final = 4  #: the wild god's index after the four gods
COLOURS: Final[tuple[str, ...]] = _EXPECTED["colours"]
SIZES: Final[tuple[int, ...]] = tuple(c["size"] for c in DATA["colours"])
BONUS: Final[tuple[str, ...]] = _EXPECTED["bonus_piles"]
WHIMS: Final[tuple[str, ...]] = _EXPECTED["whims"]
FORESIGHT: Final = 0
OPPRESSION: Final = 1
GRACE: Final = 2
UPHEAVAL: Final = 3
CONSECRATION: Final = 4
REINFORCEMENT: Final = 5
ABUNDANCE: Final = 6
TOLERANCE: Final = 7
SACRIFICE: Final = 8
COMEBACK: Final = 9
SUPPLY: Final[tuple[int, ...]] = tuple(r["count"] for r in DATA["resources"])
FACE_ICONS: Final[tuple[int, ...]] = tuple(DATA["tower"]["face_icons"])
SEAT_SIDES: Final[dict[int, tuple[int, ...]]] = {int(k): tuple(v) for k, v in DATA["seat_sides"].items()}
END_LANDSCAPES: Final[dict[int, int]] = {int(k): v for k, v in DATA["end_landscapes"].items()}
STORAGE_SLOTS: Final[int] = DATA["storage_slots"]
TRACK_LOW: Final[int] = DATA["track"]["low"]
TRACK_HIGH: Final[int] = DATA["track"]["high"]
TRACK_START: Final[int] = DATA["track"]["start"]
HAND_SIZE: Final[int] = DATA["hand_size"]
DISPLAY_SIZE: Final[int] = DATA["display_size"]
ACTIONS_PER_TURN: Final[int] = DATA["actions_per_turn"]
#: each bonus pile bottom → top (the highest value is taken first)
BONUS_PILES: Final[tuple[tuple[int, ...], ...]] = tuple(tuple(sorted(p["values"])) for p in DATA["bonus_piles"])
WHIMS_REVEALED: Final[int] = DATA["whims_revealed"]
FORESIGHT_CARDS: Final[int] = DATA["foresight_cards"]
_WHIM: Final = {w["id"]: w for w in DATA["whims"]}
WHIM_POINTS: Final[tuple[int, ...]] = tuple(w.get("points", 0) for w in DATA["whims"])
REINFORCEMENT_POINTS: Final[tuple[int, ...]] = tuple(_WHIM["reinforcement"]["points_by_tiles"])
CONSECRATION_SLOTS: Final[int] = _WHIM["consecration"]["storage"]
TOLERANCE_MAX_SIZE: Final[int] = _WHIM["tolerance"]["max_size"]
SACRIFICE_DOWN: Final[int] = _WHIM["sacrifice"]["down"]
SACRIFICE_UP: Final[int] = _WHIM["sacrifice"]["up"]
COMEBACK_SPACE: Final[int] = _WHIM["comeback"]["space"]
WHIM_WHEN: Final[tuple[str, ...]] = tuple(w["when"] for w in DATA["whims"])

NAMES: Final[dict[str, tuple[str, str]]] = {}
for _group in ("resources", "gods", "colours", "bonus_piles", "whims"):
    for _item in DATA[_group]:
        NAMES[_item["id"]] = (_item["en"], _item["ko"])
NAMES["wild"] = (DATA["wild"]["en"], DATA["wild"]["ko"])


def name(item_id: str, lang: str = "en") -> str:
    """The English or Korean name of a resource, god, colour, bonus pile or whim tile."""
    en, ko = NAMES.get(item_id, (item_id, item_id))
    return ko if lang == "ko" else en
