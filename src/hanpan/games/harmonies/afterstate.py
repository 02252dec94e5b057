"""A learned value of a Harmonies turn's afterstate: the points still to come, from an n-tuple network.

A turn of Harmonies has no chance inside it (the only draws refill the board and the display at its
end), so the turn planner (hanpan.games.harmonies.plans) weighs complete turns by their *afterstate*:
every decision made, before the end-of-turn draws.  Its value is ``points + V``, and ``V`` predicts the
points the player will still score, learned by TD(λ) self-play (training/harmonies_ntuple.py;
docs/experiments/harmonies-ntuple.md):

``V = Σ w[active features] + w[turns left] · underway``

where ``underway`` is the heuristic's credit for what is under way (``static_value`` less the points,
in tens of points) and the sparse features, each one table entry, are: each cell's stack and cube;
each pair of neighbouring cells' stacks (a table per pair of cells and one shared by all); each
triangle of cells (the same); each held card with its cubes placed, the tokens its best habitat lacks
and the quarter of the game; each displayed card with the free card slots; the turns left with the
empty cells; the pouch's count of each colour per quarter of the game.  It reads only what
``view(player)`` shows: the player's own board and cards, the display and the pouch's counts.

A model is a file ``value-<players>p-<side>.model.gz`` in ``data/`` (hanpan.core.models), made for one
player count and side without spirits.

>>> from hanpan.games.harmonies import GAME
>>> state = GAME.new(players=1, seed=1)
>>> indices, turns, underway = features(state, 0)
>>> len(indices), LAYOUT.size
(190, 119243)
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Final

from hanpan.core import models
from hanpan.core.errors import DataError
from hanpan.games.harmonies.board import NUM_STACKS, SIDE
from hanpan.games.harmonies.data import CARD_LIMIT, NUM_CARDS
from hanpan.games.harmonies.heuristic import static_value
from hanpan.games.harmonies.outlook import cards_short, turns_to_come

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState

S: Final = NUM_STACKS
TURNS: Final = 16  # turns left, capped
SHORT: Final = 10  # tokens short 0-8, or no habitat buildable
_PLACED: Final = 5  # cubes placed 0-4
_QUARTERS: Final = 4


@dataclass(frozen=True)
class Layout:
    """Where each table sits in the weight vector, for one board side."""

    ncells: int
    edges: tuple[tuple[int, int], ...]
    triangles: tuple[tuple[int, int, int], ...]
    cell: int
    pair_shared: int
    pair: int
    tri_shared: int
    tri: int
    card: int
    display: int
    turns_empty: int
    bag: int
    underway: int
    size: int
    #: each triangle's stacks (a, b, c) → the index of their sorted triple in the shared table
    tri_canon: tuple[int, ...]

    @staticmethod
    def for_side(side_id: str) -> Layout:
        side = SIDE[side_id]
        n = side.ncells
        adj = [set(side.neighbours(i)) for i in range(n)]
        edges = tuple((i, j) for i in range(n) for j in sorted(adj[i]) if j > i)
        triangles = tuple((i, j, k) for i, j in edges for k in sorted(adj[i] & adj[j]) if k > j)
        cell = 1  # 0: the bias
        pair_shared = cell + n * S * 2
        pair = pair_shared + S * S
        tri_shared = pair + len(edges) * S * S
        tri = tri_shared + S * S * S
        card = tri + len(triangles) * S * S * S
        display = card + NUM_CARDS * _PLACED * SHORT * _QUARTERS
        turns_empty = display + NUM_CARDS * _PLACED
        bag = turns_empty + TURNS * (n + 1)
        underway = bag + 6 * 8 * _QUARTERS
        canon = []
        for a in range(S):
            for b in range(S):
                for c in range(S):
                    x, y, z = sorted((a, b, c))
                    canon.append((x * S + y) * S + z)
        return Layout(n, edges, triangles, cell, pair_shared, pair, tri_shared, tri, card, display,
                      turns_empty, bag, underway, underway + TURNS, tuple(canon))


#: side A's layout (the models made so far are for side A)
LAYOUT: Final = Layout.for_side("A")


def features(s: HarmoniesState, p: int, layout: Layout = LAYOUT) -> tuple[list[int], int, float]:
    """The active table entries of player ``p``'s afterstate, the ``underway`` weight's index (by turns
    left) and ``underway`` itself (tens of points)."""
    st = s.stacks[p]
    cube_card = s.cube_card[p]
    idx = [0]
    cell = layout.cell
    for i in range(layout.ncells):
        idx.append(cell + (i * S + st[i]) * 2 + (1 if cube_card[i] >= 0 else 0))
    shared = layout.pair_shared
    own = layout.pair
    for e, (i, j) in enumerate(layout.edges):
        a = st[i]
        b = st[j]
        idx.append(shared + (a * S + b if a <= b else b * S + a))
        idx.append(own + e * S * S + a * S + b)
    shared = layout.tri_shared
    own = layout.tri
    canon = layout.tri_canon
    for t, (i, j, k) in enumerate(layout.triangles):
        key = (st[i] * S + st[j]) * S + st[k]
        idx.append(shared + canon[key])
        idx.append(own + t * S * S * S + key)
    turns = min(turns_to_come(s), TURNS - 1)
    quarter = min(turns // 4, _QUARTERS - 1)
    held = s.held[p]
    if held:
        placed = s.placed
        shorts = cards_short(s, p, held)
        for n in range(len(held)):
            card = held[n]
            short = shorts[n]
            b = SHORT - 1 if short is None else min(short, SHORT - 2)
            idx.append(layout.card + ((card * _PLACED + min(placed[card], _PLACED - 1)) * SHORT + b) * _QUARTERS
                       + quarter)
    free = CARD_LIMIT - len(held)
    for card in s.display:
        idx.append(layout.display + card * _PLACED + free)
    idx.append(layout.turns_empty + turns * (layout.ncells + 1) + s.empties[p])
    counts = [0, 0, 0, 0, 0, 0]
    for token in s.bag:
        counts[token] += 1
    for colour in range(6):
        idx.append(layout.bag + (colour * 8 + min(counts[colour] // 3, 7)) * _QUARTERS + quarter)
    underway = (static_value(s, p) - s.total(p)) / 10.0
    return idx, layout.underway + turns, underway


def value_of(weights: list[float], s: HarmoniesState, p: int) -> float:
    """``V``: the points player ``p`` is still to score from this afterstate, by ``weights``."""
    idx, turns, underway = features(s, p)
    total = 0.0
    for i in idx:
        total += weights[i]
    return total + weights[turns] * underway


def untrained() -> list[float]:
    """The weights ``V`` starts from in training: the heuristic's own credit, nothing learned.

    >>> w = untrained(); len(w) == LAYOUT.size, w[LAYOUT.underway]
    (True, 10.0)
    """
    weights = [0.0] * LAYOUT.size
    for t in range(TURNS):
        weights[LAYOUT.underway + t] = 10.0
    return weights


def model_file(players: int, side: str) -> str:
    return f"value-{players}p-{side}.model.gz"


_LOADED: dict[tuple[int, str], models.Model | None] = {}
#: the player counts and sides a model may be packaged for
_SETTINGS: Final = tuple((players, side) for players in range(1, 5) for side in ("A", "B"))


def packaged_models() -> list[str]:
    """Every packaged model, as ``name/version`` (each loaded and checked).

    >>> all(name.startswith("harmonies-value-") for name in packaged_models())
    True
    """
    return [model.describe() for model in (packaged(*key) for key in _SETTINGS) if model is not None]
#: weights played with instead of the packaged model's (training sets its own: ``use``)
_IN_USE: dict[tuple[int, str], list[float]] = {}


def use(weights: list[float] | None, players: int, side: str) -> None:
    """Plan with ``weights`` for this player count and side (None: the packaged model again)."""
    if weights is None:
        _IN_USE.pop((players, side), None)
    else:
        _IN_USE[(players, side)] = weights


def weights_for(players: int, side: str, spirits: bool) -> list[float] | None:
    """The weights the planner uses for such a game (None: no model applies).  A 3- or 4-player game
    without a model of its own is played with the 2-player one (the nearest: each seat values its own
    board, and the turns still to come are counted from the pouch, whatever the number of players).

    >>> weights_for(1, "A", spirits=True) is None
    True
    >>> weights_for(3, "A", spirits=False) is weights_for(2, "A", spirits=False) is not None
    True
    """
    if spirits:
        return None
    for count in (players, 2) if players >= 3 else (players,):
        found = _IN_USE.get((count, side))
        if found is not None:
            return found
        model = packaged(count, side)
        if model is not None:
            return model.weights
    return None


def packaged(players: int, side: str) -> models.Model | None:
    """The packaged model for this player count and side, loaded once and checked (None: there is none).

    >>> packaged(3, "B") is None
    True
    """
    key = (players, side)
    if key not in _LOADED:
        path = resources.files("hanpan.games.harmonies") / "data" / model_file(players, side)
        model = None
        if path.is_file():
            model = models.load(path.read_bytes(), model_file(players, side))
            if model.header.get("players") != players or model.header.get("side") != side \
                    or len(model.weights) != LAYOUT.size:
                raise DataError(f"{model_file(players, side)}: a model for {model.header.get('players')}p side "
                                f"{model.header.get('side')} with {len(model.weights)} weights; expected "
                                f"{players}p side {side} with {LAYOUT.size}")
        _LOADED[key] = model
    return _LOADED[key]
