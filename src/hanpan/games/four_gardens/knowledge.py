"""What each player knows (the spec's perfect-memory rules): ``view`` and ``determinize``.

The deck lies landscape side up, so a card's landscape side is public from the
moment it is the deck top; display cards and discards are public on both sides,
and so is a hand card taken from the display.  Hidden: the base sides of hand
cards drawn blind (from their holder's opponents), the deck below its top, the
face-down whim tiles.  Every card also carries its *epoch* (the deck it was last
shuffled into, public): a blind-drawn card of epoch e can only be one of the
unseen cards of epoch e, so resampling stays inside each epoch and, for hand
cards and the deck top, inside each landscape side.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=4)
>>> v = s.view(0)
>>> v["players"][1]["hand"][0].keys() == {"colour", "position", "god", "epoch"}
True
>>> d = s.determinize(0, Rng(1))
>>> d.hands[0] == s.hands[0] and d.view(0) == v
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

from hanpan.core.rng import Rng
from hanpan.games.four_gardens.data import BONUS, COLOURS, GODS, RESOURCES, WHIMS

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

T = TypeVar("T", bound="GardensState")
GOD_IDS = (*GODS, "wild")


def landscape_json(s: GardensState, c: int) -> dict[str, Any]:
    """A card's landscape side only (no id: alike landscape sides cannot be told apart)."""
    cards = s.cards
    return {"colour": COLOURS[cards.colour[c]], "position": cards.position[c] + 1, "god": GOD_IDS[cards.god[c]]}


def hidden_cards(s: GardensState, player: int) -> list[int]:
    """The cards whose place ``player`` does not know: the deck and opponents' blind-drawn hand cards."""
    out = list(s.deck)
    for q, hand in enumerate(s.hands):
        if q != player:
            out.extend(c for c in hand if s.private >> c & 1)
    return out


def _res(counts: list[int], start: int) -> dict[str, int]:
    return {RESOURCES[r]: counts[start + r] for r in range(4)}


def view(s: GardensState, player: int) -> dict[str, Any]:
    """Everything ``player`` knows, as JSON-able data."""
    from hanpan.games.four_gardens.state import NG, NR, NS, NW, PHASES, SLOT_GROUP, SLOT_POS, WHIM_STATES

    cards = s.cards
    n = s.num_players
    players = []
    for q in range(n):
        hand = []
        for c in s.hands[q]:
            if q != player and s.private >> c & 1:
                hand.append({**landscape_json(s, c), "epoch": s.epoch[c]})
            else:
                hand.append({**cards.card_json(c), "public": not s.private >> c & 1})
        garden = []
        for slot in range(NS):
            c = s.slots[q * NS + slot]
            if c >= 0:
                landscape = bool(s.land[q] >> slot & 1)
                entry = {**cards.card_json(c), "side": "landscape" if landscape else "base",
                         "copy": 1 + (SLOT_GROUP[slot] >= 4), "slot": SLOT_POS[slot] + 1}
                if not landscape:
                    entry["tokens"] = _res(s.tok, c * NR)
                garden.append(entry)
        players.append({
            "side": s.side(q),
            "hand": hand,
            "storage": _res(s.store, q * NR),
            "capacity": s.cap[q],
            "garden": garden,
            "landscapes": s.lcount[q],
            "markers": {GODS[g]: s.marker[q * NG + g] or None for g in range(NG)},
            "bonus_tiles": [{"pile": BONUS[t >> 4], "value": t & 15} for t in s.bonus_tiles[q]],
            "whims": {WHIMS[w]: WHIM_STATES[s.whim[q * NW + w]] for w in range(NW) if s.whim[q * NW + w]},
        })
    unknown: dict[str, list[int]] = {}
    for c in hidden_cards(s, player):
        unknown.setdefault(str(s.epoch[c]), []).append(c + 1)
    return {
        "game": s.game.id,
        "options": dict(s.options),
        "you": player,
        "turn": s.turn,
        "current_player": s.current_player,
        "status": s.status,
        "phase": PHASES[s.phase],
        "tower": [{"floor": f + 1, "resource": RESOURCES[s.floor_res[f]],
                   "icons": [s.icons(f, side) for side in range(4)]} for f in range(4)],
        "supply": _res(s.supply, 0),
        "players": players,
        "deck": {"size": len(s.deck), "epoch": s.deck_epoch,
                 "top": landscape_json(s, s.deck[-1]) if s.deck else None},
        "display": [cards.card_json(c) for c in s.display],
        "discard": [cards.card_json(c) for c in s.discard],
        "unknown_cards": {e: sorted(ids) for e, ids in sorted(unknown.items())},
        "bonus_piles": {BONUS[t]: list(s.piles[t]) for t in range(len(BONUS))},
        "whims": {"revealed": [WHIMS[w] for w in s.whim_open], "face_down": len(s.whim_stack)},
        "oppressed": s.oppressed + 1 if s.oppressed >= 0 else None,
        "turn_state": {"actions_done": s.actions_done, "actions_allowed": s.actions_allowed,
                       "foresight": s.foresight_now, "place_left": s.place_left,
                       "favour_queue": [GOD_IDS[g] for g in s.queue], "tower_built": len(s.build),
                       "game_end_triggered": s.trigger},
        "scores": [c.to_json() for c in s.scores()],
        "winners": list(s.winners()),
    }


def determinize(s: T, player: int, rng: Rng) -> T:
    """A full state consistent with ``view(player)``: the unknowns resampled from ``rng``."""
    d = s.clone()
    key = s.cards.land_key
    epoch = s.epoch
    # positions: ("h", q, i) for hand card i of player q, or ("d", i) for deck index i
    constrained: dict[int, list[tuple[int, int, int]]] = {}  # epoch -> (land key, q or -1, index)
    free: dict[int, list[int]] = {}  # epoch -> deck indices below the top
    pool: dict[int, list[int]] = {}  # epoch -> cards
    for q, hand in enumerate(d.hands):
        if q == player:
            continue
        for i, c in enumerate(hand):
            if d.private >> c & 1:
                constrained.setdefault(epoch[c], []).append((key[c], q, i))
                pool.setdefault(epoch[c], []).append(c)
    top = len(d.deck) - 1
    for i, c in enumerate(d.deck):
        pool.setdefault(epoch[c], []).append(c)
        if i == top:
            constrained.setdefault(epoch[c], []).append((key[c], -1, i))
        else:
            free.setdefault(epoch[c], []).append(i)
    for e, cards in pool.items():
        buckets: dict[int, list[int]] = {}
        for c in cards:
            buckets.setdefault(key[c], []).append(c)
        for bucket in buckets.values():
            rng.shuffle(bucket)
        for k, q, i in constrained.get(e, []):
            c = buckets[k].pop()
            if q < 0:
                d.deck[i] = c
            else:
                d.hands[q][i] = c
        rest = [c for bucket in buckets.values() for c in bucket]
        rng.shuffle(rest)
        for i, c in zip(free.get(e, []), rest, strict=True):
            d.deck[i] = c
    private = 0
    for q, hand in enumerate(s.hands):
        for i, c in enumerate(hand):
            if s.private >> c & 1:
                private |= 1 << d.hands[q][i]
        d.hands[q].sort()
    d.private = private
    rng.shuffle(d.whim_stack)
    d.rng = Rng(rng.next64())
    return d
