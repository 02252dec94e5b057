"""The report as one self-contained HTML page: its plots embedded, every table from the figures dict."""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hanpan.reports.words import word

Label = Callable[[str], str]

_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto; padding: 0 1rem; color: #222; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5rem 0; font-size: .9rem; }
th, td { padding: .2rem .6rem; border-bottom: 1px solid #eee; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.flag-strong { color: #a40000; } .flag-weak { color: #0b5394; } .note { color: #666; font-size: .85rem; }
.sig { font-weight: bold; } img { max-width: 100%; }
"""


def page(report: dict[str, Any], images: Path, files: list[str], label: Label, lang: str,
         plots_note: bool = False) -> str:
    """The HTML of a report (``report``: as written to report.json; ``files``: the PNGs in ``images``)."""
    w: Callable[[str], str] = lambda key: word(key, lang)  # noqa: E731 (a short alias reads better below)
    fig = report["figures"]
    wall = report.get("wall_seconds_all_sittings", report["wall_seconds"])  # played in sittings: all of them
    parts = [f"<!doctype html><html lang='{lang}'><head><meta charset='utf-8'>",
             f"<title>{_e(w('title'))} — {_e(report['game_name'])}</title>",
             f"<style>{_STYLE}</style></head><body>",
             f"<h1>{_e(w('title'))} — {_e(report['game_name'])}</h1>",
             _table([w("players"), w("games"), w("finished"), w("seed"), w("options"), w("wall_time")],
                    [[", ".join(fig["players"]), fig["games"], fig["finished"], fig["seed"],
                      _options(fig["options"]), f"{wall:.0f} s"]]),
             f"<h2>{_e(w('flags'))}</h2>", _flags(report["flags"], label, lang),
             f"<p class='note'>{_e(w('flag_note'))}</p>"]
    if plots_note:
        parts.append(f"<p class='note'>{_e(w('plots_in_english'))}</p>")
    if fig["seats"]:
        parts += [f"<h2>{_e(w('seats'))}</h2>",
                  _table([w("seat"), w("win_rate"), "95 %"],
                         [[s["seat"] + 1, _pct(s["rate"]), _interval(s["ci95"], True)] for s in fig["seats"]])]
    parts += [f"<h2>{_e(w('agents'))}</h2>", _table(
        [w("agent"), w("mean_score"), "95 %", *([w("win_rate"), "95 %"] if len(fig["players"]) > 1 else [])],
        [[a["agent"], f"{a['score']['mean']:.2f}", _interval(a["score"]["ci95"]),
          *([_pct(a["win"]["rate"]), _interval(a["win"]["ci95"], True)] if "win" in a else [])]
         for a in fig["agents"]])]
    if "elo" in fig:
        parts.append(_table(["Elo", ""], [[agent, f"{value:.0f}"] for agent, value in fig["elo"].items()]))
    parts.append(f"<p>{_e(w('ties'))}: {_pct(fig['ties'])}; {_e(w('game_length'))}: "
                 f"{fig['length']['turns']['mean']:.1f} {_e(w('turns'))}</p>")
    for name in files:
        if not name.startswith("items-") and name != "compare.png":
            parts.append(_image(images / name))
    for family, entries in fig["items"].items():
        solo = len(fig["players"]) == 1
        measure, rest = ("total_when_taken", "rest_total") if solo else ("win_when_taken", "rest_win")
        parts += [f"<h2>{_e(label(family))}</h2>", _table(
            [w("item"), w("taken"), w("take_rate"), w("completed"), w("points"), w(measure), "95 %", w("rest_of_kind")],
            [[label(e["item"]), e["taken"], _pct(e["take_rate"]),
              _pct(e["completed"]["rate"]) if e["completed"] else "—",
              f"{e['points']['mean']:.2f}" if e["points"] else "—",
              f"{e[measure]['mean']:.1f}" if solo else _pct(e[measure]["rate"]),
              _interval(e[measure]["ci95"], not solo),
              f"{e[rest]:.1f}" if solo else _pct(e[rest])] for e in entries])]
        if f"items-{family}.png" in files:
            parts.append(_image(images / f"items-{family}.png"))
    if fig["outcomes"]:
        parts += [f"<h2>{_e(w('outcomes'))}</h2>", _table(
            [w("item"), w("share_of_games"), "95 %"],
            [[f"{label(name)}: {label(f'{name}/{value}')}", _pct(r["rate"]), _interval(r["ci95"], True)]
             for name, values in fig["outcomes"].items() for value, r in values.items()])]
    if "compare" in report:
        parts.append(_comparison(report["compare"], images, files, label, lang))
    parts.append("</body></html>")
    return "\n".join(parts)


def _comparison(comp: dict[str, Any], images: Path, files: list[str], label: Label, lang: str) -> str:
    w: Callable[[str], str] = lambda key: word(key, lang)  # noqa: E731
    diff = comp["differences"]
    rows = [[f"{w('score')}: {a['agent']}", *_diff(a["score"])] for a in diff["agents"]]
    rows += [[f"{w('win_rate')}: {a['agent']}", *_diff(a["win"], True)] for a in diff["agents"] if "win" in a]
    rows += [[f"{w('seat')} {s['seat'] + 1}", *_diff(s, True)] for s in diff["seats"]]
    rows.append([w("turns"), *_diff(diff["turns"])])
    rows += [[label(r["item"]), *_diff(r["take_rate"], True)] for entries in diff["items"].values()
             for r in entries if r["take_rate"]["significant"]]
    parts = [f"<h2>{_e(w('compare'))}: {_e(_options(comp['change']))}</h2>",
             f"<p>{_e(w('paired_games'))}: {diff['paired_games']}</p>",
             _table([w("item"), w("difference"), "95 %", w("significant")], rows)]
    if "compare.png" in files:
        parts.append(_image(images / "compare.png"))
    return "\n".join(parts)


def _diff(d: dict[str, Any], percent: bool = False) -> list[str]:
    value = f"{d['difference'] * 100:+.1f} pt" if percent else f"{d['difference']:+.2f}"
    scale, digits = (100, 1) if percent else (1, 2)
    interval = "—" if d["ci95"] is None else f"{d['ci95'][0] * scale:+.{digits}f} – {d['ci95'][1] * scale:+.{digits}f}"
    return [value, interval, "✔" if d["significant"] else ""]


def _flags(flags: list[dict[str, Any]], label: Label, lang: str) -> str:
    if not flags:
        return f"<p>{_e(word('no_flags', lang))}</p>"
    items = []
    for f in flags:
        kind = f"flag_{'strong' if f['strong'] else 'weak'}_{'solo' if f['measure'] == 'total' else 'win'}"
        text = word(kind, lang).format(item=label(f["item"]), value=f["value"], low=f["ci95"][0], high=f["ci95"][1],
                                       reference=f["reference"], taken=f["taken"])
        items.append(f"<li class='{'flag-strong' if f['strong'] else 'flag-weak'}'>{_e(text)}</li>")
    return "<ul>" + "".join(items) + "</ul>"


def _table(head: list[str], rows: list[list[Any]]) -> str:
    out = ["<table><tr>", *(f"<th>{_e(str(h))}</th>" for h in head), "</tr>"]
    for row in rows:
        out += ["<tr>", *(f"<td>{_e(str(c))}</td>" for c in row), "</tr>"]
    out.append("</table>")
    return "".join(out)


def _image(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"<p><img alt='{_e(path.stem)}' src='data:image/png;base64,{data}'></p>"


def _pct(value: float) -> str:
    return f"{value * 100:.1f} %"


def _interval(ci: list[float], percent: bool = False) -> str:
    return f"{ci[0] * 100:.1f}–{ci[1] * 100:.1f} %" if percent else f"{ci[0]:.2f}–{ci[1]:.2f}"


def _options(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "—"


def _e(text: str) -> str:
    return html.escape(text, quote=True)
