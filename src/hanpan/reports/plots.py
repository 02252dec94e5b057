"""The report's plots as PNG files (matplotlib, drawn off-screen with Agg), all from the figures dict.

Korean labels need a font with Hangul (NanumGothic, Noto Sans CJK KR, …); without one the plots of a
Korean report are labelled in English (the page itself is in Korean either way).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hanpan.core.errors import HanpanError
from hanpan.reports.figures import by_design

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

#: fonts with Hangul that matplotlib may find, best first
HANGUL_FONTS = ("NanumGothic", "Noto Sans CJK KR", "Noto Sans KR", "Malgun Gothic", "AppleGothic", "UnDotum")

Label = Callable[[str], str]


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise HanpanError("reports draw their plots with matplotlib: pip install 'hanpan[cluster]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_language(lang: str) -> str:
    """``lang`` if the plots can be labelled in it here, else ``"en"``."""
    if lang != "ko":
        return lang
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    for font in HANGUL_FONTS:
        if font in names:
            import matplotlib

            matplotlib.rcParams["font.family"] = [font, "DejaVu Sans"]
            return "ko"
    return "en"


#: the plots' size: as wide as the page's column (900 px at 100 dpi), with text readable at that width
WIDTH = 9.0
DPI = 100
_STYLE = {"font.size": 13, "axes.titlesize": 15, "axes.labelsize": 13, "xtick.labelsize": 12,
          "ytick.labelsize": 12, "legend.fontsize": 12, "figure.titlesize": 15}


def _rows_height(rows: int, per_row: float = 0.34) -> float:
    """A figure's height in inches for ``rows`` labelled rows (one item a row)."""
    return max(2.8, 1.2 + per_row * rows)


