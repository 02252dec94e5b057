"""Static data the web page needs to draw Harmonies (docs/web-boards.md): ``catalog()``.

Everything comes from the game's own data (``data.py`` and ``data/*.json``): the colours, the
landscape kinds and the stacks that make them, every animal card's habitat and points
track, every Nature's Spirit's habitat and scoring rule, the board sides and the scoring tables.
The short texts are built here from those numbers, in English and Korean.

>>> c = catalog()
>>> c["animals"]["fish"]["points"], c["animals"]["fish"]["cells"][0]
([16, 10, 6, 3], {'q': 0, 'r': 0, 'kind': 'water', 'cube': True})
>>> c["spirits"]["lion_spirit"]["scores"]["en"]
'Each group of fields: size 1 → 2, 2 → 2, 3+ → 10'
"""

from __future__ import annotations

from typing import Any

from hanpan.games.harmonies import data as D

_OF: dict[str, tuple[str, str, str, str]] = {  # singular en, plural en, ko, ko counter word
    "field": ("field", "fields", "들판", "무리"),
    "water": ("water token", "water tokens", "물", "무리"),
    "building": ("building", "buildings", "건물", "무리"),
    "tree": ("tree", "trees", "나무", ""),
    "mountain": ("mountain", "mountains", "산", ""),
    "water_token": ("water token", "water tokens", "물 토큰", ""),
}


def _pair(en: str, ko: str) -> dict[str, str]:
    return {"en": en, "ko": ko}


def _kind_stacks(kind: str) -> list[list[str]]:
    shapes: list[Any] = D.COMPONENTS["kinds"][kind]
    if shapes and isinstance(shapes[0], list):
        return [list(s) for s in shapes]
    return [list(shapes)]


def _cells(card: dict[str, Any]) -> list[dict[str, Any]]:
    cells = sorted(card["cells"], key=lambda c: (not c.get("cube", False), c["q"], c["r"]))
    return [{"q": c["q"], "r": c["r"], "kind": c["kind"], "cube": bool(c.get("cube", False))} for c in cells]


def _habitat_text(card: dict[str, Any]) -> dict[str, str]:
    """'cube on water; with water, tree 3' — the kinds of the habitat, the cube's first."""
    cells = _cells(card)
    others: dict[str, int] = {}
    for cell in cells[1:]:
        others[cell["kind"]] = others.get(cell["kind"], 0) + 1
    cube_en, cube_ko = D.KIND_NAMES[cells[0]["kind"]]
    en_parts = [D.KIND_NAMES[k][0] + (f" ×{n}" if n > 1 else "") for k, n in others.items()]
    ko_parts = [D.KIND_NAMES[k][1] + (f" ×{n}" if n > 1 else "") for k, n in others.items()]
    return _pair(f"cube on {cube_en}, next to {', '.join(en_parts)}",
                 f"{cube_ko} 위에 큐브, 이웃: {', '.join(ko_parts)}")


def spirit_text(scoring: dict[str, Any]) -> dict[str, str]:
    """How a Nature's Spirit scores, from its rule in the card data.

    >>> spirit_text({"type": "count", "of": "water_token", "points_each": 2})["ko"]
    '물 토큰마다 2점'
    """
    kind = scoring["type"]
    of = scoring["of"]
    one_en, many_en, name_ko, _ = _OF[of]
    if kind == "groups":
        if "points_by_group_size" in scoring:
            table: dict[str, int] = scoring["points_by_group_size"]
            en = "size " + ", ".join(f"{k} → {v}" for k, v in table.items())
            ko = "크기 " + ", ".join(f"{k.replace('+', ' 이상')} → {v}" for k, v in table.items())
            return _pair(f"Each group of {many_en}: {en}", f"{name_ko} 무리마다: {ko}")
        points = scoring["points_per_group"]
        size = scoring.get("min_size", 1)
        if size <= 1:
            return _pair(f"{points} per group of {many_en} (a lone one counts)",
                         f"{name_ko} 무리마다 {points}점 (하나뿐이어도 무리)")
        return _pair(f"{points} per group of {size}+ adjacent {many_en}",
                     f"이웃한 {name_ko} {size}개 이상의 무리마다 {points}점")
    if "points_each" in scoring:
        points = scoring["points_each"]
        return _pair(f"{points} per {one_en}", f"{name_ko}마다 {points}점")
    heights: dict[str, int] = scoring["points_by_height"]
    en = "height " + ", ".join(f"{k} → {v}" for k, v in heights.items())
    ko = "높이 " + ", ".join(f"{k} → {v}" for k, v in heights.items())
    text = _pair(f"Each {one_en}: {en}", f"{name_ko}마다: {ko}")
    if of == "mountain" and not scoring.get("adjacency_required", True):
        text = _pair(text["en"] + " (no neighbour needed)", text["ko"] + " (이웃 산 없어도 됨)")
    return text


