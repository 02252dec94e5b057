"""Bad input to a review: one clear line naming what is wrong and what is allowed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import hanpan
from hanpan.analysis.estimates import Budget
from hanpan.analysis.results import Review
from hanpan.analysis.review import hint, judge, review
from hanpan.cli.main import main
from hanpan.core.errors import AgentError, HanpanError, IllegalActionError, OptionError, RecordError
from hanpan.core.record import Record

from .helpers import played_game

TINY = Budget(samples=2, alternatives=0)


@pytest.fixture(scope="module")
def record() -> Record:
    return played_game("spirits_of_the_wild", ["greedy", "random"], seed=8, moves=6)


def _bad(record: Record, **changes: Any) -> dict[str, Any]:
    return {**record.to_json(), **changes}


@pytest.mark.parametrize(("change", "kind", "words"), [
    ({"format": "chess.pgn"}, RecordError, "record format must be 'hanpan.record/1'"),
    ({"players": "greedy"}, RecordError, "'players' must be a non-empty list"),
    ({"game": "chess"}, RecordError, "unknown game 'chess'"),
    ({"actions": ["take1", "fly away"]}, RecordError, "move 2 ('fly away')"),
    ({"result": {"scores": [1, 2], "winners": [0]}}, RecordError, "the record stores a result but the game is not"),
])
def test_a_bad_record_gives_one_clear_error(record: Record, change: dict[str, Any], kind: type[HanpanError],
                                            words: str) -> None:
    with pytest.raises(kind) as caught:
        review(_bad(record, **change), level="easy", budget=TINY)
    assert words in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("kwargs", "kind", "words"), [
    ({"level": "random"}, AgentError, "levels: greedy, easy, normal, hard, master"),
    ({"level": "grandmaster"}, AgentError, "a review needs a level, not 'grandmaster'"),
    ({"seats": [2]}, OptionError, "no seat 2 in this record; seats: 0 to 1 (0 greedy, 1 random)"),
    ({"jobs": 0}, OptionError, "jobs must be 1 or more"),
])
def test_bad_arguments_give_one_clear_error(record: Record, kwargs: dict[str, Any], kind: type[HanpanError],
                                            words: str) -> None:
    with pytest.raises(kind, match=None) as caught:
        review(record, **{"level": "easy", "budget": TINY, **kwargs})
    assert words in str(caught.value)


@pytest.mark.parametrize(("fields", "words"), [
    ({"samples": 1}, "samples must be a whole number of at least 2, not 1"),
    ({"alternatives": -1}, "alternatives must be a whole number of at least 0"),
    ({"prune": True}, "prune must be a whole number of at least 1, not True"),
])
def test_a_bad_budget_is_refused(fields: dict[str, Any], words: str) -> None:
    with pytest.raises(OptionError, match=words):
        Budget(**fields)


def test_a_decision_not_the_seats_or_a_move_not_legal_is_refused() -> None:
    state = hanpan.game("spirits_of_the_wild").new(players=2, seed=1)
    with pytest.raises(OptionError, match="seat 1 has no decision to make here; the seat to move is 0"):
        hint(state, 1, level="easy", budget=TINY)
    with pytest.raises(IllegalActionError, match="'owl owl' is not a legal move for seat 0"):
        judge(state, 0, "owl owl", "easy", TINY)


def test_a_stored_review_that_is_malformed_is_refused(record: Record) -> None:
    good = review(record, level="easy", budget=TINY).to_json()
    for bad, words in [([], "must be a JSON object of format"),
                       ({**good, "budget": {"samples": 0}}, "its budget"),
                       ({**good, "decisions": [{"number": 1}]}, "a decision lacks 'seat'"),
                       ({**good, "decisions": [{**good["decisions"][0], "mark": "brilliant"}]}, "its mark one of")]:
        with pytest.raises(RecordError, match="review") as caught:
            Review.from_json(bad)
        assert words in str(caught.value)


def test_the_command_refuses_bad_input_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                   record: Record) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "hanpan.record/1", "game"', "utf-8")
    good = tmp_path / "game.json"
    record.save(good)
    for args, words in [([str(broken)], "is not JSON"),
                        ([str(tmp_path / "none.json")], "cannot read record"),
                        ([str(good), "--level", "random"], "a review needs a level"),
                        ([str(good), "--seat", "3"], "no seat '3' in this record; seats: 1 (greedy), 2 (random)"),
                        ([str(good), "--samples", "1"], "samples must be a whole number of at least 2")]:
        assert main(["analyse", *args, "--quiet"]) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1, err


def test_the_command_prints_the_marked_moves_and_the_accuracy(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                              record: Record) -> None:
    path = tmp_path / "game.json"
    record.save(path)
    common = [str(path), "--level", "easy", "--samples", "2", "--alternatives", "1", "--jobs", "1", "--quiet"]
    assert main(["analyse", *common, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert Review.from_json(data).level == "easy" and len(data["decisions"]) == len(record.actions)
    assert main(["analyse", *common, "--seat", "random", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "review by easy" in out and "random (seat 2): accuracy" in out and "greedy (seat 1)" not in out
    assert main(["analyse", *common, "--lang", "ko"]) == 0
    out = capsys.readouterr().out
    assert "검토" in out and "정확도" in out
