"""The terminal drawing and action labels, in English and Korean, for every kind of decision."""

from __future__ import annotations

import io

from rich.console import Console

from hanpan.core.rng import Rng
from hanpan.games.four_gardens.render import describe, render

from .helpers import new


def text_of(renderable: object) -> str:
    console = Console(width=160, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def test_every_decision_has_labels_and_positions_draw() -> None:
    heads: set[str] = set()
    for seed in range(16):
        s = new(2 + seed % 3, seed=seed, whims=seed % 2 == 0)
        rng = Rng(seed)
        step = 0
        while not s.is_over:
            legal = s.legal_actions()
            for action in legal:
                heads.add(str(action).split()[0])
                en, ko = describe(s, action, "en"), describe(s, action, "ko")
                assert en and ko and en != ko and en != str(action)
            if step % 600 == 300 and seed < 6:
                for viewer in (*range(s.num_players), None):
                    for lang in ("en", "ko"):
                        out = text_of(render(s, viewer, lang))
                        assert ("Tower" in out) == (lang == "en") and ("탑" in out) == (lang == "ko")
            s.apply(legal[rng.randbelow(len(legal))])
            step += 1
        if seed < 3:
            assert "Game over" in text_of(render(s, 0, "en"))
    assert {"play", "rotate", "gain", "rearrange", "put", "move", "return", "done", "take", "draw", "bonus",
            "whim"} <= heads


def test_the_tower_is_drawn_from_the_viewers_side() -> None:
    s = new(2, seed=1)
    out = text_of(render(s, 1, "en"))
    assert "Tower (your side: 2)" in out and "2 = you" in out and "0 = Player 1" in out


def test_hidden_base_sides_are_not_drawn() -> None:
    s = new(2, seed=1)
    out = text_of(render(s, 0, "en"))
    assert out.count("base side hidden") == 5  # the opponent's five blind cards
    for c in s.hands[1]:
        assert f"c{c + 1} " not in out
    for c in s.hands[0]:
        assert f"c{c + 1} " in out
