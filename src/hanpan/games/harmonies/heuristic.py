"""The evaluation the greedy agent maximizes: the score now plus progress toward later points.

``evaluate(state, player)`` is the exact total once the game is over.  During play it is
``static_value`` — the running score, plus partly built landscapes (a brown waiting for its
green, a lone mountain, a lone yellow, a building short of colours), empty cells (they make
the game last longer), each held card's cubes still to place (the best habitat under way for the
next cube, the next best for the one after, …, progress counted in tokens), free card slots, and in
solo a share of the best displayed card's value as if held (while a slot is free) — after the
tokens still in hand are placed one by one where ``static_value`` gains most (a short
rollout), so a central space, a cell, a card or a cube are all judged on one scale.  Once no
token will come to the player any more (its last turn's tokens are taken: the round ends the
game, the board has 2 or fewer empty cells, or the pouch runs dry within the round) nothing under
way counts: only the points and the cubes that can go down now.

Here: the weights, the static value and its memos (of whole values and of card values), the hand's
roll-out and ``evaluate``.  Elsewhere: the habitats' bit-mask machinery the card values read
(hanpan.games.harmonies.habitats), the tokens a card lacks and the turns to come
(hanpan.games.harmonies.outlook), and the learned correction ``evaluate`` adds
(hanpan.games.harmonies.learned).

>>> from hanpan.games.harmonies import GAME
>>> s = GAME.new(players=1, seed=1)
>>> evaluate(s, 0) > 0
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from hanpan.core.bits import popcount
from hanpan.core.compiled import COMPILED
from hanpan.games.harmonies import learned
from hanpan.games.harmonies.board import ACCEPTING, ADD, EMPTY, anchors_from, groups, spread_within
from hanpan.games.harmonies.cardset import BUILTIN, CardSet
from hanpan.games.harmonies.data import CARD_LIMIT, END_EMPTY_CELLS, KINDS, NUM_ANIMALS
from hanpan.games.harmonies.habitats import (
    _B,
    _G,
    _IS,
    _N,
    _NN,
    _R,
    _S,
    _SS,
    _SSS,
    _Y,
    _habitat_masks,
    _habitat_masks_compiled,
    _mask,
    levels_from,
)
from hanpan.games.harmonies.outlook import tokens_short, turns_to_come
from hanpan.games.harmonies.scoring import building_mask, track_points

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState


@dataclass(frozen=True)
class Weights:
    """The heuristic's weights, in points; ``WEIGHTS`` holds the ones in use (tuned by
    docs/experiments/harmonies-evaluation.md, on greedy solo games).  Frozen: to try others, replace the module's
    object (``dataclasses.replace``), which ``static_value``'s memo notices.

    >>> Weights().empty > 0
    True
    """

    brown: float = 1.8  # a lone brown: a tree on the way
    brown2: float = 4.3875  # brown on brown: a tall tree on the way
    red: float = 1.2  # a lone red: a building on the way
    lone_mountain: float = 0.5  # × the height points of a mountain with no mountain beside it
    lone_yellow: float = 1.5  # a yellow with no yellow beside it but an empty cell beside it
    building_short: float = 0.75  # a building with 2 neighbour colours and an empty neighbour
    empty: float = 4.0  # an empty cell (beyond the 2 that end the game), while turns remain …
    empty_per_turn: float = 3.0  # … up to this many empty cells per turn left
    cube_ready: float = 1.17  # a habitat ready for a held card's next cube: this share of the cube's points
    progress: float = 0.825  # a habitat partly built: this share × (its tokens in place / tokens) ** power
    power: float = 2.0
    card: float = 0.15  # a held card with nowhere started: this share of its next cube's points
    later: float = 0.45  # a cube after the next: its value × this × (turns left / later_turns) per place down
    later_turns: float = 8.0
    slot: float = 1.125  # a free card slot (of 4) while cards remain to take, × turns left / later_turns
    cards: float = 1.0  # × the held cards' value (above)
    # board shapes (0 in 2-4 players: fitted on solo games only)
    dead_lone_mountain: float = 0.0  # a lone mountain with no empty cell beside it
    rising_mountain: float = 0.0  # a 1- or 2-high mountain beside another (it scores and can rise)
    river: float = 0.0  # a blue cell of the largest blue group
    river_open: float = 0.0  # an empty cell beside that group (up to 3)
    isolated_empty: float = 0.0  # an empty cell with no empty cell beside it
    single_green: float = 0.0  # a green on the board itself: a 1-point tree that fills a cell
    # the display (0 in 2-4 players: measured on solo games only)
    display: float = 0.0  # × the value of the best displayed card as if held, while a slot is free


#: The weights in 2-4 players.
WEIGHTS: Final = Weights()

#: The weights in solo: ``WEIGHTS`` scaled term by term, plus the board shapes, by a fit of the final
#: score on the terms within each turn's candidates (434 turn starts of greedy solo games of seed 11,
#: 5-7 candidate turns each, each played out by greedy to the end; docs/experiments/harmonies-evaluation.md).
#: Greedy solo, games 0-199 of seed 1: 102.67 against 99.85 with ``WEIGHTS`` (+2.82 ± 1.15 paired).
#: ``display`` (session 12): greedy solo, games 0-199 of seeds 1 and 3, +2.42 ± 1.07 and +1.78 ± 1.08
#: paired (0.3: +1.75, 0.7: +2.32, 1.0: +0.73 on seed 1); ``hard`` on games 0-119 of seed 2, +0.95 ± 1.41.
SOLO_WEIGHTS = Weights(
    brown=4.86, brown2=7.371, red=2.496, lone_mountain=0.815, lone_yellow=1.38, building_short=1.56,
    empty=4.32, slot=2.39625, cards=0.89, dead_lone_mountain=-3.97, rising_mountain=2.75, river=-0.73,
    river_open=0.63, isolated_empty=-0.35, single_green=-1.92, display=0.5,
)


#: per card, per cubes placed: the points each cube still on its track adds, the next one first (of the
#: built-in cards; a state's own are its ``cardset.steps``)
_STEPS: Final = BUILTIN.steps


def _card_value(card: int, placed: int, is_mask: list[int], can_mask: list[int], units: list[list[int]],
                free: int, turns_left: int, w: Weights, cardset: CardSet) -> float:
    """Value of a held card: each cube still on its track, worth its points times a share set by how
    far the habitat meant for it is built — the best habitat for the next cube, the next best for the
    cube after, and so on (distinct cube cells) — discounted for cubes further down the track."""
    if not cardset.points[card]:  # a Nature's Spirit is worth about a middling animal cube
        k = cardset.progress[card](is_mask, can_mask, free)
        if k < 0:
            return 0.0
        n = len(cardset.cells[card])
        share = w.cube_ready if k == n else w.progress * (k / n) ** w.power
        return 8 * max(share, w.card)
    levels = (levels_from(cardset.level_tables[card], units, can_mask, free) if COMPILED
              else cardset.levels[card](units, can_mask, free))
    if not levels[0]:
        return 0.0
    n = len(levels) - 1
    steps = cardset.steps[card][placed]
    remaining = len(steps)
    time_share = min(1.0, turns_left / w.later_turns)
    value = 0.0
    index = 0  # the cube being valued, 0 = the next one
    above = 0
    for level in range(n, -1, -1):
        count = popcount(levels[level] & ~above)
        above |= levels[level]
        share = w.cube_ready if level == n else w.progress * (level / n) ** w.power
        if share < w.card:
            share = w.card
        while count and index < remaining:
            gain = steps[index] * share
            if index:
                gain *= w.later * time_share ** index
            value += gain
            index += 1
            count -= 1
        if index == remaining:
            break
    return value


#: ``static_value`` by everything it reads: a context's id (``_context``) followed by the player's stacks,
#: one byte per cell.  Greedy's siblings reach the same boards by other orders of the same tokens
#: (``hand_placed`` tries every token on every cell): in solo greedy games about 4 evaluations in 10 are
#: found here, and greedy decides about 1.5 times as fast.  Keys are bytes, not tuples: cheap to build and
#: hash, and never tracked by the garbage collector.
_MEMO: Final[dict[bytes, float]] = {}
_MEMO_LIMIT: Final = 1 << 15  # entries; emptied when full (a decision's boards rarely come back later)
#: the weights the memo's values were computed with (a script trying other weights replaces the objects)
_memo_weights = (WEIGHTS, SOLO_WEIGHTS)
#: the cards they were computed with (a designer's card file changes every card's value)
_memo_cards = BUILTIN
#: everything ``static_value`` reads besides the player's stacks → its id.  Ids come from a counter that
#: never goes back, so an id handed out once never names another context, even after the table is emptied.
_CONTEXTS: Final[dict[tuple[object, ...], bytes]] = {}
_next_context = 0


def static_value(state: HarmoniesState, player: int) -> float:
    """The running score plus the value of what is under way (tokens in hand ignored)."""
    return _remembered_value(state, player, _context(state, player))


def _context(state: HarmoniesState, player: int) -> bytes:
    """The id of what ``static_value`` reads besides the player's stacks (placing a token from the hand
    changes none of it: ``hand_placed`` asks once)."""
    global _memo_weights, _memo_cards, _next_context
    if _memo_weights[0] is not WEIGHTS or _memo_weights[1] is not SOLO_WEIGHTS or state.cardset is not _memo_cards:
        # new contexts get new ids (the counters never go back), so nothing remembered before is found again
        _MEMO.clear()
        _CONTEXTS.clear()
        _CARD_MEMO.clear()
        _CARD_CONTEXTS.clear()
        _memo_weights = (WEIGHTS, SOLO_WEIGHTS)
        _memo_cards = state.cardset
    placed = state.placed
    context = (state.cubes[player], tuple([c << 8 | placed[c] for c in state.held[player]]),
               tuple([c << 8 | placed[c] for c in state.owned[player]]), player, state.player, state.took,
               state.ending, len(state.bag), tuple(state.display), state.num_players, state.side_id,
               state.spirits, state.spirit[player])
    found = _CONTEXTS.get(context)
    if found is None:
        if len(_CONTEXTS) >= _MEMO_LIMIT:
            _CONTEXTS.clear()
        found = _CONTEXTS[context] = _next_context.to_bytes(8, "little")
        _next_context += 1
    return found


def _remembered_value(state: HarmoniesState, player: int, context: bytes) -> float:
    """``static_value`` through the memo, given the state's ``_context``."""
    cells = bytes(state.stacks[player])
    key = context + cells
    value = _MEMO.get(key)
    if value is None:
        if len(_MEMO) >= _MEMO_LIMIT:
            _MEMO.clear()
        value = _MEMO[key] = _static_value(state, player, cells)
    return value


