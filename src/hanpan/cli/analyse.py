"""``hanpan analyse RECORD``: a record reviewed by a computer level, printed as the marked move list and
each seat's accuracy (``--json``: the whole review, every number).

>>> seats_from(["2", "bob"], ["ann", "bob", "cat"])
[1]
>>> seats_from(["dan"], ["ann", "bob"])
Traceback (most recent call last):
...
hanpan.core.errors.OptionError: no seat 'dan' in this record; seats: 1 (ann), 2 (bob)
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from hanpan.analysis.estimates import Budget
from hanpan.analysis.results import DecisionReview, Review, SeatSummary
from hanpan.analysis.review import review
from hanpan.cli.i18n import t
from hanpan.cli.output import console
from hanpan.core.errors import OptionError
from hanpan.core.record import Record
from hanpan.core.registry import game as get_game


def command(args: argparse.Namespace, lang: str) -> int:
    """Run ``hanpan analyse`` with its parsed arguments."""
    record = Record.load(args.record)
    seats = None if not args.seat else seats_from(args.seat, record.players)
    given = (("samples", args.samples), ("alternatives", args.alternatives), ("rounds", args.rounds))
    budget = Budget(**{key: value for key, value in given if value is not None})
    with _progress(lang, disable=args.quiet or args.json) as advance:
        result = review(record, args.level, seats, budget, args.seed, jobs=args.jobs, progress=advance)
    if args.json:
        print(json.dumps(result.to_json(), ensure_ascii=False))
    else:
        print_review(result, lang)
    return 0


def seats_from(given: Sequence[str], players: Sequence[str]) -> list[int]:
    """The seats (0-based) named on the command line: a seat's number (1 for the first) or its player's
    name (when only one seat has it)."""
    seats = []
    for text in given:
        if text.isdigit() and 1 <= int(text) <= len(players):
            seats.append(int(text) - 1)
        elif list(players).count(text) == 1:
            seats.append(list(players).index(text))
        else:
            listing = ", ".join(f"{i} ({name})" for i, name in enumerate(players, 1))
            raise OptionError(f"no seat {text!r} in this record; seats: {listing}"
                              + (" (a name two seats share: give the number)" if text in players else ""),
                              f"이 기록에 {text!r} 자리가 없습니다; 자리: {listing}")
    return sorted(set(seats))


@contextmanager
def _progress(lang: str, disable: bool) -> Iterator[Callable[[int, int], None]]:
    """A progress bar on standard error; yields ``progress(done, total)``."""
    with Progress(TextColumn(t("analysing", lang)), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=Console(stderr=True), disable=disable, transient=True) as bar:
        task = bar.add_task("decisions", total=None)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance


def print_review(result: Review, lang: str) -> None:
    """The marked move list, then one line per seat: accuracy, mean loss, marks."""
    solo = result.unit == "points"
    name = get_game(result.game).name(lang)
    console.print(t("analyse_title", lang, game=name, level=result.level, samples=result.budget.samples,
                    seed=result.seed))
    console.print(f"[dim]{t('analyse_unit_points' if solo else 'analyse_unit_win', lang, level=result.level)}[/]")
    table = Table(box=None, pad_edge=False)
    for key, right in (("analyse_number", True), ("agent", False), ("analyse_played", False), ("analyse_mark", False),
                       ("analyse_loss", True), ("analyse_choice", False)):
        table.add_column(t(key, lang, level=result.level), justify="right" if right else "left")
    for d in result.decisions:
        table.add_row(str(d.number), result.players[d.seat], d.played or "", _mark(d, lang), _loss(d, solo),
                      "" if d.played == d.choice else _choice(d, solo))
    console.print(table)
    for summary in result.summaries:
        console.print(_seat_line(summary, solo, lang))


def _mark(d: DecisionReview, lang: str) -> str:
    if d.forced:
        return f"[dim]{t('analyse_forced', lang)}[/]"
    colour = {"best": "green", "good": "", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}
    text = t(f"mark_{d.mark}", lang)
    style = colour.get(d.mark or "", "")
    return f"[{style}]{text}[/]" if style else text


def _amount(value: float, solo: bool) -> str:
    """A loss in its unit: points, or percentage points of win chance."""
    return f"{value:.1f}" if solo else f"{100 * value:.1f}"


def _loss(d: DecisionReview, solo: bool) -> str:
    if d.forced or d.loss is None or d.played == d.choice:
        return ""
    se = "" if not d.loss_se else f" ± {_amount(d.loss_se, solo)}"
    points = "" if solo or d.margin_loss is None else f" / {d.margin_loss:.1f}"
    return f"{_amount(d.loss, solo)}{se}{points}"


def _choice(d: DecisionReview, solo: bool) -> str:
    """The level's move with its estimate and the played move's."""
    best, played = d.best, d.estimate(d.played or "")
    if best is None or played is None:
        return d.choice

    def value(e: float) -> str:
        return f"{e:.1f}" if solo else f"{100 * e:.0f} %"

    return f"{d.choice} ({value(best.value)} / {value(played.value)})"


def _seat_line(s: SeatSummary, solo: bool, lang: str) -> str:
    accuracy = "—" if s.accuracy is None else f"{s.accuracy:.1f} %"
    loss = "—" if s.mean_loss is None else _amount(s.mean_loss, solo)
    if s.mean_loss_se is not None:
        loss += f" ± {_amount(s.mean_loss_se, solo)}"
    counts = ", ".join(f"{t(f'mark_{name}', lang)} {count}" for name, count in s.marks.items())
    points = "—" if s.mean_points_loss is None else f"{s.mean_points_loss:.2f}"
    return t("analyse_seat", lang, player=s.player, seat=s.seat + 1, accuracy=accuracy, loss=loss, n=s.decisions,
             points=points, marks=counts)
