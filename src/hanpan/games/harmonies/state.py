"""The rules of Harmonies (../shared/spec/harmonies.md) as a fast State: its fields, a new game, a
copy, the scores; the rest of the rules are functions over it, by job:

- hanpan.games.harmonies.turn: the legal decisions and making one, the pouch's draws, a turn's end;
- hanpan.games.harmonies.cards: the display, taking and keeping cards, the cubes and their actions;
- hanpan.games.harmonies.views: the views, the position as JSON, determinized samples;
- hanpan.games.harmonies.scoring (a board's points), board and tables (the boards and the ready-made
  actions they are read through).

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

from typing import Any, ClassVar, Final, Self

from hanpan.core.action import Action
from hanpan.core.contract import CHANCE, Game, ScoreCard, State
from hanpan.core.options import OptionValue
from hanpan.core.rng import Rng
from hanpan.games.harmonies import cards, turn, views
from hanpan.games.harmonies import chance as C
from hanpan.games.harmonies.board import EMPTY, NUM_STACKS, SIDE, STACKS, Side
from hanpan.games.harmonies.cardset import BUILTIN, CardSet, cards_for
from hanpan.games.harmonies.data import (
    ANIMAL_CUBES,
    DISPLAY_MULTI,
    DISPLAY_SOLO,
    NUM_ANIMALS,
    NUM_CARDS,
    SPACES_MULTI,
    SPACES_SOLO,
    TOKEN_COUNTS,
)
from hanpan.games.harmonies.scoring import CATEGORIES, landscape_points, rule_points, suns, track_points
from hanpan.games.harmonies.tables import SIDE_TABLES, SideTables

FULL_BAG: Final[tuple[int, ...]] = tuple(c for c in range(6) for _ in range(TOKEN_COUNTS[c]))


class HarmoniesState(State):
    """A position of Harmonies; see the module docstring for the layout."""

    __slots__ = (
        "acc",
        "bag",
        "box",
        "card_acts",
        "card_taken",
        "cardset",
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
        "drawing",
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
        self.cardset: CardSet = BUILTIN  # the cards played with (option ``cards``: a designer's file)
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
        #: explicit chance only: what waits for its draws (bits of hanpan.games.harmonies.chance), else 0
        self.drawing = 0

    # --- setup -----------------------------------------------------------------------------------
    @classmethod
    def new_state(cls, players: int, seed: int, options: dict[str, OptionValue]) -> HarmoniesState:
        s = cls()  # every field is set below
        s._start(players, seed, options)
        s.side_id = str(options.get("side", "A"))
        s.side = SIDE[s.side_id]
        s.t = SIDE_TABLES[s.side_id]
        cards_file = options.get("cards")
        s.cardset = cards_for(cards_file if isinstance(cards_file, str) else None)
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
        s.drawing = 0
        solo = players == 1
        s.nspaces = SPACES_SOLO if solo else SPACES_MULTI
        s.display_size = DISPLAY_SOLO if solo else DISPLAY_MULTI
        s.central = [0] * (s.nspaces * 6)
        turn.fill(s, range(s.nspaces))
        s.deck = list(range(NUM_ANIMALS))
        s.card_acts = ()
        cards.refill_display(s)
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
        if s.spirits and options.get("chance") == "explicit":  # the spirits are dealt by chance too
            s.dealt = [[] for _ in range(players)]
            s.spirit_box = list(range(NUM_ANIMALS, NUM_CARDS))
            s.drawing |= C.SPIRITS
        elif s.spirits:
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
        c.cardset = self.cardset
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
        c.drawing = self.drawing
        return c

    # --- small queries ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        if self.over:
            return None
        return CHANCE if self.drawing else self.player

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
        on_cards = sum(self.cardset.cubes[c] - self.placed[c] for c in range(NUM_ANIMALS) if self.owner[c] >= 0)
        return {"cards": on_cards, "boards": on_boards, "supply": self.supply}

    # --- a turn's decisions (hanpan.games.harmonies.turn) -----------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.drawing:
            return [outcome for outcome, _ in C.outcomes(self)]
        return turn.legal_actions(self)

    def apply(self, action: Action) -> None:
        turn.apply(self, action)

    # --- explicit chance (hanpan.games.harmonies.chance) ------------------------------------------
    def is_chance(self) -> bool:
        return self.drawing != 0

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return C.outcomes(self) if self.drawing else []

    def apply_chance(self, outcome: Action) -> None:
        C.take(self, outcome.id)

    def cube_cells(self, player: int, card: int) -> list[int]:
        """Cells where ``player`` may put ``card``'s next cube now (habitat matched, no cube there)."""
        return cards.cube_cells(self, player, card)

    # --- scores and results ----------------------------------------------------------------------
    def points(self, player: int) -> list[int]:
        """Points per category (trees, mountains, fields, buildings, water, animals, spirit)."""
        sm = self.sm[player]
        land = landscape_points(self.side, sm)
        placed = self.placed
        tracks = self.cardset.points
        animals = 0
        for card in self.owned[player]:
            if placed[card]:
                animals += track_points(tracks[card], placed[card])
        spirit = self.spirit[player] if self.spirits else -1
        spirit_score = rule_points(self.cardset.spirit_scoring[spirit], sm) if spirit >= 0 and placed[spirit] else 0
        return [*land, animals, spirit_score]

    def total(self, player: int) -> int:
        return sum(self.points(player))

    def scores(self) -> tuple[ScoreCard, ...]:
        score_cards = []
        for player in range(self.num_players):
            points = self.points(player)
            total = sum(points)
            extra: dict[str, Any] = {}
            if self.num_players == 1:
                extra["suns"] = suns(total, self.side_id, self.spirit[0] if self.spirits else None,
                                     self.cardset.sun_bonus)
            score_cards.append(ScoreCard(dict(zip(CATEGORIES, points, strict=True)), total, extra))
        return tuple(score_cards)

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

    # --- information (hanpan.games.harmonies.views) ---------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        """Everything public, plus ``player``'s own dealt spirits; no generator, no deck order."""
        return views.view(self, player)

    def public_view(self) -> dict[str, Any]:
        """Everything public: the dealt spirits are nobody's (a kept one shows on its board)."""
        return views.public_view(self)

    def determinize(self, player: int, rng: Rng) -> Self:
        state = self.clone()
        views.resample_hidden(state, player, rng)
        state._reseed(rng)
        return state

    def to_json(self) -> dict[str, Any]:
        return views.to_json(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HarmoniesState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]

