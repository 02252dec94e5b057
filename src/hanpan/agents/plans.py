"""Whole turns planned at once and judged by a learned value of where they end: ``Game.turn_plans``.

At the first decision of its turn the agent asks the game for its complete turns from the agent's
own view (a determinized sample: in a game whose turns have no chance inside them, as in Harmonies,
the sample changes nothing the plans read), each valued by the game's learned afterstate value, and
plays the best one decision by decision.  A game without a turn planner (``turn_plans`` empty) is
played by greedy.

With ``samples`` n (solo games), the ``finalists`` best plans are looked at one turn further: each is
played to its end on n samples of the draws that end it, shared by all the plans (common random
numbers: the plans meet the same tokens and cards, so their difference is their own), the next turn
is planned on each, and the plan with the best mean of the next turn's best value is played.

>>> import hanpan
>>> from hanpan.agents.base import Seat
>>> from hanpan.games.harmonies import afterstate
>>> afterstate.use(afterstate.untrained(), 1, "A")  # the value before training: the heuristic's
>>> state = hanpan.game("harmonies").new(players=1, seed=4)
>>> agent = PlanAgent(seed=1, width=2)
>>> action = agent.choose(Seat(state, 0))
>>> action in state.legal_actions(), agent.last_plans > 1
(True, True)
>>> ahead = PlanAgent(seed=1, width=2, samples=2, finalists=2)
>>> ahead.choose(Seat(state, 0)) in state.legal_actions()
True
>>> afterstate.use(None, 1, "A")
"""

from __future__ import annotations

from hanpan.agents.base import Agent, Seat
from hanpan.agents.simple import greedy_choice
from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.rng import Rng

#: the settings a named level may give this agent
SETTINGS = ("width", "samples", "finalists")

Found = list[tuple[tuple[Action, ...], float]]


class PlanAgent(Agent):
    """Plays the best of the game's turn plans (see the module doc)."""

    name = "plan"

    def __init__(self, seed: int = 0, width: int = 4, samples: int = 0, finalists: int = 4) -> None:
        super().__init__(seed)
        if width < 1 or samples < 0 or finalists < 1:
            raise ValueError(f"width and finalists must be at least 1 and samples at least 0, not width={width}, "
                             f"samples={samples}, finalists={finalists}")
        #: the beam's width per central space (hanpan.games.harmonies.plans)
        self.width = width
        #: samples of the turn's end on which the finalists are looked at one turn further (0: none)
        self.samples = samples
        #: the plans looked at further
        self.finalists = finalists
        self.plan: list[Action] = []
        self._plan_at: tuple[int, int] | None = None
        #: how many complete turns the last plan weighed
        self.last_plans = 0

    def choose(self, seat: Seat) -> Action:
        legal = seat.legal_actions()
        if self._plan_at == (seat.player, seat.turn) and self.plan:
            action = self.plan.pop(0)
            if action in legal:
                return action
        self._plan_at = (seat.player, seat.turn)
        if len(legal) == 1:
            self.plan = []
            return legal[0]
        state = seat.determinize(self.rng)
        found = state.game.turn_plans(state, self.width)
        self.last_plans = len(found)
        if not found:
            self.plan = []
            return greedy_choice(state, legal, seat.player, self.rng)
        best = found[0][0]
        if self.samples and state.num_players == 1 and len(found) > 1:
            best = self._look_ahead(state, seat.player, found[:self.finalists])
        self.plan = list(best[1:])
        return best[0]

    def _look_ahead(self, state: State, player: int, finalists: Found) -> tuple[Action, ...]:
        """The finalist whose next turn is best on average over the shared samples of its end."""
        seeds = [self.rng.next64() for _ in range(self.samples)]
        best, best_mean = finalists[0][0], float("-inf")
        for actions, _ in finalists:
            before = state.clone()
            for action in actions[:-1]:
                before.apply(action)
            total = 0.0
            for seed in seeds:
                sample = before.determinize(player, Rng(seed))
                sample.apply(actions[-1])
                total += _next_turn_value(sample, player, self.width)
            if total / len(seeds) > best_mean:
                best, best_mean = actions, total / len(seeds)
        return best


def _next_turn_value(state: State, player: int, width: int) -> float:
    """What ``player`` may expect from here: the final score if the game is over, else the best plan's value."""
    if state.is_over:
        return float(state.scores()[player].total)
    found = state.game.turn_plans(state, width)
    return found[0][1] if found else state.evaluate(player)
