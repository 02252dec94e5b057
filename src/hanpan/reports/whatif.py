"""The top of a what-if's page: what was changed (with a data file, what it changes card by card), a
summary in words of what the change did, the changed games' flags beside the base's, then every
difference in tables and plots — each measure named with its unit, and significance accounting for the
number of differences tested together (``hanpan.reports.compare``).

The base's and the changed games' own figures follow on the page (``hanpan.reports.page``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from hanpan.reports.html_parts import CI, Label, by_design, e, flags_html, image, options_text, pct, table
from hanpan.reports.words import agent_labels, word


def comparison(report: dict[str, Any], images: Path, files: list[str], label: Label, lang: str) -> str:
    """The what-if's own sections (the report has a ``compare``)."""
    w: Callable[[str], str] = lambda key: word(key, lang)  # noqa: E731 (a short alias reads better below)
    comp = report["compare"]
    diff = comp["differences"]
    names = agent_labels(report["figures"]["players"], lang)
    solo = len(names) == 1
    parts = [f"<h2>{e(w('summary'))}</h2><div class='summary'>",
             f"<p><b>{e(w('what_changed'))}</b>: {e(options_text(comp['change']))}</p>"]
    for option, lines in comp.get("data_changes", {}).items():
        parts.append(f"<p>{e(w('data_changes'))} ({e(option)}):</p>")
        parts.append("<ul>" + "".join(f"<li>{e(line)}</li>" for line in lines or ["—"]) + "</ul>")
    listed = "".join(f"<li>{e(line)}" + ("<ul>" + "".join(f"<li>{e(s)}</li>" for s in under) + "</ul>" if under
                                          else "") + "</li>" for line, under in summary(report, label, lang))
    parts += [f"<p><b>{e(w('what_it_did'))}</b>:</p>", f"<ul>{listed}</ul>", "</div>"]
    base_items = {f["item"] for f in report["flags"]}
    gone = [label(f["item"]) for f in report["flags"] if f["item"] not in {g["item"] for g in comp["flags"]}]
    parts += [f"<h2>{e(w('changed_flags'))}</h2>",
              flags_html(comp["flags"], label, lang, {f["item"] for f in comp["flags"]} - base_items)]
    if gone:
        parts.append(f"<p>{e(_capitalized(w('flags_gone').format(items=', '.join(gone))))}</p>")
    parts += [f"<h2>{e(w('differences_section'))}</h2>", f"<p class='note'>{e(_capitalized(w('paired_games')))}: "
              f"{diff['paired_games']}. {e(w('adjusted_note'))}</p>",
              f"<h3>{e(w('headline'))}</h3>", _headline(report, names, lang)]
    if "compare-rates.png" in files:
        parts.append(image(images / "compare-rates.png"))
    rows, strong = [], []
    for who, a in zip(names, diff["agents"], strict=True):
        for category, d in a.get("categories", {}).items():
            if unchanged(d):
                continue
            rows.append([f"{who}: {label(category)}", *_cells(d, "unit_points", lang)])
            strong.append(d["significant"])
    if rows:
        parts += [f"<h3>{e(w('by_category'))}</h3>",
                  table([w("item"), f"{w('difference')} ({w('unit_points')})", CI, w("p_adjusted"),
                         w("significant")], rows, strong)]
    if "compare-points.png" in files:
        parts.append(image(images / "compare-points.png"))
    measure = "total_when_taken" if solo else "win_when_taken"
    unit = "unit_points" if solo else "unit_pp"
    for family, entries in diff["items"].items():
        rows, strong = [], []
        for r in entries:
            take = r["take_rate"]
            row = [label(r["item"]), f"{pct(take['base'])} → {pct(take['changed'])}", _signed(take, "unit_pp", lang)]
            if measure in r:
                m = r[measure]
                before, after = (f"{m['base']:.1f}", f"{m['changed']:.1f}") if solo else (pct(m["base"]),
                                                                                            pct(m["changed"]))
                row += [f"{before} → {after}", *_cells(m, unit, lang)]
            else:
                row += ["—", "—", "—", "—", ""]
            rows.append(row)
            strong.append(take["significant"] or (measure in r and r[measure]["significant"]))
        head = [w("item"), w("take_rate"), f"{w('difference')} ({_unit('unit_pp', lang)})", w(measure),
                f"{w('difference')} ({_unit(unit, lang)})", CI, w("p_adjusted"), w("significant")]
        parts += [f"<h3>{e(w('item_changes').format(family=label(family)))}</h3>", table(head, rows, strong)]
        if f"compare-items-{family}.png" in files:
            parts.append(image(images / f"compare-items-{family}.png"))
    rows, strong = [], []
    for name, values in diff["outcomes"].items():
        if name in by_design(report["figures"]) | by_design(comp["figures"]):
            continue  # what the options chose on each side (the board side), no finding
        for value, d in values.items():
            if d["ci95"] is None and d["base"] == d["changed"]:
                continue  # the same in every game on both sides (the pouch never ran out): in each side's figures
            rows.append([f"{label(name)}: {label(f'{name}/{value}')}", f"{pct(d['base'])} → {pct(d['changed'])}",
                         *_cells(d, "unit_pp", lang)])
            strong.append(d["significant"])
    if rows:
        parts += [f"<h3>{e(w('outcome_changes'))}</h3>",
                  table([w("item"), w("share_of_games"), f"{w('difference')} ({_unit('unit_pp', lang)})", CI,
                         w("p_adjusted"), w("significant")], rows, strong)]
    return "\n".join(parts)


