"""Compile the engines' hot modules with mypyc when the package is built (``pip install``, ``make``).

The same ``.py`` files ship either way: with a C compiler the build adds an extension module beside each
listed one (Python then loads it instead of the source) and a shared ``*__mypyc`` helper; without one, or
with ``HANPAN_PURE=1`` set at build time, nothing is compiled and hanpan runs interpreted.  ``HANPAN_PURE=1``
at run time also makes an installed compiled hanpan load its sources (see ``hanpan._native``).
"""

from __future__ import annotations

import os
import sys

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: the modules compiled: the rules' hot paths (state, board, scoring, tables), the heuristics, the agents'
#: inner loops, what they read constantly (rng, action, contract, the data tables), and the observation
#: encoders (the research adapters' hot path)
HOT = [
    "src/hanpan/core/compiled.py",
    "src/hanpan/core/bits.py",
    "src/hanpan/core/rng.py",
    "src/hanpan/core/action.py",
    "src/hanpan/core/contract.py",
    "src/hanpan/core/options.py",
    "src/hanpan/core/encoding.py",
    "src/hanpan/games/harmonies/actions.py",
    "src/hanpan/games/harmonies/board.py",
    "src/hanpan/games/harmonies/cards.py",
    "src/hanpan/games/harmonies/cardset.py",
    "src/hanpan/games/harmonies/data.py",
    "src/hanpan/games/harmonies/encoding.py",
    "src/hanpan/games/harmonies/habitats.py",
    "src/hanpan/games/harmonies/heuristic.py",
    "src/hanpan/games/harmonies/outlook.py",
    "src/hanpan/games/harmonies/afterstate.py",
    "src/hanpan/games/harmonies/plans.py",
    "src/hanpan/games/harmonies/scoring.py",
    "src/hanpan/games/harmonies/state.py",
    "src/hanpan/games/harmonies/tables.py",
    "src/hanpan/games/harmonies/turn.py",
    "src/hanpan/games/harmonies/views.py",
    "src/hanpan/games/spirits_of_the_wild/actions.py",
    "src/hanpan/games/spirits_of_the_wild/data.py",
    "src/hanpan/games/spirits_of_the_wild/encoding.py",
    "src/hanpan/games/spirits_of_the_wild/state.py",
    "src/hanpan/games/four_gardens/actions.py",
    "src/hanpan/games/four_gardens/completion.py",
    "src/hanpan/games/four_gardens/data.py",
    "src/hanpan/games/four_gardens/deck.py",
    "src/hanpan/games/four_gardens/encoding.py",
    "src/hanpan/games/four_gardens/heuristic.py",
    "src/hanpan/games/four_gardens/knowledge.py",
    "src/hanpan/games/four_gardens/layout.py",
    "src/hanpan/games/four_gardens/legal.py",
    "src/hanpan/games/four_gardens/scoring.py",
    "src/hanpan/games/four_gardens/state.py",
    "src/hanpan/games/four_gardens/tower.py",
    "src/hanpan/games/four_gardens/turns.py",
    "src/hanpan/games/four_gardens/weights.py",
    "src/hanpan/games/four_gardens/whims.py",
    "src/hanpan/agents/base.py",
    "src/hanpan/agents/simple.py",
    "src/hanpan/agents/rollout.py",
    "src/hanpan/agents/plans.py",
    "src/hanpan/agents/mcts.py",
]


class OptionalBuildExt(build_ext):
    """All or nothing: if any module fails to compile (no compiler, no Python headers), none is kept."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # CompileError, LinkError, a missing compiler: hanpan still works
            for path in self.get_outputs():
                if os.path.exists(path):
                    os.remove(path)
            print(f"hanpan: the engine could not be compiled ({type(error).__name__}, the compiler's output is above); "
                  "the pure-Python engine will run: the same results, slower", file=sys.stderr)
            return
        if self.inplace:
            # Newer than the sources even when an edit changed no C (a comment): hanpan._native runs the
            # sources instead of modules older than them.
            for ext in self.extensions:
                path = self.get_ext_fullpath(ext.name)
                if os.path.exists(path):
                    os.utime(path)


def extensions() -> list:
    if os.environ.get("HANPAN_PURE") == "1":
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:  # built without build isolation and without mypy
        print("hanpan: mypyc is not installed; the pure-Python engine will run", file=sys.stderr)
        return []
    modules = mypycify(["--config-file=pyproject.toml", *HOT], opt_level="3", group_name="hanpan")
    for module in modules:
        # hanpan.core.rng's machine words wrap around modulo 2**64 on purpose; C leaves a signed overflow
        # undefined unless told otherwise (the modules may share one list of flags)
        if "-fwrapv" not in module.extra_compile_args:
            module.extra_compile_args.append("-fwrapv")
    return modules


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
