"""The computer players of a game in the order of their measured strength, each with one line on who
it suits — what the menus and ``hanpan games`` show.

The order comes from ``ladder.json`` beside this module, written by ``benchmarks/strength.py`` from its
round robin (docs/strength.md): two or more players are ordered by their Elo rating (Bradley–Terry,
from the 2-player games; 3 and 4 players use them too), solo Harmonies by the mean score.  A level the
round robin has not measured keeps its place in ``BASE_ORDER``.

>>> [level.name for level in ladder("spirits_of_the_wild", 2)][:3]
['random', 'greedy', 'easy']
>>> ladder("harmonies", 1)[0].line("en")  # not measured: the solo table leaves random out
'random — plays any legal move, to learn the rules against'
>>> # an unmeasured level goes just above the strongest measured level listed before it
>>> [level.name for level in ladder("harmonies", 1, ("greedy", "grandmaster", "easy"))]
['easy', 'greedy', 'grandmaster']
>>> solo, duo = (ladder("harmonies", n)[-1].line("en") for n in (1, 2))  # measured: mean score, Elo rating
>>> [line.startswith("master — the strongest") for line in (solo, duo)], "(mean " in solo, "(Elo " in duo
([True, True], True, True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

#: the order of a game's levels where nothing was measured: weakest first
BASE_ORDER = ("random", "easy", "greedy", "normal", "hard", "master")

#: each level's name as a menu shows it, in English and Korean (the id stays the English word)
TITLE: dict[str, tuple[str, str]] = {
    "random": ("random", "무작위"),
    "easy": ("easy", "쉬움"),
    "greedy": ("greedy", "욕심쟁이"),
    "normal": ("normal", "보통"),
    "hard": ("hard", "어려움"),
    "master": ("master", "고수"),
}


def level_title(name: str, lang: str = "en") -> str:
    """A level's name in ``lang`` (a level without one, e.g. ``mcts:200``, keeps its id).

    >>> level_title("master", "ko"), level_title("mcts:200", "ko")
    ('고수', 'mcts:200')
    """
    return TITLE.get(name, (name, name))[1 if lang == "ko" else 0]


#: who each level suits, in English and Korean
ABOUT: dict[str, tuple[str, str]] = {
    "random": ("plays any legal move, to learn the rules against", "아무 수나 둡니다: 규칙을 익힐 때"),
    "easy": ("a short search that often misses: for beginners", "짧게 읽고 자주 놓칩니다: 처음 하는 분께"),
    "greedy": ("takes what looks best now, never plans: for casual players",
               "지금 가장 좋아 보이는 수만 둡니다: 가볍게 즐기는 분께"),
    "normal": ("a longer search: for players who know the game", "더 길게 읽습니다: 게임을 아는 분께"),
    "hard": ("searches deeper, about 1 s a move: for club players",
             "더 깊이 읽습니다 (한 수에 약 1초): 동호회 수준"),
    "master": ("the strongest, up to 5 s a move: for experts", "가장 강합니다 (한 수에 최대 5초): 고수께"),
}


@dataclass(frozen=True)
class Level:
    """One computer player as a menu shows it: its name, its measured strength where known (an Elo
    rating for 2+ players, the mean score in solo) and who it suits."""

    name: str
    elo: float | None = None
    mean_score: float | None = None

    def line(self, lang: str = "en") -> str:
        """``name — who it suits`` (with the Elo rating or mean score when measured)."""
        about = ABOUT.get(self.name, ("", ""))[1 if lang == "ko" else 0]
        rating = "레이팅" if lang == "ko" else "Elo"
        measured = (f"{rating} {self.elo:.0f}" if self.elo is not None
                    else (f"{'평균' if lang == 'ko' else 'mean'} {self.mean_score:.0f}"
                          if self.mean_score is not None else ""))
        name = level_title(self.name, lang)
        text = f"{name} — {about}" if about else name
        return f"{text} ({measured})" if measured else text


@cache
def _measured() -> dict[str, Any]:
    path = Path(__file__).with_name("ladder.json")
    return json.loads(path.read_text("utf-8")) if path.exists() else {}


def ladder(game_id: str, players: int, names: tuple[str, ...] = BASE_ORDER) -> list[Level]:
    """The levels ``names`` for ``players`` players of ``game_id``, weakest first."""
    per_count = _measured().get(game_id, {})
    measured = per_count.get(str(players), per_count.get("2", {})) if players > 1 else per_count.get("1", {})
    key = "mean_score" if players == 1 else "elo"
    levels = [Level(name, **({key: measured[name]} if name in measured else {})) for name in names]

    def place(index_level: tuple[int, Level]) -> tuple[float, int]:
        index, level = index_level
        value = level.mean_score if players == 1 else level.elo
        if value is not None:
            return value, index
        # unmeasured: just above the strongest measured level listed before it
        before = [v for v in (measured.get(n) for n in names[:index]) if v is not None]
        return (max(before) if before else -1e9), index

    return [level for _, level in sorted(enumerate(levels), key=place)]
