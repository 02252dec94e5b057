"""The static data the web page needs to draw Four Gardens (``catalog()``, docs/web-boards.md).

Names come from the game's component data (``data/components.json`` via ``data``); the short rules
texts of the bonus piles and whim tiles are this module's own wording, with every number read from
that data, so an owner's changed values show up here too.

>>> c = catalog()
>>> [g["id"] for g in c["gods"]], c["wild"]["ko"]
(['spring', 'summer', 'autumn', 'winter'], '와일드 신')
>>> [w["id"] for w in c["whims"]][:3], c["whims"][4]["text"]["en"][:47]
(['foresight', 'oppression', 'grace'], 'When you take it: either gain 2 storage slots (')
>>> c["resources"][3]["icon"], c["gods"][3]["icon"]["en"], c["colours"][0]["icon"]["en"]
({'id': 'log', 'en': 'a log', 'ko': '통나무'}, 'a snowflake', 'a lens')
"""

from __future__ import annotations

from typing import Any

from hanpan.games.four_gardens.data import (
    ACTIONS_PER_TURN,
    BONUS_PILES,
    COLOURS,
    COMEBACK_SPACE,
    CONSECRATION_SLOTS,
    DATA,
    END_LANDSCAPES,
    FACE_ICONS,
    FORESIGHT_CARDS,
    GODS,
    HAND_SIZE,
    REINFORCEMENT_POINTS,
    RESOURCES,
    SACRIFICE_DOWN,
    SACRIFICE_UP,
    SEAT_SIDES,
    SIZES,
    STORAGE_SLOTS,
    TOLERANCE_MAX_SIZE,
    TRACK_HIGH,
    TRACK_LOW,
    TRACK_START,
    WHIM_POINTS,
    WHIM_WHEN,
    WHIMS,
    name,
)

#: the icon the page draws (as SVG) for each resource, god and landscape colour, so that colour is never
#: needed alone: (icon id, English, Korean); a landscape colour's shape has as many corners as it has cards
ICONS: dict[str, tuple[str, str, str]] = {
    "stone": ("pebble", "a pebble", "조약돌"), "water": ("drop", "a drop", "물방울"),
    "grass": ("tuft", "a tuft", "풀잎"), "wood": ("log", "a log", "통나무"),
    "spring": ("flower", "a flower", "꽃"), "summer": ("sun", "a sun", "해"), "autumn": ("leaf", "a leaf", "잎"),
    "winter": ("snowflake", "a snowflake", "눈송이"), "wild": ("star", "a star", "별"),
    "red": ("lens", "a lens", "렌즈"), "orange": ("triangle", "a triangle", "삼각형"),
    "green": ("square", "a square", "사각형"), "blue": ("pentagon", "a pentagon", "오각형"),
}


def _icon(item: str) -> dict[str, str]:
    return dict(zip(("id", "en", "ko"), ICONS[item], strict=True))
#: the page's colour of each resource, god track and landscape colour
COLOURS_CSS: dict[str, str] = {
    "stone": "#8a8f98", "water": "#2f86c9", "grass": "#5aa832", "wood": "#9a5b2a",
    "spring": "#e5c31c", "summer": "#d8402b", "autumn": "#8e44ad", "winter": "#2c5fb8", "wild": "#666666",
    "red": "#c8322d", "orange": "#e07b1a", "green": "#3d9b48", "blue": "#2a6fc0",
}
WHEN: dict[str, tuple[str, str]] = {
    "start": ("at the start of a later turn of yours", "이후 내 차례 시작에"),
    "turn": ("on your turn, at any time", "내 차례 중 언제든"),
    "take": ("when you take it", "가져올 때"),
}


def _points(n: int, lang: str) -> str:
    return f"{n}점" if lang == "ko" else f"{n} point" + ("" if n == 1 else "s")


