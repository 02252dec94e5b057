"""The Makefile's set-up: a Python too old is refused at once, and a .venv made by one is made again.

Run with stand-in interpreters (small shell scripts), so nothing is installed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None or shutil.which("sh") is None,
                                reason="needs make and sh")

#: answers the version check with its version, makes a venv holding a copy of itself, does the rest
FAKE = """#!/bin/sh
case "$1" in
  --version) echo "Python {version}" ;;
  -c) [ {ok} = 1 ] ;;
  -m) if [ "$2" = venv ]; then mkdir -p "$3/bin" && cp "$0" "$3/bin/python"; fi ;;
esac
"""


def fake_python(folder: Path, version: str) -> Path:
    path = folder / f"python{version}"
    path.write_text(FAKE.format(version=version, ok=int(tuple(map(int, version.split(".")[:2])) >= (3, 11))))
    path.chmod(0o755)
    return path


@pytest.fixture
def project(tmp_path: Path) -> Path:
    shutil.copy(ROOT / "Makefile", tmp_path)
    shutil.copy(ROOT / "pyproject.toml", tmp_path)
    return tmp_path


def make(project: Path, python: Path, goal: str = "play") -> subprocess.CompletedProcess[str]:
    return subprocess.run(["make", goal, f"PYTHON={python}"], cwd=project, capture_output=True, text=True,
                          timeout=60)


def test_an_old_python_is_refused_with_one_clear_message_before_anything_is_made(project: Path) -> None:
    run = make(project, fake_python(project, "3.10.13"))
    assert run.returncode != 0
    assert "hanpan needs Python 3.11 or newer" in run.stderr and "is Python 3.10.13" in run.stderr
    assert "make play PYTHON=python3.11" in run.stderr
    assert not (project / ".venv").exists()


def test_a_venv_made_by_an_old_python_is_made_again(project: Path) -> None:
    old = fake_python(project, "3.10.13")
    (project / ".venv" / "bin").mkdir(parents=True)
    shutil.copy(old, project / ".venv" / "bin" / "python")  # what a failed 'make play PYTHON=python3.10' left
    run = make(project, fake_python(project, "3.11.7"), ".venv/.installed")
    assert run.returncode == 0, run.stderr
    assert ".venv was made by another Python (Python 3.10.13): making it again" in run.stdout
    assert "3.11.7" in (project / ".venv" / "bin" / "python").read_text()
    assert (project / ".venv" / ".installed").exists()