def _static_value(state: HarmoniesState, player: int, cells: bytes | None = None) -> float:
    """``static_value`` computed afresh (``cells``: the player's stacks as bytes, if made already)."""
    w = SOLO_WEIGHTS if state.num_players == 1 else WEIGHTS
    points = state.points(player)
    value = float(sum(points))
    sm = state.sm[player]
    empty = sm[EMPTY]
    empties = state.empties[player]
    if player == state.player:
        # on its last turn, once its tokens are taken, no token will come to the player any more: the
        # game ends with this round, or the board is full, or the pouch runs dry before the round is
        # over (each turn's refill takes 3 tokens)
        final = state.took and (state.ending or empties <= END_EMPTY_CELLS
                                or len(state.bag) <= 3 * (state.num_players - 1 - player))
    else:
        final = state.ending and player < state.player  # its last turn is over
    if final:
        # nothing under way will grow any more; only the cubes that can still go down count
        return value + (_ready_cubes(state, player) if player == state.player else 0.0)
    turns_left = turns_to_come(state)
    value += w.brown * popcount(sm[_N]) + w.brown2 * popcount(sm[_NN]) + w.red * popcount(sm[_R])
    board = state.side.board
    beside_empty = spread_within(empty, board)  # each use below keeps to the board
    mountain = sm[_S] | sm[_SS] | sm[_SSS]
    if mountain:
        lone = mountain & ~spread_within(mountain, mountain)
        if lone:
            value += w.lone_mountain * (popcount(sm[_S] & lone) + 3 * popcount(sm[_SS] & lone)
                                        + 7 * popcount(sm[_SSS] & lone))
            if w.dead_lone_mountain:  # the board shapes weigh 0 but in solo: not worked out then
                value += w.dead_lone_mountain * popcount(lone & ~beside_empty)
        if w.rising_mountain:
            value += w.rising_mountain * popcount((sm[_S] | sm[_SS]) & ~lone)
    if w.river or w.river_open:
        value += _river_shape(sm[_B], empty, w)
    if w.isolated_empty or w.single_green:
        value += w.isolated_empty * popcount(empty & ~beside_empty) + w.single_green * popcount(sm[_G])
    yellow = sm[_Y]
    if yellow:
        value += w.lone_yellow * popcount(yellow & ~spread_within(yellow, yellow) & beside_empty)
    built = building_mask(sm)
    if built and points[3] < 5 * popcount(built):
        near_empty = built & beside_empty
        value += w.building_short * popcount(near_empty)
    value += w.empty * max(0.0, min(empties - END_EMPTY_CELLS, w.empty_per_turn * turns_left))
    held = state.held[player]
    if state.display:
        value += w.slot * (CARD_LIMIT - len(held)) * min(1.0, turns_left / w.later_turns)
    # a card on display is a card the player may take: the best one for this board is worth a share of
    # its value (a card that fits makes the next turn's choice; one that does not is worth discarding)
    shown = state.display if w.display and len(held) < CARD_LIMIT else ()
    if held or shown:
        free = ~state.cubes[player]
        placed = state.placed
        values = _card_values([*held, *shown], [*(placed[card] for card in held), *(0 for _ in shown)], sm,
                              bytes(state.stacks[player]) if cells is None else cells, free, turns_left, w,
                              state.cardset)
        value += w.cards * sum(values[:len(held)])
        if shown:
            value += w.display * max(values[len(held):])
    return value


