"""Doctests of modules compiled by mypyc run only where those modules run interpreted.

A compiled module keeps no docstrings and is not the ``.py`` file pytest would collect (an "import file
mismatch"), so its doctests are skipped here and run in the pure-Python run (``HANPAN_PURE=1``, as in CI).
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or os.environ.get("HANPAN_PURE") == "1":
        return None
    if any(collection_path.with_name(collection_path.stem + suffix).exists() for suffix in EXTENSION_SUFFIXES):
        return True
    return None
