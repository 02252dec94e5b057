"""Harmonies (Johan Benvenuto, 2024): 1–4 player landscape building; game id ``harmonies``."""

from hanpan.games.harmonies.game import GAME, Harmonies
from hanpan.games.harmonies.state import HarmoniesState

__all__ = ["GAME", "Harmonies", "HarmoniesState"]
