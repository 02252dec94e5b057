"""The greedy agent's evaluation of a Four Gardens position: the score now plus progress toward more.

One ply of lookahead sees no completion coming, so progress is valued directly:

- each base card in the garden is worth the favour its completion would bring (its god and every
  landscape card of its copy: 1 on a track below 10, less on a track at 10, 0 where the marker is
  removed), scaled by how much of
  its cost lies on it, plus a little for being in the garden at all (a full card is always worth less
  than completing it, so greedy play never dithers in a rearrange);
- storage tokens that some base card still needs are worth part of a token on that card; other
  storage tokens a little (they can still be used), free slots a little less;
- each landscape card is worth a share of the favour it will add to later cards of its colour;
- the same for the opponents, weighted down, so that taking favour from them (the cap) counts;
- what the player to move has won but not yet received (queued favour, a tile to choose) counts too.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=1)
>>> evaluate(s, 0) == evaluate(s, 1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hanpan.games.four_gardens.layout import (
    GROUP_SLOTS,
    NG,
    NR,
    NS,
    PH_ABUNDANCE,
    PH_BONUS,
    PH_COMEBACK,
    PH_CONSECRATE,
    PH_FAVOUR,
    PH_REARRANGE,
    PH_WHIM,
    SLOT_GROUP,
)

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

PLACED: Final = 0.15  # a base card in the garden
TOKEN_ON_CARD: Final = 0.7  # share of a card's favour per covered part of its cost (a full card < its completion)
TOKEN_USEFUL: Final = 0.55  # a storage token some base card needs (share of its value on the card)
TOKEN_SPARE: Final = 0.08  # any other storage token
LANDSCAPE: Final = 0.35  # per missing position of its copy: favour it will add later
LANDSCAPE_CARD: Final = 0.3  # every landscape card (toward the end and the first tie-break)
PUSH: Final = 0.3  # a gain on a track where the marker is already on 10 (it pushes the others back)
OPPONENTS: Final = 0.35  # weight of the best opponent's value
PENDING_TILE: Final = 1.5  # a bonus or whim tile won but not yet chosen or resolved
PENDING_TOKEN: Final = 0.3  # a token still to be placed


def _value(s: GardensState, p: int) -> float:
    from hanpan.games.four_gardens.data import TRACK_HIGH, WILD
    own = s.marker[p * NG:p * NG + NG]
    any_alive = any(own)
    high = TRACK_HIGH
    god = s.cards.god
    cost = s.cards.cost
    total = s.cards.cost_total
    tok = s.tok
    base = p * NS
    slots = s.slots
    land = s.land[p]
    value = float(sum(s.points(p)))
    needs = [0, 0, 0, 0]
    per_token = [0.0, 0.0, 0.0, 0.0]
    for b in s.bases[p]:
        slot = slots.index(b, base, base + NS) - base
        card_value = 0.0
        for t in GROUP_SLOTS[SLOT_GROUP[slot]]:
            c = b if t == slot else (slots[base + t] if land >> t & 1 else -1)
            if c >= 0:
                g = god[c]
                if g == WILD:
                    card_value += 1.0 if any(0 < m < high for m in own) else PUSH * any_alive
                elif own[g]:
                    card_value += 1.0 if own[g] < high else PUSH
        covered = sum(tok[b * NR:b * NR + NR])
        value += PLACED + TOKEN_ON_CARD * card_value * covered / total[b]
        for r in range(NR):
            missing = cost[b][r] - tok[b * NR + r]
            if missing > 0:
                needs[r] = needs[r] + missing
                per_token[r] = max(per_token[r], TOKEN_ON_CARD * card_value / total[b])
    store = s.store
    for r in range(NR):
        have = store[p * NR + r]
        useful = min(have, needs[r])
        value += useful * TOKEN_USEFUL * per_token[r] + (have - useful) * TOKEN_SPARE
    for slots_of_group in GROUP_SLOTS:
        count = sum(1 for t in slots_of_group if land >> t & 1)
        if count:
            value += LANDSCAPE * count * (len(slots_of_group) - count) / len(slots_of_group)
    value += LANDSCAPE_CARD * s.lcount[p] + 0.05 * len(s.hands[p])
    if p == s.player:
        value += _pending(s, own)
    return value


def _pending(s: GardensState, own: list[int]) -> float:
    """What the player to move has won but not yet received (favour gains queued, a tile to choose...)."""
    from hanpan.games.four_gardens.data import TRACK_HIGH, WILD
    value = 0.0
    for g in s.queue:
        if g == WILD:
            value += 1.0 if any(0 < m < TRACK_HIGH for m in own) else PUSH * any(own)
        elif own[g]:
            value += 1.0 if own[g] < TRACK_HIGH else PUSH
    phase = s.phase
    if phase == PH_FAVOUR:  # a wild god's gain being chosen
        value += 1.0
    elif s.pending_bonus or phase in (PH_BONUS, PH_WHIM, PH_CONSECRATE, PH_COMEBACK):
        value += PENDING_TILE
    elif phase == PH_ABUNDANCE:
        value += PENDING_TOKEN * s.cap[s.player]
    value += PENDING_TOKEN * s.place_left
    return value


def evaluate(s: GardensState, player: int) -> float:
    """Own value minus a share of the best opponent's.

    In the middle of a rearrange, a position is worth what it is worth once the player says ``done``
    (completions and all), so that moves are judged by where they lead and greedy play cannot shuttle a
    token back and forth between two cards.
    """
    from hanpan.games.four_gardens.actions import DONE, TABLE
    if s.phase == PH_REARRANGE and s.player == player:
        s = s.clone()
        s.apply(TABLE[DONE])
    own = _value(s, player)
    others = [_value(s, q) for q in range(s.num_players) if q != player]
    return own - OPPONENTS * max(others)
