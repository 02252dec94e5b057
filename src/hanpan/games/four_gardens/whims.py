"""The promo 신들의 변덕 / Whims of the Gods: which tiles may be used now, taking them, their effects.

Timing (spec table): Foresight at the start of a later own turn; Oppression, Grace, Upheaval at any
action-choice point of an own turn (the turn taken included); the others on taking.

The turn sequence (``turns``, through ``legal``) and the completion machinery (``completion``) call this
module, so it imports neither: an effect hands back to them through the state's ``_resolve``,
``_next_action``, ``_pop_deck`` and ``_discard_from_hand``.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=1, whims=True)
>>> s.whim[GRACE] = W_HELD
>>> [str(A.TABLE[i]) for i in whim_ids(s, 0, s.hands[0])]
['grace']
>>> use_whim(s, A.GRACE); s.actions_allowed, whim_points(s, 0)
(4, 0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanpan.games.four_gardens import actions as A
from hanpan.games.four_gardens.data import (
    ABUNDANCE,
    COMEBACK,
    COMEBACK_SPACE,
    CONSECRATION,
    CONSECRATION_SLOTS,
    FORESIGHT,
    FORESIGHT_CARDS,
    GRACE,
    OPPRESSION,
    REINFORCEMENT,
    REINFORCEMENT_POINTS,
    SACRIFICE,
    SACRIFICE_DOWN,
    SACRIFICE_UP,
    TRACK_HIGH,
    TRACK_LOW,
    UPHEAVAL,
    WHIM_POINTS,
)
from hanpan.games.four_gardens.forcing import WHIM, to_top
from hanpan.games.four_gardens.layout import (
    DOWN_ORDER,
    NG,
    NW,
    PH_ABUNDANCE,
    PH_COLLECT,
    PH_COMEBACK,
    PH_CONSECRATE,
    PH_SACRIFICE,
    PH_TOWER,
    UP_ORDER,
    W_DOWN,
    W_GONE,
    W_HELD,
    W_NONE,
    W_PLACED,
)
from hanpan.games.four_gardens.tower import collect, rebuild

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState


def whim_ids(s: GardensState, p: int, hand: list[int]) -> list[int]:
    """Ids of the whim tiles p may use now (at an action-choice point of p's turn), in id order."""
    w = s.whim
    b = p * NW
    ids: list[int] = []
    if w[b + FORESIGHT] == W_HELD and s.actions_done == 0 and not s.fresh >> FORESIGHT & 1:
        ids.append(A.FORESIGHT)
    if w[b + GRACE] == W_HELD and hand:
        ids.append(A.GRACE)
    if w[b + OPPRESSION] == W_HELD:
        ids.extend(sorted(A.OPPRESS + c for q in range(s.num_players) if q != p for c in s.bases[q]))
    if w[b + UPHEAVAL] == W_HELD:
        ids.extend(A.UPHEAVAL + c for c in hand)
    return ids


def whim_points(s: GardensState, player: int) -> int:
    """End points of a player's whim tiles: face-down tiles, and Reinforcement by tiles taken."""
    b = player * NW
    w = s.whim
    points = sum(WHIM_POINTS[t] for t in range(NW) if w[b + t] == W_DOWN)
    if w[b + REINFORCEMENT] == W_HELD:
        taken = sum(1 for t in range(NW) if w[b + t] != W_NONE)
        points += REINFORCEMENT_POINTS[min(taken, len(REINFORCEMENT_POINTS) - 1)]
    return points


def take_whim(s: GardensState, p: int, w: int) -> bool:
    """Take a revealed whim tile; True if its effect waits for a decision."""
    s.whim_open.remove(w)
    if s.whim_stack:
        if s.options.get("chance") == "explicit":  # the tile turned up is a draw's outcome (chance.py)
            to_top(WHIM, s.whim_stack)
        s.whim_open.append(s.whim_stack.pop())
        s.reveals += 1
    i = p * NW + w
    s.whim[i] = W_HELD
    s.fresh |= 1 << w
    if w == CONSECRATION:
        s.phase = PH_CONSECRATE
        return True
    if w == ABUNDANCE:
        s.whim[i] = W_DOWN
        hand = s.hands[p]
        if len(hand) > 1:
            s.phase = PH_ABUNDANCE
            return True
        if hand:
            s._discard_from_hand(p, hand[0])
        s.place_left = s.cap[p]
    elif w == SACRIFICE:
        s.whim[i] = W_GONE
        if sum(1 for g in range(NG) if s.marker[p * NG + g]) >= 2:
            s.phase = PH_SACRIFICE
            return True
    elif w == COMEBACK:
        if any(not s.marker[p * NG + g] for g in range(NG)):
            s.phase = PH_COMEBACK
            return True
        s.whim[i] = W_DOWN
    return False


def use_whim(s: GardensState, i: int) -> None:
    """Make a promo decision (a whim tile taken, used or resolved)."""
    p = s.player
    b = p * NW
    if i < A.FORESIGHT:
        if not take_whim(s, p, i - A.WHIM):
            s._resolve()
    elif i == A.FORESIGHT:
        s.whim[b + FORESIGHT] = W_DOWN
        s.foresight_now = True
        for _ in range(FORESIGHT_CARDS):
            c = s._pop_deck()
            if c < 0:
                break
            s.display.append(c)
        s._next_action()
    elif i == A.GRACE:
        s.whim[b + GRACE] = W_GONE
        s.actions_allowed += 1
        s._next_action()
    elif i < A.UPHEAVAL:
        s.whim[b + OPPRESSION] = W_PLACED
        s.oppressed = i - A.OPPRESS
        s.oppressor = p
        s._next_action()
    elif i < A.TOWER:
        s.whim[b + UPHEAVAL] = W_GONE
        s._discard_from_hand(p, i - A.UPHEAVAL)
        s.build = []
        s.phase = PH_TOWER
    elif i < A.COLLECT:
        s.build.append(i - A.TOWER)
        if len(s.build) == 4:
            rebuild(s, s.side(p))
            s.phase = PH_COLLECT
    elif i < A.CONSECRATE:
        collect(s, p, UP_ORDER if i == A.COLLECT else DOWN_ORDER)
        s._next_action()
    elif i < A.ABUNDANCE:
        if i == A.CONSECRATE:
            s.whim[b + CONSECRATION] = W_GONE
            s.cap[p] = s.cap[p] + CONSECRATION_SLOTS
        else:
            s.whim[b + CONSECRATION] = W_DOWN
        s._resolve()
    elif i < A.SACRIFICE:
        s._discard_from_hand(p, i - A.ABUNDANCE)
        s.place_left = s.cap[p]
        s._resolve()
    elif i < A.COMEBACK:
        down, up = divmod(i - A.SACRIFICE, NG)
        m = s.marker
        lowered = m[p * NG + down] - SACRIFICE_DOWN
        m[p * NG + down] = lowered if lowered >= TRACK_LOW else 0
        m[p * NG + up] = min(TRACK_HIGH, m[p * NG + up] + SACRIFICE_UP)
        s._resolve()
    else:
        if i == A.COMEBACK_KEEP:
            s.whim[b + COMEBACK] = W_DOWN
        else:
            s.whim[b + COMEBACK] = W_GONE
            s.marker[p * NG + i - A.COMEBACK] = COMEBACK_SPACE
        s._resolve()
