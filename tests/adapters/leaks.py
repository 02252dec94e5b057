"""The changes of ``tests/core/test_determinize_leaks.py`` to what seat p cannot know (another seed and
generator, other hidden cards and bag orders), for the adapters' leak tests: ``PERTURB[game_id](position
JSON, p, random.Random)`` gives the JSON of a true state that p cannot tell from the first."""

from __future__ import annotations

import importlib.util
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

Perturb = Callable[[dict[str, Any], int, random.Random], dict[str, Any]]


def _load() -> ModuleType:
    """tests/core/test_determinize_leaks.py, loaded by path: tests/core is no package."""
    path = Path(__file__).resolve().parents[1] / "core" / "test_determinize_leaks.py"
    spec = importlib.util.spec_from_file_location("_hanpan_determinize_leaks", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_LEAKS = _load()
PERTURB: dict[str, Perturb] = {
    "harmonies": _LEAKS.perturb_harmonies,
    "spirits_of_the_wild": _LEAKS.perturb_spirits,
    "four_gardens": _LEAKS.perturb_gardens,
}