def unchanged(d: dict[str, Any]) -> bool:
    """A paired difference that is 0 in every game (a score category neither side ever scored)."""
    return bool(d["difference"] == 0 and d["ci95"] == [0, 0])


def summary(report: dict[str, Any], label: Label, lang: str) -> list[tuple[str, list[str]]]:
    """The change's effect in a few lines, each with the lines under it: each player's score, the game
    length, then a line saying how many differences were tested with every difference that is clear once
    that number is accounted for (its measure named) under it."""
    w: Callable[[str], str] = lambda key: word(key, lang)  # noqa: E731
    diff = report["compare"]["differences"]
    names = agent_labels(report["figures"]["players"], lang)
    solo = len(names) == 1
    lines: list[tuple[str, list[str]]] = []
    for who, a in zip(names, diff["agents"], strict=True):
        d = a["score"]
        low, high = d["ci95"] or (d["difference"], d["difference"])
        lines.append((w("summary_score").format(who=who, diff=d["difference"], low=low, high=high), []))
    t = diff["turns"]
    low, high = t["ci95"] or (t["difference"], t["difference"])
    lines.append((w("summary_turns").format(diff=t["difference"], low=low, high=high), []))
    clear, tested = [], 0
    base_fig, changed_fig = report["figures"], report["compare"]["figures"]
    for who, a, ba, ca in zip(names, diff["agents"], base_fig["agents"], changed_fig["agents"], strict=True):
        tested += 1 + ("win" in a) + len(a.get("categories", {}))
        if "win" in a and a["win"]["significant"]:
            clear.append(_rate_line(f"{who}: {w('win_rate')}", ba["win"]["rate"], ca["win"]["rate"], a["win"], lang))
        for category, d in a.get("categories", {}).items():
            if d["significant"]:
                clear.append(w("summary_score").format(who=f"{who}: {label(category)}", diff=d["difference"],
                                                       low=d["ci95"][0], high=d["ci95"][1]))
    for s, bs, cs in zip(diff["seats"], base_fig["seats"], changed_fig["seats"], strict=True):
        tested += 1
        if s["significant"]:
            clear.append(_rate_line(f"{w('seat')} {s['seat'] + 1}: {w('win_rate')}", bs["rate"], cs["rate"], s, lang))
    measure = "total_when_taken" if solo else "win_when_taken"
    for entries in diff["items"].values():
        for r in entries:
            for key in ("take_rate", measure):
                if key not in r:
                    continue
                tested += 1
                d = r[key]
                if not d["significant"]:
                    continue
                what = f"{label(r['item'])} — {w(key)}"
                if key == "total_when_taken":
                    clear.append(w("summary_total").format(what=what, base=d["base"], changed=d["changed"],
                                                           diff=d["difference"]))
                else:
                    clear.append(_rate_line(what, d["base"], d["changed"], d, lang))
    lines.append((w("clear_changes" if clear else "no_clear_changes").format(tested=tested), clear))
    return lines


