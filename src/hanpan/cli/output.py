"""Printing for the ``hanpan`` command: tables, progress bars, replays (rich)."""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable, Iterator
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from hanpan.analysis.tournament import Summary
from hanpan.cli.i18n import t
from hanpan.core.contract import Game, ScoreCard, State
from hanpan.core.record import Record, start
from hanpan.core.registry import game as get_game

console = Console(highlight=False)


def renderer(game: Game) -> ModuleType:
    """The game's ``render`` module (``render`` and ``describe``; see docs/developing.md)."""
    return importlib.import_module(f"hanpan.games.{game.id}.render")


def category_label(game: Game, key: str, lang: str) -> str:
    """A score category's name in ``lang``, from the game's ``render.category_name`` when it has one."""
    name = getattr(renderer(game), "category_name", None)
    return str(name(key, lang)) if name is not None else key


def print_games(rows: list[dict[str, Any]], lang: str) -> None:
    table = Table(title=t("games_title", lang))
    for key in ("id", "name", "players", "options"):
        table.add_column(t(key, lang), no_wrap=key in ("id", "options"))  # ids and options whole, even at 80 columns
    for row in rows:
        options = []
        for o in row["options"]:
            if o["choices"]:
                allowed = "|".join(_spell(c) for c in o["choices"])
            else:
                allowed = "true|false" if isinstance(o["default"], bool) else "…"
            options.append(f"{o['name']}={_spell(o['default'])} ({allowed})")
        players = f"{row['min_players']}–{row['max_players']}" if row["min_players"] != row["max_players"] \
            else str(row["min_players"])
        table.add_row(row["id"], f"{row['name_ko']}\n{row['name_en']}", players, "\n".join(options))
    console.print(table)
    levels = Table(title=t("levels_title", lang))
    levels.add_column(t("id", lang), no_wrap=True)
    levels.add_column(t("levels", lang))
    for row in rows:
        count = str(row["default_players"])
        levels.add_row(f"{row['id']}\n{t('menu_players', lang, n=count)}",
                       "\n".join(level["about"] for level in row["levels"][count]))
    console.print(levels)


def _spell(value: object) -> str:
    """An option value as it is typed on the command line (``--option spirits=true``), not as Python writes it.

    >>> _spell(False), _spell(None), _spell("A"), _spell(3)
    ('false', 'none', 'A', '3')
    """
    if value is None or isinstance(value, bool):
        return str(value).lower()
    return str(value)


@contextlib.contextmanager
def progress(total: int, lang: str, disable: bool = False) -> Iterator[Callable[[], None]]:
    """A progress bar on standard error; yields a function that advances it by one game."""
    err = Console(stderr=True)
    with Progress(TextColumn(t("simulating", lang)), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                  console=err, disable=disable, transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda: bar.advance(task)


def print_summary(summary: Summary, lang: str) -> None:
    game = get_game(summary.game)
    table = Table(title=f"{summary.game} — seed {summary.seed}")
    for key in ("agent", "win_rate", "mean_score", "median_score"):
        table.add_column(t(key, lang), justify="left" if key == "agent" else "right")
    for i, p in enumerate(summary.per_player, 1):
        low, high = p.win_rate_ci95
        rate = "—" if len(summary.players) == 1 else f"{p.win_rate:.1%} ({low:.1%}–{high:.1%})"  # solo: no rivals
        table.add_row(f"{i}. {p.agent}", rate, f"{p.mean_score:.2f}", f"{p.median_score:g}")
    console.print(table)
    for i, p in enumerate(summary.per_player, 1):
        for key, histogram in p.extras.items():
            spread = ", ".join(f"{value}: {count}" for value, count in histogram.items())
            console.print(f"{i}. {p.agent} — {key}: {spread}")
        if p.category_means:
            means = ", ".join(f"{category_label(game, k, lang)} {v:.1f}" for k, v in p.category_means.items())
            console.print(f"{i}. {p.agent} — {t('mean_points', lang)}: {means}")
        if p.decision_seconds and p.decision_seconds.get("decisions"):
            d = p.decision_seconds
            times = t("decision_seconds", lang, n=int(d["decisions"]), p50=d["p50"], p90=d["p90"], p99=d["p99"],
                      max=d["max"])
            console.print(f"{i}. {p.agent} — {times}")
    console.print(t("games_played", lang, games=summary.games, unfinished=summary.unfinished,
                    turns=summary.mean_turns))


def print_score(game: Game, card: ScoreCard, lang: str) -> None:
    table = Table(title=f"{game.name(lang)} — {t('scores', lang)}", min_width=32)
    table.add_column("")
    table.add_column("", justify="right")
    for category, points in card.categories.items():
        table.add_row(category_label(game, category, lang), str(points))
    table.add_row(f"[bold]{t('total', lang)}[/]", f"[bold]{card.total}[/]")
    for key, value in card.extra.items():
        table.add_row(category_label(game, key, lang), str(value))
    console.print(table)


def show_replay(record: Record, lang: str) -> None:
    """Draw the position at the end of every turn of a record (public view)."""
    state: State = start(record)
    render = renderer(state.game)
    turn = state.turn
    console.print(render.render(state, None, lang))
    for number, text in enumerate(record.actions, 1):
        mover = state.current_player
        state.play(text)
        name = record.players[mover] if mover is not None and mover < len(record.players) else "?"
        console.print(f"[dim]{number}.[/] {name}: [bold]{text}[/]")
        if state.turn != turn or state.is_over:
            turn = state.turn
            console.print(render.render(state, None, lang))
