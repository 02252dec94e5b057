"""Four Gardens with explicit chance against the default engine, seeded games side by side.

Three checks (the suite runs them on a few games, tests/four_gardens/test_chance.py):

- *same game*: a seed's game with every chance outcome drawn by the engine (``draw_chance``) and the same
  decisions is the default engine's: the whole position (tower, hands, display, deck in order, visible
  top, discards, whims, generator) equal after every decision;
- *top drawn*: with outcomes chosen at random (not the engine's), every decision that draws from the
  deck takes the top the views showed before it;
- *outcomes*: every chance point's cards are cards that may be the next top: never the top being drawn,
  a display card, a garden card or another player's hand card; with 3 or more cards in the deck the first
  chance point of a decision offers exactly the deck's cards below the top.

Decisions are random (seeded); players 2, 3, 4 in turn, whims every other game. Exit status 1 if any
check failed.

    PYTHONPATH=src .venv/bin/python benchmarks/four_gardens_chance.py --games 1000
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from typing import Any

import hanpan
from hanpan.core.rng import Rng

GAME = hanpan.game("four_gardens")


def _options(seed: int, max_turns: int) -> dict[str, Any]:
    return {"players": 2 + seed % 3, "seed": seed, "whims": seed % 2 == 0, "max_turns": max_turns}


def same_game(seed: int, max_turns: int) -> tuple[int, int]:
    """(decisions compared, positions that differed) of one seed, engine-drawn outcomes."""
    default = GAME.new(**_options(seed, max_turns))
    explicit = GAME.new(chance="explicit", **_options(seed, max_turns))
    rng = Rng(seed)
    compared = differed = 0
    while True:
        while explicit.is_chance():
            explicit.apply_chance(explicit.draw_chance())
        compared += 1
        if {**explicit.to_json(), "options": None} != {**default.to_json(), "options": None}:
            return compared, differed + 1  # the games part: the rest would differ too
        if default.is_over:
            return compared, differed
        legal = default.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        default.apply(action)
        explicit.play(str(action))


def _seen(j: dict[str, Any]) -> set[int]:
    return {c for p in j["players"] for c in p["hand"]} | set(j["display"])


def random_outcomes(seed: int, max_turns: int) -> tuple[int, int, int, int]:
    """(decisions that drew, of them taking the shown top, chance points checked, bad outcome lists)."""
    state = GAME.new(chance="explicit", **_options(seed, max_turns))
    rng = random.Random(seed)
    drew = took_top = checked = bad = 0

    def resolve() -> None:
        nonlocal checked, bad
        while state.is_chance():
            j = state.to_json()
            outcomes = state.chance_outcomes()
            cards = {int(str(a).split()[1][1:]) for a, _ in outcomes if str(a).startswith("draw")}
            if cards and j["chance"]["decision"] != "setup":
                checked += 1
                others = {c for q, p in enumerate(j["players"]) if q != state.player for c in p["hand"]}
                gardens = {c for p in j["players"] for c in p["garden"] if c}
                wrong = j["deck"][-1] in cards or bool(cards & (set(j["display"]) | others | gardens))
                if len(j["deck"]) >= 3 and not j["chance"]["outcomes"]:
                    wrong = wrong or cards != set(j["deck"][:-1])
                bad += wrong
            state.apply_chance(rng.choice(outcomes)[0])

    resolve()
    while not state.is_over:
        before = state.to_json()
        top = before["deck"][-1] if before["deck"] else None
        state.play(rng.choice(state.legal_actions()))
        resolve()
        drawn = _seen(state.to_json()) - _seen(before)
        if drawn and top is not None:
            drew += 1
            took_top += top in drawn
    return drew, took_top, checked, bad


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="seeded games of each check (seeds 0..N-1)")
    parser.add_argument("--max-turns", type=int, default=200, help="turns a game at most")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    compared = differed = drew = took_top = checked = bad = 0
    for seed in range(args.games):
        c, d = same_game(seed, args.max_turns)
        compared, differed = compared + c, differed + d
        a, b, e, f = random_outcomes(seed, args.max_turns)
        drew, took_top, checked, bad = drew + a, took_top + b, checked + e, bad + f
    print(f"{args.games} seeded games, {time.perf_counter() - start:.0f} s")
    print(f"same game: {compared:,} positions compared, {differed} games that parted")
    print(f"top drawn: {took_top:,} of {drew:,} decisions that drew took the top the views showed")
    print(f"outcomes: {checked:,} chance points checked, {bad} with a card that cannot be the next top")
    return 1 if differed or bad or took_top != drew else 0


if __name__ == "__main__":
    sys.exit(main())
