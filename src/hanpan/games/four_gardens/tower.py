"""The tower: turning floors, collecting from a side, and the floors Upheaval sets.

``floor_res[f]`` is the resource of floor f (0 = the bottom) and ``floor_face[f]`` the face tower side 0
sees; side k sees face ``(floor_face[f] + k) % 4``, which shows ``FACE_ICONS[face]`` icons
(``GardensState.icons``).  Turning a floor clockwise (seen from above) lowers its face index by 1.

>>> from hanpan.games.four_gardens import GAME
>>> s = GAME.new(players=2, seed=3)
>>> [s.icons(f, 0) for f in range(4)], s.floor_res
([3, 2, 1, 0], [3, 1, 2, 0])
>>> rotate(s, 2, ccw=False)  # floors 3 and 4 turn
>>> [s.icons(f, 0) for f in range(4)]
[3, 2, 0, 3]
>>> collect(s, 0, (3, 2, 1, 0))  # from the top down, all of a floor while storage has room
>>> s.store[:4], s.free(0)  # 3 stone from floor 4, none from floor 3, 1 of floor 2's 2 water
([3, 1, 0, 0], 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from hanpan.games.four_gardens.data import FACE_ICONS, SEAT_SIDES
from hanpan.games.four_gardens.layout import NR

if TYPE_CHECKING:
    from hanpan.games.four_gardens.state import GardensState


def rotate(s: GardensState, floor: int, ccw: bool) -> None:
    """Turn ``floor`` and every floor above it 90° (clockwise unless ``ccw``)."""
    step = 1 if ccw else 3
    faces = s.floor_face
    for f in range(floor, 4):
        faces[f] = (faces[f] + step) & 3


def collect(s: GardensState, p: int, order: Sequence[int]) -> None:
    """Collect from the player's side floor by floor, all of a floor while storage has room."""
    side = SEAT_SIDES[s.num_players][p]
    supply = s.supply
    store = s.store
    for f in order:
        room = s.free(p)
        if room <= 0:
            return
        r = s.floor_res[f]
        take = min(FACE_ICONS[(s.floor_face[f] + side) & 3], room, supply[r])
        supply[r] = supply[r] - take
        store[p * NR + r] = store[p * NR + r] + take


def rebuild(s: GardensState, side: int) -> None:
    """Upheaval: set the tower from ``s.build`` (the floors bottom up, each resource * 4 + the face toward
    tower side ``side``), and empty ``s.build``."""
    build = s.build
    s.floor_res = [x >> 2 for x in build]
    s.floor_face = [((x & 3) - side) & 3 for x in build]
    s.build = []
