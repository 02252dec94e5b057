"""The terminal app driven through its injectable input and console: Korean, the menu, hot seat, saving."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import pytest
from rich.console import Console

import hanpan
from hanpan.cli.play import TerminalGame


def feeder(lines: Sequence[str]) -> Any:
    """A ``read`` that answers ``lines`` in turn, then end of input."""
    feed = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    return read


def terminal(game_id: str, lines: Sequence[str], names: Sequence[str] = ("human", "greedy"), seed: int = 3,
             lang: str = "en", **options: Any) -> tuple[TerminalGame, io.StringIO]:
    out = io.StringIO()
    game = TerminalGame.create(hanpan.game(game_id), list(names), seed, options, lang,
                               Console(file=out, width=160, color_system=None), feeder(lines))
    return game, out


def test_korean_mode_says_illegal_moves_and_the_score_table_in_korean() -> None:
    game, out = terminal("spirits_of_the_wild", ["take2", "fly", *["1"] * 2000], lang="ko")
    assert game.run() == 0
    text = out.getvalue()
    assert "'take2'은(는) 지금 둘 수 없습니다. 지금 가능한 수: take1" in text
    assert "'fly'은(는) 올바른 수가 아닙니다" in text
    assert "not legal" not in text and "legal now" not in text
    final = text[text.index("최종 점수"):]
    assert "┃ 플레이어 " in final  # the first column has a header too


def test_games_spells_option_values_as_they_are_typed(capsys: Any) -> None:
    from hanpan.cli.main import main

    assert main(["games", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "spirits=false (true|false)" in out and "max_turns=none (…)" in out and "side=A (A|B)" in out
    assert "False" not in out and "None" not in out


def hot_seat(game_id: str, **options: Any) -> str:
    """A game of two people at one real terminal (escape codes kept), as far as 40 answers go."""
    out = io.StringIO()
    game = TerminalGame.create(hanpan.game(game_id), ["human", "human"], 5, options, "en",
                               Console(file=out, width=160, height=50, force_terminal=True, color_system=None),
                               feeder(["1"] * 40))
    game.run()
    return out.getvalue()


def test_hot_seat_hands_over_a_blank_screen_and_scrollback_where_there_are_secrets() -> None:
    text = hot_seat("four_gardens")
    handovers = text.split("\x1b[3J")
    assert len(handovers) > 5
    for part in handovers[1:]:  # after each wipe of screen and scrollback: the hand-over prompt, nothing else
        assert part.startswith("Pass the screen to Player ")
    assert "Pass the screen to Player 1" in text and "Pass the screen to Player 2" in text
    assert text.index("\x1b[2J\x1b[H\x1b[3JPass the screen to Player 2") < text.index("Player 2 to move")
    assert "Pass the screen" in hot_seat("harmonies", spirits=True)  # the dealt spirits are secret


def test_hot_seat_without_secrets_needs_no_hand_over() -> None:
    for game_id in ("spirits_of_the_wild", "harmonies"):
        text = hot_seat(game_id)
        assert "Pass the screen" not in text and "\x1b[3J" not in text
        assert "Player 2 to move" in text


def test_saving_an_unfinished_game_says_that_the_record_shows_what_is_hidden(tmp_path: Any) -> None:
    game, out = terminal("four_gardens", ["1", f"save {tmp_path / 'a.json'}", "quit"])
    game.run()
    assert "replaying it shows every hidden card — the other players' hands" in out.getvalue()
    game, out = terminal("spirits_of_the_wild", ["1", f"save {tmp_path / 'b.json'}", "quit"], lang="ko")
    game.run()
    assert "재현하면 앞으로 뽑힐 것이 보입니다" in out.getvalue()
    game, out = terminal("spirits_of_the_wild", ["1"] * 2000)
    game.run()
    game._save(str(tmp_path / "c.json"))  # a finished game has nothing left to hide
    assert "Record saved" in out.getvalue() and "replaying it shows" not in out.getvalue()


# --- never lose a game -----------------------------------------------------------------------------------------
def play_main(monkeypatch: Any, capsys: Any, stdin: str, *args: str) -> tuple[int, str, str]:
    """``hanpan ARGS`` in-process, typing ``stdin``."""
    from hanpan.cli.main import main

    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_play_saves_as_it_goes_and_resume_goes_on(monkeypatch: Any, capsys: Any, data_dir: Any) -> None:
    code, out, _ = play_main(monkeypatch, capsys, "1\n1\nquit\ny\n", "play", "spirits_of_the_wild",
                             "--players", "human,greedy", "--seed", "3")
    [saved] = (data_dir / "games").glob("*.json")
    first = hanpan.Record.load(saved)
    assert code == 0 and first.players == ["human", "greedy"] and first.seed == 3 and first.result is None
    assert len(first.actions) >= 2 and "Leave this game? It is saved" in out
    assert f"hanpan play --resume {saved}" in out  # on one line, to copy
    code, out, _ = play_main(monkeypatch, capsys, "1\n1\n1\nquit\ny\n", "play", "--resume", str(saved))
    again = hanpan.Record.load(saved)  # the same file goes on
    assert code == 0 and again.actions[:len(first.actions)] == first.actions
    assert len(again.actions) > len(first.actions) and list((data_dir / "games").glob("*.json")) == [saved]
    hanpan.replay(again)


def test_resume_checks_the_record_and_keeps_a_file_of_the_players_own(
        monkeypatch: Any, capsys: Any, data_dir: Any, tmp_path: Any) -> None:
    game, _ = terminal("four_gardens", ["1", "1", "1", f"save {tmp_path / 'mine.json'}", "quit", "y"],
                       names=("human", "greedy", "random"))
    game.run()
    mine = (tmp_path / "mine.json").read_text()
    code, _, _ = play_main(monkeypatch, capsys, "1\nquit\ny\n", "play", "--resume", str(tmp_path / "mine.json"))
    assert code == 0 and (tmp_path / "mine.json").read_text() == mine  # the player's own file stays as it was
    [kept] = (data_dir / "games").glob("*.json")
    assert len(hanpan.Record.load(kept).actions) > len(game.actions)
    for args, message in [
        (("play", "--resume", str(tmp_path / "none.json")), "cannot read record"),
        (("play", "four_gardens", "--resume", str(kept)), "--resume FILE goes on with the record's game"),
        (("play", "four_gardens"), "play needs a game and --players"),
    ]:
        code, _, err = play_main(monkeypatch, capsys, "", *args)
        assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    record = hanpan.Record.load(kept)
    record.actions.append("fly")
    record.save(tmp_path / "bad.json")
    code, _, err = play_main(monkeypatch, capsys, "", "play", "--resume", str(tmp_path / "bad.json"))
    assert code == 2 and f"move {len(record.actions)} ('fly')" in err
    over, _ = terminal("spirits_of_the_wild", ["1"] * 2000)
    over.run()
    Record = hanpan.Record
    Record.of(over.state, over.names, over.actions).save(tmp_path / "over.json")
    code, _, err = play_main(monkeypatch, capsys, "", "play", "--resume", str(tmp_path / "over.json"), "--lang", "ko")
    assert code == 2 and "이 게임은 끝났습니다" in err


def test_ctrl_c_and_a_crash_lose_nothing(tmp_path: Any) -> None:
    def interrupted(answers: list[str], error: BaseException) -> Any:
        feed = iter(answers)

        def read(prompt: str) -> str:
            for answer in feed:
                return answer
            raise error

        return read

    out = io.StringIO()
    game = TerminalGame.create(hanpan.game("spirits_of_the_wild"), ["human", "greedy"], 3, {}, "en",
                               Console(file=out, width=160, color_system=None),
                               interrupted(["1", "1", "1"], KeyboardInterrupt()), save_path=tmp_path / "g.json")
    assert game.run() == 130
    assert hanpan.Record.load(tmp_path / "g.json").actions == game.actions and len(game.actions) >= 3
    assert "hanpan play --resume" in out.getvalue() and "Bye." in out.getvalue()
    game = TerminalGame.create(hanpan.game("harmonies"), ["human"], 3, {}, "en",
                               Console(file=io.StringIO(), width=160, color_system=None),
                               interrupted(["1", "1"], RuntimeError("a bug")), save_path=tmp_path / "h.json")
    with pytest.raises(RuntimeError, match="a bug"):
        game.run()
    assert hanpan.Record.load(tmp_path / "h.json").actions == game.actions and len(game.actions) == 2


def test_quit_asks_before_leaving_and_undo_is_saved_too(tmp_path: Any) -> None:
    out = io.StringIO()
    game = TerminalGame.create(hanpan.game("spirits_of_the_wild"), ["human", "greedy"], 3, {}, "en",
                               Console(file=out, width=160, color_system=None),
                               feeder(["take1", "quit", "n", "undo", "quit", "y", "1"]), save_path=tmp_path / "g.json")
    assert game.run() == 0
    assert out.getvalue().count("Leave this game?") == 2 and "Undone" in out.getvalue()
    assert game.actions == [] and hanpan.Record.load(tmp_path / "g.json").actions == []
    game, out = terminal("spirits_of_the_wild", ["quit", "n", "1", "quit"])  # no save path; end of input: leave
    game.run()
    assert "Moves not written with 'save FILE' are lost" in out.getvalue() and game.actions == ["take1"]


def test_the_end_of_a_game_offers_to_save(tmp_path: Any) -> None:
    def read(prompt: str) -> str:
        if "[y/N]" in prompt:
            return "y"
        return str(tmp_path / "end.json") if prompt.startswith("File name") else "1"

    out = io.StringIO()
    game = TerminalGame.create(hanpan.game("spirits_of_the_wild"), ["human", "greedy"], 3, {}, "en",
                               Console(file=out, width=160, color_system=None), read, save_path=tmp_path / "g.json")
    assert game.run() == 0 and game.state.is_over
    assert "The record of this game is kept in" in out.getvalue()
    assert hanpan.Record.load(tmp_path / "end.json").result == hanpan.Record.load(tmp_path / "g.json").result
    assert hanpan.Record.load(tmp_path / "g.json").result is not None


def test_a_folder_that_cannot_be_written_is_reported_once(tmp_path: Any) -> None:
    (tmp_path / "file").write_text("")
    out = io.StringIO()
    game = TerminalGame.create(hanpan.game("spirits_of_the_wild"), ["human", "greedy"], 3, {}, "en",
                               Console(file=out, width=160, color_system=None), feeder(["1", "1", "quit", "y"]),
                               save_path=tmp_path / "file" / "g.json")
    assert game.run() == 0 and len(game.actions) >= 2
    assert out.getvalue().count("Cannot save the game as it goes") == 1


# --- the menu --------------------------------------------------------------------------------------------------
def menu(lines: Sequence[str], lang: str | None = "en") -> tuple[int, str]:
    from hanpan.cli.play import run_menu

    out = io.StringIO()
    code = run_menu(lang, Console(file=out, width=160, color_system=None), feeder(lines))
    return code, out.getvalue()


def test_the_menu_refuses_a_bad_seed_lists_its_choices_and_asks_only_what_can_vary(data_dir: Any) -> None:
    code, text = menu(["spirits_of_the_wild", "", "greedy", "-4", "abc", "17", "1", "quit", "y", "quit"])
    assert code == 0
    assert "-4 is not allowed; use 0 or more" in text and "'abc' is not a whole number" in text
    [saved] = (data_dir / "games").glob("*.json")
    assert hanpan.Record.load(saved).seed == 17
    assert "How many players" not in text  # Spirits of the Wild is always 2
    assert "  1) spirits_of_the_wild — 스피릿 오브 더 와일드 / Spirits of the Wild (2 players)" in text
    assert "  1) human  2) random  3) greedy" in text  # the second seat's list: the names only
    assert "  2) random — plays any legal move, to learn the rules against (Elo " in text  # the first's: weakest first
    assert "for club players" in text
    assert text.count("Choose a game") == 2  # the game returned to the menu
    _, text = menu(["harmonies", "3", *[""] * 3, "", "", "", "quit", "y"])
    assert "How many players" in text and "1) 1  2) 2  3) 3  4) 4" in text


def test_the_menu_goes_on_with_a_saved_game_and_says_bye_in_its_language(data_dir: Any) -> None:
    menu(["spirits_of_the_wild", "", "", "5", "1", "1", "quit", "y"])
    [saved] = (data_dir / "games").glob("*.json")
    before = hanpan.Record.load(saved).actions
    code, text = menu(["2", "resume", "1", "1", "quit", "y"], lang=None)
    after = hanpan.Record.load(saved).actions
    assert code == 0 and after[:len(before)] == before and len(after) > len(before)
    assert "끝나지 않은 게임" in text and "1) 스피릿 오브 더 와일드 —" in text
    assert text.rstrip().endswith("안녕히 가세요.") and "Bye." not in text
    _, text = menu(["resume", "/no/such/file.json", "quit"])
    assert "cannot read record '/no/such/file.json'" in text and text.count("Choose a game") == 2


def test_the_end_screen_names_the_winner_once() -> None:
    for names in (("human",), ("human", "greedy")):
        game, out = terminal("harmonies", ["1"] * 3000, names=names)
        assert game.run() == 0 and game.state.is_over
        assert out.getvalue().count("Winner") + out.getvalue().count("Shared win") == 1
