"""Which engine runs: HANPAN_PURE=1 loads the sources, a stale build is never run, and the CLI says which."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import hanpan
from hanpan._native import engine, stale_extensions
from hanpan.agents.levels import LEVELS_VERSION

ROOT = Path(__file__).resolve().parents[2]


def run_python(code: str, **env: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          env={**os.environ, **env}, timeout=120).stdout.strip()


def test_hanpan_pure_loads_every_module_from_its_source() -> None:
    out = run_python("import sys, hanpan.games.harmonies.state, hanpan.core.rng\n"
                     "from hanpan._native import engine\n"
                     "print(sys.modules['hanpan.games.harmonies.state'].__file__, "
                     "sys.modules['hanpan.core.rng'].__file__, engine(), sep='|')",
                     HANPAN_PURE="1")
    state_file, rng_file, which = out.split("|")
    assert state_file.endswith("state.py") and rng_file.endswith("rng.py")
    assert which == "pure Python (HANPAN_PURE=1)"


def test_a_module_changed_after_its_build_is_stale(tmp_path: Path) -> None:
    (tmp_path / "setup.py").write_text("")  # a source checkout
    package = tmp_path / "src" / "hanpan"
    (package / "games").mkdir(parents=True)
    built = package / "games" / f"state{EXTENSION_SUFFIXES[0]}"
    fresh = package / f"rng{EXTENSION_SUFFIXES[0]}"
    for path in (package / "games" / "state.py", built, package / "rng.py", fresh):
        path.write_text("")
    old = time.time() - 100
    os.utime(built, (old, old))  # state.py was edited after the build
    assert stale_extensions(str(package)) == [os.path.join("games", "state.py")]


def test_an_installed_package_is_never_called_stale(tmp_path: Path) -> None:
    package = tmp_path / "site-packages" / "hanpan"
    package.mkdir(parents=True)
    (package / f"rng{EXTENSION_SUFFIXES[0]}").write_text("")
    (package / "rng.py").write_text("")
    assert stale_extensions(str(package)) == []  # no setup.py two levels up: wheel files' times mean nothing


def test_version_and_bench_say_which_engine_runs() -> None:
    version, levels, *models = run_python("from hanpan.cli.main import main; main(['--version'])").splitlines()
    assert version.startswith(f"hanpan {hanpan.__version__}, ") and version.endswith(f"engine {engine()}")
    assert levels == f"levels: {LEVELS_VERSION}" and LEVELS_VERSION.startswith("hanpan-levels/")
    assert models == [f"models: {', '.join(m for g in hanpan.all_games() for m in g.models())}"]
    assert "harmonies-value-1p-A/" in models[0]  # the packaged models name their versions
    pure = run_python("from hanpan.cli.main import main; main(['--version'])", HANPAN_PURE="1")
    assert pure.splitlines()[0].endswith("engine pure Python (HANPAN_PURE=1)")
    bench = json.loads(run_python(
        "from hanpan.cli.main import main; "
        "main(['bench', 'spirits_of_the_wild', '--seconds', '0.05', '--runs', '1', '--json'])", HANPAN_PURE="1"))
    assert bench["engine"] == "pure Python (HANPAN_PURE=1)" and bench["games"] >= 1


def test_the_makefile_rebuilds_exactly_the_modules_setup_py_compiles() -> None:
    setup = (ROOT / "setup.py").read_text()
    listed = [line.strip().strip('",') for line in setup[setup.index("HOT = ["):].splitlines()[1:]
              if line.strip().startswith('"src/')]
    made = subprocess.run(["make", "-s", "--no-print-directory", "--eval", "print-hot: ; @echo $(HOT)", "print-hot"],
                          cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    assert made == listed and len(listed) >= 20
