"""Four Gardens' observation encoding: what ``view(player)`` shows, as a flat list of floats, read straight
from the state (see ``hanpan.adapters.observation``).

Seats are relative to the viewer: "seat +0" is the viewer, "seat +1" the next player in turn order, and so on.
Resources are in the order stone, water, grass, wood; gods spring, summer, autumn, winter (then wild);
landscape colours red, orange, green, blue (sizes 2, 3, 4, 5); whim tiles and bonus piles in ``data`` order.

A card is read from what the view shows of it, never from a deck table, so a deck file (option ``deck``)
encodes the same way.  Its *features* (31 numbers) are: one-hot of its landscape place (14: red 1, red 2,
orange 1..3, green 1..4, blue 1..5), one-hot of its god (5: the four, then wild), 1 if its base side is known,
then (base side only) 1 if a gain card, one-hot of a rotate card's floor (4), 1 if it turns up, 1 if down,
and its cost per resource / 4.  Cards are also tracked by id (1..70) in ``card_places``.

>>> import hanpan
>>> state = hanpan.game("four_gardens").new(players=2, seed=1)
>>> segments = layout(2, state.options)
>>> ones, offsets, values = encoder(2, state.options)(state, 0)
>>> sum(size for _, size, *_ in segments), len(ones), len(offsets) == len(set(offsets)), sum(ones) > len(values)
(1993, 1993, True, True)
>>> [name for name, *_ in segments][:4]
['seat', 'current_player', 'status', 'phase']
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

from hanpan.core.contract import State
from hanpan.core.encoding import (
    OPEN,
    Encoded,
    layout_function,
    max_turns_option,
    offset_of,
    put_common,
    view_segments,
)
from hanpan.games.four_gardens.data import (
    BONUS,
    BONUS_PILES,
    COLOURS,
    CONSECRATION_SLOTS,
    DISPLAY_SIZE,
    END_LANDSCAPES,
    FACE_ICONS,
    FORESIGHT_CARDS,
    GODS,
    HAND_SIZE,
    RESOURCES,
    SIZES,
    STORAGE_SLOTS,
    SUPPLY,
    TRACK_HIGH,
    WHIMS,
)
from hanpan.games.four_gardens.deck import NUM_CARDS
from hanpan.games.four_gardens.layout import (
    FIRST_SLOT,
    NG,
    NR,
    NS,
    NW,
    PH_REARRANGE,
    PHASES,
    SECOND_SLOT,
    WHIM_STATES,
)
from hanpan.games.four_gardens.state import GardensState

#: the scale of the turn number
TURN_SCALE = 100
#: the scale of points (each god, bonus, whims and the total)
POINTS_SCALE = 50
#: the scale of storage: its most slots (base, a storage expansion and Consecration's two)
STORAGE_SCALE = STORAGE_SLOTS + 1 + CONSECRATION_SLOTS
_ICONS = max(FACE_ICONS)
_GOD_IDS = (*GODS, "wild")
_NP = sum(SIZES)  # landscape places (colour, position): 14
_PLACE = {(COLOURS[c], p + 1): FIRST_SLOT[c][p] for c in range(len(COLOURS)) for p in range(SIZES[c])}
_SLOT = {(COLOURS[c], copy, p + 1): (FIRST_SLOT if copy == 1 else SECOND_SLOT)[c][p]
         for c in range(len(COLOURS)) for copy in (1, 2) for p in range(SIZES[c])}
_GOD = {g: i for i, g in enumerate(_GOD_IDS)}
_RESOURCE = {r: i for i, r in enumerate(RESOURCES)}
_PHASE = {p: i for i, p in enumerate(PHASES)}
_WHIM = {w: i for i, w in enumerate(WHIMS)}
_WHIM_STATE = {s: i - 1 for i, s in enumerate(WHIM_STATES) if i}  # "none" is not listed in a view
_BONUS = {b: i for i, b in enumerate(BONUS)}
_BONUS_MAX = tuple(max(pile) for pile in BONUS_PILES)
_DISPLAY_MAX = DISPLAY_SIZE + FORESIGHT_CARDS  # Foresight reveals 3 more
_END_MOST = max(END_LANDSCAPES.values())
#: feature offsets within a card's 31 numbers
F_PLACE = 0
F_GOD = F_PLACE + _NP
F_KNOWN = F_GOD + len(_GOD_IDS)
F_GAIN = F_KNOWN + 1
F_FLOOR = F_GAIN + 1
F_UP = F_FLOOR + 4
F_DOWN = F_UP + 1
F_COST = F_DOWN + 1
CARD_FEATURES = F_COST + NR
#: a hand slot: present, the card's features, known to the others, drawn from an earlier deck
HAND_SLOT = 1 + CARD_FEATURES + 2
#: a garden slot: base side up, landscape side up, oppressed, god (5), action (7), cost (4), tokens (4)
G_BASE, G_LAND, G_OPP, G_GOD, G_GAIN, G_FLOOR, G_UP, G_DOWN, G_COST, G_TOKENS = 0, 1, 2, 3, 8, 9, 13, 14, 15, 19
GARDEN_SLOT = G_TOKENS + NR

_FEATURES_ABOUT = ("one-hot landscape place (14: red 1-2, orange 1-3, green 1-4, blue 1-5), one-hot god "
                   "(spring, summer, autumn, winter, wild), 1 if the base side is known, 1 if a gain card, one-hot "
                   "rotate floor 1-4, 1 if it turns up, 1 if down, cost per resource (stone, water, grass, wood) / 4")


def _base_features(card: Mapping[str, Any], put: list[tuple[int, float]], gain: int, floor: int, up: int,
                   down: int, cost: int) -> None:
    """The base side's numbers of a card dict (as (offset, value) pairs)."""
    if card["action"] == "gain":
        put.append((gain, 1.0))
    else:
        put.append((floor + card["floor"] - 1, 1.0))
        put.append((up if card["direction"] == "up" else down, 1.0))
    counts = [0] * NR
    for r in card["cost"]:
        counts[_RESOURCE[r]] += 1
    put.extend((cost + r, counts[r] / 4) for r in range(NR) if counts[r])


