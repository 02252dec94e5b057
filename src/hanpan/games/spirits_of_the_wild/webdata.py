"""The static data the web page's Spirits of the Wild board needs (docs/web-boards.md), in English and Korean.

Everything comes from the game's own data (``data/components.json`` through :mod:`.data`) and the terminal
drawing's labels (:mod:`.render`); the scoring sentences are built from the point tables, so changing a
number in the data file changes the page too.

>>> c = catalog()
>>> [a["id"] for a in c["animals"]], [s["id"] for s in c["spirit_cards"]]
(['owl', 'rabbit', 'beaver', 'salmon', 'turtle'], ['deer', 'wolf', 'bear', 'ram', 'bison', 'eagle'])
>>> c["animals"][3]["slot_points"], c["stones"][0]["id"]
([[1, 2, 4, 6, 9, 13]], 'blue')
"""

from __future__ import annotations

from typing import Any

from hanpan.games.spirits_of_the_wild.data import (
    ANIMALS,
    BEAVER_POINTS,
    CARD_IDS,
    DATA,
    SPIRIT_MULTIPLIER,
    SPIRIT_TEXT,
    SPIRITS_TO_END,
    TRAY_AT_SETUP,
)

#: what each action card does, in English and Korean (the page's catalog and the move texts)
CARD_LABEL: dict[str, tuple[str, str]] = {
    "take1": ("Take 1 stone from the tray", "접시에서 돌 1개 가져오기"),
    "take2": ("Take 2 stones from the tray", "접시에서 돌 2개 가져오기"),
    "add2": ("Add 2 stones from the bag to the tray, then take 1", "주머니에서 2개 더하고 1개 가져오기"),
    "add3": ("Add 3 stones from the bag to the tray, then you may move the coyote",
             "주머니에서 3개 더하고 코요테 보내기"),
    "pass": ("Pass: no action card can be used", "넘기기: 쓸 수 있는 액션카드가 없음"),
}


def _text(en: str, ko: str) -> dict[str, str]:
    return {"en": en, "ko": ko}


def _numbers(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


def _scoring(animal: dict[str, Any]) -> dict[str, str]:
    """A one-line scoring rule of an animal, built from its rule and point table."""
    rule, places, points = animal["rule"], animal["places"], animal["points"]
    if rule == "pairs":
        n, p = len(places), points["per_complete_set"]
        return _text(
            f"{n} pairs, each of one colour (pairs may share a colour): {p} points per complete pair",
            f"{n}쌍, 쌍마다 한 가지 색 (쌍끼리는 같은 색이어도 됨): 완성된 쌍마다 {p}점",
        )
    if rule == "sets":
        a, b = places[0]["size"], places[1]["size"]
        s3, s2, both = points[f"set{a}"], points[f"set{b}"], points["both"]
        return _text(
            f"a set of {a} and a set of {b}, each of one colour: the {a}-set {s3}, the {b}-set {s2}, "
            f"both complete {both} points",
            f"{a}개 세트와 {b}개 세트, 세트마다 한 가지 색: {a}개 세트 {s3}점, {b}개 세트 {s2}점, "
            f"둘 다 완성하면 {both}점",
        )
    size = places[0]["size"]
    table: list[int] = points["by_count"]
    scoring = [(n, v) for n, v in enumerate(table) if n and v]
    if len(scoring) == 1:
        n, v = scoring[0]
        full_en = f"{v} points when all {n} are filled" if n == size else f"{v} points for {n}"
        full_ko = f"{n}칸을 모두 채우면 {v}점" if n == size else f"{n}개에 {v}점"
    else:
        full_en = f"{_numbers([v for _, v in scoring])} points for {scoring[0][0]}–{scoring[-1][0]} stones"
        full_ko = f"{scoring[0][0]}–{scoring[-1][0]}개에 {_numbers([v for _, v in scoring])}점"
    if rule == "distinct":
        return _text(f"up to {size} stones, all of different colours: {full_en}",
                     f"서로 다른 색으로 {size}개까지: {full_ko}")
    return _text(f"up to {size} stones, all of one colour: {full_en}",
                 f"한 가지 색으로 {size}개까지: {full_ko}")


def _slot_points(animal: dict[str, Any]) -> list[list[int | None]]:
    """Per place, per slot: the points the animal is worth once that slot is filled (None: no step)."""
    rule, places, points = animal["rule"], animal["places"], animal["points"]
    if rule == "pairs":
        return [[None] * (p["size"] - 1) + [points["per_complete_set"]] for p in places]
    if rule == "sets":
        return [[None] * (p["size"] - 1) + [BEAVER_POINTS[f"set{p['size']}"]] for p in places]
    table: list[int] = points["by_count"]
    return [[v if v else None for v in table[1:]]]


def _place_name(place: str, size: int, animal: dict[str, Any]) -> dict[str, str]:
    if animal["rule"] == "pairs":
        n = place[len(animal["id"]):]
        return _text(f"{animal['en']} pair {n}", f"{animal['ko']} {n}번 짝")
    if animal["rule"] == "sets":
        return _text(f"{animal['en']} {size}-set", f"{animal['ko']} {size}개 세트")
    return _text(animal["en"], animal["ko"])


def _action_text(card: str) -> dict[str, str]:
    if card == "spirit":
        return _text(
            "when at least 3 of your other cards are face down: use the top card of a spirit pile, put it "
            "under its pile and turn all your action cards face up",
            "다른 액션카드가 3장 이상 뒷면일 때: 영혼카드 더미 맨 위 카드를 쓰고 그 더미 맨 아래에 넣은 뒤, "
            "내 액션카드를 모두 앞면으로",
        )
    en, ko = CARD_LABEL[card]
    if card == "take1":
        en += "; when both copies are face down you may move the coyote"
        ko += "; 두 장이 모두 뒷면이 되면 코요테를 보낼 수 있음"
    return _text(en, ko)


def catalog() -> dict[str, Any]:
    """JSON-able static data of Spirits of the Wild for the page."""
    stones = [
        {"id": s["id"], "en": s["en"], "ko": s["ko"], "count": s["count"], "colour": s["id"] != "spirit"}
        for s in DATA["stones"]
    ]
    animals = []
    for a in DATA["animals"]:
        animals.append({
            "id": a["id"], "en": a["en"], "ko": a["ko"], "rule": a["rule"],
            "places": [{"id": p["id"], "size": p["size"], **_place_name(p["id"], p["size"], a)} for p in a["places"]],
            "points": a["points"],
            "slot_points": _slot_points(a),
            "scoring": _scoring(a),
        })
    beaver_both = BEAVER_POINTS["both"]
    action_cards = [
        {"id": c["id"], "en": c["en"], "ko": c["ko"], "copies": c["copies"], "turns_down": c["id"] in CARD_IDS,
         "text": _action_text(c["id"])}
        for c in DATA["action_cards"]
    ]
    spirit_cards = [
        {"id": s["id"], "en": s["en"], "ko": s["ko"], "text": _text(*SPIRIT_TEXT[s["id"]])}
        for s in DATA["spirit_cards"]
    ]
    return {
        "stones": stones,
        "animals": animals,
        "action_cards": action_cards,
        "spirit_cards": spirit_cards,
        "spirit_multiplier": SPIRIT_MULTIPLIER,
        "spirit_stones_to_end": SPIRITS_TO_END,
        "tray_at_setup": TRAY_AT_SETUP,
        "beaver_both": beaver_both,
        "animal_ids": list(ANIMALS),
    }
