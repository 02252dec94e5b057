"""The action space of Spirits of the Wild and its notation (see docs/notation.md).

Ids are laid out in blocks so the rules can dispatch on ranges:

>>> ACTIONS.parse("take1").id, ACTIONS.parse("eagle").id, ACTIONS.parse("pass").id
(0, 9, 10)
>>> ACTIONS.parse("take teal"), ACTIONS.parse("blue owl2"), ACTIONS.parse("spirit salmon")
(Action(12, 'take teal'), Action(19, 'blue owl2'), Action(69, 'spirit salmon'))
>>> ACTIONS.parse("return white beaver3"), ACTIONS.parse("bag spirit"), ACTIONS.parse("coyote stay")
(Action(99, 'return white beaver3'), Action(130, 'bag spirit'), Action(136, 'coyote stay'))
>>> len(ACTIONS)
137

The chance outcomes (``chance="explicit"``): a draw of 1 to :data:`DRAW_GROUP` stones from the bag,
named by its stones in ``STONES`` order (the order they come out in does not matter), then a spirit card
turned face up:

>>> CHANCE_ACTIONS.parse("draw blue blue teal"), CHANCE_ACTIONS.parse("reveal bear")
(Action(36, 'draw blue blue teal'), Action(331, 'reveal bear'))
>>> len(CHANCE_ACTIONS), DRAW_COUNTS[36]
(335, (2, 1, 0, 0, 0, 0, 0))
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from hanpan.core.action import ActionTable
from hanpan.games.spirits_of_the_wild.data import ANIMALS, CARD_IDS, COLOURS, PLACES, SPIRIT_CARDS, STONES


def _place_texts(prefix: str) -> list[str]:
    texts = [f"{prefix}{colour} {place}" for colour in COLOURS for place in PLACES]
    texts += [f"{prefix}spirit {animal}" for animal in ANIMALS]
    return texts


_TEXTS: Final[list[str]] = (
    list(CARD_IDS)
    + list(SPIRIT_CARDS)
    + ["pass"]
    + [f"take {stone}" for stone in STONES]
    + _place_texts("")
    + _place_texts("return ")
    + [f"bag {stone}" for stone in STONES]
    + [f"coyote {animal}" for animal in ANIMALS]
    + ["coyote stay"]
)
ACTIONS: Final = ActionTable(_TEXTS)

# Block starts.  A placement of colour c on place p is PLACE + c * 8 + p; of the spirit stone
# on animal a it is PLACE + SPIRIT_PLACE + a.  Returns use the same layout from RETURN.
CARD: Final = 0  # take1, take2, add2, add3
SPIRIT_CARD: Final = 4  # + index in SPIRIT_CARDS
PASS: Final = 10
TAKE: Final = 11  # + stone kind
PLACE: Final = 18
SPIRIT_PLACE: Final = len(COLOURS) * len(PLACES)  # 48: offset of the spirit-stone placements in a block
PLACE_BLOCK: Final = SPIRIT_PLACE + len(ANIMALS)  # 53
RETURN: Final = PLACE + PLACE_BLOCK  # 71
BAG: Final = RETURN + PLACE_BLOCK  # 124
COYOTE: Final = BAG + len(STONES)  # 131 + animal
COYOTE_STAY: Final = COYOTE + len(ANIMALS)  # 136
assert COYOTE_STAY == len(ACTIONS) - 1
assert ACTIONS[PLACE + SPIRIT_PLACE].text == "spirit owl"


#: the most stones one chance outcome draws: a larger draw (the bear's, the setup's) is several in a row
DRAW_GROUP: Final = 4


def _draws() -> list[tuple[int, ...]]:
    """Every draw of 1 to DRAW_GROUP stones as its stone kinds, smallest first."""
    return [combo for n in range(1, DRAW_GROUP + 1) for combo in combinations_with_replacement(range(len(STONES)), n)]


_DRAWS: Final = _draws()
#: per chance id below REVEAL: how many stones of each kind the draw takes from the bag
DRAW_COUNTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(combo.count(k) for k in range(len(STONES))) for combo in _DRAWS)
#: the chance ids of the draws of n stones: DRAW_IDS[n] (n from 1 to DRAW_GROUP)
DRAW_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(i for i, combo in enumerate(_DRAWS) if len(combo) == n) for n in range(DRAW_GROUP + 1))
REVEAL: Final = len(_DRAWS)  # + index in SPIRIT_CARDS: that card turned face up
CHANCE_ACTIONS: Final = ActionTable(
    ["draw " + " ".join(STONES[k] for k in combo) for combo in _DRAWS]
    + [f"reveal {card}" for card in SPIRIT_CARDS])
