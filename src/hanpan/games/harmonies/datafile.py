"""Harmonies' designer data for ``hanpan data`` and the what-if reports (docs/data.md): the option that
plays with a card file, the built-in cards written as one, a file's check, and what a file changes from
the built-in cards in words.

>>> OPTION, FORMAT, export()["format"]
('cards', 'harmonies.cards/1', 'harmonies.cards/1')
>>> import json, tempfile
>>> data = export(); data["animals"][2]["points_top_to_bottom"] = [20, 10, 6, 3]
>>> path = tempfile.mkstemp(suffix=".json")[1]
>>> _ = open(path, "w").write(json.dumps(data))
>>> changes(path, "en")
['Fish: points 16/10/6/3 → 20/10/6/3']
"""

from __future__ import annotations

from typing import Any, Final

from hanpan.games.harmonies.cardset import BUILTIN, cards_for, export_cards
from hanpan.games.harmonies.data import CARD_IDS, CARDS_FORMAT, KIND_NAMES, KINDS, Cells, name
from hanpan.games.harmonies.webdata import spirit_text

#: the game option that plays with a designer's file, and the file's format
OPTION: Final = "cards"
FORMAT: Final = CARDS_FORMAT


def export() -> dict[str, Any]:
    """The built-in cards as a card file (``hanpan data export harmonies``)."""
    return export_cards()


def check(path: str, lang: str = "en") -> str:
    """Read and check a card file (one DataError line at its first problem); a few words on what it holds."""
    cards = cards_for(path)
    animals, spirits = len(cards.cubes) - len(cards.sun_bonus), len(cards.sun_bonus)
    return f"동물 카드 {animals}장, 정령 {spirits}장" if lang == "ko" else f"{animals} animal cards, {spirits} spirits"


def _habitat(cells: Cells, lang: str) -> str:
    """'water*, mountain 3 (1,0)': the cube's kind, then each other cell's kind and place."""
    pick = 1 if lang == "ko" else 0
    parts = [f"{KIND_NAMES[KINDS[cells[0][2]]][pick]}*"]
    parts += [f"{KIND_NAMES[KINDS[kind]][pick]} ({q},{r})" for q, r, kind in cells[1:]]
    return ", ".join(parts)


def changes(path: str, lang: str = "en") -> list[str]:
    """What the card file changes from the built-in cards, one line per card (empty: nothing)."""
    cards = cards_for(path)
    ko = lang == "ko"
    out = []
    for card in range(len(CARD_IDS)):
        parts = []
        old, new = BUILTIN.points[card], cards.points[card]
        if old != new:
            parts.append(f"{'점수' if ko else 'points'} {'/'.join(map(str, old))} → {'/'.join(map(str, new))}")
        if sorted(BUILTIN.cells[card]) != sorted(cards.cells[card]):
            parts.append(f"{'서식지' if ko else 'habitat'} {_habitat(BUILTIN.cells[card], lang)} → "
                         f"{_habitat(cards.cells[card], lang)}")
        if card in BUILTIN.spirit_scoring:
            old_rule, new_rule = BUILTIN.spirit_scoring[card], cards.spirit_scoring[card]
            if old_rule != new_rule:
                parts.append(f"{'점수 규칙' if ko else 'rule'} {spirit_text(old_rule)[lang]} → "
                             f"{spirit_text(new_rule)[lang]}")
            if BUILTIN.sun_bonus[card] != cards.sun_bonus[card]:
                parts.append(f"{'혼자 할 때 해' if ko else 'solo sun bonus'} {BUILTIN.sun_bonus[card]} → "
                             f"{cards.sun_bonus[card]}")
        if parts:
            out.append(f"{name(CARD_IDS[card], lang)}: {'; '.join(parts)}")
    return out
