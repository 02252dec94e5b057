"""Helpers for the Harmonies tests: board geometry and an independent model of the spec's scoring.

The ``ref_*`` functions restate ../shared/spec/harmonies.md directly from cell names and
colour lists (plain dicts and breadth-first search, no code shared with the engine's bit
tables), so the tests check the engine against the spec rather than against itself.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import hanpan

GAME = hanpan.game("harmonies")
SPEC = Path(__file__).resolve().parents[3] / "shared" / "spec"
CARDS = json.loads((Path(hanpan.__file__).parent / "games/harmonies/data/cards.json").read_text("utf-8"))
ANIMALS = {c["id"]: c for c in CARDS["animals"]}
SPIRITS = {c["id"]: c for c in CARDS["spirits"]}
COLUMNS = {"A": (5, 4, 5, 4, 5), "B": (4, 3, 4, 3, 4, 3, 4)}

#: a canonical stack for each landscape kind, and near misses (one height off / another kind)
KIND_STACK: dict[str, list[str]] = {
    "water": ["blue"], "field": ["yellow"], "tree1": ["green"], "tree2": ["brown", "green"],
    "tree3": ["brown", "brown", "green"], "mountain1": ["grey"], "mountain2": ["grey", "grey"],
    "mountain3": ["grey", "grey", "grey"], "building": ["grey", "red"],
}
NEAR_MISS: dict[str, list[list[str]]] = {
    "water": [["yellow"], []], "field": [["blue"], []], "tree1": [["brown", "green"], ["brown"]],
    "tree2": [["green"], ["brown", "brown", "green"], ["brown", "brown"]],
    "tree3": [["brown", "green"], ["brown", "brown"]], "mountain1": [["grey", "grey"], ["red"]],
    "mountain2": [["grey"], ["grey", "grey", "grey"]], "mountain3": [["grey", "grey"], ["grey", "red"]],
    "building": [["red"], ["grey"], ["brown"]],
}


# --- geometry (axial coordinates straight from the spec) ----------------------------------------------
def cells(side: str) -> dict[str, tuple[int, int]]:
    out = {}
    for q, height in enumerate(COLUMNS[side]):
        for row in range(height):
            out[f"{chr(97 + q)}{row + 1}"] = (q, row - (q - (q & 1)) // 2)
    return out


def neighbours(side: str) -> dict[str, list[str]]:
    where = cells(side)
    at = {v: k for k, v in where.items()}
    dirs = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    return {n: [at[(q + dq, r + dr)] for dq, dr in dirs if (q + dq, r + dr) in at] for n, (q, r) in where.items()}


def rotate(q: int, r: int, times: int) -> tuple[int, int]:
    for _ in range(times):
        q, r = -r, q + r
    return q, r


def placement(side: str, card: Mapping[str, Any], times: int) -> tuple[str, dict[str, str]] | None:
    """An anchor cell and {cell: kind} of the card's habitat turned ``times`` × 60°, on the board."""
    where = cells(side)
    at = {v: k for k, v in where.items()}
    for anchor, (q0, r0) in where.items():
        found = {}
        for cell in card["cells"]:
            dq, dr = rotate(cell["q"], cell["r"], times)
            target = at.get((q0 + dq, r0 + dr))
            if target is None:
                break
            found[target] = cell["kind"]
        else:
            return anchor, found
    return None


# --- an independent scoring model --------------------------------------------------------------------
def _groups(members: set[str], near: Mapping[str, list[str]]) -> list[set[str]]:
    left = set(members)
    out = []
    while left:
        start = min(left)
        group = {start}
        todo = [start]
        while todo:
            for n in near[todo.pop()]:
                if n in left and n not in group:
                    group.add(n)
                    todo.append(n)
        left -= group
        out.append(group)
    return out


def _river_length(group: set[str], near: Mapping[str, list[str]]) -> int:
    best = 0
    for start in group:
        dist = {start: 1}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for n in near[cell]:
                if n in group and n not in dist:
                    dist[n] = dist[cell] + 1
                    queue.append(n)
        best = max(best, max(dist.values()))
    return best


def ref_river(length: int) -> int:
    table = [0, 0, 2, 5, 8, 11, 15]
    return table[length] if length < 7 else 15 + 4 * (length - 6)


