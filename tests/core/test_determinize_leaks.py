"""``determinize(p, rng)`` carries nothing of the true state that ``p`` cannot know (issue 23 §1).

For each game, at many points of random games (every player count and option), and for every seat
``p``: a second true state B is made from the true state A by changing only what ``p`` cannot know —
the seed, the generator's state, the order of the bag / pouch / deck, the other seats' hidden cards
(within what ``p`` knows of them), the face-down whim stack — written as position JSON and read back
with ``game.from_json``.  ``B.view(p) == A.view(p)`` guards that B is a state ``p`` cannot tell from A.
Then ``A.determinize(p, Rng(k))`` and ``B.determinize(p, Rng(k))`` must be byte-identical as JSON:
the sample depends only on ``view(p)`` and ``rng``.  Before the fix every game kept the true seed
(``game.new(players, seed=d.seed)`` rebuilt every hidden card), and Four Gardens also shuffled the
hidden cards and the whim stack from their true order.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import hanpan
from hanpan.core.contract import State
from hanpan.core.rng import Rng
from hanpan.games.four_gardens.deck import builtin_deck

Perturb = Callable[[dict[str, Any], int, random.Random], dict[str, Any]]
DECK = builtin_deck()


def _new_seed(data: dict[str, Any], rng: random.Random) -> None:
    seed = data["seed"]
    while data["seed"] == seed:
        data["seed"] = rng.randrange(1 << 48)
    data["rng"] = rng.randrange(1 << 64)


def perturb_harmonies(data: dict[str, Any], p: int, rng: random.Random) -> dict[str, Any]:
    """Another seed and generator, the pouch and the deck in another order, other seats' spirits redealt."""
    _new_seed(data, rng)
    bag = list(data["bag"])
    rng.shuffle(bag)
    data["bag"] = "".join(bag)
    rng.shuffle(data["deck"])
    if data["dealt"]:
        kept = [board["spirit"]["id"] if board["spirit"] else None for board in data["boards"]]
        known = set(data["dealt"][p]) | {k for k in kept if k}
        unknown = sorted(({c for d in data["dealt"] for c in d} | set(data["spirit_box"])) - known)
        rng.shuffle(unknown)
        for q, dealt in enumerate(data["dealt"]):
            if q != p:
                dealt[:] = [kept[q], unknown.pop()] if kept[q] else [unknown.pop(), unknown.pop()]
        data["spirit_box"] = unknown
    return data


def perturb_spirits(data: dict[str, Any], p: int, rng: random.Random) -> dict[str, Any]:
    """Another seed and generator, the unseen spirit cards swapped among their places."""
    _new_seed(data, rng)
    seen = set(data["seen"])
    unseen = [c for pile in data["spirit_piles"] for c in pile if c not in seen]
    rng.shuffle(unseen)
    it = iter(unseen)
    data["spirit_piles"] = [[c if c in seen else next(it) for c in pile] for pile in data["spirit_piles"]]
    return data


def perturb_gardens(data: dict[str, Any], p: int, rng: random.Random) -> dict[str, Any]:
    """Another seed and generator; the other seats' blind-drawn cards and the deck swapped within what p
    knows of them (the epoch of each, the landscape side of hand cards and of the deck top); the deck
    below its top reordered; the whim stack reordered."""
    _new_seed(data, rng)
    private = {c - 1 for c in data["private"]}
    epoch = data["epoch"]
    deck = [c - 1 for c in data["deck"]]
    hands = [[c - 1 for c in player["hand"]] for player in data["players"]]
    places: dict[tuple[int, int], list[tuple[int, int]]] = {}  # (epoch, landscape) -> (seat or -1, index)
    for q, hand in enumerate(hands):
        if q != p:
            for i, c in enumerate(hand):
                if c in private:
                    places.setdefault((epoch[c], DECK.land_key[c]), []).append((q, i))
    for i, c in enumerate(deck):
        places.setdefault((epoch[c], DECK.land_key[c]), []).append((-1, i))
    hidden_before = {hands[q][i] for spots in places.values() for q, i in spots if q >= 0}
    for spots in places.values():
        cards = [deck[i] if q < 0 else hands[q][i] for q, i in spots]
        rng.shuffle(cards)
        for (q, i), c in zip(spots, cards, strict=True):
            if q < 0:
                deck[i] = c
            else:
                hands[q][i] = c
    below = deck[:-1]
    rng.shuffle(below)
    deck[:-1] = below
    hidden_after = {hands[q][i] for spots in places.values() for q, i in spots if q >= 0}
    private = (private - hidden_before) | hidden_after
    data["deck"] = [c + 1 for c in deck]
    for player, hand in zip(data["players"], hands, strict=True):
        player["hand"] = sorted(c + 1 for c in hand)
    data["private"] = sorted(c + 1 for c in private)
    rng.shuffle(data["whim_stack"])
    return data


SETUPS: list[tuple[str, int, dict[str, Any], Perturb]] = [
    *[("harmonies", n, {"side": side, "spirits": spirits}, perturb_harmonies)
      for n in (1, 2, 3, 4) for side in ("A", "B") for spirits in (False, True)],
    ("spirits_of_the_wild", 2, {}, perturb_spirits),
    *[("four_gardens", n, {"whims": whims}, perturb_gardens) for n in (2, 3, 4) for whims in (False, True)],
]


def _dump(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def check_no_leak(state: State, perturb: Perturb, rng: random.Random, samples: int = 2) -> int:
    """For every seat, a state differing only in what that seat cannot know gives the same samples."""
    game = state.game
    truth = state.to_json()
    changed = 0
    for p in range(state.num_players):
        other = game.from_json(perturb(copy.deepcopy(truth), p, rng))
        assert other.view(p) == state.view(p), "the test changed something the seat knows"
        assert other.seed != state.seed
        changed += other.to_json() != truth
        for _ in range(samples):
            k = rng.randrange(1 << 64)
            mine, theirs = state.determinize(p, Rng(k)), other.determinize(p, Rng(k))
            assert mine.seed != state.seed, "the determinized state keeps the true seed"
            assert _dump(mine) == _dump(theirs), f"seat {p}'s sample depends on what it cannot know"
            assert mine.view(p) == state.view(p)
    return changed


@pytest.mark.parametrize(("game_id", "players", "options", "perturb"), SETUPS,
                         ids=[f"{g}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, n, o, _ in SETUPS])
def test_determinize_depends_only_on_the_view_and_rng(game_id: str, players: int, options: dict[str, object],
                                                      perturb: Perturb) -> None:
    checked = changed = 0
    for seed in range(2):
        rng = random.Random(f"{game_id}-{players}-{options}-{seed}")
        state = hanpan.game(game_id).new(players=players, seed=1000 + seed, **options)
        step = 0
        while True:
            if step % 13 == 0 or state.is_over:
                changed += check_no_leak(state, perturb, rng)
                checked += 1
            if state.is_over:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1
    assert checked >= 8
    assert changed == checked * players  # every second state really differed from the true one
