"""Every terminal test keeps its saved games in a folder of its own, never in the user's data folder."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path_factory.mktemp("hanpan-data")
    monkeypatch.setenv("HANPAN_DATA_DIR", str(path))
    return path
