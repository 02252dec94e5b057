"""What a balance report reads from each finished game, beyond the scores: the game's own facts.

Each game says what its players used in a module of its own folder, ``hanpan.games.<id>.balance``,
with two functions (a fourth game adds its own ``balance.py``; nothing here changes):

- ``facts(state[, record]) -> dict``: for a finished state, a JSON-ready dict
  ``{"seats": [{item: [completed, points], ...}, ...], "outcome": {name: value, ...}}``.
  ``seats[p]`` has an entry for each *item* seat ``p`` took or used in the game, keyed
  ``"<family>/<id>"`` (``"animal/fish"``, ``"god/sun"``): ``completed`` is True/False where the item can
  be finished (an animal card with all its cubes placed) and None where it cannot, ``points`` the
  points it brought that seat (None where its points are not its own).  Items not taken are absent.
  ``outcome`` holds game-level facts, each a short string or a number (``{"ended_by": "pouch"}``).
  A game whose final state forgets what was used (Spirits of the Wild's action cards go back face up)
  takes the game's record as a second parameter named ``record`` and reads it there.
- ``label(key, lang) -> str``: the name a reader knows for an item or family key (``"animal/fish"``
  → "Fish" / "물고기"; ``"animal"`` → "Animal cards" / "동물 카드"), or for an outcome name or value.

The report turns these into take rates, completion rates, mean points and win rates when taken (see
``hanpan.reports.figures``); the facts themselves stay plain data, so they cross processes and
clusters with the game's result.

>>> import hanpan
>>> from hanpan.core.rng import Rng
>>> state, rng = hanpan.game("spirits_of_the_wild").new(players=2, seed=1), Rng(1)
>>> while not state.is_over:
...     legal = state.legal_actions(); state.apply(legal[rng.randbelow(len(legal))])
>>> sorted(facts_of(state))
['outcome', 'seats']
"""

from __future__ import annotations

import importlib
import inspect
from types import ModuleType
from typing import TYPE_CHECKING, Any

from hanpan.core.errors import HanpanError

if TYPE_CHECKING:
    from hanpan.core.contract import Game, State
    from hanpan.core.record import Record

Facts = dict[str, Any]


def balance_module(game: Game) -> ModuleType:
    """The game's ``balance`` module (``hanpan.games.<id>.balance``)."""
    try:
        return importlib.import_module(f"hanpan.games.{game.id}.balance")
    except ModuleNotFoundError:
        raise HanpanError(f"{game.id} has no balance facts (hanpan.games.{game.id}.balance); "
                          "a report needs them") from None


def facts_of(state: State, record: Record | None = None) -> Facts:
    """The facts of a finished game, checked for shape (one entry per seat); ``record`` (the game's)
    is handed on to a game whose ``facts`` reads one."""
    function = balance_module(state.game).facts
    takes_record = record is not None and "record" in inspect.signature(function).parameters
    found: Facts = function(state, record=record) if takes_record else function(state)
    seats = found.get("seats")
    if not isinstance(seats, list) or len(seats) != state.num_players or "outcome" not in found:
        raise HanpanError(f"{state.game.id}'s balance.facts must give 'seats' (one per player) and 'outcome'")
    return found


def label(game: Game, key: str, lang: str = "en") -> str:
    """A reader's name for an item, family or outcome key of ``game`` (the key itself if it has none)."""
    text: str = balance_module(game).label(key, lang)
    return text or key
