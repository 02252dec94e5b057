"""hanpan (한판): exact, fast rules engines for modern tabletop games.

>>> import hanpan
>>> game = hanpan.game("spirits_of_the_wild")
>>> game.name_en, game.name_ko
('Spirits of the Wild', '스피릿 오브 더 와일드')
>>> state = game.new(players=2, seed=42)
>>> state.play("take1")
Action(0, 'take1')
"""

from hanpan import _native  # noqa: F401  (first: it picks compiled or interpreted modules)
from hanpan import games as _games  # noqa: F401  (registers the games)
from hanpan.core.action import Action
from hanpan.core.contract import Game, ScoreCard, State
from hanpan.core.errors import (
    AgentError,
    DataError,
    HanpanError,
    IllegalActionError,
    NotationError,
    OptionError,
    PositionError,
    RecordError,
    UnknownGameError,
)
from hanpan.core.record import Record, replay
from hanpan.core.registry import all_games, game, game_ids
from hanpan.core.rng import Rng

__version__ = "0.2.0"

__all__ = [
    "Action", "AgentError", "DataError", "Game", "HanpanError", "IllegalActionError", "NotationError",
    "OptionError", "PositionError", "Record", "RecordError", "Rng", "ScoreCard", "State",
    "UnknownGameError", "all_games", "game", "game_ids", "replay",
]
