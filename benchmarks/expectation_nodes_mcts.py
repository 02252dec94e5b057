"""A copy of hanpan.agents.mcts (at 9d412f3) with one setting more, ``chance_nodes``, for
benchmarks/expectation_nodes.py.

``chance_nodes`` n > 0: the samples keep explicit chance (``Seat.determinize(rng, explicit=True)``); in the tree
a chance point with at most n outcomes is a chance node (its outcome drawn by its probability from the
sample's generator, one child per outcome, so the statistics below it are per outcome); one with more is drawn
in place (as the samples do today); past the tree the sample draws by itself.  0: the search of today.

Information-set Monte Carlo tree search over the contract's atomic decisions.

Each iteration samples a full state with ``seat.determinize(rng)`` (never the
true state), walks one shared tree of decisions with UCB where each child's
"parent visits" is the number of iterations in which its action was available
(single-observer ISMCTS with availability counts), expands one new decision,
finishes with a rollout, and backs up one value per player (max-n: each player
chooses by their own value).

Rollouts: ``random``, or ``greedy`` (each decision the one that most raises the
mover's ``evaluate``), optionally cut off after ``depth`` decisions, where the
position is scored by ``evaluate``.  With ``cutoff="turn"`` neither the tree nor
the rollouts go past the end of the searching player's ``turns``-th own turn,
counted from the one being played (``state.turn`` is public; players are taken
to play their turns in rotation): with ``turns=1`` the search plans one whole
turn of atomic decisions; with ``turns=2`` it also plays the others' turns and
its own next turn on each sample (whose hidden draws differ), which values a
position by what the next tokens or cards can make of it.  Each leaf is scored by ``evaluate`` (``depth=0`` scores a
new leaf at once); ``lookahead`` greedy decisions may be played past the cut-off
first.

Progressive widening (``widening``): when a node is first reached, every legal
action is tried once on that sample and ranked by the mover's ``quick_evaluate``
(``prior="quick"``, a cheaper form some games give) or ``evaluate`` (a
prior computed once per node); a node visited ``n`` times then lets UCB choose
among only its ``ceil(widening * (n + 1) ** 0.5)`` best-ranked actions (a sample
allowing actions never ranked, because hidden facts differ, adds them after).

Values lie in [0, 1]: at the end of a game a win (shared wins split) mixed with
the score margin; at a cut-off the margin of ``evaluate`` alone; in solo games
the score scaled by the scores seen in this search.

Backup: each node's value is the mean of the values of its iterations (``backup="mean"``),
or, in one-player games, the best score found below it (``backup="max"``, as single-player
MCTS does): a solo turn hides nothing but the next draws, so the search then follows the
best line it has found rather than the average of the lines it tried, and plays the action
that starts it.

>>> import hanpan
>>> from hanpan.agents.base import Seat
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=4)
>>> agent = MCTSAgent(seed=1, iterations=60)
>>> action = agent.choose(Seat(state, 0))
>>> action in state.legal_actions(), agent.last_iterations
(True, 60)
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from typing import Any, Final

from hanpan.agents import parallel
from hanpan.agents.base import Agent, Seat
from hanpan.agents.levels import check_settings, level_settings
from hanpan.agents.simple import greedy_choice
from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.core.rng import Rng


class Node:
    """One decision point in the shared tree; children keyed by action id."""

    __slots__ = ("avail", "children", "order", "value", "visits")

    def __init__(self, players: int) -> None:
        self.children: dict[int, Node] = {}
        self.visits = 0
        self.avail = 0
        self.value = [0.0] * players
        #: with progressive widening: the legal actions, best prior first (set when first reached)
        self.order: list[Action] | None = None


class MCTSAgent(Agent):
    """ISMCTS with a budget of iterations or seconds per decision."""

    name = "mcts"

    def __init__(
        self,
        seed: int = 0,
        iterations: int | None = None,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout: str = "random",
        depth: int | None = None,
        margin_scale: float = 8.0,
        win_weight: float = 0.7,
        reuse: bool = True,
        workers: int = 1,
        cutoff: str | None = None,
        lookahead: int = 0,
        turns: int = 1,
        widening: float | None = None,
        prior: str = "quick",
        top_up: bool = False,
        solo_scale: float | None = None,
        decisive: bool = False,
        backup: str = "mean",
        random_ties: bool = False,
        chance_nodes: int = 0,
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            iterations = 200
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout = rollout
        self.depth = depth
        self.margin_scale = margin_scale
        self.win_weight = win_weight
        self.reuse = reuse
        self.workers = workers
        #: "turn": stop the tree and the rollouts at the end of the turn being played
        self.cutoff = cutoff
        #: with cutoff="turn": greedy decisions played past the end of the turn before scoring
        self.lookahead = lookahead
        #: with cutoff="turn": how many of the mover's own turns (the current one first) the search covers
        self.turns = turns
        #: progressive widening over actions ranked by ``evaluate`` (None: every action at once)
        self.widening = widening
        #: how widening ranks actions: the state's ``quick_evaluate`` or its full ``evaluate``
        self.prior = prior
        #: the iteration budget counts the visits a reused subtree already has (at least an eighth are
        #: new): later decisions of a turn, already searched, cost less
        self.top_up = top_up
        #: solo values: None scales each search's scores to [0, 1] by the lowest and highest seen; a
        #: number maps a score s to a logistic curve around the root's score r, 1 / (1 + e^((r - s) / scale))
        self.solo_scale = solo_scale
        #: stop a search once no other action can catch up with the most visited one in the budget
        #: left (iterations, or seconds at the rate seen so far): the choice is the same, sooner
        self.decisive = decisive
        #: "mean": a node's value is the mean of its iterations' values; "max" (one-player games
        #: only): the best score found below it, so the choice follows the best line found
        self.backup = backup
        #: widening: actions whose priors tie are ranked in a random order (as greedy breaks ties),
        #: not in the order ``legal_actions`` lists them (on a board: its first cells first)
        self.random_ties = random_ties
        self.chance_nodes = chance_nodes
        self._reference = 0.0
        self.last_iterations = 0
        self.reused_visits = 0
        # The subtree kept for this player's next decision of the same turn, and when it was kept.
        self._kept: Node | None = None
        self._kept_at: tuple[int, int, int] | None = None
        self._low = math.inf  # solo scores seen, to scale solo values into [0, 1]
        self._max = False  # this search backs up the best score (``backup="max"`` in a one-player game)
        self._high = -math.inf
        self._check()

    def _check(self) -> None:
        """Refuse settings the search cannot use."""
        if self.cutoff not in (None, "turn"):
            raise ValueError(f"cutoff must be None or 'turn', not {self.cutoff!r}")
        if self.prior not in ("quick", "evaluate"):
            raise ValueError(f"prior must be 'quick' or 'evaluate', not {self.prior!r}")
        if self.rollout not in ("random", "greedy"):
            raise ValueError(f"rollout must be 'random' or 'greedy', not {self.rollout!r}")
        if self.backup not in ("mean", "max"):
            raise ValueError(f"backup must be 'mean' or 'max', not {self.backup!r}")

    # --- the decision ----------------------------------------------------------------------------
    def tune(self, game_id: str, per_game: dict[str, dict[str, Any]], players: int | None = None) -> None:
        """Take as this agent's settings the first of ``per_game["<game_id>/<players>"]`` (one player
        count), ``per_game[game_id]`` and ``per_game["default"]`` that exists.

        >>> agent = MCTSAgent()
        >>> agent.tune("harmonies", {"harmonies": {"turns": 2}, "harmonies/1": {"turns": 1}}, players=1)
        >>> agent.turns
        1
        """
        chosen = level_settings(per_game, game_id, players)
        check_settings("mcts", chosen, SETTINGS)
        for key, value in chosen.items():
            setattr(self, key, value)
        self._check()

    def choose(self, seat: Seat) -> Action:
        legal = seat.legal_actions()
        root = self._root(seat)
        if len(legal) == 1:
            self.last_iterations = 0
            return self._keep(seat, root, legal[0])
        if self.workers > 1:
            action, self.last_iterations = self._search_in_workers(seat, legal)
            self._kept = None
            return action
        self.reused_visits = root.visits
        self.last_iterations = self.search(seat, root)
        best = self.best_found(root, legal) if self._max else self._best(root, legal, seat.player)
        return self._keep(seat, root, best)

    def search(self, seat: Seat, root: Node) -> int:
        """Run the budget's iterations from ``root``; returns how many ran."""
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        count = 0
        iterations = self.iterations
        if iterations is not None and self.top_up:
            iterations = max(iterations - root.visits, iterations // 8, 1)
        self._low, self._high = math.inf, -math.inf  # solo values are scaled by this search's scores
        self._max = self.backs_up_max(seat.num_players)
        if self.solo_scale is not None and seat.num_players == 1:
            self._reference = seat.determinize(self.rng).evaluate(seat.player)
        while True:
            self._iterate(root, seat.determinize(self.rng, self.chance_nodes > 0))
            count += 1
            if iterations is not None and count >= iterations:
                return count
            if deadline is not None and time.perf_counter() >= deadline:
                return count
            if (self.decisive and not self._max and count % 16 == 0
                    and self._decided(root, count, iterations, start, deadline)):
                return count

    @staticmethod
    def _decided(root: Node, count: int, iterations: int | None, start: float, deadline: float | None) -> bool:
        """True when no other action can catch up with the most visited one in the budget left."""
        remaining = math.inf if iterations is None else float(iterations - count)
        if deadline is not None:
            now = time.perf_counter()
            remaining = min(remaining, count / max(now - start, 1e-9) * (deadline - now))
        first = second = 0
        for child in root.children.values():
            visits = child.visits
            if visits > first:
                first, second = visits, first
            elif visits > second:
                second = visits
        return first - second > remaining

    # --- tree reuse within a turn ----------------------------------------------------------------
    def _root(self, seat: Seat) -> Node:
        """The subtree kept from this player's previous decision, if nothing else happened since."""
        kept, at = self._kept, self._kept_at
        self._kept = self._kept_at = None
        if self.reuse and kept is not None and at == (seat.player, seat.turn, seat.reveals):
            return kept
        return Node(seat.num_players)

    def _keep(self, seat: Seat, root: Node, action: Action) -> Action:
        """Remember the chosen action's subtree for the next decision of the same turn."""
        child = root.children.get(action.id)
        if self.reuse and child is not None:
            self._kept = child
            self._kept_at = (seat.player, seat.turn, seat.reveals)
        return action

    def settings(self) -> dict[str, Any]:
        """The keyword arguments that rebuild this agent's search (without its seed)."""
        return {key: getattr(self, key) for key in SETTINGS}

    def _best(self, root: Node, legal: Sequence[Action], player: int) -> Action:
        """The most visited action; equal visits go to the better mean value for ``player``."""
        best, best_key = legal[0], (-1, -math.inf)
        for action in legal:
            child = root.children.get(action.id)
            key = (child.visits, child.value[player] / child.visits) if child and child.visits else (0, -math.inf)
            if key > best_key:
                best, best_key = action, key
        return best

    def backs_up_max(self, players: int) -> bool:
        """Whether a search with ``players`` players keeps each node's best score (``backup="max"``
        applies to one-player games only)."""
        return self.backup == "max" and players == 1

    @staticmethod
    def best_found(root: Node, legal: Sequence[Action]) -> Action:
        """With ``backup="max"``: the action leading to the best score found; ties to more visits."""
        best, best_key = legal[0], (-math.inf, -1)
        for action in legal:
            child = root.children.get(action.id)
            if child is not None and child.visits and (child.value[0], child.visits) > best_key:
                best, best_key = action, (child.value[0], child.visits)
        return best

    # --- root-parallel search ---------------------------------------------------------------------
    def _search_in_workers(self, seat: Seat, legal: Sequence[Action]) -> tuple[Action, int]:
        """The most visited action over ``workers`` independent trees grown in worker processes (with
        ``backup="max"`` in a one-player game: the one with the best score any tree found), and the
        iterations run.  Each tree gets its own seed from this agent's generator, so a search with an
        iteration budget gives the same choice every time."""
        parallel.start_workers(self.workers, seat)  # before the workers' clocks start
        settings = self.settings()
        settings["workers"] = 1
        if settings["iterations"] is not None:
            settings["iterations"] = max(1, settings["iterations"] // self.workers)
        seeds = [self.rng.next64() for _ in range(self.workers)]
        futures = [parallel.submit(self.workers, grow_tree, seat, settings, seed) for seed in seeds]
        merged = Node(1)  # the trees' root children: visits summed and, with max backup, best scores kept
        total = 0
        for future in futures:
            counts, done = future.result()
            total += done
            for action_id, (n, value) in counts.items():
                if n:
                    child = merged.children.setdefault(action_id, Node(1))
                    child.value[0] = max(child.value[0], value) if child.visits else value
                    child.visits += n
        if self.backs_up_max(seat.num_players):
            return self.best_found(merged, legal), total
        return max(legal, key=lambda a: merged.children[a.id].visits if a.id in merged.children else 0), total

    # --- one iteration ---------------------------------------------------------------------------
    def _iterate(self, root: Node, state: State) -> None:
        rng = self.rng
        c = self.exploration
        node = root
        path = [root]
        # the last turn searched: the mover's own ``turns``-th turn, players taking turns in rotation
        turn = state.turn + (self.turns - 1) * state.num_players if self.cutoff == "turn" else -1
        widening = self.widening
        while not state.is_over and (turn < 0 or state.turn <= turn):
            if state.is_chance():  # a chance node: the outcome drawn by its probability, one child per outcome
                outcomes = state.chance_outcomes()
                left = state.rng.random()  # as State.draw_chance draws
                outcome = outcomes[-1][0]
                for candidate, probability in outcomes:
                    left -= probability
                    if left < 0.0:
                        outcome = candidate
                        break
                if len(outcomes) > self.chance_nodes:  # too many to branch on: drawn in place
                    state.apply_chance(outcome)
                    continue
                key = -1 - outcome.id
                child = node.children.get(key)
                if child is None:
                    child = node.children[key] = Node(len(node.value))
                state.apply_chance(outcome)
                node = child
                path.append(node)
                continue
            legal = state.legal_actions()
            mover = state.current_player
            assert mover is not None
            if widening is not None and len(legal) > 1:
                legal = self._widened(node, state, legal, mover, widening)
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action.id)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = untried[0] if widening is not None else untried[rng.randbelow(len(untried))]
                child = Node(len(node.value))
                child.avail = 1
                children[action.id] = child
                state.apply(action)
                path.append(child)
                break
            best_action = legal[0]
            best_score = -math.inf
            if self._max:  # the best score below each child, scaled by this search's scores
                low, span = self._low, max(self._high - self._low, 1e-9)
                for action in legal:
                    child = children[action.id]
                    score = (child.value[0] - low) / span + c * math.sqrt(math.log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, best_action = score, action
            else:
                for action in legal:
                    child = children[action.id]
                    score = child.value[mover] / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)
                    if score > best_score:
                        best_score, best_action = score, action
            node = children[best_action.id]
            state.apply(best_action)
            path.append(node)
        state.draw_by_engine()  # past the tree: the sample draws by itself
        values = self._rollout(state, turn)
        if self._max:
            value = values[0]
            for visited in path:
                visited.visits += 1
                if visited.visits == 1 or value > visited.value[0]:
                    visited.value[0] = value
            return
        for visited in path:
            visited.visits += 1
            totals = visited.value
            for p, v in enumerate(values):
                totals[p] = totals[p] + v

    def _widened(self, node: Node, state: State, legal: Sequence[Action], mover: int,
                 widening: float) -> list[Action]:
        """The legal actions among the node's best-ranked ones that its visits allow, best first."""
        order = node.order
        if order is None:
            ranked = []
            quick = self.prior == "quick"
            rng = self.rng if self.random_ties else None
            for i, action in enumerate(legal):
                child = state.clone()
                child.apply(action)
                child.draw_by_engine()
                tie = rng.next64() if rng is not None else i
                ranked.append((-(child.quick_evaluate(mover) if quick else child.evaluate(mover)), tie, action))
            ranked.sort(key=lambda r: (r[0], r[1]))
            order = node.order = [r[2] for r in ranked]
        allowed = math.ceil(widening * math.sqrt(node.visits + 1))
        ids = {a.id for a in legal}
        out = [a for a in order if a.id in ids][:allowed]
        if len(out) < allowed and len(out) < len(legal):
            # this sample allows actions never ranked (hidden facts differ): they come after, as listed
            known = {a.id for a in order}
            out += [a for a in legal if a.id not in known][:allowed - len(out)]
        return out

    def _rollout(self, state: State, turn: int = -1) -> list[float]:
        rng = self.rng
        steps = 0
        greedy = self.rollout == "greedy"
        while not state.is_over and (self.depth is None or steps < self.depth) and (turn < 0 or state.turn <= turn):
            legal = state.legal_actions()
            if greedy and len(legal) > 1:
                state.apply(self._greedy_choice(state, legal))
            else:
                state.apply(legal[rng.randbelow(len(legal))])
            steps += 1
        if turn >= 0 and state.turn > turn:
            for _ in range(self.lookahead):
                if state.is_over:
                    break
                legal = state.legal_actions()
                state.apply(self._greedy_choice(state, legal) if len(legal) > 1 else legal[0])
        return self._values(state)

    def _greedy_choice(self, state: State, legal: Sequence[Action]) -> Action:
        mover = state.current_player
        assert mover is not None
        return greedy_choice(state, legal, mover, self.rng)

    # --- values ----------------------------------------------------------------------------------
    def _values(self, state: State) -> list[float]:
        n = state.num_players
        evals = [state.evaluate(p) for p in range(n)]
        if n == 1:
            self._low = min(self._low, evals[0])  # the scores seen in this search
            self._high = max(self._high, evals[0])
            if self._max:  # the raw score: a node keeps the best one found below it
                return evals
            if self.solo_scale is not None:
                return [1.0 / (1.0 + math.exp((self._reference - evals[0]) / self.solo_scale))]
            span = self._high - self._low
            return [0.5 if span <= 0 else (evals[0] - self._low) / span]
        margins = []
        for p in range(n):
            best_other = max(evals[q] for q in range(n) if q != p)
            margins.append(1.0 / (1.0 + math.exp(-(evals[p] - best_other) / self.margin_scale)))
        if state.status != "finished":
            return margins
        winners = state.winners()
        w = self.win_weight
        return [w * (1.0 / len(winners) if p in winners else 0.0) + (1 - w) * margins[p] for p in range(n)]


def grow_tree(seat: Seat, settings: dict[str, Any], seed: int) -> tuple[dict[int, tuple[int, float]], int]:
    """A worker process's tree (hanpan.agents.parallel): per root action, its visits and its player's
    value (a sum, or with ``backup="max"`` a best), and the iterations run.

    >>> import hanpan
    >>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=4)
    >>> counts, done = grow_tree(Seat(state, 0), {"iterations": 30}, seed=2)
    >>> done, sum(visits for visits, _ in counts.values())
    (30, 30)
    """
    agent = MCTSAgent(seed, **settings)
    root = Node(seat.num_players)
    count = agent.search(seat, root)
    player = seat.player
    return {action_id: (child.visits, child.value[player]) for action_id, child in root.children.items()}, count


#: the search settings: ``__init__``'s keyword arguments, each kept as the attribute of the same name (named
#: here, not read from the signature: a compiled (mypyc) ``__init__`` has none to read)
SETTINGS: Final = ("iterations", "seconds", "exploration", "rollout", "depth", "margin_scale", "win_weight", "reuse",
                   "workers", "cutoff", "lookahead", "turns", "widening", "prior", "top_up", "solo_scale", "decisive",
                   "backup", "random_ties")


def parse_budget(text: str) -> dict[str, float | int]:
    """``"300"`` → 300 iterations; ``"0.5s"`` → 0.5 seconds per decision.

    >>> parse_budget("300"), parse_budget("0.5s")
    ({'iterations': 300}, {'seconds': 0.5})
    """
    text = text.strip().lower()
    if text.endswith("s"):
        seconds = float(text[:-1])
        if not seconds > 0:
            raise ValueError("seconds must be more than 0")
        return {"seconds": seconds}
    iterations = int(text)
    if iterations < 1:
        raise ValueError("iterations must be 1 or more")
    return {"iterations": iterations}


__all__ = ["SETTINGS", "MCTSAgent", "Node", "Rng", "grow_tree", "parse_budget"]
