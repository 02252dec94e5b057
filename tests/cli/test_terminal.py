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
