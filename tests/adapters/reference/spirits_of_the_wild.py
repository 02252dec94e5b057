"""spirits_of_the_wild: the view encoder as it was before issue 52 (see the package's text)."""

from collections.abc import Mapping
from typing import Any

from hanpan.games.spirits_of_the_wild.data import (
    ANIMALS,
    CARD_IDS,
    PLACE_DISTINCT,
    PLACE_SIZE,
    SPIRIT_CARDS,
    SPIRITS_TO_END,
    STONE_COUNTS,
    STONES,
)
from hanpan.games.spirits_of_the_wild.encoding import (
    _ANIMAL_INDEX,
    _ANIMAL_PLACES,
    _CARD_INDEX,
    _COLOUR_INDEX,
    _NA,
    _PHASE_INDEX,
    _PILE,
    _PLACE_OFFSET,
    _PLAYABLE_INDEX,
    _SCORE_KEYS,
    _STEP_INDEX,
    POINTS_SCALE,
    TURN_SCALE,
    _plan_for,
)
from hanpan.games.spirits_of_the_wild.state import PHASES

from .common import write_view


def encode(view: Mapping[str, Any], players: int, options: Mapping[str, Any]) -> list[float]:
    """``view`` (``state.view(player)``) as ``sum(lengths)`` floats, segment after segment."""
    plan = _plan_for(players, options)
    out = [0.0] * plan.size
    n = players
    you = write_view(out, 0, view, n, plan.max_turns, TURN_SCALE, len(PHASES))
    out[plan.phase + _PHASE_INDEX[view["phase"]]] = 1.0
    bag, tray, held = view["bag"], view["tray"], view["held"]
    for k, kind in enumerate(STONES):
        out[plan.bag + k] = bag.get(kind, 0) / STONE_COUNTS[k]
        out[plan.tray + k] = tray.get(kind, 0) / STONE_COUNTS[k]
        out[plan.held + k] = held.get(kind, 0) / 2
    out[plan.to_take] = view["to_take"] / 2
    card_played = view["card_played"]
    if card_played is not None:
        out[plan.card_played + _PLAYABLE_INDEX[card_played]] = 1.0
    for step in view["steps_left"]:
        out[plan.steps_left + _STEP_INDEX[step]] = 1.0
    active_pile = view["active_pile"]
    if active_pile is not None:
        out[plan.active_pile + active_pile] = 1.0
    out[plan.extra_turn] = float(view["extra_turn"])
    out[plan.out] = view["spirit_stones_out"] / SPIRITS_TO_END
    coyote = view["coyote"]
    if coyote is None:
        out[plan.coyote] = 1.0
    else:
        out[plan.coyote + 1 + ((coyote["player"] - you) % n) * _NA + _ANIMAL_INDEX[coyote["animal"]]] = 1.0
    width = len(SPIRIT_CARDS) + 1
    start = plan.piles
    for pile in view["spirit_piles"]:
        for i, card in enumerate(pile):
            out[start + i * width + (_CARD_INDEX[card] if card is not None else width - 1)] = 1.0
        start += _PILE * width
    boards, cards, scores, winners = view["boards"], view["action_cards"], view["scores"], view["winners"]
    for k in range(n):
        q = (you + k) % n
        animals = boards[q]["animals"]
        start = plan.board[k]
        for a, places in enumerate(_ANIMAL_PLACES):
            stones = animals[ANIMALS[a]]
            for j, place in enumerate(places):
                on = stones[j] if len(places) > 1 else stones
                at = start + _PLACE_OFFSET[place]
                if PLACE_DISTINCT[place]:
                    for colour in on:
                        out[at + _COLOUR_INDEX[colour]] = 1.0
                elif on:
                    out[at] = len(on) / PLACE_SIZE[place]
                    out[at + 1 + _COLOUR_INDEX[on[0]]] = 1.0
        for animal in boards[q]["spirit_stones"]:
            out[plan.spirits[k] + _ANIMAL_INDEX[animal]] = 1.0
        face_up = cards[q]
        start = plan.cards[k]
        out[start] = face_up[CARD_IDS[0]] / 2
        for j in range(1, len(CARD_IDS)):
            out[start + j] = float(face_up[CARD_IDS[j]])
        card = scores[q]
        start = plan.scores[k]
        for j, key in enumerate(_SCORE_KEYS):
            out[start + j] = card[key] / POINTS_SCALE
        if q in winners:
            out[plan.winner[k]] = 1.0
    return out
