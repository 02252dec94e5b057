"""One source, two engines: the compiled modules and the same sources interpreted play the same games.

The fingerprint (``engine_fingerprint.py``) is taken here, with whatever engine this process runs (compiled
after ``make``), and in a subprocess with ``HANPAN_PURE=1`` (interpreted); every setup's hash must match.
Where ``HANPAN_EXPECT_COMPILED=1`` (CI sets it: its machine has a C compiler) the compiled engine must be the
one in use here, or the comparison would be pure against pure.
"""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hanpan._native import compiled, engine

HERE = Path(__file__).resolve().parent


def load_fingerprint():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("engine_fingerprint", HERE / "engine_fingerprint.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pure_fingerprint() -> dict[str, object]:
    run = subprocess.run([sys.executable, str(HERE / "engine_fingerprint.py")], capture_output=True, text=True,
                         env={**os.environ, "HANPAN_PURE": "1"}, timeout=900, check=True)
    result: dict[str, object] = json.loads(run.stdout)
    return result


def test_the_compiled_engine_is_in_use_where_expected() -> None:
    if os.environ.get("HANPAN_EXPECT_COMPILED") != "1":
        pytest.skip("HANPAN_EXPECT_COMPILED=1 is not set: a checkout may run without a build")
    assert compiled(), f"make builds the compiled engine before the tests, but the engine is {engine()}"


def test_compiled_and_pure_engines_play_the_same_games() -> None:
    if not compiled():
        pytest.skip(f"nothing to compare: this process runs {engine()}")
    here = load_fingerprint().fingerprint()
    there = pure_fingerprint()
    assert here["engine"] == "compiled (mypyc)" and there["engine"] == "pure Python (HANPAN_PURE=1)"
    differ = [setup for setup in here["games"] if here["games"][setup] != there["games"][setup]]  # type: ignore[index]
    assert not differ, f"the engines play these setups differently: {differ}"
    assert len(here["games"]) == len(load_fingerprint().SETUPS)
