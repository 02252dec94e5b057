"""The rearrange ruling: within one rearrange no card both gives and receives a resource.

Without it a player could shuttle a token between two base cards forever (``move grass c3 c62``,
``move grass c62 c3``, ...).  These tests check that every rearrange now ends after a bounded number of
moves, that the ruling keeps every reachable outcome (a breadth-first search over all move sequences
with and without it reaches the same final arrangements), and that positions keep the ruling's masks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from hanpan.core.errors import PositionError
from hanpan.core.rng import Rng
from hanpan.games.four_gardens import actions as A
from hanpan.games.four_gardens import layout as L
from hanpan.games.four_gardens import state as S

from .helpers import DECK, GAME, RES, label, new, put_base, set_hand, set_storage, texts, turn_of

#: (tokens on the player's base cards, storage, supply), each a tuple of counts
Arrangement = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def arrangement(s: S.GardensState) -> Arrangement:
    p = s.player
    tok = tuple(s.tok[b * 4 + r] for b in s.bases[p] for r in range(4))
    return tok, tuple(s.store[p * 4:p * 4 + 4]), tuple(s.supply)


def moves(s: S.GardensState) -> list[Any]:
    """The rearrange moves open now (everything but ``done``)."""
    return [a for a in s.legal_actions() if a.id != A.DONE]


def random_rearrange(seed: int, max_storage: int = 4, oppress: bool = False, crowded: bool = False) -> S.GardensState:
    """Player 0 just started a rearrange with 1–3 random base cards carrying random tokens and random storage.

    ``crowded``: 3 cards that each take at least 2 of one resource and hold fewer than that of it (so tokens
    of it may go back and forth between them)."""
    rng = Rng(seed)
    s = new(2 + seed % 3, seed=seed)
    card = s.hands[0][0]
    shared = seed % 4
    pool = [c for c in range(70) if c != card and (not crowded or DECK.cost[c][shared] >= 2)]
    rng.shuffle(pool)
    chosen: list[int] = []
    places: set[tuple[int, int]] = set()
    want = 3 if crowded else 1 + rng.randbelow(3)
    for c in pool:
        if (DECK.colour[c], DECK.position[c]) not in places:
            places.add((DECK.colour[c], DECK.position[c]))
            chosen.append(c)
            if len(chosen) == want:
                break
    for c in chosen:
        tokens = {r: rng.randbelow(DECK.cost[c][i] + 1) for r, i in RES.items()}
        if crowded:
            tokens[list(RES)[shared]] = 1 + rng.randbelow(DECK.cost[c][shared] - 1)
        put_base(s, 0, c, tokens)
    storage = dict.fromkeys(RES, 0)
    for _ in range(rng.randbelow(max_storage + 1)):
        storage[list(RES)[rng.randbelow(4)]] += 1
    set_storage(s, 0, **storage)
    set_hand(s, 0, [card])
    turn_of(s, 0)
    if oppress:
        s.oppressed, s.oppressor = chosen[rng.randbelow(len(chosen))], 1
    s.play(f"rearrange {label(card)}")
    assert s.phase == L.PH_REARRANGE
    return s


def rearranges_in_random_games(games: int) -> Iterator[S.GardensState]:
    """Positions of random games just after a ``rearrange`` (one per action-choice point, on clones)."""
    for seed in range(games):
        s = new(2 + seed % 3, seed=500 + seed, whims=seed % 2 == 1)
        rng = Rng(seed)
        while not s.is_over:
            if s.phase == L.PH_ACTION:
                hand = s.hands[s.player]
                if hand and s.actions_done < s.actions_allowed:
                    c = s.clone()
                    c.play(f"rearrange {label(hand[rng.randbelow(len(hand))])}")
                    yield c
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])


def walk_without_done(s: S.GardensState, rng: Rng) -> int:
    """Random rearrange moves, never ``done``, until none is left; checks the bound and returns the count.

    Bound: each move lowers storage or the tokens of a card that gives (and never receives again)."""
    p = s.player
    bound = sum(s.store[p * 4:p * 4 + 4]) + sum(s.tok[b * 4 + r] for b in s.bases[p] for r in range(4))
    steps = 0
    while True:
        options = moves(s)
        if not options:
            break
        s.apply(options[rng.randbelow(len(options))])
        steps += 1
        assert steps <= bound
    assert texts(s) == ["done"] and s.phase == L.PH_REARRANGE
    return steps


# --- a rearrange always ends ----------------------------------------------------------------------
def test_the_shuttle_is_refused() -> None:
    s = new(2)
    card = s.hands[0][0]
    a = next(c for c in range(70) if DECK.cost[c][2] >= 2 and DECK.colour[c] == 3 and c != card)
    b = next(c for c in range(70) if DECK.cost[c][2] >= 2 and DECK.colour[c] == 2 and c != card)
    put_base(s, 0, a, {"grass": 1})
    put_base(s, 0, b, {"grass": 1})
    set_storage(s, 0, grass=2)
    set_hand(s, 0, [card])
    turn_of(s, 0)
    s.play(f"rearrange {label(card)}")
    assert {f"move grass {label(a)} {label(b)}", f"move grass {label(b)} {label(a)}"} <= set(texts(s))
    s.play(f"move grass {label(a)} {label(b)}")
    legal = set(texts(s))
    assert f"move grass {label(b)} {label(a)}" not in legal  # b received grass: it gives none
    assert f"move grass {label(a)} {label(b)}" not in legal  # a has no grass left
    assert f"move grass storage {label(a)}" not in legal  # a gave grass: it receives none
    assert f"move grass storage {label(b)}" in legal or DECK.cost[b][2] == 2
    assert (s.gave, s.got) == (1 << (a * 4 + 2), 1 << (b * 4 + 2))
    s.play("done")
    assert (s.gave, s.got) == (0, 0)


def test_a_fresh_rearrange_starts_with_empty_masks() -> None:
    s = new(2)
    s.gave = s.got = (1 << (70 * 4)) - 1  # stale bits (never left by the rules: done clears them)
    s.play(f"rearrange {label(s.hands[0][0])}")
    assert (s.gave, s.got) == (0, 0)


@pytest.mark.parametrize("oppress", [False, True])
def test_every_rearrange_of_random_positions_ends(oppress: bool) -> None:
    rng = Rng(11)
    longest = 0
    for seed in range(300):
        s = random_rearrange(seed, oppress=oppress, crowded=seed % 2 == 1)
        longest = max(longest, walk_without_done(s, rng))
    assert longest >= 4  # the walks did move tokens around


def test_every_rearrange_of_random_games_ends() -> None:
    rng = Rng(12)
    count = moved = 0
    for s in rearranges_in_random_games(12):
        moved += walk_without_done(s, rng) > 0
        count += 1
    assert count > 200 and moved > 50


# --- the ruling keeps every outcome ---------------------------------------------------------------
def unrestricted_model(s: S.GardensState) -> set[Arrangement]:
    """Every arrangement reachable by the spec's moves without the ruling, computed from the counts alone."""
    p = s.player
    bases = s.bases[p]
    n = len(bases)
    cost = [DECK.cost[b] for b in bases]
    open_to = [b != s.oppressed for b in bases]
    tok0, store0, supply0 = arrangement(s)
    start = (tok0, store0)
    seen = {start}
    todo = [start]
    while todo:
        tok, store = todo.pop()
        successors = []
        for r in range(4):
            targets = [i for i in range(n) if open_to[i] and tok[i * 4 + r] < cost[i][r]]
            if store[r]:
                less = (*store[:r], store[r] - 1, *store[r + 1:])
                successors.append((tok, less))  # storage → supply
                for i in targets:  # storage → card
                    k = i * 4 + r
                    successors.append(((*tok[:k], tok[k] + 1, *tok[k + 1:]), less))
            for j in range(n):  # card → card
                if tok[j * 4 + r]:
                    for i in targets:
                        if i != j:
                            t = list(tok)
                            t[j * 4 + r] -= 1
                            t[i * 4 + r] += 1
                            successors.append((tuple(t), store))
        for nxt in successors:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)

    def with_supply(tok: tuple[int, ...], store: tuple[int, ...]) -> Arrangement:
        returned = [store0[r] - store[r] - sum(tok[i * 4 + r] - tok0[i * 4 + r] for i in range(n)) for r in range(4)]
        return tok, store, tuple(supply0[r] + returned[r] for r in range(4))

    return {with_supply(tok, store) for tok, store in seen}


