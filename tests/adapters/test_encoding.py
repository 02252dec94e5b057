"""The games' own observation encodings (``hanpan.games.<id>.encoding``), read through ``encoding_for``.

For every game and a spread of setups (every player count, every option), one seeded random game each:
at every decision and at the end, for every seat, the encoding has exactly ``size`` finite floats within
the layout's bounds, no offset twice, the same state gives the same numbers, a changed view gives changed
numbers, and two seats see the public per-seat blocks of a player identically (only the seat order
differs).  The encoders read the state itself: over many seeded random games of every setup they give the
very numbers the view encoders of before gave from ``view(seat)`` (``tests/adapters/reference``).  Leaks:
a true state changed only in what seat p cannot know (``tests/core/test_determinize_leaks.py``'s
perturbations) gives p the identical encoding, and so does ``state.determinize(p, rng)``.
``docs/observations.md`` holds ``describe()`` of the setups it shows and the table of sizes, regenerated
here.
"""

from __future__ import annotations

import copy
import math
import random
from pathlib import Path
from typing import Any

import pytest

import hanpan
from hanpan.adapters.observation import Encoding, encoding_for
from hanpan.core.contract import State
from hanpan.core.rng import Rng

from .leaks import PERTURB
from .reference import ENCODE

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "observations.md"


SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("harmonies", 1, {"side": "A", "spirits": False}),
    ("harmonies", 1, {"side": "B", "spirits": True}),
    ("harmonies", 2, {"side": "A", "spirits": True}),
    ("harmonies", 2, {"side": "B", "spirits": False}),
    ("harmonies", 3, {"side": "A", "spirits": False}),
    ("harmonies", 3, {"side": "B", "spirits": True}),
    ("harmonies", 4, {"side": "A", "spirits": True}),
    ("harmonies", 4, {"side": "B", "spirits": False}),
    ("harmonies", 2, {"max_turns": 7}),
    ("spirits_of_the_wild", 2, {}),
    ("spirits_of_the_wild", 2, {"max_turns": 9}),
    ("four_gardens", 2, {"whims": False}),
    ("four_gardens", 2, {"whims": True}),
    ("four_gardens", 3, {"whims": False}),
    ("four_gardens", 3, {"whims": True}),
    ("four_gardens", 4, {"whims": False}),
    ("four_gardens", 4, {"whims": True}),
    ("four_gardens", 3, {"whims": True, "max_turns": 8}),
]
IDS = [f"{g}-{n}-{'-'.join(f'{k}={v}' for k, v in o.items())}" for g, n, o in SETUPS]

#: the setups docs/observations.md shows in full
DOC_SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    ("harmonies", 2, {}),
    ("spirits_of_the_wild", 2, {}),
    ("four_gardens", 2, {}),
]
#: the setups of the doc's table of sizes
SIZE_SETUPS: list[tuple[str, int, dict[str, Any]]] = [
    *[("harmonies", n, {"side": side, "spirits": spirits})
      for n in (1, 2, 3, 4) for side in ("A", "B") for spirits in (False, True)],
    ("spirits_of_the_wild", 2, {}),
    *[("four_gardens", n, {"whims": whims}) for n in (2, 3, 4) for whims in (False, True)],
]


def _new(game_id: str, players: int, options: dict[str, Any], seed: int) -> tuple[State, Encoding]:
    game = hanpan.game(game_id)
    state = game.new(players=players, seed=seed, **options)
    return state, encoding_for(game, players, state.options)


def _slices(encoding: Encoding) -> dict[str, slice]:
    out, offset = {}, 0
    for segment in encoding.layout:
        out[segment.name] = slice(offset, offset + segment.size)
        offset += segment.size
    return out


def _check_vector(encoding: Encoding, state: State, seat: int) -> list[float]:
    vector = encoding.encode(state, seat)
    assert len(vector) == encoding.size == sum(s.size for s in encoding.layout)
    assert all(isinstance(x, float) and math.isfinite(x) for x in vector)
    low, high = encoding.bounds()
    assert all(lo <= x <= hi for lo, x, hi in zip(low, vector, high, strict=True))
    ones, offsets, _ = encoding.sparse(state, seat)
    assert len(ones) == encoding.size and len(set(offsets)) == len(offsets) and not any(ones[i] for i in offsets)
    assert encoding.encode(state, seat) == vector  # the same state, the same numbers
    return vector


