"""신들의 정원 / Four Gardens (Martin Doležal, 2020) with the promo 신들의 변덕; game id ``four_gardens``."""

from hanpan.games.four_gardens.game import GAME, FourGardens
from hanpan.games.four_gardens.state import GardensState

__all__ = ["GAME", "FourGardens", "GardensState"]
