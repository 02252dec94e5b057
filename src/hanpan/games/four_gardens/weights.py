"""The weights of the Four Gardens evaluation: ``Weights`` and the standard ``WEIGHTS``, set by hand.

Its own module so that both of their readers import it and neither imports the other: the evaluation
(hanpan.games.four_gardens.heuristic) plays them, and the ``"learned"`` evaluation
(hanpan.games.four_gardens.learned) loads fitted ones from its model files.

>>> WEIGHTS.opponents, Weights(push=0.5).push
(0.35, 0.5)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final


@dataclass(frozen=True)
class Weights:
    """The evaluation's weights, in favour points.  ``WEIGHTS`` are the standard ones (set by hand);
    the ``"learned"`` evaluation plays with weights fitted by self-play (hanpan.games.four_gardens.learned).

    >>> Weights().token_on_card < 1  # a full card is worth less than completing it
    True
    """

    placed: float = 0.15  # a base card in the garden
    token_on_card: float = 0.7  # share of a card's favour per covered part of its cost (a full card < its completion)
    token_useful: float = 0.55  # a storage token some base card needs (share of its value on the card)
    token_spare: float = 0.08  # any other storage token
    landscape: float = 0.35  # per missing position of its copy: favour it will add later
    landscape_card: float = 0.3  # every landscape card (toward the end and the first tie-break)
    push: float = 0.3  # a gain on a track where the marker is already on 10 (it pushes the others back)
    opponents: float = 0.35  # weight of the best opponent's value
    pending_tile: float = 1.5  # a bonus or whim tile won but not yet chosen or resolved
    pending_token: float = 0.3  # a token still to be placed
    hand: float = 0.05  # a card in hand


#: the standard evaluation's weights
WEIGHTS: Final = Weights()
