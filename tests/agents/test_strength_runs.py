"""benchmarks/strength.py keeps a run while its game plays the same with that many players."""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

from hanpan.games.harmonies import heuristic

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
import strength


def test_a_solo_only_change_makes_solo_runs_stale_and_keeps_two_player_runs(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(strength, "FINGERPRINT_DECISIONS", 15)  # the first turns: enough to differ
    monkeypatch.setattr(strength, "_FINGERPRINTS", {})
    solo, duo = strength.fingerprint("harmonies", 1), strength.fingerprint("harmonies", 2)
    assert solo != duo
    monkeypatch.setattr(strength, "_FINGERPRINTS", {})
    monkeypatch.setattr(heuristic, "SOLO_WEIGHTS", dataclasses.replace(heuristic.SOLO_WEIGHTS, empty=0.0))
    assert strength.fingerprint("harmonies", 1) != solo  # the solo game plays differently
    assert strength.fingerprint("harmonies", 2) == duo  # the 2-player game does not


def test_a_level_whose_run_against_greedy_kept_no_timings_gets_a_short_timed_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[list[str]] = []
    timed = {"decisions": 40, "p50": 0.25, "p90": 0.5, "p99": 0.75, "max": 1.0}

    def fake_simulate(args: list[str]) -> dict[str, object]:
        asked.append(args)
        seconds = {"decision_seconds": timed} if "--seed" in args and args[args.index("--seed") + 1] == "2" else {}
        player = {"win_rate": 0.5, "win_rate_ci95": [0.4, 0.6], "wins": 10.0, **seconds}
        return {"per_player": [dict(player), dict(player)]}

    monkeypatch.setattr(strength, "simulate", fake_simulate)
    lines: list[str] = []
    strength.head_to_head("spirits_of_the_wild", ["greedy", "hard"], 20, 1, lines)
    timing_runs = [args for args in asked if args[args.index("--seed") + 1] == "2"]
    assert [args[2] for args in timing_runs] == ["greedy,random", "hard,greedy"]
    assert all(args[args.index("--games") + 1] == str(strength.TIMING_GAMES) for args in timing_runs)
    assert "| hard | 40 | 0.250 | 0.500 | 0.750 | 1.000 |" in lines


def test_a_pair_kept_in_the_other_seat_order_fills_its_cell(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(strength, "CACHE", tmp_path)
    runs: dict[str, dict[str, object]] = {}

    def keep(pair: str, win_rates: list[float]) -> list[str]:
        args = ["four_gardens", "--players", pair, "--games", "20", "--seed", "1"]
        strength.cache_path(args).write_text("{}")
        runs[" ".join(args)] = {"per_player": [{"win_rate": rate} for rate in win_rates]}
        return args

    monkeypatch.setattr(strength, "simulate", lambda args: runs.get(" ".join(args)))
    args, data = strength.pair_run("four_gardens", "random", "master", 20)
    assert args[2] == "random,master" and data is None  # nothing kept: the pair in the order asked
    swapped = keep("master,random", [1.0, 0.0])
    args, data = strength.pair_run("four_gardens", "random", "master", 20)
    assert args == swapped  # the page shows the command that made the run …
    assert data is not None and [p["win_rate"] for p in data["per_player"]] == [0.0, 1.0]  # … its players as asked
    asked = keep("random,master", [0.25, 0.75])
    args, data = strength.pair_run("four_gardens", "random", "master", 20)
    assert args == asked and data is not None and data["per_player"][0]["win_rate"] == 0.25


def test_a_run_under_way_survives_a_new_ladder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The records of a run under way sit under a hash of the agents package; the ladder that
    strength.py itself writes must not be part of it, or each new page would restart every run."""
    with_ladder_skipped = strength._package_hash("agents")
    monkeypatch.setattr(strength, "LADDER", tmp_path / "ladder.json")  # skip nothing
    assert strength._package_hash("agents") != with_ladder_skipped


def test_a_kept_run_goes_stale_when_a_level_in_it_is_set_otherwise(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from hanpan.agents import levels

    monkeypatch.setattr(strength, "CACHE", tmp_path)
    monkeypatch.setattr(strength, "MADE_ONLY", True)  # read what is kept; run nothing
    monkeypatch.setattr(strength, "_FINGERPRINTS", {("spirits_of_the_wild", 2): "same-play"})
    args = ["spirits_of_the_wild", "--players", "greedy,easy", "--games", "20", "--seed", "1"]
    kept = {"per_player": [], "source": "same-play", "levels": strength.level_settings_in(args)}
    strength.cache_path(args).write_text(json.dumps(kept))
    data = strength.simulate(args)
    assert data is not None and "stale" not in data  # the levels as they were set: the run stands
    as_set = levels.LEVELS["easy"]
    monkeypatch.setitem(levels.LEVELS, "easy", {"default": {"iterations": 41}})
    data = strength.simulate(args)
    assert data is not None and data["stale"] is True  # easy plays otherwise now
    strength.cache_path(args).write_text(json.dumps({k: v for k, v in kept.items() if k != "levels"}))
    monkeypatch.setitem(levels.LEVELS, "easy", as_set)
    data = strength.simulate(args)
    assert data is not None and data["stale"] is True  # a run that kept no settings cannot be vouched for
