"""Random-play invariants over 2,000 seeded games (2–4 players, with and without whims).

At every decision: the 60 tokens and 70 cards are all accounted for, every marker is on 2..10 or removed,
no garden holds more than 3 base cards, base cards never hold more than their cost, and the legal actions
are non-empty, unique, in id order and parse back from their text.
"""

from __future__ import annotations

from typing import Any

from hanpan.core.rng import Rng
from hanpan.games.four_gardens import state as S

from .helpers import DECK, GAME, new

COST = DECK.cost


ALL_CARDS = list(range(70))


def check(s: S.GardensState) -> None:
    n = s.num_players
    tok = s.tok
    store = s.store
    on_bases = [0, 0, 0, 0]
    for p in range(n):
        bases = s.bases[p]
        assert len(bases) <= 3 and s.free(p) >= 0
        for c in bases:
            cost = COST[c]
            for r in range(4):
                t = tok[c * 4 + r]
                assert t <= cost[r]
                on_bases[r] += t
    for r in range(4):  # 15 of each resource: supply, storages, base cards (and nowhere else)
        assert s.supply[r] + sum(store[r::4]) + on_bases[r] == 15
    assert sum(tok) == sum(on_bases)
    cards = s.deck + s.display + s.discard + [c for c in s.slots if c >= 0]
    for h in s.hands:
        cards += h
    cards.sort()
    assert cards == ALL_CARDS
    for m in s.marker:
        assert m == 0 or 2 <= m <= 10
    if s.whims_on:
        assert sum(1 for w in s.whim if w) + len(s.whim_open) + len(s.whim_stack) == 10
    else:
        assert sum(len(t) for t in s.bonus_tiles) + sum(len(p) for p in s.piles) == 12


def check_decision(s: S.GardensState, legal: list[Any]) -> None:
    """The legal actions are unique, in id order and parse back from their text."""
    ids = [a.id for a in legal]
    assert ids == sorted(set(ids))
    assert all(GAME.actions.parse(str(a)) == a for a in legal)


def check_end(s: S.GardensState, max_turns: int | None) -> None:
    """An ended game: no action, the landscape counts match, winners only when finished (at max_turns else)."""
    assert s.legal_actions() == []
    assert all(s.lcount[p] == s.land[p].bit_count() for p in range(s.num_players))
    if s.status == "finished":
        assert s.winners()
    else:
        assert s.turn == max_turns and s.winners() == ()


def test_invariants_over_2000_games() -> None:
    finished = unfinished = 0
    for seed in range(2000):
        players = 2 + seed % 3
        whims = seed % 2 == 1
        max_turns = None if seed % 40 == 0 else 20
        options: dict[str, object] = {"whims": whims}
        if max_turns:
            options["max_turns"] = max_turns
        s = new(players, seed=seed, **options)
        rng = Rng(seed)
        while not s.is_over:
            check(s)
            legal = s.legal_actions()
            assert legal
            if seed % 50 == 0:
                check_decision(s, legal)
            s.apply(legal[rng.randbelow(len(legal))])
        check(s)
        check_end(s, max_turns)
        if s.status == "finished":
            finished += 1
        else:
            unfinished += 1
    assert finished >= 50 and unfinished > 0
