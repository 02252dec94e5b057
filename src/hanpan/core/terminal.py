"""What the games' terminal drawings (``hanpan.games.<id>.render``) draw alike, with rich.

Each game's ``render`` module keeps what is its own (its boards, words, letters and marks); the
pieces here are the ones they all draw the same way: a phrase in English or Korean, a row of coloured
token letters, the legend's heading, key line and two-column table, and text measured or wrapped in
terminal cells (a Korean letter takes two).  The core knows no game, so everything a game decides
(its words, letters, styles) comes in as arguments.

>>> words = Words({"tray": ("Tray", "접시")})
>>> key = key_line(words("tray", "en") + ": ", [("B", "bold blue", "blue"), ("W", "bold white", "white")])
>>> print(plain(legend_group("en", key, "· an empty slot", key_table([("take1", "take 1 stone")]))), end="")
Legend
Tray: B blue  W white
· an empty slot
take1 take 1 stone
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Iterable, Mapping, Sequence

from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text


def pick(lang: str, en: str, ko: str) -> str:
    """``ko`` when ``lang`` is Korean, else ``en``.

    >>> pick("ko", "Legend", "범례"), pick("en", "Legend", "범례")
    ('범례', 'Legend')
    """
    return ko if lang == "ko" else en


class Words:
    """A game's phrases by key, each (English, Korean), with their ``{fields}`` filled in when asked for.

    >>> words = Words({"round": ("Round {n}", "{n}라운드"), "over": ("Game over", "게임 종료")})
    >>> words("round", "en", n=2), words("round", "ko", n=2), words("over", "ko")
    ('Round 2', '2라운드', '게임 종료')
    """

    def __init__(self, table: Mapping[str, tuple[str, str]]) -> None:
        self.table = table

    def __call__(self, key: str, lang: str, **values: object) -> str:
        return pick(lang, *self.table[key]).format(**values)


def token_letters(counts: Iterable[tuple[str, int]], letter: Mapping[str, str], style: Mapping[str, str],
                  gap: str = "") -> Text:
    """Each kind's letter as many times as its count, in the kind's style (``gap`` after each, unstyled);
    a dim '—' where there is none.

    >>> token_letters([("blue", 2), ("red", 0), ("white", 1)], {"blue": "B", "red": "R", "white": "W"},
    ...               {"blue": "bold blue", "red": "red", "white": "white"}, gap=" ").plain
    'B B W '
    >>> token_letters([("blue", 0)], {"blue": "B"}, {"blue": "bold blue"}).plain
    '—'
    """
    text = Text()
    for kind, count in counts:
        for _ in range(count):
            text.append(letter[kind], style=style[kind])
            text.append(gap)
    return text or Text("—", style="dim")


def key_line(head: str, keys: Iterable[tuple[str, str, str]]) -> Text:
    """A legend's line of letters: ``head``, then each key's (letter, style, meaning), two spaces apart.

    >>> key_line("Stones: ", [("B", "bold blue", "blue"), ("W", "bold white", "white")]).plain
    'Stones: B blue  W white'
    """
    text = Text(head)
    for k, (symbol, style, meaning) in enumerate(keys):
        text.append(("  " if k else "") + symbol, style=style)
        text.append(f" {meaning}")
    return text


def key_table(rows: Iterable[Sequence[RenderableType]], title: str | None = None) -> Table:
    """A legend's table: a bold name that does not wrap, then what it means (no borders, no header).

    >>> print(plain(key_table([("owl", "pairs of the same colour"), ("bear", "2 stones")], title="Cards")),
    ...       end="")
    Cards
    owl  pairs of the same colour
    bear 2 stones
    """
    table = Table(title=title, title_justify="left", show_header=False, box=None, pad_edge=False, padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for row in rows:
        table.add_row(*row)
    return table


def legend_group(lang: str, key: Text, marks: str, *tables: RenderableType) -> Group:
    """A legend: the bold heading 'Legend' ('범례'), its line of letters, what the marks mean, its tables.

    >>> print(plain(legend_group("ko", Text("돌: B 파랑"), "· 빈 칸")), end="")
    범례
    돌: B 파랑
    · 빈 칸
    """
    return Group(Text(pick(lang, "Legend", "범례"), style="bold"), key, Text(marks), *tables)


def text_width(text: Text | str) -> int:
    """How many terminal cells the widest line of ``text`` takes (a Korean letter takes two).

    >>> text_width(Text("Round 1\\n2라운드")), text_width("")
    (7, 0)
    """
    lines = (text.plain if isinstance(text, Text) else text).split("\n")
    return max(cell_len(line) for line in lines)


def wrap(text: str, cells: int, lang: str, least: int = 0) -> str:
    """``text`` in lines of about ``cells`` cells: Korean at half as many letters (they are two cells wide),
    and at least ``least`` letters a line.

    >>> wrap("one two three", 8, "en"), wrap("하나 둘 셋", 8, "ko"), wrap("하나 둘 셋", 8, "ko", least=6)
    ('one two\\nthree', '하나 둘\\n셋', '하나 둘 셋')
    """
    return "\n".join(textwrap.wrap(text, max(least, cells // (2 if lang == "ko" else 1))))


def plain(renderable: RenderableType, width: int = 100) -> str:
    """What ``renderable`` draws on a terminal ``width`` columns wide, as text without colour (for examples
    and tests).

    >>> plain(Text("Round 1"))
    'Round 1\\n'
    """
    console = Console(width=width, record=True, color_system=None, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


__all__ = ["Words", "key_line", "key_table", "legend_group", "pick", "plain", "text_width", "token_letters",
           "wrap"]
