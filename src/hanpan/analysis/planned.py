"""A decision judged by the game's own turn planner and learned value: expected points, nothing sampled.

In a game whose turns have no chance inside them and which has a learned value of where a turn ends
(``Game.turn_plans``; Harmonies side A without spirits), a decision can be judged without play-outs:
each move is worth the best complete turn that starts with it, valued as the points it leaves the
seat plus the points the learned value says are still to come.  The value reads only what the seat
sees, so the judgement is the same on every sample of its view and every seed: no noise to mark.

A move the planner's beam did not keep (the played one, say) is applied and the rest of its turn
planned; a move that ends the turn or the game is valued where it ends.

With 2 or more players a move's *margin* is its value less the best other seat's expected final
score (``Game.expected_score``, the same learned value of that seat's board), and its win chance
1 / (1 + e^(-margin/s)), s a tenth of the mean expected final score (at least 1), as the play-out
review counts it (hanpan.analysis.estimates).  The value is the seat's own expected score, so what a
move takes from the others (the tokens or the card they needed) is not counted.

>>> import hanpan
>>> from hanpan.agents.base import Seat
>>> state = hanpan.game("harmonies").new(players=2, seed=3)
>>> values = move_values(state, 0, played=None, width=2)
>>> values is not None and len(values) > 1 and max(values.values()) > 0
True
>>> others = others_expected(state, 0)
>>> len(others), win_chance(max(values.values()) - max(others), margin_scale(others)) > 0
(1, True)
"""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING

from hanpan.agents.simple import after

if TYPE_CHECKING:
    from hanpan.core.contract import State


def move_values(state: State, seat: int, played: str | None, width: int) -> dict[str, float] | None:
    """Each move's expected final score for ``seat`` (the seat to move in ``state``, a sample of its
    view): the moves that start the plans found, and ``played``; None where the game has no planner here."""
    found = state.game.turn_plans(state, width)
    if not found:
        return None
    best: dict[str, float] = {}
    for actions, value in found:
        first = str(actions[0])
        if value > best.get(first, -math.inf):
            best[first] = value
    if played is not None and played not in best:
        best[played] = value_after(state, seat, played, width)
    return best


def value_after(state: State, seat: int, move: str, width: int) -> float:
    """``seat``'s expected final score after ``move``: its turn's best rest if the turn goes on."""
    legal = {str(action): action for action in state.legal_actions()}
    position = after(state, legal[move])
    if not position.is_over and position.current_player == seat:
        rest = position.game.turn_plans(position, width)
        if rest:
            return rest[0][1]
    expected = position.game.expected_score(position, seat)
    return expected if expected is not None else position.evaluate(seat)


def others_expected(state: State, seat: int) -> list[float]:
    """The other seats' expected final scores (their boards by the learned value), in seat order."""
    game = state.game
    values = []
    for q in range(state.num_players):
        if q != seat:
            expected = game.expected_score(state, q)
            values.append(expected if expected is not None else state.evaluate(q))
    return values


def win_chance(margin: float, scale: float) -> float:
    """The win chance of an expected final ``margin`` (``scale``: the points that make e:1 odds).

    >>> win_chance(0.0, 10.0), round(win_chance(30.0, 10.0), 3)
    (0.5, 0.953)
    """
    return 1.0 / (1.0 + math.exp(-margin / scale))


def margin_scale(values: list[float]) -> float:
    """A tenth of the mean expected final score, at least 1 point.

    >>> margin_scale([90.0, 110.0]), margin_scale([3.0])
    (10.0, 1.0)
    """
    return max(1.0, 0.1 * statistics.fmean(values))
