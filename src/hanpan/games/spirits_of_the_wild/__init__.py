"""Spirits of the Wild (Nick Hayes, 2018): 2-player stone drafting; game id ``spirits_of_the_wild``."""

from hanpan.games.spirits_of_the_wild.game import GAME, SpiritsOfTheWild
from hanpan.games.spirits_of_the_wild.state import SpiritsState

__all__ = ["GAME", "SpiritsOfTheWild", "SpiritsState"]
