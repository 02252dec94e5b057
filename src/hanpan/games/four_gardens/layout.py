"""The fixed layout the rules and their readers share: garden slots, decision phases, whim tile states.

A player's garden has 19 slots: the 14 (colour, position) places of the first copy of each landscape,
then the second copies of the landscapes of at most 3 cards (red, orange) that Tolerance allows.

>>> NS, GROUPS[4], GROUP_SLOTS[1], FIRST_SLOT[3][4], SECOND_SLOT[1][2], SECOND_SLOT[2][0]
(19, (0, 2), (2, 3, 4), 13, 18, -1)
>>> PHASES[PH_REFILL], WHIM_STATES[W_DOWN]
('refill', 'face_down')
"""

from __future__ import annotations

from typing import Final

from hanpan.games.four_gardens.data import SIZES, TOLERANCE_MAX_SIZE, WHIMS

NC: Final = 70  # cards
NR: Final = 4  # resources
NG: Final = 4  # gods
NW: Final = len(WHIMS)

# --- garden slots: 14 first-copy places, then the second copies of the small landscapes ----------
GROUPS: Final[tuple[tuple[int, int], ...]] = (
    *((c, 1) for c in range(4)),
    *((c, 2) for c in range(4) if SIZES[c] <= TOLERANCE_MAX_SIZE),
)  # (colour, copy) of each landscape group
_slots: Final[list[tuple[int, ...]]] = []
_next = 0
for _colour, _copy in GROUPS:
    _slots.append(tuple(range(_next, _next + SIZES[_colour])))
    _next += SIZES[_colour]
GROUP_SLOTS: Final[tuple[tuple[int, ...], ...]] = tuple(_slots)
NS: Final = _next  # slots per player (19)
SLOT_GROUP: Final[tuple[int, ...]] = tuple(g for g, slots in enumerate(GROUP_SLOTS) for _ in slots)
SLOT_POS: Final[tuple[int, ...]] = tuple(i for slots in GROUP_SLOTS for i in range(len(slots)))
GROUP_MASK: Final[tuple[int, ...]] = tuple(sum(1 << s for s in slots) for slots in GROUP_SLOTS)
GROUP_SIZE: Final[tuple[int, ...]] = tuple(len(slots) for slots in GROUP_SLOTS)
#: FIRST_SLOT[colour][position], SECOND_SLOT[colour][position] (-1: no second copy)
FIRST_SLOT: Final[tuple[tuple[int, ...], ...]] = tuple(
    GROUP_SLOTS[GROUPS.index((c, 1))] for c in range(4))
SECOND_SLOT: Final[tuple[tuple[int, ...], ...]] = tuple(
    GROUP_SLOTS[GROUPS.index((c, 2))] if (c, 2) in GROUPS else (-1,) * SIZES[c] for c in range(4))

# --- decisions the state can wait for ------------------------------------------------------------
PH_ACTION: Final = 0
PH_PUT: Final = 1
PH_REARRANGE: Final = 2
PH_COMPLETE: Final = 3
PH_FAVOUR: Final = 4
PH_BONUS: Final = 5
PH_WHIM: Final = 6
PH_REFILL: Final = 7
PH_CONSECRATE: Final = 8
PH_ABUNDANCE: Final = 9
PH_SACRIFICE: Final = 10
PH_COMEBACK: Final = 11
PH_TOWER: Final = 12
PH_COLLECT: Final = 13
PH_OVER: Final = 14
PHASES: Final = ("action", "put", "rearrange", "complete", "favour", "bonus", "whim", "refill", "consecrate",
          "abundance", "sacrifice", "comeback", "tower", "collect", "over")

# --- whim tile states per player ------------------------------------------------------------------
W_NONE: Final = 0
W_HELD: Final = 1
W_DOWN: Final = 2
W_GONE: Final = 3
W_PLACED: Final = 4
WHIM_STATES: Final = ("none", "held", "face_down", "removed", "placed")

UP_ORDER: Final = (0, 1, 2, 3)
DOWN_ORDER: Final = (3, 2, 1, 0)
