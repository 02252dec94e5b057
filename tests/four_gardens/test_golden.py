"""Golden records: seeded full games (written by ``make_golden.py``) whose final scores are pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanpan.core.errors import RecordError
from hanpan.core.record import Record, replay

GOLDEN = Path(__file__).parent / "golden"

#: file → (final scores, winners, status); pinned here as well as in each record's stored result
PINNED = {
    "greedy_vs_random_1.json": ([43, 19], (0,), "finished"),
    "random_vs_greedy_2.json": ([19, 38], (1,), "finished"),
    "greedy_3p_whims_3.json": ([32, 28, 31], (0,), "finished"),
    "random_4p_4.json": ([25, 26, 20, 31], (3,), "finished"),
    "greedy_4p_whims_5.json": ([31, 14, 30, 29], (0,), "finished"),
    "random_2p_whims_6.json": ([21, 30], (1,), "finished"),
    "stopped_by_max_turns_7.json": ([15, 12, 13], (), "unfinished"),
}


def test_every_golden_file_is_pinned() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.json")) == sorted(PINNED)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_record_replays_to_its_pinned_result(name: str) -> None:
    record = Record.load(GOLDEN / name)
    assert record.game == "four_gardens"
    state = replay(record)
    scores, winners, status = PINNED[name]
    assert [c.total for c in state.scores()] == scores
    assert state.winners() == winners and state.status == status


def test_a_tampered_record_is_refused() -> None:
    record = Record.load(GOLDEN / "greedy_vs_random_1.json")
    record.actions[5] = "done"
    with pytest.raises(RecordError, match="move 6"):
        replay(record)
