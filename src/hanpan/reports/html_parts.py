"""The pieces of the report's HTML page: tables that scroll sideways on a phone, embedded plots, the
flags in words, numbers as the page writes them.

>>> pct(0.4567), interval([0.1, 0.25], True), options_text({"side": "B"})
('45.7 %', '10.0–25.0 %', 'side=B')
"""

from __future__ import annotations

import base64
import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from hanpan.reports.figures import by_design
from hanpan.reports.words import word

__all__ = ["CI", "Label", "by_design", "e", "flags_html", "image", "interval", "options_text", "pct", "table"]

Label = Callable[[str], str]
#: the header of a 95 % interval's column (a space that never breaks: the header may wrap, not split it)
CI = "95\u00a0%"


def flags_html(flags: list[dict[str, Any]], label: Label, lang: str, new: set[str] | None = None) -> str:
    """The flags as a list in words, each with its p-values (``new``: items to mark as new)."""
    if not flags:
        return f"<p>{e(word('no_flags', lang))}</p>"
    items = []
    for f in flags:
        kind = f"flag_{'strong' if f['strong'] else 'weak'}_{'solo' if f['measure'] == 'total' else 'win'}"
        text = word(kind, lang).format(item=label(f["item"]), value=f["value"], low=f["ci95"][0], high=f["ci95"][1],
                                       reference=f["reference"], taken=f["taken"])
        if "p_adjusted" in f:
            text += " " + word("flag_p", lang).format(p=f["p"], adjusted=f["p_adjusted"], tested=f["tested"])
        if new is not None and f["item"] in new:
            text = f"[{word('flags_new', lang)}] {text}"
        items.append(f"<li class='{'flag-strong' if f['strong'] else 'flag-weak'}'>{e(text)}</li>")
    return "<ul>" + "".join(items) + "</ul>"


def table(head: list[str], rows: list[list[Any]], strong: list[bool] | None = None) -> str:
    """An HTML table in a box that scrolls sideways on a narrow screen (``strong``: rows to stress)."""
    out = ["<div class='wide'><table><tr>", *(f"<th>{e(str(h))}</th>" for h in head), "</tr>"]
    for i, row in enumerate(rows):
        out += ["<tr class='sig'>" if strong and strong[i] else "<tr>", *(f"<td>{e(str(c))}</td>" for c in row),
                "</tr>"]
    out.append("</table></div>")
    return "".join(out)


def image(path: Path) -> str:
    data = base64.b64encode(path.read_bytes()).decode("ascii")
    return f"<div class='plot'><img alt='{e(path.stem)}' src='data:image/png;base64,{data}'></div>"


def pct(value: float) -> str:
    return f"{value * 100:.1f} %"


def interval(ci: list[float], percent: bool = False) -> str:
    return f"{ci[0] * 100:.1f}–{ci[1] * 100:.1f} %" if percent else f"{ci[0]:.2f}–{ci[1]:.2f}"


def options_text(options: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "—"


def e(text: str) -> str:
    return html.escape(text, quote=True)
