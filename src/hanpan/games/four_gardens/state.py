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
  ``pending_bonus``, ``place_left``) is resumed by ``_resolve`` after each decision.
- rearrange ruling (keeps turns finite): within one rearrange, a base card is a giver or a
  receiver of each resource, never both.  ``gave`` / ``got`` are bitmasks over
  ``card * NR + resource`` of the rearranging player's cards that gave / received a token of
  that resource in this rearrange (0 outside the rearrange phase); see ``_rearrange_ids``.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=3)
>>> [str(a) for a in s.legal_actions()][:4]
['play c6', 'play c10', 'play c15', 'play c44']
>>> s.play("rotate c6 cw"), s.store[:4], str(s.legal_actions()[0])
(Action(80, 'rotate c6 cw'), [0, 1, 0, 3], 'play c10')
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from typing import Any, ClassVar, Final, Self

from hanpan.core.action import Action
from hanpan.core.contract import Game, ScoreCard, State
from hanpan.core.options import OptionValue
from hanpan.core.rng import Rng
from hanpan.games.four_gardens import actions as A
from hanpan.games.four_gardens.data import (
    ACTIONS_PER_TURN,
    BONUS_PILES,
    DISPLAY_SIZE,
    END_LANDSCAPES,
    FACE_ICONS,
    GODS,
    HAND_SIZE,
    OPPRESSION,
    SEAT_SIDES,
    STORAGE_SLOTS,
    SUPPLY,
    TOLERANCE,
    TRACK_HIGH,
    TRACK_LOW,
    TRACK_START,
    WHIMS_REVEALED,
    WILD,
)
from hanpan.games.four_gardens.deck import GAIN, Deck
from hanpan.games.four_gardens.layout import (
    DOWN_ORDER,
    FIRST_SLOT,
    GROUP_MASK,
    GROUP_SIZE,
    GROUP_SLOTS,
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
    SLOT_GROUP,
    UP_ORDER,
    W_GONE,
    W_HELD,
    W_NONE,
)
from hanpan.games.four_gardens.whims import take_whim, use_whim, whim_ids, whim_points

ACT: Final = A.TABLE


