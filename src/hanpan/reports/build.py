"""``hanpan report``: play the games (locally or on a Dask cluster), compute the figures, and write
``report.json``, the plots as PNG and one self-contained ``report.html`` into a folder.

>>> import tempfile, json
>>> from pathlib import Path
>>> out = Path(tempfile.mkdtemp())
>>> report = make_report("spirits_of_the_wild", ["greedy", "random"], 12, out, seed=1)
>>> sorted(p.name for p in out.iterdir())[:3], json.loads((out / "report.json").read_text())["figures"]["games"]
(['categories.png', 'elo.png', 'items-action.png'], 12)
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hanpan.analysis import facts
from hanpan.analysis.tournament import GameResult, check_setup, normalize_options, run_games
from hanpan.core.errors import OptionError
from hanpan.core.registry import game as get_game
from hanpan.reports import games_file as games_file_io
from hanpan.reports.compare import compare
from hanpan.reports.figures import figures, flags
from hanpan.reports.page import page
from hanpan.reports.plots import draw_all, draw_comparison, plot_language
from hanpan.reports.words import agent_labels, word


def make_report(game_id: str, names: list[str], games: int, out: Path, seed: int = 0,
                options: dict[str, Any] | None = None, change: dict[str, Any] | None = None, lang: str = "en",
                jobs: int = 1, cluster: str | None = None,
                on_result: Callable[[GameResult], None] | None = None,
                games_file: Path | None = None, resume: bool = False,
                on_stage: Callable[[str], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games (and, with ``change``, the same games again with those options changed),
    write the report into ``out`` and return what report.json holds.

    ``games_file`` keeps every game's result as it finishes (``hanpan.reports.games_file``); with
    ``resume`` the games it holds already are not played again (``on_result`` sees them first).
    ``on_stage`` hears each stage as it begins: ``"base"``, ``"compare"`` (the changed games), ``"figures"``
    (figures, plots and the page)."""
    stage = on_stage or (lambda _: None)
    if games < 1:
        raise OptionError(f"--games must be 1 or more, not {games}")
    options = normalize_options(game_id, options or {})
    check_setup(game_id, names, options)
    changed = None
    if change:
        changed = normalize_options(game_id, {**options, **change})
        check_setup(game_id, names, changed)
    facts.balance_module(get_game(game_id))  # a game without balance facts is refused before anything runs
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise OptionError(f"cannot create --out {str(out)!r}: {e.strerror}") from None
    known = games_file_io.Kept()
    head = games_file_io.header(game_id, names, options, seed, change)
    if games_file is not None:
        if resume and games_file.exists():
            known = games_file_io.read(games_file, head)
        elif games_file.exists() and games_file.stat().st_size:
            raise OptionError(f"--games-file {str(games_file)!r} holds games already: add --resume to go on "
                              "with them, or give another file")
    elif resume:
        raise OptionError("--resume goes on with the games of a --games-file: give it")
    began = time.perf_counter()
    with contextlib.ExitStack() as stack:
        kept = stack.enter_context(games_file_io.GamesFile(games_file, head, known)) if games_file else None
        play = functools.partial(_play, game_id, names, games, seed, jobs=jobs, cluster=cluster,
                                 on_result=on_result, kept=kept)
        stage("base")
        results = play(options, "base", known.results["base"])
        other = []
        if changed is not None:
            stage("compare")
            other = play(changed, "compare", known.results["compare"])
        stage("figures")
        fig = figures(game_id, names, options, seed, results)
        report: dict[str, Any] = {"format": "hanpan.report/1", "game_name": get_game(game_id).name(lang),
                                  "lang": lang, "figures": fig, "flags": flags(fig)}
        report.update(_data_changes(game_id, options, lang))
        if changed is not None:
            other_fig = figures(game_id, names, changed, seed, other)
            report["compare"] = {"change": change, "figures": other_fig, "flags": flags(other_fig),
                                 "differences": compare(names, results, other, fig, other_fig),
                                 **_data_changes(game_id, changed, lang)}
    report["wall_seconds"] = round(time.perf_counter() - began, 1)
    if games_file is not None:  # a report perhaps made in several sittings: the wall time of them all
        assert kept is not None
        report["sittings"] = [*known.sittings, *([kept.sitting] if kept.sitting else [])]  # as the file has them
        report["wall_seconds_all_sittings"] = round(sum(s["seconds"] for s in report["sittings"]), 1)
    _write(report, game_id, out, lang)
    return report


def _play(game_id: str, names: list[str], games: int, seed: int, options: dict[str, Any], run: str,
          known: dict[int, GameResult], jobs: int, cluster: str | None,
          on_result: Callable[[GameResult], None] | None, kept: games_file_io.GamesFile | None) -> list[GameResult]:
    results = [known[i] for i in sorted(known) if i < games]
    for result in results:
        if on_result is not None:
            on_result(result)
    missing = [i for i in range(games) if i not in known]
    played = run_games(game_id, names, missing, seed, options, jobs, cluster=cluster, keep_facts=True) \
        if missing else []
    for result in played:
        results.append(result)
        if kept is not None:
            kept.add(run, result)
        if on_result is not None:
            on_result(result)
    return sorted(results, key=lambda r: r.index)


def _data_changes(game_id: str, options: dict[str, Any], lang: str) -> dict[str, Any]:
    """``{"data_changes": {option: [lines]}}`` when the options play with a designer's data file (the
    game's ``datafile`` part, docs/data.md): what the file changes from the built-in set, in words."""
    try:
        part = importlib.import_module(f"hanpan.games.{game_id}.datafile")
    except ModuleNotFoundError:
        return {}
    path = options.get(part.OPTION)
    return {"data_changes": {part.OPTION: part.changes(path, lang)}} if isinstance(path, str) else {}


def _write(report: dict[str, Any], game_id: str, out: Path, lang: str) -> None:
    game = get_game(game_id)
    plots_lang = plot_language(lang)
    label, text = labeller(game_id, plots_lang), lambda k: word(k, plots_lang)
    agents = agent_labels(report["figures"]["players"], plots_lang)
    files = draw_all(report["figures"], out, label, text, agents=agents)
    if "compare" in report:
        files += draw_comparison(report["compare"]["differences"], out, label, text, agents)
        files += draw_all(report["compare"]["figures"], out, label, text, "changed-", agents)
    (out / "report.json").write_text(json.dumps(report, ensure_ascii=False, indent=1) + "\n", "utf-8")
    html = page(report, out, files, labeller(game.id, lang), lang, plots_note=plots_lang != lang)
    (out / "report.html").write_text(html, "utf-8")


def labeller(game_id: str, lang: str) -> Callable[[str], str]:
    """Names for a game's item, family, outcome and score-category keys in ``lang``."""
    game = get_game(game_id)
    render = importlib.import_module(f"hanpan.games.{game_id}.render")
    category_name = getattr(render, "category_name", None)

    def name(key: str) -> str:
        text = facts.label(game, key, lang)
        if text == key and category_name is not None:
            text = category_name(key, lang) or key
        return text

    return name
