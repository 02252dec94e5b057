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

from typing import TYPE_CHECKING, Any, Final, TypeVar

from hanpan.core.rng import Rng
from hanpan.games.four_gardens.data import BONUS, FACE_ICONS, GODS, RESOURCES, WHIMS
from hanpan.games.four_gardens.layout import NG, NR, NS, NW, PH_REARRANGE, PHASES, SLOT_GROUP, SLOT_POS, WHIM_STATES
from hanpan.games.four_gardens.position import mask_json

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

T = TypeVar("T", bound="GardensState")
GOD_IDS: Final = (*GODS, "wild")
SCORE_NAMES: Final = (*GODS, "bonus", "whims")


def landscape_json(s: GardensState, c: int) -> dict[str, Any]:
    """A card's landscape side only (no id: alike landscape sides cannot be told apart)."""
    return dict(s.cards.json_land[c])


def hidden_cards(s: GardensState, player: int) -> list[int]:
    """The cards whose place ``player`` does not know: the deck and opponents' blind-drawn hand cards."""
    out = list(s.deck)
    private = s.private
    for q, hand in enumerate(s.hands):
        if q != player:
            out.extend(c for c in hand if private >> c & 1)
    return out


def _res(counts: list[int], start: int) -> dict[str, int]:
    return {"stone": counts[start], "water": counts[start + 1], "grass": counts[start + 2],
            "wood": counts[start + 3]}


def public_view(s: GardensState) -> dict[str, Any]:
    """What the table shows: every hand as an opponent sees it (cards taken face up, blind ones by their
    landscape side), ``you`` None.

    >>> from hanpan.games.four_gardens import GAME
    >>> v = GAME.new(players=2, seed=4).public_view()
    >>> v["you"], all("id" not in card for card in v["players"][0]["hand"])
    (None, True)
    """
    return view(s, -1)


def new_tower(s: GardensState) -> list[dict[str, Any]]:
    """Upheaval: the floors of the tower being rebuilt that are set so far, bottom up (public: the table
    sees the tower rebuilt).  Each as the view's ``tower`` floors (``icons`` per tower side), plus ``face``:
    the icons its builder chose to face them, as in the notation ``tower <resource> <face>``.

    >>> from hanpan.games.four_gardens import GAME
    >>> s = GAME.new(players=2, seed=1, whims=True)
    >>> s.build = [1 * 4 + 3]  # water, 3 icons facing the builder (player 0, tower side 0)
    >>> new_tower(s)
    [{'floor': 1, 'resource': 'water', 'face': 3, 'icons': [3, 0, 1, 2]}]
    """
    side = s.side(s.player)
    return [{"floor": f + 1, "resource": RESOURCES[x >> 2], "face": x & 3,
             "icons": [FACE_ICONS[((x & 3) - side + k) & 3] for k in range(4)]} for f, x in enumerate(s.build)]


