"""The terminal app driven through its injectable input and console: Korean, the menu, hot seat, saving."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

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
