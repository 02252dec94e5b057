"""Game review: every decision of the chosen seats judged by a computer level, from what the seat knew.

For each decision the reviewing level (``hard`` unless told) makes its own choice from the seat's view;
that choice, the move played and the best few alternatives are played out on the same determinized
samples of the view (:mod:`hanpan.analysis.estimates`); the move played is marked by what it lost
against the level's choice (:mod:`hanpan.analysis.marks`).  Nothing is read of what the seat could not
know: not the true hidden cards, not the draws to come, not the moves after the one judged.

The work is cut into one :class:`DecisionTask` per decision (plain, picklable data), so that a server
can run them one at a time in its worker pool; :func:`review` runs them all, in this process or in a
pool, and reports progress; :func:`hint` judges a position with no move played yet.

>>> import hanpan
>>> from hanpan.agents import Seat, make_agent
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=4)
>>> greedy = make_agent("greedy", seed=1)
>>> moves = [str(state.play(greedy.choose(Seat(state, state.current_player)))) for _ in range(4)]
>>> record = Record.of(state, ["ann", "bob"], moves)
>>> result = review(record, level="easy", budget=Budget(samples=2, alternatives=1), seed=1)
>>> [d.number for d in result.decisions], {d.mark for d in result.decisions} <= set(marks.MARKS)
([1, 2, 3, 4], True)
>>> [d.played for d in result.decisions] == moves
True
>>> result == Review.from_json(result.to_json()) == review(record, level="easy", budget=Budget(2, 1), seed=1)
True
"""

from __future__ import annotations

import contextlib
import os
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from typing import Any

from hanpan.agents.base import Seat
from hanpan.analysis import marks, planned
from hanpan.analysis.estimates import (
    Budget,
    check_level,
    decision_seed,
    evaluation_of,
    mean_se,
    paired,
    play_candidates,
    ranked_moves,
    review_agent,
    values,
    win_scale,
)
from hanpan.analysis.results import DecisionReview, Estimate, Review, SeatSummary
from hanpan.core import evaluation
from hanpan.core.contract import State
from hanpan.core.errors import IllegalActionError, OptionError
from hanpan.core.record import Record, replay, start
from hanpan.core.registry import game as get_game
from hanpan.core.rng import Rng

#: the level that reviews unless told
DEFAULT_LEVEL = "hard"
#: ``progress(done, total)``, called after each decision judged
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class DecisionTask:
    """One decision to judge, as plain data a worker process can be sent: the position before it (the
    whole state's JSON, as ``to_json`` writes it; only the seat's view of it is used), whose decision it
    is, the move played (None for a hint), the level, the budget, the review's seed and the move's number
    in the record (0 without a record)."""

    game: str
    position: dict[str, Any]
    seat: int
    played: str | None
    level: str = DEFAULT_LEVEL
    budget: Budget = field(default_factory=Budget)
    seed: int = 0
    number: int = 0

    def run(self) -> DecisionReview:
        return run_task(self)


def run_task(task: DecisionTask) -> DecisionReview:
    """Judge one decision (a module-level function: a worker process finds it by name)."""
    state = get_game(task.game).from_json(task.position)
    return judge(state, task.seat, task.played, task.level, task.budget, task.seed, task.number)


def judge(state: State, seat: int, played: str | None, level: str = DEFAULT_LEVEL, budget: Budget | None = None,
          seed: int = 0, number: int = 0) -> DecisionReview:
    """The review of ``seat``'s decision in ``state`` (``played``: the move made, or None for a hint),
    from the seat's view only."""
    budget = budget or Budget()
    check_level(level)
    if not 0 <= seat < state.num_players or state.current_player != seat:
        raise OptionError(f"seat {seat} has no decision to make here; the seat to move is {state.current_player}")
    view = Seat(state, seat)
    legal = [str(action) for action in view.legal_actions()]
    if played is not None and played not in legal:
        action = state.game.actions.parse(played)  # the notation's own spelling of a move typed otherwise
        if action is None or str(action) not in legal:
            raise IllegalActionError(f"{played!r} is not a legal move for seat {seat} here")
        played = str(action)
    solo = state.num_players == 1
    unit = "points" if solo else "win"
    if len(legal) == 1:
        return DecisionReview(number, seat, view.turn, 1, unit, legal[0], played, loss=None if played is None else 0.0,
                              mark=None if played is None else "best")
    by_plans = _judge_by_plans(view, played, len(legal), budget, seed, number)
    if by_plans is not None:
        return by_plans
    with evaluation.using(evaluation_of(level, state.game.id, state.num_players)):
        choice = str(review_agent(level, decision_seed(seed, number, 1)).choose(view))
        moves = [choice] + ([played] if played is not None and played != choice else [])
        moves += [m for m in ranked_moves(view, decision_seed(seed, number, 2)) if m not in moves][:budget.alternatives]
        outcomes = play_candidates(view, moves, budget, decision_seed(seed, number, 3))
        judged = _play_out_losses(outcomes, seat, choice, played, solo)
        for extra in range(1, budget.rounds):  # an unsettled mark: more samples, the same for every move
            win, points = judged[2], judged[3]
            if played is None or played == choice or not marks.unsettled(win, points, state.game.mistake_points):
                break
            more = play_candidates(view, moves, budget, decision_seed(seed, number, 3 + 8 * extra))
            outcomes = {move: [*outcomes[move], *more[move]] for move in moves}
            judged = _play_out_losses(outcomes, seat, choice, played, solo)
    per_move, scale, win, points = judged
    candidates = sorted((_estimate(move, per_move[move], outcomes[move], solo) for move in moves),
                        key=lambda e: -e.value)  # stable: equal values keep the level's choice first
    review = DecisionReview(number, seat, view.turn, len(legal), unit, choice, played, tuple(candidates), scale=scale)
    if played is None or points is None:
        return review
    loss, loss_se = points if win is None else win
    margin_loss, margin_loss_se = (None, None) if win is None else points
    mark = marks.judge_mark(win, points, state.game.mistake_points, played == choice)
    return DecisionReview(number, seat, view.turn, len(legal), unit, choice, played, tuple(candidates), loss, loss_se,
                          margin_loss, margin_loss_se, scale, mark)


