"""The terminal drawing: singular and plural points, and the turn counter."""

from __future__ import annotations

import io
import re

from rich.console import Console

from hanpan.core.rng import Rng
from hanpan.games.spirits_of_the_wild.render import describe, render

from .helpers import GAME


def text_of(renderable: object) -> str:
    console = Console(width=160, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_one_point_is_singular_and_the_head_counts_the_turns_played() -> None:
    singular = 0
    for seed in range(6):
        s = GAME.new(players=2, seed=seed)
        rng = Rng(seed)
        while not s.is_over:
            if s.turn % 5 == 0:
                text = text_of(render(s, 0, "en"))
                assert not re.search(r"\b1 points\b", text)
                singular += len(re.findall(r"\b1 point\b", text))
                assert f"Turns played: {s.turn}" in text
                assert f"지난 차례: {s.turn}번" in text_of(render(s, None, "ko"))
            legal = s.legal_actions()
            s.apply(legal[rng.randbelow(len(legal))])
    assert singular > 0


def test_korean_move_texts_hold_no_english_words() -> None:
    """The web page shows describe(..., "ko") in its move list, popovers and log: no Latin letters there."""
    seen = 0
    for seed in range(12):
        s = GAME.new(players=2, seed=seed)
        rng = Rng(seed)
        while not s.is_over and s.turn < 60:
            actions = s.legal_actions()
            for action in actions:
                text = describe(s, action, "ko")
                assert not re.search(r"[A-Za-z]", text), (str(action), text)
                seen += 1
            s.apply(actions[rng.randbelow(len(actions))])
    assert seen > 500