def ref_landscape(side: str, board: Mapping[str, Sequence[str]]) -> dict[str, int]:
    """trees, mountains, fields, buildings, water of a board {cell: colours}, by the spec."""
    near = neighbours(side)
    stacks = {c: list(board.get(c, [])) for c in near}
    out = dict.fromkeys(("trees", "mountains", "fields", "buildings", "water"), 0)
    for cell, s in stacks.items():
        if s and s[-1] == "green" and all(x == "brown" for x in s[:-1]):
            out["trees"] += (1, 3, 7)[len(s) - 1]
        mountain_near = any(stacks[n] and all(x == "grey" for x in stacks[n]) for n in near[cell])
        if s and all(x == "grey" for x in s) and mountain_near:
            out["mountains"] += (1, 3, 7)[len(s) - 1]
        if len(s) == 2 and s[1] == "red" and s[0] in ("red", "brown", "grey"):
            tops = {stacks[n][-1] for n in near[cell] if stacks[n]}
            if len(tops) >= 3:
                out["buildings"] += 5
    yellow = {c for c, s in stacks.items() if s == ["yellow"]}
    out["fields"] = 5 * sum(1 for g in _groups(yellow, near) if len(g) >= 2)
    blue = {c for c, s in stacks.items() if s == ["blue"]}
    if side == "A":
        out["water"] = max((ref_river(_river_length(g, near)) for g in _groups(blue, near)), default=0)
    else:
        out["water"] = 5 * len(_groups(set(near) - blue, near))
    return out


def ref_spirit(side: str, spirit: str, board: Mapping[str, Sequence[str]]) -> int:
    near = neighbours(side)
    rule = SPIRITS[spirit]["scoring"]
    stacks = {c: list(board.get(c, [])) for c in near}
    if rule["type"] == "groups":
        if rule["of"] == "field":
            members = {c for c, s in stacks.items() if s == ["yellow"]}
        elif rule["of"] == "water":
            members = {c for c, s in stacks.items() if s == ["blue"]}
        else:
            members = {c for c, s in stacks.items() if len(s) == 2 and s[1] == "red"}
        sizes = [len(g) for g in _groups(members, near)]
        if "points_by_group_size" in rule:
            table = rule["points_by_group_size"]
            return sum(table["1"] if n == 1 else table["2"] if n == 2 else table["3+"] for n in sizes)
        return rule["points_per_group"] * sum(1 for n in sizes if n >= rule["min_size"])
    if rule["of"] == "water_token":
        return rule["points_each"] * sum(1 for s in stacks.values() if s == ["blue"])
    total = 0
    for s in stacks.values():
        if rule["of"] == "tree" and s and s[-1] == "green" and all(x == "brown" for x in s[:-1]):
            total += rule["points_by_height"][str(len(s))]
        if rule["of"] == "mountain" and s and all(x == "grey" for x in s):
            total += rule["points_by_height"][str(len(s))]
    return total


def ref_animals(cards: Sequence[Mapping[str, Any]]) -> int:
    total = 0
    for entry in cards:
        track = ANIMALS[entry["id"]]["points_top_to_bottom"]
        k = entry["cubes_placed"]
        total += track[len(track) - k] if k else 0
    return total


def position(side: str, board: Mapping[str, Sequence[str]], cards: Sequence[Mapping[str, Any]] = (),
             spirit: Mapping[str, Any] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "harmonies", "side": side, "cells": {k: list(v) for k, v in board.items()},
                            "cards": [dict(c) for c in cards]}
    if spirit is not None:
        data["spirit"] = dict(spirit)
    return data


def random_game(players: int, seed: int, **options: Any) -> Any:
    """A finished random game."""
    from hanpan.core.rng import Rng

    state = GAME.new(players=players, seed=seed, **options)
    rng = Rng(seed + 1)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.randbelow(len(legal))])
    return state


def with_board(state: Any, player: int, board: Mapping[str, Sequence[str]], hold: Sequence[str] = (),
               spirit: str | None = None) -> Any:
    """The state with ``player``'s board set to ``board`` (tokens come from the pouch) and the animal
    cards ``hold`` (and Nature's Spirit ``spirit``) held with no cube placed, through to_json/from_json."""
    data = state.to_json()
    pouch = dict(data["pouch"])
    old = data["boards"][player]["cells"]
    for stack in old.values():
        for colour in stack:
            pouch[colour] = pouch.get(colour, 0) + 1
    for stack in board.values():
        for colour in stack:
            pouch[colour] -= 1
            assert pouch[colour] >= 0, "not enough tokens in the pouch for this board"
    data["pouch"] = {k: v for k, v in pouch.items() if v}
    data.pop("bag", None)  # the pouch changed: its bookkeeping order goes
    data["boards"][player]["cells"] = {k: list(v) for k, v in board.items()}
    data["boards"][player]["cubes"] = {}
    for cid in hold:
        for key in ("display", "deck"):
            if cid in data[key]:
                data[key].remove(cid)
        data["boards"][player]["cards"].append({"id": cid, "cubes_placed": 0})
        data["supply"] -= ANIMALS[cid]["cubes"]
    if spirit is not None:
        data["options"]["spirits"] = True
        others = [s for s in SPIRITS if s != spirit]
        data["dealt"] = [[spirit, others.pop()] if p == player else [others.pop(), others.pop()] for p in
                         range(data["players"])]
        used = {c for d in data["dealt"] for c in d}
        data["spirit_box"] = [s for s in SPIRITS if s not in used]
        data["boards"][player]["spirit"] = {"id": spirit, "placed": False}
    return GAME.from_json(data)
