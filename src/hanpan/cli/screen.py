"""One decision on one screen: the game and seed, the board, what just happened, the moves; then the prompt.

The terminal app (:mod:`hanpan.cli.play`) draws each decision with :func:`decision`, sized to the
console: the game's own drawing (``hanpan.games.<id>.render.render``, which picks a wide or a narrow
layout from the width it is given), the last lines of the game's log (your own moves with what they
changed in your score, the others' moves), then the legal moves — each with its description when
they fit, else grouped by what they share ("place blue: 4 a1  5 b3 …", Four Gardens: by card), and
as many as fit.  On a real terminal :func:`show` clears the screen first, so each decision is drawn in
place instead of scrolling; any other console (a file, a test's ``StringIO``) just gets it printed.

>>> import hanpan, io
>>> from rich.console import Console
>>> from hanpan.games.spirits_of_the_wild import render
>>> state = hanpan.game("spirits_of_the_wild").new(players=2, seed=3)
>>> console = Console(width=80, height=24, record=True, color_system=None, file=io.StringIO())
>>> show(console, decision(state, render, 0, "en", heading="Player 1 (you) to move", width=80, height=24))
>>> lines = console.export_text().splitlines()
>>> lines[0]
'Spirits of the Wild · seed 3 · Player 1 (you) to move'
>>> len(lines) <= 23 and max(len(line) for line in lines) <= 80
True
>>> [group.heading for group in move_groups(state, render, "en")]
['']
>>> score_change(state.game, state.scores()[0], state.scores()[0], "en")
''
"""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from types import ModuleType

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from hanpan.core.action import Action
from hanpan.core.contract import Game, ScoreCard, State

#: the smallest terminal a decision is laid out for, and the size every decision fits
SMALL = (80, 24)
LARGE = (160, 50)

WORDS: dict[str, tuple[str, str]] = {
    "seed": ("seed {seed}", "시드 {seed}"),
    "seed_later": ("seed shown at the end (it would tell the draws to come)",
                   "시드는 게임 끝에 공개 (앞으로 나올 것을 알려 주므로)"),
    "seed_was": ("The seed of this game: {seed}", "이 게임의 시드: {seed}"),
    "moves": ("Your moves", "가능한 수"),
    "moves_hint": ("Your moves ('moves' describes each one, 'legend' explains the board)",
                   "가능한 수 ('moves': 수마다 설명, 'legend': 판 읽는 법)"),
    "more": ("… and {n} more: type 'moves' to see them all", "… 외 {n}개: 'moves'를 입력하면 모두 보입니다"),
    "total": ("total {n}", "합계 {n}"),
    "legend": ("Legend", "범례"),
    "help": ("How to play {game} here", "{game} 두는 법"),
    "help_common": (
        "Type a move's number or its notation. Commands: help; legend (alias: cards) — what the letters, marks "
        "and cards mean; moves — every legal move with its description; undo — take back your own decisions "
        "of this turn, up to the last draw; save FILE — write the record so far; quit. Arrow keys edit the "
        "line and go through earlier lines.",
        "수의 번호나 표기를 입력하세요. 명령: help; legend (또는 cards) — 글자·표시·카드의 뜻; "
        "moves — 가능한 수 전부와 설명; undo — 이번 차례의 내 결정을 마지막 뽑기 전까지 되돌리기; "
        "save 파일 — 지금까지의 기록 저장; quit. 화살표 키로 줄을 고치고 이전 입력을 불러옵니다."),
    "examples": ("Examples", "예"),
    "other": ("other", "그 밖"),
}


def _w(key: str, lang: str, **values: object) -> str:
    en, ko = WORDS[key]
    return (ko if lang == "ko" else en).format(**values)


# --- the moves -------------------------------------------------------------------------------------
@dataclass
class MoveGroup:
    """Moves that share a heading (a card, a token colour …); items are (number, short label)."""

    heading: str
    items: list[tuple[int, str]] = field(default_factory=list)


def _generic_group(action: Action) -> tuple[str, str]:
    """Group by the notation without its last word: 'place blue a1' → ('place blue', 'a1').

    >>> _generic_group(Action(0, "place blue a1")), _generic_group(Action(1, "end"))
    (('place blue', 'a1'), ('', 'end'))
    """
    words = str(action).rsplit(" ", 1)
    return (words[0], words[1]) if len(words) == 2 else ("", words[0])


