"""Designers' data files at their limits (issue 60): nesting, size, encoding, numbers, unknown and missing
keys give one DataError line naming the file (and the card and field), in every game, through
``hanpan data check`` and through the game option alike; never a traceback."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import pytest

import hanpan
from hanpan.agents import make_agent
from hanpan.agents.base import Seat
from hanpan.cli.main import main
from hanpan.core.errors import DataError

GAMES = [("harmonies", "cards"), ("four_gardens", "deck"), ("spirits_of_the_wild", "cards")]


def check(capsys: pytest.CaptureFixture[str], game_id: str, path: Path) -> str:
    """``hanpan data check``'s one line (exit status 2)."""
    code = main(["data", "check", game_id, str(path), "--lang", "en"])
    out = capsys.readouterr()
    assert code == 2 and out.err.count("\n") == 1 and not out.out, out
    return out.err


def play_with(game_id: str, option: str, path: Path) -> str:
    """The DataError line of a game made with the file as its option."""
    with pytest.raises(DataError) as refused:
        hanpan.game(game_id).new(players=2, seed=1, **{option: str(path)})
    assert "\n" not in str(refused.value)
    return str(refused.value)


def exported(game_id: str) -> dict[str, Any]:
    data: dict[str, Any] = importlib.import_module(f"hanpan.games.{game_id}.datafile").export()
    return data


@pytest.mark.parametrize(("game_id", "option"), GAMES)
@pytest.mark.parametrize("text", ["[" * 1500 + "]" * 1500, '{"a": ' * 1500 + "1" + "}" * 1500])
def test_a_file_nested_too_deep_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str,
                                            option: str, text: str) -> None:
    path = tmp_path / "deep.json"
    path.write_text(text, "utf-8")
    assert "nests brackets more than 32 deep" in check(capsys, game_id, path)
    assert "nests brackets more than 32 deep" in play_with(game_id, option, path)


@pytest.mark.parametrize(("game_id", "option"), GAMES)
def test_a_file_not_utf8_or_too_big_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str,
                                               option: str) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(json.dumps(exported(game_id)).replace('"format"', '"f\xf6rmat"').encode("latin-1"))
    assert f"{path}: not UTF-8 text" in check(capsys, game_id, path)
    assert f"{path}: not UTF-8 text" in play_with(game_id, option, path)
    big = tmp_path / "big.json"
    big.write_text(json.dumps(exported(game_id)) + " " * (1 << 20), "utf-8")
    assert "a data file is at most 1,048,576 bytes" in check(capsys, game_id, big)


@pytest.mark.parametrize(("game_id", "option"), GAMES)
def test_huge_numbers_and_unknown_top_level_keys_are_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            game_id: str, option: str) -> None:
    path = tmp_path / "data.json"
    path.write_text(json.dumps({**exported(game_id), "extra": 1}), "utf-8")
    assert "unknown key 'extra'" in check(capsys, game_id, path)
    path.write_text(json.dumps(exported(game_id)).replace('"format"', '"n": ' + "9" * 5000 + ', "format"'), "utf-8")
    assert "a number of 5000 digits; at most 20" in check(capsys, game_id, path)


def test_a_harmonies_track_value_is_at_most_99_and_greedy_plays_the_largest(tmp_path: Path,
                                                                           capsys: pytest.CaptureFixture[str]) -> None:
    data = exported("harmonies")
    path = tmp_path / "cards.json"
    data["animals"][0]["points_top_to_bottom"][0] = 10**400
    path.write_text(json.dumps(data), "utf-8")
    assert "a number of 401 digits; at most 20" in check(capsys, "harmonies", path)
    for value in (100, 10**18):
        data["animals"][0]["points_top_to_bottom"][0] = value
        path.write_text(json.dumps(data), "utf-8")
        line = check(capsys, "harmonies", path)
        assert f"cards {path}: animal " in line and "points_top_to_bottom must list 1–5 whole numbers 0..99" in line
    for card in data["animals"]:
        card["points_top_to_bottom"] = [99] * len(card["points_top_to_bottom"])
    for spirit in data["spirits"]:
        rule = spirit["scoring"]
        for key in ("points_per_group", "points_each"):
            if key in rule:
                rule[key] = 99
        for table in ("points_by_group_size", "points_by_height"):
            if table in rule:
                rule[table] = {k: 99 for k in rule[table]}
    path.write_text(json.dumps(data), "utf-8")
    state = hanpan.game("harmonies").new(players=2, seed=1, cards=str(path))
    assert make_agent("greedy", seed=1).choose(Seat(state, 0)) in state.legal_actions()


def test_four_gardens_names_a_missing_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = exported("four_gardens")
    del data["cards"][4]["colour"]
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), "utf-8")
    assert f"deck {path}: card 5: missing 'colour'" in check(capsys, "four_gardens", path)


def test_harmonies_names_a_missing_field(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = exported("harmonies")
    del data["animals"][1]["cube_on"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), "utf-8")
    line = check(capsys, "harmonies", path)
    assert f"cards {path}: animal " in line and "missing 'cube_on'" in line and "None" not in line


def test_a_value_of_a_wrong_type_or_a_key_with_a_line_break_is_one_line(tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """Found by the long fuzz run: a list as a Harmonies cube_on raised TypeError (unhashable); a Spirits of
    the Wild points key holding a line break split the message."""
    data = exported("harmonies")
    data["animals"][0]["cube_on"] = ["water"]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), "utf-8")
    assert "animal alligator: cube_on ['water'] is not a kind" in check(capsys, "harmonies", path)
    data = exported("spirits_of_the_wild")
    data["animals"][0]["points"] = {"a\nb": 1}
    path.write_text(json.dumps(data), "utf-8")
    assert "animal owl: points must have per_complete_set, not 'a\\nb'" in check(capsys, "spirits_of_the_wild", path)
