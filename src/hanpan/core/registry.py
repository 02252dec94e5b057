"""The registry of games: id → Game, filled by ``hanpan.games`` (one line per game).

The core knows no game: games register themselves by a lazy ``module:attribute``
path, so importing hanpan stays cheap.

>>> import hanpan
>>> [g.id for g in hanpan.all_games()][:1]
['spirits_of_the_wild']
>>> hanpan.game("chess")
Traceback (most recent call last):
...
hanpan.core.errors.UnknownGameError: unknown game 'chess'; games: spirits_of_the_wild...
"""

from __future__ import annotations

import importlib

from hanpan.core.contract import Game
from hanpan.core.errors import UnknownGameError

_PATHS: dict[str, str] = {}
_LOADED: dict[str, Game] = {}


def register_game(game_id: str, path: str) -> None:
    """Register a game by the ``module:attribute`` path of its Game instance."""
    _PATHS[game_id] = path


def game(game_id: str) -> Game:
    """The Game with this id."""
    if game_id not in _PATHS:
        raise UnknownGameError(
            f"unknown game {game_id!r}; games: {', '.join(_PATHS)}",
            f"알 수 없는 게임 {game_id!r}; 게임 목록: {', '.join(_PATHS)}",
        )
    if game_id not in _LOADED:
        module, _, attribute = _PATHS[game_id].partition(":")
        _LOADED[game_id] = getattr(importlib.import_module(module), attribute)
    return _LOADED[game_id]


def game_ids() -> list[str]:
    return list(_PATHS)


def all_games() -> list[Game]:
    """Every registered game, in registration order."""
    return [game(game_id) for game_id in _PATHS]
