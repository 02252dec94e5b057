"""``hanpan report``: on a few hundred games of each title the files exist, the plots are valid PNG
images, and report.json's numbers match what the same games' records say when replayed here."""

from __future__ import annotations

import json
import statistics
from collections import Counter
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

from hanpan.analysis.facts import facts_of
from hanpan.analysis.tournament import seat_order, simulate
from hanpan.cli.main import main
from hanpan.core.record import Record, replay
from hanpan.reports.build import make_report

PNG = b"\x89PNG\r\n\x1a\n"

#: (title, players, games, options): a few hundred games of each, fast players
RUNS = [
    ("spirits_of_the_wild", ["greedy", "random"], 300, {}),
    ("harmonies", ["random"], 300, {}),
    ("harmonies", ["random", "random"], 200, {"spirits": "true"}),
    ("four_gardens", ["random", "random", "random"], 200, {"whims": "true"}),
]


def valid_png(path: Path) -> bool:
    from PIL import Image  # matplotlib's own dependency

    if not path.read_bytes().startswith(PNG):
        return False
    with Image.open(path) as image:
        image.verify()
    with Image.open(path) as image:
        return bool(image.size[0] > 100 and image.size[1] > 50)


@pytest.mark.parametrize(("game_id", "players", "games", "options"), RUNS, ids=[f"{r[0]}-{len(r[1])}p" for r in RUNS])
def test_the_report_matches_the_games_replayed_from_their_records(tmp_path: Path, game_id: str, players: list[str],
                                                                  games: int, options: dict[str, str]) -> None:
    out = tmp_path / "report"
    make_report(game_id, players, games, out, seed=3, options=options, lang="ko")
    report = json.loads((out / "report.json").read_text("utf-8"))
    html = (out / "report.html").read_text("utf-8")
    pngs = sorted(out.glob("*.png"))
    assert {"scores.png", "length.png"} <= {p.name for p in pngs}
    assert all(valid_png(p) for p in pngs)
    assert html.count("data:image/png;base64,") == len(pngs) and "<html lang='ko'>" in html

    # the same games, recorded, replayed through the checked path, and counted here
    recorded = simulate(game_id, players, games, seed=3, options=options, keep_records=True)
    states = []
    for result in recorded.results:
        assert result.record is not None
        record = Record.from_json(result.record)
        states.append((result.index, replay(record), record))
    fig = report["figures"]
    assert fig["games"] == games and fig["finished"] == sum(1 for _, s, _ in states if s.status == "finished")
    count = len(players)
    wins_by_seat = [0.0] * count
    scores_by_agent: list[list[int]] = [[] for _ in players]
    taken: Counter[str] = Counter()
    outcomes: Counter[tuple[str, str]] = Counter()
    takes: list[tuple[str, int, float, int]] = []  # (item, its taker, their share of the win, solo total)
    agent_wins = [0.0] * count
    for index, state, record in states:
        winners = state.winners()
        for seat in winners:
            wins_by_seat[seat] += 1 / len(winners)
        order = seat_order(count, index)
        for seat, card in enumerate(state.scores()):
            scores_by_agent[order[seat]].append(card.total)
        found = facts_of(state, record)
        for seat, items in enumerate(found["seats"]):
            taken.update(items.keys())
            share = 1 / len(winners) if seat in winners else 0.0
            takes += [(key, order[seat], share, state.scores()[0].total) for key in items]
            agent_wins[order[seat]] += share
        outcomes.update((k, str(v)) for k, v in found["outcome"].items())
    n = len(states)
    if count > 1:
        assert [round(w / n, 4) for w in wins_by_seat] == [s["rate"] for s in fig["seats"]]
    assert [round(statistics.fmean(s), 4) for s in scores_by_agent] == [a["score"]["mean"] for a in fig["agents"]]
    assert fig["length"]["turns"]["mean"] == round(statistics.fmean(s.turn for _, s, _ in states), 4)
    reported = {e["item"]: e["taken"] for entries in fig["items"].values() for e in entries}
    assert reported == dict(taken)
    # the flags' yardstick: what the takers of the family's other items did (all these games finish)
    assert all(s.status == "finished" for _, s, _ in states)
    for family, entries in fig["items"].items():
        for e in entries:
            rest = [t for t in takes if t[0].split("/")[0] == family and t[0] != e["item"]]
            if count == 1:
                assert e["rest_total"] == pytest.approx(statistics.fmean(t[3] for t in rest), abs=1e-4)
            else:
                above = statistics.fmean(t[2] - agent_wins[t[1]] / n for t in rest)
                assert e["rest_win"] == pytest.approx(e["expected_win"] + above, abs=2e-4)
    assert {(k, v): round(c / n, 4) for (k, v), c in outcomes.items()} == {
        (k, v): r["rate"] for k, values in fig["outcomes"].items() for v, r in values.items()}


