"""Golden records: seeded full games (written once by ``golden/make_golden.py``) replayed, scores pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanpan.core.record import Record, replay

from .helpers import ref_animals, ref_landscape

GOLDEN = Path(__file__).parent / "golden"

#: file → (final totals, winners, status); pinned here as well as in each record's stored result
PINNED = {
    "solo_random_A_1.json": ([47], (0,), "finished"),
    "solo_greedy_A_2.json": ([97], (0,), "finished"),
    "solo_greedy_B_spirits_3.json": ([99], (0,), "finished"),
    "greedy_vs_random_B_4.json": ([60, 16], (0,), "finished"),
    "three_random_spirits_5.json": ([21, 19, 24], (2,), "finished"),
    "four_mixed_A_6.json": ([64, 25, 64, 25], (0,), "finished"),  # a tie on points: seat 0 placed more cubes
    "stopped_by_max_turns_7.json": ([16, 18], (), "unfinished"),
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


def test_the_tied_golden_game_is_won_on_animal_cubes() -> None:
    state = replay(Record.load(GOLDEN / "four_mixed_A_6.json"))
    totals = [s.total for s in state.scores()]
    assert totals[0] == totals[2] == max(totals)
    assert state.animal_cubes_placed(0) > state.animal_cubes_placed(2)