#: per card, a ``bytes.translate`` table keeping the stacks its value reads (those its habitat's kinds can
#: become or are made of) and blurring all others into one: a board's cells (one stack id per byte)
#: translated by it are what the card's value depends on (``cardset.read_table``; the built-in cards' here)
_CARD_CELLS_TABLE: Final = BUILTIN.read_table
#: ``_card_value`` by everything it reads: the id of (cube-free mask, turns left, solo) (``_CARD_CONTEXTS``),
#: the card and its cubes down, and the board's cells translated by the card's table.  Siblings of a greedy
#: decision differ by a token or two, and a card's value changes only with its own kinds' cells: in solo
#: greedy games about half the card values are found here (the display adds 3 cards to every board).
_CARD_MEMO: Final[dict[bytes, float]] = {}
_CARD_MEMO_LIMIT: Final = 1 << 16
#: (cube-free mask, turns left, solo) → its id, from a counter that never goes back (as ``_CONTEXTS``)
_CARD_CONTEXTS: Final[dict[tuple[int, int, bool], bytes]] = {}
_next_card_context = 0
#: per card, per cubes down: the bytes naming them in a key (``cardset.down_keys``; the built-in cards' here)
_CARD_DOWN: Final = BUILTIN.down_keys


def _card_values(cards: list[int], placed: list[int], sm: list[int], cells: bytes, free: int, turns_left: int,
                 w: Weights, cardset: CardSet) -> list[float]:
    """``_card_value`` of each card with ``placed`` cubes down (the masks are built only if one is new);
    ``cells`` is the board ``sm`` describes, one stack id per cell; ``cardset`` the game's cards (the memo
    holds one set's values: ``_context`` empties it when the cards change).

    >>> from hanpan.games.harmonies import GAME
    >>> from hanpan.games.harmonies.data import CARD_INDEX
    >>> s = GAME.new(players=1, seed=1)
    >>> _card_values([CARD_INDEX["falcon"]], [0], s.sm[0], bytes(s.stacks[0]), ~0, 5, SOLO_WEIGHTS, s.cardset)[0] > 0
    True
    """
    global _next_card_context
    solo = w is SOLO_WEIGHTS
    context = _CARD_CONTEXTS.get((free, turns_left, solo))
    if context is None:
        if len(_CARD_CONTEXTS) >= _CARD_MEMO_LIMIT:
            _CARD_CONTEXTS.clear()
        context = _CARD_CONTEXTS[(free, turns_left, solo)] = _next_card_context.to_bytes(8, "little")
        _next_card_context += 1
    masks: tuple[list[int], list[int], list[list[int]]] | None = None
    values = []
    down_keys = cardset.down_keys
    read_table = cardset.read_table
    for i in range(len(cards)):  # by index: a compiled zip would go through Python's iterators
        card = cards[i]
        down = placed[i]
        key = context + down_keys[card][down] + cells.translate(read_table[card])
        value = _CARD_MEMO.get(key)
        if value is None:
            if masks is None:
                # only a Nature's Spirit is valued by its finished cells (animal cards count tokens)
                is_mask = [_mask(sm, _IS[kind]) for kind in range(len(KINDS))] if max(cards) >= NUM_ANIMALS else []
                masks = (is_mask, *(_habitat_masks_compiled(sm) if COMPILED else _habitat_masks(sm)))
            if len(_CARD_MEMO) >= _CARD_MEMO_LIMIT:
                _CARD_MEMO.clear()
            # arguments spelled out: a compiled call with *args would go through Python's generic call
            value = _CARD_MEMO[key] = _card_value(card, down, masks[0], masks[1], masks[2], free, turns_left, w,
                                                  cardset)
        values.append(value)
    return values


