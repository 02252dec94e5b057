"""A what-if's page leads with its differences: a summary (what the change was, a data file's changes
card by card, what it did), the changed games' flags, every difference with its measure and unit, and
both sides' own figures below; flags and differences account for the number of items tested (Holm);
players who share a name are told apart; outcomes that are one way by design are left out; the page
fits a phone; a long report says how far it has come in a log."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from hanpan.cli.main import main
from hanpan.reports.build import labeller, make_report
from hanpan.reports.compare import adjust, proportion_difference
from hanpan.reports.figures import _item_test, flags, holm
from hanpan.reports.whatif import summary


def test_a_card_file_what_if_leads_with_the_summary_and_names_the_edited_card(tmp_path: Path) -> None:
    from hanpan.games.harmonies.cardset import export_cards

    data = export_cards()
    data["animals"][2]["points_top_to_bottom"] = [24, 16, 10, 5]
    cards = tmp_path / "fish.json"
    cards.write_text(json.dumps(data), "utf-8")
    out = tmp_path / "fish"
    report = make_report("harmonies", ["random", "random"], 16, out, seed=2, change={"cards": str(cards)})
    assert report["compare"]["data_changes"] == {"cards": ["Fish: points 16/10/6/3 → 24/16/10/5"]}
    html = (out / "report.html").read_text("utf-8")
    order = [html.index(text) for text in ("Summary", "Fish: points 16/10/6/3 → 24/16/10/5", "What the change did",
                                           "What stands out in the changed games", "Differences, changed − base",
                                           "Every figure of the base games", "Every figure of the changed games")]
    assert order == sorted(order)
    assert "random (player 1)" in html and "random (player 2)" in html  # two players of one name, told apart
    assert "difference (pp)" in html and " pp</td>" in html and " points</td>" in html and " turns</td>" in html
    assert "random (player 1): Nature's Spirits" not in html  # a category no game scored, on either side
    assert "<meta name='viewport' content='width=device-width, initial-scale=1'>" in html
    assert "Board side" not in html and report["figures"]["outcomes"]["side"] == {"A": {"n": 16, "rate": 1.0,
                                                                                       "ci95": [0.8064, 1.0]}}

    # the summary's last line counts the differences tested; the clear ones are listed under it
    label = labeller("harmonies", "en")
    *head, (last, under) = summary(report, label, "en")
    assert [lines for _, lines in head] == [[] for _ in head] and "tested" in last
    family, entries = next(iter(report["compare"]["differences"]["items"].items()))
    marked = copy.deepcopy(report)
    marked["compare"]["differences"]["items"][family][0]["take_rate"]["significant"] = True
    *_, (announced, clear) = summary(marked, label, "en")
    assert announced.startswith("Clear differences") and clear[-1].startswith(label(entries[0]["item"]))
    assert len(clear) == len(under) + 1


def test_holm_keeps_a_page_of_chance_differences_from_being_flagged() -> None:
    # 32 items each a little off the rest (each interval alone would exclude it: p ≈ 0.03), one far off
    def item(name: str, rate: float) -> dict[str, object]:
        return {"item": f"animal/{name}", "taken": 400, "win_when_taken": {"n": 400, "rate": rate,
                                                                         "ci95": [rate - 0.048, rate + 0.048]},
                "expected_win": 0.5, "rest_win": 0.445}

    fig = {"players": ["greedy", "greedy"], "items": {"animal": [item(f"card{i}", 0.5) for i in range(31)]
                                                      + [item("fish", 0.62)]}}
    alone = _item_test(fig["items"]["animal"][0], solo=False)[2]  # type: ignore[index]
    assert 0.02 < alone < 0.04  # each card alone would be flagged at 95 %
    found = flags(fig)
    assert [f["item"] for f in found] == ["animal/fish"] and found[0]["tested"] == 32
    assert found[0]["p"] < found[0]["p_adjusted"] < 0.05 and found[0]["adjustment"] == "holm"
    assert holm([0.001, 0.5]) == [0.002, 0.5]


def test_differences_tested_together_are_adjusted_together() -> None:
    clear = proportion_difference(500, 1000, 600, 1000)
    small = proportion_difference(500, 1000, 545, 1000)  # alone: its interval excludes 0
    assert clear["significant"] and small["significant"]
    rows = [clear, small] + [proportion_difference(500, 1000, 500, 1000) for _ in range(30)]
    adjust(rows)
    assert clear["significant"] and not small["significant"] and small["p_adjusted"] > small["p"]


def test_a_long_report_in_a_log_says_each_stage_and_how_far_it_has_come(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["report", "spirits_of_the_wild", "--players", "greedy,random", "--games", "20", "--seed", "3",
                 "--compare", "max_turns=30", "--out", str(tmp_path / "r"), "--lang", "en"])
    err = capsys.readouterr().err.splitlines()
    assert code == 0
    assert err[0] == "report: the base games (0 of 40 played)" and "report: the changed games (20 of 40 played)" in err
    assert err[-1] == "report: the figures, the plots and the page"
    assert "report: 40 of 40 games (100 %)" in "\n".join(err)


def test_a_report_on_a_data_file_says_what_the_file_changes(tmp_path: Path) -> None:
    from hanpan.games.spirits_of_the_wild.data import export_components

    data = export_components()
    data["animals"][4]["points"]["by_count"] = [0, 1, 3, 6, 10, 15]
    path = tmp_path / "turtle.json"
    path.write_text(json.dumps(data), "utf-8")
    report = make_report("spirits_of_the_wild", ["greedy", "random"], 6, tmp_path / "r", seed=1,
                         options={"cards": str(path)})
    assert report["data_changes"] == {"cards": ["Turtle: points 0/1/3/6/9/14 → 0/1/3/6/10/15"]}
    html = (tmp_path / "r" / "report.html").read_text("utf-8")
    assert f"In the data file (cards={path}):" in html and "Turtle: points 0/1/3/6/9/14 → 0/1/3/6/10/15" in html
