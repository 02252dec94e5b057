"""four_gardens: the view encoder as it was before issue 52 (see the package's text)."""

from collections.abc import Iterable, Mapping
from typing import Any

from hanpan.games.four_gardens.data import (
    BONUS,
    BONUS_PILES,
    END_LANDSCAPES,
    GODS,
    HAND_SIZE,
    RESOURCES,
    SUPPLY,
    TRACK_HIGH,
)
from hanpan.games.four_gardens.deck import NUM_CARDS
from hanpan.games.four_gardens.encoding import (
    _BONUS,
    _BONUS_MAX,
    _DISPLAY_MAX,
    _END_MOST,
    _GOD,
    _ICONS,
    _PHASE,
    _RESOURCE,
    _SLOT,
    _WHIM,
    _WHIM_STATE,
    CARD_FEATURES,
    G_BASE,
    G_COST,
    G_DOWN,
    G_FLOOR,
    G_GAIN,
    G_GOD,
    G_LAND,
    G_OPP,
    G_TOKENS,
    G_UP,
    GARDEN_SLOT,
    HAND_SLOT,
    POINTS_SCALE,
    STORAGE_SCALE,
    TURN_SCALE,
    _base_features,
    _plan_for,
    card_features,
)
from hanpan.games.four_gardens.layout import NR, NW, PHASES, WHIM_STATES

from .common import write_view


def _garden_base(card: Mapping[str, Any]) -> list[tuple[int, float]]:
    """A garden base card's numbers (offsets within its slot): the old ``plan.base`` without its cache."""
    put: list[tuple[int, float]] = []
    _base_features(card, put, G_GAIN, G_FLOOR, G_UP, G_DOWN, G_COST)
    return put


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
        for offset, value in card_features(top):
            out[at + 2 + offset] = value
    places, nplaces = plan.places, plan.nplaces
    at = plan.display
    if len(view["display"]) > _DISPLAY_MAX:
        raise ValueError(f"a display of {len(view['display'])} cards; the encoding holds {_DISPLAY_MAX}")
    for card in view["display"]:
        out[at] = 1.0
        for offset, value in card_features(card):
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
            for offset, value in card_features(card):
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
            for offset, value in _garden_base(card):
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
