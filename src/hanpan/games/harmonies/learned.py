"""A learned correction to the Harmonies evaluation, trained by self-play.

``heuristic.evaluate`` is hand-built: the running score plus what is under way, with weights fitted to
greedy games.  ``evaluate`` adds to it a linear value over board and card features,
``correction(state, player) = w · features(state, player)``, whose weights ``w`` were fitted by
self-play to what the turns went on to score (docs/experiments/harmonies-evaluation.md tells how, at
commit 8738b88): the training took turn starts of seeded greedy games, played the candidate turns
``hard`` weighs on to the end of the game by greedy on the same draws, and fitted, within each
turn's candidates, the final score less ``static_value`` at the end of the turn on the features
there (ridge least squares, strongly shrunk: a fit that ranks the states greedy passes through, not
the turns it chooses between, made greedy 20 points worse).  The
features see only what ``view(player)`` shows: the player's own board, cards and cubes, and the
public count of turns left.

Measured, greedy solo, side A: on 200 games of seed 9 (which chose the shrinkage among 3,000-100,000:
+2.8 to +3.1 each) 106.21 against 103.36 with the heuristic alone, +2.85 ± 1.07 paired
(``--measure 200 --measure-seed 9``); on games 0-99 of seed 1 (the games
docs/strength.md reports) 106.17 against 103.1.

Features (``Layout``), each 0/1 or a count unless said:
- each cell's stack (per cell: an edge cell has fewer neighbours);
- each pair of neighbouring cells' stacks (a count per unordered pair of stacks, anywhere on the board);
- per held card: the tokens its best habitat still lacks for the next cube (0-7, or none buildable),
  and the cubes it has down;
- the turns left, the empty cells, the cards held;
- the heuristic's value of what is under way (``static_value`` less the points), in tens of points,
  per turn left: the learned share of that credit as the game runs out.

A model is a small JSON file in ``data/`` (``learned-<players>p-<side>.json``) made for one player count
and board side, without spirits; any other game gets no correction.  ``ENABLED = False`` turns it off
(benchmarks compare the evaluation with and without it).  A model belongs to an evaluation
(hanpan.core.evaluation): the standard one, which every agent plays with, or ``"learned"`` (its JSON
says ``"evaluation": "learned"``), which only the levels naming it use.

The 2-player model (side A) is ``"learned"``, ``master``'s alone: greedy with it beat greedy without it
71.1 % and 71.3 % of 400 games (seeds 9 and 17, ``--duel 400``), but with it
on both sides ``master`` won 17 of 40 games against ``hard`` (seed 7, the tuning games; 23 of 40
without it): it lifts both alike.  ``master`` with it against ``hard`` without: see
``hanpan.agents.levels``' notes.

>>> from hanpan.games.harmonies import GAME
>>> state = GAME.new(players=1, seed=1)
>>> layout = Layout.for_side(state.side)
>>> indices, reals = features(state, 0, layout, 12.5)
>>> len(indices), len(layout.edges), layout.size > max(indices)  # the bias, 23 cells, 50 pairs, 3 counts
(77, 50, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Final

from hanpan.core.errors import DataError
from hanpan.core.evaluation import STANDARD, current
from hanpan.games.harmonies.board import NUM_STACKS
from hanpan.games.harmonies.data import CARD_CUBES, CARD_LIMIT, NUM_CARDS
from hanpan.games.harmonies.outlook import cards_short, turns_to_come

if TYPE_CHECKING:
    from hanpan.games.harmonies.board import Side
    from hanpan.games.harmonies.state import HarmoniesState

#: turn off every model (benchmarks measure the evaluation with and without)
ENABLED = True
_SHORT: Final = 9  # tokens short 0-7, and "no habitat buildable"
_DOWN: Final = max(CARD_CUBES) + 1
_TURNS: Final = 16


@dataclass(frozen=True)
class Layout:
    """Where each feature sits in the weight vector, for one board side.

    >>> from hanpan.games.harmonies.board import side_by_id
    >>> Layout.for_side(side_by_id("A")).size
    1262
    """

    ncells: int
    edges: tuple[tuple[int, int], ...]
    cell: int
    pair: int
    short: int
    down: int
    turns: int
    empties: int
    held: int
    underway: int
    size: int

    @staticmethod
    def for_side(side: Side) -> Layout:
        n = side.ncells
        edges = tuple((i, j) for i in range(n) for j in range(i + 1, n) if side.neigh[i] & side.bits[j])
        cell = 1  # 0: the bias
        pair = cell + n * NUM_STACKS
        short = pair + NUM_STACKS * NUM_STACKS
        down = short + NUM_CARDS * _SHORT
        turns = down + NUM_CARDS * _DOWN
        empties = turns + _TURNS
        held = empties + n + 1
        underway = held + CARD_LIMIT + 1
        return Layout(n, edges, cell, pair, short, down, turns, empties, held, underway, underway + _TURNS)


def features(state: HarmoniesState, player: int, layout: Layout, underway: float) -> tuple[list[int], dict[int, float]]:
    """The active features: indices of weight 1 each (repeated for a count), and the real-valued ones.
    ``underway`` is ``static_value`` less the points."""
    stacks = state.stacks[player]
    indices = [0]
    cell = layout.cell
    for i in range(layout.ncells):
        indices.append(cell + i * NUM_STACKS + stacks[i])
    pair = layout.pair
    for i, j in layout.edges:
        a, b = stacks[i], stacks[j]
        indices.append(pair + (a * NUM_STACKS + b if a <= b else b * NUM_STACKS + a))
    held = state.held[player]
    placed = state.placed
    for card, short in zip(held, cards_short(state, player, held), strict=True):
        indices.append(layout.short + card * _SHORT + (_SHORT - 1 if short is None else min(short, _SHORT - 2)))
        indices.append(layout.down + card * _DOWN + placed[card])
    turns = min(turns_to_come(state), _TURNS - 1)
    indices.append(layout.turns + turns)
    indices.append(layout.empties + state.empties[player])
    indices.append(layout.held + len(held))
    return indices, {layout.underway + turns: underway / 10.0}


@dataclass(frozen=True)
class Model:
    """Weights for one player count and side (no spirits), and the evaluation they belong to:
    ``"standard"`` (every agent plays with them) or ``"learned"`` (only agents that ask for it)."""

    players: int
    side: str
    layout: Layout
    weights: tuple[float, ...]
    evaluation: str = STANDARD

    def value(self, indices: list[int], reals: dict[int, float]) -> float:
        w = self.weights
        total = 0.0
        for i in indices:
            total += w[i]
        for i, x in reals.items():
            total += w[i] * x
        return total


def model_file(players: int, side: str) -> str:
    return f"learned-{players}p-{side}.json"


#: the evaluations a model may belong to (``Harmonies.evaluations``)
EVALUATIONS: Final = (STANDARD, "learned")
_MODELS: dict[tuple[int, str], Model | None] = {}
_MEMO: dict[bytes, float] = {}
_MEMO_LIMIT: Final = 1 << 17


def load(players: int, side: str, text: str | None = None) -> Model | None:
    """The packaged model for this player count and side (None if there is none), or one from ``text``."""
    from hanpan.games.harmonies.board import side_by_id

    if text is None:
        path = resources.files("hanpan.games.harmonies") / "data" / model_file(players, side)
        if not path.is_file():
            return None
        text = path.read_text(encoding="utf-8")
    raw = json.loads(text)
    layout = Layout.for_side(side_by_id(side))
    weights = tuple(float(x) for x in raw["weights"])
    if len(weights) != layout.size or raw.get("players") != players or raw.get("side") != side:
        raise DataError(f"learned model for {players}p side {side}: {len(weights)} weights for "
                        f"{raw.get('players')}p side {raw.get('side')}; "
                        f"expected {layout.size} for {players}p side {side}")
    evaluation = raw.get("evaluation", STANDARD)
    if evaluation not in EVALUATIONS:
        raise DataError(f"learned model for {players}p side {side}: evaluation {evaluation!r}; "
                        f"evaluations: {', '.join(EVALUATIONS)}")
    return Model(players, side, layout, weights, evaluation)


def use(model: Model | None, players: int, side: str) -> None:
    """Play with ``model`` for this player count and side (None: no correction); training sets each round's."""
    _MODELS[(players, side)] = model
    _MEMO.clear()


def model_for(state: HarmoniesState) -> Model | None:
    """The model that applies to this game under the evaluation in use, loaded once (None: none does)."""
    if not ENABLED or state.spirits:
        return None
    key = (state.num_players, state.side_id)
    if key not in _MODELS:
        _MODELS[key] = load(*key)
    model = _MODELS[key]
    if model is None or model.evaluation == STANDARD or model.evaluation == current():
        return model
    return None


def correction(state: HarmoniesState, player: int, context: bytes, static: float) -> float:
    """The learned points to add to ``static`` (the state's ``static_value``); ``context`` is the state's
    id in ``static_value``'s memo, less the board."""
    model = model_for(state)
    if model is None:
        return 0.0
    key = context + bytes(state.stacks[player])
    found = _MEMO.get(key)
    if found is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        underway = static - sum(state.points(player))
        found = _MEMO[key] = model.value(*features(state, player, model.layout, underway))
    return found
