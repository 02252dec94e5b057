"""Four Gardens' designer data for ``hanpan data`` and the what-if reports (docs/data.md): the deck file
(option ``deck``), the built-in deck written as one, a file's check, and what a file changes in words.

>>> OPTION, FORMAT, len(export()["cards"])
('deck', 'four_gardens.deck/1', 70)
>>> import json, tempfile
>>> data = export(); data["cards"][11]["points"] = 3; data["cards"][11]["god"] = "spring"
>>> path = tempfile.mkstemp(suffix=".json")[1]
>>> _ = open(path, "w").write(json.dumps(data))
>>> changes(path, "en")
['c12 (orange 1): god wild god → Spring; points 0 → 3']
"""

from __future__ import annotations

from typing import Any, Final

from hanpan.games.four_gardens.data import name
from hanpan.games.four_gardens.deck import DECK_FORMAT, builtin_deck, export_deck, load_deck_file

#: the game option that plays with a designer's file, and the file's format
OPTION: Final = "deck"
FORMAT: Final = DECK_FORMAT
#: the words of a card's parts, English and Korean
_PARTS: Final = {"colour": ("colour", "색"), "position": ("position", "자리"), "god": ("god", "신"),
                 "action": ("action", "행동"), "floor": ("floor", "층"), "direction": ("direction", "방향"),
                 "cost": ("cost", "비용"), "points": ("points", "점수")}


def export() -> dict[str, Any]:
    """The built-in deck as a deck file (``hanpan data export four_gardens``)."""
    return export_deck()


def check(path: str, lang: str = "en") -> str:
    """Read and check a deck file (one DataError line at its first problem); a few words on what it holds."""
    deck = load_deck_file(path)
    scoring = sum(1 for p in deck.points if p)
    if lang == "ko":
        return f"카드 {len(deck)}장, 점수 있는 카드 {scoring}장"
    return f"{len(deck)} cards, {scoring} with points"


def _value(key: str, value: Any, lang: str) -> str:
    if key == "cost":
        return "+".join(name(r, lang) for r in value)
    if key in ("colour", "god"):
        return name(value, lang)
    return str(value)


def changes(path: str, lang: str = "en") -> list[str]:
    """What the deck file changes from the built-in deck, one line per card (empty: nothing)."""
    old, new = builtin_deck(), load_deck_file(path)
    pick = 1 if lang == "ko" else 0
    out = []
    for i in range(len(old)):
        before, after = old.card_json(i), new.card_json(i)
        before.setdefault("points", 0)
        after.setdefault("points", 0)
        parts = [f"{_PARTS[k][pick]} {_value(k, before.get(k, '—'), lang)} → {_value(k, after.get(k, '—'), lang)}"
                 for k in _PARTS if before.get(k) != after.get(k)]
        if parts:
            where = f"{name(str(before['colour']), lang)} {before['position']}"
            out.append(f"{old.label(i)} ({where}): {'; '.join(parts)}")
    return out
