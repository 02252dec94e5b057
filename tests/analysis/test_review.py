"""hanpan.analysis.review on seeded games: the level's own choice, greedy against hard, reproducibility."""

from __future__ import annotations

import statistics

import pytest

import hanpan
from hanpan.analysis import marks
from hanpan.analysis.estimates import Budget
from hanpan.analysis.marks import MARKS
from hanpan.analysis.results import Review
from hanpan.analysis.review import hint, review, summarize, tasks
from hanpan.core.record import Record
from hanpan.core.registry import game as get_game

from .helpers import played_game

SMALL = Budget(samples=8, alternatives=0, rounds=4)
Games = list[tuple[Record, Review]]


@pytest.fixture(scope="module")
def greedy_hard() -> Games:
    """Four short games of Four Gardens (8 turns: ``max_turns``) of greedy against hard, seats swapped,
    each reviewed by hard.  Per decision, greedy loses about a percentage point of win chance against
    hard's choice and hard about none, so a few hundred decisions are needed to tell them apart: short
    games give them quickly (the direction held for each of the 6 review seeds tried)."""
    games = [played_game("four_gardens", ["greedy", "hard"] if i % 2 == 0 else ["hard", "greedy"], seed=10 + i,
                         max_turns=8) for i in range(4)]
    return [(record, review(record, level="hard", budget=SMALL, seed=1)) for record in games]


def test_a_move_equal_to_the_levels_own_choice_is_never_marked_worse_than_good(greedy_hard: Games) -> None:
    own = other = 0
    for _, result in greedy_hard:
        for d in result.decisions:
            if d.forced:
                continue
            if d.played == d.choice:
                own += 1
                assert d.mark in ("best", "good"), d
                assert d.loss == 0.0 and d.best is not None and d.best.move == d.choice
            else:
                other += 1
    assert own > 0 and other > 0  # both kinds of decision were judged


def test_hard_loses_less_than_greedy(greedy_hard: Games) -> None:
    losses: dict[str, list[float]] = {"greedy": [], "hard": []}
    for record, result in greedy_hard:
        for d in result.decisions:
            if not d.forced and d.loss is not None:
                losses[record.players[d.seat]].append(d.loss)
    assert len(losses["hard"]) > 20 and len(losses["greedy"]) > 20
    assert statistics.fmean(losses["hard"]) < statistics.fmean(losses["greedy"])


def test_every_estimate_says_its_samples_and_standard_error(greedy_hard: Games) -> None:
    for _, result in greedy_hard:
        assert result.unit == "win"
        for d in result.decisions:
            if d.forced:
                assert d.candidates == () and d.mark == "best"
                continue
            assert {c.move for c in d.candidates} == {d.choice, d.played}  # no alternatives in this budget
            assert [c.value for c in d.candidates] == sorted((c.value for c in d.candidates), reverse=True)
            for c in d.candidates:
                assert c.samples == d.candidates[0].samples and c.se >= 0 and 0 <= c.value <= 1 and c.wins is not None
            assert d.loss_se is not None and d.loss_se >= 0 and d.margin_loss is not None and d.scale


def test_an_unsettled_mark_gets_more_samples_until_it_settles_or_the_rounds_end(greedy_hard: Games) -> None:
    extended = 0
    for _, result in greedy_hard:
        for d in result.decisions:
            if d.forced:
                continue
            samples = d.candidates[0].samples
            assert samples % SMALL.samples == 0 and SMALL.samples <= samples <= SMALL.samples * SMALL.rounds
            assert d.loss is not None and d.loss_se is not None and d.margin_loss is not None
            assert d.margin_loss_se is not None
            settled = not marks.unsettled(marks.Loss(d.loss, d.loss_se), marks.Loss(d.margin_loss, d.margin_loss_se),
                                          get_game(result.game).mistake_points)
            if d.played == d.choice:
                assert samples == SMALL.samples  # the level's own move: nothing to settle
            elif samples < SMALL.samples * SMALL.rounds:
                assert settled, d  # stopped early only once the mark was settled
            extended += samples > SMALL.samples
    assert extended > 0  # some decision of these games needed more


def test_the_summary_counts_the_decisions(greedy_hard: Games) -> None:
    for record, result in greedy_hard:
        assert result.seats == (0, 1) and result.players == tuple(record.players)
        for summary in result.summaries:
            mine = [d for d in result.decisions if d.seat == summary.seat and not d.forced]
            assert summary.decisions == len(mine) == sum(summary.marks.values())
            assert set(summary.marks) == set(MARKS)
            assert summary.mean_loss == pytest.approx(statistics.fmean(d.loss for d in mine if d.loss is not None))
            assert summary.accuracy is not None and 0 <= summary.accuracy <= 100


def test_the_same_review_twice_is_identical_and_survives_json() -> None:
    record = played_game("spirits_of_the_wild", ["greedy", "hard"], seed=21, moves=20)
    budget = Budget(samples=3, alternatives=2)
    result = review(record, level="easy", budget=budget, seed=7)
    assert review(record.to_json(), level="easy", budget=budget, seed=7) == result
    assert Review.from_json(result.to_json()) == result
    assert review(record, level="easy", budget=budget, seed=8) != result  # the seed does matter
    judged = [d for d in result.decisions if not d.forced]
    assert judged and all(len(d.candidates) == min(d.legal, 3 + (d.played != d.choice)) for d in judged)


