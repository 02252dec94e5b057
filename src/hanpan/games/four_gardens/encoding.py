"""Four Gardens' observation encoding: ``view(player)`` as a flat list of floats (see
``hanpan.adapters.observation``).

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
>>> vector = encode(state.view(0), 2, state.options)
>>> len(vector) == sum(size for _, size, _ in segments), len(vector)
(True, 1993)
>>> [name for name, _, _ in segments][:4]
['seat', 'current_player', 'status', 'phase']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from hanpan.core.encoding import layout_function, max_turns_option, offset_of, view_segments, write_view
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
from hanpan.games.four_gardens.layout import FIRST_SLOT, NG, NR, NS, NW, PHASES, SECOND_SLOT, WHIM_STATES

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
        self.features: dict[int, tuple[tuple[int, float], ...]] = {}  # card id -> features (this deck's)
        self.land_features: dict[tuple[str, int, str], tuple[tuple[int, float], ...]] = {}
        self.base_features: dict[int, tuple[tuple[int, float], ...]] = {}  # card id -> garden base-side numbers
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
                              "summer, autumn, winter, wild) / 4")
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
                                    "count that ends the game)"))
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
                                   f"{who}: points so far ({', '.join(score_keys)}) / {POINTS_SCALE}"))
            self.winner.append(add(f"winner+{k}", 1, f"{who}: 1 if a winner of the finished game"))
        self.size = sum(size for _, size, _ in self.segments)

    def _add(self, name: str, size: int, about: str) -> int:
        offset = sum(s for _, s, _ in self.segments)
        self.segments.append((name, size, about))
        return offset

    def base(self, card: Mapping[str, Any]) -> tuple[tuple[int, float], ...]:
        """The base side's numbers of a garden's base card (offsets within a garden slot), cached by id."""
        features = self.base_features.get(card["id"])
        if features is None:
            put: list[tuple[int, float]] = []
            _base_features(card, put, G_GAIN, G_FLOOR, G_UP, G_DOWN, G_COST)
            features = self.base_features[card["id"]] = tuple(put)
        return features

    def card(self, card: Mapping[str, Any]) -> tuple[tuple[int, float], ...]:
        """The features of a card dict, cached by id (both sides) or by landscape side (a blind card)."""
        if "id" in card:
            features = self.features.get(card["id"])
            if features is None:
                features = self.features[card["id"]] = card_features(card)
            return features
        key = (card["colour"], card["position"], card["god"])
        features = self.land_features.get(key)
        if features is None:
            features = self.land_features[key] = card_features(card)
        return features


@lru_cache(maxsize=64)
def _plan(players: int, whims: bool, deck: str | None, max_turns: int | None) -> _Plan:
    return _Plan(players, whims, max_turns)  # one plan per deck: its card-features cache is that deck's


def _plan_for(players: int, options: Mapping[str, Any]) -> _Plan:
    deck = options.get("deck")
    return _plan(players, bool(options.get("whims", False)), deck if isinstance(deck, str) else None,
                 max_turns_option(options))


layout = layout_function(_plan_for)


def _floors(out: list[float], at: int, floors: Iterable[Mapping[str, Any]], sides: list[int], n: int) -> None:
    """Tower floors (bottom up) from ``at``: each a one-hot of its resource, then the icons it shows each
    seat (sides in seat order from the viewer)."""
    for floor in floors:
        out[at + _RESOURCE[floor["resource"]]] = 1.0
        icons = floor["icons"]
        for k in range(n):
            out[at + NR + k] = icons[sides[k]] / _ICONS
        at += NR + n


def encode(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[float]:
    """``view`` (``state.view(player)``) as ``sum(lengths)`` floats, segment after segment."""
    plan = _plan_for(players, options)
    out = [0.0] * plan.size
    n = players
    you = write_view(out, 0, view, n, plan.max_turns, TURN_SCALE, len(PHASES))
    mover = view["current_player"]
    out[plan.phase + _PHASE[view["phase"]]] = 1.0
    ts = view["turn_state"]
    at = plan.turn_state
    out[at] = ts["actions_done"] / 4
    out[at + 1] = ts["actions_allowed"] / 4
    out[at + 2] = float(ts["foresight"])
    out[at + 3] = ts["place_left"] / STORAGE_SCALE
    out[at + 4] = ts["tower_built"] / 4
    out[at + 5] = float(ts["game_end_triggered"])
    out[at + 6] = float(ts["pending_bonus"])
    for god in ts["favour_queue"]:
        out[at + 7 + _GOD[god]] += 0.25
    players_view = view["players"]
    sides = [players_view[(you + k) % n]["side"] for k in range(n)]
    _floors(out, plan.tower, view["tower"], sides, n)
    if plan.whims:
        _floors(out, plan.new_tower, ts["new_tower"], sides, n)
    supply = view["supply"]
    for r, resource in enumerate(RESOURCES):
        out[plan.supply + r] = supply[resource] / SUPPLY[r]
    deck = view["deck"]
    at = plan.deck
    out[at] = deck["size"] / NUM_CARDS
    top = deck["top"]
    if top is not None:
        out[at + 1] = 1.0
        for offset, value in plan.card(top):
            out[at + 2 + offset] = value
    places, nplaces = plan.places, plan.nplaces
    at = plan.display
    if len(view["display"]) > _DISPLAY_MAX:
        raise ValueError(f"a display of {len(view['display'])} cards; the encoding holds {_DISPLAY_MAX}")
    for card in view["display"]:
        out[at] = 1.0
        for offset, value in plan.card(card):
            out[at + 1 + offset] = value
        out[places + (card["id"] - 1) * nplaces + 2 * n] = 1.0
        at += 1 + CARD_FEATURES
    for card in view["discard"]:
        out[places + (card["id"] - 1) * nplaces + 2 * n + 1] = 1.0
    deck_epoch = str(deck["epoch"])
    for epoch, ids in view["unknown_cards"].items():
        column = places + 2 * n + (2 if epoch == deck_epoch else 3)
        for c in ids:
            out[column + (c - 1) * nplaces] = 1.0
    if plan.whims:
        pool = view["whims"]
        for tile in pool["revealed"]:
            out[plan.whim_pool + _WHIM[tile]] = 1.0
        out[plan.whim_pool + NW] = pool["face_down"] / NW
    else:
        piles = view["bonus_piles"]
        for t, pile_id in enumerate(BONUS):
            pile = piles[pile_id]
            out[plan.bonus_piles + 2 * t] = len(pile) / len(BONUS_PILES[t])
            if pile:
                out[plan.bonus_piles + 2 * t + 1] = pile[-1] / _BONUS_MAX[t]
    oppressed = view["oppressed"]
    gave = ts.get("gave")
    got = ts.get("got")
    winners = view["winners"]
    slots_used = plan.slots
    for k in range(n):
        q = (you + k) % n
        pv = players_view[q]
        at = plan.hand[k]
        if len(pv["hand"]) > HAND_SIZE:
            raise ValueError(f"a hand of {len(pv['hand'])} cards; the encoding holds {HAND_SIZE}")
        for card in pv["hand"]:
            out[at] = 1.0
            for offset, value in plan.card(card):
                out[at + 1 + offset] = value
            if "id" in card:
                out[places + (card["id"] - 1) * nplaces + k] = 1.0
                out[at + 1 + CARD_FEATURES] = float(card["public"])
            elif str(card["epoch"]) != deck_epoch:
                out[at + 2 + CARD_FEATURES] = 1.0
            at += HAND_SLOT
        at = plan.storage[k]
        storage = pv["storage"]
        for r, resource in enumerate(RESOURCES):
            out[at + r] = storage[resource] / STORAGE_SCALE
        out[at + NR] = pv["capacity"] / STORAGE_SCALE
        out[at + NR + 1] = pv["landscapes"] / END_LANDSCAPES.get(n, _END_MOST)
        start = plan.garden[k]
        rearranging = gave is not None and q == mover
        for card in pv["garden"]:
            slot = _SLOT[card["colour"], card["copy"], card["slot"]]
            if slot >= slots_used:
                raise ValueError(f"a second copy of a landscape in a garden without whims: {card}")
            out[places + (card["id"] - 1) * nplaces + n + k] = 1.0
            at = start + slot * GARDEN_SLOT
            out[at + G_GOD + _GOD[card["god"]]] = 1.0
            if card["side"] == "landscape":
                out[at + G_LAND] = 1.0
                continue
            out[at + G_BASE] = 1.0
            if card["id"] == oppressed:
                out[at + G_OPP] = 1.0
            for offset, value in plan.base(card):
                out[at + offset] = value
            tokens = card["tokens"]
            for r, resource in enumerate(RESOURCES):
                out[at + G_TOKENS + r] = tokens[resource] / 4
            if rearranging:
                key = str(card["id"])
                row = plan.rearrange + slot * 2 * NR
                for resource in gave.get(key, ()):
                    out[row + _RESOURCE[resource]] = 1.0
                for resource in got.get(key, ()):
                    out[row + NR + _RESOURCE[resource]] = 1.0
        at = plan.markers[k]
        markers = pv["markers"]
        for g, god in enumerate(GODS):
            space = markers[god]
            if space is None:
                out[at + 2 * g + 1] = 1.0
            else:
                out[at + 2 * g] = space / TRACK_HIGH
        at = plan.tiles[k]
        if plan.whims:
            width = len(WHIM_STATES) - 1
            for tile, state in pv["whims"].items():
                out[at + _WHIM[tile] * width + _WHIM_STATE[state]] = 1.0
        else:
            for tile in pv["bonus_tiles"]:
                t = _BONUS[tile["pile"]]
                out[at + 2 * t] = 1.0
                out[at + 2 * t + 1] = tile["value"] / _BONUS_MAX[t]
        at = plan.scores[k]
        score = pv["score"]
        for j, key in enumerate((*GODS, "bonus", "whims", "total")):
            out[at + j] = score[key] / POINTS_SCALE
        if q in winners:
            out[plan.winner[k]] = 1.0
    return out
