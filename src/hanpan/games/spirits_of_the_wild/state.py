"""The rules of Spirits of the Wild (../shared/spec/spirits_of_the_wild.md) as a fast State.

Layout, chosen for cheap clones and quick rule checks:

- ``bag``, ``tray``, ``held``: counts per stone kind (6 colours + the spirit stone).
  The bag has no order: a draw picks a stone at random from the counts with the
  state's own generator, which is the same as drawing from a shuffled bag.
- ``board``: one flat list of 9 ints per player (18 in all).  Ints 0–7 are the places
  owl1..owl3, rabbit, beaver3, beaver2, salmon, turtle; a one-colour place holds
  ``count * 8 + colour``, a distinct-colour place a colour bitmask.  Int 8 is the
  bitmask of animals holding a spirit stone.
- ``down``: per player the face-down action cards as bits (take1 ×2, take2, add2, add3).
- A played card becomes a short ``program`` of steps run by ``_advance``; a step
  that needs a decision sets ``phase`` and waits for ``apply``.
- With ``chance="explicit"`` a draw stops at phase ``chance`` for ``apply_chance`` (``chance.py``),
  ``to_take`` counting the stones still to draw; the setup is then the program ``deal``.

>>> from hanpan.games.spirits_of_the_wild import GAME
>>> s = GAME.new(players=2, seed=3)
>>> [str(a) for a in s.legal_actions()]
['take1', 'add2', 'add3']
>>> s.play("take1"); [str(a) for a in s.legal_actions()]
Action(0, 'take1')
['take blue', 'take white', 'take purple', 'take yellow']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Final, Self

from hanpan.core.action import Action
from hanpan.core.bits import popcount
from hanpan.core.contract import CHANCE, Game, ScoreCard, State
from hanpan.core.options import OptionValue
from hanpan.core.rng import Rng
from hanpan.games.spirits_of_the_wild import actions as A
from hanpan.games.spirits_of_the_wild import chance as C
from hanpan.games.spirits_of_the_wild.data import (
    ALLOWED,
    ANIMALS,
    BUILTIN,
    CARD_IDS,
    PLACE_ANIMAL,
    PLACE_DISTINCT,
    PLACES,
    SPIRIT,
    SPIRIT_CARDS,
    STONES,
    Components,
    components_for,
)

ACTIONS: Final = A.ACTIONS.actions
NUM_PLACES: Final = len(PLACES)  # 8
STRIDE: Final = NUM_PLACES + 1  # board ints per player; the last is the spirit-stone mask
SPIRIT_INDEX: Final = NUM_PLACES
KINDS: Final = len(STONES)  # 7

# Decisions (phase) the state can wait for.
PH_CARD: Final = 0
PH_TAKE: Final = 1
PH_PLACE: Final = 2
PH_COYOTE: Final = 3
PH_DEER: Final = 4
PH_BISON: Final = 5
PH_OVER: Final = 6
PH_CHANCE: Final = 7  # explicit chance only: waiting for a draw's outcome
PHASES: Final = ("card", "take", "place", "coyote", "deer", "bison", "over")
#: the phases' names in positions (``PHASES``, which the observation encodes, and the chance point's)
PHASE_NAMES: Final = (*PHASES, "chance")

# Steps of a card's program.
S_TAKE1: Final = 0
S_TAKE2: Final = 1
S_DRAW2: Final = 2
S_DRAW3: Final = 3
S_DRAW4: Final = 4
S_BEAR: Final = 5
S_RAM: Final = 6
S_PLACE: Final = 7
S_COYOTE: Final = 8
S_DEER: Final = 9
S_BISON: Final = 10
S_REFRESH: Final = 11
S_EXTRA: Final = 12
S_DEAL: Final = 13  # explicit chance only: the setup's draws (the piles' tops, then the tray)
STEPS: Final = ("take1", "take2", "draw2", "draw3", "draw4", "bear", "ram", "place", "coyote", "deer",
         "bison", "refresh", "extra")
#: the steps' names in positions and views (a card's ``STEPS``, and the setup's draws with explicit chance)
STEP_NAMES: Final = (*STEPS, "deal")

# Face-down bits: two take1 copies, then take2, add2, add3.
D_TAKE1A: Final = 1
D_TAKE1B: Final = 2
D_TAKE2: Final = 4
D_ADD2: Final = 8
D_ADD3: Final = 16
D_TAKE1_BOTH: Final = D_TAKE1A | D_TAKE1B

PROGRAMS: Final[dict[int, tuple[int, ...]]] = {
    0: (S_TAKE1, S_PLACE),  # take1 (the coyote step is added when both copies are down)
    1: (S_TAKE2, S_PLACE),  # take2
    2: (S_DRAW2, S_TAKE1, S_PLACE),  # add2
    3: (S_DRAW3, S_COYOTE),  # add3
    A.SPIRIT_CARD + 0: (S_DEER, S_TAKE2, S_PLACE, S_REFRESH),
    A.SPIRIT_CARD + 1: (S_DRAW4, S_TAKE1, S_PLACE, S_REFRESH),
    A.SPIRIT_CARD + 2: (S_BEAR, S_TAKE1, S_PLACE, S_REFRESH),
    A.SPIRIT_CARD + 3: (S_RAM, S_PLACE, S_REFRESH),
    A.SPIRIT_CARD + 4: (S_DRAW3, S_TAKE1, S_PLACE, S_BISON, S_REFRESH),
    A.SPIRIT_CARD + 5: (S_TAKE1, S_PLACE, S_REFRESH, S_EXTRA),
}
TAKE1_WITH_COYOTE: Final = (S_TAKE1, S_PLACE, S_COYOTE)
DRAWS: Final = {S_DRAW2: 2, S_DRAW3: 3, S_DRAW4: 4}
#: the card each program runs (named as in the notation: an action card, or a spirit card)
PROGRAM_CARD: Final[dict[tuple[int, ...], str]] = {
    **{program: (CARD_IDS[i] if i < A.SPIRIT_CARD else SPIRIT_CARDS[i - A.SPIRIT_CARD])
       for i, program in PROGRAMS.items()},
    TAKE1_WITH_COYOTE: CARD_IDS[0],
}


def place_points(board: list[int], base: int, c: Components = BUILTIN) -> list[int]:
    """Points of each animal (owl, rabbit, beaver, salmon, turtle) of the board at ``base`` (``c``: the
    game's components, whose points tables count)."""
    owl = sum(c.owl for v in board[base:base + 3] if v >> 3 == 2)
    rabbit = c.rabbit[popcount(board[base + 3])]
    full3 = board[base + 4] >> 3 == 3
    full2 = board[base + 5] >> 3 == 2
    beaver = c.beaver_both if full3 and full2 else (c.beaver3 if full3 else 0) + (c.beaver2 if full2 else 0)
    salmon = c.salmon[popcount(board[base + 6])]
    turtle = c.turtle[board[base + 7] >> 3]
    points = [owl, rabbit, beaver, salmon, turtle]
    spirits = board[base + SPIRIT_INDEX]
    if spirits:
        for animal in range(5):
            if spirits >> animal & 1:
                points[animal] = points[animal] * c.multiplier
    return points


class SpiritsState(State):
    """A position of Spirits of the Wild; see the module docstring for the layout."""

    __slots__ = (
        "active_pile", "bag", "board", "components", "coyote", "down", "extra", "held", "pc", "phase", "piles",
        "player", "program", "seen", "to_take", "tray",
    )

    game: ClassVar[Game]

    # No __init__: ``clone`` makes a bare instance and fills it in (a class compiled by mypyc would run its
    # __init__ for every instance made, even by ``__new__``); ``_reset`` gives every field its default.
    def _reset(self) -> None:
        """Give every field its starting value (``new_state`` and ``from_json`` then fill them in)."""
        # listed here for readers and mypy
        self._start(2, 0, {})
        self.components: Components = BUILTIN  # the points and stones counted (option ``cards``: a file's)
        self.bag: list[int] = [0] * KINDS
        self.tray: list[int] = [0] * KINDS
        self.held: list[int] = [0] * KINDS
        self.board: list[int] = [0] * (2 * STRIDE)
        self.down: list[int] = [0, 0]
        self.coyote = -1  # -1: in the middle; else player * 5 + animal
        self.piles: list[list[int]] = [[], []]
        self.seen = 0  # bitmask of spirit cards everyone has seen (their pile place is known)
        self.player = 0
        self.phase = PH_CARD
        self.program: tuple[int, ...] = ()
        self.pc = 0
        self.to_take = 0
        self.active_pile = -1
        self.extra = False

    # --- setup -----------------------------------------------------------------------------------
    @classmethod
    def new_state(cls, seed: int, options: dict[str, OptionValue]) -> SpiritsState:
        s = cls()
        s._reset()
        s._start(2, seed, options)
        cards_file = options.get("cards")
        c = s.components = components_for(cards_file if isinstance(cards_file, str) else None)
        if options.get("chance") == "explicit":  # every draw of the setup is a chance point
            s.piles, s.bag, s.down, s.reveals = [[0, 1, 2], [3, 4, 5]], list(c.stones), [D_TAKE2, 0], 1
            s.program, s.to_take, s.phase = (S_DEAL,), c.tray, PH_CHANCE
            return s
        cards = list(range(len(SPIRIT_CARDS)))
        s.rng.shuffle(cards)
        half = len(cards) // 2
        s.piles = [cards[:half], cards[half:]]
        s.seen = (1 << s.piles[0][0]) | (1 << s.piles[1][0])
        s.bag = list(c.stones)
        # The setup tray holds no spirit stone: one drawn goes back and is replaced.
        while sum(s.tray) < c.tray and sum(s.bag) > s.bag[SPIRIT]:
            kind = s._draw_kind()
            if kind == SPIRIT:
                s.bag[SPIRIT] = s.bag[SPIRIT] + 1
            else:
                s.tray[kind] = s.tray[kind] + 1
        s.down = [D_TAKE2, 0]  # the first player turns "take 2" face down
        s.reveals = 1
        return s

    def clone(self) -> Self:
        c = self.__class__()
        self._copy_common(c)
        c.components = self.components
        c.bag = self.bag[:]
        c.tray = self.tray[:]
        c.held = self.held[:]
        c.board = self.board[:]
        c.down = self.down[:]
        c.coyote = self.coyote
        c.piles = [self.piles[0][:], self.piles[1][:]]
        c.seen = self.seen
        c.player = self.player
        c.phase = self.phase
        c.program = self.program
        c.pc = self.pc
        c.to_take = self.to_take
        c.active_pile = self.active_pile
        c.extra = self.extra
        return c

    # --- small queries ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        phase = self.phase
        if phase < PH_OVER:
            return self.player
        return None if phase == PH_OVER else CHANCE

    @property
    def is_over(self) -> bool:
        return self.phase == PH_OVER

    def spirit_stones_out(self) -> int:
        """Spirit stones out of the bag (tray, boards and hands)."""
        return self.components.stones[SPIRIT] - self.bag[SPIRIT]

    def blocked_animals(self, player: int) -> int:
        """Bitmask of the player's animals that take no stone: spirited, or under the coyote."""
        blocked = self.board[player * STRIDE + SPIRIT_INDEX]
        if self.coyote >= 0 and self.coyote // 5 == player:
            blocked |= 1 << (self.coyote % 5)
        return blocked

    def pile_tops(self) -> tuple[int, int]:
        return self.piles[0][0], self.piles[1][0]

    # --- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == PH_PLACE:
            return [ACTIONS[i] for i in self._placements(self.player, A.PLACE)]
        if phase == PH_TAKE:
            tray = self.tray
            return [ACTIONS[A.TAKE + k] for k in range(KINDS) if tray[k]]
        if phase == PH_CARD:
            return [ACTIONS[i] for i in self._card_ids()]
        if phase == PH_COYOTE:
            target = 1 - self.player
            return [ACTIONS[A.COYOTE + a] for a in range(5) if self.coyote != target * 5 + a] + [
                ACTIONS[A.COYOTE_STAY]
            ]
        if phase == PH_DEER:
            return [ACTIONS[i] for i in self._returns(self.player)]
        if phase == PH_BISON:
            tray = self.tray
            return [ACTIONS[A.BAG + k] for k in range(KINDS) if tray[k]]
        if phase == PH_CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        return []

    def _card_ids(self) -> list[int]:
        down = self.down[self.player]
        in_tray = sum(self.tray)
        ids = []
        if down & D_TAKE1_BOTH != D_TAKE1_BOTH and in_tray >= 1:
            ids.append(0)
        if not down & D_TAKE2 and in_tray >= 2:
            ids.append(1)
        if not down & D_ADD2:
            ids.append(2)
        if not down & D_ADD3:
            ids.append(3)
        if popcount(down) >= 3:
            ids.extend(sorted(A.SPIRIT_CARD + top for top in self.pile_tops()))
        return ids or [A.PASS]

    def _placements(self, player: int, block: int) -> list[int]:
        """Ids (from ``block``) placing each held stone kind where it may go now."""
        base = player * STRIDE
        board = self.board
        blocked = self.blocked_animals(player)
        held = self.held
        ids = []
        for colour in range(6):
            if held[colour]:
                bit = 1 << colour
                start = block + colour * NUM_PLACES
                for place in range(NUM_PLACES):
                    if ALLOWED[place][board[base + place]] & bit and not blocked >> PLACE_ANIMAL[place] & 1:
                        ids.append(start + place)
        if held[SPIRIT]:
            for animal in range(5):
                if not blocked >> animal & 1:
                    ids.append(block + A.SPIRIT_PLACE + animal)
        return ids

    def _returns(self, player: int) -> list[int]:
        """Ids of returning one stone of the player's board to the tray (the deer)."""
        base = player * STRIDE
        board = self.board
        ids = []
        for place in range(NUM_PLACES):
            value = board[base + place]
            if PLACE_DISTINCT[place]:
                for colour in range(6):
                    if value >> colour & 1:
                        ids.append(A.RETURN + colour * NUM_PLACES + place)
            elif value >> 3:
                ids.append(A.RETURN + (value & 7) * NUM_PLACES + place)
        spirits = board[base + SPIRIT_INDEX]
        for animal in range(5):
            if spirits >> animal & 1:
                ids.append(A.RETURN + A.SPIRIT_PLACE + animal)
        ids.sort()
        return ids

    # --- making decisions ------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        i = action.id
        if i >= A.PLACE and i < A.RETURN:  # the most frequent decision first
            i -= A.PLACE
            kind = self._put(self.player, i)
            self.held[kind] = self.held[kind] - 1
            self._advance()
        elif i < A.PASS:
            self._play_card(i)
        elif i < A.PLACE:
            if i == A.PASS:
                self._end_turn()
                return
            kind = i - A.TAKE
            self.tray[kind] = self.tray[kind] - 1
            self.held[kind] = self.held[kind] + 1
            self.to_take -= 1
            if self.to_take == 0:  # all taken: on to placing them
                self.pc += 1
                self._advance()
        elif i < A.BAG:
            kind = self._take_off(self.player, i - A.RETURN)
            self.tray[kind] = self.tray[kind] + 1
            self.pc += 1
            self._advance()
        elif i < A.COYOTE:
            kind = i - A.BAG
            self.tray[kind] = self.tray[kind] - 1
            self.bag[kind] = self.bag[kind] + 1
            self.pc += 1
            self._advance()
        else:
            if i != A.COYOTE_STAY:
                self.coyote = (1 - self.player) * 5 + (i - A.COYOTE)
            self.pc += 1
            self._advance()

    def _play_card(self, i: int) -> None:
        player = self.player
        if i >= A.SPIRIT_CARD:
            card = i - A.SPIRIT_CARD
            self.active_pile = 0 if self.piles[0][0] == card else 1
            self.program = PROGRAMS[i]
        else:
            down = self.down[player]
            if i == 0:
                down |= D_TAKE1B if down & D_TAKE1A else D_TAKE1A
                both = down & D_TAKE1_BOTH == D_TAKE1_BOTH
                self.program = TAKE1_WITH_COYOTE if both else PROGRAMS[0]
            else:
                down |= (D_TAKE2, D_ADD2, D_ADD3)[i - 1]
                self.program = PROGRAMS[i]
            self.down[player] = down
        self.pc = 0
        self._advance()

    def _put(self, player: int, index: int) -> int:
        """Put a stone on the board (``index`` within a placement block); returns its kind."""
        board = self.board
        base = player * STRIDE
        if index >= A.SPIRIT_PLACE:
            board[base + SPIRIT_INDEX] = board[base + SPIRIT_INDEX] | (1 << (index - A.SPIRIT_PLACE))
            return SPIRIT
        colour, place = divmod(index, NUM_PLACES)
        if PLACE_DISTINCT[place]:
            board[base + place] = board[base + place] | (1 << colour)
        else:
            board[base + place] = ((board[base + place] >> 3) + 1) * 8 + colour
        return colour

    def _take_off(self, player: int, index: int) -> int:
        """Take a stone off the board (``index`` within a return block); returns its kind."""
        board = self.board
        base = player * STRIDE
        if index >= A.SPIRIT_PLACE:
            board[base + SPIRIT_INDEX] = board[base + SPIRIT_INDEX] & ~(1 << (index - A.SPIRIT_PLACE))
            return SPIRIT
        colour, place = divmod(index, NUM_PLACES)
        if PLACE_DISTINCT[place]:
            board[base + place] = board[base + place] & ~(1 << colour)
        else:
            count = (board[base + place] >> 3) - 1
            board[base + place] = count * 8 + colour if count else 0
        return colour

    # --- the engine of a turn --------------------------------------------------------------------
    def _draw_kind(self) -> int:
        """Draw one random stone from the bag (which must not be empty); returns its kind."""
        bag = self.bag
        pick = self.rng.randbelow(sum(bag))
        kind = 0
        while pick >= bag[kind]:
            pick -= bag[kind]
            kind += 1
        bag[kind] = bag[kind] - 1
        return kind

    def _draw_to(self, zone: list[int], count: int) -> bool:
        """Draw ``count`` stones into ``zone``; with explicit chance, stop at a chance point (True) instead."""
        if count > 0:
            self.reveals += 1
            if self.options.get("chance") == "explicit" and any(self.bag):
                self.to_take, self.phase = count, PH_CHANCE
                return True
        for _ in range(count):
            if not any(self.bag):
                return False  # an empty bag draws nothing
            kind = self._draw_kind()
            zone[kind] = zone[kind] + 1
        return False

    # --- explicit chance (chance.py) --------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.phase == PH_CHANCE

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        step = self.program[self.pc] if self.phase == PH_CHANCE else -1
        return [] if step < 0 else C.outcomes(self, step == S_REFRESH, step == S_DEAL)

    def apply_chance(self, outcome: Action) -> None:
        step = self.program[self.pc]
        if C.take(self, outcome.id, step == S_REFRESH, step == S_DEAL, step == S_RAM):
            return  # more to draw
        self.to_take = 0
        if step == S_DEAL:
            self.program, self.pc, self.phase = (), 0, PH_CARD
        else:
            self.pc += 1
            self._advance()

    def _advance(self) -> None:
        """Run the current program's automatic steps until a decision is needed or the turn ends."""
        program = self.program
        while self.pc < len(program):
            step = program[self.pc]
            if step == S_PLACE:
                if any(self.held):
                    if self._placements(self.player, A.PLACE):
                        self.phase = PH_PLACE
                        return
                    # Nothing left in hand fits anywhere: it goes back to the tray.
                    for kind in range(KINDS):
                        self.tray[kind] = self.tray[kind] + self.held[kind]
                        self.held[kind] = 0
            elif step == S_TAKE1 or step == S_TAKE2:
                wanted = 1 if step == S_TAKE1 else 2
                self.to_take = min(wanted, sum(self.tray))
                if self.to_take:
                    self.phase = PH_TAKE
                    return
            elif step in DRAWS:
                if self._draw_to(self.tray, DRAWS[step]):
                    return
            elif step == S_COYOTE:
                self.phase = PH_COYOTE
                return
            elif step == S_DEER:
                base = self.player * STRIDE
                if any(self.board[base:base + STRIDE]):
                    self.phase = PH_DEER
                    return
            elif step == S_BISON:
                if any(self.tray):
                    self.phase = PH_BISON
                    return
            elif step == S_BEAR:
                count = sum(self.tray)
                for kind in range(KINDS):
                    self.bag[kind] = self.bag[kind] + self.tray[kind]
                    self.tray[kind] = 0
                if self._draw_to(self.tray, count):
                    return
            elif step == S_RAM:
                if self._draw_to(self.held, 2):
                    return
            elif step == S_REFRESH:
                pile = self.piles[self.active_pile]
                pile.append(pile.pop(0))
                if not self.seen >> pile[0] & 1 and self.options.get("chance") == "explicit":
                    self.phase = PH_CHANCE
                    return
                self.seen |= 1 << pile[0]
                self.down[self.player] = 0
            elif step == S_EXTRA:
                self.extra = True
            self.pc += 1
        self._end_turn()

    def _end_turn(self) -> None:
        self.turn += 1
        self.program = ()
        self.pc = 0
        self.active_pile = -1
        if self.bag[SPIRIT] <= self.components.stones[SPIRIT] - self.components.to_end:
            self.phase = PH_OVER
            return
        if self._turn_limit_reached():
            self.phase = PH_OVER
            return
        if self.extra:
            self.extra = False
        else:
            self.player = 1 - self.player
        self.phase = PH_CARD

    # --- scores and results ----------------------------------------------------------------------
    def points(self, player: int) -> list[int]:
        """Points per animal of a player (owl, rabbit, beaver, salmon, turtle)."""
        return place_points(self.board, player * STRIDE, self.components)

    def total(self, player: int) -> int:
        return sum(place_points(self.board, player * STRIDE, self.components))

    def scores(self) -> tuple[ScoreCard, ...]:
        cards = []
        for player in range(2):
            points = self.points(player)
            cards.append(ScoreCard(dict(zip(ANIMALS, points, strict=True)), sum(points)))
        return tuple(cards)

    def winners(self) -> tuple[int, ...]:
        if self.status != "finished":
            return ()
        totals = [self.total(0), self.total(1)]
        if totals[0] != totals[1]:
            return (0,) if totals[0] > totals[1] else (1,)
        if self.coyote >= 0:  # a tie goes to the player whose board holds the coyote
            return (self.coyote // 5,)
        return (0, 1)

    # --- information -----------------------------------------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        """Everything is public but the bag's order and the unseen spirit cards' places.

        Besides the table (the keys of ``to_json`` that are not secret), a view holds ``you``, the
        ``spirit_piles`` (a card's name once everyone has seen it, else None) and the card being played this
        turn, which everyone saw played:

        - ``card_played``: its name (``take1``, ``take2``, ``add2``, ``add3`` or a spirit card), None at a
          card decision and once the game is over;
        - ``steps_left``: its steps not yet done, the current one first, in ``to_json``'s ``program`` words
          (``take1``, ``take2``, ``draw2``, ``draw3``, ``draw4``, ``bear``, ``ram``, ``place``, ``coyote``,
          ``deer``, ``bison``, ``refresh``, ``extra``); [] when no card is in play;
        - ``active_pile``: the spirit pile (0 or 1, an index of ``spirit_piles``) whose top card is being
          played, else None;
        - ``extra_turn``: True if this turn is followed by another of the same player (an eagle's ``extra``
          step still to come, or already done when the game ended on it).
        """
        data = self._public_json()
        data["you"] = player
        data["spirit_piles"] = [
            [SPIRIT_CARDS[c] if self.seen >> c & 1 else None for c in pile] for pile in self.piles
        ]
        program = self.program
        left = program[self.pc:]
        data["card_played"] = PROGRAM_CARD.get(program) if program else None
        data["steps_left"] = [STEP_NAMES[step] for step in left]
        data["active_pile"] = self.active_pile if self.active_pile >= 0 else None
        data["extra_turn"] = self.extra or S_EXTRA in left
        return data

    def public_view(self) -> dict[str, Any]:
        """The seats know nothing the table does not show, so this is any seat's view without a seat."""
        data = self.view(0)
        data["you"] = None
        return data

    def determinize(self, player: int, rng: Rng) -> Self:
        state = self.clone()
        # Sorted first, so the sample depends only on what the player knows and on ``rng``.
        unseen = sorted(c for pile in state.piles for c in pile if not state.seen >> c & 1)
        rng.shuffle(unseen)
        it = iter(unseen)
        state.piles = [[c if state.seen >> c & 1 else next(it) for c in pile] for pile in state.piles]
        state._reseed(rng)
        return state

    def _public_json(self) -> dict[str, Any]:
        from hanpan.games.spirits_of_the_wild.position import board_to_json

        coyote = None
        if self.coyote >= 0:
            coyote = {"player": self.coyote // 5, "animal": ANIMALS[self.coyote % 5]}
        return {
            "game": self.game.id,
            "options": dict(self.options),
            "turn": self.turn,
            "current_player": self.current_player,
            "status": self.status,
            "phase": PHASE_NAMES[self.phase],
            "bag": _counts(self.bag),
            "tray": _counts(self.tray),
            "held": _counts(self.held),
            "to_take": self.to_take if self.phase == PH_TAKE else 0,
            "boards": [board_to_json(self.board, p * STRIDE) for p in range(2)],
            "action_cards": [_cards_json(self.down[p]) for p in range(2)],
            "coyote": coyote,
            "spirit_stones_out": self.spirit_stones_out(),
            "scores": [s.to_json() for s in self.scores()],
            "winners": list(self.winners()),
        }

    def to_json(self) -> dict[str, Any]:
        data = self._public_json()
        data.update(
            {
                "format": "hanpan.position/1",
                "seed": self.seed,
                "rng": self.rng.state,
                "reveals": self.reveals,
                "player": self.player,
                "spirit_piles": [[SPIRIT_CARDS[c] for c in pile] for pile in self.piles],
                "seen": [SPIRIT_CARDS[c] for c in range(len(SPIRIT_CARDS)) if self.seen >> c & 1],
                "program": [STEP_NAMES[s] for s in self.program],
                "pc": self.pc,
                "to_take": self.to_take,
                "active_pile": self.active_pile,
                "extra_turn": self.extra,
                "stopped": self.stopped,
            }
        )
        return data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SpiritsState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


def _counts(counts: Sequence[int]) -> dict[str, int]:
    return {STONES[k]: counts[k] for k in range(KINDS) if counts[k]}


def _cards_json(down: int) -> dict[str, Any]:
    """Which action cards are face up: take1 as a count (0–2), the others as booleans."""
    return {
        "take1": 2 - (down & 1) - (down >> 1 & 1),
        "take2": not down & D_TAKE2,
        "add2": not down & D_ADD2,
        "add3": not down & D_ADD3,
        "spirit": True,
    }

