"""Balance facts of a finished Harmonies game: the cards each player took, and how the game ended.

The contract is ``hanpan.analysis.facts``.  ``facts(state)["seats"][p]`` has, for seat ``p``:

- ``"animal/<id>": [completed, points]`` for each animal card taken: completed when all its cubes are
  placed, points what its track scores (the top-most value uncovered, 0 with no cube placed);
- ``"spirit/<id>": [completed, points]`` for the Nature's Spirit kept (spirits variant): completed when
  its cube is placed, points its rule's points then (else 0).

``outcome`` holds ``ended_by`` (the end condition that started the last round: ``"board"``, ``"pouch"``,
``"both"`` when one turn met both, ``"turn_limit"`` when ``max_turns`` stopped the game),
``cube_supply_out`` (the supply ended too small to pay for any animal card) and ``side``.

A random solo game with the spirits: the Flamingo has one cube placed (4 points), two cards none, and
the Lion Spirit's cube never found its habitat.

>>> import hanpan
>>> from hanpan.core.rng import Rng
>>> state, rng = hanpan.game("harmonies").new(players=1, seed=3, spirits=True), Rng(3)
>>> while not state.is_over:
...     legal = state.legal_actions(); state.apply(legal[rng.randbelow(len(legal))])
>>> found = facts(state)
>>> found["seats"][0]  # doctest: +NORMALIZE_WHITESPACE
{'animal/flamingo': [False, 4], 'animal/kingfisher': [False, 0], 'animal/fish': [False, 0],
 'spirit/lion_spirit': [False, 0]}
>>> found["outcome"], state.scores()[0]["animals"]
({'ended_by': 'board', 'cube_supply_out': False, 'side': 'A'}, 4)
>>> label("animal/flamingo", "ko"), label("ended_by/board")
('플라밍고', 'A board down to 2 empty cells')
"""

from __future__ import annotations

from typing import Any, Final

from hanpan.core.errors import HanpanError
from hanpan.games.harmonies.data import (
    ANIMAL_IDS,
    CARD_CUBES,
    CARD_IDS,
    END_EMPTY_CELLS,
    NUM_ANIMALS,
    SIDE_NAMES,
    SPIRIT_IDS,
    name,
)
from hanpan.games.harmonies.scoring import rule_points, track_points
from hanpan.games.harmonies.state import HarmoniesState

#: the fewest cubes on a built-in animal card's track: a smaller supply can pay for no card at all (a game
#: with a designer's cards reads its own)
SMALLEST_TRACK: Final = min(CARD_CUBES[:NUM_ANIMALS])


def facts(state: HarmoniesState) -> dict[str, Any]:
    """The cards each seat took and how the game ended (see the module docstring)."""
    if not state.is_over:
        raise HanpanError("balance facts are read from a finished game")
    outcome = {"ended_by": ended_by(state), "cube_supply_out": state.supply < min(state.cardset.cubes[:NUM_ANIMALS]),
               "side": state.side_id}
    return {"seats": [seat_facts(state, p) for p in range(state.num_players)], "outcome": outcome}


def seat_facts(state: HarmoniesState, player: int) -> dict[str, list[Any]]:
    """``{"animal/<id>": [completed, points], "spirit/<id>": [...]}`` of one seat."""
    items: dict[str, list[Any]] = {}
    placed = state.placed
    cardset = state.cardset
    # ``owned`` lists every animal taken; ``held`` is read too so that no card in hand could be missed
    for card in [*state.owned[player], *state.held[player]]:
        if card < NUM_ANIMALS:
            items[f"animal/{CARD_IDS[card]}"] = [placed[card] == cardset.cubes[card],
                                                 track_points(cardset.points[card], placed[card])]
    spirit = state.spirit[player]
    if state.spirits and spirit >= 0:
        done = placed[spirit] > 0
        rule = cardset.spirit_scoring[spirit]
        items[f"spirit/{CARD_IDS[spirit]}"] = [done, rule_points(rule, state.sm[player]) if done else 0]
    return items


def ended_by(state: HarmoniesState) -> str:
    """The end condition that started the last round, read off the final position.

    Both conditions are checked at the end of a turn and the round is then played out, so each can
    only have been met during the last round; the one met at the earlier seat started it.
    """
    if state.stopped:
        return "turn_limit"
    board, pouch = board_seat(state), pouch_seat(state)
    if board is None and pouch is None:
        raise HanpanError("a finished game met neither end condition")
    if pouch is None or (board is not None and board < pouch):
        return "board"
    if board is None or pouch < board:
        return "pouch"
    return "both"


def board_seat(state: HarmoniesState) -> int | None:
    """The first seat whose board is down to the empty-cell limit (empty cells only ever decrease)."""
    return min((p for p in range(state.num_players) if state.empties[p] <= END_EMPTY_CELLS), default=None)


def pouch_seat(state: HarmoniesState) -> int | None:
    """The first seat whose end of turn found the pouch empty, or None.

    A refill that finds the pouch empty leaves its space empty, and nothing else does (a refill from
    an almost empty pouch still puts a token there), so the empty central spaces count the failed refills.
    """
    empty = sum(1 for k in range(state.nspaces) if not any(state.space_tokens(k)))
    if state.solo:
        # solo clears all 3 spaces each turn and refills them in order: all stay empty only when the
        # pouch had nothing left (a last, partial refill fills the first space)
        return 0 if empty == state.nspaces else None
    # every turn takes a space (there are more spaces than seats), and once the pouch is empty every
    # later refill of the round fails: k empty spaces are the refills of the round's last k seats
    return state.num_players - empty if empty else None


_FAMILIES: Final[dict[str, tuple[str, str]]] = {
    "animal": ("Animal cards", "동물 카드"),
    "spirit": ("Nature's Spirits", "자연의 정령"),
}
_OUTCOMES: Final[dict[str, tuple[str, str]]] = {
    "ended_by": ("Game ended by", "게임 종료 조건"),
    "ended_by/board": (f"A board down to {END_EMPTY_CELLS} empty cells", f"개인판 빈칸 {END_EMPTY_CELLS}개 이하"),
    "ended_by/pouch": ("The pouch ran out", "주머니가 비었음"),
    "ended_by/both": ("Board and pouch on one turn", "개인판과 주머니가 한 차례에"),
    "ended_by/turn_limit": ("Stopped at the turn limit", "턴 제한으로 멈춤"),
    "cube_supply_out": ("Cube supply ran out", "동물 큐브가 바닥남"),
    "cube_supply_out/true": ("Cube supply ran out", "동물 큐브가 바닥남"),
    "cube_supply_out/false": ("Cubes left in the supply", "동물 큐브가 남음"),
    "side": ("Board side", "개인판 면"),
    **{f"side/{s}": (f"Side {s} ({en})", f"{s}면 ({ko})") for s, (en, ko) in SIDE_NAMES.items()},
}


def label(key: str, lang: str = "en") -> str:
    """A reader's name for an item, family or outcome key ("" for a key this game does not have)."""
    family, _, item = key.partition("/")
    if (family == "animal" and item in ANIMAL_IDS) or (family == "spirit" and item in SPIRIT_IDS):
        return name(item, lang)
    if family == "cube_supply_out":
        key = key.lower()  # the value may arrive as True / False
    pair = _FAMILIES.get(key) or _OUTCOMES.get(key)
    if pair is None:
        return ""
    return pair[1] if lang == "ko" else pair[0]