def _capitalized(text: str) -> str:
    """A sentence that opens with a word list's lower-case fragment: its first letter upper-case."""
    return text[:1].upper() + text[1:]


def _rate_line(what: str, base: float, changed: float, d: dict[str, Any], lang: str) -> str:
    return word("summary_rate", lang).format(what=what, base=base, changed=changed, diff=d["difference"] * 100)


def _headline(report: dict[str, Any], names: list[str], lang: str) -> str:
    """Players' scores and win rates, seats, length and ties: base, changed, the difference with its unit."""
    w: Callable[[str], str] = lambda key: word(key, lang)  # noqa: E731
    diff = report["compare"]["differences"]
    base, changed = report["figures"], report["compare"]["figures"]
    rows: list[list[Any]] = []
    strong: list[bool] = []

    def add(what: str, before: str, after: str, d: dict[str, Any], unit: str) -> None:
        rows.append([what, before, after, *_cells(d, unit, lang)])
        strong.append(d["significant"])

    for who, a, ba, ca in zip(names, diff["agents"], base["agents"], changed["agents"], strict=True):
        add(f"{who}: {w('mean_score')}", f"{ba['score']['mean']:.2f}", f"{ca['score']['mean']:.2f}", a["score"],
            "unit_points")
    for who, a, ba, ca in zip(names, diff["agents"], base["agents"], changed["agents"], strict=True):
        if "win" in a:
            add(f"{who}: {w('win_rate')}", pct(ba["win"]["rate"]), pct(ca["win"]["rate"]), a["win"], "unit_pp")
    for s, bs, cs in zip(diff["seats"], base["seats"], changed["seats"], strict=True):
        add(f"{w('seat')} {s['seat'] + 1}: {w('win_rate')}", pct(bs["rate"]), pct(cs["rate"]), s, "unit_pp")
    add(w("game_length"), f"{base['length']['turns']['mean']:.2f}", f"{changed['length']['turns']['mean']:.2f}",
        diff["turns"], "unit_turns")
    if len(names) > 1:
        add(w("ties"), pct(base["ties"]), pct(changed["ties"]), diff["ties"], "unit_pp")
    return table([w("item"), w("base"), w("changed"), w("difference"), CI, w("p_adjusted"), w("significant")],
                 rows, strong)


def _unit(unit: str, lang: str) -> str:
    """A unit as the tables' headers name it: ``pp`` (percentage points, %p), ``points``, ``turns``."""
    return ("%p" if lang == "ko" else "pp") if unit == "unit_pp" else word(unit, lang)


def _signed(d: dict[str, Any], unit: str, lang: str) -> str:
    """A difference with its unit: ``+2.10 points``, ``+1.3 pp`` (rates are fractions, shown ×100)."""
    if unit == "unit_pp":
        return f"{d['difference'] * 100:+.1f} {'%p' if lang == 'ko' else 'pp'}"
    return f"{d['difference']:+.2f} {word(unit, lang)}"


def _cells(d: dict[str, Any], unit: str, lang: str) -> list[str]:
    """A difference's cells: the difference with its unit, its 95 % interval, adjusted p, a mark if significant."""
    scale, digits = (100, 1) if unit == "unit_pp" else (1, 2)
    ci = d["ci95"]
    span = "—" if ci is None else f"{ci[0] * scale:+.{digits}f} – {ci[1] * scale:+.{digits}f}"
    p = d.get("p_adjusted", d.get("p"))
    return [_signed(d, unit, lang), span, "—" if p is None else f"{p:.2g}", "✔" if d["significant"] else ""]
