"""benchmarks/strength.py keeps a run while its game plays the same with that many players."""

from __future__ import annotations

import dataclasses
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
