"""Which engine runs: the modules compiled by mypyc at install time, or the same ``.py`` files interpreted.

The compiled modules are extension files (``state.cpython-311-x86_64-linux-gnu.so``) beside their ``.py``
sources, and Python prefers an extension to a source.  With ``HANPAN_PURE=1`` in the environment when hanpan
is first imported, :func:`install_pure_finder` puts a finder first on ``sys.meta_path`` that finds hanpan's
modules among the sources only, so the same code runs interpreted (to compare, to debug, to profile).

This module must stay interpreted: it decides what the others are.
"""

from __future__ import annotations

import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import (
    BYTECODE_SUFFIXES,
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
    SourcelessFileLoader,
)
from types import ModuleType


class _SourcesOnly(MetaPathFinder):
    """Finds ``hanpan.*`` modules as ``.py`` (or ``.pyc``) files only, never as compiled extensions."""

    _details = ((SourceFileLoader, SOURCE_SUFFIXES), (SourcelessFileLoader, BYTECODE_SUFFIXES))

    def find_spec(self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
                  ) -> ModuleSpec | None:
        if not fullname.startswith("hanpan.") or path is None:
            return None  # not ours (the package itself is found as usual: its __init__.py is never compiled)
        for entry in path:
            spec = FileFinder(entry, *self._details).find_spec(fullname, target)
            if spec is not None:
                return spec
        return None


def install_pure_finder() -> None:
    """Make every hanpan module imported from now on load from its ``.py`` source."""
    if not any(isinstance(f, _SourcesOnly) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourcesOnly())


def stale_extensions(package_dir: str) -> list[str]:
    """In a source checkout built in place (``pip install -e .``): the compiled modules whose ``.py`` was
    changed after they were built (an edit, a ``git checkout``).  Python would still load the old build."""
    if not os.path.exists(os.path.join(package_dir, "..", "..", "setup.py")):
        return []  # an installed wheel: its files' times say nothing
    stale = []
    for folder, _, files in os.walk(package_dir):
        for name in files:
            stem, _, suffix = name.partition(".")
            if "." + suffix in EXTENSION_SUFFIXES:
                source = os.path.join(folder, stem + ".py")
                if os.path.exists(source) and os.path.getmtime(source) > os.path.getmtime(os.path.join(folder, name)):
                    stale.append(os.path.relpath(source, package_dir))
    return stale


#: why the engine runs interpreted, when it does (read by :func:`engine`)
_pure_because: str | None = None


def choose_engine(package_dir: str) -> None:
    """Interpreted if ``HANPAN_PURE=1`` or if the build is stale; else whatever Python finds (compiled)."""
    global _pure_because
    if os.environ.get("HANPAN_PURE") == "1":
        _pure_because = "HANPAN_PURE=1"
        install_pure_finder()
        return
    stale = stale_extensions(package_dir)
    if stale:
        _pure_because = f"the compiled modules are older than {sorted(stale)[0]}: run make to build them again"
        warnings.warn(f"hanpan: the compiled modules are older than {', '.join(sorted(stale)[:3])}"
                      f"{' …' if len(stale) > 3 else ''}; running the pure-Python engine until they are built "
                      "again (make, or pip install -e .)", RuntimeWarning, stacklevel=2)
        install_pure_finder()


def compiled() -> bool:
    """True when the engine's modules run compiled (``hanpan.core.compiled`` is built with all of them)."""
    from hanpan.core.compiled import COMPILED

    return COMPILED


def engine() -> str:
    """Which engine runs, in a few words, for ``hanpan --version`` and ``hanpan bench``.

    >>> engine().startswith(("compiled (mypyc)", "pure Python ("))
    True
    """
    if compiled():
        return "compiled (mypyc)"
    return f"pure Python ({_pure_because or 'not compiled: run make, or pip install with a C compiler'})"


choose_engine(os.path.dirname(os.path.abspath(__file__)))  # on import: hanpan/__init__ imports this module first