def test_a_what_if_reports_both_sides_and_their_paired_differences(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "side-b"
    code = main(["report", "harmonies", "--players", "random", "--games", "60", "--seed", "1", "--compare", "side=B",
                 "--out", str(out), "--quiet", "--lang", "en"])
    assert code == 0 and "report.html" in capsys.readouterr().out
    report = json.loads((out / "report.json").read_text("utf-8"))
    assert report["compare"]["change"] == {"side": "B"}
    assert report["figures"]["options"] == {} and report["compare"]["figures"]["options"] == {"side": "B"}
    diff = report["compare"]["differences"]
    base = report["figures"]["agents"][0]["score"]["mean"]
    other = report["compare"]["figures"]["agents"][0]["score"]["mean"]
    assert diff["paired_games"] == 60
    assert diff["agents"][0]["score"]["difference"] == pytest.approx(other - base, abs=1e-3)
    assert all(valid_png(out / name) for name in ("compare-points.png", "compare-items-animal.png",
                                                  "changed-scores.png", "changed-items-animal.png"))


def test_bad_input_is_a_one_line_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for args, expected in [
        (["--compare", "side=C"], "side"),
        (["--compare", "colour=red"], "colour"),
        (["--option", "side"], "KEY=VALUE"),
    ]:
        code = main(["report", "harmonies", "--players", "random", "--games", "2", "--out", str(tmp_path / "r"),
                     "--quiet", *args])
        error = capsys.readouterr().err.strip()
        assert code == 2 and "\n" not in error and expected in error, error


def test_flags_name_what_is_clearly_and_sizeably_off_the_rest_of_its_kind() -> None:
    from hanpan.reports.figures import flags

    def item(name: str, taken: int, rate: float, ci: list[float], rest: float) -> dict[str, object]:
        return {"item": name, "taken": taken, "win_when_taken": {"n": taken, "rate": rate, "ci95": ci},
                "expected_win": 0.5, "rest_win": rest}

    fig = {"players": ["greedy", "greedy"], "items": {"animal": [
        item("animal/strong", 400, 0.72, [0.67, 0.77], 0.6),  # clear and sizeable: flagged
        item("animal/weak", 400, 0.50, [0.45, 0.55], 0.6),  # likewise, the other way, at an even share
        item("animal/tiny", 90000, 0.61, [0.607, 0.613], 0.6),  # significant but 1 point: not named
        item("animal/rare", 20, 0.9, [0.7, 0.97], 0.6),  # too few takers to judge
        item("animal/usual", 400, 0.62, [0.57, 0.67], 0.6),  # above an even share, like the rest
    ]}}
    found = flags(fig)
    assert [(f["item"], f["strong"]) for f in found] == [("animal/strong", True), ("animal/weak", False)]
    assert found[0]["reference"] == 0.6


def test_a_report_made_on_a_local_dask_cluster_has_the_same_figures(tmp_path: Path) -> None:
    pytest.importorskip("distributed")
    here = make_report("spirits_of_the_wild", ["greedy", "random"], 40, tmp_path / "here", seed=4)
    there = make_report("spirits_of_the_wild", ["greedy", "random"], 40, tmp_path / "there", seed=4, jobs=2,
                        cluster="local")
    assert there["figures"] == here["figures"] and there["flags"] == here["flags"]


class _Stop(Exception):
    """Stands for a report stopped half way (Ctrl-C, a lost machine)."""


def test_a_report_stopped_half_way_goes_on_from_its_games_file_and_is_the_same_report(tmp_path: Path) -> None:
    kept = tmp_path / "games.jsonl.gz"
    whole = make_report("harmonies", ["random"], 60, tmp_path / "whole", seed=5, change={"side": "B"})
    seen = []

    def stop_after_40(result: object) -> None:
        seen.append(result)
        if len(seen) == 40:
            raise _Stop

    with pytest.raises(_Stop):
        make_report("harmonies", ["random"], 60, tmp_path / "a", seed=5, change={"side": "B"},
                    on_result=stop_after_40, games_file=kept)
    again = make_report("harmonies", ["random"], 60, tmp_path / "b", seed=5, change={"side": "B"},
                        games_file=kept, resume=True)
    assert again["figures"] == whole["figures"] and again["compare"] == whole["compare"]
    assert [s["games"] for s in again["sittings"]] == [40, 80]  # the second sitting played only what was missing
    assert again["wall_seconds_all_sittings"] == pytest.approx(sum(s["seconds"] for s in again["sittings"]), abs=0.2)
    third = make_report("harmonies", ["random"], 60, tmp_path / "c", seed=5, change={"side": "B"},
                        games_file=kept, resume=True)  # everything kept: nothing played
    assert third["figures"] == whole["figures"]
    assert third["sittings"] == again["sittings"]  # a sitting that played nothing is not one


def test_a_games_file_cut_short_loses_only_its_last_line(tmp_path: Path) -> None:
    kept = tmp_path / "games.jsonl"
    whole = make_report("spirits_of_the_wild", ["greedy", "random"], 30, tmp_path / "whole", seed=2, games_file=kept)
    text = kept.read_text("utf-8")
    kept.write_text(text[: text.index('{"run"', len(text) // 2) + 25], "utf-8")  # a line cut in the middle
    again = make_report("spirits_of_the_wild", ["greedy", "random"], 30, tmp_path / "again", seed=2,
                        games_file=kept, resume=True)
    assert again["figures"] == whole["figures"] and 0 < again["sittings"][-1]["games"] < 30


def test_a_games_file_is_never_overwritten_or_mixed_with_another_run(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    kept = tmp_path / "games.jsonl"
    base = ["report", "spirits_of_the_wild", "--players", "greedy,random", "--games", "4", "--seed", "2",
            "--out", str(tmp_path / "r"), "--quiet", "--games-file", str(kept)]
    assert main(base) == 0
    capsys.readouterr()
    before = kept.read_text("utf-8")
    (tmp_path / "junk.jsonl").write_text("hello\n", "utf-8")
    for args, expected in [
        (base, "holds games already: add --resume"),
        ([*base[:3], "random,greedy", *base[4:], "--resume"], "its players is ['greedy', 'random']"),
        ([*base[:7], "3", *base[8:], "--resume"], "its seed is 2"),
        ([*base[:-1], str(tmp_path / "junk.jsonl"), "--resume"], "is not a report's games file"),
        ([*base[:-2], "--resume"], "--resume goes on with the games of a --games-file"),
    ]:
        assert main(args) == 2
        error = capsys.readouterr().err.strip()
        assert "\n" not in error and expected in error, error
    assert kept.read_text("utf-8") == before  # nothing lost
