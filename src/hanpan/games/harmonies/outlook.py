"""What both evaluations read of a position besides its points: how many tokens each held card's best
habitat still lacks (``cards_short``, ``tokens_short``) and how many turns are to come
(``turns_to_come``).

Its own module so that the hand-built evaluation (hanpan.games.harmonies.heuristic) and the learned
correction it adds (hanpan.games.harmonies.learned, whose features these are) both import it and
neither imports the other for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from hanpan.core.compiled import COMPILED
from hanpan.games.harmonies.habitats import _habitat_masks, _habitat_masks_compiled, levels_from

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState


def tokens_short(state: HarmoniesState, player: int, card: int) -> int | None:
    """How many tokens the card's best habitat on the player's board still lacks for its next cube
    (0: a cube can go down now); None when no habitat of it can be built any more.

    >>> from hanpan.games.harmonies import GAME
    >>> from hanpan.games.harmonies.data import CARD_INDEX
    >>> tokens_short(GAME.new(players=1, seed=1), 0, CARD_INDEX["falcon"])  # 3 greys and a yellow
    4
    """
    return cards_short(state, player, [card])[0]


def cards_short(state: HarmoniesState, player: int, cards: list[int]) -> list[int | None]:
    """``tokens_short`` of each of ``cards``, the board's habitat masks worked out once."""
    sm = state.sm[player]
    can, units = _habitat_masks_compiled(sm) if COMPILED else _habitat_masks(sm)
    free = ~state.cubes[player]
    cardset = state.cardset
    shorts: list[int | None] = []
    for card in cards:
        levels = (levels_from(cardset.level_tables[card], units, can, free) if COMPILED
                  else cardset.levels[card](units, can, free))
        built = [level for level, cells in enumerate(levels) if cells]
        shorts.append(len(levels) - 1 - built[-1] if built else None)
    return shorts


def turns_to_come(state: HarmoniesState) -> int:
    """The turns each player has left as the heuristic counts them, from the pouch (public): in solo 9
    tokens leave it a turn (3 taken, 6 boxed), else 3 per player's turn; the turn under way counts.

    >>> from hanpan.games.harmonies import GAME
    >>> turns_to_come(GAME.new(players=1, seed=1)), turns_to_come(GAME.new(players=2, seed=1))
    (14, 18)
    """
    if state.num_players == 1:
        return (len(state.bag) + 8) // 9 + 1
    return len(state.bag) // (3 * state.num_players) + 1
