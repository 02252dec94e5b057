"""Spirits of the Wild's designer data for ``hanpan data`` and the what-if reports (docs/data.md): the file
of the animals' points and the stones (option ``cards``), the built-in one written out, a file's check,
and what a file changes in words.

>>> OPTION, FORMAT, export()["spirit_multiplier"]
('cards', 'spirits_of_the_wild.cards/1', 2)
>>> import json, tempfile
>>> data = export(); data["animals"][4]["points"]["by_count"] = [0, 1, 3, 6, 10, 15]
>>> data["stones"][6]["count"] = 7
>>> path = tempfile.mkstemp(suffix=".json")[1]
>>> _ = open(path, "w").write(json.dumps(data))
>>> changes(path, "en")
['Turtle: points 0/1/3/6/9/14 → 0/1/3/6/10/15', 'spirit stone: stones 8 → 7']
"""

from __future__ import annotations

from typing import Any, Final

from hanpan.games.spirits_of_the_wild.data import (
    ANIMALS,
    BUILTIN,
    CARDS_FORMAT,
    STONES,
    Components,
    components_for,
    export_components,
    name,
)

#: the game option that plays with a designer's file, and the file's format
OPTION: Final = "cards"
FORMAT: Final = CARDS_FORMAT


def export() -> dict[str, Any]:
    """The built-in components as a designer's file (``hanpan data export spirits_of_the_wild``)."""
    return export_components()


def check(path: str, lang: str = "en") -> str:
    """Read and check a file (one DataError line at its first problem); a few words on what it holds."""
    c = components_for(path)
    if lang == "ko":
        return f"동물 {len(ANIMALS)}종, 돌 {sum(c.stones)}개"
    return f"{len(ANIMALS)} animals, {sum(c.stones)} stones"


def _tables(c: Components) -> dict[str, str]:
    return {"owl": f"{c.owl} a pair", "rabbit": "/".join(map(str, c.rabbit)),
            "beaver": f"{c.beaver3}/{c.beaver2}/{c.beaver_both}", "salmon": "/".join(map(str, c.salmon)),
            "turtle": "/".join(map(str, c.turtle))}


def changes(path: str, lang: str = "en") -> list[str]:
    """What the file changes from the built-in components, a line per animal or stone (empty: nothing)."""
    old, new = BUILTIN, components_for(path)
    ko = lang == "ko"
    out = []
    before, after = _tables(old), _tables(new)
    for animal in ANIMALS:
        if before[animal] != after[animal]:
            out.append(f"{name(animal, lang)}: {'점수' if ko else 'points'} {before[animal]} → {after[animal]}")
    for kind, (a, b) in enumerate(zip(old.stones, new.stones, strict=True)):
        if a != b:
            out.append(f"{name(STONES[kind], lang)}: {'돌' if ko else 'stones'} {a} → {b}")
    for en, ko_word, a, b in (
            ("spirit stone multiplies points by", "영혼석 점수 배수", old.multiplier, new.multiplier),
            ("stones in the tray at setup", "시작할 때 접시의 돌", old.tray, new.tray),
            ("spirit stones out that end the game", "게임을 끝내는 영혼석 수", old.to_end, new.to_end)):
        if a != b:
            out.append(f"{ko_word if ko else en}: {a} → {b}")
    return out
