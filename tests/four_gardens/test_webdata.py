"""The web page's static data: JSON-able, complete, in English and Korean."""

from __future__ import annotations

import json

from hanpan.games.four_gardens.data import BONUS, COLOURS, GODS, RESOURCES, WHIMS
from hanpan.games.four_gardens.webdata import catalog


def test_the_catalog_is_json() -> None:
    c = catalog()
    assert json.loads(json.dumps(c)) == c


def test_every_whim_tile_god_bonus_pile_and_resource_is_named_in_both_languages() -> None:
    c = catalog()
    assert [w["id"] for w in c["whims"]] == list(WHIMS)
    assert [g["id"] for g in c["gods"]] == list(GODS)
    assert [b["id"] for b in c["bonus_piles"]] == list(BONUS)
    assert [r["id"] for r in c["resources"]] == list(RESOURCES)
    assert [x["id"] for x in c["colours"]] == list(COLOURS)
    for group in ("whims", "gods", "bonus_piles", "resources", "colours"):
        for item in c[group]:
            assert item["en"] and item["ko"] and item["en"] != item["ko"], item
    assert c["wild"]["en"] and c["wild"]["ko"]


def test_whim_tiles_and_bonus_piles_have_rules_texts_in_both_languages() -> None:
    c = catalog()
    for item in (*c["whims"], *c["bonus_piles"], c["wild"]):
        text = item["text"]
        assert set(text) == {"en", "ko"} and text["en"] and text["ko"] and text["en"] != text["ko"], item
    for w in c["whims"]:
        assert w["when_text"]["en"] and w["when_text"]["ko"]
    assert len({w["text"]["en"] for w in c["whims"]}) == len(WHIMS)


def test_icons_tell_things_apart_without_colour() -> None:
    c = catalog()
    for group in (c["resources"], [*c["gods"], c["wild"]], c["colours"]):
        icons = [item["icon"]["id"] for item in group]
        assert len(set(icons)) == len(icons)
        assert all(item["icon"]["en"] and item["icon"]["ko"] for item in group)
        assert not any("letter" in item or "glyph" in item for item in group)  # no letters, no font glyphs
    assert all(s["symbol"] and s["en"] and s["ko"] for s in c["symbols"])
