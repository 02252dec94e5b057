"""The Game object of Spirits of the Wild: setup, positions in and out, scoring a board.

>>> from hanpan.games.spirits_of_the_wild import GAME
>>> GAME.score_position({"game": "spirits_of_the_wild",
...     "animals": {"salmon": ["blue", "teal", "orange", "white", "purple", "yellow"]},
...     "spirit_stones": ["salmon"]}).total
26
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hanpan.core.action import ActionTable
from hanpan.core.contract import Game, ScoreCard, State
from hanpan.core.errors import PositionError
from hanpan.core.options import OptionSpec, OptionValue, resolve_options
from hanpan.core.positions import read_int
from hanpan.core.rng import Rng
from hanpan.games.spirits_of_the_wild import state as S
from hanpan.games.spirits_of_the_wild.actions import ACTIONS, CHANCE_ACTIONS
from hanpan.games.spirits_of_the_wild.data import (
    ANIMALS,
    PLACE_DISTINCT,
    SPIRIT,
    SPIRIT_CARDS,
    STONES,
    components_for,
)
from hanpan.games.spirits_of_the_wild.position import board_from_json


class SpiritsOfTheWild(Game):
    id = "spirits_of_the_wild"
    name_en = "Spirits of the Wild"
    name_ko = "스피릿 오브 더 와일드"
    min_players = 2
    max_players = 2
    default_players = 2
    #: a seat ends near 15 points: half an expected point thrown away is a mistake (hanpan.analysis.marks)
    mistake_points = 0.5
    game_options = (
        # a file: never offered on the web (only choices, flags and numbers are)
        OptionSpec("cards", None, kind=str, label_en="Data file", label_ko="데이터 파일",
                   help_en="a file of the animals' points and the stones (spirits_of_the_wild.cards/1 JSON, "
                           "docs/data.md; 'hanpan data export spirits_of_the_wild' writes the built-in one)",
                   help_ko="동물 점수와 돌 수를 담은 파일 (spirits_of_the_wild.cards/1 JSON, docs/data.md; "
                           "'hanpan data export spirits_of_the_wild'가 내장 데이터를 씁니다)"),
    )

    @property
    def actions(self) -> ActionTable:
        return ACTIONS

    @property
    def chance_actions(self) -> ActionTable:
        return CHANCE_ACTIONS

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        return S.SpiritsState.new_state(seed, options)

    def score_position(self, data: Mapping[str, Any]) -> ScoreCard:
        if not isinstance(data, Mapping):
            raise PositionError("a position must be a JSON object")
        if data.get("game", self.id) != self.id:
            raise PositionError(f"this position is for {data.get('game')!r}, not {self.id}")
        unknown = set(data) - {"game", "animals", "spirit_stones"}
        if unknown:
            raise PositionError(f"unknown key {sorted(unknown)[0]!r}; keys: game, animals, spirit_stones")
        board = board_from_json(data)
        points = S.place_points(board, 0)
        return ScoreCard(dict(zip(ANIMALS, points, strict=True)), sum(points))

    def _from_json(self, data: Mapping[str, Any]) -> State:
        return _state_from_json(self, data)


def _counts(data: Mapping[str, Any], key: str) -> list[int]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise PositionError(f"position {key!r} must map stone kinds to counts")
    counts = [0] * len(STONES)
    for kind, count in value.items():
        if kind not in STONES:
            raise PositionError(f"unknown stone {kind!r} in {key!r}; stones: {', '.join(STONES)}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise PositionError(f"{key!r} count of {kind} must be a whole number ≥ 0")
        counts[STONES.index(kind)] = count
    return counts


def _state_from_json(game: SpiritsOfTheWild, data: Mapping[str, Any]) -> S.SpiritsState:
    s = S.SpiritsState()
    s._reset()
    s.options = resolve_options(game.option_specs, data.get("options", {}))
    max_turns = s.options.get("max_turns")
    s.max_turns = max_turns if isinstance(max_turns, int) else None
    cards_file = s.options.get("cards")
    s.components = components_for(cards_file if isinstance(cards_file, str) else None)
    s.seed = read_int(data, "seed", 0)
    s.rng = Rng(read_int(data, "rng", 0, (1 << 64) - 1))
    s.turn = read_int(data, "turn", 0)
    s.reveals = read_int(data, "reveals", 0)
    s.player = read_int(data, "player", 0, 1)
    s.bag, s.tray, s.held = _counts(data, "bag"), _counts(data, "tray"), _counts(data, "held")
    boards = data.get("boards")
    if not isinstance(boards, list) or len(boards) != 2:
        raise PositionError("position 'boards' must list the 2 players' boards")
    s.board = board_from_json(boards[0]) + board_from_json(boards[1])
    totals = [s.bag[k] + s.tray[k] + s.held[k] for k in range(len(STONES))]
    for p in range(2):
        board = s.board[p * S.STRIDE:(p + 1) * S.STRIDE]
        for place in range(S.NUM_PLACES):
            value = board[place]
            if PLACE_DISTINCT[place]:
                for c in range(6):
                    totals[c] += value >> c & 1
            else:
                totals[value & 7] += value >> 3
        totals[SPIRIT] += board[S.SPIRIT_INDEX].bit_count()
    for k, total in enumerate(totals):
        if total != s.components.stones[k]:
            raise PositionError(f"the position holds {total} {STONES[k]} stones; the game has "
                                f"{s.components.stones[k]}")
    cards = data.get("action_cards")
    if not isinstance(cards, list) or len(cards) != 2:
        raise PositionError("position 'action_cards' must list both players' cards")
    s.down = []
    for entry in cards:
        take1 = read_int(entry, "take1", 0, 2)
        down = (S.D_TAKE1A if take1 <= 1 else 0) | (S.D_TAKE1B if take1 == 0 else 0)
        for key, bit in (("take2", S.D_TAKE2), ("add2", S.D_ADD2), ("add3", S.D_ADD3)):
            if not isinstance(entry.get(key), bool):
                raise PositionError(f"action card {key!r} must be true (face up) or false")
            if not entry[key]:
                down |= bit
        s.down.append(down)
    coyote = data.get("coyote")
    if coyote is None:
        s.coyote = -1
    else:
        if not isinstance(coyote, Mapping) or coyote.get("animal") not in ANIMALS:
            raise PositionError("position 'coyote' must be null or {player, animal}")
        s.coyote = read_int(coyote, "player", 0, 1) * 5 + ANIMALS.index(coyote["animal"])
    piles = data.get("spirit_piles")
    if not isinstance(piles, list) or len(piles) != 2 or not all(isinstance(p, list) for p in piles):
        raise PositionError("position 'spirit_piles' must be two lists of spirit cards")
    names = [c for pile in piles for c in pile]
    if sorted(names) != sorted(SPIRIT_CARDS) or not piles[0] or not piles[1]:
        raise PositionError(f"the spirit piles must hold each of {', '.join(SPIRIT_CARDS)} once, "
                            "with no pile empty")
    s.piles = [[SPIRIT_CARDS.index(c) for c in pile] for pile in piles]
    seen = data.get("seen", [])
    if not isinstance(seen, list) or any(c not in SPIRIT_CARDS for c in seen):
        raise PositionError("position 'seen' must list spirit card names")
    phase = data.get("phase")
    if phase not in S.PHASE_NAMES:
        raise PositionError(f"position 'phase' must be one of {', '.join(S.PHASE_NAMES)}")
    s.phase = S.PHASE_NAMES.index(phase)
    if s.phase == S.PH_CHANCE and s.options.get("chance") != "explicit":
        raise PositionError("a position at a chance point needs the option chance=explicit")
    # a pile's top is face up, unless a chance point is about to turn it up
    tops = 0 if s.phase == S.PH_CHANCE else (1 << s.piles[0][0]) | (1 << s.piles[1][0])
    s.seen = sum(1 << SPIRIT_CARDS.index(c) for c in set(seen)) | tops
    program = data.get("program", [])
    if not isinstance(program, list) or any(step not in S.STEP_NAMES for step in program):
        raise PositionError(f"position 'program' must list steps among {', '.join(S.STEP_NAMES)}")
    s.program = tuple(S.STEP_NAMES.index(step) for step in program)
    s.pc = read_int(data, "pc", 0, len(s.program))
    s.to_take = read_int(data, "to_take", 0, sum(s.components.stones) if s.phase == S.PH_CHANCE else 2)
    s.active_pile = read_int(data, "active_pile", -1, 1)
    s.extra = bool(data.get("extra_turn", False))
    s.stopped = bool(data.get("stopped", False))
    if s.phase == S.PH_TAKE and not (0 < s.to_take <= sum(s.tray)):
        raise PositionError("a position waiting for a take needs 'to_take' stones in the tray")
    if s.phase != S.PH_OVER and s.phase != S.PH_CARD and s.pc >= len(s.program):
        raise PositionError("a position in the middle of a card needs the card's 'program'")
    steps = _PHASE_STEPS.get(s.phase)
    if steps is not None and s.program[s.pc] not in steps:
        raise PositionError(f"phase {phase!r} does not match the card's step {S.STEP_NAMES[s.program[s.pc]]!r} "
                            f"at 'pc' {s.pc}")
    if any(s.held) and s.phase not in (S.PH_TAKE, S.PH_PLACE):
        raise PositionError(f"stones in hand in phase {phase!r}; only a take or a placing holds stones")
    if s.phase != S.PH_OVER and not s.legal_actions():
        raise PositionError(f"no decision is possible in phase {phase!r} of this position")
    return s


# The program step each mid-card phase waits at (a position must agree with its program).
_PHASE_STEPS = {
    S.PH_TAKE: (S.S_TAKE1, S.S_TAKE2),
    S.PH_PLACE: (S.S_PLACE,),
    S.PH_COYOTE: (S.S_COYOTE,),
    S.PH_DEER: (S.S_DEER,),
    S.PH_BISON: (S.S_BISON,),
    S.PH_CHANCE: (S.S_DRAW2, S.S_DRAW3, S.S_DRAW4, S.S_BEAR, S.S_RAM, S.S_REFRESH, S.S_DEAL),  # the draws
}


GAME = SpiritsOfTheWild()
S.SpiritsState.game = GAME
