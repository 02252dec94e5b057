"""What a finished game is worth to each seat, the same in every adapter (``reward=`` / ``returns=``).

- ``"score"`` (the default): a seat's total minus the mean total of the others, so the values add up to 0
  (with two players: the score difference); alone (Harmonies solo): the total itself.
- ``"win"``: a win is worth what the losers lose: every loser -1, the winners share the rest equally
  (two players: +1 / -1, a shared win 0 / 0; four players, one winner: +3 / -1 / -1 / -1); alone: 1 for a
  win, 0 otherwise (``winners()``).

A game that is not over, or that ``max_turns`` stopped without a result, is worth 0 to everyone.

When the rewards come (``reward=`` in the PettingZoo and Gymnasium adapters, :data:`REWARDS`):

- ``"terminal"`` (the default): all at the end, the game's worth above.
- ``"score_change"`` (dense, with ``returns="score"`` only): after every step, the change of each seat's
  :func:`margin` (its points so far minus the others' mean; alone, its points) since its last reward,
  and at the end the rest of its worth, so a seat's rewards add up to exactly what ``"terminal"`` pays
  (a forfeit, or a game stopped by ``max_turns``, takes back what was paid).

>>> import hanpan
>>> from hanpan.core.rng import Rng
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=4)
>>> rng = Rng(4)
>>> while not state.is_over:
...     legal = state.legal_actions()
...     state.apply(legal[rng.randbelow(len(legal))])
>>> [card.total for card in state.scores()], state.winners()
([7, 10], (1,))
>>> returns(state, "score"), returns(state, "win")
([-3.0, 3.0], [-1.0, 1.0])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from hanpan.core.contract import State

Outcome = Literal["score", "win"]
OUTCOMES: tuple[Outcome, ...] = ("score", "win")
Reward = Literal["terminal", "score_change"]
REWARDS: tuple[Reward, ...] = ("terminal", "score_change")


def check_outcome(kind: str) -> Outcome:
    """``kind`` if it is one of :data:`OUTCOMES`, else a ValueError saying which are."""
    if kind not in OUTCOMES:
        raise ValueError(f"unknown returns {kind!r}; use one of: {', '.join(OUTCOMES)}")
    return kind


def check_reward(reward: str, kind: Outcome) -> Reward:
    """``reward`` if it is one of :data:`REWARDS` and goes with ``kind``, else a ValueError saying why.

    >>> check_reward("score_change", "win")
    Traceback (most recent call last):
    ...
    ValueError: reward 'score_change' pays changes of points: it needs returns='score', not 'win'
    """
    if reward not in REWARDS:
        raise ValueError(f"unknown reward {reward!r}; use one of: {', '.join(REWARDS)}")
    if reward == "score_change" and kind != "score":
        raise ValueError(f"reward 'score_change' pays changes of points: it needs returns='score', not {kind!r}")
    return reward


def margin(state: State) -> list[float]:
    """Each seat's points so far minus the mean of the others' (alone: its points), over or not.

    >>> import hanpan
    >>> margin(hanpan.game("harmonies").new(players=3, seed=1))
    [0.0, 0.0, 0.0]
    """
    totals = [float(card.total) for card in state.scores()]
    players = len(totals)
    if players == 1:
        return totals
    everyone = sum(totals)
    return [total - (everyone - total) / (players - 1) for total in totals]


def returns(state: State, kind: Outcome = "score") -> list[float]:
    """Each seat's worth of ``state``: 0 for all until it is finished (see the module's text)."""
    players = state.num_players
    if not state.is_over or state.status != "finished":
        return [0.0] * players
    if kind == "score":
        return margin(state)
    winners = set(state.winners())
    if players == 1:
        return [1.0 if 0 in winners else 0.0]
    if len(winners) == players:
        return [0.0] * players
    share = (players - len(winners)) / len(winners)
    return [share if p in winners else -1.0 for p in range(players)]


def bounds(players: int, kind: Outcome, top_score: float) -> tuple[float, float]:
    """The least and the most a seat can get (``top_score``: a bound on one player's total).

    >>> bounds(2, "win", 200), bounds(4, "win", 200), bounds(2, "score", 200), bounds(1, "score", 200)
    ((-1.0, 1.0), (-1.0, 3.0), (-200.0, 200.0), (0.0, 200.0))
    """
    if kind == "win":
        return (0.0, 1.0) if players == 1 else (-1.0, float(players - 1))
    top = float(top_score)
    return (0.0, top) if players == 1 else (-top, top)
