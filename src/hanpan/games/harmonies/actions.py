"""The action space of Harmonies and its notation (see docs/notation.md).

Ids come in blocks, so the rules dispatch on ranges; cells are indexed over the
union of both sides' names (a1 … g4, 30 names), so one table serves both sides.

>>> ACTIONS.parse("keep lion_spirit").id, ACTIONS.parse("space 1").id, ACTIONS.parse("blue a1").id
(0, 10, 15)
>>> ACTIONS.parse("green c3"), ACTIONS.parse("card fish"), ACTIONS.parse("cube fish d2")
(Action(86, 'green c3'), Action(197, 'card fish'), Action(302, 'cube fish d2'))
>>> ACTIONS.parse("discard fish"), ACTIONS.parse("end"), len(ACTIONS)
(Action(1489, 'discard fish'), Action(1519, 'end'), 1520)
"""

from __future__ import annotations

from typing import Final

from hanpan.core.action import ActionTable
from hanpan.games.harmonies.board import ALL_CELL_NAMES
from hanpan.games.harmonies.data import ANIMAL_IDS, CARD_IDS, COLOURS, SPACES_MULTI, SPIRIT_IDS

NAMES: Final = len(ALL_CELL_NAMES)  # 30

_TEXTS: Final[list[str]] = (
    [f"keep {s}" for s in SPIRIT_IDS]
    + [f"space {k + 1}" for k in range(SPACES_MULTI)]
    + [f"{colour} {cell}" for colour in COLOURS for cell in ALL_CELL_NAMES]
    + [f"card {a}" for a in ANIMAL_IDS]
    + [f"cube {c} {cell}" for c in CARD_IDS for cell in ALL_CELL_NAMES]
    + [f"discard {a}" for a in ANIMAL_IDS]
    + ["end"]
)
ACTIONS: Final[ActionTable] = ActionTable(_TEXTS, aliases={"gray": "grey"})

KEEP: Final = 0  # + spirit index (card index - 32)
SPACE: Final[int] = KEEP + len(SPIRIT_IDS)  # + space
PLACE: Final = SPACE + SPACES_MULTI  # + colour * NAMES + name index
CARD: Final = PLACE + len(COLOURS) * NAMES  # + animal card index
CUBE: Final[int] = CARD + len(ANIMAL_IDS)  # + card index * NAMES + name index
DISCARD: Final = CUBE + len(CARD_IDS) * NAMES  # + animal card index
END: Final = DISCARD + len(ANIMAL_IDS)
assert END == len(ACTIONS) - 1 and ACTIONS[END].text == "end"