def _scoring_texts() -> dict[str, dict[str, str]]:
    tree = ", ".join(f"{h} → {p}" for h, p in enumerate(D.TREE_POINTS) if h)
    mountain = ", ".join(f"{h} → {p}" for h, p in enumerate(D.MOUNTAIN_POINTS) if h)
    river = ", ".join(f"{n} → {D.river_points(n)}" for n in range(2, len(D.RIVER_POINTS)))
    return {
        "trees": _pair(f"Trees by height: {tree}", f"나무 높이별: {tree}"),
        "mountains": _pair(f"Mountains by height (only next to another mountain): {mountain}",
                           f"산 높이별 (다른 산과 이웃할 때만): {mountain}"),
        "fields": _pair(f"Fields: {D.FIELD_POINTS} per group of {D.FIELD_MIN}+ yellow tokens",
                        f"들판: 노랑 토큰 {D.FIELD_MIN}개 이상 무리마다 {D.FIELD_POINTS}점"),
        "buildings": _pair(f"Buildings: {D.BUILDING_POINTS} each with {D.BUILDING_MIN_COLOURS}+ colours on top "
                           "of its neighbours",
                           f"건물: 이웃 칸 맨 위 토큰이 {D.BUILDING_MIN_COLOURS}가지 색 이상이면 "
                           f"{D.BUILDING_POINTS}점"),
        "water_A": _pair(f"Water (side A): the longest river by length: {river}, then +{D.RIVER_BEYOND} a token",
                         f"물 (A면): 가장 긴 강의 길이별: {river}, 이후 토큰마다 +{D.RIVER_BEYOND}"),
        "water_B": _pair(f"Water (side B): {D.ISLAND_POINTS} per island of non-blue cells",
                         f"물 (B면): 파랑이 아닌 칸으로 된 섬마다 {D.ISLAND_POINTS}점"),
        "animals": _pair("Animal cards: the highest uncovered value of the track",
                         "동물 카드: 큐브를 치운 칸 중 가장 높은 점수"),
        "suns": _pair("Solo suns at " + ", ".join(str(t) for t in D.SUN_THRESHOLDS) + " points; "
                      + f"+{D.SUN_SIDE_BONUS.get('A', 0)} on side A, +{D.SUN_NO_SPIRIT} without a spirit",
                      "솔로 태양: " + ", ".join(str(t) for t in D.SUN_THRESHOLDS) + "점마다 1개; "
                      + f"A면 +{D.SUN_SIDE_BONUS.get('A', 0)}, 정령 없이 +{D.SUN_NO_SPIRIT}"),
    }


def catalog() -> dict[str, Any]:
    """The game's static data for the page, JSON-able; every text has ``en`` and ``ko``."""
    colours = [
        {"id": c, "name": _pair(*D.COLOUR_NAMES[c]), "count": D.TOKEN_COUNTS[i]}
        for i, c in enumerate(D.COLOURS)
    ]
    kinds = {
        k: {"name": _pair(*D.KIND_NAMES[k]), "stacks": _kind_stacks(k)}
        for k in D.KINDS
    }
    animals: dict[str, Any] = {}
    for card in D.CARDS["animals"]:
        points = list(card["points_top_to_bottom"])
        habitat = _habitat_text(card)
        track = "/".join(str(p) for p in points)
        animals[card["id"]] = {
            "id": card["id"],
            "n": card.get("n"),
            "name": _pair(*D.CARD_NAMES[card["id"]]),
            "cubes": card["cubes"],
            "points": points,
            "cube_on": card["cube_on"],
            "cells": _cells(card),
            "text": _pair(f"{habitat['en']}; points {track}", f"{habitat['ko']}; 점수 {track}"),
        }
    spirits: dict[str, Any] = {}
    for card in D.CARDS["spirits"]:
        bonus = card["solo_sun_bonus"]
        scoring_text = spirit_text(card["scoring"])
        habitat = _habitat_text(card)
        spirits[card["id"]] = {
            "id": card["id"],
            "n": card.get("n"),
            "name": _pair(*D.CARD_NAMES[card["id"]]),
            "cube_on": card["cube_on"],
            "cells": _cells(card),
            "scoring": card["scoring"],
            "solo_sun_bonus": bonus,
            "scores": scoring_text,
            "habitat": habitat,
            "text": _pair(f"{scoring_text['en']}; solo: +{bonus} sun{'s' if bonus != 1 else ''}",
                          f"{scoring_text['ko']}; 솔로: 태양 +{bonus}"),
        }
    sides = {
        s: {"columns": list(D.SIDE_COLUMNS[s]), "name": _pair(*D.SIDE_NAMES[s])} for s in D.SIDES
    }
    return {
        "colours": colours,
        "kinds": kinds,
        "animals": animals,
        "spirits": spirits,
        "sides": sides,
        "card_limit": D.CARD_LIMIT,
        "end_empty_cells": D.END_EMPTY_CELLS,
        "sun_thresholds": list(D.SUN_THRESHOLDS),
        "scoring": _scoring_texts(),
    }