def draw_all(fig: dict[str, Any], out: Path, label: Label, text: Label, prefix: str = "",
             agents: list[str] | None = None) -> list[str]:
    """Every plot the figures allow, written into ``out`` (file names starting with ``prefix``: ``changed-``
    for a what-if's changed games); returns the file names in page order.  ``label`` names items and
    outcomes, ``text`` the report's own words (both in the plots' language); ``agents`` the players'
    names as the page shows them (``words.agent_labels``)."""
    plt = _pyplot()
    plt.rcParams.update(_STYLE)
    files: list[str] = []
    agents = agents or [entry["agent"] for entry in fig["scores"]]

    def save(name: str, figure: Figure) -> None:
        figure.tight_layout()
        figure.savefig(out / f"{prefix}{name}", dpi=DPI)
        plt.close(figure)
        files.append(f"{prefix}{name}")

    if fig["seats"]:
        figure, ax = plt.subplots(figsize=(WIDTH, 3.6))
        _rates(ax, [f"{text('seat')} {s['seat'] + 1}" for s in fig["seats"]], fig["seats"], 1 / len(fig["seats"]))
        ax.set_title(text("win_rate_by_seat"))
        save("seats.png", figure)
    figure, ax = plt.subplots(figsize=(WIDTH, 3.8))
    for who, entry in zip(agents, fig["scores"], strict=True):
        h = entry["total"]["histogram"]
        xs = [h["start"] + i * h["width"] for i in range(len(h["counts"]))]
        ax.step(xs, h["counts"], where="post", label=who)
    ax.set_xlabel(text("total")), ax.set_ylabel(text("games")), ax.legend()
    ax.set_title(text("score_distribution"))
    save("scores.png", figure)
    categories = list(fig["scores"][0]["categories"]) if fig["scores"] else []
    if categories:
        figure, ax = plt.subplots(figsize=(WIDTH, 4.2))
        width = 0.8 / len(fig["scores"])
        for k, (who, entry) in enumerate(zip(agents, fig["scores"], strict=True)):
            means = [entry["categories"][c]["mean"] for c in categories]
            ax.bar([i + k * width for i in range(len(categories))], means, width, label=who)
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(categories))], [label(c) for c in categories],
                      rotation=30, ha="right")
        ax.set_ylabel(text("mean_points")), ax.legend()
        ax.set_title(text("points_by_category"))
        save("categories.png", figure)
    h = fig["length"]["turns"]["histogram"]
    figure, ax = plt.subplots(figsize=(WIDTH, 3.4))
    ax.bar([h["start"] + i * h["width"] for i in range(len(h["counts"]))], h["counts"], h["width"] * 0.9)
    ax.set_xlabel(text("turns")), ax.set_ylabel(text("games")), ax.set_title(text("game_length"))
    save("length.png", figure)
    solo = len(fig["players"]) == 1
    for family, entries in fig["items"].items():
        figure, (left, right) = plt.subplots(1, 2, figsize=(WIDTH, _rows_height(len(entries))), sharey=True)
        names = [label(e["item"]) for e in entries]
        ys = list(range(len(entries)))
        left.barh(ys, [e["take_rate"] for e in entries])
        left.set_yticks(ys, names), left.invert_yaxis(), left.set_xlabel(text("take_rate"))
        measure = "total_when_taken" if solo else "win_when_taken"
        values = [e[measure]["mean" if solo else "rate"] for e in entries]
        errors = [[v - e[measure]["ci95"][0] for v, e in zip(values, entries, strict=True)],
                  [e[measure]["ci95"][1] - v for v, e in zip(values, entries, strict=True)]]
        right.errorbar(values, ys, xerr=errors, fmt="o", markersize=4)
        # against what the takers of the family's other items did (the flags' yardstick)
        right.plot([e["rest_total" if solo else "rest_win"] for e in entries], ys, "x", color="grey", markersize=6)
        right.set_xlabel(text(measure))
        figure.suptitle(label(family))
        save(f"items-{family}.png", figure)
    if fig["outcomes"]:
        rows = [(f"{label(name)}: {label(f'{name}/{value}')}", r["rate"])
                for name, values in fig["outcomes"].items() if name not in by_design(fig)
                for value, r in values.items()]
        if rows:
            figure, ax = plt.subplots(figsize=(WIDTH, _rows_height(len(rows))))
            ax.barh(range(len(rows)), [r for _, r in rows])
            ax.set_yticks(range(len(rows)), [n for n, _ in rows]), ax.invert_yaxis()
            ax.set_xlabel(text("share_of_games")), ax.set_title(text("outcomes"))
            save("outcomes.png", figure)
    for agent, extras in fig["extras"].items():
        for key, histogram in extras.items():
            figure, ax = plt.subplots(figsize=(WIDTH, 3.2))
            ax.bar(list(histogram), list(histogram.values()))
            ax.set_xlabel(label(key)), ax.set_ylabel(text("games")), ax.set_title(f"{agent}: {label(key)}")
            save(f"extra-{_safe(agent)}-{_safe(key)}.png", figure)
    if "elo" in fig:
        figure, ax = plt.subplots(figsize=(WIDTH, max(2.4, 1.0 + 0.45 * len(fig["elo"]))))
        ax.barh(list(fig["elo"]), [v - 1500 for v in fig["elo"].values()], left=1500)
        ax.invert_yaxis(), ax.set_xlabel("Elo"), ax.set_title(text("elo_ladder"))
        save("elo.png", figure)
    return files