def move_groups(state: State, render: ModuleType, lang: str) -> list[MoveGroup]:
    """The legal moves, numbered from 1 as the prompt takes them, grouped.

    A game's ``render.move_group(state, action, lang) -> (heading, label)`` decides the groups when it
    has one; otherwise moves group by their notation without its last word.  Moves alone in their group
    are gathered under the heading ``""``.
    """
    grouper: Callable[[State, Action, str], tuple[str, str]] | None = getattr(render, "move_group", None)
    groups: dict[str, MoveGroup] = {}
    for number, action in enumerate(state.legal_actions(), 1):
        heading, label = grouper(state, action, lang) if grouper is not None else _generic_group(action)
        groups.setdefault(heading, MoveGroup(heading)).items.append((number, label))
    singles = MoveGroup("")
    out: list[MoveGroup] = []
    for group in groups.values():
        if group.heading and len(group.items) > 1:
            out.append(group)
        else:
            singles.items.extend((n, f"{group.heading} {label}".strip()) for n, label in group.items)
    if singles.items:
        singles.items.sort()
        if singles.items[0][0] == 1:
            out.insert(0, singles)
        else:
            out.append(singles)
    return out


def _full_list(state: State, render: ModuleType, lang: str, width: int) -> Table:
    """Every move on its own line with its description, in as many columns as the width allows."""
    entries = [(f"{number:>2}", str(action), str(render.describe(state, action, lang)))
               for number, action in enumerate(state.legal_actions(), 1)]
    widest = max((len(n) + len(a) + Text(d).cell_len + 2 for n, a, d in entries), default=1)
    columns = max(1, min(3, (width + 3) // (widest + 3)))
    rows = -(-len(entries) // columns)
    table = Table.grid(padding=(0, 1))
    for c in range(columns):
        table.add_column(style="cyan", no_wrap=True, justify="right")
        table.add_column(style="bold", no_wrap=True)
        table.add_column(no_wrap=columns > 1, overflow="ellipsis")
        if c + 1 < columns:
            table.add_column(width=1)
    for r in range(rows):
        cells: list[str] = []
        for c in range(columns):
            k = c * rows + r
            cells.extend(entries[k] if k < len(entries) else ("", "", ""))
            if c + 1 < columns:
                cells.append("")
        table.add_row(*cells)
    return table


def _grouped_list(groups: Sequence[MoveGroup], lang: str, width: int) -> Table:
    """A line per group, "heading: 4 a1  5 b3 …", wrapped between moves, never inside one."""
    headings = [g.heading or (_w("other", lang) if len(groups) > 1 else "") for g in groups]
    indent = max((Text(f"{h}:").cell_len for h in headings if h), default=0)
    room = max(20, width - indent - 1)
    table = Table.grid(padding=(0, 1))
    table.add_column(no_wrap=True, style="bold")
    table.add_column(no_wrap=True)
    for heading, group in zip(headings, groups, strict=True):
        lines = [Text()]
        for number, label in group.items:
            item = Text(f"{number}", style="cyan")
            if label != str(number):
                item.append(f" {label}")
            if lines[-1].cell_len and lines[-1].cell_len + 2 + item.cell_len > room:
                lines.append(Text())
            if lines[-1].cell_len:
                lines[-1].append("  ")
            lines[-1].append_text(item)
        table.add_row(Text(f"{heading}:") if heading else "", Text("\n").join(lines))  # a Text: headings hold [ ]
    return table


def lines_of(renderable: RenderableType, width: int, console: Console | None = None) -> int:
    """How many lines ``renderable`` takes at ``width`` columns."""
    console = console or Console(width=width, color_system=None, file=sys.stderr)
    return len(console.render_lines(renderable, console.options.update(width=width, height=None), pad=False))


def move_list(state: State, render: ModuleType, lang: str, width: int, budget: int | None = None,
              console: Console | None = None) -> RenderableType:
    """The legal moves in at most ``budget`` lines (None: no limit, every move with its description)."""
    full = _full_list(state, render, lang, width)
    if budget is None:
        return Group(Text(_w("moves", lang), style="bold"), full)
    if lines_of(full, width, console) + 1 <= min(budget, 13):  # a long list reads better grouped
        return Group(Text(_w("moves", lang), style="bold"), full)
    groups = move_groups(state, render, lang)
    title = Text(_w("moves_hint", lang), style="bold")
    grouped = _grouped_list(groups, lang, width)
    if lines_of(grouped, width, console) + 1 <= budget:
        return Group(title, grouped)
    # too many even grouped: the first groups that fit (in 12 lines at least: the moves matter more than
    # the top of the board), and how many are left
    budget = max(budget, 12)
    if lines_of(grouped, width, console) + 1 <= budget:
        return Group(title, grouped)
    shown: list[MoveGroup] = []
    total = sum(len(g.items) for g in groups)
    for group in groups:
        trial = [*shown, group]
        if lines_of(_grouped_list(trial, lang, width), width, console) + 2 > budget:
            break
        shown = trial
    left = total - sum(len(g.items) for g in shown)
    return Group(title, _grouped_list(shown, lang, width), Text(_w("more", lang, n=left), style="dim"))


# --- the log ---------------------------------------------------------------------------------------
def score_change(game: Game, before: ScoreCard, after: ScoreCard, lang: str) -> str:
    """What a move changed in the mover's score, by category: '+1 Summer (total 13)'; '' when nothing.

    >>> import hanpan
    >>> g = hanpan.game("spirits_of_the_wild")
    >>> before, after = ScoreCard({"owl": 0, "salmon": 1}, 1), ScoreCard({"owl": 0, "salmon": 2}, 2)
    >>> score_change(g, before, after, "en"), score_change(g, before, after, "ko")
    ('+1 Salmon (total 2)', '연어 +1 (합계 2)')
    """
    from hanpan.cli.output import category_label

    parts = []
    for key, value in after.categories.items():
        delta = value - before.categories.get(key, 0)
        if delta:
            label = category_label(game, key, lang)
            parts.append(f"{label} {delta:+d}" if lang == "ko" else f"{delta:+d} {label}")
    if not parts and after.total == before.total:
        return ""
    return ", ".join(parts) + f" ({_w('total', lang, n=after.total)})"


def log_line(who: str, describe: str, change: str) -> str:
    """One line of the game's log: who did what, and what it changed in their score.

    >>> log_line("Player 1 (you)", "Complete c10 (turn it landscape side up)", "+1 Summer (total 13)")
    'Player 1 (you): Complete c10 (turn it landscape side up) → +1 Summer (total 13)'
    """
    return f"{who}: {describe}" + (f" → {change}" if change else "")


# --- the screen ------------------------------------------------------------------------------------
def status_line(state: State, lang: str, heading: str, hide_seed: bool = False) -> Text:
    """'Spirits of the Wild · seed 3 · Player 1 (you) to move': the game, its seed, whose decision."""
    seed = _w("seed_later", lang) if hide_seed else _w("seed", lang, seed=state.seed)
    text = Text(state.game.name(lang), style="bold")
    text.append(f" · {seed}", style="dim")
    if heading:
        text.append(" · ")
        text.append(heading, style="bold")
    return text


def decision(state: State, render: ModuleType, viewer: int | None, lang: str, *, heading: str, width: int,
             height: int, log: Sequence[str] = (), hide_seed: bool = False, full: bool = False) -> RenderableType:
    """One decision's screen for a ``width`` × ``height`` terminal, leaving its last line for the prompt.

    The game's drawing comes first, then as many of the newest ``log`` lines as there is room for (at
    least the newest), then the moves fitted into the lines left (``full``: all of them, described).
    """
    console = Console(width=width, color_system=None, file=sys.stderr)
    board = render.render(state, viewer, lang)
    top = status_line(state, lang, heading, hide_seed)
    left = height - 1 - lines_of(top, width, console) - lines_of(board, width, console)
    moves = move_list(state, render, lang, width, None if full else max(left - (1 if log else 0), 3), console)
    room = left - lines_of(moves, width, console)
    shown_log: list[Text] = []
    for line in reversed(log[-4:]):
        entry = Text(line, style="italic")
        need = lines_of(entry, width, console)
        if shown_log and need > room:
            break
        shown_log.insert(0, entry)
        room -= need
    return Group(top, board, *shown_log, moves)


def show(console: Console, screen: RenderableType) -> None:
    """Draw a screen in place on a real terminal (clear first); elsewhere just print it."""
    if console.is_terminal:
        console.clear()
    console.print(screen)


def legend(render: ModuleType, state: State, viewer: int | None, lang: str) -> RenderableType:
    """The game's legend (``render.legend``): what its letters, marks and cards mean."""
    draw: Callable[[State, int | None, str], RenderableType] | None = getattr(render, "legend", None)
    if draw is None:
        return Text(_w("legend", lang) + ": —")
    return draw(state, viewer, lang)


def help_text(render: ModuleType, state: State, lang: str) -> RenderableType:
    """The commands, and the game's own examples (``render.EXAMPLES``: (notation, English, Korean))."""
    parts: list[RenderableType] = [Text(_w("help", lang, game=state.game.name(lang)), style="bold"),
                                   Text(_w("help_common", lang))]
    examples: Sequence[tuple[str, str, str]] = getattr(render, "EXAMPLES", ())
    if examples:
        table = Table(title=_w("examples", lang), title_justify="left", show_header=False, box=None,
                      pad_edge=False)
        for notation, en, ko in examples:
            table.add_row(f"[bold]{escape(notation)}[/]", ko if lang == "ko" else en)
        parts.append(table)
    return Group(*parts)


def line_reader(stdin: object = None) -> Callable[[str], str]:
    """``input``, with line editing and history (arrow keys, backspace) when reading from a terminal.

    Importing :mod:`readline` is all ``input`` needs for that; where there is no readline (Windows
    without pyreadline) or no terminal, ``input`` works as before.

    >>> import io
    >>> line_reader(io.StringIO()) is input
    True
    """
    stream = sys.stdin if stdin is None else stdin
    isatty = getattr(stream, "isatty", None)
    if isatty is not None and isatty():
        with contextlib.suppress(ImportError):  # no readline (Windows): input() as it is
            import readline  # noqa: F401  (input() edits lines once it is loaded)
    return input
