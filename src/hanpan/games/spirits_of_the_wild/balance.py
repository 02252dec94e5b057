"""Balance facts of a finished Spirits of the Wild game (the contract: ``hanpan.analysis.facts``).

Per seat, keyed ``"<family>/<id>"`` with ``[completed, points]``; from the final state alone:

- ``animal/<animal>``: each animal of the seat's board holding a stone (a spirit stone too).
  completed: all its stone slots are filled (every owl pair, the rabbit's 3, both beaver sets, the
  salmon's 6, the turtle's 5); points: what it scores, spirit stone included (the score card's category
  of that animal, so a seat's animal points add up to its total).
- ``spirit_stone/<animal>``: each animal holding a spirit stone.  completed: None; points: what the
  stone added (the animal's points less what it would score without the stone).

The action cards and Great Spirit cards a seat played leave no trace in the final state (a card played
only turns face down until the next refresh, and a spirit card goes back under its pile), so they come
only from the game's record, when one is given (``facts(state, record)``, which replays it):

- ``action/<card>``: each action card the seat played at least once (``take1``, ``take2``, ``add2``,
  ``add3``, and ``spirit``, the spirit & refresh card); ``[None, None]``;
- ``spirit/<card>``: each Great Spirit card the seat played (a spirit card scores nothing and has no
  condition); ``[None, None]``.

``card_uses(record)`` gives how many times each seat played each of them.

Outcome: ``ended_by`` (``spirit_stones``, or ``max_turns`` when that option stopped the game),
``decided_by`` (``total``, ``coyote`` for a tie the coyote broke, ``shared``, ``none``),
``coyote_holder`` (``first`` or ``second``: the seat whose board the coyote ends on, the first player
being seat 0; ``middle`` if it never left the middle), ``coyote_animal`` (the animal it ends on, or
``middle``), ``turns`` (whole turns played, an eagle's extra turn counted) and ``spirit_stones_out``
(spirit stones out of the bag at the end: 5 or more when the game ended by them).

>>> import hanpan
>>> from hanpan.core.rng import Rng
>>> state, rng, actions = hanpan.game("spirits_of_the_wild").new(players=2, seed=7), Rng(7), []
>>> while not state.is_over:
...     legal = state.legal_actions(); actions.append(state.play(legal[rng.randbelow(len(legal))]).text)
>>> found = facts(state)
>>> found["outcome"]  # doctest: +NORMALIZE_WHITESPACE
{'ended_by': 'spirit_stones', 'decided_by': 'coyote', 'coyote_holder': 'first', 'coyote_animal': 'rabbit',
 'turns': 18, 'spirit_stones_out': 5}
>>> found["seats"][0]  # doctest: +NORMALIZE_WHITESPACE
{'animal/owl': [False, 0], 'animal/rabbit': [False, 0], 'animal/beaver': [False, 0], 'animal/salmon': [False, 2],
 'animal/turtle': [False, 0], 'spirit_stone/owl': [None, 0], 'spirit_stone/beaver': [None, 0],
 'spirit_stone/turtle': [None, 0]}
>>> sum(points for key, (_, points) in found["seats"][0].items() if key.startswith("animal/"))
2
>>> state.scores()[0].total
2
>>> card_uses(Record("spirits_of_the_wild", {}, ["ann", "bob"], 7, actions))[0]  # doctest: +NORMALIZE_WHITESPACE
{'action/add2': 2, 'action/take1': 3, 'action/spirit': 2, 'spirit/eagle': 1, 'action/take2': 2, 'action/add3': 1,
 'spirit/deer': 1}
>>> label("animal/salmon", "ko"), label("action/spirit"), label("spirit/eagle", "ko"), label("decided_by/coyote")
('연어', 'Spirit & refresh', '독수리', 'Tie broken by the coyote')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from hanpan.core.errors import HanpanError
from hanpan.core.record import Record, start
from hanpan.games.spirits_of_the_wild.data import (
    ANIMALS,
    CARD_IDS,
    DATA,
    PLACE_ANIMAL,
    PLACE_SIZE,
    SPIRIT_CARDS,
    SPIRIT_MULTIPLIER,
    SPIRITS_TO_END,
    name,
)
from hanpan.games.spirits_of_the_wild.state import SpiritsState

if TYPE_CHECKING:
    from hanpan.core.contract import State

#: the stone slots of each animal's places, in the order the position format lists its groups
_SLOTS: Final[dict[str, tuple[int, ...]]] = {
    animal: tuple(size for place_animal, size in zip(PLACE_ANIMAL, PLACE_SIZE, strict=True) if place_animal == a)
    for a, animal in enumerate(ANIMALS)
}
#: the action cards by their notation; "spirit" is the spirit & refresh card (data.name gives the stone)
_ACTION_NAMES: Final[dict[str, tuple[str, str]]] = {
    card["id"]: (card["en"], card["ko"]) for card in DATA["action_cards"]
}
_FIRST_SEAT: Final = 0  # the engine always starts with seat 0


def _spirits(state: State) -> SpiritsState:
    if not isinstance(state, SpiritsState):
        raise HanpanError(f"spirits_of_the_wild balance facts need its state, not {type(state).__name__}")
    if not state.is_over:
        raise HanpanError("balance facts are read from a game that is over")
    return state


# --- per seat ------------------------------------------------------------------------------------
def _groups(stones: list[Any]) -> list[list[str]]:
    """An animal's stones in the position format as a list of groups (owl and beaver have several)."""
    return stones if stones and isinstance(stones[0], list) else [stones]


