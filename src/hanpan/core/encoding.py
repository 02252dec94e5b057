"""The part of an observation encoding that every game shares (``hanpan.games.<id>.encoding``).

A game's encoding (``layout(players, options)`` and ``encoder(players, options)``, described in
``hanpan.adapters.observation``) starts with what every seat knows of every game: the seat itself, whose
decision it is (relative to the seat), the ``status`` and the ``turn``, and with the ``max_turns`` option
the turns left.  :func:`view_segments` gives those segments, :func:`put_common` writes them straight from
the state, :func:`max_turns_option` reads the option and :func:`layout_function` makes a game's ``layout``
from its plan.  A game may put segments of its own between the status and the turn (``between``).  An
encoder gives the numbers that are not 0 (:data:`Encoded`), which the adapters turn into arrays.
Standard library only: the games import it.

>>> import hanpan
>>> segments = view_segments(2, 10, 50, between=[("phase", 3, "one-hot: the decision awaited")])
>>> [(name, size) for name, size, *_ in segments]
[('seat', 2), ('current_player', 2), ('status', 2), ('phase', 3), ('turn', 1), ('turns_left', 1)]
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1, max_turns=10)
>>> state.turn = 5
>>> ones, offsets, values = bytearray(11), [], []
>>> put_common(ones, offsets, values, state, 1, max_turns_option(state.options), 50, 3)
>>> dense((ones, offsets, values))
[0.0, 1.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.1, 0.5]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from hanpan.core.contract import State

#: a segment of an encoding: (name, length, what each entry holds), or with a fourth item, the most an
#: entry may be when that is more than 1 (every entry is at least 0)
SegmentSpec = tuple[str, int, str] | tuple[str, int, str, float]
#: an encoding's numbers that are not 0: (ones, offsets, values): ``ones`` has a byte per number, 1 where
#: the number is 1.0 (most are: one-hots and flags, which a bytearray takes fastest and numpy reads at
#: once); the others are ``values`` at ``offsets``, no offset twice nor among the ones
Encoded = tuple[bytearray, list[int], list[float]]
#: no bound above (a count that grows with the game): float32's largest number
OPEN = 3.4028234663852886e38

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
                  seat_about: str = SEAT_ABOUT, mover_about: str = MOVER_ABOUT,
                  turn_high: float = OPEN) -> list[SegmentSpec]:
    """The segments of what every seat knows: seat, current_player, status, then the game's own
    ``between``, then turn and (with ``max_turns``) turns_left; turns are divided by ``turn_scale``, and
    ``turn_high`` bounds the turn's entry (a game of no set length: none)."""
    turn: SegmentSpec = ("turn", 1, f"turns played / {turn_scale:g}")
    if max_turns is not None:
        turn_high = min(turn_high, max_turns / turn_scale)
    if turn_high != 1.0:
        turn = ("turn", 1, f"turns played / {turn_scale:g}", turn_high)
    segments = [("seat", players, seat_about), ("current_player", players, mover_about),
                ("status", 2, STATUS_ABOUT), *between, turn]
    if max_turns is not None:
        segments.append(("turns_left", 1, f"(max_turns - turns played) / max_turns, max_turns = {max_turns}"))
    return segments


def put_common(ones: bytearray, offsets: list[int], values: list[float], state: State, seat: int,
               max_turns: int | None, turn_scale: float, between: int = 0) -> None:
    """Write the numbers of :func:`view_segments` (from offset 0; ``between`` entries of the game's own
    skipped) that ``seat`` sees in ``state``: what every seat knows."""
    players = state.num_players
    ones[seat] = 1
    mover = state.current_player
    if mover is not None and mover >= 0:  # nobody's at the end, and at a chance point
        ones[players + (mover - seat) % players] = 1
    status = state.status
    if status != "playing":
        ones[2 * players + (0 if status == "finished" else 1)] = 1
    at = 2 * players + 2 + between
    turn = state.turn
    if turn:
        offsets.append(at)
        values.append(turn / turn_scale)
    if max_turns is not None and max_turns > turn:
        offsets.append(at + 1)
        values.append((max_turns - turn) / max_turns)


def dense(encoded: Encoded) -> list[float]:
    """All the numbers that ``encoded`` gives, the zeros included.

    >>> dense((bytearray([0, 0, 0, 1]), [1], [0.5]))
    [0.0, 0.5, 0.0, 1.0]
    """
    ones, offsets, values = encoded
    out = [0.0] * len(ones)
    for at in range(len(ones)):  # (mypyc cannot compile a comprehension over a bytearray)
        if ones[at]:
            out[at] = 1.0
    for at, value in zip(offsets, values, strict=True):
        out[at] = value
    return out


def offset_of(segments: Iterable[SegmentSpec], name: str) -> int:
    """Where the segment ``name`` starts: the lengths of the segments before it.

    >>> offset_of(view_segments(3, None, 40), "turn")
    8
    """
    offset = 0
    for segment, size, *_ in segments:
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
