"""Boards in the position format of architecture.md, read with full validation, and scored.

>>> card = score_board({"game": "harmonies", "side": "A",
...     "cells": {"a1": ["brown", "green"], "b1": ["blue"], "c3": ["grey", "red"]},
...     "cards": [{"id": "fennec_fox", "cubes_placed": 2}],
...     "spirit": {"id": "lion_spirit", "placed": True}})
>>> card.to_json()
{'trees': 3, 'mountains': 0, 'fields': 0, 'buildings': 0, 'water': 0, 'animals': 9, 'spirit': 0, 'total': 12}
>>> score_board({"side": "A", "cells": {"c3": ["red", "grey"]}})
Traceback (most recent call last):
...
hanpan.core.errors.PositionError: cell c3: the stack red, grey is not allowed (on red only red may go)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hanpan.core.contract import ScoreCard
from hanpan.core.errors import PositionError
from hanpan.games.harmonies.board import ADD, EMPTY, NUM_STACKS, SIDE, STACKS, Side
from hanpan.games.harmonies.data import (
    ANIMAL_CUBES,
    ANIMAL_IDS,
    CARD_CUBES,
    CARD_INDEX,
    CARD_LIMIT,
    COLOURS,
    SPIRIT_IDS,
    TOKEN_COUNTS,
)
from hanpan.games.harmonies.scoring import CATEGORIES, card_points, landscape_points, spirit_points

POSITION_KEYS = ("game", "side", "cells", "cards", "spirit")


def stack_of(colours: object, where: str) -> int:
    """The stack id of a list of colour names (bottom → top); anything illegal raises PositionError."""
    if not isinstance(colours, list) or not all(isinstance(c, str) for c in colours):
        raise PositionError(f"{where}: a stack must be a list of colours ({', '.join(COLOURS)})",
                            f"{where}: 쌓인 토큰은 색깔 목록이어야 합니다 ({', '.join(COLOURS)})")
    sid = EMPTY
    for colour in colours:
        if colour not in COLOURS:
            raise PositionError(f"{where}: unknown colour {colour!r}; colours: {', '.join(COLOURS)}",
                                f"{where}: 알 수 없는 색깔 {colour!r}; 색깔: {', '.join(COLOURS)}")
        new = ADD[sid * 6 + COLOURS.index(colour)]
        if new < 0:
            below = ", ".join(STACKS[sid])
            allowed = [COLOURS[c] for c in range(6) if ADD[sid * 6 + c] >= 0]
            rule = f"on {below} only {' or '.join(allowed)} may go" if allowed else f"nothing may go on {below}"
            raise PositionError(f"{where}: the stack {', '.join(colours)} is not allowed ({rule})",
                                f"{where}: {', '.join(colours)} 순서로는 쌓을 수 없습니다 ({rule})")
        sid = new
    return sid


def cells_from_json(side: Side, cells: object) -> list[int]:
    """The stack id of every cell of ``side`` from a ``cells`` object {name: [colours]}."""
    if not isinstance(cells, Mapping):
        raise PositionError("'cells' must map cell names to stacks, e.g. {\"a1\": [\"blue\"]}")
    stacks = [EMPTY] * side.ncells
    used = [0] * 6
    for name, colours in cells.items():
        if name not in side.index:
            raise PositionError(f"unknown cell {name!r} for side {side.id}; cells: "
                                f"{side.names[0]}–{side.names[-1]} ({side.ncells} cells)",
                                f"{side.id}면에 없는 칸 {name!r}; 칸: "
                                f"{side.names[0]}–{side.names[-1]} ({side.ncells}칸)")
        sid = stack_of(colours, f"cell {name}")
        stacks[side.index[name]] = sid
        for colour in colours:
            used[COLOURS.index(colour)] += 1
    for c in range(6):
        if used[c] > TOKEN_COUNTS[c]:
            raise PositionError(
                f"the board holds {used[c]} {COLOURS[c]} tokens; the game has {TOKEN_COUNTS[c]}",
                f"개인판에 {COLOURS[c]} 토큰이 {used[c]}개 있습니다; 게임에는 {TOKEN_COUNTS[c]}개뿐입니다")
    return stacks


def stack_masks(side: Side, stacks: Sequence[int]) -> list[int]:
    sm = [0] * NUM_STACKS
    for cell, sid in enumerate(stacks):
        sm[sid] |= side.bits[cell]
    return sm


def side_of(data: Mapping[str, Any]) -> Side:
    side = data.get("side", "A")
    if not isinstance(side, str) or side not in SIDE:
        raise PositionError(f"side must be A or B, not {side!r}", f"면은 A 또는 B여야 합니다 ({side!r} 불가)")
    return SIDE[side]


def score_board(data: object) -> ScoreCard:
    """Score one player's board in the architecture.md position format."""
    if not isinstance(data, Mapping):
        raise PositionError("a position must be a JSON object")
    if data.get("game", "harmonies") != "harmonies":
        raise PositionError(f"this position is for {data.get('game')!r}, not harmonies")
    unknown = sorted(set(data) - set(POSITION_KEYS))
    if unknown:
        raise PositionError(f"unknown key {unknown[0]!r}; keys: {', '.join(POSITION_KEYS)}")
    side = side_of(data)
    stacks = cells_from_json(side, data.get("cells", {}))
    sm = stack_masks(side, stacks)
    cards = data.get("cards", [])
    if not isinstance(cards, list):
        raise PositionError("'cards' must be a list of {\"id\": card, \"cubes_placed\": n}")
    animals = 0
    seen: set[str] = set()
    cubes = 0
    unfinished = 0
    for entry in cards:
        if not isinstance(entry, Mapping) or set(entry) - {"id", "cubes_placed"}:
            raise PositionError("each card must be {\"id\": card, \"cubes_placed\": n}")
        cid = entry.get("id")
        if cid not in ANIMAL_IDS:
            hint = " (a spirit goes under 'spirit')" if cid in SPIRIT_IDS else ""
            raise PositionError(f"unknown animal card {cid!r}{hint}; e.g. {', '.join(ANIMAL_IDS[:4])}, …",
                                f"알 수 없는 동물 카드 {cid!r}; 예: {', '.join(ANIMAL_IDS[:4])}, …")
        if cid in seen:
            raise PositionError(f"card {cid} is listed twice; there is one of each card",
                                f"카드 {cid}가 두 번 있습니다; 카드는 한 장씩뿐입니다")
        seen.add(cid)
        card = CARD_INDEX[cid]
        placed = entry.get("cubes_placed", 0)
        if isinstance(placed, bool) or not isinstance(placed, int) or not 0 <= placed <= CARD_CUBES[card]:
            raise PositionError(f"card {cid}: cubes_placed must be 0..{CARD_CUBES[card]}, not {placed!r}",
                                f"카드 {cid}: 놓은 큐브는 0..{CARD_CUBES[card]}개여야 합니다 ({placed!r} 불가)")
        cubes += placed
        unfinished += placed < CARD_CUBES[card]
        animals += card_points(card, placed)
    if sum(CARD_CUBES[CARD_INDEX[c]] for c in seen) > ANIMAL_CUBES:
        raise PositionError(f"these cards need more than the game's {ANIMAL_CUBES} animal cubes")
    spirit_score = 0
    spirit = data.get("spirit")
    if spirit is not None:
        if not isinstance(spirit, Mapping) or spirit.get("id") not in SPIRIT_IDS or not isinstance(
            spirit.get("placed", False), bool
        ) or set(spirit) - {"id", "placed"}:
            raise PositionError(f"'spirit' must be null or {{\"id\": spirit, \"placed\": true|false}}; "
                                f"spirits: {', '.join(SPIRIT_IDS)}")
        if spirit.get("placed"):
            cubes += 1
            spirit_score = spirit_points(CARD_INDEX[spirit["id"]], sm)
        else:
            unfinished += 1
    if unfinished > CARD_LIMIT:
        raise PositionError(f"the player holds {unfinished} unfinished cards; the limit is {CARD_LIMIT}",
                            f"완성하지 않은 카드가 {unfinished}장입니다; 최대 {CARD_LIMIT}장입니다")
    covered = sum(1 for sid in stacks if sid != EMPTY)
    if cubes > covered:
        raise PositionError(f"{cubes} cubes are placed but only {covered} cells hold tokens (one cube per cell)",
                            f"큐브 {cubes}개를 놓았지만 토큰이 있는 칸은 {covered}개뿐입니다 (칸마다 큐브 1개)")
    points = [*landscape_points(side, sm), animals, spirit_score]
    return ScoreCard(dict(zip(CATEGORIES, points, strict=True)), sum(points))