PerMove = dict[str, tuple[list[float], list[float]]]


def _play_out_losses(outcomes: Mapping[str, Sequence[Any]], seat: int, choice: str, played: str | None,
                     solo: bool) -> tuple[PerMove, float | None, marks.Loss | None, marks.Loss | None]:
    """Each move's values sample by sample, the win scale (None in solo), and what the move played lost
    against the choice in win chance (None in solo) and in expected points (None without a move played)."""
    scale = None if solo else win_scale(outcomes)
    per_move = {move: values(outcomes[move], seat, scale) for move in outcomes}
    if played is None:
        return per_move, scale, None, None
    points = marks.Loss(*paired(per_move[choice][1], per_move[played][1]))
    win = None if solo else marks.Loss(*paired(per_move[choice][0], per_move[played][0]))
    return per_move, scale, win, points


def _judge_by_plans(view: Seat, played: str | None, legal: int, budget: Budget, seed: int,
                    number: int) -> DecisionReview | None:
    """The decision judged by the game's turn plans and learned value (hanpan.analysis.planned); None
    where the game has none for this position."""
    sample = view.determinize(Rng(decision_seed(seed, number, 3)))
    seat = view.player
    value = planned.move_values(sample, seat, played, budget.width)
    if value is None:
        return None
    ranked = sorted(value, key=lambda move: -value[move])  # stable: ties keep the planner's order
    choice = ranked[0]
    moves = ranked[:1 + budget.alternatives]
    moves += [played] if played is not None and played not in moves else []
    if sample.num_players == 1:
        unit, scale, rival = "points", None, 0.0
        candidates = tuple(Estimate(move, value[move], 0.0, 0) for move in moves)
    else:
        others = planned.others_expected(sample, seat)
        unit, scale, rival = "win", planned.margin_scale([value[choice], *others]), max(others)
        candidates = tuple(Estimate(move, planned.win_chance(value[move] - rival, scale), 0.0, 0,
                                    value[move] - rival, 0.0) for move in moves)
    review = DecisionReview(number, seat, view.turn, legal, unit, choice, played, candidates, scale=scale,
                            method="plans")
    if played is None:
        return review
    points = marks.Loss(value[choice] - value[played], 0.0)
    if scale is None:
        mark = marks.judge_mark(None, points, sample.game.mistake_points, played == choice)
        return replace(review, loss=points.value, loss_se=0.0, mark=mark)
    chances = [planned.win_chance(value[move] - rival, scale) for move in (choice, played)]
    win = marks.Loss(chances[0] - chances[1], 0.0)
    mark = marks.judge_mark(win, points, sample.game.mistake_points, played == choice)
    return replace(review, loss=win.value, loss_se=0.0, margin_loss=points.value, margin_loss_se=0.0, mark=mark)


def _estimate(move: str, per_sample: tuple[list[float], list[float]], outcomes: Sequence[tuple[Any, float]],
              solo: bool) -> Estimate:
    value, se = mean_se(per_sample[0])
    if solo:
        return Estimate(move, value, se, len(outcomes))
    margin, margin_se = mean_se(per_sample[1])
    return Estimate(move, value, se, len(outcomes), margin, margin_se, sum(w for _, w in outcomes) / len(outcomes))


def hint(state: State, seat: int, level: str = DEFAULT_LEVEL, budget: Budget | None = None,
         seed: int = 0) -> DecisionReview:
    """The level's best move for ``seat`` in ``state`` and the next best, with their estimates
    (``.best``, ``.next_best``), judged from the seat's view.

    >>> import hanpan
    >>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=5)
    >>> tip = hint(state, 0, level="easy", budget=Budget(samples=2, alternatives=1), seed=3)
    >>> tip.best.move == tip.choice, tip.next_best is not None, tip.best.samples
    (True, True, 2)
    """
    return judge(state, seat, None, level, budget, seed)


# --- a record's decisions --------------------------------------------------------------------------
def load(record: Record | Mapping[str, Any]) -> Record:
    """A record given as a :class:`Record` or as its JSON (checked: one line on anything malformed)."""
    return record if isinstance(record, Record) else Record.from_json(record)


