"""The games hanpan knows: one registry line per game (id → its Game instance)."""

from hanpan.core.registry import register_game

register_game("spirits_of_the_wild", "hanpan.games.spirits_of_the_wild:GAME")
register_game("harmonies", "hanpan.games.harmonies:GAME")
register_game("four_gardens", "hanpan.games.four_gardens:GAME")
