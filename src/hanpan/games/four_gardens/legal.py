"""Which decisions are open: the action ids ``GardensState.legal_actions`` lists in the action, put,
rearrange and refill phases, and the checks the rules share with them (``has_action``, ``may_put``,
``may_draw``, ``bonus_choices``).

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=3)
>>> [str(A.TABLE[i]) for i in action_ids(s)][4:7], has_action(s), may_put(s)
(['play c59', 'rotate c6 cw', 'rotate c6 ccw'], True, True)
>>> for text in ("play c6", "rotate c15 cw", "rearrange c10"):
...     _ = s.play(text)
>>> s.store[:4], s.cards.cost[5]  # stone, water, grass, wood in storage; c6 costs 1 water, 1 grass, 2 wood
([1, 1, 0, 2], (0, 1, 1, 2))
>>> [str(A.TABLE[i]) for i in rearrange_ids(s)]
['move water storage c6', 'move wood storage c6', 'return stone', 'return water', 'return wood', 'done']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanpan.games.four_gardens import actions as A
from hanpan.games.four_gardens.data import ACTIONS_PER_TURN
from hanpan.games.four_gardens.deck import GAIN
from hanpan.games.four_gardens.layout import NC, NR
from hanpan.games.four_gardens.whims import whim_ids

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState


def action_ids(s: GardensState) -> list[int]:
    """At an action-choice point: the card actions (while actions are left), ``end`` (after three, or
    with an empty hand) and the whim tiles usable now."""
    p = s.player
    hand = s.hands[p]
    ids: list[int] = []
    if s.actions_done < s.actions_allowed and hand:
        action = s.cards.action
        if len(s.bases[p]) < 3:
            ids.extend([A.PLAY + c for c in hand if s.slot_for(p, c) >= 0])
        gains = []
        for c in hand:
            if action[c] == GAIN:
                gains.append(c)
            else:
                ids.append(A.ROTATE + 2 * c)
                ids.append(A.ROTATE + 2 * c + 1)
        if gains and may_put(s):
            ids.extend([A.GAIN + c for c in gains])
        ids.extend([A.REARRANGE + c for c in hand])
    if s.actions_done >= ACTIONS_PER_TURN or not hand:
        ids.append(A.END)
    if s.whims_on:
        ids.extend(whim_ids(s, p, hand))
    return ids


def has_action(s: GardensState) -> bool:
    """True if the player has a decision at an action-choice point (more than ``end``)."""
    p = s.player
    hand = s.hands[p]
    if s.actions_done < s.actions_allowed and hand:
        return True  # a card can always be spent on a rearrange
    return s.whims_on and bool(whim_ids(s, p, hand))


def takers(s: GardensState, p: int) -> list[list[int]]:
    """Per resource, the player's base cards with an empty slot of it that may take tokens."""
    tok = s.tok
    cost = s.cards.cost
    oppressed = s.oppressed
    wants: list[list[int]] = [[], [], [], []]
    for b in s.bases[p]:
        if b != oppressed:
            need = cost[b]
            t = b * NR
            for r in range(NR):
                if tok[t + r] < need[r]:
                    wants[r].append(b)
    return wants


def may_put(s: GardensState) -> bool:
    """True if one token of some resource can go somewhere (a gain-1 is legal)."""
    supply = s.supply
    if s.free(s.player) > 0 and (supply[0] or supply[1] or supply[2] or supply[3]):
        return True
    wants = takers(s, s.player)
    return any(supply[r] and wants[r] for r in range(NR))


def put_ids(s: GardensState) -> list[int]:
    """Placing one token of a resource of choice: storage or a base card with that empty slot."""
    p = s.player
    supply = s.supply
    room = s.free(p) > 0
    wants = takers(s, p)
    ids: list[int] = []
    for r in range(NR):
        if supply[r]:
            start = A.PUT + r * (NC + 1)
            if room:
                ids.append(start)
            ids.extend([start + 1 + b for b in wants[r]])
    return ids


def rearrange_ids(s: GardensState) -> list[int]:
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
    p = s.player
    store = s.store
    sb = p * NR
    wants = takers(s, p)
    gave = s.gave
    got = s.got
    if gave:  # a card that gave r takes no r back
        for r in range(NR):
            if wants[r]:
                wants[r] = [b for b in wants[r] if not gave >> (b * NR + r) & 1]
    ids: list[int] = []
    for r in range(NR):
        if store[sb + r] and wants[r]:
            ids.extend([A.MOVE_STORE + r * NC + b for b in wants[r]])
    bases = s.bases[p]
    if len(bases) > 1:
        tok = s.tok
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


def may_draw(s: GardensState) -> bool:
    """True if a blind draw is open in the refill: a card is left to draw and, after Foresight, the display
    is empty (that turn's refill comes from the display first)."""
    if not (s.deck or s.discard):
        return False
    return not (s.foresight_now and s.display)


def bonus_choices(s: GardensState) -> list[int]:
    """The bonus piles the player may take a tile from: not empty, and none taken from before."""
    held = s.bonus_held[s.player]
    return [t for t in range(len(s.piles)) if s.piles[t] and not held >> t & 1]
