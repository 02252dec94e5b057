"""Helpers for the Spirits of the Wild tests: build any position, and an independent model of the spec.

The ``ref_*`` functions restate the rules of ../shared/spec/spirits_of_the_wild.md directly from the
position JSON (no code shared with the engine), so the tests check the engine against the spec rather
than against itself.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import hanpan
from hanpan.core.rng import Rng

GAME = hanpan.game("spirits_of_the_wild")
COLOURS = ("blue", "teal", "orange", "white", "purple", "yellow")
STONES = (*COLOURS, "spirit")
COUNTS = dict.fromkeys(STONES, 8)  # 8 of each colour, 8 spirit stones: 56
ANIMALS = ("owl", "rabbit", "beaver", "salmon", "turtle")
CARDS = ("take1", "take2", "add2", "add3")
SPIRIT_CARDS = ("deer", "wolf", "bear", "ram", "bison", "eagle")


# --- building positions ---------------------------------------------------------------------------
def board(owl: Sequence[Sequence[str]] = ((), (), ()), rabbit: Sequence[str] = (),
          beaver: Sequence[Sequence[str]] = ((), ()), salmon: Sequence[str] = (), turtle: Sequence[str] = (),
          spirits: Iterable[str] = ()) -> dict[str, Any]:
    """A board in the position format of architecture.md."""
    return {
        "animals": {
            "owl": [list(p) for p in owl], "rabbit": list(rabbit), "beaver": [list(s) for s in beaver],
            "salmon": list(salmon), "turtle": list(turtle),
        },
        "spirit_stones": list(spirits),
    }


def cards(*down: str) -> dict[str, Any]:
    """A player's action cards with the named ones face down (``take1`` may be named twice)."""
    return {
        "take1": 2 - sum(1 for d in down if d == "take1"),
        "take2": "take2" not in down, "add2": "add2" not in down, "add3": "add3" not in down,
        "spirit": True,
    }


def board_stones(b: Mapping[str, Any]) -> dict[str, int]:
    counts = dict.fromkeys(STONES, 0)
    a = b["animals"]
    for group in (*a["owl"], a["rabbit"], *a["beaver"], a["salmon"], a["turtle"]):
        for stone in group:
            counts[stone] += 1
    counts["spirit"] += len(b["spirit_stones"])
    return counts


def make(*, tray: Mapping[str, int] | None = None, bag: Mapping[str, int] | None = None,
         held: Mapping[str, int] | None = None, boards: Sequence[dict[str, Any]] | None = None,
         player: int = 0, action_cards: Sequence[dict[str, Any]] | None = None,
         coyote: tuple[int, str] | None = None, piles: Sequence[Sequence[str]] | None = None,
         seen: Iterable[str] = (), phase: str = "card", program: Sequence[str] = (), pc: int = 0,
         to_take: int = 0, rng: int = 12345, turn: int = 0, max_turns: int | None = None,
         extra_turn: bool = False, active_pile: int = -1) -> Any:
    """A position built from parts.  Exactly one of ``tray`` / ``bag`` may be left out: it receives
    every stone not placed elsewhere (so the position always holds the game's 56 stones)."""
    data = GAME.new(players=2, seed=0).to_json()
    boards = [board(), board()] if boards is None else list(boards)
    placed = dict.fromkeys(STONES, 0)
    for b in boards:
        for k, v in board_stones(b).items():
            placed[k] += v
    for part in (held or {},):
        for k, v in part.items():
            placed[k] += v
    if bag is None:
        tray = dict(tray or {})
        bag = {k: COUNTS[k] - placed[k] - tray.get(k, 0) for k in STONES}
    elif tray is None:
        tray = {k: COUNTS[k] - placed[k] - bag.get(k, 0) for k in STONES}
    data.update(
        {
            "tray": {k: v for k, v in tray.items() if v}, "bag": {k: v for k, v in bag.items() if v},
            "held": dict(held or {}), "boards": boards, "player": player,
            "action_cards": list(action_cards or [cards(), cards()]),
            "coyote": None if coyote is None else {"player": coyote[0], "animal": coyote[1]},
            "spirit_piles": [list(p) for p in (piles or (("deer", "wolf", "bear"), ("ram", "bison", "eagle")))],
            "seen": list(seen), "phase": phase, "program": list(program), "pc": pc, "to_take": to_take,
            "rng": rng, "turn": turn, "options": {"max_turns": max_turns}, "extra_turn": extra_turn,
            "active_pile": active_pile,
        }
    )
    return GAME.from_json(data)


