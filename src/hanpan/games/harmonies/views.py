"""What a Harmonies state shows: a seat's view, the public view, the position written out (``to_json``)
and a sample of what a seat cannot see (for ``determinize``).

The pouch and the deck have no order (draws take a random index), so no view shows one and a sample
only sorts them; the spirits dealt to a seat are that seat's secret until one is kept.

>>> from hanpan.games.harmonies import GAME
>>> s = GAME.new(players=2, seed=1, spirits=True)
>>> seen = view(s, 0)
>>> seen["dealt"][1], len(seen["dealt"][0]), public_view(s)["dealt"]
(None, 2, [None, None])
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from hanpan.core.rng import Rng
from hanpan.games.harmonies.board import STACKS
from hanpan.games.harmonies.data import CARD_IDS, COLOURS, NUM_ANIMALS, NUM_CARDS, SPIRIT_IDS

if TYPE_CHECKING:
    from hanpan.games.harmonies.state import HarmoniesState


def view(s: HarmoniesState, player: int) -> dict[str, Any]:
    """Everything public, plus ``player``'s own dealt spirits; no generator, no deck order."""
    data = public_json(s)
    data["you"] = player
    data["deck"] = sorted(CARD_IDS[c] for c in s.deck)
    if s.spirits:
        data["dealt"] = [[SPIRIT_IDS[c - NUM_ANIMALS] for c in s.dealt[q]] if q == player else None
                         for q in range(s.num_players)]
    return data


def public_view(s: HarmoniesState) -> dict[str, Any]:
    """Everything public: the dealt spirits are nobody's (a kept one shows on its board)."""
    data = view(s, 0)
    data["you"] = None
    if s.spirits:
        data["dealt"] = [None] * s.num_players
    return data


def resample_hidden(s: HarmoniesState, player: int, rng: Rng) -> None:
    """Replace, in ``s`` (a copy), what ``player`` cannot see by a sample drawn with ``rng``: the other
    seats' dealt spirits (but a kept one) and the spirits never dealt; the pouch and the deck.  (The
    state's own generator, hidden too, is ``determinize``'s to reseed, after this.)"""
    if s.spirits:
        known = set(s.dealt[player]) | {c for c in s.spirit if c >= 0}
        unknown = [c for c in range(NUM_ANIMALS, NUM_CARDS) if c not in known]
        rng.shuffle(unknown)
        for q in range(s.num_players):
            if q == player:
                continue
            kept = s.spirit[q]
            if kept >= 0:
                s.dealt[q] = sorted([kept, unknown.pop()])
            else:
                s.dealt[q] = sorted([unknown.pop(), unknown.pop()])
        s.spirit_box = sorted(unknown)
    # Draws take a uniformly random index, so the order of the pouch and the deck never matters:
    # sorting (cheap, and the same for every hidden order) replaces shuffling them.
    s.deck.sort()
    s.bag.sort()


def board_json(s: HarmoniesState, p: int) -> dict[str, Any]:
    """Player ``p``'s board: the stacks by cell name, the cubes, the cards taken and the kept spirit."""
    side = s.side
    stacks = s.stacks[p]
    cells = {side.names[i]: list(STACKS[stacks[i]]) for i in range(side.ncells) if stacks[i]}
    cubes = {side.names[i]: CARD_IDS[c] for i, c in enumerate(s.cube_card[p]) if c >= 0}
    kept = s.spirit[p]
    return {
        "cells": cells,
        "cubes": cubes,
        "cards": [{"id": CARD_IDS[c], "cubes_placed": s.placed[c]} for c in s.owned[p]],
        "spirit": {"id": CARD_IDS[kept], "placed": s.placed[kept] > 0} if kept >= 0 else None,
    }


def public_json(s: HarmoniesState) -> dict[str, Any]:
    """What every seat sees, the scores and winners included."""
    return {
        "game": s.game.id,
        "options": dict(s.options),
        "players": s.num_players,
        "turn": s.turn,
        "current_player": s.current_player,
        "status": s.status,
        "pouch": counts(s.pouch()),
        "central": [counts(s.space_tokens(k)) for k in range(s.nspaces)],
        "box": s.box,
        "display": [CARD_IDS[c] for c in s.display],
        "deck_size": len(s.deck),
        "discarded": [CARD_IDS[c] for c in s.discarded],
        "supply": s.supply,
        "boards": [board_json(s, p) for p in range(s.num_players)],
        "hand": counts(s.hand),
        "took": s.took,
        "taken_space": s.taken_space,
        "card_taken": s.card_taken,
        "ending": s.ending,
        "scores": [card.to_json() for card in s.scores()],
        "winners": list(s.winners()),
    }


def to_json(s: HarmoniesState) -> dict[str, Any]:
    """The whole position, hidden parts and generator included (``Harmonies.from_json`` reads it back)."""
    data = public_json(s)
    data.update({
        "format": "hanpan.position/1",
        "seed": s.seed,
        "rng": s.rng.state,
        "bag": "".join("bygnsr"[c] for c in s.bag),
        "reveals": s.reveals,
        "player": s.player,
        "deck": [CARD_IDS[c] for c in s.deck],
        "dealt": [[CARD_IDS[c] for c in d] for d in s.dealt],
        "spirit_box": [CARD_IDS[c] for c in s.spirit_box],
        "stopped": s.stopped,
        "over": s.over,
    })
    if s.drawing:  # explicit chance: what waits for its draws (hanpan.games.harmonies.chance)
        data["drawing"] = s.drawing
    return data


def counts(per_colour: Sequence[int]) -> dict[str, int]:
    """Counts per colour index as ``{colour name: count}``, the colours with none left out."""
    return {COLOURS[k]: per_colour[k] for k in range(6) if per_colour[k]}
