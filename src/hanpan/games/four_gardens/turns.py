"""The turn sequence: on to the next action, the refill (hand, then display), the deck's draws and
reshuffles, the end of a turn and the start of the next player's.

A turn is up to three actions (more with Grace), then the refill: the hand back to ``HAND_SIZE`` card
by card (a decision while the display offers a choice, a blind draw otherwise), then the display back to
``DISPLAY_SIZE``.  A turn with nothing to decide plays itself out (its refill done) and the next player
begins.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=3)
>>> s.actions_done = s.actions_allowed  # no action left: the refill
>>> next_action(s); s.phase == PH_ACTION, s.player
(True, 1)
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from hanpan.games.four_gardens.data import ACTIONS_PER_TURN, DISPLAY_SIZE, HAND_SIZE, OPPRESSION
from hanpan.games.four_gardens.forcing import CARD, to_top
from hanpan.games.four_gardens.layout import NW, PH_ACTION, PH_OVER, PH_REFILL, W_GONE
from hanpan.games.four_gardens.legal import has_action

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState


def next_action(s: GardensState) -> None:
    """On to the player's next action, or the refill when none is left."""
    if has_action(s):
        s.phase = PH_ACTION
        s.idle = 0
        return
    start_refill(s)


def start_refill(s: GardensState) -> None:
    s.phase = PH_REFILL
    refill(s)


def refill(s: GardensState) -> None:
    """Refill the hand card by card (a decision while the display offers a choice), then the display."""
    p = s.player
    hand = s.hands[p]
    while len(hand) < HAND_SIZE:
        if s.display:
            s.idle = 0
            return  # a choice: a display card or the deck
        if not draw_blind(s, p):
            break
    while len(s.display) < DISPLAY_SIZE:
        c = pop_deck(s)
        if c < 0:
            break
        s.display.append(c)
    end_turn(s)


def discard_from_hand(s: GardensState, p: int, c: int) -> None:
    """A card from the player's hand onto the discards (both its sides public again)."""
    s.hands[p].remove(c)
    s.private &= ~(1 << c)
    s.discard.append(c)


def draw_blind(s: GardensState, p: int) -> bool:
    """The deck's top card into the player's hand, its base side known only to them (False: no card)."""
    c = pop_deck(s)
    if c < 0:
        return False
    insort(s.hands[p], c)
    s.private |= 1 << c
    return True


def pop_deck(s: GardensState) -> int:
    """The deck's top card (-1 if deck and discards are empty); a deck run out is reshuffled at once."""
    if not s.deck:
        if not s.discard:
            return -1
        reshuffle(s)
    c = s.deck.pop()
    s.reveals += 1
    if not s.deck and s.discard:
        reshuffle(s)
    else:
        reveal_top(s)
    return c


def reveal_top(s: GardensState) -> None:
    """The deck's new top, its landscape side seen by all: with explicit chance the draw's outcome
    (chance.py), so that the card a draw takes is always the top the views showed."""
    if s.deck and s.options.get("chance") == "explicit":
        to_top(CARD, s.deck)


def reshuffle(s: GardensState) -> None:
    """The discards become the new deck, shuffled; each card is marked with the deck's number (epoch)."""
    s.deck = s.discard
    s.discard = []
    # explicit chance shuffles too: its engine-drawn outcomes (draw_chance) are then the default engine's
    s.rng.shuffle(s.deck)
    s.deck_epoch += 1
    for c in s.deck:
        s.epoch[c] = s.deck_epoch
    reveal_top(s)


def end_turn(s: GardensState) -> None:
    """On to the next player who has something to decide, or the end of the game."""
    n = s.num_players
    while True:
        s.turn += 1
        s.foresight_now = False
        if s.trigger and s.player == n - 1:
            s.phase = PH_OVER
            return
        if s._turn_limit_reached():
            s.phase = PH_OVER
            return
        s.idle += 1
        if s.idle > n:  # a whole round in which nobody could do anything: nothing ever changes
            s.phase = PH_OVER
            return
        s.player = (s.player + 1) % n
        if start_turn(s):
            return


def start_turn(s: GardensState) -> bool:
    """Begin the current player's turn; False if it had nothing to decide (already ended)."""
    p = s.player
    if s.oppressor == p:  # the Oppression tile leaves the game at its owner's next turn
        s.whim[p * NW + OPPRESSION] = W_GONE
        s.oppressed = s.oppressor = -1
    s.actions_done = 0
    s.actions_allowed = ACTIONS_PER_TURN
    s.fresh = 0
    if has_action(s):
        s.phase = PH_ACTION
        s.idle = 0
        return True
    hand = s.hands[p]
    if len(hand) < HAND_SIZE and s.display:
        s.phase = PH_REFILL
        s.idle = 0
        return True
    while len(hand) < HAND_SIZE and draw_blind(s, p):
        s.idle = 0
    while len(s.display) < DISPLAY_SIZE:
        c = pop_deck(s)
        if c < 0:
            break
        s.display.append(c)
    return False