def engine_outcomes(s: S.GardensState, key: Callable[[S.GardensState], object],
                    after: Callable[[S.GardensState], None] = lambda s: None) -> set[Arrangement]:
    """Every arrangement the engine reaches by rearrange moves (``after`` adjusts each new position)."""
    seen = {key(s): s}
    todo = [s]
    while todo:
        x = todo.pop()
        assert texts(x)[-1] == "done"  # every arrangement on the way may be the final one
        for action in moves(x):
            y = x.clone()
            y.apply(action)
            after(y)
            k = key(y)
            if k not in seen:
                seen[k] = y
                todo.append(y)
    return {arrangement(x) for x in seen.values()}


def _forget(s: S.GardensState) -> None:
    s.gave = s.got = 0


@pytest.mark.parametrize("seed", range(24))
def test_the_ruling_keeps_every_outcome(seed: int) -> None:
    s = random_rearrange(1000 + seed, max_storage=3, oppress=seed % 6 == 5, crowded=seed % 2 == 0)
    model = unrestricted_model(s)
    # the engine with the ruling switched off (masks forgotten after each move) agrees with the model ...
    assert engine_outcomes(s, arrangement, _forget) == model
    # ... and with the ruling it reaches exactly the same arrangements
    assert engine_outcomes(s, lambda x: (arrangement(x), x.gave, x.got)) == model


