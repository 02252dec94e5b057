"""``public_view``: what a spectator knows is what every seat knows, and nothing more.

A spectator knows less than any seat, so every state a seat cannot tell from the true one (its
``determinize`` samples) must give the same public view; and a public view holds no hand card's id
that is not public and no seat's dealt cards.
"""

from __future__ import annotations

import json
import random

import pytest

import hanpan
from hanpan.core.contract import State
from hanpan.core.rng import Rng

SETUPS = [
    ("harmonies", 2, {"spirits": True}),
    ("harmonies", 1, {}),
    ("spirits_of_the_wild", 2, {}),
    ("four_gardens", 3, {"whims": True}),
    ("four_gardens", 2, {}),
]


def positions(game_id: str, players: int, options: dict[str, object], seed: int) -> list[State]:
    state = hanpan.game(game_id).new(players=players, seed=seed, **options)
    rng = random.Random(seed)
    out = []
    for step in range(400):
        if state.is_over:
            break
        if step % 23 == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    out.append(state)
    return out


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS)
def test_public_view_is_the_same_for_every_state_a_seat_cannot_tell_apart(
        game_id: str, players: int, options: dict[str, object]) -> None:
    for seed in range(3):
        for state in positions(game_id, players, options, seed):
            public = state.public_view()
            assert public["you"] is None
            json.dumps(public)  # JSON-able
            for player in range(players):
                for sample in range(2):
                    other = state.determinize(player, Rng(seed * 10 + sample))
                    assert other.public_view() == public


def test_four_gardens_public_view_shows_no_hidden_hand_card() -> None:
    state = hanpan.game("four_gardens").new(players=3, seed=5)
    public = state.public_view()
    for seat in range(3):
        own = state.view(seat)["players"][seat]["hand"]
        secret_ids = {card["id"] for card in own if not card["public"]}
        assert secret_ids  # a new game's hands are drawn blind
        shown = public["players"][seat]["hand"]
        assert not secret_ids & {card.get("id") for card in shown}
        assert len(shown) == len(own)


def test_harmonies_public_view_shows_nobody_s_dealt_spirits() -> None:
    state = hanpan.game("harmonies").new(players=2, seed=5, spirits=True)
    assert state.view(0)["dealt"][0] is not None
    assert state.public_view()["dealt"] == [None, None]
