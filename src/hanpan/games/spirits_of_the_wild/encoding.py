"""Spirits of the Wild's observation encoding: ``view(player)`` as a flat list of floats (see
``hanpan.adapters.observation``).

Seats are relative to the viewer: "seat +0" is the viewer, "seat +1" the opponent.  Stone kinds are in the
order blue, teal, orange, white, purple, yellow, spirit; colours the first six; animals owl, rabbit, beaver,
salmon, turtle; board places owl1, owl2, owl3, rabbit, beaver3, beaver2, salmon, turtle; spirit cards deer,
wolf, bear, ram, bison, eagle (all from ``data``).  Counts are divided by a fixed scale named in each segment.

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
>>> segments = layout(2, state.options)
>>> vector = encode(state.view(0), 2, state.options)
>>> len(vector) == sum(size for _, size, _ in segments), len(vector)
(True, 256)
>>> [name for name, _, _ in segments][:5]
['seat', 'current_player', 'status', 'phase', 'turn']
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from hanpan.core.encoding import layout_function, max_turns_option, offset_of, view_segments, write_view
from hanpan.games.spirits_of_the_wild.data import (
    ANIMALS,
    CARD_IDS,
    COLOURS,
    PLACE_ANIMAL,
    PLACE_DISTINCT,
    PLACE_SIZE,
    PLACES,
    SPIRIT_CARDS,
    SPIRITS_TO_END,
    STONE_COUNTS,
    STONES,
)
from hanpan.games.spirits_of_the_wild.state import PHASES, STEPS

#: the scale of the turn number
TURN_SCALE = 50
#: the scale of points (each animal and the total)
POINTS_SCALE = 50
_NK = len(STONES)
_NC = len(COLOURS)
_NA = len(ANIMALS)
_PILE = 3  # cards per spirit pile (6 cards in 2 piles)
_SCORE_KEYS = (*ANIMALS, "total")
_ANIMAL_INDEX = {a: i for i, a in enumerate(ANIMALS)}
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_CARD_INDEX = {c: i for i, c in enumerate(SPIRIT_CARDS)}
_PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
#: the cards a turn may play: the action cards, then the spirit cards
_PLAYABLE = (*CARD_IDS, *SPIRIT_CARDS)
_PLAYABLE_INDEX = {c: i for i, c in enumerate(_PLAYABLE)}
_STEP_INDEX = {s: i for i, s in enumerate(STEPS)}
#: the board places of each animal in the view's order: (place index, width of its entries)
_PLACE_WIDTH = tuple(_NC if distinct else 1 + _NC for distinct in PLACE_DISTINCT)
_PLACE_OFFSET = tuple(sum(_PLACE_WIDTH[:i]) for i in range(len(PLACES)))
_BOARD = sum(_PLACE_WIDTH)
#: for each animal, its places (a lone place is read as a list of stones, several as a list of lists)
_ANIMAL_PLACES = tuple(tuple(i for i, a in enumerate(PLACE_ANIMAL) if a == animal) for animal in range(_NA))


def _place_about() -> str:
    parts = []
    for i, place in enumerate(PLACES):
        if PLACE_DISTINCT[i]:
            parts.append(f"{place}: 1 per colour on it ({_NC})")
        else:
            parts.append(f"{place}: stones / {PLACE_SIZE[i]}, then one-hot of their colour ({1 + _NC})")
    return "; ".join(parts)


class _Plan:
    """Offsets of every segment for one (max_turns) setup."""

    def __init__(self, players: int, max_turns: int | None) -> None:
        self.players = players
        self.max_turns = max_turns
        self.segments = view_segments(
            players, max_turns, TURN_SCALE, seat_about="one-hot: your seat (seat 0 plays first)",
            mover_about="one-hot: whose decision it is, relative to you (+0 you, +1 the opponent); all 0 when over",
            between=[("phase", len(PHASES), f"one-hot: the decision awaited ({', '.join(PHASES)})")])
        self.phase = offset_of(self.segments, "phase")
        add = self._add
        kinds = ", ".join(STONES)
        totals = ", ".join(map(str, STONE_COUNTS))
        self.bag = add("bag", _NK, f"stones in the bag per kind ({kinds}) / that kind's total ({totals})")
        self.tray = add("tray", _NK, "stones in the tray per kind / that kind's total")
        self.held = add("held", _NK, "stones taken and not yet placed, per kind / 2")
        self.to_take = add("to_take", 1, "stones still to take from the tray in this take decision / 2")
        self.card_played = add("card_played", len(_PLAYABLE),
                               f"one-hot: the card being played this turn ({', '.join(_PLAYABLE)}); all 0 at a "
                               "card decision and when over")
        self.steps_left = add("steps_left", len(STEPS),
                              f"1 for each step of that card still to do, the current one included "
                              f"({', '.join(STEPS)}; a card's steps come in a fixed order, so these and the card "
                              "give the order)")
        self.active_pile = add("active_pile", 2, "one-hot: the spirit pile (1, 2) whose top card is being played")
        self.extra_turn = add("extra_turn", 1, "1 if this turn is followed by another of the same player (eagle)")
        self.out = add("spirit_stones_out", 1, f"spirit stones out of the bag / {SPIRITS_TO_END} (the game ends at 1)")
        self.coyote = add("coyote", 1 + players * _NA,
                          f"one-hot: the coyote in the middle, then on seat +0's animals ({', '.join(ANIMALS)}), "
                          f"then seat +1's")
        self.piles = add("spirit_piles", 2 * _PILE * (len(SPIRIT_CARDS) + 1),
                         f"piles 1, 2; places top to bottom; each a one-hot of the card there "
                         f"({', '.join(SPIRIT_CARDS)}, unknown)")
        self.board: list[int] = []
        self.spirits: list[int] = []
        self.cards: list[int] = []
        self.scores: list[int] = []
        self.winner: list[int] = []
        for k in range(players):
            who = f"seat +{k}" + (" (you)" if k == 0 else "")
            self.board.append(add(f"board+{k}", _BOARD, f"{who}: {_place_about()}"))
            self.spirits.append(add(f"spirit_stones+{k}", _NA,
                                    f"{who}: 1 for each animal holding a spirit stone ({', '.join(ANIMALS)})"))
            self.cards.append(add(f"action_cards+{k}", len(CARD_IDS),
                                  f"{who}: face-up action cards: {CARD_IDS[0]} copies / 2, then 1 if face up: "
                                  f"{', '.join(CARD_IDS[1:])} (the spirit card is always face up: not encoded)"))
            self.scores.append(add(f"score+{k}", len(_SCORE_KEYS),
                                   f"{who}: points so far ({', '.join(_SCORE_KEYS)}) / {POINTS_SCALE}"))
            self.winner.append(add(f"winner+{k}", 1, f"{who}: 1 if the winner of the finished game"))
        self.size = sum(size for _, size, _ in self.segments)

    def _add(self, name: str, size: int, about: str) -> int:
        offset = sum(s for _, s, _ in self.segments)
        self.segments.append((name, size, about))
        return offset


@lru_cache(maxsize=16)
def _plan(players: int, max_turns: int | None) -> _Plan:
    return _Plan(players, max_turns)


def _plan_for(players: int, options: Mapping[str, Any]) -> _Plan:
    return _plan(players, max_turns_option(options))


layout = layout_function(_plan_for)


def encode(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[float]:
    """``view`` (``state.view(player)``) as ``sum(lengths)`` floats, segment after segment."""
    plan = _plan_for(players, options)
    out = [0.0] * plan.size
    n = players
    you = write_view(out, 0, view, n, plan.max_turns, TURN_SCALE, len(PHASES))
    out[plan.phase + _PHASE_INDEX[view["phase"]]] = 1.0
    bag, tray, held = view["bag"], view["tray"], view["held"]
    for k, kind in enumerate(STONES):
        out[plan.bag + k] = bag.get(kind, 0) / STONE_COUNTS[k]
        out[plan.tray + k] = tray.get(kind, 0) / STONE_COUNTS[k]
        out[plan.held + k] = held.get(kind, 0) / 2
    out[plan.to_take] = view["to_take"] / 2
    card_played = view["card_played"]
    if card_played is not None:
        out[plan.card_played + _PLAYABLE_INDEX[card_played]] = 1.0
    for step in view["steps_left"]:
        out[plan.steps_left + _STEP_INDEX[step]] = 1.0
    active_pile = view["active_pile"]
    if active_pile is not None:
        out[plan.active_pile + active_pile] = 1.0
    out[plan.extra_turn] = float(view["extra_turn"])
    out[plan.out] = view["spirit_stones_out"] / SPIRITS_TO_END
    coyote = view["coyote"]
    if coyote is None:
        out[plan.coyote] = 1.0
    else:
        out[plan.coyote + 1 + ((coyote["player"] - you) % n) * _NA + _ANIMAL_INDEX[coyote["animal"]]] = 1.0
    width = len(SPIRIT_CARDS) + 1
    start = plan.piles
    for pile in view["spirit_piles"]:
        for i, card in enumerate(pile):
            out[start + i * width + (_CARD_INDEX[card] if card is not None else width - 1)] = 1.0
        start += _PILE * width
    boards, cards, scores, winners = view["boards"], view["action_cards"], view["scores"], view["winners"]
    for k in range(n):
        q = (you + k) % n
        animals = boards[q]["animals"]
        start = plan.board[k]
        for a, places in enumerate(_ANIMAL_PLACES):
            stones = animals[ANIMALS[a]]
            for j, place in enumerate(places):
                on = stones[j] if len(places) > 1 else stones
                at = start + _PLACE_OFFSET[place]
                if PLACE_DISTINCT[place]:
                    for colour in on:
                        out[at + _COLOUR_INDEX[colour]] = 1.0
                elif on:
                    out[at] = len(on) / PLACE_SIZE[place]
                    out[at + 1 + _COLOUR_INDEX[on[0]]] = 1.0
        for animal in boards[q]["spirit_stones"]:
            out[plan.spirits[k] + _ANIMAL_INDEX[animal]] = 1.0
        face_up = cards[q]
        start = plan.cards[k]
        out[start] = face_up[CARD_IDS[0]] / 2
        for j in range(1, len(CARD_IDS)):
            out[start + j] = float(face_up[CARD_IDS[j]])
        card = scores[q]
        start = plan.scores[k]
        for j, key in enumerate(_SCORE_KEYS):
            out[start + j] = card[key] / POINTS_SCALE
        if q in winners:
            out[plan.winner[k]] = 1.0
    return out
