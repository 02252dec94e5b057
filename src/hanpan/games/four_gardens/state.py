"""The rules of Four Gardens (../shared/spec/four_gardens.md) as a fast State.

Layout, chosen for cheap clones and quick rule checks (cards are indices 0..69,
written ``c1``..``c70``; resources, gods and colours are indices in data order):

- tower: ``floor_res[f]`` the resource of floor f (0 = floor 1, the bottom) and
  ``floor_face[f]`` the face index tower side 0 sees; side k sees face
  ``(floor_face[f] + k) % 4``, which shows ``FACE_ICONS[face]`` icons.  Turning a
  floor clockwise (seen from above) lowers its face index by 1, counter-clockwise raises it.
- ``supply`` (4 ints); ``store`` (4 ints per player) and ``cap`` (storage slots).
- gardens: ``slots`` holds 19 ints per player (card or -1): the 14 (colour, position)
  places of the first copy of each landscape, then the second copies of red and orange
  (Tolerance).  ``land[p]`` is the bitmask of those slots turned landscape side up;
  ``bases[p]`` the sorted base cards; ``tok`` 4 ints per card (tokens on a base card).
- ``marker``: 4 ints per player, the space of each god track (0 = removed).
- cards: ``deck`` (top = last), ``discard``, ``display``, ``hands`` (sorted);
  ``private`` the bitmask of hand cards drawn blind (their base side known only to
  their holder); ``epoch[c]`` the number of the deck the card was last shuffled into.
- a decision waits in ``phase``; the completion machinery (``queue`` of favour gains,
  ``pending_bonus``, ``place_left``) is resumed by ``completion.resolve`` after each decision.
- rearrange ruling (keeps turns finite): within one rearrange, a base card is a giver or a
  receiver of each resource, never both.  ``gave`` / ``got`` are bitmasks over
  ``card * NR + resource`` of the rearranging player's cards that gave / received a token of
  that resource in this rearrange (0 outside the rearrange phase); see ``legal.rearrange_ids``.

The class holds the fields, ``clone``, the small queries and the contract's methods, and dispatches each
decision; the rules themselves are functions over the state, a module per job: ``legal`` (which
decisions are open), ``turns`` (the turn sequence, refill and deck), ``tower`` (rotation, collecting),
``completion`` (landscapes completed, favour, bonus tiles), ``whims`` (the promo), ``scoring`` (points
and winners), ``knowledge`` (views, determinize) and ``position`` (JSON).  They import each other
downward only (``whims`` lowest of the rules, then ``legal``, ``turns``, ``completion``); ``whims``
hands back to the turn sequence and the completion machinery through the state's ``_resolve``,
``_next_action``, ``_pop_deck`` and ``_discard_from_hand``.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=3)
>>> [str(a) for a in s.legal_actions()][:4]
['play c6', 'play c10', 'play c15', 'play c44']
>>> s.play("rotate c6 cw"), s.store[:4], str(s.legal_actions()[0])
(Action(80, 'rotate c6 cw'), [0, 1, 0, 3], 'play c10')
"""

from __future__ import annotations

from bisect import insort
from typing import Any, ClassVar, Final, Self

