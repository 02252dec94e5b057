"""The Game object of Four Gardens: options, setup, positions in and out.

>>> from hanpan.games.four_gardens import GAME
>>> GAME.id, GAME.name_ko, GAME.player_range(), [o.name for o in GAME.option_specs]
('four_gardens', '신들의 정원', '2–4', ['whims', 'deck', 'max_turns', 'chance'])
>>> GAME.new(players=2, seed=1, deck="/no/such/deck.json")
Traceback (most recent call last):
...
hanpan.core.errors.DataError: deck /no/such/deck.json: cannot read it (No such file or directory)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from hanpan.core.action import ActionTable
from hanpan.core.contract import Game, State
from hanpan.core.errors import PositionError
from hanpan.core.options import OptionSpec, OptionValue, resolve_options
from hanpan.games.four_gardens import chance as C
from hanpan.games.four_gardens import state as S
from hanpan.games.four_gardens.actions import ACTIONS
from hanpan.games.four_gardens.chance import CHANCE_ACTIONS
from hanpan.games.four_gardens.deck import deck_for
from hanpan.games.four_gardens.heuristic import evaluate
from hanpan.games.four_gardens.learned import EVALUATIONS
from hanpan.games.four_gardens.position import state_from_json

WHIMS_OPTION = OptionSpec(
    "whims", False,
    label_en="Whims of the Gods (promo)", label_ko="신들의 변덕 (프로모)",
    help_en="play with the promo Whims of the Gods (whim tiles instead of bonus tiles)",
    help_ko="프로모 신들의 변덕을 넣고 합니다 (보너스 타일 대신 변덕 타일)",
)
DECK_OPTION = OptionSpec(
    "deck", None, kind=str,
    label_en="Deck file", label_ko="덱 파일",
    help_en="a deck file (four_gardens.deck/1 JSON) to play with instead of the built-in reconstructed deck",
    help_ko="내장된 재구성 덱 대신 쓸 덱 파일 (four_gardens.deck/1 JSON)",
)


class FourGardens(Game):
    id = "four_gardens"
    name_en = "Four Gardens"
    name_ko = "신들의 정원"
    min_players = 2
    max_players = 4
    default_players = 4
    game_options = (WHIMS_OPTION, DECK_OPTION)
    evaluations = EVALUATIONS
    #: a seat ends near 30 points: half an expected point thrown away is a mistake (hanpan.analysis.marks)
    mistake_points = 0.5

    @property
    def actions(self) -> ActionTable:
        return ACTIONS

    @property
    def chance_actions(self) -> ActionTable:
        return CHANCE_ACTIONS

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        path = options.get("deck")
        cards = deck_for(path if isinstance(path, str) else None)
        return S.GardensState.new_state(players, seed, options, cards)

    def evaluate(self, state: State, player: int) -> float:
        """The heuristic (hanpan.games.four_gardens.heuristic): own value minus a share of the best
        opponent's."""
        return evaluate(cast(S.GardensState, state), player)

    def _from_json(self, data: Mapping[str, Any]) -> State:
        s = S.GardensState()
        s._reset()
        s.options = resolve_options(self.option_specs, data.get("options", {}))
        max_turns = s.options.get("max_turns")
        s.max_turns = max_turns if isinstance(max_turns, int) else None
        s.whims_on = bool(s.options.get("whims"))
        path = s.options.get("deck")
        s.cards = deck_for(path if isinstance(path, str) else None)
        state_from_json(s, data)
        if s.options.get("chance") == "explicit":  # a decision may wait for its draws (chance.py)
            s.pending = C.IDLE
            if data.get("chance") is not None:
                try:
                    C.from_json(s, data["chance"])
                except ValueError as e:
                    raise PositionError(str(e)) from None
        elif data.get("chance") is not None:
            raise PositionError("a position waiting for draws ('chance') needs the option chance=explicit")
        return s


GAME = FourGardens()
S.GardensState.game = GAME
