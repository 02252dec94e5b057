"""The numbers behind a reviewed decision: which moves are judged, and their estimates from play-outs.

The reviewing level is a named computer level (:data:`REVIEW_LEVELS`) made reproducible: its
settings without their time limit (``seconds``) and on one process (``workers``), so that the same
seed gives the same choice on any machine, under any load (:func:`review_agent`).

A decision is judged from the seat's view only (:class:`~hanpan.agents.base.Seat`): the level chooses
from it, and every estimate rests on ``samples`` determinized states drawn from it, each shared by all
the candidates (common random numbers: the candidates meet the same hidden draws, so their
differences are their own, not the draws').  On each sample a candidate is applied and every seat then
plays to the end of the game by pruned greedy (the play-out the ``hard`` level plans with), ties
broken by the sample's own generator.  A play-out's result, for the seat:

- solo: its final score (points);
- 2 or more players: its final margin m over the best other seat, and its *win chance*
  1 / (1 + e^(-m/s)), s a tenth of the mean final score in the decision's play-outs (at least 1
  point): a play-out is greedy play, not the rest of the real game, so a margin of 1 point is nearer
  a coin flip than a sure win.  The share of play-outs won outright is kept too (``wins``).

>>> import hanpan
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=3)
>>> seat = Seat(state, 0)
>>> moves = [str(a) for a in state.legal_actions()[:2]]
>>> results = play_candidates(seat, moves, Budget(samples=3), seed=1)
>>> [len(results[move]) for move in moves]
[3, 3]
>>> results == play_candidates(seat, moves, Budget(samples=3), seed=1)
True
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any, Final

from hanpan.agents.base import Agent, Seat
from hanpan.agents.levels import LEVELS, level_settings
from hanpan.agents.registry import LevelAgent
from hanpan.agents.rollout import RolloutAgent
from hanpan.agents.simple import GreedyAgent, after
from hanpan.core import evaluation
from hanpan.core.errors import AgentError, OptionError
from hanpan.core.rng import Rng, mix_seed

#: the levels that may review: greedy and the named search levels
REVIEW_LEVELS: Final = ("greedy", *LEVELS)
#: the settings a review drops from a level: its clock and its worker processes
_UNREPRODUCIBLE: Final = ("seconds", "workers")


@dataclass(frozen=True)
class Budget:
    """What a review spends on one decision.

    - ``samples``: determinized samples every candidate is played out on (at least 2: a standard error
      needs two);
    - ``alternatives``: moves judged besides the level's choice and the move played, the best by the
      game's evaluation right after them;
    - ``prune``: the play-outs' greedy decisions evaluate in full only the ``prune`` moves the cheap
      evaluation ranks best;
    - ``width``: where a game is judged by its turn plans (hanpan.analysis.planned), the planner's
      beam width;
    - ``rounds``: a decision whose mark is unsettled after ``samples`` play-outs (it would change were the
      loss one standard error higher or lower) is played out on ``samples`` more, up to ``rounds`` times
      ``samples`` in all (1, the default: never more; 4 cost Spirits of the Wild twice the time for about
      1.5 points more of marks the same in two reviews, docs/analysis.md).

    The default fits a 2-player Harmonies game reviewed in well under a minute on 2 cores
    (docs/analysis.md).

    >>> Budget.from_json(Budget(samples=4).to_json())
    Budget(samples=4, alternatives=2, prune=3, width=6, rounds=1)
    >>> Budget(samples=1)
    Traceback (most recent call last):
    ...
    hanpan.core.errors.OptionError: a review's samples must be a whole number of at least 2, not 1
    """

    samples: int = 8
    alternatives: int = 2
    prune: int = 3
    width: int = 6
    rounds: int = 1

    def __post_init__(self) -> None:
        for name, least in (("samples", 2), ("alternatives", 0), ("prune", 1), ("width", 1), ("rounds", 1)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < least:
                raise OptionError(f"a review's {name} must be a whole number of at least {least}, not {value!r}",
                                  f"검토의 {name}은(는) {least} 이상의 정수여야 합니다 ({value!r} 불가)")

    def to_json(self) -> dict[str, int]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Budget:
        unknown = sorted(set(data) - {"samples", "alternatives", "prune", "width", "rounds"})
        if unknown:
            raise OptionError(f"unknown budget setting {unknown[0]!r}; settings: samples, alternatives, prune, "
                              "width, rounds")
        return cls(**data)


def check_level(level: str) -> str:
    """``level`` if it may review, else an AgentError naming the ones that may.

    >>> check_level("hard")
    'hard'
    >>> check_level("random")
    Traceback (most recent call last):
    ...
    hanpan.core.errors.AgentError: a review needs a level, not 'random'; levels: greedy, easy, normal, hard, master
    """
    if level not in REVIEW_LEVELS:
        raise AgentError(f"a review needs a level, not {level!r}; levels: {', '.join(REVIEW_LEVELS)}",
                         f"검토에는 수준이 필요합니다 ({level!r} 불가); 수준: {', '.join(REVIEW_LEVELS)}")
    return level


def review_agent(level: str, seed: int) -> Agent:
    """The level ``level`` made reproducible: its settings without a clock, on one process.

    >>> agent = review_agent("hard", seed=1)
    >>> sorted({key for settings in agent.per_game.values() for key in settings} & {"seconds", "workers"})
    []
    """
    if check_level(level) == "greedy":
        return GreedyAgent(seed)
    per_game = {key: {name: value for name, value in settings.items() if name not in _UNREPRODUCIBLE}
                for key, settings in LEVELS[level].items()}
    return LevelAgent(level, per_game, seed)


def evaluation_of(level: str, game_id: str, players: int) -> str:
    """The evaluation the level decides with in this game (its play-outs use it too).

    >>> evaluation_of("master", "harmonies", 2), evaluation_of("greedy", "harmonies", 2)
    ('learned', 'standard')
    """
    if check_level(level) == "greedy":
        return evaluation.STANDARD
    return str(level_settings(LEVELS[level], game_id, players).get("evaluation", evaluation.STANDARD))


def ranked_moves(seat: Seat, seed: int) -> list[str]:
    """The seat's legal moves, best first by the game's evaluation right after each, on one sample of
    its view (ties in the order the game lists them)."""
    sample = seat.determinize(Rng(seed))
    legal = seat.legal_actions()
    values = {action.id: after(sample, action).evaluate(seat.player) for action in legal}
    return [str(action) for action in sorted(legal, key=lambda a: -values[a.id])]


#: one play-out's end: every seat's final total, and the share of the win the seat got
Outcome = tuple[tuple[int, ...], float]


def play_candidates(seat: Seat, moves: Sequence[str], budget: Budget, seed: int) -> dict[str, list[Outcome]]:
    """Every move of ``moves`` played out on the same ``budget.samples`` samples of the seat's view."""
    player = seat.player
    legal = {str(action): action for action in seat.legal_actions()}
    playing = RolloutAgent(turns=None, prune=budget.prune)
    rng = Rng(seed)
    results: dict[str, list[Outcome]] = {move: [] for move in moves}
    for _ in range(budget.samples):
        sample = seat.determinize(Rng(rng.next64()))
        choices = rng.next64()
        for move in moves:
            state = after(sample, legal[move])
            playing.play_greedy(state, player, Rng(choices))
            winners = state.winners()
            share = 1.0 / len(winners) if player in winners else 0.0
            results[move].append((tuple(card.total for card in state.scores()), share))
    return results


