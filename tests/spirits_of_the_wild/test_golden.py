"""Golden records: seeded full games (written by ``golden/make_golden.py``) whose final scores are pinned."""

from __future__ import annotations

from pathlib import Path

import pytest

from hanpan.core.record import Record, replay

from .helpers import GAME, ref_points

GOLDEN = Path(__file__).parent / "golden"

#: file → (final scores, winners, status); pinned here as well as in each record's stored result
PINNED = {
    "greedy_vs_random_1.json": ([13, 5], (0,), "finished"),
    "random_vs_greedy_2.json": ([15, 30], (1,), "finished"),
    "greedy_vs_greedy_3.json": ([20, 5], (0,), "finished"),
    "random_vs_random_4.json": ([21, 20], (0,), "finished"),
    "greedy_vs_greedy_5.json": ([10, 4], (0,), "finished"),
    "random_vs_random_6.json": ([5, 6], (1,), "finished"),
    "stopped_by_max_turns_7.json": ([6, 4], (), "unfinished"),
}


def test_every_golden_file_is_pinned() -> None:
    assert sorted(p.name for p in GOLDEN.glob("*.json")) == sorted(PINNED)


@pytest.mark.parametrize("name", sorted(PINNED))
def test_golden_record_replays_to_its_pinned_result(name: str) -> None:
    record = Record.load(GOLDEN / name)
    assert record.game == "spirits_of_the_wild" and record.result is not None
    state = replay(record)  # checks every move and the stored result
    scores, winners, status = PINNED[name]
    assert [s.total for s in state.scores()] == scores == record.result["scores"]
    assert state.winners() == winners and state.status == status
    boards = state.to_json()["boards"]
    assert [sum(ref_points(b).values()) for b in boards] == scores  # the spec's table agrees
    if status == "finished":
        assert state.to_json()["spirit_stones_out"] >= 5
    else:
        assert state.turn == record.options["max_turns"]


def test_golden_records_cover_every_card_and_both_coyote_moves() -> None:
    used: set[str] = set()
    for path in sorted(GOLDEN.glob("*.json")):
        record = Record.load(path)
        state = GAME.new(players=2, seed=record.seed, **record.options)
        for text in record.actions:
            data = state.to_json()
            if data["phase"] == "card":
                used.add(text)
            elif data["phase"] == "coyote":
                used.add(f"coyote after {data['program'][0]}")
            elif data["phase"] in ("deer", "bison"):
                used.add(data["phase"] + " choice")
            state.play(text)
    expected = {"take1", "take2", "add2", "add3", "deer", "wolf", "bear", "ram", "bison", "eagle",
                "coyote after take1", "coyote after draw3", "deer choice", "bison choice"}
    assert expected <= used
