"""Harmonies' observation encoding: what ``view(player)`` shows, as a flat list of floats, read straight from
the state (see ``hanpan.adapters.observation``).

Seats are relative to the viewer: "seat +0" is the viewer, "seat +1" the next player in turn order, and so on.
Colours are in the order blue, yellow, green, brown, grey, red; board cells in the side's order (a1, a2, …);
stacks in ``board.STACKS`` order; animal and spirit cards in ``data`` order.  Counts are divided by a fixed
scale named in each segment, so the numbers stay near 0..1.

>>> import hanpan
>>> state = hanpan.game("harmonies").new(players=2, seed=1)
>>> segments = layout(2, state.options)
>>> ones, offsets, values = encoder(2, state.options)(state, 0)
>>> sum(size for _, size, *_ in segments), segments[0][:2], list(ones[:4]), offsets[:1], values[:1]
(1005, ('seat', 2), [1, 0, 1, 0], [7], [0.782608695652174])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from hanpan.core.contract import State
from hanpan.core.encoding import OPEN, Encoded, layout_function, max_turns_option, put_common, view_segments
from hanpan.games.harmonies.board import NUM_STACKS, SIDE, STACK_ID, STACKS
from hanpan.games.harmonies.data import (
    ANIMAL_CUBES,
    ANIMAL_IDS,
    COLOURS,
    NUM_ANIMALS,
    SPACES_MULTI,
    SPACES_SOLO,
    SPIRIT_IDS,
    TOKEN_COUNTS,
    TOKENS_PER_SPACE,
    TOTAL_TOKENS,
)
from hanpan.games.harmonies.scoring import CATEGORIES, suns
from hanpan.games.harmonies.state import HarmoniesState

#: the scale of the turn number (a game has at most 40 turns: 120 tokens, 3 a turn)
TURN_SCALE = TOTAL_TOKENS // TOKENS_PER_SPACE
#: the scale of points (each category and the total)
POINTS_SCALE = 100
#: the scale of the solo suns
SUNS_SCALE = 10
_NC = len(COLOURS)
_NS = len(SPIRIT_IDS)
_STACK_NAMES = ", ".join("-".join(s) if s else "empty" for s in STACKS)
_SCORE_KEYS = (*CATEGORIES, "total")
_SPIRIT_INDEX = {sid: i for i, sid in enumerate(SPIRIT_IDS)}
#: a stack (bottom → top, as a tuple of colour names) to its one-hot index
_STACK_INDEX: dict[tuple[str, ...], int] = dict(STACK_ID)


def _cell_ranges(side_id: str) -> str:
    """The cells of a side, column by column: "a1-a5, b1-b4, …"."""
    names = SIDE[side_id].names
    columns: dict[str, list[str]] = {}
    for name in names:
        columns.setdefault(name[0], []).append(name)
    return ", ".join(f"{cells[0]}-{cells[-1]}" for cells in columns.values())


class _Plan:
    """Offsets of every segment for one (players, side, spirits, max_turns) setup."""

    def __init__(self, players: int, side_id: str, spirits: bool, max_turns: int | None) -> None:
        self.players = players
        self.solo = solo = players == 1
        self.spirits = spirits
        self.max_turns = max_turns
        side = SIDE[side_id]
        self.ncells = n_cells = side.ncells
        self.cell_index = dict(side.index)
        self.nspaces = spaces = SPACES_SOLO if solo else SPACES_MULTI
        self.segments = view_segments(players, max_turns, TURN_SCALE, turn_high=1.0)
        colours = ", ".join(COLOURS)
        add = self._add
        self.pouch = add("pouch", _NC, f"tokens in the pouch per colour ({colours}) / that colour's total "
                         f"({', '.join(map(str, TOKEN_COUNTS))})")
        self.central = add("central", spaces * _NC,
                           f"central spaces 1..{spaces}, each the tokens on it per colour ({colours}) / 3")
        if solo:
            self.box = add("box", 1, f"tokens put back in the box / {TOTAL_TOKENS}")
        self.supply = add("supply", 1, f"animal cubes in the supply / {ANIMAL_CUBES}")
        self.hand = add("hand", _NC, f"tokens taken and not yet placed, per colour ({colours}) / 3")
        self.flags = add("turn_flags", 3, "1 if this turn has taken its central space, taken an animal card; "
                         "1 if the game's end is triggered (this round is the last)")
        self.taken = add("taken_space", spaces, "one-hot: the central space taken this turn (all 0: none yet)")
        where = "display, deck (face down, unordered)" + (", discarded (solo)" if solo else "")
        self.nwhere = 3 if solo else 2
        self.animals = add("animal_cards", NUM_ANIMALS * self.nwhere,
                           f"for each animal card ({', '.join(ANIMAL_IDS)}), one-hot where it lies: {where}; all 0 "
                           "once a player took it")
        self.deck_size = add("deck_size", 1, f"cards in the animal deck / {NUM_ANIMALS}")
        if spirits:
            self.dealt = add("dealt", _NS, f"1 for each of the 2 spirit cards dealt to you ({', '.join(SPIRIT_IDS)})")
        self.board: list[int] = []
        self.cubes: list[int] = []
        self.cards: list[int] = []
        self.spirit: list[int] = []
        self.scores: list[int] = []
        self.winner: list[int] = []
        for k in range(players):
            who = f"seat +{k}" + (" (you)" if k == 0 else "")
            self.board.append(add(f"board+{k}", n_cells * NUM_STACKS,
                                  f"{who}: cells {_cell_ranges(side_id)} (side {side_id}), each a one-hot of its stack "
                                  f"({_STACK_NAMES})"))
            self.cubes.append(add(f"cubes+{k}", n_cells,
                                  f"{who}: 1 for each cell (as in board+k) holding an animal or spirit cube"))
            self.cards.append(add(f"cards+{k}", NUM_ANIMALS * 2,
                                  f"{who}: for each animal card (as in animal_cards): 1 if they took it, then cubes "
                                  "placed / the card's cubes"))
            if spirits:
                self.spirit.append(add(f"spirit+{k}", _NS + 1,
                                       f"{who}: one-hot of the spirit card kept ({', '.join(SPIRIT_IDS)}); then 1 if "
                                       f"its cube is placed"))
            suns = f", then the solo suns / {SUNS_SCALE}" if solo else ""
            self.scores.append(add(f"score+{k}", len(_SCORE_KEYS) + solo,
                                   f"{who}: points so far ({', '.join(_SCORE_KEYS)}) / {POINTS_SCALE}{suns}", OPEN))
            self.winner.append(add(f"winner+{k}", 1, f"{who}: 1 if a winner of the finished game"))
        self.size = sum(segment[1] for segment in self.segments)
        self.side_id = side_id

    def encode(self, state: State, seat: int) -> Encoded:
        """What ``seat`` sees of ``state`` (nothing ``view(seat)`` does not show), as (offsets, values)."""
        s = state
        assert isinstance(s, HarmoniesState)
        ones = bytearray(self.size)
        offsets: list[int] = []
        values: list[float] = []
        put_common(ones, offsets, values, s, seat, self.max_turns, TURN_SCALE)
        n = self.players
        pouch = s.pouch()
        for c in range(_NC):
            if pouch[c]:
                offsets.append(self.pouch + c)
                values.append(pouch[c] / TOKEN_COUNTS[c])
        central = s.central
        base = self.central
        for i in range(self.nspaces * _NC):
            if central[i]:
                offsets.append(base + i)
                values.append(central[i] / 3)
        if self.solo and s.box:
            offsets.append(self.box)
            values.append(s.box / TOTAL_TOKENS)
        if s.supply:
            offsets.append(self.supply)
            values.append(s.supply / ANIMAL_CUBES)
        hand = s.hand
        for c in range(_NC):
            if hand[c]:
                offsets.append(self.hand + c)
                values.append(hand[c] / 3)
        for i, flag in enumerate((s.took, s.card_taken, s.ending)):
            if flag:
                ones[self.flags + i] = 1
        if s.taken_space >= 0:
            ones[self.taken + s.taken_space] = 1
        nwhere = self.nwhere
        for c in s.display:
            ones[self.animals + c * nwhere] = 1
        for c in s.deck:
            ones[self.animals + c * nwhere + 1] = 1
        if self.solo:
            for c in s.discarded:
                ones[self.animals + c * nwhere + 2] = 1
        if s.deck:
            offsets.append(self.deck_size)
            values.append(len(s.deck) / NUM_ANIMALS)
        if self.spirits:
            for c in s.dealt[seat]:  # the seat's own dealt spirits only
                ones[self.dealt + c - NUM_ANIMALS] = 1
        placed = s.placed
        winners = s.winners()
        ncells = self.ncells
        for k in range(n):
            q = (seat + k) % n
            start = self.board[k]
            stacks = s.stacks[q]
            for i in range(ncells):  # an empty cell is stack 0, "empty"
                ones[start + i * NUM_STACKS + stacks[i]] = 1
            start = self.cubes[k]
            for i, card in enumerate(s.cube_card[q]):
                if card >= 0:
                    ones[start + i] = 1
            start = self.cards[k]
            for c in s.owned[q]:
                ones[start + 2 * c] = 1
                if placed[c]:
                    offsets.append(start + 2 * c + 1)
                    values.append(placed[c] / s.cardset.cubes[c])
            kept = s.spirit[q]
            if self.spirits and kept >= 0:
                ones[self.spirit[k] + kept - NUM_ANIMALS] = 1
                if placed[kept] > 0:
                    ones[self.spirit[k] + _NS] = 1
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
            if self.solo:
                sun = suns(total, self.side_id, s.spirit[0] if s.spirits else None)
                if sun:
                    offsets.append(start + len(points) + 1)
                    values.append(sun / SUNS_SCALE)
            if q in winners:
                ones[self.winner[k]] = 1
        return ones, offsets, values

    def _add(self, name: str, size: int, about: str, high: float = 1.0) -> int:
        offset = sum(segment[1] for segment in self.segments)
        self.segments.append((name, size, about) if high == 1.0 else (name, size, about, high))
        return offset


@lru_cache(maxsize=64)
def _plan(players: int, side_id: str, spirits: bool, max_turns: int | None) -> _Plan:
    return _Plan(players, side_id, spirits, max_turns)


def _plan_for(players: int, options: Mapping[str, Any]) -> _Plan:
    return _plan(players, str(options.get("side", "A")), bool(options.get("spirits", False)),
                 max_turns_option(options))


layout = layout_function(_plan_for)


def encoder(players: int, options: Mapping[str, Any]) -> Callable[[State, int], Encoded]:
    """The encoder of this setup: ``encoder(players, options)(state, seat)`` gives the numbers of what
    ``state.view(seat)`` shows that are not 0 (offsets, values)."""
    return _plan_for(players, options).encode