from hanpan.core.action import Action
from hanpan.core.contract import CHANCE, Game, ScoreCard, State
from hanpan.core.errors import IllegalActionError
from hanpan.core.options import OptionValue
from hanpan.core.rng import Rng
from hanpan.games.four_gardens import actions as A
from hanpan.games.four_gardens import chance as C
from hanpan.games.four_gardens import scoring
from hanpan.games.four_gardens.completion import complete, gain, resolve, take_bonus
from hanpan.games.four_gardens.data import (
    ACTIONS_PER_TURN,
    BONUS_PILES,
    DISPLAY_SIZE,
    FACE_ICONS,
    HAND_SIZE,
    SEAT_SIDES,
    STORAGE_SLOTS,
    SUPPLY,
    TOLERANCE,
    TRACK_START,
    WHIMS_REVEALED,
)
from hanpan.games.four_gardens.deck import Deck
from hanpan.games.four_gardens.layout import (
    DOWN_ORDER,
    FIRST_SLOT,
    GROUP_SIZE,
    GROUPS,
    NC,
    NG,
    NR,
    NS,
    NW,
    PH_ABUNDANCE,
    PH_ACTION,
    PH_BONUS,
    PH_COLLECT,
    PH_COMEBACK,
    PH_COMPLETE,
    PH_CONSECRATE,
    PH_FAVOUR,
    PH_OVER,
    PH_PUT,
    PH_REARRANGE,
    PH_REFILL,
    PH_SACRIFICE,
    PH_TOWER,
    PH_WHIM,
    SECOND_SLOT,
    UP_ORDER,
    W_HELD,
    W_NONE,
)
from hanpan.games.four_gardens.legal import action_ids, bonus_choices, may_draw, put_ids, rearrange_ids
from hanpan.games.four_gardens.tower import collect, rotate
from hanpan.games.four_gardens.turns import (
    discard_from_hand,
    draw_blind,
    next_action,
    pop_deck,
    refill,
    start_refill,
    start_turn,
)
from hanpan.games.four_gardens.whims import use_whim, whim_points

ACT: Final = A.TABLE


