"""Turn-level Monte Carlo search: candidate turns judged by greedy play after them on shared samples.

At the first decision of its turn the agent plans the whole turn.  It builds candidate turns: each of
the ``width`` best first decisions (ranked by ``evaluate`` after it) finished by greedy, plus
``noisy`` turns whose every decision is drawn among the 3 best; with ``pairs``, also each two of those
first decisions taken one after the other (where the second is still legal after the first; in Harmonies
solo an animal card and a central space), finished by greedy.  Each candidate is then played on
``samples`` times, from the agent's own view only: the state before the candidate's last decision (the
one that ends the turn) is determinized with the sample's seed, its last decision applied, greedy
plays every seat for ``turns`` more turns of each player (``None``: to the end of the game; ``depth``
caps the decisions), and the result is scored by ``evaluate`` (in games of 2 or more, the margin over
the best other player).  The candidate with the best mean is played, decision by decision — with a
``margin``, only if it beats the best-prior candidate (greedy's own turn) by more than that many points
(over k rounds, ``margin / sqrt(k)``): a single play-out is noisy, and the best of ten noisy values is
partly luck.  With ``finalists`` k, only the k candidates best after the first round play the later
rounds, and the choice is made among them: the extra play-outs go where the choice is; with ``screen``
r, they are the k best by their first r rounds (every candidate plays those).  With
``replan`` every later decision of the turn plans again in its own time: the
candidates that start with the decisions taken stay, with their play-outs, and each plan adds a round
of samples (the turn's seeds are kept, so old and new candidates are compared on the same draws).

All candidates share each sample's seed (common random numbers): they are compared on the same hidden
draws, so their difference is the turns' own, not the luck of the draw.  This is what makes a single
play-out informative: in Harmonies solo, a fresh draw per candidate made the same search no better than
greedy; shared draws made it 3-9 points better (docs/experiments/search-variants.md).  The
sharing holds as far as the game draws in the same order whatever the turn did (Harmonies refills
the central board before the display at the end of every turn, after "end" and after a discard).

With ``seconds`` the candidates are built (in up to half the time) and played in order of their
rank (``evaluate`` at the end of the turn), one sample round after another, until the time is up:
candidates not played by then are dropped, and a round not finished does not count.  A step (a
candidate built or played) is begun only if it would end in time, judged by the one before, so a
decision stays within ``seconds`` but for the first candidate, always built (with no time for a
play-out, the best prior is played).  ``workers`` > 1 deals the candidates out among that many
processes (hanpan.agents.parallel), and ``prune`` makes every greedy decision cheaper: only the
actions ``quick_evaluate`` ranks best are evaluated in full.

>>> import hanpan
>>> from hanpan.agents.base import Seat
>>> state = hanpan.game("harmonies").new(players=1, seed=4)
>>> agent = RolloutAgent(seed=1, width=2, noisy=0)
>>> action = agent.choose(Seat(state, 0))
>>> action in state.legal_actions(), agent.last_candidates
(True, 2)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from hanpan.agents import parallel
from hanpan.agents.base import Agent, Seat
from hanpan.agents.simple import after, best_child, greedy_choice
from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.rng import Rng

#: the settings a named level may give this agent
SETTINGS = ("width", "noisy", "samples", "turns", "depth", "prune", "margin", "replan", "seconds", "workers",
            "pairs", "finalists", "screen")


@dataclass
class Candidate:
    """One planned turn: its decisions, and the state before its last one (which ends the turn; None
    for a candidate back from a worker process, which played it there)."""

    actions: list[Action]
    before_last: State | None
    prior: float
    #: its play-outs' values, one per sample round (every candidate's round k shares one seed)
    values: list[float] = field(default_factory=list)


class RolloutAgent(Agent):
    """Plans each of its turns by greedy play-outs of candidate turns (see the module doc)."""

    name = "rollout"

    def __init__(self, seed: int = 0, width: int = 8, noisy: int = 2, samples: int = 1,
                 turns: int | None = 1, depth: int | None = None, prune: int | None = None,
                 margin: float = 0.0, replan: bool = False, seconds: float | None = None,
                 workers: int = 1, pairs: bool = False, finalists: int | None = None,
                 screen: int = 1) -> None:
        super().__init__(seed)
        if width < 1 or noisy < 0 or samples < 1:
            raise ValueError(f"width and samples must be at least 1 and noisy at least 0, "
                             f"not width={width}, samples={samples}, noisy={noisy}")
        if turns is not None and turns < 0:
            raise ValueError(f"turns must be None (to the end) or at least 0, not {turns}")
        if (depth is not None and depth < 0) or (prune is not None and prune < 1) or workers < 1:
            raise ValueError(f"depth must be None or at least 0, prune None or at least 1, workers at least 1, "
                             f"not depth={depth}, prune={prune}, workers={workers}")
        if margin < 0:
            raise ValueError(f"margin must be at least 0 (points), not {margin}")
        if finalists is not None and finalists < 1:
            raise ValueError(f"finalists must be None (every candidate plays every round) or at least 1, "
                             f"not {finalists}")
        if screen < 1:
            raise ValueError(f"screen must be at least 1 (sample rounds every candidate plays), not {screen}")
        self.width, self.noisy, self.samples, self.turns, self.seconds = width, noisy, samples, turns, seconds
        #: points (in the mean of one sample round; over k rounds, ``margin / sqrt(k)``) by which a
        #: candidate must beat the best-prior one to be played instead: one play-out is noisy, and the
        #: best of many noisy values is mostly luck (the winner's curse)
        self.margin = margin
        #: a play-out stops after this many decisions past the candidate's turn, if it gets that far
        #: before ``turns`` (None: only ``turns`` stops it)
        self.depth = depth
        #: greedy decisions (finishing a candidate, and in play-outs) fully evaluate only the ``prune``
        #: actions ``quick_evaluate`` ranks best (None: all of them)
        self.prune = prune
        #: processes the candidates are dealt out among (on 2 cores, about twice the play-outs in a budget)
        self.workers = workers
        #: candidates also start with two first decisions one after the other (a card and a space)
        self.pairs = pairs
        #: only this many candidates, the best by their first round, play the later sample rounds, and
        #: the choice is made among them (None: every candidate plays every round); with ``workers``,
        #: each worker keeps its share of them (rounded up) among its own candidates
        self.finalists = finalists
        #: the sample rounds every candidate plays before the ``finalists`` are chosen by their mean: one
        #: noisy play-out may drop the best of many candidates
        self.screen = screen
        #: plan again at every decision of the turn (each with its own ``seconds``), keeping the
        #: candidates that start with the decisions taken, their play-outs, and the turn's sample seeds
        self.replan = replan
        self.plan: list[Action] = []
        self._plan_at: tuple[int, int] | None = None
        self._taken: list[Action] = []  # this turn's decisions since the last plan was made
        self._judged: list[Candidate] = []  # the last plan's candidates, with their play-outs
        self._seeds: list[tuple[int, int]] = []  # this turn's sample rounds, shared by all its plans
        #: candidates built and play-outs run for the last planned turn
        self.last_candidates = 0
        self.last_playouts = 0

    def settings(self) -> dict[str, object]:
        return {key: getattr(self, key) for key in SETTINGS}

    def choose(self, seat: Seat) -> Action:
        legal = seat.legal_actions()
        if self._plan_at != (seat.player, seat.turn):  # a new turn
            self._plan_at = (seat.player, seat.turn)
            self.plan, self._taken, self._judged, self._seeds = [], [], [], []
        elif self.plan and not self.replan:
            action = self.plan.pop(0)
            if action in legal:
                return self._take(action)
        self.plan = []
        if len(legal) == 1:
            return self._take(legal[0])
        if self.workers > 1:
            parallel.start_workers(self.workers, seat)  # once a process: setting up, not thinking, so before the clock
        started = time.perf_counter()
        state = seat.determinize(self.rng)
        firsts = self.ranked_firsts(state, seat.player, legal)
        starts = [[first] for first in firsts] + (self.paired_starts(state, firsts) if self.pairs else [])
        self._seeds += [(self.rng.next64(), self.rng.next64()) for _ in range(self.samples)]  # shared by all
        known = self._still_open()
        deadline = None if self.seconds is None else started + self.seconds
        if self.workers > 1:
            judged = self._plan_in_workers(state, seat.player, known, starts, self._seeds, deadline)
        else:
            judged = self.plan_turns(state, seat.player, known, starts, self.noisy, self._seeds, deadline,
                                     self.rng)
        best = _best(judged, self.margin, None if self.finalists is None else self.screen)
        self.last_candidates, self.last_playouts = len(judged), sum(len(c.values) for c in judged)
        self._judged, self._taken = judged, []
        self.plan = best.actions[1:]
        return self._take(best.actions[0])

    def ranked_firsts(self, state: State, player: int, legal: Sequence[Action]) -> list[Action]:
        """The ``width`` first decisions a plan starts from: the best by ``evaluate`` after them (ties
        in an order drawn from the agent's generator)."""
        return sorted(legal, key=_ranking(state, player, self.rng))[:self.width]

    def paired_starts(self, state: State, firsts: Sequence[Action]) -> list[list[Action]]:
        """The starts of the ``pairs`` candidates: two of ``firsts`` one after the other, where the second
        is still legal after the first (each pair once, the better-ranked first).

        >>> import hanpan
        >>> state = hanpan.game("harmonies").new(players=1, seed=4)
        >>> agent = RolloutAgent(seed=1, pairs=True)
        >>> starts = agent.paired_starts(state, agent.ranked_firsts(state, 0, state.legal_actions()))
        >>> sorted({" + ".join(sorted(a.text.split()[0] for a in start)) for start in starts})
        ['card + space']
        """
        pairs: list[list[Action]] = []
        for i, a in enumerate(firsts):
            after_a = after(state, a).legal_actions()
            pairs += [[a, b] for b in firsts[i + 1:] if b in after_a]
        return pairs

    def _take(self, action: Action) -> Action:
        self._taken.append(action)
        return action

    def _still_open(self) -> list[Candidate]:
        """The last plan's candidates that start with the decisions taken since, from here on (with
        their play-outs: they were played from the same view, on the same seeds)."""
        done = len(self._taken)
        return [Candidate(c.actions[done:], None, c.prior, list(c.values)) for c in self._judged
                if len(c.actions) > done and c.actions[:done] == self._taken]

    def _plan_in_workers(self, state: State, player: int, known: Sequence[Candidate],
                         starts: Sequence[list[Action]], seeds: list[tuple[int, int]],
                         deadline: float | None) -> list[Candidate]:
        """A turn plan's candidates shared out among ``workers`` processes (the ``known`` candidates and
        the starts of the new ones each dealt round the workers in rank order; every worker plays the
        same sample ``seeds``, and gets its own seed from this agent's generator); they come back best
        prior first, each with its play-out values."""
        settings = self.settings()
        settings["workers"] = 1
        n = self.workers
        if self.finalists is not None:  # each worker keeps its share of the finalists
            settings["finalists"] = -(-self.finalists // n)
        # each worker's share of the time, less a margin for sending the state and the results
        seconds = None if deadline is None else max(0.0, deadline - time.perf_counter() - 0.1)
        planned = [(c.actions, c.prior, c.values) for c in known]
        futures = [
            parallel.submit(n, plan_share, state, player, settings, planned[k::n], list(starts[k::n]),
                            self.noisy // n + (k < self.noisy % n), seeds, seconds, self.rng.next64())
            for k in range(n)
        ]
        return distinct_by_prior([Candidate(actions, None, prior, values)
                                  for future in futures for actions, prior, values in future.result()])

    # --- candidate turns -------------------------------------------------------------------------
    def plan_turns(self, state: State, player: int, known: Sequence[Candidate], starts: Sequence[list[Action]],
                   noisy: int, seeds: Sequence[tuple[int, int]], deadline: float | None,
                   rng: Rng) -> list[Candidate]:
        """The candidate turns — the ``known`` ones (planned before from this state: their decisions
        from here, and the rounds they played), each of ``starts`` finished by greedy, then ``noisy``
        noisy ones — best prior first, each played on with the sample ``seeds`` in rounds until
        ``deadline`` (at least one new one is built; those not played by then have no values)."""
        candidates = [c for c in (_replayed(state, c) for c in known) if c is not None]
        known_count = len(candidates)
        cost = 0.0  # the last step's seconds: a step that would end past the deadline is not begun
        # building the candidates may take half the time left: the rest is for playing them
        built_by = None if deadline is None else (time.perf_counter() + deadline) / 2
        for start in [*starts, *[[]] * noisy]:  # [] starts a noisy turn
            began = time.perf_counter()
            if built_by is not None and len(candidates) > known_count and began + cost > built_by:
                break  # out of time: the best-ranked first decisions are in
            candidates.append(self._finish(state, start, player, not start, rng))
            cost = time.perf_counter() - began
        ranked = distinct_by_prior(candidates)
        self.last_playouts = 0
        cost *= state.num_players  # a first guess at a play-out: a turn of each player
        leaders: list[Candidate] | None = None  # with finalists: chosen once the screen rounds are played
        for round_, (draws, choices) in enumerate(seeds):  # earlier rounds first: known ones have them
            if round_ >= self.screen and self.finalists is not None and leaders is None:
                leaders = self._leaders(ranked)
            for candidate in ranked if leaders is None else leaders:
                if len(candidate.values) > round_:
                    continue
                began = time.perf_counter()
                if deadline is not None and began + cost > deadline:
                    return ranked
                candidate.values.append(self._play_on(candidate, player, draws, choices))
                cost = time.perf_counter() - began
                self.last_playouts += 1
        return ranked

    def _leaders(self, ranked: Sequence[Candidate]) -> list[Candidate]:
        """The ``finalists`` candidates with the best mean over the ``screen`` rounds, best first (ties:
        the better prior)."""
        assert self.finalists is not None
        played = [c for c in ranked if len(c.values) >= self.screen]
        return sorted(played, key=lambda c: -_screen_sum(c, self.screen))[:self.finalists]

    def _finish(self, root: State, start: list[Action], player: int, noisy: bool, rng: Rng) -> Candidate:
        """Play the turn from ``root`` through ``start`` to its end (greedy, or one of the 3 best)."""
        walked = _walk(root, start)
        assert walked is not None, "a plan starts from legal decisions"
        state, before = walked
        turn = root.turn
        actions = list(start)
        while not state.is_over and state.turn == turn:
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif noisy:
                ranked = sorted(legal, key=_ranking(state, player, rng))
                action = ranked[rng.randbelow(min(3, len(ranked)))]
            else:
                action = self.pruned_greedy(state, legal, player, rng)
            before = state.clone()
            state.apply(action)
            actions.append(action)
        return Candidate(actions, before, _value(state, player))

    def pruned_greedy(self, state: State, legal: Sequence[Action], player: int, rng: Rng) -> Action:
        """Greedy's choice, among the ``prune`` best actions by ``quick_evaluate`` if there are more."""
        if self.prune is None or len(legal) <= self.prune:
            return greedy_choice(state, legal, player, rng)
        children = {action.id: after(state, action) for action in legal}
        quick = {action.id: -children[action.id].quick_evaluate(player) for action in legal}
        top = sorted(legal, key=lambda a: quick[a.id])[:self.prune]  # stable: ties keep their order
        return best_child(((action, children[action.id]) for action in top), player, rng)

    def _play_on(self, candidate: Candidate, player: int, draws: int, choices: int) -> float:
        assert candidate.before_last is not None, "a candidate is played on where it was built"
        state = candidate.before_last.determinize(player, Rng(draws))
        state.apply(candidate.actions[-1])
        return self.play_greedy(state, player, Rng(choices))

    def play_greedy(self, state: State, player: int, rng: Rng) -> float:
        """Play every seat by ``pruned_greedy`` from ``state`` (changed in place) for ``turns`` more turns
        of each player (None: to the end; ``depth`` caps the decisions), ties broken with ``rng``, and
        return the value there for ``player`` (its margin over the best other player in games of 2 or
        more; at the end of a solo game, the total).

        >>> import hanpan
        >>> state = hanpan.game("harmonies").new(players=1, seed=2)
        >>> total = RolloutAgent(turns=None, prune=6).play_greedy(state, 0, Rng(1))
        >>> state.is_over, total == state.scores()[0].total
        (True, True)
        """
        stop = None if self.turns is None else state.turn + self.turns * state.num_players
        left = -1 if self.depth is None else self.depth
        while not state.is_over and (stop is None or state.turn < stop) and left:
            left -= 1
            legal = state.legal_actions()
            mover = state.current_player
            assert mover is not None
            state.apply(legal[0] if len(legal) == 1 else self.pruned_greedy(state, legal, mover, rng))
        return _value(state, player)


Planned = tuple[list[Action], float, list[float]]  # a candidate's decisions, prior and play-out values


def plan_share(state: State, player: int, settings: dict[str, Any], known: list[Planned],
               starts: list[list[Action]], noisy: int, seeds: list[tuple[int, int]], seconds: float | None,
               seed: int) -> list[Planned]:
    """A worker process's share of a turn plan (hanpan.agents.parallel): its candidates' decisions,
    priors and play-out values, as plain tuples (they travel back between processes).

    >>> import hanpan
    >>> state = hanpan.game("harmonies").new(players=1, seed=4)
    >>> planned = plan_share(state, 0, {"width": 2}, [], [], noisy=1, seeds=[(1, 2)], seconds=None, seed=3)
    >>> len(planned), [len(values) for _, _, values in planned]
    (1, [1])
    """
    agent = RolloutAgent(seed, **settings)
    deadline = None if seconds is None else time.perf_counter() + seconds
    planned = agent.plan_turns(state, player, [Candidate(a, None, p, v) for a, p, v in known], starts, noisy,
                               seeds, deadline, agent.rng)
    return [(c.actions, c.prior, c.values) for c in planned]


def distinct_by_prior(candidates: Sequence[Candidate]) -> list[Candidate]:
    """The candidates best prior first, each turn once (a noisy turn may repeat a greedy one)."""
    unique: dict[tuple[int, ...], Candidate] = {}
    for candidate in candidates:
        unique.setdefault(tuple(a.id for a in candidate.actions), candidate)
    return sorted(unique.values(), key=lambda c: -c.prior)


def _best(candidates: Sequence[Candidate], margin: float = 0.0, screen: int | None = None) -> Candidate:
    """The candidate with the best mean over the sample rounds every played candidate finished (the
    same draws for all), if it beats the best-prior candidate played by more than
    ``margin / sqrt(rounds)`` (else that one); ties go to the better prior (the candidates come best
    prior first), and with no play-out at all (no time) the best prior wins.  With finalists chosen after
    ``screen`` rounds, the candidates that played more than those are the ones compared (the others lost
    the screen), if the screen's best is among them (else a round cut short left it out).

    A round the budget cut short is left out for all: a candidate compared on fewer rounds than the
    others has the noisier mean, and the best of noisy means is the luckiest.  Harmonies ``hard``
    against greedy, 2 players, games 0-199 of seed 1: comparing each candidate with the most played
    one on the rounds it played (session 8's rule) won 63.75 %; this rule 71.5 % (70.25 % in session 7).

    >>> a, b = Candidate([], None, 2.0, [10.0]), Candidate([], None, 1.0, [11.5])
    >>> _best([a, b]) is b, _best([a, b], margin=2.0) is a
    (True, True)
    """
    played = [c for c in candidates if c.values]
    if not played:
        return candidates[0]
    if screen is not None:
        ahead = [c for c in played if len(c.values) > screen]
        screened = [c for c in played if len(c.values) >= screen]
        # only if the screen's best is among them: a round cut short must not favour the others
        if ahead and (max(_screen_sum(c, screen) for c in ahead)
                      == max(_screen_sum(c, screen) for c in screened)):
            played = ahead
    rounds = min(len(c.values) for c in played)

    def mean(c: Candidate) -> float:
        return sum(c.values[:rounds]) / rounds

    best = max(played, key=mean)  # the first of equals: the better prior
    incumbent = played[0]
    return best if mean(best) - mean(incumbent) > margin / rounds ** 0.5 else incumbent


def _screen_sum(candidate: Candidate, screen: int) -> float:
    """A candidate's total over the ``screen`` rounds that choose the finalists."""
    return sum(candidate.values[:screen])


def _replayed(root: State, candidate: Candidate) -> Candidate | None:
    """A candidate planned before, rebuilt from ``root`` (None if a decision is no longer legal)."""
    walked = _walk(root, candidate.actions)
    if walked is None:
        return None
    return Candidate(candidate.actions, walked[1], candidate.prior, candidate.values)


def _walk(root: State, actions: Sequence[Action]) -> tuple[State, State] | None:
    """A copy of ``root`` after ``actions``, and the copy before the last of them (``root``'s copy if
    there are none); None if one of them is not legal where it comes."""
    state = root.clone()
    before = state
    for action in actions:
        if action not in state.legal_actions():
            return None
        before = state.clone()
        state.apply(action)
    return state, before


def _value(state: State, player: int) -> float:
    """The player's ``evaluate``; with others, its margin over the best of them."""
    own = state.evaluate(player)
    if state.num_players == 1:
        return own
    return own - max(state.evaluate(p) for p in range(state.num_players) if p != player)


def _ranking(state: State, player: int, rng: Rng) -> Callable[[Action], tuple[float, int]]:
    """A sort key ranking actions by ``evaluate`` after them, best first (ties in a seeded order)."""
    cache: dict[int, tuple[float, int]] = {}

    def key(action: Action) -> tuple[float, int]:
        if action.id not in cache:
            cache[action.id] = (-after(state, action).evaluate(player), rng.next64())
        return cache[action.id]

    return key
