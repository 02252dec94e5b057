"""Invariants over 2,000 seeded random games across 1–4 players, both sides, with and without spirits:
120 tokens (pouch + central board and hand + boards + box), 66 animal cubes (cards + boards + supply),
legal actions non-empty and in id order until the end, and whole-position round trips."""

from __future__ import annotations

from typing import Any

import pytest

from hanpan.core.rng import Rng
from hanpan.games.harmonies.actions import ACTIONS
from hanpan.games.harmonies.data import CARD_CUBES, CARD_LIMIT, NUM_ANIMALS

from .helpers import GAME

GAMES = 2000
CHUNKS = 8


def check_cheap(state: object) -> None:
    from hanpan.games.harmonies.state import HarmoniesState

    assert isinstance(state, HarmoniesState)
    assert state.pouch_count + sum(state.central) + state.hand_count + state.box + sum(
        sum(map(len, (state_stack_tokens(state, p)))) for p in range(state.num_players)) == 120
    on_cards = on_boards = 0
    for c in range(NUM_ANIMALS):
        if state.owner[c] >= 0:
            on_boards += state.placed[c]
            on_cards += CARD_CUBES[c] - state.placed[c]
    assert on_cards + on_boards + state.supply == 66
    for p in range(state.num_players):
        assert len(state.held[p]) <= CARD_LIMIT
        assert state.cubes[p].bit_count() == sum(state.placed[c] for c in state.owned[p]) + (
            state.placed[state.spirit[p]] if state.spirits and state.spirit[p] >= 0 else 0)


def state_stack_tokens(state: object, p: int) -> list[tuple[str, ...]]:
    from hanpan.games.harmonies.board import STACKS

    return [STACKS[sid] for sid in state.stacks[p]]  # type: ignore[attr-defined]


def check_decision(state: Any, legal: list[Any]) -> None:
    """Before the end: some legal action, the legal actions unique and in id order."""
    assert legal, "no legal action before the end"
    ids = [a.id for a in legal]
    assert ids == sorted(set(ids))


def check_position(state: Any, legal: list[Any]) -> None:
    """The whole position round-trips through JSON (with its derived caches); every legal action's notation
    parses back to it."""
    data = state.to_json()
    again = GAME.from_json(data)
    assert again.to_json() == data
    assert [a.id for a in again.legal_actions()] == [a.id for a in legal]
    assert again.acc == state.acc and again.card_acts == state.card_acts  # derived caches
    for a in legal:
        assert ACTIONS.parse(str(a)) == a


def check_end(state: Any) -> None:
    """A finished game: no action, nobody to move, the same number of turns for everyone, winners on top."""
    players = state.num_players
    assert state.legal_actions() == [] and state.current_player is None
    assert state.status == "finished"
    assert state.turn % players == 0  # everyone had the same number of turns
    winners = state.winners()
    totals = [s.total for s in state.scores()]
    assert winners and all(totals[w] == max(totals) for w in winners)
    if players == 1:
        assert state.turn <= 14


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_keep_every_invariant(chunk: int) -> None:
    rng = Rng(1000 + chunk)
    for index in range(chunk, GAMES, CHUNKS):
        players = 1 + index % 4
        side = "AB"[index // 4 % 2]
        spirits = index // 8 % 2 == 1
        state = GAME.new(players=players, seed=index, side=side, spirits=spirits)
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            check_decision(state, legal)
            if step % 23 == 0:
                check_position(state, legal)
            state.apply(legal[rng.randbelow(len(legal))])
            check_cheap(state)
            step += 1
        check_end(state)
