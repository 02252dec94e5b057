"""The two simplest agents: uniformly random, and one-ply greedy.

>>> import hanpan
>>> from hanpan.agents.base import Seat
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=2)
>>> for text in ["take1", "take teal"]:
...     _ = state.play(text)
>>> str(GreedyAgent(seed=1).choose(Seat(state, 0)))   # salmon and turtle gain 1: a seeded tie-break
'teal salmon'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from mypy_extensions import mypyc_attr

from hanpan.agents.base import Agent, Seat
from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.rng import Rng


@mypyc_attr(allow_interpreted_subclasses=True)  # benchmarks/adapter_speed.py's CountingRandom
class RandomAgent(Agent):
    """Chooses uniformly among the legal actions."""

    name = "random"

    def choose(self, seat: Seat) -> Action:
        legal = seat.legal_actions()
        return legal[self.rng.randbelow(len(legal))]


class GreedyAgent(Agent):
    """One ply: the decision that most raises its own evaluation (by default the score) now.

    Each decision is tried on one determinized state (hidden facts resampled from
    the agent's own generator); ties are broken at random with the same generator.
    """

    name = "greedy"

    def choose(self, seat: Seat) -> Action:
        legal = seat.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return greedy_choice(seat.determinize(self.rng), legal, seat.player, self.rng)


def greedy_choice(state: State, legal: Sequence[Action], player: int, rng: Rng) -> Action:
    """The action after which ``state.evaluate(player)`` is highest; ties broken with ``rng``."""
    return best_child(((action, after(state, action)) for action in legal), player, rng)


def best_child(children: Iterable[tuple[Action, State]], player: int, rng: Rng) -> Action:
    """Of (action, the state after it) pairs, the action whose state ``player`` evaluates highest;
    ties broken with ``rng`` (for a caller that has made the children already)."""
    best: list[Action] = []
    best_value = float("-inf")
    for action, child in children:
        value = child.evaluate(player)
        if value > best_value:
            best_value, best = value, [action]
        elif value == best_value:
            best.append(action)
    return best[rng.randbelow(len(best))]


def after(state: State, action: Action) -> State:
    """A copy of ``state`` with ``action`` applied (``state`` is left as it is)."""
    child = state.clone()
    child.apply(action)
    return child