def card_features(card: Mapping[str, Any]) -> tuple[tuple[int, float], ...]:
    """A card dict of a view (both sides, or its landscape side alone) as (feature offset, value) pairs.

    >>> card_features({"colour": "orange", "position": 2, "god": "wild"})
    ((3, 1.0), (18, 1.0))
    """
    put: list[tuple[int, float]] = [(F_PLACE + _PLACE[card["colour"], card["position"]], 1.0),
                                    (F_GOD + _GOD[card["god"]], 1.0)]
    if "action" in card:
        put.append((F_KNOWN, 1.0))
        _base_features(card, put, F_GAIN, F_FLOOR, F_UP, F_DOWN, F_COST)
    return tuple(put)


class _Plan:
    """Offsets of every segment for one (players, whims, deck, max_turns) setup, and a cache of card features."""

    def __init__(self, players: int, whims: bool, max_turns: int | None) -> None:
        n = self.players = players
        self.whims = whims
        self.max_turns = max_turns
        self.slots = slots = NS if whims else _NP  # second copies only with Tolerance (a whim)
        # card index -> its features, its landscape side's, its base side's in a garden (this plan's deck)
        self.full_features: dict[int, list[tuple[int, float]]] = {}
        self.land_features: dict[int, list[tuple[int, float]]] = {}
        self.base_features: dict[int, list[tuple[int, float]]] = {}
        self.segments = view_segments(n, max_turns, TURN_SCALE, between=[
            ("phase", len(PHASES), f"one-hot: the decision awaited ({', '.join(PHASES)})")])
        self.phase = offset_of(self.segments, "phase")
        add = self._add
        res = ", ".join(RESOURCES)
        self.turn_state = add("turn_state", 7 + len(_GOD_IDS),
                              "actions done / 4, actions allowed / 4, 1 if Foresight is on, resources left to put "
                              f"(gain-resources, Abundance) / {STORAGE_SCALE}, tower floors set (Upheaval) / 4, 1 if "
                              "the game's end is triggered, 1 if a bonus tile (with whims: a whim) is still to come "
                              "for a landscape completed whole this turn, then favour gains queued per god (spring, "
                              "summer, autumn, winter, wild) / 4", OPEN)
        self.tower = add("tower", 4 * (NR + n),
                         f"floors 1..4 (bottom up), each a one-hot of its resource ({res}), then the icons it "
                         f"shows each seat (+0, +1, …) / {_ICONS}")
        if whims:
            self.new_tower = add("new_tower", 4 * (NR + n),
                                 "Upheaval: the floors of the tower being rebuilt set so far, as in tower (all 0: "
                                 "not set; tower is the old one until the fourth floor is set)")
        self.supply = add("supply", NR, f"tokens in the supply per resource ({res}) / "
                          f"{', '.join(map(str, SUPPLY))}")
        self.deck = add("deck", 2 + _NP + len(_GOD_IDS),
                        f"cards in the deck / {NUM_CARDS}; 1 if it has a top card, then the top's landscape side: "
                        "one-hot place (14), one-hot god (5)")
        self.display = add("display", _DISPLAY_MAX * (1 + CARD_FEATURES),
                           f"{_DISPLAY_MAX} display slots in the view's order ({DISPLAY_SIZE}; up to "
                           f"{_DISPLAY_MAX} with Foresight), each 1 if a card lies there, then its features: "
                           f"{_FEATURES_ABOUT}")
        self.nplaces = 2 * n + 4
        self.places = add("card_places", NUM_CARDS * self.nplaces,
                          f"cards 1..{NUM_CARDS} by id, each a one-hot of where it is known to be: the hand of seat "
                          f"+0..+{n - 1} (others' by id only if taken face up), the garden of seat +0..+{n - 1}, the "
                          "display, the discard pile, unknown (deck or a hand's blind card) and of the current deck, "
                          "unknown and of an earlier deck (so in a hand)")
        if whims:
            self.whim_pool = add("whims", NW + 1, f"1 for each whim tile revealed ({', '.join(WHIMS)}), then tiles "
                                 f"face down / {NW}")
        else:
            self.bonus_piles = add("bonus_piles", 2 * len(BONUS),
                                   f"for each bonus pile ({', '.join(BONUS)}): tiles left / "
                                   f"{', '.join(str(len(p)) for p in BONUS_PILES)}, top tile's value / "
                                   f"{', '.join(map(str, _BONUS_MAX))}")
        self.rearrange = add("rearrange", slots * 2 * NR,
                             f"the player to move, in a rearrange: for each of their garden slots (as in garden+k), "
                             f"the resources it gave ({res}), then those it received")
        self.hand: list[int] = []
        self.storage: list[int] = []
        self.garden: list[int] = []
        self.markers: list[int] = []
        self.tiles: list[int] = []
        self.scores: list[int] = []
        self.winner: list[int] = []
        score_keys = (*GODS, "bonus", "whims", "total")
        copies = "red 1-2, orange 1-3, green 1-4, blue 1-5" + (", then Tolerance's second red 1-2, orange 1-3"
                                                              if whims else "")
        for k in range(n):
            who = f"seat +{k}" + (" (you)" if k == 0 else "")
            self.hand.append(add(f"hand+{k}", HAND_SIZE * HAND_SLOT,
                                 f"{who}: {HAND_SIZE} hand slots in the view's order (yours by id; others' taken "
                                 "face up by id, then the blind ones), each 1 if a card is there, its 31 features as "
                                 "in display (for another seat's blind card only its landscape side), 1 if the "
                                 "other seats know its base side, 1 if drawn from an earlier deck than the current"))
            self.storage.append(add(f"storage+{k}", NR + 2,
                                    f"{who}: tokens in storage per resource / {STORAGE_SCALE}, storage slots / "
                                    f"{STORAGE_SCALE}, landscape cards / {END_LANDSCAPES.get(n, _END_MOST)} (the "
                                    "count that ends the game)", NS / END_LANDSCAPES.get(n, _END_MOST)))
            self.garden.append(add(f"garden+{k}", slots * GARDEN_SLOT,
                                   f"{who}: garden slots ({copies}), each 1 if a base card lies there, 1 if a "
                                   "landscape card, 1 if it is oppressed, one-hot god (spring, summer, autumn, "
                                   "winter, wild), then for a base card: 1 if gain, one-hot rotate floor 1-4, 1 if up, "
                                   "1 if down, cost per resource / 4, tokens on it per resource / 4"))
            self.markers.append(add(f"markers+{k}", 2 * NG,
                                    f"{who}: for each god track ({', '.join(GODS)}): marker space / {TRACK_HIGH}, "
                                    "1 if the marker was removed"))
            if whims:
                self.tiles.append(add(f"whims+{k}", NW * (len(WHIM_STATES) - 1),
                                      f"{who}: for each whim tile ({', '.join(WHIMS)}), one-hot of its state with "
                                      f"them ({', '.join(WHIM_STATES[1:])}; all 0: not theirs)"))
            else:
                self.tiles.append(add(f"bonus_tiles+{k}", 2 * len(BONUS),
                                      f"{who}: for each bonus pile ({', '.join(BONUS)}): 1 if they hold its tile, "
                                      f"its value / {', '.join(map(str, _BONUS_MAX))}"))
            self.scores.append(add(f"score+{k}", len(score_keys),
                                   f"{who}: points so far ({', '.join(score_keys)}) / {POINTS_SCALE}", OPEN))
            self.winner.append(add(f"winner+{k}", 1, f"{who}: 1 if a winner of the finished game"))
        self.size = sum(segment[1] for segment in self.segments)

    def encode(self, state: State, seat: int) -> Encoded:
        """What ``seat`` sees of ``state`` (nothing ``view(seat)`` does not show), as (offsets, values)."""
        s = state
        assert isinstance(s, GardensState)
        ones = bytearray(self.size)
        offsets: list[int] = []
        values: list[float] = []
        put = _Put(ones, offsets, values)
        put_common(ones, offsets, values, s, seat, self.max_turns, TURN_SCALE, len(PHASES))
        n = self.players
        full = s.cards.json_full
        put.one(self.phase + s.phase)
        at = self.turn_state
        put.value(at, s.actions_done / 4)
        put.value(at + 1, s.actions_allowed / 4)
        put.value(at + 2, float(s.foresight_now))
        put.value(at + 3, s.place_left / STORAGE_SCALE)
        put.value(at + 4, len(s.build) / 4)
        put.value(at + 5, float(s.trigger))
        put.value(at + 6, float(s.pending_bonus))
        queued = [0] * len(_GOD_IDS)
        for god in s.queue:
            queued[god] += 1
        for g in range(len(_GOD_IDS)):
            put.value(at + 7 + g, queued[g] * 0.25)
        sides = [s.side((seat + k) % n) for k in range(n)]
        at = self.tower
        for f in range(4):
            put.one(at + s.floor_res[f])
            for k in range(n):
                put.value(at + NR + k, s.icons(f, sides[k]) / _ICONS)
            at += NR + n
        if self.whims and s.build:
            builder = s.side(s.player)
            at = self.new_tower
            for x in s.build:
                put.one(at + (x >> 2))
                for k in range(n):
                    put.value(at + NR + k, FACE_ICONS[((x & 3) - builder + sides[k]) & 3] / _ICONS)
                at += NR + n
        for r in range(NR):
            put.value(self.supply + r, s.supply[r] / SUPPLY[r])
        deck = s.deck
        at = self.deck
        put.value(at, len(deck) / NUM_CARDS)
        if deck:
            put.one(at + 1)
            put.features(at + 2, self.land(s, deck[-1]))
        places, nplaces = self.places, self.nplaces
        if len(s.display) > _DISPLAY_MAX:
            raise ValueError(f"a display of {len(s.display)} cards; the encoding holds {_DISPLAY_MAX}")
        at = self.display
        for c in s.display:
            put.one(at)
            put.features(at + 1, self.card(s, c))
            put.one(places + c * nplaces + 2 * n)
            at += 1 + CARD_FEATURES
        for c in s.discard:
            put.one(places + c * nplaces + 2 * n + 1)
        deck_epoch = s.deck_epoch
        for c in deck:
            put.one(places + c * nplaces + 2 * n + 2)
        private = s.private
        epoch = s.epoch
        for q in range(n):
            if q != seat:
                for c in s.hands[q]:
                    if private >> c & 1:  # drawn blind: its place is all the seat knows
                        put.one(places + c * nplaces + 2 * n + (2 if epoch[c] == deck_epoch else 3))
        if self.whims:
            for w in s.whim_open:
                put.one(self.whim_pool + w)
            put.value(self.whim_pool + NW, len(s.whim_stack) / NW)
        else:
            for t in range(len(BONUS)):
                pile = s.piles[t]
                put.value(self.bonus_piles + 2 * t, len(pile) / len(BONUS_PILES[t]))
                if pile:
                    put.value(self.bonus_piles + 2 * t + 1, pile[-1] / _BONUS_MAX[t])
        rearranging = s.phase == PH_REARRANGE
        mover = s.current_player
        winners = s.winners()
        slots_used = self.slots
        for k in range(n):
            q = (seat + k) % n
            hand = s.hands[q]
            if len(hand) > HAND_SIZE:
                raise ValueError(f"a hand of {len(hand)} cards; the encoding holds {HAND_SIZE}")
            at = self.hand[k]
            for c in hand:  # yours, or theirs taken face up: by id
                if q == seat or not private >> c & 1:
                    put.one(at)
                    put.features(at + 1, self.card(s, c))
                    put.one(places + c * nplaces + k)
                    put.value(at + 1 + CARD_FEATURES, float(not private >> c & 1))  # known to the others
                    at += HAND_SLOT
            if q != seat:  # their blind cards: the landscape side and the deck it came from, in sorted order
                key = s.cards.land_key
                for e, _, c in sorted((epoch[c], key[c], c) for c in hand if private >> c & 1):
                    put.one(at)
                    put.features(at + 1, self.land(s, c))
                    if e != deck_epoch:
                        put.one(at + 2 + CARD_FEATURES)
                    at += HAND_SLOT
            at = self.storage[k]
            for r in range(NR):
                put.value(at + r, s.store[q * NR + r] / STORAGE_SCALE)
            put.value(at + NR, s.cap[q] / STORAGE_SCALE)
            put.value(at + NR + 1, s.lcount[q] / END_LANDSCAPES.get(n, _END_MOST))
            start = self.garden[k]
            landmask = s.land[q]
            for slot in range(NS):
                c = s.slots[q * NS + slot]
                if c < 0:
                    continue
                if slot >= slots_used:
                    raise ValueError(f"a second copy of a landscape in a garden without whims: {full[c]}")
                put.one(places + c * nplaces + n + k)
                at = start + slot * GARDEN_SLOT
                put.one(at + G_GOD + s.cards.god[c])
                if landmask >> slot & 1:
                    put.one(at + G_LAND)
                    continue
                put.one(at)  # G_BASE
                if c == s.oppressed:
                    put.one(at + G_OPP)
                put.features(at, self.base(s, c))
                for r in range(NR):
                    put.value(at + G_TOKENS + r, s.tok[c * NR + r] / 4)
                if rearranging and q == mover:
                    row = self.rearrange + slot * 2 * NR
                    for r in range(NR):
                        if s.gave >> (c * NR + r) & 1:
                            put.one(row + r)
                        if s.got >> (c * NR + r) & 1:
                            put.one(row + NR + r)
            at = self.markers[k]
            for g in range(NG):
                space = s.marker[q * NG + g]
                if space:
                    put.value(at + 2 * g, space / TRACK_HIGH)
                else:
                    put.one(at + 2 * g + 1)
            at = self.tiles[k]
            if self.whims:
                width = len(WHIM_STATES) - 1
                for t in range(NW):
                    held = s.whim[q * NW + t]
                    if held:
                        put.one(at + t * width + held - 1)
            else:
                last = [-1] * len(BONUS)  # a pile's last tile, as the view's order writes it
                for tile in s.bonus_tiles[q]:
                    last[tile >> 4] = tile & 15
                for t in range(len(BONUS)):
                    if last[t] >= 0:
                        put.one(at + 2 * t)
                        put.value(at + 2 * t + 1, last[t] / _BONUS_MAX[t])
            points = s.points(q)
            at = self.scores[k]
            for j, p in enumerate(points):
                put.value(at + j, p / POINTS_SCALE)
            put.value(at + len(points), sum(points) / POINTS_SCALE)
            if q in winners:
                put.one(self.winner[k])
        return ones, offsets, values

    def card(self, s: GardensState, c: int) -> list[tuple[int, float]]:
        """The features of card ``c`` (both sides), cached: the plan's deck is the state's."""
        features = self.full_features.get(c)
        if features is None:
            features = self.full_features[c] = list(card_features(s.cards.json_full[c]))
        return features

    def land(self, s: GardensState, c: int) -> list[tuple[int, float]]:
        """The features of card ``c``'s landscape side alone (all that is known of a blind card), cached."""
        features = self.land_features.get(c)
        if features is None:
            features = self.land_features[c] = list(card_features(s.cards.json_land[c]))
        return features

    def base(self, s: GardensState, c: int) -> list[tuple[int, float]]:
        """The base side's numbers of card ``c`` in a garden slot (offsets within the slot), cached."""
        features = self.base_features.get(c)
        if features is None:
            features = []
            _base_features(s.cards.json_full[c], features, G_GAIN, G_FLOOR, G_UP, G_DOWN, G_COST)
            self.base_features[c] = features
        return features

    def _add(self, name: str, size: int, about: str, high: float = 1.0) -> int:
        offset = sum(segment[1] for segment in self.segments)
        self.segments.append((name, size, about) if high == 1.0 else (name, size, about, high))
        return offset


