"""The rules of Harmonies (../shared/spec/harmonies.md) as a fast State.

Layout, chosen for cheap clones and quick rule checks:

- ``bag``: the pouch's tokens as colour indices (blue, yellow, green, brown, grey, red).  The
  pouch has no order: a draw takes the token at a random index (swap with the last, pop) with
  the state's own generator; the list's order is only bookkeeping, hidden from every view.
- ``central``: counts per colour for each central space, flat (space * 6 + colour).
- ``stacks[p]``: the stack id of each cell of player p's board (see ``board``);
  ``sm[p]``: one padded bit mask per stack id, so habitats and scoring are bit operations;
  ``cubes[p]``: the mask of cells holding a cube, ``cube_card[p]`` which card's cube it is.
- Cards are indices 0–41 (32 animals, then 10 spirits); ``owner`` and ``placed`` per card.
- Kept up to date for ``legal_actions``: ``acc[p][colour]``, the cells accepting a colour now;
  ``card_acts``, the actions taking each displayed card; ``cube_acts``, the cube actions of the
  player to move, recomputed only when a held card's habitat uses a landscape kind that changed
  (``cube_dirty``), or when cubes, held cards or the player change.
- A turn is a sequence of decisions by ``player``: ``space k`` (once), a token placement per
  token in ``hand``, optionally one ``card`` and any ``cube`` placements, then ``end``.

>>> from hanpan.games.harmonies import GAME
>>> s = GAME.new(players=1, seed=3)
>>> [str(a) for a in s.legal_actions()][:4]
['space 1', 'space 2', 'space 3', 'card fish']
>>> _ = s.play("space 1"); s.hand_count
3
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Self

from hanpan.core.action import Action
from hanpan.core.compiled import COMPILED
from hanpan.core.contract import Game, ScoreCard, State
from hanpan.core.options import OptionValue
from hanpan.core.rng import Rng
from hanpan.games.harmonies import actions as A
from hanpan.games.harmonies.board import (
    ADD,
    ANCHORS,
    CARD_KIND_MASK,
    EMPTY,
    FLIPS,
    KIND_BIT,
    NUM_STACKS,
    SIDE,
    STACKS,
    Side,
    anchor_cells,
)
from hanpan.games.harmonies.data import (
    ANIMAL_CUBES,
    CARD_CUBES,
    CARD_IDS,
    CARD_LIMIT,
    COLOURS,
    DISPLAY_MULTI,
    DISPLAY_SOLO,
    END_EMPTY_CELLS,
    NUM_ANIMALS,
    NUM_CARDS,
    SPACES_MULTI,
    SPACES_SOLO,
    SPIRIT_IDS,
    TOKEN_COUNTS,
)
from hanpan.games.harmonies.scoring import CATEGORIES, card_points, landscape_points, spirit_points, suns
from hanpan.games.harmonies.tables import SIDE_TABLES, SPACE_ACTIONS, SideTables

ACT: Final = A.ACTIONS.actions
FULL_BAG: Final[tuple[int, ...]] = tuple(c for c in range(6) for _ in range(TOKEN_COUNTS[c]))
_MOST_CUBES: Final = max(CARD_CUBES)  # a supply this big lets any displayed card be taken
_CHUNK: Final = 21  # bits of one 64-bit draw used per token: 3 tokens per generator call
_CHUNK_MASK: Final = (1 << _CHUNK) - 1
_ZERO_SOLO: Final = (0,) * (SPACES_SOLO * 6)
_SOLO_SPACES: Final = tuple(range(SPACES_SOLO))
NAMES: Final = A.NAMES
_PLACE: Final = A.PLACE
_CARD: Final = A.CARD
_CUBE: Final = A.CUBE
_DISCARD: Final = A.DISCARD
_END: Final = A.END
_SPACE: Final = A.SPACE


class HarmoniesState(State):
    """A position of Harmonies; see the module docstring for the layout."""

    __slots__ = (
        "acc",
        "bag",
        "box",
        "card_acts",
        "card_taken",
        "central",
        "cube_acts",
        "cube_card",
        "cube_dirty",
        "cube_saved",
        "cubes",
        "dealt",
        "deck",
        "discarded",
        "display",
        "display_size",
        "empties",
        "ending",
        "hand",
        "hand_count",
        "held",
        "nspaces",
        "over",
        "owned",
        "owner",
        "placed",
        "player",
        "side",
        "side_id",
        "sm",
        "space_mask",
        "spirit",
        "spirit_box",
        "spirits",
        "stacks",
        "supply",
        "t",
        "taken_space",
        "took",
    )

    game: ClassVar[Game]

    # No __init__: ``clone`` makes a bare instance and fills it in (a class compiled by mypyc would run its
    # __init__ for every instance made, even by ``__new__``); ``_reset`` gives every field its default.
    def _reset(self) -> None:
        """Give every field its starting value (``new_state`` and ``from_json`` then fill them in)."""
        # listed here for readers and mypy
        self._start(1, 0, {})
        self.side_id = "A"
        self.side: Side = SIDE["A"]
        self.t: SideTables = SIDE_TABLES["A"]
        self.space_mask = 0  # bit k: central space k holds tokens
        self.spirits = False
        self.bag: list[int] = list(FULL_BAG)
        self.nspaces = SPACES_MULTI
        self.central: list[int] = []
        self.box = 0  # tokens put back in the box (solo)
        self.display_size = DISPLAY_MULTI
        self.display: list[int] = []  # animal cards face up, sorted
        self.deck: list[int] = []  # animal cards face down (no meaningful order)
        self.discarded: list[int] = []  # solo: cards discarded from the display
        self.supply = ANIMAL_CUBES
        self.stacks: list[list[int]] = []
        self.sm: list[list[int]] = []
        self.cubes: list[int] = []
        self.acc: list[list[int]] = []  # per player, per colour: cells that accept it now (cube-free)
        self.card_acts: tuple[Action, ...] = ()  # "card X" for each displayed card
        self.cube_card: list[list[int]] = []
        self.empties: list[int] = []
        self.owner: list[int] = [-1] * NUM_CARDS
        self.placed: list[int] = [0] * NUM_CARDS
        self.held: list[list[int]] = []  # unfinished cards (incl. a spirit whose cube is not placed), sorted
        self.owned: list[list[int]] = []  # every animal card taken, in the order taken
        self.spirit: list[int] = []  # kept spirit card index, or -1
        self.dealt: list[list[int]] = []  # the 2 spirit cards dealt to each player
        self.spirit_box: list[int] = []  # spirit cards never dealt
        self.player = 0
        self.hand: list[int] = [0] * 6
        self.hand_count = 0
        self.took = False
        self.taken_space = -1
        self.card_taken = False
        self.ending = False
        self.over = False
        self.cube_acts: list[Action] | None = None  # cached cube actions of the player to move
        self.cube_dirty = 0  # landscape kinds changed since: the cache holds unless a held card uses one
        #: with 2-4 players, each player's (cube_acts, cube_dirty) as their last turn left them (empty: none)
        self.cube_saved: list[tuple[list[Action] | None, int]] = []

    # --- setup -----------------------------------------------------------------------------------
    @classmethod
    def new_state(cls, players: int, seed: int, options: dict[str, OptionValue]) -> HarmoniesState:
        s = cls()  # every field is set below
        s._start(players, seed, options)
        s.side_id = str(options.get("side", "A"))
        s.side = SIDE[s.side_id]
        s.t = SIDE_TABLES[s.side_id]
        s.space_mask = 0
        s.spirits = bool(options.get("spirits", False))
        s.bag = list(FULL_BAG)
        s.box = 0
        s.discarded = []
        s.display = []
        s.supply = ANIMAL_CUBES
        s.owner = [-1] * NUM_CARDS
        s.placed = [0] * NUM_CARDS
        s.spirit_box = []
        s.player = 0
        s.hand = [0] * 6
        s.hand_count = 0
        s.took = s.card_taken = s.ending = s.over = False
        s.taken_space = -1
        s.cube_acts = None
        s.cube_dirty = 0
        s.cube_saved = []
        solo = players == 1
        s.nspaces = SPACES_SOLO if solo else SPACES_MULTI
        s.display_size = DISPLAY_SOLO if solo else DISPLAY_MULTI
        s.central = [0] * (s.nspaces * 6)
        s._fill(range(s.nspaces))
        s.deck = list(range(NUM_ANIMALS))
        s._refill_display()
        n = s.side.ncells
        s.stacks = [[EMPTY] * n for _ in range(players)]
        empty_mask = s.side.board
        s.sm = [[empty_mask] + [0] * (NUM_STACKS - 1) for _ in range(players)]
        s.cubes = [0] * players
        s.acc = [[s.side.board] * 6 for _ in range(players)]
        s.cube_card = [[-1] * n for _ in range(players)]
        s.empties = [n] * players
        s.held = [[] for _ in range(players)]
        s.owned = [[] for _ in range(players)]
        s.spirit = [-1] * players
        s.dealt = []
        if s.spirits:
            s.dealt = [[] for _ in range(players)]
            pool = list(range(NUM_ANIMALS, NUM_CARDS))
            s.rng.shuffle(pool)
            for p in range(players):
                s.dealt[p] = sorted(pool[2 * p:2 * p + 2])
            s.spirit_box = sorted(pool[2 * players:])
        s.reveals = 1
        return s

    def clone(self) -> Self:
        c = self.__class__()
        self._copy_common(c)
        c.side_id = self.side_id
        c.side = self.side
        c.t = self.t
        c.space_mask = self.space_mask
        c.spirits = self.spirits
        c.bag = self.bag[:]
        c.nspaces = self.nspaces
        c.central = self.central[:]
        c.box = self.box
        c.display_size = self.display_size
        c.display = self.display[:]
        c.deck = self.deck[:]
        c.discarded = self.discarded[:]
        c.supply = self.supply
        c.stacks = [x[:] for x in self.stacks]
        c.sm = [x[:] for x in self.sm]
        c.cubes = self.cubes[:]
        c.acc = [x[:] for x in self.acc]
        c.card_acts = self.card_acts
        c.cube_card = [x[:] for x in self.cube_card]
        c.empties = self.empties[:]
        c.owner = self.owner[:]
        c.placed = self.placed[:]
        c.held = [x[:] for x in self.held]
        c.owned = [x[:] for x in self.owned]
        c.spirit = self.spirit[:]
        c.dealt = [x[:] for x in self.dealt]
        c.spirit_box = self.spirit_box[:]
        c.player = self.player
        c.hand = self.hand[:]
        c.hand_count = self.hand_count
        c.took = self.took
        c.taken_space = self.taken_space
        c.card_taken = self.card_taken
        c.ending = self.ending
        c.over = self.over
        c.cube_acts = self.cube_acts  # never mutated in place, only replaced
        c.cube_dirty = self.cube_dirty
        c.cube_saved = self.cube_saved[:]
        return c

    # --- small queries ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.over else self.player

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def pouch_count(self) -> int:
        return len(self.bag)

    def pouch(self) -> list[int]:
        """Counts per colour in the pouch."""
        counts = [0] * 6
        for colour in self.bag:
            counts[colour] = counts[colour] + 1
        return counts

    @property
    def solo(self) -> bool:
        return self.num_players == 1

    def space_tokens(self, space: int) -> list[int]:
        """Counts per colour on a central space."""
        return self.central[space * 6:space * 6 + 6]

    def animal_cubes_placed(self, player: int) -> int:
        return sum(self.placed[c] for c in self.owned[player])

    def token_census(self) -> dict[str, int]:
        """Where the 120 tokens are: pouch, central board (with the hand being placed), boards, box."""
        boards = sum(len(STACKS[sid]) for board in self.stacks for sid in board)
        return {"pouch": self.pouch_count, "central": sum(self.central) + self.hand_count,
                "boards": boards, "box": self.box}

    def cube_census(self) -> dict[str, int]:
        """Where the 66 animal cubes are: on cards, on boards, in the supply."""
        on_boards = sum(self.placed[c] for c in range(NUM_ANIMALS) if self.owner[c] >= 0)
        on_cards = sum(CARD_CUBES[c] - self.placed[c] for c in range(NUM_ANIMALS) if self.owner[c] >= 0)
        return {"cards": on_cards, "boards": on_boards, "supply": self.supply}

    # --- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        p = self.player
        if self.spirits and self.spirit[p] < 0:
            return [ACT[A.KEEP + c - NUM_ANIMALS] for c in self.dealt[p]]
        acts: list[Action] = []
        can_end = False
        if self.hand_count:
            acc = self.acc[p]
            hand = self.hand
            if COMPILED:  # column by column, tuples indexed by the column's bits (see tables.SideTables)
                columns = self.t.columns
                for colour in range(6):
                    if hand[colour]:
                        m = acc[colour]
                        for shift, mask, column in columns[colour]:
                            key = (m >> shift) & mask
                            if key:
                                acts += column[key]
            else:
                chunks = self.t.chunks
                for colour in range(6):
                    if hand[colour]:
                        m = acc[colour]
                        for shift, mask, table in chunks[colour]:
                            acts += table[(m >> shift) & mask]
        elif not self.took:
            acts += SPACE_ACTIONS[self.space_mask]
            can_end = not acts  # no space holds a token: nothing to take
        else:
            can_end = True
        if not self.card_taken and len(self.held[p]) < CARD_LIMIT:
            supply = self.supply
            if supply >= _MOST_CUBES:
                acts += self.card_acts
            else:
                for card in self.display:
                    if CARD_CUBES[card] <= supply:
                        acts.append(ACT[_CARD + card])
        held = self.held[p]
        if held:
            cube_acts = self.cube_acts
            if cube_acts is None or (self.cube_dirty and _uses(held, self.cube_dirty)):
                cube_acts = self.cube_acts = self._cube_actions(p)
                self.cube_dirty = 0
            acts += cube_acts
        if can_end:
            if self.num_players == 1 and not self.card_taken and self.deck:
                acts += [ACT[_DISCARD + card] for card in self.display]
            acts.append(ACT[_END])
        return acts

    def _cube_actions(self, p: int) -> list[Action]:
        sm = self.sm[p]
        free = ~self.cubes[p]
        by_pos = self.t.cube_by_pos
        out: list[Action] = []
        for card in self.held[p]:
            m = (anchor_cells(card, sm) if COMPILED else ANCHORS[card](sm)) & free
            if m:
                table = by_pos[card]
                while m:
                    low = m & -m
                    out.append(table[low.bit_length() - 1])  # type: ignore[arg-type]
                    m ^= low
        return out

    def cube_cells(self, player: int, card: int) -> list[int]:
        """Cells where ``player`` may put ``card``'s next cube now (habitat matched, no cube there)."""
        sm = self.sm[player]
        return self.side.cells_of((anchor_cells(card, sm) if COMPILED else ANCHORS[card](sm)) & ~self.cubes[player])

    # --- making decisions ------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        i = action.id
        if _PLACE <= i < _CARD:  # the most frequent decision first
            colour, cell, bit = self.t.place_decode[i - _PLACE]
            p = self.player
            stacks = self.stacks[p]
            old = stacks[cell]
            new = ADD[old * 6 + colour]
            stacks[cell] = new
            sm = self.sm[p]
            sm[old] = sm[old] ^ bit
            sm[new] = sm[new] | bit
            acc = self.acc[p]
            for c in FLIPS[old * NUM_STACKS + new]:
                acc[c] = acc[c] ^ bit
            if old == EMPTY:
                self.empties[p] = self.empties[p] - 1
            self.hand[colour] = self.hand[colour] - 1
            self.hand_count -= 1
            self.cube_dirty |= KIND_BIT[old] | KIND_BIT[new]
        elif i == _END:
            self._end_turn()
        elif i < _PLACE:
            if i >= _SPACE:
                self._take_space(i - _SPACE)
            else:
                self._keep(NUM_ANIMALS + i - A.KEEP)
        elif i < _CUBE:
            self._take_card(i - _CARD)
        elif i < _DISCARD:
            card, cell, bit = self.t.cube_decode[i - _CUBE]
            self._place_cube(card, cell)
        else:
            card = i - _DISCARD
            self.display.remove(card)
            self.card_acts = ()  # rebuilt when the turn's end refills the display
            self.discarded.append(card)
            # the end of the turn refills the central board first, then the display: the draws come in
            # the same order as after "end", so turns compared on one seeded sample see the same tokens
            self._end_turn()

    def _take_space(self, space: int) -> None:
        b = space * 6
        central = self.central
        hand = self.hand
        for colour in range(6):
            hand[colour] = hand[colour] + central[b + colour]
            central[b + colour] = 0
        self.hand_count = sum(hand)
        self.space_mask &= ~(1 << space)
        self.took = True
        self.taken_space = space

    def _keep(self, card: int) -> None:
        p = self.player
        self.spirit[p] = card
        self.owner[card] = p
        self.held[p] = sorted([*self.held[p], card])
        self.cube_acts = None

    def _take_card(self, card: int) -> None:
        p = self.player
        self.display.remove(card)
        self.card_acts = tuple(ACT[_CARD + c] for c in self.display)
        self.owner[card] = p
        self.held[p] = sorted([*self.held[p], card])
        self.owned[p].append(card)
        self.supply -= CARD_CUBES[card]
        self.card_taken = True
        self.cube_acts = None

    def _place_cube(self, card: int, cell: int) -> None:
        p = self.player
        self.placed[card] = self.placed[card] + 1
        self.cube_card[p][cell] = card
        bit = self.side.bits[cell]
        self.cubes[p] = self.cubes[p] | bit
        acc = self.acc[p]
        for c in range(6):
            acc[c] = acc[c] & ~bit
        if self.placed[card] == CARD_CUBES[card]:
            self.held[p] = [c for c in self.held[p] if c != card]
        self.cube_acts = None

    # --- the pouch, the deck and the end of a turn ----------------------------------------------
    def _fill(self, spaces: Sequence[int]) -> None:
        """Fill central spaces in order with 3 tokens each, drawn from the pouch while it lasts.

        A draw takes the token at a uniform random index (multiply-shift of 21 random bits:
        bias below n / 2**21), three draws per 64-bit output of the generator.
        """
        bag = self.bag
        n = len(bag)
        if not n:
            return
        self.reveals += 1
        rng = self.rng
        central = self.central
        space_mask = self.space_mask
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
        self.space_mask = space_mask

    def _refill_display(self) -> None:
        deck = self.deck
        display = self.display
        changed = False
        while len(display) < self.display_size and deck:
            j = self.rng.randbelow(len(deck))
            card = deck[j]
            deck[j] = deck[-1]
            deck.pop()
            display.append(card)
            changed = True
        if changed:
            display.sort()
            self.card_acts = tuple(ACT[_CARD + c] for c in display)
            self.reveals += 1

    def _end_turn(self) -> None:
        p = self.player
        if self.num_players == 1:
            central = self.central
            self.box += sum(central)
            central[:] = _ZERO_SOLO
            self.space_mask = 0
            if not self.bag:
                self.ending = True
            else:
                self._fill(_SOLO_SPACES)
        elif self.taken_space >= 0:
            if not self.bag:
                self.ending = True
            else:
                self._fill((self.taken_space,))
        self._refill_display()
        if self.empties[p] <= END_EMPTY_CELLS:
            self.ending = True
        self.turn += 1
        self.took = False
        self.taken_space = -1
        self.card_taken = False
        if self.ending and p == self.num_players - 1:
            self.over = True
            return
        if self.max_turns is not None and self.turn >= self.max_turns:
            self.over = True
            self.stopped = True
            return
        self.player = (p + 1) % self.num_players
        if self.num_players > 1:
            # the next player's cards and board: their cube actions as their own last turn left them (no
            # one else changes a board, its cubes or its cards), so a turn starts without working them out
            saved = self.cube_saved
            if not saved:
                saved.extend([(None, 0)] * self.num_players)
            saved[p] = (self.cube_acts, self.cube_dirty)
            self.cube_acts, self.cube_dirty = saved[self.player]

    # --- scores and results ----------------------------------------------------------------------
    def points(self, player: int) -> list[int]:
        """Points per category (trees, mountains, fields, buildings, water, animals, spirit)."""
        sm = self.sm[player]
        land = landscape_points(self.side, sm)
        placed = self.placed
        animals = 0
        for card in self.owned[player]:
            if placed[card]:
                animals += card_points(card, placed[card])
        spirit = self.spirit[player] if self.spirits else -1
        spirit_score = spirit_points(spirit, sm) if spirit >= 0 and placed[spirit] else 0
        return [*land, animals, spirit_score]

    def total(self, player: int) -> int:
        return sum(self.points(player))

    def scores(self) -> tuple[ScoreCard, ...]:
        cards = []
        for player in range(self.num_players):
            points = self.points(player)
            total = sum(points)
            extra: dict[str, Any] = {}
            if self.num_players == 1:
                extra["suns"] = suns(total, self.side_id, self.spirit[0] if self.spirits else None)
            cards.append(ScoreCard(dict(zip(CATEGORIES, points, strict=True)), total, extra))
        return tuple(cards)

    def winners(self) -> tuple[int, ...]:
        if self.status != "finished":
            return ()
        totals = [self.total(p) for p in range(self.num_players)]
        best = max(totals)
        tied = [p for p in range(self.num_players) if totals[p] == best]
        if len(tied) > 1:
            most = max(self.animal_cubes_placed(p) for p in tied)
            tied = [p for p in tied if self.animal_cubes_placed(p) == most]
        return tuple(tied)

    # --- information -----------------------------------------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        """Everything public, plus ``player``'s own dealt spirits; no generator, no deck order."""
        data = self._public_json()
        data["you"] = player
        data["deck"] = sorted(CARD_IDS[c] for c in self.deck)
        if self.spirits:
            data["dealt"] = [[SPIRIT_IDS[c - NUM_ANIMALS] for c in self.dealt[q]] if q == player else None
                             for q in range(self.num_players)]
        return data

    def public_view(self) -> dict[str, Any]:
        """Everything public: the dealt spirits are nobody's (a kept one shows on its board)."""
        data = self.view(0)
        data["you"] = None
        if self.spirits:
            data["dealt"] = [None] * self.num_players
        return data

    def determinize(self, player: int, rng: Rng) -> Self:
        state = self.clone()
        if state.spirits:
            known = set(state.dealt[player]) | {c for c in state.spirit if c >= 0}
            unknown = [c for c in range(NUM_ANIMALS, NUM_CARDS) if c not in known]
            rng.shuffle(unknown)
            for q in range(state.num_players):
                if q == player:
                    continue
                kept = state.spirit[q]
                if kept >= 0:
                    state.dealt[q] = sorted([kept, unknown.pop()])
                else:
                    state.dealt[q] = sorted([unknown.pop(), unknown.pop()])
            state.spirit_box = sorted(unknown)
        # Draws take a uniformly random index, so the order of the pouch and the deck never matters:
        # sorting (cheap, and the same for every hidden order) replaces shuffling them.
        state.deck.sort()
        state.bag.sort()
        state._reseed(rng)
        return state

    def _board_json(self, p: int) -> dict[str, Any]:
        side = self.side
        stacks = self.stacks[p]
        cells = {side.names[i]: list(STACKS[stacks[i]]) for i in range(side.ncells) if stacks[i]}
        cubes = {side.names[i]: CARD_IDS[c] for i, c in enumerate(self.cube_card[p]) if c >= 0}
        kept = self.spirit[p]
        return {
            "cells": cells,
            "cubes": cubes,
            "cards": [{"id": CARD_IDS[c], "cubes_placed": self.placed[c]} for c in self.owned[p]],
            "spirit": {"id": CARD_IDS[kept], "placed": self.placed[kept] > 0} if kept >= 0 else None,
        }

    def _public_json(self) -> dict[str, Any]:
        return {
            "game": self.game.id,
            "options": dict(self.options),
            "players": self.num_players,
            "turn": self.turn,
            "current_player": self.current_player,
            "status": self.status,
            "pouch": _counts(self.pouch()),
            "central": [_counts(self.space_tokens(k)) for k in range(self.nspaces)],
            "box": self.box,
            "display": [CARD_IDS[c] for c in self.display],
            "deck_size": len(self.deck),
            "discarded": [CARD_IDS[c] for c in self.discarded],
            "supply": self.supply,
            "boards": [self._board_json(p) for p in range(self.num_players)],
            "hand": _counts(self.hand),
            "took": self.took,
            "taken_space": self.taken_space,
            "card_taken": self.card_taken,
            "ending": self.ending,
            "scores": [s.to_json() for s in self.scores()],
            "winners": list(self.winners()),
        }

    def to_json(self) -> dict[str, Any]:
        data = self._public_json()
        data.update({
            "format": "hanpan.position/1",
            "seed": self.seed,
            "rng": self.rng.state,
            "bag": "".join("bygnsr"[c] for c in self.bag),
            "reveals": self.reveals,
            "player": self.player,
            "deck": [CARD_IDS[c] for c in self.deck],
            "dealt": [[CARD_IDS[c] for c in d] for d in self.dealt],
            "spirit_box": [CARD_IDS[c] for c in self.spirit_box],
            "stopped": self.stopped,
            "over": self.over,
        })
        return data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HarmoniesState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _uses(held: list[int], kinds: int) -> bool:
    """Does a held card's habitat use one of the landscape kinds in the bitmask ``kinds``?"""
    for card in held:  # noqa: SIM110  (a plain loop is faster than any() on this hot path)
        if CARD_KIND_MASK[card] & kinds:
            return True
    return False


def _counts(counts: Sequence[int]) -> dict[str, int]:
    return {COLOURS[k]: counts[k] for k in range(6) if counts[k]}
