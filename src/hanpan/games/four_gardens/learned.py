"""The ``"learned"`` Four Gardens evaluation: the standard evaluation's weights, fitted by self-play.

``weights.Weights`` values a position by hand-set weights (a base card's share of its favour per
token on it, a useful token in storage, a landscape card, the best opponent's share, …).  The learned
evaluation is the same function with weights fitted (docs/experiments/four-gardens-weights.md) for one
player count by self-play: greedy with trial weights against greedy with the standard ones, on
seeded games, by simultaneous perturbation (SPSA) of all the weights at once toward a higher mean
margin.  It sees what the standard evaluation sees (``view(player)`` and public counts).

Packaged: 2 players (greedy with it beat greedy with the standard weights 64.5 % of 2,000 games of a
seed the fit never saw, mean margin +3.04), 3 players (37.3 % won, a third being even; margin over a
standard seat +0.50) and 4 players (31.2 %, a quarter being even; +0.87).  No level plays it yet:
``hard`` with it beats ``hard`` 67.5 of 100 games, but ``master`` gains nothing from it
(docs/experiments/search-variants.md), and it would close the gap between them.

A model is a small JSON file in ``data/`` (``learned-<players>p.json``): ``players``, ``evaluation``
(``"learned"``), ``weights`` (any of ``Weights``' fields; the rest keep their standard values) and how
it was made.  A player count without a file plays the standard weights under ``"learned"`` too.

>>> w = weights(2)
>>> w is not None and w.opponents >= 0
True
>>> [weights(players) is not None for players in (2, 3, 4)]
[True, True, True]
"""

from __future__ import annotations

import dataclasses
import json
from importlib import resources
from typing import TYPE_CHECKING, Final

from hanpan.core.errors import DataError
from hanpan.core.evaluation import STANDARD
from hanpan.games.four_gardens.weights import Weights

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

#: the evaluations Four Gardens offers (``FourGardens.evaluations``)
EVALUATIONS: Final = (STANDARD, "learned")
_LOADED: dict[int, Weights | None] = {}


def model_file(players: int) -> str:
    return f"learned-{players}p.json"


def model_path(players: int) -> Traversable:
    """Where the packaged weights for this player count are (or would be)."""
    return resources.files("hanpan.games.four_gardens") / "data" / model_file(players)


def load(players: int, text: str | None = None) -> Weights | None:
    """The packaged weights for this player count (None if there are none), or those of ``text``.

    >>> load(2, '{"players": 2, "evaluation": "learned", "weights": {"push": 0.5}}').push
    0.5
    >>> load(2, '{"players": 2, "evaluation": "learned", "weights": {"pusj": 0.5}}')
    Traceback (most recent call last):
    ...
    hanpan.core.errors.DataError: learned Four Gardens weights for 2p: no weight 'pusj'; weights: placed, \
token_on_card, token_useful, token_spare, landscape, landscape_card, push, opponents, pending_tile, \
pending_token, hand
    """
    if text is None:
        path = model_path(players)
        if not path.is_file():
            return None
        text = path.read_text(encoding="utf-8")
    where = f"learned Four Gardens weights for {players}p"
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as e:
        raise DataError(f"{where}: not JSON ({e})") from None
    if not isinstance(raw, dict) or raw.get("players") != players or raw.get("evaluation") != "learned":
        raise DataError(f"{where}: the file must say \"players\": {players} and \"evaluation\": \"learned\"")
    names = [f.name for f in dataclasses.fields(Weights)]
    given = raw.get("weights")
    if not isinstance(given, dict):
        raise DataError(f"{where}: \"weights\" must map weight names to numbers; weights: {', '.join(names)}")
    for name, value in given.items():
        if name not in names:
            raise DataError(f"{where}: no weight {name!r}; weights: {', '.join(names)}")
        if not isinstance(value, (int, float)) or isinstance(value, bool):
            raise DataError(f"{where}: weight {name!r} is {value!r}, not a number")
    return Weights(**{name: float(value) for name, value in given.items()})


def weights(players: int) -> Weights | None:
    """The learned weights for this player count, loaded once (None: no model for it)."""
    if players not in _LOADED:
        _LOADED[players] = load(players)
    return _LOADED[players]


def use(players: int, fitted: Weights | None) -> None:
    """Play the ``"learned"`` evaluation with ``fitted`` for this player count (training tries its trials)."""
    _LOADED[players] = fitted
