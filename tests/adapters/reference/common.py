"""The shared start of every view encoding, as it was (hanpan.core.encoding.write_view)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def write_view(out: list[float], at: int, view: Mapping[str, Any], players: int, max_turns: int | None,
               turn_scale: float, between: int = 0) -> int:
    """Write the segments of :func:`view_segments` (``between`` entries of the game's own left as they are)
    for ``view`` into ``out`` from offset ``at``; return the viewer's seat (0 for a spectator)."""
    you = view.get("you")
    you = you if isinstance(you, int) else 0  # a spectator's view reads as seat 0's table
    out[at + you] = 1.0
    mover = view["current_player"]
    if mover is not None:
        out[at + players + (mover - you) % players] = 1.0
    status = view["status"]
    if status != "playing":
        out[at + 2 * players + (status != "finished")] = 1.0
    at += 2 * players + 2 + between
    turn = view["turn"]
    out[at] = turn / turn_scale
    if max_turns is not None:
        out[at + 1] = max(max_turns - turn, 0) / max_turns
    return you