def texts(state: Any) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play(state: Any, *moves: str) -> Any:
    for move in moves:
        state.play(move)
    return state


def total_stones(data: Mapping[str, Any]) -> dict[str, int]:
    """Stones of each kind in bag + tray + hand + both boards of a position JSON."""
    counts = dict.fromkeys(STONES, 0)
    for zone in ("bag", "tray", "held"):
        for k, v in data[zone].items():
            counts[k] += v
    for b in data["boards"]:
        for k, v in board_stones(b).items():
            counts[k] += v
    return counts


def random_game(seed: int, max_turns: int | None = None) -> tuple[Any, list[str]]:
    """A seeded random game played to its end; returns the final state and its action texts."""
    state = GAME.new(players=2, seed=seed, max_turns=max_turns)
    rng = Rng(seed ^ 0x5EED)
    actions = []
    while not state.is_over:
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        actions.append(action.text)
        state.apply(action)
    return state, actions


def fresh(data: Mapping[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(dict(data))


# --- an independent model of the spec ------------------------------------------------------------
SALMON = (0, 1, 2, 4, 6, 9, 13)
TURTLE = (0, 1, 3, 6, 9, 14)


def ref_points(b: Mapping[str, Any]) -> dict[str, int]:
    """Each animal's points on a position-format board, straight from the spec's table."""
    a = b["animals"]
    owl = 3 * sum(1 for pair in a["owl"] if len(pair) == 2)
    rabbit = 6 if len(a["rabbit"]) == 3 else 0
    set3, set2 = len(a["beaver"][0]) == 3, len(a["beaver"][1]) == 2
    beaver = 14 if set3 and set2 else 5 * set3 + 2 * set2
    points = {"owl": owl, "rabbit": rabbit, "beaver": beaver, "salmon": SALMON[len(a["salmon"])],
              "turtle": TURTLE[len(a["turtle"])]}
    for animal in b["spirit_stones"]:
        points[animal] *= 2
    return points


def ref_placements(b: Mapping[str, Any], stone: str, coyote_animal: str | None) -> set[str]:
    """Where ``stone`` may go on board ``b`` (texts of placement actions), per the spec."""
    a = b["animals"]
    blocked = set(b["spirit_stones"])
    if coyote_animal is not None:
        blocked.add(coyote_animal)
    if stone == "spirit":
        return {f"spirit {x}" for x in ANIMALS if x not in blocked}
    out = set()

    def one_colour(group: Sequence[str], size: int) -> bool:
        return len(group) < size and all(s == stone for s in group)

    def distinct(group: Sequence[str], size: int) -> bool:
        return len(group) < size and stone not in group

    if "owl" not in blocked:
        for i, pair in enumerate(a["owl"]):
            if one_colour(pair, 2):
                out.add(f"{stone} owl{i + 1}")
    if "rabbit" not in blocked and distinct(a["rabbit"], 3):
        out.add(f"{stone} rabbit")
    if "beaver" not in blocked:
        if one_colour(a["beaver"][0], 3):
            out.add(f"{stone} beaver3")
        if one_colour(a["beaver"][1], 2):
            out.add(f"{stone} beaver2")
    if "salmon" not in blocked and distinct(a["salmon"], 6):
        out.add(f"{stone} salmon")
    if "turtle" not in blocked and one_colour(a["turtle"], 5):
        out.add(f"{stone} turtle")
    return out


def ref_card_texts(data: Mapping[str, Any]) -> set[str]:
    """The cards the player to move may use in a card phase, per the spec (with ``pass``)."""
    me = data["current_player"]
    c = data["action_cards"][me]
    in_tray = sum(data["tray"].values())
    out = set()
    if c["take1"] > 0 and in_tray >= 1:
        out.add("take1")
    if c["take2"] and in_tray >= 2:
        out.add("take2")
    if c["add2"]:
        out.add("add2")
    if c["add3"]:
        out.add("add3")
    face_down = (2 - c["take1"]) + (not c["take2"]) + (not c["add2"]) + (not c["add3"])
    if face_down >= 3:
        out |= {pile[0] for pile in data["spirit_piles"]}
    return out or {"pass"}
