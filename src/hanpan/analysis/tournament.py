"""Play many games between named players, seats rotated, and summarize them.

Game ``i`` of a run with seed ``S`` is fully determined by ``(S, i)``: its game
seed, its seat order (the named players rotated by ``i``) and its agents' seeds.
So results do not depend on how games are spread over processes.

>>> summary = simulate("spirits_of_the_wild", ["greedy", "random"], games=4, seed=1)
>>> summary.games, [p.agent for p in summary.per_player]
(4, ['greedy', 'random'])
>>> simulate("spirits_of_the_wild", ["greedy", "random"], games=4, seed=1, jobs=2) == summary
True

A run can be resumed: games already played are read back from their records (replayed through
the checked path) and only the others are played.

>>> first = simulate("spirits_of_the_wild", ["greedy", "random"], games=2, seed=1, keep_records=True)
>>> known = {r.index: result_from_record("spirits_of_the_wild", ["greedy", "random"], r.index, 1, {},
...                                      Record.from_json(r.record)) for r in first.results}
>>> resumed = simulate("spirits_of_the_wild", ["greedy", "random"], games=4, seed=1, known=known)
>>> resumed.per_player == summary.per_player
True
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any

from hanpan.agents.base import Agent, Seat, play_out
from hanpan.agents.registry import make_agent
from hanpan.analysis.stats import wilson_interval
from hanpan.core.action import Action
from hanpan.core.contract import ScoreCard, State
from hanpan.core.errors import OptionError, RecordError
from hanpan.core.options import resolve_options
from hanpan.core.record import Record, replay
from hanpan.core.registry import game as get_game
from hanpan.core.rng import mix_seed


@dataclass(frozen=True)
class GameResult:
    """One simulated game; ``order[seat]`` is the index (in the names given) of who sat there."""

    index: int
    seed: int
    order: tuple[int, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    status: str
    turns: int
    decisions: int
    #: per seat, the score card: points by category and extras such as Harmonies solo suns (plain
    #: dicts, so a result crosses processes)
    cards: tuple[ScoreCard, ...]
    record: dict[str, Any] | None = None
    #: the game's balance facts (``hanpan.analysis.facts``), when asked for
    facts: dict[str, Any] | None = None
    #: when asked for: per named player (not seat), the seconds each of its decisions took
    think_seconds: tuple[tuple[float, ...], ...] | None = None


@dataclass(frozen=True)
class PlayerSummary:
    agent: str
    games: int
    wins: float
    win_rate: float
    win_rate_ci95: tuple[float, float]
    mean_score: float
    median_score: float
    score_stdev: float
    #: for each score-card extra, how many games ended with each value (e.g. {"suns": {"5": 53, ...}})
    extras: dict[str, dict[str, int]] = field(default_factory=dict)
    #: mean points per score category over the finished games: where the points come from
    category_means: dict[str, float] = field(default_factory=dict)
    #: with timings: how long its decisions took (``decisions``, ``p50``, ``p90``, ``p99``, ``max`` seconds)
    decision_seconds: dict[str, float] | None = None

    def to_json(self) -> dict[str, Any]:
        optional: dict[str, Any] = {"extras": self.extras} if self.extras else {}  # only when there are some
        if self.category_means:
            optional["category_means"] = {k: round(v, 3) for k, v in self.category_means.items()}
        if self.decision_seconds is not None:
            optional["decision_seconds"] = self.decision_seconds
        return {
            "agent": self.agent,
            "games": self.games,
            "wins": round(self.wins, 3),
            "win_rate": round(self.win_rate, 4),
            "win_rate_ci95": [round(self.win_rate_ci95[0], 4), round(self.win_rate_ci95[1], 4)],
            "mean_score": round(self.mean_score, 3),
            "median_score": self.median_score,
            "score_stdev": round(self.score_stdev, 3),
            **optional,
        }


@dataclass(frozen=True)
class Summary:
    game: str
    players: tuple[str, ...]
    options: dict[str, Any]
    seed: int
    games: int
    finished: int
    unfinished: int
    per_player: tuple[PlayerSummary, ...]
    mean_turns: float
    median_turns: float
    mean_decisions: float
    results: tuple[GameResult, ...] = field(repr=False, compare=True)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": list(self.players),
            "options": self.options,
            "seed": self.seed,
            "games": self.games,
            "finished": self.finished,
            "unfinished": self.unfinished,
            "per_player": [p.to_json() for p in self.per_player],
            "mean_turns": round(self.mean_turns, 3),
            "median_turns": self.median_turns,
            "mean_decisions": round(self.mean_decisions, 3),
        }


def seat_order(count: int, index: int) -> tuple[int, ...]:
    """Who sits where in game ``index``: the named players rotated, so each sits in every seat equally.

    >>> seat_order(3, 0), seat_order(3, 1), seat_order(3, 2)
    ((0, 1, 2), (1, 2, 0), (2, 0, 1))
    """
    shift = index % count
    return tuple((seat + shift) % count for seat in range(count))


def play_one(game_id: str, names: Sequence[str], index: int, seed: int, options: dict[str, Any],
             keep_record: bool = False, keep_facts: bool = False, keep_timings: bool = False) -> GameResult:
    """Play game ``index`` of a run: every decision goes through the checked ``play``; with
    ``keep_facts`` the result carries the game's balance facts (for ``hanpan report``), with
    ``keep_timings`` how long each decision took."""
    count = len(names)
    order = seat_order(count, index)
    game_seed = mix_seed(seed, index) >> 16
    agents: list[Agent] = [make_agent(names[order[seat]], seed=mix_seed(seed, index, seat + 1))
                           for seat in range(count)]
    if keep_timings:
        agents = [TimedAgent(agent) for agent in agents]
    state = get_game(game_id).new(players=count, seed=game_seed, **options)
    actions: list[str] = []
    recording = keep_record or keep_facts  # facts may be read from the record (see hanpan.analysis.facts)
    decisions = play_out(state, agents, on_action=(lambda s, p, a: actions.append(str(a))) if recording else None)
    record = Record.of(state, [names[i] for i in order], actions) if recording else None
    result = _result(index, order, state, decisions, record.to_json() if record and keep_record else None)
    if keep_facts:
        from hanpan.analysis.facts import facts_of

        result = replace(result, facts=facts_of(state, record))
    if keep_timings:
        by_seat = [tuple(agent.seconds) for agent in agents if isinstance(agent, TimedAgent)]
        result = replace(result, think_seconds=tuple(by_seat[order.index(i)] for i in range(count)))
    return result


class TimedAgent(Agent):
    """An agent whose decisions are timed (wall clock, as a player waits for them)."""

    def __init__(self, inner: Agent) -> None:
        super().__init__(0)
        self.inner = inner
        self.name = inner.name
        self.seconds: list[float] = []

    def choose(self, seat: Seat) -> Action:
        began = time.perf_counter()
        action = self.inner.choose(seat)
        self.seconds.append(time.perf_counter() - began)
        return action


def result_from_record(game_id: str, names: Sequence[str], index: int, seed: int, options: dict[str, Any],
                       record: Record) -> GameResult:
    """Game ``index`` of a run read back from its record instead of played: the record is replayed
    through the checked path; a record of another run (game, players, seed or options) is refused."""
    count = len(names)
    order = seat_order(count, index)
    players = [names[i] for i in order]
    game_seed = mix_seed(seed, index) >> 16
    if (record.game, record.players, record.seed) != (game_id, players, game_seed):
        raise RecordError(
            f"the record of game {index} is of another run: {record.game} with {','.join(record.players)} "
            f"from seed {record.seed}; this run's game {index} is {game_id} with {','.join(players)} "
            f"from seed {game_seed}")
    state = replay(record)
    expected = get_game(game_id).new(players=count, seed=game_seed, **options).options
    if state.options != expected:
        raise RecordError(f"the record of game {index} has options {state.options}; this run has {expected}")
    return _result(index, order, state, len(record.actions), record.to_json())


def _result(index: int, order: tuple[int, ...], state: State, decisions: int,
            record: dict[str, Any] | None) -> GameResult:
    """The result of game ``index`` from its final state."""
    cards = state.scores()
    return GameResult(index=index, seed=state.seed, order=order, scores=tuple(card.total for card in cards),
                      winners=state.winners(), status=state.status, turns=state.turn, decisions=decisions,
                      record=record,
                      cards=tuple(ScoreCard(dict(card.categories), card.total, dict(card.extra)) for card in cards))


def _play_args(args: tuple[str, tuple[str, ...], int, int, dict[str, Any], bool, bool, bool]) -> GameResult:
    return play_one(*args)


def run_games(game_id: str, names: Sequence[str], games: int | Sequence[int], seed: int, options: dict[str, Any],
              jobs: int = 1, keep_records: bool = False, cluster: str | None = None,
              keep_facts: bool = False, keep_timings: bool = False) -> Iterator[GameResult]:
    """Yield the results of games 0..games-1 (or of the game indices given) in order (over ``jobs``
    processes); with ``cluster`` (a Dask scheduler's address, or ``"local"`` for a ``LocalCluster`` of
    ``jobs`` workers) as their batches finish there, in no set order."""
    indices = range(games) if isinstance(games, int) else games
    if cluster is not None:
        from hanpan.analysis.cluster import run_on_cluster

        if keep_timings:
            raise OptionError("decision times are measured on this machine only: leave out --cluster or --timings")

        yield from run_on_cluster(play_one, cluster, game_id, names, list(indices), seed, options, keep_records,
                                  jobs, keep_facts)
        return
    tasks = [(game_id, tuple(names), i, seed, options, keep_records, keep_facts, keep_timings) for i in indices]
    games = len(tasks)
    if jobs <= 1 or games <= 1:
        for task in tasks:
            yield _play_args(task)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from pool.map(_play_args, tasks, chunksize=max(1, min(16, games // (jobs * 8) or 1)))


def normalize_options(game_id: str, options: dict[str, Any]) -> dict[str, Any]:
    """The given options parsed to their types (``"true"`` → True); unknown names raise OptionError.

    >>> normalize_options("spirits_of_the_wild", {"max_turns": "9"})
    {'max_turns': 9}
    """
    specs = {spec.name: spec for spec in get_game(game_id).option_specs}
    resolve_options(specs.values(), options)  # refuses unknown names and bad values
    return {name: specs[name].parse(value) for name, value in options.items()}


def check_setup(game_id: str, names: Sequence[str], options: dict[str, Any]) -> None:
    """Refuse a bad game, player list or option before anything runs (one-line errors)."""
    game = get_game(game_id)
    if not (game.min_players <= len(names) <= game.max_players):
        raise OptionError(f"{game_id} takes {game.player_range()} players; {len(names)} named")
    for name in names:
        if name.strip().lower() == "human":
            raise OptionError("simulate plays computer players only; 'human' cannot sit here")
        make_agent(name)
    game.new(players=len(names), seed=0, **options)


def _time_figures(seconds: Sequence[float]) -> dict[str, float]:
    """How long decisions took: their count, median, 90th and 99th percentile and longest, in seconds.

    >>> _time_figures([0.1, 0.2, 0.3, 0.4, 1.0])
    {'decisions': 5, 'p50': 0.3, 'p90': 1.0, 'p99': 1.0, 'max': 1.0}
    """
    ordered = sorted(seconds)
    if not ordered:
        return {"decisions": 0}

    def quantile(q: float) -> float:  # the smallest time at least a share q of the decisions took
        return round(ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))], 6)

    return {"decisions": len(ordered), "p50": quantile(0.5), "p90": quantile(0.9), "p99": quantile(0.99),
            "max": round(ordered[-1], 6)}


def summarize(game_id: str, names: Sequence[str], options: dict[str, Any], seed: int,
              results: Sequence[GameResult]) -> Summary:
    count = len(names)
    finished = [r for r in results if r.status == "finished"]
    per_player = []
    for i, name in enumerate(names):
        wins = 0.0
        scores: list[int] = []
        extras: dict[str, dict[str, int]] = {}
        points: dict[str, int] = {}  # by category, summed over the games
        for r in finished:
            seat = r.order.index(i)
            scores.append(r.scores[seat])
            if seat in r.winners:
                wins += 1 / len(r.winners)
            card = r.cards[seat]
            for key, value in card.extra.items():
                histogram = extras.setdefault(key, {})
                histogram[str(value)] = histogram.get(str(value), 0) + 1
            for key, value in card.categories.items():
                points[key] = points.get(key, 0) + value
        n = len(finished)
        per_player.append(
            PlayerSummary(
                agent=name,
                games=n,
                wins=wins,
                win_rate=wins / n if n else 0.0,
                win_rate_ci95=wilson_interval(wins, n),
                mean_score=statistics.fmean(scores) if scores else 0.0,
                median_score=statistics.median(scores) if scores else 0.0,
                score_stdev=statistics.pstdev(scores) if len(scores) > 1 else 0.0,
                extras={k: dict(sorted(v.items(), key=lambda kv: _number(kv[0]))) for k, v in extras.items()},
                category_means={k: v / n for k, v in points.items()},
                decision_seconds=_time_figures([t for r in results if r.think_seconds is not None
                                                for t in r.think_seconds[i]])
                if any(r.think_seconds is not None for r in results) else None,
            )
        )
    turns = [r.turns for r in finished] or [0]
    return Summary(
        game=game_id,
        players=tuple(names),
        options=options,
        seed=seed,
        games=len(results),
        finished=len(finished),
        unfinished=len(results) - len(finished),
        per_player=tuple(per_player) if count else (),
        mean_turns=statistics.fmean(turns),
        median_turns=statistics.median(turns),
        mean_decisions=statistics.fmean([r.decisions for r in finished] or [0]),
        results=tuple(results),
    )


def _number(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        return float("inf")


def simulate(game_id: str, names: Sequence[str], games: int, seed: int = 0, options: dict[str, Any] | None = None,
             jobs: int = 1, keep_records: bool = False,
             on_result: Callable[[GameResult], None] | None = None,
             known: Mapping[int, GameResult] | None = None, cluster: str | None = None,
             timings: bool = False) -> Summary:
    """Play ``games`` games and summarize them; ``on_result`` sees each result as it arrives.

    ``known`` holds results already had (by game index, e.g. read back by ``result_from_record``):
    those games are not played again, and ``on_result`` sees them first.  ``cluster`` plays them on a
    Dask cluster (``hanpan.analysis.cluster``); the summary is the same.
    """
    if games < 1:
        raise OptionError(f"--games must be 1 or more, not {games}")
    options = normalize_options(game_id, options or {})
    check_setup(game_id, names, options)
    had = {i: r for i, r in (known or {}).items() if i < games}
    results = list(had.values())
    if on_result is not None:
        for result in results:
            on_result(result)
    missing = [i for i in range(games) if i not in had]
    for result in run_games(game_id, names, missing, seed, options, jobs, keep_records, cluster,
                            keep_timings=timings):
        results.append(result)
        if on_result is not None:
            on_result(result)
    results.sort(key=lambda r: r.index)
    return summarize(game_id, names, options, seed, results)
