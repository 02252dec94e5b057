"""harmonies: the view encoder as it was before issue 52 (see the package's text)."""

from collections.abc import Mapping
from typing import Any

from hanpan.games.harmonies.board import NUM_STACKS
from hanpan.games.harmonies.data import (
    ANIMAL_CUBES,
    CARD_CUBES,
    CARD_INDEX,
    COLOURS,
    NUM_ANIMALS,
    TOKEN_COUNTS,
    TOTAL_TOKENS,
)
from hanpan.games.harmonies.encoding import (
    _NC,
    _NS,
    _SCORE_KEYS,
    _SPIRIT_INDEX,
    _STACK_INDEX,
    POINTS_SCALE,
    SUNS_SCALE,
    TURN_SCALE,
    _plan_for,
)

from .common import write_view


def encode(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[float]:
    """``view`` (``state.view(player)``) as ``sum(lengths)`` floats, segment after segment."""
    plan = _plan_for(players, options)
    out = [0.0] * plan.size  # the old plan's template: every cell of every board empty
    for start in plan.board:
        for i in range(plan.ncells):
            out[start + i * NUM_STACKS] = 1.0
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