def draw_comparison(diff: dict[str, Any], out: Path, label: Label, text: Label,
                    agents: list[str] | None = None) -> list[str]:
    """The what-if's differences with their intervals, one unit a plot: scores and points by category
    (points), win rates by player and seat (percentage points), and per family the items' take rates
    and how their takers fared (percentage points; solo mean totals in points, on an axis of their own).
    Significant differences (Holm-adjusted, see ``hanpan.reports.compare``) in red."""
    plt = _pyplot()
    plt.rcParams.update(_STYLE)
    agents = agents or [a["agent"] for a in diff["agents"]]
    files: list[str] = []

    def save(name: str, figure: Figure) -> None:
        figure.tight_layout()
        figure.savefig(out / name, dpi=DPI)
        plt.close(figure)
        files.append(name)

    points = [(f"{who}: {text('total')}", a["score"]) for who, a in zip(agents, diff["agents"], strict=True)]
    points += [(f"{who}: {label(c)}", d) for who, a in zip(agents, diff["agents"], strict=True)
               for c, d in a.get("categories", {}).items() if not (d["difference"] == 0 and d["ci95"] == [0, 0])]
    figure, ax = plt.subplots(figsize=(WIDTH, _rows_height(len(points))))
    _intervals(ax, points, 1.0)
    ax.set_xlabel(f"{text('difference')} ({text('unit_points')})"), ax.set_title(text("by_category"))
    save("compare-points.png", figure)
    rates = [(f"{who}: {text('win_rate')}", a["win"]) for who, a in zip(agents, diff["agents"], strict=True)
             if "win" in a]
    rates += [(f"{text('seat')} {s['seat'] + 1}: {text('win_rate')}", s) for s in diff["seats"]]
    if rates:
        figure, ax = plt.subplots(figsize=(WIDTH, _rows_height(len(rates))))
        _intervals(ax, rates, 100.0)
        ax.set_xlabel(f"{text('difference')} ({text('unit_pp')})"), ax.set_title(text("headline"))
        save("compare-rates.png", figure)
    for family, rows in diff["items"].items():
        measure = "win_when_taken" if any("win_when_taken" in r for r in rows) else "total_when_taken"
        shown = [r for r in rows if measure in r]
        figure, (left, right) = plt.subplots(1, 2, figsize=(WIDTH, _rows_height(len(rows))), sharey=False)
        _intervals(left, [(label(r["item"]), r["take_rate"]) for r in rows], 100.0)
        left.set_xlabel(f"{text('take_rate')} ({text('unit_pp')})")
        left.set_title(text("take_rate"), fontsize=13)
        rate = measure == "win_when_taken"
        _intervals(right, [(label(r["item"]), r[measure]) for r in shown], 100.0 if rate else 1.0)
        right.set_xlabel(f"{text(measure)} ({text('unit_pp' if rate else 'unit_points')})")
        right.set_title(text(measure), fontsize=13)
        if [r["item"] for r in shown] == [r["item"] for r in rows]:
            right.tick_params(labelleft=False)  # the same rows as the left: named once
        figure.suptitle(f"{label(family)} — {text('differences')}")
        save(f"compare-items-{family}.png", figure)
    return files


def _intervals(ax: Axes, rows: list[tuple[str, dict[str, Any]]], scale: float) -> None:
    """Each row's difference (× ``scale``) and its 95 % interval; significant ones in red; a line at 0."""
    for y, (_, d) in enumerate(rows):
        low, high = d["ci95"] if d["ci95"] else (d["difference"], d["difference"])
        colour = "tab:red" if d["significant"] else "tab:blue"
        ax.plot([low * scale, high * scale], [y, y], color=colour, linewidth=2)
        ax.plot([d["difference"] * scale], [y], "o", color=colour, markersize=6)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(range(len(rows)), [n for n, _ in rows])
    ax.set_ylim(len(rows) - 0.5, -0.5)  # the first row at the top


def _rates(ax: Axes, names: list[str], entries: list[dict[str, Any]], reference: float) -> None:
    values = [e["rate"] for e in entries]
    errors = [[v - e["ci95"][0] for v, e in zip(values, entries, strict=True)],
              [e["ci95"][1] - v for v, e in zip(values, entries, strict=True)]]
    ax.bar(names, values, yerr=errors, capsize=4)
    ax.axhline(reference, color="grey", linewidth=0.8)
    ax.set_ylim(0, 1)


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)
