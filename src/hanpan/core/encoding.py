"""The part of an observation encoding that every game shares (``hanpan.games.<id>.encoding``).

A game's encoding (``layout(players, options)`` and ``encode(view, players, options)``, described in
``hanpan.adapters.observation``) starts with the keys every view has: the viewer's seat (``you``; a
spectator's ``None`` reads as seat 0), whose decision it is (``current_player``, relative to the viewer),
the ``status`` and the ``turn``, and with the ``max_turns`` option the turns left.  :func:`view_segments`
gives those segments, :func:`write_view` writes them, :func:`max_turns_option` reads the option and
:func:`layout_function` makes a game's ``layout`` from its plan.  A game may put segments of its own
between the status and the turn (``between``).  Standard library only: the games import it.

>>> segments = view_segments(2, 10, 50, between=[("phase", 3, "one-hot: the decision awaited")])
>>> [(name, size) for name, size, _ in segments]
[('seat', 2), ('current_player', 2), ('status', 2), ('phase', 3), ('turn', 1), ('turns_left', 1)]
>>> out = [0.0] * sum(size for _, size, _ in segments)
>>> view = {"you": 1, "current_player": 0, "status": "playing", "turn": 5}
>>> write_view(out, 0, view, 2, max_turns_option({"max_turns": 10}), 50, 3)
1
>>> out
[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 0.5]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol

#: a segment of an encoding: (name, length, what each entry holds)
SegmentSpec = tuple[str, int, str]

SEAT_ABOUT = "one-hot: your seat in turn order (seat 0 plays first)"
MOVER_ABOUT = "one-hot: whose decision it is, relative to you (+0 you, +1 next, …); all 0 when over"
STATUS_ABOUT = "1 if the game is finished / unfinished (stopped by max_turns); 0, 0 playing"


class Plan(Protocol):
    """A game's plan of its encoding for one setup: its segments in order."""

    @property
    def segments(self) -> Sequence[SegmentSpec]: ...


def max_turns_option(options: Mapping[str, Any]) -> int | None:
    """The ``max_turns`` option, or None when unset (or not a number of turns).

    >>> max_turns_option({"max_turns": 7}), max_turns_option({}), max_turns_option({"max_turns": None})
    (7, None, None)
    """
    max_turns = options.get("max_turns")
    return max_turns if isinstance(max_turns, int) else None


def view_segments(players: int, max_turns: int | None, turn_scale: float, *, between: Iterable[SegmentSpec] = (),
                  seat_about: str = SEAT_ABOUT, mover_about: str = MOVER_ABOUT) -> list[SegmentSpec]:
    """The segments of the keys every view has: seat, current_player, status, then the game's own
    ``between``, then turn and (with ``max_turns``) turns_left; turns are divided by ``turn_scale``."""
    segments = [("seat", players, seat_about), ("current_player", players, mover_about),
                ("status", 2, STATUS_ABOUT), *between, ("turn", 1, f"turns played / {turn_scale}")]
    if max_turns is not None:
        segments.append(("turns_left", 1, f"(max_turns - turns played) / max_turns, max_turns = {max_turns}"))
    return segments


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


def offset_of(segments: Iterable[SegmentSpec], name: str) -> int:
    """Where the segment ``name`` starts: the lengths of the segments before it.

    >>> offset_of(view_segments(3, None, 40), "turn")
    8
    """
    offset = 0
    for segment, size, _ in segments:
        if segment == name:
            return offset
        offset += size
    raise KeyError(name)


def layout_function(plan_for: Callable[[int, Mapping[str, Any]], Plan],
                    ) -> Callable[[int, Mapping[str, Any]], list[SegmentSpec]]:
    """A game's ``layout(players, options)``, given its ``plan_for(players, options)``."""

    def layout(players: int, options: Mapping[str, Any]) -> list[SegmentSpec]:
        """The segments in order: (name, length, what each entry holds)."""
        return list(plan_for(players, options).segments)

    return layout
