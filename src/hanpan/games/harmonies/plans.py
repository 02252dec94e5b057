"""Whole turns of Harmonies planned at once: the complete turns a beam finds, weighed by their afterstate.

A turn has no chance inside it, so a plan is a deterministic list of decisions from what the player
sees, and it can be judged by where it leaves the player: its *afterstate* (every decision made,
before the end-of-turn draws), worth ``points + V`` with ``V`` the learned value of the points still to
come (hanpan.games.harmonies.afterstate).

The plans are found by a beam over the turn's decisions.  Before a central space is taken every child
is kept (the spaces differ in the tokens they give); after, the beam keeps ``width`` children per
space, ranked by the heuristic's ``static_value`` (siblings hold the same number of tokens, so the
tokens in hand are left out: about 20 times cheaper than ``evaluate``).  Decisions that lead to the
same position are merged.  Every position where the turn may end gives a plan ending with ``end``,
and in solo each displayed card may also be discarded (which ends the turn): its afterstate is the
display without it.

>>> from hanpan.games.harmonies import GAME
>>> from hanpan.games.harmonies.afterstate import untrained
>>> state = GAME.new(players=1, seed=2)
>>> found = plans(state, untrained(), width=2)
>>> best = found[0]
>>> [str(a).split()[0] for a in best.actions][-1] in ("end", "discard"), best.value >= found[-1].value
(True, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from hanpan.core.action import Action
from hanpan.games.harmonies.actions import ACTIONS, DISCARD, END
from hanpan.games.harmonies.afterstate import value_of
from hanpan.games.harmonies.cards import discard
from hanpan.games.harmonies.heuristic import static_value

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState


@dataclass(frozen=True)
class Plan:
    """A complete turn: its decisions, its afterstate's points and its value (points + V)."""

    actions: tuple[Action, ...]
    points: int
    value: float


def _position(s: HarmoniesState, p: int) -> tuple[object, ...]:
    """What tells two partial turns apart (decisions in another order reach the same one)."""
    return (bytes(s.stacks[p]), s.cubes[p], tuple(s.held[p]), tuple([s.placed[c] for c in s.held[p]]),
            s.card_taken, tuple(s.hand), s.took, s.taken_space)


def complete_turns(state: HarmoniesState, width: int) -> list[tuple[list[int], HarmoniesState]]:
    """The complete turns the beam finds from ``state`` (a turn's first decision): each as its action ids
    (``end`` or a solo discard last) and its afterstate."""
    p = state.player
    frontier: list[tuple[HarmoniesState, list[int]]] = [(state, [])]
    complete: list[tuple[list[int], HarmoniesState]] = []
    seen: set[tuple[object, ...]] = set()
    while frontier:
        groups: dict[int, list[tuple[float, int, HarmoniesState, list[int]]]] = {}
        for st, acts in frontier:
            for action in st.legal_actions():
                i = action.id
                if i == END:
                    complete.append(([*acts, i], st))
                    continue
                if DISCARD <= i < END:  # solo: a displayed card discarded, which ends the turn
                    c = st.clone()
                    discard(c, i - DISCARD)
                    complete.append(([*acts, i], c))
                    continue
                c = st.clone()
                c.apply(action)
                key = _position(c, p)
                if key in seen:
                    continue
                seen.add(key)
                group = groups.setdefault(c.taken_space, [])
                rank = 0.0 if c.taken_space < 0 else static_value(c, p)
                group.append((rank, len(group), c, [*acts, i]))
        frontier = []
        for space, group in groups.items():
            if space < 0:
                frontier += [(c, acts) for _, _, c, acts in group]
                continue
            group.sort(key=_rank_key)
            frontier += [(c, acts) for _, _, c, acts in group[:width]]
    return complete


def _rank_key(child: tuple[float, int, HarmoniesState, list[int]]) -> tuple[float, int]:
    return -child[0], child[1]


def plans(state: HarmoniesState, weights: list[float], width: int) -> list[Plan]:
    """The complete turns from ``state``, best value first (ties: the order found)."""
    p = state.player
    table = ACTIONS.actions
    found = []
    for ids, after in complete_turns(state, width):
        points = after.total(p)
        found.append(Plan(tuple([table[i] for i in ids]), points, points + value_of(weights, after, p)))
    found.sort(key=_by_value)
    return found


def _by_value(plan: Plan) -> float:
    return -plan.value
