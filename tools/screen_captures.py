"""Screen captures (text) of one decision of each game at 80×24 and at 160×50: docs/terminal/<game>-<size>.txt.

Each capture is what ``hanpan play`` draws for one decision (:func:`hanpan.cli.screen.decision`: game and
seed, board, the last moves in the log, the moves), recorded by a rich ``Console(width, height,
record=True)``; the last line of the terminal is left for the prompt, added here as it would look.
tests/cli/test_screen.py checks that the same decisions fit (and that every game fits 160×50).  A maintenance
tool rather than a benchmark: run it after a change to a game's terminal rendering; it takes seconds.

    .venv/bin/python tools/screen_captures.py            # writes docs/terminal/*.txt, prints the sizes
"""

from __future__ import annotations

import importlib
import io
import sys
from pathlib import Path

from rich.cells import cell_len
from rich.console import Console

import hanpan
from hanpan.cli import screen
from hanpan.cli.i18n import t
from hanpan.core.contract import State
from hanpan.core.rng import Rng

OUT = Path(__file__).resolve().parents[1] / "docs" / "terminal"
SIZES = (screen.SMALL, screen.LARGE)
#: game id → (players, options, random moves before the decision, what the decision must offer)
DECISIONS: dict[str, tuple[int, dict[str, object], int]] = {
    "spirits_of_the_wild": (2, {}, 9),
    "harmonies": (2, {}, 12),
    "four_gardens": (2, {}, 14),
}
SEED = 7


def _ready(state: State) -> bool:
    """A decision worth a capture: some choice in it (Harmonies: tokens in hand to place)."""
    return len(state.legal_actions()) >= 6 and getattr(state, "hand_count", 1) > 0


def decision(game_id: str) -> tuple[State, list[str]]:
    """The seeded position of the capture and the log that led there (the seat to move is "you")."""
    players, options, steps = DECISIONS[game_id]
    state = hanpan.game(game_id).new(players=players, seed=SEED, **options)
    render = importlib.import_module(f"hanpan.games.{game_id}.render")
    rng = Rng(SEED)
    moves: list[tuple[int, str, str]] = []
    while len(moves) < steps or not _ready(state):
        legal = state.legal_actions()
        action = legal[rng.randbelow(len(legal))]
        player = state.current_player
        assert player is not None
        before, described = state.scores()[player], render.describe(state, action, "en")
        state.play(action)
        moves.append((player, described, screen.score_change(state.game, before, state.scores()[player], "en")))
    you = state.current_player
    log = [screen.log_line(t("player", "en", n=p + 1) + (f" ({t('you', 'en')})" if p == you else " (greedy)"),
                           described, change) for p, described, change in moves]
    return state, log


def capture(game_id: str, width: int, height: int, lang: str = "en") -> str:
    """The text of one decision's screen at ``width`` × ``height``, prompt line included."""
    state, log = decision(game_id)
    player = state.current_player
    assert player is not None
    render = importlib.import_module(f"hanpan.games.{game_id}.render")
    name = t("player", lang, n=player + 1) + (f" ({t('you', lang)})")
    console = Console(width=width, height=height, record=True, color_system=None, file=io.StringIO())
    screen.show(console, screen.decision(state, render, player, lang, heading=t("to_move", lang, name=name),
                                         width=width, height=height, log=log))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    lines.append(f"{t('prompt', lang)}> ")
    return "\n".join(lines) + "\n"


def size_of(text: str) -> tuple[int, int]:
    """(lines, widest line in terminal cells) of a capture."""
    lines = text.splitlines()
    return len(lines), max(cell_len(line) for line in lines)


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    for game_id in DECISIONS:
        for width, height in SIZES:
            text = capture(game_id, width, height)
            path = OUT / f"{game_id}-{width}x{height}.txt"
            path.write_text(text, "utf-8")
            rows, cols = size_of(text)
            fits = "fits" if rows <= height and cols <= width else "does NOT fit"
            print(f"{path.name}: {rows} lines × {cols} columns — {fits} {width}×{height}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
