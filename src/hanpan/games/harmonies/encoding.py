"""Harmonies' observation encoding: ``view(player)`` as a flat list of floats (see ``hanpan.adapters.observation``).

Seats are relative to the viewer: "seat +0" is the viewer, "seat +1" the next player in turn order, and so on.
Colours are in the order blue, yellow, green, brown, grey, red; board cells in the side's order (a1, a2, …);
stacks in ``board.STACKS`` order; animal and spirit cards in ``data`` order.  Counts are divided by a fixed
scale named in each segment, so the numbers stay near 0..1.

>>> import hanpan
>>> state = hanpan.game("harmonies").new(players=2, seed=1)
>>> segments = layout(2, state.options)
>>> vector = encode(state.view(0), 2, state.options)
>>> len(vector) == sum(size for _, size, _ in segments), len(vector)
(True, 1005)
>>> segments[0][:2], vector[:2]
(('seat', 2), [1.0, 0.0])
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from hanpan.core.encoding import layout_function, max_turns_option, view_segments, write_view
from hanpan.games.harmonies.board import NUM_STACKS, SIDE, STACK_ID, STACKS
from hanpan.games.harmonies.data import (
    ANIMAL_CUBES,
    ANIMAL_IDS,
    CARD_CUBES,
    CARD_INDEX,
    COLOURS,
    NUM_ANIMALS,
    SPACES_MULTI,
    SPACES_SOLO,
    SPIRIT_IDS,
    TOKEN_COUNTS,
    TOKENS_PER_SPACE,
    TOTAL_TOKENS,
)
from hanpan.games.harmonies.scoring import CATEGORIES

#: the scale of the turn number (a game has at most 40 turns: 120 tokens, 3 a turn)
TURN_SCALE = TOTAL_TOKENS // TOKENS_PER_SPACE
#: the scale of points (each category and the total)
POINTS_SCALE = 100
#: the scale of the solo suns
SUNS_SCALE = 10
_NC = len(COLOURS)
_NS = len(SPIRIT_IDS)
_STACK_NAMES = ", ".join("-".join(s) if s else "empty" for s in STACKS)
_SCORE_KEYS = (*CATEGORIES, "total")
_SPIRIT_INDEX = {sid: i for i, sid in enumerate(SPIRIT_IDS)}
#: a stack (bottom → top, as a tuple of colour names) to its one-hot index
_STACK_INDEX: dict[tuple[str, ...], int] = dict(STACK_ID)


def _cell_ranges(side_id: str) -> str:
    """The cells of a side, column by column: "a1-a5, b1-b4, …"."""
    names = SIDE[side_id].names
    columns: dict[str, list[str]] = {}
    for name in names:
        columns.setdefault(name[0], []).append(name)
    return ", ".join(f"{cells[0]}-{cells[-1]}" for cells in columns.values())


class _Plan:
    """Offsets of every segment for one (players, side, spirits, max_turns) setup."""

    def __init__(self, players: int, side_id: str, spirits: bool, max_turns: int | None) -> None:
        self.players = players
        self.solo = solo = players == 1
        self.spirits = spirits
        self.max_turns = max_turns
        side = SIDE[side_id]
        self.ncells = n_cells = side.ncells
        self.cell_index = dict(side.index)
        self.nspaces = spaces = SPACES_SOLO if solo else SPACES_MULTI
        self.segments = view_segments(players, max_turns, TURN_SCALE)
        colours = ", ".join(COLOURS)
        add = self._add
        self.pouch = add("pouch", _NC, f"tokens in the pouch per colour ({colours}) / that colour's total "
                         f"({', '.join(map(str, TOKEN_COUNTS))})")
        self.central = add("central", spaces * _NC,
                           f"central spaces 1..{spaces}, each the tokens on it per colour ({colours}) / 3")
        if solo:
            self.box = add("box", 1, f"tokens put back in the box / {TOTAL_TOKENS}")
        self.supply = add("supply", 1, f"animal cubes in the supply / {ANIMAL_CUBES}")
        self.hand = add("hand", _NC, f"tokens taken and not yet placed, per colour ({colours}) / 3")
        self.flags = add("turn_flags", 3, "1 if this turn has taken its central space, taken an animal card; "
                         "1 if the game's end is triggered (this round is the last)")
        self.taken = add("taken_space", spaces, "one-hot: the central space taken this turn (all 0: none yet)")
        where = "display, deck (face down, unordered)" + (", discarded (solo)" if solo else "")
        self.nwhere = 3 if solo else 2
        self.animals = add("animal_cards", NUM_ANIMALS * self.nwhere,
                           f"for each animal card ({', '.join(ANIMAL_IDS)}), one-hot where it lies: {where}; all 0 "
                           "once a player took it")
        self.deck_size = add("deck_size", 1, f"cards in the animal deck / {NUM_ANIMALS}")
        if spirits:
            self.dealt = add("dealt", _NS, f"1 for each of the 2 spirit cards dealt to you ({', '.join(SPIRIT_IDS)})")
        self.board: list[int] = []
        self.cubes: list[int] = []
        self.cards: list[int] = []
        self.spirit: list[int] = []
        self.scores: list[int] = []
        self.winner: list[int] = []
        for k in range(players):
            who = f"seat +{k}" + (" (you)" if k == 0 else "")
            self.board.append(add(f"board+{k}", n_cells * NUM_STACKS,
                                  f"{who}: cells {_cell_ranges(side_id)} (side {side_id}), each a one-hot of its stack "
                                  f"({_STACK_NAMES})"))
            self.cubes.append(add(f"cubes+{k}", n_cells,
                                  f"{who}: 1 for each cell (as in board+k) holding an animal or spirit cube"))
            self.cards.append(add(f"cards+{k}", NUM_ANIMALS * 2,
                                  f"{who}: for each animal card (as in animal_cards): 1 if they took it, then cubes "
                                  "placed / the card's cubes"))
            if spirits:
                self.spirit.append(add(f"spirit+{k}", _NS + 1,
                                       f"{who}: one-hot of the spirit card kept ({', '.join(SPIRIT_IDS)}); then 1 if "
                                       f"its cube is placed"))
            suns = f", then the solo suns / {SUNS_SCALE}" if solo else ""
            self.scores.append(add(f"score+{k}", len(_SCORE_KEYS) + solo,
                                   f"{who}: points so far ({', '.join(_SCORE_KEYS)}) / {POINTS_SCALE}{suns}"))
            self.winner.append(add(f"winner+{k}", 1, f"{who}: 1 if a winner of the finished game"))
        self.size = sum(size for _, size, _ in self.segments)
        #: the vector every encoding starts from: every cell of every board empty
        self.template = [0.0] * self.size
        for start in self.board:
            for i in range(n_cells):
                self.template[start + i * NUM_STACKS] = 1.0

    def _add(self, name: str, size: int, about: str) -> int:
        offset = sum(s for _, s, _ in self.segments)
        self.segments.append((name, size, about))
        return offset


@lru_cache(maxsize=64)
def _plan(players: int, side_id: str, spirits: bool, max_turns: int | None) -> _Plan:
    return _Plan(players, side_id, spirits, max_turns)


def _plan_for(players: int, options: Mapping[str, Any]) -> _Plan:
    return _plan(players, str(options.get("side", "A")), bool(options.get("spirits", False)),
                 max_turns_option(options))


layout = layout_function(_plan_for)


def encode(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[float]:
    """``view`` (``state.view(player)``) as ``sum(lengths)`` floats, segment after segment."""
    plan = _plan_for(players, options)
    out = plan.template[:]
    n = players
    you = write_view(out, 0, view, n, plan.max_turns, TURN_SCALE)
    pouch = view["pouch"]
    for c, colour in enumerate(COLOURS):
        out[plan.pouch + c] = pouch.get(colour, 0) / TOKEN_COUNTS[c]
    base = plan.central
    for space in view["central"]:
        for c, colour in enumerate(COLOURS):
            out[base + c] = space.get(colour, 0) / 3
        base += _NC
    if plan.solo:
        out[plan.box] = view["box"] / TOTAL_TOKENS
    out[plan.supply] = view["supply"] / ANIMAL_CUBES
    hand = view["hand"]
    for c, colour in enumerate(COLOURS):
        out[plan.hand + c] = hand.get(colour, 0) / 3
    out[plan.flags] = float(view["took"])
    out[plan.flags + 1] = float(view["card_taken"])
    out[plan.flags + 2] = float(view["ending"])
    if view["taken_space"] >= 0:
        out[plan.taken + view["taken_space"]] = 1.0
    nwhere = plan.nwhere
    for card in view["display"]:
        out[plan.animals + CARD_INDEX[card] * nwhere] = 1.0
    for card in view["deck"]:
        out[plan.animals + CARD_INDEX[card] * nwhere + 1] = 1.0
    if plan.solo:
        for card in view["discarded"]:
            out[plan.animals + CARD_INDEX[card] * nwhere + 2] = 1.0
    out[plan.deck_size] = view["deck_size"] / NUM_ANIMALS
    if plan.spirits:
        dealt = view["dealt"][you] if view.get("you") is not None else None
        for card in dealt or ():
            out[plan.dealt + _SPIRIT_INDEX[card]] = 1.0
    cell_index = plan.cell_index
    boards = view["boards"]
    scores = view["scores"]
    winners = view["winners"]
    score_keys = _SCORE_KEYS + (("suns",) if plan.solo else ())
    for k in range(n):
        q = (you + k) % n
        board = boards[q]
        start = plan.board[k]
        for name, stack in board["cells"].items():
            i = cell_index[name]
            out[start + i * NUM_STACKS] = 0.0
            out[start + i * NUM_STACKS + _STACK_INDEX[tuple(stack)]] = 1.0
        start = plan.cubes[k]
        for name in board["cubes"]:
            out[start + cell_index[name]] = 1.0
        start = plan.cards[k]
        for entry in board["cards"]:
            c = CARD_INDEX[entry["id"]]
            out[start + 2 * c] = 1.0
            out[start + 2 * c + 1] = entry["cubes_placed"] / CARD_CUBES[c]
        if plan.spirits:
            kept = board["spirit"]
            if kept is not None:
                out[plan.spirit[k] + _SPIRIT_INDEX[kept["id"]]] = 1.0
                out[plan.spirit[k] + _NS] = float(kept["placed"])
        start = plan.scores[k]
        card = scores[q]
        for j, key in enumerate(score_keys):
            out[start + j] = card[key] / (SUNS_SCALE if key == "suns" else POINTS_SCALE)
        if q in winners:
            out[plan.winner[k]] = 1.0
    return out