#: each whim tile's rules in this module's words: (English, Korean) templates filled from the data
WHIM_TEXTS: dict[str, tuple[str, str]] = {
    "foresight": (
        "At the start of a later turn of yours: reveal {cards} more deck cards into the display; this turn you "
        "refill only from the display. Once used it lies face down: {pts} at the end.",
        "이후 내 차례 시작에: 카드 더미에서 {cards}장을 더 펼칩니다. "
        "이번 차례 보충은 펼친 카드에서만 합니다. 사용한 뒤 뒷면으로 두어 게임 끝에 {pts}."),
    "oppression": (
        "On your turn: put it on another player's base card; no token may be placed there (its owner may still "
        "move tokens off). It leaves at the start of your next turn.",
        "내 차례 중: 다른 플레이어의 기초 카드 하나에 올립니다. "
        "그 카드에는 자원을 놓을 수 없습니다 (주인이 옮겨 내는 것은 됩니다). 내 다음 차례 시작에 제거됩니다."),
    "grace": (
        "On your turn: this turn you may take {more} actions instead of {actions} (and refill as many cards). "
        "Then it is removed.",
        "내 차례 중: 이번 차례에 행동을 {actions}번 대신 {more}번 할 수 있습니다 "
        "(카드도 그만큼 보충). 그 뒤 제거됩니다."),
    "upheaval": (
        "On your turn: discard a hand card (not an action), rebuild the tower — every floor's place and the face "
        "toward you as you like — then collect from the top or the bottom floor on, up to your free storage. "
        "Then it is removed.",
        "내 차례 중: 손패 1장을 버리고 (행동 아님) 탑의 층 순서와 내 쪽 면을 마음대로 다시 쌓은 뒤, "
        "맨 위 층 또는 맨 아래 층부터 창고의 빈칸만큼 수집합니다. 그 뒤 제거됩니다."),
    "consecration": (
        "When you take it: either gain {slots} storage slots (the tile is removed) or keep it face down: {pts} at "
        "the end.",
        "가져올 때: 창고 확장 {slots}칸을 받거나 (타일 제거), 뒷면으로 두어 게임 끝에 {pts}."),
    "reinforcement": (
        "Kept face up: at the end, points by the whim tiles you took during the game (this one and used ones "
        "included): {by}.",
        "앞면으로 둡니다. 게임 끝에 이 게임에서 가져온 변덕 타일 수"
        "(이 타일, 사용한 타일 포함)에 따라 점수: {by}."),
    "abundance": (
        "When you take it: discard a hand card, then place as many resources of your choice as you have storage "
        "slots, on base cards or in storage (what finds no room stays in the supply). Then face down: {pts} at "
        "the end.",
        "가져올 때: 손패 1장을 버리고, 창고 칸 수만큼 원하는 자원을 기초 카드나 창고에 놓습니다 "
        "(자리가 없으면 공급처에 남음). 그 뒤 뒷면으로 두어 게임 끝에 {pts}."),
    "tolerance": (
        "When you take it: you may build the landscapes of at most {size} cards ({small}) twice each (up to 2 "
        "cards of the same colour and position).",
        "가져올 때: 크기 {size} 이하 전경({small})을 정원에 두 번씩 완성할 수 있습니다 "
        "(같은 색·위치 카드 2장까지)."),
    "sacrifice": (
        "When you take it: move one of your markers down {down} (off the track from its lowest space) and "
        "another up {up} (at most {high}). Then it is removed.",
        "가져올 때: 내 마커 하나를 {down}칸 내리고 (가장 낮은 칸에서는 제거) "
        "다른 마커 하나를 {up}칸 올립니다 (최대 {high}). 그 뒤 제거됩니다."),
    "comeback": (
        "When you take it: put one of your removed markers back on space {space} (the tile is removed) or keep "
        "it face down: {pts} at the end.",
        "가져올 때: 제거된 내 마커 하나를 {space}칸에 되돌리거나 (타일 제거), "
        "뒷면으로 두어 게임 끝에 {pts}."),
}


def _whim_text(w: str, lang: str) -> str:
    """A whim tile's rules, in this module's words, numbers from the data."""
    ko = lang == "ko"
    steps = REINFORCEMENT_POINTS[1:]
    last = len(steps)
    if ko:
        by = ", ".join(f"{i + 1}{'개 이상' if i + 1 == last else '개'} → {p}점" for i, p in enumerate(steps))
    else:
        by = ", ".join(f"{i + 1}{'+' if i + 1 == last else ''} → {p}" for i, p in enumerate(steps))
    small = ", ".join(name(c, lang) for c, size in zip(COLOURS, SIZES, strict=True) if size <= TOLERANCE_MAX_SIZE)
    values = {"pts": _points(WHIM_POINTS[WHIMS.index(w)], lang), "cards": FORESIGHT_CARDS,
              "actions": ACTIONS_PER_TURN, "more": ACTIONS_PER_TURN + 1, "slots": CONSECRATION_SLOTS, "by": by,
              "size": TOLERANCE_MAX_SIZE, "small": small, "down": SACRIFICE_DOWN, "up": SACRIFICE_UP,
              "high": TRACK_HIGH, "space": COMEBACK_SPACE}
    return WHIM_TEXTS[w][1 if ko else 0].format(**values)


def _bonus_text(pile: str, lang: str) -> str:
    ko = lang == "ko"
    if pile == "storage":
        return "창고 칸 +1 (값과 상관없이 1칸)" if ko else "+1 storage slot"
    if pile == "gain":
        return ("타일의 수만큼 원하는 자원을 한꺼번에 기초 카드나 창고에 놓습니다 (자리가 없으면 공급처에 남음)" if ko
                else "place that many resources of your choice at once, on base cards or in storage (what finds "
                     "no room stays in the supply)")
    return "게임 끝에 타일의 수만큼 점수" if ko else "that many points at the end"