def _river_shape(blue: int, empty: int, w: Weights) -> float:
    """The largest blue group's cells and the empty cells beside it (up to 3), weighted."""
    largest = 0
    for group in groups(blue) if blue else ():
        if popcount(group) > popcount(largest):
            largest = group
    if not largest:
        return 0.0
    return w.river * popcount(largest) + w.river_open * min(3, popcount(spread_within(largest, empty)))


def _ready_cubes(state: HarmoniesState, player: int) -> float:
    """Points of the cubes the held cards can place now, each card on its own ready cells."""
    sm = state.sm[player]
    free = ~state.cubes[player]
    cardset = state.cardset
    value = 0.0
    for card in state.held[player]:
        track = cardset.points[card]
        if not track:  # a Nature's Spirit: its points depend on the whole board, counted at the end
            continue
        anchors = anchors_from(cardset.anchor_tables[card], sm) if COMPILED else cardset.anchors[card](sm)
        ready = popcount(anchors & free)  # the cells ``legal_actions`` offers its cube
        if ready:
            placed = state.placed[card]
            value += track_points(track, min(len(track), placed + ready)) - track_points(track, placed)
    return value


def hand_placed(state: HarmoniesState, player: int) -> HarmoniesState:
    """A copy of the state with the tokens in hand placed one at a time where ``static_value`` gains
    most: the state ``evaluate`` scores mid-turn.

    >>> from hanpan.games.harmonies import GAME
    >>> s = GAME.new(players=1, seed=1)
    >>> s.apply(s.legal_actions()[0])  # take a space's tokens
    >>> placed = hand_placed(s, 0)
    >>> correction = evaluate(s, 0) - static_value(placed, 0)  # the learned part (solo side A has a model)
    >>> s.hand_count, placed.hand_count, round(correction, 6) == round(evaluate(placed, 0) - static_value(placed, 0), 6)
    (3, 0, True)
    """
    s = state.clone()
    context = _context(s, player)  # placing tokens from the hand changes none of it
    while s.hand_count:
        best_value = float("-inf")
        best_action = -1
        sm = s.sm[player]
        free = ~s.cubes[player]
        t = s.t
        for colour in range(6):
            if not s.hand[colour]:
                continue
            m = 0
            for sid in ACCEPTING[colour]:
                m |= sm[sid]
            m &= free
            while m:
                low = m & -m
                m ^= low
                cell = t.side.cell_of_pos[low.bit_length() - 1]
                old = _place(s, player, colour, cell)
                v = _remembered_value(s, player, context)
                _unplace(s, player, colour, cell, old)
                if v > best_value:
                    best_value, best_action = v, colour * 64 + cell
        if best_action < 0:
            break
        _place(s, player, best_action // 64, best_action % 64)
    return s


def _unplace(s: HarmoniesState, player: int, colour: int, cell: int, old: int) -> None:
    stacks = s.stacks[player]
    bit = s.side.bits[cell]
    sm = s.sm[player]
    sm[stacks[cell]] ^= bit
    sm[old] = sm[old] | bit
    stacks[cell] = old
    if old == EMPTY:
        s.empties[player] = s.empties[player] + 1
    s.hand[colour] = s.hand[colour] + 1
    s.hand_count += 1


def _place(s: HarmoniesState, player: int, colour: int, cell: int) -> int:
    """Put a token from the hand on a cell (no checks, no caches); returns the stack it covered."""
    stacks = s.stacks[player]
    old = stacks[cell]
    new = ADD[old * 6 + colour]
    bit = s.side.bits[cell]
    stacks[cell] = new
    sm = s.sm[player]
    sm[old] = sm[old] ^ bit
    sm[new] = sm[new] | bit
    if old == EMPTY:
        s.empties[player] = s.empties[player] - 1
    s.hand[colour] = s.hand[colour] - 1
    s.hand_count -= 1
    return old


def evaluate(state: HarmoniesState, player: int) -> float:
    """Exact total at the end; otherwise the static value after placing the hand (see module doc).

    Only tokens already in hand are rolled out: the siblings a greedy agent compares (a placement,
    a card, a cube, the end of the turn) then all count the same tokens.
    """
    if state.over:
        return float(state.total(player))
    if state.player == player and state.hand_count:
        state = hand_placed(state, player)
    context = _context(state, player)
    value = _remembered_value(state, player, context)
    return value + learned.correction(state, player, context, value)


def evaluate_now(state: HarmoniesState, player: int) -> float:
    """Exact total at the end; otherwise ``static_value`` (the tokens in hand ignored)."""
    return float(state.total(player)) if state.over else static_value(state, player)


# ``tokens_short`` and ``turns_to_come`` (hanpan.games.harmonies.outlook, which the learned correction reads
# too) belong to the evaluation's API
__all__ = ["SOLO_WEIGHTS", "WEIGHTS", "Weights", "evaluate", "evaluate_now", "hand_placed", "static_value",
           "tokens_short", "turns_to_come"]
