"""Scores and the result: points per category, score cards, the ranking and the winners.

A player's points are the spaces of their four god markers (0 where removed), their bonus tiles' points
and their whim tiles' end points.  Ties are broken by landscape cards, then by the largest completed
landscape; players still tied share the win.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=3)
>>> points(s, 0), ranking_key(s, 0)
([3, 3, 3, 3, 0, 0], (12, 0, 0))
>>> winners(s)  # not over yet
()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hanpan.core.contract import ScoreCard
from hanpan.games.four_gardens.data import GODS
from hanpan.games.four_gardens.layout import NG, NS
from hanpan.games.four_gardens.whims import whim_points

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState

#: the score card's categories, in ``points`` order
CATEGORIES: Final = (*GODS, "bonus", "whims")
#: … with a deck whose cards carry points (a designer's deck file): the landscape cards' points last
CATEGORIES_WITH_CARDS: Final = (*CATEGORIES, "cards")


def points(s: GardensState, player: int) -> list[int]:
    """Points per category: the four god tracks, bonus tiles, whim tiles (and, with a deck whose cards carry
    points, the points of the player's landscape cards)."""
    b = player * NG
    got = [*s.marker[b:b + NG], s.bonus_points[player], whim_points(s, player)]
    if s.cards.has_points:
        got.append(card_points(s, player))
    return got


def card_points(s: GardensState, player: int) -> int:
    """The points of the player's landscape cards (a deck file's; the game's own cards carry none)."""
    base = player * NS
    land = s.land[player]
    values = s.cards.points
    return sum(values[s.slots[base + slot]] for slot in range(NS) if land >> slot & 1)


def score_cards(s: GardensState) -> tuple[ScoreCard, ...]:
    """Every player's score card, with their landscape cards and largest landscape (the tie-breaks)."""
    cards = []
    categories = CATEGORIES_WITH_CARDS if s.cards.has_points else CATEGORIES
    for p in range(s.num_players):
        got = points(s, p)
        cards.append(ScoreCard(dict(zip(categories, got, strict=True)), sum(got),
                               {"landscapes": s.lcount[p], "largest": s.largest_landscape(p)}))
    return tuple(cards)


def ranking_key(s: GardensState, player: int) -> tuple[int, int, int]:
    """Total, then landscape cards, then the largest completed landscape."""
    return (sum(points(s, player)), s.lcount[player], s.largest_landscape(player))


def winners(s: GardensState) -> tuple[int, ...]:
    """The players with the best ranking key once the game is finished (none before)."""
    if s.status != "finished":
        return ()
    keys = [ranking_key(s, p) for p in range(s.num_players)]
    best = max(keys)
    return tuple(p for p in range(s.num_players) if keys[p] == best)
