"""What an agent is given, and what it must do.

A :class:`Seat` stands between an agent and the true state, boardgame.io style:
it hands out the seat's ``view`` and legal actions, and full states only through
``determinize`` (every hidden fact resampled).  The true state is not reachable
through the seat's public interface.

>>> import hanpan
>>> from hanpan.agents import make_agent
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
>>> agent = make_agent("random", seed=0)
>>> action = agent.choose(Seat(state, 0))
>>> action in state.legal_actions()
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from hanpan.core.action import Action
from hanpan.core.contract import CHANCE, Game, State
from hanpan.core.rng import Rng


class Seat:
    """One player's window on a game in progress."""

    __slots__ = ("__state", "player")

    def __init__(self, state: State, player: int) -> None:
        self.__state = state
        self.player = player

    def __reduce__(self) -> tuple[Any, ...]:
        # compiled (mypyc) classes are unpickled through __init__: say how to rebuild one
        return (Seat, (self.__state, self.player))

    @property
    def game(self) -> Game:
        return self.__state.game

    @property
    def num_players(self) -> int:
        return self.__state.num_players

    @property
    def current_player(self) -> int | None:
        return self.__state.current_player

    @property
    def turn(self) -> int:
        """Completed turns (public)."""
        return self.__state.turn

    @property
    def reveals(self) -> int:
        """How many times new information has come out so far (public: everyone sees a draw happen)."""
        return self.__state.reveals

    def view(self) -> dict[str, Any]:
        """Everything this player knows."""
        return self.__state.view(self.player)

    def legal_actions(self) -> Sequence[Action]:
        """This seat's legal decisions; none when another seat is to move (theirs may name its hand)."""
        if self.__state.current_player != self.player:
            return ()
        return self.__state.legal_actions()

    def determinize(self, rng: Rng) -> State:
        """A full state consistent with this player's view, hidden facts resampled from ``rng``.

        Where the game stops at its draws (``chance="explicit"``) the sample draws by itself instead, from
        its own generator (``State.draw_by_engine``): a search plays on it as on any sample.
        """
        sample = self.__state.determinize(self.player, rng)
        sample.draw_by_engine()
        return sample


# Levels, benchmarks and tests subclass agents in interpreted code.
@mypyc_attr(allow_interpreted_subclasses=True)
class Agent(ABC):
    """A computer player.  ``choose`` is called only when it is the seat's turn."""

    name: str = "agent"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, seat: Seat) -> Action:
        """One legal action for the seat to move."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


def play_out(state: State, agents: Sequence[Agent], max_decisions: int | None = None,
             on_action: Callable[[State, int, Action], None] | None = None) -> int:
    """Let each seat's agent decide until the game is over; every decision goes through the
    checked ``play``, so an illegal choice raises.  ``on_action(state, player, action)`` is called
    with each choice just before it is played.  Returns the number of decisions made.

    At a chance point (``chance="explicit"``) the state's own generator draws the outcome
    (``State.draw_chance``), which is played and passed to ``on_action`` with player ``CHANCE`` like a
    decision (so a record holds it), and counted as one.

    >>> import hanpan
    >>> from hanpan.agents import make_agent
    >>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=3)
    >>> seen = []
    >>> n = play_out(state, [make_agent("random", seed=1), make_agent("greedy", seed=2)],
    ...              on_action=lambda s, player, action: seen.append(player))
    >>> n == len(seen) > 0, state.status
    (True, 'finished')
    """
    decisions = 0
    while not state.is_over:
        if max_decisions is not None and decisions >= max_decisions:
            raise RuntimeError(f"the game did not end within {max_decisions} decisions")
        player = state.current_player
        assert player is not None
        action = state.draw_chance() if player == CHANCE else agents[player].choose(Seat(state, player))
        if on_action is not None:
            on_action(state, player, action)
        state.play(action)
        decisions += 1
    return decisions
