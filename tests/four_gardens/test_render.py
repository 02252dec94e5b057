"""The terminal drawing and action labels, in English and Korean, for every kind of decision."""

from __future__ import annotations

import io
import re

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
                # a card by what a player sees of it, never its id (issue 61 §3)
                assert not re.search(r"\bc\d+", en + ko), (str(action), en, ko)
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
    assert "Tower (your side: 2)" in out
    heads = next(i for i, line in enumerate(out.splitlines()) if "Tower" in line)
    sides, who = out.splitlines()[heads + 1], out.splitlines()[heads + 2]  # the column heads: side, then who
    assert sides.split("│")[1].split() == ["2", "3", "0", "1"]
    assert who.split("│")[1].split() == ["Floor", "you", "P1"]


def test_hidden_base_sides_are_not_drawn() -> None:
    s = new(2, seed=1)
    out = text_of(render(s, 0, "en"))
    # the opponent's five blind cards: landscape side, then ? for the unknown base side
    assert len(re.findall(r"\b(?:red|orange|green|blue) \d · [\w ]+?  \?", out)) == 5
    for c in s.hands[1]:
        assert f"c{c + 1} " not in out
    for c in s.hands[0]:
        assert f"c{c + 1} " in out


def test_a_rotation_says_what_it_collects_from_public_facts_only() -> None:
    for seed in range(6):
        s = new(2 + seed % 3, seed=seed, whims=True)
        rng = Rng(seed)
        checked = 0
        for _ in range(200):
            if s.is_over:
                break
            legal = s.legal_actions()
            p = s.current_player
            assert p is not None
            before = s.to_json()
            for action in legal:
                if str(action).startswith("rotate "):
                    en, ko = describe(s, action, "en"), describe(s, action, "ko")
                    after = s.clone()
                    after.apply(action)
                    got = [after.store[p * 4 + r] - s.store[p * 4 + r] for r in range(4)]
                    words = [f"{n} {name}" for n, name in zip(got, ("stone", "water", "grass", "wood"), strict=True)
                             if n]
                    assert en.endswith("collect " + ", ".join(words) if words else ": collects nothing"), en
                    assert ("수집 없음" in ko) == (not words)
                    # the same in every world the mover cannot tell apart
                    d = s.determinize(p, Rng(seed + 99))
                    assert describe(d, action, "en") == en
                    checked += 1
            assert s.to_json() == before  # describing changes nothing
            s.apply(legal[rng.randbelow(len(legal))])
        assert checked > 0


def test_a_rotation_with_full_storage_collects_nothing() -> None:
    s = new(2, seed=3)
    s.store[0:4] = [4, 0, 0, 0]
    s.supply[0] -= 4
    action = next(a for a in s.legal_actions() if str(a) == "rotate c6 cw")
    assert describe(s, action, "en") == "Rotate clockwise (discard red 2/2 (Autumn)): collects nothing"
    assert describe(s, action, "ko") == "시계 방향 회전 (빨강 2/2 (가을) 버림): 수집 없음"


def test_one_landscape_card_is_singular_and_the_head_counts_rounds() -> None:
    s = new(3, seed=2)
    s.lcount[1] = 1
    s.lcount[2] = 2
    text = text_of(render(s, 0, "en"))
    assert "1 landscape card" in text and "1 landscape cards" not in text and "2 landscape cards" in text
    assert "Round 1" in text
    rng = Rng(2)
    while s.turn < 3:  # one turn for each of the three seats: the second round
        legal = s.legal_actions()
        s.apply(legal[rng.randbelow(len(legal))])
    assert "Round 2" in text_of(render(s, 0, "en")) and "2라운드" in text_of(render(s, 0, "ko"))
