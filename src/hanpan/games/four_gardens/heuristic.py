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

The weights (``Weights``, in hanpan.games.four_gardens.weights) are set by hand in the standard
evaluation; the ``"learned"`` one (hanpan.games.four_gardens.learned) plays the same terms with weights
fitted by self-play.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=1)
>>> evaluate(s, 0) == evaluate(s, 1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanpan.core.evaluation import STANDARD, current
from hanpan.games.four_gardens import learned
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
from hanpan.games.four_gardens.weights import WEIGHTS, Weights

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState


def weights_for(players: int) -> Weights:
    """The weights of the evaluation in use (hanpan.core.evaluation) for this many players: the learned
    ones under ``"learned"`` where a model exists for the player count, else ``WEIGHTS``.

    >>> from hanpan.core.evaluation import using
    >>> weights_for(2) is WEIGHTS
    True
    >>> with using("learned"):
    ...     weights_for(2) is WEIGHTS
    False
    """
    if current() == STANDARD:
        return WEIGHTS
    return learned.weights(players) or WEIGHTS


def _value(s: GardensState, p: int, w: Weights) -> float:
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
    push = w.push
    token_on_card = w.token_on_card
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
                    card_value += 1.0 if any(0 < m < high for m in own) else push * any_alive
                elif own[g]:
                    card_value += 1.0 if own[g] < high else push
        covered = sum(tok[b * NR:b * NR + NR])
        value += w.placed + token_on_card * card_value * covered / total[b]
        for r in range(NR):
            missing = cost[b][r] - tok[b * NR + r]
            if missing > 0:
                needs[r] = needs[r] + missing
                per_token[r] = max(per_token[r], token_on_card * card_value / total[b])
    store = s.store
    for r in range(NR):
        have = store[p * NR + r]
        useful = min(have, needs[r])
        value += useful * w.token_useful * per_token[r] + (have - useful) * w.token_spare
    for slots_of_group in GROUP_SLOTS:
        count = sum(1 for t in slots_of_group if land >> t & 1)
        if count:
            value += w.landscape * count * (len(slots_of_group) - count) / len(slots_of_group)
    value += w.landscape_card * s.lcount[p] + w.hand * len(s.hands[p])
    if p == s.player:
        value += _pending(s, own, w)
    return value


def _pending(s: GardensState, own: list[int], w: Weights) -> float:
    """What the player to move has won but not yet received (favour gains queued, a tile to choose...)."""
    from hanpan.games.four_gardens.data import TRACK_HIGH, WILD
    value = 0.0
    for g in s.queue:
        if g == WILD:
            value += 1.0 if any(0 < m < TRACK_HIGH for m in own) else w.push * any(own)
        elif own[g]:
            value += 1.0 if own[g] < TRACK_HIGH else w.push
    phase = s.phase
    if phase == PH_FAVOUR:  # a wild god's gain being chosen
        value += 1.0
    elif s.pending_bonus or phase in (PH_BONUS, PH_WHIM, PH_CONSECRATE, PH_COMEBACK):
        value += w.pending_tile
    elif phase == PH_ABUNDANCE:
        value += w.pending_token * s.cap[s.player]
    value += w.pending_token * s.place_left
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
    w = weights_for(s.num_players)
    own = _value(s, player, w)
    others = [_value(s, q, w) for q in range(s.num_players) if q != player]
    return own - w.opponents * max(others)