#: the symbols of a drawn card: (id, symbol, English, Korean); the page draws "covered" and "empty" as tokens
SYMBOLS: tuple[tuple[str, str, str, str], ...] = (
    ("rotate_up", "⟳2↑", "rotate & collect: turn floor 2 and every floor above it, then collect from floor 1 upward",
     "회전 후 수집: 2층과 그 위층을 모두 돌린 뒤 1층부터 위로 수집"),
    ("rotate_down", "⟳3↓",
     "rotate & collect: turn floor 3 and every floor above it, then collect from floor 4 downward",
     "회전 후 수집: 3층과 그 위층을 모두 돌린 뒤 4층부터 아래로 수집"),
    ("gain", "+1", "gain 1: one resource of your choice onto a base card or into storage",
     "자원 1개 획득: 원하는 자원 1개를 기초 카드나 창고에"),
    ("rearrange", "⇄", "rearrange (every card can): move tokens storage → base card, base card → base card, "
     "storage → supply",
     "재배치 (모든 카드 가능): 창고 → 기초 카드, 기초 카드 → 기초 카드, 창고 → 공급처로 자원 옮기기"),
    ("covered", "W", "a cost icon covered by a token, drawn filled (terminal: upper case)",
     "자원이 놓인 비용 칸, 채워서 그림 (터미널: 대문자)"),
    ("empty", "w", "a cost icon still empty, drawn dashed (terminal: lower case; [wgtt] = water, grass, wood, wood "
     "still needed)", "아직 빈 비용 칸, 점선으로 그림 (터미널: 소문자; [wgtt] = 물, 풀, 나무, 나무가 더 필요)"),
    ("place", "2 /3", "the landscape colour's mark (its shape has as many corners as the landscape has cards; red, "
     "2 cards: a lens) and the card's position; /3 = that landscape has 3 cards",
     "전경 색 표시 (모양의 꼭짓점 수 = 전경의 카드 수, 빨강 2장은 렌즈 모양)와 카드의 위치; /3 = 그 전경은 3장"),
    ("god", "✿", "the god on the card's landscape side (on a base card: the favour its completion brings)",
     "카드 풍경 면의 신 (기초 카드에서는 완성할 때 얻는 총애)"),
    ("unknown", "?", "a card of which only the landscape side is known (drawn blind from the deck)",
     "풍경 면만 알려진 카드 (카드 더미에서 뽑은 카드)"),
    ("id", "c17", "a card's id, used in the move texts", "카드 번호 (수 표기에 쓰임)"),
    ("terminal", "⟳1↓ [wgtt]", "in the terminal: a rotate card of floor 1 downward needing water, grass and 2 wood",
     "터미널 표기: 1층 아래 방향 회전 카드, 물·풀·나무 2개 필요"),
)


def catalog() -> dict[str, Any]:
    """Everything static the page shows: names, icons, colours, rules texts and numbers, in en and ko."""
    def both(item: str) -> dict[str, str]:
        return {"en": name(item, "en"), "ko": name(item, "ko")}

    return {
        "resources": [{"id": r, **both(r), "icon": _icon(r),
                       "colour": COLOURS_CSS[r], "count": item["count"]}
                      for r, item in zip(RESOURCES, DATA["resources"], strict=True)],
        "gods": [{"id": g, **both(g), "icon": _icon(g), "colour": COLOURS_CSS[g], "track": item["track"]}
                 for g, item in zip(GODS, DATA["gods"], strict=True)],
        "wild": {"id": "wild", **both("wild"), "icon": _icon("wild"), "colour": COLOURS_CSS["wild"],
                 "text": {"en": "you choose a god whose track still holds your marker",
                          "ko": "내 마커가 남아 있는 신 하나를 고릅니다"}},
        "colours": [{"id": c, **both(c), "size": size, "icon": _icon(c), "colour": COLOURS_CSS[c]}
                    for c, size in zip(COLOURS, SIZES, strict=True)],
        "bonus_piles": [{"id": b["id"], "en": b["en"], "ko": b["ko"], "values": list(values),
                         "text": {"en": _bonus_text(b["id"], "en"), "ko": _bonus_text(b["id"], "ko")}}
                        for b, values in zip(DATA["bonus_piles"], BONUS_PILES, strict=True)],
        "whims": [{"id": w, **both(w), "when": WHIM_WHEN[i],
                   "when_text": dict(zip(("en", "ko"), WHEN[WHIM_WHEN[i]], strict=True)),
                   "points": WHIM_POINTS[i], "text": {"en": _whim_text(w, "en"), "ko": _whim_text(w, "ko")}}
                  for i, w in enumerate(WHIMS)],
        "symbols": [{"id": i, "symbol": s, "en": en, "ko": ko} for i, s, en, ko in SYMBOLS],
        "tower": {"floors": 4, "face_icons": list(FACE_ICONS),
                  "seat_sides": {str(n): list(sides) for n, sides in SEAT_SIDES.items()}},
        "track": {"low": TRACK_LOW, "high": TRACK_HIGH, "start": TRACK_START},
        "storage_slots": STORAGE_SLOTS,
        "hand_size": HAND_SIZE,
        "actions_per_turn": ACTIONS_PER_TURN,
        "end_landscapes": {str(n): k for n, k in END_LANDSCAPES.items()},
    }