class GardensState(State):
    """A position of Four Gardens; see the module docstring for the layout."""

    __slots__ = (
        "actions_allowed", "actions_done", "bases", "bonus_held", "bonus_points", "bonus_tiles", "build", "cap",
        "cards", "deck", "deck_epoch", "discard", "display", "done_groups", "epoch", "floor_face", "floor_res",
        "foresight_now", "fresh", "gave", "got", "hands", "idle", "land", "lcount", "marker", "oppressed",
        "oppressor", "pending", "pending_bonus", "phase", "piles", "place_left", "player", "private", "queue", "slots",
        "store",
        "supply", "tok", "trigger", "whim", "whim_open", "whim_stack", "whims_on",
    )

    game: ClassVar[Game]

    # No __init__: ``clone`` makes a bare instance and fills it in (a class compiled by mypyc would run its
    # __init__ for every instance made, even by ``__new__``); ``_reset`` gives every field its default.
    def _reset(self) -> None:
        """Give every field its starting value (``new_state`` and ``from_json`` then fill them in)."""
        # listed here for readers and mypy
        self._start(2, 0, {})
        self.cards: Deck
        self.whims_on = False
        self.floor_res: list[int] = [0, 1, 2, 3]
        self.floor_face: list[int] = [3, 2, 1, 0]
        self.supply: list[int] = list(SUPPLY)
        self.store: list[int] = []
        self.cap: list[int] = []
        self.slots: list[int] = []
        self.land: list[int] = []
        self.lcount: list[int] = []
        self.done_groups: list[int] = []
        self.bases: list[list[int]] = []
        self.tok: list[int] = [0] * (NC * NR)
        self.marker: list[int] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.display: list[int] = []
        self.hands: list[list[int]] = []
        self.private = 0
        self.epoch: list[int] = [0] * NC
        self.deck_epoch = 0
        self.piles: list[list[int]] = [list(p) for p in BONUS_PILES]
        self.bonus_held: list[int] = []
        self.bonus_points: list[int] = []
        self.bonus_tiles: list[list[int]] = []  # (pile * 16 + value) per tile taken, in order
        self.whim: list[int] = []  # NW ints per player: W_* state of each whim tile
        self.whim_stack: list[int] = []  # face down, top = last
        self.whim_open: list[int] = []
        self.oppressed = -1
        self.oppressor = -1
        self.player = 0
        self.phase = PH_ACTION
        self.actions_done = 0
        self.actions_allowed = ACTIONS_PER_TURN
        self.foresight_now = False
        self.fresh = 0  # bitmask of whim tiles taken this turn
        self.queue: list[int] = []  # favour gains still to make (gods; WILD for a wild god)
        self.pending_bonus = False
        self.place_left = 0
        self.build: list[int] = []  # Upheaval: floors set so far, bottom up, as resource * 4 + face
        self.trigger = False
        self.idle = 0
        self.gave = 0  # rearrange: bit card * NR + r set once the card gave a token of r (this rearrange)
        self.got = 0  # rearrange: bit card * NR + r set once the card received a token of r (this rearrange)
        #: explicit chance (chance.py): (decision, outcomes so far, the chance point's outcomes); None: engine
        self.pending: tuple[int, tuple[int, ...], tuple[int, ...]] | None = None

    # --- setup -----------------------------------------------------------------------------------
    @classmethod
    def new_state(cls, players: int, seed: int, options: dict[str, OptionValue], cards: Deck) -> GardensState:
        s = cls()
        s._reset()
        s._start(players, seed, options)
        n = players
        s.whims_on = bool(options.get("whims"))
        s.cards = cards
        rng = s.rng
        s.floor_res = [0, 1, 2, 3]
        explicit = options.get("chance") == "explicit"
        # explicit chance shuffles as the default engine does: its draws' engine outcomes (draw_chance) are these
        rng.shuffle(s.floor_res)
        s.floor_face = [3 - f for f in range(4)]  # side 0 shows faces 0-1-2-3 from floor 4 down
        s.store = [0] * (n * NR)
        s.cap = [STORAGE_SLOTS] * n
        s.slots = [-1] * (n * NS)
        s.land = [0] * n
        s.lcount = [0] * n
        s.done_groups = [0] * n
        s.bases = [[] for _ in range(n)]
        s.marker = [TRACK_START] * (n * NG)
        s.bonus_held = [0] * n
        s.bonus_points = [0] * n
        s.bonus_tiles = [[] for _ in range(n)]
        s.whim = [W_NONE] * (n * NW)
        s.deck = list(range(NC))
        rng.shuffle(s.deck)
        if explicit:  # every draw of the setup is a chance point (chance.py)
            s.hands, s.display = [[] for _ in range(n)], []
            if s.whims_on:
                s.piles = [[], [], []]
                s.whim_stack = list(range(NW))
                rng.shuffle(s.whim_stack)
            s.pending = C.IDLE
            C.run(s, C.SETUP, ())
            return s
        s.hands = []
        for _ in range(n):
            hand = [s.deck.pop() for _ in range(HAND_SIZE)]
            hand.sort()
            s.hands.append(hand)
            for c in hand:
                s.private |= 1 << c
        s.display = [s.deck.pop() for _ in range(DISPLAY_SIZE)]
        if s.whims_on:
            s.piles = [[], [], []]
            s.whim_stack = list(range(NW))
            rng.shuffle(s.whim_stack)
            s.whim_open = [s.whim_stack.pop() for _ in range(WHIMS_REVEALED)]
        s.reveals = 1
        start_turn(s)
        return s

    def clone(self) -> Self:
        c = self.__class__()
        self._copy_common(c)
        c.cards = self.cards
        c.whims_on = self.whims_on
        c.floor_res = self.floor_res[:]
        c.floor_face = self.floor_face[:]
        c.supply = self.supply[:]
        c.store = self.store[:]
        c.cap = self.cap[:]
        c.slots = self.slots[:]
        c.land = self.land[:]
        c.lcount = self.lcount[:]
        c.done_groups = self.done_groups[:]
        c.bases = [b[:] for b in self.bases]
        c.tok = self.tok[:]
        c.marker = self.marker[:]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.display = self.display[:]
        c.hands = [h[:] for h in self.hands]
        c.private = self.private
        c.epoch = self.epoch[:]
        c.deck_epoch = self.deck_epoch
        c.piles = [p[:] for p in self.piles]
        c.bonus_held = self.bonus_held[:]
        c.bonus_points = self.bonus_points[:]
        c.bonus_tiles = [t[:] for t in self.bonus_tiles]
        c.whim = self.whim[:]
        c.whim_stack = self.whim_stack[:]
        c.whim_open = self.whim_open[:]
        c.oppressed = self.oppressed
        c.oppressor = self.oppressor
        c.player = self.player
        c.phase = self.phase
        c.actions_done = self.actions_done
        c.actions_allowed = self.actions_allowed
        c.foresight_now = self.foresight_now
        c.fresh = self.fresh
        c.queue = self.queue[:]
        c.pending_bonus = self.pending_bonus
        c.place_left = self.place_left
        c.build = self.build[:]
        c.trigger = self.trigger
        c.idle = self.idle
        c.gave = self.gave
        c.got = self.got
        c.pending = self.pending
        return c

    # --- small queries ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        pending = self.pending
        if pending is not None and pending[2]:
            return CHANCE
        return None if self.phase == PH_OVER else self.player

    @property
    def is_over(self) -> bool:
        return self.phase == PH_OVER

    # --- explicit chance (chance.py) --------------------------------------------------------------
    def is_chance(self) -> bool:
        return self.pending is not None and len(self.pending[2]) > 0

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return C.outcomes(self)

    def apply_chance(self, outcome: Action) -> None:
        pending = self.pending
        assert pending is not None
        C.run(self, pending[0], (*pending[1], outcome.id))

    def draw_chance(self) -> Action:
        """The default engine's draw (chance.engine_outcome): a seed's game is the same in both modes."""
        outcome = C.engine_outcome(self)
        if outcome is None:
            raise IllegalActionError(f"{self.game.id} is not at a chance point: nothing to draw",
                                     "우연 지점이 아니어서 뽑을 것이 없습니다")
        return outcome

    def _engine_draws(self) -> None:
        self.pending = None

    def side(self, player: int) -> int:
        """The tower side the player faces."""
        return SEAT_SIDES[self.num_players][player]

    def icons(self, floor: int, side: int) -> int:
        """Icons floor ``floor`` (0 = bottom) shows to tower side ``side`` now."""
        return FACE_ICONS[(self.floor_face[floor] + side) & 3]

    def free(self, player: int) -> int:
        """Empty storage slots of the player."""
        b = player * NR
        s = self.store
        return self.cap[player] - s[b] - s[b + 1] - s[b + 2] - s[b + 3]

    def slot_for(self, player: int, card: int) -> int:
        """The garden slot (within the player's 19) a base card would take, or -1 if it may not be played."""
        cards = self.cards
        colour, position = cards.colour[card], cards.position[card]
        base = player * NS
        slot = FIRST_SLOT[colour][position]
        if self.slots[base + slot] < 0:
            return slot
        slot = SECOND_SLOT[colour][position]
        if slot >= 0 and self.whim[player * NW + TOLERANCE] == W_HELD and self.slots[base + slot] < 0:
            return slot
        return -1

    def needs(self, card: int, resource: int) -> bool:
        """True if a base card has an empty slot of ``resource`` and may take tokens."""
        return self.tok[card * NR + resource] < self.cards.cost[card][resource] and card != self.oppressed

    def full_bases(self, player: int) -> list[int]:
        """The player's base cards whose cost is fully covered."""
        tok = self.tok
        total = self.cards.cost_total
        return [b for b in self.bases[player]
                if tok[b * NR] + tok[b * NR + 1] + tok[b * NR + 2] + tok[b * NR + 3] == total[b]]

    def garden_cards(self, player: int) -> list[int]:
        base = player * NS
        return [c for c in self.slots[base:base + NS] if c >= 0]

    def largest_landscape(self, player: int) -> int:
        """Size of the player's largest completed landscape (0 if none)."""
        done = self.done_groups[player]
        return max((GROUP_SIZE[g] for g in range(len(GROUPS)) if done >> g & 1), default=0)

    # --- legal actions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        if self.pending is not None and self.pending[2]:
            return [outcome for outcome, _ in C.outcomes(self)]
        phase = self.phase
        if phase == PH_REARRANGE:
            return [ACT[i] for i in rearrange_ids(self)]
        if phase == PH_ACTION:
            return [ACT[i] for i in action_ids(self)]
        if phase == PH_PUT:
            return [ACT[i] for i in put_ids(self)]
        if phase == PH_REFILL:
            ids = sorted(A.TAKE + c for c in self.display)
            if may_draw(self):
                ids.append(A.DRAW)
            return [ACT[i] for i in ids]
        if phase == PH_COMPLETE:
            return [ACT[A.COMPLETE + c] for c in self.full_bases(self.player)]
        if phase == PH_FAVOUR:
            b = self.player * NG
            return [ACT[A.FAVOUR + g] for g in range(NG) if self.marker[b + g]]
        if phase == PH_BONUS:
            return [ACT[A.BONUS_PILE + t] for t in bonus_choices(self)]
        if phase == PH_WHIM:
            return [ACT[A.WHIM + w] for w in sorted(self.whim_open)]
        if phase == PH_CONSECRATE:
            return [ACT[A.CONSECRATE], ACT[A.CONSECRATE + 1]]
        if phase == PH_ABUNDANCE:
            return [ACT[A.ABUNDANCE + c] for c in self.hands[self.player]]
        if phase == PH_SACRIFICE:
            present = [g for g in range(NG) if self.marker[self.player * NG + g]]
            return [ACT[A.SACRIFICE + d * NG + u] for d in present for u in present if d != u]
        if phase == PH_COMEBACK:
            b = self.player * NG
            return [ACT[A.COMEBACK + g] for g in range(NG) if not self.marker[b + g]] + [ACT[A.COMEBACK_KEEP]]
        if phase == PH_TOWER:
            used = {x >> 2 for x in self.build}
            return [ACT[A.TOWER + r * 4 + f] for r in range(NR) if r not in used for f in range(4)]
        if phase == PH_COLLECT:
            return [ACT[A.COLLECT], ACT[A.COLLECT + 1]]
        return []

    # --- making decisions ------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
        if self.pending is not None:  # explicit chance: the decision waits for its draws, if it has any
            C.run(self, action.id, ())
            return
        i = action.id
        p = self.player
        if i < A.PUT:  # a card action
            self._card_action(i)
        elif i < A.MOVE_STORE:  # put a token
            r, target = divmod(i - A.PUT, NC + 1)
            self.supply[r] = self.supply[r] - 1
            if target:
                self.tok[(target - 1) * NR + r] = self.tok[(target - 1) * NR + r] + 1
            else:
                self.store[p * NR + r] = self.store[p * NR + r] + 1
            self.place_left -= 1
            resolve(self)
        elif i < A.DONE:  # a rearrange move
            if i < A.MOVE_CARD:
                r, b = divmod(i - A.MOVE_STORE, NC)
                self.store[p * NR + r] = self.store[p * NR + r] - 1
                self.tok[b * NR + r] = self.tok[b * NR + r] + 1
                self.got |= 1 << (b * NR + r)
            elif i < A.RETURN:
                r, rest = divmod(i - A.MOVE_CARD, NC * NC)
                a, b = divmod(rest, NC)
                self.tok[a * NR + r] = self.tok[a * NR + r] - 1
                self.tok[b * NR + r] = self.tok[b * NR + r] + 1
                self.gave |= 1 << (a * NR + r)
                self.got |= 1 << (b * NR + r)
            else:
                r = i - A.RETURN
                self.store[p * NR + r] = self.store[p * NR + r] - 1
                self.supply[r] = self.supply[r] + 1
        elif i == A.DONE:
            self.gave = self.got = 0
            resolve(self)
        elif i < A.FAVOUR:
            complete(self, p, i - A.COMPLETE)
            resolve(self)
        elif i < A.BONUS_PILE:
            gain(self, p, i - A.FAVOUR)
            resolve(self)
        elif i < A.TAKE:
            take_bonus(self, p, i - A.BONUS_PILE)
            resolve(self)
        elif i < A.DRAW:
            c = i - A.TAKE
            self.display.remove(c)
            insort(self.hands[p], c)
            refill(self)
        elif i == A.DRAW:
            draw_blind(self, p)
            refill(self)
        elif i == A.END:
            start_refill(self)
        else:
            use_whim(self, i)

    def _card_action(self, i: int) -> None:
        p = self.player
        self.actions_done += 1
        if i < A.ROTATE:
            c = i - A.PLAY
            self.hands[p].remove(c)
            self.private &= ~(1 << c)
            slot = self.slot_for(p, c)
            self.slots[p * NS + slot] = c
            insort(self.bases[p], c)
            next_action(self)
            return
        if i < A.GAIN:
            c, ccw = divmod(i - A.ROTATE, 2)
            discard_from_hand(self, p, c)
            rotate(self, self.cards.floor[c], ccw == 1)
            collect(self, p, DOWN_ORDER if self.cards.direction[c] else UP_ORDER)
            next_action(self)
        elif i < A.REARRANGE:
            discard_from_hand(self, p, i - A.GAIN)
            self.place_left = 1
            self.phase = PH_PUT
        else:
            discard_from_hand(self, p, i - A.REARRANGE)
            self.gave = self.got = 0
            self.phase = PH_REARRANGE

    # --- where the promo's effects (whims.py) hand back to the rules --------------------------------
    def _resolve(self) -> None:
        """Resume the completion machinery (``completion.resolve``)."""
        resolve(self)

    def _next_action(self) -> None:
        """On to the next action or the refill (``turns.next_action``)."""
        next_action(self)

    def _pop_deck(self) -> int:
        """The deck's top card, or -1 (``turns.pop_deck``)."""
        return pop_deck(self)

    def _discard_from_hand(self, p: int, c: int) -> None:
        """A hand card onto the discards (``turns.discard_from_hand``)."""
        discard_from_hand(self, p, c)

    def _gain(self, p: int, god: int) -> None:
        """One favour gain (``completion.gain``); the rules tests give gains by hand through it."""
        gain(self, p, god)

    # --- scores and results (scoring.py) ---------------------------------------------------------
    def whim_points(self, player: int) -> int:
        return whim_points(self, player)

    def points(self, player: int) -> list[int]:
        """Points per category: the four god tracks, bonus tiles, whim tiles."""
        return scoring.points(self, player)

    def scores(self) -> tuple[ScoreCard, ...]:
        return scoring.score_cards(self)

    def ranking_key(self, player: int) -> tuple[int, int, int]:
        """Total, then landscape cards, then the largest completed landscape."""
        return scoring.ranking_key(self, player)

    def winners(self) -> tuple[int, ...]:
        return scoring.winners(self)

    # --- information -----------------------------------------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        from hanpan.games.four_gardens.knowledge import view

        return view(self, player)

    def public_view(self) -> dict[str, Any]:
        from hanpan.games.four_gardens.knowledge import public_view

        return public_view(self)

    def determinize(self, player: int, rng: Rng) -> Self:
        from hanpan.games.four_gardens.knowledge import determinize

        sample = determinize(self, player, rng)
        if sample.pending is not None and sample.pending[1]:  # a decision's cards drawn so far: no view shows
            C.run(sample, sample.pending[0], ())  # them, so the sample draws them anew
        return sample

    def to_json(self) -> dict[str, Any]:
        from hanpan.games.four_gardens.position import state_to_json

        return state_to_json(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GardensState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
