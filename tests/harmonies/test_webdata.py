"""The web page's static data for Harmonies: JSON-able, complete, in both languages."""

from __future__ import annotations

import json
from typing import Any

from hanpan.games.harmonies.data import ANIMAL_IDS, CARD_CELLS, CARD_INDEX, CARD_POINTS, COLOURS, KINDS, SPIRIT_IDS
from hanpan.games.harmonies.webdata import catalog


def _texts(value: Any) -> list[dict[str, str]]:
    """Every {"en": …, "ko": …} pair inside a value."""
    if isinstance(value, dict):
        if set(value) == {"en", "ko"}:
            return [value]
        return [t for v in value.values() for t in _texts(v)]
    if isinstance(value, list):
        return [t for v in value for t in _texts(v)]
    return []


def test_catalog_is_json_able_and_stable() -> None:
    first = catalog()
    text = json.dumps(first, ensure_ascii=False)
    assert json.loads(text) == first
    assert json.dumps(catalog(), ensure_ascii=False) == text


def test_catalog_covers_every_card_with_its_pattern_and_track() -> None:
    c = catalog()
    assert list(c["animals"]) == list(ANIMAL_IDS)
    assert list(c["spirits"]) == list(SPIRIT_IDS)
    for cid, card in {**c["animals"], **c["spirits"]}.items():
        index = CARD_INDEX[cid]
        cells = {(cell["q"], cell["r"], KINDS.index(cell["kind"])) for cell in card["cells"]}
        assert cells == set(CARD_CELLS[index]), cid
        assert card["cells"][0]["cube"] and (card["cells"][0]["q"], card["cells"][0]["r"]) == (0, 0)
        assert sum(cell["cube"] for cell in card["cells"]) == 1
    for cid, card in c["animals"].items():
        assert tuple(card["points"]) == CARD_POINTS[CARD_INDEX[cid]]
        assert card["cubes"] == len(card["points"])
    for card in c["spirits"].values():
        assert card["scoring"]["type"] in ("groups", "count")


def test_every_card_and_symbol_has_english_and_korean() -> None:
    c = catalog()
    for card in [*c["animals"].values(), *c["spirits"].values()]:
        for key in ("name", "text"):
            assert card[key]["en"] and card[key]["ko"], (card["id"], key)
            assert card[key]["en"] != card[key]["ko"], (card["id"], key)
    for card in c["spirits"].values():
        assert card["scores"]["en"] and card["scores"]["ko"]
    assert [col["id"] for col in c["colours"]] == list(COLOURS)
    assert list(c["kinds"]) == list(KINDS)
    # pieces are drawn with icons: no letter codes for colours or landscapes
    assert all("letter" not in col for col in c["colours"])
    assert all("code" not in kind for kind in c["kinds"].values())
    assert c["end_empty_cells"] == 2
    for pair in _texts(c):
        assert isinstance(pair["en"], str) and pair["en"]
        assert isinstance(pair["ko"], str) and pair["ko"]