def view(s: GardensState, player: int) -> dict[str, Any]:
    """Everything ``player`` knows, as JSON-able data (card dicts may be shared between views: read only).

    ``player`` -1 is a spectator's seat (``public_view``): every hand is someone else's.

    ``tower`` is the tower standing; during an Upheaval (phase ``tower``) it is the tower before it, and
    ``turn_state["new_tower"]`` the floors of the new one set so far (see :func:`new_tower`; [] otherwise),
    ``turn_state["tower_built"]`` their count.

    ``turn_state["pending_bonus"]`` is True while a landscape completed whole in this turn still owes its
    reward: a bonus tile (with whims, a revealed whim tile), taken once the favour gains
    (``favour_queue``, and the wild god's choice in phase ``favour``) are made; it may come to nothing when no
    tile can be taken.  Public: everyone saw the landscape completed.  Only a decision that waits between the
    completion and the reward (a wild god's ``favour``) shows it True; in the ``bonus`` / ``whim`` decision the
    reward is being taken."""
    full = s.cards.json_full
    land = s.cards.json_land
    key = s.cards.land_key
    epoch = s.epoch
    private = s.private
    n = s.num_players
    players = []
    for q in range(n):
        if q == player:
            hand = [{**full[c], "public": not private >> c & 1} for c in s.hands[q]]
        else:  # the cards they took face up by id, then the blind ones by what is known of them
            hand = [{**full[c], "public": True} for c in s.hands[q] if not private >> c & 1]
            secret = sorted((epoch[c], key[c], c) for c in s.hands[q] if private >> c & 1)
            hand += [{**land[c], "epoch": e} for e, _, c in secret]  # alike entries for alike sides
        garden = []
        base = q * NS
        landmask = s.land[q]
        for slot in range(NS):
            c = s.slots[base + slot]
            if c >= 0:
                entry = {**full[c], "copy": 1 + (SLOT_GROUP[slot] >= 4), "slot": SLOT_POS[slot] + 1}
                if landmask >> slot & 1:
                    entry["side"] = "landscape"
                else:
                    entry["side"] = "base"
                    entry["tokens"] = _res(s.tok, c * NR)
                garden.append(entry)
        w = s.whim
        points = s.points(q)
        players.append({
            "side": s.side(q),
            "hand": hand,
            "storage": _res(s.store, q * NR),
            "capacity": s.cap[q],
            "garden": garden,
            "landscapes": s.lcount[q],
            "markers": {GODS[g]: s.marker[q * NG + g] or None for g in range(NG)},
            "bonus_tiles": [{"pile": BONUS[t >> 4], "value": t & 15} for t in s.bonus_tiles[q]],
            "whims": {WHIMS[t]: WHIM_STATES[w[q * NW + t]] for t in range(NW) if w[q * NW + t]},
            "score": {**dict(zip(SCORE_NAMES, points, strict=True)), "total": sum(points)},
        })
    unknown: dict[str, list[int]] = {}
    if s.deck:  # every deck card was shuffled into the current deck
        unknown[str(s.deck_epoch)] = [c + 1 for c in s.deck]
    for q, cards_of_q in enumerate(s.hands):
        if q != player:
            for c in cards_of_q:
                if private >> c & 1:
                    unknown.setdefault(str(epoch[c]), []).append(c + 1)
    for ids in unknown.values():
        ids.sort()
    icons = s.icons
    return {
        "game": s.game.id,
        "options": dict(s.options),
        "you": player if player >= 0 else None,
        "turn": s.turn,
        "current_player": s.current_player,
        "status": s.status,
        "phase": PHASES[s.phase],
        "tower": [{"floor": f + 1, "resource": RESOURCES[s.floor_res[f]],
                   "icons": [icons(f, 0), icons(f, 1), icons(f, 2), icons(f, 3)]} for f in range(4)],
        "supply": _res(s.supply, 0),
        "players": players,
        "deck": {"size": len(s.deck), "epoch": s.deck_epoch,
                 "top": dict(land[s.deck[-1]]) if s.deck else None},
        "display": [full[c] for c in s.display],
        "discard": [full[c] for c in s.discard],
        "unknown_cards": unknown,
        "bonus_piles": {BONUS[t]: list(s.piles[t]) for t in range(len(BONUS))},
        "whims": {"revealed": [WHIMS[w] for w in s.whim_open], "face_down": len(s.whim_stack)},
        "oppressed": s.oppressed + 1 if s.oppressed >= 0 else None,
        "turn_state": {"actions_done": s.actions_done, "actions_allowed": s.actions_allowed,
                       "foresight": s.foresight_now, "place_left": s.place_left,
                       "favour_queue": [GOD_IDS[g] for g in s.queue], "tower_built": len(s.build),
                       "new_tower": new_tower(s) if s.build else [],
                       # public: a bonus tile (or whim) still to come for a landscape completed whole
                       "pending_bonus": s.pending_bonus,
                       "game_end_triggered": s.trigger,
                       # public: in a rearrange, which cards gave / received which resources (they may not
                       # do the other; see legal.rearrange_ids)
                       **({"gave": mask_json(s.gave), "got": mask_json(s.got)} if s.phase == PH_REARRANGE
                          else {})},
        "winners": list(s.winners()),
    }


def determinize(s: T, player: int, rng: Rng) -> T:
    """A full state consistent with ``view(player)``: the unknowns resampled from ``rng``.

    The sample depends only on what ``player`` knows and on ``rng``: every pool of unknown cards and the
    whim stack are sorted before they are shuffled (their true order is hidden), epochs and landscape
    sides are taken in sorted order, and the true seed is replaced by one drawn from ``rng``.
    """
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
    for e in sorted(pool):
        buckets: dict[int, list[int]] = {}
        for c in sorted(pool[e]):
            buckets.setdefault(key[c], []).append(c)
        for k in sorted(buckets):
            rng.shuffle(buckets[k])
        for k, q, i in constrained.get(e, []):
            c = buckets[k].pop()
            if q < 0:
                d.deck[i] = c
            else:
                d.hands[q][i] = c
        rest = [c for k in sorted(buckets) for c in buckets[k]]
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
    d.whim_stack.sort()
    rng.shuffle(d.whim_stack)
    d._reseed(rng)
    return d
