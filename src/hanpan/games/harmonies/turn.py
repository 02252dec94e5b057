"""A turn of Harmonies, as functions over the state: the legal decisions now and making one (a central
space's tokens taken, a token placed, a card, a cube, a solo discard, the end of the turn), the pouch's
draws and what the end of a turn refills.

A turn is a sequence of decisions by ``player``: ``space k`` (once), a token placement per token in
``hand``, optionally one ``card`` and any ``cube`` placements, then ``end``.  ``HarmoniesState``'s
``legal_actions`` and ``apply`` are these functions; the cards' and cubes' own changes are in
hanpan.games.harmonies.cards.

>>> from hanpan.games.harmonies import GAME
>>> s = GAME.new(players=1, seed=3)
>>> [str(a) for a in legal_actions(s)][:4]
['space 1', 'space 2', 'space 3', 'card fish']
>>> apply(s, legal_actions(s)[0]); s.hand_count, str(legal_actions(s)[0])
(3, 'blue a1')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from hanpan.core.action import Action
from hanpan.core.compiled import COMPILED
from hanpan.games.harmonies.actions import ACTIONS, CARD, CUBE, DISCARD, END, KEEP, PLACE, SPACE
from hanpan.games.harmonies.board import ADD, EMPTY, FLIPS, KIND_BIT, NUM_STACKS
from hanpan.games.harmonies.cards import (
    cube_actions,
    discard,
    keep_spirit,
    place_cube,
    refill_display,
    take_card,
    uses,
)
from hanpan.games.harmonies.data import CARD_LIMIT, END_EMPTY_CELLS, NUM_ANIMALS, SPACES_SOLO
from hanpan.games.harmonies.tables import SPACE_ACTIONS

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState

ACT: Final = ACTIONS.actions
_CHUNK: Final = 21  # bits of one 64-bit draw used per token: 3 tokens per generator call
_CHUNK_MASK: Final = (1 << _CHUNK) - 1
_ZERO_SOLO: Final = (0,) * (SPACES_SOLO * 6)
_SOLO_SPACES: Final = tuple(range(SPACES_SOLO))


def legal_actions(s: HarmoniesState) -> list[Action]:
    """The decisions open to the player to move, in the action table's order within each kind."""
    if s.over:
        return []
    p = s.player
    if s.spirits and s.spirit[p] < 0:
        return [ACT[KEEP + c - NUM_ANIMALS] for c in s.dealt[p]]
    acts: list[Action] = []
    can_end = False
    if s.hand_count:
        acc = s.acc[p]
        hand = s.hand
        if COMPILED:  # column by column, tuples indexed by the column's bits (see tables.SideTables)
            columns = s.t.columns
            for colour in range(6):
                if hand[colour]:
                    m = acc[colour]
                    for shift, mask, column in columns[colour]:
                        key = (m >> shift) & mask
                        if key:
                            acts += column[key]
        else:
            chunks = s.t.chunks
            for colour in range(6):
                if hand[colour]:
                    m = acc[colour]
                    for shift, mask, table in chunks[colour]:
                        acts += table[(m >> shift) & mask]
    elif not s.took:
        acts += SPACE_ACTIONS[s.space_mask]
        can_end = not acts  # no space holds a token: nothing to take
    else:
        can_end = True
    if not s.card_taken and len(s.held[p]) < CARD_LIMIT:
        supply = s.supply
        cardset = s.cardset
        if supply >= cardset.most_cubes:  # any displayed card can be taken
            acts += s.card_acts
        else:
            for card in s.display:
                if cardset.cubes[card] <= supply:
                    acts.append(ACT[CARD + card])
    held = s.held[p]
    if held:
        cube_acts = s.cube_acts
        if cube_acts is None or (s.cube_dirty and uses(held, s.cube_dirty, s.cardset.kind_mask)):
            cube_acts = s.cube_acts = cube_actions(s, p)
            s.cube_dirty = 0
        acts += cube_acts
    if can_end:
        if s.num_players == 1 and not s.card_taken and s.deck:
            acts += [ACT[DISCARD + card] for card in s.display]
        acts.append(ACT[END])
    return acts