class _Put:
    """Writes an encoding's numbers that are not 0: the game's many ones, and the fractions."""

    def __init__(self, ones: bytearray, offsets: list[int], values: list[float]) -> None:
        self.ones = ones
        self.offsets = offsets
        self.values = values

    def one(self, at: int) -> None:
        self.ones[at] = 1

    def value(self, at: int, value: float) -> None:
        if value:
            self.offsets.append(at)
            self.values.append(value)

    def features(self, at: int, features: list[tuple[int, float]]) -> None:
        for offset, value in features:
            if value == 1.0:
                self.ones[at + offset] = 1
            else:
                self.offsets.append(at + offset)
                self.values.append(value)


@lru_cache(maxsize=64)
def _plan(players: int, whims: bool, deck: str | None, max_turns: int | None) -> _Plan:
    return _Plan(players, whims, max_turns)  # one plan per deck: its card-features cache is that deck's


def _plan_for(players: int, options: Mapping[str, Any]) -> _Plan:
    deck = options.get("deck")
    return _plan(players, bool(options.get("whims", False)), deck if isinstance(deck, str) else None,
                 max_turns_option(options))


layout = layout_function(_plan_for)



def encoder(players: int, options: Mapping[str, Any]) -> Callable[[State, int], Encoded]:
    """The encoder of this setup: ``encoder(players, options)(state, seat)`` gives the numbers of what
    ``state.view(seat)`` shows that are not 0 (offsets, values)."""
    return _plan_for(players, options).encode