def positions(record: Record) -> list[tuple[State, str]]:
    """Each decision's position (before it) and the move made; the record is checked first as ``hanpan
    replay`` checks it (a bad move is named by its number, a stored result must match)."""
    replay(record)
    state = start(record)
    out = []
    for text in record.actions:
        out.append((state.clone(), text))
        state.play(text)
    return out


def check_seats(record: Record, seats: Iterable[int] | None) -> tuple[int, ...]:
    """The seats to review (all by default), each checked against the record's players."""
    count = len(record.players)
    chosen = tuple(range(count)) if seats is None else tuple(sorted(set(seats)))
    for seat in chosen:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < count:
            raise OptionError(f"no seat {seat!r} in this record; seats: 0 to {count - 1} "
                              f"({', '.join(f'{i} {name}' for i, name in enumerate(record.players))})")
    return chosen


def tasks(record: Record | Mapping[str, Any], level: str = DEFAULT_LEVEL, seats: Iterable[int] | None = None,
          budget: Budget | None = None, seed: int = 0) -> list[DecisionTask]:
    """One task per decision of ``seats`` in the record, in the order played."""
    record = load(record)
    check_level(level)
    chosen = check_seats(record, seats)
    budget = budget or Budget()
    out = []
    for number, (state, text) in enumerate(positions(record), 1):
        mover = state.current_player
        if mover in chosen:
            out.append(DecisionTask(record.game, state.to_json(), mover, text, level, budget, seed, number))
    return out


def summarize(record: Record | Mapping[str, Any], decisions: Sequence[DecisionReview], level: str = DEFAULT_LEVEL,
              seats: Iterable[int] | None = None, budget: Budget | None = None, seed: int = 0) -> Review:
    """The review made of the judged ``decisions`` (its tasks' results, in order), with each seat's summary."""
    record = load(record)
    chosen = check_seats(record, seats)
    solo = len(record.players) == 1
    mistake_points = get_game(record.game).mistake_points
    summaries = []
    for seat in chosen:
        judged = [d for d in decisions if d.seat == seat and not d.forced and d.loss is not None]
        losses = [d.loss for d in judged if d.loss is not None]
        mean, se = mean_se(losses) if losses else (None, None)
        points = [d.points_loss for d in judged if d.points_loss is not None]
        points_mean, points_se = mean_se(points) if points else (None, None)
        accuracies = [marks.percent_accuracy(marks.severity(*_losses(d), mistake_points)) for d in judged]
        counts = {name: sum(d.mark == name for d in judged) for name in marks.MARKS}
        summaries.append(SeatSummary(seat, record.players[seat], len(judged),
                                     statistics.fmean(accuracies) if accuracies else None, mean,
                                     se if len(losses) > 1 else None, counts, points_mean,
                                     points_se if len(points) > 1 else None))
    return Review(record.game, tuple(record.players), level, budget or Budget(), seed, chosen,
                  "points" if solo else "win", tuple(decisions), tuple(summaries))


def _losses(d: DecisionReview) -> tuple[marks.Loss | None, marks.Loss | None]:
    """A judged decision's loss in win chance (None in solo) and in expected points."""
    points = d.points_loss
    win = None if d.unit == "points" or d.loss is None else marks.Loss(d.loss, d.loss_se or 0.0)
    return win, None if points is None else marks.Loss(points, d.points_loss_se or 0.0)


def review(record: Record | Mapping[str, Any], level: str = DEFAULT_LEVEL, seats: Iterable[int] | None = None,
           budget: Budget | None = None, seed: int = 0, jobs: int = 1, executor: Executor | None = None,
           progress: Progress | None = None) -> Review:
    """Review the decisions of ``seats`` (all by default) in a record.

    ``jobs`` > 1 judges decisions in that many worker processes at low priority (``executor``: in a
    pool of the caller's); the review is the same whichever runs it.  ``progress(done, total)`` is
    called after each decision.
    """
    record = load(record)
    work = tasks(record, level, seats, budget, seed)
    if jobs < 1:
        raise OptionError(f"jobs must be 1 or more, not {jobs}")
    done: list[DecisionReview | None] = [None] * len(work)
    if executor is None and jobs == 1:
        for i, task in enumerate(work):
            done[i] = run_task(task)
            if progress is not None:
                progress(i + 1, len(work))
    else:
        pool = executor or ProcessPoolExecutor(max_workers=jobs, initializer=lower_priority)
        try:
            futures: dict[Future[DecisionReview], int] = {pool.submit(run_task, t): i for i, t in enumerate(work)}
            for count, future in enumerate(as_completed(futures), 1):
                done[futures[future]] = future.result()
                if progress is not None:
                    progress(count, len(work))
        finally:
            if executor is None:
                pool.shutdown(cancel_futures=True)
    return summarize(record, [d for d in done if d is not None], level, seats, budget, seed)


def lower_priority(niceness: int = 10) -> None:
    """In a worker process: run at a lower priority (a review is background work)."""
    with contextlib.suppress(AttributeError, OSError):  # no nice here, or not allowed: run as is
        os.nice(niceness)
