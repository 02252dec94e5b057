"""The ``hanpan`` command end to end (in-process through ``main``)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console

import hanpan
from hanpan.cli.main import main
from hanpan.cli.play import TerminalGame, run_menu

GAME = "spirits_of_the_wild"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "chess", "--players", "human,greedy"], "unknown game 'chess'"),
        (["play", GAME, "--players", "human,bogus"], "unknown player 'bogus'"),
        (["play", GAME, "--players", "human"], "takes 2 players"),
        (["play", GAME, "--players", "human,,greedy"], "empty name"),
        (["simulate", GAME, "--players", "greedy,random", "--games", "0"], "1 or more"),
        (["simulate", GAME, "--players", "greedy,human", "--games", "2"], "'human' cannot sit here"),
        (["simulate", GAME, "--players", "greedy,random", "--games", "2", "--option", "colour=red"],
         "unknown option 'colour'"),
        (["simulate", GAME, "--players", "greedy,random", "--games", "2", "--option", "max_turns"],
         "has no value"),
        (["simulate", GAME, "--players", "greedy,random", "--games", "2", "--option", "max_turns=x"],
         "not a whole number"),
        (["simulate", GAME, "--players", "greedy,random", "--games", "2", "--seed", "-4"], "0 or more"),
        (["replay", "/no/such/record.json"], "cannot read record"),
        (["score", GAME, "/no/such/file.json"], "cannot read"),
        (["bench", GAME, "--num-players", "3"], "takes 2 players"),
        (["bench", GAME, "--seconds", "0"], "--seconds must be more than 0"),
        (["nonsense"], "invalid choice"),
        (["games", "--lang", "fr"], "invalid choice"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str], args: list[str],
                                          message: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert out == ""


def test_games_lists_names_in_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "games", "--json")
    rows = json.loads(out)
    spirits = next(r for r in rows if r["id"] == GAME)
    assert code == 0
    assert (spirits["name_en"], spirits["name_ko"]) == ("Spirits of the Wild", "스피릿 오브 더 와일드")
    assert (spirits["min_players"], spirits["max_players"]) == (2, 2)
    assert any(o["name"] == "max_turns" for o in spirits["options"])


def test_score_json_has_the_architecture_keys(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    position = {"game": GAME, "animals": {"owl": [["blue", "blue"], ["teal", "teal"], ["white"]]},
                "spirit_stones": ["owl"]}
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position))
    code, out, _ = run(capsys, "score", GAME, str(path), "--json")
    assert code == 0
    assert json.loads(out) == {"owl": 12, "rabbit": 0, "beaver": 0, "salmon": 0, "turtle": 0, "total": 12}


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"game": GAME, "animals": {"owl": [["blue", "teal"], [], []]}}, "mixes colours"),
        ({"game": GAME, "animals": {"rabbit": ["blue", "blue"]}}, "repeats a colour"),
        ({"game": GAME, "animals": {"eagle": []}}, "unknown animal 'eagle'"),
        ({"game": GAME, "animals": {"turtle": ["pink"]}}, "unknown colour 'pink'"),
        ({"game": GAME, "spirit_stones": ["salmon", "salmon"]}, "two spirit stones"),
        ({"game": "harmonies", "animals": {}}, "is for 'harmonies'"),
        ([1, 2], "must be a JSON object"),
    ],
)
def test_score_refuses_impossible_positions(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                            position: object, message: str) -> None:
    path = tmp_path / "p.json"
    path.write_text(json.dumps(position))
    code, out, err = run(capsys, "score", GAME, str(path))
    assert out == ""
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1


def test_simulate_json_is_the_same_over_processes(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", GAME, "--players", "greedy,random", "--games", "12", "--seed", "5", "--json"]
    code1, out1, _ = run(capsys, *args)
    code2, out2, _ = run(capsys, *args, "--jobs", "2")
    assert code1 == code2 == 0
    assert out1 == out2
    data = json.loads(out1)
    assert data["games"] == 12
    assert [p["agent"] for p in data["per_player"]] == ["greedy", "random"]
    rates = [p["win_rate"] for p in data["per_player"]]
    assert sum(rates) == pytest.approx(1.0)  # 2 players, no unfinished games: shares add up


def test_simulate_timings_give_each_players_decision_times(capsys: pytest.CaptureFixture[str]) -> None:
    from hanpan.analysis.tournament import simulate

    args = ["simulate", GAME, "--players", "greedy,mcts:30", "--games", "6", "--seed", "5", "--json"]
    code, out, _ = run(capsys, *args, "--timings", "--jobs", "2")
    plain = json.loads(run(capsys, *args)[1])
    timed = json.loads(out)
    assert code == 0 and "decision_seconds" not in plain["per_player"][0]  # asked for only: timings vary
    assert [{k: v for k, v in p.items() if k != "decision_seconds"} for p in timed["per_player"]] \
        == plain["per_player"]  # timing changes no decision
    results = simulate(GAME, ["greedy", "mcts:30"], 6, seed=5, timings=True).results
    for i, p in enumerate(timed["per_player"]):
        times = p["decision_seconds"]
        assert times["decisions"] == sum(len(r.think_seconds[i]) for r in results if r.think_seconds)  # type: ignore[index]
        assert 0 <= times["p50"] <= times["p90"] <= times["p99"] <= times["max"]
    assert sum(p["decision_seconds"]["decisions"] for p in timed["per_player"]) == 6 * timed["mean_decisions"]
    code, _, err = run(capsys, *args, "--timings", "--cluster", "local")
    assert code == 2 and "decision times are measured on this machine only" in err


def test_simulate_max_turns_reports_unfinished(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", GAME, "--players", "random,random", "--games", "4", "--max-turns", "3",
                       "--json")
    data = json.loads(out)
    assert code == 0
    assert (data["finished"], data["unfinished"]) == (0, 4)
    assert all(p["wins"] == 0 for p in data["per_player"])


def test_records_replay_and_a_bad_move_is_named(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, _, _ = run(capsys, "simulate", GAME, "--players", "greedy,random", "--games", "2", "--seed", "3",
                     "--records", str(tmp_path), "--quiet")
    assert code == 0
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 2
    code, out, _ = run(capsys, "replay", str(files[0]))
    assert code == 0 and "Record OK" in out
    record = json.loads(files[0].read_text())
    record["actions"][4] = "eagle"
    files[0].write_text(json.dumps(record))
    code, out, err = run(capsys, "replay", str(files[0]))
    assert code == 2
    assert "move 5 ('eagle')" in err and "not legal" in err
    record = json.loads(files[1].read_text())
    record["result"]["scores"][0] += 1
    files[1].write_text(json.dumps(record))
    code, _, err = run(capsys, "replay", str(files[1]))
    assert code == 2 and "differs from the replayed" in err


def test_a_resumed_run_reads_back_its_records_and_plays_the_rest(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    # a run stopped after 2 of its 5 games (game 1's record lost too): --resume reads back game 0,
    # plays games 1-4, and reports what one uninterrupted run reports
    args = ["simulate", GAME, "--players", "greedy,random", "--seed", "3", "--json", "--quiet"]
    _, whole, _ = run(capsys, *args, "--games", "5")
    run(capsys, *args, "--games", "2", "--records", str(tmp_path))
    first, lost = sorted(tmp_path.glob("*.json"))
    lost.unlink()
    kept = first.read_text()
    code, out, _ = run(capsys, *args, "--games", "5", "--records", str(tmp_path), "--resume")
    assert code == 0
    assert json.loads(out) == json.loads(whole)
    assert len(list(tmp_path.glob("*.json"))) == 5
    assert first.read_text() == kept
    # a record of another run (other players) is refused, naming the file, before anything is played
    record = json.loads(first.read_text())
    record["players"] = ["random", "greedy"]
    first.write_text(json.dumps(record))
    code, _, err = run(capsys, *args, "--games", "5", "--records", str(tmp_path), "--resume")
    assert code == 2
    assert first.name in err and "of another run" in err and "remove it" in err
    code, _, err = run(capsys, *args, "--games", "5", "--resume")
    assert code == 2 and "--resume reads the games a run already recorded" in err


def test_replay_show_draws_the_turns(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    run(capsys, "simulate", GAME, "--players", "greedy,random", "--games", "1", "--seed", "3", "--records",
        str(tmp_path), "--quiet")
    record = next(tmp_path.glob("*.json"))
    code, out, _ = run(capsys, "replay", str(record), "--show", "--lang", "ko")
    assert code == 0
    assert "접시" in out and "기록 정상" in out


def test_bench_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "bench", GAME, "--seconds", "0.05", "--runs", "1", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["games_per_s"] > 0 and data["decisions_per_s"] > data["games_per_s"]


# --- the terminal game ----------------------------------------------------------------------------------------
def terminal(lines: list[str], names: tuple[str, str] = ("human", "greedy"), seed: int = 3,
             lang: str = "en") -> tuple[TerminalGame, io.StringIO]:
    feed = iter(lines)
    out = io.StringIO()

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    game = TerminalGame.create(hanpan.game(GAME), list(names), seed, {}, lang,
                               Console(file=out, width=120, color_system=None), read)
    return game, out


def test_undo_goes_back_within_the_turn_but_not_across_a_draw() -> None:
    game, out = terminal(["take1", "undo", "undo", "add2", "undo", "quit"])
    game.run()
    text = out.getvalue()
    # take1 (no draw) is undone; the second undo has nothing of this turn left
    assert "Undone: back before 'take1'" in text
    assert "Nothing of yours to undo" in text
    # add2 draws from the bag: it cannot be taken back
    assert "Cannot undo: new information came out" in text
    assert game.actions == ["add2"]


def test_numbers_notation_errors_and_help() -> None:
    game, out = terminal(["9", "fly", "take2", "help", "1", "quit"])
    game.run()
    text = out.getvalue()
    assert "Choose one of: 1–3" in text
    assert "'fly' is not a move of spirits_of_the_wild" in text
    assert "'take2' is not legal now" in text
    assert "Commands:" in text
    assert game.actions == ["take1"]


def test_save_writes_a_record_that_replays(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    game, _out = terminal(["1", "1", "1", f"save {path}", "quit"])
    game.run()
    record = hanpan.Record.load(path)
    assert record.actions == game.actions[: len(record.actions)]
    assert hanpan.replay(record).to_json() == game.state.to_json()


def test_a_whole_game_against_greedy_reaches_the_end_in_korean() -> None:
    game, out = terminal(["1"] * 2000, lang="ko")
    assert game.run() == 0
    assert game.state.is_over
    assert "최종 점수" in out.getvalue()


def test_two_humans_share_the_screen_of_a_game_without_secrets() -> None:
    # everything in Spirits of the Wild is on the table: no hand-over (see test_terminal.py for hands)
    game, out = terminal(["1"] * 400, names=("human", "human"))
    game.run()
    assert "Pass the screen" not in out.getvalue() and "Player 2 to move" in out.getvalue()


def test_menu_leads_to_a_game() -> None:
    answers = iter(["2", "1", "", "greedy", "17", "1", "quit", "y"])  # 2 players only: the count is not asked

    def read(prompt: str) -> str:
        for answer in answers:
            return answer
        raise EOFError

    out = io.StringIO()
    code = run_menu(None, Console(file=out, width=120, color_system=None), read)
    text = out.getvalue()
    assert code == 0
    assert "스피릿 오브 더 와일드 시작: human, greedy" in text
    assert "가능한 수" in text


def test_menu_quits_on_end_of_input() -> None:
    out = io.StringIO()

    def read(prompt: str) -> str:
        raise EOFError

    assert run_menu("en", Console(file=out), read) == 0
    assert "Bye." in out.getvalue()


def test_simulate_reports_score_extras_like_solo_suns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "harmonies", "--players", "random", "--games", "3", "--seed", "2",
                       "--json")
    player = json.loads(out)["per_player"][0]
    assert code == 0
    assert sum(player["extras"]["suns"].values()) == 3
    code, out, _ = run(capsys, "simulate", "harmonies", "--players", "random", "--games", "3", "--seed", "2")
    assert "suns:" in out and "—" in out


def test_simulate_reports_the_mean_points_of_each_score_category(capsys: pytest.CaptureFixture[str]) -> None:
    from hanpan.analysis.tournament import simulate

    summary = simulate("harmonies", ["greedy", "random"], games=4, seed=3)
    for player in summary.per_player:
        means = player.category_means
        assert set(means) == set(summary.results[0].cards[0].categories)  # every category of the score card
        assert sum(means.values()) == pytest.approx(player.mean_score)  # the categories make the total
    assert summary.per_player[0].category_means["animals"] > summary.per_player[1].category_means["animals"]
    code, out, _ = run(capsys, "simulate", "harmonies", "--players", "greedy", "--games", "2", "--seed", "2",
                       "--json")
    player = json.loads(out)["per_player"][0]
    assert code == 0 and sum(player["category_means"].values()) == pytest.approx(player["mean_score"])
    code, out, _ = run(capsys, "simulate", "harmonies", "--players", "greedy", "--games", "2", "--seed", "2",
                       "--lang", "ko")
    assert "항목별 평균 점수" in out
