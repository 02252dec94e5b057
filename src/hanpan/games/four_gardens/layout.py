"""The fixed layout the rules and their readers share: garden slots, decision phases, whim tile states.

A player's garden has 19 slots: the 14 (colour, position) places of the first copy of each landscape,
then the second copies of the landscapes of at most 3 cards (red, orange) that Tolerance allows.

>>> NS, GROUPS[4], GROUP_SLOTS[1], FIRST_SLOT[3][4], SECOND_SLOT[1][2], SECOND_SLOT[2][0]
(19, (0, 2), (2, 3, 4), 13, 18, -1)
>>> PHASES[PH_REFILL], WHIM_STATES[W_DOWN]
('refill', 'face_down')
"""

from __future__ import annotations

from hanpan.games.four_gardens.data import SIZES, TOLERANCE_MAX_SIZE, WHIMS

NC = 70  # cards
NR = 4  # resources
NG = 4  # gods
NW = len(WHIMS)

# --- garden slots: 14 first-copy places, then the second copies of the small landscapes ----------
GROUPS: tuple[tuple[int, int], ...] = (
    *((c, 1) for c in range(4)),
    *((c, 2) for c in range(4) if SIZES[c] <= TOLERANCE_MAX_SIZE),
)  # (colour, copy) of each landscape group
GROUP_SLOTS: tuple[tuple[int, ...], ...]
_slots: list[tuple[int, ...]] = []
_next = 0
for _colour, _copy in GROUPS:
    _slots.append(tuple(range(_next, _next + SIZES[_colour])))
    _next += SIZES[_colour]
GROUP_SLOTS = tuple(_slots)
NS = _next  # slots per player (19)
SLOT_GROUP: tuple[int, ...] = tuple(g for g, slots in enumerate(GROUP_SLOTS) for _ in slots)
SLOT_POS: tuple[int, ...] = tuple(i for slots in GROUP_SLOTS for i in range(len(slots)))
GROUP_MASK: tuple[int, ...] = tuple(sum(1 << s for s in slots) for slots in GROUP_SLOTS)
GROUP_SIZE: tuple[int, ...] = tuple(len(slots) for slots in GROUP_SLOTS)
#: FIRST_SLOT[colour][position], SECOND_SLOT[colour][position] (-1: no second copy)
FIRST_SLOT: tuple[tuple[int, ...], ...] = tuple(
    GROUP_SLOTS[GROUPS.index((c, 1))] for c in range(4))
SECOND_SLOT: tuple[tuple[int, ...], ...] = tuple(
    GROUP_SLOTS[GROUPS.index((c, 2))] if (c, 2) in GROUPS else (-1,) * SIZES[c] for c in range(4))

# --- decisions the state can wait for ------------------------------------------------------------
(PH_ACTION, PH_PUT, PH_REARRANGE, PH_COMPLETE, PH_FAVOUR, PH_BONUS, PH_WHIM, PH_REFILL, PH_CONSECRATE,
 PH_ABUNDANCE, PH_SACRIFICE, PH_COMEBACK, PH_TOWER, PH_COLLECT, PH_OVER) = range(15)
PHASES = ("action", "put", "rearrange", "complete", "favour", "bonus", "whim", "refill", "consecrate",
          "abundance", "sacrifice", "comeback", "tower", "collect", "over")

# --- whim tile states per player ------------------------------------------------------------------
W_NONE, W_HELD, W_DOWN, W_GONE, W_PLACED = range(5)
WHIM_STATES = ("none", "held", "face_down", "removed", "placed")

UP_ORDER = (0, 1, 2, 3)
DOWN_ORDER = (3, 2, 1, 0)