def _check_seats(state: State, encoding: Encoding, vectors: list[list[float]]) -> None:
    """Every public per-seat block (``name+k``) of a player is the same whichever seat looks at it."""
    n = state.num_players
    where = _slices(encoding)
    private = {"hand"}  # Four Gardens: a hand is seen whole only by its holder
    blocks = {name.rpartition("+")[0] for name in where if "+" in name} - private
    assert blocks
    for p in range(n):
        for q in range(n):
            for k in range(n):
                seat = (p + k) % n
                for block in blocks:
                    mine = vectors[p][where[f"{block}+{k}"]]
                    theirs = vectors[q][where[f"{block}+{(seat - q) % n}"]]
                    assert mine == theirs, f"seat {seat}'s {block} seen differently by seats {p} and {q}"
        if p:
            assert vectors[p] != vectors[0]


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS, ids=IDS)
def test_random_games_encode_every_view(game_id: str, players: int, options: dict[str, Any]) -> None:
    state, encoding = _new(game_id, players, options, seed=11)
    assert encoding.layout[0].name != "hashed"  # the game's own encoding, not the fallback
    rng = Rng(len(IDS) + players)
    views = [state.view(p) for p in range(players)]
    vectors = [_check_vector(encoding, state, p) for p in range(players)]
    decisions = distinct = 0
    while not state.is_over:
        if decisions % 5 == 0:
            _check_seats(state, encoding, vectors)
        state.apply(rng.choice(state.legal_actions()))
        decisions += 1
        after = [state.view(p) for p in range(players)]
        for p in range(players):
            vector = _check_vector(encoding, state, p)
            if after[p] != views[p]:
                assert vector != vectors[p], f"seat {p}'s view changed, its encoding did not"
            distinct += vector != vectors[p]
            vectors[p] = vector
        views = after
    _check_seats(state, encoding, vectors)
    assert decisions >= 5
    assert distinct >= 0.9 * decisions * players  # nearly every decision changes every seat's encoding
    for p in range(players):
        assert encoding.encode(state.clone(), p) == vectors[p]


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS, ids=IDS)
def test_the_encoders_give_the_view_encodings_of_before(game_id: str, players: int, options: dict[str, Any]) -> None:
    """Straight from the state, every number of every seat as the view encoder of before gave it."""
    reference = ENCODE[game_id]
    compared = 0
    for seed in range(4 if players <= 2 else 2):  # a few thousand positions a game in all
        state, encoding = _new(game_id, players, options, seed=100 + seed)
        rng = random.Random(seed)
        decisions = 0
        while True:
            for p in range(players):
                assert encoding.encode(state, p) == reference(state.view(p), players, state.options), (
                    f"seed {100 + seed}, seat {p}, after {decisions} decisions")
                compared += 1
            if state.is_over:
                break
            state.apply_id(rng.choice(state.legal_action_ids()))
            decisions += 1
    assert compared > 2 * players * 5


@pytest.mark.parametrize(("game_id", "players", "options"), SETUPS, ids=IDS)
def test_no_hidden_information_reaches_the_encoding(game_id: str, players: int, options: dict[str, Any]) -> None:
    state, encoding = _new(game_id, players, options, seed=23)
    game = state.game
    rng = random.Random(f"encoding-{game_id}-{players}-{options}")
    perturb = PERTURB[game_id]
    step = checked = changed = 0
    while True:
        if step % 11 == 0 or state.is_over:
            truth = state.to_json()
            for p in range(players):
                mine = encoding.encode(state, p)
                other = game.from_json(perturb(copy.deepcopy(truth), p, rng))
                assert other.view(p) == state.view(p), "the test changed something the seat knows"
                changed += other.to_json() != truth
                assert encoding.encode(other, p) == mine
                sample = state.determinize(p, Rng(rng.randrange(1 << 64)))
                assert encoding.encode(sample, p) == mine
            checked += 1
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
        step += 1
    assert checked >= 2
    assert changed == checked * players  # every perturbed state really differed from the true one


def test_hidden_cards_show_only_as_what_the_seat_knows() -> None:
    """Harmonies: the other seats' dealt spirits are not in your encoding; yours are.  Four Gardens: an
    opponent's blind-drawn card shows only its landscape side."""
    state, encoding = _new("harmonies", 2, {"spirits": True}, seed=5)
    where = _slices(encoding)
    for p in range(2):
        dealt = encoding.encode(state, p)[where["dealt"]]
        assert sum(dealt) == 2
        assert dealt != encoding.encode(state, 1 - p)[where["dealt"]]
    state, encoding = _new("four_gardens", 2, {}, seed=5)
    where = _slices(encoding)
    mine, theirs = (encoding.encode(state, p) for p in range(2))
    assert mine[where["hand+1"]] != theirs[where["hand+0"]]
    blind = mine[where["hand+1"]]
    slot = len(blind) // 5
    known = [blind[i * slot + 20] for i in range(5)]  # 1 (present) + 14 places + 5 gods: the base-known flag
    assert known == [0.0] * 5 and sum(blind) == 5 * 3  # present, place, god per blind card


def test_layouts_follow_the_options() -> None:
    def names(game_id: str, players: int, **options: Any) -> list[str]:
        return [s.name for s in encoding_for(hanpan.game(game_id), players, options).layout]

    assert "dealt" in names("harmonies", 2, spirits=True) and "dealt" not in names("harmonies", 2)
    assert "box" in names("harmonies", 1) and "box" not in names("harmonies", 2)
    assert "turns_left" in names("harmonies", 2, max_turns=5) and "turns_left" not in names("harmonies", 2)
    assert "whims+0" in names("four_gardens", 3, whims=True) and "bonus_tiles+2" in names("four_gardens", 3)
    for game_id, players, options in SIZE_SETUPS:
        encoding = encoding_for(hanpan.game(game_id), players, options)
        assert len({s.name for s in encoding.layout}) == len(encoding.layout)
        assert all(s.size > 0 and s.about and 0 <= s.low < s.high for s in encoding.layout)


def _size_table() -> str:
    lines = ["| game | players | options | size |", "|---|---|---|---|"]
    for game_id, players, options in SIZE_SETUPS:
        text = ", ".join(f"{k}={v}" for k, v in options.items()) or "–"
        size = encoding_for(hanpan.game(game_id), players, options).size
        lines.append(f"| {game_id} | {players} | {text} | {size} |")
    return "\n".join(lines)


def test_the_doc_shows_the_layouts_as_they_are() -> None:
    text = DOC.read_text("utf-8")
    for game_id, players, options in DOC_SETUPS:
        describe = encoding_for(hanpan.game(game_id), players, options).describe()
        assert describe in text, f"docs/observations.md lacks the layout of {game_id} ({players} players, {options})"
    assert _size_table() in text, "docs/observations.md: the table of sizes is stale"


if __name__ == "__main__":  # print the doc's generated parts
    for game_id, players, options in DOC_SETUPS:
        print(f"## {game_id} {players} {options}\n```text")
        print(encoding_for(hanpan.game(game_id), players, options).describe())
        print("```\n")
    print(_size_table())
