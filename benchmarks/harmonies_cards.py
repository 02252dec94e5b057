"""How the greedy agent does with animal cards in solo Harmonies: the figures behind the heuristic's notes.

    .venv/bin/python benchmarks/harmonies_cards.py [--games 30] [--seed 1] [--jobs 2] [--weights '{"slot": 2}']

Plays greedy solo games (side A, no spirit; game ``i`` as in ``hanpan simulate --seed``) and prints one
JSON line: the mean score and its categories, turns played, cards taken and finished, cubes placed, the
share finished of the cards taken on each turn, and — for the cards still unfinished at the end — how
many tokens their best habitat still lacked ("unbuildable": no habitat can be built any more).
"""

from __future__ import annotations

import argparse
import collections
import json
import statistics
from concurrent.futures import ProcessPoolExecutor
from typing import Any, cast

from tune_harmonies import greedy_solo

from hanpan.core.action import Action
from hanpan.core.contract import State
from hanpan.games.harmonies import heuristic
from hanpan.games.harmonies.data import CARD_IDS, CARD_POINTS
from hanpan.games.harmonies.state import HarmoniesState


def play(task: tuple[int, int, dict[str, float]]) -> dict[str, Any]:
    index, seed, weights = task
    taken: dict[int, int] = {}

    def note_card(state: State, player: int, action: Action) -> None:
        word, *rest = str(action).split()
        if word == "card":
            taken[CARD_IDS.index(rest[0])] = state.turn

    state = cast(HarmoniesState, greedy_solo(weights, seed, index, on_action=note_card))
    lacking = [heuristic.tokens_short(state, 0, card) for card in state.held[0]]
    short = ["unbuildable" if n is None else str(n) for n in lacking]
    return {
        "score": state.total(0), "points": state.points(0)[:6], "turns": state.turn,
        "taken": [(turn, state.placed[c] == len(CARD_POINTS[c])) for c, turn in taken.items()],
        "cubes": sum(state.placed[c] for c in taken), "short": short,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--weights", default="{}", help="heuristic weights to change (JSON)")
    args = parser.parse_args()
    tasks = [(i, args.seed, json.loads(args.weights)) for i in range(args.games)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        games = list(pool.map(play, tasks))
    by_turn: dict[int, list[bool]] = collections.defaultdict(list)
    for g in games:
        for turn, finished in g["taken"]:
            by_turn[turn].append(finished)
    print(json.dumps({
        "games": len(games), "mean": round(statistics.fmean(g["score"] for g in games), 2),
        "categories": [round(statistics.fmean(g["points"][k] for g in games), 1) for k in range(6)],
        "turns": round(statistics.fmean(g["turns"] for g in games), 2),
        "cards_taken": round(statistics.fmean(len(g["taken"]) for g in games), 2),
        "cards_finished": round(statistics.fmean(sum(f for _, f in g["taken"]) for g in games), 2),
        "cubes": round(statistics.fmean(g["cubes"] for g in games), 2),
        "finished_share_by_turn_taken": {t: [len(v), round(statistics.fmean(v), 2)]
                                         for t, v in sorted(by_turn.items())},
        "unfinished_at_end_tokens_short": dict(collections.Counter(s for g in games for s in g["short"])),
    }))


if __name__ == "__main__":
    main()
