"""Golden records: seeded full games (written once by ``golden/make_golden.py``) replayed, scores pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanpan.core.record import Record, replay

from .helpers import ref_animals, ref_landscape

GOLDEN = Path(__file__).parent / "golden"

#: file → (final totals, winners, status); pinned here as well as in each record's stored result
PINNED = {
    "solo_random_A_1.json": ([27], (0,), "finished"),
    "solo_greedy_A_2.json": ([103], (0,), "finished"),
    "solo_greedy_B_spirits_3.json": ([123], (0,), "finished"),
    "greedy_vs_random_B_4.json": ([61, 16], (0,), "finished"),
    "three_random_spirits_5.json": ([21, 19, 24], (2,), "finished"),
    "four_mixed_A_6.json": ([59, 40, 53, 30], (0,), "finished"),
    "stopped_by_max_turns_7.json": ([11, 17], (), "unfinished"),
    "tie_won_on_cubes_17.json": ([29, 29], (1,), "finished"),  # equal points: seat 1 placed more cubes
    "tie_shared_61.json": ([19, 19], (0, 1), "finished"),  # equal points and cubes: a shared win
}


def test_every_golden_file_is_pinned() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.json")) == sorted(PINNED)


@pytest.mark.parametrize("filename", sorted(PINNED))
def test_golden_record_replays_to_its_pinned_result(filename: str) -> None:
    record = Record.load(GOLDEN / filename)
    state = replay(record)
    totals, winners, status = PINNED[filename]
    assert [s.total for s in state.scores()] == totals
    assert state.winners() == winners and state.status == status
    side = record.options.get("side", "A")
    for p, board in enumerate(state.to_json()["boards"]):
        card = state.scores()[p].to_json()
        ref = ref_landscape(side, board["cells"])
        assert {k: card[k] for k in ref} == ref
        assert card["animals"] == ref_animals(board["cards"])


def test_the_tied_golden_games_follow_the_tie_break() -> None:
    state = replay(Record.load(GOLDEN / "tie_won_on_cubes_17.json"))
    assert state.total(0) == state.total(1)
    assert state.animal_cubes_placed(1) > state.animal_cubes_placed(0) and state.winners() == (1,)
    state = replay(Record.load(GOLDEN / "tie_shared_61.json"))
    assert state.total(0) == state.total(1) and state.animal_cubes_placed(0) == state.animal_cubes_placed(1)
    assert state.winners() == (0, 1)
