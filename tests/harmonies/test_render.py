"""The terminal drawing and action labels, in English and Korean."""

from __future__ import annotations

import pytest
from rich.console import Console

from hanpan.core.rng import Rng
from hanpan.games.harmonies.render import describe, render

from .helpers import GAME


def draw(state: object, viewer: int | None, lang: str) -> str:
    console = Console(width=140, record=True, color_system=None)
    console.print(render(state, viewer, lang))  # type: ignore[arg-type]
    return console.export_text()


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("players", [1, 2, 4])
def test_render_shows_boards_cards_and_targets(lang: str, players: int) -> None:
    s = GAME.new(players=players, seed=players, side="AB"[players % 2], spirits=players > 1)
    rng = Rng(1)
    for _ in range(25):
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    while not s.hand_count and not s.is_over:
        legal = [a for a in s.legal_actions() if str(a) != "end"] or s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    text = draw(s, s.player, lang)
    assert "a1" in text and "+" in text
    assert ("Central board" if lang == "en" else "중앙판") in text
    assert ("Personal board" if lang == "en" else "개인판") in text
    for a in s.legal_actions():
        label = describe(s, a, lang)
        assert label and "\n" not in label


def test_spectator_and_final_render() -> None:
    from .helpers import random_game

    s = random_game(2, 4)
    text = draw(s, None, "en")
    assert "game over" in text
    assert "Winner" not in text  # the app's end screen names the winner, once
    assert "게임 종료" in draw(s, 0, "ko")


def test_the_head_counts_rounds() -> None:
    s = GAME.new(players=2, seed=1)
    rng = Rng(1)
    assert "round 1," in draw(s, 0, "en")
    while s.turn < 2:
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    assert "round 2," in draw(s, 0, "en") and "라운드 2" in draw(s, 0, "ko")


def test_viewer_sees_own_spirits_only() -> None:
    s = GAME.new(players=2, seed=9, spirits=True)
    mine = draw(s, 0, "en")
    theirs = draw(s, 1, "en")
    dealt0 = s.to_json()["dealt"][0]
    assert all(c in mine for c in dealt0)
    assert not any(c in theirs for c in dealt0)


def test_every_action_has_a_label_in_both_languages() -> None:
    from hanpan.games.harmonies.actions import ACTIONS

    s = GAME.new(players=1, seed=1)
    for action in ACTIONS.actions:
        en, ko = describe(s, action, "en"), describe(s, action, "ko")
        assert en and ko and en != ko and "\n" not in en + ko
