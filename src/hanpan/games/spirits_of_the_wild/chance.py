"""Explicit chance in Spirits of the Wild (the ``chance="explicit"`` option): the outcomes of a draw.

A draw of stones from the bag is a chance point whose outcomes are the stones drawn, up to
``DRAW_GROUP`` at once (kinds counted, order ignored), each with its hypergeometric probability given
the bag's counts, which everyone sees; a larger draw is several chance points in a row.  A spirit card
turned face up (at setup, or when a pile's next card comes to the top) is a chance point over the cards
nobody has seen yet, equally likely: their places in the piles were never seen, so none is likelier.

>>> bag = [8, 8, 8, 8, 8, 8, 8]
>>> outcomes = draw_outcomes(bag, 2, spirits=True)
>>> len(outcomes), round(sum(p for _, p in outcomes), 12)
(28, 1.0)
>>> outcomes[0][0], round(outcomes[0][1], 4)  # two blue: C(8, 2) / C(56, 2)
(Action(7, 'draw blue blue'), 0.0182)
>>> [str(a) for a, _ in draw_outcomes([1, 0, 0, 0, 0, 0, 5], 3, spirits=False)]
['draw blue']
>>> [(str(a), p) for a, p in reveal_outcomes([[0, 1, 2], [3, 4, 5]], 0b100001)]
[('reveal wolf', 0.25), ('reveal bear', 0.25), ('reveal ram', 0.25), ('reveal bison', 0.25)]
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING

from hanpan.core.action import Action
from hanpan.games.spirits_of_the_wild.actions import CHANCE_ACTIONS, DRAW_COUNTS, DRAW_GROUP, DRAW_IDS, REVEAL
from hanpan.games.spirits_of_the_wild.data import SPIRIT

if TYPE_CHECKING:
    from hanpan.games.spirits_of_the_wild.state import SpiritsState


def reveal_pile(s: SpiritsState, refresh: bool, deal: bool) -> int:
    """At a chance point (a pile ``refresh``ed, or the setup's ``deal``, or another draw): the spirit pile
    whose top card comes face up, or -1 for a draw of stones."""
    if refresh:
        return s.active_pile
    if deal:
        for pile in range(2):
            if not s.seen >> s.piles[pile][0] & 1:
                return pile
    return -1


def outcomes(s: SpiritsState, refresh: bool, deal: bool) -> list[tuple[Action, float]]:
    """The outcomes of the chance point ``s`` stands at (see :func:`reveal_pile` for the flags)."""
    if reveal_pile(s, refresh, deal) >= 0:
        return reveal_outcomes(s.piles, s.seen)
    return draw_outcomes(s.bag, s.to_take, not deal)


def take(s: SpiritsState, outcome: int, refresh: bool, deal: bool, ram: bool) -> bool:
    """Take chance outcome ``outcome`` (an id) at the chance point ``s`` stands at (a ``ram``'s stones go to
    the hand); True while the draw goes on (another chance point of it follows)."""
    pile = reveal_pile(s, refresh, deal)
    if pile >= 0:
        card = outcome - REVEAL
        to_top(s.piles, pile, card)
        s.seen |= 1 << card
        if refresh:
            s.down[s.player] = 0
            return False
    else:
        s.to_take -= take_draw(s.bag, s.held if ram else s.tray, outcome)
    return reveal_pile(s, refresh, deal) >= 0 or (s.to_take > 0 and drawable(s.bag, not deal))


def draw_outcomes(bag: list[int], wanted: int, spirits: bool) -> list[tuple[Action, float]]:
    """The next chance point of a draw of ``wanted`` stones from ``bag`` (counts per kind); with
    ``spirits`` False the spirit stones stay in the bag (the setup's tray)."""
    counts = list(bag)
    if not spirits:
        counts[SPIRIT] = 0
    total = sum(counts)
    n = min(wanted, DRAW_GROUP, total)
    if n <= 0:
        return []
    ways = comb(total, n)
    outcomes = []
    for i in DRAW_IDS[n]:
        drawn = DRAW_COUNTS[i]
        w = 1
        for kind, m in enumerate(drawn):
            if m:
                w *= comb(counts[kind], m)
        if w:
            outcomes.append((CHANCE_ACTIONS[i], w / ways))
    return outcomes


def drawable(bag: list[int], spirits: bool) -> bool:
    """True if a draw from ``bag`` (with ``spirits`` False: of stones other than spirit stones) draws any."""
    return sum(bag) > (0 if spirits else bag[SPIRIT])


def reveal_outcomes(piles: list[list[int]], seen: int) -> list[tuple[Action, float]]:
    """The spirit cards nobody has seen (``seen`` is the bitmask of those seen), equally likely."""
    unseen = sorted(c for pile in piles for c in pile if not seen >> c & 1)
    return [(CHANCE_ACTIONS[REVEAL + c], 1.0 / len(unseen)) for c in unseen]


def take_draw(bag: list[int], zone: list[int], outcome: int) -> int:
    """Move the stones of chance outcome ``outcome`` (an id) from ``bag`` to ``zone``; how many."""
    drawn = DRAW_COUNTS[outcome]
    for kind, m in enumerate(drawn):
        bag[kind] -= m
        zone[kind] += m
    return sum(drawn)


def to_top(piles: list[list[int]], pile: int, card: int) -> None:
    """Put unseen ``card`` on top of ``pile``, where it trades places with the unseen card there.

    >>> piles = [[0, 1, 2], [3, 4, 5]]; to_top(piles, 0, 4); piles
    [[4, 1, 2], [3, 0, 5]]
    """
    for other in piles:
        if card in other:
            j = other.index(card)
            other[j], piles[pile][0] = piles[pile][0], card
            return