class GardensState(State):
    """A position of Four Gardens; see the module docstring for the layout."""

    __slots__ = (
        "actions_allowed", "actions_done", "bases", "bonus_held", "bonus_points", "bonus_tiles", "build", "cap",
        "cards", "deck", "deck_epoch", "discard", "display", "done_groups", "epoch", "floor_face", "floor_res",
        "foresight_now", "fresh", "gave", "got", "hands", "idle", "land", "lcount", "marker", "oppressed",
        "oppressor", "pending_bonus", "phase", "piles", "place_left", "player", "private", "queue", "slots", "store",
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
        s._start_turn()
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
        return c

    # --- small queries ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        return None if self.phase == PH_OVER else self.player

    @property
    def is_over(self) -> bool:
        return self.phase == PH_OVER

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
        phase = self.phase
        if phase == PH_REARRANGE:
            return [ACT[i] for i in self._rearrange_ids()]
        if phase == PH_ACTION:
            return [ACT[i] for i in self._action_ids()]
        if phase == PH_PUT:
            return [ACT[i] for i in self._put_ids()]
        if phase == PH_REFILL:
            ids = sorted(A.TAKE + c for c in self.display)
            if self._may_draw():
                ids.append(A.DRAW)
            return [ACT[i] for i in ids]
        if phase == PH_COMPLETE:
            return [ACT[A.COMPLETE + c] for c in self.full_bases(self.player)]
        if phase == PH_FAVOUR:
            b = self.player * NG
            return [ACT[A.FAVOUR + g] for g in range(NG) if self.marker[b + g]]
        if phase == PH_BONUS:
            return [ACT[A.BONUS_PILE + t] for t in self._bonus_choices()]
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

    def _action_ids(self) -> list[int]:
        p = self.player
        hand = self.hands[p]
        ids: list[int] = []
        if self.actions_done < self.actions_allowed and hand:
            action = self.cards.action
            if len(self.bases[p]) < 3:
                ids.extend([A.PLAY + c for c in hand if self.slot_for(p, c) >= 0])
            gains = []
            for c in hand:
                if action[c] == GAIN:
                    gains.append(c)
                else:
                    ids.append(A.ROTATE + 2 * c)
                    ids.append(A.ROTATE + 2 * c + 1)
            if gains and self._may_put():
                ids.extend([A.GAIN + c for c in gains])
            ids.extend([A.REARRANGE + c for c in hand])
        if self.actions_done >= ACTIONS_PER_TURN or not hand:
            ids.append(A.END)
        if self.whims_on:
            ids.extend(whim_ids(self, p, hand))
        return ids

    def _has_action(self) -> bool:
        """True if the player has a decision at an action-choice point (more than ``end``)."""
        p = self.player
        hand = self.hands[p]
        if self.actions_done < self.actions_allowed and hand:
            return True  # a card can always be spent on a rearrange
        return self.whims_on and bool(whim_ids(self, p, hand))

    def _wants(self, p: int) -> list[list[int]]:
        """Per resource, the player's base cards with an empty slot of it that may take tokens."""
        tok = self.tok
        cost = self.cards.cost
        oppressed = self.oppressed
        wants: list[list[int]] = [[], [], [], []]
        for b in self.bases[p]:
            if b != oppressed:
                need = cost[b]
                t = b * NR
                for r in range(NR):
                    if tok[t + r] < need[r]:
                        wants[r].append(b)
        return wants

    def _may_put(self) -> bool:
        """True if one token of some resource can go somewhere (a gain-1 is legal)."""
        supply = self.supply
        if self.free(self.player) > 0 and (supply[0] or supply[1] or supply[2] or supply[3]):
            return True
        wants = self._wants(self.player)
        return any(supply[r] and wants[r] for r in range(NR))

    def _put_ids(self) -> list[int]:
        """Placing one token of a resource of choice: storage or a base card with that empty slot."""
        p = self.player
        supply = self.supply
        room = self.free(p) > 0
        wants = self._wants(p)
        ids: list[int] = []
        for r in range(NR):
            if supply[r]:
                start = A.PUT + r * (NC + 1)
                if room:
                    ids.append(start)
                ids.extend([start + 1 + b for b in wants[r]])
        return ids

    def _rearrange_ids(self) -> list[int]:
        """The rearrange moves open now, under the ruling that no card both gives and receives a resource.

        Within one rearrange, a card that received a token of r (from storage or from another card) gives no
        r, and a card that gave r receives no r (``got`` / ``gave``).  Every outcome stays reachable:
        completions are checked only after ``done`` and tokens of a type are alike, so any final arrangement
        that some sequence of moves reaches is also reached by moving each token at most once, straight from
        where it starts to where it ends (each such move is legal: its target stays below its final count,
        hence below its cost, and an Oppressed card, which can only lose tokens, is never a target); in
        those moves givers and receivers of each type are disjoint.  And every rearrange is finite: each
        move lowers storage or the count of a giver, which never grows again in that rearrange.
        """
        p = self.player
        store = self.store
        sb = p * NR
        wants = self._wants(p)
        gave = self.gave
        got = self.got
        if gave:  # a card that gave r takes no r back
            for r in range(NR):
                if wants[r]:
                    wants[r] = [b for b in wants[r] if not gave >> (b * NR + r) & 1]
        ids: list[int] = []
        for r in range(NR):
            if store[sb + r] and wants[r]:
                ids.extend([A.MOVE_STORE + r * NC + b for b in wants[r]])
        bases = self.bases[p]
        if len(bases) > 1:
            tok = self.tok
            for r in range(NR):
                targets = wants[r]
                if targets:
                    for a in bases:
                        if tok[a * NR + r] and not got >> (a * NR + r) & 1:  # a card that got r gives none
                            start = A.MOVE_CARD + (r * NC + a) * NC
                            ids.extend([start + b for b in targets if b != a])
        for r in range(NR):
            if store[sb + r]:
                ids.append(A.RETURN + r)
        ids.append(A.DONE)
        return ids

    def _may_draw(self) -> bool:
        if not (self.deck or self.discard):
            return False
        return not (self.foresight_now and self.display)

    def _bonus_choices(self) -> list[int]:
        held = self.bonus_held[self.player]
        return [t for t in range(len(self.piles)) if self.piles[t] and not held >> t & 1]

    # --- making decisions ------------------------------------------------------------------------
    def apply(self, action: Action) -> None:
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
            self._resolve()
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
            self._resolve()
        elif i < A.FAVOUR:
            self._complete(p, i - A.COMPLETE)
            self._resolve()
        elif i < A.BONUS_PILE:
            self._gain(p, i - A.FAVOUR)
            self._resolve()
        elif i < A.TAKE:
            self._take_bonus(p, i - A.BONUS_PILE)
            self._resolve()
        elif i < A.DRAW:
            c = i - A.TAKE
            self.display.remove(c)
            insort(self.hands[p], c)
            self._refill()
        elif i == A.DRAW:
            self._draw_blind(p)
            self._refill()
        elif i == A.END:
            self._start_refill()
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
            self._next_action()
            return
        if i < A.GAIN:
            c, ccw = divmod(i - A.ROTATE, 2)
            self._discard_from_hand(p, c)
            self._rotate(self.cards.floor[c], ccw == 1)
            self._collect(p, DOWN_ORDER if self.cards.direction[c] else UP_ORDER)
            self._next_action()
        elif i < A.REARRANGE:
            self._discard_from_hand(p, i - A.GAIN)
            self.place_left = 1
            self.phase = PH_PUT
        else:
            self._discard_from_hand(p, i - A.REARRANGE)
            self.gave = self.got = 0
            self.phase = PH_REARRANGE

    def _discard_from_hand(self, p: int, c: int) -> None:
        self.hands[p].remove(c)
        self.private &= ~(1 << c)
        self.discard.append(c)

    def _rotate(self, floor: int, ccw: bool) -> None:
        """Turn ``floor`` and every floor above it 90° (clockwise unless ``ccw``)."""
        step = 1 if ccw else 3
        faces = self.floor_face
        for f in range(floor, 4):
            faces[f] = (faces[f] + step) & 3

    def _collect(self, p: int, order: Sequence[int]) -> None:
        """Collect from the player's side floor by floor, all of a floor while storage has room."""
        side = SEAT_SIDES[self.num_players][p]
        supply = self.supply
        store = self.store
        for f in order:
            room = self.free(p)
            if room <= 0:
                return
            r = self.floor_res[f]
            take = min(FACE_ICONS[(self.floor_face[f] + side) & 3], room, supply[r])
            supply[r] = supply[r] - take
            store[p * NR + r] = store[p * NR + r] + take

    # --- completion, favour, bonus -----------------------------------------------------------------
    def _resolve(self) -> None:
        """Run the automatic steps after a gain / rearrange / bonus until a decision or the next action."""
        p = self.player
        while True:
            if self.queue:
                god = self.queue.pop(0)
                if god == WILD:
                    b = p * NG
                    options = [g for g in range(NG) if self.marker[b + g]]
                    if len(options) > 1:
                        self.phase = PH_FAVOUR
                        return
                    if options:
                        self._gain(p, options[0])
                else:
                    self._gain(p, god)
                continue
            if self.pending_bonus:
                self.pending_bonus = False
                if self.whims_on:
                    if len(self.whim_open) > 1:
                        self.phase = PH_WHIM
                        return
                    if self.whim_open and self._take_whim(p, self.whim_open[0]):
                        return
                else:
                    choices = self._bonus_choices()
                    if len(choices) > 1:
                        self.phase = PH_BONUS
                        return
                    if choices:
                        self._take_bonus(p, choices[0])
                continue
            if self.place_left > 0:
                if self._may_put():
                    self.phase = PH_PUT
                    return
                self.place_left = 0
            full = self.full_bases(p)
            if not full:
                break
            if len(full) > 1:
                self.phase = PH_COMPLETE
                return
            self._complete(p, full[0])
        self._next_action()

    def _complete(self, p: int, card: int) -> None:
        """Turn a full base card landscape side up and queue its favour gains."""
        self.bases[p].remove(card)
        tok = self.tok
        supply = self.supply
        for r in range(NR):
            supply[r] = supply[r] + tok[card * NR + r]
            tok[card * NR + r] = 0
        base = p * NS
        slot = self.slots.index(card, base, base + NS) - base
        self.land[p] = self.land[p] | (1 << slot)
        self.lcount[p] = self.lcount[p] + 1
        group = SLOT_GROUP[slot]
        god = self.cards.god
        self.queue = [god[card]] + [god[self.slots[base + s]] for s in GROUP_SLOTS[group]
                                    if s != slot and self.land[p] >> s & 1]
        mask = GROUP_MASK[group]
        if self.land[p] & mask == mask and not self.done_groups[p] >> group & 1:
            self.done_groups[p] = self.done_groups[p] | (1 << group)
            self.pending_bonus = True
        if self.lcount[p] >= END_LANDSCAPES[self.num_players]:
            self.trigger = True

    def _gain(self, p: int, god: int) -> None:
        """One favour gain: up 1, or at the top push every other marker on the track down."""
        marker = self.marker
        i = p * NG + god
        space = marker[i]
        if not space:
            return
        if space < TRACK_HIGH:
            marker[i] = space + 1
            return
        for q in range(self.num_players):
            j = q * NG + god
            if q != p and marker[j]:
                marker[j] = marker[j] - 1 if marker[j] > TRACK_LOW else 0

    def _take_bonus(self, p: int, pile: int) -> None:
        value = self.piles[pile].pop()
        self.bonus_held[p] = self.bonus_held[p] | (1 << pile)
        self.bonus_tiles[p].append(pile * 16 + value)
        if pile == 0:
            self.cap[p] = self.cap[p] + value
        elif pile == 1:
            self.place_left = value
        else:
            self.bonus_points[p] = self.bonus_points[p] + value

    # --- whims (the promo's effects live in whims.py) ------------------------------------------------
    def _take_whim(self, p: int, w: int) -> bool:
        """Take a revealed whim tile; True if its effect waits for a decision."""
        return take_whim(self, p, w)

    # --- turn flow ---------------------------------------------------------------------------------
    def _next_action(self) -> None:
        """On to the player's next action, or the refill when none is left."""
        if self._has_action():
            self.phase = PH_ACTION
            self.idle = 0
            return
        self._start_refill()

    def _start_refill(self) -> None:
        self.phase = PH_REFILL
        self._refill()

    def _refill(self) -> None:
        """Refill the hand card by card (a decision while the display offers a choice), then the display."""
        p = self.player
        hand = self.hands[p]
        while len(hand) < HAND_SIZE:
            if self.display:
                self.idle = 0
                return  # a choice: a display card or the deck
            if not self._draw_blind(p):
                break
        while len(self.display) < DISPLAY_SIZE:
            c = self._pop_deck()
            if c < 0:
                break
            self.display.append(c)
        self._end_turn()

    def _draw_blind(self, p: int) -> bool:
        c = self._pop_deck()
        if c < 0:
            return False
        insort(self.hands[p], c)
        self.private |= 1 << c
        return True

    def _pop_deck(self) -> int:
        """The deck's top card (-1 if deck and discards are empty); a deck run out is reshuffled at once."""
        if not self.deck:
            if not self.discard:
                return -1
            self._reshuffle()
        c = self.deck.pop()
        self.reveals += 1
        if not self.deck and self.discard:
            self._reshuffle()
        return c

    def _reshuffle(self) -> None:
        self.deck = self.discard
        self.discard = []
        self.rng.shuffle(self.deck)
        self.deck_epoch += 1
        for c in self.deck:
            self.epoch[c] = self.deck_epoch

    def _end_turn(self) -> None:
        n = self.num_players
        while True:
            self.turn += 1
            self.foresight_now = False
            if self.trigger and self.player == n - 1:
                self.phase = PH_OVER
                return
            if self.max_turns is not None and self.turn >= self.max_turns:
                self.phase = PH_OVER
                self.stopped = True
                return
            self.idle += 1
            if self.idle > n:  # a whole round in which nobody could do anything: nothing ever changes
                self.phase = PH_OVER
                return
            self.player = (self.player + 1) % n
            if self._start_turn():
                return

    def _start_turn(self) -> bool:
        """Begin the current player's turn; False if it had nothing to decide (already ended)."""
        p = self.player
        if self.oppressor == p:  # the Oppression tile leaves the game at its owner's next turn
            self.whim[p * NW + OPPRESSION] = W_GONE
            self.oppressed = self.oppressor = -1
        self.actions_done = 0
        self.actions_allowed = ACTIONS_PER_TURN
        self.fresh = 0
        if self._has_action():
            self.phase = PH_ACTION
            self.idle = 0
            return True
        hand = self.hands[p]
        if len(hand) < HAND_SIZE and self.display:
            self.phase = PH_REFILL
            self.idle = 0
            return True
        while len(hand) < HAND_SIZE and self._draw_blind(p):
            self.idle = 0
        while len(self.display) < DISPLAY_SIZE:
            c = self._pop_deck()
            if c < 0:
                break
            self.display.append(c)
        return False

    # --- scores and results ----------------------------------------------------------------------
    def whim_points(self, player: int) -> int:
        return whim_points(self, player)

    def points(self, player: int) -> list[int]:
        """Points per category: the four god tracks, bonus tiles, whim tiles."""
        b = player * NG
        return [*self.marker[b:b + NG], self.bonus_points[player], self.whim_points(player)]

    def scores(self) -> tuple[ScoreCard, ...]:
        names = (*GODS, "bonus", "whims")
        cards = []
        for p in range(self.num_players):
            points = self.points(p)
            cards.append(ScoreCard(dict(zip(names, points, strict=True)), sum(points),
                                   {"landscapes": self.lcount[p], "largest": self.largest_landscape(p)}))
        return tuple(cards)

    def ranking_key(self, player: int) -> tuple[int, int, int]:
        """Total, then landscape cards, then the largest completed landscape."""
        return (sum(self.points(player)), self.lcount[player], self.largest_landscape(player))

    def winners(self) -> tuple[int, ...]:
        if self.status != "finished":
            return ()
        keys = [self.ranking_key(p) for p in range(self.num_players)]
        best = max(keys)
        return tuple(p for p in range(self.num_players) if keys[p] == best)

    # --- information -----------------------------------------------------------------------------
    def view(self, player: int) -> dict[str, Any]:
        from hanpan.games.four_gardens.knowledge import view

        return view(self, player)

    def public_view(self) -> dict[str, Any]:
        from hanpan.games.four_gardens.knowledge import public_view

        return public_view(self)

    def determinize(self, player: int, rng: Rng) -> Self:
        from hanpan.games.four_gardens.knowledge import determinize

        return determinize(self, player, rng)

    def to_json(self) -> dict[str, Any]:
        from hanpan.games.four_gardens.position import state_to_json

        return state_to_json(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GardensState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
