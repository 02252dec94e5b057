"""The greedy agent's evaluation of a Four Gardens position: the score now plus progress toward more.

One ply of lookahead sees no completion coming, so progress is valued directly:

- each base card in the garden is worth the favour its completion would bring (its god and every
  landscape card of its copy, on tracks that still hold the player's marker), scaled by how much of
  its cost lies on it, plus a little for being in the garden at all (a full card is always worth less
  than completing it, so greedy play never dithers in a rearrange);
- storage tokens that some base card still needs are worth part of a token on that card; other
  storage tokens a little (they can still be used), free slots a little less;
- each landscape card is worth a share of the favour it will add to later cards of its colour;
- the same for the opponents, weighted down, so that taking favour from them (the cap) counts.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=1)
>>> evaluate(s, 0) == evaluate(s, 1)
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

PLACED = 0.15  # a base card in the garden
TOKEN_ON_CARD = 0.7  # share of a card's favour per covered part of its cost (a full card < its completion)
TOKEN_USEFUL = 0.55  # a storage token some base card needs (share of its value on the card)
TOKEN_SPARE = 0.08  # any other storage token
LANDSCAPE = 0.35  # per missing position of its copy: favour it will add later
OPPONENTS = 0.35  # weight of the best opponent's value


def _value(s: GardensState, p: int) -> float:
    from hanpan.games.four_gardens.data import WILD
    from hanpan.games.four_gardens.state import GROUP_SLOTS, NG, NR, NS, SLOT_GROUP

    marker = s.marker
    alive = [marker[p * NG + g] > 0 for g in range(NG)]
    any_alive = any(alive)
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
        favour = 0
        for t in GROUP_SLOTS[SLOT_GROUP[slot]]:
            c = b if t == slot else (slots[base + t] if land >> t & 1 else -1)
            if c >= 0:
                g = god[c]
                favour += any_alive if g == WILD else alive[g]
        card_value = float(favour)
        covered = sum(tok[b * NR:b * NR + NR])
        value += PLACED + TOKEN_ON_CARD * card_value * covered / total[b]
        for r in range(NR):
            missing = cost[b][r] - tok[b * NR + r]
            if missing > 0:
                needs[r] += missing
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
    value += 0.05 * len(s.hands[p])
    return value


def evaluate(s: GardensState, player: int) -> float:
    """Own value minus a share of the best opponent's."""
    own = _value(s, player)
    others = [_value(s, q) for q in range(s.num_players) if q != player]
    return own - OPPONENTS * max(others)