def test_a_pool_of_processes_gives_the_same_review_with_progress() -> None:
    record = played_game("four_gardens", ["greedy", "easy"], seed=3, moves=12, max_turns=6)
    seen: list[tuple[int, int]] = []
    alone = review(record, level="easy", budget=Budget(2, 1), seed=1)
    pooled = review(record, level="easy", budget=Budget(2, 1), seed=1, jobs=2,
                    progress=lambda done, total: seen.append((done, total)))
    assert pooled == alone
    assert [done for done, _ in seen] == list(range(1, len(alone.decisions) + 1))
    assert {total for _, total in seen} == {len(alone.decisions)}


def test_tasks_are_one_decision_each_and_rebuild_the_review() -> None:
    """The server's way: one task at a time (each picklable), then the summary."""
    import pickle

    record = played_game("spirits_of_the_wild", ["greedy", "random"], seed=5, moves=10)
    work = tasks(record, level="easy", seats=[1], budget=Budget(2, 0), seed=2)
    assert [t.seat for t in work] == [1] * len(work) and work
    done = [pickle.loads(pickle.dumps(t)).run() for t in work]
    assert summarize(record, done, level="easy", seats=[1], budget=Budget(2, 0), seed=2) == \
        review(record, level="easy", seats=[1], budget=Budget(2, 0), seed=2)


def test_solo_is_judged_in_final_points() -> None:
    record = played_game("harmonies", ["greedy"], seed=2, moves=3)
    result = review(record, level="greedy", budget=Budget(2, 1), seed=0)
    assert result.unit == "points" and len(result.decisions) == 3
    for d in result.decisions:
        if not d.forced:
            assert d.margin_loss is None and d.scale is None
            assert all(c.value > 20 and c.wins is None for c in d.candidates)  # whole games' points


def test_a_hint_gives_the_levels_best_move_and_the_next_best() -> None:
    state = hanpan.game("four_gardens").new(players=3, seed=4)
    mover = state.current_player
    assert mover is not None
    tip = hint(state, mover, level="normal", budget=Budget(samples=2, alternatives=2), seed=1)
    assert tip.best is not None and tip.best.move == tip.choice
    assert tip.next_best is not None and tip.next_best.move != tip.choice
    assert tip.played is None and tip.mark is None and tip.loss is None
    assert tip.choice in [str(a) for a in state.legal_actions()]
    assert hint(state, mover, level="normal", budget=Budget(samples=2, alternatives=2), seed=1) == tip


# --- judged by turn plans and the learned value (issue 59 §3) ---------------------------------------
@pytest.fixture(scope="module")
def random_greedy_harmonies() -> Record:
    """A 2-player Harmonies game, random against greedy, stopped after 60 decisions."""
    return played_game("harmonies", ["random", "greedy"], seed=31, moves=60)


def test_harmonies_is_judged_by_its_plans_whatever_the_review_seed(random_greedy_harmonies: Record) -> None:
    first = review(random_greedy_harmonies, budget=Budget(alternatives=1, width=3), seed=1)
    second = review(random_greedy_harmonies, budget=Budget(alternatives=1, width=3), seed=2)
    judged = [d for d in first.decisions if not d.forced]
    assert judged and {d.method for d in judged} == {"plans"}
    # nothing sampled: the same judgement on any sample of the seat's view
    assert [(d.choice, d.loss, d.margin_loss, d.mark) for d in first.decisions] == \
        [(d.choice, d.loss, d.margin_loss, d.mark) for d in second.decisions]
    for d in judged:
        assert all(c.samples == 0 and c.se == 0.0 and c.margin is not None for c in d.candidates)
        assert d.mark == "best" or (d.points_loss is not None and d.points_loss > 0)
        assert d.played in {c.move for c in d.candidates} and d.choice == d.candidates[0].move


def test_a_random_seat_throws_away_points_and_is_marked_for_it(random_greedy_harmonies: Record) -> None:
    result = review(random_greedy_harmonies, budget=Budget(alternatives=1, width=3), seed=1)
    randomly, greedily = result.summaries
    assert randomly.mean_points_loss is not None and greedily.mean_points_loss is not None
    assert randomly.mean_points_loss > greedily.mean_points_loss
    assert randomly.accuracy is not None and greedily.accuracy is not None and randomly.accuracy < greedily.accuracy
    assert randomly.marks["mistake"] + randomly.marks["blunder"] >= randomly.decisions / 10


def test_expected_points_mark_a_move_in_a_decided_game() -> None:
    """Where the win chance no longer moves, the points a move throws away still mark it."""
    from hanpan.analysis.marks import Loss, judge_mark

    hopeless = Loss(0.0004, 0.0)  # 0.04 percentage points of win chance
    assert judge_mark(hopeless, Loss(0.4, 0.0), mistake_points=2.0) == "good"
    assert judge_mark(hopeless, Loss(1.2, 0.0), mistake_points=2.0) == "inaccuracy"
    assert judge_mark(hopeless, Loss(2.5, 0.0), mistake_points=2.0) == "mistake"
    assert judge_mark(hopeless, Loss(3.0, 0.0), mistake_points=2.0) == "blunder"
    assert judge_mark(hopeless, Loss(3.0, 2.0), mistake_points=2.0) == "good"  # within the noise
    assert judge_mark(Loss(0.16, 0.01), Loss(0.5, 0.0), mistake_points=2.0) == "blunder"  # the result thrown away


def test_play_out_reviews_report_expected_points_too(greedy_hard: Games) -> None:
    for _, result in greedy_hard:
        for summary in result.summaries:
            mine = [d for d in result.decisions if d.seat == summary.seat and not d.forced]
            assert summary.mean_points_loss == pytest.approx(statistics.fmean(d.margin_loss or 0.0 for d in mine))
        assert {d.method for d in result.decisions} == {"play-outs"}
