"""The report as one self-contained HTML page: its plots embedded, every table from the figures dict.

A what-if leads with its differences (``hanpan.reports.whatif``: a summary, then the differences' tables
and plots) and keeps every figure of both sides below, each in a section that opens on a click.  The
page fits a phone: wide tables scroll sideways in their own box, and the plots take the column's width.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hanpan.reports.html_parts import CI, Label, by_design, e, flags_html, image, interval, options_text, pct, table
from hanpan.reports.whatif import comparison
from hanpan.reports.words import agent_labels, word

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 1.5rem auto; padding: 0 1rem; color: #222;
       line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
h3 { font-size: 1.05rem; margin-top: 1.4rem; }
.wide { overflow-x: auto; max-width: 100%; } .plot { overflow-x: auto; margin: .8rem 0; }
.setup { display: flex; flex-wrap: wrap; gap: .2rem 1.4rem; margin: 0; } .setup div { margin: 0; }
.setup dt { display: inline; color: #555; } .setup dd { display: inline; margin: 0 0 0 .3rem; }
table { border-collapse: collapse; margin: .5rem 0; font-size: .9rem; }
th, td { padding: .25rem .6rem; border-bottom: 1px solid #eee; text-align: right; white-space: nowrap; }
th { white-space: normal; vertical-align: bottom; }
th:first-child, td:first-child { text-align: left; white-space: normal; min-width: 7rem; }
.flag-strong { color: #a40000; } .flag-weak { color: #0b5394; } .note { color: #555; font-size: .85rem; }
.sig { font-weight: bold; color: #a40000; } img { width: 100%; height: auto; }
.summary { background: #f6f8fa; border: 1px solid #dde3e8; border-radius: 6px; padding: .4rem 1rem; }
.summary li { margin: .2rem 0; }
details { margin: 1.5rem 0; border-top: 1px solid #ddd; } summary { cursor: pointer; font-size: 1.2rem;
       font-weight: 600; padding: .6rem 0; }
@media (max-width: 40rem) {
  body { margin: .8rem auto; padding: 0 .6rem; } h1 { font-size: 1.3rem; } h2 { font-size: 1.1rem; }
  table { font-size: .8rem; } th, td { padding: .2rem .35rem; }
  th:first-child, td:first-child { min-width: 8rem; position: sticky; left: 0; background: #fff; }
  .plot img { min-width: 34rem; }
}
"""


def page(report: dict[str, Any], images: Path, files: list[str], label: Label, lang: str,
         plots_note: bool = False) -> str:
    """The HTML of a report (``report``: as written to report.json; ``files``: the PNGs in ``images``)."""
    w: Callable[[str], str] = lambda key: word(key, lang)  # noqa: E731 (a short alias reads better below)
    fig = report["figures"]
    wall = report.get("wall_seconds_all_sittings", report["wall_seconds"])  # played in sittings: all of them
    title = f"{w('title')} — {report['game_name']}"
    if "compare" in report:
        title = f"{w('compare')}: {options_text(report['compare']['change'])} — {report['game_name']}"
    parts = [f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>",
             "<meta name='viewport' content='width=device-width, initial-scale=1'>",
             f"<title>{e(title)}</title>", f"<style>{_STYLE}</style></head><body>", f"<h1>{e(title)}</h1>",
             _setup([(w("players"), ", ".join(agent_labels(fig["players"], lang))), (w("games"), fig["games"]),
                     (w("finished"), fig["finished"]), (w("seed"), fig["seed"]),
                     (w("options"), options_text(fig["options"])), (w("wall_time"), f"{wall:.0f} s")])]
    for option, lines in report.get("data_changes", {}).items():  # the games' own data file, if any
        parts += [f"<p>{e(w('data_changes'))} ({e(option)}={e(str(fig['options'].get(option, '')))}):</p>",
                  "<ul>" + "".join(f"<li>{e(line)}</li>" for line in lines or ["—"]) + "</ul>"]
    if plots_note:
        parts.append(f"<p class='note'>{e(w('plots_in_english'))}</p>")
    if "compare" in report:
        comp = report["compare"]
        parts.append(comparison(report, images, files, label, lang))
        parts += [f"<details><summary>{e(w('base_figures'))}</summary>",
                  body(fig, report["flags"], images, files, label, lang), "</details>",
                  f"<details><summary>{e(w('changed_figures'))} ({e(options_text(comp['change']))})</summary>",
                  body(comp["figures"], comp["flags"], images, files, label, lang, "changed-"), "</details>"]
    else:
        parts.append(body(fig, report["flags"], images, files, label, lang))
    parts.append("</body></html>")
    return "\n".join(parts)


