"""The cards and the cubes of a Harmonies state: the display's refill, taking an animal card, keeping a
dealt spirit, a solo discard, putting a cube down, and the cube actions a player's held cards offer.

Functions over a ``HarmoniesState`` (its fields are described in hanpan.games.harmonies.state); the
turn (hanpan.games.harmonies.turn) calls them as its decisions come.

>>> from hanpan.games.harmonies import GAME
>>> from hanpan.games.harmonies.data import CARD_IDS
>>> s = GAME.new(players=1, seed=3)
>>> [CARD_IDS[c] for c in s.display]
['fish', 'flamingo', 'kingfisher']
>>> take_card(s, s.display[0]); [CARD_IDS[c] for c in s.held[0]], s.supply, len(s.card_acts)
(['fish'], 62, 2)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hanpan.core.action import Action
from hanpan.core.compiled import COMPILED
from hanpan.games.harmonies.actions import ACTIONS, CARD
from hanpan.games.harmonies.board import anchors_from

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState

ACT: Final = ACTIONS.actions


def refill_display(s: HarmoniesState) -> None:
    """Deal animal cards from the deck until the display is full again (or the deck is empty)."""
    deck = s.deck
    display = s.display
    if s.options.get("chance") == "explicit":  # the cards wait for their outcomes (chance.py)
        if len(display) < s.display_size and deck:
            s.drawing |= 2
            s.reveals += 1
        return
    changed = False
    while len(display) < s.display_size and deck:
        j = s.rng.randbelow(len(deck))
        card = deck[j]
        deck[j] = deck[-1]
        deck.pop()
        display.append(card)
        changed = True
    if changed:
        display.sort()
        s.card_acts = tuple(ACT[CARD + c] for c in display)
        s.reveals += 1


def keep_spirit(s: HarmoniesState, card: int) -> None:
    """The player to move keeps ``card``, one of the two spirits dealt to them."""
    p = s.player
    s.spirit[p] = card
    s.owner[card] = p
    s.held[p] = sorted([*s.held[p], card])
    s.cube_acts = None


def take_card(s: HarmoniesState, card: int) -> None:
    """The player to move takes ``card`` from the display, with its cubes from the supply."""
    p = s.player
    s.display.remove(card)
    s.card_acts = tuple(ACT[CARD + c] for c in s.display)
    s.owner[card] = p
    s.held[p] = sorted([*s.held[p], card])
    s.owned[p].append(card)
    s.supply -= s.cardset.cubes[card]
    s.card_taken = True
    s.cube_acts = None


def discard(s: HarmoniesState, card: int) -> None:
    """Solo: ``card`` leaves the display for good (the turn then ends, which refills the display)."""
    s.display.remove(card)
    s.card_acts = ()  # rebuilt when the turn's end refills the display
    s.discarded.append(card)


def place_cube(s: HarmoniesState, card: int, cell: int) -> None:
    """The player to move puts ``card``'s next cube on ``cell``: no token goes there any more."""
    p = s.player
    s.placed[card] = s.placed[card] + 1
    s.cube_card[p][cell] = card
    bit = s.side.bits[cell]
    s.cubes[p] = s.cubes[p] | bit
    acc = s.acc[p]
    for c in range(6):
        acc[c] = acc[c] & ~bit
    if s.placed[card] == s.cardset.cubes[card]:
        s.held[p] = [c for c in s.held[p] if c != card]
    s.cube_acts = None


def cube_actions(s: HarmoniesState, p: int) -> list[Action]:
    """Every "cube" action of player ``p``'s held cards now, card by card (``legal_actions`` keeps them
    in ``s.cube_acts`` until they may have changed)."""
    sm = s.sm[p]
    free = ~s.cubes[p]
    by_pos = s.t.cube_by_pos
    cardset = s.cardset
    out: list[Action] = []
    for card in s.held[p]:
        m = (anchors_from(cardset.anchor_tables[card], sm) if COMPILED else cardset.anchors[card](sm)) & free
        if m:
            table = by_pos[card]
            while m:
                low = m & -m
                out.append(table[low.bit_length() - 1])  # type: ignore[arg-type]
                m ^= low
    return out


def cube_cells(s: HarmoniesState, player: int, card: int) -> list[int]:
    """Cells where ``player`` may put ``card``'s next cube now (habitat matched, no cube there)."""
    sm = s.sm[player]
    cardset = s.cardset
    anchors = anchors_from(cardset.anchor_tables[card], sm) if COMPILED else cardset.anchors[card](sm)
    return s.side.cells_of(anchors & ~s.cubes[player])


def uses(held: list[int], kinds: int, kind_mask: tuple[int, ...]) -> bool:
    """Does a held card's habitat use one of the landscape kinds in the bitmask ``kinds``?  (``kind_mask``:
    the kinds each card's habitat uses, the state's ``cardset.kind_mask``)"""
    for card in held:  # noqa: SIM110  (a plain loop is faster than any() on this hot path)
        if kind_mask[card] & kinds:
            return True
    return False
