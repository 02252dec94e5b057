"""Explicit chance in Harmonies (the ``chance="explicit"`` option): the draws wait for their outcomes.

With explicit chance the engine draws nothing: where it would, it marks what is to be drawn in the state's
``drawing`` (bits :data:`CENTRAL`, :data:`DISPLAY`, :data:`SPIRITS`, and :data:`FINISH` for the rest of the
turn that waits for them) and stands at a chance point.  The outcomes, in the order the engine draws:

- each central space to fill (the lowest empty one first): its 3 tokens from the pouch (fewer when the
  pouch runs low), colours counted, order ignored, with their hypergeometric probability (``draw blue
  blue grey``);
- each animal card that refills the display: one of the deck's cards, equally likely (``display fish``);
- with ``spirits=true``, at setup, each player's two Nature's Spirits from those not dealt yet, every pair
  equally likely (``spirits lion_spirit deer_spirit``, in the order of the game's card list).

The pouch's counts and the deck's cards are public; a spirit pair's outcome list follows from the
undealt spirits of the true state, as a card game's deal does in OpenSpiel.

>>> import hanpan
>>> state = hanpan.game("harmonies").new(players=2, seed=1, chance="explicit")
>>> state.is_chance(), len(state.chance_outcomes()), str(state.chance_outcomes()[0][0])
(True, 56, 'draw blue blue blue')
>>> CHANCE_ACTIONS.parse("display fish"), CHANCE_ACTIONS.parse("spirits lion_spirit deer_spirit")
(Action(85, 'display fish'), Action(116, 'spirits lion_spirit deer_spirit'))
"""

from __future__ import annotations

from bisect import insort
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING, Final

from hanpan.core.action import Action, ActionTable
from hanpan.games.harmonies import turn
from hanpan.games.harmonies.actions import ACTIONS, CARD
from hanpan.games.harmonies.data import ANIMAL_IDS, CARD_IDS, COLOURS, NUM_ANIMALS, NUM_CARDS, SPIRIT_IDS

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState

CENTRAL: Final = 1  # a central space to fill
DISPLAY: Final = 2  # the display to refill
SPIRITS: Final = 4  # a player's spirits to deal (setup)
FINISH: Final = 8  # the turn's end to finish once the draws are done

_DRAWS: Final = [c for n in (1, 2, 3) for c in combinations_with_replacement(range(len(COLOURS)), n)]
#: per token draw id: how many tokens of each colour it takes
DRAW_COUNTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(c.count(k) for k in range(len(COLOURS))) for c in _DRAWS)
DISPLAY_ID: Final = len(_DRAWS)  # + animal card index
SPIRITS_ID: Final = DISPLAY_ID + NUM_ANIMALS  # + index in PAIRS
#: the spirit pairs, as card indexes (smaller first)
PAIRS: Final = list(combinations(range(NUM_ANIMALS, NUM_CARDS), 2))
_PAIR_ID: Final = {pair: SPIRITS_ID + i for i, pair in enumerate(PAIRS)}
CHANCE_ACTIONS: Final = ActionTable(
    ["draw " + " ".join(COLOURS[k] for k in c) for c in _DRAWS]
    + [f"display {a}" for a in ANIMAL_IDS]
    + [f"spirits {CARD_IDS[a]} {CARD_IDS[b]}" for a, b in PAIRS], aliases={"gray": "grey"})
assert len(SPIRIT_IDS) == NUM_CARDS - NUM_ANIMALS


def next_space(s: HarmoniesState) -> int:
    """The lowest central space with no tokens (-1: none)."""
    for k in range(s.nspaces):
        if not s.space_mask >> k & 1:
            return k
    return -1


def outcomes(s: HarmoniesState) -> list[tuple[Action, float]]:
    """The outcomes of the chance point ``s`` stands at ([] where it stands at none)."""
    d = s.drawing
    if d & CENTRAL:
        counts = [0] * len(COLOURS)
        for c in s.bag:
            counts[c] += 1
        n = min(3, len(s.bag))
        ways = comb(len(s.bag), n)
        out = []
        for i, drawn in enumerate(DRAW_COUNTS):
            if sum(drawn) == n:
                w = 1
                for k, m in enumerate(drawn):
                    if m:
                        w *= comb(counts[k], m)
                if w:
                    out.append((CHANCE_ACTIONS[i], w / ways))
        return out
    if d & DISPLAY:
        return [(CHANCE_ACTIONS[DISPLAY_ID + c], 1.0 / len(s.deck)) for c in sorted(s.deck)]
    if d & SPIRITS:
        box = sorted(s.spirit_box)
        pairs = list(combinations(box, 2))
        return [(CHANCE_ACTIONS[_PAIR_ID[pair]], 1.0 / len(pairs)) for pair in pairs]
    return []


def take(s: HarmoniesState, outcome: int) -> None:
    """Take chance outcome ``outcome`` (an id) at the chance point ``s`` stands at, then go on."""
    if outcome < DISPLAY_ID:
        space = next_space(s)
        for colour, m in enumerate(DRAW_COUNTS[outcome]):
            for _ in range(m):
                s.bag.remove(colour)
            s.central[space * 6 + colour] += m
        s.space_mask |= 1 << space
    elif outcome < SPIRITS_ID:
        card = outcome - DISPLAY_ID
        s.deck.remove(card)
        insort(s.display, card)
    else:
        pair = PAIRS[outcome - SPIRITS_ID]
        player = next(p for p, dealt in enumerate(s.dealt) if not dealt)
        s.dealt[player] = list(pair)
        for card in pair:
            s.spirit_box.remove(card)
    settle(s)


def settle(s: HarmoniesState) -> None:
    """Drop the draws that are done (the display's cards then offered), and once none is left finish the
    turn that waited for them."""
    while True:
        d = s.drawing
        if d & CENTRAL:
            if s.bag and next_space(s) >= 0:
                return
            s.drawing = d & ~CENTRAL
        elif d & DISPLAY:
            if len(s.display) < s.display_size and s.deck:
                return
            s.card_acts = tuple(ACTIONS[CARD + c] for c in s.display)
            s.drawing = d & ~DISPLAY
        elif d & SPIRITS:
            if any(not dealt for dealt in s.dealt):
                return
            s.drawing = d & ~SPIRITS
        else:
            s.drawing = 0
            if d & FINISH:
                turn.finish_turn(s)
            return