def _setup(pairs: list[tuple[str, Any]]) -> str:
    """The run's set-up as short labelled values that wrap on a narrow screen."""
    return "<dl class='setup'>" + "".join(f"<div><dt>{e(k[:1].upper() + k[1:])}</dt><dd>{e(str(v))}</dd></div>"
                                          for k, v in pairs) + "</dl>"


def body(fig: dict[str, Any], flag_list: list[dict[str, Any]], images: Path, files: list[str], label: Label,
         lang: str, prefix: str = "") -> str:
    """Every figure of one side's games: flags, seats, players, plots, components, outcomes (its plots are
    the files named with ``prefix``)."""
    w: Callable[[str], str] = lambda key: word(key, lang)  # noqa: E731
    names = agent_labels(fig["players"], lang)
    parts = [f"<h2>{e(w('flags'))}</h2>", flags_html(flag_list, label, lang),
             f"<p class='note'>{e(w('flag_note'))} {e(w('adjusted_note'))}</p>"]
    if fig["seats"]:
        parts += [f"<h2>{e(w('seats'))}</h2>",
                  table([w("seat"), w("win_rate"), CI],
                        [[s["seat"] + 1, pct(s["rate"]), interval(s["ci95"], True)] for s in fig["seats"]])]
    parts += [f"<h2>{e(w('agents'))}</h2>", table(
        [w("agent"), w("mean_score"), CI, *([w("win_rate"), CI] if len(fig["players"]) > 1 else [])],
        [[who, f"{a['score']['mean']:.2f}", interval(a["score"]["ci95"]),
          *([pct(a["win"]["rate"]), interval(a["win"]["ci95"], True)] if "win" in a else [])]
         for who, a in zip(names, fig["agents"], strict=True)])]
    if "elo" in fig:
        parts.append(table(["Elo", ""], [[agent, f"{value:.0f}"] for agent, value in fig["elo"].items()]))
    parts.append(f"<p>{e(w('ties'))}: {pct(fig['ties'])}; {e(w('game_length'))}: "
                 f"{fig['length']['turns']['mean']:.1f} {e(w('turns'))}</p>")
    for name in files:
        own = name[len(prefix):] if name.startswith(prefix) else None
        if own is not None and (prefix or not name.startswith("changed-")) and not own.startswith(
                ("items-", "compare")):
            parts.append(image(images / name))
    solo = len(fig["players"]) == 1
    for family, entries in fig["items"].items():
        measure, rest = ("total_when_taken", "rest_total") if solo else ("win_when_taken", "rest_win")
        parts += [f"<h2>{e(label(family))}</h2>", table(
            [w("item"), w("taken"), w("take_rate"), w("completed"), w("points"), w(measure), CI, w("rest_of_kind")],
            [[label(e["item"]), e["taken"], pct(e["take_rate"]),
              pct(e["completed"]["rate"]) if e["completed"] else "—",
              f"{e['points']['mean']:.2f}" if e["points"] else "—",
              f"{e[measure]['mean']:.1f}" if solo else pct(e[measure]["rate"]),
              interval(e[measure]["ci95"], not solo),
              f"{e[rest]:.1f}" if solo else pct(e[rest])] for e in entries])]
        if f"{prefix}items-{family}.png" in files:
            parts.append(image(images / f"{prefix}items-{family}.png"))
    rows = [[f"{label(name)}: {label(f'{name}/{value}')}", pct(r["rate"]), interval(r["ci95"], True)]
            for name, values in fig["outcomes"].items() if name not in by_design(fig) for value, r in values.items()]
    if rows:
        parts += [f"<h2>{e(w('outcomes'))}</h2>", table([w("item"), w("share_of_games"), CI], rows)]
    return "\n".join(parts)
