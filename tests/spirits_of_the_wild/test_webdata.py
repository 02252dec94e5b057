"""The web page's catalog of Spirits of the Wild: JSON-able, complete, in English and Korean."""

from __future__ import annotations

import json
from typing import Any

from hanpan.games.spirits_of_the_wild.data import ANIMALS, CARD_IDS, PLACES, SPIRIT_CARDS, STONES
from hanpan.games.spirits_of_the_wild.webdata import catalog


def _texts(thing: dict[str, Any]) -> None:
    for lang in ("en", "ko"):
        assert isinstance(thing[lang], str) and thing[lang].strip(), (thing, lang)


def test_json_round_trip() -> None:
    data = catalog()
    assert json.loads(json.dumps(data, ensure_ascii=False)) == data


def test_every_animal_with_its_scoring() -> None:
    animals = catalog()["animals"]
    assert [a["id"] for a in animals] == list(ANIMALS)
    assert [p["id"] for a in animals for p in a["places"]] == list(PLACES)
    for animal in animals:
        _texts(animal)
        _texts(animal["scoring"])
        for place in animal["places"]:
            _texts(place)
        # one list of step points per place, one entry per slot
        assert [len(s) for s in animal["slot_points"]] == [p["size"] for p in animal["places"]]


def test_scoring_texts_follow_the_data() -> None:
    by_id = {a["id"]: a for a in catalog()["animals"]}
    assert "1, 2, 4, 6, 9, 13" in by_id["salmon"]["scoring"]["en"]
    assert "1, 3, 6, 9, 14" in by_id["turtle"]["scoring"]["ko"]
    assert "14" in by_id["beaver"]["scoring"]["en"] and "14" in by_id["beaver"]["scoring"]["ko"]
    assert by_id["turtle"]["slot_points"] == [[1, 3, 6, 9, 14]]
    assert by_id["rabbit"]["slot_points"] == [[None, None, 6]]


def test_every_spirit_card() -> None:
    cards = catalog()["spirit_cards"]
    assert [c["id"] for c in cards] == list(SPIRIT_CARDS)
    for card in cards:
        _texts(card)
        _texts(card["text"])
    assert len({c["text"]["en"] for c in cards}) == len(cards)


def test_action_cards_and_stones() -> None:
    data = catalog()
    ids = [c["id"] for c in data["action_cards"]]
    assert set(CARD_IDS) | {"spirit"} == set(ids)
    for card in data["action_cards"]:
        _texts(card)
        _texts(card["text"])
        assert card["turns_down"] == (card["id"] != "spirit")
    assert [s["id"] for s in data["stones"]] == list(STONES)
    for stone in data["stones"]:
        _texts(stone)
        assert "letter" not in stone  # the page draws each stone as its colour and icon, never a letter
    assert data["spirit_stones_to_end"] == 5 and data["spirit_multiplier"] == 2


def test_the_web_board_draws_no_font_glyphs_and_no_stone_letters() -> None:
    """Symbols that carry meaning are SVG on the page (nothing may depend on installed fonts), and stones are
    drawn as their colour and icon in both languages, never as letters B/T/O/W/P/Y."""
    import re
    from pathlib import Path

    import hanpan.games.spirits_of_the_wild as package

    modules = sorted((Path(package.__file__).parent / "web").glob("*.js"))
    assert len(modules) > 1 and any(m.name == "board.js" for m in modules)
    for module in modules:  # board.js and the modules it is split into
        source = module.read_text("utf-8")
        code = "\n".join(line for line in source.splitlines()
                         if not line.lstrip().startswith(("//", "*", "/**")))
        for glyph in "◆◇×→←▶★☆✦✓⟳❄☀✿⏮•…":
            assert glyph not in code, (module.name, glyph)
        assert not re.search(r"""["'`][BTOWPY]["'`]""", code), f"{module.name} draws a stone letter"
