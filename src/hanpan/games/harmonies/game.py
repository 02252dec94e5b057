"""The Game object of Harmonies: options, setup, positions in and out, scoring a board.

>>> from hanpan.games.harmonies import GAME
>>> s = GAME.new(players=2, seed=1, side="B", spirits=True)
>>> len(s.legal_actions()), s.side.ncells
(2, 25)
>>> GAME.from_json(s.to_json()) == s
True
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from hanpan.core.action import Action, ActionTable
from hanpan.core.contract import Game, ScoreCard, State
from hanpan.core.errors import PositionError
from hanpan.core.options import OptionSpec, OptionValue, resolve_options
from hanpan.core.positions import read_bool, read_int
from hanpan.core.rng import Rng
from hanpan.games.harmonies import actions as A
from hanpan.games.harmonies.actions import ACTIONS
from hanpan.games.harmonies.afterstate import packaged_models, value_of, weights_for
from hanpan.games.harmonies.board import ACCEPTING, EMPTY, SIDE, STACKS
from hanpan.games.harmonies.cardset import cards_for
from hanpan.games.harmonies.chance import CHANCE_ACTIONS
from hanpan.games.harmonies.data import (
    ANIMAL_CUBES,
    ANIMAL_IDS,
    CARD_IDS,
    CARD_INDEX,
    CARD_LIMIT,
    COLOURS,
    DISPLAY_MULTI,
    DISPLAY_SOLO,
    NUM_ANIMALS,
    NUM_CARDS,
    SPACES_MULTI,
    SPACES_SOLO,
    SPIRIT_IDS,
    TOTAL_TOKENS,
)
from hanpan.games.harmonies.heuristic import evaluate, evaluate_now
from hanpan.games.harmonies.learned import EVALUATIONS
from hanpan.games.harmonies.plans import plans
from hanpan.games.harmonies.position import cells_from_json, score_board, stack_masks
from hanpan.games.harmonies.state import HarmoniesState
from hanpan.games.harmonies.tables import SIDE_TABLES


class Harmonies(Game):
    id = "harmonies"
    name_en = "Harmonies"
    name_ko = "하모니즈"
    min_players = 1
    max_players = 4
    default_players = 2
    game_options = (
        OptionSpec("side", "A", choices=("A", "B"), label_en="Board side", label_ko="개인판 면",
                   help_en="personal board side: A (river) or B (islands)",
                   help_ko="개인판 면: A(강) 또는 B(섬)"),
        OptionSpec("spirits", False, label_en="Nature's Spirits", label_ko="자연의 정령",
                   help_en="play with the Nature's Spirit cards",
                   help_ko="자연의 정령 카드를 사용합니다"),
        # a file: never offered on the web (only choices, flags and numbers are)
        OptionSpec("cards", None, kind=str, label_en="Card file", label_ko="카드 파일",
                   help_en="a card file (harmonies.cards/1 JSON, docs/data.md; 'hanpan data export harmonies' "
                           "writes the built-in cards) to play with instead of the built-in cards",
                   help_ko="내장 카드 대신 쓸 카드 파일 (harmonies.cards/1 JSON, docs/data.md; "
                           "'hanpan data export harmonies'가 내장 카드를 씁니다)"),
    )
    #: "learned" adds the learned corrections the standard evaluation leaves out (hanpan.games.harmonies.learned)
    evaluations = EVALUATIONS
    #: a 2-player game ends near 100 points a seat: 2 expected points thrown away is a mistake, 1 an
    #: inaccuracy, 3 a blunder (solo's thresholds before the review spoke of points for every count)
    mistake_points = 2.0

    @property
    def actions(self) -> ActionTable:
        return ACTIONS

    @property
    def chance_actions(self) -> ActionTable:
        return CHANCE_ACTIONS

    def _new(self, players: int, seed: int, options: dict[str, OptionValue]) -> State:
        return HarmoniesState.new_state(players, seed, options)

    def evaluate(self, state: State, player: int) -> float:
        """The heuristic (hanpan.games.harmonies.heuristic): the value after placing the tokens in hand."""
        return evaluate(cast(HarmoniesState, state), player)

    def quick_evaluate(self, state: State, player: int) -> float:
        """``evaluate`` without placing the tokens in hand (about 20 times faster mid-turn)."""
        return evaluate_now(cast(HarmoniesState, state), player)

    def models(self) -> list[str]:
        return packaged_models()

    def turn_plans(self, state: State, width: int) -> list[tuple[tuple[Action, ...], float]]:
        """Complete turns valued by the learned afterstate value (hanpan.games.harmonies.plans), where a
        model applies (hanpan.games.harmonies.afterstate)."""
        s = cast(HarmoniesState, state)
        weights = weights_for(s.num_players, s.side_id, s.spirits)
        if weights is None or s.over:
            return []
        return [(plan.actions, plan.value) for plan in plans(s, weights, width)]

    def expected_score(self, state: State, player: int) -> float | None:
        """Points now plus the learned afterstate value ``V`` of the player's board (tokens in hand are not
        counted: for the player to move, the position as if its turn ended here); None without a model."""
        s = cast(HarmoniesState, state)
        if s.over:
            return float(s.total(player))
        weights = weights_for(s.num_players, s.side_id, s.spirits)
        if weights is None:
            return None
        return s.total(player) + value_of(weights, s, player)

    def score_position(self, data: Mapping[str, Any]) -> ScoreCard:
        return score_board(data)

    def _from_json(self, data: Mapping[str, Any]) -> State:
        return _state_from_json(self, data)


BAG_CODES = "bygnsr"  # blue, yellow, green, browN, grey (Stone), red


def _counts(value: object, what: str) -> list[int]:
    if not isinstance(value, Mapping):
        raise PositionError(f"{what} must map colours to counts")
    counts = [0] * 6
    for colour, count in value.items():
        if colour not in COLOURS:
            raise PositionError(f"unknown colour {colour!r} in {what}; colours: {', '.join(COLOURS)}")
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise PositionError(f"{what}: the count of {colour} must be a whole number ≥ 0")
        counts[COLOURS.index(colour)] = count
    return counts


def _cards(value: object, what: str, pool: tuple[str, ...]) -> list[int]:
    if not isinstance(value, list) or any(c not in pool for c in value):
        raise PositionError(f"{what} must list card ids")
    return [CARD_INDEX[c] for c in value]


def _state_from_json(game: Harmonies, data: Mapping[str, Any]) -> HarmoniesState:
    s = HarmoniesState()
    s._reset()
    s.options = resolve_options(game.option_specs, data.get("options", {}))
    max_turns = s.options.get("max_turns")
    s.max_turns = max_turns if isinstance(max_turns, int) else None
    s.side_id = str(s.options["side"])
    s.side = side = SIDE[s.side_id]
    s.t = SIDE_TABLES[s.side_id]
    s.spirits = bool(s.options["spirits"])
    cards_file = s.options.get("cards")
    s.cardset = cards_for(cards_file if isinstance(cards_file, str) else None)
    track_cubes = s.cardset.cubes
    n = s.num_players = read_int(data, "players", 1, 4)
    s.seed = read_int(data, "seed", 0)
    s.rng = Rng(read_int(data, "rng", 0, (1 << 64) - 1))
    s.turn = read_int(data, "turn", 0)
    s.reveals = read_int(data, "reveals", 0)
    s.player = read_int(data, "player", 0, n - 1)
    pouch = _counts(data.get("pouch"), "'pouch'")
    bag = data.get("bag")
    if bag is None:
        s.bag = [c for c in range(6) for _ in range(pouch[c])]
    else:
        if not isinstance(bag, str) or any(ch not in BAG_CODES for ch in bag) or [
            bag.count(BAG_CODES[c]) for c in range(6)
        ] != pouch:
            raise PositionError("position 'bag' must list the pouch's tokens (letters bygnsr), as 'pouch' counts")
        s.bag = [BAG_CODES.index(ch) for ch in bag]
    s.nspaces = SPACES_SOLO if n == 1 else SPACES_MULTI
    s.display_size = DISPLAY_SOLO if n == 1 else DISPLAY_MULTI
    central = data.get("central")
    if not isinstance(central, list) or len(central) != s.nspaces:
        raise PositionError(f"position 'central' must list {s.nspaces} spaces")
    s.central = []
    for k, space in enumerate(central):
        counts = _counts(space, f"central space {k + 1}")
        if sum(counts) > 3:
            raise PositionError(f"central space {k + 1} holds more than 3 tokens")
        s.central += counts
    s.space_mask = sum(1 << k for k in range(s.nspaces) if any(s.central[k * 6:k * 6 + 6]))
    s.box = read_int(data, "box", 0)
    s.hand = _counts(data.get("hand"), "'hand'")
    s.hand_count = sum(s.hand)
    s.took = read_bool(data, "took")
    s.taken_space = read_int(data, "taken_space", -1, s.nspaces - 1)
    s.card_taken = read_bool(data, "card_taken")
    s.ending = read_bool(data, "ending")
    s.stopped = read_bool(data, "stopped")
    s.over = read_bool(data, "over")
    s.drawing = read_int(data, "drawing", 0, 15) if "drawing" in data else 0
    if s.drawing and s.options.get("chance") != "explicit":
        raise PositionError("a position waiting for draws ('drawing') needs the option chance=explicit")
    s.display = sorted(_cards(data.get("display"), "'display'", ANIMAL_IDS))
    if len(s.display) > s.display_size:
        raise PositionError(f"the display holds at most {s.display_size} cards, not {len(s.display)}")
    s.deck = _cards(data.get("deck"), "'deck'", ANIMAL_IDS)
    s.discarded = _cards(data.get("discarded"), "'discarded'", ANIMAL_IDS)
    s.supply = read_int(data, "supply", 0, ANIMAL_CUBES)
    boards = data.get("boards")
    if not isinstance(boards, list) or len(boards) != n:
        raise PositionError(f"position 'boards' must list {n} boards")
    s.stacks, s.sm, s.cubes, s.cube_card, s.empties = [], [], [], [], []
    s.held, s.owned, s.spirit = [], [], []
    s.owner = [-1] * NUM_CARDS
    s.placed = [0] * NUM_CARDS
    tokens = len(s.bag) + sum(s.central) + s.hand_count + s.box
    for p, board in enumerate(boards):
        if not isinstance(board, Mapping):
            raise PositionError("each board must be an object")
        stacks = cells_from_json(side, board.get("cells", {}))
        tokens += sum(len(STACKS[sid]) for sid in stacks)
        s.stacks.append(stacks)
        s.sm.append(stack_masks(side, stacks))
        s.empties.append(sum(1 for sid in stacks if sid == EMPTY))
        owned, held = [], []
        for entry in board.get("cards", []):
            card = CARD_INDEX[entry["id"]]
            if card >= NUM_ANIMALS or s.owner[card] >= 0:
                raise PositionError(f"card {entry['id']} is not an animal card or is owned twice")
            s.owner[card] = p
            s.placed[card] = read_int(entry, "cubes_placed", 0, track_cubes[card])
            owned.append(card)
            if s.placed[card] < track_cubes[card]:
                held.append(card)
        kept = -1
        spirit = board.get("spirit")
        if spirit is not None:
            kept = CARD_INDEX[spirit["id"]]
            if kept < NUM_ANIMALS or not s.spirits:
                raise PositionError("a kept spirit needs a spirit card and the option spirits=true")
            s.owner[kept] = p
            s.placed[kept] = 1 if read_bool(spirit, "placed") else 0
            if not s.placed[kept]:
                held.append(kept)
        if len(held) > CARD_LIMIT:
            raise PositionError(f"player {p + 1} holds more than {CARD_LIMIT} unfinished cards")
        s.owned.append(owned)
        s.held.append(sorted(held))
        s.spirit.append(kept)
        cube_card = [-1] * side.ncells
        cubes = 0
        placed_here = [0] * NUM_CARDS
        cube_cells = board.get("cubes", {})
        if not isinstance(cube_cells, Mapping):
            raise PositionError("'cubes' must map cell names to card ids")
        for name, cid in cube_cells.items():
            if name not in side.index or cid not in CARD_INDEX or s.owner[CARD_INDEX[cid]] != p:
                raise PositionError(f"cube on {name!r} of card {cid!r}: unknown cell or a card not held")
            cell = side.index[name]
            if s.stacks[p][cell] == EMPTY:
                raise PositionError(f"cube on empty cell {name}")
            cube_card[cell] = CARD_INDEX[cid]
            cubes |= side.bits[cell]
            placed_here[CARD_INDEX[cid]] += 1
        for card in range(NUM_CARDS):
            if s.owner[card] == p and placed_here[card] != s.placed[card]:
                raise PositionError(f"card {CARD_IDS[card]}: its placed cubes do not match the board's cubes")
        s.cube_card.append(cube_card)
        s.cubes.append(cubes)
    s.acc = [[_accepting(s, p, c) for c in range(6)] for p in range(n)]
    s.card_acts = tuple(ACTIONS[A.CARD + c] for c in s.display)
    if tokens != TOTAL_TOKENS:
        raise PositionError(f"the position holds {tokens} tokens; the game has {TOTAL_TOKENS}")
    on_cards = sum(track_cubes[c] - s.placed[c] for c in range(NUM_ANIMALS) if s.owner[c] >= 0)
    on_boards = sum(s.placed[c] for c in range(NUM_ANIMALS) if s.owner[c] >= 0)
    if on_cards + on_boards + s.supply != ANIMAL_CUBES:
        raise PositionError(f"cubes on cards, boards and in the supply must make {ANIMAL_CUBES}")
    animals = sorted(s.display + s.deck + s.discarded + [c for c in range(NUM_ANIMALS) if s.owner[c] >= 0])
    if animals != list(range(NUM_ANIMALS)):
        raise PositionError("every animal card must be once in the display, the deck, discarded or owned")
    dealt = data.get("dealt", [])
    if not isinstance(dealt, list) or len(dealt) != (n if s.spirits else 0):
        raise PositionError("position 'dealt' must list each player's 2 spirit cards (spirits=true) or nothing")
    s.dealt = [sorted(_cards(d, "'dealt'", SPIRIT_IDS)) for d in dealt]
    s.spirit_box = sorted(_cards(data.get("spirit_box", []), "'spirit_box'", SPIRIT_IDS))
    if s.spirits:
        every = sorted([c for d in s.dealt for c in d] + s.spirit_box)
        if every != list(range(NUM_ANIMALS, NUM_CARDS)) or any(len(d) != (2 if d or not s.drawing else 0)
                                                               for d in s.dealt):
            raise PositionError("the 10 spirit cards must be dealt 2 per player, the rest in 'spirit_box'")
        for p in range(n):
            if s.spirit[p] >= 0 and s.spirit[p] not in s.dealt[p]:
                raise PositionError(f"player {p + 1} kept a spirit that was not dealt to them")
    if s.hand_count and not s.took:
        raise PositionError("tokens in hand need 'took': true")
    return s


def _accepting(s: HarmoniesState, player: int, colour: int) -> int:
    """Cells of a player's board that accept a token of ``colour`` now (no cube on them)."""
    m = 0
    for sid in ACCEPTING[colour]:
        m |= s.sm[player][sid]
    return m & ~s.cubes[player]


GAME = Harmonies()
HarmoniesState.game = GAME