def win_scale(results: Mapping[str, Sequence[Outcome]]) -> float:
    """The points that turn a final margin into a win chance: a tenth of the mean final score of all
    the seats in these play-outs, at least 1.

    >>> win_scale({"a": [((80, 100), 0.0)], "b": [((70, 90), 1.0)]})
    8.5
    """
    totals = [total for outcomes in results.values() for totals, _ in outcomes for total in totals]
    return max(1.0, 0.1 * statistics.fmean(totals)) if totals else 1.0


def values(outcomes: Sequence[Outcome], player: int, scale: float | None) -> tuple[list[float], list[float]]:
    """Per play-out: the value (solo, ``scale`` None: the final score; else the win chance) and the margin
    over the best other seat (solo: the score).

    >>> values([((90, 80), 1.0), ((70, 80), 0.0)], 0, 10.0)[1]
    [10.0, -10.0]
    """
    margins = [float(totals[player] - max((t for q, t in enumerate(totals) if q != player), default=0))
               for totals, _ in outcomes]
    if scale is None:
        return margins, margins
    return [1.0 / (1.0 + math.exp(-m / scale)) for m in margins], margins


def mean_se(xs: Sequence[float]) -> tuple[float, float]:
    """The mean and its standard error (the sample standard deviation over the square root of n).

    >>> mean, se = mean_se([1.0, 2.0, 3.0])
    >>> mean, round(se, 4)
    (2.0, 0.5774)
    """
    mean = statistics.fmean(xs)
    return mean, (statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf)


def paired(first: Sequence[float], second: Sequence[float]) -> tuple[float, float]:
    """The mean of ``first - second`` sample by sample, and its standard error (a paired comparison).

    >>> paired([5.0, 7.0, 6.0], [4.0, 6.0, 5.0])
    (1.0, 0.0)
    """
    return mean_se([a - b for a, b in zip(first, second, strict=True)])


def decision_seed(seed: int, number: int, part: int) -> int:
    """The seed of one part of a decision's review (the level's choice 1, the ranking 2, the samples 3),
    from the review's seed and the decision's number only: never from the game's own seed, which would
    tell every hidden card.

    >>> decision_seed(0, 5, 1) != decision_seed(0, 5, 2)
    True
    """
    return mix_seed(seed, number, part)
