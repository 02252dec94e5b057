"""The report's plots as PNG files (matplotlib, drawn off-screen with Agg), all from the figures dict.

Korean labels need a font with Hangul (NanumGothic, Noto Sans CJK KR, …); without one the plots of a
Korean report are labelled in English (the page itself is in Korean either way).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hanpan.core.errors import HanpanError

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


def draw_all(fig: dict[str, Any], out: Path, label: Label, text: Label) -> list[str]:
    """Every plot the figures allow, written into ``out``; returns the file names in page order.
    ``label`` names items and outcomes, ``text`` the report's own words (both in the plots' language)."""
    plt = _pyplot()
    files: list[str] = []

    def save(name: str, figure: Figure) -> None:
        figure.tight_layout()
        figure.savefig(out / name, dpi=80)
        plt.close(figure)
        files.append(name)

    if fig["seats"]:
        figure, ax = plt.subplots(figsize=(6, 3.2))
        _rates(ax, [f"{text('seat')} {s['seat'] + 1}" for s in fig["seats"]], fig["seats"], 1 / len(fig["seats"]))
        ax.set_title(text("win_rate_by_seat"))
        save("seats.png", figure)
    figure, ax = plt.subplots(figsize=(6, 3.2))
    for entry in fig["scores"]:
        h = entry["total"]["histogram"]
        xs = [h["start"] + i * h["width"] for i in range(len(h["counts"]))]
        ax.step(xs, h["counts"], where="post", label=entry["agent"])
    ax.set_xlabel(text("total")), ax.set_ylabel(text("games")), ax.legend(fontsize=8)
    ax.set_title(text("score_distribution"))
    save("scores.png", figure)
    categories = list(fig["scores"][0]["categories"]) if fig["scores"] else []
    if categories:
        figure, ax = plt.subplots(figsize=(6.5, 3.2))
        width = 0.8 / len(fig["scores"])
        for k, entry in enumerate(fig["scores"]):
            means = [entry["categories"][c]["mean"] for c in categories]
            ax.bar([i + k * width for i in range(len(categories))], means, width, label=entry["agent"])
        ax.set_xticks([i + 0.4 - width / 2 for i in range(len(categories))], [label(c) for c in categories],
                      rotation=30, ha="right", fontsize=8)
        ax.set_ylabel(text("mean_points")), ax.legend(fontsize=8)
        ax.set_title(text("points_by_category"))
        save("categories.png", figure)
    h = fig["length"]["turns"]["histogram"]
    figure, ax = plt.subplots(figsize=(6, 3))
    ax.bar([h["start"] + i * h["width"] for i in range(len(h["counts"]))], h["counts"], h["width"] * 0.9)
    ax.set_xlabel(text("turns")), ax.set_ylabel(text("games")), ax.set_title(text("game_length"))
    save("length.png", figure)
    solo = len(fig["players"]) == 1
    for family, entries in fig["items"].items():
        figure, (left, right) = plt.subplots(1, 2, figsize=(8, max(2.4, 0.8 + 0.22 * len(entries))), sharey=True)
        names = [label(e["item"]) for e in entries]
        ys = list(range(len(entries)))
        left.barh(ys, [e["take_rate"] for e in entries])
        left.set_yticks(ys, names, fontsize=7), left.invert_yaxis(), left.set_xlabel(text("take_rate"))
        measure = "total_when_taken" if solo else "win_when_taken"
        values = [e[measure]["mean" if solo else "rate"] for e in entries]
        errors = [[v - e[measure]["ci95"][0] for v, e in zip(values, entries, strict=True)],
                  [e[measure]["ci95"][1] - v for v, e in zip(values, entries, strict=True)]]
        right.errorbar(values, ys, xerr=errors, fmt="o", markersize=3)
        # against what the takers of the family's other items did (the flags' yardstick)
        right.plot([e["rest_total" if solo else "rest_win"] for e in entries], ys, "x", color="grey", markersize=4)
        right.set_xlabel(text(measure))
        figure.suptitle(label(family))
        save(f"items-{family}.png", figure)
    if fig["outcomes"]:
        rows = [(f"{label(name)}: {label(f'{name}/{value}')}", r["rate"])
                for name, values in fig["outcomes"].items() for value, r in values.items()]
        figure, ax = plt.subplots(figsize=(6, max(2.4, 0.8 + 0.25 * len(rows))))
        ax.barh(range(len(rows)), [r for _, r in rows])
        ax.set_yticks(range(len(rows)), [n for n, _ in rows], fontsize=7), ax.invert_yaxis()
        ax.set_xlabel(text("share_of_games")), ax.set_title(text("outcomes"))
        save("outcomes.png", figure)
    for agent, extras in fig["extras"].items():
        for key, histogram in extras.items():
            figure, ax = plt.subplots(figsize=(5, 2.8))
            ax.bar(list(histogram), list(histogram.values()))
            ax.set_xlabel(label(key)), ax.set_ylabel(text("games")), ax.set_title(f"{agent}: {label(key)}")
            save(f"extra-{_safe(agent)}-{_safe(key)}.png", figure)
    if "elo" in fig:
        figure, ax = plt.subplots(figsize=(5, max(2.0, 0.8 + 0.35 * len(fig["elo"]))))
        ax.barh(list(fig["elo"]), [v - 1500 for v in fig["elo"].values()], left=1500)
        ax.invert_yaxis(), ax.set_xlabel("Elo"), ax.set_title(text("elo_ladder"))
        save("elo.png", figure)
    return files


def draw_comparison(diff: dict[str, Any], out: Path, label: Label, text: Label) -> list[str]:
    """The what-if's differences with their intervals: agents' scores, seats, items' take rates."""
    plt = _pyplot()
    rows = [(f"{text('score')}: {a['agent']}", a["score"]) for a in diff["agents"]]
    rows += [(f"{text('win_rate')}: {a['agent']}", a["win"]) for a in diff["agents"] if "win" in a]
    rows += [(f"{text('seat')} {s['seat'] + 1}", s) for s in diff["seats"]]
    rows += [(label(r["item"]), r["take_rate"]) for rows_ in diff["items"].values() for r in rows_
             if r["take_rate"]["significant"]]
    figure, ax = plt.subplots(figsize=(7, max(2.4, 0.8 + 0.25 * len(rows))))
    for y, (_, d) in enumerate(rows):
        low, high = d["ci95"] if d["ci95"] else (d["difference"], d["difference"])
        ax.plot([low, high], [y, y], color="tab:blue")
        ax.plot([d["difference"]], [y], "o", color="tab:red" if d["significant"] else "tab:blue", markersize=4)
    ax.axvline(0, color="grey", linewidth=0.8)
    ax.set_yticks(range(len(rows)), [n for n, _ in rows], fontsize=7), ax.invert_yaxis()
    ax.set_title(text("differences"))
    figure.tight_layout()
    figure.savefig(out / "compare.png", dpi=80)
    plt.close(figure)
    return ["compare.png"]


def _rates(ax: Axes, names: list[str], entries: list[dict[str, Any]], reference: float) -> None:
    values = [e["rate"] for e in entries]
    errors = [[v - e["ci95"][0] for v, e in zip(values, entries, strict=True)],
              [e["ci95"][1] - v for v, e in zip(values, entries, strict=True)]]
    ax.bar(names, values, yerr=errors, capsize=4)
    ax.axhline(reference, color="grey", linewidth=0.8)
    ax.set_ylim(0, 1)


def _safe(text: str) -> str:
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)
