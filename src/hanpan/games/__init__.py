"""The games hanpan knows: one registry line per game (id → its Game instance).

``hanpan.all_games()`` lists them.  This package is ``hanpan.games``, so a game's modules import by
their full names; calling the package, ``hanpan.games()`` (the name the list had before), still
works and warns.

>>> import hanpan.games.harmonies.scoring as scoring
>>> scoring.__name__
'hanpan.games.harmonies.scoring'
>>> import hanpan, warnings
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     [g.id for g in hanpan.games()] == [g.id for g in hanpan.all_games()], caught[0].category.__name__
(True, 'DeprecationWarning')
"""

import sys
import types
import warnings

from hanpan.core.contract import Game
from hanpan.core.registry import all_games, register_game

register_game("spirits_of_the_wild", "hanpan.games.spirits_of_the_wild:GAME")
register_game("harmonies", "hanpan.games.harmonies:GAME")
register_game("four_gardens", "hanpan.games.four_gardens:GAME")


class _CallablePackage(types.ModuleType):
    """This package, callable as the function of the same name it once shadowed."""

    def __call__(self) -> list[Game]:
        warnings.warn("hanpan.games() is now hanpan.all_games() (hanpan.games is the package of the games)",
                      DeprecationWarning, stacklevel=2)
        return all_games()


sys.modules[__name__].__class__ = _CallablePackage
