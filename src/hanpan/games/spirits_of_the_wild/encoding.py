"""Spirits of the Wild's observation encoding: what ``view(player)`` shows, as a flat list of floats, read
straight from the state (see ``hanpan.adapters.observation``).

Seats are relative to the viewer: "seat +0" is the viewer, "seat +1" the opponent.  Stone kinds are in the
order blue, teal, orange, white, purple, yellow, spirit; colours the first six; animals owl, rabbit, beaver,
salmon, turtle; board places owl1, owl2, owl3, rabbit, beaver3, beaver2, salmon, turtle; spirit cards deer,
wolf, bear, ram, bison, eagle (all from ``data``).  Counts are divided by a fixed scale named in each segment.

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
>>> segments = layout(2, state.options)
>>> ones, offsets, values = encoder(2, state.options)(state, 0)
>>> sum(size for _, size, *_ in segments), len(ones), list(ones[:4]), min(values) > 0
(256, 256, [1, 0, 1, 0], True)
>>> [name for name, *_ in segments][:5]
['seat', 'current_player', 'status', 'phase', 'turn']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any, Final

from hanpan.core.contract import State
from hanpan.core.encoding import (
    Encoded,
    layout_function,
    max_turns_option,
    offset_of,
    put_common,
    view_segments,
)
from hanpan.games.spirits_of_the_wild.data import (
    ANIMALS,
    BEAVER_POINTS,
    CARD_IDS,
    COLOURS,
    OWL_SET_POINTS,
    PLACE_ANIMAL,
    PLACE_DISTINCT,
    PLACE_SIZE,
    PLACES,
    RABBIT_POINTS,
    SALMON_POINTS,
    SPIRIT,
    SPIRIT_CARDS,
    SPIRIT_MULTIPLIER,
    SPIRITS_TO_END,
    STONE_COUNTS,
    STONES,
    TURTLE_POINTS,
)
from hanpan.games.spirits_of_the_wild.state import (
    D_ADD2,
    D_ADD3,
    D_TAKE2,
    PH_TAKE,
    PHASES,
    PROGRAM_CARD,
    S_EXTRA,
    SPIRIT_INDEX,
    STEPS,
    STRIDE,
    SpiritsState,
)

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
#: the card a program plays, as its index in card_played
_PLAYED: Final[dict[tuple[int, ...], int]] = {program: _PLAYABLE_INDEX[card] for program, card in PROGRAM_CARD.items()}
#: the face-down bit of each action card after the first (take1 is counted)
_DOWN_BITS: Final = (D_TAKE2, D_ADD2, D_ADD3)
#: the most points a player can have: every animal at its best, doubled by a spirit stone
MOST_POINTS: Final = SPIRIT_MULTIPLIER * (3 * OWL_SET_POINTS + max(RABBIT_POINTS) + max(BEAVER_POINTS.values())
                                          + max(SALMON_POINTS) + max(TURTLE_POINTS))


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
        self.out = add("spirit_stones_out", 1, f"spirit stones out of the bag / {SPIRITS_TO_END} (the game ends at 1)",
                       STONE_COUNTS[SPIRIT] / SPIRITS_TO_END)  # a last draw may bring out more
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
                                   f"{who}: points so far ({', '.join(_SCORE_KEYS)}) / {POINTS_SCALE}",
                                   MOST_POINTS / POINTS_SCALE))
            self.winner.append(add(f"winner+{k}", 1, f"{who}: 1 if the winner of the finished game"))
        self.size = sum(segment[1] for segment in self.segments)

    def encode(self, state: State, seat: int) -> Encoded:
        """What ``seat`` sees of ``state`` (nothing ``view(seat)`` does not show), as (offsets, values)."""
        s = state
        assert isinstance(s, SpiritsState)
        ones = bytearray(self.size)
        offsets: list[int] = []
        values: list[float] = []
        put_common(ones, offsets, values, s, seat, self.max_turns, TURN_SCALE, len(PHASES))
        n = self.players
        if s.phase < len(PHASES):  # a chance point (explicit chance) awaits no decision: all 0
            ones[self.phase + s.phase] = 1
        taking = s.phase == PH_TAKE
        for k in range(_NK):
            count = STONE_COUNTS[k]
            if s.bag[k]:
                offsets.append(self.bag + k)
                values.append(s.bag[k] / count)
            if s.tray[k]:
                offsets.append(self.tray + k)
                values.append(s.tray[k] / count)
            if s.held[k]:
                offsets.append(self.held + k)
                values.append(s.held[k] / 2)
        if taking and s.to_take:
            offsets.append(self.to_take)
            values.append(s.to_take / 2)
        program = s.program
        if program:
            played = _PLAYED.get(program, -1)
            if played >= 0:
                ones[self.card_played + played] = 1
        steps = 0
        for i in range(s.pc, len(program)):
            steps |= 1 << program[i]
        for step in range(len(STEPS)):
            if steps >> step & 1:
                ones[self.steps_left + step] = 1
        if s.active_pile >= 0:
            ones[self.active_pile + s.active_pile] = 1
        if s.extra or steps >> S_EXTRA & 1:
            ones[self.extra_turn] = 1
        out = s.spirit_stones_out()
        if out:
            offsets.append(self.out)
            values.append(out / SPIRITS_TO_END)
        coyote = s.coyote
        ones[self.coyote if coyote < 0 else self.coyote + 1 + ((coyote // 5 - seat) % n) * _NA + coyote % 5] = 1
        width = len(SPIRIT_CARDS) + 1
        start = self.piles
        seen = s.seen
        for pile in s.piles:
            for i, c in enumerate(pile):
                ones[start + i * width + (c if seen >> c & 1 else width - 1)] = 1
            start += _PILE * width
        board = s.board
        winners = s.winners()
        for k in range(n):
            q = (seat + k) % n
            base = q * STRIDE
            start = self.board[k]
            for place in range(len(PLACES)):
                value = board[base + place]
                at = start + _PLACE_OFFSET[place]
                if PLACE_DISTINCT[place]:
                    for c in range(_NC):
                        if value >> c & 1:
                            ones[at + c] = 1
                elif value >> 3:
                    offsets.append(at)
                    values.append((value >> 3) / PLACE_SIZE[place])
                    ones[at + 1 + (value & 7)] = 1
            spirits = board[base + SPIRIT_INDEX]
            for a in range(_NA):
                if spirits >> a & 1:
                    ones[self.spirits[k] + a] = 1
            down = s.down[q]
            start = self.cards[k]
            take1 = 2 - (down & 1) - (down >> 1 & 1)
            if take1:
                offsets.append(start)
                values.append(take1 / 2)
            for j, bit in enumerate(_DOWN_BITS):
                if not down & bit:
                    ones[start + 1 + j] = 1
            points = s.points(q)
            start = self.scores[k]
            total = 0
            for j, p in enumerate(points):
                total += p
                if p:
                    offsets.append(start + j)
                    values.append(p / POINTS_SCALE)
            if total:
                offsets.append(start + len(points))
                values.append(total / POINTS_SCALE)
            if q in winners:
                ones[self.winner[k]] = 1
        return ones, offsets, values

    def _add(self, name: str, size: int, about: str, high: float = 1.0) -> int:
        offset = sum(segment[1] for segment in self.segments)
        self.segments.append((name, size, about) if high == 1.0 else (name, size, about, high))
        return offset


@lru_cache(maxsize=16)
def _plan(players: int, max_turns: int | None) -> _Plan:
    return _Plan(players, max_turns)


def _plan_for(players: int, options: Mapping[str, Any]) -> _Plan:
    return _plan(players, max_turns_option(options))


layout = layout_function(_plan_for)


def encoder(players: int, options: Mapping[str, Any]) -> Callable[[State, int], Encoded]:
    """The encoder of this setup: ``encoder(players, options)(state, seat)`` gives the numbers of what
    ``state.view(seat)`` shows that are not 0 (offsets, values)."""
    return _plan_for(players, options).encode
