"""The terminal app fits a screen: one decision of each game in 160×50 always, in 80×24 where the game allows.

Spirits of the Wild fits 80×24.  Harmonies (a 10-row hex board per player, the display's habitats) and
Four Gardens (tower, favour tracks, market and a garden with its hand per player) need more than 24
lines for what a decision needs on screen; at 80 columns they fit the width and scroll.
"""

from __future__ import annotations

import importlib.util
import io
from pathlib import Path
from types import ModuleType

import pytest
from rich.cells import cell_len
from rich.console import Console

import hanpan
from hanpan.cli import screen
from hanpan.cli.play import TerminalGame
from hanpan.core.rng import Rng

ROOT = Path(__file__).resolve().parents[2]
FITS_80x24 = {"spirits_of_the_wild"}


def _captures() -> ModuleType:
    spec = importlib.util.spec_from_file_location("screen_captures", ROOT / "tools" / "screen_captures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


CAPTURES = _captures()


def size(text: str) -> tuple[int, int]:
    lines = text.rstrip("\n").splitlines()
    return len(lines), max(cell_len(line) for line in lines)


@pytest.mark.parametrize("game_id", sorted(CAPTURES.DECISIONS))
def test_one_decision_of_each_game_fits_160x50_and_80x24_where_possible(game_id: str) -> None:
    rows, cols = size(CAPTURES.capture(game_id, 160, 50))
    assert rows <= 50 and cols <= 160, (rows, cols)
    rows, cols = size(CAPTURES.capture(game_id, 80, 24))
    assert cols <= 80, cols
    if game_id in FITS_80x24:
        assert rows <= 24, rows
    for lang in ("en", "ko"):
        rows, cols = size(CAPTURES.capture(game_id, 160, 50, lang))
        assert rows <= 50 and cols <= 160, (lang, rows, cols)


@pytest.mark.parametrize("game_id", sorted(CAPTURES.DECISIONS))
def test_the_committed_captures_are_current(game_id: str) -> None:
    for width, height in CAPTURES.SIZES:
        path = ROOT / "docs" / "terminal" / f"{game_id}-{width}x{height}.txt"
        assert path.read_text("utf-8") == CAPTURES.capture(game_id, width, height), (
            f"{path.name} is stale: run tools/screen_captures.py")


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("spirits_of_the_wild", 2, {}),
    ("harmonies", 4, {"side": "B", "spirits": True}),
    ("harmonies", 1, {"side": "A"}),
    ("four_gardens", 4, {"whims": True}),
    ("four_gardens", 3, {}),
])
def test_decisions_all_game_long_fit_160x50(game_id: str, players: int, options: dict[str, object]) -> None:
    render = importlib.import_module(f"hanpan.games.{game_id}.render")
    worst = (0, 0)
    for seed in range(2):
        state = hanpan.game(game_id).new(players=players, seed=seed, **options)
        rng = Rng(seed)
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            if step % 23 == 0:
                player = state.current_player
                console = Console(width=160, height=50, record=True, color_system=None, file=io.StringIO())
                console.print(screen.decision(state, render, player, "ko" if step % 2 else "en",
                                              heading="Player 1 (you) to move", width=160, height=50,
                                              log=["Player 2 (greedy): Take 1 stone"] * 4))
                rows, cols = size(console.export_text())
                worst = max(worst, (rows + 1, cols))  # + the prompt's line
                assert rows + 1 <= 50 and cols <= 160, (seed, step, rows, cols)
            state.apply(legal[rng.randbelow(len(legal))])
            step += 1
    assert worst[0] > 10


def test_moves_are_grouped_when_they_do_not_fit_described() -> None:
    state, _ = CAPTURES.decision("harmonies")
    render = importlib.import_module("hanpan.games.harmonies.render")
    groups = {g.heading: g for g in screen.move_groups(state, render, "en")}
    legal = [str(a) for a in state.legal_actions()]
    for heading, group in groups.items():
        for number, label in group.items:
            assert legal[number - 1] == (f"{heading} {label}" if heading else label)
    text = CAPTURES.capture("harmonies", 160, 50)
    assert any(line.startswith(("blue: 1 ", "grey: ", "red: ")) for line in text.splitlines())


def test_four_gardens_groups_moves_by_card_and_says_what_a_rotation_collects() -> None:
    state, _ = CAPTURES.decision("four_gardens")
    render = importlib.import_module("hanpan.games.four_gardens.render")
    for group in screen.move_groups(state, render, "en"):
        for number, label in group.items:
            action = state.legal_actions()[number - 1]
            if str(action).startswith("rotate"):
                assert group.heading.startswith(str(action).split()[1] + " ")  # the card, with its codes
                assert "+" in label


def _game(lines: list[str], names: tuple[str, ...] = ("human", "greedy"), lang: str = "en",
          game_id: str = "spirits_of_the_wild") -> tuple[TerminalGame, io.StringIO]:
    feed = iter(lines)
    out = io.StringIO()

    def read(prompt: str) -> str:
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    game = TerminalGame.create(hanpan.game(game_id), list(names), 7, {}, lang,
                               Console(file=out, width=80, color_system=None), read)
    return game, out


def test_a_log_line_says_what_your_move_changed_and_the_seed_is_shown() -> None:
    # seed 7: take1, then the stone taken goes onto a turtle (1 point)
    game, out = _game(["take1", "take teal", "teal turtle", "quit"])
    game.run()
    text = out.getvalue()
    assert "Spirits of the Wild · seed 7 · Player 1 (you) to move" in text
    assert "Player 1 (you): Put a teal stone on Turtle → +1 Turtle (total 1)" in text
    assert "\x1b[2J" not in text  # not a terminal: printed plainly, never cleared


def test_two_humans_do_not_see_the_seed_until_the_end() -> None:
    game, out = _game(["1"] * 3, names=("human", "human"))
    game.run()
    text = out.getvalue()
    assert "seed 7" not in text and "seed shown at the end" in text


def test_legend_and_help_at_the_prompt_in_both_languages() -> None:
    for game_id, word in (("spirits_of_the_wild", "B blue"), ("harmonies", "b blue"), ("four_gardens", "[wgtt]")):
        names = ("human",) if game_id == "harmonies" else ("human", "greedy")
        game, out = _game(["legend", "help", "quit"], names=names, game_id=game_id)
        game.run()
        text = out.getvalue()
        assert "Legend" in text and word in text and "Examples" in text, game_id
        game, out = _game(["cards", "help", "quit"], names=names, game_id=game_id, lang="ko")
        game.run()
        assert "범례" in out.getvalue() and "예" in out.getvalue()


def test_moves_describes_every_move() -> None:
    game, out = _game(["1", "moves", "quit"], game_id="harmonies", names=("human",))
    game.run()
    last = out.getvalue().rsplit("Your moves", 1)[1]
    for action in game.state.legal_actions():
        assert str(action) in last
    assert "Place a" in last


def test_readline_only_at_a_terminal() -> None:
    assert screen.line_reader(io.StringIO()) is input
