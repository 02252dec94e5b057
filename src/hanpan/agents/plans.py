"""Whole turns planned at once and judged by a learned value of where they end: ``Game.turn_plans``.

At the first decision of its turn the agent asks the game for its complete turns from the agent's
own view (a determinized sample: in a game whose turns have no chance inside them, as in Harmonies,
the sample changes nothing the plans read), each valued by the game's learned afterstate value, and
plays the best one decision by decision.  A game without a turn planner (``turn_plans`` empty) is
played by greedy.

>>> import hanpan
>>> from hanpan.agents.base import Seat
>>> from hanpan.games.harmonies import afterstate
>>> afterstate.use(afterstate.untrained(), 1, "A")  # the value before training: the heuristic's
>>> state = hanpan.game("harmonies").new(players=1, seed=4)
>>> agent = PlanAgent(seed=1, width=2)
>>> action = agent.choose(Seat(state, 0))
>>> action in state.legal_actions(), agent.last_plans > 1
(True, True)
>>> afterstate.use(None, 1, "A")
"""

from __future__ import annotations

from hanpan.agents.base import Agent, Seat
from hanpan.agents.simple import greedy_choice
from hanpan.core.action import Action

#: the settings a named level may give this agent
SETTINGS = ("width",)


class PlanAgent(Agent):
    """Plays the best of the game's turn plans (see the module doc)."""

    name = "plan"

    def __init__(self, seed: int = 0, width: int = 4) -> None:
        super().__init__(seed)
        if width < 1:
            raise ValueError(f"width must be at least 1, not {width}")
        #: the beam's width per central space (hanpan.games.harmonies.plans)
        self.width = width
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
        actions, _ = found[0]
        self.plan = list(actions[1:])
        return actions[0]