def apply(s: HarmoniesState, action: Action) -> None:
    """Make the decision ``action`` (one of ``legal_actions(s)``; nothing is checked here)."""
    i = action.id
    if PLACE <= i < CARD:  # the most frequent decision first
        colour, cell, bit = s.t.place_decode[i - PLACE]
        p = s.player
        stacks = s.stacks[p]
        old = stacks[cell]
        new = ADD[old * 6 + colour]
        stacks[cell] = new
        sm = s.sm[p]
        sm[old] = sm[old] ^ bit
        sm[new] = sm[new] | bit
        acc = s.acc[p]
        for c in FLIPS[old * NUM_STACKS + new]:
            acc[c] = acc[c] ^ bit
        if old == EMPTY:
            s.empties[p] = s.empties[p] - 1
        s.hand[colour] = s.hand[colour] - 1
        s.hand_count -= 1
        s.cube_dirty |= KIND_BIT[old] | KIND_BIT[new]
    elif i == END:
        end_turn(s)
    elif i < PLACE:
        if i >= SPACE:
            take_space(s, i - SPACE)
        else:
            keep_spirit(s, NUM_ANIMALS + i - KEEP)
    elif i < CUBE:
        take_card(s, i - CARD)
    elif i < DISCARD:
        card, cell, bit = s.t.cube_decode[i - CUBE]
        place_cube(s, card, cell)
    else:
        discard(s, i - DISCARD)
        # the end of the turn refills the central board first, then the display: the draws come in
        # the same order as after "end", so turns compared on one seeded sample see the same tokens
        end_turn(s)


def take_space(s: HarmoniesState, space: int) -> None:
    """The player to move takes the tokens of central space ``space`` into their hand."""
    b = space * 6
    central = s.central
    hand = s.hand
    for colour in range(6):
        hand[colour] = hand[colour] + central[b + colour]
        central[b + colour] = 0
    s.hand_count = sum(hand)
    s.space_mask &= ~(1 << space)
    s.took = True
    s.taken_space = space


def fill(s: HarmoniesState, spaces: Sequence[int]) -> None:
    """Fill central spaces in order with 3 tokens each, drawn from the pouch while it lasts.

    A draw takes the token at a uniform random index (multiply-shift of 21 random bits:
    bias below n / 2**21), three draws per 64-bit output of the generator.
    """
    bag = s.bag
    n = len(bag)
    if not n:
        return
    s.reveals += 1
    if s.options.get("chance") == "explicit":  # the spaces wait for their tokens (chance.py)
        s.drawing |= 1
        return
    rng = s.rng
    central = s.central
    space_mask = s.space_mask
    for space in spaces:
        b = space * 6
        if n >= 3:  # the usual case, unrolled: one generator output fills one space
            z = rng.next_word()  # 3 draws of 21 bits: the low 63 bits of next64()
            j = ((z & _CHUNK_MASK) * n) >> _CHUNK
            n -= 1
            central[b + bag[j]] += 1
            bag[j] = bag[n]
            j = (((z >> _CHUNK) & _CHUNK_MASK) * n) >> _CHUNK
            n -= 1
            central[b + bag[j]] += 1
            bag[j] = bag[n]
            j = (((z >> (2 * _CHUNK)) & _CHUNK_MASK) * n) >> _CHUNK
            n -= 1
            central[b + bag[j]] += 1
            bag[j] = bag[n]
        elif n:
            z = rng.next_word()
            while n:
                j = ((z & _CHUNK_MASK) * n) >> _CHUNK
                z >>= _CHUNK
                n -= 1
                central[b + bag[j]] += 1
                bag[j] = bag[n]
        else:
            break
        space_mask |= 1 << space
    del bag[n:]
    s.space_mask = space_mask


def end_turn(s: HarmoniesState) -> None:
    """The turn's end: the central board and the display refilled, the game's end checked, the next
    player's turn begun."""
    if s.num_players == 1:
        central = s.central
        s.box += sum(central)
        central[:] = _ZERO_SOLO
        s.space_mask = 0
        if not s.bag:
            s.ending = True
        else:
            fill(s, _SOLO_SPACES)
    elif s.taken_space >= 0:
        if not s.bag:
            s.ending = True
        else:
            fill(s, (s.taken_space,))
    refill_display(s)
    if s.drawing:  # explicit chance: the draws wait for their outcomes, then chance.py finishes the turn
        s.drawing |= 8
        return
    finish_turn(s)


def finish_turn(s: HarmoniesState) -> None:
    """The turn's end after its draws: the game's end checked, the next player's turn begun."""
    p = s.player
    if s.empties[p] <= END_EMPTY_CELLS:
        s.ending = True
    s.turn += 1
    s.took = False
    s.taken_space = -1
    s.card_taken = False
    if s.ending and p == s.num_players - 1:
        s.over = True
        return
    if s._turn_limit_reached():
        s.over = True
        return
    s.player = (p + 1) % s.num_players
    if s.num_players > 1:
        # the next player's cards and board: their cube actions as their own last turn left them (no
        # one else changes a board, its cubes or its cards), so a turn starts without working them out
        saved = s.cube_saved
        if not saved:
            saved.extend([(None, 0)] * s.num_players)
        saved[p] = (s.cube_acts, s.cube_dirty)
        s.cube_acts, s.cube_dirty = saved[s.player]