def test_the_outcome_search_covers_shuttles() -> None:
    """At least some of the searched positions offer card-to-card moves both ways (the shuttle)."""
    both_ways = 0
    for seed in range(0, 24, 2):
        s = random_rearrange(1000 + seed, max_storage=3, oppress=seed % 6 == 5, crowded=True)
        pairs = {(t.split()[1], t.split()[2], t.split()[3]) for t in texts(s) if t.startswith("move")}
        both_ways += any((r, b, a) in pairs for r, a, b in pairs if a != "storage")
    assert both_ways >= 6


# --- positions, views ------------------------------------------------------------------------------
def mid_rearrange() -> S.GardensState:
    """A rearrange in which some card has given and another has received."""
    for seed in range(100):
        s = random_rearrange(seed, oppress=False)
        card_moves = [a for a in moves(s) if A.MOVE_CARD <= a.id < A.RETURN]
        if card_moves:
            s.apply(card_moves[0])
            store_moves = [a for a in moves(s) if a.id < A.MOVE_CARD]
            if store_moves:
                s.apply(store_moves[0])
            return s
    raise AssertionError("no position with a card-to-card move")


def test_positions_keep_the_masks() -> None:
    s = mid_rearrange()
    assert s.gave and s.got
    data = json.loads(json.dumps(s.to_json()))
    assert data["turn_state"]["gave"] and data["turn_state"]["got"]
    back = GAME.from_json(data)
    assert isinstance(back, S.GardensState)
    assert (back.gave, back.got) == (s.gave, s.got) and back == s
    assert back.legal_actions() == s.legal_actions()
    # without the keys (older positions): empty masks
    del data["turn_state"]["gave"], data["turn_state"]["got"]
    old = GAME.from_json(data)
    assert isinstance(old, S.GardensState) and (old.gave, old.got) == (0, 0)
    # outside the rearrange phase the keys are not written
    s.play("done")
    assert "gave" not in s.to_json()["turn_state"]


def test_views_show_the_masks_and_determinize_keeps_them() -> None:
    s = mid_rearrange()
    for p in range(s.num_players):
        v = s.view(p)
        assert v["turn_state"]["gave"] == s.to_json()["turn_state"]["gave"]
        assert v["turn_state"]["got"] == s.to_json()["turn_state"]["got"]
        d = s.determinize(p, Rng(p))
        assert d.view(p) == v and (d.gave, d.got) == (s.gave, s.got)
        assert d.legal_actions() == s.legal_actions()
    assert "gave" not in new(2).view(0)["turn_state"]


def _first(mask: int) -> tuple[str, str]:
    low = (mask & -mask).bit_length() - 1
    return str(low // 4 + 1), list(RES)[low % 4]


def _not_base(d: dict[str, Any]) -> None:
    garden = {c - 1 for c in d["players"][d["player"]]["garden"] if c}
    outside = next(c for c in range(70) if c not in garden)
    d["turn_state"]["got"][str(outside + 1)] = ["stone"]


def _overlap(d: dict[str, Any]) -> None:
    card, res = next((k, v[0]) for k, v in d["turn_state"]["gave"].items())
    d["turn_state"]["got"].setdefault(card, []).append(res)


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["turn_state"].update(gave=[1]), "turn_state gave must map card ids to lists of resources"),
    (lambda d: d["turn_state"]["got"].update(x=["stone"]), "turn_state got keys must be card ids 1..70, not 'x'"),
    (lambda d: d["turn_state"]["got"].update({"71": ["stone"]}), "keys must be card ids 1..70, not '71'"),
    (_not_base, "not a base card of the rearranging player"),
    (lambda d: d["turn_state"]["gave"].update({k: "stone" for k in d["turn_state"]["gave"]}),
     "must be a list of resources"),
    (lambda d: d["turn_state"]["gave"].update({k: ["gold"] for k in d["turn_state"]["gave"]}),
     "unknown resource 'gold' in turn_state gave"),
    (_overlap, "no card may both give and receive a resource in one rearrange"),
    (lambda d: d.update(phase="action"), "gave / got belong only to the rearrange phase"),
])
def test_bad_masks_are_refused(change: Callable[[dict[str, Any]], None], message: str) -> None:
    data = json.loads(json.dumps(mid_rearrange().to_json()))
    change(data)
    with pytest.raises(PositionError) as info:
        GAME.from_json(data)
    assert message in str(info.value) and "\n" not in str(info.value)


def test_mask_bits_name_card_and_resource() -> None:
    s = mid_rearrange()
    card, res = _first(s.got)
    assert res in s.to_json()["turn_state"]["got"][card]
