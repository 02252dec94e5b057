"""``hanpan data``: each game's built-in components exported as a data file, which loads back as the
built-in set; a check says what an edited file changes; every mistake is one line and exit status 2."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

import pytest

from hanpan.cli.main import main

#: each game with a designer data file, and its option
GAMES = [("harmonies", "cards"), ("four_gardens", "deck"), ("spirits_of_the_wild", "cards")]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["data", *args, "--lang", "en"])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(("game_id", "option"), GAMES)
def test_the_export_is_the_built_in_set_and_checks_as_unchanged(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                game_id: str, option: str) -> None:
    part = importlib.import_module(f"hanpan.games.{game_id}.datafile")
    code, out, _ = run(capsys, "export", game_id)
    assert code == 0 and json.loads(out) == part.export() and part.OPTION == option
    path = tmp_path / "data.json"
    code, out, _ = run(capsys, "export", game_id, "--out", str(path))
    assert code == 0 and f"--option {option}={path}" in out and json.loads(path.read_text("utf-8")) == part.export()
    code, out, _ = run(capsys, "check", game_id, str(path))
    assert code == 0 and f"a valid {part.FORMAT} file" in out and "the same as the built-in data" in out


def test_a_check_lists_what_an_edited_card_file_changes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cards.json"
    assert run(capsys, "export", "harmonies", "--out", str(path))[0] == 0
    data = json.loads(path.read_text("utf-8"))
    data["animals"][2]["points_top_to_bottom"] = [24, 16, 10, 5]
    data["spirits"][0]["solo_sun_bonus"] = 2
    path.write_text(json.dumps(data), "utf-8")
    code, out, _ = run(capsys, "check", "harmonies", str(path))
    assert code == 0 and out.splitlines()[1:] == ["  Fish: points 16/10/6/3 → 24/16/10/5",
                                                  "  Lion: solo sun bonus 1 → 2"]


def test_mistakes_are_one_line_and_exit_status_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "kept.json"
    kept.write_text("{}", "utf-8")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"format": "harmonies.cards/1", "animals": [], "spirits": []}), "utf-8")
    for args, expected in [
        (["export", "chess"], "chess"),
        (["export", "harmonies", "--out", str(kept)], "--force"),
        (["check", "harmonies"], "needs a FILE"),
        (["check", "harmonies", str(tmp_path / "none.json")], "cannot read it"),
        (["check", "harmonies", str(bad)], f"cards {bad}: 'animals' lists 0 cards"),
    ]:
        code, out, err = run(capsys, *args)
        assert code == 2 and expected in err and err.count("\n") == 1 and not out, (args, err)
    assert kept.read_text("utf-8") == "{}"


@pytest.mark.parametrize(("game_id", "option"), GAMES)
def test_simulate_with_the_exported_file_is_simulate_with_the_built_in_set(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game_id: str, option: str) -> None:
    path = tmp_path / "data.json"
    assert run(capsys, "export", game_id, "--out", str(path))[0] == 0
    players = "random,random" if game_id != "four_gardens" else "random,random,random"
    results = []
    for extra in ([], ["--option", f"{option}={path}"]):
        assert main(["simulate", game_id, "--players", players, "--games", "4", "--seed", "9", "--json", "--quiet",
                     *extra]) == 0
        results.append(json.loads(capsys.readouterr().out))
    assert results[1]["options"] == {option: str(path)}
    assert {k: v for k, v in results[1].items() if k != "options"} == {
        k: v for k, v in results[0].items() if k != "options"}