def board_items(board: dict[str, Any], categories: dict[str, int], multiplier: int = SPIRIT_MULTIPLIER
                ) -> dict[str, list[Any]]:
    """The ``animal/`` and ``spirit_stone/`` items of one seat's board (position JSON) and score card
    (``multiplier``: what a spirit stone multiplies an animal's points by, in this game's components)."""
    spirited = board["spirit_stones"]
    items: dict[str, list[Any]] = {}
    for animal in ANIMALS:
        groups = _groups(board["animals"][animal])
        if animal in spirited or any(groups):
            full = all(len(group) == slots for group, slots in zip(groups, _SLOTS[animal], strict=True))
            items[f"animal/{animal}"] = [full, categories[animal]]
    for animal in spirited:
        points = categories[animal]
        items[f"spirit_stone/{animal}"] = [None, points - points // multiplier]
    return items


def card_keys(action_text: str) -> tuple[str, ...]:
    """The item keys a played action uses: an action card, or a spirit card with the refresh card."""
    if action_text in CARD_IDS:
        return (f"action/{action_text}",)
    if action_text in SPIRIT_CARDS:
        return ("action/spirit", f"spirit/{action_text}")
    return ()


def _replay(record: Record) -> tuple[State, list[dict[str, int]]]:
    """The record's final state and each seat's card uses, counted while replaying it (checked)."""
    state = start(record)
    uses: list[dict[str, int]] = [{} for _ in range(state.num_players)]
    for text in record.actions:
        seat = state.current_player
        action = state.play(text)  # an action that does not fit the game raises here
        assert seat is not None  # play refuses every action once the game is over
        for key in card_keys(action.text):
            uses[seat][key] = uses[seat].get(key, 0) + 1
    return state, uses


def card_uses(record: Record) -> list[dict[str, int]]:
    """How many times each seat played each action card and spirit card (keys as in ``facts``)."""
    return _replay(record)[1]


def _record_items(state: SpiritsState, record: Record) -> list[dict[str, list[Any]]]:
    """The ``action/`` and ``spirit/`` items of each seat, from a record that must end in ``state``."""
    if record.game != state.game.id:
        raise HanpanError(f"a record of {record.game} cannot give facts of {state.game.id}")
    replayed, uses = _replay(record)
    if replayed.to_json() != state.to_json():
        raise HanpanError("the record does not end in this state; its card uses would not be this game's")
    return [{key: [None, None] for key in sorted(used)} for used in uses]


# --- the game ------------------------------------------------------------------------------------
def decided_by(state: SpiritsState) -> str:
    """How the winner was singled out: by the totals, by the coyote on a tie, or not at all."""
    winners = state.winners()
    if not winners:
        return "none"
    if len(winners) > 1:
        return "shared"
    totals = {card.total for card in state.scores()}
    return "total" if len(totals) > 1 else "coyote"


def outcome(state: SpiritsState, coyote: dict[str, Any] | None) -> dict[str, Any]:
    """The game-level facts (see the module doc); ``coyote`` is the position JSON's coyote."""
    holder = "middle" if coyote is None else ("first" if coyote["player"] == _FIRST_SEAT else "second")
    return {
        "ended_by": "max_turns" if state.stopped else "spirit_stones",
        "decided_by": decided_by(state),
        "coyote_holder": holder,
        "coyote_animal": "middle" if coyote is None else coyote["animal"],
        "turns": state.turn,
        "spirit_stones_out": state.spirit_stones_out(),
    }


def facts(state: State, record: Record | None = None) -> dict[str, Any]:
    """What each seat used and how the game went (see the module doc); JSON-ready.

    Without ``record`` a pure function of the final state; with it, the record is replayed (and must
    end in ``state``) to add the cards each seat played.
    """
    s = _spirits(state)
    data = s.to_json()  # the position format: boards and coyote as the rules describe them
    scores = s.scores()
    seats = [board_items(data["boards"][p], dict(scores[p].categories), s.components.multiplier)
             for p in range(s.num_players)]
    if record is not None:
        for seat, items in zip(seats, _record_items(s, record), strict=True):
            seat.update(items)
    return {"seats": seats, "outcome": outcome(s, data["coyote"])}


# --- names ---------------------------------------------------------------------------------------
FAMILIES: Final[dict[str, tuple[str, str]]] = {
    "animal": ("Animals", "동물"),
    "spirit_stone": ("Spirit stones", "영혼석"),
    "action": ("Action cards", "행동 카드"),
    "spirit": ("Spirit cards", "정령 카드"),
}
OUTCOMES: Final[dict[str, tuple[str, str]]] = {
    "ended_by": ("Game ended by", "게임 종료 사유"),
    "decided_by": ("Winner decided by", "승자 결정 방식"),
    "coyote_holder": ("Coyote ends with", "코요테를 받은 플레이어"),
    "coyote_animal": ("Coyote ends on", "코요테가 선 동물"),
    "turns": ("Turns played", "진행한 차례 수"),
    "spirit_stones_out": ("Spirit stones out of the bag", "주머니에서 나온 영혼석"),
}
VALUES: Final[dict[str, tuple[str, str]]] = {
    "spirit_stones": (f"{SPIRITS_TO_END} spirit stones out", f"영혼석 {SPIRITS_TO_END}개가 나옴"),
    "max_turns": ("Turn limit", "턴 제한"),
    "total": ("Total score", "총점"),
    "coyote": ("Tie broken by the coyote", "동점을 코요테로 가림"),
    "shared": ("Shared win", "공동 승리"),
    "none": ("No winner", "승자 없음"),
    "first": ("First player", "선 플레이어"),
    "second": ("Second player", "후 플레이어"),
    "middle": ("Never left the middle", "가운데에서 움직이지 않음"),
}
_NUMBERS: Final = ("turns", "spirit_stones_out")


def _pick(names: tuple[str, str], lang: str) -> str:
    return names[1] if lang == "ko" else names[0]


def _item_label(family: str, item: str, lang: str) -> str:
    """The name of an item key's id within its family ("" if the family has no such id)."""
    if family == "action" and item in _ACTION_NAMES:
        return _pick(_ACTION_NAMES[item], lang)
    if (family == "animal" and item in ANIMALS) or (family == "spirit" and item in SPIRIT_CARDS):
        return name(item, lang)
    if family == "spirit_stone" and item in ANIMALS:
        animal = name(item, lang)
        return f"{animal}의 영혼석" if lang == "ko" else f"Spirit stone on the {animal}"
    return ""


def _value_label(outcome_name: str, value: str, lang: str) -> str:
    """The words for an outcome's value (``coyote_animal`` takes animal ids, the counts digits)."""
    if outcome_name in _NUMBERS:
        return value if value.isdigit() else ""
    if outcome_name == "coyote_animal" and value in ANIMALS:
        return name(value, lang)
    return _pick(VALUES[value], lang) if value in VALUES else ""


def label(key: str, lang: str = "en") -> str:
    """A reader's name for a family, an item (``"animal/owl"``), an outcome name or value (``"ended_by"``,
    ``"spirit_stones"`` or ``"ended_by/spirit_stones"``); "" for an unknown key."""
    for table in (FAMILIES, OUTCOMES, VALUES):
        if key in table:
            return _pick(table[key], lang)
    if key in ANIMALS:  # a coyote_animal value on its own
        return name(key, lang)
    family, _, item = key.partition("/")
    if family in OUTCOMES:
        return _value_label(family, item, lang)
    return _item_label(family, item, lang)
